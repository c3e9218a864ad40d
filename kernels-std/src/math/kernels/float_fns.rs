//! Float functions of one or two operands: computed in `C`, returned as `F`.

use crate::prelude::*;

/// One kernel per float method: `name(x) = x.cast::<C>().method().cast::<F>()`.
macro_rules! float_method {
    ($($name:ident => $method:ident, $what:literal;)*) => {$(
        #[doc = concat!("NumPy's `", stringify!($name), "`: ", $what, ".")]
        #[elementwise]
        pub fn $name<I: DType, F: Float, C: Float>(x: I) -> F {
            x.cast::<C>().$method().cast::<F>()
        }
    )*};
}

float_method! {
    sqrt => sqrt, "the square root";
    cbrt => cbrt, "the cube root";
    exp => exp, "`e^x`";
    exp2 => exp2, "`2^x`";
    expm1 => exp_m1, "`e^x - 1`, accurate near 0";
    log => ln, "the natural logarithm";
    log2 => log2, "the base-2 logarithm";
    log10 => log10, "the base-10 logarithm";
    log1p => ln_1p, "`ln(1 + x)`, accurate near 0";
    sin => sin, "the sine";
    cos => cos, "the cosine";
    tan => tan, "the tangent";
    arcsin => asin, "the inverse sine";
    arccos => acos, "the inverse cosine";
    arctan => atan, "the inverse tangent";
    sinh => sinh, "the hyperbolic sine";
    cosh => cosh, "the hyperbolic cosine";
    tanh => tanh, "the hyperbolic tangent";
    arctanh => atanh, "the inverse hyperbolic tangent";
    deg2rad => to_radians, "degrees to radians";
    rad2deg => to_degrees, "radians to degrees";
}

/// One kernel per float method of two operands: `name(x, y) = x.method(y)` in `C`.
macro_rules! float_method2 {
    ($($name:ident => $method:ident, $what:literal;)*) => {$(
        #[doc = concat!("NumPy's `", stringify!($name), "`: ", $what, ".")]
        #[elementwise]
        pub fn $name<I: DType, F: Float, C: Float>(x: I, y: I) -> F {
            x.cast::<C>().$method(y.cast::<C>()).cast::<F>()
        }
    )*};
}

float_method2! {
    arctan2 => atan2, "the angle of the point `(y, x)` (here `(x1, x2)`), in `[-pi, pi]`";
    hypot => hypot, "`sqrt(x^2 + y^2)` without overflow; `hypot(inf, nan) == inf`";
    copysign => copysign, "`x` with the sign bit of `y` (a NaN's sign bit too)";
    power_float => powf, "`x^y` of floats (C's `pow`: `1^nan == 1`, `x^0 == 1`), the float case of `power`";
}

/// Above this magnitude `asinh(x)` and `acosh(x)` are `ln(2|x|)` to the last bit (`1/x^2` is
/// below the epsilon of `f64`), and std's formulas would overflow near the dtype's maximum.
#[device_fn]
pub fn large_magnitude<C: Float>(ax: C) -> bool {
    ax > 268_435_456.0f64.cast::<C>()
}

/// NumPy's `arcsinh`: the inverse hyperbolic sine; std's formula, except `ln(2|x|)` (with the
/// sign of `x`) for large `|x|`, where that formula overflows (`asinh(f32::MAX)` is finite).
#[elementwise]
pub fn arcsinh<I: DType, F: Float, C: Float>(x: I) -> F {
    let x = x.cast::<C>();
    let ax = x.abs();
    let r = if large_magnitude::<C>(ax) {
        (ax.ln() + std::f64::consts::LN_2.cast::<C>()).copysign(x)
    } else {
        x.asinh()
    };
    r.cast::<F>()
}

/// NumPy's `arccosh`: the inverse hyperbolic cosine (NaN below 1); `ln(2x)` for large `x`,
/// where std's formula overflows.
#[elementwise]
pub fn arccosh<I: DType, F: Float, C: Float>(x: I) -> F {
    let x = x.cast::<C>();
    let r = if large_magnitude::<C>(x) {
        x.ln() + std::f64::consts::LN_2.cast::<C>()
    } else {
        x.acosh()
    };
    r.cast::<F>()
}

/// NumPy's `logaddexp`: `ln(e^x + e^y)` without overflow (NumPy's formula: equal arguments,
/// infinities included, give `x + ln 2`; NaN propagates).
#[elementwise]
pub fn logaddexp<I: DType, F: Float, C: Float>(x: I, y: I) -> F {
    let (x, y) = (x.cast::<C>(), y.cast::<C>());
    let zero = 0.0f64.cast::<C>();
    let r = if x == y {
        x + std::f64::consts::LN_2.cast::<C>()
    } else {
        let d = x - y;
        if d > zero {
            x + (-d).exp().ln_1p()
        } else if d <= zero {
            y + d.exp().ln_1p()
        } else {
            d
        }
    };
    r.cast::<F>()
}

/// NumPy's `logaddexp2`: `log2(2^x + 2^y)` without overflow (same formula as [`logaddexp()`]
/// in base 2).
#[elementwise]
pub fn logaddexp2<I: DType, F: Float, C: Float>(x: I, y: I) -> F {
    let (x, y) = (x.cast::<C>(), y.cast::<C>());
    let zero = 0.0f64.cast::<C>();
    let log2_e = std::f64::consts::LOG2_E.cast::<C>();
    let r = if x == y {
        x + 1.0f64.cast::<C>()
    } else {
        let d = x - y;
        if d > zero {
            x + log2_e * (-d).exp2().ln_1p()
        } else if d <= zero {
            y + log2_e * d.exp2().ln_1p()
        } else {
            d
        }
    };
    r.cast::<F>()
}

/// NumPy's `heaviside(x, h0)`: 0 below zero, `h0` at zero (either sign), 1 above, NaN for NaN.
#[elementwise]
pub fn heaviside<I: DType, F: Float, C: Float>(x: I, h0: I) -> F {
    let (x, h0) = (x.cast::<C>(), h0.cast::<C>());
    let zero = 0.0f64.cast::<C>();
    let r = if x < zero {
        zero
    } else if x == zero {
        h0
    } else if x > zero {
        1.0f64.cast::<C>()
    } else {
        x
    };
    r.cast::<F>()
}

/// NumPy's `reciprocal` of floats: `1 / x`.
#[elementwise]
pub fn reciprocal<T: Float>(x: T) -> T {
    1.0f64.cast::<T>() / x
}

/// NumPy's `isnan`.
#[elementwise]
pub fn isnan<T: Float>(x: T) -> bool {
    x.is_nan()
}

/// NumPy's `isinf`: `+-inf`.
#[elementwise]
pub fn isinf<T: Float>(x: T) -> bool {
    x.is_infinite()
}

/// NumPy's `isfinite`: neither infinite nor NaN.
#[elementwise]
pub fn isfinite<T: Float>(x: T) -> bool {
    x.is_finite()
}

/// NumPy's `signbit`: the sign bit (set for `-0.0` and negative NaNs).
#[elementwise]
pub fn signbit<T: Float>(x: T) -> bool {
    x.is_sign_negative()
}

/// NumPy's `isnan` of integers: never.
#[elementwise]
pub fn isnan_int<T: Int>(x: T) -> bool {
    let _ = x;
    false
}

/// NumPy's `isinf` of integers: never.
#[elementwise]
pub fn isinf_int<T: Int>(x: T) -> bool {
    let _ = x;
    false
}

/// NumPy's `isfinite` of integers: always.
#[elementwise]
pub fn isfinite_int<T: Int>(x: T) -> bool {
    let _ = x;
    true
}

/// NumPy's `signbit` of integers: below zero.
#[elementwise]
pub fn signbit_int<T: Int>(x: T) -> bool {
    x < 0i32.cast::<T>()
}
