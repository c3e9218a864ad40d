#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

#[reduction]
mod total {
    pub fn map(x: f32) -> f32 {
        x
    }
    pub fn combine(a: f32, b: f32) -> f32 {
        a + b
    }
    pub fn helper(x: f32) -> f32 {
        x
    }
}

fn main() {}
