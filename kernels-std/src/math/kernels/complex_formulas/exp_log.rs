//! `sqrt`, the exponentials and the logarithms of complex numbers.

use crate::prelude::*;

/// `sqrt(z)`, the principal root (real part `>= 0`, the cut along the negative real axis: `-4
/// + 0i` gives `2i`, `-4 - 0i` gives `-2i`), with C99's values at infinities and NaN.
#[device_fn]
pub fn csqrt<T: Float>(x: T, y: T) -> (T, T) {
    let zero = 0.0f64.cast::<T>();
    let half = 0.5f64.cast::<T>();
    let two = 2.0f64.cast::<T>();
    if y.is_infinite() {
        // x + i inf is inf + i inf for every x, NaN included.
        (y.abs(), y)
    } else if x.is_nan() {
        (x, x)
    } else if x.is_infinite() {
        if y.is_nan() {
            if x > zero {
                (x, y)
            } else {
                (y, -x)
            }
        } else if x > zero {
            (x, zero.copysign(y))
        } else {
            (zero, (-x).copysign(y))
        }
    } else if y.is_nan() {
        (y, y)
    } else if x == zero && y == zero {
        (zero, y)
    } else {
        // t = sqrt((|x| + |z|) / 2), halved before adding (no overflow), then the other part
        // by division (no cancellation on either side of the imaginary axis).
        let t = (half * x.abs() + half * x.hypot(y)).sqrt();
        if x >= zero {
            (t, y / (two * t))
        } else {
            (y.abs() / (two * t), t.copysign(y))
        }
    }
}

/// `ln(z)`, the principal logarithm (imaginary part `atan2(y, x)` in `[-pi, pi]`): the real
/// part is `ln|z|` by `hypot` (no overflow), or `ln1p((m - 1)(m + 1) + s^2) / 2` (`m`, `s`
/// the larger and smaller of `|x|`, `|y|`) where `|z|` is near 1 and `ln|z|` would cancel.
#[device_fn]
pub fn clog<T: Float>(x: T, y: T) -> (T, T) {
    let half = 0.5f64.cast::<T>();
    let one = 1.0f64.cast::<T>();
    let two = 2.0f64.cast::<T>();
    let (ax, ay) = (x.abs(), y.abs());
    let (m, s) = if ax >= ay { (ax, ay) } else { (ay, ax) };
    let re = if m >= half && m <= two {
        half * ((m - one) * (m + one) + s * s).ln_1p()
    } else {
        x.hypot(y).ln()
    };
    (re, y.atan2(x))
}

/// `e^z`: `e^x (cos y + i sin y)`; a zero imaginary part stays exact (`e^x + 0i`, also for
/// `x = inf`); C99's values at infinities and NaN (`e^(inf + i nan) = inf + i nan`, `e^(-inf +
/// iy) = 0`).
#[device_fn]
pub fn cexp<T: Float>(x: T, y: T) -> (T, T) {
    let zero = 0.0f64.cast::<T>();
    let nan = f64::NAN.cast::<T>();
    if y == zero {
        (x.exp(), y)
    } else if y.is_finite() {
        let e = x.exp();
        (e * y.cos(), e * y.sin())
    } else if x.is_infinite() {
        if x > zero {
            (x, nan)
        } else {
            (zero, zero)
        }
    } else {
        (nan, nan)
    }
}

/// `e^z - 1` by NumPy's formula: `expm1(x) cos y - 2 sin^2(y/2) + i e^x sin y` (accurate for
/// small `|z|`, where `e^z - 1` would cancel).
#[device_fn]
pub fn cexpm1<T: Float>(x: T, y: T) -> (T, T) {
    let half = 0.5f64.cast::<T>();
    let two = 2.0f64.cast::<T>();
    let a = (y * half).sin();
    (x.exp_m1() * y.cos() - two * a * a, x.exp() * y.sin())
}

/// `ln(1 + z)`: for `|x|, |y| < 1/2` as `ln1p(x (2 + x) + y^2) / 2 + i atan2(y, 1 + x)` (no
/// cancellation in `1 + z` for small `z`; NumPy computes `ln|1 + z|` and loses it), else
/// [`clog`] of `1 + z`.
#[device_fn]
pub fn clog1p<T: Float>(x: T, y: T) -> (T, T) {
    let half = 0.5f64.cast::<T>();
    let one = 1.0f64.cast::<T>();
    let two = 2.0f64.cast::<T>();
    if x.abs() < half && y.abs() < half {
        (half * (x * (two + x) + y * y).ln_1p(), y.atan2(one + x))
    } else {
        clog::<T>(one + x, y)
    }
}
