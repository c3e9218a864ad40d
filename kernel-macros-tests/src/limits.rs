//! Kernels at the limits of what the macros accept, written by `build.rs` (too large to write
//! by hand): deep nesting within `kernel-macros/src/nesting.rs`'s bound.

use kernels_std::prelude::*;

include!(concat!(env!("OUT_DIR"), "/limits.rs"));
