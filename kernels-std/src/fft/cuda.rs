//! The GPU transforms: cuFFT (through the runtime's `fft_support`), plans cached per device by
//! kind, length and batch.
//!
//! A transform along one axis is three steps, each on the device:
//!
//! 1. the input's lines are laid out as cuFFT's basic layout wants them (the axis last,
//!    C-contiguous, the computation's dtype, cropped or zero-padded to the transform's input
//!    length): an array of zeros with the input converted into its leading part by the
//!    runtime's `astype` kernel, or the input itself when it is already that;
//! 2. one batched cuFFT call (several when the batch exceeds cuFFT's `int`);
//! 3. the result's axis moved back and scaled: the `scale` kernel reads the permuted view
//!    and writes a new C-contiguous array (the transposition and the normalization in one
//!    pass); the runtime's copy kernel when there is nothing to scale.
//!
//! This path has not run here (no GPU on the development machine); its kernels are compiled
//! by NVRTC in the tests.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

use array_runtime::cuda::fft_support::{FftKind, FftPlan};
use array_runtime::cuda::CudaDevice;
use array_runtime::slice::{Slice, SliceItem};

use super::transform::{axis_last, lay_out};

use super::dtypes::{FftComplex, FftReal};
use crate::prelude::*;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Key {
    device: usize,
    kind: FftKind,
    n: usize,
    batch: usize,
}

#[derive(Default)]
struct Cache {
    plans: HashMap<Key, (Arc<FftPlan>, u64)>,
    clock: u64,
}

static MAX_PLANS: AtomicUsize = AtomicUsize::new(16);

fn cache() -> Result<MutexGuard<'static, Cache>> {
    static CACHE: OnceLock<Mutex<Cache>> = OnceLock::new();
    CACHE
        .get_or_init(Default::default)
        .lock()
        .map_err(|_| Error::invalid("fft: the cuFFT plan cache is poisoned"))
}

fn evict(c: &mut Cache, device: usize, keep: usize) {
    loop {
        let mine: Vec<(Key, u64)> = c
            .plans
            .iter()
            .filter(|(k, _)| k.device == device)
            .map(|(k, (_, t))| (*k, *t))
            .collect();
        if mine.len() <= keep {
            return;
        }
        if let Some((k, _)) = mine.iter().min_by_key(|(_, t)| *t) {
            c.plans.remove(k);
        }
    }
}

/// The cached plan (made now if absent).
fn plan(dev: &Arc<CudaDevice>, kind: FftKind, n: usize, batch: usize) -> Result<Arc<FftPlan>> {
    let key = Key {
        device: dev.ordinal(),
        kind,
        n,
        batch,
    };
    let mut c = cache()?;
    c.clock += 1;
    let now = c.clock;
    if let Some((p, t)) = c.plans.get_mut(&key) {
        *t = now;
        return Ok(p.clone());
    }
    let p = Arc::new(FftPlan::new(dev, kind, n, batch)?);
    let max = MAX_PLANS.load(Ordering::Relaxed);
    if max > 0 {
        evict(&mut c, key.device, max - 1);
        c.plans.insert(key, (p.clone(), now));
    }
    Ok(p)
}

pub(crate) fn cached_plans(dev: &Arc<CudaDevice>) -> Result<usize> {
    Ok(cache()?
        .plans
        .keys()
        .filter(|k| k.device == dev.ordinal())
        .count())
}

pub(crate) fn max_plans() -> usize {
    MAX_PLANS.load(Ordering::Relaxed)
}

pub(crate) fn set_max_plans(dev: &Arc<CudaDevice>, max: usize) -> Result<()> {
    MAX_PLANS.store(max, Ordering::Relaxed);
    evict(&mut *cache()?, dev.ordinal(), max);
    Ok(())
}

pub(crate) fn clear_plans(dev: &Arc<CudaDevice>) -> Result<()> {
    cache()?.plans.retain(|k, _| k.device != dev.ordinal());
    Ok(())
}

/// The batched transform of the laid-out lines, in as many cuFFT calls as `int` needs.
fn exec_lines<I: DType, O: DType>(
    dev: &Arc<CudaDevice>,
    kind: FftKind,
    n: usize,
    input: &mut Array<I>,
    out_shape: &[usize],
    inverse: bool,
) -> Result<Array<O>> {
    let mut out = array_runtime::cuda::blas_support::array_for_overwrite::<O>(
        &Device::Cuda(dev.clone()),
        out_shape,
    )?;
    let (n_in, n_out) = kind.lengths(n);
    let lines = out.len() / n_out.max(1);
    if lines == 0 {
        return Ok(out);
    }
    let per_call = ((i32::MAX as usize) / n_in.max(n_out)).clamp(1, lines);
    let mut first = 0;
    while first < lines {
        let batch = per_call.min(lines - first);
        plan(dev, kind, n, batch)?.exec(input, &mut out, first, inverse)?;
        first += batch;
    }
    Ok(out)
}

/// Moves the last axis of `r` back to `axis` and scales it by `scale` (1: copy only), into a
/// new C-contiguous array.
fn finish<O: DType>(
    r: Array<O>,
    axis: usize,
    scale: impl FnOnce(&Array<O>) -> Option<Result<Array<O>>>,
) -> Result<Array<O>> {
    let (_, back) = axis_last(r.ndim(), axis);
    let view = r.permute(&back)?;
    match scale(&view) {
        Some(scaled) => scaled,
        None if view.is_c_contiguous() => Ok(view),
        None => view.as_standard_layout(),
    }
}

fn double<R: FftReal>() -> bool {
    R::ID == DTypeId::F64
}

/// See [`super::cpu::c2c`].
pub(crate) fn c2c<I: DType, C: FftComplex>(
    dev: &Arc<CudaDevice>,
    a: &Array<I>,
    axis: usize,
    n: usize,
    inverse: bool,
    scale: f64,
) -> Result<Array<C>> {
    let mut lines = lay_out::<I, C>(a, axis, n)?;
    let kind = FftKind::C2C {
        double: double::<C::Real>(),
    };
    let shape = lines.shape().to_vec();
    let r = exec_lines::<C, C>(dev, kind, n, &mut lines, &shape, inverse)?;
    let f = <C::Real as FftReal>::from_f64(scale);
    finish(r, axis, |v| (scale != 1.0).then(|| C::scale_array(v, f)))
}

/// See [`super::cpu::r2c`].
pub(crate) fn r2c<I: DType, C: FftComplex>(
    dev: &Arc<CudaDevice>,
    a: &Array<I>,
    axis: usize,
    n: usize,
    scale: f64,
) -> Result<Array<C>> {
    let mut lines = lay_out::<I, C::Real>(a, axis, n)?;
    let kind = FftKind::R2C {
        double: double::<C::Real>(),
    };
    let mut shape = lines.shape().to_vec();
    *shape.last_mut().expect("at least one axis") = n / 2 + 1;
    let r = exec_lines::<C::Real, C>(dev, kind, n, &mut lines, &shape, false)?;
    let f = <C::Real as FftReal>::from_f64(scale);
    finish(r, axis, |v| (scale != 1.0).then(|| C::scale_array(v, f)))
}

/// See [`super::cpu::c2r`].
pub(crate) fn c2r<I: DType, C: FftComplex>(
    dev: &Arc<CudaDevice>,
    a: &Array<I>,
    axis: usize,
    n: usize,
    scale: f64,
) -> Result<Array<C::Real>> {
    let m = n / 2 + 1;
    let mut lines = lay_out::<I, C>(a, axis, m)?;
    // NumPy ignores the imaginary parts of the zero-frequency and (even n) Nyquist terms.
    let mut edges = vec![0];
    if n.is_multiple_of(2) && m > 1 {
        edges.push(m - 1);
    }
    for k in edges {
        let items = [
            SliceItem::Ellipsis,
            SliceItem::Range(Slice::from(k as isize..k as isize + 1)),
        ];
        let fixed = C::drop_imag_array(&lines.slice(items)?)?;
        lines.slice_mut(items)?.assign(&fixed)?;
    }
    let kind = FftKind::C2R {
        double: double::<C::Real>(),
    };
    let mut shape = lines.shape().to_vec();
    *shape.last_mut().expect("at least one axis") = n;
    let r = exec_lines::<C, C::Real>(dev, kind, n, &mut lines, &shape, true)?;
    let f = <C::Real as FftReal>::from_f64(scale);
    finish(r, axis, |v| {
        (scale != 1.0).then(|| <C::Real as FftReal>::scale_array(v, f))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn axis_permutations_are_inverse() {
        let (to, back) = axis_last(4, 1);
        assert_eq!(to, [0, 2, 3, 1]);
        assert_eq!(back, [0, 3, 1, 2]);
        let (to, back) = axis_last(1, 0);
        assert_eq!((to, back), (vec![0], vec![0]));
    }

    #[test]
    fn laying_out_crops_pads_and_converts() {
        // The same steps as on a GPU, run by the CPU backend's kernels.
        let dev = Device::cpu();
        let a = Array::from_vec(&dev, &[2, 3], vec![1i32, 2, 3, 4, 5, 6]).unwrap();
        let padded = lay_out::<i32, c64>(&a, 0, 3).unwrap();
        assert_eq!(padded.shape(), [3, 3]);
        let re: Vec<f32> = padded.to_vec().unwrap().iter().map(|z| z.re).collect();
        assert_eq!(re, [1.0, 4.0, 0.0, 2.0, 5.0, 0.0, 3.0, 6.0, 0.0]);
        let cropped = lay_out::<i32, f64>(&a, 1, 2).unwrap();
        assert_eq!(cropped.to_vec().unwrap(), [1.0, 2.0, 4.0, 5.0]);
    }
}
