#![allow(dead_code)]
use kernels_std::prelude::*;

#[elementwise]
fn stop(x: f32) -> f32 {
    if x > 0.0 {
        break;
    }
    x
}

fn main() {}
