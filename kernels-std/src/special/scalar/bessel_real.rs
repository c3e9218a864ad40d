//! Bessel functions of real order and real argument: `iv`, `ive`, `kv`, `kve`, `jv`, `jve`,
//! `yv`, `yve`.
//!
//! Method, for an order `v >= 0` split as `v = n + mu` with `n` an integer and `|mu| <= 1/2`:
//! - `K_mu`, `K_(mu+1)` for `x <= 2` from Temme's series (the functions `(1/Gamma(1-mu) -
//!   1/Gamma(1+mu)) / 2mu` and `(1/Gamma(1-mu) + 1/Gamma(1+mu)) / 2` from the Taylor series of
//!   `1/Gamma(1+z)`, whose coefficients are mpmath's; no cancellation as `mu -> 0`); for
//!   `x > 2` from Steed's algorithm for the continued fraction CF2 (Temme's form), which gives
//!   `e^x K` directly.
//! - `K_v` by the forward recurrence `K_(k+1) = K_(k-1) + 2k/x K_k` from `mu` (positive terms:
//!   stable), on `e^x K`, rescaled by powers of two past `1e280` and stopped once the result
//!   is certain to overflow (or, for `I`, to underflow).
//! - `I_v` from the ratio `I_(v+1)/I_v` (continued fraction CF1, Lentz's method) and the
//!   Wronskian `I_v K_(v+1) + I_(v+1) K_v = 1/x`; for `x >= 1000` with `4 v^2 <= x` from
//!   the asymptotic series `e^x / sqrt(2 pi x) sum_k (-1)^k a_k(v) / x^k` instead (CF1
//!   would need about `sqrt(40 x)` steps there).
//! - Negative orders: `K_-v = K_v`, `I_-v = I_v + (2/pi) sin(v pi) K_v` (`sin(v pi)` exact at
//!   integers, where `I_-n = I_n`).
//! - Negative `x`: `I_v(-x) = (-1)^v I_v(x)` for an integer `v`, NaN otherwise (SciPy's real
//!   loop); `K` is NaN there.
//! - `J_v`, `Y_v` (Temme's method, as for `I` and `K`): for `x >= max(25, v^2)` Hankel's
//!   asymptotic expansion, with `cos(x - (v/2 + 1/4) pi)` from `cos x`, `sin x` and exact
//!   `cospi`/`sinpi`; otherwise `J'_v / J_v` from CF1 (Lentz, its terms computed afresh at
//!   each step), the backward recurrence to `mu = v - round(v)`, and the normalisation by
//!   `Y_mu`, `Y_(mu+1)` from Temme's series (`x < 2`) or from CF2 `p + iq = (J' + iY') /
//!   (J + iY)` (Steed, `x >= 2`) through the Wronskian (by `J_(mu+1)` near a zero of `J_mu`);
//!   `Y_v` by the forward recurrence. Where `x^2 <= v + 1`, `J_v` is its power series.
//!   Negative orders: `J_-v = cos(v pi) J_v - sin(v pi) Y_v`, `Y_-v = sin(v pi) J_v + cos(v
//!   pi) Y_v`.
//!
//! The recurrences rescale by `2^-930` (written `1.101803207925311e-280`, exact) past `1e280`
//! and count the steps (`930 ln 2 = 644.6268779207492` in their thresholds).
//!
//! SciPy's special values are kept: `iv` and `ive` are NaN at `x = +-inf`, `kve` too, and
//! `kv` is 0 there; `iv(+-inf, x)` is 0 but `ive(+-inf, x)` and `kv(+-inf, x)` NaN; at
//! `x = 0`, `iv` of a negative non-integer order is `inf` and `ive` NaN.
//!
//! ```
//! use kernels_std::special::scalar as sp;
//! let close = |a: f64, b: f64| (a / b - 1.0).abs() < 1e-14;
//! assert!(close(sp::iv(2.5, 1.5), 0.17166202218829626));
//! assert!(close(sp::iv(-2.5, 1.5), 0.8015666610717219)); // I_v + (2/pi) sin(v pi) K_v
//! assert!(close(sp::iv(3.0, -1.5), -0.08077411301609232) && sp::iv(0.5, -1.5).is_nan());
//! assert!(close(sp::ive(2.5, 1.5), 0.03830297450227791));
//! assert!(close(sp::kv(-2.5, 1.5), 0.9894518929891505));
//! assert!(close(sp::kve(2.5, 1.5), 4.4344157344347845));
//! ```

use super::bessel::times_exp;
use super::gamma_fns::{cospi, gammasgn, sinpi};
use crate::prelude::*;

/// `(g1, g2, 1/Gamma(1+mu), 1/Gamma(1-mu))` for `|mu| <= 1/2`: `g1 = (1/Gamma(1-mu) -
/// 1/Gamma(1+mu)) / 2mu`, `g2 = (1/Gamma(1-mu) + 1/Gamma(1+mu)) / 2`, from the Taylor
/// series `1/Gamma(1+z) = sum_k c_k z^k` (coefficients from mpmath, 20 digits) split into
/// its even and odd parts.
#[device_fn]
fn rgamma_parts(mu: f64) -> (f64, f64, f64, f64) {
    let m2 = mu * mu;
    let mut odd = -1.1812593016974588e-16;
    odd = odd * m2 - 5.348122539423018e-15;
    odd = odd * m2 + 5.100370287454476e-13;
    odd = odd * m2 + 7.782263439905071e-12;
    odd = odd * m2 - 1.18127457048702e-09;
    odd = odd * m2 + 6.116095104481416e-09;
    odd = odd * m2 + 1.133027231981696e-06;
    odd = odd * m2 - 2.013485478078824e-05;
    odd = odd * m2 - 0.00021524167411495098;
    odd = odd * m2 + 0.0072189432466631;
    odd = odd * m2 - 0.04219773455554433;
    odd = odd * m2 - 0.04200263503409524;
    odd = odd * m2 + 0.5772156649015329;
    let mut even = 1.2267786282382608e-15;
    even = even * m2 - 2.0583260535665066e-14;
    even = even * m2 - 3.696805618642206e-12;
    even = even * m2 + 1.0434267116911005e-10;
    even = even * m2 + 5.002007644469223e-09;
    even = even * m2 - 2.056338416977607e-07;
    even = even * m2 - 1.2504934821426706e-06;
    even = even * m2 + 0.0001280502823881162;
    even = even * m2 - 0.0011651675918590652;
    even = even * m2 - 0.009621971527876973;
    even = even * m2 + 0.16653861138229148;
    even = even * m2 - 0.6558780715202539;
    even = even * m2 + 1.0;
    (-odd, even, even + mu * odd, even - mu * odd)
}

/// `(K_mu(x), K_(mu+1)(x))` for `|mu| <= 1/2` and `0 < x <= 2` (Temme's series).
#[device_fn]
fn temme_k(mu: f64, x: f64) -> (f64, f64) {
    let (g1, g2, rg_plus, rg_minus): (f64, f64, f64, f64) = rgamma_parts(mu);
    let half = 0.5 * x;
    let ln2x = std::f64::consts::LN_2 - x.ln(); // ln(2/x), also for subnormal x
    let sigma = mu * ln2x;
    let fact = if mu == 0.0 {
        1.0
    } else {
        mu * std::f64::consts::PI / (mu * std::f64::consts::PI).sin()
    };
    let fact2 = if sigma.abs() < 1.0e-10 {
        1.0 + sigma * sigma / 6.0
    } else {
        sigma.sinh() / sigma
    };
    let e = sigma.exp(); // (x/2)^-mu
    let mut f = fact * (g1 * sigma.cosh() + g2 * fact2 * ln2x);
    let mut p = 0.5 * e / rg_plus; // (x/2)^-mu Gamma(1+mu) / 2
    let mut q = 0.5 / (e * rg_minus); // (x/2)^mu Gamma(1-mu) / 2
    let mut c = 1.0f64;
    let d = half * half;
    let mut sum = f;
    let mut sum1 = p;
    let mut k = 1.0f64;
    loop {
        f = (k * f + p + q) / (k * k - mu * mu);
        c *= d / k;
        p /= k - mu;
        q /= k + mu;
        let term = c * f;
        sum += term;
        sum1 += c * (p - k * f);
        if term.abs() < 1.0e-17 * sum.abs() || k > 500.0 {
            break;
        }
        k += 1.0;
    }
    (sum, 2.0 * sum1 / x)
}

/// `(e^x K_mu(x), e^x K_(mu+1)(x))` for `|mu| <= 1/2` and `x > 2` (finite): Steed's
/// algorithm for CF2 with Temme's normalisation.
#[device_fn]
fn steed_ke(mu: f64, x: f64) -> (f64, f64) {
    let mut b = 2.0 * (1.0 + x);
    let mut d = 1.0 / b;
    let mut h = d;
    let mut delh = d;
    let mut q1 = 0.0f64;
    let mut q2 = 1.0f64;
    let a1 = 0.25 - mu * mu;
    let mut q = a1;
    let mut c = a1;
    let mut a = -a1;
    let mut s = 1.0 + q * delh;
    let mut i = 1.0f64;
    loop {
        a -= 2.0 * i;
        c = -a * c / (i + 1.0);
        let qnew = (q1 - b * q2) / a;
        q1 = q2;
        q2 = qnew;
        q += c * qnew;
        b += 2.0;
        d = 1.0 / (b + a * d);
        delh = (b * d - 1.0) * delh;
        h += delh;
        let dels = q * delh;
        s += dels;
        if (dels / s).abs() < 1.0e-17 || i > 1.0e5 {
            break;
        }
        i += 1.0;
    }
    let k = (std::f64::consts::FRAC_PI_2 / x).sqrt() / s;
    (k, k * (mu + x + 0.5 - a1 * h) / x)
}

/// `(e^x K_v(x), e^x K_(v+1)(x), m)` for `0 <= v <= 2^53` and a finite `x > 0`, both scaled
/// by `2^(-930 m)`; `m = -1` once `930 m ln 2 - x` passes `limit` (the values grow with the
/// order: the caller's result has over- or underflowed by then).
#[device_fn]
pub(crate) fn ke_pair(v: f64, x: f64, limit: f64) -> (f64, f64, f64) {
    let n = (v + 0.5).floor();
    let mu = v - n;
    let (mut a, mut b): (f64, f64) = if x <= 2.0 {
        let (k0, k1): (f64, f64) = temme_k(mu, x);
        let e = x.exp();
        (k0 * e, k1 * e)
    } else {
        steed_ke(mu, x)
    };
    let mut m = 0.0f64;
    let mut k = 0.0f64;
    while k < n {
        let c = a + 2.0 * (mu + k + 1.0) / x * b;
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

/// `a 2^(930 m) e^s` for an integer `m` (of either sign): the powers of two applied
/// exactly, as far as they keep `a` normal and finite, before `e^s`, the rest after (so
/// that only the final result rounds to a subnormal or overflows).
#[device_fn]
pub(crate) fn scaled_exp(a: f64, m: f64, s: f64) -> f64 {
    let mut r = a;
    let mut k = m;
    while k > 0.0 && r.abs() < 1.0e28 {
        r /= 1.101803207925311e-280;
        k -= 1.0;
    }
    while k < 0.0 && r.abs() > 1.0e-28 {
        r *= 1.101803207925311e-280;
        k += 1.0;
    }
    r = times_exp(r, s);
    while k > 0.0 && r.is_finite() && r != 0.0 {
        r /= 1.101803207925311e-280;
        k -= 1.0;
    }
    while k < 0.0 && r != 0.0 && r.is_finite() {
        r *= 1.101803207925311e-280;
        k += 1.0;
    }
    r
}

/// `I_(v+1)(x) / I_v(x)` for `v >= 0`, `x > 0`: CF1 by Lentz's method.
#[device_fn]
fn i_ratio(v: f64, x: f64) -> f64 {
    let tiny = 1.0e-300f64;
    let mut f = tiny;
    let mut c = f;
    let mut d = 0.0f64;
    let mut j = 1.0f64;
    loop {
        let bj = 2.0 * (v + j) / x;
        d += bj;
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
        if (delta - 1.0).abs() <= 2.3e-16 || j > 1.0e8 {
            break;
        }
    }
    f
}

/// `((x/2)^v / Gamma(v+1) sum_k (s x^2/4)^k / (k! (v+1)...(v+k)), m)` for `v >= 0` and
/// `x > 0`, the value scaled by `2^(930 m)`: `I_v` (`s = 1`, used for `x <= 2 sqrt(v + 1)`:
/// every ratio of terms below 1 from the first) and `J_v` (`s = -1`, for `x^2 <= v + 1`:
/// ratios below 1/4, so the alternating sum loses nothing). The prefactor is
/// `(x/2)^mu / Gamma(1+mu)` times `n` factors `(x/2)/(mu+k)`, rescaled as it falls.
#[device_fn]
fn bessel_series(v: f64, x: f64, s: f64) -> (f64, f64) {
    let n = (v + 0.5).floor();
    let mu = v - n;
    let (_g1, _g2, rg_plus, _rg_minus): (f64, f64, f64, f64) = rgamma_parts(mu);
    let mut p = x.powf(mu) * (-mu * std::f64::consts::LN_2).exp() * rg_plus;
    let mut m = 0.0f64;
    let half = 0.5 * x;
    let mut k = 1.0f64;
    while k <= n {
        p *= half / (mu + k);
        if p < 1.0e-200 {
            if m > 0.0 {
                // Below 1e-480 and falling: underflow.
                return (0.0, -1.0);
            }
            p /= 1.101803207925311e-280;
            m = 1.0;
        }
        k += 1.0;
    }
    if p < 1.0e-200 {
        // x/2 itself is tiny (v < 1): bring p up once.
        p /= 1.101803207925311e-280;
        m += 1.0;
    }
    let d = s * 0.25 * x * x;
    let mut term = 1.0f64;
    let mut sum = 1.0f64;
    let mut j = 1.0f64;
    while term.abs() > 1.0e-17 * sum.abs() {
        term *= d / (j * (v + j));
        sum += term;
        j += 1.0;
    }
    (p * sum, m)
}

/// `(e^-x I_v(x), m)` for `0 <= v <= 2^53` and a finite `x > 0`, the value scaled by
/// `2^(930 m)` (`m >= 0`; -1: underflow certain).
#[device_fn]
pub(crate) fn ive_pos(v: f64, x: f64) -> (f64, f64) {
    if x * x <= 4.0 * (v + 1.0) {
        let (i, m): (f64, f64) = bessel_series(v, x, 1.0);
        return (i * (-x).exp(), m);
    }
    if x >= 1000.0 && 4.0 * v * v <= x {
        // e^-x I_v ~ sum_k (-1)^k a_k(v) / x^k / sqrt(2 pi x),
        // a_k = a_(k-1) (4v^2 - (2k-1)^2) / (8k).
        let mu4 = 4.0 * v * v;
        let mut term = 1.0f64;
        let mut sum = 1.0f64;
        let mut k = 1.0f64;
        while term.abs() > 1.0e-17 * sum.abs() && k < 60.0 {
            let odd = 2.0 * k - 1.0;
            term *= -(mu4 - odd * odd) / (8.0 * k * x);
            sum += term;
            k += 1.0;
        }
        return (sum / (2.0 * std::f64::consts::PI * x).sqrt(), 0.0);
    }
    let r = i_ratio(v, x);
    // I_v = 1 / (x (K_(v+1) + r K_v)): on e^x K, e^-x I_v = 1 / (x (eK_(v+1) + r eK_v)).
    let (a, b, m): (f64, f64, f64) = ke_pair(v, x, 760.0 - x.ln());
    if m < 0.0 {
        (0.0, -1.0)
    } else {
        (1.0 / (x * (b + r * a)), m)
    }
}

/// `e^-x I_v(x)` for any real `v` (not NaN, finite) and a finite `x > 0`, and the factor
/// `2^(-930 m)` as `m`.
#[device_fn]
fn ive_any(v: f64, x: f64) -> (f64, f64) {
    let av = v.abs();
    let (i, m): (f64, f64) = ive_pos(av, x);
    let s = sinpi(av);
    if v >= 0.0 || s == 0.0 {
        (i, m)
    } else {
        // I_-v = I_v + (2/pi) sin(v pi) K_v; e^-x K_v = eK_v e^-2x.
        let (a, _b, mk): (f64, f64, f64) = ke_pair(av, x, 710.0 + x);
        if mk < 0.0 {
            (s * f64::INFINITY, 0.0)
        } else {
            let term = std::f64::consts::FRAC_2_PI * s * scaled_exp(a, mk, -2.0 * x);
            (scaled_exp(i, -m, 0.0) + term, 0.0)
        }
    }
}

/// `v` is an integer (finite).
#[device_fn]
fn is_integer(v: f64) -> bool {
    v.trunc() == v && v.is_finite()
}

/// `(-1)^v` for an integer `v`.
#[device_fn]
fn sign_of_power(v: f64) -> f64 {
    if (0.5 * v).floor() * 2.0 == v {
        1.0
    } else {
        -1.0
    }
}

/// The modified Bessel function of the first kind of real order `I_v(x)` (SciPy's `iv` for
/// real `x`): `I_v(-x) = (-1)^v I_v(x)` for integer `v`, NaN for other `v` at `x < 0`;
/// NaN at `x = +-inf`, 0 for `v = +-inf` (SciPy's values).
///
/// Example: [the module](self).
#[device_fn]
pub fn iv(v: f64, x: f64) -> f64 {
    let integral: bool = is_integer(v);
    if v.is_nan() || x.is_nan() || x.is_infinite() {
        f64::NAN
    } else if v.is_infinite() {
        0.0
    } else if x == 0.0 {
        if v == 0.0 {
            1.0
        } else if v > 0.0 || integral {
            0.0
        } else {
            f64::INFINITY
        }
    } else if x < 0.0 && !integral {
        f64::NAN
    } else if v.abs() > 9.007199254740992e15 {
        f64::NAN
    } else {
        let ax = x.abs();
        let sign = if x < 0.0 { sign_of_power(v) } else { 1.0 };
        let (i, m): (f64, f64) = ive_any(v, ax);
        if m < 0.0 {
            0.0
        } else {
            sign * scaled_exp(i, -m, ax)
        }
    }
}

/// The exponentially scaled `e^-|x| I_v(x)` (SciPy's `ive` for real `x`): NaN at
/// `x = +-inf` and for `v = +-inf`; at `x = 0` NaN for a negative non-integer `v`.
///
/// Example: [the module](self).
#[device_fn]
pub fn ive(v: f64, x: f64) -> f64 {
    let integral: bool = is_integer(v);
    if v.is_nan() || x.is_nan() || x.is_infinite() || v.is_infinite() {
        f64::NAN
    } else if x == 0.0 {
        if v == 0.0 {
            1.0
        } else if v > 0.0 || integral {
            0.0
        } else {
            f64::NAN
        }
    } else if x < 0.0 && !integral {
        f64::NAN
    } else if v.abs() > 9.007199254740992e15 {
        f64::NAN
    } else {
        let ax = x.abs();
        let sign = if x < 0.0 { sign_of_power(v) } else { 1.0 };
        let (i, m): (f64, f64) = ive_any(v, ax);
        if m < 0.0 {
            0.0
        } else {
            sign * scaled_exp(i, -m, 0.0)
        }
    }
}

/// The modified Bessel function of the second kind of real order `K_v(x)` (SciPy's `kv` for
/// real `x`): `K_-v = K_v`, `inf` at 0, NaN for `x < 0`, 0 at `inf`, NaN for `v = +-inf`.
///
/// Example: [the module](self).
#[device_fn]
pub fn kv(v: f64, x: f64) -> f64 {
    if x.is_nan() {
        x
    } else if x == 0.0 {
        f64::INFINITY
    } else if x < 0.0 || v.is_nan() || v.is_infinite() || v.abs() > 9.007199254740992e15 {
        f64::NAN
    } else if x == f64::INFINITY {
        0.0
    } else {
        let (a, _b, m): (f64, f64, f64) = ke_pair(v.abs(), x, 710.0);
        if m < 0.0 {
            f64::INFINITY
        } else {
            scaled_exp(a, m, -x)
        }
    }
}

/// The exponentially scaled `e^x K_v(x)` (SciPy's `kve` for real `x`): `inf` at 0, NaN for
/// `x < 0`, at `x = inf` and for `v = +-inf`.
///
/// Example: [the module](self).
#[device_fn]
pub fn kve(v: f64, x: f64) -> f64 {
    if x.is_nan() {
        x
    } else if x == 0.0 {
        f64::INFINITY
    } else if x < 0.0 || x == f64::INFINITY || v.is_nan() || v.is_infinite() {
        f64::NAN
    } else if v.abs() > 9.007199254740992e15 {
        f64::NAN
    } else {
        let (a, _b, m): (f64, f64, f64) = ke_pair(v.abs(), x, 710.0 - x);
        if m < 0.0 {
            f64::INFINITY
        } else {
            scaled_exp(a, m, 0.0)
        }
    }
}

// --- J_v, Y_v ---

/// `(Y_mu(x), Y_(mu+1)(x))` for `|mu| <= 1/2` and `0 < x < 2` (Temme's series).
#[device_fn]
fn temme_y(mu: f64, x: f64) -> (f64, f64) {
    let (g1, g2, rg_plus, rg_minus): (f64, f64, f64, f64) = rgamma_parts(mu);
    let half = 0.5 * x;
    let pimu = std::f64::consts::PI * mu;
    let fact = if mu == 0.0 { 1.0 } else { pimu / pimu.sin() };
    let d = std::f64::consts::LN_2 - x.ln(); // ln(2/x)
    let sigma = mu * d;
    let fact2 = if sigma.abs() < 1.0e-10 {
        1.0 + sigma * sigma / 6.0
    } else {
        sigma.sinh() / sigma
    };
    let mut ff = std::f64::consts::FRAC_2_PI * fact * (g1 * sigma.cosh() + g2 * fact2 * d);
    let e = sigma.exp(); // (x/2)^-mu
    let mut p = e / (rg_plus * std::f64::consts::PI); // (x/2)^-mu Gamma(1+mu) / pi
    let mut q = 1.0 / (e * std::f64::consts::PI * rg_minus); // (x/2)^mu Gamma(1-mu) / pi
    let pimu2 = 0.5 * pimu;
    let fact3 = if pimu2 == 0.0 {
        1.0
    } else {
        pimu2.sin() / pimu2
    };
    let r = std::f64::consts::PI * pimu2 * fact3 * fact3;
    let mut c = 1.0f64;
    let dd = -half * half;
    let mut sum = ff + r * q;
    let mut sum1 = p;
    let mut i = 1.0f64;
    loop {
        ff = (i * ff + p + q) / (i * i - mu * mu);
        c *= dd / i;
        p /= i - mu;
        q /= i + mu;
        let del = c * (ff + r * q);
        sum += del;
        sum1 += c * p - i * del;
        if del.abs() < 1.0e-17 * (1.0 + sum.abs()) || i > 500.0 {
            break;
        }
        i += 1.0;
    }
    (-sum, -2.0 * sum1 / x)
}

/// `(J_v(x), Y_v(x))` for `v >= 0` and `x >= max(25, v^2)` (finite): Hankel's asymptotic
/// expansion `sqrt(2/(pi x)) (P cos chi - Q sin chi, P sin chi + Q cos chi)`, `chi = x -
/// (v/2 + 1/4) pi`, with `cos chi` from `cos x`, `sin x` and `cospi`/`sinpi` of `v/2 + 1/4`
/// (no rounding of `chi` itself).
#[device_fn]
fn hankel_jy(v: f64, x: f64) -> (f64, f64) {
    let mu4 = 4.0 * v * v;
    let mut p = 1.0f64;
    let mut q = 0.0f64;
    let mut term = 1.0f64;
    let mut k = 1.0f64;
    while k < 200.0 {
        let odd = 2.0 * k - 1.0;
        term *= (mu4 - odd * odd) / (8.0 * k * x);
        // P = a0 - a2/x^2 + a4/x^4 ..., Q = a1/x - a3/x^3 + ...
        let quarter = k - 4.0 * (0.25 * k).floor(); // k mod 4
        if quarter == 1.0 {
            q += term;
        } else if quarter == 2.0 {
            p -= term;
        } else if quarter == 3.0 {
            q -= term;
        } else {
            p += term;
        }
        if term.abs() < 1.0e-17 {
            break;
        }
        k += 1.0;
    }
    let a = 0.5 * v + 0.25;
    let ca = cospi(a);
    let sa = sinpi(a);
    let sx = x.sin();
    let cx = x.cos();
    let c = cx * ca + sx * sa; // cos(chi)
    let s = sx * ca - cx * sa; // sin(chi)
    let f = (std::f64::consts::FRAC_2_PI / x).sqrt();
    (f * (p * c - q * s), f * (p * s + q * c))
}

/// `p + iq = (J'_mu + iY'_mu) / (J_mu + iY_mu)` for `x >= 2` from the continued fraction
/// CF2 (Steed's method in complex arithmetic).
#[device_fn]
fn steed_pq(mu: f64, x: f64) -> (f64, f64) {
    let tiny = 1.0e-300f64;
    let xi = 1.0 / x;
    let mut a = 0.25 - mu * mu;
    let mut p = -0.5 * xi;
    let mut q = 1.0f64;
    let br = 2.0 * x;
    let mut bi = 2.0f64;
    let mut fc = a * xi / (p * p + q * q);
    let mut cr = br + q * fc;
    let mut ci = bi + p * fc;
    let mut den = br * br + bi * bi;
    let mut dr = br / den;
    let mut di = -bi / den;
    let mut dlr = cr * dr - ci * di;
    let mut dli = cr * di + ci * dr;
    let mut t = p * dlr - q * dli;
    q = p * dli + q * dlr;
    p = t;
    let mut k = 2.0f64;
    loop {
        a += 2.0 * (k - 1.0);
        bi += 2.0;
        dr = a * dr + br;
        di = a * di + bi;
        if dr.abs() + di.abs() < tiny {
            dr = tiny;
        }
        fc = a / (cr * cr + ci * ci);
        cr = br + cr * fc;
        ci = bi - ci * fc;
        if cr.abs() + ci.abs() < tiny {
            cr = tiny;
        }
        den = dr * dr + di * di;
        dr /= den;
        di /= -den;
        dlr = cr * dr - ci * di;
        dli = cr * di + ci * dr;
        t = p * dlr - q * dli;
        q = p * dli + q * dlr;
        p = t;
        if (dlr - 1.0).abs() + dli.abs() <= 2.3e-16 || k > 1.0e6 {
            break;
        }
        k += 1.0;
    }
    (p, q)
}

/// `Y_v` from `Y_mu`, `Y_(mu+1)` by the forward recurrence over `n` orders (stable: `Y`
/// grows with the order), stopped at the first overflow.
#[device_fn]
fn y_up(mu: f64, n: f64, x: f64, y0: f64, y1: f64) -> f64 {
    if n == 0.0 {
        return y0;
    }
    let mut a = y0;
    let mut b = y1;
    let mut k = 1.0f64;
    while k < n && b.is_finite() {
        let t = 2.0 * (mu + k) / x * b - a;
        a = b;
        b = t;
        k += 1.0;
    }
    b
}

/// `J'_v / J_v` for `v >= 0`, `x > 0` from the continued fraction CF1 (Lentz), with the
/// sign of `J_v` it implies (`(f, sign)`).
#[device_fn]
fn j_ratio(v: f64, x: f64) -> (f64, f64) {
    let tiny = 1.0e-300f64;
    let mut sign = 1.0f64;
    let mut h = (v / x).max(tiny);
    let mut d = 0.0f64;
    let mut c = h;
    let mut i = 1.0f64;
    loop {
        // b_i = 2 (v + i) / x, fresh at each step (a running sum would drift).
        let b = 2.0 * (v + i) / x;
        d = b - d;
        if d.abs() < tiny {
            d = tiny;
        }
        c = b - 1.0 / c;
        if c.abs() < tiny {
            c = tiny;
        }
        d = 1.0 / d;
        let del = c * d;
        h *= del;
        if d < 0.0 {
            sign = -sign;
        }
        // (The fraction converges only past the turning point v + i > x.)
        if ((del - 1.0).abs() <= 2.3e-16 && b > 2.0) || i > 1.0e8 {
            break;
        }
        i += 1.0;
    }
    (h, sign)
}

/// `(J_v(x), Y_v(x))` for `0 <= v <= 2^53` and a finite `x > 0`.
#[device_fn]
pub(crate) fn jy_pos(v: f64, x: f64) -> (f64, f64) {
    if x >= 25.0 && x >= v * v {
        return hankel_jy(v, x);
    }
    let nl = (v + 0.5).floor();
    let mu = v - nl;
    if x < 2.0 && x * x <= v + 1.0 {
        // J from its series; Y from Temme's series and the forward recurrence.
        let (js, ms): (f64, f64) = bessel_series(v, x, -1.0);
        let j = if ms < 0.0 {
            0.0
        } else {
            scaled_exp(js, -ms, 0.0)
        };
        let (y0, y1): (f64, f64) = temme_y(mu, x);
        return (j, y_up(mu, nl, x, y0, y1));
    }
    let (h, isign): (f64, f64) = j_ratio(v, x);
    // Down from v to mu with J_v taken as isign (J_(k-1) = k/x J_k + J'_k, J'_(k-1) =
    // (k-1)/x J_(k-1) - J_k, k/x fresh each step), rescaled by 2^-930 past 1e280.
    let mut rjl = isign;
    let mut rjpl = h * rjl;
    let mut m = 0.0f64;
    let mut l = nl;
    while l > 0.0 {
        let t = (mu + l) / x * rjl + rjpl;
        rjpl = (mu + l - 1.0) / x * t - rjl;
        rjl = t;
        if rjl.abs() > 1.0e280 {
            rjl *= 1.101803207925311e-280;
            rjpl *= 1.101803207925311e-280;
            m += 1.0;
        }
        l -= 1.0;
    }
    if rjl == 0.0 {
        rjl = 1.0e-300;
    }
    let f = rjpl / rjl;
    let w = 2.0 / (std::f64::consts::PI * x);
    // (true J_mu or J_(mu+1)) / (its recurrence value), Y_mu, Y_(mu+1).
    let (norm, y0, y1): (f64, f64, f64) = if x < 2.0 {
        let (y0, y1): (f64, f64) = temme_y(mu, x);
        let y0p = mu / x * y0 - y1;
        (w / (y0p - f * y0) / rjl, y0, y1)
    } else {
        let (p, q): (f64, f64) = steed_pq(mu, x);
        let gam = (p - f) / q;
        let jmu = (w / ((p - f) * gam + q)).sqrt().copysign(rjl);
        let y0 = jmu * gam;
        // (J' + iY') = (p + iq)(J + iY): Y' and J' without f, which is inexact near a
        // zero of J_mu; there J_(mu+1) normalises (the two never vanish together).
        let y0p = p * y0 + q * jmu;
        let j1 = mu / x * jmu - (p * jmu - q * y0);
        let norm = if j1.abs() > jmu.abs() {
            j1 / (mu / x * rjl - rjpl)
        } else {
            jmu / rjl
        };
        (norm, y0, mu / x * y0 - y0p)
    };
    let j = if x * x <= v + 1.0 {
        let (js, ms): (f64, f64) = bessel_series(v, x, -1.0);
        if ms < 0.0 {
            0.0
        } else {
            scaled_exp(js, -ms, 0.0)
        }
    } else {
        scaled_exp(isign * norm, -m, 0.0)
    };
    (j, y_up(mu, nl, x, y0, y1))
}

/// `(J_v(x), Y_v(x))` for a finite `v` (`|v| <= 2^53`) and a finite `x > 0`, negative orders
/// by `J_-v = cos(v pi) J_v - sin(v pi) Y_v`, `Y_-v = sin(v pi) J_v + cos(v pi) Y_v`
/// (integers: `(-1)^v` exactly).
#[device_fn]
fn jy_any(v: f64, x: f64) -> (f64, f64) {
    let av = v.abs();
    let (j, y): (f64, f64) = jy_pos(av, x);
    if v >= 0.0 {
        (j, y)
    } else {
        let s = sinpi(av);
        let c = cospi(av);
        if s == 0.0 {
            (c * j, c * y)
        } else if c == 0.0 {
            (-s * y, s * j)
        } else {
            (c * j - s * y, s * j + c * y)
        }
    }
}

/// The Bessel function of the first kind of real order `J_v(x)` (SciPy's `jv` for real
/// `x`): `J_v(-x) = (-1)^v J_v(x)` for integer `v`, NaN for other `v` at `x < 0`; NaN at
/// `x = +-inf`; at 0: 1 for `v = 0`, 0 for integer or positive `v`, `+-inf` for negative
/// non-integer `v` (the sign of `Gamma(1 + v)`); for `v = +-inf` 0 up to `x = 2`, NaN
/// beyond (SciPy's values).
///
/// Example: [the module](self).
#[device_fn]
pub fn jv(v: f64, x: f64) -> f64 {
    let integral: bool = is_integer(v);
    if v.is_nan() || x.is_nan() || x.is_infinite() {
        f64::NAN
    } else if x == 0.0 {
        if v == 0.0 {
            1.0
        } else if v > 0.0 || integral || v.is_infinite() {
            0.0
        } else {
            // (x/2)^v / Gamma(1 + v): the sign of Gamma(1 + v).
            gammasgn(1.0 + v) * f64::INFINITY
        }
    } else if x < 0.0 && !integral {
        f64::NAN
    } else if v.is_infinite() {
        // SciPy's values: 0 up to x = 2, NaN beyond.
        if x <= 2.0 {
            0.0
        } else {
            f64::NAN
        }
    } else if v.abs() > 9.007199254740992e15 {
        f64::NAN
    } else {
        let sign = if x < 0.0 { sign_of_power(v) } else { 1.0 };
        let (j, _y): (f64, f64) = jy_any(v, x.abs());
        sign * j
    }
}

/// `J_v(x)` as SciPy's `jve` computes it for real `x` (`e^-|Im x|` is 1 there): as
/// [`jv`], but NaN for `v = +-inf` and at `x = 0` for a negative non-integer `v`.
///
/// Example: [the module](self).
#[device_fn]
pub fn jve(v: f64, x: f64) -> f64 {
    let integral: bool = is_integer(v);
    if v.is_infinite() || (x == 0.0 && v < 0.0 && !integral) {
        f64::NAN
    } else {
        jv(v, x)
    }
}

/// The Bessel function of the second kind of real order `Y_v(x)` (SciPy's `yv` for real
/// `x`): NaN for `x < 0` and at `x = +-inf`; at 0 `-inf`, or `+inf` for a negative `v`
/// with `cos(v pi) < 0`; NaN for `v = +-inf` at `x > 0`.
///
/// Example: [the module](self).
#[device_fn]
pub fn yv(v: f64, x: f64) -> f64 {
    if v.is_nan() || x.is_nan() || x.is_infinite() || x < 0.0 {
        f64::NAN
    } else if x == 0.0 {
        if v < 0.0 && (std::f64::consts::PI * v).cos() < 0.0 {
            // Y_-v = cos(v pi) Y_v + ...: SciPy's sign of cos(v pi) (as rounded).
            f64::INFINITY
        } else {
            f64::NEG_INFINITY
        }
    } else if v.is_infinite() || v.abs() > 9.007199254740992e15 {
        f64::NAN
    } else {
        let (_j, y): (f64, f64) = jy_any(v, x);
        y
    }
}

/// `Y_v(x)` as SciPy's `yve` computes it for real `x`: as [`yv`], but NaN at `x = 0` and
/// for `v = +-inf`.
///
/// Example: [the module](self).
#[device_fn]
pub fn yve(v: f64, x: f64) -> f64 {
    if x == 0.0 || v.is_infinite() {
        f64::NAN
    } else {
        yv(v, x)
    }
}
