#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

#[elementwise]
fn root(n: u32) -> u32 {
    n.sqrt()
}

fn main() {}
