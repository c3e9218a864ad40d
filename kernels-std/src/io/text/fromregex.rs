//! `fromregex`: the groups of every match of a regular expression, as numbers.

use std::io::Read;
use std::path::Path;

use array_runtime::{Array, DTypeId, Device, Error, Result};

use super::number::{parse, Flavor, ParseError};
use super::{grow, py_repr};
use crate::io::NpyDType;

/// The numbers matched by the groups of `pattern` in a text file, one row per match and one
/// column per group (NumPy's `np.fromregex(file, regexp, dtype)` with a structured dtype
/// whose fields all have dtype `T`: the result is that array's fields as columns).
///
/// The matches are Python's `re.findall`'s: non-overlapping, left to right; a pattern
/// without groups takes the whole match as its one column. Each group's text converts as
/// NumPy converts a string to `T` (Python's `int`, `float`, `complex`; a `bool` is true
/// for any non-empty text); one that does not convert is an error quoting it, as NumPy's
/// (`could not convert string to float: 'x'`). No match gives shape `(0, groups)`.
///
/// The pattern is Rust's `regex` syntax, which is Python's for classes, groups,
/// repetitions and anchors, but has no look-around or back-references (an error here).
///
/// ```
/// use kernels_std::{io, Device};
/// # fn main() -> kernels_std::Result<()> {
/// let path = std::env::temp_dir().join(format!("fromregex_doc_{}.txt", std::process::id()));
/// std::fs::write(&path, "a=1.5 b=2\nnoise\na=3 b=-4\n")?;
/// let a = io::fromregex::<f64>(&path, r"a=(\S+) b=(\S+)", &Device::cpu())?;
/// assert_eq!((a.shape(), a.to_vec()?), (&[2, 2][..], vec![1.5, 2.0, 3.0, -4.0]));
/// # std::fs::remove_file(&path)?;
/// # Ok(())
/// # }
/// ```
pub fn fromregex<T: NpyDType>(
    path: impl AsRef<Path>,
    pattern: &str,
    device: &Device,
) -> Result<Array<T>> {
    let path = path.as_ref();
    let (file, _) = crate::io::open_file(path)?;
    fromregex_impl(file, &path.display().to_string(), pattern, device)
}

/// [`fromregex`] from any reader (NumPy's `np.fromregex` of a file object).
///
/// ```
/// use kernels_std::{io, Device};
/// # fn main() -> kernels_std::Result<()> {
/// let a = io::fromregex_from::<i32>("x1 y22 x3".as_bytes(), r"x(\d+)", &Device::cpu())?;
/// assert_eq!((a.shape(), a.to_vec()?), (&[2, 1][..], vec![1, 3]));
/// # Ok(())
/// # }
/// ```
pub fn fromregex_from<T: NpyDType>(
    reader: impl Read,
    pattern: &str,
    device: &Device,
) -> Result<Array<T>> {
    fromregex_impl(reader, "<reader>", pattern, device)
}

fn fromregex_impl<T: NpyDType>(
    mut reader: impl Read,
    label: &str,
    pattern: &str,
    device: &Device,
) -> Result<Array<T>> {
    let re = regex::Regex::new(pattern)
        .map_err(|e| Error::invalid(format!("fromregex: invalid pattern {pattern:?}: {e}")))?;
    let mut bytes = Vec::new();
    let mut chunk = vec![0u8; 1 << 16];
    loop {
        let n = match reader.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => {
                return Err(Error::Io(std::io::Error::new(
                    e.kind(),
                    format!("{label}: {e}"),
                )))
            }
        };
        grow(&mut bytes, n)?;
        bytes.extend_from_slice(&chunk[..n]);
    }
    // Python's text mode: universal newlines.
    let text = String::from_utf8(bytes)
        .map_err(|e| Error::invalid(format!("{label}: the text is not valid UTF-8 ({e})")))?;
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    let groups = re.captures_len() - 1;
    let ncols = groups.max(1);
    let mut values: Vec<T> = Vec::new();
    let mut rows = 0usize;
    for caps in re.captures_iter(&text) {
        grow(&mut values, ncols)?;
        for g in 0..ncols {
            let k = if groups == 0 { 0 } else { g + 1 };
            let s = caps.get(k).map_or("", |m| m.as_str());
            values.push(convert::<T>(s).map_err(|msg| Error::invalid(format!("{label}: {msg}")))?);
        }
        rows += 1;
    }
    Array::from_vec(device, &[rows, ncols], values)
}

/// NumPy's conversion of a string to `T` (`np.array([s], dtype=T)`).
fn convert<T: NpyDType>(s: &str) -> std::result::Result<T, String> {
    use array_runtime::DType;
    if T::ID == DTypeId::Bool {
        return Ok((!s.is_empty()).cast::<T>());
    }
    parse::<T>(s, Flavor::Python).map_err(|e| match (e, T::ID) {
        (ParseError::OutOfRange(v), id) => format!(
            "Python integer {v} out of bounds for {}",
            super::number::numpy_name(id)
        ),
        (ParseError::Huge, _) => "Python int too large to convert to C long".to_owned(),
        (_, id) if id.is_complex() => "complex() arg is a malformed string".to_owned(),
        (_, id) if id.is_float() => format!("could not convert string to float: {}", py_repr(s)),
        _ => format!("invalid literal for int() with base 10: {}", py_repr(s)),
    })
}
