//! Arrays filled with one value: `zeros`, `ones`, `full`, `empty` and their `_like` forms,
//! and `copy`.

use array_runtime::{bf16, c128, c64, f16, Array, DType, Device, Result};

/// The dtypes' `1` (`true` for `bool`, `1 + 0i` for complex): what [`ones`] fills with.
pub trait One: DType {
    /// The value one.
    fn one() -> Self;
}

macro_rules! one {
    ($($t:ty => $v:expr),* $(,)?) => {$(
        impl One for $t {
            fn one() -> Self {
                $v
            }
        }
    )*};
}
one!(
    bool => true, i8 => 1, i16 => 1, i32 => 1, i64 => 1, u8 => 1, u16 => 1, u32 => 1,
    u64 => 1, f16 => f16::ONE, bf16 => bf16::ONE, f32 => 1.0, f64 => 1.0,
    c64 => c64::new(1.0, 0.0), c128 => c128::new(1.0, 0.0),
);

/// An array of `shape` filled with zeros (`0`, `0.0`, `false`) on `device` (NumPy's `zeros`;
/// the dtype is the type parameter).
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::creation::zeros;
/// let z = zeros::<f32>(&Device::cpu(), &[2, 3])?;
/// assert_eq!(z.to_vec()?, vec![0.0; 6]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn zeros<T: DType>(device: &Device, shape: &[usize]) -> Result<Array<T>> {
    Array::zeros(device, shape)
}

/// An array of `shape` filled with ones on `device` (NumPy's `ones`).
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::creation::ones;
/// assert_eq!(ones::<bool>(&Device::cpu(), &[2])?.to_vec()?, vec![true, true]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn ones<T: One>(device: &Device, shape: &[usize]) -> Result<Array<T>> {
    Array::full(device, shape, T::one())
}

/// An array of `shape` filled with `value` on `device` (NumPy's `full`).
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::creation::full;
/// assert_eq!(full(&Device::cpu(), &[3], 7u8)?.to_vec()?, vec![7, 7, 7]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn full<T: DType>(device: &Device, shape: &[usize], value: T) -> Result<Array<T>> {
    Array::full(device, shape, value)
}

/// NumPy's `empty`: here the same as [`zeros`] (a GPU buffer is filled by a kernel, a host
/// buffer comes zeroed from the allocator), so no uninitialised value is ever read.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::creation::empty;
/// assert_eq!(empty::<i16>(&Device::cpu(), &[2, 0])?.shape(), &[2, 0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn empty<T: DType>(device: &Device, shape: &[usize]) -> Result<Array<T>> {
    zeros(device, shape)
}

/// Zeros of `a`'s shape and dtype on `a`'s device (NumPy's `zeros_like`).
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::creation::zeros_like;
/// let a = Array::from_vec(&Device::cpu(), &[2], vec![3i64, 4])?;
/// assert_eq!(zeros_like(&a)?.to_vec()?, vec![0, 0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn zeros_like<T: DType>(a: &Array<T>) -> Result<Array<T>> {
    zeros(&a.device(), a.shape())
}

/// Ones of `a`'s shape and dtype on `a`'s device (NumPy's `ones_like`).
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::creation::ones_like;
/// let a = Array::from_vec(&Device::cpu(), &[2], vec![3.5f64, 4.0])?;
/// assert_eq!(ones_like(&a)?.to_vec()?, vec![1.0, 1.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn ones_like<T: One>(a: &Array<T>) -> Result<Array<T>> {
    ones(&a.device(), a.shape())
}

/// `value` in `a`'s shape on `a`'s device (NumPy's `full_like`; the dtype is `a`'s).
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::creation::full_like;
/// let a = Array::<u16>::zeros(&Device::cpu(), &[2, 2])?;
/// assert_eq!(full_like(&a, 9)?.to_vec()?, vec![9; 4]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn full_like<T: DType>(a: &Array<T>, value: T) -> Result<Array<T>> {
    full(&a.device(), a.shape(), value)
}

/// NumPy's `empty_like`: here the same as [`zeros_like`] (see [`empty`]).
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::creation::empty_like;
/// let a = Array::<f32>::zeros(&Device::cpu(), &[3])?;
/// assert_eq!(empty_like(&a)?.shape(), &[3]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn empty_like<T: DType>(a: &Array<T>) -> Result<Array<T>> {
    zeros_like(a)
}

/// A C-contiguous copy of `a` with storage of its own, made on `a`'s device by a kernel
/// (NumPy's `np.copy`). Views of any layout (transposed, strided, reversed, broadcast) are
/// accepted.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::creation::copy;
/// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![1u8, 2, 3, 4])?;
/// let c = copy(&a.t())?;
/// assert!(c.is_c_contiguous());
/// assert_eq!(c.to_vec()?, vec![1, 3, 2, 4]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn copy<T: DType>(a: &Array<T>) -> Result<Array<T>> {
    a.copy()
}
