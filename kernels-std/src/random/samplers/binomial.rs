//! Binomial variates.

use crate::prelude::*;

use super::super::exact_math::{exp, ln, log1p};
use super::super::stream::draw;
use super::super::uniform::unit_f64;

/// A binomial variate of `n >= 0` trials of probability `p` in `[0, 1]` (checked by the
/// callers): the variate of `min(p, 1 - p)` (reflected as `n - x` when `p > 1/2`), by
/// inversion when `n min(p, 1 - p) <= 30`, else by BTPE.
#[device_fn]
pub fn binomial_at(k0: u32, k1: u32, block: u64, half: u32, sub: u32, n: i64, p: f64) -> i64 {
    if n == 0 || p == 0.0 {
        return 0;
    }
    if p == 1.0 {
        return n;
    }
    let reflect = p > 0.5;
    let r = if reflect { 1.0 - p } else { p };
    let x: i64 = if r * (n as f64) <= 30.0 {
        binomial_inversion(k0, k1, block, half, sub, n, r)
    } else {
        binomial_btpe(k0, k1, block, half, sub, n, r)
    };
    if reflect {
        n - x
    } else {
        x
    }
}

/// Inversion for `p <= 1/2` and `n p <= 30`: walk the probabilities
/// `P(x) = P(x - 1) (n - x + 1) p / (x q)` from `P(0) = q^n` until they exceed the uniform;
/// start over with a new uniform past `min(n, np + 10 sqrt(npq + 1))` (where the walk's
/// rounding errors would matter; the tail beyond is below `1e-20`).
#[device_fn]
pub fn binomial_inversion(
    k0: u32,
    k1: u32,
    block: u64,
    half: u32,
    sub: u32,
    n: i64,
    p: f64,
) -> i64 {
    let q = 1.0 - p;
    let nf = n as f64;
    let lq: f64 = log1p(0.0 - p);
    let qn: f64 = exp(nf * lq);
    let np = nf * p;
    let bound = nf.min(np + 10.0 * (np * q + 1.0).sqrt());
    let mut j = 0u32;
    let w: u64 = draw(k0, k1, block, half, sub, j);
    j += 1;
    let mut u: f64 = unit_f64(w);
    let mut x = 0i64;
    let mut px = qn;
    while u > px {
        x += 1;
        if x as f64 > bound {
            x = 0;
            px = qn;
            let w: u64 = draw(k0, k1, block, half, sub, j);
            j += 1;
            u = unit_f64(w);
        } else {
            u -= px;
            let xf = x as f64;
            px = ((nf - xf + 1.0) * p * px) / (xf * q);
        }
    }
    x
}

/// `ln(Gamma(x)) - ((x - 1/2) ln x - x + ln(2 pi)/2)` for `x >= 1`: Stirling's correction to
/// the `x^-9` term (BTPE's final test).
#[device_fn]
pub fn stirling_correction(x: f64) -> f64 {
    let x2 = x * x;
    (13860.0 - (462.0 - (132.0 - (99.0 - 140.0 / x2) / x2) / x2) / x2) / x / 166320.0
}

/// BTPE (Kachitvichyanukul and Schmeiser, "Binomial random variate generation", 1988) for
/// `p <= 1/2` and `n p > 30`: a triangle, two parallelograms and two exponential tails over
/// the mode `m`, accepted at once in the triangle, else by the ratio `f(y) / f(m)`: evaluated
/// by its recurrence when `y` is within 20 of the mode (or far in the tail), else bounded by
/// a squeeze and finally compared with its Stirling expansion.
#[device_fn]
pub fn binomial_btpe(k0: u32, k1: u32, block: u64, half: u32, sub: u32, n: i64, p: f64) -> i64 {
    let nf = n as f64;
    let q = 1.0 - p;
    let fm = nf * p + p;
    let m = fm.floor();
    let npq = nf * p * q;
    let p1 = (2.195 * npq.sqrt() - 4.6 * q).floor() + 0.5;
    let xm = m + 0.5;
    let xl = xm - p1;
    let xr = xm + p1;
    let c = 0.134 + 20.5 / (15.3 + m);
    let al = (fm - xl) / (fm - xl * p);
    let lam_l = al * (1.0 + 0.5 * al);
    let ar = (xr - fm) / (xr * q);
    let lam_r = ar * (1.0 + 0.5 * ar);
    let p2 = p1 * (1.0 + 2.0 * c);
    let p3 = p2 + c / lam_l;
    let p4 = p3 + c / lam_r;
    let mut j = 0u32;
    let y = loop {
        let wu: u64 = draw(k0, k1, block, half, sub, j);
        let wv: u64 = draw(k0, k1, block, half, sub, j + 1);
        j += 2;
        let u: f64 = unit_f64(wu) * p4;
        let mut v: f64 = unit_f64(wv);
        if u <= p1 {
            // The triangle: accepted.
            break (xm - p1 * v + u).floor();
        }
        let y = if u <= p2 {
            // The parallelograms.
            let x = xl + (u - p1) / c;
            v = v * c + 1.0 - (m - x + 0.5).abs() / p1;
            if v > 1.0 {
                continue;
            }
            x.floor()
        } else if u <= p3 {
            // The left exponential tail.
            let lv: f64 = ln(v);
            let y = (xl + lv / lam_l).floor();
            if y < 0.0 {
                continue;
            }
            v = v * (u - p2) * lam_l;
            y
        } else {
            // The right exponential tail.
            let lv: f64 = ln(v);
            let y = (xr - lv / lam_r).floor();
            if y > nf {
                continue;
            }
            v = v * (u - p3) * lam_r;
            y
        };
        let k = (y - m).abs();
        if k <= 20.0 || k >= npq / 2.0 - 1.0 {
            // f(y) / f(m) by the recurrence f(i) / f(i - 1) = (n + 1) s / i - s, s = p / q.
            let s = p / q;
            let a = s * (nf + 1.0);
            let mut f = 1.0;
            if m < y {
                let mut i = m + 1.0;
                while i <= y {
                    f *= a / i - s;
                    i += 1.0;
                }
            } else if m > y {
                let mut i = y + 1.0;
                while i <= m {
                    f /= a / i - s;
                    i += 1.0;
                }
            }
            if v <= f {
                break y;
            }
            continue;
        }
        // The squeeze: ln(f(y) / f(m)) lies within rho of -k^2 / (2 npq).
        let rho = (k / npq) * ((k * (k / 3.0 + 0.625) + 0.16666666666666666) / npq + 0.5);
        let t = 0.0 - k * k / (2.0 * npq);
        let la: f64 = ln(v);
        if la < t - rho {
            break y;
        }
        if la > t + rho {
            continue;
        }
        // ln(f(y) / f(m)) from Stirling's formula for the four factorials m!, (n - m)!, y!,
        // (n - y)! (the arguments of their gamma functions: f1, z, x1, w).
        let x1 = y + 1.0;
        let f1 = m + 1.0;
        let z = nf + 1.0 - m;
        let w = nf - y + 1.0;
        let ratios = [f1 / x1, z / w, w * p / (x1 * q)];
        let weights = [xm, nf - m + 0.5, y - m];
        let mut bound = 0.0f64;
        for t in 0..3u32 {
            let l: f64 = ln(ratios[t]);
            bound += weights[t] * l;
        }
        let c1: f64 = stirling_correction(f1);
        let c2: f64 = stirling_correction(z);
        let c3: f64 = stirling_correction(x1);
        let c4: f64 = stirling_correction(w);
        bound = bound + c1 + c2 - c3 - c4;
        if la <= bound {
            break y;
        }
    };
    y as i64
}
