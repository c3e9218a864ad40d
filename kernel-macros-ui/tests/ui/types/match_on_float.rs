#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

#[elementwise]
fn classify(x: f32) -> i32 {
    match x {
        _ => 1,
    }
}

fn main() {}
