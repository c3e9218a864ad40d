//! NumPy's ufuncs as nodes of lazy expressions: every elementwise function of [`crate::math`]
//! of one result (the arithmetic, the float functions, rounding, extrema, classification,
//! comparisons, logic, bits, the parts of complex numbers). `lazy::exp(&a * 2.0) + &b` builds one tree that `.eval()?` runs
//! as one fused kernel, on either backend (the eager functions of [`crate::math`] run one
//! kernel each and return arrays). Each takes arrays, scalars or expressions; dtypes and
//! values as the eager function's (the same kernels).
//!
//! Not here: `divmod`, `frexp`, `modf` (two results: `floor_divide` and `remainder` are),
//! `sinc`, `nextafter`, `spacing`, `isposinf`, `isneginf`, `nan_to_num`, `fix`, integer `power`
//! (its negative exponents are refused by a check of the exponent's values before the kernel
//! runs: see [`PowerLazy`]).
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

use array_runtime::expr::Notation;
use array_runtime::ops::{
    kernels as ops_kernels, AddMultiply, Arithmetic, Bitwise, Compare, Equality, Numeric,
};

use crate::math::kernels;
use crate::math::{
    Absolute, Angle, Around, Classify, Conjugate, Elementary, ElementaryOp, Extremum, Parts,
    PowerLazy, Reciprocal, Rint, Rounding, SignSquare, Signbit, ToFloat,
};
use crate::prelude::{DType, Int, Num};

macro_rules! unary {
    ($(pub fn $name:ident;)*) => {$(
        #[doc = concat!("[`crate::math::", stringify!($name), "`] as a lazy expression.")]
        pub fn $name<T: Elementary>(x: impl IntoExpr<T>) -> Expr<T::Out> {
            T::lazy(ElementaryOp::$name, x.into_expr().erase())
        }
    )*};
}

unary! {
    pub fn sqrt;
    pub fn exp;
    pub fn log;
    pub fn exp2;
    pub fn expm1;
    pub fn log2;
    pub fn log10;
    pub fn log1p;
    pub fn sin;
    pub fn cos;
    pub fn tan;
    pub fn sinh;
    pub fn cosh;
    pub fn tanh;
    pub fn arcsin;
    pub fn arccos;
    pub fn arctan;
    pub fn arcsinh;
    pub fn arccosh;
    pub fn arctanh;
}

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

/// A lazy function per float kernel of one operand (`T: ToFloat`, the result in `T::Float`),
/// with its doc example.
macro_rules! float_unary {
    ($(pub fn $name:ident($x:expr) => $want:expr;)*) => {$(
        #[doc = concat!("[`crate::math::", stringify!($name), "`] as a lazy expression: integers and `bool` give the float dtype of [`ToFloat`].")]
        #[doc = ""]
        #[doc = "```"]
        #[doc = "use kernels_std::{lazy, prelude::*};"]
        #[doc = concat!("let x = Array::from_vec(&Device::cpu(), &[1], vec![", stringify!($x), "])?;")]
        #[doc = concat!("let y = lazy::", stringify!($name), "(&x * 2.0) - 1.0;")]
        #[doc = concat!("assert_eq!(y.eval()?.to_vec()?, vec![", stringify!($want), "]);")]
        #[doc = "# Ok::<(), kernels_std::Error>(())"]
        #[doc = "```"]
        pub fn $name<T: ToFloat>(x: impl IntoExpr<T>) -> Expr<T::Float> {
            Expr::call(
                kernels::$name::node::<T, T::Float, T::Compute>(),
                vec![x.into_expr().erase()],
                Notation::Call(stringify!($name)),
            )
        }
    )*};
}

float_unary! {
    pub fn cbrt(4.0f64) => 1.0;
    pub fn deg2rad(90.0f64) => std::f64::consts::PI - 1.0;
    pub fn rad2deg(std::f64::consts::FRAC_PI_4) => 89.0;
}

/// A lazy function per float kernel of two operands (`T: ToFloat`, the result in
/// `T::Float`), with its doc example.
macro_rules! float_binary {
    ($(pub fn $name:ident($x:expr, $y:expr) => $want:expr;)*) => {$(
        #[doc = concat!("[`crate::math::", stringify!($name), "`] as a lazy expression: integers and `bool` give the float dtype of [`ToFloat`].")]
        #[doc = ""]
        #[doc = "```"]
        #[doc = "use kernels_std::{lazy, prelude::*};"]
        #[doc = concat!("let x = Array::from_vec(&Device::cpu(), &[1], vec![", stringify!($x), "])?;")]
        #[doc = concat!("let y = lazy::", stringify!($name), "(&x * 2.0, ", stringify!($y), ") + 1.0;")]
        #[doc = concat!("assert_eq!(y.eval()?.to_vec()?, vec![", stringify!($want), "]);")]
        #[doc = "# Ok::<(), kernels_std::Error>(())"]
        #[doc = "```"]
        pub fn $name<T: ToFloat>(x: impl IntoExpr<T>, y: impl IntoExpr<T>) -> Expr<T::Float> {
            Expr::call(
                kernels::$name::node::<T, T::Float, T::Compute>(),
                vec![x.into_expr().erase(), y.into_expr().erase()],
                Notation::Call(stringify!($name)),
            )
        }
    )*};
}

float_binary! {
    pub fn arctan2(0.5f64, 0.0) => std::f64::consts::FRAC_PI_2 + 1.0;
    pub fn hypot(1.5f32, 4.0) => 6.0;
    pub fn copysign(1.5f64, -0.0) => -2.0;
    pub fn logaddexp(0.0f64, 0.0) => std::f64::consts::LN_2 + 1.0;
    pub fn logaddexp2(0.5f64, 1.0) => 3.0;
    pub fn heaviside(0.0f32, 0.5) => 1.5;
}

/// A lazy function per generic kernel of two operands of one dtype, with its doc example.
macro_rules! same_binary {
    ($(pub fn $name:ident<$bound:ident>($what:literal; $x:expr, $y:expr) => $want:expr;)*) => {$(
        #[doc = concat!("[`crate::math::", stringify!($name), "`] as a lazy expression", $what, ".")]
        #[doc = ""]
        #[doc = "```"]
        #[doc = "use kernels_std::{lazy, prelude::*};"]
        #[doc = concat!("let x = Array::from_vec(&Device::cpu(), &[3], vec!", stringify!($x), ")?;")]
        #[doc = concat!("let y = lazy::", stringify!($name), "(&x * 2.0, ", stringify!($y), ") + 1.0;")]
        #[doc = concat!("assert_eq!(y.eval()?.to_vec()?, vec!", stringify!($want), ");")]
        #[doc = "# Ok::<(), kernels_std::Error>(())"]
        #[doc = "```"]
        pub fn $name<T: $bound>(x: impl IntoExpr<T>, y: impl IntoExpr<T>) -> Expr<T> {
            Expr::call(
                kernels::$name::node::<T>(),
                vec![x.into_expr().erase(), y.into_expr().erase()],
                Notation::Call(stringify!($name)),
            )
        }
    )*};
}

same_binary! {
    pub fn fmax<Num>(" (NaN ignored)"; [1.0f32, f32::NAN, -3.0], 0.0) => [3.0, 1.0, 1.0];
    pub fn fmin<Num>(" (NaN ignored)"; [1.0f32, f32::NAN, -3.0], 0.0) => [1.0, 1.0, -5.0];
    pub fn fmod<Num>(" (the sign of the dividend, C's `fmod`)"; [1.5f64, -2.5, 4.0], 3.0) => [1.0, -1.0, 3.0];
}

/// A lazy function per logic kernel (any dtype; nonzero, NaN too, is true), with its doc
/// example.
macro_rules! logical {
    ($(pub fn $name:ident($($arg:ident),*) [$($ex:expr),*] => $want:expr;)*) => {$(
        #[doc = concat!("[`crate::math::", stringify!($name), "`] as a lazy expression (any dtype; nonzero, NaN too, is true).")]
        #[doc = ""]
        #[doc = "```"]
        #[doc = "use kernels_std::{lazy, prelude::*};"]
        #[doc = "let x = Array::from_vec(&Device::cpu(), &[3], vec![0.0f32, f32::NAN, 2.0])?;"]
        #[doc = concat!("let y = lazy::", stringify!($name), "(", stringify!($($ex),*), ");")]
        #[doc = concat!("assert_eq!(y.eval()?.to_vec()?, vec!", stringify!($want), ");")]
        #[doc = "# Ok::<(), kernels_std::Error>(())"]
        #[doc = "```"]
        pub fn $name<T: DType>($($arg: impl IntoExpr<T>),*) -> Expr<bool> {
            Expr::call(
                kernels::$name::node::<T>(),
                vec![$($arg.into_expr().erase()),*],
                Notation::Call(stringify!($name)),
            )
        }
    )*};
}

logical! {
    pub fn logical_and(x, y) [&x - 2.0, &x] => [false, true, false];
    pub fn logical_or(x, y) [&x - 2.0, &x] => [true, true, true];
    pub fn logical_xor(x, y) [&x - 2.0, &x] => [true, false, true];
    pub fn logical_not(x) [&x - 2.0] => [false, false, true];
}

/// [`crate::math::rint`] as a lazy expression: integers and `bool` give the float dtype of
/// [`ToFloat`], complex numbers keep theirs.
///
/// ```
/// use kernels_std::{lazy, prelude::*};
/// let x = Array::from_vec(&Device::cpu(), &[1], vec![1.25f32])?;
/// assert_eq!((lazy::rint(&x * 2.0) - 1.0).eval()?.to_vec()?, vec![1.0]);
/// let z = Array::from_vec(&Device::cpu(), &[1], vec![c64::new(0.75, -1.25)])?;
/// assert_eq!(lazy::rint(&z * c64::new(2.0, 0.0)).eval()?.to_vec()?, vec![c64::new(2.0, -2.0)]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn rint<T: Rint>(x: impl IntoExpr<T>) -> Expr<T::Out> {
    T::rint_lazy(x.into_expr().erase())
}

/// [`crate::math::floor`] as a lazy expression (integers and `bool` unchanged, in their dtype).
///
/// ```
/// use kernels_std::{lazy, prelude::*};
/// let a = Array::from_vec(&Device::cpu(), &[3], vec![-0.75f32, 1.3, -0.0])?;
/// let b = Array::from_vec(&Device::cpu(), &[1], vec![0.5f32])?;
/// assert_eq!(lazy::floor(&a * 2.0 + &b).eval()?.to_vec()?, vec![-1.0, 3.0, 0.0]);
/// assert_eq!(lazy::ceil(&a * 2.0).eval()?.to_vec()?, vec![-1.0, 3.0, -0.0]);
/// assert_eq!(lazy::trunc(&a * 2.0).eval()?.to_vec()?, vec![-1.0, 2.0, -0.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn floor<T: Rounding>(x: impl IntoExpr<T>) -> Expr<T> {
    T::floor_lazy(x.into_expr().erase())
}

/// [`crate::math::ceil`] as a lazy expression (see [`floor`]).
pub fn ceil<T: Rounding>(x: impl IntoExpr<T>) -> Expr<T> {
    T::ceil_lazy(x.into_expr().erase())
}

/// [`crate::math::trunc`] as a lazy expression (see [`floor`]).
pub fn trunc<T: Rounding>(x: impl IntoExpr<T>) -> Expr<T> {
    T::trunc_lazy(x.into_expr().erase())
}

/// [`crate::math::around`] as a lazy expression: `decimals` places, half to even, in the
/// dtype of `x` (NumPy's `around`, `round`).
///
/// ```
/// use kernels_std::{lazy, prelude::*};
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![1.25f64, 0.125, 7.5])?;
/// assert_eq!(lazy::around(&x * 2.0, 1).eval()?.to_vec()?, vec![2.5, 0.2, 15.0]);
/// let i = Array::from_vec(&Device::cpu(), &[2], vec![12i32, 13])?;
/// assert_eq!(lazy::round(&i + 3, -1).eval()?.to_vec()?, vec![20, 20]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn around<T: Around>(x: impl IntoExpr<T>, decimals: i32) -> Expr<T> {
    T::around_lazy(x.into_expr().erase(), decimals)
}

/// The same function as [`around`] (NumPy's `round`).
pub fn round<T: Around>(x: impl IntoExpr<T>, decimals: i32) -> Expr<T> {
    around(x, decimals)
}

/// [`crate::math::reciprocal`] as a lazy expression (floats and complex numbers).
///
/// ```
/// use kernels_std::{lazy, prelude::*};
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![0.25f32, -0.0, 2.0])?;
/// assert_eq!(lazy::reciprocal(&x * 2.0).eval()?.to_vec()?, vec![2.0, f32::NEG_INFINITY, 0.25]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn reciprocal<T: Reciprocal>(x: impl IntoExpr<T>) -> Expr<T> {
    T::reciprocal_lazy(x.into_expr().erase())
}

/// [`crate::math::signbit`] as a lazy expression (integers and floats: `-0.0` and negative
/// NaNs have it).
///
/// ```
/// use kernels_std::{lazy, prelude::*};
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![-0.0f64, 1.0, -2.0])?;
/// assert_eq!(lazy::signbit(&x * 2.0 + 1.0).eval()?.to_vec()?, vec![false, false, true]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn signbit<T: Signbit>(x: impl IntoExpr<T>) -> Expr<bool> {
    T::signbit_lazy(x.into_expr().erase())
}

/// [`crate::math::power`] as a lazy expression, for floats, complex numbers and `bool` (which
/// gives `i8`). Integers have no lazy `power` (see [`PowerLazy`]): evaluate the exponent and
/// call [`crate::math::power`], which refuses negative ones.
///
/// ```
/// use kernels_std::{lazy, prelude::*};
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![1.0f64, 1.5, -2.0])?;
/// assert_eq!(lazy::power(&x * 2.0, 2.0).eval()?.to_vec()?, vec![4.0, 9.0, 16.0]);
/// assert_eq!(lazy::pow(2.0, &x + 1.0).eval()?.to_vec()?, vec![4.0, 2f64.powf(2.5), 0.5]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn power<T: PowerLazy>(x: impl IntoExpr<T>, y: impl IntoExpr<T>) -> Expr<T::Out> {
    T::power_lazy(x.into_expr().erase(), y.into_expr().erase())
}

/// The same function as [`power`] (NumPy's `pow`).
pub fn pow<T: PowerLazy>(x: impl IntoExpr<T>, y: impl IntoExpr<T>) -> Expr<T::Out> {
    power(x, y)
}

/// A lazy function per arithmetic or bitwise node of `array_runtime::ops` (the operators'
/// nodes, as functions), with its doc example.
macro_rules! op_binary {
    ($(pub fn $name:ident<$bound:ident>::$lazy:ident -> $out:ty, $sym:literal, ($x:expr, $y:expr) => $want:expr;)*) => {$(
        #[doc = concat!("[`crate::math::", stringify!($name), "`] as a lazy expression (the operator `", $sym, "` as a function; no promotion: one dtype).")]
        #[doc = ""]
        #[doc = "```"]
        #[doc = "use kernels_std::{lazy, prelude::*};"]
        #[doc = concat!("let x = Array::from_vec(&Device::cpu(), &[3], vec!", stringify!($x), ")?;")]
        #[doc = concat!("let y = lazy::", stringify!($name), "(&x + &x, ", stringify!($y), ");")]
        #[doc = concat!("assert_eq!(y.eval()?.to_vec()?, vec!", stringify!($want), ");")]
        #[doc = "# Ok::<(), kernels_std::Error>(())"]
        #[doc = "```"]
        pub fn $name<T: $bound>(x: impl IntoExpr<T>, y: impl IntoExpr<T>) -> Expr<$out> {
            T::$lazy(x.into_expr().erase(), y.into_expr().erase())
        }
    )*};
}

op_binary! {
    pub fn add<AddMultiply>::add_values_lazy -> T, "+", ([1i32, -2, 3], 1) => [3, -3, 7];
    pub fn subtract<Numeric>::subtract_lazy -> T, "-", ([1i32, -2, 3], 1) => [1, -5, 5];
    pub fn multiply<AddMultiply>::multiply_values_lazy -> T, "*", ([1.5f32, -2.0, 3.0], 2.0) => [6.0, -8.0, 12.0];
    pub fn divide<AddMultiply>::divide_values_lazy -> T::Ratio, "/", ([1i32, -2, 3], 4) => [0.5, -1.0, 1.5];
    pub fn true_divide<AddMultiply>::divide_values_lazy -> T::Ratio, "/", ([1.0f64, -2.0, 3.0], 0.5) => [4.0, -8.0, 12.0];
    pub fn floor_divide<Arithmetic>::floor_divide_lazy -> T, "//", ([7i64, -7, 3], 4) => [3, -4, 1];
    pub fn remainder<Arithmetic>::remainder_lazy -> T, "%", ([7i64, -7, 3], 4) => [2, 2, 2];
    pub fn bitwise_and<Bitwise>::bitwise_and_lazy -> T, "&", ([0b0110u8, 3, 0], 0b1100) => [0b1100, 0b0100, 0];
    pub fn bitwise_or<Bitwise>::bitwise_or_lazy -> T, "|", ([0b0110u8, 3, 0], 0b0001) => [0b1101, 7, 1];
    pub fn bitwise_xor<Bitwise>::bitwise_xor_lazy -> T, "^", ([0b0110u8, 3, 0], 0b1111) => [0b0011, 9, 15];
}

/// The same function as [`remainder`] (NumPy's `mod`).
pub fn mod_<T: Arithmetic>(x: impl IntoExpr<T>, y: impl IntoExpr<T>) -> Expr<T> {
    remainder(x, y)
}

/// [`crate::math::negative`] as a lazy expression (the operator `-`; integers wrap).
///
/// ```
/// use kernels_std::{lazy, prelude::*};
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![1i8, -128, 0])?;
/// assert_eq!(lazy::negative(&x * 1).eval()?.to_vec()?, vec![-1, -128, 0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn negative<T: Numeric>(x: impl IntoExpr<T>) -> Expr<T> {
    T::negative_lazy(x.into_expr().erase())
}

/// [`crate::math::invert`] as a lazy expression (the operator `!`, NumPy's `~`; on `bool`
/// logical not).
///
/// ```
/// use kernels_std::{lazy, prelude::*};
/// let x = Array::from_vec(&Device::cpu(), &[2], vec![0i8, 5])?;
/// assert_eq!(lazy::invert(&x + 1).eval()?.to_vec()?, vec![-2, -7]);
/// assert_eq!(lazy::bitwise_not(&x).eval()?.to_vec()?, vec![-1, -6]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn invert<T: Bitwise>(x: impl IntoExpr<T>) -> Expr<T> {
    T::invert_lazy(x.into_expr().erase())
}

/// The same function as [`invert`] (NumPy's `bitwise_not`).
pub fn bitwise_not<T: Bitwise>(x: impl IntoExpr<T>) -> Expr<T> {
    invert(x)
}

/// [`crate::math::left_shift`] as a lazy expression (the operator `<<`, saturating: a count
/// below zero or at least the width gives 0).
///
/// ```
/// use kernels_std::{lazy, prelude::*};
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![1i32, 3, 1])?;
/// let n = Array::from_vec(&Device::cpu(), &[3], vec![4i32, 1, 32])?;
/// assert_eq!(lazy::left_shift(&x, &n - 1).eval()?.to_vec()?, vec![8, 3, -2147483648]);
/// assert_eq!(lazy::right_shift(&x * -16, 2).eval()?.to_vec()?, vec![-4, -12, -4]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn left_shift<T: Int>(x: impl IntoExpr<T>, n: impl IntoExpr<T>) -> Expr<T> {
    Expr::call(
        ops_kernels::left_shift::node::<T>(),
        vec![x.into_expr().erase(), n.into_expr().erase()],
        Notation::Binary("<<", 4),
    )
}

/// [`crate::math::right_shift`] as a lazy expression (the operator `>>`, arithmetic for
/// signed integers; see [`left_shift`]).
pub fn right_shift<T: Int>(x: impl IntoExpr<T>, n: impl IntoExpr<T>) -> Expr<T> {
    Expr::call(
        ops_kernels::right_shift::node::<T>(),
        vec![x.into_expr().erase(), n.into_expr().erase()],
        Notation::Binary(">>", 4),
    )
}

/// A lazy function per comparison (the methods of [`array_runtime::expr::Cmp`] as free
/// functions), with its doc example.
macro_rules! comparison {
    ($(pub fn $name:ident<$bound:ident>::$lazy:ident($sym:literal) => $want:expr;)*) => {$(
        #[doc = concat!("[`crate::math::", stringify!($name), "`] as a lazy expression: `x ", $sym, " y`, elementwise (NaN compares false, but unequal).")]
        #[doc = ""]
        #[doc = "```"]
        #[doc = "use kernels_std::{lazy, prelude::*};"]
        #[doc = "let x = Array::from_vec(&Device::cpu(), &[3], vec![1.0f32, 2.0, f32::NAN])?;"]
        #[doc = concat!("let y = lazy::", stringify!($name), "(&x * 2.0, 4.0);")]
        #[doc = concat!("assert_eq!(y.eval()?.to_vec()?, vec!", stringify!($want), ");")]
        #[doc = "# Ok::<(), kernels_std::Error>(())"]
        #[doc = "```"]
        pub fn $name<T: $bound>(x: impl IntoExpr<T>, y: impl IntoExpr<T>) -> Expr<bool> {
            <T as $bound>::$lazy(x.into_expr().erase(), y.into_expr().erase())
        }
    )*};
}

comparison! {
    pub fn equal<Equality>::equal_lazy("==") => [false, true, false];
    pub fn not_equal<Equality>::not_equal_lazy("!=") => [true, false, true];
    pub fn less<Compare>::less_lazy("<") => [true, false, false];
    pub fn less_equal<Compare>::less_equal_lazy("<=") => [true, true, false];
    pub fn greater<Compare>::greater_lazy(">") => [false, false, false];
    pub fn greater_equal<Compare>::greater_equal_lazy(">=") => [false, true, false];
}

// NumPy's other names for the same ufuncs, as in `crate::math`.
pub use self::invert as bitwise_invert;
pub use self::{arccos as acos, arccosh as acosh, arcsin as asin, arcsinh as asinh};
pub use self::{arctan as atan, arctan2 as atan2, arctanh as atanh};
pub use self::{deg2rad as radians, rad2deg as degrees};
pub use self::{left_shift as bitwise_left_shift, right_shift as bitwise_right_shift};

/// [`crate::math::real`] as a lazy expression: the real part of complex numbers, real numbers
/// themselves.
///
/// ```
/// use kernels_std::{lazy, prelude::*};
/// let z = Array::from_vec(&Device::cpu(), &[2], vec![c64::new(1.0, 2.0), c64::new(-3.0, 0.5)])?;
/// assert_eq!((lazy::real(&z) * 2.0 + lazy::imag(&z)).eval()?.to_vec()?, vec![4.0, -5.5]);
/// assert_eq!(lazy::conjugate(&z).eval()?.to_vec()?[0], c64::new(1.0, -2.0));
/// let x = Array::from_vec(&Device::cpu(), &[2], vec![1.5f64, -2.0])?;
/// assert_eq!((lazy::real(&x) + lazy::imag(&x)).eval()?.to_vec()?, vec![1.5, -2.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn real<T: Parts>(x: impl IntoExpr<T>) -> Expr<T::Real> {
    T::real_lazy(x.into_expr().erase())
}

/// [`crate::math::imag`] as a lazy expression: the imaginary part of complex numbers, zeros
/// of real ones (see [`real`]).
pub fn imag<T: Parts>(x: impl IntoExpr<T>) -> Expr<T::Real> {
    T::imag_lazy(x.into_expr().erase())
}

/// [`crate::math::conjugate`] as a lazy expression: `re - im i`; real numbers unchanged (see
/// [`real`]).
pub fn conjugate<T: Conjugate>(x: impl IntoExpr<T>) -> Expr<T> {
    T::conjugate_lazy(x.into_expr().erase())
}

/// The same function as [`conjugate`] (NumPy's `conj`).
pub fn conj<T: Conjugate>(x: impl IntoExpr<T>) -> Expr<T> {
    conjugate(x)
}

/// [`crate::math::angle`] as a lazy expression: the argument of each element, in degrees when
/// `deg`.
///
/// ```
/// use kernels_std::{lazy, prelude::*};
/// let z = Array::from_vec(&Device::cpu(), &[2], vec![c64::new(0.0, 1.0), c64::new(-1.0, 0.0)])?;
/// assert_eq!(lazy::angle(&z * c64::new(2.0, 0.0), true).eval()?.to_vec()?, vec![90.0, 180.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn angle<T: Angle>(x: impl IntoExpr<T>, deg: bool) -> Expr<T::Out> {
    let radians = T::angle_lazy(x.into_expr().erase());
    if deg {
        rad2deg(radians)
    } else {
        radians
    }
}

/// [`crate::math::fabs`] as a lazy expression: integers and `bool` give the float dtype of
/// [`ToFloat`].
///
/// ```
/// use kernels_std::{lazy, prelude::*};
/// let x = Array::from_vec(&Device::cpu(), &[2], vec![-1.5f64, 2.0])?;
/// assert_eq!((lazy::fabs(&x * 2.0) - 1.0).eval()?.to_vec()?, vec![2.0, 3.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn fabs<T: ToFloat>(x: impl IntoExpr<T>) -> Expr<T::Float> {
    Expr::call(
        kernels::fabs::node::<T, T::Float, T::Compute>(),
        vec![x.into_expr().erase()],
        Notation::Call("fabs"),
    )
}

/// [`crate::math::ldexp`] as a lazy expression: `x 2^e`, `e` of `i32`.
///
/// ```
/// use kernels_std::{lazy, prelude::*};
/// let x = Array::from_vec(&Device::cpu(), &[2], vec![1.5f32, -3.0])?;
/// let e = Array::from_vec(&Device::cpu(), &[2], vec![2i32, -1])?;
/// assert_eq!((lazy::ldexp(&x, &e) + 1.0).eval()?.to_vec()?, vec![7.0, -0.5]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn ldexp<T: ToFloat>(x: impl IntoExpr<T>, e: impl IntoExpr<i32>) -> Expr<T::Float> {
    Expr::call(
        kernels::ldexp::node::<T, T::Float, T::Compute>(),
        vec![x.into_expr().erase(), e.into_expr().erase()],
        Notation::Call("ldexp"),
    )
}

/// [`crate::math::float_power`] as a lazy expression: `x^y` in `f64`.
///
/// ```
/// use kernels_std::{lazy, prelude::*};
/// let x = Array::from_vec(&Device::cpu(), &[2], vec![2i32, 4])?;
/// assert_eq!((lazy::float_power(&x, -1) * 4.0).eval()?.to_vec()?, vec![2.0, 1.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn float_power<T: ToFloat>(x: impl IntoExpr<T>, y: impl IntoExpr<T>) -> Expr<f64> {
    Expr::call(
        kernels::power_float::node::<T, f64, f64>(),
        vec![x.into_expr().erase(), y.into_expr().erase()],
        Notation::Call("float_power"),
    )
}

/// [`crate::math::gcd`] as a lazy expression.
///
/// ```
/// use kernels_std::{lazy, prelude::*};
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![4i32, -6, 9])?;
/// assert_eq!((lazy::gcd(&x, 6) + 1).eval()?.to_vec()?, vec![3, 7, 4]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn gcd<T: Int>(x: impl IntoExpr<T>, y: impl IntoExpr<T>) -> Expr<T> {
    Expr::call(
        kernels::gcd::node::<T>(),
        vec![x.into_expr().erase(), y.into_expr().erase()],
        Notation::Call("gcd"),
    )
}

/// [`crate::math::lcm`] as a lazy expression.
///
/// ```
/// use kernels_std::{lazy, prelude::*};
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![4u32, 6, 0])?;
/// assert_eq!((lazy::lcm(&x, 6) + 1).eval()?.to_vec()?, vec![13, 7, 1]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn lcm<T: Int>(x: impl IntoExpr<T>, y: impl IntoExpr<T>) -> Expr<T> {
    Expr::call(
        kernels::lcm::node::<T>(),
        vec![x.into_expr().erase(), y.into_expr().erase()],
        Notation::Call("lcm"),
    )
}

/// [`crate::math::bitwise_count`] as a lazy expression (a `u8`).
///
/// ```
/// use kernels_std::{lazy, prelude::*};
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![7i16, -1, 0])?;
/// assert_eq!(lazy::bitwise_count(&x + 1).eval()?.to_vec()?, vec![1, 0, 1]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn bitwise_count<T: Int>(x: impl IntoExpr<T>) -> Expr<u8> {
    Expr::call(
        kernels::bitwise_count::node::<T>(),
        vec![x.into_expr().erase()],
        Notation::Call("bitwise_count"),
    )
}

/// [`crate::math::positive`] as a lazy expression (`+x`).
///
/// ```
/// use kernels_std::{lazy, prelude::*};
/// let x = Array::from_vec(&Device::cpu(), &[2], vec![-1i8, 5])?;
/// assert_eq!((lazy::positive(&x) * 2).eval()?.to_vec()?, vec![-2, 10]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn positive<T: crate::math::Positive>(x: impl IntoExpr<T>) -> Expr<T> {
    Expr::call(
        kernels::identity::node::<T>(),
        vec![x.into_expr().erase()],
        Notation::Call("positive"),
    )
}
