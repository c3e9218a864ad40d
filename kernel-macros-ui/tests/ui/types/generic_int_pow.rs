#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

#[elementwise]
fn power<T: Int>(x: T) -> T {
    x.pow(3)
}

fn main() {}
