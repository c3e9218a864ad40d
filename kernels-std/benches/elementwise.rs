//! Elementwise kernels on the CPU backend: saxpy and a fused three-input expression on 10^7 and
//! 10^8 f32, beside a STREAM-like copy of the same machine and NumPy running the same
//! expressions in the same run.
//!
//! `cargo bench -p kernels-std --bench elementwise` (criterion's figures, then a summary table
//! of medians, effective GB/s, the fraction of copy bandwidth and the ratio to NumPy).
//! `BENCH_SIZES=10000000` limits the sizes; NumPy is installed with pip when missing.

use std::time::Duration;

use criterion::{black_box, Criterion, Throughput};
use kernels_std::prelude::*;
use rayon::prelude::*;

mod common;
use common::{lookup, median};

#[elementwise]
fn saxpy(a: f32, x: f32, y: f32) -> f32 {
    a * x + y
}

#[elementwise]
fn fused3(x: f32, y: f32, z: f32) -> f32 {
    x * y + y * z + z * x
}

fn sizes() -> Vec<usize> {
    common::sizes(&[10_000_000, 100_000_000])
}

fn input(n: usize, seed: u32) -> Array<f32> {
    common::input_f32(n, seed)
}

/// The machine's copy bandwidth on all cores (STREAM's "copy": read + write).
fn parallel_copy(dst: &mut [f32], src: &[f32]) {
    dst.par_chunks_mut(1 << 16)
        .zip(src.par_chunks(1 << 16))
        .for_each(|(d, s)| d.copy_from_slice(s));
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

fn summary() {
    let sizes = sizes();
    let args: Vec<String> = sizes.iter().map(|n| n.to_string()).collect();
    let np = common::numpy("bench_numpy.py", &args);
    println!();
    println!(
        "summary (medians; GB/s = bytes read + written / time; numpy {})",
        np.as_ref().map_or("not available", |(v, _)| v.as_str())
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
            let theirs = lookup(&np, &key);
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
    let theirs = lookup(&np, "saxpy/10");
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
