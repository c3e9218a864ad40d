#![allow(dead_code)]
use kernels_std::prelude::*;

#[elementwise]
fn norm(self, x: f32) -> f32 {
    x
}

fn main() {}
