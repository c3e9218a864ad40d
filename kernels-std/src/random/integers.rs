//! Integers in `[low, high)`: `integers`, unbiased (Lemire's multiply-shift with rejection).

use crate::prelude::*;
use array_runtime::cuda::blas_support::array_for_overwrite;

use super::generator::{launch_for, Generator};
use super::host_stream::fill_pairs;
use super::philox::philox_words;

/// The 128-bit product of two 64-bit words as `(high, low)` words, from 32-bit halves.
#[device_fn]
pub fn mul64(a: u64, b: u64) -> (u64, u64) {
    let mask = 0xFFFF_FFFFu64;
    let (a0, a1) = (a & mask, a >> 32u32);
    let (b0, b1) = (b & mask, b >> 32u32);
    let p00 = a0 * b0;
    let p01 = a0 * b1;
    let p10 = a1 * b0;
    let p11 = a1 * b1;
    // At most 3 (2^32 - 1): no overflow.
    let mid = (p00 >> 32u32) + (p01 & mask) + (p10 & mask);
    (
        p11 + (p01 >> 32u32) + (p10 >> 32u32) + (mid >> 32u32),
        (mid << 32u32) | (p00 & mask),
    )
}

/// A uniform integer in `[0, range)` (`range = 0` stands for `2^64`: the word itself) for the
/// element whose first word is `w`
/// (word `half` of block `block`): the high word of `w * range`, unless the low word falls
/// in the `2^64 mod range` values that would bias it; then the element draws again from
/// word `half` of the same block with the counter's third word 1, 2, ... (Lemire 2019,
/// "Fast random integer generation in an interval").
#[device_fn]
pub fn bounded(k0: u32, k1: u32, block: u64, half: u32, w: u64, range: u64) -> u64 {
    if range == 0 {
        return w;
    }
    let (mut hi, mut lo): (u64, u64) = mul64(w, range);
    if lo < range {
        let zero = 0u64;
        // 2^64 mod range, computed in 64 bits.
        let threshold = (zero - range) % range;
        let mut attempt = 1u32;
        while lo < threshold {
            let (w0, w1): (u64, u64) = philox_words(k0, k1, block, attempt);
            let (h, l): (u64, u64) = mul64(if half == 0 { w0 } else { w1 }, range);
            hi = h;
            lo = l;
            attempt += 1;
        }
    }
    hi
}

/// Uniform integers: `out[i] = low + bounded(word i, range)`, the sum computed in 64 bits
/// (wrapping: `low` is the bound's two's complement) and converted to `T` by truncation
/// (NumPy's integer `astype`), exact since the value lies in the dtype's `[low, high]`.
#[raw_kernel]
pub fn integers<T: Int>(out: &mut [T], k0: u32, k1: u32, base: u64, low: u64, range: u64) {
    let n = out.len();
    let blocks = (n + 1) / 2;
    let stride = grid_dim().x as u64 * block_dim().x as u64;
    let mut b = block_idx().x as u64 * block_dim().x as u64 + thread_idx().x as u64;
    while b < blocks {
        let (w0, w1): (u64, u64) = philox_words(k0, k1, base + b, 0u32);
        let r0: u64 = bounded(k0, k1, base + b, 0u32, w0, range);
        out[2 * b] = (low + r0).cast::<T>();
        if 2 * b + 1 < n {
            let r1: u64 = bounded(k0, k1, base + b, 1u32, w1, range);
            out[2 * b + 1] = (low + r1).cast::<T>();
        }
        b += stride;
    }
}

/// [`integers`] on the CPU through the host path ([`fill_pairs`]), with the kernel's own
/// arithmetic: the same values. `Ok(false)`, with `out` untouched, when `out` is not on the
/// CPU.
pub(crate) fn fill_integers<T: Int>(
    out: &mut Array<T>,
    key: [u32; 2],
    base: u64,
    low: u64,
    range: u64,
) -> Result<bool> {
    let [k0, k1] = key;
    fill_pairs(
        out,
        key,
        base,
        #[inline(always)]
        |block, w0, w1| {
            let r0: u64 = bounded(k0, k1, block, 0u32, w0, range);
            let r1: u64 = bounded(k0, k1, block, 1u32, w1, range);
            (
                low.wrapping_add(r0).cast::<T>(),
                low.wrapping_add(r1).cast::<T>(),
            )
        },
    )
}

/// The integer dtypes `integers` produces: all of them (`i8` .. `i64`, `u8` .. `u64`).
pub trait RandomInt: Int {
    /// The value, exactly.
    #[doc(hidden)]
    fn widen(self) -> i128;
}

macro_rules! random_int {
    ($($t:ty),*) => {$(
        impl RandomInt for $t {
            fn widen(self) -> i128 {
                self as i128
            }
        }
    )*};
}
random_int!(i8, i16, i32, i64, u8, u16, u32, u64);

impl Generator {
    /// NumPy's `Generator.integers(low, high, size, dtype)` (with `endpoint=False`): uniform
    /// integers in `[low, high)`, exactly unbiased (see [`Generator`] for the method).
    ///
    /// Errors when `low >= high` (NumPy: "low >= high").
    ///
    /// ```
    /// use kernels_std::random::Generator;
    /// use kernels_std::prelude::*;
    /// let mut rng = Generator::new(9);
    /// let d = rng.integers(&Device::cpu(), 1u8, 7, &[100])?.to_vec()?;
    /// assert!(d.iter().all(|&v| (1..7).contains(&v)));
    /// assert!(rng.integers(&Device::cpu(), 3i32, 3, &[1]).is_err());
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn integers<T: RandomInt>(
        &mut self,
        device: &Device,
        low: T,
        high: T,
        shape: &[usize],
    ) -> Result<Array<T>> {
        if low >= high {
            return Err(Error::invalid(format!(
                "integers: low >= high ({} >= {}) for dtype {}",
                low.widen(),
                high.widen(),
                T::ID
            )));
        }
        self.integers_in(device, low, high.widen() - low.widen(), shape)
    }

    /// NumPy's `Generator.integers(low, high, size, dtype, endpoint=True)`: uniform integers
    /// in `[low, high]`, which reaches the dtype's maximum (`[i64::MIN, i64::MAX]` gives every
    /// 64-bit pattern).
    ///
    /// Errors when `low > high`.
    ///
    /// ```
    /// use kernels_std::random::Generator;
    /// use kernels_std::prelude::*;
    /// let mut rng = Generator::new(9);
    /// let d = rng.integers_inclusive(&Device::cpu(), 254u8, 255, &[100])?.to_vec()?;
    /// assert!(d.contains(&255) && d.contains(&254));
    /// let all = rng.integers_inclusive(&Device::cpu(), i64::MIN, i64::MAX, &[4])?;
    /// assert!(rng.integers_inclusive(&Device::cpu(), 3i32, 2, &[1]).is_err());
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn integers_inclusive<T: RandomInt>(
        &mut self,
        device: &Device,
        low: T,
        high: T,
        shape: &[usize],
    ) -> Result<Array<T>> {
        if low > high {
            return Err(Error::invalid(format!(
                "integers (endpoint=True): low > high ({} > {}) for dtype {}",
                low.widen(),
                high.widen(),
                T::ID
            )));
        }
        self.integers_in(device, low, high.widen() - low.widen() + 1, shape)
    }

    /// Integers `low + [0, range)`, `1 <= range <= 2^64`.
    fn integers_in<T: RandomInt>(
        &mut self,
        device: &Device,
        low: T,
        range: i128,
        shape: &[usize],
    ) -> Result<Array<T>> {
        // 2^64 wraps to 0, which the kernel reads as 2^64.
        let range = range as u64;
        let low_bits = low.widen() as u64;
        let mut out = array_for_overwrite::<T>(device, shape)?;
        let base = self.take(out.len())?;
        if !out.is_empty() && !fill_integers(&mut out, self.key(), base, low_bits, range)? {
            let launch = launch_for((out.len() as u64).div_ceil(2));
            let [k0, k1] = self.key();
            integers::launch(&launch, &mut out, k0, k1, base, low_bits, range)?;
        }
        Ok(out)
    }
}
