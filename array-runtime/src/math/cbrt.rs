//! The cube root: of an `f32` computed in `f64` and rounded once (within 1 ULP; every `f32`
//! input is checked by an ignored test run in release), and of an `f64` within 1 ULP (the
//! correctly rounded result but in rare cases, checked against a double-double reference).
//!
//! `f32`: a first guess from the exponent bits (the high word of the `f64` divided by 3, plus
//! the bias that makes the exponent right: about 5 correct bits), then two steps of Halley's
//! iteration `t <- t (t^3 + 2a) / (2t^3 + a)`, which triples the correct bits each time (to
//! about 45). An `f32`'s subnormals are normal `f64`s, so the guess needs no scaling.
//!
//! `f64`, without a division: the inverse cube root `u = a^(-1/3)` from a guess from the
//! exponent bits (within 3.5%) and two steps of `u <- u (1 - v)^(-1/3)` with `v = 1 - a u^3`, the
//! series cut after `v^3` (each step takes the error `e` to about `12 e^4`: 2^-4.8, 2^-15,
//! then the rounding of `f64`); then `y = a u^2` and one Newton step `y + (a - y^3) u^2 / 3` with
//! the residual `a - y^3` computed exactly (Dekker's products), which leaves an error far below
//! the last place before the final rounding. Inputs below `2^-900` or above `2^900` are scaled
//! by `2^300` or `2^-300` first (so that neither the residual's terms underflow nor `y^3`
//! overflows) and the root by `2^-100` or `2^100` after, both exact.

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

/// The high word of the bits of `u`, a guess of `a^(-1/3)` within 3.5% for a positive normal
/// `f64` `a`: `INV_CBRT_BIAS - hi(a) / 3` (the bias chosen to minimise the largest relative
/// error over a period of three exponents).
const INV_CBRT_BIAS: u32 = 1_430_188_286;

/// `2^300` and `2^-300`, the scalings of tiny and huge inputs, and the roots' `2^±100`.
const TWO_300: f64 = f64::from_bits((1023 + 300) << 52);
const TWO_M300: f64 = f64::from_bits((1023 - 300) << 52);
const TWO_100: f64 = f64::from_bits((1023 + 100) << 52);
const TWO_M100: f64 = f64::from_bits((1023 - 100) << 52);
/// `2^-900` and `2^900`: the bounds beyond which inputs are scaled.
const TWO_M900: f64 = f64::from_bits((1023 - 900) << 52);
const TWO_900: f64 = f64::from_bits((1023 + 900) << 52);

/// Veltkamp's split of `a` into two halves of 26 bits: `a = hi + lo`, each product of two
/// halves exact.
#[inline(always)]
fn halves(a: f64) -> (f64, f64) {
    let c = 134217729.0 * a;
    let hi = c - (c - a);
    (hi, a - hi)
}

/// Dekker's product: `a b = p + e` exactly (barring underflow), `p` the rounded product.
#[inline(always)]
fn two_prod(a: f64, ah: f64, al: f64, b: f64) -> (f64, f64) {
    let p = a * b;
    let (bh, bl) = halves(b);
    (p, ((ah * bh - p) + ah * bl + al * bh) + al * bl)
}

/// `cbrt x` of an `f64`: `±0`, `±inf` and NaN are their own cube roots.
#[inline(always)]
pub(super) fn cbrt_f64(x: f64) -> f64 {
    let a = x.abs();
    let (tiny, huge) = (a < TWO_M900, a > TWO_900);
    let s = if tiny {
        TWO_300
    } else if huge {
        TWO_M300
    } else {
        1.0
    };
    let back = if tiny {
        TWO_M100
    } else if huge {
        TWO_100
    } else {
        1.0
    };
    let a = a * s;
    let hi = (a.to_bits() >> 32) as u32;
    let mut u = f64::from_bits((INV_CBRT_BIAS.wrapping_sub(hi / 3) as u64) << 32);
    for _ in 0..2 {
        let v = 1.0 - a * (u * u * u);
        // (1 - v)^(-1/3) = 1 + v/3 + 2v^2/9 + 14v^3/81 + ...
        u = u + u * (v * (1.0 / 3.0 + v * (2.0 / 9.0 + v * (14.0 / 81.0))));
    }
    let u2 = u * u;
    let y = a * u2;
    // a - y^3 exactly: y^2 = p + pe, p y = q + qe, y^3 = q + (qe + pe y) (the last product's
    // error is far below the residual's last place); a - q is exact (Sterbenz).
    let (yh, yl) = halves(y);
    let (p, pe) = two_prod(y, yh, yl, y);
    let (ph, pl) = halves(p);
    let (q, qe) = two_prod(p, ph, pl, y);
    let r = (a - q) - (qe + pe * y);
    let y = (y + r * (u2 * (1.0 / 3.0))) * back;
    if a > 0.0 && a < f64::INFINITY {
        y.copysign(x)
    } else {
        x
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{
        bits_f32_strided, dd, random_f64s, ulp_f64, uniform_f64s, worst_vs_f64,
    };
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

    /// `x 2^e`, exactly where the result is a normal number.
    fn scaled(mut x: f64, mut e: i32) -> f64 {
        while e.abs() > 300 {
            let step = 300 * e.signum();
            x *= 2f64.powi(step);
            e -= step;
        }
        x * 2f64.powi(e)
    }

    /// The correctly rounded cube root of a positive finite `x` (but within 2^-90 of a halfway
    /// point, which a cube root of an `f64` never is): `x = m 2^(3k)` with `m` in `[1, 8)`,
    /// std's root of `m` and one Newton step in double-double.
    fn cbrt_ref(x: f64) -> f64 {
        let k = (x.log2() / 3.0).floor() as i32;
        let m = scaled(x, -3 * k);
        let t = m.cbrt();
        let t3 = dd::mul(dd::mul((t, 0.0), (t, 0.0)), (t, 0.0));
        let r = dd::add((m, 0.0), (-t3.0, -t3.1));
        let root = dd::add((t, 0.0), dd::div(r, (3.0 * t * t, 0.0)));
        scaled(root.0 + root.1, k)
    }

    /// The reference for every input: its sign back, std's special values.
    fn cbrt_checked(x: f64) -> f64 {
        if x.is_finite() && x != 0.0 {
            cbrt_ref(x.abs()).copysign(x)
        } else {
            x.cbrt()
        }
    }

    /// How many of `xs` give a result other than the correctly rounded one, the largest
    /// distance in ULPs, and an input where it occurs.
    fn misses_f64(xs: impl Iterator<Item = f64>) -> (usize, u64, f64) {
        xs.map(|x| (ulp_f64(cbrt_f64(x), cbrt_checked(x)), x)).fold(
            (0, 0, 0.0),
            |(n, u, w), (d, x)| {
                let n = n + (d != 0) as usize;
                if d > u {
                    (n, d, x)
                } else {
                    (n, u, w)
                }
            },
        )
    }

    #[test]
    fn f64_special_values() {
        assert_eq!(cbrt_f64(0.0).to_bits(), 0);
        assert_eq!(cbrt_f64(-0.0).to_bits(), (-0.0f64).to_bits());
        assert_eq!(cbrt_f64(f64::INFINITY), f64::INFINITY);
        assert_eq!(cbrt_f64(f64::NEG_INFINITY), f64::NEG_INFINITY);
        assert!(cbrt_f64(f64::NAN).is_nan());
        for (x, y) in [
            (8.0f64, 2.0f64),
            (-27.0, -3.0),
            (1.0, 1.0),
            (0.125, 0.5),
            (f64::from_bits(8), f64::from_bits((1023 - 357) << 52)),
            (-(2f64.powi(1020)), -(2f64.powi(340))),
            (3375.0, 15.0),
            (0.001953125, 0.125),
        ] {
            assert_eq!(cbrt_f64(x), y, "cbrt({x:e})");
        }
        for x in [
            f64::from_bits(1),
            f64::from_bits(0x000f_ffff_ffff_ffff),
            f64::MIN_POSITIVE,
            f64::MAX,
            -f64::MAX,
            TWO_M900,
            TWO_900,
        ] {
            assert_eq!(cbrt_f64(x), cbrt_checked(x), "cbrt({x:e})");
        }
    }

    #[test]
    fn reference_matches_std_within_1_ulp() {
        // glibc's cbrt is within 1 ULP: the reference must be too.
        for x in uniform_f64s(10_000, 0.0, 1e6, 5).chain(random_f64s(10_000, 6)) {
            let (a, b) = (cbrt_checked(x), x.cbrt());
            assert!(
                ulp_f64(a, b) <= 1,
                "cbrt({x:e}): reference {a:e}, std {b:e}"
            );
        }
    }

    #[test]
    fn f64_correctly_rounded_on_samples() {
        // Every sign, exponent and mantissa; a dense range; both sides of the scaling bounds;
        // subnormals; integers (perfect cubes among them).
        let near = |t: f64| (0..2000u64).map(move |i| f64::from_bits(t.to_bits() - 1000 + i));
        let xs = random_f64s(600_000, 31)
            .chain(uniform_f64s(300_000, -10.0, 10.0, 32))
            .chain(near(TWO_M900))
            .chain(near(TWO_900))
            .chain(near(f64::MIN_POSITIVE))
            .chain(near(f64::MAX).filter(|x| x.is_finite()))
            .chain(near(1.0))
            .chain((1..200_000u64).map(|i| f64::from_bits(i * 0x1_0000_0001)))
            .chain((1..20_000).map(|i| i as f64));
        let (n, u, x) = misses_f64(xs);
        assert!(
            n == 0,
            "{n} results not correctly rounded, up to {u} ulps at cbrt({x:e})"
        );
    }
}
