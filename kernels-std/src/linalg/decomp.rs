//! Factorizations as NumPy returns them: `cholesky`, `qr`, `eigh`, `eigvalsh`, `eig`,
//! `eigvals`.

use array_runtime::{Array, Error, Result};

use super::float::{LinalgFloat, LinalgInput};
use super::lapack::{self, check_square, check_stack, split_shape, with_dims};

/// Which triangle of a Hermitian matrix is read (NumPy's `UPLO`, SciPy's `lower`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Uplo {
    /// The lower triangle (`UPLO='L'`, NumPy's default).
    #[default]
    Lower,
    /// The upper triangle (`UPLO='U'`).
    Upper,
}

/// The conjugate transpose of the last two axes, as a new C-contiguous array.
pub(crate) fn conj_t<T: LinalgFloat>(a: &Array<T>) -> Result<Array<T>> {
    let t = a.swap_axes(-1, -2)?;
    if T::COMPLEX {
        T::conj_array(&t)
    } else {
        t.as_standard_layout()
    }
}

/// NumPy's `linalg.cholesky(a, upper)`: the lower-triangular `L` with `a = L L^H` (or, when
/// `upper`, the upper-triangular `U = L^H` with `a = U^H U`) of each Hermitian positive-definite
/// matrix of the stack. Only the lower triangle of `a` is read (as NumPy's LAPACK call).
///
/// Errors: a non-square input; a matrix that is not positive definite ([`Error::LinAlg`],
/// "Matrix is not positive definite").
///
/// ```
/// use kernels_std::linalg::cholesky;
/// use kernels_std::prelude::*;
/// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![4.0, 2.0, 2.0, 5.0])?;
/// assert_eq!(cholesky(&a, false)?.to_vec()?, vec![2.0, 0.0, 1.0, 2.0]);
/// assert_eq!(cholesky(&a, true)?.to_vec()?, vec![2.0, 1.0, 0.0, 2.0]);
/// let b = Array::from_vec(&Device::cpu(), &[2, 2], vec![1.0, 2.0, 2.0, 1.0])?;
/// assert!(matches!(cholesky(&b, false), Err(Error::LinAlg { .. })));
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn cholesky<T: LinalgInput>(a: &Array<T>, upper: bool) -> Result<Array<T::Float>> {
    let a = T::to_float(a)?;
    check_square("cholesky", &a)?;
    if a.is_empty() {
        return Array::zeros(&a.device(), a.shape());
    }
    let raw = lapack::cholesky_raw("cholesky", &a)?;
    // The strict upper triangle is left unspecified by the factorization: masked here.
    let l = crate::creation::tril(&raw, 0)?;
    if upper {
        conj_t(&l)
    } else {
        Ok(l)
    }
}

/// The `mode` of [`qr`] (NumPy's `'reduced'`, `'complete'`, `'r'`; `'raw'` is [`qr_raw`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum QrMode {
    /// `Q` `(..., M, K)` and `R` `(..., K, N)`, `K = min(M, N)` (the default).
    #[default]
    Reduced,
    /// `Q` `(..., M, M)` and `R` `(..., M, N)`.
    Complete,
    /// `R` `(..., K, N)` only (`q` is `None`).
    R,
}

/// The factors of [`qr`].
#[derive(Debug)]
pub struct Qr<T: LinalgFloat> {
    /// `Q`, with orthonormal columns (`None` for [`QrMode::R`]).
    pub q: Option<Array<T>>,
    /// `R`, upper triangular (trapezoidal).
    pub r: Array<T>,
}

/// NumPy's `linalg.qr(a, mode)`: `a = Q R` for each matrix of the stack `(..., M, N)`, with `Q`
/// orthonormal (unitary) and `R` upper triangular. Householder QR (faer on the CPU, cuSOLVER's
/// `geqrf`/`orgqr` on a GPU). The factors are unique up to the signs (phases) of `R`'s rows;
/// they may differ from NumPy's by those.
///
/// ```
/// use kernels_std::linalg::{matmul, qr, QrMode};
/// use kernels_std::prelude::*;
/// let a = Array::from_vec(&Device::cpu(), &[3, 2], vec![1.0f64, 2.0, 3.0, 4.0, 5.0, 6.0])?;
/// let f = qr(&a, QrMode::Reduced)?;
/// let (q, r) = (f.q.unwrap(), f.r);
/// assert_eq!((q.shape(), r.shape()), (&[3, 2][..], &[2, 2][..]));
/// let back = matmul(&q, &r)?.to_vec()?;
/// assert!(back.iter().zip(a.to_vec()?).all(|(x, y)| (x - y).abs() < 1e-12));
/// assert_eq!(qr(&a, QrMode::Complete)?.q.unwrap().shape(), &[3, 3]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn qr<T: LinalgInput>(a: &Array<T>, mode: QrMode) -> Result<Qr<T::Float>> {
    let a = T::to_float(a)?;
    check_stack("qr", &a)?;
    let (batch, m, n) = split_shape(a.shape());
    let k = m.min(n);
    let complete = mode == QrMode::Complete;
    let want_q = mode != QrMode::R;
    if a.is_empty() {
        let dev = a.device();
        let (qc, rr) = if complete { (m, m) } else { (k, k) };
        let q = if want_q {
            let eye = crate::creation::eye::<T::Float>(&dev, m, Some(qc), 0)?;
            Some(eye.broadcast_to(&with_dims(batch, &[m, qc]))?.copy()?)
        } else {
            None
        };
        return Ok(Qr {
            q,
            r: Array::zeros(&dev, &with_dims(batch, &[rr, n]))?,
        });
    }
    let (q, r) = lapack::qr(&a, complete, want_q)?;
    Ok(Qr { q, r })
}

/// NumPy's `linalg.qr(a, mode='raw')`: `(h, tau)` in LAPACK's `geqrf` form: `h` `(..., N, M)` holds
/// `R` and the Householder vectors, transposed (NumPy returns `h` in Fortran order), `tau`
/// `(..., K)` the scalar factors: `Q = H_0 H_1 ... H_{K-1}` with `H_i = I - tau_i v_i v_i^H`.
///
/// ```
/// use kernels_std::linalg::qr_raw;
/// use kernels_std::prelude::*;
/// let a = Array::from_vec(&Device::cpu(), &[3, 2], vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0])?;
/// let (h, tau) = qr_raw(&a)?;
/// assert_eq!((h.shape(), tau.shape()), (&[2, 3][..], &[2][..]));
/// # Ok::<(), kernels_std::Error>(())
/// ```
#[allow(clippy::type_complexity)]
pub fn qr_raw<T: LinalgInput>(a: &Array<T>) -> Result<(Array<T::Float>, Array<T::Float>)> {
    let a = T::to_float(a)?;
    check_stack("qr", &a)?;
    let (h, tau) = lapack::qr_raw(&a)?;
    Ok((h.swap_axes(-1, -2)?.as_standard_layout()?, tau))
}

/// NumPy's `linalg.eigh(a, UPLO)`: the eigenvalues (ascending, real) and the orthonormal
/// eigenvectors (the columns of `v`: `a @ v[:, i] = w[i] v[:, i]`) of each Hermitian matrix of
/// the stack, reading only the `uplo` triangle.
///
/// Errors: a non-square input, an iteration that did not converge ([`Error::LinAlg`]).
///
/// ```
/// use kernels_std::linalg::{eigh, Uplo};
/// use kernels_std::prelude::*;
/// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![2.0f64, 1.0, 1.0, 2.0])?;
/// let (w, v) = eigh(&a, Uplo::Lower)?;
/// let w = w.to_vec()?;
/// assert!((w[0] - 1.0f64).abs() < 1e-12 && (w[1] - 3.0).abs() < 1e-12);
/// assert_eq!(v.shape(), &[2, 2]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
#[allow(clippy::type_complexity)]
pub fn eigh<T: LinalgInput>(
    a: &Array<T>,
    uplo: Uplo,
) -> Result<(Array<<T::Float as LinalgFloat>::Re>, Array<T::Float>)> {
    let a = T::to_float(a)?;
    check_square("eigh", &a)?;
    let (batch, n, _) = split_shape(a.shape());
    if a.is_empty() {
        let dev = a.device();
        return Ok((
            Array::zeros(&dev, &with_dims(batch, &[n]))?,
            Array::zeros(&dev, a.shape())?,
        ));
    }
    let (w, v) = lapack::eigh("eigh", &a, uplo == Uplo::Lower, true)?;
    Ok((w, v.expect("vectors were asked for")))
}

/// NumPy's `linalg.eigvalsh(a, UPLO)`: the eigenvalues of each Hermitian matrix, ascending.
///
/// ```
/// use kernels_std::linalg::{eigvalsh, Uplo};
/// use kernels_std::prelude::*;
/// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![2.0f32, 1.0, 1.0, 2.0])?;
/// let w = eigvalsh(&a, Uplo::Upper)?.to_vec()?;
/// assert!((w[0] - 1.0).abs() < 1e-6 && (w[1] - 3.0).abs() < 1e-6);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn eigvalsh<T: LinalgInput>(
    a: &Array<T>,
    uplo: Uplo,
) -> Result<Array<<T::Float as LinalgFloat>::Re>> {
    let a = T::to_float(a)?;
    check_square("eigvalsh", &a)?;
    let (batch, n, _) = split_shape(a.shape());
    if a.is_empty() {
        return Array::zeros(&a.device(), &with_dims(batch, &[n]));
    }
    Ok(lapack::eigh("eigvalsh", &a, uplo == Uplo::Lower, false)?.0)
}

/// NumPy's `linalg.eig(a)`: the eigenvalues `w` and right eigenvectors `v` (columns, each of
/// unit 2-norm, its largest component real) of each square matrix: `a @ v[:, i] = w[i] v[:, i]`.
///
/// Both are always complex here (NumPy returns real arrays when every eigenvalue of a real
/// matrix is real: a result dtype that depends on values; see `DIFFERENCES.md`). The order of
/// the eigenvalues is the solver's, not sorted (as NumPy's).
///
/// ```
/// use kernels_std::linalg::eig;
/// use kernels_std::prelude::*;
/// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![0.0f64, -1.0, 1.0, 0.0])?; // a rotation
/// let (w, v) = eig(&a)?;
/// let mut im: Vec<f64> = w.to_vec()?.iter().map(|z| z.im).collect();
/// im.sort_by(f64::total_cmp);
/// assert!((im[0] + 1.0).abs() < 1e-12 && (im[1] - 1.0).abs() < 1e-12);
/// assert_eq!(v.shape(), &[2, 2]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
#[allow(clippy::type_complexity)]
pub fn eig<T: LinalgInput>(
    a: &Array<T>,
) -> Result<(
    Array<<T::Float as LinalgFloat>::Cx>,
    Array<<T::Float as LinalgFloat>::Cx>,
)> {
    let a = T::to_float(a)?;
    check_square("eig", &a)?;
    let (batch, n, _) = split_shape(a.shape());
    if a.is_empty() {
        let dev = a.device();
        return Ok((
            Array::zeros(&dev, &with_dims(batch, &[n]))?,
            Array::zeros(&dev, a.shape())?,
        ));
    }
    let (w, v) = lapack::eig("eig", &a, true)?;
    Ok((w, v.expect("vectors were asked for")))
}

/// NumPy's `linalg.eigvals(a)`: the eigenvalues of each square matrix (complex; see [`eig`]).
///
/// ```
/// use kernels_std::linalg::eigvals;
/// use kernels_std::prelude::*;
/// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![2.0f64, 0.0, 0.0, 3.0])?;
/// let mut re: Vec<f64> = eigvals(&a)?.to_vec()?.iter().map(|z| z.re).collect();
/// re.sort_by(f64::total_cmp);
/// assert_eq!(re, vec![2.0f64, 3.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn eigvals<T: LinalgInput>(a: &Array<T>) -> Result<Array<<T::Float as LinalgFloat>::Cx>> {
    let a = T::to_float(a)?;
    check_square("eigvals", &a)?;
    let (batch, n, _) = split_shape(a.shape());
    if a.is_empty() {
        return Array::zeros(&a.device(), &with_dims(batch, &[n]));
    }
    Ok(lapack::eig("eigvals", &a, false)?.0)
}

/// Rejects an input that is not a stack of matrices (for the routines that take one).
pub(crate) fn not_stack(op: &str, shape: &[usize]) -> Error {
    Error::linalg(
        op,
        format!(
            "{}-dimensional array given; the array must be at least two-dimensional",
            shape.len()
        ),
    )
}
