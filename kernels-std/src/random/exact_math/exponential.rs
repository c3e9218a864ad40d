//! Exponentials: `exp`, `expm1`, and `pow` of a non-negative base.

use crate::prelude::*;

use super::logarithm::ln;

/// `2^k` for `k` in `[-1022, 1023]`, from its bits.
#[device_fn]
pub fn pow2i(k: i32) -> f64 {
    f64::from_bits(((k + 1023) as u64) << 52u32)
}

/// `exp(x)` of any `f64`: `x = k ln 2 + r` with `k = round(x / ln 2)` and `ln 2` split in two
/// (Cody and Waite: `x - k LN2_HI` is exact), `|r| <= 0.35`, `exp(r)` by its Taylor series to
/// `r^15` (the next term is below `2^-63` relative), then scaled by `2^k` through the bits
/// (in two steps below `2^-1022`, rounding once into the subnormals). `+inf` above
/// `ln(f64::MAX)`, 0 below -745.14, NaN at NaN. Within 2 ulps of the true value.
///
/// ```
/// use kernels_std::random::exact_math::exp;
/// assert_eq!(exp(0.0), 1.0);
/// assert!((exp(1.0) - std::f64::consts::E).abs() <= 2.0 * f64::EPSILON * std::f64::consts::E);
/// assert_eq!(exp(1000.0), f64::INFINITY);
/// assert_eq!(exp(-1000.0), 0.0);
/// ```
#[device_fn]
pub fn exp(x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    if x > 709.782712893384 {
        return f64::INFINITY;
    }
    if x < -745.1332191019412 {
        return 0.0;
    }
    let t = x * std::f64::consts::LOG2_E;
    let k = t.round();
    let r = (x - k * 6.93147180369123816490e-01) - k * 1.90821492927058770002e-10;
    // Horner: 1 + r (1 + r/2 (1 + r/3 (... (1 + r/15)))), by the reciprocals (constants: no
    // division).
    let inv = [
        1.0 / 15.0,
        1.0 / 14.0,
        1.0 / 13.0,
        1.0 / 12.0,
        1.0 / 11.0,
        1.0 / 10.0,
        1.0 / 9.0,
        1.0 / 8.0,
        1.0 / 7.0,
        1.0 / 6.0,
        1.0 / 5.0,
        1.0 / 4.0,
        1.0 / 3.0,
        0.5,
        1.0,
    ];
    let mut p = 1.0;
    for i in 0..15u32 {
        p = 1.0 + r * inv[i] * p;
    }
    let ki = k as i32;
    if ki > 1023 {
        p * pow2i(1023) * 2.0
    } else if ki < -1022 {
        // The first product is exact (a normal number), the second rounds once.
        p * pow2i(ki + 54) * pow2i(-54)
    } else {
        p * pow2i(ki)
    }
}

/// `exp(x) - 1`, accurate near 0: the Taylor series `x (1 + x/2 (1 + x/3 (...)))` to `x^18` for
/// `|x| < 1/2` (the next term is below `2^-70` relative), `exp(x) - 1` elsewhere, -1 below
/// -40. Within 3 ulps of the true value.
///
/// ```
/// use kernels_std::random::exact_math::expm1;
/// assert_eq!(expm1(1e-300), 1e-300);
/// assert!((expm1(0.25) - 0.25f64.exp_m1()).abs() <= 2.0 * f64::EPSILON * 0.25f64.exp_m1());
/// assert_eq!(expm1(-50.0), -1.0);
/// ```
#[device_fn]
pub fn expm1(x: f64) -> f64 {
    if x.abs() < 0.5 {
        let inv = [
            1.0 / 18.0,
            1.0 / 17.0,
            1.0 / 16.0,
            1.0 / 15.0,
            1.0 / 14.0,
            1.0 / 13.0,
            1.0 / 12.0,
            1.0 / 11.0,
            1.0 / 10.0,
            1.0 / 9.0,
            1.0 / 8.0,
            1.0 / 7.0,
            1.0 / 6.0,
            1.0 / 5.0,
            1.0 / 4.0,
            1.0 / 3.0,
            0.5,
        ];
        let mut p = 1.0;
        for i in 0..17u32 {
            p = 1.0 + x * inv[i] * p;
        }
        return x * p;
    }
    if x < -40.0 {
        return -1.0;
    }
    let e: f64 = exp(x);
    e - 1.0
}

/// `x^y` for `x >= 0` (the samplers' bases): `exp(y ln x)`, exact at `x = 1` or `y = 0` (1),
/// `0^y` is 0 for `y > 0` and `+inf` for `y < 0`. The relative error grows with `|y ln x|`:
/// about `(|y ln x| + 4)` ulps. NaN for `x < 0` or a NaN operand.
///
/// ```
/// use kernels_std::random::exact_math::pow;
/// assert!((pow(2.0, 10.0) - 1024.0).abs() <= 8.0 * f64::EPSILON * 1024.0);
/// assert!((pow(0.3, 0.7) - 0.3f64.powf(0.7)).abs() <= 8.0 * f64::EPSILON);
/// assert_eq!(pow(0.0, 2.0), 0.0);
/// assert_eq!(pow(0.0, -2.0), f64::INFINITY);
/// ```
#[device_fn]
pub fn pow(x: f64, y: f64) -> f64 {
    if x == 1.0 || y == 0.0 {
        return 1.0;
    }
    if x == 0.0 {
        return if y > 0.0 {
            0.0
        } else if y < 0.0 {
            f64::INFINITY
        } else {
            f64::NAN
        };
    }
    let l: f64 = ln(x);
    exp(y * l)
}
