//! Classification: `isnan`, `isinf`, `isfinite`, `signbit`, of floats and integers.

use crate::math::kernels;
use crate::prelude::*;
use array_runtime::IntoOperand;

/// Integers and floats: NumPy's `isnan`, `isinf`, `isfinite` and `signbit` (integers are
/// never NaN nor infinite; their sign bit is set below zero).
pub trait Classify: DType {
    /// See [`isnan`].
    fn isnan<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<bool>>;
    /// See [`isinf`].
    fn isinf<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<bool>>;
    /// See [`isfinite`].
    fn isfinite<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<bool>>;
    /// See [`signbit`].
    fn signbit<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<bool>>;
}

macro_rules! classify {
    ($nan:ident, $inf:ident, $finite:ident, $sign:ident: $($t:ty),*) => {$(
        impl Classify for $t {
            fn isnan<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<bool>> {
                kernels::$nan::<$t>(x)
            }
            fn isinf<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<bool>> {
                kernels::$inf::<$t>(x)
            }
            fn isfinite<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<bool>> {
                kernels::$finite::<$t>(x)
            }
            fn signbit<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<bool>> {
                kernels::$sign::<$t>(x)
            }
        }
    )*};
}
classify!(isnan, isinf, isfinite, signbit: f16, bf16, f32, f64);
classify!(isnan_int, isinf_int, isfinite_int, signbit_int: i8, i16, i32, i64, u8, u16, u32, u64);

/// Whether `x` is NaN (NumPy's `isnan`); integers never are.
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![1.0f32, f32::NAN, f32::INFINITY])?;
/// assert_eq!(math::isnan(&x)?.to_vec()?, vec![false, true, false]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn isnan<'a, T: Classify>(x: impl IntoOperand<'a, T>) -> Result<Array<bool>> {
    T::isnan(x)
}

/// Whether `x` is `+-inf` (NumPy's `isinf`); integers never are.
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![1.0f32, f32::NAN, f32::NEG_INFINITY])?;
/// assert_eq!(math::isinf(&x)?.to_vec()?, vec![false, false, true]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn isinf<'a, T: Classify>(x: impl IntoOperand<'a, T>) -> Result<Array<bool>> {
    T::isinf(x)
}

/// Whether `x` is neither infinite nor NaN (NumPy's `isfinite`); integers always are.
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![1.0f32, f32::NAN, f32::INFINITY])?;
/// assert_eq!(math::isfinite(&x)?.to_vec()?, vec![true, false, false]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn isfinite<'a, T: Classify>(x: impl IntoOperand<'a, T>) -> Result<Array<bool>> {
    T::isfinite(x)
}

/// Whether the sign bit of `x` is set: negative numbers, `-0.0`, negative NaNs (NumPy's
/// `signbit`); for integers: below zero.
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![-0.0f64, 0.0, -2.0])?;
/// assert_eq!(math::signbit(&x)?.to_vec()?, vec![true, false, true]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn signbit<'a, T: Classify>(x: impl IntoOperand<'a, T>) -> Result<Array<bool>> {
    T::signbit(x)
}
