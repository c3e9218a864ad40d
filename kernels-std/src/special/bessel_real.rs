//! The Bessel functions of real order of `scipy.special` for real arguments: `iv`, `ive`,
//! `kv`, `kve`, `jv`, `jve`, `yv`, `yve` (methods:
//! [`scalar::bessel_real`](super::scalar::bessel_real)).
//!
//! ```
//! use kernels_std::{special, Array, Device};
//! let close = |a: f64, b: f64| (a / b - 1.0).abs() < 1e-14;
//! let v = Array::from_vec(&Device::cpu(), &[3], vec![2.5f64, -2.5, 3.0])?;
//! let i = special::iv(&v, 1.5f64)?.to_vec()?; // the argument picks the loop: type its literal
//! assert!(close(i[0], 0.17166202218829626) && close(i[1], 0.8015666610717219));
//! let i = special::iv(&v, -1.5f64)?.to_vec()?; // integer orders only below 0
//! assert!(i[0].is_nan() && close(i[2], -0.08077411301609232));
//! let i = special::ive(&v, 1.5f64)?.to_vec()?;
//! assert!(close(i[0], 0.03830297450227791));
//! let k = special::kv(&v, 1.5f64)?.to_vec()?;
//! assert!(close(k[0], 0.9894518929891505) && k[0] == k[1]); // K_-v = K_v
//! let k = special::kve(&v, 1.5f64)?.to_vec()?;
//! assert!(close(k[0], 4.4344157344347845));
//! let x = Array::from_vec(&Device::cpu(), &[3], vec![0.0f64, f64::INFINITY, -1.0])?;
//! let k = special::kv(1.5, &x)?.to_vec()?;
//! assert!(k[0] == f64::INFINITY && k[1] == 0.0 && k[2].is_nan());
//! assert!(special::iv(1.5, &x)?.to_vec()?[1].is_nan()); // SciPy's value at inf
//! let j = special::jv(&v, 1.5f64)?.to_vec()?;
//! assert!(close(j[0], 0.12444635979838772) && close(j[1], 1.315037204805194));
//! let j = special::jv(&v, -1.5f64)?.to_vec()?; // integer orders only below 0
//! assert!(j[0].is_nan() && close(j[2], -0.06096395114113964));
//! let j = special::jve(&v, 1.5f64)?.to_vec()?; // jve = jv for real x
//! assert!(close(j[0], 0.12444635979838772) && close(j[1], 1.315037204805194));
//! let y = special::yv(&v, 1.5f64)?.to_vec()?;
//! assert!(close(y[0], -1.315037204805194) && close(y[1], 0.12444635979838772));
//! let y = special::yve(&v, 1.5f64)?.to_vec()?;
//! assert!(close(y[0], -1.315037204805194));
//! # Ok::<(), kernels_std::Error>(())
//! ```
//!
//! Promotion: SciPy's loops are `'ff->f'` before `'dd->d'`
//! ([`PromoteF32`](super::PromoteF32)); complex arguments take SciPy's `'fF->F'` and
//! `'dD->D'` loops ([`BesselLoops`]: `c64` with `f32` orders, `c128` with `f64` orders;
//! methods: [`scalar::complex_bessel`](super::scalar::complex_bessel)):
//!
//! ```
//! use kernels_std::{c128, special, Array, Device};
//! let close = |a: c128, b: c128| (a - b).norm() < 1e-14 * b.norm();
//! let z = Array::from_vec(&Device::cpu(), &[2], vec![c128::new(1.0, 2.0), c128::new(-3.0, 0.0)])?;
//! let j = special::jv(0.5, &z)?.to_vec()?;
//! assert!(close(j[0], c128::new(1.9866134730419236, 0.0013808728354313127)));
//! assert!(close(j[1], c128::new(0.0, 0.06500818287737592))); // the upper side of the cut, as SciPy
//! let k = special::kv(-1.5, &z)?.to_vec()?;
//! assert!(close(k[0], c128::new(-0.3762721693456979, -0.10262602586821047)));
//! let h = special::hankel1(2.0, &z)?.to_vec()?;
//! assert!(close(h[0], c128::new(-0.1371796434738962, 0.011074295699868654)));
//! # Ok::<(), kernels_std::Error>(())
//! ```

use super::bessel_loops::{BesselLoops, Hankel};
use crate::prelude::*;
use array_runtime::IntoOperand;

/// The modified Bessel function of the first kind of real order `I_v(x)`, elementwise
/// (SciPy's `iv`: for real `x` NaN for `x < 0` unless `v` is an integer, NaN at
/// `x = +-inf`; complex `x` too, see [`BesselLoops`]).
///
/// Example: [the family's page](self).
pub fn iv<'a, T: BesselLoops>(
    v: impl IntoOperand<'a, T::Order>,
    z: impl IntoOperand<'a, T>,
) -> Result<Array<T::Out>> {
    T::iv(v, z)
}

/// The exponentially scaled `e^-|Re x| I_v(x)`, elementwise (SciPy's `ive`).
///
/// Example: [the family's page](self).
pub fn ive<'a, T: BesselLoops>(
    v: impl IntoOperand<'a, T::Order>,
    z: impl IntoOperand<'a, T>,
) -> Result<Array<T::Out>> {
    T::ive(v, z)
}

/// The modified Bessel function of the second kind of real order `K_v(x)`, elementwise
/// (SciPy's `kv`: for real `x` `inf` at 0, NaN below; complex `x` too, NaN at 0).
///
/// Example: [the family's page](self).
pub fn kv<'a, T: BesselLoops>(
    v: impl IntoOperand<'a, T::Order>,
    z: impl IntoOperand<'a, T>,
) -> Result<Array<T::Out>> {
    T::kv(v, z)
}

/// The exponentially scaled `e^x K_v(x)`, elementwise (SciPy's `kve`).
///
/// Example: [the family's page](self).
pub fn kve<'a, T: BesselLoops>(
    v: impl IntoOperand<'a, T::Order>,
    z: impl IntoOperand<'a, T>,
) -> Result<Array<T::Out>> {
    T::kve(v, z)
}

/// The Bessel function of the first kind of real order `J_v(x)`, elementwise (SciPy's
/// `jv`: for real `x` NaN for `x < 0` unless `v` is an integer, NaN at `x = +-inf`;
/// complex `x` too).
///
/// Example: [the family's page](self).
pub fn jv<'a, T: BesselLoops>(
    v: impl IntoOperand<'a, T::Order>,
    z: impl IntoOperand<'a, T>,
) -> Result<Array<T::Out>> {
    T::jv(v, z)
}

/// `e^-|Im x| J_v(x)`, elementwise (SciPy's `jve`; for real `x` its factor is 1, and a
/// few edge values differ from `jv`, as in SciPy).
///
/// Example: [the family's page](self).
pub fn jve<'a, T: BesselLoops>(
    v: impl IntoOperand<'a, T::Order>,
    z: impl IntoOperand<'a, T>,
) -> Result<Array<T::Out>> {
    T::jve(v, z)
}

/// The Bessel function of the second kind of real order `Y_v(x)`, elementwise (SciPy's
/// `yv`: for real `x` NaN for `x < 0`, `-inf` at 0; complex `x` too).
///
/// Example: [the family's page](self).
pub fn yv<'a, T: BesselLoops>(
    v: impl IntoOperand<'a, T::Order>,
    z: impl IntoOperand<'a, T>,
) -> Result<Array<T::Out>> {
    T::yv(v, z)
}

/// `e^-|Im x| Y_v(x)`, elementwise (SciPy's `yve`; NaN at 0, as SciPy).
///
/// Example: [the family's page](self).
pub fn yve<'a, T: BesselLoops>(
    v: impl IntoOperand<'a, T::Order>,
    z: impl IntoOperand<'a, T>,
) -> Result<Array<T::Out>> {
    T::yve(v, z)
}

/// The Hankel function of the first kind `H1_v(z) = J_v(z) + i Y_v(z)`, elementwise
/// (SciPy's `hankel1`; complex arguments only, see [`Hankel`]).
///
/// Example: [the family's page](self).
pub fn hankel1<'a, T: Hankel>(
    v: impl IntoOperand<'a, T::Order>,
    z: impl IntoOperand<'a, T>,
) -> Result<Array<T>> {
    T::hankel1(v, z)
}

/// The exponentially scaled `e^(-iz) H1_v(z)`, elementwise (SciPy's `hankel1e`).
///
/// Example: [the family's page](self).
pub fn hankel1e<'a, T: Hankel>(
    v: impl IntoOperand<'a, T::Order>,
    z: impl IntoOperand<'a, T>,
) -> Result<Array<T>> {
    T::hankel1e(v, z)
}

/// The Hankel function of the second kind `H2_v(z) = J_v(z) - i Y_v(z)`, elementwise
/// (SciPy's `hankel2`).
///
/// Example: [the family's page](self).
pub fn hankel2<'a, T: Hankel>(
    v: impl IntoOperand<'a, T::Order>,
    z: impl IntoOperand<'a, T>,
) -> Result<Array<T>> {
    T::hankel2(v, z)
}

/// The exponentially scaled `e^(iz) H2_v(z)`, elementwise (SciPy's `hankel2e`).
///
/// Example: [the family's page](self).
pub fn hankel2e<'a, T: Hankel>(
    v: impl IntoOperand<'a, T::Order>,
    z: impl IntoOperand<'a, T>,
) -> Result<Array<T>> {
    T::hankel2e(v, z)
}
