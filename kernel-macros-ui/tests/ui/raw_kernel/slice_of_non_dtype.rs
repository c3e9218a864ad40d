#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

struct Point {
    x: f32,
    y: f32,
}

#[raw_kernel]
fn norms(points: &[Point], out: &mut [f32], table: [f32; 4]) {
    let i = thread_idx().x;
    out[i] = 0.0;
}

fn main() {}
