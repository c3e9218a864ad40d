//! Bits of integers (`bitwise_and`, `bitwise_or`, `bitwise_xor`, `invert`/`bitwise_not`,
//! `left_shift`, `right_shift`); on `bool` the first four are logical.

use crate::prelude::*;
use array_runtime::ops::{self, Bitwise};
use array_runtime::IntoOperand;

/// `x & y` (NumPy's `bitwise_and`); integers and `bool`.
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[2], vec![0b1100u8, 0xff])?;
/// assert_eq!(math::bitwise_and(&x, 0b1010u8)?.to_vec()?, vec![0b1000, 0b1010]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn bitwise_and<'a, T: Bitwise>(
    x: impl IntoOperand<'a, T>,
    y: impl IntoOperand<'a, T>,
) -> Result<Array<T>> {
    T::bitwise_and(x, y)
}

/// `x | y` (NumPy's `bitwise_or`); integers and `bool`.
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[2], vec![0b1100u8, 0])?;
/// assert_eq!(math::bitwise_or(&x, 0b1010u8)?.to_vec()?, vec![0b1110, 0b1010]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn bitwise_or<'a, T: Bitwise>(
    x: impl IntoOperand<'a, T>,
    y: impl IntoOperand<'a, T>,
) -> Result<Array<T>> {
    T::bitwise_or(x, y)
}

/// `x ^ y` (NumPy's `bitwise_xor`); integers and `bool`.
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[2], vec![true, false])?;
/// assert_eq!(math::bitwise_xor(&x, true)?.to_vec()?, vec![false, true]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn bitwise_xor<'a, T: Bitwise>(
    x: impl IntoOperand<'a, T>,
    y: impl IntoOperand<'a, T>,
) -> Result<Array<T>> {
    T::bitwise_xor(x, y)
}

/// `!x`, every bit flipped (NumPy's `invert`, `~`); on `bool` logical not.
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[2], vec![0i8, 5])?;
/// assert_eq!(math::invert(&x)?.to_vec()?, vec![-1, -6]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn invert<'a, T: Bitwise>(x: impl IntoOperand<'a, T>) -> Result<Array<T>> {
    T::invert(x)
}

/// The same function as [`invert`] (NumPy's `bitwise_not`).
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[1], vec![0u16])?;
/// assert_eq!(math::bitwise_not(&x)?.to_vec()?, vec![u16::MAX]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn bitwise_not<'a, T: Bitwise>(x: impl IntoOperand<'a, T>) -> Result<Array<T>> {
    T::invert(x)
}

/// `x << n` (NumPy's `left_shift`): 0 when the count is negative or at least the width (Rust
/// masks the count instead). The count has the dtype of `x`.
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![1i32, 3, 1])?;
/// let n = Array::from_vec(&Device::cpu(), &[3], vec![4i32, 1, 32])?;
/// assert_eq!(math::left_shift(&x, &n)?.to_vec()?, vec![16, 6, 0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn left_shift<'a, T: Int>(
    x: impl IntoOperand<'a, T>,
    n: impl IntoOperand<'a, T>,
) -> Result<Array<T>> {
    ops::left_shift::<T>(x, n)
}

/// `x >> n` (NumPy's `right_shift`): arithmetic for signed integers; a negative count or one
/// at least the width gives all sign bits (`-1` for negative `x`, else 0).
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![-16i64, 16, -16])?;
/// assert_eq!(math::right_shift(&x, 2i64)?.to_vec()?, vec![-4, 4, -4]);
/// assert_eq!(math::right_shift(&x, 64i64)?.to_vec()?, vec![-1, 0, -1]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn right_shift<'a, T: Int>(
    x: impl IntoOperand<'a, T>,
    n: impl IntoOperand<'a, T>,
) -> Result<Array<T>> {
    ops::right_shift::<T>(x, n)
}
