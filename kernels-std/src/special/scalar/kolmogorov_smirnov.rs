//! The limiting distribution of the two-sided Kolmogorov-Smirnov statistic `sqrt(n) D_n`:
//! `kolmogorov` (its survival function) and `kolmogi` (the inverse).
//!
//! ```
//! use kernels_std::special::scalar as sp;
//! let close = |a: f64, b: f64| (a / b - 1.0).abs() < 1e-14;
//! assert!(close(sp::kolmogorov(1.0), 0.26999967167735456));
//! assert!(close(sp::kolmogi(0.26999967167735456), 1.0));
//! assert_eq!(sp::kolmogorov(0.0), 1.0);
//! assert_eq!(sp::kolmogi(0.0), f64::INFINITY);
//! ```
//!
//! Method: two theta-function series, each summed until its terms are below `1e-17` of the
//! sum. Below `x = 0.82` the distribution function
//! `K(x) = sqrt(2 pi) / x sum_(k>=1) exp(-(2k - 1)^2 pi^2 / (8 x^2))` (at most three terms
//! there; the survival function is `1 - K`, at least 0.48); above it the survival function
//! `2 sum_(k>=1) (-1)^(k-1) exp(-2 k^2 x^2)` (at most six terms: `exp(-2 x^2) < 0.27`).
//! `kolmogi` by Newton's method on the survival function where `p <= 1/2` (from
//! `x = sqrt(-ln(p / 2) / 2)`) and on the distribution function `1 - p` (exact) above it
//! (from the fixed point of the first term), each step within the bracket it keeps.

use crate::prelude::*;

/// The first `x` of the survival series (below it, the distribution function's).
#[device_fn]
fn kolmog_cut() -> f64 {
    0.82
}

/// `(sf, cdf, pdf)` of the Kolmogorov distribution at a finite `x > 0`.
#[device_fn]
fn kolmog_three(x: f64) -> (f64, f64, f64) {
    let pi = std::f64::consts::PI;
    if x <= kolmog_cut() {
        // K(x) = w sum exp(-a_k / x^2), a_k = (2k - 1)^2 pi^2 / 8; K' = w / x sum (2 a_k /
        // x^2 - 1) exp(-a_k / x^2)
        let w = (2.0 * pi).sqrt() / x;
        let r = pi * pi / (8.0 * x * x);
        let mut cdf = 0.0;
        let mut der = 0.0;
        let mut k = 1.0;
        while k < 20.0 {
            let m = (2.0 * k - 1.0) * (2.0 * k - 1.0);
            let t = (-m * r).exp();
            cdf += t;
            der += (2.0 * m * r - 1.0) * t;
            if t <= 1e-17 * cdf {
                break;
            }
            k += 1.0;
        }
        let cdf = w * cdf;
        (1.0 - cdf, cdf, w / x * der)
    } else {
        // sf = 2 sum (-1)^(k-1) v^(k^2), v = exp(-2 x^2); pdf = 8 x sum (-1)^(k-1) k^2 v^(k^2)
        let mut sf = 0.0;
        let mut der = 0.0;
        let mut sign = 1.0;
        let mut k = 1.0;
        while k < 20.0 {
            let t = (-2.0 * k * k * x * x).exp();
            sf += sign * t;
            der += sign * k * k * t;
            if t <= 1e-17 * sf.abs() {
                break;
            }
            sign = -sign;
            k += 1.0;
        }
        let sf = 2.0 * sf;
        (sf, 1.0 - sf, 8.0 * x * der)
    }
}

/// The survival function of the Kolmogorov distribution, `P(sqrt(n) D_n > x)` in the limit
/// (SciPy's `kolmogorov`): 1 for `x <= 0`, 0 at `inf`.
///
/// Example: [the module's page](self).
#[device_fn]
pub fn kolmogorov(x: f64) -> f64 {
    if x.is_nan() {
        f64::NAN
    } else if x <= 0.0 {
        1.0
    } else if x == f64::INFINITY {
        0.0
    } else {
        let (sf, _, _): (f64, f64, f64) = kolmog_three(x);
        sf.max(0.0).min(1.0)
    }
}

/// The inverse of [`kolmogorov()`]: the `x` with `kolmogorov(x) = p` (SciPy's `kolmogi`): 0
/// at `p = 1`, `inf` at `p = 0`, NaN outside `[0, 1]`.
///
/// Example: [the module's page](self).
#[device_fn]
pub fn kolmogi(p: f64) -> f64 {
    if !(p >= 0.0 && p <= 1.0) {
        return f64::NAN;
    }
    if p == 1.0 {
        return 0.0;
    }
    if p == 0.0 {
        return f64::INFINITY;
    }
    let pi = std::f64::consts::PI;
    // the side whose value is small: the survival function (p <= 1/2) or the distribution
    // function (1 - p, exact above 1/2)
    let upper = p <= 0.5;
    let target = if upper { p } else { 1.0 - p };
    let mut x = if upper {
        (-(0.5 * p).ln() / 2.0).sqrt()
    } else {
        // K ~ sqrt(2 pi) / x exp(-pi^2 / (8 x^2)): its fixed point
        let l = target.ln();
        let mut x0: f64 = 0.5;
        let mut i = 0;
        while i < 6 {
            x0 = pi / (8.0 * (0.5 * (2.0 * pi).ln() - x0.ln() - l)).sqrt();
            i += 1;
        }
        x0
    };
    // Newton within a bracket [lo, hi]
    let mut lo = 0.0;
    let mut hi = f64::INFINITY;
    let mut i = 0;
    while i < 60 {
        let (sf, cdf, pdf): (f64, f64, f64) = kolmog_three(x);
        // g(x) = value - target, increasing in x for the cdf, decreasing for the sf
        let g = if upper { target - sf } else { cdf - target };
        if g == 0.0 {
            break;
        }
        if g > 0.0 {
            hi = x;
        } else {
            lo = x;
        }
        let mut next = x - g / pdf;
        // (converged before the bracket test: a last step below an ulp lands on the bracket)
        if (next - x).abs() <= 2e-16 * x {
            x = next;
            break;
        }
        if !(next > lo && next < hi) {
            next = if hi == f64::INFINITY {
                2.0 * x
            } else {
                0.5 * (lo + hi)
            };
        }
        x = next;
        i += 1;
    }
    x
}
