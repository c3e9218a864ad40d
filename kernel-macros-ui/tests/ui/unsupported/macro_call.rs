#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

#[elementwise]
fn noisy(x: f32) -> f32 {
    println!("{}", x);
    x
}

fn main() {}
