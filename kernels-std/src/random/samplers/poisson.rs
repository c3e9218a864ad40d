//! Poisson variates.

use crate::prelude::*;

use super::super::exact_math::{exp, lgamma, ln};
use super::super::stream::draw;
use super::super::uniform::unit_f64;

/// A Poisson variate of mean `lam` (`0 <= lam <= POISSON_LAM_MAX`, checked by the callers).
///
/// Below 10: the multiplication method, the number of uniforms whose running product stays
/// above `exp(-lam)`. From 10: Hörmann's transformed rejection with squeeze, PTRS ("The
/// transformed rejection method for generating Poisson random variables", 1993), two uniforms
/// per attempt, the acceptance test on `lgamma`.
#[device_fn]
pub fn poisson_at(k0: u32, k1: u32, block: u64, half: u32, sub: u32, lam: f64) -> i64 {
    if lam == 0.0 {
        return 0;
    }
    let mut j = 0u32;
    if lam < 10.0 {
        let limit: f64 = exp(0.0 - lam);
        let mut count = 0i64;
        let mut prod = 1.0;
        loop {
            let w: u64 = draw(k0, k1, block, half, sub, j);
            j += 1;
            let u: f64 = unit_f64(w);
            prod *= u;
            if prod > limit {
                count += 1;
            } else {
                return count;
            }
        }
    }
    let slam = lam.sqrt();
    let loglam: f64 = ln(lam);
    let b = 0.931 + 2.53 * slam;
    let a = -0.059 + 0.02483 * b;
    let inv_alpha = 1.1239 + 1.1328 / (b - 3.4);
    let vr = 0.9277 - 3.6224 / (b - 2.0);
    let log_inv_alpha: f64 = ln(inv_alpha);
    loop {
        let wu: u64 = draw(k0, k1, block, half, sub, j);
        let wv: u64 = draw(k0, k1, block, half, sub, j + 1);
        j += 2;
        let u: f64 = unit_f64(wu) - 0.5;
        let v: f64 = unit_f64(wv);
        let us = 0.5 - u.abs();
        let k = ((2.0 * a / us + b) * u + lam + 0.43).floor();
        if us >= 0.07 && v <= vr {
            return k as i64;
        }
        if k < 0.0 || (us < 0.013 && v > us) {
            continue;
        }
        let lv: f64 = ln(v);
        let lh: f64 = ln(a / (us * us) + b);
        let lf: f64 = lgamma(k + 1.0);
        if lv + log_inv_alpha - lh <= 0.0 - lam + k * loglam - lf {
            return k as i64;
        }
    }
}
