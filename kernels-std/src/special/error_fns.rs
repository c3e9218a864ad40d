//! The error functions and the normal distribution of `scipy.special`: `erf`, `erfc`,
//! `erfcx`, `erfi`, `erfinv`, `erfcinv`, `dawsn`, `ndtr`, `log_ndtr`, `ndtri`, `ndtri_exp`,
//! Owen's T function `owens_t` (the bivariate normal's building block) and the Fresnel
//! integrals `fresnel`.
//!
//! ```
//! use kernels_std::{special, Array, Device};
//! let x = Array::from_vec(&Device::cpu(), &[3], vec![0.0f64, 10.0, -10.0])?;
//! assert_eq!(special::erf(&x)?.to_vec()?, vec![0.0, 1.0, -1.0]);
//! let x = Array::from_vec(&Device::cpu(), &[2], vec![0.0f64, f64::NEG_INFINITY])?;
//! assert_eq!(special::erfc(&x)?.to_vec()?, vec![1.0, 2.0]);
//! let x = Array::from_vec(&Device::cpu(), &[2], vec![0.0f64, f64::INFINITY])?;
//! assert_eq!(special::erfcx(&x)?.to_vec()?, vec![1.0, 0.0]);
//! let x = Array::from_vec(&Device::cpu(), &[2], vec![0.0f64, 30.0])?;
//! assert_eq!(special::erfi(&x)?.to_vec()?, vec![0.0, f64::INFINITY]);
//! let y = Array::from_vec(&Device::cpu(), &[3], vec![0.0f64, 1.0, 2.0])?;
//! let x = special::erfinv(&y)?.to_vec()?;
//! assert!(x[0] == 0.0 && x[1] == f64::INFINITY && x[2].is_nan());
//! let z = Array::from_vec(&Device::cpu(), &[3], vec![1.0f64, 0.0, 2.0])?;
//! assert_eq!(special::erfcinv(&z)?.to_vec()?, vec![0.0, f64::INFINITY, f64::NEG_INFINITY]);
//! let x = Array::from_vec(&Device::cpu(), &[2], vec![0.0f64, f64::INFINITY])?;
//! assert_eq!(special::dawsn(&x)?.to_vec()?, vec![0.0, 0.0]);
//! let x = Array::from_vec(&Device::cpu(), &[3], vec![0.0f64, f64::INFINITY, f64::NEG_INFINITY])?;
//! assert_eq!(special::ndtr(&x)?.to_vec()?, vec![0.5, 1.0, 0.0]);
//! let x = Array::from_vec(&Device::cpu(), &[2], vec![f64::INFINITY, f64::NEG_INFINITY])?;
//! assert_eq!(special::log_ndtr(&x)?.to_vec()?, vec![0.0, f64::NEG_INFINITY]);
//! let p = Array::from_vec(&Device::cpu(), &[3], vec![0.5f64, 0.0, 1.0])?;
//! assert_eq!(special::ndtri(&p)?.to_vec()?, vec![0.0, f64::NEG_INFINITY, f64::INFINITY]);
//! let y = Array::from_vec(&Device::cpu(), &[2], vec![0.0f64, f64::NEG_INFINITY])?;
//! assert_eq!(special::ndtri_exp(&y)?.to_vec()?, vec![f64::INFINITY, f64::NEG_INFINITY]);
//! let h = Array::from_vec(&Device::cpu(), &[3], vec![1.0f64, 0.0, 10.0])?;
//! let a = Array::from_vec(&Device::cpu(), &[3], vec![0.5f64, f64::INFINITY, -2.0])?;
//! let t = special::owens_t(&h, &a)?.to_vec()?;
//! assert!((t[0] / 0.043064691120785356 - 1.0).abs() < 1e-14 && t[1] == 0.25);
//! assert!((t[2] / -3.809926512080263e-24 - 1.0).abs() < 1e-14);
//! let x = Array::from_vec(&Device::cpu(), &[2], vec![1.0f64, f64::NEG_INFINITY])?;
//! let (s, c) = special::fresnel(&x)?;
//! let (s, c) = (s.to_vec()?, c.to_vec()?);
//! assert!((s[0] - 0.4382591473903548).abs() < 3e-16 && (c[0] - 0.7798934003768228).abs() < 3e-16);
//! assert!(s[1] == -0.5 && c[1] == -0.5);
//! # Ok::<(), kernels_std::Error>(())
//! ```

use super::ufunc::ufunc;

ufunc! {
    /// The error function, elementwise (SciPy's `erf`).
    ///
    /// Example: [the family's page](self).
    erf(x): Promote;
    /// The complementary error function `1 - erf(x)`, elementwise (SciPy's `erfc`).
    ///
    /// Example: [the family's page](self).
    erfc(x): Promote;
    /// The scaled complementary error function `e^(x^2) erfc(x)`, elementwise (SciPy's
    /// `erfcx`).
    ///
    /// Example: [the family's page](self).
    erfcx(x): Promote;
    /// The imaginary error function `-i erf(ix)`, elementwise (SciPy's `erfi`).
    ///
    /// Example: [the family's page](self).
    erfi(x): Promote;
    /// The inverse error function, elementwise (SciPy's `erfinv`).
    ///
    /// Example: [the family's page](self).
    erfinv(x): PromoteF32;
    /// The inverse complementary error function, elementwise (SciPy's `erfcinv`).
    ///
    /// Example: [the family's page](self).
    erfcinv(x): PromoteF32;
    /// Dawson's integral, elementwise (SciPy's `dawsn`).
    ///
    /// Example: [the family's page](self).
    dawsn(x): Promote;
    /// The standard normal distribution function, elementwise (SciPy's `ndtr`).
    ///
    /// Example: [the family's page](self).
    ndtr(x): Promote;
    /// The logarithm of the standard normal distribution function, elementwise (SciPy's
    /// `log_ndtr`).
    ///
    /// Example: [the family's page](self).
    log_ndtr(x): Promote;
    /// The inverse of the standard normal distribution function, elementwise (SciPy's
    /// `ndtri`).
    ///
    /// Example: [the family's page](self).
    ndtri(x): PromoteF32;
    /// `ndtri(e^y)`, elementwise (SciPy's `ndtri_exp`).
    ///
    /// Example: [the family's page](self).
    ndtri_exp(x): PromoteF32;
    /// Owen's T function `T(h, a)`, elementwise (SciPy's `owens_t`): even in `h`, odd in
    /// `a`; `Q(|h|)/2` at `a = +-inf` (`1/4` at `h = 0`), 0 at `h = +-inf`.
    ///
    /// Example: [the family's page](self).
    owens_t(h, a): PromoteF32;
}

/// The Fresnel integrals `(S(x), C(x))`, elementwise (SciPy's `fresnel` for real `x`, `S`
/// first): odd, `+-1/2` at `+-inf`.
///
/// Example: [the family's page](self).
#[allow(clippy::type_complexity)]
pub fn fresnel<'a, T: super::Promote>(
    x: impl array_runtime::IntoOperand<'a, T>,
) -> crate::Result<(crate::Array<T::Out>, crate::Array<T::Out>)> {
    super::kernels::fresnel::<T::Out>(T::promote(x)?)
}
