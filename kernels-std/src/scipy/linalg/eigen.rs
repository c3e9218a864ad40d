//! SciPy's `cholesky` (upper by default), `eigh` (generalized, `subset_by_index`,
//! `eigvals_only`), `pinvh`, `diagsvd` and `orthogonal_procrustes`.

use array_runtime::{Array, Error, Result};

use crate::linalg::{LinalgFloat, LinalgInput, Uplo};

type Re<T> = <<T as LinalgInput>::Float as LinalgFloat>::Re;

/// SciPy's `linalg.cholesky(a, lower)`: the Cholesky factor, upper (`U^H U = a`, SciPy's
/// default `lower=False`) or lower (`L L^H = a`).
///
/// ```
/// use kernels_std::scipy::linalg::cholesky;
/// use kernels_std::prelude::*;
/// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![4.0, 2.0, 2.0, 5.0])?;
/// assert_eq!(cholesky(&a, false)?.to_vec()?, vec![2.0, 1.0, 0.0, 2.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn cholesky<T: LinalgInput>(a: &Array<T>, lower: bool) -> Result<Array<T::Float>> {
    crate::linalg::cholesky(a, !lower)
}

/// SciPy's `linalg.eigh(a, b, lower, eigvals_only, subset_by_index)`: the eigenvalues
/// (ascending) and, unless `eigvals_only`, the eigenvectors (columns) of the Hermitian `a`, or
/// of the generalized problem `a v = w b v` for a Hermitian positive-definite `b` (then the
/// vectors are `b`-orthonormal: `v^H b v = I`). `subset_by_index = Some((lo, hi))` keeps the
/// eigenpairs `lo..=hi` (0-based, inclusive, as SciPy's).
///
/// ```
/// use kernels_std::scipy::linalg::eigh;
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[2, 2], vec![2.0f64, 0.0, 0.0, 6.0])?;
/// let b = Array::from_vec(&dev, &[2, 2], vec![1.0f64, 0.0, 0.0, 2.0])?;
/// let (w, v) = eigh(&a, Some(&b), true, false, None)?;
/// let w = w.to_vec()?; // 2 and 3, to rounding (reduced through the Cholesky factor of b)
/// assert!((w[0] - 2.0).abs() < 1e-12 && (w[1] - 3.0).abs() < 1e-12, "{w:?}");
/// assert!(v.is_some());
/// let (w, v) = eigh(&a, None, true, true, Some((1, 1)))?;
/// assert_eq!((w.to_vec()?, v.is_none()), (vec![6.0f64], true));
/// # Ok::<(), kernels_std::Error>(())
/// ```
#[allow(clippy::type_complexity)]
pub fn eigh<T: LinalgInput>(
    a: &Array<T>,
    b: Option<&Array<T>>,
    lower: bool,
    eigvals_only: bool,
    subset_by_index: Option<(usize, usize)>,
) -> Result<(Array<Re<T>>, Option<Array<T::Float>>)> {
    let af = T::to_float(a)?;
    let n = crate::linalg::lapack_check_square("eigh", &af)?;
    let uplo = if lower { Uplo::Lower } else { Uplo::Upper };
    let (w, v) = match b {
        None => {
            if eigvals_only {
                (crate::linalg::eigvalsh(&af, uplo)?, None)
            } else {
                let (w, v) = crate::linalg::eigh(&af, uplo)?;
                (w, Some(v))
            }
        }
        Some(b) => {
            let bf = T::to_float(b)?;
            if bf.shape() != af.shape() {
                return Err(Error::invalid(format!(
                    "eigh: a {:?} and b {:?} must have the same shape",
                    af.shape(),
                    bf.shape()
                )));
            }
            // b = L L^H; C = L^-1 a L^-H is Hermitian with the same eigenvalues; v = L^-H y.
            let src = |x: &Array<T::Float>| -> Result<Array<T::Float>> {
                if lower {
                    Ok(x.clone())
                } else {
                    crate::linalg::conj_transpose(x)
                }
            };
            let l = crate::linalg::cholesky(&src(&bf)?, false)?;
            let full = hermitian_from(&src(&af)?)?;
            let x = crate::linalg::triangular_solve(&l, &full, true, 0, false)?;
            let c = crate::linalg::triangular_solve(
                &l,
                &crate::linalg::conj_transpose(&x)?,
                true,
                0,
                false,
            )?;
            let (w, y) = crate::linalg::eigh(&c, Uplo::Lower)?;
            let v = if eigvals_only {
                None
            } else {
                Some(crate::linalg::triangular_solve(&l, &y, true, 2, false)?)
            };
            (w, v)
        }
    };
    match subset_by_index {
        None => Ok((w, v)),
        Some((lo, hi)) => {
            if lo > hi || hi >= n {
                return Err(Error::invalid(format!(
                    "eigh: subset_by_index ({lo}, {hi}) is not within 0..{n}"
                )));
            }
            let (lo, hi) = (lo as isize, hi as isize + 1);
            let w = w.slice(crate::s![lo..hi])?.copy()?;
            let v = v
                .map(|v| v.slice(crate::s![.., lo..hi])?.copy())
                .transpose()?;
            Ok((w, v))
        }
    }
}

/// The full Hermitian matrix from its lower triangle: `tril(a) + tril(a, -1)^H`.
fn hermitian_from<F: LinalgFloat>(a: &Array<F>) -> Result<Array<F>> {
    let low = crate::creation::tril(a, 0)?;
    let strict = crate::creation::tril(a, -1)?;
    F::add_elem(&low, &crate::linalg::conj_transpose(&strict)?)
}

/// SciPy's `linalg.pinvh(a, atol, rtol, lower)`: the pseudo-inverse of a Hermitian matrix from
/// its eigendecomposition (eigenvalues at or below `max(atol, rtol * max|w|)` count as zero;
/// `rtol` defaults to `N * eps`, `atol` to 0).
///
/// ```
/// use kernels_std::scipy::linalg::pinvh;
/// use kernels_std::prelude::*;
/// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![2.0, 0.0, 0.0, 0.0])?;
/// assert_eq!(pinvh(&a, None, None, true)?.to_vec()?, vec![0.5, 0.0, 0.0, 0.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn pinvh<T: LinalgInput>(
    a: &Array<T>,
    atol: Option<f64>,
    rtol: Option<f64>,
    lower: bool,
) -> Result<Array<T::Float>> {
    let af = T::to_float(a)?;
    let n = crate::linalg::lapack_check_square("pinvh", &af)?;
    let uplo = if lower { Uplo::Lower } else { Uplo::Upper };
    if af.is_empty() {
        return Array::zeros(&af.device(), af.shape());
    }
    let (w, v) = crate::linalg::eigh(&af, uplo)?;
    let wv = w.to_vec()?;
    let to = <Re<T> as crate::linalg::RealScalar>::to_f64;
    let from = <Re<T> as crate::linalg::RealScalar>::from_f64;
    let top = wv.iter().map(|&x| to(x).abs()).fold(0.0f64, f64::max);
    let cut = atol
        .unwrap_or(0.0)
        .max(rtol.unwrap_or(n as f64 * <T::Float as LinalgFloat>::EPS) * top);
    let inv: Vec<Re<T>> = wv
        .iter()
        .map(|&x| {
            if to(x).abs() > cut {
                from(1.0 / to(x))
            } else {
                from(0.0)
            }
        })
        .collect();
    let d =
        Array::from_vec(&array_runtime::Device::Cpu, w.shape(), inv)?.to_device(&af.device())?;
    let d = <T::Float as LinalgFloat>::from_re_array(&d)?;
    let vd = <T::Float as LinalgFloat>::mul_elem(&v, &d.insert_axis(-2)?)?;
    crate::linalg::matmul(&vd, &crate::linalg::conj_transpose(&v)?)
}

/// SciPy's `linalg.diagsvd(s, M, N)`: the `M x N` matrix with `s` on its diagonal (`len(s)`
/// must be `M` or `N`).
///
/// ```
/// use kernels_std::scipy::linalg::diagsvd;
/// use kernels_std::prelude::*;
/// let s = Array::from_vec(&Device::cpu(), &[2], vec![3.0, 2.0])?;
/// assert_eq!(diagsvd(&s, 2, 3)?.to_vec()?, vec![3.0, 0.0, 0.0, 0.0, 2.0, 0.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn diagsvd<T: array_runtime::DType>(s: &Array<T>, m: usize, n: usize) -> Result<Array<T>> {
    let k = s.len();
    if s.ndim() != 1 || (k != m && k != n) {
        return Err(Error::invalid(format!(
            "diagsvd: the length of s ({k}) must be M ({m}) or N ({n})"
        )));
    }
    let d = crate::creation::diag(s, 0)?;
    let mut out = Array::<T>::zeros(&s.device(), &[m, n])?;
    if k > 0 {
        out.slice_mut(crate::s![..k as isize, ..k as isize])?
            .assign(&d)?;
    }
    Ok(out)
}

/// SciPy's `linalg.orthogonal_procrustes(A, B)`: the unitary `R` minimizing `||A R - B||_F`
/// and the scale `sum(s)` of the singular values of `A^H B` (`R = U V^H`).
///
/// ```
/// use kernels_std::scipy::linalg::orthogonal_procrustes;
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[2, 2], vec![1.0f64, 0.0, 0.0, 1.0])?;
/// let b = Array::from_vec(&dev, &[2, 2], vec![0.0f64, 1.0, -1.0, 0.0])?;
/// let (r, scale) = orthogonal_procrustes(&a, &b)?;
/// assert!(r.to_vec()?.iter().zip([0.0, 1.0, -1.0, 0.0]).all(|(x, y)| (x - y).abs() < 1e-12));
/// assert!((scale - 2.0).abs() < 1e-12);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn orthogonal_procrustes<T: LinalgInput>(
    a: &Array<T>,
    b: &Array<T>,
) -> Result<(Array<T::Float>, f64)> {
    let (af, bf) = (T::to_float(a)?, T::to_float(b)?);
    if af.ndim() != 2 || af.shape() != bf.shape() {
        return Err(Error::invalid(format!(
            "orthogonal_procrustes: A {:?} and B {:?} must be 2-d of one shape",
            af.shape(),
            bf.shape()
        )));
    }
    let m = crate::linalg::matmul(&crate::linalg::conj_transpose(&af)?, &bf)?;
    let f = crate::linalg::svd(&m, false, false)?;
    let r = crate::linalg::matmul(&f.u, &f.vh)?;
    let scale =
        f.s.to_vec()?
            .into_iter()
            .map(<Re<T> as crate::linalg::RealScalar>::to_f64)
            .sum();
    Ok((r, scale))
}
