//! Raw-memory helpers: viewing dtype slices as bytes and back. One of the few modules where
//! `unsafe` is allowed; every dtype is plain old data (sealed [`DType`]), which is what makes
//! these casts sound.

use crate::dtype::DType;

/// Views a slice of elements as its bytes.
pub fn as_bytes<T: DType>(s: &[T]) -> &[u8] {
    // SAFETY: every `DType` is a plain-old-data type without padding (sealed set: bool, integers,
    // half floats, floats, complex of floats); any initialised value is valid as bytes, and the
    // length covers exactly the slice's memory.
    unsafe { std::slice::from_raw_parts(s.as_ptr().cast::<u8>(), std::mem::size_of_val(s)) }
}

/// The bytes of one value.
pub fn value_bytes<T: DType>(v: &T) -> &[u8] {
    as_bytes(std::slice::from_ref(v))
}

/// Views a mutable slice of elements as its bytes.
pub fn as_bytes_mut<T: DType>(s: &mut [T]) -> &mut [u8] {
    let len = std::mem::size_of_val(s);
    // SAFETY: as in `as_bytes`; the exclusive borrow of `s` is carried over to the result, and
    // the kernels that write these bytes write valid values of `T` (0/1 for `bool`).
    unsafe { std::slice::from_raw_parts_mut(s.as_mut_ptr().cast::<u8>(), len) }
}

/// Views bytes as elements. Panics if the bytes are misaligned or not a whole number of
/// elements: callers hand in bytes that came from a `[T]` or from an aligned buffer.
pub fn cast_slice<T: DType>(b: &[u8]) -> &[T] {
    let size = std::mem::size_of::<T>();
    assert!(
        b.len().is_multiple_of(size)
            && (b.as_ptr() as usize).is_multiple_of(std::mem::align_of::<T>()),
        "byte slice is not a valid [{}]",
        T::ID
    );
    // SAFETY: alignment and length checked above; the bytes hold valid `T`s (they come from a
    // `[T]`, or were written as `T`s into an aligned scratch buffer).
    unsafe { std::slice::from_raw_parts(b.as_ptr().cast::<T>(), b.len() / size) }
}

/// Views bytes as elements, mutably. Same preconditions as [`cast_slice`].
pub fn cast_slice_mut<T: DType>(b: &mut [u8]) -> &mut [T] {
    let size = std::mem::size_of::<T>();
    assert!(
        b.len().is_multiple_of(size)
            && (b.as_ptr() as usize).is_multiple_of(std::mem::align_of::<T>()),
        "byte slice is not a valid [{}]",
        T::ID
    );
    // SAFETY: as in `cast_slice`, with the exclusive borrow carried over.
    unsafe { std::slice::from_raw_parts_mut(b.as_mut_ptr().cast::<T>(), b.len() / size) }
}

/// Scratch buffers (`u128`, so aligned for every dtype) as bytes.
pub fn as_bytes_u128(v: &[u128]) -> &[u8] {
    // SAFETY: `u128` has no padding and any bytes are valid to read; the length covers exactly
    // the slice's memory.
    unsafe { std::slice::from_raw_parts(v.as_ptr().cast::<u8>(), std::mem::size_of_val(v)) }
}

/// Scratch buffers as mutable bytes.
pub fn as_bytes_mut_u128(v: &mut [u128]) -> &mut [u8] {
    let len = std::mem::size_of_val(v);
    // SAFETY: as above; any byte pattern is a valid `u128`, and the exclusive borrow carries over.
    unsafe { std::slice::from_raw_parts_mut(v.as_mut_ptr().cast::<u8>(), len) }
}
