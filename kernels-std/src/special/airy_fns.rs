//! The Airy functions of `scipy.special` for real arguments: `airy` (`Ai`, `Ai'`, `Bi`,
//! `Bi'`) and `airye` (scaled by `e^zeta` and `e^-|Re zeta|`, `zeta = 2/3 x^(3/2)`) (methods:
//! [`scalar::airy`](super::scalar::airy)).
//!
//! ```
//! use kernels_std::{special, Array, Device};
//! let close = |a: f64, b: f64| (a / b - 1.0).abs() < 1e-14;
//! let x = Array::from_vec(&Device::cpu(), &[3], vec![-2.0f64, 0.0, 1.0])?;
//! let (ai, aip, bi, bip) = special::airy(&x)?;
//! let (ai, aip, bi, bip) = (ai.to_vec()?, aip.to_vec()?, bi.to_vec()?, bip.to_vec()?);
//! assert!(close(ai[0], 0.22740742820168557) && close(aip[1], -0.2588194037928068));
//! assert!(close(bi[2], 1.2074235949528713) && close(bip[0], 0.27879516692116952));
//! let (eai, _, ebi, _) = special::airye(&x)?;
//! assert!(eai.to_vec()?[0].is_nan() && close(eai.to_vec()?[2], 0.2635136447491401));
//! assert!(close(ebi.to_vec()?[0], bi[0]));
//! # Ok::<(), kernels_std::Error>(())
//! ```
//!
//! Promotion: both list `float32` first ([`PromoteF32`](super::PromoteF32)).

use crate::prelude::*;
use array_runtime::IntoOperand;

/// The Airy functions `(Ai, Ai', Bi, Bi')` of real `x`, elementwise (SciPy's `airy`):
/// `(0, 0, inf, inf)` at `+inf` and overflow `inf` (SciPy: NaN), NaN at `-inf` and below
/// `-1e10` (SciPy: NaN below about `-1.05e6`).
///
/// Example: [the family's page](self).
#[allow(clippy::type_complexity)]
pub fn airy<'a, T: super::PromoteF32>(
    x: impl IntoOperand<'a, T>,
) -> Result<(Array<T::Out>, Array<T::Out>, Array<T::Out>, Array<T::Out>)> {
    super::kernels::airy::<T::Out>(T::promote(x)?)
}

/// The exponentially scaled Airy functions `(e^zeta Ai, e^zeta Ai', e^-|Re zeta| Bi,
/// e^-|Re zeta| Bi')`, `zeta = 2/3 x^(3/2)`, elementwise (SciPy's `airye` for real `x`):
/// the first two NaN for `x < 0`, the last two `Bi`, `Bi'` there.
///
/// Example: [the family's page](self).
#[allow(clippy::type_complexity)]
pub fn airye<'a, T: super::PromoteF32>(
    x: impl IntoOperand<'a, T>,
) -> Result<(Array<T::Out>, Array<T::Out>, Array<T::Out>, Array<T::Out>)> {
    super::kernels::airye::<T::Out>(T::promote(x)?)
}
