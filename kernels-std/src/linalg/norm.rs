//! `norm`: NumPy's `linalg.norm` over the whole array (vector and matrix norms).

use array_runtime::{Array, Error, Result};

use super::dot::vdot;
use super::scalar::{Engine, LinalgScalar, RealScalar};
use crate::{math, reduce};
use array_runtime::kernel::elementwise::Operand;

/// The `ord` argument of [`norm`].
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub enum NormOrd {
    /// NumPy's `ord=None`: the 2-norm of the flattened array (Frobenius for a matrix), any
    /// number of dimensions.
    Default,
    /// `'fro'`: the Frobenius norm of a matrix.
    Fro,
    /// `'nuc'`: the nuclear norm of a matrix (the sum of its singular values).
    Nuc,
    /// `inf`: the largest `|x|` of a vector; the largest row sum of `|x|` of a matrix.
    Inf,
    /// `-inf`: the smallest `|x|` of a vector; the smallest row sum of a matrix.
    NegInf,
    /// A number `p`: `sum(|x|^p)^(1/p)` for a vector (`0` counts the non-zeros); for a
    /// matrix `1` / `-1` is the largest / smallest column sum of `|x|`, `2` / `-2` the largest /
    /// smallest singular value. `P(f64::INFINITY)` and `P(f64::NEG_INFINITY)` are [`Inf`]
    /// and [`NegInf`], as NumPy's `ord=float("inf")` is `ord=inf`.
    ///
    /// [`Inf`]: NormOrd::Inf
    /// [`NegInf`]: NormOrd::NegInf
    P(f64),
}

/// NumPy's `linalg.norm(x, ord)` with `axis=None`: a vector norm for a 1-d array, a matrix
/// norm for a 2-d one, and for [`NormOrd::Default`] the 2-norm of the flattened array of any
/// shape. The result is a host scalar (NumPy returns a scalar) of the real dtype
/// [`LinalgScalar::Real`]: `f32` for `f32` and `c64`, `f64` for integers (NumPy converts them
/// to float64 first).
///
/// Computed on the array's device: the 2-norm and Frobenius norm are `sqrt(vdot(x, x))`
/// (cuBLAS on a GPU; integers converted to `f64` first, as NumPy does); the other orders take
/// `|x|` elementwise and reduce it with `max`, `min`, `sum` or `count_nonzero` in the real
/// dtype, as NumPy's `linalg.norm` does; one scalar is read back.
///
/// Errors (never a panic): an order that does not apply to the array's number of dimensions,
/// `Inf`/`NegInf` of an empty array (NumPy's empty max/min); `Nuc` and matrix `2`/`-2` of
/// `f16`/`bf16` (NumPy's SVD rejects them) or without the `lapack` feature.
///
/// ```
/// use kernels_std::linalg::{norm, NormOrd};
/// use kernels_std::{Array, Device};
/// let dev = Device::cpu();
/// let v = Array::from_vec(&dev, &[2], vec![3.0f32, -4.0])?;
/// assert_eq!(norm(&v, NormOrd::Default)?, 5.0);
/// assert_eq!(norm(&v, NormOrd::P(1.0))?, 7.0);
/// assert_eq!(norm(&v, NormOrd::Inf)?, 4.0);
/// let m = Array::from_vec(&dev, &[2, 2], vec![1i32, -2, 3, 4])?;
/// assert_eq!(norm(&m, NormOrd::P(1.0))?, 6.0);       // largest column sum, as f64
/// assert_eq!(norm(&m, NormOrd::Inf)?, 7.0);          // largest row sum
/// assert!(norm(&v, NormOrd::Nuc).is_err());                 // not a vector order
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn norm<T: LinalgScalar>(x: &Array<T>, ord: NormOrd) -> Result<T::Real> {
    let ord = match ord {
        NormOrd::P(p) if p == f64::INFINITY => NormOrd::Inf,
        NormOrd::P(p) if p == f64::NEG_INFINITY => NormOrd::NegInf,
        ord => ord,
    };
    let nd = x.ndim();
    let invalid = |what: &str| {
        Err(Error::invalid(format!(
            "norm: {what} (ord {ord:?}, array of shape {:?})",
            x.shape()
        )))
    };
    let two_norm = ord == NormOrd::Default
        || (ord == NormOrd::Fro && nd == 2)
        || (ord == NormOrd::P(2.0) && nd == 1);
    if two_norm {
        // vdot(x, x) is real and non-negative: |.| reads it as an f64. Integers: their
        // magnitudes in f64, as NumPy converts them first.
        let s = if T::ENGINE != Engine::Exact {
            vdot(x, x)?.item()?.abs_f64()
        } else {
            let m = T::magnitudes(x)?;
            vdot(&m, &m)?.item()?.to_f64()
        };
        return Ok(T::Real::from_f64(s.sqrt()));
    }
    // |x| on the device, reduced there in the real dtype (NumPy's order of operations); one
    // scalar read back.
    let abs = T::magnitudes(x)?;
    let extreme = |a: &Array<T::Real>, largest: bool| -> Result<T::Real> {
        if a.is_empty() {
            return invalid("the max/min of an empty vector or axis is undefined");
        }
        if largest {
            reduce::kernels::max(a).run()?.item()
        } else {
            reduce::kernels::min(a).run()?.item()
        }
    };
    match nd {
        1 => match ord {
            NormOrd::Inf => extreme(&abs, true),
            NormOrd::NegInf => extreme(&abs, false),
            NormOrd::P(0.0) => {
                let n: i64 = reduce::count_nonzero(&abs).run()?.item()?;
                Ok(T::Real::from_f64(n as f64))
            }
            NormOrd::P(1.0) => reduce::sum(&abs).run()?.item(),
            NormOrd::P(p) => {
                let powers = math::power(&abs, Operand::Scalar(T::Real::from_f64(p)))?;
                let s: T::Real = reduce::sum(&powers).run()?.item()?;
                Ok(T::Real::from_f64(s.to_f64().powf(1.0 / p)))
            }
            _ => invalid("invalid norm order for vectors"),
        },
        2 => {
            let (axis, largest) = match ord {
                NormOrd::Inf => (1, true),
                NormOrd::NegInf => (1, false),
                NormOrd::P(1.0) => (0, true),
                NormOrd::P(-1.0) => (0, false),
                NormOrd::Nuc => return Ok(T::Real::from_f64(T::svd_norm(x, ord)?)),
                NormOrd::P(p) if p.abs() == 2.0 => {
                    return Ok(T::Real::from_f64(T::svd_norm(x, ord)?))
                }
                _ => return invalid("invalid norm order for matrices"),
            };
            // row sums (inf) or column sums (1) of |x|, then their largest or smallest
            let sums = reduce::sum(&abs).axis(axis).run()?;
            extreme(&sums, largest)
        }
        _ => invalid("an order other than Default needs a 1-d or 2-d array"),
    }
}
