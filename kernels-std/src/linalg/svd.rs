//! The routines of the singular value decomposition: NumPy's `svd`, `svdvals`, `pinv`,
//! `matrix_rank`, `lstsq`.

use array_runtime::{s, shape, Array, Error, Result};
use kernel_macros::elementwise;

use super::decomp::{conj_t, not_stack};
use super::float::{LinalgFloat, LinalgInput, RealLinalg};
use super::lapack::{self, check_stack, split_shape, with_dims};
use super::matmul::matmul;

/// `1 / s` where `s > cutoff`, else 0 (the pseudo-inverse of a diagonal).
#[elementwise]
pub(crate) fn inverse_above<R: array_runtime::Float>(s: R, cutoff: R) -> R {
    if s > cutoff {
        1i32.cast::<R>() / s
    } else {
        0i32.cast::<R>()
    }
}

/// Whether `s > tol` (the singular values that count in a rank).
#[elementwise]
pub(crate) fn above<R: array_runtime::Float>(s: R, tol: R) -> bool {
    s > tol
}

/// The factors of [`svd`]: `a = u @ diag(s) @ vh`.
#[derive(Debug)]
pub struct Svd<T: LinalgFloat> {
    /// The left singular vectors (columns).
    pub u: Array<T>,
    /// The singular values, descending.
    pub s: Array<T::Re>,
    /// The right singular vectors, conjugate-transposed (rows).
    pub vh: Array<T>,
}

type Float<T> = <T as LinalgInput>::Float;
type Real<T> = <<T as LinalgInput>::Float as LinalgFloat>::Re;

/// NumPy's `linalg.svd(a, full_matrices, compute_uv=True, hermitian)`: `a = u @ diag(s) @ vh`
/// for each matrix of the stack `(..., M, N)`: `u` `(..., M, M)` and `vh` `(..., N, N)` when
/// `full_matrices`, else `(..., M, K)` and `(..., K, N)`, `K = min(M, N)`; `s` descending.
/// `compute_uv=False` is [`svdvals`].
///
/// With `hermitian`, `a` is taken as Hermitian and the factors come from its eigendecomposition
/// (as NumPy's: `s = |w|` sorted descending).
///
/// Singular vectors are unique up to phases (signs) of pairs `u[:, i]`, `vh[i, :]`; compare
/// reconstructions, not vectors, with NumPy's.
///
/// ```
/// use kernels_std::linalg::svd;
/// use kernels_std::prelude::*;
/// let a = Array::from_vec(&Device::cpu(), &[2, 3], vec![3.0, 0.0, 0.0, 0.0, -2.0, 0.0])?;
/// let f = svd(&a, false, false)?;
/// assert_eq!(f.s.to_vec()?, vec![3.0, 2.0]);
/// assert_eq!((f.u.shape(), f.vh.shape()), (&[2, 2][..], &[2, 3][..]));
/// assert_eq!(svd(&a, true, false)?.vh.shape(), &[3, 3]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn svd<T: LinalgInput>(
    a: &Array<T>,
    full_matrices: bool,
    hermitian: bool,
) -> Result<Svd<Float<T>>> {
    svd_float(&T::to_float(a)?, full_matrices, hermitian)
}

/// [`svd`] in a float dtype.
pub(crate) fn svd_float<F: LinalgFloat>(
    a: &Array<F>,
    full_matrices: bool,
    hermitian: bool,
) -> Result<Svd<F>> {
    let a = a.clone();
    check_stack("svd", &a)?;
    if hermitian {
        return hermitian_svd(&a);
    }
    let (u, s, vh) = lapack::svd("svd", &a, full_matrices, true)?;
    Ok(Svd {
        u: u.expect("vectors were asked for"),
        s,
        vh: vh.expect("vectors were asked for"),
    })
}

/// The SVD of Hermitian matrices from their eigendecomposition (NumPy's `hermitian=True`).
fn hermitian_svd<F: LinalgFloat>(a: &Array<F>) -> Result<Svd<F>> {
    let n = lapack::check_square("svd", a)?;
    let (batch, _, _) = split_shape(a.shape());
    if a.is_empty() {
        let dev = a.device();
        let eye = crate::creation::eye::<F>(&dev, n, None, 0)?
            .broadcast_to(a.shape())?
            .copy()?;
        return Ok(Svd {
            u: eye.clone(),
            s: Array::zeros(&dev, &with_dims(batch, &[n]))?,
            vh: eye,
        });
    }
    let (w, v) = lapack::eigh("svd", a, true, true)?;
    let v = v.expect("vectors were asked for");
    let s = <F::Re as LinalgFloat>::abs_array(&w)?;
    let order = <F::Re as RealLinalg>::argsort_desc(&s)?;
    let s_sorted = crate::sort::take_along_axis(&s, &order, Some(-1))?;
    let sign = <F::Re as RealLinalg>::sign(&crate::sort::take_along_axis(&w, &order, Some(-1))?)?;
    let cols = order.insert_axis(-2)?.broadcast_to(a.shape())?.copy()?;
    let u = crate::sort::take_along_axis(&v, &cols, Some(-1))?;
    let signed = F::mul_elem(&u, &F::from_re_array(&sign.insert_axis(-2)?)?)?;
    Ok(Svd {
        u,
        s: s_sorted,
        vh: conj_t(&signed)?,
    })
}

/// NumPy's `linalg.svdvals(x)` (`svd(x, compute_uv=False)`): the singular values of each matrix
/// of the stack, descending, in the real dtype.
///
/// ```
/// use kernels_std::linalg::svdvals;
/// use kernels_std::prelude::*;
/// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![0.0f32, 2.0, -5.0, 0.0])?;
/// assert_eq!(svdvals(&a)?.to_vec()?, vec![5.0, 2.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn svdvals<T: LinalgInput>(a: &Array<T>) -> Result<Array<Real<T>>> {
    let a = T::to_float(a)?;
    check_stack("svdvals", &a)?;
    Ok(lapack::svd("svdvals", &a, false, false)?.1)
}

/// The singular values, or for `hermitian` the moduli of the eigenvalues (unsorted).
fn singular_values<F: LinalgFloat>(
    op: &str,
    a: &Array<F>,
    hermitian: bool,
) -> Result<Array<F::Re>> {
    if hermitian {
        lapack::check_square(op, a)?;
        let (w, _) = lapack::eigh(op, a, true, false)?;
        <F::Re as LinalgFloat>::abs_array(&w)
    } else {
        Ok(lapack::svd(op, a, false, false)?.1)
    }
}

/// NumPy's `linalg.pinv(a, rcond, hermitian)`: the Moore-Penrose pseudo-inverse of each matrix
/// of the stack `(..., M, N)`, `(..., N, M)`, from its SVD; singular values at or below
/// `rcond * max(s)` count as zero. `rcond` defaults to NumPy's `1e-15`; NumPy's `rtol=None`
/// is `Some(max(M, N) * eps)`.
///
/// ```
/// use kernels_std::linalg::pinv;
/// use kernels_std::prelude::*;
/// let a = Array::from_vec(&Device::cpu(), &[3, 1], vec![1.0f64, 2.0, 2.0])?;
/// let p = pinv(&a, None, false)?.to_vec()?;
/// let want = [1.0 / 9.0, 2.0 / 9.0, 2.0 / 9.0];
/// assert!(p.iter().zip(want).all(|(x, y)| (x - y).abs() < 1e-15));
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn pinv<T: LinalgInput>(
    a: &Array<T>,
    rcond: Option<f64>,
    hermitian: bool,
) -> Result<Array<Float<T>>> {
    let a = T::to_float(a)?;
    check_stack("pinv", &a)?;
    let (batch, m, n) = split_shape(a.shape());
    let dev = a.device();
    if a.is_empty() {
        return Array::zeros(&dev, &with_dims(batch, &[n, m]));
    }
    let rcond = rcond.unwrap_or(1e-15);
    let f = if hermitian {
        hermitian_svd(&a)?
    } else {
        svd_float(&a, false, false)?
    };
    pseudo_inverse(&f, rcond)
}

/// `V diag(s^+) U^H` of an SVD, `s^+` the reciprocals of the values above `rcond * max(s)`.
pub(crate) fn pseudo_inverse<F: LinalgFloat>(f: &Svd<F>, rcond: f64) -> Result<Array<F>> {
    let smax = <F::Re as RealLinalg>::max_axes(&f.s, &[-1], true)?;
    let scale = Array::full(
        &f.s.device(),
        &[],
        <F::Re as super::scalar::RealScalar>::from_f64(rcond),
    )?;
    let cutoff = <F::Re as LinalgFloat>::mul_elem(&smax, &scale)?;
    let sinv = inverse_above::<F::Re>(&f.s, &cutoff)?;
    let sinv = F::from_re_array(&sinv.insert_axis(-1)?)?;
    let scaled = F::mul_elem(&conj_t(&f.u)?, &sinv)?;
    matmul(&conj_t(&f.vh)?, &scaled)
}

/// NumPy's `linalg.matrix_rank(A, tol, hermitian, rtol)`: the number of singular values of
/// each matrix above `tol` (default `S.max() * rtol`, `rtol` default `max(M, N) * eps`), as an
/// `i64` array of the batch shape. A 0-d or 1-d `A` has rank 1 unless all its elements are 0.
/// Giving both `tol` and `rtol` is an error, as in NumPy.
///
/// ```
/// use kernels_std::linalg::matrix_rank;
/// use kernels_std::prelude::*;
/// let a = Array::from_vec(&Device::cpu(), &[3, 3], vec![1.0, 2.0, 3.0, 2.0, 4.0, 6.0, 1.0, 0.0, 1.0])?;
/// assert_eq!(matrix_rank(&a, None, false, None)?.item()?, 2);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn matrix_rank<T: LinalgInput>(
    a: &Array<T>,
    tol: Option<f64>,
    hermitian: bool,
    rtol: Option<f64>,
) -> Result<Array<i64>> {
    if tol.is_some() && rtol.is_some() {
        return Err(Error::invalid(
            "matrix_rank: `tol` and `rtol` can't be both set",
        ));
    }
    let a = T::to_float(a)?;
    let dev = a.device();
    if a.ndim() < 2 {
        let abs = Float::<T>::abs_array(&a)?;
        let nz = <Real<T> as RealLinalg>::count_nonzero_axes(&abs, &[], false)?;
        let any = if a.ndim() == 0 {
            nz
        } else {
            <Real<T> as RealLinalg>::count_nonzero_axes(&abs, &[0], false)?
        };
        let v = any.item()?;
        return Array::scalar(
            &dev,
            i64::from(<Real<T> as super::scalar::RealScalar>::to_f64(v) > 0.0),
        );
    }
    let (batch, m, n) = split_shape(a.shape());
    if a.is_empty() {
        return Array::zeros(&dev, batch);
    }
    let s = singular_values("matrix_rank", &a, hermitian)?;
    let tol = match tol {
        Some(t) => Array::full(
            &dev,
            &[],
            <Real<T> as super::scalar::RealScalar>::from_f64(t),
        )?,
        None => {
            let r = rtol.unwrap_or(m.max(n) as f64 * Float::<T>::EPS);
            let smax = <Real<T> as RealLinalg>::max_axes(&s, &[-1], true)?;
            let r = Array::full(
                &dev,
                &[],
                <Real<T> as super::scalar::RealScalar>::from_f64(r),
            )?;
            <Real<T> as LinalgFloat>::mul_elem(&smax, &r)?
        }
    };
    let big = above::<Real<T>>(&s, &tol)?;
    crate::reduce::count_nonzero(&big).axis(-1).run()
}

/// What [`lstsq`] returns (NumPy's `(x, residuals, rank, s)`).
#[derive(Debug)]
pub struct Lstsq<T: LinalgFloat> {
    /// The least-squares solution `(N,)` or `(N, K)`.
    pub x: Array<T>,
    /// The sums of squared residuals per column `(K,)` (`(1,)` for a vector `b`) when `a` has
    /// full column rank and `M > N`; otherwise empty `(0,)`.
    pub residuals: Array<T::Re>,
    /// The effective rank of `a`.
    pub rank: usize,
    /// The singular values of `a`, descending.
    pub s: Array<T::Re>,
}

/// NumPy's `linalg.lstsq(a, b, rcond)`: the `x` minimizing `||b - a x||_2` for a matrix `a`
/// `(M, N)` and `b` `(M,)` or `(M, K)`, through the SVD of `a` (as LAPACK's `gelsd`): singular
/// values at or below `rcond * max(s)` count as zero (`rcond` defaults to `eps * max(M, N)`),
/// and `x` is then the minimum-norm solution.
///
/// ```
/// use kernels_std::linalg::lstsq;
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// // The line through (0, 1), (1, 3), (2, 5): y = 2 t + 1.
/// let a = Array::from_vec(&dev, &[3, 2], vec![0.0f64, 1.0, 1.0, 1.0, 2.0, 1.0])?;
/// let b = Array::from_vec(&dev, &[3], vec![1.0f64, 3.0, 5.0])?;
/// let r = lstsq(&a, &b, None)?;
/// let x = r.x.to_vec()?;
/// assert!((x[0] - 2.0f64).abs() < 1e-12 && (x[1] - 1.0).abs() < 1e-12);
/// assert_eq!(r.rank, 2);
/// assert_eq!(r.residuals.shape(), &[1]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn lstsq<T: LinalgInput>(
    a: &Array<T>,
    b: &Array<T>,
    rcond: Option<f64>,
) -> Result<Lstsq<Float<T>>> {
    let a = T::to_float(a)?;
    let b = T::to_float(b)?;
    if a.ndim() != 2 || !(1..=2).contains(&b.ndim()) {
        return Err(not_stack("lstsq", a.shape()));
    }
    let dev = a.device();
    let (m, n) = (a.shape()[0], a.shape()[1]);
    let vector = b.ndim() == 1;
    let b2 = if vector { b.insert_axis(1)? } else { b.clone() };
    let (mb, k) = (b2.shape()[0], b2.shape()[1]);
    if mb != m {
        return Err(Error::linalg(
            "lstsq",
            format!(
                "Incompatible dimensions: a {:?}, b {:?}",
                a.shape(),
                b.shape()
            ),
        ));
    }
    let rcond = rcond.unwrap_or(Float::<T>::EPS * m.max(n) as f64);
    let kk = m.min(n);
    let xshape: Vec<usize> = if vector { vec![n] } else { vec![n, k] };
    let empty_res = || Array::zeros(&dev, &[0]);
    if m == 0 || n == 0 {
        return Ok(Lstsq {
            x: Array::zeros(&dev, &xshape)?,
            residuals: empty_res()?,
            rank: 0,
            s: Array::zeros(&dev, &[kk])?,
        });
    }
    // A tall `a` (as LAPACK's `gelsd`): QR first, then the SVD of the small `R`. The QR is of
    // `[a | b]`, so the top rows of `R`'s last columns are `Q^H b` and `Q` is never formed
    // (4000 x 500 f64: about 1.7x faster than the SVD of `a`).
    let tall = m >= 2 * n && k <= n;
    let (f, qhb) = if tall {
        let ab = crate::concatenate(&[&a, &b2], 1)?;
        let r = super::decomp::qr(&ab, super::decomp::QrMode::R)?.r;
        let r11 = r.slice(s![..n, ..n])?;
        (svd_float(&r11, false, false)?, r.slice(s![..n, n..])?)
    } else {
        (svd_float(&a, false, false)?, b2.clone())
    };
    let smax = <Real<T> as RealLinalg>::max_axes(&f.s, &[-1], true)?;
    let sc = Array::full(
        &dev,
        &[],
        <Real<T> as super::scalar::RealScalar>::from_f64(rcond),
    )?;
    let cutoff = <Real<T> as LinalgFloat>::mul_elem(&smax, &sc)?;
    let big = above::<Real<T>>(&f.s, &cutoff)?;
    let rank = crate::reduce::count_nonzero(&big).run()?.item()? as usize;
    let sinv = inverse_above::<Real<T>>(&f.s, &cutoff)?;
    let sinv = Float::<T>::from_re_array(&sinv.insert_axis(-1)?)?;
    // x = V diag(s+) U^H b: the thin factors keep it to (N, K) and (K, K) products.
    let uhb = matmul(&conj_t(&f.u)?, &qhb)?;
    let x = matmul(&conj_t(&f.vh)?, &Float::<T>::mul_elem(&uhb, &sinv)?)?;
    let residuals = if rank == n && m > n {
        let r = Float::<T>::sub_elem(&b2, &matmul(&a, &x)?)?;
        let ar = Float::<T>::abs_array(&r)?;
        let sq = <Real<T> as LinalgFloat>::mul_elem(&ar, &ar)?;
        <Real<T> as LinalgFloat>::sum_axes(&sq, &[0], false)?
    } else {
        empty_res()?
    };
    let _ = shape::size(&xshape);
    Ok(Lstsq {
        x: x.reshape(&xshape)?,
        residuals,
        rank,
        s: f.s,
    })
}
