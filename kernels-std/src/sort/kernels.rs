//! The raw kernels of the merge sort along rows.
//!
//! Rows are `[rows, n]`, C-contiguous, sorted with their positions (`i64`, for `argsort`;
//! with `track` false, as for `sort`, the positions are neither written nor read):
//!
//! 1. [`sort_runs`]: one thread per run of `run` elements: the positions are written
//!    (`0..n` along each row, when tracked) and the run is insertion-sorted in place;
//! 2. [`merge_runs`], once per doubling of the sorted width: each pair of neighbouring sorted
//!    runs of a row is merged into the other buffer. A thread writes a fixed segment of a row's
//!    output; where its segment starts inside a pair it finds by a binary search on the
//!    "merge path" (how many of the first outputs come from the left run), so every pass is
//!    parallel however long the runs have grown.
//!
//! The order is NumPy's: NaN after everything, `-0.0` equal to `0.0`; both steps are stable
//! (ties keep their order), so the positions are those of a stable `argsort`.

use crate::prelude::*;

/// Whether `a` sorts strictly before `b` in NumPy's order: `a < b`, or `b` is NaN and `a` is
/// not.
#[device_fn]
pub(crate) fn before<T: Num>(a: T, b: T) -> bool {
    a < b || (b != b && a == a)
}

/// Insertion-sorts each run of `run` elements of the rows, stably; with `track`, the
/// positions (`pos[i] = i` along a row) are written first and moved with the keys (without it
/// `pos` is not touched).
#[raw_kernel]
#[allow(clippy::too_many_arguments)]
pub(crate) fn sort_runs<T: Num>(
    keys: &mut [T],
    pos: &mut [i64],
    n: usize,
    run: usize,
    runs: usize,
    items: usize,
    spread: usize,
    track: bool,
) {
    let g = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if g % spread != 0 {
        return;
    }
    let item = g / spread;
    if item >= items {
        return;
    }
    let row_start = (item / runs) * n;
    let start = row_start + (item % runs) * run;
    let end = (start + run).min(row_start + n);
    if track {
        for i in start..end {
            pos[i] = (i - row_start) as i64;
        }
    }
    for i in start + 1..end {
        let k = keys[i];
        let mut j = i;
        while j > start && before::<T>(k, keys[j - 1]) {
            j -= 1;
        }
        if j < i {
            let mut p = 0;
            if track {
                p = pos[i];
            }
            let mut m = i;
            while m > j {
                keys[m] = keys[m - 1];
                if track {
                    pos[m] = pos[m - 1];
                }
                m -= 1;
            }
            keys[j] = k;
            if track {
                pos[j] = p;
            }
        }
    }
}

/// Merges each pair of neighbouring sorted runs of `width` elements of the rows of `keys`
/// (and, with `track`, of `pos`) into `out_keys` (`out_pos`). Thread `item` writes elements
/// `seg * s .. seg * (s + 1)` of row `r` (`s = item % segs`, `r = item / segs`), whatever
/// pairs they belong to.
#[raw_kernel]
#[allow(clippy::too_many_arguments)]
pub(crate) fn merge_runs<T: Num>(
    keys: &[T],
    pos: &[i64],
    out_keys: &mut [T],
    out_pos: &mut [i64],
    n: usize,
    width: usize,
    seg: usize,
    segs: usize,
    items: usize,
    spread: usize,
    track: bool,
) {
    let g = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if g % spread != 0 {
        return;
    }
    let item = g / spread;
    if item >= items {
        return;
    }
    let base = (item / segs) * n;
    let mut k = (item % segs) * seg;
    let end = (k + seg).min(n);
    while k < end {
        // The pair of runs holding output `k`: left `[a0, mid)`, right `[mid, b1)`.
        let a0 = k / (2 * width) * (2 * width);
        let mid = (a0 + width).min(n);
        let b1 = (a0 + 2 * width).min(n);
        let stop = base + end.min(b1);
        let d = k - a0;
        let (la, lb) = (mid - a0, b1 - mid);
        // The merge path: the smallest `i` (elements taken from the left run among the
        // first `d` outputs) such that the right run's `d - i - 1`-th element sorts
        // strictly before the left run's `i`-th.
        let mut lo = 0;
        if d > lb {
            lo = d - lb;
        }
        let mut hi = d.min(la);
        while lo < hi {
            let m = (lo + hi) / 2;
            if before::<T>(keys[base + mid + d - m - 1], keys[base + a0 + m]) {
                hi = m;
            } else {
                lo = m + 1;
            }
        }
        let mut i = base + a0 + lo;
        let mut j = base + mid + d - lo;
        let (i_end, j_end) = (base + mid, base + b1);
        let mut o = base + k;
        // Both runs left: branch-free steps (ties take the left run: stable).
        while o < stop && i < i_end && j < j_end {
            let (a, b) = (keys[i], keys[j]);
            let right = before::<T>(b, a);
            out_keys[o] = if right { b } else { a };
            if track {
                out_pos[o] = if right { pos[j] } else { pos[i] };
            }
            j += right as usize;
            i += 1 - right as usize;
            o += 1;
        }
        while o < stop && i < i_end {
            out_keys[o] = keys[i];
            if track {
                out_pos[o] = pos[i];
            }
            i += 1;
            o += 1;
        }
        while o < stop {
            out_keys[o] = keys[j];
            if track {
                out_pos[o] = pos[j];
            }
            j += 1;
            o += 1;
        }
        k = o - base;
    }
}
