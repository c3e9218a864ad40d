//! The multifactorials (SciPy's `factorial2`, `factorialk` with `exact=False`, both of its
//! extensions) and the Bernoulli and Euler numbers (SciPy's `bernoulli`, `euler`, one
//! number at a time here).
//!
//! ```
//! use kernels_std::special::scalar as sp;
//! assert_eq!(sp::factorialk(7.0, 2.0), 105.0); // 7 * 5 * 3 * 1
//! assert_eq!(sp::factorialk(17.0, 4.0), 9945.0); // 17 * 13 * 9 * 5 * 1
//! assert_eq!(sp::factorialk(-3.0, 2.0), 0.0);
//! assert!((sp::factorialk_complex(2.0, 2.0) - (8.0 / std::f64::consts::PI).sqrt()).abs() < 1e-15);
//! assert_eq!(sp::bernoulli_number(1.0), -0.5);
//! assert!((sp::bernoulli_number(4.0) + 1.0 / 30.0).abs() < 1e-17);
//! assert!((sp::euler_number(6.0) + 61.0).abs() < 1e-13);
//! ```
//!
//! Methods. `factorialk(n, k)`: the product `n (n - k) (n - 2k) ...` of its factors down to
//! 1 (at most about 172 of them before it overflows, since the `j`-th from the end is at
//! least `j`). `factorialk_complex(z, k) = k^(z/k) Gamma(z/k + 1) / (k^(1/k) Gamma(1/k + 1))`
//! as SciPy writes it. `B_2m = (-1)^(m+1) 2 (2m)! zeta(2m) / (2 pi)^2m` and
//! `E_2m = (-1)^m 2 (2m)! (2 / pi)^(2m+1) beta(2m + 1)` (Dirichlet's beta:
//! `4^-s (zeta(s, 1/4) - zeta(s, 3/4))`, or its alternating series from `s = 21`), the
//! factorial and the powers as one product of factors near 1 (no overflow before the
//! result's).

use super::gamma_fns::{gamma, rgamma};
use super::zeta_fns::{riemann_zeta, zeta};
use crate::prelude::*;

/// The multifactorial `n!(k) = n (n - k) (n - 2k) ...` (its factors down to 1) of an integer
/// `n` and an integer order `k >= 1` (SciPy's `factorialk(n, k, exact=False)` and, at
/// `k = 2`, `factorial2`, with the default `extend='zero'`): 1 at `n = 0`, 0 for `n < 0`,
/// `inf` where it overflows, NaN for NaN.
///
/// Example: [the module's page](self).
#[device_fn]
pub fn factorialk(n: f64, k: f64) -> f64 {
    if n.is_nan() || k.is_nan() {
        f64::NAN
    } else if n < 0.0 {
        0.0
    } else if n == f64::INFINITY {
        f64::INFINITY
    } else {
        let mut r = 1.0;
        let mut t = n;
        while t >= 1.0 && r != f64::INFINITY {
            r *= t;
            t -= k;
        }
        r
    }
}

/// SciPy's extension of the multifactorial to real `z` and `k > 0` (`factorialk(z, k,
/// extend='complex')` at real arguments, and `factorial2` at `k = 2`):
/// `k^((z - 1)/k) Gamma(z/k + 1) / Gamma(1/k + 1)`, equal to [`factorialk()`] at the
/// integers `z = 1 (mod k)`: NaN at the poles (`z/k` a negative integer) and at `-inf`.
///
/// Example: [the module's page](self).
#[device_fn]
pub fn factorialk_complex(z: f64, k: f64) -> f64 {
    let w = z / k;
    if z.is_nan() || k.is_nan() || z == f64::NEG_INFINITY {
        return f64::NAN;
    }
    if w + 1.0 <= 0.0 && (w + 1.0).floor() == w + 1.0 {
        return f64::NAN; // (SciPy's NaN at the poles of Gamma)
    }
    if z == f64::INFINITY {
        return f64::INFINITY;
    }
    k.powf(w) * gamma(w + 1.0) * (rgamma(1.0 / k + 1.0) / k.powf(1.0 / k))
}

/// The Bernoulli number `B_n` of an integer `n >= 0` (SciPy's `bernoulli(n)[n]`; `B_1 =
/// -1/2`): 0 at the odd `n > 1`, `+-inf` beyond 258, NaN for a negative or non-integral `n`.
///
/// Example: [the module's page](self).
#[device_fn]
pub fn bernoulli_number(n: f64) -> f64 {
    if !(n >= 0.0) || n.floor() != n {
        return f64::NAN;
    }
    if n == 0.0 {
        return 1.0;
    }
    if n == 1.0 {
        return -0.5;
    }
    if (0.5 * n).fract() != 0.0 {
        return 0.0;
    }
    if n == f64::INFINITY {
        return f64::NAN;
    }
    // 2 n! / (2 pi)^n, in pairs of factors (j - 1) j / (4 pi^2)
    let c = 1.0 / (4.0 * std::f64::consts::PI * std::f64::consts::PI);
    let mut r: f64 = 2.0;
    let mut j = 2.0;
    while j <= n && r.is_finite() {
        r *= (j - 1.0) * j * c;
        j += 2.0;
    }
    let sign = if (0.25 * n).fract() == 0.0 { -1.0 } else { 1.0 };
    sign * r * riemann_zeta(n)
}

/// Dirichlet's beta function `sum_(k>=0) (-1)^k (2k + 1)^-s` for `s >= 3`.
#[device_fn]
fn dirichlet_beta(s: f64) -> f64 {
    if s < 21.0 {
        // 4^-s is exact; zeta(s, 1/4) is about 4^s, zeta(s, 3/4) below 2^s
        (zeta(s, 0.25) - zeta(s, 0.75)) * 0.25f64.powf(s)
    } else {
        let mut sum = 1.0;
        let mut k: f64 = 1.0;
        let mut sign = -1.0;
        while k < 30.0 {
            let t = (2.0 * k + 1.0).powf(-s);
            sum += sign * t;
            if t < 1e-18 {
                break;
            }
            sign = -sign;
            k += 1.0;
        }
        sum
    }
}

/// The Euler number `E_n` of an integer `n >= 0` (SciPy's `euler(n)[n]`): 0 at the odd
/// `n`, `+-inf` beyond 186, NaN for a negative or non-integral `n`.
///
/// Example: [the module's page](self).
#[device_fn]
pub fn euler_number(n: f64) -> f64 {
    if !(n >= 0.0) || n.floor() != n || n == f64::INFINITY {
        return f64::NAN;
    }
    if n == 0.0 {
        return 1.0;
    }
    if (0.5 * n).fract() != 0.0 {
        return 0.0;
    }
    // 2 n! (2 / pi)^(n + 1), in pairs of factors (j - 1) j (2 / pi)^2
    let t = std::f64::consts::FRAC_2_PI;
    let c = t * t;
    let mut r: f64 = 2.0 * t;
    let mut j = 2.0;
    while j <= n && r.is_finite() {
        r *= (j - 1.0) * j * c;
        j += 2.0;
    }
    let sign = if (0.25 * n).fract() == 0.0 { 1.0 } else { -1.0 };
    sign * r * dirichlet_beta(n + 1.0)
}

/// The Stirling number of the second kind `S(n, k)` (the ways to partition `n` things into
/// `k` non-empty sets) of integers `n`, `k` given as floats (SciPy's `stirling2(n, k,
/// exact=False)`): 1 at `n = k = 0`, 0 for `k <= 0 < n`, `k > n` or negative `n`, `inf`
/// where it overflows.
///
/// Method: `S(n, 1) = S(n, n) = 1`; up to `n = 1024` the recurrence `S(r, j) = j S(r-1, j) +
/// S(r-1, j-1)` (positive terms: each value a few roundings from the exact integer per
/// row) along the shorter side, by columns `j <= k` or by diagonals `S(r, r - i)`, `i <= n -
/// k` (at most 512 values in a local array); beyond, `S(n, n - m) = sum_j <<m, j>> C(n + m -
/// 1 - j, 2m)` with the second-order Eulerian numbers `<<m, j>>` for `m = n - k <= 140`, and
/// `inf` for the others (`S(n, k) >= min(S(n, 2), S(n, n - 141))`, both beyond `f64` there).
///
/// ```
/// use kernels_std::special::scalar as sp;
/// assert_eq!(sp::stirling2(10.0, 3.0), 9330.0);
/// assert_eq!(sp::stirling2(1e6, 1e6 - 1.0), 499999500000.0); // C(n, 2)
/// assert_eq!((sp::stirling2(0.0, 0.0), sp::stirling2(3.0, 4.0)), (1.0, 0.0));
/// assert_eq!(sp::stirling2(1100.0, 500.0), f64::INFINITY);
/// ```
#[device_fn]
pub fn stirling2(n: f64, k: f64) -> f64 {
    if n.is_nan() || k.is_nan() {
        f64::NAN
    } else if n == k && n >= 0.0 {
        1.0
    } else if k <= 0.0 || k > n || n < 0.0 {
        0.0
    } else if k == 1.0 {
        1.0
    } else if n <= 1024.0 {
        stirling2_recurrence(n, k)
    } else if n - k <= 140.0 {
        stirling2_eulerian(n, n - k)
    } else {
        f64::INFINITY
    }
}

/// `S(n, k)` for `1 < k < n <= 1024` by the recurrence along the shorter side.
#[device_fn]
fn stirling2_recurrence(n: f64, k: f64) -> f64 {
    let ni = n as i64;
    let ki = k as i64;
    let m = ni - ki;
    let mut c = [0.0f64; 513];
    c[0] = 1.0;
    if ki <= m {
        // columns: c[j] = S(r, j), j = 0..=k
        let mut r = 1i64;
        while r <= ni {
            let mut j = r.min(ki);
            while j >= 1 {
                c[j] = (j as f64) * c[j] + c[j - 1];
                j -= 1;
            }
            c[0] = 0.0;
            r += 1;
        }
        c[ki]
    } else {
        // diagonals: c[i] = S(r, r - i), i = 0..=m; S(r, r) = 1
        let mut r = 1i64;
        while r <= ni {
            let mut i = r.min(m);
            while i >= 1 {
                c[i] = ((r - i) as f64) * c[i - 1] + c[i];
                i -= 1;
            }
            r += 1;
        }
        c[m]
    }
}

/// `S(n, n - m) = sum_(j < m) <<m, j>> C(n + m - 1 - j, 2m)` for `1 <= m <= 140` (positive
/// terms), the second-order Eulerian numbers by `<<r, j>> = (j + 1) <<r-1, j>> + (2r - 1 -
/// j) <<r-1, j-1>>`.
#[device_fn]
fn stirling2_eulerian(n: f64, m: f64) -> f64 {
    let mi = m as i64;
    let mut e = [0.0f64; 142];
    e[0] = 1.0;
    let mut r = 1i64;
    while r <= mi {
        let mut j = r - 1;
        while j >= 1 {
            e[j] = ((j + 1) as f64) * e[j] + ((2 * r - 1 - j) as f64) * e[j - 1];
            j -= 1;
        }
        // e[0] = 1 stays (<<r, 0>> = 1)
        r += 1;
    }
    let two_m = 2.0 * m;
    let mut sum = 0.0f64;
    let mut j = 0i64;
    while j < mi {
        // C(top, 2m) as a product of 2m factors near (top - 2m + i) / i
        let top = n + m - 1.0 - (j as f64);
        let mut c = 1.0f64;
        let mut i = 1.0f64;
        while i <= two_m {
            c *= (top - two_m + i) / i;
            i += 1.0;
        }
        sum += e[j] * c;
        j += 1;
    }
    sum
}
