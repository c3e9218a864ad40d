//! NumPy-style routines on the CPU and CUDA, written with the kernel macros.
//!
//! One crate to depend on: it re-exports the runtime ([`Array`], [`Device`], dtypes) and the
//! macros through [`prelude`].

pub use array_runtime;
pub use array_runtime::*;
pub use kernel_macros::{device_fn, elementwise, raw_kernel, reduction};

pub mod io;
pub mod linalg;
pub mod reduce;
pub mod stats;

/// Everything a kernel author needs: `use kernels_std::prelude::*;`.
pub mod prelude {
    /// `a.matmul(&b)`, `a.dot(&b)`.
    pub use crate::linalg::ArrayLinalg;
    /// The runtime crate itself: the code `#[elementwise]` generates names `array_runtime::...`.
    pub use array_runtime;
    /// Raw kernels: the launch shape and the intrinsics a `#[raw_kernel]` body calls (the CPU
    /// twin calls these functions; the CUDA C their CUDA counterparts).
    pub use array_runtime::kernel::raw::{
        atomic_add, atomic_and, atomic_cas, atomic_exch, atomic_max, atomic_min, atomic_or,
        atomic_sub, atomic_xor, block_dim, block_idx, dyn_shared, grid_dim, lane_id, shfl,
        shfl_down, shfl_up, shfl_xor, sync_threads, sync_threads_and, sync_threads_count,
        sync_threads_or, sync_warp, thread_fence, thread_fence_block, thread_idx, vote_all,
        vote_any, vote_ballot, Dim3, LaunchConfig,
    };
    pub use array_runtime::{
        bf16, c128, c64, f16, Array, ArrayViewMut, Complex, DType, DTypeId, Device, Error, Float,
        Int, Num, Result, SignedInt,
    };
    pub use kernel_macros::{device_fn, elementwise, raw_kernel, reduction};
}

/// The README's example, compiled and run as a doc test so that it stays true.
#[doc = include_str!("../../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
