//! `power`, `sign` and `reciprocal` of complex numbers.

use super::exp_log::{cexp, clog};
use crate::prelude::*;

/// `z^n` for an integer `n` with `|n| < 100`, as NumPy computes it: repeated squaring with
/// complex products starting from 1 (`z`, `z z`, `z (z z)` for `n` = 1, 2, 3), the reciprocal
/// by Smith's division for negative `n`.
#[device_fn]
pub fn cpowi<T: Float>(x: T, y: T, n: i32) -> (T, T) {
    let zero = 0.0f64.cast::<T>();
    let one = 1.0f64.cast::<T>();
    let m = if n < 0 { -n } else { n };
    let (mut pr, mut pi) = if n == 1 {
        (x, y)
    } else if n == 2 {
        (x * x - y * y, x * y + y * x)
    } else if n == 3 {
        let (sr, si) = (x * x - y * y, x * y + y * x);
        (x * sr - y * si, x * si + y * sr)
    } else {
        let (mut ar, mut ai) = (one, zero);
        let (mut br, mut bi) = (x, y);
        let mut mask = 1i32;
        loop {
            if (m & mask) != 0 {
                let r = ar * br - ai * bi;
                ai = ar * bi + ai * br;
                ar = r;
            }
            mask <<= 1;
            if m < mask {
                break;
            }
            let r = br * br - bi * bi;
            bi = br * bi + bi * br;
            br = r;
        }
        (ar, ai)
    };
    if n < 0 {
        // 1 / p by Smith's division, NumPy's `cdiv` with a numerator of 1.
        if pr.abs() >= pi.abs() {
            if pr == zero && pi == zero {
                pi = zero / pi.abs();
                pr = one / pr.abs();
            } else {
                let rat = pi / pr;
                let scl = one / (pr + pi * rat);
                pr = scl;
                pi = (zero - rat) * scl;
            }
        } else {
            let rat = pr / pi;
            let scl = one / (pi + pr * rat);
            pr = rat * scl;
            pi = -scl;
        }
    }
    (pr, pi)
}

/// `(a + bi)(c + di)` with C99's recovery of infinities (Annex G, what C compilers do for `*`
/// of complex numbers): a NaN result from an infinite operand is recomputed with the infinite
/// parts as `+-1` (the others as `+-0`) and scaled by infinity.
#[device_fn]
pub fn cmul_inf<T: Float>(a: T, b: T, c: T, d: T) -> (T, T) {
    let zero = 0.0f64.cast::<T>();
    let one = 1.0f64.cast::<T>();
    let inf = f64::INFINITY.cast::<T>();
    let re = a * c - b * d;
    let im = a * d + b * c;
    if re.is_nan() && im.is_nan() {
        let (mut a, mut b, mut c, mut d) = (a, b, c, d);
        let mut recalc = false;
        if a.is_infinite() || b.is_infinite() {
            a = (if a.is_infinite() { one } else { zero }).copysign(a);
            b = (if b.is_infinite() { one } else { zero }).copysign(b);
            if c.is_nan() {
                c = zero.copysign(c);
            }
            if d.is_nan() {
                d = zero.copysign(d);
            }
            recalc = true;
        }
        if c.is_infinite() || d.is_infinite() {
            c = (if c.is_infinite() { one } else { zero }).copysign(c);
            d = (if d.is_infinite() { one } else { zero }).copysign(d);
            if a.is_nan() {
                a = zero.copysign(a);
            }
            if b.is_nan() {
                b = zero.copysign(b);
            }
            recalc = true;
        }
        if recalc {
            (inf * (a * c - b * d), inf * (a * d + b * c))
        } else {
            (re, im)
        }
    } else {
        (re, im)
    }
}

/// `a^b` (complex operands `(ar, ai)`, `(br, bi)`), NumPy's cases: `a^0 = 1`; `0^b` is 0 when
/// `re b > 0`, else NaN; integer `b` with `|b| < 100` by [`cpowi`]; else `e^(b ln a)` (glibc's `cpow`, C99's
/// product [`cmul_inf`]).
#[device_fn]
pub fn cpow<T: Float>(ar: T, ai: T, br: T, bi: T) -> (T, T) {
    let zero = 0.0f64.cast::<T>();
    let one = 1.0f64.cast::<T>();
    if br == zero && bi == zero {
        (one, zero)
    } else if ar == zero && ai == zero {
        if br > zero {
            (zero, zero)
        } else {
            let n = f64::NAN.cast::<T>();
            (n, n)
        }
    } else if bi == zero && br == br.trunc() && br.abs() < 100.0f64.cast::<T>() {
        cpowi::<T>(ar, ai, br.cast::<i32>())
    } else {
        let (lr, li): (T, T) = clog::<T>(ar, ai);
        let (wr, wi): (T, T) = cmul_inf::<T>(br, bi, lr, li);
        cexp::<T>(wr, wi)
    }
}

/// NumPy 2's `sign`: `z / |z|`, `0` for `0`, NaN for NaN; an infinite part gives `+-1` (or
/// `+-i`), both infinite NaN; a finite `z` whose `|z|` overflows is scaled first.
#[device_fn]
pub fn csign<T: Float>(x: T, y: T) -> (T, T) {
    let zero = 0.0f64.cast::<T>();
    let one = 1.0f64.cast::<T>();
    let a = x.hypot(y);
    if a.is_nan() {
        (a, a)
    } else if a.is_infinite() {
        if x.is_infinite() && y.is_infinite() {
            let n = f64::NAN.cast::<T>();
            (n, n)
        } else if x.is_infinite() {
            (one.copysign(x), zero)
        } else if y.is_infinite() {
            (zero, one.copysign(y))
        } else {
            let m = x.abs().max(y.abs());
            let (sx, sy) = (x / m, y / m);
            let b = sx.hypot(sy);
            (sx / b, sy / b)
        }
    } else if a == zero {
        (zero, zero)
    } else {
        (x / a, y / a)
    }
}

/// NumPy's `reciprocal` of a complex number: `1 / z` by its loop's Smith division (`r = y / x`,
/// `d = x + y r`, `1/d - i r/d` when `|y| <= |x|`, the mirror image otherwise).
#[device_fn]
pub fn creciprocal<T: Float>(x: T, y: T) -> (T, T) {
    let one = 1.0f64.cast::<T>();
    if y.abs() <= x.abs() {
        let r = y / x;
        let d = x + y * r;
        (one / d, -r / d)
    } else {
        let r = x / y;
        let d = x * r + y;
        (r / d, -one / d)
    }
}
