//! `max` (`amax`), `min` (`amin`), `nanmax`, `nanmin` and `ptp`.

use array_runtime::kernel::elementwise::IntoOperand;
use array_runtime::kernel::reduction::ReduceCall;

use super::dtypes::{ExtremaDType, PtpDType};

/// The call [`max`] returns: choose axes, then `.run()`.
pub type Max<'a, T> = ReduceCall<'a, <T as ExtremaDType>::Max>;
/// The call [`min`] returns.
pub type Min<'a, T> = ReduceCall<'a, <T as ExtremaDType>::Min>;
/// The call [`nanmax`] returns.
pub type NanMax<'a, T> = ReduceCall<'a, <T as ExtremaDType>::NanMax>;
/// The call [`nanmin`] returns.
pub type NanMin<'a, T> = ReduceCall<'a, <T as ExtremaDType>::NanMin>;
/// The call [`ptp`] returns.
pub type Ptp<'a, T> = ReduceCall<'a, <T as PtpDType>::Ptp>;

/// NumPy's `max` (`amax`): the largest element over the chosen axes (all by default); a NaN
/// propagates. Complex numbers in NumPy's lexicographic order ([`ExtremaDType`]). Reducing an
/// empty axis is an error (an empty result, as for shape `(3, 0)` along axis 0, is not).
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::reduce::max;
/// let a = Array::from_vec(&Device::cpu(), &[2, 3], vec![1.0, 5.0, 2.0, 4.0, f64::NAN, 0.0])?;
/// assert_eq!(max(&a).axis(0).run()?.to_vec()?[0], 4.0);
/// assert!(max(&a).axis(0).run()?.to_vec()?[1].is_nan());
/// assert_eq!(max(&a.slice(kernels_std::s![.., 2])?).run()?.item()?, 2.0);
/// assert!(max(&Array::<f64>::zeros(&Device::cpu(), &[0])?).run().is_err());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn max<'a, T: ExtremaDType>(a: impl IntoOperand<'a, T>) -> Max<'a, T> {
    ReduceCall::new(vec![Box::new(a.into_operand())])
}

/// NumPy's `min` (`amin`): the smallest element; a NaN propagates; complex numbers in NumPy's
/// lexicographic order. See [`max`].
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::reduce::min;
/// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![3i16, -7, 2, 9])?;
/// assert_eq!(min(&a).axis(1).keepdims(true).run()?.to_vec()?, vec![-7, 2]);
/// assert_eq!(min(&a).run()?.item()?, -7);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn min<'a, T: ExtremaDType>(a: impl IntoOperand<'a, T>) -> Min<'a, T> {
    ReduceCall::new(vec![Box::new(a.into_operand())])
}

/// NumPy's `nanmax`: the largest element ignoring NaN (complex: ignoring the values with a NaN
/// part, in the lexicographic order); NaN where every element is NaN.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::reduce::nanmax;
/// let a = Array::from_vec(&Device::cpu(), &[3], vec![1.0f32, f32::NAN, 0.5])?;
/// assert_eq!(nanmax(&a).run()?.item()?, 1.0);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn nanmax<'a, T: ExtremaDType>(a: impl IntoOperand<'a, T>) -> NanMax<'a, T> {
    ReduceCall::new(vec![Box::new(a.into_operand())])
}

/// NumPy's `nanmin`: the smallest element ignoring NaN (complex: as [`nanmax`]); NaN where
/// every element is NaN.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::reduce::nanmin;
/// let a = Array::from_vec(&Device::cpu(), &[3], vec![1.0f32, f32::NAN, 0.5])?;
/// assert_eq!(nanmin(&a).run()?.item()?, 0.5);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn nanmin<'a, T: ExtremaDType>(a: impl IntoOperand<'a, T>) -> NanMin<'a, T> {
    ReduceCall::new(vec![Box::new(a.into_operand())])
}

/// NumPy's `ptp` ("peak to peak"): `max - min` in one pass, in the input's dtype (integers
/// wrap, as in NumPy; complex numbers are ordered lexicographically and subtracted); NaN
/// propagates; an empty axis is an error.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::reduce::ptp;
/// let a = Array::from_vec(&Device::cpu(), &[2, 3], vec![4, 9, 2, 1, 1, 1])?;
/// assert_eq!(ptp(&a).axis(1).run()?.to_vec()?, vec![7, 0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn ptp<'a, T: PtpDType>(a: impl IntoOperand<'a, T>) -> Ptp<'a, T> {
    ReduceCall::new(vec![Box::new(a.into_operand())])
}
