#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

#[raw_kernel]
fn shuffle(x: &mut [u8]) {
    let i = thread_idx().x;
    let p = shfl(x[i] > 0, 3);
    let v = shfl_down(x[i], 1);
    x[i] = v;
}

fn main() {}
