//! The blocked reduction of a real symmetric matrix to tridiagonal form, `A = Q T Q^T`
//! (LAPACK's `?sytrd` scheme with `?latrd` panels), on a column-major buffer holding the lower
//! triangle.
//!
//! faer's `tridiag_in_place` is unblocked: every column applies a rank-2 update to the whole
//! trailing triangle, which is read and written once per column. Here the columns go in panels
//! of [`PANEL`]: within a panel each column only reads the trailing triangle (a symmetric
//! matrix-vector product, [`symv_lower`]) and the updates of the panel's earlier columns are
//! carried in a second matrix `W` (`A - V W^T - W V^T` is the matrix the next column sees);
//! after the panel the trailing triangle gets `A -= [V W] [W V]^T` as one triangular product
//! of inner dimension `2 * PANEL` (faer's `matmul::triangular`), at matrix-product speed.
//!
//! The result has faer's layout, so that faer's tridiagonal eigensolver and its block
//! Householder back-transformation take it as they take `tridiag_in_place`'s: the diagonal of
//! `T` on the diagonal, its subdiagonal below it, and reflector `k` (`I - tau_k v v^T`, acting
//! on rows `k + 1..`, `v[k + 1] = 1` implied) below the subdiagonal of column `k`.

#![allow(clippy::assign_op_pattern, clippy::neg_cmp_op_on_partial_ord)] // generic `Float` has no `*=`; `!(x <= m)` keeps NaN

use faer::linalg::matmul::triangular::{self, BlockStructure};
use faer::{Accum, MatMut, MatRef, Par};
use num_traits::Float;
use rayon::prelude::*;

/// The real dtypes the reduction serves (`f32`, `f64`).
pub trait Real: faer::traits::ComplexField + Float + Send + Sync {}

impl<T: faer::traits::ComplexField + Float + Send + Sync> Real for T {}

/// Columns per panel (LAPACK's `?sytrd` takes 32 for double precision).
pub(crate) const PANEL: usize = 32;

/// The smallest trailing order whose symmetric product is split over threads.
const PAR_SYMV_FROM: usize = 384;

/// Reduces the `n x n` symmetric matrix whose lower triangle is in `a` (column-major, leading
/// dimension `n`; the strict upper triangle is neither read nor written) to tridiagonal form in
/// place, in faer's layout (see the module notes), and writes LAPACK's `tau` of each of the
/// `n - 1` reflectors (0 for the identity) into `tau`.
pub(crate) fn tridiagonalize<R: Real>(a: &mut [R], n: usize, tau: &mut [R], par: Par) {
    debug_assert!(a.len() == n * n && tau.len() == n.saturating_sub(1));
    if n < 2 {
        return;
    }
    let threads = par.degree().max(1);
    let mut w = vec![R::zero(); n * PANEL];
    let mut e = vec![R::zero(); PANEL];
    let mut parts = vec![R::zero(); if threads > 1 { threads * n } else { 0 }];
    let mut k = 0;
    while k + 1 < n {
        let nb = PANEL.min(n - k - 1);
        let m = n - k;
        let w = &mut w[..m * nb];
        panel(
            a,
            n,
            k,
            nb,
            w,
            &mut e,
            &mut tau[k..k + nb],
            threads,
            &mut parts,
        );
        trailing_update(a, n, k, nb, w, par);
        for (i, &e) in e[..nb].iter().enumerate() {
            a[(k + i) * n + k + i + 1] = e;
        }
        k += nb;
    }
}

/// `tridiagonalize` for `benches/linalg_phases.rs` (the reduction timed alone): the
/// column-major `n x n` lower triangle in `a`, `tau` of length `n - 1`, on `threads` threads
/// (1: the calling thread alone; 0: rayon's pool).
///
/// ```
/// use kernels_std::linalg::tridiagonalize_for_bench;
/// // [[2, 1, 1], [1, 2, 1], [1, 1, 2]]: one reflector, then the 2 x 2 block is diagonal.
/// let mut a: Vec<f64> = vec![2.0, 1.0, 1.0, 0.0, 2.0, 1.0, 0.0, 0.0, 2.0];
/// let mut tau = vec![0.0f64; 2];
/// tridiagonalize_for_bench(&mut a, 3, &mut tau, 1);
/// assert!((a[1].abs() - 2f64.sqrt()).abs() < 1e-15); // the subdiagonal
/// assert!((a[0] - 2.0).abs() < 1e-15 && (a[0] + a[4] + a[8] - 6.0).abs() < 1e-14); // the trace
/// assert_eq!(tau[1], 0.0);
/// ```
pub fn tridiagonalize_for_bench<R: Real>(a: &mut [R], n: usize, tau: &mut [R], threads: usize) {
    let par = if threads == 1 {
        Par::Seq
    } else {
        Par::rayon(threads)
    };
    tridiagonalize(a, n, tau, par);
}

/// Reduces columns `k..k + nb` (the panel) and fills `w` (`m x nb`, column-major, `m = n - k`,
/// row `r` for row `k + r` of `a`), leaving the unit heads of the reflectors in place (their
/// subdiagonal values go to `e`) for the trailing update.
#[allow(clippy::too_many_arguments)]
fn panel<R: Real>(
    a: &mut [R],
    n: usize,
    k: usize,
    nb: usize,
    w: &mut [R],
    e: &mut [R],
    tau: &mut [R],
    threads: usize,
    parts: &mut [R],
) {
    let m = n - k;
    let mut tmp = vec![R::zero(); nb];
    for i in 0..nb {
        let c = k + i;
        let (before, rest) = a.split_at_mut(c * n);
        let col = &mut rest[..n];
        // The updates of the panel's earlier columns: A[c.., c] -= V W[i, :]^T + W V[i, :]^T.
        for p in 0..i {
            let vp = &before[(k + p) * n..(k + p + 1) * n];
            let wp = &w[p * m..(p + 1) * m];
            let (wi, vi) = (wp[i], vp[c]);
            for ((x, &v), &ww) in col[c..].iter_mut().zip(&vp[c..]).zip(&wp[i..]) {
                *x = *x - v * wi - ww * vi;
            }
        }
        // The reflector that zeroes A[c + 2.., c].
        let (beta, t) = householder(&mut col[c + 1..]);
        e[i] = beta;
        tau[i] = t;
        col[c + 1] = R::one();
        let v = &rest[c + 1..n];
        // W[i + 1.., i] = A[c + 1.., c + 1..] v - V (W^T v) - W (V^T v), the earlier columns
        // of the panel taken in `V` and `W`.
        let (w_before, w_rest) = w.split_at_mut(i * m);
        let wi = &mut w_rest[i + 1..m];
        symv_lower(rest, n, c + 1, v, wi, threads, parts);
        let v_col = |p: usize| &before[(k + p) * n + c + 1..(k + p + 1) * n];
        let w_col = |p: usize| &w_before[p * m + i + 1..(p + 1) * m];
        for (p, t) in tmp[..i].iter_mut().enumerate() {
            *t = dot(w_col(p), v);
        }
        for (p, &t) in tmp[..i].iter().enumerate() {
            axpy(-t, v_col(p), wi);
        }
        for (p, t) in tmp[..i].iter_mut().enumerate() {
            *t = dot(v_col(p), v);
        }
        for (p, &t) in tmp[..i].iter().enumerate() {
            axpy(-t, w_col(p), wi);
        }
        // W[.., i] = tau (W[.., i] - (tau / 2) (W[.., i]^T v) v).
        wi.iter_mut().for_each(|x| *x = *x * t);
        let half = R::one() / (R::one() + R::one());
        let alpha = -(half * t * dot(wi, v));
        axpy(alpha, v, wi);
    }
}

/// `A[k + nb.., k + nb..] -= V W^T + W V^T` on the lower triangle, as one triangular product
/// `[V W] [W V]^T` of inner dimension `2 nb`.
fn trailing_update<R: Real>(a: &mut [R], n: usize, k: usize, nb: usize, w: &[R], par: Par) {
    let (m, s) = (n - k, k + nb);
    let mt = n - s;
    if mt == 0 {
        return;
    }
    let mut lhs = vec![R::zero(); mt * 2 * nb];
    let mut rhs = vec![R::zero(); mt * 2 * nb];
    for p in 0..nb {
        let v = &a[(k + p) * n + s..(k + p + 1) * n];
        let wp = &w[p * m + nb..(p + 1) * m];
        lhs[p * mt..(p + 1) * mt].copy_from_slice(v);
        lhs[(nb + p) * mt..(nb + p + 1) * mt].copy_from_slice(wp);
        rhs[p * mt..(p + 1) * mt].copy_from_slice(wp);
        rhs[(nb + p) * mt..(nb + p + 1) * mt].copy_from_slice(v);
    }
    let dst = MatMut::from_column_major_slice_with_stride_mut(&mut a[s * n + s..], mt, mt, n);
    triangular::matmul(
        dst,
        BlockStructure::TriangularLower,
        Accum::Add,
        MatRef::from_column_major_slice(&lhs, mt, 2 * nb),
        BlockStructure::Rectangular,
        MatRef::from_column_major_slice(&rhs, mt, 2 * nb).transpose(),
        BlockStructure::Rectangular,
        -R::one(),
        par,
    );
}

/// LAPACK's `?larfg` on `x`: the reflector `I - tau v v^T` (`v[0] = 1`) with `H x = beta e_0`;
/// `x[1..]` becomes `v[1..]`. Returns `(beta, tau)`; `tau = 0` (and `x` untouched) when
/// `x[1..]` is zero.
fn householder<R: Real>(x: &mut [R]) -> (R, R) {
    let alpha = x[0];
    let tail = norm(&x[1..]);
    if tail == R::zero() {
        return (alpha, R::zero());
    }
    let beta = -alpha.signum() * alpha.hypot(tail);
    let tau = (beta - alpha) / beta;
    let scale = R::one() / (alpha - beta);
    x[1..].iter_mut().for_each(|v| *v = *v * scale);
    (beta, tau)
}

/// The 2-norm of `x`, scaled so that it neither overflows nor underflows.
fn norm<R: Real>(x: &[R]) -> R {
    let big = x.iter().fold(R::zero(), |m, v| m.max(v.abs()));
    if big == R::zero() || !big.is_finite() {
        return big + x.iter().fold(R::zero(), |s, &v| s + v); // NaN propagates
    }
    let inv = R::one() / big;
    big * x
        .iter()
        .fold(R::zero(), |s, &v| {
            let y = v * inv;
            s + y * y
        })
        .sqrt()
}

/// `y += alpha x`.
fn axpy<R: Real>(alpha: R, x: &[R], y: &mut [R]) {
    for (y, &x) in y.iter_mut().zip(x) {
        *y = *y + alpha * x;
    }
}

/// `x . y` with eight partial sums (so that it vectorizes).
fn dot<R: Real>(x: &[R], y: &[R]) -> R {
    let n = x.len().min(y.len());
    let (x, y) = (&x[..n], &y[..n]);
    let mut acc = [R::zero(); 8];
    let split = n - n % 8;
    for (a, b) in x[..split].chunks_exact(8).zip(y[..split].chunks_exact(8)) {
        for ((s, &a), &b) in acc.iter_mut().zip(a).zip(b) {
            *s = *s + a * b;
        }
    }
    let mut s = acc.iter().fold(R::zero(), |s, &a| s + a);
    for (&a, &b) in x[split..].iter().zip(&y[split..]) {
        s = s + a * b;
    }
    s
}

/// `y += xj col` and `col . x` in one pass over `col`.
fn axpy_dot<R: Real>(col: &[R], xj: R, x: &[R], y: &mut [R]) -> R {
    let n = col.len();
    let (x, y) = (&x[..n], &mut y[..n]);
    let mut acc = [R::zero(); 8];
    let split = n - n % 8;
    for ((c, xx), yy) in col[..split]
        .chunks_exact(8)
        .zip(x[..split].chunks_exact(8))
        .zip(y[..split].chunks_exact_mut(8))
    {
        for (((s, y), &c), &x) in acc.iter_mut().zip(yy).zip(c).zip(xx) {
            *y = *y + xj * c;
            *s = *s + c * x;
        }
    }
    let mut s = acc.iter().fold(R::zero(), |s, &a| s + a);
    for ((&c, &xx), yy) in col[split..].iter().zip(&x[split..]).zip(&mut y[split..]) {
        *yy = *yy + xj * c;
        s = s + c * xx;
    }
    s
}

/// `y = S x` for the symmetric `S = A[o.., o..]` of order `p = n - o` whose lower triangle is
/// read from `rest`, the column-major `a` (leading dimension `n`) from column `o - 1` on. Each column of the triangle is read
/// once; with several threads the columns are split into parts of equal work, each summed
/// into its own vector (`parts`).
fn symv_lower<R: Real>(
    rest: &[R],
    n: usize,
    o: usize,
    x: &[R],
    y: &mut [R],
    threads: usize,
    parts: &mut [R],
) {
    let p = n - o;
    // Column j of S starts at its diagonal: rest[(j + 1) * n + o + j..(j + 2) * n].
    let column = |j: usize| &rest[(j + 1) * n + o + j..(j + 2) * n];
    let cols = |y: &mut [R], j0: usize, j1: usize| {
        for j in j0..j1 {
            let col = column(j);
            if let Some((yj, tail)) = y[j..].split_first_mut() {
                let s = axpy_dot(&col[1..], x[j], &x[j + 1..], tail);
                *yj = *yj + col[0] * x[j] + s;
            }
        }
    };
    y.iter_mut().for_each(|v| *v = R::zero());
    if threads < 2 || p < PAR_SYMV_FROM {
        cols(y, 0, p);
        return;
    }
    // Part t takes columns [b(t), b(t + 1)) with b(t) = p (1 - sqrt(1 - t / threads)): equal
    // areas of the triangle.
    let bound = |t: usize| {
        let f = 1.0 - (1.0 - t as f64 / threads as f64).sqrt();
        ((f * p as f64) as usize).min(p)
    };
    parts[..threads * p]
        .par_chunks_mut(p)
        .enumerate()
        .for_each(|(t, part)| {
            part.iter_mut().for_each(|v| *v = R::zero());
            cols(
                part,
                bound(t),
                if t + 1 == threads { p } else { bound(t + 1) },
            );
        });
    for part in parts[..threads * p].chunks(p) {
        for (y, &v) in y.iter_mut().zip(part) {
            *y = *y + v;
        }
    }
}
