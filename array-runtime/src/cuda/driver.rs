//! The seam between the CUDA backend's logic and what executes it.
//!
//! Everything above this module (caches, launch configuration, argument packing, the memory
//! pool, index widths, vector paths, reduction strategies, shared-memory sizes, fault records)
//! is the same for every device. Below it, a [`Driver`] is either
//!
//! - **cudarc**: a real GPU through the driver API (context, stream, `cuMemAllocAsync`,
//!   `cuModuleLoadData`, `cuLaunchKernel`), or
//! - **the host target** ([`host`](super::host)): the same modules compiled by g++ into shared
//!   objects and run on the CPU, their threads as cooperating fibers, device memory in host
//!   buffers, with a description of a real GPU (an H200) so that every decision above is the
//!   one it makes for that GPU.
//!
//! Device memory is a [`DeviceMem`], a loaded module a [`Module`], an entry point a
//! [`Function`]; each is an enum over the two drivers, so the real path calls cudarc exactly as
//! it did before the seam existed.

use std::sync::Arc;

use cudarc::driver::sys::{CUdevice_attribute as Attr, CUfunction_attribute as FnAttr};
use cudarc::driver::{
    CudaContext, CudaFunction, CudaModule, CudaSlice, CudaStream, DevicePtr, PushKernelArg,
};

use super::host::{HostBlock, HostFunction, HostModule, HostTarget};
use super::pool::AllocFailure;
use crate::error::{Error, Result};
use crate::kernel::raw::{DeviceLimits, Dim3};

/// Static shared memory per kernel on every CUDA GPU.
pub(crate) const STATIC_SHARED_LIMIT: u32 = 48 * 1024;

pub(crate) fn driver_err(op: impl Into<String>, e: impl std::fmt::Debug) -> Error {
    Error::Driver {
        op: op.into(),
        message: format!("{e:?}"),
    }
}

/// What runs a device's work.
#[derive(Debug)]
pub(crate) enum Driver {
    /// A GPU through cudarc: its context and the one stream all work is queued on.
    Cuda {
        ctx: Arc<CudaContext>,
        stream: Arc<CudaStream>,
    },
    /// The host target.
    Host(Arc<HostTarget>),
}

/// A block of device memory: the unit of the device's pool. Dropping it frees it (on a GPU,
/// queued on the device's stream).
#[derive(Debug)]
pub struct DeviceMem(pub(crate) MemInner);

#[derive(Debug)]
pub(crate) enum MemInner {
    Cuda(CudaSlice<u8>),
    Host(HostBlock),
}

impl DeviceMem {
    /// Its size in bytes (the pool's size class, at least what was asked).
    pub fn len(&self) -> usize {
        match &self.0 {
            MemInner::Cuda(s) => s.len(),
            MemInner::Host(b) => b.len(),
        }
    }

    /// Whether it holds no byte.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The cudarc slice of memory on a real GPU (for vendor libraries); `None` on the host
    /// target.
    pub fn cuda_slice(&self) -> Option<&CudaSlice<u8>> {
        match &self.0 {
            MemInner::Cuda(s) => Some(s),
            MemInner::Host(_) => None,
        }
    }

    /// Tells the host target how many bytes of the block the buffer using it holds (its
    /// checker reports accesses past them, in the pool's rounding); nothing on a GPU.
    pub(crate) fn set_used(&self, bytes: usize) {
        if let MemInner::Host(b) = &self.0 {
            b.set_used(bytes);
        }
    }
}

/// A module loaded on a device.
#[derive(Debug, Clone)]
pub(crate) enum Module {
    Cuda(Arc<CudaModule>),
    Host(Arc<HostModule>),
}

/// One entry point of a loaded module.
#[derive(Debug, Clone)]
pub(crate) enum Function {
    Cuda(CudaFunction),
    Host(HostFunction),
}

/// An attribute of a loaded entry point.
#[derive(Clone, Copy, Debug)]
pub(crate) enum FuncAttr {
    /// Static shared memory it uses, in bytes.
    StaticShared,
    /// The most threads a block can have (launch bounds and registers).
    MaxThreads,
    /// Its current limit of dynamic shared memory.
    MaxDynamicShared,
}

/// A launch's shape.
#[derive(Clone, Copy, Debug)]
pub(crate) struct LaunchDims {
    pub grid: Dim3,
    pub block: Dim3,
    pub shared_mem_bytes: u32,
}

impl Module {
    /// The `extern "C" __global__` entry point `name`.
    pub(crate) fn function(&self, name: &str) -> Result<Function> {
        match self {
            Module::Cuda(m) => m
                .load_function(name)
                .map(Function::Cuda)
                .map_err(|e| driver_err(format!("loading kernel {name}"), e)),
            Module::Host(m) => m.function(name).map(Function::Host),
        }
    }
}

impl Function {
    /// An attribute of the compiled entry point.
    pub(crate) fn attr(&self, a: FuncAttr) -> Result<u32> {
        match self {
            Function::Cuda(f) => {
                let attr = match a {
                    FuncAttr::StaticShared => FnAttr::CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES,
                    FuncAttr::MaxThreads => FnAttr::CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
                    FuncAttr::MaxDynamicShared => {
                        FnAttr::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES
                    }
                };
                f.get_attribute(attr)
                    .map(|v| v.max(0) as u32)
                    .map_err(|e| driver_err(format!("reading {attr:?}"), e))
            }
            Function::Host(f) => Ok(f.attr(a)),
        }
    }

    /// Raises the entry point's limit of dynamic shared memory (the opt-in beyond 48 KiB).
    pub(crate) fn set_max_dynamic_shared(&self, driver: &Driver, bytes: u32) -> Result<()> {
        match (self, driver) {
            (Function::Cuda(f), Driver::Cuda { ctx, .. }) => {
                ctx.bind_to_thread()
                    .map_err(|e| driver_err("binding the device's context", e))?;
                f.set_attribute(
                    FnAttr::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                    bytes as i32,
                )
                .map_err(|e| {
                    driver_err(
                        format!("allowing {bytes} bytes of dynamic shared memory"),
                        e,
                    )
                })
            }
            (Function::Host(f), Driver::Host(h)) => f.set_max_dynamic_shared(h.spec(), bytes),
            _ => Err(Error::invalid(
                "a kernel used on a device it was not loaded on",
            )),
        }
    }

    /// Blocks of `block` threads with `shared` bytes of dynamic shared memory resident on one
    /// SM at most.
    pub(crate) fn occupancy(&self, driver: &Driver, block: u32, shared: usize) -> Result<u32> {
        match (self, driver) {
            (Function::Cuda(f), Driver::Cuda { .. }) => f
                .occupancy_max_active_blocks_per_multiprocessor(block, shared, None)
                .map_err(|e| driver_err("occupancy query", e)),
            (Function::Host(f), Driver::Host(h)) => Ok(f.occupancy(h.spec(), block, shared)),
            _ => Err(Error::invalid(
                "a kernel used on a device it was not loaded on",
            )),
        }
    }
}

impl Driver {
    /// The host target, if this is it.
    pub(crate) fn host(&self) -> Option<&Arc<HostTarget>> {
        match self {
            Driver::Host(h) => Some(h),
            Driver::Cuda { .. } => None,
        }
    }

    /// A new block of exactly `bytes` bytes (contents unspecified).
    pub(crate) fn alloc(&self, bytes: usize) -> std::result::Result<DeviceMem, AllocFailure> {
        match self {
            Driver::Cuda { stream, .. } => {
                // SAFETY: the memory is handed out uninitialised as bytes, which have no
                // invalid values; every user of a pooled buffer writes an element before
                // reading it.
                match unsafe { stream.alloc::<u8>(bytes) } {
                    Ok(s) => Ok(DeviceMem(MemInner::Cuda(s))),
                    Err(e) if e.0 == cudarc::driver::sys::CUresult::CUDA_ERROR_OUT_OF_MEMORY => {
                        Err(AllocFailure::OutOfMemory)
                    }
                    Err(e) => Err(AllocFailure::Other(driver_err(
                        format!("allocating {bytes} bytes"),
                        e,
                    ))),
                }
            }
            Driver::Host(h) => h
                .memory()
                .alloc(bytes)
                .map(|b| DeviceMem(MemInner::Host(b))),
        }
    }

    /// Called after the pool released its cache and before it retries an allocation.
    pub(crate) fn after_release(&self) {
        if let Driver::Cuda { stream, .. } = self {
            // The frees were queued on the stream; once it is idle the driver can reuse them.
            let _ = stream.synchronize();
        }
    }

    /// The device address of a block's first byte.
    pub(crate) fn ptr(&self, mem: &DeviceMem) -> u64 {
        match (&mem.0, self) {
            (MemInner::Cuda(s), Driver::Cuda { stream, .. }) => {
                // Event tracking is off for the device's context: the guard records nothing.
                let (ptr, _guard) = s.device_ptr(stream);
                ptr
            }
            // Not reachable: a device's buffers come from its own driver.
            (MemInner::Cuda(_), Driver::Host(_)) => 0,
            (MemInner::Host(b), _) => b.addr(),
        }
    }

    /// Copies `src` into the first bytes of `dst`.
    pub(crate) fn htod(&self, src: &[u8], dst: &mut DeviceMem) -> Result<()> {
        self.htod_at(src, dst, 0)
    }

    /// Copies `src` into bytes `start..start + src.len()` of `dst`.
    pub(crate) fn htod_at(&self, src: &[u8], dst: &mut DeviceMem, start: usize) -> Result<()> {
        let end = start.checked_add(src.len());
        if end.is_none_or(|end| end > dst.len()) {
            return Err(Error::invalid(format!(
                "host-to-device copy of {} bytes at byte {start} of a block of {}",
                src.len(),
                dst.len()
            )));
        }
        let end = start + src.len();
        match (self, &mut dst.0) {
            (Driver::Cuda { stream, .. }, MemInner::Cuda(d)) => stream
                .memcpy_htod(src, &mut d.slice_mut(start..end))
                .map_err(|e| driver_err("host-to-device copy", e)),
            (Driver::Host(h), MemInner::Host(d)) => h.memory().write(d, start, src),
            _ => Err(mismatch()),
        }
    }

    /// Copies bytes `start..start + dst.len()` of `src` into `dst`, a host buffer the caller
    /// allocated (fallibly, where its size comes from user data).
    pub(crate) fn dtoh_into(&self, src: &DeviceMem, start: usize, dst: &mut [u8]) -> Result<()> {
        let len = dst.len();
        if start.checked_add(len).is_none_or(|end| end > src.len()) {
            return Err(Error::invalid(format!(
                "device-to-host copy of bytes {start}..{} of a block of {}",
                start.saturating_add(len),
                src.len()
            )));
        }
        match (self, &src.0) {
            (Driver::Cuda { stream, .. }, MemInner::Cuda(s)) => stream
                .memcpy_dtoh(&s.slice(start..start + len), dst)
                .map_err(|e| driver_err("device-to-host copy", e)),
            (Driver::Host(h), MemInner::Host(s)) => h.memory().read_into(s, start, dst),
            _ => Err(mismatch()),
        }
    }

    /// Copies the first `len` bytes of `src` to the first bytes of `dst`, on the device.
    pub(crate) fn dtod(&self, src: &DeviceMem, dst: &mut DeviceMem, len: usize) -> Result<()> {
        if len > src.len() || len > dst.len() {
            return Err(Error::invalid(format!(
                "device-to-device copy of {len} bytes between blocks of {} and {}",
                src.len(),
                dst.len()
            )));
        }
        match (self, &src.0, &mut dst.0) {
            (Driver::Cuda { stream, .. }, MemInner::Cuda(s), MemInner::Cuda(d)) => stream
                .memcpy_dtod(&s.slice(0..len), &mut d.slice_mut(0..len))
                .map_err(|e| driver_err("device-to-device copy", e)),
            (Driver::Host(h), MemInner::Host(s), MemInner::Host(d)) => h.memory().copy(s, d, len),
            _ => Err(mismatch()),
        }
    }

    /// Zeroes bytes `start..start + len` of `mem`, in stream order.
    pub(crate) fn zero(&self, mem: &mut DeviceMem, start: usize, len: usize) -> Result<()> {
        if start.checked_add(len).is_none_or(|end| end > mem.len()) {
            return Err(Error::invalid("zeroing past the end of a device block"));
        }
        match (self, &mut mem.0) {
            (Driver::Cuda { stream, .. }, MemInner::Cuda(m)) => stream
                .memset_zeros(&mut m.slice_mut(start..start + len))
                .map_err(|e| driver_err("zeroing device memory", e)),
            (Driver::Host(h), MemInner::Host(m)) => h.memory().zero(m, start, len),
            _ => Err(mismatch()),
        }
    }

    /// Waits for queued work; errors of asynchronous work surface here.
    pub(crate) fn synchronize(&self) -> Result<()> {
        match self {
            Driver::Cuda { ctx, stream } => {
                stream
                    .synchronize()
                    .map_err(|e| driver_err("stream synchronize", e))?;
                // Errors recorded where none could be returned (frees in destructors).
                ctx.check_err()
                    .map_err(|e| driver_err("asynchronous work", e))
            }
            // Host launches run to completion when queued and return their errors.
            Driver::Host(_) => Ok(()),
        }
    }

    /// The launch limits of the device.
    pub(crate) fn limits(&self) -> Result<DeviceLimits> {
        match self {
            Driver::Cuda { ctx, .. } => {
                let a = |attr: Attr| -> Result<u32> {
                    ctx.attribute(attr)
                        .map(|v| v.max(0) as u32)
                        .map_err(|e| driver_err(format!("reading {attr:?}"), e))
                };
                Ok(DeviceLimits {
                    max_threads_per_block: a(Attr::CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK)?,
                    max_block: Dim3::new(
                        a(Attr::CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X)?,
                        a(Attr::CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y)?,
                        a(Attr::CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z)?,
                    ),
                    max_grid: Dim3::new(
                        a(Attr::CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X)?,
                        a(Attr::CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y)?,
                        a(Attr::CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z)?,
                    ),
                    max_shared_per_block: a(
                        Attr::CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN,
                    )?
                    .max(a(Attr::CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK)?),
                    max_static_shared: STATIC_SHARED_LIMIT,
                    warp_size: a(Attr::CU_DEVICE_ATTRIBUTE_WARP_SIZE)?,
                })
            }
            Driver::Host(h) => Ok(h.spec().limits()),
        }
    }

    /// Queues `f` over `dims` with `params`, one slot per kernel parameter in order.
    ///
    /// # Safety
    ///
    /// `f` must be an entry point of a module loaded on this driver; `params` must hold one
    /// slot per parameter of `f`, in order, each at least as large as the parameter (the
    /// driver reads the parameter's size from its start), and every pointer among them must
    /// address device memory of this driver that stays valid, for what the kernel accesses
    /// through it, until the work queued on the device's stream has run (the pool reuses a
    /// freed block only for work queued later on the same stream). `dims` must have been
    /// checked against the device's and the function's limits.
    pub(crate) unsafe fn launch<const N: usize>(
        &self,
        f: &Function,
        what: &str,
        dims: &LaunchDims,
        params: &[[u64; N]],
    ) -> Result<()> {
        match (self, f) {
            (Driver::Cuda { stream, .. }, Function::Cuda(func)) => {
                let cfg = cudarc::driver::LaunchConfig {
                    grid_dim: (dims.grid.x, dims.grid.y, dims.grid.z),
                    block_dim: (dims.block.x, dims.block.y, dims.block.z),
                    shared_mem_bytes: dims.shared_mem_bytes,
                };
                let mut builder = stream.launch_builder(func);
                for p in params {
                    builder.arg(p);
                }
                // SAFETY: the caller's contract (this function's `# Safety`) is the driver's
                // for `cuLaunchKernel`.
                unsafe { builder.launch(cfg) }
                    .map(|_| ())
                    .map_err(|e| driver_err(format!("launching {what}"), e))
            }
            (Driver::Host(h), Function::Host(func)) => {
                let slots: Vec<&[u8]> = params
                    .iter()
                    .map(|p| crate::raw::as_bytes(&p[..]))
                    .collect();
                // SAFETY: forwarded: the caller's contract is the host target's.
                unsafe { h.launch(func, what, dims, &slots) }
            }
            _ => Err(mismatch()),
        }
    }
}

fn mismatch() -> Error {
    Error::invalid("device memory or a kernel used on a device it does not belong to")
}
