//! One CUDA device: its driver (a GPU through cudarc, or the host target), its stream, its
//! caches, and host<->device copies.

use std::any::Any;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use cudarc::driver::{sys, CudaContext, CudaStream};

use super::cache::{ImageCache, ModuleCache};
use super::driver::{driver_err, DeviceMem, Driver, Module};
use super::host::HostTarget;
use super::pool::{CudaAllocator, CudaPool, Pooled};
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::kernel::def::raw::DeviceLimits;
use crate::raw;

/// A CUDA device with the stream all of its work is queued on: a GPU through cudarc, or the
/// host target ([`CudaDevice::host`]), which runs the same modules on the CPU.
///
/// Every buffer of the device is allocated, used and freed on that one stream, so stream
/// order alone orders every access: cudarc's per-buffer event tracking is turned off for the
/// device's context (it would cost two events per buffer and an event record per operand per
/// launch). Code that queues work on another stream must synchronize with this one itself.
pub struct CudaDevice {
    ordinal: usize,
    name: String,
    arch: (i32, i32),
    sm_count: u32,
    driver: Arc<Driver>,
    limits: OnceLock<DeviceLimits>,
    pool: Arc<CudaPool>,
    modules: ModuleCache,
    states: [OnceLock<Box<dyn Any + Send + Sync>>; STATE_SLOTS],
}

impl std::fmt::Debug for CudaDevice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CudaDevice")
            .field("ordinal", &self.ordinal)
            .field("name", &self.name)
            .field("host_target", &self.is_host())
            .field("arch", &self.arch)
            .field("sm_count", &self.sm_count)
            .field("pool", &self.pool.stats())
            .finish()
    }
}

/// Per-device state of the layers above the context (their loaded entry points: elementwise
/// kernels in `launch`, reductions in `reduction`), one slot each.
pub(crate) trait DeviceState: Default + Send + Sync + 'static {
    /// The state's slot, below [`STATE_SLOTS`]; each implementation has its own.
    const SLOT: usize;
}

/// The number of [`DeviceState`] slots of a device.
pub(crate) const STATE_SLOTS: usize = 2;

/// A check run after every [`CudaDevice::synchronize`], registered by a layer above (the raw
/// kernels' fault records) when it first has something to check.
static SYNC_CHECK: OnceLock<fn(&CudaDevice) -> Result<()>> = OnceLock::new();

/// Registers the check [`CudaDevice::synchronize`] runs after the stream is drained.
pub(crate) fn on_synchronize(check: fn(&CudaDevice) -> Result<()>) {
    let _ = SYNC_CHECK.set(check);
}

/// Whether the CUDA driver library can be loaded (checked once).
pub fn driver_present() -> bool {
    static PRESENT: OnceLock<bool> = OnceLock::new();
    // SAFETY: `is_culib_present` only tries `dlopen` on the driver's library names and closes
    // what it opened; it has no other precondition.
    *PRESENT.get_or_init(|| unsafe { cudarc::driver::sys::is_culib_present() })
}

/// Host-target devices get ids from here on, so that no id is a GPU's ordinal.
const HOST_ID_BASE: usize = 1 << 24;

impl CudaDevice {
    /// The shared handle of GPU `ordinal`, created on first use.
    pub fn get(ordinal: usize) -> Result<Arc<CudaDevice>> {
        Self::registry(ordinal, || Self::open(ordinal))
    }

    /// The shared handle of host-target device `ordinal` (see [`host`](super::host)): the
    /// CUDA backend on the CPU, through g++-built modules, described as an H200. Host
    /// devices of different ordinals are independent (their own memory, pool, caches and
    /// fault records), like two GPUs.
    ///
    /// ```no_run
    /// use array_runtime::cuda::CudaDevice;
    /// let dev = CudaDevice::host(0)?;
    /// assert!(dev.is_host());
    /// assert_eq!(dev.arch(), (9, 0));
    /// # Ok::<(), array_runtime::Error>(())
    /// ```
    pub fn host(ordinal: usize) -> Result<Arc<CudaDevice>> {
        let id = HOST_ID_BASE + ordinal;
        Self::registry(id, || {
            let target = Arc::new(HostTarget::new(ordinal)?);
            let spec = target.spec().clone();
            Ok(Self::with_driver(
                ordinal,
                format!("{}, host target", spec.name),
                spec.arch,
                spec.sm_count,
                Driver::Host(target),
            ))
        })
    }

    fn registry(id: usize, open: impl FnOnce() -> Result<CudaDevice>) -> Result<Arc<CudaDevice>> {
        static DEVICES: OnceLock<Mutex<HashMap<usize, Arc<CudaDevice>>>> = OnceLock::new();
        let mut map = DEVICES
            .get_or_init(Default::default)
            .lock()
            .map_err(|_| Error::invalid("CUDA device registry poisoned"))?;
        if let Some(d) = map.get(&id) {
            return Ok(d.clone());
        }
        let dev = Arc::new(open()?);
        map.insert(id, dev.clone());
        Ok(dev)
    }

    fn with_driver(
        ordinal: usize,
        name: String,
        arch: (i32, i32),
        sm_count: u32,
        driver: Driver,
    ) -> CudaDevice {
        let driver = Arc::new(driver);
        let pool = CudaPool::new(CudaAllocator::new(driver.clone()));
        CudaDevice {
            ordinal,
            name,
            arch,
            sm_count: sm_count.max(1),
            driver,
            limits: OnceLock::new(),
            pool,
            modules: ModuleCache::default(),
            states: Default::default(),
        }
    }

    fn open(ordinal: usize) -> Result<CudaDevice> {
        if !driver_present() {
            return Err(Error::CudaUnavailable {
                reason: "the CUDA driver library (libcuda) was not found".into(),
            });
        }
        let count = CudaContext::device_count().map_err(|e| Error::CudaUnavailable {
            reason: format!("cuInit/cuDeviceGetCount failed: {e:?}"),
        })?;
        if ordinal >= count.max(0) as usize {
            return Err(Error::CudaUnavailable {
                reason: format!("no CUDA device {ordinal}: {count} device(s) found"),
            });
        }
        let ctx = CudaContext::new(ordinal).map_err(|e| driver_err("context creation", e))?;
        let name = ctx.name().map_err(|e| driver_err("device name", e))?;
        let arch = ctx
            .compute_capability()
            .map_err(|e| driver_err("compute capability", e))?;
        let sm_count = ctx
            .attribute(sys::CUdevice_attribute::CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT)
            .map_err(|e| driver_err("multiprocessor count", e))?;
        // SAFETY: every buffer of this context is allocated, used and freed on the one stream
        // created below (see the type's docs), so no access needs an event to be ordered.
        unsafe { ctx.disable_event_tracking() };
        let stream = ctx
            .new_stream()
            .map_err(|e| driver_err("stream creation", e))?;
        Ok(Self::with_driver(
            ordinal,
            name,
            arch,
            sm_count.max(1) as u32,
            Driver::Cuda { ctx, stream },
        ))
    }

    /// The device's ordinal (among GPUs, or among host-target devices).
    pub fn ordinal(&self) -> usize {
        self.ordinal
    }

    /// A number that names this device in the process: a GPU's ordinal, or a host-target
    /// device's ordinal plus 2^24.
    pub fn id(&self) -> usize {
        if self.is_host() {
            HOST_ID_BASE + self.ordinal
        } else {
            self.ordinal
        }
    }

    /// Whether `other` is this device.
    pub fn same(&self, other: &CudaDevice) -> bool {
        self.id() == other.id()
    }

    /// How errors name the device: `cuda:N`, or `cuda-host:N` for the host target.
    pub fn label(&self) -> String {
        if self.is_host() {
            format!("cuda-host:{}", self.ordinal)
        } else {
            format!("cuda:{}", self.ordinal)
        }
    }

    /// The module of generated CUDA C `source`, compiled once (NVRTC for a GPU, with the
    /// options of [`compile_options`](super::compile_options); g++ for the host target) and
    /// loaded on this device. `program` names it in compiler errors.
    pub(crate) fn load_module(&self, source: &str, program: &str, half: bool) -> Result<Module> {
        match &*self.driver {
            Driver::Cuda { ctx, .. } => {
                let (options, target) = super::compile_options(self.arch, half)?;
                let (key, image) =
                    ImageCache::global().compile(source, program, &options, &target)?;
                self.modules.load(ctx, key, &image)
            }
            Driver::Host(h) => h.load_module(&self.modules, source, program, &[]),
        }
    }

    /// [`CudaDevice::load_module`] with NVRTC options given in full (`RawModule`): `target`
    /// is the architecture they name. The host target honours `-D`/`-I` and ignores the
    /// rest.
    pub(crate) fn load_module_with(
        &self,
        source: &str,
        program: &str,
        options: &[String],
        target: &str,
    ) -> Result<Module> {
        match &*self.driver {
            Driver::Cuda { ctx, .. } => {
                let (key, image) =
                    ImageCache::global().compile(source, program, options, target)?;
                self.modules.load(ctx, key, &image)
            }
            Driver::Host(h) => h.load_module(&self.modules, source, program, options),
        }
    }

    /// Whether this is the host target rather than a GPU.
    pub fn is_host(&self) -> bool {
        self.driver.host().is_some()
    }

    /// The device's name, as the driver reports it (the host target: the device it
    /// describes, then `, host target`).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Compute capability `(major, minor)`.
    pub fn arch(&self) -> (i32, i32) {
        self.arch
    }

    /// Number of streaming multiprocessors.
    pub fn sm_count(&self) -> u32 {
        self.sm_count
    }

    /// The launch limits of the device (read once from its driver).
    pub fn limits(&self) -> Result<DeviceLimits> {
        if let Some(l) = self.limits.get() {
            return Ok(*l);
        }
        let l = self.driver.limits()?;
        Ok(*self.limits.get_or_init(|| l))
    }

    /// The caching allocator behind [`CudaDevice::alloc`], with CuPy's statistics
    /// (`used_bytes`, `total_bytes`, `free_all_blocks`, ...).
    pub fn memory_pool(&self) -> &Arc<CudaPool> {
        &self.pool
    }

    /// The modules loaded on this device.
    pub fn modules(&self) -> &ModuleCache {
        &self.modules
    }

    /// The per-device state `S` of a layer above (made on first use): the context holds it
    /// without knowing its type, so it sits below the launch layers that define it.
    pub(crate) fn state<S: DeviceState>(&self) -> Result<&S> {
        let slot = self
            .states
            .get(S::SLOT)
            .ok_or_else(|| Error::invalid(format!("device state slot {} out of range", S::SLOT)))?;
        slot.get_or_init(|| Box::new(S::default()))
            .downcast_ref::<S>()
            .ok_or_else(|| {
                Error::invalid(format!("device state slot {} holds another type", S::SLOT))
            })
    }

    pub(crate) fn driver(&self) -> &Driver {
        &self.driver
    }

    /// The cudarc context of a GPU; an error on the host target, which has none (vendor
    /// libraries such as cuBLAS do not run there).
    pub fn context(&self) -> Result<&Arc<CudaContext>> {
        match &*self.driver {
            Driver::Cuda { ctx, .. } => Ok(ctx),
            Driver::Host(_) => Err(self.no_cudarc("a CUDA context")),
        }
    }

    /// The stream all work of a GPU is queued on; an error on the host target.
    pub fn stream(&self) -> Result<&Arc<CudaStream>> {
        match &*self.driver {
            Driver::Cuda { stream, .. } => Ok(stream),
            Driver::Host(_) => Err(self.no_cudarc("a CUDA stream")),
        }
    }

    fn no_cudarc(&self, what: &str) -> Error {
        Error::CudaUnavailable {
            reason: format!(
                "{} is the host target, which runs the generated CUDA modules on the CPU; it \
                 has no {what} for the driver API or the vendor libraries",
                self.name
            ),
        }
    }

    /// Free and total device memory in bytes, as the driver reports them (the host target:
    /// its region of host memory).
    pub fn memory_info(&self) -> Result<(usize, usize)> {
        match &*self.driver {
            Driver::Cuda { ctx, .. } => ctx
                .mem_get_info()
                .map_err(|e| driver_err("cuMemGetInfo", e)),
            Driver::Host(h) => Ok(h.memory().info()),
        }
    }

    /// The device address of a buffer's first element (on the host target, a host address).
    pub fn device_ptr<T: DType>(&self, buf: &DeviceBuffer<T>) -> u64 {
        self.driver.ptr(buf.bytes())
    }

    /// Waits for queued work; errors of asynchronous work surface here.
    pub fn synchronize(&self) -> Result<()> {
        self.driver.synchronize()?;
        // Out-of-bounds accesses recorded by raw kernels since the last check.
        match SYNC_CHECK.get() {
            Some(check) => check(self),
            None => Ok(()),
        }
    }

    /// Allocates room for `len` elements of `T` (contents unspecified), from the device's
    /// [memory pool](CudaDevice::memory_pool).
    pub fn alloc<T: DType>(&self, len: usize) -> Result<DeviceBuffer<T>> {
        let bytes = len
            .checked_mul(T::ID.size())
            .ok_or_else(|| Error::invalid("allocation size overflows"))?;
        Ok(DeviceBuffer::new(self.pool.alloc(bytes)?, len))
    }

    /// Copies host elements into a new device buffer.
    pub fn htod<T: DType>(&self, data: &[T]) -> Result<DeviceBuffer<T>> {
        let bytes = raw::as_bytes(data);
        let mut buf = self.alloc::<T>(data.len())?;
        if !bytes.is_empty() {
            self.driver.htod(bytes, buf.mem.block_mut())?;
        }
        Ok(buf)
    }

    /// Copies host elements into elements `start..start + data.len()` of a device buffer, in
    /// stream order.
    pub(crate) fn htod_range<T: DType>(
        &self,
        buf: &mut DeviceBuffer<T>,
        start: usize,
        data: &[T],
    ) -> Result<()> {
        if start
            .checked_add(data.len())
            .is_none_or(|end| end > buf.len)
        {
            return Err(Error::invalid(format!(
                "host-to-device copy of {} elements at element {start} of a buffer of {}",
                data.len(),
                buf.len
            )));
        }
        let bytes = raw::as_bytes(data);
        if bytes.is_empty() {
            return Ok(());
        }
        self.driver
            .htod_at(bytes, buf.mem.block_mut(), start * T::ID.size())
    }

    /// A device-side copy of a whole buffer.
    pub fn dtod<T: DType>(&self, buf: &DeviceBuffer<T>) -> Result<DeviceBuffer<T>> {
        let n = buf.len * T::ID.size();
        let mut out = self.alloc::<T>(buf.len)?;
        if n > 0 {
            self.driver.dtod(buf.bytes(), out.mem.block_mut(), n)?;
        }
        Ok(out)
    }

    /// Zeroes bytes `start..start + len` of a block, in stream order.
    pub(crate) fn zero(&self, mem: &mut DeviceMem, start: usize, len: usize) -> Result<()> {
        self.driver.zero(mem, start, len)
    }

    /// Copies elements `start..start + len` of a device buffer back to the host (synchronizes
    /// the stream).
    pub fn dtoh_range<T: DType>(
        &self,
        buf: &DeviceBuffer<T>,
        start: usize,
        len: usize,
    ) -> Result<Vec<T>> {
        if len == 0 {
            return Ok(Vec::new());
        }
        let sz = T::ID.size();
        if start + len > buf.len {
            return Err(Error::invalid(format!(
                "device-to-host copy of elements {start}..{} of a buffer of {}",
                start + len,
                buf.len
            )));
        }
        self.dtoh_bytes(buf, start * sz..(start + len) * sz, len)
    }

    /// The `len` elements in `range` (bytes) of `buf`, copied into a host vector allocated
    /// fallibly ([`Error::OutOfMemory`] when the host has no room for them).
    fn dtoh_bytes<T: DType>(
        &self,
        buf: &DeviceBuffer<T>,
        range: std::ops::Range<usize>,
        len: usize,
    ) -> Result<Vec<T>> {
        let mut out: Vec<T> = crate::cpu::host_vec::filled(len, T::default())?;
        debug_assert_eq!(range.len(), len * T::ID.size());
        self.driver
            .dtoh_into(buf.bytes(), range.start, raw::as_bytes_mut(&mut out))?;
        Ok(out)
    }

    /// Copies a whole device buffer back to the host (synchronizes the stream).
    pub fn dtoh<T: DType>(&self, buf: &DeviceBuffer<T>) -> Result<Vec<T>> {
        if buf.len == 0 {
            return Ok(Vec::new());
        }
        self.dtoh_bytes(buf, 0..buf.len * T::ID.size(), buf.len)
    }
}

/// Device memory holding `len` elements of `T`, from the device's pool (returned to it when
/// dropped).
pub struct DeviceBuffer<T: DType> {
    mem: Pooled<CudaAllocator>,
    len: usize,
    _t: std::marker::PhantomData<T>,
}

impl<T: DType> std::fmt::Debug for DeviceBuffer<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "DeviceBuffer<{}>[{}]", T::ID, self.len)
    }
}

impl<T: DType> DeviceBuffer<T> {
    fn new(mem: Pooled<CudaAllocator>, len: usize) -> Self {
        mem.block().set_used(len * T::ID.size());
        DeviceBuffer {
            mem,
            len,
            _t: std::marker::PhantomData,
        }
    }

    /// Number of elements.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the buffer holds no element.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The underlying memory (the pool's block: at least `len` elements, rounded up to its
    /// size class).
    pub fn bytes(&self) -> &DeviceMem {
        self.mem.block()
    }

    /// The underlying memory, mutably.
    pub fn bytes_mut(&mut self) -> &mut DeviceMem {
        self.mem.block_mut()
    }
}
