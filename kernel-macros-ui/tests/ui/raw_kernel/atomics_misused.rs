#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

#[raw_kernel]
fn atomics(counts: &[u32], sums: &mut [f32], flags: &mut [bool]) {
    atomic_add(&counts, 0, 1);
    atomic_sub(&sums, 0, 1.0);
    atomic_or(&flags, 0, true);
    let s = sums;
    atomic_add(&s, 0, 1.0);
}

fn main() {}
