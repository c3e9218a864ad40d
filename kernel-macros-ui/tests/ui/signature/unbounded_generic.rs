#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

#[elementwise]
fn twice<T>(x: T) -> T {
    x
}

fn main() {}
