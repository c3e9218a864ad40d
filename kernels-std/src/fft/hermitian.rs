//! The transforms of Hermitian-symmetric signals: NumPy's `hfft` and `ihfft`, SciPy's
//! `hfft2`, `hfftn`, `ihfft2`, `ihfftn`.
//!
//! A signal whose spectrum is real is Hermitian-symmetric in time: `hfft` takes its
//! non-negative half and returns the real spectrum, `irfft` of the conjugate scaled as a
//! forward transform; `ihfft` is `conj(rfft(x))` scaled as an inverse transform. The
//! conjugation (the Hermitian packing) is the `conj_scale` kernel, on either backend.

use super::dtypes::{FftDType, RealFftDType};
use super::ndim::{InverseRealFftn, RealFftn};
use super::options::{Options1d, OptionsNd};
use super::real::{InverseRealFft, RealFft};
use crate::prelude::*;

/// NumPy's `hfft`: the real spectrum of a Hermitian-symmetric signal given by its first
/// `n / 2 + 1` values (default `n = 2 * (m - 1)`). Options as [`irfft`](super::irfft)'s.
///
/// ```
/// use kernels_std::fft;
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// // The first half of [1, 2-1j, 3, 2+1j]: its spectrum is real.
/// let x = Array::from_vec(&dev, &[3], vec![c128::new(1.0, 0.0), c128::new(2.0, -1.0), c128::new(3.0, 0.0)])?;
/// let y = fft::hfft(&x).run()?.to_vec()?;
/// let want = [8.0, -4.0, 0.0, 0.0];
/// assert!(y.iter().zip(want).all(|(g, w)| (g - w).abs() < 1e-14));
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn hfft<T: FftDType>(a: &Array<T>) -> InverseRealFft<'_, T> {
    InverseRealFft {
        a,
        hermitian: true,
        opts: Options1d::default(),
    }
}

/// NumPy's `ihfft`: the inverse of [`hfft`], the first `n / 2 + 1` values of the
/// Hermitian-symmetric signal whose spectrum is the real input. Real dtypes only.
///
/// ```
/// use kernels_std::fft;
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let y = Array::from_vec(&dev, &[4], vec![8.0f64, -4.0, 0.0, 0.0])?;
/// let x = fft::ihfft(&y).run()?.to_vec()?;
/// let want = [c128::new(1.0, 0.0), c128::new(2.0, -1.0), c128::new(3.0, 0.0)];
/// assert!(x.iter().zip(want).all(|(g, w)| (g - w).norm() < 1e-14));
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn ihfft<T: RealFftDType>(a: &Array<T>) -> RealFft<'_, T> {
    RealFft {
        a,
        hermitian: true,
        opts: Options1d::default(),
    }
}

/// SciPy's `hfftn`: [`hfft`] over several axes (the last one Hermitian-halved), `s` and
/// `axes` as [`irfftn`](super::irfftn)'s.
///
/// ```
/// use kernels_std::fft;
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let x = Array::from_vec(&dev, &[2, 2], vec![1.0f64, 0.0, 0.0, 0.0])?;
/// assert_eq!(fft::hfftn(&x).run()?.to_vec()?, vec![1.0, 1.0, 1.0, 1.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn hfftn<T: FftDType>(a: &Array<T>) -> InverseRealFftn<'_, T> {
    InverseRealFftn {
        a,
        hermitian: true,
        two: false,
        opts: OptionsNd::default(),
    }
}

/// SciPy's `hfft2`: [`hfftn`] over the last two axes by default.
///
/// ```
/// use kernels_std::fft;
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let x = Array::from_vec(&dev, &[2, 2], vec![1.0f64, 0.0, 0.0, 0.0])?;
/// assert_eq!(fft::hfft2(&x).run()?.shape(), [2, 2]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn hfft2<T: FftDType>(a: &Array<T>) -> InverseRealFftn<'_, T> {
    InverseRealFftn {
        a,
        hermitian: true,
        two: true,
        opts: OptionsNd::default(),
    }
}

/// SciPy's `ihfftn`: the inverse of [`hfftn`]. Real dtypes only.
///
/// ```
/// use kernels_std::fft;
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let y = Array::from_vec(&dev, &[2, 2], vec![1.0f64; 4])?;
/// let x = fft::ihfftn(&y).run()?.to_vec()?;
/// assert_eq!(x, vec![c128::new(1.0, 0.0), c128::new(0.0, 0.0), c128::new(0.0, 0.0), c128::new(0.0, 0.0)]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn ihfftn<T: RealFftDType>(a: &Array<T>) -> RealFftn<'_, T> {
    RealFftn {
        a,
        hermitian: true,
        two: false,
        opts: OptionsNd::default(),
    }
}

/// SciPy's `ihfft2`: [`ihfftn`] over the last two axes by default.
///
/// ```
/// use kernels_std::fft;
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let y = Array::from_vec(&dev, &[2, 4], vec![1.0f32; 8])?;
/// assert_eq!(fft::ihfft2(&y).run()?.shape(), [2, 3]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn ihfft2<T: RealFftDType>(a: &Array<T>) -> RealFftn<'_, T> {
    RealFftn {
        a,
        hermitian: true,
        two: true,
        opts: OptionsNd::default(),
    }
}
