use kernel_macros_ui::prelude::*;

// Each function alone is within the 256 KiB a thread may hold; a kernel with its own 160 KB
// calling a device function with 160 KB is not (checked by rustc through the device
// functions' statics).
#[device_fn]
fn scratch(x: f64, i: u32) -> f64 {
    let t = [x; 20000];
    t[(i % 20000) as usize]
}

#[elementwise]
fn two_scratches(x: f64, i: u32) -> f64 {
    let t = [x; 20000];
    t[(i % 20000) as usize] + scratch(x, i)
}

fn main() {}
