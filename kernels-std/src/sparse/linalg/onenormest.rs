//! SciPy's `onenormest` (`_onenormest.py`): Higham and Tisseur's block estimator of the
//! 1-norm of an operator known only through its products with `A` and `A^H`.
//!
//! The products run where the operator's arrays are; the `n x t` blocks they return are read
//! back and the algorithm's bookkeeping (column sums, signs, parallel columns, the sort of
//! the row maxima) runs on the host, as SciPy runs all of it.

use super::interface::{AsLinearOperator, LinearOperator};
use super::scalar::SolverDType;
use crate::prelude::*;

/// What [`onenormest`] returns: SciPy's `est`, and `v`, `w` when asked for with
/// [`OneNormEst::compute_v`] and [`OneNormEst::compute_w`].
#[derive(Debug, Clone)]
pub struct OneNormEstimate<T: DType> {
    /// The estimate: a lower bound of `||A||_1`.
    pub est: f64,
    /// A unit vector `e_j` (float64, as SciPy's) with `||A v||_1 = est`.
    pub v: Option<Array<f64>>,
    /// `A v`, a column of `A` whose 1-norm is `est`.
    pub w: Option<Array<T>>,
}

/// The builder [`onenormest`] returns; [`run`](Self::run) estimates.
pub struct OneNormEst<'a, T: SolverDType> {
    op: Result<LinearOperator<'a, T>>,
    t: usize,
    itmax: usize,
    compute_v: bool,
    compute_w: bool,
    seed: u64,
    dev: Device,
}

/// SciPy's `onenormest(A, t=2, itmax=5, compute_v=False, compute_w=False)`: a lower bound of
/// the 1-norm (the largest column sum of `|A|`) of a square operator, from about `4 t`
/// products with `A` and `A^H` (Higham and Tisseur's algorithm 2.4, SciPy's translation step
/// by step). `A` is anything [`aslinearoperator`](super::aslinearoperator) takes; an operator
/// without `rmatvec` is an error unless `t >= n`.
///
/// When `t >= n` the norm is exact: `A` times the identity, its column sums of `|A|`, the
/// largest (SciPy's path, deterministic). Otherwise the first column of the starting block
/// is the vector of ones, and the others (for `t > 1`) and every resampled column are random
/// `±1` vectors from a SplitMix64 stream seeded by [`OneNormEst::seed`] (default 0):
/// reproducible, but not NumPy's stream, so for `t > 1` the estimate may differ from a given
/// SciPy run (SciPy's own runs differ from each other). With `t = 1` nothing is random and
/// the estimate is SciPy's. Errors, as SciPy's: a non-square operator, `itmax < 2`, `t < 1`,
/// an empty operator.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sparse::{linalg::onenormest, CscArray};
/// let dev = Device::cpu();
/// let d = Array::from_vec(&dev, &[3, 3], vec![1.0f64, 0.0, 0.0, 5.0, 8.0, 2.0, 0.0, -1.0, 0.0])?;
/// let a = CscArray::<f64>::from_dense(&d)?;
/// assert_eq!(onenormest(&a).run()?.est, 9.0);
/// let r = onenormest(&a).t(1).compute_v(true).compute_w(true).run()?; // the estimating path
/// assert_eq!(r.est, 9.0);
/// assert_eq!(r.v.unwrap().to_vec()?, vec![0.0, 1.0, 0.0]);
/// assert_eq!(r.w.unwrap().to_vec()?, vec![0.0, 8.0, -1.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn onenormest<'a, T: SolverDType, A: AsLinearOperator<T> + ?Sized>(
    a: &'a A,
) -> OneNormEst<'a, T> {
    OneNormEst {
        op: a.as_linear_operator(),
        dev: a.operator_device(),
        t: 2,
        itmax: 5,
        compute_v: false,
        compute_w: false,
        seed: 0,
    }
}

impl<T: SolverDType> std::fmt::Debug for OneNormEst<'_, T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("onenormest")
            .field("t", &self.t)
            .field("itmax", &self.itmax)
            .field("seed", &self.seed)
            .finish_non_exhaustive()
    }
}

impl<'a, T: SolverDType> OneNormEst<'a, T> {
    /// SciPy's `t=`: the number of columns of the block (default 2).
    pub fn t(mut self, t: usize) -> Self {
        self.t = t;
        self
    }

    /// SciPy's `itmax=`: at most this many iterations (default 5; at least 2).
    pub fn itmax(mut self, itmax: usize) -> Self {
        self.itmax = itmax;
        self
    }

    /// SciPy's `compute_v=True`: return `v`.
    pub fn compute_v(mut self, yes: bool) -> Self {
        self.compute_v = yes;
        self
    }

    /// SciPy's `compute_w=True`: return `w`.
    pub fn compute_w(mut self, yes: bool) -> Self {
        self.compute_w = yes;
        self
    }

    /// The seed of the random `±1` columns (SciPy's `rng=`; ours is a SplitMix64 stream).
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// The estimate.
    pub fn run(self) -> Result<OneNormEstimate<T>> {
        let op = self.op?;
        let mut rng = SignStream(self.seed);
        let (est, j, w) = estimate(&op, self.t, self.itmax, &mut rng, &self.dev)?;
        let n = op.shape()[1];
        let v = if self.compute_v {
            let mut e = buffer(n, 0.0)?;
            e[j] = 1.0;
            Some(Array::from_vec(&self.dev, &[n], e)?)
        } else {
            None
        };
        Ok(OneNormEstimate {
            est,
            v,
            w: if self.compute_w { Some(w) } else { None },
        })
    }
}

/// `(est, j, w)`: the estimate, the index of `v = e_j`, and `w = A e_j`. The crate-internal
/// entry of `expm_multiply` (its `t`, `itmax` and seed).
pub(crate) fn estimate<T: SolverDType>(
    op: &LinearOperator<'_, T>,
    t: usize,
    itmax: usize,
    rng: &mut SignStream,
    dev: &Device,
) -> Result<(f64, usize, Array<T>)> {
    let [m, n] = op.shape();
    if m != n {
        return Err(Error::invalid(format!(
            "onenormest: expected the operator to act like a square matrix, got ({m}, {n})"
        )));
    }
    if t >= n {
        exact(op, n, dev)
    } else {
        if itmax < 2 {
            return Err(Error::invalid(
                "onenormest: at least two iterations are required",
            ));
        }
        if t < 1 {
            return Err(Error::invalid(
                "onenormest: at least one column is required",
            ));
        }
        Block { op, n, t, dev }.run(itmax, rng)
    }
}

/// The random `±1` entries (SplitMix64): SciPy's `rng.integers(0, 2) * 2 - 1` in kind.
#[doc(hidden)]
#[derive(Debug)]
pub struct SignStream(pub(crate) u64);

impl SignStream {
    pub(crate) fn sign(&mut self) -> f64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        if z >> 63 == 1 {
            1.0
        } else {
            -1.0
        }
    }
}

fn of<T: SolverDType>(x: f64) -> T {
    T::from_c128(c128::new(x, 0.0))
}

/// NumPy's `argmax`: the first NaN, else the first largest; `None` when empty.
fn argmax(x: &[f64]) -> Option<usize> {
    if let Some(i) = x.iter().position(|v| v.is_nan()) {
        return Some(i);
    }
    let mut best: Option<usize> = None;
    for (i, &v) in x.iter().enumerate() {
        if best.is_none_or(|b| v > x[b]) {
            best = Some(i);
        }
    }
    best
}

/// A host buffer of `len` elements, allocated fallibly.
fn buffer<T: Clone>(len: usize, fill: T) -> Result<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(len)
        .map_err(|_| Error::invalid(format!("onenormest: cannot allocate {len} elements")))?;
    v.resize(len, fill);
    Ok(v)
}

/// SciPy's exact path (`t >= n`): `A` times the identity, the largest column sum of `|A|`.
fn exact<T: SolverDType>(
    op: &LinearOperator<'_, T>,
    n: usize,
    dev: &Device,
) -> Result<(f64, usize, Array<T>)> {
    let len = n
        .checked_mul(n)
        .ok_or_else(|| Error::invalid("onenormest: n * n overflows"))?;
    let mut eye = buffer(len, of::<T>(0.0))?;
    for i in 0..n {
        eye[i * n + i] = of(1.0);
    }
    let ident = Array::from_vec(dev, &[n, n], eye)?;
    let y = op.matmat(&ident)?.to_vec()?;
    let sums: Vec<f64> = (0..n)
        .map(|j| (0..n).map(|i| y[i * n + j].abs_f64()).sum())
        .collect();
    let j = argmax(&sums)
        .ok_or_else(|| Error::invalid("onenormest: attempt to get argmax of an empty sequence"))?;
    let w: Vec<T> = (0..n).map(|i| y[i * n + j]).collect();
    Ok((sums[j], j, Array::from_vec(dev, &[n], w)?))
}

/// The `n x t` blocks of the estimator, row-major on the host.
struct Block<'o, 'a, T: SolverDType> {
    op: &'o LinearOperator<'a, T>,
    n: usize,
    t: usize,
    /// Where the blocks go for the products (the operator's device).
    dev: &'o Device,
}

impl<T: SolverDType> Block<'_, '_, T> {
    fn col(&self, x: &[T], j: usize) -> Vec<T> {
        (0..self.n).map(|i| x[i * self.t + j]).collect()
    }

    /// SciPy's `vectors_are_parallel`: `dot(v, w) == n` (no conjugate, as SciPy's).
    fn parallel(&self, x: &[T], i: usize, y: &[T], j: usize) -> bool {
        let mut s = c128::new(0.0, 0.0);
        for k in 0..self.n {
            s += x[k * self.t + i].to_c128() * y[k * self.t + j].to_c128();
        }
        s == c128::new(self.n as f64, 0.0)
    }

    /// SciPy's `column_needs_resampling(i, X, Y)`.
    fn needs_resampling(&self, x: &[T], i: usize, y: Option<&[T]>) -> bool {
        (0..i).any(|j| self.parallel(x, i, x, j))
            || y.is_some_and(|y| (0..self.t).any(|j| self.parallel(x, i, y, j)))
    }

    fn resample(&self, x: &mut [T], i: usize, rng: &mut SignStream) {
        for k in 0..self.n {
            x[k * self.t + i] = of(rng.sign());
        }
    }

    /// `A X` (one `matmat`), read back.
    fn times(&self, x: &[T]) -> Result<Vec<T>> {
        let xa = Array::from_vec(self.dev, &[self.n, self.t], x.to_vec())?;
        self.op.matmat(&xa)?.to_vec()
    }

    /// `A^H S`, column by column (`rmatvec`), read back row-major.
    fn adjoint_times(&self, s: &[T]) -> Result<Vec<T>> {
        let mut z = buffer(self.n * self.t, of::<T>(0.0))?;
        for j in 0..self.t {
            let col = Array::from_vec(self.dev, &[self.n], self.col(s, j))?;
            let zj = self.op.rmatvec(&col)?.to_vec()?;
            for (i, v) in zj.into_iter().enumerate() {
                z[i * self.t + j] = v;
            }
        }
        Ok(z)
    }

    /// Algorithm 2.4, as SciPy's `_onenormest_core`.
    fn run(&self, itmax: usize, rng: &mut SignStream) -> Result<(f64, usize, Array<T>)> {
        let (n, t) = (self.n, self.t);
        let mut x = buffer(n * t, of::<T>(1.0))?;
        if t > 1 {
            for i in 1..t {
                self.resample(&mut x, i, rng);
            }
            for i in 0..t {
                while self.needs_resampling(&x, i, None) {
                    self.resample(&mut x, i, rng);
                }
            }
        }
        for v in x.iter_mut() {
            // SciPy's `X /= float(n)` on the entries +-1.
            *v = of::<T>(v.to_c128().re / n as f64);
        }
        let mut ind_hist: Vec<usize> = Vec::new();
        let mut est_old = 0.0f64;
        let mut s = buffer(n * t, of::<T>(0.0))?;
        let mut k = 1usize;
        let mut ind: Vec<usize> = Vec::new();
        let mut ind_best = 0usize;
        let mut w: Vec<T> = Vec::new();
        let est = loop {
            let y = self.times(&x)?;
            let mags: Vec<f64> = (0..t)
                .map(|j| (0..n).map(|i| y[i * t + j].abs_f64()).sum())
                .collect();
            let best_j = argmax(&mags).expect("t >= 1");
            let est = mags[best_j];
            if est > est_old || k == 2 {
                if k >= 2 {
                    ind_best = ind[best_j];
                }
                w = self.col(&y, best_j);
            }
            // (1)
            if k >= 2 && est <= est_old {
                break est_old;
            }
            est_old = est;
            let s_old = std::mem::take(&mut s);
            if k > itmax {
                break est;
            }
            s = y
                .iter()
                .map(|&v| {
                    let z = v.to_c128();
                    if z == c128::new(0.0, 0.0) {
                        of(1.0)
                    } else {
                        T::from_c128(z / z.norm())
                    }
                })
                .collect();
            // (2)
            if (0..t).all(|i| (0..t).any(|j| self.parallel(&s, i, &s_old, j))) {
                break est;
            }
            if t > 1 {
                for i in 0..t {
                    while self.needs_resampling(&s, i, Some(&s_old)) {
                        self.resample(&mut s, i, rng);
                    }
                }
            }
            // (3)
            let z = self.adjoint_times(&s)?;
            let h: Vec<f64> = (0..n)
                .map(|i| {
                    (0..t).fold(f64::NEG_INFINITY, |m, j| {
                        let a = z[i * t + j].abs_f64();
                        if m.is_nan() || a.is_nan() {
                            f64::NAN
                        } else {
                            m.max(a)
                        }
                    })
                })
                .collect();
            // (4)
            if k >= 2 {
                let hmax = h.iter().fold(f64::NEG_INFINITY, |m, &v| {
                    if m.is_nan() || v.is_nan() {
                        f64::NAN
                    } else {
                        m.max(v)
                    }
                });
                if hmax == h[ind_best] {
                    break est;
                }
            }
            // The indices by decreasing h (NumPy's argsort reversed: among equal values
            // the later index first, as its stable sort of short arrays gives).
            let mut order: Vec<usize> = (0..n).collect();
            order.sort_by(|&a, &b| h[a].total_cmp(&h[b]));
            order.reverse();
            order.truncate(t + ind_hist.len());
            ind = order;
            if t > 1 {
                // (5)
                if ind[..t].iter().all(|i| ind_hist.contains(i)) {
                    break est;
                }
                let (unseen, seen): (Vec<usize>, Vec<usize>) =
                    ind.iter().partition(|i| !ind_hist.contains(i));
                ind = unseen.into_iter().chain(seen).collect();
            }
            x = buffer(n * t, of::<T>(0.0))?;
            for j in 0..t {
                x[ind[j] * t + j] = of(1.0);
            }
            let new: Vec<usize> = ind[..t]
                .iter()
                .copied()
                .filter(|i| !ind_hist.contains(i))
                .collect();
            ind_hist.extend(new);
            k += 1;
        };
        let w = Array::from_vec(self.dev, &[n], w)?;
        Ok((est, ind_best, w))
    }
}
