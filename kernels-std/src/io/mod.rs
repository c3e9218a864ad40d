//! NumPy's file routines: `.npy` (one array) and `.npz` (a zip of `.npy` files), text files
//! (`savetxt`, `loadtxt`, `genfromtxt`, `fromregex`) and raw or separated elements
//! (`frombuffer`, `fromstring`, `fromfile`, `tobytes`, `tofile`).
//!
//! | NumPy | here |
//! |---|---|
//! | `np.save(path, a)` | [`save`]`(path, &a)`; [`save_to`] for any writer |
//! | `np.load(path)` of a `.npy` | [`load`]`::<T>(path, &device)`, or [`load_any`] when the dtype is not known; [`load_from`], [`load_any_from`] for any reader |
//! | `np.savez(path, a=a, b=b)` | [`save_npz`]`(path, [("a", a.into()), ("b", b.into())])` |
//! | `np.savez_compressed(...)` | [`save_npz_compressed`] |
//! | `np.load(path)` of a `.npz` (lazy `NpzFile`) | [`NpzFile::open`], then [`NpzFile::get`] or [`NpzFile::array`], one array read at a time |
//! | the same, every array at once | [`load_npz`], then [`Npz::array`] or [`Npz::get`] |
//! | `np.savetxt(path, a, fmt, delimiter, newline, header, footer, comments)` | [`savetxt`]`(path, &a).fmt(..)...run()`; [`savetxt_to`] for any writer |
//! | `np.loadtxt(path, dtype, comments, delimiter, skiprows, usecols, unpack, ndmin, max_rows, quotechar)` | [`loadtxt`]`::<T>(path, &device).delimiter(',')...run()`; [`loadtxt_from`] |
//! | `np.genfromtxt(path, dtype, comments, delimiter, skip_header, skip_footer, filling_values, usecols, invalid_raise, max_rows, ...)` | [`genfromtxt`]`::<T>(path, &device)...run()` (`delimiter` as widths: [`GenFromTxt::fixed_width`], [`GenFromTxt::widths`]); [`genfromtxt_from`] |
//! | `np.fromregex(path, regexp, dtype)` | [`fromregex`]`::<T>(path, regexp, &device)`: one column per group; [`fromregex_from`] |
//! | `np.frombuffer(buffer, dtype, count, offset)` | [`frombuffer`]`::<T>(bytes, count, offset, &device)` |
//! | `np.fromstring(string, dtype, count, sep)` | [`fromstring`]`::<T>(text, sep, count, &device)` |
//! | `np.fromfile(path, dtype, count, sep, offset)` | [`fromfile`]`::<T>(path, sep, count, offset, &device)` |
//! | `a.tobytes(order)`, `a.tofile(path, sep, format)` | [`ArrayBytes::tobytes`], [`ArrayBytes::tofile`] |
//!
//! Reading accepts format versions 1.0, 2.0 and 3.0, little- and big-endian data, C and
//! Fortran order (arrays always come back C-ordered), and the dtypes of [`NpyDType`]: `bool`,
//! `i8`..`i64`, `u8`..`u64`, `f16`, `f32`, `f64`, `c64`, `c128`. Writing produces exactly the
//! bytes `np.save` produces: version 1.0 (2.0 for headers over 64 KiB), C order, little-endian.
//!
//! Memory: a file's data is read (and a `.npz` entry decompressed) in 64 KiB steps straight
//! into the array's own memory, after the header was checked against the file's size; writing
//! streams the array's elements to the file. A shape that no array can have (NumPy's "array
//! is too big") is refused before anything is allocated, and an allocation that fails is an
//! [`Error::OutOfMemory`], never an abort. A `.npz` archive's directory is checked before any
//! entry is read (see [`NpzFile`]): hostile archives cannot make a reader inflate more than
//! 1032 times the file's size in all, nor any entry more than its own declared size.
//!
//! Where we differ from NumPy:
//! - Paths are used as given: NumPy appends `.npy`/`.npz` to a path without that extension.
//! - `bf16` has no NumPy dtype: saving an `Array<bf16>` does not compile (see [`NpyDType`]);
//!   convert it to `f32`, which is exact.
//! - Object arrays (pickles), strings, structured and datetime dtypes are refused with an error
//!   naming the dtype, as are files with trailing bytes after the data (NumPy ignores them).
//! - `.npz` entries that are not `.npy` data are an error when read; archives whose entries
//!   share data (which `zipfile` accepts) are refused when opened.
//! - NumPy's `max_header_size` (10000 bytes by default) is not applied: headers are bounded by
//!   the file's size instead.
//!
//! Text files (`savetxt`, `loadtxt`, `genfromtxt`, `fromregex`, and the text modes of
//! `fromstring`, `fromfile`, `tofile`) follow NumPy 2.4 value for value: each reader parses
//! numbers with its NumPy counterpart's rules (see [`loadtxt`], [`genfromtxt`],
//! [`fromstring`]), and `savetxt` writes the bytes `np.savetxt` writes, formatting each value
//! as Python's `%` formats a NumPy scalar. Lines end at `\n`, `\r\n` or `\r`; text is
//! UTF-8. Errors carry NumPy's message and name the file and line. Where they differ:
//! - `loadtxt`'s `dtype` is the numeric `T` (no structured or string dtypes, no
//!   `converters`, `encoding` or `like`); `genfromtxt` reads `names=None` numeric data only,
//!   without `usemask` (so without `missing_values`, which only masks: as NumPy's, any field
//!   that does not parse takes the filling value), `converters`, `autostrip`, `deletechars`
//!   or `defaultfmt`; `fromregex` returns one column per group instead of a structured array.
//! - Nothing warns: an input without data gives an empty array (NumPy also warns).
//!
//! Every malformed file (bad magic, truncated, unparsable header, data size that does not match
//! the shape, corrupt zip or CRC) gives an [`Error::Invalid`] naming the file; file-system
//! failures give an [`Error::Io`] whose message names the path.
//!
//! ```
//! use kernels_std::{io, Array, Device};
//! # fn main() -> kernels_std::Result<()> {
//! let dev = Device::cpu();
//! let dir = std::env::temp_dir();
//! let path = dir.join(format!("io_mod_doc_{}.npy", std::process::id()));
//! let a = Array::from_vec(&dev, &[2, 2], vec![1.5f64, -2.0, 0.25, 8.0])?;
//! io::save(&path, &a)?;
//! let b = io::load::<f64>(&path, &dev)?;
//! assert_eq!((b.shape(), b.to_vec()?), (a.shape(), a.to_vec()?));
//! # std::fs::remove_file(&path)?;
//! # Ok(())
//! # }
//! ```

mod binary;
mod header;
mod npy;
mod npz;
pub(crate) mod text;
mod zip;

use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::Path;

use array_runtime::{c128, c64, f16, Array, AsArray, DTypeId, Device, Error, Result};

pub use binary::{frombuffer, fromfile, fromstring, ArrayBytes, Order};
pub use npy::NpyDType;
pub use npz::{load_npz, save_npz, save_npz_compressed, Npz, NpzFile};
/// NumPy's names for [`save_npz`] and [`save_npz_compressed`] (`np.savez`,
/// `np.savez_compressed`): the arrays are given with their names.
pub use npz::{save_npz as savez, save_npz_compressed as savez_compressed};
pub(crate) use npz::{write_entries, Entry};
pub use text::{fromregex, fromregex_from, genfromtxt, genfromtxt_from, loadtxt, loadtxt_from};
pub use text::{savetxt, savetxt_to, GenFromTxt, LoadTxt, SaveTxt};

/// An array whose dtype is known only at run time: what [`load_any`] returns and what
/// [`save_npz`] takes. One variant per [`NpyDType`].
///
/// ```
/// use kernels_std::{io::AnyArray, Array, DTypeId, Device};
/// # fn main() -> kernels_std::Result<()> {
/// let a = Array::from_vec(&Device::cpu(), &[3], vec![1u16, 2, 3])?;
/// let any = AnyArray::from(a);
/// assert_eq!((any.dtype(), any.shape()), (DTypeId::U16, &[3][..]));
/// assert!(any.as_array::<u16>().is_some());
/// let err = any.clone().downcast::<i32>().unwrap_err();
/// assert!(err.to_string().contains("u16") && err.to_string().contains("i32"));
/// assert_eq!(any.downcast::<u16>()?.to_vec()?, vec![1, 2, 3]);
/// # Ok(())
/// # }
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum AnyArray {
    /// `|b1`
    Bool(Array<bool>),
    /// `|i1`
    I8(Array<i8>),
    /// `<i2`
    I16(Array<i16>),
    /// `<i4`
    I32(Array<i32>),
    /// `<i8`
    I64(Array<i64>),
    /// `|u1`
    U8(Array<u8>),
    /// `<u2`
    U16(Array<u16>),
    /// `<u4`
    U32(Array<u32>),
    /// `<u8`
    U64(Array<u64>),
    /// `<f2`
    F16(Array<f16>),
    /// `<f4`
    F32(Array<f32>),
    /// `<f8`
    F64(Array<f64>),
    /// `<c8`
    C64(Array<c64>),
    /// `<c16`
    C128(Array<c128>),
}

/// Runs `$body` with `$a` bound to the typed array inside `$any`, whatever its dtype.
macro_rules! with_array {
    ($any:expr, $a:ident => $body:expr) => {
        match $any {
            AnyArray::Bool($a) => $body,
            AnyArray::I8($a) => $body,
            AnyArray::I16($a) => $body,
            AnyArray::I32($a) => $body,
            AnyArray::I64($a) => $body,
            AnyArray::U8($a) => $body,
            AnyArray::U16($a) => $body,
            AnyArray::U32($a) => $body,
            AnyArray::U64($a) => $body,
            AnyArray::F16($a) => $body,
            AnyArray::F32($a) => $body,
            AnyArray::F64($a) => $body,
            AnyArray::C64($a) => $body,
            AnyArray::C128($a) => $body,
        }
    };
}

impl AnyArray {
    /// The dtype of the elements.
    ///
    /// ```
    /// use kernels_std::{io::AnyArray, Array, DTypeId, Device};
    /// let any = AnyArray::from(Array::scalar(&Device::cpu(), true).unwrap());
    /// assert_eq!(any.dtype(), DTypeId::Bool);
    /// ```
    pub fn dtype(&self) -> DTypeId {
        with_array!(self, a => dtype_of(a))
    }

    /// NumPy's type string for the dtype (`"<f8"`, `"|b1"`), as written in `.npy` headers.
    ///
    /// ```
    /// use kernels_std::{io::AnyArray, Array, Device};
    /// let any = AnyArray::from(Array::scalar(&Device::cpu(), 1.0f32).unwrap());
    /// assert_eq!(any.descr(), "<f4");
    /// ```
    pub fn descr(&self) -> &'static str {
        with_array!(self, a => descr_of(a))
    }

    /// The extent of each dimension.
    ///
    /// ```
    /// use kernels_std::{io::AnyArray, Array, Device};
    /// let any = AnyArray::from(Array::<i8>::zeros(&Device::cpu(), &[2, 0]).unwrap());
    /// assert_eq!(any.shape(), &[2, 0]);
    /// ```
    pub fn shape(&self) -> &[usize] {
        with_array!(self, a => a.shape())
    }

    /// The device the array lives on.
    ///
    /// ```
    /// use kernels_std::{io::AnyArray, Array, Device};
    /// let any = AnyArray::from(Array::<u8>::zeros(&Device::cpu(), &[1]).unwrap());
    /// assert!(any.device().is_cpu());
    /// ```
    pub fn device(&self) -> Device {
        with_array!(self, a => a.device())
    }

    /// The typed array, or an error naming both dtypes when it holds another dtype.
    ///
    /// ```
    /// use kernels_std::{io::AnyArray, Array, Device};
    /// let any = AnyArray::from(Array::from_vec(&Device::cpu(), &[2], vec![1i64, 2]).unwrap());
    /// assert!(any.clone().downcast::<f64>().is_err());
    /// assert_eq!(any.downcast::<i64>().unwrap().to_vec().unwrap(), vec![1, 2]);
    /// ```
    pub fn downcast<T: NpyDType>(self) -> Result<Array<T>> {
        T::from_any(self).map_err(|other| {
            Error::invalid(format!(
                "expected an array of dtype {} ('{}'), found dtype {} ('{}')",
                T::ID,
                T::DESCR,
                other.dtype(),
                other.descr()
            ))
        })
    }

    /// A reference to the typed array, when the dtype is `T`.
    ///
    /// ```
    /// use kernels_std::{c64, io::AnyArray, Array, Device};
    /// let any = AnyArray::from(Array::scalar(&Device::cpu(), c64::new(1.0, 2.0)).unwrap());
    /// assert!(any.as_array::<c64>().is_some());
    /// assert!(any.as_array::<f32>().is_none());
    /// ```
    pub fn as_array<T: NpyDType>(&self) -> Option<&Array<T>> {
        T::ref_any(self)
    }

    /// Writes the `.npy` file of the array to `out`.
    fn write_npy(&self, out: &mut dyn Write) -> Result<()> {
        with_array!(self, a => npy::write(a, out))
    }
}

fn dtype_of<T: NpyDType>(_: &Array<T>) -> DTypeId {
    T::ID
}

fn descr_of<T: NpyDType>(_: &Array<T>) -> &'static str {
    T::DESCR
}

impl<T: NpyDType> From<Array<T>> for AnyArray {
    fn from(array: Array<T>) -> Self {
        T::into_any(array)
    }
}

/// A new handle on the same elements (no copy).
impl<T: NpyDType> From<&Array<T>> for AnyArray {
    fn from(array: &Array<T>) -> Self {
        T::into_any(array.clone())
    }
}

/// A new handle on the same elements (no copy).
impl From<&AnyArray> for AnyArray {
    fn from(array: &AnyArray) -> Self {
        array.clone()
    }
}

/// An [`Error::Io`] whose message names the path.
fn io_error(path: &Path, e: std::io::Error) -> Error {
    Error::Io(std::io::Error::new(
        e.kind(),
        format!("{}: {e}", path.display()),
    ))
}

/// Names the path in an [`Error::Io`] that does not name it yet.
fn name_path(path: &Path, e: Error) -> Error {
    match e {
        Error::Io(e) => io_error(path, e),
        other => other,
    }
}

/// Opens `path` for reading; returns the file and its length.
fn open_file(path: &Path) -> Result<(File, u64)> {
    let file = File::open(path).map_err(|e| io_error(path, e))?;
    let len = file.metadata().map_err(|e| io_error(path, e))?.len();
    Ok((file, len))
}

/// Creates (or truncates) `path` and lets `write` fill it through a buffer.
fn create_file<T>(path: &Path, write: impl FnOnce(&mut BufWriter<File>) -> Result<T>) -> Result<T> {
    let file = File::create(path).map_err(|e| io_error(path, e))?;
    let mut out = BufWriter::with_capacity(1 << 16, file);
    let value = write(&mut out).map_err(|e| name_path(path, e))?;
    out.flush().map_err(|e| io_error(path, e))?;
    Ok(value)
}

/// Writes `array` to a `.npy` file at `path` (NumPy's `np.save`), replacing any file there.
///
/// The file is what `np.save` writes for the same array: format 1.0, C order, little-endian.
/// Unlike NumPy, the path is used as given (no `.npy` is appended). An array on a GPU is
/// copied to the host first; an expression is evaluated first.
///
/// ```
/// use kernels_std::{io, Array, Device};
/// # fn main() -> kernels_std::Result<()> {
/// let path = std::env::temp_dir().join(format!("io_save_doc_{}.npy", std::process::id()));
/// let a = Array::from_vec(&Device::cpu(), &[2, 3], (0..6).collect::<Vec<i32>>())?;
/// io::save(&path, &a)?;
/// let bytes = std::fs::read(&path)?;
/// assert!(bytes.starts_with(b"\x93NUMPY\x01\x00"));
/// assert_eq!(bytes.len(), 128 + 6 * 4); // a 128-byte header, then the data
/// io::save(&path, &a * 2)?; // an expression: evaluated, then written
/// assert_eq!(io::load::<i32>(&path, &Device::cpu())?.to_vec()?, vec![0, 2, 4, 6, 8, 10]);
/// # std::fs::remove_file(&path)?;
/// # Ok(())
/// # }
/// ```
pub fn save<T: NpyDType>(path: impl AsRef<Path>, array: impl AsArray<T>) -> Result<()> {
    let array = array.as_array()?;
    create_file(path.as_ref(), |out| npy::write(&array, out))
}

/// Reads a `.npy` file holding an array of dtype `T` (NumPy's `np.load`) onto `device`.
///
/// The array comes back C-contiguous whatever the file's order and byte order. A file of
/// another dtype is an error naming both dtypes; use [`load_any`] to accept any dtype.
///
/// ```
/// use kernels_std::{io, Array, Device};
/// # fn main() -> kernels_std::Result<()> {
/// let dev = Device::cpu();
/// let path = std::env::temp_dir().join(format!("io_load_doc_{}.npy", std::process::id()));
/// io::save(&path, &Array::from_vec(&dev, &[3], vec![1u8, 2, 3])?)?;
/// assert_eq!(io::load::<u8>(&path, &dev)?.to_vec()?, vec![1, 2, 3]);
/// let err = io::load::<f32>(&path, &dev).unwrap_err().to_string();
/// assert!(err.contains("u8") && err.contains("f32"), "{err}");
/// # std::fs::remove_file(&path)?;
/// # Ok(())
/// # }
/// ```
pub fn load<T: NpyDType>(path: impl AsRef<Path>, device: &Device) -> Result<Array<T>> {
    let path = path.as_ref();
    let (file, len) = open_file(path)?;
    let mut reader = BufReader::new(file);
    npy::Source {
        reader: &mut reader,
        len: Some(len),
        declared: false,
        label: &path.display().to_string(),
    }
    .read_typed(device)
}

/// Reads a `.npy` file of any supported dtype onto `device`; match on the result or call
/// [`AnyArray::downcast`].
///
/// ```
/// use kernels_std::{io, io::AnyArray, Array, Device};
/// # fn main() -> kernels_std::Result<()> {
/// let dev = Device::cpu();
/// let path = std::env::temp_dir().join(format!("io_load_any_doc_{}.npy", std::process::id()));
/// io::save(&path, &Array::from_vec(&dev, &[2], vec![0.5f32, 1.5])?)?;
/// match io::load_any(&path, &dev)? {
///     AnyArray::F32(a) => assert_eq!(a.to_vec()?, vec![0.5, 1.5]),
///     other => panic!("unexpected dtype {}", other.dtype()),
/// }
/// # std::fs::remove_file(&path)?;
/// # Ok(())
/// # }
/// ```
pub fn load_any(path: impl AsRef<Path>, device: &Device) -> Result<AnyArray> {
    let path = path.as_ref();
    let (file, len) = open_file(path)?;
    let mut reader = BufReader::new(file);
    npy::Source {
        reader: &mut reader,
        len: Some(len),
        declared: false,
        label: &path.display().to_string(),
    }
    .read_any(device)
}

/// Reads a `.npy` stream holding an array of dtype `T` from `reader` (NumPy's `np.load` of a
/// file object), which must end with the data. Memory grows with the data that actually
/// arrives, whatever the header announces. Errors name the source `<reader>`.
///
/// ```
/// use kernels_std::{io, Array, Device};
/// # fn main() -> kernels_std::Result<()> {
/// let dev = Device::cpu();
/// let mut bytes = Vec::new();
/// io::save_to(&mut bytes, &Array::from_vec(&dev, &[2], vec![5i16, -5])?)?;
/// assert_eq!(io::load_from::<i16>(&bytes[..], &dev)?.to_vec()?, vec![5, -5]);
/// assert!(io::load_from::<i16>(&bytes[..bytes.len() - 1], &dev).is_err()); // truncated
/// # Ok(())
/// # }
/// ```
pub fn load_from<T: NpyDType>(mut reader: impl Read, device: &Device) -> Result<Array<T>> {
    npy::Source {
        reader: &mut reader,
        len: None,
        declared: false,
        label: "<reader>",
    }
    .read_typed(device)
}

/// Reads a `.npy` stream of any supported dtype from `reader` (see [`load_from`]).
///
/// ```
/// use kernels_std::{io, Array, DTypeId, Device};
/// # fn main() -> kernels_std::Result<()> {
/// let dev = Device::cpu();
/// let mut bytes = Vec::new();
/// io::save_to(&mut bytes, &Array::from_vec(&dev, &[1], vec![true])?)?;
/// assert_eq!(io::load_any_from(&bytes[..], &dev)?.dtype(), DTypeId::Bool);
/// # Ok(())
/// # }
/// ```
pub fn load_any_from(mut reader: impl Read, device: &Device) -> Result<AnyArray> {
    npy::Source {
        reader: &mut reader,
        len: None,
        declared: false,
        label: "<reader>",
    }
    .read_any(device)
}

/// Writes the `.npy` bytes of `array` to `writer` (NumPy's `np.save` to a file object): the
/// same bytes as [`save`].
///
/// ```
/// use kernels_std::{io, Array, Device};
/// # fn main() -> kernels_std::Result<()> {
/// let mut bytes = Vec::new();
/// io::save_to(&mut bytes, &Array::from_vec(&Device::cpu(), &[3], vec![1u8, 2, 3])?)?;
/// assert_eq!((bytes.len(), &bytes[..6]), (128 + 3, &b"\x93NUMPY"[..]));
/// # Ok(())
/// # }
/// ```
pub fn save_to<T: NpyDType>(mut writer: impl Write, array: &Array<T>) -> Result<()> {
    npy::write(array, &mut writer)?;
    writer.flush()?;
    Ok(())
}
