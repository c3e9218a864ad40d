#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

mod util {
    pub fn helper(x: f32) -> f32 {
        x * 2.0
    }
}

// A plain function named through a path: rustc's resolution error, at the call.
#[elementwise]
fn calls(x: f32) -> f32 {
    util::helper(x) + 1.0
}

fn main() {}
