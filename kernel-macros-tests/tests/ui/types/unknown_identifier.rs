#![allow(dead_code)]
use kernels_std::prelude::*;

#[elementwise]
fn lost(x: f32) -> f32 {
    x * scale
}

fn main() {}
