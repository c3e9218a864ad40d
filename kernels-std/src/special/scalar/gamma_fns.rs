//! The gamma function and its relatives: `gamma`, `gammaln`, `gammasgn`, `rgamma`,
//! `digamma`/`psi`, `beta`, `betaln`, `poch`, and the helpers the other families share
//! (`sinpi`, `cospi`, Stirling's series).
//!
//! Method: `ln Gamma` from our fits of `ln Gamma(x)/(x - 1)` on [0.5, 1.5] and of
//! `ln Gamma(x)/(x - 2)` on [1.5, 2.5] (full relative accuracy at its zeros 1 and 2; Chebyshev
//! interpolants converted to polynomials, evaluated by Estrin's scheme), the recurrence up to
//! 10 (a fixed product of eight factors, no branch on their count) and Stirling's series
//! beyond (Bernoulli numbers), the reflection
//! formula below 0 with an exact reduction of `sin(pi x)`. `Gamma` from the same pieces
//! (`x^(x/2 - 1/4)` squared beyond 10, so that nothing overflows early). `psi` likewise, with
//! a fit of `psi(x)/(x - x0)` around its positive root `x0` and the recurrence's reciprocals
//! summed in pairs, each pair one quotient. `ln B(a, b)` and `poch` for
//! large arguments from differences of Stirling's series, where `ln Gamma` of each argument
//! would cancel. On a GPU, `gamma` and `gammaln` are CUDA's `tgamma` and `lgamma`.
//!
//! ```
//! use kernels_std::special::scalar as sp;
//! let l = sp::gammaln(0.5);
//! assert!((l - 0.5723649429247001).abs() < 2e-16); // ln sqrt(pi)
//! assert_eq!(sp::gamma(5.0), 24.0);
//! assert_eq!(sp::gammasgn(-0.5), -1.0);
//! assert_eq!(sp::rgamma(-3.0), 0.0);
//! let p = sp::digamma(1.0);
//! assert!((p + 0.5772156649015329).abs() < 1e-16);
//! assert_eq!(sp::psi(2.5), sp::digamma(2.5));
//! let b = sp::beta(2.0, 3.0);
//! assert!((b - 1.0 / 12.0).abs() < 1e-16);
//! let l = sp::betaln(1e7, 2.0);
//! assert!((l - (1.0 / (1e7 * (1e7 + 1.0f64))).ln()).abs() < 1e-13);
//! assert_eq!(sp::poch(3.0, 2.0), 12.0);
//! let m = sp::multigammaln(2.5, 1.0);
//! assert!((m - sp::gammaln(2.5)).abs() < 1e-16);
//! # Ok::<(), kernels_std::Error>(())
//! ```

use super::fits::gamma as fit;
use crate::prelude::*;

/// `sin(pi x)`, exact at integers and half-integers (the reduction modulo 2 is exact).
#[device_fn]
pub(crate) fn sinpi(x: f64) -> f64 {
    if !x.is_finite() {
        return f64::NAN;
    }
    // r in [-1, 1], x - r an even integer.
    let r = x - 2.0 * (0.5 * x).round();
    let ar = r.abs();
    let s = if ar <= 0.25 {
        (std::f64::consts::PI * ar).sin()
    } else if ar <= 0.75 {
        (std::f64::consts::PI * (0.5 - ar)).cos()
    } else {
        (std::f64::consts::PI * (1.0 - ar)).sin()
    };
    if r < 0.0 {
        -s
    } else {
        s
    }
}

/// `cos(pi x)`, exact at integers and half-integers.
#[device_fn]
pub(crate) fn cospi(x: f64) -> f64 {
    if !x.is_finite() {
        return f64::NAN;
    }
    let ar = (x - 2.0 * (0.5 * x).round()).abs();
    if ar <= 0.25 {
        (std::f64::consts::PI * ar).cos()
    } else if ar <= 0.75 {
        (std::f64::consts::PI * (0.5 - ar)).sin()
    } else {
        -(std::f64::consts::PI * (1.0 - ar)).cos()
    }
}

/// Stirling's correction `ln Gamma(x) - ((x - 1/2) ln x - x + ln(2 pi)/2)` for `x >= 10`:
/// the Bernoulli series `sum B_2k / (2k (2k - 1) x^(2k - 1))`, eight terms.
#[device_fn]
pub(crate) fn stirling_corr(x: f64) -> f64 {
    stirling_series(1.0 / (x * x)) / x
}

/// The Bernoulli series of Stirling's correction without its factor `1/x`, as a polynomial
/// in `r = 1/x^2` (Horner's scheme): `sum B_2k / (2k (2k - 1)) r^(k - 1)`, `k = 1..=8`, the
/// first omitted term below 1e-18 of the sum for `x >= 10`. Shared by [`stirling_corr()`]
/// and the branch-free `gammaln` (which has `1/x` already).
#[device_fn]
pub(crate) fn stirling_series(r: f64) -> f64 {
    let p = -3617.0 / 122400.0;
    let p = p * r + 1.0 / 156.0;
    let p = p * r - 691.0 / 360360.0;
    let p = p * r + 1.0 / 1188.0;
    let p = p * r - 1.0 / 1680.0;
    let p = p * r + 1.0 / 1260.0;
    let p = p * r - 1.0 / 360.0;
    p * r + 1.0 / 12.0
}

/// `1 / y` if `k < n`, else 0, as a fraction `(num, den)` of the pair `k`, `k + 1`:
/// `1/(y + k) + 1/(y + k + 1)` where both are in (`k + 1 < n`).
#[device_fn]
fn recip_pair(y: f64, k: f64, n: f64) -> (f64, f64) {
    let a = y + k;
    let b = a + 1.0;
    if k + 1.0 < n {
        (a + b, a * b)
    } else if k < n {
        (1.0, a)
    } else {
        (0.0, 1.0)
    }
}

/// The rising factorial `y (y + 1) ... (y + n - 1)` for an integer `1 <= n <= 8`: a fixed
/// product of eight factors (1 from `n` on), so that no branch depends on `n` (the CPU
/// loop's elements take different `n`) and the products form a tree, not a chain.
#[device_fn]
fn rising8(y: f64, n: f64) -> f64 {
    let f1 = if n > 1.0 { y + 1.0 } else { 1.0 };
    let f2 = if n > 2.0 { y + 2.0 } else { 1.0 };
    let f3 = if n > 3.0 { y + 3.0 } else { 1.0 };
    let f4 = if n > 4.0 { y + 4.0 } else { 1.0 };
    let f5 = if n > 5.0 { y + 5.0 } else { 1.0 };
    let f6 = if n > 6.0 { y + 6.0 } else { 1.0 };
    let f7 = if n > 7.0 { y + 7.0 } else { 1.0 };
    ((y * f1) * (f2 * f3)) * ((f4 * f5) * (f6 * f7))
}

/// `1/y + 1/(y + 1) + ... + 1/(y + n - 1)` for an integer `1 <= n <= 8` and `y >= 1`: four
/// pairs, each one quotient, chosen without a branch on `n` (as [`rising8()`]).
#[device_fn]
fn recip_sum8(y: f64, n: f64) -> f64 {
    let (n0, d0): (f64, f64) = recip_pair(y, 0.0, n);
    let (n1, d1): (f64, f64) = recip_pair(y, 2.0, n);
    let (n2, d2): (f64, f64) = recip_pair(y, 4.0, n);
    let (n3, d3): (f64, f64) = recip_pair(y, 6.0, n);
    (n0 / d0 + n1 / d1) + (n2 / d2 + n3 / d3)
}

/// `ln Gamma(x)` for `x > 0` (finite).
#[device_fn]
pub(crate) fn lgamma_pos(x: f64) -> f64 {
    if x < 0.5 {
        // ln Gamma(1 + x) - ln x
        x * fit::lgamma_near1(fit::lgamma_near1_t(1.0 + x)) - x.ln()
    } else if x < 1.5 {
        (x - 1.0) * fit::lgamma_near1(fit::lgamma_near1_t(x))
    } else if x < 2.5 {
        (x - 2.0) * fit::lgamma_near2(fit::lgamma_near2_t(x))
    } else if x < 10.0 {
        // x = y0 + n, y0 in [1.5, 2.5), n in 1..=8 (x - n and y0 + k are exact).
        let n = (x - 1.5).floor();
        let y0 = x - n;
        (y0 - 2.0) * fit::lgamma_near2(fit::lgamma_near2_t(y0)) + rising8(y0, n).ln()
    } else {
        (x - 0.5) * x.ln() - x + 0.9189385332046728 + stirling_corr(x)
    }
}

/// SciPy's `loggamma` of a real argument: `ln Gamma(x)` for `x >= 0` (`inf` at `+-0` and
/// `inf`), NaN below 0 (where `Gamma` is negative or has poles: SciPy's rule, unlike
/// [`gammaln()`], which takes `ln |Gamma|`).
///
/// Example: [the family's page](self).
#[device_fn]
pub fn loggamma(x: f64) -> f64 {
    if x < 0.0 {
        f64::NAN
    } else {
        gammaln(x)
    }
}

/// `ln |Gamma(x)|` (SciPy's `gammaln`): `inf` at the poles (0 and the negative integers) and
/// at `inf`; `-inf` at `-inf` (as SciPy).
///
/// Example: [the family's page](self).
#[device_fn]
pub fn gammaln(x: f64) -> f64 {
    if x == f64::NEG_INFINITY {
        // SciPy's value (CUDA's lgamma and C's give +inf).
        x
    } else {
        lgamma(x)
    }
}

/// `ln |Gamma(x)|` with C's special values (`lgamma(-inf) = inf`); CUDA's `lgamma` on a GPU.
#[device_fn(cuda = "lgamma")]
fn lgamma(x: f64) -> f64 {
    if x.is_nan() {
        x
    } else if x.is_infinite() {
        f64::INFINITY
    } else if x > 0.0 {
        lgamma_pos(x)
    } else if x.floor() == x {
        f64::INFINITY
    } else {
        // Reflection: |Gamma(x)| = pi / (|sin(pi x)| Gamma(1 - x)).
        (std::f64::consts::PI / sinpi(x).abs()).ln() - lgamma_pos(1.0 - x)
    }
}

/// `Gamma(x)` for `x >= 1` (finite), up to overflow.
#[device_fn]
fn gamma_ge1(x: f64) -> f64 {
    if x < 10.0 {
        let n = (x - 1.0).floor();
        let y0 = x - n;
        let mut y = y0;
        let mut prod = 1.0;
        while y < x {
            prod *= y;
            y += 1.0;
        }
        let g: f64 = if y0 < 1.5 {
            (y0 - 1.0) * fit::lgamma_near1(fit::lgamma_near1_t(y0))
        } else {
            (y0 - 2.0) * fit::lgamma_near2(fit::lgamma_near2_t(y0))
        };
        g.exp() * prod
    } else if x > 171.7 {
        f64::INFINITY
    } else {
        let p = x.powf(0.5 * x - 0.25);
        let q = p * (-x).exp();
        2.5066282746310002 * p * q * stirling_corr(x).exp()
    }
}

/// The gamma function (SciPy's `gamma`): `+-inf` at `+-0`, NaN at the negative integers and
/// `-inf`, `inf` beyond 171.6.
///
/// Example: [the family's page](self).
#[device_fn(cuda = "tgamma")]
pub fn gamma(x: f64) -> f64 {
    if x.is_nan() || x == f64::NEG_INFINITY {
        f64::NAN
    } else if x == 0.0 {
        f64::INFINITY.copysign(x)
    } else if x >= 1.0 {
        gamma_ge1(x)
    } else if x > 0.0 {
        gamma_ge1(x + 1.0) / x
    } else if x.floor() == x {
        f64::NAN
    } else if x > -170.0 {
        std::f64::consts::PI / (sinpi(x) * gamma_ge1(1.0 - x))
    } else {
        // |Gamma(x)| < 1e-306: underflows with the sign of sin(pi x).
        let s = sinpi(x);
        let m = (std::f64::consts::PI.ln() - lgamma_pos(1.0 - x)).exp();
        m.copysign(s)
    }
}

/// The sign of `Gamma(x)` (SciPy's `gammasgn`): 1 or -1 (`-0.0` gives -1), NaN at the
/// negative integers and `-inf`.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn gammasgn(x: f64) -> f64 {
    if x.is_nan() || x == f64::NEG_INFINITY {
        f64::NAN
    } else if x > 0.0 {
        1.0
    } else if x == 0.0 {
        1.0f64.copysign(x)
    } else if x.floor() == x {
        f64::NAN
    } else if (x.floor() * 0.5).floor() * 2.0 == x.floor() {
        1.0
    } else {
        -1.0
    }
}

/// `1 / Gamma(x)` (SciPy's `rgamma`): 0 at the poles of `Gamma` and at `+-inf`.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn rgamma(x: f64) -> f64 {
    if x.is_nan() {
        x
    } else if x.is_infinite() {
        0.0
    } else if x >= 1.0 {
        1.0 / gamma_ge1(x)
    } else if x >= 0.0 {
        x / gamma_ge1(x + 1.0)
    } else if x > -1.0 {
        x * (x + 1.0) / gamma_ge1(x + 2.0)
    } else if x.floor() == x {
        0.0
    } else if x > -170.0 {
        sinpi(x) * gamma_ge1(1.0 - x) / std::f64::consts::PI
    } else {
        let m = (lgamma_pos(1.0 - x) - std::f64::consts::PI.ln()).exp();
        m * sinpi(x)
    }
}

/// `psi(x)` for `1 <= x < 2`: through the series around the positive root.
#[device_fn]
fn digamma_1_2(x: f64) -> f64 {
    // x0 = 1.4616321449683623... as head + tail; x - head is exact.
    ((x - 1.4616321449683622) - 9.549995429965697e-17) * fit::digamma_root(fit::digamma_root_t(x))
}

/// `psi(x)` for `x >= 10`: the asymptotic series `ln x - 1/(2x) - sum B_2k / (2k x^2k)`.
#[device_fn]
fn digamma_large(x: f64) -> f64 {
    let r = 1.0 / (x * x);
    let p = -3617.0 / 8160.0;
    let p = p * r + 1.0 / 12.0;
    let p = p * r - 691.0 / 32760.0;
    let p = p * r + 1.0 / 132.0;
    let p = p * r - 1.0 / 240.0;
    let p = p * r + 1.0 / 252.0;
    let p = p * r - 1.0 / 120.0;
    let p = p * r + 1.0 / 12.0;
    x.ln() - 0.5 / x - p * r
}

/// `psi(x)` for `x > 0` (finite).
#[device_fn]
fn digamma_pos(x: f64) -> f64 {
    if x < 1.0 {
        digamma_1_2(x + 1.0) - 1.0 / x
    } else if x < 2.0 {
        digamma_1_2(x)
    } else if x < 10.0 {
        // x = y0 + n, y0 in [1, 2), n in 1..=8.
        let n = (x - 1.0).floor();
        let y0 = x - n;
        digamma_1_2(y0) + recip_sum8(y0, n)
    } else {
        digamma_large(x)
    }
}

/// The digamma function `Gamma'(x) / Gamma(x)` (SciPy's `digamma` and `psi`): `-inf` at
/// `0.0`, `inf` at `-0.0`, NaN at the negative integers and `-inf`.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn digamma(x: f64) -> f64 {
    if x.is_nan() || x == f64::NEG_INFINITY {
        f64::NAN
    } else if x == f64::INFINITY {
        x
    } else if x == 0.0 {
        -(f64::INFINITY.copysign(x))
    } else if x > 0.0 {
        digamma_pos(x)
    } else if x.floor() == x {
        f64::NAN
    } else {
        // Reflection: psi(x) = psi(1 - x) - pi cot(pi x).
        digamma_pos(1.0 - x) - std::f64::consts::PI * cospi(x) / sinpi(x)
    }
}

/// SciPy's `psi`: the same function as [`digamma()`].
///
/// Example: [the family's page](self).
#[device_fn]
pub fn psi(x: f64) -> f64 {
    digamma(x)
}

/// `ln Gamma(a) - ln Gamma(a + b)` for `a >= 10`, `a + b >= 10`, from Stirling's series
/// (no cancellation of the two large logarithms).
#[device_fn]
pub(crate) fn lgamma_ratio(a: f64, b: f64) -> f64 {
    let s = a + b;
    -(a - 0.5) * (b / a).ln_1p() - b * s.ln() + b + stirling_corr(a) - stirling_corr(s)
}

/// `B(a, b)` for `a` a non-positive integer: SciPy's rule (finite only when `b` is an
/// integer with `1 - a - b > 0`).
#[device_fn]
fn beta_negint(a: f64, b: f64) -> f64 {
    if b.floor() == b && 1.0 - a - b > 0.0 {
        let sign = if (b * 0.5).floor() * 2.0 == b {
            1.0
        } else {
            -1.0
        };
        sign * beta_general(1.0 - a - b, b)
    } else {
        f64::INFINITY
    }
}

/// `B(a, b)` for `|a| >= |b|`, neither a non-positive integer.
#[device_fn]
fn beta_general(a: f64, b: f64) -> f64 {
    let s = a + b;
    if a == f64::INFINITY {
        0.0
    } else if b > 0.0 && a >= 10.0 {
        betaln_pos(a, b).exp()
    } else if a >= 10.0 && s >= 10.0 {
        gamma(b) * lgamma_ratio(a, b).exp()
    } else if a.abs() < 170.0 && s.abs() < 170.0 {
        gamma(a) * rgamma(s) * gamma(b)
    } else {
        let sign = gammasgn(a) * gammasgn(b) * gammasgn(s);
        sign * (gammaln(a) + gammaln(b) - gammaln(s)).exp()
    }
}

/// The beta function `Gamma(a) Gamma(b) / Gamma(a + b)` (SciPy's `beta`).
///
/// Example: [the family's page](self).
#[device_fn]
pub fn beta(a: f64, b: f64) -> f64 {
    if a.is_nan() || b.is_nan() {
        return f64::NAN;
    }
    if a <= 0.0 && a.floor() == a {
        return beta_negint(a, b);
    }
    if b <= 0.0 && b.floor() == b {
        return beta_negint(b, a);
    }
    if a.abs() < b.abs() {
        beta_general(b, a)
    } else {
        beta_general(a, b)
    }
}

/// `ln |B(a, b)|` for `a >= b > 0`.
#[device_fn]
fn betaln_pos(a: f64, b: f64) -> f64 {
    if b >= 10.0 {
        let s = a + b;
        -(a - 0.5) * (b / a).ln_1p() - (b - 0.5) * (a / b).ln_1p() - 0.5 * s.ln()
            + 0.9189385332046728
            + stirling_corr(a)
            + stirling_corr(b)
            - stirling_corr(s)
    } else if a >= 10.0 {
        lgamma_pos(b) + lgamma_ratio(a, b)
    } else {
        (gamma(a) * rgamma(a + b) * gamma(b)).ln()
    }
}

/// The logarithm of `|B(a, b)|` (SciPy's `betaln`), accurate where `a` or `b` is large.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn betaln(a: f64, b: f64) -> f64 {
    if a.is_nan() || b.is_nan() {
        return f64::NAN;
    }
    let (hi, lo) = if a.abs() < b.abs() { (b, a) } else { (a, b) };
    if lo > 0.0 && hi > 0.0 {
        if hi == f64::INFINITY {
            return f64::NEG_INFINITY;
        }
        betaln_pos(hi, lo)
    } else {
        beta(a, b).abs().ln()
    }
}

/// `Gamma(z + m) / Gamma(z)` for `z > 0`, `z + m > 0`.
#[device_fn]
fn poch_pos(z: f64, m: f64) -> f64 {
    let s = z + m;
    if z < 10.0 && s < 10.0 {
        gamma(s) / gamma(z)
    } else if z >= 10.0 && s >= 10.0 {
        (-lgamma_ratio(z, m)).exp()
    } else {
        // One side below 10: lift it with the recurrence, then Stirling's difference.
        let (lo, hi, invert) = if z < s { (z, s, false) } else { (s, z, true) };
        let mut y = lo;
        let mut prod = 1.0;
        while y < 10.0 {
            prod *= y;
            y += 1.0;
        }
        let r = prod * (-lgamma_ratio(y, hi - y)).exp();
        if invert {
            1.0 / r
        } else {
            r
        }
    }
}

/// The rising factorial (Pochhammer symbol) `Gamma(z + m) / Gamma(z)` (SciPy's `poch`):
/// the product `z (z + 1) ... (z + m - 1)` for integer `m`, `inf` where `z + m` is a pole
/// and `z` is not.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn poch(z: f64, m: f64) -> f64 {
    if m == 0.0 {
        return 1.0;
    }
    if z.is_nan() || m.is_nan() {
        return f64::NAN;
    }
    let s = z + m;
    if m.floor() == m && m.abs() <= 40.0 {
        let mut p = 1.0;
        if m > 0.0 {
            let mut k = 0.0;
            while k < m {
                p *= z + k;
                k += 1.0;
            }
            return p;
        }
        let mut k = 1.0;
        while k <= -m {
            p *= z - k;
            k += 1.0;
        }
        // A pole of Gamma(z + m): +inf, whatever the sign of the zero factor.
        return if p == 0.0 { f64::INFINITY } else { 1.0 / p };
    }
    if m == f64::INFINITY && z > 0.0 {
        return f64::INFINITY;
    }
    if s <= 0.0 && s.floor() == s {
        return f64::INFINITY;
    }
    if z <= 0.0 && z.floor() == z {
        return 0.0;
    }
    if z > 0.0 && s > 0.0 {
        poch_pos(z, m)
    } else if z < 0.0 && s < 0.0 {
        // Reflection: poch(1 - z - m, m) sin(pi z) / sin(pi (z + m)).
        poch_pos(1.0 - s, m) * sinpi(z) / sinpi(s)
    } else {
        gamma(s) * rgamma(z)
    }
}

/// The logarithm of the multivariate gamma function of dimension `d` (SciPy's
/// `multigammaln`, without its check of `a > (d - 1) / 2`): `d (d - 1) / 4 ln(pi) + sum_j
/// ln Gamma(a - j / 2)`, `j < d`.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn multigammaln(a: f64, d: f64) -> f64 {
    let mut s = 0.25 * d * (d - 1.0) * std::f64::consts::PI.ln();
    let mut j = 0.0;
    while j < d {
        s += gammaln(a - 0.5 * j);
        j += 1.0;
    }
    s
}
