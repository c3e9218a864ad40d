//! `e^x`: Cody-Waite range reduction `x = n ln2 + r` with `|r| <= ln2 / 2` (`n ln2` in two
//! parts, the first exact), a Taylor polynomial for `e^r`, and `2^n` built from exponent bits.
//!
//! Both types keep `r` as two parts and add `1 + r + ...` with the rounding errors of the two
//! large additions kept exactly (Fast2Sum) and added back once, so the result is off by one
//! rounding plus a fraction of a unit in the last place (the polynomial's rounding errors):
//! within 1 ULP of the correctly rounded result. `f32` computes in `f32` (eight lanes per AVX2
//! vector); its degree-7 polynomial is the smallest whose truncation error stays below a tenth
//! of an ULP.

use super::bits::{pow2, round_int, LN2_HI, LN2_HI_F32, LN2_LO, LN2_LO_F32};

/// `1 / k!` for `k = 2..=13`: the Taylor coefficients of `(e^r - 1 - r) / r^2`.
const INV_FACT: [f64; 12] = [
    1.0 / 2.0,
    1.0 / 6.0,
    1.0 / 24.0,
    1.0 / 120.0,
    1.0 / 720.0,
    1.0 / 5040.0,
    1.0 / 40320.0,
    1.0 / 362880.0,
    1.0 / 3628800.0,
    1.0 / 39916800.0,
    1.0 / 479001600.0,
    1.0 / 6227020800.0,
];

/// `1.5 * 2^23`: adding it to `|v| < 2^22` leaves `v` rounded to an integer in the low bits of
/// an `f32`'s mantissa.
const ROUND_F32: f32 = 12582912.0;

/// `1 / k!` for `k = 2..=7` in `f32`.
const INV_FACT_F32: [f32; 6] = [
    1.0 / 2.0,
    1.0 / 6.0,
    1.0 / 24.0,
    1.0 / 120.0,
    1.0 / 720.0,
    1.0 / 5040.0,
];

/// `2^n` for an integer-valued `n` in `[-126, 127]`, from exponent bits.
#[inline(always)]
fn pow2_f32(n: f32) -> f32 {
    f32::from_bits((n + (ROUND_F32 + 127.0)).to_bits() << 23)
}

/// `e^x` of an `f32`, in `f32` arithmetic (eight lanes per AVX2 vector).
#[inline(always)]
pub(super) fn exp_f32(x: f32) -> f32 {
    // Beyond [-104.5, 89] the result is 0 or +inf; NaN stays NaN through every step.
    let xc = x.clamp(-104.5, 89.0);
    let n = (xc * std::f32::consts::LOG2_E + ROUND_F32) - ROUND_F32;
    // Exact (|n| <= 151 and Sterbenz), as in `exp_f64`.
    let r_hi = xc - n * LN2_HI_F32;
    let r_lo = -(n * LN2_LO_F32);
    let r = r_hi + r_lo;
    let r2 = r * r;
    let r4 = r2 * r2;
    let c = &INV_FACT_F32;
    // (e^r - 1 - r) / r^2 up to r^5 / 7!: the first omitted term is below 5.2e-9.
    let q = ((c[0] + c[1] * r) + r2 * (c[2] + c[3] * r)) + r4 * (c[4] + c[5] * r);
    let p = r2 * q;
    let s = r_hi + p;
    let e1 = (r_hi - s) + p;
    let u = 1.0 + s;
    let e2 = (1.0 - u) + s;
    let y = u + (e2 + (e1 + r_lo));
    let n1 = (n * 0.5 + ROUND_F32) - ROUND_F32;
    let n2 = n - n1;
    y * pow2_f32(n1) * pow2_f32(n2)
}

/// `e^x` of an `f64`.
#[inline(always)]
pub(super) fn exp_f64(x: f64) -> f64 {
    // Beyond [-746, 710] the result is 0 or +inf; NaN stays NaN through every step.
    let xc = x.clamp(-746.0, 710.0);
    let (n, r_hi, r_lo) = reduce_ln2(xc);
    let (u, e) = exp_reduced_f64(r_hi, r_lo);
    scale_f64(u, e, n)
}

/// `x = n ln 2 + r_hi + r_lo` with `n` an integer, `|r_hi| <= 0.35`, for `|x| <= 746`: `n ln2_hi`
/// is exact (`LN2_HI` has 42 significant bits, `|n| <= 1077`) and so is the subtraction
/// (Sterbenz), so `r_lo` is the only rounded part.
#[inline(always)]
pub(super) fn reduce_ln2(x: f64) -> (f64, f64, f64) {
    let n = round_int(x * std::f64::consts::LOG2_E);
    (n, x - n * LN2_HI, -(n * LN2_LO))
}

/// `e^(r_hi + r_lo)` as `u + e` (`u = 1 + ...` rounded, `e` its error and the small terms), for
/// `|r_hi| <= 0.35` and `|r_lo|` far below `r_hi`'s last place (or `r_hi = 0`).
#[inline(always)]
pub(super) fn exp_reduced_f64(r_hi: f64, r_lo: f64) -> (f64, f64) {
    let r = r_hi + r_lo;
    let r2 = r * r;
    let r4 = r2 * r2;
    let r8 = r4 * r4;
    let c = &INV_FACT;
    // (e^r - 1 - r) / r^2 up to r^11 / 13!: the first omitted term is below 5e-18.
    let q = ((c[0] + c[1] * r) + r2 * (c[2] + c[3] * r))
        + r4 * ((c[4] + c[5] * r) + r2 * (c[6] + c[7] * r))
        + r8 * ((c[8] + c[9] * r) + r2 * (c[10] + c[11] * r));
    let p = r2 * q;
    // 1 + r_hi + p + r_lo with the rounding errors of the two large additions kept exactly
    // (Fast2Sum: |r_hi| >= |p| and 1 >= |s|) and added back once.
    let s = r_hi + p;
    let e1 = (r_hi - s) + p;
    let u = 1.0 + s;
    let e2 = (1.0 - u) + s;
    (u, e2 + (e1 + r_lo))
}

/// `(u + e) 2^n` for an integer-valued `n` in `[-1080, 1080]`: 2^n as two normal factors,
/// `(u + e) * 2^n1` is exact, the second product rounds once (to a subnormal, a normal or +inf).
#[inline(always)]
pub(super) fn scale_f64(u: f64, e: f64, n: f64) -> f64 {
    let n1 = round_int(n * 0.5);
    let n2 = n - n1;
    (u + e) * pow2(n1) * pow2(n2)
}

/// `2^x` of an `f32`, computed in `f64` (`x = n + t`, `2^t = e^(t ln 2)`) and rounded once.
#[inline(always)]
pub(super) fn exp2_f32(x: f32) -> f32 {
    // Beyond [-160, 130] the result is 0 or +inf; NaN stays NaN.
    let xc = (x as f64).clamp(-160.0, 130.0);
    let n = round_int(xc);
    // t = xc - n is exact; the product's error (1e-17) is far below f32's resolution.
    let r = (xc - n) * std::f64::consts::LN_2;
    let r2 = r * r;
    let r4 = r2 * r2;
    let c = &INV_FACT;
    // Terms up to r^9 / 9!: the first omitted one is below 7e-12 relative to e^r.
    let q = ((c[0] + c[1] * r) + r2 * (c[2] + c[3] * r))
        + r4 * ((c[4] + c[5] * r) + r2 * (c[6] + c[7] * r));
    let y = 1.0 + (r + r2 * q);
    // 2^n is a normal f64; the conversion rounds once (to a subnormal, a normal or +inf).
    (y * pow2(n)) as f32
}

/// `LN_2` in two halves of 26 and 27 bits (`LN2_SPLIT_HI + LN2_SPLIT_LO == LN_2` exactly), so
/// that their products with 26-bit halves are exact.
const LN2_SPLIT_HI: f64 = 0.6931471675634384;
const LN2_SPLIT_LO: f64 = 1.299650687069942e-8;
/// `ln 2 - LN_2`: the part of `ln 2` below `f64`'s precision.
const LN2_TAIL: f64 = 2.3190468138462996e-17;

/// `2^x` of an `f64`: `x = n + t` (exact), `2^t = e^r` with `r = t ln 2` as an exact product
/// plus its error (Dekker's product: plain multiplications, no FMA).
#[inline(always)]
pub(super) fn exp2_f64(x: f64) -> f64 {
    // Beyond [-1080, 1030] the result is 0 or +inf; NaN stays NaN.
    let xc = x.clamp(-1080.0, 1030.0);
    let n = round_int(xc);
    let t = xc - n;
    // Veltkamp's split of t into 26-bit halves (|t| <= 0.5: no overflow).
    let c = 134217729.0 * t;
    let t_hi = c - (c - t);
    let t_lo = t - t_hi;
    let p = t * std::f64::consts::LN_2;
    let e = ((t_hi * LN2_SPLIT_HI - p) + t_hi * LN2_SPLIT_LO + t_lo * LN2_SPLIT_HI)
        + t_lo * LN2_SPLIT_LO;
    let (u, e) = exp_reduced_f64(p, e + t * LN2_TAIL);
    scale_f64(u, e, n)
}

/// `e^x - 1` of an `f32`, computed in `f64` (`2^n (e^r - 1) + (2^n - 1)`) and rounded once.
#[inline(always)]
pub(super) fn exp_m1_f32(x: f32) -> f32 {
    // Below -30 the result rounds to -1, above 100 to +inf; NaN stays NaN.
    let xc = (x as f64).clamp(-30.0, 100.0);
    let n = round_int(xc * std::f64::consts::LOG2_E);
    // Exact when n == 0, where the result is small and needs it.
    let r = xc - n * std::f64::consts::LN_2;
    let r2 = r * r;
    let r4 = r2 * r2;
    let c = &INV_FACT;
    let q = ((c[0] + c[1] * r) + r2 * (c[2] + c[3] * r))
        + r4 * ((c[4] + c[5] * r) + r2 * (c[6] + c[7] * r));
    // e^r - 1 to a relative 7e-12; the two terms have the result's sign when n != 0.
    let p = r + r2 * q;
    let scale = pow2(n);
    let y = (scale * p + (scale - 1.0)) as f32;
    // -0.0 keeps its sign.
    if x == 0.0 {
        x
    } else {
        y
    }
}

/// `2^n (u + e) - 1` as a pair `t + tl` (`t` rounded, `tl` its error and the small terms), for
/// `n <= 58` and `u + e` from [`exp_reduced_f64`]: `2^n u - 1` is summed exactly (Knuth's
/// TwoSum), so that results near 0 keep every bit of `e^r - 1`. Larger `n` give meaningless
/// (finite or NaN) values.
#[inline(always)]
pub(super) fn exp_m1_pair(n: f64, u: f64, e: f64) -> (f64, f64) {
    // |n| <= 58: 2^n is normal and 2^n u exact.
    let scale = pow2(n.min(58.0));
    let hu = u * scale;
    let t = hu - 1.0;
    let b = t - hu;
    let te = (hu - (t - b)) + (-1.0 - b);
    (t, te + e * scale)
}

/// `e^x - 1` of an `f64`: `2^n (u + e) - 1` with `2^n u - 1` summed exactly (Knuth's TwoSum),
/// so that results near 0 keep every bit of `e^r - 1`.
#[inline(always)]
pub(super) fn exp_m1_f64(x: f64) -> f64 {
    // Below -40 the result rounds to -1; above 710 to +inf; NaN stays NaN.
    let xc = x.clamp(-40.0, 710.0);
    let (n, r_hi, r_lo) = reduce_ln2(xc);
    let (u, e) = exp_reduced_f64(r_hi, r_lo);
    let (t, tl) = exp_m1_pair(n, u, e);
    let near = t + tl;
    // Beyond 2^58, subtracting 1 changes nothing.
    let far = scale_f64(u, e, n);
    let y = if n > 58.0 { far } else { near };
    if x == 0.0 {
        x
    } else {
        y
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{
        bits_f32_strided, dd, random_f64s, ulp_f32, ulp_f64, uniform_f64s,
    };
    use super::*;

    /// The largest distance, in units in the last place, between ours and `reference` over
    /// `xs`, with the input where it happens.
    fn worst_f64(xs: impl Iterator<Item = f64>, reference: impl Fn(f64) -> f64) -> (u64, f64) {
        xs.map(|x| (ulp_f64(exp_f64(x), reference(x)), x))
            .fold((0, 0.0), |a, b| if b.0 > a.0 { b } else { a })
    }

    fn worst_f32(xs: impl Iterator<Item = f32>, reference: impl Fn(f32) -> f32) -> (u64, f32) {
        xs.map(|x| (ulp_f32(exp_f32(x), reference(x)), x))
            .fold((0, 0.0), |a, b| if b.0 > a.0 { b } else { a })
    }

    /// The correctly rounded `e^x` but in rare double-rounding cases: std's `f64` result
    /// rounded to `f32`.
    fn exp_f32_ref(x: f32) -> f32 {
        (x as f64).exp() as f32
    }

    #[test]
    fn special_values_f32() {
        assert!(exp_f32(f32::NAN).is_nan());
        assert!(exp_f32(-f32::NAN).is_nan());
        assert_eq!(exp_f32(f32::INFINITY), f32::INFINITY);
        assert_eq!(exp_f32(f32::NEG_INFINITY).to_bits(), 0);
        assert_eq!(exp_f32(0.0), 1.0);
        assert_eq!(exp_f32(-0.0), 1.0);
        assert_eq!(exp_f32(f32::MAX), f32::INFINITY);
        assert_eq!(exp_f32(f32::MIN).to_bits(), 0);
        // Around the thresholds: the largest finite result, the smallest subnormal, the
        // first zero, the subnormal boundary.
        for t in [88.72283f32, -103.27893, -103.97208, -87.33655] {
            let xs = (0..2000u32).map(|i| f32::from_bits(t.to_bits() - 1000 + i));
            let (u, x) = worst_f32(xs, exp_f32_ref);
            assert!(u <= 1, "{u} ulps at exp({x:e})");
        }
        assert_eq!(exp_f32(89.0), f32::INFINITY);
        assert!(exp_f32(88.0) < f32::INFINITY);
        assert_eq!(exp_f32(-104.0).to_bits(), 0);
        assert!(exp_f32(-103.0) > 0.0);
        assert_eq!(exp_f32(1e-30), 1.0);
    }

    #[test]
    fn special_values_f64() {
        assert!(exp_f64(f64::NAN).is_nan());
        assert!(exp_f64(-f64::NAN).is_nan());
        assert_eq!(exp_f64(f64::INFINITY), f64::INFINITY);
        assert_eq!(exp_f64(f64::NEG_INFINITY).to_bits(), 0);
        assert_eq!(exp_f64(0.0), 1.0);
        assert_eq!(exp_f64(-0.0), 1.0);
        assert_eq!(exp_f64(1.0), std::f64::consts::E);
        assert_eq!(exp_f64(f64::MAX), f64::INFINITY);
        assert_eq!(exp_f64(f64::MIN).to_bits(), 0);
        assert_eq!(exp_f64(709.8), f64::INFINITY);
        assert!(exp_f64(709.7) < f64::INFINITY);
        assert_eq!(exp_f64(-746.0).to_bits(), 0);
        assert_eq!(exp_f64(-745.0).to_bits(), 1);
        assert_eq!(exp_f64(1e-300), 1.0);
        assert_eq!(exp_f64(-1e-300), 1.0);
        // Around the thresholds, the subnormal boundary and ties of the reduction.
        for t in [
            709.78,
            -745.13,
            -708.396_418_532_264_1,
            -744.0,
            0.5 * std::f64::consts::LN_2,
        ] {
            let xs = (0..2000u64).map(|i| f64::from_bits(t.to_bits() - 1000 + i));
            let (u, x) = worst_f64(xs, f64::exp);
            assert!(u <= 1, "{u} ulps at exp({x:e})");
        }
    }

    #[test]
    fn every_f32_stride() {
        // About 4.3 million bit patterns, all signs and exponents.
        let (u, x) = worst_f32(bits_f32_strided(997), exp_f32_ref);
        assert!(u <= 1, "{u} ulps from the correctly rounded exp({x:e})");
        let (u, x) = worst_f32(bits_f32_strided(997), f32::exp);
        assert!(u <= 1, "{u} ulps from std's exp({x:e})");
    }

    /// Every `f32`: `cargo test -p array-runtime --release --lib -- --ignored exhaustive`.
    #[test]
    #[ignore = "2^32 inputs: run in release"]
    fn exhaustive_f32() {
        let (u, x) = worst_f32(bits_f32_strided(1), exp_f32_ref);
        assert!(u <= 1, "{u} ulps from the correctly rounded exp({x:e})");
        let worst = bits_f32_strided(1)
            .map(|x| (ulp_f32(exp2_f32(x), (x as f64).exp2() as f32), x))
            .fold((0, 0.0), |a, b| if b.0 > a.0 { b } else { a });
        assert!(worst.0 <= 1, "{} ulps at exp2({:e})", worst.0, worst.1);
        let worst = bits_f32_strided(1)
            .map(|x| (ulp_f32(exp_m1_f32(x), (x as f64).exp_m1() as f32), x))
            .fold((0, 0.0), |a, b| if b.0 > a.0 { b } else { a });
        assert!(worst.0 <= 1, "{} ulps at exp_m1({:e})", worst.0, worst.1);
    }

    #[test]
    fn exp2_special_values() {
        assert!(exp2_f32(f32::NAN).is_nan());
        assert_eq!(exp2_f32(f32::INFINITY), f32::INFINITY);
        assert_eq!(exp2_f32(f32::NEG_INFINITY).to_bits(), 0);
        assert_eq!(exp2_f32(-0.0), 1.0);
        assert_eq!(exp2_f32(128.0), f32::INFINITY);
        assert_eq!(exp2_f32(127.0), 2f32.powi(127));
        assert_eq!(exp2_f32(-149.0).to_bits(), 1);
        assert_eq!(exp2_f32(-150.0).to_bits(), 0);
        assert!(exp2_f64(f64::NAN).is_nan());
        assert_eq!(exp2_f64(f64::INFINITY), f64::INFINITY);
        assert_eq!(exp2_f64(f64::NEG_INFINITY).to_bits(), 0);
        assert_eq!(exp2_f64(-0.0), 1.0);
        assert_eq!(exp2_f64(1024.0), f64::INFINITY);
        assert_eq!(exp2_f64(1023.0), 2f64.powi(1023));
        assert_eq!(exp2_f64(-1074.0).to_bits(), 1);
        assert_eq!(exp2_f64(-1075.0).to_bits(), 0);
        assert_eq!(exp2_f64(0.5), std::f64::consts::SQRT_2);
        for n in -1074..1024 {
            let exact = if n < -1022 {
                f64::from_bits(1 << (n + 1074))
            } else {
                2f64.powi(n)
            };
            assert_eq!(exp2_f64(n as f64), exact, "2^{n}");
        }
        for t in [1023.99f64, -1022.01, -1074.5] {
            let xs = (0..2000u64).map(|i| f64::from_bits(t.to_bits() - 1000 + i));
            let worst = xs
                .map(|x| (ulp_f64(exp2_f64(x), x.exp2()), x))
                .fold((0, 0.0), |a, b| if b.0 > a.0 { b } else { a });
            assert!(worst.0 <= 1, "{} ulps at exp2({:e})", worst.0, worst.1);
        }
    }

    #[test]
    fn exp2_sweeps() {
        let worst = bits_f32_strided(997)
            .map(|x| (ulp_f32(exp2_f32(x), (x as f64).exp2() as f32), x))
            .fold((0, 0.0), |a, b| if b.0 > a.0 { b } else { a });
        assert!(worst.0 <= 1, "{} ulps at exp2({:e})", worst.0, worst.1);
        let xs = uniform_f64s(1_000_000, -1076.0, 1025.0, 7)
            .chain(uniform_f64s(1_000_000, -1.0, 1.0, 8))
            .chain(random_f64s(500_000, 9));
        let worst = xs
            .map(|x| (ulp_f64(exp2_f64(x), x.exp2()), x))
            .fold((0, 0.0), |a, b| if b.0 > a.0 { b } else { a });
        assert!(worst.0 <= 1, "{} ulps at exp2({:e})", worst.0, worst.1);
    }

    #[test]
    fn ln2_split() {
        assert_eq!(LN2_SPLIT_HI + LN2_SPLIT_LO, std::f64::consts::LN_2);
        assert_eq!(LN2_SPLIT_HI.to_bits() & ((1 << 27) - 1), 0);
        assert!(LN2_TAIL.abs() < 1e-16);
    }

    /// `e^x - 1` in double-double for `x` in `[-45, 709]`: the series of `e^x - 1` itself
    /// below `ln 2 / 2` (no cancellation), else `2^n e^r - 1`; correctly rounded but within
    /// 2^-100 of a halfway point.
    fn exp_m1_ref(x: f64) -> f64 {
        let series = |r: dd::Dd, from: i32| {
            let mut sum: dd::Dd = (1.0, 0.0);
            for k in (from..=30).rev() {
                sum = dd::add((1.0, 0.0), dd::mul(dd::div(r, (k as f64, 0.0)), sum));
            }
            sum
        };
        if x.abs() < 0.34 {
            // x (1 + x/2 (1 + x/3 (...)))
            let s = dd::mul((x, 0.0), series((x, 0.0), 2));
            return s.0 + s.1;
        }
        const LN2: dd::Dd = (std::f64::consts::LN_2, 2.3190468138462996e-17);
        let n = (x * std::f64::consts::LOG2_E).round();
        let r = dd::add((x, 0.0), dd::mul((-n, 0.0), LN2));
        let (e, scale) = (series(r, 1), 2f64.powi(n as i32));
        let e = (e.0 * scale, e.1 * scale);
        let m = dd::add(e, (-1.0, 0.0));
        m.0 + m.1
    }

    #[test]
    fn exp_m1_reference_is_correctly_rounded() {
        // Correctly rounded values from a 60-digit computation.
        for (x, want) in [
            (0.3465999999999461, 0.41425091185045243),
            (1e-10, 1.00000000005e-10),
            (-0.5, -0.3934693402873666),
            (1.0, 1.7182818284590453),
            (-30.0, -0.9999999999999064),
            (700.0, 1.0142320547350045e304),
        ] {
            assert_eq!(exp_m1_ref(x), want, "exp_m1({x:e})");
        }
    }

    #[test]
    fn exp_m1_special_values() {
        assert!(exp_m1_f32(f32::NAN).is_nan());
        assert_eq!(exp_m1_f32(f32::INFINITY), f32::INFINITY);
        assert_eq!(exp_m1_f32(f32::NEG_INFINITY), -1.0);
        assert_eq!(exp_m1_f32(-0.0).to_bits(), (-0.0f32).to_bits());
        assert_eq!(exp_m1_f32(0.0).to_bits(), 0);
        assert_eq!(exp_m1_f32(1e-30), 1e-30);
        assert_eq!(exp_m1_f32(89.0), f32::INFINITY);
        assert_eq!(exp_m1_f32(-20.0), -1.0);
        assert!(exp_m1_f64(f64::NAN).is_nan());
        assert_eq!(exp_m1_f64(f64::INFINITY), f64::INFINITY);
        assert_eq!(exp_m1_f64(f64::NEG_INFINITY), -1.0);
        assert_eq!(exp_m1_f64(-0.0).to_bits(), (-0.0f64).to_bits());
        assert_eq!(exp_m1_f64(0.0).to_bits(), 0);
        assert_eq!(exp_m1_f64(1e-300), 1e-300);
        assert_eq!(exp_m1_f64(f64::from_bits(1)), f64::from_bits(1));
        assert_eq!(exp_m1_f64(709.8), f64::INFINITY);
        assert_eq!(exp_m1_f64(-40.0), -1.0);
        for t in [709.78f64, 40.2, 36.7, -37.5, 0.3466, -0.3466] {
            let xs = (0..2000u64).map(|i| f64::from_bits(t.to_bits() - 1000 + i));
            let worst = xs
                .map(|x| (ulp_f64(exp_m1_f64(x), exp_m1_checked(x)), x))
                .fold((0, 0.0), |a, b| if b.0 > a.0 { b } else { a });
            assert!(worst.0 <= 1, "{} ulps at exp_m1({:e})", worst.0, worst.1);
        }
    }

    /// The reference over its domain, std beyond (where the result is -1, huge or +inf).
    fn exp_m1_checked(x: f64) -> f64 {
        if (-45.0..=709.0).contains(&x) {
            exp_m1_ref(x)
        } else {
            x.exp_m1()
        }
    }

    #[test]
    fn exp_m1_sweeps() {
        let worst = bits_f32_strided(997)
            .map(|x| (ulp_f32(exp_m1_f32(x), (x as f64).exp_m1() as f32), x))
            .fold((0, 0.0), |a, b| if b.0 > a.0 { b } else { a });
        assert!(worst.0 <= 1, "{} ulps at exp_m1({:e})", worst.0, worst.1);
        let xs = uniform_f64s(1_000_000, -45.0, 710.0, 19)
            .chain(uniform_f64s(500_000, -1.0, 1.0, 20))
            .chain(uniform_f64s(200_000, -1e-6, 1e-6, 21))
            .chain(random_f64s(500_000, 22));
        let worst = xs
            .map(|x| (ulp_f64(exp_m1_f64(x), exp_m1_checked(x)), x))
            .fold((0, 0.0), |a, b| if b.0 > a.0 { b } else { a });
        assert!(worst.0 <= 1, "{} ulps at exp_m1({:e})", worst.0, worst.1);
    }

    #[test]
    fn dense_f64() {
        let (u, x) = worst_f64(uniform_f64s(1_000_000, -746.0, 710.0, 1), f64::exp);
        assert!(u <= 1, "{u} ulps at exp({x:e})");
        let (u, x) = worst_f64(uniform_f64s(1_000_000, -1.0, 1.0, 2), f64::exp);
        assert!(u <= 1, "{u} ulps at exp({x:e})");
        let (u, x) = worst_f64(random_f64s(1_000_000, 3), f64::exp);
        assert!(u <= 1, "{u} ulps at exp({x:e})");
    }
}
