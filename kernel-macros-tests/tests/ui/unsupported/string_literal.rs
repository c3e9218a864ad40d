#![allow(dead_code)]
use kernels_std::prelude::*;

#[elementwise]
fn named(x: f32) -> f32 {
    let s = "x";
    x
}

fn main() {}
