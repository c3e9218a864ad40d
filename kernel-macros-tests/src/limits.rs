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

/// Local arrays at the limit of what a thread may hold (256 KiB), on the CPU in a rayon
/// worker's or the caller's stack.
#[elementwise]
pub fn local_arrays_at_the_limit(x: f32, i: u32) -> f32 {
    let mut table = [0.0f32; 65536];
    table[(i % 65536) as usize] = x;
    table[(i % 65536) as usize] * 2.0
}

/// A device function holding 64 KiB of local arrays.
#[device_fn]
pub fn local_scratch(x: f32, i: u32) -> f32 {
    let mut scratch = [0.0f32; 16384];
    scratch[(i % 16384) as usize] = x;
    scratch[(i % 16384) as usize] + 1.0
}

/// 128 KiB of local arrays per thread and a barrier: the emulator runs the threads as
/// coroutines, whose stacks it sizes from the kernel's need (with the device function's 64
/// KiB: 192 KiB; the default stack is 256 KiB, which a debug build of this twin overflows).
#[raw_kernel]
pub fn local_arrays_with_barrier(xs: &[f32], ys: &mut [f32]) {
    let t = thread_idx().x as usize;
    let mut big = [0.0f32; 32768];
    big[t] = xs[t];
    sync_threads();
    big[t + 1] = local_scratch(big[t], t as u32);
    ys[t] = big[t + 1] + big[32767];
}
