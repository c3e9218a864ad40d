#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

#[raw_kernel]
fn count(x: &mut [u32]) {
    __syncthreads();
    atomic_inc(&x, 0, 1);
    let t = threadIdx();
}

fn main() {}
