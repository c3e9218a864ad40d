//! Orthogonal polynomials of integer degree `n`: Legendre (`eval_legendre`,
//! `eval_sh_legendre`), Chebyshev (`eval_chebyt`, `eval_chebyu`, `eval_chebyc`,
//! `eval_chebys`, `eval_sh_chebyt`, `eval_sh_chebyu`), Hermite (`eval_hermite`,
//! `eval_hermitenorm`), Laguerre (`eval_laguerre`, `eval_genlaguerre`), Gegenbauer
//! (`eval_gegenbauer`) and Jacobi (`eval_jacobi`, `eval_sh_jacobi`).
//!
//! These are SciPy's integer-degree loops (`'ld->d'`): a degree that is not an integer gives
//! NaN here (the array functions refuse it: SciPy's real-degree loops go through `hyp2f1`,
//! which is not implemented), and negative degrees follow SciPy's rules (`P_-n-1 = P_n`,
//! `T_-n = T_n`, `U_-n-2 = -U_n`, `U_-1 = 0`, Laguerre and Gegenbauer 0, Hermite NaN).
//!
//! Method: the three-term recurrence in degree, in one of two forms. Where `|x| < 1/2` (and
//! for Hermite and Laguerre everywhere) the recurrence itself, which keeps an odd polynomial
//! exactly proportional to `x` near 0. Elsewhere the polynomial is reflected to `x > 0`
//! (`p(-x) = (-1)^n p(x)`; Jacobi swaps `alpha` and `beta`) and the recurrence is run on the
//! differences `d_k = p_k - p_(k-1)` with `x - 1` as the variable (Reinsch's form): the
//! coefficients of the Legendre, Chebyshev and Gegenbauer recurrences sum to one at `x = 1`,
//! and the Jacobi polynomials are divided by their value at 1 to make them so, so the
//! rounding errors do not grow like `n^2` near `x = 1` as the plain recurrence's do. At
//! `x = +-inf` the result is the polynomial's limit (SciPy's recurrences give NaN there for
//! some degrees).
//!
//! ```
//! use kernels_std::special::scalar as sp;
//! assert_eq!(sp::eval_legendre(2.0, 0.5), -0.125); // (3 x^2 - 1) / 2
//! assert_eq!(sp::eval_chebyt(3.0, 0.5), -1.0); // cos(3 acos x)
//! assert_eq!(sp::eval_hermite(2.0, 1.0), 2.0); // 4 x^2 - 2
//! assert_eq!(sp::eval_laguerre(1.0, 0.25), 0.75); // 1 - x
//! assert!(sp::eval_legendre(2.5, 0.5).is_nan()); // a real degree
//! ```

use crate::prelude::*;

/// `-1` for an odd integral `n`, else `1`.
#[device_fn]
fn orth_parity(n: f64) -> f64 {
    if (0.5 * n).fract() != 0.0 {
        -1.0
    } else {
        1.0
    }
}

/// `n` is not a finite integer (NaN included).
#[device_fn]
fn orth_bad_degree(n: f64) -> bool {
    !n.is_finite() || n.trunc() != n
}

/// `v * 1e280^e` (`e` an integer), saturating to infinity or 0: the recurrences scale their
/// two terms by `1e-280` (one rounding) whenever they pass `1e280` and count it in `e`, so
/// that a value beyond the `f64` range does not turn into NaN through `inf - inf` on its way.
#[device_fn]
pub(crate) fn orth_unscale(v: f64, e: f64) -> f64 {
    let mut v = v;
    let mut e = e;
    while e > 0.0 && v.is_finite() && v != 0.0 {
        v *= 1.0e280;
        e -= 1.0;
    }
    while e < 0.0 && v != 0.0 {
        v *= 1.0e-280;
        e += 1.0;
    }
    v
}

/// The limit at `x = +-inf` of a polynomial of degree `n >= 1` whose leading coefficient has
/// the sign `lead` (0: unknown, NaN).
#[device_fn]
fn orth_limit(n: f64, x: f64, lead: f64) -> f64 {
    if lead == 0.0 {
        f64::NAN
    } else if x < 0.0 {
        lead * orth_parity(n) * f64::INFINITY
    } else {
        lead * f64::INFINITY
    }
}

/// The Gegenbauer polynomial `C_n^(alpha)(x)` for integral `n >= 1`, finite `x`, by
/// `(k + 1) C_(k+1) = 2 (k + alpha) x C_k - (k + 2 alpha - 1) C_(k-1)`, `C_1 = 2 alpha x`;
/// `cheb_t`: the Chebyshev `T_n` instead (`T_1 = x`, `T_(k+1) = 2 x T_k - T_(k-1)`, the
/// limit `alpha -> 0` of `C / alpha`, halved).
#[device_fn]
fn orth_gegen(n: f64, alpha: f64, x: f64, cheb_t: bool) -> f64 {
    let t = x.abs();
    let first = if cheb_t { 1.0 } else { 2.0 * alpha };
    let mut e = 0.0;
    if t < 0.5 {
        let mut p0 = 1.0;
        let mut p1 = first * x;
        let mut k = 1.0;
        while k < n {
            let (a, b) = if cheb_t {
                (2.0, 1.0)
            } else {
                (
                    2.0 * (k + alpha) / (k + 1.0),
                    ((k - 1.0) + 2.0 * alpha) / (k + 1.0),
                )
            };
            let p2 = a * x * p1 - b * p0;
            p0 = p1;
            p1 = p2;
            if p1.abs() > 1.0e280 {
                p0 *= 1.0e-280;
                p1 *= 1.0e-280;
                e += 1.0;
            }
            k += 1.0;
        }
        orth_unscale(p1, e)
    } else {
        // On |x|, by differences: with a - b = 1,
        // d_(k+1) = C_(k+1) - C_k = a (t - 1) C_k + b d_k.
        let u = t - 1.0;
        let mut p = first * t;
        let mut d = first * u + (first - 1.0); // p - 1 without cancellation near t = 1
        let mut k = 1.0;
        while k < n {
            let (a, b) = if cheb_t {
                (2.0, 1.0)
            } else {
                (
                    2.0 * (k + alpha) / (k + 1.0),
                    ((k - 1.0) + 2.0 * alpha) / (k + 1.0),
                )
            };
            d = a * u * p + b * d;
            p += d;
            if p.abs() > 1.0e280 {
                p *= 1.0e-280;
                d *= 1.0e-280;
                e += 1.0;
            }
            k += 1.0;
        }
        let p = orth_unscale(p, e);
        if x < 0.0 {
            orth_parity(n) * p
        } else {
            p
        }
    }
}

/// The Legendre polynomial `P_n(x)` (SciPy's `eval_legendre`, integer `n`): `P_-n-1 = P_n`;
/// `P_0 = 1` (for NaN `x` too, as SciPy); NaN for a non-integral `n`.
///
/// Example: [the module's page](self).
#[device_fn]
pub fn eval_legendre(n: f64, x: f64) -> f64 {
    if orth_bad_degree(n) {
        f64::NAN
    } else {
        let m = if n < 0.0 { -n - 1.0 } else { n };
        if m == 0.0 {
            1.0
        } else if x.is_nan() {
            f64::NAN
        } else if x.is_infinite() {
            orth_limit(m, x, 1.0)
        } else {
            orth_gegen(m, 0.5, x, false)
        }
    }
}

/// The Chebyshev polynomial of the first kind `T_n(x)` (SciPy's `eval_chebyt`, integer
/// `n`): `T_-n = T_n`; NaN for NaN `x`.
///
/// Example: [the module's page](self).
#[device_fn]
pub fn eval_chebyt(n: f64, x: f64) -> f64 {
    if orth_bad_degree(n) || x.is_nan() {
        f64::NAN
    } else {
        let m = n.abs();
        if m == 0.0 {
            1.0
        } else if x.is_infinite() {
            orth_limit(m, x, 1.0)
        } else {
            orth_gegen(m, 1.0, x, true)
        }
    }
}

/// The Chebyshev polynomial of the second kind `U_n(x)` (SciPy's `eval_chebyu`, integer
/// `n`): `U_-1 = 0`, `U_-n-2 = -U_n`; NaN for NaN `x` (but `U_-1`).
///
/// Example: [the module's page](self).
#[device_fn]
pub fn eval_chebyu(n: f64, x: f64) -> f64 {
    if orth_bad_degree(n) {
        f64::NAN
    } else if n == -1.0 {
        0.0
    } else if x.is_nan() {
        f64::NAN
    } else {
        let (m, sign) = if n < -1.0 { (-n - 2.0, -1.0) } else { (n, 1.0) };
        if m == 0.0 {
            sign
        } else if x.is_infinite() {
            orth_limit(m, x, sign)
        } else {
            sign * orth_gegen(m, 1.0, x, false)
        }
    }
}

/// The Chebyshev polynomial `C_n(x) = 2 T_n(x/2)` on `[-2, 2]` (SciPy's `eval_chebyc`).
///
/// Example: [the module's page](self).
#[device_fn]
pub fn eval_chebyc(n: f64, x: f64) -> f64 {
    2.0 * eval_chebyt(n, 0.5 * x)
}

/// The Chebyshev polynomial `S_n(x) = U_n(x/2)` on `[-2, 2]` (SciPy's `eval_chebys`).
///
/// Example: [the module's page](self).
#[device_fn]
pub fn eval_chebys(n: f64, x: f64) -> f64 {
    eval_chebyu(n, 0.5 * x)
}

/// The shifted Legendre polynomial `P_n(2x - 1)` on `[0, 1]` (SciPy's
/// `eval_sh_legendre`; `2x - 1` rounded, as SciPy).
///
/// Example: [the module's page](self).
#[device_fn]
pub fn eval_sh_legendre(n: f64, x: f64) -> f64 {
    eval_legendre(n, 2.0 * x - 1.0)
}

/// The shifted Chebyshev polynomial `T_n(2x - 1)` (SciPy's `eval_sh_chebyt`).
///
/// Example: [the module's page](self).
#[device_fn]
pub fn eval_sh_chebyt(n: f64, x: f64) -> f64 {
    eval_chebyt(n, 2.0 * x - 1.0)
}

/// The shifted Chebyshev polynomial `U_n(2x - 1)` (SciPy's `eval_sh_chebyu`).
///
/// Example: [the module's page](self).
#[device_fn]
pub fn eval_sh_chebyu(n: f64, x: f64) -> f64 {
    eval_chebyu(n, 2.0 * x - 1.0)
}

/// The probabilists' Hermite polynomial `He_n(x)` (SciPy's `eval_hermitenorm`):
/// `He_(k+1) = x He_k - k He_(k-1)`; NaN for `n < 0` and NaN `x`.
///
/// Example: [the module's page](self).
#[device_fn]
pub fn eval_hermitenorm(n: f64, x: f64) -> f64 {
    orth_hermite(n, x, 1.0)
}

/// The physicists' Hermite polynomial `H_n(x)` (SciPy's `eval_hermite`):
/// `H_(k+1) = 2x H_k - 2k H_(k-1)`; NaN for `n < 0` and NaN `x`.
///
/// Example: [the module's page](self).
#[device_fn]
pub fn eval_hermite(n: f64, x: f64) -> f64 {
    orth_hermite(n, x, 2.0)
}

/// `H_n` (`s = 2`) or `He_n` (`s = 1`): `p_(k+1) = s (x p_k - k p_(k-1))`.
#[device_fn]
fn orth_hermite(n: f64, x: f64, s: f64) -> f64 {
    if orth_bad_degree(n) || n < 0.0 || x.is_nan() {
        f64::NAN
    } else if n == 0.0 {
        1.0
    } else if x.is_infinite() {
        orth_limit(n, x, 1.0)
    } else {
        let mut p0 = 1.0;
        let mut p1 = s * x;
        let mut e = 0.0;
        let mut k = 1.0;
        while k < n {
            let p2 = s * (x * p1 - k * p0);
            p0 = p1;
            p1 = p2;
            if p1.abs() > 1.0e280 {
                p0 *= 1.0e-280;
                p1 *= 1.0e-280;
                e += 1.0;
            }
            k += 1.0;
        }
        orth_unscale(p1, e)
    }
}

/// The generalized Laguerre polynomial `L_n^(alpha)(x)` (SciPy's `eval_genlaguerre`,
/// integer `n`): `(k + 1) L_(k+1) = (2k + 1 + alpha - x) L_k - (k + alpha) L_(k-1)`; 0 for
/// `n < 0`; NaN for `alpha <= -1` and NaN `alpha` or `x`.
///
/// Example: [the module's page](self).
#[device_fn]
pub fn eval_genlaguerre(n: f64, alpha: f64, x: f64) -> f64 {
    if orth_bad_degree(n) || alpha.is_nan() || x.is_nan() || alpha <= -1.0 {
        f64::NAN
    } else if n < 0.0 {
        0.0
    } else if n == 0.0 {
        1.0
    } else if x.is_infinite() {
        orth_limit(n, -x, 1.0) // the leading coefficient is (-1)^n / n!
    } else {
        let mut p0 = 1.0;
        let mut p1 = 1.0 + alpha - x;
        let mut e = 0.0;
        let mut k = 1.0;
        while k < n {
            let p2 = ((2.0 * k + 1.0 + alpha - x) * p1 - (k + alpha) * p0) / (k + 1.0);
            p0 = p1;
            p1 = p2;
            if p1.abs() > 1.0e280 {
                p0 *= 1.0e-280;
                p1 *= 1.0e-280;
                e += 1.0;
            }
            k += 1.0;
        }
        orth_unscale(p1, e)
    }
}

/// The Laguerre polynomial `L_n(x) = L_n^(0)(x)` (SciPy's `eval_laguerre`).
///
/// Example: [the module's page](self).
#[device_fn]
pub fn eval_laguerre(n: f64, x: f64) -> f64 {
    eval_genlaguerre(n, 0.0, x)
}

/// The Gegenbauer polynomial `C_n^(alpha)(x)` (SciPy's `eval_gegenbauer`, integer `n`):
/// 0 for `n < 0`, and for `alpha = 0` and `n >= 1`; NaN for NaN `alpha` or `x`.
///
/// Example: [the module's page](self).
#[device_fn]
pub fn eval_gegenbauer(n: f64, alpha: f64, x: f64) -> f64 {
    if orth_bad_degree(n) || alpha.is_nan() || x.is_nan() {
        f64::NAN
    } else if n < 0.0 {
        0.0
    } else if n == 0.0 {
        1.0
    } else if alpha == 0.0 {
        if x.is_infinite() {
            f64::NAN // (0 * inf, as SciPy)
        } else {
            0.0
        }
    } else if x.is_infinite() {
        // the sign of the leading coefficient 2^n (alpha)_n / n! (0: of lower degree)
        let mut lead = 1.0;
        let mut k = 0.0;
        while k < n && alpha + k <= 0.0 {
            lead = if alpha + k == 0.0 { 0.0 } else { -lead };
            k += 1.0;
        }
        orth_limit(n, x, lead)
    } else {
        orth_gegen(n, alpha, x, false)
    }
}

/// The Jacobi polynomial `P_n^(alpha, beta)(x)` (SciPy's `eval_jacobi`, integer `n >= 0`;
/// NaN for `n < 0`, which SciPy evaluates through `hyp2f1`): `P_0 = 1` (for NaN arguments
/// too, as SciPy).
///
/// Example: [the module's page](self).
#[device_fn]
pub fn eval_jacobi(n: f64, alpha: f64, beta: f64, x: f64) -> f64 {
    let (v, e): (f64, f64) = orth_jacobi(n, alpha, beta, x);
    orth_unscale(v, e)
}

/// [`eval_jacobi()`] as `v * 1e280^e`.
#[device_fn]
fn orth_jacobi(n: f64, alpha: f64, beta: f64, x: f64) -> (f64, f64) {
    if orth_bad_degree(n) || n < 0.0 {
        (f64::NAN, 0.0)
    } else if n == 0.0 {
        (1.0, 0.0)
    } else if alpha.is_nan() || beta.is_nan() || x.is_nan() {
        (f64::NAN, 0.0)
    } else if x.is_infinite() {
        // the sign of the leading coefficient (n + alpha + beta + 1)_n / (2^n n!)
        let mut lead = 1.0;
        let mut k = 1.0;
        while k <= n && n + alpha + beta + k <= 0.0 {
            lead = if n + alpha + beta + k == 0.0 {
                0.0
            } else {
                -lead
            };
            k += 1.0;
        }
        (orth_limit(n, x, lead), 0.0)
    } else if x.abs() < 0.5 || alpha <= -1.0 || beta <= -1.0 {
        orth_jacobi_plain(n, alpha, beta, x)
    } else if x < 0.0 {
        let (v, e): (f64, f64) = orth_jacobi_near_one(n, beta, alpha, -x);
        (orth_parity(n) * v, e)
    } else {
        orth_jacobi_near_one(n, alpha, beta, x)
    }
}

/// `P_n^(a, b)(x)`, `n >= 1`, as `v * 1e280^e`, by the recurrence
/// `2 (k+1) (k+a+b+1) s P_(k+1) = (s+1) ((s+2) s x + (a-b)(a+b)) P_k - 2 (k+a)(k+b)(s+2) P_(k-1)`,
/// `s = 2k + a + b`.
#[device_fn]
fn orth_jacobi_plain(n: f64, a: f64, b: f64, x: f64) -> (f64, f64) {
    let mut p0 = 1.0;
    let mut p1 = 0.5 * ((a + b + 2.0) * x + (a - b));
    let ab = (a - b) * (a + b);
    let mut e = 0.0;
    let mut k = 1.0;
    while k < n {
        let s = 2.0 * k + a + b;
        let num =
            (s + 1.0) * ((s + 2.0) * s * x + ab) * p1 - 2.0 * (k + a) * (k + b) * (s + 2.0) * p0;
        let p2 = num / (2.0 * (k + 1.0) * (k + a + b + 1.0) * s);
        p0 = p1;
        p1 = p2;
        if p1.abs() > 1.0e280 {
            p0 *= 1.0e-280;
            p1 *= 1.0e-280;
            e += 1.0;
        }
        k += 1.0;
    }
    (p1, e)
}

/// `P_n^(a, b)(x)` for `n >= 1`, `x >= 1/2`, `a > -1`, as `v * 1e280^e`: `q = P / P(1)` by
/// differences in `x - 1` (`q_(k+1) - q_k = A (x - 1) q_k + C (q_k - q_(k-1))`, `A - C = 1`
/// at `x = 1` being what the normalization gives), times `P_n(1) = (a + 1)_n / n!`.
#[device_fn]
fn orth_jacobi_near_one(n: f64, a: f64, b: f64, x: f64) -> (f64, f64) {
    let u = x - 1.0;
    let mut d = (a + b + 2.0) * u / (2.0 * (a + 1.0));
    let mut q = 1.0 + d;
    let mut scale = a + 1.0;
    let mut e = 0.0;
    let mut k = 1.0;
    while k < n {
        let s = 2.0 * k + a + b;
        let den = (k + a + 1.0) * (k + a + b + 1.0);
        let aa = (s + 1.0) * (s + 2.0) / (2.0 * den);
        let cc = k * (k + b) * (s + 2.0) / (den * s);
        d = aa * u * q + cc * d;
        q += d;
        if q.abs() > 1.0e280 {
            q *= 1.0e-280;
            d *= 1.0e-280;
            e += 1.0;
        }
        scale *= (k + 1.0 + a) / (k + 1.0);
        if scale > 1.0e280 {
            scale *= 1.0e-280;
            e += 1.0;
        }
        k += 1.0;
    }
    (scale * q, e)
}

/// The shifted Jacobi polynomial `G_n^(p, q)(x) = P_n^(p-q, q-1)(2x - 1) / binom(2n + p - 1, n)`
/// (SciPy's `eval_sh_jacobi`, integer `n >= 0`; NaN for `n < 0` and NaN `p`).
///
/// Example: [the module's page](self).
#[device_fn]
pub fn eval_sh_jacobi(n: f64, p: f64, q: f64, x: f64) -> f64 {
    let (j, e): (f64, f64) = orth_jacobi(n, p - q, q - 1.0, 2.0 * x - 1.0);
    // binom(m, n) = prod_(i=1..n) (m - n + i) / i, m = 2n + p - 1 (NaN for a NaN p, as
    // SciPy's binom)
    let mut c = if p.is_nan() { f64::NAN } else { 1.0 };
    let mut ec = 0.0;
    let mut i = 1.0;
    while i <= n {
        c *= (n + p - 1.0 + i) / i;
        if c.abs() > 1.0e280 {
            c *= 1.0e-280;
            ec += 1.0;
        }
        i += 1.0;
    }
    orth_unscale(j / c, e - ec)
}
