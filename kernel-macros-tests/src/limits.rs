//! Kernels at the limits of what the macros accept, written by `build.rs` (too large to write
//! by hand): deep nesting within `kernel-macros/src/nesting.rs`'s bound, and every user name
//! that could clash with a name of C, C++, CUDA or the runtime's prelude (each lives in a
//! namespace of its own in the generated C: `kernel-macros/src/cnames.rs`).
#![allow(non_snake_case, non_camel_case_types, non_upper_case_globals)]
#![allow(clippy::too_many_arguments, clippy::just_underscores_and_digits)]

use kernels_std::prelude::*;

include!(concat!(env!("OUT_DIR"), "/limits.rs"));

/// The reduction `π_sum` by an ASCII name (a test crate using only `π` of the Greek script
/// would warn of a confusable).
pub use self::π_sum as pi_sum;
