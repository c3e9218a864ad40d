//! The CPU backend: the native Rust bodies that the macros keep, run in parallel with rayon.

pub mod elementwise;
pub mod reduction;
