//! `linalg::eigh` of real matrices on the CPU (faer's `self_adjoint_evd` after LAPACK's
//! scaling; the same tests passed on the blocked reduction of `linalg/lapack/sytrd.rs`, which
//! is not dispatched, see ARCHITECTURE.md): eigenvalues against NumPy's
//! (`fixtures/linalg/eigh_blocked.npz`, written by `scripts/fixtures/gen_eigh_blocked_fixtures.py`)
//! for orders 1, 2, 31, 64, 65 (panel boundaries), 200 and 257 (faer's divide and conquer runs
//! above 128), both triangles, f64 and f32, contiguous and strided input;
//! LAPACK's tests of the factors (`?syt21`): `||A V - V diag(w)||_1 / (||A||_1 n eps)` and
//! `||V^T V - I||_1 / (n eps)` below 30; and matrices whose reflectors are the identity
//! (diagonal, tridiagonal, zero), repeated eigenvalues and extreme scales.

mod common;

use common::fixture;
use kernels_std::io::{self, NpyDType, Npz};
use kernels_std::linalg::{eigh, eigvalsh, LinalgFloat, RealScalar, Uplo};
use kernels_std::prelude::*;

const SIZES: [usize; 7] = [1, 2, 31, 64, 65, 200, 257];

fn archive() -> Npz {
    io::load_npz(fixture("linalg/eigh_blocked.npz"), &Device::cpu()).expect("eigh_blocked.npz")
}

/// The fixture's matrix of order `n` (see the generator), row-major, in f64.
fn matrix(n: usize) -> Vec<f64> {
    (0..n * n)
        .map(|k| {
            let h = ((k as u64) ^ 8).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40;
            h as f64 / (1u64 << 24) as f64 - 0.5
        })
        .collect()
}

/// The symmetric matrix that `uplo`'s triangle of the row-major `m` describes.
fn symmetric(m: &[f64], n: usize, uplo: Uplo) -> Vec<f64> {
    let mut s = vec![0.0; n * n];
    for i in 0..n {
        for j in 0..n {
            let lower = matches!(uplo, Uplo::Lower);
            let (r, c) = if (i >= j) == lower { (i, j) } else { (j, i) };
            s[i * n + j] = m[r * n + c];
        }
    }
    s
}

fn norm1(x: &[f64], n: usize) -> f64 {
    (0..n)
        .map(|j| (0..n).map(|i| x[i * n + j].abs()).sum::<f64>())
        .fold(0.0, f64::max)
}

/// LAPACK's `?syt21` ratios of the eigendecomposition `(w, v)` of the symmetric `s`: the
/// residual `||S V - V diag(w)||_1 / (||S||_1 n eps)` and `||V^T V - I||_1 / (n eps)`.
fn ratios(s: &[f64], n: usize, w: &[f64], v: &[f64], eps: f64) -> (f64, f64) {
    let mut r = vec![0.0; n * n];
    let mut o = vec![0.0; n * n];
    for i in 0..n {
        for j in 0..n {
            let sv: f64 = (0..n).map(|k| s[i * n + k] * v[k * n + j]).sum();
            r[i * n + j] = sv - v[i * n + j] * w[j];
            let vv: f64 = (0..n).map(|k| v[k * n + i] * v[k * n + j]).sum();
            o[i * n + j] = vv - if i == j { 1.0 } else { 0.0 };
        }
    }
    let a = norm1(s, n).max(f64::MIN_POSITIVE);
    let nn = n.max(1) as f64;
    (norm1(&r, n) / (a * nn * eps), norm1(&o, n) / (nn * eps))
}

/// Checks `eigh(x, uplo)` of the symmetric `s` (row-major f64): the eigenvalues against `want`
/// (relative to the largest, `rtol`), and the factor ratios below 30.
#[track_caller]
fn check<T: LinalgFloat<Re = T> + RealScalar>(
    x: &Array<T>,
    uplo: Uplo,
    s: &[f64],
    want: &[f64],
    rtol: f64,
    what: &str,
) {
    let n = want.len();
    let f = |v: Vec<T>| {
        v.into_iter()
            .map(<T as RealScalar>::to_f64)
            .collect::<Vec<f64>>()
    };
    let (w, v) = eigh(x, uplo).unwrap_or_else(|e| panic!("{what}: {e}"));
    assert_eq!(w.shape(), &[n], "{what}: shape of w");
    assert_eq!(v.shape(), &[n, n], "{what}: shape of v");
    let (w, v) = (f(w.to_vec().unwrap()), f(v.to_vec().unwrap()));
    let scale = want.iter().fold(0.0f64, |m, x| m.max(x.abs()));
    for (k, (&g, &e)) in w.iter().zip(want).enumerate() {
        assert!(
            (g - e).abs() <= rtol * scale.max(f64::MIN_POSITIVE),
            "{what}: w[{k}] = {g}, NumPy {e}"
        );
    }
    let wo = f(eigvalsh(x, uplo).unwrap().to_vec().unwrap());
    for (k, (&g, &e)) in wo.iter().zip(want).enumerate() {
        assert!(
            (g - e).abs() <= rtol * scale.max(f64::MIN_POSITIVE),
            "{what}: eigvalsh[{k}] = {g}, NumPy {e}"
        );
    }
    let (res, orth) = ratios(s, n, &w, &v, T::EPS);
    assert!(res < 30.0, "{what}: residual ratio {res}");
    assert!(orth < 30.0, "{what}: orthogonality ratio {orth}");
}

fn from_f64<T: RealScalar>(m: &[f64]) -> Vec<T> {
    m.iter().map(|&x| <T as RealScalar>::from_f64(x)).collect()
}

fn fixture_orders<T: LinalgFloat<Re = T> + RealScalar + NpyDType>(dt: &str, rtol: f64) {
    let z = archive();
    let dev = Device::cpu();
    for n in SIZES {
        let m = matrix(n);
        // What the eigensolver sees: the matrix rounded to `T`.
        let mt: Vec<f64> = from_f64::<T>(&m)
            .into_iter()
            .map(<T as RealScalar>::to_f64)
            .collect();
        let x = Array::from_vec(&dev, &[n, n], from_f64::<T>(&m)).unwrap();
        for (uplo, name) in [(Uplo::Lower, "L"), (Uplo::Upper, "U")] {
            let want: Vec<f64> = z
                .array::<T>(&format!("w_{name}_{dt}_{n}"))
                .unwrap()
                .to_vec()
                .unwrap()
                .into_iter()
                .map(<T as RealScalar>::to_f64)
                .collect();
            let s = symmetric(&mt, n, uplo);
            check(
                &x,
                uplo,
                &s,
                &want,
                rtol,
                &format!("{dt} n={n} UPLO={name}"),
            );
            // The transpose (a strided view) read from the other triangle is the same problem.
            let other = if name == "L" {
                Uplo::Upper
            } else {
                Uplo::Lower
            };
            let tag = format!("{dt} n={n} A^T");
            if n <= 200 {
                check(&x.t(), other, &s, &want, rtol, &tag);
            } else {
                // The factors were checked above (the ratios cost n^3 in a debug build).
                let w = eigvalsh(&x.t(), other).unwrap().to_vec().unwrap();
                for (k, (&g, &e)) in w.iter().zip(&want).enumerate() {
                    let g = <T as RealScalar>::to_f64(g);
                    assert!(
                        (g - e).abs() <= rtol * want[n - 1].abs().max(want[0].abs()),
                        "{tag}: w[{k}]"
                    );
                }
            }
            // Every other row and column of a larger matrix.
            if n <= 65 {
                let mut big = vec![<T as RealScalar>::from_f64(7.0); 4 * n * n];
                for i in 0..n {
                    for j in 0..n {
                        big[(2 * i) * 2 * n + 2 * j] = <T as RealScalar>::from_f64(m[i * n + j]);
                    }
                }
                let big = Array::from_vec(&dev, &[2 * n, 2 * n], big).unwrap();
                let view = big.slice(kernels_std::s![..;2, ..;2]).unwrap();
                check(&view, uplo, &s, &want, rtol, &format!("{dt} n={n} strided"));
            }
        }
    }
}

#[test]
fn f64_orders_match_numpy() {
    fixture_orders::<f64>("f8", 1e-12);
}

#[test]
fn f32_orders_match_numpy() {
    fixture_orders::<f32>("f4", 2e-5);
}

/// Matrices with known eigenvalues (ascending), in f64: their eigenvectors checked by the ratios.
fn known(n: usize) -> Vec<(&'static str, Vec<f64>, Vec<f64>)> {
    let mut out = Vec::new();
    // Diagonal: every reflector is the identity.
    let d: Vec<f64> = (0..n)
        .map(|i| ((i * 37) % n) as f64 - n as f64 / 3.0)
        .collect();
    let mut a = vec![0.0; n * n];
    for i in 0..n {
        a[i * n + i] = d[i];
    }
    let mut w = d.clone();
    w.sort_by(f64::total_cmp);
    out.push(("diagonal", a, w));
    // Zero.
    out.push(("zero", vec![0.0; n * n], vec![0.0; n]));
    // Tridiagonal (1-2-1): eigenvalues 2 - 2 cos(k pi / (n + 1)).
    let mut t = vec![0.0; n * n];
    for i in 0..n {
        t[i * n + i] = 2.0;
        if i + 1 < n {
            t[i * n + i + 1] = -1.0;
            t[(i + 1) * n + i] = -1.0;
        }
    }
    let wt = (1..=n)
        .map(|k| 2.0 - 2.0 * (k as f64 * std::f64::consts::PI / (n as f64 + 1.0)).cos())
        .collect();
    out.push(("tridiagonal", t, wt));
    // 3 I + ones: eigenvalue 3 (n - 1 times) and 3 + n.
    let r = (0..n * n)
        .map(|k| 1.0 + if k % (n + 1) == 0 { 3.0 } else { 0.0 })
        .collect();
    let mut wr = vec![3.0; n];
    wr[n - 1] = 3.0 + n as f64;
    out.push(("repeated", r, wr));
    out
}

#[test]
fn structured_and_scaled_matrices() {
    let dev = Device::cpu();
    for n in [1, 2, 33, 97, 130] {
        for (what, a, w) in known(n) {
            // Order 130 runs faer's divide and conquer (order >= 128), which lost the small
            // eigenvalues of the 1-2-1 matrix times 1e-150 when scaled as LAPACK scales.
            for scale in [1.0, 1e-150, 1e150, 1e-300, 3e300] {
                let a: Vec<f64> = a.iter().map(|x| x * scale).collect();
                let w: Vec<f64> = w.iter().map(|x| x * scale).collect();
                let x = Array::from_vec(&dev, &[n, n], a.clone()).unwrap();
                for uplo in [Uplo::Lower, Uplo::Upper] {
                    let tag = format!("{what} n={n} scale={scale:e}");
                    check::<f64>(&x, uplo, &a, &w, 1e-13, &tag);
                }
            }
        }
    }
}

#[test]
fn batches_and_empty_matrices() {
    let dev = Device::cpu();
    let n = 40;
    let m = matrix(n);
    let mut stack = m.clone();
    stack.extend(m.iter().map(|x| 2.0 * x));
    let x = Array::from_vec(&dev, &[2, n, n], stack).unwrap();
    let (w, v) = eigh(&x, Uplo::Lower).unwrap();
    assert_eq!(v.shape(), &[2, n, n]);
    let w = w.to_vec().unwrap();
    let one = eigvalsh(
        &Array::from_vec(&dev, &[n, n], m.clone()).unwrap(),
        Uplo::Lower,
    )
    .unwrap()
    .to_vec()
    .unwrap();
    for k in 0..n {
        assert!((w[k] - one[k]).abs() <= 1e-13 * 8.0, "batch 0, w[{k}]");
        assert!(
            (w[n + k] - 2.0 * one[k]).abs() <= 2e-13 * 8.0,
            "batch 1, w[{k}]"
        );
    }
    let e = Array::from_vec(&dev, &[3, 0, 0], Vec::<f64>::new()).unwrap();
    let (w, v) = eigh(&e, Uplo::Lower).unwrap();
    assert_eq!((w.shape(), v.shape()), (&[3, 0][..], &[3, 0, 0][..]));
}

#[test]
fn non_finite_input_gives_nan() {
    let dev = Device::cpu();
    let n = 70;
    let mut m = matrix(n);
    m[5 * n + 3] = f64::NAN;
    let x = Array::from_vec(&dev, &[n, n], m.clone()).unwrap();
    // A NaN in the triangle read: NaN eigenvalues and eigenvectors, as NumPy's (LAPACK's)
    // `eigh` returns them for this matrix (69 of its 70 eigenvalues; all here).
    let (w, v) = eigh(&x, Uplo::Lower).unwrap();
    assert!(w.to_vec().unwrap().iter().all(|x| x.is_nan()));
    assert!(v.to_vec().unwrap().iter().all(|x| x.is_nan()));
    // The other triangle does not hold it: a finite answer.
    let w = eigvalsh(&x, Uplo::Upper).unwrap().to_vec().unwrap();
    assert!(w.iter().all(|x| x.is_finite()));
    // An infinity on the diagonal, in a batch beside a finite matrix.
    let mut two = matrix(3);
    two.extend(matrix(3));
    two[4] = f64::INFINITY;
    let x = Array::from_vec(&dev, &[2, 3, 3], two).unwrap();
    let w = eigvalsh(&x, Uplo::Lower).unwrap().to_vec().unwrap();
    assert!(w[..3].iter().all(|x| x.is_nan()), "{w:?}");
    assert!(w[3..].iter().all(|x| x.is_finite()), "{w:?}");
}
