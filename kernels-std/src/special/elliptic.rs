//! The elliptic integrals and Jacobi's elliptic functions of `scipy.special` (parameter
//! `m = k^2`): `ellipk`, `ellipkm1`, `ellipe`, `ellipkinc`, `ellipeinc`, `ellipj` (methods:
//! [`scalar::elliptic`](super::scalar::elliptic)).
//!
//! ```
//! use kernels_std::{special, Array, Device};
//! let close = |a: f64, b: f64| (a / b - 1.0).abs() < 1e-14;
//! let m = Array::from_vec(&Device::cpu(), &[3], vec![0.0f64, 0.5, 1.0])?;
//! let k = special::ellipk(&m)?.to_vec()?;
//! assert!(close(k[0], std::f64::consts::FRAC_PI_2) && close(k[1], 1.8540746773013719));
//! assert_eq!(k[2], f64::INFINITY);
//! let k = special::ellipkm1(&m)?.to_vec()?;
//! assert!(k[0] == f64::INFINITY && close(k[2], std::f64::consts::FRAC_PI_2));
//! let e = special::ellipe(&m)?.to_vec()?;
//! assert!(close(e[1], 1.3506438810476755) && e[2] == 1.0);
//! let f = special::ellipkinc(1.0, &m)?.to_vec()?;
//! assert!(close(f[0], 1.0) && close(f[1], 1.0832167728451687));
//! let e = special::ellipeinc(1.0, &m)?.to_vec()?;
//! assert!(close(e[1], 0.92732988362444) && close(e[2], 1f64.sin()));
//! let (sn, cn, dn, ph) = special::ellipj(1.0, &m)?;
//! assert!(close(sn.to_vec()?[0], 1f64.sin()) && close(cn.to_vec()?[2], 1.0 / 1f64.cosh()));
//! assert!(dn.to_vec()?[0] == 1.0 && close(ph.to_vec()?[1], 0.9323150798838539));
//! # Ok::<(), kernels_std::Error>(())
//! ```
//!
//! Promotion: `ellipk`, `ellipkm1`, `ellipe`, `ellipkinc`, `ellipeinc`, `ellipj` list
//! `'d'` before `'f'` ([`Promote`](super::Promote): only `float32` stays `float32`).

use super::ufunc::ufunc;
use crate::prelude::*;
use array_runtime::IntoOperand;

ufunc! {
    /// The complete elliptic integral of the first kind `K(m)`, elementwise (SciPy's
    /// `ellipk`): `inf` at `m = 1`, NaN above.
    ///
    /// Example: [the family's page](self).
    ellipk(m): Promote;
    /// `K(1 - p)`, elementwise (SciPy's `ellipkm1`), accurate for tiny `p`: `inf` at 0, NaN
    /// below.
    ///
    /// Example: [the family's page](self).
    ellipkm1(p): Promote;
    /// The complete elliptic integral of the second kind `E(m)`, elementwise (SciPy's
    /// `ellipe`): 1 at `m = 1`, NaN above.
    ///
    /// Example: [the family's page](self).
    ellipe(m): Promote;
    /// The incomplete elliptic integral of the first kind `F(phi|m)`, elementwise (SciPy's
    /// `ellipkinc`): NaN for `m > 1`.
    ///
    /// Example: [the family's page](self).
    ellipkinc(phi, m): Promote;
    /// The incomplete elliptic integral of the second kind `E(phi|m)`, elementwise (SciPy's
    /// `ellipeinc`): NaN for `m > 1`.
    ///
    /// Example: [the family's page](self).
    ellipeinc(phi, m): Promote;
}

/// Jacobi's elliptic functions `(sn, cn, dn, ph)` of `u` and the parameter `m`, elementwise
/// (SciPy's `ellipj`; `ph` is the amplitude): NaN for `m` outside `[0, 1]`.
///
/// Example: [the family's page](self).
#[allow(clippy::type_complexity)]
pub fn ellipj<'a, T: super::Promote>(
    u: impl IntoOperand<'a, T>,
    m: impl IntoOperand<'a, T>,
) -> Result<(Array<T::Out>, Array<T::Out>, Array<T::Out>, Array<T::Out>)> {
    super::kernels::ellipj::<T::Out>(T::promote(u)?, T::promote(m)?)
}
