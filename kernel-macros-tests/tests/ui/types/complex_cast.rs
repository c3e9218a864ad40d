#![allow(dead_code)]
use kernels_std::prelude::*;

#[elementwise]
fn real(z: c64) -> f32 {
    z as f32
}

fn main() {}
