//! Philox4x32-10 over SIMD lanes: the CPU specialization of a random kernel's stream.
//!
//! The random kernels of `kernels-std` read a counter-based stream: block `b` is
//! `philox4x32_10((b lo, b hi, 0, 0), key)`, read as two 64-bit words. Their generic path (a
//! `#[device_fn]`, the same source on both backends) computes one block per emulated thread
//! on the CPU. [`philox_pairs`] computes sixteen blocks at once in 512-bit registers when the
//! CPU has AVX-512 (the counter and each 32-bit word in the low half of a 64-bit lane, so that
//! `vpmuludq` gives the full 64-bit products the rounds need), and hands each block's words to
//! the caller's transform, in parallel over the output.
//!
//! The words are bit for bit those of the generic path: the caller passes that path's block
//! function, which this module calls itself where there is no AVX-512 and for the blocks left
//! over after the last group of sixteen (the tests compare the two on every counter pattern).
//! The transform is compiled inside each instruction set's copy of the loop (AVX-512, AVX2,
//! baseline), so it should be an `#[inline(always)]` closure of exactly rounded operations:
//! every copy then computes the same bits.
//!
//! This is one of the runtime's raw-memory modules (`unsafe` with a `// SAFETY:` line each).

use rayon::prelude::*;

/// Blocks per parallel task (64 Ki output elements): large enough that a task's hand-off is
/// a small part of its time, small enough that two workers share a 1e5-element call.
const TASK_BLOCKS: usize = 32 * 1024;

/// Blocks computed together by the AVX-512 path: two independent groups of eight lanes, so
/// that each round's multiplications of one group overlap the other's.
const GROUP: usize = 16;

/// Philox4x32-10's round multipliers (Random123's `PHILOX_M4x32_0/1`).
const MUL: [u32; 2] = [0xD251_1F53, 0xCD9E_8D57];
/// Philox4x32-10's key increments (Random123's `PHILOX_W32_0/1`).
const WEYL: [u32; 2] = [0x9E37_79B9, 0xBB67_AE85];

/// Fills `out` from the stream's blocks `base, base + 1, ...`: elements `2k` and `2k + 1` are
/// `f(k, w0, w1)`, with `(w0, w1)` the words of block `base + k` under `key` (an odd `out`
/// drops the second value of its last block). `words(b)` is the generic path's block function,
/// `(x1 << 32 | x0, x3 << 32 | x2)` of `philox4x32_10((b as u32, (b >> 32) as u32, 0, 0),
/// key)`; this computes the same words, sixteen blocks at a time where the CPU has AVX-512.
/// Runs in parallel on the global thread pool when `out` spans several tasks.
///
/// ```
/// use array_runtime::cpu::philox::philox_pairs;
///
/// // The generic path: Philox4x32-10 one block at a time.
/// fn words(key: [u32; 2], block: u64) -> (u64, u64) {
///     let (mut x, mut k) = ([block as u32, (block >> 32) as u32, 0, 0], key);
///     for round in 0..10 {
///         if round > 0 {
///             k = [k[0].wrapping_add(0x9E37_79B9), k[1].wrapping_add(0xBB67_AE85)];
///         }
///         let p0 = 0xD251_1F53u64 * x[0] as u64;
///         let p1 = 0xCD9E_8D57u64 * x[2] as u64;
///         x = [(p1 >> 32) as u32 ^ x[1] ^ k[0], p1 as u32, (p0 >> 32) as u32 ^ x[3] ^ k[1], p0 as u32];
///     }
///     (((x[1] as u64) << 32) | x[0] as u64, ((x[3] as u64) << 32) | x[2] as u64)
/// }
/// let key = [7, 9];
/// let mut out = vec![0u64; 101];
/// philox_pairs(key, 1 << 32, &mut out, |b| words(key, b), |_, w0, w1| (w0, w1));
/// for (i, &w) in out.iter().enumerate() {
///     let (w0, w1) = words(key, (1 << 32) + i as u64 / 2);
///     assert_eq!(w, if i % 2 == 0 { w0 } else { w1 });
/// }
/// ```
pub fn philox_pairs<T, W, F>(key: [u32; 2], base: u64, out: &mut [T], words: W, f: F)
where
    T: Copy + Default + Send,
    W: Fn(u64) -> (u64, u64) + Sync,
    F: Fn(u64, u64, u64) -> (T, T) + Sync,
{
    let task = |t: usize, out: &mut [T]| {
        let first = (t * TASK_BLOCKS) as u64;
        fill(key, base, first, out, &words, &f);
    };
    if out.len() > 2 * TASK_BLOCKS {
        out.par_chunks_mut(2 * TASK_BLOCKS)
            .enumerate()
            .for_each(|(t, o)| task(t, o));
    } else {
        task(0, out);
    }
}

/// One task: `out` holds the elements of blocks `first, first + 1, ...` of the call (stream
/// blocks `base + first, ...`), compiled for the widest instruction set this CPU has: the
/// blocks in AVX-512 registers where it has AVX-512, else one at a time by `words` (the
/// transform still gets AVX2's vectors where the CPU has them).
fn fill<T, W, F>(key: [u32; 2], base: u64, first: u64, out: &mut [T], words: &W, f: &F)
where
    T: Copy + Default,
    W: Fn(u64) -> (u64, u64),
    F: Fn(u64, u64, u64) -> (T, T),
{
    #[cfg(target_arch = "x86_64")]
    {
        use crate::cpu::isa::Isa;
        if Isa::Avx512.available() {
            // SAFETY: the CPU supports AVX-512 F, DQ, VL and BW and AVX2 (detected at run
            // time just above), the requirement of `fill_avx512`'s `#[target_feature]`s.
            return unsafe { fill_avx512(key, base, first, out, words, f) };
        }
        if Isa::Avx2.available() {
            // SAFETY: the CPU supports AVX2 (detected just above), `fill_avx2`'s requirement.
            return unsafe { fill_avx2(base, first, out, words, f) };
        }
    }
    fill_groups(base, first, out, |b| scalar_group(words, b), words, f);
}

/// The words of the sixteen blocks `first, ...` (wrapping) one block at a time by `words`.
#[inline(always)]
fn scalar_group<W: Fn(u64) -> (u64, u64)>(words: &W, first: u64) -> ([u64; GROUP], [u64; GROUP]) {
    let (mut w0, mut w1) = ([0u64; GROUP], [0u64; GROUP]);
    for j in 0..GROUP {
        (w0[j], w1[j]) = words(first.wrapping_add(j as u64));
    }
    (w0, w1)
}

/// The task's loop, written once for every instruction set: `group(b)` gives the words of the
/// sixteen blocks from stream block `b`; the transform runs over them as a counted loop into
/// two arrays (which LLVM vectorizes where the transform allows), then the interleaved stores.
/// The blocks after the last whole group are computed one at a time by `words`.
#[inline(always)]
fn fill_groups<T, G, W, F>(base: u64, first: u64, out: &mut [T], group: G, words: &W, f: &F)
where
    T: Copy + Default,
    G: Fn(u64) -> ([u64; GROUP], [u64; GROUP]),
    W: Fn(u64) -> (u64, u64),
    F: Fn(u64, u64, u64) -> (T, T),
{
    let mut k = first;
    let mut groups = out.chunks_exact_mut(2 * GROUP);
    for chunk in &mut groups {
        let (w0, w1) = group(base.wrapping_add(k));
        let (mut even, mut odd) = ([T::default(); GROUP], [T::default(); GROUP]);
        for j in 0..GROUP {
            (even[j], odd[j]) = f(k + j as u64, w0[j], w1[j]);
        }
        for (j, pair) in chunk.chunks_exact_mut(2).enumerate() {
            pair[0] = even[j];
            pair[1] = odd[j];
        }
        k += GROUP as u64;
    }
    let mut pairs = groups.into_remainder().chunks_exact_mut(2);
    for pair in &mut pairs {
        let (w0, w1) = words(base.wrapping_add(k));
        (pair[0], pair[1]) = f(k, w0, w1);
        k += 1;
    }
    if let [last] = pairs.into_remainder() {
        let (w0, w1) = words(base.wrapping_add(k));
        *last = f(k, w0, w1).0;
    }
}

/// [`fill_groups`] with the blocks computed sixteen at a time in AVX-512 registers (the
/// transform `f` is compiled here too, so it gets the wider instruction set).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512dq,avx512vl,avx512bw,avx2")]
fn fill_avx512<T, W, F>(key: [u32; 2], base: u64, first: u64, out: &mut [T], words: &W, f: &F)
where
    T: Copy + Default,
    W: Fn(u64) -> (u64, u64),
    F: Fn(u64, u64, u64) -> (T, T),
{
    let keys = RoundKeys::new(key);
    fill_groups(base, first, out, |b| blocks16(&keys, b), words, f);
}

/// [`fill_groups`] compiled for AVX2, with the blocks one at a time by `words`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn fill_avx2<T, W, F>(base: u64, first: u64, out: &mut [T], words: &W, f: &F)
where
    T: Copy + Default,
    W: Fn(u64) -> (u64, u64),
    F: Fn(u64, u64, u64) -> (T, T),
{
    fill_groups(base, first, out, |b| scalar_group(words, b), words, f);
}

/// The ten round keys of `key`, each broadcast to every 64-bit lane.
#[cfg(target_arch = "x86_64")]
struct RoundKeys {
    a: [std::arch::x86_64::__m512i; 10],
    b: [std::arch::x86_64::__m512i; 10],
}

#[cfg(target_arch = "x86_64")]
impl RoundKeys {
    #[target_feature(enable = "avx512f")]
    fn new(key: [u32; 2]) -> Self {
        use std::arch::x86_64::*;
        let mut keys = RoundKeys {
            a: [_mm512_setzero_si512(); 10],
            b: [_mm512_setzero_si512(); 10],
        };
        let [mut a, mut b] = key;
        for round in 0..10 {
            if round > 0 {
                a = a.wrapping_add(WEYL[0]);
                b = b.wrapping_add(WEYL[1]);
            }
            keys.a[round] = _mm512_set1_epi64(i64::from(a));
            keys.b[round] = _mm512_set1_epi64(i64::from(b));
        }
        keys
    }
}

/// The words of the sixteen blocks `first, ..., first + 15` (wrapping at 2^64, as the
/// generic path's `base + k` does): `(w0[j], w1[j])` is block `first + j`.
///
/// Each 32-bit word of the state lives in the low half of a 64-bit lane; `vpmuludq` reads
/// only those halves, so the high halves may hold anything until the words are assembled.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512dq,avx512vl,avx512bw,avx2")]
#[inline]
fn blocks16(keys: &RoundKeys, first: u64) -> ([u64; GROUP], [u64; GROUP]) {
    use std::arch::x86_64::*;
    let m0 = _mm512_set1_epi64(i64::from(MUL[0]));
    let m1 = _mm512_set1_epi64(i64::from(MUL[1]));
    let lanes = _mm512_set_epi64(7, 6, 5, 4, 3, 2, 1, 0);
    // The counters as u64 lanes (`add_epi64` wraps as the generic path's u64 does).
    let c = _mm512_add_epi64(_mm512_set1_epi64(first as i64), lanes);
    let d = _mm512_add_epi64(c, _mm512_set1_epi64(8));
    // State (x0, x1, x2, x3) of each group; x2 = x3 = 0 (attempt 0, fourth word 0).
    let (mut x0, mut x1) = (c, _mm512_srli_epi64::<32>(c));
    let (mut y0, mut y1) = (d, _mm512_srli_epi64::<32>(d));
    let (mut x2, mut x3) = (_mm512_setzero_si512(), _mm512_setzero_si512());
    let (mut y2, mut y3) = (_mm512_setzero_si512(), _mm512_setzero_si512());
    for round in 0..10 {
        let (ka, kb) = (keys.a[round], keys.b[round]);
        let p0 = _mm512_mul_epu32(x0, m0);
        let p1 = _mm512_mul_epu32(x2, m1);
        let q0 = _mm512_mul_epu32(y0, m0);
        let q1 = _mm512_mul_epu32(y2, m1);
        // 0x96: a ^ b ^ c. The low halves: hi(p1) ^ x1 ^ ka, as the generic round.
        x0 = _mm512_ternarylogic_epi64::<0x96>(_mm512_srli_epi64::<32>(p1), x1, ka);
        x2 = _mm512_ternarylogic_epi64::<0x96>(_mm512_srli_epi64::<32>(p0), x3, kb);
        y0 = _mm512_ternarylogic_epi64::<0x96>(_mm512_srli_epi64::<32>(q1), y1, ka);
        y2 = _mm512_ternarylogic_epi64::<0x96>(_mm512_srli_epi64::<32>(q0), y3, kb);
        // lo(p): the low halves of the products (the high halves are ignored from here on).
        (x1, x3, y1, y3) = (p1, p0, q1, q0);
    }
    // w = (hi << 32) | (lo & 0xFFFF_FFFF): 0xF8 is a | (b & c).
    let low = _mm512_set1_epi64(0xFFFF_FFFF);
    let word = |lo, hi| _mm512_ternarylogic_epi64::<0xF8>(_mm512_slli_epi64::<32>(hi), lo, low);
    let (mut w0, mut w1) = ([0u64; GROUP], [0u64; GROUP]);
    let halves = [
        (word(x0, x1), word(x2, x3), 0),
        (word(y0, y1), word(y2, y3), 8),
    ];
    for (v0, v1, at) in halves {
        // SAFETY: `w0[at..at + 8]` and `w1[at..at + 8]` are 64 bytes each inside the arrays
        // (`at` is 0 or 8 of 16 elements); `storeu` has no alignment requirement.
        unsafe {
            _mm512_storeu_si512(w0.as_mut_ptr().add(at).cast(), v0);
            _mm512_storeu_si512(w1.as_mut_ptr().add(at).cast(), v1);
        }
    }
    (w0, w1)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The generic path, written out as the kernels' `#[device_fn]` is.
    fn words(key: [u32; 2], block: u64) -> (u64, u64) {
        let (mut x0, mut x1, mut x2, mut x3) = (block as u32, (block >> 32) as u32, 0u32, 0u32);
        let [mut a, mut b] = key;
        for round in 0..10 {
            if round > 0 {
                a = a.wrapping_add(WEYL[0]);
                b = b.wrapping_add(WEYL[1]);
            }
            let p0 = u64::from(MUL[0]) * u64::from(x0);
            let p1 = u64::from(MUL[1]) * u64::from(x2);
            (x0, x1, x2, x3) = (
                (p1 >> 32) as u32 ^ x1 ^ a,
                p1 as u32,
                (p0 >> 32) as u32 ^ x3 ^ b,
                p0 as u32,
            );
        }
        (
            (u64::from(x1) << 32) | u64::from(x0),
            (u64::from(x3) << 32) | u64::from(x2),
        )
    }

    fn expected(key: [u32; 2], base: u64, n: usize) -> Vec<(u64, u64, u64)> {
        (0..n)
            .map(|i| {
                let k = i as u64 / 2;
                let (w0, w1) = words(key, base.wrapping_add(k));
                (k, if i % 2 == 0 { w0 } else { w1 }, i as u64)
            })
            .collect()
    }

    #[test]
    fn random123_known_answer() {
        // Random123's vector for a zero counter and key: (0x6627e8d5, 0xe169c58d,
        // 0xbc57ac4c, 0x9b00dbd8).
        let mut out = [0u64; 2];
        philox_pairs(
            [0, 0],
            0,
            &mut out,
            |b| words([0, 0], b),
            |_, w0, w1| (w0, w1),
        );
        assert_eq!(out, [0xe169c58d_6627e8d5, 0x9b00dbd8_bc57ac4c]);
    }

    #[test]
    fn the_lanes_give_the_generic_words_on_every_counter_pattern() {
        // Lengths around the group (16 blocks) and task (32 Ki blocks) sizes, odd and even;
        // bases that carry into the counter's high word and wrap at 2^64.
        let lens = [
            0,
            1,
            2,
            31,
            32,
            33,
            34,
            1000,
            2 * TASK_BLOCKS + 5,
            5 * TASK_BLOCKS + 33,
        ];
        let bases = [0, 3, (1 << 32) - 7, u64::MAX - 20, 0x1234_5678_9abc_def0];
        for (key, &base) in [[0u32, 0], [7, 9], [u32::MAX, 0x8000_0001]]
            .iter()
            .zip(&bases)
        {
            for &n in &lens {
                let mut out = vec![(0, 0, 0); n];
                philox_pairs(
                    *key,
                    base,
                    &mut out,
                    |b| words(*key, b),
                    |k, w0, w1| ((k, w0, 2 * k), (k, w1, 2 * k + 1)),
                );
                assert_eq!(
                    out,
                    expected(*key, base, n),
                    "key {key:?} base {base} n {n}"
                );
            }
        }
        for &base in &bases {
            let mut out = vec![(0, 0, 0); 77];
            let key = [0x0102_0304, 0xa0b0_c0d0];
            philox_pairs(
                key,
                base,
                &mut out,
                |b| words(key, b),
                |k, w0, w1| ((k, w0, 2 * k), (k, w1, 2 * k + 1)),
            );
            assert_eq!(out, expected(key, base, 77), "base {base}");
        }
    }

    #[test]
    fn every_instruction_set_gives_the_same_words() {
        let key = [11, 13];
        let want: Vec<u64> = expected(key, 5, 1001).into_iter().map(|e| e.1).collect();
        let run = |fill: &dyn Fn(&mut [u64])| {
            let mut out = vec![0u64; 1001];
            fill(&mut out);
            assert_eq!(out, want);
        };
        let (w, f) = (&|b| words(key, b), &|_, w0, w1| (w0, w1));
        run(&|o| fill_groups(5, 0, o, |b| scalar_group(w, b), w, f));
        #[cfg(target_arch = "x86_64")]
        {
            use crate::cpu::isa::Isa;
            if Isa::Avx2.available() {
                // SAFETY: the CPU supports AVX2 (checked just above).
                run(&|o| unsafe { fill_avx2(5, 0, o, w, f) });
            }
            if Isa::Avx512.available() {
                // SAFETY: the CPU supports AVX-512 F, DQ, VL and BW and AVX2 (checked above).
                run(&|o| unsafe { fill_avx512(key, 5, 0, o, w, f) });
            }
        }
    }
}
