//! The CPU backend: the native Rust bodies that the macros keep, run in parallel with rayon,
//! over host memory from a caching pool ([`memory_pool`]).

pub mod column_blocks;
pub mod elementwise;
mod fold;
pub mod host_vec;
pub(crate) mod isa;
pub mod philox;
pub mod pool;
pub mod raw;
pub mod reduction;
pub mod select;
pub(crate) mod small;

pub use pool::{memory_pool, HostBuffer, HostPool};
