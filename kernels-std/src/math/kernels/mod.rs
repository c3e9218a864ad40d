//! The `#[elementwise]` kernels behind the ufuncs of [`math`](crate::math), public so that a
//! caller can write into existing arrays (`kernels::sqrt::into(&x, &mut out)`, NumPy's
//! `out=`) or call the function on one element (`kernels::sqrt::scalar`).
//!
//! Float kernels take the input dtype `I`, the result dtype `F` and the dtype `C` they compute
//! in (see [`ToFloat`](crate::math::ToFloat)): `x.cast::<C>()`, the formula, `.cast::<F>()`.
//! NumPy's behaviour is spelled out where the kernel language's (Rust's) differs: `f32::max`
//! drops NaN, `round` rounds half away from zero, `%` is C's `fmod`.
//!
//! The arithmetic, bitwise and comparison kernels shared with the array operators live in
//! [`array_runtime::ops::kernels`].

mod arith;
mod bessel_i0;
mod complex_fns;
mod complex_formulas;
mod float_fns;
mod float_parts;
mod float_steps;
mod integer_fns;
mod logic;
mod parts;
mod rounding;

pub use arith::*;
pub use bessel_i0::*;
pub use complex_fns::*;
pub use float_fns::*;
pub use float_parts::*;
pub use float_steps::*;
pub use integer_fns::*;
pub use logic::*;
pub use parts::*;
pub use rounding::*;
