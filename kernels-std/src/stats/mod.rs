//! Statistics and comparisons of whole arrays: histograms, counts, covariance, closeness.
//!
//! | NumPy | here |
//! |---|---|
//! | `np.histogram(a, bins=10)`, `range=(0, 1)` | [`histogram`]`(&a, 10).run()`, `.range(0.0, 1.0)` (counts and edges) |
//! | `np.histogram(a, bins=edges)` | [`histogram_with_edges`]`(&a, &edges).run()` |
//! | `np.histogram(ints, bins)` (a count, a rule or edges) | [`histogram_int`]`(&ints, bins)?.run()` (`f64` edges) |
//! | `np.histogram(a, bins="auto")` (`"fd"`, `"doane"`, ...) | [`histogram_with_rule`]`(&a, BinRule::Auto).run()` (or `"auto".parse()?`) |
//! | `np.histogram_bin_edges(a, bins, range)` | [`histogram_bin_edges`]`(&a, bins, range)` (`10`, `BinRule::Fd`, `&edges`), or the builder's `.bin_edges()` |
//! | `np.histogramdd(s, bins=[3, e], range=r, density=True, weights=w)` | [`histogramdd`]`(&s, &[3.into(), (&e).into()], Some(&r), true, Some(&w))` |
//! | `np.histogram2d(x, y, bins=4)` | [`histogram2d`]`(&x, &y, &[4.into()], None, false, None)` (counts, x edges, y edges) |
//! | `weights=w`, `density=True` | `.weights(&w)`, `.density()` instead of `.run()` |
//! | `np.bincount(x, weights=w, minlength=5)` | [`bincount`]`(&x).weights(&w).minlength(5).run()` |
//! | `np.cov(m, rowvar=False, ddof=0)` | [`cov`]`(&m).rowvar(false).ddof(0).run()` |
//! | `np.cov(m, y, bias=True, fweights=f, aweights=a)` | [`cov`]`(&m).y(&y).bias(true).fweights(&f).aweights(&a).run()` |
//! | `np.corrcoef(x, y)` | [`corrcoef`]`(&x).y(&y).run()` |
//! | `np.isclose(a, b, rtol, atol, equal_nan)` | [`isclose`]`(&a, &b).rtol(..).atol(..).equal_nan(true).run()` |
//! | `np.allclose(a, b)` | [`allclose`]`(&a, &b).run()` (a `bool`) |
//! | `np.array_equal(a, b, equal_nan)` | [`array_equal`]`(&a, &b, equal_nan)` (a `bool`) |
//! | `np.array_equiv(a, b)` | [`array_equiv`]`(&a, &b)` (a `bool`) |
//!
//! Every computation runs on the arrays' device: `histogram` and `bincount` count with atomics
//! in `#[raw_kernel]`s, `cov` is one product through [`linalg::matmul`](crate::linalg::matmul),
//! `allclose` and `array_equal` are one `#[reduction]` each. What is read back is a scalar
//! at most (a range, a length, a flag, a rule's statistics, a sum of weights).
//!
//! Where we differ from NumPy: `isclose`/`allclose` take two arrays of one dtype
//! ([`CloseDType`]); `histogram` takes float data (integers: [`histogram_int`],
//! with `f64` edges and NumPy's minimum width 1 for the rules),
//! weights of the data's dtype, and rejects a range given with explicit edges (NumPy ignores
//! it); a rule asking for more than [`MAX_RULE_BINS`] bins is an error; `cov`'s `y` has `m`'s
//! dtype, `fweights` are `i64`, `aweights` `f64`, and it always computes in `f64` (as NumPy does
//! for real input).
//!
//! ```
//! use kernels_std::prelude::*;
//! use kernels_std::stats::{allclose, histogram};
//! let a = Array::from_vec(&Device::cpu(), &[4], vec![0.1, 0.4, 0.6, 0.9])?;
//! let (counts, _edges) = histogram(&a, 2).run()?;
//! assert_eq!(counts.to_vec()?, vec![2, 2]);
//! assert!(allclose(&a, &a).run()?);
//! # Ok::<(), kernels_std::Error>(())
//! ```

mod bin_rules;
mod bincount;
mod close;
mod cov;
mod histogram;
mod histogramdd;

pub use bin_rules::{BinRule, MAX_RULE_BINS};
pub use bincount::{bincount, BinCount, BinCountWeight, BinCountWeighted};
pub use close::{allclose, array_equal, array_equiv, isclose, AllClose, CloseDType, IsClose};
pub use cov::{corrcoef, cov, CorrCoef, Cov};
pub use histogram::{
    histogram, histogram_int, histogram_with_edges, histogram_with_rule, Histogram,
    WeightedHistogram,
};
pub use histogramdd::{histogram2d, histogram_bin_edges, histogramdd, HistogramBins};

/// The kernels behind the routines (for NVRTC checks and reuse).
pub mod kernels {
    pub use super::bin_rules::{standardized_cube, stone_costs, stone_counts, stone_edges, within};
    pub use super::bincount::{bincount_kernel, bincount_weighted_kernel};
    pub use super::close::{
        allclose_c128, allclose_c64, allclose_kernel, equal_kernel, is_close, isclose_c128,
        isclose_c64, isclose_kernel,
    };
    pub use super::cov::{center, correlate, divide, is_negative, scale};
    pub use super::histogram::{
        edge_not_above, edge_out_of_order, histogram_counts, histogram_density, histogram_edges,
        histogram_local_counts, histogram_sums, linspace_at,
    };
    pub use super::histogramdd::last_edge_inside;
}
