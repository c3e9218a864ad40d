//! The compile-fail cases of the kernel macros (`tests/ui/<category>/<case>.rs`, run by
//! `tests/compile_fail.rs` with trybuild). Each case is a kernel the translator must refuse,
//! and its `.stderr` is the error rustc shows the user, pointing at their code; the cases of
//! `usage/` are calls of generated functions gone wrong (a reduction's builder passed where
//! an array is expected, or never run).
//!
//! The cases import [`prelude`]: the names of `kernels_std::prelude` that kernels use, without
//! kernels-std itself. trybuild checks every dependency of this crate once and then each case;
//! leaving out kernels-std (and with it faer and rustfft) keeps that check small.
//!
//! ```
//! use kernel_macros_ui::prelude::*;
//!
//! #[elementwise]
//! fn halve(x: f32) -> f32 {
//!     x * 0.5
//! }
//!
//! let a = Array::from_vec(&Device::cpu(), &[2], vec![1.0f32, 3.0])?;
//! assert_eq!(halve(&a)?.to_vec()?, vec![0.5, 1.5]);
//! # Ok::<(), Error>(())
//! ```

/// What a kernel's source needs in scope: the macros, the runtime crate (generated code names
/// `array_runtime::...`), the dtypes and the raw-kernel intrinsics, as `kernels_std::prelude`
/// exports them.
pub mod prelude {
    /// The runtime crate itself: the code `#[elementwise]` generates names `array_runtime::...`.
    pub use array_runtime;
    /// Raw kernels: the launch shape and the intrinsics a `#[raw_kernel]` body calls.
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
    /// Slicing: `a.slice(s![1.., ..;-1, NewAxis])`, `s![Ellipsis, 0]` (NumPy's `a[1:, ::-1,
    /// None]`, `a[..., 0]`).
    pub use array_runtime::{s, Ellipsis, NewAxis};
    pub use kernel_macros::{device_fn, elementwise, raw_kernel, reduction};
}
