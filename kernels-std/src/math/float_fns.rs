//! Float functions: `sqrt`, `exp`, `log`, the trigonometric and hyperbolic functions and their
//! inverses, `arctan2`, `hypot`, `logaddexp`, `copysign`, `heaviside` (`rint` is with the rounding). Integer and
//! `bool` inputs give the float dtype of [`ToFloat`]; floats keep their dtype. Complex dtypes
//! have the functions of [`Elementary`] (principal values, NumPy's branch cuts), computed by the
//! formulas of `kernels/complex_formulas/` on the parts.
//!
//! Accuracy: CUDA's math library on a GPU; on the CPU the runtime's own vectorized exponentials
//! and logarithms (`array_runtime::math`, within 1 ULP) and the host's C library for the
//! others; within a few ULPs of NumPy's (not bit-identical). `f16`/`bf16` are computed in
//! `f32` and rounded once.

use crate::math::kernels;
use crate::math::ToFloat;
use crate::prelude::*;
use array_runtime::expr::{AnyExpr, Expr, Notation};
use array_runtime::IntoOperand;

/// Dtypes with NumPy's exponentials, logarithms, square root, trigonometric and hyperbolic
/// functions and their inverses: the real ones (integers and `bool` give the float dtype of
/// [`ToFloat`]) and complex (the same dtype, principal values).
///
/// ```
/// use kernels_std::math::{self, Elementary};
/// use kernels_std::prelude::*;
/// use kernels_std::{c128, Array, Device};
/// fn result_dtype<T: Elementary>() -> DTypeId { <T::Out as DType>::ID }
/// assert_eq!(result_dtype::<u8>(), DTypeId::F16);
/// assert_eq!(result_dtype::<c64>(), DTypeId::C64);
/// // sin(i) = i sinh(1)
/// let z = Array::from_vec(&Device::cpu(), &[1], vec![c128::new(0.0, 1.0)])?;
/// let w = math::sin(&z)?.to_vec()?[0];
/// assert!(w.re == 0.0 && (w.im - 1.0f64.sinh()).abs() < 1e-15);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub trait Elementary: DType {
    /// The result's dtype.
    type Out: DType;
    /// NumPy's `sqrt`: see [`sqrt`].
    fn sqrt<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self::Out>>;
    /// NumPy's `exp`: see [`exp`].
    fn exp<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self::Out>>;
    /// NumPy's `log`: see [`log`].
    fn log<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self::Out>>;
    /// NumPy's `exp2`: see [`exp2`].
    fn exp2<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self::Out>>;
    /// NumPy's `expm1`: see [`expm1`].
    fn expm1<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self::Out>>;
    /// NumPy's `log2`: see [`log2`].
    fn log2<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self::Out>>;
    /// NumPy's `log10`: see [`log10`].
    fn log10<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self::Out>>;
    /// NumPy's `log1p`: see [`log1p`].
    fn log1p<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self::Out>>;
    /// NumPy's `sin`: see [`sin`].
    fn sin<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self::Out>>;
    /// NumPy's `cos`: see [`cos`].
    fn cos<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self::Out>>;
    /// NumPy's `tan`: see [`tan`].
    fn tan<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self::Out>>;
    /// NumPy's `sinh`: see [`sinh`].
    fn sinh<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self::Out>>;
    /// NumPy's `cosh`: see [`cosh`].
    fn cosh<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self::Out>>;
    /// NumPy's `tanh`: see [`tanh`].
    fn tanh<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self::Out>>;
    /// NumPy's `arcsin`: see [`arcsin`].
    fn arcsin<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self::Out>>;
    /// NumPy's `arccos`: see [`arccos`].
    fn arccos<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self::Out>>;
    /// NumPy's `arctan`: see [`arctan`].
    fn arctan<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self::Out>>;
    /// NumPy's `arcsinh`: see [`arcsinh`].
    fn arcsinh<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self::Out>>;
    /// NumPy's `arccosh`: see [`arccosh`].
    fn arccosh<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self::Out>>;
    /// NumPy's `arctanh`: see [`arctanh`].
    fn arctanh<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self::Out>>;
    /// The function `op` as a node of a lazy expression (what [`crate::lazy`]'s functions
    /// build).
    fn lazy(op: ElementaryOp, x: AnyExpr) -> Expr<Self::Out>;
}

/// The methods of [`Elementary`], each calling the kernel `kernels::<name><suffix>` (the
/// generic real kernel, or the complex one of a dtype), and its lazy form.
macro_rules! elementary_methods {
    ($out:ty; $($name:ident => $kernel:ident $(::<$($g:ty),*>)?;)*) => {
        $(
            fn $name<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<$out>> {
                kernels::$kernel $(::<$($g),*>)? (x)
            }
        )*
        fn lazy(op: ElementaryOp, x: AnyExpr) -> Expr<$out> {
            match op {
                $(ElementaryOp::$name => Expr::call(
                    kernels::$kernel::node $(::<$($g),*>)? (),
                    vec![x],
                    Notation::Call(stringify!($name)),
                ),)*
            }
        }
    };
}

/// The functions of [`Elementary`], for its lazy form ([`Elementary::lazy`]).
#[allow(non_camel_case_types, missing_docs)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ElementaryOp {
    sqrt,
    exp,
    log,
    exp2,
    expm1,
    log2,
    log10,
    log1p,
    sin,
    cos,
    tan,
    sinh,
    cosh,
    tanh,
    arcsin,
    arccos,
    arctan,
    arcsinh,
    arccosh,
    arctanh,
}

impl<T: ToFloat> Elementary for T {
    type Out = T::Float;
    elementary_methods! { T::Float;
        sqrt => sqrt::<T, T::Float, T::Compute>;
        exp => exp::<T, T::Float, T::Compute>;
        log => log::<T, T::Float, T::Compute>;
        exp2 => exp2::<T, T::Float, T::Compute>;
        expm1 => expm1::<T, T::Float, T::Compute>;
        log2 => log2::<T, T::Float, T::Compute>;
        log10 => log10::<T, T::Float, T::Compute>;
        log1p => log1p::<T, T::Float, T::Compute>;
        sin => sin::<T, T::Float, T::Compute>;
        cos => cos::<T, T::Float, T::Compute>;
        tan => tan::<T, T::Float, T::Compute>;
        sinh => sinh::<T, T::Float, T::Compute>;
        cosh => cosh::<T, T::Float, T::Compute>;
        tanh => tanh::<T, T::Float, T::Compute>;
        arcsin => arcsin::<T, T::Float, T::Compute>;
        arccos => arccos::<T, T::Float, T::Compute>;
        arctan => arctan::<T, T::Float, T::Compute>;
        arcsinh => arcsinh::<T, T::Float, T::Compute>;
        arccosh => arccosh::<T, T::Float, T::Compute>;
        arctanh => arctanh::<T, T::Float, T::Compute>;
    }
}

impl Elementary for c64 {
    type Out = c64;
    elementary_methods! { c64;
        sqrt => sqrt_c64;
        exp => exp_c64;
        log => log_c64;
        exp2 => exp2_c64;
        expm1 => expm1_c64;
        log2 => log2_c64;
        log10 => log10_c64;
        log1p => log1p_c64;
        sin => sin_c64;
        cos => cos_c64;
        tan => tan_c64;
        sinh => sinh_c64;
        cosh => cosh_c64;
        tanh => tanh_c64;
        arcsin => arcsin_c64;
        arccos => arccos_c64;
        arctan => arctan_c64;
        arcsinh => arcsinh_c64;
        arccosh => arccosh_c64;
        arctanh => arctanh_c64;
    }
}

impl Elementary for c128 {
    type Out = c128;
    elementary_methods! { c128;
        sqrt => sqrt_c128;
        exp => exp_c128;
        log => log_c128;
        exp2 => exp2_c128;
        expm1 => expm1_c128;
        log2 => log2_c128;
        log10 => log10_c128;
        log1p => log1p_c128;
        sin => sin_c128;
        cos => cos_c128;
        tan => tan_c128;
        sinh => sinh_c128;
        cosh => cosh_c128;
        tanh => tanh_c128;
        arcsin => arcsin_c128;
        arccos => arccos_c128;
        arctan => arctan_c128;
        arcsinh => arcsinh_c128;
        arccosh => arccosh_c128;
        arctanh => arctanh_c128;
    }
}

/// The square root, elementwise (NumPy's `sqrt`): NaN below zero, `sqrt(-0.0) == -0.0`;
/// integers and `bool` give the float dtype of [`ToFloat`]; complex numbers the principal
/// root.
///
/// ```
/// use kernels_std::{c64, math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![4.0f32, 0.25, -1.0])?;
/// let y = math::sqrt(&x)?.to_vec()?;
/// assert_eq!((y[0], y[1], y[2].is_nan()), (2.0, 0.5, true));
/// let z = Array::from_vec(&Device::cpu(), &[1], vec![c64::new(-4.0, 0.0)])?;
/// assert_eq!(math::sqrt(&z)?.to_vec()?, vec![c64::new(0.0, 2.0)]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn sqrt<'a, T: Elementary>(x: impl IntoOperand<'a, T>) -> Result<Array<T::Out>> {
    T::sqrt(x)
}

/// `e^x`, elementwise (NumPy's `exp`); integers and `bool` give the float dtype of
/// [`ToFloat`]; complex numbers `e^re (cos im + i sin im)`.
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![0.0f64, 1.0, f64::NEG_INFINITY])?;
/// assert_eq!(math::exp(&x)?.to_vec()?, vec![1.0, std::f64::consts::E, 0.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn exp<'a, T: Elementary>(x: impl IntoOperand<'a, T>) -> Result<Array<T::Out>> {
    T::exp(x)
}

/// The natural logarithm, elementwise (NumPy's `log`): `-inf` at 0, NaN below; integers and
/// `bool` give the float dtype of [`ToFloat`]; complex numbers the principal logarithm.
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![1u8, 0, 1])?;
/// let y = math::log(&x)?.to_vec()?; // u8 gives f16
/// assert_eq!((y[0].to_f32(), y[1].to_f32()), (0.0, f32::NEG_INFINITY));
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn log<'a, T: Elementary>(x: impl IntoOperand<'a, T>) -> Result<Array<T::Out>> {
    T::log(x)
}

/// A public function per float kernel of one operand, with its doc example (written as `pub
/// fn name(inputs => outputs);` so that the declarations read, and are found, as functions).
macro_rules! float_unary {
    ($($(#[$doc:meta])* pub fn $name:ident([$($x:expr),*] => [$($y:expr),*]);)*) => {$(
        $(#[$doc])*
        #[doc = ""]
        #[doc = "Result dtype: [`ToFloat::Float`] of the input's (`f16` for `i8`, `f64` for `i64`)."]
        #[doc = ""]
        #[doc = "```"]
        #[doc = "use kernels_std::{math, Array, Device};"]
        #[doc = concat!("let v = vec![", stringify!($($x),*), "];")]
        #[doc = "let x = Array::from_vec(&Device::cpu(), &[v.len()], v)?;"]
        #[doc = concat!("let y = math::", stringify!($name), "(&x)?.to_vec()?;")]
        #[doc = concat!("for (got, want) in y.iter().zip([", stringify!($($y),*), "]) {")]
        #[doc = "    assert!((got - want).abs() <= 1e-6 * want.abs().max(1.0), \"{got} vs {want}\");"]
        #[doc = "}"]
        #[doc = "# Ok::<(), kernels_std::Error>(())"]
        #[doc = "```"]
        pub fn $name<'a, T: ToFloat>(x: impl IntoOperand<'a, T>) -> Result<Array<T::Float>> {
            kernels::$name::<T, T::Float, T::Compute>(x)
        }
    )*};
}

float_unary! {
    /// The cube root (NumPy's `cbrt`), defined for negative inputs too.
    pub fn cbrt([27.0f64, -8.0, 2.0] => [3.0f64, -2.0, 1.259_921_049_894_873_2]);
    /// Degrees to radians (NumPy's `deg2rad`, also `radians`).
    pub fn deg2rad([180.0f64, 90.0] => [std::f64::consts::PI, std::f64::consts::FRAC_PI_2]);
    /// Radians to degrees (NumPy's `rad2deg`, also `degrees`).
    pub fn rad2deg([std::f64::consts::PI, 1.0] => [180.0f64, 57.295_779_513_082_32]);
}

/// A public function per function of [`Elementary`], with its doc example (written as `pub
/// fn name(inputs => outputs);` so that the declarations read, and are found, as functions).
macro_rules! elementary_unary {
    ($($(#[$doc:meta])* pub fn $name:ident([$($x:expr),*] => [$($y:expr),*]);)*) => {$(
        $(#[$doc])*
        #[doc = ""]
        #[doc = "Result dtype: [`ToFloat::Float`] of the input's (`f16` for `i8`, `f64` for `i64`); complex dtypes keep theirs (the principal value: see [`Elementary`])."]
        #[doc = ""]
        #[doc = "```"]
        #[doc = "use kernels_std::{math, Array, Device};"]
        #[doc = concat!("let v = vec![", stringify!($($x),*), "];")]
        #[doc = "let x = Array::from_vec(&Device::cpu(), &[v.len()], v)?;"]
        #[doc = concat!("let y = math::", stringify!($name), "(&x)?.to_vec()?;")]
        #[doc = concat!("for (got, want) in y.iter().zip([", stringify!($($y),*), "]) {")]
        #[doc = "    assert!((got - want).abs() <= 1e-6 * want.abs().max(1.0), \"{got} vs {want}\");"]
        #[doc = "}"]
        #[doc = "# Ok::<(), kernels_std::Error>(())"]
        #[doc = "```"]
        pub fn $name<'a, T: Elementary>(x: impl IntoOperand<'a, T>) -> Result<Array<T::Out>> {
            T::$name(x)
        }
    )*};
}

elementary_unary! {
    /// `2^x` (NumPy's `exp2`).
    pub fn exp2([3.0f32, -1.0, 0.5] => [8.0f32, 0.5, 1.414_213_5]);
    /// `e^x - 1`, accurate for small `x` (NumPy's `expm1`).
    pub fn expm1([0.0f64, 1e-10] => [0.0f64, 1.000_000_000_05e-10]);
    /// The base-2 logarithm (NumPy's `log2`).
    pub fn log2([8.0f32, 0.5] => [3.0f32, -1.0]);
    /// The base-10 logarithm (NumPy's `log10`).
    pub fn log10([1000.0f64, 0.01] => [3.0f64, -2.0]);
    /// `ln(1 + x)`, accurate for small `x` (NumPy's `log1p`).
    pub fn log1p([0.0f64, 1e-10] => [0.0f64, 9.999_999_999_5e-11]);
    /// The sine, of radians (NumPy's `sin`).
    pub fn sin([0.0f64, std::f64::consts::FRAC_PI_2] => [0.0f64, 1.0]);
    /// The cosine, of radians (NumPy's `cos`).
    pub fn cos([0.0f64, std::f64::consts::PI] => [1.0f64, -1.0]);
    /// The tangent, of radians (NumPy's `tan`).
    pub fn tan([0.0f64, std::f64::consts::FRAC_PI_4] => [0.0f64, 1.0]);
    /// The inverse sine, in `[-pi/2, pi/2]`; NaN outside `[-1, 1]` (NumPy's `arcsin`).
    pub fn arcsin([0.0f64, 1.0] => [0.0f64, std::f64::consts::FRAC_PI_2]);
    /// The inverse cosine, in `[0, pi]`; NaN outside `[-1, 1]` (NumPy's `arccos`).
    pub fn arccos([1.0f64, -1.0] => [0.0f64, std::f64::consts::PI]);
    /// The inverse tangent, in `[-pi/2, pi/2]` (NumPy's `arctan`).
    pub fn arctan([0.0f64, 1.0] => [0.0f64, std::f64::consts::FRAC_PI_4]);
    /// The hyperbolic sine (NumPy's `sinh`).
    pub fn sinh([0.0f64, 1.0] => [0.0f64, 1.175_201_193_643_801_4]);
    /// The hyperbolic cosine (NumPy's `cosh`).
    pub fn cosh([0.0f64, 1.0] => [1.0f64, 1.543_080_634_815_243_7]);
    /// The hyperbolic tangent (NumPy's `tanh`).
    pub fn tanh([0.0f64, 1.0] => [0.0f64, 0.761_594_155_955_764_9]);
    /// The inverse hyperbolic sine (NumPy's `arcsinh`).
    pub fn arcsinh([0.0f64, 1.0] => [0.0f64, 0.881_373_587_019_543]);
    /// The inverse hyperbolic cosine; NaN below 1 (NumPy's `arccosh`).
    pub fn arccosh([1.0f64, 2.0] => [0.0f64, 1.316_957_896_924_816_6]);
    /// The inverse hyperbolic tangent; `+-inf` at `+-1`, NaN beyond (NumPy's `arctanh`).
    pub fn arctanh([0.0f64, 0.5] => [0.0f64, 0.549_306_144_334_054_9]);
}

/// A public function per float kernel of two operands, with its doc example.
macro_rules! float_binary {
    ($($(#[$doc:meta])* pub fn $name:ident([$($x:expr),*], [$($y:expr),*] => [$($z:expr),*]);)*) => {$(
        $(#[$doc])*
        #[doc = ""]
        #[doc = "Each operand is an array (broadcast NumPy-style) or a scalar. Result dtype: [`ToFloat::Float`] of the inputs'."]
        #[doc = ""]
        #[doc = "```"]
        #[doc = "use kernels_std::{math, Array, Device};"]
        #[doc = concat!("let v = vec![", stringify!($($x),*), "];")]
        #[doc = "let x = Array::from_vec(&Device::cpu(), &[v.len()], v)?;"]
        #[doc = concat!("let v = vec![", stringify!($($y),*), "];")]
        #[doc = "let y = Array::from_vec(&Device::cpu(), &[v.len()], v)?;"]
        #[doc = concat!("let z = math::", stringify!($name), "(&x, &y)?.to_vec()?;")]
        #[doc = concat!("for (got, want) in z.iter().zip([", stringify!($($z),*), "]) {")]
        #[doc = "    assert!((got - want).abs() <= 1e-6 * want.abs().max(1.0), \"{got} vs {want}\");"]
        #[doc = "}"]
        #[doc = "# Ok::<(), kernels_std::Error>(())"]
        #[doc = "```"]
        pub fn $name<'a, T: ToFloat>(
            x: impl IntoOperand<'a, T>,
            y: impl IntoOperand<'a, T>,
        ) -> Result<Array<T::Float>> {
            kernels::$name::<T, T::Float, T::Compute>(x, y)
        }
    )*};
}

float_binary! {
    /// The angle of the point `(x2, x1)` in `[-pi, pi]`, by the signs of both (NumPy's
    /// `arctan2(x1, x2)`).
    pub fn arctan2([1.0f64, -1.0], [1.0f64, -1.0] => [std::f64::consts::FRAC_PI_4, -2.356_194_490_192_345]);
    /// `sqrt(x^2 + y^2)` without overflow; `hypot(inf, nan) == inf` (NumPy's `hypot`).
    pub fn hypot([3.0f32, 1e30], [4.0f32, 1e30] => [5.0f32, 1.414_213_5e30]);
    /// `x` with the sign bit of `y`, a NaN's or a zero's too (NumPy's `copysign`).
    pub fn copysign([1.5f64, 2.0], [-0.0f64, 1.0] => [-1.5f64, 2.0]);
    /// `ln(e^x + e^y)` without overflow (NumPy's `logaddexp`).
    pub fn logaddexp([1000.0f64, 0.0], [1000.0f64, 0.0] => [1000.693_147_180_559_9f64, std::f64::consts::LN_2]);
    /// `log2(2^x + 2^y)` without overflow (NumPy's `logaddexp2`).
    pub fn logaddexp2([3.0f64, 0.0], [3.0f64, 1.0] => [4.0f64, 1.584_962_500_721_156_3]);
    /// The step function: 0 below zero, the second operand at zero, 1 above, NaN for NaN
    /// (NumPy's `heaviside(x1, x2)`).
    pub fn heaviside([-2.0f32, 0.0, 3.0], [0.5f32, 0.5, 0.5] => [0.0f32, 0.5, 1.0]);
}
