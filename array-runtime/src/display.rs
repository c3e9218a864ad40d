//! NumPy's printing of arrays: `{}` ([`fmt::Display`]) writes what `str(a)` gives, `{:?}`
//! ([`fmt::Debug`]) what `repr(a)` gives, with NumPy's default print options (75 columns,
//! summaries with `...` past 1000 elements keeping 3 items at each edge, 8 digits at most
//! after the point).
//!
//! ```
//! use array_runtime::{Array, Device};
//! let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![1.0f32, 2.0, 3.0, 4.0])?;
//! assert_eq!(a.to_string(), "[[1. 2.]\n [3. 4.]]");
//! assert_eq!(format!("{a:?}"), "array([[1., 2.],\n       [3., 4.]], dtype=float32)");
//! # Ok::<(), array_runtime::Error>(())
//! ```
//!
//! As NumPy does (`numpy/_core/arrayprint.py`):
//!
//! - floats get the shortest digits that read back as the same value (of their own dtype:
//!   `f16` 0.1 prints `0.1`), at most 8 after the point, and one notation per array: positional
//!   unless a nonzero magnitude is at least 1e8 or below 1e-4, or the largest is more than
//!   1000 times the smallest (those comparisons made in the array's dtype, as NumPy 2 makes
//!   them), then scientific with a common number of digits; columns are aligned on the point;
//! - integers are right-aligned to the widest; `bool` prints `True`/`False`; complex numbers
//!   print a real and an imaginary column (`1.+2.j`);
//! - `repr` names the dtype unless it is `float64`, `int64`, `complex128` or `bool`, and the
//!   shape of empty arrays (except `(0,)`) and of summarized ones;
//! - a 0-d array's `str` is its element's (`5.0`, `(1+2j)`), its `repr` `array(5.)`.
//!
//! `bf16`, which NumPy lacks, prints like `f16` with its own shortest digits and the dtype name
//! `bfloat16`. An array on a GPU is copied to the host to print (only the elements shown, when
//! summarized); a failure there (a device error, no memory) is a [`fmt::Error`].

use std::fmt;

use crate::array::Array;
use crate::cpu::host_vec;
use crate::dtype::{bf16, c128, c64, f16, DType, DTypeId};
use crate::error::Result;
use crate::shape::Layout;

/// Arrays with more elements are summarized (NumPy's `threshold`).
const THRESHOLD: usize = 1000;
/// Items kept at each edge of a summarized axis (NumPy's `edgeitems`).
const EDGE_ITEMS: usize = 3;
/// NumPy's `linewidth`.
const LINE_WIDTH: isize = 75;
/// Most digits after the point (NumPy's `precision`).
const PRECISION: usize = 8;

impl<T: DType> fmt::Display for Array<T> {
    /// NumPy's `str(a)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&array_str(self).map_err(|_| fmt::Error)?)
    }
}

impl<T: DType> fmt::Debug for Array<T> {
    /// NumPy's `repr(a)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&array_repr(self).map_err(|_| fmt::Error)?)
    }
}

/// `str(a)`.
fn array_str<T: DType>(a: &Array<T>) -> Result<String> {
    if a.ndim() == 0 {
        return Ok(scalar_str(a.item()?));
    }
    if a.is_empty() {
        return Ok("[]".into());
    }
    let shown = Shown::of(a)?;
    let words = element_strings(&shown.data, false);
    Ok(shown.layout(&words, " ", "", LINE_WIDTH))
}

/// `repr(a)`.
fn array_repr<T: DType>(a: &Array<T>) -> Result<String> {
    const PREFIX: &str = "array(";
    let body = if a.ndim() == 0 {
        element_strings(&[a.item()?], true).remove(0)
    } else if a.is_empty() {
        "[]".into()
    } else {
        let shown = Shown::of(a)?;
        let words = element_strings(&shown.data, false);
        // The closing parenthesis takes a column of the last line.
        shown.layout(&words, ", ", PREFIX, LINE_WIDTH - 1)
    };
    let mut extras = Vec::new();
    if (a.is_empty() && a.shape() != [0]) || a.len() > THRESHOLD {
        extras.push(format!("shape={}", python_tuple(a.shape())));
    }
    if !matches!(
        T::ID,
        DTypeId::F64 | DTypeId::I64 | DTypeId::C128 | DTypeId::Bool
    ) || a.is_empty()
    {
        extras.push(format!("dtype={}", numpy_name(T::ID)));
    }
    if extras.is_empty() {
        return Ok(format!("{PREFIX}{body})"));
    }
    let head = format!("{PREFIX}{body},");
    let extra = format!("{})", extras.join(", "));
    let last_line = head.len() - head.rfind('\n').map_or(0, |i| i + 1);
    let spacer = if (last_line + extra.len() + 1) as isize > LINE_WIDTH {
        format!("\n{}", " ".repeat(PREFIX.len()))
    } else {
        " ".into()
    };
    Ok(head + &spacer + &extra)
}

/// NumPy's name of a dtype (`bfloat16` is ml_dtypes').
fn numpy_name(id: DTypeId) -> &'static str {
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
        DTypeId::BF16 => "bfloat16",
        DTypeId::F32 => "float32",
        DTypeId::F64 => "float64",
        DTypeId::C64 => "complex64",
        DTypeId::C128 => "complex128",
    }
}

/// A shape as Python writes a tuple: `(2000,)`, `(0, 3)`.
fn python_tuple(shape: &[usize]) -> String {
    let items: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
    match items.len() {
        1 => format!("({},)", items[0]),
        _ => format!("({})", items.join(", ")),
    }
}

/// The elements a printout shows, on the host: all of them, or for a summarized array the
/// first and last [`EDGE_ITEMS`] along every axis longer than twice that (NumPy's
/// `_leading_trailing`), in C order of `shape`.
struct Shown<T> {
    data: Vec<T>,
    /// Extent of each axis among the shown elements.
    shape: Vec<usize>,
    /// Whether each axis is summarized (its `...` between the leading and trailing items).
    summarized: Vec<bool>,
}

impl<T: DType> Shown<T> {
    fn of(a: &Array<T>) -> Result<Self> {
        let summarize = a.len() > THRESHOLD;
        let summarized: Vec<bool> = a
            .shape()
            .iter()
            .map(|&n| summarize && n > 2 * EDGE_ITEMS)
            .collect();
        if !summarized.contains(&true) {
            return Ok(Shown {
                data: a.to_vec()?,
                shape: a.shape().to_vec(),
                summarized,
            });
        }
        let shape: Vec<usize> = a
            .shape()
            .iter()
            .zip(&summarized)
            .map(|(&n, &s)| if s { 2 * EDGE_ITEMS } else { n })
            .collect();
        // At most the array's own number of elements, so it fits.
        let mut data = host_vec::filled(shape.iter().product(), T::default())?;
        let dst_strides = crate::shape::c_strides(&shape);
        // One block per choice of the leading or trailing edge of each summarized axis, each
        // read as a view (a GPU copies only those elements).
        let axes: Vec<usize> = (0..shape.len()).filter(|&d| summarized[d]).collect();
        let mut trailing = vec![false; axes.len()];
        loop {
            let mut block = Layout {
                shape: shape.clone(),
                strides: a.strides().to_vec(),
                offset: a.layout.offset,
            };
            let mut dst_offset = 0isize;
            for (&d, &t) in axes.iter().zip(&trailing) {
                block.shape[d] = EDGE_ITEMS;
                if t {
                    let start = (a.shape()[d] - EDGE_ITEMS) as isize;
                    // In bounds of the array's storage: the view's own elements.
                    block.offset = (block.offset as isize + start * a.strides()[d]) as usize;
                    dst_offset += EDGE_ITEMS as isize * dst_strides[d];
                }
            }
            let values = Array::from_parts(a.storage.clone(), block.clone()).to_vec()?;
            scatter(&values, &block.shape, &mut data, &dst_strides, dst_offset);
            // The next choice of edges, as a binary counter.
            match trailing.iter().position(|t| !t) {
                Some(i) => {
                    trailing[..i].iter_mut().for_each(|t| *t = false);
                    trailing[i] = true;
                }
                None => break,
            }
        }
        Ok(Shown {
            data,
            shape,
            summarized,
        })
    }

    /// NumPy's `_formatArray`: the nested brackets, rows wrapped at `width` columns, later
    /// lines indented past `prefix` and the brackets.
    fn layout(&self, words: &[String], separator: &str, prefix: &str, width: isize) -> String {
        let strides = crate::shape::c_strides(&self.shape);
        let cx = Printer {
            shown: self,
            words,
            strides: &strides,
            separator,
        };
        let indent = " ".repeat(1 + prefix.len());
        cx.nest(0, 0, &indent, width)
    }
}

/// Copies `values` (C order of `shape`) into `dst` at `offset` with `strides`.
fn scatter<T: Copy>(
    values: &[T],
    shape: &[usize],
    dst: &mut [T],
    strides: &[isize],
    offset: isize,
) {
    let mut index = vec![0usize; shape.len()];
    for &v in values {
        let at: isize = offset
            + index
                .iter()
                .zip(strides)
                .map(|(&i, &s)| i as isize * s)
                .sum::<isize>();
        dst[at as usize] = v;
        for d in (0..shape.len()).rev() {
            index[d] += 1;
            if index[d] < shape[d] {
                break;
            }
            index[d] = 0;
        }
    }
}

/// What the recursion of [`Shown::layout`] reads.
struct Printer<'a, T> {
    shown: &'a Shown<T>,
    words: &'a [String],
    strides: &'a [isize],
    separator: &'a str,
}

/// An item of one axis: an index among the shown elements, or the `...` of a summary.
enum Item {
    At(usize),
    Summary,
}

impl<T> Printer<'_, T> {
    /// The items of `axis` in order.
    fn items(&self, axis: usize) -> Vec<Item> {
        let n = self.shown.shape[axis];
        if self.shown.summarized[axis] {
            let mut v: Vec<Item> = (0..EDGE_ITEMS).map(Item::At).collect();
            v.push(Item::Summary);
            v.extend((EDGE_ITEMS..n).map(Item::At));
            v
        } else {
            (0..n).map(Item::At).collect()
        }
    }

    /// The text of the sub-array at `offset` whose first axis is `axis`.
    /// `width` may fall below zero in deep arrays (as in NumPy: every element then starts a
    /// line).
    fn nest(&self, axis: usize, offset: usize, indent: &str, width: isize) -> String {
        let ndim = self.shown.shape.len();
        if axis == ndim {
            return self.words[offset].clone();
        }
        let inner_indent = format!("{indent} ");
        let inner_width = width - 1;
        let items = self.items(axis);
        let at = |i: usize| offset + i * self.strides[axis] as usize;
        let mut s = String::new();
        if axis + 1 == ndim {
            // The last axis: the elements, wrapped when a line would pass the width.
            let elem_width = width - self.separator.trim_end().len().max(1) as isize;
            let mut line = indent.to_string();
            for (k, item) in items.iter().enumerate() {
                let word = match item {
                    Item::At(i) => self.nest(axis + 1, at(*i), &inner_indent, inner_width),
                    Item::Summary => "...".into(),
                };
                extend_line(&mut s, &mut line, &word, elem_width, indent);
                if k + 1 < items.len() {
                    line.push_str(self.separator);
                }
            }
            s.push_str(&line);
        } else {
            let line_sep = format!(
                "{}{}",
                self.separator.trim_end(),
                "\n".repeat(ndim - axis - 1)
            );
            for (k, item) in items.iter().enumerate() {
                s.push_str(indent);
                match item {
                    Item::At(i) => {
                        s.push_str(&self.nest(axis + 1, at(*i), &inner_indent, inner_width))
                    }
                    Item::Summary => s.push_str("..."),
                }
                if k + 1 < items.len() {
                    s.push_str(&line_sep);
                }
            }
        }
        format!("[{}]", &s[indent.len()..])
    }
}

/// NumPy's `_extendLine`: `word` appended to `line`, which first goes to `s` and restarts at
/// `indent` when the word would pass `width` (unless the line holds nothing yet).
fn extend_line(s: &mut String, line: &mut String, word: &str, width: isize, indent: &str) {
    if (line.len() + word.len()) as isize > width && line.len() > indent.len() {
        s.push_str(line.trim_end());
        s.push('\n');
        *line = indent.to_string();
    }
    line.push_str(word);
}

/// Each element's text, formatted together as NumPy's format function of the dtype does
/// (common widths and notation); `zero_d`: the element of a 0-d array (`True` unpadded).
fn element_strings<T: DType>(data: &[T], zero_d: bool) -> Vec<String> {
    fn floats<T: DType, R: Real + DType>(data: &[T]) -> Vec<String> {
        let v: Vec<R> = data.iter().map(|x| x.cast::<R>()).collect();
        let f = FloatFormat::new(&v, false);
        v.iter().map(|&x| f.format(x)).collect()
    }
    fn complexes<T: DType, R: Real + DType>(data: &[T]) -> Vec<String>
    where
        num_complex::Complex<R>: DType,
    {
        let v: Vec<num_complex::Complex<R>> = data.iter().map(|x| x.cast()).collect();
        let re: Vec<R> = v.iter().map(|z| z.re).collect();
        let im: Vec<R> = v.iter().map(|z| z.im).collect();
        let (fr, fi) = (FloatFormat::new(&re, false), FloatFormat::new(&im, true));
        re.iter()
            .zip(&im)
            .map(|(&r, &i)| {
                let i = fi.format(i);
                let end = i.trim_end().len();
                format!("{}{}j{}", fr.format(r), &i[..end], &i[end..])
            })
            .collect()
    }
    fn ints(values: Vec<i128>) -> Vec<String> {
        let width = values
            .iter()
            .map(|v| v.to_string().len())
            .max()
            .unwrap_or(0);
        values.iter().map(|v| format!("{v:>width$}")).collect()
    }
    match T::ID {
        DTypeId::Bool => {
            let t = if zero_d { "True" } else { " True" };
            data.iter()
                .map(|x| if x.cast::<bool>() { t } else { "False" }.to_string())
                .collect()
        }
        DTypeId::I8 | DTypeId::I16 | DTypeId::I32 | DTypeId::I64 => {
            ints(data.iter().map(|x| x.cast::<i64>() as i128).collect())
        }
        DTypeId::U8 | DTypeId::U16 | DTypeId::U32 | DTypeId::U64 => {
            ints(data.iter().map(|x| x.cast::<u64>() as i128).collect())
        }
        DTypeId::F16 => floats::<T, f16>(data),
        DTypeId::BF16 => floats::<T, bf16>(data),
        DTypeId::F32 => floats::<T, f32>(data),
        DTypeId::F64 => floats::<T, f64>(data),
        DTypeId::C64 => complexes::<T, f32>(data),
        DTypeId::C128 => complexes::<T, f64>(data),
    }
}

/// The `str` of one element (NumPy's `str` of a scalar): `True`, `5`, `5.0`, `1e-05`, `(1+2j)`.
fn scalar_str<T: DType>(x: T) -> String {
    fn complex<R: Real>(re: R, im: R) -> String {
        let r = re.to_f64();
        if r == 0.0 && !r.is_sign_negative() {
            return format!("{}j", float_str(im, false, false));
        }
        format!(
            "({}{}j)",
            float_str(re, false, false),
            float_str(im, false, true)
        )
    }
    match T::ID {
        DTypeId::Bool => (if x.cast::<bool>() { "True" } else { "False" }).into(),
        DTypeId::I8 | DTypeId::I16 | DTypeId::I32 | DTypeId::I64 => x.cast::<i64>().to_string(),
        DTypeId::U8 | DTypeId::U16 | DTypeId::U32 | DTypeId::U64 => x.cast::<u64>().to_string(),
        DTypeId::F16 => float_str(x.cast::<f16>(), true, false),
        DTypeId::BF16 => float_str(x.cast::<bf16>(), true, false),
        DTypeId::F32 => float_str(x.cast::<f32>(), true, false),
        DTypeId::F64 => float_str(x.cast::<f64>(), true, false),
        DTypeId::C64 => {
            let z = x.cast::<c64>();
            complex(z.re, z.im)
        }
        DTypeId::C128 => {
            let z = x.cast::<c128>();
            complex(z.re, z.im)
        }
    }
}

/// NumPy's `str` of a float scalar: positional for 0 and magnitudes from 1e-4 up to
/// [`Real::MAX_POSITIONAL`], else scientific, with the shortest digits; `one_zero`: `5.0`
/// rather than `5`; `plus`: a sign before non-negative values too.
fn float_str<R: Real>(x: R, one_zero: bool, plus: bool) -> String {
    let v = x.to_f64();
    let sign = if v.is_sign_negative() {
        "-"
    } else if plus {
        "+"
    } else {
        ""
    };
    if v.is_nan() {
        return format!("{}nan", if plus { "+" } else { "" });
    }
    if v.is_infinite() {
        return format!("{sign}inf");
    }
    let d = x.shortest();
    let a = v.abs();
    if a == 0.0 || (1e-4..R::MAX_POSITIONAL).contains(&a) {
        let (int, frac) = d.positional();
        match (frac.is_empty(), one_zero) {
            (true, true) => format!("{sign}{int}.0"),
            (true, false) => format!("{sign}{int}"),
            _ => format!("{sign}{int}.{frac}"),
        }
    } else {
        let (int, frac, e) = d.scientific();
        let dot = if frac.is_empty() { "" } else { "." };
        format!("{sign}{int}{dot}{frac}e{}", exponent(e, 2))
    }
}

/// An exponent with its sign and at least `digits` digits: `+05`, `-300`.
fn exponent(e: i32, digits: usize) -> String {
    let sign = if e < 0 { '-' } else { '+' };
    format!("{sign}{:0>digits$}", e.unsigned_abs())
}

/// Decimal digits of a magnitude: `0.DIGITS × 10^exp`, no leading or trailing zeros (empty
/// for zero).
#[derive(Clone, Debug, PartialEq)]
struct Digits {
    digits: String,
    exp: i32,
}

impl Digits {
    /// From Rust's scientific notation (`1.2345e-5`, `0e0`, `1.50e3`).
    fn from_scientific(s: &str) -> Digits {
        let (mantissa, e) = s.split_once('e').unwrap_or((s, "0"));
        let e: i32 = e.parse().unwrap_or(0);
        let all: String = mantissa.chars().filter(char::is_ascii_digit).collect();
        let int_len = mantissa.split('.').next().map_or(0, str::len) as i32;
        Digits::normalized(&all, e + int_len)
    }

    /// From Rust's positional notation (`0.12345679`, `12.00000000`).
    fn from_positional(s: &str) -> Digits {
        Digits::from_scientific(&format!("{s}e0"))
    }

    /// `0.ALL × 10^exp` with the zeros at both ends dropped.
    fn normalized(all: &str, exp: i32) -> Digits {
        let lead = all.len() - all.trim_start_matches('0').len();
        let digits = all
            .trim_start_matches('0')
            .trim_end_matches('0')
            .to_string();
        if digits.is_empty() {
            return Digits { digits, exp: 0 };
        }
        Digits {
            digits,
            exp: exp - lead as i32,
        }
    }

    /// Digits after the point in positional notation.
    fn fraction_len(&self) -> usize {
        (self.digits.len() as i32 - self.exp).max(0) as usize
    }

    /// Integer and fraction parts in positional notation (`"0"` for no integer part).
    fn positional(&self) -> (String, String) {
        let (n, e) = (self.digits.len() as i32, self.exp);
        if e <= 0 {
            let zeros = "0".repeat((-e) as usize);
            ("0".into(), format!("{zeros}{}", self.digits))
        } else if e >= n {
            let zeros = "0".repeat((e - n) as usize);
            (format!("{}{zeros}", self.digits), String::new())
        } else {
            let (i, f) = self.digits.split_at(e as usize);
            (i.into(), f.into())
        }
    }

    /// The first digit, the rest, and the exponent in scientific notation.
    fn scientific(&self) -> (String, String, i32) {
        match self.digits.len() {
            0 => ("0".into(), String::new(), 0),
            _ => (
                self.digits[..1].into(),
                self.digits[1..].into(),
                self.exp - 1,
            ),
        }
    }
}

/// The float dtypes as the printer needs them.
trait Real: Copy {
    /// Scalars of this magnitude and more print in scientific notation (NumPy: 1e3 for
    /// `float16`, 1e6 for `float32`, 1e16 for `float64`: ten to the decimal digits the type
    /// holds, Python's bound for `float64`; `bf16`, which holds 2 digits, takes 1e2).
    const MAX_POSITIONAL: f64;
    fn to_f64(self) -> f64;
    /// `|x|` in this dtype.
    fn magnitude(self) -> Self;
    /// The shortest digits of the magnitude that read back (rounded to this dtype) as the
    /// same value; of two such, the nearer. Finite values only.
    fn shortest(self) -> Digits;
    /// NumPy's choice of scientific notation from the largest and smallest nonzero finite
    /// magnitudes, compared in this dtype's arithmetic (`max_val >= 1e8`, `min_val < 1e-4`,
    /// `max_val / min_val > 1000`: NumPy 2 converts the Python floats to the array's dtype).
    fn wants_scientific(max: Self, min: Self) -> bool;
}

impl Real for f64 {
    const MAX_POSITIONAL: f64 = 1e16;
    fn to_f64(self) -> f64 {
        self
    }
    fn magnitude(self) -> Self {
        self.abs()
    }
    fn shortest(self) -> Digits {
        nearest_of_shortest_length(self.abs(), format!("{:e}", self.abs()), |s| s.parse().ok())
    }
    fn wants_scientific(max: f64, min: f64) -> bool {
        max >= 1e8 || min < 1e-4 || max / min > 1000.0
    }
}

impl Real for f32 {
    const MAX_POSITIONAL: f64 = 1e6;
    fn to_f64(self) -> f64 {
        self as f64
    }
    fn magnitude(self) -> Self {
        self.abs()
    }
    fn shortest(self) -> Digits {
        nearest_of_shortest_length(self.abs(), format!("{:e}", self.abs()), |s| s.parse().ok())
    }
    fn wants_scientific(max: f32, min: f32) -> bool {
        max >= 1e8 || min < 1e-4 || max / min > 1000.0
    }
}

macro_rules! real_16 {
    ($t:ty, $max_positional:expr_2021) => {
        impl Real for $t {
            const MAX_POSITIONAL: f64 = $max_positional;
            fn to_f64(self) -> f64 {
                <$t>::to_f64(self)
            }
            fn magnitude(self) -> Self {
                // Both 16-bit formats keep the sign in the top bit.
                <$t>::from_bits(self.to_bits() & 0x7fff)
            }
            fn shortest(self) -> Digits {
                let bits = self.magnitude().to_bits();
                shortest_by_search(self.magnitude().to_f64(), |v| {
                    <$t>::from_f64(v).to_bits() == bits
                })
            }
            fn wants_scientific(max: $t, min: $t) -> bool {
                // The division as NumPy's half-precision loops make it: in f32, rounded once.
                let ratio = <$t>::from_f32(max.to_f32() / min.to_f32());
                max >= <$t>::from_f64(1e8)
                    || min < <$t>::from_f64(1e-4)
                    || ratio > <$t>::from_f64(1000.0)
            }
        }
    };
}
real_16!(f16, 1e3);
real_16!(bf16, 1e2);

/// Rust's shortest digits `shortest` of `x` (finite, non-negative), except that of two
/// candidates of that length equally near `x` (both read back) Rust takes the upper where
/// NumPy's Dragon4 takes the even last digit: the correctly rounded one of that length (ties
/// to even), when it reads back.
fn nearest_of_shortest_length<F: PartialEq + fmt::LowerExp>(
    x: F,
    shortest: String,
    parse: impl Fn(&str) -> Option<F>,
) -> Digits {
    let d = Digits::from_scientific(&shortest);
    let n = d.digits.len().max(1);
    let nearest = format!("{:.*e}", n - 1, x);
    if parse(&nearest) == Some(x) {
        Digits::from_scientific(&nearest)
    } else {
        d
    }
}

/// The shortest digits of `x` (finite, non-negative) that `reads_back`, found by trying 1, 2,
/// ... significant digits: the correctly rounded candidate, else (near a power of two, where
/// the interval that rounds to `x` is lopsided) its neighbour on the other side of `x`.
fn shortest_by_search(x: f64, reads_back: impl Fn(f64) -> bool) -> Digits {
    if x == 0.0 {
        return Digits::normalized("", 0);
    }
    for n in 1..=17usize {
        let s = format!("{:.*e}", n - 1, x);
        let (mantissa, e) = s.split_once('e').unwrap_or((&s, "0"));
        let e: i32 = e.parse().unwrap_or(0);
        let m: u64 = mantissa.replace('.', "").parse().unwrap_or(0);
        // m × 10^scale
        let scale = e - (n as i32 - 1);
        let value = |m: u64| format!("{m}e{scale}").parse::<f64>().unwrap_or(f64::NAN);
        let nearest = value(m);
        let candidates = [
            m,
            if nearest < x {
                m + 1
            } else {
                m.saturating_sub(1)
            },
        ];
        for c in candidates {
            if c > 0 && reads_back(value(c)) {
                let all = c.to_string();
                let len = all.len() as i32;
                return Digits::normalized(&all, scale + len);
            }
        }
    }
    // 17 significant digits always read back.
    Digits::from_scientific(&format!("{x:e}"))
}

/// NumPy's `FloatingFormat` with the default options (`floatmode='maxprec'`): one notation and
/// common widths for a set of values; `plus` (the imaginary parts of complex numbers): a sign
/// before non-negative values too.
struct FloatFormat {
    scientific: bool,
    /// Width of the integer part, sign included.
    pad_left: usize,
    /// Width of the fraction part (positional); of fraction, `e` and exponent (scientific).
    pad_right: usize,
    /// Scientific: digits after the point, every value padded with zeros to it.
    precision: usize,
    /// Scientific: digits of the exponent.
    exp_digits: usize,
    plus: bool,
}

impl FloatFormat {
    fn new<R: Real>(values: &[R], plus: bool) -> Self {
        let finite: Vec<R> = values
            .iter()
            .copied()
            .filter(|x| x.to_f64().is_finite())
            .collect();
        let mut nonzero = finite.iter().filter(|x| x.to_f64() != 0.0).copied();
        let scientific = match nonzero.next() {
            None => false,
            Some(first) => {
                let abs = |x: R| x.to_f64().abs();
                let (mut max, mut min) = (first, first);
                for x in nonzero {
                    if abs(x) > abs(max) {
                        max = x;
                    }
                    if abs(x) < abs(min) {
                        min = x;
                    }
                }
                R::wants_scientific(max.magnitude(), min.magnitude())
            }
        };
        let mut f = FloatFormat {
            scientific,
            pad_left: 0,
            pad_right: 0,
            precision: 0,
            exp_digits: 0,
            plus,
        };
        if !finite.is_empty() {
            for &x in &finite {
                let sign = usize::from(f.sign(x.to_f64()).is_some());
                let d = f.digits(x);
                if scientific {
                    let (int, frac, e) = d.scientific();
                    f.pad_left = f.pad_left.max(sign + int.len());
                    f.precision = f.precision.max(frac.len());
                    f.exp_digits = f.exp_digits.max(exponent(e, 2).len() - 1);
                } else {
                    let (int, frac) = d.positional();
                    f.pad_left = f.pad_left.max(sign + int.len());
                    f.pad_right = f.pad_right.max(frac.len());
                }
            }
            if scientific {
                f.pad_right = f.exp_digits + 2 + f.precision;
            }
        }
        if finite.len() != values.len() {
            // Room for nan and (signed) inf.
            let neg_inf = plus || values.iter().any(|x| x.to_f64() == f64::NEG_INFINITY);
            let offset = f.pad_right + 1;
            f.pad_left = f
                .pad_left
                .max(3usize.saturating_sub(offset))
                .max((3 + usize::from(neg_inf)).saturating_sub(offset));
        }
        f
    }

    fn sign(&self, v: f64) -> Option<char> {
        if v.is_sign_negative() {
            Some('-')
        } else if self.plus {
            Some('+')
        } else {
            None
        }
    }

    /// The digits printed for a finite `x`: the shortest, or rounded to [`PRECISION`]
    /// digits after the point when the shortest has more (Dragon4 with a cutoff).
    fn digits<R: Real>(&self, x: R) -> Digits {
        let d = x.shortest();
        let a = x.to_f64().abs();
        if self.scientific {
            if d.digits.len() > PRECISION + 1 {
                return Digits::from_scientific(&format!("{a:.PRECISION$e}"));
            }
        } else if d.fraction_len() > PRECISION {
            return Digits::from_positional(&format!("{a:.PRECISION$}"));
        }
        d
    }

    fn format<R: Real>(&self, x: R) -> String {
        let v = x.to_f64();
        if !v.is_finite() {
            let s = if v.is_nan() {
                format!("{}nan", if self.plus { "+" } else { "" })
            } else {
                format!("{}inf", self.sign(v).map_or(String::new(), String::from))
            };
            let width = self.pad_left + self.pad_right + 1;
            return format!("{s:>width$}");
        }
        let sign = self.sign(v).map_or(String::new(), String::from);
        let d = self.digits(x);
        let w = self.pad_left;
        if self.scientific {
            let (int, frac, e) = d.scientific();
            let int = format!("{sign}{int}");
            format!(
                "{int:>w$}.{frac:0<p$}e{}",
                exponent(e, self.exp_digits),
                p = self.precision
            )
        } else {
            let (int, frac) = d.positional();
            let int = format!("{sign}{int}");
            format!("{int:>w$}.{frac:<p$}", p = self.pad_right)
        }
    }
}
