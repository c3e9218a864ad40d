//! The `.npy` format: magic, version, header length, header, then the raw elements.
//!
//! Versions 1.0 (16-bit header length), 2.0 (32-bit) and 3.0 (32-bit, UTF-8 header) are read;
//! we write 1.0, or 2.0 when the header does not fit in 65535 bytes (as `np.save` does; no
//! array of at most 64 dimensions needs it). Files we write are byte for byte what `np.save`
//! writes for the same array.

use std::io::{self, Read, Write};

use array_runtime::cpu::host_vec;
use array_runtime::{c128, c64, f16, Array, DType, DTypeId, Device, Error, Result};

use super::header::{self, Header};
use super::AnyArray;

/// The first six bytes of every `.npy` file.
pub(crate) const MAGIC: &[u8; 6] = b"\x93NUMPY";

/// NumPy pads the header so that the data starts at a multiple of this many bytes.
const ALIGN: usize = 64;

mod sealed {
    pub trait Sealed {}
}

/// A dtype that has a NumPy counterpart, so it can be stored in `.npy` and `.npz` files: every
/// dtype of the runtime except `bf16`.
///
/// NumPy has no bfloat16, so [`save`](super::save) of an `Array<bf16>` does not compile. Convert
/// to `f32` first, which is exact:
///
/// ```compile_fail
/// use kernels_std::{bf16, io, Array, Device};
/// let a = Array::from_vec(&Device::cpu(), &[1], vec![bf16::ONE]).unwrap();
/// io::save("a.npy", &a).unwrap(); // error: `bf16` has no NumPy dtype
/// ```
///
/// ```
/// use kernels_std::{bf16, io, io::NpyDType, Array, Device};
/// # fn main() -> kernels_std::Result<()> {
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[2], vec![bf16::ONE, bf16::from_f32(0.5)])?;
/// let wide: Vec<f32> = a.to_vec()?.into_iter().map(f32::from).collect();
/// let path = std::env::temp_dir().join(format!("npy_dtype_doc_{}.npy", std::process::id()));
/// io::save(&path, &Array::from_vec(&dev, a.shape(), wide)?)?;
/// assert_eq!(io::load::<f32>(&path, &dev)?.to_vec()?, vec![1.0, 0.5]);
/// assert_eq!(f32::DESCR, "<f4");
/// # std::fs::remove_file(&path)?;
/// # Ok(())
/// # }
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no NumPy dtype, so it cannot be stored in a .npy file",
    note = "for bf16, convert to f32 first (exact): `a.to_vec()?.into_iter().map(f32::from)`"
)]
pub trait NpyDType: DType + sealed::Sealed {
    /// NumPy's type string for the dtype stored little-endian (`"<f4"`, `"|b1"`).
    const DESCR: &'static str;

    /// Decodes one element from its `ID.size()` little-endian bytes.
    #[doc(hidden)]
    fn from_le(bytes: &[u8]) -> Self;

    /// Appends the element's little-endian bytes.
    #[doc(hidden)]
    fn put_le(self, out: &mut Vec<u8>);

    /// Wraps a typed array in the [`AnyArray`] variant of its dtype.
    #[doc(hidden)]
    fn into_any(array: Array<Self>) -> AnyArray;

    /// The typed array inside `any`, or `any` back when its dtype differs.
    #[doc(hidden)]
    fn from_any(any: AnyArray) -> Result<Array<Self>, AnyArray>;

    /// A reference to the typed array inside `any`, when its dtype is `Self`.
    #[doc(hidden)]
    fn ref_any(any: &AnyArray) -> Option<&Array<Self>>;
}

fn le<const N: usize>(bytes: &[u8]) -> [u8; N] {
    let mut a = [0u8; N];
    a.copy_from_slice(&bytes[..N]);
    a
}

macro_rules! npy_dtype {
    ($($t:ty => $variant:ident, $descr:literal,
       |$b:ident| $from:expr, |$v:ident, $out:ident| $put:expr;)*) => {$(
        impl sealed::Sealed for $t {}
        impl NpyDType for $t {
            const DESCR: &'static str = $descr;
            fn from_le($b: &[u8]) -> Self {
                $from
            }
            fn put_le(self, $out: &mut Vec<u8>) {
                let $v = self;
                $put
            }
            fn into_any(array: Array<Self>) -> AnyArray {
                AnyArray::$variant(array)
            }
            fn from_any(any: AnyArray) -> Result<Array<Self>, AnyArray> {
                match any {
                    AnyArray::$variant(a) => Ok(a),
                    other => Err(other),
                }
            }
            fn ref_any(any: &AnyArray) -> Option<&Array<Self>> {
                match any {
                    AnyArray::$variant(a) => Some(a),
                    _ => None,
                }
            }
        }
    )*};
}

npy_dtype! {
    bool => Bool, "|b1", |b| b[0] != 0, |v, out| out.push(u8::from(v));
    i8 => I8, "|i1", |b| b[0] as i8, |v, out| out.push(v as u8);
    i16 => I16, "<i2", |b| i16::from_le_bytes(le(b)), |v, out| out.extend(v.to_le_bytes());
    i32 => I32, "<i4", |b| i32::from_le_bytes(le(b)), |v, out| out.extend(v.to_le_bytes());
    i64 => I64, "<i8", |b| i64::from_le_bytes(le(b)), |v, out| out.extend(v.to_le_bytes());
    u8 => U8, "|u1", |b| b[0], |v, out| out.push(v);
    u16 => U16, "<u2", |b| u16::from_le_bytes(le(b)), |v, out| out.extend(v.to_le_bytes());
    u32 => U32, "<u4", |b| u32::from_le_bytes(le(b)), |v, out| out.extend(v.to_le_bytes());
    u64 => U64, "<u8", |b| u64::from_le_bytes(le(b)), |v, out| out.extend(v.to_le_bytes());
    f16 => F16, "<f2", |b| f16::from_le_bytes(le(b)), |v, out| out.extend(v.to_le_bytes());
    f32 => F32, "<f4", |b| f32::from_le_bytes(le(b)), |v, out| out.extend(v.to_le_bytes());
    f64 => F64, "<f8", |b| f64::from_le_bytes(le(b)), |v, out| out.extend(v.to_le_bytes());
    c64 => C64, "<c8",
        |b| c64::new(f32::from_le_bytes(le(b)), f32::from_le_bytes(le(&b[4..]))),
        |v, out| { out.extend(v.re.to_le_bytes()); out.extend(v.im.to_le_bytes()) };
    c128 => C128, "<c16",
        |b| c128::new(f64::from_le_bytes(le(b)), f64::from_le_bytes(le(&b[8..]))),
        |v, out| { out.extend(v.re.to_le_bytes()); out.extend(v.im.to_le_bytes()) };
}

/// Bytes read or written at a time when streaming a `.npy` file's data.
const CHUNK: usize = 64 << 10;

/// The prefix and header of a `.npy` file for an array of dtype `descr` and `shape`, as
/// `np.save` writes them: magic, version, header length, header text padded with spaces so
/// that the data starts at a multiple of 64 bytes, and a newline.
pub(crate) fn header_bytes(descr: &str, shape: &[usize]) -> Result<Vec<u8>> {
    let text = header::format(descr, shape);
    // Header text plus its final newline, padded so the data starts aligned; like NumPy, a
    // header that is already aligned still gets a full block of padding.
    let unpadded = text.len() + 1;
    let layout = |len_size: usize| {
        let prefix = MAGIC.len() + 2 + len_size;
        let pad = ALIGN - (prefix + unpadded) % ALIGN;
        (prefix, pad, unpadded + pad)
    };
    let (version, (prefix, pad, header_len)) = match layout(2) {
        v1 if v1.2 <= usize::from(u16::MAX) => (1u8, v1),
        _ => (2u8, layout(4)),
    };
    let mut out = Vec::with_capacity(prefix + header_len);
    out.extend_from_slice(MAGIC);
    out.extend([version, 0]);
    if version == 1 {
        out.extend((header_len as u16).to_le_bytes());
    } else {
        let len = u32::try_from(header_len).map_err(|_| {
            Error::invalid(format!("a .npy header of {header_len} bytes is too long"))
        })?;
        out.extend(len.to_le_bytes());
    }
    out.extend_from_slice(text.as_bytes());
    out.resize(out.len() + pad, b' ');
    out.push(b'\n');
    Ok(out)
}

/// Writes the `.npy` file of `array` (C order, little-endian) to `out`: the header, then the
/// elements converted 64 KiB at a time, so that the only copy of the data is the array's own
/// elements gathered in C order (fallibly: a broadcast view larger than memory is
/// [`Error::OutOfMemory`]).
pub(crate) fn write<T: NpyDType>(array: &Array<T>, out: &mut dyn Write) -> Result<()> {
    let header = header_bytes(T::DESCR, array.shape())?;
    let values = array.to_vec()?;
    out.write_all(&header)?;
    let mut buf = Vec::with_capacity(CHUNK);
    for chunk in values.chunks(CHUNK / T::ID.size()) {
        buf.clear();
        for &v in chunk {
            v.put_le(&mut buf);
        }
        out.write_all(&buf)?;
    }
    Ok(())
}

/// Reads until `buf` is full or the source ends; returns how many bytes were read.
fn read_full(r: &mut dyn Read, buf: &mut [u8]) -> io::Result<usize> {
    let mut n = 0;
    while n < buf.len() {
        match r.read(&mut buf[n..]) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(n)
}

/// A `.npy` stream being read: where it comes from and how many bytes it holds, if known.
pub(crate) struct Source<'a> {
    /// The bytes, from the first byte of the magic string.
    pub reader: &'a mut dyn Read,
    /// The number of bytes the stream holds, when known (a file's length, a zip member's
    /// declared size): checked against the header before anything is allocated. Unknown, the
    /// data is read as it comes and memory grows with what actually arrives.
    pub len: Option<u64>,
    /// Whether `len` is a size declared elsewhere (a zip directory) rather than the bytes
    /// there are: a mismatch then says the declaration is wrong, not the data.
    pub declared: bool,
    /// Names the file in errors.
    pub label: &'a str,
}

impl Source<'_> {
    fn bad(&self, msg: impl std::fmt::Display) -> Error {
        Error::invalid(format!("{}: {msg}", self.label))
    }

    /// An error of the underlying reader: invalid data (a corrupt deflate stream) is
    /// [`Error::Invalid`], a failing file [`Error::Io`], both naming the file.
    fn io(&self, e: io::Error) -> Error {
        match e.kind() {
            io::ErrorKind::InvalidData | io::ErrorKind::UnexpectedEof => self.bad(e),
            _ => Error::Io(io::Error::new(e.kind(), format!("{}: {e}", self.label))),
        }
    }

    fn read_full(&mut self, buf: &mut [u8]) -> Result<usize> {
        read_full(self.reader, buf).map_err(|e| self.io(e))
    }

    /// Reads the magic string, version, header length and header; returns the header and the
    /// number of bytes they took.
    pub(crate) fn header(&mut self) -> Result<(Header, u64)> {
        let mut prefix = [0u8; 12];
        let got = self.read_full(&mut prefix[..8])?;
        let head = &prefix[..got];
        if got < MAGIC.len() || &head[..MAGIC.len()] != MAGIC {
            if head.starts_with(b"PK\x03\x04") || head.starts_with(b"PK\x05\x06") {
                return Err(
                    self.bad("is a .npz (zip) archive, not a .npy file; read it with `load_npz`")
                );
            }
            return Err(self.bad(if MAGIC.starts_with(head) {
                "truncated: the file ends inside the magic string"
            } else {
                "not a .npy file: it does not start with the magic string \\x93NUMPY"
            }));
        }
        if got < 8 {
            return Err(self.bad("truncated: the file ends before the format version"));
        }
        let (major, minor) = (prefix[6], prefix[7]);
        let (len_size, utf8) = match (major, minor) {
            (1, 0) => (2, false),
            (2, 0) => (4, false),
            (3, 0) => (4, true),
            _ => {
                return Err(self.bad(format!(
                    "unsupported .npy format version {major}.{minor} (supported: 1.0, 2.0, 3.0)"
                )))
            }
        };
        let start = 8 + len_size;
        if self.read_full(&mut prefix[8..start])? < len_size {
            return Err(self.bad("truncated: the file ends before the header length"));
        }
        let header_len = prefix[8..start]
            .iter()
            .rev()
            .fold(0u64, |acc, &b| (acc << 8) | u64::from(b));
        let after_prefix = self.len.map(|n| n.saturating_sub(start as u64));
        let truncated = |have: u64| {
            format!(
                "truncated: the header announces {header_len} bytes, the file has {have} after \
                 the prefix"
            )
        };
        if let Some(have) = after_prefix.filter(|&have| have < header_len) {
            return Err(self.bad(truncated(have)));
        }
        let mut raw = Vec::new();
        if after_prefix.is_some() {
            // Bounded by the known length, checked above.
            raw = host_vec::filled(header_len as usize, 0u8)?;
            let got = self.read_full(&mut raw)?;
            raw.truncate(got);
        } else {
            // Read as it arrives: a header length that the source does not back costs nothing.
            (&mut *self.reader)
                .take(header_len)
                .read_to_end(&mut raw)
                .map_err(|e| self.io(e))?;
        }
        if (raw.len() as u64) < header_len {
            return Err(self.bad(truncated(raw.len() as u64)));
        }
        let text: String = if utf8 {
            std::str::from_utf8(&raw)
                .map_err(|_| self.bad("the version 3.0 header is not valid UTF-8"))?
                .to_owned()
        } else {
            // Versions 1.0 and 2.0 are latin-1: every byte is the code point of the same value.
            raw.iter().map(|&b| char::from(b)).collect()
        };
        let header = header::parse(&text).map_err(|e| {
            self.bad(format!(
                "cannot parse the header {:?}: {e}",
                text.trim_end()
            ))
        })?;
        Ok((header, start as u64 + header_len))
    }

    /// Reads the data that `header` describes (its `consumed` bytes already read) into an
    /// array on `device`: the elements are decoded 64 KiB at a time into their final vector,
    /// byte-swapped when stored big-endian; Fortran order is made C order on the host.
    pub(crate) fn data<T: NpyDType>(
        &mut self,
        header: &Header,
        consumed: u64,
        device: &Device,
    ) -> Result<Array<T>> {
        let size = T::ID.size();
        array_runtime::shape::check_ndim(header.shape.len())
            .map_err(|e| self.bad(e.to_string()))?;
        let n = array_runtime::shape::checked_size_of(&header.shape, size)
            .map_err(|_| self.bad(format!("shape {:?} has too many elements", header.shape)))?;
        // `checked_size_of` bounds n * size by isize::MAX.
        let needed = (n * size) as u64;
        let mismatch = |have: u64| {
            let what = if have < needed {
                "truncated"
            } else {
                "trailing bytes"
            };
            format!(
                "{what}: shape {:?} of dtype {} needs {needed} bytes of data, the file has {have}",
                header.shape, header.dtype
            )
        };
        let known = self.len.map(|len| len.saturating_sub(consumed));
        if let Some(have) = known.filter(|&have| have != needed) {
            if self.declared {
                return Err(self.bad(format!(
                    "the archive's directory declares {} bytes for this entry, but its .npy \
                     header ({consumed} bytes) announces shape {:?} of dtype {}: {} bytes in all",
                    self.len.unwrap_or(0),
                    header.shape,
                    header.dtype,
                    consumed + needed
                )));
            }
            return Err(self.bad(mismatch(have)));
        }
        let per_chunk = CHUNK / size;
        let mut values: Vec<T> =
            host_vec::with_capacity(if known.is_some() { n } else { n.min(per_chunk) })?;
        // A complex number is two floats, each stored in the file's byte order.
        let unit = if T::ID.is_complex() { size / 2 } else { size };
        let swap = header.big_endian && unit > 1;
        let mut buf = vec![0u8; per_chunk * size];
        while values.len() < n {
            let k = (n - values.len()).min(per_chunk);
            let bytes = &mut buf[..k * size];
            let got = self.read_full(bytes)?;
            if got < bytes.len() {
                let have = (values.len() * size + got) as u64;
                return Err(self.bad(mismatch(have)));
            }
            if swap {
                bytes.chunks_exact_mut(unit).for_each(|c| c.reverse());
            }
            host_vec::reserve(&mut values, k)?;
            values.extend(bytes.chunks_exact(size).map(T::from_le));
        }
        if known.is_none() && self.read_full(&mut [0u8])? > 0 {
            return Err(self.bad(format!(
                "trailing bytes: shape {:?} of dtype {} needs {needed} bytes of data, the file \
                 has more",
                header.shape, header.dtype
            )));
        }
        if header.fortran_order && header.shape.len() > 1 {
            // Fortran order of shape s is C order of s reversed; its transpose is our array.
            let reversed: Vec<usize> = header.shape.iter().rev().copied().collect();
            let c_order = Array::from_vec(&Device::cpu(), &reversed, values)?
                .t()
                .copy()?;
            return if device.is_cpu() {
                Ok(c_order)
            } else {
                c_order.to_device(device)
            };
        }
        Array::from_vec(device, &header.shape, values)
    }

    /// The array of the stream, whatever its dtype.
    pub(crate) fn read_any(&mut self, device: &Device) -> Result<AnyArray> {
        let (header, consumed) = self.header()?;
        fn typed<T: NpyDType>(
            src: &mut Source<'_>,
            h: &Header,
            consumed: u64,
            device: &Device,
        ) -> Result<AnyArray> {
            src.data::<T>(h, consumed, device).map(T::into_any)
        }
        match header.dtype {
            DTypeId::Bool => typed::<bool>(self, &header, consumed, device),
            DTypeId::I8 => typed::<i8>(self, &header, consumed, device),
            DTypeId::I16 => typed::<i16>(self, &header, consumed, device),
            DTypeId::I32 => typed::<i32>(self, &header, consumed, device),
            DTypeId::I64 => typed::<i64>(self, &header, consumed, device),
            DTypeId::U8 => typed::<u8>(self, &header, consumed, device),
            DTypeId::U16 => typed::<u16>(self, &header, consumed, device),
            DTypeId::U32 => typed::<u32>(self, &header, consumed, device),
            DTypeId::U64 => typed::<u64>(self, &header, consumed, device),
            DTypeId::F16 => typed::<f16>(self, &header, consumed, device),
            DTypeId::F32 => typed::<f32>(self, &header, consumed, device),
            DTypeId::F64 => typed::<f64>(self, &header, consumed, device),
            DTypeId::C64 => typed::<c64>(self, &header, consumed, device),
            DTypeId::C128 => typed::<c128>(self, &header, consumed, device),
            other => Err(self.bad(format!("dtype {other} cannot be read from a .npy file"))),
        }
    }

    /// The typed array of the stream; an error naming both dtypes when they differ.
    pub(crate) fn read_typed<T: NpyDType>(&mut self, device: &Device) -> Result<Array<T>> {
        let (header, consumed) = self.header()?;
        if header.dtype != T::ID {
            return Err(self.bad(format!(
                "the file holds dtype {} ('{}'), but {} ('{}') was asked for",
                header.dtype,
                header::descr_of(header.dtype).unwrap_or("?"),
                T::ID,
                T::DESCR
            )));
        }
        self.data(&header, consumed, device)
    }
}
