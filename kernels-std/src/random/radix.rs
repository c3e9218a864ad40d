//! A stable LSD radix argsort of 64-bit keys: what turns random keys into permutations.
//!
//! Eight passes of eight bits. The keys are cut into tiles of [`TILE`] elements, one thread
//! per tile; each pass counts the digits of every tile ([`radix_count`]), scans the counts
//! digit by digit over the tiles ([`radix_scan_rows`], [`radix_scan_totals`]), and moves each
//! tile's elements, in order, to their places ([`radix_scatter`]): stable, so the result (the
//! order of the keys, ties by position) does not depend on the launch or the tile size.
//!
//! One thread per tile of 1024 keys is little parallelism for a GPU's taste below a few
//! million keys, but every step is linear and has no atomics, so both backends run it as is.

use crate::prelude::*;

use super::generator::launch_for;

/// Keys per tile (one thread each).
pub const TILE: u64 = 1024;

/// Digits of a pass.
const RADIX: usize = 256;

/// `counts[d * tiles + t]` = how many keys of tile `t` have digit `d` (bits `shift..shift+8`).
#[raw_kernel]
pub fn radix_count(keys: &[u64], counts: &mut [u32], shift: u32, tile: u64) {
    let tiles = counts.len() / 256;
    let n = keys.len();
    let stride = grid_dim().x as u64 * block_dim().x as u64;
    let mut t = block_idx().x as u64 * block_dim().x as u64 + thread_idx().x as u64;
    while t < tiles {
        for d in 0..256u64 {
            counts[d * tiles + t] = 0;
        }
        let end = (t * tile + tile).min(n);
        for i in (t * tile)..end {
            let d = (keys[i] >> shift) & 255;
            counts[d * tiles + t] += 1;
        }
        t += stride;
    }
}

/// Each digit's row of counts becomes its exclusive prefix sum over the tiles; the row's total
/// goes to `totals[d]`.
#[raw_kernel]
pub fn radix_scan_rows(counts: &mut [u32], totals: &mut [u32]) {
    let tiles = counts.len() / 256;
    let stride = grid_dim().x as u64 * block_dim().x as u64;
    let mut d = block_idx().x as u64 * block_dim().x as u64 + thread_idx().x as u64;
    while d < 256 {
        let mut sum = 0u32;
        for t in 0..tiles {
            let c = counts[d * tiles + t];
            counts[d * tiles + t] = sum;
            sum += c;
        }
        totals[d] = sum;
        d += stride;
    }
}

/// The exclusive prefix sum of the 256 digit totals, in place (thread 0 of block 0 only).
#[raw_kernel]
pub fn radix_scan_totals(totals: &mut [u32]) {
    if block_idx().x == 0 && thread_idx().x == 0 {
        let mut sum = 0u32;
        for d in 0..totals.len() {
            let c = totals[d];
            totals[d] = sum;
            sum += c;
        }
    }
}

/// Moves the keys of each tile, in order, to `totals[d] + counts[d * tiles + t]` (then
/// increments the count), carrying their original positions: `index[i]`, or `i` itself on
/// the first pass (`first != 0`).
#[raw_kernel]
pub fn radix_scatter(
    keys: &[u64],
    index: &[i64],
    counts: &mut [u32],
    totals: &[u32],
    keys_out: &mut [u64],
    index_out: &mut [i64],
    shift: u32,
    tile: u64,
    first: u32,
) {
    let tiles = counts.len() / 256;
    let n = keys.len();
    let stride = grid_dim().x as u64 * block_dim().x as u64;
    let mut t = block_idx().x as u64 * block_dim().x as u64 + thread_idx().x as u64;
    while t < tiles {
        let end = (t * tile + tile).min(n);
        for i in (t * tile)..end {
            let k = keys[i];
            let d = (k >> shift) & 255;
            let slot = d * tiles + t;
            let pos = totals[d] + counts[slot];
            counts[slot] = counts[slot] + 1;
            keys_out[pos] = k;
            index_out[pos] = if first != 0 { i as i64 } else { index[i] };
        }
        t += stride;
    }
}

/// The stable argsort of `keys` (a 1-d array): `order[j]` is the position of the `j`-th
/// smallest key, ties in order of position.
pub(crate) fn argsort_u64(keys: &Array<u64>) -> Result<Array<i64>> {
    let dev = keys.device();
    let n = keys.len();
    if n > u32::MAX as usize {
        return Err(Error::invalid(format!(
            "random: sorting {n} keys: at most 2^32 - 1 are supported"
        )));
    }
    let mut index = Array::<i64>::zeros(&dev, &[n])?;
    if n == 0 {
        return Ok(index);
    }
    let tiles = (n as u64).div_ceil(TILE);
    let mut counts = Array::<u32>::zeros(&dev, &[RADIX * tiles as usize])?;
    let mut totals = Array::<u32>::zeros(&dev, &[RADIX])?;
    let mut keys_a = keys.reshape(&[n])?;
    let mut keys_b = Array::<u64>::zeros(&dev, &[n])?;
    let mut index_b = Array::<i64>::zeros(&dev, &[n])?;
    let (per_tile, per_digit) = (launch_for(tiles), launch_for(RADIX as u64));
    for pass in 0..8u32 {
        let shift = 8 * pass;
        radix_count::launch(&per_tile, &keys_a, &mut counts, shift, TILE)?;
        radix_scan_rows::launch(&per_digit, &mut counts, &mut totals)?;
        radix_scan_totals::launch(&LaunchConfig::new(1, 1), &mut totals)?;
        radix_scatter::launch(
            &per_tile,
            &keys_a,
            &index,
            &mut counts,
            &totals,
            &mut keys_b,
            &mut index_b,
            shift,
            TILE,
            u32::from(pass == 0),
        )?;
        std::mem::swap(&mut keys_a, &mut keys_b);
        std::mem::swap(&mut index, &mut index_b);
    }
    Ok(index)
}
