//! Double-double arithmetic for the functions that need more than `f64` in their
//! intermediate steps (`smirnov`, `owens_t`): a value is `hi + lo` with `|lo| <= ulp(hi)/2`;
//! a scaled one `(hi + lo) 2^e` keeps `hi` in `[0.5, 1)` so that long products neither
//! overflow nor underflow. Products use `mul_add` (a fused multiply-add on both backends).

use crate::prelude::*;

/// `(s, e)` with `s + e = a + b` exactly.
#[device_fn]
pub(crate) fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    let bb = s - a;
    (s, (a - (s - bb)) + (b - bb))
}

/// `(s, e)` with `s + e = a + b` exactly, for `|a| >= |b|` (or `a = 0`).
#[device_fn]
pub(crate) fn quick_two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    (s, b - (s - a))
}

/// `(p, e)` with `p + e = a b` exactly (unless it under- or overflows).
#[device_fn]
pub(crate) fn two_prod(a: f64, b: f64) -> (f64, f64) {
    let p = a * b;
    (p, a.mul_add(b, -p))
}

/// `a + b` of two double-doubles.
#[device_fn]
pub(crate) fn dd_add(ah: f64, al: f64, bh: f64, bl: f64) -> (f64, f64) {
    let (s, e): (f64, f64) = two_sum(ah, bh);
    let (t, f): (f64, f64) = two_sum(al, bl);
    let (s, e): (f64, f64) = quick_two_sum(s, e + t);
    quick_two_sum(s, e + f)
}

/// `a b` of two double-doubles.
#[device_fn]
pub(crate) fn dd_mul(ah: f64, al: f64, bh: f64, bl: f64) -> (f64, f64) {
    let (p, e): (f64, f64) = two_prod(ah, bh);
    quick_two_sum(p, e + (ah * bl + al * bh))
}

/// `a / b` of two double-doubles.
#[device_fn]
pub(crate) fn dd_div(ah: f64, al: f64, bh: f64, bl: f64) -> (f64, f64) {
    let q1 = ah / bh;
    // r = a - q1 b
    let (ph, pl): (f64, f64) = dd_mul(bh, bl, q1, 0.0);
    let (rh, rl): (f64, f64) = dd_add(ah, al, -ph, -pl);
    let q2 = rh / bh;
    let (ph, pl): (f64, f64) = dd_mul(bh, bl, q2, 0.0);
    let (rh, _): (f64, f64) = dd_add(rh, rl, -ph, -pl);
    let q3 = rh / bh;
    let (q, e): (f64, f64) = quick_two_sum(q1, q2);
    dd_add(q, e, q3, 0.0)
}

/// `2^k` for `-1022 <= k <= 1023`.
#[device_fn]
pub(crate) fn pow2i(k: i64) -> f64 {
    f64::from_bits(((k + 1023) as u64) << 52)
}

/// `x 2^k` for a finite `x` and any `k` (two steps, so that the result rounds once where it
/// is subnormal; 0 or infinity beyond the range).
#[device_fn]
pub(crate) fn ldexp(x: f64, k: i64) -> f64 {
    if k > 2000 {
        x * f64::INFINITY
    } else if k < -2200 {
        x * 0.0
    } else if k > 1000 {
        let t: i64 = 1000;
        x * pow2i(t) * pow2i(k - t)
    } else if k < -1000 {
        let t: i64 = 1000;
        x * pow2i(-t) * pow2i(k + t)
    } else {
        x * pow2i(k)
    }
}

/// A scaled double-double `(hi, lo, e)` renormalized: `hi` in `[0.5, 1)` (or 0). `hi` must
/// be normal.
#[device_fn]
pub(crate) fn dd_norm(hi: f64, lo: f64, e: i64) -> (f64, f64, i64) {
    if hi == 0.0 || !hi.is_finite() {
        (hi, lo, e)
    } else {
        let k = ((hi.to_bits() >> 52) & 0x7ff) as i64 - 1022;
        let s = pow2i(-k);
        (hi * s, lo * s, e + k)
    }
}

/// `b^m` of a positive double-double `b` and an integer `m >= 0`, scaled: binary powering
/// with a renormalization after every product (relative error a few times `2^-104 log2 m`).
#[device_fn]
pub(crate) fn dd_powi_scaled(bh: f64, bl: f64, m: i64) -> (f64, f64, i64) {
    let (mut xh, mut xl, mut xe): (f64, f64, i64) = dd_norm(bh, bl, 0i64);
    let mut rh = 1.0;
    let mut rl = 0.0;
    let mut re: i64 = 0;
    let mut k = m;
    while k > 0 {
        if k % 2 == 1 {
            let (ph, pl): (f64, f64) = dd_mul(rh, rl, xh, xl);
            let (h, l, e): (f64, f64, i64) = dd_norm(ph, pl, re + xe);
            rh = h;
            rl = l;
            re = e;
        }
        k /= 2;
        if k > 0 {
            let (ph, pl): (f64, f64) = dd_mul(xh, xl, xh, xl);
            let (h, l, e): (f64, f64, i64) = dd_norm(ph, pl, 2 * xe);
            xh = h;
            xl = l;
            xe = e;
        }
    }
    (rh, rl, re)
}
