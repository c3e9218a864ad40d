#![allow(dead_code)]
use kernels_std::prelude::*;

#[elementwise]
fn scale(x: &f32, k: f32) -> f32 {
    *x * k
}

fn main() {}
