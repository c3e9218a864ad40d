//! The error functions and the normal distribution of `scipy.special`: `erf`, `erfc`,
//! `erfcx`, `erfi`, `erfinv`, `erfcinv`, `dawsn`, `ndtr`, `log_ndtr`, `ndtri`, `ndtri_exp`,
//! Owen's T function `owens_t` (the bivariate normal's building block), the Fresnel
//! integrals `fresnel` and the Faddeeva function `wofz`; `erf`, `erfc`, `erfcx`, `erfi`,
//! `dawsn` and `wofz` take complex arguments too (SciPy's complex loops, [`ComplexLoops`],
//! [`Faddeeva`]).
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
//! // complex arguments: the Faddeeva function, and erf, erfc, erfcx, erfi, dawsn from it
//! use kernels_std::c128;
//! let z = Array::from_vec(&Device::cpu(), &[2], vec![c128::new(1.0, 1.0), c128::new(0.0, 2.0)])?;
//! let w = special::wofz(&z)?.to_vec()?;
//! assert!((w[0] - c128::new(0.30474420525691259, 0.20821893820283162)).norm() < 1e-15);
//! assert!((w[1].re - 0.25539567631050574).abs() < 1e-16 && w[1].im == 0.0);
//! let e = special::erf(&z)?.to_vec()?;
//! assert!((e[0] - c128::new(1.3161512816979477, 0.19045346923783471)).norm() < 1e-15);
//! let x = Array::from_vec(&Device::cpu(), &[1], vec![1.0f32])?;
//! assert_eq!(special::wofz(&x)?.dtype(), kernels_std::prelude::DTypeId::C128);
//! # Ok::<(), kernels_std::Error>(())
//! ```

use super::complex_loops::{ComplexLoops, Faddeeva};
use super::ufunc::ufunc;
use array_runtime::IntoOperand;

/// The error function, elementwise (SciPy's `erf`): real dtypes as [`Promote`](super::Promote)
/// says, complex ones keep their dtype (computed from [`wofz`], see
/// [`scalar::erf_complex`](super::scalar::erf_complex())).
///
/// Example: [the family's page](self).
pub fn erf<'a, T: ComplexLoops>(x: impl IntoOperand<'a, T>) -> crate::Result<crate::Array<T::Out>> {
    T::erf(x)
}

/// The complementary error function `1 - erf(x)`, elementwise (SciPy's `erfc`; complex
/// dtypes keep theirs).
///
/// Example: [the family's page](self).
pub fn erfc<'a, T: ComplexLoops>(
    x: impl IntoOperand<'a, T>,
) -> crate::Result<crate::Array<T::Out>> {
    T::erfc(x)
}

/// The scaled complementary error function `e^(x^2) erfc(x)`, elementwise (SciPy's
/// `erfcx`; complex dtypes keep theirs: `erfcx(z) = wofz(iz)`).
///
/// Example: [the family's page](self).
pub fn erfcx<'a, T: ComplexLoops>(
    x: impl IntoOperand<'a, T>,
) -> crate::Result<crate::Array<T::Out>> {
    T::erfcx(x)
}

/// The imaginary error function `-i erf(ix)`, elementwise (SciPy's `erfi`; complex dtypes
/// keep theirs).
///
/// Example: [the family's page](self).
pub fn erfi<'a, T: ComplexLoops>(
    x: impl IntoOperand<'a, T>,
) -> crate::Result<crate::Array<T::Out>> {
    T::erfi(x)
}

/// Dawson's integral, elementwise (SciPy's `dawsn`; complex dtypes keep theirs).
///
/// Example: [the family's page](self).
pub fn dawsn<'a, T: ComplexLoops>(
    x: impl IntoOperand<'a, T>,
) -> crate::Result<crate::Array<T::Out>> {
    T::dawsn(x)
}

/// The Faddeeva function `w(z) = e^(-z^2) erfc(-iz)`, elementwise (SciPy's `wofz`): real
/// inputs give `c128` (SciPy's first loop), `c64` stays `c64` (computed in `c128`, rounded
/// once). The method and its accuracy: [`scalar::wofz`](super::scalar::wofz()).
///
/// Example: [the family's page](self).
pub fn wofz<'a, T: Faddeeva>(x: impl IntoOperand<'a, T>) -> crate::Result<crate::Array<T::Out>> {
    T::wofz(x)
}

ufunc! {
    /// The inverse error function, elementwise (SciPy's `erfinv`).
    ///
    /// Example: [the family's page](self).
    erfinv(x): PromoteF32;
    /// The inverse complementary error function, elementwise (SciPy's `erfcinv`).
    ///
    /// Example: [the family's page](self).
    erfcinv(x): PromoteF32;
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
