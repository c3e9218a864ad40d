//! SciPy's `scipy.sparse.linalg`: [`LinearOperator`], [`aslinearoperator`], the Krylov
//! solvers [`cg`], [`bicg`], [`bicgstab`], [`cgs`], [`qmr`], [`tfqmr`], [`gmres`] and
//! [`minres`], the least-squares solvers [`lsqr`] and [`lsmr`], the direct solvers `spsolve`,
//! `splu`, `factorized`, `inv` (with the `lapack` feature) and [`spsolve_triangular`], the
//! eigensolvers [`eigsh`] and [`svds`], [`matrix_power`], [`is_sptriangular`],
//! [`spbandwidth`], [`norm`], [`onenormest`] and [`expm_multiply`].
//!
//! | SciPy | here |
//! |---|---|
//! | `LinearOperator((m, n), matvec, rmatvec=rmatvec, matmat=matmat, dtype=T)` | [`LinearOperator::new`]`([m, n], matvec)`, `.with_rmatvec(..)`, `.with_matmat(..)` |
//! | `aslinearoperator(A)` (sparse, dense, an operator) | [`aslinearoperator`]`(&a)` |
//! | `A.matvec(x)`, `A.rmatvec(y)`, `A.matmat(X)`, `A.shape`, `A.dtype` | `op.matvec(&x)`, `op.rmatvec(&y)`, `op.matmat(&xm)`, `op.shape()`, `op.dtype()` |
//! | `x, info = cg(A, b, x0=x0, rtol=rtol, atol=atol, maxiter=k, M=M, callback=f)` | `let (x, info) = `[`cg`]`(&a, &b).x0(&x0).rtol(rtol).atol(atol).maxiter(k).m(&m).callback(f).run()?;` |
//! | `bicgstab(A, b, ...)`, `cgs(A, b, ...)` | [`bicgstab`]`(&a, &b)`, [`cgs`]`(&a, &b)`, the same keywords |
//! | `gmres(A, b, ..., restart=k, callback=f, callback_type='x')` | [`gmres`]`(&a, &b)`, `.restart(k)`, `.callback(f)` (`'pr_norm'`: `.callback_pr_norm(f)`, `'legacy'`: `.callback_legacy(f)`) |
//! | `minres(A, b, x0, rtol=, shift=s, maxiter=, M=, callback=, check=True)` | [`minres`]`(&a, &b)`, `.shift(s)`, `.check(true)` |
//! | `x, istop, itn, r1norm, r2norm, anorm, acond, arnorm, xnorm, var = lsqr(A, b, damp=d, atol=, btol=, conlim=, iter_lim=k, x0=x0)` | `let r = `[`lsqr`]`(&a, &b).damp(d).iter_lim(k).x0(&x0).run()?;` ([`LsqrResult`]: `r.x`, `r.istop`, `r.itn`, ...; no `var`) |
//! | `x, istop, itn, normr, normar, norma, conda, normx = lsmr(A, b, damp=d, ..., maxiter=k)` | `let r = `[`lsmr`]`(&a, &b).damp(d).maxiter(k).run()?;` ([`LsmrResult`]) |
//! | `bicg(A, b, ...)`, `tfqmr(A, b, ...)` | [`bicg`]`(&a, &b)`, [`tfqmr`]`(&a, &b)`, [`cg`]'s keywords |
//! | `qmr(A, b, x0, rtol=, atol=, maxiter=, M1=m1, M2=m2, callback=)` | [`qmr`]`(&a, &b).m1(&m1).m2(&m2)`, ... |
//! | `spsolve(A, b)` (dense `b`) | `spsolve(&a, &b)?` (faer's sparse LU, on the host) |
//! | `lu = splu(A, permc_spec=s)`; `lu.solve(b, trans='T')`, `lu.L`, `lu.U`, `lu.perm_r`, `lu.perm_c` | `let lu = splu(&a).permc_spec(s).run()?;` `lu.solve(&b, Trans::T)?`, `lu.l()?`, `lu.u()?`, `lu.perm_r()`, `lu.perm_c()` |
//! | `solve = factorized(A)`; `inv(A)` | `let solve = factorized(&a)?;` `inv(&a)?` |
//! | `matrix_power(A, p)`, `is_sptriangular(A)`, `spbandwidth(A)` | [`matrix_power`]`(&a, p)?`, [`is_sptriangular`]`(&a)?`, [`spbandwidth`]`(&a)?` |
//! | `w, v = eigsh(A, k, which='SA', sigma=s, v0=, ncv=, maxiter=, tol=)` | `let (w, v) = `[`eigsh`]`(&a, k).which(Which::SA).sigma(s).run()?;` (`return_eigenvectors=False`: `.run_values()?`) |
//! | `u, s, vh = svds(A, k, which='SM', ...)` | `let (u, s, vh) = `[`svds`]`(&a, k).which(Which::SM).run()?;` (`.run_values()?`) |
//! | `spsolve_triangular(A, b, lower=False, unit_diagonal=True)` | [`spsolve_triangular`]`(&a, &b).lower(false).unit_diagonal(true).run()?` |
//! | `norm(x, ord)`, `norm(x, ord, axis=(0, 1))` | [`norm`]`(&x, ord)`, [`norm_axes`]`(&x, ord, [0, 1])` ([`NormOrd`](crate::linalg::NormOrd)) |
//! | `norm(x, ord, axis=k)` | [`norm_axis`]`(&x, ord, k)` |
//! | `onenormest(A, t=2, itmax=5, compute_v=True, compute_w=True)` | `let r = `[`onenormest`]`(&a).t(2).itmax(5).compute_v(true).compute_w(true).run()?;` (`r.est`, `r.v`, `r.w`) |
//! | `expm_multiply(A, B)`; `expm_multiply(A, B, start=a, stop=b, num=k, endpoint=e, traceA=tr)` | [`expm_multiply`]`(&a, &b).run()?`; `expm_multiply(&a, &b).start(a).stop(b).num(k).endpoint(e).trace_a(tr).run()?` |
//!
//! The solvers are SciPy's loops (SciPy 1.17's `_isolve/iterative.py` and `minres.py`) run on the host over
//! device operations: each product with `A` is an SpMV (or the user's closure), each dot
//! product and norm one fused reduction (its scalar read back, as SciPy and CuPy read it),
//! each vector update one fused elementwise kernel written in place. So a solve runs where
//! its arrays are, on the CPU backend or on CUDA. Their results are SciPy's: the same
//! convergence test (`||r|| < max(rtol ||b||, atol)`, compared in the dtype of `r`), the same
//! `info` (0, the iteration limit, SciPy's breakdown codes), the same iterates up to rounding.
//!
//! The dtypes are SciPy's four ([`SolverDType`]: `f32`, `f64`, `c64`, `c128`); `A`, `b`, `x0`
//! and `M` share one, where SciPy would promote (`f32` with `f64` to `f64`).
//!
//! Design notes: `kernels-std/src/sparse/README.md`.

mod dsolve;
mod eigen;
mod expm_multiply;
mod gmres;
mod interface;
mod isolve;
mod lsqr;
mod matfuncs;
pub(crate) mod norm;
mod onenormest;
mod scalar;
#[cfg(feature = "lapack")]
mod superlu;

#[cfg(feature = "lapack")]
pub use dsolve::spsolve;
pub use dsolve::{spsolve_triangular, SpsolveTriangular, TriangularOperand};
pub use eigen::{eigsh, svds, Eigsh, EigshOperand, Svds, Which};
pub use expm_multiply::{expm_multiply, ExpmMultiply, ExpmOperand};
pub use gmres::{gmres, minres, Gmres, Minres};
pub use interface::{aslinearoperator, AsLinearOperator, LinearOperator};
pub use isolve::{bicg, bicgstab, cg, cgs, qmr, tfqmr, Krylov, Qmr};
pub use lsqr::{lsmr, lsqr, LeastSquares, Lsmr, LsmrKind, LsmrResult, Lsqr, LsqrKind, LsqrResult};
pub use matfuncs::{
    is_sptriangular, matrix_power, spbandwidth, MatrixPowerOperand, StructureOperand,
};
pub use norm::{norm, norm_axes, norm_axis};
pub use onenormest::{onenormest, OneNormEst, OneNormEstimate};
pub use scalar::SolverDType;
#[cfg(feature = "lapack")]
pub use superlu::{factorized, inv, splu, InvOperand, LuDType, PermcSpec, Splu, SuperLU, Trans};
