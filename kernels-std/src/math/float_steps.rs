//! NumPy's `nextafter` and `spacing`: the neighbouring floats of a dtype. Integer and `bool`
//! inputs give the float dtype of [`ToFloat`] (NumPy's loops are `e`, `f`, `d` only).

use crate::math::{kernels, ToFloat};
use crate::prelude::*;
use array_runtime::IntoOperand;

/// Dtypes with NumPy's `nextafter` and `spacing`: see [`nextafter`] and [`spacing`].
pub trait FloatSteps: ToFloat {
    /// See [`nextafter`].
    fn nextafter<'a>(
        x: impl IntoOperand<'a, Self>,
        y: impl IntoOperand<'a, Self>,
    ) -> Result<Array<Self::Float>>;
    /// See [`spacing`].
    fn spacing<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self::Float>>;
}

/// `(explicit mantissa bits, exponent of the smallest normal number, NumPy's half rules)` of
/// a float dtype.
const fn layout(f: DTypeId) -> (i32, i32, bool) {
    match f {
        DTypeId::F16 => (10, -14, true),
        DTypeId::BF16 => (7, -126, false),
        DTypeId::F32 => (23, -126, false),
        _ => (52, -1022, false),
    }
}

macro_rules! float_steps {
    ($($t:ty => $f:ty, $c:ty;)*) => {$(
        impl FloatSteps for $t {
            fn nextafter<'a>(
                x: impl IntoOperand<'a, Self>,
                y: impl IntoOperand<'a, Self>,
            ) -> Result<Array<$f>> {
                let (mant, emin, half) = layout(<$f as DType>::ID);
                let max = <$f as num_traits::Float>::max_value();
                kernels::nextafter::<$t, $f, $c>(x, y, mant, emin, max, half)
            }
            fn spacing<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<$f>> {
                let (mant, emin, half) = layout(<$f as DType>::ID);
                let max = <$f as num_traits::Float>::max_value();
                kernels::spacing::<$t, $f, $c>(x, mant, emin, max, half)
            }
        }
    )*};
}
float_steps! {
    bool => f16, f32;
    i8 => f16, f32;
    u8 => f16, f32;
    i16 => f32, f32;
    u16 => f32, f32;
    i32 => f64, f64;
    u32 => f64, f64;
    i64 => f64, f64;
    u64 => f64, f64;
    f16 => f16, f32;
    bf16 => bf16, f32;
    f32 => f32, f32;
    f64 => f64, f64;
}

/// The next float after `x` toward `y` (NumPy's `nextafter`): NaN when either is NaN, `y`
/// when they are equal (`x` for `f16`, as NumPy's half loop returns), the smallest subnormal
/// (with `y`'s sign) after zero, `+-inf` after the largest finite value, the largest finite
/// value after `+-inf`. Integers and `bool` give the float dtype of [`ToFloat`]; `bf16` steps
/// in `bf16`'s ulps.
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[4], vec![1.0f64, 1.0, 0.0, f64::MAX])?;
/// let y = Array::from_vec(&Device::cpu(), &[4], vec![2.0f64, 0.0, -1.0, f64::INFINITY])?;
/// let n = math::nextafter(&x, &y)?.to_vec()?;
/// assert_eq!(n, vec![1.0 + f64::EPSILON, 1.0 - f64::EPSILON / 2.0, -5e-324, f64::INFINITY]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn nextafter<'a, T: FloatSteps>(
    x: impl IntoOperand<'a, T>,
    y: impl IntoOperand<'a, T>,
) -> Result<Array<T::Float>> {
    T::nextafter(x, y)
}

/// The distance from `x` to the next float of its dtype (NumPy's `spacing`): away from zero
/// for `f32` and `f64` (negative for negative `x`, the smallest subnormal at `+-0`), toward
/// `+inf` for `f16` (NumPy's half loop: always positive); NaN for infinities and NaN, inf at
/// the largest finite value. Integers and `bool` give the float dtype of [`ToFloat`].
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[4], vec![1.0f32, -2.0, 0.0, f32::INFINITY])?;
/// let s = math::spacing(&x)?.to_vec()?;
/// assert_eq!(s[..3], [f32::EPSILON, -2.0 * f32::EPSILON, 1e-45]);
/// assert!(s[3].is_nan());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn spacing<'a, T: FloatSteps>(x: impl IntoOperand<'a, T>) -> Result<Array<T::Float>> {
    T::spacing(x)
}
