//! The modified Bessel functions `I_v(w)` and `K_v(w)` of real order `v >= 0` and complex
//! argument `w` in the closed right half plane (`Re w >= 0`, `w != 0`, finite), scaled:
//! `e^(-Re w) I_v(w)` and `e^w K_v(w)`. The complex Bessel functions of
//! [`complex_bessel`](super::complex_bessel) are built on them (AMOS's plan).
//!
//! Regions (`a = |w|`):
//! - `a >= max(30, v^2/4)`: the large-argument (Hankel) expansions `K_v(w) ~ sqrt(pi/(2w))
//!   e^-w sum a_k(v) w^-k`, `I_v(w) ~ e^w/sqrt(2 pi w) sum (-1)^k a_k(v) w^-k + i s e^(i s pi
//!   v) e^-w/sqrt(2 pi w) sum a_k(v) w^-k` (`s` the sign of `Im w`; DLMF 10.40.2, 10.40.5),
//!   summed until the terms fall below `1e-17` relative.
//! - otherwise `K` at the order `mu = v - round(v)` (`|mu| <= 1/2`) and `mu + 1`: for `a <= 2`
//!   Temme's series (`1/Gamma(1 +- mu)` from their Taylor series, so that `mu -> 0` keeps its
//!   digits), beyond Steed's continued fraction CF2 with Temme's normalisation; then the
//!   forward recurrence `K_(u+1) = K_(u-1) + 2u/w K_u` (stable: `K` is the dominant solution).
//! - `I`: its power series where `a <= 2` or `a^2 <= 4 (v + 1)` (terms falling from the
//!   first, the cancellation on the imaginary axis bounded by `e^2`); else the continued
//!   fraction CF1 for `I_(v+1)/I_v` (modified Lentz) and the Wronskian `I_v K_(v+1) + I_(v+1)
//!   K_v = 1/w`.

use super::gamma_fns::{cospi, gammaln, rgamma, sinpi};
use crate::prelude::*;

/// `a / b` by Smith's algorithm (no overflow or underflow of `|b|^2`).
#[device_fn]
pub(crate) fn cb_div(a: c128, b: c128) -> c128 {
    if b.re.abs() >= b.im.abs() {
        let r = b.im / b.re;
        let t = b.re + b.im * r;
        Complex::new((a.re + a.im * r) / t, (a.im - a.re * r) / t)
    } else {
        let r = b.re / b.im;
        let t = b.re * r + b.im;
        Complex::new((a.re * r + a.im) / t, (a.im * r - a.re) / t)
    }
}

/// `1 / b` by Smith's algorithm.
#[device_fn]
fn cb_inv(b: c128) -> c128 {
    cb_div(Complex::new(1.0, 0.0), b)
}

/// `e^(i pi t)`, exact at integer and half-integer `t`.
#[device_fn]
pub(crate) fn cb_phase(t: f64) -> c128 {
    let c: f64 = cospi(t);
    let s: f64 = sinpi(t);
    Complex::new(c, s)
}

/// `w e^(m + i p)` without spurious overflow: the phase first (none where `p` is 0), `e^m` in
/// two halves, each part scaled only where it is not 0 (no `0 * inf`).
#[device_fn]
pub(crate) fn cb_mul_exp(w: c128, m: f64, p: f64) -> c128 {
    let r = if p == 0.0 {
        w
    } else {
        let c = p.cos();
        let s = p.sin();
        Complex::new(c * w.re - s * w.im, c * w.im + s * w.re)
    };
    let h = (0.5 * m).exp();
    let re = if r.re == 0.0 { r.re } else { r.re * h * h };
    let im = if r.im == 0.0 { r.im } else { r.im * h * h };
    Complex::new(re, im)
}

/// `(1/Gamma(1 - mu) - 1/Gamma(1 + mu)) / (2 mu)` and `(1/Gamma(1 - mu) + 1/Gamma(1 + mu)) /
/// 2`, `|mu| <= 1/2`, from the Taylor series `1/Gamma(1 + x) = sum c_k x^k` (mpmath): the odd
/// and the even part.
#[device_fn]
fn cb_temme_gammas(mu: f64) -> (f64, f64) {
    let odd = [
        0.5772156649015328606,
        -0.042002635034095235529,
        -0.042197734555544336748,
        0.0072189432466630995424,
        -0.00021524167411495097282,
        -0.000020134854780788238656,
        1.1330272319816958824e-6,
        6.1160951044814158179e-9,
        -1.1812745704870201446e-9,
        7.782263439905071254e-12,
        5.100370287454475979e-13,
    ];
    let even = [
        1.0,
        -0.65587807152025388108,
        0.1665386113822914895,
        -0.0096219715278769735621,
        -0.0011651675918590651121,
        0.00012805028238811618615,
        -1.2504934821426706573e-6,
        -2.0563384169776071035e-7,
        5.0020076444692229301e-9,
        1.0434267116911005105e-10,
        -3.6968056186422057082e-12,
        -2.0583260535665067832e-14,
    ];
    let m2 = mu * mu;
    let mut o = odd[10];
    for j in 0..10 {
        o = o * m2 + odd[9 - j];
    }
    let mut e = even[11];
    for j in 0..11 {
        e = e * m2 + even[10 - j];
    }
    (-o, e)
}

/// `(K_mu(w), K_(mu+1)(w))` by Temme's series, `|mu| <= 1/2`, `0 < |w| <= 2`.
#[device_fn]
fn cb_k_temme(mu: f64, w: c128) -> (c128, c128) {
    let half = w * 0.5;
    let d = -(half.ln()); // ln(2/w)
    let e = d * mu;
    let (g1, g2): (f64, f64) = cb_temme_gammas(mu);
    let gampl = g2 - mu * g1; // 1/Gamma(1 + mu)
    let gammi = g2 + mu * g1; // 1/Gamma(1 - mu)
    let fact = if mu == 0.0 {
        1.0
    } else {
        let sm: f64 = sinpi(mu);
        std::f64::consts::PI * mu / sm
    };
    let ep: c128 = e.exp(); // (2/w)^mu
    let em: c128 = cb_inv(ep);
    let cosh = (ep + em) * 0.5;
    // sinh(e)/e
    let fact2 = if e.norm() < 0.25 {
        let e2 = e * e;
        let mut s = Complex::new(1.0, 0.0);
        let mut k = 7;
        while k > 0 {
            let kf = k as f64;
            s = 1.0 + e2 * s / ((2.0 * kf) * (2.0 * kf + 1.0));
            k -= 1;
        }
        s
    } else {
        let r: c128 = cb_div((ep - em) * 0.5, e);
        r
    };
    let mut ff = (cosh * g1 + fact2 * d * g2) * fact;
    let mut sum = ff;
    let mut p = ep * (0.5 / gampl);
    let mut q = em * (0.5 / gammi);
    let mut c = Complex::new(1.0, 0.0);
    let dd = half * half;
    let mut sum1 = p;
    let m2 = mu * mu;
    let mut i = 1;
    while i < 200 {
        let fi = i as f64;
        ff = (ff * fi + p + q) / (fi * fi - m2);
        c = c * dd / fi;
        p = p / (fi - mu);
        q = q / (fi + mu);
        let del = c * ff;
        sum = sum + del;
        let del1 = c * (p - ff * fi);
        sum1 = sum1 + del1;
        if del.norm() < 1e-17 * sum.norm() && del1.norm() < 1e-17 * sum1.norm() {
            break;
        }
        i += 1;
    }
    let k1: c128 = cb_div(sum1 * 2.0, w);
    (sum, k1)
}

/// `(e^w K_mu(w), e^w K_(mu+1)(w))` by Steed's continued fraction CF2 with Temme's
/// normalisation, `|mu| <= 1/2`, `|w| > 2`, `Re w >= 0`.
#[device_fn]
fn cb_k_steed(mu: f64, w: c128) -> (c128, c128) {
    let m2 = mu * mu;
    let mut b = (w + 1.0) * 2.0;
    let mut d: c128 = cb_inv(b);
    let mut h = d;
    let mut delh = d;
    let mut q1 = Complex::new(0.0, 0.0);
    let mut q2 = Complex::new(1.0, 0.0);
    let a1 = 0.25 - m2;
    let mut q = Complex::new(a1, 0.0);
    let mut c = a1;
    let mut a = -a1;
    let mut s = q * delh + 1.0;
    let mut i = 1;
    while i < 20000 {
        let fi = i as f64;
        a -= 2.0 * fi;
        c = -a * c / (fi + 1.0);
        let qnew = (q1 - b * q2) / a;
        q1 = q2;
        q2 = qnew;
        q = q + qnew * c;
        b = b + 2.0;
        let dn: c128 = cb_inv(b + d * a);
        d = dn;
        delh = (b * d - 1.0) * delh;
        h = h + delh;
        let dels = q * delh;
        s = s + dels;
        if dels.norm() < 1e-17 * s.norm() {
            break;
        }
        i += 1;
    }
    let h = h * a1;
    let wi: c128 = cb_inv(w);
    let kmu: c128 = cb_div((wi * (0.5 * std::f64::consts::PI)).sqrt(), s);
    let kmu1: c128 = cb_div(kmu * (w + (mu + 0.5) - h), w);
    (kmu, kmu1)
}

/// `I_(v+1)(w) / I_v(w)` by the continued fraction CF1 (modified Lentz), `v >= 0`.
#[device_fn]
fn cb_i_ratio(v: f64, w: c128) -> c128 {
    let tiny = 1e-300;
    let wi: c128 = cb_inv(w);
    let mut f = Complex::new(tiny, 0.0);
    let mut c = f;
    let mut d = Complex::new(0.0, 0.0);
    let mut k = 1;
    while k < 100000 {
        let b = wi * (2.0 * (v + k as f64));
        d = b + d;
        if d.re == 0.0 && d.im == 0.0 {
            d = Complex::new(tiny, 0.0);
        }
        let ci: c128 = cb_inv(c);
        c = b + ci;
        if c.re == 0.0 && c.im == 0.0 {
            c = Complex::new(tiny, 0.0);
        }
        let di: c128 = cb_inv(d);
        d = di;
        let delta = c * d;
        f = f * delta;
        if (delta - 1.0).norm() < 1e-16 {
            break;
        }
        k += 1;
    }
    f
}

/// `e^(-Re w) I_v(w)` by its power series `(w/2)^v / Gamma(v + 1) sum (w^2/4)^k / (k! (v +
/// 1)_k)`.
#[device_fn]
fn cb_i_series(v: f64, w: c128) -> c128 {
    let q = w * w * 0.25;
    let mut t = Complex::new(1.0, 0.0);
    let mut s = t;
    let mut k = 1;
    while k < 1000 {
        let kf = k as f64;
        t = t * q / (kf * (v + kf));
        s = s + t;
        if t.norm() < 1e-17 * s.norm() {
            break;
        }
        k += 1;
    }
    let a = w.norm();
    let th = v * w.im.atan2(w.re);
    if v <= 100.0 {
        let g: f64 = rgamma(v + 1.0);
        let m = (0.5 * a).powf(v) * g;
        let r: c128 = cb_mul_exp(s * m, -w.re, th);
        r
    } else {
        let lg: f64 = gammaln(v + 1.0);
        let r: c128 = cb_mul_exp(s, v * (0.5 * a).ln() - lg - w.re, th);
        r
    }
}

/// `(e^(-Re w) I_v(w), e^w K_v(w))` by the large-argument expansions.
#[device_fn]
fn cb_ik_asymptotic(v: f64, w: c128) -> (c128, c128) {
    let m = 4.0 * v * v;
    let wi: c128 = cb_inv(w);
    let mut t = Complex::new(1.0, 0.0);
    let mut sp = t; // sum a_k w^-k
    let mut sm = t; // sum (-1)^k a_k w^-k
    let mut k = 1;
    let mut last = 1.0;
    while k < 500 {
        let kf = k as f64;
        let o = 2.0 * kf - 1.0;
        t = t * wi * ((m - o * o) / (8.0 * kf));
        let tn = t.norm();
        if tn > last && kf > v + 1.0 {
            break; // the terms grow again: the smallest has been added
        }
        last = tn;
        sp = sp + t;
        if k % 2 == 1 {
            sm = sm - t;
        } else {
            sm = sm + t;
        }
        if tn < 1e-17 * sp.norm().min(sm.norm()) {
            break;
        }
        k += 1;
    }
    let r = (w * (2.0 * std::f64::consts::PI)).sqrt();
    // e^(-x) I = [e^(iy) S- + i s e^(i s pi v) e^(-2x - iy) S+] / sqrt(2 pi w)
    let s = if w.im >= 0.0 { 1.0 } else { -1.0 };
    let first: c128 = cb_mul_exp(sm, 0.0, w.im);
    let e: c128 = cb_phase(s * v);
    let ph = e * Complex::new(0.0, s);
    let second: c128 = cb_mul_exp(ph * sp, -2.0 * w.re, -w.im);
    let is: c128 = cb_div(first + second, r);
    let ks: c128 = cb_div(sp * std::f64::consts::PI, r);
    (is, ks)
}

/// `(e^(-Re w) I_v(w), e^w K_v(w))` for `v >= 0`, `Re w >= 0`, `w != 0` finite.
///
/// ```
/// use kernels_std::c128;
/// use kernels_std::special::scalar as sp;
/// let (i, k) = sp::ik_scaled(0.5, c128::new(1.0, 1.0));
/// let w = c128::new(1.0, 1.0);
/// // I_1/2(w) = sqrt(2/(pi w)) sinh(w), K_1/2(w) = sqrt(pi/(2w)) e^-w
/// let ie = (2.0 / (std::f64::consts::PI * w)).sqrt() * (w.exp() - (-w).exp()) * 0.5 * (-1.0f64).exp();
/// let ke = (std::f64::consts::PI / (2.0 * w)).sqrt();
/// assert!((i - ie).norm() < 1e-15 * ie.norm() && (k - ke).norm() < 1e-15 * ke.norm());
/// ```
#[device_fn]
pub fn ik_scaled(v: f64, w: c128) -> (c128, c128) {
    let a = w.norm();
    if a >= 30.0 && a >= 0.25 * v * v {
        let (is, ks): (c128, c128) = cb_ik_asymptotic(v, w);
        (is, ks)
    } else {
        let n = (v + 0.5).floor();
        let mu = v - n;
        let (k0s, k1s): (c128, c128) = if a <= 2.0 {
            let (k0, k1): (c128, c128) = cb_k_temme(mu, w);
            let e = w.exp();
            (k0 * e, k1 * e)
        } else {
            let (k0, k1): (c128, c128) = cb_k_steed(mu, w);
            (k0, k1)
        };
        let wi: c128 = cb_inv(w);
        let mut k0 = k0s;
        let mut k1 = k1s;
        let nn = n as i64;
        let mut j = 1;
        while j <= nn {
            let kn = k0 + k1 * wi * (2.0 * (mu + j as f64));
            k0 = k1;
            k1 = kn;
            j += 1;
        }
        if !(k0.re.is_finite() && k0.im.is_finite()) {
            // overflow (tiny |w|, large v): SciPy's inf (+ 0 i on the real axis)
            let im = if w.im == 0.0 { 0.0 } else { f64::NAN };
            k0 = Complex::new(f64::INFINITY, im);
            k1 = k0;
        }
        let is = if a <= 2.0 || a * a <= 4.0 * (v + 1.0) {
            let r: c128 = cb_i_series(v, w);
            r
        } else {
            let f: c128 = cb_i_ratio(v, w);
            let den = w * (k1 + f * k0);
            let di: c128 = cb_inv(den);
            let r: c128 = cb_mul_exp(di, 0.0, w.im);
            r
        };
        (is, k0)
    }
}
