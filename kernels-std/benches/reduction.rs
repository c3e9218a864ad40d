//! Reductions on the CPU backend: sum, max (kernels written here, as a user would) and
//! `kernels_std::reduce::argmax` of 10^7 and 10^8 f32 as a fraction of the machine's read bandwidth on all cores,
//! and axis-0/axis-1 sums of a 4096x4096 array, beside NumPy in the same run.
//!
//! `cargo bench -p kernels-std --bench reduction` (`BENCH_SIZES=10000000` limits the sizes).

use std::time::Duration;

use criterion::{black_box, Criterion, Throughput};
use kernels_std::prelude::*;
use rayon::prelude::*;

mod common;
use common::{lookup, median};

#[reduction]
mod sum_f32 {
    pub fn map(x: f32) -> f32 {
        x
    }
    pub fn combine(a: f32, b: f32) -> f32 {
        a + b
    }
    pub fn identity() -> f32 {
        0.0
    }
}

/// NumPy's max: NaN propagates, no identity.
#[reduction]
mod max_f32 {
    pub fn map(x: f32) -> f32 {
        x
    }
    #[allow(clippy::eq_op)]
    pub fn combine(a: f32, b: f32) -> f32 {
        if a != a || a > b {
            a
        } else {
            b
        }
    }
}

fn sizes() -> Vec<usize> {
    common::sizes(&[10_000_000, 100_000_000])
}

fn input(n: usize, seed: u32) -> Array<f32> {
    common::input_f32(n, seed)
}

/// The machine's read bandwidth on all cores: a parallel pass that reads every word once.
fn parallel_read(v: &[f32]) -> u32 {
    // Sixteen independent integer lanes per chunk: a loop LLVM vectorizes, so the pass is
    // bound by memory, not by a dependency chain.
    v.par_chunks(1 << 16)
        .map(|c| {
            let mut lanes = [0u32; 16];
            let mut it = c.chunks_exact(16);
            for w in &mut it {
                for (l, x) in lanes.iter_mut().zip(w) {
                    *l = l.wrapping_add(x.to_bits());
                }
            }
            let tail = it
                .remainder()
                .iter()
                .fold(0u32, |a, x| a.wrapping_add(x.to_bits()));
            lanes.iter().fold(tail, |a, l| a.wrapping_add(*l))
        })
        .reduce(|| 0, u32::wrapping_add)
}

fn criterion_benches(c: &mut Criterion) {
    for n in sizes() {
        let x = input(n, 1);
        let xs = x.to_vec().unwrap();
        let mut g = c.benchmark_group(format!("reduction/{n}"));
        g.sample_size(10);
        g.throughput(Throughput::Bytes((4 * n) as u64));
        g.bench_function("read", |b| b.iter(|| black_box(parallel_read(&xs))));
        g.bench_function("sum", |b| b.iter(|| sum_f32(&x).run().unwrap()));
        g.bench_function("max", |b| b.iter(|| max_f32(&x).run().unwrap()));
        g.bench_function("argmax", |b| {
            b.iter(|| kernels_std::reduce::argmax(&x).run().unwrap())
        });
        g.finish();
    }
    let m = input(4096 * 4096, 2).reshape(&[4096, 4096]).unwrap();
    let mut g = c.benchmark_group("reduction/4096x4096");
    g.sample_size(10);
    g.throughput(Throughput::Bytes(4 * 4096 * 4096));
    g.bench_function("sum_axis0", |b| {
        b.iter(|| sum_f32(&m).axis(0).run().unwrap())
    });
    g.bench_function("sum_axis1", |b| {
        b.iter(|| sum_f32(&m).axis(1).run().unwrap())
    });
    g.finish();
}

fn summary() {
    let sizes = sizes();
    let args: Vec<String> = sizes.iter().map(|n| n.to_string()).collect();
    let np = common::numpy("bench_numpy_reduce.py", &args);
    let theirs = |k: &str| lookup(&np, k);
    println!();
    println!(
        "summary (medians; GB/s = bytes read / time; numpy {})",
        np.as_ref().map_or("not available", |(v, _)| v.as_str())
    );
    println!(
        "{:<26} {:>10} {:>9} {:>10} {:>10} {:>9}",
        "op", "ours", "GB/s", "% of read", "numpy", "vs numpy"
    );
    let row = |name: String, t: Duration, bytes: f64, read_gbs: f64, key: &str| {
        let gbs = bytes / t.as_secs_f64() / 1e9;
        let np = theirs(key);
        println!(
            "{:<26} {:>8.2}ms {:>9.2} {:>9.0}% {:>10} {:>9}",
            name,
            t.as_secs_f64() * 1e3,
            gbs,
            100.0 * gbs / read_gbs,
            np.map_or("-".into(), |s| format!("{:.2}ms", s * 1e3)),
            np.map_or("-".into(), |s| format!("{:.2}x", s / t.as_secs_f64())),
        );
    };
    let mut read_gbs = 0.0;
    for n in sizes {
        let x = input(n, 1);
        let xs = x.to_vec().unwrap();
        let reps = if n > 10_000_000 { 5 } else { 11 };
        let bytes = 4.0 * n as f64;
        let read = median(
            || {
                black_box(parallel_read(&xs));
            },
            reps,
        );
        read_gbs = bytes / read.as_secs_f64() / 1e9;
        row(format!("read/{n}"), read, bytes, read_gbs, "");
        let t = median(|| drop(sum_f32(&x).run().unwrap()), reps);
        row(format!("sum/{n}"), t, bytes, read_gbs, &format!("sum/{n}"));
        let t = median(|| drop(max_f32(&x).run().unwrap()), reps);
        row(format!("max/{n}"), t, bytes, read_gbs, &format!("max/{n}"));
        let t = median(
            || drop(kernels_std::reduce::argmax(&x).run().unwrap()),
            reps,
        );
        row(
            format!("argmax/{n}"),
            t,
            bytes,
            read_gbs,
            &format!("argmax/{n}"),
        );
    }
    let m = input(4096 * 4096, 2).reshape(&[4096, 4096]).unwrap();
    let bytes = 4.0 * 4096.0 * 4096.0;
    for (axis, key) in [(0, "sum_axis0/4096x4096"), (1, "sum_axis1/4096x4096")] {
        let t = median(|| drop(sum_f32(&m).axis(axis).run().unwrap()), 11);
        row(key.to_string(), t, bytes, read_gbs, key);
    }
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    criterion_benches(&mut c);
    c.final_summary();
    summary();
}
