//! Sparse products on the CPU backend beside SciPy in the same run: SpMV (`a @ x`) of the
//! 2-d Poisson matrix (the 5-point Laplacian) of a `k x k` grid, `f64` values and `i32`
//! indices, CSR; `k = 1415` by default, about 10^7 stored values (`BENCH_SIZES` sets `k`).
//!
//! Then SpGEMM (`a @ a`, CSR times CSR) of the same matrix for a smaller grid, `k = 300` by
//! default (`BENCH_SPGEMM_SIZES`): 4.5e5 stored values, 2.2e6 products, 1.2e6 in the result.
//!
//! Then `sparse::linalg::cg` on the same matrix of a `k x k` grid to `rtol = 1e-8`, `b = x`:
//! `k = 1000` by default (`BENCH_CG_SIZES`; 10^6 unknowns, about 1900 iterations), the median
//! of `CG_REPS` solves (default 1: one solve takes minutes on a 2-core machine), beside SciPy's
//! `cg` on the same system; criterion times the solve of a `100 x 100` grid
//! (`BENCH_CG_CRITERION`).
//!
//! Then SpGEMM (`a @ a`) of a power-law matrix of `BENCH_SPGEMM_POWERLAW` rows (default
//! 200000, 0 skips it): as the SpMV one below, with `n / 10` in place of 500000 (rows of 4 to
//! `n / 10 + 4` entries, about 5 products per entry).
//!
//! Then SpMV of a power-law matrix (`BENCH_POWERLAW_ROWS` rows and columns, default 10^6,
//! 0 skips it): row `r` holds `4 + 500000 / (1 + (7919 r mod n))` entries (integer division),
//! so most rows hold 4 to 6 entries and a few hold up to 500004; about 1.1e7 in all, columns
//! `(131 r + 9973 j) mod n` for the row's `j`-th entry, sorted; values `1 + (r + c) mod 13`.
//!
//! Then COO to CSR (`tocsr`, duplicates summed) of `BENCH_COO` triplets (default 10^7, 0
//! skips it) of a `10^6 x 10^6` matrix: triplet `t` at row `7919 t mod 10^6`, column
//! `(104729 t + t / 3) mod 10^6`, value `1 + t mod 7`.
//!
//! `cargo bench -p kernels-std --no-default-features --bench sparse`. Criterion's figures,
//! then a table of medians beside SciPy's (`scripts/bench_scipy_sparse.py` builds the same
//! matrix and vector: `x[i] = ((37 i) mod 101) / 7`). SpMV rows also print the effective
//! bandwidth of both sides (the bytes an SpMV must move at least, over its time).

use criterion::{black_box, Criterion, Throughput};
use kernels_std::prelude::*;
use kernels_std::sparse::linalg::cg;
use kernels_std::sparse::{CooArray, CsrArray};

mod common;
use common::{lookup, median, power_law_top};

/// The bytes one SpMV of `nnz` stored `f64` values with `i32` indices over `n` rows and
/// columns must move at least: values and column indices, the row pointers, `x` and `y`
/// (each once). Divided by the time, the effective bandwidth beside the machine's read
/// bandwidth (19 GB/s with two threads measured on this project's 2-core machine).
fn spmv_bytes(nnz: usize, n: usize) -> usize {
    nnz * (8 + 4) + (n + 1) * 4 + 2 * n * 8
}

/// The CSR arrays of the 5-point Laplacian of a `k x k` grid, rows in order, columns sorted.
fn poisson(k: usize) -> (Vec<f64>, Vec<i32>, Vec<i32>) {
    let n = k * k;
    let mut data = Vec::with_capacity(5 * n);
    let mut indices = Vec::with_capacity(5 * n);
    let mut indptr = Vec::with_capacity(n + 1);
    indptr.push(0i32);
    for r in 0..n {
        let (i, j) = (r / k, r % k);
        let mut push = |c: usize, v: f64| {
            indices.push(c as i32);
            data.push(v);
        };
        if i > 0 {
            push(r - k, -1.0);
        }
        if j > 0 {
            push(r - 1, -1.0);
        }
        push(r, 4.0);
        if j + 1 < k {
            push(r + 1, -1.0);
        }
        if i + 1 < k {
            push(r + k, -1.0);
        }
        indptr.push(indices.len() as i32);
    }
    (data, indices, indptr)
}

/// The Poisson matrix of a `k x k` grid and `b[i] = ((37 i) mod 101) / 7`, on `dev`.
fn poisson_system(dev: &Device, k: usize) -> (CsrArray<f64>, Array<f64>) {
    let (data, indices, indptr) = poisson(k);
    let (nnz, n) = (data.len(), k * k);
    let a = CsrArray::new(
        &Array::from_vec(dev, &[nnz], data).expect("data"),
        &Array::from_vec(dev, &[nnz], indices).expect("indices"),
        &Array::from_vec(dev, &[n + 1], indptr).expect("indptr"),
        [n, n],
    )
    .expect("poisson");
    let b: Vec<f64> = (0..n).map(|i| ((i * 37) % 101) as f64 / 7.0).collect();
    (a, Array::from_vec(dev, &[n], b).expect("b"))
}

/// The CSR arrays of the power-law matrix of `n` rows (see the module's docs).
fn power_law(n: usize) -> (Vec<f64>, Vec<i32>, Vec<i32>) {
    power_law_top(n, 500_000)
}

/// The COO triplets of the conversion benchmark: `count` entries of a `10^6 x 10^6` matrix.
fn coo_triplets(count: usize) -> (Vec<f64>, Vec<i32>, Vec<i32>) {
    let n = 1_000_000usize;
    let row = (0..count).map(|t| ((7919 * t) % n) as i32).collect();
    let col = (0..count)
        .map(|t| ((104_729 * t + t / 3) % n) as i32)
        .collect();
    let data = (0..count).map(|t| (1 + t % 7) as f64).collect();
    (data, row, col)
}

fn main() {
    let dev = Device::cpu();
    let mut rows = Vec::new();
    // The least bytes an SpMV reads and writes, for its effective bandwidth.
    let mut moved: Vec<(String, usize)> = Vec::new();
    let sizes = common::sizes(&[1415]);
    let mut c = Criterion::default()
        .sample_size(10)
        .measurement_time(std::time::Duration::from_secs(3))
        .configure_from_args();
    for &k in &sizes {
        let (data, indices, indptr) = poisson(k);
        let nnz = data.len();
        let n = k * k;
        let a = CsrArray::new(
            &Array::from_vec(&dev, &[nnz], data).expect("data"),
            &Array::from_vec(&dev, &[nnz], indices).expect("indices"),
            &Array::from_vec(&dev, &[n + 1], indptr).expect("indptr"),
            [n, n],
        )
        .expect("poisson");
        let x: Vec<f64> = (0..n).map(|i| ((i * 37) % 101) as f64 / 7.0).collect();
        let x = Array::from_vec(&dev, &[n], x).expect("x");
        let mut g = c.benchmark_group("spmv");
        g.throughput(Throughput::Elements(nnz as u64));
        g.bench_function(format!("poisson{k}/f64/nnz{nnz}"), |b| {
            b.iter(|| black_box(a.dot(&x).expect("spmv")))
        });
        g.finish();
        let t = median(|| drop(a.dot(&x).expect("spmv")), 21);
        rows.push((format!("spmv/poisson/{k}"), nnz, t.as_secs_f64()));
        moved.push((format!("spmv/poisson/{k}"), spmv_bytes(nnz, n)));
    }
    let spgemm_sizes: Vec<usize> = std::env::var("BENCH_SPGEMM_SIZES")
        .ok()
        .map(|s| s.split(',').filter_map(|v| v.trim().parse().ok()).collect())
        .unwrap_or_else(|| vec![300]);
    for &k in &spgemm_sizes {
        let (data, indices, indptr) = poisson(k);
        let nnz = data.len();
        let n = k * k;
        let a = CsrArray::new(
            &Array::from_vec(&dev, &[nnz], data).expect("data"),
            &Array::from_vec(&dev, &[nnz], indices).expect("indices"),
            &Array::from_vec(&dev, &[n + 1], indptr).expect("indptr"),
            [n, n],
        )
        .expect("poisson");
        let mut g = c.benchmark_group("spgemm");
        g.throughput(Throughput::Elements(nnz as u64));
        g.bench_function(format!("poisson{k}/f64/nnz{nnz}"), |b| {
            b.iter(|| black_box(a.dot(&a).expect("spgemm")))
        });
        g.finish();
        let t = median(|| drop(a.dot(&a).expect("spgemm")), 11);
        rows.push((format!("spgemm/poisson/{k}"), nnz, t.as_secs_f64()));
    }
    let env_count = |name: &str, default: usize| -> usize {
        std::env::var(name)
            .ok()
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or(default)
    };
    let spgemm_power = env_count("BENCH_SPGEMM_POWERLAW", 200_000);
    if spgemm_power > 0 {
        let n = spgemm_power;
        let (data, indices, indptr) = power_law_top(n, n / 10);
        let nnz = data.len();
        let a = CsrArray::new(
            &Array::from_vec(&dev, &[nnz], data).expect("data"),
            &Array::from_vec(&dev, &[nnz], indices).expect("indices"),
            &Array::from_vec(&dev, &[n + 1], indptr).expect("indptr"),
            [n, n],
        )
        .expect("power law");
        let mut g = c.benchmark_group("spgemm");
        g.throughput(Throughput::Elements(nnz as u64));
        g.bench_function(format!("powerlaw{n}/f64/nnz{nnz}"), |b| {
            b.iter(|| black_box(a.dot(&a).expect("spgemm")))
        });
        g.finish();
        let t = median(|| drop(a.dot(&a).expect("spgemm")), 11);
        rows.push((format!("spgemm/powerlaw/{n}"), nnz, t.as_secs_f64()));
    }
    let power_rows = env_count("BENCH_POWERLAW_ROWS", 1_000_000);
    if power_rows > 0 {
        let n = power_rows;
        let (data, indices, indptr) = power_law(n);
        let nnz = data.len();
        let a = CsrArray::new(
            &Array::from_vec(&dev, &[nnz], data).expect("data"),
            &Array::from_vec(&dev, &[nnz], indices).expect("indices"),
            &Array::from_vec(&dev, &[n + 1], indptr).expect("indptr"),
            [n, n],
        )
        .expect("power law");
        let x: Vec<f64> = (0..n).map(|i| ((i * 37) % 101) as f64 / 7.0).collect();
        let x = Array::from_vec(&dev, &[n], x).expect("x");
        let mut g = c.benchmark_group("spmv");
        g.throughput(Throughput::Elements(nnz as u64));
        g.bench_function(format!("powerlaw{n}/f64/nnz{nnz}"), |b| {
            b.iter(|| black_box(a.dot(&x).expect("spmv")))
        });
        g.finish();
        let t = median(|| drop(a.dot(&x).expect("spmv")), 21);
        rows.push((format!("spmv/powerlaw/{n}"), nnz, t.as_secs_f64()));
        moved.push((format!("spmv/powerlaw/{n}"), spmv_bytes(nnz, n)));
    }
    let coo_count = env_count("BENCH_COO", 10_000_000);
    if coo_count > 0 {
        let (data, row, col) = coo_triplets(coo_count);
        let coo = CooArray::new(
            &Array::from_vec(&dev, &[coo_count], data).expect("data"),
            &Array::from_vec(&dev, &[coo_count], row).expect("row"),
            &Array::from_vec(&dev, &[coo_count], col).expect("col"),
            [1_000_000, 1_000_000],
        )
        .expect("coo");
        let mut g = c.benchmark_group("coo_tocsr");
        g.sample_size(10);
        g.throughput(Throughput::Elements(coo_count as u64));
        g.bench_function(format!("triplets{coo_count}/f64"), |b| {
            b.iter(|| black_box(coo.tocsr().expect("tocsr")))
        });
        g.finish();
        let t = median(|| drop(coo.tocsr().expect("tocsr")), 7);
        rows.push((format!("coo_tocsr/{coo_count}"), coo_count, t.as_secs_f64()));
    }
    let env_sizes = |name: &str, default: usize| -> Vec<usize> {
        std::env::var(name)
            .ok()
            .map(|s| s.split(',').filter_map(|v| v.trim().parse().ok()).collect())
            .unwrap_or_else(|| vec![default])
    };
    for &k in &env_sizes("BENCH_CG_CRITERION", 100) {
        let (a, b) = poisson_system(&dev, k);
        let mut g = c.benchmark_group("cg");
        g.sample_size(10);
        g.bench_function(format!("poisson{k}/f64/rtol1e-8"), |bench| {
            bench.iter(|| black_box(cg(&a, &b).rtol(1e-8).run().expect("cg")))
        });
        g.finish();
    }
    let cg_sizes = env_sizes("BENCH_CG_SIZES", 1000);
    let reps: usize = std::env::var("CG_REPS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1);
    let mut cg_iterations = Vec::new();
    for &k in &cg_sizes {
        let (a, b) = poisson_system(&dev, k);
        let mut times = Vec::new();
        let mut iterations = 0;
        for _ in 0..reps.max(1) {
            iterations = 0;
            let t = std::time::Instant::now();
            let (_, info) = cg(&a, &b)
                .rtol(1e-8)
                .callback(|_| iterations += 1)
                .run()
                .expect("cg");
            times.push(t.elapsed().as_secs_f64());
            assert_eq!(info, 0);
        }
        times.sort_by(f64::total_cmp);
        rows.push((
            format!("cg/poisson/{k}"),
            5 * k * k - 4 * k,
            times[times.len() / 2],
        ));
        cg_iterations.push((k, iterations));
    }
    let mut args: Vec<String> = sizes.iter().map(|k| k.to_string()).collect();
    if power_rows > 0 {
        args.push(format!("p{power_rows}"));
    }
    if coo_count > 0 {
        args.push(format!("t{coo_count}"));
    }
    args.extend(spgemm_sizes.iter().map(|k| format!("g{k}")));
    if spgemm_power > 0 {
        args.push(format!("q{spgemm_power}"));
    }
    args.extend(cg_sizes.iter().map(|k| format!("c{k}")));
    let sp = common::numpy("bench_scipy_sparse.py", &args);
    println!(
        "scipy {}",
        sp.as_ref().map_or("not available", |(v, _)| v.as_str())
    );
    for (k, it) in cg_iterations {
        let theirs = lookup(&sp, &format!("cg/poisson/{k}/iterations"));
        println!(
            "cg/poisson/{k}: {it} iterations, scipy {}",
            theirs.map_or("-".into(), |t| format!("{t:.0}"))
        );
    }
    println!(
        "{:<22} {:>10} {:>10} {:>10} {:>9}",
        "op", "nnz", "ours", "scipy", "vs scipy"
    );
    for (key, nnz, secs) in rows {
        let theirs = lookup(&sp, &key);
        let bytes = moved
            .iter()
            .find(|(k, _)| *k == key)
            .map(|&(_, b)| b as f64);
        let gbs = |t: f64| bytes.map_or(String::new(), |b| format!("{:.1} GB/s", b / t / 1e9));
        println!(
            "{:<22} {:>10} {:>8.2}ms {:>10} {:>9}   {}{}",
            key,
            nnz,
            secs * 1e3,
            theirs.map_or("-".into(), |t| format!("{:.2}ms", t * 1e3)),
            theirs.map_or("-".into(), |t| format!("{:.2}x", t / secs)),
            gbs(secs),
            theirs.map_or(String::new(), |t| {
                if bytes.is_some() {
                    format!(" (scipy {})", gbs(t))
                } else {
                    String::new()
                }
            }),
        );
    }
}
