//! SciPy's namespaces, as `kernels_std::scipy::<module>` (SciPy's `scipy.linalg` is
//! [`linalg`]). Names and semantics follow SciPy 1.17; each routine runs on the CPU and on
//! CUDA like the NumPy routines.

pub mod linalg;
