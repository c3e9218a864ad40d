//! The `#[reduction]` kernels behind the routines of [`reduce`](super), one file per family.
//! Each is written once and runs on both backends; their `Kernel` types name the calls the
//! routines return ([`ReduceCall`](array_runtime::kernel::reduction::ReduceCall)).

mod arg;
mod extrema;
mod logic;
mod moments;
mod sums;

pub use arg::*;
pub use extrema::*;
pub use logic::*;
pub use moments::*;
pub use sums::*;
