#![allow(dead_code)]
use kernels_std::prelude::*;

#[elementwise]
fn truthy(x: i32) -> (bool, f32) {
    (x as bool, (x > 0) as f32)
}

fn main() {}
