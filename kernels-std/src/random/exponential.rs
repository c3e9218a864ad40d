//! Exponential numbers: `standard_exponential` and `exponential`, by inversion.

use crate::prelude::*;
use array_runtime::cuda::blas_support::array_for_overwrite;

use super::checks::{check_continuous_params, param_index, CONTINUOUS};
use super::exact_math::ln_unit;
use super::generator::{launch_for, Generator};
use super::params::{prepare_all, Param, Size};
use super::philox::philox_words;
use super::uniform::{unit_f64, RandomFloat};

/// `-ln(1 - unit_f64(w))`: a standard exponential number from a word, in `[0, 53 ln 2]`.
#[device_fn]
pub fn exponential_of(w: u64) -> f64 {
    let l: f64 = ln_unit(1.0 - unit_f64(w));
    0.0 - l
}

/// `out[i] = scale[i] * exponential_of(word i)` (a scale of one element applies to all).
#[raw_kernel]
pub fn exponential_f64(out: &mut [f64], k0: u32, k1: u32, base: u64, scale: &[f64]) {
    let n = out.len();
    let blocks = (n + 1) / 2;
    let stride = grid_dim().x as u64 * block_dim().x as u64;
    let mut b = block_idx().x as u64 * block_dim().x as u64 + thread_idx().x as u64;
    while b < blocks {
        let (w0, w1): (u64, u64) = philox_words(k0, k1, base + b, 0u32);
        let e0: f64 = exponential_of(w0);
        let s0: u64 = param_index(scale.len(), 2 * b);
        out[2 * b] = scale[s0] * e0;
        if 2 * b + 1 < n {
            let e1: f64 = exponential_of(w1);
            let s1: u64 = param_index(scale.len(), 2 * b + 1);
            out[2 * b + 1] = scale[s1] * e1;
        }
        b += stride;
    }
}

/// `out[i] = scale[i] * (exponential_of(word i) as f32)`.
#[raw_kernel]
pub fn exponential_f32(out: &mut [f32], k0: u32, k1: u32, base: u64, scale: &[f32]) {
    let n = out.len();
    let blocks = (n + 1) / 2;
    let stride = grid_dim().x as u64 * block_dim().x as u64;
    let mut b = block_idx().x as u64 * block_dim().x as u64 + thread_idx().x as u64;
    while b < blocks {
        let (w0, w1): (u64, u64) = philox_words(k0, k1, base + b, 0u32);
        let e0: f64 = exponential_of(w0);
        let s0: u64 = param_index(scale.len(), 2 * b);
        out[2 * b] = scale[s0] * (e0 as f32);
        if 2 * b + 1 < n {
            let e1: f64 = exponential_of(w1);
            let s1: u64 = param_index(scale.len(), 2 * b + 1);
            out[2 * b + 1] = scale[s1] * (e1 as f32);
        }
        b += stride;
    }
}

impl Generator {
    /// NumPy's `Generator.standard_exponential(size, dtype)`: exponential numbers of mean 1,
    /// `-ln(1 - random)` (inversion, one word each; NumPy's default method is a ziggurat).
    ///
    /// ```
    /// use kernels_std::random::Generator;
    /// use kernels_std::prelude::*;
    /// let e = Generator::new(3).standard_exponential::<f64>(&Device::cpu(), &[1000])?.to_vec()?;
    /// assert!(e.iter().all(|&v| v >= 0.0));
    /// assert!((e.iter().sum::<f64>() / 1000.0 - 1.0).abs() < 0.2);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn standard_exponential<T: RandomFloat>(
        &mut self,
        device: &Device,
        shape: &[usize],
    ) -> Result<Array<T>> {
        self.exponential_checked(device, Param::Scalar(T::one()), Size::from(shape))
    }

    /// NumPy's `Generator.exponential(scale, size)`: `scale * standard_exponential`, of mean
    /// `scale` (a scalar or an array broadcast with `size`).
    ///
    /// Errors: "scale < 0" (as NumPy; a NaN scale gives NaN).
    ///
    /// ```
    /// use kernels_std::random::Generator;
    /// use kernels_std::prelude::*;
    /// let dev = Device::cpu();
    /// let mut rng = Generator::new(3);
    /// let x = rng.exponential(&dev, 0.0f32, &[2])?;
    /// assert_eq!(x.to_vec()?, vec![0.0, 0.0]);
    /// let scale = Array::from_vec(&dev, &[3], vec![1.0, 10.0, 100.0])?;
    /// assert_eq!(rng.exponential(&dev, &scale, &[4, 3])?.shape(), &[4, 3]);
    /// assert!(rng.exponential(&dev, -1.0f64, &[2]).is_err());
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn exponential<T: RandomFloat>(
        &mut self,
        device: &Device,
        scale: impl Into<Param<T>>,
        size: impl Into<Size>,
    ) -> Result<Array<T>> {
        self.exponential_checked(device, scale.into(), size.into())
    }

    fn exponential_checked<T: RandomFloat>(
        &mut self,
        device: &Device,
        scale: Param<T>,
        size: Size,
    ) -> Result<Array<T>> {
        let spec = &CONTINUOUS[20];
        let [s] = prepare_all(spec.name, [("scale", &scale)], &size, device)?;
        check_continuous_params(
            spec,
            [&s.array, &s.array, &s.array],
            [s.given.as_ref(), None, None],
            s.len,
            device,
        )?;
        let mut out = array_for_overwrite::<T>(device, &s.shape)?;
        let base = self.take(out.len())?;
        if !out.is_empty() {
            let launch = launch_for((out.len() as u64).div_ceil(2));
            T::launch_exponential(&launch, &mut out, self.key(), base, &s.array)?;
        }
        Ok(out)
    }
}
