//! The cube root of an `f32`, computed in `f64` and rounded once (within 1 ULP; every `f32`
//! input is checked by an ignored test run in release).
//!
//! A first guess from the exponent bits (the high word of the `f64` divided by 3, plus the bias
//! that makes the exponent right: about 5 correct bits), then two steps of Halley's iteration
//! `t <- t (t^3 + 2a) / (2t^3 + a)`, which triples the correct bits each time (to about 45).
//! An `f32`'s subnormals are normal `f64`s, so the guess needs no scaling.

/// The high word of `2^(1023/3 - 0.03306)`'s bits: `(hi(a) / 3 + B) << 32` approximates
/// `cbrt(a)` to within about 3% for a positive normal `f64` `a` (the bias is chosen to minimise
/// the largest error of the guess over a period of three exponents).
const CBRT_BIAS: u32 = 715_094_163;

/// One Halley step for `t = cbrt(a)`.
#[inline(always)]
fn halley(t: f64, a: f64) -> f64 {
    let t3 = t * t * t;
    t * (t3 + 2.0 * a) / (2.0 * t3 + a)
}

/// `cbrt x` of an `f32`: `±0`, `±inf` and NaN are their own cube roots.
#[inline(always)]
pub(super) fn cbrt_f32(x: f32) -> f32 {
    let d = x as f64;
    let a = d.abs();
    let hi = (a.to_bits() >> 32) as u32;
    let guess = f64::from_bits(((hi / 3 + CBRT_BIAS) as u64) << 32);
    let t = halley(halley(guess, a), a);
    (if a > 0.0 && a < f64::INFINITY {
        t.copysign(d)
    } else {
        d
    }) as f32
}

#[cfg(test)]
mod tests {
    use super::super::testing::{bits_f32_strided, worst_vs_f64};
    use super::*;

    fn worst(xs: impl Iterator<Item = f32>) -> (u64, f32) {
        worst_vs_f64(cbrt_f32, f64::cbrt, xs)
    }

    #[test]
    fn special_values() {
        assert_eq!(cbrt_f32(0.0).to_bits(), 0);
        assert_eq!(cbrt_f32(-0.0).to_bits(), (-0.0f32).to_bits());
        assert_eq!(cbrt_f32(f32::INFINITY), f32::INFINITY);
        assert_eq!(cbrt_f32(f32::NEG_INFINITY), f32::NEG_INFINITY);
        assert!(cbrt_f32(f32::NAN).is_nan());
        for (x, y) in [
            (8.0f32, 2.0f32),
            (-27.0, -3.0),
            (1.0, 1.0),
            (0.125, 0.5),
            (1e30, 1e10),
        ] {
            assert_eq!(cbrt_f32(x), y, "cbrt({x})");
        }
        for x in [f32::from_bits(1), f32::MIN_POSITIVE, f32::MAX, -f32::MAX] {
            assert_eq!(cbrt_f32(x), (x as f64).cbrt() as f32, "cbrt({x:e})");
        }
    }

    #[test]
    fn every_f32_stride() {
        let (u, x) = worst(bits_f32_strided(997));
        assert!(u <= 1, "{u} ulps from the correctly rounded cbrt({x:e})");
        // Three whole exponents: every 7th f32 in [1, 8).
        let xs = (1.0f32.to_bits()..8.0f32.to_bits())
            .step_by(7)
            .map(f32::from_bits);
        let (u, x) = worst(xs);
        assert!(u <= 1, "{u} ulps from the correctly rounded cbrt({x:e})");
    }

    /// Every `f32`: `cargo test -p array-runtime --release --lib -- --ignored exhaustive`.
    #[test]
    #[ignore = "2^32 inputs: run in release"]
    fn exhaustive_cbrt_f32() {
        let (u, x) = worst(bits_f32_strided(1));
        assert!(u <= 1, "{u} ulps from the correctly rounded cbrt({x:e})");
    }
}
