//! Linear algebra: all of NumPy's `linalg`, on the CPU and on CUDA GPUs: the products
//! (`matmul`, `dot`, `vdot`, `inner`, `outer`, `tensordot`, `einsum`, `multi_dot`, `vecdot`,
//! `cross`, `kron`), `trace`, `diagonal`, the norms, and (default feature `lapack`) the
//! factorizations: faer on the CPU, cuSOLVER on a GPU.
//!
//! | NumPy | here |
//! |---|---|
//! | `a @ b`, `np.matmul(a, b)` | [`matmul`]`(&a, &b)`, `a.matmul(&b)` ([`ArrayLinalg`]) |
//! | `np.dot(a, b)` | [`dot`]`(&a, &b)`, `a.dot(&b)` |
//! | `np.vdot(a, b)` | [`vdot`]`(&a, &b)` (a 0-d array) |
//! | `np.inner(a, b)`, `np.outer(a, b)` | [`inner`], [`outer`] |
//! | `np.tensordot(a, b, axes=2)` | [`tensordot`]`(&a, &b, 2)` |
//! | `np.tensordot(a, b, axes=([1, 0], [0, 1]))` | [`tensordot`]`(&a, &b, ([1, 0], [0, 1]))` |
//! | `np.einsum("ij,jk->ik", a, b)` | [`einsum`]`("ij,jk->ik", &[&a, &b])` |
//! | `np.einsum_path("ij,jk,kl->il", a, b, c, optimize="greedy")` | [`einsum_path`]`("ij,jk,kl->il", &[&a, &b, &c], EinsumOptimize::Greedy(None))?` (`.path`, `.report`) |
//! | `np.trace(a)`, `np.trace(a, 1, 0, 2)` | [`trace`]`(&a)`, [`trace_with`]`(&a, 1, 0, 2)` |
//! | `np.trace(a, 0, 0, 1, dtype=np.int8)` | [`trace_as`]`::<i8, _>(&a, 0, 0, 1)` |
//! | `np.diagonal(a, 0, 0, 1)` | [`diagonal`]`(&a, 0, 0, 1)` (a view) |
//! | `np.linalg.norm(x)`, `norm(x, 1)`, `norm(x, np.inf)`, `norm(m, 'fro')` | [`norm`]`(&x, NormOrd::Default)`, `NormOrd::P(1.0)`, `NormOrd::Inf`, `NormOrd::Fro` |
//! | `np.linalg.norm(x, ord, axis=(0, 2), keepdims=True)` | `norm_axes(&x, ord, &[0, 2], true)` |
//! | `np.linalg.vector_norm(x, axis=-1, ord=3)`, `matrix_norm(x, ord='nuc')`, `cond(x, 1)` | `vector_norm(&x, 3.0, Some(&[-1]), false)`, `matrix_norm(&x, NormOrd::Nuc, false)`, `cond(&x, Some(NormOrd::P(1.0)))` |
//! | `np.linalg.solve(a, b)`, `inv(a)`, `det(a)`, `slogdet(a)` | `solve(&a, &b)`, `inv(&a)`, `det(&a)`, `slogdet(&a)` |
//! | `np.linalg.cholesky(a, upper=True)`, `qr(a, mode='complete')`, `qr(a, 'raw')` | `cholesky(&a, true)`, `qr(&a, QrMode::Complete)`, `qr_raw(&a)` |
//! | `np.linalg.svd(a, full_matrices=False)`, `svdvals(a)` | `svd(&a, false, false)` (`.u`, `.s`, `.vh`), `svdvals(&a)` |
//! | `np.linalg.eigh(a, 'U')`, `eigvalsh(a)`, `eig(a)`, `eigvals(a)` | `eigh(&a, Uplo::Upper)`, `eigvalsh(&a, Uplo::Lower)`, `eig(&a)`, `eigvals(&a)` |
//! | `np.linalg.lstsq(a, b)`, `pinv(a, hermitian=True)`, `matrix_rank(a, tol)` | `lstsq(&a, &b, None)`, `pinv(&a, None, true)`, `matrix_rank(&a, Some(tol), false, None)` |
//! | `np.linalg.matrix_power(a, -2)`, `tensorsolve(a, b)`, `tensorinv(a, 2)` | `matrix_power(&a, -2)`, `tensorsolve(&a, &b, None)`, `tensorinv(&a, 2)` |
//! | `np.linalg.multi_dot([a, b, c])`, `vecdot`, `cross`, `matrix_transpose`, `np.kron` | `multi_dot(&[&a, &b, &c])`, `vecdot(&a, &b, -1)`, `cross(&a, &b, -1)`, `matrix_transpose(&a)`, `kron(&a, &b)` |
//! | `np.matvec(a, v)`, `np.vecmat(v, a)` | `matvec(&a, &v)`, `vecmat(&v, &a)` (conjugates `v`) |
//!
//! Every product is one batched GEMM on the operands' device: `matrixmultiply` on the CPU
//! backend (two threads, strided views read in place; float products whose dimensions are all
//! at most 16 take a register loop per product instead, `gemm_small.rs`), cuBLAS on a GPU
//! (strided batched, on the device's stream; views whose strides cuBLAS cannot express are
//! copied on the device first). Labels summed in `einsum` are products with a vector of ones; `trace` is
//! [`reduce::sum`](crate::reduce::sum) of the diagonal view.
//!
//! Dtypes: every numeric dtype ([`LinalgScalar`]). `f32`, `f64`, `c64`, `c128` on the native
//! GEMMs; `f16` and `bf16` accumulate in `f32` and round once; integers take an exact path
//! whose products and sums wrap on overflow, as NumPy's do (on a GPU that path runs on the
//! CPU: cuBLAS has no integer GEMM). `bool` is not supported.
//!
//! Where we differ from NumPy:
//! - Operands have one dtype: there is no type promotion (`astype` first).
//! - `vdot` returns a 0-d array (on the device), not a scalar; `norm` returns a host scalar.
//! - `einsum` takes one or two operands; `norm` over axes is [`norm_axes`] (`norm` itself
//!   returns a host scalar). The factorizations take `f32`, `f64`, `c64`, `c128` and
//!   integers (as `f64`); `f16` is a compile error (NumPy rejects it at run time). A singular
//!   matrix, a non-positive-definite one, non-convergence are
//!   [`Error::LinAlg`](array_runtime::Error::LinAlg); see
//!   `DIFFERENCES.md` for the rest.
//! - A 0-d operand of `matmul` is an error, as in NumPy; `dot` multiplies by it.
//!
//! On a GPU without cuBLAS (it is looked for as NVRTC is: the toolkit, then the NVIDIA PyPI
//! wheels; see [`load_cublas`](array_runtime::cuda::blas_support::load_cublas)), the products
//! return [`Error::CudaUnavailable`](array_runtime::Error::CudaUnavailable) saying where it
//! was looked for, rather than falling back to a slow kernel silently.
//!
//! ```
//! use kernels_std::linalg::{einsum, matmul, norm, NormOrd};
//! use kernels_std::prelude::*;
//! let dev = Device::default();
//! let a = Array::from_vec(&dev, &[2, 3], vec![1.0f64, 2.0, 3.0, 4.0, 5.0, 6.0])?;
//! let g = a.matmul(&a.t())?;                                   // the Gram matrix, 2 x 2
//! assert_eq!(g.to_vec()?, vec![14.0, 32.0, 32.0, 77.0]);
//! assert_eq!(einsum("ij,kj->ik", &[&a, &a])?.to_vec()?, g.to_vec()?);
//! assert_eq!(norm(&a, NormOrd::Fro)?, 91f64.sqrt());
//! # Ok::<(), kernels_std::Error>(())
//! ```

#[cfg(feature = "lapack")]
mod decomp;
#[cfg(feature = "lapack")]
mod det;
mod dot;
mod einsum;
mod einsum_path;
#[cfg(feature = "lapack")]
mod float;
mod gemm;
mod gemm_cpu;
mod gemm_cuda;
mod gemm_small;
#[cfg(feature = "lapack")]
mod lapack;
mod matmul;
mod norm;
#[cfg(feature = "lapack")]
mod norms;
mod products;
mod scalar;
#[cfg(feature = "lapack")]
mod small;
#[cfg(feature = "lapack")]
mod solve;
#[cfg(feature = "lapack")]
mod svd;
mod tensordot;
mod trace;
#[cfg(feature = "lapack")]
mod verify;
mod views;

#[cfg(feature = "lapack")]
pub use decomp::{cholesky, eig, eigh, eigvals, eigvalsh, qr, qr_raw, Qr, QrMode, Uplo};
#[cfg(feature = "lapack")]
pub use det::{det, slogdet};
pub use dot::{dot, inner, outer, vdot};
pub use einsum::einsum;
pub use einsum_path::{einsum_path, EinsumOptimize, EinsumPath};
#[cfg(feature = "lapack")]
pub use float::{LinalgFloat, LinalgInput, RealLinalg};
#[cfg(feature = "lapack")]
#[doc(hidden)]
pub use lapack::sytrd::tridiagonalize_for_bench;
#[cfg(feature = "lapack")]
pub use norms::{cond, matrix_norm, norm_axes, vector_norm};
#[cfg(feature = "lapack")]
pub use solve::{inv, matrix_power, solve, tensorinv, tensorsolve, MaybeInverse};
#[cfg(feature = "lapack")]
pub use svd::{lstsq, matrix_rank, pinv, svd, svdvals, Lstsq, Svd};
#[cfg(feature = "lapack")]
pub use verify::verify_kernels;

/// LU of a stack (packed factors, LAPACK pivots 0-based), for `scipy::linalg`.
#[cfg(feature = "lapack")]
pub(crate) fn lu_factor_stack<F: LinalgFloat>(a: &Array<F>) -> Result<(Array<F>, Array<i64>)> {
    lapack::lu(a)
}

/// Checks a square stack, giving its order.
#[cfg(feature = "lapack")]
pub(crate) fn lapack_check_square<T: array_runtime::DType>(
    op: &str,
    a: &Array<T>,
) -> Result<usize> {
    lapack::check_square(op, a)
}

/// `op(A) X = B` for triangular `A` (`trans` 0, 1 or 2), `b` `(..., n, k)`.
#[cfg(feature = "lapack")]
pub(crate) fn triangular_solve<F: LinalgFloat>(
    a: &Array<F>,
    b: &Array<F>,
    lower: bool,
    trans: u8,
    unit: bool,
) -> Result<Array<F>> {
    lapack::solve_triangular(a, b, lower, trans, unit)
}

/// The conjugate transpose of the last two axes, a new C-contiguous array.
#[cfg(feature = "lapack")]
pub(crate) fn conj_transpose<F: LinalgFloat>(a: &Array<F>) -> Result<Array<F>> {
    decomp::conj_t(a)
}
pub use matmul::matmul;
pub use norm::{norm, NormOrd};
pub use products::{cross, kron, matrix_transpose, matvec, multi_dot, vecdot, vecmat};
pub use scalar::{Engine, LinalgScalar, RealScalar};
pub use tensordot::{tensordot, TensorAxes};
pub use trace::{diagonal, trace, trace_as, trace_with};

use array_runtime::{Array, Result};

/// The products as methods: `a.matmul(&b)`, `a.dot(&b)` (in the [prelude](crate::prelude)).
///
/// ```
/// use kernels_std::prelude::*;
/// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![1i32, 2, 3, 4])?;
/// assert_eq!(a.matmul(&a)?.to_vec()?, vec![7, 10, 15, 22]);
/// assert_eq!(a.dot(&a.t())?.to_vec()?, vec![5, 11, 11, 25]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub trait ArrayLinalg<T: LinalgScalar> {
    /// [`matmul`]`(self, other)`.
    fn matmul(&self, other: &Array<T>) -> Result<Array<T>>;
    /// [`dot`]`(self, other)`.
    fn dot(&self, other: &Array<T>) -> Result<Array<T>>;
}

impl<T: LinalgScalar> ArrayLinalg<T> for Array<T> {
    fn matmul(&self, other: &Array<T>) -> Result<Array<T>> {
        matmul(self, other)
    }

    fn dot(&self, other: &Array<T>) -> Result<Array<T>> {
        dot(self, other)
    }
}
