#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

const TILE: usize = 32;

#[raw_kernel]
fn tiles(x: &mut [f32], n: u32) {
    let a = shared_array::<f32, TILE>();
    let b = shared_array::<f32, { n * 2 }>();
    let c = shared_array::<f32, 0>();
}

fn main() {}
