#![allow(dead_code)]
use kernels_std::prelude::*;

#[elementwise]
fn nothing(x: f32) {
    let _y = x;
}

fn main() {}
