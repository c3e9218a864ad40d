//! Carlson's symmetric elliptic integrals of `scipy.special`, real arguments: `elliprc`,
//! `elliprd`, `elliprf`, `elliprg`, `elliprj` (methods:
//! [`scalar::carlson`](super::scalar::carlson)).
//!
//! ```
//! use kernels_std::{special, Array, Device};
//! let close = |a: f64, b: f64| (a / b - 1.0).abs() < 1e-14;
//! let x = Array::from_vec(&Device::cpu(), &[3], vec![0.0f64, 1.0, -1.0])?;
//! let f = special::elliprf(&x, 1.0, 1.0)?.to_vec()?;
//! assert!(close(f[0], std::f64::consts::FRAC_PI_2) && f[1] == 1.0 && f[2].is_nan());
//! let c = special::elliprc(1.0, &x)?.to_vec()?; // y = 0: NaN; y < 0: principal value
//! assert!(c[0].is_nan() && c[1] == 1.0 && close(c[2], 0.6232252401402306));
//! let d = special::elliprd(&x, 2.0, 3.0)?.to_vec()?;
//! assert!(close(d[1], 0.2904602810289907));
//! let g = special::elliprg(&x, 1.0, 1.0)?.to_vec()?;
//! assert!(close(g[0], std::f64::consts::FRAC_PI_4) && g[1] == 1.0);
//! let j = special::elliprj(1.0, 2.0, 3.0, &x)?.to_vec()?; // p = 0: NaN
//! assert!(j[0].is_nan() && close(j[1], 0.5591122174054443) && close(j[2], -0.09324045243867635));
//! # Ok::<(), kernels_std::Error>(())
//! ```
//!
//! Promotion: these list `float32` first ([`PromoteF32`](super::PromoteF32)).

use super::ufunc::ufunc;

ufunc! {
    /// Carlson's degenerate integral `R_C(x, y) = R_F(x, y, y)`, elementwise (SciPy's
    /// `elliprc`, real arguments), its Cauchy principal value for `y < 0`: NaN for `x < 0` and
    /// `y = 0`, 0 when an argument is `inf`.
    ///
    /// Example: [the family's page](self).
    elliprc(x, y): PromoteF32;
    /// Carlson's `R_D(x, y, z) = R_J(x, y, z, z)`, elementwise (SciPy's `elliprd`, real
    /// arguments): NaN for a negative argument, `inf` when `z` or both `x`, `y` are 0.
    ///
    /// Example: [the family's page](self).
    elliprd(x, y, z): PromoteF32;
    /// Carlson's integral of the first kind `R_F(x, y, z)`, elementwise (SciPy's `elliprf`,
    /// real arguments): NaN for a negative argument, `inf` when two are 0, 0 when one is
    /// `inf`.
    ///
    /// Example: [the family's page](self).
    elliprf(x, y, z): PromoteF32;
    /// Carlson's completely symmetric integral of the second kind `R_G(x, y, z)`,
    /// elementwise (SciPy's `elliprg`, real arguments): NaN for a negative argument, `inf`
    /// when one is `inf`.
    ///
    /// Example: [the family's page](self).
    elliprg(x, y, z): PromoteF32;
    /// Carlson's integral of the third kind `R_J(x, y, z, p)`, elementwise (SciPy's
    /// `elliprj`, real arguments), its Cauchy principal value for `p < 0`: `inf` when two of
    /// `x, y, z` are 0, NaN for a negative `x, y, z` and for `p = 0`.
    ///
    /// Example: [the family's page](self).
    elliprj(x, y, z, p): PromoteF32;
}
