//! SciPy's factorizations and solvers beyond NumPy's: `lu`, `lu_factor`, `lu_solve`,
//! `solve_triangular`, `cho_factor`, `cho_solve`, `solve` (`assume_a`), `null_space`, `orth`,
//! `polar`, `expm`.
//!
//! The factorizations are `linalg`'s (faer on the CPU, cuSOLVER on a GPU); what surrounds them
//! (pivots to permutations, the permutation matrix, the triangles of a packed LU) are kernels
//! written with the macros.

use array_runtime::{shape, Array, DType, Error, LaunchConfig, Result};
use kernel_macros::{elementwise, raw_kernel};

use crate::linalg::{LinalgFloat, LinalgInput};

/// `perm[t, :]`: the row of `A` that is row `i` of `P A`, from the `k` LAPACK swaps of matrix
/// `t` (`piv[t, :]`, 0-based): the identity with the swaps applied in order. One thread per
/// matrix.
#[raw_kernel]
pub(crate) fn swaps_to_perm(piv: &[i64], perm: &mut [i64], m: u64, k: u64) {
    let t = block_idx().x as u64 * block_dim().x as u64 + thread_idx().x as u64;
    if t * m < perm.len() as u64 {
        let base = t * m;
        let mut i = 0u64;
        while i < m {
            perm[(base + i) as usize] = i as i64;
            i += 1;
        }
        i = 0;
        while i < k {
            let j = piv[(t * k + i) as usize] as u64;
            let x = perm[(base + i) as usize];
            perm[(base + i) as usize] = perm[(base + j) as usize];
            perm[(base + j) as usize] = x;
            i += 1;
        }
    }
}

/// `inv[t, perm[t, i]] = i`: the inverse permutation, one thread per element.
#[raw_kernel]
pub(crate) fn invert_perm(perm: &[i64], inv: &mut [i64], m: u64) {
    let e = block_idx().x as u64 * block_dim().x as u64 + thread_idx().x as u64;
    if e < perm.len() as u64 {
        let t = e / m;
        let i = e % m;
        inv[(t * m + perm[e as usize] as u64) as usize] = i as i64;
    }
}

/// The swaps of `piv` (`k` per matrix) applied to the rows of each `n x nrhs` right-hand side
/// of `b`, in order, or in reverse order when `reverse` (`P b`, `P^T b`). One thread per column.
#[raw_kernel]
pub(crate) fn apply_swaps<T: DType>(
    b: &mut [T],
    piv: &[i64],
    n: u64,
    k: u64,
    nrhs: u64,
    reverse: u64,
) {
    let e = block_idx().x as u64 * block_dim().x as u64 + thread_idx().x as u64;
    let total = b.len() as u64 / n;
    if e < total {
        let t = e / nrhs;
        let col = e % nrhs;
        let base = t * n * nrhs;
        let mut s = 0u64;
        while s < k {
            let i = if reverse == 1 { k - 1 - s } else { s };
            let j = piv[(t * k + i) as usize] as u64;
            if j != i {
                let x = b[(base + i * nrhs + col) as usize];
                b[(base + i * nrhs + col) as usize] = b[(base + j * nrhs + col) as usize];
                b[(base + j * nrhs + col) as usize] = x;
            }
            s += 1;
        }
    }
}

/// `1` where `perm[c] == r` (the permutation matrix `P` with `A = P L U`), else `0`.
#[elementwise]
pub(crate) fn perm_matrix<T: DType>(perm: i64, r: i64, one: T, zero: T) -> T {
    if perm == r {
        one
    } else {
        zero
    }
}

fn launch(n: usize) -> LaunchConfig {
    LaunchConfig::for_elements(n.max(1), 128)
}

/// The row permutations (`(..., m)`, `P A` row `i` is `A` row `perm[i]`) of LAPACK pivots.
fn perm_of<F: DType>(piv: &Array<i64>, m: usize, like: &Array<F>) -> Result<Array<i64>> {
    let nd = piv.ndim();
    let k = piv.shape()[nd - 1];
    let mut shp = piv.shape()[..nd - 1].to_vec();
    shp.push(m);
    let dev = like.device();
    let mut perm = Array::<i64>::zeros(&dev, &shp)?;
    let count = shape::size(&shp[..nd - 1]);
    if m > 0 && count > 0 {
        let piv = piv.as_standard_layout()?;
        swaps_to_perm::launch(&launch(count), &piv, &mut perm, m as u64, k as u64)?;
    }
    Ok(perm)
}

/// The factors of [`lu`]: `A = P L U` (or `A = L[p] U` with row indices).
#[derive(Debug)]
pub struct Lu<T: LinalgFloat> {
    /// `P` `(..., M, M)` (`None` with `p_indices` or `permute_l`).
    pub p: Option<Array<T>>,
    /// The row indices `p` `(..., M)` with `A = L[p] U` (with `p_indices`).
    pub p_indices: Option<Array<i64>>,
    /// `L` `(..., M, K)`, unit lower triangular (with `permute_l`: `P L`).
    pub l: Array<T>,
    /// `U` `(..., K, N)`, upper triangular.
    pub u: Array<T>,
}

/// SciPy's `linalg.lu(a, permute_l, p_indices)`: LU with partial pivoting of each `(M, N)`
/// matrix of the stack, `A = P L U`. With `permute_l` the result is `(P L, U)` (`p` None);
/// with `p_indices` the permutation comes as row indices (`A = L[p] U`).
///
/// ```
/// use kernels_std::scipy::linalg::lu;
/// use kernels_std::linalg::matmul;
/// use kernels_std::prelude::*;
/// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![1.0f64, 2.0, 3.0, 4.0])?;
/// let f = lu(&a, false, false)?;
/// let back = matmul(&matmul(&f.p.unwrap(), &f.l)?, &f.u)?.to_vec()?;
/// assert!(back.iter().zip([1.0, 2.0, 3.0, 4.0]).all(|(x, y)| (x - y).abs() < 1e-15));
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn lu<T: LinalgInput>(a: &Array<T>, permute_l: bool, p_indices: bool) -> Result<Lu<T::Float>> {
    let a = T::to_float(a)?;
    if a.ndim() < 2 {
        return Err(Error::invalid(format!(
            "lu: expected a 2-d (or stacked) array, got shape {:?}",
            a.shape()
        )));
    }
    let nd = a.ndim();
    let (m, n) = (a.shape()[nd - 2], a.shape()[nd - 1]);
    let k = m.min(n);
    let dev = a.device();
    let (packed, piv) = if a.is_empty() {
        let mut ps = a.shape()[..nd - 2].to_vec();
        ps.push(k);
        (Array::zeros(&dev, a.shape())?, Array::zeros(&dev, &ps)?)
    } else {
        crate::linalg::lu_factor_stack(&a)?
    };
    let left = packed.slice(slice_last2(nd, (0, m), (0, k)))?;
    let eye = crate::creation::eye::<T::Float>(&dev, m, Some(k), 0)?;
    let l = T::Float::add_elem(&crate::creation::tril(&left, -1)?, &eye)?;
    let u = crate::creation::triu(&packed.slice(slice_last2(nd, (0, k), (0, n)))?, 0)?;
    let perm = perm_of(&piv, m, &a)?;
    let mut inv = Array::<i64>::zeros(&dev, perm.shape())?;
    if !perm.is_empty() {
        invert_perm::launch(&launch(perm.len()), &perm, &mut inv, m as u64)?;
    }
    if p_indices {
        return Ok(Lu {
            p: None,
            p_indices: Some(inv),
            l,
            u,
        });
    }
    // P[r, c] = 1 where perm[c] == r: A = P L U.
    let rows = crate::creation::kernels::indices(&dev, m)?.reshape(&[m, 1])?;
    let pcols = perm.insert_axis(-2)?;
    let one = Array::scalar(&dev, <T::Float as crate::linalg::LinalgScalar>::one())?;
    let zero = Array::scalar(&dev, <T::Float as crate::linalg::LinalgScalar>::zero())?;
    let p = perm_matrix::<T::Float>(&pcols, &rows, &one, &zero)?;
    if permute_l {
        let pl = crate::linalg::matmul(&p, &l)?;
        return Ok(Lu {
            p: None,
            p_indices: None,
            l: pl,
            u,
        });
    }
    Ok(Lu {
        p: Some(p),
        p_indices: None,
        l,
        u,
    })
}

/// `[..., r0..r1, c0..c1]` for an array of `nd` dimensions.
fn slice_last2(
    nd: usize,
    (r0, r1): (usize, usize),
    (c0, c1): (usize, usize),
) -> Vec<array_runtime::slice::SliceItem> {
    use array_runtime::slice::SliceItem;
    let mut s: Vec<SliceItem> = (0..nd - 2).map(|_| SliceItem::from(..)).collect();
    s.push(SliceItem::from(r0 as isize..r1 as isize));
    s.push(SliceItem::from(c0 as isize..c1 as isize));
    s
}

/// SciPy's `linalg.lu_factor(a)`: `(lu, piv)`, the packed factors (`L` strictly below the
/// diagonal, unit diagonal implied; `U` on and above) and LAPACK's pivots (0-based: row `i`
/// was interchanged with row `piv[i]`), for [`lu_solve`].
///
/// ```
/// use kernels_std::scipy::linalg::{lu_factor, lu_solve};
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[2, 2], vec![1.0, 2.0, 3.0, 4.0])?;
/// let (lu, piv) = lu_factor(&a)?;
/// assert_eq!(piv.to_vec()?, vec![1, 1]);
/// let x = lu_solve(&lu, &piv, &Array::from_vec(&dev, &[2], vec![5.0, 11.0])?, 0)?.to_vec()?;
/// assert!((x[0] - 1.0f64).abs() < 1e-14 && (x[1] - 2.0).abs() < 1e-14);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn lu_factor<T: LinalgInput>(a: &Array<T>) -> Result<(Array<T::Float>, Array<i64>)> {
    let a = T::to_float(a)?;
    crate::linalg::lapack_check_square("lu_factor", &a)?;
    crate::linalg::lu_factor_stack(&a)
}

/// SciPy's `linalg.lu_solve((lu, piv), b, trans)`: the solution of `A x = b` (`trans` 0),
/// `A^T x = b` (1) or `A^H x = b` (2) from [`lu_factor`]'s factors; `b` is `(N,)` or `(N, K)`.
///
/// ```
/// use kernels_std::scipy::linalg::{lu_factor, lu_solve};
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[2, 2], vec![2.0, 1.0, 0.0, 3.0])?;
/// let (lu, piv) = lu_factor(&a)?;
/// let b = Array::from_vec(&dev, &[2], vec![2.0, 4.0])?;
/// let x = lu_solve(&lu, &piv, &b, 1)?.to_vec()?;                 // a.T x = b
/// assert!((x[0] - 1.0f64).abs() < 1e-14 && (x[1] - 1.0).abs() < 1e-14);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn lu_solve<F: LinalgFloat>(
    lu: &Array<F>,
    piv: &Array<i64>,
    b: &Array<F>,
    trans: u8,
) -> Result<Array<F>> {
    let n = crate::linalg::lapack_check_square("lu_solve", lu)?;
    if lu.ndim() != 2 {
        return Err(Error::invalid("lu_solve: lu must be 2-d"));
    }
    if trans > 2 {
        return Err(Error::invalid(format!(
            "lu_solve: trans must be 0, 1 or 2, got {trans}"
        )));
    }
    let vector = b.ndim() == 1;
    let b2 = if vector { b.insert_axis(1)? } else { b.clone() };
    if b2.ndim() != 2 || b2.shape()[0] != n {
        return Err(Error::invalid(format!(
            "lu_solve: shapes of lu {:?} and b {:?} are incompatible",
            lu.shape(),
            b.shape()
        )));
    }
    let k = b2.shape()[1];
    let piv = piv.as_standard_layout()?;
    let mut x = b2.copy()?;
    let swaps = |x: &mut Array<F>, reverse: bool| -> Result<()> {
        if n > 0 && k > 0 {
            apply_swaps::launch(
                &launch(k),
                x,
                &piv,
                n as u64,
                piv.len() as u64,
                k as u64,
                u64::from(reverse),
            )?;
        }
        Ok(())
    };
    if n > 0 && k > 0 {
        if trans == 0 {
            // A = P^T L U (LAPACK's P): x = U^-1 L^-1 (P b).
            swaps(&mut x, false)?;
            x = crate::linalg::triangular_solve(lu, &x, true, 0, true)?;
            x = crate::linalg::triangular_solve(lu, &x, false, 0, false)?;
        } else {
            // A^T = U^T L^T P: x = P^T L^-T U^-T b.
            x = crate::linalg::triangular_solve(lu, &x, false, trans, false)?;
            x = crate::linalg::triangular_solve(lu, &x, true, trans, true)?;
            swaps(&mut x, true)?;
        }
    }
    if vector {
        x.reshape(&[n])
    } else {
        Ok(x)
    }
}

/// SciPy's `linalg.solve_triangular(a, b, trans, lower, unit_diagonal)`: the solution of
/// `op(a) x = b` for a triangular `a` (only its `lower` or upper triangle is read; a unit
/// diagonal is assumed with `unit_diagonal`); `op` is the identity (`trans` 0), the transpose
/// (1) or the conjugate transpose (2). `b` is `(N,)` or `(N, K)`.
///
/// ```
/// use kernels_std::scipy::linalg::solve_triangular;
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[2, 2], vec![2.0, 0.0, 1.0, 4.0])?;
/// let b = Array::from_vec(&dev, &[2], vec![2.0, 9.0])?;
/// assert_eq!(solve_triangular(&a, &b, 0, true, false)?.to_vec()?, vec![1.0, 2.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn solve_triangular<T: LinalgInput>(
    a: &Array<T>,
    b: &Array<T>,
    trans: u8,
    lower: bool,
    unit_diagonal: bool,
) -> Result<Array<T::Float>> {
    let (a, b) = (T::to_float(a)?, T::to_float(b)?);
    let n = crate::linalg::lapack_check_square("solve_triangular", &a)?;
    if trans > 2 {
        return Err(Error::invalid(format!(
            "solve_triangular: trans must be 0, 1 or 2, got {trans}"
        )));
    }
    let vector = b.ndim() == 1;
    let b2 = if vector { b.insert_axis(1)? } else { b.clone() };
    if a.ndim() != 2 || b2.ndim() != 2 || b2.shape()[0] != n {
        return Err(Error::invalid(format!(
            "solve_triangular: shapes of a {:?} and b {:?} are incompatible",
            a.shape(),
            b.shape()
        )));
    }
    let x = if n == 0 || b2.shape()[1] == 0 {
        b2.copy()?
    } else {
        crate::linalg::triangular_solve(&a, &b2, lower, trans, unit_diagonal)?
    };
    if vector {
        x.reshape(&[n])
    } else {
        Ok(x)
    }
}

/// SciPy's `linalg.cho_factor(a, lower)`: the Cholesky factor of `a` in its `lower` (or
/// upper) triangle, for [`cho_solve`]; the other triangle is zero here (SciPy leaves
/// arbitrary values there).
///
/// ```
/// use kernels_std::scipy::linalg::{cho_factor, cho_solve};
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[2, 2], vec![4.0, 2.0, 2.0, 3.0])?;
/// let c = cho_factor(&a, false)?;
/// let x = cho_solve(&c, false, &Array::from_vec(&dev, &[2], vec![6.0, 5.0])?)?.to_vec()?;
/// assert!((x[0] - 1.0f64).abs() < 1e-14 && (x[1] - 1.0).abs() < 1e-14);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn cho_factor<T: LinalgInput>(a: &Array<T>, lower: bool) -> Result<Array<T::Float>> {
    crate::linalg::cholesky(a, !lower)
}

/// SciPy's `linalg.cho_solve((c, lower), b)`: the solution of `A x = b` from the Cholesky
/// factor `c` of [`cho_factor`].
///
/// ```
/// use kernels_std::scipy::linalg::{cho_factor, cho_solve};
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[2, 2], vec![4.0, 2.0, 2.0, 3.0])?;
/// let c = cho_factor(&a, true)?;
/// let x = cho_solve(&c, true, &Array::from_vec(&dev, &[2], vec![6.0, 5.0])?)?.to_vec()?;
/// assert!((x[0] - 1.0f64).abs() < 1e-14);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn cho_solve<F: LinalgFloat>(c: &Array<F>, lower: bool, b: &Array<F>) -> Result<Array<F>> {
    // L L^H x = b: L y = b, then L^H x = y (with U = L^H: U^H y = b, U x = y).
    let y = solve_triangular_f(c, b, if lower { 0 } else { 2 }, lower)?;
    solve_triangular_f(c, &y, if lower { 2 } else { 0 }, lower)
}

fn solve_triangular_f<F: LinalgFloat>(
    a: &Array<F>,
    b: &Array<F>,
    trans: u8,
    lower: bool,
) -> Result<Array<F>> {
    let vector = b.ndim() == 1;
    let b2 = if vector { b.insert_axis(1)? } else { b.clone() };
    let n = crate::linalg::lapack_check_square("cho_solve", a)?;
    if b2.shape()[0] != n {
        return Err(Error::invalid(format!(
            "cho_solve: shapes {:?} and {:?} are incompatible",
            a.shape(),
            b.shape()
        )));
    }
    let x = if n == 0 || b2.shape()[1] == 0 {
        b2.copy()?
    } else {
        crate::linalg::triangular_solve(a, &b2, lower, trans, false)?
    };
    if vector {
        x.reshape(&[n])
    } else {
        Ok(x)
    }
}

/// SciPy's `assume_a` of [`solve`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum AssumeA {
    /// `'general'` (`'gen'`): LU with partial pivoting.
    #[default]
    General,
    /// `'symmetric'` (`'sym'`): LU here (SciPy's `sysv`; the same solution).
    Symmetric,
    /// `'hermitian'` (`'her'`): LU here.
    Hermitian,
    /// `'positive definite'` (`'pos'`): Cholesky (its error when it is not).
    PositiveDefinite,
    /// `'lower triangular'`.
    LowerTriangular,
    /// `'upper triangular'`.
    UpperTriangular,
}

/// SciPy's `linalg.solve(a, b, lower, assume_a)`: `a x = b` for a square 2-d `a` (or a stack)
/// using the structure `assume_a` declares; `lower` says which triangle a symmetric or
/// positive-definite `a` is read from.
///
/// ```
/// use kernels_std::scipy::linalg::{solve, AssumeA};
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[2, 2], vec![4.0f64, 2.0, 2.0, 3.0])?;
/// let b = Array::from_vec(&dev, &[2], vec![6.0f64, 5.0])?;
/// let x = solve(&a, &b, false, AssumeA::PositiveDefinite)?.to_vec()?;
/// assert!((x[0] - 1.0f64).abs() < 1e-14 && (x[1] - 1.0).abs() < 1e-14);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn solve<T: LinalgInput>(
    a: &Array<T>,
    b: &Array<T>,
    lower: bool,
    assume_a: AssumeA,
) -> Result<Array<T::Float>> {
    match assume_a {
        AssumeA::General | AssumeA::Symmetric | AssumeA::Hermitian => crate::linalg::solve(a, b),
        AssumeA::PositiveDefinite => {
            let a = T::to_float(a)?;
            let b = T::to_float(b)?;
            // The factor from the triangle asked for: the lower one of a, or of a^H.
            let src = if lower {
                a.clone()
            } else {
                crate::linalg::conj_transpose(&a)?
            };
            let c = crate::linalg::cholesky(&src, false)?;
            cho_solve(&c, true, &b)
        }
        AssumeA::LowerTriangular => solve_triangular(a, b, 0, true, false),
        AssumeA::UpperTriangular => solve_triangular(a, b, 0, false, false),
    }
}

/// The effective rank of singular values `s` (descending) at `rcond * s[0]`.
fn rank_of<F: LinalgFloat>(s: &Array<F::Re>, rcond: f64) -> Result<usize> {
    let v = s.to_vec()?;
    let to = |x: F::Re| <F::Re as crate::linalg::RealScalar>::to_f64(x);
    let top = v.first().map_or(0.0, |&x| to(x));
    Ok(v.iter().filter(|&&x| to(x) > rcond * top).count())
}

/// SciPy's `linalg.null_space(A, rcond)`: an orthonormal basis (columns) of the null space of
/// the 2-d `A`, from its SVD: the right singular vectors of the values at or below
/// `rcond * max(s)` (`rcond` defaults to `eps * max(M, N)`).
///
/// ```
/// use kernels_std::scipy::linalg::null_space;
/// use kernels_std::prelude::*;
/// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![1.0f64, 1.0, 1.0, 1.0])?;
/// let ns = null_space(&a, None)?;
/// assert_eq!(ns.shape(), &[2, 1]);
/// let v = ns.to_vec()?;
/// assert!((v[0] + v[1]).abs() < 1e-15);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn null_space<T: LinalgInput>(a: &Array<T>, rcond: Option<f64>) -> Result<Array<T::Float>> {
    let a = T::to_float(a)?;
    if a.ndim() != 2 {
        return Err(Error::invalid(format!(
            "null_space: A must be 2-d, its shape is {:?}",
            a.shape()
        )));
    }
    let (m, n) = (a.shape()[0], a.shape()[1]);
    let rcond = rcond.unwrap_or(<T::Float as LinalgFloat>::EPS * m.max(n) as f64);
    let f = crate::linalg::svd(&a, true, false)?;
    let rank = rank_of::<T::Float>(&f.s, rcond)?;
    let rows = f.vh.slice(crate::s![rank as isize.., ..])?;
    crate::linalg::conj_transpose(&rows)
}

/// SciPy's `linalg.orth(A, rcond)`: an orthonormal basis (columns) of the range of the 2-d
/// `A`: the left singular vectors of the values above `rcond * max(s)`.
///
/// ```
/// use kernels_std::scipy::linalg::orth;
/// use kernels_std::prelude::*;
/// let a = Array::from_vec(&Device::cpu(), &[3, 2], vec![1.0, 1.0, 1.0, 1.0, 0.0, 0.0])?;
/// assert_eq!(orth(&a, None)?.shape(), &[3, 1]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn orth<T: LinalgInput>(a: &Array<T>, rcond: Option<f64>) -> Result<Array<T::Float>> {
    let a = T::to_float(a)?;
    if a.ndim() != 2 {
        return Err(Error::invalid(format!(
            "orth: A must be 2-d, its shape is {:?}",
            a.shape()
        )));
    }
    let (m, n) = (a.shape()[0], a.shape()[1]);
    let rcond = rcond.unwrap_or(<T::Float as LinalgFloat>::EPS * m.max(n) as f64);
    let f = crate::linalg::svd(&a, false, false)?;
    let rank = rank_of::<T::Float>(&f.s, rcond)?;
    f.u.slice(crate::s![.., ..rank as isize])?.copy()
}

/// SciPy's `linalg.polar(a, side)`: `a = u p` (`side` right, the default) or `a = p u` (left)
/// with `u` unitary (orthonormal columns) and `p` Hermitian positive semi-definite, from the
/// SVD of the 2-d `a`.
///
/// ```
/// use kernels_std::scipy::linalg::polar;
/// use kernels_std::linalg::matmul;
/// use kernels_std::prelude::*;
/// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![1.0f64, -1.0, 2.0, 4.0])?;
/// let (u, p) = polar(&a, false)?;
/// let back = matmul(&u, &p)?.to_vec()?;
/// assert!(back.iter().zip([1.0, -1.0, 2.0, 4.0]).all(|(x, y)| (x - y).abs() < 1e-12));
/// # Ok::<(), kernels_std::Error>(())
/// ```
#[allow(clippy::type_complexity)]
pub fn polar<T: LinalgInput>(
    a: &Array<T>,
    left: bool,
) -> Result<(Array<T::Float>, Array<T::Float>)> {
    let a = T::to_float(a)?;
    if a.ndim() != 2 {
        return Err(Error::invalid(format!(
            "polar: a must be 2-d, its shape is {:?}",
            a.shape()
        )));
    }
    let f = crate::linalg::svd(&a, false, false)?;
    let u = crate::linalg::matmul(&f.u, &f.vh)?;
    let s = <T::Float as LinalgFloat>::from_re_array(&f.s)?;
    let p = if left {
        // u diag(s) u^H
        let us = <T::Float as LinalgFloat>::mul_elem(&f.u, &s.insert_axis(0)?)?;
        crate::linalg::matmul(&us, &crate::linalg::conj_transpose(&f.u)?)?
    } else {
        // vh^H diag(s) vh
        let sv = <T::Float as LinalgFloat>::mul_elem(&f.vh, &s.insert_axis(1)?)?;
        crate::linalg::matmul(&crate::linalg::conj_transpose(&f.vh)?, &sv)?
    };
    Ok((u, p))
}

/// SciPy's `linalg.expm(A)`: the matrix exponential of each square matrix of the stack, by
/// scaling and squaring with the degree-13 Padé approximant (Higham 2005, as SciPy's), on the
/// array's device: products by `matmul`, one `solve`.
///
/// ```
/// use kernels_std::scipy::linalg::expm;
/// use kernels_std::prelude::*;
/// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![0.0f64, 1.0, 0.0, 0.0])?;
/// let e = expm(&a)?.to_vec()?;                         // nilpotent: I + A
/// assert!(e.iter().zip([1.0, 1.0, 0.0, 1.0]).all(|(x, y)| (x - y).abs() < 1e-15));
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn expm<T: LinalgInput>(a: &Array<T>) -> Result<Array<T::Float>> {
    type F<T> = <T as LinalgInput>::Float;
    let a = T::to_float(a)?;
    let n = crate::linalg::lapack_check_square("expm", &a)?;
    let dev = a.device();
    if a.is_empty() {
        return Array::zeros(&dev, a.shape());
    }
    const B: [f64; 14] = [
        64764752532480000.0,
        32382376266240000.0,
        7771770303897600.0,
        1187353796428800.0,
        129060195264000.0,
        10559470521600.0,
        670442572800.0,
        33522128640.0,
        1323241920.0,
        40840800.0,
        960960.0,
        16380.0,
        182.0,
        1.0,
    ];
    const THETA13: f64 = 5.371920351148152;
    // The largest 1-norm in the stack decides the scaling (one read).
    let norms = crate::linalg::matrix_norm(&a, crate::linalg::NormOrd::P(1.0), false)?;
    let top = norms
        .to_vec()?
        .into_iter()
        .map(<<F<T> as LinalgFloat>::Re as crate::linalg::RealScalar>::to_f64)
        .fold(0.0f64, f64::max);
    if !top.is_finite() {
        return Err(Error::invalid("expm: the matrix has a non-finite entry"));
    }
    let s = if top > THETA13 {
        (top / THETA13).log2().ceil() as i32
    } else {
        0
    };
    let scalar = |v: f64| -> Result<Array<F<T>>> {
        Array::scalar(
            &dev,
            <F<T> as LinalgFloat>::from_re(
                <<F<T> as LinalgFloat>::Re as crate::linalg::RealScalar>::from_f64(v),
            ),
        )
    };
    let mul = |x: &Array<F<T>>, v: f64| -> Result<Array<F<T>>> {
        <F<T> as LinalgFloat>::mul_elem(x, &scalar(v)?)
    };
    let add = |x: &Array<F<T>>, y: &Array<F<T>>| <F<T> as LinalgFloat>::add_elem(x, y);
    let mm = |x: &Array<F<T>>, y: &Array<F<T>>| crate::linalg::matmul(x, y);
    let a = mul(&a, 0.5f64.powi(s))?;
    let eye = crate::creation::eye::<F<T>>(&dev, n, None, 0)?
        .broadcast_to(a.shape())?
        .copy()?;
    let a2 = mm(&a, &a)?;
    let a4 = mm(&a2, &a2)?;
    let a6 = mm(&a4, &a2)?;
    // U = A [A6 (b13 A6 + b11 A4 + b9 A2) + b7 A6 + b5 A4 + b3 A2 + b1 I]
    let inner_u = add(
        &add(&mul(&a6, B[13])?, &mul(&a4, B[11])?)?,
        &mul(&a2, B[9])?,
    )?;
    let tail_u = add(
        &add(&add(&mul(&a6, B[7])?, &mul(&a4, B[5])?)?, &mul(&a2, B[3])?)?,
        &mul(&eye, B[1])?,
    )?;
    let u = mm(&a, &add(&mm(&a6, &inner_u)?, &tail_u)?)?;
    // V = A6 (b12 A6 + b10 A4 + b8 A2) + b6 A6 + b4 A4 + b2 A2 + b0 I
    let inner_v = add(
        &add(&mul(&a6, B[12])?, &mul(&a4, B[10])?)?,
        &mul(&a2, B[8])?,
    )?;
    let tail_v = add(
        &add(&add(&mul(&a6, B[6])?, &mul(&a4, B[4])?)?, &mul(&a2, B[2])?)?,
        &mul(&eye, B[0])?,
    )?;
    let v = add(&mm(&a6, &inner_v)?, &tail_v)?;
    // (V - U) R = V + U
    let p = add(&v, &u)?;
    let q = <F<T> as LinalgFloat>::sub_elem(&v, &u)?;
    let mut r = crate::linalg::solve(&q, &p)?;
    for _ in 0..s {
        r = mm(&r, &r)?;
    }
    Ok(r)
}

/// Compiles the kernels of this module with NVRTC.
pub(crate) fn verify_kernels() -> Result<()> {
    use array_runtime::cuda::raw::verify as raw;
    use array_runtime::cuda::verify;
    use array_runtime::kernel::elementwise::Instance;
    use array_runtime::DTypeId;
    raw(&swaps_to_perm::DEF, &[])?;
    raw(&invert_perm::DEF, &[])?;
    for t in [DTypeId::F32, DTypeId::F64, DTypeId::C64, DTypeId::C128] {
        raw(&apply_swaps::DEF, &[t])?;
        verify::elementwise(&Instance {
            def: &perm_matrix::DEF,
            type_args: &[t],
            params: &[DTypeId::I64, DTypeId::I64, t, t],
            results: &[t],
        })?;
    }
    Ok(())
}
