//! The gamma and beta functions of `scipy.special`: `gamma`, `gammaln`, `loggamma`,
//! `gammasgn`, `rgamma`, `digamma`/`psi`, `beta`, `betaln`, `poch`, `multigammaln`;
//! `loggamma`, `gamma`, `rgamma` and `digamma`/`psi` take complex arguments too (SciPy's
//! complex loops, [`ComplexLoops`]).
//!
//! ```
//! use kernels_std::{special, Array, Device};
//! let x = Array::from_vec(&Device::cpu(), &[3], vec![5.0f64, 0.5, -1.0])?;
//! let g = special::gamma(&x)?.to_vec()?;
//! assert!(g[0] == 24.0 && (g[1] - std::f64::consts::PI.sqrt()).abs() < 1e-15 && g[2].is_nan());
//! let x = Array::from_vec(&Device::cpu(), &[3], vec![1.0f64, 2.0, 0.0])?;
//! assert_eq!(special::gammaln(&x)?.to_vec()?, vec![0.0, 0.0, f64::INFINITY]);
//! let x = Array::from_vec(&Device::cpu(), &[3], vec![3.0f64, -0.5, 0.0])?;
//! let l = special::loggamma(&x)?.to_vec()?;
//! assert!((l[0] - 2.0f64.ln()).abs() < 1e-16 && l[1].is_nan() && l[2] == f64::INFINITY);
//! let x = Array::from_vec(&Device::cpu(), &[3], vec![1.5f64, -0.5, -1.5])?;
//! assert_eq!(special::gammasgn(&x)?.to_vec()?, vec![1.0, -1.0, 1.0]);
//! let x = Array::from_vec(&Device::cpu(), &[3], vec![0.0f64, -2.0, 4.0])?;
//! let r = special::rgamma(&x)?.to_vec()?;
//! assert!(r[0] == 0.0 && r[1] == 0.0 && (r[2] - 1.0 / 6.0).abs() < 1e-16);
//! let x = Array::from_vec(&Device::cpu(), &[2], vec![1.0f64, 0.0])?;
//! let p = special::digamma(&x)?.to_vec()?;
//! assert!((p[0] + 0.5772156649015329).abs() < 1e-16 && p[1] == f64::NEG_INFINITY);
//! let a = Array::from_vec(&Device::cpu(), &[2], vec![1.0f64, 2.0])?;
//! let b = special::beta(&a, 1.0)?.to_vec()?;
//! assert!((b[0] - 1.0).abs() < 1e-16 && (b[1] - 0.5).abs() < 1e-16);
//! let a = Array::from_vec(&Device::cpu(), &[2], vec![1.0f64, 0.0])?;
//! let l = special::betaln(&a, 1.0)?.to_vec()?;
//! assert!(l[0].abs() < 1e-16 && l[1] == f64::INFINITY);
//! let z = Array::from_vec(&Device::cpu(), &[2], vec![3.0f64, -2.0])?;
//! assert_eq!(special::poch(&z, 3.0)?.to_vec()?, vec![60.0, 0.0]);
//! let x = Array::from_vec(&Device::cpu(), &[1], vec![2.0f32])?;
//! let p = special::psi(&x)?.to_vec()?;
//! assert!((p[0] - 0.42278433).abs() < 1e-7);
//! let a = Array::from_vec(&Device::cpu(), &[1], vec![3.0f64])?;
//! let m = special::multigammaln(&a, 2)?.to_vec()?;
//! let want = 0.5 * std::f64::consts::PI.ln() + 2.0f64.ln() + (0.75f64 * std::f64::consts::PI.sqrt()).ln();
//! assert!((m[0] - want).abs() < 1e-14);
//! assert!(special::multigammaln(&a, 7).is_err());
//! // complex arguments: the principal branch of ln Gamma (cut along the negative real axis),
//! // Gamma, 1/Gamma and psi; c64 stays c64
//! use kernels_std::{c128, c64};
//! let z = Array::from_vec(&Device::cpu(), &[2], vec![c128::new(1.0, 1.0), c128::new(-0.5, 0.0)])?;
//! let l = special::loggamma(&z)?.to_vec()?;
//! assert!((l[0] - c128::new(-0.6509231993018564, -0.3016403204675332)).norm() < 1e-15);
//! assert!((l[1].re - 1.2655121234846454).abs() < 1e-15 && l[1].im == -std::f64::consts::PI);
//! let g = special::gamma(&z)?.to_vec()?;
//! assert!((g[0] - c128::new(0.49801566811835607, -0.15494982830181067)).norm() < 1e-15);
//! assert!((g[1].re + 2.0 * std::f64::consts::PI.sqrt()).abs() < 1e-15 && g[1].im == 0.0);
//! let r = special::rgamma(&z)?.to_vec()?;
//! assert!((r[0] - c128::new(1.8307443965905248, 0.5696076410366818)).norm() < 1e-14);
//! let p = special::psi(&z)?.to_vec()?;
//! assert!((p[0] - c128::new(0.09465032062247698, 1.0766740474685812)).norm() < 1e-15);
//! let poles = Array::from_vec(&Device::cpu(), &[2], vec![c64::new(0.0, 0.0), c64::new(-3.0, 0.0)])?;
//! assert!(special::gamma(&poles)?.to_vec()?.iter().all(|g| g.re.is_nan() && g.im.is_nan()));
//! assert_eq!(special::rgamma(&poles)?.to_vec()?, vec![c64::new(0.0, 0.0); 2]);
//! # Ok::<(), kernels_std::Error>(())
//! ```

use super::complex_loops::ComplexLoops;
use super::ufunc::ufunc;
use crate::prelude::*;
use array_runtime::kernel::elementwise::Operand::{Borrowed, Owned, Scalar};
use array_runtime::IntoOperand;

/// The gamma function, elementwise (SciPy's `gamma`): real dtypes as
/// [`Promote`](super::Promote) says, complex ones keep theirs (`exp(loggamma(z))`, see
/// [`scalar::gamma_complex`](super::scalar::gamma_complex())).
///
/// Example: [the family's page](self).
pub fn gamma<'a, T: ComplexLoops>(x: impl IntoOperand<'a, T>) -> Result<Array<T::Out>> {
    T::gamma(x)
}

/// `ln Gamma(x)`, elementwise (SciPy's `loggamma`): for real dtypes NaN below 0, where
/// [`gammaln`] gives `ln |Gamma(x)|`; for complex ones (which keep their dtype) the principal
/// branch, cut along the negative real axis (see
/// [`scalar::loggamma_complex`](super::scalar::loggamma_complex())).
///
/// Example: [the family's page](self).
pub fn loggamma<'a, T: ComplexLoops>(x: impl IntoOperand<'a, T>) -> Result<Array<T::Out>> {
    T::loggamma(x)
}

/// `1 / Gamma(x)`, elementwise (SciPy's `rgamma`): 0 at the poles of `Gamma`; complex dtypes
/// keep theirs.
///
/// Example: [the family's page](self).
pub fn rgamma<'a, T: ComplexLoops>(x: impl IntoOperand<'a, T>) -> Result<Array<T::Out>> {
    T::rgamma(x)
}

/// The digamma function `Gamma'(x) / Gamma(x)`, elementwise (SciPy's `digamma`; complex
/// dtypes keep theirs, see [`scalar::digamma_complex`](super::scalar::digamma_complex())).
///
/// Example: [the family's page](self).
pub fn digamma<'a, T: ComplexLoops>(x: impl IntoOperand<'a, T>) -> Result<Array<T::Out>> {
    T::digamma(x)
}

/// `ln |Gamma(x)|`, elementwise (SciPy's `gammaln`).
///
/// On the CPU an array whose elements all exceed -9 (checked first, one pass) takes a kernel
/// with one logarithm per element instead of two (the reflection below -9 needs both); its
/// results are the other kernel's bits.
///
/// Example: [the family's page](self).
pub fn gammaln<'a, T: super::Promote>(x: impl IntoOperand<'a, T>) -> Result<Array<T::Out>> {
    let x = T::promote(x)?;
    let above = match &x {
        Borrowed(a) => gammaln_above_all(a)?,
        Owned(a) => gammaln_above_all(a)?,
        _ => false,
    };
    if above {
        super::kernels::gammaln_above::<T::Out>(x)
    } else {
        super::kernels::gammaln::<T::Out>(x)
    }
}

/// Whether `a` is on the CPU with every element above -9 or NaN (on a GPU both kernels are
/// CUDA's `lgamma`: no pass is spent on the choice).
fn gammaln_above_all<F: Float>(a: &Array<F>) -> Result<bool> {
    if !a.device().is_cpu() {
        return Ok(false);
    }
    super::kernels::gammaln_above_all::<F>(a).run()?.item()
}

ufunc! {
    /// The sign of the gamma function, elementwise (SciPy's `gammasgn`).
    ///
    /// Example: [the family's page](self).
    gammasgn(x): Promote;
    /// The beta function `Gamma(a) Gamma(b) / Gamma(a + b)`, elementwise (SciPy's `beta`).
    ///
    /// Example: [the family's page](self).
    beta(a, b): Promote;
    /// `ln |B(a, b)|`, elementwise (SciPy's `betaln`).
    ///
    /// Example: [the family's page](self).
    betaln(a, b): Promote;
    /// The rising factorial `Gamma(z + m) / Gamma(z)`, elementwise (SciPy's `poch`).
    ///
    /// Example: [the family's page](self).
    poch(z, m): PromoteF32;
}

/// SciPy's `psi`: the digamma function, see [`digamma`].
///
/// Example: [the family's page](self).
pub fn psi<'a, T: ComplexLoops>(x: impl IntoOperand<'a, T>) -> Result<Array<T::Out>> {
    digamma(x)
}

/// The logarithm of the multivariate gamma function of dimension `d` (SciPy's
/// `multigammaln(a, d)`): `d (d - 1) / 4 ln(pi) + sum_j gammaln(a - j / 2)`, `j < d`.
///
/// SciPy requires every `a > (d - 1) / 2`; here a violation is an [`Error::Invalid`]
/// naming the bound (NaN elements pass, as in SciPy).
///
/// Example: [the family's page](self).
pub fn multigammaln<T: super::Promote>(a: &Array<T>, d: u32) -> Result<Array<T::Out>> {
    let a = T::promote(a)?;
    let a = match a {
        Borrowed(x) => x.clone(),
        Owned(x) => x,
        Scalar(s) => Array::full(&Device::cpu(), &[], s)?,
        array_runtime::kernel::elementwise::Operand::Lazy(e) => e.eval()?,
    };
    let bound = 0.5 * (f64::from(d) - 1.0);
    let bad = super::kernels::below_or_at::<T::Out>(&a, Scalar(bound.cast::<T::Out>()))?;
    if crate::reduce::any(&bad).run()?.item()? {
        return Err(Error::invalid(format!(
            "multigammaln: every a must exceed (d - 1) / 2 = {bound} (d = {d})"
        )));
    }
    super::kernels::multigammaln::<T::Out>(&a, Scalar(f64::from(d).cast::<T::Out>()))
}
