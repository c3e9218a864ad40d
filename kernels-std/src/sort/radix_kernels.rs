//! The kernels of the radix sort along rows (see [`radix`](super::radix)).
//!
//! 1. Keys: one elementwise kernel per dtype maps each value to an unsigned key (`u32` or
//!    `u64`) whose unsigned order is NumPy's order of the values: integers are offset so that
//!    their minimum maps to 0; a float's key is the bits of its magnitude (computed by exact
//!    arithmetic: the kernel language has no bit casts) with the sign folded in so that
//!    negative values come first in reverse, `-0.0` maps to the key of `0.0`, and every NaN
//!    maps to the largest key (above `+inf`), so that a stable sort keeps NaNs in their order.
//! 2. [`varying_bits`]: the bits in which some keys differ (an OR and an AND of all keys); a
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

/// The bits of `|x|` (`x` not NaN), by exact arithmetic and without branches: the magnitude's
/// range of 40 binades (`[2^(40k - 126), 2^(40k - 86))`, `k` in `0..7`) is found by six
/// comparisons; scaled (in `f64`) into `[2^23, 2^63)` it converts to an exact integer whose
/// leading one gives the exponent and whose next 23 bits are the mantissa. Subnormals (and
/// zero) scale to their mantissa below `2^23`.
#[device_fn]
#[inline(always)]
fn f32_magnitude_bits(x: f32) -> u32 {
    let a = x.abs();
    let k = (a >= 1.2924697e-26) as i64
        + (a >= 1.4210855e-14) as i64
        + (a >= 0.015625) as i64
        + (a >= 1.717987e10) as i64
        + (a >= 1.8889466e22) as i64
        + (a >= 2.0769187e34) as i64;
    let scales = [
        7.1362384635298e44,
        6.490371073168535e32,
        5.902958103587057e20,
        536870912.0,
        0.00048828125,
        4.440892098500626e-16,
        4.0389678347315804e-28,
    ];
    let t = ((a as f64) * scales[k]) as i64;
    let e = 63 - ((t as u64).leading_zeros() as i64);
    let biased = 1 + 40 * k + e - 23;
    let mut bits = ((biased as u32) << 23) | (((t >> (e - 23)) as u32) & 0x7F_FFFF);
    if t < 0x80_0000 {
        bits = t as u32;
    }
    if a == f32::INFINITY {
        bits = 0x7F80_0000;
    }
    bits
}

/// The bits of `|x|` (`x` not NaN), by exact arithmetic without branches: the magnitude is
/// scaled by powers of two into `[1, 2)` while its exponent is counted (a binary search);
/// subnormals (and zero) are scaled to their integer mantissa.
#[device_fn]
#[inline(always)]
fn f64_magnitude_bits(x: f64) -> u64 {
    let a = x.abs();
    let low = a < 1.0;
    let mut m = a * if low { 4.49423283715579e307 } else { 1.0 };
    let mut e: u64 = if low { 1 } else { 1023 };
    let up = m >= 1.3407807929942597e154;
    m *= if up { 7.458340731200207e-155 } else { 1.0 };
    e += if up { 512 } else { 0 };
    let up = m >= 1.157920892373162e77;
    m *= if up { 8.636168555094445e-78 } else { 1.0 };
    e += if up { 256 } else { 0 };
    let up = m >= 3.402823669209385e38;
    m *= if up { 2.938735877055719e-39 } else { 1.0 };
    e += if up { 128 } else { 0 };
    let up = m >= 1.8446744073709552e19;
    m *= if up { 5.421010862427522e-20 } else { 1.0 };
    e += if up { 64 } else { 0 };
    let up = m >= 4294967296.0;
    m *= if up { 2.3283064365386963e-10 } else { 1.0 };
    e += if up { 32 } else { 0 };
    let up = m >= 65536.0;
    m *= if up { 1.52587890625e-5 } else { 1.0 };
    e += if up { 16 } else { 0 };
    let up = m >= 256.0;
    m *= if up { 0.00390625 } else { 1.0 };
    e += if up { 8 } else { 0 };
    let up = m >= 16.0;
    m *= if up { 0.0625 } else { 1.0 };
    e += if up { 4 } else { 0 };
    let up = m >= 4.0;
    m *= if up { 0.25 } else { 1.0 };
    e += if up { 2 } else { 0 };
    let up = m >= 2.0;
    m *= if up { 0.5 } else { 1.0 };
    e += if up { 1 } else { 0 };
    let mut bits = (e << 52) | (((m - 1.0) * 4503599627370496.0) as u64);
    if a < f64::MIN_POSITIVE {
        // `a * 2^1074`, an integer below 2^52 (two exact steps).
        bits = ((a * 4.4989137945431964e161) * 4.4989137945431964e161) as u64;
    }
    if a == f64::INFINITY {
        bits = 0x7FF0_0000_0000_0000;
    }
    bits
}

/// The sort key of an `f32`: NaN largest, `-0.0` as `0.0`, negatives below in reverse.
#[device_fn]
#[inline(always)]
fn f32_order_key(x: f32) -> u32 {
    let mut key: u32 = 0xFFFF_FFFF;
    if x == x {
        let bits = f32_magnitude_bits(x);
        key = 0x8000_0000 + bits;
        if x < 0.0 {
            key = 0x7FFF_FFFF - bits;
        }
    }
    key
}

/// The sort key of an `f64`, as [`f32_order_key`].
#[device_fn]
#[inline(always)]
fn f64_order_key(x: f64) -> u64 {
    let mut key: u64 = 0xFFFF_FFFF_FFFF_FFFF;
    if x == x {
        let bits = f64_magnitude_bits(x);
        key = 0x8000_0000_0000_0000 + bits;
        if x < 0.0 {
            key = 0x7FFF_FFFF_FFFF_FFFF - bits;
        }
    }
    key
}

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

/// Key of an `f16`: that of the `f32` it converts to (exactly), without the 13 low bits that
/// are the same for every `f16` (19 bits).
#[elementwise]
pub(crate) fn key_f16(x: f16) -> u32 {
    let key: u32 = f32_order_key(x.cast::<f32>());
    key >> 13
}

/// Key of a `bf16`: that of the `f32` it converts to (exactly), without the 16 low bits that
/// are the same for every `bf16`.
#[elementwise]
pub(crate) fn key_bf16(x: bf16) -> u32 {
    let key: u32 = f32_order_key(x.cast::<f32>());
    key >> 16
}

/// Key of an `f32`.
#[elementwise]
pub(crate) fn key_f32(x: f32) -> u32 {
    f32_order_key(x)
}

/// Key of an `f64`.
#[elementwise]
pub(crate) fn key_f64(x: f64) -> u64 {
    f64_order_key(x)
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
/// written when `write_keys` (not after the last pass); the positions when `track`, read from
/// `pos` or, on the `first` pass, the elements' own positions along their row.
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
        vals_out[o] = vals[i];
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
