#![allow(dead_code)]
use kernel_macros_ui::prelude::*;

#[elementwise]
fn early(x: f32) -> f32 {
    let y = 'b: {
        if x > 0.0 {
            break 'b 1.0;
        }
        x
    };
    y
}

fn main() {}
