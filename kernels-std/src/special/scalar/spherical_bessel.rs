//! Spherical Bessel functions of integer order `n >= 0` and real argument: `spherical_jn`,
//! `spherical_yn`, `spherical_in`, `spherical_kn` and their derivatives (`*_d`).
//!
//! Method (all four are elementary functions of `x`; no half-integer-order cylinder
//! function is evaluated):
//! - Small `x` (`x^2 <= n + 3/2`): the power series `x^n / (2n+1)!! * sum_k (-+x^2/2)^k /
//!   (k! (2n+3)(2n+5)...(2n+2k+1))` of `j_n` and `i_n`; its terms fall by at least 4 at
//!   each step there, so the alternating series of `j_n` loses nothing. The prefactor is a
//!   product, rescaled as it goes, so that results near the underflow threshold keep their
//!   digits (and a result below it ends the product early: `0`).
//! - `j_n` beyond: forward recurrence from `j_0 = sin x / x`, `j_1 = (j_0 - cos x) / x` where
//!   `x > n` (the recurrence neither grows nor decays there: rounding adds up linearly, about
//!   `n` ULPs of the local amplitude); Miller's backward recurrence where `x <= n`, started
//!   `20 + sqrt(40 n)` orders above `n` and normalised by whichever of `j_0`, `j_1` is larger
//!   (they never vanish together), after a bound `|j_n| <= sqrt(pi/2x) (x/2)^(n+1/2) /
//!   Gamma(n+3/2)` has ruled out a result below the subnormals.
//! - `y_n`: forward recurrence from `y_0 = -cos x / x`, `y_1 = (y_0 - sin x) / x` (it grows
//!   with the order: stable), stopped at the first overflow.
//! - `k_n`: forward recurrence on `e^x k_n` from `pi/(2x)` and `pi/(2x) (1 + 1/x)` (positive
//!   terms only), rescaled by powers of two past `1e280`, and `e^-x` applied once at the end.
//! - `i_n`: for `x >= max(n^2, 2)` the closed form `i_n = (e^x P(-1/2x) - (-1)^n e^-x
//!   P(1/2x)) / 2x` with `P(t) = sum_k (n+k)!/(k!(n-k)!) t^k` (its alternating terms lose at
//!   most `e^(n^2/x)`); between that and the series, the ratio `i_(n+1)/i_n` from its
//!   continued fraction (Lentz) and the Wronskian `i_n k_(n+1) + i_(n+1) k_n = pi / (2 x^2)`
//!   with the `k` above: every quantity positive, no cancellation.
//! - Negative `x`: `j_n(-x) = (-1)^n j_n(x)`, `y_n(-x) = (-1)^(n+1) y_n(x)`, `i_n(-x) =
//!   (-1)^n i_n(x)`; SciPy's real `k_n(-x)` (the real part of its principal-branch value) is
//!   `-(pi i_n(x) + (-1)^n k_n(x))`, which is the elementary formula continued to `-x`.
//! - Derivatives: SciPy's relations `f'_n = f_(n-1) - (n+1)/x f_n` (`k`: `-k_(n-1) - ...`),
//!   `f'_0 = -+f_1`, with SciPy's values at `x = 0`; at negative `x` the chain rule on the
//!   reflections above.
//!
//! Rescaling steps are `2^-930` (written `1.101803207925311e-280`, exact); orders above
//! `2^53` (`9.007199254740992e15`), which no recurrence could count, give NaN.
//!
//! Orders: SciPy converts `n` to a C `long` first (truncation; NaN and values beyond the
//! `long` range become its most negative value); a negative order gives NaN.
//!
//! ```
//! use kernels_std::special::scalar as sp;
//! let close = |a: f64, b: f64| (a / b - 1.0).abs() < 1e-14;
//! assert!(close(sp::spherical_jn(2.0, 1.5), 0.12734928368840834));
//! assert!(close(sp::spherical_yn(2.0, 1.5), -1.3457126936204509));
//! assert!(close(sp::spherical_in(2.0, 1.5), 0.1756663320453863));
//! assert!(close(sp::spherical_kn(2.0, 1.5), 1.0125325483240086));
//! assert!(close(sp::spherical_jn_d(2.0, 1.5), 0.14147440333540562));
//! assert!(close(sp::spherical_kn(2.0, -1.5), -1.5644046065608597)); // SciPy's real k_n(-x)
//! ```

use super::bessel::times_exp;
use super::bessel_real::scaled_exp;
use super::gamma_fns::gammaln;
use crate::prelude::*;

/// SciPy's order: `n` truncated to an integer, or `-1` for NaN, negative orders and orders
/// beyond the C `long` range (which SciPy's conversion turns into its most negative value).
#[device_fn]
fn sph_order(n: f64) -> f64 {
    if n.is_nan() || n.abs() >= 9.223372036854775807e18 {
        -1.0
    } else {
        let k = n.trunc();
        if k < 0.0 {
            -1.0
        } else {
            k
        }
    }
}

/// `(-1)^n` for an integer `n >= 0` (as a float).
#[device_fn]
fn sph_parity(n: f64) -> f64 {
    if (0.5 * n).floor() * 2.0 == n {
        1.0
    } else {
        -1.0
    }
}

/// `x^n / (2n+1)!! * sum_k (s x^2/2)^k / (k! (2n+3)...(2n+2k+1))` for `x > 0` with
/// `x^2 <= n + 3/2`: `j_n` (`s = -1`) or `i_n` (`s = 1`); with `derivative`, its derivative
/// `x^(n-1) / (2n+1)!! * sum_k (n + 2k) (s x^2/2)^k / (...)` (`n >= 1`: the relation
/// `f_(n-1) - (n+1)/x f_n` would lose the sum's second term where `f_n` underflows).
#[device_fn]
fn sph_series(n: f64, x: f64, s: f64, derivative: bool) -> f64 {
    // The prefactor as a product, scaled up once by 2^930 if it falls below 1e-200.
    let mut p = if derivative { 1.0 / x } else { 1.0f64 };
    let mut scaled = false;
    let mut k = 1.0f64;
    while k <= n {
        p *= x / (2.0 * k + 1.0);
        if p < 1.0e-200 {
            if scaled {
                // Below 1e-480 and falling (x < 2k + 1 from here on): underflow.
                return 0.0;
            }
            p /= 1.101803207925311e-280;
            scaled = true;
        }
        k += 1.0;
    }
    let h = s * 0.5 * x * x;
    let mut term = 1.0f64;
    let mut sum = if derivative { n } else { 1.0f64 };
    let mut j = 1.0f64;
    loop {
        term *= h / (j * (2.0 * n + 2.0 * j + 1.0));
        let add = if derivative {
            (n + 2.0 * j) * term
        } else {
            term
        };
        sum += add;
        j += 1.0;
        if add.abs() <= 1.0e-17 * sum.abs() {
            break;
        }
    }
    let r = p * sum;
    if scaled {
        r * 1.101803207925311e-280
    } else {
        r
    }
}

/// `j_n(x)` for an integer `n >= 0` and a finite `x > 0`.
#[device_fn]
fn sph_j_pos(n: f64, x: f64) -> f64 {
    if n == 0.0 {
        return x.sin() / x;
    }
    if x * x <= n + 1.5 {
        return sph_series(n, x, -1.0, false);
    }
    if x > n {
        let mut a = x.sin() / x;
        let mut b = (a - x.cos()) / x;
        let mut k = 1.0f64;
        while k < n {
            let c = (2.0 * k + 1.0) / x * b - a;
            a = b;
            b = c;
            k += 1.0;
        }
        return b;
    }
    // x <= n: is the result below the subnormals?
    let bound = 0.5 * (std::f64::consts::FRAC_PI_2 / x).ln() + (n + 0.5) * (0.5 * x).ln()
        - gammaln(n + 1.5);
    if bound < -750.0 {
        return 0.0;
    }
    // Miller: j_(k-1) = (2k+1)/x j_k - j_(k+1) down from far above n; at n the values are
    // rescaled so that j_n = 1, below n every rescaling by 2^-930 is counted.
    let top = (n + 20.0 + (40.0 * n).sqrt()).floor();
    let mut b = 0.0f64; // j_(k+1)
    let mut a = 1.0e-300f64; // j_k
    let mut k = top;
    while k > n {
        let c = (2.0 * k + 1.0) / x * a - b;
        b = a;
        a = c;
        k -= 1.0;
        if a.abs() > 1.0e280 {
            a *= 1.101803207925311e-280;
            b *= 1.101803207925311e-280;
        }
    }
    // a = j_n, b = j_(n+1): normalise.
    b /= a;
    a = 1.0;
    let mut m = 0.0f64;
    while k > 1.0 {
        let c = (2.0 * k + 1.0) / x * a - b;
        b = a;
        a = c;
        k -= 1.0;
        if a.abs() > 1.0e280 {
            a *= 1.101803207925311e-280;
            b *= 1.101803207925311e-280;
            m += 1.0;
        }
    }
    // a = j_1, b = j_2 (scaled); j_0 = 3/x j_1 - j_2.
    let j0_rec = 3.0 / x * a - b;
    let s = x.sin() / x;
    let j1 = (s - x.cos()) / x;
    let mut r = if s.abs() > j1.abs() {
        s / j0_rec
    } else {
        j1 / a
    };
    while m > 0.0 {
        r *= 1.101803207925311e-280;
        m -= 1.0;
    }
    r
}

/// `y_n(x)` for an integer `n >= 0` and a finite `x > 0`.
#[device_fn]
fn sph_y_pos(n: f64, x: f64) -> f64 {
    let mut a = -x.cos() / x;
    if n == 0.0 {
        return a;
    }
    let mut b = (a - x.sin()) / x;
    let mut k = 1.0f64;
    while k < n && b > f64::NEG_INFINITY {
        let c = (2.0 * k + 1.0) / x * b - a;
        a = b;
        b = c;
        k += 1.0;
    }
    b
}

/// `(e^x k_n(x), e^x k_(n+1)(x), m)` for an integer `n >= 0` and a finite `x > 0`, both
/// values scaled by `2^(-930 m)`; `m = -1` once `930 m ln 2 - x` passes `limit` (the
/// caller's result has over- or underflowed by then: the values grow with the order).
#[device_fn]
fn sph_ke_pair(n: f64, x: f64, limit: f64) -> (f64, f64, f64) {
    let mut a = std::f64::consts::FRAC_PI_2 / x;
    let mut b = a * (1.0 + 1.0 / x);
    let mut m = 0.0f64;
    let mut k = 0.0f64;
    while k < n {
        let c = a + (2.0 * k + 3.0) / x * b;
        a = b;
        b = c;
        k += 1.0;
        if b > 1.0e280 {
            a *= 1.101803207925311e-280;
            b *= 1.101803207925311e-280;
            m += 1.0;
            if m * 644.6268779207492 - x > limit {
                return (a, b, -1.0);
            }
        }
    }
    (a, b, m)
}

/// `k_n(x)` for an integer `n >= 0` and a finite `x > 0`.
#[device_fn]
fn sph_k_pos(n: f64, x: f64) -> f64 {
    let (a, _b, m): (f64, f64, f64) = sph_ke_pair(n, x, 710.0);
    if m < 0.0 {
        f64::INFINITY
    } else {
        scaled_exp(a, m, -x)
    }
}

/// `i_n(x)` for an integer `n >= 0` and a finite `x > 0`.
#[device_fn]
fn sph_i_pos(n: f64, x: f64) -> f64 {
    if x * x <= n + 1.5 {
        return sph_series(n, x, 1.0, false);
    }
    if x >= 2.0 && x >= n * n {
        // (e^x P(-t) - (-1)^n e^-x P(t)) / 2x, t = 1/2x.
        let t = 0.5 / x;
        // ct = (n+k)!/(k!(n-k)!) t^k.
        let mut ct = 1.0f64;
        let mut plus = 1.0f64;
        let mut minus = 1.0f64;
        let mut k = 0.0f64;
        while k < n {
            ct *= (n + k + 1.0) * (n - k) / (k + 1.0) * t;
            k += 1.0;
            plus += ct;
            minus += sph_parity(k) * ct;
        }
        let e2 = (-2.0 * x).exp();
        return times_exp((minus - sph_parity(n) * e2 * plus) * t, x);
    }
    // i_(n+1)/i_n = 1/((2n+3)/x + 1/((2n+5)/x + ...)) by Lentz's method.
    let tiny = 1.0e-300f64;
    let mut f = tiny;
    let mut c = f;
    let mut d = 0.0f64;
    let mut j = 1.0f64;
    loop {
        let bj = (2.0 * n + 2.0 * j + 1.0) / x;
        d = bj + d;
        if d == 0.0 {
            d = tiny;
        }
        c = bj + 1.0 / c;
        if c == 0.0 {
            c = tiny;
        }
        d = 1.0 / d;
        let delta = c * d;
        f *= delta;
        j += 1.0;
        if (delta - 1.0).abs() <= 2.3e-16 || j > 1.0e7 {
            break;
        }
    }
    let ratio = f;
    let w = std::f64::consts::FRAC_PI_2 / (x * x);
    let (a, b, m): (f64, f64, f64) = sph_ke_pair(n, x, 760.0 + w.ln());
    if m < 0.0 {
        return 0.0;
    }
    scaled_exp(w / (b + ratio * a), -m, x)
}

/// `f(k, |x|)` of a valid order with SciPy's reflection sign: `(-1)^n` or `(-1)^(n+1)`.
#[device_fn]
fn reflected(odd_sign: f64, k: f64, x: f64, f_abs: f64) -> f64 {
    if x < 0.0 {
        if sph_parity(k) < 0.0 {
            odd_sign * f_abs
        } else {
            -odd_sign * f_abs
        }
    } else {
        f_abs
    }
}

/// `j_n(x)` of a checked order `k` (NaN for `k < 0`).
#[device_fn]
fn sph_j(k: f64, x: f64) -> f64 {
    let ax = x.abs();
    if x.is_nan() {
        x
    } else if k < 0.0 || k > 9.007199254740992e15 {
        f64::NAN
    } else if ax == f64::INFINITY {
        0.0
    } else if ax == 0.0 {
        if k == 0.0 {
            1.0
        } else {
            0.0
        }
    } else {
        reflected(-1.0, k, x, sph_j_pos(k, ax))
    }
}

/// `y_n(x)` of a checked order `k`.
#[device_fn]
fn sph_y(k: f64, x: f64) -> f64 {
    let ax = x.abs();
    if x.is_nan() {
        x
    } else if k < 0.0 || k > 9.007199254740992e15 {
        f64::NAN
    } else if ax == f64::INFINITY {
        reflected(1.0, k, x, 0.0)
    } else if ax == 0.0 {
        f64::NEG_INFINITY
    } else {
        reflected(1.0, k, x, sph_y_pos(k, ax))
    }
}

/// `i_n(x)` of a checked order `k`.
#[device_fn]
fn sph_i(k: f64, x: f64) -> f64 {
    let ax = x.abs();
    if x.is_nan() {
        x
    } else if k < 0.0 || k > 9.007199254740992e15 {
        f64::NAN
    } else if ax == 0.0 {
        if k == 0.0 {
            1.0
        } else {
            0.0
        }
    } else if ax == f64::INFINITY {
        reflected(-1.0, k, x, ax)
    } else {
        reflected(-1.0, k, x, sph_i_pos(k, ax))
    }
}

/// `k_n(x)` of a checked order `k` (SciPy's real value at negative `x`).
#[device_fn]
fn sph_k(k: f64, x: f64) -> f64 {
    if x.is_nan() {
        x
    } else if k < 0.0 || k > 9.007199254740992e15 {
        f64::NAN
    } else if x == f64::NEG_INFINITY {
        x
    } else if x < 0.0 {
        -(std::f64::consts::PI * sph_i_pos(k, -x) + sph_parity(k) * sph_k_pos(k, -x))
    } else if x == f64::INFINITY {
        0.0
    } else if x == 0.0 {
        f64::INFINITY
    } else {
        sph_k_pos(k, x)
    }
}

/// The spherical Bessel function of the first kind `j_n(x)` (SciPy's `spherical_jn`):
/// `j_n(-x) = (-1)^n j_n(x)`, `j_0(0) = 1`, 0 at `+-inf`, NaN for `n < 0`.
///
/// Example: [the module](self).
#[device_fn]
pub fn spherical_jn(n: f64, x: f64) -> f64 {
    sph_j(sph_order(n), x)
}

/// The spherical Bessel function of the second kind `y_n(x)` (SciPy's `spherical_yn`):
/// `y_n(-x) = (-1)^(n+1) y_n(x)`, `-inf` at 0, 0 at `+-inf`, NaN for `n < 0`.
///
/// Example: [the module](self).
#[device_fn]
pub fn spherical_yn(n: f64, x: f64) -> f64 {
    sph_y(sph_order(n), x)
}

/// The modified spherical Bessel function of the first kind `i_n(x)` (SciPy's
/// `spherical_in`): `i_n(-x) = (-1)^n i_n(x)`, `i_0(0) = 1`, `inf` at `inf`, NaN for `n < 0`.
///
/// Example: [the module](self).
#[device_fn]
pub fn spherical_in(n: f64, x: f64) -> f64 {
    sph_i(sph_order(n), x)
}

/// The modified spherical Bessel function of the second kind `k_n(x)` (SciPy's
/// `spherical_kn`): `inf` at 0, 0 at `inf`, `-inf` at `-inf`; at negative `x` SciPy's real
/// value `-(pi i_n(|x|) + (-1)^n k_n(|x|))`; NaN for `n < 0`.
///
/// Example: [the module](self).
#[device_fn]
pub fn spherical_kn(n: f64, x: f64) -> f64 {
    sph_k(sph_order(n), x)
}

/// SciPy's `j_n'` of a checked order at `x >= 0` (or a negative order anywhere).
#[device_fn]
fn sph_j_d(k: f64, x: f64) -> f64 {
    if k == 0.0 {
        -sph_j(1.0, x)
    } else if x == 0.0 {
        if k == 1.0 {
            1.0 / 3.0
        } else {
            0.0
        }
    } else if k >= 1.0 && k <= 9.007199254740992e15 && x > 0.0 && x * x <= k + 1.5 {
        sph_series(k, x, -1.0, true)
    } else {
        sph_j(k - 1.0, x) - (k + 1.0) * sph_j(k, x) / x
    }
}

/// SciPy's `i_n'` of a checked order at `x >= 0` (or a negative order anywhere).
#[device_fn]
fn sph_i_d(k: f64, x: f64) -> f64 {
    if k == 0.0 {
        sph_i(1.0, x)
    } else if x == 0.0 {
        if k == 1.0 {
            1.0 / 3.0
        } else {
            0.0
        }
    } else if k >= 1.0 && k <= 9.007199254740992e15 && x > 0.0 && x * x <= k + 1.5 {
        sph_series(k, x, 1.0, true)
    } else {
        let r = sph_i(k - 1.0, x) - (k + 1.0) * sph_i(k, x) / x;
        if r.is_nan() && k >= 0.0 && x > 0.0 && x < f64::INFINITY {
            // i_(n-1) and i_n overflowed (inf - inf); i_n' > 0 overflows with them.
            f64::INFINITY
        } else {
            r
        }
    }
}

/// SciPy's `y_n'` of a checked order at `x >= 0` (or a negative order anywhere).
#[device_fn]
fn sph_y_d(k: f64, x: f64) -> f64 {
    if k == 0.0 {
        -sph_y(1.0, x)
    } else {
        let here = sph_y(k, x);
        if here == f64::NEG_INFINITY && x > 0.0 {
            // y_n overflowed, and y_n' > (n+1) |y_n| / x with it (SciPy: inf - inf).
            f64::INFINITY
        } else {
            sph_y(k - 1.0, x) - (k + 1.0) * here / x
        }
    }
}

/// The derivative `j_n'(x)` (SciPy's `spherical_jn(n, x, derivative=True)`): `1/3` at 0
/// for `n = 1`, else 0 there.
///
/// Example: [the module](self).
#[device_fn]
pub fn spherical_jn_d(n: f64, x: f64) -> f64 {
    let k = sph_order(n);
    if x < 0.0 && k >= 0.0 {
        // The chain rule on j_n(-x) = (-1)^n j_n(x).
        -sph_parity(k) * sph_j_d(k, -x)
    } else {
        sph_j_d(k, x)
    }
}

/// The derivative `y_n'(x)` (SciPy's `spherical_yn(n, x, derivative=True)`, with its values
/// at 0 from the relation's `inf - inf`).
///
/// Example: [the module](self).
#[device_fn]
pub fn spherical_yn_d(n: f64, x: f64) -> f64 {
    let k = sph_order(n);
    if x < 0.0 && k >= 0.0 {
        sph_parity(k) * sph_y_d(k, -x)
    } else {
        sph_y_d(k, x)
    }
}

/// The derivative `i_n'(x)` (SciPy's `spherical_in(n, x, derivative=True)`): `1/3` at 0 for
/// `n = 1`, else 0 there; NaN at `+-inf` for `n >= 1` (SciPy's `inf - inf`).
///
/// Example: [the module](self).
#[device_fn]
pub fn spherical_in_d(n: f64, x: f64) -> f64 {
    let k = sph_order(n);
    if x < 0.0 && k >= 0.0 {
        -sph_parity(k) * sph_i_d(k, -x)
    } else {
        sph_i_d(k, x)
    }
}

/// The derivative `k_n'(x)` (SciPy's `spherical_kn(n, x, derivative=True)`, also of its
/// real `k_n` at negative `x`).
///
/// Example: [the module](self).
#[device_fn]
pub fn spherical_kn_d(n: f64, x: f64) -> f64 {
    let k = sph_order(n);
    if k == 0.0 {
        -sph_k(1.0, x)
    } else {
        let r = -sph_k(k - 1.0, x) - (k + 1.0) * sph_k(k, x) / x;
        if r.is_nan() && k >= 0.0 && x < 0.0 && x > f64::NEG_INFINITY {
            // SciPy's real k_n(x) ~ -pi i_n(|x|) overflowed below 0, rising: k_n' = +inf.
            f64::INFINITY
        } else {
            r
        }
    }
}
