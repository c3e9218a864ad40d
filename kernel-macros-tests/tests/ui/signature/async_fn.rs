#![allow(dead_code)]
use kernels_std::prelude::*;

#[elementwise]
async fn double(x: f32) -> f32 {
    x * 2.0
}

fn main() {}
