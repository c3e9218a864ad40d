#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

#[elementwise]
fn apply(x: f32) -> f32 {
    let f = |v: f32| v * 2.0;
    x
}

fn main() {}
