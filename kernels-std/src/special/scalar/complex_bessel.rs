//! The Bessel functions of real order `v` and complex argument `z` (SciPy's complex loops of
//! `iv`, `ive`, `kv`, `kve`, `jv`, `jve`, `yv`, `yve`, and `hankel1`, `hankel1e`, `hankel2`,
//! `hankel2e`), each taking `(f64, c128)` and returning a `c128`.
//!
//! Everything comes from `e^(-Re w) I_u(w)` and `e^w K_u(w)` for `u = |v|` and `Re w >= 0`
//! ([`ik_scaled`], AMOS's plan), by the connection
//! formulas (DLMF 10.27, 10.34):
//! - the left half plane: `I_u(z) = e^(i s pi u) I_u(w)`, `K_u(z) = e^(-i s pi u) K_u(w) - i s
//!   pi I_u(w)` with `w = -z`, `s = +1` on and above the negative real axis (its `-0` imaginary
//!   part too, as SciPy) and `-1` below;
//! - negative orders: `I_-u = I_u + (2/pi) sin(pi u) K_u` (`sin(pi u)` exact, so integer orders
//!   give `I_u` itself), `K_-u = K_u`;
//! - `J_v(z) = e^(i pi v/2) I_v(-iz)` and `H1_v(z) = 2/(i pi) e^(-i pi v/2) K_v(-iz)` where
//!   `Im z >= 0`, `J_v(z) = e^(-i pi v/2) I_v(iz)` and `H2_v(z) = -2/(i pi) e^(i pi v/2)
//!   K_v(iz)` below (their arguments in the right half plane); then `H2 = 2J - H1` (`H1 =
//!   2J - H2`) and `Y = (H1 - H2)/(2i)` (negative orders of `Y` by `Y_-u = cos(pi u) Y_u +
//!   sin(pi u) J_u`).
//!
//! The exponential scalings (`ive = e^-|Re z| I`, `kve = e^z K`, `jve`, `yve = e^-|Im z|`,
//! `hankel1e = e^(-iz) H1`, `hankel2e = e^(iz) H2`) are folded into the exponents of these
//! formulas, so a scaled value is finite wherever it is representable.
//!
//! SciPy's special values: NaN (`nan + nan i`) where `v` or a part of `z` is NaN or infinite
//! or `|z| > 0.5/eps = 2.25e15` (AMOS's limit);
//! at `z = 0` `I_v` and `J_v` are 1 for `v = 0`, 0 for `v > 0` or an integer, NaN otherwise,
//! `Y_v(0)` is `-inf` (`v >= 0`; `+-inf` for negative integers as `(-1)^v`, NaN for other
//! negative orders), and `K`, `kve`, `yve` and the Hankel functions are NaN (`hankel2(0, 0)`
//! `nan + inf i`). Overflow gives
//! infinities signed by the phase.
//!
//! ```
//! use kernels_std::c128;
//! use kernels_std::special::scalar as sp;
//! let close = |a: c128, b: c128| (a - b).norm() < 1e-14 * b.norm();
//! let z = c128::new(1.0, 2.0);
//! assert!(close(sp::iv_complex(0.5, z), c128::new(0.17162380537153227, 0.7740484955275226)));
//! assert!(close(sp::kv_complex(1.5, z), c128::new(-0.3762721693456979, -0.10262602586821047)));
//! assert!(close(sp::jv_complex(2.0, z), c128::new(-0.2611297504430098, 0.7623197829675601)));
//! assert!(close(sp::yv_complex(-0.5, z), c128::new(1.9866134730419236, 0.0013808728354313127)));
//! assert!(close(sp::hankel1_complex(1.0, z), c128::new(-0.02310394529281692, -0.07898149012480737)));
//! assert_eq!(sp::iv_complex(0.0, c128::new(0.0, 0.0)), c128::new(1.0, 0.0));
//! assert!(sp::kv_complex(1.0, c128::new(0.0, 0.0)).re.is_nan());
//! ```

use super::complex_bessel_ik::{cb_mul_exp, cb_phase, ik_scaled};
use super::gamma_fns::{cospi, sinpi};
use crate::prelude::*;

/// `nan + nan i`.
#[device_fn]
fn cb_nan() -> c128 {
    Complex::new(f64::NAN, f64::NAN)
}

/// Whether SciPy gives NaN whatever the function: `v` or a part of `z` NaN or infinite, or
/// `|z|` beyond `0.5 / eps` (AMOS's limit, where no digit of the phase of `e^(iz)` is left).
#[device_fn]
fn cb_bad(v: f64, z: c128) -> bool {
    !v.is_finite()
        || !z.re.is_finite()
        || !z.im.is_finite()
        || z.re.hypot(z.im) > 2.2517998136852485e15
}

/// Whether `z` is 0.
#[device_fn]
fn cb_zero(z: c128) -> bool {
    z.re == 0.0 && z.im == 0.0
}

/// `I_v(0) = J_v(0)`: 1 at `v = 0`, 0 for `v > 0` or an integer, NaN otherwise.
#[device_fn]
fn cb_ij_at_zero(v: f64) -> c128 {
    if v == 0.0 {
        Complex::new(1.0, 0.0)
    } else if v > 0.0 || v.floor() == v {
        Complex::new(0.0, 0.0)
    } else {
        cb_nan()
    }
}

/// `(e^-|Re z| I_u(z), e^-|Re z| K_u(z), e^z K_u(z))`, `u >= 0`, `z != 0` finite.
#[device_fn]
fn cb_ik_any(u: f64, z: c128) -> (c128, c128, c128) {
    if z.re >= 0.0 {
        let (is, ks): (c128, c128) = ik_scaled(u, z);
        let kh: c128 = cb_mul_exp(ks, -2.0 * z.re, -z.im);
        (is, kh, ks)
    } else {
        let s = if z.im >= 0.0 { 1.0 } else { -1.0 };
        let (is, ks): (c128, c128) = ik_scaled(u, Complex::new(-z.re, -z.im));
        let pp: c128 = cb_phase(s * u);
        let pm: c128 = cb_phase(-s * u);
        let ih = pp * is;
        let kp = pm * ks;
        let t = Complex::new(0.0, -s * std::f64::consts::PI) * is;
        let k1: c128 = cb_mul_exp(kp, 2.0 * z.re, z.im);
        let k2: c128 = cb_mul_exp(kp, 2.0 * z.re, 2.0 * z.im);
        let t2: c128 = cb_mul_exp(t, 0.0, z.im);
        (ih, k1 + t, k2 + t2)
    }
}

/// `(e^-|Re z| I_v(z), e^z K_v(z))` for any real `v`, `z != 0` finite.
#[device_fn]
fn cb_ik_signed(v: f64, z: c128) -> (c128, c128) {
    let u = v.abs();
    let (ih, kh, kz): (c128, c128, c128) = cb_ik_any(u, z);
    let sn: f64 = sinpi(u);
    if v < 0.0 && sn != 0.0 {
        (ih + kh * (sn * std::f64::consts::FRAC_2_PI), kz)
    } else {
        (ih, kz)
    }
}

/// The exponentially scaled `e^-|Re z| I_v(z)` (SciPy's `ive` of `complex128`).
///
/// Example: [the family's page](self).
#[device_fn]
pub fn ive_complex(v: f64, z: c128) -> c128 {
    if cb_bad(v, z) {
        cb_nan()
    } else if cb_zero(z) {
        cb_ij_at_zero(v)
    } else {
        let (i, _k): (c128, c128) = cb_ik_signed(v, z);
        i
    }
}

/// The modified Bessel function of the first kind `I_v(z)` (SciPy's `iv` of `complex128`).
///
/// Example: [the family's page](self).
#[device_fn]
pub fn iv_complex(v: f64, z: c128) -> c128 {
    let w: c128 = ive_complex(v, z);
    let r: c128 = cb_mul_exp(w, z.re.abs(), 0.0);
    r
}

/// The exponentially scaled `e^z K_v(z)` (SciPy's `kve` of `complex128`).
///
/// Example: [the family's page](self).
#[device_fn]
pub fn kve_complex(v: f64, z: c128) -> c128 {
    if cb_bad(v, z) || cb_zero(z) {
        cb_nan()
    } else {
        let (_ih, _kh, kz): (c128, c128, c128) = cb_ik_any(v.abs(), z);
        kz
    }
}

/// The modified Bessel function of the second kind `K_v(z)` (SciPy's `kv` of `complex128`).
///
/// Example: [the family's page](self).
#[device_fn]
pub fn kv_complex(v: f64, z: c128) -> c128 {
    if cb_bad(v, z) || cb_zero(z) {
        cb_nan()
    } else {
        let (_ih, kh, kz): (c128, c128, c128) = cb_ik_any(v.abs(), z);
        if z.re >= 0.0 {
            let r: c128 = cb_mul_exp(kz, -z.re, -z.im);
            r
        } else {
            let r: c128 = cb_mul_exp(kh, -z.re, 0.0);
            r
        }
    }
}

/// `(jve, hs)` for `z != 0` finite: `e^-|Im z| J_v(z)`, and `e^(-iz) H1_v(z)` where `Im z >= 0`
/// (`-0` included), `e^(iz) H2_v(z)` below.
#[device_fn]
fn cb_jh(v: f64, z: c128) -> (c128, c128) {
    let upper = z.im >= 0.0;
    let (zeta, s) = if upper {
        (Complex::new(z.im, -z.re), 1.0)
    } else {
        (Complex::new(-z.im, z.re), -1.0)
    };
    let (ie, kz): (c128, c128) = cb_ik_signed(v, zeta);
    let pj: c128 = cb_phase(0.5 * s * v);
    let ph: c128 = cb_phase(-0.5 * s * v);
    let jve = pj * ie;
    // upper: 2/(i pi) e^(-i pi v/2) kz; lower: -2/(i pi) e^(i pi v/2) kz
    let hs = ph * kz * Complex::new(0.0, -s * std::f64::consts::FRAC_2_PI);
    (jve, hs)
}

/// `-i w`.
#[device_fn]
fn cb_times_minus_i(w: c128) -> c128 {
    Complex::new(w.im, -w.re)
}

/// The exponentially scaled `e^-|Im z| J_v(z)` (SciPy's `jve` of `complex128`).
///
/// Example: [the family's page](self).
#[device_fn]
pub fn jve_complex(v: f64, z: c128) -> c128 {
    if cb_bad(v, z) {
        cb_nan()
    } else if cb_zero(z) {
        cb_ij_at_zero(v)
    } else {
        let (j, _h): (c128, c128) = cb_jh(v, z);
        j
    }
}

/// The Bessel function of the first kind `J_v(z)` (SciPy's `jv` of `complex128`).
///
/// Example: [the family's page](self).
#[device_fn]
pub fn jv_complex(v: f64, z: c128) -> c128 {
    let w: c128 = jve_complex(v, z);
    let r: c128 = cb_mul_exp(w, z.im.abs(), 0.0);
    r
}

/// `e^-|Im z| Y_u(z)`, `u >= 0`, `z != 0` finite, and `e^-|Im z| J_u(z)`.
#[device_fn]
fn cb_yj(u: f64, z: c128) -> (c128, c128) {
    let (j, h): (c128, c128) = cb_jh(u, z);
    if z.im == 0.0 && z.re > 0.0 && !(h.re.is_finite() && h.im.is_finite()) {
        // overflow on the positive real axis: SciPy's real -inf
        (Complex::new(f64::NEG_INFINITY, 0.0), j)
    } else if z.im >= 0.0 {
        // Y = -i (H1 - J)
        let h1: c128 = cb_mul_exp(h, -2.0 * z.im, z.re);
        let y: c128 = cb_times_minus_i(h1 - j);
        (y, j)
    } else {
        // Y = -i (J - H2)
        let h2: c128 = cb_mul_exp(h, 2.0 * z.im, -z.re);
        let y: c128 = cb_times_minus_i(j - h2);
        (y, j)
    }
}

/// The exponentially scaled `e^-|Im z| Y_v(z)` (SciPy's `yve` of `complex128`; NaN at 0).
/// Negative orders by the reflection `Y_-u = cos(pi u) Y_u + sin(pi u) J_u` (`H1 - J` would
/// cancel where `J_-u` is large).
///
/// Example: [the family's page](self).
#[device_fn]
pub fn yve_complex(v: f64, z: c128) -> c128 {
    if cb_bad(v, z) || cb_zero(z) {
        cb_nan()
    } else if v < 0.0 {
        let u = -v;
        let (y, j): (c128, c128) = cb_yj(u, z);
        let c: f64 = cospi(u);
        let sn: f64 = sinpi(u);
        if sn == 0.0 {
            y * c
        } else if c == 0.0 {
            j * sn
        } else {
            y * c + j * sn
        }
    } else {
        let (y, _j): (c128, c128) = cb_yj(v, z);
        y
    }
}

/// The Bessel function of the second kind `Y_v(z)` (SciPy's `yv` of `complex128`: `-inf` at
/// 0 for `v >= 0`).
///
/// Example: [the family's page](self).
#[device_fn]
pub fn yv_complex(v: f64, z: c128) -> c128 {
    if cb_zero(z) && v.is_finite() {
        if v >= 0.0 {
            Complex::new(f64::NEG_INFINITY, 0.0)
        } else if v.floor() == v {
            let odd = (0.5 * v).floor() != 0.5 * v;
            Complex::new(
                if odd {
                    f64::INFINITY
                } else {
                    f64::NEG_INFINITY
                },
                0.0,
            )
        } else {
            Complex::new(f64::NAN, 0.0)
        }
    } else {
        let w: c128 = yve_complex(v, z);
        let r: c128 = cb_mul_exp(w, z.im.abs(), 0.0);
        r
    }
}

/// The exponentially scaled `e^(-iz) H1_v(z)` (SciPy's `hankel1e`).
///
/// Example: [the family's page](self).
#[device_fn]
pub fn hankel1e_complex(v: f64, z: c128) -> c128 {
    if cb_bad(v, z) || cb_zero(z) {
        cb_nan()
    } else {
        let (j, h): (c128, c128) = cb_jh(v, z);
        if z.im >= 0.0 {
            h
        } else {
            // e^(-iz) (2J - H2)
            let a: c128 = cb_mul_exp(j * 2.0, 0.0, -z.re);
            let b: c128 = cb_mul_exp(h, 2.0 * z.im, -2.0 * z.re);
            a - b
        }
    }
}

/// The Hankel function of the first kind `H1_v(z)` (SciPy's `hankel1`).
///
/// Example: [the family's page](self).
#[device_fn]
pub fn hankel1_complex(v: f64, z: c128) -> c128 {
    let w: c128 = hankel1e_complex(v, z);
    let r: c128 = cb_mul_exp(w, -z.im, z.re);
    r
}

/// The exponentially scaled `e^(iz) H2_v(z)` (SciPy's `hankel2e`).
///
/// Example: [the family's page](self).
#[device_fn]
pub fn hankel2e_complex(v: f64, z: c128) -> c128 {
    if cb_bad(v, z) || cb_zero(z) {
        cb_nan()
    } else {
        let (j, h): (c128, c128) = cb_jh(v, z);
        if z.im >= 0.0 {
            // e^(iz) (2J - H1)
            let a: c128 = cb_mul_exp(j * 2.0, 0.0, z.re);
            let b: c128 = cb_mul_exp(h, -2.0 * z.im, 2.0 * z.re);
            a - b
        } else {
            h
        }
    }
}

/// The Hankel function of the second kind `H2_v(z)` (SciPy's `hankel2`).
///
/// Example: [the family's page](self).
#[device_fn]
pub fn hankel2_complex(v: f64, z: c128) -> c128 {
    if v == 0.0 && cb_zero(z) {
        return Complex::new(f64::NAN, f64::INFINITY); // SciPy's
    }
    let w: c128 = hankel2e_complex(v, z);
    let r: c128 = cb_mul_exp(w, z.im, -z.re);
    r
}
