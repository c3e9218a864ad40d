//! Elementary functions of `scipy.special`: `cbrt`, `exp10`, `exp2`, `expm1`, `log1p`,
//! `cosm1`, `round`, `sindg`, `cosdg`, `tandg`, `cotdg`, `radian`, `agm`, `exprel`, `powm1`,
//! and `sinc` (NumPy's).
//!
//! ```
//! use kernels_std::{special, Array, Device};
//! let x = Array::from_vec(&Device::cpu(), &[2], vec![8i32, -27])?;
//! assert_eq!(special::cbrt(&x)?.to_vec()?, vec![2.0f64, -3.0]);
//! let x = Array::from_vec(&Device::cpu(), &[2], vec![2.0f64, -1.0])?;
//! assert_eq!(special::exp10(&x)?.to_vec()?, vec![100.0, 0.1]);
//! let x = Array::from_vec(&Device::cpu(), &[2], vec![3.0f32, -1.0])?;
//! assert_eq!(special::exp2(&x)?.to_vec()?, vec![8.0f32, 0.5]);
//! let x = Array::from_vec(&Device::cpu(), &[1], vec![1e-18f64])?;
//! assert_eq!(special::expm1(&x)?.to_vec()?, vec![1e-18]);
//! let x = Array::from_vec(&Device::cpu(), &[2], vec![1e-18f64, -1.0])?;
//! assert_eq!(special::log1p(&x)?.to_vec()?, vec![1e-18, f64::NEG_INFINITY]);
//! let x = Array::from_vec(&Device::cpu(), &[1], vec![0.0f64])?;
//! assert_eq!(special::cosm1(&x)?.to_vec()?, vec![0.0]);
//! let x = Array::from_vec(&Device::cpu(), &[3], vec![0.5f64, 1.5, -2.5])?;
//! assert_eq!(special::round(&x)?.to_vec()?, vec![0.0, 2.0, -2.0]);
//! let x = Array::from_vec(&Device::cpu(), &[3], vec![90.0f64, 180.0, -270.0])?;
//! assert_eq!(special::sindg(&x)?.to_vec()?, vec![1.0, 0.0, 1.0]);
//! let x = Array::from_vec(&Device::cpu(), &[2], vec![0.0f64, 180.0])?;
//! assert_eq!(special::cosdg(&x)?.to_vec()?, vec![1.0, -1.0]);
//! let x = Array::from_vec(&Device::cpu(), &[3], vec![45.0f64, 90.0, 135.0])?;
//! assert_eq!(special::tandg(&x)?.to_vec()?, vec![1.0, f64::INFINITY, -1.0]);
//! let x = Array::from_vec(&Device::cpu(), &[3], vec![45.0f64, 90.0, 0.0])?;
//! assert_eq!(special::cotdg(&x)?.to_vec()?, vec![1.0, 0.0, f64::INFINITY]);
//! let d = Array::from_vec(&Device::cpu(), &[2], vec![180.0f64, 0.0])?;
//! let r = special::radian(&d, 0.0, 0.0)?.to_vec()?;
//! assert_eq!(r, vec![std::f64::consts::PI, 0.0]);
//! let a = Array::from_vec(&Device::cpu(), &[2], vec![1.0f64, 1.0])?;
//! let g = special::agm(&a, 1.0)?.to_vec()?;
//! assert_eq!(g, vec![1.0, 1.0]);
//! let x = Array::from_vec(&Device::cpu(), &[2], vec![0.0f64, f64::NEG_INFINITY])?;
//! assert_eq!(special::exprel(&x)?.to_vec()?, vec![1.0, 0.0]);
//! let x = Array::from_vec(&Device::cpu(), &[2], vec![2.0f64, 1.0])?;
//! assert_eq!(special::powm1(&x, 3.0)?.to_vec()?, vec![7.0, 0.0]);
//! # Ok::<(), kernels_std::Error>(())
//! ```

use super::ufunc::ufunc;
use crate::prelude::*;
use array_runtime::IntoOperand;

/// The normalized sinc function `sin(pi x) / (pi x)`, 1 at 0, elementwise (SciPy's `sinc`,
/// which is NumPy's `sinc`): [`math::sinc`](crate::math::sinc()) itself, the same kernel
/// and dtypes (floats keep theirs, integers and `bool` give `f64`).
///
/// ```
/// use kernels_std::{special, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[2], vec![0i32, 1])?;
/// let y: Vec<f64> = special::sinc(&x)?.to_vec()?; // integers give f64
/// assert!(y[0] == 1.0 && y[1].abs() < 1e-16); // sin(pi) / pi, as NumPy's
/// let h = Array::from_vec(&Device::cpu(), &[2], vec![0.5f32, f32::INFINITY])?;
/// let y = special::sinc(&h)?.to_vec()?;
/// assert!((y[0] - 2.0 / std::f32::consts::PI).abs() < 1e-7 && y[1].is_nan());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn sinc<'a, T: crate::math::Sinc>(x: impl IntoOperand<'a, T>) -> Result<Array<T::Out>> {
    crate::math::sinc(x)
}

ufunc! {
    /// The cube root, elementwise (SciPy's `cbrt`).
    ///
    /// Example: [the family's page](self).
    cbrt(x): Promote;
    /// `10^x`, elementwise (SciPy's `exp10`).
    ///
    /// Example: [the family's page](self).
    exp10(x): Promote;
    /// `2^x`, elementwise (SciPy's `exp2`).
    ///
    /// Example: [the family's page](self).
    exp2(x): Promote;
    /// `e^x - 1`, accurate near 0, elementwise (SciPy's `expm1`).
    ///
    /// Example: [the family's page](self).
    expm1(x): Promote;
    /// `ln(1 + x)`, accurate near 0, elementwise (SciPy's `log1p`; complex arguments are
    /// [`math::log1p`](crate::math::log1p)'s).
    ///
    /// Example: [the family's page](self).
    log1p(x): Promote;
    /// `cos(x) - 1`, accurate near 0, elementwise (SciPy's `cosm1`).
    ///
    /// Example: [the family's page](self).
    cosm1(x): Promote;
    /// The nearest integer, halves to even, elementwise (SciPy's `round`).
    ///
    /// Example: [the family's page](self).
    round(x): PromoteF32;
    /// The sine of angles in degrees, elementwise (SciPy's `sindg`).
    ///
    /// Example: [the family's page](self).
    sindg(x): Promote;
    /// The cosine of angles in degrees, elementwise (SciPy's `cosdg`).
    ///
    /// Example: [the family's page](self).
    cosdg(x): Promote;
    /// The tangent of angles in degrees, elementwise (SciPy's `tandg`): `inf` at odd
    /// multiples of 90.
    ///
    /// Example: [the family's page](self).
    tandg(x): Promote;
    /// The cotangent of angles in degrees, elementwise (SciPy's `cotdg`): `inf` at multiples
    /// of 180.
    ///
    /// Example: [the family's page](self).
    cotdg(x): Promote;
    /// Degrees, minutes and seconds to radians, elementwise (SciPy's `radian`).
    ///
    /// Example: [the family's page](self).
    radian(d, m, s): Promote;
    /// The arithmetic-geometric mean, elementwise (SciPy's `agm`).
    ///
    /// Example: [the family's page](self).
    agm(a, b): PromoteF32;
    /// `(e^x - 1) / x`, elementwise (SciPy's `exprel`).
    ///
    /// Example: [the family's page](self).
    exprel(x): Promote;
    /// `x^y - 1`, elementwise (SciPy's `powm1`).
    ///
    /// Example: [the family's page](self).
    powm1(x, y): PromoteF32;
}
