#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

#[elementwise]
fn mix(x: f32, y: f64) -> f32 {
    x + y
}

fn main() {}
