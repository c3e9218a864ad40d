//! The spherical harmonics and Legendre functions of `scipy.special`: `sph_harm_y`,
//! `sph_legendre_p`, `lpmv` (integer degrees) (methods: [`scalar::legendre`](super::scalar::legendre)).
//!
//! ```
//! use kernels_std::{special, Array, Device};
//! let close = |a: f64, b: f64| (a - b).abs() < 1e-15;
//! let theta = Array::from_vec(&Device::cpu(), &[2], vec![0.5f64, 4.0])?;
//! let y = special::sph_harm_y(2.0, 1.0, &theta, 0.3, 0)?.to_vec()?;
//! assert!(close(y[0].re, -0.31052117112095134) && close(y[0].im, -0.09605545449894314));
//! assert!(close(y[1].re, 0.36509480058875654)); // theta outside [0, pi]: |sin theta|
//! let y = special::sph_harm_y(1i64, 2, 0, 0, 0)?.to_vec()?; // |m| > n
//! assert_eq!(y[0], kernels_std::c128::new(0.0, 0.0));
//! let p = special::sph_legendre_p(1.0, 0.0, &theta, 0)?.to_vec()?; // sqrt(3 / (4 pi)) cos theta
//! assert!(close(p[0], 0.4886025119029199 * 0.5f64.cos()));
//! assert!(special::sph_harm_y(2.5, 1.0, &theta, 0.3, 0).is_err()); // integer degrees only
//! assert!(special::sph_harm_y(2.0, 1.0, &theta, 0.3, 1).is_err()); // derivatives: not here
//! let x = Array::from_vec(&Device::cpu(), &[3], vec![-1.0f64, 0.5, 1.5])?;
//! let p = special::lpmv(1.0, 2.0, &x)?.to_vec()?; // -3 x sqrt(1 - x^2); NaN beyond 1
//! assert!(p[0] == 0.0 && close(p[1], -1.299038105676658) && p[2].is_nan());
//! assert!(special::lpmv(1.0, 2.5, &x).is_err()); // real degrees: not implemented
//! # Ok::<(), kernels_std::Error>(())
//! ```
//!
//! SciPy's loops take `int64` degrees and orders and `float64` angles (`'qqdd->D'` first, so
//! every input gives `complex128`, `sph_legendre_p` `float64`). Here the operands share one
//! dtype ([`PromoteF64`](super::PromoteF64)): float degrees and orders must hold integers
//! (SciPy raises a `TypeError` for any float), else an [`Error::Invalid`]. SciPy's rules:
//! 0 for `n < 0` and for `|m| > n` (NaN angles included, but `|m| > n` with a NaN `phi`
//! gives NaN, from `0 e^(i m phi)`); `theta` outside `[0, pi]` enters through `cos theta`
//! and `|sin theta|`; NaN and infinite angles give NaN. The `diff_n` keyword: 0 only (SciPy
//! also returns the gradient for 1 and the Hessian for 2); any other value is an
//! [`Error::Invalid`].
//!
//! `lpmv(m, v, x)`: SciPy's `'fff->f'` loop comes first ([`PromoteF32`](super::PromoteF32));
//! a degree `v` that is not an integer is an [`Error::Invalid`] (SciPy's real degrees, through
//! hypergeometric series, are not implemented); a non-integral order gives NaN (SciPy's rule).

use crate::prelude::*;
use array_runtime::kernel::elementwise::Operand;
use array_runtime::IntoOperand;

/// A degree or order operand converted to `f64`, refused unless every value is an integer.
fn integral<'a, T: super::PromoteF64<Out = f64>>(
    name: &str,
    what: &str,
    n: impl IntoOperand<'a, T>,
) -> Result<Operand<'a, f64>> {
    let n = match T::promote(n)? {
        Operand::Lazy(e) => Operand::Owned(e.eval()?),
        other => other,
    };
    let any = |a: &Array<f64>| -> Result<bool> {
        crate::reduce::any(&super::kernels::not_finite_integer(a)?)
            .run()?
            .item()
    };
    let bad = match &n {
        Operand::Scalar(v) => !v.is_finite() || v.trunc() != *v,
        Operand::Borrowed(a) => any(a)?,
        Operand::Owned(a) => any(a)?,
        Operand::Lazy(_) => false, // evaluated above
    };
    if bad {
        return Err(Error::invalid(format!(
            "{name}: the {what} must hold integers (SciPy's loop takes int64)"
        )));
    }
    Ok(n)
}

/// `diff_n` checked: only 0 is implemented.
fn no_derivatives(name: &str, diff_n: usize) -> Result<()> {
    if diff_n != 0 {
        return Err(Error::invalid(format!(
            "{name}: diff_n = {diff_n}: the derivatives (SciPy's gradient and Hessian for \
             diff_n 1 and 2) are not implemented; only diff_n = 0"
        )));
    }
    Ok(())
}

/// The spherical harmonic `Y_n^m(theta, phi)` (SciPy's `sph_harm_y`), elementwise, complex:
/// `sqrt((2n+1)/(4 pi) (n-m)!/(n+m)!) P_n^m(cos theta) e^(i m phi)`, Condon-Shortley phase
/// included; `theta` polar, `phi` azimuthal; integer degree `n` and order `m`; `diff_n` must
/// be 0.
///
/// Example: [the family's page](self).
pub fn sph_harm_y<'a, T: super::PromoteF64<Out = f64>>(
    n: impl IntoOperand<'a, T>,
    m: impl IntoOperand<'a, T>,
    theta: impl IntoOperand<'a, T>,
    phi: impl IntoOperand<'a, T>,
    diff_n: usize,
) -> Result<Array<c128>> {
    no_derivatives("sph_harm_y", diff_n)?;
    let n = integral("sph_harm_y", "degree n", n)?;
    let m = integral("sph_harm_y", "order m", m)?;
    super::kernels::sph_harm_y(n, m, T::promote(theta)?, T::promote(phi)?)
}

/// The spherical Legendre function
/// `sqrt((2n+1)/(4 pi) (n-m)!/(n+m)!) P_n^m(cos theta)` (SciPy's `sph_legendre_p`),
/// elementwise: `sph_harm_y` at `phi = 0`; integer degree `n` and order `m`; `diff_n` must be
/// 0.
///
/// Example: [the family's page](self).
pub fn sph_legendre_p<'a, T: super::PromoteF64<Out = f64>>(
    n: impl IntoOperand<'a, T>,
    m: impl IntoOperand<'a, T>,
    theta: impl IntoOperand<'a, T>,
    diff_n: usize,
) -> Result<Array<f64>> {
    no_derivatives("sph_legendre_p", diff_n)?;
    let n = integral("sph_legendre_p", "degree n", n)?;
    let m = integral("sph_legendre_p", "order m", m)?;
    super::kernels::sph_legendre_p::<f64>(n, m, T::promote(theta)?)
}

/// The associated Legendre function `P_v^m(x)` (SciPy's `lpmv`), elementwise, for integer
/// degrees `v` (a fractional one is an [`Error::Invalid`]): Condon-Shortley phase included;
/// NaN for `|x| > 1` but for `m = 0` (the Legendre polynomial, as SciPy); SciPy's rules for
/// negative degrees and orders ([`scalar::lpmv`](super::scalar::lpmv)).
///
/// Example: [the family's page](self).
pub fn lpmv<'a, T: super::PromoteF32>(
    m: impl IntoOperand<'a, T>,
    v: impl IntoOperand<'a, T>,
    x: impl IntoOperand<'a, T>,
) -> Result<Array<T::Out>> {
    let v = match T::promote(v)? {
        Operand::Lazy(e) => Operand::Owned(e.eval()?),
        other => other,
    };
    let any = |a: &Array<T::Out>| -> Result<bool> {
        crate::reduce::any(&super::kernels::not_integer(a)?)
            .run()?
            .item()
    };
    let fractional = match &v {
        Operand::Scalar(s) => {
            let f = (*s).cast::<f64>();
            f.is_finite() && f.trunc() != f
        }
        Operand::Borrowed(a) => any(a)?,
        Operand::Owned(a) => any(a)?,
        Operand::Lazy(_) => false, // evaluated above
    };
    if fractional {
        return Err(Error::invalid(
            "lpmv: a degree v that is not an integer (SciPy's real degrees, through \
             hypergeometric series, are not implemented)",
        ));
    }
    super::kernels::lpmv::<T::Out>(T::promote(m)?, v, T::promote(x)?)
}
