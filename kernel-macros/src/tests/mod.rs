//! Unit tests of the whole translator (per-phase tests live beside each phase).

mod fuzz;
mod limits;
mod native;
mod never_panics;
mod raw;
mod translate;
