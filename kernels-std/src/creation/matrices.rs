//! Matrices built from diagonals: `eye`, `identity`, `diag`, `diagflat`, `tri`, `tril`,
//! `triu`.

use array_runtime::shape::Layout;
use array_runtime::slice::{Slice, SliceItem};
use array_runtime::{Array, DType, Device, Error, Result};

use super::filled::One;
use super::kernels::{keep_lower, keep_upper, on_diagonal, row_col, scalar};
use crate::shape::kernels::view;

/// An `n x m` matrix (`m` defaults to `n`) with ones on the `k`-th diagonal (above the main
/// one for `k > 0`, below for `k < 0`) and zeros elsewhere (NumPy's `eye`).
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::creation::eye;
/// let e = eye::<i32>(&Device::cpu(), 2, Some(3), 1)?;
/// assert_eq!(e.to_vec()?, vec![0, 1, 0, 0, 0, 1]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn eye<T: One>(device: &Device, n: usize, m: Option<usize>, k: isize) -> Result<Array<T>> {
    let m = m.unwrap_or(n);
    let (rows, cols) = row_col(device, n, m)?;
    on_diagonal(
        &rows,
        &cols,
        k as i64,
        &scalar(device, T::one())?,
        &scalar(device, T::default())?,
    )
}

/// The `n x n` identity matrix (NumPy's `identity`).
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::creation::identity;
/// assert_eq!(identity::<f64>(&Device::cpu(), 2)?.to_vec()?, vec![1.0, 0.0, 0.0, 1.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn identity<T: One>(device: &Device, n: usize) -> Result<Array<T>> {
    eye(device, n, None, 0)
}

/// NumPy's `diag`: of a 1-d `v`, a square matrix with `v` on its `k`-th diagonal (a new
/// array); of a 2-d `v`, its `k`-th diagonal (a view, as NumPy's is). Other dimensions are an
/// error.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::creation::diag;
/// let v = Array::from_vec(&Device::cpu(), &[2], vec![1u8, 2])?;
/// let m = diag(&v, -1)?;
/// assert_eq!(m.to_vec()?, vec![0, 0, 0, 1, 0, 0, 0, 2, 0]);
/// assert_eq!(diag(&m, -1)?.to_vec()?, vec![1, 2]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn diag<T: DType>(v: &Array<T>, k: isize) -> Result<Array<T>> {
    match v.ndim() {
        1 => diag_matrix(v, k),
        2 => diagonal(v, k),
        _ => Err(Error::invalid(format!(
            "diag: input must be 1-d or 2-d, its shape is {:?}",
            v.shape()
        ))),
    }
}

/// `v` flattened, on the `k`-th diagonal of a square matrix (NumPy's `diagflat`).
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::creation::diagflat;
/// let v = Array::from_vec(&Device::cpu(), &[1, 2], vec![1u8, 2])?;
/// assert_eq!(diagflat(&v, 0)?.to_vec()?, vec![1, 0, 0, 2]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn diagflat<T: DType>(v: &Array<T>, k: isize) -> Result<Array<T>> {
    diag_matrix(&crate::shape::ravel(v)?, k)
}

/// The square matrix with the 1-d `v` on its `k`-th diagonal: zeros, and `v` copied into the
/// strided slice of the flat buffer that the diagonal occupies.
fn diag_matrix<T: DType>(v: &Array<T>, k: isize) -> Result<Array<T>> {
    let n = v.len();
    let size = n + k.unsigned_abs();
    let too_large = || Error::invalid(format!("diag: a {size} x {size} matrix is too large"));
    let mut flat = Array::<T>::zeros(
        &v.device(),
        &[size.checked_mul(size).ok_or_else(too_large)?],
    )?;
    if n > 0 {
        let start = if k >= 0 { k } else { -k * size as isize };
        let step = size as isize + 1;
        let end = start + (n as isize - 1) * step + 1;
        let range = Slice::from(start..end).step_by(step);
        flat.slice_mut([SliceItem::Range(range)])?.assign(v)?;
    }
    flat.reshape(&[size, size])
}

/// The `k`-th diagonal of the 2-d `a` as a view.
fn diagonal<T: DType>(a: &Array<T>, k: isize) -> Result<Array<T>> {
    let l = a.layout();
    // Start at (0, k) above the main diagonal, (-k, 0) below it (`unsigned_abs`: no overflow
    // at `isize::MIN`); a start outside the matrix leaves an empty diagonal.
    let (r0, c0) = if k >= 0 {
        (0, k.unsigned_abs())
    } else {
        (k.unsigned_abs(), 0)
    };
    let len = l.shape[0]
        .saturating_sub(r0)
        .min(l.shape[1].saturating_sub(c0));
    let offset = if len > 0 {
        // r0 and c0 are inside the matrix here, so they fit an isize
        (l.offset as isize + r0 as isize * l.strides[0] + c0 as isize * l.strides[1]) as usize
    } else {
        l.offset
    };
    view(
        a,
        Layout {
            shape: vec![len],
            strides: vec![l.strides[0] + l.strides[1]],
            offset,
        },
    )
}

/// An `n x m` matrix (`m` defaults to `n`) of ones on and below the `k`-th diagonal, zeros
/// above (NumPy's `tri`).
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::creation::tri;
/// assert_eq!(tri::<u8>(&Device::cpu(), 2, Some(3), 0)?.to_vec()?, vec![1, 0, 0, 1, 1, 0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn tri<T: One>(device: &Device, n: usize, m: Option<usize>, k: isize) -> Result<Array<T>> {
    let m = m.unwrap_or(n);
    let (rows, cols) = row_col(device, n, m)?;
    keep_lower(
        &rows,
        &cols,
        k as i64,
        &scalar(device, T::one())?,
        &scalar(device, T::default())?,
    )
}

/// The last two axes of `a` with the elements above the `k`-th diagonal zeroed (NumPy's
/// `tril`); a 1-d `a` of length `n` gives the `n x n` matrix whose rows are `a`, as NumPy's.
/// A 0-d `a` is an error.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::creation::tril;
/// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![1, 2, 3, 4i32])?;
/// assert_eq!(tril(&a, 0)?.to_vec()?, vec![1, 0, 3, 4]);
/// let v = Array::from_vec(&Device::cpu(), &[2], vec![5, 6i32])?;
/// assert_eq!(tril(&v, 0)?.to_vec()?, vec![5, 0, 5, 6]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn tril<T: DType>(a: &Array<T>, k: isize) -> Result<Array<T>> {
    let (rows, cols) = triangle_indices(a, "tril")?;
    let zero = scalar(&a.device(), T::default())?;
    keep_lower(&rows, &cols, k as i64, a, &zero)
}

/// The last two axes of `a` with the elements below the `k`-th diagonal zeroed (NumPy's
/// `triu`; a 1-d `a` as in [`tril`]).
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::creation::triu;
/// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![1, 2, 3, 4i32])?;
/// assert_eq!(triu(&a, 0)?.to_vec()?, vec![1, 2, 0, 4]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn triu<T: DType>(a: &Array<T>, k: isize) -> Result<Array<T>> {
    let (rows, cols) = triangle_indices(a, "triu")?;
    let zero = scalar(&a.device(), T::default())?;
    keep_upper(&rows, &cols, k as i64, a, &zero)
}

/// The row and column indices of `a`'s last two axes (a 1-d `a` of length `n` counts as
/// `n x n`), shaped to broadcast against `a`.
fn triangle_indices<T: DType>(a: &Array<T>, op: &str) -> Result<(Array<i64>, Array<i64>)> {
    let s = a.shape();
    let (n, m) = match s.len() {
        0 => {
            return Err(Error::invalid(format!(
                "{op}: the input must have at least 1 dimension, its shape is []"
            )))
        }
        1 => (s[0], s[0]),
        d => (s[d - 2], s[d - 1]),
    };
    row_col(&a.device(), n, m)
}
