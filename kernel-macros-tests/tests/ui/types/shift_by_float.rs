#![allow(dead_code)]
use kernels_std::prelude::*;

#[elementwise]
fn shifted(x: u32, s: f32) -> u32 {
    x << s
}

fn main() {}
