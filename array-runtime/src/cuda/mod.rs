//! The CUDA backend, through `cudarc` (driver API, loaded dynamically: it builds and runs on a
//! machine without CUDA, where [`CudaDevice::get`] returns an error instead of panicking).
//!
//! - [`nvrtc`]: our binding to NVRTC, found by absolute path (toolkit or PyPI wheels);
//! - [`codegen`]: the CUDA C text of elementwise modules;
//! - [`codegen_reduce`]: the CUDA C text of reduction modules;
//! - [`reduction`]: choosing a reduction's strategy and launching it;
//! - [`cache`]: compiled images in memory and on disk, loaded modules per device;
//! - [`pool`]: the caching allocator behind [`CudaDevice::alloc`];
//! - `launch`: merging dimensions, choosing the entry point, launching on the device's stream;
//! - `driver`: the seam between all of the above and what executes it: cudarc for a GPU, or
//! - [`host`]: the host target, the same modules compiled by g++ and run on the CPU.

pub mod blas_support;
pub mod cache;
pub mod codegen;
pub mod codegen_reduce;
mod context;
mod driver;
pub mod fft_support;
pub mod host;
pub(crate) mod launch;
pub mod nvrtc;
pub mod pool;
pub mod raw;
pub mod raw_source;
pub mod reduction;
pub mod solver;
pub mod verify;

pub use context::{driver_present, CudaDevice, DeviceBuffer};
pub use driver::DeviceMem;
pub use nvrtc::compile_options;
