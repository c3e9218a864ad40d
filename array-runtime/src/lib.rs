//! The runtime under the kernel macros: [`Array`], dtypes, devices (CPU and CUDA), memory,
//! NVRTC compilation and kernel launch.
//!
//! ```
//! use array_runtime::{Array, Device};
//! let dev = Device::cpu();
//! let a = Array::from_vec(&dev, &[2, 3], vec![1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0])?;
//! assert_eq!(a.t().shape(), &[3, 2]);
//! # Ok::<(), array_runtime::Error>(())
//! ```

// The runtime's operators use the kernel macros too; generated code names `::array_runtime`.
extern crate self as array_runtime;

pub mod array;
pub mod cpu;
pub mod cuda;
pub mod device;
pub mod dtype;
pub mod error;
pub mod kernel;
mod raw;
pub mod shape;
mod views;

pub use array::{Array, ArrayViewMut};
pub use device::Device;
pub use dtype::{bf16, c128, c64, f16, Complex, DType, DTypeId, Float, Int, Num, SignedInt};
pub use error::{Error, Result};
pub use kernel::elementwise::{IntoOperand, IntoOutput};
