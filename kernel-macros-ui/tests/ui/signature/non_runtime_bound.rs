#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

#[elementwise]
fn twice<T: Copy + std::ops::Add<Output = T>>(x: T) -> T {
    x + x
}

fn main() {}
