//! `norm`: NumPy's `linalg.norm` over the whole array (vector and matrix norms).

use array_runtime::{Array, Error, Result};

use super::dot::vdot;
use super::scalar::{Engine, LinalgScalar, RealScalar};

/// The `ord` argument of [`norm`].
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub enum NormOrd {
    /// NumPy's `ord=None`: the 2-norm of the flattened array (Frobenius for a matrix), any
    /// number of dimensions.
    Default,
    /// `'fro'`: the Frobenius norm of a matrix.
    Fro,
    /// `'nuc'`: the nuclear norm of a matrix (needs an SVD: not supported yet).
    Nuc,
    /// `inf`: the largest `|x|` of a vector; the largest row sum of `|x|` of a matrix.
    Inf,
    /// `-inf`: the smallest `|x|` of a vector; the smallest row sum of a matrix.
    NegInf,
    /// A number `p`: `sum(|x|^p)^(1/p)` for a vector (`0` counts the non-zeros); for a
    /// matrix `1` / `-1` is the largest / smallest column sum of `|x|` (`2`, `-2` need an
    /// SVD: not supported yet).
    P(f64),
}

/// NumPy's `linalg.norm(x, ord)` with `axis=None`: a vector norm for a 1-d array, a matrix
/// norm for a 2-d one, and for [`NormOrd::Default`] the 2-norm of the flattened array of any
/// shape. The result is a host scalar (NumPy returns a scalar) of the real dtype
/// [`LinalgScalar::Real`]: `f32` for `f32` and `c64`, `f64` for integers (NumPy converts them
/// to float64 first).
///
/// The 2-norm and Frobenius norm of float and complex arrays are `sqrt(vdot(x, x))` on the
/// array's device (cuBLAS on a GPU). The other orders, and every order on integers, are
/// computed on the host in `f64` and rounded once (an array on a GPU is copied back for them).
///
/// Errors (never a panic): an order that does not apply to the array's number of dimensions,
/// `Inf`/`NegInf` of an empty array (NumPy's empty max/min), `Nuc` and matrix `2`/`-2` (no SVD
/// yet).
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
/// assert!(norm(&m, NormOrd::Nuc).is_err());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn norm<T: LinalgScalar>(x: &Array<T>, ord: NormOrd) -> Result<T::Real> {
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
        if T::ENGINE != Engine::Exact {
            // vdot(x, x) is real and non-negative: |.| reads it as an f64.
            let s = vdot(x, x)?.item()?.abs_f64();
            return Ok(T::Real::from_f64(s.sqrt()));
        }
        let s: f64 = x.to_vec()?.iter().map(|v| v.abs_f64().powi(2)).sum();
        return Ok(T::Real::from_f64(s.sqrt()));
    }
    match nd {
        1 => {
            let abs: Vec<f64> = x.to_vec()?.iter().map(|v| v.abs_f64()).collect();
            let r = match ord {
                NormOrd::Inf | NormOrd::NegInf if abs.is_empty() => {
                    return invalid("the max/min of an empty vector is undefined")
                }
                NormOrd::Inf => abs.iter().copied().fold(f64::NEG_INFINITY, nan_max),
                NormOrd::NegInf => abs.iter().copied().fold(f64::INFINITY, nan_min),
                NormOrd::P(0.0) => abs.iter().filter(|&&a| a != 0.0).count() as f64,
                NormOrd::P(1.0) => abs.iter().sum(),
                NormOrd::P(p) => abs.iter().map(|a| a.powf(p)).sum::<f64>().powf(1.0 / p),
                _ => return invalid("invalid norm order for vectors"),
            };
            Ok(T::Real::from_f64(r))
        }
        2 => {
            let (rows, cols) = (x.shape()[0], x.shape()[1]);
            let abs: Vec<f64> = x.to_vec()?.iter().map(|v| v.abs_f64()).collect();
            let row_sums = || -> Vec<f64> {
                (0..rows)
                    .map(|i| abs[i * cols..(i + 1) * cols].iter().sum())
                    .collect()
            };
            let col_sums = || -> Vec<f64> {
                (0..cols)
                    .map(|j| (0..rows).map(|i| abs[i * cols + j]).sum())
                    .collect()
            };
            let (sums, largest) = match ord {
                NormOrd::Inf => (row_sums(), true),
                NormOrd::NegInf => (row_sums(), false),
                NormOrd::P(1.0) => (col_sums(), true),
                NormOrd::P(-1.0) => (col_sums(), false),
                NormOrd::Nuc => return invalid("the nuclear norm needs an SVD, not supported yet"),
                NormOrd::P(p) if p.abs() == 2.0 => {
                    return invalid("the spectral norms need an SVD, not supported yet")
                }
                _ => return invalid("invalid norm order for matrices"),
            };
            if sums.is_empty() {
                return invalid("the max/min over an empty axis is undefined");
            }
            let r = if largest {
                sums.into_iter().fold(f64::NEG_INFINITY, nan_max)
            } else {
                sums.into_iter().fold(f64::INFINITY, nan_min)
            };
            Ok(T::Real::from_f64(r))
        }
        _ => invalid("an order other than Default needs a 1-d or 2-d array"),
    }
}

/// The larger, NaN propagating (NumPy's `max`).
fn nan_max(a: f64, b: f64) -> f64 {
    if a.is_nan() || b.is_nan() {
        f64::NAN
    } else {
        a.max(b)
    }
}

/// The smaller, NaN propagating (NumPy's `min`).
fn nan_min(a: f64, b: f64) -> f64 {
    if a.is_nan() || b.is_nan() {
        f64::NAN
    } else {
        a.min(b)
    }
}
