//! Gamma and beta variates.

use crate::prelude::*;

use super::super::exact_math::{exp, ln, pow};
use super::super::stream::{draw, exponential_at, normal_at, unit_open};
use super::super::uniform::unit_f64;

/// A standard gamma variate of shape `shape >= 0` (NaN gives NaN, 0 gives 0, `+inf` gives
/// `+inf`).
///
/// Shape 1 is an exponential (one draw). Otherwise Marsaglia and Tsang's method ("A simple
/// method for generating gamma variables", 2000) for shape `a >= 1`: `d = a - 1/3`,
/// `c = 1/sqrt(9d)`; draw a normal `z` and a uniform `u` until `v = (1 + cz)^3 > 0` and
/// `u < 1 - 0.0331 z^4` or `ln u < z^2/2 + d (1 - v + ln v)`; the variate is `d v`. Below
/// shape 1, a variate of shape `a + 1` times `u^(1/a)` (Stuart's theorem), computed as
/// `exp(ln(u) / a)`.
#[device_fn]
pub fn standard_gamma_at(k0: u32, k1: u32, block: u64, half: u32, sub: u32, shape: f64) -> f64 {
    if shape.is_nan() || shape == 0.0 {
        return shape;
    }
    if shape == 1.0 {
        return exponential_at(k0, k1, block, half, sub, 0u32);
    }
    let boost = shape < 1.0;
    let a = if boost { shape + 1.0 } else { shape };
    let d = a - 1.0 / 3.0;
    let c = 1.0 / (9.0 * d).sqrt();
    let mut j = 0u32;
    let g = loop {
        let z: f64 = normal_at(k0, k1, block, half, sub, j);
        j += 2;
        let v = 1.0 + c * z;
        if v <= 0.0 {
            continue;
        }
        let v3 = v * v * v;
        let w: u64 = draw(k0, k1, block, half, sub, j);
        j += 1;
        let u: f64 = 1.0 - unit_f64(w);
        let z2 = z * z;
        if u < 1.0 - 0.0331 * (z2 * z2) {
            break d * v3;
        }
        let lu: f64 = ln(u);
        let lv: f64 = ln(v3);
        if lu < 0.5 * z2 + d * (1.0 - v3 + lv) {
            break d * v3;
        }
    };
    if boost {
        let w: u64 = draw(k0, k1, block, half, sub, j);
        let u: f64 = unit_open(w);
        let lu: f64 = ln(u);
        let scale: f64 = exp(lu / shape);
        g * scale
    } else {
        g
    }
}

/// A beta variate of shapes `a, b > 0` (NaN gives NaN): Johnk's method when both shapes are
/// at most 1 ([`johnk_beta_at`]), else `X / (X + Y)` of gamma variates of shapes `a` (part
/// `sub`) and `b` (part `sub + 1`), drawn at one call site (the CUDA C inlines it once).
#[device_fn]
pub fn beta_at(k0: u32, k1: u32, block: u64, half: u32, sub: u32, a: f64, b: f64) -> f64 {
    if a <= 1.0 && b <= 1.0 {
        return johnk_beta_at(k0, k1, block, half, sub, a, b);
    }
    let shapes = [a, b];
    let mut g = [0.0f64; 2];
    for s in 0..2u32 {
        g[s] = standard_gamma_at(k0, k1, block, half, sub + s, shapes[s]);
    }
    g[0] / (g[0] + g[1])
}

/// Johnk's beta variate for shapes `a, b <= 1`: `x = u^(1/a)`, `y = v^(1/b)` (two draws of part
/// `sub` per attempt) until `x + y <= 1`, the variate `x / (x + y)`; when both powers underflow
/// to 0 the ratio is formed from the logarithms, `1 / (1 + exp(ln y - ln x))`.
#[device_fn]
pub fn johnk_beta_at(k0: u32, k1: u32, block: u64, half: u32, sub: u32, a: f64, b: f64) -> f64 {
    let mut j = 0u32;
    loop {
        let wu: u64 = draw(k0, k1, block, half, sub, j);
        let wv: u64 = draw(k0, k1, block, half, sub, j + 1);
        j += 2;
        let u: f64 = unit_open(wu);
        let v: f64 = unit_open(wv);
        let x: f64 = pow(u, 1.0 / a);
        let y: f64 = pow(v, 1.0 / b);
        let s = x + y;
        if s <= 1.0 {
            if s > 0.0 {
                return x / s;
            }
            let lx: f64 = ln(u);
            let ly: f64 = ln(v);
            let (mut lx, mut ly) = (lx / a, ly / b);
            let m = if lx > ly { lx } else { ly };
            lx -= m;
            ly -= m;
            let ex: f64 = exp(lx);
            let ey: f64 = exp(ly);
            let ls: f64 = ln(ex + ey);
            let r: f64 = exp(lx - ls);
            return r;
        }
    }
}
