//! NumPy-style routines on the CPU and CUDA, written with the kernel macros.
//!
//! One crate to depend on: it re-exports the runtime ([`Array`], [`Device`], dtypes) and the
//! macros through [`prelude`].

pub use array_runtime;
pub use array_runtime::*;
pub use kernel_macros::{device_fn, elementwise, reduction};

pub mod io;
pub mod linalg;

/// Everything a kernel author needs: `use kernels_std::prelude::*;`.
pub mod prelude {
    /// `a.matmul(&b)`, `a.dot(&b)`.
    pub use crate::linalg::ArrayLinalg;
    /// The runtime crate itself: the code `#[elementwise]` generates names `array_runtime::...`.
    pub use array_runtime;
    pub use array_runtime::{
        bf16, c128, c64, f16, Array, ArrayViewMut, Complex, DType, DTypeId, Device, Error, Float,
        Int, Num, Result, SignedInt,
    };
    pub use kernel_macros::{device_fn, elementwise, reduction};
}

/// The README's example, compiled and run as a doc test so that it stays true.
#[doc = include_str!("../../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
