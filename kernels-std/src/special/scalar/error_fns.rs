//! The error function and its relatives: `erf`, `erfc`, `erfcx`, `erfi`, `erfinv`,
//! `erfcinv`, `dawsn`, the normal distribution's `ndtr`, `ndtri`, `log_ndtr`,
//! `ndtri_exp`, Owen's T function `owens_t` and the Fresnel integrals `fresnel` (their
//! methods at each).
//!
//! Method: `erf(x) = x g(x^2)` below 0.5; above, the scaled complement `erfcx` from
//! polynomials on [0.5, 1.5], [1.5, 3], [3, 5] and in `1/x^2` beyond 5, and `erfc(x) =
//! erfcx(x) e^(-x^2)` with `x^2` split into an exact head and a tail so that the exponential
//! keeps its digits; `erf` itself takes `erfcx` from polynomials on [0.5, 2] and [2, 6]
//! chosen without a branch, and selects between its two forms without one either (its CPU
//! loop vectorizes). The polynomials are Chebyshev fits converted to monomials, evaluated by
//! Estrin's scheme (`fits/`). The inverses: `erfinv(y) = y h(y^2)` for `|y| <= 0.85`, beyond it (and
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
//! assert!((sp::owens_t(1.0, 0.5) / 0.043064691120785366 - 1.0).abs() < 1e-14);
//! let (s, c) = sp::fresnel(1.0);
//! assert!((s - 0.4382591473903548).abs() < 3e-16 && (c - 0.7798934003768228).abs() < 3e-16);
//! # Ok::<(), kernels_std::Error>(())
//! ```

use super::dd;
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
    // Both forms computed and one selected, with no branch: the CPU loop then vectorizes
    // (random arguments would mispredict a branch per element). NaN reaches the last arm.
    let ax = x.abs();
    let small = erf_below_half(x);
    // One exponential: its relative error (about ax^2 ulp) scales erfc(ax) < 0.48, so it
    // stays below an ulp of the result (`erfc` needs the split of `exp_neg_sq`).
    let large = 1.0 - fit::erfcx_erf(ax) * (-(ax * ax)).exp();
    if ax < 0.5 {
        small
    } else if ax < 6.0 {
        large.copysign(x)
    } else if ax >= 6.0 {
        1.0f64.copysign(x)
    } else {
        x
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

/// The normal survival function `Q(x) = erfc(x / sqrt(2)) / 2` of a double-double
/// `x = xh + xl >= 0`: `x / sqrt(2)` kept to double-double (its rounding alone would cost
/// `x^2` ULPs in the tail), the tail's first-order correction added.
#[device_fn]
fn normal_sf_dd(xh: f64, xl: f64) -> f64 {
    if xh == f64::INFINITY {
        return 0.0;
    }
    // 1/sqrt(2) = FRAC_1_SQRT_2 + c_lo
    let c_lo = -4.833646656726457e-17;
    let (zh, zl): (f64, f64) = dd::dd_mul(xh, xl, std::f64::consts::FRAC_1_SQRT_2, c_lo);
    0.5 * erfc(zh) - 0.5 * zl * two_over_sqrt_pi() * exp_neg_sq(zh)
}

/// `T(h, a)` for `0 < a <= 1` and a finite double-double `h = hh + hl >= 0`:
/// `e^(-h^2/2) / (2 pi) int_0^a e^(-h^2 x^2/2) / (1 + x^2) dx` by two 20-point
/// Gauss-Legendre panels over `[0, min(a, 13.6/h)]` (beyond, the integrand is below
/// `1e-40` of its value at 0).
#[device_fn]
fn owens_t_small_a(hh: f64, hl: f64, a: f64) -> f64 {
    let inv_two_pi = 0.15915494309189535;
    if hh == 0.0 {
        return a.atan() * inv_two_pi;
    }
    if hh > 40.0 {
        // (below e^-800)
        return 0.0;
    }
    let (sh, sl0): (f64, f64) = dd::two_prod(hh, hh);
    let sl = sl0 + 2.0 * hh * hl;
    let cut = 13.6;
    let end = if hh * a > cut { cut / hh } else { a };
    let nodes = [
        0.07652652113349734,
        0.22778585114164507,
        0.37370608871541955,
        0.5108670019508271,
        0.636053680726515,
        0.7463319064601508,
        0.8391169718222188,
        0.912234428251326,
        0.9639719272779138,
        0.9931285991850949,
    ];
    let weights = [
        0.15275338713072584,
        0.14917298647260374,
        0.14209610931838204,
        0.13168863844917664,
        0.11819453196151841,
        0.10193011981724044,
        0.08327674157670475,
        0.06267204833410907,
        0.04060142980038694,
        0.017614007139152118,
    ];
    let half = 0.25 * end;
    let mut total = 0.0;
    let mut p = 0;
    while p < 2 {
        let mid = half * (2.0 * (p as f64) + 1.0);
        let mut i = 0;
        while i < 10 {
            let x1 = mid - half * nodes[i];
            let x2 = mid + half * nodes[i];
            let g1 = (-0.5 * sh * x1 * x1).exp() / (1.0 + x1 * x1);
            let g2 = (-0.5 * sh * x2 * x2).exp() / (1.0 + x2 * x2);
            total += weights[i] * (g1 + g2);
            i += 1;
        }
        p += 1;
    }
    let integral = total * half * inv_two_pi * (1.0 - 0.5 * sl);
    if sh < 1400.0 {
        (-0.5 * sh).exp() * integral
    } else {
        // (e^(-h^2/2) is subnormal: two factors, so that the product rounds once)
        let e = (-0.25 * sh).exp();
        e * integral * e
    }
}

/// Owen's T function `T(h, a) = 1/(2 pi) int_0^a e^(-h^2 (1 + x^2)/2) / (1 + x^2) dx`
/// (SciPy's `owens_t`): even in `h`, odd in `a`; `T(h, inf) = Q(|h|)/2` (`1/4` at `h = 0`),
/// 0 at `h = +-inf`.
///
/// Method: for `|a| <= 1` the integral by Gauss-Legendre quadrature (two 20-point panels
/// over `[0, min(a, 13.6/h)]`: the integrand `e^(-h^2 x^2/2)/(1 + x^2)` is analytic with its
/// poles at `+-i`, and beyond `13.6/h` below `1e-40` of its value at 0; the factor
/// `e^(-h^2/2)` with `h^2` to double-double, so the result is relative-accurate into the
/// tail); for `|a| > 1` the identity
/// `T(h, a) = Q(h)/2 + Q(a h)/2 - Q(h) Q(a h) - T(a h, 1/a)` (`h >= 0`, `Q` the normal
/// survival function, `a h` kept to double-double), whose terms do not cancel beyond a few
/// bits (the result is at least `Q(h) Q(a h)`).
///
/// Example: [the family's page](self).
#[device_fn]
pub fn owens_t(h: f64, a: f64) -> f64 {
    if h.is_nan() || a.is_nan() {
        return f64::NAN;
    }
    let hh = h.abs();
    let aa = a.abs();
    let sign = if a < 0.0 { -1.0 } else { 1.0 };
    if aa == 0.0 || hh == f64::INFINITY {
        return 0.0;
    }
    if aa == f64::INFINITY {
        if hh == 0.0 {
            return 0.25 * sign;
        }
        return 0.5 * normal_sf_dd(hh, 0.0) * sign;
    }
    if aa <= 1.0 {
        return sign * owens_t_small_a(hh, 0.0, aa);
    }
    let (p, pe0): (f64, f64) = dd::two_prod(aa, hh);
    let qh = normal_sf_dd(hh, 0.0);
    // (beyond a h = 40, Q(a h) and T(a h, .) are below 1e-349)
    let (qa, rest): (f64, f64) = if p < 40.0 {
        (normal_sf_dd(p, pe0), owens_t_small_a(p, pe0, 1.0 / aa))
    } else {
        (0.0, 0.0)
    };
    sign * ((0.5 * qh + 0.5 * qa - qh * qa) - rest)
}

/// `(S(x), C(x))` for `0 <= x < 1.3`: the power series
/// `C = sum (-1)^k u^(2k) / (2k)! x / (4k + 1)`, `S = sum (-1)^k u^(2k+1) / (2k+1)! x / (4k + 3)`,
/// `u = pi x^2 / 2` (terms below `e^u < 14` times the result).
#[device_fn]
fn fresnel_series(x: f64) -> (f64, f64) {
    let u = std::f64::consts::FRAC_PI_2 * x * x;
    let mut a = 1.0;
    let mut c = 0.0;
    let mut s = 0.0;
    let mut k = 0.0;
    while k < 60.0 {
        c += a / (4.0 * k + 1.0);
        let b = a * u / (2.0 * k + 1.0);
        s += b / (4.0 * k + 3.0);
        a = -b * u / (2.0 * k + 2.0);
        if a.abs() < 1e-18 * c {
            break;
        }
        k += 1.0;
    }
    (s * x, c * x)
}

/// `(S(x), C(x))` for `1.3 <= x <= 1e20`: `C + i S = (1 + i)/2 - (1 + i)/(2 sqrt(pi))
/// e^(i pi x^2/2) K(z)`, `z = sqrt(pi)/2 (1 - i) x`, with `K(z) = sqrt(pi) e^(z^2) erfc(z)`
/// from its continued fraction `1/(z + (1/2)/(z + 1/(z + (3/2)/(z + ...))))` (complex
/// Lentz; 150 steps at 1.3, a few for large `x`), and `pi x^2/2` reduced exactly: `x^2` to
/// double-double, each part modulo 4.
#[device_fn]
fn fresnel_fraction(x: f64) -> (f64, f64) {
    let w = 0.5 * std::f64::consts::PI.sqrt() * x;
    // z = w - i w
    let zr = w;
    let zi = -w;
    let mut fr = zr;
    let mut fi = zi;
    let mut cr = zr;
    let mut ci = zi;
    let mut dr = 0.0;
    let mut di = 0.0;
    let mut k = 1.0;
    while k < 1000.0 {
        let a = 0.5 * k;
        // D = 1 / (z + a D)
        let er = zr + a * dr;
        let ei = zi + a * di;
        let m = er * er + ei * ei;
        dr = er / m;
        di = -ei / m;
        // C = z + a / C
        let m = cr * cr + ci * ci;
        cr = zr + a * cr / m;
        ci = zi - a * ci / m;
        let tr = cr * dr - ci * di;
        let ti = cr * di + ci * dr;
        let nr = fr * tr - fi * ti;
        fi = fr * ti + fi * tr;
        fr = nr;
        if (tr - 1.0).abs() + ti.abs() < 1e-16 {
            break;
        }
        k += 1.0;
    }
    // K = 1 / f; F = (1 + i) / (2 sqrt(pi)) K
    let m = fr * fr + fi * fi;
    let kr = fr / m;
    let ki = -fi / m;
    let q = 0.5 / std::f64::consts::PI.sqrt();
    let gr = q * (kr - ki);
    let gi = q * (kr + ki);
    // theta = pi/2 x^2 with x^2 = th + tl reduced modulo 4
    let (th, tl): (f64, f64) = dd::two_prod(x, x);
    let (s, e): (f64, f64) = dd::two_sum(th % 4.0, tl % 4.0);
    let s = s - 4.0 * (s / 4.0).round();
    let theta = std::f64::consts::FRAC_PI_2 * s + std::f64::consts::FRAC_PI_2 * e;
    let co = theta.cos();
    let si = theta.sin();
    // F e^(i theta)
    let vr = gr * co - gi * si;
    let vi = gr * si + gi * co;
    (0.5 - vi, 0.5 - vr)
}

/// The Fresnel integrals `(S(x), C(x)) = (int_0^x sin(pi t^2/2) dt, int_0^x cos(pi t^2/2) dt)`
/// (SciPy's `fresnel` for real `x`; SciPy's order, `S` first): odd, `+-1/2` at `+-inf`.
///
/// Method: below 1.3 the power series (its terms reach at most 14 times the result), above
/// it the continued fraction of `erfc` at `sqrt(pi)/2 (1 - i) x` (`C + i S = (1 + i)/2 (1 -
/// erfc)`), with the phase `pi x^2/2` reduced exactly (`x^2` to double-double, each part
/// modulo 4); beyond `1e20` both are `1/2` (the next term is `1/(pi x)`).
///
/// Example: [the family's page](self).
#[device_fn]
pub fn fresnel(x: f64) -> (f64, f64) {
    if x.is_nan() {
        return (x, x);
    }
    let ax = x.abs();
    let (s, c): (f64, f64) = if ax < 1.3 {
        fresnel_series(ax)
    } else if ax <= 1e20 {
        fresnel_fraction(ax)
    } else {
        (0.5, 0.5)
    };
    if x < 0.0 {
        (-s, -c)
    } else {
        (s, c)
    }
}
