#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

#[raw_kernel]
fn shared_misused(x: &mut [f32]) {
    let (a, b) = (shared_array::<f32, 32>(), 1);
    let y = dyn_shared::<f32>()[0];
    x[0] = y;
}

fn main() {}
