#![allow(dead_code)]
use kernels_std::prelude::*;

#[elementwise]
fn dynamic(x: Box<dyn Fn(f32) -> f32>) -> f32 {
    1.0
}

fn main() {}
