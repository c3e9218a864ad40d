#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

#[raw_kernel]
fn first(x: &[f32]) -> f32 {
    x[0]
}

fn main() {}
