//! The factorizations every routine of `linalg` and `scipy::linalg` is built from, on stacks
//! of matrices `(..., m, n)` on either backend: LU, solving, inversion, Cholesky, QR, the
//! Hermitian and general eigenproblems, the SVD and triangular solves.
//!
//! Each takes arrays of any layout and returns new C-contiguous arrays on the input's device.
//! The CPU backend is faer ([`cpu`]); a GPU is cuSOLVER and cuBLAS ([`cuda`]). What the
//! routines do around a factorization (masks of triangles, pivots to permutations, products,
//! norms) is written once with the kernel macros, in the routines themselves.
//!
//! Errors of a factorization are values: an exactly singular matrix in `solve`/`inv`, a matrix
//! that is not positive definite, an iteration that did not converge are
//! [`Error::LinAlg`](array_runtime::Error::LinAlg), naming the matrix's position in its stack.

pub(crate) mod cpu;
pub(crate) mod cuda;
pub mod sytrd;

use array_runtime::{shape, Array, Device, Error, Result};

use super::float::LinalgFloat;

/// The batch shape and the two matrix dimensions of a stack (`ndim >= 2`).
pub(crate) fn split_shape(a: &[usize]) -> (&[usize], usize, usize) {
    let nd = a.len();
    (&a[..nd - 2], a[nd - 2], a[nd - 1])
}

/// `batch` followed by `dims`.
pub(crate) fn with_dims(batch: &[usize], dims: &[usize]) -> Vec<usize> {
    let mut s = batch.to_vec();
    s.extend_from_slice(dims);
    s
}

/// Checks that `a` is a stack of matrices (`ndim >= 2`), naming the routine.
pub(crate) fn check_stack<T: array_runtime::DType>(op: &str, a: &Array<T>) -> Result<()> {
    if a.ndim() < 2 {
        return Err(Error::linalg(
            op,
            format!(
                "{}-dimensional array given; the array must be at least two-dimensional",
                a.ndim()
            ),
        ));
    }
    Ok(())
}

/// Checks that the matrices of a stack are square.
pub(crate) fn check_square<T: array_runtime::DType>(op: &str, a: &Array<T>) -> Result<usize> {
    check_stack(op, a)?;
    let (_, m, n) = split_shape(a.shape());
    if m != n {
        return Err(Error::linalg(
            op,
            format!(
                "last 2 dimensions of the array must be square (shape {:?})",
                a.shape()
            ),
        ));
    }
    Ok(n)
}

/// The first failed matrix of a stack as an error: `what(info)` says what went wrong.
pub(crate) fn check_info(
    op: &str,
    batch: &[usize],
    info: &[i32],
    what: impl Fn(i32) -> String,
) -> Result<()> {
    let Some((i, &code)) = info.iter().enumerate().find(|&(_, &c)| c != 0) else {
        return Ok(());
    };
    let at = if batch.is_empty() {
        String::new()
    } else {
        format!(" (matrix {} of the stack {:?})", unravel(i, batch), batch)
    };
    Err(Error::linalg(op, format!("{}{at}", what(code))))
}

/// The multi-index of flat position `i` in C order of `shape`.
fn unravel(mut i: usize, shape: &[usize]) -> String {
    let mut idx = vec![0usize; shape.len()];
    for d in (0..shape.len()).rev() {
        idx[d] = i % shape[d].max(1);
        i /= shape[d].max(1);
    }
    format!("{idx:?}")
}

/// The GPU whose cuSOLVER and cuBLAS serve `dev`: none for the CPU, and none for the CUDA
/// host target, which runs the modules our macros generate but has no vendor libraries. There
/// the factorizations are the CPU's (faer), through host copies, as its GEMM is; the work
/// around them (masks, pivots, norms, products) still runs as CUDA modules on the target.
fn vendor_gpu(dev: &Device) -> Option<&std::sync::Arc<array_runtime::cuda::CudaDevice>> {
    match dev {
        Device::Cuda(d) if !d.is_host() => Some(d),
        _ => None,
    }
}

/// The elements of `a` in C order on the host (a copy the factorizations overwrite).
fn host_vec<T: array_runtime::DType>(a: &Array<T>) -> Result<Vec<T>> {
    if a.device().is_cpu() {
        a.to_vec()
    } else {
        a.to_device(&Device::Cpu)?.to_vec()
    }
}

/// A host buffer of `shape`'s elements, all `value`: the out-of-memory or too-big error as a
/// value when the shape asks for more than the machine has (`svd` and `qr` of a tall matrix
/// with full or complete factors ask for `m * m`, which may be far more than the input).
fn host_filled<T: Clone>(shape: &[usize], value: T) -> Result<Vec<T>> {
    let n = shape::checked_size_of(shape, std::mem::size_of::<T>())?;
    array_runtime::cpu::host_vec::filled(n, value)
}

/// A host vector as an array of `shape` on `dev`.
fn on_device<T: array_runtime::DType>(
    dev: &Device,
    shape: &[usize],
    v: Vec<T>,
) -> Result<Array<T>> {
    let a = Array::from_vec(&Device::Cpu, shape, v)?;
    if dev.is_cpu() {
        Ok(a)
    } else {
        a.to_device(dev)
    }
}

/// LU with partial pivoting of each `(m, n)` matrix: the packed factors (`L` strictly below
/// the diagonal with a unit diagonal implied, `U` on and above) and the pivots as LAPACK's
/// swaps (0-based, `min(m, n)` per matrix: row `i` was interchanged with row `piv[i]`).
pub(crate) fn lu<T: LinalgFloat>(a: &Array<T>) -> Result<(Array<T>, Array<i64>)> {
    let dev = a.device();
    let (batch, m, n) = split_shape(a.shape());
    let k = m.min(n);
    let piv_shape = with_dims(batch, &[k]);
    if let Some(d) = vendor_gpu(&dev) {
        return cuda::lu(d, a);
    }
    let mut data = host_vec(a)?;
    let mut piv = host_filled(&piv_shape, 0i64)?;
    cpu::lu(&mut data, (m, n), &mut piv);
    Ok((
        on_device(&dev, a.shape(), data)?,
        on_device(&dev, &piv_shape, piv)?,
    ))
}

/// `A X = B` for each square `a` `(..., n, n)` and `b` `(..., n, k)` of the same batch shape;
/// an exactly singular matrix is an error ("Singular matrix").
pub(crate) fn solve<T: LinalgFloat>(op: &str, a: &Array<T>, b: &Array<T>) -> Result<Array<T>> {
    let dev = a.device();
    let (batch, n, _) = split_shape(a.shape());
    let k = b.shape()[b.ndim() - 1];
    if let Some(d) = vendor_gpu(&dev) {
        return cuda::solve(op, d, a, b);
    }
    let mut lu = host_vec(a)?;
    let mut x = host_vec(b)?;
    let small = n <= super::small::MAX_N && k > 0 && shape::size(batch) >= super::small::MIN_BATCH;
    let done = if small {
        T::small_solve(lu.clone(), x.clone(), n, k)?
    } else {
        None
    };
    let info = match done {
        Some((solved, info)) => {
            x = solved;
            info
        }
        None => cpu::solve(&mut lu, &mut x, n, k),
    };
    check_info(op, batch, &info, |_| "Singular matrix".into())?;
    on_device(&dev, &with_dims(batch, &[n, k]), x)
}

/// The inverse of each square matrix; an exactly singular one is an error.
pub(crate) fn inv<T: LinalgFloat>(op: &str, a: &Array<T>) -> Result<Array<T>> {
    let (batch, _, _) = split_shape(a.shape());
    let (out, info) = inv_info(a)?;
    check_info(op, batch, &info, |_| "Singular matrix".into())?;
    Ok(out)
}

/// The inverse of each square matrix and each one's `info` (non-zero: singular, and its
/// block of the result unspecified).
pub(crate) fn inv_info<T: LinalgFloat>(a: &Array<T>) -> Result<(Array<T>, Vec<i32>)> {
    let dev = a.device();
    let (_, n, _) = split_shape(a.shape());
    if let Some(d) = vendor_gpu(&dev) {
        return cuda::inv_info(d, a);
    }
    let mut lu = host_vec(a)?;
    let mut out = host_filled(&[lu.len()], <T as super::LinalgScalar>::zero())?;
    let info = cpu::inv(&mut lu, &mut out, n);
    Ok((on_device(&dev, a.shape(), out)?, info))
}

/// The Cholesky factor `L` of each matrix from its lower triangle, in the lower triangle of
/// the result (the strict upper triangle is unspecified: the caller masks it); a matrix that
/// is not positive definite is an error.
pub(crate) fn cholesky_raw<T: LinalgFloat>(op: &str, a: &Array<T>) -> Result<Array<T>> {
    let dev = a.device();
    let (batch, n, _) = split_shape(a.shape());
    if let Some(d) = vendor_gpu(&dev) {
        return cuda::cholesky(op, d, a);
    }
    let mut data = host_vec(a)?;
    let info = cpu::cholesky(&mut data, n);
    check_info(op, batch, &info, |_| {
        "Matrix is not positive definite".into()
    })?;
    on_device(&dev, a.shape(), data)
}

/// QR of each `(m, n)` matrix: `Q` (when `want_q`: `(m, m)` when `complete`, else `(m, k)`)
/// and `R` (`(m, n)`, or `(k, n)`), `k = min(m, n)`.
pub(crate) fn qr<T: LinalgFloat>(
    a: &Array<T>,
    complete: bool,
    want_q: bool,
) -> Result<(Option<Array<T>>, Array<T>)> {
    let dev = a.device();
    let (batch, m, n) = split_shape(a.shape());
    if let Some(d) = vendor_gpu(&dev) {
        return cuda::qr(d, a, complete, want_q);
    }
    let k = m.min(n);
    let (qc, rr) = if complete { (m, m) } else { (k, k) };
    let (qs, rs) = (with_dims(batch, &[m, qc]), with_dims(batch, &[rr, n]));
    let data = host_vec(a)?;
    let zero = <T as super::LinalgScalar>::zero();
    let mut r = host_filled(&rs, zero)?;
    let mut q = want_q.then(|| host_filled(&qs, zero)).transpose()?;
    cpu::qr(&data, (m, n), complete, q.as_deref_mut(), &mut r);
    let q = q.map(|q| on_device(&dev, &qs, q)).transpose()?;
    Ok((q, on_device(&dev, &rs, r)?))
}

/// QR of each `(m, n)` matrix in LAPACK's `geqrf` form: `h` `(m, n)` (R on and above the
/// diagonal, Householder vectors below) and `tau` `(k,)`.
pub(crate) fn qr_raw<T: LinalgFloat>(a: &Array<T>) -> Result<(Array<T>, Array<T>)> {
    let dev = a.device();
    if !dev.is_cpu() {
        // The raw form stays on the host (cuSOLVER's geqrf would give the same form; not wrapped).
        let (h, t) = qr_raw(&a.to_device(&Device::Cpu)?)?;
        return Ok((h.to_device(&dev)?, t.to_device(&dev)?));
    }
    let (batch, m, n) = split_shape(a.shape());
    let k = m.min(n);
    let mut h = host_vec(a)?;
    let mut tau = host_filled(&with_dims(batch, &[k]), <T as super::LinalgScalar>::zero())?;
    cpu::qr_raw(&mut h, (m, n), &mut tau);
    Ok((
        on_device(&dev, a.shape(), h)?,
        on_device(&dev, &with_dims(batch, &[k]), tau)?,
    ))
}

/// The eigenvalues (ascending) and, when `vectors`, the eigenvectors (columns) of each
/// Hermitian matrix, read from its `lower` or upper triangle.
#[allow(clippy::type_complexity)]
pub(crate) fn eigh<T: LinalgFloat>(
    op: &str,
    a: &Array<T>,
    lower: bool,
    vectors: bool,
) -> Result<(Array<T::Re>, Option<Array<T>>)> {
    let dev = a.device();
    let (batch, n, _) = split_shape(a.shape());
    if let Some(d) = vendor_gpu(&dev) {
        return cuda::eigh(op, d, a, lower, vectors);
    }
    let data = host_vec(a)?;
    let mut w = host_filled(
        &with_dims(batch, &[n]),
        <T::Re as super::LinalgScalar>::zero(),
    )?;
    let mut v = vectors
        .then(|| host_filled(&[data.len()], <T as super::LinalgScalar>::zero()))
        .transpose()?;
    let info = cpu::eigh(&data, n, lower, &mut w, v.as_deref_mut());
    check_info(op, batch, &info, |_| "Eigenvalues did not converge".into())?;
    let v = v.map(|v| on_device(&dev, a.shape(), v)).transpose()?;
    Ok((on_device(&dev, &with_dims(batch, &[n]), w)?, v))
}

/// The factors of an SVD: `U`, the singular values and `V^H` (the matrices when asked for).
pub(crate) type SvdParts<T> = (
    Option<Array<T>>,
    Array<<T as LinalgFloat>::Re>,
    Option<Array<T>>,
);

/// The SVD of each `(m, n)` matrix: singular values (descending), and when `vectors`, `U`
/// (`(m, m)` when `full`, else `(m, k)`) and `V^H` (`(n, n)`, or `(k, n)`).
pub(crate) fn svd<T: LinalgFloat>(
    op: &str,
    a: &Array<T>,
    full: bool,
    vectors: bool,
) -> Result<SvdParts<T>> {
    let dev = a.device();
    let (batch, m, n) = split_shape(a.shape());
    if let Some(d) = vendor_gpu(&dev) {
        return cuda::svd(op, d, a, full, vectors);
    }
    let k = m.min(n);
    let (uc, vr) = if full { (m, n) } else { (k, k) };
    let data = host_vec(a)?;
    let nb = shape::size(batch);
    let zero = <T as super::LinalgScalar>::zero();
    let mut s = host_filled(
        &with_dims(batch, &[k]),
        <T::Re as super::LinalgScalar>::zero(),
    )?;
    let (u_shape, vh_shape) = if vectors {
        (with_dims(batch, &[m, uc]), with_dims(batch, &[vr, n]))
    } else {
        (vec![0], vec![0])
    };
    let mut u = host_filled(&u_shape, zero)?;
    let mut vh = host_filled(&vh_shape, zero)?;
    let info = if m == 0 || n == 0 {
        vec![0; nb]
    } else {
        let uv = vectors.then_some((&mut u[..], &mut vh[..]));
        cpu::svd(&data, (m, n), full, &mut s, uv)
    };
    check_info(op, batch, &info, |_| "SVD did not converge".into())?;
    let s = on_device(&dev, &with_dims(batch, &[k]), s)?;
    if !vectors {
        return Ok((None, s, None));
    }
    let u = if m > 0 && uc > 0 && n == 0 {
        // An (m, 0) matrix: any orthonormal basis; NumPy's is the identity.
        crate::creation::eye::<T>(&dev, m, Some(uc), 0)?
            .broadcast_to(&with_dims(batch, &[m, uc]))?
    } else {
        on_device(&dev, &with_dims(batch, &[m, uc]), u)?
    };
    let vh = if n > 0 && vr > 0 && m == 0 {
        crate::creation::eye::<T>(&dev, vr, Some(n), 0)?
            .broadcast_to(&with_dims(batch, &[vr, n]))?
    } else {
        on_device(&dev, &with_dims(batch, &[vr, n]), vh)?
    };
    Ok((Some(u), s, Some(vh)))
}

/// The eigenvalues and, when `vectors`, the right eigenvectors (columns of unit 2-norm) of
/// each general square matrix, in the complex dtype.
#[allow(clippy::type_complexity)]
pub(crate) fn eig<T: LinalgFloat>(
    op: &str,
    a: &Array<T>,
    vectors: bool,
) -> Result<(Array<T::Cx>, Option<Array<T::Cx>>)> {
    let dev = a.device();
    if !dev.is_cpu() {
        // cuSOLVER's geev is not wrapped: the host computes it (see the module docs).
        let (w, v) = eig(op, &a.to_device(&Device::Cpu)?, vectors)?;
        return Ok((
            w.to_device(&dev)?,
            v.map(|v| v.to_device(&dev)).transpose()?,
        ));
    }
    let (batch, n, _) = split_shape(a.shape());
    let data = host_vec(a)?;
    let zero = <T::Cx as super::LinalgScalar>::zero();
    let mut w = host_filled(&with_dims(batch, &[n]), zero)?;
    let mut v = vectors
        .then(|| host_filled(&[data.len()], zero))
        .transpose()?;
    let info = cpu::eig(&data, n, &mut w, v.as_deref_mut());
    check_info(op, batch, &info, |_| "Eigenvalues did not converge".into())?;
    let v = v.map(|v| on_device(&dev, a.shape(), v)).transpose()?;
    Ok((on_device(&dev, &with_dims(batch, &[n]), w)?, v))
}

/// `op(A) X = B` for triangular `a` `(..., n, n)` and `b` `(..., n, k)` of one batch shape.
pub(crate) fn solve_triangular<T: LinalgFloat>(
    a: &Array<T>,
    b: &Array<T>,
    lower: bool,
    trans: u8,
    unit: bool,
) -> Result<Array<T>> {
    let dev = a.device();
    if let Some(d) = vendor_gpu(&dev) {
        return cuda::solve_triangular(d, a, b, lower, trans, unit);
    }
    let (_, n, _) = split_shape(a.shape());
    let k = b.shape()[b.ndim() - 1];
    let data = host_vec(a)?;
    let mut x = host_vec(b)?;
    cpu::solve_triangular(&data, &mut x, (n, k), lower, trans, unit);
    on_device(&dev, b.shape(), x)
}
