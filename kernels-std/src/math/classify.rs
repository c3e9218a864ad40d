//! Classification: `isnan`, `isinf`, `isfinite` (of numbers and complex numbers), `signbit`
//! (of numbers).

use crate::math::kernels;
use crate::prelude::*;
use array_runtime::expr::{AnyExpr, Expr, Notation};
use array_runtime::IntoOperand;

/// Integers, floats and complex numbers: NumPy's `isnan`, `isinf` and `isfinite` (integers
/// are never NaN nor infinite; a complex number is NaN or infinite when either part is).
///
/// ```
/// use kernels_std::math::Classify;
/// use kernels_std::{c64, Array, Device};
/// let z = Array::from_vec(&Device::cpu(), &[2], vec![c64::new(1.0, f32::NAN), c64::new(f32::INFINITY, 0.0)])?;
/// assert_eq!(c64::isnan(&z)?.to_vec()?, vec![true, false]);
/// assert_eq!(c64::isinf(&z)?.to_vec()?, vec![false, true]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub trait Classify: DType {
    /// See [`isnan`].
    fn isnan<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<bool>>;
    /// [`Self::isnan`] as a node of a lazy expression ([`crate::lazy::isnan`]).
    fn isnan_lazy(x: AnyExpr) -> Expr<bool>;
    /// See [`isinf`].
    fn isinf<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<bool>>;
    /// [`Self::isinf`] as a node of a lazy expression ([`crate::lazy::isinf`]).
    fn isinf_lazy(x: AnyExpr) -> Expr<bool>;
    /// See [`isfinite`].
    fn isfinite<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<bool>>;
    /// [`Self::isfinite`] as a node of a lazy expression ([`crate::lazy::isfinite`]).
    fn isfinite_lazy(x: AnyExpr) -> Expr<bool>;
}

/// Integers and floats: NumPy's `signbit` (an integer's sign bit is set below zero; NumPy has
/// no `signbit` of complex numbers).
///
/// ```
/// use kernels_std::math::Signbit;
/// use kernels_std::{Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![-0.0f32, 1.0, -2.0])?;
/// assert_eq!(f32::signbit(&x)?.to_vec()?, vec![true, false, true]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub trait Signbit: DType {
    /// See [`signbit`].
    fn signbit<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<bool>>;
    /// [`Self::signbit`] as a node of a lazy expression ([`crate::lazy::signbit`]).
    fn signbit_lazy(x: AnyExpr) -> Expr<bool>;
}

macro_rules! classify {
    ($nan:ident, $inf:ident, $finite:ident, $sign:ident: $($t:ty),*) => {$(
        impl Classify for $t {
            fn isnan<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<bool>> {
                kernels::$nan::<$t>(x)
            }
            fn isnan_lazy(x: AnyExpr) -> Expr<bool> {
                Expr::call(kernels::$nan::node::<$t>(), vec![x], Notation::Call("isnan"))
            }
            fn isinf<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<bool>> {
                kernels::$inf::<$t>(x)
            }
            fn isinf_lazy(x: AnyExpr) -> Expr<bool> {
                Expr::call(kernels::$inf::node::<$t>(), vec![x], Notation::Call("isinf"))
            }
            fn isfinite<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<bool>> {
                kernels::$finite::<$t>(x)
            }
            fn isfinite_lazy(x: AnyExpr) -> Expr<bool> {
                Expr::call(kernels::$finite::node::<$t>(), vec![x], Notation::Call("isfinite"))
            }
        }
        impl Signbit for $t {
            fn signbit<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<bool>> {
                kernels::$sign::<$t>(x)
            }
            fn signbit_lazy(x: AnyExpr) -> Expr<bool> {
                Expr::call(kernels::$sign::node::<$t>(), vec![x], Notation::Call("signbit"))
            }
        }
    )*};
}
classify!(isnan, isinf, isfinite, signbit: f16, bf16, f32, f64);
classify!(isnan_int, isinf_int, isfinite_int, signbit_int: i8, i16, i32, i64, u8, u16, u32, u64);

macro_rules! complex_classify {
    ($($t:ty: $nan:ident, $inf:ident, $finite:ident;)*) => {$(
        impl Classify for $t {
            fn isnan<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<bool>> {
                kernels::$nan(x)
            }
            fn isnan_lazy(x: AnyExpr) -> Expr<bool> {
                Expr::call(kernels::$nan::node(), vec![x], Notation::Call("isnan"))
            }
            fn isinf<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<bool>> {
                kernels::$inf(x)
            }
            fn isinf_lazy(x: AnyExpr) -> Expr<bool> {
                Expr::call(kernels::$inf::node(), vec![x], Notation::Call("isinf"))
            }
            fn isfinite<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<bool>> {
                kernels::$finite(x)
            }
            fn isfinite_lazy(x: AnyExpr) -> Expr<bool> {
                Expr::call(kernels::$finite::node(), vec![x], Notation::Call("isfinite"))
            }
        }
    )*};
}
complex_classify! {
    c64: isnan_c64, isinf_c64, isfinite_c64;
    c128: isnan_c128, isinf_c128, isfinite_c128;
}

/// Booleans, as NumPy: never NaN or infinite, always finite.
impl Classify for bool {
    fn isnan<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<bool>> {
        kernels::all_false::<bool>(x)
    }
    fn isnan_lazy(x: AnyExpr) -> Expr<bool> {
        Expr::call(
            kernels::all_false::node::<bool>(),
            vec![x],
            Notation::Call("isnan"),
        )
    }
    fn isinf<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<bool>> {
        kernels::all_false::<bool>(x)
    }
    fn isinf_lazy(x: AnyExpr) -> Expr<bool> {
        Expr::call(
            kernels::all_false::node::<bool>(),
            vec![x],
            Notation::Call("isinf"),
        )
    }
    fn isfinite<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<bool>> {
        kernels::all_true::<bool>(x)
    }
    fn isfinite_lazy(x: AnyExpr) -> Expr<bool> {
        Expr::call(
            kernels::all_true::node::<bool>(),
            vec![x],
            Notation::Call("isfinite"),
        )
    }
}

/// Whether `x` is NaN (NumPy's `isnan`); integers never are, complex numbers when a part is.
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

/// Whether `x` is `+-inf` (NumPy's `isinf`); integers never are, complex numbers when a part
/// is.
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

/// Whether `x` is neither infinite nor NaN (NumPy's `isfinite`); integers and booleans always
/// are, complex numbers when both parts are.
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![1.0f32, f32::NAN, f32::INFINITY])?;
/// assert_eq!(math::isfinite(&x)?.to_vec()?, vec![true, false, false]);
/// let b = Array::from_vec(&Device::cpu(), &[2], vec![true, false])?;
/// assert_eq!(math::isfinite(&b)?.to_vec()?, vec![true, true]);
/// assert_eq!(math::isnan(&b)?.to_vec()?, vec![false, false]);
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
pub fn signbit<'a, T: Signbit>(x: impl IntoOperand<'a, T>) -> Result<Array<bool>> {
    T::signbit(x)
}
