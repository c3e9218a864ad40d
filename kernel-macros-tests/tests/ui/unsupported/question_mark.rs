#![allow(dead_code)]
use kernels_std::prelude::*;

#[elementwise]
fn tried(x: f32) -> f32 {
    let y = x?;
    y
}

fn main() {}
