//! `argmax`, `argmin`, `nanargmax`, `nanargmin`: positions of the extremes.
//!
//! The position is counted along the reduced axes: over one axis it is NumPy's index along that
//! axis; over several (or all, the default) it is the flat C-order position within them, as
//! NumPy's `argmax(axis=None)` gives for all of them. (NumPy accepts one axis or none; several
//! are our extension.)

use std::marker::PhantomData;

use array_runtime::kernel::reduction::{ReduceCall, ReduceKernel};
use array_runtime::{Array, Error, Num, Result};

use super::builder::{axes_methods, AxesChoice};
use super::kernels;

/// The call [`argmax`] returns: choose axes, then `.run()`.
pub type ArgMax<'a, T> = ReduceCall<'a, kernels::argmax::Kernel<T>>;
/// The call [`argmin`] returns.
pub type ArgMin<'a, T> = ReduceCall<'a, kernels::argmin::Kernel<T>>;

/// NumPy's `argmax`: the position of the first maximum (of the first NaN, if there is one).
/// An empty axis is an error.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::reduce::argmax;
/// let a = Array::from_vec(&Device::cpu(), &[2, 3], vec![1, 7, 7, 9, 0, 9])?;
/// assert_eq!(argmax(&a).axis(1).run()?.to_vec()?, vec![1, 0]);
/// assert_eq!(argmax(&a).run()?.item()?, 3);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn argmax<T: Num>(a: &Array<T>) -> ArgMax<'_, T> {
    kernels::argmax(a)
}

/// NumPy's `argmin`: the position of the first minimum (of the first NaN, if there is one).
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::reduce::argmin;
/// let a = Array::from_vec(&Device::cpu(), &[4], vec![2.0, f64::NAN, -1.0, f64::NAN])?;
/// assert_eq!(argmin(&a).run()?.item()?, 1);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn argmin<T: Num>(a: &Array<T>) -> ArgMin<'_, T> {
    kernels::argmin(a)
}

/// The call of [`nanargmax`] and [`nanargmin`]: choose axes, then `.run()`.
#[derive(Debug)]
pub struct NanArg<'a, T: Num, K> {
    a: &'a Array<T>,
    choice: AxesChoice,
    op: &'static str,
    _kernel: PhantomData<K>,
}

impl<'a, T: Num, K: ReduceKernel<Out = i64>> NanArg<'a, T, K> {
    axes_methods!();
}

impl<'a, T: Num> NanArg<'a, T, kernels::nanargmax::Kernel<T>> {
    /// Runs the reduction: an error if a slice is all NaN (NumPy raises).
    pub fn run(self) -> Result<Array<i64>> {
        let out = self.choice.apply(kernels::nanargmax(self.a)).run()?;
        reject_all_nan(self.op, out)
    }
}

impl<'a, T: Num> NanArg<'a, T, kernels::nanargmin::Kernel<T>> {
    /// Runs the reduction: an error if a slice is all NaN (NumPy raises).
    pub fn run(self) -> Result<Array<i64>> {
        let out = self.choice.apply(kernels::nanargmin(self.a)).run()?;
        reject_all_nan(self.op, out)
    }
}

/// The kernels finish an all-NaN slice as `-1`: one flag read back says whether there is one.
fn reject_all_nan(op: &str, out: Array<i64>) -> Result<Array<i64>> {
    if kernels::any_negative(&out).run()?.item()? {
        return Err(Error::invalid(format!(
            "{op}: all-NaN slice encountered (result shape {:?})",
            out.shape()
        )));
    }
    Ok(out)
}

/// NumPy's `nanargmax`: the position of the first maximum ignoring NaN. A slice of NaN only
/// (or an empty one) is an error, as in NumPy.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::reduce::nanargmax;
/// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![f64::NAN, 1.0, f64::NAN, f64::NAN])?;
/// assert_eq!(nanargmax(&a).run()?.item()?, 1);
/// assert!(nanargmax(&a).axis(1).run().is_err());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn nanargmax<T: Num>(a: &Array<T>) -> NanArg<'_, T, kernels::nanargmax::Kernel<T>> {
    NanArg {
        a,
        choice: AxesChoice::default(),
        op: "nanargmax",
        _kernel: PhantomData,
    }
}

/// NumPy's `nanargmin`: the position of the first minimum ignoring NaN; an all-NaN slice is
/// an error. See [`nanargmax`].
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::reduce::nanargmin;
/// let a = Array::from_vec(&Device::cpu(), &[3], vec![f32::NAN, 2.0, 1.0])?;
/// assert_eq!(nanargmin(&a).run()?.item()?, 2);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn nanargmin<T: Num>(a: &Array<T>) -> NanArg<'_, T, kernels::nanargmin::Kernel<T>> {
    NanArg {
        a,
        choice: AxesChoice::default(),
        op: "nanargmin",
        _kernel: PhantomData,
    }
}
