//! NumPy's `histogram_bin_edges` as a function (the edges of [`histogram`]'s builders), and
//! the multidimensional histograms `histogramdd` and `histogram2d`.
//!
//! As NumPy's: each coordinate's bin is found by `searchsorted` (side right) in its edges, the
//! last edge moved into the last bin; the bins (with an outlier bin at each end) are raveled
//! into one index (`ravel_multi_index`) and counted by `bincount`; the outlier bins are cut off
//! a view of the counts. Everything runs on the sample's device.

use super::histogram::{histogram, histogram_with_edges, histogram_with_rule};
use super::BinRule;
use crate::creation::{ravel_multi_index, IndexOrder, RavelMode};
use crate::prelude::*;
use crate::reduce::MeanDType;
use crate::sort::search::searchsorted_num;
use crate::sort::Side;

/// NumPy's `bins` argument of [`histogram_bin_edges`]: a bin count (`10`), a named estimator
/// ([`BinRule::Auto`], or NumPy's name parsed: `"fd".parse::<BinRule>()?`), or the edges
/// themselves (`&edges`).
#[derive(Clone, Copy, Debug)]
pub enum HistogramBins<'a, T: DType> {
    /// That many equal-width bins over the range.
    Count(usize),
    /// A bin count estimated from the data.
    Rule(BinRule),
    /// Explicit edges (1-d, increasing), returned as a copy.
    Edges(&'a Array<T>),
}

impl<T: DType> From<usize> for HistogramBins<'_, T> {
    fn from(n: usize) -> Self {
        HistogramBins::Count(n)
    }
}

impl<T: DType> From<BinRule> for HistogramBins<'_, T> {
    fn from(rule: BinRule) -> Self {
        HistogramBins::Rule(rule)
    }
}

impl<'a, T: DType> From<&'a Array<T>> for HistogramBins<'a, T> {
    fn from(edges: &'a Array<T>) -> Self {
        HistogramBins::Edges(edges)
    }
}

/// NumPy's `histogram_bin_edges(a, bins, range)`: the edges [`histogram`] would count `a`
/// (flattened) in, without counting. `bins` is a count, a [`BinRule`] (every estimator of
/// NumPy: `auto`, `fd`, `doane`, `scott`, `stone`, `rice`, `sturges`, `sqrt`, estimated from
/// the elements within `range`) or explicit edges (checked, copied); `range` (`None`: the
/// data's minimum and maximum, widened by 0.5 on each side when equal, `[0, 1]` for no data)
/// bounds equal-width bins.
///
/// Errors as [`histogram`]'s: zero bins, a non-finite or reversed range, edges that do not
/// increase, a range given with explicit edges (NumPy ignores it there).
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::stats::{histogram_bin_edges, BinRule};
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[8], vec![0.0, 1.0, 1.5, 2.0, 2.5, 3.0, 4.0, 7.0])?;
/// assert_eq!(histogram_bin_edges(&a, 2, None)?.to_vec()?, vec![0.0, 3.5, 7.0]);
/// let sturges = histogram_bin_edges(&a, BinRule::Sturges, None)?;
/// assert_eq!(sturges.to_vec()?, vec![0.0, 1.75, 3.5, 5.25, 7.0]);
/// let fd = histogram_bin_edges(&a, "fd".parse::<BinRule>()?, Some((0.0, 8.0)))?;
/// assert_eq!(fd.len(), 6); // NumPy: [0, 1.6, 3.2, 4.8, 6.4, 8]
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn histogram_bin_edges<'a, T: Float + MeanDType>(
    a: &'a Array<T>,
    bins: impl Into<HistogramBins<'a, T>>,
    range: Option<(f64, f64)>,
) -> Result<Array<T>> {
    let builder = match bins.into() {
        HistogramBins::Count(n) => histogram(a, n),
        HistogramBins::Rule(rule) => histogram_with_rule(a, rule),
        HistogramBins::Edges(edges) => histogram_with_edges(a, edges),
    };
    match range {
        Some((lo, hi)) => builder.range(lo, hi).bin_edges(),
        None => builder.bin_edges(),
    }
}

/// `bin - 1` where `x` is the last edge (so that it counts in the last bin, not past it): the
/// kernel of [`histogramdd`] after its `searchsorted`.
#[elementwise]
pub fn last_edge_inside<T: Float>(bin: i64, x: T, last: T) -> i64 {
    if x == last {
        bin - 1
    } else {
        bin
    }
}

/// The counts (or weight sums, or density) of the coordinates `columns` (one 1-d array per
/// dimension, all of one length) and each dimension's edges.
fn histogram_columns<T: Float + MeanDType>(
    op: &str,
    columns: &[Array<T>],
    bins: &[HistogramBins<'_, T>],
    range: Option<&[(f64, f64)]>,
    density: bool,
    weights: Option<&Array<f64>>,
) -> Result<(Array<f64>, Vec<Array<T>>)> {
    let d = columns.len();
    let n = columns.first().map_or(0, |c| c.len());
    if bins.len() != 1 && bins.len() != d {
        return Err(Error::invalid(format!(
            "{op}: the dimension of bins must be equal to the dimension of the sample x \
             ({} and {d})",
            bins.len()
        )));
    }
    if let Some(r) = range
        && r.len() != d
    {
        return Err(Error::invalid(format!(
            "{op}: range argument must have one entry per dimension ({} and {d})",
            r.len()
        )));
    }
    if let Some(w) = weights
        && w.shape() != [n]
    {
        return Err(Error::ShapeMismatch {
            op: format!("{op}: weights (one per sample point)"),
            expected: vec![n],
            found: w.shape().to_vec(),
        });
    }
    let mut edges = Vec::with_capacity(d);
    let mut index = Vec::with_capacity(d);
    let mut nbin = Vec::with_capacity(d);
    for (i, x) in columns.iter().enumerate() {
        let b = bins[if bins.len() == 1 { 0 } else { i }];
        if let HistogramBins::Rule(rule) = b {
            return Err(Error::invalid(format!(
                "{op}: `bins[{i}]` must be an integer or edges, not the rule \"{rule}\""
            )));
        }
        let e = histogram_bin_edges(x, b, range.map(|r| r[i]))?;
        let len = e.len();
        let mut bin = searchsorted_num(&e, x, Side::Right)?;
        if len > 0 {
            bin = last_edge_inside::<T>(&bin, x, &e.slice(crate::s![-1..])?)?;
        }
        nbin.push(
            len.checked_add(1)
                .ok_or_else(|| Error::invalid("too many bins"))?,
        );
        index.push(bin);
        edges.push(e);
    }
    let cells = nbin
        .iter()
        .try_fold(1usize, |acc, &b| acc.checked_mul(b))
        .ok_or_else(|| Error::invalid(format!("{op}: {nbin:?} bins are too many")))?;
    let dev = columns
        .first()
        .map(|c| c.device())
        .ok_or_else(|| Error::invalid(format!("{op}: needs at least one dimension")))?;
    let flat_counts = if n == 0 {
        Array::<f64>::zeros(&dev, &[cells])?
    } else {
        let index: Vec<&Array<i64>> = index.iter().collect();
        let xy = ravel_multi_index(&index, &nbin, &[RavelMode::Raise], IndexOrder::C)?;
        match weights {
            Some(w) => super::bincount(&xy).weights(w).minlength(cells).run()?,
            None => super::bincount(&xy)
                .minlength(cells)
                .run()?
                .astype::<f64>()?,
        }
    };
    let core: Vec<array_runtime::slice::SliceItem> = (0..d)
        .map(|_| {
            array_runtime::slice::Slice {
                start: Some(1),
                end: Some(-1),
                step: 1,
            }
            .into()
        })
        .collect();
    let mut hist = flat_counts
        .reshape(&nbin)?
        .slice(&core)?
        .as_standard_layout()?;
    if density {
        let total: f64 = crate::reduce::sum(&hist).run()?.item()?;
        for (i, e) in edges.iter().enumerate() {
            let mut shape = vec![1usize; d];
            shape[i] = e.len() - 1;
            let widths = crate::scan::diff(&e.astype::<f64>()?, 1, 0)?.reshape(&shape)?;
            hist = (&hist / &widths).eval()?;
        }
        hist = (&hist / total).eval()?;
    }
    Ok((hist, edges))
}

/// NumPy's `histogramdd(sample, bins, range, density, weights)`: the counts of the `N` points
/// of `sample` (shape `[N, D]`; a 1-d sample is `N` points of one coordinate) in a grid of
/// bins, and each dimension's edges. `bins` holds one [`HistogramBins`] for every dimension or
/// one for all: a count (equal widths over the range or the data's extremes, as [`histogram`])
/// or explicit edges; `range` one `(lo, hi)` per dimension. Each bin is half-open except the
/// last along each axis; points outside (and NaN) are not counted. `density` divides by the
/// bin volumes and the total; `weights` (`f64`, one per point) are summed instead of counting.
/// The histogram is `f64`, as NumPy's.
///
/// Errors as NumPy's: a rule for the bin count (NumPy takes counts and edges only), `bins` or
/// `range` of another dimension, zero bins, edges that do not increase, a non-finite range.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::stats::{histogramdd, HistogramBins};
/// let dev = Device::cpu();
/// let points = Array::from_vec(&dev, &[4, 2], vec![0.0, 0.0, 1.0, 1.0, 2.0, 0.0, 2.0, 2.0])?;
/// let (h, edges) = histogramdd(&points, &[HistogramBins::Count(2)], None, false, None)?;
/// assert_eq!(h.shape(), &[2, 2]);
/// assert_eq!(h.to_vec()?, vec![1.0, 0.0, 1.0, 2.0]);
/// assert_eq!(edges[1].to_vec()?, vec![0.0, 1.0, 2.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn histogramdd<T: Float + MeanDType>(
    sample: &Array<T>,
    bins: &[HistogramBins<'_, T>],
    range: Option<&[(f64, f64)]>,
    density: bool,
    weights: Option<&Array<f64>>,
) -> Result<(Array<f64>, Vec<Array<T>>)> {
    let sample = match sample.ndim() {
        1 => sample.insert_axis(1)?,
        2 => sample.clone(),
        _ => {
            return Err(Error::invalid(format!(
                "histogramdd: the sample must be 1-d or 2-d (N points of D coordinates), got \
                 shape {:?}",
                sample.shape()
            )))
        }
    };
    let columns: Vec<Array<T>> = (0..sample.shape()[1])
        .map(|i| sample.index_axis(1, i as isize))
        .collect::<Result<_>>()?;
    histogram_columns("histogramdd", &columns, bins, range, density, weights)
}

/// NumPy's `histogram2d(x, y, bins, range, density, weights)`: [`histogramdd`] of the points
/// `(x[i], y[i])` (two 1-d arrays of one length): the counts (`f64`, shape `[nx, ny]`), then the
/// edges along `x` and along `y`. `bins`: one [`HistogramBins`] for both axes or one each.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::stats::{histogram2d, HistogramBins};
/// let dev = Device::cpu();
/// let x = Array::from_vec(&dev, &[3], vec![0.0, 0.5, 1.0])?;
/// let y = Array::from_vec(&dev, &[3], vec![1.0, 0.0, 1.0])?;
/// let bins = [HistogramBins::Count(2), HistogramBins::Count(1)];
/// let (h, xe, ye) = histogram2d(&x, &y, &bins, None, false, None)?;
/// assert_eq!(h.to_vec()?, vec![1.0, 2.0]);
/// assert_eq!((xe.len(), ye.len()), (3, 2));
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn histogram2d<T: Float + MeanDType>(
    x: &Array<T>,
    y: &Array<T>,
    bins: &[HistogramBins<'_, T>],
    range: Option<[(f64, f64); 2]>,
    density: bool,
    weights: Option<&Array<f64>>,
) -> Result<(Array<f64>, Array<T>, Array<T>)> {
    if x.ndim() != 1 || y.shape() != x.shape() {
        return Err(Error::invalid(format!(
            "histogram2d: x and y must be 1-d arrays of one length, got shapes {:?} and {:?}",
            x.shape(),
            y.shape()
        )));
    }
    let columns = [x.clone(), y.clone()];
    let range = range.as_ref().map(|r| &r[..]);
    let (h, mut edges) = histogram_columns("histogram2d", &columns, bins, range, density, weights)?;
    let (Some(ye), Some(xe)) = (edges.pop(), edges.pop()) else {
        return Err(Error::invalid(
            "histogram2d: two dimensions of edges expected",
        ));
    };
    Ok((h, xe, ye))
}
