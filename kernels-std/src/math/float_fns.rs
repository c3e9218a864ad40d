//! Float functions: `sqrt`, `exp`, `log`, the trigonometric and hyperbolic functions and their
//! inverses, `arctan2`, `hypot`, `logaddexp`, `copysign`, `heaviside`, `rint`. Integer and
//! `bool` inputs give the float dtype of [`ToFloat`]; floats keep their dtype.
//!
//! Accuracy: CUDA's math library on a GPU and the host's C library on the CPU, within a few
//! ULPs of NumPy's (not bit-identical); `f16`/`bf16` are computed in `f32` and rounded once.

use crate::math::kernels;
use crate::math::ToFloat;
use crate::prelude::*;
use array_runtime::IntoOperand;

/// A public function per float kernel of one operand, with its doc example.
macro_rules! float_unary {
    ($($name:ident, $doc:literal, [$($x:expr),*] => [$($y:expr),*];)*) => {$(
        #[doc = $doc]
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
    sqrt, "The square root, elementwise (NumPy's `sqrt`); NaN below zero, `sqrt(-0.0) == -0.0`.",
        [4.0f32, 0.25, 2.0] => [2.0f32, 0.5, 1.414_213_5];
    cbrt, "The cube root (NumPy's `cbrt`), defined for negative inputs too.",
        [27.0f64, -8.0, 2.0] => [3.0f64, -2.0, 1.259_921_049_894_873_2];
    exp, "`e^x` (NumPy's `exp`).", [0.0f64, 1.0, -1.0] => [1.0f64, std::f64::consts::E, 0.367_879_441_171_442_3];
    exp2, "`2^x` (NumPy's `exp2`).", [3.0f32, -1.0, 0.5] => [8.0f32, 0.5, 1.414_213_5];
    expm1, "`e^x - 1`, accurate for small `x` (NumPy's `expm1`).", [0.0f64, 1e-10] => [0.0f64, 1.000_000_000_05e-10];
    log, "The natural logarithm (NumPy's `log`): `-inf` at 0, NaN below.", [1.0f64, std::f64::consts::E] => [0.0f64, 1.0];
    log2, "The base-2 logarithm (NumPy's `log2`).", [8.0f32, 0.5] => [3.0f32, -1.0];
    log10, "The base-10 logarithm (NumPy's `log10`).", [1000.0f64, 0.01] => [3.0f64, -2.0];
    log1p, "`ln(1 + x)`, accurate for small `x` (NumPy's `log1p`).", [0.0f64, 1e-10] => [0.0f64, 9.999_999_999_5e-11];
    sin, "The sine, of radians (NumPy's `sin`).", [0.0f64, std::f64::consts::FRAC_PI_2] => [0.0f64, 1.0];
    cos, "The cosine, of radians (NumPy's `cos`).", [0.0f64, std::f64::consts::PI] => [1.0f64, -1.0];
    tan, "The tangent, of radians (NumPy's `tan`).", [0.0f64, std::f64::consts::FRAC_PI_4] => [0.0f64, 1.0];
    arcsin, "The inverse sine, in `[-pi/2, pi/2]`; NaN outside `[-1, 1]` (NumPy's `arcsin`).",
        [0.0f64, 1.0] => [0.0f64, std::f64::consts::FRAC_PI_2];
    arccos, "The inverse cosine, in `[0, pi]`; NaN outside `[-1, 1]` (NumPy's `arccos`).",
        [1.0f64, -1.0] => [0.0f64, std::f64::consts::PI];
    arctan, "The inverse tangent, in `[-pi/2, pi/2]` (NumPy's `arctan`).",
        [0.0f64, 1.0] => [0.0f64, std::f64::consts::FRAC_PI_4];
    sinh, "The hyperbolic sine (NumPy's `sinh`).", [0.0f64, 1.0] => [0.0f64, 1.175_201_193_643_801_4];
    cosh, "The hyperbolic cosine (NumPy's `cosh`).", [0.0f64, 1.0] => [1.0f64, 1.543_080_634_815_243_7];
    tanh, "The hyperbolic tangent (NumPy's `tanh`).", [0.0f64, 1.0] => [0.0f64, 0.761_594_155_955_764_9];
    arcsinh, "The inverse hyperbolic sine (NumPy's `arcsinh`).", [0.0f64, 1.0] => [0.0f64, 0.881_373_587_019_543];
    arccosh, "The inverse hyperbolic cosine; NaN below 1 (NumPy's `arccosh`).",
        [1.0f64, 2.0] => [0.0f64, 1.316_957_896_924_816_6];
    arctanh, "The inverse hyperbolic tangent; `+-inf` at `+-1`, NaN beyond (NumPy's `arctanh`).",
        [0.0f64, 0.5] => [0.0f64, 0.549_306_144_334_054_9];
    deg2rad, "Degrees to radians (NumPy's `deg2rad`, also `radians`).", [180.0f64, 90.0] => [std::f64::consts::PI, std::f64::consts::FRAC_PI_2];
    rad2deg, "Radians to degrees (NumPy's `rad2deg`, also `degrees`).", [std::f64::consts::PI, 1.0] => [180.0f64, 57.295_779_513_082_32];
    rint, "To the nearest integer, half to even, keeping `-0.0` (NumPy's `rint`); integers give floats.",
        [2.5f32, 3.5, -0.5, 1.2] => [2.0f32, 4.0, -0.0, 1.0];
}

/// A public function per float kernel of two operands, with its doc example.
macro_rules! float_binary {
    ($($name:ident, $doc:literal, [$($x:expr),*], [$($y:expr),*] => [$($z:expr),*];)*) => {$(
        #[doc = $doc]
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
    arctan2, "The angle of the point `(x2, x1)` in `[-pi, pi]`, by the signs of both (NumPy's `arctan2(x1, x2)`).",
        [1.0f64, -1.0], [1.0f64, -1.0] => [std::f64::consts::FRAC_PI_4, -2.356_194_490_192_345];
    hypot, "`sqrt(x^2 + y^2)` without overflow; `hypot(inf, nan) == inf` (NumPy's `hypot`).",
        [3.0f32, 1e30], [4.0f32, 1e30] => [5.0f32, 1.414_213_5e30];
    copysign, "`x` with the sign bit of `y`, a NaN's or a zero's too (NumPy's `copysign`).",
        [1.5f64, 2.0], [-0.0f64, 1.0] => [-1.5f64, 2.0];
    logaddexp, "`ln(e^x + e^y)` without overflow (NumPy's `logaddexp`).",
        [1000.0f64, 0.0], [1000.0f64, 0.0] => [1000.693_147_180_559_9f64, std::f64::consts::LN_2];
    logaddexp2, "`log2(2^x + 2^y)` without overflow (NumPy's `logaddexp2`).",
        [3.0f64, 0.0], [3.0f64, 1.0] => [4.0f64, 1.584_962_500_721_156_3];
    heaviside, "The step function: 0 below zero, the second operand at zero, 1 above, NaN for NaN (NumPy's `heaviside(x1, x2)`).",
        [-2.0f32, 0.0, 3.0], [0.5f32, 0.5, 0.5] => [0.0f32, 0.5, 1.0];
}
