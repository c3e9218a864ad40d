//! `sinh`, `cosh`, `tanh` and their inverses `asinh`, `acosh`, `atanh` of `f32`, computed in
//! `f64` from this module's `e^x`, `e^x - 1`, `ln x` and `ln(1 + x)` (each within 1 ULP of
//! `f64`) and rounded once: the error before that rounding is a few `f64` ULPs, some 10^-8 of
//! an `f32` ULP, so the result is the correctly rounded one but in rare double-rounding cases
//! (within 1 ULP; every `f32` input is checked by an ignored test run in release).
//!
//! Each works on `|x|` and copies the sign back (they are odd, `cosh` even), so `-0.0` gives
//! `-0.0`. The formulas avoid cancellation near 0: `sinh a = (E + E / (E + 1)) / 2` and
//! `tanh a = E' / (E' + 2)` with `E = e^a - 1`, `E' = e^(2a) - 1`; `asinh a = ln(1 + a + a^2 /
//! (1 + sqrt(1 + a^2)))`; `acosh x = ln(1 + t + sqrt(t (t + 2)))` with `t = x - 1` (exact);
//! `atanh a = ln(1 + 2a / (1 - a)) / 2`.

use super::exp::{exp_f64, exp_m1_f64};
use super::log::ln_1p_f64;

/// Beyond `|x| = 100` an `f32`'s `sinh` and `cosh` overflow: clamping there keeps `e^x` finite in
/// `f64` (and NaN stays NaN through `clamp`).
const HYPERBOLIC_LIMIT: f64 = 100.0;

/// `sinh x` of an `f32`.
#[inline(always)]
pub(super) fn sinh_f32(x: f32) -> f32 {
    let d = x as f64;
    let e = exp_m1_f64(d.abs().clamp(0.0, HYPERBOLIC_LIMIT));
    (0.5 * (e + e / (e + 1.0))).copysign(d) as f32
}

/// `cosh x` of an `f32`.
#[inline(always)]
pub(super) fn cosh_f32(x: f32) -> f32 {
    let e = exp_f64((x as f64).abs().clamp(0.0, HYPERBOLIC_LIMIT));
    (0.5 * (e + 1.0 / e)) as f32
}

/// `tanh x` of an `f32`.
#[inline(always)]
pub(super) fn tanh_f32(x: f32) -> f32 {
    let d = x as f64;
    // tanh(20) is 1 - 8e-18: 1.0 in f32.
    let e = exp_m1_f64(2.0 * d.abs().clamp(0.0, 20.0));
    (e / (e + 2.0)).copysign(d) as f32
}

/// `asinh x` of an `f32`.
#[inline(always)]
pub(super) fn asinh_f32(x: f32) -> f32 {
    let d = x as f64;
    let a = d.abs();
    // a^2 <= 1.2e77 for a finite f32: no overflow.
    let a2 = a * a;
    let y = ln_1p_f64(a + a2 / (1.0 + (1.0 + a2).sqrt()));
    let y = if a == f64::INFINITY { a } else { y };
    y.copysign(d) as f32
}

/// `acosh x` of an `f32`: NaN below 1.
#[inline(always)]
pub(super) fn acosh_f32(x: f32) -> f32 {
    let d = x as f64;
    let t = d - 1.0;
    let y = ln_1p_f64(t + (t * (t + 2.0)).sqrt());
    (if d >= 1.0 { y } else { f64::NAN }) as f32
}

/// `atanh x` of an `f32`: `±inf` at `±1`, NaN beyond.
#[inline(always)]
pub(super) fn atanh_f32(x: f32) -> f32 {
    let d = x as f64;
    let a = d.abs();
    // 1 - a is exact; at a = 1 the quotient is +inf and so is the logarithm.
    (0.5 * ln_1p_f64(2.0 * a / (1.0 - a))).copysign(d) as f32
}

#[cfg(test)]
mod tests {
    use super::super::testing::{assert_same_as_f64, bits_f32_strided, worst_vs_f64, F32Pair};
    use super::*;

    /// Each function beside std's `f64` one (the C library's, within 1 ULP of `f64`): rounded
    /// to `f32` it is the correctly rounded result but in rare double-rounding cases.
    const FUNCTIONS: [F32Pair; 6] = [
        (sinh_f32, f64::sinh, "sinh"),
        (cosh_f32, f64::cosh, "cosh"),
        (tanh_f32, f64::tanh, "tanh"),
        (asinh_f32, f64::asinh, "asinh"),
        (acosh_f32, f64::acosh, "acosh"),
        (atanh_f32, f64::atanh, "atanh"),
    ];

    #[test]
    fn special_values() {
        assert_same_as_f64(
            &FUNCTIONS,
            &[
                0.0f32,
                -0.0,
                1.0,
                -1.0,
                0.5,
                -0.5,
                1e-30,
                -1e-30,
                f32::from_bits(1),
                89.0,
                89.5,
                -89.5,
                1e30,
                f32::MAX,
                -f32::MAX,
                f32::INFINITY,
                f32::NEG_INFINITY,
                f32::NAN,
            ],
        );
    }

    #[test]
    fn every_f32_stride() {
        for (f, reference, name) in FUNCTIONS {
            let (u, x) = worst_vs_f64(f, reference, bits_f32_strided(997));
            assert!(u <= 1, "{u} ulps from the correctly rounded {name}({x:e})");
            // Near 0 and 1, where the formulas' cancellations would show.
            let xs = (0.25f32.to_bits()..=2.0f32.to_bits())
                .step_by(61)
                .map(f32::from_bits);
            let (u, x) = worst_vs_f64(f, reference, xs);
            assert!(u <= 1, "{u} ulps from the correctly rounded {name}({x:e})");
        }
    }

    /// Every `f32`: `cargo test -p array-runtime --release --lib -- --ignored exhaustive`.
    #[test]
    #[ignore = "2^32 inputs per function: run in release"]
    fn exhaustive_hyperbolic_f32() {
        for (f, reference, name) in FUNCTIONS {
            let (u, x) = worst_vs_f64(f, reference, bits_f32_strided(1));
            assert!(u <= 1, "{u} ulps from the correctly rounded {name}({x:e})");
        }
    }
}
