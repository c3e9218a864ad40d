//! Rounding: `floor`, `ceil`, `trunc` (integers keep their dtype and values) and `around`
//! (half to even). `rint` is with the float functions (integers give floats).

use crate::math::{kernels, MathNum};
use crate::prelude::*;
use array_runtime::IntoOperand;

/// The largest integer not above `x` (NumPy's `floor`); integers are returned unchanged, in
/// their dtype.
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![-1.5f32, 2.7, -0.0])?;
/// assert_eq!(math::floor(&x)?.to_vec()?, vec![-2.0, 2.0, -0.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn floor<'a, T: MathNum>(x: impl IntoOperand<'a, T>) -> Result<Array<T>> {
    T::floor(x)
}

/// The smallest integer not below `x` (NumPy's `ceil`); integers unchanged.
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[2], vec![-1.5f64, 2.1])?;
/// assert_eq!(math::ceil(&x)?.to_vec()?, vec![-1.0, 3.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn ceil<'a, T: MathNum>(x: impl IntoOperand<'a, T>) -> Result<Array<T>> {
    T::ceil(x)
}

/// `x` rounded toward zero (NumPy's `trunc`, `fix`); integers unchanged.
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[2], vec![-1.5f64, 2.7])?;
/// assert_eq!(math::trunc(&x)?.to_vec()?, vec![-1.0, 2.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn trunc<'a, T: MathNum>(x: impl IntoOperand<'a, T>) -> Result<Array<T>> {
    T::trunc(x)
}

/// `x` rounded to `decimals` decimal places, half to even (NumPy's `around`, `round`):
/// `rint(x * 10^decimals) / 10^decimals`, or for negative `decimals` `rint(x / 10^-decimals)
/// * 10^-decimals`, each step in `T` as NumPy computes it (so `around(0.045, 2) == 0.04`,
/// `0.045` being slightly below it in binary).
///
/// Where we differ from NumPy: floats only (NumPy's integer `around` with negative decimals is
/// not provided); `decimals` beyond the dtype's range of powers of ten gives inf/NaN factors
/// as NumPy's would.
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[4], vec![2.5f64, 1.25, 15.0, -0.5])?;
/// assert_eq!(math::around(&x, 0)?.to_vec()?, vec![2.0, 1.0, 15.0, -0.0]);
/// assert_eq!(math::around(&x, 1)?.to_vec()?, vec![2.5, 1.2, 15.0, -0.5]);
/// assert_eq!(math::around(&x, -1)?.to_vec()?, vec![0.0, 0.0, 20.0, -0.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn around<'a, T>(x: impl IntoOperand<'a, T>, decimals: i32) -> Result<Array<T>>
where
    T: Float + for<'s> IntoOperand<'s, T>,
{
    let factor = 10f64.powi(decimals.unsigned_abs().min(i32::MAX as u32) as i32);
    let factor = T::from(factor).unwrap_or_else(T::infinity);
    kernels::around::<T>(x, factor, decimals < 0)
}
