#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

#[elementwise]
fn shifted(x: u32, s: f32) -> u32 {
    x << s
}

fn main() {}
