//! One CUDA device: its context, its stream, and host<->device copies.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use cudarc::driver::{CudaContext, CudaSlice, CudaStream};

use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::raw;

/// A CUDA GPU with its context and the stream all of its work is queued on.
pub struct CudaDevice {
    ordinal: usize,
    name: String,
    arch: (i32, i32),
    ctx: Arc<CudaContext>,
    stream: Arc<CudaStream>,
}

impl std::fmt::Debug for CudaDevice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CudaDevice")
            .field("ordinal", &self.ordinal)
            .field("name", &self.name)
            .field("arch", &self.arch)
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
        let stream = ctx
            .new_stream()
            .map_err(|e| driver_err("stream creation", e))?;
        Ok(CudaDevice {
            ordinal,
            name,
            arch,
            ctx,
            stream,
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
            .map_err(|e| driver_err("stream synchronize", e))
    }

    /// Allocates room for `len` elements of `T` (contents unspecified).
    pub fn alloc<T: DType>(&self, len: usize) -> Result<DeviceBuffer<T>> {
        let bytes = len
            .checked_mul(T::ID.size())
            .ok_or_else(|| Error::invalid("allocation size overflows"))?;
        // SAFETY: the memory is uninitialised device memory of `bytes` bytes; every kernel and
        // copy of ours writes an element before it is read back (outputs are fully written).
        let slice =
            unsafe { self.stream.alloc::<u8>(bytes.max(1)) }.map_err(|_| Error::OutOfMemory {
                requested: bytes,
                held: 0,
            })?;
        Ok(DeviceBuffer::new(slice, len))
    }

    /// Copies host elements into a new device buffer.
    pub fn htod<T: DType>(&self, data: &[T]) -> Result<DeviceBuffer<T>> {
        let bytes = raw::as_bytes(data);
        let slice = if bytes.is_empty() {
            self.stream.clone_htod(&[0u8])
        } else {
            self.stream.clone_htod(bytes)
        }
        .map_err(|e| driver_err("host-to-device copy", e))?;
        Ok(DeviceBuffer::new(slice, data.len()))
    }

    /// A device-side copy of a whole buffer.
    pub fn dtod<T: DType>(&self, buf: &DeviceBuffer<T>) -> Result<DeviceBuffer<T>> {
        let bytes = self
            .stream
            .clone_dtod(&buf.bytes)
            .map_err(|e| driver_err("device-to-device copy", e))?;
        Ok(DeviceBuffer::new(bytes, buf.len))
    }

    /// Copies a whole device buffer back to the host (synchronizes the stream).
    pub fn dtoh<T: DType>(&self, buf: &DeviceBuffer<T>) -> Result<Vec<T>> {
        if buf.len == 0 {
            return Ok(Vec::new());
        }
        let bytes = self
            .stream
            .clone_dtoh(&buf.bytes.slice(0..buf.len * T::ID.size()))
            .map_err(|e| driver_err("device-to-host copy", e))?;
        Ok(raw::vec_from_bytes(&bytes))
    }
}

/// Device memory holding `len` elements of `T`.
pub struct DeviceBuffer<T: DType> {
    bytes: CudaSlice<u8>,
    len: usize,
    _t: std::marker::PhantomData<T>,
}

impl<T: DType> std::fmt::Debug for DeviceBuffer<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "DeviceBuffer<{}>[{}]", T::ID, self.len)
    }
}

impl<T: DType> DeviceBuffer<T> {
    fn new(bytes: CudaSlice<u8>, len: usize) -> Self {
        DeviceBuffer {
            bytes,
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

    /// The underlying bytes.
    pub fn bytes(&self) -> &CudaSlice<u8> {
        &self.bytes
    }

    /// The underlying bytes, mutably.
    pub fn bytes_mut(&mut self) -> &mut CudaSlice<u8> {
        &mut self.bytes
    }
}
