//! Elementwise extrema: `maximum`, `minimum` (NaN propagates), `fmax`, `fmin` (NaN ignored)
//! and `clip`.
//!
//! Between `0.0` and `-0.0` these return the first operand; NumPy's choice varies with the
//! dtype and the loop (its `f16` loop returns the first, its `f32`/`f64` SIMD loops the
//! second), so the sign of such a zero is not specified.

use crate::math::kernels;
use crate::prelude::*;
use array_runtime::IntoOperand;

/// The larger of `x` and `y` (NumPy's `maximum`); a NaN operand gives NaN (Rust's `f64::max`
/// would drop it).
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![1.0f32, f32::NAN, 5.0])?;
/// let y = math::maximum(&x, 2.0f32)?.to_vec()?;
/// assert_eq!((y[0], y[1].is_nan(), y[2]), (2.0, true, 5.0));
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn maximum<'a, T: Num>(
    x: impl IntoOperand<'a, T>,
    y: impl IntoOperand<'a, T>,
) -> Result<Array<T>> {
    kernels::maximum::<T>(x, y)
}

/// The smaller of `x` and `y` (NumPy's `minimum`); a NaN operand gives NaN.
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![1i64, -4, 5])?;
/// assert_eq!(math::minimum(&x, 2i64)?.to_vec()?, vec![1, -4, 2]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn minimum<'a, T: Num>(
    x: impl IntoOperand<'a, T>,
    y: impl IntoOperand<'a, T>,
) -> Result<Array<T>> {
    kernels::minimum::<T>(x, y)
}

/// The larger of `x` and `y` ignoring NaN (NumPy's `fmax`): NaN only when both are.
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[2], vec![1.0f64, f64::NAN])?;
/// assert_eq!(math::fmax(&x, 2.0)?.to_vec()?, vec![2.0, 2.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn fmax<'a, T: Num>(
    x: impl IntoOperand<'a, T>,
    y: impl IntoOperand<'a, T>,
) -> Result<Array<T>> {
    kernels::fmax::<T>(x, y)
}

/// The smaller of `x` and `y` ignoring NaN (NumPy's `fmin`).
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[2], vec![1.0f64, f64::NAN])?;
/// assert_eq!(math::fmin(&x, 2.0)?.to_vec()?, vec![1.0, 2.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn fmin<'a, T: Num>(
    x: impl IntoOperand<'a, T>,
    y: impl IntoOperand<'a, T>,
) -> Result<Array<T>> {
    kernels::fmin::<T>(x, y)
}

/// `x` limited to `[lo, hi]` (NumPy's `clip`): `minimum(maximum(x, lo), hi)`, so `lo > hi`
/// gives `hi` and a NaN anywhere gives NaN. Each operand is an array or a scalar.
///
/// Where we differ from NumPy: both bounds are required (NumPy accepts `None` for one); pass
/// the dtype's extreme (`f64::NEG_INFINITY`, `i32::MAX`) for an open side.
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[4], vec![-5i32, 0, 5, 10])?;
/// assert_eq!(math::clip(&x, 0, 6)?.to_vec()?, vec![0, 0, 5, 6]);
/// assert_eq!(math::clip(&x, 6, 0)?.to_vec()?, vec![0, 0, 0, 0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn clip<'a, T: Num>(
    x: impl IntoOperand<'a, T>,
    lo: impl IntoOperand<'a, T>,
    hi: impl IntoOperand<'a, T>,
) -> Result<Array<T>> {
    kernels::clip::<T>(x, lo, hi)
}
