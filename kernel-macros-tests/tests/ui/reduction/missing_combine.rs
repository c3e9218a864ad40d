#![allow(dead_code)]
use kernels_std::prelude::*;

#[reduction]
mod total {
    pub fn map(x: f32) -> f32 {
        x
    }
}

fn main() {}
