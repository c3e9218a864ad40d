#![allow(dead_code)]
use kernels_std::prelude::*;

#[elementwise]
fn later(x: f32) -> f32 {
    let f = async { x };
    x
}

fn main() {}
