//! The binomial coefficient of real arguments, `binom`, the factorial, `factorial`, and the
//! counts `comb` and `perm` (methods:
//! [`scalar::combinatorics`](super::scalar::combinatorics)).
//!
//! ```
//! use kernels_std::{special, Array, Device};
//! let n = Array::from_vec(&Device::cpu(), &[4], vec![5.0f64, 2.5, -3.0, 10.0])?;
//! let c = special::binom(&n, 2.0)?.to_vec()?;
//! assert_eq!(&c[..2], &[10.0, 1.875]);
//! assert!(c[2].is_nan()); // SciPy: NaN at negative integers n
//! assert_eq!(c[3], 45.0);
//! let k = Array::from_vec(&Device::cpu(), &[3], vec![-1i32, 0, 5])?;
//! assert_eq!(special::factorial(&k)?.to_vec()?, vec![0.0, 1.0, 120.0]); // always f64
//! let c = special::comb(5.0, &n, false)?.to_vec()?; // k = 5, 2.5, -3, 10
//! assert_eq!((c[0], c[2], c[3]), (1.0, 0.0, 0.0)); // 0 outside 0 <= k <= n
//! assert_eq!(special::comb(5.0, 2.0, true)?.to_vec()?, vec![15.0]); // with repetition
//! assert_eq!(special::perm(5.0, 2.0)?.to_vec()?, vec![20.0]);
//! # Ok::<(), kernels_std::Error>(())
//! ```

use super::ufunc::ufunc;
use crate::prelude::*;
use array_runtime::kernel::elementwise::Operand;
use array_runtime::IntoOperand;

ufunc! {
    /// The binomial coefficient `Gamma(n + 1) / (Gamma(k + 1) Gamma(n - k + 1))` of real
    /// arguments, elementwise (SciPy's `binom`; `float32` first: [`PromoteF32`](super::PromoteF32)):
    /// NaN at negative integers `n` and infinite `k`, 0 at negative integers `k` and at
    /// integers `k > n` for a non-negative integer `n`.
    ///
    /// Example: [the family's page](self).
    binom(n, k): PromoteF32;
    /// The number of permutations of `n` things taken `k` at a time, elementwise (SciPy's
    /// `perm(n, k, exact=False)`): `poch(n - k + 1, k)` where `0 <= k <= n`, else 0 (NaN
    /// arguments too). SciPy's `exact=True` (Python integers) is not provided.
    ///
    /// Example: [the family's page](self).
    perm(n, k): PromoteF32;
}

/// The number of combinations of `n` things taken `k` at a time, elementwise (SciPy's
/// `comb(n, k, exact=False, repetition)`): [`binom`] where `0 <= k <= n`, else 0 (NaN
/// arguments too); with `repetition`, `binom(n + k - 1, k)`. SciPy's `exact=True` (Python
/// integers) is not provided.
///
/// Example: [the family's page](self).
pub fn comb<'a, T: super::PromoteF32>(
    n: impl IntoOperand<'a, T>,
    k: impl IntoOperand<'a, T>,
    repetition: bool,
) -> Result<Array<T::Out>> {
    if repetition {
        super::kernels::comb_repetition::<T::Out>(T::promote(n)?, T::promote(k)?)
    } else {
        super::kernels::comb::<T::Out>(T::promote(n)?, T::promote(k)?)
    }
}

/// The factorial `n! = Gamma(n + 1)`, elementwise, in `float64` for every input dtype
/// (SciPy's `factorial(n, exact=False)`, its default `extend='zero'`): 0 for `n < 0`, NaN for
/// NaN, `inf` from 171 on. SciPy's `exact=True` (Python integers) is not provided.
///
/// Example: [the family's page](self).
pub fn factorial<'a, T: DType>(n: impl IntoOperand<'a, T>) -> Result<Array<f64>> {
    let n = match n.into_operand() {
        Operand::Scalar(s) => Operand::Scalar(s.cast::<f64>()),
        Operand::Borrowed(a) => Operand::Owned(a.astype::<f64>()?),
        Operand::Owned(a) => Operand::Owned(a.astype::<f64>()?),
        Operand::Lazy(e) => Operand::Lazy(e.astype::<f64>()),
    };
    super::kernels::factorial::<f64>(n)
}
