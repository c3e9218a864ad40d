//! Rounding: `floor`, `ceil`, `trunc` (integers keep their dtype and values) and `around`
//! (half to even). `rint` is with the float functions (integers give floats).

use crate::math::{kernels, MathNum};
use crate::prelude::*;
use array_runtime::expr::{AnyExpr, Expr, IntoExpr, Notation};
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

/// Dtypes with NumPy's `around`: floats and integers, each keeping its dtype.
pub trait Around: DType {
    /// NumPy's `around`: see [`around`].
    fn around<'a>(x: impl IntoOperand<'a, Self>, decimals: i32) -> Result<Array<Self>>;
    /// [`Self::around`] as a node of a lazy expression ([`crate::lazy::around`]).
    fn around_lazy(x: AnyExpr, decimals: i32) -> Expr<Self>;
}

/// `10^|decimals|` in `f64` (inf beyond its range).
fn power_of_ten(decimals: i32) -> f64 {
    10f64.powi(decimals.unsigned_abs().min(i32::MAX as u32) as i32)
}

macro_rules! float_around {
    ($($t:ty),*) => {$(
        impl Around for $t {
            fn around<'a>(x: impl IntoOperand<'a, Self>, decimals: i32) -> Result<Array<Self>> {
                // The factor in the array's dtype, as NumPy converts its Python float.
                let factor = <$t as num_traits::NumCast>::from(power_of_ten(decimals))
                    .unwrap_or(<$t as num_traits::Float>::infinity());
                kernels::around::<$t>(x, factor, decimals < 0)
            }
            fn around_lazy(x: AnyExpr, decimals: i32) -> Expr<Self> {
                let factor = <$t as num_traits::NumCast>::from(power_of_ten(decimals))
                    .unwrap_or(<$t as num_traits::Float>::infinity());
                Expr::call(
                    kernels::around::node::<$t>(),
                    vec![x, factor.into_expr().erase(), (decimals < 0).into_expr().erase()],
                    Notation::Call("around"),
                )
            }
        }
    )*};
}
float_around!(f16, bf16, f32, f64);

macro_rules! int_around {
    ($($t:ty),*) => {$(
        impl Around for $t {
            fn around<'a>(x: impl IntoOperand<'a, Self>, decimals: i32) -> Result<Array<Self>> {
                if decimals >= 0 {
                    kernels::identity::<$t>(x)
                } else {
                    kernels::around_int::<$t>(x, power_of_ten(decimals))
                }
            }
            fn around_lazy(x: AnyExpr, decimals: i32) -> Expr<Self> {
                if decimals >= 0 {
                    Expr::call(kernels::identity::node::<$t>(), vec![x], Notation::Call("around"))
                } else {
                    let factor = power_of_ten(decimals).into_expr().erase();
                    Expr::call(kernels::around_int::node::<$t>(), vec![x, factor], Notation::Call("around"))
                }
            }
        }
    )*};
}
int_around!(i8, i16, i32, i64, u8, u16, u32, u64);

/// `x` rounded to `decimals` decimal places, half to even (NumPy's `around`, `round`):
/// `rint(x * 10^decimals) / 10^decimals`, or for negative `decimals` `rint(x / 10^-decimals)
/// * 10^-decimals`, each step in `T` as NumPy computes it (so `around(0.045, 2) == 0.04`,
/// `0.045` being slightly below it in binary).
///
/// Integers: unchanged for `decimals >= 0`; otherwise computed in `f64` as NumPy does
/// (`around(25, -1) == 20`, `around(2^62 + 1, -1) == 2^62`) and converted back through `i64`.
/// A result beyond the dtype (`around(127i8, -1)`) is platform-defined in NumPy (an
/// out-of-range float to integer cast); here it wraps from `i64` (`-126`, as NumPy gives on
/// x86 for `i8`, where it gives `i32::MIN` for `i32`). `decimals` beyond the range of powers of
/// ten gives inf/NaN factors as NumPy's would.
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[4], vec![2.5f64, 1.25, 15.0, -0.5])?;
/// assert_eq!(math::around(&x, 0)?.to_vec()?, vec![2.0, 1.0, 15.0, -0.0]);
/// assert_eq!(math::around(&x, 1)?.to_vec()?, vec![2.5, 1.2, 15.0, -0.5]);
/// assert_eq!(math::around(&x, -1)?.to_vec()?, vec![0.0, 0.0, 20.0, -0.0]);
/// let i = Array::from_vec(&Device::cpu(), &[3], vec![15i32, 25, -35])?;
/// assert_eq!(math::around(&i, -1)?.to_vec()?, vec![20, 20, -40]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn around<'a, T: Around>(x: impl IntoOperand<'a, T>, decimals: i32) -> Result<Array<T>> {
    T::around(x, decimals)
}
