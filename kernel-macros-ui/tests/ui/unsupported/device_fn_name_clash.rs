use kernel_macros_ui::prelude::*;

// Two device functions named `scale`, in two modules, with different bodies: one kernel
// calling both would define `scale` twice in its CUDA C.
mod float {
    use kernel_macros_ui::prelude::*;

    #[device_fn]
    pub fn scale(x: f32) -> f32 {
        x * 2.0
    }
}

mod int {
    use kernel_macros_ui::prelude::*;

    #[device_fn]
    pub fn scale(x: f32) -> f32 {
        x * 3.0
    }
}

#[elementwise]
fn both_scales(x: f32) -> f32 {
    float::scale(x) + int::scale(x)
}

// One of them alone, or each in its own kernel, is fine.
#[elementwise]
fn one_scale(x: f32) -> f32 {
    float::scale(x) + float::scale(x)
}

fn main() {}
