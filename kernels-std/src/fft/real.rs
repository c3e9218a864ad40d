//! The real transforms of one axis: NumPy's `rfft` and `irfft`.

use super::dtypes::{FftComplex, FftDType, FftReal, RealFftDType};
use super::options::{options_1d, Options1d};
use super::transform::{self, retype};
use crate::prelude::*;

/// A one-dimensional real-input transform being set up: [`rfft`] or
/// [`ihfft`](super::ihfft); `.run()` computes it.
#[derive(Clone, Debug)]
#[must_use = "a transform builder does nothing until `.run()` is called"]
pub struct RealFft<'a, T: RealFftDType> {
    pub(crate) a: &'a Array<T>,
    pub(crate) hermitian: bool,
    pub(crate) opts: Options1d,
}

impl<T: RealFftDType> RealFft<'_, T> {
    options_1d!();

    /// Computes the transform: `n / 2 + 1` complex values along the axis, of `T::Complex`.
    pub fn run(self) -> Result<Array<T::Complex>> {
        let op = if self.hermitian { "ihfft" } else { "rfft" };
        let (axis, n) = self.opts.resolve(op, self.a.shape(), |m| m)?;
        if self.hermitian {
            // ihfft(a) = conj(rfft(a)) with the scaling of an inverse transform.
            let scale = self.opts.norm.factor_in::<T::Factor>(n, true);
            let r = transform::r2c::<T, T::Complex>(self.a, axis, n, 1.0, self.opts.workers)?;
            return T::Complex::conj_scale_array(
                &r,
                <<T::Complex as FftComplex>::Real as FftReal>::from_f64(scale),
            );
        }
        let scale = self.opts.norm.factor_in::<T::Factor>(n, false);
        transform::r2c::<T, T::Complex>(self.a, axis, n, scale, self.opts.workers)
    }
}

/// NumPy's `rfft`: the transform of real input, its `n / 2 + 1` non-negative frequency terms
/// (the others are their conjugates). Real dtypes only (a complex input does not compile,
/// where NumPy raises `TypeError`); `f16`/`f32` give `c64`, the others `c128`.
///
/// Options: `.n(n)`, `.axis(a)`, `.norm(..)`, `.workers(w)`, as [`fft`](super::fft).
///
/// ```
/// use kernels_std::fft;
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let x = Array::from_vec(&dev, &[4], vec![1i32, 2, 3, 4])?;
/// let y = fft::rfft(&x).run()?; // integers compute in f64
/// assert_eq!(y.to_vec()?, vec![c128::new(10.0, 0.0), c128::new(-2.0, 2.0), c128::new(-2.0, 0.0)]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn rfft<T: RealFftDType>(a: &Array<T>) -> RealFft<'_, T> {
    RealFft {
        a,
        hermitian: false,
        opts: Options1d::default(),
    }
}

/// A one-dimensional transform with a real result being set up: [`irfft`] or
/// [`hfft`](super::hfft); `.run()` computes it.
#[derive(Clone, Debug)]
#[must_use = "a transform builder does nothing until `.run()` is called"]
pub struct InverseRealFft<'a, T: FftDType> {
    pub(crate) a: &'a Array<T>,
    pub(crate) hermitian: bool,
    pub(crate) opts: Options1d,
}

impl<T: FftDType> InverseRealFft<'_, T> {
    options_1d!();

    /// Computes the transform: `n` real values along the axis (default `n = 2 * (m - 1)` for
    /// `m` input values), of `T::RealOut` (`f16` for `f16` in, as NumPy 2.4).
    pub fn run(self) -> Result<Array<T::RealOut>> {
        let op = if self.hermitian { "hfft" } else { "irfft" };
        let (axis, n) = self
            .opts
            .resolve(op, self.a.shape(), |m| 2 * m.saturating_sub(1))?;
        let r = if self.hermitian {
            // hfft(a) = irfft(conj(a)) with the scaling of a forward transform.
            let scale = self.opts.norm.factor_in::<T::Factor>(n, false);
            let x = retype::<T, T::Complex>(self.a.clone())?;
            let one = <<T::Complex as FftComplex>::Real as FftReal>::from_f64(1.0);
            let x = T::Complex::conj_scale_array(&x, one)?;
            transform::c2r::<T::Complex, T::Complex>(&x, axis, n, scale, self.opts.workers)?
        } else {
            let scale = self.opts.norm.factor_in::<T::Factor>(n, true);
            transform::c2r::<T, T::Complex>(self.a, axis, n, scale, self.opts.workers)?
        };
        retype(r)
    }
}

/// NumPy's `irfft`: the inverse of [`rfft`], `n` real values from `n / 2 + 1` complex ones
/// (more are cropped, fewer zero-padded; the imaginary parts of the zero-frequency term and,
/// for even `n`, of the Nyquist term are ignored, as NumPy ignores them). Without `.n(..)`,
/// `n = 2 * (m - 1)`: give `n` for odd lengths. Any dtype in; `c64`/`f32` give `f32`, `f16`
/// gives `f16` (as NumPy 2.4), the others `f64`.
///
/// ```
/// use kernels_std::fft;
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let x = Array::from_vec(&dev, &[5], vec![1.0f64, -2.0, 0.5, 4.0, 3.0])?;
/// let back = fft::irfft(&fft::rfft(&x).run()?).n(5).run()?.to_vec()?;
/// for (b, want) in back.iter().zip(x.to_vec()?) {
///     assert!((b - want).abs() < 1e-14);
/// }
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn irfft<T: FftDType>(a: &Array<T>) -> InverseRealFft<'_, T> {
    InverseRealFft {
        a,
        hermitian: false,
        opts: Options1d::default(),
    }
}
