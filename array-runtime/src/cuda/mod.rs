//! The CUDA backend, through `cudarc` (driver API, loaded dynamically: it builds and runs on a
//! machine without CUDA, where [`CudaDevice::get`] returns an error instead of panicking).

pub mod codegen;
mod context;
pub(crate) mod launch;

pub use context::{driver_present, CudaDevice, DeviceBuffer};
