//! SciPy's `scipy.linalg`: factorizations and solvers beyond NumPy's ([`lu`], [`lu_factor`],
//! [`lu_solve`], [`solve_triangular`], [`cho_factor`], [`cho_solve`], [`solve`] with
//! `assume_a`, generalized [`eigh`] with `subset_by_index` and `eigvals_only`, [`expm`],
//! [`polar`], [`null_space`], [`orth`], [`orthogonal_procrustes`], [`pinvh`], [`diagsvd`]),
//! the special matrices ([`toeplitz`], [`circulant`], [`hankel`], [`block_diag`],
//! [`companion`], [`hilbert`], [`invhilbert`], [`pascal`], [`hadamard`], [`dft`],
//! [`helmert`], [`leslie`], [`fiedler`]), predicates ([`issymmetric`], [`ishermitian`],
//! [`bandwidth`]), and NumPy's routines under SciPy's names (`det`, `inv`, `cholesky` with
//! SciPy's `lower=False` default, `svd`, `qr`, ...).
//!
//! The factorizations (the default feature `lapack`) are `linalg`'s: faer on the CPU,
//! cuSOLVER on a GPU. The special matrices need no feature.
//!
//! ```
//! use kernels_std::scipy::linalg as sl;
//! use kernels_std::prelude::*;
//! let dev = Device::cpu();
//! let c = Array::from_vec(&dev, &[3], vec![4.0f64, 1.0, 0.0])?;
//! let t = sl::toeplitz(&c, None)?;                     // symmetric tridiagonal
//! let b = Array::from_vec(&dev, &[3], vec![5.0f64, 6.0, 5.0])?;
//! let x = sl::solve(&t, &b, true, sl::AssumeA::PositiveDefinite)?.to_vec()?;
//! assert!(x.iter().all(|v| (v - 1.0).abs() < 1e-12));
//! # Ok::<(), kernels_std::Error>(())
//! ```

#[cfg(feature = "lapack")]
mod decomp;
#[cfg(feature = "lapack")]
mod eigen;
mod special;

#[cfg(feature = "lapack")]
pub use crate::linalg::{det, eig, eigvals, eigvalsh, inv, lstsq, norm, pinv, qr, svd, svdvals};
#[cfg(feature = "lapack")]
pub use decomp::{
    cho_factor, cho_solve, expm, lu, lu_factor, lu_solve, null_space, orth, polar, solve,
    solve_triangular, AssumeA, Lu,
};
#[cfg(feature = "lapack")]
pub use eigen::{cholesky, diagsvd, eigh, orthogonal_procrustes, pinvh};
pub use special::{
    bandwidth, block_diag, circulant, companion, convolution_matrix, dft, fiedler, hadamard,
    hankel, helmert, hilbert, invhilbert, ishermitian, issymmetric, khatri_rao, leslie, pascal,
    toeplitz, ConvMode, DftScale, PascalKind,
};

#[cfg(feature = "lapack")]
#[doc(hidden)]
pub fn verify_kernels() -> array_runtime::Result<()> {
    decomp::verify_kernels()?;
    special::verify_kernels()
}
