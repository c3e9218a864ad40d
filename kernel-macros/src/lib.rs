//! The kernel macros: a subset of Rust translated to CUDA C at compile time, with the native
//! Rust function kept for the CPU backend.
//!
//! The translator is a pipeline of phases, one module each: `parse` (syn to our AST),
//! `check` (types and the allowed subset), `lower` (CUDA C text) and `emit` (Rust
//! tokens). Only `parse` and `check` reject input; the macro never panics.

mod check;
mod cnames;
mod device_fn;
mod diag;
mod elementwise;
mod emit;
mod lower;
mod nesting;
mod parse;
mod raw_kernel;
mod reduction;
mod scalar;

#[cfg(test)]
mod tests;

use proc_macro::TokenStream;

/// Turns a scalar function into an elementwise kernel over arrays.
///
/// ```ignore
/// use kernels_std::prelude::*;
///
/// #[elementwise]
/// pub fn saxpy(a: f32, x: f32, y: f32) -> f32 {
///     a * x + y
/// }
///
/// let dev = Device::cpu();
/// let x = Array::from_vec(&dev, &[3], vec![1.0f32, 2.0, 3.0])?;
/// let y = Array::from_vec(&dev, &[3], vec![1.0f32, 1.0, 1.0])?;
/// let z = saxpy(2.0, &x, &y)?;            // scalars broadcast
/// assert_eq!(z.to_vec()?, vec![3.0, 5.0, 7.0]);
/// assert_eq!(saxpy::scalar(2.0, 1.0, 1.0), 3.0);   // the native function
/// ```
///
/// Besides the array function, a module of the same name holds `scalar` (the native twin: the
/// function with the language's semantics made explicit), `DEF` (its CUDA C), `cpu_chunk`,
/// `into` (write into existing arrays) and `cuda_source`.
///
#[doc = include_str!("../LANGUAGE.md")]
#[proc_macro_attribute]
pub fn elementwise(attr: TokenStream, item: TokenStream) -> TokenStream {
    elementwise::expand(attr.into(), item.into()).into()
}

/// Turns a module of four functions into a reduction over arrays, what `cupy.ReductionKernel`
/// expresses: `map` (inputs to an accumulator; an optional last parameter marked `#[index]`
/// receives the element's position along the reduced axes), `combine` (associative and
/// commutative), optionally `identity` (without one, reducing an empty axis is an error) and
/// `finish` (accumulator to result).
///
/// ```ignore
/// use kernels_std::prelude::*;
///
/// #[reduction]
/// mod l2norm {
///     pub fn map(x: f32) -> f32 { x * x }
///     pub fn combine(a: f32, b: f32) -> f32 { a + b }
///     pub fn identity() -> f32 { 0.0 }
///     pub fn finish(acc: f32) -> f32 { acc.sqrt() }
/// }
///
/// let x = Array::from_vec(&Device::cpu(), &[2, 2], vec![3.0f32, 4.0, 6.0, 8.0])?;
/// let rows = l2norm(&x).axis(1).run()?;                 // [5, 10]
/// let all = l2norm(&x).keepdims(true).run()?;           // shape [1, 1]
/// ```
///
/// Besides the function that starts a call, the module keeps the pieces as written (the CPU
/// twin), `DEF` (their CUDA C) and `Kernel` (what the runtime runs).
#[proc_macro_attribute]
pub fn reduction(attr: TokenStream, item: TokenStream) -> TokenStream {
    reduction::expand(attr.into(), item.into()).into()
}

/// Marks a helper function written in the kernel language: kernels (and other device
/// functions) can call it. It stays an ordinary Rust function (with the kernel language's
/// semantics: see the language reference) and gains a hidden module of the same name holding
/// its CUDA C, which the calling kernels include.
///
/// ```ignore
/// use kernels_std::prelude::*;
///
/// #[device_fn]
/// pub fn lerp(a: f32, b: f32, t: f32) -> f32 {
///     a + (b - a) * t
/// }
///
/// #[elementwise]
/// pub fn blend(x: f32, y: f32) -> f32 {
///     lerp(x, y, 0.25)
/// }
/// ```
#[proc_macro_attribute]
pub fn device_fn(attr: TokenStream, item: TokenStream) -> TokenStream {
    device_fn::expand(attr.into(), item.into()).into()
}

/// Turns a function over slices into a raw kernel, CuPy's `RawKernel`: run once per CUDA
/// thread of a launch, with thread and block indices, shared memory, barriers, atomics and
/// warp shuffles. On a GPU it is CUDA C; on the CPU backend the grid is emulated.
///
/// ```ignore
/// use kernels_std::prelude::*;
///
/// #[raw_kernel]
/// pub fn scale(x: &[f32], y: &mut [f32], a: f32) {
///     let i = (block_idx().x * block_dim().x + thread_idx().x) as usize;
///     if i < y.len() {
///         y[i] = a * x[i];
///     }
/// }
///
/// let dev = Device::cpu();
/// let x = Array::from_vec(&dev, &[3], vec![1.0f32, 2.0, 3.0])?;
/// let mut y = Array::<f32>::zeros(&dev, &[3])?;
/// scale::launch(&LaunchConfig::for_elements(3, 256), &x, &mut y, 2.0)?;
/// assert_eq!(y.to_vec()?, vec![2.0, 4.0, 6.0]);
/// ```
///
/// Parameters are `&[T]` (read), `&mut [T]` (read and written) and scalars, of any dtype or
/// a type parameter bounded by the runtime's traits; the kernel returns nothing. The body is
/// the kernel language of `#[elementwise]` plus:
///
/// - `x[i]` (read, write, compound assignment) with any integer index, bounds-checked: an
///   access out of bounds reads `T::default()`, writes nothing and fails the launch with an
///   error naming the kernel, the slice, the index and the length; `x.len()` (a `u64`; in raw
///   kernels `usize` is `u64` and `isize` is `i64`);
/// - `thread_idx()`, `block_idx()`, `block_dim()`, `grid_dim()` (`.x`, `.y`, `.z`: `u32`),
///   `lane_id()`;
/// - `sync_threads()`, `sync_threads_count/and/or(p)`, `sync_warp()`, `thread_fence()`,
///   `thread_fence_block()`;
/// - `shfl(v, lane)`, `shfl_up/down(v, delta)`, `shfl_xor(v, mask)` (i32, u32, i64, u64,
///   f16, bf16, f32, f64) and `vote_all/any/ballot(p)`, over the whole warp;
/// - `atomic_add/sub/min/max/and/or/xor/exch(&x, i, v)` and `atomic_cas(&x, i, current, new)`
///   on a `&mut [T]` parameter or a shared array, returning the old value;
/// - `let tile = shared_array::<f32, 1024>();` (a static `__shared__` array; the length is a
///   literal or `{32 * 33}`) and `let buf = dyn_shared::<f32>();` (the launch's
///   `shared_mem_bytes` as `f32`s), used like slices.
///
/// `sync_threads()` in divergent code compiles: CUDA leaves a barrier that part of a block
/// skips undefined, and the CPU emulator reports it as an error of the launch.
///
/// The function becomes a module of its name: `launch(cfg, args..)` (arrays for slices,
/// values for scalars), `DEF` (the runtime's `RawKernelDef`, with the CUDA C),
/// `cpu_thread` (the CPU twin) and `cuda_source()`.
#[proc_macro_attribute]
pub fn raw_kernel(attr: TokenStream, item: TokenStream) -> TokenStream {
    raw_kernel::expand(attr.into(), item.into()).into()
}
