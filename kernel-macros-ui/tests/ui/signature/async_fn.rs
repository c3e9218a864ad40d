#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

#[elementwise]
async fn double(x: f32) -> f32 {
    x * 2.0
}

fn main() {}
