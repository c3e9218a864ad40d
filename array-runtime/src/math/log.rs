//! `ln x`, `log2 x`, `log10 x`, `ln(1 + x)`: `x = 2^k (1 + f)` with `1 + f` in `[sqrt(2)/2, sqrt(2))`, then
//! `ln(1 + f) = 2 atanh(s)` with `s = f / (2 + f)` (`|s| < 0.172`), a Taylor series in `s^2`,
//! written as `f - f^2/2 + s (f^2/2 + R)`: the part that carries the rounding errors
//! (`s (f^2/2 + R)`) is small beside the exact `f`; `k ln 2` is added in two parts, the first
//! exact. Subnormal inputs are scaled into the normal range first. `f32` computes in `f32`
//! (eight lanes per AVX2 vector); every `f32` input is checked by an ignored test run in release.

use super::bits::{split, split_f32, LN2_HI, LN2_HI_F32, LN2_LO, LN2_LO_F32};

/// `2 / (2j + 1)` for `j = 1..=10`: `2 atanh(s) = 2s + s * sum_j c_j s^(2j)`.
const ATANH: [f64; 10] = [
    2.0 / 3.0,
    2.0 / 5.0,
    2.0 / 7.0,
    2.0 / 9.0,
    2.0 / 11.0,
    2.0 / 13.0,
    2.0 / 15.0,
    2.0 / 17.0,
    2.0 / 19.0,
    2.0 / 21.0,
];

/// The result for inputs outside `(0, +inf)`: `-inf` at zeros, NaN below, `x` itself for `+inf`
/// and NaN; `None`-free so that it stays a select.
#[inline(always)]
fn special_f64(x: f64) -> f64 {
    if x == 0.0 {
        f64::NEG_INFINITY
    } else if x < 0.0 {
        f64::NAN
    } else {
        x
    }
}

/// `2 / (2j + 1)` for `j = 1..=4` in `f32`.
const ATANH_F32: [f32; 4] = [2.0 / 3.0, 2.0 / 5.0, 2.0 / 7.0, 2.0 / 9.0];

/// `ln x` of an `f32`, in `f32` arithmetic (eight lanes per AVX2 vector).
#[inline(always)]
pub(super) fn ln_f32(x: f32) -> f32 {
    // Subnormals scaled into the normal range (exactly), their exponent adjusted.
    let tiny = x < f32::MIN_POSITIVE;
    let xs = if tiny { x * 8388608.0 } else { x };
    let (k, f) = split_f32(xs);
    let k = if tiny { k - 23.0 } else { k };
    let s = f / (2.0 + f);
    let z = s * s;
    let z2 = z * z;
    let c = &ATANH_F32;
    // Terms up to s^9: the first omitted one is below 3e-9 relative to the result.
    let r = z * ((c[0] + c[1] * z) + z2 * (c[2] + c[3] * z));
    let hfsq = 0.5 * f * f;
    // As in `ln_f64`: k LN2_HI_F32 is exact (|k| < 2^9), the small terms are summed first.
    let y = k * LN2_HI_F32 + (f - (hfsq - (s * (hfsq + r) + k * LN2_LO_F32)));
    special_f32(x, y)
}

/// `ln x` of an `f64`.
#[inline(always)]
pub(super) fn ln_f64(x: f64) -> f64 {
    // Subnormals scaled into the normal range (exactly), their exponent adjusted.
    let tiny = x < f64::MIN_POSITIVE;
    let xs = if tiny { x * 18014398509481984.0 } else { x };
    let (k, f) = split(xs);
    let k = if tiny { k - 54.0 } else { k };
    let s = f / (2.0 + f);
    let z = s * s;
    let z2 = z * z;
    let z4 = z2 * z2;
    let c = &ATANH;
    // Terms up to s^21: the first omitted one is below 1e-18 relative to the result.
    let r = z
        * (((c[0] + c[1] * z) + z2 * (c[2] + c[3] * z))
            + z4 * (((c[4] + c[5] * z) + z2 * (c[6] + c[7] * z)) + z4 * (c[8] + c[9] * z)));
    let hfsq = 0.5 * f * f;
    // k LN2_HI is exact (|k| < 2^11); the small terms are summed first.
    let y = k * LN2_HI + (f - (hfsq - (s * (hfsq + r) + k * LN2_LO)));
    if x > 0.0 && x < f64::INFINITY {
        y
    } else {
        special_f64(x)
    }
}

/// `(k, ln(1 + f))` in `f64` for a positive finite `f32` (relative error below 5e-11), where
/// `x = 2^k (1 + f)`; f32's subnormals are normal `f64`s.
#[inline(always)]
fn ln_parts_f32_in_f64(x: f32) -> (f64, f64) {
    let (k, f) = split(x as f64);
    let s = f / (2.0 + f);
    let z = s * s;
    let z2 = z * z;
    let c = &ATANH;
    // Terms up to s^11: the first omitted one is below 5e-11 relative to the result.
    let r = z * ((c[0] + c[1] * z) + z2 * ((c[2] + c[3] * z) + z2 * c[4]));
    (k, s + s + s * r)
}

/// The result for inputs outside `(0, +inf)` of an `f32` logarithm.
#[inline(always)]
fn special_f32(x: f32, y: f32) -> f32 {
    if x > 0.0 && x < f32::INFINITY {
        y
    } else if x == 0.0 {
        f32::NEG_INFINITY
    } else if x < 0.0 {
        f32::NAN
    } else {
        x
    }
}

/// `log2 x` of an `f32`, computed in `f64` and rounded once.
#[inline(always)]
pub(super) fn log2_f32(x: f32) -> f32 {
    let (k, l) = ln_parts_f32_in_f64(x);
    // |l log2(e)| <= 1/2 <= |k| / 2 when k != 0: no cancellation.
    special_f32(x, (k + l * std::f64::consts::LOG2_E) as f32)
}

/// `log10 x` of an `f32`, computed in `f64` and rounded once.
#[inline(always)]
pub(super) fn log10_f32(x: f32) -> f32 {
    let (k, l) = ln_parts_f32_in_f64(x);
    // |l log10(e)| <= 0.16 < 0.3 |k| when k != 0: no cancellation.
    let y = k * std::f64::consts::LOG10_2 + l * std::f64::consts::LOG10_E;
    special_f32(x, y as f32)
}

/// `(k, hi, lo)` with `x = 2^k (1 + f)` and `ln(1 + f) = hi + lo`, `hi` of 21 significant bits
/// (its products with 21-bit constants are exact), for a positive finite `f64`.
#[inline(always)]
fn ln_parts_f64(x: f64) -> (f64, f64, f64) {
    let tiny = x < f64::MIN_POSITIVE;
    let xs = if tiny { x * 18014398509481984.0 } else { x };
    let (k, f) = split(xs);
    let k = if tiny { k - 54.0 } else { k };
    let s = f / (2.0 + f);
    let z = s * s;
    let z2 = z * z;
    let z4 = z2 * z2;
    let c = &ATANH;
    let r = z
        * (((c[0] + c[1] * z) + z2 * (c[2] + c[3] * z))
            + z4 * (((c[4] + c[5] * z) + z2 * (c[6] + c[7] * z)) + z4 * (c[8] + c[9] * z)));
    let hfsq = 0.5 * f * f;
    let hi = f64::from_bits((f - hfsq).to_bits() & 0xffff_ffff_0000_0000);
    // f - hi is exact (Sterbenz: hi is within a factor 2 of f).
    let lo = ((f - hi) - hfsq) + s * (hfsq + r);
    (k, hi, lo)
}

/// `k ln 2 + hi + lo + c` for [`ln_parts_f64`]'s `(k, hi, lo)` and a small `c`: `k LN2_HI`
/// is exact and the rounding error of adding `hi` to it is kept (Fast2Sum: `|k ln 2| >= ln 2 >
/// |hi|` when `k != 0`; the error is 0 when `k == 0`) and added back with the small terms.
#[inline(always)]
fn ln_sum(k: f64, hi: f64, lo: f64, c: f64) -> f64 {
    let a = k * LN2_HI;
    let w = a + hi;
    w + (((a - w) + hi) + (lo + (c + k * LN2_LO)))
}

/// `ln 2x` of an `f64` in `[1, 2^1023)` (the sum of [`ln_f64`] with `k + 1` for `k`, rounded
/// once); other inputs give meaningless values.
#[inline(always)]
pub(super) fn ln_twice_f64(x: f64) -> f64 {
    let (k, hi, lo) = ln_parts_f64(x);
    ln_sum(k + 1.0, hi, lo, 0.0)
}

/// `1 / ln 2` in a 21-bit head and a tail.
const INV_LN2_HI: f64 = 1.4426946640014648;
const INV_LN2_LO: f64 = 3.768874985636099e-7;
/// `1 / ln 10` in a 21-bit head and a tail.
const INV_LN10_HI: f64 = 0.4342944622039795;
const INV_LN10_LO: f64 = 1.9699272335463627e-8;
/// `log10(2)` in a 21-bit head and a tail.
const LOG10_2_HI: f64 = 0.30102992057800293;
const LOG10_2_LO: f64 = 7.508597826552624e-8;

/// `log2 x` of an `f64`: `k + ln(1 + f) / ln 2` with the products in two parts and the
/// rounding error of the last large addition kept (Fast2Sum) and added back once.
#[inline(always)]
pub(super) fn log2_f64(x: f64) -> f64 {
    let (k, hi, lo) = ln_parts_f64(x);
    let v_hi = hi * INV_LN2_HI;
    let v_lo = (lo + hi) * INV_LN2_LO + lo * INV_LN2_HI;
    // |v_hi| <= 1/2 <= |k| when k != 0 (and the error is 0 when k == 0).
    let w = k + v_hi;
    let y = ((k - w) + v_hi + v_lo) + w;
    if x > 0.0 && x < f64::INFINITY {
        y
    } else {
        special_f64(x)
    }
}

/// `log10 x` of an `f64`: `k log10(2) + ln(1 + f) / ln 10`, as [`log2_f64`].
#[inline(always)]
pub(super) fn log10_f64(x: f64) -> f64 {
    let (k, hi, lo) = ln_parts_f64(x);
    let v_hi = hi * INV_LN10_HI;
    // k LOG10_2_HI is exact (|k| < 2^11, 21 bits).
    let y2 = k * LOG10_2_HI;
    let v_lo = k * LOG10_2_LO + (lo + hi) * INV_LN10_LO + lo * INV_LN10_HI;
    // |v_hi| <= 0.16 < 0.3 <= |y2| when k != 0 (and the error is 0 when k == 0).
    let w = y2 + v_hi;
    let y = ((y2 - w) + v_hi + v_lo) + w;
    if x > 0.0 && x < f64::INFINITY {
        y
    } else {
        special_f64(x)
    }
}

/// `ln(1 + x)` of an `f32`, computed in `f64` and rounded once: `1 + x` is exact in `f64` for
/// `|x| >= 2^-29` (and rounds harmlessly beyond 2^29); below, three terms of the series.
#[inline(always)]
pub(super) fn ln_1p_f32(x: f32) -> f32 {
    let xd = x as f64;
    // |x|^3 / 4 < 2^-89 of the result: the series to x^3 is exact to f64's precision.
    let series = xd - 0.5 * xd * xd + xd * xd * xd * (1.0 / 3.0);
    let y = if xd.abs() < 1.862645149230957e-9 {
        series
    } else {
        ln_f64(1.0 + xd)
    };
    // ln_f64 gives -inf at x = -1, NaN below, +inf at +inf; -0.0 goes through the series.
    y as f32
}

/// `ln(1 + x)` of an `f64`: `u = 1 + x` rounded, `ln u` from its parts with `k ln 2` added by
/// Fast2Sum, and `(x - (u - 1)) / u` (what rounding `u` lost) added back.
#[inline(always)]
pub(super) fn ln_1p_f64(x: f64) -> f64 {
    ln_1p_pair(x, 0.0)
}

/// `ln(1 + x + xl)` for a pair `x + xl` (`|xl|` at most about `x`'s last place), as
/// [`ln_1p_f64`]: `xl` joins what rounding `1 + x` lost. Special values follow `x`'s.
#[inline(always)]
pub(super) fn ln_1p_pair(x: f64, xl: f64) -> f64 {
    let u = 1.0 + x;
    // u - 1 is exact (Sterbenz below 2, multiples of ulp(u) <= 1 up to 2^53).
    let c = ((x - (u - 1.0)) + xl) / u;
    let (k, hi, lo) = ln_parts_f64(u);
    let y = ln_sum(k, hi, lo, c);
    if u > 0.0 && x < f64::INFINITY && x != 0.0 {
        y
    } else if x == 0.0 {
        x
    } else {
        // u == 0 at x == -1: ln gives -inf; NaN below and for NaN; +inf stays.
        special_f64(u)
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{
        bits_f32_strided, dd, random_f64s, ulp_f32, ulp_f64, uniform_f64s,
    };
    use super::*;

    fn worst_f64(xs: impl Iterator<Item = f64>) -> (u64, f64) {
        xs.map(|x| (ulp_f64(ln_f64(x), x.ln()), x))
            .fold((0, 0.0), |a, b| if b.0 > a.0 { b } else { a })
    }

    fn worst_f32(xs: impl Iterator<Item = f32>, reference: impl Fn(f32) -> f32) -> (u64, f32) {
        xs.map(|x| (ulp_f32(ln_f32(x), reference(x)), x))
            .fold((0, 0.0), |a, b| if b.0 > a.0 { b } else { a })
    }

    /// Correctly rounded but in rare double-rounding cases.
    fn ln_f32_ref(x: f32) -> f32 {
        (x as f64).ln() as f32
    }

    #[test]
    fn special_values() {
        assert_eq!(ln_f32(0.0), f32::NEG_INFINITY);
        assert_eq!(ln_f32(-0.0), f32::NEG_INFINITY);
        assert!(ln_f32(-1.0).is_nan());
        assert!(ln_f32(-f32::MIN_POSITIVE).is_nan());
        assert!(ln_f32(f32::NEG_INFINITY).is_nan());
        assert!(ln_f32(f32::NAN).is_nan());
        assert_eq!(ln_f32(f32::INFINITY), f32::INFINITY);
        assert_eq!(ln_f32(1.0).to_bits(), 0);
        assert_eq!(
            ln_f32(f32::from_bits(1)),
            (f32::from_bits(1) as f64).ln() as f32
        );
        assert_eq!(ln_f32(f32::MAX), f32::MAX.ln());

        assert_eq!(ln_f64(0.0), f64::NEG_INFINITY);
        assert_eq!(ln_f64(-0.0), f64::NEG_INFINITY);
        assert!(ln_f64(-1.0).is_nan());
        assert!(ln_f64(-f64::from_bits(1)).is_nan());
        assert!(ln_f64(f64::NEG_INFINITY).is_nan());
        assert!(ln_f64(f64::NAN).is_nan());
        assert_eq!(ln_f64(f64::INFINITY), f64::INFINITY);
        assert_eq!(ln_f64(1.0).to_bits(), 0);
        assert_eq!(ln_f64(std::f64::consts::E), 1.0);
        assert_eq!(ln_f64(2.0), std::f64::consts::LN_2);
        for x in [
            f64::from_bits(1),
            f64::from_bits(0xf_ffff_ffff_ffff),
            f64::MIN_POSITIVE,
            f64::MAX,
        ] {
            assert!(ulp_f64(ln_f64(x), x.ln()) <= 1, "ln({x:e})");
        }
    }

    #[test]
    fn every_f32_stride() {
        let (u, x) = worst_f32(bits_f32_strided(997), ln_f32_ref);
        assert!(u <= 1, "{u} ulps from the correctly rounded ln({x:e})");
        let (u, x) = worst_f32(bits_f32_strided(997), f32::ln);
        assert!(u <= 1, "{u} ulps from std's ln({x:e})");
        // Every f32 in [0.5, 2], where the result is smallest relative to its inputs.
        let xs = (0.5f32.to_bits()..=2.0f32.to_bits())
            .step_by(7)
            .map(f32::from_bits);
        let (u, x) = worst_f32(xs, ln_f32_ref);
        assert!(u <= 1, "{u} ulps from the correctly rounded ln({x:e})");
    }

    /// Every `f32`: `cargo test -p array-runtime --release --lib -- --ignored exhaustive`.
    #[test]
    #[ignore = "2^32 inputs: run in release"]
    fn exhaustive_f32() {
        let (u, x) = worst_f32(bits_f32_strided(1), ln_f32_ref);
        assert!(u <= 1, "{u} ulps from the correctly rounded ln({x:e})");
        let worst = bits_f32_strided(1)
            .map(|x| (ulp_f32(log2_f32(x), (x as f64).log2() as f32), x))
            .fold((0, 0.0), |a, b| if b.0 > a.0 { b } else { a });
        assert!(worst.0 <= 1, "{} ulps at log2({:e})", worst.0, worst.1);
        let worst = bits_f32_strided(1)
            .map(|x| (ulp_f32(log10_f32(x), (x as f64).log10() as f32), x))
            .fold((0, 0.0), |a, b| if b.0 > a.0 { b } else { a });
        assert!(worst.0 <= 1, "{} ulps at log10({:e})", worst.0, worst.1);
        let worst = bits_f32_strided(1)
            .map(|x| (ulp_f32(ln_1p_f32(x), (x as f64).ln_1p() as f32), x))
            .fold((0, 0.0), |a, b| if b.0 > a.0 { b } else { a });
        assert!(worst.0 <= 1, "{} ulps at ln_1p({:e})", worst.0, worst.1);
    }

    #[test]
    fn log2_special_values() {
        {
            let f = log2_f32;
            assert_eq!(f(0.0), f32::NEG_INFINITY);
            assert_eq!(f(-0.0), f32::NEG_INFINITY);
            assert!(f(-1.0).is_nan());
            assert!(f(f32::NEG_INFINITY).is_nan());
            assert!(f(f32::NAN).is_nan());
            assert_eq!(f(f32::INFINITY), f32::INFINITY);
            assert_eq!(f(1.0).to_bits(), 0);
        }
        {
            let f = log2_f64;
            assert_eq!(f(0.0), f64::NEG_INFINITY);
            assert_eq!(f(-0.0), f64::NEG_INFINITY);
            assert!(f(-1.0).is_nan());
            assert!(f(-f64::from_bits(1)).is_nan());
            assert!(f(f64::NEG_INFINITY).is_nan());
            assert!(f(f64::NAN).is_nan());
            assert_eq!(f(f64::INFINITY), f64::INFINITY);
            assert_eq!(f(1.0).to_bits(), 0);
        }
        // Powers of two are exact in base 2, from the smallest subnormal up.
        for k in -149..128 {
            let x = if k < -126 {
                f32::from_bits(1 << (k + 149))
            } else {
                2f32.powi(k)
            };
            assert_eq!(log2_f32(x), k as f32, "log2(2^{k})");
        }
        for k in -1074..1024 {
            let x = if k < -1022 {
                f64::from_bits(1 << (k + 1074))
            } else {
                2f64.powi(k)
            };
            assert_eq!(log2_f64(x), k as f64, "log2(2^{k})");
        }
    }

    #[test]
    fn log2_sweeps() {
        let worst = bits_f32_strided(997)
            .map(|x| (ulp_f32(log2_f32(x), (x as f64).log2() as f32), x))
            .fold((0, 0.0), |a, b| if b.0 > a.0 { b } else { a });
        assert!(worst.0 <= 1, "{} ulps at log2({:e})", worst.0, worst.1);
        let xs = random_f64s(1_000_000, 10)
            .chain(uniform_f64s(1_000_000, 0.5, 2.0, 11))
            .chain(uniform_f64s(200_000, 0.0, 1e-300, 12))
            .chain((0..200_000u64).map(|i| f64::from_bits(1 + i * 22_517_998_136)))
            .chain((0..200_000u64).map(|i| f64::from_bits(1f64.to_bits() - 100_000 + i)));
        let worst = xs
            .map(|x| (ulp_f64(log2_f64(x), x.log2()), x))
            .fold((0, 0.0), |a, b| if b.0 > a.0 { b } else { a });
        assert!(worst.0 <= 1, "{} ulps at log2({:e})", worst.0, worst.1);
    }

    /// `log10 x` for a positive finite `x`, from `2 atanh` series in double-double: correctly
    /// rounded but within 2^-100 of a halfway point.
    fn log10_ref(x: f64) -> f64 {
        const LN2: dd::Dd = (std::f64::consts::LN_2, 2.3190468138462996e-17);
        const INV_LN10: dd::Dd = (std::f64::consts::LOG10_E, 1.098319650216765e-17);
        let (x, mut e) = if x < f64::MIN_POSITIVE {
            (x * 18014398509481984.0, -54)
        } else {
            (x, 0)
        };
        let bits = x.to_bits();
        e += ((bits >> 52) as i32) - 1023;
        let mut m = f64::from_bits((bits & 0x000f_ffff_ffff_ffff) | (1023 << 52));
        if m > std::f64::consts::SQRT_2 {
            m *= 0.5;
            e += 1;
        }
        // m - 1 is exact; m + 1 as an exact pair.
        let plus = dd::add((m, 0.0), (1.0, 0.0));
        let s = dd::div((m - 1.0, 0.0), plus);
        let z = dd::mul(s, s);
        let mut sum: dd::Dd = (0.0, 0.0);
        for j in (0..30).rev() {
            sum = dd::add(
                dd::mul(sum, z),
                dd::div((1.0, 0.0), ((2 * j + 1) as f64, 0.0)),
            );
        }
        let ln_m = dd::mul(dd::mul(s, (2.0, 0.0)), sum);
        let ln_x = dd::add(dd::mul((e as f64, 0.0), LN2), ln_m);
        let r = dd::mul(ln_x, INV_LN10);
        r.0 + r.1
    }

    #[test]
    fn log10_reference_is_correctly_rounded() {
        // Correctly rounded values from a 60-digit computation.
        for (x, want) in [
            (0.8723008925080973, -0.059333683168853714),
            (3.0, 0.47712125471966244),
            (1e-300, -300.0),
            (0.1, -1.0),
            (5e-324, -323.3062153431158),
            (f64::MAX, 308.25471555991675),
            (1.0000000000000002, 9.64327466553287e-17),
        ] {
            assert_eq!(log10_ref(x), want, "log10({x:e})");
        }
    }

    #[test]
    fn log10_special_values() {
        assert_eq!(log10_f32(0.0), f32::NEG_INFINITY);
        assert_eq!(log10_f32(-0.0), f32::NEG_INFINITY);
        assert!(log10_f32(-1.0).is_nan());
        assert!(log10_f32(f32::NAN).is_nan());
        assert_eq!(log10_f32(f32::INFINITY), f32::INFINITY);
        assert_eq!(log10_f32(1.0).to_bits(), 0);
        assert_eq!(log10_f64(0.0), f64::NEG_INFINITY);
        assert_eq!(log10_f64(-0.0), f64::NEG_INFINITY);
        assert!(log10_f64(-1.0).is_nan());
        assert!(log10_f64(-f64::from_bits(1)).is_nan());
        assert!(log10_f64(f64::NAN).is_nan());
        assert_eq!(log10_f64(f64::INFINITY), f64::INFINITY);
        assert_eq!(log10_f64(1.0).to_bits(), 0);
        for n in 0..=10 {
            assert_eq!(log10_f32(10f32.powi(n)), n as f32, "log10(1e{n})");
        }
        for n in -300..=300 {
            let x: f64 = format!("1e{n}").parse().unwrap_or(0.0);
            assert!(ulp_f64(log10_f64(x), log10_ref(x)) <= 1, "log10(1e{n})");
        }
    }

    #[test]
    fn log10_sweeps() {
        let worst = bits_f32_strided(997)
            .map(|x| (ulp_f32(log10_f32(x), (x as f64).log10() as f32), x))
            .fold((0, 0.0), |a, b| if b.0 > a.0 { b } else { a });
        assert!(worst.0 <= 1, "{} ulps at log10({:e})", worst.0, worst.1);
        let xs = random_f64s(200_000, 13)
            .filter(|x| *x > 0.0 && x.is_finite())
            .chain(uniform_f64s(200_000, 0.5, 2.0, 14))
            .chain((0..50_000u64).map(|i| f64::from_bits(1 + i * 90_071_992_547)))
            .chain((0..50_000u64).map(|i| f64::from_bits(1f64.to_bits() - 25_000 + i)));
        let worst = xs
            .map(|x| (ulp_f64(log10_f64(x), log10_ref(x)), x))
            .fold((0, 0.0), |a, b| if b.0 > a.0 { b } else { a });
        assert!(worst.0 <= 1, "{} ulps at log10({:e})", worst.0, worst.1);
    }

    #[test]
    fn ln_1p_special_values() {
        assert_eq!(ln_1p_f32(-1.0), f32::NEG_INFINITY);
        assert!(ln_1p_f32(-2.0).is_nan());
        assert!(ln_1p_f32(f32::NAN).is_nan());
        assert!(ln_1p_f32(f32::NEG_INFINITY).is_nan());
        assert_eq!(ln_1p_f32(f32::INFINITY), f32::INFINITY);
        assert_eq!(ln_1p_f32(-0.0).to_bits(), (-0.0f32).to_bits());
        assert_eq!(ln_1p_f32(0.0).to_bits(), 0);
        assert_eq!(ln_1p_f32(1e-30), 1e-30);
        assert_eq!(ln_1p_f64(-1.0), f64::NEG_INFINITY);
        assert!(ln_1p_f64(-1.5).is_nan());
        assert!(ln_1p_f64(f64::NAN).is_nan());
        assert!(ln_1p_f64(f64::NEG_INFINITY).is_nan());
        assert_eq!(ln_1p_f64(f64::INFINITY), f64::INFINITY);
        assert_eq!(ln_1p_f64(-0.0).to_bits(), (-0.0f64).to_bits());
        assert_eq!(ln_1p_f64(0.0).to_bits(), 0);
        assert_eq!(ln_1p_f64(1e-300), 1e-300);
        assert_eq!(ln_1p_f64(f64::from_bits(1)), f64::from_bits(1));
        assert_eq!(ln_1p_f64(f64::MAX), f64::MAX.ln());
    }

    #[test]
    fn ln_1p_sweeps() {
        let worst = bits_f32_strided(997)
            .map(|x| (ulp_f32(ln_1p_f32(x), (x as f64).ln_1p() as f32), x))
            .fold((0, 0.0), |a, b| if b.0 > a.0 { b } else { a });
        assert!(worst.0 <= 1, "{} ulps at ln_1p({:e})", worst.0, worst.1);
        let xs = random_f64s(1_000_000, 15)
            .chain(uniform_f64s(500_000, -1.0, 1.0, 16))
            .chain(uniform_f64s(200_000, -1e-6, 1e-6, 17))
            .chain(uniform_f64s(200_000, -1.0, -0.999, 18));
        let worst = xs
            .map(|x| (ulp_f64(ln_1p_f64(x), x.ln_1p()), x))
            .fold((0, 0.0), |a, b| if b.0 > a.0 { b } else { a });
        assert!(worst.0 <= 1, "{} ulps at ln_1p({:e})", worst.0, worst.1);
    }

    #[test]
    fn dense_f64() {
        let (u, x) = worst_f64(random_f64s(1_000_000, 4));
        assert!(u <= 1, "{u} ulps at ln({x:e})");
        let (u, x) = worst_f64(uniform_f64s(1_000_000, 0.5, 2.0, 5));
        assert!(u <= 1, "{u} ulps at ln({x:e})");
        let (u, x) = worst_f64(uniform_f64s(300_000, 0.0, 1e-300, 6));
        assert!(u <= 1, "{u} ulps at ln({x:e})");
        // Subnormals: every exponent.
        let xs = (0..200_000u64).map(|i| f64::from_bits(1 + i * 22_517_998_136));
        let (u, x) = worst_f64(xs);
        assert!(u <= 1, "{u} ulps at ln({x:e})");
        // Around 1, where the result is smallest.
        let xs = (0..200_000u64).map(|i| f64::from_bits(1f64.to_bits() - 100_000 + i));
        let (u, x) = worst_f64(xs);
        assert!(u <= 1, "{u} ulps at ln({x:e})");
    }
}
