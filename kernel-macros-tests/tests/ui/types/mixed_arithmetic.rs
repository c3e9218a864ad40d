#![allow(dead_code)]
use kernels_std::prelude::*;

#[elementwise]
fn mix(x: f32, y: f64) -> f32 {
    x + y
}

fn main() {}
