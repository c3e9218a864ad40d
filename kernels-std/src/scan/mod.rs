//! Scans: cumulative sums and products, and differences along an axis.
//!
//! | NumPy | here |
//! |---|---|
//! | `np.cumsum(a)`, `np.cumsum(a, axis=1)` | [`cumsum`]`(&a, None)`, [`cumsum`]`(&a, Some(1))` |
//! | `np.cumsum(a, dtype=np.int8)`, `np.cumprod(a, 0, dtype=..)` | [`cumsum_as`]`::<i8, _>(&a, None)`, [`cumprod_as`] |
//! | `np.cumprod(a, axis=0)` | [`cumprod`]`(&a, Some(0))` |
//! | `np.nancumsum(a, axis=0)`, `np.nancumprod(a)` | [`nancumsum`]`(&a, Some(0))`, [`nancumprod`]`(&a, None)` |
//! | `np.cumulative_sum(a, axis=1, include_initial=True)` | [`cumulative_sum`]`(&a, Some(1), true)`, [`cumulative_prod`] |
//! | `np.diff(a)`, `np.diff(a, n=2, axis=0)` | [`diff`]`(&a, 1, -1)`, [`diff`]`(&a, 2, 0)` |
//! | `np.diff(a, prepend=0, append=b)` | [`diff_with`]`(&a, 1, -1).prepend(0).append(&b).run()` |
//! | `np.ediff1d(a, to_end=e, to_begin=b)` | [`ediff1d`]`(&a, Some(&e), Some(&b))` |
//! | `np.unwrap(p)`, `np.unwrap(p, period=360, axis=0)` | [`unwrap`]`(&p, None, -1, 2.0 * PI)`, `unwrap(&p, None, 0, 360.0)` |
//!
//! The scans are parallel on both backends: each row is cut into chunks, the chunks' totals
//! are computed and scanned (recursively), and a second pass scans each chunk from its
//! offset. Chunks are long on the CPU (a few per worker) and short on a GPU
//! (32 elements a thread).

pub(crate) mod kernels;
pub(crate) mod rows;

mod cumulative;
mod diff;
mod unwrap;
mod variants;

pub use cumulative::{cumprod, cumprod_as, cumsum, cumsum_as, Accumulate, ScanDType};
pub use diff::{diff, diff_with, ediff1d, Diff, DiffWith};
pub use unwrap::{unwrap, Unwrap};
pub use variants::{cumulative_prod, cumulative_sum, nancumprod, nancumsum, NanScan};

pub(crate) use cumulative::scan_rows;

#[cfg(test)]
pub(crate) mod nvrtc;
