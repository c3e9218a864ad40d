//! `histogram`: counts (or sums of weights, or a density) of the elements in equal-width bins
//! or between given edges, against the edges returned.

use std::borrow::Cow;

use crate::prelude::*;
use crate::reduce::{self, MeanDType, SumDType};
use array_runtime::kernel::elementwise::Operand;

use super::bin_rules::{integer_rule_bins, rule_bins, BinRule, Outer};
use super::bincount::{grid_for, BLOCK};
use super::HistogramBins;

/// Edge `i` of NumPy's `linspace(lo, hi, bins + 1)` in `C`: `i * step + lo`
/// (`(i / bins) * delta + lo` when the step underflows to 0), the last one exactly `hi`.
#[device_fn]
pub fn linspace_at<C: Float>(i: u64, bins: u64, lo: C, hi: C) -> C {
    let div = bins.cast::<C>();
    let delta = hi - lo;
    let step = delta / div;
    let k = i.cast::<C>();
    let zero = false.cast::<C>();
    let y = if step == zero {
        k / div * delta
    } else {
        k * step
    };
    if i == bins {
        hi
    } else {
        y + lo
    }
}

/// NumPy's `linspace(lo, hi, edges.len())` computed in `C` and converted to `T`, one edge per
/// thread ([`linspace_at`]).
#[raw_kernel]
pub fn histogram_edges<C: Float, T: Float>(edges: &mut [T], lo: C, hi: C) {
    let bins = edges.len() - 1;
    let stride = (grid_dim().x * block_dim().x) as usize;
    let mut i = (block_idx().x * block_dim().x + thread_idx().x) as usize;
    while i <= bins {
        let e: C = linspace_at::<C>(i as u64, bins as u64, lo, hi);
        edges[i] = e.cast::<T>();
        i += stride;
    }
}

/// `counts[b] += 1` for the bin `b` of each `x` within `[edges[0], edges[bins]]`: the bin is
/// estimated by scaling, then moved until `edges[b] <= x < edges[b + 1]` (the last bin closed),
/// so the counts agree with the edges exactly. NaN is in no bin.
#[raw_kernel]
pub fn histogram_counts<T: Float>(x: &[T], edges: &[T], counts: &mut [i64]) {
    let bins = counts.len();
    let (lo, hi) = (edges[0], edges[bins]);
    let (flo, fhi) = (lo.cast::<f64>(), hi.cast::<f64>());
    let scale = bins as f64 / (fhi - flo);
    let last = bins as i64 - 1;
    let stride = (grid_dim().x * block_dim().x) as usize;
    let mut i = (block_idx().x * block_dim().x + thread_idx().x) as usize;
    while i < x.len() {
        let v = x[i];
        if v >= lo && v <= hi {
            let mut b = ((v.cast::<f64>() - flo) * scale) as i64;
            b = b.clamp(0, last);
            while b > 0 && v < edges[b as usize] {
                b -= 1;
            }
            while b < last && v >= edges[(b + 1) as usize] {
                b += 1;
            }
            atomic_add(&counts, b as usize, 1);
        }
        i += stride;
    }
}

/// Bins [`histogram_local_counts`] counts in shared memory, per block (8 KiB of `i64`).
pub(crate) const LOCAL_BINS: usize = 1024;

/// Blocks of [`histogram_local_counts`] at most: each adds its bins to the global counts once,
/// so fewer blocks than the other counting kernels use (each thread strides further).
pub(crate) const LOCAL_BLOCKS: u32 = 256;

/// [`histogram_counts`] for at most [`LOCAL_BINS`] bins, each block counting into shared
/// memory first and then adding its non-zero bins to `counts`: the same bins, found the same
/// way, with one global atomic per block and bin instead of one per element (which
/// serialized the threads on a few cache lines, on the CPU as on a GPU).
#[raw_kernel]
pub fn histogram_local_counts<T: Float>(x: &[T], edges: &[T], counts: &mut [i64]) {
    let local = shared_array::<i64, 1024>();
    let bins = counts.len();
    let (t, nt) = (thread_idx().x as usize, block_dim().x as usize);
    let mut j = t;
    while j < bins {
        local[j] = 0;
        j += nt;
    }
    sync_threads();
    let (lo, hi) = (edges[0], edges[bins]);
    let (flo, fhi) = (lo.cast::<f64>(), hi.cast::<f64>());
    let scale = bins as f64 / (fhi - flo);
    let last = bins as i64 - 1;
    let stride = (grid_dim().x * block_dim().x) as usize;
    let mut i = (block_idx().x * block_dim().x + thread_idx().x) as usize;
    while i < x.len() {
        let v = x[i];
        if v >= lo && v <= hi {
            let mut b = ((v.cast::<f64>() - flo) * scale) as i64;
            b = b.clamp(0, last);
            while b > 0 && v < edges[b as usize] {
                b -= 1;
            }
            while b < last && v >= edges[(b + 1) as usize] {
                b += 1;
            }
            atomic_add(&local, b as usize, 1);
        }
        i += stride;
    }
    sync_threads();
    let mut j = t;
    while j < bins {
        let c = local[j];
        if c != 0 {
            atomic_add(&counts, j, c);
        }
        j += nt;
    }
}

/// `sums[b] += w` for the bin `b` of each `x` between increasing `edges` (`edges[b] <= x <
/// edges[b + 1]`, the last bin closed; found by bisection, so the edges need not be equally
/// spaced), `w` being `weights[i]` when `weighted`, else 1. Elements outside the edges and NaN
/// are in no bin. Sums in `f64` (NumPy's `bincount` of the weights), exact for counts below
/// 2^53.
#[raw_kernel]
pub fn histogram_sums<T: Float>(
    x: &[T],
    weights: &[T],
    weighted: bool,
    edges: &[T],
    sums: &mut [f64],
) {
    let bins = sums.len();
    let (lo, hi) = (edges[0], edges[bins]);
    let stride = (grid_dim().x * block_dim().x) as usize;
    let mut i = (block_idx().x * block_dim().x + thread_idx().x) as usize;
    while i < x.len() {
        let v = x[i];
        if v >= lo && v <= hi {
            // the last edge at or below v: edges[a] <= v < edges[b] (b == bins + 1: none above)
            let (mut a, mut b) = (0usize, bins + 1);
            while b - a > 1 {
                let mid = (a + b) / 2;
                if edges[mid] <= v {
                    a = mid;
                } else {
                    b = mid;
                }
            }
            let bin = if a == bins { bins - 1 } else { a };
            let w = if weighted {
                weights[i].cast::<f64>()
            } else {
                1.0
            };
            atomic_add(&sums, bin, w);
        }
        i += stride;
    }
}

/// NumPy's density of a histogram: `n / (hi - lo) / total`, each bin's count (or weight sum)
/// `n` over its width `hi - lo` (computed in `T`) and the total of the counts, in `O`.
#[elementwise]
pub fn histogram_density<N: DType, T: Float, O: Float>(n: N, lo: T, hi: T, total: O) -> O {
    n.cast::<O>() / (hi - lo).cast::<O>() / total
}

/// Whether a computed edge is not above the one before it (`prev`): too many bins for the
/// precision of the range.
#[elementwise]
pub fn edge_not_above<T: Float>(prev: T, edge: T) -> bool {
    prev >= edge
}

/// Whether some edge is NaN or below the one before it (`prev`): edges must increase.
#[elementwise]
pub fn edge_out_of_order<T: Float>(prev: T, edge: T) -> bool {
    edge != edge || prev != prev || edge < prev
}

/// How the bins are given: a count of equal-width bins, a rule that estimates the count (with
/// its computation, instantiated where `T`'s statistics are available), or their edges.
#[derive(Debug)]
enum Bins<'a, T: Float> {
    Count(usize),
    Rule(BinRule, RuleBins<T>),
    Edges(&'a Array<T>),
}

/// The bin count a rule gives for the data and the outer edges.
type RuleBins<T> = fn(&Array<T>, Outer<T>, BinRule) -> Result<usize>;

/// The call [`histogram`], [`histogram_with_rule`] and [`histogram_with_edges`] return: set
/// the range (with a bin count or a rule) or weights, then `.run()` (counts), `.density()` or
/// `.bin_edges()` (the edges alone).
#[derive(Debug)]
#[must_use = "a histogram builder does nothing until `.run()` (or `.density()`, `.bin_edges()`) is called"]
pub struct Histogram<'a, T: Float> {
    /// The data (for [`histogram_int`], the integers converted to `f64`).
    a: Cow<'a, Array<T>>,
    bins: Bins<'a, T>,
    range: Option<(f64, f64)>,
}

/// The call of [`histogram`] with weights (`.weights(&w)`): `.run()` gives the sums of the
/// weights in each bin, `.density()` the weighted density, both in the data's dtype.
#[derive(Debug)]
#[must_use = "a histogram builder does nothing until `.run()` (or `.density()`) is called"]
pub struct WeightedHistogram<'a, T: Float> {
    h: Histogram<'a, T>,
    weights: &'a Array<T>,
}

impl<'a, T: Float> Histogram<'a, T> {
    /// The lower and upper edges (NumPy's `range`); by default the data's minimum and maximum.
    /// A rule estimates the width from the elements within the range. With explicit edges
    /// ([`histogram_with_edges`]) a range is an error (NumPy ignores it).
    pub fn range(mut self, lo: f64, hi: f64) -> Self {
        self.range = Some((lo, hi));
        self
    }

    /// Sums these weights (one per element of the data, of its shape) instead of counting
    /// (NumPy's `weights`).
    pub fn weights(self, weights: &'a Array<T>) -> WeightedHistogram<'a, T> {
        WeightedHistogram { h: self, weights }
    }

    /// The counts (`i64`, one per bin) and the edges (dtype `T`, one more).
    pub fn run(self) -> Result<(Array<i64>, Array<T>)> {
        let edges = self.edges()?;
        if let Bins::Count(bins) = self.bins {
            // equal widths: each bin found by scaling, then checked against its edges
            let mut counts = Array::<i64>::zeros(&self.a.device(), &[bins])?;
            if !self.a.is_empty() {
                let flat = flat(&self.a)?;
                if bins <= LOCAL_BINS {
                    let cfg = grid_for(flat.len());
                    let cfg = LaunchConfig::new(cfg.grid.x.min(LOCAL_BLOCKS), BLOCK);
                    histogram_local_counts::launch::<T>(&cfg, &flat, &edges, &mut counts)?;
                } else {
                    histogram_counts::launch::<T>(
                        &grid_for(flat.len()),
                        &flat,
                        &edges,
                        &mut counts,
                    )?;
                }
            }
            return Ok((counts, edges));
        }
        let sums = self.sums(&edges, None)?;
        Ok((sums.astype::<i64>()?, edges))
    }

    /// NumPy's `density=True`: each bin's count over its width and the total count, so that
    /// the histogram integrates to 1 over the edges (`f64`, NaN when no element is in a bin).
    pub fn density(self) -> Result<(Array<f64>, Array<T>)> {
        let (counts, edges) = self.run()?;
        let total: i64 = crate::reduce::sum(&counts).run()?.item()?;
        let d = density::<i64, T, f64>(&counts, &edges, total as f64)?;
        Ok((d, edges))
    }

    /// The edges alone (NumPy's `histogram_bin_edges`): those `.run()` would return, without
    /// counting.
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::stats::{histogram, histogram_with_rule, BinRule};
    /// let a = Array::from_vec(&Device::cpu(), &[5], vec![0.0, 1.0, 2.0, 3.0, 4.0])?;
    /// assert_eq!(histogram(&a, 2).bin_edges()?.to_vec()?, vec![0.0, 2.0, 4.0]);
    /// let edges = histogram_with_rule(&a, BinRule::Sqrt).range(0.0, 8.0).bin_edges()?;
    /// assert_eq!(edges.len(), 6);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn bin_edges(self) -> Result<Array<T>> {
        self.edges()
    }

    /// The edges: computed from a bin count (given, or a rule's) and the range (or the data's),
    /// or the given ones checked (increasing, no NaN) and copied.
    fn edges(&self) -> Result<Array<T>> {
        let (bins, outer) = match self.bins {
            Bins::Edges(edges) => return self.checked_edges(edges),
            Bins::Count(0) => {
                return Err(Error::invalid("histogram: `bins` must be positive, got 0"));
            }
            Bins::Count(bins) => (bins, self.outer()?),
            Bins::Rule(rule, count) => {
                let outer = self.outer()?;
                (count(&self.a, outer, rule)?, outer)
            }
        };
        let n_edges = bins
            .checked_add(1)
            .ok_or_else(|| Error::invalid(format!("histogram: {bins} bins are too many")))?;
        let dev = self.a.device();
        let mut edges = Array::<T>::zeros(&dev, &[n_edges])?;
        let edge_cfg = grid_for(n_edges);
        match outer {
            // NumPy's edges of a given range are computed in f64, of the data's in its dtype
            Outer::Range(lo, hi) => {
                histogram_edges::launch::<f64, T>(&edge_cfg, &mut edges, lo, hi)?
            }
            Outer::Data(lo, hi) => histogram_edges::launch::<T, T>(&edge_cfg, &mut edges, lo, hi)?,
        }
        let prev = edges.slice(crate::s![..bins])?;
        let next = edges.slice(crate::s![1..])?;
        if crate::reduce::any(&edge_not_above::<T>(&prev, &next)?)
            .run()?
            .item()?
        {
            return Err(Error::invalid(format!(
                "histogram: too many bins for the data range, cannot create {bins} finite-sized \
                 bins"
            )));
        }
        Ok(edges)
    }

    /// Explicit edges checked (1-d, at least two, increasing, no NaN, no range) and copied.
    fn checked_edges(&self, edges: &Array<T>) -> Result<Array<T>> {
        if self.range.is_some() {
            return Err(Error::invalid(
                "histogram: a range applies to a bin count, not to explicit edges",
            ));
        }
        if edges.ndim() != 1 || edges.len() < 2 {
            return Err(Error::invalid(format!(
                "histogram: explicit edges must be a 1-d array of at least 2, got shape {:?}",
                edges.shape()
            )));
        }
        let n = edges.len();
        let prev = edges.slice(crate::s![..n - 1])?;
        let next = edges.slice(crate::s![1..])?;
        let bad = edge_out_of_order::<T>(&prev, &next)?;
        if crate::reduce::any(&bad).run()?.item()? {
            return Err(Error::invalid(
                "histogram: explicit edges must increase monotonically (and not be NaN)",
            ));
        }
        edges.copy()
    }

    /// The outer edges of equal-width bins: the range, or the data's minimum and maximum (0 and
    /// 1 for no data), checked finite and widened by 0.5 on each side when equal.
    fn outer(&self) -> Result<Outer<T>> {
        match self.range {
            Some((lo, hi)) => {
                if !(lo.is_finite() && hi.is_finite()) {
                    return Err(Error::invalid(format!(
                        "histogram: the range [{lo}, {hi}] is not finite"
                    )));
                }
                if lo > hi {
                    return Err(Error::invalid(format!(
                        "histogram: the range's maximum must be larger than its minimum, got \
                         [{lo}, {hi}]"
                    )));
                }
                Ok(if lo == hi {
                    Outer::Range(lo - 0.5, hi + 0.5)
                } else {
                    Outer::Range(lo, hi)
                })
            }
            None => {
                // two scalars read back
                let (lo, hi) = if self.a.is_empty() {
                    (T::zero(), T::one())
                } else {
                    (
                        reduce::kernels::min(&*self.a).run()?.item()?,
                        reduce::kernels::max(&*self.a).run()?.item()?,
                    )
                };
                if !(lo.is_finite() && hi.is_finite()) {
                    return Err(Error::invalid(format!(
                        "histogram: the autodetected range [{lo:?}, {hi:?}] is not finite"
                    )));
                }
                let half = 0.5f64.cast::<T>();
                Ok(if lo == hi {
                    Outer::Data(lo - half, hi + half)
                } else {
                    Outer::Data(lo, hi)
                })
            }
        }
    }

    /// The `f64` sums of [`histogram_sums`] over `edges`: counts, or sums of `weights`.
    fn sums(&self, edges: &Array<T>, weights: Option<&Array<T>>) -> Result<Array<f64>> {
        let mut sums = Array::<f64>::zeros(&self.a.device(), &[edges.len() - 1])?;
        if !self.a.is_empty() {
            let x = flat(&self.a)?;
            let (w, weighted) = match weights {
                Some(w) => (flat(w)?, true),
                None => (x.clone(), false),
            };
            histogram_sums::launch::<T>(&grid_for(x.len()), &x, &w, weighted, edges, &mut sums)?;
        }
        Ok(sums)
    }
}

impl<T: Float + SumDType> WeightedHistogram<'_, T> {
    /// The sums of the weights in each bin (dtype `T`, added in `f64`) and the edges.
    pub fn run(self) -> Result<(Array<T>, Array<T>)> {
        if let Bins::Rule(rule, _) = self.h.bins {
            return Err(Error::invalid(format!(
                "histogram: a rule for the bin count (\"{rule}\") is not supported for weighted \
                 data, as in NumPy"
            )));
        }
        if self.weights.shape() != self.h.a.shape() {
            return Err(Error::ShapeMismatch {
                op: "histogram: weights".into(),
                expected: self.h.a.shape().to_vec(),
                found: self.weights.shape().to_vec(),
            });
        }
        let edges = self.h.edges()?;
        let sums = self.h.sums(&edges, Some(self.weights))?;
        Ok((sums.astype::<T>()?, edges))
    }

    /// The weighted density: each bin's weight sum over its width and the total of the sums
    /// (NumPy's `density=True` with `weights`, in `T`).
    pub fn density(self) -> Result<(Array<T>, Array<T>)> {
        let (sums, edges) = self.run()?;
        let total: T = crate::reduce::sum(&sums).run()?.item()?.cast::<T>();
        let d = density::<T, T, T>(&sums, &edges, total)?;
        Ok((d, edges))
    }
}

/// `n / width / total` for each bin of `edges`.
fn density<N: DType, T: Float, O: Float>(
    n: &Array<N>,
    edges: &Array<T>,
    total: O,
) -> Result<Array<O>> {
    let bins = edges.len() - 1;
    let lo = edges.slice(crate::s![..bins])?;
    let hi = edges.slice(crate::s![1..])?;
    histogram_density::<N, T, O>(n, &lo, &hi, Operand::Scalar(total))
}

/// The elements of `a` in C order, as one contiguous row (a copy only for a view).
pub(super) fn flat<T: Float>(a: &Array<T>) -> Result<Array<T>> {
    if a.is_c_contiguous() {
        a.reshape(&[a.len()])
    } else {
        a.astype::<T>()?.reshape(&[a.len()])
    }
}

/// NumPy's `histogram(a, bins)`: the counts of `a`'s elements (flattened) in `bins`
/// equal-width bins over `.range(lo, hi)` or the data's `[min, max]` (constant data gets
/// `x +- 0.5`), with the `bins + 1` edges. Each bin is half-open `[e_i, e_i+1)` except the
/// last, closed; the counts agree with the returned edges (an element is counted in the bin its
/// edges hold). Elements outside the range and NaN are not counted; a non-finite range (NaN or
/// infinite data without a range) is an error, as in NumPy. Counted on the array's device with
/// atomics. `.weights(&w)` sums weights instead, `.density()` gives NumPy's `density=True`;
/// [`histogram_with_edges`] takes the edges themselves.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::stats::histogram;
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[6], vec![0.0, 0.5, 1.0, 1.5, 2.0, 9.0])?;
/// let (counts, edges) = histogram(&a, 3).range(0.0, 3.0).run()?;
/// assert_eq!(counts.to_vec()?, vec![2, 2, 1]);
/// assert_eq!(edges.to_vec()?, vec![0.0, 1.0, 2.0, 3.0]);
/// let c = Array::from_vec(&dev, &[2], vec![5.0f32, 5.0])?;
/// let (counts, edges) = histogram(&c, 2).run()?;
/// assert_eq!((counts.to_vec()?, edges.to_vec()?), (vec![0, 2], vec![4.5, 5.0, 5.5]));
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn histogram<T: Float>(a: &Array<T>, bins: usize) -> Histogram<'_, T> {
    Histogram {
        a: Cow::Borrowed(a),
        bins: Bins::Count(bins),
        range: None,
    }
}

/// NumPy's `histogram(a, bins=edges)`: the counts of `a`'s elements (flattened) between the
/// given increasing `edges` (1-d, at least two; bins need not be equally wide), each bin
/// half-open `[e_i, e_i+1)` except the last, closed. Elements outside the edges and NaN are not
/// counted; edges that decrease or are NaN are an error, as is a `.range(..)` (NumPy ignores
/// it). `.weights(&w)` and `.density()` as for [`histogram`].
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::stats::histogram_with_edges;
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[6], vec![0.0, 0.5, 1.0, 2.5, 4.0, 9.0])?;
/// let edges = Array::from_vec(&dev, &[4], vec![0.0, 1.0, 2.0, 4.0])?;
/// let (counts, _) = histogram_with_edges(&a, &edges).run()?;
/// assert_eq!(counts.to_vec()?, vec![2, 1, 2]);
/// let (density, _) = histogram_with_edges(&a, &edges).density()?;
/// assert_eq!(density.to_vec()?, vec![0.4, 0.2, 0.2]);
/// let w = Array::from_vec(&dev, &[6], vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0])?;
/// let (sums, _) = histogram_with_edges(&a, &edges).weights(&w).run()?;
/// assert_eq!(sums.to_vec()?, vec![3.0, 3.0, 9.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn histogram_with_edges<'a, T: Float>(
    a: &'a Array<T>,
    edges: &'a Array<T>,
) -> Histogram<'a, T> {
    Histogram {
        a: Cow::Borrowed(a),
        bins: Bins::Edges(edges),
        range: None,
    }
}

/// NumPy's `histogram(a, bins="auto")` and the other named estimators ([`BinRule`]): the bin
/// count is estimated from the elements within the range (all of them without one), then the
/// bins are [`histogram`]'s over the range or the data's `[min, max]`. The statistics (extrema,
/// standard deviation, quartiles, skewness, Stone's costs) are computed on the array's device; a
/// few scalars are read back. The same builder: `.range(lo, hi)`, `.run()`, `.density()`,
/// `.bin_edges()` (NumPy's `histogram_bin_edges`); `.weights(&w)` makes `.run()` an error, as
/// NumPy refuses rules for weighted data. No element (or none in the range) gives one bin.
/// Differences: the data are float (integers: [`histogram_int`], with NumPy's minimum width 1);
/// a rule asking for more than [`MAX_RULE_BINS`](super::MAX_RULE_BINS) bins is an error; Stone's
/// rule does not warn when it picks its largest candidate.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::stats::{histogram_with_rule, BinRule};
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[8], vec![0.0, 1.0, 1.5, 2.0, 2.5, 3.0, 4.0, 7.0])?;
/// let (counts, edges) = histogram_with_rule(&a, BinRule::Sturges).run()?;
/// assert_eq!(counts.to_vec()?, vec![3, 3, 1, 1]);
/// assert_eq!(edges.to_vec()?, vec![0.0, 1.75, 3.5, 5.25, 7.0]);
/// let rule: BinRule = "scott".parse()?;
/// assert_eq!(histogram_with_rule(&a, rule).bin_edges()?.to_vec()?, vec![0.0, 3.5, 7.0]);
/// assert!(histogram_with_rule(&a, rule).weights(&a).run().is_err());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn histogram_with_rule<T: Float + MeanDType>(a: &Array<T>, rule: BinRule) -> Histogram<'_, T> {
    Histogram {
        a: Cow::Borrowed(a),
        bins: Bins::Rule(rule, rule_bins::<T>),
        range: None,
    }
}

/// NumPy's `histogram` of integer data: `bins` a count, a [`BinRule`] or `&edges` (`f64`,
/// as NumPy's edges for integers are), `range` NumPy's. The data are compared with the edges
/// in `f64`, as NumPy converts them; a rule's width is at least 1, as NumPy's for integers.
/// Returns the builder of [`histogram`] (`.range(..)`, `.weights(&w)` with `f64` weights,
/// `.run()`, `.density()`, `.bin_edges()`); the conversion of the data is why it is a
/// `Result`. Integers beyond 2^53 round to the nearest `f64`, as in NumPy's comparison.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::stats::{histogram_int, BinRule};
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[6], vec![1i32, 2, 2, 3, 3, 3])?;
/// let (counts, edges) = histogram_int(&a, 2)?.run()?;
/// assert_eq!((counts.to_vec()?, edges.to_vec()?), (vec![1, 5], vec![1.0, 2.0, 3.0]));
/// // np.histogram(a, bins="sqrt"): the width sqrt gives (2 / sqrt(6)) is raised to 1
/// let (counts, _) = histogram_int(&a, BinRule::Sqrt)?.run()?;
/// assert_eq!(counts.to_vec()?, vec![1, 5]);
/// let edges = Array::from_vec(&dev, &[3], vec![0.0, 2.5, 4.0])?;
/// assert_eq!(histogram_int(&a, &edges)?.run()?.0.to_vec()?, vec![3, 3]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn histogram_int<'a, I: Int>(
    a: &Array<I>,
    bins: impl Into<HistogramBins<'a, f64>>,
) -> Result<Histogram<'a, f64>> {
    let bins = match bins.into() {
        HistogramBins::Count(n) => Bins::Count(n),
        HistogramBins::Rule(rule) => Bins::Rule(rule, integer_rule_bins::<f64>),
        HistogramBins::Edges(edges) => Bins::Edges(edges),
    };
    Ok(Histogram {
        a: Cow::Owned(a.astype::<f64>()?),
        bins,
        range: None,
    })
}
