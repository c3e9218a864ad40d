//! The transcendental functions of the samplers, written with `+ - * /` only.
//!
//! The GPU's `log`, `sin` and `cos` differ from the host C library's in the last bits, so a
//! sampler calling them would not give the same numbers on both backends. These polynomial
//! versions use only correctly rounded IEEE operations (the CUDA code is compiled without FMA
//! contraction, `--fmad=false`, as Rust never contracts), so the CPU and the GPU compute the
//! same bits. They are accurate to a few units in the last place on the domains the samplers
//! use (tested against the host's `ln`, `sin`, `cos`), not correctly rounded.

use crate::prelude::*;

/// `ln(x)` for `x` in `[2^-1074, 1]` (finite, positive): `x = 2^e m` with `m` in
/// `[sqrt(1/2), sqrt(2))` found by exact scaling, then `ln m = 2 atanh(s)`, `s = (m-1)/(m+1)`,
/// by its series to `s^25` (`|s| <= 0.172`: the next term is below `2^-60` relative), and
/// `e ln 2` with `ln 2` split in two (Cody and Waite) so that `e * LN2_HI` is exact.
///
/// ```
/// use kernels_std::random::exact_math::ln_unit;
/// assert_eq!(ln_unit(1.0), 0.0);
/// assert!((ln_unit(0.5) - 0.5f64.ln()).abs() <= 2.0 * f64::EPSILON);
/// ```
#[device_fn]
pub fn ln_unit(x: f64) -> f64 {
    let mut m = x;
    let mut e = 0i32;
    // Exact scalings by powers of two: subnormals first, then to [1/2, 1).
    while m < 1.0e-300 {
        m *= 18446744073709551616.0;
        e -= 64;
    }
    while m < 0.5 {
        m *= 2.0;
        e -= 1;
    }
    while m >= 1.0 {
        m *= 0.5;
        e += 1;
    }
    if m < 0.7071067811865476 {
        m *= 2.0;
        e -= 1;
    }
    // m - 1 is exact (Sterbenz); one rounding in m + 1 and one in the division.
    let s = (m - 1.0) / (m + 1.0);
    let z = s * s;
    let mut p = 1.0 / 25.0;
    for k in 0..12i32 {
        // Horner from the z^12 / 25 term down to z^0 / 1.
        let odd = (23 - 2 * k) as f64;
        p = p * z + 1.0 / odd;
    }
    let ln_m = 2.0 * s * p;
    let ef = e as f64;
    // LN2_HI has 32 significant bits (e * LN2_HI is exact for |e| < 2^21); LN2_LO the rest.
    ef * 6.93147180369123816490e-01 + (ef * 1.90821492927058770002e-10 + ln_m)
}

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
