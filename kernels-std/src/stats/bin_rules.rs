//! NumPy's bin-width estimators (`bins="auto"`, `"fd"`, ...): the statistics each rule needs
//! (extrema, standard deviation, quartiles, skewness, Stone's cost of each candidate count) are
//! computed on the device; a few scalars are read back and the bin count is formed on the host,
//! in the dtypes NumPy uses for each formula (so that the count's rounding up agrees).

use std::fmt;
use std::str::FromStr;

use crate::prelude::*;
use crate::quantile::percentiles;
use crate::reduce::{self, MeanDType};
use array_runtime::kernel::elementwise::Operand;

use super::bincount::grid_for;
use super::histogram::{flat, linspace_at};

/// The most bins a rule may ask for (`2^28`): NumPy has no limit but memory; a rule that asks
/// for more (a tiny width over a wide range) is an error here, not an allocation that fails.
pub const MAX_RULE_BINS: usize = 1 << 28;

/// The largest candidate count Stone's rule tries is `max(100, sqrt(n))`, as NumPy's.
const STONE_MIN_CANDIDATES: usize = 100;

/// NumPy's named estimators of the bin width (`np.histogram(a, bins="auto")`): the width comes
/// from the data within the range, the count is `ceil((hi - lo) / width)` over the whole range
/// (1 when the width is 0: constant data, a zero interquartile range, fewer than 3 elements for
/// Doane, 1 element for Stone). [`histogram_with_rule`](super::histogram_with_rule) takes one.
/// Parsed from NumPy's names with `"fd".parse::<BinRule>()`.
///
/// ```
/// use kernels_std::stats::BinRule;
/// assert_eq!("stone".parse::<BinRule>()?, BinRule::Stone);
/// assert_eq!(BinRule::Fd.to_string(), "fd");
/// assert!("Auto".parse::<BinRule>().is_err());
/// # Ok::<(), kernels_std::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinRule {
    /// `"auto"`: the smaller of Sturges' width and Freedman-Diaconis' (the latter at least half
    /// the square-root width).
    Auto,
    /// `"fd"`: Freedman-Diaconis, `2 IQR / n^(1/3)` (quartiles by linear interpolation).
    Fd,
    /// `"doane"`: Sturges corrected for skewness, `ptp / (1 + log2 n + log2(1 + |g1| / sg1))`.
    Doane,
    /// `"scott"`: `(24 sqrt(pi) / n)^(1/3) std`.
    Scott,
    /// `"stone"`: the count in `1..=max(100, sqrt(n))` that minimizes the cross-validated
    /// integrated squared error (NumPy warns when it is the largest; we do not warn).
    Stone,
    /// `"rice"`: `ptp / (2 n^(1/3))`.
    Rice,
    /// `"sturges"`: `ptp / (log2 n + 1)`.
    Sturges,
    /// `"sqrt"`: `ptp / sqrt(n)`.
    Sqrt,
}

impl BinRule {
    /// Every rule, in NumPy's order of documentation.
    pub const ALL: [BinRule; 8] = [
        BinRule::Auto,
        BinRule::Fd,
        BinRule::Doane,
        BinRule::Scott,
        BinRule::Stone,
        BinRule::Rice,
        BinRule::Sturges,
        BinRule::Sqrt,
    ];

    /// NumPy's name of the rule (`"auto"`, `"fd"`, ...).
    ///
    /// ```
    /// use kernels_std::stats::BinRule;
    /// let names: Vec<_> = BinRule::ALL.iter().map(|r| r.name()).collect();
    /// assert_eq!(names, ["auto", "fd", "doane", "scott", "stone", "rice", "sturges", "sqrt"]);
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            BinRule::Auto => "auto",
            BinRule::Fd => "fd",
            BinRule::Doane => "doane",
            BinRule::Scott => "scott",
            BinRule::Stone => "stone",
            BinRule::Rice => "rice",
            BinRule::Sturges => "sturges",
            BinRule::Sqrt => "sqrt",
        }
    }
}

impl fmt::Display for BinRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for BinRule {
    type Err = Error;

    /// NumPy's name of a rule; any other name is an error (NumPy's `ValueError`).
    fn from_str(s: &str) -> Result<Self> {
        BinRule::ALL
            .into_iter()
            .find(|r| r.name() == s)
            .ok_or_else(|| {
                Error::invalid(format!(
                    "histogram: {s:?} is not a valid estimator for `bins` (one of auto, fd, \
                     doane, scott, stone, rice, sturges, sqrt)"
                ))
            })
    }
}

/// The outer edges of equal-width bins, checked and widened when equal (`x +- 0.5`): given as
/// a range (NumPy computes the edges in `f64` then) or found in the data (in its dtype).
#[derive(Clone, Copy, Debug)]
pub(super) enum Outer<T> {
    Range(f64, f64),
    Data(T, T),
}

/// A width in the dtype NumPy's formula leaves it in: the data's (`rice`, `scott`, `stone`) or
/// `f64` (the others).
#[derive(Clone, Copy, Debug)]
enum Width<T> {
    Data(T),
    F64(f64),
}

/// Whether `lo <= x <= hi` (the data a rule sees when a range is given).
#[elementwise]
pub fn within<T: Float>(x: T, lo: T, hi: T) -> bool {
    x >= lo && x <= hi
}

/// `((x - mean) / sigma)^3`: the terms of the skewness `g1` (Doane's rule).
#[elementwise]
pub fn standardized_cube<T: Float>(x: T, mean: T, sigma: T) -> T {
    let t = (x - mean) / sigma;
    t * t * t
}

/// The edges of every candidate count `k` in `1..=candidates`, one after the other (count `k`'s
/// `k + 1` edges from `(k - 1)(k + 2) / 2`), each NumPy's `linspace(lo, hi, k + 1)` in `C`
/// converted to `T` (as [`histogram_edges`](super::kernels::histogram_edges)). One thread per
/// candidate.
#[raw_kernel]
pub fn stone_edges<C: Float, T: Float>(edges: &mut [T], lo: C, hi: C, candidates: usize) {
    let stride = (grid_dim().x * block_dim().x) as usize;
    let mut k = (block_idx().x * block_dim().x + thread_idx().x) as usize + 1;
    while k <= candidates {
        let start = (k - 1) * (k + 2) / 2;
        for i in 0..=k {
            let e: C = linspace_at::<C>(i as u64, k as u64, lo, hi);
            edges[start + i] = e.cast::<T>();
        }
        k += stride;
    }
}

/// The histogram of `x` for every candidate count `k` in `1..=candidates` over the edges of
/// [`stone_edges`]: count `k`'s bins from `(k - 1) k / 2` in `counts`. Each bin is found by
/// scaling, then moved until `edges[b] <= x < edges[b + 1]` (the last bin closed), as in
/// `histogram_counts`. One thread per element, which visits every candidate.
#[raw_kernel]
pub fn stone_counts<T: Float>(x: &[T], edges: &[T], candidates: usize, counts: &mut [i64]) {
    let stride = (grid_dim().x * block_dim().x) as usize;
    let mut i = (block_idx().x * block_dim().x + thread_idx().x) as usize;
    while i < x.len() {
        let v = x[i];
        for k in 1..=candidates {
            let e0 = (k - 1) * (k + 2) / 2;
            let c0 = (k - 1) * k / 2;
            let (lo, hi) = (edges[e0], edges[e0 + k]);
            if v >= lo && v <= hi {
                let (flo, fhi) = (lo.cast::<f64>(), hi.cast::<f64>());
                let last = k as i64 - 1;
                let mut b = ((v.cast::<f64>() - flo) * (k as f64 / (fhi - flo))) as i64;
                b = b.clamp(0, last);
                while b > 0 && v < edges[e0 + b as usize] {
                    b -= 1;
                }
                while b < last && v >= edges[e0 + (b + 1) as usize] {
                    b += 1;
                }
                atomic_add(&counts, c0 + b as usize, 1);
            }
        }
        i += stride;
    }
}

/// Stone's estimated integrated squared error of each candidate count `k` (NumPy's `jhat`):
/// `(2 - (n + 1) sum(p^2)) / (ptp / k)`, `p` the bins' counts over `n`, the width `ptp / k`
/// in `T` as NumPy's. One thread per candidate; `costs[k - 1]`.
#[raw_kernel]
pub fn stone_costs<T: Float>(counts: &[i64], n: f64, ptp: T, costs: &mut [f64]) {
    let stride = (grid_dim().x * block_dim().x) as usize;
    let mut k = (block_idx().x * block_dim().x + thread_idx().x) as usize + 1;
    while k <= costs.len() {
        let c0 = (k - 1) * k / 2;
        let mut s = 0.0f64;
        for b in 0..k {
            let p = counts[c0 + b] as f64 / n;
            s += p * p;
        }
        let width = (ptp / k.cast::<T>()).cast::<f64>();
        costs[k - 1] = (2.0 - (n + 1.0) * s) / width;
        k += stride;
    }
}

/// NumPy's bin count for `rule`: the width from the elements of `a` within the outer edges,
/// then `ceil((hi - lo) / width)` (1 for no element or a zero width).
pub(super) fn rule_bins<T: Float + MeanDType>(
    a: &Array<T>,
    outer: Outer<T>,
    rule: BinRule,
) -> Result<usize> {
    bins_of_rule(a, outer, rule, false)
}

/// [`rule_bins`] of integer data (converted to `T`): NumPy raises a width below 1 to 1.
pub(super) fn integer_rule_bins<T: Float + MeanDType>(
    a: &Array<T>,
    outer: Outer<T>,
    rule: BinRule,
) -> Result<usize> {
    bins_of_rule(a, outer, rule, true)
}

/// [`rule_bins`], the width raised to at least 1 when `integer`.
fn bins_of_rule<T: Float + MeanDType>(
    a: &Array<T>,
    outer: Outer<T>,
    rule: BinRule,
    integer: bool,
) -> Result<usize> {
    let all = flat(a)?;
    let x = match outer {
        Outer::Range(lo, hi) => {
            // NumPy compares the data with the range's bounds converted to its dtype
            let keep = within::<T>(
                &all,
                Operand::Scalar(lo.cast::<T>()),
                Operand::Scalar(hi.cast::<T>()),
            )?;
            crate::sort::compress(&all, &keep, None)?
        }
        Outer::Data(..) => all,
    };
    if x.is_empty() {
        return Ok(1);
    }
    let mut width = width(&x, rule, outer)?;
    if integer {
        // NumPy: `if width: if np.issubdtype(a.dtype, np.integer) and width < 1: width = 1`
        // (a zero width still gives one bin)
        let w = match width {
            Width::Data(w) => w.cast::<f64>(),
            Width::F64(w) => w,
        };
        if w > 0.0 && w < 1.0 {
            width = Width::F64(1.0);
        }
    }
    // the quotient in the data's dtype when NumPy's both operands are in it
    let ratio = match (outer, width) {
        (_, Width::Data(w)) if w == T::zero() => return Ok(1),
        (_, Width::F64(0.0)) => return Ok(1),
        (Outer::Data(lo, hi), Width::Data(w)) => ((hi - lo) / w).cast::<f64>(),
        (Outer::Data(lo, hi), Width::F64(w)) => (hi - lo).cast::<f64>() / w,
        (Outer::Range(lo, hi), Width::Data(w)) => (hi - lo) / w.cast::<f64>(),
        (Outer::Range(lo, hi), Width::F64(w)) => (hi - lo) / w,
    };
    let bins = ratio.ceil();
    if !(bins >= 1.0 && bins <= MAX_RULE_BINS as f64) {
        return Err(Error::invalid(format!(
            "histogram: the {rule} rule's width {width:?} gives {bins} bins over the range; \
             at most {MAX_RULE_BINS} are allowed"
        )));
    }
    Ok(bins as usize)
}

/// The width `rule` estimates from `x` (not empty), in the dtype NumPy's formula gives.
fn width<T: Float + MeanDType>(x: &Array<T>, rule: BinRule, outer: Outer<T>) -> Result<Width<T>> {
    let n = x.len() as f64;
    let lo: T = reduce::kernels::min(x).run()?.item()?;
    let hi: T = reduce::kernels::max(x).run()?.item()?;
    let ptp = hi - lo;
    let p = ptp.cast::<f64>();
    let sqrt_width = || p / n.sqrt();
    let sturges_width = || p / (n.log2() + 1.0);
    Ok(match rule {
        BinRule::Sqrt => Width::F64(sqrt_width()),
        BinRule::Sturges => Width::F64(sturges_width()),
        BinRule::Rice => Width::Data(ptp / (2.0 * n.powf(1.0 / 3.0)).cast::<T>()),
        BinRule::Scott => {
            let factor = (24.0 * std::f64::consts::PI.powf(0.5) / n).powf(1.0 / 3.0);
            Width::Data(factor.cast::<T>() * std_of(x)?)
        }
        BinRule::Fd => Width::F64(fd_width(x)?),
        BinRule::Auto => {
            let fd = fd_width(x)?.max(sqrt_width() / 2.0);
            Width::F64(fd.min(sturges_width()))
        }
        BinRule::Doane => Width::F64(doane_width(x, p)?),
        BinRule::Stone => {
            if x.len() <= 1 || ptp == T::zero() {
                return Ok(Width::F64(0.0));
            }
            let k = stone_count(x, ptp, outer)?;
            Width::Data(ptp / (k as f64).cast::<T>())
        }
    })
}

/// NumPy's `std(x)`, in `T`.
fn std_of<T: Float + MeanDType>(x: &Array<T>) -> Result<T> {
    Ok(reduce::std(x).run()?.item()?.cast::<T>())
}

/// Freedman-Diaconis: `2 IQR n^(-1/3)`, the quartiles interpolated in `f64` (NumPy's
/// percentiles at a list of `q`).
fn fd_width<T: Float>(x: &Array<T>) -> Result<f64> {
    let q = percentiles(&x.astype::<f64>()?, &[75.0, 25.0], None)?.to_vec()?;
    let iqr = q[0] - q[1];
    Ok(2.0 * iqr * (x.len() as f64).powf(-1.0 / 3.0))
}

/// Doane: `ptp / (1 + log2 n + log2(1 + |g1| / sg1))`, 0 for `n <= 2` or a zero deviation; the
/// skewness `g1` is the mean of the standardized cubes, in `T`.
fn doane_width<T: Float + MeanDType>(x: &Array<T>, ptp: f64) -> Result<f64> {
    let n = x.len() as f64;
    if x.len() <= 2 {
        return Ok(0.0);
    }
    let sg1 = (6.0 * (n - 2.0) / ((n + 1.0) * (n + 3.0))).sqrt();
    let sigma = std_of(x)?;
    if sigma.is_nan() || sigma <= T::zero() {
        return Ok(0.0);
    }
    let mean: T = reduce::mean(x).run()?.item()?.cast::<T>();
    let cubes = standardized_cube::<T>(x, Operand::Scalar(mean), Operand::Scalar(sigma))?;
    let g1: T = reduce::mean(&cubes).run()?.item()?.cast::<T>();
    Ok(ptp / (1.0 + n.log2() + (1.0 + g1.abs().cast::<f64>() / sg1).log2()))
}

/// Stone's count: the candidate in `1..=max(100, sqrt(n))` of least cost (the first of equal
/// ones), all candidates' histograms counted in one pass and their costs compared on the
/// device; one index read back.
fn stone_count<T: Float>(x: &Array<T>, ptp: T, outer: Outer<T>) -> Result<usize> {
    let dev = x.device();
    let n = x.len();
    let m = STONE_MIN_CANDIDATES.max((n as f64).sqrt() as usize);
    let mut edges = Array::<T>::zeros(&dev, &[m * (m + 3) / 2])?;
    let per_candidate = grid_for(m);
    match outer {
        Outer::Range(lo, hi) => {
            stone_edges::launch::<f64, T>(&per_candidate, &mut edges, lo, hi, m as u64)?;
        }
        Outer::Data(lo, hi) => {
            stone_edges::launch::<T, T>(&per_candidate, &mut edges, lo, hi, m as u64)?;
        }
    }
    let mut counts = Array::<i64>::zeros(&dev, &[m * (m + 1) / 2])?;
    stone_counts::launch::<T>(&grid_for(n), x, &edges, m as u64, &mut counts)?;
    let mut costs = Array::<f64>::zeros(&dev, &[m])?;
    stone_costs::launch::<T>(&per_candidate, &counts, n as f64, ptp, &mut costs)?;
    let best: i64 = reduce::argmin(&costs).run()?.item()?;
    Ok(best as usize + 1)
}
