#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

#[elementwise]
fn bits(x: f32) -> u32 {
    unsafe { std::mem::transmute::<f32, u32>(x) }
}

fn main() {}
