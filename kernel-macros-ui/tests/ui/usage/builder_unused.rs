// A reduction's builder that is never run: `#[must_use]` names `.run()`.
#![deny(unused_must_use)]
use kernel_macros_ui::prelude::*;

#[reduction]
mod total {
    pub fn map(x: f32) -> f32 {
        x
    }
    pub fn combine(a: f32, b: f32) -> f32 {
        a + b
    }
}

fn main() -> Result<()> {
    let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![1.0f32, 2.0, 3.0, 4.0])?;
    total(&a).axis(1);
    Ok(())
}
