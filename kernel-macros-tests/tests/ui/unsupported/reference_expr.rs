#![allow(dead_code)]
use kernels_std::prelude::*;

#[elementwise]
fn borrow(x: f32) -> f32 {
    let r = &x;
    x
}

fn main() {}
