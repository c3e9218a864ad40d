//! NumPy's ufuncs as nodes of lazy expressions (the elementary functions, `maximum`,
//! `minimum`, `clip`, `where_`, `isnan`, `isinf`, `isfinite`, `absolute`, `sign`, `square`): `lazy::exp(&a * 2.0) + &b` builds one tree
//! that `.eval()?` runs as one fused kernel, on either backend (the eager functions of
//! [`crate::math`] run one kernel each and return arrays). Each takes an array, a scalar or an
//! expression; dtypes as the eager function's ([`Elementary`]).
//!
//! ```
//! use kernels_std::prelude::*;
//! use kernels_std::lazy;
//! let x = Array::from_vec(&Device::cpu(), &[3], vec![0.0f64, 1.0, 4.0])?;
//! let before = kernels_std::kernel::launches();
//! let y = (lazy::sqrt(&x) * 2.0 + lazy::exp(&x * 0.0)).eval()?;
//! assert_eq!(kernels_std::kernel::launches() - before, 1);
//! assert_eq!(y.to_vec()?, vec![1.0, 3.0, 5.0]);
//! # Ok::<(), kernels_std::Error>(())
//! ```

use array_runtime::expr::{Expr, IntoExpr};

use crate::math::{Absolute, Classify, Elementary, ElementaryOp, Extremum, SignSquare};
use crate::prelude::{DType, Num};

macro_rules! unary {
    ($($name:ident),*) => {$(
        #[doc = concat!("[`crate::math::", stringify!($name), "`] as a lazy expression.")]
        pub fn $name<T: Elementary>(x: impl IntoExpr<T>) -> Expr<T::Out> {
            T::lazy(ElementaryOp::$name, x.into_expr().erase())
        }
    )*};
}

unary!(
    sqrt, exp, log, exp2, expm1, log2, log10, log1p, sin, cos, tan, sinh, cosh, tanh, arcsin,
    arccos, arctan, arcsinh, arccosh, arctanh
);

/// [`crate::math::maximum`] as a lazy expression (NaN-propagating).
///
/// ```
/// use kernels_std::{lazy, prelude::*};
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![1.0f32, f32::NAN, -3.0])?;
/// let y = lazy::maximum(&x, 0.0f32) + lazy::minimum(&x * 2.0, 1.0f32);
/// let v = y.to_vec()?;
/// assert_eq!((v[0], v[1].is_nan(), v[2]), (2.0, true, -6.0));
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn maximum<T: Extremum>(x: impl IntoExpr<T>, y: impl IntoExpr<T>) -> Expr<T> {
    T::maximum_lazy(x.into_expr().erase(), y.into_expr().erase())
}

/// [`crate::math::minimum`] as a lazy expression (NaN-propagating).
///
/// ```
/// use kernels_std::{lazy, prelude::*};
/// let x = Array::from_vec(&Device::cpu(), &[2], vec![4i16, -4])?;
/// assert_eq!(lazy::minimum(&x, 0i16).to_vec()?, vec![0, -4]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn minimum<T: Extremum>(x: impl IntoExpr<T>, y: impl IntoExpr<T>) -> Expr<T> {
    T::minimum_lazy(x.into_expr().erase(), y.into_expr().erase())
}

/// [`crate::math::clip`] as a lazy expression.
///
/// ```
/// use kernels_std::{lazy, prelude::*};
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![-2.0f64, 0.5, 9.0])?;
/// assert_eq!(lazy::clip(&x * 2.0, 0.0, 1.0).to_vec()?, vec![0.0, 1.0, 1.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn clip<T: Num>(x: impl IntoExpr<T>, lo: impl IntoExpr<T>, hi: impl IntoExpr<T>) -> Expr<T> {
    crate::math::kernels::clip::lazy::<T>(x, lo, hi)
}

/// [`crate::math::where_`] as a lazy expression: `x` where `cond`, else `y`.
///
/// ```
/// use kernels_std::{lazy, prelude::*};
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![-1.0f32, 2.0, -3.0])?;
/// let relu = lazy::where_(x.greater(0.0), &x, 0.0f32);
/// assert_eq!(relu.to_vec()?, vec![0.0, 2.0, 0.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn where_<T: DType>(
    cond: impl IntoExpr<bool>,
    x: impl IntoExpr<T>,
    y: impl IntoExpr<T>,
) -> Expr<T> {
    crate::math::kernels::where_::lazy::<T>(cond, x, y)
}

/// [`crate::math::isnan`] as a lazy expression.
///
/// ```
/// use kernels_std::{lazy, prelude::*};
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![1.0f64, f64::NAN, f64::INFINITY])?;
/// assert_eq!(lazy::isnan(&x).to_vec()?, vec![false, true, false]);
/// assert_eq!(lazy::isinf(&x).to_vec()?, vec![false, false, true]);
/// assert_eq!(lazy::isfinite(&x * 0.0).to_vec()?, vec![true, false, false]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn isnan<T: Classify>(x: impl IntoExpr<T>) -> Expr<bool> {
    T::isnan_lazy(x.into_expr().erase())
}

/// [`crate::math::isinf`] as a lazy expression (see [`isnan`]).
pub fn isinf<T: Classify>(x: impl IntoExpr<T>) -> Expr<bool> {
    T::isinf_lazy(x.into_expr().erase())
}

/// [`crate::math::isfinite`] as a lazy expression (see [`isnan`]).
pub fn isfinite<T: Classify>(x: impl IntoExpr<T>) -> Expr<bool> {
    T::isfinite_lazy(x.into_expr().erase())
}

/// [`crate::math::absolute`] as a lazy expression (complex numbers give their modulus).
///
/// ```
/// use kernels_std::{lazy, prelude::*};
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![-2i32, 0, 5])?;
/// assert_eq!((lazy::absolute(&x) - 1).to_vec()?, vec![1, -1, 4]);
/// let z = Array::from_vec(&Device::cpu(), &[1], vec![c64::new(3.0, -4.0)])?;
/// assert_eq!(lazy::abs(&z).to_vec()?, vec![5.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn absolute<T: Absolute>(x: impl IntoExpr<T>) -> Expr<T::Real> {
    T::absolute_lazy(x.into_expr().erase())
}

/// The same function as [`absolute`] (NumPy's `abs`).
pub fn abs<T: Absolute>(x: impl IntoExpr<T>) -> Expr<T::Real> {
    absolute(x)
}

/// [`crate::math::sign`] as a lazy expression.
///
/// ```
/// use kernels_std::{lazy, prelude::*};
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![-2.5f32, -0.0, 7.0])?;
/// assert_eq!((lazy::sign(&x) * lazy::square(&x)).to_vec()?, vec![-6.25, 0.0, 49.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn sign<T: SignSquare>(x: impl IntoExpr<T>) -> Expr<T> {
    T::sign_lazy(x.into_expr().erase())
}

/// [`crate::math::square`] as a lazy expression (see [`sign`]).
pub fn square<T: SignSquare>(x: impl IntoExpr<T>) -> Expr<T> {
    T::square_lazy(x.into_expr().erase())
}
