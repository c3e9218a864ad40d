//! Devices: the CPU backend (always there) and CUDA GPUs (when a driver is found).

use std::fmt;
use std::sync::Arc;

use crate::cuda::CudaDevice;
use crate::error::{Error, Result};

/// Environment variable that forces the backend of [`Device::default`]: `cpu`, `cuda` or
/// `cuda:N`.
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

    /// The device chosen by [`DEVICE_ENV`] when set, else CUDA device 0 when usable, else the CPU.
    /// Unlike [`Device::default`], a forced CUDA device that is not usable is an error.
    pub fn try_default() -> Result<Self> {
        match std::env::var(DEVICE_ENV) {
            Ok(v) => Self::parse(v.trim()),
            Err(_) => Ok(Self::cuda(0).unwrap_or(Device::Cpu)),
        }
    }

    /// Parses `cpu`, `cuda` or `cuda:N`.
    ///
    /// ```
    /// use array_runtime::Device;
    /// assert!(Device::parse("cpu").unwrap().is_cpu());
    /// assert!(Device::parse("tpu").is_err());
    /// ```
    pub fn parse(spec: &str) -> Result<Self> {
        match spec {
            "cpu" => Ok(Device::Cpu),
            "cuda" | "gpu" => Self::cuda(0),
            s => match s.strip_prefix("cuda:").map(str::parse::<usize>) {
                Some(Ok(i)) => Self::cuda(i),
                _ => Err(Error::invalid(format!(
                    "unknown device `{s}`: expected `cpu`, `cuda` or `cuda:N`"
                ))),
            },
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

    /// Waits until all work queued on this device has finished, and reports any error of
    /// asynchronous work. A no-op on the CPU.
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
            (Device::Cuda(a), Device::Cuda(b)) => a.ordinal() == b.ordinal(),
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
            Device::Cuda(d) => write!(f, "cuda:{} ({})", d.ordinal(), d.name()),
        }
    }
}

impl fmt::Debug for Device {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
