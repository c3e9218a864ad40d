#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

#[elementwise]
fn three(x: f32) -> (f32, f32) {
    (x, x * 2.0, x * 3.0)
}

fn main() {}
