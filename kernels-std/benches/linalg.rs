//! Matrix products on the CPU backend: `matmul` of square f32 and f64 matrices (1024 and 2048),
//! beside NumPy's `a @ b` (OpenBLAS) timed in the same run, one case after the other.
//!
//! `cargo bench -p kernels-std --bench linalg` prints criterion's figures, then a table of
//! GFLOP/s (2 n^3 / time) and the ratio to NumPy. `BENCH_SIZES=1024` limits the sizes;
//! `BENCH_PYTHON` names the Python with NumPy (default `python3`; NumPy's column is `-` when
//! it cannot be imported). The table gives the best of `BENCH_REPS` runs (default 7) of each
//! side, since on a shared machine other work only ever adds time; medians beside.

use std::process::Command;
use std::time::{Duration, Instant};

use criterion::{black_box, Criterion, Throughput};
use kernels_std::linalg::{matmul, LinalgScalar};
use kernels_std::prelude::*;

fn sizes() -> Vec<usize> {
    std::env::var("BENCH_SIZES")
        .ok()
        .map(|s| s.split(',').filter_map(|v| v.trim().parse().ok()).collect())
        .unwrap_or_else(|| vec![1024, 2048])
}

fn reps() -> usize {
    std::env::var("BENCH_REPS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(7)
}

fn input<T: LinalgScalar>(n: usize, seed: u64, conv: fn(f64) -> T) -> Array<T> {
    let v: Vec<T> = (0..n * n)
        .map(|i| {
            let h = (i as u64 ^ seed).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40;
            conv(h as f64 / (1u64 << 24) as f64)
        })
        .collect();
    Array::from_vec(&Device::cpu(), &[n, n], v).expect("input")
}

/// (best, median) of `reps` timed runs after one warm-up.
fn time(mut f: impl FnMut(), reps: usize) -> (Duration, Duration) {
    f();
    let mut t: Vec<Duration> = (0..reps)
        .map(|_| {
            let s = Instant::now();
            f();
            s.elapsed()
        })
        .collect();
    t.sort();
    (t[0], t[t.len() / 2])
}

const NUMPY: &str = r#"
import sys, time
import numpy as np
n, dt, reps = int(sys.argv[1]), sys.argv[2], int(sys.argv[3])
rng = np.random.default_rng(0)
a = rng.random((n, n)).astype(dt)
b = rng.random((n, n)).astype(dt)
a @ b
ts = []
for _ in range(reps):
    t = time.perf_counter()
    a @ b
    ts.append(time.perf_counter() - t)
ts.sort()
print(ts[0], ts[len(ts) // 2], np.__version__)
"#;

/// NumPy's (best, median, version) for `a @ b` of `n x n` `dtype`.
fn numpy(n: usize, dtype: &str, reps: usize) -> Option<(f64, f64, String)> {
    let python = std::env::var("BENCH_PYTHON").unwrap_or_else(|_| "python3".into());
    let out = Command::new(python)
        .args(["-c", NUMPY, &n.to_string(), dtype, &reps.to_string()])
        .output()
        .ok()?;
    let s = String::from_utf8_lossy(&out.stdout);
    let mut it = s.split_whitespace();
    Some((
        it.next()?.parse().ok()?,
        it.next()?.parse().ok()?,
        it.next()?.to_string(),
    ))
}

fn criterion_benches(c: &mut Criterion) {
    for n in sizes() {
        let mut g = c.benchmark_group(format!("matmul/{n}"));
        g.sample_size(10);
        g.throughput(Throughput::Elements((2 * n * n * n) as u64));
        let (a, b) = (input(n, 1, |x| x as f32), input(n, 2, |x| x as f32));
        g.bench_function("f32", |bch| bch.iter(|| matmul(black_box(&a), &b).unwrap()));
        let (a, b) = (input(n, 1, |x| x), input(n, 2, |x| x));
        g.bench_function("f64", |bch| bch.iter(|| matmul(black_box(&a), &b).unwrap()));
        g.finish();
    }
}

fn row<T: LinalgScalar>(n: usize, dtype: &str, conv: fn(f64) -> T, reps: usize) {
    let (a, b) = (input(n, 1, conv), input(n, 2, conv));
    let (best, med) = time(|| drop(matmul(&a, &b).unwrap()), reps);
    let flops = 2.0 * (n as f64).powi(3);
    let gf = |t: f64| flops / t / 1e9;
    let theirs = numpy(n, dtype, reps);
    let cell = |x: Option<f64>| x.map_or("-".to_string(), |v| format!("{v:.1}"));
    println!(
        "{:<16} {:>10.1} {:>10.1} {:>12} {:>12} {:>9}",
        format!("{dtype} {n}x{n}"),
        gf(best.as_secs_f64()),
        gf(med.as_secs_f64()),
        cell(theirs.as_ref().map(|t| gf(t.0))),
        cell(theirs.as_ref().map(|t| gf(t.1))),
        theirs.as_ref().map_or("-".to_string(), |t| format!(
            "{:.0}%",
            100.0 * t.0 / best.as_secs_f64()
        )),
    );
}

fn summary() {
    let reps = reps();
    let version = numpy(64, "float32", 1).map(|t| t.2);
    println!();
    println!(
        "matmul on the CPU backend, GFLOP/s = 2 n^3 / time (best and median of {reps}); numpy {}",
        version.as_deref().unwrap_or("not available")
    );
    println!(
        "{:<16} {:>10} {:>10} {:>12} {:>12} {:>9}",
        "case", "ours best", "ours med", "numpy best", "numpy med", "ours/np"
    );
    for n in sizes() {
        row(n, "float32", |x| x as f32, reps);
        row(n, "float64", |x| x, reps);
    }
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    criterion_benches(&mut c);
    c.final_summary();
    summary();
}
