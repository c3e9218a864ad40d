//! The logistic function, its relatives and the entropy functions of `scipy.special`:
//! `expit`, `logit`, `log_expit`, `softplus`, `xlogy`, `xlog1py`, `entr`, `rel_entr`,
//! `kl_div`, `huber`, `pseudo_huber`.
//!
//! ```
//! use kernels_std::{special, Array, Device};
//! let x = Array::from_vec(&Device::cpu(), &[2], vec![800.0f64, -800.0])?;
//! assert_eq!(special::softplus(&x)?.to_vec()?, vec![800.0, 0.0]);
//! let x = Array::from_vec(&Device::cpu(), &[3], vec![0.0f32, -800.0, 800.0])?;
//! assert_eq!(special::expit(&x)?.to_vec()?, vec![0.5f32, 0.0, 1.0]);
//! let p = Array::from_vec(&Device::cpu(), &[3], vec![0.5f64, 0.0, 1.0])?;
//! assert_eq!(special::logit(&p)?.to_vec()?, vec![0.0, f64::NEG_INFINITY, f64::INFINITY]);
//! let x = Array::from_vec(&Device::cpu(), &[1], vec![-800.0f64])?;
//! assert_eq!(special::log_expit(&x)?.to_vec()?, vec![-800.0]);
//! let x = Array::from_vec(&Device::cpu(), &[2], vec![0.0f64, 2.0])?;
//! assert_eq!(special::xlogy(&x, 1.0)?.to_vec()?, vec![0.0, 0.0]);
//! let x = Array::from_vec(&Device::cpu(), &[2], vec![0.0f64, 2.0])?;
//! assert_eq!(special::xlog1py(&x, 0.0)?.to_vec()?, vec![0.0, 0.0]);
//! let x = Array::from_vec(&Device::cpu(), &[3], vec![1.0f64, 0.0, -1.0])?;
//! assert_eq!(special::entr(&x)?.to_vec()?, vec![0.0, 0.0, f64::NEG_INFINITY]);
//! let x = Array::from_vec(&Device::cpu(), &[2], vec![1.0f64, 0.0])?;
//! assert_eq!(special::rel_entr(&x, 1.0)?.to_vec()?, vec![0.0, 0.0]);
//! let x = Array::from_vec(&Device::cpu(), &[2], vec![1.0f64, 0.0])?;
//! assert_eq!(special::kl_div(&x, 1.0)?.to_vec()?, vec![0.0, 1.0]);
//! let r = Array::from_vec(&Device::cpu(), &[2], vec![0.5f64, 3.0])?;
//! assert_eq!(special::huber(1.0, &r)?.to_vec()?, vec![0.125, 2.5]);
//! let r = Array::from_vec(&Device::cpu(), &[2], vec![0.0f64, 1.0])?;
//! let y = special::pseudo_huber(1.0, &r)?.to_vec()?;
//! assert!(y[0] == 0.0 && (y[1] - (2.0f64.sqrt() - 1.0)).abs() < 1e-15);
//! # Ok::<(), kernels_std::Error>(())
//! ```

use super::ufunc::ufunc;
use crate::math::ToFloat;
use crate::prelude::*;
use array_runtime::kernel::elementwise::Operand;
use array_runtime::IntoOperand;

/// `ln(1 + e^x)`, elementwise (SciPy's `softplus`, which is NumPy's `logaddexp(0, x)`: its
/// result dtypes are NumPy's [`ToFloat`], `f16` stays `f16`).
///
/// Example: [the family's page](self).
pub fn softplus<'a, T: ToFloat>(x: impl IntoOperand<'a, T>) -> Result<Array<T::Float>> {
    crate::math::logaddexp(Operand::Scalar(0i32.cast::<T>()), x)
}

ufunc! {
    /// The logistic sigmoid `1 / (1 + e^-x)`, elementwise (SciPy's `expit`).
    ///
    /// Example: [the family's page](self).
    expit(x): Promote;
    /// The log-odds `ln(p / (1 - p))`, elementwise (SciPy's `logit`): `-inf` at 0, `inf` at
    /// 1, NaN outside `[0, 1]`.
    ///
    /// Example: [the family's page](self).
    logit(x): Promote;
    /// `ln(expit(x))`, elementwise (SciPy's `log_expit`).
    ///
    /// Example: [the family's page](self).
    log_expit(x): Promote;
    /// `x ln(y)`, 0 where `x == 0` (unless `y` is NaN), elementwise (SciPy's `xlogy`).
    ///
    /// Example: [the family's page](self).
    xlogy(x, y): Promote;
    /// `x ln(1 + y)`, 0 where `x == 0` (unless `y` is NaN), elementwise (SciPy's `xlog1py`).
    ///
    /// Example: [the family's page](self).
    xlog1py(x, y): Promote;
    /// `-x ln(x)`, elementwise (SciPy's `entr`): 0 at 0, `-inf` below.
    ///
    /// Example: [the family's page](self).
    entr(x): PromoteF32;
    /// `x ln(x / y)`, elementwise (SciPy's `rel_entr`).
    ///
    /// Example: [the family's page](self).
    rel_entr(x, y): PromoteF32;
    /// `x ln(x / y) - x + y`, elementwise (SciPy's `kl_div`).
    ///
    /// Example: [the family's page](self).
    kl_div(x, y): PromoteF32;
    /// The Huber loss, elementwise (SciPy's `huber(delta, r)`).
    ///
    /// Example: [the family's page](self).
    huber(delta, r): PromoteF32;
    /// The pseudo-Huber loss, elementwise (SciPy's `pseudo_huber(delta, r)`).
    ///
    /// Example: [the family's page](self).
    pseudo_huber(delta, r): PromoteF32;
}
