//! The pairwise fold of one run of elements (NumPy's summation order), compiled twice: for the
//! baseline x86-64 instruction set and for AVX2, chosen at run time by what the CPU has. The
//! kernel's `map` and `combine` are inlined into the fold, so the AVX2 copy packs sixteen
//! lanes into two or four 256-bit registers where the baseline has 128-bit ones (and no
//! `blendv` for NumPy's NaN-propagating max).
//!
//! The order: blocks of [`BLOCK`] elements, each folded with [`LANES`] interleaved
//! accumulators (sixteen elements per lane, as in NumPy's 128-element blocks of eight lanes;
//! accumulators wider than 8 bytes take eight lanes, 32 elements each),
//! the lanes combined in order, and the blocks combined pairwise (a binary counter:
//! the partial results of 2^k blocks are combined before any later block joins them), so a
//! float sum's rounding error grows like NumPy's, O(log n).

use crate::kernel::reduction::ReduceKernel;

/// Interleaved accumulators of a block of small accumulators (8 bytes or less); larger ones
/// (tuples such as argmax's (value, index)) use half as many: measured on argmax, sixteen
/// lanes of tuples spill registers and run 1.8x slower than eight.
pub(crate) const LANES: usize = 16;
/// Elements folded by one block.
pub(crate) const BLOCK: usize = 256;

/// Folds elements `lo..hi` (`hi > lo`) of a run whose first element has position `index0`
/// along the reduced axes, with the best instruction set this CPU has.
pub(crate) fn pairwise<K: ReduceKernel>(
    s: &K::Slices<'_>,
    lo: usize,
    hi: usize,
    index0: i64,
) -> K::Acc {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU supports AVX2 (detected at run time just above), the only
            // requirement of a `#[target_feature(enable = "avx2")]` function.
            return unsafe { pairwise_avx2::<K>(s, lo, hi, index0) };
        }
    }
    pairwise_inline::<K>(s, lo, hi, index0)
}

/// [`pairwise_inline`] compiled for AVX2.
///
/// # Safety
/// The CPU must support AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn pairwise_avx2<K: ReduceKernel>(
    s: &K::Slices<'_>,
    lo: usize,
    hi: usize,
    index0: i64,
) -> K::Acc {
    pairwise_inline::<K>(s, lo, hi, index0)
}

/// The blocks of `lo..hi` combined pairwise (see the module's documentation).
#[inline(always)]
fn pairwise_inline<K: ReduceKernel>(
    s: &K::Slices<'_>,
    lo: usize,
    hi: usize,
    index0: i64,
) -> K::Acc {
    if hi - lo <= BLOCK {
        return if std::mem::size_of::<K::Acc>() <= 8 {
            block::<K, LANES>(s, lo, hi, index0)
        } else {
            block::<K, { LANES / 2 }>(s, lo, hi, index0)
        };
    }
    // stack[..depth]: partial results, each of 2^level blocks, levels strictly decreasing.
    let mut stack: [Option<(K::Acc, u32)>; 64] = [None; 64];
    let mut depth = 0;
    let mut b0 = lo;
    while b0 < hi {
        let b1 = (b0 + BLOCK).min(hi);
        let mut acc = if std::mem::size_of::<K::Acc>() <= 8 {
            block::<K, LANES>(s, b0, b1, index0)
        } else {
            block::<K, { LANES / 2 }>(s, b0, b1, index0)
        };
        let mut level = 0;
        while depth > 0 {
            match stack[depth - 1] {
                Some((prev, l)) if l == level => {
                    acc = K::combine(prev, acc);
                    level += 1;
                    depth -= 1;
                }
                _ => break,
            }
        }
        stack[depth] = Some((acc, level));
        depth += 1;
        b0 = b1;
    }
    // What is left, from the most recent (smallest) partial result to the oldest.
    let mut acc = stack[depth - 1].expect("a non-empty run has a block").0;
    for entry in stack[..depth - 1].iter().rev() {
        let (prev, _) = entry.expect("entries below the top are set");
        acc = K::combine(prev, acc);
    }
    acc
}

/// Folds elements `lo..hi` (`hi > lo`) exactly as one [`pairwise`] call over them would, from
/// the folds of its pieces of `unit` elements (`fold(a, b)`: [`pairwise`] over `a..b`, the last
/// piece possibly shorter), so a run can be produced piece by piece (a fused expression
/// computed a chunk at a time) without changing a float sum's bits.
///
/// `unit` must be a power-of-two multiple of [`BLOCK`]: a piece's fold is then one node of the
/// binary counter `pairwise` keeps over blocks, and the pieces' folds are combined by the same
/// counter (equal levels merged as they come, the rest from the most recent to the oldest).
pub(crate) fn pairwise_pieces<K: ReduceKernel, E>(
    lo: usize,
    hi: usize,
    unit: usize,
    mut fold: impl FnMut(usize, usize) -> Result<K::Acc, E>,
) -> Result<K::Acc, E> {
    debug_assert!(unit.is_multiple_of(BLOCK) && (unit / BLOCK).is_power_of_two());
    let mut stack: Vec<(K::Acc, u32)> = Vec::new();
    let mut p0 = lo;
    while p0 < hi {
        let p1 = (p0 + unit).min(hi);
        let mut acc = fold(p0, p1)?;
        let mut level = 0;
        while let Some(&(prev, l)) = stack.last() {
            if l != level {
                break;
            }
            acc = K::combine(prev, acc);
            level += 1;
            stack.pop();
        }
        stack.push((acc, level));
        p0 = p1;
    }
    let (mut acc, _) = stack.pop().expect("a non-empty run has a piece");
    while let Some((prev, _)) = stack.pop() {
        acc = K::combine(prev, acc);
    }
    Ok(acc)
}

/// Folds at most [`BLOCK`] elements `lo..hi` (`hi > lo`) with `L` interleaved accumulators.
#[inline(always)]
fn block<K: ReduceKernel, const L: usize>(
    s: &K::Slices<'_>,
    lo: usize,
    hi: usize,
    index0: i64,
) -> K::Acc {
    let n = hi - lo;
    let at = |w: &K::Slices<'_>, j: usize, i: usize| K::map(w, j, index0 + i as i64);
    if n < L {
        let w = K::sub(s, lo, hi);
        let mut acc = at(&w, 0, lo);
        for j in 1..n {
            acc = K::combine(acc, at(&w, j, lo + j));
        }
        return acc;
    }
    // Windows of L elements: each window is a sub-run of known length, so `map`'s
    // indexing needs no check; map the window, then combine lane by lane: two straight-line
    // steps the vectorizer packs into vector operations.
    let w = K::sub(s, lo, lo + L);
    let mut r: [K::Acc; L] = std::array::from_fn(|j| at(&w, j, lo + j));
    let mut i = lo + L;
    while i + L <= hi {
        let w = K::sub(s, i, i + L);
        let m: [K::Acc; L] = std::array::from_fn(|j| at(&w, j, i + j));
        for (rj, mj) in r.iter_mut().zip(m) {
            *rj = K::combine(*rj, mj);
        }
        i += L;
    }
    // The lanes in order: a balanced tree here (combining lane j with lane j + L/2, ...) makes
    // LLVM's SLP vectorizer pack the whole block, window loop included, into 2-wide vectors
    // (measured: NaN-propagating max of 10^7 f32 1.6x slower than with this chain).
    let mut acc = r[0];
    for &rj in &r[1..] {
        acc = K::combine(acc, rj);
    }
    if i < hi {
        let w = K::sub(s, i, hi);
        for j in 0..hi - i {
            acc = K::combine(acc, at(&w, j, i + j));
        }
    }
    acc
}
