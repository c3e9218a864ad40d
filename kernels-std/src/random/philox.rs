//! Philox4x32-10 (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3", SC 2011): a
//! counter-based generator. Block `philox4x32_10(counter, key)` is a keyed bijection of the
//! 128-bit counter, so any element of the stream is computed from its index alone: every
//! thread of a kernel computes its own numbers, and the result does not depend on the launch.
//!
//! Written in the kernel language (`#[device_fn]`): the same code is the CUDA C of the kernels
//! and, as plain Rust, the CPU twin. Only integer operations: bit-identical on both backends.

use crate::prelude::*;

/// The 64-bit product of two 32-bit words as `(high, low)` words.
#[device_fn]
pub fn mulhilo32(a: u32, b: u32) -> (u32, u32) {
    let p = a as u64 * b as u64;
    ((p >> 32u32) as u32, p as u32)
}

/// The Philox4x32-10 block of counter `(c0, c1, c2, c3)` (`c0` least significant) under key
/// `(k0, k1)`: ten rounds, the key bumped by the Weyl increments before every round but the
/// first (Random123's `philox4x32_R(10, ctr, key)`).
///
/// ```
/// use kernels_std::random::philox::philox4x32_10;
/// // Random123's known-answer vector for a zero counter and key.
/// assert_eq!(
///     philox4x32_10(0, 0, 0, 0, 0, 0),
///     (0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8)
/// );
/// ```
#[device_fn]
pub fn philox4x32_10(c0: u32, c1: u32, c2: u32, c3: u32, k0: u32, k1: u32) -> (u32, u32, u32, u32) {
    let (mut x0, mut x1, mut x2, mut x3) = (c0, c1, c2, c3);
    let (mut a, mut b) = (k0, k1);
    // Multipliers: Random123's PHILOX_M4x32_0/1; key increments: PHILOX_W32_0/1 (the golden
    // ratio and sqrt(3) - 1 as 32-bit fractions).
    for round in 0..10u32 {
        if round > 0 {
            a = a.wrapping_add(0x9E37_79B9);
            b = b.wrapping_add(0xBB67_AE85);
        }
        let (hi0, lo0): (u32, u32) = mulhilo32(0xD251_1F53, x0);
        let (hi1, lo1): (u32, u32) = mulhilo32(0xCD9E_8D57, x2);
        x0 = hi1 ^ x1 ^ a;
        x1 = lo1;
        x2 = hi0 ^ x3 ^ b;
        x3 = lo0;
    }
    (x0, x1, x2, x3)
}

/// The two 64-bit words of the stream's block `block` (attempt `attempt`, see
/// [`Generator`](super::Generator)): words `(x1 << 32 | x0, x3 << 32 | x2)` of
/// `philox4x32_10((block lo, block hi, attempt, 0), (k0, k1))`.
#[device_fn]
pub fn philox_words(k0: u32, k1: u32, block: u64, attempt: u32) -> (u64, u64) {
    let (x0, x1, x2, x3): (u32, u32, u32, u32) =
        philox4x32_10(block as u32, (block >> 32u32) as u32, attempt, 0, k0, k1);
    (
        ((x1 as u64) << 32u32) | x0 as u64,
        ((x3 as u64) << 32u32) | x2 as u64,
    )
}

/// Philox blocks of given counters and keys: `out[4i..4i + 4]` is `philox4x32_10` of counter
/// `counters[4i..4i + 4]` and key `keys[2i..2i + 2]` (the known-answer tests run it on every
/// backend). Any 1-D launch.
#[raw_kernel]
pub fn philox_blocks(counters: &[u32], keys: &[u32], out: &mut [u32]) {
    let n = out.len() / 4;
    let stride = grid_dim().x as u64 * block_dim().x as u64;
    let mut i = block_idx().x as u64 * block_dim().x as u64 + thread_idx().x as u64;
    while i < n {
        let c = 4 * i;
        let (x0, x1, x2, x3): (u32, u32, u32, u32) = philox4x32_10(
            counters[c],
            counters[c + 1],
            counters[c + 2],
            counters[c + 3],
            keys[2 * i],
            keys[2 * i + 1],
        );
        out[c] = x0;
        out[c + 1] = x1;
        out[c + 2] = x2;
        out[c + 3] = x3;
        i += stride;
    }
}
