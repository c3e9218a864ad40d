//! Exponential numbers: `standard_exponential` and `exponential`, by inversion.

use crate::prelude::*;

use super::exact_math::ln_unit;
use super::generator::{launch_for, Generator};
use super::philox::philox_words;
use super::uniform::{unit_f64, RandomFloat};

/// `-ln(1 - unit_f64(w))`: a standard exponential number from a word, in `[0, 53 ln 2]`.
#[device_fn]
pub fn exponential_of(w: u64) -> f64 {
    let l: f64 = ln_unit(1.0 - unit_f64(w));
    0.0 - l
}

/// `out[i] = scale * exponential_of(word i)`.
#[raw_kernel]
pub fn exponential_f64(out: &mut [f64], k0: u32, k1: u32, base: u64, scale: f64) {
    let n = out.len();
    let blocks = (n + 1) / 2;
    let stride = grid_dim().x as u64 * block_dim().x as u64;
    let mut b = block_idx().x as u64 * block_dim().x as u64 + thread_idx().x as u64;
    while b < blocks {
        let (w0, w1): (u64, u64) = philox_words(k0, k1, base + b, 0u32);
        let e0: f64 = exponential_of(w0);
        out[2 * b] = scale * e0;
        if 2 * b + 1 < n {
            let e1: f64 = exponential_of(w1);
            out[2 * b + 1] = scale * e1;
        }
        b += stride;
    }
}

/// `out[i] = scale * (exponential_of(word i) as f32)`.
#[raw_kernel]
pub fn exponential_f32(out: &mut [f32], k0: u32, k1: u32, base: u64, scale: f32) {
    let n = out.len();
    let blocks = (n + 1) / 2;
    let stride = grid_dim().x as u64 * block_dim().x as u64;
    let mut b = block_idx().x as u64 * block_dim().x as u64 + thread_idx().x as u64;
    while b < blocks {
        let (w0, w1): (u64, u64) = philox_words(k0, k1, base + b, 0u32);
        let e0: f64 = exponential_of(w0);
        out[2 * b] = scale * (e0 as f32);
        if 2 * b + 1 < n {
            let e1: f64 = exponential_of(w1);
            out[2 * b + 1] = scale * (e1 as f32);
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
        self.exponential_unchecked(device, shape, T::one())
    }

    /// NumPy's `Generator.exponential(scale, size)`: `scale * standard_exponential`, of mean
    /// `scale`.
    ///
    /// Errors when `scale` is negative, NaN or infinite.
    ///
    /// ```
    /// use kernels_std::random::Generator;
    /// use kernels_std::prelude::*;
    /// let mut rng = Generator::new(3);
    /// let x = rng.exponential(&Device::cpu(), 0.0f32, &[2])?;
    /// assert_eq!(x.to_vec()?, vec![0.0, 0.0]);
    /// assert!(rng.exponential(&Device::cpu(), -1.0f64, &[2]).is_err());
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn exponential<T: RandomFloat>(
        &mut self,
        device: &Device,
        scale: T,
        shape: &[usize],
    ) -> Result<Array<T>> {
        let s = scale.as_f64();
        if !(s.is_finite() && s >= 0.0) {
            return Err(Error::invalid(format!(
                "exponential: needs a finite scale >= 0, got scale = {s}"
            )));
        }
        self.exponential_unchecked(device, shape, scale)
    }

    fn exponential_unchecked<T: RandomFloat>(
        &mut self,
        device: &Device,
        shape: &[usize],
        scale: T,
    ) -> Result<Array<T>> {
        let mut out = Array::<T>::zeros(device, shape)?;
        let base = self.take(out.len())?;
        if !out.is_empty() {
            let launch = launch_for((out.len() as u64).div_ceil(2));
            T::launch_exponential(&launch, &mut out, self.key(), base, scale)?;
        }
        Ok(out)
    }
}
