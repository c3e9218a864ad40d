//! The elliptic integrals and Jacobi's elliptic functions, in SciPy's parameter `m = k^2`:
//! `ellipk` (`K(m)`), `ellipkm1` (`K(1 - p)`), `ellipe` (`E(m)`), `ellipkinc` (`F(phi|m)`),
//! `ellipeinc` (`E(phi|m)`), `ellipj` (`sn`, `cn`, `dn` and the amplitude).
//!
//! ```
//! use kernels_std::special::scalar as sp;
//! let close = |a: f64, b: f64| (a / b - 1.0).abs() < 1e-15;
//! assert!(close(sp::ellipk(0.5), 1.8540746773013719));
//! assert!(close(sp::ellipkm1(0.5), 1.8540746773013719));
//! assert!(close(sp::ellipe(0.5), 1.3506438810476755));
//! assert!(close(sp::ellipkinc(1.0, 0.5), 1.0832167728451687));
//! assert!(close(sp::ellipeinc(1.0, 0.5), 0.92732988362444));
//! let (sn, cn, dn, _) = sp::ellipj(0.5, 0.3);
//! assert!((sn * sn + cn * cn - 1.0).abs() < 1e-15 && (dn * dn + 0.3 * sn * sn - 1.0).abs() < 1e-15);
//! ```
//!
//! Methods. `K(m) = pi / (2 AGM(1, sqrt(1 - m)))` (also for `m < 0`; `ellipkm1` takes
//! `p = 1 - m` itself, so that `K` keeps its digits near the logarithmic singularity).
//! `E(m)`: for `1 - m <= 0.2` the series in `p = 1 - m` with its logarithm (DLMF 19.12.2),
//! `E = 1 + 1/2 sum (1/2)_j (3/2)_j / ((2)_j j!) p^(j+1) (ln(1/sqrt p) + d_j)`, whose terms
//! are all positive (`E(m)` near 1 without the cancellation of `K (1 - sum 2^(n-1) c_n^2)`);
//! elsewhere in `[0, 1]` the AGM with that sum (at most a factor 2 cancels); for `m < 0`,
//! `E(m) = sqrt(1 - m) E(m / (m - 1))` with `1 - m / (m - 1) = 1 / (1 - m)` computed
//! directly. The incomplete integrals from Carlson's symmetric forms (duplication until the
//! fifth-order Taylor polynomial is within `1e-16`): `phi` is reduced by multiples of `pi`
//! to `|r| <= pi/2` (`F(phi) = 2 j K + F(r)`, the same for `E`), `F(r|m) =
//! sin r R_F(cos^2 r, Delta^2, 1)` with `Delta^2 = cos^2 r + (1 - m) sin^2 r` (no
//! cancellation near `m = 1`), and for `0 <= m <= 1` `E(r|m) = (1 - m) F + m (1 - m) / 3
//! sin^3 r R_D(cos^2 r, 1, Delta^2) + m sin r cos r / Delta` (DLMF 19.25.9: every term has
//! the sign of `r`), for `m < 0` `E = sin r R_F - m / 3 sin^3 r R_D(cos^2 r, Delta^2, 1)`
//! (`R_F`, `R_D`: [`carlson`](super::carlson)'s).
//! `ellipj`: the descending Landen (AGM) sequence `a_n`, `c_n` to `c_n <= 1e-16 a_n`, then
//! `phi_N = 2^N a_N u` and `phi_(n-1) = (phi_n + asin(c_n sin(phi_n) / a_n)) / 2`;
//! `dn = sqrt(cn^2 + (1 - m) sn^2)` (both terms nonnegative); at `m = 1` the hyperbolic
//! forms. Near the zeros of `sn` and `cn` at large `u` the error is absolute (a few ULPs of
//! the amplitude, as SciPy's).

use super::carlson::{ellip_rd, ellip_rf};
use crate::prelude::*;

/// `K` of the complementary parameter `p = 1 - m > 0` (`p` finite).
#[device_fn]
fn ellip_k_of(p: f64) -> f64 {
    let mut a = 1.0;
    let mut b = p.sqrt();
    let mut n = 0;
    while (a - b).abs() > 1e-15 * a && n < 60 {
        let g = (a * b).sqrt();
        a = 0.5 * (a + b);
        b = g;
        n += 1;
    }
    std::f64::consts::PI / (a + b)
}

/// `E` of the complementary parameter `0 < p <= 1` (`m = 1 - p`).
#[device_fn]
fn ellip_e_unit(p: f64) -> f64 {
    if p <= 0.2 {
        // DLMF 19.12.2
        let l = -0.5 * p.ln();
        let mut sum = 0.0;
        let mut e = 1.0;
        let mut d = 1.3862943611198906; // psi(1) - psi(1/2) = 2 ln 2
        let mut pk = p;
        let mut j: f64 = 0.0;
        while j < 60.0 {
            let de = d - 1.0 / ((2.0 * j + 1.0) * (2.0 * j + 2.0));
            let t = e * pk * (l + de);
            sum += t;
            if t.abs() <= 1e-17 * sum.abs() {
                break;
            }
            e = e * (j + 0.5) * (j + 1.5) / ((j + 2.0) * (j + 1.0));
            d = d + 1.0 / (j + 1.0) - 1.0 / (j + 0.5);
            pk *= p;
            j += 1.0;
        }
        return 1.0 + 0.5 * sum;
    }
    // AGM: E = K (1 - sum_(n>=0) 2^(n-1) c_n^2), c_0^2 = m
    let mut a = 1.0;
    let mut b = p.sqrt();
    let mut s = 0.5 * (1.0 - p);
    let mut w = 0.5;
    let mut n = 0;
    while (a - b).abs() > 1e-15 * a && n < 60 {
        let c = 0.5 * (a - b);
        let g = (a * b).sqrt();
        a = 0.5 * (a + b);
        b = g;
        w *= 2.0;
        s += w * c * c;
        n += 1;
    }
    std::f64::consts::PI / (a + b) * (1.0 - s)
}

/// `E` of the complementary parameter `p = 1 - m > 0` (finite).
#[device_fn]
fn ellip_e_of(p: f64) -> f64 {
    if p <= 1.0 {
        ellip_e_unit(p)
    } else {
        // m < 0: E(m) = sqrt(1 - m) E(m / (m - 1)), 1 - m / (m - 1) = 1 / p
        p.sqrt() * ellip_e_unit(1.0 / p)
    }
}

/// The complete elliptic integral of the first kind `K(m)` (SciPy's `ellipk`): `inf` at
/// `m = 1`, NaN above, 0 at `-inf`.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn ellipk(m: f64) -> f64 {
    ellipkm1(1.0 - m)
}

/// `K(1 - p)`, accurate for tiny `p` (SciPy's `ellipkm1`): `inf` at `p = 0`, NaN below,
/// 0 at `inf`.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn ellipkm1(p: f64) -> f64 {
    if p.is_nan() || p < 0.0 {
        f64::NAN
    } else if p == 0.0 {
        f64::INFINITY
    } else if p == f64::INFINITY {
        0.0
    } else {
        ellip_k_of(p)
    }
}

/// The complete elliptic integral of the second kind `E(m)` (SciPy's `ellipe`): 1 at
/// `m = 1`, NaN above, `inf` at `-inf`.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn ellipe(m: f64) -> f64 {
    if m.is_nan() || m > 1.0 {
        f64::NAN
    } else if m == 1.0 {
        1.0
    } else if m == f64::NEG_INFINITY {
        f64::INFINITY
    } else {
        ellip_e_of(1.0 - m)
    }
}

/// `phi = j pi + r` with `|r| <= pi/2` and `r = r_hi + r_lo` to about 106 bits (so that
/// `phi` near `pi/2` and its odd multiples keeps its distance from them): `(j, sin r,
/// cos r)`; `j = 0` and `r = phi` for `|phi| <= pi/2`.
#[device_fn]
fn ellip_reduce(phi: f64) -> (f64, f64, f64) {
    let pi_hi = 3.141592653589793;
    if phi.abs() <= 0.5 * pi_hi {
        return (0.0, phi.sin(), phi.cos());
    }
    let j = (phi / pi_hi).round();
    // j pi_hi = big + err exactly; phi - big is exact (Sterbenz)
    let big = j * pi_hi;
    let err = j.mul_add(pi_hi, -big);
    let r0 = phi - big;
    let low = (-j).mul_add(1.2246467991473532e-16, -err);
    let hi = r0 + low;
    let lo = low - (hi - r0);
    let (s, c) = (hi.sin(), hi.cos());
    (j, lo.mul_add(c, s), (-lo).mul_add(s, c))
}

/// The incomplete elliptic integral of the first kind `F(phi|m)` (SciPy's `ellipkinc`):
/// NaN for `m > 1`; at `m = 1`, `inf` from `|phi| >= pi/2` (SciPy's, for either sign); `+-inf` at `phi = +-inf`; 0 at
/// `m = -inf`.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn ellipkinc(phi: f64, m: f64) -> f64 {
    if phi.is_nan() || m.is_nan() || m > 1.0 {
        return f64::NAN;
    }
    if m == f64::NEG_INFINITY {
        return if phi.is_finite() { 0.0 } else { f64::NAN };
    }
    if phi.is_infinite() {
        return phi;
    }
    if m == 1.0 {
        if phi.abs() >= 0.5 * std::f64::consts::PI {
            return f64::INFINITY; // (SciPy's, for either sign)
        }
        return phi.sin().atanh();
    }
    let p = 1.0 - m;
    let (j, s, c): (f64, f64, f64) = ellip_reduce(phi);
    let f = s * ellip_rf(c * c, (p * s).mul_add(s, c * c), 1.0);
    if j == 0.0 {
        f
    } else {
        (2.0 * j).mul_add(ellip_k_of(p), f)
    }
}

/// The incomplete elliptic integral of the second kind `E(phi|m)` (SciPy's `ellipeinc`):
/// NaN for `m > 1`; `+-inf` at `phi = +-inf`; `inf` at `m = -inf`.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn ellipeinc(phi: f64, m: f64) -> f64 {
    if phi.is_nan() || m.is_nan() || m > 1.0 {
        return f64::NAN;
    }
    if phi.is_infinite() {
        return phi;
    }
    if m == f64::NEG_INFINITY {
        return f64::INFINITY;
    }
    let (j, s, c): (f64, f64, f64) = ellip_reduce(phi);
    let p = 1.0 - m;
    let (e, full) = if m == 1.0 {
        (s, 1.0)
    } else {
        let cc = c * c;
        let dd = (p * s).mul_add(s, cc);
        let e = if m >= 0.0 {
            let f = s * ellip_rf(cc, dd, 1.0);
            let rd = ellip_rd(cc, 1.0, dd);
            p * f + m * p / 3.0 * (s * s * s) * rd + m * s * c / dd.sqrt()
        } else {
            s * ellip_rf(cc, dd, 1.0) - m / 3.0 * (s * s * s) * ellip_rd(cc, dd, 1.0)
        };
        let full = if j == 0.0 { 0.0 } else { ellip_e_of(p) };
        (e, full)
    };
    if j == 0.0 {
        e
    } else {
        (2.0 * j).mul_add(full, e)
    }
}

/// Jacobi's elliptic functions `(sn(u|m), cn(u|m), dn(u|m), am(u|m))` (SciPy's `ellipj`,
/// whose fourth result `ph` is the amplitude `am`): NaN for `m` outside `[0, 1]` and for
/// infinite `u`.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn ellipj(u: f64, m: f64) -> (f64, f64, f64, f64) {
    let nan = f64::NAN;
    if u.is_nan() || m.is_nan() || m < 0.0 || m > 1.0 || u.is_infinite() {
        return (nan, nan, nan, nan);
    }
    if m == 0.0 {
        return (u.sin(), u.cos(), 1.0, u);
    }
    if m == 1.0 {
        let sech = 1.0 / u.cosh();
        return (u.tanh(), sech, sech, u.sinh().atan());
    }
    let mut a = [0.0f64; 16];
    let mut c = [0.0f64; 16];
    a[0] = 1.0;
    c[0] = m.sqrt();
    let mut b = (1.0 - m).sqrt();
    let mut n = 0;
    while c[n as usize].abs() > 1e-16 * a[n as usize] && n < 15 {
        let an = a[n as usize];
        a[(n + 1) as usize] = 0.5 * (an + b);
        c[(n + 1) as usize] = 0.5 * (an - b);
        b = (an * b).sqrt();
        n += 1;
    }
    let mut phi = a[n as usize] * u * 2.0f64.powi(n);
    while n > 0 {
        let t = c[n as usize] * phi.sin() / a[n as usize];
        phi = 0.5 * (t.asin() + phi);
        n -= 1;
    }
    let (sn, cn) = (phi.sin(), phi.cos());
    let dn = (cn * cn + (1.0 - m) * sn * sn).sqrt();
    (sn, cn, dn, phi)
}
