#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

#[reduction]
mod total {
    pub fn map(x: f32) -> f32 {
        x
    }
}

fn main() {}
