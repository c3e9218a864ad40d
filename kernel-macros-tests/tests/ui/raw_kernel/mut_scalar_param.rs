#![allow(dead_code)]
use kernels_std::prelude::*;

#[raw_kernel]
fn bump(x: &mut f32, y: &f32) {
    let _ = thread_idx();
}

fn main() {}
