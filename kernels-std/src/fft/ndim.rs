//! The n-dimensional transforms: NumPy's `fftn`, `ifftn`, `fft2`, `ifft2`, `rfftn`, `irfftn`,
//! `rfft2`, `irfft2` (SciPy's `hfftn`, `ihfftn`, `hfft2`, `ihfft2` are in `hermitian.rs`),
//! as one-dimensional transforms applied axis after axis, in NumPy's order.

use super::dtypes::{FftComplex, FftDType, FftReal, RealFftDType};
use super::options::{options_nd, OptionsNd};
use super::transform::{self, retype};
use crate::prelude::*;

/// An n-dimensional complex transform being set up: [`fftn`], [`ifftn`], [`fft2`],
/// [`ifft2`]; `.run()` computes it.
#[derive(Clone, Debug)]
#[must_use = "a transform builder does nothing until `.run()` is called"]
pub struct ComplexFftn<'a, T: FftDType> {
    a: &'a Array<T>,
    inverse: bool,
    two: bool,
    opts: OptionsNd,
}

impl<T: FftDType> ComplexFftn<'_, T> {
    options_nd!();

    /// Computes the transform (of `T::Complex`).
    pub fn run(self) -> Result<Array<T::Complex>> {
        let op = match (self.inverse, self.two) {
            (false, false) => "fftn",
            (true, false) => "ifftn",
            (false, true) => "fft2",
            (true, true) => "ifft2",
        };
        let (s, axes) =
            self.opts
                .resolve(op, self.a.shape(), self.two.then_some(&[-2, -1][..]), false)?;
        // The last axis first, as NumPy's `_raw_fftnd`; the first pass reads the input as
        // it is (any dtype, any layout).
        let mut passes = s.iter().zip(&axes).rev();
        let Some((&n, &ax)) = passes.next() else {
            return retype(self.a.clone());
        };
        let (inv, w) = (self.inverse, self.opts.workers);
        let norm = self.opts.norm;
        let first = norm.factor_in::<T::Factor>(n, inv);
        let mut a = transform::c2c::<T, T::Complex>(self.a, ax, n, inv, first, w)?;
        for (&n, &ax) in passes {
            let f = norm.factor_in::<<T::Complex as FftComplex>::Real>(n, inv);
            a = transform::c2c_owned(a, ax, n, inv, f, w)?;
        }
        Ok(a)
    }
}

fn complex_nd<T: FftDType>(a: &Array<T>, inverse: bool, two: bool) -> ComplexFftn<'_, T> {
    ComplexFftn {
        a,
        inverse,
        two,
        opts: OptionsNd::default(),
    }
}

/// NumPy's `fftn`: the transform over several axes (default: all), `.s(..)` and `.axes(..)`
/// as NumPy's `s` and `axes`, `.norm(..)`, `.workers(w)`.
///
/// ```
/// use kernels_std::fft;
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let x = Array::from_vec(&dev, &[2, 2], vec![1.0f64, 2.0, 3.0, 4.0])?;
/// let y = fft::fftn(&x).run()?.to_vec()?;
/// assert_eq!(y.iter().map(|z| z.re).collect::<Vec<_>>(), vec![10.0, -2.0, -4.0, 0.0]);
/// let y = fft::fftn(&x).s(&[4]).run()?; // the last axis only, zero-padded to 4
/// assert_eq!(y.shape(), [2, 4]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn fftn<T: FftDType>(a: &Array<T>) -> ComplexFftn<'_, T> {
    complex_nd(a, false, false)
}

/// NumPy's `ifftn`: the inverse of [`fftn`].
///
/// ```
/// use kernels_std::fft;
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let x = Array::from_vec(&dev, &[2, 3], vec![1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0])?;
/// let back = fft::ifftn(&fft::fftn(&x).run()?).run()?.to_vec()?;
/// assert!((back[5].re - 6.0).abs() < 1e-5 && back[5].im.abs() < 1e-5);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn ifftn<T: FftDType>(a: &Array<T>) -> ComplexFftn<'_, T> {
    complex_nd(a, true, false)
}

/// NumPy's `fft2`: [`fftn`] over the last two axes by default.
///
/// ```
/// use kernels_std::fft;
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let x = Array::from_vec(&dev, &[1, 2, 2], vec![1.0f64, 2.0, 3.0, 4.0])?;
/// assert_eq!(fft::fft2(&x).run()?.to_vec()?[0], c128::new(10.0, 0.0));
/// assert!(fft::fft2(&Array::from_vec(&dev, &[3], vec![1.0f64; 3])?).run().is_err());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn fft2<T: FftDType>(a: &Array<T>) -> ComplexFftn<'_, T> {
    complex_nd(a, false, true)
}

/// NumPy's `ifft2`: [`ifftn`] over the last two axes by default.
///
/// ```
/// use kernels_std::fft;
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let x = Array::from_vec(&dev, &[2, 2], vec![10.0f64, -2.0, -4.0, 0.0])?;
/// assert_eq!(fft::ifft2(&x).run()?.to_vec()?[3], c128::new(4.0, 0.0));
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn ifft2<T: FftDType>(a: &Array<T>) -> ComplexFftn<'_, T> {
    complex_nd(a, true, true)
}

/// An n-dimensional real-input transform being set up: [`rfftn`], [`rfft2`],
/// [`ihfftn`](super::ihfftn), [`ihfft2`](super::ihfft2).
#[derive(Clone, Debug)]
#[must_use = "a transform builder does nothing until `.run()` is called"]
pub struct RealFftn<'a, T: RealFftDType> {
    pub(crate) a: &'a Array<T>,
    pub(crate) hermitian: bool,
    pub(crate) two: bool,
    pub(crate) opts: OptionsNd,
}

impl<T: RealFftDType> RealFftn<'_, T> {
    options_nd!();

    /// Computes the transform: the last transformed axis has `s[-1] / 2 + 1` values.
    pub fn run(self) -> Result<Array<T::Complex>> {
        let op = match (self.hermitian, self.two) {
            (false, false) => "rfftn",
            (false, true) => "rfft2",
            (true, false) => "ihfftn",
            (true, true) => "ihfft2",
        };
        let (s, axes) =
            self.opts
                .resolve(op, self.a.shape(), self.two.then_some(&[-2, -1][..]), false)?;
        let (Some(&n_last), Some(&ax_last)) = (s.last(), axes.last()) else {
            return Err(Error::invalid(format!("{op}: no axes to transform")));
        };
        // ihfftn(a) = conj(rfftn(a)) with the scaling of an inverse transform (SciPy's).
        let norm = if self.hermitian {
            self.opts.norm.swap()
        } else {
            self.opts.norm
        };
        let w = self.opts.workers;
        let f_last = norm.factor_in::<T::Factor>(n_last, false);
        let factor = |n: usize| norm.factor_in::<<T::Complex as FftComplex>::Real>(n, false);
        let mut passes = s.iter().zip(&axes).rev().skip(1).peekable();
        // The last two axes together, slab by slab, where the second is transformed whole
        // and the shape suits (`cpu_slabs.rs`); else the last axis alone.
        let fused = match passes.peek() {
            Some(&(&n, &ax)) if ax_last + 1 == self.a.ndim() && self.a.shape()[ax] == n => {
                transform::r2c_then_c2c::<T, T::Complex>(self.a, n_last, f_last, ax, factor(n), w)?
            }
            _ => None,
        };
        let mut a = match fused {
            Some(a) => {
                passes.next();
                a
            }
            None => transform::r2c::<T, T::Complex>(self.a, ax_last, n_last, f_last, w)?,
        };
        for (&n, &ax) in passes {
            a = transform::c2c_owned(a, ax, n, false, factor(n), w)?;
        }
        if self.hermitian {
            a = T::Complex::conj_scale_array(
                &a,
                <<T::Complex as FftComplex>::Real as FftReal>::from_f64(1.0),
            )?;
        }
        Ok(a)
    }
}

/// NumPy's `rfftn`: [`rfft`](super::rfft) over the last of the axes, then
/// [`fft`](super::fft) over the others. Real dtypes only.
///
/// ```
/// use kernels_std::fft;
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let x = Array::from_vec(&dev, &[2, 4], vec![1.0f32; 8])?;
/// let y = fft::rfftn(&x).run()?;
/// assert_eq!(y.shape(), [2, 3]);
/// assert_eq!(y.to_vec()?[0], c64::new(8.0, 0.0));
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn rfftn<T: RealFftDType>(a: &Array<T>) -> RealFftn<'_, T> {
    RealFftn {
        a,
        hermitian: false,
        two: false,
        opts: OptionsNd::default(),
    }
}

/// NumPy's `rfft2`: [`rfftn`] over the last two axes by default.
///
/// ```
/// use kernels_std::fft;
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let x = Array::from_vec(&dev, &[2, 2], vec![1.0f64, 2.0, 3.0, 4.0])?;
/// let y = fft::rfft2(&x).run()?.to_vec()?;
/// assert_eq!(y, vec![c128::new(10.0, 0.0), c128::new(-2.0, 0.0), c128::new(-4.0, 0.0), c128::new(0.0, 0.0)]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn rfft2<T: RealFftDType>(a: &Array<T>) -> RealFftn<'_, T> {
    RealFftn {
        a,
        hermitian: false,
        two: true,
        opts: OptionsNd::default(),
    }
}

/// An n-dimensional transform with a real result being set up: [`irfftn`], [`irfft2`],
/// [`hfftn`](super::hfftn), [`hfft2`](super::hfft2).
#[derive(Clone, Debug)]
#[must_use = "a transform builder does nothing until `.run()` is called"]
pub struct InverseRealFftn<'a, T: FftDType> {
    pub(crate) a: &'a Array<T>,
    pub(crate) hermitian: bool,
    pub(crate) two: bool,
    pub(crate) opts: OptionsNd,
}

impl<T: FftDType> InverseRealFftn<'_, T> {
    options_nd!();

    /// Computes the transform: `s[-1]` real values along the last transformed axis (default
    /// `2 * (m - 1)`), of `T::RealOut`.
    pub fn run(self) -> Result<Array<T::RealOut>> {
        let op = match (self.hermitian, self.two) {
            (false, false) => "irfftn",
            (false, true) => "irfft2",
            (true, false) => "hfftn",
            (true, true) => "hfft2",
        };
        let (s, axes) =
            self.opts
                .resolve(op, self.a.shape(), self.two.then_some(&[-2, -1][..]), true)?;
        let (Some(&n_last), Some(&ax_last)) = (s.last(), axes.last()) else {
            return Err(Error::invalid(format!("{op}: no axes to transform")));
        };
        // hfftn(a) = irfftn(conj(a)) with the scaling of a forward transform (SciPy's).
        let norm = if self.hermitian {
            self.opts.norm.swap()
        } else {
            self.opts.norm
        };
        let w = self.opts.workers;
        let mut a = retype::<T, T::Complex>(self.a.clone())?;
        if self.hermitian {
            a = T::Complex::conj_scale_array(
                &a,
                <<T::Complex as FftComplex>::Real as FftReal>::from_f64(1.0),
            )?;
        }
        // NumPy computes the first pass's factor in the input's precision, the others in
        // that of the complex intermediate.
        let factor = |n: usize, first: bool| match first {
            true => norm.factor_in::<T::Factor>(n, true),
            false => norm.factor_in::<<T::Complex as FftComplex>::Real>(n, true),
        };
        let n_others = s.len() - 1;
        for (k, (&n, &ax)) in s.iter().zip(&axes).take(n_others).enumerate() {
            // The first pass reads the caller's array (shared): a new result; the others
            // transform the previous pass's result where it is.
            a = match k {
                0 => transform::c2c::<T::Complex, T::Complex>(&a, ax, n, true, factor(n, true), w)?,
                _ => transform::c2c_owned(a, ax, n, true, factor(n, false), w)?,
            };
        }
        let f = factor(n_last, n_others == 0);
        let r = transform::c2r::<T::Complex, T::Complex>(&a, ax_last, n_last, f, w)?;
        retype(r)
    }
}

/// NumPy's `irfftn`: the inverse of [`rfftn`]: [`ifft`](super::ifft) over all but the last
/// axis, then [`irfft`](super::irfft) over the last, whose output length is `s[-1]`
/// (default `2 * (m - 1)`: give `s` for odd lengths).
///
/// ```
/// use kernels_std::fft;
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let x = Array::from_vec(&dev, &[2, 3], vec![1.0f64, 2.0, 3.0, 4.0, 5.0, 6.0])?;
/// let back = fft::irfftn(&fft::rfftn(&x).run()?).s(&[2, 3]).run()?.to_vec()?;
/// assert!((back[4] - 5.0).abs() < 1e-14);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn irfftn<T: FftDType>(a: &Array<T>) -> InverseRealFftn<'_, T> {
    InverseRealFftn {
        a,
        hermitian: false,
        two: false,
        opts: OptionsNd::default(),
    }
}

/// NumPy's `irfft2`: [`irfftn`] over the last two axes by default.
///
/// ```
/// use kernels_std::fft;
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let x = Array::from_vec(&dev, &[2, 2], vec![1.0f64, 2.0, 3.0, 4.0])?;
/// let back = fft::irfft2(&fft::rfft2(&x).run()?).s(&[2, 2]).run()?.to_vec()?;
/// assert!((back[3] - 4.0).abs() < 1e-14);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn irfft2<T: FftDType>(a: &Array<T>) -> InverseRealFftn<'_, T> {
    InverseRealFftn {
        a,
        hermitian: false,
        two: true,
        opts: OptionsNd::default(),
    }
}
