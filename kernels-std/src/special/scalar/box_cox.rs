//! The Box-Cox transformations and their inverses: `boxcox`, `boxcox1p`, `inv_boxcox`,
//! `inv_boxcox1p`.
//!
//! ```
//! use kernels_std::special::scalar as sp;
//! assert_eq!(sp::boxcox(1.0, 2.5), 0.0);
//! assert_eq!(sp::boxcox1p(0.0, 2.5), 0.0);
//! assert!((sp::inv_boxcox(2.0, 1.0) - 3.0).abs() < 1e-15);
//! assert!((sp::inv_boxcox1p(2.0, 1.0) - 2.0).abs() < 1e-15);
//! # Ok::<(), kernels_std::Error>(())
//! ```

use crate::prelude::*;

/// The Box-Cox transformation `(x^lambda - 1) / lambda`, `ln(x)` at `lambda == 0` (SciPy's
/// `boxcox`), through `expm1` so that small `lambda ln(x)` keep their digits.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn boxcox(x: f64, lmbda: f64) -> f64 {
    if lmbda.abs() < 1e-19 {
        x.ln()
    } else {
        (lmbda * x.ln()).exp_m1() / lmbda
    }
}

/// `boxcox(1 + x, lambda)`, accurate for small `x` (SciPy's `boxcox1p`).
///
/// Example: [the family's page](self).
#[device_fn]
pub fn boxcox1p(x: f64, lmbda: f64) -> f64 {
    let lgx = x.ln_1p();
    if lmbda.abs() < 1e-19 {
        lgx
    } else {
        (lmbda * lgx).exp_m1() / lmbda
    }
}

/// The inverse of [`boxcox()`]: `(1 + lambda y)^(1/lambda)`, `e^y` at `lambda == 0` (SciPy's
/// `inv_boxcox`).
///
/// Example: [the family's page](self).
#[device_fn]
pub fn inv_boxcox(y: f64, lmbda: f64) -> f64 {
    if lmbda == 0.0 {
        y.exp()
    } else {
        ((lmbda * y).ln_1p() / lmbda).exp()
    }
}

/// The inverse of [`boxcox1p()`] (SciPy's `inv_boxcox1p`).
///
/// Example: [the family's page](self).
#[device_fn]
pub fn inv_boxcox1p(y: f64, lmbda: f64) -> f64 {
    if lmbda == 0.0 {
        y.exp_m1()
    } else if (lmbda * y).abs() < 1e-154 {
        y
    } else {
        ((lmbda * y).ln_1p() / lmbda).exp_m1()
    }
}
