//! The Krylov solvers of SciPy's `scipy.sparse.linalg._isolve` (`cg`, `bicg`, `bicgstab`,
//! `cgs`, `qmr` of `iterative.py`, `tfqmr` of `tfqmr.py`): SciPy's loops, line for line, as
//! host loops over device operations.

use super::interface::{AsLinearOperator, LinearOperator};
use super::scalar::SolverDType;
use crate::prelude::*;
use num_traits::{Float as _, Zero as _};

/// Which solver a [`Krylov`] call runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Method {
    Cg,
    Bicg,
    Bicgstab,
    Cgs,
    Tfqmr,
}

impl Method {
    fn name(self) -> &'static str {
        match self {
            Method::Cg => "cg",
            Method::Bicg => "bicg",
            Method::Bicgstab => "bicgstab",
            Method::Cgs => "cgs",
            Method::Tfqmr => "tfqmr",
        }
    }
}

/// A solver's iteration callback: SciPy's `callback(xk)`, called with the current iterate
/// after each iteration.
pub(super) type Callback<'a, T> = Box<dyn FnMut(&Array<T>) + 'a>;

/// The keywords the solvers share (SciPy's `x0`, `rtol`, `atol`, `maxiter`, `callback`), as
/// methods of a solver call `$call<'a, T>` with fields of these names: `solver_keywords!(Qmr:
/// x0, rtol, atol, maxiter, callback)` writes the five; a solver whose keyword means
/// something else (`gmres`'s `maxiter`, `minres`'s `rtol`) writes that one itself.
macro_rules! solver_keywords {
    ($call:ident: $($kw:ident),+) => {
        impl<'a, T: SolverDType> $call<'a, T> {
            $(solver_keywords!(@$kw 'a);)+
        }
    };
    (@x0 $a:lifetime) => {
        /// SciPy's `x0`: the initial guess, `[n]` or `[n, 1]` (default zeros).
        pub fn x0(mut self, x0: &$a Array<T>) -> Self {
            self.x0 = Some(x0);
            self
        }
    };
    (@rtol $a:lifetime) => {
        /// SciPy's `rtol` (default `1e-5`): converged when `||r|| < max(rtol ||b||, atol)`.
        pub fn rtol(mut self, rtol: f64) -> Self {
            self.rtol = rtol;
            self
        }
    };
    (@atol $a:lifetime) => {
        /// SciPy's `atol` (default `0`); a negative value is an error at `run`.
        pub fn atol(mut self, atol: f64) -> Self {
            self.atol = atol;
            self
        }
    };
    (@maxiter $a:lifetime) => {
        /// SciPy's `maxiter` (default `10 n`).
        pub fn maxiter(mut self, maxiter: usize) -> Self {
            self.maxiter = Some(maxiter);
            self
        }
    };
    (@callback $a:lifetime) => {
        /// SciPy's `callback(xk)`: called after each iteration with the current iterate.
        pub fn callback(mut self, callback: impl FnMut(&Array<T>) + $a) -> Self {
            self.callback = Some(Box::new(callback));
            self
        }
    };
}

pub(super) use solver_keywords;

/// The call [`cg`], [`bicg`], [`bicgstab`], [`cgs`] and [`tfqmr`] return: set SciPy's
/// keywords, then [`run`](Krylov::run) gives SciPy's `(x, info)`.
///
/// `info` is `0` when `||b - A x|| < max(rtol ||b||, atol)` was reached (for `tfqmr`: its
/// residual bound `tau sqrt(k + 1) < max(rtol ||r0||, atol)`), `maxiter` (`> 0`) when the
/// iterations ran out first (`x` is then the last iterate), and negative at a breakdown of
/// `bicg`, `bicgstab`, `cgs` (SciPy's `-10`: `rho` vanished, `-11`: `omega` or a dot product
/// vanished) or `tfqmr` (`-1`: `v . r*` vanished). Errors, as SciPy's `ValueError`s: a non-square operator, `b` not
/// of shape `[n]` or `[n, 1]`, `x0` likewise, a preconditioner of another shape, a
/// negative `atol`; arrays on different devices.
#[must_use = "a solver call does nothing until `.run()` is called"]
pub struct Krylov<'a, T: SolverDType> {
    method: Method,
    a: Result<LinearOperator<'a, T>>,
    b: &'a Array<T>,
    x0: Option<&'a Array<T>>,
    rtol: f64,
    atol: f64,
    maxiter: Option<usize>,
    m: Option<Result<LinearOperator<'a, T>>>,
    callback: Option<Callback<'a, T>>,
}

impl<T: SolverDType> std::fmt::Debug for Krylov<'_, T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct(self.method.name())
            .field("rtol", &self.rtol)
            .field("atol", &self.atol)
            .field("maxiter", &self.maxiter)
            .finish_non_exhaustive()
    }
}

fn krylov<'a, T: SolverDType, A: AsLinearOperator<T> + ?Sized>(
    method: Method,
    a: &'a A,
    b: &'a Array<T>,
) -> Krylov<'a, T> {
    Krylov {
        method,
        a: a.as_linear_operator(),
        b,
        x0: None,
        rtol: 1e-5,
        atol: 0.0,
        maxiter: None,
        m: None,
        callback: None,
    }
}

/// SciPy's `cg(A, b, x0=None, *, rtol=1e-5, atol=0., maxiter=None, M=None, callback=None)`:
/// the conjugate gradient method for a Hermitian positive definite `A` (anything
/// [`AsLinearOperator`]: a sparse array, a dense one, a [`LinearOperator`]). Keywords are the
/// methods of [`Krylov`]; `.run()?` gives `(x, info)`.
///
/// Each iteration is one product with `A`, one with `M` (none for the default identity), two
/// dot products (one when `M` is the identity: `||r||^2` serves as `r . z`), and three
/// vector updates, each a fused kernel written in place; three scalars are read back.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sparse::{diags, CsrArray};
/// use kernels_std::sparse::linalg::cg;
/// let dev = Device::cpu();
/// // The 1-d Laplacian of 4 points.
/// let main = Array::from_vec(&dev, &[4], vec![2.0f64; 4])?;
/// let off = Array::from_vec(&dev, &[3], vec![-1.0f64; 3])?;
/// let a: CsrArray<f64> = diags(&dev, &[main, off.clone(), off], &[0, -1, 1], None)?;
/// let b = Array::from_vec(&dev, &[4], vec![1.0, 0.0, 0.0, 1.0])?;
/// let (x, info) = cg(&a, &b).rtol(1e-12).run()?;
/// assert_eq!(info, 0);
/// for v in x.to_vec()? {
///     assert!((v - 1.0).abs() < 1e-12);
/// }
/// // Two iterations are not enough: info is the number of iterations made.
/// let (_, info) = cg(&a, &b).rtol(1e-12).maxiter(1).run()?;
/// assert_eq!(info, 1);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn cg<'a, T: SolverDType, A: AsLinearOperator<T> + ?Sized>(
    a: &'a A,
    b: &'a Array<T>,
) -> Krylov<'a, T> {
    krylov(Method::Cg, a, b)
}

/// SciPy's `bicg(A, b, x0=None, *, rtol=1e-5, atol=0., maxiter=None, M=None,
/// callback=None)`: the biconjugate gradient method, for any square `A` with an adjoint
/// (`rmatvec`: sparse and dense arrays have one; a [`LinearOperator`] needs
/// [`with_rmatvec`](LinearOperator::with_rmatvec)), and a preconditioner `M` with one too.
/// Keywords and the result as [`cg`]'s; `info` `-10` or `-11` at a breakdown, as SciPy's.
///
/// An iteration is one product with `A`, one with `A^H`, one with `M` and `M^H` each, three
/// reductions and five vector updates.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sparse::CsrArray;
/// use kernels_std::sparse::linalg::bicg;
/// let dev = Device::cpu();
/// let d = Array::from_vec(&dev, &[3, 3], vec![4.0f64, 1.0, 0.0, -1.0, 4.0, 1.0, 0.0, -1.0, 4.0])?;
/// let a = CsrArray::<f64>::from_dense(&d)?;
/// let b = Array::from_vec(&dev, &[3], vec![5.0, 4.0, 3.0])?;
/// let (x, info) = bicg(&a, &b).rtol(1e-12).run()?;
/// assert_eq!(info, 0);
/// let r = (&b - &a.dot(&x)?).eval()?;
/// assert!(r.to_vec()?.iter().all(|v| v.abs() < 1e-10));
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn bicg<'a, T: SolverDType, A: AsLinearOperator<T> + ?Sized>(
    a: &'a A,
    b: &'a Array<T>,
) -> Krylov<'a, T> {
    krylov(Method::Bicg, a, b)
}

/// SciPy's `tfqmr(A, b, x0=None, *, rtol=1e-5, atol=0., maxiter=None, M=None,
/// callback=None, show=False)`: the transpose-free quasi-minimal residual method, for any
/// square `A`. Keywords and the result as [`cg`]'s, with SciPy's differences: `maxiter`
/// defaults to `min(10000, 10 n)`, the tolerance is relative to the initial residual
/// (`max(rtol ||b - A x0||, atol)`), and it is tested against the quasi-residual bound
/// `tau sqrt(k + 1)` after the `k`-th step (each iteration of SciPy's loop is half a step
/// of the underlying method, and calls the callback); `info` `-1` at a breakdown. `M` is a
/// right preconditioner (products `A M v`, updates `x += eta M d`); SciPy 1.17 mixes `M A v`
/// with `x += eta M d`, which is wrong for any `M` but the identity (see `DIFFERENCES.md`).
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sparse::CsrArray;
/// use kernels_std::sparse::linalg::tfqmr;
/// let dev = Device::cpu();
/// let d = Array::from_vec(&dev, &[3, 3], vec![4.0f64, 1.0, 0.0, -1.0, 4.0, 1.0, 0.0, -1.0, 4.0])?;
/// let a = CsrArray::<f64>::from_dense(&d)?;
/// let b = Array::from_vec(&dev, &[3], vec![5.0, 4.0, 3.0])?;
/// let (x, info) = tfqmr(&a, &b).rtol(1e-12).run()?;
/// assert_eq!(info, 0);
/// let r = (&b - &a.dot(&x)?).eval()?;
/// assert!(r.to_vec()?.iter().all(|v| v.abs() < 1e-10));
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn tfqmr<'a, T: SolverDType, A: AsLinearOperator<T> + ?Sized>(
    a: &'a A,
    b: &'a Array<T>,
) -> Krylov<'a, T> {
    krylov(Method::Tfqmr, a, b)
}

/// SciPy's `bicgstab(A, b, x0=None, *, rtol=1e-5, atol=0., maxiter=None, M=None,
/// callback=None)`: the biconjugate gradient stabilized method, for any square `A`. Keywords
/// and the result as [`cg`]'s; `info` `-10` or `-11` at a breakdown, as SciPy's.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sparse::CsrArray;
/// use kernels_std::sparse::linalg::bicgstab;
/// let dev = Device::cpu();
/// let d = Array::from_vec(&dev, &[3, 3], vec![4.0f64, 1.0, 0.0, -1.0, 4.0, 1.0, 0.0, -1.0, 4.0])?;
/// let a = CsrArray::<f64>::from_dense(&d)?;
/// let b = Array::from_vec(&dev, &[3], vec![5.0, 4.0, 3.0])?;
/// let (x, info) = bicgstab(&a, &b).rtol(1e-12).run()?;
/// assert_eq!(info, 0);
/// let r = (&b - &a.dot(&x)?).eval()?;
/// assert!(r.to_vec()?.iter().all(|v| v.abs() < 1e-10));
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn bicgstab<'a, T: SolverDType, A: AsLinearOperator<T> + ?Sized>(
    a: &'a A,
    b: &'a Array<T>,
) -> Krylov<'a, T> {
    krylov(Method::Bicgstab, a, b)
}

/// SciPy's `cgs(A, b, x0=None, *, rtol=1e-5, atol=0., maxiter=None, M=None,
/// callback=None)`: the conjugate gradient squared method, for any square `A`; as SciPy's,
/// the residual is recomputed as `b - A x` each iteration. Keywords and the result as
/// [`cg`]'s; `info` `-10` or `-11` at a breakdown, as SciPy's.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sparse::CsrArray;
/// use kernels_std::sparse::linalg::cgs;
/// let dev = Device::cpu();
/// let d = Array::from_vec(&dev, &[3, 3], vec![4.0f64, 1.0, 0.0, -1.0, 4.0, 1.0, 0.0, -1.0, 4.0])?;
/// let a = CsrArray::<f64>::from_dense(&d)?;
/// let b = Array::from_vec(&dev, &[3], vec![5.0, 4.0, 3.0])?;
/// let (x, info) = cgs(&a, &b).rtol(1e-12).run()?;
/// assert_eq!(info, 0);
/// let r = (&b - &a.dot(&x)?).eval()?;
/// assert!(r.to_vec()?.iter().all(|v| v.abs() < 1e-10));
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn cgs<'a, T: SolverDType, A: AsLinearOperator<T> + ?Sized>(
    a: &'a A,
    b: &'a Array<T>,
) -> Krylov<'a, T> {
    krylov(Method::Cgs, a, b)
}

/// The system a solver works on (SciPy's `make_system`): the operators, `x` (a copy of `x0`
/// or zeros, 1-d), `b` (1-d), and whether `x` has a nonzero element.
pub(super) struct System<'a, T: SolverDType> {
    pub(super) a: LinearOperator<'a, T>,
    pub(super) m: LinearOperator<'a, T>,
    pub(super) x: Array<T>,
    pub(super) b: Array<T>,
    pub(super) x_nonzero: bool,
}

solver_keywords!(Krylov: x0, rtol, atol, maxiter, callback);

impl<'a, T: SolverDType> Krylov<'a, T> {
    /// SciPy's `M`: the preconditioner, an approximation of `A^-1` (anything
    /// [`AsLinearOperator`] of `A`'s shape).
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::{diags, CsrArray};
    /// use kernels_std::sparse::linalg::{cg, LinearOperator};
    /// let dev = Device::cpu();
    /// let d = Array::from_vec(&dev, &[3], vec![1.0f64, 10.0, 100.0])?;
    /// let a: CsrArray<f64> = diags(&dev, &[d.clone()], &[0], None)?;
    /// let b = Array::from_vec(&dev, &[3], vec![1.0, 1.0, 1.0])?;
    /// // Jacobi: divide by the diagonal. A diagonal system is then solved at once.
    /// let inv = (1.0 / &d).eval()?;
    /// let jacobi = LinearOperator::new([3, 3], |r: &Array<f64>| (r * &inv).eval());
    /// let mut iterations = 0;
    /// let (x, info) = cg(&a, &b).m(&jacobi).callback(|_| iterations += 1).run()?;
    /// assert_eq!((info, iterations), (0, 1));
    /// assert_eq!(x.to_vec()?, vec![1.0, 0.1, 0.01]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn m<M: AsLinearOperator<T> + ?Sized>(mut self, m: &'a M) -> Self {
        self.m = Some(m.as_linear_operator());
        self
    }

    /// SciPy's `make_system`, and the tolerance (`_get_atol_rtol`).
    fn system(&mut self) -> Result<(System<'a, T>, f64)> {
        let what = self.method.name();
        let a = std::mem::replace(&mut self.a, Err(Error::invalid("taken")))?;
        let sys = make_system(what, a, self.b, self.x0, self.m.take())?;
        check_atol(what, self.atol)?;
        Ok((sys, self.atol))
    }

    /// Runs the solver: SciPy's `(x, info)` (see [`Krylov`]).
    pub fn run(mut self) -> Result<(Array<T>, i64)> {
        let (sys, atol) = self.system()?;
        if self.method == Method::Tfqmr {
            let mut callback = self.callback.take();
            let mut cb = |x: &Array<T>| {
                if let Some(f) = callback.as_mut() {
                    f(x)
                }
            };
            return tfqmr_loop(sys, self.rtol, atol, self.maxiter, &mut cb);
        }
        let bnrm2 = T::norm(&sys.b)?;
        let atol = atol.max(self.rtol * bnrm2.into());
        // NumPy compares `norm(r) < atol` in `r`'s dtype (NEP 50: the Python float is weak).
        let atol = num_traits::cast::<f64, T::Re>(atol).unwrap_or_else(T::Re::infinity);
        if bnrm2 == T::Re::zero() {
            return Ok((sys.b.copy()?, 0));
        }
        let n = sys.b.len();
        let maxiter = self.maxiter.unwrap_or(n.saturating_mul(10));
        let mut callback = self.callback.take();
        let mut cb = |x: &Array<T>| {
            if let Some(f) = callback.as_mut() {
                f(x)
            }
        };
        match self.method {
            Method::Cg => cg_loop(sys, atol, maxiter, &mut cb),
            Method::Bicg => bicg_loop(sys, atol, maxiter, &mut cb),
            Method::Tfqmr => unreachable!("tfqmr returned above"),
            Method::Bicgstab => bicgstab_loop(sys, atol, maxiter, &mut cb),
            Method::Cgs => cgs_loop(sys, atol, maxiter, &mut cb),
        }
    }
}

/// SciPy's `make_system`: checks `A` square, `b` and `x0` of `[n]` or `[n, 1]` on one device,
/// `M` of `A`'s shape.
pub(super) fn make_system<'a, T: SolverDType>(
    what: &str,
    a: LinearOperator<'a, T>,
    b: &Array<T>,
    x0: Option<&Array<T>>,
    m: Option<Result<LinearOperator<'a, T>>>,
) -> Result<System<'a, T>> {
    let [rows, n] = a.shape();
    if rows != n {
        return Err(Error::invalid(format!(
            "{what}: expected square matrix, but got shape=({rows}, {n})"
        )));
    }
    let vector = |v: &Array<T>, name: &str| -> Result<Array<T>> {
        match v.shape() {
            [k] | [k, 1] if *k == n => v.reshape(&[n]),
            s => Err(Error::ShapeMismatch {
                op: format!("{what}: shapes of A ({n}, {n}) and {name} are incompatible"),
                expected: vec![n],
                found: s.to_vec(),
            }),
        }
    };
    let b = vector(b, "b")?;
    let dev = b.device();
    let m = match m {
        None => LinearOperator::identity(n),
        Some(m) => {
            let m = m?;
            if m.shape() != [n, n] {
                return Err(Error::invalid(format!(
                    "{what}: matrix ({n}, {n}) and preconditioner {:?} have different shapes",
                    m.shape()
                )));
            }
            m
        }
    };
    let (x, x_nonzero) = match x0 {
        None => (Array::zeros(&dev, &[n])?, false),
        Some(x0) => {
            let x0 = vector(x0, "x0")?;
            if x0.device() != dev {
                return Err(Error::invalid(format!(
                    "{what}: x0 is on {:?}, b on {dev:?}",
                    x0.device()
                )));
            }
            let nonzero = crate::reduce::count_nonzero(&x0).run()?.item()? > 0;
            (x0.copy()?, nonzero)
        }
    };
    Ok(System {
        a,
        m,
        x,
        b,
        x_nonzero,
    })
}

/// SciPy's `_get_atol_rtol` check: `atol` a non-negative number.
pub(super) fn check_atol(what: &str, atol: f64) -> Result<()> {
    if atol.is_nan() || atol < 0.0 {
        return Err(Error::invalid(format!(
            "'scipy.sparse.linalg.{what}' called with invalid `atol`={atol}; if set, `atol` \
             must be a real, non-negative number."
        )));
    }
    Ok(())
}

/// `b - A x`, or a copy of `b` when `x` is zero (SciPy's `b - matvec(x) if x.any() else
/// b.copy()`).
pub(super) fn residual<T: SolverDType>(sys: &System<'_, T>) -> Result<Array<T>> {
    if sys.x_nonzero {
        T::minus(&sys.b, &sys.a.matvec(&sys.x)?)
    } else {
        sys.b.copy()
    }
}

/// `M r` (no product for the identity).
pub(super) fn psolve<T: SolverDType>(m: &LinearOperator<'_, T>, r: &Array<T>) -> Result<Array<T>> {
    if m.is_identity() {
        Ok(r.clone())
    } else {
        m.matvec(r)
    }
}

/// `M^H r` (no product for the identity).
pub(super) fn rpsolve<T: SolverDType>(m: &LinearOperator<'_, T>, r: &Array<T>) -> Result<Array<T>> {
    if m.is_identity() {
        Ok(r.clone())
    } else {
        m.rmatvec(r)
    }
}

pub(super) fn info(iterations: usize) -> i64 {
    i64::try_from(iterations).unwrap_or(i64::MAX)
}

/// SciPy's `cg` loop.
fn cg_loop<T: SolverDType>(
    sys: System<'_, T>,
    atol: T::Re,
    maxiter: usize,
    callback: &mut dyn FnMut(&Array<T>),
) -> Result<(Array<T>, i64)> {
    let mut r = residual(&sys)?;
    let System { a, m, mut x, .. } = sys;
    let identity = m.is_identity();
    let mut rho_prev = T::zero();
    let mut p: Option<Array<T>> = None;
    for iteration in 0..maxiter {
        // With M = I, z is r and r . z is ||r||^2: one reduction gives both.
        let (rnorm, rho) = if identity {
            let rr = T::dot(&r, &r)?;
            (rr.re().max(T::Re::zero()).sqrt(), rr)
        } else {
            (T::norm(&r)?, T::zero())
        };
        if rnorm < atol {
            return Ok((x, 0));
        }
        let z = psolve(&m, &r)?;
        let rho_cur = if identity { rho } else { T::dot(&r, &z)? };
        let pk = match p.take() {
            Some(mut pk) if iteration > 0 => {
                T::xpay(&mut pk, rho_cur / rho_prev, &z)?;
                pk
            }
            _ => z.copy()?,
        };
        let q = a.matvec(&pk)?;
        let alpha = rho_cur / T::dot(&pk, &q)?;
        T::axpy(&mut x, alpha, &pk)?;
        T::axpy(&mut r, -alpha, &q)?;
        p = Some(pk);
        rho_prev = rho_cur;
        callback(&x);
    }
    Ok((x, info(maxiter)))
}

/// SciPy's `bicgstab` loop.
fn bicgstab_loop<T: SolverDType>(
    sys: System<'_, T>,
    atol: T::Re,
    maxiter: usize,
    callback: &mut dyn FnMut(&Array<T>),
) -> Result<(Array<T>, i64)> {
    let mut r = residual(&sys)?;
    let System { a, m, mut x, .. } = sys;
    let eps = T::eps();
    let (rhotol, omegatol) = (eps * eps, eps * eps);
    let rtilde = r.copy()?;
    let (mut rho_prev, mut omega, mut alpha) = (T::zero(), T::zero(), T::zero());
    let mut p: Option<Array<T>> = None;
    let mut v: Option<Array<T>> = None;
    for iteration in 0..maxiter {
        if T::norm(&r)? < atol {
            return Ok((x, 0));
        }
        let rho = T::dot(&rtilde, &r)?;
        if rho.modulus() < rhotol {
            return Ok((x, -10));
        }
        let pk = match (p.take(), v.as_ref()) {
            (Some(mut pk), Some(v)) if iteration > 0 => {
                if omega.modulus() < omegatol {
                    return Ok((x, -11));
                }
                let beta = (rho / rho_prev) * (alpha / omega);
                // p = (p - omega v) beta + r, SciPy's three in-place steps in two.
                T::axpy(&mut pk, -omega, v)?;
                T::xpay(&mut pk, beta, &r)?;
                pk
            }
            _ => r.copy()?,
        };
        let phat = psolve(&m, &pk)?;
        p = Some(pk);
        let vk = a.matvec(&phat)?;
        let rv = T::dot(&rtilde, &vk)?;
        if rv == T::zero() {
            return Ok((x, -11));
        }
        alpha = rho / rv;
        T::axpy(&mut r, -alpha, &vk)?;
        if T::norm(&r)? < atol {
            T::axpy(&mut x, alpha, &phat)?;
            return Ok((x, 0));
        }
        let shat = psolve(&m, &r)?;
        let t = a.matvec(&shat)?;
        omega = T::dot(&t, &r)? / T::dot(&t, &t)?;
        T::axpy(&mut x, alpha, &phat)?;
        T::axpy(&mut x, omega, &shat)?;
        T::axpy(&mut r, -omega, &t)?;
        v = Some(vk);
        rho_prev = rho;
        callback(&x);
    }
    Ok((x, info(maxiter)))
}

/// SciPy's `cgs` loop.
fn cgs_loop<T: SolverDType>(
    sys: System<'_, T>,
    atol: T::Re,
    maxiter: usize,
    callback: &mut dyn FnMut(&Array<T>),
) -> Result<(Array<T>, i64)> {
    let mut r = residual(&sys)?;
    let System { a, m, mut x, b, .. } = sys;
    let eps = T::eps();
    let rhotol = eps * eps;
    let rtilde = r.copy()?;
    let mut rho_prev = T::zero();
    let mut state: Option<(Array<T>, Array<T>, Array<T>)> = None; // p, u, q
    for iteration in 0..maxiter {
        if T::norm(&r)? < atol {
            return Ok((x, 0));
        }
        let rho_cur = T::dot(&rtilde, &r)?;
        if rho_cur.modulus() < rhotol {
            return Ok((x, -10));
        }
        let (p, u) = match state.take() {
            Some((mut p, _, q)) if iteration > 0 => {
                let beta = rho_cur / rho_prev;
                // u = r + beta q; p = u + beta (q + beta p)
                let mut u = r.copy()?;
                T::axpy(&mut u, beta, &q)?;
                T::xpay(&mut p, beta, &q)?;
                T::xpay(&mut p, beta, &u)?;
                (p, u)
            }
            _ => (r.copy()?, r.copy()?),
        };
        let phat = psolve(&m, &p)?;
        let vhat = a.matvec(&phat)?;
        let rv = T::dot(&rtilde, &vhat)?;
        if rv == T::zero() {
            return Ok((x, -11));
        }
        let alpha = rho_cur / rv;
        let mut q = u.copy()?;
        T::axpy(&mut q, -alpha, &vhat)?;
        let mut uq = u.copy()?;
        T::axpy(&mut uq, T::one(), &q)?;
        state = Some((p, u, q));
        let uhat = psolve(&m, &uq)?;
        T::axpy(&mut x, alpha, &uhat)?;
        r = T::minus(&b, &a.matvec(&x)?)?;
        rho_prev = rho_cur;
        callback(&x);
    }
    Ok((x, info(maxiter)))
}

/// SciPy's `bicg` loop.
fn bicg_loop<T: SolverDType>(
    sys: System<'_, T>,
    atol: T::Re,
    maxiter: usize,
    callback: &mut dyn FnMut(&Array<T>),
) -> Result<(Array<T>, i64)> {
    let mut r = residual(&sys)?;
    let System { a, m, mut x, .. } = sys;
    let eps = T::eps();
    let rhotol = eps * eps;
    let mut rtilde = r.copy()?;
    let mut rho_prev = T::zero();
    let mut dirs: Option<(Array<T>, Array<T>)> = None; // p, ptilde
    for iteration in 0..maxiter {
        if T::norm(&r)? < atol {
            return Ok((x, 0));
        }
        let z = psolve(&m, &r)?;
        let ztilde = rpsolve(&m, &rtilde)?;
        let rho_cur = T::dot(&rtilde, &z)?;
        if rho_cur.modulus() < rhotol {
            return Ok((x, -10));
        }
        let (p, ptilde) = match dirs.take() {
            Some((mut p, mut pt)) if iteration > 0 => {
                let beta = rho_cur / rho_prev;
                T::xpay(&mut p, beta, &z)?;
                T::xpay(&mut pt, beta.conj(), &ztilde)?;
                (p, pt)
            }
            _ => (z, ztilde),
        };
        let q = a.matvec(&p)?;
        let qtilde = a.rmatvec(&ptilde)?;
        let rv = T::dot(&ptilde, &q)?;
        if rv == T::zero() {
            return Ok((x, -11));
        }
        let alpha = rho_cur / rv;
        T::axpy(&mut x, alpha, &p)?;
        T::axpy(&mut r, -alpha, &q)?;
        T::axpy(&mut rtilde, -alpha.conj(), &qtilde)?;
        dirs = Some((p, ptilde));
        rho_prev = rho_cur;
        callback(&x);
    }
    Ok((x, info(maxiter)))
}

/// SciPy's `tfqmr` loop (`_isolve/tfqmr.py`).
fn tfqmr_loop<T: SolverDType>(
    sys: System<'_, T>,
    rtol: f64,
    atol: f64,
    maxiter: Option<usize>,
    callback: &mut dyn FnMut(&Array<T>),
) -> Result<(Array<T>, i64)> {
    if T::norm(&sys.b)? == T::Re::zero() {
        return Ok((sys.b.copy()?, 0));
    }
    let n = sys.b.len();
    let maxiter = maxiter.unwrap_or(n.saturating_mul(10).min(10000));
    let r = residual(&sys)?;
    let System { a, m, mut x, .. } = sys;
    // `A M v`: M is a right preconditioner throughout (SciPy 1.17 computes `M A v` here but
    // updates `x` with `M d`, which converges to a wrong `x` for a nontrivial `M`).
    let op = |v: &Array<T>| -> Result<Array<T>> { a.matvec(&psolve(&m, v)?) };
    let mut u = r.clone();
    let mut w = r.copy()?;
    let rstar = r;
    let mut v = op(&u)?;
    let mut uhat = v.clone();
    let mut d: Option<Array<T>> = None;
    let (mut theta, mut eta) = (T::Re::zero(), T::zero());
    let mut rho = T::from_real(T::dot(&rstar, &u)?.re());
    let mut rho_last = rho;
    let r0norm = rho.re().sqrt();
    let mut tau = r0norm;
    if r0norm == T::Re::zero() {
        return Ok((x, 0));
    }
    let atol = atol.max(rtol * r0norm.into());
    let one = <T::Re as num_traits::One>::one();
    let mut alpha = T::zero();
    let mut u_next: Option<Array<T>> = None;
    for iter in 0..maxiter {
        let even = iter % 2 == 0;
        if even {
            let vtrstar = T::dot(&rstar, &v)?;
            if vtrstar == T::zero() {
                return Ok((x, -1));
            }
            alpha = rho / vtrstar;
            let mut un = u.copy()?;
            T::axpy(&mut un, -alpha, &v)?;
            u_next = Some(un);
        }
        T::axpy(&mut w, -alpha, &uhat)?;
        let coef = T::from_real(theta * theta) / alpha * eta;
        d = Some(match d.take() {
            None => u.copy()?,
            Some(mut dd) => {
                T::xpay(&mut dd, coef, &u)?;
                dd
            }
        });
        let dd = d.as_ref().expect("set above");
        theta = T::norm(&w)? / tau;
        let c = (one / (one + theta * theta)).sqrt();
        tau = tau * theta * c;
        eta = T::from_real(c * c) * alpha;
        let z = psolve(&m, dd)?;
        T::axpy(&mut x, eta, &z)?;
        callback(&x);
        let tau64: f64 = tau.into();
        let bound = tau64 * ((iter + 1) as f64).sqrt();
        if bound < atol {
            return Ok((x, 0));
        }
        if !even {
            rho = T::dot(&rstar, &w)?;
            let beta = rho / rho_last;
            // u = w + beta u; v = beta uhat + beta^2 v; uhat = M A u; v += uhat
            T::xpay(&mut u, beta, &w)?;
            let mut vn = T::scaled(beta * beta, &v)?;
            T::axpy(&mut vn, beta, &uhat)?;
            uhat = op(&u)?;
            T::axpy(&mut vn, T::one(), &uhat)?;
            v = vn;
        } else {
            let un = u_next.take().expect("set on even steps");
            uhat = op(&un)?;
            u = un;
            rho_last = rho;
        }
    }
    Ok((x, info(maxiter)))
}

/// The call [`qmr`] returns: set SciPy's keywords, then [`run`](Qmr::run) gives SciPy's
/// `(x, info)`: `info` `0` at convergence (`||r|| < max(rtol ||b||, atol)`), `maxiter` when
/// the iterations ran out, and SciPy's breakdown codes: `-10` (`rho`), `-11` (`beta`),
/// `-12` (`gamma`), `-13` (`delta`), `-14` (`epsilon`), `-15` (`xi`). Errors as
/// [`Krylov`]'s (the preconditioners `M1`, `M2` in place of `M`), and an operator without
/// an adjoint.
#[must_use = "a solver call does nothing until `.run()` is called"]
pub struct Qmr<'a, T: SolverDType> {
    a: Result<LinearOperator<'a, T>>,
    b: &'a Array<T>,
    x0: Option<&'a Array<T>>,
    rtol: f64,
    atol: f64,
    maxiter: Option<usize>,
    m1: Option<Result<LinearOperator<'a, T>>>,
    m2: Option<Result<LinearOperator<'a, T>>>,
    callback: Option<Callback<'a, T>>,
}

impl<T: SolverDType> std::fmt::Debug for Qmr<'_, T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("qmr")
            .field("rtol", &self.rtol)
            .field("atol", &self.atol)
            .field("maxiter", &self.maxiter)
            .finish_non_exhaustive()
    }
}

/// SciPy's `qmr(A, b, x0=None, *, rtol=1e-5, atol=0., maxiter=None, M1=None, M2=None,
/// callback=None)`: the quasi-minimal residual method (Freund and Nachtigal, with
/// look-ahead-free two-sided Lanczos), for any square `A` with an adjoint, with a left
/// (`M1`) and a right (`M2`) preconditioner, both with adjoints. Keywords are the methods of
/// [`Qmr`]; `.run()?` gives `(x, info)`.
///
/// An iteration is one product with each of `A`, `A^H`, `M1`, `M1^H`, `M2`, `M2^H` (none for
/// the default identities), five reductions and eight vector updates; the tests on
/// breakdown compare with `eps` of the dtype, as SciPy's.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sparse::CsrArray;
/// use kernels_std::sparse::linalg::qmr;
/// let dev = Device::cpu();
/// let d = Array::from_vec(&dev, &[3, 3], vec![4.0f64, 1.0, 0.0, -1.0, 4.0, 1.0, 0.0, -1.0, 4.0])?;
/// let a = CsrArray::<f64>::from_dense(&d)?;
/// let b = Array::from_vec(&dev, &[3], vec![5.0, 4.0, 3.0])?;
/// let (x, info) = qmr(&a, &b).rtol(1e-12).run()?;
/// assert_eq!(info, 0);
/// let r = (&b - &a.dot(&x)?).eval()?;
/// assert!(r.to_vec()?.iter().all(|v| v.abs() < 1e-10));
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn qmr<'a, T: SolverDType, A: AsLinearOperator<T> + ?Sized>(
    a: &'a A,
    b: &'a Array<T>,
) -> Qmr<'a, T> {
    Qmr {
        a: a.as_linear_operator(),
        b,
        x0: None,
        rtol: 1e-5,
        atol: 0.0,
        maxiter: None,
        m1: None,
        m2: None,
        callback: None,
    }
}

solver_keywords!(Qmr: x0, rtol, atol, maxiter, callback);

impl<'a, T: SolverDType> Qmr<'a, T> {
    /// SciPy's `M1`: the left preconditioner, of `A`'s shape, with an adjoint.
    pub fn m1<M: AsLinearOperator<T> + ?Sized>(mut self, m: &'a M) -> Self {
        self.m1 = Some(m.as_linear_operator());
        self
    }

    /// SciPy's `M2`: the right preconditioner, of `A`'s shape, with an adjoint.
    pub fn m2<M: AsLinearOperator<T> + ?Sized>(mut self, m: &'a M) -> Self {
        self.m2 = Some(m.as_linear_operator());
        self
    }

    /// Runs the solver: SciPy's `(x, info)` (see [`Qmr`]).
    pub fn run(mut self) -> Result<(Array<T>, i64)> {
        let a = std::mem::replace(&mut self.a, Err(Error::invalid("taken")))?;
        let sys = make_system("qmr", a, self.b, self.x0, None)?;
        let n = sys.b.len();
        let precond = |m: Option<Result<LinearOperator<'a, T>>>, name: &str| match m {
            None => Ok(LinearOperator::identity(n)),
            Some(m) => {
                let m = m?;
                if m.shape() != [n, n] {
                    return Err(Error::invalid(format!(
                        "qmr: matrix ({n}, {n}) and preconditioner {name} {:?} have different \
                         shapes",
                        m.shape()
                    )));
                }
                Ok(m)
            }
        };
        let m1 = precond(self.m1.take(), "M1")?;
        let m2 = precond(self.m2.take(), "M2")?;
        check_atol("qmr", self.atol)?;
        let bnrm2 = T::norm(&sys.b)?;
        let atol = self.atol.max(self.rtol * bnrm2.into());
        let atol = num_traits::cast::<f64, T::Re>(atol).unwrap_or_else(T::Re::infinity);
        if bnrm2 == T::Re::zero() {
            return Ok((sys.b.copy()?, 0));
        }
        let maxiter = self.maxiter.unwrap_or(n.saturating_mul(10));
        let mut callback = self.callback.take();
        let mut cb = |x: &Array<T>| {
            if let Some(f) = callback.as_mut() {
                f(x)
            }
        };
        qmr_loop(sys, &m1, &m2, atol, maxiter, &mut cb)
    }
}

/// SciPy's `qmr` loop.
fn qmr_loop<T: SolverDType>(
    sys: System<'_, T>,
    m1: &LinearOperator<'_, T>,
    m2: &LinearOperator<'_, T>,
    atol: T::Re,
    maxiter: usize,
    callback: &mut dyn FnMut(&Array<T>),
) -> Result<(Array<T>, i64)> {
    let mut r = residual(&sys)?;
    let System { a, mut x, .. } = sys;
    let tol = T::eps();
    let one = <T::Re as num_traits::One>::one();
    let mut vtilde = r.copy()?;
    let mut y = psolve(m1, &vtilde)?;
    let mut rho = T::norm(&y)?;
    let mut wtilde = r.copy()?;
    let mut z = rpsolve(m2, &wtilde)?;
    let mut xi = T::norm(&z)?;
    let (mut gamma, mut theta) = (one, T::Re::zero());
    let mut eta = -T::one();
    let mut epsilon = T::zero();
    // p, q, d, s
    type Directions<T> = (Array<T>, Array<T>, Array<T>, Array<T>);
    let mut state: Option<Directions<T>> = None;
    for iteration in 0..maxiter {
        if T::norm(&r)? < atol {
            return Ok((x, 0));
        }
        if rho.abs() < tol {
            return Ok((x, -10));
        }
        if xi.abs() < tol {
            return Ok((x, -15));
        }
        let v = T::scaled(T::from_real(one / rho), &vtilde)?;
        y = T::scaled(T::from_real(one / rho), &y)?;
        let w = T::scaled(T::from_real(one / xi), &wtilde)?;
        z = T::scaled(T::from_real(one / xi), &z)?;
        let delta = T::dot(&z, &y)?;
        if delta.modulus() < tol {
            return Ok((x, -13));
        }
        let mut ytilde = psolve(m2, &y)?;
        let mut ztilde = rpsolve(m1, &z)?;
        let prev = state.take();
        let (p, q) = match &prev {
            Some((p, q, _, _)) if iteration > 0 => {
                T::axpy(&mut ytilde, -(T::from_real(xi) * delta / epsilon), p)?;
                T::axpy(
                    &mut ztilde,
                    -(T::from_real(rho) * (delta / epsilon).conj()),
                    q,
                )?;
                (ytilde, ztilde)
            }
            _ => (ytilde, ztilde),
        };
        let ptilde = a.matvec(&p)?;
        epsilon = T::dot(&q, &ptilde)?;
        if epsilon.modulus() < tol {
            return Ok((x, -14));
        }
        let beta = epsilon / delta;
        if beta.modulus() < tol {
            return Ok((x, -11));
        }
        vtilde = ptilde.copy()?;
        T::axpy(&mut vtilde, -beta, &v)?;
        y = psolve(m1, &vtilde)?;
        let rho_prev = rho;
        rho = T::norm(&y)?;
        wtilde = a.rmatvec(&q)?;
        T::axpy(&mut wtilde, -beta.conj(), &w)?;
        z = rpsolve(m2, &wtilde)?;
        xi = T::norm(&z)?;
        let (gamma_prev, theta_prev) = (gamma, theta);
        theta = rho / (gamma_prev * beta.modulus());
        gamma = one / (one + theta * theta).sqrt();
        if gamma.abs() < tol {
            return Ok((x, -12));
        }
        let g = gamma / gamma_prev;
        eta = eta * -(T::from_real(rho_prev) / beta) * T::from_real(g * g);
        let (d, s) = match prev {
            Some((_, _, d, s)) if iteration > 0 => {
                let f = T::from_real((theta_prev * gamma) * (theta_prev * gamma));
                // d = f d + eta p, s = f s + eta ptilde
                let mut dn = T::scaled(f, &d)?;
                T::axpy(&mut dn, eta, &p)?;
                let mut sn = T::scaled(f, &s)?;
                T::axpy(&mut sn, eta, &ptilde)?;
                (dn, sn)
            }
            _ => (T::scaled(eta, &p)?, T::scaled(eta, &ptilde)?),
        };
        T::axpy(&mut x, T::one(), &d)?;
        T::axpy(&mut r, -T::one(), &s)?;
        state = Some((p, q, d, s));
        callback(&x);
    }
    Ok((x, info(maxiter)))
}
