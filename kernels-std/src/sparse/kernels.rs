//! The raw kernels of `sparse`: one thread per line (a row of CSR, a column of CSC), per
//! stored entry, or per output element; no barrier and no atomic on data, so each output is
//! summed by one thread in storage order (SciPy's order) on both backends.
//!
//! The kernels with arithmetic on the data are written once in [`arith_kernels!`] and stamped
//! for the generic number dtypes (`T: Num`) and for `c64` and `c128`, whose `+` and `*` the
//! generic bound does not offer. Sums start from a `zero` argument (the host's
//! `T::default()`), so no kernel spells a literal of a generic type.

use crate::prelude::*;

/// The work item of global thread `g` in a launch of `launch_items` (`crate::scan::rows`):
/// `g / spread` when `g` is a multiple of `spread` and that is below `items`, else `items`
/// (the thread has none and returns).
#[device_fn]
pub fn spread_item(g: u64, spread: u64, items: u64) -> u64 {
    let item = g / spread;
    if g % spread != 0 || item > items {
        items
    } else {
        item
    }
}

/// Checks a compressed array, one thread per line `m < majors`: `flags[0]` counts lines whose
/// pointers step down or leave `[0, nnz]` (and, from thread 0, a first pointer that is not 0),
/// `flags[1]` lines holding an index outside `[0, minor)`, `flags[2]` lines whose indices step
/// down (not sorted), `flags[3]` lines with two equal neighbouring indices (duplicates, when
/// sorted).
#[raw_kernel]
pub(crate) fn check_compressed<I: Int>(
    indptr: &[I],
    indices: &[I],
    flags: &mut [u32],
    majors: usize,
    minor: usize,
    nnz: usize,
) {
    let m = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if m == 0 && indptr[0].cast::<i64>() != 0 {
        atomic_add(&flags, 0, 1);
    }
    if m >= majors {
        return;
    }
    let start = indptr[m].cast::<i64>();
    let end = indptr[m + 1].cast::<i64>();
    if start < 0 || end < start || end > nnz as i64 {
        atomic_add(&flags, 0, 1);
        return;
    }
    let mut prev: i64 = -1;
    let mut out_of_range = false;
    let mut unsorted = false;
    let mut repeated = false;
    for j in (start as usize)..(end as usize) {
        let c = indices[j].cast::<i64>();
        if c < 0 || c >= minor as i64 {
            out_of_range = true;
        }
        if c < prev {
            unsorted = true;
        } else if c == prev {
            repeated = true;
        }
        prev = c;
    }
    if out_of_range {
        atomic_add(&flags, 1, 1);
    }
    if unsorted {
        atomic_add(&flags, 2, 1);
    }
    if repeated {
        atomic_add(&flags, 3, 1);
    }
}

/// Checks coordinates, one thread per entry: `flags[0]` counts rows outside `[0, rows)`,
/// `flags[1]` columns outside `[0, cols)`.
#[raw_kernel]
pub(crate) fn check_coords<I: Int>(
    row: &[I],
    col: &[I],
    flags: &mut [u32],
    rows: usize,
    cols: usize,
) {
    let i = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if i < row.len() {
        let r = row[i].cast::<i64>();
        if r < 0 || r >= rows as i64 {
            atomic_add(&flags, 0, 1);
        }
        let c = col[i].cast::<i64>();
        if c < 0 || c >= cols as i64 {
            atomic_add(&flags, 1, 1);
        }
    }
}

/// `major[j] = m` for every entry `j` of line `m` (CSR to COO rows), one thread per line.
#[raw_kernel]
pub(crate) fn expand_majors<I: Int>(indptr: &[I], major: &mut [I], majors: usize) {
    let m = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if m < majors {
        let start = indptr[m].cast::<u64>() as usize;
        let end = indptr[m + 1].cast::<u64>() as usize;
        let v = (m as i64).cast::<I>();
        for j in start..end {
            major[j] = v;
        }
    }
}

/// `indptr[r]`: the first position of sorted `major` holding a value `>= r` (a lower bound
/// by bisection), one thread per `r <= majors`.
#[raw_kernel]
pub(crate) fn line_starts<I: Int>(major: &[I], indptr: &mut [I], majors: usize) {
    let r = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if r <= majors {
        let mut lo: usize = 0;
        let mut hi: usize = major.len();
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if major[mid].cast::<i64>() < r as i64 {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        indptr[r] = (lo as i64).cast::<I>();
    }
}

/// The pointers after dropping entries: `out[r]` is how many kept entries precede
/// `indptr[r]`, from the inclusive scan `scanned` of the keep flags.
#[raw_kernel]
pub(crate) fn kept_pointers<I: Int>(indptr: &[I], scanned: &[i64], out: &mut [I]) {
    let r = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if r < out.len() {
        let p = indptr[r].cast::<u64>() as usize;
        let mut kept: i64 = 0;
        if p > 0 {
            kept = scanned[p - 1];
        }
        out[r] = kept.cast::<I>();
    }
}

/// The row and column of each flat position of a `[rows, cols]` matrix in C order.
#[raw_kernel]
pub(crate) fn unravel<I: Int>(flat: &[i64], row: &mut [I], col: &mut [I], cols: usize) {
    let i = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if i < flat.len() {
        let p = flat[i] as u64 as usize;
        row[i] = ((p / cols) as i64).cast::<I>();
        col[i] = ((p % cols) as i64).cast::<I>();
    }
}

/// The CSR arrays of `eye(rows, cols, k)`, one thread per row: the diagonal starts at row
/// `r0` and has `len` entries, each `one`.
#[raw_kernel]
#[allow(clippy::too_many_arguments)]
pub(crate) fn eye_parts<T: DType, I: Int>(
    indptr: &mut [I],
    indices: &mut [I],
    data: &mut [T],
    one: T,
    rows: usize,
    r0: usize,
    len: usize,
    k: i64,
) {
    let r = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if r < rows {
        if r == 0 {
            indptr[0] = (0i64).cast::<I>();
        }
        let mut before: usize = 0;
        if r + 1 > r0 {
            before = (r + 1 - r0).min(len);
        }
        indptr[r + 1] = (before as i64).cast::<I>();
        if r >= r0 && r - r0 < len {
            indices[r - r0] = (r as i64 + k).cast::<I>();
            data[r - r0] = one;
        }
    }
}

/// Entries `base..base + len` of COO arrays from one diagonal: entry `i` is `v[i]` (`v[0]`
/// when `v` has one element) at row `r0 + i`, column `c0 + i`.
#[raw_kernel]
#[allow(clippy::too_many_arguments)]
pub(crate) fn diagonal_entries<T: DType, I: Int>(
    v: &[T],
    row: &mut [I],
    col: &mut [I],
    data: &mut [T],
    base: usize,
    len: usize,
    r0: usize,
    c0: usize,
) {
    let i = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if i < len {
        let mut src = i;
        if v.len() == 1 {
            src = 0;
        }
        row[base + i] = ((r0 + i) as i64).cast::<I>();
        col[base + i] = ((c0 + i) as i64).cast::<I>();
        data[base + i] = v[src];
    }
}

/// The kernels with arithmetic on the data, stamped per element type: the generic `T: Num`
/// ones and one set per complex dtype (names given, so that every instantiation's CUDA name
/// is its own).
macro_rules! arith_kernels {
    ([$($g:tt)*] $t:ty: $segment_sums:ident, $group_sums:ident, $to_dense:ident, $spmv:ident,
     $spmm:ident, $diagonal:ident, $merge:ident, $expand:ident, $reduce:ident,
     $lines:ident) => {
        /// `out[s]`: the sum of `data[ptr[s]..ptr[s + 1]]` in order, one thread per segment
        /// (the sums of rows, or of groups of duplicates).
        #[raw_kernel]
        pub(crate) fn $segment_sums<$($g)*>(data: &[$t], ptr: &[P], out: &mut [$t], zero: $t) {
            let s = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
            if s < out.len() {
                let mut acc = zero;
                let start = ptr[s].cast::<u64>() as usize;
                let end = ptr[s + 1].cast::<u64>() as usize;
                for j in start..end {
                    acc = acc + data[j];
                }
                out[s] = acc;
            }
        }

        /// Sorted lines with each group of equal minor indices summed into one entry
        /// (SciPy's `csr_sum_duplicates`: the group's values added in storage order to its
        /// first). Line `m`'s groups go to `out_minor`/`out_data` from `scanned[m - 1]` (0
        /// for line 0; `scanned` the inclusive scan of the lines' counts of distinct
        /// indices), and `out_ptr[m + 1] = scanned[m]` (`out_ptr[0] = 0` from line 0's
        /// thread). Thread `item * spread` does the lines `item * per_thread ..`
        /// (`per_thread` of them).
        #[raw_kernel]
        #[allow(clippy::too_many_arguments)]
        pub(crate) fn $group_sums<$($g)*>(
            indptr: &[P],
            minor: &[P],
            data: &[$t],
            scanned: &[i64],
            out_ptr: &mut [P],
            out_minor: &mut [P],
            out_data: &mut [$t],
            per_thread: usize,
            spread: usize,
        ) {
            let g = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
            if g % spread != 0 {
                return;
            }
            let majors = scanned.len();
            let first = (g / spread) * per_thread;
            let last = (first + per_thread).min(majors);
            if first == 0 && majors > 0 {
                let origin: i64 = 0;
                out_ptr[0] = origin.cast::<P>();
            }
            for m in first..last {
                let mut pos: usize = 0;
                if m > 0 {
                    pos = scanned[m - 1] as u64 as usize;
                }
                let e = indptr[m + 1].cast::<u64>() as usize;
                let mut j = indptr[m].cast::<u64>() as usize;
                while j < e {
                    let c = minor[j];
                    let mut acc = data[j];
                    j += 1;
                    while j < e && minor[j] == c {
                        acc = acc + data[j];
                        j += 1;
                    }
                    out_minor[pos] = c;
                    out_data[pos] = acc;
                    pos += 1;
                }
                out_ptr[m + 1] = scanned[m].cast::<P>();
            }
        }

        /// Adds the entries of line `m` into the dense C-contiguous `out`, at
        /// `m * major_stride + index * minor_stride`, one thread per line (duplicates summed
        /// in order).
        #[raw_kernel]
        #[allow(clippy::too_many_arguments)]
        pub(crate) fn $to_dense<$($g)*>(
            indptr: &[P],
            indices: &[P],
            data: &[$t],
            out: &mut [$t],
            majors: usize,
            major_stride: usize,
            minor_stride: usize,
        ) {
            let m = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
            if m < majors {
                let start = indptr[m].cast::<u64>() as usize;
                let end = indptr[m + 1].cast::<u64>() as usize;
                for j in start..end {
                    let at = m * major_stride + indices[j].cast::<u64>() as usize * minor_stride;
                    out[at] = out[at] + data[j];
                }
            }
        }

        /// `y[r] = sum_j data[j] * x[indices[j]]` over the entries of row `r` in order
        /// (SciPy's `csr_matvec`). Thread `item * spread` does a run of rows: with
        /// `parts == 0`, the rows `item * per_thread ..` (`per_thread` of them: one row per
        /// thread on a GPU); else run `item` of `parts` runs of equal work, a row weighing its
        /// entries plus one (the CPU: rows of very different lengths, see
        /// [`launch_items`](crate::scan::rows::launch_items)). Run `item` starts at the first
        /// row `r` with `indptr[r] + r >= item * (nnz + rows) / parts`, found by a binary
        /// search of `indptr`.
        #[raw_kernel]
        #[allow(clippy::too_many_arguments)]
        pub(crate) fn $spmv<$($g)*>(
            indptr: &[P],
            indices: &[P],
            data: &[$t],
            x: &[$t],
            y: &mut [$t],
            zero: $t,
            per_thread: usize,
            spread: usize,
            parts: usize,
        ) {
            let g = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
            if g % spread != 0 {
                return;
            }
            let item = g / spread;
            let rows = y.len();
            let mut first = item * per_thread;
            let mut last = (first + per_thread).min(rows);
            if parts > 0 {
                let work = indptr[rows].cast::<u64>() as usize + rows;
                let mut k: usize = 0;
                while k < 2 {
                    let target = (item + k) * work / parts;
                    let mut lo: usize = 0;
                    let mut hi = rows;
                    while lo < hi {
                        let mid = (lo + hi) / 2;
                        if indptr[mid].cast::<u64>() as usize + mid < target {
                            lo = mid + 1;
                        } else {
                            hi = mid;
                        }
                    }
                    if k == 0 {
                        first = lo;
                    } else {
                        last = lo;
                    }
                    k += 1;
                }
            }
            for r in first..last {
                let mut acc = zero;
                let start = indptr[r].cast::<u64>() as usize;
                let end = indptr[r + 1].cast::<u64>() as usize;
                for j in start..end {
                    acc = acc + data[j] * x[indices[j].cast::<u64>() as usize];
                }
                y[r] = acc;
            }
        }

        /// `y[r, c] = sum_j data[j] * b[indices[j], c]` for `b` of `k` columns (SciPy's
        /// `csr_matvecs`, same order per element), one thread per element of `y`.
        #[raw_kernel]
        #[allow(clippy::too_many_arguments)]
        pub(crate) fn $spmm<$($g)*>(
            indptr: &[P],
            indices: &[P],
            data: &[$t],
            b: &[$t],
            y: &mut [$t],
            zero: $t,
            k: usize,
        ) {
            let o = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
            if o < y.len() {
                let r = o / k;
                let c = o % k;
                let mut acc = zero;
                let start = indptr[r].cast::<u64>() as usize;
                let end = indptr[r + 1].cast::<u64>() as usize;
                for j in start..end {
                    acc = acc + data[j] * b[indices[j].cast::<u64>() as usize * k + c];
                }
                y[o] = acc;
            }
        }

        /// `out[i]`: the sum of the entries at row `r0 + i`, column `c0 + i` (duplicates
        /// included), one thread per element of the diagonal.
        #[raw_kernel]
        pub(crate) fn $diagonal<$($g)*>(
            indptr: &[P],
            indices: &[P],
            data: &[$t],
            out: &mut [$t],
            zero: $t,
            r0: usize,
            c0: usize,
        ) {
            let i = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
            if i < out.len() {
                let r = r0 + i;
                let c = (c0 + i) as i64;
                let mut acc = zero;
                let start = indptr[r].cast::<u64>() as usize;
                let end = indptr[r + 1].cast::<u64>() as usize;
                for j in start..end {
                    if indices[j].cast::<i64>() == c {
                        acc = acc + data[j];
                    }
                }
                out[i] = acc;
            }
        }

        /// Merges line `m` of two canonical compressed arrays of `minor` positions, one
        /// thread per line: each position stored in either gives `a op b` (`op` 0: `+`, 1:
        /// `-`, 2: `*`; a missing side is `zero`, as SciPy's `csr_binop_csr_canonical`), kept
        /// when nonzero. `fill` 0: `counts[m]` is the number kept; `fill` 1: the kept
        /// entries are written from `scanned[m - 1]` (0 for the first line), `scanned` being
        /// the inclusive scan of the counts.
        #[raw_kernel]
        #[allow(clippy::too_many_arguments)]
        pub(crate) fn $merge<$($g)*>(
            a_ptr: &[P],
            a_idx: &[P],
            a_data: &[$t],
            b_ptr: &[P],
            b_idx: &[P],
            b_data: &[$t],
            scanned: &[i64],
            counts: &mut [i64],
            out_idx: &mut [P],
            out_data: &mut [$t],
            zero: $t,
            op: u32,
            fill: u32,
            majors: usize,
            minor: usize,
        ) {
            let m = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
            if m < majors {
                let mut i = a_ptr[m].cast::<u64>() as usize;
                let a_end = a_ptr[m + 1].cast::<u64>() as usize;
                let mut j = b_ptr[m].cast::<u64>() as usize;
                let b_end = b_ptr[m + 1].cast::<u64>() as usize;
                let mut pos: usize = 0;
                if fill == 1 && m > 0 {
                    pos = scanned[m - 1] as u64 as usize;
                }
                let first = pos;
                while i < a_end || j < b_end {
                    let mut ca = minor as i64;
                    if i < a_end {
                        ca = a_idx[i].cast::<i64>();
                    }
                    let mut cb = minor as i64;
                    if j < b_end {
                        cb = b_idx[j].cast::<i64>();
                    }
                    let mut x = zero;
                    let mut y = zero;
                    let mut col = ca;
                    if ca <= cb {
                        x = a_data[i];
                        i += 1;
                    }
                    if cb <= ca {
                        y = b_data[j];
                        col = cb;
                        j += 1;
                    }
                    let mut v = x * y;
                    if op == 0 {
                        v = x + y;
                    } else if op == 1 {
                        v = x - y;
                    }
                    if v != zero {
                        if fill == 1 {
                            out_idx[pos] = col.cast::<P>();
                            out_data[pos] = v;
                        }
                        pos += 1;
                    }
                }
                if fill == 0 {
                    counts[m] = (pos - first) as i64;
                }
            }
        }

        /// Sums the runs of equal minor indices of each line's products sorted stably by
        /// minor index (line `m`: `scanned[m - 1]..scanned[m]`, 0 for the first line;
        /// `order[j]` the place before the sort of the `j`-th) in order from `zero`, one
        /// thread per line, and lists the sums in SciPy's order (`csr_matmat`'s: the reverse
        /// of the indices' first appearance): each run's index and sum go to the slot of
        /// `out_idx`/`out_data` mirrored from its first product's place in the line (the
        /// other slots marked -1), then the nonzero sums are packed at the front of the
        /// line's slots, `kept[m]` their number. A line whose indices do not increase adds
        /// 1 to `flags[0]`.
        #[raw_kernel]
        #[allow(clippy::too_many_arguments)]
        pub(crate) fn $reduce<$($g)*>(
            scanned: &[i64],
            minor: &[P],
            data: &[$t],
            order: &[i64],
            out_idx: &mut [P],
            out_data: &mut [$t],
            kept: &mut [i64],
            flags: &mut [u32],
            zero: $t,
            majors: usize,
        ) {
            let m = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
            if m < majors {
                let mut start: usize = 0;
                if m > 0 {
                    start = scanned[m - 1] as u64 as usize;
                }
                let end = scanned[m] as u64 as usize;
                let none = (-1i64).cast::<P>();
                for j in start..end {
                    out_idx[j] = none;
                }
                let mut j = start;
                while j < end {
                    let c = minor[j];
                    let at = start + end - 1 - order[j] as u64 as usize;
                    let mut acc = zero;
                    while j < end && minor[j] == c {
                        acc = acc + data[j];
                        j += 1;
                    }
                    if acc != zero {
                        out_idx[at] = c;
                        out_data[at] = acc;
                    }
                }
                let mut pos = start;
                let mut prev: i64 = -1;
                let mut unsorted = false;
                for j in start..end {
                    let c = out_idx[j];
                    if c != none {
                        let ci = c.cast::<i64>();
                        if ci < prev {
                            unsorted = true;
                        }
                        prev = ci;
                        out_idx[pos] = c;
                        out_data[pos] = out_data[j];
                        pos += 1;
                    }
                }
                kept[m] = (pos - start) as i64;
                if unsorted {
                    atomic_add(&flags, 0, 1);
                }
            }
        }

        /// SpGEMM's line `m` in one thread, in its own slots `scanned[m - 1]..scanned[m]` of
        /// `minor`/`data` (0 for the first line): the products of the line's entries with
        /// the lines of `b` written in SciPy's order (as [`spgemm_expand`]), then added in
        /// that order into one sum per minor index (from `zero`), the indices listed at the
        /// front of the slots as they first appear (a linear search of the list), the list
        /// reversed into SciPy's order (`csr_matmat`'s linked list) and the nonzero sums
        /// packed at the front of the slots; `kept[m]` is their number. A line whose indices
        /// do not increase adds 1 to `flags[1]`. A line of more than `limit` products is
        /// only written (`kept[m] = -1`) and counted in `flags[0]`: the caller then takes the
        /// global-sort path.
        #[raw_kernel]
        #[allow(clippy::too_many_arguments)]
        pub(crate) fn $lines<$($g)*>(
            a_ptr: &[P],
            a_idx: &[P],
            a_data: &[$t],
            b_ptr: &[P],
            b_idx: &[P],
            b_data: &[$t],
            scanned: &[i64],
            minor: &mut [P],
            data: &mut [$t],
            kept: &mut [i64],
            flags: &mut [u32],
            zero: $t,
            limit: usize,
            majors: usize,
        ) {
            let m = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
            if m < majors {
                let mut first: usize = 0;
                if m > 0 {
                    first = scanned[m - 1] as u64 as usize;
                }
                let end = scanned[m] as u64 as usize;
                let mut pos = first;
                let start = a_ptr[m].cast::<u64>() as usize;
                let stop = a_ptr[m + 1].cast::<u64>() as usize;
                for j in start..stop {
                    let k = a_idx[j].cast::<u64>() as usize;
                    let av = a_data[j];
                    let b_start = b_ptr[k].cast::<u64>() as usize;
                    let b_end = b_ptr[k + 1].cast::<u64>() as usize;
                    for l in b_start..b_end {
                        minor[pos] = b_idx[l];
                        data[pos] = av * b_data[l];
                        pos += 1;
                    }
                }
                if end - first > limit {
                    kept[m] = -1;
                    atomic_add(&flags, 0, 1);
                    return;
                }
                // The list `first..d` never passes the product read, `j`.
                let mut d = first;
                for j in first..end {
                    let c = minor[j];
                    let v = data[j];
                    let mut p = first;
                    while p < d && minor[p] != c {
                        p += 1;
                    }
                    if p < d {
                        data[p] = data[p] + v;
                    } else {
                        minor[d] = c;
                        data[d] = zero + v;
                        d += 1;
                    }
                }
                let mut lo = first;
                let mut hi = d;
                while lo + 1 < hi {
                    hi -= 1;
                    let c = minor[lo];
                    let v = data[lo];
                    minor[lo] = minor[hi];
                    data[lo] = data[hi];
                    minor[hi] = c;
                    data[hi] = v;
                    lo += 1;
                }
                let mut out = first;
                let mut prev: i64 = -1;
                let mut unsorted = false;
                for j in first..d {
                    let v = data[j];
                    if v != zero {
                        let c = minor[j];
                        let ci = c.cast::<i64>();
                        if ci < prev {
                            unsorted = true;
                        }
                        prev = ci;
                        minor[out] = c;
                        data[out] = v;
                        out += 1;
                    }
                }
                kept[m] = (out - first) as i64;
                if unsorted {
                    atomic_add(&flags, 1, 1);
                }
            }
        }

        /// The products of line `m` of `a` with the lines of `b` (SpGEMM's expansion), one
        /// thread per line of `a`: for each entry `(k, a_v)` of the line in storage order and
        /// each entry `(c, b_v)` of line `k` of `b` in storage order, `(m, c, a_v * b_v)` is
        /// written from `scanned[m - 1]` (0 for the first line), SciPy's `csr_matmat` order.
        #[raw_kernel]
        #[allow(clippy::too_many_arguments)]
        pub(crate) fn $expand<$($g)*>(
            a_ptr: &[P],
            a_idx: &[P],
            a_data: &[$t],
            b_ptr: &[P],
            b_idx: &[P],
            b_data: &[$t],
            scanned: &[i64],
            out_major: &mut [P],
            out_minor: &mut [P],
            out_data: &mut [$t],
            majors: usize,
        ) {
            let m = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
            if m < majors {
                let mut pos: usize = 0;
                if m > 0 {
                    pos = scanned[m - 1] as u64 as usize;
                }
                let line = (m as i64).cast::<P>();
                let start = a_ptr[m].cast::<u64>() as usize;
                let end = a_ptr[m + 1].cast::<u64>() as usize;
                for j in start..end {
                    let k = a_idx[j].cast::<u64>() as usize;
                    let av = a_data[j];
                    let b_start = b_ptr[k].cast::<u64>() as usize;
                    let b_end = b_ptr[k + 1].cast::<u64>() as usize;
                    for l in b_start..b_end {
                        out_major[pos] = line;
                        out_minor[pos] = b_idx[l];
                        out_data[pos] = av * b_data[l];
                        pos += 1;
                    }
                }
            }
        }
    };
}

arith_kernels!([T: Num, P: Int] T: segment_sums, group_sums, to_dense, spmv, spmm, diagonal,
    merge_lines, spgemm_expand, spgemm_reduce, spgemm_lines);
arith_kernels!([P: Int] c64: segment_sums_c64, group_sums_c64, to_dense_c64, spmv_c64,
    spmm_c64, diagonal_c64, merge_lines_c64, spgemm_expand_c64, spgemm_reduce_c64,
    spgemm_lines_c64);
arith_kernels!([P: Int] c128: segment_sums_c128, group_sums_c128, to_dense_c128, spmv_c128,
    spmm_c128, diagonal_c128, merge_lines_c128, spgemm_expand_c128, spgemm_reduce_c128,
    spgemm_lines_c128);

/// Moves the `kept[m]` entries packed at the front of line `m`'s slots (from
/// `scanned[m - 1]`) to the line's place in the result (from `out_scanned[m - 1]`), one
/// thread per line (SpGEMM's last pass).
#[raw_kernel]
#[allow(clippy::too_many_arguments)]
pub(crate) fn spgemm_pack<T: DType, P: Int>(
    scanned: &[i64],
    kept: &[i64],
    out_scanned: &[i64],
    minor: &[P],
    data: &[T],
    out_idx: &mut [P],
    out_data: &mut [T],
) {
    let m = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if m < kept.len() {
        let mut src: usize = 0;
        let mut dst: usize = 0;
        if m > 0 {
            src = scanned[m - 1] as u64 as usize;
            dst = out_scanned[m - 1] as u64 as usize;
        }
        let n = kept[m] as u64 as usize;
        for j in 0..n {
            out_idx[dst + j] = minor[src + j];
            out_data[dst + j] = data[src + j];
        }
    }
}

/// `counts[m]`: the number of products of line `m` of `a` with the lines of `b` (the sum of
/// the lengths of the lines of `b` its entries name), thread `t` for the lines
/// `t * per..(t + 1) * per` (one line per thread on a GPU; on the CPU a run of lines, so that
/// the emulator's cost per thread is paid once per run, not once per line of a few entries).
#[raw_kernel]
pub(crate) fn spgemm_count<I: Int>(
    a_ptr: &[I],
    a_idx: &[I],
    b_ptr: &[I],
    counts: &mut [i64],
    per: usize,
) {
    let t = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    let first = t * per;
    let mut last = first + per;
    if last > counts.len() {
        last = counts.len();
    }
    for m in first..last {
        let start = a_ptr[m].cast::<u64>() as usize;
        let end = a_ptr[m + 1].cast::<u64>() as usize;
        let mut n: i64 = 0;
        for j in start..end {
            let k = a_idx[j].cast::<u64>() as usize;
            n += b_ptr[k + 1].cast::<i64>() - b_ptr[k].cast::<i64>();
        }
        counts[m] = n;
    }
}

/// Pointers from the inclusive scan of per-line counts: `indptr[0] = 0`,
/// `indptr[m + 1] = scanned[m]`.
#[raw_kernel]
pub(crate) fn pointers_from_scan<I: Int>(scanned: &[i64], indptr: &mut [I]) {
    let r = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if r < indptr.len() {
        let mut v: i64 = 0;
        if r > 0 {
            v = scanned[r - 1];
        }
        indptr[r] = v.cast::<I>();
    }
}

/// `flat[j] = row[j] * cols + col[j]`: the C-order positions of coordinates.
#[raw_kernel]
pub(crate) fn flat_positions<I: Int>(row: &[I], col: &[I], flat: &mut [i64], cols: usize) {
    let j = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if j < flat.len() {
        flat[j] = row[j].cast::<i64>() * cols as i64 + col[j].cast::<i64>();
    }
}

/// `flags[j]`: 1 when entry `j` lies on or below the `k`-th diagonal (`upper` 0: `row + k >=
/// col`, SciPy's `tril`) or on or above it (`upper` 1: `row + k <= col`, `triu`), else 0.
#[raw_kernel]
pub(crate) fn triangle_flags<I: Int>(row: &[I], col: &[I], flags: &mut [i64], k: i64, upper: u32) {
    let j = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if j < flags.len() {
        let d = row[j].cast::<i64>() + k - col[j].cast::<i64>();
        let mut keep = d >= 0;
        if upper == 1 {
            keep = d <= 0;
        }
        let mut f: i64 = 0;
        if keep {
            f = 1;
        }
        flags[j] = f;
    }
}

/// The coordinates of `kron(a, b)` in SciPy's order, one thread per output entry
/// `p = i * nb + j` (entry `i` of `a` times entry `j` of `b`): row `a_row[i] * b_rows +
/// b_row[j]`, column `a_col[i] * b_cols + b_col[j]`; `ia[p] = i` and `ib[p] = j` name the
/// values to multiply.
#[raw_kernel]
#[allow(clippy::too_many_arguments)]
pub(crate) fn kron_coords<I: Int>(
    a_row: &[I],
    a_col: &[I],
    b_row: &[I],
    b_col: &[I],
    row: &mut [I],
    col: &mut [I],
    ia: &mut [i64],
    ib: &mut [i64],
    b_rows: usize,
    b_cols: usize,
) {
    let p = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if p < row.len() {
        let nb = b_row.len();
        let i = p / nb;
        let j = p % nb;
        row[p] = (a_row[i].cast::<i64>() * b_rows as i64 + b_row[j].cast::<i64>()).cast::<I>();
        col[p] = (a_col[i].cast::<i64>() * b_cols as i64 + b_col[j].cast::<i64>()).cast::<I>();
        ia[p] = i as i64;
        ib[p] = j as i64;
    }
}

/// Copies the entries of one block into COO arrays from `base`, its coordinates moved by
/// `(row_off, col_off)` (`hstack`, `vstack`).
#[raw_kernel]
#[allow(clippy::too_many_arguments)]
pub(crate) fn place_entries<T: DType, I: Int>(
    row: &[I],
    col: &[I],
    data: &[T],
    out_row: &mut [I],
    out_col: &mut [I],
    out_data: &mut [T],
    base: usize,
    row_off: usize,
    col_off: usize,
) {
    let j = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if j < row.len() {
        out_row[base + j] = (row[j].cast::<i64>() + row_off as i64).cast::<I>();
        out_col[base + j] = (col[j].cast::<i64>() + col_off as i64).cast::<I>();
        out_data[base + j] = data[j];
    }
}

/// The counting sort's histogram: `counts[(major[j] >> shift) * line_stride + c *
/// chunk_stride]` counts the entries `j` of chunk `c` (the `c`-th of `chunks` equal slices of
/// the entries) in line `major[j]` (`shift` 0) or in the block of `2^shift` lines holding it
/// ([`bucket_scatter`]). One thread per chunk (thread `c * spread`), so each count is written
/// by one thread: no atomics. The layout `[majors, chunks]` (strides `chunks, 1`) makes the
/// scan of all counts the place of each line's entries of each chunk; `[chunks, blocks]`
/// (strides `1, blocks`) keeps each chunk's counts apart from the others' (a cache line
/// shared by two threads that both write it at random would move between their cores on
/// nearly every write).
#[raw_kernel]
#[allow(clippy::too_many_arguments)]
pub(crate) fn chunk_histogram<I: Int>(
    major: &[I],
    counts: &mut [I],
    chunks: usize,
    spread: usize,
    shift: u32,
    line_stride: usize,
    chunk_stride: usize,
) {
    let g = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if g % spread != 0 {
        return;
    }
    let c = g / spread;
    if c >= chunks {
        return;
    }
    let n = major.len();
    let start = c * n / chunks;
    let end = (c + 1) * n / chunks;
    for j in start..end {
        let at = (major[j].cast::<u64>() >> shift) as usize * line_stride + c * chunk_stride;
        counts[at] = (counts[at].cast::<i64>() + 1).cast::<I>();
    }
}

/// The counting sort's stable scatter: chunk `c` (as [`chunk_histogram`]) walks its entries
/// in storage order and writes entry `j` of line `m` to the next slot of its run,
/// `next[m * chunks + c]` (the run's first slot, from [`chunk_starts`]), which it then
/// advances. Entries of one line keep their storage order. One array of the index type is
/// read and written at random per entry (SciPy's `coo_tocsr` walks one too).
#[raw_kernel]
#[allow(clippy::too_many_arguments)]
pub(crate) fn chunk_scatter<T: DType, I: Int>(
    major: &[I],
    minor: &[I],
    data: &[T],
    next: &mut [I],
    out_minor: &mut [I],
    out_data: &mut [T],
    chunks: usize,
    spread: usize,
) {
    let g = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    let item: u64 = spread_item(g as u64, spread as u64, chunks as u64);
    let c = item as usize;
    if c >= chunks {
        return;
    }
    let n = major.len();
    let start = c * n / chunks;
    let end = (c + 1) * n / chunks;
    for j in start..end {
        let at = major[j].cast::<u64>() as usize * chunks + c;
        let pos = next[at].cast::<i64>();
        next[at] = (pos + 1).cast::<I>();
        out_minor[pos as u64 as usize] = minor[j];
        out_data[pos as u64 as usize] = data[j];
    }
}

/// The first pass of the two-level counting sort ([`bucket_rows`] is the second): as
/// [`chunk_scatter`], but by blocks of `2^shift` lines, with the runs' next slots laid out
/// `[chunks, blocks]` (`next[c * blocks + (major[j] >> shift)]`: each chunk's cursors apart
/// from the others', see [`chunk_histogram`]), and the major index travels with the entry.
/// Each chunk appends to one run per block, so its writes go to a few thousand places at a
/// time, all in cache, where a scatter by line writes anywhere in the output.
#[raw_kernel]
#[allow(clippy::too_many_arguments)]
pub(crate) fn bucket_scatter<T: DType, I: Int>(
    major: &[I],
    minor: &[I],
    data: &[T],
    next: &mut [I],
    out_major: &mut [I],
    out_minor: &mut [I],
    out_data: &mut [T],
    chunks: usize,
    spread: usize,
    shift: u32,
) {
    let g = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    let item: u64 = spread_item(g as u64, spread as u64, chunks as u64);
    let c = item as usize;
    if c >= chunks {
        return;
    }
    let n = major.len();
    let blocks = next.len() / chunks;
    let start = c * n / chunks;
    let end = (c + 1) * n / chunks;
    for j in start..end {
        let at = c * blocks + (major[j].cast::<u64>() >> shift) as usize;
        let pos = next[at].cast::<i64>() as u64 as usize;
        next[at] = (pos as i64 + 1).cast::<I>();
        out_major[pos] = major[j];
        out_minor[pos] = minor[j];
        out_data[pos] = data[j];
    }
}

/// The second pass of the two-level counting sort: block `b` (lines `b * 2^shift ..`, its
/// entries `starts[b]..starts[b + 1]` of `major`/`minor`/`data` in storage order, from
/// [`bucket_scatter`]) counts its entries per line in `next`, writes its lines' pointers
/// `indptr` (and `indptr[majors]` from the last block), and scatters its entries to their
/// lines in order: a stable counting sort whose writes stay inside the block's part of the
/// output. One thread per block (thread `b * spread`).
#[raw_kernel]
#[allow(clippy::too_many_arguments)]
pub(crate) fn bucket_rows<T: DType, I: Int>(
    starts: &[I],
    major: &[I],
    minor: &[I],
    data: &[T],
    indptr: &mut [I],
    next: &mut [I],
    out_minor: &mut [I],
    out_data: &mut [T],
    spread: usize,
    shift: u32,
) {
    let g = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    let blocks = starts.len() - 1;
    let item: u64 = spread_item(g as u64, spread as u64, blocks as u64);
    let b = item as usize;
    if b >= blocks {
        return;
    }
    let majors = next.len();
    let first = b << shift;
    let last = ((b + 1) << shift).min(majors);
    let lo = starts[b].cast::<i64>() as u64 as usize;
    let hi = starts[b + 1].cast::<i64>() as u64 as usize;
    for r in first..last {
        next[r] = (0i64).cast::<I>();
    }
    for j in lo..hi {
        let r = major[j].cast::<u64>() as usize;
        next[r] = (next[r].cast::<i64>() + 1).cast::<I>();
    }
    let mut at = lo as i64;
    for r in first..last {
        let count = next[r].cast::<i64>();
        indptr[r] = at.cast::<I>();
        next[r] = at.cast::<I>();
        at += count;
    }
    if b + 1 == blocks {
        indptr[majors] = at.cast::<I>();
    }
    for j in lo..hi {
        let r = major[j].cast::<u64>() as usize;
        let pos = next[r].cast::<i64>() as u64 as usize;
        next[r] = (pos as i64 + 1).cast::<I>();
        out_minor[pos] = minor[j];
        out_data[pos] = data[j];
    }
}

/// From the `[majors, chunks]` counts and their inclusive scan, one thread per line `r`
/// (`r <= majors`): the line pointer `indptr[r]` (0, then `scanned[r * chunks - 1]`) and,
/// for `r < majors`, the first slot of each of the line's runs written over its count,
/// `counts[r * chunks + c] = scanned[r * chunks + c] - counts[r * chunks + c]`.
#[raw_kernel]
pub(crate) fn chunk_starts<I: Int>(
    scanned: &[I],
    counts: &mut [I],
    indptr: &mut [I],
    chunks: usize,
) {
    let r = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if r < indptr.len() {
        let mut v: i64 = 0;
        if r > 0 {
            v = scanned[r * chunks - 1].cast::<i64>();
        }
        indptr[r] = v.cast::<I>();
        if r + 1 < indptr.len() {
            for c in 0..chunks {
                let at = r * chunks + c;
                counts[at] = (scanned[at].cast::<i64>() - counts[at].cast::<i64>()).cast::<I>();
            }
        }
    }
}

/// Sorts each line's entries by minor index, stably (equal indices keep their order), and
/// counts the distinct indices of the line into `kept[m]`. Thread `item * spread` does the
/// lines `item * per_thread ..` (`per_thread` of them).
///
/// `pass` 0 sorts the lines of at most `run` entries by insertion and counts the longer ones
/// in `flags[0]` (leaving them); `pass` 1 sorts only the longer ones: runs of `run` entries
/// by insertion, then bottom-up merges of runs of doubling width into `tmp_minor`/`tmp_data`
/// (the line's own slots there), each copied back.
#[raw_kernel]
#[allow(clippy::too_many_arguments)]
pub(crate) fn sort_lines<T: DType, I: Int>(
    indptr: &[I],
    minor: &mut [I],
    data: &mut [T],
    tmp_minor: &mut [I],
    tmp_data: &mut [T],
    kept: &mut [i64],
    flags: &mut [u32],
    run: usize,
    pass: u32,
    per_thread: usize,
    spread: usize,
) {
    let g = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if g % spread != 0 {
        return;
    }
    let first = (g / spread) * per_thread;
    let last = (first + per_thread).min(kept.len());
    for m in first..last {
        let s = indptr[m].cast::<u64>() as usize;
        let e = indptr[m + 1].cast::<u64>() as usize;
        let long = e - s > run;
        if pass == 0 && long {
            atomic_add(&flags, 0, 1);
            continue;
        }
        if pass == 1 && !long {
            continue;
        }
        let mut b = s;
        while b < e {
            let be = (b + run).min(e);
            for j in (b + 1)..be {
                let key = minor[j];
                let v = data[j];
                let mut p = j;
                while p > b && minor[p - 1] > key {
                    minor[p] = minor[p - 1];
                    data[p] = data[p - 1];
                    p -= 1;
                }
                minor[p] = key;
                data[p] = v;
            }
            b = be;
        }
        let mut width = run;
        while width < e - s {
            let mut lo = s;
            while lo < e {
                let mid = (lo + width).min(e);
                let hi = (lo + 2 * width).min(e);
                let mut i = lo;
                let mut j = mid;
                let mut o = lo;
                while o < hi {
                    let mut left = i < mid;
                    if left && j < hi {
                        left = minor[i] <= minor[j];
                    }
                    if left {
                        tmp_minor[o] = minor[i];
                        tmp_data[o] = data[i];
                        i += 1;
                    } else {
                        tmp_minor[o] = minor[j];
                        tmp_data[o] = data[j];
                        j += 1;
                    }
                    o += 1;
                }
                lo = hi;
            }
            for j in s..e {
                minor[j] = tmp_minor[j];
                data[j] = tmp_data[j];
            }
            width *= 2;
        }
        let mut distinct: i64 = 0;
        for j in s..e {
            if j == s || minor[j] != minor[j - 1] {
                distinct += 1;
            }
        }
        kept[m] = distinct;
    }
}
