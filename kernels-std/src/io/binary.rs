//! Raw elements and separated text: `frombuffer`, `fromstring`, `fromfile`, and the array
//! methods `tobytes` and `tofile` (through [`ArrayBytes`]).
//!
//! Bytes are the elements in the machine's order, which NumPy's default dtypes use; here
//! always little-endian (the byte order of every machine this crate runs on), so the bytes
//! are those `np.ndarray.tobytes` gives on x86-64 and ARM.

use std::io::{Read, Write};
use std::path::Path;

use array_runtime::cpu::host_vec;
use array_runtime::{Array, Device, Error, Result};

use super::text::number::{is_space, numpy_name, scan_prefix, Scalar};
use super::text::printf::{FormatError, Template};
use super::{create_file, io_error, open_file, NpyDType};

/// The elements of `buffer` read as an array of dtype `T` on `device` (NumPy's
/// `np.frombuffer(buffer, dtype, count, offset)`), from byte `offset` on: `count` elements,
/// or with a negative `count` (NumPy's default -1) all that follow.
///
/// NumPy's errors: an offset past the end (`offset must be non-negative and no greater than
/// buffer length (4)`), a rest that is not a whole number of elements when reading all
/// (`buffer size must be a multiple of element size`), fewer bytes than `count` elements
/// (`buffer is smaller than requested size`). The result is a copy (NumPy's shares the
/// buffer). Elements are little-endian; a `bool` is true for any nonzero byte.
///
/// ```
/// use kernels_std::{io, Device};
/// # fn main() -> kernels_std::Result<()> {
/// let dev = Device::cpu();
/// let bytes = [1u8, 0, 2, 0, 3, 0];
/// assert_eq!(io::frombuffer::<i16>(&bytes, -1, 0, &dev)?.to_vec()?, vec![1, 2, 3]);
/// assert_eq!(io::frombuffer::<i16>(&bytes, 1, 2, &dev)?.to_vec()?, vec![2]);
/// assert!(io::frombuffer::<i16>(&bytes[1..], -1, 0, &dev).is_err());
/// # Ok(())
/// # }
/// ```
pub fn frombuffer<T: NpyDType>(
    buffer: &[u8],
    count: isize,
    offset: usize,
    device: &Device,
) -> Result<Array<T>> {
    let size = T::ID.size();
    if offset > buffer.len() {
        return Err(Error::invalid(format!(
            "offset must be non-negative and no greater than buffer length ({})",
            buffer.len()
        )));
    }
    let rest = &buffer[offset..];
    let n = if count < 0 {
        if !rest.len().is_multiple_of(size) {
            return Err(Error::invalid(
                "buffer size must be a multiple of element size",
            ));
        }
        rest.len() / size
    } else {
        let n = count as usize;
        if n.checked_mul(size).is_none_or(|need| need > rest.len()) {
            return Err(Error::invalid("buffer is smaller than requested size"));
        }
        n
    };
    let values = host_vec::collect(rest[..n * size].chunks_exact(size).map(T::from_le))?;
    Array::from_vec(device, &[n], values)
}

/// A separator of `fromstring`/`fromfile`: white space in it matches any run of white space
/// (none too), other characters themselves; white space may also precede it.
enum SepPart {
    Space,
    Char(char),
}

/// What matching a separator found.
enum SepMatch {
    /// Matched; the number of bytes it took.
    Found(usize),
    /// The text ended: reading stops there.
    End,
    /// Something else: the text is not what the separator expects.
    Mismatch,
}

fn sep_parts(sep: &str) -> Vec<SepPart> {
    let mut parts = vec![SepPart::Space];
    for c in sep.chars() {
        if is_space(c) {
            if !matches!(parts.last(), Some(SepPart::Space)) {
                parts.push(SepPart::Space);
            }
        } else {
            parts.push(SepPart::Char(c));
        }
    }
    parts
}

fn match_sep(text: &str, parts: &[SepPart], only_space: bool) -> SepMatch {
    let mut pos = 0;
    for part in parts {
        if pos >= text.len() {
            return SepMatch::End;
        }
        match part {
            SepPart::Space => {
                let rest = &text[pos..];
                pos += rest.len() - rest.trim_start_matches(is_space).len();
            }
            SepPart::Char(c) => {
                if text[pos..].starts_with(*c) {
                    pos += c.len_utf8();
                } else {
                    return SepMatch::Mismatch;
                }
            }
        }
    }
    if pos >= text.len() {
        return SepMatch::End;
    }
    // A separator of white space only must match some.
    if only_space && pos == 0 {
        return SepMatch::Mismatch;
    }
    SepMatch::Found(pos)
}

/// Parses `text` as values of `T` between separators `sep` (NumPy's text mode of
/// `fromstring`/`fromfile`): at most `count` values when `count >= 0`.
fn parse_separated<T: NpyDType>(text: &str, sep: &str, count: isize) -> Result<Vec<T>> {
    let parts = sep_parts(sep);
    let only_space = sep.chars().all(is_space);
    let unmatched =
        || Error::invalid("string or file could not be read to its end due to unmatched data");
    let mut values: Vec<T> = Vec::new();
    let mut pos = 0;
    loop {
        if count >= 0 && values.len() == count as usize {
            break;
        }
        let rest = &text[pos..];
        match scan_prefix::<T>(rest) {
            Some((v, used)) => {
                super::text::grow(&mut values, 1)?;
                values.push(v);
                pos += used;
            }
            None if rest.trim_start_matches(is_space).is_empty() => break,
            None => return Err(unmatched()),
        }
        match match_sep(&text[pos..], &parts, only_space) {
            SepMatch::Found(n) => pos += n,
            SepMatch::End => break,
            SepMatch::Mismatch => return Err(unmatched()),
        }
    }
    Ok(values)
}

/// The numbers in `text`, separated by `sep`, as a 1-d array of dtype `T` on `device`
/// (NumPy's `np.fromstring(string, dtype, count, sep)`): at most `count` of them, or with a
/// negative `count` all.
///
/// As NumPy 2: an empty `sep` (NumPy's deprecated binary mode) is an error (`The binary mode
/// of fromstring is removed, use frombuffer instead`); white space in `sep` matches any run
/// of white space, and white space may surround the separator; floats are read as C's
/// `strtod` (`inf`, `nan`, `nan(...)`; a `bool` is a float, true when nonzero), integers as
/// decimal digits (a sign only for signed dtypes; beyond 64 bits `i64::MAX` or `u64::MAX`,
/// as NumPy 2.4 reads them, then wrapped to narrower dtypes: `300` as `int8` is 44); text
/// that is neither a value nor the separator
/// is an error (`string or file could not be read to its end due to unmatched data`). A
/// separator at the very end is allowed.
///
/// Unlike NumPy, a `count` larger than the number of values is an error (NumPy returns
/// uninitialized memory for the missing values), and text of only white space gives an
/// empty array (NumPy's holds one garbage value).
///
/// ```
/// use kernels_std::{io, Device};
/// # fn main() -> kernels_std::Result<()> {
/// let dev = Device::cpu();
/// assert_eq!(io::fromstring::<f64>("1, 2.5 ,nan,", ",", -1, &dev)?.to_vec()?[..2], [1.0, 2.5]);
/// assert_eq!(io::fromstring::<i32>("1 2 3", " ", 2, &dev)?.to_vec()?, vec![1, 2]);
/// assert!(io::fromstring::<i32>("1 2.5", " ", -1, &dev).is_err());
/// assert!(io::fromstring::<f64>("\x01\x02", "", -1, &dev).is_err());
/// # Ok(())
/// # }
/// ```
pub fn fromstring<T: NpyDType>(
    text: &str,
    sep: &str,
    count: isize,
    device: &Device,
) -> Result<Array<T>> {
    if sep.is_empty() {
        return Err(Error::invalid(
            "The binary mode of fromstring is removed, use frombuffer instead",
        ));
    }
    let values = parse_separated::<T>(text, sep, count)?;
    if count >= 0 && values.len() < count as usize {
        return Err(Error::invalid(format!(
            "fromstring: count is {count}, but the text holds {} values",
            values.len()
        )));
    }
    let n = values.len();
    Array::from_vec(device, &[n], values)
}

/// Reads a file of raw elements (`sep = ""`) or of separated text as a 1-d array of dtype
/// `T` on `device` (NumPy's `np.fromfile(file, dtype, count, sep, offset)`).
///
/// Binary: the elements from byte `offset` on, at most `count` of them (negative: all),
/// little-endian; bytes after the last whole element are ignored, as NumPy ignores them.
/// An offset past the end is an error. Text: as [`fromstring`] (with `offset` 0, as NumPy
/// requires: `'offset' argument only permitted for binary files`), where a `count` larger
/// than the file's values gives the values there are, as NumPy's.
///
/// ```
/// use kernels_std::{io, io::ArrayBytes, Array, Device};
/// # fn main() -> kernels_std::Result<()> {
/// let dev = Device::cpu();
/// let path = std::env::temp_dir().join(format!("fromfile_doc_{}.bin", std::process::id()));
/// Array::from_vec(&dev, &[4], vec![1i32, 2, 3, 4])?.tofile(&path, "", "")?;
/// assert_eq!(io::fromfile::<i32>(&path, "", 2, 4, &dev)?.to_vec()?, vec![2, 3]);
/// std::fs::write(&path, "1.5, 2,\n3")?;
/// assert_eq!(io::fromfile::<f32>(&path, ",", -1, 0, &dev)?.to_vec()?, vec![1.5, 2.0, 3.0]);
/// # std::fs::remove_file(&path)?;
/// # Ok(())
/// # }
/// ```
pub fn fromfile<T: NpyDType>(
    path: impl AsRef<Path>,
    sep: &str,
    count: isize,
    offset: u64,
    device: &Device,
) -> Result<Array<T>> {
    let path = path.as_ref();
    let (mut file, len) = open_file(path)?;
    let label = path.display().to_string();
    if !sep.is_empty() {
        if offset != 0 {
            return Err(Error::invalid(
                "'offset' argument only permitted for binary files",
            ));
        }
        let mut bytes = host_vec::with_capacity::<u8>(usize::try_from(len).unwrap_or(usize::MAX))?;
        file.read_to_end(&mut bytes)
            .map_err(|e| io_error(path, e))?;
        let text = std::str::from_utf8(&bytes)
            .map_err(|e| Error::invalid(format!("{label}: the text is not valid UTF-8 ({e})")))?;
        let values = parse_separated::<T>(text, sep, count)
            .map_err(|e| Error::invalid(format!("{label}: {e}")))?;
        let n = values.len();
        return Array::from_vec(device, &[n], values);
    }
    if offset > len {
        return Err(Error::invalid(format!(
            "{label}: offset {offset} is past the end of the file ({len} bytes)"
        )));
    }
    let size = T::ID.size() as u64;
    let available = (len - offset) / size;
    let n = if count < 0 {
        available
    } else {
        available.min(count as u64)
    };
    let n =
        usize::try_from(n).map_err(|_| Error::invalid(format!("{label}: too many elements")))?;
    let nbytes = n
        .checked_mul(T::ID.size())
        .ok_or_else(|| Error::invalid(format!("{label}: too many elements")))?;
    if offset > 0 {
        std::io::Seek::seek(&mut file, std::io::SeekFrom::Start(offset))
            .map_err(|e| io_error(path, e))?;
    }
    let mut bytes = host_vec::filled(nbytes, 0u8)?;
    file.read_exact(&mut bytes).map_err(|e| io_error(path, e))?;
    let values = host_vec::collect(bytes.chunks_exact(T::ID.size()).map(T::from_le))?;
    Array::from_vec(device, &[n], values)
}

/// The memory order of [`ArrayBytes::tobytes`] (NumPy's `order`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Order {
    /// Row-major: the last index varies fastest (NumPy's default `'C'`).
    #[default]
    C,
    /// Column-major: the first index varies fastest (`'F'`).
    F,
    /// `F` when the array is Fortran-contiguous and not C-contiguous, else `C` (`'A'`).
    A,
}

/// NumPy's array methods `tobytes` and `tofile`, for arrays of the dtypes NumPy has.
///
/// ```
/// use kernels_std::{io::{ArrayBytes, Order}, Array, Device};
/// # fn main() -> kernels_std::Result<()> {
/// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![1i16, 2, 3, 4])?;
/// assert_eq!(a.tobytes(Order::C)?, vec![1, 0, 2, 0, 3, 0, 4, 0]);
/// assert_eq!(a.tobytes(Order::F)?, vec![1, 0, 3, 0, 2, 0, 4, 0]);
/// # Ok(())
/// # }
/// ```
pub trait ArrayBytes {
    /// The elements' bytes in `order` (NumPy's `ndarray.tobytes(order)`), little-endian.
    ///
    /// ```
    /// use kernels_std::{io::{ArrayBytes, Order}, Array, Device};
    /// # fn main() -> kernels_std::Result<()> {
    /// let a = Array::from_vec(&Device::cpu(), &[2, 3], (0..6u8).collect())?;
    /// assert_eq!(a.t().tobytes(Order::A)?, vec![0, 1, 2, 3, 4, 5]);
    /// assert_eq!(a.t().tobytes(Order::C)?, vec![0, 3, 1, 4, 2, 5]);
    /// # Ok(())
    /// # }
    /// ```
    fn tobytes(&self, order: Order) -> Result<Vec<u8>>;

    /// Writes the elements to `path` in C order (NumPy's `ndarray.tofile(fid, sep, format)`):
    /// raw little-endian bytes when `sep` is empty, else text, each element formatted with
    /// `format` and `sep` between elements (no final separator). As NumPy, the format is
    /// Python's `%` applied to the element as a Python scalar (`a.item()`): empty or `"%s"`
    /// gives `1.5`, `True`, `(1+2j)`, and a `float32` prints the digits of its exact value
    /// as a Python `float` (`0.1f32` is `0.10000000149011612`).
    ///
    /// ```
    /// use kernels_std::{io::ArrayBytes, Array, Device};
    /// # fn main() -> kernels_std::Result<()> {
    /// let path = std::env::temp_dir().join(format!("tofile_doc_{}.txt", std::process::id()));
    /// let a = Array::from_vec(&Device::cpu(), &[3], vec![1.5f32, 0.1, f32::NAN])?;
    /// a.tofile(&path, " ", "")?;
    /// assert_eq!(std::fs::read_to_string(&path)?, "1.5 0.10000000149011612 nan");
    /// a.tofile(&path, ",", "%.2f")?;
    /// assert_eq!(std::fs::read_to_string(&path)?, "1.50,0.10,nan");
    /// # std::fs::remove_file(&path)?;
    /// # Ok(())
    /// # }
    /// ```
    fn tofile(&self, path: impl AsRef<Path>, sep: &str, format: &str) -> Result<()>;
}

impl<T: NpyDType> ArrayBytes for Array<T> {
    fn tobytes(&self, order: Order) -> Result<Vec<u8>> {
        let fortran = match order {
            Order::C => false,
            Order::F => true,
            Order::A => crate::shape::isfortran(self),
        };
        let values = if fortran {
            self.t().to_vec()?
        } else {
            self.to_vec()?
        };
        let nbytes = values
            .len()
            .checked_mul(T::ID.size())
            .ok_or_else(|| Error::invalid("tobytes: the array is too large"))?;
        let mut out = host_vec::with_capacity::<u8>(nbytes)?;
        for v in values {
            v.put_le(&mut out);
        }
        Ok(out)
    }

    fn tofile(&self, path: impl AsRef<Path>, sep: &str, format: &str) -> Result<()> {
        let path = path.as_ref();
        if sep.is_empty() {
            let bytes = self.tobytes(Order::C)?;
            return create_file(path, |out| Ok(out.write_all(&bytes)?));
        }
        let values = self.to_vec()?;
        let template = (!format.is_empty()).then(|| Template::parse(format));
        create_file(path, |out| {
            let mut text = String::new();
            for (i, &v) in values.iter().enumerate() {
                text.clear();
                if i > 0 {
                    text.push_str(sep);
                }
                let s = Scalar::of(v).python();
                match &template {
                    None => text.push_str(&s.str()),
                    Some(t) => t.render(&[s], None, &mut text).map_err(|e| {
                        let msg = match e {
                            FormatError::Mismatch(m) | FormatError::Value(m) => m,
                        };
                        Error::invalid(format!(
                            "tofile: format {format:?} does not fit dtype {}: {msg}",
                            numpy_name(T::ID)
                        ))
                    })?,
                }
                out.write_all(text.as_bytes())?;
            }
            Ok(())
        })
    }
}
