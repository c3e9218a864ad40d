//! The factorizations on a GPU: cuSOLVER (`getrf`/`getrs`, `potrf`, `syevd`, `gesvd`) and
//! cuBLAS's batched LU for batches of small systems, through the runtime's
//! [`solver`](array_runtime::cuda::solver) module.
//!
//! cuSOLVER reads column-major matrices, so a C-contiguous matrix is seen as its transpose.
//! Each routine either uses that (the LU of `A^T` solves `A x = b` with `getrs` transposed and
//! inverts `A` directly; `potrf` of the upper triangle of `A^T` is `L`; the eigenvectors of
//! `A^T = conj(A)` are `conj(V)`; the SVD of a wide `A` is that of `A^T` with the factors
//! swapped) or makes one transposed copy on the device (the SVD of a tall matrix, whose
//! factors cuSOLVER's `gesvd` needs with `m >= n`, and `lu`, whose factors are returned).
//!
//! Not wrapped: QR (`geqrf`/`orgqr`), the general eigenproblem, triangular solves and
//! rectangular LU; those copy to the host, run faer, and copy back (correct, not fast).
//!
//! None of this has run on a GPU in development (no device there): it compiles, and follows
//! cuSOLVER's documented contracts; the GPU check runs the same tests as the CPU.

use std::sync::Arc;

use array_runtime::cuda::solver;
use array_runtime::cuda::CudaDevice;
use array_runtime::kernel::elementwise::Operand;
use array_runtime::{shape, Array, DType, Device, Result};

use super::{check_info, split_shape, with_dims, SvdParts};
use crate::linalg::float::LinalgFloat;

fn host<T: DType>(a: &Array<T>) -> Result<Array<T>> {
    a.to_device(&Device::Cpu)
}

fn back<T: DType>(d: &Arc<CudaDevice>, a: Array<T>) -> Result<Array<T>> {
    a.to_device(&Device::Cuda(d.clone()))
}

/// The last two axes swapped, as a new C-contiguous array on the device.
fn transposed<T: DType>(a: &Array<T>) -> Result<Array<T>> {
    a.swap_axes(-1, -2)?.as_standard_layout()
}

/// A C-contiguous copy on the device (the factorizations overwrite it).
fn owned<T: DType>(a: &Array<T>) -> Result<Array<T>> {
    a.copy()
}

/// Batches of at least this many systems of order at most [`SMALL_N`] go to cuBLAS's batched
/// LU (one launch for the batch instead of one cuSOLVER call per matrix).
const SMALL_BATCH: usize = 16;
const SMALL_N: usize = 32;

pub(crate) fn lu<T: LinalgFloat>(
    d: &Arc<CudaDevice>,
    a: &Array<T>,
) -> Result<(Array<T>, Array<i64>)> {
    let (batch, m, n) = split_shape(a.shape());
    if m != n {
        let (lu, piv) = super::lu(&host(a)?)?;
        return Ok((back(d, lu)?, back(d, piv)?));
    }
    // A column-major copy of A itself, so that the factors are A's.
    let mut cm = transposed(a)?;
    let (piv, _) = solver::getrf(d, &mut cm, n)?;
    let one = Operand::Scalar(1i64);
    let piv = crate::math::subtract(&piv, one)?.reshape(&with_dims(batch, &[n]))?;
    Ok((transposed(&cm)?, piv))
}

pub(crate) fn solve<T: LinalgFloat>(
    op: &str,
    d: &Arc<CudaDevice>,
    a: &Array<T>,
    b: &Array<T>,
) -> Result<Array<T>> {
    let (batch, n, _) = split_shape(a.shape());
    let k = b.shape()[b.ndim() - 1];
    let count = shape::size(batch);
    if n <= SMALL_N && count >= SMALL_BATCH {
        // cuBLAS's batched LU, op N: column-major copies of A and B.
        let mut acm = transposed(a)?;
        let mut bcm = transposed(b)?;
        let info = solver::solve_batched(d, &mut acm, &mut bcm, (n, k))?;
        check_info(op, batch, &info, |_| "Singular matrix".into())?;
        return transposed(&bcm);
    }
    // The C-order copy of A is A^T column-major: its LU, then the transposed solve, is A x = b.
    let mut at = owned(a)?;
    let (piv, info) = solver::getrf(d, &mut at, n)?;
    check_info(op, batch, &info, |_| "Singular matrix".into())?;
    let mut bcm = transposed(b)?;
    solver::getrs(d, &at, &piv, &mut bcm, (n, k), true)?;
    transposed(&bcm)
}

pub(crate) fn inv_info<T: LinalgFloat>(
    d: &Arc<CudaDevice>,
    a: &Array<T>,
) -> Result<(Array<T>, Vec<i32>)> {
    let (batch, n, _) = split_shape(a.shape());
    // LU of A^T (the C-order copy read column-major), then inv(A^T) column-major, which read
    // in C order is inv(A).
    let mut at = owned(a)?;
    let (piv, info) = solver::getrf(d, &mut at, n)?;
    let eye = crate::creation::eye::<T>(&Device::Cuda(d.clone()), n, None, 0)?;
    let mut x = eye.broadcast_to(&with_dims(batch, &[n, n]))?.copy()?;
    if info.iter().all(|&c| c == 0) {
        solver::getrs(d, &at, &piv, &mut x, (n, n), false)?;
    }
    Ok((x, info))
}

pub(crate) fn cholesky<T: LinalgFloat>(
    op: &str,
    d: &Arc<CudaDevice>,
    a: &Array<T>,
) -> Result<Array<T>> {
    let (batch, n, _) = split_shape(a.shape());
    // The lower triangle of A is the upper triangle of the column-major reading: its factor U
    // (A^T = U^H U) read in C order is L (A = L L^H).
    let mut c = owned(a)?;
    let info = solver::potrf(d, &mut c, n, true)?;
    check_info(op, batch, &info, |_| {
        "Matrix is not positive definite".into()
    })?;
    Ok(c)
}

pub(crate) fn qr<T: LinalgFloat>(
    d: &Arc<CudaDevice>,
    a: &Array<T>,
    complete: bool,
    want_q: bool,
) -> Result<(Option<Array<T>>, Array<T>)> {
    let (q, r) = super::qr(&host(a)?, complete, want_q)?;
    Ok((q.map(|q| back(d, q)).transpose()?, back(d, r)?))
}

#[allow(clippy::type_complexity)]
pub(crate) fn eigh<T: LinalgFloat>(
    op: &str,
    d: &Arc<CudaDevice>,
    a: &Array<T>,
    lower: bool,
    vectors: bool,
) -> Result<(Array<T::Re>, Option<Array<T>>)> {
    let (batch, n, _) = split_shape(a.shape());
    // The column-major reading is A^T = conj(A): the same eigenvalues, eigenvectors conj(V);
    // A's lower triangle is its upper one.
    let mut v = owned(a)?;
    let mut w = array_runtime::cuda::blas_support::array_for_overwrite::<T::Re>(
        &Device::Cuda(d.clone()),
        &with_dims(batch, &[n]),
    )?;
    let info = solver::syevd(d, &mut v, &mut w, n, lower, vectors)?;
    check_info(op, batch, &info, |_| "Eigenvalues did not converge".into())?;
    let v = if vectors {
        // Columns of conj(V) column-major = rows in C order: V = conj(transpose(memory)).
        Some(crate::linalg::decomp::conj_t(&v)?)
    } else {
        None
    };
    Ok((w, v))
}

pub(crate) fn svd<T: LinalgFloat>(
    op: &str,
    d: &Arc<CudaDevice>,
    a: &Array<T>,
    full: bool,
    vectors: bool,
) -> Result<SvdParts<T>> {
    let (batch, m, n) = split_shape(a.shape());
    let dev = Device::Cuda(d.clone());
    let k = m.min(n);
    let job = match (vectors, full) {
        (false, _) => b'N',
        (true, true) => b'A',
        (true, false) => b'S',
    };
    let new =
        |shape: &[usize]| array_runtime::cuda::blas_support::array_for_overwrite::<T>(&dev, shape);
    let mut s = array_runtime::cuda::blas_support::array_for_overwrite::<T::Re>(
        &dev,
        &with_dims(batch, &[k]),
    )?;
    if m >= n {
        // A column-major copy of A (m x n, m >= n): U (m x uc) and V^H (n x n) column-major.
        let mut cm = transposed(a)?;
        let uc = if full { m } else { n };
        let (mut u, mut vt) = if vectors {
            (
                new(&with_dims(batch, &[uc, m]))?,
                new(&with_dims(batch, &[n, n]))?,
            )
        } else {
            (new(&[1])?, new(&[1])?)
        };
        let info = solver::gesvd(d, &mut cm, (m, n), &mut s, &mut u, &mut vt, job)?;
        check_info(op, batch, &info, |_| "SVD did not converge".into())?;
        if !vectors {
            return Ok((None, s, None));
        }
        Ok((Some(transposed(&u)?), s, Some(transposed(&vt)?)))
    } else {
        // Wide: the C-order copy is A^T (n x m, n > m) column-major; A^T = U' S V'^H gives
        // A = conj(V') S U'^T, and those read in C order are the buffers of V'^H and U'.
        let mut cm = owned(a)?;
        let uc = if full { n } else { m };
        let (mut u2, mut vt2) = if vectors {
            (
                new(&with_dims(batch, &[uc, n]))?,
                new(&with_dims(batch, &[m, m]))?,
            )
        } else {
            (new(&[1])?, new(&[1])?)
        };
        let info = solver::gesvd(d, &mut cm, (n, m), &mut s, &mut u2, &mut vt2, job)?;
        check_info(op, batch, &info, |_| "SVD did not converge".into())?;
        if !vectors {
            return Ok((None, s, None));
        }
        Ok((Some(vt2), s, Some(u2)))
    }
}

pub(crate) fn solve_triangular<T: LinalgFloat>(
    d: &Arc<CudaDevice>,
    a: &Array<T>,
    b: &Array<T>,
    lower: bool,
    trans: u8,
    unit: bool,
) -> Result<Array<T>> {
    back(
        d,
        super::solve_triangular(&host(a)?, &host(b)?, lower, trans, unit)?,
    )
}
