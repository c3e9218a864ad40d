//! The exponential integrals and their relatives: `exp1` (`E1`), `expi` (`Ei`), `expn`
//! (`E_n`), `sici` (`Si`, `Ci`), `shichi` (`Shi`, `Chi`), `spence` (the dilogarithm
//! `Li2(1 - x)`), for real arguments.
//!
//! ```
//! use kernels_std::special::scalar as sp;
//! assert!((sp::exp1(1.0) - 0.21938393439552029).abs() < 1e-16);
//! assert!((sp::expi(1.0) - 1.8951178163559368).abs() < 1e-15);
//! assert!((sp::expn(2.0, 1.0) - 0.14849550677592205).abs() < 1e-16);
//! let (si, ci) = sp::sici(1.0);
//! assert!((si - 0.94608307036718302).abs() < 1e-16 && (ci - 0.33740392290096813).abs() < 1e-16);
//! let (shi, chi) = sp::shichi(1.0);
//! assert!((shi - 1.0572508753757286).abs() < 1e-15 && (chi - 0.83786694098020824).abs() < 1e-16);
//! assert!((sp::spence(2.0) + std::f64::consts::PI.powi(2) / 12.0).abs() < 1e-15);
//! ```
//!
//! Methods. `E_n(x)` (`E1` is `n = 1`): for `x <= 1` its power series
//! `(-x)^(n-1) / (n-1)! (psi(n) - ln x) - sum_(k != n-1) (-x)^k / ((k - n + 1) k!)`, above
//! the continued fraction `e^(-x) / (x + n - 1 (n) / (x + n + 2 - 2 (n + 1) / (x + n + 4 - ...)))`
//! by the modified Lentz algorithm (which converges for every `n` there). `Ei(x)` for
//! `0 < x <= 40` from its power series around its zero `x0 = 0.3725...` (held to 106 bits):
//! `Ei(x) = ln(x / x0) + sum (x^k - x0^k) / (k k!)`, whose differences come from the
//! recurrence `x^k - x0^k = x (x^(k-1) - x0^(k-1)) + x0^(k-1) (x - x0)`, so that every term
//! has the sign of `x - x0` and nothing cancels, also at the zero; above 40 the asymptotic
//! series `e^x / x sum k! / x^k` (its smallest term is below `1e-16` there), and
//! `Ei(-x) = -E1(x)`. `Chi` and `Ci` the same way around their first zeros (`Shi`, `Si`
//! from their power series); `Shi`, `Chi` above 40 as `Ei(x) / 2` (`E1(x) / Ei(x)` is
//! below `e^-80` there); `Si`, `Ci` above 2 from the continued fraction of `E1(ix)`
//! (complex Lentz) and above 40 from the asymptotic series of the auxiliary functions
//! `f`, `g` (`Si = pi/2 - f cos x - g sin x`, `Ci = f sin x - g cos x`). Near the zeros of
//! `Ci` above 2 its error is absolute (a few ULPs of `f` and `g`). `spence(x) = Li2(1 - x)`
//! from the series in `u = -ln(1 - z)`, `Li2(z) = u - u^2/4 + sum B_2k u^(2k+1) / (2k+1)!`
//! for `-1 <= z <= 1/2`, with the reflections `z -> 1 - z` and `z -> 1/z` elsewhere.

use super::gamma_fns::digamma;
use crate::prelude::*;

/// `ln(x / r)` for the root `r = r_hi + r_lo` of a function, `d = x - r`, `ln_r = ln r`.
#[device_fn]
fn expint_ln_ratio(x: f64, d: f64, r: f64, ln_r: f64) -> f64 {
    if d.abs() < 0.5 * r {
        (d / r).ln_1p()
    } else {
        x.ln() - ln_r
    }
}

/// `E_n(x)` for an integral `n >= 1` and `0 < x <= 1`: the power series.
#[device_fn]
fn expn_series(n: f64, x: f64) -> f64 {
    let nm1 = n - 1.0;
    let mut sum = if nm1 != 0.0 {
        1.0 / nm1
    } else {
        -x.ln() - 0.5772156649015329
    };
    let mut fact = 1.0;
    let mut i: f64 = 1.0;
    while i < 1000.0 {
        fact *= -x / i;
        let del = if i != nm1 {
            -fact / (i - nm1)
        } else {
            fact * (digamma(n) - x.ln())
        };
        sum += del;
        if del.abs() < sum.abs() * 1e-17 {
            break;
        }
        i += 1.0;
    }
    sum
}

/// `e^x E_n(x)` for an integral `n >= 1` and `x > 1`: the continued fraction (modified
/// Lentz).
#[device_fn]
fn expn_fraction(n: f64, x: f64) -> f64 {
    let mut b = x + n;
    let mut c = 1e300;
    let mut d = 1.0 / b;
    let mut h = d;
    let mut i: f64 = 1.0;
    while i < 10000.0 {
        let a = -i * (n - 1.0 + i);
        b += 2.0;
        d = 1.0 / a.mul_add(d, b);
        c = b + a / c;
        let del = c * d;
        h *= del;
        if (del - 1.0).abs() < 1e-16 {
            break;
        }
        i += 1.0;
    }
    h
}

/// `h e^-x` without a spurious underflow or double rounding where `e^-x` is tiny.
#[device_fn]
fn expint_scale(h: f64, x: f64) -> f64 {
    if x > 700.0 {
        let e = (-0.5 * x).exp();
        h * e * e
    } else {
        h * (-x).exp()
    }
}

/// The generalized exponential integral `E_n(x) = int_1^inf e^(-x t) / t^n dt` (SciPy's
/// `expn`): `n` is truncated to an integer (as SciPy's `double` loop does); NaN for `n < 0`
/// or `x < 0`; `E_n(0) = 1 / (n - 1)` (`inf` for `n <= 1`).
///
/// Example: [the family's page](self).
#[device_fn]
pub fn expn(n: f64, x: f64) -> f64 {
    if n.is_nan() || x.is_nan() || n < 0.0 || x < 0.0 {
        return f64::NAN;
    }
    let n = n.trunc();
    if x == f64::INFINITY {
        return 0.0;
    }
    if n.is_infinite() {
        return if x == 0.0 { 0.0 } else { f64::NAN };
    }
    if x == 0.0 {
        return if n <= 1.0 {
            f64::INFINITY
        } else {
            1.0 / (n - 1.0)
        };
    }
    if n == 0.0 {
        return expint_scale(1.0 / x, x);
    }
    if x <= 1.0 {
        expn_series(n, x)
    } else {
        expint_scale(expn_fraction(n, x), x)
    }
}

/// The exponential integral `E1(x) = int_x^inf e^-t / t dt` (SciPy's `exp1` for real `x`):
/// `inf` at 0, NaN for `x < 0`.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn exp1(x: f64) -> f64 {
    if x.is_nan() || x < 0.0 {
        f64::NAN
    } else if x == 0.0 {
        f64::INFINITY
    } else if x == f64::INFINITY {
        0.0
    } else if x <= 1.0 {
        expn_series(1.0, x)
    } else {
        expint_scale(expn_fraction(1.0, x), x)
    }
}

/// `c Ei(x)` for `x > 40` (`c` 1 or 1/2): `e^x / x` times the asymptotic series (`Ei`
/// finite up to 716.7, `Ei / 2` to 717.4).
#[device_fn]
fn expi_large(x: f64, c: f64) -> f64 {
    let mut sum = 1.0;
    let mut term = 1.0;
    let mut k: f64 = 1.0;
    while k < 60.0 {
        let next = term * k / x;
        if next.abs() >= term.abs() {
            break;
        }
        term = next;
        sum += term;
        if term < 1e-17 * sum {
            break;
        }
        k += 1.0;
    }
    let e = (0.5 * x).exp();
    e * (e / x * sum * c)
}

/// `Ei(x)` for `0 < x <= 40`: the series around its zero (see the module's doc).
#[device_fn]
fn expi_series(x: f64) -> f64 {
    let r = 0.3725074107813666;
    let d = (x - r) - 1.3140183414386028e-17;
    let mut sum = 0.0;
    let mut e = d;
    let mut p = 1.0;
    let mut k: f64 = 1.0;
    while k < 500.0 {
        let term = e / k;
        sum += term;
        if term.abs() <= 1e-17 * sum.abs() {
            break;
        }
        p = p * r / k;
        k += 1.0;
        e = x.mul_add(e, p * d) / k;
    }
    expint_ln_ratio(x, d, r, -0.9874983466453419) + sum
}

/// The exponential integral `Ei(x) = -PV int_-x^inf e^-t / t dt` (SciPy's `expi` for real
/// `x`): `-inf` at 0, `-0.0` at `-inf`, `-E1(-x)` for `x < 0`.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn expi(x: f64) -> f64 {
    if x.is_nan() {
        f64::NAN
    } else if x == 0.0 {
        f64::NEG_INFINITY
    } else if x < 0.0 {
        -exp1(-x)
    } else if x == f64::INFINITY {
        x
    } else if x <= 40.0 {
        expi_series(x)
    } else {
        expi_large(x, 1.0)
    }
}

/// `(Si(x), Ci(x))` for `0 < x <= 2`: the power series (`Ci` around its zero).
#[device_fn]
fn sici_series(x: f64) -> (f64, f64) {
    let xx = x * x;
    // Si
    let mut si = x;
    let mut t = x;
    let mut k: f64 = 1.0;
    while k < 100.0 {
        t = -t * xx / ((2.0 * k) * (2.0 * k + 1.0));
        let term = t / (2.0 * k + 1.0);
        si += term;
        if term.abs() <= 1e-17 * si.abs() {
            break;
        }
        k += 1.0;
    }
    // Ci: ln(x / c) + sum (-1)^k (x^2k - c^2k) / (2k (2k)!)
    let c = 0.6165054856207163;
    let d = (x - c) + 4.209920321433186e-17;
    let cc = c * c;
    let dd = d * (x + c);
    let mut sum = 0.0;
    let mut e = 0.0;
    let mut q = 1.0;
    let mut sign = -1.0;
    let mut k: f64 = 1.0;
    while k < 100.0 {
        let f = (2.0 * k) * (2.0 * k - 1.0);
        e = xx.mul_add(e, q * dd) / f;
        q = q * cc / f;
        let term = sign * e / (2.0 * k);
        sum += term;
        if term.abs() <= 1e-17 * sum.abs() {
            break;
        }
        sign = -sign;
        k += 1.0;
    }
    (si, expint_ln_ratio(x, d, c, -0.48368805841129714) + sum)
}

/// `(f(x), g(x))`, the auxiliary functions of `Si` and `Ci`, for `x > 2`: from the
/// continued fraction of `E1(ix)` (complex modified Lentz) below 40, the asymptotic series
/// above.
#[device_fn]
fn sici_aux(x: f64) -> (f64, f64) {
    if x > 40.0 {
        let r = 1.0 / (x * x);
        let mut f = 1.0;
        let mut g = 1.0;
        let mut tf = 1.0;
        let mut tg = 1.0;
        let mut k: f64 = 1.0;
        while k < 30.0 {
            let nf = -tf * (2.0 * k - 1.0) * (2.0 * k) * r;
            let ng = -tg * (2.0 * k) * (2.0 * k + 1.0) * r;
            if nf.abs() >= tf.abs() || nf.abs() < 1e-18 {
                break;
            }
            tf = nf;
            tg = ng;
            f += tf;
            g += tg;
            k += 1.0;
        }
        return (f / x, g * r);
    }
    // h = e^(ix) E1(ix) = f - i g (f, g real).
    let mut br = 1.0;
    let bi = x;
    let mut cr = 1e100;
    let mut ci = 0.0;
    let den0 = br * br + bi * bi;
    let mut dr = br / den0;
    let mut di = -bi / den0;
    let mut hr = dr;
    let mut hi = di;
    let mut i: f64 = 1.0;
    while i < 1000.0 {
        let a = -i * i;
        br += 2.0;
        // d = 1 / (a d + b)
        let ur = a.mul_add(dr, br);
        let ui = a.mul_add(di, bi);
        let den = ur * ur + ui * ui;
        dr = ur / den;
        di = -ui / den;
        // c = b + a / c
        let cden = cr * cr + ci * ci;
        cr = br + a * cr / cden;
        ci = bi - a * ci / cden;
        let delr = cr * dr - ci * di;
        let deli = cr * di + ci * dr;
        let nr = hr * delr - hi * deli;
        hi = hr * deli + hi * delr;
        hr = nr;
        if (delr - 1.0).abs() + deli.abs() < 1e-16 {
            break;
        }
        i += 1.0;
    }
    (-hi, hr)
}

/// The sine and cosine integrals `(Si(x), Ci(x))` (SciPy's `sici` for real `x`):
/// `Si(x) = int_0^x sin t / t dt` (odd), `Ci(x) = gamma + ln x + int_0^x (cos t - 1) / t dt`,
/// `Ci(x)` for `x < 0` being `Ci(|x|)` (the real part, as SciPy), `Ci(0) = -inf`,
/// `Ci(-inf)` NaN.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn sici(x: f64) -> (f64, f64) {
    if x.is_nan() {
        return (f64::NAN, f64::NAN);
    }
    let a = x.abs();
    if a == 0.0 {
        return (x, f64::NEG_INFINITY);
    }
    if a == f64::INFINITY {
        let ci = if x > 0.0 { 0.0 } else { f64::NAN };
        return ((0.5 * std::f64::consts::PI).copysign(x), ci);
    }
    let (si, ci): (f64, f64) = if a <= 2.0 {
        sici_series(a)
    } else {
        let (f, g): (f64, f64) = sici_aux(a);
        let (s, c) = (a.sin(), a.cos());
        (0.5 * std::f64::consts::PI - f * c - g * s, f * s - g * c)
    };
    (si.copysign(x), ci)
}

/// `(Shi(x), Chi(x))` for `0 < x <= 40`: the power series (`Chi` around its zero).
#[device_fn]
fn shichi_series(x: f64) -> (f64, f64) {
    let xx = x * x;
    let mut shi = x;
    let mut t = x;
    let mut k: f64 = 1.0;
    while k < 200.0 {
        t = t * xx / ((2.0 * k) * (2.0 * k + 1.0));
        let term = t / (2.0 * k + 1.0);
        shi += term;
        if term <= 1e-17 * shi {
            break;
        }
        k += 1.0;
    }
    let c = 0.5238225713898644;
    let d = (x - c) + 2.6671382575502846e-17;
    let cc = c * c;
    let dd = d * (x + c);
    let mut sum = 0.0;
    let mut e = 0.0;
    let mut q = 1.0;
    let mut k: f64 = 1.0;
    while k < 200.0 {
        let f = (2.0 * k) * (2.0 * k - 1.0);
        e = xx.mul_add(e, q * dd) / f;
        q = q * cc / f;
        let term = e / (2.0 * k);
        sum += term;
        if term.abs() <= 1e-17 * sum.abs() {
            break;
        }
        k += 1.0;
    }
    (shi, expint_ln_ratio(x, d, c, -0.646602256218263) + sum)
}

/// The hyperbolic sine and cosine integrals `(Shi(x), Chi(x))` (SciPy's `shichi` for real
/// `x`): `Shi` odd, `Chi(x)` for `x < 0` being `Chi(|x|)` (the real part, as SciPy),
/// `Chi(0) = -inf`; both overflow to `inf` beyond 717.4 (SciPy already beyond 710).
///
/// Example: [the family's page](self).
#[device_fn]
pub fn shichi(x: f64) -> (f64, f64) {
    if x.is_nan() {
        return (f64::NAN, f64::NAN);
    }
    let a = x.abs();
    if a == 0.0 {
        return (x, f64::NEG_INFINITY);
    }
    let (shi, chi): (f64, f64) = if a <= 40.0 {
        shichi_series(a)
    } else if a == f64::INFINITY {
        (a, a)
    } else {
        let h = expi_large(a, 0.5);
        (h, h)
    };
    (shi.copysign(x), chi)
}

/// `Li2(z)` for `-1 <= z <= 1/2` from `u = -ln(1 - z)` (`om = 1 - z` exact or `z` exact).
#[device_fn]
fn dilog_core(u: f64) -> f64 {
    let uu = u * u;
    let p: [f64; 11] = [
        0.027777777777777776,
        -0.0002777777777777778,
        4.72411186696901e-06,
        -9.185773074661964e-08,
        1.8978869988971e-09,
        -4.0647616451442256e-11,
        8.921691020456452e-13,
        -1.9939295860721074e-14,
        4.518980029619918e-16,
        -1.0356517612181247e-17,
        2.395218621026187e-19,
    ];
    let mut s = p[10];
    let mut i = 9;
    while i >= 0 {
        s = s.mul_add(uu, p[i as usize]);
        i -= 1;
    }
    // u - u^2/4 + u^3 s
    (uu * u).mul_add(s, u - 0.25 * uu)
}

/// Spence's function `int_1^x ln t / (t - 1) dt = Li2(1 - x)` (SciPy's `spence` for real
/// `x`): NaN for `x < 0` and at `inf` (as SciPy), `pi^2/6` at 0, 0 at 1.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn spence(x: f64) -> f64 {
    let pi2_6 = 1.6449340668482264;
    if x.is_nan() || x < 0.0 || x == f64::INFINITY {
        f64::NAN
    } else if x == 0.0 {
        pi2_6
    } else if x < 0.5 {
        // Li2(1 - x) = pi^2/6 - ln x ln(1 - x) - Li2(x)
        pi2_6 - x.ln() * (-x).ln_1p() - dilog_core(-(-x).ln_1p())
    } else if x <= 2.0 {
        // z = 1 - x exact, u = -ln x
        dilog_core(-x.ln())
    } else {
        // Li2(z) = -pi^2/6 - ln^2(-z) / 2 - Li2(1/z), z = 1 - x < -1, 1/z = -1/(x - 1)
        let w = x - 1.0;
        let l = w.ln();
        -pi2_6 - 0.5 * l * l - dilog_core(-(1.0 / w).ln_1p())
    }
}
