//! The first program to run: elementwise kernels and a reduction written in Rust, run on the GPU
//! when there is one and on the CPU backend otherwise.
//!
//! `cargo run --release -p examples --bin quickstart`

use examples::{l2norm, leaky_relu, polar_to_xy, saxpy};
use kernels_std::prelude::*;

fn main() -> Result<()> {
    let dev = Device::try_default()?;
    println!("device: {dev}");

    let n = 1_000_000;
    let x = Array::from_vec(&dev, &[n], (0..n).map(|i| i as f32 / n as f32).collect())?;
    let y = Array::full(&dev, &[n], 1.0f32)?;
    let z = saxpy(2.0, &x, &y)?; // the scalar broadcasts
    let zs = z.to_vec()?;
    println!("saxpy: z[0] = {}, z[n-1] = {:.6}", zs[0], zs[n - 1]);

    // Broadcasting: a column against a row gives a matrix.
    let col = Array::from_vec(&dev, &[3, 1], vec![-1.0f32, 0.5, 2.0])?;
    let row = Array::from_vec(&dev, &[1, 4], vec![1.0f32, 2.0, 3.0, 4.0])?;
    let m = leaky_relu(&saxpy(1.0, &col, &row)?)?;
    println!(
        "leaky_relu(col + row), shape {:?}: {:?}",
        m.shape(),
        m.to_vec()?
    );

    // Views are free: a reversed, transposed view goes straight into a kernel.
    let r = Array::from_vec(&dev, &[2, 2], vec![1.0f64, 2.0, 3.0, 4.0])?;
    let theta = Array::from_vec(&dev, &[2], vec![0.0f64, std::f64::consts::FRAC_PI_2])?;
    let (px, py) = polar_to_xy(r.t(), &theta)?;
    println!(
        "polar_to_xy: x = {:.3?}, y = {:.3?}",
        px.to_vec()?,
        py.to_vec()?
    );

    // A reduction over any axes, like cupy.ReductionKernel: the L2 norm of each row.
    let rows = Array::from_vec(&dev, &[2, 2], vec![3.0f32, 4.0, 6.0, 8.0])?;
    let norms = l2norm(&rows).axis(1).keepdims(true).run()?;
    println!(
        "l2norm of rows, shape {:?}: {:?}",
        norms.shape(),
        norms.to_vec()?
    );

    // The generated CUDA C of a kernel can be read on any machine.
    let src = saxpy::cuda_source();
    println!("saxpy's CUDA C: {} lines", src.lines().count());
    Ok(())
}
