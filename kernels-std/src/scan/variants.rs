//! NumPy's other scans: `nancumsum`/`nancumprod` (NaN counted as 0 or 1) and NumPy 2's
//! `cumulative_sum`/`cumulative_prod` (with `include_initial`), on top of [`cumsum`] and
//! [`cumprod`].

use super::cumulative::{cumprod, cumsum, Accumulate};
use crate::creation::One;
use crate::prelude::*;

/// `value` where `x` is NaN, else `x`.
#[elementwise]
pub(crate) fn replace_nan<F: Float>(x: F, value: F) -> F {
    if x.is_nan() {
        value
    } else {
        x
    }
}

/// `value` where either part of `z` is NaN (NumPy's `isnan` of a complex number).
#[elementwise]
pub(crate) fn replace_nan_c64(z: c64, value: c64) -> c64 {
    if z.re.is_nan() || z.im.is_nan() {
        value
    } else {
        z
    }
}

/// [`replace_nan_c64`] of `c128`.
#[elementwise]
pub(crate) fn replace_nan_c128(z: c128, value: c128) -> c128 {
    if z.re.is_nan() || z.im.is_nan() {
        value
    } else {
        z
    }
}

/// Element types of [`nancumsum`] and [`nancumprod`]: those of [`cumsum`]; NaN exists in the
/// floats and complex numbers only.
pub trait NanScan: Accumulate {
    /// `a` with each NaN replaced by `0` (`1` when `one`); `a` itself for integers and `bool`.
    fn without_nan(a: &Array<Self>, one: bool) -> Result<Array<Self>>;
}

macro_rules! no_nan {
    ($($t:ty),*) => {$(
        impl NanScan for $t {
            fn without_nan(a: &Array<$t>, _: bool) -> Result<Array<$t>> {
                Ok(a.clone())
            }
        }
    )*};
}
no_nan!(bool, i8, i16, i32, i64, u8, u16, u32, u64);

macro_rules! float_nan {
    ($($t:ty => $zero:expr, $one:expr),*) => {$(
        impl NanScan for $t {
            fn without_nan(a: &Array<$t>, one: bool) -> Result<Array<$t>> {
                replace_nan::<$t>(a, if one { $one } else { $zero })
            }
        }
    )*};
}
float_nan!(f16 => f16::ZERO, f16::ONE, bf16 => bf16::ZERO, bf16::ONE, f32 => 0.0, 1.0,
    f64 => 0.0, 1.0);

impl NanScan for c64 {
    fn without_nan(a: &Array<c64>, one: bool) -> Result<Array<c64>> {
        replace_nan_c64(a, c64::new(if one { 1.0 } else { 0.0 }, 0.0))
    }
}

impl NanScan for c128 {
    fn without_nan(a: &Array<c128>, one: bool) -> Result<Array<c128>> {
        replace_nan_c128(a, c128::new(if one { 1.0 } else { 0.0 }, 0.0))
    }
}

/// NumPy's `nancumsum(a, axis)`: [`cumsum`] with NaN counted as zero (a row of NaN gives
/// zeros; leading NaN give 0 until the first number). Dtypes as [`cumsum`]'s.
///
/// ```
/// use kernels_std::scan::nancumsum;
/// use kernels_std::{Array, Device};
/// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![1.0f64, f64::NAN, 3.0, 4.0])?;
/// assert_eq!(nancumsum(&a, None)?.to_vec()?, vec![1.0, 1.0, 4.0, 8.0]);
/// assert_eq!(nancumsum(&a, Some(0))?.to_vec()?, vec![1.0, 0.0, 4.0, 4.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn nancumsum<T: NanScan>(a: &Array<T>, axis: Option<isize>) -> Result<Array<T::Acc>> {
    cumsum(&T::without_nan(a, false)?, axis)
}

/// NumPy's `nancumprod(a, axis)`: [`cumprod`] with NaN counted as one. Dtypes as
/// [`cumsum`]'s.
///
/// ```
/// use kernels_std::scan::nancumprod;
/// use kernels_std::{Array, Device};
/// let a = Array::from_vec(&Device::cpu(), &[4], vec![f32::NAN, 2.0, f32::NAN, 3.0])?;
/// assert_eq!(nancumprod(&a, None)?.to_vec()?, vec![1.0, 2.0, 2.0, 6.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn nancumprod<T: NanScan>(a: &Array<T>, axis: Option<isize>) -> Result<Array<T::Acc>> {
    cumprod(&T::without_nan(a, true)?, axis)
}

/// The scan of NumPy 2's `cumulative_sum`/`cumulative_prod`.
fn cumulative<T: Accumulate>(
    op: &str,
    x: &Array<T>,
    axis: Option<isize>,
    include_initial: bool,
    prod: bool,
) -> Result<Array<T::Acc>>
where
    T::Acc: One,
{
    let (x, axis) = match (x.ndim(), axis) {
        // A 0-d array scans as one element (NumPy: as a 1-d array).
        (0, _) => (x.reshape(&[1])?, 0),
        (1, None) => (x.clone(), 0),
        (_, None) => {
            return Err(Error::invalid(format!(
                "{op}: for arrays which have more than one dimension the axis argument is \
                 required (shape {:?})",
                x.shape()
            )))
        }
        (_, Some(a)) => (x.clone(), a),
    };
    let scanned = if prod {
        cumprod(&x, Some(axis))?
    } else {
        cumsum(&x, Some(axis))?
    };
    if !include_initial {
        return Ok(scanned);
    }
    let axis = crate::scan::rows::normalize_axis(axis, x.ndim())?;
    let mut shape = x.shape().to_vec();
    shape[axis] = 1;
    let dev = x.device();
    let initial = if prod {
        Array::full(&dev, &shape, <T::Acc as One>::one())?
    } else {
        Array::zeros(&dev, &shape)?
    };
    crate::shape::concatenate(&[&initial, &scanned], axis as isize)
}

/// NumPy 2's `cumulative_sum(x, axis=None, include_initial=False)`: [`cumsum`] along `axis`,
/// which is required for arrays of more than one dimension (a 0-d array counts as 1-d);
/// with `include_initial` the result starts with the sum's identity, 0 (one more element
/// along `axis`). Dtypes as [`cumsum`]'s (NumPy's `dtype=` is `astype` before or after).
///
/// ```
/// use kernels_std::scan::cumulative_sum;
/// use kernels_std::{Array, Device};
/// let a = Array::from_vec(&Device::cpu(), &[2, 3], vec![1i32, 2, 3, 4, 5, 6])?;
/// assert_eq!(cumulative_sum(&a, Some(1), false)?.to_vec()?, vec![1, 3, 6, 4, 9, 15]);
/// let b = cumulative_sum(&a, Some(0), true)?;
/// assert_eq!(b.shape(), &[3, 3]);
/// assert_eq!(b.to_vec()?, vec![0, 0, 0, 1, 2, 3, 5, 7, 9]);
/// assert!(cumulative_sum(&a, None, false).is_err());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn cumulative_sum<T: Accumulate>(
    x: &Array<T>,
    axis: Option<isize>,
    include_initial: bool,
) -> Result<Array<T::Acc>>
where
    T::Acc: One,
{
    cumulative("cumulative_sum", x, axis, include_initial, false)
}

/// NumPy 2's `cumulative_prod(x, axis=None, include_initial=False)`: [`cumprod`] as
/// [`cumulative_sum`] does [`cumsum`]; the initial value is 1.
///
/// ```
/// use kernels_std::scan::cumulative_prod;
/// use kernels_std::{Array, Device};
/// let a = Array::from_vec(&Device::cpu(), &[3], vec![2.0f32, 3.0, 4.0])?;
/// assert_eq!(cumulative_prod(&a, None, true)?.to_vec()?, vec![1.0, 2.0, 6.0, 24.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn cumulative_prod<T: Accumulate>(
    x: &Array<T>,
    axis: Option<isize>,
    include_initial: bool,
) -> Result<Array<T::Acc>>
where
    T::Acc: One,
{
    cumulative("cumulative_prod", x, axis, include_initial, true)
}
