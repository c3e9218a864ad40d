//! The regularized incomplete beta function and its inverses: `betainc` (`I_x(a, b)`),
//! `betaincc` (`1 - I_x(a, b)`), `betaincinv`, `betainccinv`.
//!
//! ```
//! use kernels_std::special::scalar as sp;
//! // I_x(1, b) = 1 - (1 - x)^b
//! assert!((sp::betainc(1.0, 3.0, 0.25) - (1.0 - 0.75f64.powi(3))).abs() < 1e-15);
//! assert!((sp::betaincc(1.0, 3.0, 0.999) - 1e-9).abs() < 1e-22);
//! assert!((sp::betaincinv(2.5, 4.0, sp::betainc(2.5, 4.0, 0.3)) - 0.3).abs() < 1e-15);
//! assert!((sp::betainccinv(2.5, 4.0, sp::betaincc(2.5, 4.0, 0.9)) - 0.9).abs() < 1e-15);
//! // B(a, b) computed once for many x (the array functions' way): the same bits
//! let bab = sp::ibeta_beta(2.5, 4.0);
//! assert_eq!(sp::betainc_given_beta(2.5, 4.0, 0.3, bab), sp::betainc(2.5, 4.0, 0.3));
//! assert_eq!(sp::betaincc_given_beta(2.5, 4.0, 0.3, bab), sp::betaincc(2.5, 4.0, 0.3));
//! ```
//!
//! Method: `I_x(a, b) = x^a y^b / B(a, b)` (`y = 1 - x`) divided by the continued fraction
//! of DiDonato and Morris (ACM TOMS 708), evaluated by the modified Lentz algorithm where
//! `x < (a + 1) / (a + b + 2)` (where it converges fast); above, `1 - I_y(b, a)` the same
//! way. The prefactor `x^a y^b / B(a, b)`: for `a, b >= 10` from Stirling's series as
//! `sqrt(a b / (2 pi (a + b))) e^(a g(-e/a) + b g(e/b))`, `g(t) = ln(1 + t) - t`,
//! `e = a - (a + b) x` (the terms linear in `e` cancel exactly, so `x` near the mean keeps its
//! digits); for one of them `>= 10` the ratio `Gamma(a + b) / Gamma(a)` from Stirling's
//! series too; else the powers and `B(a, b)` directly (`B(a, b)` given by the caller:
//! [`ibeta_beta()`], which the array functions compute once over the parameters' shape rather
//! than once per element, three gamma functions fewer per element where `a` and `b` are
//! shared). Where `b <= 1e-3` (`b <= a`) and
//! `I_x(a, b)` is small although `x` is near 1, the series
//! `I_x(a, b) = 1 - y^b / (b B(a, b)) (1 + b sum (1 - a)_n y^n / (n! (b + n)))` is summed with
//! `y^b / (b B(a, b)) - 1` computed without cancellation (and symmetrically for a tiny `a`).
//! The inverses: Newton's iteration on the logarithm of the smaller tail (the other is
//! exact: `1 - p` for `p >= 1/2`) in the logarithm of the variable, started from the tails'
//! leading terms or Abramowitz and Stegun's 26.5.22, kept inside a bracket by bisection; a
//! root below 1/2 is solved for in itself (so it keeps its digits).

use super::error_fns::ndtri;
use super::gamma_fns::{beta, betaln, lgamma_pos, stirling_corr};
use super::incomplete_gamma::log1pmx;
use crate::prelude::*;

/// `ln(1 + t) - t` with `r = 1 + t` computed directly (accurate where `t` is near -1).
#[device_fn]
fn log1pmx_of(t: f64, r: f64) -> f64 {
    if t.abs() < 0.5 {
        log1pmx(t)
    } else {
        r.ln() - t
    }
}

/// `ln x` where `x + y = 1` and one of them is exact: from the smaller.
#[device_fn]
fn ln_of(x: f64, y: f64) -> f64 {
    if x <= y {
        x.ln()
    } else {
        (-y).ln_1p()
    }
}

/// `B(a, b)` where the power term `x^a y^b / B(a, b)` is computed with it (`0 < a, b < 10`),
/// else NaN (not read there). The same for `(b, a)`, bit for bit.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn ibeta_beta(a: f64, b: f64) -> f64 {
    if a > 0.0 && b > 0.0 && a < 10.0 && b < 10.0 {
        beta(a, b)
    } else {
        f64::NAN
    }
}

/// `x^a y^b / B(a, b)` for finite `a, b > 0`, `0 < x < 1`, `y = 1 - x` (one exact), with
/// `bab = ibeta_beta(a, b)`.
#[device_fn]
fn ibeta_power(a: f64, b: f64, x: f64, y: f64, bab: f64) -> f64 {
    let s = a + b;
    if a >= 10.0 && b >= 10.0 {
        // e = a - s x = s y - b, from the smaller of x, y.
        let e = if x <= y {
            (-s).mul_add(x, a)
        } else {
            s.mul_add(y, -b)
        };
        let l = a * log1pmx_of(-e / a, s * x / a) + b * log1pmx_of(e / b, s * y / b);
        let corr = stirling_corr(s) - stirling_corr(a) - stirling_corr(b);
        (a * b / (6.283185307179586 * s)).sqrt() * (l + corr).exp()
    } else if a >= 10.0 || b >= 10.0 {
        // big ln(x_big) + small ln(s y_small) + (big - 1/2) ln(1 + small/big) - small
        // + corr(s) - corr(big) - ln Gamma(small).
        let (big, small, xb, yb) = if a >= b { (a, b, x, y) } else { (b, a, y, x) };
        let ls = if yb <= xb {
            (s * yb).ln()
        } else {
            s.ln() + (-xb).ln_1p()
        };
        let l = big * ln_of(xb, yb) + small * ls + (big - 0.5) * (small / big).ln_1p() - small
            + stirling_corr(s)
            - stirling_corr(big)
            - lgamma_pos(small);
        l.exp()
    } else {
        let lx = ln_of(x, y);
        let ly = ln_of(y, x);
        let px = if x <= y { x.powf(a) } else { (a * lx).exp() };
        let py = if y <= x { y.powf(b) } else { (b * ly).exp() };
        let f = px * py / bab;
        if f > 1e-290 && f < 1e290 {
            f
        } else {
            (a * lx + b * ly - betaln(a, b)).exp()
        }
    }
}

/// `x^a y^b / (B(a, b) I_x(a, b))` as the continued fraction `b_0 + a_1 / (b_1 + a_2 / ...)`
/// of DiDonato and Morris (ACM TOMS 708, 1992), by the modified Lentz algorithm, for
/// `x < (a + 1) / (a + b + 2)`:
/// `a_m = (a + m - 1) (a + b + m - 1) m (b - m) x^2 / (a + 2m - 1)^2`,
/// `b_m = m + m (b - m) x / (a + 2m - 1) + (a + m) (l + 1 + m (1 + y)) / (a + 2m + 1)`,
/// `l = a - (a + b) x` from the smaller of `x`, `y` (the terms of DLMF 8.17.22 near -1
/// cancel where `x` is near 1 and `a` large; these do not).
#[device_fn]
fn ibeta_fraction(a: f64, b: f64, x: f64, y: f64) -> f64 {
    let tiny = 1e-300;
    let s = a + b;
    let l = if x <= y {
        (-s).mul_add(x, a)
    } else {
        s.mul_add(y, -b)
    };
    let mut f = a * (l + 1.0) / (a + 1.0);
    if f == 0.0 {
        f = tiny;
    }
    let mut c = f;
    let mut d = 0.0;
    let mut m = 1.0;
    while m < 1.0e7 {
        let k = a + 2.0 * m - 1.0;
        let am = (a + m - 1.0) * (s + m - 1.0) * m * (b - m) * x * x / (k * k);
        let bm = m + m * (b - m) * x / k + (a + m) * (l + 1.0 + m * (1.0 + y)) / (k + 2.0);
        d = bm + am * d;
        if d == 0.0 {
            d = tiny;
        }
        c = bm + am / c;
        if c == 0.0 {
            c = tiny;
        }
        d = 1.0 / d;
        let del = c * d;
        f *= del;
        if (del - 1.0).abs() <= 1e-16 {
            break;
        }
        m += 1.0;
    }
    f
}

/// `c (z^-n - (z + b)^-n)` with `l = ln(1 + b / z)`, without cancellation for a tiny `b`.
#[device_fn]
fn power_step(c: f64, z: f64, n: f64, l: f64) -> f64 {
    -c * z.powf(-n) * (-n * l).exp_m1()
}

/// `ln Gamma(z + b) - ln Gamma(z)` for `z >= 10`, `0 < b <= 1e-3`: Stirling's series of both
/// with the differences of its terms formed without cancellation (the corrections'
/// difference is about `b / (12 z^2)`: subtracting them would leave `1e-18` absolutely).
#[device_fn]
fn lgamma_step_large(z: f64, b: f64) -> f64 {
    let l = (b / z).ln_1p();
    // corr(z) - corr(z + b), term by term: B_2k / (2k (2k - 1)) (z^(1-2k) - (z+b)^(1-2k)).
    let dc = power_step(1.0 / 12.0, z, 1.0, l)
        + power_step(-1.0 / 360.0, z, 3.0, l)
        + power_step(1.0 / 1260.0, z, 5.0, l)
        + power_step(-1.0 / 1680.0, z, 7.0, l)
        + power_step(1.0 / 1188.0, z, 9.0, l)
        + power_step(-691.0 / 360360.0, z, 11.0, l)
        + power_step(1.0 / 156.0, z, 13.0, l)
        + power_step(-3617.0 / 122400.0, z, 15.0, l);
    // (z + b - 1/2) ln(z + b) - (z - 1/2) ln z - b = (z - 1/2) l + b ln(z + b) - b
    (z - 0.5) * l + b * (z + b).ln() - b - dc
}

/// `ln Gamma(a + b) - ln Gamma(a) - ln Gamma(1 + b)` for `0 < b <= 1e-3`, finite `a > 0`:
/// by the recurrence up to `a + n >= 10` (each step `ln(1 + b / (a + k))`), then
/// [`lgamma_step_large()`]; `ln Gamma(1 + b)` from the fit near 1.
#[device_fn]
fn lgamma_shift_small(a: f64, b: f64) -> f64 {
    let lg1b = b * super::fits::gamma::lgamma_near1(super::fits::gamma::lgamma_near1_t(1.0 + b));
    let mut shift = 0.0;
    let mut z = a;
    while z < 10.0 {
        // ln Gamma(z + b) - ln Gamma(z) = ln Gamma(z + 1 + b) - ln Gamma(z + 1) - ln(1 + b/z)
        shift -= (b / z).ln_1p();
        z += 1.0;
    }
    shift + lgamma_step_large(z, b) - lg1b
}

/// `I_x(a, b)` for `0 < b <= 1e-3` (with `1 - I` for `upper`), from the series of
/// `I_y(b, a)` in `y`: accurate where `I_x(a, b)` is small.
#[device_fn]
fn ibeta_small_b(a: f64, b: f64, x: f64, y: f64, upper: bool) -> f64 {
    // S = sum (1 - a)_n y^n / (n! (b + n))
    let mut term = 1.0;
    let mut s = 0.0;
    let mut n = 1.0;
    while n < 1.0e6 {
        term *= (n - a) * y / n;
        let t = term / (b + n);
        s += t;
        if t.abs() <= 1e-17 * s.abs() {
            break;
        }
        n += 1.0;
    }
    // g = y^b / (b B(a, b)) - 1
    let g = (lgamma_shift_small(a, b) + b * ln_of(y, x)).exp_m1();
    // I_y(b, a) = (1 + g) (1 + b S); I_x(a, b) = 1 - that.
    let p = -g - (1.0 + g) * b * s;
    if upper {
        1.0 - p
    } else {
        p
    }
}

/// `1 - p` where `upper`, else `p`.
#[device_fn]
fn flip(upper: bool, p: f64) -> f64 {
    if upper {
        1.0 - p
    } else {
        p
    }
}

/// `I_x(a, b)` (`upper`: `1 - I_x(a, b)`) for finite `a, b > 0`, `0 < x < 1`, `y = 1 - x`
/// (one of them exact).
#[device_fn]
pub(crate) fn ibeta_regular(a: f64, b: f64, x: f64, y: f64, upper: bool) -> f64 {
    ibeta_regular_with(a, b, x, y, upper, ibeta_beta(a, b))
}

/// [`ibeta_regular()`] with `bab = ibeta_beta(a, b)` given.
#[device_fn]
fn ibeta_regular_with(a: f64, b: f64, x: f64, y: f64, upper: bool, bab: f64) -> f64 {
    if b <= 1e-3 && b <= a && y < 0.5 && a * y < 0.5 {
        // I_x(a, b) is small: from the series in y.
        ibeta_small_b(a, b, x, y, upper)
    } else if a <= 1e-3 && a < b && x < 0.5 && b * x < 0.5 {
        ibeta_small_b(b, a, y, x, !upper)
    } else if x * (a + b + 2.0) < a + 1.0 {
        flip(
            upper,
            ibeta_power(a, b, x, y, bab) / ibeta_fraction(a, b, x, y),
        )
    } else {
        flip(
            !upper,
            ibeta_power(b, a, y, x, bab) / ibeta_fraction(b, a, y, x),
        )
    }
}

/// `I_x(a, b)` (`upper`: `1 - I_x`) with SciPy's special values: NaN for NaN, negative `a`
/// or `b`, `x` outside `[0, 1]`, `a == b == 0` and `a == b == inf`; `a == 0` or `b == inf`
/// put the mass at 0, `b == 0` or `a == inf` at 1. `bab`: [`ibeta_beta()`]`(a, b)`.
#[device_fn]
fn ibeta(a: f64, b: f64, x: f64, upper: bool, bab: f64) -> f64 {
    if a.is_nan() || b.is_nan() || x.is_nan() || a < 0.0 || b < 0.0 || x < 0.0 || x > 1.0 {
        f64::NAN
    } else if (a == 0.0 && b == 0.0) || (a == f64::INFINITY && b == f64::INFINITY) {
        f64::NAN
    } else if a == 0.0 || b == f64::INFINITY {
        flip(upper, if x > 0.0 { 1.0 } else { 0.0 })
    } else if b == 0.0 || a == f64::INFINITY {
        flip(upper, if x < 1.0 { 0.0 } else { 1.0 })
    } else if x == 0.0 {
        flip(upper, 0.0)
    } else if x == 1.0 {
        flip(upper, 1.0)
    } else {
        ibeta_regular_with(a, b, x, 1.0 - x, upper, bab)
    }
}

/// The regularized incomplete beta function `I_x(a, b) = B(x; a, b) / B(a, b)` (SciPy's
/// `betainc`): `a, b >= 0` (not both 0), `0 <= x <= 1`, else NaN.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn betainc(a: f64, b: f64, x: f64) -> f64 {
    ibeta(a, b, x, false, ibeta_beta(a, b))
}

/// [`betainc()`] with `bab = ibeta_beta(a, b)` given (computed once where many `x` share
/// `a` and `b`): the same bits.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn betainc_given_beta(a: f64, b: f64, x: f64, bab: f64) -> f64 {
    ibeta(a, b, x, false, bab)
}

/// The complement `1 - I_x(a, b)` of [`betainc()`] (SciPy's `betaincc`), accurate where it
/// is small.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn betaincc(a: f64, b: f64, x: f64) -> f64 {
    ibeta(a, b, x, true, ibeta_beta(a, b))
}

/// [`betaincc()`] with `bab = ibeta_beta(a, b)` given: the same bits.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn betaincc_given_beta(a: f64, b: f64, x: f64, bab: f64) -> f64 {
    ibeta(a, b, x, true, bab)
}

/// `ln(f / t)`, accurate where `f` is near `t`.
#[device_fn]
fn log_ratio(f: f64, t: f64) -> f64 {
    let r = f / t;
    if r > 0.5 && r < 2.0 {
        ((f - t) / t).ln_1p()
    } else {
        r.ln()
    }
}

/// The `x` with `I_x(a, b) = t` (`upper`: `1 - I_x(a, b) = t`) for `0 < t < 1`, finite
/// `a, b > 0`, where that tail is the smaller: Newton's iteration on the logarithm of the
/// tail in `ln x` (exact for `I ~ x^a`), kept inside a bracket by bisection. The result is
/// accurate relative to `x` (so `1 - I_v(b, a) = p` gives a small `v = 1 - x` to its last
/// digits).
#[device_fn]
pub(crate) fn ibeta_root(a: f64, b: f64, t: f64, upper: bool) -> f64 {
    let p = if upper { 1.0 - t } else { t };
    // Start: the leading term x^a / (a B(a, b)) of the lower tail, or A&S 26.5.22.
    let mut x = ((p.ln() + a.ln() + betaln(a, b)) / a).exp();
    if x == 0.0 && !upper {
        return 0.0;
    }
    if a > 1.0 && b > 1.0 {
        let z = -ndtri(p);
        let lam = (z * z - 3.0) / 6.0;
        let r = 1.0 / (2.0 * a - 1.0);
        let s = 1.0 / (2.0 * b - 1.0);
        let h = 2.0 / (r + s);
        let w = z * (h + lam).sqrt() / h - (s - r) * (lam + 5.0 / 6.0 - 2.0 / (3.0 * h));
        x = a / (a + b * (2.0 * w).exp());
    }
    if !(x > 0.0 && x < 1.0) {
        x = 0.5;
    }
    let bab = ibeta_beta(a, b);
    let mut lo = 0.0;
    let mut hi = 1.0;
    let mut i = 0;
    while i < 300 {
        let y = 1.0 - x;
        let f = ibeta_regular_with(a, b, x, y, upper, bab);
        if f == t {
            break;
        }
        // I increases with x, 1 - I decreases.
        if (f > t) != upper {
            hi = x;
        } else {
            lo = x;
        }
        let g = log_ratio(f, t);
        // x d ln f / d x = +-x^a y^(b-1) / (B(a, b) f)
        let mut dg = ibeta_power(a, b, x, y, bab) / (y * f);
        if upper {
            dg = -dg;
        }
        let mut next = f64::NAN;
        if dg != 0.0 && dg.is_finite() && g.is_finite() {
            next = x * (-g / dg).exp();
        }
        // (NaN is outside.)
        if !(next > lo && next < hi) {
            next = if lo == 0.0 {
                0.0625 * hi
            } else {
                0.5 * (lo + hi)
            };
        }
        let done = (next - x).abs() <= 1e-16 * next || hi - lo <= 1e-16 * hi;
        x = next;
        if done {
            break;
        }
        i += 1;
    }
    x
}

/// The `x` with `I_x(a, b) = p`, `1 - I_x(a, b) = q` (`p + q = 1`, the smaller exact):
/// solved in the tail of the smaller, for `x` itself where it is below 1/2.
#[device_fn]
pub(crate) fn ibeta_inverse(a: f64, b: f64, p: f64, q: f64) -> f64 {
    if p <= q {
        ibeta_root(a, b, p, false)
    } else {
        let y = ibeta_root(b, a, q, false);
        if y <= 0.5 {
            1.0 - y
        } else {
            // x = 1 - y is small: solved for in x itself, to its last digits.
            ibeta_root(a, b, q, true)
        }
    }
}

/// The root of `I_x(a, b) = p` for `0 < p < 1` where `a` or `b` is infinite (SciPy's): the
/// mass is at 1 for `a == inf`, at 0 for `b == inf`, NaN for both.
#[device_fn]
fn infinite_parameter_root(a: f64, b: f64) -> f64 {
    if a == b {
        f64::NAN
    } else if a == f64::INFINITY {
        1.0
    } else {
        0.0
    }
}

/// The inverse of [`betainc()`] in `x` (SciPy's `betaincinv`): 0 at `p == 0`, 1 at
/// `p == 1`, NaN for `p` outside `[0, 1]`, for `a` or `b` not positive, and for `a` or `b`
/// infinite between.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn betaincinv(a: f64, b: f64, p: f64) -> f64 {
    if a.is_nan() || b.is_nan() || p.is_nan() || p < 0.0 || p > 1.0 {
        f64::NAN
    } else if a <= 0.0 || b <= 0.0 {
        f64::NAN
    } else if p == 0.0 {
        0.0
    } else if p == 1.0 {
        1.0
    } else if a == f64::INFINITY || b == f64::INFINITY {
        infinite_parameter_root(a, b)
    } else {
        ibeta_inverse(a, b, p, 1.0 - p)
    }
}

/// The inverse of [`betaincc()`] in `x` (SciPy's `betainccinv`): 1 at `q == 0`, 0 at
/// `q == 1`, NaN where [`betaincinv()`] is.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn betainccinv(a: f64, b: f64, q: f64) -> f64 {
    if a.is_nan() || b.is_nan() || q.is_nan() || q < 0.0 || q > 1.0 {
        f64::NAN
    } else if a <= 0.0 || b <= 0.0 {
        f64::NAN
    } else if q == 0.0 {
        1.0
    } else if q == 1.0 {
        0.0
    } else if a == f64::INFINITY || b == f64::INFINITY {
        infinite_parameter_root(a, b)
    } else {
        ibeta_inverse(a, b, 1.0 - q, q)
    }
}
