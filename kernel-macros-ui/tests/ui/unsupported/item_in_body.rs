#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

#[elementwise]
fn nested(x: f32) -> f32 {
    fn helper(v: f32) -> f32 {
        v
    }
    x
}

fn main() {}
