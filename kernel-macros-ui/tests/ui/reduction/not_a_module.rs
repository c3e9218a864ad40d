#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

#[reduction]
fn total(x: f32) -> f32 {
    x
}

fn main() {}
