#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

#[elementwise]
fn count(n: i32) -> i32 {
    let mut s = 0;
    for i in 0.. {
        s += i;
    }
    s
}

fn main() {}
