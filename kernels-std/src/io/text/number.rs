//! One number as text, both ways: the parsers of NumPy's text readers (each reader has its
//! own rules, see [`Flavor`]) and NumPy's `str`/`repr` of a scalar.

use array_runtime::{c128, f16, DType, DTypeId};

/// The dtype's NumPy name (`float64`, `int8`, `complex128`), as NumPy's messages spell it.
pub(crate) fn numpy_name(id: DTypeId) -> &'static str {
    match id {
        DTypeId::Bool => "bool",
        DTypeId::I8 => "int8",
        DTypeId::I16 => "int16",
        DTypeId::I32 => "int32",
        DTypeId::I64 => "int64",
        DTypeId::U8 => "uint8",
        DTypeId::U16 => "uint16",
        DTypeId::U32 => "uint32",
        DTypeId::U64 => "uint64",
        DTypeId::F16 => "float16",
        DTypeId::F32 => "float32",
        DTypeId::F64 => "float64",
        DTypeId::C64 => "complex64",
        DTypeId::C128 => "complex128",
        other => other.name(),
    }
}

/// The range of an integer dtype, as `i128` (every integer dtype fits).
fn int_range(id: DTypeId) -> (i128, i128) {
    match id {
        DTypeId::I8 => (i8::MIN.into(), i8::MAX.into()),
        DTypeId::I16 => (i16::MIN.into(), i16::MAX.into()),
        DTypeId::I32 => (i32::MIN.into(), i32::MAX.into()),
        DTypeId::I64 => (i64::MIN.into(), i64::MAX.into()),
        DTypeId::U8 => (0, u8::MAX.into()),
        DTypeId::U16 => (0, u16::MAX.into()),
        DTypeId::U32 => (0, u32::MAX.into()),
        _ => (0, u64::MAX.into()),
    }
}

/// An integer known to lie in the range of `T` (or any integer, for `bool`), as `T`.
fn from_int<T: DType>(v: i128) -> T {
    if v >= 0 {
        (v as u64).cast::<T>()
    } else {
        (v as i64).cast::<T>()
    }
}

/// Python's `str.isspace` for the characters text files hold (Unicode white space, which
/// also covers `\x0b`, `\x0c` and the no-break space).
pub(crate) fn is_space(c: char) -> bool {
    c.is_whitespace() || ('\x1c'..='\x1f').contains(&c)
}

fn trim(s: &str) -> &str {
    s.trim_matches(is_space)
}

/// Whose rules a text value is parsed by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Flavor {
    /// `loadtxt` (NumPy's C text reader): white space around the value is ignored; integers
    /// are plain decimal digits, and a value out of the dtype's range is an error; floats
    /// as Python's `float` without `_`; complex `a+bj`, `bj`, `a`, optionally in parentheses;
    /// `bool` an integer (nonzero is true).
    LoadTxt,
    /// `genfromtxt` and `fromregex` (Python's `int`, `float`, `complex`): `_` between digits
    /// allowed; `bool` is `"True"`/`"False"` in any case.
    Python,
}

/// Why a value could not be parsed.
#[derive(Debug, PartialEq)]
pub(crate) enum ParseError {
    /// Not a number of the dtype's kind.
    Invalid,
    /// An integer outside the dtype's range (the parsed value).
    OutOfRange(i128),
    /// An integer too large even for 128 bits.
    Huge,
}

/// Parses one value of dtype `T` with `flavor`'s rules.
pub(crate) fn parse<T: DType>(text: &str, flavor: Flavor) -> Result<T, ParseError> {
    let id = T::ID;
    let s = trim(text);
    match id {
        DTypeId::Bool => match flavor {
            Flavor::LoadTxt => parse_int(s, false).map(|v| (v != 0).cast::<T>()),
            Flavor::Python => match s.to_ascii_uppercase().as_str() {
                "TRUE" => Ok(true.cast::<T>()),
                "FALSE" => Ok(false.cast::<T>()),
                _ => Err(ParseError::Invalid),
            },
        },
        DTypeId::F16 | DTypeId::F32 | DTypeId::F64 | DTypeId::BF16 => {
            parse_float(s, flavor).map(|x| x.cast::<T>())
        }
        DTypeId::C64 | DTypeId::C128 => {
            let (re, im) = match flavor {
                Flavor::LoadTxt => parse_complex_c(s),
                Flavor::Python => parse_complex_py(s),
            }
            .ok_or(ParseError::Invalid)?;
            Ok(c128::new(re, im).cast::<T>())
        }
        _ => {
            let v = parse_int(s, flavor == Flavor::Python)?;
            let (lo, hi) = int_range(id);
            if v < lo || v > hi {
                return Err(ParseError::OutOfRange(v));
            }
            Ok(from_int(v))
        }
    }
}

/// Removes the `_` of Python's numeric literals, each of which must sit between two digits.
fn strip_underscores(s: &str) -> Option<String> {
    let b = s.as_bytes();
    for (i, &c) in b.iter().enumerate() {
        if c == b'_' {
            let before = i > 0 && b[i - 1].is_ascii_digit();
            let after = b.get(i + 1).is_some_and(u8::is_ascii_digit);
            if !(before && after) {
                return None;
            }
        }
    }
    Some(s.replace('_', ""))
}

/// A decimal integer: optional sign, digits (`_` between them with `underscores`).
fn parse_int(s: &str, underscores: bool) -> Result<i128, ParseError> {
    let owned;
    let s = if underscores && s.contains('_') {
        owned = strip_underscores(s).ok_or(ParseError::Invalid)?;
        owned.as_str()
    } else {
        s
    };
    let (neg, digits) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    if digits.is_empty() || !digits.bytes().all(|c| c.is_ascii_digit()) {
        return Err(ParseError::Invalid);
    }
    let mut v: i128 = 0;
    for c in digits.bytes() {
        v = v
            .checked_mul(10)
            .and_then(|v| v.checked_add(i128::from(c - b'0')))
            .ok_or(ParseError::Huge)?;
    }
    // NumPy's C reader refuses any sign on an unsigned value but accepts `-0` for signed
    // ones; Python's `int("-0")` is 0. The range check sorts out the rest.
    Ok(if neg { -v } else { v })
}

/// Whether `s` is a float literal as Python's `float` reads it (Rust's grammar is the same
/// but for `_`, which `from_str` refuses).
fn parse_float(s: &str, flavor: Flavor) -> Result<f64, ParseError> {
    let owned;
    let s = if flavor == Flavor::Python && s.contains('_') {
        owned = strip_underscores(s).ok_or(ParseError::Invalid)?;
        owned.as_str()
    } else {
        s
    };
    float_literal(s).ok_or(ParseError::Invalid)
}

/// A float literal in full (decimal, `inf`, `infinity`, `nan` in any case, with a sign).
fn float_literal(s: &str) -> Option<f64> {
    // Rust accepts exactly Python's decimal grammar; it has no hexadecimal floats either.
    if s.is_empty() || s.bytes().any(|c| c == b'_' || c.is_ascii_whitespace()) {
        return None;
    }
    s.parse::<f64>().ok()
}

/// NumPy's C reader's complex: `a`, `bj`, `a+bj`, `a-bj` (each part a float literal, the
/// imaginary one may carry its own sign after `+`), optionally the whole in parentheses.
fn parse_complex_c(s: &str) -> Option<(f64, f64)> {
    let s = match s.strip_prefix('(') {
        Some(inner) => inner.strip_suffix(')')?,
        None => s,
    };
    complex_parts(s, false)
}

/// Python's `complex(str)`: as [`parse_complex_c`], with `J` too, white space inside the
/// parentheses, `_` between digits, and a bare `j` (or `+j`, `-j`) as a unit imaginary part.
fn parse_complex_py(s: &str) -> Option<(f64, f64)> {
    let s = match s.strip_prefix('(') {
        Some(inner) => trim(inner.strip_suffix(')')?),
        None => s,
    };
    let owned;
    let s = if s.contains('_') {
        owned = strip_underscores(s)?;
        owned.as_str()
    } else {
        s
    };
    complex_parts(s, true)
}

/// Splits `re[+-]imj`, `imj` or `re`; `python` allows `J` and a unit imaginary part.
fn complex_parts(s: &str, python: bool) -> Option<(f64, f64)> {
    fn imag_suffix(t: &str, python: bool) -> Option<&str> {
        t.strip_suffix('j')
            .or_else(|| if python { t.strip_suffix('J') } else { None })
    }
    let imag_value = |t: &str| -> Option<f64> {
        if python && (t.is_empty() || t == "+" || t == "-") {
            return Some(if t == "-" { -1.0 } else { 1.0 });
        }
        float_literal(t)
    };
    let Some(body) = imag_suffix(s, python) else {
        return float_literal(s).map(|re| (re, 0.0));
    };
    // The sign that starts the imaginary part: a `+`/`-` after the first character that
    // does not follow an exponent's `e`, the rightmost one that leaves a valid real part.
    let bytes = body.as_bytes();
    let signed_imag = |rest: &str| -> Option<f64> {
        if let Some(v) = imag_value(rest) {
            return Some(v);
        }
        // NumPy's reader also takes `1+-2j`: a sign, then a float with its own sign.
        let inner = &rest[1..];
        if python || !inner.starts_with(['+', '-']) {
            return None;
        }
        let sign = if rest.starts_with('-') { -1.0 } else { 1.0 };
        float_literal(inner).map(|v| sign * v)
    };
    let mut candidates = (1..bytes.len())
        .rev()
        .filter(|&i| (bytes[i] == b'+' || bytes[i] == b'-') && !matches!(bytes[i - 1], b'e' | b'E'))
        .peekable();
    if candidates.peek().is_none() {
        return imag_value(body).map(|im| (0.0, im));
    }
    candidates.find_map(|i| {
        let re = float_literal(&body[..i])?;
        signed_imag(&body[i..]).map(|im| (re, im))
    })
}

/// How NumPy prints a float dtype's scalar: shortest digits for that dtype.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum FloatKind {
    F16,
    F32,
    F64,
}

impl FloatKind {
    fn name(self) -> &'static str {
        match self {
            FloatKind::F16 => "float16",
            FloatKind::F32 => "float32",
            FloatKind::F64 => "float64",
        }
    }
}

/// The shortest decimal digits that read back as `x` in `kind` (`x` is that dtype's value,
/// widened), and the decimal exponent of the first digit: `x = 0.d1d2... * 10^(exp + 1)`.
fn shortest_digits(x: f64, kind: FloatKind) -> (String, i32) {
    let sci = match kind {
        FloatKind::F64 => format!("{x:e}"),
        FloatKind::F32 => format!("{:e}", x as f32),
        FloatKind::F16 => {
            // The first precision whose correctly rounded digits read back as the same half.
            let want = f16::from_f64(x);
            (0..=5)
                .map(|p| format!("{x:.p$e}"))
                .find(|s| s.parse::<f64>().is_ok_and(|y| f16::from_f64(y) == want))
                .unwrap_or_else(|| format!("{x:e}"))
        }
    };
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let digits: String = mantissa
        .chars()
        .filter(char::is_ascii_digit)
        .collect::<String>()
        .trim_end_matches('0')
        .to_owned();
    let digits = if digits.is_empty() {
        "0".to_owned()
    } else {
        digits
    };
    (digits, exp.parse().unwrap_or(0))
}

/// NumPy's `str` of a float scalar: shortest round-trip digits; positional (`1.5`, `100.0`,
/// `0.0001`) for zero and `1e-4 <= |x| < 1e16` (`1e6` for `float32`, `1e3` for `float16`),
/// else scientific (`1e+20`, `1.5e-05`).
pub(crate) fn float_str(x: f64, kind: FloatKind) -> String {
    if x.is_nan() {
        return "nan".to_owned();
    }
    if x.is_infinite() {
        return if x < 0.0 { "-inf" } else { "inf" }.to_owned();
    }
    let sign = if x.is_sign_negative() { "-" } else { "" };
    let a = x.abs();
    if a == 0.0 {
        return format!("{sign}0.0");
    }
    let (digits, exp) = shortest_digits(a, kind);
    // NumPy's switch to scientific notation comes sooner for the narrower floats.
    let upper = match kind {
        FloatKind::F16 => 1e3,
        FloatKind::F32 => 1e6,
        FloatKind::F64 => 1e16,
    };
    if (1e-4..upper).contains(&a) {
        let mut s = String::from(sign);
        if exp < 0 {
            s.push_str("0.");
            s.extend(std::iter::repeat_n('0', (-exp - 1) as usize));
            s.push_str(&digits);
        } else {
            let int_len = exp as usize + 1;
            if digits.len() <= int_len {
                s.push_str(&digits);
                s.extend(std::iter::repeat_n('0', int_len - digits.len()));
                s.push_str(".0");
            } else {
                s.push_str(&digits[..int_len]);
                s.push('.');
                s.push_str(&digits[int_len..]);
            }
        }
        s
    } else {
        let (first, rest) = digits.split_at(1);
        let dot = if rest.is_empty() { "" } else { "." };
        let esign = if exp < 0 { '-' } else { '+' };
        format!("{sign}{first}{dot}{rest}e{esign}{:02}", exp.unsigned_abs())
    }
}

/// NumPy's `str` of a complex scalar: `(1+2j)`, or `2j` when the real part is +0.
pub(crate) fn complex_str(re: f64, im: f64, kind: FloatKind) -> String {
    // The parts print as floats without a `.0` for whole values, as Python's `complex`.
    let part = |x: f64| {
        let s = float_str(x, kind);
        match s.strip_suffix(".0") {
            Some(whole) => whole.to_owned(),
            None => s,
        }
    };
    let imag = part(im);
    let imag = if imag.starts_with('-') {
        imag
    } else {
        format!("+{imag}")
    };
    if re == 0.0 && re.is_sign_positive() {
        return format!("{}j", imag.trim_start_matches('+'));
    }
    format!("({}{imag}j)", part(re))
}

/// A scalar as Python's `%` operator sees a NumPy scalar.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Scalar {
    Bool(bool),
    Int(i64),
    UInt(u64),
    Float(f64, FloatKind),
    Complex(f64, f64, FloatKind),
}

impl Scalar {
    /// The scalar of one element.
    pub(crate) fn of<T: DType>(v: T) -> Scalar {
        match T::ID {
            DTypeId::Bool => Scalar::Bool(v.cast::<bool>()),
            DTypeId::I8 | DTypeId::I16 | DTypeId::I32 | DTypeId::I64 => {
                Scalar::Int(v.cast::<i64>())
            }
            DTypeId::U8 | DTypeId::U16 | DTypeId::U32 | DTypeId::U64 => {
                Scalar::UInt(v.cast::<u64>())
            }
            DTypeId::F16 => Scalar::Float(v.cast::<f64>(), FloatKind::F16),
            DTypeId::F32 => Scalar::Float(v.cast::<f64>(), FloatKind::F32),
            DTypeId::C64 => {
                let z = v.cast::<c128>();
                Scalar::Complex(z.re, z.im, FloatKind::F32)
            }
            DTypeId::C128 => {
                let z = v.cast::<c128>();
                Scalar::Complex(z.re, z.im, FloatKind::F64)
            }
            _ => Scalar::Float(v.cast::<f64>(), FloatKind::F64),
        }
    }

    /// The Python scalar of the element (`a.item()`): floats of every width become Python's
    /// `float` (printed with `float64`'s shortest digits).
    pub(crate) fn python(self) -> Scalar {
        match self {
            Scalar::Float(x, _) => Scalar::Float(x, FloatKind::F64),
            Scalar::Complex(re, im, _) => Scalar::Complex(re, im, FloatKind::F64),
            other => other,
        }
    }

    /// Pushes the scalar, a complex one as its real and imaginary parts (as `savetxt` does).
    pub(crate) fn push_parts(self, out: &mut Vec<Scalar>) {
        match self {
            Scalar::Complex(re, im, kind) => {
                out.push(Scalar::Float(re, kind));
                out.push(Scalar::Float(im, kind));
            }
            other => out.push(other),
        }
    }

    /// Python's `str()` of the NumPy scalar.
    pub(crate) fn str(self) -> String {
        match self {
            Scalar::Bool(b) => if b { "True" } else { "False" }.to_owned(),
            Scalar::Int(v) => v.to_string(),
            Scalar::UInt(v) => v.to_string(),
            Scalar::Float(x, kind) => float_str(x, kind),
            Scalar::Complex(re, im, kind) => complex_str(re, im, kind),
        }
    }

    /// Python's `repr()` of the NumPy scalar (`np.float64(1.5)`, `np.True_`).
    pub(crate) fn repr(self, id: DTypeId) -> String {
        match self {
            Scalar::Bool(b) => if b { "np.True_" } else { "np.False_" }.to_owned(),
            Scalar::Float(_, kind) => format!("np.{}({})", kind.name(), self.str()),
            Scalar::Complex(re, im, kind) => {
                let name = if kind == FloatKind::F32 {
                    "complex64"
                } else {
                    "complex128"
                };
                let s = complex_str(re, im, kind);
                let inner = s.strip_prefix('(').and_then(|s| s.strip_suffix(')'));
                format!("np.{name}({})", inner.unwrap_or(&s))
            }
            _ => format!("np.{}({})", numpy_name(id), self.str()),
        }
    }
}

/// C's `strtod`/`strtoll` as NumPy's `fromstring`/`fromfile` use them: the longest prefix of
/// `s` (after white space) that is a number of dtype `T`; returns the value and the bytes
/// consumed, or `None` when no number starts there.
pub(crate) fn scan_prefix<T: DType>(s: &str) -> Option<(T, usize)> {
    let start = s.len() - s.trim_start_matches(is_space).len();
    let body = &s[start..];
    let (value, used) = match T::ID {
        DTypeId::I8 | DTypeId::I16 | DTypeId::I32 | DTypeId::I64 => {
            let (v, n) = scan_int(body, true)?;
            // NumPy 2.4 reads any value outside the 64-bit range (either side) as i64::MAX;
            // narrower dtypes then wrap (a C cast).
            let v = i64::try_from(v).unwrap_or(i64::MAX);
            (v.cast::<T>(), n)
        }
        DTypeId::U8 | DTypeId::U16 | DTypeId::U32 | DTypeId::U64 => {
            // Digits only (NumPy refuses a sign here); too large saturates at u64::MAX.
            let (v, n) = scan_int(body, false)?;
            let v = u64::try_from(v).unwrap_or(u64::MAX);
            (v.cast::<T>(), n)
        }
        DTypeId::C64 | DTypeId::C128 => {
            let (re, n) = scan_float(body)?;
            let rest = &body[n..];
            if rest.starts_with('j') {
                (c128::new(0.0, re).cast::<T>(), n + 1)
            } else if rest.starts_with(['+', '-']) {
                match scan_float(rest) {
                    Some((im, m)) if rest[m..].starts_with('j') => {
                        (c128::new(re, im).cast::<T>(), n + m + 1)
                    }
                    _ => (c128::new(re, 0.0).cast::<T>(), n),
                }
            } else {
                (c128::new(re, 0.0).cast::<T>(), n)
            }
        }
        DTypeId::Bool => {
            let (x, n) = scan_float(body)?;
            ((x != 0.0).cast::<T>(), n)
        }
        _ => {
            let (x, n) = scan_float(body)?;
            (x.cast::<T>(), n)
        }
    };
    Some((value, start + used))
}

/// The longest prefix that is a decimal integer (with an optional sign when `signed`).
fn scan_int(s: &str, signed: bool) -> Option<(i128, usize)> {
    let b = s.as_bytes();
    let mut i = 0;
    let neg = match b.first() {
        Some(b'-') if signed => {
            i = 1;
            true
        }
        Some(b'+') if signed => {
            i = 1;
            false
        }
        _ => false,
    };
    let digits_start = i;
    let mut v: i128 = 0;
    while let Some(&c) = b.get(i) {
        if !c.is_ascii_digit() {
            break;
        }
        // Saturates: the caller maps anything past 64 bits as NumPy does.
        v = v.saturating_mul(10).saturating_add(i128::from(c - b'0'));
        i += 1;
    }
    if i == digits_start {
        return None;
    }
    Some((if neg { -v } else { v }, i))
}

/// The longest prefix that is a float: sign, digits with one `.`, an exponent when digits
/// follow its `e`; or `inf`, `infinity`, `nan` (any case, `nan(...)` too).
fn scan_float(s: &str) -> Option<(f64, usize)> {
    let b = s.as_bytes();
    let mut i = usize::from(matches!(b.first(), Some(b'+' | b'-')));
    let head = &b[i..b.len().min(i + 8)];
    for (word, value) in [
        ("infinity", f64::INFINITY),
        ("inf", f64::INFINITY),
        ("nan", f64::NAN),
    ] {
        if head.len() >= word.len() && head[..word.len()].eq_ignore_ascii_case(word.as_bytes()) {
            let mut end = i + word.len();
            if word == "nan" && b.get(end) == Some(&b'(') {
                // nan(chars): the chars are letters, digits and `_`.
                let close = b[end + 1..]
                    .iter()
                    .position(|&c| !(c.is_ascii_alphanumeric() || c == b'_'));
                if let Some(k) = close.filter(|&k| b[end + 1 + k] == b')') {
                    end += k + 2;
                }
            }
            let neg = b[0] == b'-';
            return Some((if neg { -value } else { value }, end));
        }
    }
    let mut digits = 0;
    while b.get(i).is_some_and(u8::is_ascii_digit) {
        i += 1;
        digits += 1;
    }
    if b.get(i) == Some(&b'.') {
        i += 1;
        while b.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
            digits += 1;
        }
    }
    if digits == 0 {
        return None;
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        let mut j = i + 1;
        if matches!(b.get(j), Some(b'+' | b'-')) {
            j += 1;
        }
        if b.get(j).is_some_and(u8::is_ascii_digit) {
            while b.get(j).is_some_and(u8::is_ascii_digit) {
                j += 1;
            }
            i = j;
        }
    }
    s[..i].parse::<f64>().ok().map(|x| (x, i))
}
