//! Elementary odds and ends: `cbrt`, `exp10`, `exp2`, `expm1`, `log1p`, `cosm1`, `round`, the
//! trigonometric functions of degrees, `radian`, `agm`, `exprel`, `powm1`.
//!
//! ```
//! use kernels_std::special::scalar as sp;
//! assert_eq!(sp::cbrt(-27.0), -3.0);
//! assert_eq!(sp::exp10(3.0), 1000.0);
//! assert_eq!(sp::exp2(-2.0), 0.25);
//! assert_eq!(sp::expm1(1e-20), 1e-20);
//! assert_eq!(sp::log1p(1e-20), 1e-20);
//! let y = sp::cosm1(1e-8);
//! assert!((y + 5e-17).abs() < 1e-30);
//! assert_eq!((sp::round(2.5), sp::round(3.5), sp::round(-0.5)), (2.0, 4.0, -0.0));
//! assert_eq!(sp::sindg(90.0), 1.0);
//! assert_eq!(sp::cosdg(180.0), -1.0);
//! assert_eq!(sp::tandg(45.0), 1.0);
//! assert_eq!(sp::cotdg(-45.0), -1.0);
//! let r = sp::radian(90.0, 0.0, 0.0);
//! assert!((r - std::f64::consts::FRAC_PI_2).abs() < 1e-16);
//! let g = sp::agm(24.0, 6.0);
//! assert!((g - 13.458171481725614).abs() < 1e-14);
//! assert_eq!(sp::exprel(0.0), 1.0);
//! let y = sp::powm1(1.0 + 1e-12, 2.0);
//! assert!((y / 2.0001778011656825e-12 - 1.0).abs() < 1e-14); // 1 + 1e-12 is not exact
//! # Ok::<(), kernels_std::Error>(())
//! ```

use crate::prelude::*;

/// The cube root (SciPy's `cbrt`).
///
/// Example: [the family's page](self).
#[device_fn]
pub fn cbrt(x: f64) -> f64 {
    x.cbrt()
}

/// `10^x` (SciPy's `exp10`).
///
/// Example: [the family's page](self).
#[device_fn]
pub fn exp10(x: f64) -> f64 {
    10.0f64.powf(x)
}

/// `2^x` (SciPy's `exp2`).
///
/// Example: [the family's page](self).
#[device_fn]
pub fn exp2(x: f64) -> f64 {
    x.exp2()
}

/// `e^x - 1`, accurate near 0 (SciPy's `expm1`).
///
/// Example: [the family's page](self).
#[device_fn]
pub fn expm1(x: f64) -> f64 {
    x.exp_m1()
}

/// `ln(1 + x)`, accurate near 0 (SciPy's `log1p`).
///
/// Example: [the family's page](self).
#[device_fn]
pub fn log1p(x: f64) -> f64 {
    x.ln_1p()
}

/// `cos(x) - 1`, accurate near 0 (SciPy's `cosm1`): `-2 sin^2(x/2)`.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn cosm1(x: f64) -> f64 {
    let s = (0.5 * x).sin();
    -2.0 * s * s
}

/// The nearest integer, halves to even (SciPy's `round`, which is C's `rint`).
///
/// Example: [the family's page](self).
#[device_fn]
pub fn round(x: f64) -> f64 {
    let r = x.round();
    if (r - x).abs() == 0.5 {
        2.0 * (0.5 * x).round()
    } else {
        r
    }
}

/// Degrees in `[0, 45]` to the sine (`cos_instead`: the cosine) of the angle, the helper of
/// the trigonometric functions of degrees.
#[device_fn]
fn sin_or_cos_deg(y: f64, cos_instead: bool) -> f64 {
    let r = y * (std::f64::consts::PI / 180.0);
    if cos_instead {
        r.cos()
    } else {
        r.sin()
    }
}

/// Magnitudes of degrees above which SciPy's trigonometric functions of degrees give 0 (the
/// angle's remainder modulo 360 is lost).
#[device_fn]
fn deg_lost(ax: f64) -> bool {
    ax > 1.0e14
}

/// The sine of an angle in degrees (SciPy's `sindg`): exact at multiples of 30 and 90 up to
/// the last bit of `sin`, 0 above `1e14` degrees (as SciPy).
///
/// Example: [the family's page](self).
#[device_fn]
pub fn sindg(x: f64) -> f64 {
    let mut sign = if x < 0.0 { -1.0 } else { 1.0 };
    let ax = x.abs();
    if x.is_nan() {
        return x;
    }
    if deg_lost(ax) {
        return 0.0;
    }
    let mut y = ax % 360.0;
    if y >= 180.0 {
        y -= 180.0;
        sign = -sign;
    }
    if y > 90.0 {
        y = 180.0 - y;
    }
    if y > 45.0 {
        sign * sin_or_cos_deg(90.0 - y, true)
    } else {
        sign * sin_or_cos_deg(y, false)
    }
}

/// The cosine of an angle in degrees (SciPy's `cosdg`).
///
/// Example: [the family's page](self).
#[device_fn]
pub fn cosdg(x: f64) -> f64 {
    let ax = x.abs();
    if x.is_nan() {
        return x;
    }
    if deg_lost(ax) {
        return 0.0;
    }
    let mut y = ax % 360.0;
    if y > 180.0 {
        y = 360.0 - y;
    }
    let mut sign = 1.0;
    if y > 90.0 {
        y = 180.0 - y;
        sign = -1.0;
    }
    if y > 45.0 {
        sign * sin_or_cos_deg(90.0 - y, false)
    } else {
        sign * sin_or_cos_deg(y, true)
    }
}

/// The tangent (`cot`: the cotangent) of degrees: reduced modulo 180, infinite at the poles.
#[device_fn]
fn tan_or_cot_deg(x: f64, cot: bool) -> f64 {
    let mut sign = if x < 0.0 { -1.0 } else { 1.0 };
    let ax = x.abs();
    if x.is_nan() {
        return x;
    }
    if deg_lost(ax) {
        return 0.0;
    }
    let mut y = ax % 180.0;
    if y > 90.0 {
        y = 180.0 - y;
        sign = -sign;
    }
    // y in [0, 90], exact; its sine and cosine from the angle below 45 (90 - y is exact).
    if y == 45.0 {
        return sign;
    }
    let (sy, cy) = if y > 45.0 {
        (
            sin_or_cos_deg(90.0 - y, true),
            sin_or_cos_deg(90.0 - y, false),
        )
    } else {
        (sin_or_cos_deg(y, false), sin_or_cos_deg(y, true))
    };
    let (num, den) = if cot { (cy, sy) } else { (sy, cy) };
    if den == 0.0 {
        // SciPy: +inf at the poles themselves (tandg(-90), cotdg(-180)), the sign of the angle
        // where the sine of a tiny angle underflows (cotdg(-5e-324) is -inf).
        return if cot && y != 0.0 {
            sign * f64::INFINITY
        } else {
            f64::INFINITY
        };
    }
    sign * (num / den)
}

/// The tangent of an angle in degrees (SciPy's `tandg`): `inf` at odd multiples of 90.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn tandg(x: f64) -> f64 {
    tan_or_cot_deg(x, false)
}

/// The cotangent of an angle in degrees (SciPy's `cotdg`): `inf` at multiples of 180.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn cotdg(x: f64) -> f64 {
    tan_or_cot_deg(x, true)
}

/// Degrees, minutes and seconds to radians (SciPy's `radian`).
///
/// Example: [the family's page](self).
#[device_fn]
pub fn radian(d: f64, m: f64, s: f64) -> f64 {
    (d + (m + s / 60.0) / 60.0) * (std::f64::consts::PI / 180.0)
}

/// The arithmetic-geometric mean of `a` and `b` (SciPy's `agm`): NaN when they have opposite
/// signs, 0 when one is 0 (NaN for `agm(inf, 0)`), negative when both are.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn agm(a: f64, b: f64) -> f64 {
    if a.is_nan() || b.is_nan() {
        return f64::NAN;
    }
    if (a < 0.0 && b > 0.0) || (a > 0.0 && b < 0.0) {
        return f64::NAN;
    }
    if (a.is_infinite() && b == 0.0) || (b.is_infinite() && a == 0.0) {
        return f64::NAN;
    }
    if a == 0.0 || b == 0.0 {
        return 0.0;
    }
    if a == b {
        return a;
    }
    let sign = if a < 0.0 { -1.0 } else { 1.0 };
    let mut x = a.abs();
    let mut y = b.abs();
    if x.is_infinite() || y.is_infinite() {
        return sign * f64::INFINITY;
    }
    let mut n = 0;
    while n < 40 {
        let m = 0.5 * x + 0.5 * y;
        let g = x.sqrt() * y.sqrt();
        x = m;
        y = g;
        if (x - y).abs() <= 4.0 * f64::EPSILON * x {
            break;
        }
        n += 1;
    }
    sign * (0.5 * x + 0.5 * y)
}

/// `(e^x - 1) / x`, 1 at 0 (SciPy's `exprel`).
///
/// Example: [the family's page](self).
#[device_fn]
pub fn exprel(x: f64) -> f64 {
    if x.abs() < f64::EPSILON {
        1.0
    } else if x > 717.0 {
        f64::INFINITY
    } else {
        x.exp_m1() / x
    }
}

/// `x^y - 1`, accurate where `x^y` is near 1 (SciPy's `powm1`): 0 when `y == 0` or `x == 1`
/// (even with a NaN), NaN for a negative `x` and a non-integer `y`.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn powm1(x: f64, y: f64) -> f64 {
    if y == 0.0 || x == 1.0 {
        return 0.0;
    }
    if x == 0.0 {
        if y < 0.0 {
            return f64::INFINITY;
        }
        if y > 0.0 {
            return -1.0;
        }
    }
    if x < 0.0 {
        if !y.is_finite() || y.floor() != y {
            return f64::NAN;
        }
        return x.powf(y) - 1.0;
    }
    let l = y * x.ln();
    if l.abs() < 0.5 {
        l.exp_m1()
    } else {
        x.powf(y) - 1.0
    }
}
