//! Reductions written as Rust modules, run on the GPU when there is one and on the CPU backend
//! otherwise, each checked against a plain loop: the L2 norm of `cupy.ReductionKernel`'s
//! documentation and a row-wise argmax.
//!
//! `cargo run --release -p examples --bin reductions`

use examples::{argmax, l2norm};
use kernels_std::prelude::*;

fn main() -> Result<()> {
    let dev = Device::try_default()?;
    println!("device: {dev}");
    let (rows, cols) = (1000, 4096);
    let data: Vec<f32> = (0..rows * cols)
        .map(|i| ((i as u32).wrapping_mul(2654435761) >> 8) as f32 / 16777216.0 - 0.5)
        .collect();
    let x = Array::from_vec(&dev, &[rows, cols], data.clone())?;

    // The L2 norm of each row, kept as a column (keepdims), like CuPy's example.
    let norms = l2norm(&x).axis(1).keepdims(true).run()?;
    let got = norms.to_vec()?;
    for (r, g) in got.iter().enumerate() {
        let row = &data[r * cols..(r + 1) * cols];
        let expect = row
            .iter()
            .map(|v| (*v as f64) * (*v as f64))
            .sum::<f64>()
            .sqrt();
        assert!(
            (*g as f64 - expect).abs() <= 1e-5 * expect,
            "row {r}: {g} vs {expect}"
        );
    }
    println!(
        "l2norm: shape {:?}, first rows {:.4?}",
        norms.shape(),
        &got[..3]
    );

    // The position of each row's maximum.
    let idx = argmax(&x).axis(1).run()?.to_vec()?;
    for (r, &i) in idx.iter().enumerate() {
        let row = &data[r * cols..(r + 1) * cols];
        let mut best = 0;
        for (j, v) in row.iter().enumerate() {
            if *v > row[best] {
                best = j;
            }
        }
        assert_eq!(i as usize, best, "row {r}");
    }
    println!(
        "argmax of rows: first {:?} (checked against a loop)",
        &idx[..5]
    );
    Ok(())
}
