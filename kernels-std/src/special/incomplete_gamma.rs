//! The regularized incomplete gamma functions of `scipy.special` and their inverses:
//! `gammainc`, `gammaincc`, `gammaincinv`, `gammainccinv`.
//!
//! ```
//! use kernels_std::{special, Array, Device};
//! let a = Array::from_vec(&Device::cpu(), &[3], vec![1.0f64, 0.5, 3.0])?;
//! let p = special::gammainc(&a, 2.0)?;
//! let q = special::gammaincc(&a, 2.0)?.to_vec()?;
//! assert!((q[0] - (-2.0f64).exp()).abs() < 1e-16);
//! let x = special::gammaincinv(&a, &p)?.to_vec()?;
//! assert!(x.iter().all(|x| (x - 2.0).abs() < 1e-14));
//! let x = special::gammainccinv(&a, 0.0)?.to_vec()?;
//! assert_eq!(x, vec![f64::INFINITY; 3]);
//! # Ok::<(), kernels_std::Error>(())
//! ```

use super::ufunc::ufunc;

ufunc! {
    /// The regularized lower incomplete gamma function `P(a, x)`, elementwise (SciPy's
    /// `gammainc`): NaN for negative arguments.
    ///
    /// Example: [the family's page](self).
    gammainc(a, x): Promote;
    /// The regularized upper incomplete gamma function `Q(a, x) = 1 - P(a, x)`,
    /// elementwise (SciPy's `gammaincc`).
    ///
    /// Example: [the family's page](self).
    gammaincc(a, x): Promote;
    /// The inverse of [`gammainc`] in `x`, elementwise (SciPy's `gammaincinv`).
    ///
    /// Example: [the family's page](self).
    gammaincinv(a, p): Promote;
    /// The inverse of [`gammaincc`] in `x`, elementwise (SciPy's `gammainccinv`).
    ///
    /// Example: [the family's page](self).
    gammainccinv(a, q): Promote;
}
