//! Elementwise kernels on the CPU backend: saxpy and a fused three-input expression on 10^7 and
//! 10^8 f32, beside a STREAM-like copy of the same machine and NumPy running the same
//! expressions in the same run.
//!
//! `cargo bench -p kernels-std --bench elementwise` (criterion's figures, then a summary table
//! of medians, effective GB/s, the fraction of copy bandwidth and the ratio to NumPy).
//! `BENCH_SIZES=10000000` limits the sizes; NumPy is installed with pip when missing.

use std::time::{Duration, Instant};

use criterion::{black_box, Criterion, Throughput};
use kernels_std::prelude::*;
use rayon::prelude::*;

#[elementwise]
fn saxpy(a: f32, x: f32, y: f32) -> f32 {
    a * x + y
}

#[elementwise]
fn fused3(x: f32, y: f32, z: f32) -> f32 {
    x * y + y * z + z * x
}

fn sizes() -> Vec<usize> {
    std::env::var("BENCH_SIZES")
        .ok()
        .map(|s| s.split(',').filter_map(|v| v.trim().parse().ok()).collect())
        .unwrap_or_else(|| vec![10_000_000, 100_000_000])
}

fn input(n: usize, seed: u32) -> Array<f32> {
    let v: Vec<f32> = (0..n)
        .map(|i| ((i as u32).wrapping_mul(2654435761).wrapping_add(seed) >> 8) as f32 / 16777216.0)
        .collect();
    Array::from_vec(&Device::cpu(), &[n], v).expect("input")
}

/// The machine's copy bandwidth on all cores (STREAM's "copy": read + write).
fn parallel_copy(dst: &mut [f32], src: &[f32]) {
    dst.par_chunks_mut(1 << 16)
        .zip(src.par_chunks(1 << 16))
        .for_each(|(d, s)| d.copy_from_slice(s));
}

fn median(mut f: impl FnMut(), reps: usize) -> Duration {
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

fn criterion_benches(c: &mut Criterion) {
    for n in sizes() {
        let (x, y, z) = (input(n, 1), input(n, 2), input(n, 3));
        let mut out = Array::<f32>::zeros(&Device::cpu(), &[n]).unwrap();
        let mut g = c.benchmark_group(format!("elementwise/{n}"));
        g.sample_size(10);
        g.throughput(Throughput::Bytes((8 * n) as u64));
        let (xs, mut dst) = (x.to_vec().unwrap(), vec![0f32; n]);
        g.bench_function("copy", |b| b.iter(|| parallel_copy(&mut dst, &xs)));
        g.throughput(Throughput::Bytes((12 * n) as u64));
        g.bench_function("saxpy", |b| b.iter(|| saxpy(2.0, &x, &y).unwrap()));
        g.bench_function("saxpy_into", |b| {
            b.iter(|| saxpy::into(2.0, &x, &y, &mut out).unwrap())
        });
        g.throughput(Throughput::Bytes((16 * n) as u64));
        g.bench_function("fused3", |b| b.iter(|| fused3(&x, &y, &z).unwrap()));
        g.bench_function("fused3_into", |b| {
            b.iter(|| fused3::into(&x, &y, &z, &mut out).unwrap())
        });
        g.finish();
    }
    let small =
        Array::from_vec(&Device::cpu(), &[10], (0..10).map(|i| i as f32).collect()).unwrap();
    c.bench_function("elementwise/10/saxpy", |b| {
        b.iter(|| saxpy(2.0, black_box(&small), &small).unwrap())
    });
}

fn numpy_medians(sizes: &[usize]) -> Option<serde_like::Results> {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../scripts/bench_numpy.py");
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
    let out = std::process::Command::new("python3")
        .arg(script)
        .args(sizes.iter().map(|n| n.to_string()))
        .output()
        .ok()?;
    serde_like::parse(&String::from_utf8_lossy(&out.stdout))
}

/// A tiny reader for the flat JSON that bench_numpy.py prints (no serde in this workspace).
mod serde_like {
    pub struct Results {
        pub version: String,
        pub times: Vec<(String, f64)>,
    }

    pub fn parse(s: &str) -> Option<Results> {
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
        Some(Results { version, times })
    }

    impl Results {
        pub fn get(&self, key: &str) -> Option<f64> {
            self.times.iter().find(|(k, _)| k == key).map(|(_, v)| *v)
        }
    }
}

fn summary() {
    let sizes = sizes();
    let np = numpy_medians(&sizes);
    println!();
    println!(
        "summary (medians; GB/s = bytes read + written / time; numpy {})",
        np.as_ref()
            .map(|r| r.version.as_str())
            .unwrap_or("not available")
    );
    println!(
        "{:<22} {:>10} {:>9} {:>10} {:>10} {:>9}",
        "op", "ours", "GB/s", "% of copy", "numpy", "vs numpy"
    );
    for n in sizes {
        let (x, y, z) = (input(n, 1), input(n, 2), input(n, 3));
        let mut out = Array::<f32>::zeros(&Device::cpu(), &[n]).unwrap();
        let reps = if n > 10_000_000 { 5 } else { 11 };
        let (xs, mut dst) = (x.to_vec().unwrap(), vec![0f32; n]);
        let copy = median(|| parallel_copy(&mut dst, &xs), reps);
        let copy_gbs = 8.0 * n as f64 / copy.as_secs_f64() / 1e9;
        let rows: Vec<(&str, usize, Duration)> = vec![
            ("copy", 8, copy),
            (
                "saxpy",
                12,
                median(|| drop(saxpy(2.0, &x, &y).unwrap()), reps),
            ),
            (
                "saxpy_into",
                12,
                median(|| saxpy::into(2.0, &x, &y, &mut out).unwrap(), reps),
            ),
            (
                "fused3",
                16,
                median(|| drop(fused3(&x, &y, &z).unwrap()), reps),
            ),
            (
                "fused3_into",
                16,
                median(|| fused3::into(&x, &y, &z, &mut out).unwrap(), reps),
            ),
        ];
        for (name, bytes, t) in rows {
            let gbs = bytes as f64 * n as f64 / t.as_secs_f64() / 1e9;
            let key = format!("{}/{n}", name.trim_end_matches("_into"));
            let theirs = np.as_ref().and_then(|r| r.get(&key));
            println!(
                "{:<22} {:>8.2}ms {:>9.2} {:>9.0}% {:>10} {:>9}",
                format!("{name}/{n}"),
                t.as_secs_f64() * 1e3,
                gbs,
                100.0 * gbs / copy_gbs,
                theirs.map_or("-".into(), |s| format!("{:.2}ms", s * 1e3)),
                theirs.map_or("-".into(), |s| format!("{:.2}x", s / t.as_secs_f64())),
            );
        }
    }
    let small =
        Array::from_vec(&Device::cpu(), &[10], (0..10).map(|i| i as f32).collect()).unwrap();
    let t = median(
        || {
            for _ in 0..1000 {
                black_box(saxpy(2.0, black_box(&small), &small).unwrap());
            }
        },
        21,
    ) / 1000;
    let theirs = np.as_ref().and_then(|r| r.get("saxpy/10"));
    println!(
        "{:<22} {:>8.0}ns {:>9} {:>10} {:>10} {:>9}",
        "saxpy/10 (per call)",
        t.as_nanos(),
        "",
        "",
        theirs.map_or("-".into(), |s| format!("{:.0}ns", s * 1e9)),
        theirs.map_or("-".into(), |s| format!("{:.1}x", s / t.as_secs_f64())),
    );
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    criterion_benches(&mut c);
    c.final_summary();
    summary();
}
