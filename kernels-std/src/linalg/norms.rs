//! Norms over axes and condition numbers: NumPy's `linalg.vector_norm`, `linalg.matrix_norm`,
//! `linalg.norm` with `axis` and `keepdims` ([`norm_axes`]), and `linalg.cond`.
//!
//! Each reduces `|x|` on the array's device in the real dtype, as NumPy does; the spectral
//! and nuclear norms take the singular values ([`svdvals`](super::svdvals)).

use array_runtime::{Array, Error, Result};

use super::float::{LinalgFloat, LinalgInput, RealLinalg};
use super::lapack::{self, check_stack, split_shape};
use super::norm::NormOrd;
use super::scalar::RealScalar;

type Real<T> = <<T as LinalgInput>::Float as LinalgFloat>::Re;

/// `sum(|x|^ord)^(1/ord)` of `|x|` (`abs`) over `axes`, with NumPy's special orders.
fn reduce_vector<R: LinalgFloat + RealLinalg + RealScalar>(
    abs: &Array<R>,
    ord: f64,
    axes: &[isize],
    keepdims: bool,
) -> Result<Array<R>> {
    let empty_axis = axes.iter().any(|&a| {
        let nd = abs.ndim() as isize;
        let a = if a < 0 { a + nd } else { a };
        abs.shape().get(a as usize) == Some(&0)
    }) || (axes.is_empty() && abs.is_empty());
    if ord.is_infinite() {
        if empty_axis {
            return Err(Error::invalid(
                "vector_norm: the infinity norms of an empty vector are undefined (zero-size max/min)",
            ));
        }
        return if ord > 0.0 {
            R::max_axes(abs, axes, keepdims)
        } else {
            R::min_axes(abs, axes, keepdims)
        };
    }
    if ord == 0.0 {
        return R::count_nonzero_axes(abs, axes, keepdims);
    }
    if ord == 1.0 {
        return R::sum_axes(abs, axes, keepdims);
    }
    if ord == 2.0 {
        let sq = R::mul_elem(abs, abs)?;
        return R::sqrt(&R::sum_axes(&sq, axes, keepdims)?);
    }
    let p = R::powf(abs, R::from_f64(ord))?;
    let s = R::sum_axes(&p, axes, keepdims)?;
    R::powf(&s, R::from_f64(1.0 / ord))
}

/// NumPy's `linalg.vector_norm(x, axis, keepdims, ord)`: the `ord`-norm of the vectors along
/// `axis` (every axis when `None`, the array flattened), for any `ord` (`f64::INFINITY` and
/// `f64::NEG_INFINITY` are the max and min of `|x|`, `0` the count of non-zeros). Integers in
/// `f64`. The result has the real dtype.
///
/// ```
/// use kernels_std::linalg::vector_norm;
/// use kernels_std::prelude::*;
/// let x = Array::from_vec(&Device::cpu(), &[2, 2], vec![3.0f64, 4.0, -6.0, 8.0])?;
/// assert_eq!(vector_norm(&x, 2.0, Some(&[1]), false)?.to_vec()?, vec![5.0f64, 10.0]);
/// assert_eq!(vector_norm(&x, f64::INFINITY, None, false)?.item()?, 8.0);
/// assert_eq!(vector_norm(&x, 1.0, Some(&[0]), true)?.shape(), &[1, 2]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn vector_norm<T: LinalgInput>(
    x: &Array<T>,
    ord: f64,
    axis: Option<&[isize]>,
    keepdims: bool,
) -> Result<Array<Real<T>>> {
    let x = T::to_float(x)?;
    let abs = <T::Float as LinalgFloat>::abs_array(&x)?;
    let all: Vec<isize> = (0..x.ndim() as isize).collect();
    let axes = axis.unwrap_or(&all);
    for &a in axes {
        super::views::axis("vector_norm", a, x.shape())?;
    }
    reduce_vector(&abs, ord, axes, keepdims)
}

/// NumPy's `linalg.matrix_norm(x, keepdims, ord)`: the `ord`-norm of each matrix of the stack
/// `(..., M, N)`: [`NormOrd::Fro`] (the default), [`NormOrd::Nuc`] (the sum of the singular
/// values), `Inf`/`NegInf` (largest/smallest row sum of `|x|`), `P(1)`/`P(-1)` (column sums),
/// `P(2)`/`P(-2)` (largest/smallest singular value).
///
/// ```
/// use kernels_std::linalg::{matrix_norm, NormOrd};
/// use kernels_std::prelude::*;
/// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![1.0f64, -2.0, 3.0, 4.0])?;
/// assert_eq!(matrix_norm(&a, NormOrd::Inf, false)?.item()?, 7.0);
/// assert_eq!(matrix_norm(&a, NormOrd::P(1.0), false)?.item()?, 6.0);
/// let s = kernels_std::linalg::svdvals(&a)?.to_vec()?;
/// assert!((matrix_norm(&a, NormOrd::Nuc, false)?.item()? - (s[0] + s[1])).abs() < 1e-12);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn matrix_norm<T: LinalgInput>(
    x: &Array<T>,
    ord: NormOrd,
    keepdims: bool,
) -> Result<Array<Real<T>>> {
    let x = T::to_float(x)?;
    matrix_norm_float(&x, ord, keepdims)
}

/// [`matrix_norm`] in a float dtype.
pub(crate) fn matrix_norm_float<F: LinalgFloat>(
    x: &Array<F>,
    ord: NormOrd,
    keepdims: bool,
) -> Result<Array<F::Re>> {
    check_stack("matrix_norm", x)?;
    let ord = match ord {
        NormOrd::P(p) if p == f64::INFINITY => NormOrd::Inf,
        NormOrd::P(p) if p == f64::NEG_INFINITY => NormOrd::NegInf,
        NormOrd::Default => NormOrd::Fro,
        o => o,
    };
    let abs = F::abs_array(x)?;
    let keep = |r: Array<F::Re>| -> Result<Array<F::Re>> {
        if keepdims {
            r.insert_axis(-1)?.insert_axis(-1)
        } else {
            Ok(r)
        }
    };
    let (_, m, n) = split_shape(x.shape());
    let extreme = |sums: &Array<F::Re>, largest: bool, len: usize| -> Result<Array<F::Re>> {
        if len == 0 {
            return Err(Error::invalid(format!(
                "matrix_norm: the order {ord:?} of a matrix with an empty dimension (shape {:?}) is undefined",
                x.shape()
            )));
        }
        if largest {
            <F::Re as RealLinalg>::max_axes(sums, &[-1], false)
        } else {
            <F::Re as RealLinalg>::min_axes(sums, &[-1], false)
        }
    };
    match ord {
        NormOrd::Fro => keep(reduce_vector(&abs, 2.0, &[-2, -1], false)?),
        NormOrd::Inf | NormOrd::NegInf => {
            let rows = <F::Re as LinalgFloat>::sum_axes(&abs, &[-1], false)?;
            keep(extreme(&rows, ord == NormOrd::Inf, m)?)
        }
        NormOrd::P(p) if p.abs() == 1.0 => {
            let cols = <F::Re as LinalgFloat>::sum_axes(&abs, &[-2], false)?;
            keep(extreme(&cols, p > 0.0, n)?)
        }
        NormOrd::Nuc | NormOrd::P(_) => {
            let p = match ord {
                NormOrd::P(p) => p,
                _ => 0.0,
            };
            if ord != NormOrd::Nuc && p.abs() != 2.0 {
                return Err(Error::invalid(format!(
                    "matrix_norm: invalid norm order {ord:?} for matrices"
                )));
            }
            if x.is_empty() {
                return Err(Error::invalid(format!(
                    "matrix_norm: the order {ord:?} of an empty matrix (shape {:?}) is undefined",
                    x.shape()
                )));
            }
            let s = lapack::svd("matrix_norm", x, false, false)?.1;
            let r = match ord {
                NormOrd::Nuc => <F::Re as LinalgFloat>::sum_axes(&s, &[-1], false)?,
                _ if p > 0.0 => <F::Re as RealLinalg>::max_axes(&s, &[-1], false)?,
                _ => <F::Re as RealLinalg>::min_axes(&s, &[-1], false)?,
            };
            keep(r)
        }
        _ => Err(Error::invalid(format!(
            "matrix_norm: invalid norm order {ord:?} for matrices"
        ))),
    }
}

/// NumPy's `linalg.norm(x, ord, axis, keepdims)` with an explicit `axis`: one axis gives the
/// vector norms along it ([`vector_norm`]; `NormOrd::Default` is the 2-norm), two axes the
/// matrix norms over them ([`matrix_norm`]). `keepdims` leaves the reduced axes as size 1.
/// (`axis=None` is [`norm`](super::norm), which returns a host scalar.)
///
/// ```
/// use kernels_std::linalg::{norm_axes, NormOrd};
/// use kernels_std::prelude::*;
/// let x = Array::from_vec(&Device::cpu(), &[2, 2, 2], (1..=8).map(f64::from).collect())?;
/// let fro = norm_axes(&x, NormOrd::Fro, &[1, 2], false)?.to_vec()?;
/// assert!((fro[0] - 30f64.sqrt()).abs() < 1e-12);
/// assert_eq!(norm_axes(&x, NormOrd::Inf, &[0], true)?.shape(), &[1, 2, 2]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn norm_axes<T: LinalgInput>(
    x: &Array<T>,
    ord: NormOrd,
    axis: &[isize],
    keepdims: bool,
) -> Result<Array<Real<T>>> {
    let xf = T::to_float(x)?;
    match axis.len() {
        1 => {
            let p = match ord {
                NormOrd::Default => 2.0,
                NormOrd::Inf => f64::INFINITY,
                NormOrd::NegInf => f64::NEG_INFINITY,
                NormOrd::P(p) => p,
                _ => {
                    return Err(Error::invalid(format!(
                        "norm: invalid norm order {ord:?} for vectors"
                    )))
                }
            };
            vector_norm(x, p, Some(axis), keepdims)
        }
        2 => {
            let a0 = super::views::axis("norm", axis[0], x.shape())?;
            let a1 = super::views::axis("norm", axis[1], x.shape())?;
            if a0 == a1 {
                return Err(Error::invalid("norm: duplicate axes given"));
            }
            let moved = crate::shape::moveaxis(&xf, &[a0 as isize, a1 as isize], &[-2, -1])?;
            let r = matrix_norm_float(&moved, ord, false)?;
            if keepdims {
                let mut s = x.shape().to_vec();
                s[a0] = 1;
                s[a1] = 1;
                r.reshape(&s)
            } else {
                Ok(r)
            }
        }
        _ => Err(Error::invalid(format!(
            "norm: improper number of dimensions to norm ({:?})",
            axis
        ))),
    }
}

/// NumPy's `linalg.cond(x, p)`: the condition number of each square (for `p` other than 2, -2)
/// matrix of the stack: `None`, `P(2)`, `P(-2)` from the singular values (`s_max / s_min`, or
/// its inverse), any other order as `norm(x, p) * norm(inv(x), p)`. A singular matrix has
/// condition `inf` (NaN results become `inf`, unless the matrix holds a NaN). Empty arrays are
/// an error.
///
/// ```
/// use kernels_std::linalg::{cond, NormOrd};
/// use kernels_std::prelude::*;
/// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![2.0f64, 0.0, 0.0, 0.5])?;
/// assert_eq!(cond(&a, None)?.item()?, 4.0);
/// assert_eq!(cond(&a, Some(NormOrd::P(1.0)))?.item()?, 4.0);
/// let s = Array::from_vec(&Device::cpu(), &[2, 2], vec![1.0f64, 1.0, 1.0, 1.0])?;
/// assert_eq!(cond(&s, Some(NormOrd::Fro))?.item()?, f64::INFINITY);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn cond<T: LinalgInput>(x: &Array<T>, p: Option<NormOrd>) -> Result<Array<Real<T>>> {
    let x = T::to_float(x)?;
    check_stack("cond", &x)?;
    let (_, m, n) = split_shape(x.shape());
    if m == 0 || n == 0 {
        return Err(Error::linalg("cond", "cond is not defined on empty arrays"));
    }
    type R<T> = Real<T>;
    let spectral = matches!(p, None | Some(NormOrd::Default))
        || matches!(p, Some(NormOrd::P(q)) if q.abs() == 2.0);
    let (r, failed) = if spectral {
        let s = lapack::svd("cond", &x, false, false)?.1;
        let hi = <R<T> as RealLinalg>::max_axes(&s, &[-1], false)?;
        let lo = <R<T> as RealLinalg>::min_axes(&s, &[-1], false)?;
        let r = if matches!(p, Some(NormOrd::P(q)) if q == -2.0) {
            <R<T> as LinalgFloat>::div_elem(&lo, &hi)?
        } else {
            <R<T> as LinalgFloat>::div_elem(&hi, &lo)?
        };
        (r, Vec::new())
    } else {
        lapack::check_square("cond", &x)?;
        let ord = p.expect("not spectral");
        let (inv, info) = lapack::inv_info(&x)?;
        let a = matrix_norm_float(&x, ord, false)?;
        let b = matrix_norm_float(&inv, ord, false)?;
        (<R<T> as LinalgFloat>::mul_elem(&a, &b)?, info)
    };
    // NaN -> inf where the matrix itself holds no NaN; failed inversions -> inf.
    let has_nan = {
        let abs = <T::Float as LinalgFloat>::abs_array(&x)?;
        let nan = crate::math::isnan(&abs)?;
        crate::reduce::any(&nan).axes(&[-2, -1]).run()?.to_vec()?
    };
    let shape = r.shape().to_vec();
    let mut v = r.to_vec()?;
    let inf = <R<T> as RealScalar>::from_f64(f64::INFINITY);
    for (i, val) in v.iter_mut().enumerate() {
        let nan = <R<T> as RealScalar>::to_f64(*val).is_nan();
        if (nan && !has_nan[i]) || failed.get(i).is_some_and(|&c| c != 0) {
            *val = inf;
        }
    }
    let dev = x.device();
    Array::from_vec(&array_runtime::Device::Cpu, &shape, v)?.to_device(&dev)
}
