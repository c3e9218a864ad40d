#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

#[elementwise]
fn half_of(x: f32) -> f32 {
    x * 2
}

fn main() {}
