#![allow(dead_code)]
use kernels_std::prelude::*;

#[elementwise]
fn twice<T: Copy + std::ops::Add<Output = T>>(x: T) -> T {
    x + x
}

fn main() {}
