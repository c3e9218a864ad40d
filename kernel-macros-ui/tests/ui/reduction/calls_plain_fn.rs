#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

mod shapes {
    pub fn square(x: f32) -> f32 {
        x * x
    }
}

// A reduction's map calling a plain function it imports with `use`.
#[reduction]
mod sum_squares {
    use super::shapes::square;

    pub fn map(x: f32) -> f32 {
        square(x)
    }
    pub fn combine(a: f32, b: f32) -> f32 {
        a + b
    }
}

fn main() {}
