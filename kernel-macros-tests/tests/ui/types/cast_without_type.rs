use kernels_std::prelude::*;

#[elementwise]
fn widen(x: f16) -> f32 {
    x.cast()
}

fn main() {}
