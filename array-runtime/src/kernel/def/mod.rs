//! What a kernel is: the descriptions the kernel macros write and the instantiations the
//! backends compile and run. The bottom layer of the runtime: these modules import nothing
//! but [`dtype`](crate::dtype), [`shape`](crate::shape), [`error`](crate::error) and the byte
//! helpers, so that both backends can build on them (see ARCHITECTURE.md, "Layers").
//!
//! Their public paths are the ones users know: [`kernel::elementwise`](crate::kernel::elementwise),
//! [`kernel::reduction`](crate::kernel::reduction) and [`kernel::raw`](crate::kernel::raw)
//! re-export everything here.

pub mod elementwise;
pub mod raw;
pub mod reduction;
