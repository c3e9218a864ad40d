//! The binomial coefficient of real arguments (`binom`), the factorial (`factorial`) and
//! SciPy's `comb` and `perm` (`exact=False`).
//!
//! Method: for an integral `k` (reduced to `min(k, n - k)` when `n` is a non-negative
//! integer) up to 2000 the product `prod_(i=1..k) ((i - k) + n) / i` (each factor one rounding
//! from the exact integer `i - k`, so a tiny `n` keeps its digits; the factors `i` and
//! `k + 1 - i` taken together, so the partial products do not overflow); where `k` is far beyond
//! `|n|` (on either side) the reflection formula,
//! `binom(n, k) = Gamma(n + 1) sin(pi (k - n)) / pi * Gamma(k - n) / Gamma(k + 1)`, with the
//! ratio of gammas from Stirling's series and the sine of `k - n` reduced modulo 2 exactly;
//! elsewhere `1 / ((n + 1) B(n - k + 1, k + 1))` (in logarithms where that leaves the range),
//! and `exp(-ln B - ln(n + 1))` where `n >= 1e10 k`.
//!
//! ```
//! use kernels_std::special::scalar as sp;
//! assert_eq!(sp::binom(5.0, 2.0), 10.0);
//! assert_eq!(sp::binom(2.5, 3.0), 0.3125); // 2.5 * 1.5 * 0.5 / 6
//! assert!(sp::binom(-3.0, 2.0).is_nan()); // SciPy: NaN at negative integers n
//! assert_eq!(sp::binom(3.0, 1e10), 0.0);
//! assert_eq!(sp::factorial(5.0), 120.0);
//! assert_eq!(sp::factorial(-1.0), 0.0);
//! ```

use super::gamma_fns::{beta, betaln, gamma, gammaln, gammasgn, lgamma_ratio, poch};
use crate::prelude::*;

/// `sin(pi x)` (`cos` where `cosine`), reduced to `[-1/2, 1/2]` exactly.
#[device_fn]
fn binom_trig_pi(x: f64, cosine: bool) -> f64 {
    let m = x.round();
    let f = x - m;
    let sign = if (0.5 * m).fract() != 0.0 { -1.0 } else { 1.0 };
    let v = if cosine {
        (std::f64::consts::PI * f).cos()
    } else {
        (std::f64::consts::PI * f).sin()
    };
    sign * v
}

/// `sin(pi (k - n))`, `k` reduced modulo 2 exactly first.
#[device_fn]
fn binom_sinpi(k: f64, n: f64) -> f64 {
    let r = k - 2.0 * (0.5 * k).floor();
    binom_trig_pi(r, false) * binom_trig_pi(n, true)
        - binom_trig_pi(r, true) * binom_trig_pi(n, false)
}

/// `Gamma(n + 1) * s * exp(l)`, in logarithms where the product would leave the range.
#[device_fn]
fn binom_scaled(n: f64, s: f64, l: f64) -> f64 {
    let g = gamma(n + 1.0);
    let e = l.exp();
    let v = g * s * e;
    if v.is_finite() && v.abs() > 1.0e-290 && e > 1.0e-290 && e < 1.0e290 {
        v
    } else {
        gammasgn(n + 1.0) * s * (l + gammaln(n + 1.0)).exp()
    }
}

/// The binomial coefficient `Gamma(n + 1) / (Gamma(k + 1) Gamma(n - k + 1))` for real `n`,
/// `k` (SciPy's `binom`): NaN at negative integers `n` (for every `k`) and at infinite `k`;
/// 0 at negative integers `k` and at integers `k > n` for a non-negative integer `n`.
///
/// Example: [the module's page](self).
#[device_fn]
pub fn binom(n: f64, k: f64) -> f64 {
    if n.is_nan() || k.is_nan() || k == f64::INFINITY || (n < 0.0 && n.floor() == n) {
        f64::NAN
    } else if k == f64::NEG_INFINITY {
        0.0
    } else if n == f64::INFINITY {
        // the limits (SciPy: NaN for k >= 20 and non-integral k >= 0)
        if k < 0.0 {
            0.0
        } else if k == 0.0 {
            1.0
        } else {
            f64::INFINITY
        }
    } else {
        let n_integer = n >= 0.0 && n.floor() == n;
        let mut kk = k;
        if k.floor() == k && n_integer && k > 0.5 * n {
            kk = n - k; // symmetry (negative where k > n: 0 below)
        }
        if kk.floor() == kk && kk < 0.0 {
            0.0
        } else if kk.floor() == kk && kk <= 2000.0 {
            // factors i and k + 1 - i in pairs: the partial products stay near the result
            let mut r = 1.0;
            let mut i = 1.0;
            while 2.0 * i <= kk {
                let j = kk + 1.0 - i;
                r *= ((i - kk) + n) / i * (((1.0 - i) + n) / j);
                i += 1.0;
            }
            if 2.0 * i - 1.0 == kk {
                r *= ((i - kk) + n) / i;
            }
            r
        } else if (n - k + 1.0 <= 0.0 && n - n.floor() == k - k.floor())
            || (k + 1.0 <= 0.0 && k.floor() == k)
        {
            0.0 // 1 / Gamma(k + 1) or 1 / Gamma(n - k + 1) at a pole
        } else if n.abs() < 170.0 && k > 2.0 * n.abs() + 20.0 {
            let s = binom_sinpi(k, n) / std::f64::consts::PI;
            binom_scaled(n, s, lgamma_ratio(k - n, n + 1.0))
        } else if n.abs() < 170.0 && -k > 2.0 * n.abs() + 20.0 {
            // 1 / Gamma(k + 1) = Gamma(-k) sin(-pi k) / pi
            let s = binom_sinpi(-k, 0.0) / std::f64::consts::PI;
            binom_scaled(n, s, lgamma_ratio(-k, n + 1.0))
        } else if k > 0.0 && n >= 1.0e10 * k {
            (-betaln(n - k + 1.0, k + 1.0) - (n + 1.0).ln()).exp()
        } else {
            let v = 1.0 / (n + 1.0) / beta(n - k + 1.0, k + 1.0);
            if v.is_finite() && v != 0.0 {
                v
            } else {
                // beyond the range on the way: in logarithms (the result under- or
                // overflows there)
                let sign = gammasgn(n + 1.0) * gammasgn(k + 1.0) * gammasgn(n - k + 1.0);
                let top = if n + 1.0 >= 10.0 && n - k + 1.0 >= 10.0 {
                    lgamma_ratio(n + 1.0, -k) // without cancelling two huge logarithms
                } else {
                    gammaln(n + 1.0) - gammaln(n - k + 1.0)
                };
                sign * (top - gammaln(k + 1.0)).exp()
            }
        }
    }
}

/// The factorial `n! = Gamma(n + 1)` of a real `n` (SciPy's `factorial(n, exact=False)`): 0
/// for `n < 0`, NaN for NaN.
///
/// Example: [the module's page](self).
#[device_fn]
pub fn factorial(n: f64) -> f64 {
    if n.is_nan() {
        f64::NAN
    } else if n < 0.0 {
        0.0
    } else {
        gamma(n + 1.0)
    }
}

/// The number of combinations of `n` things taken `k` at a time (SciPy's `comb(n, k,
/// exact=False)`): [`binom()`] where `0 <= k <= n`, else 0 (NaN arguments too).
///
/// Example: [the module's page](self).
#[device_fn]
pub fn comb(n: f64, k: f64) -> f64 {
    if k <= n && n >= 0.0 && k >= 0.0 {
        binom(n, k)
    } else {
        0.0
    }
}

/// The number of combinations with repetition (SciPy's `comb(n, k, exact=False,
/// repetition=True)`): `binom(n + k - 1, k)` (no range rule: NaN for NaN).
///
/// Example: [the module's page](self).
#[device_fn]
pub fn comb_repetition(n: f64, k: f64) -> f64 {
    binom(n + k - 1.0, k)
}

/// The number of permutations of `n` things taken `k` at a time (SciPy's `perm(n, k,
/// exact=False)`): `poch(n - k + 1, k)` where `0 <= k <= n`, else 0 (NaN arguments too).
///
/// Example: [the module's page](self).
#[device_fn]
pub fn perm(n: f64, k: f64) -> f64 {
    if k <= n && n >= 0.0 && k >= 0.0 {
        poch(n - k + 1.0, k)
    } else {
        0.0
    }
}
