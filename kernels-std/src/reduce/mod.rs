//! NumPy's reductions: sums and products, extremes and their positions, means and variances,
//! truth tests, and their NaN-skipping forms.
//!
//! Every routine returns a call to complete, in the style of the runtime's
//! [`ReduceCall`](array_runtime::kernel::reduction::ReduceCall): choose axes with `.axis(i)`
//! (repeatable, negative counts from the end) or `.axes(&[..])`, none meaning all of them
//! (NumPy's `axis=None`); `.keepdims(true)`; then `.run()`. Axes are resolved by the runtime:
//! an axis out of range or given twice is an error.
//!
//! | NumPy | here |
//! |---|---|
//! | `np.max(a)`, `np.amax(a, axis=1)` | [`max`]`(&a).run()`, `max(&a).axis(1).run()` |
//! | `np.min(a, axis=(0, 2), keepdims=True)` | [`min`]`(&a).axes(&[0, 2]).keepdims(true).run()` |
//! | `np.nanmax`, `np.nanmin`, `np.ptp` | [`nanmax`], [`nanmin`], [`ptp`] |
//! | `np.argmax(a, axis=0)`, `np.argmin` | [`argmax`]`(&a).axis(0).run()`, [`argmin`] |
//! | `np.nanargmax`, `np.nanargmin` | [`nanargmax`], [`nanargmin`] (an all-NaN slice is an error) |
//!
//! Every kernel is a `#[reduction]` ([`kernels`]): the CPU engine folds pairwise (float sums
//! as accurate as NumPy's), a GPU reduces with warp shuffles and block trees.
//!
//! ```
//! use kernels_std::prelude::*;
//! use kernels_std::reduce::{argmax, max};
//! let a = Array::from_vec(&Device::cpu(), &[2, 3], vec![3, 1, 4, 1, 5, 9])?;
//! assert_eq!(max(&a).axis(1).run()?.to_vec()?, vec![4, 9]);
//! assert_eq!(argmax(&a).axis(-1).keepdims(true).run()?.shape(), &[2, 1]);
//! # Ok::<(), kernels_std::Error>(())
//! ```

mod arg;
mod builder;
mod extrema;
pub mod kernels;

pub use arg::{argmax, argmin, nanargmax, nanargmin, ArgMax, ArgMin, NanArg};
pub use extrema::{max, min, nanmax, nanmin, ptp, Max, Min, NanMax, NanMin, Ptp};
