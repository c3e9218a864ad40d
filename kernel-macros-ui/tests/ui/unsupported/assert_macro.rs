#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

#[elementwise]
fn checked(x: f32) -> f32 {
    assert!(x > 0.0);
    x.sqrt()
}

fn main() {}
