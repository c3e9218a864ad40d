#![allow(dead_code)]
use kernels_std::prelude::*;

#[elementwise]
fn half_of(x: f32) -> f32 {
    x * 2
}

fn main() {}
