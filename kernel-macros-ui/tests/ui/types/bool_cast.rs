#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

#[elementwise]
fn truthy(x: i32) -> (bool, f32) {
    (x as bool, (x > 0) as f32)
}

fn main() {}
