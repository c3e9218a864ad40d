//! The gamma function family of a complex argument (SciPy's complex loops of `loggamma`,
//! `gamma`, `rgamma`, `psi`/`digamma`), each taking and returning a `c128`.
//!
//! `loggamma` is the principal branch of `ln Gamma`: the analytic continuation from the
//! positive real axis, cut along the negative real axis (its imaginary part is continuous
//! elsewhere, and on the cut the value of the side the sign of `Im z`'s zero names: `-pi`
//! times the number of poles to the right of `x` above the cut). It differs from
//! `ln(Gamma(z))` by multiples of `2 pi i`.
//!
//! Method (for `y = Im z > 0`; `conj(f(conj z))` below the axis, the real functions on it):
//! - `x >= 10` or `y >= 10`: Stirling's series `(z - 1/2) ln z - z + ln(2 pi)/2 + sum B_2k /
//!   (2k (2k - 1) z^(2k - 1))` (eight terms; the terms left out are below `1e-18`, the
//!   exponentially small ones of the left half plane below `e^(-2 pi y) < 1e-27`); `psi`'s
//!   `ln z - 1/(2z) - sum B_2k / (2k z^2k)` likewise.
//! - near 1 and 2 (`|z - 1|`, `|z - 2| < 0.2`): Taylor series of `ln Gamma` (coefficients
//!   `(-1)^k zeta(k)/k`, and `(-1)^k (zeta(k) - 1)/k` around 2), so that the zeros keep
//!   their relative accuracy; `psi` around its roots `x0 = 1.4616...` (`|z - x0| < 0.3`) and
//!   `-0.5040...` (`|z + 0.504| < 0.1`), coefficients `(-1)^(k+1) zeta(k + 1, x0)` (mpmath).
//! - `0 <= x < 10`: the recurrence up to `Re >= 10`: `ln Gamma(z) = ln Gamma(z + n) -
//!   ln(z (z + 1) ... (z + n - 1))`, the product formed once and its argument continued by
//!   counting its crossings of the negative real axis (each factor turns it by less than
//!   `pi/2`); `psi(z) = psi(z + n) - sum 1/(z + k)`.
//! - `x < 0`: the reflection formulas `ln Gamma(z) = ln pi - ln sin(pi z) -
//!   ln Gamma(1 - z) + 2 pi i floor(x/2 + 1/4)` (the last term makes the imaginary part
//!   continuous: the principal `ln sin(pi z)` jumps where `x = 2m - 1/2`) and `psi(z) =
//!   psi(1 - z) - pi cot(pi z)`, `sin(pi z)` and `cos(pi z)` from `sinpi`, `cospi` (exact
//!   reduction), `sinh`, `cosh`, the quotient by Smith's division (no overflow or underflow
//!   of `|sin(pi z)|^2`).
//!
//! `Gamma(z) = exp(ln Gamma(z))` and `1/Gamma(z) = exp(-ln Gamma(z))` (the real exponential
//! split in two halves beyond 709, so that a result just below the overflow threshold stays
//! finite); on the real axis the real functions (exactly real results; SciPy's
//! `exp(loggamma)` leaves an imaginary part of `1e-16 |Gamma|` there). The relative error of
//! `Gamma` is that of the exponent's absolute error, about `eps |ln Gamma(z)|`.
//!
//! SciPy's special values are kept: NaN where an argument is NaN, at the poles `nan + nan i`
//! (`loggamma`, `gamma`, `psi`; `rgamma` gives 0, at `-inf` too); infinite arguments give
//! `nan + nan i`, except `x <= 0` finite with `y = +-inf` (`loggamma` `-inf + nan i`, `gamma`
//! 0, `rgamma` `inf + nan i`), and `psi`'s `inf + i arg(z)` (NaN at `-inf + iy`, `|y| < 16`;
//! `inf + nan i` where one part is NaN and the other infinite).
//!
//! ```
//! use kernels_std::c128;
//! use kernels_std::special::scalar as sp;
//! let l = sp::loggamma_complex(c128::new(-0.5, 0.0));
//! assert!((l.re - 1.2655121234846454).abs() < 1e-15 && l.im == -std::f64::consts::PI);
//! let g = sp::gamma_complex(c128::new(1.0, 1.0));
//! assert!((g - c128::new(0.49801566811835604, -0.15494982830181069)).norm() < 1e-15);
//! let p = sp::digamma_complex(c128::new(0.0, 1.0));
//! assert!((p - c128::new(0.09465032062247697, 2.0766740474685811)).norm() < 1e-15);
//! assert!(sp::gamma_complex(c128::new(-2.0, 0.0)).re.is_nan());
//! assert_eq!(sp::rgamma_complex(c128::new(-2.0, 0.0)), c128::new(0.0, 0.0));
//! ```

use super::gamma_fns::{cospi, digamma, gamma, gammaln, rgamma, sinpi};
use crate::prelude::*;

/// `1 / (a + ib)` by Smith's algorithm (no overflow or underflow of `a^2 + b^2`).
#[device_fn]
fn recip(a: f64, b: f64) -> (f64, f64) {
    if a.abs() >= b.abs() {
        let r = b / a;
        let d = a + b * r;
        (1.0 / d, -r / d)
    } else {
        let r = a / b;
        let d = a * r + b;
        (r / d, -1.0 / d)
    }
}

/// `(a + ib) / (c + id)` by Smith's algorithm.
#[device_fn]
fn div(a: f64, b: f64, c: f64, d: f64) -> (f64, f64) {
    if c.abs() >= d.abs() {
        let r = d / c;
        let t = c + d * r;
        ((a + b * r) / t, (b - a * r) / t)
    } else {
        let r = c / d;
        let t = c * r + d;
        ((a * r + b) / t, (b * r - a) / t)
    }
}

/// `ln |a + ib|` without overflow of `|a + ib|` near `f64::MAX`.
#[device_fn]
fn ln_abs(a: f64, b: f64) -> f64 {
    if a.abs().max(b.abs()) > 1e300 {
        (0.25 * a).hypot(0.25 * b).ln() + 1.3862943611198906
    } else {
        a.hypot(b).ln()
    }
}

/// `floor(x/2 + 1/4)`, exact for every `x` (the sum itself may round for `|x| >= 2^52`).
#[device_fn]
fn floor_half_quarter(x: f64) -> f64 {
    let h = 0.5 * x;
    let f = h.floor();
    if h - f >= 0.75 {
        f + 1.0
    } else {
        f
    }
}

/// `e^(a + ib)`: `e^a` as two halves beyond 709 (no early overflow), `(e^a, b)` when `b` is
/// 0 (no `inf * 0`).
#[device_fn]
fn exp_c(a: f64, b: f64) -> c128 {
    if b == 0.0 {
        Complex::new(a.exp(), b)
    } else if a > 709.0 {
        let e = (0.5 * a).exp();
        Complex::new(e * b.cos() * e, e * b.sin() * e)
    } else {
        let e = a.exp();
        Complex::new(e * b.cos(), e * b.sin())
    }
}

/// Whether `z` is a pole of `Gamma`: real, not positive, an integer (`-inf` included).
#[device_fn]
fn is_pole(x: f64, y: f64) -> bool {
    y == 0.0 && x <= 0.0 && x.floor() == x
}

/// `(re, im)` of Stirling's series for `ln Gamma(x + iy)`, `|x + iy| >= 10`.
#[device_fn]
fn lgamma_stirling(x: f64, y: f64) -> (f64, f64) {
    let lr = ln_abs(x, y);
    let th = y.atan2(x);
    // (z - 1/2) ln z - z + ln(2 pi)/2
    let xm = x - 0.5;
    let re = xm * lr - y * th - x + 0.9189385332046728;
    let im = xm * th + y * lr - y;
    // the Bernoulli terms: r p(r^2), r = 1/z
    let (rr, ri): (f64, f64) = recip(x, y);
    let sr = rr * rr - ri * ri;
    let si = 2.0 * rr * ri;
    let c = [
        -3617.0 / 122400.0,
        1.0 / 156.0,
        -691.0 / 360360.0,
        1.0 / 1188.0,
        -1.0 / 1680.0,
        1.0 / 1260.0,
        -1.0 / 360.0,
        1.0 / 12.0,
    ];
    let mut pr = c[0];
    let mut pi = 0.0;
    for k in 1..8 {
        let t = pr * sr - pi * si + c[k];
        pi = pr * si + pi * sr;
        pr = t;
    }
    (re + (pr * rr - pi * ri), im + (pr * ri + pi * rr))
}

/// One step of Horner's scheme in complex arithmetic: `(p w + c)` as `(re, im)`.
#[device_fn]
fn horner_step(pr: f64, pi: f64, wr: f64, wi: f64, c: f64) -> (f64, f64) {
    (pr * wr - pi * wi + c, pr * wi + pi * wr)
}

/// `ln Gamma(1 + w)`, `|w| <= 0.2`: `-gamma w + sum (-1)^k zeta(k)/k w^k`.
#[device_fn]
fn lgamma_taylor1(wr: f64, wi: f64) -> (f64, f64) {
    let c = [
        -0.5772156649015329,
        0.8224670334241132,
        -0.40068563438653143,
        0.27058080842778454,
        -0.20738555102867398,
        0.1695571769974082,
        -0.1440498967688461,
        0.12550966952474304,
        -0.11133426586956469,
        0.1000994575127818,
        -0.09095401714582904,
        0.083353840546109,
        -0.0769325164113522,
        0.07143294629536133,
        -0.06666870588242046,
        0.06250095514121304,
        -0.058823978658684585,
        0.055555767627403614,
        -0.05263167937961666,
        0.05000004769810169,
        -0.047619070330142226,
        0.04545455629320467,
        -0.04347826605304026,
        0.04166666915034121,
        -0.04000000119214014,
    ];
    let mut pr = c[24];
    let mut pi = 0.0;
    for j in 0..24 {
        let (a, b): (f64, f64) = horner_step(pr, pi, wr, wi, c[23 - j]);
        pr = a;
        pi = b;
    }
    (pr * wr - pi * wi, pr * wi + pi * wr)
}

/// `ln Gamma(2 + w)`, `|w| <= 0.2`: `(1 - gamma) w + sum (-1)^k (zeta(k) - 1)/k w^k`.
#[device_fn]
fn lgamma_taylor2(wr: f64, wi: f64) -> (f64, f64) {
    let c = [
        0.42278433509846713,
        0.3224670334241132,
        -0.0673523010531981,
        0.020580808427784546,
        -0.007385551028673986,
        0.0028905103307415234,
        -0.001192753911703261,
        0.0005096695247430425,
        -0.00022315475845357939,
        9.945751278180853e-05,
        -4.492623673813314e-05,
        2.050721277567069e-05,
        -9.439488275268397e-06,
        4.374866789907488e-06,
        -2.039215753801366e-06,
        9.55141213040742e-07,
        -4.492469198764566e-07,
        2.1207184805554665e-07,
    ];
    let mut pr = c[17];
    let mut pi = 0.0;
    for j in 0..17 {
        let (a, b): (f64, f64) = horner_step(pr, pi, wr, wi, c[16 - j]);
        pr = a;
        pi = b;
    }
    (pr * wr - pi * wi, pr * wi + pi * wr)
}

/// `(re, im)` of `ln Gamma(x + iy)` for `x >= 0`, `y > 0` (the principal branch).
#[device_fn]
fn lgamma_upper(x: f64, y: f64) -> (f64, f64) {
    if x >= 10.0 || y >= 10.0 {
        return lgamma_stirling(x, y);
    }
    let d1 = (x - 1.0).hypot(y);
    if d1 < 0.2 {
        return lgamma_taylor1(x - 1.0, y);
    }
    if (x - 2.0).hypot(y) < 0.2 {
        return lgamma_taylor2(x - 2.0, y);
    }
    // z (z + 1) ... (z + n - 1) with x + n in [10, 11); its argument is that of the product
    // plus 2 pi for each crossing of the negative real axis (from Im >= 0 to Im < 0: each
    // factor's argument is in (0, pi/2]).
    let mut pr = x;
    let mut pi = y;
    let mut a = x + 1.0;
    let mut turns = 0.0;
    while a < 10.0 {
        let t = pr * a - pi * y;
        let u = pr * y + pi * a;
        if pi >= 0.0 && u < 0.0 {
            turns += 1.0;
        }
        pr = t;
        pi = u;
        a += 1.0;
    }
    let (sr, si): (f64, f64) = lgamma_stirling(a, y);
    let lr = ln_abs(pr, pi);
    let th = pi.atan2(pr) + 2.0 * std::f64::consts::PI * turns;
    (sr - lr, si - th)
}

/// `(re, im)` of `sin(pi z)` and of `cos(pi z)`, `z = x + iy`.
#[device_fn]
fn sin_cos_pi(x: f64, y: f64) -> (f64, f64, f64, f64) {
    let s = sinpi(x);
    let c = cospi(x);
    let py = std::f64::consts::PI * y;
    let sh = py.sinh();
    let ch = py.cosh();
    (s * ch, c * sh, c * ch, -s * sh)
}

/// `ln Gamma(z)` (SciPy's `loggamma` of a complex argument): the principal branch, see the
/// [module](self) for the method and the special values.
///
/// Example: [the module's](self).
#[device_fn]
pub fn loggamma_complex(z: c128) -> c128 {
    let x = z.re;
    let y = z.im;
    if x.is_nan() || y.is_nan() || is_pole(x, y) {
        return Complex::new(f64::NAN, f64::NAN);
    }
    if x.is_infinite() || y.is_infinite() {
        if x.is_finite() && x <= 0.0 {
            return Complex::new(f64::NEG_INFINITY, f64::NAN);
        }
        return Complex::new(f64::NAN, f64::NAN);
    }
    if y == 0.0 {
        if x > 0.0 {
            return Complex::new(gammaln(x), y);
        }
        // the side of the cut: -pi per pole in (x, 0] above it
        let im = -std::f64::consts::PI * (-x).ceil();
        let im = if y.is_sign_negative() { -im } else { im };
        return Complex::new(gammaln(x), im);
    }
    let ay = y.abs();
    let (re, im): (f64, f64) = if x >= 0.0 || ay >= 10.0 {
        if x >= 0.0 {
            lgamma_upper(x, ay)
        } else {
            lgamma_stirling(x, ay)
        }
    } else {
        // reflection: ln pi - ln sin(pi z) - ln Gamma(1 - z) + 2 pi i floor(x/2 + 1/4)
        let (sr, si, _, _): (f64, f64, f64, f64) = sin_cos_pi(x, ay);
        let (gr, gi): (f64, f64) = lgamma_upper(1.0 - x, ay);
        let re = 1.1447298858494002 - ln_abs(sr, si) - gr;
        let im = -si.atan2(sr) + gi + 2.0 * std::f64::consts::PI * floor_half_quarter(x);
        (re, im)
    };
    if y < 0.0 {
        Complex::new(re, -im)
    } else {
        Complex::new(re, im)
    }
}

/// The gamma function of a complex argument (SciPy's `gamma`): `exp(loggamma(z))`, the
/// real `gamma` on the real axis, `nan + nan i` at the poles (see the [module](self)).
///
/// Example: [the module's](self).
#[device_fn]
pub fn gamma_complex(z: c128) -> c128 {
    let x = z.re;
    let y = z.im;
    if x.is_nan() || y.is_nan() || is_pole(x, y) {
        return Complex::new(f64::NAN, f64::NAN);
    }
    if x.is_infinite() || y.is_infinite() {
        if x.is_finite() && x <= 0.0 {
            return Complex::new(0.0, -0.0);
        }
        return Complex::new(f64::NAN, f64::NAN);
    }
    if y == 0.0 {
        return Complex::new(gamma(x), 0.0);
    }
    let l: c128 = loggamma_complex(z);
    exp_c(l.re, l.im)
}

/// `1 / Gamma(z)` of a complex argument (SciPy's `rgamma`): `exp(-loggamma(z))`, the real
/// `rgamma` on the real axis, 0 at the poles (see the [module](self)).
///
/// Example: [the module's](self).
#[device_fn]
pub fn rgamma_complex(z: c128) -> c128 {
    let x = z.re;
    let y = z.im;
    if x.is_nan() || y.is_nan() {
        return Complex::new(f64::NAN, f64::NAN);
    }
    if is_pole(x, y) {
        return Complex::new(0.0, 0.0);
    }
    if x.is_infinite() || y.is_infinite() {
        if x.is_finite() && x <= 0.0 {
            return Complex::new(f64::INFINITY, f64::NAN);
        }
        return Complex::new(f64::NAN, f64::NAN);
    }
    if y == 0.0 {
        return Complex::new(rgamma(x), 0.0);
    }
    let l: c128 = loggamma_complex(z);
    exp_c(-l.re, -l.im)
}

/// `(re, im)` of `psi(x + iy)` for `|x + iy| >= 10`: `ln z - 1/(2z) - sum B_2k / (2k z^2k)`.
#[device_fn]
fn digamma_asymptotic(x: f64, y: f64) -> (f64, f64) {
    let (rr, ri): (f64, f64) = recip(x, y);
    let sr = rr * rr - ri * ri;
    let si = 2.0 * rr * ri;
    let c = [
        -3617.0 / 8160.0,
        1.0 / 12.0,
        -691.0 / 32760.0,
        1.0 / 132.0,
        -1.0 / 240.0,
        1.0 / 252.0,
        -1.0 / 120.0,
        1.0 / 12.0,
    ];
    let mut pr = c[0];
    let mut pi = 0.0;
    for k in 1..8 {
        let t = pr * sr - pi * si + c[k];
        pi = pr * si + pi * sr;
        pr = t;
    }
    // p r^2
    let qr = pr * sr - pi * si;
    let qi = pr * si + pi * sr;
    (ln_abs(x, y) - 0.5 * rr - qr, y.atan2(x) - 0.5 * ri - qi)
}

/// `psi(x0 + w)` around the positive root `x0 = 1.4616...`, `|w| <= 0.3`.
#[device_fn]
fn digamma_posroot(wr: f64, wi: f64) -> (f64, f64) {
    let c = [
        0.9676722454476212,
        -0.4427631689835921,
        0.258499760955651,
        -0.16394270544240652,
        0.10782405069126237,
        -0.07219956125645471,
        0.04880428816414311,
        -0.03316112647484736,
        0.022597648232218104,
        -0.01542476590494896,
        0.010538791616612175,
        -0.007204534386356869,
        0.004926781395729853,
        -0.003369801655439328,
        0.002305126326734928,
        -0.0015769367714301972,
        0.0010788252019162967,
        -0.0007380709389960052,
        0.000504953265834602,
        -0.0003454680251063077,
        0.00023635601564027053,
        -0.00016170622091974803,
        0.0001106337276874741,
        -7.569179582195066e-05,
        5.178575795222081e-05,
    ];
    let mut pr = c[24];
    let mut pi = 0.0;
    for j in 0..24 {
        let (a, b): (f64, f64) = horner_step(pr, pi, wr, wi, c[23 - j]);
        pr = a;
        pi = b;
    }
    (pr * wr - pi * wi, pr * wi + pi * wr)
}

/// `psi(x1 + w)` around the negative root `x1 = -0.5040...` nearest 0, `|w| <= 0.1`.
#[device_fn]
fn digamma_negroot(wr: f64, wi: f64) -> (f64, f64) {
    let c = [
        8.939798558792134,
        -0.8093454625306507,
        32.258572064915505,
        -2.761011648790828,
        128.27342343090902,
        -14.70672173553036,
        513.2704629562862,
        -75.37700066344631,
        2055.5357119463315,
        -368.5783503832191,
        8234.667099203069,
        -1743.364608867363,
        32997.785655255044,
        -8051.818155363498,
        132262.95480834588,
        -36529.94596948565,
        530280.3912420176,
        -163451.79342700253,
        2126602.3725968753,
        -723318.8861804305,
        8530604.878543982,
        -3172131.3155744765,
        34228316.69580112,
        -13807481.997263888,
        137373435.87411496,
    ];
    let mut pr = c[24];
    let mut pi = 0.0;
    for j in 0..24 {
        let (a, b): (f64, f64) = horner_step(pr, pi, wr, wi, c[23 - j]);
        pr = a;
        pi = b;
    }
    (pr * wr - pi * wi, pr * wi + pi * wr)
}

/// `(re, im)` of `psi(x + iy)` for `x >= 0`, `y > 0`.
#[device_fn]
fn digamma_upper(x: f64, y: f64) -> (f64, f64) {
    if x >= 10.0 || y >= 10.0 {
        return digamma_asymptotic(x, y);
    }
    // x0 as head + tail: x - head is exact near x0
    let wr = (x - 1.4616321449683622) - 9.549995429965697e-17;
    if wr.hypot(y) < 0.3 {
        return digamma_posroot(wr, y);
    }
    // psi(z + n) - sum 1/(z + k), x + n in [10, 11)
    let mut sr = 0.0;
    let mut si = 0.0;
    let mut a = x;
    while a < 10.0 {
        let (rr, ri): (f64, f64) = recip(a, y);
        sr += rr;
        si += ri;
        a += 1.0;
    }
    let (pr, pi): (f64, f64) = digamma_asymptotic(a, y);
    (pr - sr, pi - si)
}

/// The digamma function of a complex argument (SciPy's `psi`/`digamma`): see the
/// [module](self) for the method and the special values.
///
/// Example: [the module's](self).
#[device_fn]
pub fn digamma_complex(z: c128) -> c128 {
    let x = z.re;
    let y = z.im;
    if x.is_nan() || y.is_nan() {
        if x.is_infinite() || y.is_infinite() {
            return Complex::new(f64::INFINITY, f64::NAN);
        }
        return Complex::new(f64::NAN, f64::NAN);
    }
    if is_pole(x, y) {
        return Complex::new(f64::NAN, f64::NAN);
    }
    if x.is_infinite() || y.is_infinite() {
        if x == f64::NEG_INFINITY && y.abs() < 16.0 {
            return Complex::new(f64::NAN, f64::NAN);
        }
        return Complex::new(f64::INFINITY, y.atan2(x));
    }
    if y == 0.0 {
        return Complex::new(digamma(x), 0.0);
    }
    let ay = y.abs();
    let (re, im): (f64, f64) = if x >= 0.0 || ay >= 10.0 {
        if x >= 0.0 {
            digamma_upper(x, ay)
        } else {
            digamma_asymptotic(x, ay)
        }
    } else {
        let wr = (x + 0.5040830082644554) + 8.15428206243813e-18;
        if wr.hypot(ay) < 0.1 {
            digamma_negroot(wr, ay)
        } else {
            // reflection: psi(1 - z) - pi cot(pi z)
            let (sr, si, cr, ci): (f64, f64, f64, f64) = sin_cos_pi(x, ay);
            let (tr, ti): (f64, f64) = div(cr, ci, sr, si);
            let (pr, pi): (f64, f64) = digamma_upper(1.0 - x, ay);
            (
                pr - std::f64::consts::PI * tr,
                -pi - std::f64::consts::PI * ti,
            )
        }
    };
    if y < 0.0 {
        Complex::new(re, -im)
    } else {
        Complex::new(re, im)
    }
}
