//! NumPy's integer functions: `gcd`, `lcm`, `bitwise_count`.

use crate::math::kernels;
use crate::prelude::*;
use array_runtime::IntoOperand;

/// The greatest common divisor of `|x|` and `|y|` (NumPy's `gcd`; `gcd(0, 0) == 0`); integers,
/// in their dtype. As in NumPy, the magnitude of the minimum wraps: `gcd(i8::MIN, 0) ==
/// i8::MIN`.
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![12i32, -18, 0])?;
/// assert_eq!(math::gcd(&x, 8)?.to_vec()?, vec![4, 2, 8]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn gcd<'a, T: Int>(x: impl IntoOperand<'a, T>, y: impl IntoOperand<'a, T>) -> Result<Array<T>> {
    kernels::gcd::<T>(x, y)
}

/// The least common multiple of `|x|` and `|y|` (NumPy's `lcm`; 0 when either is 0); integers,
/// in their dtype, wrapping on overflow as NumPy does (`lcm(100i8, 3) == 44`).
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![4u16, 6, 0])?;
/// assert_eq!(math::lcm(&x, 6u16)?.to_vec()?, vec![12, 6, 0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn lcm<'a, T: Int>(x: impl IntoOperand<'a, T>, y: impl IntoOperand<'a, T>) -> Result<Array<T>> {
    kernels::lcm::<T>(x, y)
}

/// The number of one bits of `|x|` (NumPy's `bitwise_count`), a `u8`; integers (NumPy's
/// `bitwise_count` of `bool` is that of `bool as i8`: `x.astype::<i8>()`).
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[4], vec![0i8, 7, -1, i8::MIN])?;
/// assert_eq!(math::bitwise_count(&x)?.to_vec()?, vec![0, 3, 1, 1]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn bitwise_count<'a, T: Int>(x: impl IntoOperand<'a, T>) -> Result<Array<u8>> {
    kernels::bitwise_count::<T>(x)
}
