//! SpGEMM by SciPy's two passes with a dense accumulator (`csr_matmat_maxnnz`, then
//! `csr_matmat`): the rows are cut into pieces of about equal numbers of products, about
//! eight per worker thread (the workers side by side on the CPU: `launch_items`), which the
//! workers claim in turn with an atomic counter, so that a worker slowed down by another
//! process does not hold up the product; each worker owns an `O(columns)` scratch slice, a
//! row tag per column (`marks`) and a running sum per column (`sums`). Which worker does a
//! row changes nothing in its result (the tags are the row's own).
//!
//! The first pass counts each row's distinct columns (the tag of row `m` is `m + 1`); their
//! scan places each row in the result. The second pass (tag `-(m + 1)`, so the marks of the
//! first pass need no reset) adds each product `a[m, k] * b[k, c]` into `sums[c]` in SciPy's
//! order (the row's entries in storage order, each times row `k` of `b` in storage order,
//! the first product of a column added to zero) and lists the row's columns from the end of
//! its slots down as it meets them: SciPy's order, the reverse of first appearance (its
//! linked list), with no sort. Then it writes the nonzero sums in that order, packed at the
//! front of the row's slots. The values are those of SciPy's accumulator to the bit, the
//! columns in SciPy's order, unsorted as SciPy's (the flags, as SciPy's, say whether every
//! row happens to be sorted). Only when some sum is zero (SciPy drops it) does a scan of the
//! kept counts and a copy pass follow.

use super::compressed::Compressed;
use super::dtypes::{Accumulate, SparseDType, SparseIndex};
use super::kernels::spread_item;
use crate::prelude::*;
use crate::scan::rows::{cpu_workers, launch_items};
use crate::shape::kernels::for_overwrite;
use crate::sort::compact::{per_element, scan_flags};

/// The most workers (threads with a scratch slice each) of the accumulator on a GPU.
const GPU_WORKERS: usize = 4096;
/// Products per worker below which another worker is not worth its scratch.
const MIN_PRODUCTS_PER_WORKER: usize = 4096;
/// The most bytes of scratch (`marks` and `sums` of every worker) the accumulator takes.
const SCRATCH_BYTES: usize = 1 << 28;

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

/// Pieces of rows each worker of the accumulator gets on average: the workers claim the
/// pieces in turn as they finish one, so a worker slowed down (a core shared with another
/// process) takes fewer and the others take its share, where one run per worker made the
/// whole product wait for the slowest.
const PIECES_PER_WORKER: usize = 8;

/// The number of pieces of about equal numbers of products that the rows are cut into for
/// `workers` workers and `total` products of `majors` rows: [`PIECES_PER_WORKER`] per
/// worker, but none of fewer than [`MIN_PRODUCTS_PER_WORKER`] / 4 products (a claim is an
/// atomic operation), nor more than the rows; at least one per worker.
pub(crate) fn accumulator_pieces(workers: usize, majors: usize, total: usize) -> usize {
    (workers * PIECES_PER_WORKER)
        .min(total.div_ceil(MIN_PRODUCTS_PER_WORKER / 4))
        .min(majors)
        .max(workers)
}

/// The first row of each piece of rows: `bounds[p]` (for `p` in `0..=pieces`, `pieces =
/// bounds.len() - 1`) is the first row `m` whose first product (`products[m - 1]`, 0 for
/// row 0, `products` the inclusive scan of the rows' product counts) is at least
/// `p * total / pieces`, but `bounds[pieces]` is `majors`: piece `p` is the rows
/// `bounds[p]..bounds[p + 1]`, and the last piece takes the rows after the last product too
/// (rows without products), so the pieces cover every row once. One thread per bound.
#[raw_kernel]
pub(crate) fn spgemm_runs(products: &[i64], bounds: &mut [i64]) {
    let w = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if w < bounds.len() {
        let pieces = (bounds.len() - 1) as u64;
        let majors = products.len();
        let total = products[majors - 1] as u64;
        let lo = total * w as u64 / pieces;
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
        if w == bounds.len() - 1 {
            left = majors;
        }
        bounds[w] = left as i64;
    }
}

/// SpGEMM's first pass (SciPy's `csr_matmat_maxnnz`): `distinct[m]`, the number of distinct
/// columns among the products of row `m` of `a` with the rows of `b`. Worker `w < workers`
/// (thread `w * spread`) claims pieces `p` in turn (`atomic_add` on `next[0]`, from 0) until
/// none is left, takes the rows `bounds[p]..bounds[p + 1]` of each, and tags a column `c` as
/// seen in row `m` by `marks[w * cols + c] = m + 1`.
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
    next: &mut [u32],
    cols: usize,
    workers: usize,
    spread: usize,
) {
    let g = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    let item: u64 = spread_item(g as u64, spread as u64, workers as u64);
    let w = item as usize;
    if w >= workers {
        return;
    }
    let base = w * cols;
    let pieces = bounds.len() - 1;
    loop {
        let p = atomic_add(&next, 0, 1u32) as usize;
        if p >= pieces {
            break;
        }
        let first = bounds[p] as u64 as usize;
        let last = bounds[p + 1] as u64 as usize;
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
}

/// Stamps SpGEMM's second pass for one element type (`$t`, generic parameters `$g`).
macro_rules! accumulate_kernel {
    ([$($g:tt)*] $t:ty: $name:ident) => {
        /// SpGEMM's second pass (SciPy's `csr_matmat`), worker `w < workers` (thread
        /// `w * spread`) claiming pieces `p` in turn (`atomic_add` on `flags[2]`, from 0)
        /// until none is left, on the rows `bounds[p]..bounds[p + 1]` of each with its
        /// scratch `marks`/`sums[w * cols..]`:
        /// each product `a[m, k] * b[k, c]` of row `m`, in SciPy's order, is added into
        /// `sums[c]` (the first one of a column to `zero`, the column then tagged `-(m + 1)`
        /// and listed in `out_idx` from the end of the row's slots `slots[m - 1]..slots[m]`
        /// down, so that the list holds SciPy's order, the reverse of first appearance);
        /// then the nonzero sums are written in that order, packed at the front of the
        /// slots, `kept[m]` their number, and `indptr[m + 1] = slots[m]` (`indptr[0] = 0`: the
        /// result's pointers when no sum is dropped). A worker that dropped a zero sum adds 1 to
        /// `flags[0]`; one that wrote a row whose columns do not increase adds 1 to
        /// `flags[1]`.
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
            indptr: &mut [P],
            flags: &mut [u32],
            zero: $t,
            cols: usize,
            workers: usize,
            spread: usize,
        ) {
            let g = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
            let item: u64 = spread_item(g as u64, spread as u64, workers as u64);
            let w = item as usize;
            if w >= workers {
                return;
            }
            let base = w * cols;
            let pieces = bounds.len() - 1;
            let mut dropped = false;
            let mut unsorted = false;
            loop {
                let p = atomic_add(&flags, 2, 1u32) as usize;
                if p >= pieces {
                    break;
                }
                let row_first = bounds[p] as u64 as usize;
                let row_last = bounds[p + 1] as u64 as usize;
                let mut first: usize = 0;
                if row_first > 0 {
                    first = slots[row_first - 1] as u64 as usize;
                } else {
                    let origin: i64 = 0;
                    indptr[0] = origin.cast::<P>();
                }
                for m in row_first..row_last {
                    let tag = -(m as i64) - 1;
                    let last = slots[m] as u64 as usize;
                    let mut next = last;
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
                                next -= 1;
                                out_idx[next] = c;
                            } else {
                                sums[at] = sums[at] + v;
                            }
                        }
                    }
                    let mut out = first;
                    let mut prev: i64 = -1;
                    for j in first..last {
                        let c = out_idx[j];
                        let v = sums[base + c.cast::<u64>() as usize];
                        if v != zero {
                            let ci = c.cast::<i64>();
                            if ci < prev {
                                unsorted = true;
                            }
                            prev = ci;
                            out_idx[out] = c;
                            out_data[out] = v;
                            out += 1;
                        }
                    }
                    kept[m] = (out - first) as i64;
                    indptr[m + 1] = slots[m].cast::<P>();
                    if out < last {
                        dropped = true;
                    }
                    first = last;
                }
            }
            if dropped {
                atomic_add(&flags, 0, 1);
            }
            if unsorted {
                atomic_add(&flags, 1, 1);
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
    /// the inclusive scan of the rows' product counts, `total` > 0 their sum. SciPy's order
    /// of columns.
    pub(crate) fn matmat_accumulate(
        &self,
        other: &Self,
        products: &Array<i64>,
        total: usize,
        workers: usize,
        what: &str,
    ) -> Result<Self> {
        let dev = self.data.device();
        let (majors, cols) = (self.majors, other.minor);
        let pieces = accumulator_pieces(workers, majors, total);
        let mut bounds = for_overwrite::<i64>(&dev, &[pieces + 1])?;
        spgemm_runs::launch(&per_element(pieces + 1)?, products, &mut bounds)?;
        let (cfg, spread) = launch_items(&dev, workers)?;
        let mut marks = Array::<i64>::zeros(&dev, &[workers * cols])?;
        let mut distinct = for_overwrite::<i64>(&dev, &[majors])?;
        spgemm_distinct::launch::<I>(
            &cfg,
            &self.indptr,
            &self.indices,
            &other.indptr,
            &other.indices,
            &bounds,
            &mut marks,
            &mut distinct,
            &mut Array::<u32>::zeros(&dev, &[1])?,
            cols as u64,
            workers as u64,
            spread as u64,
        )?;
        let (slots, nnz) = scan_flags(&distinct)?;
        drop(distinct);
        super::compressed::check_extents::<I>(what, &[nnz])?;
        let mut indices = for_overwrite::<I>(&dev, &[nnz])?;
        let mut data = for_overwrite::<T>(&dev, &[nnz])?;
        let mut sums = for_overwrite::<T>(&dev, &[workers * cols])?;
        let mut kept = for_overwrite::<i64>(&dev, &[majors])?;
        let mut indptr = for_overwrite::<I>(&dev, &[majors + 1])?;
        let mut flags = Array::<u32>::zeros(&dev, &[3])?;
        T::spgemm_accumulate::<I>(
            &cfg,
            Accumulate {
                a: ([&self.indptr, &self.indices], &self.data),
                b: ([&other.indptr, &other.indices], &other.data),
                runs: [&bounds, &slots],
                marks: &mut marks,
                sums: &mut sums,
                out: (&mut indices, &mut data),
                kept: (&mut kept, &mut indptr),
                flags: &mut flags,
                sizes: [cols as u64, workers as u64, spread as u64],
            },
        )?;
        drop((marks, sums));
        let flags = flags.to_vec()?;
        let sorted = flags[1] == 0;
        if flags[0] > 0 {
            // Some sums were zero: the kept entries moved to their places.
            return self.pack_product(cols, [&slots, &kept], &indices, &data, sorted, what);
        }
        Ok(self.product([indices, indptr], data, cols, sorted))
    }

    /// The result of a product with `cols` columns, `[indices, indptr]` and `data`: its
    /// columns distinct in every row, so canonical exactly when `sorted` (every row's columns
    /// increasing), as SciPy's flags, which it computes from the content.
    pub(crate) fn product(
        &self,
        [indices, indptr]: [Array<I>; 2],
        data: Array<T>,
        cols: usize,
        sorted: bool,
    ) -> Self {
        Compressed {
            data,
            indices,
            indptr,
            majors: self.majors,
            minor: cols,
            sorted,
            canonical: sorted,
        }
    }
}
