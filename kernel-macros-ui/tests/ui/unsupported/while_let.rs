#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

#[elementwise]
fn drain(x: i32) -> i32 {
    while let 0 = x {}
    x
}

fn main() {}
