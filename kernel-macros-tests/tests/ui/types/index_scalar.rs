#![allow(dead_code)]
use kernels_std::prelude::*;

#[elementwise]
fn element(x: f32, i: i32) -> f32 {
    x[i]
}

fn main() {}
