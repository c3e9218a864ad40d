use kernel_macros_ui::prelude::*;

#[elementwise]
fn widen(x: f16) -> f32 {
    x.cast()
}

fn main() {}
