//! The exponential integrals of `scipy.special` for real arguments: `exp1`, `expi`, `expn`,
//! `sici`, `shichi`, `spence` (methods: [`scalar::expint`](super::scalar::expint)).
//!
//! ```
//! use kernels_std::{special, Array, Device};
//! let close = |a: f64, b: f64| (a / b - 1.0).abs() < 1e-14;
//! let x = Array::from_vec(&Device::cpu(), &[3], vec![0.0f64, 1.0, 50.0])?;
//! let e = special::exp1(&x)?.to_vec()?;
//! assert!(e[0] == f64::INFINITY && close(e[1], 0.21938393439552029));
//! let e = special::expi(&x)?.to_vec()?;
//! assert!(e[0] == f64::NEG_INFINITY && close(e[2], 1.0585636897131690e20));
//! let e = special::expn(3.0, &x)?.to_vec()?;
//! assert!(close(e[0], 0.5) && close(e[1], 0.10969196719776013));
//! let (si, ci) = special::sici(&x)?;
//! let (si, ci) = (si.to_vec()?, ci.to_vec()?);
//! assert!(si[0] == 0.0 && ci[0] == f64::NEG_INFINITY && close(si[2], 1.5516170724859358));
//! assert!(close(ci[1], 0.33740392290096813));
//! let (shi, chi) = special::shichi(&x)?;
//! assert!(close(shi.to_vec()?[1], 1.0572508753757286) && close(chi.to_vec()?[1], 0.83786694098020824));
//! let s = special::spence(&x)?.to_vec()?;
//! assert!(close(s[0], std::f64::consts::PI.powi(2) / 6.0) && s[1] == 0.0);
//! # Ok::<(), kernels_std::Error>(())
//! ```
//!
//! Promotion: SciPy's loops of `exp1`, `expi`, `sici`, `shichi`, `spence` are `'f->f'`
//! before `'d->d'` ([`PromoteF32`](super::PromoteF32)); `expn`'s are `'ld->d'`, `'ff->f'`,
//! `'dd->d'` ([`PromoteLong`](super::PromoteLong)).

use super::ufunc::ufunc;
use crate::prelude::*;
use array_runtime::IntoOperand;

ufunc! {
    /// The exponential integral `E1(x)`, elementwise (SciPy's `exp1` for real `x`): `inf`
    /// at 0, NaN for `x < 0` (the complex form is not here).
    ///
    /// Example: [the family's page](self).
    exp1(x): PromoteF32;
    /// The exponential integral `Ei(x)`, elementwise (SciPy's `expi` for real `x`): `-inf`
    /// at 0, `-E1(-x)` below.
    ///
    /// Example: [the family's page](self).
    expi(x): PromoteF32;
    /// The generalized exponential integral `E_n(x)`, elementwise (SciPy's `expn`): `n`
    /// truncated to an integer, NaN for `n < 0` or `x < 0`.
    ///
    /// Example: [the family's page](self).
    expn(n, x): PromoteLong;
    /// Spence's function `Li2(1 - x)`, elementwise (SciPy's `spence` for real `x`): NaN for
    /// `x < 0` and at `inf`.
    ///
    /// Example: [the family's page](self).
    spence(x): PromoteF32;
}

/// The sine and cosine integrals `(Si(x), Ci(x))`, elementwise (SciPy's `sici` for real
/// `x`): `Ci` of a negative `x` is `Ci(|x|)` (the real part), `Ci(0) = -inf`.
///
/// Example: [the family's page](self).
#[allow(clippy::type_complexity)]
pub fn sici<'a, T: super::PromoteF32>(
    x: impl IntoOperand<'a, T>,
) -> Result<(Array<T::Out>, Array<T::Out>)> {
    super::kernels::sici::<T::Out>(T::promote(x)?)
}

/// The hyperbolic sine and cosine integrals `(Shi(x), Chi(x))`, elementwise (SciPy's
/// `shichi` for real `x`): `Chi` of a negative `x` is `Chi(|x|)` (the real part),
/// `Chi(0) = -inf`.
///
/// Example: [the family's page](self).
#[allow(clippy::type_complexity)]
pub fn shichi<'a, T: super::PromoteF32>(
    x: impl IntoOperand<'a, T>,
) -> Result<(Array<T::Out>, Array<T::Out>)> {
    super::kernels::shichi::<T::Out>(T::promote(x)?)
}
