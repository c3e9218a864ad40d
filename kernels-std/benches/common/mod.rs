//! What the benchmarks share: sizes from `BENCH_SIZES`, deterministic inputs, medians, and the
//! flat JSON that the NumPy scripts of `scripts/` print.

#![allow(dead_code)] // each bench uses its own subset

use std::time::{Duration, Instant};

use kernels_std::prelude::*;

/// The sizes to run: `BENCH_SIZES` (comma-separated) or `default`.
pub fn sizes(default: &[usize]) -> Vec<usize> {
    std::env::var("BENCH_SIZES")
        .ok()
        .map(|s| s.split(',').filter_map(|v| v.trim().parse().ok()).collect())
        .unwrap_or_else(|| default.to_vec())
}

/// `n` deterministic f32 values in [0, 1) on the CPU.
pub fn input_f32(n: usize, seed: u32) -> Array<f32> {
    let v: Vec<f32> = (0..n)
        .map(|i| ((i as u32).wrapping_mul(2654435761).wrapping_add(seed) >> 8) as f32 / 16777216.0)
        .collect();
    Array::from_vec(&Device::cpu(), &[n], v).expect("input")
}

/// The median of `reps` timed runs after one warm-up.
pub fn median(mut f: impl FnMut(), reps: usize) -> Duration {
    f();
    let mut t: Vec<Duration> = (0..reps)
        .map(|_| {
            let s = Instant::now();
            f();
            s.elapsed()
        })
        .collect();
    t.sort();
    t[t.len() / 2]
}

/// The medians of `reps` runs of `f` and of `g`, alternated (`f`, `g`, `f`, `g`, ...) after one
/// warm-up of each, so that a drift of the machine (another process, the memory pool's state)
/// weighs on both alike: how two spellings of one computation are compared.
pub fn median_pair(mut f: impl FnMut(), mut g: impl FnMut(), reps: usize) -> (Duration, Duration) {
    f();
    g();
    let (mut tf, mut tg) = (Vec::with_capacity(reps), Vec::with_capacity(reps));
    for _ in 0..reps {
        let s = Instant::now();
        f();
        tf.push(s.elapsed());
        let s = Instant::now();
        g();
        tg.push(s.elapsed());
    }
    tf.sort();
    tg.sort();
    (tf[reps / 2], tg[reps / 2])
}

/// NumPy's medians from a script of `scripts/` printing
/// `{"numpy": version, "results": {"op/n": seconds}}`: (version, results). Installs NumPy with
/// pip when it is missing; `None` when that fails.
pub fn numpy(script: &str, args: &[String]) -> Option<(String, Vec<(String, f64)>)> {
    let has_numpy = std::process::Command::new("python3")
        .args(["-c", "import numpy"])
        .status()
        .map(|s| s.success())
        .unwrap_or(false);
    if !has_numpy {
        let _ = std::process::Command::new("python3")
            .args(["-m", "pip", "install", "--quiet", "numpy"])
            .status();
    }
    let path = format!("{}/../scripts/{script}", env!("CARGO_MANIFEST_DIR"));
    let out = std::process::Command::new("python3")
        .arg(path)
        .args(args)
        .output()
        .ok()?;
    let s = String::from_utf8_lossy(&out.stdout);
    let version = s
        .split("\"numpy\": \"")
        .nth(1)?
        .split('"')
        .next()?
        .to_string();
    let body = s.split("\"results\": {").nth(1)?.split('}').next()?;
    let times = body
        .split(',')
        .filter_map(|kv| {
            let mut it = kv.split(':');
            let k = it.next()?.trim().trim_matches('"').to_string();
            let v = it.next()?.trim().parse().ok()?;
            Some((k, v))
        })
        .collect();
    Some((version, times))
}

/// The time of `key` in NumPy's results.
pub fn lookup(np: &Option<(String, Vec<(String, f64)>)>, key: &str) -> Option<f64> {
    np.as_ref()
        .and_then(|(_, t)| t.iter().find(|(k, _)| k == key).map(|(_, v)| *v))
}

/// The power-law matrix of `n` rows whose row `r` holds `4 + top / (1 + (7919 r mod n))`
/// entries (`top <= n - 4`, so the columns of a row are distinct); the rest as
/// `power_law` of `benches/sparse.rs`.
pub fn power_law_top(n: usize, top: usize) -> (Vec<f64>, Vec<i32>, Vec<i32>) {
    let mut data = Vec::new();
    let mut indices = Vec::new();
    let mut indptr = Vec::with_capacity(n + 1);
    indptr.push(0i32);
    let mut cols = Vec::new();
    for r in 0..n {
        let len = 4 + top / (1 + (7919 * r) % n);
        cols.clear();
        cols.extend((0..len).map(|j| (131 * r + 9973 * j) % n));
        cols.sort_unstable();
        for &c in &cols {
            indices.push(c as i32);
            data.push((1 + (r + c) % 13) as f64);
        }
        indptr.push(i32::try_from(indices.len()).expect("nnz fits i32"));
    }
    (data, indices, indptr)
}
