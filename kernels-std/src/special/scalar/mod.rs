//! The special functions on one value, in the kernel language: each is a `#[device_fn]`, so
//! a user's `#[elementwise]`, `#[reduction]` or `#[raw_kernel]` can call it (the kernel
//! includes its CUDA C), and an ordinary Rust function on the host.
//!
//! ```
//! use kernels_std::prelude::*;
//! use kernels_std::special::scalar as sp;
//!
//! #[elementwise]
//! fn two_expit(x: f64) -> f64 {
//!     sp::expit(x) * 2.0
//! }
//!
//! fn main() -> Result<()> {
//!     let x = Array::from_vec(&Device::cpu(), &[2], vec![0.0f64, 800.0])?;
//!     assert_eq!(two_expit(&x)?.to_vec()?, vec![1.0, 2.0]);
//!     assert_eq!(sp::expit(0.0), 0.5); // on the host, too
//!     Ok(())
//! }
//! ```
//!
//! The `use` must be where the kernel's item sits (the module, not a function body: the
//! kernel's hidden module imports its parent module's names).
//!
//! Everything is `f64` (complex functions: `c128`), as SciPy computes its `float32` loops of
//! most functions in double; call with `x as f64` from `f32` code.

pub(crate) mod dd;
pub(crate) mod fits;
pub(crate) mod series;

pub mod bessel;
pub mod box_cox;
pub mod carlson;
pub mod combinatorics;
pub mod distributions;
pub mod elementary;
pub mod elliptic;
pub mod error_fns;
pub mod expint;
pub mod gamma_fns;
pub mod gammaln_lanes;
pub mod incomplete_beta;
pub mod incomplete_gamma;
pub mod kolmogorov_smirnov;
pub mod legendre;
pub mod logistic;
pub mod numbers;
pub mod orthogonal;
pub mod zeta_fns;

pub use bessel::*;
pub use box_cox::*;
pub use carlson::*;
pub use combinatorics::*;
pub use distributions::*;
pub use elementary::*;
pub use elliptic::*;
pub use error_fns::*;
pub use expint::*;
pub use gamma_fns::*;
pub use incomplete_beta::*;
pub use incomplete_gamma::*;
pub use kolmogorov_smirnov::*;
pub use legendre::*;
pub use logistic::*;
pub use numbers::*;
pub use orthogonal::*;
pub use zeta_fns::*;
pub mod spherical_bessel;
pub use spherical_bessel::*;
pub mod bessel_real;
pub use bessel_real::*;
pub mod airy_fns;
pub use airy_fns::*;
pub mod lambert;
pub use lambert::*;
pub mod faddeeva;
pub use faddeeva::*;
pub mod complex_gamma;
pub use complex_gamma::*;
pub mod wright;
pub use wright::*;
pub mod complex_bessel_ik;
pub use complex_bessel_ik::ik_scaled;
pub mod complex_bessel;
pub use complex_bessel::*;
