//! The raw kernels of the merge sort along rows.
//!
//! Rows are `[rows, n]`, C-contiguous, sorted with their positions (`i64`, for `argsort`;
//! with `track` false, as for `sort`, the positions are neither written nor read):
//!
//! 1. [`sort_runs`]: one thread per run of `run` elements: the positions are written
//!    (`0..n` along each row, when tracked) and the run is insertion-sorted in place;
//! 2. [`merge_runs`]: each pair of neighbouring sorted runs of a row is merged into the other
//!    buffer, doubling the sorted width. A thread writes a fixed segment of a row's output;
//!    where its segment starts inside a pair it finds by a binary search on the "merge path"
//!    (how many of the first outputs come from the left run), so every pass is parallel
//!    however long the runs have grown. While the runs are shorter than a segment, one launch
//!    does several passes (each thread re-reads only its own segment): on the CPU, blocks of
//!    64 Ki elements are sorted while they sit in the cache, and only the longer merges go
//!    through memory once per pass.
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

/// Merges neighbouring sorted runs of the rows, `passes` times, each pass doubling the width
/// of the runs from `width`, between two buffers: keys (and, with `track`, positions) are read
/// from the `b` buffers when `from_b` (else from the `a` ones) and written to the others, which
/// swap roles at each pass. Thread `item` writes elements `seg * s .. seg * (s + 1)` of row
/// `r` (`s = item % segs`, `r = item / segs`), whatever pairs they belong to; more than one
/// pass per launch needs segments made of whole pairs at every width of the launch (`seg` a
/// multiple of twice the last width), so that a thread only reads what it wrote itself.
#[raw_kernel]
#[allow(clippy::too_many_arguments)]
pub(crate) fn merge_runs<T: Num>(
    keys_a: &mut [T],
    keys_b: &mut [T],
    pos_a: &mut [i64],
    pos_b: &mut [i64],
    n: usize,
    width: usize,
    passes: usize,
    seg: usize,
    segs: usize,
    items: usize,
    spread: usize,
    from_b: bool,
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
    let k0 = (item % segs) * seg;
    let end = (k0 + seg).min(n);
    for p in 0..passes {
        let w = width << p;
        let src_b = from_b != (p % 2 == 1);
        let mut k = k0;
        while k < end {
            // The pair of runs holding output `k`: left `[a0, mid)`, right `[mid, b1)`.
            let a0 = k / (2 * w) * (2 * w);
            let mid = (a0 + w).min(n);
            let b1 = (a0 + 2 * w).min(n);
            let stop = end.min(b1);
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
                let (ri, li) = (base + mid + d - m - 1, base + a0 + m);
                let (r, l) = if src_b {
                    (keys_b[ri], keys_b[li])
                } else {
                    (keys_a[ri], keys_a[li])
                };
                if before::<T>(r, l) {
                    hi = m;
                } else {
                    lo = m + 1;
                }
            }
            let mut i = base + a0 + lo;
            let mut j = base + mid + d - lo;
            let (i_end, j_end, o_end) = (base + mid, base + b1, base + stop);
            let mut o = base + k;
            // Both runs left: branch-free steps (ties take the left run: stable).
            while o < o_end && i < i_end && j < j_end {
                let (a, b) = if src_b {
                    (keys_b[i], keys_b[j])
                } else {
                    (keys_a[i], keys_a[j])
                };
                let right = before::<T>(b, a);
                let v = if right { b } else { a };
                let from = if right { j } else { i };
                if src_b {
                    keys_a[o] = v;
                    if track {
                        pos_a[o] = pos_b[from];
                    }
                } else {
                    keys_b[o] = v;
                    if track {
                        pos_b[o] = pos_a[from];
                    }
                }
                j += right as usize;
                i += 1 - right as usize;
                o += 1;
            }
            // One run left: copied.
            while o < o_end {
                let mut from = j;
                if i < i_end {
                    from = i;
                    i += 1;
                } else {
                    j += 1;
                }
                if src_b {
                    keys_a[o] = keys_b[from];
                    if track {
                        pos_a[o] = pos_b[from];
                    }
                } else {
                    keys_b[o] = keys_a[from];
                    if track {
                        pos_b[o] = pos_a[from];
                    }
                }
                o += 1;
            }
            k = o - base;
        }
    }
}
