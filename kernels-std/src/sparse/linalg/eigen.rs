//! SciPy's `eigsh` (`_eigen/arpack/arpack.py`) and `svds` (`_eigen/_svds.py`, its `'arpack'`
//! solver): a thick-restart Lanczos method (Wu and Simon; in exact arithmetic the implicitly
//! restarted Lanczos method of ARPACK with exact shifts) whose basis lives on the device as
//! the rows of one `[ncv + 1, n]` array, so that the full reorthogonalization of a new
//! vector is two matrix-vector products (`V^H w` and `w - V^T h`); the small projected
//! matrix is diagonalized on the host (cyclic Jacobi, in `f64`).

use super::interface::{AsLinearOperator, LinearOperator};
use super::scalar::SolverDType;
use crate::prelude::*;
use crate::sparse::{CooArray, CscArray, CsrArray, SparseIndex};
use num_traits::Zero as _;

/// Which eigenvalues [`eigsh`] finds (SciPy's `which`), and which singular values [`svds`]
/// finds (`LM`, `SM`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Which {
    /// `'LM'`: the largest in magnitude (the default).
    #[default]
    LM,
    /// `'SM'`: the smallest in magnitude.
    SM,
    /// `'LA'`: the largest algebraic.
    LA,
    /// `'SA'`: the smallest algebraic.
    SA,
    /// `'BE'`: half from each end of the spectrum (one more from the high end when `k` is
    /// odd); real symmetric matrices only.
    BE,
}

impl Which {
    /// SciPy's strings: `"LM"`, `"SM"`, `"LA"`, `"SA"`, `"BE"`.
    pub fn parse(s: &str) -> Result<Self> {
        Ok(match s {
            "LM" => Which::LM,
            "SM" => Which::SM,
            "LA" => Which::LA,
            "SA" => Which::SA,
            "BE" => Which::BE,
            _ => {
                return Err(Error::invalid(format!(
                    "eigsh: which must be one of LM SM LA SA BE, not {s:?}"
                )))
            }
        })
    }

    /// How wanted `x` is (larger: more); `BE` is ranked by [`most_wanted`].
    fn key(self, x: f64) -> f64 {
        match self {
            Which::LM => x.abs(),
            Which::SM => -x.abs(),
            Which::LA | Which::BE => x,
            Which::SA => -x,
        }
    }
}

/// The indices of the `count` most wanted values of `theta`, the most wanted first (for
/// `BE`: the largest, the smallest, the second largest, ...).
fn most_wanted(theta: &[f64], which: Which, count: usize) -> Vec<usize> {
    let mut idx: Vec<usize> = (0..theta.len()).collect();
    if which == Which::BE {
        idx.sort_by(|&a, &b| theta[a].total_cmp(&theta[b]));
        let (mut lo, mut hi) = (0, idx.len());
        let mut out = Vec::with_capacity(count);
        let mut high = true;
        while out.len() < count.min(idx.len()) {
            if high {
                hi -= 1;
                out.push(idx[hi]);
            } else {
                out.push(idx[lo]);
                lo += 1;
            }
            high = !high;
        }
        out
    } else {
        idx.sort_by(|&a, &b| which.key(theta[b]).total_cmp(&which.key(theta[a])));
        idx.truncate(count);
        idx
    }
}

/// The eigenvalues (ascending) and orthonormal eigenvectors (the columns of the row-major
/// `m x m` result) of a real symmetric matrix, by the cyclic Jacobi method.
fn symmetric_eigen(a: &[f64], m: usize) -> (Vec<f64>, Vec<f64>) {
    let mut a = a.to_vec();
    let mut z = vec![0.0; m * m];
    for i in 0..m {
        z[i * m + i] = 1.0;
    }
    let fro = a.iter().map(|v| v * v).sum::<f64>().sqrt();
    for _sweep in 0..100 {
        let mut rotated = false;
        for p in 0..m {
            for q in p + 1..m {
                let apq = a[p * m + q];
                let (app, aqq) = (a[p * m + p], a[q * m + q]);
                // Negligible next to the diagonal (relative) or to the matrix (absolute):
                // dropped, so that the sweeps end.
                let small = 1e-3 * f64::EPSILON;
                if apq.abs() <= small * (app.abs() * aqq.abs()).sqrt() || apq.abs() <= small * fro {
                    a[p * m + q] = 0.0;
                    a[q * m + p] = 0.0;
                    continue;
                }
                rotated = true;
                let theta = (aqq - app) / (2.0 * apq);
                let t = if theta.abs() > 1e150 {
                    0.5 / theta
                } else {
                    theta.signum() / (theta.abs() + (theta * theta + 1.0).sqrt())
                };
                let c = 1.0 / (t * t + 1.0).sqrt();
                let s = t * c;
                for k in 0..m {
                    let (akp, akq) = (a[k * m + p], a[k * m + q]);
                    a[k * m + p] = c * akp - s * akq;
                    a[k * m + q] = s * akp + c * akq;
                }
                for k in 0..m {
                    let (apk, aqk) = (a[p * m + k], a[q * m + k]);
                    a[p * m + k] = c * apk - s * aqk;
                    a[q * m + k] = s * apk + c * aqk;
                }
                for k in 0..m {
                    let (zkp, zkq) = (z[k * m + p], z[k * m + q]);
                    z[k * m + p] = c * zkp - s * zkq;
                    z[k * m + q] = s * zkp + c * zkq;
                }
            }
        }
        if !rotated {
            break;
        }
    }
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_by(|&i, &j| a[i * m + i].total_cmp(&a[j * m + j]));
    let w = order.iter().map(|&i| a[i * m + i]).collect();
    let mut zs = vec![0.0; m * m];
    for (new, &old) in order.iter().enumerate() {
        for r in 0..m {
            zs[r * m + new] = z[r * m + old];
        }
    }
    (w, zs)
}

/// `x` as the dtype `T`.
fn of<T: SolverDType>(x: f64) -> T {
    T::from_real(
        num_traits::cast::<f64, T::Re>(x).unwrap_or_else(<T::Re as num_traits::Float>::nan),
    )
}

/// A reproducible uniform(-1, 1) vector (SplitMix64), SciPy's random start in kind.
fn random_vector<T: SolverDType>(dev: &Device, n: usize, seed: &mut u64) -> Result<Array<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(n)
        .map_err(|_| Error::invalid("eigsh: out of memory"))?;
    for _ in 0..n {
        *seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = *seed;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        let u = (z >> 11) as f64 / (1u64 << 53) as f64;
        v.push(of::<T>(2.0 * u - 1.0));
    }
    Array::from_vec(dev, &[n], v)
}

/// What the Lanczos iteration returns: the wanted Ritz values (most wanted first) and, when
/// asked, their Ritz vectors as the rows of a `[k, n]` array.
struct Ritz<T: DType> {
    values: Vec<f64>,
    vectors: Option<Array<T>>,
}

/// The settings of one Lanczos run.
struct LanczosRun<'o, T: SolverDType> {
    op: &'o dyn Fn(&Array<T>) -> Result<Array<T>>,
    dev: Device,
    n: usize,
    k: usize,
    ncv: usize,
    which: Which,
    maxiter: usize,
    tol: f64,
    vectors: bool,
}

/// `h = V[..rows]^H w` and `w -= V[..rows]^T h` (classical Gram-Schmidt as two products),
/// repeated while the norm drops by more than `1/sqrt(2)` (ARPACK's DGKS test, at most two
/// corrections); `(h, ||w||)`, the norm 0 when `w` lies in the span.
fn orthogonalize<T: SolverDType>(
    basis: &Array<T>,
    rows: usize,
    w: &mut Array<T>,
) -> Result<(Vec<T>, f64)> {
    let v = basis.slice(s![..rows as isize, ..])?;
    let project = |w: &mut Array<T>| -> Result<Vec<T>> {
        let h = T::conj_array(&crate::linalg::matmul(&v, &T::conj_array(w)?)?)?;
        let proj = crate::linalg::matmul(&h, &v)?;
        T::axpy(w, -T::one(), &proj)?;
        h.to_vec()
    };
    let mut norm: f64 = T::norm(w)?.into();
    let mut h = project(w)?;
    let mut after: f64 = T::norm(w)?.into();
    let mut tries = 0;
    while after < 0.717 * norm {
        if tries == 2 {
            return Ok((h, 0.0));
        }
        tries += 1;
        let h2 = project(w)?;
        for (a, b) in h.iter_mut().zip(h2) {
            *a = *a + b;
        }
        norm = after;
        after = T::norm(w)?.into();
    }
    Ok((h, after))
}

impl<T: SolverDType> LanczosRun<'_, T> {
    fn run(&self, v0: Option<&Array<T>>, what: &str) -> Result<Ritz<T>> {
        let (n, m, k) = (self.n, self.ncv, self.k);
        let eps: f64 = T::eps().into();
        let tol = if self.tol > 0.0 { self.tol } else { eps };
        let eps23 = eps.powf(2.0 / 3.0);
        let mut seed = 0x5EED_0000_2026_1206u64;
        let start = match v0 {
            Some(v) => v.reshape(&[n])?.copy()?,
            None => random_vector::<T>(&self.dev, n, &mut seed)?,
        };
        let rows = m.checked_add(1).and_then(|r| r.checked_mul(n));
        if rows.is_none() {
            return Err(Error::invalid(format!("{what}: ncv * n overflows")));
        }
        let mut basis = Array::<T>::zeros(&self.dev, &[m + 1, n])?;
        let nrm: f64 = T::norm(&start)?.into();
        if nrm == 0.0 || !nrm.is_finite() {
            return Err(Error::linalg(
                what,
                "ARPACK error -9: Starting vector is zero.",
            ));
        }
        basis.assign_at(s![0, ..], &T::scaled(of::<T>(1.0 / nrm), &start)?)?;
        let mut t = vec![0.0f64; m * m];
        let mut j0 = 0;
        let mut beta_m = 0.0;
        for iter in 1..=self.maxiter {
            for j in j0..m {
                // The view is dropped before the basis is written (a live view would make
                // that write copy the whole basis).
                let mut w = {
                    let vj = basis.slice(s![j as isize, ..])?;
                    (self.op)(&vj)?.reshape(&[n])?
                };
                let (h, beta) = orthogonalize(&basis, j + 1, &mut w)?;
                t[j * m + j] = h[j].re().into();
                if beta == 0.0 && j + 1 < n {
                    // An invariant subspace: go on from a random vector orthogonal to it
                    // (ARPACK's restart of `dgetv0`), decoupled (beta = 0).
                    for _ in 0..3 {
                        w = random_vector::<T>(&self.dev, n, &mut seed)?;
                        let (_, r) = orthogonalize(&basis, j + 1, &mut w)?;
                        if r > 0.0 {
                            w = T::scaled(of::<T>(1.0 / r), &w)?;
                            break;
                        }
                    }
                } else if beta > 0.0 {
                    w = T::scaled(of::<T>(1.0 / beta), &w)?;
                }
                if !beta.is_finite() {
                    return Err(Error::linalg(
                        what,
                        "the operator returned a non-finite vector",
                    ));
                }
                basis.assign_at(s![(j + 1) as isize, ..], &w)?;
                if j + 1 < m {
                    t[j * m + j + 1] = beta;
                    t[(j + 1) * m + j] = beta;
                } else {
                    beta_m = beta;
                }
            }
            let (theta, y) = symmetric_eigen(&t, m);
            if theta.iter().any(|v| !v.is_finite()) {
                return Err(Error::linalg(
                    what,
                    "the operator returned a non-finite vector",
                ));
            }
            let bound = |i: usize| beta_m * y[(m - 1) * m + i].abs();
            let sel = most_wanted(&theta, self.which, k);
            let nconv = sel
                .iter()
                .filter(|&&i| bound(i) <= tol * eps23.max(theta[i].abs()))
                .count();
            if nconv >= k {
                let values = sel.iter().map(|&i| theta[i]).collect();
                let vectors = if self.vectors {
                    let ys: Vec<T> = sel
                        .iter()
                        .flat_map(|&i| (0..m).map(move |l| (i, l)))
                        .map(|(i, l)| of::<T>(y[l * m + i]))
                        .collect();
                    let ys = Array::from_vec(&self.dev, &[k, m], ys)?;
                    Some(crate::linalg::matmul(
                        &ys,
                        &basis.slice(s![..m as isize, ..])?,
                    )?)
                } else {
                    None
                };
                return Ok(Ritz { values, vectors });
            }
            if iter == self.maxiter {
                return Err(Error::linalg(
                    what,
                    format!(
                        "ARPACK error -1: No convergence ({iter} iterations, {nconv}/{k} \
                         eigenvectors converged)"
                    ),
                ));
            }
            // Thick restart: keep the most wanted Ritz vectors (ARPACK's count: k, plus
            // half the rest while some have converged), then the residual direction.
            let mut keep = k + nconv.min((m - k) / 2);
            if keep == 1 && m >= 6 {
                keep = m / 2;
            } else if keep == 1 && m > 2 {
                keep = 2;
            }
            let keep = keep.min(m - 1);
            let kept = most_wanted(&theta, self.which, keep);
            let yk: Vec<T> = kept
                .iter()
                .flat_map(|&i| (0..m).map(move |l| (i, l)))
                .map(|(i, l)| of::<T>(y[l * m + i]))
                .collect();
            let yk = Array::from_vec(&self.dev, &[keep, m], yk)?;
            let rotated = crate::linalg::matmul(&yk, &basis.slice(s![..m as isize, ..])?)?;
            let resid = basis.slice(s![m as isize, ..])?.copy()?;
            basis.assign_at(s![..keep as isize, ..], &rotated)?;
            basis.assign_at(s![keep as isize, ..], &resid)?;
            t.iter_mut().for_each(|v| *v = 0.0);
            for (r, &i) in kept.iter().enumerate() {
                t[r * m + r] = theta[i];
                let s = beta_m * y[(m - 1) * m + i];
                t[r * m + keep] = s;
                t[keep * m + r] = s;
            }
            j0 = keep;
        }
        Err(Error::invalid(format!("{what}: maxiter must be positive")))
    }
}

/// What [`eigsh`] and [`svds`] take: anything [`AsLinearOperator`], with the device its
/// vectors live on and, for `sigma`, the operator `(A - sigma I)^-1`. Sealed in effect: its
/// methods are crate-private.
pub trait EigshOperand<T: SolverDType>: AsLinearOperator<T> {
    #[doc(hidden)]
    fn operand_device(&self) -> Option<Device>;
    #[doc(hidden)]
    fn shift_invert(&self, sigma: f64, tol: f64) -> Result<LinearOperator<'_, T>>;
}

/// `(A - sigma I)^-1` by [`splu`](super::splu) of a sparse `A`.
#[cfg(feature = "lapack")]
fn sparse_shift_invert<'s, T, A>(a: &A, sigma: f64) -> Result<LinearOperator<'s, T>>
where
    T: super::superlu::LuDType,
    A: super::dsolve::TriangularOperand<T> + ?Sized,
{
    let hc = a.host_compressed()?;
    let [m, n] = hc.shape;
    if m != n {
        return Err(Error::invalid(format!(
            "eigsh: expected square matrix (shape=({m}, {n}))"
        )));
    }
    let lu = super::superlu::shifted_lu::<T>(&hc, sigma)?;
    Ok(LinearOperator::new([n, n], move |x: &Array<T>| {
        lu.solve(x, super::superlu::Trans::N)
    }))
}

#[cfg(feature = "lapack")]
macro_rules! sparse_operand {
    ($ty:ident) => {
        impl<T: super::superlu::LuDType, I: SparseIndex> EigshOperand<T> for $ty<T, I> {
            fn operand_device(&self) -> Option<Device> {
                Some(self.device())
            }
            fn shift_invert(&self, sigma: f64, _tol: f64) -> Result<LinearOperator<'_, T>> {
                sparse_shift_invert(self, sigma)
            }
        }
    };
}

#[cfg(not(feature = "lapack"))]
macro_rules! sparse_operand {
    ($ty:ident) => {
        impl<T: SolverDType, I: SparseIndex> EigshOperand<T> for $ty<T, I> {
            fn operand_device(&self) -> Option<Device> {
                Some(self.device())
            }
            fn shift_invert(&self, _sigma: f64, _tol: f64) -> Result<LinearOperator<'_, T>> {
                Err(Error::invalid(
                    "eigsh: sigma (shift-invert through splu) needs the `lapack` feature",
                ))
            }
        }
    };
}

sparse_operand!(CsrArray);
sparse_operand!(CscArray);
sparse_operand!(CooArray);

/// A dense `A`: shift-invert through the LU of its CSR form.
#[cfg(feature = "lapack")]
impl<T: super::superlu::LuDType> EigshOperand<T> for Array<T> {
    fn operand_device(&self) -> Option<Device> {
        Some(self.device())
    }
    fn shift_invert(&self, sigma: f64, _tol: f64) -> Result<LinearOperator<'_, T>> {
        if self.ndim() != 2 {
            return Err(Error::invalid(format!(
                "eigsh: expected a 2-d array, got shape {:?}",
                self.shape()
            )));
        }
        sparse_shift_invert(&CsrArray::<T, i64>::from_dense(self)?, sigma)
    }
}

#[cfg(not(feature = "lapack"))]
impl<T: SolverDType> EigshOperand<T> for Array<T> {
    fn operand_device(&self) -> Option<Device> {
        Some(self.device())
    }
    fn shift_invert(&self, _sigma: f64, _tol: f64) -> Result<LinearOperator<'_, T>> {
        Err(Error::invalid(
            "eigsh: sigma (shift-invert through splu) needs the `lapack` feature",
        ))
    }
}

/// SciPy's `IterOpInv`: `(A - sigma I)^-1 b` by `gmres` to `max(tol, 1000 sqrt(n) eps)`.
impl<'a, T: SolverDType> EigshOperand<T> for LinearOperator<'a, T> {
    fn operand_device(&self) -> Option<Device> {
        None
    }
    fn shift_invert(&self, sigma: f64, tol: f64) -> Result<LinearOperator<'_, T>> {
        let [m, n] = self.shape();
        let a = self.clone();
        let s = of::<T>(sigma);
        let shifted = LinearOperator::new([m, n], move |x: &Array<T>| {
            let mut y = a.matvec(x)?;
            T::axpy(&mut y, -s, x)?;
            Ok(y)
        });
        let eps: f64 = T::eps().into();
        let tol = if tol <= 0.0 { 2.0 * eps } else { tol };
        let rtol = tol.max(1000.0 * (n as f64).sqrt() * eps);
        Ok(LinearOperator::new([m, n], move |b: &Array<T>| {
            let (x, info) = super::gmres(&shifted, b).rtol(rtol).atol(0.0).run()?;
            if info != 0 {
                return Err(Error::linalg(
                    "eigsh",
                    format!(
                        "Error in inverting [A-sigma*M]: function gmres did not converge \
                         (info = {info})."
                    ),
                ));
            }
            Ok(x)
        }))
    }
}

/// The call [`eigsh`] returns: set SciPy's keywords, then [`run`](Eigsh::run) gives the
/// eigenvalues and eigenvectors, [`run_values`](Eigsh::run_values) the eigenvalues only
/// (SciPy's `return_eigenvectors=False`).
#[must_use = "an eigensolver call does nothing until it is run"]
pub struct Eigsh<'a, T: SolverDType, A: EigshOperand<T> + ?Sized> {
    a: &'a A,
    k: usize,
    which: Which,
    sigma: Option<f64>,
    v0: Option<&'a Array<T>>,
    ncv: Option<usize>,
    maxiter: Option<usize>,
    tol: f64,
    opinv: Option<Result<LinearOperator<'a, T>>>,
}

impl<T: SolverDType, A: EigshOperand<T> + ?Sized> std::fmt::Debug for Eigsh<'_, T, A> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("eigsh")
            .field("k", &self.k)
            .field("which", &self.which)
            .field("sigma", &self.sigma)
            .field("ncv", &self.ncv)
            .field("maxiter", &self.maxiter)
            .field("tol", &self.tol)
            .finish_non_exhaustive()
    }
}

/// SciPy's `eigsh(A, k=6, sigma=None, which='LM', v0=None, ncv=None, maxiter=None, tol=0,
/// return_eigenvectors=True, OPinv=None)`: `k` eigenvalues and eigenvectors of a real
/// symmetric or complex Hermitian `A` (a sparse array, a dense one, a [`LinearOperator`]).
/// Keywords are the methods of [`Eigsh`]; `.run()?` gives `(w, v)`: the eigenvalues
/// (`[k]`, of the real dtype) and the eigenvectors (the columns of `v`, `[n, k]`,
/// orthonormal), `.run_values()?` the eigenvalues alone.
///
/// A thick-restart Lanczos iteration with full reorthogonalization (see the module notes):
/// `ncv` basis vectors (default `min(n, max(2k + 1, 20))`), restarted at most `maxiter`
/// times (default `10 n`) keeping the most wanted Ritz vectors, until the `k` wanted Ritz
/// values satisfy ARPACK's test `|beta y_m| <= tol max(eps^(2/3), |theta|)` (`tol` 0: the
/// dtype's `eps`). The start vector is `v0`, or a reproducible pseudo-random one (SciPy's is
/// random).
///
/// With [`sigma`](Eigsh::sigma) the iteration runs on `(A - sigma I)^-1` (SciPy's mode 3,
/// shift-invert): [`splu`](super::splu) for sparse and dense `A`, `gmres` for a
/// `LinearOperator` (or the operator given with [`opinv`](Eigsh::opinv)); `which` then
/// ranks `1 / (lambda - sigma)`, so `LM` finds the eigenvalues nearest `sigma`.
///
/// The order of the eigenvalues is SciPy's: ascending for a real `A` (for `run_values`
/// without `sigma`, from the least wanted to the most wanted, as ARPACK returns them); for a
/// complex `A` (SciPy's `eigs`) from the most wanted to the least with `run`, the reverse
/// with `run_values`. The eigenvectors' signs (phases) are arbitrary, as SciPy's.
///
/// Errors, as SciPy's: `A` not square, `k` 0, `k >= n` (`k >= n - 1` for complex `A`;
/// SciPy's dense fallback for a dense `A` is not offered), `ncv` not in `(k, n]` (`(k + 1,
/// n]` complex), `maxiter` 0, `BE` with a complex `A`, `v0` of another shape or zero, no
/// convergence within `maxiter` restarts (SciPy's `ArpackNoConvergence`; the partial
/// results are not returned), a singular `A - sigma I`.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sparse::{diags, CsrArray};
/// use kernels_std::sparse::linalg::{eigsh, Which};
/// let dev = Device::cpu();
/// // The 1-d Laplacian of 50 points: eigenvalues 2 - 2 cos(j pi / 51).
/// let main = Array::from_vec(&dev, &[50], vec![2.0f64; 50])?;
/// let off = Array::from_vec(&dev, &[1], vec![-1.0f64])?;
/// let a: CsrArray<f64> = diags(&dev, &[main, off.clone(), off], &[0, -1, 1], None)?;
/// let exact = |j: f64| 2.0 - 2.0 * (j * std::f64::consts::PI / 51.0).cos();
/// let (w, v) = eigsh(&a, 3).which(Which::LA).run()?;
/// assert_eq!(v.shape(), &[50, 3]);
/// for (got, j) in w.to_vec()?.into_iter().zip([48.0, 49.0, 50.0]) {
///     assert!((got - exact(j)).abs() < 1e-10);
/// }
/// // The smallest, by shift-invert around 0.
/// let w = eigsh(&a, 2).sigma(0.0).run_values()?.to_vec()?;
/// assert!((w[0] - exact(1.0)).abs() < 1e-10 && (w[1] - exact(2.0)).abs() < 1e-10);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn eigsh<T: SolverDType, A: EigshOperand<T> + ?Sized>(a: &A, k: usize) -> Eigsh<'_, T, A> {
    Eigsh {
        a,
        k,
        which: Which::LM,
        sigma: None,
        v0: None,
        ncv: None,
        maxiter: None,
        tol: 0.0,
        opinv: None,
    }
}

impl<'a, T: SolverDType, A: EigshOperand<T> + ?Sized> Eigsh<'a, T, A> {
    /// SciPy's `which` (default [`Which::LM`]).
    pub fn which(mut self, which: Which) -> Self {
        self.which = which;
        self
    }

    /// SciPy's `sigma`: find eigenvalues near `sigma` by shift-invert (see [`eigsh`]).
    pub fn sigma(mut self, sigma: f64) -> Self {
        self.sigma = Some(sigma);
        self
    }

    /// SciPy's `v0`: the start vector, `[n]`, on the device the vectors should live on.
    pub fn v0(mut self, v0: &'a Array<T>) -> Self {
        self.v0 = Some(v0);
        self
    }

    /// SciPy's `ncv`: the Lanczos vectors (default `min(n, max(2k + 1, 20))`).
    pub fn ncv(mut self, ncv: usize) -> Self {
        self.ncv = Some(ncv);
        self
    }

    /// SciPy's `maxiter`: the restarts allowed (default `10 n`).
    pub fn maxiter(mut self, maxiter: usize) -> Self {
        self.maxiter = Some(maxiter);
        self
    }

    /// SciPy's `tol` (default 0: the dtype's machine epsilon): the relative accuracy of the
    /// Ritz values.
    pub fn tol(mut self, tol: f64) -> Self {
        self.tol = tol;
        self
    }

    /// SciPy's `OPinv`: the operator `(A - sigma I)^-1` to use with
    /// [`sigma`](Self::sigma), in place of the factorization `eigsh` would make.
    pub fn opinv<M: AsLinearOperator<T> + ?Sized>(mut self, opinv: &'a M) -> Self {
        self.opinv = Some(opinv.as_linear_operator());
        self
    }

    /// SciPy's `eigsh(..., return_eigenvectors=True)`: `(w, v)` (see [`eigsh`]).
    pub fn run(self) -> Result<(Array<T::Re>, Array<T>)> {
        let (w, v) = self.solve(true)?;
        Ok((w, v.expect("vectors were asked for")))
    }

    /// SciPy's `eigsh(..., return_eigenvectors=False)`: the eigenvalues (see [`eigsh`] for
    /// their order).
    pub fn run_values(self) -> Result<Array<T::Re>> {
        Ok(self.solve(false)?.0)
    }

    #[allow(clippy::type_complexity)]
    fn solve(mut self, vectors: bool) -> Result<(Array<T::Re>, Option<Array<T>>)> {
        let what = "eigsh";
        let complex = T::ID.is_complex();
        let a = self.a.as_linear_operator()?;
        let [rows, n] = a.shape();
        if rows != n {
            return Err(Error::invalid(format!(
                "{what}: expected square matrix (shape=({rows}, {n}))"
            )));
        }
        if complex && self.which == Which::BE {
            return Err(Error::invalid(format!(
                "{what}: which='BE' cannot be used with complex matrix A"
            )));
        }
        let k = self.k;
        if k == 0 {
            return Err(Error::invalid(format!("{what}: k must be greater than 0.")));
        }
        if !complex && k >= n {
            return Err(Error::invalid(format!(
                "{what}: k >= N for N * N square matrix (k={k}, N={n}): SciPy's dense \
                 fallback (scipy.linalg.eigh) is not offered; use linalg::eigh"
            )));
        }
        if complex && k + 1 >= n {
            return Err(Error::invalid(format!(
                "{what}: k >= N - 1 for N * N square matrix (k={k}, N={n}): SciPy's dense \
                 fallback (scipy.linalg.eig) is not offered; use linalg::eigh"
            )));
        }
        let maxiter = self.maxiter.unwrap_or(n.saturating_mul(10));
        if maxiter == 0 {
            return Err(Error::invalid(format!(
                "{what}: maxiter must be positive, maxiter=0"
            )));
        }
        let ncv = self
            .ncv
            .unwrap_or(2 * k + 1)
            .max(if self.ncv.is_some() { 0 } else { 20 });
        let ncv = ncv.min(n);
        if complex && ncv <= k + 1 {
            return Err(Error::invalid(format!(
                "{what}: ncv must be k+1<ncv<=n, ncv={ncv}"
            )));
        }
        if ncv <= k {
            return Err(Error::invalid(format!(
                "{what}: ncv must be k<ncv<=n, ncv={ncv}"
            )));
        }
        if self.tol.is_nan() {
            return Err(Error::invalid(format!("{what}: tol is NaN")));
        }
        if self.sigma.is_none() && self.opinv.is_some() {
            return Err(Error::invalid(format!(
                "{what}: OPinv should not be specified with sigma = None."
            )));
        }
        let dev = match (self.v0, self.a.operand_device()) {
            (Some(v0), Some(d)) if v0.device() != d => {
                return Err(Error::invalid(format!(
                    "{what}: v0 is on {:?}, A on {d:?}",
                    v0.device()
                )))
            }
            (Some(v0), _) => v0.device(),
            (None, Some(d)) => d,
            (None, None) => Device::cpu(),
        };
        if let Some(v0) = self.v0
            && !matches!(v0.shape(), [len] if *len == n)
        {
            return Err(Error::ShapeMismatch {
                op: format!("{what}: v0 must have shape ({n},)"),
                expected: vec![n],
                found: v0.shape().to_vec(),
            });
        }
        let shifted = match (self.sigma, self.opinv.take()) {
            (None, _) => None,
            (Some(_), Some(op)) => {
                let op = op?;
                if op.shape() != [n, n] {
                    return Err(Error::invalid(format!(
                        "{what}: OPinv of shape {:?}, A of ({n}, {n})",
                        op.shape()
                    )));
                }
                Some(op)
            }
            (Some(s), None) => Some(self.a.shift_invert(s, self.tol)?),
        };
        let op_ref = shifted.as_ref().unwrap_or(&a);
        let op = |x: &Array<T>| op_ref.matvec(x);
        let ritz = LanczosRun {
            op: &op,
            dev: dev.clone(),
            n,
            k,
            ncv,
            which: self.which,
            maxiter,
            tol: self.tol,
            vectors,
        }
        .run(self.v0, what)?;
        let nu = ritz.values;
        let lambda: Vec<f64> = match self.sigma {
            Some(s) => nu.iter().map(|v| s + 1.0 / v).collect(),
            None => nu.clone(),
        };
        let mut order: Vec<usize> = (0..k).collect();
        if !complex && (vectors || self.sigma.is_some() || self.which == Which::BE) {
            order.sort_by(|&i, &j| lambda[i].total_cmp(&lambda[j]));
        } else if !vectors {
            order.reverse();
        }
        let w: Vec<T::Re> = order
            .iter()
            .map(|&i| num_traits::cast::<f64, T::Re>(lambda[i]).unwrap_or_else(T::Re::zero))
            .collect();
        let w = Array::from_vec(&dev, &[k], w)?;
        let v = match ritz.vectors {
            None => None,
            Some(x) => {
                let idx: Vec<i64> = order.iter().map(|&i| i as i64).collect();
                let idx = Array::from_vec(&dev, &[k], idx)?;
                let rows = crate::sort::take(&x, &idx, Some(0))?;
                Some(rows.t().as_standard_layout()?)
            }
        };
        Ok((w, v))
    }
}

/// The call [`svds`] returns: set SciPy's keywords, then [`run`](Svds::run) gives
/// `(u, s, vh)`, [`run_values`](Svds::run_values) `s` alone (SciPy's
/// `return_singular_vectors=False`).
#[must_use = "an SVD call does nothing until it is run"]
pub struct Svds<'a, T: SolverDType, A: EigshOperand<T> + ?Sized> {
    a: &'a A,
    k: usize,
    which: Which,
    v0: Option<&'a Array<T>>,
    ncv: Option<usize>,
    maxiter: Option<usize>,
    tol: f64,
}

impl<T: SolverDType, A: EigshOperand<T> + ?Sized> std::fmt::Debug for Svds<'_, T, A> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("svds")
            .field("k", &self.k)
            .field("which", &self.which)
            .field("ncv", &self.ncv)
            .field("maxiter", &self.maxiter)
            .field("tol", &self.tol)
            .finish_non_exhaustive()
    }
}

/// SciPy's `svds(A, k=6, ncv=None, tol=0, which='LM', v0=None, maxiter=None,
/// return_singular_vectors=True, solver='arpack')`: the `k` largest (`LM`) or smallest
/// (`SM`) singular values of an `m x n` `A` (anything [`AsLinearOperator`] with an
/// adjoint), and their singular vectors. Keywords are the methods of [`Svds`]; `.run()?`
/// gives `(u, s, vh)`: `u` `[m, k]`, `s` `[k]` ascending (SciPy's order), `vh` `[k, n]`.
///
/// SciPy's `'arpack'` route: [`eigsh`] of `A^H A` (or of `A A^H` when `m < n`: the smaller
/// one) to `tol^2` with the same `k`, `ncv`, `maxiter`, `which` and `v0`, the eigenvectors
/// orthonormalized (Gram-Schmidt twice where SciPy takes a QR), then the SVD of the small
/// `A Q` (`[m, k]`) by one-sided Jacobi on the host, which gives `s`, `u` and the rotation
/// of `Q` into `vh`. The products with `A` and `A^H` run on the device.
///
/// Errors, as SciPy's `ValueError`s: `A` empty, `k` not in `(0, min(m, n))`, `ncv` given
/// and not in `(k, min(m, n))`, `tol` negative or not finite, `which` other than `LM`,
/// `SM`, `v0` not of `[min(m, n)]`, `maxiter` 0; and those of [`eigsh`] (no convergence).
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sparse::CsrArray;
/// use kernels_std::sparse::linalg::svds;
/// let dev = Device::cpu();
/// // diag(1, 2, ..., 8) with a ninth zero row: singular values 1..8.
/// let mut d = vec![0.0f64; 9 * 8];
/// for i in 0..8 {
///     d[i * 8 + i] = (i + 1) as f64;
/// }
/// let a = CsrArray::<f64>::from_dense(&Array::from_vec(&dev, &[9, 8], d)?)?;
/// let (u, s, vh) = svds(&a, 3).run()?;
/// let s = s.to_vec()?;
/// assert!((s[0] - 6.0).abs() < 1e-10 && (s[2] - 8.0).abs() < 1e-10);
/// assert_eq!((u.shape(), vh.shape()), (&[9usize, 3][..], &[3usize, 8][..]));
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn svds<T: SolverDType, A: EigshOperand<T> + ?Sized>(a: &A, k: usize) -> Svds<'_, T, A> {
    Svds {
        a,
        k,
        which: Which::LM,
        v0: None,
        ncv: None,
        maxiter: None,
        tol: 0.0,
    }
}

/// `sum conj(a_i) b_i` on the host.
fn host_dot<T: SolverDType>(a: &[T], b: &[T]) -> T {
    a.iter()
        .zip(b)
        .fold(T::zero(), |s, (x, y)| s + x.conj() * *y)
}

fn host_norm<T: SolverDType>(a: &[T]) -> f64 {
    a.iter()
        .map(|v| {
            let m: f64 = v.modulus().into();
            m * m
        })
        .sum::<f64>()
        .sqrt()
}

/// Orthonormalizes the vectors in place (modified Gram-Schmidt, twice); a vector found in
/// the span of the previous ones is replaced by a unit vector `e_j` orthogonalized the same
/// way (an orthonormal completion).
fn orthonormalize<T: SolverDType>(vs: &mut [Vec<T>]) {
    for i in 0..vs.len() {
        let len = vs[i].len();
        let mut unit = 0;
        loop {
            let before = host_norm(&vs[i]);
            for _ in 0..2 {
                for j in 0..i {
                    let (done, rest) = vs.split_at_mut(i);
                    let h = host_dot(&done[j], &rest[0]);
                    for (x, q) in rest[0].iter_mut().zip(&done[j]) {
                        *x = *x - h * *q;
                    }
                }
            }
            let after = host_norm(&vs[i]);
            if after > 1e-8 * before && after > 0.0 {
                let inv = of::<T>(1.0 / after);
                vs[i].iter_mut().for_each(|x| *x = *x * inv);
                break;
            }
            if unit >= len {
                break;
            }
            vs[i] = (0..len)
                .map(|l| if l == unit { T::one() } else { T::zero() })
                .collect();
            unit += 1;
        }
    }
}

/// One-sided Jacobi SVD of the columns `c` (each of one length): on return the columns are
/// `U S` (orthogonal), and `v` (`k x k`, row-major) holds `V` with `C = U S V^H`.
fn jacobi_svd<T: SolverDType>(c: &mut [Vec<T>]) -> Vec<T> {
    let k = c.len();
    let mut v = vec![T::zero(); k * k];
    for i in 0..k {
        v[i * k + i] = T::one();
    }
    let eps: f64 = T::eps().into();
    for _sweep in 0..60 {
        let mut rotated = false;
        for p in 0..k {
            for q in p + 1..k {
                let alpha = host_norm(&c[p]).powi(2);
                let beta = host_norm(&c[q]).powi(2);
                let gamma = host_dot(&c[p], &c[q]);
                let g: f64 = gamma.modulus().into();
                if g == 0.0 || g <= eps * (alpha * beta).sqrt() {
                    continue;
                }
                rotated = true;
                // D = diag(1, e^{-i phi}) makes the 2 x 2 Gram matrix real; then the real
                // Jacobi rotation [c s; -s c] diagonalizes it.
                let phase = gamma.conj() / of::<T>(g);
                let zeta = (beta - alpha) / (2.0 * g);
                let t = zeta.signum() / (zeta.abs() + (1.0 + zeta * zeta).sqrt());
                let cs = 1.0 / (1.0 + t * t).sqrt();
                let sn = cs * t;
                let (cs, sn) = (of::<T>(cs), of::<T>(sn));
                let (cp, cq) = (c[p].clone(), c[q].clone());
                for l in 0..cp.len() {
                    let aq = phase * cq[l];
                    c[p][l] = cs * cp[l] - sn * aq;
                    c[q][l] = sn * cp[l] + cs * aq;
                }
                for r in 0..k {
                    let (vp, vq) = (v[r * k + p], phase * v[r * k + q]);
                    v[r * k + p] = cs * vp - sn * vq;
                    v[r * k + q] = sn * vp + cs * vq;
                }
            }
        }
        if !rotated {
            break;
        }
    }
    v
}

impl<'a, T: SolverDType, A: EigshOperand<T> + ?Sized> Svds<'a, T, A> {
    /// SciPy's `which`: [`Which::LM`] (default) or [`Which::SM`]; others are an error at
    /// `run`.
    pub fn which(mut self, which: Which) -> Self {
        self.which = which;
        self
    }

    /// SciPy's `v0`: the start vector of `eigsh`, `[min(m, n)]`.
    pub fn v0(mut self, v0: &'a Array<T>) -> Self {
        self.v0 = Some(v0);
        self
    }

    /// SciPy's `ncv`, passed to `eigsh` (`k < ncv < min(m, n)`).
    pub fn ncv(mut self, ncv: usize) -> Self {
        self.ncv = Some(ncv);
        self
    }

    /// SciPy's `maxiter`, passed to `eigsh`.
    pub fn maxiter(mut self, maxiter: usize) -> Self {
        self.maxiter = Some(maxiter);
        self
    }

    /// SciPy's `tol` (default 0: machine precision); `eigsh` runs to `tol^2`.
    pub fn tol(mut self, tol: f64) -> Self {
        self.tol = tol;
        self
    }

    /// SciPy's `svds(..., return_singular_vectors=True)`: `(u, s, vh)` (see [`svds`]).
    #[allow(clippy::type_complexity)]
    pub fn run(self) -> Result<(Array<T>, Array<T::Re>, Array<T>)> {
        let (u, s, vh) = self.solve(true)?;
        Ok((
            u.expect("vectors were asked for"),
            s,
            vh.expect("vectors were asked for"),
        ))
    }

    /// SciPy's `svds(..., return_singular_vectors=False)`: `s`, ascending.
    pub fn run_values(self) -> Result<Array<T::Re>> {
        Ok(self.solve(false)?.1)
    }

    #[allow(clippy::type_complexity)]
    fn solve(self, vectors: bool) -> Result<(Option<Array<T>>, Array<T::Re>, Option<Array<T>>)> {
        let what = "svds";
        let a = self.a.as_linear_operator()?;
        let [rows, cols] = a.shape();
        let small = rows.min(cols);
        if rows == 0 || cols == 0 {
            return Err(Error::invalid(format!("{what}: `A` must not be empty.")));
        }
        let k = self.k;
        if k == 0 || k >= small {
            return Err(Error::invalid(format!(
                "{what}: `k` must be an integer satisfying `0 < k < min(A.shape)`."
            )));
        }
        if let Some(ncv) = self.ncv
            && !(k < ncv && ncv < small)
        {
            return Err(Error::invalid(format!(
                "{what}: `ncv` must be an integer satisfying `k < ncv < min(A.shape)`."
            )));
        }
        if self.tol < 0.0 || !self.tol.is_finite() {
            return Err(Error::invalid(format!(
                "{what}: `tol` must be a non-negative floating point value."
            )));
        }
        if !matches!(self.which, Which::LM | Which::SM) {
            return Err(Error::invalid(format!(
                "{what}: `which` must be in {{'LM', 'SM'}}."
            )));
        }
        if let Some(v0) = self.v0
            && v0.shape() != [small]
        {
            return Err(Error::ShapeMismatch {
                op: format!("{what}: `v0` must have shape ({small},)."),
                expected: vec![small],
                found: v0.shape().to_vec(),
            });
        }
        if self.maxiter == Some(0) {
            return Err(Error::invalid(format!(
                "{what}: `maxiter` must be a positive integer."
            )));
        }
        let transpose = rows < cols;
        let x_dot = |x: &Array<T>| -> Result<Array<T>> {
            if transpose {
                a.rmatvec(x)
            } else {
                a.matvec(x)
            }
        };
        let xh_dot = |x: &Array<T>| -> Result<Array<T>> {
            if transpose {
                a.matvec(x)
            } else {
                a.rmatvec(x)
            }
        };
        let xhx = LinearOperator::new([small, small], |x: &Array<T>| xh_dot(&x_dot(x)?));
        let start;
        let mut call = eigsh(&xhx, k).which(self.which).tol(self.tol * self.tol);
        if let Some(ncv) = self.ncv {
            call = call.ncv(ncv);
        }
        if let Some(m) = self.maxiter {
            call = call.maxiter(m);
        }
        let dev = match (self.v0, self.a.operand_device()) {
            (Some(v0), _) => v0.device(),
            (None, Some(d)) => d,
            (None, None) => Device::cpu(),
        };
        match self.v0 {
            Some(v0) => call = call.v0(v0),
            None => {
                let mut seed = 0x5EED_0000_0000_05D5u64;
                start = random_vector::<T>(&dev, small, &mut seed)?;
                call = call.v0(&start);
            }
        }
        let (_, eigvec) = call.run()?;
        // The eigenvectors as host rows, orthonormalized (SciPy's QR).
        let ev = eigvec.t().as_standard_layout()?;
        let ev = super::dsolve::host(&ev)?;
        let mut q: Vec<Vec<T>> = ev.chunks(small).map(|c| c.to_vec()).collect();
        orthonormalize(&mut q);
        // A Q: one product each (on the device), read back as columns.
        let other = if transpose { cols } else { rows };
        let mut c: Vec<Vec<T>> = Vec::with_capacity(k);
        for qi in &q {
            let qa = Array::from_vec(&Device::Cpu, &[small], qi.clone())?;
            let qa = if dev.is_cpu() {
                qa
            } else {
                qa.to_device(&dev)?
            };
            let y = x_dot(&qa)?;
            c.push(super::dsolve::host(&y.reshape(&[other])?)?);
        }
        let v = jacobi_svd(&mut c);
        let sv: Vec<f64> = c.iter().map(|col| host_norm(col)).collect();
        let mut order: Vec<usize> = (0..k).collect();
        order.sort_by(|&i, &j| sv[i].total_cmp(&sv[j]));
        let s: Vec<T::Re> = order
            .iter()
            .map(|&i| num_traits::cast::<f64, T::Re>(sv[i]).unwrap_or_else(T::Re::zero))
            .collect();
        let s = Array::from_vec(&Device::Cpu, &[k], s)?;
        let to_dev = |x: Array<T>| -> Result<Array<T>> {
            if dev.is_cpu() {
                Ok(x)
            } else {
                x.to_device(&dev)
            }
        };
        let s = if dev.is_cpu() { s } else { s.to_device(&dev)? };
        if !vectors {
            return Ok((None, s, None));
        }
        // U: the normalized columns (completed where a singular value is zero), in order.
        let mut u_cols: Vec<Vec<T>> = order
            .iter()
            .map(|&i| {
                let n = sv[i];
                if n > 0.0 {
                    let inv = of::<T>(1.0 / n);
                    c[i].iter().map(|x| *x * inv).collect()
                } else {
                    vec![T::zero(); other]
                }
            })
            .collect();
        orthonormalize(&mut u_cols);
        // W = Q V: the right singular vectors of A Q's rows in the original space.
        let w_cols: Vec<Vec<T>> = order
            .iter()
            .map(|&i| {
                (0..small)
                    .map(|l| (0..k).fold(T::zero(), |acc, r| acc + q[r][l] * v[r * k + i]))
                    .collect()
            })
            .collect();
        // (left [rows, k] columns, right [k, cols] rows conjugated)
        let (left, right) = if transpose {
            (w_cols, u_cols)
        } else {
            (u_cols, w_cols)
        };
        let mut u = Vec::with_capacity(rows * k);
        for r in 0..rows {
            for col in &left {
                u.push(col[r]);
            }
        }
        let mut vh = Vec::with_capacity(k * cols);
        for row in &right {
            vh.extend(row.iter().map(|x| x.conj()));
        }
        let u = to_dev(Array::from_vec(&Device::Cpu, &[rows, k], u)?)?;
        let vh = to_dev(Array::from_vec(&Device::Cpu, &[k, cols], vh)?)?;
        Ok((Some(u), s, Some(vh)))
    }
}
