#![allow(dead_code)]
use kernels_std::prelude::*;

#[elementwise]
fn index(x: f32) -> f32 {
    let t = thread_idx();
    x
}

fn main() {}
