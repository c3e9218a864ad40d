//! SciPy's `expm_multiply` (`_expm_multiply.py`): the action `e^{tA} B` of the exponential
//! of a sparse matrix or operator on a vector or matrix, by Al-Mohy and Higham's truncated
//! Taylor series with scaling, at one time or at evenly spaced times.
//!
//! The loops are SciPy's, on the host; every product with `A`, every update and every
//! infinity norm is a device operation, so `B` and the iterates stay where `B` is.

use std::collections::HashMap;

use super::interface::{csr_operator, LinearOperator};
use super::onenormest::{estimate, SignStream};
use super::scalar::SolverDType;
use crate::linalg::NormOrd;
use crate::prelude::*;
use crate::sparse::{diags, CooArray, CscArray, CsrArray, SparseIndex};

/// SciPy's `_theta`: `(m, theta_m)`, in SciPy's order (tables A.3 and 3.1 of Al-Mohy and
/// Higham).
const THETA: [(usize, f64); 35] = [
    (1, 2.29e-16),
    (2, 2.58e-8),
    (3, 1.39e-5),
    (4, 3.40e-4),
    (5, 2.40e-3),
    (6, 9.07e-3),
    (7, 2.38e-2),
    (8, 5.00e-2),
    (9, 8.96e-2),
    (10, 1.44e-1),
    (11, 2.14e-1),
    (12, 3.00e-1),
    (13, 4.00e-1),
    (14, 5.14e-1),
    (15, 6.41e-1),
    (16, 7.81e-1),
    (17, 9.31e-1),
    (18, 1.09),
    (19, 1.26),
    (20, 1.44),
    (21, 1.62),
    (22, 1.82),
    (23, 2.01),
    (24, 2.22),
    (25, 2.43),
    (26, 2.64),
    (27, 2.86),
    (28, 3.08),
    (29, 3.31),
    (30, 3.54),
    (35, 4.7),
    (40, 6.0),
    (45, 7.2),
    (50, 8.5),
    (55, 9.9),
];

/// SciPy's `m_max`.
const M_MAX: usize = 55;
/// SciPy's `ell` (the columns of the 1-norm estimates of the powers).
const ELL: usize = 2;
/// SciPy's `tol = 2**-53` (for every dtype, as SciPy's).
const TOL: f64 = 1.0 / 9_007_199_254_740_992.0;

/// What `expm_multiply` needs of `A`: `A - mu I` as an operator, `mu` (the trace over `n`),
/// and the exact 1-norm of `A - mu I` when `A` is a matrix (SciPy's `_exact_1_norm`).
#[doc(hidden)]
#[derive(Debug)]
pub struct Shifted<'a, T: SolverDType> {
    op: LinearOperator<'a, T>,
    mu: T,
    one_norm: Option<f64>,
}

/// What [`expm_multiply`] takes as `A`: a square [`CsrArray`], [`CscArray`], [`CooArray`]
/// (the exact trace and 1-norm, as SciPy's for sparse matrices) or a [`LinearOperator`] (the
/// trace given with [`ExpmMultiply::trace_a`] or estimated, the 1-norm estimated by
/// [`onenormest`](super::onenormest)). Sealed in effect: its method is hidden.
pub trait ExpmOperand<T: SolverDType> {
    #[doc(hidden)]
    fn shifted(
        &self,
        trace: Option<T>,
        m3: usize,
        rng: &mut SignStream,
        dev: &Device,
    ) -> Result<Shifted<'_, T>>;
    #[doc(hidden)]
    fn n(&self) -> [usize; 2];
}

fn check_square(what: &str, [m, n]: [usize; 2]) -> Result<usize> {
    if m != n {
        return Err(Error::invalid(format!(
            "{what}: expected A to be like a square matrix, got ({m}, {n})"
        )));
    }
    if n == 0 {
        // SciPy: the trace over n is 0/0 and the 1-norm of an empty matrix a max of nothing.
        return Err(Error::invalid(format!(
            "{what}: A is empty (0 x 0); SciPy raises (max of an empty sequence)"
        )));
    }
    Ok(n)
}

fn of<T: SolverDType>(x: f64) -> T {
    T::from_c128(c128::new(x, 0.0))
}

/// `A - mu I` of a CSR matrix, its exact 1-norm, and its operator.
fn sparse_shifted<'a, T: SolverDType, I: SparseIndex>(
    a: CsrArray<T, I>,
    trace: Option<T>,
) -> Result<Shifted<'a, T>> {
    let n = check_square("expm_multiply", a.shape())?;
    let trace = match trace {
        Some(t) => t,
        None => {
            let d = a.diagonal(0)?.to_vec()?;
            T::from_c128(d.iter().map(|v| v.to_c128()).sum())
        }
    };
    let mu = T::from_c128(trace.to_c128() / n as f64);
    let dev = a.device();
    let shift = diags::<T, I>(
        &dev,
        &[Array::from_vec(&dev, &[1], vec![mu])?],
        &[0],
        Some([n, n]),
    )?;
    let b = a.sub(&shift)?;
    let one_norm: f64 = super::norm::norm(&b, NormOrd::P(1.0))?.into();
    Ok(Shifted {
        op: csr_operator(b),
        mu,
        one_norm: Some(one_norm),
    })
}

impl<T: SolverDType, I: SparseIndex> ExpmOperand<T> for CsrArray<T, I> {
    fn shifted(
        &self,
        trace: Option<T>,
        _: usize,
        _: &mut SignStream,
        _: &Device,
    ) -> Result<Shifted<'_, T>> {
        sparse_shifted(self.clone(), trace)
    }
    fn n(&self) -> [usize; 2] {
        self.shape()
    }
}

impl<T: SolverDType, I: SparseIndex> ExpmOperand<T> for CscArray<T, I> {
    fn shifted(
        &self,
        trace: Option<T>,
        _: usize,
        _: &mut SignStream,
        _: &Device,
    ) -> Result<Shifted<'_, T>> {
        sparse_shifted(self.tocsr()?, trace)
    }
    fn n(&self) -> [usize; 2] {
        self.shape()
    }
}

impl<T: SolverDType, I: SparseIndex> ExpmOperand<T> for CooArray<T, I> {
    fn shifted(
        &self,
        trace: Option<T>,
        _: usize,
        _: &mut SignStream,
        _: &Device,
    ) -> Result<Shifted<'_, T>> {
        sparse_shifted(self.tocsr()?, trace)
    }
    fn n(&self) -> [usize; 2] {
        self.shape()
    }
}

impl<'b, T: SolverDType> ExpmOperand<T> for LinearOperator<'b, T> {
    fn shifted(
        &self,
        trace: Option<T>,
        m3: usize,
        rng: &mut SignStream,
        dev: &Device,
    ) -> Result<Shifted<'_, T>> {
        let n = check_square("expm_multiply", self.shape())?;
        let trace = match trace {
            Some(t) => t,
            None => trace_estimate(self, n, m3, rng, dev)?,
        };
        let mu = T::from_c128(trace.to_c128() / n as f64);
        let mu_h = T::from_c128(mu.to_c128().conj());
        let (a1, a2, a3) = (self.clone(), self.clone(), self.clone());
        let op = LinearOperator::new([n, n], move |x: &Array<T>| {
            T::minus(&a1.matvec(x)?, &T::scaled(mu, x)?)
        })
        .with_rmatvec(move |y: &Array<T>| T::minus(&a2.rmatvec(y)?, &T::scaled(mu_h, y)?))
        .with_matmat(move |x: &Array<T>| T::minus(&a3.matmat(x)?, &T::scaled(mu, x)?));
        Ok(Shifted {
            op,
            mu,
            one_norm: None,
        })
    }
    fn n(&self) -> [usize; 2] {
        self.shape()
    }
}

/// The trace of an operator from `3 m3` products with random `±1` vectors `g`: the mean of
/// `g^T A g` (Hutchinson's estimator; SciPy's `traceest` is Hutch++, which needs a QR
/// factorization, with NumPy's random stream). The trace only shifts `A` before the series,
/// so an estimate changes the work, not the result.
fn trace_estimate<T: SolverDType>(
    a: &LinearOperator<'_, T>,
    n: usize,
    m3: usize,
    rng: &mut SignStream,
    dev: &Device,
) -> Result<T> {
    let count = 3 * m3;
    let mut total = c128::new(0.0, 0.0);
    for _ in 0..count {
        let g: Vec<T> = (0..n).map(|_| of(rng.sign())).collect();
        let ga = Array::from_vec(dev, &[n], g)?;
        total += T::dot(&ga, &a.matvec(&ga)?)?.to_c128();
    }
    Ok(T::from_c128(total / count as f64))
}

/// The builder [`expm_multiply`] returns; [`run`](Self::run) computes.
pub struct ExpmMultiply<'a, T: SolverDType, A: ExpmOperand<T> + ?Sized> {
    a: &'a A,
    b: &'a Array<T>,
    start: Option<f64>,
    stop: Option<f64>,
    num: Option<usize>,
    endpoint: Option<bool>,
    trace_a: Option<T>,
    renormalize: bool,
    seed: u64,
}

/// SciPy's `expm_multiply(A, B, start=None, stop=None, num=None, endpoint=None,
/// traceA=None, renormalize=False)`: `e^{A} B`, or with [`start`](ExpmMultiply::start) and
/// [`stop`](ExpmMultiply::stop), `e^{t_k A} B` at NumPy's `linspace(start, stop, num,
/// endpoint)` (`num` 50 and `endpoint` true by default), stacked on a new first axis:
/// `[num, n]` for a vector `B`, `[num, n, k]` for a matrix.
///
/// Al-Mohy and Higham's algorithms 3.2 and 5.2, SciPy's code step by step: `A` shifted by
/// `mu = trace(A) / n`, the degree `m*` and scaling `s` chosen from the 1-norm of `A` (exact
/// for a sparse matrix, [`onenormest`](super::onenormest) for an operator) or, when it is
/// large, from estimates of `||A^p||^(1/p)`, then `s` truncated Taylor series, each stopped
/// when two terms fall under `2^-53` of the sum in the infinity norm. Each term is one
/// product with `A` on the device (an SpMV or SpMM for a sparse matrix).
///
/// `A` is a square [`CsrArray`], [`CscArray`], [`CooArray`] or [`LinearOperator`] (see
/// [`ExpmOperand`]); `B` is `[n]` or `[n, k]` of the same dtype. The result has `B`'s dtype
/// (SciPy's is at least float64). Errors, as SciPy's: `A` not square or empty, `B` of
/// another length or of more than 2 dimensions, fewer than two time points, `start` without
/// `stop` (or the other way), a non-finite norm of `A`.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sparse::{linalg::expm_multiply, CscArray};
/// let dev = Device::cpu();
/// let a = CscArray::<f64>::from_dense(&Array::from_vec(&dev, &[2, 2], vec![1.0, 0.0, 0.0, 1.0])?)?;
/// let b = Array::from_vec(&dev, &[2], vec![(-1.0f64).exp(), (-2.0f64).exp()])?;
/// let x = expm_multiply(&a, &b).start(1.0).stop(2.0).num(3).endpoint(true).run()?;
/// assert_eq!(x.shape(), &[3, 2]);
/// let e = (1.0f64).exp();
/// let want = [1.0, (-1.0f64).exp(), e.sqrt(), (-0.5f64).exp(), e, 1.0];
/// for (g, w) in x.to_vec()?.iter().zip(want) {
///     assert!((g - w).abs() < 1e-15);
/// }
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn expm_multiply<'a, T: SolverDType, A: ExpmOperand<T> + ?Sized>(
    a: &'a A,
    b: &'a Array<T>,
) -> ExpmMultiply<'a, T, A> {
    ExpmMultiply {
        a,
        b,
        start: None,
        stop: None,
        num: None,
        endpoint: None,
        trace_a: None,
        renormalize: false,
        seed: 0,
    }
}

impl<T: SolverDType, A: ExpmOperand<T> + ?Sized> std::fmt::Debug for ExpmMultiply<'_, T, A> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("expm_multiply")
            .field("start", &self.start)
            .field("stop", &self.stop)
            .field("num", &self.num)
            .field("endpoint", &self.endpoint)
            .field("trace_a", &self.trace_a)
            .finish_non_exhaustive()
    }
}

impl<'a, T: SolverDType, A: ExpmOperand<T> + ?Sized> ExpmMultiply<'a, T, A> {
    /// SciPy's `start=`: the first time point.
    pub fn start(mut self, start: f64) -> Self {
        self.start = Some(start);
        self
    }

    /// SciPy's `stop=`: the last time point (or the end of the interval without
    /// `endpoint`).
    pub fn stop(mut self, stop: f64) -> Self {
        self.stop = Some(stop);
        self
    }

    /// SciPy's `num=`: the number of time points (default 50).
    pub fn num(mut self, num: usize) -> Self {
        self.num = Some(num);
        self
    }

    /// SciPy's `endpoint=`: whether `stop` is the last time point (default true).
    pub fn endpoint(mut self, endpoint: bool) -> Self {
        self.endpoint = Some(endpoint);
        self
    }

    /// SciPy's `traceA=`: the trace of `A` (computed for a sparse matrix, estimated for an
    /// operator when not given; any approximation is accepted: it only shifts `A`).
    pub fn trace_a(mut self, trace: T) -> Self {
        self.trace_a = Some(trace);
        self
    }

    /// SciPy's `renormalize=True`: each result divided by its 2-norm.
    pub fn renormalize(mut self, yes: bool) -> Self {
        self.renormalize = yes;
        self
    }

    /// The seed of the random vectors of the trace and 1-norm estimates of an operator
    /// (SplitMix64; default 0).
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// `e^{A} B`, or the stack of `e^{t_k A} B`.
    pub fn run(self) -> Result<Array<T>> {
        let what = "expm_multiply";
        let [_, n] = self.a.n();
        check_square(what, self.a.n())?;
        let b = self.b;
        let n0 = match b.shape() {
            [k] if *k == n => 1,
            [k, c] if *k == n => *c,
            [k] | [k, _] => {
                return Err(Error::ShapeMismatch {
                    op: format!("{what}: shapes of matrices A ({n}, {n}) and B are incompatible"),
                    expected: vec![n],
                    found: vec![*k],
                })
            }
            s => {
                return Err(Error::invalid(format!(
                    "{what}: expected B to be like a matrix or a vector, got shape {s:?}"
                )))
            }
        };
        let interval = self.start.is_some()
            || self.stop.is_some()
            || self.num.is_some()
            || self.endpoint.is_some();
        let mut rng = SignStream(self.seed);
        let m3 = if interval { 5 } else { 1 };
        let dev = b.device();
        let shifted = self.a.shifted(self.trace_a, m3, &mut rng, &dev)?;
        let one_norm = match shifted.one_norm {
            Some(x) => x,
            None => estimate(&shifted.op, 2, 5, &mut rng, &dev)?.0,
        };
        let run = Run {
            op: &shifted.op,
            mu: shifted.mu,
            renormalize: self.renormalize,
        };
        if !interval {
            let (m_star, s) = if one_norm == 0.0 {
                (0, 1)
            } else {
                let mut info = NormInfo::new(&shifted.op, one_norm, 1.0, &dev, rng);
                fragment_3_1(&mut info, n0)?
            };
            return run.simple_core(b, 1.0, m_star, s);
        }
        let (Some(start), Some(stop)) = (self.start, self.stop) else {
            return Err(Error::invalid(format!(
                "{what}: the time points need both start and stop (NumPy's linspace)"
            )));
        };
        let num = self.num.unwrap_or(50);
        let endpoint = self.endpoint.unwrap_or(true);
        if num < 2 {
            return Err(Error::invalid(format!(
                "{what}: at least two time points are required"
            )));
        }
        // NumPy's linspace: step = (stop - start) / div, t_k = k * step + start, the last
        // point `stop` itself with the endpoint.
        let div = if endpoint { num - 1 } else { num };
        let h = (stop - start) / div as f64;
        let q = num - 1;
        let t_0 = start;
        let t_q = if endpoint { stop } else { q as f64 * h + start };
        let t = t_q - t_0;
        let mut info = NormInfo::new(&shifted.op, one_norm, t.abs(), &dev, rng);
        let (m_star, s) = if t * one_norm == 0.0 {
            (0, 1)
        } else {
            fragment_3_1(&mut info, n0)?
        };
        let mut x: Vec<Option<Array<T>>> = (0..num).map(|_| None).collect();
        x[0] = Some(run.simple_core(b, t_0, m_star, s)?);
        if q <= s {
            let (m_star, s) = if info.onenorm() == 0.0 {
                (0, 1)
            } else {
                info.scale = 1.0 / q as f64;
                let r = fragment_3_1(&mut info, n0)?;
                info.scale = 1.0;
                r
            };
            for k in 0..q {
                let prev = x[k].clone().expect("set");
                x[k + 1] = Some(run.simple_core(&prev, h, m_star, s)?);
            }
        } else {
            let d = q / s;
            let (blocks, last) = if q.is_multiple_of(s) {
                (s, d)
            } else {
                let j = q / d;
                (j + 1, q - d * j)
            };
            for i in 0..blocks {
                let steps = if q.is_multiple_of(s) || i + 1 < blocks {
                    d
                } else {
                    last
                };
                let z = x[i * d].clone().expect("set");
                let ks = run.taylor_block(&z, h, m_star, steps)?;
                for (k, xk) in ks.into_iter().enumerate() {
                    x[k + 1 + i * d] = Some(xk);
                }
            }
        }
        let x: Vec<Array<T>> = x.into_iter().map(|v| v.expect("every point set")).collect();
        crate::shape::stack(&x, 0)
    }
}

/// SciPy's `_exact_inf_norm` of a dense `b`: the largest `|b_i|` of a vector, the largest
/// row sum of `|b|` of a matrix (one reduction, or a GEMV and a reduction).
fn inf_norm<T: SolverDType>(b: &Array<T>) -> Result<f64> {
    let abs = T::abs_array(b)?;
    let v = match b.shape() {
        [_] => T::real_max(&abs)?,
        [_, 0] => return Ok(0.0),
        [_, k] => {
            let one = <T::Re as crate::linalg::LinalgScalar>::one();
            let ones = Array::from_vec(&b.device(), &[*k], vec![one; *k])?;
            T::real_max(&crate::linalg::matmul(&abs, &ones)?)?
        }
        _ => unreachable!("B is 1-d or 2-d"),
    };
    Ok(v.into())
}

/// The series of one `expm_multiply` call: the shifted operator, `mu`, `renormalize`.
struct Run<'o, 'a, T: SolverDType> {
    op: &'o LinearOperator<'a, T>,
    mu: T,
    renormalize: bool,
}

impl<T: SolverDType> Run<'_, '_, T> {
    fn dot(&self, b: &Array<T>) -> Result<Array<T>> {
        if b.ndim() == 1 {
            self.op.matvec(b)
        } else {
            self.op.matmat(b)
        }
    }

    /// `e^{t mu}`-style factors: `exp(c * mu)` in `c128`, as this dtype.
    fn exp_mu(&self, c: f64) -> T {
        T::from_c128((self.mu.to_c128() * c).exp())
    }

    /// `f / ||f||_2` under `renormalize`, else `f`.
    fn normalized(&self, f: Array<T>) -> Result<Array<T>> {
        if !self.renormalize {
            return Ok(f);
        }
        let norm: f64 = T::norm(&f.reshape(&[f.len()])?)?.into();
        T::scaled(of(1.0 / norm), &f)
    }

    /// SciPy's `_expm_multiply_simple_core`: `s` series of up to `m*` terms.
    fn simple_core(&self, b: &Array<T>, t: f64, m_star: usize, s: usize) -> Result<Array<T>> {
        let mut f = b.clone();
        let mut b = b.clone();
        let eta = self.exp_mu(t / s as f64);
        for _ in 0..s {
            let mut c1 = inf_norm(&b)?;
            for j in 0..m_star {
                let coeff = t / (s * (j + 1)) as f64;
                b = T::scaled(of(coeff), &self.dot(&b)?)?;
                let c2 = inf_norm(&b)?;
                f = T::plus(&f, &b)?;
                if c1 + c2 <= TOL * inf_norm(&f)? {
                    break;
                }
                c1 = c2;
            }
            f = T::scaled(eta, &f)?;
            b = f.clone();
        }
        self.normalized(f)
    }

    /// SciPy's `_expm_multiply_interval_core_1/2` for one block: from `z = X[i d]`, the
    /// points `X[i d + k]`, `k = 1..=steps`, from one set of terms `K_p = (h A)^p z / p!`.
    fn taylor_block(
        &self,
        z: &Array<T>,
        h: f64,
        m_star: usize,
        steps: usize,
    ) -> Result<Vec<Array<T>>> {
        let mut terms = vec![z.clone()];
        let mut norms = vec![inf_norm(z)?];
        let mut out = Vec::with_capacity(steps);
        for k in 1..=steps {
            let mut f = z.clone();
            let mut c1 = norms[0];
            for p in 1..=m_star {
                if terms.len() <= p {
                    let next = T::scaled(of(h / p as f64), &self.dot(&terms[p - 1])?)?;
                    norms.push(inf_norm(&next)?);
                    terms.push(next);
                }
                let coeff = (k as f64).powi(p as i32);
                f = T::plus(&f, &T::scaled(of(coeff), &terms[p])?)?;
                let c2 = coeff * norms[p];
                if c1 + c2 <= TOL * inf_norm(&f)? {
                    break;
                }
                c1 = c2;
            }
            let xk = T::scaled(self.exp_mu(k as f64 * h), &f)?;
            out.push(self.normalized(xk)?);
        }
        Ok(out)
    }
}

/// SciPy's `LazyOperatorNormInfo` of `|t| A`: the exact (or estimated) 1-norm, and the
/// estimates `d_p = ||(tA)^p||_1^(1/p)`, each made once, all times `scale`.
struct NormInfo<'o, 'a, T: SolverDType> {
    op: &'o LinearOperator<'a, T>,
    one_norm: f64,
    t: f64,
    scale: f64,
    d: HashMap<usize, f64>,
    dev: &'o Device,
    rng: SignStream,
}

impl<'o, 'a, T: SolverDType> NormInfo<'o, 'a, T> {
    fn new(
        op: &'o LinearOperator<'a, T>,
        one_norm: f64,
        t: f64,
        dev: &'o Device,
        rng: SignStream,
    ) -> Self {
        NormInfo {
            op,
            one_norm,
            t,
            scale: 1.0,
            d: HashMap::new(),
            dev,
            rng,
        }
    }

    fn onenorm(&self) -> f64 {
        self.scale * self.t * self.one_norm
    }

    fn d(&mut self, p: usize) -> Result<f64> {
        if let Some(&d) = self.d.get(&p) {
            return Ok(self.scale * d);
        }
        let op = self.op;
        let power = LinearOperator::new(op.shape(), move |x: &Array<T>| {
            let mut y = op.matvec(x)?;
            for _ in 1..p {
                y = op.matvec(&y)?;
            }
            Ok(y)
        })
        .with_rmatvec(move |x: &Array<T>| {
            let mut y = op.rmatvec(x)?;
            for _ in 1..p {
                y = op.rmatvec(&y)?;
            }
            Ok(y)
        });
        let est = estimate(&power, ELL, 5, &mut self.rng, self.dev)?.0;
        let d = (self.t.powi(p as i32) * est).powf(1.0 / p as f64);
        self.d.insert(p, d);
        Ok(self.scale * d)
    }

    fn alpha(&mut self, p: usize) -> Result<f64> {
        Ok(self.d(p)?.max(self.d(p + 1)?))
    }
}

/// SciPy's `_compute_p_max`: the largest `p` with `p (p - 1) <= m_max + 1`.
fn p_max(m_max: usize) -> usize {
    (1..=m_max + 1)
        .take_while(|p| p * (p - 1) <= m_max + 1)
        .last()
        .unwrap_or(1)
}

/// `ceil(x)` as a count, an error when `x` is not finite (SciPy's `int(np.ceil(inf))`).
fn ceil_count(x: f64) -> Result<usize> {
    if !x.is_finite() {
        return Err(Error::invalid(format!(
            "expm_multiply: cannot convert float {x} to integer (the norm of A is not finite)"
        )));
    }
    Ok(x.ceil().max(0.0) as usize)
}

/// SciPy's `_fragment_3_1`: the Taylor degree `m*` and the scaling `s` that minimize
/// `m s` under the error bound.
fn fragment_3_1<T: SolverDType>(
    info: &mut NormInfo<'_, '_, T>,
    n0: usize,
) -> Result<(usize, usize)> {
    if n0 == 0 {
        return Err(Error::invalid(
            "expm_multiply: B has no columns (SciPy divides by their number)",
        ));
    }
    let pm = p_max(M_MAX);
    let a = (2 * ELL * pm * (pm + 3)) as f64;
    let theta_max = THETA[THETA.len() - 1].1;
    let b = theta_max / (n0 * M_MAX) as f64;
    let mut best: Option<(usize, usize)> = None;
    let better = |best: Option<(usize, usize)>, m: usize, s: usize| {
        best.is_none_or(|(bm, bs)| (m as u128) * (s as u128) < (bm as u128) * (bs as u128))
    };
    if info.onenorm() <= a * b {
        for &(m, theta) in &THETA {
            let s = ceil_count(info.onenorm() / theta)?;
            if better(best, m, s) {
                best = Some((m, s));
            }
        }
        Ok(best.expect("THETA is not empty"))
    } else {
        for p in 2..=pm {
            for m in p * (p - 1) - 1..=M_MAX {
                if let Some(&(_, theta)) = THETA.iter().find(|(k, _)| *k == m) {
                    let s = ceil_count(info.alpha(p)? / theta)?;
                    if better(best, m, s) {
                        best = Some((m, s));
                    }
                }
            }
        }
        let (m, s) = best.expect("p_max >= 2");
        Ok((m, s.max(1)))
    }
}
