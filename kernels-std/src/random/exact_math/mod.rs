//! The transcendental functions of the samplers, written with exactly rounded operations only
//! (`+ - * /`, `sqrt`, comparisons, `floor`, bit manipulation).
//!
//! The GPU's `log`, `exp`, `sin` and `cos` differ from the host C library's in the last bits,
//! so a sampler calling them would not give the same numbers on both backends. These versions
//! use only correctly rounded IEEE operations (the CUDA code is compiled without FMA
//! contraction, `--fmad=false`, as Rust never contracts), so the CPU and the GPU compute the
//! same bits. They are accurate to a few units in the last place on the domains the samplers
//! use (tested against the host's `ln`, `exp`, `ln_1p`, `exp_m1`, `powf`, `atan`, `acos`, `sin`,
//! `cos` and against SciPy's `gammaln`), not correctly rounded.
//!
//! | file | functions |
//! | --- | --- |
//! | `logarithm.rs` | [`ln`], [`ln_unit`], [`log1p`] |
//! | `exponential.rs` | [`exp`], [`expm1`], [`pow`] |
//! | `trig.rs` | [`sincos_turns`] (`sin`/`cos` of `2 pi u`), [`atan`], [`acos`] |
//! | `gamma_fn.rs` | [`lgamma`] of positive arguments |

mod exponential;
mod gamma_fn;
mod logarithm;
mod trig;

pub use exponential::{exp, expm1, pow, pow2i};
pub use gamma_fn::lgamma;
pub use logarithm::{ln, ln_unit, log1p};
pub use trig::{acos, atan, sincos_small, sincos_turns};
