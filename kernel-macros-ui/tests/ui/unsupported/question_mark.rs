#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

#[elementwise]
fn tried(x: f32) -> f32 {
    let y = x?;
    y
}

fn main() {}
