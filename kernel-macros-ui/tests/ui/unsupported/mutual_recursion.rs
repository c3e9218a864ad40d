use kernel_macros_ui::prelude::*;

// `even` and `odd` call each other (each macro sees only its own function: the cycle is found
// by rustc through the device functions' statics).
#[device_fn]
fn even(n: u32) -> bool {
    if n == 0 {
        true
    } else {
        odd(n - 1)
    }
}

#[device_fn]
fn odd(n: u32) -> bool {
    if n == 0 {
        false
    } else {
        even(n - 1)
    }
}

// Itself, through a path the macro cannot tell from another function's.
#[device_fn]
fn countdown(n: u32) -> u32 {
    if n == 0 {
        0
    } else {
        self::countdown(n - 1)
    }
}

#[elementwise]
fn parity(n: u32) -> bool {
    even(n)
}

fn main() {}
