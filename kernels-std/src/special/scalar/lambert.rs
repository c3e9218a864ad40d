//! The Lambert W function `W_k(z)` (`w e^w = z`) on any integer branch `k`, complex `z`.
//!
//! Method (after Corless, Gonnet, Hare, Jeffrey and Knuth, "On the Lambert W function",
//! 1996): Halley's iteration (their 5.9) from an initial guess that depends on where `z` is:
//! - near the branch point `-1/e`, on the branches that meet there (`W_0` always, `W_-1`
//!   from above the real axis, `W_1` from below): the series in `p = sqrt(2 (e z + 1))`
//!   (their 4.22), 20 terms, with `e z + 1` from `e` in two parts (exact products by
//!   `mul_add`: the cancellation near `-1/e` loses nothing of the input). Where `|p| <= 1/4`
//!   the series itself is the result (its truncation is below `1e-17`; Halley's iteration
//!   there would lose `1/|1 + W|` ULPs), up to `|p| < 1.3` it is the guess;
//! - `W_0` elsewhere within `|z| < 2`, away from the negative real axis: the (3, 3) Padé
//!   approximant of the Maclaurin series at 0;
//! - `W_-1` on the real segment `(-1/e, 0)`: `ln(-z) - ln(-ln(-z))` (a real guess, so the
//!   iteration stays real);
//! - everywhere else the asymptotic expansion `L1 - L2 + L2 / L1` with
//!   `L1 = ln z + 2 pi i k`, `L2 = ln L1` (their 4.20).
//!
//! The iteration stops when a step is at most `tol` times the new value (SciPy's test) and
//! returns that value (a step of Halley's cubic iteration past the test); without convergence
//! in 100 steps the result is NaN (SciPy too). Where `Re w < 0` the iteration's terms are
//! scaled by `e^-Re(w)` (`e^w` and the quotients' norms would underflow at tiny `|z|`).
//!
//! Branch cuts: a zero imaginary part's sign says the side, `W_k(conj z) = conj W_-k(z)`
//! (`-0.0` is below the cut), except that on `[-1/e, 0)` `W_-1` of either zero is the real
//! value (SciPy's choice). Special values (SciPy's): NaN in either part gives `z` itself;
//! `W_k(+inf + iy) = +inf + i(y + 2 pi k)`, `W_k(-inf + iy) = +inf + i(-y + (2k + 1) pi)`;
//! `W_0(0) = 0` (the input), `W_k(0) = -inf` for `k != 0`; `W_0(1)` is the omega constant.
//! At the double nearest `-1/e` (just below it), the series gives `-1 +- 8.2e-9 i`, where
//! SciPy's Halley step divides by zero (NaN).
//!
//! ```
//! use kernels_std::special::scalar as sp;
//! use kernels_std::Complex;
//! let w = sp::lambertw(Complex::new(1.0, 0.0), 0, 1e-8);
//! assert_eq!((w.re, w.im), (0.5671432904097838, 0.0));
//! let w = sp::lambertw(Complex::new(-0.1, 0.0), -1, 1e-8); // the real branch below -1
//! assert!((w.re + 3.577152063957297).abs() < 1e-14 && w.im == 0.0);
//! ```

use crate::prelude::*;

/// `W` at the branch point from `p = +-sqrt(2 (e z + 1))`: `-1 + sum c_n p^n`, 20 terms
/// (the coefficients from `(W - 1) e^(W + 1) + 1 = p^2 / 2` by series inversion, exact
/// rationals rounded).
#[device_fn]
pub(crate) fn lambertw_branch_series(p: c128) -> c128 {
    let mut s: c128 = Complex::new(-5.811360750441382e-05, 0.0);
    s = s * p + 8.665035805208128e-05;
    s = s * p - 0.00012957426685274883;
    s = s * p + 0.00019438727605453933;
    s = s * p - 0.00029267722472962746;
    s = s * p + 0.0004424730618146209;
    s = s * p - 0.0006720616311561362;
    s = s * p + 0.0010262633205076071;
    s = s * p - 0.0015769303446867841;
    s = s * p + 0.0024408779911439826;
    s = s * p - 0.0038112980348919993;
    s = s * p + 0.006014543252956118;
    s = s * p - 0.009616892024299432;
    s = s * p + 0.01563563253233392;
    s = s * p - 0.02598471487360376;
    s = s * p + 0.044502314814814814;
    s = s * p - 0.07962962962962963;
    s = s * p + 0.1527777777777778;
    s = s * p - 0.3333333333333333;
    s = s * p + 1.0;
    s * p - 1.0
}

/// The principal logarithm of `z`, without overflow of `|z|` near `f64::MAX`.
#[device_fn]
fn ln_c(z: c128) -> c128 {
    let m = z.re.abs().max(z.im.abs());
    let r = if m > 1e300 {
        (z * 0.5).norm().ln() + std::f64::consts::LN_2
    } else {
        z.norm().ln()
    };
    Complex::new(r, z.im.atan2(z.re))
}

/// The initial guess of Halley's iteration away from the branch point.
#[device_fn]
fn lambertw_guess(z: c128, k: i64, near_zero: bool, real_segment: bool) -> c128 {
    if k == 0 && near_zero {
        // the (3, 3) Pade approximant of W_0 at 0
        let num = z * (z * (z * 1.326470588235294 + 2.6823529411764704) + 1.0);
        let den =
            z * (z * (z * 0.6519607843137255 + 3.5088235294117647) + 3.6823529411764704) + 1.0;
        num / den
    } else if k == -1 && real_segment {
        let l = (-z.re).ln();
        Complex::new(l - (-l).ln(), 0.0)
    } else {
        let lz: c128 = ln_c(z);
        let l1 = lz + Complex::new(0.0, 2.0 * std::f64::consts::PI * (k as f64));
        let l2: c128 = ln_c(l1);
        l1 - l2 + l2 / l1
    }
}

/// Halley's iteration for `w e^w = z` from `w`, until a step is at most `tol |w|` (NaN after
/// 100 steps).
#[device_fn]
fn lambertw_halley(z: c128, w0: c128, tol: f64) -> c128 {
    let mut w = w0;
    let mut i: i32 = 0;
    while i < 100 {
        let wn: c128 = if w.re >= 0.0 {
            // w - z e^-w: e^w could overflow
            let ew = (-w).exp();
            let r = w - z * ew;
            w - r / (w + 1.0 - (w + 2.0) * r / (w * 2.0 + 2.0))
        } else {
            // w e^w - z, all terms scaled by e^-Re(w) (exactly for e^w; z by two factors,
            // without overflow): e^w may underflow, and the quotients' norms with it
            let h = -0.5 * w.re;
            let ew = Complex::new(0.0, w.im).exp();
            let wew = w * ew;
            let r = wew - z * h.exp() * h.exp();
            w - r / (wew + ew - (w + 2.0) * r / (w * 2.0 + 2.0))
        };
        if (wn - w).norm() <= tol * wn.norm() {
            return wn;
        }
        w = wn;
        i += 1;
    }
    Complex::new(f64::NAN, f64::NAN)
}

/// The Lambert W function `W_k(z)` on branch `k`, iterated to the relative step `tol`
/// (SciPy's `lambertw`; the method and special values are in the [module doc](self)).
#[device_fn]
pub fn lambertw(z: c128, k: i64, tol: f64) -> c128 {
    let x = z.re;
    let y = z.im;
    if x.is_nan() || y.is_nan() {
        return z;
    }
    let pi = std::f64::consts::PI;
    if x == f64::INFINITY {
        return Complex::new(x, y + 2.0 * pi * (k as f64));
    }
    if x == f64::NEG_INFINITY {
        return Complex::new(f64::INFINITY, -y + (2.0 * (k as f64) + 1.0) * pi);
    }
    if x == 0.0 && y == 0.0 {
        if k == 0 {
            return z;
        }
        return Complex::new(f64::NEG_INFINITY, 0.0);
    }
    if x == 1.0 && y == 0.0 && k == 0 {
        return Complex::new(0.5671432904097838, 0.0);
    }
    // 2 (e z + 1), its real part without cancellation (e in two parts)
    let e = std::f64::consts::E;
    let qr = e.mul_add(x, 1.0) + 1.4456468917292502e-16 * x;
    let q = Complex::new(2.0 * qr, 2.0 * e * y);
    let below = y.is_sign_negative();
    // the sign of p on the branches that meet at -1/e (0 on the others)
    let s = if k == 0 {
        1.0
    } else if k == -1 && (!below || (y == 0.0 && qr > 0.0)) {
        -1.0
    } else if k == 1 && below {
        -1.0
    } else {
        0.0
    };
    let w0: c128 = if s != 0.0 && q.norm() < 1.69 {
        let p = q.sqrt() * s;
        let w: c128 = lambertw_branch_series(p);
        if q.norm() <= 0.0625 {
            return w;
        }
        w
    } else {
        let near_zero = z.norm() < 2.0 && (x > -0.2 || y.abs() > -0.5 * x);
        let real_segment = y == 0.0 && x < 0.0 && qr >= 0.0;
        let g: c128 = lambertw_guess(z, k, near_zero, real_segment);
        g
    };
    let w: c128 = lambertw_halley(z, w0, tol);
    w
}
