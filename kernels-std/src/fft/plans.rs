//! Plans and their cache (CuPy's `get_plan_cache()`).
//!
//! A plan is what a transform of one length and direction needs before it runs: on the CPU a
//! rustfft/realfft plan (factors, twiddles, Rader's or Bluestein's inner transforms for
//! primes); on a GPU a cuFFT handle (`cuda.rs`). Plans are made on first use and kept, least
//! recently used out first, up to a size (16 per cache by default, as CuPy's), so repeated
//! transforms skip planning. Each CPU plan is planned by a planner of its own, so that
//! dropping it from the cache frees everything it holds.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

use realfft::{ComplexToReal, RealFftPlanner, RealToComplex};
use rustfft::{Fft, FftDirection, FftPlanner};

use super::dtypes::{FftComplex, FftReal};
use crate::prelude::*;

/// The plans a CPU transform can use, of one precision.
#[derive(Clone)]
pub(crate) enum CpuPlan<R: FftReal> {
    /// A complex transform (either direction).
    Complex(Arc<dyn Fft<R>>),
    /// A real-to-complex (forward) transform.
    RealForward(Arc<dyn RealToComplex<R>>),
    /// A complex-to-real (inverse) transform.
    RealInverse(Arc<dyn ComplexToReal<R>>),
}

impl<R: FftReal> std::fmt::Debug for CpuPlan<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (kind, len) = match self {
            CpuPlan::Complex(p) => ("complex", p.len()),
            CpuPlan::RealForward(p) => ("real forward", p.len()),
            CpuPlan::RealInverse(p) => ("real inverse", p.len()),
        };
        write!(f, "CpuPlan({kind}, {len})")
    }
}

/// What a CPU plan is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum PlanKind {
    Forward,
    Inverse,
    RealForward,
    RealInverse,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Key {
    double: bool,
    kind: PlanKind,
    len: usize,
}

struct Entry {
    plan: Box<dyn std::any::Any + Send + Sync>,
    last_use: u64,
}

#[derive(Default)]
struct CpuCache {
    entries: HashMap<Key, Entry>,
    clock: u64,
}

/// The default number of plans a cache keeps (CuPy's default).
const DEFAULT_MAX: usize = 16;

static CPU_MAX: AtomicUsize = AtomicUsize::new(DEFAULT_MAX);

fn cpu_cache() -> Result<MutexGuard<'static, CpuCache>> {
    static CACHE: OnceLock<Mutex<CpuCache>> = OnceLock::new();
    CACHE
        .get_or_init(Default::default)
        .lock()
        .map_err(|_| Error::invalid("fft: the CPU plan cache is poisoned"))
}

fn make<R: FftReal>(kind: PlanKind, len: usize) -> CpuPlan<R> {
    match kind {
        PlanKind::Forward => {
            CpuPlan::Complex(FftPlanner::new().plan_fft(len, FftDirection::Forward))
        }
        PlanKind::Inverse => {
            CpuPlan::Complex(FftPlanner::new().plan_fft(len, FftDirection::Inverse))
        }
        PlanKind::RealForward => CpuPlan::RealForward(RealFftPlanner::new().plan_fft_forward(len)),
        PlanKind::RealInverse => CpuPlan::RealInverse(RealFftPlanner::new().plan_fft_inverse(len)),
    }
}

/// The CPU plan of `kind` and `len` in precision `R`, from the cache or made now (planning
/// happens outside the lock; two threads asking at once may both plan, one plan is kept).
pub(crate) fn cpu_plan<R: FftReal>(kind: PlanKind, len: usize) -> Result<CpuPlan<R>> {
    let key = Key {
        double: R::ID == DTypeId::F64,
        kind,
        len,
    };
    {
        let mut cache = cpu_cache()?;
        cache.clock += 1;
        let now = cache.clock;
        if let Some(e) = cache.entries.get_mut(&key) {
            e.last_use = now;
            if let Some(p) = e.plan.downcast_ref::<CpuPlan<R>>() {
                return Ok(p.clone());
            }
        }
    }
    let plan = make::<R>(kind, len);
    let max = CPU_MAX.load(Ordering::Relaxed);
    if max > 0 {
        let mut cache = cpu_cache()?;
        while cache.entries.len() >= max {
            let oldest = cache
                .entries
                .iter()
                .min_by_key(|(_, e)| e.last_use)
                .map(|(k, _)| *k);
            match oldest {
                Some(k) => cache.entries.remove(&k),
                None => break,
            };
        }
        let now = cache.clock;
        cache.entries.insert(
            key,
            Entry {
                plan: Box::new(plan.clone()),
                last_use: now,
            },
        );
    }
    Ok(plan)
}

/// The twiddle tables of the cosine and sine transforms (`dct.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Twiddle {
    /// `exp(-i pi k / (2n))` for `k` in `0..=n / 2` (DCT-II and DCT-III).
    QuarterTurn,
    /// `exp(-i pi j / (2n))` for `j < n` (types 4, before the FFT).
    Type4Pre,
    /// `exp(-i pi (2k + 1) / (4n))` for `k < n` (types 4, after the FFT).
    Type4Post,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct TwiddleKey {
    /// `None` for the CPU, else the GPU's ordinal.
    device: Option<usize>,
    kind: Twiddle,
    n: usize,
    double: bool,
}

type TwiddleMap = HashMap<TwiddleKey, (Box<dyn std::any::Any + Send + Sync>, u64)>;

fn twiddle_cache() -> Result<MutexGuard<'static, (TwiddleMap, u64)>> {
    static CACHE: OnceLock<Mutex<(TwiddleMap, u64)>> = OnceLock::new();
    CACHE
        .get_or_init(Default::default)
        .lock()
        .map_err(|_| Error::invalid("fft: the twiddle cache is poisoned"))
}

/// The twiddle table `kind` of length-`n` transforms on `device`, computed on the host in
/// `f64` (rounded once to `C`'s precision) and kept, as many as plans are.
pub(crate) fn twiddles<C: FftComplex>(
    device: &Device,
    kind: Twiddle,
    n: usize,
) -> Result<Array<C>> {
    let key = TwiddleKey {
        device: match device {
            Device::Cpu => None,
            Device::Cuda(d) => Some(d.ordinal()),
        },
        kind,
        n,
        double: C::ID == DTypeId::C128,
    };
    {
        let mut c = twiddle_cache()?;
        c.1 += 1;
        let now = c.1;
        if let Some((t, used)) = c.0.get_mut(&key) {
            *used = now;
            if let Some(a) = t.downcast_ref::<Array<C>>() {
                return Ok(a.clone());
            }
        }
    }
    let nf = n as f64;
    let angle = |k: usize| -> f64 {
        let k = k as f64;
        match kind {
            Twiddle::QuarterTurn | Twiddle::Type4Pre => std::f64::consts::PI * k / (2.0 * nf),
            Twiddle::Type4Post => std::f64::consts::PI * (2.0 * k + 1.0) / (4.0 * nf),
        }
    };
    let len = match kind {
        Twiddle::QuarterTurn => n / 2 + 1,
        _ => n,
    };
    let table: Vec<C> = (0..len)
        .map(|k| {
            let (s, c) = angle(k).sin_cos();
            C::from_complex(Complex::new(
                <C::Real as FftReal>::from_f64(c),
                <C::Real as FftReal>::from_f64(-s),
            ))
        })
        .collect();
    let a = Array::from_vec(device, &[len], table)?;
    let max = CPU_MAX.load(Ordering::Relaxed);
    if max > 0 {
        let mut c = twiddle_cache()?;
        while c.0.len() >= max {
            let oldest = c.0.iter().min_by_key(|(_, (_, t))| *t).map(|(k, _)| *k);
            match oldest {
                Some(k) => c.0.remove(&k),
                None => break,
            };
        }
        let now = c.1;
        c.0.insert(key, (Box::new(a.clone()), now));
    }
    Ok(a)
}

/// The plan cache of a device (CuPy's `cupy.fft.config.get_plan_cache()`): how many plans it
/// holds, its size limit, and a way to empty it. The CPU has one cache for the process; each
/// GPU has its own (cuFFT plans, keyed by shape, dtype and batch).
///
/// ```
/// use kernels_std::fft::{self, get_plan_cache};
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let cache = get_plan_cache(&dev);
/// let x = Array::from_vec(&dev, &[6], vec![1.0f64, 2.0, 3.0, 4.0, 5.0, 6.0])?;
/// fft::fft(&x).run()?;
/// assert!(cache.len()? >= 1);
/// cache.clear()?;
/// assert_eq!(cache.len()?, 0);
/// assert_eq!(cache.max_size(), 16);
/// # Ok::<(), kernels_std::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct PlanCache {
    device: Device,
}

/// The plan cache of `device` (see [`PlanCache`]).
pub fn get_plan_cache(device: &Device) -> PlanCache {
    PlanCache {
        device: device.clone(),
    }
}

impl PlanCache {
    /// The number of plans held.
    pub fn len(&self) -> Result<usize> {
        match &self.device {
            Device::Cpu => Ok(cpu_cache()?.entries.len()),
            Device::Cuda(d) => super::cuda::cached_plans(d),
        }
    }

    /// Whether no plan is held.
    pub fn is_empty(&self) -> Result<bool> {
        Ok(self.len()? == 0)
    }

    /// The most plans kept (0: none are kept, every transform plans anew).
    pub fn max_size(&self) -> usize {
        match &self.device {
            Device::Cpu => CPU_MAX.load(Ordering::Relaxed),
            Device::Cuda(_) => super::cuda::max_plans(),
        }
    }

    /// Sets the most plans kept, dropping the least recently used ones beyond it.
    pub fn set_max_size(&self, max: usize) -> Result<()> {
        match &self.device {
            Device::Cpu => {
                CPU_MAX.store(max, Ordering::Relaxed);
                let mut cache = cpu_cache()?;
                while cache.entries.len() > max {
                    let oldest = cache
                        .entries
                        .iter()
                        .min_by_key(|(_, e)| e.last_use)
                        .map(|(k, _)| *k);
                    if let Some(k) = oldest {
                        cache.entries.remove(&k);
                    }
                }
                Ok(())
            }
            Device::Cuda(d) => super::cuda::set_max_plans(d, max),
        }
    }

    /// Drops every plan (their memory is freed once no running transform uses them).
    pub fn clear(&self) -> Result<()> {
        match &self.device {
            Device::Cpu => {
                cpu_cache()?.entries.clear();
                twiddle_cache()?.0.retain(|k, _| k.device.is_some());
                Ok(())
            }
            Device::Cuda(d) => {
                let o = d.ordinal();
                twiddle_cache()?.0.retain(|k, _| k.device != Some(o));
                super::cuda::clear_plans(d)
            }
        }
    }
}
