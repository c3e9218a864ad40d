//! The multifactorials, the Bernoulli and Euler numbers and the Stirling numbers of the
//! second kind of `scipy.special`: `factorial2`, `factorialk` (`exact=False`, either
//! `extend`), `bernoulli`, `euler`, `stirling2` (`exact=False`) (methods: [`scalar::numbers`](super::scalar::numbers)).
//!
//! ```
//! use kernels_std::{special, Array, Device};
//! use kernels_std::special::Extend;
//! let n = Array::from_vec(&Device::cpu(), &[4], vec![-1i64, 0, 7, 8])?;
//! assert_eq!(special::factorial2(&n, Extend::Zero)?.to_vec()?, vec![0.0, 1.0, 105.0, 384.0]);
//! assert_eq!(special::factorialk(&n, 3.0, Extend::Zero)?.to_vec()?, vec![0.0, 1.0, 28.0, 80.0]);
//! let x = Array::from_vec(&Device::cpu(), &[2], vec![2.0f64, 7.0])?;
//! assert!(special::factorial2(&x, Extend::Zero).is_err()); // floats need Extend::Complex
//! let c = special::factorial2(&x, Extend::Complex)?.to_vec()?;
//! assert!((c[0] - (8.0 / std::f64::consts::PI).sqrt()).abs() < 1e-15 && (c[1] - 105.0).abs() < 1e-12);
//! let near = |got: Vec<f64>, want: &[f64]| got.iter().zip(want).all(|(a, b)| (a - b).abs() <= 1e-14 * b.abs());
//! let b = special::bernoulli(&Device::cpu(), 4)?.to_vec()?;
//! assert!(near(b, &[1.0, -0.5, 1.0 / 6.0, 0.0, -1.0 / 30.0]));
//! let e = special::euler(&Device::cpu(), 6)?.to_vec()?;
//! assert!(near(e, &[1.0, 0.0, -1.0, 0.0, 5.0, 0.0, -61.0]));
//! let n = Array::from_vec(&Device::cpu(), &[4], vec![10i64, 10, 0, 3])?;
//! let k = Array::from_vec(&Device::cpu(), &[4], vec![3i64, -1, 0, 4])?;
//! assert_eq!(special::stirling2(&n, &k)?.to_vec()?, vec![9330.0, 0.0, 1.0, 0.0]);
//! assert!(special::stirling2(&x, &x).is_err()); // integers only, as SciPy
//! # Ok::<(), kernels_std::Error>(())
//! ```
//!
//! Promotion: SciPy's Python functions give `float64` for integer input (`stirling2`
//! always); with
//! [`Extend::Complex`] a `float32` input stays `float32` ([`Promote`](super::Promote)).

use crate::prelude::*;
use array_runtime::kernel::elementwise::Operand;
use array_runtime::IntoOperand;

/// SciPy's `extend` of `factorial2` and `factorialk`: how the multifactorial is continued
/// beyond the non-negative integers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Extend {
    /// `extend='zero'` (SciPy's default): integer input only, 0 for `n < 0`.
    Zero,
    /// `extend='complex'` at real arguments: SciPy's analytic continuation
    /// `k^((z - 1)/k) Gamma(z/k + 1) / Gamma(1/k + 1)` (which differs from the
    /// multifactorial at the integers `n != 1 (mod k)`).
    Complex,
}

/// The double factorial `n!! = n (n - 2) (n - 4) ...`, elementwise (SciPy's
/// `factorial2(n, exact=False, extend)`): [`factorialk`] with `k = 2`.
///
/// Example: [the family's page](self).
pub fn factorial2<'a, T: super::Promote>(
    n: impl IntoOperand<'a, T>,
    extend: Extend,
) -> Result<Array<T::Out>> {
    multifactorial("factorial2", n, 2.0, extend)
}

/// The multifactorial `n!(k) = n (n - k) (n - 2k) ...`, elementwise (SciPy's
/// `factorialk(n, k, exact=False, extend)`; `float64` for integer input). With
/// [`Extend::Zero`]: integer `n` only (a float dtype is an [`Error::Invalid`], as SciPy's
/// `ValueError`), `k` a positive integer, 0 for `n < 0`. With [`Extend::Complex`]: real `n`
/// of any dtype and a real `k > 0` (SciPy's complex results for `k < 0` are not provided: an
/// error), NaN at the poles. SciPy's `exact=True` (Python integers) is not provided.
///
/// Example: [the family's page](self).
pub fn factorialk<'a, T: super::Promote>(
    n: impl IntoOperand<'a, T>,
    k: f64,
    extend: Extend,
) -> Result<Array<T::Out>> {
    multifactorial("factorialk", n, k, extend)
}

fn multifactorial<'a, T: super::Promote>(
    name: &str,
    n: impl IntoOperand<'a, T>,
    k: f64,
    extend: Extend,
) -> Result<Array<T::Out>> {
    let k_out = k.cast::<T::Out>();
    match extend {
        Extend::Zero => {
            if T::ID.is_float() || T::ID.is_complex() || T::ID == DTypeId::Bool {
                return Err(Error::invalid(format!(
                    "{name}: non-integer arguments need Extend::Complex (SciPy's \
                     extend='complex'), which changes the values at negative n"
                )));
            }
            if !(k >= 1.0 && k.floor() == k && k_out.cast::<f64>() == k) {
                return Err(Error::invalid(format!(
                    "{name}: with Extend::Zero, k must be a positive integer, got {k}"
                )));
            }
            super::kernels::factorialk::<T::Out>(T::promote(n)?, Operand::Scalar(k_out))
        }
        Extend::Complex => {
            if k.is_nan() || k <= 0.0 || k == f64::INFINITY {
                return Err(Error::invalid(format!(
                    "{name}: with Extend::Complex, k must be positive and finite (complex \
                     results are not provided), got {k}"
                )));
            }
            super::kernels::factorialk_complex::<T::Out>(T::promote(n)?, Operand::Scalar(k_out))
        }
    }
}

/// The Bernoulli numbers `[B_0, B_1, ..., B_n]` on `device` (SciPy's `bernoulli(n)`; `B_1 =
/// -1/2`; `+-inf` beyond `B_258`).
///
/// Example: [the family's page](self).
pub fn bernoulli(device: &Device, n: usize) -> Result<Array<f64>> {
    super::kernels::bernoulli_number::<f64>(&indices(device, n)?)
}

/// The Euler numbers `[E_0, E_1, ..., E_n]` on `device` (SciPy's `euler(n)`; `+-inf` beyond
/// `E_186`).
///
/// Example: [the family's page](self).
pub fn euler(device: &Device, n: usize) -> Result<Array<f64>> {
    super::kernels::euler_number::<f64>(&indices(device, n)?)
}

/// `[0.0, 1.0, ..., n]` on `device`.
fn indices(device: &Device, n: usize) -> Result<Array<f64>> {
    let len = n
        .checked_add(1)
        .ok_or_else(|| Error::invalid("bernoulli/euler: n + 1 overflows"))?;
    crate::creation::arange(device, (0.0, len as f64, 1.0))
}

/// The Stirling numbers of the second kind `S(n, k)`, elementwise, as `float64` (SciPy's
/// `stirling2(N, K, exact=False)`): `n` and `k` of an integer dtype (others are an
/// `Error::Invalid`, as SciPy's `TypeError`), converted to `float64` first as SciPy does; 1
/// at `n = k = 0`, 0 for `k <= 0 < n`, `k > n` and negative `n`, `inf` where it overflows.
/// SciPy's `exact=True` (Python integers) is not provided; beyond `n = 50` SciPy's values
/// are an approximation (up to 1e-5 off), ours the exact numbers rounded (see
/// [`scalar::stirling2`](super::scalar::stirling2())).
///
/// Example: [the family's page](self).
pub fn stirling2<'a, T: DType>(
    n: impl IntoOperand<'a, T>,
    k: impl IntoOperand<'a, T>,
) -> Result<Array<f64>> {
    if T::ID.is_float() || T::ID.is_complex() || T::ID == DTypeId::Bool {
        return Err(Error::invalid(format!(
            "stirling2: n and k must be of an integer dtype, got {}",
            T::ID
        )));
    }
    super::kernels::stirling2::<f64>(as_f64(n)?, as_f64(k)?)
}

/// An operand converted to `float64`.
fn as_f64<'a, T: DType>(x: impl IntoOperand<'a, T>) -> Result<Operand<'a, f64>> {
    Ok(match x.into_operand() {
        Operand::Scalar(s) => Operand::Scalar(s.cast::<f64>()),
        Operand::Borrowed(a) => Operand::Owned(a.astype::<f64>()?),
        Operand::Owned(a) => Operand::Owned(a.astype::<f64>()?),
        Operand::Lazy(e) => Operand::Lazy(e.astype::<f64>()),
    })
}
