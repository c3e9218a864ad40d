#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

#[elementwise]
fn stop(x: f32) -> f32 {
    if x > 0.0 {
        break;
    }
    x
}

fn main() {}
