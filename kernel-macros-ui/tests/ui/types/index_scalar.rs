#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

#[elementwise]
fn element(x: f32, i: i32) -> f32 {
    x[i]
}

fn main() {}
