#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

#[elementwise]
fn show(x: f32) -> f32 {
    x.to_string().len() as f32
}

fn main() {}
