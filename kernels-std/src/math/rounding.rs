//! Rounding: `floor`, `ceil`, `trunc` (integers and `bool` keep their dtype and values),
//! `around` (half to even) and `rint` (trait [`Rint`]: real inputs give the float dtype of
//! [`ToFloat`], complex ones keep theirs, rounded part by part).

use crate::math::{kernels, ToFloat};
use crate::prelude::*;
use array_runtime::expr::{AnyExpr, Expr, IntoExpr, Notation};
use array_runtime::IntoOperand;

/// Dtypes with NumPy's `floor`, `ceil` and `trunc`, each keeping its dtype: floats (their
/// kernels), integers and `bool` (unchanged values, a new array, as NumPy returns). Complex
/// numbers have none (NumPy raises a `TypeError`).
///
/// ```
/// use kernels_std::math::Rounding;
/// use kernels_std::{Array, Device};
/// let b = Array::from_vec(&Device::cpu(), &[2], vec![true, false])?;
/// assert_eq!(bool::floor(&b)?.to_vec()?, vec![true, false]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub trait Rounding: DType {
    /// NumPy's `floor`: see [`floor`].
    fn floor<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self>>;
    /// NumPy's `ceil`: see [`ceil`].
    fn ceil<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self>>;
    /// NumPy's `trunc`: see [`trunc`].
    fn trunc<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self>>;
    /// [`Self::floor`] as a node of a lazy expression ([`crate::lazy::floor`]).
    fn floor_lazy(x: AnyExpr) -> Expr<Self>;
    /// [`Self::ceil`] as a node of a lazy expression ([`crate::lazy::ceil`]).
    fn ceil_lazy(x: AnyExpr) -> Expr<Self>;
    /// [`Self::trunc`] as a node of a lazy expression ([`crate::lazy::trunc`]).
    fn trunc_lazy(x: AnyExpr) -> Expr<Self>;
}

macro_rules! unchanged_rounding {
    ($($t:ty),*) => {$(
        impl Rounding for $t {
            fn floor<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self>> {
                kernels::identity::<$t>(x)
            }
            fn ceil<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self>> {
                kernels::identity::<$t>(x)
            }
            fn trunc<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self>> {
                kernels::identity::<$t>(x)
            }
            fn floor_lazy(x: AnyExpr) -> Expr<Self> {
                Expr::call(kernels::identity::node::<$t>(), vec![x], Notation::Call("floor"))
            }
            fn ceil_lazy(x: AnyExpr) -> Expr<Self> {
                Expr::call(kernels::identity::node::<$t>(), vec![x], Notation::Call("ceil"))
            }
            fn trunc_lazy(x: AnyExpr) -> Expr<Self> {
                Expr::call(kernels::identity::node::<$t>(), vec![x], Notation::Call("trunc"))
            }
        }
    )*};
}
unchanged_rounding!(bool, i8, i16, i32, i64, u8, u16, u32, u64);

macro_rules! float_rounding {
    ($($t:ty),*) => {$(
        impl Rounding for $t {
            fn floor<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self>> {
                kernels::floor::<$t>(x)
            }
            fn ceil<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self>> {
                kernels::ceil::<$t>(x)
            }
            fn trunc<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self>> {
                kernels::trunc::<$t>(x)
            }
            fn floor_lazy(x: AnyExpr) -> Expr<Self> {
                Expr::call(kernels::floor::node::<$t>(), vec![x], Notation::Call("floor"))
            }
            fn ceil_lazy(x: AnyExpr) -> Expr<Self> {
                Expr::call(kernels::ceil::node::<$t>(), vec![x], Notation::Call("ceil"))
            }
            fn trunc_lazy(x: AnyExpr) -> Expr<Self> {
                Expr::call(kernels::trunc::node::<$t>(), vec![x], Notation::Call("trunc"))
            }
        }
    )*};
}
float_rounding!(f16, bf16, f32, f64);

/// Dtypes with NumPy's `rint`: the real ones give the float dtype of [`ToFloat`] (`u8` gives
/// `f16`, `bool` too), complex numbers keep their dtype and round each part.
pub trait Rint: DType {
    /// The dtype of the result.
    type Out: DType;
    /// NumPy's `rint`: see [`rint`].
    fn rint<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self::Out>>;
    /// [`Self::rint`] as a node of a lazy expression ([`crate::lazy::rint`]).
    fn rint_lazy(x: AnyExpr) -> Expr<Self::Out>;
}

impl<T: ToFloat> Rint for T {
    type Out = T::Float;
    fn rint<'a>(x: impl IntoOperand<'a, T>) -> Result<Array<T::Float>> {
        kernels::rint::<T, T::Float, T::Compute>(x)
    }
    fn rint_lazy(x: AnyExpr) -> Expr<T::Float> {
        Expr::call(
            kernels::rint::node::<T, T::Float, T::Compute>(),
            vec![x],
            Notation::Call("rint"),
        )
    }
}

impl Rint for c64 {
    type Out = c64;
    fn rint<'a>(x: impl IntoOperand<'a, c64>) -> Result<Array<c64>> {
        kernels::rint_c64(x)
    }
    fn rint_lazy(x: AnyExpr) -> Expr<c64> {
        Expr::call(kernels::rint_c64::node(), vec![x], Notation::Call("rint"))
    }
}

impl Rint for c128 {
    type Out = c128;
    fn rint<'a>(x: impl IntoOperand<'a, c128>) -> Result<Array<c128>> {
        kernels::rint_c128(x)
    }
    fn rint_lazy(x: AnyExpr) -> Expr<c128> {
        Expr::call(kernels::rint_c128::node(), vec![x], Notation::Call("rint"))
    }
}

/// To the nearest integer, half to even, keeping `-0.0` (NumPy's `rint`). Integers and `bool`
/// give the float dtype of [`ToFloat`]; complex numbers round each part in their dtype.
///
/// ```
/// use kernels_std::{c128, math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[4], vec![2.5f32, 3.5, -0.5, 1.2])?;
/// assert_eq!(math::rint(&x)?.to_vec()?, vec![2.0, 4.0, -0.0, 1.0]);
/// let z = Array::from_vec(&Device::cpu(), &[1], vec![c128::new(1.5, -2.5)])?;
/// assert_eq!(math::rint(&z)?.to_vec()?, vec![c128::new(2.0, -2.0)]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn rint<'a, T: Rint>(x: impl IntoOperand<'a, T>) -> Result<Array<T::Out>> {
    T::rint(x)
}

/// The largest integer not above `x` (NumPy's `floor`); integers and `bool` are returned
/// unchanged, in their dtype.
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![-1.5f32, 2.7, -0.0])?;
/// assert_eq!(math::floor(&x)?.to_vec()?, vec![-2.0, 2.0, -0.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn floor<'a, T: Rounding>(x: impl IntoOperand<'a, T>) -> Result<Array<T>> {
    T::floor(x)
}

/// The smallest integer not below `x` (NumPy's `ceil`); integers and `bool` unchanged.
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[2], vec![-1.5f64, 2.1])?;
/// assert_eq!(math::ceil(&x)?.to_vec()?, vec![-1.0, 3.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn ceil<'a, T: Rounding>(x: impl IntoOperand<'a, T>) -> Result<Array<T>> {
    T::ceil(x)
}

/// `x` rounded toward zero (NumPy's `trunc`, `fix`); integers and `bool` unchanged.
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[2], vec![-1.5f64, 2.7])?;
/// assert_eq!(math::trunc(&x)?.to_vec()?, vec![-1.0, 2.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn trunc<'a, T: Rounding>(x: impl IntoOperand<'a, T>) -> Result<Array<T>> {
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
