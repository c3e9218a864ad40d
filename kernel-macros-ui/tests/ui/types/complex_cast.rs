#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

#[elementwise]
fn real(z: c64) -> f32 {
    z as f32
}

fn main() {}
