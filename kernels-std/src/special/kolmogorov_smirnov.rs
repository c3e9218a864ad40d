//! The Kolmogorov distribution of `scipy.special`: `kolmogorov` (the survival function of
//! the limit of `sqrt(n) D_n`, the two-sided Kolmogorov-Smirnov statistic) and `kolmogi`
//! (its inverse) (methods: [`scalar::kolmogorov_smirnov`](super::scalar::kolmogorov_smirnov)).
//!
//! ```
//! use kernels_std::{special, Array, Device};
//! let close = |a: f64, b: f64| (a / b - 1.0).abs() < 1e-14;
//! let x = Array::from_vec(&Device::cpu(), &[3], vec![0.0f64, 0.5, 1.0])?;
//! let p = special::kolmogorov(&x)?.to_vec()?;
//! assert!(p[0] == 1.0 && close(p[1], 0.9639452436648751) && close(p[2], 0.26999967167735456));
//! let y = special::kolmogi(&special::kolmogorov(&x)?)?.to_vec()?;
//! assert!(y[0] == 0.0 && close(y[1], 0.5) && close(y[2], 1.0));
//! # Ok::<(), kernels_std::Error>(())
//! ```
//!
//! Promotion: both list `float32` first ([`PromoteF32`](super::PromoteF32)).

use super::ufunc::ufunc;

ufunc! {
    /// The survival function of the Kolmogorov distribution, elementwise (SciPy's
    /// `kolmogorov`): 1 for `x <= 0`, 0 at `inf`.
    ///
    /// Example: [the family's page](self).
    kolmogorov(x): PromoteF32;
    /// The inverse of [`kolmogorov()`], elementwise (SciPy's `kolmogi`): 0 at `p = 1`,
    /// `inf` at `p = 0`, NaN outside `[0, 1]`.
    ///
    /// Example: [the family's page](self).
    kolmogi(p): PromoteF32;
}
