//! The Lambert W function of `scipy.special`: `lambertw` on any integer branch, complex
//! results (methods: [`scalar::lambert`](super::scalar::lambert)).
//!
//! ```
//! use kernels_std::{special, Array, Complex, Device};
//! let z = Array::from_vec(&Device::cpu(), &[3], vec![1.0f64, -0.25, 10.0])?;
//! let w = special::lambertw(&z, 0i64, 1e-8)?.to_vec()?; // c128, as SciPy's
//! assert_eq!(w[0], Complex::new(0.5671432904097838, 0.0)); // the omega constant
//! assert!((w[2].re - 1.7455280027406994).abs() < 1e-15 && w[2].im == 0.0);
//! // the real branch below -1 on (-1/e, 0); complex elsewhere
//! let k = Array::from_vec(&Device::cpu(), &[3], vec![-1i64, -1, 1])?;
//! let w = special::lambertw(&z, &k, 1e-8)?.to_vec()?;
//! assert!((w[1].re + 2.153292364110349).abs() < 1e-14 && w[1].im == 0.0);
//! assert!((w[0].im + 4.375185153061898).abs() < 1e-14);
//! # Ok::<(), kernels_std::Error>(())
//! ```
//!
//! Promotion: every input dtype gives `c128` ([`PromoteC128`](super::PromoteC128)); SciPy
//! converts `k` to `long` (truncating floats): here it is an `i64` operand.

use crate::prelude::*;
use array_runtime::IntoOperand;

/// The Lambert W function `W_k(z)` (`w e^w = z`), elementwise over broadcast `z`, `k`,
/// `tol` (SciPy's `lambertw(z, k=0, tol=1e-8)`): Halley's iteration until a step is at most
/// `tol` times the value (NaN without convergence in 100 steps, as SciPy), the branch-point
/// series where that iteration would lose digits. `W_0(0) = 0`, `W_k(0) = -inf` (`k != 0`);
/// a NaN part gives `z`; infinities as SciPy. Where we differ: at the double nearest `-1/e`
/// (and within about `1e-15` of it) SciPy gives NaN, we the series' value.
///
/// Example: [the family's page](self).
pub fn lambertw<'a, T: super::PromoteC128>(
    z: impl IntoOperand<'a, T>,
    k: impl IntoOperand<'a, i64>,
    tol: impl IntoOperand<'a, f64>,
) -> Result<Array<c128>> {
    super::kernels::lambertw(T::promote(z)?, k, tol)
}
