//! What the kernel macros generate code against: kernel descriptions, operands, outputs, and
//! the launch of a kernel on either backend.

pub mod device;
pub mod elementwise;
pub mod raw;
pub mod reduction;
