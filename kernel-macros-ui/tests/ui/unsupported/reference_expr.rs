#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

#[elementwise]
fn borrow(x: f32) -> f32 {
    let r = &x;
    x
}

fn main() {}
