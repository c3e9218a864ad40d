//! Sorting, searching and selecting: NumPy's `sort`, `argsort`, `searchsorted`, `unique`,
//! `nonzero` and friends, boolean masks, `take` and `put`.
//!
//! | NumPy | here |
//! |---|---|
//! | `np.sort(a)`, `np.sort(a, axis=0)`, `np.sort(a, axis=None)` | [`sort`]`(&a, Some(-1))`, [`sort`]`(&a, Some(0))`, [`sort`]`(&a, None)` |
//! | `np.argsort(a, kind="stable")` | [`argsort`]`(&a, Some(-1))` |
//! | `np.unique(a, axis=0)`, with `return_index=True, ...` | [`unique_axis`]`(&a, 0)`, [`unique_axis_full`] |
//! | `np.searchsorted(a, v, side="right")` | [`searchsorted`]`(&a, &v, Side::Right)` |
//! | `np.searchsorted(a, v, sorter=s)` | [`searchsorted_with_sorter`]`(&a, &v, Side::Left, &s)` |
//! | `np.partition(a, kth, axis=-1)`, `np.argpartition(a, [k1, k2])` | [`partition`]`(&a, kth, Some(-1))`, [`argpartition`]`(&a, [k1, k2], Some(-1))` |
//! | `np.lexsort((b, a))` (sort by `a`, then `b`) | [`lexsort`]`(&[&b, &a], -1)` |
//! | `np.sort_complex(a)` | [`sort_complex`]`(&a)` |
//! | `np.digitize(x, bins, right=True)` | [`digitize`]`(&x, &bins, true)` |
//! | `np.unique(a)` | [`unique`]`(&a)` |
//! | `np.unique(a, return_index=True, return_inverse=True, return_counts=True, equal_nan=e)` | [`unique_full`]`(&a, e)` |
//! | `np.unique_values(x)`, `np.unique_counts(x)`, `np.unique_inverse(x)`, `np.unique_all(x)` | [`unique_values`]`(&x)`, [`unique_counts`]`(&x)`, [`unique_inverse`]`(&x)`, [`unique_all`]`(&x)` |
//! | `np.isin(e, t, invert=True)` | [`isin`]`(&e, &t).invert(true).run()` |
//! | `np.intersect1d(a, b)`, `return_indices=True` | [`intersect1d`]`(&a, &b, false)`, [`intersect1d_indices`]`(&a, &b, false)` |
//! | `np.union1d(a, b)`, `np.setdiff1d(a, b)`, `np.setxor1d(a, b)` | [`union1d`]`(&a, &b)`, [`setdiff1d`]`(&a, &b, false)`, [`setxor1d`]`(&a, &b, false)` |
//! | `np.nonzero(a)`, `np.where(a)` | [`nonzero`]`(&a)` |
//! | `np.flatnonzero(a)`, `np.argwhere(a)` | [`flatnonzero`]`(&a)`, [`argwhere`]`(&a)` |
//! | `a[mask]` | [`boolean_index`]`(&a, &mask)` |
//! | `np.compress(c, a, axis=1)` | [`compress`]`(&a, &c, Some(1))` |
//! | `np.take(a, i, axis=0)`, `mode="wrap"` | [`take`]`(&a, &i, Some(0))`, [`take_with_mode`]`(.., TakeMode::Wrap)` |
//! | `np.take_along_axis(a, i, axis=1)` | [`take_along_axis`]`(&a, &i, Some(1))` |
//! | `np.put(a, i, v)` | [`put`]`(&mut a, &i, &v, TakeMode::Raise)` |
//! | `np.extract(c, a)`, `np.place(a, m, v)`, `np.putmask(a, m, v)` | [`extract`]`(&c, &a)`, [`place`]`(&mut a, &m, &v)`, [`putmask`]`(&mut a, &m, &v)` |
//! | `np.put_along_axis(a, i, v, axis=1)` | [`put_along_axis`]`(&mut a, &i, &v, Some(1))` |
//! | `np.select([c1, c2], [x1, x2], default=0)` | [`select`]`(&[&c1, &c2], &[&x1, &x2], 0)` |
//! | `np.choose(a, [x, y], mode="clip")` | [`choose`]`(&a, &[&x, &y], TakeMode::Clip)` |
//! | `np.copyto(dst, src, casting="safe", where=m)` | [`copyto`]`(&mut dst, &src, Casting::Safe, Some(&m))` |
//! | `np.fill_diagonal(a, v, wrap=True)` | [`fill_diagonal`]`(&mut a, &v, true)` |
//!
//! Rows of 1000 elements and more are sorted by a stable LSD radix sort (`radix.rs`): keys
//! mapped to order-preserving unsigned integers (NaN last, `-0.0` equal to `0.0`), the digits
//! in which the keys differ only, one pass per digit (counts per chunk, a scan over (digit,
//! chunk), a stable scatter per chunk). Shorter rows use a stable merge sort on both backends: threads insertion-sort short runs, then
//! each merge pass splits every row's output into segments that threads write independently,
//! each finding where its segment starts by a binary search on the merge path; the passes
//! double the sorted width until the row is sorted. On the CPU each thread first sorts a
//! block of 64 Ki elements on its own (all its passes in one launch, in the cache) and the
//! segments of the longer passes are long (a few per worker); on a GPU runs are 16 elements
//! and segments 64. NumPy's order: NaN last, `-0.0` equal to `0.0`.
//!
//! Where we differ from NumPy: `argsort` is always stable (NumPy's default `kind` is not;
//! its stable order is ours); `partition` and `argpartition` sort the whole axis (NumPy's
//! guarantee holds for every `kth`; NumPy's introselect leaves the sides in another order); `put` with a repeated index writes one of its values, not
//! necessarily the last.
//!
//! Outputs whose size depends on the data (`nonzero`, masks, `unique`) are computed in three
//! steps on the device: flags, an inclusive scan of the flags (the last value, a count, is the
//! only thing read back, to size the output), and a scatter of the selected positions.
//!
//! Indices are `i64` (NumPy's `intp`). `sort` and `argsort` take every dtype ([`Sortable`]:
//! complex numbers lexicographically, by three stable passes), and so do `unique` and the
//! set routines (`sets.rs`) and `searchsorted` ([`SearchSortedDType`]); `unique_axis` the
//! dtypes with equality too; `nonzero`, masks, `take` and `put` every dtype.

pub(crate) mod compact;
pub(crate) mod indexing;
pub(crate) mod kernels;
pub(crate) mod nonzero;
mod order;
mod radix;
mod radix_kernels;
pub(crate) mod search;
mod sets;
mod sortable;
mod sorting;
mod take;
mod unique;
mod unique_axis;

pub use indexing::{
    choose, copyto, extract, fill_diagonal, place, put_along_axis, putmask, select,
};
pub use nonzero::{argwhere, boolean_index, compress, flatnonzero, nonzero};
pub use order::{argpartition, lexsort, partition, sort_complex, Kth, SortComplex};
pub use search::{digitize, searchsorted, searchsorted_with_sorter, SearchSortedDType, Side};
pub use sets::{
    intersect1d, intersect1d_indices, isin, setdiff1d, setxor1d, union1d, Intersect1d, IsIn,
};
pub use sortable::Sortable;
pub use sorting::{argsort, sort};
pub use take::{put, take, take_along_axis, take_with_mode, TakeMode};
pub use unique::{
    unique, unique_all, unique_counts, unique_full, unique_inverse, unique_values, UniqueAll,
    UniqueCounts, UniqueInverse,
};
pub use unique_axis::{unique_axis, unique_axis_full};

pub(crate) use sorting::merge_sort_rows;

#[cfg(test)]
mod nvrtc;
