//! The parts of complex numbers: NumPy's `real`, `imag`, `conjugate` (`conj`) and `angle`, for
//! complex dtypes and, as NumPy gives them, for real ones.

use crate::math::kernels;
use crate::math::ToFloat;
use crate::prelude::*;
use array_runtime::expr::{AnyExpr, Expr, IntoExpr, Notation};

/// Dtypes with a real and an imaginary part: complex ones (`c64`'s parts are `f32`), and the
/// real dtypes (their own real part, an imaginary part of zeros).
///
/// ```
/// use kernels_std::math::Parts;
/// use kernels_std::prelude::*;
/// fn part_dtype<T: Parts>() -> DTypeId { <T::Real as DType>::ID }
/// assert_eq!(part_dtype::<c64>(), DTypeId::F32);
/// assert_eq!(part_dtype::<i16>(), DTypeId::I16);
/// ```
pub trait Parts: DType {
    /// The dtype of the parts.
    type Real: DType;
    /// NumPy's `real`: see [`real`].
    fn real(a: &Array<Self>) -> Result<Array<Self::Real>>;
    /// NumPy's `imag`: see [`imag`].
    fn imag(a: &Array<Self>) -> Result<Array<Self::Real>>;
    /// [`Self::real`] as a node of a lazy expression ([`crate::lazy::real`]).
    fn real_lazy(x: AnyExpr) -> Expr<Self::Real>;
    /// [`Self::imag`] as a node of a lazy expression ([`crate::lazy::imag`]).
    fn imag_lazy(x: AnyExpr) -> Expr<Self::Real>;
}

macro_rules! real_parts {
    ($($t:ty),*) => {$(
        impl Parts for $t {
            type Real = $t;
            fn real(a: &Array<$t>) -> Result<Array<$t>> {
                Ok(a.clone())
            }
            fn imag(a: &Array<$t>) -> Result<Array<$t>> {
                Array::zeros(&a.device(), a.shape())
            }
            fn real_lazy(x: AnyExpr) -> Expr<$t> {
                Expr::call(kernels::identity::node::<$t>(), vec![x], Notation::Call("real"))
            }
            fn imag_lazy(x: AnyExpr) -> Expr<$t> {
                // Zeros of the shape of `x`: `where_(False, x, 0)`.
                let (never, zero) = (false.into_expr().erase(), <$t>::default().into_expr().erase());
                Expr::call(kernels::where_::node::<$t>(), vec![never, x, zero], Notation::Call("imag"))
            }
        }
    )*};
}
real_parts!(bool, i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64);

macro_rules! complex_parts {
    ($($t:ty, $r:ty: $real:ident, $imag:ident;)*) => {$(
        impl Parts for $t {
            type Real = $r;
            fn real(a: &Array<$t>) -> Result<Array<$r>> {
                kernels::$real(a)
            }
            fn imag(a: &Array<$t>) -> Result<Array<$r>> {
                kernels::$imag(a)
            }
            fn real_lazy(x: AnyExpr) -> Expr<$r> {
                Expr::call(kernels::$real::node(), vec![x], Notation::Call("real"))
            }
            fn imag_lazy(x: AnyExpr) -> Expr<$r> {
                Expr::call(kernels::$imag::node(), vec![x], Notation::Call("imag"))
            }
        }
    )*};
}
complex_parts! {
    c64, f32: real_c64, imag_c64;
    c128, f64: real_c128, imag_c128;
}

/// Dtypes with a complex conjugate: numbers (the real ones are their own conjugate).
pub trait Conjugate: DType {
    /// NumPy's `conjugate`: see [`conjugate`].
    fn conjugate(a: &Array<Self>) -> Result<Array<Self>>;
    /// [`Self::conjugate`] as a node of a lazy expression ([`crate::lazy::conjugate`]).
    fn conjugate_lazy(x: AnyExpr) -> Expr<Self>;
}

macro_rules! real_conjugate {
    ($($t:ty),*) => {$(
        impl Conjugate for $t {
            fn conjugate(a: &Array<$t>) -> Result<Array<$t>> {
                a.copy()
            }
            fn conjugate_lazy(x: AnyExpr) -> Expr<$t> {
                Expr::call(kernels::identity::node::<$t>(), vec![x], Notation::Call("conjugate"))
            }
        }
    )*};
}
real_conjugate!(i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64);

impl Conjugate for c64 {
    fn conjugate(a: &Array<c64>) -> Result<Array<c64>> {
        kernels::conj_c64(a)
    }
    fn conjugate_lazy(x: AnyExpr) -> Expr<c64> {
        Expr::call(
            kernels::conj_c64::node(),
            vec![x],
            Notation::Call("conjugate"),
        )
    }
}

impl Conjugate for c128 {
    fn conjugate(a: &Array<c128>) -> Result<Array<c128>> {
        kernels::conj_c128(a)
    }
    fn conjugate_lazy(x: AnyExpr) -> Expr<c128> {
        Expr::call(
            kernels::conj_c128::node(),
            vec![x],
            Notation::Call("conjugate"),
        )
    }
}

/// Dtypes with an angle (argument): complex ones (the parts' dtype), and the real numbers
/// (NumPy's float dtype of [`ToFloat`]: 0 or pi).
pub trait Angle: DType {
    /// The dtype of the angle (a float dtype, its own [`ToFloat`] result).
    type Out: Float + ToFloat<Float = Self::Out>;
    /// The angle in radians: see [`angle`].
    fn angle(a: &Array<Self>) -> Result<Array<Self::Out>>;
    /// [`Self::angle`] as a node of a lazy expression, in radians ([`crate::lazy::angle`]).
    fn angle_lazy(x: AnyExpr) -> Expr<Self::Out>;
}

macro_rules! real_angle {
    ($($t:ty),*) => {$(
        impl Angle for $t {
            type Out = <$t as ToFloat>::Float;
            fn angle(a: &Array<$t>) -> Result<Array<Self::Out>> {
                kernels::angle_real::<$t, Self::Out, <$t as ToFloat>::Compute>(a)
            }
            fn angle_lazy(x: AnyExpr) -> Expr<Self::Out> {
                Expr::call(
                    kernels::angle_real::node::<$t, Self::Out, <$t as ToFloat>::Compute>(),
                    vec![x],
                    Notation::Call("angle"),
                )
            }
        }
    )*};
}
real_angle!(i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64);

impl Angle for c64 {
    type Out = f32;
    fn angle(a: &Array<c64>) -> Result<Array<f32>> {
        kernels::angle_c64(a)
    }
    fn angle_lazy(x: AnyExpr) -> Expr<f32> {
        Expr::call(kernels::angle_c64::node(), vec![x], Notation::Call("angle"))
    }
}

impl Angle for c128 {
    type Out = f64;
    fn angle(a: &Array<c128>) -> Result<Array<f64>> {
        kernels::angle_c128(a)
    }
    fn angle_lazy(x: AnyExpr) -> Expr<f64> {
        Expr::call(
            kernels::angle_c128::node(),
            vec![x],
            Notation::Call("angle"),
        )
    }
}

/// NumPy's `real`: the real part of each element (for a real array, the array itself: a view
/// of its storage, as NumPy returns). For complex arrays a new array (NumPy: a view).
///
/// ```
/// use kernels_std::{c64, math, Array, Device};
/// let z = Array::from_vec(&Device::cpu(), &[2], vec![c64::new(1.0, 2.0), c64::new(-3.0, 0.5)])?;
/// assert_eq!(math::real(&z)?.to_vec()?, vec![1.0f32, -3.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn real<T: Parts>(a: &Array<T>) -> Result<Array<T::Real>> {
    T::real(a)
}

/// NumPy's `imag`: the imaginary part of each element (zeros for a real array).
///
/// ```
/// use kernels_std::{c128, math, Array, Device};
/// let z = Array::from_vec(&Device::cpu(), &[2], vec![c128::new(1.0, 2.0), c128::new(-3.0, 0.5)])?;
/// assert_eq!(math::imag(&z)?.to_vec()?, vec![2.0, 0.5]);
/// let x = Array::from_vec(&Device::cpu(), &[2], vec![7i32, 8])?;
/// assert_eq!(math::imag(&x)?.to_vec()?, vec![0, 0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn imag<T: Parts>(a: &Array<T>) -> Result<Array<T::Real>> {
    T::imag(a)
}

/// NumPy's `conjugate` (`conj`): `re - im i` elementwise; a copy of a real array. (NumPy also
/// takes `bool`, giving `i8`; not here.)
///
/// ```
/// use kernels_std::{c64, math, Array, Device};
/// let z = Array::from_vec(&Device::cpu(), &[1], vec![c64::new(1.0, 2.0)])?;
/// assert_eq!(math::conjugate(&z)?.to_vec()?, vec![c64::new(1.0, -2.0)]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn conjugate<T: Conjugate>(a: &Array<T>) -> Result<Array<T>> {
    T::conjugate(a)
}

/// NumPy's `angle(z, deg)`: the argument `atan2(im, re)` of each element, in `(-pi, pi]`
/// (degrees when `deg`); real numbers give 0 or pi (`-0.0` gives pi, as `atan2(0, -0.0)`).
/// Integers give the float dtype of [`ToFloat`]. (NumPy's `angle` of `bool` gives `f64`;
/// not here.)
///
/// ```
/// use kernels_std::{c64, math, Array, Device};
/// let z = Array::from_vec(&Device::cpu(), &[2], vec![c64::new(0.0, 1.0), c64::new(-1.0, 0.0)])?;
/// let a = math::angle(&z, false)?.to_vec()?;
/// assert_eq!(a, vec![std::f32::consts::FRAC_PI_2, std::f32::consts::PI]);
/// assert_eq!(math::angle(&z, true)?.to_vec()?, vec![90.0, 180.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn angle<T: Angle>(a: &Array<T>, deg: bool) -> Result<Array<T::Out>> {
    let radians = T::angle(a)?;
    if deg {
        crate::math::rad2deg(&radians)
    } else {
        Ok(radians)
    }
}
