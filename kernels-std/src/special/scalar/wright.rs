//! Wright's generalized Bessel function `Phi(a, b; x) = sum_k x^k / (k! Gamma(a k + b))` and
//! its logarithm, for real `a, b, x >= 0` (SciPy's `wright_bessel`, `log_wright_bessel`).
//!
//! ```
//! use kernels_std::special::scalar as sp;
//! let close = |a: f64, b: f64| (a / b - 1.0).abs() < 1e-14;
//! assert!(close(sp::wright_bessel(1.0, 1.0, 1.0), 2.2795853023360673)); // I_0(2)
//! assert!(close(sp::wright_bessel(0.0, 2.0, 3.0), 3f64.exp())); // e^x / Gamma(b)
//! assert_eq!(sp::wright_bessel(0.5, 0.0, 0.0), 0.0); // 1 / Gamma(0)
//! assert_eq!(sp::wright_bessel(0.1, 1.0, 1e4), f64::INFINITY);
//! assert!((sp::log_wright_bessel(0.1, 1.0, 1e4) / 5866.262578222227 - 1.0).abs() < 1e-14);
//! assert!(sp::wright_bessel(-1.0, 1.0, 1.0).is_nan());
//! ```
//!
//! Edges (SciPy's rules): NaN for a NaN or negative argument, and for `a` or `b` at or above
//! `178.47241115886637` (SciPy's bound), except that `x = inf` gives `inf` for finite `a`,
//! `b`; `x = 0` gives `1 / Gamma(b)` (0 at `b = 0`); `a = 0` gives `e^x / Gamma(b)` (finite up
//! to `x = 1419` at large `b`: `e^(x/2)` twice, `1 / Gamma(b)` with a separate exponent).
//!
//! Method. Every term of the series is positive, so summing it loses nothing; what costs is
//! the number of terms and their range. The terms are unimodal in `k` (the ratio
//! `r_k = t_(k+1) / t_k = x / (k + 1) Gamma(a k + b) / Gamma(a k + a + b)` decreases), with
//! their peak near `k* = (x / a^a)^(1 / (1 + a))`:
//! - `k* <= 2000` (`x` up to about 2000, larger `x` once `a` is not small): the series
//!   summed from its first term, each term `(x^k / k!) / Gamma(a k + b)` from the power
//!   over the factorial (updated by `x / (k + 1)`: one rounding per step) and `rgamma`
//!   (above 170 by the recurrence down to `[160, 161)`, its product with a separate
//!   exponent), the terms and the sum carried with a separate binary exponent (no overflow,
//!   no underflow of `1 / Gamma(b)`), until the ratio of two terms is below 1/2 (then the
//!   rest is below the last term: the ratios decrease) and the last term below `1e-17` of
//!   the sum. The error is a few ULPs plus the power's `k*` roundings (about `sqrt(k*)`
//!   ULPs; the function's own condition number in `x` is `k*`). `ln Phi` is
//!   `ln t_0 + ln(1 + rest / t_0)` where the rest is below the first term `t_0` (with
//!   `ln t_0 = -ln Gamma(b)`: no cancellation where `Phi` is near 1);
//! - beyond (only `log_wright_bessel` is finite there: `ln Phi > (1 + a) k* - ln Gamma(b)`
//!   exceeds 709): `k*` from Newton's iteration on `ln x = psi(k + 1) + a psi(a k + b)`,
//!   `ln t_k` from `ln Gamma` (Stirling's series for `k!`, so that `k ln x` never
//!   overflows), and the sum of `t_k / t_(k*)` outward from the peak until the terms fall
//!   below `1e-18` of the sum. While the bell is at most 6000 terms wide
//!   (`sigma = (1/(k+1) + a^2/(a k + b))^(-1/2)`, 24 `sigma` summed) every term is added;
//!   beyond, the sum is the trapezoidal rule of `t` as a function of a real `k` with step
//!   `sigma / 8` (by Poisson's summation formula the sum over the integers and the integral
//!   of a bell that wide differ by about `e^(-2 pi^2 sigma^2)`, and the trapezoidal rule of
//!   step `sigma / 8` errs by about `e^(-2 pi^2 64)`: both far below a ULP); beyond
//!   `k* = 1e8` Laplace's method, `ln t_(k*) + ln(sqrt(2 pi) sigma)` (its next term is
//!   `O(1 / k*)` of `Phi`, below `1e-16` of `ln Phi`). The logarithm's relative error is a
//!   few ULPs times `ln x / (1 + a)` (`ln t` is a difference of terms about `k* ln x` in
//!   size, `ln Phi` about `(1 + a) k*`; the rounding of `ln x` alone moves it that much):
//!   6e-14 at `x = 1e300`.

use super::dd::{dd_norm, ldexp};
use super::gamma_fns::{digamma, lgamma_pos, rgamma, stirling_corr};
use crate::prelude::*;

/// `1 / Gamma(z)` as `m 2^e` for `0 <= z < 360`: `rgamma` up to 170, beyond
/// `rgamma(z - n) / ((z - n) ... (z - 1))` (the factors `z - j` exact, the product carried
/// with a separate exponent: a few ULPs, where `exp(-ln Gamma(z))` would lose
/// `ln Gamma(z)` ULPs).
#[device_fn]
fn rgamma_scaled(z: f64) -> (f64, i64) {
    if z <= 170.0 {
        (rgamma(z), 0i64)
    } else {
        let n = (z - 160.0).floor();
        let mut p = 1.0;
        let mut e: i64 = 0;
        let mut j = 1.0;
        while j <= n {
            p *= z - j;
            if p > 1e200 {
                let (h, _l, k): (f64, f64, i64) = dd_norm(p, 0.0, e);
                p = h;
                e = k;
            }
            j += 1.0;
        }
        let (p, _l, e): (f64, f64, i64) = dd_norm(p, 0.0, e);
        let (m, k): (f64, i64) = wright_norm(rgamma(z - n) / p, 0i64);
        (m, k - e)
    }
}

/// `m 2^e` renormalized so that `m` is in `[1/2, 1)` (0, inf and NaN as they are).
#[device_fn]
fn wright_norm(m: f64, e: i64) -> (f64, i64) {
    if m == 0.0 || !m.is_finite() {
        (m, e)
    } else if m < f64::MIN_POSITIVE {
        let (h, _l, k): (f64, f64, i64) = dd_norm(m * 2f64.powi(600), 0.0, e - 600);
        (h, k)
    } else {
        let (h, _l, k): (f64, f64, i64) = dd_norm(m, 0.0, e);
        (h, k)
    }
}

/// The rough peak `(x / a^a)^(1 / (1 + a))` of the terms, for `a > 0`, `x > 0`.
#[device_fn]
fn wright_peak_guess(a: f64, x: f64) -> f64 {
    ((x.ln() - a * a.ln()) / (1.0 + a)).exp()
}

/// `m 2^d` for `d <= 0` (0 below `2^-1100`: `m` is below `2^600`).
#[device_fn]
fn wright_shift(m: f64, d: i64) -> f64 {
    if d < -1100 {
        0.0
    } else {
        ldexp(m, d)
    }
}

/// `s 2^e` for `s` below `2^600` (0 and `inf` beyond the range).
#[device_fn]
fn wright_unscale(s: f64, e: i64) -> f64 {
    if e < -1700 {
        0.0 * s
    } else if e > 1300 {
        f64::INFINITY * s
    } else {
        ldexp(s, e)
    }
}

/// `s 2^e` for any `s` (0 and `inf` beyond the range), as a result of [`wright_edges`].
#[device_fn]
fn wright_pair(s: f64, e: i64) -> (bool, f64) {
    if s == f64::INFINITY || e > 1300 {
        (true, f64::INFINITY)
    } else {
        (true, wright_unscale(s, e))
    }
}

/// The series summed from its first nonzero term (`k = 0`, or 1 where `b = 0`), each term
/// `t_k = (x^k / k!) / Gamma(a k + b)` from the power over the factorial (one rounding per
/// step) and `1 / Gamma` itself (no ratio of gamma functions accumulates), all with
/// separate binary exponents: `(h, r, e)` with `Phi = (h + r) 2^e`, `h` the first term, for
/// `a > 0`, `x > 0` (finite), `b >= 0`, `a`, `b` below SciPy's bound.
#[device_fn]
fn wright_sum(a: f64, b: f64, x: f64) -> (f64, f64, i64) {
    let mut k: f64 = if b > 0.0 { 0.0 } else { 1.0 };
    // x^k / k! as p 2^ep
    let (mut p, mut ep): (f64, i64) = if b > 0.0 {
        (0.5, 1i64)
    } else {
        wright_norm(x, 0i64)
    };
    let (g, eg): (f64, i64) = rgamma_scaled(a.mul_add(k, b));
    let (g, eg): (f64, i64) = wright_norm(g, eg);
    let mut h = p * g;
    let mut e = ep + eg;
    let mut r = 0.0;
    let mut prev = h;
    loop {
        let (q, eq): (f64, i64) = wright_norm(p * (x / (k + 1.0)), ep);
        p = q;
        ep = eq;
        k += 1.0;
        let (g, eg): (f64, i64) = rgamma_scaled(a.mul_add(k, b));
        let (g, eg): (f64, i64) = wright_norm(g, eg);
        let d = ep + eg - e;
        let mut t = p * g;
        if d > 0 {
            // a new largest term: its exponent becomes the common one
            h = wright_shift(h, -d);
            r = wright_shift(r, -d);
            prev = wright_shift(prev, -d);
            e += d;
        } else {
            t = wright_shift(t, d);
        }
        let done = t <= 0.5 * prev && 2.0 * t <= 1e-17 * (h + r);
        r += t;
        prev = t;
        if done || k > 5000.0 {
            break;
        }
    }
    (h, r, e)
}

/// `ln t_k = k ln x - ln Gamma(k + 1) - ln Gamma(a k + b)` at a real `k >= 0` (from 10 on
/// with Stirling's series for `ln Gamma(k + 1)`, `k (ln x - ln(k + 1))` first: no overflow
/// where `k ln x` would).
#[device_fn]
fn wright_log_term(a: f64, b: f64, lx: f64, k: f64) -> f64 {
    let lg = lgamma_pos(a.mul_add(k, b));
    if k < 10.0 {
        k * lx - lgamma_pos(k + 1.0) - lg
    } else {
        let l1 = (k + 1.0).ln();
        k * (lx - l1) + (k + 1.0) - 0.5 * l1 - 0.9189385332046728 - stirling_corr(k + 1.0) - lg
    }
}

/// `ln Phi` from the peak of the terms (see the module doc), for `a > 0`, `x > 0` finite
/// with the rough peak beyond 2000.
#[device_fn]
fn wright_log_peak(a: f64, b: f64, x: f64) -> f64 {
    let lx = x.ln();
    // Newton's iteration on f(k) = ln x - psi(k + 1) - a psi(a k + b) (decreasing), with
    // the derivative's leading terms, until the step is below 1e-4 of the bell's width.
    let mut k = wright_peak_guess(a, x);
    let mut i = 0;
    while i < 60 {
        let z = a.mul_add(k, b);
        let f = lx - digamma(k + 1.0) - a * digamma(z);
        let d = 1.0 / (k + 1.0) + a * a / z;
        let step = f / d;
        k = (k + step).max(0.5 * k);
        i += 1;
        if step.abs() * d.sqrt() < 1e-4 {
            break;
        }
    }
    let z = a.mul_add(k, b);
    let var = 1.0 / (1.0 / (k + 1.0) + a * a / z);
    let sigma = var.sqrt();
    if k > 1e8 {
        // Laplace's method: its next term is O(1 / k) of Phi, below 1e-16 of ln Phi.
        return wright_log_term(a, b, lx, k) + 0.5 * (2.0 * std::f64::consts::PI * var).ln();
    }
    let kmin = if b > 0.0 { 0.0 } else { 1.0 };
    let (k0, h) = if 24.0 * sigma <= 6000.0 {
        (k.round().max(kmin), 1.0)
    } else {
        (k, sigma * 0.125)
    };
    let l0 = wright_log_term(a, b, lx, k0);
    let mut s = 1.0;
    let mut j: f64 = 1.0;
    loop {
        let w = (wright_log_term(a, b, lx, j.mul_add(h, k0)) - l0).exp();
        s += w;
        j += 1.0;
        if w < 1e-18 * s {
            break;
        }
    }
    let mut j: f64 = 1.0;
    while k0 - j * h >= kmin {
        let w = (wright_log_term(a, b, lx, (-j).mul_add(h, k0)) - l0).exp();
        s += w;
        j += 1.0;
        if w < 1e-18 * s {
            break;
        }
    }
    l0 + (s * h).ln()
}

/// SciPy's special values: `Some` result where the arguments decide it, for both functions
/// (`log` says which one).
#[device_fn]
fn wright_edges(a: f64, b: f64, x: f64, log: bool) -> (bool, f64) {
    if a.is_nan() || b.is_nan() || x.is_nan() || a < 0.0 || b < 0.0 || x < 0.0 {
        (true, f64::NAN)
    } else if x == f64::INFINITY {
        if a.is_finite() && b.is_finite() {
            (true, f64::INFINITY)
        } else {
            (true, f64::NAN)
        }
    } else if a >= 178.47241115886637 || b >= 178.47241115886637 {
        (true, f64::NAN)
    } else if x == 0.0 || a == 0.0 {
        // 1 / Gamma(b), e^x / Gamma(b)
        if b == 0.0 {
            if log {
                (true, f64::NEG_INFINITY)
            } else {
                (true, 0.0)
            }
        } else if log {
            (true, x - lgamma_pos(b))
        } else {
            // e^x 2^e m, with e^x = e^(x/2) e^(x/2) (finite up to x = 1419)
            let (m, e): (f64, i64) = rgamma_scaled(b);
            let (m, e): (f64, i64) = wright_norm(m, e);
            let y = (0.5 * x).exp();
            let (v, ev): (f64, i64) = wright_norm(m * y, e);
            wright_pair(v * y, ev)
        }
    } else {
        (false, 0.0)
    }
}

/// Wright's generalized Bessel function `Phi(a, b; x)` (SciPy's `wright_bessel`), for real
/// `a, b, x >= 0`; `inf` where it overflows.
///
/// Example: [the module's page](self).
#[device_fn]
pub fn wright_bessel(a: f64, b: f64, x: f64) -> f64 {
    let (done, v): (bool, f64) = wright_edges(a, b, x, false);
    if done {
        v
    } else if wright_peak_guess(a, x) > 2000.0 {
        wright_log_peak(a, b, x).exp()
    } else {
        let (h, r, e): (f64, f64, i64) = wright_sum(a, b, x);
        wright_unscale(h + r, e)
    }
}

/// The logarithm of Wright's generalized Bessel function, `ln Phi(a, b; x)` (SciPy's
/// `log_wright_bessel`), finite where [`wright_bessel()`] overflows or underflows.
///
/// Example: [the module's page](self).
#[device_fn]
pub fn log_wright_bessel(a: f64, b: f64, x: f64) -> f64 {
    let (done, v): (bool, f64) = wright_edges(a, b, x, true);
    if done {
        v
    } else if wright_peak_guess(a, x) > 2000.0 {
        wright_log_peak(a, b, x)
    } else {
        let (h, r, e): (f64, f64, i64) = wright_sum(a, b, x);
        if r < h {
            // ln h + ln(1 + r / h), ln h exactly: no cancellation where Phi is near 1
            let lh = if b > 0.0 {
                -lgamma_pos(b)
            } else {
                x.ln() - lgamma_pos(a)
            };
            lh + (r / h).ln_1p()
        } else {
            (h + r).ln() + (e as f64) * std::f64::consts::LN_2
        }
    }
}
