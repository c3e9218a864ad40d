//! The host target of the CUDA backend: every module the backend generates, byte for byte
//! the text NVRTC gets, compiled by g++ and run on the CPU, so that the CUDA backend's own code
//! (caches, launch configuration, argument packing, the pool, index widths, vector paths,
//! reduction strategies, shared-memory sizes, fault records) and its `__global__` entry points
//! run without a GPU.
//!
//! - [`spec`](HostSpec): the GPU it describes (an H200), so that every decision of the
//!   runtime is the one it makes for that GPU;
//! - `memory`: device memory as one reserved region of host memory, blocks aligned like
//!   `cuMemAlloc`'s;
//! - `compile`: the module's text with `kxh_cuda.h` included first (the CUDA subset, and the
//!   checker), then a trampoline per `extern "C" __global__` entry point; one shared object
//!   per distinct module, cached on disk by its hash;
//! - `module`: the shared object loaded with libloading, its entry points and attributes;
//! - `launch`: the driver's checks, then the grid through the CPU backend's emulator
//!   (`cpu::raw`): blocks in parallel, a block's threads as cooperating fibers (corosensei),
//!   so that `__syncthreads()` and the warp collectives hold with 32-lane semantics.
//!
//! The checker (on unless `KERNELS_CUDA_HOST_CHECK=none`) fails a launch that touches device
//! memory outside the buffers it was given or past the bytes they hold, that races on shared
//! memory between barriers, that reaches a barrier with part of a block, or whose code has
//! undefined behaviour (UBSan), naming the kernel, the thread and the block.
//!
//! What it does not prove: the driver API itself, the GPU's memory model beyond barriers and
//! atomics, performance, and the vendor libraries (cuBLAS, cuFFT, cuSOLVER, cuSPARSE);
//! `scripts/gpu-check` on a real GPU remains the proof of those (ARCHITECTURE.md).
//!
//! Environment: `KERNELS_DEVICE=cuda-host` selects it as the default device;
//! `KERNELS_CUDA_HOST_CXX` (g++), `KERNELS_CUDA_HOST_OPT` (`-O0`), `KERNELS_CUDA_HOST_CHECK`
//! ([`Checks::parse`]), `KERNELS_CUDA_HOST_MEMORY_MIB` (16384: the region's size),
//! `KERNELS_CUDA_MODULE_LOG` (a file: each module's key and name at its first launch, and each
//! module NVRTC compiles);
//! `KERNELS_TEST_CUDA_HOST` ([`TestRequest`]) adds it to the test suites' devices.

mod compile;
mod launch;
mod memory;
mod module;
mod spec;

use std::sync::atomic::Ordering;
use std::sync::Arc;

pub use compile::Checks;
pub use memory::HostBlock;
pub use module::{HostFunction, HostModule};
pub use spec::HostSpec;

use crate::cuda::cache::ModuleCache;
use crate::cuda::driver::Module;
use crate::error::{Error, Result};
use compile::Compiler;
use memory::HostMemory;

/// One host-target device: its description and its memory.
#[derive(Debug)]
pub struct HostTarget {
    ordinal: usize,
    spec: HostSpec,
    memory: Arc<HostMemory>,
}

/// Counters of the host target in this process.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HostStats {
    /// Modules compiled by g++.
    pub compiles: usize,
    /// Modules found compiled on disk.
    pub disk_hits: usize,
    /// Distinct modules loaded.
    pub modules: usize,
}

/// The counters so far (all zero before the first module).
pub fn stats() -> HostStats {
    let (compiles, disk_hits) = Compiler::get().map_or((0, 0), |c| {
        (
            c.compiles.load(Ordering::Relaxed),
            c.disk_hits.load(Ordering::Relaxed),
        )
    });
    HostStats {
        compiles,
        disk_hits,
        modules: module::loaded().lock().map_or(0, |m| m.len()),
    }
}

/// What `KERNELS_TEST_CUDA_HOST` asks of the test suites.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TestRequest {
    /// Unset (or `0`): the suites run on the CPU and on a GPU when there is one.
    Off,
    /// `1`: the host target is one more device of the suites.
    Also,
    /// `only`: the suites run on the host target alone (CI's third run, after the CPU's).
    Only,
}

impl TestRequest {
    /// From the environment.
    ///
    /// ```
    /// use array_runtime::cuda::host::TestRequest;
    /// // Whatever the environment says, a request is one of three.
    /// let r = TestRequest::from_env();
    /// assert!(matches!(r, TestRequest::Off | TestRequest::Also | TestRequest::Only));
    /// ```
    pub fn from_env() -> TestRequest {
        match std::env::var("KERNELS_TEST_CUDA_HOST")
            .as_deref()
            .map(str::trim)
        {
            Ok("only") => TestRequest::Only,
            Ok("") | Ok("0") | Err(_) => TestRequest::Off,
            Ok(_) => TestRequest::Also,
        }
    }

    /// Whether the host target is asked for.
    pub fn wanted(self) -> bool {
        self != TestRequest::Off
    }
}

/// Whether the host target can run here (a C++ compiler was found), and why not.
pub fn available() -> Result<()> {
    Compiler::get().map(|_| ())
}

impl HostTarget {
    pub(crate) fn new(ordinal: usize) -> Result<HostTarget> {
        Compiler::get()?;
        let mib = match std::env::var("KERNELS_CUDA_HOST_MEMORY_MIB") {
            Ok(v) => v.trim().parse::<usize>().map_err(|_| {
                Error::invalid(format!(
                    "KERNELS_CUDA_HOST_MEMORY_MIB={v}: expected a number of MiB"
                ))
            })?,
            Err(_) => 16 * 1024,
        };
        Ok(HostTarget {
            ordinal,
            spec: HostSpec::h200(),
            memory: HostMemory::new(mib << 20)?,
        })
    }

    /// Its ordinal among host-target devices.
    pub fn ordinal(&self) -> usize {
        self.ordinal
    }

    /// The GPU it describes.
    pub fn spec(&self) -> &HostSpec {
        &self.spec
    }

    pub(crate) fn memory(&self) -> &Arc<HostMemory> {
        &self.memory
    }

    fn compiler(&self) -> &'static Compiler {
        Compiler::get().expect("the compiler was found when the device was made")
    }

    /// The module of `source` (`options`: NVRTC's; `-D`/`-I` are passed to g++), compiled
    /// once per process and disk cache, loaded once per process, cached on the device.
    pub(crate) fn load_module(
        &self,
        cache: &ModuleCache,
        source: &str,
        program: &str,
        options: &[String],
    ) -> Result<Module> {
        let compiler = self.compiler();
        let key = compiler.key(source, options);
        cache.get_or_load(key, || {
            if let Some(m) = module::loaded()
                .lock()
                .map_err(|_| Error::invalid("host modules poisoned"))?
                .get(&key)
            {
                return Ok(Module::Host(m.clone()));
            }
            let path = compiler.shared_object(key, source, program, options)?;
            let m = Arc::new(HostModule::load(key, program, source, path)?);
            let m = module::loaded()
                .lock()
                .map_err(|_| Error::invalid("host modules poisoned"))?
                .entry(key)
                .or_insert(m)
                .clone();
            Ok(Module::Host(m))
        })
    }
}

/// The folder of the host headers (`kxh_cuda.h`, `cuda_fp16.h`, `cuda_bf16.h`), written out
/// for g++; the fidelity tests compile against the same files.
pub fn include_dir() -> Result<std::path::PathBuf> {
    Ok(Compiler::get()?.include_dir().to_path_buf())
}
