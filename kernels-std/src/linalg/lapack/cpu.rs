//! The factorizations on the CPU backend: faer, on C-contiguous host batches.
//!
//! Every function takes a batch of row-major matrices laid end to end (`batch * rows * cols`
//! elements) and writes its results into slices of the same kind. faer reads and writes
//! row-major matrices directly (its `MatRef`/`MatMut` take any strides), so nothing is
//! transposed. A batch of several matrices runs in parallel over the batch (each matrix on
//! one thread); a single matrix uses faer's own parallelism.
//!
//! `info` values follow LAPACK: 0 when the matrix was factored, `i + 1` when pivot `i` is an
//! exact zero (LU) or not positive (Cholesky), 1 when an iteration did not converge.

use faer::dyn_stack::{MemBuffer, MemStack};
use faer::linalg::cholesky::llt::factor::LltRegularization;
use faer::linalg::lu::partial_pivoting::{factor, inverse, solve};
use faer::perm::PermRef;
use faer::{Conj, MatMut, MatRef, Par, Side};
use rayon::prelude::*;

use crate::linalg::float::LinalgFloat;
use crate::linalg::scalar::LinalgScalar;

/// faer's parallelism for one matrix of a batch of `batch`: sequential when the batch itself
/// runs in parallel.
fn par_for(batch: usize) -> Par {
    if batch > 1 {
        Par::Seq
    } else {
        faer::get_global_parallelism()
    }
}

/// faer's parallelism for the triangular solves of `k` right-hand sides: sequential below
/// [`RHS_PARALLEL`] columns, where the substitutions are a chain of dependent mat-vecs and the
/// threads' hand-offs cost about what they share. Measured (`linalg_phases`, f64 2000, one
/// thread against two, wall ms): idle, 1 vector 2.7-3.2 / 1.8-3.3, 4 vectors 1.9-2.1 /
/// 2.0-2.4, 8 vectors 1.9-2.3 / 2.4-3.4, 64 vectors 11.0-11.3 / 9.2-12.3; at a load of 7-10,
/// 1 vector 6.4 / 11.2, where a second thread waits for a core.
fn rhs_par(par: Par, k: usize) -> Par {
    if k < RHS_PARALLEL {
        Par::Seq
    } else {
        par
    }
}

/// The number of right-hand sides from which the triangular solves run in parallel.
const RHS_PARALLEL: usize = 8;

/// The LAPACK pivot sequence of a row permutation: `perm[i]` is the row of `A` that is row
/// `i` of `P A`; applying the swaps `i <-> piv[i]` for `i = 0, 1, ...` to `A` gives `P A`.
pub(crate) fn perm_to_swaps(perm: &[usize], k: usize, piv: &mut [i64]) {
    let m = perm.len();
    let mut at: Vec<usize> = (0..m).collect(); // at[p]: the original row now at position p
    let mut pos: Vec<usize> = (0..m).collect(); // pos[r]: the position of original row r
    for i in 0..k {
        let j = pos[perm[i]];
        piv[i] = j as i64;
        at.swap(i, j);
        pos[at[i]] = i;
        pos[at[j]] = j;
    }
}

/// LU with partial pivoting of each `m x n` matrix, in place (L strictly below the diagonal,
/// unit diagonal implied, U on and above), and its pivots as LAPACK's swaps (0-based,
/// `min(m, n)` per matrix).
pub(crate) fn lu<T: LinalgFloat>(a: &mut [T], (m, n): (usize, usize), piv: &mut [i64]) {
    let k = m.min(n);
    if m == 0 || n == 0 {
        return;
    }
    let batch = a.len() / (m * n);
    let par = par_for(batch);
    let one = |a: &mut [T], piv: &mut [i64]| {
        let (mut fwd, mut bwd) = (vec![0usize; m], vec![0usize; m]);
        let mut buf = MemBuffer::new(factor::lu_in_place_scratch::<usize, T>(
            m,
            n,
            par,
            Default::default(),
        ));
        let mat = MatMut::from_row_major_slice_mut(a, m, n);
        factor::lu_in_place(
            mat,
            &mut fwd,
            &mut bwd,
            par,
            MemStack::new(&mut buf),
            Default::default(),
        );
        perm_to_swaps(&fwd, k, piv);
    };
    if batch > 1 {
        a.par_chunks_mut(m * n)
            .zip(piv.par_chunks_mut(k))
            .for_each(|(a, p)| one(a, p));
    } else {
        one(a, piv);
    }
}

/// The first exact zero on the diagonal of an `n x n` row-major `U`, as LAPACK's `info`.
fn zero_pivot<T: LinalgFloat>(lu: &[T], n: usize) -> i32 {
    (0..n)
        .find(|&i| lu[i * n + i] == <T as LinalgScalar>::zero())
        .map_or(0, |i| i as i32 + 1)
}

/// Solves `A X = B` for each `n x n` matrix `a` (overwritten by its LU) and `n x k` right-hand
/// side `b` (overwritten by `X`); returns each system's `info` (`i + 1`: `U[i, i]` is zero, the
/// matrix is singular and `X` is not computed).
pub(crate) fn solve<T: LinalgFloat>(a: &mut [T], b: &mut [T], n: usize, k: usize) -> Vec<i32> {
    let batch = if n == 0 { 0 } else { a.len() / (n * n) };
    let mut info = vec![0i32; batch];
    if batch == 0 {
        return info;
    }
    let par = par_for(batch);
    let one = |a: &mut [T], b: &mut [T], info: &mut i32| {
        let (mut fwd, mut bwd) = (vec![0usize; n], vec![0usize; n]);
        let req = factor::lu_in_place_scratch::<usize, T>(n, n, par, Default::default()).or(
            solve::solve_in_place_scratch::<usize, T>(n, k, rhs_par(par, k)),
        );
        let mut buf = MemBuffer::new(req);
        let stack = MemStack::new(&mut buf);
        factor::lu_in_place(
            MatMut::from_row_major_slice_mut(a, n, n),
            &mut fwd,
            &mut bwd,
            par,
            stack,
            Default::default(),
        );
        *info = zero_pivot(a, n);
        if *info != 0 || k == 0 {
            return;
        }
        let lu = MatRef::from_row_major_slice(a, n, n);
        solve::solve_in_place_with_conj(
            lu,
            lu,
            perm_ref(&fwd, &bwd),
            Conj::No,
            MatMut::from_row_major_slice_mut(b, n, k),
            rhs_par(par, k),
            stack,
        );
    };
    if batch > 1 {
        a.par_chunks_mut(n * n)
            .zip(b.par_chunks_mut((n * k).max(1)))
            .zip(info.par_iter_mut())
            .for_each(|((a, b), i)| one(a, b, i));
    } else {
        one(a, b, &mut info[0]);
    }
    info
}

fn perm_ref<'a>(fwd: &'a [usize], bwd: &'a [usize]) -> PermRef<'a, usize> {
    PermRef::new_checked(fwd, bwd, fwd.len())
}

/// The inverse of each `n x n` matrix `a` (overwritten by its LU) into `out`; returns each
/// matrix's `info` (non-zero: singular, `out` not computed).
pub(crate) fn inv<T: LinalgFloat>(a: &mut [T], out: &mut [T], n: usize) -> Vec<i32> {
    let batch = if n == 0 { 0 } else { a.len() / (n * n) };
    let mut info = vec![0i32; batch];
    if batch == 0 {
        return info;
    }
    let par = par_for(batch);
    let one = |a: &mut [T], out: &mut [T], info: &mut i32| {
        let (mut fwd, mut bwd) = (vec![0usize; n], vec![0usize; n]);
        let req = factor::lu_in_place_scratch::<usize, T>(n, n, par, Default::default())
            .or(inverse::inverse_scratch::<usize, T>(n, par));
        let mut buf = MemBuffer::new(req);
        let stack = MemStack::new(&mut buf);
        factor::lu_in_place(
            MatMut::from_row_major_slice_mut(a, n, n),
            &mut fwd,
            &mut bwd,
            par,
            stack,
            Default::default(),
        );
        *info = zero_pivot(a, n);
        if *info != 0 {
            return;
        }
        let lu = MatRef::from_row_major_slice(a, n, n);
        inverse::inverse(
            MatMut::from_row_major_slice_mut(out, n, n),
            lu,
            lu,
            perm_ref(&fwd, &bwd),
            par,
            stack,
        );
    };
    if batch > 1 {
        a.par_chunks_mut(n * n)
            .zip(out.par_chunks_mut(n * n))
            .zip(info.par_iter_mut())
            .for_each(|((a, o), i)| one(a, o, i));
    } else {
        one(a, out, &mut info[0]);
    }
    info
}

/// The Cholesky factor `L` of each `n x n` matrix, in place, from its lower triangle (the
/// strict upper triangle is left unspecified); returns each matrix's `info` (`i + 1`: the
/// leading minor of order `i + 1` is not positive definite).
pub(crate) fn cholesky<T: LinalgFloat>(a: &mut [T], n: usize) -> Vec<i32> {
    use faer::linalg::cholesky::llt::factor as llt;
    let batch = if n == 0 { 0 } else { a.len() / (n * n) };
    let mut info = vec![0i32; batch];
    if batch == 0 {
        return info;
    }
    let par = par_for(batch);
    let one = |a: &mut [T], info: &mut i32| {
        let mut buf = MemBuffer::new(llt::cholesky_in_place_scratch::<T>(
            n,
            par,
            Default::default(),
        ));
        let r = llt::cholesky_in_place(
            MatMut::from_row_major_slice_mut(a, n, n),
            LltRegularization::default(),
            par,
            MemStack::new(&mut buf),
            Default::default(),
        );
        if let Err(llt::LltError::NonPositivePivot { index }) = r {
            *info = index as i32 + 1;
        }
    };
    if batch > 1 {
        a.par_chunks_mut(n * n)
            .zip(info.par_iter_mut())
            .for_each(|(a, i)| one(a, i));
    } else {
        one(a, &mut info[0]);
    }
    info
}

/// Copies a faer matrix into a row-major slice.
fn store<T: Copy>(m: MatRef<'_, T>, out: &mut [T]) {
    let cols = m.ncols();
    for i in 0..m.nrows() {
        for j in 0..cols {
            out[i * cols + j] = m[(i, j)];
        }
    }
}

/// The batch size of `a` for matrices of `len` elements (0 when a matrix is empty).
fn count(a_len: usize, len: usize) -> usize {
    a_len.checked_div(len).unwrap_or(0)
}

/// QR of each `m x n` matrix: `q` (`m x m` when `complete`, else `m x min(m, n)`) and `r`
/// (`m x n`, or `min(m, n) x n`), the factors written into `q` (when given) and `r`.
pub(crate) fn qr<T: LinalgFloat>(
    a: &[T],
    (m, n): (usize, usize),
    complete: bool,
    q: Option<&mut [T]>,
    r: &mut [T],
) {
    let k = m.min(n);
    let (qc, rr) = if complete { (m, m) } else { (k, k) };
    let batch = count(a.len(), m * n);
    if batch == 0 {
        return;
    }
    let one = |a: &[T], q: Option<&mut [T]>, r: &mut [T]| {
        let f = MatRef::from_row_major_slice(a, m, n).qr();
        if complete {
            store(f.R(), r);
        } else {
            store(f.thin_R(), r);
        }
        if let Some(q) = q {
            let qm = if complete {
                f.compute_Q()
            } else {
                f.compute_thin_Q()
            };
            store(qm.as_ref(), q);
        }
    };
    let (q_len, r_len) = (m * qc, rr * n);
    match q {
        Some(q) if batch > 1 => a
            .par_chunks(m * n)
            .zip(q.par_chunks_mut(q_len.max(1)))
            .zip(r.par_chunks_mut(r_len.max(1)))
            .for_each(|((a, q), r)| one(a, Some(q), r)),
        None if batch > 1 => a
            .par_chunks(m * n)
            .zip(r.par_chunks_mut(r_len.max(1)))
            .for_each(|(a, r)| one(a, None, r)),
        q => one(a, q, r),
    }
}

/// QR of each `m x n` matrix in LAPACK's `geqrf` form: `h` (`a`, overwritten) holds `R` on and
/// above the diagonal and the Householder vectors below it (unit leading entries implied),
/// `tau` the factors (`k` per matrix) of `H_i = I - tau_i v_i v_i^H`.
pub(crate) fn qr_raw<T: LinalgFloat>(h: &mut [T], (m, n): (usize, usize), tau: &mut [T]) {
    use faer::linalg::qr::no_pivoting::factor as qrf;
    let k = m.min(n);
    let batch = count(h.len(), m * n);
    if batch == 0 || k == 0 {
        return;
    }
    let par = par_for(batch);
    let one = |h: &mut [T], tau: &mut [T]| {
        let bs = qrf::recommended_block_size::<T>(m, n);
        let mut coeff = faer::Mat::<T>::zeros(bs, k);
        let mut buf = MemBuffer::new(qrf::qr_in_place_scratch::<T>(
            m,
            n,
            bs,
            par,
            Default::default(),
        ));
        qrf::qr_in_place(
            MatMut::from_row_major_slice_mut(h, m, n),
            coeff.as_mut(),
            par,
            MemStack::new(&mut buf),
            Default::default(),
        );
        // faer's reflectors are `I - v v^H / t` with `t` on the diagonal of each block's
        // triangular factor (blocks of `bs` columns): LAPACK's `tau` is `1 / t` (and 0 for
        // the identity reflector, `t` infinite).
        for (j, tau) in tau.iter_mut().enumerate() {
            let t = coeff[(j % bs, j)];
            *tau = if t == <T as LinalgScalar>::zero() {
                t
            } else {
                <T as LinalgScalar>::one() / t
            };
        }
    };
    if batch > 1 {
        h.par_chunks_mut(m * n)
            .zip(tau.par_chunks_mut(k))
            .for_each(|(h, t)| one(h, t));
    } else {
        one(h, tau);
    }
}

/// The eigenvalues (ascending) and, when `v` is given, the orthonormal eigenvectors (columns)
/// of each Hermitian `n x n` matrix, read from its lower (`lower`) or upper triangle; returns
/// each matrix's `info` (1: did not converge).
#[allow(clippy::assign_op_pattern)]
pub(crate) fn eigh<T: LinalgFloat>(
    a: &[T],
    n: usize,
    lower: bool,
    w: &mut [T::Re],
    v: Option<&mut [T]>,
) -> Vec<i32> {
    let batch = count(a.len(), n * n);
    let mut info = vec![0i32; batch];
    if batch == 0 {
        return info;
    }
    let side = if lower { Side::Lower } else { Side::Upper };
    let one = |a: &[T], w: &mut [T::Re], v: Option<&mut [T]>, info: &mut i32| {
        // A NaN or an infinity in the triangle read gives NaN eigenvalues and eigenvectors, as
        // NumPy's LAPACK mostly does (faer would iterate to its limit: minutes in a debug build).
        if !finite_triangle(a, n, lower) {
            w.fill(<T::Re as num_traits::Float>::nan());
            if let Some(v) = v {
                v.fill(<T as faer::traits::ComplexField>::nan_impl());
            }
            return;
        }
        // A real matrix with tiny or huge elements is scaled first, as LAPACK's `?syevd` does
        // (faer does not: its divide and conquer underflows at elements of order 1e-150).
        let sigma = if T::COMPLEX {
            None
        } else {
            real_scaling(a, n, lower)
        };
        let scaled: Vec<T>;
        let a = match sigma {
            Some(s) => {
                scaled = a
                    .iter()
                    .map(|&x| T::from_re(LinalgFloat::re(x) * s))
                    .collect();
                &scaled[..]
            }
            None => a,
        };
        let unscale = |w: &mut [T::Re]| {
            if let Some(s) = sigma {
                w.iter_mut().for_each(|x| *x = *x / s);
            }
        };
        let m = MatRef::from_row_major_slice(a, n, n);
        match v {
            Some(v) => match m.self_adjoint_eigen(side) {
                Ok(e) => {
                    for (i, w) in w.iter_mut().enumerate() {
                        *w = LinalgFloat::re(e.S().column_vector()[i]);
                    }
                    unscale(w);
                    store(e.U(), v);
                }
                Err(_) => *info = 1,
            },
            None => match m.self_adjoint_eigenvalues(side) {
                Ok(s) => {
                    w.iter_mut().zip(s).for_each(|(w, s)| *w = T::faer_re(s));
                    unscale(w);
                }
                Err(_) => *info = 1,
            },
        }
    };
    match v {
        Some(v) if batch > 1 => a
            .par_chunks(n * n)
            .zip(w.par_chunks_mut(n))
            .zip(v.par_chunks_mut(n * n))
            .zip(info.par_iter_mut())
            .for_each(|(((a, w), v), i)| one(a, w, Some(v), i)),
        None if batch > 1 => a
            .par_chunks(n * n)
            .zip(w.par_chunks_mut(n))
            .zip(info.par_iter_mut())
            .for_each(|((a, w), i)| one(a, w, None, i)),
        v => one(a, w, v, &mut info[0]),
    }
    info
}

/// Whether every element of the `n x n` matrix's triangle `lower` (row-major `a`) is finite,
/// real and imaginary parts.
fn finite_triangle<T: LinalgFloat>(a: &[T], n: usize, lower: bool) -> bool {
    (0..n).all(|i| {
        let row = &a[i * n..(i + 1) * n];
        let part = if lower { &row[..=i] } else { &row[i..] };
        part.iter().all(|&x| {
            num_traits::Float::is_finite(LinalgFloat::re(x))
                && num_traits::Float::is_finite(LinalgFloat::im(x))
        })
    })
}

/// The factor that brings the real symmetric `n x n` matrix (its triangle `lower`, row-major
/// `a`) into LAPACK `?syevd`'s safe range, `None` when it is in range already.
#[allow(clippy::neg_cmp_op_on_partial_ord)] // `!(x <= big)` keeps NaN
fn real_scaling<T: LinalgFloat>(a: &[T], n: usize, lower: bool) -> Option<T::Re> {
    let mut big = <T::Re as num_traits::Zero>::zero();
    for i in 0..n {
        let row = &a[i * n..(i + 1) * n];
        let part = if lower { &row[..=i] } else { &row[i..] };
        for &x in part {
            let x = num_traits::Float::abs(LinalgFloat::re(x));
            if !(x <= big) {
                big = x;
            }
        }
    }
    let s = scale_for(big);
    (s != <T::Re as num_traits::One>::one()).then_some(s)
}

/// The scaling factor for a real symmetric matrix whose largest element is `big`, when it
/// lies outside LAPACK `?syevd`'s safe range `[sqrt(smlnum), sqrt(1 / smlnum)]` (`smlnum =
/// safmin / eps`): the power of two that brings `big` into `[1, 2)`, so that scaling and
/// unscaling are exact (1 when the matrix is in range, zero or not finite).
///
/// LAPACK scales into the edge of the range (`rmin / big`); faer's divide and conquer (from
/// order 128) still loses small eigenvalues there (the 1-2-1 matrix of order 130 times
/// 1e-150: 5.75e-154 where LAPACK gives 2.30e-153), and is right at unit scale.
fn scale_for<R: num_traits::Float>(big: R) -> R {
    let small = R::min_positive_value() / R::epsilon();
    let (rmin, rmax) = (small.sqrt(), (R::one() / small).sqrt());
    let out_of_range = big > R::zero() && big.is_finite() && (big < rmin || big > rmax);
    if !out_of_range {
        return R::one();
    }
    let two = R::one() + R::one();
    // `big = m 2^e` with `m` in [1, 2); `2^-e` is exact while representable (powers of two
    // multiply exactly), else LAPACK's factor (a subnormal `big`).
    let e = big.log2().floor();
    let k = e.to_i32().unwrap_or(0);
    let mut s = two.powi(-k);
    let representable = s.is_finite() && s > R::zero();
    if !representable {
        return if big < rmin { rmin / big } else { rmax / big };
    }
    // `log2` may round across an integer: settle `big * s` into [1, 2).
    while big * s >= two {
        s = s / two;
    }
    while big * s < R::one() {
        s = s * two;
    }
    s
}

/// The SVD of each `m x n` matrix: singular values (descending) into `s`, and when `uv` is
/// given, `U` (`m x m` when `full`, else `m x k`) and `V^H` (`n x n`, or `k x n`); returns each
/// matrix's `info` (1: did not converge).
pub(crate) fn svd<T: LinalgFloat>(
    a: &[T],
    (m, n): (usize, usize),
    full: bool,
    s: &mut [T::Re],
    uv: Option<(&mut [T], &mut [T])>,
) -> Vec<i32> {
    let k = m.min(n);
    let batch = count(a.len(), m * n);
    let mut info = vec![0i32; batch];
    if batch == 0 {
        return info;
    }
    let (uc, vr) = if full { (m, n) } else { (k, k) };
    let one = |a: &[T], s: &mut [T::Re], uv: Option<(&mut [T], &mut [T])>, info: &mut i32| {
        let mat = MatRef::from_row_major_slice(a, m, n);
        match uv {
            Some((u, vh)) => {
                let f = if full { mat.svd() } else { mat.thin_svd() };
                match f {
                    Ok(f) => {
                        for (i, s) in s.iter_mut().enumerate() {
                            *s = LinalgFloat::re(f.S().column_vector()[i]);
                        }
                        store(f.U(), u);
                        // V^H: the conjugate transpose of faer's V.
                        let v = f.V();
                        for i in 0..vr {
                            for j in 0..n {
                                vh[i * n + j] = LinalgScalar::conj(v[(j, i)]);
                            }
                        }
                    }
                    Err(_) => *info = 1,
                }
            }
            None => match mat.singular_values() {
                Ok(v) => s.iter_mut().zip(v).for_each(|(s, v)| *s = T::faer_re(v)),
                Err(_) => *info = 1,
            },
        }
    };
    match uv {
        Some((u, vh)) if batch > 1 => a
            .par_chunks(m * n)
            .zip(s.par_chunks_mut(k.max(1)))
            .zip(u.par_chunks_mut((m * uc).max(1)))
            .zip(vh.par_chunks_mut((vr * n).max(1)))
            .zip(info.par_iter_mut())
            .for_each(|((((a, s), u), vh), i)| one(a, s, Some((u, vh)), i)),
        None if batch > 1 => a
            .par_chunks(m * n)
            .zip(s.par_chunks_mut(k.max(1)))
            .zip(info.par_iter_mut())
            .for_each(|((a, s), i)| one(a, s, None, i)),
        uv => one(a, s, uv, &mut info[0]),
    }
    info
}

/// The eigenvalues and, when `v` is given, the right eigenvectors (columns, each of unit
/// 2-norm) of each general `n x n` matrix, in the complex dtype; returns each matrix's `info`
/// (1: did not converge).
pub(crate) fn eig<T: LinalgFloat>(
    a: &[T],
    n: usize,
    w: &mut [T::Cx],
    v: Option<&mut [T::Cx]>,
) -> Vec<i32> {
    let batch = count(a.len(), n * n);
    let mut info = vec![0i32; batch];
    if batch == 0 {
        return info;
    }
    let one = |a: &[T], w: &mut [T::Cx], v: Option<&mut [T::Cx]>, info: &mut i32| {
        let m = MatRef::from_row_major_slice(a, n, n);
        match v {
            Some(v) => match m.eigen() {
                Ok(e) => {
                    for (i, w) in w.iter_mut().enumerate() {
                        *w = T::faer_cx(e.S().column_vector()[i].clone());
                    }
                    let u = e.U();
                    for j in 0..n {
                        // LAPACK's normalization: unit 2-norm, the largest component real.
                        let col: Vec<T::Cx> =
                            (0..n).map(|i| T::faer_cx(u[(i, j)].clone())).collect();
                        let norm = col
                            .iter()
                            .map(|z| LinalgScalar::abs_f64(*z).powi(2))
                            .sum::<f64>()
                            .sqrt();
                        let big = col
                            .iter()
                            .copied()
                            .max_by(|a, b| {
                                LinalgScalar::abs_f64(*a).total_cmp(&LinalgScalar::abs_f64(*b))
                            })
                            .unwrap_or_else(<T::Cx as LinalgScalar>::zero);
                        let mag = LinalgScalar::abs_f64(big);
                        // `conj(big) / |big|`, divided by the norm: one factor for the column.
                        let scale = if mag > 0.0 && norm > 0.0 {
                            let r = <T::Cx as LinalgFloat>::from_re(
                                <T::Re as super::super::scalar::RealScalar>::from_f64(
                                    1.0 / (mag * norm),
                                ),
                            );
                            LinalgScalar::conj(big) * r
                        } else {
                            <T::Cx as LinalgScalar>::one()
                        };
                        for (i, z) in col.into_iter().enumerate() {
                            v[i * n + j] = z * scale;
                        }
                    }
                }
                Err(_) => *info = 1,
            },
            None => match m.eigenvalues() {
                Ok(s) => w.iter_mut().zip(s).for_each(|(w, s)| *w = T::faer_cx(s)),
                Err(_) => *info = 1,
            },
        }
    };
    match v {
        Some(v) if batch > 1 => a
            .par_chunks(n * n)
            .zip(w.par_chunks_mut(n))
            .zip(v.par_chunks_mut(n * n))
            .zip(info.par_iter_mut())
            .for_each(|(((a, w), v), i)| one(a, w, Some(v), i)),
        None if batch > 1 => a
            .par_chunks(n * n)
            .zip(w.par_chunks_mut(n))
            .zip(info.par_iter_mut())
            .for_each(|((a, w), i)| one(a, w, None, i)),
        v => one(a, w, v, &mut info[0]),
    }
    info
}

/// Solves `op(A) X = B` for each triangular `n x n` matrix `a` (its `lower` or upper triangle;
/// a unit diagonal when `unit`) and `n x k` right-hand side `b` (overwritten by `X`); `op` is
/// the identity, the transpose (`trans == 1`) or the conjugate transpose (`trans == 2`).
pub(crate) fn solve_triangular<T: LinalgFloat>(
    a: &[T],
    b: &mut [T],
    (n, k): (usize, usize),
    lower: bool,
    trans: u8,
    unit: bool,
) {
    use faer::linalg::triangular_solve as ts;
    let batch = count(a.len(), n * n);
    if batch == 0 || k == 0 {
        return;
    }
    let par = par_for(batch);
    let one = |a: &[T], b: &mut [T]| {
        let mut m = MatRef::from_row_major_slice(a, n, n);
        let mut lower = lower;
        let mut conj = Conj::No;
        if trans != 0 {
            m = m.transpose();
            lower = !lower;
            if trans == 2 {
                conj = Conj::Yes;
            }
        }
        let rhs = MatMut::from_row_major_slice_mut(b, n, k);
        match (lower, unit) {
            (true, false) => ts::solve_lower_triangular_in_place_with_conj(m, conj, rhs, par),
            (true, true) => ts::solve_unit_lower_triangular_in_place_with_conj(m, conj, rhs, par),
            (false, false) => ts::solve_upper_triangular_in_place_with_conj(m, conj, rhs, par),
            (false, true) => ts::solve_unit_upper_triangular_in_place_with_conj(m, conj, rhs, par),
        }
    };
    if batch > 1 {
        a.par_chunks(n * n)
            .zip(b.par_chunks_mut(n * k))
            .for_each(|(a, b)| one(a, b));
    } else {
        one(a, b);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn swaps_reproduce_the_permutation() {
        let perm = [2usize, 0, 3, 1];
        let mut piv = [0i64; 4];
        perm_to_swaps(&perm, 4, &mut piv);
        let mut rows: Vec<usize> = (0..4).collect();
        for (i, &p) in piv.iter().enumerate() {
            rows.swap(i, p as usize);
        }
        assert_eq!(rows, perm);
    }
}
