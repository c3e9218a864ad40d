//! Von Mises variates.

use crate::prelude::*;

use super::super::exact_math::{acos, ln, sincos_turns};
use super::super::stream::draw;
use super::super::uniform::unit_f64;

/// `mu + z / sqrt(kappa)` wrapped once into `[-pi, pi]` (the von Mises law for large `kappa`).
#[device_fn]
pub fn wrapped_normal_of(z: f64, mu: f64, kappa: f64) -> f64 {
    let pi = std::f64::consts::PI;
    let mut x = mu + z / kappa.sqrt();
    if x < 0.0 - pi {
        x += 2.0 * pi;
    }
    if x > pi {
        x -= 2.0 * pi;
    }
    x
}

/// A von Mises variate of mode `mu` and concentration `kappa >= 0`, in `[-pi, pi]`.
///
/// For `kappa <= 1e6` (above, the caller draws the law's limit, a wrapped normal of standard
/// deviation `1/sqrt(kappa)`: [`wrapped_normal_of`]). `kappa < 1e-8`: uniform on
/// `[-pi, pi)`. Otherwise Best and Fisher's
/// rejection from a wrapped Cauchy envelope ("Efficient simulation of the von Mises
/// distribution", 1979): `z = cos(pi u)`, `w = (1 + s z)/(s + z)`, `y = kappa (s - w)`,
/// accepted when `y (2 - y) >= v` or `ln(y / v) + 1 >= y`; the angle is `±acos(w)` (a third
/// uniform picks the sign), shifted by `mu` and wrapped into `[-pi, pi]`.
#[device_fn]
pub fn vonmises_at(k0: u32, k1: u32, block: u64, half: u32, sub: u32, mu: f64, kappa: f64) -> f64 {
    let pi = std::f64::consts::PI;
    if kappa < 1e-8 {
        let w: u64 = draw(k0, k1, block, half, sub, 0u32);
        let u: f64 = unit_f64(w);
        return pi * (2.0 * u - 1.0);
    }
    let s = if kappa < 1e-5 {
        // The expansion of the expression below for small kappa.
        1.0 / kappa + kappa
    } else {
        let r = 1.0 + (1.0 + 4.0 * kappa * kappa).sqrt();
        let rho = (r - (2.0 * r).sqrt()) / (2.0 * kappa);
        (1.0 + rho * rho) / (2.0 * rho)
    };
    let mut j = 0u32;
    let w = loop {
        let wu: u64 = draw(k0, k1, block, half, sub, j);
        let wv: u64 = draw(k0, k1, block, half, sub, j + 1);
        j += 2;
        let uz: f64 = unit_f64(wu);
        let (_sin, z): (f64, f64) = sincos_turns(0.5 * uz);
        let w = (1.0 + s * z) / (s + z);
        let y = kappa * (s - w);
        let v: f64 = unit_f64(wv);
        if y * (2.0 - y) - v >= 0.0 {
            break w;
        }
        let l: f64 = ln(y / v);
        if l + 1.0 - y >= 0.0 {
            break w;
        }
    };
    let ws: u64 = draw(k0, k1, block, half, sub, j);
    let mut x: f64 = acos(w);
    let sign: f64 = unit_f64(ws);
    if sign < 0.5 {
        x = 0.0 - x;
    }
    x += mu;
    let negative = x < 0.0;
    let mut wrapped = (x.abs() + pi) % (2.0 * pi) - pi;
    if negative {
        wrapped = 0.0 - wrapped;
    }
    wrapped
}
