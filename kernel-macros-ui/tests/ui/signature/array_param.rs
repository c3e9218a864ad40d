#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

#[elementwise]
fn summed(x: [f32; 4]) -> f32 {
    x[0]
}

fn main() {}
