//! The phases of the slow factorizations on the CPU, each timed alone inside one process, so
//! that ours can be compared with ours under load (ratios against NumPy swing with the load).
//! Each line gives the median wall time and the median CPU time of the calling thread: for a
//! single-threaded phase the latter is its whole cost, and it grows far less than wall time
//! when other processes share the cores.
//!
//! `cargo bench -p kernels-std --bench linalg_phases` prints, for `eigh` (`n` = 1500, f64 and
//! f32): faer's tridiagonal reduction, its tridiagonal eigensolver (divide and conquer), the
//! back-transformation by the Householder sequence, the whole `self_adjoint_evd` with one and
//! two threads (and variants: eigenvectors written row-major, other divide-and-conquer
//! thresholds), `linalg::eigh`, then SciPy's `?sytrd`, `?stevd`, `?syevd` and NumPy's `eigh`
//! on one OpenBLAS thread; for `solve`/`det` 2000: `linalg::solve`, `linalg::det` and faer's
//! LU alone (on the row-major buffer, and on it read as `A^T`), faer's substitutions for 1 to 64
//! right-hand sides on one and two threads; for the products (4096, 1024,
//! 512): `linalg::matmul` (matrixmultiply) and faer's `matmul`. Medians of `BENCH_REPS` runs
//! (default 3) after a warm-up; `BENCH_CASES` (`eigh`, `solve`, `matmul`) and `BENCH_DTYPES`
//! select.

use std::time::Instant;

use faer::dyn_stack::{MemBuffer, MemStack, StackReq};
use faer::linalg::evd::{self, tridiag};
use faer::linalg::{householder, matmul as fm};
use faer::{Accum, Conj, Mat, Par};
use kernels_std::linalg::{self as la, LinalgFloat, Uplo};
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

/// The CPU time of this thread (nanoseconds, from `/proc/thread-self/schedstat`), 0 where
/// that file does not exist. Unlike wall time it does not grow when other processes take the
/// cores, so single-threaded phases compare under load.
fn thread_cpu() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

/// Median wall time and median thread CPU time (seconds) of `reps` runs of `f` after one
/// warm-up.
fn median(mut f: impl FnMut(), reps: usize) -> (f64, f64) {
    f();
    let (mut t, mut c): (Vec<f64>, Vec<f64>) = (0..reps)
        .map(|_| {
            let (s, c) = (Instant::now(), thread_cpu());
            f();
            (s.elapsed().as_secs_f64(), (thread_cpu() - c) as f64 * 1e-9)
        })
        .unzip();
    t.sort_by(f64::total_cmp);
    c.sort_by(f64::total_cmp);
    (t[t.len() / 2], c[c.len() / 2])
}

fn values<T: faer::traits::RealField + Copy>(n: usize, seed: u64, from: fn(f64) -> T) -> Vec<T> {
    (0..n)
        .map(|i| {
            let h = ((i as u64) ^ seed).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40;
            from(h as f64 / (1u64 << 24) as f64 - 0.5)
        })
        .collect()
}

/// One result: the median wall time, and the median CPU time of the calling thread (the
/// whole cost of a single-threaded phase; a part of a threaded one).
fn line(what: &str, dt: &str, n: usize, (wall, cpu): (f64, f64)) {
    println!(
        "{what:<36} {dt:>4} {n:>5} {:>9.1} ms wall {:>9.1} ms cpu",
        wall * 1e3,
        cpu * 1e3
    );
}

/// The phases of faer's `self_adjoint_evd` on a random symmetric matrix.
fn eigh_phases<T>(dt: &str, n: usize, from: fn(f64) -> T, reps: usize)
where
    T: faer::traits::RealField + Copy + LinalgFloat + num_traits::Float,
{
    let v = values(n * n, 8, from);
    let a = Mat::<T>::from_fn(n, n, |i, j| v[i * n + j] + v[j * n + i]);
    let par2 = Par::rayon(0);
    let bs = faer::linalg::qr::no_pivoting::factor::recommended_block_size::<T>(n, n);
    let req = StackReq::any_of(&[
        tridiag::tridiag_in_place_scratch::<T>(n, par2, Default::default()),
        evd::self_adjoint_evd_scratch::<T>(
            n,
            evd::ComputeEigenvectors::Yes,
            par2,
            Default::default(),
        ),
        householder::apply_block_householder_sequence_on_the_left_in_place_scratch::<T>(
            n - 1,
            bs,
            n,
        ),
    ]);
    let mut buf = MemBuffer::new(req);
    // The reduction.
    let mut trid = a.clone();
    let mut h = Mat::<T>::zeros(bs, n - 1);
    for (name, par) in [
        ("tridiag_in_place (2 threads)", par2),
        ("tridiag_in_place (1 thread)", Par::Seq),
    ] {
        let t = median(
            || {
                trid.copy_from(&a);
                tridiag::tridiag_in_place(
                    trid.as_mut(),
                    h.as_mut(),
                    par,
                    MemStack::new(&mut buf),
                    Default::default(),
                );
            },
            reps,
        );
        line(name, dt, n, t);
    }
    // Ours: the blocked reduction (`linalg/lapack/sytrd.rs`) on the same matrix.
    let lower: Vec<T> = (0..n * n).map(|k| a[(k % n, k / n)]).collect();
    let mut work = lower.clone();
    let mut tau = vec![from(0.0); n - 1];
    for (name, threads) in [
        ("blocked sytrd, ours (2 threads)", 0),
        ("blocked sytrd, ours (1 thread)", 1),
    ] {
        let t = median(
            || {
                work.copy_from_slice(&lower);
                la::tridiagonalize_for_bench(&mut work, n, &mut tau, threads);
            },
            reps,
        );
        line(name, dt, n, t);
    }
    // The tridiagonal eigensolver.
    let d = Mat::<T>::from_fn(n, 1, |i, _| trid[(i, i)]);
    let e = Mat::<T>::from_fn(n, 1, |i, _| {
        if i + 1 < n {
            trid[(i + 1, i)]
        } else {
            from(0.0)
        }
    });
    let mut s = Mat::<T>::zeros(n, 1);
    let mut u = Mat::<T>::zeros(n, n);
    for (name, par) in [
        ("tridiagonal evd D&C (2 threads)", par2),
        ("tridiagonal evd D&C (1 thread)", Par::Seq),
    ] {
        let t = median(
            || {
                evd::tridiagonal_self_adjoint_evd(
                    d.col(0).as_diagonal(),
                    e.col(0).as_diagonal(),
                    s.col_mut(0).as_diagonal_mut(),
                    Some(u.as_mut()),
                    par,
                    MemStack::new(&mut buf),
                    Default::default(),
                )
                .unwrap();
            },
            reps,
        );
        line(name, dt, n, t);
    }
    // The back-transformation.
    let u0 = u.clone();
    for (name, par) in [
        ("back-transformation (2 threads)", par2),
        ("back-transformation (1 thread)", Par::Seq),
    ] {
        let t = median(
            || {
                u.copy_from(&u0);
                householder::apply_block_householder_sequence_on_the_left_in_place_with_conj(
                    trid.as_ref().submatrix(1, 0, n - 1, n - 1),
                    h.as_ref(),
                    Conj::No,
                    u.as_mut().subrows_mut(1, n - 1),
                    par,
                    MemStack::new(&mut buf),
                );
            },
            reps,
        );
        line(name, dt, n, t);
    }
    for (name, par) in [
        ("self_adjoint_evd (2 threads)", par2),
        ("self_adjoint_evd (1 thread)", Par::Seq),
    ] {
        let t = median(
            || {
                evd::self_adjoint_evd(
                    a.as_ref(),
                    s.col_mut(0).as_diagonal_mut(),
                    Some(u.as_mut()),
                    par,
                    MemStack::new(&mut buf),
                    Default::default(),
                )
                .unwrap();
            },
            reps,
        );
        line(name, dt, n, t);
    }
    // Eigenvectors written straight into a row-major buffer (what `linalg::eigh` returns).
    let mut rm = vec![from(0.0); n * n];
    let t = median(
        || {
            evd::self_adjoint_evd(
                a.as_ref(),
                s.col_mut(0).as_diagonal_mut(),
                Some(faer::MatMut::from_row_major_slice_mut(&mut rm, n, n)),
                par2,
                MemStack::new(&mut buf),
                Default::default(),
            )
            .unwrap();
        },
        reps,
    );
    line("self_adjoint_evd, row-major U (2 thr)", dt, n, t);
    for thr in [32, 64, 256] {
        let mut params: evd::SelfAdjointEvdParams =
            <evd::SelfAdjointEvdParams as faer::Auto<T>>::auto();
        params.recursion_threshold = thr;
        let t = median(
            || {
                evd::self_adjoint_evd(
                    a.as_ref(),
                    s.col_mut(0).as_diagonal_mut(),
                    Some(u.as_mut()),
                    Par::Seq,
                    MemStack::new(&mut buf),
                    params.into(),
                )
                .unwrap();
            },
            reps,
        );
        line(
            &format!("self_adjoint_evd, D&C below {thr} (1 thr)"),
            dt,
            n,
            t,
        );
    }
    let x = Array::from_vec(&Device::cpu(), &[n, n], v).unwrap();
    let x = T::add_elem(&x, &x.t()).unwrap();
    let t = median(|| drop(la::eigh(&x, Uplo::Lower).unwrap()), reps);
    line("linalg::eigh", dt, n, t);
}

/// SciPy's LAPACK pieces of `eigh` (`?sytrd`, `?stevd`, `?syevd`) and NumPy's `eigh`, on one
/// OpenBLAS thread (`OPENBLAS_NUM_THREADS=1`), timed as ours: median wall and thread CPU time.
const SCIPY_EIGH: &str = r#"
import sys, time
import numpy as np, scipy.linalg as sl
from scipy.linalg import lapack as L
dt, n, reps = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
def med(f):
    f(); ts = []; cs = []
    for _ in range(reps):
        t, c = time.perf_counter(), time.thread_time(); f()
        ts.append(time.perf_counter() - t); cs.append(time.thread_time() - c)
    ts.sort(); cs.sort(); return ts[len(ts) // 2], cs[len(cs) // 2]
p = 'd' if dt == 'float64' else 's'
a = (np.random.default_rng(0).random((n, n)) - 0.5).astype(dt); a = a + a.T
af = np.asfortranarray(a)
lw = int(getattr(L, p + 'sytrd_lwork')(n)[0])
sytrd, stevd = getattr(L, p + 'sytrd'), getattr(L, p + 'stevd')
c, d, e, tau, info = sytrd(af, lower=1, lwork=lw)
def out(w, t): print(f"{w:<36} {dt[-2:]:>4} {n:>5} {t[0]*1e3:>9.1f} ms wall {t[1]*1e3:>9.1f} ms cpu")
out('SciPy ' + p + 'sytrd (1 thread)', med(lambda: sytrd(af, lower=1, lwork=lw)))
out('SciPy ' + p + 'stevd (1 thread)', med(lambda: stevd(d, e, compute_v=1)))
out('SciPy ' + p + 'syevd (1 thread)', med(lambda: getattr(L, p + 'syevd')(af, compute_v=1, lower=1)))
out('NumPy eigh (1 thread)', med(lambda: np.linalg.eigh(a)))
"#;

/// Runs [`SCIPY_EIGH`] (`BENCH_PYTHON`, default `python3`) and prints its lines.
fn scipy_eigh(dt: &str, n: usize, reps: usize) {
    let py = std::env::var("BENCH_PYTHON").unwrap_or_else(|_| "python3".into());
    let dt = if dt == "f64" { "float64" } else { "float32" };
    match std::process::Command::new(py)
        .args(["-c", SCIPY_EIGH, dt, &n.to_string(), &reps.to_string()])
        .env("OPENBLAS_NUM_THREADS", "1")
        .output()
    {
        Ok(o) => print!("{}", String::from_utf8_lossy(&o.stdout)),
        Err(e) => println!("SciPy: not run ({e})"),
    }
}

fn solve_phases<T>(dt: &str, n: usize, from: fn(f64) -> T, reps: usize)
where
    T: faer::traits::RealField + Copy + LinalgFloat,
{
    let v = values(n * n, 1, from);
    let a = Array::from_vec(&Device::cpu(), &[n, n], v.clone()).unwrap();
    let b = Array::from_vec(&Device::cpu(), &[n], values(n, 2, from)).unwrap();
    let t = median(|| drop(la::solve(&a, &b).unwrap()), reps);
    line("linalg::solve", dt, n, t);
    let t = median(|| drop(la::det(&a).unwrap()), reps);
    line("linalg::det", dt, n, t);
    let mut m = vec![from(0.0); n * n];
    let (mut fwd, mut bwd) = (vec![0usize; n], vec![0usize; n]);
    use faer::linalg::lu::partial_pivoting::factor;
    for (name, par, col_major) in [
        ("faer lu_in_place (2 threads)", Par::rayon(0), false),
        ("faer lu_in_place of A^T (2 threads)", Par::rayon(0), true),
        ("faer lu_in_place (1 thread)", Par::Seq, false),
    ] {
        let mut buf = MemBuffer::new(factor::lu_in_place_scratch::<usize, T>(
            n,
            n,
            par,
            Default::default(),
        ));
        let t = median(
            || {
                m.copy_from_slice(&v);
                factor::lu_in_place(
                    if col_major {
                        faer::MatMut::from_column_major_slice_mut(&mut m, n, n)
                    } else {
                        faer::MatMut::from_row_major_slice_mut(&mut m, n, n)
                    },
                    &mut fwd,
                    &mut bwd,
                    par,
                    MemStack::new(&mut buf),
                    Default::default(),
                );
            },
            reps,
        );
        line(name, dt, n, t);
    }
    // The two triangular solves `solve` adds, on the row-major LU just made (as `cpu::solve`).
    use faer::linalg::lu::partial_pivoting::solve as lu_solve;
    // `k` right-hand sides on one and on two threads: where `cpu::solve` switches to parallel
    // substitutions (`RHS_PARALLEL`).
    for k in [1usize, 4, 8, 16, 64] {
        let rhs = values(n * k, 2, from);
        let mut x = rhs.clone();
        for (threads, par) in [(2, Par::rayon(0)), (1, Par::Seq)] {
            let mut buf = MemBuffer::new(lu_solve::solve_in_place_scratch::<usize, T>(n, k, par));
            let lu = faer::MatRef::from_row_major_slice(&m, n, n);
            let perm = faer::perm::PermRef::new_checked(&fwd, &bwd, n);
            let t = median(
                || {
                    x.copy_from_slice(&rhs);
                    lu_solve::solve_in_place_with_conj(
                        lu,
                        lu,
                        perm,
                        Conj::No,
                        faer::MatMut::from_row_major_slice_mut(&mut x, n, k),
                        par,
                        MemStack::new(&mut buf),
                    );
                },
                reps,
            );
            let name = format!("faer LU solve of {k} vectors ({threads} thread(s))");
            line(&name, dt, n, t);
        }
    }
    let t = median(|| m.copy_from_slice(&v), reps);
    line("copy of the matrix", dt, n, t);
}

fn matmul_phases<T>(dt: &str, n: usize, from: fn(f64) -> T, reps: usize)
where
    T: faer::traits::RealField + Copy + LinalgFloat,
{
    let (va, vb) = (values(n * n, 14, from), values(n * n, 15, from));
    let a = Array::from_vec(&Device::cpu(), &[n, n], va.clone()).unwrap();
    let b = Array::from_vec(&Device::cpu(), &[n, n], vb.clone()).unwrap();
    let t = median(|| drop(la::matmul(&a, &b).unwrap()), reps);
    line("linalg::matmul (matrixmultiply)", dt, n, t);
    let mut c = vec![from(0.0); n * n];
    for (name, par) in [
        ("faer matmul (2 threads)", Par::rayon(0)),
        ("faer matmul (1 thread)", Par::Seq),
    ] {
        let t = median(
            || {
                fm::matmul(
                    faer::MatMut::from_row_major_slice_mut(&mut c, n, n),
                    Accum::Replace,
                    faer::MatRef::from_row_major_slice(&va, n, n),
                    faer::MatRef::from_row_major_slice(&vb, n, n),
                    from(1.0),
                    par,
                );
            },
            reps,
        );
        line(name, dt, n, t);
    }
}

fn main() {
    let reps = reps();
    for dt in ["f64", "f32"] {
        if !wanted("BENCH_DTYPES", dt) {
            continue;
        }
        let f64 = dt == "f64";
        if wanted("BENCH_CASES", "eigh") {
            if f64 {
                eigh_phases::<f64>(dt, 1500, |x| x, reps);
            } else {
                eigh_phases::<f32>(dt, 1500, |x| x as f32, reps);
            }
            scipy_eigh(dt, 1500, reps);
        }
        if wanted("BENCH_CASES", "solve") {
            if f64 {
                solve_phases::<f64>(dt, 2000, |x| x, reps);
            } else {
                solve_phases::<f32>(dt, 2000, |x| x as f32, reps);
            }
        }
        if wanted("BENCH_CASES", "matmul") {
            for n in [4096, 1024, 512] {
                if f64 {
                    matmul_phases::<f64>(dt, n, |x| x, reps);
                } else {
                    matmul_phases::<f32>(dt, n, |x| x as f32, reps);
                }
            }
        }
    }
}
