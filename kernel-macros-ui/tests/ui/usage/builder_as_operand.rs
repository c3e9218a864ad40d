// A reduction's builder passed where an array is expected: the builder does nothing until
// `.run()?`, and the error says so.
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

#[elementwise]
fn halve(x: f32) -> f32 {
    x * 0.5
}

fn main() -> Result<()> {
    let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![1.0f32, 2.0, 3.0, 4.0])?;
    let rows = total(&a).axis(1);
    let _half = halve(rows)?;
    Ok(())
}
