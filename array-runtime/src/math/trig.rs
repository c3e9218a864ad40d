//! `sin`, `cos` and `tan` of `f32`, computed in `f64` and rounded once (within 1 ULP; every
//! `f32` input is checked by an ignored test run in release).
//!
//! The reduction is exact enough for every `f32`, from subnormals to `f32::MAX`, without a
//! branch: `x 2/pi = n + s` with `n` an integer (its last two bits give the quadrant) and
//! `|s| <= 1/2`, then `r = s pi/2`. An `f32` is `m 2^e` with `m` an integer below `2^24`, so
//! the bits of `2/pi` of weight `2^-j` for `j < j0 = max(1, e - 1)` only add multiples of 4
//! to `x 2/pi` and can be dropped; the next 110 bits are three parts: `C0` and `C1` of 29 bits
//! (the products `x C0`, below `2^26`, and `x C1` are exact) and `C2` of 52 bits. [`parts`]
//! cuts them from four 64-bit words of `2/pi` ([`TWO_OVER_PI_BITS`]) by shifts and selects,
//! lane by lane: no table and no load, so that LLVM vectorizes a kernel's chunk loop, whose
//! slices may overlap (a table of rows per exponent, three loads per element, kept that loop
//! scalar: `sin` 4.4 ns per element where the loads vectorize to 2.0 in a loop whose slices
//! cannot overlap). Every `|x| < 2^26` has `j0 = 1`, the constant parts [`SMALL_PARTS`]: a
//! Cody-Waite reduction with `2/pi` in three parts, the same bits as the general one, which
//! [`sin_f32_small`] and friends use, flagging every other argument. Measured in a loop whose
//! slices may overlap (AVX2, in cache, per element): `sin` 2.3 ns, `tan` 2.7 ns with the
//! parts cut by shifts, 1.0 ns (`sin`) with the constant parts, against the C library's
//! `sinf` 2.4 ns and `tanf` 6.8 ns. A kernel's chunk loop picks the constant parts once per
//! chunk when no argument of the chunk is large (see the module documentation).
//!
//! The bound: `x C0 - n` is exact and `s = ((x C0 - n) + x C1) + x C2`. The bits of `2/pi`
//! after `C2` weigh less than `2^-(j0 + 109)` together and `|x| < 2^(j0 + 25)` (`j0 = e - 1`,
//! or `e <= 2` where `j0 = 1`), so dropping them moves `x 2/pi` by less than `2^-84`;
//! rounding `x C2` (below `2^-32`) adds at most `2^-85`, and the two additions `2^-53` of
//! their results each: `s` is within `2^-83.4 + 2^-51.4 |s|`. Where `n != 0` no `f32` comes
//! closer to a multiple of `pi/2` than `|s| = 2^-29.86` (at `7.729179e28`, found by a search
//! over every `f32` exponent and mantissa in 100-bit fixed point), so `s`, and `r`, are
//! accurate to `2^-51` relative; where `n = 0` there is no absolute error but that of the
//! dropped bits, `2^-110 |x|`.
//!
//! `sin r` and `cos r` on `|r| <= pi/4` are polynomials of degree 9 and 8 (coefficients
//! fitted for this module by least squares on Chebyshev nodes, in 200-bit arithmetic; relative
//! error below `2^-37` and `2^-33`: an `f32` needs no more, its ULP being `2^-24` relative or
//! more). `sin` and `cos` evaluate one polynomial per element, its coefficients chosen by the
//! quadrant (sine or cosine of `r`), and sign it; `tan` is `sin r / cos r` or `-cos r / sin r`.
//! The error before the final rounding is below `2^-9` of an `f32` ULP.
//! NaN and `±inf` give NaN (`x C0` is NaN or infinite), `-0.0` gives `-0.0` (`sin`, `tan`).

use super::bits::{ROUND_F64, TWO_52, TWO_52_BITS};

/// `sin r = r (1 + z (S0 + z (S1 + z (S2 + z S3))))`, `z = r^2`, on `|r| <= pi/4`: relative
/// error below `2^-37`.
const SIN: [f64; 4] = [
    -0.16666666643331168,
    0.008333329540100224,
    -0.00019839375778753373,
    2.718644953495107e-06,
];

/// `cos r = 1 + z (C0 + z (C1 + z (C2 + z C3)))`, `z = r^2`, on `|r| <= pi/4`: relative error
/// below `2^-33`.
const COS: [f64; 4] = [
    -0.4999999971415108,
    0.04166662207200934,
    -0.0013886726022973664,
    2.438711382535143e-05,
];

/// The first 256 bits of `2/pi` after the binary point, most significant first: enough for
/// every `f32` exponent (the reduction reads bits 1 to 212 at most).
const TWO_OVER_PI_BITS: [u64; 4] = [
    0xa2f9_836e_4e44_1529,
    0xfc27_57d1_f534_ddc0,
    0xdb62_9599_3c43_9041,
    0xfe51_63ab_debb_c561,
];

/// The biased exponent of the largest `f32`s (`|x| < 2^26`) whose reduction drops no bit of
/// `2/pi`: up to it every `x` reads the same bits, [`SMALL_PARTS`].
const LAST_UNSHIFTED: u32 = 152;

/// `a`, `b` or `c` for `k` = 0, 1 or more: selects, not a load, so that a vector of lanes
/// chooses lane by lane.
#[inline(always)]
const fn pick(k: u64, a: u64, b: u64, c: u64) -> u64 {
    if k == 0 {
        a
    } else if k == 1 {
        b
    } else {
        c
    }
}

/// The 64 bits of `2/pi` from weight `2^-p` (bit 63 of the result), for `1 <= p <= 192`.
#[inline(always)]
const fn window(p: u64) -> u64 {
    let [w0, w1, w2, w3] = TWO_OVER_PI_BITS;
    let k = (p - 1) >> 6;
    let shift = (p - 1) & 63;
    let hi = pick(k, w0, w1, w2);
    let lo = pick(k, w1, w2, w3);
    // `lo >> (64 - shift)` without a shift by 64 when `shift` is 0.
    (hi << shift) | ((lo >> 1) >> (63 - shift))
}

/// `v 2^-weight` as an `f64`, exactly, for `v < 2^52` and `weight < 1023`.
#[inline(always)]
const fn scaled(v: u64, weight: u64) -> f64 {
    let v = f64::from_bits(v | TWO_52_BITS) - TWO_52;
    v * f64::from_bits((1023 - weight) << 52)
}

/// The bits of `2/pi` from weight `2^-j0` in three parts `[C0, C1, C2]`: bits `j0` to
/// `j0 + 28`, `j0 + 29` to `j0 + 57` and `j0 + 58` to `j0 + 109`, each exact in an `f64`. The
/// bits after `j0 + 109` are dropped: they weigh less than `2^-(j0 + 109)` together.
#[inline(always)]
const fn parts(j0: u64) -> [f64; 3] {
    let w0 = window(j0);
    let w1 = window(j0 + 58);
    [
        scaled(w0 >> 35, j0 + 28),
        scaled((w0 >> 6) & ((1 << 29) - 1), j0 + 57),
        scaled(w1 >> 12, j0 + 109),
    ]
}

/// [`parts`] from weight `2^-1`: those of every `|x| < 2^26`.
const SMALL_PARTS: [f64; 3] = parts(1);

/// `n` (as `q`, its low two bits) and `r = x - n pi/2` with `|r| <= pi/4`, for an `f32` `x`,
/// with the parts of `2/pi` its exponent needs, computed from [`TWO_OVER_PI_BITS`] by shifts
/// and selects (no table, no load).
#[inline(always)]
fn reduce(x: f32) -> (u64, f64) {
    let biased = (x.to_bits() >> 23) & 0xff;
    let j0 = (biased.max(LAST_UNSHIFTED) - (LAST_UNSHIFTED - 1)) as u64;
    reduce_with(x, parts(j0))
}

/// The bound of the arguments of [`reduce_small`]: `2^26`.
const SMALL_LIMIT: f32 = 67108864.0;

/// [`reduce`] for `|x| < 2^26`, bit for bit, with the parts as constants: a Cody-Waite
/// reduction with `2/pi` in three parts. Sets `*large` for every other `x` (NaN and `±inf`
/// included), whose result is then meaningless.
#[inline(always)]
fn reduce_small(x: f32, large: &mut bool) -> (u64, f64) {
    *large |= (x.abs() >= SMALL_LIMIT) | x.is_nan();
    reduce_with(x, SMALL_PARTS)
}

/// `x 2/pi = n + s` with the parts `c` of `2/pi` from weight `2^-j0`, `j0 = max(1, e - 1)`;
/// returns the low bits of `n` (in those of `t`) and `r = s pi/2`.
#[inline(always)]
fn reduce_with(x: f32, c: [f64; 3]) -> (u64, f64) {
    let d = x as f64;
    // Exact products: 24 bits of x times 29 bits.
    let (p0, p1) = (d * c[0], d * c[1]);
    // n = round(p0 + p1), |p0 + p1| < 2^27: its low bits are the mantissa's of t.
    let t = (p0 + p1) + ROUND_F64;
    let n = t - ROUND_F64;
    let s = ((p0 - n) + p1) + d * c[2];
    (t.to_bits(), s * std::f64::consts::FRAC_PI_2)
}

/// `sin r` and `cos r` for `|r| <= pi/4` (a little more is harmless).
#[inline(always)]
fn sin_cos(r: f64) -> (f64, f64) {
    let z = r * r;
    let s = SIN[0] + z * (SIN[1] + z * (SIN[2] + z * SIN[3]));
    let c = COS[0] + z * (COS[1] + z * (COS[2] + z * COS[3]));
    // r (1 + z s), not r + r z s: -0.0 stays -0.0.
    (r * (1.0 + z * s), 1.0 + z * c)
}

/// `sin(n pi/2 + r)` for `|r| <= pi/4`, `q` the low bits of `n`: `±sin r` or `±cos r`, one
/// polynomial whose coefficients (and factor `r` or 1) the quadrant selects, so that a vector of
/// lanes in different quadrants evaluates one polynomial, not two.
#[inline(always)]
fn sin_quadrant(r: f64, q: u64) -> f64 {
    let odd = q & 1 != 0;
    let k = |i: usize| if odd { COS[i] } else { SIN[i] };
    let z = r * r;
    let p = k(0) + z * (k(1) + z * (k(2) + z * k(3)));
    // r (1 + z p), not r + r z p: -0.0 stays -0.0.
    let a = if odd { 1.0 } else { r };
    signed(a * (1.0 + z * p), q)
}

/// `y`, negated when bit 1 of `q` is set.
#[inline(always)]
fn signed(y: f64, q: u64) -> f64 {
    f64::from_bits(y.to_bits() ^ ((q & 2) << 62))
}

/// `sin x` from `x`'s reduction.
#[inline(always)]
fn sin_of((q, r): (u64, f64)) -> f32 {
    sin_quadrant(r, q) as f32
}

/// `cos x` from `x`'s reduction: `cos(n pi/2 + r) = sin((n + 1) pi/2 + r)`.
#[inline(always)]
fn cos_of((q, r): (u64, f64)) -> f32 {
    sin_quadrant(r, q.wrapping_add(1)) as f32
}

/// `tan x` from `x`'s reduction.
#[inline(always)]
fn tan_of((q, r): (u64, f64)) -> f32 {
    let (s, c) = sin_cos(r);
    let (num, den) = if q & 1 == 0 { (s, c) } else { (-c, s) };
    (num / den) as f32
}

/// `sin x` of an `f32`.
#[inline(always)]
pub(super) fn sin_f32(x: f32) -> f32 {
    sin_of(reduce(x))
}

/// `cos x` of an `f32`.
#[inline(always)]
pub(super) fn cos_f32(x: f32) -> f32 {
    cos_of(reduce(x))
}

/// `tan x` of an `f32`.
#[inline(always)]
pub(super) fn tan_f32(x: f32) -> f32 {
    tan_of(reduce(x))
}

/// [`sin_f32`] for `|x| < 2^26`, bit for bit; sets `*large` for other arguments.
#[inline(always)]
pub(super) fn sin_f32_small(x: f32, large: &mut bool) -> f32 {
    sin_of(reduce_small(x, large))
}

/// [`cos_f32`] for `|x| < 2^26`, bit for bit; sets `*large` for other arguments.
#[inline(always)]
pub(super) fn cos_f32_small(x: f32, large: &mut bool) -> f32 {
    cos_of(reduce_small(x, large))
}

/// [`tan_f32`] for `|x| < 2^26`, bit for bit; sets `*large` for other arguments.
#[inline(always)]
pub(super) fn tan_f32_small(x: f32, large: &mut bool) -> f32 {
    tan_of(reduce_small(x, large))
}

#[cfg(test)]
mod tests {
    use super::super::testing::{assert_same_as_f64, bits_f32_strided, worst_vs_f64, F32Pair};
    use super::*;

    /// Each function beside std's `f64` one (the C library's, within 1 ULP of `f64`): rounded
    /// to `f32` it is the correctly rounded result but in rare double-rounding cases.
    const FUNCTIONS: [F32Pair; 3] = [
        (sin_f32, f64::sin, "sin"),
        (cos_f32, f64::cos, "cos"),
        (tan_f32, f64::tan, "tan"),
    ];

    /// The first 512 bits of `2/pi` after the binary point, in hexadecimal.
    const TWO_OVER_PI_HEX: &str =
        "a2f9836e4e441529fc2757d1f534ddc0db6295993c439041fe5163abdebbc561\
        b7246e3a424dd2e006492eea09d1921cfe1deb1cb129a73ee88235f52ebb4484\
        e99c7026b45f7e413991d639835339f49c845f8bbdf9283b1ff897ffde05980f\
        ef2f118b5a0a6d1f6d367ecf27cb09b74f463f669e5fea2d7527bac7ebe5f17b";

    /// Bit `j` (weight `2^-j`, `j >= 1`) of `2/pi`.
    fn bit(j: u32) -> u64 {
        let digit = TWO_OVER_PI_HEX.as_bytes()[(j as usize - 1) / 4] as char;
        (digit.to_digit(16).unwrap() as u64 >> (3 - (j - 1) % 4)) & 1
    }

    /// `w` bits of `2/pi` from weight `2^-j0`, as an `f64` (exact for `w <= 53`).
    fn bits_value(j0: u32, w: u32) -> f64 {
        let v = (j0..j0 + w).fold(0u64, |v, j| (v << 1) | bit(j));
        v as f64 * 2f64.powi(-((j0 + w - 1) as i32))
    }

    #[test]
    fn words_are_the_bits_of_two_over_pi() {
        for (i, &w) in TWO_OVER_PI_BITS.iter().enumerate() {
            let j0 = 64 * i as u32 + 1;
            let v = (j0..j0 + 64).fold(0u64, |v, j| (v << 1) | bit(j));
            assert_eq!(w, v, "word {i}");
        }
    }

    /// The parts of every exponent, against the bits of the long `2/pi`.
    #[test]
    fn parts_are_the_bits_of_two_over_pi() {
        for biased in 0..=255u32 {
            let x = f32::from_bits(biased << 23);
            let e = biased.max(1) as i32 - 150;
            let j0 = (e - 1).max(1) as u32;
            let j = (biased.max(LAST_UNSHIFTED) - (LAST_UNSHIFTED - 1)) as u64;
            assert_eq!(j, j0 as u64, "exponent {biased}");
            let c = parts(j);
            assert_eq!(c[0], bits_value(j0, 29), "exponent {biased}");
            assert_eq!(c[1], bits_value(j0 + 29, 29), "exponent {biased}");
            assert_eq!(c[2], bits_value(j0 + 58, 52), "exponent {biased}");
            let mut large = false;
            let small = reduce_small(x, &mut large);
            assert_eq!(large, biased > LAST_UNSHIFTED, "exponent {biased}");
            if !large {
                assert_eq!(c, SMALL_PARTS, "exponent {biased}");
                assert_eq!(reduce(x), small, "{x:e}");
            }
        }
    }

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
                -f32::from_bits(1),
                f32::MIN_POSITIVE,
                std::f32::consts::FRAC_PI_4,
                std::f32::consts::FRAC_PI_2,
                std::f32::consts::PI,
                -std::f32::consts::PI,
                8.0,
                7.999999,
                1e4,
                1e10,
                -1e20,
                1e30,
                f32::MAX,
                -f32::MAX,
                f32::INFINITY,
                f32::NEG_INFINITY,
                f32::NAN,
            ],
        );
        assert_eq!(sin_f32(-0.0).to_bits(), (-0.0f32).to_bits());
        assert_eq!(tan_f32(-0.0).to_bits(), (-0.0f32).to_bits());
        assert_eq!(cos_f32(-0.0), 1.0);
    }

    #[test]
    fn every_f32_stride() {
        for (f, reference, name) in FUNCTIONS {
            let (u, x) = worst_vs_f64(f, reference, bits_f32_strided(997));
            assert!(u <= 1, "{u} ulps from the correctly rounded {name}({x:e})");
            // Near 0 and the first multiples of pi/2, where the reduction cancels.
            let xs = (0.25f32.to_bits()..=20.0f32.to_bits())
                .step_by(61)
                .map(f32::from_bits);
            let (u, x) = worst_vs_f64(f, reference, xs);
            assert!(u <= 1, "{u} ulps from the correctly rounded {name}({x:e})");
        }
    }

    /// The small-argument functions: the same bits as the general ones below `2^26`, and
    /// `large` set from there on (and for NaN and `±inf`).
    #[test]
    fn small_arguments_same_bits() {
        type Small = fn(f32, &mut bool) -> f32;
        type Pair = (fn(f32) -> f32, Small);
        let pairs: [Pair; 3] = [
            (sin_f32, sin_f32_small),
            (cos_f32, cos_f32_small),
            (tan_f32, tan_f32_small),
        ];
        let near_pi = (3.0f32.to_bits()..3.3f32.to_bits()).step_by(7);
        for b in bits_f32_strided(9973).map(f32::to_bits).chain(near_pi) {
            let x = f32::from_bits(b);
            for (general, small) in pairs {
                let mut large = false;
                let y = small(x, &mut large);
                assert_eq!(large, x.abs() >= 67108864.0 || x.is_nan(), "{x:e}");
                if !large {
                    assert_eq!(y.to_bits(), general(x).to_bits(), "{x:e}");
                }
            }
        }
        let below = f32::from_bits(SMALL_LIMIT.to_bits() - 1);
        for x in [below, -below, SMALL_LIMIT, f32::NAN, f32::INFINITY] {
            let mut large = false;
            let y = sin_f32_small(x, &mut large);
            assert_eq!(large, x.abs() >= SMALL_LIMIT || x.is_nan(), "{x:e}");
            if !large {
                assert_eq!(y, sin_f32(x));
            }
        }
    }

    /// The `f32`s nearest to every fifth multiple of `pi/2` up to `2^20 pi/2`, and their
    /// neighbours: the reductions that cancel most.
    #[test]
    fn near_multiples_of_half_pi() {
        let mut xs = Vec::new();
        for k in (1..1u32 << 20).step_by(5) {
            let x = (k as f64 * std::f64::consts::FRAC_PI_2) as f32;
            xs.extend([
                f32::from_bits(x.to_bits() - 1),
                x,
                f32::from_bits(x.to_bits() + 1),
            ]);
        }
        for &(f, reference, name) in &FUNCTIONS {
            let (u, x) = worst_vs_f64(f, reference, xs.iter().copied());
            assert!(u <= 1, "{u} ulps from the correctly rounded {name}({x:e})");
        }
    }

    /// Every `f32`: `cargo test -p array-runtime --release --lib -- --ignored exhaustive`.
    #[test]
    #[ignore = "2^32 inputs per function: run in release"]
    fn exhaustive_trig_f32() {
        for (f, reference, name) in FUNCTIONS {
            let (u, x) = worst_vs_f64(f, reference, bits_f32_strided(1));
            assert!(u <= 1, "{u} ulps from the correctly rounded {name}({x:e})");
        }
    }
}
