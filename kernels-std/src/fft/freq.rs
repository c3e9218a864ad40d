//! The sample frequencies and the shifts that put the zero frequency in the middle: NumPy's
//! `fftfreq`, `rfftfreq`, `fftshift`, `ifftshift`.

use crate::creation::arange;
use crate::prelude::*;
use crate::shape::roll_axes;

use super::kernels::{fftfreq_at, rfftfreq_at};

fn check(op: &str, n: usize, d: f64) -> Result<f64> {
    let val = 1.0 / (n as f64 * d);
    if n == 0 || n as f64 * d == 0.0 {
        return Err(Error::invalid(format!(
            "{op}: n * d must not be zero (n = {n}, d = {d})"
        )));
    }
    Ok(val)
}

/// NumPy's `fftfreq(n, d)`: the frequencies of the terms of an `n`-point [`fft`](super::fft)
/// with sample spacing `d`: `[0, 1, ..., (n - 1) / 2, -(n / 2), ..., -1] / (d n)`, as `f64`
/// (computed as NumPy does, each index times `1 / (n d)`), on `device`. An error for `n = 0`
/// or `d = 0` (NumPy divides by zero).
///
/// ```
/// use kernels_std::fft;
/// use kernels_std::prelude::*;
/// let f = fft::fftfreq(&Device::cpu(), 5, 0.1)?;
/// assert_eq!(f.to_vec()?, vec![0.0, 2.0, 4.0, -4.0, -2.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn fftfreq(device: &Device, n: usize, d: f64) -> Result<Array<f64>> {
    let val = check("fftfreq", n, d)?;
    let i = arange(device, 0..n as i64)?;
    fftfreq_at(&i, n as i64, val)
}

/// NumPy's `rfftfreq(n, d)`: the frequencies of the `n / 2 + 1` terms of an `n`-point
/// [`rfft`](super::rfft): `[0, 1, ..., n / 2] / (d n)`, as `f64`, on `device`.
///
/// ```
/// use kernels_std::fft;
/// use kernels_std::prelude::*;
/// let f = fft::rfftfreq(&Device::cpu(), 4, 1.0)?;
/// assert_eq!(f.to_vec()?, vec![0.0, 0.25, 0.5]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn rfftfreq(device: &Device, n: usize, d: f64) -> Result<Array<f64>> {
    let val = check("rfftfreq", n, d)?;
    let i = arange(device, 0..(n / 2 + 1) as i64)?;
    rfftfreq_at(&i, val)
}

fn shift<T: DType>(a: &Array<T>, axes: Option<&[isize]>, inverse: bool) -> Result<Array<T>> {
    let all: Vec<isize> = (0..a.ndim() as isize).collect();
    let axes = axes.unwrap_or(&all);
    let mut shifts = Vec::with_capacity(axes.len());
    for &ax in axes {
        let d = a.shape()[super::transform::axis("fftshift", ax, a.shape())?] as isize;
        shifts.push(if inverse { -(d / 2) } else { d / 2 });
    }
    if axes.is_empty() {
        return a.copy();
    }
    roll_axes(a, &shifts, axes)
}

/// NumPy's `fftshift`: the zero-frequency term moved to the middle, each axis of `axes`
/// (default every axis) rolled by half its length. Any dtype; a copy.
///
/// ```
/// use kernels_std::fft;
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let f = fft::fftfreq(&dev, 5, 1.0)?;
/// assert_eq!(fft::fftshift(&f, None)?.to_vec()?, vec![-0.4, -0.2, 0.0, 0.2, 0.4]);
/// let a = Array::from_vec(&dev, &[2, 3], (0..6).collect::<Vec<i32>>())?;
/// assert_eq!(fft::fftshift(&a, Some(&[1]))?.to_vec()?, vec![2, 0, 1, 5, 3, 4]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn fftshift<T: DType>(a: &Array<T>, axes: Option<&[isize]>) -> Result<Array<T>> {
    shift(a, axes, false)
}

/// NumPy's `ifftshift`: the inverse of [`fftshift`] (they differ for odd lengths).
///
/// ```
/// use kernels_std::fft;
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let f = fft::fftfreq(&dev, 5, 1.0)?;
/// let back = fft::ifftshift(&fft::fftshift(&f, None)?, None)?;
/// assert_eq!(back.to_vec()?, f.to_vec()?);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn ifftshift<T: DType>(a: &Array<T>, axes: Option<&[isize]>) -> Result<Array<T>> {
    shift(a, axes, true)
}
