//! Devices: the CPU backend (always there) and CUDA GPUs (when a driver is found).

use std::fmt;
use std::sync::Arc;

use crate::cuda::CudaDevice;
use crate::error::{Error, Result};
use crate::memory_pool::MemoryPool;

/// Environment variable that forces the backend of [`Device::default`]: `cpu`, `cuda`,
/// `cuda:N`, `cuda-host` or `cuda-host:N`.
pub const DEVICE_ENV: &str = "KERNELS_DEVICE";

/// Where arrays live and kernels run.
///
/// ```
/// use array_runtime::Device;
/// let cpu = Device::cpu();
/// assert!(cpu.is_cpu());
/// assert_eq!(cpu.to_string(), "cpu");
/// // CUDA when a GPU and its driver are found, the CPU backend otherwise.
/// let dev = Device::default();
/// println!("running on {dev}");
/// ```
#[derive(Clone)]
pub enum Device {
    /// The native multi-threaded CPU backend.
    Cpu,
    /// A CUDA GPU.
    Cuda(Arc<CudaDevice>),
}

impl Device {
    /// The CPU backend.
    pub fn cpu() -> Self {
        Device::Cpu
    }

    /// The CUDA GPU of the given ordinal, or [`Error::CudaUnavailable`] when there is none,
    /// no driver, or the driver cannot be initialised. Devices are shared: asking twice for the
    /// same ordinal gives the same context and stream.
    pub fn cuda(ordinal: usize) -> Result<Self> {
        CudaDevice::get(ordinal).map(Device::Cuda)
    }

    /// The CUDA backend on the host target ([`cuda::host`](crate::cuda::host)): the modules the
    /// backend generates for a GPU, compiled by g++ and run on the CPU, with the launch
    /// decisions of an H200. For tests of the CUDA paths without a GPU; it needs g++.
    ///
    /// ```no_run
    /// use array_runtime::{Array, Device};
    /// let dev = Device::cuda_host()?;
    /// let a = Array::from_vec(&dev, &[3], vec![1.0f32, 2.0, 3.0])?;
    /// assert_eq!(a.to_vec()?, vec![1.0, 2.0, 3.0]);
    /// assert_eq!(dev.to_string(), "cuda-host:0 (NVIDIA H200, host target)");
    /// # Ok::<(), array_runtime::Error>(())
    /// ```
    pub fn cuda_host() -> Result<Self> {
        CudaDevice::host(0).map(Device::Cuda)
    }

    /// The device chosen by [`DEVICE_ENV`] when set, else CUDA device 0 when usable, else the CPU.
    /// Unlike [`Device::default`], a forced CUDA device that is not usable is an error.
    pub fn try_default() -> Result<Self> {
        match std::env::var(DEVICE_ENV) {
            Ok(v) => Self::parse(v.trim()),
            Err(_) => Ok(Self::cuda(0).unwrap_or(Device::Cpu)),
        }
    }

    /// Parses `cpu`, `cuda`, `cuda:N`, `cuda-host` or `cuda-host:N`.
    ///
    /// ```
    /// use array_runtime::Device;
    /// assert!(Device::parse("cpu").unwrap().is_cpu());
    /// assert!(Device::parse("tpu").is_err());
    /// ```
    pub fn parse(spec: &str) -> Result<Self> {
        let unknown = || {
            Error::invalid(format!(
                "unknown device `{spec}`: expected `cpu`, `cuda`, `cuda:N`, `cuda-host` or \
                 `cuda-host:N`"
            ))
        };
        match spec {
            "cpu" => Ok(Device::Cpu),
            "cuda" | "gpu" => Self::cuda(0),
            "cuda-host" => Self::cuda_host(),
            s => {
                if let Some(n) = s.strip_prefix("cuda-host:") {
                    let i = n.parse::<usize>().map_err(|_| unknown())?;
                    CudaDevice::host(i).map(Device::Cuda)
                } else if let Some(n) = s.strip_prefix("cuda:") {
                    Self::cuda(n.parse::<usize>().map_err(|_| unknown())?)
                } else {
                    Err(unknown())
                }
            }
        }
    }

    /// Whether this is the CPU backend.
    pub fn is_cpu(&self) -> bool {
        matches!(self, Device::Cpu)
    }

    /// Whether this is a CUDA device.
    pub fn is_cuda(&self) -> bool {
        matches!(self, Device::Cuda(_))
    }

    /// The memory pool this device's arrays allocate from: the CPU backend's host pool
    /// (one per process) or the CUDA device's, behind one type.
    ///
    /// ```
    /// use array_runtime::{Array, Device};
    /// let dev = Device::cpu();
    /// let a = Array::<f32>::zeros(&dev, &[256])?;
    /// assert!(dev.memory_pool().used_bytes() >= 1024);
    /// # Ok::<(), array_runtime::Error>(())
    /// ```
    pub fn memory_pool(&self) -> MemoryPool {
        match self {
            Device::Cpu => MemoryPool::host(crate::cpu::memory_pool()),
            Device::Cuda(d) => MemoryPool::cuda(d.memory_pool().clone()),
        }
    }

    /// Waits until all work queued on this device has finished, and reports any error of
    /// asynchronous work. A no-op on the CPU (its kernels have finished when they return);
    /// on CUDA it waits for the device's stream.
    ///
    /// ```
    /// use array_runtime::{Array, Device};
    /// let dev = Device::default();
    /// let a = Array::full(&dev, &[4], 1.5f32)?;   // queued on a GPU
    /// dev.synchronize()?;                         // done
    /// assert_eq!(a.to_vec()?, vec![1.5; 4]);
    /// # Ok::<(), array_runtime::Error>(())
    /// ```
    pub fn synchronize(&self) -> Result<()> {
        match self {
            Device::Cpu => Ok(()),
            Device::Cuda(d) => d.synchronize(),
        }
    }

    /// Whether two handles name the same device.
    pub fn same(&self, other: &Device) -> bool {
        match (self, other) {
            (Device::Cpu, Device::Cpu) => true,
            (Device::Cuda(a), Device::Cuda(b)) => a.same(b),
            _ => false,
        }
    }
}

impl Default for Device {
    /// [`Device::try_default`], falling back to the CPU when the forced device is unusable.
    fn default() -> Self {
        Self::try_default().unwrap_or(Device::Cpu)
    }
}

impl PartialEq for Device {
    fn eq(&self, other: &Self) -> bool {
        self.same(other)
    }
}

impl fmt::Display for Device {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Device::Cpu => f.write_str("cpu"),
            Device::Cuda(d) => write!(f, "{} ({})", d.label(), d.name()),
        }
    }
}

impl fmt::Debug for Device {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The CUDA device that the tests of CUDA paths run on: the host target when
/// `KERNELS_TEST_CUDA_HOST` asks for it ([`cuda::host`](crate::cuda::host)), else GPU 0 ([`Device::cuda`]).
///
/// ```
/// use array_runtime::device::cuda_test_device;
/// match cuda_test_device() {
///     Ok(dev) => println!("CUDA tests run on {dev}"),
///     Err(e) => println!("no CUDA device for the tests: {e}"),
/// }
/// ```
pub fn cuda_test_device() -> Result<Device> {
    if crate::cuda::host::TestRequest::from_env().wanted() {
        Device::cuda_host()
    } else {
        Device::cuda(0)
    }
}
