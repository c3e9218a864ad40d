#![allow(dead_code)]
use kernels_std::prelude::*;

#[elementwise]
fn drain(x: i32) -> i32 {
    while let 0 = x {}
    x
}

fn main() {}
