//! Exponent-bit arithmetic shared by the functions of this module: rounding to an integer,
//! `2^n`, splitting a float into exponent and mantissa, and `ln 2` in two parts. Everything is
//! plain float arithmetic and bit operations on `u64`, which vectorize on every x86-64.

/// `1.5 * 2^52`: adding it to `|v| < 2^51` leaves `v` rounded to an integer (ties to even) in
/// the low bits of the mantissa; subtracting it again gives that integer as an `f64`.
pub(super) const ROUND_F64: f64 = 6755399441055744.0;

/// `ln 2` rounded to 42 significant bits: `n * LN2_HI` is exact for `|n| < 2^11`.
pub(super) const LN2_HI: f64 = 0.6931471805598903;
/// `ln 2 - LN2_HI`, rounded to `f64` (from a 60-digit `ln 2`).
pub(super) const LN2_LO: f64 = 5.497923018708371e-14;

/// `ln 2` rounded to 15 significant bits: `n * LN2_HI_F32` is exact for `|n| < 2^9`.
pub(super) const LN2_HI_F32: f32 = 0.69314575;
/// `ln 2 - LN2_HI_F32`, rounded to `f32`.
pub(super) const LN2_LO_F32: f32 = 1.4286068e-6;

/// The bits of `sqrt(2) / 2` as an `f64`: mantissas are reduced to `[sqrt(2)/2, sqrt(2))`.
const SQRT_HALF_BITS: u64 = 0x3fe6_a09e_667f_3bcd;
const MANTISSA: u64 = 0x000f_ffff_ffff_ffff;
/// `2^52` as an `f64` and its bits.
pub(super) const TWO_52: f64 = 4503599627370496.0;
pub(super) const TWO_52_BITS: u64 = 0x4330_0000_0000_0000;

/// `v` rounded to the nearest integer (ties to even), for `|v| < 2^51`; NaN stays NaN.
#[inline(always)]
pub(super) fn round_int(v: f64) -> f64 {
    (v + ROUND_F64) - ROUND_F64
}

/// `2^n` for an integer-valued `n` in `[-1022, 1023]`: `n + 1023` written into the exponent
/// field (the low 12 bits of `n + 1023 + ROUND_F64`'s mantissa, shifted into place).
#[inline(always)]
pub(super) fn pow2(n: f64) -> f64 {
    f64::from_bits((n + (ROUND_F64 + 1023.0)).to_bits() << 52)
}

/// `x = 2^k * (1 + f)` with `1 + f` in `[sqrt(2)/2, sqrt(2))`, for a positive normal `x`;
/// returns `(k, f)`, both exact. Other inputs give meaningless (but harmless) values.
#[inline(always)]
pub(super) fn split(x: f64) -> (f64, f64) {
    // Adding 1.0's bits minus SQRT_HALF_BITS carries into the exponent exactly when the
    // mantissa is at least sqrt(2)'s: then k is one more and the mantissa is halved.
    let ix = x
        .to_bits()
        .wrapping_add(0x3ff0_0000_0000_0000 - SQRT_HALF_BITS);
    // The biased exponent (11 bits) as an f64 through 2^52's mantissa: no int-to-float
    // conversion, which x86-64 lacks for 64-bit lanes before AVX-512.
    let k = f64::from_bits(TWO_52_BITS | (ix >> 52)) - (TWO_52 + 1023.0);
    let m = f64::from_bits((ix & MANTISSA).wrapping_add(SQRT_HALF_BITS));
    (k, m - 1.0)
}

/// [`split`] for `f32`: `(k, f)` with `x = 2^k (1 + f)`, `1 + f` in `[sqrt(2)/2, sqrt(2))`.
#[inline(always)]
pub(super) fn split_f32(x: f32) -> (f32, f32) {
    const SQRT_HALF_BITS_F32: u32 = 0x3f35_04f3;
    let ix = x.to_bits().wrapping_add(0x3f80_0000 - SQRT_HALF_BITS_F32);
    // The biased exponent (8 bits) through 2^23's mantissa.
    let k = f32::from_bits(0x4b00_0000 | (ix >> 23)) - (8388608.0 + 127.0);
    let m = f32::from_bits((ix & 0x007f_ffff).wrapping_add(SQRT_HALF_BITS_F32));
    (k, m - 1.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::f64::consts::{FRAC_1_SQRT_2, SQRT_2};

    #[test]
    fn ln2_parts() {
        // LN2_HI has its 11 low bits clear and the parts add up to std's LN_2.
        assert_eq!(LN2_HI.to_bits() & 0x7ff, 0);
        assert_eq!(LN2_HI + LN2_LO, std::f64::consts::LN_2);
        assert!(LN2_LO.abs() < 1e-13);
    }

    #[test]
    fn rounding_and_powers() {
        assert_eq!(round_int(2.5), 2.0);
        assert_eq!(round_int(3.5), 4.0);
        assert_eq!(round_int(-2.6), -3.0);
        assert_eq!(round_int(-0.4), 0.0);
        for n in -1022..=1023 {
            assert_eq!(pow2(n as f64), 2f64.powi(n), "2^{n}");
        }
    }

    #[test]
    fn ln2_parts_f32() {
        // LN2_HI_F32 has its 9 low bits clear; the parts add up to ln 2 within 1e-13.
        assert_eq!(LN2_HI_F32.to_bits() & 0x1ff, 0);
        let sum = LN2_HI_F32 as f64 + LN2_LO_F32 as f64;
        assert!((sum - std::f64::consts::LN_2).abs() < 1e-13);
    }

    #[test]
    fn split_f32_reconstructs() {
        use std::f32::consts::{FRAC_1_SQRT_2, SQRT_2};
        for x in [
            1.0f32,
            1.5,
            0.7,
            FRAC_1_SQRT_2,
            SQRT_2,
            3.0,
            1e38,
            1.2e-38,
            123.456,
        ] {
            let (k, f) = split_f32(x);
            let m = 1.0 + f;
            assert!((FRAC_1_SQRT_2..SQRT_2).contains(&m), "{x}: {m}");
            assert_eq!(m * 2f32.powi(k as i32), x, "{x}");
        }
    }

    #[test]
    fn split_reconstructs() {
        for x in [
            1.0,
            1.5,
            0.7,
            FRAC_1_SQRT_2,
            SQRT_2,
            3.0,
            1e300,
            2.3e-308,
            123.456,
        ] {
            let (k, f) = split(x);
            let m = 1.0 + f;
            assert!((FRAC_1_SQRT_2..SQRT_2).contains(&m), "{x}: {m}");
            assert_eq!(m * 2f64.powi(k as i32), x, "{x}");
        }
    }
}
