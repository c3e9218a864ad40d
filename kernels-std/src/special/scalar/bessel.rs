//! Bessel functions of real argument: `j0`, `j1`, `y0`, `y1`, `i0`, `i0e`, `i1`, `i1e`,
//! `k0`, `k0e`, `k1`, `k1e`, and of integer order `jn`, `yn`, `kn`.
//!
//! Method (the series are ours, fitted to mpmath by `scripts/special/gen_fits.py`,
//! `fits/bessel.rs`):
//! - `I0`, `I1`: Chebyshev series in `x^2` up to 3, of `e^-x I(x)` on [3, 8], of
//!   `sqrt(x) e^-x I(x)` in `1/x` beyond; `e^x` is applied in two halves near overflow.
//! - `K0`, `K1`: up to 2 the logarithmic forms `K0 = -ln(x/2) I0 + f(x^2)`,
//!   `K1 = 1/x + ln(x/2) I1 + x g(x^2)` (`f`, `g` entire); beyond, series of
//!   `sqrt(x) e^x K(x)` on [2, 8] and in `1/x`.
//! - `J0`, `J1`, `Y0`, `Y1` up to about 18: between consecutive zeros of the derivative's
//!   companion (the zeros interlace) a series of `J(x)/(x - z)` around the one zero `z`
//!   inside, multiplied by `x - z` computed from `z` in two parts, so the first six zeros of
//!   each function are exact and the relative error stays a few ULPs through them. Near 0,
//!   `J1 = x h(x^2)`, and `Y0`, `Y1` in their logarithmic forms (`J0`'s series are
//!   polynomials evaluated by Estrin's scheme, the others Chebyshev series by Clenshaw's).
//!   Beyond 18, the Hankel form `J + iY = M e^(i theta)`, `theta = x - (2n+1) pi/4 + phi`,
//!   with polynomials of `sqrt(x) M` and `x phi` in `1/x^2`, and
//!   `cos(x + psi) = cos x cos psi - sin x sin psi` so that the large `x` is reduced exactly
//!   by the library's `sin`/`cos` (`cos psi`, `sin psi` from the angle sums of the small
//!   `phi/x` and `(2n+1) pi/4`): the error there is absolute, a few ULPs of `M`.
//! - `jn`: forward recurrence from `J0`, `J1` where `|x| > n`, else Miller's backward
//!   recurrence normalised by `J0 + 2 (J2 + J4 + ...) = 1`; `yn` and `kn`: forward
//!   recurrence from order 0 and 1 (stable: both grow with the order), `kn` on the scaled
//!   `e^x K` so that it does not underflow early.
//!
//! On a GPU, `i0` and `i1` are CUDA's `cyl_bessel_i0`/`cyl_bessel_i1` (a few ULPs). CUDA's
//! `j0`, `j1`, `y0`, `y1`, `jn`, `yn` are not used: its guide bounds their error only
//! absolutely, which near zeros and for large arguments is far from these bodies.
//!
//! ```
//! use kernels_std::special::scalar as sp;
//! let close = |a: f64, b: f64| (a / b - 1.0).abs() < 1e-14;
//! assert!(close(sp::j0(1.0), 0.7651976865579666));
//! assert!(close(sp::j1(1.0), 0.44005058574493355));
//! assert!(close(sp::y0(1.0), 0.08825696421567697));
//! assert!(close(sp::y1(1.0), -0.7812128213002887));
//! assert!(close(sp::i0(1.0), 1.2660658777520084));
//! assert!(close(sp::i0e(1.0), 0.46575960759364043));
//! assert!(close(sp::i1(1.0), 0.5651591039924851));
//! assert!(close(sp::i1e(1.0), 0.2079104153497085));
//! assert!(close(sp::k0(1.0), 0.42102443824070834));
//! assert!(close(sp::k0e(1.0), 1.1444630798068949));
//! assert!(close(sp::k1(1.0), 0.6019072301972346));
//! assert!(close(sp::k1e(1.0), 1.636153486263258));
//! assert!(close(sp::jn(3.0, 2.0), 0.12894324947440206));
//! assert!(close(sp::yn(3.0, 2.0), -1.1277837768404277));
//! assert!(close(sp::kn(3.0, 2.0), 0.6473853909486342));
//! ```

use super::fits::bessel as fit;
use crate::prelude::*;

/// `ln(x/2)` for `x > 0`, also for subnormal `x` (where `x/2` would round).
#[device_fn]
fn ln_half(x: f64) -> f64 {
    if x < 1.0e-300 {
        x.ln() - std::f64::consts::LN_2
    } else {
        (0.5 * x).ln()
    }
}

/// `y e^s` for `s <= 0` or large: in two halves where `e^s` alone would over- or underflow
/// before the product does.
#[device_fn]
pub(crate) fn times_exp(y: f64, s: f64) -> f64 {
    if s.abs() < 700.0 {
        y * s.exp()
    } else {
        let h = (0.5 * s).exp();
        y * h * h
    }
}

// --- I0, I1 ---

/// `e^-x I0(x)` for `x >= 0` (`x` not NaN).
#[device_fn]
fn i0e_pos(x: f64) -> f64 {
    if x <= 3.0 {
        fit::i0_small(fit::i0_small_t(x * x)) * (-x).exp()
    } else if x <= 8.0 {
        fit::i0e_mid(fit::i0e_mid_t(x))
    } else {
        fit::i0e_large(fit::i0e_large_t(1.0 / x)) / x.sqrt()
    }
}

/// `e^-x I1(x)` for `x >= 0` (`x` not NaN).
#[device_fn]
fn i1e_pos(x: f64) -> f64 {
    if x <= 3.0 {
        x * fit::i1_small(fit::i1_small_t(x * x)) * (-x).exp()
    } else if x <= 8.0 {
        fit::i1e_mid(fit::i1e_mid_t(x))
    } else {
        fit::i1e_large(fit::i1e_large_t(1.0 / x)) / x.sqrt()
    }
}

/// The modified Bessel function of the first kind of order 0 (SciPy's `i0`): even, `inf`
/// beyond about 713.9; NaN at `+-inf` (SciPy's value).
///
/// Example: [the family's page](self).
#[device_fn(cuda = "cyl_bessel_i0")]
pub fn i0(x: f64) -> f64 {
    let ax = x.abs();
    if x.is_nan() {
        x
    } else if ax <= 3.0 {
        fit::i0_small(fit::i0_small_t(x * x))
    } else if ax == f64::INFINITY {
        f64::NAN // SciPy's value (the limit would be inf)
    } else {
        times_exp(i0e_pos(ax), ax)
    }
}

/// The exponentially scaled `e^-|x| I0(x)` (SciPy's `i0e`).
///
/// Example: [the family's page](self).
#[device_fn]
pub fn i0e(x: f64) -> f64 {
    if x.is_nan() {
        x
    } else {
        i0e_pos(x.abs())
    }
}

/// The modified Bessel function of the first kind of order 1 (SciPy's `i1`): odd, `+-inf`
/// beyond about 713.9; NaN at `+-inf` (SciPy's value).
///
/// Example: [the family's page](self).
#[device_fn(cuda = "cyl_bessel_i1")]
pub fn i1(x: f64) -> f64 {
    let ax = x.abs();
    if x.is_nan() {
        x
    } else if ax <= 3.0 {
        x * fit::i1_small(fit::i1_small_t(x * x))
    } else if ax == f64::INFINITY {
        f64::NAN // SciPy's value (the limit would be +-inf)
    } else {
        times_exp(i1e_pos(ax), ax).copysign(x)
    }
}

/// The exponentially scaled `e^-|x| I1(x)` (SciPy's `i1e`): odd.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn i1e(x: f64) -> f64 {
    if x.is_nan() {
        x
    } else {
        i1e_pos(x.abs()).copysign(x)
    }
}

// --- K0, K1 ---

/// `K0(x)` for `0 < x <= 2`.
#[device_fn]
fn k0_below2(x: f64) -> f64 {
    fit::k0_small(fit::k0_small_t(x * x)) - ln_half(x) * fit::i0_small(fit::i0_small_t(x * x))
}

/// `K1(x)` for `0 < x <= 2`.
#[device_fn]
fn k1_below2(x: f64) -> f64 {
    let v = x * x;
    1.0 / x
        + ln_half(x) * (x * fit::i1_small(fit::i1_small_t(v)))
        + x * fit::k1_small(fit::k1_small_t(v))
}

/// `e^x K0(x)` for `x > 2` (not NaN).
#[device_fn]
fn k0e_above2(x: f64) -> f64 {
    if x <= 8.0 {
        fit::k0e_mid(fit::k0e_mid_t(x)) / x.sqrt()
    } else {
        fit::k0e_large(fit::k0e_large_t(1.0 / x)) / x.sqrt()
    }
}

/// `e^x K1(x)` for `x > 2` (not NaN).
#[device_fn]
fn k1e_above2(x: f64) -> f64 {
    if x <= 8.0 {
        fit::k1e_mid(fit::k1e_mid_t(x)) / x.sqrt()
    } else {
        fit::k1e_large(fit::k1e_large_t(1.0 / x)) / x.sqrt()
    }
}

/// The modified Bessel function of the second kind of order 0 (SciPy's `k0`): `inf` at 0,
/// NaN below.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn k0(x: f64) -> f64 {
    if x.is_nan() || x < 0.0 {
        f64::NAN
    } else if x == 0.0 {
        f64::INFINITY
    } else if x <= 2.0 {
        k0_below2(x)
    } else {
        times_exp(k0e_above2(x), -x)
    }
}

/// The exponentially scaled `e^x K0(x)` (SciPy's `k0e`): `inf` at 0, NaN below.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn k0e(x: f64) -> f64 {
    if x.is_nan() || x < 0.0 {
        f64::NAN
    } else if x == 0.0 {
        f64::INFINITY
    } else if x <= 2.0 {
        k0_below2(x) * x.exp()
    } else {
        k0e_above2(x)
    }
}

/// The modified Bessel function of the second kind of order 1 (SciPy's `k1`): `inf` at 0,
/// NaN below.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn k1(x: f64) -> f64 {
    if x.is_nan() || x < 0.0 {
        f64::NAN
    } else if x == 0.0 {
        f64::INFINITY
    } else if x <= 2.0 {
        k1_below2(x)
    } else {
        times_exp(k1e_above2(x), -x)
    }
}

/// The exponentially scaled `e^x K1(x)` (SciPy's `k1e`): `inf` at 0, NaN below.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn k1e(x: f64) -> f64 {
    if x.is_nan() || x < 0.0 {
        f64::NAN
    } else if x == 0.0 {
        f64::INFINITY
    } else if x <= 2.0 {
        k1_below2(x) * x.exp()
    } else {
        k1e_above2(x)
    }
}

// --- J0, J1, Y0, Y1 ---

/// `J(x)` or `Y(x)` (`second`) of order `n` (0 or 1) for `x >= 18` from the Hankel form
/// `M cos(theta)`, `M sin(theta)`, `theta = x - (2n+1) pi/4 + phi`.
#[device_fn]
fn hankel_form(n: f64, x: f64, second: bool) -> f64 {
    if x == f64::INFINITY {
        // SciPy's value at infinity (the limit would be 0).
        return f64::NAN;
    }
    let v = 1.0 / (x * x);
    let m = if n == 0.0 {
        fit::mod0(fit::mod0_t(v))
    } else {
        fit::mod1(fit::mod1_t(v))
    };
    let phi = if n == 0.0 {
        fit::phase0(fit::phase0_t(v))
    } else {
        fit::phase1(fit::phase1_t(v))
    };
    // theta = x + psi, psi = e - (2n + 1) pi/4 with e = phi/x small (|e| < 0.021 from
    // x = 18): reduce x alone (exactly, by sin and cos); cos psi and sin psi from the angle
    // sums with cos e, sin e (Taylor series, their first omitted terms below 1e-20) and the
    // constants cos, sin of (2n + 1) pi/4, not from two more calls of the library.
    let e = phi / x;
    let e2 = e * e;
    let se = e * (1.0 - e2 * (1.0 / 6.0 - e2 * (1.0 / 120.0 - e2 * (1.0 / 5040.0))));
    let ce = 1.0 - e2 * (0.5 - e2 * (1.0 / 24.0 - e2 * (1.0 / 720.0 - e2 * (1.0 / 40320.0))));
    let h = std::f64::consts::FRAC_1_SQRT_2;
    let cq = if n == 0.0 { h } else { -h };
    let cos_psi = ce * cq + se * h;
    let sin_psi = se * cq - ce * h;
    let s = x.sin();
    let c = x.cos();
    let t = if second {
        s * cos_psi + c * sin_psi
    } else {
        c * cos_psi - s * sin_psi
    };
    m / x.sqrt() * t
}

/// `J0(x)` for `0 <= x < 3.83` (its first zero exact).
#[device_fn]
fn j0_first(x: f64) -> f64 {
    fit::j0_z1_dx(x) * fit::j0_z1(fit::j0_z1_t(x))
}

/// The Bessel function of the first kind of order 0 (SciPy's `j0`): even; NaN at `+-inf`
/// (SciPy's value).
///
/// Example: [the family's page](self).
#[device_fn]
pub fn j0(x: f64) -> f64 {
    let x = x.abs();
    if x.is_nan() {
        x
    } else if x < 3.8317059702075125 {
        j0_first(x)
    } else if x < 7.015586669815619 {
        fit::j0_z2_dx(x) * fit::j0_z2(fit::j0_z2_t(x))
    } else if x < 10.173468135062722 {
        fit::j0_z3_dx(x) * fit::j0_z3(fit::j0_z3_t(x))
    } else if x < 13.323691936314223 {
        fit::j0_z4_dx(x) * fit::j0_z4(fit::j0_z4_t(x))
    } else if x < 16.470630050877634 {
        fit::j0_z5_dx(x) * fit::j0_z5(fit::j0_z5_t(x))
    } else if x < 19.615858510468243 {
        fit::j0_z6_dx(x) * fit::j0_z6(fit::j0_z6_t(x))
    } else {
        hankel_form(0.0, x, false)
    }
}

/// `J1(x)` for `x >= 0` (not NaN).
#[device_fn]
fn j1_pos(x: f64) -> f64 {
    if x < 2.404825557695773 {
        x * fit::j1_z0(fit::j1_z0_t(x * x))
    } else if x < 5.520078110286311 {
        fit::j1_z1_dx(x) * fit::j1_z1(fit::j1_z1_t(x))
    } else if x < 8.653727912911013 {
        fit::j1_z2_dx(x) * fit::j1_z2(fit::j1_z2_t(x))
    } else if x < 11.791534439014281 {
        fit::j1_z3_dx(x) * fit::j1_z3(fit::j1_z3_t(x))
    } else if x < 14.930917708487787 {
        fit::j1_z4_dx(x) * fit::j1_z4(fit::j1_z4_t(x))
    } else if x < 18.071063967910924 {
        fit::j1_z5_dx(x) * fit::j1_z5(fit::j1_z5_t(x))
    } else if x < 21.21163662987926 {
        fit::j1_z6_dx(x) * fit::j1_z6(fit::j1_z6_t(x))
    } else {
        hankel_form(1.0, x, false)
    }
}

/// The Bessel function of the first kind of order 1 (SciPy's `j1`): odd; NaN at `+-inf`
/// (SciPy's value).
///
/// Example: [the family's page](self).
#[device_fn]
pub fn j1(x: f64) -> f64 {
    if x.is_nan() {
        x
    } else if x < 0.0 {
        -j1_pos(-x)
    } else {
        j1_pos(x)
    }
}

/// The Bessel function of the second kind of order 0 (SciPy's `y0`): `-inf` at 0, NaN below
/// and at `inf` (SciPy's value).
///
/// Example: [the family's page](self).
#[device_fn]
pub fn y0(x: f64) -> f64 {
    if x.is_nan() || x < 0.0 {
        f64::NAN
    } else if x == 0.0 {
        f64::NEG_INFINITY
    } else if x < 0.5 {
        fit::y0_log(fit::y0_log_t(x * x)) + std::f64::consts::FRAC_2_PI * ln_half(x) * j0_first(x)
    } else if x < 2.197141326031017 {
        fit::y0_z1_dx(x) * fit::y0_z1(fit::y0_z1_t(x))
    } else if x < 5.429681040794135 {
        fit::y0_z2_dx(x) * fit::y0_z2(fit::y0_z2_t(x))
    } else if x < 8.596005868331169 {
        fit::y0_z3_dx(x) * fit::y0_z3(fit::y0_z3_t(x))
    } else if x < 11.749154830839881 {
        fit::y0_z4_dx(x) * fit::y0_z4(fit::y0_z4_t(x))
    } else if x < 14.897442128336726 {
        fit::y0_z5_dx(x) * fit::y0_z5(fit::y0_z5_t(x))
    } else if x < 18.043402276727857 {
        fit::y0_z6_dx(x) * fit::y0_z6(fit::y0_z6_t(x))
    } else {
        hankel_form(0.0, x, true)
    }
}

/// The Bessel function of the second kind of order 1 (SciPy's `y1`): `-inf` at 0, NaN below
/// and at `inf` (SciPy's value).
///
/// Example: [the family's page](self).
#[device_fn]
pub fn y1(x: f64) -> f64 {
    if x.is_nan() || x < 0.0 {
        f64::NAN
    } else if x == 0.0 {
        f64::NEG_INFINITY
    } else if x < 0.8935769662791675 {
        let v = x * x;
        x * fit::y1_log(fit::y1_log_t(v))
            + std::f64::consts::FRAC_2_PI
                * (ln_half(x) * (x * fit::j1_z0(fit::j1_z0_t(v))) - 1.0 / x)
    } else if x < 3.957678419314858 {
        fit::y1_z1_dx(x) * fit::y1_z1(fit::y1_z1_t(x))
    } else if x < 7.086051060301773 {
        fit::y1_z2_dx(x) * fit::y1_z2(fit::y1_z2_t(x))
    } else if x < 10.222345043496418 {
        fit::y1_z3_dx(x) * fit::y1_z3(fit::y1_z3_t(x))
    } else if x < 13.361097473872764 {
        fit::y1_z4_dx(x) * fit::y1_z4(fit::y1_z4_t(x))
    } else if x < 16.50092244152809 {
        fit::y1_z5_dx(x) * fit::y1_z5(fit::y1_z5_t(x))
    } else if x < 19.64130970088794 {
        fit::y1_z6_dx(x) * fit::y1_z6(fit::y1_z6_t(x))
    } else {
        hankel_form(1.0, x, true)
    }
}

// --- integer orders ---

/// `J_n(x)` for an integer `n >= 2` and `x > 0` (finite).
#[device_fn]
fn jn_pos(n: f64, x: f64) -> f64 {
    if x > n {
        // Forward: J_(k+1) = 2k/x J_k - J_(k-1), stable while k < x.
        let mut a = j0(x);
        let mut b = j1_pos(x);
        let mut k = 1.0f64;
        while k < n {
            let c = 2.0 * k / x * b - a;
            a = b;
            b = c;
            k += 1.0;
        }
        b
    } else {
        // Miller: backward from an even order far above both n and x, normalised by
        // J_0 + 2 (J_2 + J_4 + ...) = 1 (terms of size at most 1: no cancellation).
        let top = n + 20.0 + (40.0 * n).sqrt();
        let mut k = 2.0 * (0.5 * top).floor();
        let mut b = 0.0f64; // J_(k+1)
        let mut a = 1.0e-300f64; // J_k
        let mut sum = 0.0f64;
        let mut want = 0.0f64;
        while k > 0.0 {
            if k == n {
                want = a;
            }
            // k even: its term of the sum.
            if (0.5 * k).floor() * 2.0 == k {
                sum += a;
            }
            let c = 2.0 * k / x * a - b;
            b = a;
            a = c;
            k -= 1.0;
            if a.abs() > 1.0e250 {
                a *= 1.0e-250;
                b *= 1.0e-250;
                sum *= 1.0e-250;
                want *= 1.0e-250;
            }
        }
        // a is J_0 now.
        want / (a + 2.0 * sum)
    }
}

/// `(-1)^n` for an integer `n` (as a float).
#[device_fn]
fn parity(n: f64) -> f64 {
    if (0.5 * n).floor() * 2.0 == n {
        1.0
    } else {
        -1.0
    }
}

/// The Bessel function of the first kind of integer order `n` (SciPy's `jn` at integer
/// orders): `J_-n = (-1)^n J_n`, `J_n(-x) = (-1)^n J_n(x)`; NaN at `+-inf` (SciPy's
/// value) and for a non-integer `n` (see the array function).
///
/// Example: [the family's page](self).
#[device_fn]
pub fn jn(n: f64, x: f64) -> f64 {
    if n.is_nan() || x.is_nan() || n.trunc() != n {
        f64::NAN
    } else {
        let k = n.abs();
        let sign = if n < 0.0 { parity(k) } else { 1.0 } * if x < 0.0 { parity(k) } else { 1.0 };
        let ax = x.abs();
        let j = if k == 0.0 {
            j0(ax)
        } else if k == 1.0 {
            j1_pos(ax)
        } else if ax == 0.0 {
            0.0
        } else if ax == f64::INFINITY {
            f64::NAN // SciPy's value (the limit would be 0)
        } else {
            jn_pos(k, ax)
        };
        sign * j
    }
}

/// The Bessel function of the second kind of integer order (SciPy's `yn`; `n` is truncated
/// to an integer, as SciPy's `float64` loop does): `Y_-n = (-1)^n Y_n`, `-inf` at 0 (`+inf`
/// for negative odd `n`), NaN below.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn yn(n: f64, x: f64) -> f64 {
    if n.is_nan() || x.is_nan() || x < 0.0 {
        f64::NAN
    } else {
        let k = n.trunc().abs();
        let sign = if n < 0.0 { parity(k) } else { 1.0 };
        let y = if k == 0.0 {
            y0(x)
        } else if k == 1.0 {
            y1(x)
        } else if x == 0.0 {
            f64::NEG_INFINITY
        } else {
            // Forward: Y_(k+1) = 2k/x Y_k - Y_(k-1), stable (Y grows with the order).
            let mut a = y0(x);
            let mut b = y1(x);
            let mut i = 1.0f64;
            while i < k && b > f64::NEG_INFINITY {
                let c = 2.0 * i / x * b - a;
                a = b;
                b = c;
                i += 1.0;
            }
            b
        };
        sign * y
    }
}

/// The modified Bessel function of the second kind of integer order (SciPy's `kn`; `n` is
/// truncated to an integer): `K_-n = K_n`, `inf` at 0, NaN below.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn kn(n: f64, x: f64) -> f64 {
    let k = n.trunc().abs();
    if n.is_nan() || x.is_nan() || x < 0.0 {
        f64::NAN
    } else if x == 0.0 {
        f64::INFINITY
    } else if k == 0.0 {
        k0(x)
    } else if k == 1.0 {
        k1(x)
    } else if x == f64::INFINITY {
        0.0
    } else {
        // Forward on e^x K: K_(k+1) = 2k/x K_k + K_(k-1), stable (K grows with the order).
        let mut a = k0e(x);
        let mut b = k1e(x);
        let mut i = 1.0f64;
        while i < k && b < f64::INFINITY {
            let c = 2.0 * i / x * b + a;
            a = b;
            b = c;
            i += 1.0;
        }
        times_exp(b, -x)
    }
}
