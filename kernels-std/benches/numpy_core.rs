//! The NumPy core on the CPU backend beside NumPy in the same run (issue 5's figures): for
//! 10^7 f32 and f64 elements add, exp, sum, argmax, std, cumsum and sort; add on 10 elements
//! (host cost of a call); matmul of f32 matrices of 1024 and 2048. Memory-bound operations also
//! print GB/s against the machine's copy bandwidth on all cores, measured in the same run.
//!
//! `cargo bench -p kernels-std --bench numpy_core` (`BENCH_SIZES=1000000` changes the size).
//! Prints a table of medians; NumPy's side is `scripts/bench_numpy_core.py`.

use std::time::Duration;

use kernels_std::prelude::*;
use kernels_std::{linalg, math, reduce, scan, sort};
use rayon::prelude::*;

mod common;
use common::{lookup, median};

/// `n` deterministic values in [0, 1).
fn input<T: DType>(n: usize, seed: u32) -> Array<T> {
    let v = common::input_f32(n, seed);
    v.astype::<T>().expect("input")
}

/// The copy bandwidth of all cores (bytes read + written per second), as STREAM's copy.
fn copy_gbs(n: usize) -> f64 {
    let src = vec![1.0f32; n];
    let mut dst = vec![0.0f32; n];
    let t = median(
        || {
            dst.par_chunks_mut(1 << 16)
                .zip(src.par_chunks(1 << 16))
                .for_each(|(d, s)| d.copy_from_slice(s));
        },
        11,
    );
    8.0 * n as f64 / t.as_secs_f64() / 1e9
}

struct Row {
    key: String,
    time: Duration,
    /// Bytes moved (read + written) when memory-bound.
    bytes: Option<f64>,
}

macro_rules! bench_dtype {
    ($t:ty, $n:expr, $name:expr, $rows:expr) => {{
        let n: usize = $n;
        let a = input::<$t>(n, 1);
        let b = input::<$t>(n, 2);
        let sz = std::mem::size_of::<$t>() as f64 * n as f64;
        let rows: &mut Vec<Row> = $rows;
        let mut row = |op: &str, reps: usize, bytes: Option<f64>, f: &mut dyn FnMut()| {
            rows.push(Row {
                key: format!("{op}/{}/{n}", $name),
                time: median(f, reps),
                bytes,
            });
        };
        row("add", 11, Some(3.0 * sz), &mut || {
            drop(math::add(&a, &b).unwrap())
        });
        row("exp", 11, Some(2.0 * sz), &mut || {
            drop(math::exp(&a).unwrap())
        });
        row("sum", 11, Some(sz), &mut || {
            drop(reduce::sum(&a).run().unwrap())
        });
        row("argmax", 11, Some(sz), &mut || {
            drop(reduce::argmax(&a).run().unwrap())
        });
        row("std", 11, Some(sz), &mut || {
            drop(reduce::std(&a).run().unwrap())
        });
        row("cumsum", 11, Some(2.0 * sz), &mut || {
            drop(scan::cumsum(&a, None).unwrap())
        });
        row("sort", 5, None, &mut || {
            drop(sort::sort(&a, Some(-1)).unwrap())
        });
    }};
}

fn main() {
    let sizes = common::sizes(&[10_000_000]);
    let mut rows = Vec::new();
    for &n in &sizes {
        bench_dtype!(f32, n, "f32", &mut rows);
        bench_dtype!(f64, n, "f64", &mut rows);
    }
    let small = input::<f32>(10, 3);
    let t = median(
        || {
            for _ in 0..10_000 {
                drop(math::add(&small, &small).unwrap());
            }
        },
        5,
    );
    rows.push(Row {
        key: "add/f32/10".into(),
        time: t / 10_000,
        bytes: None,
    });
    for m in [1024, 2048] {
        let x = input::<f32>(m * m, 4).reshape(&[m, m]).unwrap();
        let y = input::<f32>(m * m, 5).reshape(&[m, m]).unwrap();
        rows.push(Row {
            key: format!("matmul/f32/{m}"),
            time: median(|| drop(linalg::matmul(&x, &y).unwrap()), 5),
            bytes: None,
        });
    }
    let copy = copy_gbs(sizes[0]);
    let args: Vec<String> = sizes.iter().map(|n| n.to_string()).collect();
    let np = common::numpy("bench_numpy_core.py", &args);
    println!(
        "numpy {}; copy bandwidth (all cores): {copy:.1} GB/s",
        np.as_ref().map_or("not available", |(v, _)| v.as_str())
    );
    println!(
        "{:<22} {:>11} {:>8} {:>9} {:>11} {:>9}",
        "op", "ours", "GB/s", "% copy", "numpy", "vs numpy"
    );
    for r in rows {
        let secs = r.time.as_secs_f64();
        let (gbs, pct) = match r.bytes {
            Some(b) => (
                format!("{:.1}", b / secs / 1e9),
                format!("{:.0}%", 100.0 * b / secs / 1e9 / copy),
            ),
            None => ("-".into(), "-".into()),
        };
        let theirs = lookup(&np, &r.key);
        let fmt = |s: f64| {
            if s < 1e-6 {
                format!("{:.0}ns", s * 1e9)
            } else if s < 1e-3 {
                format!("{:.0}us", s * 1e6)
            } else {
                format!("{:.2}ms", s * 1e3)
            }
        };
        println!(
            "{:<22} {:>11} {:>8} {:>9} {:>11} {:>9}",
            r.key,
            fmt(secs),
            gbs,
            pct,
            theirs.map_or("-".into(), fmt),
            theirs.map_or("-".into(), |t| format!("{:.2}x", t / secs)),
        );
    }
}
