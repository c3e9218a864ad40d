//! The Box-Cox transformations of `scipy.special`: `boxcox`, `boxcox1p`, `inv_boxcox`,
//! `inv_boxcox1p`.

use super::ufunc::ufunc;

ufunc! {
    /// The Box-Cox transformation `(x^lambda - 1) / lambda` (`ln x` at `lambda == 0`),
    /// elementwise (SciPy's `boxcox`).
    ///
    /// ```
    /// use kernels_std::{special, Array, Device};
    /// let x = Array::from_vec(&Device::cpu(), &[2], vec![1.0f64, 3.0])?;
    /// assert_eq!(special::boxcox(&x, 1.0)?.to_vec()?, vec![0.0, 2.0]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    boxcox(x, lmbda): PromoteF32;
    /// `boxcox(1 + x, lambda)`, accurate for small `x`, elementwise (SciPy's `boxcox1p`).
    ///
    /// ```
    /// use kernels_std::{special, Array, Device};
    /// let x = Array::from_vec(&Device::cpu(), &[2], vec![0.0f64, 2.0])?;
    /// assert_eq!(special::boxcox1p(&x, 1.0)?.to_vec()?, vec![0.0, 2.0]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    boxcox1p(x, lmbda): PromoteF32;
    /// The inverse of [`boxcox`], elementwise (SciPy's `inv_boxcox`).
    ///
    /// ```
    /// use kernels_std::{special, Array, Device};
    /// let y = Array::from_vec(&Device::cpu(), &[2], vec![0.0f64, 2.0])?;
    /// assert_eq!(special::inv_boxcox(&y, 1.0)?.to_vec()?, vec![1.0, 3.0]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    inv_boxcox(y, lmbda): PromoteF32;
    /// The inverse of [`boxcox1p`], elementwise (SciPy's `inv_boxcox1p`).
    ///
    /// ```
    /// use kernels_std::{special, Array, Device};
    /// let y = Array::from_vec(&Device::cpu(), &[2], vec![0.0f64, 2.0])?;
    /// assert_eq!(special::inv_boxcox1p(&y, 1.0)?.to_vec()?, vec![0.0, 2.0]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    inv_boxcox1p(y, lmbda): PromoteF32;
}
