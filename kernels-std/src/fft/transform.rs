//! One transform along one axis, on the array's device: the checks NumPy makes (`n`, the
//! axis), then the CPU engine (`cpu.rs`) or cuFFT (`cuda.rs`).

use std::any::Any;

use super::dtypes::FftComplex;
use super::{cpu, cpu_slabs, cuda, workers};
use crate::prelude::*;
use array_runtime::slice::{Slice, SliceItem};

/// `a` as an array of `B`: itself when `A` is `B`, else converted (the runtime's `astype`
/// kernel).
pub(crate) fn retype<A: DType, B: DType>(a: Array<A>) -> Result<Array<B>> {
    let any: Box<dyn Any> = Box::new(a);
    match any.downcast::<Array<B>>() {
        Ok(b) => Ok(*b),
        Err(any) => match any.downcast::<Array<A>>() {
            Ok(a) => a.astype::<B>(),
            Err(_) => Err(Error::invalid("fft: an array changed type")),
        },
    }
}

/// NumPy's check of a transform length.
pub(crate) fn check_n(op: &str, n: usize) -> Result<()> {
    if n < 1 {
        return Err(Error::invalid(format!(
            "{op}: Invalid number of FFT data points ({n}) specified."
        )));
    }
    Ok(())
}

/// `axis` of `a` normalized, naming the routine and the shape on error.
pub(crate) fn axis(op: &str, axis: isize, shape: &[usize]) -> Result<usize> {
    array_runtime::shape::normalize_axis(axis, shape.len()).map_err(|_| {
        Error::invalid(format!(
            "{op}: axis {axis} is out of bounds for an array of shape {shape:?}"
        ))
    })
}

/// The complex transform of `n` points along `axis` (normalized), scaled by `scale`.
pub(crate) fn c2c<I: DType, C: FftComplex>(
    a: &Array<I>,
    axis: usize,
    n: usize,
    inverse: bool,
    scale: f64,
    workers: Option<isize>,
) -> Result<Array<C>> {
    workers::check(workers)?;
    match a.device() {
        Device::Cpu => cpu::c2c::<I, C>(a, axis, n, inverse, scale, workers),
        // The CUDA host target has no cuFFT: the CPU's transform, through host copies.
        Device::Cuda(d) if d.is_host() => cpu::c2c::<I, C>(
            &a.to_device(&Device::Cpu)?,
            axis,
            n,
            inverse,
            scale,
            workers,
        )?
        .to_device(&a.device()),
        Device::Cuda(d) => cuda::c2c::<I, C>(&d, a, axis, n, inverse, scale),
    }
}

/// [`c2c`] of an intermediate result the caller gives up (`C` in, `C` out): on the CPU, when
/// `n` is its length along `axis`, `axis` is not its last and it is C-contiguous, transformed
/// where it is (no new array); otherwise as [`c2c`].
pub(crate) fn c2c_owned<C: FftComplex>(
    mut a: Array<C>,
    axis: usize,
    n: usize,
    inverse: bool,
    scale: f64,
    workers: Option<isize>,
) -> Result<Array<C>> {
    workers::check(workers)?;
    let in_place = a.device() == Device::Cpu
        && axis + 1 < a.ndim()
        && a.shape()[axis] == n
        && a.is_c_contiguous();
    if in_place {
        cpu::c2c_in_place(&mut a, axis, inverse, scale, workers)?;
        return Ok(a);
    }
    c2c::<C, C>(&a, axis, n, inverse, scale, workers)
}

/// rfftn's first two passes: the real-to-complex transform of `n_last` points along the last
/// axis (scaled by `scale_last`), then the complex transform along `axis` (its whole length,
/// scaled by `scale`). On the CPU, when the array's shape suits, both run slab by slab while
/// each slab is in cache (`cpu_slabs.rs`); `None` when they must run one after the other.
pub(crate) fn r2c_then_c2c<I: DType, C: FftComplex>(
    a: &Array<I>,
    n_last: usize,
    scale_last: f64,
    axis: usize,
    scale: f64,
    workers: Option<isize>,
) -> Result<Option<Array<C>>> {
    workers::check(workers)?;
    if a.device() != Device::Cpu || axis + 1 >= a.ndim() {
        return Ok(None);
    }
    cpu_slabs::r2c_then_c2c::<I, C>(a, n_last, scale_last, axis, scale, workers)
}

/// The real-to-complex transform of `n` points along `axis` (`n / 2 + 1` out).
pub(crate) fn r2c<I: DType, C: FftComplex>(
    a: &Array<I>,
    axis: usize,
    n: usize,
    scale: f64,
    workers: Option<isize>,
) -> Result<Array<C>> {
    workers::check(workers)?;
    match a.device() {
        Device::Cpu => cpu::r2c::<I, C>(a, axis, n, scale, workers),
        // The CUDA host target has no cuFFT: the CPU's transform, through host copies.
        Device::Cuda(d) if d.is_host() => {
            cpu::r2c::<I, C>(&a.to_device(&Device::Cpu)?, axis, n, scale, workers)?
                .to_device(&a.device())
        }
        Device::Cuda(d) => cuda::r2c::<I, C>(&d, a, axis, n, scale),
    }
}

/// The complex-to-real transform of `n` points along `axis` (`n / 2 + 1` in).
pub(crate) fn c2r<I: DType, C: FftComplex>(
    a: &Array<I>,
    axis: usize,
    n: usize,
    scale: f64,
    workers: Option<isize>,
) -> Result<Array<C::Real>> {
    workers::check(workers)?;
    match a.device() {
        Device::Cpu => cpu::c2r::<I, C>(a, axis, n, scale, workers),
        // The CUDA host target has no cuFFT: the CPU's transform, through host copies.
        Device::Cuda(d) if d.is_host() => {
            cpu::c2r::<I, C>(&a.to_device(&Device::Cpu)?, axis, n, scale, workers)?
                .to_device(&a.device())
        }
        Device::Cuda(d) => cuda::c2r::<I, C>(&d, a, axis, n, scale),
    }
}

/// The permutation that moves `axis` last, and its inverse.
pub(crate) fn axis_last(ndim: usize, axis: usize) -> (Vec<isize>, Vec<isize>) {
    let mut to: Vec<isize> = (0..ndim as isize).filter(|&d| d != axis as isize).collect();
    to.push(axis as isize);
    let mut back = vec![0isize; ndim];
    for (i, &d) in to.iter().enumerate() {
        back[d as usize] = i as isize;
    }
    (to, back)
}

/// `a` with `axis` moved last, converted to `G`, cropped or zero-padded to `m` along it, as
/// a C-contiguous array on `a`'s device.
pub(crate) fn lay_out<I: DType, G: DType>(a: &Array<I>, axis: usize, m: usize) -> Result<Array<G>> {
    let (to, _) = axis_last(a.ndim(), axis);
    let moved = a.permute(&to)?;
    let len = a.shape()[axis];
    let take = len.min(m);
    let mut items = vec![SliceItem::Ellipsis];
    items.push(SliceItem::Range(Slice::from(0..take as isize)));
    let src = moved.slice(&items)?;
    if take == m && I::ID == G::ID && src.is_c_contiguous() {
        return retype(src);
    }
    let mut shape = moved.shape().to_vec();
    *shape.last_mut().expect("at least one axis") = m;
    let mut buf = Array::<G>::zeros(&a.device(), &shape)?;
    if take > 0 {
        src.astype_into(&mut buf.slice_mut(&items)?)?;
    }
    Ok(buf)
}
