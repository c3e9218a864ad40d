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
//! Promotion: SciPy's loops are `'fff->f'` then `'ddd->d'` ([`PromoteF32`](super::PromoteF32):
//! `int16` and `float16` give `float32`).

use super::ufunc::ufunc;

ufunc! {
    /// The regularized incomplete beta function `I_x(a, b)`, elementwise (SciPy's
    /// `betainc`): NaN for negative `a`, `b`, for `x` outside `[0, 1]` and for
    /// `a == b == 0`.
    ///
    /// Example: [the family's page](self).
    betainc(a, b, x): PromoteF32;
    /// The complement `1 - I_x(a, b)`, elementwise (SciPy's `betaincc`).
    ///
    /// Example: [the family's page](self).
    betaincc(a, b, x): PromoteF32;
    /// The inverse of [`betainc`] in `x`, elementwise (SciPy's `betaincinv`).
    ///
    /// Example: [the family's page](self).
    betaincinv(a, b, y): PromoteF32;
    /// The inverse of [`betaincc`] in `x`, elementwise (SciPy's `betainccinv`).
    ///
    /// Example: [the family's page](self).
    betainccinv(a, b, y): PromoteF32;
}
