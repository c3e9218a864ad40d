#![allow(dead_code)]
use kernels_std::prelude::*;

#[elementwise]
fn twice<T>(x: T) -> T {
    x
}

fn main() {}
