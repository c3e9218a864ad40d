//! The associated Legendre functions: `sph_legendre_p` (SciPy's spherical Legendre function
//! `sqrt((2n+1)/(4 pi) (n-m)!/(n+m)!) P_n^m(cos theta)`, Condon-Shortley phase included), on
//! which `sph_harm_y` is built.
//!
//! Method: the normalized functions `Pbar_n^m` (the spherical ones above) by recurrences with
//! coefficients of order one, so that no factorial ratio is formed: the sectoral
//! `Pbar_|m|^|m| = (-1)^|m| sqrt((2|m|+1)!! / (2|m|)!!) |sin theta|^|m| / sqrt(4 pi)` by
//! `Pbar_k^k = -sqrt((2k+1)/(2k)) |sin theta| Pbar_(k-1)^(k-1)`, then upward in degree
//! `Pbar_k = a_k cos(theta) Pbar_(k-1) - b_k Pbar_(k-2)`,
//! `a_k = sqrt((4k^2 - 1)/(k^2 - m^2))`, `b_k = sqrt(((k-1)^2 - m^2)(2k+1)/((2k-3)(k^2 - m^2)))`,
//! which is the stable direction for the minimal solution. The sectoral value underflows for
//! large `|m|` near the poles while later degrees do not: it is scaled by `1e280` whenever it
//! passes below `1e-280` and the count is undone at the end (SciPy gives NaN or 0 there).
//! Negative orders: `Pbar_n^-m = (-1)^m Pbar_n^m`.
//!
//! ```
//! use kernels_std::special::scalar as sp;
//! let y = sp::sph_legendre_p(1.0, 0.0, 0.0); // sqrt(3 / (4 pi)) cos 0
//! assert!((y - (3.0 / (4.0 * std::f64::consts::PI)).sqrt()).abs() < 1e-16);
//! assert_eq!(sp::sph_legendre_p(1.0, 2.0, 0.5), 0.0); // |m| > n
//! ```

use super::orthogonal::orth_unscale;
use crate::prelude::*;

/// `n` is not a finite integer (NaN included).
#[device_fn]
fn leg_bad_integer(n: f64) -> bool {
    !n.is_finite() || n.trunc() != n
}

/// The spherical Legendre function `Pbar_n^m(theta)` (SciPy's `sph_legendre_p`, integers `n`,
/// `m`): 0 for `n < 0` and for `|m| > n` (for a NaN `theta` too, as SciPy); `theta` enters
/// through `cos theta` and `|sin theta|`, so any real `theta` is taken (SciPy's rule); NaN for
/// a non-integral `n` or `m`, and for a NaN or infinite `theta` (but `n = 0`, which is the
/// constant `1 / sqrt(4 pi)`, as SciPy).
///
/// Example: [the module's page](self).
#[device_fn]
pub fn sph_legendre_p(n: f64, m: f64, theta: f64) -> f64 {
    if leg_bad_integer(n) || leg_bad_integer(m) {
        return f64::NAN;
    }
    let ma = m.abs();
    if n < 0.0 || ma > n {
        return 0.0;
    }
    let mut p = 0.28209479177387814; // 1 / sqrt(4 pi)
    if n == 0.0 {
        return p;
    }
    if !theta.is_finite() {
        return f64::NAN;
    }
    let x = theta.cos();
    let s = theta.sin().abs();
    let mut e = 0.0;
    let mut k = 1.0;
    while k <= ma {
        p *= -((2.0 * k + 1.0) / (2.0 * k)).sqrt() * s;
        if p != 0.0 && p.abs() < 1.0e-280 {
            p *= 1.0e280;
            e -= 1.0;
        }
        k += 1.0;
    }
    if n > ma {
        p = if x.abs() < 0.5 {
            leg_upward(n, ma, x, p, e)
        } else {
            // 1 - |cos theta|, without the rounding of cos theta
            let h = 0.5 * theta;
            let u = if x >= 0.0 {
                2.0 * h.sin() * h.sin()
            } else {
                2.0 * h.cos() * h.cos()
            };
            let q = leg_upward_near_one(n, ma, u, p, e);
            if x < 0.0 && (0.5 * (n - ma)).fract() != 0.0 {
                -q
            } else {
                q
            }
        };
        e = 0.0;
    }
    if m < 0.0 && (0.5 * ma).fract() != 0.0 {
        p = -p;
    }
    orth_unscale(p, e)
}

/// The coefficients `(a_k, b_k)` of the recurrence upward in degree of order `ma >= 0`.
#[device_fn]
fn leg_coefficients(k: f64, ma: f64) -> (f64, f64) {
    let d = (k - ma) * (k + ma);
    let a = ((4.0 * k * k - 1.0) / d).sqrt();
    let b = ((k - 1.0 - ma) * (k - 1.0 + ma) * (2.0 * k + 1.0) / ((2.0 * k - 3.0) * d)).sqrt();
    (a, b)
}

/// `Pbar_n^ma` from the sectoral `p = Pbar_ma^ma` (scaled by `1e280^e`, `e <= 0`) by the
/// recurrence itself: `Pbar_k = a_k x Pbar_(k-1) - b_k Pbar_(k-2)` (used for `|x| < 1/2`).
#[device_fn]
fn leg_upward(n: f64, ma: f64, x: f64, p: f64, e: f64) -> f64 {
    let mut e = e;
    let mut p0 = p;
    let mut p1 = (2.0 * ma + 3.0).sqrt() * x * p;
    let mut k = ma + 2.0;
    while k <= n {
        let (a, b): (f64, f64) = leg_coefficients(k, ma);
        let p2 = a * x * p1 - b * p0;
        p0 = p1;
        p1 = p2;
        if e < 0.0 && p1.abs() > 1.0e280 {
            p0 *= 1.0e-280;
            p1 *= 1.0e-280;
            e += 1.0;
        }
        k += 1.0;
    }
    orth_unscale(p1, e)
}

/// `Pbar_n^ma` at `|x| = 1 - u` (`u` exact, `|x| >= 1/2`) from the sectoral `p` (scaled by
/// `1e280^e`), by the recurrence on the differences `d_k = Pbar_k - Pbar_(k-1)` (Reinsch's
/// form): `d_k = (c_k - a_k u) Pbar_(k-1) + b_k d_(k-1)` with `c_k = a_k - b_k - 1`, which is
/// small and is computed without cancellation as
/// `(4 ma^2 - 1)/(k^2 - ma^2) (1/(a_k + 2) + 1/((2k - 3)(b_k + 1)))` (from
/// `a_k^2 - 4 = (4 ma^2 - 1)/(k^2 - ma^2)`, `b_k^2 - 1 = (1 - 4 ma^2)/((2k - 3)(k^2 - ma^2))`).
/// Near `|x| = 1` the plain recurrence's rounding errors, and those of `cos theta`, grow like
/// the degree squared; these do not.
#[device_fn]
fn leg_upward_near_one(n: f64, ma: f64, u: f64, p: f64, e: f64) -> f64 {
    let mut e = e;
    let r = (2.0 * ma + 3.0).sqrt();
    let mut d = ((r - 1.0) - r * u) * p;
    let mut p = p + d;
    let mut k = ma + 2.0;
    while k <= n {
        let (a, b): (f64, f64) = leg_coefficients(k, ma);
        let c = (4.0 * ma * ma - 1.0) / ((k - ma) * (k + ma))
            * (1.0 / (a + 2.0) + 1.0 / ((2.0 * k - 3.0) * (b + 1.0)));
        d = (c - a * u) * p + b * d;
        p += d;
        if e < 0.0 && p.abs() > 1.0e280 {
            p *= 1.0e-280;
            d *= 1.0e-280;
            e += 1.0;
        }
        k += 1.0;
    }
    orth_unscale(p, e)
}

/// The associated Legendre function `P_v^m(x)` of integer degree `v` and order `m` (SciPy's
/// `lpmv`, Condon-Shortley phase included) for `|x| <= 1`; `P_(-v-1)^m = P_v^m`; 0 for
/// `m > n`; `P_n^-m = (-1)^m (n-m)!/(n+m)! P_n^m`, NaN for `-m > n` (SciPy's rule); for
/// `|x| > 1` the Legendre polynomial when `m = 0` (NaN at infinities but for `n = 0`), else
/// NaN, as SciPy; NaN for NaN `x` (but `P_0^0 = 1`). NaN for a non-integral `m` (SciPy's rule)
/// and for a non-integral `v` (SciPy's real degrees are not implemented: the array function
/// refuses them).
///
/// Method: the unnormalized sectoral `P_m^m = (-1)^m (2m-1)!! (1 - x^2)^(m/2)`, then upward in
/// degree `(k - m + 1) P_(k+1) = (2k + 1) x P_k - (k + m) P_(k-1)`: the recurrence itself for
/// `|x| < 1/2`, else on `|x|` in Reinsch's difference form (the coefficients sum to one, so
/// `d_(k+1) = a_k (|x| - 1) P_k + b_k d_k`, with `|x| - 1` exact) and reflected; values kept
/// with a separate power of `1e280` (no spurious overflow: `lpmv(100, 100, 0.5)` is
/// `3.8e180`, where SciPy gives `inf`).
///
/// ```
/// use kernels_std::special::scalar as sp;
/// assert_eq!(sp::lpmv(0.0, 2.0, 0.5), -0.125); // (3 x^2 - 1) / 2
/// assert!((sp::lpmv(1.0, 2.0, 0.5) + 1.299038105676658).abs() < 1e-15); // -3 x sqrt(1 - x^2)
/// assert!(sp::lpmv(1.0, 2.5, 0.5).is_nan()); // a real degree
/// ```
#[device_fn]
pub fn lpmv(m: f64, v: f64, x: f64) -> f64 {
    if leg_bad_integer(m) || leg_bad_integer(v) {
        return f64::NAN;
    }
    let n = if v < 0.0 { -v - 1.0 } else { v };
    let ma = m.abs();
    if n == 0.0 && m == 0.0 {
        return 1.0;
    }
    if x.is_nan() {
        return f64::NAN;
    }
    if ma > n {
        return if m > 0.0 { 0.0 } else { f64::NAN };
    }
    if x.abs() > 1.0 {
        return if m == 0.0 && x.is_finite() {
            super::orthogonal::eval_legendre(n, x)
        } else {
            f64::NAN
        };
    }
    // the sectoral value, scaled by 1e280^e
    let s = ((1.0 - x) * (1.0 + x)).sqrt();
    let mut p = 1.0;
    let mut e = 0.0;
    let mut k = 1.0;
    while k <= ma {
        p *= -(2.0 * k - 1.0) * s;
        if p.abs() > 1.0e280 {
            p *= 1.0e-280;
            e += 1.0;
        } else if p != 0.0 && p.abs() < 1.0e-280 {
            p *= 1.0e280;
            e -= 1.0;
        }
        k += 1.0;
    }
    if n > ma {
        let t = x.abs();
        let mut p0 = p;
        let mut d = if t < 0.5 {
            0.0
        } else {
            ((2.0 * ma + 1.0) * (t - 1.0) + 2.0 * ma) * p
        };
        p = if t < 0.5 {
            (2.0 * ma + 1.0) * x * p
        } else {
            p + d
        };
        let mut k = ma + 1.0;
        while k < n {
            let a = (2.0 * k + 1.0) / (k - ma + 1.0);
            let b = (k + ma) / (k - ma + 1.0);
            if t < 0.5 {
                let p2 = a * x * p - b * p0;
                p0 = p;
                p = p2;
            } else {
                d = a * (t - 1.0) * p + b * d;
                p += d;
            }
            if p.abs() > 1.0e280 {
                p *= 1.0e-280;
                p0 *= 1.0e-280;
                d *= 1.0e-280;
                e += 1.0;
            }
            k += 1.0;
        }
        if t >= 0.5 && x < 0.0 && (0.5 * (n - ma)).fract() != 0.0 {
            p = -p;
        }
    }
    if m < 0.0 {
        // times (-1)^ma (n - ma)! / (n + ma)!
        let mut j = n - ma + 1.0;
        while j <= n + ma {
            p /= j;
            if p != 0.0 && p.abs() < 1.0e-280 {
                p *= 1.0e280;
                e -= 1.0;
            }
            j += 1.0;
        }
        if (0.5 * ma).fract() != 0.0 {
            p = -p;
        }
    }
    orth_unscale(p, e)
}
