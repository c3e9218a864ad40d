#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

#[elementwise]
fn bump(x: f32) -> f32 {
    let y = x;
    y += 1.0;
    y
}

fn main() {}
