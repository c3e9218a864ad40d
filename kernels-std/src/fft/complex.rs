//! The complex transforms of one axis: NumPy's `fft` and `ifft`.

use super::dtypes::FftDType;
use super::options::{options_1d, Options1d};
use super::transform;
use crate::prelude::*;

/// A one-dimensional complex transform being set up: [`fft`] or [`ifft`], with `n`, `axis`,
/// `norm` and `workers`; `.run()` computes it.
#[derive(Clone, Debug)]
#[must_use = "a transform builder does nothing until `.run()` is called"]
pub struct ComplexFft<'a, T: FftDType> {
    a: &'a Array<T>,
    inverse: bool,
    opts: Options1d,
}

impl<T: FftDType> ComplexFft<'_, T> {
    options_1d!();

    /// Computes the transform: a new C-contiguous array of `T::Complex` (`c64` for `f16`,
    /// `f32`, `c64`; `c128` otherwise), of the input's shape with `n` along the axis.
    pub fn run(self) -> Result<Array<T::Complex>> {
        let op = if self.inverse { "ifft" } else { "fft" };
        let (axis, n) = self.opts.resolve(op, self.a.shape(), |m| m)?;
        let scale = self.opts.norm.factor_in::<T::Factor>(n, self.inverse);
        transform::c2c::<T, T::Complex>(self.a, axis, n, self.inverse, scale, self.opts.workers)
    }
}

/// NumPy's `fft`: the discrete Fourier transform along one axis,
/// `y[k] = sum_j x[j] exp(-2 pi i j k / n)`, for any length (primes included).
///
/// Options: `.n(n)` (crop or zero-pad to `n` points), `.axis(a)` (default `-1`),
/// `.norm(Norm::Ortho)`, `.workers(w)`. Errors as NumPy's: `n == 0` (so an empty axis without
/// `n`), an axis out of range (a 0-d input).
///
/// ```
/// use kernels_std::fft::{self, Norm};
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let x = Array::from_vec(&dev, &[4], vec![1.0f64, 2.0, 3.0, 4.0])?;
/// let y = fft::fft(&x).run()?;
/// assert_eq!(y.to_vec()?, vec![
///     c128::new(10.0, 0.0), c128::new(-2.0, 2.0), c128::new(-2.0, 0.0), c128::new(-2.0, -2.0),
/// ]);
/// // f32 in, c64 out; zero-padded to 8 points, unitary scaling.
/// let x = Array::from_vec(&dev, &[2, 3], vec![1.0f32, 0.0, 0.0, 0.0, 1.0, 0.0])?;
/// let y = fft::fft(&x).n(8).norm(Norm::Ortho).run()?;
/// assert_eq!(y.shape(), [2, 8]);
/// assert!((y.to_vec()?[0].re - 1.0 / 8f32.sqrt()).abs() < 1e-7);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn fft<T: FftDType>(a: &Array<T>) -> ComplexFft<'_, T> {
    ComplexFft {
        a,
        inverse: false,
        opts: Options1d::default(),
    }
}

/// NumPy's `ifft`: the inverse of [`fft`], `x[j] = (1/n) sum_k y[k] exp(2 pi i j k / n)`
/// (the `1/n` moves with `norm`). Options and errors as [`fft`]'s.
///
/// ```
/// use kernels_std::fft;
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let x = Array::from_vec(&dev, &[3], vec![c128::new(1.0, 2.0), c128::new(0.0, -1.0), c128::new(3.0, 0.5)])?;
/// let back = fft::ifft(&fft::fft(&x).run()?).run()?.to_vec()?;
/// for (b, want) in back.iter().zip(x.to_vec()?) {
///     assert!((b - want).norm() < 1e-15);
/// }
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn ifft<T: FftDType>(a: &Array<T>) -> ComplexFft<'_, T> {
    ComplexFft {
        a,
        inverse: true,
        opts: Options1d::default(),
    }
}
