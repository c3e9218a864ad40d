#![allow(dead_code)]
use kernels_std::prelude::*;

#[elementwise]
fn bump(x: &mut f32) -> f32 {
    *x + 1.0
}

fn main() {}
