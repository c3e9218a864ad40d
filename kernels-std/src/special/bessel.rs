//! The Bessel functions of `scipy.special` for real arguments: `j0`, `j1`, `y0`, `y1`, `i0`,
//! `i0e`, `i1`, `i1e`, `k0`, `k0e`, `k1`, `k1e`, and of integer order `jn`, `yn`, `kn`
//! (methods: [`scalar::bessel`](super::scalar::bessel)).
//!
//! ```
//! use kernels_std::{special, Array, Device};
//! let close = |a: f64, b: f64| (a / b - 1.0).abs() < 1e-14;
//! let x = Array::from_vec(&Device::cpu(), &[3], vec![0.0f64, 2.0, f64::INFINITY])?;
//! let j = special::j0(&x)?.to_vec()?;
//! assert!(close(j[0], 1.0) && close(j[1], 0.22389077914123562) && j[2].is_nan()); // SciPy's NaN
//! let j = special::j1(&x)?.to_vec()?;
//! assert!(j[0] == 0.0 && close(j[1], 0.5767248077568734));
//! let y = special::y0(&x)?.to_vec()?;
//! assert!(y[0] == f64::NEG_INFINITY && close(y[1], 0.5103756726497451));
//! let y = special::y1(&x)?.to_vec()?;
//! assert!(y[0] == f64::NEG_INFINITY && close(y[1], -0.10703243154093754));
//! let i = special::i0(&x)?.to_vec()?;
//! assert!(close(i[0], 1.0) && close(i[1], 2.279585302336067) && i[2].is_nan()); // SciPy's NaN
//! let i = special::i0e(&x)?.to_vec()?;
//! assert!(close(i[0], 1.0) && close(i[1], 0.308508322553671) && i[2] == 0.0);
//! let i = special::i1(&x)?.to_vec()?;
//! assert!(i[0] == 0.0 && close(i[1], 1.5906368546373291));
//! let i = special::i1e(&x)?.to_vec()?;
//! assert!(i[0] == 0.0 && close(i[1], 0.215269289248937));
//! let k = special::k0(&x)?.to_vec()?;
//! assert!(k[0] == f64::INFINITY && close(k[1], 0.11389387274953344) && k[2] == 0.0);
//! let k = special::k0e(&x)?.to_vec()?;
//! assert!(close(k[1], 0.8415682150707714));
//! let k = special::k1(&x)?.to_vec()?;
//! assert!(k[0] == f64::INFINITY && close(k[1], 0.13986588181652243));
//! let k = special::k1e(&x)?.to_vec()?;
//! assert!(close(k[1], 1.0334768470686886));
//! let j = special::jn(-3.0, &x)?.to_vec()?;
//! assert!(j[0] == 0.0 && close(j[1], -0.12894324947440206));
//! let j = special::jn(2.5, &x)?.to_vec()?; // SciPy's jn is jv: real orders too
//! assert!(j[0] == 0.0 && close(j[1], 0.22392453146891597));
//! let y = special::yn(2.0, &x)?.to_vec()?;
//! assert!(y[0] == f64::NEG_INFINITY && close(y[1], -0.6174081041906827));
//! let k = special::kn(2.0, &x)?.to_vec()?;
//! assert!(k[0] == f64::INFINITY && close(k[1], 0.2537597545660559));
//! # Ok::<(), kernels_std::Error>(())
//! ```

use super::ufunc::ufunc;
use crate::prelude::*;
use array_runtime::kernel::elementwise::Operand;
use array_runtime::IntoOperand;

ufunc! {
    /// The Bessel function of the first kind of order 0, elementwise (SciPy's `j0`).
    ///
    /// Example: [the family's page](self).
    j0(x): Promote;
    /// The Bessel function of the first kind of order 1, elementwise (SciPy's `j1`).
    ///
    /// Example: [the family's page](self).
    j1(x): Promote;
    /// The Bessel function of the second kind of order 0, elementwise (SciPy's `y0`): `-inf`
    /// at 0, NaN below.
    ///
    /// Example: [the family's page](self).
    y0(x): Promote;
    /// The Bessel function of the second kind of order 1, elementwise (SciPy's `y1`): `-inf`
    /// at 0, NaN below.
    ///
    /// Example: [the family's page](self).
    y1(x): Promote;
    /// The modified Bessel function of the first kind of order 0, elementwise (SciPy's `i0`).
    ///
    /// Example: [the family's page](self).
    i0(x): Promote;
    /// The exponentially scaled `e^-|x| I0(x)`, elementwise (SciPy's `i0e`).
    ///
    /// Example: [the family's page](self).
    i0e(x): Promote;
    /// The modified Bessel function of the first kind of order 1, elementwise (SciPy's `i1`).
    ///
    /// Example: [the family's page](self).
    i1(x): Promote;
    /// The exponentially scaled `e^-|x| I1(x)`, elementwise (SciPy's `i1e`).
    ///
    /// Example: [the family's page](self).
    i1e(x): Promote;
    /// The modified Bessel function of the second kind of order 0, elementwise (SciPy's
    /// `k0`): `inf` at 0, NaN below.
    ///
    /// Example: [the family's page](self).
    k0(x): Promote;
    /// The exponentially scaled `e^x K0(x)`, elementwise (SciPy's `k0e`).
    ///
    /// Example: [the family's page](self).
    k0e(x): Promote;
    /// The modified Bessel function of the second kind of order 1, elementwise (SciPy's
    /// `k1`): `inf` at 0, NaN below.
    ///
    /// Example: [the family's page](self).
    k1(x): Promote;
    /// The exponentially scaled `e^x K1(x)`, elementwise (SciPy's `k1e`).
    ///
    /// Example: [the family's page](self).
    k1e(x): Promote;
    /// The Bessel function of the second kind of integer order `n`, elementwise (SciPy's
    /// `yn`; a fractional `n` is truncated, as SciPy's `float64` loop does).
    ///
    /// Example: [the family's page](self).
    yn(n, x): PromoteLong;
    /// The modified Bessel function of the second kind of integer order `n`, elementwise
    /// (SciPy's `kn`; a fractional `n` is truncated).
    ///
    /// Example: [the family's page](self).
    kn(n, x): PromoteLong;
}

/// The Bessel function of the first kind `J_n(x)`, elementwise (SciPy's `jn`, which is its
/// `jv`: integer orders by the integer-order kernel, and as soon as one order is not an
/// integer, every order by [`jv`](super::jv())'s; NaN orders give NaN).
///
/// Example: [the family's page](self).
pub fn jn<'a, T: super::PromoteF32>(
    n: impl IntoOperand<'a, T>,
    x: impl IntoOperand<'a, T>,
) -> Result<Array<T::Out>> {
    let n = match T::promote(n)? {
        Operand::Lazy(e) => Operand::Owned(e.eval()?),
        other => other,
    };
    let x = T::promote(x)?;
    let fractional = match &n {
        Operand::Scalar(s) => {
            let v = (*s).cast::<f64>();
            v.is_finite() && v.trunc() != v
        }
        Operand::Borrowed(a) => any_fractional(a)?,
        Operand::Owned(a) => any_fractional(a)?,
        Operand::Lazy(_) => false, // evaluated above
    };
    if fractional {
        return super::kernels::jv::<T::Out>(n, x);
    }
    super::kernels::jn::<T::Out>(n, x)
}

/// Whether an order is finite and not an integer somewhere.
fn any_fractional<F: Float>(n: &Array<F>) -> Result<bool> {
    crate::reduce::any(&super::kernels::not_integer(n)?)
        .run()?
        .item()
}
