#![allow(dead_code)]
use kernels_std::prelude::*;

#[reduction]
fn total(x: f32) -> f32 {
    x
}

fn main() {}
