#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

#[elementwise]
fn named(x: f32) -> f32 {
    let s = "x";
    x
}

fn main() {}
