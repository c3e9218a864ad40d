//! The CPU path of the stream's simple distributions (`random`, `uniform`, `standard_normal`,
//! `normal`, `standard_exponential`, `exponential`, `integers`, `random_raw`) when their
//! parameters are scalars: the stream's blocks from the runtime's SIMD Philox
//! ([`philox_pairs`]), each block's words through the same `#[device_fn]`s the raw kernels
//! call, so the numbers are bit for bit those of the kernels (the tests compare the two).
//!
//! The raw kernels stay the path of the GPU and of array parameters. On the CPU they emulate
//! one CUDA thread per block of the stream, scalar; this path computes sixteen blocks at once
//! where the CPU has AVX-512 and compiles the transform for it too (so the transforms are
//! `#[inline(always)]` closures: an out-of-line one would run as built, one call per block).

use crate::prelude::*;
use array_runtime::cpu::philox::philox_pairs;
use array_runtime::cuda::blas_support::{host_storage, host_storage_mut};

use super::philox::philox_words;

/// The value of a one-element parameter held on the CPU, or `None` (a GPU array, or an array
/// parameter of several elements: the raw kernel's case).
pub(crate) fn host_scalar<T: DType>(a: &Array<T>) -> Option<T> {
    if a.len() != 1 {
        return None;
    }
    host_storage(a)?.get(a.layout().offset).copied()
}

/// Fills `out`, a C-contiguous array, from the stream under `key` starting at block `base`:
/// elements `2k` and `2k + 1` are `f(base + k, w0, w1)` with `(w0, w1)` the words of block
/// `base + k` (the raw kernels' layout). `Ok(false)`, with `out` untouched, when `out` is not
/// a C-contiguous array on the CPU (the raw kernel's case).
pub(crate) fn fill_pairs<T, F>(out: &mut Array<T>, key: [u32; 2], base: u64, f: F) -> Result<bool>
where
    T: DType,
    F: Fn(u64, u64, u64) -> (T, T) + Sync,
{
    if !out.is_c_contiguous() {
        return Ok(false);
    }
    let (offset, len) = (out.layout().offset, out.len());
    let Some(data) = host_storage_mut(out)? else {
        return Ok(false);
    };
    let data = data
        .get_mut(offset..offset + len)
        .ok_or_else(|| Error::invalid("random: an output array outside its storage"))?;
    let [k0, k1] = key;
    philox_pairs(
        key,
        base,
        data,
        |block| philox_words(k0, k1, block, 0u32),
        #[inline(always)]
        |k, w0, w1| f(base.wrapping_add(k), w0, w1),
    );
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::kernels::{
        exponential_f32, exponential_f64, integers, normal_f32, normal_f64, raw_words, uniform_f32,
        uniform_f64,
    };
    use crate::random::{Generator, RandomFloat};

    /// The raw kernels' launch (one emulated thread per block up to 256 Ki threads).
    fn launch(n: usize) -> LaunchConfig {
        super::super::generator::launch_for((n as u64).div_ceil(2))
    }

    fn bits<T: DType + Into<f64>>(a: &Array<T>) -> Vec<u64> {
        a.to_vec()
            .unwrap()
            .into_iter()
            .map(|v| v.into().to_bits())
            .collect()
    }

    /// Lengths around the SIMD group (16 blocks) and task (32 Ki blocks) sizes, odd and
    /// even; bases that carry into the counter's high word.
    const LENS: [usize; 6] = [1, 2, 33, 64, 1001, 65_536 * 2 + 35];
    const BASES: [u64; 3] = [0, (1 << 32) - 5, 0x1234_5678_9abc];

    /// Runs the raw kernel (`kernel`) and the host path (`host`) into new arrays of `n`
    /// elements and asserts that they hold the same bits.
    fn same_bits<T: DType + Into<f64>>(
        n: usize,
        case: &str,
        kernel: impl Fn(&mut Array<T>) -> Result<()>,
        host: impl Fn(&mut Array<T>) -> Result<()>,
    ) -> Result<()> {
        let dev = Device::cpu();
        let (mut want, mut got) = (
            Array::<T>::zeros(&dev, &[n])?,
            Array::<T>::zeros(&dev, &[n])?,
        );
        kernel(&mut want)?;
        host(&mut got)?;
        assert_eq!(bits(&got), bits(&want), "{case}");
        Ok(())
    }

    #[test]
    fn the_host_path_gives_the_raw_kernels_bits() -> Result<()> {
        let dev = Device::cpu();
        let [k0, k1] = [0x9e37_79b9, 17];
        let key = [k0, k1];
        for &n in &LENS {
            for &base in &BASES {
                let one = |v: f64| Array::from_vec(&dev, &[1], vec![v]);
                let one32 = |v: f32| Array::from_vec(&dev, &[1], vec![v]);
                let l = launch(n);
                let case = |what: &str| format!("{what} n {n} base {base}");

                let (lo, hi) = (one(-2.5)?, one(7.0)?);
                same_bits::<f64>(
                    n,
                    &case("uniform f64"),
                    |o| uniform_f64::launch(&l, o, k0, k1, base, &lo, &hi),
                    |o| f64::launch_uniform(&l, o, key, base, &lo, &hi),
                )?;
                let (lo, hi) = (one32(-2.5)?, one32(7.0)?);
                same_bits::<f32>(
                    n,
                    &case("uniform f32"),
                    |o| uniform_f32::launch(&l, o, k0, k1, base, &lo, &hi),
                    |o| f32::launch_uniform(&l, o, key, base, &lo, &hi),
                )?;

                let (m, s) = (one(1.5)?, one(3.0)?);
                same_bits::<f64>(
                    n,
                    &case("normal f64"),
                    |o| normal_f64::launch(&l, o, k0, k1, base, &m, &s),
                    |o| f64::launch_normal(&l, o, key, base, &m, &s),
                )?;
                let (m, s) = (one32(1.5)?, one32(3.0)?);
                same_bits::<f32>(
                    n,
                    &case("normal f32"),
                    |o| normal_f32::launch(&l, o, k0, k1, base, &m, &s),
                    |o| f32::launch_normal(&l, o, key, base, &m, &s),
                )?;

                let s = one(0.25)?;
                same_bits::<f64>(
                    n,
                    &case("exponential f64"),
                    |o| exponential_f64::launch(&l, o, k0, k1, base, &s),
                    |o| f64::launch_exponential(&l, o, key, base, &s),
                )?;
                let s = one32(0.25)?;
                same_bits::<f32>(
                    n,
                    &case("exponential f32"),
                    |o| exponential_f32::launch(&l, o, k0, k1, base, &s),
                    |o| f32::launch_exponential(&l, o, key, base, &s),
                )?;

                // raw words
                let mut want = Array::<u64>::zeros(&dev, &[n])?;
                raw_words::launch(&l, &mut want, k0, k1, base)?;
                let mut got = Array::<u64>::zeros(&dev, &[n])?;
                assert!(fill_pairs(&mut got, key, base, |_, w0, w1| (w0, w1))?);
                assert_eq!(got.to_vec()?, want.to_vec()?, "{}", case("raw words"));
            }
        }
        Ok(())
    }

    #[test]
    fn the_host_path_gives_the_integer_kernels_values() -> Result<()> {
        // Ranges that reject often (just above 2^63), never (a power of two), and the whole
        // 64-bit range (0 stands for 2^64).
        let dev = Device::cpu();
        let key = [5, 0xdead_beef];
        let ranges = [(1u64 << 63) + 1, 1000, 1 << 20, 0];
        for &n in &LENS {
            for &base in &BASES {
                for &range in &ranges {
                    let low = (-7i64) as u64;
                    let mut want = Array::<i64>::zeros(&dev, &[n])?;
                    integers::launch(&launch(n), &mut want, key[0], key[1], base, low, range)?;
                    let mut got = Array::<i64>::zeros(&dev, &[n])?;
                    super::super::integers::fill_integers(&mut got, key, base, low, range)?;
                    let case = format!("n {n} base {base} range {range}");
                    assert_eq!(got.to_vec()?, want.to_vec()?, "{case}");
                    let mut want = Array::<u8>::zeros(&dev, &[n])?;
                    integers::launch(&launch(n), &mut want, key[0], key[1], base, 3, 200)?;
                    let mut got = Array::<u8>::zeros(&dev, &[n])?;
                    super::super::integers::fill_integers(&mut got, key, base, 3, 200)?;
                    assert_eq!(got.to_vec()?, want.to_vec()?, "u8 {case}");
                }
            }
        }
        Ok(())
    }

    #[test]
    fn a_generators_numbers_do_not_depend_on_the_path() -> Result<()> {
        // Array parameters take the raw kernel, scalars the host path: equal values give
        // equal numbers, and the stream advances alike.
        let dev = Device::cpu();
        let mut by_scalar = Generator::new(42);
        let mut by_array = Generator::new(42);
        for n in [7usize, 4096 + 1] {
            let a = by_scalar.normal(&dev, 2.0f64, 0.5, &[n])?;
            let means = Array::from_vec(&dev, &[n], vec![2.0f64; n])?;
            let b = by_array.normal(&dev, &means, 0.5, &[n])?;
            assert_eq!(bits(&a), bits(&b));
            let a = by_scalar.uniform(&dev, 0.0f32, 3.0, &[n])?;
            let highs = Array::from_vec(&dev, &[n], vec![3.0f32; n])?;
            let b = by_array.uniform(&dev, 0.0f32, &highs, &[n])?;
            assert_eq!(bits(&a), bits(&b));
        }
        Ok(())
    }
}
