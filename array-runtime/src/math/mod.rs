//! Transcendental functions computed by the runtime itself, for the CPU backend: `e^x`, `2^x`,
//! `e^x - 1`, `ln x`, `log2 x`, `log10 x`, `ln(1 + x)` and `cbrt x` for every float dtype,
//! `sin`, `cos`, `tan`, the hyperbolic functions and their inverses, `atan`, `asin` and `acos`
//! for `f32`, `f16` and `bf16` (computed in `f64` and rounded once), and `tan`, `sinh`, `cosh`,
//! `tanh`, `asinh`, `acosh`, `atanh` and `atan` for `f64` (with pairs of `f64` where `f64` falls
//! short), through [`KernelMath`].
//!
//! std's `f32::exp` and friends call the system's C library: one scalar call per element, which
//! no compiler can vectorize. These are written for LLVM's auto-vectorizer instead: straight-line
//! code of `+ - * /`, comparisons and bit operations on `u64`, special values chosen with selects
//! at the end, no calls and no table lookups (`sin`, `cos` and `tan` cut the bits of `2/pi`
//! their argument's exponent needs from four constant words by shifts),
//! everything `#[inline(always)]`. Inlined into a kernel's loop they compute a vector of lanes
//! at a time (with AVX2, `run_chunk_loop`'s copy: eight `f32` or four `f64`). The native twin
//! of a kernel calls all of them. A kernel calling `sin`, `cos` or `tan` also gets a
//! small-argument twin calling [`KernelMath::sin_small`] and friends (the bits of `2/pi` as
//! constants, for `|x| < 2^26`), and its chunk loop two passes: the arguments alone, to learn
//! whether one is large, then the small-argument twin (or, if one was, the general twin) for
//! the results, bit for bit the same.
//!
//! They never use `mul_add`, so the results are the same bits on every x86-64, whatever its
//! instruction set (and with or without FMA). Accuracy, measured against std by the tests of each
//! file: within 1 unit in the last place of the correctly rounded result over the whole domain
//! (`f32`: every input checked, by ignored tests run in release; 0.07% of `exp`'s results and
//! 0.3% of `ln`'s are one unit from the correctly rounded value; the other functions compute
//! in `f64` and round once; `log10`, `exp_m1` and `cbrt` of `f64` are checked against
//! double-double references, as the C library's are up to 1.5, 0.8 and 1 ULP off), and std's special values: `exp(NaN) = NaN`, `exp(+inf) = +inf`,
//! `exp(-inf) = 0`, overflow to `+inf`, gradual underflow to subnormals and 0; `ln(±0) = -inf`,
//! `ln(x < 0) = NaN`, `ln(+inf) = +inf`, `ln(NaN) = NaN`, subnormal inputs exact (the same for
//! `exp2`, `log2` and `log10`; `exp2` and `log2` are exact at integers and powers of two).
//!
//! `f16` and `bf16` compute in `f32` and round once, as the `half` crate does with std's.
//!
//! The `f64` `tan`, `sinh`, `cosh`, `tanh`, `asinh`, `acosh`, `atanh` and `atan` carry their
//! intermediates as pairs `hi + lo` where one `f64` would lose the last bit (`dd.rs`: Knuth's
//! and Dekker's exact sums and products, a quotient corrected once; `e^x` and `e^x - 1` and
//! `ln(1 + x)` take or give pairs): within 1 ULP of the correctly rounded result, checked
//! against mpmath's correctly rounded values (`reference_f64.rs`: 97,500 points over every
//! range with the generator's larger file, all within 1 ULP, 96% to 99% correctly rounded;
//! a 4,875-point file in the tests) and beside the C library's on millions of points. `tan`
//! of `f64` is ours below `2^20` (a Cody-Waite reduction with `pi/2` in four parts; the
//! `tan_small` form flags larger arguments) and std's beyond; `sin`, `cos`, `asin` and
//! `acos` of `f64` are std's (the C library's).
//!
//! One file per family: `exp.rs` (`exp`, `exp2`, `exp_m1`), `log.rs` (`ln`, `log2`,
//! `log10`, `ln_1p`), `hyperbolic.rs` (`sinh`, `cosh`, `tanh`, `asinh`, `acosh`, `atanh`),
//! `arc.rs` (`atan`, `asin`, `acos`), `trig.rs` (`sin`, `cos`, `tan` of `f32`), `trig_f64.rs`
//! (`tan` of `f64`), `cbrt.rs`; `bits.rs` holds the exponent-bit arithmetic they share and
//! `dd.rs` the pair arithmetic.

mod arc;
mod bits;
mod cbrt;
mod dd;
mod exp;
mod hyperbolic;
mod log;
#[cfg(test)]
mod reference_f64;
mod trig;
mod trig_f64;

use crate::{bf16, f16};

/// The transcendental functions the CPU twin of a kernel computes with the runtime's own
/// vectorizable implementations (see the [module documentation](self) for the accuracy).
///
/// The functions take their argument as a parameter rather than `self`, so that they never
/// compete with `num_traits::Float`'s methods of the same names in method calls: call them as
/// `KernelMath::exp(x)` or `<T as KernelMath>::exp(x)`. Every [`Float`](crate::Float) dtype
/// implements this trait.
///
/// ```
/// use array_runtime::math::KernelMath;
/// assert_eq!(KernelMath::exp(0.0f32), 1.0);
/// assert_eq!(KernelMath::ln(1.0f64), 0.0);
/// assert_eq!(KernelMath::exp(f64::NEG_INFINITY), 0.0);
/// ```
pub trait KernelMath: Copy {
    /// `e^x`, within 1 unit in the last place of the correctly rounded result; `+inf` on
    /// overflow, subnormals and 0 on underflow, NaN for NaN.
    ///
    /// ```
    /// use array_runtime::math::KernelMath;
    /// use array_runtime::f16;
    /// assert_eq!(KernelMath::exp(1.0f64), std::f64::consts::E);
    /// assert_eq!(KernelMath::exp(1000.0f32), f32::INFINITY);
    /// assert_eq!(KernelMath::exp(f16::from_f32(0.0)), f16::from_f32(1.0));
    /// ```
    fn exp(x: Self) -> Self;

    /// The natural logarithm, within 1 unit in the last place of the correctly rounded result;
    /// `-inf` at `±0`, NaN below 0 and for NaN, `+inf` at `+inf`.
    ///
    /// ```
    /// use array_runtime::math::KernelMath;
    /// use array_runtime::bf16;
    /// assert_eq!(KernelMath::ln(std::f64::consts::E), 1.0);
    /// assert_eq!(KernelMath::ln(-0.0f32), f32::NEG_INFINITY);
    /// assert!(KernelMath::ln(-1.0f32).is_nan());
    /// assert_eq!(KernelMath::ln(bf16::from_f32(1.0)), bf16::from_f32(0.0));
    /// ```
    fn ln(x: Self) -> Self;

    /// `2^x`, within 1 unit in the last place of the correctly rounded result (exact at
    /// integers); `+inf` on overflow, subnormals and 0 on underflow, NaN for NaN.
    ///
    /// ```
    /// use array_runtime::math::KernelMath;
    /// assert_eq!(KernelMath::exp2(10.0f32), 1024.0);
    /// assert_eq!(KernelMath::exp2(-1074.0f64), f64::from_bits(1));
    /// assert_eq!(KernelMath::exp2(0.5f64), std::f64::consts::SQRT_2);
    /// ```
    fn exp2(x: Self) -> Self;

    /// The base-2 logarithm, within 1 unit in the last place of the correctly rounded result
    /// (exact at powers of two); special values as [`KernelMath::ln`].
    ///
    /// ```
    /// use array_runtime::math::KernelMath;
    /// assert_eq!(KernelMath::log2(1024.0f32), 10.0);
    /// assert_eq!(KernelMath::log2(f64::from_bits(1)), -1074.0);
    /// assert_eq!(KernelMath::log2(0.0f64), f64::NEG_INFINITY);
    /// ```
    fn log2(x: Self) -> Self;

    /// The base-10 logarithm, within 1 unit in the last place of the correctly rounded result;
    /// special values as [`KernelMath::ln`].
    ///
    /// ```
    /// use array_runtime::math::KernelMath;
    /// assert_eq!(KernelMath::log10(1000.0f32), 3.0);
    /// assert_eq!(KernelMath::log10(0.1f64), -1.0);
    /// assert!(KernelMath::log10(-2.0f64).is_nan());
    /// ```
    fn log10(x: Self) -> Self;

    /// `e^x - 1`, accurate near 0 (within 1 unit in the last place of the correctly rounded
    /// result); `-0.0` stays `-0.0`, `-1` at `-inf`, `+inf` on overflow, NaN for NaN.
    ///
    /// ```
    /// use array_runtime::math::KernelMath;
    /// assert_eq!(KernelMath::exp_m1(1e-10f64), 1.00000000005e-10);
    /// assert_eq!(KernelMath::exp_m1(f32::NEG_INFINITY), -1.0);
    /// assert!(KernelMath::exp_m1(-0.0f32).is_sign_negative());
    /// ```
    fn exp_m1(x: Self) -> Self;

    /// `ln(1 + x)`, accurate near 0 (within 1 unit in the last place of the correctly rounded
    /// result); `-0.0` stays `-0.0`, `-inf` at `-1`, NaN below `-1` and for NaN, `+inf` at `+inf`.
    ///
    /// ```
    /// use array_runtime::math::KernelMath;
    /// assert_eq!(KernelMath::ln_1p(1e-300f64), 1e-300);
    /// assert_eq!(KernelMath::ln_1p(-1.0f32), f32::NEG_INFINITY);
    /// assert_eq!(KernelMath::ln_1p(std::f64::consts::E - 1.0), 1.0);
    /// ```
    fn ln_1p(x: Self) -> Self;

    /// The hyperbolic sine; overflows to `±inf`, `-0.0` stays `-0.0`.
    ///
    /// `f32` (and `f16`, `bf16`): computed in `f64` and rounded once, within 1 ULP of the
    /// correctly rounded result. `f64`: within 1 ULP of the correctly rounded result.
    ///
    /// ```
    /// use array_runtime::math::KernelMath;
    /// assert_eq!(KernelMath::sinh(-0.0f64).to_bits(), (-0.0f64).to_bits());
    /// assert_eq!(KernelMath::sinh(711.0f64), f64::INFINITY);
    /// assert_eq!(KernelMath::sinh(0.0f32), 0.0);
    /// assert_eq!(KernelMath::sinh(100.0f32), f32::INFINITY);
    /// assert_eq!(KernelMath::sinh(1.0f32), 1.0f32.sinh());
    /// ```
    fn sinh(x: Self) -> Self;

    /// The hyperbolic cosine; overflows to `+inf`.
    ///
    /// `f32` (and `f16`, `bf16`): computed in `f64` and rounded once, within 1 ULP of the
    /// correctly rounded result. `f64`: within 1 ULP of the correctly rounded result.
    ///
    /// ```
    /// use array_runtime::math::KernelMath;
    /// assert_eq!(KernelMath::cosh(0.0f64), 1.0);
    /// assert_eq!(KernelMath::cosh(-711.0f64), f64::INFINITY);
    /// assert_eq!(KernelMath::cosh(0.0f32), 1.0);
    /// assert_eq!(KernelMath::cosh(-100.0f32), f32::INFINITY);
    /// ```
    fn cosh(x: Self) -> Self;

    /// The hyperbolic tangent; `±1` for large `|x|`, `-0.0` stays `-0.0`.
    ///
    /// `f32` (and `f16`, `bf16`): computed in `f64` and rounded once, within 1 ULP of the
    /// correctly rounded result. `f64`: within 1 ULP of the correctly rounded result.
    ///
    /// ```
    /// use array_runtime::math::KernelMath;
    /// assert_eq!(KernelMath::tanh(f64::NEG_INFINITY), -1.0);
    /// assert_eq!(KernelMath::tanh(1e-300f64), 1e-300);
    /// assert_eq!(KernelMath::tanh(0.5f32), 0.5f32.tanh());
    /// assert_eq!(KernelMath::tanh(-30.0f32), -1.0);
    /// assert!(KernelMath::tanh(-0.0f32).is_sign_negative());
    /// ```
    fn tanh(x: Self) -> Self;

    /// The inverse hyperbolic sine.
    ///
    /// `f32` (and `f16`, `bf16`): computed in `f64` and rounded once, within 1 ULP of the
    /// correctly rounded result. `f64`: within 1 ULP of the correctly rounded result (finite
    /// up to `f64::MAX`).
    ///
    /// ```
    /// use array_runtime::math::KernelMath;
    /// assert!((KernelMath::asinh(f64::MAX) - 710.4758600739439).abs() < 1e-12);
    /// assert_eq!(KernelMath::asinh(0.0f32), 0.0);
    /// assert_eq!(KernelMath::asinh(f32::NEG_INFINITY), f32::NEG_INFINITY);
    /// ```
    fn asinh(x: Self) -> Self;

    /// The inverse hyperbolic cosine: NaN below 1.
    ///
    /// `f32` (and `f16`, `bf16`): computed in `f64` and rounded once, within 1 ULP of the
    /// correctly rounded result. `f64`: within 1 ULP of the correctly rounded result.
    ///
    /// ```
    /// use array_runtime::math::KernelMath;
    /// assert_eq!(KernelMath::acosh(1.0f64), 0.0);
    /// assert!(KernelMath::acosh(0.99f64).is_nan());
    /// assert_eq!(KernelMath::acosh(1.0f32), 0.0);
    /// assert!(KernelMath::acosh(0.5f32).is_nan());
    /// ```
    fn acosh(x: Self) -> Self;

    /// The inverse hyperbolic tangent: `±inf` at `±1`, NaN beyond.
    ///
    /// `f32` (and `f16`, `bf16`): computed in `f64` and rounded once, within 1 ULP of the
    /// correctly rounded result. `f64`: within 1 ULP of the correctly rounded result.
    ///
    /// ```
    /// use array_runtime::math::KernelMath;
    /// assert_eq!(KernelMath::atanh(-1.0f64), f64::NEG_INFINITY);
    /// // Correctly rounded: 0.41 ULP from the true value (the C library's result is 0.59 ULP off).
    /// assert_eq!(KernelMath::atanh(0.5f64), 0.5493061443340549);
    /// assert_eq!(KernelMath::atanh(1.0f32), f32::INFINITY);
    /// assert!(KernelMath::atanh(2.0f32).is_nan());
    /// ```
    fn atanh(x: Self) -> Self;

    /// The arctangent, in `[-pi/2, pi/2]`.
    ///
    /// `f32` (and `f16`, `bf16`): computed in `f64` and rounded once, within 1 ULP of the
    /// correctly rounded result. `f64`: within 1 ULP of the correctly rounded result.
    ///
    /// ```
    /// use array_runtime::math::KernelMath;
    /// assert_eq!(KernelMath::atan(f64::NEG_INFINITY), -std::f64::consts::FRAC_PI_2);
    /// assert_eq!(KernelMath::atan(1.0f32), std::f32::consts::FRAC_PI_4);
    /// assert_eq!(KernelMath::atan(f32::INFINITY), std::f32::consts::FRAC_PI_2);
    /// ```
    fn atan(x: Self) -> Self;

    /// The arcsine: NaN beyond `±1`.
    ///
    /// `f32` (and `f16`, `bf16`): computed in `f64` and rounded once, within 1 ULP of the
    /// correctly rounded result. `f64`: std's (the C library's).
    ///
    /// ```
    /// use array_runtime::math::KernelMath;
    /// assert_eq!(KernelMath::asin(1.0f32), std::f32::consts::FRAC_PI_2);
    /// assert!(KernelMath::asin(1.5f32).is_nan());
    /// ```
    fn asin(x: Self) -> Self;

    /// The arccosine, in `[0, pi]`: NaN beyond `±1`.
    ///
    /// `f32` (and `f16`, `bf16`): computed in `f64` and rounded once, within 1 ULP of the
    /// correctly rounded result. `f64`: std's (the C library's).
    ///
    /// ```
    /// use array_runtime::math::KernelMath;
    /// assert_eq!(KernelMath::acos(-1.0f32), std::f32::consts::PI);
    /// assert_eq!(KernelMath::acos(1.0f32), 0.0);
    /// ```
    fn acos(x: Self) -> Self;

    /// The cube root (negative for negative `x`); `±0`, `±inf` and NaN are their own.
    ///
    /// `f32` (and `f16`, `bf16`): computed in `f64` and rounded once, within 1 ULP of the
    /// correctly rounded result. `f64`: within 1 ULP (the correctly rounded result but in rare
    /// cases; an inverse cube root by iteration, then one Newton step on the exact residual).
    ///
    /// ```
    /// use array_runtime::math::KernelMath;
    /// assert_eq!(KernelMath::cbrt(-27.0f32), -3.0);
    /// assert_eq!(KernelMath::cbrt(f32::INFINITY), f32::INFINITY);
    /// assert_eq!(KernelMath::cbrt(0.001953125f64), 0.125);
    /// assert_eq!(KernelMath::cbrt(f64::from_bits(8)), 2f64.powi(-357));
    /// ```
    fn cbrt(x: Self) -> Self;

    /// The sine; NaN at `±inf`, `-0.0` stays `-0.0`.
    ///
    /// `f32` (and `f16`, `bf16`): computed in `f64` and rounded once, within 1 ULP of the
    /// correctly rounded result, for every input (the argument is reduced with as many bits
    /// of `2/pi` as its exponent needs). `f64`: std's (the C library's).
    ///
    /// ```
    /// use array_runtime::math::KernelMath;
    /// assert_eq!(KernelMath::sin(std::f32::consts::FRAC_PI_2), 1.0);
    /// assert_eq!(KernelMath::sin(1e30f32), (1e30f32 as f64).sin() as f32);
    /// assert!(KernelMath::sin(f32::INFINITY).is_nan());
    /// ```
    fn sin(x: Self) -> Self;

    /// The cosine; NaN at `±inf`.
    ///
    /// `f32` (and `f16`, `bf16`): computed in `f64` and rounded once, within 1 ULP of the
    /// correctly rounded result, for every input. `f64`: std's (the C library's).
    ///
    /// ```
    /// use array_runtime::math::KernelMath;
    /// assert_eq!(KernelMath::cos(0.0f32), 1.0);
    /// assert_eq!(KernelMath::cos(std::f32::consts::PI), -1.0);
    /// ```
    fn cos(x: Self) -> Self;

    /// The tangent; NaN at `±inf`, `-0.0` stays `-0.0`.
    ///
    /// `f32` (and `f16`, `bf16`): computed in `f64` and rounded once, within 1 ULP of the
    /// correctly rounded result, for every input. `f64`: within 1 ULP of the correctly
    /// rounded result for `|x| < 2^20`, std's (the C library's) beyond.
    ///
    /// ```
    /// use array_runtime::math::KernelMath;
    /// assert_eq!(KernelMath::tan(std::f64::consts::FRAC_PI_4), 0.9999999999999999);
    /// assert_eq!(KernelMath::tan(1e300f64), 1e300f64.tan());
    /// assert_eq!(KernelMath::tan(std::f32::consts::FRAC_PI_4), 1.0);
    /// assert_eq!(KernelMath::tan(1e4f32), (1e4f64).tan() as f32);
    /// ```
    fn tan(x: Self) -> Self;

    /// [`sin`](KernelMath::sin), bit for bit, for `|x| < 2^26`, with a reduction whose bits of
    /// `2/pi` are constants; any other `x` (NaN and `±inf` included) sets `*large` and gives
    /// a meaningless result. A loop over arguments that are almost always small runs this
    /// first and falls back to `sin` when `*large` comes back set: it vectorizes to about half
    /// the time of `sin`'s. `f64`: `sin` (never sets `*large`).
    ///
    /// ```
    /// use array_runtime::math::KernelMath;
    /// let mut large = false;
    /// assert_eq!(KernelMath::sin_small(1.5f32, &mut large), KernelMath::sin(1.5f32));
    /// assert!(!large);
    /// KernelMath::sin_small(1e30f32, &mut large);
    /// assert!(large);
    /// ```
    fn sin_small(x: Self, large: &mut bool) -> Self;

    /// [`cos`](KernelMath::cos), bit for bit, for `|x| < 2^26`; any other `x` sets `*large`
    /// (see [`sin_small`](KernelMath::sin_small)).
    ///
    /// ```
    /// use array_runtime::math::KernelMath;
    /// let mut large = false;
    /// assert_eq!(KernelMath::cos_small(-7.25f32, &mut large), KernelMath::cos(-7.25f32));
    /// assert!(!large);
    /// KernelMath::cos_small(f32::INFINITY, &mut large);
    /// assert!(large);
    /// ```
    fn cos_small(x: Self, large: &mut bool) -> Self;

    /// [`tan`](KernelMath::tan), bit for bit, for `|x| < 2^26` (`f64`: `2^20`); any other `x`
    /// sets `*large` (see [`sin_small`](KernelMath::sin_small)).
    ///
    /// ```
    /// use array_runtime::math::KernelMath;
    /// let mut large = false;
    /// assert_eq!(KernelMath::tan_small(1e7f32, &mut large), KernelMath::tan(1e7f32));
    /// assert!(!large);
    /// KernelMath::tan_small(f32::NAN, &mut large);
    /// assert!(large);
    /// ```
    fn tan_small(x: Self, large: &mut bool) -> Self;
}

/// The impls of every float dtype from one table: each method's `f32` and `f64` functions;
/// `f16` and `bf16` compute in `f32` and round once.
macro_rules! kernel_math {
    (
        $($m:ident: $f32:path, $f64:path;)*
        [small] $($sm:ident: $sf32:path, $sf64:expr;)*
    ) => {
        impl KernelMath for f32 {
            $(
                #[inline(always)]
                fn $m(x: f32) -> f32 {
                    $f32(x)
                }
            )*
            $(
                #[inline(always)]
                fn $sm(x: f32, large: &mut bool) -> f32 {
                    $sf32(x, large)
                }
            )*
        }

        impl KernelMath for f64 {
            $(
                #[inline(always)]
                fn $m(x: f64) -> f64 {
                    $f64(x)
                }
            )*
            $(
                #[inline(always)]
                fn $sm(x: f64, large: &mut bool) -> f64 {
                    ($sf64)(x, large)
                }
            )*
        }

        impl KernelMath for f16 {
            $(
                #[inline(always)]
                fn $m(x: f16) -> f16 {
                    f16::from_f32($f32(x.to_f32()))
                }
            )*
            $(
                #[inline(always)]
                fn $sm(x: f16, large: &mut bool) -> f16 {
                    f16::from_f32($sf32(x.to_f32(), large))
                }
            )*
        }

        impl KernelMath for bf16 {
            $(
                #[inline(always)]
                fn $m(x: bf16) -> bf16 {
                    bf16::from_f32($f32(x.to_f32()))
                }
            )*
            $(
                #[inline(always)]
                fn $sm(x: bf16, large: &mut bool) -> bf16 {
                    bf16::from_f32($sf32(x.to_f32(), large))
                }
            )*
        }
    };
}

kernel_math! {
    exp: exp::exp_f32, exp::exp_f64;
    ln: log::ln_f32, log::ln_f64;
    exp2: exp::exp2_f32, exp::exp2_f64;
    log2: log::log2_f32, log::log2_f64;
    log10: log::log10_f32, log::log10_f64;
    exp_m1: exp::exp_m1_f32, exp::exp_m1_f64;
    ln_1p: log::ln_1p_f32, log::ln_1p_f64;
    sinh: hyperbolic::sinh_f32, hyperbolic::sinh_f64;
    cosh: hyperbolic::cosh_f32, hyperbolic::cosh_f64;
    tanh: hyperbolic::tanh_f32, hyperbolic::tanh_f64;
    asinh: hyperbolic::asinh_f32, hyperbolic::asinh_f64;
    acosh: hyperbolic::acosh_f32, hyperbolic::acosh_f64;
    atanh: hyperbolic::atanh_f32, hyperbolic::atanh_f64;
    atan: arc::atan_f32, arc::atan_f64;
    asin: arc::asin_f32, f64::asin;
    acos: arc::acos_f32, f64::acos;
    cbrt: cbrt::cbrt_f32, cbrt::cbrt_f64;
    sin: trig::sin_f32, f64::sin;
    cos: trig::cos_f32, f64::cos;
    tan: trig::tan_f32, trig_f64::tan_f64;
    [small]
    sin_small: trig::sin_f32_small, |x: f64, _: &mut bool| x.sin();
    cos_small: trig::cos_f32_small, |x: f64, _: &mut bool| x.cos();
    tan_small: trig::tan_f32_small, trig_f64::tan_f64_small;
}

/// Helpers of the accuracy tests: distances in units in the last place and input sweeps.
#[cfg(test)]
mod testing {
    /// Bits mapped to integers in the order of the floats they encode (-0.0 next to +0.0).
    fn ordered(bits: u64, sign: u64) -> i128 {
        if bits & sign != 0 {
            -((bits & !sign) as i128)
        } else {
            bits as i128
        }
    }

    /// The number of floats between `a` and `b` (0 when equal or both NaN); `u64::MAX` when
    /// only one is NaN or only one is infinite (so that `MAX` against `+inf` is no near miss).
    pub(super) fn ulp_f64(a: f64, b: f64) -> u64 {
        if a.is_nan() || b.is_nan() {
            return if a.is_nan() && b.is_nan() {
                0
            } else {
                u64::MAX
            };
        }
        if a.is_infinite() != b.is_infinite() {
            return u64::MAX;
        }
        let s = 1 << 63;
        (ordered(a.to_bits(), s) - ordered(b.to_bits(), s)).unsigned_abs() as u64
    }

    /// [`ulp_f64`] for `f32`.
    pub(super) fn ulp_f32(a: f32, b: f32) -> u64 {
        if a.is_nan() || b.is_nan() {
            return if a.is_nan() && b.is_nan() {
                0
            } else {
                u64::MAX
            };
        }
        if a.is_infinite() != b.is_infinite() {
            return u64::MAX;
        }
        let s = 1 << 31;
        (ordered(a.to_bits() as u64, s) - ordered(b.to_bits() as u64, s)).unsigned_abs() as u64
    }

    /// Double-double arithmetic (pairs of `f64`, about 104 bits): references for functions
    /// whose C library versions can be more than 1/2 ULP off (`log10` by 1.5 ULP at
    /// `0.8723008925080973`, `expm1` by 0.8 ULP near `0.3466`).
    pub(super) mod dd {
        pub(crate) type Dd = (f64, f64);

        fn two_sum(a: f64, b: f64) -> Dd {
            let s = a + b;
            let bb = s - a;
            (s, (a - (s - bb)) + (b - bb))
        }

        fn normalize(s: f64, e: f64) -> Dd {
            let h = s + e;
            (h, e - (h - s))
        }

        fn halves(a: f64) -> (f64, f64) {
            let c = 134217729.0 * a;
            let hi = c - (c - a);
            (hi, a - hi)
        }

        pub(crate) fn add(a: Dd, b: Dd) -> Dd {
            let (s, e) = two_sum(a.0, b.0);
            normalize(s, e + (a.1 + b.1))
        }

        pub(crate) fn mul(a: Dd, b: Dd) -> Dd {
            let p = a.0 * b.0;
            let ((ah, al), (bh, bl)) = (halves(a.0), halves(b.0));
            let e = ((ah * bh - p) + ah * bl + al * bh) + al * bl;
            normalize(p, e + (a.0 * b.1 + a.1 * b.0))
        }

        pub(crate) fn div(a: Dd, b: Dd) -> Dd {
            let q1 = a.0 / b.0;
            let r = add(a, mul(b, (-q1, 0.0)));
            let q2 = r.0 / b.0;
            let r = add(r, mul(b, (-q2, 0.0)));
            add(normalize(q1, q2), (r.0 / b.0, 0.0))
        }
    }

    /// SplitMix64: a deterministic stream of 64-bit values.
    fn splitmix(seed: u64) -> impl Iterator<Item = u64> {
        let mut state = seed;
        std::iter::repeat_with(move || {
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        })
    }

    /// `n` random bit patterns (every sign, exponent and mantissa; NaN and infinities too).
    pub(super) fn random_f64s(n: usize, seed: u64) -> impl Iterator<Item = f64> {
        splitmix(seed).take(n).map(f64::from_bits)
    }

    /// `n` values uniform in `[lo, hi)`.
    pub(super) fn uniform_f64s(n: usize, lo: f64, hi: f64, seed: u64) -> impl Iterator<Item = f64> {
        splitmix(seed)
            .take(n)
            .map(move |u| lo + (hi - lo) * ((u >> 11) as f64 / (1u64 << 53) as f64))
    }

    /// An `f32` function of the module, std's `f64` function for it (the C library's, within
    /// 1 ULP of `f64`: rounded to `f32` it is the correctly rounded result but in rare
    /// double-rounding cases), and its name.
    pub(super) type F32Pair = (fn(f32) -> f32, fn(f64) -> f64, &'static str);

    /// The largest distance, in units in the last place, of `f(x)` from `reference(x)` rounded
    /// to `f32` over `xs`, and an input where it occurs.
    pub(super) fn worst_vs_f64(
        f: fn(f32) -> f32,
        reference: fn(f64) -> f64,
        xs: impl Iterator<Item = f32>,
    ) -> (u64, f32) {
        xs.map(|x| (ulp_f32(f(x), reference(x as f64) as f32), x))
            .fold((0, 0.0), |a, b| if b.0 > a.0 { b } else { a })
    }

    /// Asserts that each function gives std's result rounded, sign included (NaN for NaN), at
    /// each of `xs`.
    pub(super) fn assert_same_as_f64(functions: &[F32Pair], xs: &[f32]) {
        for &(f, reference, name) in functions {
            for &x in xs {
                let (got, want) = (f(x), reference(x as f64) as f32);
                assert!(
                    ulp_f32(got, want) == 0 && got.is_sign_negative() == want.is_sign_negative()
                        || got.is_nan() && want.is_nan(),
                    "{name}({x:e}) = {got:e}, std {want:e}"
                );
            }
        }
    }

    /// The largest distance, in units in the last place, of `f(x)` from `reference(x)` over
    /// `xs`, and an input where it occurs.
    pub(super) fn worst_vs(
        f: fn(f64) -> f64,
        reference: fn(f64) -> f64,
        xs: impl Iterator<Item = f64>,
    ) -> (u64, f64) {
        xs.map(|x| (ulp_f64(f(x), reference(x)), x))
            .fold((0, 0.0), |a, b| if b.0 > a.0 { b } else { a })
    }

    /// Asserts `f(x) == want` for each pair, bits included (any NaN for NaN).
    pub(super) fn assert_exact(name: &str, f: fn(f64) -> f64, cases: &[(f64, f64)]) {
        for &(x, want) in cases {
            let got = f(x);
            assert!(
                got.to_bits() == want.to_bits() || got.is_nan() && want.is_nan(),
                "{name}({x:e}) = {got:e}, not {want:e}"
            );
        }
    }

    /// Every `stride`-th `f32` bit pattern, from 0 to `u32::MAX`.
    pub(super) fn bits_f32_strided(stride: usize) -> impl Iterator<Item = f32> {
        (0..=u32::MAX).step_by(stride).map(f32::from_bits)
    }

    #[test]
    fn distances() {
        assert_eq!(ulp_f64(1.0, 1.0), 0);
        assert_eq!(ulp_f64(0.0, -0.0), 0);
        assert_eq!(ulp_f64(f64::from_bits(1), -f64::from_bits(1)), 2);
        assert_eq!(ulp_f64(1.0, 1.0 + f64::EPSILON), 1);
        assert_eq!(ulp_f64(f64::MAX, f64::INFINITY), u64::MAX);
        assert_eq!(ulp_f64(f64::NAN, 1.0), u64::MAX);
        assert_eq!(ulp_f32(1.0, 1.0 + 2.0 * f32::EPSILON), 2);
        assert_eq!(ulp_f32(f32::NAN, f32::NAN), 0);
    }
}
