#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

#[elementwise]
fn scale(x: &f32, k: f32) -> f32 {
    *x * k
}

fn main() {}
