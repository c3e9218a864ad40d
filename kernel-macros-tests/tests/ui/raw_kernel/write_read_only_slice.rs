#![allow(dead_code)]
use kernels_std::prelude::*;

#[raw_kernel]
fn fill(x: &[f32], value: f32) {
    let i = thread_idx().x;
    x[i] = value;
}

fn main() {}
