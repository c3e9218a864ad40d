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

/// The operations a scan (and [`ufunc`](crate::ufunc)'s `reduceat` and `at`) combines with,
/// as the `op` argument of the kernels: the binary ufuncs that have methods.
pub(crate) mod op {
    /// `a + b` (integers wrap).
    pub(crate) const ADD: u32 = 0;
    /// `a * b`.
    pub(crate) const MULTIPLY: u32 = 1;
    /// NumPy's `maximum`: a NaN propagates.
    pub(crate) const MAXIMUM: u32 = 2;
    /// NumPy's `minimum`: a NaN propagates.
    pub(crate) const MINIMUM: u32 = 3;
    /// NumPy's `fmax`: a NaN loses to a number.
    pub(crate) const FMAX: u32 = 4;
    /// NumPy's `fmin`: a NaN loses to a number.
    pub(crate) const FMIN: u32 = 5;
    /// `a & b` (integers only: the `_bits` kernels).
    pub(crate) const BITWISE_AND: u32 = 6;
    /// `a | b` (integers only).
    pub(crate) const BITWISE_OR: u32 = 7;
    /// `a ^ b` (integers only).
    pub(crate) const BITWISE_XOR: u32 = 8;
}

/// The operation `op` (see [`op`]: `0` sum, `1` product, `2`/`3` NumPy's `maximum`/`minimum`,
/// `4`/`5` `fmax`/`fmin`) of two numbers, as NumPy's loops compute it: `maximum` keeps `a`
/// when `a >= b` or `a` is NaN, `fmax` when `a >= b` or `b` is NaN.
#[device_fn]
pub(crate) fn combine<T: Num>(a: T, b: T, op: u32) -> T {
    if op == 0 {
        a + b
    } else if op == 1 {
        a * b
    } else if op == 2 {
        if a >= b || a != a {
            a
        } else {
            b
        }
    } else if op == 3 {
        if a <= b || a != a {
            a
        } else {
            b
        }
    } else if op == 4 {
        if a >= b || b != b {
            a
        } else {
            b
        }
    } else if a <= b || b != b {
        a
    } else {
        b
    }
}

/// [`combine`] of integers, with the bitwise operations too (`6` and, `7` or, `8` xor).
#[device_fn]
pub(crate) fn combine_bits<T: Int>(a: T, b: T, op: u32) -> T {
    if op == 6 {
        a & b
    } else if op == 7 {
        a | b
    } else if op == 8 {
        a ^ b
    } else {
        combine::<T>(a, b, op)
    }
}

/// The two kernels of a chunked scan, generic over `T: $bound`, combining with `$combine`:
/// [`chunk_totals`] and [`chunk_scan`] for numbers, [`chunk_totals_bits`] and
/// [`chunk_scan_bits`] for integers (which have the bitwise operations too).
macro_rules! generic_chunk_kernels {
    ($bound:ident, $combine:ident: $totals:ident, $scan:ident) => {
        /// `totals[item]`: the combination (by `op`) of chunk `item` of the rows of `x` (never
        /// empty), from its first element on.
        #[raw_kernel]
        #[allow(clippy::too_many_arguments)]
        pub(crate) fn $totals<T: $bound>(
            x: &[T],
            totals: &mut [T],
            n: usize,
            chunk: usize,
            chunks: usize,
            spread: usize,
            op: u32,
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
                acc = $combine::<T>(acc, x[i], op);
            }
            totals[item] = acc;
        }

        /// `out`: the inclusive scan (by `op`) of each row of `x`, chunk `item` by thread
        /// `item`, starting from `carry[item - 1]` (the scanned totals of the chunks,
        /// `[rows, chunks]`), or from its first element for a row's first chunk (as NumPy's
        /// sequential scan: no identity is combined with it, which would turn `-0.0` into
        /// `0.0` in a sum).
        #[raw_kernel]
        #[allow(clippy::too_many_arguments)]
        pub(crate) fn $scan<T: $bound>(
            x: &[T],
            carry: &[T],
            out: &mut [T],
            n: usize,
            chunk: usize,
            chunks: usize,
            items: usize,
            spread: usize,
            op: u32,
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
                acc = $combine::<T>(acc, x[i], op);
                out[i] = acc;
            }
        }
    };
}
generic_chunk_kernels!(Num, combine: chunk_totals, chunk_scan);
generic_chunk_kernels!(Int, combine_bits: chunk_totals_bits, chunk_scan_bits);

/// [`chunk_totals`] and [`chunk_scan`] of one complex dtype (the generic kernels need ordered
/// numbers): the same chunking, complex `+` (`op` 0) or `*` (`op` 1, NumPy's complex
/// product), stamped for `c64` and `c128`.
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
            op: u32,
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
                if op == 1 {
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
            op: u32,
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
                if op == 1 {
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
