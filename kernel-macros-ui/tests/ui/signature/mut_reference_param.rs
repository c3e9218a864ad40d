#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

#[elementwise]
fn bump(x: &mut f32) -> f32 {
    *x + 1.0
}

fn main() {}
