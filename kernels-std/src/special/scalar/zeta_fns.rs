//! The zeta functions: `zeta` (Hurwitz's `zeta(x, q) = sum_(k>=0) (k + q)^-x`),
//! `riemann_zeta` (SciPy's `zeta(x)`, Riemann's, for every real `x`) and `zetac`
//! (`zeta(x) - 1`).
//!
//! ```
//! use kernels_std::special::scalar as sp;
//! let close = |a: f64, b: f64| (a / b - 1.0).abs() < 1e-15;
//! assert!(close(sp::riemann_zeta(2.0), std::f64::consts::PI.powi(2) / 6.0));
//! assert!(close(sp::zeta(2.0, 2.0), std::f64::consts::PI.powi(2) / 6.0 - 1.0));
//! assert!(close(sp::zetac(60.0), 2f64.powi(-60) * (1.0 + 1.5f64.powi(-60))));
//! assert!(close(sp::riemann_zeta(-1.0), -1.0 / 12.0));
//! assert!(close(sp::polygamma(1.0, 1.0), std::f64::consts::PI.powi(2) / 6.0));
//! ```
//!
//! Method: the Euler-Maclaurin formula
//! `zeta(x, q) = sum_(k<n) (q + k)^-x + a^(1-x) / (x - 1) + a^-x / 2 +
//! sum_(j=1..12) B_2j / (2j)! x (x + 1) ... (x + 2j - 2) a^(-x-2j+1)`, `a = q + n`, with `n` the least for which `a >= max(10, 0.8 (x + 24))` (so that the
//! correction terms fall by a factor 25 each; the sum stops early where its terms are below
//! `1e-17` of it with the rest). `zetac(x) = zeta(x, 2)` for `x > 1` (accurate where
//! `zeta(x)` is 1 rounded). Below 0, Riemann's functional equation
//! `zeta(x) = sin(pi x / 2) zeta(1 - x) pi^(x-1) Gamma(h) Gamma(h + 1/2) / sqrt(pi)`,
//! `h = (1 - x) / 2` (Legendre's duplication, so that no factor overflows before the result
//! does); between 0 and 1 the Euler-Maclaurin formula (valid there; it loses up to 6 bits
//! to cancellation near 0). `polygamma(n, x) = (-1)^(n+1) n! zeta(n + 1, x)` as SciPy
//! writes it (`digamma` at `n = 0`).

use super::gamma_fns::{digamma, gamma, sinpi};
use crate::prelude::*;

/// The Euler-Maclaurin sum for finite `x != 1`, `x > -20`, and finite `q > 0` (or a
/// negative non-integral `q` with an integral `x`); `xm1 = x - 1` exactly (the pole's term
/// takes it: `1 - x` rounded would move `zeta(1 + 1e-10)` by 8e-8).
#[device_fn]
fn zeta_em(x: f64, q: f64, xm1: f64) -> f64 {
    let target = (0.8 * (x + 24.0)).max(10.0);
    let n = (target - q).ceil().max(0.0);
    let mut s = 0.0;
    let mut k: f64 = 0.0;
    while k < n {
        let b = q + k;
        let t = b.powf(-x);
        s += t;
        if x > 1.0 && b > 0.0 && t * (1.0 + b / xm1) <= 1e-17 * s {
            return s;
        }
        k += 1.0;
    }
    let a = q + n;
    let w = a.powf(-x);
    s += a.powf(-xm1) / xm1 + 0.5 * w;
    let bern: [f64; 12] = [
        0.08333333333333333,
        -0.001388888888888889,
        3.306878306878307e-05,
        -8.267195767195768e-07,
        2.08767569878681e-08,
        -5.284190138687493e-10,
        1.3382536530684679e-11,
        -3.3896802963225827e-13,
        8.586062056277845e-15,
        -2.174868698558062e-16,
        5.5090028283602295e-18,
        -1.3954464685812525e-19,
    ];
    let mut fac = x * w / a;
    let mut j = 0;
    while j < 12 {
        let t = bern[j as usize] * fac;
        s += t;
        if t.abs() <= 1e-17 * s.abs() {
            break;
        }
        let m = 2.0 * (j as f64) + 1.0;
        fac = fac * (x + m) * (x + m + 1.0) / (a * a);
        j += 1;
    }
    s
}

/// Hurwitz's zeta function `sum_(k>=0) (k + q)^-x` (SciPy's `zeta(x, q)`): `inf` at `x = 1`
/// and where `q` is 0 or a negative integer, NaN for `x < 1` and for a negative `q` with
/// a non-integral `x`; at `x = inf` 1 for `q = 1`, `inf` for `q < 1`, 0 for `q > 1e8`, NaN
/// otherwise (SciPy's), 0 at `q = inf`.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn zeta(x: f64, q: f64) -> f64 {
    // (SciPy's order of the checks: zeta(nan, 0) is inf)
    if x == 1.0 {
        return f64::INFINITY;
    }
    if x < 1.0 {
        return f64::NAN;
    }
    if q <= 0.0 {
        if q.floor() == q {
            return f64::INFINITY;
        }
        if x.floor() != x {
            return f64::NAN;
        }
    }
    if x.is_nan() || q.is_nan() {
        return f64::NAN;
    }
    if q == f64::INFINITY {
        return 0.0;
    }
    if x == f64::INFINITY {
        // (SciPy's: its asymptotic form above q = 1e8 gives 0, its sum NaN)
        return if q == 1.0 {
            1.0
        } else if q < 1.0 {
            f64::INFINITY
        } else if q > 1e8 {
            0.0
        } else {
            f64::NAN
        };
    }
    zeta_em(x, q, x - 1.0)
}

/// Riemann's zeta function for real `x` (SciPy's `zeta(x)`): `inf` at 1, 1 at `inf`, NaN at
/// `-inf`, 0 at the negative even integers, `+-inf` where it overflows (below about -306).
///
/// Example: [the family's page](self).
#[device_fn]
pub fn riemann_zeta(x: f64) -> f64 {
    if x.is_nan() || x == f64::NEG_INFINITY {
        f64::NAN
    } else if x == 1.0 {
        f64::INFINITY
    } else if x == f64::INFINITY {
        1.0
    } else if x >= 0.0 {
        zeta_em(x, 1.0, x - 1.0)
    } else {
        let s = sinpi(0.5 * x);
        if s == 0.0 {
            return 0.0;
        }
        if x < -400.0 {
            return f64::INFINITY * s;
        }
        let h = 0.5 * (1.0 - x);
        let p = std::f64::consts::PI.powf(0.5 * (x - 1.0));
        let z = zeta_em(1.0 - x, 1.0, -x);
        let g = (gamma(h) * p) * (gamma(h + 0.5) * p);
        s * z * g / 1.7724538509055159
    }
}

/// `zeta(x) - 1`, accurate where `zeta(x)` is near 1 (SciPy's `zetac`): `inf` at 1, 0 at
/// `inf`, NaN at `-inf`.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn zetac(x: f64) -> f64 {
    if x.is_nan() || x == f64::NEG_INFINITY {
        f64::NAN
    } else if x == 1.0 {
        f64::INFINITY
    } else if x == f64::INFINITY {
        0.0
    } else if x > 1.0 {
        zeta_em(x, 2.0, x - 1.0)
    } else {
        riemann_zeta(x) - 1.0
    }
}

/// The polygamma function `psi^(n)(x)`, the `n`-th derivative of the digamma function
/// (SciPy's `polygamma`): `digamma(x)` at `n = 0`, else SciPy's
/// `(-1)^(n+1) Gamma(n + 1) zeta(n + 1, x)`, so NaN for a negative or non-integral `n`,
/// `+-inf` at the non-positive integers `x` (and where `Gamma(n + 1)` overflows, from
/// `n = 171`), NaN where that meets a zero.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn polygamma(n: f64, x: f64) -> f64 {
    if n == 0.0 {
        return digamma(x);
    }
    // (-1)^(n + 1) as C's pow: 1 at +-inf, NaN at non-integers
    let sign = if n.is_infinite() {
        1.0
    } else if n.floor() != n {
        f64::NAN
    } else if (0.5 * (n + 1.0)).fract() == 0.0 {
        1.0
    } else {
        -1.0
    };
    sign * gamma(n + 1.0) * zeta(n + 1.0, x)
}
