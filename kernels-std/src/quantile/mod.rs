//! Order statistics: NumPy's `median`, `quantile`, `percentile` and their `nan*` forms,
//! along an axis, a tuple of axes or the flattened array, with every `method=` of NumPy,
//! `keepdims` and an array of `q`, built on the merge sort of [`sort`](mod@crate::sort).
//!
//! | NumPy | here |
//! |---|---|
//! | `np.median(a)`, `np.median(a, axis=0)` | [`median`]`(&a, None)`, [`median`]`(&a, Some(0))` |
//! | `np.quantile(a, 0.25, axis=1)` | [`quantile`]`(&a, 0.25, Some(1))` |
//! | `np.percentile(a, 90)` | [`percentile`]`(&a, 90.0, None)` |
//! | `np.nanmedian(a, axis=0)`, `np.nanquantile(a, 0.3)`, `np.nanpercentile(a, 5, axis=1)` | [`nanmedian`]`(&a, Some(0))`, [`nanquantile`]`(&a, 0.3, None)`, [`nanpercentile`]`(&a, 5.0, Some(1))` |
//! | `np.quantile(a, [0.25, 0.75])`, `np.percentile(a, [5, 95])` | [`quantiles`]`(&a, &[0.25, 0.75], None)`, [`percentiles`] |
//! | `np.quantile(a, q, axis=(0, 2), method="hazen", keepdims=True)` | [`quantile_with`]`(&a, q).axes(&[0, 2]).method(QuantileMethod::Hazen).keepdims(true).run()` |
//! | `np.percentile(a, q, method="lower")` (`a`'s dtype) | [`percentile_with`]`(&a, q).method(QuantileMethod::Lower).run_discrete()` |
//! | `np.nanquantile(...)`, `np.nanpercentile(...)` with keywords | [`nanquantile_with`], [`nanpercentile_with`] |
//! | `np.median(a, axis=(0, 1), keepdims=True)`, `np.nanmedian(...)` | [`median_with`]`(&a).axes(&[0, 1]).keepdims(true).run()`, [`nanmedian_with`] |
//!
//! Each row along the axes is sorted (NaN last) and one thread per row finds the quantile's
//! neighbours and weight with NumPy's formulas for the method (in `f64`, as NumPy for a
//! Python float `q`) and interpolates in the result dtype; a row holding a NaN gives NaN.
//! Integer inputs give `f64` results, floats their own dtype ([`OrderStat::Out`]); the
//! discrete methods also give `a`'s own dtype through `run_discrete`. Several `q` sort the
//! rows once.
//!
//! Where we differ from NumPy: integers are converted to `f64` before interpolating, where
//! NumPy subtracts the two neighbours in the integer dtype first (which wraps for neighbours
//! more than the dtype's range apart); `median` of `f16` adds the two middle values in `f16`
//! (NumPy's mean adds in `f32`), which differs only when their sum overflows `f16`; an array
//! of `q` keeps a float dtype (NumPy promotes `f16`/`f32` to `f64` for an array `q`); no
//! `weights`, `out` or `overwrite_input`.

mod kernels;

mod builder;
mod method;

pub use builder::{
    median_with, nanmedian_with, nanpercentile_with, nanquantile_with, percentile_with,
    quantile_with, Median, Quantile,
};
pub use method::{QuantileMethod, Q};

use crate::prelude::*;

/// Element types with order statistics, and NumPy's result dtype for them: `f64` for
/// integers, the dtype itself for floats.
pub trait OrderStat: Num {
    /// The dtype of `median`, `quantile` and `percentile`.
    type Out: Float;
    /// `a` converted to [`Self::Out`] on its device (itself when the dtypes agree).
    fn to_out(a: &Array<Self>) -> Result<Array<Self::Out>>;
}

macro_rules! float_stat {
    ($($t:ty),*) => {$(
        impl OrderStat for $t {
            type Out = $t;
            fn to_out(a: &Array<$t>) -> Result<Array<$t>> {
                Ok(a.clone())
            }
        }
    )*};
}
float_stat!(f16, bf16, f32, f64);

macro_rules! int_stat {
    ($($t:ty),*) => {$(
        impl OrderStat for $t {
            type Out = f64;
            fn to_out(a: &Array<$t>) -> Result<Array<f64>> {
                a.astype::<f64>()
            }
        }
    )*};
}
int_stat!(i8, i16, i32, i64, u8, u16, u32, u64);

/// `F` from an `f64` (exact for the values used here: 2, and interpolation weights rounded
/// once).
fn from_f64<F: Float>(x: f64) -> F {
    <F as num_traits::NumCast>::from(x).unwrap_or_else(F::nan)
}

/// NumPy's `median(a, axis)` (`None`: of the flattened array, a 0-d result): the middle
/// value of each row along `axis`, or the mean of the two middle ones. A row holding a NaN
/// gives NaN; an empty row gives NaN (NumPy also warns). Integers give `f64`.
///
/// ```
/// use kernels_std::quantile::median;
/// use kernels_std::{Array, Device};
/// let a = Array::from_vec(&Device::cpu(), &[2, 3], vec![3i32, 1, 2, 10, 40, 20])?;
/// assert_eq!(median(&a, None)?.item()?, 6.5);
/// assert_eq!(median(&a, Some(1))?.to_vec()?, vec![2.0, 20.0]);
/// assert_eq!(median(&a, Some(0))?.to_vec()?, vec![6.5, 20.5, 11.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn median<T: OrderStat>(a: &Array<T>, axis: Option<isize>) -> Result<Array<T::Out>> {
    median_with(a).axis_opt(axis).run()
}

/// NumPy's `quantile(a, q, axis)` with the default `linear` method (`None`: of the
/// flattened array, a 0-d result): for each row along `axis`, sorted, the value at the
/// virtual position `q (n - 1)`, interpolated linearly between its neighbours with NumPy's
/// formulas (the position and weight in `f64`, the interpolation in the result dtype, as
/// NumPy does for a Python float `q`). A row holding a NaN gives NaN. `q` outside `[0, 1]` (or NaN) and empty rows are
/// errors, as in NumPy. Integers give `f64`.
///
/// ```
/// use kernels_std::quantile::quantile;
/// use kernels_std::{Array, Device};
/// let a = Array::from_vec(&Device::cpu(), &[5], vec![5.0f64, 1.0, 4.0, 2.0, 3.0])?;
/// assert_eq!(quantile(&a, 0.25, None)?.item()?, 2.0);
/// assert_eq!(quantile(&a, 0.9, None)?.item()?, 4.6);
/// assert!(quantile(&a, 1.5, None).is_err());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn quantile<T: OrderStat>(a: &Array<T>, q: f64, axis: Option<isize>) -> Result<Array<T::Out>> {
    quantile_with(a, q).axis_opt(axis).run()
}

/// NumPy's `percentile(a, q, axis)`: [`quantile`] at `q / 100`; `q` outside `[0, 100]` is an
/// error.
///
/// ```
/// use kernels_std::quantile::percentile;
/// use kernels_std::{Array, Device};
/// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![1u8, 3, 2, 4])?;
/// assert_eq!(percentile(&a, 50.0, Some(0))?.to_vec()?, vec![1.5, 3.5]);
/// let empty = Array::<f32>::zeros(&Device::cpu(), &[0])?;
/// assert!(percentile(&empty, 50.0, None).is_err());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn percentile<T: OrderStat>(
    a: &Array<T>,
    q: f64,
    axis: Option<isize>,
) -> Result<Array<T::Out>> {
    percentile_with(a, q).axis_opt(axis).run()
}

/// NumPy's `quantile(a, [q0, q1, ...], axis)`: [`quantile`] at each `q` (all checked first),
/// the rows sorted once; the results stacked along a new first axis (shape `[qs.len()]`
/// followed by the reduced shape), as NumPy does for an array of `q`. The dtype is
/// [`quantile`]'s (NumPy's array of `f64` `q` promotes `f16`/`f32` results to `f64`).
///
/// ```
/// use kernels_std::quantile::quantiles;
/// use kernels_std::{Array, Device};
/// let a = Array::from_vec(&Device::cpu(), &[2, 5], (0..10).map(f64::from).collect())?;
/// let q = quantiles(&a, &[0.0, 0.5, 0.75], Some(1))?;
/// assert_eq!(q.shape(), &[3, 2]);
/// assert_eq!(q.to_vec()?, vec![0.0, 5.0, 2.0, 7.0, 3.0, 8.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn quantiles<T: OrderStat>(
    a: &Array<T>,
    qs: &[f64],
    axis: Option<isize>,
) -> Result<Array<T::Out>> {
    quantile_with(a, qs).axis_opt(axis).run()
}

/// NumPy's `percentile(a, [p0, p1, ...], axis)`: [`quantiles`] at `p / 100`; each `p` must be
/// in `[0, 100]`.
///
/// ```
/// use kernels_std::quantile::percentiles;
/// use kernels_std::{Array, Device};
/// let a = Array::from_vec(&Device::cpu(), &[5], vec![5u8, 1, 4, 2, 3])?;
/// assert_eq!(percentiles(&a, &[25.0, 50.0, 100.0], None)?.to_vec()?, vec![2.0, 3.0, 5.0]);
/// assert!(percentiles(&a, &[50.0, 101.0], None).is_err());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn percentiles<T: OrderStat>(
    a: &Array<T>,
    ps: &[f64],
    axis: Option<isize>,
) -> Result<Array<T::Out>> {
    percentile_with(a, ps).axis_opt(axis).run()
}

/// NumPy's `nanmedian(a, axis)`: [`median`] of the numbers of each row, NaN left out; a row
/// of NaN only, or an empty one, gives NaN (NumPy also warns). Integers give `f64`.
///
/// ```
/// use kernels_std::quantile::nanmedian;
/// use kernels_std::{Array, Device};
/// let nan = f64::NAN;
/// let a = Array::from_vec(&Device::cpu(), &[2, 3], vec![10.0, nan, 4.0, 3.0, 2.0, 1.0])?;
/// assert_eq!(nanmedian(&a, None)?.item()?, 3.0);
/// assert_eq!(nanmedian(&a, Some(1))?.to_vec()?, vec![7.0, 2.0]);
/// assert_eq!(nanmedian(&a, Some(0))?.to_vec()?, vec![6.5, 2.0, 2.5]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn nanmedian<T: OrderStat>(a: &Array<T>, axis: Option<isize>) -> Result<Array<T::Out>> {
    nanmedian_with(a).axis_opt(axis).run()
}

/// NumPy's `nanquantile(a, q, axis)` (the default `linear` method): [`quantile`] of the
/// numbers of each row, NaN left out; a row of NaN only, or an empty one, gives NaN. `q`
/// outside `[0, 1]` is an error. Integers give `f64`.
///
/// ```
/// use kernels_std::quantile::nanquantile;
/// use kernels_std::{Array, Device};
/// let nan = f32::NAN;
/// let a = Array::from_vec(&Device::cpu(), &[2, 3], vec![10.0f32, nan, 4.0, 3.0, 2.0, 1.0])?;
/// assert_eq!(nanquantile(&a, 0.5, Some(1))?.to_vec()?, vec![7.0, 2.0]);
/// assert_eq!(nanquantile(&a, 0.25, None)?.item()?, 2.0);
/// assert!(nanquantile(&a, -0.5, None).is_err());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn nanquantile<T: OrderStat>(
    a: &Array<T>,
    q: f64,
    axis: Option<isize>,
) -> Result<Array<T::Out>> {
    nanquantile_with(a, q).axis_opt(axis).run()
}

/// NumPy's `nanpercentile(a, q, axis)`: [`nanquantile`] at `q / 100`; `q` outside
/// `[0, 100]` is an error.
///
/// ```
/// use kernels_std::quantile::nanpercentile;
/// use kernels_std::{Array, Device};
/// let a = Array::from_vec(&Device::cpu(), &[4], vec![1.0f64, f64::NAN, 3.0, 2.0])?;
/// assert_eq!(nanpercentile(&a, 50.0, None)?.item()?, 2.0);
/// assert_eq!(nanpercentile(&a, 75.0, None)?.item()?, 2.5);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn nanpercentile<T: OrderStat>(
    a: &Array<T>,
    q: f64,
    axis: Option<isize>,
) -> Result<Array<T::Out>> {
    nanpercentile_with(a, q).axis_opt(axis).run()
}

#[cfg(test)]
mod nvrtc;
