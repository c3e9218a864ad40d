//! The order statistics with all their keywords: `axis` (one or a tuple), `keepdims`,
//! `method` and an array of `q`, as builders over the plain functions' arguments.

use super::kernels::{median_rows, nan_lerp_rows, nan_median_rows, positions, take_rows};
use super::{from_f64, OrderStat, QuantileMethod, Q};
use crate::prelude::*;
use crate::scan::rows::Rows;
use crate::shape::normalize_axes;
use crate::sort::merge_sort_rows;

/// Which reduction along which axes, NumPy's `_ureduce`: the array the rows are taken from
/// (`a`, or `a` with the reduced axes moved last and merged into one), the axis of the rows
/// there, and the result's shape (without `q`'s dimensions; `keepdims` applied).
struct Reduction<T: DType> {
    input: Array<T>,
    axis: Option<isize>,
    shape: Vec<usize>,
}

fn reduction<T: DType>(
    op: &str,
    a: &Array<T>,
    axes: Option<&[isize]>,
    keepdims: bool,
) -> Result<Reduction<T>> {
    let nd = a.ndim();
    let Some(axes) = axes else {
        return Ok(Reduction {
            input: a.clone(),
            axis: None,
            shape: if keepdims { vec![1; nd] } else { Vec::new() },
        });
    };
    let axes = normalize_axes(op, axes, nd)?;
    let mut shape = Vec::with_capacity(nd);
    for (i, &d) in a.shape().iter().enumerate() {
        if !axes.contains(&i) {
            shape.push(d);
        } else if keepdims {
            shape.push(1);
        }
    }
    if let [axis] = axes[..] {
        return Ok(Reduction {
            input: a.clone(),
            axis: Some(axis as isize),
            shape,
        });
    }
    // Several axes (or none): the kept ones first, the reduced ones merged into one last
    // axis (a copy), as NumPy does; the order of a row's elements does not matter.
    let keep: Vec<usize> = (0..nd).filter(|i| !axes.contains(i)).collect();
    let reduced: Vec<usize> = (0..nd).filter(|i| axes.contains(i)).collect();
    let perm: Vec<isize> = keep.iter().chain(&reduced).map(|&i| i as isize).collect();
    let mut merged: Vec<usize> = keep.iter().map(|&i| a.shape()[i]).collect();
    merged.push(reduced.iter().map(|&i| a.shape()[i]).product());
    let input = a.permute(&perm)?.as_standard_layout()?.reshape(&merged)?;
    Ok(Reduction {
        input,
        axis: Some(-1),
        shape,
    })
}

/// What a quantile function is: its name (in errors), whether `q` is in percent, whether
/// NaN are left out.
#[derive(Clone, Copy, Debug)]
struct Kind {
    op: &'static str,
    percent: bool,
    skip_nan: bool,
}

/// NumPy's `quantile`, `percentile`, `nanquantile` and `nanpercentile` with all their
/// keywords but `out`, `overwrite_input` and `weights`: a builder made by [`quantile_with`],
/// [`percentile_with`], [`nanquantile_with`] or [`nanpercentile_with`].
///
/// The result has `q`'s shape first (none for a scalar `q`), then the shape of the
/// reduction: `a`'s shape without the reduced axes (all of them by default), or with them of
/// length 1 under [`keepdims`](Quantile::keepdims). [`run`](Quantile::run) gives `f64` for
/// integers and a float dtype's own; [`run_discrete`](Quantile::run_discrete) keeps `a`'s
/// dtype, as NumPy does for the discrete methods.
#[derive(Clone, Debug)]
pub struct Quantile<'a, T: OrderStat> {
    a: &'a Array<T>,
    q: Q,
    axes: Option<Vec<isize>>,
    keepdims: bool,
    method: QuantileMethod,
    kind: Kind,
}

fn builder<T: OrderStat>(a: &Array<T>, q: Q, kind: Kind) -> Quantile<'_, T> {
    Quantile {
        a,
        q,
        axes: None,
        keepdims: false,
        method: QuantileMethod::Linear,
        kind,
    }
}

/// NumPy's `quantile(a, q, axis=..., method=..., keepdims=...)`: a [`Quantile`] builder.
/// `q` (an `f64`, a slice or [`Q`]) must be in `[0, 1]`; an empty axis is an error (NumPy's
/// `IndexError`), and a row holding a NaN gives NaN.
///
/// ```
/// use kernels_std::quantile::{quantile_with, QuantileMethod};
/// use kernels_std::{Array, Device};
/// let a = Array::from_vec(&Device::cpu(), &[2, 4], vec![1.0f64, 2.0, 3.0, 4.0, 10.0, 20.0, 30.0, 40.0])?;
/// // np.quantile(a, [0.25, 0.5], axis=1, method="hazen", keepdims=True)
/// let q = quantile_with(&a, &[0.25, 0.5])
///     .axis(1)
///     .method(QuantileMethod::Hazen)
///     .keepdims(true)
///     .run()?;
/// assert_eq!(q.shape(), &[2, 2, 1]);
/// assert_eq!(q.to_vec()?, vec![1.5, 15.0, 2.5, 25.0]);
/// // np.quantile(a, 0.5, axis=(0, 1), method="lower") keeps the dtype of a discrete method
/// let m = quantile_with(&a, 0.5).axes(&[0, 1]).method(QuantileMethod::Lower).run_discrete()?;
/// assert_eq!(m.item()?, 4.0);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn quantile_with<T: OrderStat>(a: &Array<T>, q: impl Into<Q>) -> Quantile<'_, T> {
    let kind = Kind {
        op: "quantile",
        percent: false,
        skip_nan: false,
    };
    builder(a, q.into(), kind)
}

/// NumPy's `percentile(a, q, ...)`: [`quantile_with`] at `q / 100`, `q` in `[0, 100]`.
///
/// ```
/// use kernels_std::quantile::{percentile_with, QuantileMethod};
/// use kernels_std::{Array, Device};
/// let a = Array::from_vec(&Device::cpu(), &[5], vec![7i32, 1, 5, 3, 9])?;
/// // np.percentile(a, 30, method="nearest") is an int32 3; "linear" gives 3.4
/// let p = percentile_with(&a, 30.0).method(QuantileMethod::Nearest).run_discrete()?;
/// assert_eq!(p.item()?, 3);
/// assert!((percentile_with(&a, 30.0).run()?.item()? - 3.4).abs() < 1e-12);
/// assert!(percentile_with(&a, 101.0).run().is_err());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn percentile_with<T: OrderStat>(a: &Array<T>, q: impl Into<Q>) -> Quantile<'_, T> {
    let kind = Kind {
        op: "percentile",
        percent: true,
        skip_nan: false,
    };
    builder(a, q.into(), kind)
}

/// NumPy's `nanquantile(a, q, ...)`: [`quantile_with`] of the numbers of each row, NaN left
/// out. A row of NaN only gives NaN; an empty `a` gives NaN of the reduction's shape
/// (without `q`'s dimensions: NumPy returns `nanmean(a, axis)` then).
///
/// ```
/// use kernels_std::quantile::{nanquantile_with, QuantileMethod};
/// use kernels_std::{Array, Device};
/// let nan = f64::NAN;
/// let a = Array::from_vec(&Device::cpu(), &[2, 3], vec![1.0, nan, 3.0, nan, nan, nan])?;
/// let q = nanquantile_with(&a, 0.5).axis(1).method(QuantileMethod::Weibull).run()?;
/// let q = q.to_vec()?;
/// assert_eq!(q[0], 2.0);
/// assert!(q[1].is_nan());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn nanquantile_with<T: OrderStat>(a: &Array<T>, q: impl Into<Q>) -> Quantile<'_, T> {
    let kind = Kind {
        op: "nanquantile",
        percent: false,
        skip_nan: true,
    };
    builder(a, q.into(), kind)
}

/// NumPy's `nanpercentile(a, q, ...)`: [`nanquantile_with`] at `q / 100`, `q` in
/// `[0, 100]`.
///
/// ```
/// use kernels_std::quantile::nanpercentile_with;
/// use kernels_std::{Array, Device};
/// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![1.0f32, f32::NAN, 3.0, 4.0])?;
/// // np.nanpercentile(a, [0, 100], axis=(0, 1))
/// let p = nanpercentile_with(&a, &[0.0, 100.0]).axes(&[0, 1]).run()?;
/// assert_eq!(p.to_vec()?, vec![1.0, 4.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn nanpercentile_with<T: OrderStat>(a: &Array<T>, q: impl Into<Q>) -> Quantile<'_, T> {
    let kind = Kind {
        op: "nanpercentile",
        percent: true,
        skip_nan: true,
    };
    builder(a, q.into(), kind)
}

/// Where each row's quantile lies (see the `positions` kernel).
struct Located {
    lo: Array<u64>,
    hi: Array<u64>,
    gamma: Array<f64>,
    one_minus_gamma: Array<f64>,
    upper: Array<bool>,
}

impl<'a, T: OrderStat> Quantile<'a, T> {
    /// Along `axis` (NumPy's `axis=axis`; negative counts from the end).
    pub fn axis(mut self, axis: isize) -> Self {
        self.axes = Some(vec![axis]);
        self
    }

    /// Along several axes at once (NumPy's tuple `axis`): the rows are made of all their
    /// elements; a repeated axis is an error. `&[]` reduces no axis (each element is its own
    /// row).
    pub fn axes(mut self, axes: &[isize]) -> Self {
        self.axes = Some(axes.to_vec());
        self
    }

    /// Along `axis`, or over the flattened array for `None` (the default).
    pub fn axis_opt(mut self, axis: Option<isize>) -> Self {
        self.axes = axis.map(|a| vec![a]);
        self
    }

    /// Keeps the reduced axes with length 1 (NumPy's `keepdims`, `false` by default).
    pub fn keepdims(mut self, keepdims: bool) -> Self {
        self.keepdims = keepdims;
        self
    }

    /// The method (NumPy's `method`, [`QuantileMethod::Linear`] by default).
    pub fn method(mut self, method: QuantileMethod) -> Self {
        self.method = method;
        self
    }

    /// The quantiles, in `f64` for integers and in a float dtype's own (as NumPy for an
    /// interpolating method and a scalar `q`; for a discrete method NumPy keeps integers'
    /// dtype: see [`run_discrete`](Quantile::run_discrete)).
    pub fn run(self) -> Result<Array<T::Out>> {
        let qs = self.checked_qs()?;
        let red = reduction(self.kind.op, self.a, self.axes.as_deref(), self.keepdims)?;
        if self.kind.skip_nan && self.a.is_empty() {
            return Array::full(
                &self.a.device(),
                &red.shape,
                <T::Out as num_traits::Float>::nan(),
            );
        }
        if self.method.is_discrete() {
            return T::to_out(&self.discrete(&qs, red)?);
        }
        let rows = Rows::converted(&red.input, red.axis, |v| T::to_out(v)?.as_standard_layout())?;
        let (r, n) = (rows.rows, rows.n);
        let shape = self.result_shape(&red.shape);
        if let Some(empty) = self.empty_rows::<T::Out>(r, n, &shape)? {
            return Ok(empty);
        }
        let (sorted, _) = merge_sort_rows(rows.into_parts().0, r, n, false)?;
        let dev = self.a.device();
        let cfg = LaunchConfig::for_elements(r, 256);
        let mut parts = Vec::with_capacity(qs.len());
        for &q in &qs {
            let at = self.locate(&sorted, r, n, q)?;
            // The weights rounded once to the result dtype, as for a Python float `q`.
            let gamma = at.gamma.astype::<T::Out>()?;
            let one_minus = at.one_minus_gamma.astype::<T::Out>()?;
            let mut out = Array::<T::Out>::zeros(&dev, &[r])?;
            nan_lerp_rows::launch::<T::Out>(
                &cfg, &sorted, &at.lo, &at.hi, &gamma, &one_minus, &at.upper, &mut out, n as u64,
            )?;
            parts.push(out);
        }
        joined(&parts, &shape)
    }

    /// The quantiles of a discrete method in `a`'s dtype (NumPy's result dtype for
    /// `inverted_cdf`, `closest_observation`, `lower`, `higher` and `nearest`); an
    /// interpolating method is an error. An empty `a` under `nanquantile`, whose NaN
    /// integers cannot hold, is an error too.
    pub fn run_discrete(self) -> Result<Array<T>> {
        if !self.method.is_discrete() {
            return Err(Error::invalid(format!(
                "{}: method {:?} interpolates; run_discrete takes a discrete method \
                 (inverted_cdf, closest_observation, lower, higher, nearest)",
                self.kind.op,
                self.method.name()
            )));
        }
        let qs = self.checked_qs()?;
        let red = reduction(self.kind.op, self.a, self.axes.as_deref(), self.keepdims)?;
        if self.kind.skip_nan && self.a.is_empty() {
            return Err(Error::invalid(format!(
                "{}: the quantile of an empty array is NaN (NumPy's float64 nanmean); \
                 use run() for it",
                self.kind.op
            )));
        }
        self.discrete(&qs, red)
    }

    /// The discrete method's quantiles `qs` (checked, as fractions) of `red`'s rows.
    fn discrete(&self, qs: &[f64], red: Reduction<T>) -> Result<Array<T>> {
        let rows = Rows::new(&red.input, red.axis)?;
        let (r, n) = (rows.rows, rows.n);
        let shape = self.result_shape(&red.shape);
        if let Some(empty) = self.empty_rows::<T>(r, n, &shape)? {
            return Ok(empty);
        }
        let (sorted, _) = merge_sort_rows(rows.into_parts().0, r, n, false)?;
        let dev = self.a.device();
        let cfg = LaunchConfig::for_elements(r, 256);
        let mut parts = Vec::with_capacity(qs.len());
        for &q in qs {
            let at = self.locate(&sorted, r, n, q)?;
            let mut out = Array::<T>::zeros(&dev, &[r])?;
            take_rows::launch::<T>(&cfg, &sorted, &at.lo, &mut out, n as u64)?;
            parts.push(out);
        }
        joined(&parts, &shape)
    }

    /// `q`'s values, checked (at most two dimensions, each in `[0, 1]` or `[0, 100]`; NaN is
    /// out of range) and as fractions.
    fn checked_qs(&self) -> Result<Vec<f64>> {
        let op = self.kind.op;
        if self.q.shape.as_ref().is_some_and(|s| s.len() > 2) {
            return Err(Error::invalid(format!(
                "{op}: q must be a scalar or 1d, got shape {:?}",
                self.q.shape.as_deref().unwrap_or_default()
            )));
        }
        let (top, range) = if self.kind.percent {
            (100.0, "[0, 100]")
        } else {
            (1.0, "[0, 1]")
        };
        if let Some(q) = self.q.values.iter().find(|q| !(0.0..=top).contains(*q)) {
            return Err(Error::invalid(format!(
                "{op}: q must be in {range}, got {q}"
            )));
        }
        Ok(if self.kind.percent {
            self.q.values.iter().map(|q| q / 100.0).collect()
        } else {
            self.q.values.clone()
        })
    }

    /// `q`'s shape followed by the reduction's.
    fn result_shape(&self, reduced: &[usize]) -> Vec<usize> {
        let mut shape = self.q.shape.clone().unwrap_or_default();
        shape.extend_from_slice(reduced);
        shape
    }

    /// The result when the rows are empty (an error, NumPy's `IndexError`; the NaN of
    /// `nanquantile` is handled before) or there are none, or no `q` (an empty array).
    fn empty_rows<S: DType>(
        &self,
        r: usize,
        n: usize,
        shape: &[usize],
    ) -> Result<Option<Array<S>>> {
        if n == 0 {
            return Err(Error::invalid(format!(
                "{}: cannot take a quantile of an empty axis (shape {:?})",
                self.kind.op,
                self.a.shape()
            )));
        }
        if r == 0 || self.q.values.is_empty() {
            return Array::zeros(&self.a.device(), shape).map(Some);
        }
        Ok(None)
    }

    /// Where quantile `q` (a fraction) lies in each of the `r` sorted rows of length `n`.
    fn locate<S: Num>(&self, sorted: &Array<S>, r: usize, n: usize, q: f64) -> Result<Located> {
        let dev = sorted.device();
        let mut at = Located {
            lo: Array::zeros(&dev, &[r])?,
            hi: Array::zeros(&dev, &[r])?,
            gamma: Array::zeros(&dev, &[r])?,
            one_minus_gamma: Array::zeros(&dev, &[r])?,
            upper: Array::zeros(&dev, &[r])?,
        };
        positions::launch::<S>(
            &LaunchConfig::for_elements(r, 256),
            sorted,
            &mut at.lo,
            &mut at.hi,
            &mut at.gamma,
            &mut at.one_minus_gamma,
            &mut at.upper,
            n as u64,
            q,
            self.method.code(),
            self.kind.skip_nan,
        )?;
        Ok(at)
    }
}

/// The per-`q` results (each of the rows) one after the other, in `shape`.
fn joined<S: DType>(parts: &[Array<S>], shape: &[usize]) -> Result<Array<S>> {
    match parts {
        [one] => one.reshape(shape),
        _ => crate::shape::concatenate(parts, 0)?.reshape(shape),
    }
}

/// NumPy's `median` and `nanmedian` with `keepdims` and tuples of axes: a builder made by
/// [`median_with`] or [`nanmedian_with`].
#[derive(Clone, Debug)]
pub struct Median<'a, T: OrderStat> {
    a: &'a Array<T>,
    axes: Option<Vec<isize>>,
    keepdims: bool,
    skip_nan: bool,
}

/// NumPy's `median(a, axis=..., keepdims=...)`: a [`Median`] builder. An empty row gives NaN
/// (NumPy also warns), a row holding a NaN gives NaN; integers give `f64`.
///
/// ```
/// use kernels_std::quantile::median_with;
/// use kernels_std::{Array, Device};
/// let a = Array::from_vec(&Device::cpu(), &[2, 2, 2], vec![1i64, 8, 3, 4, 5, 6, 7, 2])?;
/// // np.median(a, axis=(0, 2), keepdims=True)
/// let m = median_with(&a).axes(&[0, 2]).keepdims(true).run()?;
/// assert_eq!(m.shape(), &[1, 2, 1]);
/// assert_eq!(m.to_vec()?, vec![5.5, 3.5]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn median_with<T: OrderStat>(a: &Array<T>) -> Median<'_, T> {
    Median {
        a,
        axes: None,
        keepdims: false,
        skip_nan: false,
    }
}

/// NumPy's `nanmedian(a, axis=..., keepdims=...)`: [`median_with`] of the numbers of each
/// row, NaN left out; a row of NaN only, or an empty one, gives NaN.
///
/// ```
/// use kernels_std::quantile::nanmedian_with;
/// use kernels_std::{Array, Device};
/// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![1.0f64, f64::NAN, 4.0, 2.0])?;
/// // np.nanmedian(a, keepdims=True)
/// let m = nanmedian_with(&a).keepdims(true).run()?;
/// assert_eq!(m.shape(), &[1, 1]);
/// assert_eq!(m.to_vec()?, vec![2.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn nanmedian_with<T: OrderStat>(a: &Array<T>) -> Median<'_, T> {
    Median {
        skip_nan: true,
        ..median_with(a)
    }
}

impl<'a, T: OrderStat> Median<'a, T> {
    /// Along `axis` (negative counts from the end).
    pub fn axis(mut self, axis: isize) -> Self {
        self.axes = Some(vec![axis]);
        self
    }

    /// Along several axes at once (NumPy's tuple `axis`); a repeated axis is an error.
    pub fn axes(mut self, axes: &[isize]) -> Self {
        self.axes = Some(axes.to_vec());
        self
    }

    /// Along `axis`, or over the flattened array for `None` (the default).
    pub fn axis_opt(mut self, axis: Option<isize>) -> Self {
        self.axes = axis.map(|a| vec![a]);
        self
    }

    /// Keeps the reduced axes with length 1 (NumPy's `keepdims`).
    pub fn keepdims(mut self, keepdims: bool) -> Self {
        self.keepdims = keepdims;
        self
    }

    /// The medians.
    pub fn run(self) -> Result<Array<T::Out>> {
        let op = if self.skip_nan { "nanmedian" } else { "median" };
        let red = reduction(op, self.a, self.axes.as_deref(), self.keepdims)?;
        let rows = Rows::converted(&red.input, red.axis, |v| T::to_out(v)?.as_standard_layout())?;
        let (r, n) = (rows.rows, rows.n);
        let dev = self.a.device();
        if n == 0 || r == 0 {
            return Array::full(&dev, &red.shape, <T::Out as num_traits::Float>::nan());
        }
        let (sorted, _) = merge_sort_rows(rows.into_parts().0, r, n, false)?;
        let mut out = Array::<T::Out>::zeros(&dev, &[r])?;
        let cfg = LaunchConfig::for_elements(r, 256);
        let two = from_f64::<T::Out>(2.0);
        if self.skip_nan {
            nan_median_rows::launch::<T::Out>(&cfg, &sorted, &mut out, n as u64, two)?;
        } else {
            median_rows::launch::<T::Out>(&cfg, &sorted, &mut out, n as u64, two)?;
        }
        out.reshape(&red.shape)
    }
}
