//! The zeta functions of `scipy.special`: `zeta` (Hurwitz's, SciPy's `zeta(x, q)`),
//! `riemann_zeta` (SciPy's `zeta(x)`), `zetac`, and `polygamma` (methods:
//! [`scalar::zeta_fns`](super::scalar::zeta_fns)).
//!
//! ```
//! use kernels_std::{special, Array, Device};
//! let close = |a: f64, b: f64| (a / b - 1.0).abs() < 1e-14;
//! let x = Array::from_vec(&Device::cpu(), &[3], vec![-1.0f64, 2.0, 1.0])?;
//! let z = special::riemann_zeta(&x)?.to_vec()?;
//! assert!(close(z[0], -1.0 / 12.0) && close(z[1], std::f64::consts::PI.powi(2) / 6.0));
//! assert_eq!(z[2], f64::INFINITY);
//! let h = special::zeta(&x, 2.0)?.to_vec()?;
//! assert!(h[0].is_nan() && close(h[1], std::f64::consts::PI.powi(2) / 6.0 - 1.0));
//! let c = special::zetac(&x)?.to_vec()?;
//! assert!(close(c[0], -13.0 / 12.0) && close(c[1], std::f64::consts::PI.powi(2) / 6.0 - 1.0));
//! let p = special::polygamma(1.0, &x)?.to_vec()?; // trigamma; inf at the poles
//! assert!(p[0] == f64::INFINITY && close(p[1], std::f64::consts::PI.powi(2) / 6.0 - 1.0));
//! assert!(special::polygamma(0.5f64, 2.0)?.to_vec()?[0].is_nan()); // n must be an integer
//! # Ok::<(), kernels_std::Error>(())
//! ```
//!
//! Promotion: Hurwitz's `zeta` lists `'ff->f'` first ([`PromoteF32`](super::PromoteF32));
//! `riemann_zeta` and `zetac` list `'d->d'` first ([`Promote`](super::Promote)), and so
//! does `polygamma` (SciPy's Python function of `gamma` and `zeta`: integers and `float16`
//! give `float64`).

use super::ufunc::ufunc;

ufunc! {
    /// Hurwitz's zeta function `sum_(k>=0) (k + q)^-x`, elementwise (SciPy's
    /// `zeta(x, q)`): NaN for `x < 1`, `inf` at `x = 1` and where `q` is 0 or a negative
    /// integer.
    ///
    /// Example: [the family's page](self).
    zeta(x, q): PromoteF32;
    /// Riemann's zeta function, elementwise (SciPy's `zeta(x)` without `q`), for every
    /// real `x`: `inf` at 1.
    ///
    /// Example: [the family's page](self).
    riemann_zeta(x): Promote;
    /// `zeta(x) - 1`, elementwise (SciPy's `zetac`), accurate for large `x`.
    ///
    /// Example: [the family's page](self).
    zetac(x): Promote;
    /// The polygamma function `psi^(n)(x)`, elementwise (SciPy's `polygamma`): `digamma`
    /// at `n = 0`, else `(-1)^(n+1) n! zeta(n + 1, x)` (NaN for a negative or non-integral
    /// `n`, `+-inf` at the non-positive integers `x`).
    ///
    /// Example: [the family's page](self).
    polygamma(n, x): Promote;
}
