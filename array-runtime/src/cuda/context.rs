//! One CUDA device: its context, its stream, and host<->device copies.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use cudarc::driver::{sys, CudaContext, CudaSlice, CudaStream};

use super::cache::ModuleCache;
use super::launch::KernelCache;
use super::pool::{CudaAllocator, CudaPool, Pooled};
use super::reduction::ReduceCache;
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::raw;

/// A CUDA GPU with its context and the stream all of its work is queued on.
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
    ctx: Arc<CudaContext>,
    stream: Arc<CudaStream>,
    pool: Arc<CudaPool>,
    modules: ModuleCache,
    kernels: KernelCache,
    reductions: ReduceCache,
}

impl std::fmt::Debug for CudaDevice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CudaDevice")
            .field("ordinal", &self.ordinal)
            .field("name", &self.name)
            .field("arch", &self.arch)
            .field("sm_count", &self.sm_count)
            .field("pool", &self.pool.stats())
            .finish()
    }
}

fn driver_err(op: &str, e: impl std::fmt::Debug) -> Error {
    Error::Driver {
        op: op.to_string(),
        message: format!("{e:?}"),
    }
}

/// Whether the CUDA driver library can be loaded (checked once).
pub fn driver_present() -> bool {
    static PRESENT: OnceLock<bool> = OnceLock::new();
    // SAFETY: `is_culib_present` only tries `dlopen` on the driver's library names and closes
    // what it opened; it has no other precondition.
    *PRESENT.get_or_init(|| unsafe { cudarc::driver::sys::is_culib_present() })
}

impl CudaDevice {
    /// The shared handle of device `ordinal`, created on first use.
    pub fn get(ordinal: usize) -> Result<Arc<CudaDevice>> {
        static DEVICES: OnceLock<Mutex<HashMap<usize, Arc<CudaDevice>>>> = OnceLock::new();
        let mut map = DEVICES
            .get_or_init(Default::default)
            .lock()
            .map_err(|_| Error::invalid("CUDA device registry poisoned"))?;
        if let Some(d) = map.get(&ordinal) {
            return Ok(d.clone());
        }
        let dev = Arc::new(Self::open(ordinal)?);
        map.insert(ordinal, dev.clone());
        Ok(dev)
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
        let pool = CudaPool::new(CudaAllocator::new(stream.clone()));
        Ok(CudaDevice {
            ordinal,
            name,
            arch,
            sm_count: sm_count.max(1) as u32,
            ctx,
            stream,
            pool,
            modules: ModuleCache::default(),
            kernels: KernelCache::default(),
            reductions: ReduceCache::default(),
        })
    }

    /// The device's ordinal.
    pub fn ordinal(&self) -> usize {
        self.ordinal
    }

    /// The device's name, as the driver reports it.
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

    /// The caching allocator behind [`CudaDevice::alloc`], with CuPy's statistics
    /// (`used_bytes`, `total_bytes`, `free_all_blocks`, ...).
    pub fn memory_pool(&self) -> &Arc<CudaPool> {
        &self.pool
    }

    /// The modules loaded into this device's context.
    pub fn modules(&self) -> &ModuleCache {
        &self.modules
    }

    pub(crate) fn kernels(&self) -> &KernelCache {
        &self.kernels
    }

    pub(crate) fn reductions(&self) -> &ReduceCache {
        &self.reductions
    }

    /// The cudarc context.
    pub fn context(&self) -> &Arc<CudaContext> {
        &self.ctx
    }

    /// The stream all work of this device is queued on.
    pub fn stream(&self) -> &Arc<CudaStream> {
        &self.stream
    }

    /// Waits for queued work; errors of asynchronous work surface here.
    pub fn synchronize(&self) -> Result<()> {
        self.stream
            .synchronize()
            .map_err(|e| driver_err("stream synchronize", e))?;
        // Errors recorded where none could be returned (frees in destructors).
        self.ctx
            .check_err()
            .map_err(|e| driver_err("asynchronous work", e))?;
        // Out-of-bounds accesses recorded by raw kernels since the last check.
        super::raw::check_faults(self)
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
            self.stream
                .memcpy_htod(bytes, buf.mem.block_mut())
                .map_err(|e| driver_err("host-to-device copy", e))?;
        }
        Ok(buf)
    }

    /// A device-side copy of a whole buffer.
    pub fn dtod<T: DType>(&self, buf: &DeviceBuffer<T>) -> Result<DeviceBuffer<T>> {
        let n = buf.len * T::ID.size();
        let mut out = self.alloc::<T>(buf.len)?;
        if n > 0 {
            self.stream
                .memcpy_dtod(
                    &buf.bytes().slice(0..n),
                    &mut out.mem.block_mut().slice_mut(0..n),
                )
                .map_err(|e| driver_err("device-to-device copy", e))?;
        }
        Ok(out)
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
        self.stream
            .memcpy_dtoh(&buf.bytes().slice(range), raw::as_bytes_mut(&mut out))
            .map_err(|e| driver_err("device-to-host copy", e))?;
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

    /// The underlying bytes (the pool's block: at least `len` elements, rounded up to its
    /// size class).
    pub fn bytes(&self) -> &CudaSlice<u8> {
        self.mem.block()
    }

    /// The underlying bytes, mutably.
    pub fn bytes_mut(&mut self) -> &mut CudaSlice<u8> {
        self.mem.block_mut()
    }
}
