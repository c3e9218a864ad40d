#![allow(dead_code)]
use kernels_std::prelude::*;

#[elementwise]
fn noisy(x: f32) -> f32 {
    println!("{}", x);
    x
}

fn main() {}
