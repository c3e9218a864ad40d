//! The Faddeeva function `w(z) = e^(-z^2) erfc(-iz)` (SciPy's `wofz`) and the error functions
//! of a complex argument built on it: `erf`, `erfc`, `erfcx`, `erfi`, `dawsn` (SciPy's
//! complex loops). Each takes and returns a `c128`.
//!
//! Method. In the upper half plane `w(z) = (i/pi) int e^(-t^2) / (z - t) dt`; the trapezoidal
//! rule with step `h = 1/2` on that integral, corrected by the residue of the pole at `t = z`
//! (the rule's error for a meromorphic integrand, as in Matta and Reichel's and Hunter and
//! Regan's analyses, which Zaghloul and Ali's Algorithm 916 also builds on), leaves an error
//! of order `e^(-pi^2/h^2) = 7e-18`. The nodes are `n h` or `(n + 1/2) h`, whichever grid keeps
//! `x` at least `h/4` from every node: then no term of the sum, and no denominator of the
//! correction `2 e^(-z^2) / (1 -+ e^(-2 pi i z / h))`, comes near a pole, and on the real axis
//! the sum is purely imaginary, so the real part `e^(-x^2)` comes from the correction alone,
//! to full relative precision. Thirty terms (`e^(-c^2)` below `1e-22` beyond them) and the
//! correction (dropped for `y > pi/h`, where the pole is outside the strip the rule's error
//! is bounded on) give about 1e-15 relative over the half plane (checked against mpmath:
//! `tests/special_complex.rs`). Beyond `|x|, |y| = 1e4`, the asymptotic series
//! `i/(sqrt(pi) z) (1 + 1/(2 z^2))`. On the axes the real functions: `w(x) = e^(-x^2) + 2i/sqrt(pi)
//! dawsn(x)`, `w(iy) = erfcx(y)`. Below the real axis `w(z) = 2 e^(-z^2) - w(-z)` (overflowing to
//! SciPy's infinities; `-w(-z)` alone once `e^(-z^2)` underflows).
//!
//! The error functions: `erfcx(z) = w(iz)`, `erfc(z) = e^(-z^2) w(iz)` (`2 - erfc(-z)` for
//! `x < 0`), `erf(z) = 1 - erfc(z)` (odd; its Taylor series for `|z| < 1/2`, where the
//! difference cancels), `erfi(z) = -i erf(iz)`, `dawsn(z) = i sqrt(pi)/2 (e^(-z^2) - w(z))`
//! (odd; its Taylor series for `|z| < 1/2`).
//!
//! ```
//! use kernels_std::c128;
//! use kernels_std::special::scalar as sp;
//! let w = sp::wofz(c128::new(1.0, 1.0));
//! assert!((w - c128::new(0.30474420525691259, 0.20821893820283162)).norm() < 1e-16);
//! let e = sp::erf_complex(c128::new(1.0, 1.0));
//! assert!((e - c128::new(1.3161512816979477, 0.19045346923783471)).norm() < 1e-15);
//! ```

use super::error_fns::{dawsn, erf, erfc, erfcx, erfi, exp_neg_sq, exp_sq};
use crate::prelude::*;

/// `(re, im)` of `w(z)` for `y > 0`, `x` not 0 and `|x|, |y| < 1e4`: the corrected
/// trapezoidal rule (see the module).
#[device_fn]
fn wofz_rule(x: f64, y: f64) -> (f64, f64) {
    // e^(-(n h)^2), n = 1..15, and e^(-((n + 1/2) h)^2), n = 0..14, for h = 1/2.
    let whole = [
        0.7788007830714049,
        0.36787944117144233,
        0.10539922456186433,
        0.01831563888873418,
        0.0019304541362277093,
        0.00012340980408667956,
        4.785117392129009e-06,
        1.1253517471925912e-07,
        1.6052280551856116e-09,
        1.3887943864964021e-11,
        7.287724095819692e-14,
        2.3195228302435696e-16,
        4.4777324417183015e-19,
        5.242885663363464e-22,
        3.7233631217505106e-25,
    ];
    let half = [
        0.9394130628134758,
        0.569782824730923,
        0.2096113871510978,
        0.04677062238395898,
        0.006329715427485747,
        0.0005195746821548384,
        2.586810022265412e-05,
        7.811489408304491e-07,
        1.4307241918567688e-08,
        1.5893910094516368e-10,
        1.0709232382508077e-12,
        4.37661850287085e-15,
        1.0848552640429378e-17,
        1.6310139226701858e-20,
        1.4872921816512705e-23,
    ];
    // x / h = 2x = k + t with |t| <= 1/2 (exact): the grid of half steps when x is within h/4
    // of a whole node.
    let two_x = 2.0 * x;
    let t = two_x - two_x.round();
    let shifted = t.abs() < 0.25;
    // z^2 = a + ib.
    let a = (x - y) * (x + y);
    let b = 2.0 * x * y;
    let mut sr = 0.0;
    let mut si = 0.0;
    if !shifted {
        // the node at 0: 1/z
        let d = x * x + y * y;
        sr = x / d;
        si = -y / d;
    }
    for n in 0..15 {
        let k = n as f64;
        let c = if shifted {
            (k + 0.5) * 0.5
        } else {
            (k + 1.0) * 0.5
        };
        let wt = if shifted { half[n] } else { whole[n] };
        // wt 2z / (z^2 - c^2)
        let dr = a - c * c;
        let di = b;
        let q = 2.0 * wt / (dr * dr + di * di);
        sr += q * (x * dr + y * di);
        si += q * (y * dr - x * di);
    }
    // i h / pi times the sum
    let h_pi = 0.15915494309189535;
    let mut wr = -si * h_pi;
    let mut wi = sr * h_pi;
    if y < 6.283185307179586 {
        // 2 e^(-z^2) / (1 -+ e^(-2 pi i z / h)), e^(-2 pi i z / h) = e^(4 pi y) e^(-2 pi i t)
        let e = ((y - x) * (y + x)).exp();
        let er = e * (2.0 * x * y).cos();
        let ei = -e * (2.0 * x * y).sin();
        let g = (4.0 * std::f64::consts::PI * y).exp();
        let qr = g * (2.0 * std::f64::consts::PI * t).cos();
        let qi = -g * (2.0 * std::f64::consts::PI * t).sin();
        let (dr, di) = if shifted {
            (1.0 + qr, qi)
        } else {
            (1.0 - qr, -qi)
        };
        let m = 2.0 / (dr * dr + di * di);
        wr += m * (er * dr + ei * di);
        wi += m * (ei * dr - er * di);
    }
    (wr, wi)
}

/// `(re, im)` of `w(z)` for `y > 0` (`x` not 0, not NaN).
#[device_fn]
fn wofz_upper(x: f64, y: f64) -> (f64, f64) {
    if x.abs() < 1.0e4 && y < 1.0e4 {
        wofz_rule(x, y)
    } else if x.is_infinite() || y.is_infinite() {
        (0.0, 0.0)
    } else {
        // i / (sqrt(pi) z) (1 + 1/(2 z^2)), 1/z by Smith's division
        let (rr, ri) = if x.abs() >= y {
            let r = y / x;
            let d = x + y * r;
            (1.0 / d, -r / d)
        } else {
            let r = x / y;
            let d = x * r + y;
            (r / d, -1.0 / d)
        };
        // 1 + (1/z)^2 / 2
        let fr = 1.0 + 0.5 * (rr - ri) * (rr + ri);
        let fi = rr * ri;
        let pr = rr * fr - ri * fi;
        let pi_ = rr * fi + ri * fr;
        let s = 0.5641895835477563;
        (-pi_ * s, pr * s)
    }
}

/// The Faddeeva function `w(z) = e^(-z^2) erfc(-iz)` (SciPy's `wofz`): accurate to about
/// 1e-15 relative to `|w|` in the upper half plane; below it, `2 e^(-z^2) - w(-z)`, which
/// overflows to infinities signed by the phase of `e^(-z^2)` (SciPy's), and loses the
/// digits that phase's argument `2xy` holds beyond the last bit.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn wofz(z: c128) -> c128 {
    let x = z.re;
    let y = z.im;
    if x == 0.0 {
        // w(iy) = erfcx(y), real (NaN y too)
        Complex::new(erfcx(y), x)
    } else if y == 0.0 {
        // e^(-x^2) is 0 beyond 27.3 (and exp_neg_sq's split is NaN at infinity)
        let e = if x.abs() > 30.0 { 0.0 } else { exp_neg_sq(x) };
        Complex::new(e, 1.1283791670955126 * dawsn(x))
    } else if x.is_nan() || y.is_nan() || y == f64::NEG_INFINITY {
        // (SciPy's NaN at -i inf off the imaginary axis)
        Complex::new(f64::NAN, f64::NAN)
    } else if y > 0.0 {
        let (wr, wi): (f64, f64) = wofz_upper(x, y);
        Complex::new(wr, wi)
    } else {
        let (vr, vi): (f64, f64) = wofz_upper(-x, -y);
        let e: c128 = exp_neg_z2(x, y);
        Complex::new(2.0 * e.re - vr, 2.0 * e.im - vi)
    }
}

/// `e^m (cos p + i sin p) w` without spurious overflow (C99's `cexp` times `w`, glibc's way):
/// the phase applied to `w` first, `e^m` in two halves beyond 700; 0 once `e^m` underflows
/// (whatever the phase), C99's `inf + nan i` where `e^m` is infinite and the phase is not
/// finite.
#[device_fn]
fn exp_phase_mul(m: f64, p: f64, w: c128) -> c128 {
    if m < -750.0 {
        Complex::new(0.0, 0.0)
    } else if m == f64::INFINITY && !p.is_finite() {
        Complex::new(f64::INFINITY, f64::NAN)
    } else {
        let v = if p == 0.0 {
            w
        } else {
            let c = p.cos();
            let s = p.sin();
            Complex::new(c * w.re - s * w.im, c * w.im + s * w.re)
        };
        if m > 700.0 {
            let h = (0.5 * m).exp();
            Complex::new(v.re * h * h, v.im * h * h)
        } else {
            let e = m.exp();
            Complex::new(v.re * e, v.im * e)
        }
    }
}

/// `e^(-z^2)`, with `-z^2`'s real part `(y - x)(y + x)` (no cancellation of `x^2 - y^2`).
#[device_fn]
fn exp_neg_z2(x: f64, y: f64) -> c128 {
    exp_phase_mul((y - x) * (y + x), -2.0 * x * y, Complex::new(1.0, 0.0))
}

/// `e^(-z^2) w`, see [`exp_phase_mul()`].
#[device_fn]
fn exp_neg_z2_mul(x: f64, y: f64, w: c128) -> c128 {
    exp_phase_mul((y - x) * (y + x), -2.0 * x * y, w)
}

/// `erf(z)` by its Taylor series, `|z| < 1/2`: `2/sqrt(pi) sum (-1)^n z^(2n+1) / (n! (2n+1))`.
#[device_fn]
fn erf_taylor(z: c128) -> c128 {
    let z2 = z * z;
    // Horner from n = 13 down: c_n = (-1)^n / (n! (2n+1)), as t_n = 1 - z^2 (2n-1)/(n(2n+1)) t_(n+1)
    let mut s = Complex::new(1.0, 0.0);
    let mut n = 13;
    while n > 0 {
        let k = n as f64;
        s = 1.0 - z2 * s * ((2.0 * k - 1.0) / (k * (2.0 * k + 1.0)));
        n -= 1;
    }
    z * s * 1.1283791670955126
}

/// Dawson's integral by its Taylor series, `|z| < 1/2`: `sum (-2)^n z^(2n+1) / (2n+1)!!`.
#[device_fn]
fn dawsn_taylor(z: c128) -> c128 {
    let z2 = z * z;
    let mut s = Complex::new(1.0, 0.0);
    let mut n = 14;
    while n > 0 {
        let k = n as f64;
        s = 1.0 - z2 * s * (2.0 / (2.0 * k + 1.0));
        n -= 1;
    }
    z * s
}

/// The scaled complementary error function `e^(z^2) erfc(z) = w(iz)` of a complex argument
/// (SciPy's `erfcx` of `complex128`).
///
/// Example: [the family's page](self).
#[device_fn]
pub fn erfcx_complex(z: c128) -> c128 {
    if z.im == 0.0 {
        Complex::new(erfcx(z.re), z.im)
    } else {
        wofz(Complex::new(-z.im, z.re))
    }
}

/// The complementary error function `1 - erf(z)` of a complex argument (SciPy's `erfc` of
/// `complex128`).
///
/// Example: [the family's page](self).
#[device_fn]
pub fn erfc_complex(z: c128) -> c128 {
    let x = z.re;
    let y = z.im;
    if y == 0.0 {
        Complex::new(erfc(x), -y)
    } else if x == 0.0 {
        Complex::new(1.0, -erfi(y))
    } else if y.is_infinite() {
        Complex::new(f64::NAN, f64::NAN)
    } else if x >= 0.0 {
        let w: c128 = wofz(Complex::new(-y, x));
        exp_neg_z2_mul(x, y, w)
    } else {
        let w: c128 = wofz(Complex::new(y, -x));
        let e: c128 = exp_neg_z2_mul(x, y, w);
        2.0 - e
    }
}

/// The error function of a complex argument (SciPy's `erf` of `complex128`).
///
/// Example: [the family's page](self).
#[device_fn]
pub fn erf_complex(z: c128) -> c128 {
    let x = z.re;
    let y = z.im;
    if y == 0.0 {
        Complex::new(erf(x), y)
    } else if x == 0.0 {
        Complex::new(x, erfi(y))
    } else if y.is_infinite() {
        // (SciPy's NaN off the imaginary axis)
        Complex::new(f64::NAN, f64::NAN)
    } else if x * x + y * y < 0.25 {
        let t: c128 = erf_taylor(z);
        t
    } else if x > 0.0 {
        let w: c128 = wofz(Complex::new(-y, x));
        let e: c128 = exp_neg_z2_mul(x, y, w);
        1.0 - e
    } else {
        let w: c128 = wofz(Complex::new(y, -x));
        let e: c128 = exp_neg_z2_mul(x, y, w);
        e - 1.0
    }
}

/// The imaginary error function `-i erf(iz)` of a complex argument (SciPy's `erfi` of
/// `complex128`).
///
/// Example: [the family's page](self).
#[device_fn]
pub fn erfi_complex(z: c128) -> c128 {
    let e: c128 = erf_complex(Complex::new(-z.im, z.re));
    Complex::new(e.im, -e.re)
}

/// Dawson's integral `sqrt(pi)/2 e^(-z^2) erfi(z)` of a complex argument (SciPy's `dawsn` of
/// `complex128`).
///
/// Example: [the family's page](self).
#[device_fn]
pub fn dawsn_complex(z: c128) -> c128 {
    let x = z.re;
    let y = z.im;
    if y == 0.0 {
        Complex::new(dawsn(x), y)
    } else if x == 0.0 {
        // dawsn(iy) = i sqrt(pi)/2 e^(y^2) erf(y)
        let e = if y.abs() > 27.0 {
            f64::INFINITY
        } else {
            exp_sq(y)
        };
        Complex::new(x, 0.886226925452758 * e * erf(y))
    } else if x * x + y * y < 0.25 {
        let t: c128 = dawsn_taylor(z);
        t
    } else if y > 0.0 {
        // i sqrt(pi)/2 (e^(-z^2) - w(z))
        let e: c128 = exp_neg_z2(x, y);
        let w: c128 = wofz(z);
        let d = e - w;
        Complex::new(-d.im, d.re) * 0.886226925452758
    } else {
        // odd: -dawsn(-z)
        let e: c128 = exp_neg_z2(x, y);
        let w: c128 = wofz(Complex::new(-x, -y));
        let d = e - w;
        Complex::new(d.im, -d.re) * 0.886226925452758
    }
}
