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
mod parse;
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
