#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

#[elementwise]
fn index(x: f32) -> f32 {
    let t = thread_idx();
    x
}

fn main() {}
