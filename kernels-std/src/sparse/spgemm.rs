//! SpGEMM by SciPy's two passes with a dense accumulator (`csr_matmat_maxnnz`, then
//! `csr_matmat`): the rows are cut into a few runs of about equal numbers of products, one
//! run per worker thread, and each worker owns an `O(columns)` scratch slice, a row tag per
//! column (`marks`) and a running sum per column (`sums`).
//!
//! The first pass counts each row's distinct columns (the tag of row `m` is `m + 1`); their
//! scan places each row in the result. The second pass (tag `-(m + 1)`, so the marks of the
//! first pass need no reset) adds each product `a[m, k] * b[k, c]` into `sums[c]` in SciPy's
//! order (the row's entries in storage order, each times row `k` of `b` in storage order,
//! the first product of a column added to zero), lists the row's columns in the order it
//! meets them, sorts that list (insertion for short rows, a walk over the marks when the row
//! covers a good part of the columns, else a heap sort: the columns are distinct, so no
//! stability is needed) and writes the nonzero sums, packed at the front of the row's slots.
//! The values are those of SciPy's accumulator to the bit. Only when some sum is zero (SciPy
//! drops it) does a scan of the kept counts and a copy pass follow.

use super::compressed::Compressed;
use super::dtypes::{SparseDType, SparseIndex};
use super::kernels::spgemm_pack;
use crate::prelude::*;
use crate::scan::rows::{cpu_workers, launch_items};
use crate::shape::kernels::for_overwrite;
use crate::sort::compact::per_element;

/// The most workers (threads with a scratch slice each) of the accumulator on a GPU.
const GPU_WORKERS: usize = 4096;
/// Products per worker below which another worker is not worth its scratch.
const MIN_PRODUCTS_PER_WORKER: usize = 4096;
/// The most bytes of scratch (`marks` and `sums` of every worker) the accumulator takes.
const SCRATCH_BYTES: usize = 1 << 28;
/// The longest row of distinct columns sorted by insertion.
const INSERTION_LIMIT: usize = 32;
/// A row of `d` distinct columns among `cols` is sorted by a walk over the marks when
/// `cols <= WALK_FACTOR * d` (about the cost of a heap sort of `d` keys).
const WALK_FACTOR: usize = 16;

/// How many workers the dense accumulator runs for `total` products of `majors` rows into
/// `cols` columns of `elem`-byte values, or `None` when its scratch (`cols` marks and sums per
/// worker) would cost more than the products (hypersparse results) or exceed
/// [`SCRATCH_BYTES`]: the caller then takes the expansion path. One worker per CPU thread;
/// on a GPU up to [`GPU_WORKERS`], which its scratch rarely allows.
pub(crate) fn accumulator_workers(
    dev: &Device,
    majors: usize,
    cols: usize,
    total: usize,
    elem: usize,
) -> Option<usize> {
    let wanted = if dev.is_cpu() {
        cpu_workers()
    } else {
        GPU_WORKERS
    };
    let workers = wanted
        .min(majors)
        .min(total.div_ceil(MIN_PRODUCTS_PER_WORKER))
        .max(1);
    let scratch = workers.checked_mul(cols)?;
    let bytes = scratch.checked_mul(8 + elem)?;
    (scratch <= 4 * total + 65_536 && bytes <= SCRATCH_BYTES).then_some(workers)
}

/// The first row of each run of rows: `bounds[w]` (for `w` in `0..=workers`, `workers =
/// bounds.len() - 1`) is the first row `m` whose first product (`products[m - 1]`, 0 for
/// row 0, `products` the inclusive scan of the rows' product counts) is at least
/// `w * total / workers`. Run `w` is the rows `bounds[w]..bounds[w + 1]`; the rows after
/// `bounds[workers]` hold no product. One thread per bound.
#[raw_kernel]
pub(crate) fn spgemm_runs(products: &[i64], bounds: &mut [i64]) {
    let w = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if w < bounds.len() {
        let workers = (bounds.len() - 1) as u64;
        let majors = products.len();
        let total = products[majors - 1] as u64;
        let lo = total * w as u64 / workers;
        let mut left: usize = 0;
        let mut right = majors;
        while left < right {
            let mid = (left + right) / 2;
            let mut before: u64 = 0;
            if mid > 0 {
                before = products[mid - 1] as u64;
            }
            if before >= lo {
                right = mid;
            } else {
                left = mid + 1;
            }
        }
        bounds[w] = left as i64;
    }
}

/// SpGEMM's first pass (SciPy's `csr_matmat_maxnnz`): `distinct[m]`, the number of distinct
/// columns among the products of row `m` of `a` with the rows of `b`. Worker `w` (thread
/// `w * spread`) takes the rows `bounds[w]..bounds[w + 1]` and tags a column `c` as seen
/// in row `m` by `marks[w * cols + c] = m + 1`.
#[raw_kernel]
#[allow(clippy::too_many_arguments)]
pub(crate) fn spgemm_distinct<P: Int>(
    a_ptr: &[P],
    a_idx: &[P],
    b_ptr: &[P],
    b_idx: &[P],
    bounds: &[i64],
    marks: &mut [i64],
    distinct: &mut [i64],
    cols: usize,
    spread: usize,
) {
    let g = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if g % spread != 0 {
        return;
    }
    let w = g / spread;
    if w + 1 >= bounds.len() {
        return;
    }
    let base = w * cols;
    let first = bounds[w] as u64 as usize;
    let last = bounds[w + 1] as u64 as usize;
    for m in first..last {
        let tag = m as i64 + 1;
        let mut d: i64 = 0;
        let start = a_ptr[m].cast::<u64>() as usize;
        let stop = a_ptr[m + 1].cast::<u64>() as usize;
        for j in start..stop {
            let k = a_idx[j].cast::<u64>() as usize;
            let b_start = b_ptr[k].cast::<u64>() as usize;
            let b_end = b_ptr[k + 1].cast::<u64>() as usize;
            for l in b_start..b_end {
                let at = base + b_idx[l].cast::<u64>() as usize;
                if marks[at] != tag {
                    marks[at] = tag;
                    d += 1;
                }
            }
        }
        distinct[m] = d;
    }
}

/// Stamps SpGEMM's second pass for one element type (`$t`, generic parameters `$g`).
macro_rules! accumulate_kernel {
    ([$($g:tt)*] $t:ty: $name:ident) => {
        /// SpGEMM's second pass (SciPy's `csr_matmat`), worker `w` (thread `w * spread`) on
        /// the rows `bounds[w]..bounds[w + 1]` with its scratch `marks`/`sums[w * cols..]`:
        /// each product `a[m, k] * b[k, c]` of row `m`, in SciPy's order, is added into
        /// `sums[c]` (the first one of a column to `zero`, the column then tagged `-(m + 1)`
        /// and listed in `out_idx` from `slots[m - 1]`, 0 for the first row); the list is
        /// sorted (insertion up to `INSERTION_LIMIT` columns, a walk over the marks when
        /// `cols <= walk * d`, else a heap sort) and the nonzero sums written packed at the
        /// front of the row's slots, `kept[m]` their number. A worker that dropped a zero
        /// sum adds 1 to `flags[0]`.
        #[raw_kernel]
        #[allow(clippy::too_many_arguments)]
        pub(crate) fn $name<$($g)*>(
            a_ptr: &[P],
            a_idx: &[P],
            a_data: &[$t],
            b_ptr: &[P],
            b_idx: &[P],
            b_data: &[$t],
            bounds: &[i64],
            slots: &[i64],
            marks: &mut [i64],
            sums: &mut [$t],
            out_idx: &mut [P],
            out_data: &mut [$t],
            kept: &mut [i64],
            flags: &mut [u32],
            zero: $t,
            cols: usize,
            limit: usize,
            walk: usize,
            spread: usize,
        ) {
            let g = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
            if g % spread != 0 {
                return;
            }
            let w = g / spread;
            if w + 1 >= bounds.len() {
                return;
            }
            let base = w * cols;
            let mut dropped = false;
            let row_first = bounds[w] as u64 as usize;
            let row_last = bounds[w + 1] as u64 as usize;
            for m in row_first..row_last {
                let tag = -(m as i64) - 1;
                let mut first: usize = 0;
                if m > 0 {
                    first = slots[m - 1] as u64 as usize;
                }
                let mut end = first;
                let start = a_ptr[m].cast::<u64>() as usize;
                let stop = a_ptr[m + 1].cast::<u64>() as usize;
                for j in start..stop {
                    let k = a_idx[j].cast::<u64>() as usize;
                    let av = a_data[j];
                    let b_start = b_ptr[k].cast::<u64>() as usize;
                    let b_end = b_ptr[k + 1].cast::<u64>() as usize;
                    for l in b_start..b_end {
                        let c = b_idx[l];
                        let at = base + c.cast::<u64>() as usize;
                        let v = av * b_data[l];
                        if marks[at] != tag {
                            marks[at] = tag;
                            sums[at] = zero + v;
                            out_idx[end] = c;
                            end += 1;
                        } else {
                            sums[at] = sums[at] + v;
                        }
                    }
                }
                let d = end - first;
                if d <= limit {
                    for j in (first + 1)..end {
                        let key = out_idx[j];
                        let mut p = j;
                        while p > first && out_idx[p - 1] > key {
                            out_idx[p] = out_idx[p - 1];
                            p -= 1;
                        }
                        out_idx[p] = key;
                    }
                } else if cols <= walk * d {
                    let mut p = first;
                    for c in 0..cols {
                        if marks[base + c] == tag {
                            out_idx[p] = (c as i64).cast::<P>();
                            p += 1;
                        }
                    }
                } else {
                    // A heap sort of `out_idx[first..end]`: the heap is built from the
                    // middle down, then its top swapped to the end of the shrinking heap;
                    // each step sifts `root` down within `size`.
                    let mut build = d / 2;
                    let mut size = d;
                    while size > 1 {
                        let mut root: usize = 0;
                        if build > 0 {
                            build -= 1;
                            root = build;
                        } else {
                            size -= 1;
                            let top = out_idx[first];
                            out_idx[first] = out_idx[first + size];
                            out_idx[first + size] = top;
                        }
                        loop {
                            let mut child = 2 * root + 1;
                            if child >= size {
                                break;
                            }
                            if child + 1 < size
                                && out_idx[first + child] < out_idx[first + child + 1]
                            {
                                child += 1;
                            }
                            let r = out_idx[first + root];
                            let ch = out_idx[first + child];
                            if r >= ch {
                                break;
                            }
                            out_idx[first + root] = ch;
                            out_idx[first + child] = r;
                            root = child;
                        }
                    }
                }
                let mut out = first;
                for j in first..end {
                    let c = out_idx[j];
                    let v = sums[base + c.cast::<u64>() as usize];
                    if v != zero {
                        out_idx[out] = c;
                        out_data[out] = v;
                        out += 1;
                    }
                }
                kept[m] = (out - first) as i64;
                if out < end {
                    dropped = true;
                }
            }
            if dropped {
                atomic_add(&flags, 0, 1);
            }
        }
    };
}

accumulate_kernel!([T: Num, P: Int] T: spgemm_accumulate);
accumulate_kernel!([P: Int] c64: spgemm_accumulate_c64);
accumulate_kernel!([P: Int] c128: spgemm_accumulate_c128);

impl<T: SparseDType, I: SparseIndex> Compressed<T, I> {
    /// `self @ other` (shapes checked by [`Compressed::matmat`]) by the dense accumulator of
    /// the module's docs, on `workers` workers (from [`accumulator_workers`]); `products` is
    /// the inclusive scan of the rows' product counts, `total` > 0 their sum. Canonical.
    pub(crate) fn matmat_accumulate(
        &self,
        other: &Self,
        products: &Array<i64>,
        workers: usize,
        what: &str,
    ) -> Result<Self> {
        let dev = self.data.device();
        let (majors, cols) = (self.majors, other.minor);
        let mut bounds = Array::<i64>::zeros(&dev, &[workers + 1])?;
        spgemm_runs::launch(&per_element(workers + 1)?, products, &mut bounds)?;
        let (cfg, spread) = launch_items(&dev, workers)?;
        let mut marks = Array::<i64>::zeros(&dev, &[workers * cols])?;
        let mut distinct = Array::<i64>::zeros(&dev, &[majors])?;
        spgemm_distinct::launch::<I>(
            &cfg,
            &self.indptr,
            &self.indices,
            &other.indptr,
            &other.indices,
            &bounds,
            &mut marks,
            &mut distinct,
            cols as u64,
            spread as u64,
        )?;
        let (slots, indptr, nnz) = super::ops::scan_pointers::<I>(what, &distinct)?;
        drop(distinct);
        let mut indices = for_overwrite::<I>(&dev, &[nnz])?;
        let mut data = for_overwrite::<T>(&dev, &[nnz])?;
        let mut sums = for_overwrite::<T>(&dev, &[workers * cols])?;
        let mut kept = Array::<i64>::zeros(&dev, &[majors])?;
        let mut flags = Array::<u32>::zeros(&dev, &[1])?;
        T::spgemm_accumulate::<I>(
            &cfg,
            [&self.indptr, &self.indices],
            &self.data,
            [&other.indptr, &other.indices],
            &other.data,
            [&bounds, &slots],
            &mut marks,
            &mut sums,
            &mut indices,
            &mut data,
            &mut kept,
            &mut flags,
            [cols, INSERTION_LIMIT, WALK_FACTOR, spread].map(|v| v as u64),
        )?;
        drop((marks, sums));
        if flags.to_vec()?[0] > 0 {
            // Some sums were zero: the kept entries moved to their places.
            let (out_scanned, out_ptr, out_nnz) = super::ops::scan_pointers::<I>(what, &kept)?;
            let mut out_idx = Array::<I>::zeros(&dev, &[out_nnz])?;
            let mut out_data = Array::<T>::zeros(&dev, &[out_nnz])?;
            if out_nnz > 0 {
                spgemm_pack::launch::<T, I>(
                    &per_element(majors)?,
                    &slots,
                    &kept,
                    &out_scanned,
                    &indices,
                    &data,
                    &mut out_idx,
                    &mut out_data,
                )?;
            }
            return Ok(self.product(out_idx, out_data, out_ptr, cols));
        }
        Ok(self.product(indices, data, indptr, cols))
    }

    /// The canonical result of a product with `cols` columns.
    fn product(&self, indices: Array<I>, data: Array<T>, indptr: Array<I>, cols: usize) -> Self {
        Compressed {
            data,
            indices,
            indptr,
            majors: self.majors,
            minor: cols,
            sorted: true,
            canonical: true,
        }
    }
}
