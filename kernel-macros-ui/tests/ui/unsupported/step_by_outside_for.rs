#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

#[elementwise]
fn stepped(n: i32) -> i32 {
    let r = (0..n).step_by(2);
    n
}

fn main() {}
