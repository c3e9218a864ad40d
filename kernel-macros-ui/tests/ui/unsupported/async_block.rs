#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

#[elementwise]
fn later(x: f32) -> f32 {
    let f = async { x };
    x
}

fn main() {}
