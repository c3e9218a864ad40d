//! The error function and its relatives: `erf`, `erfc`, `erfcx`, `erfi`, `erfinv`,
//! `erfcinv`, `dawsn`, and the normal distribution's `ndtr`, `ndtri`, `log_ndtr`,
//! `ndtri_exp`.
//!
//! Method: `erf(x) = x g(x^2)` below 0.5; above, the scaled complement `erfcx` from
//! Chebyshev series on [0.5, 1.5], [1.5, 3], [3, 5] and in `1/x^2` beyond 5, and `erfc(x) =
//! erfcx(x) e^(-x^2)` with `x^2` split into an exact head and a tail so that the exponential
//! keeps its digits. The inverses: `erfinv(y) = y h(y^2)` for `|y| <= 0.85`, beyond it (and
//! for `erfcinv` of small arguments) series in `s = sqrt(-ln z)`. Dawson's integral likewise;
//! `erfi(x) = 2/sqrt(pi) e^(x^2) dawsn(x)`. The series are ours (`fits/erf.rs`). On a GPU,
//! `erf`, `erfc`, `erfcx`, `erfinv`, `erfcinv`, `ndtr` and `ndtri` are CUDA's (2 to 8 ULPs).
//!
//! ```
//! use kernels_std::special::scalar as sp;
//! let e = sp::erf(0.5);
//! assert!((e - 0.5204998778130465).abs() < 1e-16);
//! let e = sp::erfc(10.0);
//! assert!((e / 2.088487583762545e-45 - 1.0).abs() < 1e-15);
//! let e = sp::erfcx(1e10);
//! assert!((e * 1e10 * std::f64::consts::PI.sqrt() - 1.0).abs() < 1e-15);
//! let d = sp::dawsn(1.0);
//! assert!((d - 0.5380795069127684).abs() < 1e-16);
//! let e = sp::erfi(1.0);
//! assert!((e - 1.6504257587975428).abs() < 1e-15);
//! let y = sp::erfinv(0.5204998778130465);
//! assert!((y - 0.5).abs() < 1e-15);
//! let x = sp::erfcinv(2.088487583762545e-45);
//! assert!((x - 10.0).abs() < 1e-13);
//! assert_eq!(sp::ndtr(0.0), 0.5);
//! let l = sp::log_ndtr(-40.0);
//! assert!((l / -804.6084420137538 - 1.0).abs() < 1e-14);
//! let x = sp::ndtri(0.975);
//! assert!((x - 1.959963984540054).abs() < 1e-15);
//! let x = sp::ndtri_exp(-1e-20);
//! assert!((x / 9.262340089798408 - 1.0).abs() < 1e-14);
//! # Ok::<(), kernels_std::Error>(())
//! ```

use super::fits::erf as fit;
use crate::prelude::*;

/// `2 / sqrt(pi)`.
#[device_fn]
fn two_over_sqrt_pi() -> f64 {
    1.1283791670955126
}

/// `e^(-x^2)` with `x^2` split into an exact head and a tail (full precision for large `x`).
#[device_fn]
pub(crate) fn exp_neg_sq(x: f64) -> f64 {
    let hi = f64::from_bits(x.to_bits() & 0xffff_ffff_f800_0000u64);
    let lo = x - hi;
    (-(hi * hi)).exp() * (-(lo * (x + hi))).exp()
}

/// `e^(x^2)`, split like [`exp_neg_sq()`].
#[device_fn]
pub(crate) fn exp_sq(x: f64) -> f64 {
    let hi = f64::from_bits(x.to_bits() & 0xffff_ffff_f800_0000u64);
    let lo = x - hi;
    (hi * hi).exp() * (lo * (x + hi)).exp()
}

/// `erf(x)` for `|x| < 0.5`.
#[device_fn]
fn erf_below_half(x: f64) -> f64 {
    let v = x * x;
    x * fit::erf_small(fit::erf_small_t(v))
}

/// `erfcx(x)` for `x >= 0.5` (not NaN).
#[device_fn]
fn erfcx_large(x: f64) -> f64 {
    if x < 1.5 {
        fit::erfcx_a(fit::erfcx_a_t(x))
    } else if x < 3.0 {
        fit::erfcx_b(fit::erfcx_b_t(x))
    } else if x < 5.0 {
        fit::erfcx_c(fit::erfcx_c_t(x))
    } else if x < 1.0e150 {
        let r = 1.0 / x;
        fit::erfcx_d(fit::erfcx_d_t(r * r)) * r
    } else {
        // 1 / (x sqrt(pi)) to the last bit; 0 at infinity.
        0.5641895835477563 / x
    }
}

/// `erfc(x)` for `x >= 0.5` (not NaN).
#[device_fn]
fn erfc_large(x: f64) -> f64 {
    if x > 27.3 {
        0.0
    } else {
        erfcx_large(x) * exp_neg_sq(x)
    }
}

/// The error function `2/sqrt(pi) int_0^x e^(-t^2) dt` (SciPy's `erf`).
///
/// Example: [the family's page](self).
#[device_fn(cuda = "erf")]
pub fn erf(x: f64) -> f64 {
    let ax = x.abs();
    if x.is_nan() {
        x
    } else if ax < 0.5 {
        erf_below_half(x)
    } else if ax < 6.0 {
        // One exponential: its relative error (about ax^2 ulp) scales erfc(ax) < 0.48, so it
        // stays below an ulp of the result (`erfc` needs the split of `exp_neg_sq`).
        (1.0 - erfcx_large(ax) * (-(ax * ax)).exp()).copysign(x)
    } else {
        1.0f64.copysign(x)
    }
}

/// The complementary error function `1 - erf(x)` (SciPy's `erfc`), accurate for large `x`.
///
/// Example: [the family's page](self).
#[device_fn(cuda = "erfc")]
pub fn erfc(x: f64) -> f64 {
    if x.is_nan() {
        x
    } else if x.abs() < 0.5 {
        1.0 - erf_below_half(x)
    } else if x > 0.0 {
        erfc_large(x)
    } else {
        2.0 - erfc_large(-x)
    }
}

/// The scaled complementary error function `e^(x^2) erfc(x)` (SciPy's `erfcx`): about
/// `1 / (x sqrt(pi))` for large `x`, `inf` below about -26.6.
///
/// Example: [the family's page](self).
#[device_fn(cuda = "erfcx")]
pub fn erfcx(x: f64) -> f64 {
    if x.is_nan() {
        x
    } else if x.abs() < 0.5 {
        exp_sq(x) * (1.0 - erf_below_half(x))
    } else if x > 0.0 {
        erfcx_large(x)
    } else if x < -26.7 {
        f64::INFINITY
    } else {
        2.0 * exp_sq(x) - erfcx_large(-x)
    }
}

/// Dawson's integral `e^(-x^2) int_0^x e^(t^2) dt` (SciPy's `dawsn`).
///
/// Example: [the family's page](self).
#[device_fn]
pub fn dawsn(x: f64) -> f64 {
    let ax = x.abs();
    let d = if x.is_nan() {
        x
    } else if ax < 0.5 {
        ax * fit::dawsn_small(fit::dawsn_small_t(ax * ax))
    } else if ax < 1.5 {
        fit::dawsn_a(fit::dawsn_a_t(ax))
    } else if ax < 3.0 {
        fit::dawsn_b(fit::dawsn_b_t(ax))
    } else if ax < 5.0 {
        fit::dawsn_c(fit::dawsn_c_t(ax))
    } else if ax < 1.0e150 {
        let r = 1.0 / ax;
        fit::dawsn_d(fit::dawsn_d_t(r * r)) * r
    } else {
        0.5 / ax
    };
    d.copysign(x)
}

/// The imaginary error function `-i erf(ix)` (SciPy's `erfi`): `2/sqrt(pi) e^(x^2)
/// dawsn(x)`, `inf` beyond about 26.6.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn erfi(x: f64) -> f64 {
    if x.abs() > 26.7 {
        f64::INFINITY.copysign(x)
    } else {
        two_over_sqrt_pi() * exp_sq(x) * dawsn(x)
    }
}

/// `erfcinv(z)` for `0 < z <= 0.15`, from `s = sqrt(-ln z)` (`s` may exceed the series'
/// range only through [`ndtri_exp()`]).
#[device_fn]
fn erfcinv_tail_s(s: f64) -> f64 {
    if s < 5.0 {
        fit::erfcinv_a(fit::erfcinv_a_t(s))
    } else if s <= 27.3 {
        fit::erfcinv_b(fit::erfcinv_b_t(s))
    } else {
        // Beyond double's range of z: solve x^2 = s^2 - ln(x sqrt(pi)) + ln(1 - 1/(2x^2)
        // + 3/(4x^4)) by fixed-point steps (erfc's asymptotic series).
        let mut x = s;
        for _i in 0..6 {
            let r = 1.0 / (x * x);
            let corr = (r * (-0.5 + r * (0.75 - 1.875 * r))).ln_1p();
            x = (s * s - (x * 1.772453850905516).ln() + corr).sqrt();
        }
        x
    }
}

/// `erfcinv(z)` for `0 < z <= 0.15`.
#[device_fn]
fn erfcinv_tail(z: f64) -> f64 {
    erfcinv_tail_s((-z.ln()).sqrt())
}

/// The inverse of `erf` on `[-1, 1]` (SciPy's `erfinv`): `+-inf` at `+-1`, NaN outside.
///
/// Example: [the family's page](self).
#[device_fn(cuda = "erfinv")]
pub fn erfinv(y: f64) -> f64 {
    let ay = y.abs();
    if y.is_nan() || ay > 1.0 {
        f64::NAN
    } else if ay == 1.0 {
        f64::INFINITY.copysign(y)
    } else if ay <= 0.85 {
        y * fit::erfinv_small(fit::erfinv_small_t(y * y))
    } else {
        // 1 - |y| is exact here.
        erfcinv_tail(1.0 - ay).copysign(y)
    }
}

/// The inverse of `erfc` on `[0, 2]` (SciPy's `erfcinv`): `inf` at 0, `-inf` at 2, NaN
/// outside.
///
/// Example: [the family's page](self).
#[device_fn(cuda = "erfcinv")]
pub fn erfcinv(z: f64) -> f64 {
    if z.is_nan() || z < 0.0 || z > 2.0 {
        f64::NAN
    } else if z == 0.0 {
        f64::INFINITY
    } else if z == 2.0 {
        f64::NEG_INFINITY
    } else if z < 0.15 {
        erfcinv_tail(z)
    } else if z > 1.85 {
        -erfcinv_tail(2.0 - z)
    } else {
        erfinv(1.0 - z)
    }
}

/// The standard normal distribution function (SciPy's `ndtr`): `erfc(-x/sqrt(2)) / 2`.
///
/// Example: [the family's page](self).
#[device_fn(cuda = "normcdf")]
pub fn ndtr(x: f64) -> f64 {
    let z = x * std::f64::consts::FRAC_1_SQRT_2;
    if z.abs() < 0.5 {
        0.5 + 0.5 * erf_below_half(z)
    } else {
        0.5 * erfc(-z)
    }
}

/// The logarithm of [`ndtr()`] (SciPy's `log_ndtr`), accurate in both tails: through `erfcx`
/// below -1 (no underflow), `ln_1p(-ndtr(-x))` above 0.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn log_ndtr(x: f64) -> f64 {
    if x.is_nan() {
        x
    } else if x > 0.0 {
        (-ndtr(-x)).ln_1p()
    } else if x > -1.0 {
        ndtr(x).ln()
    } else {
        (0.5 * erfcx(-x * std::f64::consts::FRAC_1_SQRT_2)).ln() - 0.5 * x * x
    }
}

/// The inverse of [`ndtr()`] (SciPy's `ndtri`): `-inf` at 0, `inf` at 1, NaN outside
/// `[0, 1]`.
///
/// Example: [the family's page](self).
#[device_fn(cuda = "normcdfinv")]
pub fn ndtri(p: f64) -> f64 {
    if p.is_nan() || p < 0.0 || p > 1.0 {
        f64::NAN
    } else if p == 0.0 {
        f64::NEG_INFINITY
    } else if p == 1.0 {
        f64::INFINITY
    } else if p < 0.075 {
        -std::f64::consts::SQRT_2 * erfcinv_tail(2.0 * p)
    } else if p > 0.925 {
        // 1 - p is exact here.
        std::f64::consts::SQRT_2 * erfcinv_tail(2.0 * (1.0 - p))
    } else {
        let y = 2.0 * p - 1.0;
        std::f64::consts::SQRT_2 * y * fit::erfinv_small(fit::erfinv_small_t(y * y))
    }
}

/// `ndtri(e^y)` for `y <= 0` (SciPy's `ndtri_exp`), accurate where `e^y` underflows or is
/// near 1: `-inf` at `-inf`, `inf` at 0, NaN above.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn ndtri_exp(y: f64) -> f64 {
    if y.is_nan() || y > 0.0 {
        f64::NAN
    } else if y == 0.0 {
        f64::INFINITY
    } else if y == f64::NEG_INFINITY {
        f64::NEG_INFINITY
    } else if y < -2.5902671654458267 {
        // p = e^y < 0.075: erfcinv of 2p from s = sqrt(-ln(2p)) without forming p.
        -std::f64::consts::SQRT_2 * erfcinv_tail_s((-(y + std::f64::consts::LN_2)).sqrt())
    } else {
        let q = -y.exp_m1();
        if q < 0.075 {
            std::f64::consts::SQRT_2 * erfcinv_tail(2.0 * q)
        } else {
            let v = 1.0 - 2.0 * q;
            std::f64::consts::SQRT_2 * v * fit::erfinv_small(fit::erfinv_small_t(v * v))
        }
    }
}
