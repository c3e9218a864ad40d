//! Raw kernels on a CUDA device: the kernels of `#[raw_kernel]` ([`kernel::raw`]) and
//! hand-written CUDA C ([`RawModule`], CuPy's `RawModule` / `RawKernel`).
//!
//! Compilation goes through NVRTC and the image cache of [`cache`](super::cache) (memory and
//! disk), for the device's own `sm_XY`, with the options of [`compile_options`]; the loaded
//! function is cached per device with its attributes (static shared memory, the most threads
//! a block can have with its register use, its current dynamic shared memory limit).
//!
//! A launch checks the config against the device's limits (read once from the driver) and the
//! function's, raises the function's dynamic shared memory limit
//! (`cuFuncSetAttribute(MAX_DYNAMIC_SHARED_SIZE_BYTES)`) when a launch asks for more than it
//! has (beyond 48 KiB, the opt-in), and queues the kernel on the device's stream.
//!
//! Faults: each device has a ring of [`RING_SLOTS`] fault records of
//! [`FAULT_RECORD_WORDS`] words (zeroed device memory). Launch `k` since the last check passes
//! record `k` as its `kx_err`; [`check_faults`] copies the used records back (synchronizing),
//! zeroes them on the stream, and reports the first fault in launch order as
//! [`Error::Index`]. A launch that finds the ring full checks it first.
//!
//! [`kernel::raw`]: crate::kernel::raw

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use super::driver::{DeviceMem, FuncAttr, Function, LaunchDims, Module};
use super::pool::AllocFailure;
use super::{compile_options, nvrtc, CudaDevice};
use crate::cpu::raw::Access;
use crate::device::Device;
use crate::dtype::DTypeId;
use crate::error::{Error, Result};
use crate::kernel::raw::{
    cuda_module_source, Arg, ArgData, DeviceLimits, LaunchConfig, RawKernelDef, FAULT_RECORD_WORDS,
};

/// Fault records per device: launches between two checks.
pub const RING_SLOTS: usize = 1024;

fn lock<'a, T>(m: &'a Mutex<T>, what: &str) -> Result<std::sync::MutexGuard<'a, T>> {
    m.lock()
        .map_err(|_| Error::invalid(format!("{what} poisoned")))
}

/// The launch limits of `dev`, read from its driver on first use.
pub fn device_limits(dev: &CudaDevice) -> Result<DeviceLimits> {
    dev.limits()
}

/// A loaded kernel and what its launches need to know about it.
#[derive(Debug)]
struct Kernel {
    func: Function,
    entry: String,
    /// Static shared memory the compiled kernel uses.
    static_shared: u32,
    /// The most threads a block can have (registers permitting).
    max_threads: u32,
    /// The function's current `MAX_DYNAMIC_SHARED_SIZE_BYTES`.
    dyn_limit: Mutex<u32>,
}

impl Kernel {
    fn load(module: &Module, entry: &str) -> Result<Kernel> {
        let func = module.function(entry).map_err(|e| match e {
            Error::Driver { op, message } => Error::Driver {
                op: format!("{op} (is `{entry}` declared `extern \"C\" __global__`?)"),
                message,
            },
            e => e,
        })?;
        let attr = |a: FuncAttr| -> Result<u32> {
            func.attr(a).map_err(|e| match e {
                Error::Driver { op, message } => Error::Driver {
                    op: format!("{op} of `{entry}`"),
                    message,
                },
                e => e,
            })
        };
        Ok(Kernel {
            static_shared: attr(FuncAttr::StaticShared)?,
            max_threads: attr(FuncAttr::MaxThreads)?,
            dyn_limit: Mutex::new(attr(FuncAttr::MaxDynamicShared)?),
            entry: entry.to_string(),
            func,
        })
    }
}

/// Checks `cfg` for kernel `k` on `dev` and queues it with `params` (each slot at least as
/// large as the parameter it fills, in the kernel's order).
fn launch_kernel(
    dev: &CudaDevice,
    k: &Kernel,
    name: &str,
    static_shared: u32,
    cfg: &LaunchConfig,
    params: &[[u64; 2]],
) -> Result<()> {
    let limits = device_limits(dev)?;
    let static_shared = static_shared.max(k.static_shared);
    cfg.validate(name, static_shared as usize, &limits)?;
    if cfg.block.count() > k.max_threads as u64 {
        return Err(Error::invalid(format!(
            "raw kernel `{name}`: a block of {} = {} threads is over the limit of {} threads per \
             block that its register use allows on {}",
            cfg.block,
            cfg.block.count(),
            k.max_threads,
            dev.name()
        )));
    }
    {
        let mut current = lock(&k.dyn_limit, "kernel attributes")?;
        if cfg.shared_mem_bytes > *current {
            k.func
                .set_max_dynamic_shared(dev.driver(), cfg.shared_mem_bytes)
                .map_err(|e| match e {
                    Error::Driver { op, message } => Error::Driver {
                        op: format!("{op} for `{}`", k.entry),
                        message,
                    },
                    e => e,
                })?;
            *current = cfg.shared_mem_bytes;
        }
    }
    let dims = LaunchDims {
        grid: cfg.grid,
        block: cfg.block,
        shared_mem_bytes: cfg.shared_mem_bytes,
    };
    // SAFETY: `params` holds one slot per kernel parameter, in order, each at least as large
    // as the parameter (16 bytes; the driver reads the parameter's size), as the callers
    // build them: for `#[raw_kernel]` kernels from the def the kernel was generated with (its
    // parameter contract in `kernel::raw`), for hand-written ones from the caller's `Arg`s,
    // whose agreement with the source is the caller's promise as in CUDA. Every pointer is a
    // live device buffer of the device (plus an offset inside it) whose borrow outlives this
    // call; buffers are freed to the device's pool, reused only by work queued later on this
    // same stream, so they outlive the kernel. Generated kernels bounds-check every access
    // against the lengths passed beside the pointers. The config was validated above against
    // the device's and the function's limits.
    unsafe {
        dev.driver()
            .launch(&k.func, &format!("`{}`", k.entry), &dims, params)
    }
}

/// What selects a compiled `#[raw_kernel]`: the device, the def's `'static` strings by address,
/// the type arguments.
type KernelKey = (usize, (usize, usize), (usize, usize), Vec<DTypeId>);

fn kernel_of(
    dev: &CudaDevice,
    def: &RawKernelDef,
    type_args: &[DTypeId],
    name: &str,
) -> Result<Arc<Kernel>> {
    static KERNELS: OnceLock<Mutex<HashMap<KernelKey, Arc<Kernel>>>> = OnceLock::new();
    let map = KERNELS.get_or_init(Default::default);
    // The def's strings are `&'static str`: an address and a length name one text for the
    // whole run.
    let addr = |s: &'static str| (s.as_ptr() as usize, s.len());
    let key = (
        dev.id(),
        addr(def.name),
        addr(def.cuda_source),
        type_args.to_vec(),
    );
    if let Some(k) = lock(map, "raw kernel cache")?.get(&key) {
        return Ok(k.clone());
    }
    if def.cuda_source.trim().is_empty() {
        return Err(Error::invalid(format!(
            "raw kernel `{name}` has no CUDA source (a CPU-only def) and cannot run on {}",
            dev.label()
        )));
    }
    let source = cuda_module_source(def, type_args);
    let program = super::codegen::sanitize(name);
    let module = dev.load_module(&source, &program, true)?;
    let kernel = Arc::new(Kernel::load(&module, &def.entry_name())?);
    Ok(lock(map, "raw kernel cache")?
        .entry(key)
        .or_insert(kernel)
        .clone())
}

/// A launch whose faults have not been read back yet.
#[derive(Debug)]
struct Pending {
    kernel: String,
    params: &'static [&'static str],
}

/// The fault records of one device.
#[derive(Debug)]
struct Ring {
    /// `RING_SLOTS * FAULT_RECORD_WORDS` words, straight from the driver (not the pool).
    buf: DeviceMem,
    pending: Vec<Pending>,
}

fn ring(dev: &CudaDevice, create: bool) -> Result<Option<Arc<Mutex<Ring>>>> {
    static RINGS: OnceLock<Mutex<HashMap<usize, Arc<Mutex<Ring>>>>> = OnceLock::new();
    let mut map = lock(RINGS.get_or_init(Default::default), "fault rings")?;
    if let Some(r) = map.get(&dev.id()) {
        return Ok(Some(r.clone()));
    }
    if !create {
        return Ok(None);
    }
    let bytes = RING_SLOTS * FAULT_RECORD_WORDS * 4;
    let what = "allocating the fault records of raw kernels";
    let mut buf = dev.driver().alloc(bytes).map_err(|e| match e {
        AllocFailure::OutOfMemory => Error::OutOfMemory {
            requested: bytes,
            held: dev.memory_pool().used_bytes(),
            device: "cuda",
        },
        AllocFailure::Other(e) => Error::Driver {
            op: what.into(),
            message: e.to_string(),
        },
    })?;
    dev.zero(&mut buf, 0, bytes)?;
    let r = Arc::new(Mutex::new(Ring {
        buf,
        pending: Vec::new(),
    }));
    map.insert(dev.id(), r.clone());
    // From now on every synchronization of a device reads its records back.
    super::context::on_synchronize(check_faults);
    Ok(Some(r))
}

/// Reads back the fault records of the raw kernels launched on `dev` since the last check
/// (synchronizing its stream) and reports the first fault, in launch order, as
/// [`Error::Index`] naming the kernel, the slice, the index and the length.
pub fn check_faults(dev: &CudaDevice) -> Result<()> {
    let Some(ring) = ring(dev, false)? else {
        return Ok(());
    };
    let mut r = lock(&ring, "fault records")?;
    check_locked(dev, &mut r)
}

fn check_locked(dev: &CudaDevice, r: &mut Ring) -> Result<()> {
    if r.pending.is_empty() {
        return Ok(());
    }
    let n = r.pending.len() * FAULT_RECORD_WORDS;
    let mut words: Vec<u32> = crate::cpu::host_vec::filled(n, 0u32)?;
    dev.driver()
        .dtoh_into(&r.buf, 0, crate::raw::as_bytes_mut(&mut words))
        .map_err(|e| Error::Driver {
            op: "reading the fault records of raw kernels".into(),
            message: e.to_string(),
        })?;
    dev.zero(&mut r.buf, 0, n * 4).map_err(|e| Error::Driver {
        op: "clearing the fault records of raw kernels".into(),
        message: e.to_string(),
    })?;
    let pending = std::mem::take(&mut r.pending);
    for (p, rec) in pending.iter().zip(words.chunks_exact(FAULT_RECORD_WORDS)) {
        if rec[0] != 0 {
            return Err(fault_error(p, rec));
        }
    }
    Ok(())
}

fn fault_error(p: &Pending, rec: &[u32]) -> Error {
    let wide = |lo: u32, hi: u32| lo as u64 | (hi as u64) << 32;
    let index = wide(rec[2], rec[3]) as i64;
    let len = wide(rec[4], rec[5]);
    let param = rec[1];
    let what = if param & 0x8000_0000 != 0 {
        format!("shared array {}", param & 0x7fff_ffff)
    } else {
        format!("`{}`", p.params.get(param as usize).copied().unwrap_or("?"))
    };
    let more = match rec[0] - 1 {
        0 => String::new(),
        m => format!(" ({m} more faults followed)"),
    };
    Error::Index {
        message: format!(
            "raw kernel `{}`: index {index} is out of bounds for {what} of length {len} ({} by \
             thread ({}, {}, {}) of block ({}, {}, {})){more}",
            p.kernel,
            Access::from_code(rec[6]),
            rec[10],
            rec[11],
            rec[12],
            rec[7],
            rec[8],
            rec[9]
        ),
    }
}

/// The parameter slot of a scalar's bytes.
fn scalar_slot(bytes: &[u8; 16]) -> [u64; 2] {
    let (lo, hi) = bytes.split_at(8);
    [
        u64::from_le_bytes(lo.try_into().expect("8 bytes")),
        u64::from_le_bytes(hi.try_into().expect("8 bytes")),
    ]
}

/// Checks that every array argument lives on `dev` (and none is a host array).
fn check_devices(name: &str, dev: &CudaDevice, args: &[Arg<'_>]) -> Result<()> {
    for (i, a) in args.iter().enumerate() {
        let on_dev = match &a.data {
            ArgData::Scalar(_) => true,
            ArgData::CudaRead { device, .. } | ArgData::CudaWrite { device, .. } => {
                device.same(dev)
            }
            ArgData::Invalid { message, .. } => {
                return Err(Error::invalid(format!(
                    "raw kernel `{name}`: argument {i}: {message}"
                )))
            }
            ArgData::HostRead(_) | ArgData::HostWrite(_) => false,
        };
        if !on_dev {
            return Err(Error::DeviceMismatch {
                op: format!("raw kernel `{name}`"),
                devices: vec![
                    dev.label(),
                    a.device().map_or_else(|| "?".into(), |d| d.to_string()),
                ],
            });
        }
    }
    Ok(())
}

/// Launches a `#[raw_kernel]` on `dev` (arguments already checked against `def` by
/// `kernel::raw::launch`): slices as pointer + length, scalars by value, then a fault record.
pub(crate) fn launch_def(
    dev: &Arc<CudaDevice>,
    def: &RawKernelDef,
    type_args: &[DTypeId],
    name: &str,
    cfg: &LaunchConfig,
    args: &mut [Arg<'_>],
) -> Result<()> {
    check_devices(name, dev, args)?;
    let kernel = kernel_of(dev, def, type_args, name)?;
    let driver = dev.driver();
    let mut params: Vec<[u64; 2]> = Vec::with_capacity(2 * args.len() + 1);
    for a in args.iter_mut() {
        match &mut a.data {
            ArgData::Scalar(b) => params.push(scalar_slot(b)),
            ArgData::CudaRead {
                bytes, offset, len, ..
            } => {
                params.push([driver.ptr(bytes) + *offset as u64, 0]);
                params.push([*len as u64, 0]);
            }
            ArgData::CudaWrite {
                bytes, offset, len, ..
            } => {
                params.push([driver.ptr(bytes) + *offset as u64, 0]);
                params.push([*len as u64, 0]);
            }
            _ => unreachable!("checked by check_devices"),
        }
    }
    let ring = ring(dev, true)?.expect("created on demand");
    let mut r = lock(&ring, "fault records")?;
    if r.pending.len() >= RING_SLOTS {
        check_locked(dev, &mut r)?;
    }
    let slot = r.pending.len();
    let err_ptr = driver.ptr(&r.buf) + (slot * FAULT_RECORD_WORDS * 4) as u64;
    params.push([err_ptr, 0]);
    // The ring stays locked across the launch: records are handed out in stream order.
    launch_kernel(dev, &kernel, name, def.static_shared_bytes, cfg, &params)?;
    r.pending.push(Pending {
        kernel: name.to_string(),
        params: def.param_names,
    });
    Ok(())
}

/// Compiles an instantiation of a `#[raw_kernel]` (its [`cuda_module_source`]) with NVRTC to a
/// CUBIN for `sm_90` (front end, optimizer and assembler) and checks that the CUBIN exports the
/// kernel's entry point under its C name. No GPU needed: what the NVRTC tests of the macro call.
/// (One compile: a PTX compile for the entry check as well cost each instantiation two thirds of
/// a second compile, a large part of the test suite's NVRTC time.)
///
/// ```
/// use array_runtime::cuda::raw::verify;
/// use array_runtime::kernel::raw::{ParamKind, RawKernelDef};
/// use array_runtime::DTypeId;
/// static DEF: RawKernelDef = RawKernelDef {
///     name: "neg",
///     cuda_source: r#"extern "C" __global__ void kxr_neg(float* x, unsigned long long x_len,
///                                                      unsigned int* kx_err) {
///         unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
///         kxr::store(x, x_len, i, -kxr::load(x, x_len, i, 0u, kx_err), 0u, kx_err);
///     }"#,
///     params: &[ParamKind::slice_mut(DTypeId::F32)],
///     param_names: &["x"],
///     ..RawKernelDef::DEFAULT
/// };
/// match verify(&DEF, &[]) {
///     Ok(()) => println!("compiled"),
///     Err(array_runtime::Error::CudaUnavailable { reason }) => println!("no NVRTC: {reason}"),
///     Err(e) => panic!("{e}"),
/// }
/// ```
pub fn verify(def: &RawKernelDef, type_args: &[DTypeId]) -> Result<()> {
    let source = cuda_module_source(def, type_args);
    let (sm, _) = compile_options((9, 0), true)?;
    let program = super::codegen::sanitize(&def.instance_name(type_args));
    let cubin = nvrtc::compile(&source, &program, &sm)?;
    let entry = def.entry_name();
    if !exports_symbol(&cubin.image, &entry) {
        return Err(Error::Compile {
            kernel: def.instance_name(type_args),
            options: sm,
            log: format!(
                "the CUBIN has no entry point `{entry}` (declare it `extern \"C\" __global__`)"
            ),
        });
    }
    Ok(())
}

/// Whether an ELF image (a CUBIN) holds `name` as a whole string of its string tables: a symbol
/// of C linkage. A C++-mangled name (`_Z7kxr_negPf...`) or a section name (`.text.kxr_neg`)
/// holds it only as a part, between other characters.
fn exports_symbol(image: &[u8], name: &str) -> bool {
    let mut whole = Vec::with_capacity(name.len() + 2);
    whole.push(0);
    whole.extend_from_slice(name.as_bytes());
    whole.push(0);
    image.windows(whole.len()).any(|w| w == whole.as_slice())
}

/// CUDA C written by hand, compiled by NVRTC for a device (CuPy's `RawModule`); its
/// `extern "C" __global__` kernels are fetched by name ([`RawModule::function`]) and launched
/// with [`Arg`]s: a slice is passed as a bare pointer to its first element (`T*`), a scalar by
/// value, in the order given.
///
/// It needs a CUDA device: on the CPU backend [`RawModule::new`] returns
/// [`Error::CudaUnavailable`] (write the kernel with `#[raw_kernel]` to run it on both).
///
/// ```
/// use array_runtime::kernel::raw::{Arg, LaunchConfig};
/// use array_runtime::{Array, Device, Error, RawModule};
///
/// const SRC: &str = r#"
/// extern "C" __global__ void scale(float* x, float a, unsigned int n) {
///     unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
///     if (i < n) x[i] *= a;
/// }"#;
///
/// let err = RawModule::new(&Device::cpu(), SRC, &[]).unwrap_err();
/// assert!(matches!(err, Error::CudaUnavailable { .. }));
/// assert!(err.to_string().contains("hand-written CUDA source needs a CUDA device"));
///
/// if let Ok(gpu) = Device::cuda(0) {
///     let scale = RawModule::new(&gpu, SRC, &[])?.function("scale")?;
///     let mut x = Array::from_vec(&gpu, &[3], vec![1.0f32, 2.0, 3.0])?;
///     scale.launch(&LaunchConfig::for_elements(3, 128),
///                  &mut [Arg::slice_mut(&mut x), Arg::scalar(2.0f32), Arg::scalar(3u32)])?;
///     assert_eq!(x.to_vec()?, vec![2.0, 4.0, 6.0]);
/// }
/// # Ok::<(), Error>(())
/// ```
#[derive(Debug)]
pub struct RawModule {
    device: Arc<CudaDevice>,
    module: Module,
    options: Vec<String>,
}

/// The option an NVRTC flag sets, to tell when the caller overrides one of ours.
fn option_key(o: &str) -> &str {
    let name = o.split('=').next().unwrap_or(o);
    match name {
        "-arch" | "--gpu-architecture" => "arch",
        "-fmad" | "--fmad" => "fmad",
        "-std" | "--std" => "std",
        other => other,
    }
}

impl RawModule {
    /// Compiles `source` for `device` with NVRTC (cached in memory and on disk). `options` are
    /// NVRTC options added to the runtime's (`--std=c++17 -arch=sm_XY --fmad=false` and the
    /// fp16/bf16 include folder); an `-arch`, `--fmad` or `--std` given here replaces ours.
    pub fn new(device: &Device, source: &str, options: &[&str]) -> Result<RawModule> {
        let Device::Cuda(dev) = device else {
            return Err(Error::CudaUnavailable {
                reason: "hand-written CUDA source needs a CUDA device (RawModule::new was given \
                         the CPU backend; a #[raw_kernel] runs on both)"
                    .into(),
            });
        };
        let user: Vec<String> = options.iter().map(|o| o.to_string()).collect();
        if dev.is_host() {
            // g++ takes the `-D`/`-I` options; NVRTC's own have no meaning there.
            let module = dev.load_module_with(source, "raw_module", &user, "host")?;
            return Ok(RawModule {
                device: dev.clone(),
                module,
                options: user,
            });
        }
        let (ours, mut target) = compile_options(dev.arch(), true)?;
        let overridden = |o: &str| user.iter().any(|u| option_key(u) == option_key(o));
        if let Some(arch) = user
            .iter()
            .find(|u| option_key(u) == "arch")
            .and_then(|u| u.split_once('=').map(|(_, a)| a.to_string()))
        {
            target = arch;
        }
        let mut all: Vec<String> = ours.into_iter().filter(|o| !overridden(o)).collect();
        all.extend(user);
        let module = dev.load_module_with(source, "raw_module", &all, &target)?;
        Ok(RawModule {
            device: dev.clone(),
            module,
            options: all,
        })
    }

    /// The `extern "C" __global__` kernel `name` of the module.
    pub fn function(&self, name: &str) -> Result<RawFunction> {
        Ok(RawFunction {
            device: self.device.clone(),
            kernel: Arc::new(Kernel::load(&self.module, name)?),
        })
    }

    /// The device the module is loaded on.
    pub fn device(&self) -> Device {
        Device::Cuda(self.device.clone())
    }

    /// The NVRTC options it was compiled with.
    pub fn options(&self) -> &[String] {
        &self.options
    }
}

/// A kernel of a [`RawModule`].
#[derive(Debug, Clone)]
pub struct RawFunction {
    device: Arc<CudaDevice>,
    kernel: Arc<Kernel>,
}

impl RawFunction {
    /// The kernel's name.
    pub fn name(&self) -> &str {
        &self.kernel.entry
    }

    /// Static shared memory the compiled kernel uses, in bytes.
    pub fn static_shared_bytes(&self) -> u32 {
        self.kernel.static_shared
    }

    /// The most threads a block of this kernel can have (its register use permitting).
    pub fn max_threads_per_block(&self) -> u32 {
        self.kernel.max_threads
    }

    /// Queues the kernel on the device's stream with `cfg` and `args` (slices as pointers to
    /// their first element, scalars by value, in order). The config is checked against the
    /// device's and the kernel's limits; nothing can check the arguments against hand-written
    /// source, as in CUDA and CuPy. Arrays must be C-contiguous and on the module's device.
    pub fn launch(&self, cfg: &LaunchConfig, args: &mut [Arg<'_>]) -> Result<()> {
        let name = self.kernel.entry.clone();
        check_devices(&name, &self.device, args)?;
        let driver = self.device.driver();
        let mut params: Vec<[u64; 2]> = Vec::with_capacity(args.len());
        for a in args.iter_mut() {
            match &mut a.data {
                ArgData::Scalar(b) => params.push(scalar_slot(b)),
                ArgData::CudaRead { bytes, offset, .. } => {
                    params.push([driver.ptr(bytes) + *offset as u64, 0]);
                }
                ArgData::CudaWrite { bytes, offset, .. } => {
                    params.push([driver.ptr(bytes) + *offset as u64, 0]);
                }
                _ => unreachable!("checked by check_devices"),
            }
        }
        launch_kernel(&self.device, &self.kernel, &name, 0, cfg, &params)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::raw::ParamKind;

    #[test]
    fn a_symbol_counts_only_as_a_whole_string() {
        let image = b"\x7fELF\0.text.kxr_neg\0_Z7kxr_negPf\0kxr_neg\0";
        assert!(exports_symbol(image, "kxr_neg"));
        assert!(!exports_symbol(
            b"\0.text.kxr_neg\0_Z7kxr_negPf\0",
            "kxr_neg"
        ));
        assert!(!exports_symbol(b"\0kxr_neg2\0", "kxr_neg"));
    }

    /// A raw kernel compiles to a CUBIN that exports its entry point; without `extern "C"` the
    /// name is mangled and `verify` says so.
    #[test]
    fn verify_finds_the_entry_point_in_the_cubin() {
        if !crate::cuda::verify::nvrtc_or_skip("raw verify").unwrap() {
            return;
        }
        static GOOD: RawKernelDef = RawKernelDef {
            name: "neg",
            cuda_source: r#"extern "C" __global__ void kxr_neg(float* x, unsigned long long x_len,
                                                             unsigned int* kx_err) {
                unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
                if (i < x_len) { x[i] = -x[i]; }
            }"#,
            params: &[ParamKind::slice_mut(DTypeId::F32)],
            param_names: &["x"],
            ..RawKernelDef::DEFAULT
        };
        static MANGLED: RawKernelDef = RawKernelDef {
            name: "neg",
            cuda_source: r#"__global__ void kxr_neg(float* x, unsigned long long x_len,
                                                    unsigned int* kx_err) {
                unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
                if (i < x_len) { x[i] = -x[i]; }
            }"#,
            params: &[ParamKind::slice_mut(DTypeId::F32)],
            param_names: &["x"],
            ..RawKernelDef::DEFAULT
        };
        verify(&GOOD, &[]).unwrap();
        let err = verify(&MANGLED, &[]).unwrap_err().to_string();
        assert!(err.contains("no entry point `kxr_neg`"), "{err}");
    }
}
