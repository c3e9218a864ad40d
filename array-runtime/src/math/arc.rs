//! `atan`, `asin` and `acos` of `f32`, computed in `f64` and rounded once (within 1 ULP; every
//! `f32` input is checked by an ignored test run in release).
//!
//! `atan a` for `a >= 0` is `b + atan u` with one division: `u = a` up to `tan(pi/8)`;
//! `u = (a - 1) / (a + 1)` and `b = pi/4` up to `tan(3pi/8)`; `u = -1/a` and `b = pi/2`
//! beyond. That leaves `|u| <= tan(pi/8) = 0.414` for the odd Taylor series, summed to `u^33`
//! (the first omitted term is below 10^-13 of the result). `asin x = atan(x / sqrt((1 - x)(1 +
//! x)))` and `acos x = 2 atan(sqrt((1 - x) / (1 + x)))`: `1 ± x` are exact in `f64` for an
//! `f32` `x`, so neither loses accuracy near `±1`.

use super::dd::{div, fast_two_sum, two_sum};

/// `tan(pi/8)`.
const TAN_PI_8: f64 = 0.41421356237309503;
/// `tan(3pi/8)`.
const TAN_3PI_8: f64 = 2.414213562373095;

/// `(-1)^j / (2j + 1)` for `j = 1..=16`: `atan u = u + u * sum_j c_j u^(2j)`.
const ATAN: [f64; 16] = [
    -1.0 / 3.0,
    1.0 / 5.0,
    -1.0 / 7.0,
    1.0 / 9.0,
    -1.0 / 11.0,
    1.0 / 13.0,
    -1.0 / 15.0,
    1.0 / 17.0,
    -1.0 / 19.0,
    1.0 / 21.0,
    -1.0 / 23.0,
    1.0 / 25.0,
    -1.0 / 27.0,
    1.0 / 29.0,
    -1.0 / 31.0,
    1.0 / 33.0,
];

/// `atan a` in `f64` for `a >= 0` (`+inf` included; NaN stays NaN), with a relative error
/// below `10^-13`.
#[inline(always)]
fn atan_nonnegative(a: f64) -> f64 {
    // The three ranges as selects of a numerator, a denominator and a base (NaN takes the
    // last: -1/NaN is NaN; +inf too: -1/inf is -0.0).
    let low = a <= TAN_PI_8;
    let mid = a <= TAN_3PI_8;
    let num = if low {
        a
    } else if mid {
        a - 1.0
    } else {
        -1.0
    };
    let den = if low {
        1.0
    } else if mid {
        a + 1.0
    } else {
        a
    };
    let base = if low {
        0.0
    } else if mid {
        std::f64::consts::FRAC_PI_4
    } else {
        std::f64::consts::FRAC_PI_2
    };
    let u = num / den;
    let z = u * u;
    let z2 = z * z;
    let z4 = z2 * z2;
    let z8 = z4 * z4;
    let c = &ATAN;
    let s = ((c[0] + c[1] * z) + z2 * (c[2] + c[3] * z))
        + z4 * ((c[4] + c[5] * z) + z2 * (c[6] + c[7] * z))
        + z8 * (((c[8] + c[9] * z) + z2 * (c[10] + c[11] * z))
            + z4 * ((c[12] + c[13] * z) + z2 * (c[14] + c[15] * z)));
    base + (u + u * (z * s))
}

/// `atan x` of an `f32`.
#[inline(always)]
pub(super) fn atan_f32(x: f32) -> f32 {
    let d = x as f64;
    atan_nonnegative(d.abs()).copysign(d) as f32
}

/// `asin x` of an `f32`: NaN beyond `±1`.
#[inline(always)]
pub(super) fn asin_f32(x: f32) -> f32 {
    let d = x as f64;
    let a = d.abs();
    // At a = 1 the quotient is +inf (pi/2); beyond, the square root is NaN.
    atan_nonnegative(a / ((1.0 - a) * (1.0 + a)).sqrt()).copysign(d) as f32
}

/// `acos x` of an `f32`: NaN beyond `±1`.
#[inline(always)]
pub(super) fn acos_f32(x: f32) -> f32 {
    let d = x as f64;
    // At x = -1 the quotient is +inf (pi); beyond ±1 it is negative and the root NaN.
    (2.0 * atan_nonnegative(((1.0 - d) / (1.0 + d)).sqrt())) as f32
}

/// `(-1)^k / (2k + 1)` for `k = 1..=21`: `atan u = u + u z P(z)`, `z = u^2`, to within
/// `2^-61` relative for `|u| <= tan(pi/8)` (the first omitted term, `z^22 / 45`, is below
/// `3.2e-19`).
const ATAN_F64: [f64; 21] = {
    let mut c = [0.0; 21];
    let mut k = 1;
    while k <= 21 {
        let v = 1.0 / (2 * k + 1) as f64;
        c[k - 1] = if k % 2 == 1 { -v } else { v };
        k += 1;
    }
    c
};

/// `pi/4` and `pi/2` as pairs: the rounded value and the rest.
const PI_4: (f64, f64) = (std::f64::consts::FRAC_PI_4, 3.061616997868383e-17);
const PI_2: (f64, f64) = (std::f64::consts::FRAC_PI_2, 6.123233995736766e-17);

/// Beyond `2^60`, `1/a` is below `2^-60` of `pi/2`: the quotient's correction is dropped (its
/// residual would overflow in Dekker's product for the largest `a`).
const ATAN_FAR: f64 = 1152921504606846976.0;

/// `c[0] + c[1] z + ...` by Horner's rule.
#[inline(always)]
fn horner(z: f64, c: &[f64]) -> f64 {
    c.iter().rev().fold(0.0, |acc, &ci| acc * z + ci)
}

/// `atan x` of an `f64`: [`atan_nonnegative`]'s three ranges with the quotient `u` a pair
/// (the numerator and the denominator exact as pairs, the quotient corrected once), the
/// series of `atan u` to `u^43`, and `pi/4` or `pi/2` added as pairs, the last rounding
/// error kept (Fast2Sum).
#[inline(always)]
pub(super) fn atan_f64(x: f64) -> f64 {
    let a = x.abs();
    let low = a <= TAN_PI_8;
    let mid = a <= TAN_3PI_8;
    let (am1, am1_l) = two_sum(a, -1.0);
    let (ap1, ap1_l) = two_sum(a, 1.0);
    let (nh, nl) = if low {
        (a, 0.0)
    } else if mid {
        (am1, am1_l)
    } else {
        (-1.0, 0.0)
    };
    let (dh, dl) = if low {
        (1.0, 0.0)
    } else if mid {
        (ap1, ap1_l)
    } else {
        (a, 0.0)
    };
    let (base_hi, base_lo) = if low {
        (0.0, 0.0)
    } else if mid {
        PI_4
    } else {
        PI_2
    };
    let (u, uc) = div(nh, nl, dh, dl);
    let uc = if a > ATAN_FAR { 0.0 } else { uc };
    let z = u * u;
    let z7 = z * z * z * z * z * z * z;
    let c = &ATAN_F64;
    let p = horner(z, &c[..7]) + z7 * (horner(z, &c[7..14]) + z7 * horner(z, &c[14..]));
    // atan(u + uc) = atan u + uc / (1 + z) + O(uc^2); uc is 2^-52 of u at most.
    let tail = u * (z * p) + uc * (1.0 - z);
    // |base| >= |u| (or base = 0).
    let (s, se) = fast_two_sum(base_hi, u);
    (s + (se + (base_lo + tail))).copysign(x)
}

#[cfg(test)]
mod tests {
    use super::super::testing::{
        assert_exact, assert_same_as_f64, bits_f32_strided, random_f64s, uniform_f64s, worst_vs,
        worst_vs_f64, F32Pair,
    };
    use super::*;
    use std::f64::consts::{FRAC_PI_2, FRAC_PI_4};

    #[test]
    fn special_values_f64() {
        let tiny = f64::from_bits(1);
        assert_exact(
            "atan",
            atan_f64,
            &[
                (0.0, 0.0),
                (-0.0, -0.0),
                (tiny, tiny),
                (-tiny, -tiny),
                (1e-300, 1e-300),
                (1.0, FRAC_PI_4),
                (-1.0, -FRAC_PI_4),
                (f64::INFINITY, FRAC_PI_2),
                (f64::NEG_INFINITY, -FRAC_PI_2),
                (f64::MAX, FRAC_PI_2),
                (1e17, FRAC_PI_2),
                (f64::NAN, f64::NAN),
            ],
        );
    }

    /// Millions of points beside the C library's `atan` (within 1 ULP of the correctly
    /// rounded result), the range switches included; the bound of 1 ULP of the correctly
    /// rounded result is checked against mpmath's (`reference_f64`).
    #[test]
    fn sweeps_f64() {
        let xs = uniform_f64s(500_000, -4.0, 4.0, 41)
            .chain(uniform_f64s(200_000, 0.4142, 0.4143, 42))
            .chain(uniform_f64s(200_000, 2.4142, 2.4143, 43))
            .chain(random_f64s(500_000, 44));
        let (u, x) = worst_vs(atan_f64, f64::atan, xs);
        assert!(u <= 1, "{u} ulps from the C library's atan({x:e})");
    }

    /// Each function beside std's `f64` one, rounded to `f32`.
    const FUNCTIONS: [F32Pair; 3] = [
        (atan_f32, f64::atan, "atan"),
        (asin_f32, f64::asin, "asin"),
        (acos_f32, f64::acos, "acos"),
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
                TAN_PI_8 as f32,
                TAN_3PI_8 as f32,
                1e-30,
                -1e-30,
                f32::from_bits(1),
                1.0 + f32::EPSILON,
                -1.0 - f32::EPSILON,
                1e30,
                f32::MAX,
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
            // Every 13th f32 in [0.25, 4], where the ranges switch.
            let xs = (0.25f32.to_bits()..=4.0f32.to_bits())
                .step_by(13)
                .map(f32::from_bits);
            let (u, x) = worst_vs_f64(f, reference, xs);
            assert!(u <= 1, "{u} ulps from the correctly rounded {name}({x:e})");
        }
    }

    /// Every `f32`: `cargo test -p array-runtime --release --lib -- --ignored exhaustive`.
    #[test]
    #[ignore = "2^32 inputs per function: run in release"]
    fn exhaustive_arc_f32() {
        for (f, reference, name) in FUNCTIONS {
            let (u, x) = worst_vs_f64(f, reference, bits_f32_strided(1));
            assert!(u <= 1, "{u} ulps from the correctly rounded {name}({x:e})");
        }
    }
}
