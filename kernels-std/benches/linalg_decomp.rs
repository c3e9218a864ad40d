//! The factorizations on the CPU backend beside NumPy/SciPy (OpenBLAS/LAPACK), timed in the
//! same run, case after case, f64 and f32: `solve` 2000, `inv` 2000, `det` 2000, `cholesky`
//! 4000, `qr` 2000, `svd` 1000, `eigh` 1500, `eig` 500, `lstsq` 4000 x 500, a batched `solve`
//! of 10000 3 x 3 systems, `matmul` 4096.
//!
//! `cargo bench -p kernels-std --bench linalg_decomp` prints one line per case: our median,
//! NumPy's median (of `BENCH_REPS` runs, default 3, after a warm-up) and their ratio
//! (NumPy's time / ours: above 1 is faster than NumPy). `BENCH_CASES=solve,inv` selects cases;
//! `BENCH_DTYPES=f64` the dtypes; `BENCH_PYTHON` the Python with NumPy.

use std::process::Command;
use std::time::Instant;

use kernels_std::linalg::{self as la, LinalgFloat, QrMode, Uplo};
use kernels_std::prelude::*;

fn reps() -> usize {
    std::env::var("BENCH_REPS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3)
}

fn wanted(list: &str, name: &str) -> bool {
    std::env::var(list).map_or(true, |v| v.split(',').any(|c| c.trim() == name))
}

fn input<T: LinalgFloat>(shape: &[usize], seed: u64, shift: f64) -> Array<T> {
    let n: usize = shape.iter().product();
    let v: Vec<T> = (0..n)
        .map(|i| {
            let h = ((i as u64) ^ seed).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40;
            let x = h as f64 / (1u64 << 24) as f64 - 0.5;
            T::from_re(<T::Re as kernels_std::linalg::RealScalar>::from_f64(x))
        })
        .collect();
    let a = Array::from_vec(&Device::cpu(), shape, v).expect("input");
    if shift == 0.0 {
        return a;
    }
    let nd = shape.len();
    let eye = kernels_std::creation::eye::<T>(&Device::cpu(), shape[nd - 1], None, 0).unwrap();
    let s = Array::scalar(
        &Device::cpu(),
        T::from_re(<T::Re as kernels_std::linalg::RealScalar>::from_f64(shift)),
    )
    .unwrap();
    T::add_elem(&a, &T::mul_elem(&eye, &s).unwrap()).unwrap()
}

fn median(mut f: impl FnMut(), reps: usize) -> f64 {
    f();
    let mut t: Vec<f64> = (0..reps)
        .map(|_| {
            let s = Instant::now();
            f();
            s.elapsed().as_secs_f64()
        })
        .collect();
    t.sort_by(f64::total_cmp);
    t[t.len() / 2]
}

const NUMPY: &str = r#"
import sys, time
import numpy as np
case, dt, reps = sys.argv[1], sys.argv[2], int(sys.argv[3])
rng = np.random.default_rng(0)
def r(*s): return (rng.random(s) - 0.5).astype(dt)
def spd(n):
    a = r(n, n); return (a @ a.T + n * np.eye(n)).astype(dt)
if case == "solve": a, b = r(2000, 2000), r(2000); f = lambda: np.linalg.solve(a, b)
elif case == "inv": a = r(2000, 2000); f = lambda: np.linalg.inv(a)
elif case == "det": a = r(2000, 2000); f = lambda: np.linalg.det(a)
elif case == "cholesky": a = spd(4000); f = lambda: np.linalg.cholesky(a)
elif case == "qr": a = r(2000, 2000); f = lambda: np.linalg.qr(a)
elif case == "svd": a = r(1000, 1000); f = lambda: np.linalg.svd(a)
elif case == "eigh": a = r(1500, 1500); a = a + a.T; f = lambda: np.linalg.eigh(a)
elif case == "eig": a = r(500, 500); f = lambda: np.linalg.eig(a)
elif case == "lstsq": a, b = r(4000, 500), r(4000); f = lambda: np.linalg.lstsq(a, b)
elif case == "batch3": a, b = r(10000, 3, 3) + 2 * np.eye(3, dtype=dt), r(10000, 3, 1); f = lambda: np.linalg.solve(a, b)
elif case == "matmul": a, b = r(4096, 4096), r(4096, 4096); f = lambda: a @ b
f(); ts = []
for _ in range(reps):
    t = time.perf_counter(); f(); ts.append(time.perf_counter() - t)
ts.sort(); print(ts[len(ts) // 2])
"#;

fn numpy(case: &str, dt: &str, reps: usize) -> Option<f64> {
    let py = std::env::var("BENCH_PYTHON").unwrap_or_else(|_| "python3".into());
    let out = Command::new(py)
        .args(["-c", NUMPY, case, dt, &reps.to_string()])
        .output()
        .ok()?;
    String::from_utf8_lossy(&out.stdout).trim().parse().ok()
}

fn ours<T: LinalgFloat>(case: &str, reps: usize) -> f64 {
    match case {
        "solve" => {
            let (a, b) = (
                input::<T>(&[2000, 2000], 1, 0.0),
                input::<T>(&[2000], 2, 0.0),
            );
            median(|| drop(la::solve(&a, &b).unwrap()), reps)
        }
        "inv" => {
            let a = input::<T>(&[2000, 2000], 3, 0.0);
            median(|| drop(la::inv(&a).unwrap()), reps)
        }
        "det" => {
            let a = input::<T>(&[2000, 2000], 4, 0.0);
            median(|| drop(la::det(&a).unwrap()), reps)
        }
        "cholesky" => {
            let a = input::<T>(&[4000, 4000], 5, 0.0);
            let s = la::matmul(&a, a.t()).unwrap();
            let s = T::add_elem(&s, &input::<T>(&[4000, 4000], 0, 4000.0)).unwrap();
            median(|| drop(la::cholesky(&s, false).unwrap()), reps)
        }
        "qr" => {
            let a = input::<T>(&[2000, 2000], 6, 0.0);
            median(|| drop(la::qr(&a, QrMode::Reduced).unwrap()), reps)
        }
        "svd" => {
            let a = input::<T>(&[1000, 1000], 7, 0.0);
            median(|| drop(la::svd(&a, true, false).unwrap()), reps)
        }
        "eigh" => {
            let a = input::<T>(&[1500, 1500], 8, 0.0);
            let s = T::add_elem(&a, &a.t()).unwrap();
            median(|| drop(la::eigh(&s, Uplo::Lower).unwrap()), reps)
        }
        "eig" => {
            let a = input::<T>(&[500, 500], 9, 0.0);
            median(|| drop(la::eig(&a).unwrap()), reps)
        }
        "lstsq" => {
            let (a, b) = (
                input::<T>(&[4000, 500], 10, 0.0),
                input::<T>(&[4000], 11, 0.0),
            );
            median(|| drop(la::lstsq(&a, &b, None).unwrap()), reps)
        }
        "batch3" => {
            let (a, b) = (
                input::<T>(&[10000, 3, 3], 12, 2.0),
                input::<T>(&[10000, 3, 1], 13, 0.0),
            );
            median(|| drop(la::solve(&a, &b).unwrap()), reps)
        }
        "matmul" => {
            let (a, b) = (
                input::<T>(&[4096, 4096], 14, 0.0),
                input::<T>(&[4096, 4096], 15, 0.0),
            );
            median(|| drop(la::matmul(&a, &b).unwrap()), reps)
        }
        _ => unreachable!(),
    }
}

fn main() {
    let reps = reps();
    println!(
        "{:<10} {:>5} {:>10} {:>10} {:>8}",
        "case", "dtype", "ours (s)", "NumPy (s)", "ratio"
    );
    for case in [
        "solve", "inv", "det", "cholesky", "qr", "svd", "eigh", "eig", "lstsq", "batch3", "matmul",
    ] {
        if !wanted("BENCH_CASES", case) {
            continue;
        }
        for dt in ["f64", "f32"] {
            if !wanted("BENCH_DTYPES", dt) {
                continue;
            }
            let t = if dt == "f64" {
                ours::<f64>(case, reps)
            } else {
                ours::<f32>(case, reps)
            };
            let np = numpy(case, if dt == "f64" { "float64" } else { "float32" }, reps);
            match np {
                Some(n) => println!("{case:<10} {dt:>5} {t:>10.4} {n:>10.4} {:>8.2}", n / t),
                None => println!("{case:<10} {dt:>5} {t:>10.4} {:>10} {:>8}", "-", "-"),
            }
        }
    }
}
