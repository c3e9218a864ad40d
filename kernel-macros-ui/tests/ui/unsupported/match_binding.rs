#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

#[elementwise]
fn pick(x: i32) -> i32 {
    match x {
        0 => 1,
        n => n * 2,
    }
}

fn main() {}
