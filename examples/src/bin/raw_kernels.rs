//! Raw kernels written in Rust (CuPy's `RawKernel`): a tiled matrix transpose through shared
//! memory with `sync_threads`, and a histogram counted with atomics. They run on the GPU when
//! there is one and, on any other machine, on the CPU backend's grid emulator (blocks in
//! parallel, the threads of a block as cooperating tasks). Each is checked against a plain loop.
//!
//! `cargo run --release -p examples --bin raw_kernels`

use std::time::Instant;

use examples::{histogram, transpose};
use kernels_std::prelude::*;

fn main() -> Result<()> {
    let dev = Device::try_default()?;
    println!("device: {dev}");

    let (rows, cols) = (1000usize, 1500usize);
    let data: Vec<f32> = (0..rows * cols).map(|i| i as f32).collect();
    let src = Array::from_vec(&dev, &[rows, cols], data.clone())?;
    let mut dst = Array::<f32>::zeros(&dev, &[cols, rows])?;
    let cfg = LaunchConfig::new(
        (cols.div_ceil(32) as u32, rows.div_ceil(32) as u32),
        (32, 8),
    );
    let t = Instant::now();
    transpose::launch(&cfg, &src, &mut dst, rows as u32, cols as u32)?;
    let got = dst.to_vec()?;
    let elapsed = t.elapsed();
    for r in 0..rows {
        for c in 0..cols {
            assert_eq!(got[c * rows + r], data[r * cols + c], "({r}, {c})");
        }
    }
    println!("transpose {rows}x{cols}: {elapsed:.2?}, checked against a loop");

    let n = 1 << 20;
    let values: Vec<u32> = (0..n as u32)
        .map(|i| i.wrapping_mul(2654435761) >> 7)
        .collect();
    let x = Array::from_vec(&dev, &[n], values.clone())?;
    let bins = 64;
    let mut hist = Array::<u32>::zeros(&dev, &[bins])?;
    let t = Instant::now();
    histogram::launch(&LaunchConfig::new(32, 256), &x, &mut hist)?;
    let counts = hist.to_vec()?;
    let elapsed = t.elapsed();
    let mut want = vec![0u32; bins];
    for v in &values {
        want[*v as usize % bins] += 1;
    }
    assert_eq!(counts, want);
    println!(
        "histogram of {n} values into {bins} bins: {elapsed:.2?}, checked against a loop; first bins {:?}",
        &counts[..4]
    );
    Ok(())
}
