//! Python's `%` operator (`fmt % tuple(row)`), which `savetxt` and `tofile` apply to NumPy
//! scalars: conversions `d i u o x X e E f F g G c s r a %`, flags `#0- +`, width,
//! precision, and the length modifiers `h l L` (ignored, as Python ignores them).

use array_runtime::DTypeId;

use super::number::Scalar;

/// Why formatting failed, as Python reports it.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum FormatError {
    /// Python's `TypeError`: the values do not fit the format (too many or too few, or a
    /// conversion of the wrong kind).
    Mismatch(String),
    /// Python's `ValueError`/`OverflowError`: a bad format string, or a value the conversion
    /// cannot take (`%d` of NaN).
    Value(String),
}

/// One conversion of a format string.
#[derive(Clone, Debug, PartialEq)]
struct Spec {
    left: bool,
    zero: bool,
    plus: bool,
    space: bool,
    alt: bool,
    width: usize,
    precision: Option<usize>,
    conv: char,
}

#[derive(Clone, Debug, PartialEq)]
enum Piece {
    Text(String),
    Spec(Spec),
    /// Something Python refuses when it reaches it: `*` or a mapping key (a `TypeError`
    /// for a tuple of NumPy scalars), or a bad format (`ValueError`).
    Refused(FormatError),
}

/// A parsed format string.
#[derive(Clone, Debug)]
pub(crate) struct Template {
    pieces: Vec<Piece>,
}

/// The most a width or precision may be (Python's own limit is the size of memory).
const MAX_FIELD: usize = 1 << 20;

impl Template {
    /// Parses `fmt`; errors are kept in place and reported when formatting reaches them,
    /// in the order Python would meet them.
    pub(crate) fn parse(fmt: &str) -> Template {
        let mut pieces = Vec::new();
        let mut text = String::new();
        let chars: Vec<(usize, char)> = fmt.char_indices().collect();
        let mut i = 0;
        while i < chars.len() {
            let (_, c) = chars[i];
            i += 1;
            if c != '%' {
                text.push(c);
                continue;
            }
            let mut spec = Spec {
                left: false,
                zero: false,
                plus: false,
                space: false,
                alt: false,
                width: 0,
                precision: None,
                conv: ' ',
            };
            let next = |i: usize| chars.get(i).map(|&(_, c)| c);
            if next(i) == Some('(') {
                pieces.push(Piece::Text(std::mem::take(&mut text)));
                pieces.push(Piece::Refused(FormatError::Mismatch(
                    "format requires a mapping".into(),
                )));
                return Template { pieces };
            }
            while let Some(f) = next(i) {
                match f {
                    '-' => spec.left = true,
                    '0' => spec.zero = true,
                    '+' => spec.plus = true,
                    ' ' => spec.space = true,
                    '#' => spec.alt = true,
                    _ => break,
                }
                i += 1;
            }
            let mut star = false;
            let mut number = |i: &mut usize| -> Option<usize> {
                if next(*i) == Some('*') {
                    star = true;
                    *i += 1;
                    return Some(0);
                }
                let mut v: usize = 0;
                while let Some(d) = next(*i).and_then(|c| c.to_digit(10)) {
                    v = v.saturating_mul(10).saturating_add(d as usize);
                    *i += 1;
                }
                (v <= MAX_FIELD).then_some(v)
            };
            let Some(width) = number(&mut i) else {
                pieces.push(Piece::Text(std::mem::take(&mut text)));
                pieces.push(Piece::Refused(FormatError::Value("width too big".into())));
                return Template { pieces };
            };
            spec.width = width;
            if next(i) == Some('.') {
                i += 1;
                let Some(p) = number(&mut i) else {
                    pieces.push(Piece::Text(std::mem::take(&mut text)));
                    pieces.push(Piece::Refused(FormatError::Value(
                        "precision too big".into(),
                    )));
                    return Template { pieces };
                };
                spec.precision = Some(p);
            }
            while matches!(next(i), Some('h' | 'l' | 'L')) {
                i += 1;
            }
            let Some(&(at, conv)) = chars.get(i) else {
                pieces.push(Piece::Text(std::mem::take(&mut text)));
                pieces.push(Piece::Refused(FormatError::Value(
                    "incomplete format".into(),
                )));
                return Template { pieces };
            };
            i += 1;
            if star {
                // `*` takes the width from the values: never a number, among NumPy scalars
                // handed out one per conversion, that Python accepts as a tuple item here.
                pieces.push(Piece::Text(std::mem::take(&mut text)));
                pieces.push(Piece::Refused(FormatError::Mismatch("* wants int".into())));
                return Template { pieces };
            }
            let plain = !(spec.left || spec.zero || spec.plus || spec.space || spec.alt)
                && width == 0
                && spec.precision.is_none();
            if conv == '%' && plain {
                text.push('%');
                continue;
            }
            if !"diuoxXeEfFgGcsra".contains(conv) {
                pieces.push(Piece::Text(std::mem::take(&mut text)));
                pieces.push(Piece::Refused(FormatError::Value(format!(
                    "unsupported format character '{conv}' ({:#x}) at index {}",
                    conv as u32,
                    fmt[..at].chars().count()
                ))));
                return Template { pieces };
            }
            spec.conv = conv;
            pieces.push(Piece::Text(std::mem::take(&mut text)));
            pieces.push(Piece::Spec(spec));
        }
        pieces.push(Piece::Text(text));
        pieces.retain(|p| !matches!(p, Piece::Text(t) if t.is_empty()));
        Template { pieces }
    }

    /// Appends `fmt % tuple(args)` to `out`. `id` is the dtype of the NumPy scalars (for
    /// `%r`: `np.float32(1.5)`), or `None` for Python's own scalars (`tofile` formats
    /// `a.item()`, whose `repr` is its `str`).
    pub(crate) fn render(
        &self,
        args: &[Scalar],
        id: Option<DTypeId>,
        out: &mut String,
    ) -> Result<(), FormatError> {
        let mut next = args.iter();
        for piece in &self.pieces {
            match piece {
                Piece::Text(t) => out.push_str(t),
                Piece::Refused(e) => return Err(e.clone()),
                Piece::Spec(spec) => {
                    let Some(&v) = next.next() else {
                        return Err(FormatError::Mismatch(
                            "not enough arguments for format string".into(),
                        ));
                    };
                    format_one(spec, v, id, out)?;
                }
            }
        }
        if next.next().is_some() {
            return Err(FormatError::Mismatch(
                "not all arguments converted during string formatting".into(),
            ));
        }
        Ok(())
    }
}

/// Python's name of the scalar's type, for messages.
fn type_name(v: Scalar) -> &'static str {
    match v {
        Scalar::Bool(_) => "numpy.bool",
        Scalar::Int(_) | Scalar::UInt(_) => "int",
        Scalar::Float(..) => "numpy.float64",
        Scalar::Complex(..) => "complex",
    }
}

/// The value as an integer for `%d` (Python's `int()`): decimal digits without sign, and
/// whether it is negative.
fn int_digits(v: Scalar) -> Result<(bool, String), FormatError> {
    Ok(match v {
        Scalar::Bool(b) => (false, u8::from(b).to_string()),
        Scalar::Int(x) => (x < 0, x.unsigned_abs().to_string()),
        Scalar::UInt(x) => (false, x.to_string()),
        Scalar::Float(x, _) => {
            if x.is_nan() {
                return Err(FormatError::Value(
                    "cannot convert float NaN to integer".into(),
                ));
            }
            if x.is_infinite() {
                return Err(FormatError::Value(
                    "cannot convert float infinity to integer".into(),
                ));
            }
            let t = x.trunc();
            // `{:.0}` prints a float's exact integer value, as Python's int() holds it.
            (t < 0.0, format!("{:.0}", t.abs()))
        }
        Scalar::Complex(..) => {
            return Err(FormatError::Mismatch(
                "%d format: a real number is required, not complex".into(),
            ))
        }
    })
}

/// The value as a float for `%e %f %g` (Python's `float()`).
fn as_float(v: Scalar, conv: char) -> Result<f64, FormatError> {
    Ok(match v {
        Scalar::Bool(b) => f64::from(u8::from(b)),
        Scalar::Int(x) => x as f64,
        Scalar::UInt(x) => x as f64,
        Scalar::Float(x, _) => x,
        Scalar::Complex(..) => {
            return Err(FormatError::Mismatch(format!(
                "%{conv} format: must be real number, not complex"
            )))
        }
    })
}

/// Pads `body` (already signed/prefixed: `sign`, `prefix`, `digits`) to the spec's width.
fn pad(spec: &Spec, sign: &str, prefix: &str, digits: &str, numeric: bool, out: &mut String) {
    let len = sign.chars().count() + prefix.len() + digits.chars().count();
    let fill = spec.width.saturating_sub(len);
    if spec.left {
        out.push_str(sign);
        out.push_str(prefix);
        out.push_str(digits);
        out.extend(std::iter::repeat_n(' ', fill));
    } else if spec.zero && numeric {
        out.push_str(sign);
        out.push_str(prefix);
        out.extend(std::iter::repeat_n('0', fill));
        out.push_str(digits);
    } else {
        out.extend(std::iter::repeat_n(' ', fill));
        out.push_str(sign);
        out.push_str(prefix);
        out.push_str(digits);
    }
}

fn sign_of(spec: &Spec, negative: bool) -> &'static str {
    if negative {
        "-"
    } else if spec.plus {
        "+"
    } else if spec.space {
        " "
    } else {
        ""
    }
}

fn format_one(
    spec: &Spec,
    v: Scalar,
    id: Option<DTypeId>,
    out: &mut String,
) -> Result<(), FormatError> {
    match spec.conv {
        'd' | 'i' | 'u' => {
            let (neg, mut digits) = int_digits(v)?;
            if let Some(p) = spec.precision
                && digits.len() < p
            {
                digits.insert_str(0, &"0".repeat(p - digits.len()));
            }
            pad(spec, sign_of(spec, neg), "", &digits, true, out);
        }
        'o' | 'x' | 'X' => {
            let (neg, magnitude) = match v {
                Scalar::Int(x) => (x < 0, x.unsigned_abs()),
                Scalar::UInt(x) => (false, x),
                other => {
                    return Err(FormatError::Mismatch(format!(
                        "%{} format: an integer is required, not {}",
                        spec.conv,
                        type_name(other)
                    )))
                }
            };
            let mut digits = match spec.conv {
                'o' => format!("{magnitude:o}"),
                'x' => format!("{magnitude:x}"),
                _ => format!("{magnitude:X}"),
            };
            if let Some(p) = spec.precision
                && digits.len() < p
            {
                digits.insert_str(0, &"0".repeat(p - digits.len()));
            }
            let prefix = match (spec.alt, spec.conv) {
                (false, _) => "",
                (true, 'o') => "0o",
                (true, 'x') => "0x",
                (true, _) => "0X",
            };
            pad(spec, sign_of(spec, neg), prefix, &digits, true, out);
        }
        'e' | 'E' | 'f' | 'F' | 'g' | 'G' => {
            let x = as_float(v, spec.conv)?;
            let upper = spec.conv.is_ascii_uppercase();
            let body = if x.is_nan() {
                "nan".to_owned()
            } else if x.is_infinite() {
                "inf".to_owned()
            } else {
                float_body(x.abs(), spec)
            };
            let body = if upper {
                body.to_ascii_uppercase()
            } else {
                body
            };
            pad(
                spec,
                sign_of(spec, x.is_sign_negative() && !x.is_nan()),
                "",
                &body,
                true,
                out,
            );
        }
        'c' => {
            let code = match v {
                Scalar::Int(x) => u32::try_from(x).ok(),
                Scalar::UInt(x) => u32::try_from(x).ok(),
                _ => {
                    return Err(FormatError::Mismatch("%c requires int or char".into()));
                }
            };
            let c = code
                .and_then(char::from_u32)
                .ok_or_else(|| FormatError::Value("%c arg not in range(0x110000)".into()))?;
            pad(spec, "", "", &c.to_string(), false, out);
        }
        _ => {
            let s = match id {
                Some(id) if spec.conv != 's' => v.repr(id),
                _ => v.str(),
            };
            let s: String = match spec.precision {
                Some(p) => s.chars().take(p).collect(),
                None => s,
            };
            pad(spec, "", "", &s, false, out);
        }
    }
    Ok(())
}

/// Python's digits of a finite, non-negative float for `%e`, `%f`, `%g`.
fn float_body(x: f64, spec: &Spec) -> String {
    let p = spec.precision.unwrap_or(6);
    match spec.conv.to_ascii_lowercase() {
        'e' => exp_form(x, p, spec.alt),
        'f' => {
            let mut s = format!("{x:.p$}");
            if spec.alt && p == 0 {
                s.push('.');
            }
            s
        }
        _ => {
            let p = p.max(1);
            // The exponent of x rounded to p significant digits decides the form.
            let q = p - 1;
            let rounded = format!("{x:.q$e}");
            let exp: i64 = rounded
                .split_once('e')
                .and_then(|(_, e)| e.parse().ok())
                .unwrap_or(0);
            let mut s = if exp < -4 || exp >= p as i64 {
                exp_form(x, p - 1, spec.alt)
            } else {
                let decimals = (p as i64 - 1 - exp) as usize;
                let mut s = format!("{x:.decimals$}");
                if spec.alt && decimals == 0 {
                    s.push('.');
                }
                s
            };
            if !spec.alt {
                // Trailing zeros of the fraction go (in the mantissa of an exponent form too).
                let (mantissa, tail) = match s.find('e') {
                    Some(k) => (s[..k].to_owned(), s[k..].to_owned()),
                    None => (s.clone(), String::new()),
                };
                if mantissa.contains('.') {
                    let m = mantissa.trim_end_matches('0').trim_end_matches('.');
                    s = format!("{m}{tail}");
                }
            }
            s
        }
    }
}

/// `d.ddde+XX`: `p` digits after the point, an exponent of at least two digits.
fn exp_form(x: f64, p: usize, alt: bool) -> String {
    let s = format!("{x:.p$e}");
    let (mantissa, exp) = s.split_once('e').unwrap_or((&s, "0"));
    let exp: i64 = exp.parse().unwrap_or(0);
    let dot = if alt && p == 0 { "." } else { "" };
    let esign = if exp < 0 { '-' } else { '+' };
    format!("{mantissa}{dot}e{esign}{:02}", exp.unsigned_abs())
}

/// The number of `%` characters in `fmt`, as NumPy's `savetxt` counts conversions (a `%%`
/// counts twice).
pub(crate) fn percent_count(fmt: &str) -> usize {
    fmt.matches('%').count()
}
