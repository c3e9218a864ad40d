//! The raw kernels of a chunked scan along rows.
//!
//! Rows are `[rows, n]`, C-contiguous; each row is cut into chunks of `chunk` elements
//! (`chunks` per row, the last one shorter). A work item is one chunk, done by one thread
//! (item `index / spread` of the threads whose index is a multiple of `spread`, see
//! [`launch_items`](super::rows::launch_items)):
//!
//! 1. [`chunk_totals`]: the sum (product) of each chunk;
//! 2. the totals, `[rows, chunks]`, are scanned the same way (recursively);
//! 3. [`chunk_scan`]: each chunk scanned sequentially, starting from the scanned total of the
//!    chunk before it in its row.
//!
//! One thread per chunk and no barrier: on the CPU a plain parallel loop over long chunks; on
//! a GPU many short chunks (the launch shape is chosen per device by the caller).

use crate::prelude::*;

/// The scan's operation: `a * b` for a product, `a + b` for a sum.
#[device_fn]
pub(crate) fn combine<T: Num>(a: T, b: T, prod: bool) -> T {
    if prod {
        a * b
    } else {
        a + b
    }
}

/// `totals[item]`: the sum (product when `prod`) of chunk `item` of the rows of `x` (never
/// empty), from its first element on.
#[raw_kernel]
#[allow(clippy::too_many_arguments)]
pub(crate) fn chunk_totals<T: Num>(
    x: &[T],
    totals: &mut [T],
    n: usize,
    chunk: usize,
    chunks: usize,
    spread: usize,
    prod: bool,
) {
    let g = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if g % spread != 0 {
        return;
    }
    let item = g / spread;
    if item >= totals.len() {
        return;
    }
    let row = item / chunks;
    let start = row * n + (item % chunks) * chunk;
    let end = (start + chunk).min(row * n + n);
    let mut acc = x[start];
    for i in (start + 1)..end {
        acc = combine::<T>(acc, x[i], prod);
    }
    totals[item] = acc;
}

/// `out`: the inclusive scan of each row of `x`, chunk `item` by thread `item`, starting from
/// `carry[item - 1]` (the scanned totals of the chunks, `[rows, chunks]`), or from its first
/// element for a row's first chunk (as NumPy's sequential scan: no identity is combined with
/// it, which would turn `-0.0` into `0.0` in a sum and an infinite complex into NaN in a
/// product).
#[raw_kernel]
#[allow(clippy::too_many_arguments)]
pub(crate) fn chunk_scan<T: Num>(
    x: &[T],
    carry: &[T],
    out: &mut [T],
    n: usize,
    chunk: usize,
    chunks: usize,
    items: usize,
    spread: usize,
    prod: bool,
) {
    let g = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if g % spread != 0 {
        return;
    }
    let item = g / spread;
    if item >= items {
        return;
    }
    let row = item / chunks;
    let c = item % chunks;
    let start = row * n + c * chunk;
    let end = (start + chunk).min(row * n + n);
    let mut acc = x[start];
    let mut first = start + 1;
    if c > 0 {
        acc = carry[item - 1];
        first = start;
    }
    out[start] = acc;
    for i in first..end {
        acc = combine::<T>(acc, x[i], prod);
        out[i] = acc;
    }
}

/// [`chunk_totals`] and [`chunk_scan`] of one complex dtype (the generic kernels need ordered
/// numbers): the same chunking, complex `+` or `*` (NumPy's complex product), stamped for
/// `c64` and `c128`.
macro_rules! complex_chunk_kernels {
    ($t:ident: $totals:ident, $scan:ident) => {
        #[doc = concat!("[`chunk_totals`] of `", stringify!($t), "`.")]
        #[raw_kernel]
        #[allow(clippy::too_many_arguments)]
        pub(crate) fn $totals(
            x: &[$t],
            totals: &mut [$t],
            n: usize,
            chunk: usize,
            chunks: usize,
            spread: usize,
            prod: bool,
        ) {
            let g = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
            if g % spread != 0 {
                return;
            }
            let item = g / spread;
            if item >= totals.len() {
                return;
            }
            let row = item / chunks;
            let start = row * n + (item % chunks) * chunk;
            let end = (start + chunk).min(row * n + n);
            let mut acc = x[start];
            for i in (start + 1)..end {
                if prod {
                    acc = acc * x[i];
                } else {
                    acc = acc + x[i];
                }
            }
            totals[item] = acc;
        }

        #[doc = concat!("[`chunk_scan`] of `", stringify!($t), "`.")]
        #[raw_kernel]
        #[allow(clippy::too_many_arguments)]
        pub(crate) fn $scan(
            x: &[$t],
            carry: &[$t],
            out: &mut [$t],
            n: usize,
            chunk: usize,
            chunks: usize,
            items: usize,
            spread: usize,
            prod: bool,
        ) {
            let g = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
            if g % spread != 0 {
                return;
            }
            let item = g / spread;
            if item >= items {
                return;
            }
            let row = item / chunks;
            let c = item % chunks;
            let start = row * n + c * chunk;
            let end = (start + chunk).min(row * n + n);
            let mut acc = x[start];
            let mut first = start + 1;
            if c > 0 {
                acc = carry[item - 1];
                first = start;
            }
            out[start] = acc;
            for i in first..end {
                if prod {
                    acc = acc * x[i];
                } else {
                    acc = acc + x[i];
                }
                out[i] = acc;
            }
        }
    };
}
complex_chunk_kernels!(c64: chunk_totals_c64, chunk_scan_c64);
complex_chunk_kernels!(c128: chunk_totals_c128, chunk_scan_c128);
