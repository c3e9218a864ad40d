//! A stable LSD radix sort along rows: the fast path of `sort` and `argsort` for integers and
//! floats (see [`radix_kernels`](super::radix_kernels) for the kernels).
//!
//! The values are mapped to unsigned keys in NumPy's order ([`RadixKey`]), the bits in which
//! the keys differ are found by one reduction (a small scalar read back), and the rows are
//! sorted by one stable counting pass per digit of those bits, least significant first;
//! digits in which every key is the same are skipped. What moves goes back and forth
//! between two sets of buffers.
//!
//! A pass cuts each row into chunks, one thread each: on the CPU a few chunks per worker
//! (each a plain serial loop over a long run) and digits of up to 11 bits (3 passes for
//! random 32-bit keys, 6 for 64-bit ones); on a GPU many chunks of 2048 elements and digits
//! of 8 bits.
//!
//! What moves: the keys; the values too unless the keys give them back (integers always;
//! floats when there is no NaN and no `-0.0`, whose bits a key does not keep), in which case
//! they are made from the sorted keys at the end; and the positions for `argsort`.

use super::radix_kernels::*;
use crate::prelude::*;
use crate::scan::rows::{cpu_workers, launch_items};

/// Element types the radix sort takes: each maps to an unsigned key whose order is NumPy's
/// order of the values (NaN after everything, keeping their order; `-0.0` equal to `0.0`).
pub(crate) trait RadixKey: Num {
    /// `u32` or `u64`.
    type Key: Int + Into<u64>;
    /// The key of every element (an elementwise kernel) and whether every key gives its
    /// element back ([`RadixKey::from_keys`]): false when a NaN or `-0.0` is there.
    fn radix_keys(values: &Array<Self>) -> Result<(Array<Self::Key>, bool)>;
    /// The elements of keys (an elementwise kernel): the inverse of
    /// [`RadixKey::radix_keys`] where it says so.
    fn from_keys(keys: &Array<Self::Key>) -> Result<Array<Self>>;
}

macro_rules! radix_key_int {
    ($($t:ty => $k:ty, $key:ident, $value:ident;)*) => {$(
        impl RadixKey for $t {
            type Key = $k;
            fn radix_keys(values: &Array<$t>) -> Result<(Array<$k>, bool)> {
                Ok(($key(values)?, true))
            }
            fn from_keys(keys: &Array<$k>) -> Result<Array<$t>> {
                $value(keys)
            }
        }
    )*};
}
radix_key_int! {
    i8 => u32, key_i8, value_i8;
    u8 => u32, key_u8, value_u8;
    i16 => u32, key_i16, value_i16;
    u16 => u32, key_u16, value_u16;
    i32 => u32, key_i32, value_i32;
    u32 => u32, key_u32, value_u32;
    i64 => u64, key_i64, value_i64;
    u64 => u64, key_u64, value_u64;
}

macro_rules! radix_key_float {
    ($($t:ty => $k:ty, $key:ident, $value:ident;)*) => {$(
        impl RadixKey for $t {
            type Key = $k;
            fn radix_keys(values: &Array<$t>) -> Result<(Array<$k>, bool)> {
                let (keys, special) = $key(values)?;
                let flat = special.reshape(&[special.len()])?;
                Ok((keys, largest(&flat).run()?.item()? == 0))
            }
            fn from_keys(keys: &Array<$k>) -> Result<Array<$t>> {
                $value(keys)
            }
        }
    )*};
}
radix_key_float! {
    f16 => u32, key_f16, value_f16;
    bf16 => u32, key_bf16, value_bf16;
    f32 => u32, key_f32, value_f32;
    f64 => u64, key_f64, value_f64;
}

/// How a radix sort cuts its work: elements per chunk (one thread each) and the widest digit.
#[derive(Clone, Copy, Debug)]
struct Shape {
    chunk: usize,
    bits: u32,
}

impl Shape {
    /// On a GPU: chunks of 2048 elements, digits of 8 bits (fewer for rows shorter than
    /// 2048: the bit length of the row minus 3, at least 4, so that the counts of short rows
    /// stay small).
    fn gpu(n: usize) -> Shape {
        let len_bits = usize::BITS - n.clamp(1, 2048).leading_zeros();
        Shape {
            chunk: 2048,
            bits: len_bits.saturating_sub(3).clamp(4, 8),
        }
    }

    /// The shape for `rows` rows of `n` elements on `dev`. CPU: about four chunks per worker,
    /// of at least 16 Ki elements (whole rows when the rows are many), digits of up to 11 bits
    /// (measured on 10^7 random floats, one thread: 10% faster than 8 bits for `f32`, 12% for
    /// `f64`; 12 bits is slower again), narrower for chunks shorter than 64 Ki elements (the
    /// bit length of the chunk minus 5, at least 4).
    fn for_device(dev: &Device, rows: usize, n: usize) -> Shape {
        if !dev.is_cpu() {
            return Shape::gpu(n);
        }
        let per_row = (4 * cpu_workers()).div_ceil(rows.max(1));
        let chunk = n.div_ceil(per_row).max(1 << 14);
        // Short rows: fewer buckets (each chunk clears and scans all of them).
        let len_bits = usize::BITS - chunk.min(n).leading_zeros();
        Shape {
            chunk,
            bits: len_bits.saturating_sub(5).clamp(4, 11),
        }
    }
}

/// Sorts each row of `keys` (`[rows, n]`, C-contiguous; copied first if its storage is
/// shared) stably in NumPy's order, and returns the sorted keys with, when `track`, their
/// original positions along the row (else an array of one zero): the contract of
/// [`merge_sort_rows`](super::merge_sort_rows), by a radix sort.
pub(crate) fn radix_sort_rows<T: RadixKey>(
    keys: Array<T>,
    rows: usize,
    n: usize,
    track: bool,
) -> Result<(Array<T>, Array<i64>)> {
    let shape = Shape::for_device(&keys.device(), rows, n);
    radix_sort_rows_in(keys, rows, n, track, shape)
}

/// The digits of one pass: `(shift, bits)` for each group of varying bits of `mask`, at most
/// `max_bits` wide, least significant first; groups in which no bit varies are left out.
fn digit_plan(mask: u64, max_bits: u32) -> Vec<(u32, u32)> {
    if mask == 0 {
        return Vec::new();
    }
    let lo = mask.trailing_zeros();
    let span = 64 - mask.leading_zeros() - lo;
    let passes = span.div_ceil(max_bits.max(1));
    let bits = span.div_ceil(passes);
    (0..passes)
        .map(|p| (lo + p * bits, bits))
        .filter(|&(shift, bits)| (mask >> shift) & ((1u64 << bits) - 1) != 0)
        .collect()
}

/// The buffers a pass reads and those it writes.
struct Buffers<K: DType, T: DType> {
    keys: Array<K>,
    vals: Array<T>,
    pos: Array<i64>,
}

/// [`radix_sort_rows`] cut as `shape` says (the tests run the GPU's shape on the CPU).
fn radix_sort_rows_in<T: RadixKey>(
    keys: Array<T>,
    rows: usize,
    n: usize,
    track: bool,
    shape: Shape,
) -> Result<(Array<T>, Array<i64>)> {
    let dev = keys.device();
    let pos_shape: &[usize] = if track { &[rows, n] } else { &[1] };
    if rows * n == 0 {
        return Ok((keys, Array::<i64>::zeros(&dev, pos_shape)?));
    }
    let chunk = shape.chunk.clamp(1, n);
    let chunks = n.div_ceil(chunk);
    let items = rows * chunks;
    let (cfg, spread) = launch_items(&dev, items)?;
    // The values move only when the keys do not give them back.
    let (radix_keys, invertible) = T::radix_keys(&keys)?;
    let mask: u64 = varying_bits(&radix_keys.reshape(&[rows * n])?)
        .run()?
        .item()?
        .into();
    let plan = digit_plan(mask, shape.bits);
    if plan.is_empty() {
        let mut pos = Array::<i64>::zeros(&dev, pos_shape)?;
        if track {
            row_positions::launch(
                &cfg,
                &mut pos,
                n as u64,
                chunk as u64,
                chunks as u64,
                items as u64,
                spread as u64,
            )?;
        }
        return Ok((keys, pos));
    }
    let carry = !invertible;
    let vals_shape: &[usize] = if carry { &[rows, n] } else { &[1] };
    let mut from = Buffers {
        keys: radix_keys,
        vals: if carry {
            keys
        } else {
            Array::<T>::zeros(&dev, &[1])?
        },
        // Not read by the first pass (the positions are the elements' own).
        pos: Array::<i64>::zeros(&dev, &[1])?,
    };
    let mut to = Buffers {
        keys: Array::<T::Key>::zeros(&dev, &[rows, n])?,
        vals: Array::<T>::zeros(&dev, vals_shape)?,
        pos: Array::<i64>::zeros(&dev, pos_shape)?,
    };
    let radix_max = 1usize << plan.iter().map(|&(_, b)| b).max().unwrap_or(1);
    let mut counts = Array::<u64>::zeros(&dev, &[items * radix_max])?;
    let mut starts = Array::<u64>::zeros(&dev, &[rows * radix_max])?;
    for (p, &(shift, bits)) in plan.iter().enumerate() {
        let radix = 1usize << bits;
        if to.pos.len() != pos_shape.iter().product::<usize>() {
            to.pos = Array::<i64>::zeros(&dev, pos_shape)?;
        }
        count_digits::launch::<T::Key>(
            &cfg,
            &from.keys,
            &mut counts,
            n as u64,
            chunk as u64,
            chunks as u64,
            items as u64,
            spread as u64,
            shift,
            radix as u64,
        )?;
        let (digit_cfg, digit_spread) = launch_items(&dev, rows * radix)?;
        digit_totals::launch(
            &digit_cfg,
            &counts,
            &mut starts,
            chunks as u64,
            radix as u64,
            (rows * radix) as u64,
            digit_spread as u64,
        )?;
        let (row_cfg, row_spread) = launch_items(&dev, rows)?;
        digit_starts::launch(
            &row_cfg,
            &mut starts,
            radix as u64,
            rows as u64,
            row_spread as u64,
        )?;
        chunk_starts::launch(
            &digit_cfg,
            &mut counts,
            &starts,
            chunks as u64,
            radix as u64,
            (rows * radix) as u64,
            digit_spread as u64,
        )?;
        scatter_digits::launch::<T::Key, T>(
            &cfg,
            &from.keys,
            &from.vals,
            &from.pos,
            &mut to.keys,
            &mut to.vals,
            &mut to.pos,
            &mut counts,
            n as u64,
            chunk as u64,
            chunks as u64,
            items as u64,
            spread as u64,
            shift,
            radix as u64,
            p + 1 < plan.len() || !carry,
            carry,
            track,
            p == 0,
        )?;
        std::mem::swap(&mut from, &mut to);
    }
    let vals = if carry {
        from.vals
    } else {
        T::from_keys(&from.keys)?
    };
    Ok((vals, from.pos))
}

#[cfg(test)]
mod tests {
    use super::super::merge_sort_rows;
    use super::*;

    /// The bits of an element (NaN payloads and the sign of zero compared too), and an element
    /// from random bits.
    trait Bits: RadixKey {
        /// Width in bits, and of the mantissa (0 for integers).
        const WIDTH: u32;
        const MANTISSA: u32;
        fn bits(self) -> u64;
        fn from_random(r: u64) -> Self;
    }

    macro_rules! bits_int {
        ($($t:ty),*) => {$(
            impl Bits for $t {
                const WIDTH: u32 = <$t>::BITS;
                const MANTISSA: u32 = 0;
                fn bits(self) -> u64 {
                    self as u64
                }
                fn from_random(r: u64) -> Self {
                    r as $t
                }
            }
        )*};
    }
    bits_int!(i8, u8, i16, u16, i32, u32, i64, u64);

    macro_rules! bits_float {
        ($($t:ty, $u:ty, $m:expr);*) => {$(
            impl Bits for $t {
                const WIDTH: u32 = <$u>::BITS;
                const MANTISSA: u32 = $m;
                fn bits(self) -> u64 {
                    self.to_bits() as u64
                }
                fn from_random(r: u64) -> Self {
                    <$t>::from_bits(r as $u)
                }
            }
        )*};
    }
    bits_float!(f16, u16, 10; bf16, u16, 7; f32, u32, 23; f64, u64, 52);

    /// splitmix64.
    fn random(seed: u64, len: usize) -> Vec<u64> {
        let mut s = seed;
        (0..len)
            .map(|_| {
                s = s.wrapping_add(0x9E37_79B9_7F4A_7C15);
                let mut z = s;
                z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
                z ^ (z >> 31)
            })
            .collect()
    }

    /// The shapes tried: the CPU's, the GPU's, and odd ones (one-element chunks, digits of
    /// one bit, chunks not dividing the rows). In a debug build the cost is in the launches,
    /// one set per digit and pass, so the odd shapes are sized by that: one-element chunks on
    /// rows of at most 100 (the longer rows take chunks of 7), one-bit digits for the keys of
    /// up to 16 bits (the digit plan does not depend on the width; 64 one-bit passes of the
    /// 64-bit keys made most of these tests' time), digits of 3 bits for the wider keys.
    fn shapes(rows: usize, n: usize, width: u32) -> Vec<Shape> {
        let mut all = vec![Shape::for_device(&Device::cpu(), rows, n), Shape::gpu(n)];
        if n <= 100 {
            all.push(Shape { chunk: 1, bits: 8 });
        }
        if n <= 2000 {
            all.extend([
                Shape {
                    chunk: 64,
                    bits: if width <= 16 { 1 } else { 3 },
                },
                Shape { chunk: 7, bits: 3 },
                Shape {
                    chunk: 300,
                    bits: 11,
                },
            ]);
        } else {
            all.push(Shape {
                chunk: 9999,
                bits: 5,
            });
        }
        all
    }

    /// The radix sort of `data` (`[rows, n]`) in every shape, with and without positions,
    /// against the merge sort, bit for bit.
    #[track_caller]
    fn same_as_merge_sort<T: Bits>(data: &[T], rows: usize, n: usize, what: &str) {
        let dev = Device::cpu();
        let bits = |v: Vec<T>| v.into_iter().map(Bits::bits).collect::<Vec<u64>>();
        let input = || Array::from_vec(&dev, &[rows, n], data.to_vec()).unwrap();
        let (want, want_pos) = merge_sort_rows(input(), rows, n, true).unwrap();
        let (want, want_pos) = (bits(want.to_vec().unwrap()), want_pos.to_vec().unwrap());
        for shape in shapes(rows, n, T::WIDTH) {
            let ctx = format!("{what} {} [{rows}, {n}] {shape:?}", T::ID);
            let (got, pos) = radix_sort_rows_in(input(), rows, n, true, shape).unwrap();
            assert_eq!(bits(got.to_vec().unwrap()), want, "{ctx}: keys");
            assert_eq!(pos.to_vec().unwrap(), want_pos, "{ctx}: positions");
            let (got, pos) = radix_sort_rows_in(input(), rows, n, false, shape).unwrap();
            assert_eq!(bits(got.to_vec().unwrap()), want, "{ctx}: keys alone");
            assert_eq!(pos.to_vec().unwrap(), vec![0], "{ctx}: no positions");
        }
    }

    /// `r` made the bits of a value that is neither a NaN nor `-0.0` (the mantissa of a
    /// NaN is kept, `-0.0` becomes `0.0`).
    fn plain_bits<T: Bits>(r: u64) -> u64 {
        let (w, m) = (T::WIDTH, T::MANTISSA);
        let r = r & (u64::MAX >> (64 - w));
        if m == 0 {
            return r;
        }
        let sign = 1u64 << (w - 1);
        let exp = (sign - 1) & !((1u64 << m) - 1);
        if r & exp == exp && r & ((1 << m) - 1) != 0 {
            r & ((1 << m) - 1)
        } else if r == sign {
            0
        } else {
            r
        }
    }

    /// Random data of every size and row count, from random bits (every NaN, subnormal and
    /// infinity for the floats) and from a few values (many ties). Rows of several CPU chunks
    /// (at least 16 Ki elements each: 4 chunks of 50,003, 2 per row of 20,000 with two
    /// workers; more in the GPU shape and that of 9999) only for the 32- and 64-bit types: the
    /// narrower ones take the same `u32` keys and passes, and these sizes made most of the
    /// unit tests' time in a debug build.
    fn random_cases<T: Bits>() {
        let long: &[(usize, usize)] = if T::WIDTH >= 32 {
            &[(1, 50_003), (2, 20_000)]
        } else {
            &[]
        };
        let short = [
            (1, 0),
            (0, 5),
            (1, 1),
            (1, 2),
            (1, 17),
            (1, 1000),
            (3, 1000),
            (5, 17),
        ];
        for &(rows, n) in short.iter().chain(long) {
            let r = random(n as u64 * 31 + rows as u64, rows * n);
            let wide: Vec<T> = r.iter().map(|&r| T::from_random(r)).collect();
            same_as_merge_sort(&wide, rows, n, "random bits");
            let few: Vec<T> = r
                .iter()
                .map(|&r| wide[(r % 7) as usize % wide.len()])
                .collect();
            same_as_merge_sort(&few, rows, n, "seven values");
            if n > 2000 {
                // The rows of several chunks: random bits and ties above are what crosses
                // chunks; the canonical values below are a matter of single keys.
                continue;
            }
            // No NaN, no `-0.0`: the values are made from the sorted keys.
            let plain: Vec<T> = r
                .iter()
                .map(|&r| T::from_random(plain_bits::<T>(r)))
                .collect();
            same_as_merge_sort(&plain, rows, n, "no NaN, no -0.0");
        }
    }

    #[test]
    fn random_integers() {
        random_cases::<i8>();
        random_cases::<u8>();
        random_cases::<i16>();
        random_cases::<u16>();
        random_cases::<i32>();
        random_cases::<u32>();
        random_cases::<i64>();
        random_cases::<u64>();
    }

    #[test]
    fn random_floats() {
        random_cases::<f16>();
        random_cases::<bf16>();
        random_cases::<f32>();
        random_cases::<f64>();
    }

    /// Bit patterns at the edges, with both signs: for floats zero, the smallest and largest
    /// subnormals, the smallest normal, one, the largest finite value, infinity, and NaNs
    /// (quiet, signaling, every payload bit set); for integers 0, 1, -1, the limits.
    fn edge_bits<T: Bits>() -> Vec<u64> {
        let (w, m) = (T::WIDTH, T::MANTISSA);
        let sign = 1u64 << (w - 1);
        let mut magnitudes = vec![0, 1, sign - 1];
        if m > 0 {
            let exp = (sign - 1) & !((1u64 << m) - 1);
            let one = (exp >> 1) & exp;
            magnitudes.extend([
                (1 << m) - 1,
                1 << m,
                one,
                one + 1,
                exp - 1,
                exp,
                exp | (1 << (m - 1)),
                exp | 1,
                exp | ((1 << m) - 1),
                exp | (1 << (m - 1)) | 5,
            ]);
        }
        magnitudes.iter().flat_map(|&b| [b, b | sign]).collect()
    }

    #[test]
    fn edge_values() {
        // Rows of 400: each edge value many times per row, two chunks in the shape of 300.
        fn case<T: Bits>() {
            let edges: Vec<T> = edge_bits::<T>().into_iter().map(T::from_random).collect();
            let r = random(7, 1200);
            let mixed: Vec<T> = r.iter().map(|&r| edges[r as usize % edges.len()]).collect();
            same_as_merge_sort(&mixed, 3, 400, "edge values");
            same_as_merge_sort(&edges, 1, edges.len(), "edge values once");
            // Ascending and descending runs: the sorted values, and reversed.
            let dev = Device::cpu();
            let a = Array::from_vec(&dev, &[3, 400], mixed).unwrap();
            let sorted = merge_sort_rows(a, 3, 400, false)
                .unwrap()
                .0
                .to_vec()
                .unwrap();
            same_as_merge_sort(&sorted, 3, 400, "sorted");
            let reversed: Vec<T> = sorted.iter().rev().copied().collect();
            same_as_merge_sort(&reversed, 3, 400, "reversed");
        }
        case::<i8>();
        case::<u8>();
        case::<i16>();
        case::<u16>();
        case::<i32>();
        case::<u32>();
        case::<i64>();
        case::<u64>();
        case::<f16>();
        case::<bf16>();
        case::<f32>();
        case::<f64>();
    }

    /// Equal keys keep their order: one value repeated (no pass at all), zeros of both signs,
    /// NaNs of every sign and payload (all equal to NumPy, kept as they are bit for bit).
    #[test]
    fn ties_keep_their_order() {
        fn case<T: Bits>() {
            let dev = Device::cpu();
            let edges = edge_bits::<T>();
            let r = random(11, 2000);
            let (w, m) = (T::WIDTH, T::MANTISSA);
            let one: Vec<T> = vec![T::from_random(edges[4]); 2000];
            same_as_merge_sort(&one, 2, 1000, "one value");
            let (sorted, pos) = radix_sort_rows(
                Array::from_vec(&dev, &[2, 1000], one.clone()).unwrap(),
                2,
                1000,
                true,
            )
            .unwrap();
            assert_eq!(sorted.to_vec().unwrap().len(), 2000);
            let identity: Vec<i64> = (0..2).flat_map(|_| 0..1000).collect();
            assert_eq!(pos.to_vec().unwrap(), identity, "{}: one value", T::ID);
            if m > 0 {
                let sign = 1u64 << (w - 1);
                let exp = (sign - 1) & !((1u64 << m) - 1);
                let zeros: Vec<T> = r.iter().map(|&r| T::from_random(r & sign)).collect();
                same_as_merge_sort(&zeros, 2, 1000, "signed zeros");
                let nans: Vec<T> = r
                    .iter()
                    .map(|&r| T::from_random((r & (sign | ((1 << m) - 1))) | exp | 1))
                    .collect();
                same_as_merge_sort(&nans, 2, 1000, "NaNs");
                let (got, pos) = radix_sort_rows(
                    Array::from_vec(&dev, &[2, 1000], nans.clone()).unwrap(),
                    2,
                    1000,
                    true,
                )
                .unwrap();
                let bits = |v: Vec<T>| v.into_iter().map(Bits::bits).collect::<Vec<u64>>();
                assert_eq!(
                    bits(got.to_vec().unwrap()),
                    bits(nans),
                    "{}: NaNs moved",
                    T::ID
                );
                assert_eq!(pos.to_vec().unwrap(), identity, "{}: NaNs", T::ID);
                let mixed: Vec<T> = r
                    .iter()
                    .map(|&r| match r % 4 {
                        0 => T::from_random(r & sign),
                        1 => T::from_random((r & (sign | 3)) | exp | 1),
                        2 => T::from_random(edges[(r >> 8) as usize % edges.len()]),
                        _ => T::from_random(edges[4]),
                    })
                    .collect();
                same_as_merge_sort(&mixed, 1, 2000, "zeros, NaNs and others");
            }
        }
        case::<i8>();
        case::<u16>();
        case::<i64>();
        case::<f16>();
        case::<bf16>();
        case::<f32>();
        case::<f64>();
    }

    /// The digits of the passes: only those holding varying bits, at most `max_bits` wide,
    /// as even as possible.
    #[test]
    fn digit_plans() {
        assert_eq!(digit_plan(0, 8), vec![]);
        assert_eq!(digit_plan(1, 8), vec![(0, 1)]);
        assert_eq!(digit_plan(0xFF00, 8), vec![(8, 8)]);
        assert_eq!(
            digit_plan(0x3FFF_FFFF, 8),
            vec![(0, 8), (8, 8), (16, 8), (24, 8)]
        );
        assert_eq!(
            digit_plan(0x3FFF_FFFF, 11),
            vec![(0, 10), (10, 10), (20, 10)]
        );
        assert_eq!(digit_plan(0x8000_0001, 8), vec![(0, 8), (24, 8)]);
        assert_eq!(digit_plan(u64::MAX, 8).len(), 8);
        assert_eq!(digit_plan(1 << 63, 8), vec![(63, 1)]);
    }

    /// Every kernel of the radix sort compiled by NVRTC for each dtype it is instantiated with
    /// (skipped when NVRTC is missing).
    #[test]
    fn kernels_compile_with_nvrtc() {
        use super::super::radix_kernels::*;
        use crate::scan::nvrtc::{available, elementwise, raw};
        use array_runtime::cuda::verify;
        use array_runtime::kernel::elementwise::ElementwiseDef;
        use array_runtime::DTypeId::*;
        if !available("radix sort kernels") {
            return;
        }
        type Def = &'static ElementwiseDef;
        let kernels: [(DTypeId, DTypeId, Def, Def); 12] = [
            (I8, U32, &key_i8::DEF, &value_i8::DEF),
            (U8, U32, &key_u8::DEF, &value_u8::DEF),
            (I16, U32, &key_i16::DEF, &value_i16::DEF),
            (U16, U32, &key_u16::DEF, &value_u16::DEF),
            (I32, U32, &key_i32::DEF, &value_i32::DEF),
            (U32, U32, &key_u32::DEF, &value_u32::DEF),
            (I64, U64, &key_i64::DEF, &value_i64::DEF),
            (U64, U64, &key_u64::DEF, &value_u64::DEF),
            (F16, U32, &key_f16::DEF, &value_f16::DEF),
            (BF16, U32, &key_bf16::DEF, &value_bf16::DEF),
            (F32, U32, &key_f32::DEF, &value_f32::DEF),
            (F64, U64, &key_f64::DEF, &value_f64::DEF),
        ];
        for (t, k, key, value) in kernels {
            let flags: &[DTypeId] = if t.is_float() { &[k, U8] } else { &[k] };
            elementwise(key, &[], &[t], flags);
            elementwise(value, &[], &[k], &[t]);
            raw(&scatter_digits::DEF, &[k, t]);
        }
        for k in [U32, U64] {
            raw(&count_digits::DEF, &[k]);
        }
        verify::reduction(&varying_bits::instance::<u32>(), false).unwrap();
        verify::reduction(&varying_bits::instance::<u64>(), false).unwrap();
        verify::reduction(&largest::instance::<u8>(), false).unwrap();
        raw(&digit_totals::DEF, &[]);
        raw(&digit_starts::DEF, &[]);
        raw(&chunk_starts::DEF, &[]);
        raw(&row_positions::DEF, &[]);
    }

    /// The entry point: the device's own shape, with and without positions.
    #[test]
    fn radix_sort_rows_on_the_cpu() {
        let dev = Device::cpu();
        let data: Vec<f32> = random(3, 5000)
            .iter()
            .map(|&r| (r % 1000) as f32 - 500.0)
            .collect();
        let (want, want_pos) = merge_sort_rows(
            Array::from_vec(&dev, &[5, 1000], data.clone()).unwrap(),
            5,
            1000,
            true,
        )
        .unwrap();
        let input = Array::from_vec(&dev, &[5, 1000], data).unwrap();
        let (got, pos) = radix_sort_rows(input.clone(), 5, 1000, true).unwrap();
        assert_eq!(got.to_vec().unwrap(), want.to_vec().unwrap());
        assert_eq!(pos.to_vec().unwrap(), want_pos.to_vec().unwrap());
        let (alone, none) = radix_sort_rows(input, 5, 1000, false).unwrap();
        assert_eq!(alone.to_vec().unwrap(), want.to_vec().unwrap());
        assert_eq!(none.shape(), &[1]);
    }
}
