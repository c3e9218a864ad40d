#![allow(dead_code)]
use kernels_std::prelude::*;

#[elementwise]
fn root(n: u32) -> u32 {
    n.sqrt()
}

fn main() {}
