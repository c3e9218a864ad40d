#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

#[raw_kernel]
fn fill(x: &[f32], value: f32) {
    let i = thread_idx().x;
    x[i] = value;
}

fn main() {}
