#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

#[elementwise]
fn dynamic(x: Box<dyn Fn(f32) -> f32>) -> f32 {
    1.0
}

fn main() {}
