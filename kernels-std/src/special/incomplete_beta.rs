//! The regularized incomplete beta function of `scipy.special` and its inverses:
//! `betainc`, `betaincc`, `betaincinv`, `betainccinv`.
//!
//! ```
//! use kernels_std::{special, Array, Device};
//! let x = Array::from_vec(&Device::cpu(), &[3], vec![0.1f64, 0.5, 0.9])?;
//! let p = special::betainc(2.0, 3.0, &x)?;
//! assert!((p.to_vec()?[1] - 0.6875).abs() < 1e-15); // I_(1/2)(2, 3) = 11/16
//! let q = special::betaincc(2.0, 3.0, &x)?.to_vec()?;
//! assert!((q[1] - 0.3125).abs() < 1e-15);
//! let back = special::betaincinv(2.0, 3.0, &p)?.to_vec()?;
//! assert!(back.iter().zip([0.1, 0.5, 0.9]).all(|(b, x)| (b - x).abs() < 1e-15));
//! let one = special::betainccinv(2.0, 3.0, 0.0)?.to_vec()?;
//! assert_eq!(one, vec![1.0]);
//! # Ok::<(), kernels_std::Error>(())
//! ```
//!
//! Promotion: SciPy's loops are `'fff->f'` then `'ddd->d'` ([`PromoteF32`]:
//! `int16` and `float16` give `float32`).

use super::promote::share;
use super::ufunc::ufunc;
use super::{kernels, scalar, PromoteF32};
use crate::prelude::*;
use array_runtime::kernel::elementwise::Operand;
use array_runtime::IntoOperand;

/// The regularized incomplete beta function `I_x(a, b)`, elementwise (SciPy's `betainc`):
/// NaN for negative `a`, `b`, for `x` outside `[0, 1]` and for `a == b == 0`.
///
/// Example: [the family's page](self).
pub fn betainc<'a, T: PromoteF32>(
    a: impl IntoOperand<'a, T>,
    b: impl IntoOperand<'a, T>,
    x: impl IntoOperand<'a, T>,
) -> Result<Array<T::Out>> {
    let (a, b) = (T::promote(a)?, T::promote(b)?);
    let bab = parameter_beta(&a, &b)?;
    kernels::betainc::<T::Out>(a, b, T::promote(x)?, bab)
}

/// The complement `1 - I_x(a, b)`, elementwise (SciPy's `betaincc`).
///
/// Example: [the family's page](self).
pub fn betaincc<'a, T: PromoteF32>(
    a: impl IntoOperand<'a, T>,
    b: impl IntoOperand<'a, T>,
    x: impl IntoOperand<'a, T>,
) -> Result<Array<T::Out>> {
    let (a, b) = (T::promote(a)?, T::promote(b)?);
    let bab = parameter_beta(&a, &b)?;
    kernels::betaincc::<T::Out>(a, b, T::promote(x)?, bab)
}

/// `B(a, b)` where the kernels divide by it (`scalar::ibeta_beta`), over the parameters'
/// broadcast shape only: once for all the `x` that share them (three gamma functions per
/// element fewer where `a` and `b` are scalars or short arrays).
fn parameter_beta<'b, F: Float>(
    a: &Operand<'b, F>,
    b: &Operand<'b, F>,
) -> Result<Operand<'b, f64>> {
    Ok(match (a, b) {
        (Operand::Scalar(a), Operand::Scalar(b)) => {
            Operand::Scalar(scalar::ibeta_beta(a.cast::<f64>(), b.cast::<f64>()))
        }
        _ => Operand::Owned(kernels::ibeta_beta::<F>(share(a), share(b))?),
    })
}

ufunc! {
    /// The inverse of [`betainc`] in `x`, elementwise (SciPy's `betaincinv`).
    ///
    /// Example: [the family's page](self).
    betaincinv(a, b, y): PromoteF32;
    /// The inverse of [`betaincc`] in `x`, elementwise (SciPy's `betainccinv`).
    ///
    /// Example: [the family's page](self).
    betainccinv(a, b, y): PromoteF32;
}
