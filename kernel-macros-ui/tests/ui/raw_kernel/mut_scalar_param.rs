#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

#[raw_kernel]
fn bump(x: &mut f32, y: &f32) {
    let _ = thread_idx();
}

fn main() {}
