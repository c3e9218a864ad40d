#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

#[elementwise]
fn norm(self, x: f32) -> f32 {
    x
}

fn main() {}
