//! The real symmetric eigenproblem on the CPU: the blocked reduction of [`sytrd`](super::sytrd),
//! then faer's public pieces, as faer's `self_adjoint_evd` strings its own: the tridiagonal
//! eigensolver (divide and conquer; QR iteration without eigenvectors) and the
//! back-transformation by the reflectors as a block Householder sequence. Like LAPACK's
//! `?syevd` (and unlike faer's `self_adjoint_evd`) it scales a matrix whose largest element is
//! tiny or huge into a safe range first.

#![allow(clippy::assign_op_pattern, clippy::neg_cmp_op_on_partial_ord)] // generic `Float` has no `*=`; `!(x <= m)` keeps NaN

use faer::dyn_stack::{MemBuffer, MemStack, StackReq};
use faer::linalg::evd::{self, ComputeEigenvectors, EvdError};
use faer::linalg::householder;
use faer::linalg::qr::no_pivoting::factor::recommended_block_size;
use faer::{ColMut, ColRef, Conj, Mat, MatMut, MatRef, Par};

use super::sytrd::{tridiagonalize, Real};

/// The eigenvalues (ascending, into `w`) and, when `u` is given, the eigenvectors (the columns
/// of `u`, column-major `n x n`) of the symmetric `n x n` matrix whose lower triangle is in
/// `a` (column-major; overwritten by the reduction).
pub(crate) fn syevd<R: Real>(
    a: &mut [R],
    n: usize,
    w: &mut [R],
    u: Option<&mut [R]>,
    par: Par,
) -> Result<(), EvdError> {
    if n == 0 {
        return Ok(());
    }
    let sigma = scaling(a, n);
    if sigma != R::one() {
        for j in 0..n {
            a[j * n + j..(j + 1) * n]
                .iter_mut()
                .for_each(|x| *x = *x * sigma);
        }
    }
    let mut tau = vec![R::zero(); n - 1];
    tridiagonalize(a, n, &mut tau, par);
    let d: Vec<R> = (0..n).map(|i| a[i * n + i]).collect();
    let e: Vec<R> = (0..n)
        .map(|i| {
            if i + 1 < n {
                a[i * n + i + 1]
            } else {
                R::zero()
            }
        })
        .collect();
    let bs = recommended_block_size::<R>(n, n);
    let compute = if u.is_some() {
        ComputeEigenvectors::Yes
    } else {
        ComputeEigenvectors::No
    };
    let mut buf = MemBuffer::new(StackReq::any_of(&[
        evd::self_adjoint_evd_scratch::<R>(n, compute, par, Default::default()),
        householder::apply_block_householder_sequence_on_the_left_in_place_scratch::<R>(
            n - 1,
            bs,
            n,
        ),
    ]));
    let mut u = u.map(|u| MatMut::from_column_major_slice_mut(u, n, n));
    evd::tridiagonal_self_adjoint_evd(
        ColRef::from_slice(&d).as_diagonal(),
        ColRef::from_slice(&e).as_diagonal(),
        ColMut::from_slice_mut(w).as_diagonal_mut(),
        u.as_mut().map(|u| u.as_mut()),
        par,
        MemStack::new(&mut buf),
        Default::default(),
    )?;
    if sigma != R::one() {
        w.iter_mut().for_each(|x| *x = *x / sigma);
    }
    let Some(u) = u else { return Ok(()) };
    if n > 1 {
        // The reflectors as faer's block Householder sequence: the essential parts below the
        // subdiagonal, and for each block of `bs` reflectors its triangular factor (faer's
        // reflector is `I - v v^T / t`, so `t = 1 / tau`, infinite for the identity).
        let basis = MatRef::from_column_major_slice(a, n, n).submatrix(1, 0, n - 1, n - 1);
        let mut factor = Mat::<R>::zeros(bs, n - 1);
        let mut j = 0;
        while j < n - 1 {
            let b = bs.min(n - 1 - j);
            let mut f = factor.as_mut().submatrix_mut(0, j, b, b);
            for k in 0..b {
                f[(k, k)] = R::one() / tau[j + k];
            }
            householder::upgrade_householder_factor(
                f,
                basis.submatrix(j, j, n - 1 - j, b),
                b,
                1,
                par,
            );
            j += b;
        }
        householder::apply_block_householder_sequence_on_the_left_in_place_with_conj(
            basis,
            factor.as_ref(),
            Conj::No,
            u.subrows_mut(1, n - 1),
            par,
            MemStack::new(&mut buf),
        );
    }
    Ok(())
}

/// LAPACK `?syevd`'s scaling of the matrix (lower triangle of the column-major `a`) into
/// `[sqrt(smlnum), sqrt(1 / smlnum)]` by its largest element, `smlnum = safmin / eps`: the
/// factor (1 when the matrix is in range, zero or not finite). Without it the divide and
/// conquer's secular equations underflow on tiny matrices (order 1e-150 in f64).
fn scaling<R: Real>(a: &[R], n: usize) -> R {
    let mut big = R::zero();
    for j in 0..n {
        for &x in &a[j * n + j..(j + 1) * n] {
            let x = x.abs();
            if !(x <= big) {
                big = x; // NaN stays
            }
        }
    }
    scale_for(big)
}

/// The factor [`scaling`] takes for a matrix whose largest element is `big`.
pub(crate) fn scale_for<R: Real>(big: R) -> R {
    let small = R::min_positive_value() / R::epsilon();
    let (rmin, rmax) = (small.sqrt(), (R::one() / small).sqrt());
    if big > R::zero() && big < rmin {
        rmin / big
    } else if big > rmax && big.is_finite() {
        rmax / big
    } else {
        R::one()
    }
}
