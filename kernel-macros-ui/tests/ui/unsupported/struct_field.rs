#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

#[elementwise]
fn fields(x: f32) -> f32 {
    x.value
}

fn main() {}
