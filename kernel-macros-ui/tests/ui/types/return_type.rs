#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

#[elementwise]
fn early(x: f32) -> f32 {
    if x < 0.0 {
        return 0;
    }
    x
}

fn main() {}
