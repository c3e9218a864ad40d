//! The words of one element for the samplers that need more than one: element `i` owns the
//! counters `(block, j, sub)` of half `i % 2` of block `offset + i / 2`, for every draw `j`
//! and part `sub` (the counter's third and fourth words), so that a rejection sampler draws
//! as many words as it needs without touching another element's counters, and the numbers do
//! not depend on the launch. Its first word (`sub = 0`, `j = 0`) is the word `random_raw`
//! gives element `i`.

use crate::prelude::*;

use super::exact_math::{ln_unit, sincos_turns};
use super::philox::philox4x32_10;
use super::uniform::unit_f64;

/// Word `j` of part `sub` of the element that reads half `half` of block `block`: word
/// `half` (`x1 << 32 | x0` or `x3 << 32 | x2`) of `philox4x32_10((block lo, block hi, j, sub),
/// (k0, k1))`.
///
/// ```
/// use kernels_std::random::{kernels::draw, philox::philox_words};
/// // The first word of each half is the stream's word (see `Generator`).
/// assert_eq!(draw(7, 9, 123, 0, 0, 0), philox_words(7, 9, 123, 0).0);
/// assert_eq!(draw(7, 9, 123, 1, 0, 0), philox_words(7, 9, 123, 0).1);
/// ```
#[device_fn]
pub fn draw(k0: u32, k1: u32, block: u64, half: u32, sub: u32, j: u32) -> u64 {
    let (x0, x1, x2, x3): (u32, u32, u32, u32) =
        philox4x32_10(block as u32, (block >> 32u32) as u32, j, sub, k0, k1);
    if half == 0 {
        ((x1 as u64) << 32u32) | x0 as u64
    } else {
        ((x3 as u64) << 32u32) | x2 as u64
    }
}

/// A uniform float in the open interval `(0, 1)`: `((w >> 12) + 1/2) 2^-52`, exact, in
/// `[2^-53, 1 - 2^-53]` (for the samplers that take logarithms of `u` and `1 - u`).
///
/// ```
/// use kernels_std::random::kernels::unit_open;
/// assert_eq!(unit_open(0), f64::EPSILON / 2.0);
/// assert_eq!(unit_open(u64::MAX), 1.0 - f64::EPSILON / 2.0);
/// ```
#[device_fn]
pub fn unit_open(w: u64) -> f64 {
    ((w >> 12u32) as f64 + 0.5) * 2.220446049250313e-16
}

/// A standard normal number from draws `j` and `j + 1` of the element's part `sub`: the
/// cosine of Box-Muller, `sqrt(-2 ln(1 - u0)) cos(2 pi u1)` (as [`box_muller`]'s first
/// result).
///
/// [`box_muller`]: super::kernels::box_muller
#[device_fn]
pub fn normal_at(k0: u32, k1: u32, block: u64, half: u32, sub: u32, j: u32) -> f64 {
    let w0: u64 = draw(k0, k1, block, half, sub, j);
    let w1: u64 = draw(k0, k1, block, half, sub, j + 1);
    let l: f64 = ln_unit(1.0 - unit_f64(w0));
    let r = (-2.0 * l).abs().sqrt();
    let u1: f64 = unit_f64(w1);
    let (_s, c): (f64, f64) = sincos_turns(u1);
    r * c
}

/// A standard exponential number from draw `j` of part `sub`: `-ln(1 - u)`.
#[device_fn]
pub fn exponential_at(k0: u32, k1: u32, block: u64, half: u32, sub: u32, j: u32) -> f64 {
    let w: u64 = draw(k0, k1, block, half, sub, j);
    let l: f64 = ln_unit(1.0 - unit_f64(w));
    0.0 - l
}

/// A uniform integer in `[0, range)` (`range >= 1`) from draws `j, j + 1, ...` of part
/// `sub`, exactly unbiased (Lemire's multiply-shift, redrawing while the low word falls in
/// the `2^64 mod range` biased values); returns the integer and the next unused draw.
#[device_fn]
pub fn bounded_at(
    k0: u32,
    k1: u32,
    block: u64,
    half: u32,
    sub: u32,
    j: u32,
    range: u64,
) -> (u64, u32) {
    let zero = 0u64;
    let threshold = (zero - range) % range;
    let mut next = j;
    loop {
        let w: u64 = draw(k0, k1, block, half, sub, next);
        next += 1;
        let (hi, lo): (u64, u64) = super::integers::mul64(w, range);
        if lo >= threshold {
            return (hi, next);
        }
    }
}
