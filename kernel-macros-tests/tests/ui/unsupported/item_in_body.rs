#![allow(dead_code)]
use kernels_std::prelude::*;

#[elementwise]
fn nested(x: f32) -> f32 {
    fn helper(v: f32) -> f32 {
        v
    }
    x
}

fn main() {}
