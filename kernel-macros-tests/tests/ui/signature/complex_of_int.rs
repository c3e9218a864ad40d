#![allow(dead_code)]
use kernels_std::prelude::*;

#[elementwise]
fn gaussian(z: Complex<i32>) -> i32 {
    z.re
}

fn main() {}
