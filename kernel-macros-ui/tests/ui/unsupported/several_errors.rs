#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

#[elementwise]
fn many(x: f32) -> f32 {
    let v = vec![x];
    let s = "name";
    let f = |y: f32| y;
    x.to_string();
    x
}

fn main() {}
