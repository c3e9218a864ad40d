//! Logarithms: `ln` (every `f64`), `ln_unit` (its name for the samplers' `(0, 1]`), `log1p`.

use crate::prelude::*;

/// `ln(x)` of any `f64`: NaN below 0 and at NaN, `-inf` at `±0`, `+inf` at `+inf`.
///
/// `x = 2^e m` with `m` in `[sqrt(1/2), sqrt(2))`, read from the bits (subnormals scaled by
/// `2^64` first), then `ln m = 2 atanh(s)`, `s = (m-1)/(m+1)`, by its series to `s^25`
/// (`|s| <= 0.172`: the next term is below `2^-60` relative), and `e ln 2` with `ln 2` split in
/// two (Cody and Waite) so that `e * LN2_HI` is exact. Within 2 ulps of the true value.
///
/// ```
/// use kernels_std::random::exact_math::ln;
/// assert_eq!(ln(1.0), 0.0);
/// assert!((ln(10.0) - 10f64.ln()).abs() <= 2.0 * f64::EPSILON * 10f64.ln());
/// assert_eq!(ln(0.0), f64::NEG_INFINITY);
/// assert!(ln(-1.0).is_nan());
/// ```
#[device_fn]
pub fn ln(x: f64) -> f64 {
    if !(x > 0.0) {
        return if x == 0.0 {
            f64::NEG_INFINITY
        } else {
            f64::NAN
        };
    }
    if x == f64::INFINITY {
        return x;
    }
    let mut bits = x.to_bits();
    let mut e = -1023i32;
    if bits < 0x0010_0000_0000_0000u64 {
        // Subnormal: an exact scaling by 2^64 makes it normal.
        bits = (x * 18446744073709551616.0).to_bits();
        e -= 64;
    }
    e += (bits >> 52u32) as i32;
    let mut m = f64::from_bits((bits & 0x000F_FFFF_FFFF_FFFFu64) | 0x3FF0_0000_0000_0000u64);
    if m >= 1.4142135623730951 {
        m *= 0.5;
        e += 1;
    }
    // m - 1 is exact (Sterbenz); one rounding in m + 1 and one in the division.
    let s = (m - 1.0) / (m + 1.0);
    let z = s * s;
    // Horner from the z^12 / 25 term down to z^0 / 1 (the coefficients are constants, so the
    // CUDA C has no division here).
    let coef = [
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
    let mut p = 1.0 / 25.0;
    for k in 0..12u32 {
        p = p * z + coef[k];
    }
    let ln_m = 2.0 * s * p;
    let ef = e as f64;
    // LN2_HI has 32 significant bits (e * LN2_HI is exact for |e| < 2^21); LN2_LO the rest.
    ef * 6.93147180369123816490e-01 + (ef * 1.90821492927058770002e-10 + ln_m)
}

/// `ln(x)` for `x` in `[2^-1074, 1]`, the argument of the samplers' inversions (`1 - u`): the
/// same bits as [`ln`].
///
/// ```
/// use kernels_std::random::exact_math::ln_unit;
/// assert_eq!(ln_unit(1.0), 0.0);
/// assert!((ln_unit(0.5) - 0.5f64.ln()).abs() <= 2.0 * f64::EPSILON);
/// ```
#[device_fn]
pub fn ln_unit(x: f64) -> f64 {
    ln(x)
}

/// `ln(1 + x)`, accurate near 0: `u = 1 + x` rounded, then `ln(u) * x / (u - 1)`, which
/// corrects the rounding of `u` (Goldberg, "What every computer scientist should know about
/// floating-point arithmetic", theorem 4). NaN below -1, `-inf` at -1.
///
/// ```
/// use kernels_std::random::exact_math::log1p;
/// assert_eq!(log1p(1e-300), 1e-300);
/// assert!((log1p(-0.5) - (-0.5f64).ln_1p()).abs() <= 4.0 * f64::EPSILON);
/// assert_eq!(log1p(-1.0), f64::NEG_INFINITY);
/// ```
#[device_fn]
pub fn log1p(x: f64) -> f64 {
    if x.is_nan() || x == f64::INFINITY {
        return x;
    }
    let u = 1.0 + x;
    if u == 1.0 {
        return x;
    }
    if u == 0.0 {
        return f64::NEG_INFINITY;
    }
    let l: f64 = ln(u);
    l * (x / (u - 1.0))
}
