//! Logic on truth values (`logical_and`, `logical_or`, `logical_xor`, `logical_not`: nonzero
//! is true, NaN too) and the three-argument `where`.

use crate::math::kernels;
use crate::prelude::*;
use array_runtime::IntoOperand;

/// Both operands nonzero (NumPy's `logical_and`); any dtype, NaN counts as true.
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![0.0f32, f32::NAN, 2.0])?;
/// assert_eq!(math::logical_and(&x, 1.0f32)?.to_vec()?, vec![false, true, true]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn logical_and<'a, T: DType>(
    x: impl IntoOperand<'a, T>,
    y: impl IntoOperand<'a, T>,
) -> Result<Array<bool>> {
    kernels::logical_and::<T>(x, y)
}

/// Either operand nonzero (NumPy's `logical_or`); any dtype.
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[2], vec![0i32, 0])?;
/// let y = Array::from_vec(&Device::cpu(), &[2], vec![0i32, 5])?;
/// assert_eq!(math::logical_or(&x, &y)?.to_vec()?, vec![false, true]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn logical_or<'a, T: DType>(
    x: impl IntoOperand<'a, T>,
    y: impl IntoOperand<'a, T>,
) -> Result<Array<bool>> {
    kernels::logical_or::<T>(x, y)
}

/// Exactly one operand nonzero (NumPy's `logical_xor`); any dtype.
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[2], vec![true, true])?;
/// let y = Array::from_vec(&Device::cpu(), &[2], vec![true, false])?;
/// assert_eq!(math::logical_xor(&x, &y)?.to_vec()?, vec![false, true]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn logical_xor<'a, T: DType>(
    x: impl IntoOperand<'a, T>,
    y: impl IntoOperand<'a, T>,
) -> Result<Array<bool>> {
    kernels::logical_xor::<T>(x, y)
}

/// The operand is zero (NumPy's `logical_not`); any dtype.
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![0u8, 3, 0])?;
/// assert_eq!(math::logical_not(&x)?.to_vec()?, vec![true, false, true]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn logical_not<'a, T: DType>(x: impl IntoOperand<'a, T>) -> Result<Array<bool>> {
    kernels::logical_not::<T>(x)
}

/// `x` where `cond` is true, else `y` (NumPy's three-argument `where`); the three broadcast
/// together, each an array or a scalar. `cond` may have any dtype: as in NumPy, a nonzero
/// value is true (NaN too; a complex number when either part is nonzero).
///
/// Where we differ from NumPy: the one-argument form (`nonzero`) is not this function.
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let c = Array::from_vec(&Device::cpu(), &[3], vec![true, false, true])?;
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![1.0f32, 2.0, 3.0])?;
/// assert_eq!(math::where_(&c, &x, 0.0f32)?.to_vec()?, vec![1.0, 0.0, 3.0]);
/// // np.where([0, 2, -1], x, 0)
/// let n = Array::from_vec(&Device::cpu(), &[3], vec![0i64, 2, -1])?;
/// assert_eq!(math::where_(&n, &x, 0.0f32)?.to_vec()?, vec![0.0, 2.0, 3.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn where_<'a, C: DType, T: DType>(
    cond: impl IntoOperand<'a, C>,
    x: impl IntoOperand<'a, T>,
    y: impl IntoOperand<'a, T>,
) -> Result<Array<T>> {
    kernels::where_nonzero::<C, T>(cond, x, y)
}
