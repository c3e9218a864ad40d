//! The kernels of the radix sort along rows (see [`radix`](super::radix)).
//!
//! 1. Keys: one elementwise kernel per dtype maps each value to an unsigned key (`u32` or
//!    `u64`) whose unsigned order is NumPy's order of the values: integers are offset so that
//!    their minimum maps to 0; a float's key is its bits with the sign folded in so that
//!    negative values come first in reverse, `-0.0` maps to the key of `0.0`, and every NaN
//!    maps to the largest key (above `+inf`), so that a stable sort keeps NaNs in their order.
//!    The float kernels also flag NaNs and `-0.0`, the values whose keys do not give their
//!    bits back ([`largest()`] of the flags tells whether there is one).
//! 2. [`varying_bits()`]: the bits in which some keys differ (an OR and an AND of all keys); a
//!    digit none of them covers is the same for every key, and its pass is skipped.
//! 3. Each pass sorts by one digit of the keys, stably, the rows being cut in chunks of
//!    consecutive elements (one thread per chunk): [`count_digits`] (each chunk's histogram of
//!    the digit), [`digit_totals`], [`digit_starts`] and [`chunk_starts`] (an exclusive scan
//!    over (digit, chunk) in that order: where each chunk writes its first element of each
//!    digit), and [`scatter_digits`] (each chunk writes its elements in order, so equal digits
//!    keep their order: the pass is stable, and so is the sort, least significant digit
//!    first).
//!
//! Counts and starts are `u64`, laid out `[rows, chunks, radix]` (each chunk's histogram is
//! contiguous: a CPU thread writes only its own cache lines).

use crate::prelude::*;

/// Key of an `i8`.
#[elementwise]
pub(crate) fn key_i8(x: i8) -> u32 {
    ((x as i32) + 128) as u32
}

/// Key of a `u8`.
#[elementwise]
pub(crate) fn key_u8(x: u8) -> u32 {
    x as u32
}

/// Key of an `i16`.
#[elementwise]
pub(crate) fn key_i16(x: i16) -> u32 {
    ((x as i32) + 32768) as u32
}

/// Key of a `u16`.
#[elementwise]
pub(crate) fn key_u16(x: u16) -> u32 {
    x as u32
}

/// Key of an `i32`.
#[elementwise]
pub(crate) fn key_i32(x: i32) -> u32 {
    (x as u32) ^ 0x8000_0000
}

/// Key of a `u32`.
#[elementwise]
pub(crate) fn key_u32(x: u32) -> u32 {
    x
}

/// Key of an `i64`.
#[elementwise]
pub(crate) fn key_i64(x: i64) -> u64 {
    (x as u64) ^ 0x8000_0000_0000_0000
}

/// Key of a `u64`.
#[elementwise]
pub(crate) fn key_u64(x: u64) -> u64 {
    x
}

/// Key of a float from its bits `b` (`sign` its sign bit, `inf` the bits of `+inf`):
/// negatives flipped below the positives, `-0.0` as `0.0`, every NaN the largest key; and
/// whether the value is a NaN or `-0.0` (the values whose bits the key does not give back).
#[device_fn]
#[inline(always)]
fn float_key(b: u64, sign: u64, inf: u64) -> (u64, u8) {
    let magnitude = b & (sign - 1);
    let zero = magnitude == 0;
    let nan = magnitude > inf;
    let mut key = b | sign;
    if b & sign != 0 {
        key = !b & (sign | (sign - 1));
    }
    if zero {
        key = sign;
    }
    if nan {
        key = sign | (sign - 1);
    }
    (key, (nan || (zero && b != 0)) as u8)
}

/// Key of an `f16`, and whether it is a NaN or `-0.0`.
#[elementwise]
pub(crate) fn key_f16(x: f16) -> (u32, u8) {
    let (key, special): (u64, u8) = float_key(x.to_bits() as u64, 0x8000, 0x7C00);
    (key as u32, special)
}

/// Key of a `bf16`, and whether it is a NaN or `-0.0`.
#[elementwise]
pub(crate) fn key_bf16(x: bf16) -> (u32, u8) {
    let (key, special): (u64, u8) = float_key(x.to_bits() as u64, 0x8000, 0x7F80);
    (key as u32, special)
}

/// Key of an `f32`, and whether it is a NaN or `-0.0`.
#[elementwise]
pub(crate) fn key_f32(x: f32) -> (u32, u8) {
    let (key, special): (u64, u8) = float_key(x.to_bits() as u64, 0x8000_0000, 0x7F80_0000);
    (key as u32, special)
}

/// Key of an `f64`, and whether it is a NaN or `-0.0`.
#[elementwise]
pub(crate) fn key_f64(x: f64) -> (u64, u8) {
    let (key, special): (u64, u8) =
        float_key(x.to_bits(), 0x8000_0000_0000_0000, 0x7FF0_0000_0000_0000);
    (key, special)
}

/// The `i8` of a key.
#[elementwise]
pub(crate) fn value_i8(k: u32) -> i8 {
    ((k as i32) - 128) as i8
}

/// The `u8` of a key.
#[elementwise]
pub(crate) fn value_u8(k: u32) -> u8 {
    k as u8
}

/// The `i16` of a key.
#[elementwise]
pub(crate) fn value_i16(k: u32) -> i16 {
    ((k as i32) - 32768) as i16
}

/// The `u16` of a key.
#[elementwise]
pub(crate) fn value_u16(k: u32) -> u16 {
    k as u16
}

/// The `i32` of a key.
#[elementwise]
pub(crate) fn value_i32(k: u32) -> i32 {
    (k ^ 0x8000_0000) as i32
}

/// The `u32` of a key.
#[elementwise]
pub(crate) fn value_u32(k: u32) -> u32 {
    k
}

/// The `i64` of a key.
#[elementwise]
pub(crate) fn value_i64(k: u64) -> i64 {
    (k ^ 0x8000_0000_0000_0000) as i64
}

/// The `u64` of a key.
#[elementwise]
pub(crate) fn value_u64(k: u64) -> u64 {
    k
}

/// The bits of a float from its key (not a NaN's nor `-0.0`'s: those keys are not kept).
#[device_fn]
#[inline(always)]
fn float_bits(key: u64, sign: u64) -> u64 {
    let mut b = key & (sign - 1);
    if key & sign == 0 {
        b = !key & (sign | (sign - 1));
    }
    b
}

/// The `f16` of a key (no NaN, no `-0.0`).
#[elementwise]
pub(crate) fn value_f16(k: u32) -> f16 {
    let b: u64 = float_bits(k as u64, 0x8000);
    f16::from_bits(b as u16)
}

/// The `bf16` of a key (no NaN, no `-0.0`).
#[elementwise]
pub(crate) fn value_bf16(k: u32) -> bf16 {
    let b: u64 = float_bits(k as u64, 0x8000);
    bf16::from_bits(b as u16)
}

/// The `f32` of a key (no NaN, no `-0.0`).
#[elementwise]
pub(crate) fn value_f32(k: u32) -> f32 {
    let b: u64 = float_bits(k as u64, 0x8000_0000);
    f32::from_bits(b as u32)
}

/// The `f64` of a key (no NaN, no `-0.0`).
#[elementwise]
pub(crate) fn value_f64(k: u64) -> f64 {
    let b: u64 = float_bits(k, 0x8000_0000_0000_0000);
    f64::from_bits(b)
}

/// The largest element (of the NaN/`-0.0` flags of the float keys).
#[reduction]
pub(crate) mod largest {
    pub fn map<K: Int>(k: K) -> K {
        k
    }
    pub fn combine<K: Int>(a: K, b: K) -> K {
        a.max(b)
    }
    pub fn finish<K: Int>(acc: K) -> K {
        acc
    }
}

/// The bits in which the keys differ: `OR ^ AND` of all of them (at least one key).
#[reduction]
pub(crate) mod varying_bits {
    pub fn map<K: Int>(k: K) -> (K, K) {
        (k, k)
    }
    pub fn combine<K: Int>(a: (K, K), b: (K, K)) -> (K, K) {
        (a.0 | b.0, a.1 & b.1)
    }
    pub fn finish<K: Int>(acc: (K, K)) -> K {
        acc.0 ^ acc.1
    }
}

/// Each chunk's histogram of the digit `(key >> shift) & (radix - 1)` (`radix` a power of
/// two), into `counts[item * radix ..][..radix]`. One thread per chunk (`item`), working when
/// its global index is a multiple of `spread`.
#[raw_kernel]
#[allow(clippy::too_many_arguments)]
pub(crate) fn count_digits<K: Int>(
    keys: &[K],
    counts: &mut [u64],
    n: usize,
    chunk: usize,
    chunks: usize,
    items: usize,
    spread: usize,
    shift: u32,
    radix: usize,
) {
    let g = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if g % spread != 0 {
        return;
    }
    let item = g / spread;
    if item >= items {
        return;
    }
    let row_start = (item / chunks) * n;
    let start = row_start + (item % chunks) * chunk;
    let end = (start + chunk).min(row_start + n);
    let h = item * radix;
    for d in 0..radix {
        counts[h + d] = 0;
    }
    let low = radix - 1;
    for i in start..end {
        let d = ((keys[i] >> shift).cast::<u64>() as usize) & low;
        counts[h + d] += 1;
    }
}

/// `totals[row * radix + d]`: how many elements of the row have digit `d`. One thread per
/// (row, digit), `items = rows * radix`.
#[raw_kernel]
pub(crate) fn digit_totals(
    counts: &[u64],
    totals: &mut [u64],
    chunks: usize,
    radix: usize,
    items: usize,
    spread: usize,
) {
    let g = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if g % spread != 0 {
        return;
    }
    let item = g / spread;
    if item >= items {
        return;
    }
    let row = item / radix;
    let d = item % radix;
    let mut sum: u64 = 0;
    for c in 0..chunks {
        sum += counts[(row * chunks + c) * radix + d];
    }
    totals[item] = sum;
}

/// The totals of each row made exclusive prefix sums over the digits (where each digit's
/// elements start in the row). One thread per row.
#[raw_kernel]
pub(crate) fn digit_starts(totals: &mut [u64], radix: usize, rows: usize, spread: usize) {
    let g = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if g % spread != 0 {
        return;
    }
    let row = g / spread;
    if row >= rows {
        return;
    }
    let mut run: u64 = 0;
    for d in row * radix..(row + 1) * radix {
        let t = totals[d];
        totals[d] = run;
        run += t;
    }
}

/// The counts made the starts of each chunk's elements of each digit in its row: the digit's
/// start plus the counts of the digit in the chunks before. One thread per (row, digit).
#[raw_kernel]
pub(crate) fn chunk_starts(
    counts: &mut [u64],
    starts: &[u64],
    chunks: usize,
    radix: usize,
    items: usize,
    spread: usize,
) {
    let g = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if g % spread != 0 {
        return;
    }
    let item = g / spread;
    if item >= items {
        return;
    }
    let row = item / radix;
    let d = item % radix;
    let mut run = starts[item];
    for c in 0..chunks {
        let at = (row * chunks + c) * radix + d;
        let t = counts[at];
        counts[at] = run;
        run += t;
    }
}

/// One stable pass: each chunk moves its elements, in order, to the starts of their digits
/// (`starts[item * radix + d]`, advanced as it goes) in the other buffers. The keys are
/// written when `write_keys` (not after the last pass when the values move too); the values
/// when `carry_vals` (else they are made from the keys at the end); the positions when
/// `track`, read from `pos` or, on the `first` pass, the elements' own positions along their
/// row.
#[raw_kernel]
#[allow(clippy::too_many_arguments)]
pub(crate) fn scatter_digits<K: Int, T: DType>(
    keys: &[K],
    vals: &[T],
    pos: &[i64],
    keys_out: &mut [K],
    vals_out: &mut [T],
    pos_out: &mut [i64],
    starts: &mut [u64],
    n: usize,
    chunk: usize,
    chunks: usize,
    items: usize,
    spread: usize,
    shift: u32,
    radix: usize,
    write_keys: bool,
    carry_vals: bool,
    track: bool,
    first: bool,
) {
    let g = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if g % spread != 0 {
        return;
    }
    let item = g / spread;
    if item >= items {
        return;
    }
    let row_start = (item / chunks) * n;
    let start = row_start + (item % chunks) * chunk;
    let end = (start + chunk).min(row_start + n);
    let h = item * radix;
    let low = radix - 1;
    for i in start..end {
        let k = keys[i];
        let d = ((k >> shift).cast::<u64>() as usize) & low;
        let at = starts[h + d];
        starts[h + d] = at + 1;
        let o = row_start + at as usize;
        if write_keys {
            keys_out[o] = k;
        }
        if carry_vals {
            vals_out[o] = vals[i];
        }
        if track {
            if first {
                pos_out[o] = (i - row_start) as i64;
            } else {
                pos_out[o] = pos[i];
            }
        }
    }
}

/// `pos[i] = i` along each row (when no pass is needed: every key is the same). One thread per
/// chunk.
#[raw_kernel]
pub(crate) fn row_positions(
    pos: &mut [i64],
    n: usize,
    chunk: usize,
    chunks: usize,
    items: usize,
    spread: usize,
) {
    let g = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if g % spread != 0 {
        return;
    }
    let item = g / spread;
    if item >= items {
        return;
    }
    let row_start = (item / chunks) * n;
    let start = row_start + (item % chunks) * chunk;
    let end = (start + chunk).min(row_start + n);
    for i in start..end {
        pos[i] = (i - row_start) as i64;
    }
}
