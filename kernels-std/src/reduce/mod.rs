//! NumPy's reductions: sums and products, extremes and their positions, means and variances,
//! truth tests, and their NaN-skipping forms.
//!
//! Every routine returns a call to complete, in the style of the runtime's
//! [`ReduceCall`](array_runtime::kernel::reduction::ReduceCall): choose axes with `.axis(i)`
//! (repeatable, negative counts from the end) or `.axes(&[..])`, none meaning all of them
//! (NumPy's `axis=None`); `.keepdims(true)`; options of the routine (`.ddof(1)`,
//! `.weights(&w)`); then `.run()`. Axes are resolved by the runtime: an axis out of range or
//! given twice is an error.
//!
//! | NumPy | here |
//! |---|---|
//! | `np.sum(a)`, `np.sum(a, axis=1)` | [`sum`]`(&a).run()`, `sum(&a).axis(1).run()` |
//! | `np.prod(a, axis=(0, 2), keepdims=True)` | [`prod`]`(&a).axes(&[0, 2]).keepdims(true).run()` |
//! | `np.max`/`np.amax`, `np.min`/`np.amin`, `np.ptp` | [`max`], [`min`], [`ptp`] |
//! | `np.argmax(a, axis=0)`, `np.argmin` | [`argmax`]`(&a).axis(0).run()`, [`argmin`] |
//! | `np.sum(a, axis=0, dtype=np.int8)`, `np.prod(a, dtype=..)` | [`sum_as`]`::<i8, _>(&a).axis(0).run()`, [`prod_as`] |
//! | `np.mean(a, dtype=np.float32)` | [`mean_as`]`::<f32, _>(&a).run()` |
//! | `np.mean`, `np.average(a, axis=1, weights=w)` | [`mean`], [`average`]`(&a).axis(1).weights(&w).run()` |
//! | `np.var(a, ddof=1)`, `np.std` | [`var`]`(&a).ddof(1).run()`, [`std()`] |
//! | `np.any`, `np.all`, `np.count_nonzero` | [`any`], [`all`], [`count_nonzero`] |
//! | `np.nansum`, `np.nanprod`, `np.nanmax`, `np.nanmin` | [`nansum`], [`nanprod`], [`nanmax`], [`nanmin`] |
//! | `np.nanargmax`, `np.nanargmin` | [`nanargmax`], [`nanargmin`] (an all-NaN slice is an error) |
//! | `np.nanmean`, `np.nanvar`, `np.nanstd` | [`nanmean`], [`nanvar`], [`nanstd`] |
//!
//! Result dtypes are NumPy's, as associated types: [`SumDType`] for sums and products (`i8`
//! sums to `i64`, `f16` accumulates in `f32`), [`MeanDType`] for means and variances (`f64` for
//! integers), [`MeanOf`] and [`VarOf`] for means and variances of complex numbers too. Comparisons keep the input's dtype; positions and counts are `i64`.
//!
//! Every kernel is a `#[reduction]` ([`kernels`]): the CPU engine folds pairwise (float sums
//! as accurate as NumPy's), a GPU reduces with warp shuffles and block trees. The variance is
//! one pass of shifted sums (deviations from a sample of the data, merged by exact algebra):
//! stable for data with a large mean, and vectorized on the CPU.
//!
//! Where we differ from NumPy:
//! - `dtype=` is a second name with the dtype as a type parameter: [`sum_as`], [`prod_as`],
//!   [`mean_as`] ([`SumAs`]: not `bool`; `mean_as` of float and complex dtypes); the other
//!   reductions have none. No `out=` argument; no `where=`, no `initial=`.
//! - Complex inputs: `sum`, `prod`, `nansum`, `nanprod`, `mean`, `nanmean`, and the
//!   variances (`var`, `std` and their `nan` forms: real results); not `average`, the
//!   comparisons or truth tests yet. `bool` inputs: not for the comparisons (`max`, `argmax`,
//!   `ptp`, ...), which take numbers ([`Num`](array_runtime::Num)).
//! - `argmax` and friends also accept several axes (the position is then the flat C-order
//!   index within them); NumPy accepts one.
//! - `f16` sums, means and variances always accumulate in `f32` (NumPy does so for contiguous
//!   sums and for means only), so they can be more accurate than NumPy's.
//! - `count_nonzero` with no axis returns a 0-d array, not a scalar.
//!
//! ```
//! use kernels_std::prelude::*;
//! use kernels_std::reduce::{argmax, max, mean, sum};
//! let a = Array::from_vec(&Device::cpu(), &[2, 3], vec![3i32, 1, 4, 1, 5, 9])?;
//! assert_eq!(max(&a).axis(1).run()?.to_vec()?, vec![4, 9]);
//! assert_eq!(argmax(&a).axis(-1).keepdims(true).run()?.shape(), &[2, 1]);
//! let s: Array<i64> = sum(&a).axis(0).run()?;
//! assert_eq!(s.to_vec()?, vec![4, 6, 13]);
//! assert_eq!(mean(&a).run()?.item()?, 23.0 / 6.0);
//! # Ok::<(), kernels_std::Error>(())
//! ```

mod arg;
mod arg_rows;
pub(crate) mod builder;
mod dtypes;
mod extrema;
pub mod kernels;
mod logic;
mod moments;
mod sums;

pub use arg::{
    argmax, argmin, nanargmax, nanargmin, ArgCall, ArgDType, ArgMax, ArgMin, Largest, NanArgMax,
    NanArgMin, NanLargest, NanSmallest, Smallest,
};
pub use dtypes::{AverageOf, ExtremaDType, MeanDType, MeanOf, PtpDType, SumAs, SumDType};
/// NumPy's `np.amax`, its other name for [`max`].
pub use extrema::max as amax;
/// NumPy's `np.amin`, its other name for [`min`].
pub use extrema::min as amin;
pub use extrema::{max, min, nanmax, nanmin, ptp, Max, Min, NanMax, NanMin, Ptp};
pub use logic::{all, any, count_nonzero, All, Any, CountNonzero};
pub use moments::{
    average, mean, mean_as, nanmean, nanstd, nanvar, std, var, Average, Mean, Var, VarOf,
};
pub use sums::{
    nanprod, nansum, prod, prod_as, sum, sum_as, NanProd, NanSum, Prod, ProdAsCall, Sum, SumAsCall,
};
