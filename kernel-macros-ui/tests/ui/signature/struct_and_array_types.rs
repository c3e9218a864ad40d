#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

pub struct Point {
    pub x: f32,
}

#[elementwise]
fn first(p: Point, a: [f32; 4]) -> f32 {
    p.x + a[0]
}

fn main() {}
