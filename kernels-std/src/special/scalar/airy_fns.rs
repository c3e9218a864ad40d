//! The Airy functions of a real argument: `airy` (`Ai`, `Ai'`, `Bi`, `Bi'`) and `airye`
//! (the same scaled by `e^(zeta)` and `e^(-zeta)`, `zeta = 2/3 x^(3/2)`).
//!
//! Method, by the size of `|x|`:
//! - `|x| <= 1`: the Maclaurin series `Ai = c1 f - c2 g`, `Bi = sqrt(3) (c1 f + c2 g)` with
//!   `f = sum 3^k (1/3)_k x^(3k) / (3k)!` and `g = sum 3^k (2/3)_k x^(3k+1) / (3k+1)!` (and
//!   their derivatives), `c1 = Ai(0)`, `c2 = -Ai'(0)` (at most a factor 3 of cancellation).
//! - `1 < |x| < 9` (`zeta < 18`): the Bessel functions of order `1/3` and `2/3` at `zeta`
//!   ([`bessel_real`](super::bessel_real)'s CF2 / Temme series for `e^z K`, CF1 and the
//!   Wronskian for `e^-z I`, Steed's method for `J`, `Y`): `Ai(x) = sqrt(x/3) K_1/3 / pi`,
//!   `Bi(x) = sqrt(x/3) (2 I_1/3 + sqrt(3)/pi K_1/3)`; `Ai(-x) = sqrt(x)/2 (J_1/3 - Y_1/3 /
//!   sqrt(3))`, `Bi(-x) = -sqrt(x)/2 (J_1/3 / sqrt(3) + Y_1/3)`, the derivatives with order
//!   `2/3` (DLMF 9.6).
//! - `|x| >= 9`: the asymptotic expansions in `1/zeta` (DLMF 9.7.5-9.7.12; at `zeta = 18`
//!   the smallest term is below `2e-17`), with `zeta` in double-double: `e^(+-zeta)` as
//!   `e^(+-hi) (1 +- lo)` and, for `x < 0`, the phase `zeta - pi/4` reduced modulo `pi/2`
//!   with `pi/2` in four parts (exact products by `mul_add`), so that large arguments keep
//!   their accuracy (SciPy's AMOS loses about `zeta` ULPs of the phase).
//!
//! Special values: NaN gives NaN; `Ai(+inf) = Ai'(+inf) = 0`, `Bi(+inf) = Bi'(+inf) = inf`,
//! (SciPy: NaN); NaN at `-inf` and below `x = -1e10` (where the phase reduction would need
//! more of `pi`; SciPy: NaN from about `-1.05e6`, its AMOS limit). Overflow is `inf` (SciPy: NaN from `x = 104`).
//! `airye`'s `e^zeta Ai` and `e^zeta Ai'` are NaN for `x < 0` (SciPy's real loop).
//!
//! ```
//! use kernels_std::special::scalar as sp;
//! let close = |a: f64, b: f64| (a / b - 1.0).abs() < 1e-14;
//! let (ai, aip, bi, bip) = sp::airy(1.0);
//! assert!(close(ai, 0.1352924163128814) && close(aip, -0.1591474412967932));
//! assert!(close(bi, 1.2074235949528713) && close(bip, 0.9324359333927756));
//! let (eai, _, ebi, _) = sp::airye(100.0);
//! assert!(close(eai, 0.0891969209363304) && close(ebi, 0.17843101117083544));
//! ```

use super::bessel::times_exp;
use super::bessel_real::{ive_pos, jy_pos, ke_pair};
use super::dd::{dd_add, dd_mul, quick_two_sum, two_prod, two_sum};
use crate::prelude::*;

/// `(Ai, Ai', Bi, Bi')` for `|x| <= 1` from the Maclaurin series.
#[device_fn]
fn airy_series(x: f64) -> (f64, f64, f64, f64) {
    let x3 = x * x * x;
    // f, f', g, g' with their k-th terms
    let mut tf = 1.0f64;
    let mut f = 1.0f64;
    let mut tfp = 0.5 * x * x;
    let mut fp = tfp;
    let mut tg = x;
    let mut g = x;
    let mut tgp = 1.0f64;
    let mut gp = 1.0f64;
    let mut k = 1.0f64;
    while k < 40.0 {
        tf *= x3 / ((3.0 * k - 1.0) * (3.0 * k));
        tg *= x3 / ((3.0 * k) * (3.0 * k + 1.0));
        tgp *= x3 / ((3.0 * k) * (3.0 * k - 2.0));
        if k > 1.0 {
            tfp *= x3 / ((3.0 * k - 3.0) * (3.0 * k - 1.0));
            fp += tfp;
        }
        f += tf;
        g += tg;
        gp += tgp;
        if tf.abs() < 1.0e-17 * f.abs() && tgp.abs() < 1.0e-17 * gp.abs() {
            break;
        }
        k += 1.0;
    }
    let (a, b) = (0.3550280538878172 * f, 0.2588194037928068 * g);
    let (ap, bp) = (0.3550280538878172 * fp, 0.2588194037928068 * gp);
    let s3 = 1.7320508075688772f64;
    (a - b, ap - bp, s3 * (a + b), s3 * (ap + bp))
}

/// `zeta = 2/3 z^(3/2)` for `z > 0` as a double-double.
#[device_fn]
fn zeta_dd(z: f64) -> (f64, f64) {
    if z == 0.0 || z > 1.0e200 {
        // (zeta = inf from 1.3e205: the results are their limits)
        return (0.6666666666666666 * z * z.sqrt(), 0.0);
    }
    let s = z.sqrt();
    let sl = (-s).mul_add(s, z) / (2.0 * s);
    let (p, pe): (f64, f64) = two_prod(z, s);
    let (ph, pl): (f64, f64) = quick_two_sum(p, pe + z * sl);
    dd_mul(ph, pl, 0.6666666666666666, 3.700743415417188e-17)
}

/// The sums `(sum_k (-1)^k u_2k / zeta^2k, sum_k (-1)^k u_(2k+1) / zeta^(2k+1))` and the same
/// of `v_k` (DLMF 9.7.2: `u_k = u_(k-1) (6k-5)(6k-3)(6k-1) / ((2k-1) 216 k)`, `v_k = -u_k
/// (6k+1)/(6k-1)`), signs `(-1)^k` on `u_k` with `s = -1` (the decaying side), or all
/// alternating in pairs (`s = 0`, the oscillating side): returns `(p_u, q_u, p_v, q_v)`,
/// where for `s = +-1` the first holds the whole sum `sum s^k u_k / zeta^k` and the second 0.
#[device_fn]
fn asymptotic_sums(zeta: f64, s: f64) -> (f64, f64, f64, f64) {
    let r = 1.0 / zeta;
    let mut u = 1.0f64;
    let mut w = 1.0f64; // r^k
    let mut pu = 1.0f64;
    let mut qu = 0.0f64;
    let mut pv = 1.0f64;
    let mut qv = 0.0f64;
    // the terms fall until about k = 2 zeta
    let kmax = (2.0 * zeta).min(60.0);
    let mut k = 1.0f64;
    while k < kmax {
        u *= (6.0 * k - 5.0) * (6.0 * k - 3.0) * (6.0 * k - 1.0) / ((2.0 * k - 1.0) * 216.0 * k);
        w *= r;
        let tu = u * w;
        let tv = -u * (6.0 * k + 1.0) / (6.0 * k - 1.0) * w;
        if s != 0.0 {
            // s^k
            let sk = if s < 0.0 && (k * 0.5).fract() != 0.0 {
                -1.0
            } else {
                1.0
            };
            pu += sk * tu;
            pv += sk * tv;
        } else {
            // (-1)^floor(k/2) into the even (p) or odd (q) sum
            let half = (k * 0.5).floor();
            let sg = if (half * 0.5).fract() != 0.0 {
                -1.0
            } else {
                1.0
            };
            if (k * 0.5).fract() == 0.0 {
                pu += sg * tu;
                pv += sg * tv;
            } else {
                qu += sg * tu;
                qv += sg * tv;
            }
        }
        if tu.abs() < 1.0e-17 && tv.abs() < 1.0e-17 {
            break;
        }
        k += 1.0;
    }
    (pu, qu, pv, qv)
}

/// `(cos(zeta - pi/4), sin(zeta - pi/4))` for `zeta = zh + zl` below about `2^52`.
#[device_fn]
fn phase(zh: f64, zl: f64) -> (f64, f64) {
    let (th, tl): (f64, f64) = dd_add(zh, zl, -0.7853981633974483, -3.061616997868383e-17);
    let k = (th * std::f64::consts::FRAC_2_PI).round();
    // th - k P1 exactly (Sterbenz), then the rest of k pi/2 in parts
    let (a1, e1): (f64, f64) = two_prod(k, 1.5707963267948966);
    let d = th - a1;
    let (a2, e2): (f64, f64) = two_prod(k, 6.123233995736766e-17);
    let (a3, e3): (f64, f64) = two_prod(k, -1.4973849048591698e-33);
    let a4 = k * 5.562271104311117e-50;
    let (rh, rl): (f64, f64) = two_sum(d, -a2);
    let rl = rl + (tl - e1 - e2 - a3 - e3 - a4);
    let (rh, rl): (f64, f64) = quick_two_sum(rh, rl);
    let c0 = rh.cos() - rh.sin() * rl;
    let s0 = rh.sin() + rh.cos() * rl;
    let q = k - 4.0 * (k * 0.25).floor();
    if q == 0.0 {
        (c0, s0)
    } else if q == 1.0 {
        (-s0, c0)
    } else if q == 2.0 {
        (-c0, -s0)
    } else {
        (s0, -c0)
    }
}

/// `(Ai, Ai', Bi, Bi')` of `x = -z` for `z >= 9` (at most 1e10).
#[device_fn]
fn airy_neg_asymptotic(z: f64) -> (f64, f64, f64, f64) {
    let (zh, zl): (f64, f64) = zeta_dd(z);
    let (c, s): (f64, f64) = phase(zh, zl);
    let (pu, qu, pv, qv): (f64, f64, f64, f64) = asymptotic_sums(zh, 0.0);
    let q = z.sqrt().sqrt();
    let a = 0.5641895835477563 / q;
    let d = 0.5641895835477563 * q;
    (
        a * (c * pu + s * qu),
        d * (s * pv - c * qv),
        a * (c * qu - s * pu),
        d * (c * pv + s * qv),
    )
}

/// `(e^zeta Ai, e^zeta Ai', e^-zeta Bi, e^-zeta Bi', zeta_hi, zeta_lo)` for `x >= 9`.
#[device_fn]
fn airy_pos_asymptotic(x: f64) -> (f64, f64, f64, f64, f64, f64) {
    let (zh, zl): (f64, f64) = zeta_dd(x);
    let (pd, _qd, pvd, _qvd): (f64, f64, f64, f64) = asymptotic_sums(zh, -1.0);
    let (pg, _qg, pvg, _qvg): (f64, f64, f64, f64) = asymptotic_sums(zh, 1.0);
    let q = x.sqrt().sqrt();
    let a = 0.5641895835477563 / q;
    let d = 0.5641895835477563 * q;
    (0.5 * a * pd, -0.5 * d * pvd, a * pg, d * pvg, zh, zl)
}

/// `(e^zeta Ai, e^zeta Ai', e^-zeta Bi, e^-zeta Bi')` for `1 < x < 9` from the Bessel
/// functions of order 1/3 and 2/3.
#[device_fn]
fn airy_pos_bessel(x: f64, zeta: f64) -> (f64, f64, f64, f64) {
    let (k13, _k43, _m1): (f64, f64, f64) = ke_pair(1.0 / 3.0, zeta, 1000.0);
    let (k23, _k53, _m2): (f64, f64, f64) = ke_pair(2.0 / 3.0, zeta, 1000.0);
    let (i13, _m3): (f64, f64) = ive_pos(1.0 / 3.0, zeta);
    let (i23, _m4): (f64, f64) = ive_pos(2.0 / 3.0, zeta);
    let e2 = (-2.0 * zeta).exp();
    let r = (x / 3.0).sqrt();
    (
        std::f64::consts::FRAC_1_PI * r * k13,
        -x * 0.5773502691896257 * std::f64::consts::FRAC_1_PI * k23,
        r * (2.0 * i13 + 0.5513288954217921 * k13 * e2),
        x * 0.5773502691896257 * (2.0 * i23 + 0.5513288954217921 * k23 * e2),
    )
}

/// `(Ai, Ai', Bi, Bi')` of `x = -z` for `1 < z < 9` from `J` and `Y` of order 1/3 and 2/3.
#[device_fn]
fn airy_neg_bessel(z: f64, zeta: f64) -> (f64, f64, f64, f64) {
    let (j13, y13): (f64, f64) = jy_pos(1.0 / 3.0, zeta);
    let (j23, y23): (f64, f64) = jy_pos(2.0 / 3.0, zeta);
    let r = 0.5 * z.sqrt();
    let h = 0.5 * z;
    (
        r * (j13 - 0.5773502691896257 * y13),
        h * (j23 + 0.5773502691896257 * y23),
        -r * (0.5773502691896257 * j13 + y13),
        h * (0.5773502691896257 * j23 - y23),
    )
}

/// The Airy functions `(Ai(x), Ai'(x), Bi(x), Bi'(x))` of a real `x` (SciPy's `airy`),
/// within a few ULPs (of the local amplitude where `x < 0`); see the module for the
/// special values and where they differ from SciPy's.
///
/// Example: [the module](self).
#[device_fn]
pub fn airy(x: f64) -> (f64, f64, f64, f64) {
    if x.is_nan() || x < -1.0e10 {
        (f64::NAN, f64::NAN, f64::NAN, f64::NAN)
    } else if x == f64::INFINITY {
        (0.0, 0.0, f64::INFINITY, f64::INFINITY)
    } else if x.abs() <= 1.0 {
        airy_series(x)
    } else if x < -9.0 {
        airy_neg_asymptotic(-x)
    } else if x < 0.0 {
        let z = -x;
        airy_neg_bessel(z, 2.0 / 3.0 * z * z.sqrt())
    } else if x < 9.0 {
        let zeta = 2.0 / 3.0 * x * x.sqrt();
        let (a, ap, b, bp): (f64, f64, f64, f64) = airy_pos_bessel(x, zeta);
        let e = (-zeta).exp();
        (a * e, ap * e, b / e, bp / e)
    } else {
        let (a, ap, b, bp, zh, zl): (f64, f64, f64, f64, f64, f64) = airy_pos_asymptotic(x);
        (
            times_exp(a * (1.0 - zl), -zh),
            times_exp(ap * (1.0 - zl), -zh),
            times_exp(b * (1.0 + zl), zh),
            times_exp(bp * (1.0 + zl), zh),
        )
    }
}

/// The exponentially scaled Airy functions `(e^zeta Ai(x), e^zeta Ai'(x), e^-|Re zeta|
/// Bi(x), e^-|Re zeta| Bi'(x))`, `zeta = 2/3 x^(3/2)`, of a real `x` (SciPy's `airye`): the
/// first two NaN for `x < 0` (SciPy's real loop), the last two `Bi`, `Bi'` there.
///
/// Example: [the module](self).
#[device_fn]
pub fn airye(x: f64) -> (f64, f64, f64, f64) {
    if x.is_nan() || x < -1.0e10 {
        (f64::NAN, f64::NAN, f64::NAN, f64::NAN)
    } else if x == f64::INFINITY {
        (0.0, f64::NEG_INFINITY, 0.0, f64::INFINITY)
    } else if x < 0.0 {
        let (_a, _ap, b, bp): (f64, f64, f64, f64) = airy(x);
        (f64::NAN, f64::NAN, b, bp)
    } else if x <= 1.0 {
        let (a, ap, b, bp): (f64, f64, f64, f64) = airy_series(x);
        let (zh, zl): (f64, f64) = zeta_dd(x);
        let e = zh.exp() * (1.0 + zl);
        (a * e, ap * e, b / e, bp / e)
    } else if x < 9.0 {
        airy_pos_bessel(x, 2.0 / 3.0 * x * x.sqrt())
    } else {
        let (a, ap, b, bp, _zh, _zl): (f64, f64, f64, f64, f64, f64) = airy_pos_asymptotic(x);
        (a, ap, b, bp)
    }
}
