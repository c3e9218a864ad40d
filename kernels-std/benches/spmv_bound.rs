//! What this machine allows for the power-law SpMV of `benches/sparse.rs` (SciPy's
//! summation order: each row summed from zero over its entries in storage order), measured
//! with plain native loops beside ours in the same run.
//!
//! The matrix of `BENCH_POWERLAW_ROWS` rows (default 10^6, about 1.1e7 entries), cut into two
//! halves of equal work (entries plus one per row, as the CPU's runs of `CsrArray::dot`). Each
//! loop runs on one thread (all rows) and on two (a half each), the median of `BENCH_REPS`
//! (default 21):
//!
//! - `spmv`: SciPy's `csr_matvec` loop (values and indices walked as slices, `x` indexed);
//! - `gather`: the same loads (values, indices, `x[indices[j]]`) summed into eight
//!   independent accumulators, no per-row order: the memory side alone;
//! - `stream`: values and indices only (eight sums): the sequential read;
//! - `chain`: each row's dependent sum of its values, no gather: the latency side alone;
//! - `ours`: `CsrArray::dot` on the CPU backend (its own two workers).
//!
//! `cargo bench -p kernels-std --bench spmv_bound`.

use std::time::Instant;

use kernels_std::prelude::*;
use kernels_std::sparse::CsrArray;

mod common;
use common::power_law_top;

/// One matrix in CSR form with the vector, as slices.
struct Csr<'a> {
    indptr: &'a [i32],
    indices: &'a [i32],
    data: &'a [f64],
    x: &'a [f64],
}

impl Csr<'_> {
    /// The entries of rows `r0..r0 + y.len()`.
    fn entries(&self, r0: usize, rows: usize) -> std::ops::Range<usize> {
        self.indptr[r0] as usize..self.indptr[r0 + rows] as usize
    }
}

/// A loop over rows `r0..r0 + y.len()`, writing `y` (or one value into `y[0]`).
type Loop = fn(&Csr<'_>, &mut [f64], usize);

fn spmv(m: &Csr<'_>, y: &mut [f64], r0: usize) {
    for (k, out) in y.iter_mut().enumerate() {
        let e = m.entries(r0 + k, 1);
        let mut acc = 0.0;
        for (&v, &c) in m.data[e.clone()].iter().zip(&m.indices[e]) {
            acc += v * m.x[c as usize];
        }
        *out = acc;
    }
}

fn gather(m: &Csr<'_>, y: &mut [f64], r0: usize) {
    let e = m.entries(r0, y.len());
    let mut acc = [0.0f64; 8];
    let data = m.data[e.clone()].chunks_exact(8);
    for (v, c) in data.zip(m.indices[e].chunks_exact(8)) {
        for l in 0..8 {
            acc[l] += v[l] * m.x[c[l] as usize];
        }
    }
    y[0] = acc.iter().sum();
}

fn stream(m: &Csr<'_>, y: &mut [f64], r0: usize) {
    let e = m.entries(r0, y.len());
    let (mut a, mut b) = ([0.0f64; 8], [0i64; 8]);
    let data = m.data[e.clone()].chunks_exact(8);
    for (v, c) in data.zip(m.indices[e].chunks_exact(8)) {
        for l in 0..8 {
            a[l] += v[l];
            b[l] += i64::from(c[l]);
        }
    }
    y[0] = a.iter().sum::<f64>() + b.iter().sum::<i64>() as f64;
}

fn chain(m: &Csr<'_>, y: &mut [f64], r0: usize) {
    for (k, out) in y.iter_mut().enumerate() {
        let mut acc = 0.0;
        for &v in &m.data[m.entries(r0 + k, 1)] {
            acc += v * 1.5;
        }
        *out = acc;
    }
}

/// The median of `reps` calls of `f`, in milliseconds.
fn median_ms(reps: usize, mut f: impl FnMut()) -> f64 {
    let mut t: Vec<f64> = (0..reps)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    t.sort_by(f64::total_cmp);
    t[reps / 2]
}

fn main() {
    let env = |name: &str, default: usize| {
        std::env::var(name)
            .ok()
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or(default)
    };
    let n = env("BENCH_POWERLAW_ROWS", 1_000_000);
    let reps = env("BENCH_REPS", 21).max(1);
    let (data, indices, indptr) = power_law_top(n, n / 2);
    let nnz = data.len();
    let x: Vec<f64> = (0..n).map(|i| ((i * 37) % 101) as f64 / 7.0).collect();
    let m = Csr {
        indptr: &indptr,
        indices: &indices,
        data: &data,
        x: &x,
    };
    let half = (nnz + n) / 2;
    let cut = (0..=n)
        .find(|&r| indptr[r] as usize + r >= half)
        .unwrap_or(n);
    let mut y = vec![0.0; n];
    println!("power law, {n} rows, {nnz} entries; two threads cut at row {cut}");
    let loops: [(&str, Loop); 4] = [
        ("spmv", spmv),
        ("gather", gather),
        ("stream", stream),
        ("chain", chain),
    ];
    for (name, f) in loops {
        let one = median_ms(reps, || f(&m, &mut y, 0));
        let two = median_ms(reps, || {
            let (a, b) = y.split_at_mut(cut);
            std::thread::scope(|s| {
                s.spawn(|| f(&m, a, 0));
                f(&m, b, cut);
            });
        });
        println!(
            "{name:7} one thread {one:7.2} ms ({:.2} ns/entry), two threads {two:7.2} ms",
            one * 1e6 / nnz as f64
        );
    }
    let dev = Device::cpu();
    let a = CsrArray::new(
        &Array::from_vec(&dev, &[nnz], data.clone()).expect("data"),
        &Array::from_vec(&dev, &[nnz], indices.clone()).expect("indices"),
        &Array::from_vec(&dev, &[n + 1], indptr.clone()).expect("indptr"),
        [n, n],
    )
    .expect("power law");
    let xa = Array::from_vec(&dev, &[n], x.clone()).expect("x");
    let ours = median_ms(reps, || drop(a.dot(&xa).expect("spmv")));
    spmv(&m, &mut y, 0);
    let same = a.dot(&xa).expect("spmv").to_vec().expect("y") == y;
    println!("ours    (its workers)      {ours:7.2} ms, same bits as spmv: {same}");
}
