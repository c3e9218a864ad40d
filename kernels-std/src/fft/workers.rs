//! SciPy's `workers`: how many threads the CPU transforms run on.
//!
//! Batches of transforms (the lines of an n-d array along an axis) run in parallel on rayon's
//! threads. By default every thread of rayon's global pool is used (SciPy's default is one
//! worker; `DIFFERENCES.md`); [`set_workers`] changes the default of the process and a
//! builder's `.workers(n)` that of one call, with SciPy's meaning of the number: `n >= 1`
//! threads, `-1` every core, `-2` all but one, and so on. A pool of each size asked for is made
//! once and kept.

use std::collections::HashMap;
use std::sync::atomic::{AtomicIsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use rayon::ThreadPool;

use crate::prelude::*;

/// 0: rayon's global pool.
static DEFAULT_WORKERS: AtomicIsize = AtomicIsize::new(0);

/// The number of threads `workers` means (SciPy's rule: negative counts wrap around from the
/// number of cores, `-1` being all of them).
fn resolve(workers: isize) -> Result<usize> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get()) as isize;
    let n = if workers < 0 {
        cores + 1 + workers
    } else {
        workers
    };
    if workers == 0 || n < 1 {
        return Err(Error::invalid(format!(
            "workers value out of range; got {workers}, must not be less than {}",
            -cores
        )));
    }
    Ok(n as usize)
}

/// Sets the number of threads of the CPU transforms for the whole process (SciPy's
/// `set_workers`, which is a context manager there): `n >= 1` threads, negative counts from
/// the number of cores (`-1`: all). An error for 0 or fewer than `-cores`.
///
/// ```
/// use kernels_std::fft::{get_workers, set_workers};
/// set_workers(1)?;
/// assert_eq!(get_workers(), 1);
/// set_workers(-1)?; // every core
/// assert!(set_workers(0).is_err());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn set_workers(workers: isize) -> Result<()> {
    resolve(workers)?;
    DEFAULT_WORKERS.store(workers, Ordering::Relaxed);
    Ok(())
}

/// The number of threads the CPU transforms use by default (SciPy's `get_workers`): rayon's
/// global pool unless [`set_workers`] said otherwise.
///
/// ```
/// assert!(kernels_std::fft::get_workers() >= 1);
/// ```
pub fn get_workers() -> usize {
    match DEFAULT_WORKERS.load(Ordering::Relaxed) {
        0 => rayon::current_num_threads(),
        w => resolve(w).unwrap_or(1),
    }
}

/// Runs `f` on the pool of `workers` threads (`None`: the process default).
pub(crate) fn install<R: Send>(workers: Option<isize>, f: impl FnOnce() -> R + Send) -> Result<R> {
    let w = match workers {
        Some(w) => w,
        None => DEFAULT_WORKERS.load(Ordering::Relaxed),
    };
    if w == 0 {
        return Ok(f());
    }
    let n = resolve(w)?;
    if n == rayon::current_num_threads() {
        return Ok(f());
    }
    Ok(pool(n)?.install(f))
}

fn pool(n: usize) -> Result<Arc<ThreadPool>> {
    static POOLS: OnceLock<Mutex<HashMap<usize, Arc<ThreadPool>>>> = OnceLock::new();
    let mut pools = POOLS
        .get_or_init(Default::default)
        .lock()
        .map_err(|_| Error::invalid("fft: the worker pools are poisoned"))?;
    if let Some(p) = pools.get(&n) {
        return Ok(p.clone());
    }
    let p = Arc::new(
        rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .thread_name(|i| format!("fft-worker-{i}"))
            .build()
            .map_err(|e| Error::invalid(format!("fft: cannot start {n} workers: {e}")))?,
    );
    pools.insert(n, p.clone());
    Ok(p)
}

/// Checks a per-call `workers` value early, so that a bad one is an error on every backend.
pub(crate) fn check(workers: Option<isize>) -> Result<()> {
    match workers {
        Some(w) => resolve(w).map(|_| ()),
        None => Ok(()),
    }
}
