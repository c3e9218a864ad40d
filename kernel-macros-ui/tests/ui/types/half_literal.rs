#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

#[elementwise]
fn halve(x: bf16) -> bf16 {
    x * 0.5
}

fn main() {}
