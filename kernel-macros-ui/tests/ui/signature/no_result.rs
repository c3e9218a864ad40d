#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

#[elementwise]
fn nothing(x: f32) {
    let _y = x;
}

fn main() {}
