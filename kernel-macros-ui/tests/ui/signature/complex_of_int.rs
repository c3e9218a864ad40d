#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

#[elementwise]
fn gaussian(z: Complex<i32>) -> i32 {
    z.re
}

fn main() {}
