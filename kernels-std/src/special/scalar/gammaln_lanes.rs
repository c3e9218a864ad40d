//! `ln |Gamma(x)|` without branches, for the CPU loop of the `gammaln` kernel: every element
//! computes the same straight-line code (selects instead of branches, no call), so LLVM
//! vectorizes the loop (four `f64` lanes with AVX2). [`gammaln()`](super::gammaln()) stays
//! the scalar function (its branches skip work a lane cannot skip); the results agree to a
//! few units in the last place. On a GPU both are CUDA's `lgamma`.
//!
//! Method: `t = x` (or `1 - x` below 0) is written `t = 2 + n + d`, `n` an integer in
//! `-2..=8`, `d` in `[-1/2, 1/2)` (exact), and `ln Gamma(t) = d p(d) + ln a` with the fit
//! `p` of `ln Gamma(2 + d)/d` and `a` the rising factorial `(2 + d) ... (1 + d + n)` (`n >= 1`),
//! `1/t` (`n = -1`) or `1/(t (t + 1))` (`n = -2`), whose logarithm is the one `ln` of the
//! element; from 10 on, Stirling's series with that `ln` taken of `t`. Below 0 the
//! reflection `ln pi - ln |sin(pi x)| - ln Gamma(1 - x)` takes `s = |sin(pi r)| / pi`,
//! `r = x` minus the nearest integer, from its Taylor series; below 10 its logarithm joins
//! the other, `-(d p(d) + ln(s a))` (`s / t` for `n = -1`), but below -9 (`t >= 10`) it
//! needs a second `ln` beside Stirling's `ln t`, which every lane then pays:
//! [`gammaln_lanes_above()`] leaves it out, for arrays that hold nothing below -9.
//!
//! ```
//! use kernels_std::prelude::*;
//! let x = Array::from_vec(&Device::cpu(), &[3], vec![0.5f64, 10.5, -2.5])?;
//! let y = kernels_std::special::gammaln(&x)?.to_vec()?;
//! assert!((y[0] - 0.5723649429247001).abs() < 1e-16); // ln sqrt(pi)
//! assert!((y[1] - 13.940625219403763).abs() < 1e-14);
//! assert!((y[2] + 0.05624371649767405).abs() < 1e-15);
//! # Ok::<(), kernels_std::Error>(())
//! ```

use super::fits::gamma as fit;
use super::gamma_fns::stirling_series;
use crate::prelude::*;

/// `sin(pi r) / r` for `|r| <= 1/2`, as a polynomial in `z = r^2`: the Taylor series of
/// `sin(pi r)`, twelve terms (the first omitted one is below 1e-18 of the result), by
/// Estrin's scheme.
#[device_fn]
fn sinpi_over_r(z: f64) -> f64 {
    let a0 = 3.141592653589793 - 5.16771278004997 * z;
    let a1 = 2.5501640398773455 - 0.5992645293207921 * z;
    let a2 = 0.08214588661112823 - 0.0073704309457143504 * z;
    let a3 = 0.00046630280576761255 - 2.1915353447830217e-05 * z;
    let a4 = 7.952054001475513e-07 - 2.2948428997269873e-08 * z;
    let a5 = 5.392664662608129e-10 - 1.0518471716932065e-11 * z;
    let z2 = z * z;
    let b0 = a0 + a1 * z2;
    let b1 = a2 + a3 * z2;
    let b2 = a4 + a5 * z2;
    let z4 = z2 * z2;
    (b0 + b1 * z4) + b2 * (z4 * z4)
}

/// Stirling's correction (as [`stirling_corr`](super::gamma_fns::stirling_corr)) from
/// `q = 1/x`: one quotient for the caller instead of two.
#[device_fn]
fn stirling_corr_recip(q: f64) -> f64 {
    stirling_series(q * q) * q
}

/// `ln |Gamma(x)|` with SciPy's special values (`inf` at the poles and `+inf`, `-inf` at
/// `-inf`), computed without branches (see the [module documentation](self)).
///
/// ```
/// use kernels_std::special::scalar::gammaln_lanes::gammaln_lanes;
/// assert_eq!(gammaln_lanes(1.0), 0.0);
/// assert_eq!(gammaln_lanes(-3.0), f64::INFINITY);
/// assert!((gammaln_lanes(0.5) - 0.5723649429247001).abs() < 1e-16);
/// ```
#[device_fn]
pub fn gammaln_lanes(x: f64) -> f64 {
    // Computed first, then selected: with the call inside the `else` branch, LLVM's cost
    // model counts the scalar loop's body at half its cost (a branch taken half the time)
    // and declines to vectorize the loop.
    let y = lgamma_lanes(x);
    if x == f64::NEG_INFINITY {
        // SciPy's value (CUDA's lgamma and C's give +inf).
        x
    } else {
        y
    }
}

/// [`gammaln_lanes()`] for `x > -9` (and NaN) with one logarithm per element instead of
/// two; NaN for `x <= -9`. Its results are [`gammaln_lanes()`]'s bits where it is defined
/// (the same expression, without the second logarithm the reflection needs below `-9`).
///
/// ```
/// use kernels_std::special::scalar::gammaln_lanes::{gammaln_lanes, gammaln_lanes_above};
/// for x in [0.5, 10.5, -2.5, -8.9, 1e300, -3.0] {
///     assert_eq!(gammaln_lanes_above(x).to_bits(), gammaln_lanes(x).to_bits());
/// }
/// assert!(gammaln_lanes_above(-9.5).is_nan());
/// ```
#[device_fn]
pub fn gammaln_lanes_above(x: f64) -> f64 {
    let y = lgamma_lanes_above(x);
    if x <= -9.0 {
        f64::NAN
    } else {
        y
    }
}

/// `ln |Gamma(x)|` with C's special values; CUDA's `lgamma` on a GPU.
#[device_fn(cuda = "lgamma")]
fn lgamma_lanes(x: f64) -> f64 {
    lgamma_select(x, true)
}

/// [`lgamma_lanes()`] for `x > -9`; CUDA's `lgamma` on a GPU.
#[device_fn(cuda = "lgamma")]
fn lgamma_lanes_above(x: f64) -> f64 {
    lgamma_select(x, false)
}

/// `ln |Gamma(x)|`, every region computed and one selected; `tail` (a constant at each
/// caller, so the compiler drops what it leaves out) adds the second logarithm that
/// `x <= -9` needs (without it those results are meaningless).
#[device_fn]
fn lgamma_select(x: f64, tail: bool) -> f64 {
    let neg = x < 0.0;
    let t = if neg { 1.0 - x } else { x };
    let big = t >= 10.0;
    // t = 2 + n + d below 10 (2 stands in for the others: its terms are discarded).
    let tc = if big { 2.0 } else { t };
    let n = (tc - 1.5).floor();
    let d = tc - (2.0 + n);
    let y = 2.0 + d;
    // The factors of a: (2 + d) ... (1 + d + n), t or t (t + 1), or 1; no branch on n.
    let f0 = if n >= 1.0 {
        y
    } else if n == -1.0 {
        tc
    } else if n == -2.0 {
        tc * (tc + 1.0)
    } else {
        1.0
    };
    let f1 = if n > 1.0 { y + 1.0 } else { 1.0 };
    let f2 = if n > 2.0 { y + 2.0 } else { 1.0 };
    let f3 = if n > 3.0 { y + 3.0 } else { 1.0 };
    let f4 = if n > 4.0 { y + 4.0 } else { 1.0 };
    let f5 = if n > 5.0 { y + 5.0 } else { 1.0 };
    let f6 = if n > 6.0 { y + 6.0 } else { 1.0 };
    let f7 = if n > 7.0 { y + 7.0 } else { 1.0 };
    let a = ((f0 * f1) * (f2 * f3)) * ((f4 * f5) * (f6 * f7));
    // 1/t for Stirling's series, and for the reflection's 1/a where a = t (x in (-1/2, 0)).
    let q = 1.0 / (if big || (neg && n < 0.0) { t } else { 10.0 });
    // s = |sin(pi x)| / pi, r = x - (the nearest integer): exact; |r| first, so that a
    // subnormal r keeps its bits.
    let r = x - (x + 0.5).floor();
    let s = r.abs() * (sinpi_over_r(r * r) * (1.0 / std::f64::consts::PI));
    // The one logarithm: of t (Stirling's), of a (x > 0), of s a or s / a (the reflection
    // below 10: ln pi - ln |sin(pi x)| - ln Gamma(t) = -(d p(d) + ln(s a^(+-1)))).
    let sa = if n < 0.0 { s * q } else { s * a };
    let l1 = (if big {
        t
    } else if neg {
        sa
    } else {
        a
    })
    .ln();
    // The fit's variable 2d, exact (2 + d itself rounds for n < 0).
    let near2 = d * fit::lgamma_near2(2.0 * d);
    let stirling = (t - 0.5) * l1 - t + 0.9189385332046728 + stirling_corr_recip(q);
    let below = if n < 0.0 { near2 - l1 } else { near2 + l1 };
    // x <= -9: ln pi - ln |sin(pi x)| - (Stirling's series at t).
    let l2 = if tail { s.ln() } else { 0.0 };
    if x.is_nan() {
        x
    } else if x.is_infinite() || x == 0.0 || (neg && x.floor() == x) {
        f64::INFINITY
    } else if big && neg {
        -l2 - stirling
    } else if big {
        stirling
    } else if neg {
        -near2 - l1
    } else {
        below
    }
}
