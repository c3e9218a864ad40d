//! Uniform numbers: `random`, `uniform`, and the raw 64-bit words (`random_raw`).

use crate::prelude::*;
use array_runtime::cuda::blas_support::array_for_overwrite;

use super::checks::{check_continuous_params, param_index, CONTINUOUS};
use super::exponential::exponential_of;
use super::generator::{launch_for, Generator};
use super::host_stream::{fill_pairs, host_scalar};
use super::normal::box_muller;
use super::params::{prepare_all, Param, Size};
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

/// `out[i] = low[i] + (high[i] - low[i]) * unit_f64(word i)` (the stream layout of
/// [`raw_words`]; a parameter of one element applies to all).
#[raw_kernel]
pub fn uniform_f64(out: &mut [f64], k0: u32, k1: u32, base: u64, low: &[f64], high: &[f64]) {
    let n = out.len();
    let blocks = (n + 1) / 2;
    let stride = grid_dim().x as u64 * block_dim().x as u64;
    let mut b = block_idx().x as u64 * block_dim().x as u64 + thread_idx().x as u64;
    while b < blocks {
        let (w0, w1): (u64, u64) = philox_words(k0, k1, base + b, 0u32);
        let (l0, h0): (u64, u64) = (
            param_index(low.len(), 2 * b),
            param_index(high.len(), 2 * b),
        );
        out[2 * b] = low[l0] + (high[h0] - low[l0]) * unit_f64(w0);
        if 2 * b + 1 < n {
            let (l1, h1): (u64, u64) = (
                param_index(low.len(), 2 * b + 1),
                param_index(high.len(), 2 * b + 1),
            );
            out[2 * b + 1] = low[l1] + (high[h1] - low[l1]) * unit_f64(w1);
        }
        b += stride;
    }
}

/// The `f32` version of [`uniform_f64`] (24-bit uniforms, `f32` arithmetic).
#[raw_kernel]
pub fn uniform_f32(out: &mut [f32], k0: u32, k1: u32, base: u64, low: &[f32], high: &[f32]) {
    let n = out.len();
    let blocks = (n + 1) / 2;
    let stride = grid_dim().x as u64 * block_dim().x as u64;
    let mut b = block_idx().x as u64 * block_dim().x as u64 + thread_idx().x as u64;
    while b < blocks {
        let (w0, w1): (u64, u64) = philox_words(k0, k1, base + b, 0u32);
        let (l0, h0): (u64, u64) = (
            param_index(low.len(), 2 * b),
            param_index(high.len(), 2 * b),
        );
        out[2 * b] = low[l0] + (high[h0] - low[l0]) * unit_f32(w0);
        if 2 * b + 1 < n {
            let (l1, h1): (u64, u64) = (
                param_index(low.len(), 2 * b + 1),
                param_index(high.len(), 2 * b + 1),
            );
            out[2 * b + 1] = low[l1] + (high[h1] - low[l1]) * unit_f32(w1);
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
        low: &Array<Self>,
        high: &Array<Self>,
    ) -> Result<()>;

    /// Runs the normal kernel of this dtype into `out` (C-contiguous) with `launch`.
    #[doc(hidden)]
    fn launch_normal(
        launch: &LaunchConfig,
        out: &mut Array<Self>,
        key: [u32; 2],
        base: u64,
        mean: &Array<Self>,
        std: &Array<Self>,
    ) -> Result<()>;

    /// Runs the exponential kernel of this dtype into `out` (C-contiguous) with `launch`.
    #[doc(hidden)]
    fn launch_exponential(
        launch: &LaunchConfig,
        out: &mut Array<Self>,
        key: [u32; 2],
        base: u64,
        scale: &Array<Self>,
    ) -> Result<()>;

    /// The value as an `f64` (exact), for the argument checks.
    #[doc(hidden)]
    fn as_f64(self) -> f64;

    /// `v` rounded to this dtype.
    #[doc(hidden)]
    fn from_f64(v: f64) -> Self;

    /// An `f64` array rounded to this dtype (itself for `f64`).
    #[doc(hidden)]
    fn from_f64_array(a: Array<f64>) -> Result<Array<Self>>;
}

/// `RandomFloat` for `$t` through its kernels (`uniform_$t`, `normal_$t`, `exponential_$t`),
/// or on the CPU with scalar parameters through the host path ([`fill_pairs`]) with the
/// kernels' own arithmetic (`$unit`: the dtype's uniform; normals and exponentials are computed
/// in `f64` and rounded by `from_f64`, `as` in the kernels).
macro_rules! random_float {
    ($($t:ident: $uniform:ident, $normal:ident, $exponential:ident, $unit:ident, $round:expr;)*) => {$(
        impl RandomFloat for $t {
            fn launch_uniform(
                launch: &LaunchConfig,
                out: &mut Array<$t>,
                key: [u32; 2],
                base: u64,
                low: &Array<$t>,
                high: &Array<$t>,
            ) -> Result<()> {
                if let (Some(lo), Some(hi)) = (host_scalar(low), host_scalar(high)) {
                    let pair = fill_pairs(out, key, base, #[inline(always)] |_, w0, w1| {
                        (lo + (hi - lo) * $unit(w0), lo + (hi - lo) * $unit(w1))
                    });
                    if pair? {
                        return Ok(());
                    }
                }
                $uniform::launch(launch, out, key[0], key[1], base, low, high)
            }

            fn launch_normal(
                launch: &LaunchConfig,
                out: &mut Array<$t>,
                key: [u32; 2],
                base: u64,
                mean: &Array<$t>,
                std: &Array<$t>,
            ) -> Result<()> {
                if let (Some(m), Some(s)) = (host_scalar(mean), host_scalar(std)) {
                    let pair = fill_pairs(out, key, base, #[inline(always)] |_, w0, w1| {
                        let (z0, z1): (f64, f64) = box_muller(w0, w1);
                        (m + s * Self::from_f64(z0), m + s * Self::from_f64(z1))
                    });
                    if pair? {
                        return Ok(());
                    }
                }
                super::normal::$normal::launch(launch, out, key[0], key[1], base, mean, std)
            }

            fn launch_exponential(
                launch: &LaunchConfig,
                out: &mut Array<$t>,
                key: [u32; 2],
                base: u64,
                scale: &Array<$t>,
            ) -> Result<()> {
                if let Some(s) = host_scalar(scale) {
                    let pair = fill_pairs(out, key, base, #[inline(always)] |_, w0, w1| {
                        let e0 = Self::from_f64(exponential_of(w0));
                        (s * e0, s * Self::from_f64(exponential_of(w1)))
                    });
                    if pair? {
                        return Ok(());
                    }
                }
                super::exponential::$exponential::launch(launch, out, key[0], key[1], base, scale)
            }

            fn as_f64(self) -> f64 {
                f64::from(self)
            }

            #[inline(always)]
            fn from_f64(v: f64) -> Self {
                v as $t
            }

            fn from_f64_array(a: Array<f64>) -> Result<Array<$t>> {
                ($round)(a)
            }
        }
    )*};
}
random_float! {
    f64: uniform_f64, normal_f64, exponential_f64, unit_f64, |a: Array<f64>| -> Result<Array<f64>> { Ok(a) };
    f32: uniform_f32, normal_f32, exponential_f32, unit_f32, |a: Array<f64>| a.astype::<f32>();
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
        let (low, high) = (Param::Scalar(T::zero()), Param::Scalar(T::one()));
        self.uniform_checked(device, low, high, Size::from(shape))
    }

    /// NumPy's `Generator.uniform(low, high, size)`: `low + (high - low) * random`, in
    /// `[low, high)` (rounding can give `high` itself, as in NumPy). `low` and `high` are
    /// scalars or arrays, broadcast with `size` ([`Size`]; `None`: their broadcast shape).
    ///
    /// Errors (NumPy's): "high - low < 0"; "high - low range exceeds valid bounds" when
    /// `high - low` is not finite (a NaN or infinite bound, or a range that overflows the
    /// dtype). `low == high` gives `low`.
    ///
    /// ```
    /// use kernels_std::random::Generator;
    /// use kernels_std::prelude::*;
    /// let dev = Device::cpu();
    /// let mut rng = Generator::new(1);
    /// let x = rng.uniform(&dev, -2.0f64, 3.0, &[100])?;
    /// assert!(x.to_vec()?.iter().all(|&v| (-2.0..3.0).contains(&v)));
    /// let high = Array::from_vec(&dev, &[2], vec![1.0f32, 100.0])?;
    /// let y = rng.uniform(&dev, 0.0f32, &high, &[3, 2])?.to_vec()?;
    /// assert!(y.chunks(2).all(|r| r[0] < 1.0 && r[1] < 100.0));
    /// assert!(rng.uniform(&dev, 1.0f64, 0.0, None).is_err());
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn uniform<T: RandomFloat>(
        &mut self,
        device: &Device,
        low: impl Into<Param<T>>,
        high: impl Into<Param<T>>,
        size: impl Into<Size>,
    ) -> Result<Array<T>> {
        self.uniform_checked(device, low.into(), high.into(), size.into())
    }

    fn uniform_checked<T: RandomFloat>(
        &mut self,
        device: &Device,
        low: Param<T>,
        high: Param<T>,
        size: Size,
    ) -> Result<Array<T>> {
        let spec = &CONTINUOUS[21];
        let [low, high] = prepare_all(spec.name, [("low", &low), ("high", &high)], &size, device)?;
        let shape = low.shape.clone();
        check_continuous_params(
            spec,
            [&low.array, &high.array, &high.array],
            [low.given.as_ref(), high.given.as_ref(), None],
            low.len,
            device,
        )?;
        let mut out = array_for_overwrite::<T>(device, &shape)?;
        let base = self.take(out.len())?;
        if !out.is_empty() {
            let launch = launch_for((out.len() as u64).div_ceil(2));
            T::launch_uniform(&launch, &mut out, self.key(), base, &low.array, &high.array)?;
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
        let mut out = array_for_overwrite::<u64>(device, shape)?;
        let base = self.take(out.len())?;
        if !out.is_empty() {
            let launch = launch_for((out.len() as u64).div_ceil(2));
            if !fill_pairs(
                &mut out,
                self.key(),
                base,
                #[inline(always)]
                |_, w0, w1| (w0, w1),
            )? {
                let [k0, k1] = self.key();
                raw_words::launch(&launch, &mut out, k0, k1, base)?;
            }
        }
        Ok(out)
    }
}

impl Generator {
    /// NumPy's `Generator.bytes(length)`: `length` random bytes, the little-endian bytes of
    /// the stream's next `ceil(length / 8)` words ([`random_raw`](Generator::random_raw);
    /// computed on the CPU: NumPy returns host bytes, and the words are the same on every
    /// backend).
    ///
    /// ```
    /// use kernels_std::random::Generator;
    /// use kernels_std::prelude::*;
    /// let b = Generator::new(5).bytes(10)?;
    /// assert_eq!(b.len(), 10);
    /// let w = Generator::new(5).random_raw(&Device::cpu(), &[2])?.to_vec()?;
    /// assert_eq!(b[..8], w[0].to_le_bytes());
    /// assert_eq!(b[8..], w[1].to_le_bytes()[..2]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn bytes(&mut self, length: usize) -> Result<Vec<u8>> {
        let words = self
            .random_raw(&Device::cpu(), &[length.div_ceil(8)])?
            .to_vec()?;
        let mut out: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        out.truncate(length);
        Ok(out)
    }
}
