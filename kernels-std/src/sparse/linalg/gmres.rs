//! SciPy's `gmres` (`_isolve/iterative.py`) and `minres` (`_isolve/minres.py`): host loops
//! over device operations, as the other Krylov solvers.

use super::interface::{AsLinearOperator, LinearOperator};
use super::isolve::{
    check_atol, info, make_system, psolve, residual, solver_keywords, Callback, System,
};
use super::scalar::SolverDType;
use crate::prelude::*;
use num_traits::{Float as _, Zero as _};

/// A callback of a residual norm (SciPy's `callback(pr_norm)`).
type NormCallback<'a, T> = Box<dyn FnMut(<T as SolverDType>::Re) + 'a>;

/// What [`gmres`] calls back, and when (SciPy's `callback_type`).
enum GmresCallback<'a, T: SolverDType> {
    None,
    /// `'x'`: the iterate, after each restart cycle.
    X(Callback<'a, T>),
    /// `'pr_norm'`: the preconditioned residual norm relative to `||b||`, after each inner
    /// iteration.
    PrNorm(NormCallback<'a, T>),
    /// `'legacy'`: as `'pr_norm'`, and `maxiter` counts inner iterations.
    Legacy(NormCallback<'a, T>),
}

/// The call [`gmres`] returns: set SciPy's keywords, then [`run`](Gmres::run) gives SciPy's
/// `(x, info)`: `info` `0` when `||b - A x|| <= max(rtol ||b||, atol)` at the end, `maxiter`
/// otherwise (also after a breakdown whose solution misses the tolerance, as SciPy's).
/// Errors as [`Krylov`](super::Krylov)'s, and a `restart` of 0.
#[must_use = "a solver call does nothing until `.run()` is called"]
pub struct Gmres<'a, T: SolverDType> {
    a: Result<LinearOperator<'a, T>>,
    b: &'a Array<T>,
    x0: Option<&'a Array<T>>,
    rtol: f64,
    atol: f64,
    restart: Option<usize>,
    maxiter: Option<usize>,
    m: Option<Result<LinearOperator<'a, T>>>,
    callback: GmresCallback<'a, T>,
}

impl<T: SolverDType> std::fmt::Debug for Gmres<'_, T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("gmres")
            .field("rtol", &self.rtol)
            .field("atol", &self.atol)
            .field("restart", &self.restart)
            .field("maxiter", &self.maxiter)
            .finish_non_exhaustive()
    }
}

/// SciPy's `gmres(A, b, x0=None, *, rtol=1e-5, atol=0., restart=None, maxiter=None, M=None,
/// callback=None, callback_type=None)`: the restarted generalized minimal residual method,
/// for any square `A`. Keywords are the methods of [`Gmres`]; `.run()?` gives `(x, info)`.
///
/// Each restart cycle runs up to `restart` (default 20, at most `n`) inner iterations of
/// modified Gram-Schmidt Arnoldi with Givens rotations on the left-preconditioned system
/// `M A x = M b`; the inner tolerance adapts to the true residual as SciPy's (gh-8400). An
/// inner iteration is one product with `A`, one with `M`, `k + 2` reductions and `k + 1`
/// vector updates (`k` the Krylov vectors so far); the small Hessenberg problem is solved
/// on the host. `maxiter` (default `10 n`) counts restart cycles, unless the callback is
/// [`callback_legacy`](Gmres::callback_legacy)'s, where it counts inner iterations.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sparse::CsrArray;
/// use kernels_std::sparse::linalg::gmres;
/// let dev = Device::cpu();
/// let d = Array::from_vec(&dev, &[3, 3], vec![4.0f64, 1.0, 0.0, -1.0, 4.0, 1.0, 0.0, -1.0, 4.0])?;
/// let a = CsrArray::<f64>::from_dense(&d)?;
/// let b = Array::from_vec(&dev, &[3], vec![5.0, 4.0, 3.0])?;
/// let mut norms = vec![];
/// let (x, info) = gmres(&a, &b).rtol(1e-12).callback_pr_norm(|r| norms.push(r)).run()?;
/// assert_eq!(info, 0);
/// let r = (&b - &a.dot(&x)?).eval()?;
/// assert!(r.to_vec()?.iter().all(|v| v.abs() < 1e-10));
/// // Three inner iterations solve a 3 x 3 system exactly.
/// assert_eq!(norms.len(), 3);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn gmres<'a, T: SolverDType, A: AsLinearOperator<T> + ?Sized>(
    a: &'a A,
    b: &'a Array<T>,
) -> Gmres<'a, T> {
    Gmres {
        a: a.as_linear_operator(),
        b,
        x0: None,
        rtol: 1e-5,
        atol: 0.0,
        restart: None,
        maxiter: None,
        m: None,
        callback: GmresCallback::None,
    }
}

solver_keywords!(Gmres: x0, rtol, atol);

impl<'a, T: SolverDType> Gmres<'a, T> {
    /// SciPy's `restart` (default 20): the Krylov vectors of a cycle (at most `n`; `0` is an
    /// error at `run`).
    pub fn restart(mut self, restart: usize) -> Self {
        self.restart = Some(restart);
        self
    }

    /// SciPy's `maxiter` (default `10 n`): restart cycles, or inner iterations under
    /// [`callback_legacy`](Self::callback_legacy).
    pub fn maxiter(mut self, maxiter: usize) -> Self {
        self.maxiter = Some(maxiter);
        self
    }

    /// SciPy's `M`: the (left) preconditioner, of `A`'s shape.
    pub fn m<M: AsLinearOperator<T> + ?Sized>(mut self, m: &'a M) -> Self {
        self.m = Some(m.as_linear_operator());
        self
    }

    /// SciPy's `callback` with `callback_type='x'`: called with the iterate after each
    /// restart cycle.
    pub fn callback(mut self, callback: impl FnMut(&Array<T>) + 'a) -> Self {
        self.callback = GmresCallback::X(Box::new(callback));
        self
    }

    /// SciPy's `callback` with `callback_type='pr_norm'`: called after each inner iteration
    /// with the preconditioned residual norm estimate over `||b||`.
    pub fn callback_pr_norm(mut self, callback: impl FnMut(T::Re) + 'a) -> Self {
        self.callback = GmresCallback::PrNorm(Box::new(callback));
        self
    }

    /// SciPy's `callback` with `callback_type='legacy'` (SciPy's default when a callback is
    /// given without a type): as [`callback_pr_norm`](Self::callback_pr_norm), and
    /// `maxiter` counts inner iterations; the run stops after `maxiter` of them.
    pub fn callback_legacy(mut self, callback: impl FnMut(T::Re) + 'a) -> Self {
        self.callback = GmresCallback::Legacy(Box::new(callback));
        self
    }

    /// Runs the solver: SciPy's `(x, info)` (see [`Gmres`]).
    pub fn run(mut self) -> Result<(Array<T>, i64)> {
        let a = std::mem::replace(&mut self.a, Err(Error::invalid("taken")))?;
        let sys = make_system("gmres", a, self.b, self.x0, self.m.take())?;
        check_atol("gmres", self.atol)?;
        let bnrm2 = T::norm(&sys.b)?;
        let atol = self.atol.max(self.rtol * bnrm2.into());
        let atol = num_traits::cast::<f64, T::Re>(atol).unwrap_or_else(T::Re::infinity);
        if bnrm2 == T::Re::zero() {
            return Ok((sys.b.copy()?, 0));
        }
        let n = sys.b.len();
        let maxiter = self.maxiter.unwrap_or(n.saturating_mul(10));
        let restart = self.restart.unwrap_or(20).min(n);
        if restart == 0 {
            return Err(Error::invalid("gmres: restart must be positive"));
        }
        let callback = std::mem::replace(&mut self.callback, GmresCallback::None);
        gmres_loop(sys, bnrm2, atol, restart, maxiter, callback)
    }
}

/// LAPACK's `lartg(f, g)`: `(c, s, r)` with `c` real, `[c s; -conj(s) c] [f; g] = [r; 0]`.
fn lartg<T: SolverDType>(f: T, g: T) -> (T, T, T) {
    let zero = T::Re::zero();
    let (af, ag) = (f.modulus(), g.modulus());
    if ag == zero {
        return (T::one(), T::zero(), f);
    }
    if af == zero {
        return (T::zero(), g.conj() / T::from_real(ag), T::from_real(ag));
    }
    let d = af.hypot(ag);
    let sign = f / T::from_real(af);
    let c = T::from_real(af / d);
    let s = g.conj() * sign / T::from_real(d);
    (c, s, sign * T::from_real(d))
}

/// SciPy's `gmres` loop.
fn gmres_loop<T: SolverDType>(
    sys: System<'_, T>,
    bnrm2: T::Re,
    atol: T::Re,
    restart: usize,
    maxiter: usize,
    mut callback: GmresCallback<'_, T>,
) -> Result<(Array<T>, i64)> {
    let legacy = matches!(callback, GmresCallback::Legacy(_));
    let mut r = residual(&sys)?;
    let System { a, m, mut x, b, .. } = sys;
    let eps = T::eps();
    let one = <T::Re as num_traits::One>::one();
    let mb_nrm2 = T::norm(&psolve(&m, &b)?)?;
    let mut ptol_max_factor = one;
    let mut ptol = mb_nrm2 * ptol_max_factor.min(atol / bnrm2);
    // h[col][k]: column col of the Hessenberg matrix, as SciPy's h[col, k].
    let mut h = vec![vec![T::zero(); restart + 1]; restart];
    let mut givens = vec![(T::zero(), T::zero()); restart];
    let mut inner_iter = 0usize;
    let mut rnorm = T::norm(&r)?;
    if rnorm < atol {
        return Ok((x, 0));
    }
    for _ in 0..maxiter {
        let mut v: Vec<Array<T>> = Vec::with_capacity(restart + 1);
        let mut v0 = psolve(&m, &r)?;
        let tmp = T::norm(&v0)?;
        v0 = T::scaled(T::from_real(one / tmp), &v0)?;
        v.push(v0);
        let mut s = vec![T::zero(); restart + 1];
        s[0] = T::from_real(tmp);
        let mut breakdown = false;
        let mut col = 0;
        let mut presid;
        loop {
            let av = a.matvec(&v[col])?;
            let mut w = psolve(&m, &av)?;
            let h0 = T::norm(&w)?;
            for (k, vk) in v.iter().enumerate() {
                let t = T::dot(vk, &w)?;
                h[col][k] = t;
                T::axpy(&mut w, -t, vk)?;
            }
            let h1 = T::norm(&w)?;
            h[col][col + 1] = T::from_real(h1);
            if h1 <= eps * h0 {
                h[col][col + 1] = T::zero();
                breakdown = true;
                v.push(w);
            } else {
                v.push(T::scaled(T::from_real(one / h1), &w)?);
            }
            for k in 0..col {
                let (c, sn) = givens[k];
                let (n0, n1) = (h[col][k], h[col][k + 1]);
                h[col][k] = c * n0 + sn * n1;
                h[col][k + 1] = -sn.conj() * n0 + c * n1;
            }
            let (c, sn, mag) = lartg(h[col][col], h[col][col + 1]);
            givens[col] = (c, sn);
            h[col][col] = mag;
            h[col][col + 1] = T::zero();
            let tmp = -sn.conj() * s[col];
            s[col] = c * s[col];
            s[col + 1] = tmp;
            presid = tmp.modulus();
            inner_iter += 1;
            match &mut callback {
                GmresCallback::PrNorm(f) | GmresCallback::Legacy(f) => f(presid / bnrm2),
                _ => {}
            }
            if (legacy && inner_iter == maxiter) || presid <= ptol || breakdown {
                break;
            }
            col += 1;
            if col == restart {
                col -= 1;
                break;
            }
        }
        // Back substitution with h[col][col] upper triangular (h[j][k], k <= j), a zero
        // diagonal element at the end giving a pseudo-solve as SciPy's.
        if h[col][col] == T::zero() {
            s[col] = T::zero();
        }
        let mut y: Vec<T> = s[..=col].to_vec();
        for k in (1..=col).rev() {
            if y[k] != T::zero() {
                y[k] = y[k] / h[k][k];
                let t = y[k];
                for (j, yj) in y[..k].iter_mut().enumerate() {
                    *yj = *yj - t * h[k][j];
                }
            }
        }
        if y[0] != T::zero() {
            y[0] = y[0] / h[0][0];
        }
        for (yk, vk) in y.iter().zip(&v) {
            T::axpy(&mut x, *yk, vk)?;
        }
        r = T::minus(&b, &a.matvec(&x)?)?;
        rnorm = T::norm(&r)?;
        if legacy && inner_iter == maxiter {
            return Ok((x, if rnorm <= atol { 0 } else { info(maxiter) }));
        }
        if let GmresCallback::X(f) = &mut callback {
            f(&x);
        }
        if rnorm <= atol || breakdown {
            break;
        } else if presid <= ptol {
            ptol_max_factor =
                eps.max(ptol_max_factor * num_traits::cast::<f64, T::Re>(0.25).unwrap_or(one));
        } else {
            ptol_max_factor =
                one.min(ptol_max_factor * num_traits::cast::<f64, T::Re>(1.5).unwrap_or(one));
        }
        ptol = presid * ptol_max_factor.min(atol / rnorm);
    }
    Ok((x, if rnorm <= atol { 0 } else { info(maxiter) }))
}

/// The call [`minres`] returns: set SciPy's keywords, then [`run`](Minres::run) gives SciPy's
/// `(x, info)`: `info` `0` when a stopping test other than the iteration limit ended the run
/// (SciPy's `istop` 1 to 5, or -1, 0: the residual, the least-squares residual, `eps`
/// accuracy, an eigenvector, `cond(A)` past `0.1 / eps`), `maxiter` when the iterations ran
/// out. Errors, as SciPy's `ValueError`s: those of [`Krylov`](super::Krylov) (but `atol`,
/// which `minres` has not), a preconditioner that is not positive definite, an `A` found
/// not Hermitian (`r . M r < 0`, or [`check`](Minres::check)'s tests).
#[must_use = "a solver call does nothing until `.run()` is called"]
pub struct Minres<'a, T: SolverDType> {
    a: Result<LinearOperator<'a, T>>,
    b: &'a Array<T>,
    x0: Option<&'a Array<T>>,
    rtol: f64,
    shift: f64,
    maxiter: Option<usize>,
    m: Option<Result<LinearOperator<'a, T>>>,
    callback: Option<Callback<'a, T>>,
    check: bool,
}

impl<T: SolverDType> std::fmt::Debug for Minres<'_, T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("minres")
            .field("rtol", &self.rtol)
            .field("shift", &self.shift)
            .field("maxiter", &self.maxiter)
            .field("check", &self.check)
            .finish_non_exhaustive()
    }
}

/// SciPy's `minres(A, b, x0=None, *, rtol=1e-5, shift=0.0, maxiter=None, M=None,
/// callback=None, show=False, check=False)`: the minimum residual method for a Hermitian
/// (possibly indefinite) `A`, solving `(A - shift I) x = b`; `M` must be Hermitian positive
/// definite. Keywords are the methods of [`Minres`]; `.run()?` gives `(x, info)`.
///
/// SciPy's loop (Paige and Saunders' Lanczos with rotations): an iteration is one product
/// with `A`, one with `M`, three reductions (`v . y`, `r . M r`, `||x||`) and six vector
/// updates; the recurrence's scalars are kept in `f64` on the host. Unlike SciPy's, complex
/// Hermitian systems work (SciPy's products are unconjugated) and the initial residual of an
/// `x0` includes the shift; see `DIFFERENCES.md`.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sparse::CsrArray;
/// use kernels_std::sparse::linalg::minres;
/// let dev = Device::cpu();
/// // Symmetric and indefinite (eigenvalues of both signs): cg would not do.
/// let d = Array::from_vec(&dev, &[3, 3], vec![1.0f64, 2.0, 0.0, 2.0, -1.0, 1.0, 0.0, 1.0, 3.0])?;
/// let a = CsrArray::<f64>::from_dense(&d)?;
/// let b = Array::from_vec(&dev, &[3], vec![3.0, 2.0, 4.0])?;
/// let (x, info) = minres(&a, &b).rtol(1e-12).run()?;
/// assert_eq!(info, 0);
/// for v in x.to_vec()? {
///     assert!((v - 1.0).abs() < 1e-10);
/// }
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn minres<'a, T: SolverDType, A: AsLinearOperator<T> + ?Sized>(
    a: &'a A,
    b: &'a Array<T>,
) -> Minres<'a, T> {
    Minres {
        a: a.as_linear_operator(),
        b,
        x0: None,
        rtol: 1e-5,
        shift: 0.0,
        maxiter: None,
        m: None,
        callback: None,
        check: false,
    }
}

solver_keywords!(Minres: x0, callback);

impl<'a, T: SolverDType> Minres<'a, T> {
    /// SciPy's `rtol` (default `1e-5`): stop when `||r|| <= rtol ||A|| ||x||` (estimates).
    pub fn rtol(mut self, rtol: f64) -> Self {
        self.rtol = rtol;
        self
    }

    /// SciPy's `shift` (default `0`): solve `(A - shift I) x = b`.
    pub fn shift(mut self, shift: f64) -> Self {
        self.shift = shift;
        self
    }

    /// SciPy's `maxiter` (default `5 n`).
    pub fn maxiter(mut self, maxiter: usize) -> Self {
        self.maxiter = Some(maxiter);
        self
    }

    /// SciPy's `M`: a Hermitian positive definite preconditioner, of `A`'s shape.
    pub fn m<M: AsLinearOperator<T> + ?Sized>(mut self, m: &'a M) -> Self {
        self.m = Some(m.as_linear_operator());
        self
    }

    /// SciPy's `check` (default `false`): test first that `A` and `M` look Hermitian (two
    /// more products with `A`, one with `M`), an error if not.
    pub fn check(mut self, check: bool) -> Self {
        self.check = check;
        self
    }

    /// Runs the solver: SciPy's `(x, info)` (see [`Minres`]).
    pub fn run(mut self) -> Result<(Array<T>, i64)> {
        let a = std::mem::replace(&mut self.a, Err(Error::invalid("taken")))?;
        let sys = make_system("minres", a, self.b, self.x0, self.m.take())?;
        let n = sys.b.len();
        let maxiter = self.maxiter.unwrap_or(n.saturating_mul(5));
        let mut callback = self.callback.take();
        minres_loop(sys, self, maxiter, &mut callback)
    }
}

fn re<T: SolverDType>(v: T) -> f64 {
    v.re().into()
}

fn scalar<T: SolverDType>(v: f64) -> T {
    T::from_real(num_traits::cast(v).unwrap_or_else(T::Re::nan))
}

/// SciPy's `minres` loop.
fn minres_loop<T: SolverDType>(
    sys: System<'_, T>,
    opts: Minres<'_, T>,
    maxiter: usize,
    callback: &mut Option<Callback<'_, T>>,
) -> Result<(Array<T>, i64)> {
    let shift = opts.shift;
    let mut r1 = residual(&sys)?;
    let System {
        a,
        m,
        mut x,
        b,
        x_nonzero,
    } = sys;
    if x_nonzero && shift != 0.0 {
        T::axpy(&mut r1, scalar(shift), &x)?;
    }
    let eps: f64 = T::eps().into();
    let mut y = psolve(&m, &r1)?;
    let beta1 = re(T::dot(&r1, &y)?);
    if beta1 < 0.0 {
        return Err(Error::invalid("minres: indefinite preconditioner"));
    } else if beta1 == 0.0 {
        return Ok((x, 0));
    }
    if T::norm(&b)? == T::Re::zero() {
        return Ok((b.copy()?, 0));
    }
    let beta1 = beta1.sqrt();
    if opts.check {
        let w = a.matvec(&y)?;
        let r2 = a.matvec(&w)?;
        let s = re(T::dot(&w, &w)?);
        let t = re(T::dot(&y, &r2)?);
        if (s - t).abs() > (s + eps) * eps.cbrt() {
            return Err(Error::invalid("minres: non-symmetric matrix"));
        }
        let r2 = psolve(&m, &y)?;
        let s = re(T::dot(&y, &y)?);
        let t = re(T::dot(&r1, &r2)?);
        if (s - t).abs() > (s + eps) * eps.cbrt() {
            return Err(Error::invalid("minres: non-symmetric preconditioner"));
        }
    }
    let (mut oldb, mut beta, mut dbar, mut epsln) = (0.0f64, beta1, 0.0f64, 0.0f64);
    let (mut phibar, mut rhs1, mut rhs2, mut tnorm2) = (beta1, beta1, 0.0f64, 0.0f64);
    let (mut gmax, mut gmin, mut cs, mut sn) = (0.0f64, f64::MAX, -1.0f64, 0.0f64);
    let n = b.len();
    let dev = b.device();
    let mut w = Array::<T>::zeros(&dev, &[n])?;
    let mut w2 = Array::<T>::zeros(&dev, &[n])?;
    let mut r2 = r1.clone();
    let mut istop = 0i32;
    let mut itn = 0usize;
    while itn < maxiter {
        itn += 1;
        let v = T::scaled(scalar(1.0 / beta), &y)?;
        y = a.matvec(&v)?;
        if shift != 0.0 {
            T::axpy(&mut y, scalar(-shift), &v)?;
        }
        if itn >= 2 {
            T::axpy(&mut y, scalar(-beta / oldb), &r1)?;
        }
        let alfa = re(T::dot(&v, &y)?);
        T::axpy(&mut y, scalar(-alfa / beta), &r2)?;
        r1 = r2;
        r2 = y;
        y = psolve(&m, &r2)?;
        oldb = beta;
        let beta2 = re(T::dot(&r2, &y)?);
        if beta2 < 0.0 {
            return Err(Error::invalid("minres: non-symmetric matrix"));
        }
        beta = beta2.sqrt();
        tnorm2 += alfa * alfa + oldb * oldb + beta * beta;
        if itn == 1 && beta / beta1 <= 10.0 * eps {
            istop = -1;
        }
        let oldeps = epsln;
        let delta = cs * dbar + sn * alfa;
        let gbar = sn * dbar - cs * alfa;
        epsln = sn * beta;
        dbar = -cs * beta;
        let root = gbar.hypot(dbar);
        let gamma = gbar.hypot(beta).max(eps);
        cs = gbar / gamma;
        sn = beta / gamma;
        let phi = cs * phibar;
        phibar *= sn;
        // w1 = w2; w2 = w; w = (v - oldeps w1 - delta w2) / gamma
        let denom = 1.0 / gamma;
        let mut wnew = T::scaled(scalar(denom), &v)?;
        T::axpy(&mut wnew, scalar(-oldeps * denom), &w2)?;
        T::axpy(&mut wnew, scalar(-delta * denom), &w)?;
        w2 = std::mem::replace(&mut w, wnew);
        T::axpy(&mut x, scalar(phi), &w)?;
        gmax = gmax.max(gamma);
        gmin = gmin.min(gamma);
        let z = rhs1 / gamma;
        rhs1 = rhs2 - delta * z;
        rhs2 = -epsln * z;
        let anorm = tnorm2.sqrt();
        let ynorm: f64 = T::norm(&x)?.into();
        let epsx = anorm * ynorm * eps;
        let rnorm = phibar;
        let test1 = if ynorm == 0.0 || anorm == 0.0 {
            f64::INFINITY
        } else {
            rnorm / (anorm * ynorm)
        };
        let test2 = if anorm == 0.0 {
            f64::INFINITY
        } else {
            root / anorm
        };
        let acond = gmax / gmin;
        if istop == 0 {
            if 1.0 + test2 <= 1.0 {
                istop = 2;
            }
            if 1.0 + test1 <= 1.0 {
                istop = 1;
            }
            if itn >= maxiter {
                istop = 6;
            }
            if acond >= 0.1 / eps {
                istop = 4;
            }
            if epsx >= beta1 {
                istop = 3;
            }
            if test2 <= opts.rtol {
                istop = 2;
            }
            if test1 <= opts.rtol {
                istop = 1;
            }
        }
        if let Some(f) = callback.as_mut() {
            f(&x);
        }
        if istop != 0 {
            break;
        }
    }
    Ok((x, if istop == 6 { info(maxiter) } else { 0 }))
}
