#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

#[elementwise]
fn total(v: Vec<f32>, s: String) -> Box<f32> {
    Box::new(v[0])
}

fn main() {}
