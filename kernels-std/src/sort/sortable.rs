//! [`Sortable`]: the element types `sort` and `argsort` accept, and how each is sorted.
//!
//! Integers and floats go through the merge sort of [`kernels`](super::kernels) directly.
//! `bool` is sorted as `u8`. Complex numbers are ordered as NumPy orders them,
//! lexicographically: by real part, then imaginary part, with the values holding a NaN after
//! all others, in NumPy's order `[R + Rj, R + nanj, nan + Rj, nan + nanj]`. They are sorted
//! by three stable passes over real keys (least significant first): the imaginary parts,
//! then the real parts, then the NaN class.

use super::sorting::merge_sort_rows;
use super::take::gather_rows_of;
use crate::prelude::*;

/// Element types `sort` and `argsort` accept: integers, floats, `bool` and complex numbers,
/// in NumPy's order.
pub trait Sortable: DType {
    /// Sorts each row of `keys` (`[rows, n]`, C-contiguous; copied first if its storage is
    /// shared) stably, and returns the sorted rows with, when `track`, the original position
    /// of each element along its row (else an array of one zero).
    fn sort_rows(
        keys: Array<Self>,
        rows: usize,
        n: usize,
        track: bool,
    ) -> Result<(Array<Self>, Array<i64>)>;
}

macro_rules! sortable_num {
    ($($t:ty),*) => {$(
        impl Sortable for $t {
            fn sort_rows(
                keys: Array<$t>,
                rows: usize,
                n: usize,
                track: bool,
            ) -> Result<(Array<$t>, Array<i64>)> {
                merge_sort_rows(keys, rows, n, track)
            }
        }
    )*};
}
sortable_num!(i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64);

impl Sortable for bool {
    fn sort_rows(
        keys: Array<bool>,
        rows: usize,
        n: usize,
        track: bool,
    ) -> Result<(Array<bool>, Array<i64>)> {
        let (sorted, pos) = merge_sort_rows(keys.astype::<u8>()?, rows, n, track)?;
        Ok((sorted.astype::<bool>()?, pos))
    }
}

/// The sort keys of a `c64`: real part, imaginary part, NaN class (0: no NaN, 1: NaN
/// imaginary part only, 2: NaN real part only, 3: both).
#[elementwise]
pub(crate) fn c64_keys(z: c64) -> (f32, f32, u8) {
    let class = if z.re.is_nan() { 2u8 } else { 0u8 } + if z.im.is_nan() { 1u8 } else { 0u8 };
    (z.re, z.im, class)
}

/// The sort keys of a `c128`, as [`c64_keys`].
#[elementwise]
pub(crate) fn c128_keys(z: c128) -> (f64, f64, u8) {
    let class = if z.re.is_nan() { 2u8 } else { 0u8 } + if z.im.is_nan() { 1u8 } else { 0u8 };
    (z.re, z.im, class)
}

/// Sorts rows of complex numbers from their keys: three stable passes, least significant key
/// first, each permuting the next key by the order found so far.
fn sort_complex_rows<C: DType, F: Sortable>(
    keys: Array<C>,
    (re, im, class): (Array<F>, Array<F>, Array<u8>),
    rows: usize,
    n: usize,
) -> Result<(Array<C>, Array<i64>)> {
    let (_, by_im) = F::sort_rows(im, rows, n, true)?;
    let re = gather_rows_of(&re, &by_im, rows, n)?;
    let (_, by_re) = F::sort_rows(re, rows, n, true)?;
    let order = gather_rows_of(&by_im, &by_re, rows, n)?;
    let class = gather_rows_of(&class, &order, rows, n)?;
    let (_, by_class) = u8::sort_rows(class, rows, n, true)?;
    let order = gather_rows_of(&order, &by_class, rows, n)?;
    Ok((gather_rows_of(&keys, &order, rows, n)?, order))
}

impl Sortable for c64 {
    fn sort_rows(
        keys: Array<c64>,
        rows: usize,
        n: usize,
        _track: bool,
    ) -> Result<(Array<c64>, Array<i64>)> {
        let parts = c64_keys(&keys)?;
        sort_complex_rows(keys, parts, rows, n)
    }
}

impl Sortable for c128 {
    fn sort_rows(
        keys: Array<c128>,
        rows: usize,
        n: usize,
        _track: bool,
    ) -> Result<(Array<c128>, Array<i64>)> {
        let parts = c128_keys(&keys)?;
        sort_complex_rows(keys, parts, rows, n)
    }
}
