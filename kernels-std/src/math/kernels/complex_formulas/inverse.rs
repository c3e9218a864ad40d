//! The inverse trigonometric and hyperbolic functions of complex numbers: Kahan's formulas
//! ("Branch cuts for complex elementary functions", 1987), written with [`csqrt`] and real
//! `atan2`/`asinh`, which need no cancellation-prone `1 + z^2`.

use super::exp_log::csqrt;
use crate::prelude::*;

/// `asin(z)` by Kahan's formulas: `atan2(x, re(sqrt(1 - z) sqrt(1 + z))) + i asinh(im(conj(sqrt(1
/// - z)) sqrt(1 + z)))`; the cuts along the real axis beyond `+-1`, sides by the sign of `y`.
/// Infinite and NaN parts give NumPy's (glibc's) values.
#[device_fn]
pub fn casin<T: Float>(x: T, y: T) -> (T, T) {
    let zero = 0.0f64.cast::<T>();
    let one = 1.0f64.cast::<T>();
    let nan = f64::NAN.cast::<T>();
    let pi_2 = std::f64::consts::FRAC_PI_2.cast::<T>();
    let pi_4 = std::f64::consts::FRAC_PI_4.cast::<T>();
    if x.is_finite() && y.is_finite() {
        let (ar, ai): (T, T) = csqrt::<T>(one - x, -y);
        let (br, bi): (T, T) = csqrt::<T>(one + x, y);
        (x.atan2(ar * br - ai * bi), (ar * bi - ai * br).asinh())
    } else if y.is_nan() {
        if x.is_infinite() {
            (nan, x.abs())
        } else if x == zero {
            (x, nan)
        } else {
            (nan, nan)
        }
    } else if x.is_nan() {
        (nan, if y.is_infinite() { y } else { nan })
    } else if x.is_finite() {
        (zero.copysign(x), y)
    } else if y.is_infinite() {
        (pi_4.copysign(x), y)
    } else {
        (pi_2.copysign(x), x.abs().copysign(y))
    }
}

/// `asinh(z) = -i asin(iz)` ([`casin`] for finite `z`), with NumPy's (glibc's) values at
/// infinities and NaN; the cuts along the imaginary axis beyond `+-i`.
#[device_fn]
pub fn casinh<T: Float>(x: T, y: T) -> (T, T) {
    let zero = 0.0f64.cast::<T>();
    let nan = f64::NAN.cast::<T>();
    let pi_2 = std::f64::consts::FRAC_PI_2.cast::<T>();
    let pi_4 = std::f64::consts::FRAC_PI_4.cast::<T>();
    if x.is_finite() && y.is_finite() {
        let (a, b): (T, T) = casin::<T>(-y, x);
        (b, -a)
    } else if x.is_nan() {
        if y == zero {
            (x, y)
        } else if y.is_infinite() {
            (y.abs(), nan)
        } else {
            (nan, nan)
        }
    } else if y.is_nan() {
        (if x.is_infinite() { x } else { nan }, nan)
    } else if x.is_infinite() {
        (
            x,
            if y.is_infinite() {
                pi_4.copysign(y)
            } else {
                zero.copysign(y)
            },
        )
    } else {
        (y.abs().copysign(x), pi_2.copysign(y))
    }
}

/// `acos(z)` by Kahan's formulas: `2 atan2(re sqrt(1 - z), re sqrt(1 + z)) + i asinh(im(conj(sqrt(1
/// + z)) sqrt(1 - z)))`; NumPy's (glibc's) values at infinities and NaN.
#[device_fn]
pub fn cacos<T: Float>(x: T, y: T) -> (T, T) {
    let zero = 0.0f64.cast::<T>();
    let one = 1.0f64.cast::<T>();
    let two = 2.0f64.cast::<T>();
    let nan = f64::NAN.cast::<T>();
    let inf = f64::INFINITY.cast::<T>();
    let pi = std::f64::consts::PI.cast::<T>();
    let pi_2 = std::f64::consts::FRAC_PI_2.cast::<T>();
    let pi_4 = std::f64::consts::FRAC_PI_4.cast::<T>();
    if x.is_finite() && y.is_finite() {
        let (ar, ai): (T, T) = csqrt::<T>(one - x, -y);
        let (br, bi): (T, T) = csqrt::<T>(one + x, y);
        (two * ar.atan2(br), (br * ai - bi * ar).asinh())
    } else if x.is_nan() {
        (nan, if y.is_infinite() { -y } else { nan })
    } else if y.is_nan() {
        if x.is_infinite() {
            (nan, -inf)
        } else if x == zero {
            (pi_2, nan)
        } else {
            (nan, nan)
        }
    } else if x.is_finite() {
        (pi_2, -y)
    } else if y.is_infinite() {
        (if x > zero { pi_4 } else { pi - pi_4 }, -y)
    } else {
        (if x > zero { zero } else { pi }, -inf.copysign(y))
    }
}

/// `acosh(z)` by Kahan's formulas: `asinh(re(conj(sqrt(z - 1)) sqrt(z + 1))) + 2i atan2(im
/// sqrt(z - 1), re sqrt(z + 1))`; the cut along the real axis below 1; NumPy's (glibc's)
/// values at infinities and NaN.
#[device_fn]
pub fn cacosh<T: Float>(x: T, y: T) -> (T, T) {
    let zero = 0.0f64.cast::<T>();
    let one = 1.0f64.cast::<T>();
    let two = 2.0f64.cast::<T>();
    let nan = f64::NAN.cast::<T>();
    let inf = f64::INFINITY.cast::<T>();
    let pi = std::f64::consts::PI.cast::<T>();
    let pi_2 = std::f64::consts::FRAC_PI_2.cast::<T>();
    let pi_4 = std::f64::consts::FRAC_PI_4.cast::<T>();
    if x.is_finite() && y.is_finite() {
        let (ar, ai): (T, T) = csqrt::<T>(x - one, y);
        let (br, bi): (T, T) = csqrt::<T>(x + one, y);
        ((ar * br + ai * bi).asinh(), two * ai.atan2(br))
    } else if x.is_nan() {
        (if y.is_infinite() { inf } else { nan }, nan)
    } else if y.is_nan() {
        if x.is_infinite() {
            (inf, nan)
        } else if x == zero {
            (nan, pi_2)
        } else {
            (nan, nan)
        }
    } else if x.is_finite() {
        (inf, pi_2.copysign(y))
    } else if y.is_infinite() {
        (inf, (if x > zero { pi_4 } else { pi - pi_4 }).copysign(y))
    } else {
        (inf, (if x > zero { zero } else { pi }).copysign(y))
    }
}

/// `atanh(z)`: `ln1p(4|x| / ((1 - |x|)^2 + y^2)) / 4` with the sign of `x` (no cancellation)
/// `+ i atan2(2y, (1 - x)(1 + x) - y^2) / 2`; for `|z| > 1e18` (where the squares could
/// overflow) `x / |z|^2 +- i pi/2`. The cuts along the real axis beyond `+-1`; NumPy's
/// (glibc's) values at infinities and NaN.
#[device_fn]
pub fn catanh<T: Float>(x: T, y: T) -> (T, T) {
    let half = 0.5f64.cast::<T>();
    let quarter = 0.25f64.cast::<T>();
    let one = 1.0f64.cast::<T>();
    let two = 2.0f64.cast::<T>();
    let four = 4.0f64.cast::<T>();
    let zero = 0.0f64.cast::<T>();
    let nan = f64::NAN.cast::<T>();
    let pi_2 = std::f64::consts::FRAC_PI_2.cast::<T>();
    let ax = x.abs();
    let h = x.hypot(y);
    if y.is_nan() {
        // NumPy's (glibc's) values: +-0 + i nan for x = +-0 or +-inf.
        (
            if x.is_infinite() || x == zero {
                zero.copysign(x)
            } else {
                nan
            },
            nan,
        )
    } else if x.is_nan() {
        if y.is_infinite() {
            (zero, pi_2.copysign(y))
        } else {
            (nan, nan)
        }
    } else if !x.is_finite() || !y.is_finite() {
        (zero.copysign(x), pi_2.copysign(y))
    } else if h > 1.0e18f64.cast::<T>() {
        (
            x / h / h,
            std::f64::consts::FRAC_PI_2.cast::<T>().copysign(y),
        )
    } else {
        let d = (one - ax) * (one - ax) + y * y;
        let re = quarter * (four * ax / d).ln_1p();
        let im = half * (two * y).atan2((one - ax) * (one + ax) - y * y);
        (re.copysign(x), im)
    }
}
