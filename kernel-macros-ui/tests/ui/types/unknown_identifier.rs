#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

#[elementwise]
fn lost(x: f32) -> f32 {
    x * scale
}

fn main() {}
