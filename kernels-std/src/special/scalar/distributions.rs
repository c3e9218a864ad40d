//! Distribution functions built on the incomplete beta and gamma functions: binomial
//! (`bdtr`, `bdtrc`, `bdtri`), negative binomial (`nbdtr`, `nbdtrc`, `nbdtri`), Poisson
//! (`pdtr`, `pdtrc`, `pdtri`), chi-square (`chdtr`, `chdtrc`, `chdtri`), gamma (`gdtr`,
//! `gdtrc`), F (`fdtr`, `fdtrc`, `fdtri`) and Student's t (`stdtr`, `stdtrit`).
//!
//! ```
//! use kernels_std::special::scalar as sp;
//! // P(X <= 2) for X ~ Binomial(5, 0.3)
//! assert!((sp::bdtr(2.0, 5.0, 0.3) - 0.83692).abs() < 1e-15);
//! assert!((sp::pdtr(0.0, 2.0) - (-2.0f64).exp()).abs() < 1e-16);
//! assert!((sp::stdtr(1.0, 1.0) - 0.75).abs() < 1e-15); // Cauchy
//! assert!((sp::chdtri(2.0, sp::chdtrc(2.0, 3.0)) - 3.0).abs() < 1e-14);
//! ```
//!
//! Each is its incomplete function with SciPy's argument rules (the counts `k` floored or
//! truncated as SciPy does, NaN outside the domain). Where a variable of the incomplete
//! function is `1 - p` of an argument, the complementary function of `p` itself is used
//! instead (so a small `p` keeps its digits); the F and t distributions pass both
//! `w = d1 x / (d2 + d1 x)` and `1 - w = d2 / (d2 + d1 x)` computed directly, and their
//! inverses solve for the smaller of the two.

use super::error_fns::{ndtr, ndtri};
use super::gamma_fns::betaln;
use super::incomplete_beta::{betainc, betaincc, ibeta_inverse, ibeta_regular, ibeta_root};
use super::incomplete_gamma::{gammainc, gammaincc, gammainccinv};
use crate::prelude::*;

/// `1 - p` where `upper`, else `p`.
#[device_fn]
fn flip(upper: bool, p: f64) -> f64 {
    if upper {
        1.0 - p
    } else {
        p
    }
}

/// `I_w(a, b)` (`upper`: `1 - I_w`) for finite `a, b > 0`, `w + v = 1` both given (each
/// accurate to its last digits).
#[device_fn]
fn ibeta_pair(a: f64, b: f64, w: f64, v: f64, upper: bool) -> f64 {
    if w <= 0.0 {
        flip(upper, 0.0)
    } else if v <= 0.0 {
        flip(upper, 1.0)
    } else {
        ibeta_regular(a, b, w, v, upper)
    }
}

/// The binomial distribution function `P(X <= k)`, `X ~ Binomial(n, p)` (SciPy's `bdtr`):
/// `k` floored, `n` truncated; NaN for `k < 0`, `k > n`, `p` outside `[0, 1]`.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn bdtr(k: f64, n: f64, p: f64) -> f64 {
    let k = k.floor();
    let n = n.trunc();
    if k.is_nan() || n.is_nan() || p.is_nan() || !k.is_finite() || !n.is_finite() {
        f64::NAN
    } else if p < 0.0 || p > 1.0 || k < 0.0 || n < k {
        f64::NAN
    } else if k == n {
        1.0
    } else {
        betaincc(k + 1.0, n - k, p)
    }
}

/// The binomial survival function `P(X > k)` (SciPy's `bdtrc`): 1 for `k < 0`, NaN for
/// `k > n` and `p` outside `[0, 1]`.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn bdtrc(k: f64, n: f64, p: f64) -> f64 {
    let k = k.floor();
    let n = n.trunc();
    if k.is_nan() || n.is_nan() || p.is_nan() || !n.is_finite() || k == f64::INFINITY {
        f64::NAN
    } else if p < 0.0 || p > 1.0 {
        f64::NAN
    } else if k < 0.0 {
        1.0
    } else if n < k {
        f64::NAN
    } else if k == n {
        0.0
    } else {
        betainc(k + 1.0, n - k, p)
    }
}

/// The inverse of [`bdtr()`] in `p` (SciPy's `bdtri`): NaN for `k < 0`, `k >= n`, `y`
/// outside `[0, 1]`.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn bdtri(k: f64, n: f64, y: f64) -> f64 {
    let k = k.floor();
    let n = n.trunc();
    if k.is_nan() || n.is_nan() || y.is_nan() || !n.is_finite() {
        f64::NAN
    } else if y < 0.0 || y > 1.0 || k < 0.0 || n <= k {
        f64::NAN
    } else if y == 0.0 {
        1.0
    } else if y == 1.0 {
        0.0
    } else {
        // bdtr = 1 - I_p(k + 1, n - k) = y
        ibeta_inverse(k + 1.0, n - k, 1.0 - y, y)
    }
}

/// The negative binomial distribution function (SciPy's `nbdtr`): `I_p(n, k + 1)`, the
/// probability of at most `k` failures before the `n`-th success; `k`, `n` truncated, NaN
/// for `k < 0`, `n <= 0`, `p` outside `[0, 1]`.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn nbdtr(k: f64, n: f64, p: f64) -> f64 {
    nbd(k, n, p, false)
}

/// The negative binomial survival function `1 - I_p(n, k + 1)` (SciPy's `nbdtrc`).
///
/// Example: [the family's page](self).
#[device_fn]
pub fn nbdtrc(k: f64, n: f64, p: f64) -> f64 {
    nbd(k, n, p, true)
}

/// [`nbdtr()`] (`upper`: [`nbdtrc()`]).
#[device_fn]
fn nbd(k: f64, n: f64, p: f64, upper: bool) -> f64 {
    let k = k.trunc();
    let n = n.trunc();
    if k.is_nan() || n.is_nan() || p.is_nan() || !k.is_finite() || !n.is_finite() {
        f64::NAN
    } else if p < 0.0 || p > 1.0 || k < 0.0 || n <= 0.0 {
        f64::NAN
    } else if upper {
        betaincc(n, k + 1.0, p)
    } else {
        betainc(n, k + 1.0, p)
    }
}

/// The inverse of [`nbdtr()`] in `p` (SciPy's `nbdtri`).
///
/// Example: [the family's page](self).
#[device_fn]
pub fn nbdtri(k: f64, n: f64, y: f64) -> f64 {
    let k = k.trunc();
    let n = n.trunc();
    if k.is_nan() || n.is_nan() || y.is_nan() || !k.is_finite() || k < 0.0 || y < 0.0 || y > 1.0 {
        f64::NAN
    } else if y == 0.0 {
        0.0
    } else if y == 1.0 {
        1.0
    } else if n <= 0.0 || !n.is_finite() {
        f64::NAN
    } else {
        ibeta_inverse(n, k + 1.0, y, 1.0 - y)
    }
}

/// The Poisson distribution function `P(X <= k)`, `X ~ Poisson(m)` (SciPy's `pdtr`):
/// `Q(floor(k) + 1, m)`; NaN for `k < 0`, `m < 0`; 1 at `m == 0` (for a NaN `k` too).
///
/// Example: [the family's page](self).
#[device_fn]
pub fn pdtr(k: f64, m: f64) -> f64 {
    if k < 0.0 || m < 0.0 {
        f64::NAN
    } else if m == 0.0 {
        1.0
    } else {
        gammaincc(k.floor() + 1.0, m)
    }
}

/// The Poisson survival function `P(X > k)` (SciPy's `pdtrc`).
///
/// Example: [the family's page](self).
#[device_fn]
pub fn pdtrc(k: f64, m: f64) -> f64 {
    if k < 0.0 || m < 0.0 {
        f64::NAN
    } else if m == 0.0 {
        0.0
    } else {
        gammainc(k.floor() + 1.0, m)
    }
}

/// The inverse of [`pdtr()`] in `m` (SciPy's `pdtri`): NaN for `k < 0` and `y` outside
/// `[0, 1)`.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn pdtri(k: f64, y: f64) -> f64 {
    if k.is_nan() || y.is_nan() || k < 0.0 || y < 0.0 || y >= 1.0 {
        f64::NAN
    } else {
        gammainccinv(k.floor() + 1.0, y)
    }
}

/// The chi-square distribution function `P(v/2, x/2)` (SciPy's `chdtr`).
///
/// Example: [the family's page](self).
#[device_fn]
pub fn chdtr(v: f64, x: f64) -> f64 {
    gammainc(0.5 * v, 0.5 * x)
}

/// The chi-square survival function `Q(v/2, x/2)` (SciPy's `chdtrc`).
///
/// Example: [the family's page](self).
#[device_fn]
pub fn chdtrc(v: f64, x: f64) -> f64 {
    gammaincc(0.5 * v, 0.5 * x)
}

/// The inverse of [`chdtrc()`] in `x` (SciPy's `chdtri`).
///
/// Example: [the family's page](self).
#[device_fn]
pub fn chdtri(v: f64, y: f64) -> f64 {
    2.0 * gammainccinv(0.5 * v, y)
}

/// The gamma distribution function `P(b, a x)` of rate `a` and shape `b` (SciPy's `gdtr`):
/// NaN for `x < 0`.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn gdtr(a: f64, b: f64, x: f64) -> f64 {
    if x < 0.0 {
        f64::NAN
    } else {
        gammainc(b, a * x)
    }
}

/// The gamma survival function `Q(b, a x)` (SciPy's `gdtrc`).
///
/// Example: [the family's page](self).
#[device_fn]
pub fn gdtrc(a: f64, b: f64, x: f64) -> f64 {
    if x < 0.0 {
        f64::NAN
    } else {
        gammaincc(b, a * x)
    }
}

/// `I_w(dfn/2, dfd/2)`, `w = dfn x / (dfd + dfn x)` (`upper`: its complement).
#[device_fn]
fn fdist(dfn: f64, dfd: f64, x: f64, upper: bool) -> f64 {
    if dfn.is_nan() || dfd.is_nan() || x.is_nan() || dfn <= 0.0 || dfd <= 0.0 || x < 0.0 {
        f64::NAN
    } else if x == f64::INFINITY {
        flip(upper, 1.0)
    } else if !dfn.is_finite() || !dfd.is_finite() {
        f64::NAN
    } else {
        let nx = dfn * x;
        let d = dfd + nx;
        ibeta_pair(0.5 * dfn, 0.5 * dfd, nx / d, dfd / d, upper)
    }
}

/// The F distribution function (SciPy's `fdtr`): `dfn, dfd > 0` finite, `x >= 0`, else NaN;
/// 1 at `x == inf` (for infinite degrees of freedom too).
///
/// Example: [the family's page](self).
#[device_fn]
pub fn fdtr(dfn: f64, dfd: f64, x: f64) -> f64 {
    fdist(dfn, dfd, x, false)
}

/// The F survival function (SciPy's `fdtrc`).
///
/// Example: [the family's page](self).
#[device_fn]
pub fn fdtrc(dfn: f64, dfd: f64, x: f64) -> f64 {
    fdist(dfn, dfd, x, true)
}

/// The inverse of [`fdtr()`] in `x` (SciPy's `fdtri`): 0 at `p == 0`, `inf` at `p == 1`.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn fdtri(dfn: f64, dfd: f64, p: f64) -> f64 {
    if dfn.is_nan() || dfd.is_nan() || p.is_nan() || dfn <= 0.0 || dfd <= 0.0 {
        f64::NAN
    } else if p < 0.0 || p > 1.0 || !dfn.is_finite() || !dfd.is_finite() {
        f64::NAN
    } else if p == 0.0 {
        0.0
    } else if p == 1.0 {
        f64::INFINITY
    } else {
        let a = 0.5 * dfn;
        let b = 0.5 * dfd;
        let q = 1.0 - p;
        let w = ibeta_inverse(a, b, p, q);
        if w <= 0.5 {
            dfd / dfn * (w / (1.0 - w))
        } else {
            // v = 1 - w to its last digits: I_v(b, a) = q.
            let v = if p <= q {
                ibeta_root(b, a, p, true)
            } else {
                ibeta_root(b, a, q, false)
            };
            dfd / dfn * ((1.0 - v) / v)
        }
    }
}

/// Student's t distribution function (SciPy's `stdtr`): `df > 0` (not necessarily an
/// integer), the normal distribution at `df == inf`.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn stdtr(df: f64, t: f64) -> f64 {
    if df.is_nan() || t.is_nan() || df <= 0.0 {
        f64::NAN
    } else if df == f64::INFINITY {
        ndtr(t)
    } else if t == f64::INFINITY {
        1.0
    } else if t == f64::NEG_INFINITY {
        0.0
    } else if t == 0.0 {
        0.5
    } else {
        // P(|T| > |t|) = I_x(df/2, 1/2), x = df / (df + t^2).
        let at = t.abs();
        let (x, y) = if at > 1e150 {
            (df / at / at, 1.0)
        } else {
            let d = df + at * at;
            (df / d, at * at / d)
        };
        let tail = 0.5 * ibeta_pair(0.5 * df, 0.5, x, y, false);
        if t < 0.0 {
            tail
        } else {
            1.0 - tail
        }
    }
}

/// The inverse of [`stdtr()`] in `t` (SciPy's `stdtrit`); SciPy's `inf` at `p == 0` too.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn stdtrit(df: f64, p: f64) -> f64 {
    if df.is_nan() || p.is_nan() || df <= 0.0 || p < 0.0 || p > 1.0 {
        f64::NAN
    } else if p == 0.0 || p == 1.0 {
        f64::INFINITY
    } else if df == f64::INFINITY {
        ndtri(p)
    } else if p == 0.5 {
        0.0
    } else {
        // The tail 2 min(p, 1 - p) = I_x(df/2, 1/2), x = df / (df + t^2).
        let tail = if p < 0.5 { 2.0 * p } else { 2.0 * (1.0 - p) };
        let a = 0.5 * df;
        let x = ibeta_inverse(a, 0.5, tail, 1.0 - tail);
        let y = if x <= 0.5 {
            1.0 - x
        } else {
            // y = 1 - x to its last digits: I_y(1/2, df/2) = 1 - tail, solved in the smaller
            // tail.
            if tail >= 0.5 {
                ibeta_root(0.5, a, 1.0 - tail, false)
            } else {
                ibeta_root(0.5, a, tail, true)
            }
        };
        let x = if x <= 0.5 { x } else { 1.0 - y };
        let t = if x > 1e-300 {
            df.sqrt() * (y / x).sqrt()
        } else {
            // x from the leading term x^a / (a B(a, 1/2)) = tail, in logarithms (it
            // underflows where t is still finite).
            let lx = ((tail * a).ln() + betaln(a, 0.5)) / a;
            df.sqrt() * (-0.5 * lx).exp()
        };
        if p < 0.5 {
            -t
        } else {
            t
        }
    }
}
