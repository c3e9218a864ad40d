//! The `.npy` format: magic, version, header length, header, then the raw elements.
//!
//! Versions 1.0 (16-bit header length), 2.0 (32-bit) and 3.0 (32-bit, UTF-8 header) are read;
//! we write 1.0, or 2.0 when the header does not fit in 65535 bytes (only arrays of tens of
//! thousands of dimensions). Files we write are byte for byte what `np.save` writes for the same
//! array.

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

/// The bytes of a `.npy` file holding `array` (C order, little-endian).
pub(crate) fn encode<T: NpyDType>(array: &Array<T>) -> Result<Vec<u8>> {
    let values = array.to_vec()?;
    let text = header::format(T::DESCR, array.shape());
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
    let mut out = Vec::with_capacity(prefix + header_len + values.len() * T::ID.size());
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
    for v in values {
        v.put_le(&mut out);
    }
    Ok(out)
}

/// Splits the bytes of a `.npy` file into its header and its data, checking that the data has
/// exactly the size the header announces. `label` names the file in errors.
pub(crate) fn split<'a>(bytes: &'a [u8], label: &str) -> Result<(Header, &'a [u8])> {
    let bad = |msg: String| Error::invalid(format!("{label}: {msg}"));
    if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
        if bytes.starts_with(b"PK\x03\x04") || bytes.starts_with(b"PK\x05\x06") {
            return Err(bad(
                "is a .npz (zip) archive, not a .npy file; read it with `load_npz`".into(),
            ));
        }
        let what = if MAGIC.starts_with(bytes) {
            "truncated: the file ends inside the magic string"
        } else {
            "not a .npy file: it does not start with the magic string \\x93NUMPY"
        };
        return Err(bad(what.into()));
    }
    let Some(&[major, minor]) = bytes.get(6..8) else {
        return Err(bad(
            "truncated: the file ends before the format version".into()
        ));
    };
    let (len_size, utf8) = match (major, minor) {
        (1, 0) => (2, false),
        (2, 0) => (4, false),
        (3, 0) => (4, true),
        _ => {
            return Err(bad(format!(
                "unsupported .npy format version {major}.{minor} (supported: 1.0, 2.0, 3.0)"
            )))
        }
    };
    let start = 8 + len_size;
    let Some(len_bytes) = bytes.get(8..start) else {
        return Err(bad(
            "truncated: the file ends before the header length".into()
        ));
    };
    let header_len = len_bytes
        .iter()
        .rev()
        .fold(0usize, |acc, &b| (acc << 8) | usize::from(b));
    let Some(raw) = bytes.get(start..start.saturating_add(header_len)) else {
        return Err(bad(format!(
            "truncated: the header announces {header_len} bytes, the file has {} after the prefix",
            bytes.len() - start
        )));
    };
    let text: String = if utf8 {
        std::str::from_utf8(raw)
            .map_err(|_| bad("the version 3.0 header is not valid UTF-8".into()))?
            .to_owned()
    } else {
        // Versions 1.0 and 2.0 are latin-1: every byte is the code point of the same value.
        raw.iter().map(|&b| char::from(b)).collect()
    };
    let header = header::parse(&text).map_err(|e| {
        bad(format!(
            "cannot parse the header {:?}: {e}",
            text.trim_end()
        ))
    })?;
    let data = &bytes[start + header_len..];
    let needed = array_runtime::shape::checked_size(&header.shape)
        .ok()
        .and_then(|n| n.checked_mul(header.dtype.size()))
        .ok_or_else(|| bad(format!("shape {:?} has too many elements", header.shape)))?;
    if data.len() != needed {
        let what = if data.len() < needed {
            "truncated"
        } else {
            "trailing bytes"
        };
        return Err(bad(format!(
            "{what}: shape {:?} of dtype {} needs {needed} bytes of data, the file has {}",
            header.shape,
            header.dtype,
            data.len()
        )));
    }
    Ok((header, data))
}

/// The array described by `header` from its `data`, on `device`: byte-swapped when stored
/// big-endian, reordered to C order when stored in Fortran order.
pub(crate) fn decode<T: NpyDType>(
    header: &Header,
    data: &[u8],
    device: &Device,
) -> Result<Array<T>> {
    let size = T::ID.size();
    let swapped;
    let data = if header.big_endian && size > 1 {
        // A complex number is two floats, each stored in the file's byte order.
        let unit = if T::ID.is_complex() { size / 2 } else { size };
        let mut bytes = data.to_vec();
        bytes.chunks_exact_mut(unit).for_each(|c| c.reverse());
        swapped = bytes;
        &swapped[..]
    } else {
        data
    };
    let mut values: Vec<T> = data.chunks_exact(size).map(T::from_le).collect();
    if header.fortran_order && header.shape.len() > 1 {
        // Fortran order of shape s is C order of s reversed; its transpose is our array.
        let reversed: Vec<usize> = header.shape.iter().rev().copied().collect();
        values = Array::from_vec(&Device::cpu(), &reversed, values)?
            .t()
            .to_vec()?;
    }
    Array::from_vec(device, &header.shape, values)
}

/// The array of a `.npy` file's bytes, whatever its dtype.
pub(crate) fn decode_any(bytes: &[u8], label: &str, device: &Device) -> Result<AnyArray> {
    let (header, data) = split(bytes, label)?;
    fn typed<T: NpyDType>(h: &Header, data: &[u8], device: &Device) -> Result<AnyArray> {
        decode::<T>(h, data, device).map(T::into_any)
    }
    match header.dtype {
        DTypeId::Bool => typed::<bool>(&header, data, device),
        DTypeId::I8 => typed::<i8>(&header, data, device),
        DTypeId::I16 => typed::<i16>(&header, data, device),
        DTypeId::I32 => typed::<i32>(&header, data, device),
        DTypeId::I64 => typed::<i64>(&header, data, device),
        DTypeId::U8 => typed::<u8>(&header, data, device),
        DTypeId::U16 => typed::<u16>(&header, data, device),
        DTypeId::U32 => typed::<u32>(&header, data, device),
        DTypeId::U64 => typed::<u64>(&header, data, device),
        DTypeId::F16 => typed::<f16>(&header, data, device),
        DTypeId::F32 => typed::<f32>(&header, data, device),
        DTypeId::F64 => typed::<f64>(&header, data, device),
        DTypeId::C64 => typed::<c64>(&header, data, device),
        DTypeId::C128 => typed::<c128>(&header, data, device),
        other => Err(Error::invalid(format!(
            "{label}: dtype {other} cannot be read from a .npy file"
        ))),
    }
}

/// The typed array of a `.npy` file's bytes; an error naming both dtypes when they differ.
pub(crate) fn decode_typed<T: NpyDType>(
    bytes: &[u8],
    label: &str,
    device: &Device,
) -> Result<Array<T>> {
    let (header, data) = split(bytes, label)?;
    if header.dtype != T::ID {
        return Err(Error::invalid(format!(
            "{label}: the file holds dtype {} ('{}'), but {} ('{}') was asked for",
            header.dtype,
            header::descr_of(header.dtype).unwrap_or("?"),
            T::ID,
            T::DESCR
        )));
    }
    decode(&header, data, device)
}
