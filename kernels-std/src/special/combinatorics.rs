//! The binomial coefficient of real arguments, `binom` (methods:
//! [`scalar::combinatorics`](super::scalar::combinatorics)).
//!
//! ```
//! use kernels_std::{special, Array, Device};
//! let n = Array::from_vec(&Device::cpu(), &[4], vec![5.0f64, 2.5, -3.0, 10.0])?;
//! let c = special::binom(&n, 2.0)?.to_vec()?;
//! assert_eq!(&c[..2], &[10.0, 1.875]);
//! assert!(c[2].is_nan()); // SciPy: NaN at negative integers n
//! assert_eq!(c[3], 45.0);
//! # Ok::<(), kernels_std::Error>(())
//! ```

use super::ufunc::ufunc;

ufunc! {
    /// The binomial coefficient `Gamma(n + 1) / (Gamma(k + 1) Gamma(n - k + 1))` of real
    /// arguments, elementwise (SciPy's `binom`; `float32` first: [`PromoteF32`](super::PromoteF32)):
    /// NaN at negative integers `n` and infinite `k`, 0 at negative integers `k` and at
    /// integers `k > n` for a non-negative integer `n`.
    ///
    /// Example: [the family's page](self).
    binom(n, k): PromoteF32;
}
