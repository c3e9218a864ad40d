//! `argmax`, `argmin`, `nanargmax`, `nanargmin`: positions of the extremes.
//!
//! The position is counted along the reduced axes: over one axis it is NumPy's index along that
//! axis; over several (or all, the default) it is the flat C-order position within them, as
//! NumPy's `argmax(axis=None)` gives for all of them. (NumPy accepts one axis or none; several
//! are our extension.)

use std::marker::PhantomData;

use array_runtime::kernel::elementwise::Operand;
use array_runtime::kernel::reduction::{Erase, ReduceCall, ReduceKernel};
use array_runtime::{Array, Error, Num, Result};

use super::builder::{axes_methods, AxesChoice};
use super::kernels;

/// Arrays at least this long, reduced whole on the CPU, take two passes (`max`, then the
/// first position of the maximum) instead of one pass of (value, position) pairs: measured
/// 2-3x faster on 10^7 `f32`, as each pass vectorizes.
const TWO_PASSES_FROM: usize = 1 << 16;

/// The call of [`argmax`], [`argmin`], [`nanargmax`] and [`nanargmin`]: choose axes, then
/// `.run()`.
#[derive(Debug)]
pub struct ArgCall<'a, T: Num, K> {
    a: &'a Array<T>,
    choice: AxesChoice,
    op: &'static str,
    _kernel: PhantomData<K>,
}

/// The call [`argmax`] returns.
pub type ArgMax<'a, T> = ArgCall<'a, T, kernels::argmax::Kernel<T>>;
/// The call [`argmin`] returns.
pub type ArgMin<'a, T> = ArgCall<'a, T, kernels::argmin::Kernel<T>>;
/// The call [`nanargmax`] returns.
pub type NanArgMax<'a, T> = ArgCall<'a, T, kernels::nanargmax::Kernel<T>>;
/// The call [`nanargmin`] returns.
pub type NanArgMin<'a, T> = ArgCall<'a, T, kernels::nanargmin::Kernel<T>>;

impl<'a, T: Num, K: ReduceKernel<Out = i64>> ArgCall<'a, T, K> {
    axes_methods!();

    fn new(a: &'a Array<T>, op: &'static str) -> Self {
        ArgCall {
            a,
            choice: AxesChoice::default(),
            op,
            _kernel: PhantomData,
        }
    }

    /// Whether this call takes the two passes of [`TWO_PASSES_FROM`].
    fn two_passes(&self) -> bool {
        self.choice.axes.is_none() && self.a.device().is_cpu() && self.a.len() >= TWO_PASSES_FROM
    }

    /// The position of the first element equal to `m` (NaN to NaN), shaped as the one-pass
    /// reduction over every axis would be.
    fn first_index_of(&self, m: Array<T>) -> Result<Array<i64>> {
        let m: T = m.item()?;
        let operands: Vec<Box<dyn Erase + '_>> = vec![
            Box::new(Operand::Borrowed(self.a)),
            Box::new(Operand::Scalar(m)),
        ];
        let call = ReduceCall::<kernels::first_index_of::Kernel<T>>::new(operands);
        self.choice.apply(call).run()
    }
}

impl<T: Num> ArgMax<'_, T> {
    /// Runs the reduction.
    pub fn run(self) -> Result<Array<i64>> {
        if self.two_passes() {
            return self.first_index_of(kernels::max(self.a).run()?);
        }
        self.choice.apply(kernels::argmax(self.a)).run()
    }
}

impl<T: Num> ArgMin<'_, T> {
    /// Runs the reduction.
    pub fn run(self) -> Result<Array<i64>> {
        if self.two_passes() {
            return self.first_index_of(kernels::min(self.a).run()?);
        }
        self.choice.apply(kernels::argmin(self.a)).run()
    }
}

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
    ArgCall::new(a, "argmax")
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
    ArgCall::new(a, "argmin")
}

impl<T: Num> NanArgMax<'_, T> {
    /// Runs the reduction: an error if a slice is all NaN (NumPy raises).
    pub fn run(self) -> Result<Array<i64>> {
        let out = self.choice.apply(kernels::nanargmax(self.a)).run()?;
        reject_all_nan(self.op, out)
    }
}

impl<T: Num> NanArgMin<'_, T> {
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
pub fn nanargmax<T: Num>(a: &Array<T>) -> NanArgMax<'_, T> {
    ArgCall::new(a, "nanargmax")
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
pub fn nanargmin<T: Num>(a: &Array<T>) -> NanArgMin<'_, T> {
    ArgCall::new(a, "nanargmin")
}
