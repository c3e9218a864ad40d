#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

fn helper(x: f32) -> f32 {
    x * 2.0
}

#[elementwise]
fn calls(x: f32) -> f32 {
    helper(x) + 1.0
}

fn main() {}
