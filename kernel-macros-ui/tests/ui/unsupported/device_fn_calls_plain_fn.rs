#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

fn twice(x: f32) -> f32 {
    x * 2.0
}

// A device function calling a plain function, and a kernel calling it.
#[device_fn]
fn helper(x: f32) -> f32 {
    twice(x) + 1.0
}

#[elementwise]
fn calls(x: f32) -> f32 {
    helper(x)
}

fn main() {}
