#![allow(dead_code)]
use kernels_std::prelude::*;

#[elementwise]
fn summed(x: [f32; 4]) -> f32 {
    x[0]
}

fn main() {}
