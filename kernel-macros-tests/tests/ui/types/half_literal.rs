#![allow(dead_code)]
use kernels_std::prelude::*;

#[elementwise]
fn halve(x: bf16) -> bf16 {
    x * 0.5
}

fn main() {}
