#![allow(dead_code)]
use kernels_std::prelude::*;

#[elementwise]
fn fields(x: f32) -> f32 {
    x.value
}

fn main() {}
