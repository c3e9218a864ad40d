//! Float classification: `isnan`, `isinf`, `isfinite`, `signbit`.

use crate::math::kernels;
use crate::prelude::*;
use array_runtime::IntoOperand;

/// Whether `x` is NaN (NumPy's `isnan`).
///
/// Where we differ from NumPy: floats only (integers are never NaN).
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![1.0f32, f32::NAN, f32::INFINITY])?;
/// assert_eq!(math::isnan(&x)?.to_vec()?, vec![false, true, false]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn isnan<'a, T: Float>(x: impl IntoOperand<'a, T>) -> Result<Array<bool>> {
    kernels::isnan::<T>(x)
}

/// Whether `x` is `+-inf` (NumPy's `isinf`); floats only.
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![1.0f32, f32::NAN, f32::NEG_INFINITY])?;
/// assert_eq!(math::isinf(&x)?.to_vec()?, vec![false, false, true]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn isinf<'a, T: Float>(x: impl IntoOperand<'a, T>) -> Result<Array<bool>> {
    kernels::isinf::<T>(x)
}

/// Whether `x` is neither infinite nor NaN (NumPy's `isfinite`); floats only.
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![1.0f32, f32::NAN, f32::INFINITY])?;
/// assert_eq!(math::isfinite(&x)?.to_vec()?, vec![true, false, false]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn isfinite<'a, T: Float>(x: impl IntoOperand<'a, T>) -> Result<Array<bool>> {
    kernels::isfinite::<T>(x)
}

/// Whether the sign bit of `x` is set: negative numbers, `-0.0`, negative NaNs (NumPy's
/// `signbit`); floats only.
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![-0.0f64, 0.0, -2.0])?;
/// assert_eq!(math::signbit(&x)?.to_vec()?, vec![true, false, true]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn signbit<'a, T: Float>(x: impl IntoOperand<'a, T>) -> Result<Array<bool>> {
    kernels::signbit::<T>(x)
}
