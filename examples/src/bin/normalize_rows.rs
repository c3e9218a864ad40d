//! L2-normalising the rows of a 100000 x 1000 f32 matrix that lives on the host, streamed
//! through the device in chunks of 5000 rows (host -> device, norms and division there,
//! device -> host), as CuPy users do for data larger than the GPU's memory. Each chunk is two
//! kernels: the `l2norm` reduction over axis 1 and the `divide_by_norm` elementwise kernel,
//! which broadcasts the `[rows, 1]` norms across each row.
//!
//! `cargo run --release -p examples --bin normalize_rows` (`ROWS=20000` for a smaller matrix,
//! `CHUNK=1000` for smaller chunks; `KERNELS_DEVICE=cpu` forces the CPU).

use std::time::Instant;

use examples::{divide_by_norm, l2norm};
use kernels_std::prelude::*;

const COLS: usize = 1000;

fn env_usize(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(default)
}

/// Row `r` of the host matrix: deterministic values in [-1, 1), row 7 all zeros.
fn fill_row(r: usize, row: &mut [f32]) {
    for (c, v) in row.iter_mut().enumerate() {
        let h = ((r * COLS + c) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40;
        *v = if r == 7 {
            0.0
        } else {
            h as f32 / (1u64 << 23) as f32 - 1.0
        };
    }
}

fn main() -> Result<()> {
    let dev = Device::try_default()?;
    let rows = env_usize("ROWS", 100_000);
    let chunk = env_usize("CHUNK", 5_000).max(1);
    println!("device: {dev}; {rows} x {COLS} f32 rows normalised in chunks of {chunk} rows");

    let mut host_in = vec![0f32; rows * COLS];
    for (r, row) in host_in.chunks_mut(COLS).enumerate() {
        fill_row(r, row);
    }
    let mut host_out = vec![0f32; rows * COLS];

    let start = Instant::now();
    for first in (0..rows).step_by(chunk) {
        let n = chunk.min(rows - first);
        let span = first * COLS..(first + n) * COLS;
        let x = Array::from_slice(&dev, &[n, COLS], &host_in[span.clone()])?; // host -> device
        let norms = l2norm(&x).axis(1).keepdims(true).run()?; // [n, 1]
        let y = divide_by_norm(&x, &norms)?; // [n, COLS]
        host_out[span].copy_from_slice(&y.to_vec()?); // device -> host
    }
    let secs = start.elapsed().as_secs_f64();
    let bytes = 2.0 * (rows * COLS * 4) as f64;
    println!(
        "{:.1} ms, {:.2} GB/s of host data in and out",
        secs * 1e3,
        bytes / secs / 1e9
    );

    // Check every 997th row against a plain loop: unit norm, the same direction.
    let mut worst = 0f64;
    for r in (0..rows).step_by(997).chain([7, rows - 1]) {
        let (xin, xout) = (
            &host_in[r * COLS..(r + 1) * COLS],
            &host_out[r * COLS..(r + 1) * COLS],
        );
        let norm = xin
            .iter()
            .map(|&v| f64::from(v) * f64::from(v))
            .sum::<f64>()
            .sqrt();
        for (a, b) in xin.iter().zip(xout) {
            let want = if norm > 0.0 {
                f64::from(*a) / norm
            } else {
                0.0
            };
            worst = worst.max((f64::from(*b) - want).abs());
        }
    }
    println!("largest difference from a plain f64 loop on the checked rows: {worst:.2e}");
    if worst > 1e-6 {
        return Err(Error::invalid(format!(
            "normalised rows differ from the loop by {worst:e}"
        )));
    }
    println!("ok");
    Ok(())
}
