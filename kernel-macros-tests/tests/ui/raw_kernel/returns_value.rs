#![allow(dead_code)]
use kernels_std::prelude::*;

#[raw_kernel]
fn first(x: &[f32]) -> f32 {
    x[0]
}

fn main() {}
