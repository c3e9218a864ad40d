//! The Bessel functions of real order of `scipy.special` for real arguments: `iv`, `ive`,
//! `kv`, `kve`, `jv`, `jve`, `yv`, `yve` (methods:
//! [`scalar::bessel_real`](super::scalar::bessel_real)).
//!
//! ```
//! use kernels_std::{special, Array, Device};
//! let close = |a: f64, b: f64| (a / b - 1.0).abs() < 1e-14;
//! let v = Array::from_vec(&Device::cpu(), &[3], vec![2.5f64, -2.5, 3.0])?;
//! let i = special::iv(&v, 1.5)?.to_vec()?;
//! assert!(close(i[0], 0.17166202218829626) && close(i[1], 0.8015666610717219));
//! let i = special::iv(&v, -1.5)?.to_vec()?; // integer orders only below 0
//! assert!(i[0].is_nan() && close(i[2], -0.08077411301609232));
//! let i = special::ive(&v, 1.5)?.to_vec()?;
//! assert!(close(i[0], 0.03830297450227791));
//! let k = special::kv(&v, 1.5)?.to_vec()?;
//! assert!(close(k[0], 0.9894518929891505) && k[0] == k[1]); // K_-v = K_v
//! let k = special::kve(&v, 1.5)?.to_vec()?;
//! assert!(close(k[0], 4.4344157344347845));
//! let x = Array::from_vec(&Device::cpu(), &[3], vec![0.0f64, f64::INFINITY, -1.0])?;
//! let k = special::kv(1.5, &x)?.to_vec()?;
//! assert!(k[0] == f64::INFINITY && k[1] == 0.0 && k[2].is_nan());
//! assert!(special::iv(1.5, &x)?.to_vec()?[1].is_nan()); // SciPy's value at inf
//! let j = special::jv(&v, 1.5)?.to_vec()?;
//! assert!(close(j[0], 0.12444635979838772) && close(j[1], 1.315037204805194));
//! let j = special::jv(&v, -1.5)?.to_vec()?; // integer orders only below 0
//! assert!(j[0].is_nan() && close(j[2], -0.06096395114113964));
//! let j = special::jve(&v, 1.5)?.to_vec()?; // jve = jv for real x
//! assert!(close(j[0], 0.12444635979838772) && close(j[1], 1.315037204805194));
//! let y = special::yv(&v, 1.5)?.to_vec()?;
//! assert!(close(y[0], -1.315037204805194) && close(y[1], 0.12444635979838772));
//! let y = special::yve(&v, 1.5)?.to_vec()?;
//! assert!(close(y[0], -1.315037204805194));
//! # Ok::<(), kernels_std::Error>(())
//! ```
//!
//! Promotion: SciPy's loops are `'ff->f'` before `'dd->d'`
//! ([`PromoteF32`](super::PromoteF32)). Complex arguments (SciPy's `'dD->D'` loops) are not
//! here.

use super::ufunc::ufunc;
use crate::prelude::*;

ufunc! {
    /// The modified Bessel function of the first kind of real order `I_v(x)`, elementwise
    /// (SciPy's `iv` for real `x`: NaN for `x < 0` unless `v` is an integer, NaN at
    /// `x = +-inf`).
    ///
    /// Example: [the family's page](self).
    iv(v, x): PromoteF32;
    /// The exponentially scaled `e^-|x| I_v(x)`, elementwise (SciPy's `ive` for real `x`).
    ///
    /// Example: [the family's page](self).
    ive(v, x): PromoteF32;
    /// The modified Bessel function of the second kind of real order `K_v(x)`, elementwise
    /// (SciPy's `kv` for real `x`: `inf` at 0, NaN below).
    ///
    /// Example: [the family's page](self).
    kv(v, x): PromoteF32;
    /// The exponentially scaled `e^x K_v(x)`, elementwise (SciPy's `kve` for real `x`).
    ///
    /// Example: [the family's page](self).
    kve(v, x): PromoteF32;
    /// The Bessel function of the first kind of real order `J_v(x)`, elementwise (SciPy's
    /// `jv` for real `x`: NaN for `x < 0` unless `v` is an integer, NaN at `x = +-inf`).
    ///
    /// Example: [the family's page](self).
    jv(v, x): PromoteF32;
    /// `J_v(x)` as SciPy's `jve` gives it for real `x` (its factor `e^-|Im x|` is 1 there;
    /// a few edge values differ from `jv`, as in SciPy).
    ///
    /// Example: [the family's page](self).
    jve(v, x): PromoteF32;
    /// The Bessel function of the second kind of real order `Y_v(x)`, elementwise (SciPy's
    /// `yv` for real `x`: NaN for `x < 0`, `-inf` at 0).
    ///
    /// Example: [the family's page](self).
    yv(v, x): PromoteF32;
    /// `Y_v(x)` as SciPy's `yve` gives it for real `x` (NaN at 0, as SciPy).
    ///
    /// Example: [the family's page](self).
    yve(v, x): PromoteF32;
}
