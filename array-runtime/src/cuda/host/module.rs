//! A module of the host target: its shared object, loaded once per process with libloading,
//! and its entry points (the trampolines the compiler added) with their attributes.

use std::collections::HashMap;
use std::ffi::{c_char, c_int, c_void};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use libloading::os::unix::{Library, Symbol, RTLD_LOCAL, RTLD_NOW};

use super::compile::{entry_points, uses_collectives};
use super::launch::API;
use super::spec::HostSpec;
use crate::cuda::cache::CacheKey;
use crate::cuda::driver::FuncAttr;
use crate::error::{Error, Result};

/// The C side of the launch interface (`kxh_cuda.h`).
#[repr(C)]
pub(crate) struct KxhApi {
    pub version: u32,
    pub collective: unsafe extern "C-unwind" fn(c_int, *const c_void, u32, u32, *mut c_void),
    pub trap: unsafe extern "C-unwind" fn(*const c_char),
    pub report: unsafe extern "C-unwind" fn(c_int, *const c_char),
}

/// One buffer a launch may touch (`kxh_range`).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub(crate) struct KxhRange {
    pub lo: u64,
    pub hi: u64,
    pub end: u64,
    pub param: u32,
    pub pad: u32,
}

/// A launch as the header sees it (`kxh_launch`).
#[repr(C)]
#[derive(Debug)]
pub(crate) struct KxhLaunch {
    pub id: u64,
    pub region_lo: u64,
    pub region_len: u64,
    pub ranges: *const KxhRange,
    pub nranges: u32,
    pub dyn_bytes: u32,
    pub grid: [u32; 3],
    pub block: [u32; 3],
    pub flags: u32,
    pub pad: u32,
}

pub(crate) type Trampoline = unsafe extern "C-unwind" fn(*mut *mut c_void);
pub(crate) type RunFn =
    unsafe extern "C-unwind" fn(*const KxhLaunch, Trampoline, *mut *mut c_void, *const u32);

/// A loaded shared object.
#[derive(Debug)]
pub struct HostModule {
    key: CacheKey,
    /// The key of the source alone (what the module log names, as it names NVRTC's).
    source_key: CacheKey,
    program: String,
    path: PathBuf,
    /// Keeps the code mapped (never unloaded: threads keep state in its TLS).
    _lib: Library,
    pub(crate) run: RunFn,
    pub(crate) cooperative: bool,
    entries: HashMap<String, (Trampoline, u32)>,
    /// Whether a launch of it was logged (`KERNELS_CUDA_HOST_LOG`).
    pub(crate) logged: AtomicBool,
}

impl HostModule {
    /// Loads the shared object at `path`, built from `source`.
    pub(crate) fn load(
        key: CacheKey,
        program: &str,
        source: &str,
        path: PathBuf,
    ) -> Result<HostModule> {
        let fail = |what: String| Error::Driver {
            op: format!("loading host module {} ({})", key.hex(), path.display()),
            message: what,
        };
        // SAFETY: a shared object the host target compiled from a module's text and its own
        // header; its initialisers are g++'s (thread-local storage, nothing else).
        let lib = unsafe { Library::open(Some(&path), RTLD_NOW | RTLD_LOCAL) }
            .map_err(|e| fail(e.to_string()))?;
        // SAFETY: `kxh_init` and `kxh_run` are defined by kxh_cuda.h with these signatures.
        let (init, run) = unsafe {
            let init: Symbol<unsafe extern "C-unwind" fn(*const KxhApi)> =
                lib.get(b"kxh_init\0").map_err(|e| fail(e.to_string()))?;
            let run: Symbol<RunFn> = lib.get(b"kxh_run\0").map_err(|e| fail(e.to_string()))?;
            (*init, *run)
        };
        // SAFETY: `API` is a static with the layout kxh_cuda.h declares.
        unsafe { init(&API) };
        let mut entries = HashMap::new();
        for e in entry_points(source) {
            let t = format!("kxh_t_{}\0", e.name);
            let b = format!("kxh_b_{}\0", e.name);
            // SAFETY: the compiler wrote one trampoline `void kxh_t_<name>(void**)` and one
            // `const unsigned int kxh_b_<name>` per entry point it found in the same text.
            let (tramp, bounds) = unsafe {
                let tramp: Symbol<Trampoline> =
                    lib.get(t.as_bytes()).map_err(|e| fail(e.to_string()))?;
                let bounds: Symbol<*const u32> =
                    lib.get(b.as_bytes()).map_err(|e| fail(e.to_string()))?;
                (*tramp, **bounds)
            };
            entries.insert(e.name, (tramp, bounds));
        }
        Ok(HostModule {
            key,
            source_key: CacheKey::new(source, &[], "", (0, 0)),
            program: program.to_string(),
            path,
            _lib: lib,
            run,
            cooperative: uses_collectives(source),
            entries,
            logged: AtomicBool::new(false),
        })
    }

    /// The module's key.
    pub fn key(&self) -> CacheKey {
        self.key
    }

    /// The key of its source text alone.
    pub fn source_key(&self) -> CacheKey {
        self.source_key
    }

    /// The program name the runtime gave it.
    pub fn program(&self) -> &str {
        &self.program
    }

    /// Where its shared object is.
    pub fn path(&self) -> &std::path::Path {
        &self.path
    }

    /// The entry point `name`.
    pub(crate) fn function(self: &Arc<Self>, name: &str) -> Result<HostFunction> {
        let &(tramp, bounds) = self.entries.get(name).ok_or_else(|| Error::Driver {
            op: format!("loading kernel {name}"),
            message: format!(
                "CUDA_ERROR_NOT_FOUND: module `{}` has no `extern \"C\" __global__` entry \
                 point of that name",
                self.program
            ),
        })?;
        Ok(HostFunction {
            module: self.clone(),
            name: name.to_string(),
            tramp,
            bounds,
            max_dynamic: Arc::new(AtomicU32::new(u32::MAX)),
        })
    }
}

/// An entry point of a host module.
#[derive(Debug, Clone)]
pub struct HostFunction {
    pub(crate) module: Arc<HostModule>,
    pub(crate) name: String,
    pub(crate) tramp: Trampoline,
    /// Its `__launch_bounds__` (0: none).
    pub(crate) bounds: u32,
    /// Its dynamic shared memory limit; `u32::MAX` until first read (then the spec's default).
    max_dynamic: Arc<AtomicU32>,
}

impl HostFunction {
    /// The most threads a block of it can have.
    pub(crate) fn max_threads(&self, spec: &HostSpec) -> u32 {
        match self.bounds {
            0 => spec.max_threads_per_block,
            b => b.min(spec.max_threads_per_block),
        }
    }

    /// Its current limit of dynamic shared memory (CUDA's default: the non-opt-in size).
    pub(crate) fn max_dynamic_shared(&self, spec: &HostSpec) -> u32 {
        match self.max_dynamic.load(Ordering::Relaxed) {
            u32::MAX => spec.shared_per_block,
            v => v,
        }
    }

    /// An attribute, as the driver reports it for a GPU. Static shared memory is not known to
    /// the host target (it is the compiler's layout on a GPU): 0.
    pub(crate) fn attr(&self, a: FuncAttr) -> u32 {
        let spec = spec_for_attrs();
        match a {
            FuncAttr::StaticShared => 0,
            FuncAttr::MaxThreads => self.max_threads(spec),
            FuncAttr::MaxDynamicShared => self.max_dynamic_shared(spec),
        }
    }

    /// Raises its dynamic shared memory limit, up to the opt-in maximum (beyond it the
    /// driver's `CUDA_ERROR_INVALID_VALUE`).
    pub(crate) fn set_max_dynamic_shared(&self, spec: &HostSpec, bytes: u32) -> Result<()> {
        if bytes > spec.shared_per_block_optin {
            return Err(Error::Driver {
                op: format!("allowing {bytes} bytes of dynamic shared memory"),
                message: format!(
                    "CUDA_ERROR_INVALID_VALUE: {} allows at most {} bytes per block",
                    spec.name, spec.shared_per_block_optin
                ),
            });
        }
        self.max_dynamic.store(bytes, Ordering::Relaxed);
        Ok(())
    }

    /// Resident blocks per SM (registers unknown: not limiting).
    pub(crate) fn occupancy(&self, spec: &HostSpec, block: u32, shared: usize) -> u32 {
        spec.occupancy(block, shared, 0, 0)
    }
}

/// The spec attributes are read against: every host device describes the same GPU.
fn spec_for_attrs() -> &'static HostSpec {
    static SPEC: OnceLock<HostSpec> = OnceLock::new();
    SPEC.get_or_init(HostSpec::h200)
}

/// Modules loaded in this process, by key (a shared object is opened once; every host device
/// shares it).
pub(crate) fn loaded() -> &'static Mutex<HashMap<CacheKey, Arc<HostModule>>> {
    static MAP: OnceLock<Mutex<HashMap<CacheKey, Arc<HostModule>>>> = OnceLock::new();
    MAP.get_or_init(Default::default)
}
