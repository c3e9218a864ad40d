//! The formulas of the complex ufuncs, as `#[device_fn]`s generic over the part type `T`
//! (`f32` for `c64`, `f64` for `c128`): each takes the real and imaginary parts `(x, y)` of `z`
//! and returns those of the result. The complex kernels (`sin_c64`, `sin_c128`, ...) call
//! them.
//!
//! Conventions: `f(conj z) == conj f(z)` and the odd functions' symmetry are kept (the sign of
//! a zero part selects the side of a branch cut, as in C99); special values (infinite or NaN
//! parts) are spelled out case by case to NumPy's (glibc's).

mod exp_log;
mod hyperbolic;
mod inverse;
mod power_sign;

pub use exp_log::{cexpm1, clog, clog1p, csqrt};
pub use hyperbolic::{ccosh, csinh, ctanh};
pub use inverse::{cacos, cacosh, casin, casinh, catanh};
pub use power_sign::{cpow, creciprocal, csign};
