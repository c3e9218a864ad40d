#![allow(dead_code)]
use kernels_std::prelude::*;

#[elementwise]
fn power<T: Int>(x: T) -> T {
    x.pow(3)
}

fn main() {}
