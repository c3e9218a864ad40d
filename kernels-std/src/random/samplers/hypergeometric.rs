//! Hypergeometric variates.

use crate::prelude::*;

use super::super::exact_math::{lgamma, ln};
use super::super::stream::{bounded_at, draw, unit_open};
use super::super::uniform::unit_f64;

/// The number of good items in a sample of `sample` items drawn without replacement from
/// `good` good and `bad` bad ones (`0 <= sample <= good + bad`, checked by the callers).
///
/// When the sample (or its complement) has fewer than 10 items: the smaller of the two is
/// drawn item by item, each an exactly uniform integer below the number of items left.
/// Otherwise Stadlober's ratio-of-uniforms method HRUA ("The ratio of uniforms approach for
/// generating discrete random variates", 1990), with the acceptance test on `lgamma`.
#[device_fn]
pub fn hypergeometric_at(
    k0: u32,
    k1: u32,
    block: u64,
    half: u32,
    sub: u32,
    good: i64,
    bad: i64,
    sample: i64,
) -> i64 {
    let total = good + bad;
    if sample >= 10 && sample <= total - 10 {
        return hypergeometric_hrua(k0, k1, block, half, sub, good, bad, sample);
    }
    // Draw the smaller of the sample and its complement.
    let complement = sample > total / 2;
    let count = if complement { total - sample } else { sample };
    let mut left = total;
    let mut good_left = good;
    let mut j = 0u32;
    for _d in 0..count {
        let (pick, next): (u64, u32) = bounded_at(k0, k1, block, half, sub, j, left as u64);
        j = next;
        if (pick as i64) < good_left {
            good_left -= 1;
        }
        left -= 1;
    }
    let drawn = good - good_left;
    if complement {
        good - drawn
    } else {
        drawn
    }
}

/// `ln(k! (m - k)! (s - k)! (M - s + k)!)`, the log of the reciprocal of HRUA's
/// unnormalized probability of `k` (`m`, `M` the smaller and larger colour, `s` the sample),
/// summed in a loop (one `lgamma` call site).
#[device_fn]
pub fn lgamma_terms(k: f64, m: f64, s: f64, big: f64) -> f64 {
    let args = [k + 1.0, m - k + 1.0, s - k + 1.0, big - s + k + 1.0];
    let mut total = 0.0f64;
    for t in 0..4u32 {
        let l: f64 = lgamma(args[t]);
        total += l;
    }
    total
}

/// HRUA for `10 <= sample <= good + bad - 10`: works on the smaller of the two colours and of
/// the sample and its complement, and maps the variate back.
#[device_fn]
pub fn hypergeometric_hrua(
    k0: u32,
    k1: u32,
    block: u64,
    half: u32,
    sub: u32,
    good: i64,
    bad: i64,
    sample: i64,
) -> i64 {
    let total = good + bad;
    let small = if sample < total - sample {
        sample
    } else {
        total - sample
    };
    let min_gb = if good < bad { good } else { bad };
    let max_gb = if good < bad { bad } else { good };
    let popf = total as f64;
    let sf = small as f64;
    let minf = min_gb as f64;
    let maxf = max_gb as f64;
    let p = minf / popf;
    let q = maxf / popf;
    let mu = sf * p;
    let a = mu + 0.5;
    let var = (popf - sf) * sf * p * q / (popf - 1.0);
    let c = (var + 0.5).sqrt();
    // 2 sqrt(2 / e) and 3 - 2 sqrt(3 / e): the width of the ratio-of-uniforms region.
    let h = 1.7155277699214135 * c + 0.8989161620588988;
    let m = ((sf + 1.0) * (minf + 1.0) / (popf + 2.0)).floor();
    let g: f64 = lgamma_terms(m, minf, sf, maxf);
    let upper = (if sf < minf { sf } else { minf }) + 1.0;
    let tail = (a + 16.0 * c).floor();
    let b = if upper < tail { upper } else { tail };
    let mut j = 0u32;
    let k = loop {
        let wu: u64 = draw(k0, k1, block, half, sub, j);
        let wv: u64 = draw(k0, k1, block, half, sub, j + 1);
        j += 2;
        let u: f64 = unit_open(wu);
        let v: f64 = unit_f64(wv);
        let x = a + h * (v - 0.5) / u;
        if x < 0.0 || x >= b {
            continue;
        }
        let k = x.floor();
        let gk: f64 = lgamma_terms(k, minf, sf, maxf);
        let t = g - gk;
        // Quick acceptance and rejection by bounds of 2 ln u, then the exact test.
        if u * (4.0 - u) - 3.0 <= t {
            break k;
        }
        if u * (u - t) >= 1.0 {
            continue;
        }
        let lu: f64 = ln(u);
        if 2.0 * lu <= t {
            break k;
        }
    };
    let mut kk = k as i64;
    if good > bad {
        kk = small - kk;
    }
    if small < sample {
        kk = good - kk;
    }
    kk
}
