//! A launch on the host target: the driver's checks of the config, then every block of the
//! grid through the CPU backend's grid emulator (`cpu::raw`): blocks in parallel, the threads
//! of a block as fibers when the module has barriers or warp collectives (their callbacks
//! land in [`foreign_collective`]), one after another otherwise. Each thread enters the
//! module through `kxh_run` with its indices; the checker's findings come back through
//! `report` and fail the launch.
//!
//! Host launches run to completion before they return, so the error of a launch is the
//! launch's own (a GPU reports such errors at the next synchronizing call).

use std::ffi::{c_char, c_int, c_void, CStr};
use std::sync::atomic::{AtomicU64, Ordering};

use super::module::{HostFunction, KxhApi, KxhLaunch, KxhRange};
use super::HostTarget;
use crate::cpu::raw::{self as emu, ForeignOp, LaunchInfo, RawArgs};
use crate::cuda::driver::LaunchDims;
use crate::error::{Error, Result};
use crate::kernel::raw::{block_idx, thread_idx};

const KXH_CHECK_MEMORY: u32 = 1;
const KXH_CHECK_RACES: u32 = 2;
const KXH_CHECK_UNINIT: u32 = 4;

unsafe extern "C-unwind" fn collective(
    kind: c_int,
    value: *const c_void,
    size: u32,
    arg: u32,
    result: *mut c_void,
) {
    let op = match kind {
        0 => ForeignOp::Shfl { src: arg, size },
        1 => ForeignOp::VoteAll,
        2 => ForeignOp::VoteAny,
        3 => ForeignOp::Ballot,
        4 => ForeignOp::SyncWarp,
        5 => ForeignOp::Sync,
        6 => ForeignOp::Count,
        7 => ForeignOp::And,
        _ => ForeignOp::Or,
    };
    let mut v = [0u8; 16];
    // SAFETY: kxh_cuda.h passes 16-byte buffers for `value` and `result`.
    unsafe { std::ptr::copy_nonoverlapping(value.cast::<u8>(), v.as_mut_ptr(), 16) };
    let r = emu::foreign_collective(op, v);
    // SAFETY: as above.
    unsafe { std::ptr::copy_nonoverlapping(r.as_ptr(), result.cast::<u8>(), 16) };
}

/// `__trap()`: the thread stops; the emulator catches the unwinding and fails the launch.
unsafe extern "C-unwind" fn trap(why: *const c_char) {
    // SAFETY: kxh_cuda.h passes a NUL-terminated literal.
    let why = unsafe { CStr::from_ptr(why) }
        .to_string_lossy()
        .into_owned();
    std::panic::panic_any(why);
}

unsafe extern "C-unwind" fn report(kind: c_int, message: *const c_char) {
    // SAFETY: kxh_cuda.h passes a NUL-terminated buffer it formatted.
    let message = unsafe { CStr::from_ptr(message) }.to_string_lossy();
    emu::foreign_report(kind == 0, &message);
}

/// The runtime's side of the interface, given to every module when loaded.
pub(crate) static API: KxhApi = KxhApi {
    version: 1,
    collective,
    trap,
    report,
};

/// The raw pointers a launch's threads share.
struct Shared {
    run: super::module::RunFn,
    launch: *const KxhLaunch,
    tramp: super::module::Trampoline,
    params: *mut *mut c_void,
}

// SAFETY: the pointers address the launch's descriptor and parameter array, which live on
// `launch`'s stack until every thread has run, and are only read by the threads.
unsafe impl Sync for Shared {}

fn invalid(what: &str, message: String) -> Error {
    Error::Driver {
        op: format!("launching {what}"),
        message: format!("CUDA_ERROR_INVALID_VALUE: {message}"),
    }
}

impl HostTarget {
    /// Runs `f` over `dims` with `params` (one slot per parameter, in order).
    ///
    /// # Safety
    ///
    /// As the driver's launch: `params` holds one slot per parameter of `f`, each at least
    /// as large as the parameter, and every pointer among them addresses memory of this
    /// device valid for what the kernel accesses through it.
    pub(crate) unsafe fn launch(
        &self,
        f: &HostFunction,
        what: &str,
        dims: &LaunchDims,
        params: &[&[u8]],
    ) -> Result<()> {
        let spec = self.spec();
        let (g, b) = (dims.grid, dims.block);
        let threads = b.count();
        if g.count() == 0 || threads == 0 {
            return Err(invalid(
                what,
                format!("a grid of {g} blocks of {b} threads"),
            ));
        }
        let max = f.max_threads(spec);
        if threads > max as u64
            || b.x > spec.max_block.x
            || b.y > spec.max_block.y
            || b.z > spec.max_block.z
        {
            return Err(invalid(
                what,
                format!("a block of {b} threads; `{}` takes at most {max}", f.name),
            ));
        }
        if g.x > spec.max_grid.x || g.y > spec.max_grid.y || g.z > spec.max_grid.z {
            return Err(invalid(what, format!("a grid of {g} blocks")));
        }
        let dyn_limit = f.max_dynamic_shared(spec);
        if dims.shared_mem_bytes > dyn_limit {
            return Err(invalid(
                what,
                format!(
                    "{} bytes of dynamic shared memory; `{}` allows {dyn_limit} (raise \
                     MAX_DYNAMIC_SHARED_SIZE_BYTES first)",
                    dims.shared_mem_bytes, f.name
                ),
            ));
        }

        // The buffers the kernel may touch: every parameter whose first 8 bytes address a
        // block of this device's memory.
        let memory = self.memory();
        let ranges: Vec<KxhRange> = params
            .iter()
            .enumerate()
            .filter(|(_, p)| p.len() >= 8)
            .filter_map(|(i, p)| {
                let v = u64::from_le_bytes(p[..8].try_into().expect("8 bytes"));
                memory.block_of(v).map(|r| KxhRange {
                    lo: r.lo,
                    hi: r.hi,
                    end: r.end,
                    param: i as u32,
                    pad: 0,
                })
            })
            .collect();
        let checks = self.compiler().checks;
        let mut flags = 0;
        if checks.memory {
            flags |= KXH_CHECK_MEMORY;
        }
        if checks.races {
            flags |= KXH_CHECK_RACES;
        }
        if checks.uninit {
            flags |= KXH_CHECK_UNINIT;
        }
        static IDS: AtomicU64 = AtomicU64::new(1);
        let (region_lo, region_len) = memory.region();
        let desc = KxhLaunch {
            id: IDS.fetch_add(1, Ordering::Relaxed),
            region_lo,
            region_len,
            ranges: ranges.as_ptr(),
            nranges: ranges.len() as u32,
            dyn_bytes: dims.shared_mem_bytes,
            grid: [g.x, g.y, g.z],
            block: [b.x, b.y, b.z],
            flags,
            pad: 0,
        };
        let mut pointers: Vec<*mut c_void> =
            params.iter().map(|p| p.as_ptr() as *mut c_void).collect();
        let shared = Shared {
            run: f.module.run,
            launch: &desc,
            tramp: f.tramp,
            params: pointers.as_mut_ptr(),
        };
        self.log_first_launch(f);
        if std::env::var_os("KERNELS_CUDA_HOST_TRACE").is_some() {
            let words: Vec<String> = params
                .iter()
                .map(|p| {
                    let n = p.len().min(16);
                    p[..n].iter().rev().map(|b| format!("{b:02x}")).collect()
                })
                .collect();
            eprintln!(
                "[cuda-host] {what} grid {g} block {b} shared {} params {}",
                dims.shared_mem_bytes,
                words.join(" ")
            );
        }
        let shared = &shared;
        let body = move |_: &RawArgs<'_>| {
            let (t, k) = (thread_idx(), block_idx());
            let idx = [t.x, t.y, t.z, k.x, k.y, k.z];
            // SAFETY: `run` is the module's `kxh_run`, given its own trampoline and the
            // launch's descriptor and parameters (alive until `run` below returns); the
            // caller's contract covers what the kernel does with the parameters.
            unsafe { (shared.run)(shared.launch, shared.tramp, shared.params, idx.as_ptr()) };
        };
        let info = LaunchInfo::foreign(
            what.trim_matches('`').to_string(),
            g,
            b,
            f.module.cooperative,
        );
        let result = emu::run(info, &[], &body);
        drop(pointers);
        result
    }

    /// Logs the module at its first launch in this process (`KERNELS_CUDA_MODULE_LOG`).
    fn log_first_launch(&self, f: &HostFunction) {
        if !f.module.logged.swap(true, Ordering::Relaxed) {
            crate::cuda::cache::log_module("host", f.module.source_key(), f.module.program());
        }
    }
}
