//! The kernels of `reduceat` and `at`, and the reductions `reduce` lacks elsewhere: written
//! once with the macros, for numbers (`combine`) and for integers (`combine_bits`: the
//! bitwise operations too), combining by the operation codes of `scan`'s chunked scan (`0`
//! sum, `1` product, `2`..`5` the extrema, `6`..`8` bitwise).

use crate::prelude::*;
use crate::scan::kernels::{combine, combine_bits};

/// The `reduceat` and `at` kernels, generic over `T: $bound`, combining with `$combine`.
macro_rules! segment_kernels {
    ($bound:ident, $combine:ident: $reduceat:ident, $at:ident) => {
        /// `out[row, j]`: NumPy's `reduceat` of row `row` of `x` (`[rows, n]`) at
        /// `indices[j]` (`m` of them, each in `0..n`, checked by the caller): the combination
        /// (by `op`) of `x[row, indices[j]..indices[j + 1]]` when `indices[j] <
        /// indices[j + 1]`, else `x[row, indices[j]]` alone; the last runs to the row's end.
        #[raw_kernel]
        pub(crate) fn $reduceat<T: $bound>(
            x: &[T],
            indices: &[i64],
            out: &mut [T],
            n: usize,
            m: usize,
            op: u32,
        ) {
            let g = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
            if g >= out.len() {
                return;
            }
            let row = g / m;
            let j = g % m;
            let start = indices[j] as usize;
            let mut end = n;
            if j + 1 < m {
                let next = indices[j + 1] as usize;
                end = if next > start { next } else { start + 1 };
            }
            let base = row * n;
            let mut acc = x[base + start];
            for i in (start + 1)..end {
                acc = $combine::<T>(acc, x[base + i], op);
            }
            out[g] = acc;
        }

        /// NumPy's unbuffered `at` on rows: `a` is `[len, rest]`; `sorted` holds the `m` row
        /// indices (in range, sorted stably) and `order` where each came from in `b`
        /// (`[m, rest]`). The thread of the first of a run of equal indices folds, column by
        /// column, every value of the run into its row, in their original order (as NumPy's
        /// sequential loop does); the others return.
        #[raw_kernel]
        pub(crate) fn $at<T: $bound>(
            a: &mut [T],
            sorted: &[i64],
            order: &[i64],
            b: &[T],
            m: usize,
            rest: usize,
            op: u32,
        ) {
            let g = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
            if g >= m * rest {
                return;
            }
            let k = g / rest;
            let c = g % rest;
            if k > 0 && sorted[k - 1] == sorted[k] {
                return;
            }
            let target = sorted[k] as usize * rest + c;
            let mut acc = a[target];
            let mut p = k;
            while p < m && sorted[p] == sorted[k] {
                acc = $combine::<T>(acc, b[order[p] as usize * rest + c], op);
                p += 1;
            }
            a[target] = acc;
        }
    };
}
segment_kernels!(Num, combine: reduceat_rows, at_rows);
segment_kernels!(Int, combine_bits: reduceat_rows_bits, at_rows_bits);

/// NumPy's `logical_xor.reduce`: whether an odd number of elements are true (`false` for an
/// empty axis); every dtype.
#[reduction]
pub mod logical_xor {
    pub fn map<T: DType>(x: T) -> bool {
        x.cast::<bool>()
    }
    pub fn combine<T: DType>(a: bool, b: bool) -> bool {
        a != b
    }
    pub fn identity<T: DType>() -> bool {
        false
    }
}

/// NumPy's `bitwise_and.reduce` of integers (all bits set for an empty axis: `-1`, or the
/// largest unsigned value).
#[reduction]
pub mod bitwise_and {
    pub fn map<T: Int>(x: T) -> T {
        x
    }
    pub fn combine<T: Int>(a: T, b: T) -> T {
        a & b
    }
    pub fn identity<T: Int>() -> T {
        let ones: i64 = -1;
        ones.cast::<T>()
    }
}

/// NumPy's `bitwise_or.reduce` of integers (`0` for an empty axis).
#[reduction]
pub mod bitwise_or {
    pub fn map<T: Int>(x: T) -> T {
        x
    }
    pub fn combine<T: Int>(a: T, b: T) -> T {
        a | b
    }
    pub fn identity<T: Int>() -> T {
        let zero: i64 = 0;
        zero.cast::<T>()
    }
}

/// NumPy's `bitwise_xor.reduce` of integers (`0` for an empty axis).
#[reduction]
pub mod bitwise_xor {
    pub fn map<T: Int>(x: T) -> T {
        x
    }
    pub fn combine<T: Int>(a: T, b: T) -> T {
        a ^ b
    }
    pub fn identity<T: Int>() -> T {
        let zero: i64 = 0;
        zero.cast::<T>()
    }
}
