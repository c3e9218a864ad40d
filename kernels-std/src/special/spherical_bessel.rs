//! The spherical Bessel functions of `scipy.special` for real arguments: `spherical_jn`,
//! `spherical_yn`, `spherical_in`, `spherical_kn`, each with SciPy's `derivative` flag
//! (methods: [`scalar::spherical_bessel`](super::scalar::spherical_bessel)).
//!
//! ```
//! use kernels_std::{special, Array, Device};
//! let close = |a: f64, b: f64| (a / b - 1.0).abs() < 1e-14;
//! let x = Array::from_vec(&Device::cpu(), &[4], vec![0.0f64, 1.5, -1.5, f64::INFINITY])?;
//! let j = special::spherical_jn(2.0, &x, false)?.to_vec()?;
//! assert!(j[0] == 0.0 && close(j[1], 0.12734928368840834) && close(j[2], j[1]) && j[3] == 0.0);
//! let dj = special::spherical_jn(1.0, &x, true)?.to_vec()?;
//! assert!(close(dj[0], 1.0 / 3.0) && close(dj[1], 0.13676603011973998));
//! let y = special::spherical_yn(2.0, &x, false)?.to_vec()?;
//! assert!(y[0] == f64::NEG_INFINITY && close(y[1], -1.3457126936204509) && close(y[2], -y[1]));
//! let dy = special::spherical_yn(1.0, &x, true)?.to_vec()?;
//! assert!(dy[0].is_nan() && close(dy[1], 0.8814224175985889)); // SciPy's inf - inf at 0
//! let i = special::spherical_in(2.0, &x, false)?.to_vec()?;
//! assert!(close(i[1], 0.1756663320453863) && i[3] == f64::INFINITY);
//! let k = special::spherical_kn(2.0, &x, false)?.to_vec()?;
//! assert!(k[0] == f64::INFINITY && close(k[1], 1.0125325483240086));
//! assert!(close(k[2], -1.5644046065608597)); // SciPy's real value at negative x
//! let dk = special::spherical_kn(1.0, &x, true)?.to_vec()?;
//! assert!(dk[0] == f64::NEG_INFINITY && close(dk[1], -0.7529088179845194));
//! // Orders are truncated to integers (SciPy converts them to C longs); negative ones give NaN.
//! let n = Array::from_vec(&Device::cpu(), &[2], vec![2.7f64, -1.0])?;
//! let j = special::spherical_jn(&n, 1.5, false)?.to_vec()?;
//! assert!(close(j[0], 0.12734928368840834) && j[1].is_nan());
//! // SciPy's result dtypes: float64 for jn, yn, in (float32 too), float32 stays for kn.
//! let x32 = Array::from_vec(&Device::cpu(), &[1], vec![1.5f32])?;
//! assert_eq!(special::spherical_jn(2.0f32, &x32, false)?.dtype(), kernels_std::DTypeId::F64);
//! assert_eq!(special::spherical_kn(2.0f32, &x32, false)?.dtype(), kernels_std::DTypeId::F32);
//! # Ok::<(), kernels_std::Error>(())
//! ```
//!
//! Promotion: SciPy's loops are `'ld->d'` before `'lf->f'` (the order a C `long`), and its
//! Python wrappers multiply the results of `spherical_jn`, `spherical_yn`, `spherical_in` by
//! an integer sign array, so these give `float64` for every input
//! ([`PromoteF64`](super::PromoteF64)); `spherical_kn` keeps `float32`
//! ([`Promote`](super::Promote)). Complex arguments are not here.

use crate::prelude::*;
use array_runtime::IntoOperand;

/// The spherical Bessel function of the first kind `j_n(z)` or, with `derivative`, its
/// derivative, elementwise (SciPy's `spherical_jn` for real `z`; `n` truncated to an
/// integer, NaN for `n < 0`).
///
/// Example: [the family's page](self).
pub fn spherical_jn<'a, T: super::PromoteF64>(
    n: impl IntoOperand<'a, T>,
    z: impl IntoOperand<'a, T>,
    derivative: bool,
) -> Result<Array<T::Out>> {
    let (n, z) = (T::promote(n)?, T::promote(z)?);
    if derivative {
        super::kernels::spherical_jn_d::<T::Out>(n, z)
    } else {
        super::kernels::spherical_jn::<T::Out>(n, z)
    }
}

/// The spherical Bessel function of the second kind `y_n(z)` or, with `derivative`, its
/// derivative, elementwise (SciPy's `spherical_yn` for real `z`: `-inf` at 0).
///
/// Example: [the family's page](self).
pub fn spherical_yn<'a, T: super::PromoteF64>(
    n: impl IntoOperand<'a, T>,
    z: impl IntoOperand<'a, T>,
    derivative: bool,
) -> Result<Array<T::Out>> {
    let (n, z) = (T::promote(n)?, T::promote(z)?);
    if derivative {
        super::kernels::spherical_yn_d::<T::Out>(n, z)
    } else {
        super::kernels::spherical_yn::<T::Out>(n, z)
    }
}

/// The modified spherical Bessel function of the first kind `i_n(z)` or, with `derivative`,
/// its derivative, elementwise (SciPy's `spherical_in` for real `z`).
///
/// Example: [the family's page](self).
pub fn spherical_in<'a, T: super::PromoteF64>(
    n: impl IntoOperand<'a, T>,
    z: impl IntoOperand<'a, T>,
    derivative: bool,
) -> Result<Array<T::Out>> {
    let (n, z) = (T::promote(n)?, T::promote(z)?);
    if derivative {
        super::kernels::spherical_in_d::<T::Out>(n, z)
    } else {
        super::kernels::spherical_in::<T::Out>(n, z)
    }
}

/// The modified spherical Bessel function of the second kind `k_n(z)` or, with
/// `derivative`, its derivative, elementwise (SciPy's `spherical_kn` for real `z`: `inf` at
/// 0; at negative `z` the real part of SciPy's principal-branch value).
///
/// Example: [the family's page](self).
pub fn spherical_kn<'a, T: super::Promote>(
    n: impl IntoOperand<'a, T>,
    z: impl IntoOperand<'a, T>,
    derivative: bool,
) -> Result<Array<T::Out>> {
    let (n, z) = (T::promote(n)?, T::promote(z)?);
    if derivative {
        super::kernels::spherical_kn_d::<T::Out>(n, z)
    } else {
        super::kernels::spherical_kn::<T::Out>(n, z)
    }
}
