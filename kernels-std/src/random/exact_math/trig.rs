//! Trigonometry: `sin`/`cos` of a fraction of a turn, `atan`, `acos`.

use crate::prelude::*;

/// `sin` and `cos` of `x` in `[0, pi/4]` by their Taylor series (to `x^17` and `x^18`: the
/// first omitted terms are below `2^-62` relative).
#[device_fn]
pub fn sincos_small(x: f64) -> (f64, f64) {
    let z = x * x;
    let mut s = 1.0;
    let mut c = 1.0;
    // Horner from the highest term: sin = x (1 - z/(2*3) (1 - z/(4*5) (...))), same for cos.
    for k in 0..9i32 {
        let n = (9 - k) as f64;
        s = 1.0 - z / ((2.0 * n) * (2.0 * n + 1.0)) * s;
        c = 1.0 - z / ((2.0 * n - 1.0) * (2.0 * n)) * c;
    }
    (x * s, c)
}

/// `(sin(2 pi u), cos(2 pi u))` for `u` in `[0, 1)`: `4u` splits exactly into a quadrant and a
/// fraction; a fraction above 1/2 is reflected (`1 - f`, exact) so that the series only sees
/// angles up to `pi/4`.
///
/// ```
/// use kernels_std::random::exact_math::sincos_turns;
/// let (s, c) = sincos_turns(0.125);
/// assert!((s - 0.5f64.sqrt()).abs() < 4.0 * f64::EPSILON);
/// assert!((c - 0.5f64.sqrt()).abs() < 4.0 * f64::EPSILON);
/// assert_eq!(sincos_turns(0.25), (1.0, 0.0));
/// ```
#[device_fn]
pub fn sincos_turns(u: f64) -> (f64, f64) {
    let t = u * 4.0;
    let q = t.floor();
    let f = t - q;
    let quadrant = q as i32;
    let (s, c) = if f > 0.5 {
        let (sr, cr): (f64, f64) = sincos_small((1.0 - f) * std::f64::consts::FRAC_PI_2);
        (cr, sr)
    } else {
        sincos_small(f * std::f64::consts::FRAC_PI_2)
    };
    match quadrant {
        0 => (s, c),
        1 => (c, -s),
        2 => (-s, -c),
        _ => (-c, s),
    }
}

/// `atan(x)` of any `f64` (`±pi/2` at `±inf`, NaN at NaN): `|x| > 1` is reflected
/// (`pi/2 - atan(1/x)`), `|x| > 2 - sqrt(3)` is moved below it by
/// `atan(x) = pi/6 + atan((x sqrt(3) - 1) / (x + sqrt(3)))`, and the series
/// `t - t^3/3 + t^5/5 ...` to `t^31` finishes (`|t| <= 0.268`: the next term is below `2^-62`
/// relative). Within a few ulps.
///
/// ```
/// use kernels_std::random::exact_math::atan;
/// assert!((atan(1.0) - std::f64::consts::FRAC_PI_4).abs() <= 2.0 * f64::EPSILON);
/// assert!((atan(-3.0) - (-3f64).atan()).abs() <= 4.0 * f64::EPSILON);
/// assert_eq!(atan(f64::INFINITY), std::f64::consts::FRAC_PI_2);
/// ```
#[device_fn]
pub fn atan(x: f64) -> f64 {
    let mut t = x.abs();
    let invert = t > 1.0;
    if invert {
        t = 1.0 / t;
    }
    let shifted = t > 0.2679491924311227;
    if shifted {
        t = (t * 1.7320508075688772 - 1.0) / (t + 1.7320508075688772);
    }
    let z = t * t;
    // Horner from the z^15 / 31 term down to z^0 / 1, signs alternating.
    let coef = [
        1.0 / 29.0,
        1.0 / 27.0,
        1.0 / 25.0,
        1.0 / 23.0,
        1.0 / 21.0,
        1.0 / 19.0,
        1.0 / 17.0,
        1.0 / 15.0,
        1.0 / 13.0,
        1.0 / 11.0,
        1.0 / 9.0,
        1.0 / 7.0,
        1.0 / 5.0,
        1.0 / 3.0,
        1.0,
    ];
    let mut p = 1.0 / 31.0;
    for k in 0..15u32 {
        p = coef[k] - z * p;
    }
    let mut a = t * p;
    if shifted {
        a += std::f64::consts::FRAC_PI_6;
    }
    if invert {
        a = std::f64::consts::FRAC_PI_2 - a;
    }
    if x < 0.0 {
        0.0 - a
    } else {
        a
    }
}

/// `acos(w)` for `w` in `[-1, 1]` (NaN outside): `2 atan(sqrt((1 - w) / (1 + w)))`, with
/// `1 - w` and `1 + w` exact where they matter (near `w = 1` and `w = -1`). Within a few ulps.
///
/// ```
/// use kernels_std::random::exact_math::acos;
/// assert_eq!(acos(1.0), 0.0);
/// assert!((acos(-1.0) - std::f64::consts::PI).abs() <= 2.0 * f64::EPSILON);
/// assert!((acos(0.3) - 0.3f64.acos()).abs() <= 4.0 * f64::EPSILON);
/// ```
#[device_fn]
pub fn acos(w: f64) -> f64 {
    let q = ((1.0 - w) / (1.0 + w)).sqrt();
    let a: f64 = atan(q);
    2.0 * a
}
