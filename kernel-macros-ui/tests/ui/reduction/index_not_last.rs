#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

#[reduction]
mod weighted {
    pub fn map(#[index] i: i64, x: f32) -> f32 {
        x * i as f32
    }
    pub fn combine(a: f32, b: f32) -> f32 {
        a + b
    }
}

fn main() {}
