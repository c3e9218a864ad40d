//! The Box-Cox transformations of `scipy.special`: `boxcox`, `boxcox1p`, `inv_boxcox`,
//! `inv_boxcox1p`.
//!
//! ```
//! use kernels_std::{special, Array, Device};
//! let close = |a: Vec<f64>, b: [f64; 2]| a.iter().zip(b).all(|(x, y)| (x - y).abs() < 1e-15);
//! let x = Array::from_vec(&Device::cpu(), &[2], vec![1.0f64, 3.0])?;
//! assert!(close(special::boxcox(&x, 1.0)?.to_vec()?, [0.0, 2.0]));
//! assert!(close(special::boxcox(&x, 0.0)?.to_vec()?, [0.0, 3f64.ln()]));
//! let x = Array::from_vec(&Device::cpu(), &[2], vec![0.0f64, 2.0])?;
//! assert!(close(special::boxcox1p(&x, 1.0)?.to_vec()?, [0.0, 2.0]));
//! assert!(close(special::inv_boxcox(&x, 1.0)?.to_vec()?, [1.0, 3.0]));
//! assert!(close(special::inv_boxcox1p(&x, 1.0)?.to_vec()?, [0.0, 2.0]));
//! # Ok::<(), kernels_std::Error>(())
//! ```

use super::ufunc::ufunc;

ufunc! {
    /// The Box-Cox transformation `(x^lambda - 1) / lambda` (`ln x` at `lambda == 0`),
    /// elementwise (SciPy's `boxcox`).
    ///
    /// Example: [the family's page](self).
    boxcox(x, lmbda): PromoteF32;
    /// `boxcox(1 + x, lambda)`, accurate for small `x`, elementwise (SciPy's `boxcox1p`).
    ///
    /// Example: [the family's page](self).
    boxcox1p(x, lmbda): PromoteF32;
    /// The inverse of [`boxcox`], elementwise (SciPy's `inv_boxcox`).
    ///
    /// Example: [the family's page](self).
    inv_boxcox(y, lmbda): PromoteF32;
    /// The inverse of [`boxcox1p`], elementwise (SciPy's `inv_boxcox1p`).
    ///
    /// Example: [the family's page](self).
    inv_boxcox1p(y, lmbda): PromoteF32;
}
