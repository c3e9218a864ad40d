//! A large matrix product, timed: two 4096 x 4096 f32 matrices on the CPU backend
//! (`matrixmultiply`, all cores), 10000 x 10000 on a GPU (cuBLAS).
//!
//! `cargo run --release -p examples --bin matmul` (`KERNELS_DEVICE=cpu` forces the CPU;
//! `MATMUL_N=2048` changes the size; `MATMUL_REPS=5` the number of timed runs).

use std::time::Instant;

use kernels_std::linalg::matmul;
use kernels_std::prelude::*;

fn env_usize(name: &str) -> Option<usize> {
    std::env::var(name).ok().and_then(|v| v.trim().parse().ok())
}

/// Deterministic values in [-0.5, 0.5).
fn values(n: usize, seed: u64) -> Vec<f32> {
    (0..n)
        .map(|i| {
            let h = (i as u64 ^ seed).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40;
            h as f32 / (1u64 << 24) as f32 - 0.5
        })
        .collect()
}

fn main() -> Result<()> {
    let dev = Device::try_default()?;
    let n = env_usize("MATMUL_N").unwrap_or(if dev.is_cuda() { 10_000 } else { 4096 });
    let reps = env_usize("MATMUL_REPS").unwrap_or(3).max(1);
    println!("device: {dev}");
    println!("matmul of two {n} x {n} f32 matrices, {reps} timed runs");

    let (av, bv) = (values(n * n, 1), values(n * n, 2));
    let a = Array::from_slice(&dev, &[n, n], &av)?;
    let b = Array::from_slice(&dev, &[n, n], &bv)?;

    // The first call loads cuBLAS / starts the threads; not timed.
    let mut c = matmul(&a, &b)?;
    dev.synchronize()?;
    let flops = 2.0 * (n as f64).powi(3);
    let mut best = f64::INFINITY;
    for run in 1..=reps {
        let t = Instant::now();
        c = matmul(&a, &b)?;
        dev.synchronize()?;
        let s = t.elapsed().as_secs_f64();
        best = best.min(s);
        println!(
            "  run {run}: {:8.2} ms  {:8.1} GFLOP/s",
            s * 1e3,
            flops / s / 1e9
        );
    }
    println!(
        "best: {:.2} ms, {:.1} GFLOP/s",
        best * 1e3,
        flops / best / 1e9
    );

    // Check two elements against a dot product in f64 on the host.
    let host = c.to_vec()?;
    for (i, j) in [(0, 0), (n - 1, n / 2)] {
        let want: f64 = (0..n)
            .map(|k| f64::from(av[i * n + k]) * f64::from(bv[k * n + j]))
            .sum();
        let got = f64::from(host[i * n + j]);
        let err = (got - want).abs() / want.abs().max(1.0);
        println!("c[{i}, {j}] = {got:.5} (f64 reference {want:.5}, relative error {err:.1e})");
        if err > 1e-3 {
            return Err(Error::invalid(format!("c[{i}, {j}] is off by {err:.1e}")));
        }
    }
    Ok(())
}
