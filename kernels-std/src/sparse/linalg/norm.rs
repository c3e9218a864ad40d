//! SciPy's `scipy.sparse.linalg.norm`: matrix norms of a sparse array, and vector norms of its
//! rows or columns.

use super::scalar::SolverDType;
use crate::linalg::NormOrd;
use crate::prelude::*;
use crate::sort::compact::per_element;
use crate::sparse::compressed::Compressed;
use crate::sparse::{AsCoo, SparseIndex};

/// Per line of the magnitudes `data` (one thread per line): `mode` 0 the largest, 1 the
/// smallest, each compared with the line's implicit zeros when it stores fewer than `minor`
/// values (SciPy's `max(axis)`/`min(axis)` of a sparse array), NaN propagating as in NumPy's
/// `maximum`/`minimum`; `mode` 2 the number of nonzero values.
#[raw_kernel]
pub(crate) fn line_extrema<T: Float, P: Int>(
    data: &[T],
    ptr: &[P],
    out: &mut [T],
    mode: u32,
    minor: u64,
) {
    let s = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if s < out.len() {
        let start = ptr[s].cast::<u64>() as usize;
        let end = ptr[s + 1].cast::<u64>() as usize;
        let zero = false.cast::<T>();
        let mut acc = zero;
        if mode == 2 {
            for j in start..end {
                if data[j] != zero {
                    acc = acc + true.cast::<T>();
                }
            }
        } else if end > start {
            acc = data[start];
            for j in (start + 1)..end {
                let v = data[j];
                let wins = if mode == 0 { v > acc } else { v < acc };
                if wins || v != v {
                    acc = v;
                }
            }
            if ((end - start) as u64) < minor {
                let wins = if mode == 0 { zero > acc } else { zero < acc };
                if wins {
                    acc = zero;
                }
            }
        }
        out[s] = acc;
    }
}

/// The canonical CSR lines of `x` (duplicates summed, as SciPy's norms see them: its
/// Frobenius norm reads `_deduped_data()`, its `abs(x)` too).
fn canonical<T: SolverDType, I: SparseIndex, A: AsCoo<T, I> + ?Sized>(
    x: &A,
) -> Result<Compressed<T, I>> {
    Ok(x.as_coo()?.tocsr()?.inner)
}

/// `|x|` with the structure of `x`.
fn magnitudes<T: SolverDType, I: SparseIndex>(
    x: &Compressed<T, I>,
) -> Result<Compressed<T::Re, I>> {
    x.map_data(|d| T::abs_array(d))
}

/// The lines whose reductions give a result along the remaining axis: reducing over `axis`
/// 1 reduces each row (CSR's lines), over 0 each column.
fn lines_over<U: crate::sparse::SparseDType, I: SparseIndex>(
    x: &Compressed<U, I>,
    axis: usize,
) -> Result<Compressed<U, I>> {
    if axis == 1 {
        Ok(x.clone())
    } else {
        x.swap_axes()
    }
}

fn extrema<T: SolverDType, I: SparseIndex>(
    lines: &Compressed<T::Re, I>,
    mode: u32,
) -> Result<Array<T::Re>> {
    let mut out = Array::<T::Re>::zeros(&lines.data.device(), &[lines.majors])?;
    if lines.majors > 0 {
        line_extrema::launch::<T::Re, I>(
            &per_element(lines.majors)?,
            &lines.data,
            &lines.indptr,
            &mut out,
            mode,
            lines.minor as u64,
        )?;
    }
    Ok(out)
}

/// The axis of a 2-d array, SciPy's check.
fn axis_index(axis: isize, shape: [usize; 2]) -> Result<usize> {
    match axis {
        0 | -2 => Ok(0),
        1 | -1 => Ok(1),
        _ => Err(Error::invalid(format!(
            "norm: invalid axis ({axis},) for an array with shape {shape:?}"
        ))),
    }
}

fn ord_of(ord: NormOrd) -> NormOrd {
    match ord {
        NormOrd::P(p) if p == f64::INFINITY => NormOrd::Inf,
        NormOrd::P(p) if p == f64::NEG_INFINITY => NormOrd::NegInf,
        o => o,
    }
}

/// SciPy's `norm(x, ord)` (`axis=None`): a matrix norm of a sparse array (CSR, CSC or COO),
/// as a host scalar of the real dtype. [`NormOrd::Default`] and [`NormOrd::Fro`]: the
/// Frobenius norm; `P(1.0)` / `P(-1.0)`: the largest / smallest column sum of `|x|`;
/// [`NormOrd::Inf`] / [`NormOrd::NegInf`]: the largest / smallest row sum. Duplicates are
/// summed first, as SciPy does.
///
/// Errors, as SciPy's: the orders `P(2.0)` (SciPy computes it with `svds`, not offered here),
/// `P(-2.0)` (not implemented in SciPy either), `Nuc` and other numbers (invalid for
/// matrices); the extreme sums of an array with no row or no column (NumPy's empty `max`).
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::linalg::NormOrd;
/// use kernels_std::sparse::{linalg::norm, CsrArray};
/// let d = Array::from_vec(&Device::cpu(), &[2, 2], vec![3.0f64, 0.0, -4.0, 1.0])?;
/// let a = CsrArray::<f64>::from_dense(&d)?;
/// assert_eq!(norm(&a, NormOrd::Default)?, 26f64.sqrt());
/// assert_eq!(norm(&a, NormOrd::P(1.0))?, 7.0);    // column sums 7, 1
/// assert_eq!(norm(&a, NormOrd::NegInf)?, 3.0);    // row sums 3, 5
/// assert!(norm(&a, NormOrd::P(2.0)).is_err());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn norm<T: SolverDType, I: SparseIndex, A: AsCoo<T, I> + ?Sized>(
    x: &A,
    ord: NormOrd,
) -> Result<T::Re> {
    norm_axes(x, ord, [0, 1])
}

/// SciPy's `norm(x, ord, axis=(row_axis, col_axis))`: [`norm`] with the axes named; `(1, 0)`
/// exchanges the roles of rows and columns (`P(1.0)` then takes the largest row sum). The
/// same axis twice, or an axis outside `[-2, 2)`, is an error.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::linalg::NormOrd;
/// use kernels_std::sparse::{linalg::norm_axes, CooArray};
/// let d = Array::from_vec(&Device::cpu(), &[2, 2], vec![3.0f32, 0.0, -4.0, 1.0])?;
/// let a = CooArray::<f32>::from_dense(&d)?;
/// assert_eq!(norm_axes(&a, NormOrd::P(1.0), [1, 0])?, 5.0);
/// assert!(norm_axes(&a, NormOrd::P(1.0), [1, -1]).is_err());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn norm_axes<T: SolverDType, I: SparseIndex, A: AsCoo<T, I> + ?Sized>(
    x: &A,
    ord: NormOrd,
    axes: [isize; 2],
) -> Result<T::Re> {
    let x = canonical(x)?;
    let shape = [x.majors, x.minor];
    let invalid = || {
        Error::invalid(format!(
            "norm: invalid axis {axes:?} for an array with shape {shape:?}"
        ))
    };
    if axes.iter().any(|&a| !(-2..2).contains(&a)) {
        return Err(invalid());
    }
    let (row, col) = (
        axes[0].rem_euclid(2) as usize,
        axes[1].rem_euclid(2) as usize,
    );
    if row == col {
        return Err(Error::invalid("norm: duplicate axes given."));
    }
    let (axis, largest) = match ord_of(ord) {
        NormOrd::Default | NormOrd::Fro => return T::norm(&x.data),
        NormOrd::P(1.0) => (row, true),
        NormOrd::P(-1.0) => (row, false),
        NormOrd::Inf => (col, true),
        NormOrd::NegInf => (col, false),
        NormOrd::P(p) if p == 2.0 || p == -2.0 => {
            return Err(Error::invalid(format!(
                "norm: the order {p} of a sparse matrix (SciPy's svds) is not implemented"
            )))
        }
        o => {
            return Err(Error::invalid(format!(
                "norm: invalid norm order {o:?} for matrices"
            )))
        }
    };
    let sums = lines_over(&magnitudes(&x)?, axis)?.line_sums()?;
    if largest {
        T::real_max(&sums)
    } else {
        T::real_min(&sums)
    }
}

/// SciPy's `norm(x, ord, axis=axis)` with one axis: the vector norm of each column
/// (`axis` 0) or row (`axis` 1, or -1), a dense 1-d array of the real dtype. `Default` and
/// `P(2.0)`: `sqrt(sum |x|^2)`; `P(1.0)`: `sum |x|`; `Inf` / `NegInf`: the largest / smallest
/// `|x|` (implicit zeros included); `P(0.0)`: the number of nonzero values (SciPy returns
/// them as integers, here as the real dtype); any other `P(p)`: `(sum |x|^p)^(1/p)` over the
/// stored values, as SciPy computes it (`abs(x).power(p)` leaves the implicit zeros out, so a
/// negative `p` sees only the stored values). Duplicates are summed first.
///
/// Errors, as SciPy's: `Fro` and `Nuc` (not vector orders), an axis outside `[-2, 2)`;
/// `Inf`/`NegInf` over an axis of length 0 (an empty `max`).
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::linalg::NormOrd;
/// use kernels_std::sparse::{linalg::norm_axis, CsrArray};
/// let d = Array::from_vec(&Device::cpu(), &[2, 3], vec![3.0f64, 0.0, -4.0, 0.0, 0.0, 2.0])?;
/// let a = CsrArray::<f64>::from_dense(&d)?;
/// assert_eq!(norm_axis(&a, NormOrd::Default, 1)?.to_vec()?, vec![5.0, 2.0]);
/// assert_eq!(norm_axis(&a, NormOrd::P(1.0), 0)?.to_vec()?, vec![3.0, 0.0, 6.0]);
/// assert_eq!(norm_axis(&a, NormOrd::NegInf, 0)?.to_vec()?, vec![0.0, 0.0, 2.0]);
/// assert_eq!(norm_axis(&a, NormOrd::P(0.0), -1)?.to_vec()?, vec![2.0, 1.0]);
/// assert!(norm_axis(&a, NormOrd::Fro, 0).is_err());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn norm_axis<T: SolverDType, I: SparseIndex, A: AsCoo<T, I> + ?Sized>(
    x: &A,
    ord: NormOrd,
    axis: isize,
) -> Result<Array<T::Re>> {
    let x = canonical(x)?;
    let shape = [x.majors, x.minor];
    let axis = axis_index(axis, shape)?;
    let ord = ord_of(ord);
    let lines = lines_over(&magnitudes(&x)?, axis)?;
    match ord {
        NormOrd::Inf | NormOrd::NegInf => {
            if shape[axis] == 0 {
                return Err(Error::invalid(format!(
                    "norm: zero-size array to reduction operation {} which has no identity \
                     (axis {axis} of shape {shape:?})",
                    if ord == NormOrd::Inf {
                        "maximum"
                    } else {
                        "minimum"
                    }
                )));
            }
            extrema::<T, I>(&lines, if ord == NormOrd::Inf { 0 } else { 1 })
        }
        NormOrd::P(0.0) => extrema::<T, I>(&lines, 2),
        NormOrd::P(1.0) => lines.line_sums(),
        NormOrd::Default | NormOrd::P(2.0) => {
            let squares = lines.map_data(|d| T::real_power(d, 2.0))?;
            T::real_sqrt(&squares.line_sums()?)
        }
        NormOrd::P(p) => {
            let powers = lines.map_data(|d| T::real_power(d, p))?;
            T::real_power(&powers.line_sums()?, 1.0 / p)
        }
        NormOrd::Fro | NormOrd::Nuc => Err(Error::invalid(format!(
            "norm: invalid norm order {ord:?} for vectors"
        ))),
    }
}
