//! Uniform numbers: `random`, `uniform`, and the raw 64-bit words (`random_raw`).

use crate::prelude::*;

use super::generator::{launch_for, Generator};
use super::philox::philox_words;

/// The 53 high bits of a word as an `f64` in `[0, 1)` (exact: `(w >> 11) * 2^-53`).
#[device_fn]
pub fn unit_f64(w: u64) -> f64 {
    (w >> 11u32) as f64 * 1.1102230246251565e-16
}

/// The 24 high bits of a word as an `f32` in `[0, 1)` (exact: `(w >> 40) * 2^-24`).
#[device_fn]
pub fn unit_f32(w: u64) -> f32 {
    (w >> 40u32) as f32 * 5.9604645e-8
}

/// The stream's words: `out[i]` is word `i % 2` of block `base + i / 2` under key `(k0, k1)`.
/// Any 1-D launch (grid-stride loop over the blocks).
#[raw_kernel]
pub fn raw_words(out: &mut [u64], k0: u32, k1: u32, base: u64) {
    let n = out.len();
    let blocks = (n + 1) / 2;
    let stride = grid_dim().x as u64 * block_dim().x as u64;
    let mut b = block_idx().x as u64 * block_dim().x as u64 + thread_idx().x as u64;
    while b < blocks {
        let (w0, w1): (u64, u64) = philox_words(k0, k1, base + b, 0u32);
        out[2 * b] = w0;
        if 2 * b + 1 < n {
            out[2 * b + 1] = w1;
        }
        b += stride;
    }
}

/// `out[i] = low + span * unit_f64(word i)` (the stream layout of [`raw_words`]).
#[raw_kernel]
pub fn uniform_f64(out: &mut [f64], k0: u32, k1: u32, base: u64, low: f64, span: f64) {
    let n = out.len();
    let blocks = (n + 1) / 2;
    let stride = grid_dim().x as u64 * block_dim().x as u64;
    let mut b = block_idx().x as u64 * block_dim().x as u64 + thread_idx().x as u64;
    while b < blocks {
        let (w0, w1): (u64, u64) = philox_words(k0, k1, base + b, 0u32);
        out[2 * b] = low + span * unit_f64(w0);
        if 2 * b + 1 < n {
            out[2 * b + 1] = low + span * unit_f64(w1);
        }
        b += stride;
    }
}

/// `out[i] = low + span * unit_f32(word i)`, in `f32`.
#[raw_kernel]
pub fn uniform_f32(out: &mut [f32], k0: u32, k1: u32, base: u64, low: f32, span: f32) {
    let n = out.len();
    let blocks = (n + 1) / 2;
    let stride = grid_dim().x as u64 * block_dim().x as u64;
    let mut b = block_idx().x as u64 * block_dim().x as u64 + thread_idx().x as u64;
    while b < blocks {
        let (w0, w1): (u64, u64) = philox_words(k0, k1, base + b, 0u32);
        out[2 * b] = low + span * unit_f32(w0);
        if 2 * b + 1 < n {
            out[2 * b + 1] = low + span * unit_f32(w1);
        }
        b += stride;
    }
}

/// The float dtypes the generator produces (`f32`, `f64`, as NumPy's `Generator.random`).
pub trait RandomFloat: Float {
    /// Runs the uniform kernel of this dtype into `out` (C-contiguous) with `launch`.
    #[doc(hidden)]
    fn launch_uniform(
        launch: &LaunchConfig,
        out: &mut Array<Self>,
        key: [u32; 2],
        base: u64,
        low: Self,
        span: Self,
    ) -> Result<()>;

    /// Runs the normal kernel of this dtype into `out` (C-contiguous) with `launch`.
    #[doc(hidden)]
    fn launch_normal(
        launch: &LaunchConfig,
        out: &mut Array<Self>,
        key: [u32; 2],
        base: u64,
        mean: Self,
        std: Self,
    ) -> Result<()>;

    /// Runs the exponential kernel of this dtype into `out` (C-contiguous) with `launch`.
    #[doc(hidden)]
    fn launch_exponential(
        launch: &LaunchConfig,
        out: &mut Array<Self>,
        key: [u32; 2],
        base: u64,
        scale: Self,
    ) -> Result<()>;

    /// The value as an `f64` (exact), for the argument checks.
    #[doc(hidden)]
    fn as_f64(self) -> f64;
}

/// `RandomFloat` for `$t` through its kernels (`uniform_$t`, `normal_$t`, `exponential_$t`).
macro_rules! random_float {
    ($($t:ident: $uniform:ident, $normal:ident, $exponential:ident;)*) => {$(
        impl RandomFloat for $t {
            fn launch_uniform(
                launch: &LaunchConfig,
                out: &mut Array<$t>,
                key: [u32; 2],
                base: u64,
                low: $t,
                span: $t,
            ) -> Result<()> {
                $uniform::launch(launch, out, key[0], key[1], base, low, span)
            }

            fn launch_normal(
                launch: &LaunchConfig,
                out: &mut Array<$t>,
                key: [u32; 2],
                base: u64,
                mean: $t,
                std: $t,
            ) -> Result<()> {
                super::normal::$normal::launch(launch, out, key[0], key[1], base, mean, std)
            }

            fn launch_exponential(
                launch: &LaunchConfig,
                out: &mut Array<$t>,
                key: [u32; 2],
                base: u64,
                scale: $t,
            ) -> Result<()> {
                super::exponential::$exponential::launch(launch, out, key[0], key[1], base, scale)
            }

            fn as_f64(self) -> f64 {
                f64::from(self)
            }
        }
    )*};
}
random_float! {
    f64: uniform_f64, normal_f64, exponential_f64;
    f32: uniform_f32, normal_f32, exponential_f32;
}

impl Generator {
    /// NumPy's `Generator.random(size, dtype)`: uniform floats in `[0, 1)` (53 random bits for
    /// `f64`, 24 for `f32`), of shape `shape` on `device`.
    ///
    /// ```
    /// use kernels_std::random::Generator;
    /// use kernels_std::prelude::*;
    /// let x = Generator::new(1).random::<f32>(&Device::cpu(), &[2, 3])?;
    /// assert_eq!(x.shape(), &[2, 3]);
    /// assert!(x.to_vec()?.iter().all(|&v| (0.0..1.0).contains(&v)));
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn random<T: RandomFloat>(&mut self, device: &Device, shape: &[usize]) -> Result<Array<T>> {
        self.uniform_unchecked(device, shape, T::zero(), T::one())
    }

    /// NumPy's `Generator.uniform(low, high, size)`: `low + (high - low) * random`, in
    /// `[low, high)` (rounding can give `high` itself, as in NumPy).
    ///
    /// Errors when `low > high` or when `low`, `high` or `high - low` is not finite (NumPy
    /// accepts `low > high`, documenting the results as undefined, and fails only on an
    /// infinite range). `low == high` gives `low`.
    ///
    /// ```
    /// use kernels_std::random::Generator;
    /// use kernels_std::prelude::*;
    /// let mut rng = Generator::new(1);
    /// let x = rng.uniform(&Device::cpu(), -2.0f64, 3.0, &[100])?;
    /// assert!(x.to_vec()?.iter().all(|&v| (-2.0..3.0).contains(&v)));
    /// assert!(rng.uniform(&Device::cpu(), 1.0f64, 0.0, &[1]).is_err());
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn uniform<T: RandomFloat>(
        &mut self,
        device: &Device,
        low: T,
        high: T,
        shape: &[usize],
    ) -> Result<Array<T>> {
        let span = high - low;
        if !(low.as_f64().is_finite() && high.as_f64().is_finite() && span.as_f64().is_finite()) {
            return Err(Error::invalid(format!(
                "uniform: low = {}, high = {} and high - low must be finite",
                low.as_f64(),
                high.as_f64()
            )));
        }
        if low > high {
            return Err(Error::invalid(format!(
                "uniform: low = {} > high = {}",
                low.as_f64(),
                high.as_f64()
            )));
        }
        self.uniform_unchecked(device, shape, low, span)
    }

    fn uniform_unchecked<T: RandomFloat>(
        &mut self,
        device: &Device,
        shape: &[usize],
        low: T,
        span: T,
    ) -> Result<Array<T>> {
        let mut out = Array::<T>::zeros(device, shape)?;
        let base = self.take(out.len())?;
        if !out.is_empty() {
            let launch = launch_for((out.len() as u64).div_ceil(2));
            T::launch_uniform(&launch, &mut out, self.key(), base, low, span)?;
        }
        Ok(out)
    }

    /// The stream's raw 64-bit words (NumPy's `BitGenerator.random_raw`, here on `device` and
    /// of any shape): element `i` is word `i % 2` of block `offset + i / 2` (see
    /// [`Generator`]).
    ///
    /// ```
    /// use kernels_std::random::{philox::philox4x32_10, Generator};
    /// use kernels_std::prelude::*;
    /// let w = Generator::new(0).random_raw(&Device::cpu(), &[2])?.to_vec()?;
    /// let (x0, x1, x2, x3) = philox4x32_10(0, 0, 0, 0, 0, 0);
    /// assert_eq!(w, vec![(x1 as u64) << 32 | x0 as u64, (x3 as u64) << 32 | x2 as u64]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn random_raw(&mut self, device: &Device, shape: &[usize]) -> Result<Array<u64>> {
        let mut out = Array::<u64>::zeros(device, shape)?;
        let base = self.take(out.len())?;
        if !out.is_empty() {
            let launch = launch_for((out.len() as u64).div_ceil(2));
            let [k0, k1] = self.key();
            raw_words::launch(&launch, &mut out, k0, k1, base)?;
        }
        Ok(out)
    }
}
