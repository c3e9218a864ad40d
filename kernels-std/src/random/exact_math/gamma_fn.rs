//! `lgamma`: the logarithm of the gamma function, for the samplers' positive arguments.

use crate::prelude::*;

use super::logarithm::ln;

/// `ln(Gamma(x))` for `x > 0` (NaN for `x <= 0` or NaN, `+inf` at `+inf`, exactly 0 at 1
/// and 2).
///
/// Below 10 the recurrence `lgamma(x) = lgamma(x + n) - ln(x (x+1) ... (x+n-1))` moves the
/// argument to `y = x + n >= 10`, where Stirling's series
/// `(y - 1/2) ln y - y + ln(2 pi)/2 + sum B_2k / (2k (2k-1) y^(2k-1))` to the `y^-15` term
/// is accurate to `2^-60` relative. The error is within 4 ulps of `max(1, |lgamma(x)|)` from
/// 10 on; below, the subtraction of `ln(x (x+1) ...)` (up to `ln(10!) = 15`) leaves an
/// absolute error of a few ulps of 15 (`4e-15`), which is what the rejection samplers'
/// acceptance tests need (near the roots at 1 and 2 the relative error is large).
///
/// ```
/// use kernels_std::random::exact_math::lgamma;
/// assert_eq!((lgamma(1.0), lgamma(2.0)), (0.0, 0.0));
/// assert!((lgamma(10.0) - 362880f64.ln()).abs() < 1e-14);
/// assert!((lgamma(0.5) - std::f64::consts::PI.sqrt().ln()).abs() < 1e-14);
/// ```
#[device_fn]
pub fn lgamma(x: f64) -> f64 {
    if !(x > 0.0) {
        return f64::NAN;
    }
    if x == f64::INFINITY {
        return x;
    }
    if x == 1.0 || x == 2.0 {
        return 0.0;
    }
    let mut y = x;
    let mut prod = 1.0;
    while y < 10.0 {
        prod *= y;
        y += 1.0;
    }
    let r = 1.0 / y;
    let r2 = r * r;
    // Stirling's correction: B_2k / (2k (2k - 1)) for k = 1..8, by Horner in 1/y^2.
    let series = r
        * (1.0 / 12.0
            + r2 * (-1.0 / 360.0
                + r2 * (1.0 / 1260.0
                    + r2 * (-1.0 / 1680.0
                        + r2 * (1.0 / 1188.0
                            + r2 * (-691.0 / 360360.0
                                + r2 * (1.0 / 156.0 + r2 * (-3617.0 / 122400.0))))))));
    let ly: f64 = ln(y);
    let stirling = (y - 0.5) * ly - y + 0.91893853320467274178 + series;
    if prod == 1.0 {
        stirling
    } else {
        let lp: f64 = ln(prod);
        stirling - lp
    }
}
