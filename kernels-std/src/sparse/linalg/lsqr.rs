//! SciPy's least-squares solvers `lsqr` (`_isolve/lsqr.py`) and `lsmr` (`_isolve/lsmr.py`):
//! Golub-Kahan bidiagonalization as host loops over device operations; the recurrences'
//! scalars in `f64` on the host.

use super::interface::{AsLinearOperator, LinearOperator};
use super::scalar::SolverDType;
use crate::prelude::*;

/// What [`lsqr`] returns: SciPy's tuple `(x, istop, itn, r1norm, r2norm, anorm, acond,
/// arnorm, xnorm, var)` less `var`, as named fields.
#[derive(Debug, Clone)]
pub struct LsqrResult<T: DType> {
    /// The solution, `[n]`.
    pub x: Array<T>,
    /// Why the iteration stopped: `0` `x = 0` (or `x0`) is exact, `1` `Ax - b` small enough
    /// given `atol`, `btol`; `2` the least-squares solution good enough given `atol`; `3` the
    /// estimated `cond(Abar)` exceeded `conlim`; `4`, `5`, `6` as `1`, `2`, `3` for the machine
    /// precision; `7` the iteration limit was reached.
    pub istop: i32,
    /// The iterations made.
    pub itn: usize,
    /// `||b - A x||` (estimated; negative when its square's estimate is).
    pub r1norm: f64,
    /// `sqrt(||b - A x||^2 + damp^2 ||x - x0||^2)` (estimated).
    pub r2norm: f64,
    /// The Frobenius norm of `Abar = [A; damp I]` (estimated).
    pub anorm: f64,
    /// The condition number of `Abar` (estimated).
    pub acond: f64,
    /// `||Abar^H (b - A x) - damp^2 x||` (estimated).
    pub arnorm: f64,
    /// `||x||` (estimated).
    pub xnorm: f64,
}

/// What [`lsmr`] returns: SciPy's tuple `(x, istop, itn, normr, normar, norma, conda,
/// normx)` as named fields.
#[derive(Debug, Clone)]
pub struct LsmrResult<T: DType> {
    /// The solution, `[n]`.
    pub x: Array<T>,
    /// Why the iteration stopped: the codes of [`LsqrResult::istop`].
    pub istop: i32,
    /// The iterations made.
    pub itn: usize,
    /// `||b - A x||` (estimated).
    pub normr: f64,
    /// `||A^H (b - A x)||` (estimated).
    pub normar: f64,
    /// The Frobenius norm of `Abar` (estimated).
    pub norma: f64,
    /// The condition number of `Abar` (estimated).
    pub conda: f64,
    /// `||x||`.
    pub normx: f64,
}

/// The marker of an [`lsqr`] call ([`Lsqr`]).
#[derive(Clone, Copy, Debug)]
pub struct LsqrKind;

/// The marker of an [`lsmr`] call ([`Lsmr`]).
#[derive(Clone, Copy, Debug)]
pub struct LsmrKind;

/// The call [`lsqr`] returns; `.run()?` gives an [`LsqrResult`].
pub type Lsqr<'a, T> = LeastSquares<'a, T, LsqrKind>;

/// The call [`lsmr`] returns; `.run()?` gives an [`LsmrResult`].
pub type Lsmr<'a, T> = LeastSquares<'a, T, LsmrKind>;

/// The call [`lsqr`] and [`lsmr`] return ([`Lsqr`], [`Lsmr`]): set SciPy's keywords, then
/// `run` gives the result.
///
/// Errors, as SciPy's `ValueError`s: `b` not of `[m]` or `[m, 1]`, `x0` not of `[n]` or
/// `[n, 1]`, arrays on different devices, an operator without an adjoint (`rmatvec`).
#[must_use = "a solver call does nothing until it is run"]
pub struct LeastSquares<'a, T: SolverDType, K> {
    kind: std::marker::PhantomData<K>,
    a: Result<LinearOperator<'a, T>>,
    b: &'a Array<T>,
    x0: Option<&'a Array<T>>,
    damp: f64,
    atol: f64,
    btol: f64,
    conlim: f64,
    maxiter: Option<usize>,
}

impl<T: SolverDType, K> std::fmt::Debug for LeastSquares<'_, T, K> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LeastSquares")
            .field("damp", &self.damp)
            .field("atol", &self.atol)
            .field("btol", &self.btol)
            .field("conlim", &self.conlim)
            .field("maxiter", &self.maxiter)
            .finish_non_exhaustive()
    }
}

fn least_squares<'a, T: SolverDType, K, A: AsLinearOperator<T> + ?Sized>(
    a: &'a A,
    b: &'a Array<T>,
) -> LeastSquares<'a, T, K> {
    LeastSquares {
        kind: std::marker::PhantomData,
        a: a.as_linear_operator(),
        b,
        x0: None,
        damp: 0.0,
        atol: 1e-6,
        btol: 1e-6,
        conlim: 1e8,
        maxiter: None,
    }
}

/// SciPy's `lsqr(A, b, damp=0.0, atol=1e-6, btol=1e-6, conlim=1e8, iter_lim=None, x0=None)`:
/// the least-squares solution of `A x = b` for any `m x n` `A` (anything
/// [`AsLinearOperator`] with an adjoint), minimizing `||A x - b||^2 + damp^2 ||x||^2`.
/// Keywords are the methods of [`LeastSquares`] (and [`iter_lim`](Lsqr::iter_lim));
/// `.run()?` gives an [`LsqrResult`].
///
/// SciPy's loop (Paige and Saunders): each iteration is one product with `A`, one with `A^H`,
/// three norms and four vector updates. `iter_lim` defaults to `2 n`.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sparse::CsrArray;
/// use kernels_std::sparse::linalg::lsqr;
/// let dev = Device::cpu();
/// // Fit y = c0 + c1 t through (0, 1), (1, 3), (2, 5), (3, 6): 4 equations, 2 unknowns.
/// let d = Array::from_vec(&dev, &[4, 2], vec![1.0f64, 0.0, 1.0, 1.0, 1.0, 2.0, 1.0, 3.0])?;
/// let a = CsrArray::<f64>::from_dense(&d)?;
/// let b = Array::from_vec(&dev, &[4], vec![1.0, 3.0, 5.0, 6.0])?;
/// let r = lsqr(&a, &b).atol(1e-12).btol(1e-12).run()?;
/// assert_eq!(r.istop, 2); // a least-squares solution (the system has none exactly)
/// let x = r.x.to_vec()?;
/// assert!((x[0] - 1.2).abs() < 1e-10 && (x[1] - 1.7).abs() < 1e-10);
/// assert!((r.r1norm - 0.3f64.sqrt()).abs() < 1e-10);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn lsqr<'a, T: SolverDType, A: AsLinearOperator<T> + ?Sized>(
    a: &'a A,
    b: &'a Array<T>,
) -> Lsqr<'a, T> {
    least_squares(a, b)
}

/// SciPy's `lsmr(A, b, damp=0.0, atol=1e-6, btol=1e-6, conlim=1e8, maxiter=None, x0=None)`:
/// the least-squares solution of `A x = b` by LSMR (Fong and Saunders), which makes
/// `||A^H r||` decrease monotonically. Keywords are the methods of [`LeastSquares`]
/// (and [`maxiter`](Lsmr::maxiter), default `min(m, n)`); `.run()?` gives an [`LsmrResult`].
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sparse::CsrArray;
/// use kernels_std::sparse::linalg::lsmr;
/// let dev = Device::cpu();
/// let d = Array::from_vec(&dev, &[4, 2], vec![1.0f64, 0.0, 1.0, 1.0, 1.0, 2.0, 1.0, 3.0])?;
/// let a = CsrArray::<f64>::from_dense(&d)?;
/// let b = Array::from_vec(&dev, &[4], vec![1.0, 3.0, 5.0, 6.0])?;
/// let r = lsmr(&a, &b).atol(1e-12).btol(1e-12).run()?;
/// let x = r.x.to_vec()?;
/// assert!((x[0] - 1.2).abs() < 1e-10 && (x[1] - 1.7).abs() < 1e-10);
/// assert!(r.itn <= 2);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn lsmr<'a, T: SolverDType, A: AsLinearOperator<T> + ?Sized>(
    a: &'a A,
    b: &'a Array<T>,
) -> Lsmr<'a, T> {
    least_squares(a, b)
}

/// `[A v, A^H u]` products and the checked start of both solvers.
struct Start<'a, T: SolverDType> {
    a: LinearOperator<'a, T>,
    b: Array<T>,
    x: Array<T>,
    x0: bool,
    n: usize,
}

impl<'a, T: SolverDType, K> LeastSquares<'a, T, K> {
    /// SciPy's `x0`: the initial guess, `[n]` or `[n, 1]` (default zeros).
    pub fn x0(mut self, x0: &'a Array<T>) -> Self {
        self.x0 = Some(x0);
        self
    }

    /// SciPy's `damp` (default `0`): the regularization `damp^2 ||x||^2`.
    pub fn damp(mut self, damp: f64) -> Self {
        self.damp = damp;
        self
    }

    /// SciPy's `atol` (default `1e-6`).
    pub fn atol(mut self, atol: f64) -> Self {
        self.atol = atol;
        self
    }

    /// SciPy's `btol` (default `1e-6`).
    pub fn btol(mut self, btol: f64) -> Self {
        self.btol = btol;
        self
    }

    /// SciPy's `conlim` (default `1e8`; `0` or less: no limit).
    pub fn conlim(mut self, conlim: f64) -> Self {
        self.conlim = conlim;
        self
    }

    fn start(&mut self, what: &str) -> Result<Start<'a, T>> {
        let a = std::mem::replace(&mut self.a, Err(Error::invalid("taken")))?;
        let [m, n] = a.shape();
        let vector = |v: &Array<T>, k: usize, name: &str| -> Result<Array<T>> {
            match v.shape() {
                [len] | [len, 1] if *len == k => v.reshape(&[k]),
                s => Err(Error::ShapeMismatch {
                    op: format!("{what}: shapes of A ({m}, {n}) and {name} are incompatible"),
                    expected: vec![k],
                    found: s.to_vec(),
                }),
            }
        };
        let b = vector(self.b, m, "b")?;
        let dev = b.device();
        let (x, x0) = match self.x0 {
            None => (Array::zeros(&dev, &[n])?, false),
            Some(x0) => {
                let x0 = vector(x0, n, "x0")?;
                if x0.device() != dev {
                    return Err(Error::invalid(format!(
                        "{what}: x0 is on {:?}, b on {dev:?}",
                        x0.device()
                    )));
                }
                (x0.copy()?, true)
            }
        };
        Ok(Start { a, b, x, x0, n })
    }
}

impl<'a, T: SolverDType> Lsqr<'a, T> {
    /// SciPy's `iter_lim` (default `2 n`).
    pub fn iter_lim(mut self, iter_lim: usize) -> Self {
        self.maxiter = Some(iter_lim);
        self
    }

    /// Runs `lsqr`: the [`LsqrResult`].
    pub fn run(mut self) -> Result<LsqrResult<T>> {
        let st = self.start("lsqr")?;
        let iter_lim = self.maxiter.unwrap_or(st.n.saturating_mul(2));
        let opts = Opts::of(&self);
        lsqr_loop(st, opts, iter_lim)
    }
}

impl<'a, T: SolverDType> Lsmr<'a, T> {
    /// SciPy's `maxiter` (default `min(m, n)`).
    pub fn maxiter(mut self, maxiter: usize) -> Self {
        self.maxiter = Some(maxiter);
        self
    }

    /// Runs `lsmr`: the [`LsmrResult`].
    pub fn run(mut self) -> Result<LsmrResult<T>> {
        let st = self.start("lsmr")?;
        let [m, n] = st.a.shape();
        let maxiter = self.maxiter.unwrap_or(m.min(n));
        let opts = Opts::of(&self);
        lsmr_loop(st, opts, maxiter)
    }
}

/// The tolerances of a run.
#[derive(Clone, Copy)]
struct Opts {
    damp: f64,
    atol: f64,
    btol: f64,
    conlim: f64,
}

impl Opts {
    fn of<T: SolverDType, K>(c: &LeastSquares<'_, T, K>) -> Self {
        Opts {
            damp: c.damp,
            atol: c.atol,
            btol: c.btol,
            conlim: c.conlim,
        }
    }
}

fn scalar<T: SolverDType>(v: f64) -> T {
    T::from_real(num_traits::cast(v).unwrap_or_else(<T::Re as num_traits::Float>::nan))
}

fn norm<T: SolverDType>(x: &Array<T>) -> Result<f64> {
    Ok(T::norm(x)?.into())
}

/// `(1 / s) x`.
fn unit<T: SolverDType>(x: &Array<T>, s: f64) -> Result<Array<T>> {
    T::scaled(scalar(1.0 / s), x)
}

/// NumPy's `sign`.
fn sign(v: f64) -> f64 {
    if v > 0.0 {
        1.0
    } else if v < 0.0 {
        -1.0
    } else {
        v
    }
}

/// SciPy's `_sym_ortho(a, b)`: the Givens rotation `(c, s, r)` of Choi's `SymOrtho`.
fn sym_ortho(a: f64, b: f64) -> (f64, f64, f64) {
    if b == 0.0 {
        (sign(a), 0.0, a.abs())
    } else if a == 0.0 {
        (0.0, sign(b), b.abs())
    } else if b.abs() > a.abs() {
        let tau = a / b;
        let s = sign(b) / (1.0 + tau * tau).sqrt();
        let c = s * tau;
        (c, s, b / s)
    } else {
        let tau = b / a;
        let c = sign(a) / (1.0 + tau * tau).sqrt();
        let s = c * tau;
        (c, s, a / c)
    }
}

/// SciPy's `lsqr` loop.
fn lsqr_loop<T: SolverDType>(
    st: Start<'_, T>,
    opts: Opts,
    iter_lim: usize,
) -> Result<LsqrResult<T>> {
    let eps = f64::EPSILON;
    let Start {
        a, b, mut x, x0, ..
    } = st;
    let damp = opts.damp;
    let (atol, btol) = (opts.atol, opts.btol);
    let ctol = if opts.conlim > 0.0 {
        1.0 / opts.conlim
    } else {
        0.0
    };
    let dampsq = damp * damp;
    let (mut anorm, mut acond, mut ddnorm, mut res2) = (0.0f64, 0.0f64, 0.0f64, 0.0f64);
    let (mut xnorm, mut xxnorm, mut z, mut cs2, mut sn2) = (0.0f64, 0.0f64, 0.0f64, -1.0, 0.0);
    let bnorm = norm(&b)?;
    let mut u = if x0 {
        T::minus(&b, &a.matvec(&x)?)?
    } else {
        b.clone()
    };
    let mut beta = if x0 { norm(&u)? } else { bnorm };
    let mut v;
    let mut alfa;
    if beta > 0.0 {
        u = unit(&u, beta)?;
        v = a.rmatvec(&u)?;
        alfa = norm(&v)?;
    } else {
        v = x.copy()?;
        alfa = 0.0;
    }
    if alfa > 0.0 {
        v = unit(&v, alfa)?;
    }
    let mut w = v.copy()?;
    let mut rhobar = alfa;
    let mut phibar = beta;
    let mut r1norm = beta;
    let mut r2norm = beta;
    let mut arnorm = alfa * beta;
    let mut istop = 0;
    let mut itn = 0;
    if arnorm == 0.0 {
        return Ok(LsqrResult {
            x,
            istop,
            itn,
            r1norm,
            r2norm,
            anorm,
            acond,
            arnorm,
            xnorm,
        });
    }
    while itn < iter_lim {
        itn += 1;
        let av = a.matvec(&v)?;
        T::xpay(&mut u, scalar(-alfa), &av)?;
        beta = norm(&u)?;
        if beta > 0.0 {
            u = unit(&u, beta)?;
            anorm = (anorm * anorm + alfa * alfa + beta * beta + dampsq).sqrt();
            let atu = a.rmatvec(&u)?;
            T::xpay(&mut v, scalar(-beta), &atu)?;
            alfa = norm(&v)?;
            if alfa > 0.0 {
                v = unit(&v, alfa)?;
            }
        }
        let (rhobar1, psi) = if damp > 0.0 {
            let rhobar1 = (rhobar * rhobar + dampsq).sqrt();
            let (cs1, sn1) = (rhobar / rhobar1, damp / rhobar1);
            let psi = sn1 * phibar;
            phibar *= cs1;
            (rhobar1, psi)
        } else {
            (rhobar, 0.0)
        };
        let (cs, sn, rho) = sym_ortho(rhobar1, beta);
        let theta = sn * alfa;
        rhobar = -cs * alfa;
        let phi = cs * phibar;
        phibar *= sn;
        let tau = sn * phi;
        let (t1, t2) = (phi / rho, -theta / rho);
        let dk = norm(&w)? / rho;
        T::axpy(&mut x, scalar(t1), &w)?;
        T::xpay(&mut w, scalar(t2), &v)?;
        ddnorm += dk * dk;
        let delta = sn2 * rho;
        let gambar = -cs2 * rho;
        let rhs = phi - delta * z;
        let zbar = rhs / gambar;
        xnorm = (xxnorm + zbar * zbar).sqrt();
        let gamma = gambar.hypot(theta);
        cs2 = gambar / gamma;
        sn2 = theta / gamma;
        z = rhs / gamma;
        xxnorm += z * z;
        acond = anorm * ddnorm.sqrt();
        let res1 = phibar * phibar;
        res2 += psi * psi;
        let rnorm = (res1 + res2).sqrt();
        arnorm = alfa * tau.abs();
        r1norm = if damp > 0.0 {
            let r1sq = rnorm * rnorm - dampsq * xxnorm;
            let r = r1sq.abs().sqrt();
            if r1sq < 0.0 {
                -r
            } else {
                r
            }
        } else {
            rnorm
        };
        r2norm = rnorm;
        let test1 = rnorm / bnorm;
        let test2 = arnorm / (anorm * rnorm + eps);
        let test3 = 1.0 / (acond + eps);
        let t1 = test1 / (1.0 + anorm * xnorm / bnorm);
        let rtol = btol + atol * anorm * xnorm / bnorm;
        if itn >= iter_lim {
            istop = 7;
        }
        if 1.0 + test3 <= 1.0 {
            istop = 6;
        }
        if 1.0 + test2 <= 1.0 {
            istop = 5;
        }
        if 1.0 + t1 <= 1.0 {
            istop = 4;
        }
        if test3 <= ctol {
            istop = 3;
        }
        if test2 <= atol {
            istop = 2;
        }
        if test1 <= rtol {
            istop = 1;
        }
        if istop != 0 {
            break;
        }
    }
    Ok(LsqrResult {
        x,
        istop,
        itn,
        r1norm,
        r2norm,
        anorm,
        acond,
        arnorm,
        xnorm,
    })
}

/// SciPy's `lsmr` loop.
fn lsmr_loop<T: SolverDType>(
    st: Start<'_, T>,
    opts: Opts,
    maxiter: usize,
) -> Result<LsmrResult<T>> {
    let Start { a, b, mut x, x0, n } = st;
    let damp = opts.damp;
    let (atol, btol) = (opts.atol, opts.btol);
    let dev = b.device();
    let normb = norm(&b)?;
    let mut u = if x0 {
        T::minus(&b, &a.matvec(&x)?)?
    } else {
        b.clone()
    };
    let mut beta = if x0 { norm(&u)? } else { normb };
    let mut v;
    let mut alpha;
    if beta > 0.0 {
        u = unit(&u, beta)?;
        v = a.rmatvec(&u)?;
        alpha = norm(&v)?;
    } else {
        v = Array::zeros(&dev, &[n])?;
        alpha = 0.0;
    }
    if alpha > 0.0 {
        v = unit(&v, alpha)?;
    }
    let mut itn = 0;
    let mut zetabar = alpha * beta;
    let mut alphabar = alpha;
    let (mut rho, mut rhobar, mut cbar, mut sbar) = (1.0f64, 1.0f64, 1.0f64, 0.0f64);
    let mut h = v.copy()?;
    let mut hbar = Array::<T>::zeros(&dev, &[n])?;
    let (mut betadd, mut betad, mut rhodold) = (beta, 0.0f64, 1.0f64);
    let (mut tautildeold, mut thetatilde, mut zeta, mut d) = (0.0f64, 0.0f64, 0.0f64, 0.0f64);
    let mut norm_a2 = alpha * alpha;
    let (mut maxrbar, mut minrbar) = (0.0f64, 1e100f64);
    let mut norma = norm_a2.sqrt();
    let mut conda = 1.0;
    let mut normx = 0.0;
    let mut istop = 0;
    let ctol = if opts.conlim > 0.0 {
        1.0 / opts.conlim
    } else {
        0.0
    };
    let mut normr = beta;
    let mut normar = alpha * beta;
    let result = |x, istop, itn, normr, normar, norma, conda, normx| LsmrResult {
        x,
        istop,
        itn,
        normr,
        normar,
        norma,
        conda,
        normx,
    };
    if normar == 0.0 {
        return Ok(result(x, istop, itn, normr, normar, norma, conda, normx));
    }
    if normb == 0.0 {
        x = Array::zeros(&dev, &[n])?;
        return Ok(result(x, istop, itn, normr, normar, norma, conda, normx));
    }
    while itn < maxiter {
        itn += 1;
        let av = a.matvec(&v)?;
        T::xpay(&mut u, scalar(-alpha), &av)?;
        beta = norm(&u)?;
        if beta > 0.0 {
            u = unit(&u, beta)?;
            let atu = a.rmatvec(&u)?;
            T::xpay(&mut v, scalar(-beta), &atu)?;
            alpha = norm(&v)?;
            if alpha > 0.0 {
                v = unit(&v, alpha)?;
            }
        }
        let (chat, shat, alphahat) = sym_ortho(alphabar, damp);
        let rhoold = rho;
        let (c, s, rho_new) = sym_ortho(alphahat, beta);
        rho = rho_new;
        let thetanew = s * alpha;
        alphabar = c * alpha;
        let rhobarold = rhobar;
        let zetaold = zeta;
        let thetabar = sbar * rho;
        let rhotemp = cbar * rho;
        let (cb, sb, rb) = sym_ortho(cbar * rho, thetanew);
        (cbar, sbar, rhobar) = (cb, sb, rb);
        zeta = cbar * zetabar;
        zetabar *= -sbar;
        T::xpay(
            &mut hbar,
            scalar(-(thetabar * rho / (rhoold * rhobarold))),
            &h,
        )?;
        T::axpy(&mut x, scalar(zeta / (rho * rhobar)), &hbar)?;
        T::xpay(&mut h, scalar(-(thetanew / rho)), &v)?;
        let betaacute = chat * betadd;
        let betacheck = -shat * betadd;
        let betahat = c * betaacute;
        betadd = -s * betaacute;
        let thetatildeold = thetatilde;
        let (ctildeold, stildeold, rhotildeold) = sym_ortho(rhodold, thetabar);
        thetatilde = stildeold * rhobar;
        rhodold = ctildeold * rhobar;
        betad = -stildeold * betad + ctildeold * betahat;
        tautildeold = (zetaold - thetatildeold * tautildeold) / rhotildeold;
        let taud = (zeta - thetatilde * tautildeold) / rhodold;
        d += betacheck * betacheck;
        normr = (d + (betad - taud).powi(2) + betadd * betadd).sqrt();
        norm_a2 += beta * beta;
        norma = norm_a2.sqrt();
        norm_a2 += alpha * alpha;
        maxrbar = maxrbar.max(rhobarold);
        if itn > 1 {
            minrbar = minrbar.min(rhobarold);
        }
        conda = maxrbar.max(rhotemp) / minrbar.min(rhotemp);
        normar = zetabar.abs();
        normx = norm(&x)?;
        let test1 = normr / normb;
        let test2 = if norma * normr != 0.0 {
            normar / (norma * normr)
        } else {
            f64::INFINITY
        };
        let test3 = 1.0 / conda;
        let t1 = test1 / (1.0 + norma * normx / normb);
        let rtol = btol + atol * norma * normx / normb;
        if itn >= maxiter {
            istop = 7;
        }
        if 1.0 + test3 <= 1.0 {
            istop = 6;
        }
        if 1.0 + test2 <= 1.0 {
            istop = 5;
        }
        if 1.0 + t1 <= 1.0 {
            istop = 4;
        }
        if test3 <= ctol {
            istop = 3;
        }
        if test2 <= atol {
            istop = 2;
        }
        if test1 <= rtol {
            istop = 1;
        }
        if istop > 0 {
            break;
        }
    }
    Ok(result(x, istop, itn, normr, normar, norma, conda, normx))
}
