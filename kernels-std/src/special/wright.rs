//! Wright's generalized Bessel function of `scipy.special`: `wright_bessel` and
//! `log_wright_bessel`, `Phi(a, b; x) = sum_k x^k / (k! Gamma(a k + b))` for real
//! `a, b, x >= 0` (methods: [`scalar::wright`](super::scalar::wright)).
//!
//! ```
//! use kernels_std::{special, Array, Device};
//! let close = |a: f64, b: f64| (a / b - 1.0).abs() < 1e-14;
//! let x = Array::from_vec(&Device::cpu(), &[4], vec![0.0f64, 1.0, 1e6, -1.0])?;
//! let w = special::wright_bessel(1.0, 1.0, &x)?.to_vec()?; // I_0(2 sqrt(x))
//! assert!(w[0] == 1.0 && close(w[1], 2.2795853023360673));
//! assert!(w[2] == f64::INFINITY && w[3].is_nan());
//! let l = special::log_wright_bessel(1.0, 1.0, &x)?.to_vec()?; // finite where w overflows
//! assert!(l[0] == 0.0 && close(l[1], w[1].ln()) && close(l[2], 1995.2806727526574));
//! // a, b and x broadcast together; integers give f64, f32 stays f32
//! let a = Array::from_vec(&Device::cpu(), &[2, 1], vec![0i32, 2])?;
//! let b = Array::from_vec(&Device::cpu(), &[1, 2], vec![1i32, 3])?;
//! let y = special::wright_bessel(&a, &b, 2i32)?;
//! assert_eq!(y.shape(), &[2, 2]);
//! assert!(close(y.to_vec()?[0], 2f64.exp()) && close(y.to_vec()?[1], 2f64.exp() / 2.0));
//! let f = Array::from_vec(&Device::cpu(), &[1], vec![3.0f32])?;
//! assert_eq!(special::wright_bessel(0.5f32, 2.0f32, &f)?.to_vec()?, vec![7.6494536f32]);
//! # Ok::<(), kernels_std::Error>(())
//! ```
//!
//! Promotion: SciPy lists `float64` first ([`Promote`](super::Promote)). Where we differ
//! from SciPy (`kernels-std/DIFFERENCES.md`): `e^x / Gamma(b)` at `a = 0` is finite where
//! only `e^x` overflows (SciPy: `inf`), `Phi(0, 0; x) = 0` for every finite `x` (SciPy: NaN
//! from `0 * inf` beyond `x = 709`), and results below the smallest normal number are
//! rounded subnormals (SciPy: 0 where `1 / Gamma(b)` underflows).

use super::ufunc::ufunc;

ufunc! {
    /// Wright's generalized Bessel function `Phi(a, b; x)`, elementwise over the broadcast
    /// operands (SciPy's `wright_bessel`): NaN for a NaN or negative operand and for `a` or
    /// `b` at or above `178.47241115886637` (SciPy's bound), `inf` at `x = inf` and where it
    /// overflows, `1 / Gamma(b)` at `x = 0`.
    ///
    /// Example: [the family's page](self).
    wright_bessel(a, b, x): Promote;
    /// The logarithm of Wright's generalized Bessel function, `ln Phi(a, b; x)`, elementwise
    /// over the broadcast operands (SciPy's `log_wright_bessel`): finite where
    /// [`wright_bessel()`] overflows (up to `x` near `f64::MAX`); `-inf` where `Phi = 0`
    /// (`b = 0` at `x = 0` or `a = 0`), the rest as [`wright_bessel()`].
    ///
    /// Example: [the family's page](self).
    log_wright_bessel(a, b, x): Promote;
}
