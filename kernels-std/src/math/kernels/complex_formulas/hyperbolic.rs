//! `sinh`, `cosh`, `tanh` of complex numbers (and through `iz`, `sin`, `cos`, `tan`).

use crate::prelude::*;

/// `e^|x| / 2 * c`, without overflow for `|x|` up to twice the overflow threshold of `e^x`
/// (`e^(|x|/2)` squared after the multiplication by `c`): the large-`|x|` form of `sinh` and
/// `cosh` times a cosine or sine.
#[device_fn]
pub fn half_exp_times<T: Float>(ax: T, c: T) -> T {
    let half = 0.5f64.cast::<T>();
    let h = (half * ax).exp();
    h * (half * c) * h
}

/// `sinh(z) = sinh x cos y + i cosh x sin y`, without spurious overflow where `cosh x` does
/// but the product does not; C99's values at infinities and NaN.
#[device_fn]
pub fn csinh<T: Float>(x: T, y: T) -> (T, T) {
    let zero = 0.0f64.cast::<T>();
    if x.is_finite() && y.is_finite() {
        if y == zero {
            (x.sinh(), y)
        } else if x.abs().exp().is_finite() {
            (x.sinh() * y.cos(), x.cosh() * y.sin())
        } else {
            let re = half_exp_times::<T>(x.abs(), y.cos());
            let im = half_exp_times::<T>(x.abs(), y.sin());
            (if x < zero { -re } else { re }, im)
        }
    } else if x.is_infinite() {
        if y == zero {
            (x, y)
        } else if y.is_finite() {
            (x * y.cos(), x.abs() * y.sin())
        } else {
            (x.abs(), y - y)
        }
    } else if x == zero {
        // 0 + i inf, 0 + i nan: 0 + i nan.
        (x, y - y)
    } else if y == zero {
        // nan + 0i.
        (x, y)
    } else {
        let n = (x - x) + (y - y);
        (n, n)
    }
}

/// `cosh(z) = cosh x cos y + i sinh x sin y`, without spurious overflow; C99's values at
/// infinities and NaN.
#[device_fn]
pub fn ccosh<T: Float>(x: T, y: T) -> (T, T) {
    let zero = 0.0f64.cast::<T>();
    if x.is_finite() && y.is_finite() {
        if y == zero {
            (x.cosh(), zero.copysign(x) * y)
        } else if x.abs().exp().is_finite() {
            (x.cosh() * y.cos(), x.sinh() * y.sin())
        } else {
            let re = half_exp_times::<T>(x.abs(), y.cos());
            let im = half_exp_times::<T>(x.abs(), y.sin());
            (re, if x < zero { -im } else { im })
        }
    } else if x.is_infinite() {
        if y == zero {
            (x.abs(), zero.copysign(x) * y)
        } else if y.is_finite() {
            (x.abs() * y.cos(), x * y.sin())
        } else {
            (x.abs(), y - y)
        }
    } else if x == zero {
        // 0 + i inf, 0 + i nan: nan + 0i.
        (y - y, zero)
    } else if y == zero {
        // nan + 0i.
        (x, y)
    } else {
        let n = (x - x) + (y - y);
        (n, n)
    }
}

/// `tanh(z)` by Kahan's formula (`t = tan y`, `s = sinh x`, `b = 1 + t^2`: `(b s sqrt(1 + s^2)
/// + i t) / (1 + b s^2)`), and `+-1 + 4i sin y cos y e^(-2|x|)` for `|x| > 22`, where that
/// overflows; C99's values at infinities and NaN.
#[device_fn]
pub fn ctanh<T: Float>(x: T, y: T) -> (T, T) {
    let zero = 0.0f64.cast::<T>();
    let one = 1.0f64.cast::<T>();
    let four = 4.0f64.cast::<T>();
    if x.is_nan() {
        (x, if y == zero { y } else { x })
    } else if x.is_infinite() {
        let im = if y.is_finite() {
            zero.copysign(y.sin() * y.cos())
        } else {
            zero.copysign(y)
        };
        (one.copysign(x), im)
    } else if !y.is_finite() {
        if x == zero {
            (x, y - y)
        } else {
            let n = y - y;
            (n, n)
        }
    } else if x.abs() > 22.0f64.cast::<T>() {
        let e = (-x.abs()).exp();
        (one.copysign(x), four * y.sin() * y.cos() * e * e)
    } else {
        let t = y.tan();
        let b = one + t * t;
        let s = x.sinh();
        let rho = (one + s * s).sqrt();
        let d = one + b * s * s;
        (b * rho * s / d, t / d)
    }
}
