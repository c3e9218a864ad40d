#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

#[reduction]
mod total {
    pub fn map<T: Num>(x: T) -> T {
        x
    }
    pub fn combine<T: Float>(a: T, b: T) -> T {
        a + b
    }
}

fn main() {}
