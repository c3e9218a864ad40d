//! Order statistics: NumPy's `median`, `quantile` and `percentile` (the default `linear`
//! method), along an axis or over the flattened array, built on the merge sort of
//! [`sort`](mod@crate::sort).
//!
//! | NumPy | here |
//! |---|---|
//! | `np.median(a)`, `np.median(a, axis=0)` | [`median`]`(&a, None)`, [`median`]`(&a, Some(0))` |
//! | `np.quantile(a, 0.25, axis=1)` | [`quantile`]`(&a, 0.25, Some(1))` |
//! | `np.percentile(a, 90)` | [`percentile`]`(&a, 90.0, None)` |
//! | `np.nanmedian(a, axis=0)`, `np.nanquantile(a, 0.3)`, `np.nanpercentile(a, 5, axis=1)` | [`nanmedian`]`(&a, Some(0))`, [`nanquantile`]`(&a, 0.3, None)`, [`nanpercentile`]`(&a, 5.0, Some(1))` |
//! | `np.quantile(a, [0.25, 0.75])`, `np.percentile(a, [5, 95])` | [`quantiles`]`(&a, &[0.25, 0.75], None)`, [`percentiles`] |
//!
//! Each row along the axis is sorted (NaN last) and one thread per row interpolates; a row
//! holding a NaN gives NaN. Integer inputs give `f64` results, floats their own dtype
//! ([`OrderStat::Out`]). Several `q` sort the rows once.
//!
//! Where we differ from NumPy: integers are converted to `f64` before interpolating, where
//! NumPy subtracts the two neighbours in the integer dtype first (which wraps for neighbours
//! more than the dtype's range apart); `median` of `f16` adds the two middle values in `f16`
//! (NumPy's mean adds in `f32`), which differs only when their sum overflows `f16`.

mod kernels;

use kernels::{lerp_rows, median_rows, nan_lerp_rows, nan_median_rows, nan_positions};

use crate::prelude::*;
use crate::scan::rows::{Axes, Rows};
use crate::sort::merge_sort_rows;

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

/// The rows of `a` along `axis`, converted to the output dtype and sorted.
/// Returns where the rows came from, their number and length, and the sorted rows.
fn sorted_rows<T: OrderStat>(
    a: &Array<T>,
    axis: Option<isize>,
) -> Result<(Axes, usize, usize, Array<T::Out>)> {
    let rows = Rows::converted(a, axis, |v| T::to_out(v)?.as_standard_layout())?;
    let (r, n) = (rows.rows, rows.n);
    let (data, axes) = rows.into_parts();
    let (sorted, _) = merge_sort_rows(data, r, n, false)?;
    Ok((axes, r, n, sorted))
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
    let (axes, rows, n, sorted) = sorted_rows(a, axis)?;
    let dev = a.device();
    let shape = axes.reduced_shape();
    if n == 0 {
        return Array::full(&dev, &shape, <T::Out as num_traits::Float>::nan());
    }
    let mut out = Array::<T::Out>::zeros(&dev, &[rows])?;
    if rows > 0 {
        median_rows::launch::<T::Out>(
            &LaunchConfig::for_elements(rows, 256),
            &sorted,
            &mut out,
            n as u64,
            from_f64(2.0),
        )?;
    }
    out.reshape(&shape)
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
    if !(0.0..=1.0).contains(&q) {
        return Err(Error::invalid(format!(
            "quantile: q must be in [0, 1], got {q}"
        )));
    }
    interpolate("quantile", a, q, axis)
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
    if !(0.0..=100.0).contains(&q) {
        return Err(Error::invalid(format!(
            "percentile: q must be in [0, 100], got {q}"
        )));
    }
    interpolate("percentile", a, q / 100.0, axis)
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
    if let Some(q) = qs.iter().find(|q| !(0.0..=1.0).contains(*q)) {
        return Err(Error::invalid(format!(
            "quantile: q must be in [0, 1], got {q}"
        )));
    }
    interpolate_many("quantile", a, qs, axis)
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
    if let Some(p) = ps.iter().find(|p| !(0.0..=100.0).contains(*p)) {
        return Err(Error::invalid(format!(
            "percentile: q must be in [0, 100], got {p}"
        )));
    }
    let qs: Vec<f64> = ps.iter().map(|p| p / 100.0).collect();
    interpolate_many("percentile", a, &qs, axis)
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
    let (axes, rows, n, sorted) = sorted_rows(a, axis)?;
    let dev = a.device();
    let shape = axes.reduced_shape();
    if n == 0 {
        return Array::full(&dev, &shape, <T::Out as num_traits::Float>::nan());
    }
    let mut out = Array::<T::Out>::zeros(&dev, &[rows])?;
    if rows > 0 {
        nan_median_rows::launch::<T::Out>(
            &LaunchConfig::for_elements(rows, 256),
            &sorted,
            &mut out,
            n as u64,
            from_f64(2.0),
        )?;
    }
    out.reshape(&shape)
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
    if !(0.0..=1.0).contains(&q) {
        return Err(Error::invalid(format!(
            "nanquantile: q must be in [0, 1], got {q}"
        )));
    }
    nan_interpolate(a, q, axis)
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
    if !(0.0..=100.0).contains(&q) {
        return Err(Error::invalid(format!(
            "nanpercentile: q must be in [0, 100], got {q}"
        )));
    }
    nan_interpolate(a, q / 100.0, axis)
}

/// The linear-method quantile `q` (checked) of the numbers of each row of `a` along `axis`.
fn nan_interpolate<T: OrderStat>(
    a: &Array<T>,
    q: f64,
    axis: Option<isize>,
) -> Result<Array<T::Out>> {
    let (axes, rows, n, sorted) = sorted_rows(a, axis)?;
    let dev = a.device();
    let shape = axes.reduced_shape();
    if n == 0 {
        return Array::full(&dev, &shape, <T::Out as num_traits::Float>::nan());
    }
    let mut out = Array::<T::Out>::zeros(&dev, &[rows])?;
    if rows > 0 {
        let cfg = LaunchConfig::for_elements(rows, 256);
        let mut lo = Array::<u64>::zeros(&dev, &[rows])?;
        let mut hi = Array::<u64>::zeros(&dev, &[rows])?;
        let mut gamma = Array::<f64>::zeros(&dev, &[rows])?;
        let mut one_minus = Array::<f64>::zeros(&dev, &[rows])?;
        let mut upper = Array::<bool>::zeros(&dev, &[rows])?;
        nan_positions::launch::<T::Out>(
            &cfg,
            &sorted,
            &mut lo,
            &mut hi,
            &mut gamma,
            &mut one_minus,
            &mut upper,
            n as u64,
            q,
        )?;
        // The weights rounded once to the result dtype, as for a Python float `q`.
        let gamma = gamma.astype::<T::Out>()?;
        let one_minus = one_minus.astype::<T::Out>()?;
        nan_lerp_rows::launch::<T::Out>(
            &cfg, &sorted, &lo, &hi, &gamma, &one_minus, &upper, &mut out, n as u64,
        )?;
    }
    out.reshape(&shape)
}

/// The linear-method quantile `q` (checked) of the rows of `a` along `axis`.
fn interpolate<T: OrderStat>(
    op: &str,
    a: &Array<T>,
    q: f64,
    axis: Option<isize>,
) -> Result<Array<T::Out>> {
    let (axes, rows, n, sorted) = sorted_rows(a, axis)?;
    let shape = axes.reduced_shape();
    interpolate_sorted(op, a, &sorted, rows, n, q)?.reshape(&shape)
}

/// [`interpolate`] at each of `qs` (checked), stacked along a new first axis.
fn interpolate_many<T: OrderStat>(
    op: &str,
    a: &Array<T>,
    qs: &[f64],
    axis: Option<isize>,
) -> Result<Array<T::Out>> {
    let (axes, rows, n, sorted) = sorted_rows(a, axis)?;
    let shape = axes.reduced_shape();
    if qs.is_empty() {
        let mut empty = vec![0];
        empty.extend_from_slice(&shape);
        return Array::zeros(&a.device(), &empty);
    }
    let each = qs
        .iter()
        .map(|&q| interpolate_sorted(op, a, &sorted, rows, n, q)?.reshape(&shape))
        .collect::<Result<Vec<_>>>()?;
    let each: Vec<&Array<T::Out>> = each.iter().collect();
    crate::shape::stack(&each, 0)
}

/// The quantile `q` of each of the `rows` sorted rows of length `n` (from `a`, named in
/// errors), as a flat array of `rows`.
fn interpolate_sorted<T: OrderStat>(
    op: &str,
    a: &Array<T>,
    sorted: &Array<T::Out>,
    rows: usize,
    n: usize,
    q: f64,
) -> Result<Array<T::Out>> {
    let dev = a.device();
    let mut out = Array::<T::Out>::zeros(&dev, &[rows])?;
    if rows == 0 {
        return Ok(out);
    }
    if n == 0 {
        return Err(Error::invalid(format!(
            "{op}: cannot take a quantile of an empty axis (shape {:?})",
            a.shape()
        )));
    }
    // NumPy's linear method, computed as NumPy does for a Python float `q` (in f64): the
    // virtual index (n - 1) q, its floor and the next index (both the last one from n - 1
    // on), and the fractional part as the weight.
    let virtual_index = (n - 1) as f64 * q;
    let below = virtual_index.floor();
    let gamma = virtual_index - below;
    let (lo, hi) = if virtual_index >= (n - 1) as f64 {
        (n - 1, n - 1)
    } else {
        (below as usize, below as usize + 1)
    };
    lerp_rows::launch::<T::Out>(
        &LaunchConfig::for_elements(rows, 256),
        sorted,
        &mut out,
        n as u64,
        lo as u64,
        hi as u64,
        from_f64(gamma),
        from_f64(1.0 - gamma),
        gamma >= 0.5,
    )?;
    Ok(out)
}

#[cfg(test)]
mod nvrtc;
