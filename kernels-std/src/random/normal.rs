//! Normal numbers: `standard_normal` and `normal`, by the Box-Muller transform.

use crate::prelude::*;
use array_runtime::cuda::blas_support::array_for_overwrite;

use super::checks::{check_continuous_params, param_index, CONTINUOUS};
use super::exact_math::{ln_unit, sincos_turns};
use super::generator::Generator;
use super::params::{prepare_all, Param, Size};
use super::philox::philox_words;
use super::uniform::{unit_f64, RandomFloat};

/// Box-Muller: two standard normal numbers from the two words of a block,
/// `(r cos(2 pi u1), r sin(2 pi u1))` with `r = sqrt(-2 ln(1 - u0))` (`1 - u0` is in
/// `(0, 1]`), on the exactly rounded [`ln_unit`] and [`sincos_turns`].
#[device_fn]
pub fn box_muller(w0: u64, w1: u64) -> (f64, f64) {
    let l: f64 = ln_unit(1.0 - unit_f64(w0));
    let r = (-2.0 * l).abs().sqrt();
    let u1: f64 = unit_f64(w1);
    let (s, c): (f64, f64) = sincos_turns(u1);
    (r * c, r * s)
}

/// `out[2k], out[2k + 1] = mean + std * box_muller(block base + k)`, the parameters of each
/// element (one element applies to all).
#[raw_kernel]
pub fn normal_f64(out: &mut [f64], k0: u32, k1: u32, base: u64, mean: &[f64], std: &[f64]) {
    let n = out.len();
    let blocks = (n + 1) / 2;
    let stride = grid_dim().x as u64 * block_dim().x as u64;
    let mut b = block_idx().x as u64 * block_dim().x as u64 + thread_idx().x as u64;
    while b < blocks {
        let (w0, w1): (u64, u64) = philox_words(k0, k1, base + b, 0u32);
        let (z0, z1): (f64, f64) = box_muller(w0, w1);
        let (m0, s0): (u64, u64) = (
            param_index(mean.len(), 2 * b),
            param_index(std.len(), 2 * b),
        );
        out[2 * b] = mean[m0] + std[s0] * z0;
        if 2 * b + 1 < n {
            let (m1, s1): (u64, u64) = (
                param_index(mean.len(), 2 * b + 1),
                param_index(std.len(), 2 * b + 1),
            );
            out[2 * b + 1] = mean[m1] + std[s1] * z1;
        }
        b += stride;
    }
}

/// The `f32` version of [`normal_f64`]: the standard normals computed in `f64` and rounded,
/// then `mean + std * z` in `f32`.
#[raw_kernel]
pub fn normal_f32(out: &mut [f32], k0: u32, k1: u32, base: u64, mean: &[f32], std: &[f32]) {
    let n = out.len();
    let blocks = (n + 1) / 2;
    let stride = grid_dim().x as u64 * block_dim().x as u64;
    let mut b = block_idx().x as u64 * block_dim().x as u64 + thread_idx().x as u64;
    while b < blocks {
        let (w0, w1): (u64, u64) = philox_words(k0, k1, base + b, 0u32);
        let (z0, z1): (f64, f64) = box_muller(w0, w1);
        let (m0, s0): (u64, u64) = (
            param_index(mean.len(), 2 * b),
            param_index(std.len(), 2 * b),
        );
        out[2 * b] = mean[m0] + std[s0] * (z0 as f32);
        if 2 * b + 1 < n {
            let (m1, s1): (u64, u64) = (
                param_index(mean.len(), 2 * b + 1),
                param_index(std.len(), 2 * b + 1),
            );
            out[2 * b + 1] = mean[m1] + std[s1] * (z1 as f32);
        }
        b += stride;
    }
}

impl Generator {
    /// NumPy's `Generator.standard_normal(size, dtype)`: normal numbers of mean 0 and standard
    /// deviation 1 (Box-Muller, see [`Generator`]; NumPy uses a ziggurat, so the numbers
    /// differ, the distribution does not).
    ///
    /// ```
    /// use kernels_std::random::Generator;
    /// use kernels_std::prelude::*;
    /// let z = Generator::new(3).standard_normal::<f64>(&Device::cpu(), &[1000])?.to_vec()?;
    /// let mean = z.iter().sum::<f64>() / 1000.0;
    /// assert!(mean.abs() < 0.2);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn standard_normal<T: RandomFloat>(
        &mut self,
        device: &Device,
        shape: &[usize],
    ) -> Result<Array<T>> {
        let (mean, std) = (Param::Scalar(T::zero()), Param::Scalar(T::one()));
        self.normal_checked(device, mean, std, Size::from(shape))
    }

    /// NumPy's `Generator.normal(loc, scale, size)`: `mean + std * standard_normal`, the
    /// parameters scalars or arrays broadcast with `size` ([`Size`]).
    ///
    /// Errors: "scale < 0" (as NumPy; a NaN or infinite parameter gives NaN or infinite
    /// numbers).
    ///
    /// ```
    /// use kernels_std::random::Generator;
    /// use kernels_std::prelude::*;
    /// let dev = Device::cpu();
    /// let mut rng = Generator::new(3);
    /// let x = rng.normal(&dev, 10.0f32, 0.0, &[2])?;
    /// assert_eq!(x.to_vec()?, vec![10.0, 10.0]);
    /// let mean = Array::from_vec(&dev, &[2, 1], vec![-100.0, 100.0])?;
    /// let y = rng.normal(&dev, &mean, 1.0, None)?;
    /// assert_eq!(y.shape(), &[2, 1]);
    /// assert!(rng.normal(&dev, 0.0f32, -1.0, &[2]).is_err());
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn normal<T: RandomFloat>(
        &mut self,
        device: &Device,
        mean: impl Into<Param<T>>,
        std: impl Into<Param<T>>,
        size: impl Into<Size>,
    ) -> Result<Array<T>> {
        self.normal_checked(device, mean.into(), std.into(), size.into())
    }

    fn normal_checked<T: RandomFloat>(
        &mut self,
        device: &Device,
        mean: Param<T>,
        std: Param<T>,
        size: Size,
    ) -> Result<Array<T>> {
        let spec = &CONTINUOUS[19];
        let [m, s] = prepare_all(spec.name, [("loc", &mean), ("scale", &std)], &size, device)?;
        check_continuous_params(
            spec,
            [&m.array, &s.array, &s.array],
            [m.given.as_ref(), s.given.as_ref(), None],
            m.len,
            device,
        )?;
        let mut out = array_for_overwrite::<T>(device, &m.shape)?;
        let base = self.take(out.len())?;
        if !out.is_empty() {
            let launch = super::generator::launch_for((out.len() as u64).div_ceil(2));
            T::launch_normal(&launch, &mut out, self.key(), base, &m.array, &s.array)?;
        }
        Ok(out)
    }
}
