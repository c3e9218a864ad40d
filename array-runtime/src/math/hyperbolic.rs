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

use super::bits::pow2;
use super::dd::{div, fast_two_sum, two_prod, two_sum};
use super::exp::{exp_f64, exp_m1_f64, exp_m1_pair, exp_reduced_f64, reduce_ln2, scale_f64};
use super::log::{ln_1p_f64, ln_1p_pair, ln_twice_f64};

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

/// `sinh` and `cosh` of an `f64` overflow beyond `|x| = 710.476`: clamping at 711 keeps the
/// reduction in its range (and NaN stays NaN through `clamp`).
const OVERFLOW_F64: f64 = 711.0;

/// Beyond `|x| = 20`, `e^-2|x| < 2^-57`: `sinh` and `cosh` are `e^|x| / 2` to far below the last
/// place, and `tanh` rounds to 1.
const FAR_F64: f64 = 20.0;

/// `e^a = 2^n (u + e)` (see [`exp_reduced_f64`]) for `0 <= a <= 746`.
#[inline(always)]
fn exp_parts(a: f64) -> (f64, f64, f64) {
    let (n, r_hi, r_lo) = reduce_ln2(a);
    let (u, e) = exp_reduced_f64(r_hi, r_lo);
    (n, u, e)
}

/// `sinh x` of an `f64`: up to [`FAR_F64`], `(E + E / (E + 1)) / 2` with `E = e^a - 1` a
/// pair (two positive terms, no cancellation) and the quotient corrected once; beyond,
/// `2^(n - 1) (u + e)`.
#[inline(always)]
pub(super) fn sinh_f64(x: f64) -> f64 {
    let a = x.abs().clamp(0.0, OVERFLOW_F64);
    let (n, u, e) = exp_parts(a);
    let (eh, el) = exp_m1_pair(n, u, e);
    let (dh, dl) = two_sum(1.0, eh);
    let (q, qc) = div(eh, el, dh, dl + el);
    // E >= E / (E + 1) >= 0: the sum's rounding error kept exactly.
    let (s, se) = fast_two_sum(eh, q);
    let near = 0.5 * (s + (se + (qc + el)));
    let far = scale_f64(u, e, n - 1.0);
    let y = if a > FAR_F64 { far } else { near };
    y.copysign(x)
}

/// `cosh x` of an `f64`: `2^(n - 1) (u + e + 2^-2n / (u + e))`, both terms positive; the second
/// is below `2^-80` of the first beyond `n = 40`, where `2^-2n` stops at `2^-80`.
#[inline(always)]
pub(super) fn cosh_f64(x: f64) -> f64 {
    let a = x.abs().clamp(0.0, OVERFLOW_F64);
    let (n, u, e) = exp_parts(a);
    // 1 / (u + e) to second order in e.
    let inv = 1.0 / u;
    let w = pow2(-2.0 * n.min(40.0)) * (inv - inv * inv * e);
    scale_f64(u, e + w, n - 1.0)
}

/// `tanh x` of an `f64`: `E / (E + 2)` with `E = e^2a - 1` a pair and the quotient corrected
/// once; `a` stops at [`FAR_F64`], where the result rounds to 1.
#[inline(always)]
pub(super) fn tanh_f64(x: f64) -> f64 {
    let a = x.abs().clamp(0.0, FAR_F64);
    let (n, u, e) = exp_parts(2.0 * a);
    let (eh, el) = exp_m1_pair(n, u, e);
    let (dh, dl) = two_sum(2.0, eh);
    let (q, qc) = div(eh, el, dh, dl + el);
    (q + qc).copysign(x)
}

/// `2^28`: beyond, `asinh a = ln 2a` to within `2^-58` relative.
const ASINH_FAR: f64 = 268435456.0;

/// `asinh x` of an `f64`: `ln(1 + a + t)` with `t = a^2 / (1 + sqrt(1 + a^2))` as a pair (the
/// square, the sum, the root and the quotient each carried with their rounding errors) up
/// to `2^28`; `ln 2a` beyond.
#[inline(always)]
pub(super) fn asinh_f64(x: f64) -> f64 {
    let a = x.abs();
    let (p, pe) = two_prod(a, a);
    let (b, be) = two_sum(1.0, p);
    let bl = be + pe;
    // sqrt(b + bl) = s + sl: one Newton step on the exact residual b - s^2.
    let s = b.sqrt();
    let (s2, s2e) = two_prod(s, s);
    let sl = (((b - s2) - s2e) + bl) / (2.0 * s);
    let (dh, dl) = fast_two_sum(s, 1.0);
    let (t, tc) = div(p, pe, dh, dl + sl);
    // t < a.
    let (yh, yl) = fast_two_sum(a, t);
    let near = ln_1p_pair(yh, yl + tc);
    let y = if a > ASINH_FAR { ln_twice_f64(a) } else { near };
    let y = if a == f64::INFINITY { a } else { y };
    y.copysign(x)
}

/// `acosh x` of an `f64`: `ln(1 + t + sqrt(t (t + 2)))` with `t = x - 1` (exact), the product
/// and the root carried as pairs, up to `2^28`; `ln 2x` beyond (within `2^-58` relative);
/// NaN below 1.
#[inline(always)]
pub(super) fn acosh_f64(x: f64) -> f64 {
    let t = x - 1.0;
    let (t2, t2l) = two_sum(t, 2.0);
    let (p, pe) = two_prod(t, t2);
    let pl = pe + t * t2l;
    let s = p.sqrt();
    let (s2, s2e) = two_prod(s, s);
    let sl = (((p - s2) - s2e) + pl) / (2.0 * s);
    // s >= t; at x = 1 everything is 0 (and sl 0/0: dropped).
    let (yh, yl) = fast_two_sum(s, t);
    let sl = if t > 0.0 { sl } else { 0.0 };
    let near = ln_1p_pair(yh, yl + sl);
    let y = if x > ASINH_FAR { ln_twice_f64(x) } else { near };
    if x == f64::INFINITY {
        x
    } else if x >= 1.0 {
        y
    } else {
        f64::NAN
    }
}

/// `atanh x` of an `f64`: `ln(1 + 2a / (1 - a)) / 2` with `1 - a` exact as a pair and the
/// quotient corrected once; `±inf` at `±1`, NaN beyond.
#[inline(always)]
pub(super) fn atanh_f64(x: f64) -> f64 {
    let a = x.abs();
    let (dh, dl) = two_sum(1.0, -a);
    let (q, qc) = div(2.0 * a, 0.0, dh, dl);
    let y = 0.5 * ln_1p_pair(q, qc);
    let y = if a < 1.0 {
        y
    } else if a == 1.0 {
        f64::INFINITY
    } else {
        f64::NAN
    };
    y.copysign(x)
}

#[cfg(test)]
mod tests {
    use super::super::testing::{
        assert_exact, assert_same_as_f64, bits_f32_strided, random_f64s, uniform_f64s, worst_vs,
        worst_vs_f64, F32Pair,
    };
    use super::*;

    const INF: f64 = f64::INFINITY;
    const NAN: f64 = f64::NAN;
    /// The smallest subnormal.
    const TINY: f64 = 5e-324;

    #[test]
    fn special_values_f64() {
        let odd = [
            (0.0, 0.0),
            (-0.0, -0.0),
            (TINY, TINY),
            (-TINY, -TINY),
            (NAN, NAN),
        ];
        for (name, f) in [
            ("sinh", sinh_f64 as fn(f64) -> f64),
            ("tanh", tanh_f64),
            ("asinh", asinh_f64),
            ("atanh", atanh_f64),
        ] {
            assert_exact(name, f, &odd);
            assert_exact(name, f, &[(1e-300, 1e-300), (-2.2e-308, -2.2e-308)]);
        }
        assert_exact(
            "sinh",
            sinh_f64,
            &[
                (INF, INF),
                (-INF, -INF),
                (710.48, INF),
                (-1e300, -INF),
                (1.0, 1f64.sinh()),
            ],
        );
        assert!(sinh_f64(710.475) < INF);
        assert_exact(
            "cosh",
            cosh_f64,
            &[
                (0.0, 1.0),
                (-0.0, 1.0),
                (TINY, 1.0),
                (INF, INF),
                (-INF, INF),
                (NAN, NAN),
            ],
        );
        assert_exact("cosh", cosh_f64, &[(710.48, INF), (-f64::MAX, INF)]);
        assert!(cosh_f64(-710.475) < INF);
        assert_exact(
            "tanh",
            tanh_f64,
            &[
                (INF, 1.0),
                (-INF, -1.0),
                (19.1, 1.0),
                (-25.0, -1.0),
                (f64::MAX, 1.0),
            ],
        );
        assert!(tanh_f64(18.0) < 1.0);
        assert_exact("asinh", asinh_f64, &[(INF, INF), (-INF, -INF)]);
        assert!((asinh_f64(f64::MAX) - 710.4758600739439).abs() < 1e-12);
        assert_exact(
            "atanh",
            atanh_f64,
            &[
                (1.0, INF),
                (-1.0, -INF),
                (1.0 + f64::EPSILON, NAN),
                (-2.0, NAN),
                (INF, NAN),
            ],
        );
        assert!(atanh_f64(1.0 - f64::EPSILON / 2.0) < INF);
        assert_exact(
            "acosh",
            acosh_f64,
            &[
                (1.0, 0.0),
                (INF, INF),
                (0.5, NAN),
                (-1.0, NAN),
                (-INF, NAN),
                (NAN, NAN),
            ],
        );
        assert!((acosh_f64(f64::MAX) - 710.4758600739439).abs() < 1e-12);
    }

    /// Millions of points beside the C library's `sinh`, `cosh` and `tanh` (within 2 ULP of
    /// the correctly rounded result: glibc's bound), a check of every range for gross errors;
    /// the bound of 1 ULP is checked against mpmath's results (`reference_f64`).
    #[test]
    fn sweeps_f64() {
        type Pair = (fn(f64) -> f64, fn(f64) -> f64, &'static str);
        let pairs: [Pair; 3] = [
            (sinh_f64, f64::sinh, "sinh"),
            (cosh_f64, f64::cosh, "cosh"),
            (tanh_f64, f64::tanh, "tanh"),
        ];
        for (f, reference, name) in pairs {
            let xs = uniform_f64s(400_000, -712.0, 712.0, 31)
                .chain(uniform_f64s(400_000, -2.0, 2.0, 32))
                .chain(uniform_f64s(200_000, -25.0, 25.0, 33))
                .chain(random_f64s(400_000, 34));
            let (u, x) = worst_vs(f, reference, xs);
            assert!(u <= 2, "{u} ulps from the C library's {name}({x:e})");
        }
        // asinh and atanh (std's are no reference, see `reference_f64`): the inverse
        // functions give the argument back to within a few ULP where the round trip is well
        // conditioned.
        let xs = uniform_f64s(300_000, -3.0, 3.0, 35);
        let (u, x) = worst_vs(|x| sinh_f64(asinh_f64(x)), |x| x, xs);
        assert!(u <= 6, "sinh(asinh({x:e})): {u} ulps");
        let xs = uniform_f64s(300_000, 1.0, 4.0, 38);
        let (u, x) = worst_vs(|x| cosh_f64(acosh_f64(x)), |x| x, xs);
        assert!(u <= 6, "cosh(acosh({x:e})): {u} ulps");
        let xs = uniform_f64s(300_000, -0.99, 0.99, 37);
        let (u, x) = worst_vs(|x| tanh_f64(atanh_f64(x)), |x| x, xs);
        assert!(u <= 4, "tanh(atanh({x:e})): {u} ulps");
    }

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
