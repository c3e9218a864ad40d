//! The factorizations of `linalg` against NumPy: `fixtures/linalg/decomp.npz`, written by
//! `scripts/fixtures/gen_linalg_decomp_fixtures.py`, on the CPU and, when there is one, on CUDA
//! device 0.
//!
//! Where the factors are unique (solutions, inverses, determinants, singular values, Hermitian
//! eigenvalues, Cholesky factors) they are compared with NumPy's within `rtol`: `1e-10` (f64,
//! c128) and `2e-4` (f32, c64), scaled by the condition number where the matrix is
//! ill-conditioned. Where they are not (QR, SVD and eigenvectors) the tests check invariants:
//! `A = Q R` with `Q^H Q = I` and `R` upper triangular, `A V = V diag(w)`, `A = U S V^H`.

mod common;

use common::{assert_close, devices, fixture, Approx, Tol};
use kernels_std::io::{self, NpyDType, Npz};
use kernels_std::linalg::{
    cholesky, cond, cross, det, eig, eigh, eigvals, eigvalsh, inv, kron, lstsq, matmul,
    matrix_norm, matrix_power, matrix_rank, matrix_transpose, multi_dot, norm, norm_axes, pinv, qr,
    qr_raw, slogdet, solve, svd, svdvals, tensorinv, tensorsolve, vecdot, vector_norm, LinalgFloat,
    LinalgInput, NormOrd, QrMode, RealScalar, Uplo,
};
use kernels_std::prelude::*;

fn archive(dev: &Device) -> Npz {
    io::load_npz(fixture("linalg/decomp.npz"), dev).expect("decomp.npz")
}

fn get<T: NpyDType>(z: &Npz, name: &str) -> Array<T> {
    z.array::<T>(name).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn rtol<T: LinalgFloat>() -> f64 {
    if T::EPS > 1e-10 {
        2e-4
    } else {
        1e-10
    }
}

#[track_caller]
fn close<T: Approx>(got: &Array<T>, want: &Array<T>, rtol: f64, what: &str) {
    assert_eq!(got.shape(), want.shape(), "{what}: shape");
    assert_close(got, want, Tol::close(rtol, rtol), what);
}

/// `max |x - y|` over the elements, as an `f64`.
fn max_diff<T: LinalgFloat>(x: &Array<T>, y: &Array<T>) -> f64 {
    assert_eq!(x.shape(), y.shape());
    let f = |v: T::Re| <T::Re as RealScalar>::to_f64(v);
    x.to_vec()
        .unwrap()
        .into_iter()
        .zip(y.to_vec().unwrap())
        .map(|(a, b)| {
            let dr = f(LinalgFloat::re(a)) - f(LinalgFloat::re(b));
            let di = f(LinalgFloat::im(a)) - f(LinalgFloat::im(b));
            dr.hypot(di)
        })
        .fold(0.0, f64::max)
}

fn conj_t<T: LinalgFloat + kernels_std::math::Conjugate>(a: &Array<T>) -> Array<T> {
    kernels_std::math::conjugate(&a.swap_axes(-1, -2).unwrap()).unwrap()
}

fn eye_like<T: LinalgFloat>(dev: &Device, n: usize) -> Array<T> {
    kernels_std::creation::eye::<T>(dev, n, None, 0).unwrap()
}

#[test]
fn solve_matches_numpy_for_every_dtype() {
    for dev in devices() {
        let z = archive(&dev);
        fn one<T: LinalgFloat + LinalgInput<Float = T> + NpyDType + Approx>(
            z: &Npz,
            dt: &str,
            dev: &Device,
        ) {
            let (a, b) = (
                get::<T>(z, &format!("solve_{dt}_a")),
                get::<T>(z, &format!("solve_{dt}_b")),
            );
            let x = solve(&a, &b).unwrap();
            assert!(x.device().same(dev));
            close(
                &x,
                &get(z, &format!("solve_{dt}_x")),
                rtol::<T>() * 100.0,
                &format!("solve {dt} on {dev}"),
            );
        }
        one::<f32>(&z, "f4", &dev);
        one::<f64>(&z, "f8", &dev);
        one::<c64>(&z, "c8", &dev);
        one::<c128>(&z, "c16", &dev);
        for case in ["vec", "batch", "small"] {
            let (a, b) = (
                get::<f64>(&z, &format!("solve_{case}_a")),
                get::<f64>(&z, &format!("solve_{case}_b")),
            );
            close(
                &solve(&a, &b).unwrap(),
                &get(&z, &format!("solve_{case}_x")),
                1e-9,
                case,
            );
        }
        // A transposed view is solved as the matrix it shows.
        let (a, b) = (
            get::<f64>(&z, "solve_view_a"),
            get::<f64>(&z, "solve_view_b"),
        );
        close(
            &solve(&a.t(), &b).unwrap(),
            &get(&z, "solve_view_x"),
            1e-9,
            "solve a.T",
        );
        // Integers are solved in f64.
        let (a, b) = (get::<i32>(&z, "solve_int_a"), get::<i32>(&z, "solve_int_b"));
        let x: Array<f64> = solve(&a, &b).unwrap();
        close(&x, &get(&z, "solve_int_x"), 1e-12, "solve i32");
    }
}

#[test]
fn ill_conditioned_systems_have_small_residuals() {
    for dev in devices() {
        let z = archive(&dev);
        for e in [8, 12] {
            let (a, b) = (
                get::<f64>(&z, &format!("ill_{e}_a")),
                get::<f64>(&z, &format!("ill_{e}_b")),
            );
            let c = get::<f64>(&z, &format!("ill_{e}_cond")).item().unwrap();
            let x = solve(&a, &b).unwrap();
            // Backward stable: the residual is eps-small relative to |A| |x|.
            let r = max_diff(&matmul(&a, &x).unwrap(), &b);
            let scale = norm(&x, NormOrd::Default).unwrap() * norm(&a, NormOrd::Fro).unwrap();
            assert!(
                r <= 1e3 * f64::EPSILON * scale,
                "residual {r} (scale {scale}) at cond 1e{e}"
            );
            // and our condition number agrees with NumPy's to a relative 1e-6 * cond * eps.
            let ours = cond(&a, None).unwrap().item().unwrap();
            assert!((ours - c).abs() <= 1e-3 * c, "cond {ours} vs {c}");
            // The forward error of inv is within cond * eps of NumPy's.
            let ai = inv(&a).unwrap();
            let back = max_diff(&matmul(&a, &ai).unwrap(), &eye_like::<f64>(&dev, 8));
            assert!(
                back <= 1e3 * c * f64::EPSILON,
                "A inv(A) - I = {back} at cond 1e{e}"
            );
        }
    }
}

#[test]
fn singular_matrices_are_errors_or_zero_determinants() {
    for dev in devices() {
        let z = archive(&dev);
        let s = get::<f64>(&z, "singular");
        let b = Array::<f64>::zeros(&dev, &[3]).unwrap();
        for err in [solve(&s, &b).unwrap_err(), inv(&s).unwrap_err()] {
            assert!(matches!(err, Error::LinAlg { .. }), "{err}");
            assert!(err.to_string().contains("Singular matrix"), "{err}");
        }
        // In a stack the error names the matrix.
        let stack = kernels_std::shape::stack(&[&eye_like::<f64>(&dev, 3), &s], 0).unwrap();
        let err = inv(&stack).unwrap_err().to_string();
        assert!(err.contains("matrix [1]"), "{err}");
        assert_eq!(det(&s).unwrap().item().unwrap(), 0.0);
        let (sign, logdet) = slogdet(&s).unwrap();
        assert_eq!(sign.item().unwrap(), 0.0);
        assert_eq!(logdet.item().unwrap(), f64::NEG_INFINITY);
        // Non-square inputs.
        let r = Array::<f64>::zeros(&dev, &[2, 3]).unwrap();
        assert!(matches!(inv(&r), Err(Error::LinAlg { .. })));
        assert!(matches!(det(&r), Err(Error::LinAlg { .. })));
        assert!(matches!(eigh(&r, Uplo::Lower), Err(Error::LinAlg { .. })));
        assert!(matches!(
            cholesky(&Array::<f64>::zeros(&dev, &[3]).unwrap(), false),
            Err(Error::LinAlg { .. })
        ));
    }
}

#[test]
fn inverses_and_determinants_match_numpy() {
    for dev in devices() {
        let z = archive(&dev);
        close(
            &inv(&get::<f64>(&z, "inv_f8_a")).unwrap(),
            &get(&z, "inv_f8_x"),
            1e-10,
            "inv f8",
        );
        close(
            &inv(&get::<c128>(&z, "inv_c16_a")).unwrap(),
            &get(&z, "inv_c16_x"),
            1e-10,
            "inv c16",
        );
        close(
            &inv(&get::<f32>(&z, "inv_f4_a")).unwrap(),
            &get(&z, "inv_f4_x"),
            1e-3,
            "inv f4",
        );
        close(
            &inv(&get::<f64>(&z, "inv_batch_a")).unwrap(),
            &get(&z, "inv_batch_x"),
            1e-10,
            "inv batch",
        );
        let a = get::<f64>(&z, "det_a");
        close(&det(&a).unwrap(), &get(&z, "det_x"), 1e-11, "det");
        let (s, l) = slogdet(&a).unwrap();
        close(&s, &get(&z, "slogdet_sign"), 0.0, "slogdet sign");
        close(&l, &get(&z, "slogdet_log"), 1e-12, "slogdet log");
        let a = get::<c128>(&z, "det_c16_a");
        close(&det(&a).unwrap(), &get(&z, "det_c16_x"), 1e-11, "det c16");
        let (s, l) = slogdet(&a).unwrap();
        close(&s, &get(&z, "slogdet_c16_sign"), 1e-12, "slogdet c16 sign");
        close(&l, &get(&z, "slogdet_c16_log"), 1e-12, "slogdet c16 log");
        close(
            &det(&get::<i64>(&z, "det_int_a")).unwrap(),
            &get(&z, "det_int_x"),
            1e-12,
            "det i64",
        );
    }
}

#[test]
fn empty_and_one_by_one() {
    for dev in devices() {
        let e = Array::<f64>::zeros(&dev, &[0, 0]).unwrap();
        assert_eq!(det(&e).unwrap().item().unwrap(), 1.0);
        assert_eq!(inv(&e).unwrap().shape(), &[0, 0]);
        assert_eq!(cholesky(&e, false).unwrap().shape(), &[0, 0]);
        assert_eq!(eigvalsh(&e, Uplo::Lower).unwrap().shape(), &[0]);
        assert_eq!(
            svdvals(&Array::<f64>::zeros(&dev, &[0, 3]).unwrap())
                .unwrap()
                .shape(),
            &[0]
        );
        assert_eq!(
            pinv(&Array::<f64>::zeros(&dev, &[0, 3]).unwrap(), None, false)
                .unwrap()
                .shape(),
            &[3, 0]
        );
        let stack = Array::<f64>::zeros(&dev, &[0, 3, 3]).unwrap();
        assert_eq!(det(&stack).unwrap().shape(), &[0]);
        assert_eq!(
            solve(&stack, &Array::<f64>::zeros(&dev, &[0, 3, 2]).unwrap())
                .unwrap()
                .shape(),
            &[0, 3, 2]
        );
        let one = Array::from_vec(&dev, &[1, 1], vec![4.0]).unwrap();
        assert_eq!(inv(&one).unwrap().to_vec().unwrap(), vec![0.25]);
        assert_eq!(det(&one).unwrap().item().unwrap(), 4.0);
        assert_eq!(cholesky(&one, false).unwrap().to_vec().unwrap(), vec![2.0]);
        assert_eq!(
            eigvalsh(&one, Uplo::Lower).unwrap().to_vec().unwrap(),
            vec![4.0]
        );
        assert_eq!(svdvals(&one).unwrap().to_vec().unwrap(), vec![4.0]);
        let q = qr(
            &Array::<f64>::zeros(&dev, &[3, 0]).unwrap(),
            QrMode::Complete,
        )
        .unwrap();
        assert_eq!(
            q.q.unwrap().to_vec().unwrap(),
            eye_like::<f64>(&dev, 3).to_vec().unwrap()
        );
        assert!(cond(&e, None).is_err());
    }
}

#[test]
fn nan_and_inf_propagate() {
    for dev in devices() {
        let a = Array::from_vec(&dev, &[2, 2], vec![1.0, f64::NAN, 0.0, 1.0]).unwrap();
        assert!(det(&a).unwrap().item().unwrap().is_nan());
        assert!(cond(&a, Some(NormOrd::Fro))
            .unwrap()
            .item()
            .unwrap()
            .is_nan());
        let b = Array::from_vec(&dev, &[2, 2], vec![1.0, f64::INFINITY, 0.0, 1.0]).unwrap();
        assert!(inv(&b)
            .unwrap()
            .to_vec()
            .unwrap()
            .iter()
            .any(|x| !x.is_finite()));
        let s = Array::from_vec(&dev, &[2, 2], vec![1.0, 1.0, 1.0, 1.0]).unwrap();
        assert_eq!(
            cond(&s, Some(NormOrd::P(1.0))).unwrap().item().unwrap(),
            f64::INFINITY
        );
    }
}

#[test]
fn cholesky_matches_numpy() {
    for dev in devices() {
        let z = archive(&dev);
        close(
            &cholesky(&get::<f64>(&z, "chol_f8_a"), false).unwrap(),
            &get(&z, "chol_f8_l"),
            1e-12,
            "chol f8",
        );
        close(
            &cholesky(&get::<f64>(&z, "chol_f8_a"), true).unwrap(),
            &get(&z, "chol_f8_u"),
            1e-12,
            "chol f8 upper",
        );
        close(
            &cholesky(&get::<c128>(&z, "chol_c16_a"), false).unwrap(),
            &get(&z, "chol_c16_l"),
            1e-12,
            "chol c16",
        );
        close(
            &cholesky(&get::<c128>(&z, "chol_c16_a"), true).unwrap(),
            &get(&z, "chol_c16_u"),
            1e-12,
            "chol c16 upper",
        );
        close(
            &cholesky(&get::<f64>(&z, "chol_batch_a"), false).unwrap(),
            &get(&z, "chol_batch_l"),
            1e-12,
            "chol batch",
        );
        let err = cholesky(&get::<f64>(&z, "chol_indef"), false).unwrap_err();
        assert!(err.to_string().contains("not positive definite"), "{err}");
    }
}

fn check_qr<
    T: LinalgFloat + LinalgInput<Float = T> + NpyDType + Approx + kernels_std::math::Conjugate,
>(
    z: &Npz,
    name: &str,
    dev: &Device,
) where
    T::Re: NpyDType + Approx,
{
    let a = get::<T>(z, &format!("{name}_a"));
    let tol = rtol::<T>() * 10.0;
    for mode in [QrMode::Reduced, QrMode::Complete] {
        let f = qr(&a, mode).unwrap();
        let (q, r) = (f.q.unwrap(), f.r);
        let nd = a.ndim();
        let (m, n) = (a.shape()[nd - 2], a.shape()[nd - 1]);
        let kq = q.shape()[nd - 1];
        assert_eq!(
            kq,
            if mode == QrMode::Complete {
                m
            } else {
                m.min(n)
            }
        );
        assert!(
            max_diff(&matmul(&q, &r).unwrap(), &a) <= tol * 10.0,
            "{name} {mode:?}: A = QR"
        );
        let qhq = matmul(conj_t(&q), &q).unwrap();
        let eye = eye_like::<T>(dev, kq)
            .broadcast_to(qhq.shape())
            .unwrap()
            .copy()
            .unwrap();
        assert!(max_diff(&qhq, &eye) <= tol * 10.0, "{name}: Q orthonormal");
        let upper = kernels_std::creation::triu(&r, 0).unwrap();
        assert_eq!(max_diff(&upper, &r), 0.0, "{name}: R upper triangular");
    }
    let r = qr(&a, QrMode::R).unwrap();
    assert!(r.q.is_none());
    let d = kernels_std::linalg::diagonal(&r.r, 0, -2, -1).unwrap();
    let mag = <T as LinalgFloat>::abs_array(&d).unwrap();
    close(
        &mag,
        &get(z, &format!("{name}_rdiag")),
        tol,
        &format!("{name}: |diag R|"),
    );
}

#[test]
fn qr_invariants() {
    for dev in devices() {
        let z = archive(&dev);
        check_qr::<f64>(&z, "qr_tall", &dev);
        check_qr::<f64>(&z, "qr_wide", &dev);
        check_qr::<c128>(&z, "qr_c16", &dev);
        check_qr::<f32>(&z, "qr_batch", &dev);
        // Raw mode: LAPACK's form, up to the signs of the reflectors: |R| as NumPy's, and the
        // reflectors rebuild Q.
        let a = get::<f64>(&z, "qr_raw_a");
        let (h, tau) = qr_raw(&a).unwrap();
        let (hn, taun) = (get::<f64>(&z, "qr_raw_h"), get::<f64>(&z, "qr_raw_tau"));
        assert_eq!((h.shape(), tau.shape()), (hn.shape(), taun.shape()));
        let q = rebuild_q(&h.t().to_vec().unwrap(), &tau.to_vec().unwrap(), 5, 3);
        let r = kernels_std::creation::triu(&h.t().slice(kernels_std::s![..3, ..]).unwrap(), 0)
            .unwrap();
        let q = Array::from_vec(&dev, &[5, 3], q).unwrap();
        assert!(
            max_diff(&matmul(&q, &r).unwrap(), &a) < 1e-12,
            "raw: H_0 H_1 H_2 R = A"
        );
    }
}

/// The first `k` columns of `H_0 ... H_{k-1}` from LAPACK's `(h, tau)` (row-major `m x n` h).
fn rebuild_q(h: &[f64], tau: &[f64], m: usize, n: usize) -> Vec<f64> {
    let k = tau.len();
    let mut q = vec![0.0; m * n];
    for i in 0..n.min(m) {
        q[i * n + i] = 1.0;
    }
    for j in (0..k).rev() {
        let v: Vec<f64> = (0..m)
            .map(|i| {
                if i < j {
                    0.0
                } else if i == j {
                    1.0
                } else {
                    h[i * n + j]
                }
            })
            .collect();
        for c in 0..n {
            let dot: f64 = (0..m).map(|i| v[i] * q[i * n + c]).sum();
            for i in 0..m {
                q[i * n + c] -= tau[j] * v[i] * dot;
            }
        }
    }
    q
}

fn check_eigh<
    T: LinalgFloat + LinalgInput<Float = T> + NpyDType + Approx + kernels_std::math::Conjugate,
>(
    z: &Npz,
    dt: &str,
    dev: &Device,
) where
    T::Re: NpyDType + Approx,
{
    let a = get::<T>(z, &format!("eigh_{dt}_a"));
    let want = get::<T::Re>(z, &format!("eigh_{dt}_w"));
    let tol = rtol::<T>() * 10.0;
    close(
        &eigvalsh(&a, Uplo::Lower).unwrap(),
        &want,
        tol,
        &format!("eigvalsh {dt}"),
    );
    let (w, v) = eigh(&a, Uplo::Lower).unwrap();
    close(&w, &want, tol, &format!("eigh {dt}"));
    let av = matmul(&a, &v).unwrap();
    let vw = T::mul_elem(&v, &T::from_re_array(&w.insert_axis(-2).unwrap()).unwrap()).unwrap();
    assert!(
        max_diff(&av, &vw) <= tol * 20.0,
        "eigh {dt}: A V = V diag(w)"
    );
    let vhv = matmul(conj_t(&v), &v).unwrap();
    assert!(
        max_diff(&vhv, &eye_like::<T>(dev, 6)) <= tol * 20.0,
        "eigh {dt}: V unitary"
    );
}

#[test]
fn eigh_matches_numpy_and_invariants_hold() {
    for dev in devices() {
        let z = archive(&dev);
        check_eigh::<f64>(&z, "f8", &dev);
        check_eigh::<c128>(&z, "c16", &dev);
        check_eigh::<f32>(&z, "f4", &dev);
        let a = get::<f64>(&z, "eigh_upper_a");
        close(
            &eigvalsh(&a, Uplo::Upper).unwrap(),
            &get(&z, "eigh_upper_w"),
            1e-10,
            "eigvalsh UPLO=U",
        );
        close(
            &eigvalsh(&get::<f64>(&z, "eigh_batch_a"), Uplo::Lower).unwrap(),
            &get(&z, "eigh_batch_w"),
            1e-10,
            "eigvalsh batch",
        );
    }
}

/// The eigenvalues sorted as NumPy's `sort_complex` (by real, then imaginary part).
fn sorted(w: &Array<c128>) -> Vec<c128> {
    let mut v = w.to_vec().unwrap();
    v.sort_by(|a, b| a.re.total_cmp(&b.re).then(a.im.total_cmp(&b.im)));
    v
}

#[test]
fn eig_matches_numpy_and_invariants_hold() {
    for dev in devices() {
        let z = archive(&dev);
        for dt in ["f8", "c16"] {
            let want = get::<c128>(&z, &format!("eig_{dt}_w")).to_vec().unwrap();
            let (w, v, a) = if dt == "f8" {
                let a = get::<f64>(&z, "eig_f8_a");
                let (w, v) = eig(&a).unwrap();
                (w, v, a.astype::<c128>().unwrap())
            } else {
                let a = get::<c128>(&z, "eig_c16_a");
                let (w, v) = eig(&a).unwrap();
                (w, v, a)
            };
            let got = sorted(&w);
            for (g, e) in got.iter().zip(&want) {
                assert!(
                    (g - e).norm() < 1e-10 * (1.0 + e.norm()),
                    "eig {dt}: {g} vs {e}"
                );
            }
            let only = sorted(&if dt == "f8" {
                eigvals(&get::<f64>(&z, "eig_f8_a")).unwrap()
            } else {
                eigvals(&a).unwrap()
            });
            assert_eq!(only.len(), got.len());
            let av = matmul(&a, &v).unwrap();
            let vw = c128::mul_elem(&v, &w.insert_axis(-2).unwrap()).unwrap();
            assert!(max_diff(&av, &vw) < 1e-10, "eig {dt}: A V = V diag(w)");
            let norms = vector_norm(&v, 2.0, Some(&[-2]), false)
                .unwrap()
                .to_vec()
                .unwrap();
            assert!(
                norms.iter().all(|n| (n - 1.0).abs() < 1e-12),
                "eig {dt}: unit vectors"
            );
        }
    }
}

fn check_svd<
    T: LinalgFloat + LinalgInput<Float = T> + NpyDType + Approx + kernels_std::math::Conjugate,
>(
    z: &Npz,
    name: &str,
) where
    T::Re: NpyDType + Approx,
{
    let a = get::<T>(z, &format!("{name}_a"));
    let want = get::<T::Re>(z, &format!("{name}_s"));
    let tol = rtol::<T>() * 10.0;
    close(
        &svdvals(&a).unwrap(),
        &want,
        tol,
        &format!("svdvals {name}"),
    );
    for full in [false, true] {
        let f = svd(&a, full, false).unwrap();
        close(&f.s, &want, tol, &format!("svd {name}"));
        let nd = a.ndim();
        let k = f.s.shape()[nd - 2];
        // U[:, :k] diag(s) Vh[:k, :] = A
        let u =
            f.u.slice(kernels_std::s![.., .., ..k])
                .unwrap_or_else(|_| f.u.clone());
        let u = if nd == 2 {
            f.u.slice(kernels_std::s![.., ..k]).unwrap()
        } else {
            u
        };
        let vh = if nd == 2 {
            f.vh.slice(kernels_std::s![..k, ..]).unwrap()
        } else {
            f.vh.slice(kernels_std::s![.., ..k, ..]).unwrap()
        };
        let us = T::mul_elem(
            &u,
            &T::from_re_array(&f.s.insert_axis(-2).unwrap()).unwrap(),
        )
        .unwrap();
        assert!(
            max_diff(&matmul(&us, &vh).unwrap(), &a) <= tol * 10.0,
            "svd {name} full={full}: A = U S V^H"
        );
    }
}

#[test]
fn svd_matches_numpy_and_reconstructs() {
    for dev in devices() {
        let z = archive(&dev);
        check_svd::<f64>(&z, "svd_tall");
        check_svd::<f64>(&z, "svd_wide");
        check_svd::<c128>(&z, "svd_c16");
        check_svd::<f32>(&z, "svd_batch");
        let a = get::<f64>(&z, "svd_tall_a");
        let f = svd(&a, true, false).unwrap();
        assert_eq!((f.u.shape(), f.vh.shape()), (&[7, 7][..], &[4, 4][..]));
        let _ = dev;
    }
}

#[test]
fn pinv_rank_and_lstsq_match_numpy() {
    for dev in devices() {
        let z = archive(&dev);
        let low = get::<f64>(&z, "rank2");
        close(
            &pinv(&low, None, false).unwrap(),
            &get(&z, "rank2_pinv"),
            1e-9,
            "pinv rank 2",
        );
        assert_eq!(
            matrix_rank(&low, None, false, None)
                .unwrap()
                .item()
                .unwrap(),
            get::<i64>(&z, "rank2_rank").item().unwrap()
        );
        assert_eq!(
            matrix_rank(&low, Some(1e30), false, None)
                .unwrap()
                .item()
                .unwrap(),
            0
        );
        assert!(matrix_rank(&low, Some(1.0), false, Some(1.0)).is_err());
        let v = Array::from_vec(&dev, &[3], vec![0.0, 0.0, 1.0]).unwrap();
        assert_eq!(
            matrix_rank(&v, None, false, None).unwrap().item().unwrap(),
            1
        );
        let h = get::<f64>(&z, "pinv_herm_a");
        close(
            &pinv(&h, None, true).unwrap(),
            &get(&z, "pinv_herm_x"),
            1e-9,
            "pinv hermitian",
        );
        assert_eq!(
            matrix_rank(&h, None, true, None).unwrap().item().unwrap(),
            5
        );
        close(
            &pinv(&get::<c128>(&z, "pinv_c16_a"), None, false).unwrap(),
            &get(&z, "pinv_c16_x"),
            1e-9,
            "pinv c16",
        );
        let r = lstsq(&get::<f64>(&z, "lstsq_a"), &get::<f64>(&z, "lstsq_b"), None).unwrap();
        close(&r.x, &get(&z, "lstsq_x"), 1e-10, "lstsq x");
        close(
            &r.residuals,
            &get(&z, "lstsq_res"),
            1e-10,
            "lstsq residuals",
        );
        close(&r.s, &get(&z, "lstsq_s"), 1e-12, "lstsq s");
        assert_eq!(r.rank, 3);
        let r = lstsq(&low, &get::<f64>(&z, "lstsq_def_b"), None).unwrap();
        close(
            &r.x,
            &get(&z, "lstsq_def_x"),
            1e-9,
            "lstsq rank-deficient (minimum norm)",
        );
        assert_eq!(
            r.rank as i64,
            i64::from(get::<i32>(&z, "lstsq_def_rank").item().unwrap())
        );
        assert_eq!(r.residuals.shape(), &[0]);
        let bad = lstsq(&low, &Array::<f64>::zeros(&dev, &[5]).unwrap(), None).unwrap_err();
        assert!(matches!(bad, Error::LinAlg { .. }), "{bad}");
        // Tall matrices take the QR-first path: rank-deficient, and complex with residuals.
        let r = lstsq(
            &get::<f64>(&z, "lstsq_tall_def_a"),
            &get::<f64>(&z, "lstsq_tall_def_b"),
            None,
        )
        .unwrap();
        close(
            &r.x,
            &get(&z, "lstsq_tall_def_x"),
            1e-9,
            "lstsq tall rank 2",
        );
        close(
            &r.s,
            &get(&z, "lstsq_tall_def_s"),
            1e-9,
            "lstsq tall rank 2 s",
        );
        assert_eq!(
            r.rank as i64,
            i64::from(get::<i32>(&z, "lstsq_tall_def_rank").item().unwrap())
        );
        assert_eq!(r.residuals.shape(), &[0]);
        let r = lstsq(
            &get::<c128>(&z, "lstsq_tall_c_a"),
            &get::<c128>(&z, "lstsq_tall_c_b"),
            None,
        )
        .unwrap();
        close(
            &r.x,
            &get(&z, "lstsq_tall_c_x"),
            1e-10,
            "lstsq tall complex",
        );
        close(
            &r.residuals,
            &get(&z, "lstsq_tall_c_res"),
            1e-10,
            "lstsq tall complex residuals",
        );
        close(
            &r.s,
            &get(&z, "lstsq_tall_c_s"),
            1e-12,
            "lstsq tall complex s",
        );
        assert_eq!(r.rank, 3);
    }
}

#[test]
fn matrix_power_matches_numpy() {
    for dev in devices() {
        let z = archive(&dev);
        close(
            &matrix_power(&get::<i64>(&z, "mpow_int_a"), 5).unwrap(),
            &get(&z, "mpow_int_x"),
            0.0,
            "a^5",
        );
        close(
            &matrix_power(&get::<f64>(&z, "mpow_neg_a"), -3).unwrap(),
            &get(&z, "mpow_neg_x"),
            1e-10,
            "a^-3",
        );
        let a = get::<i64>(&z, "mpow_int_a");
        assert_eq!(
            matrix_power(&a, 0).unwrap().to_vec().unwrap(),
            vec![1, 0, 0, 0, 1, 0, 0, 0, 1]
        );
        assert!(matrix_power(&a, -1).is_err());
    }
}

#[test]
fn norms_and_cond_match_numpy() {
    for dev in devices() {
        let z = archive(&dev);
        let a = get::<f64>(&z, "norm_a");
        for (name, o) in [
            ("fro", NormOrd::Fro),
            ("nuc", NormOrd::Nuc),
            ("inf", NormOrd::Inf),
            ("ninf", NormOrd::NegInf),
            ("one", NormOrd::P(1.0)),
            ("none", NormOrd::P(-1.0)),
            ("two", NormOrd::P(2.0)),
            ("ntwo", NormOrd::P(-2.0)),
        ] {
            close(
                &matrix_norm(&a, o, false).unwrap(),
                &get(&z, &format!("mnorm_{name}")),
                1e-12,
                &format!("matrix_norm {name}"),
            );
        }
        assert_eq!(
            matrix_norm(&a, NormOrd::Fro, true).unwrap().shape(),
            &[2, 1, 1]
        );
        for (name, p) in [
            ("two", 2.0),
            ("one", 1.0),
            ("inf", f64::INFINITY),
            ("ninf", f64::NEG_INFINITY),
            ("zero", 0.0),
            ("three", 3.0),
            ("half", 0.5),
        ] {
            close(
                &vector_norm(&a, p, Some(&[-1]), false).unwrap(),
                &get(&z, &format!("vnorm_{name}")),
                1e-12,
                &format!("vector_norm {name}"),
            );
        }
        close(
            &vector_norm(&a, 2.0, Some(&[0, 2]), false).unwrap(),
            &get(&z, "vnorm_axes"),
            1e-12,
            "vector_norm axes (0, 2)",
        );
        close(
            &norm_axes(&a, NormOrd::Inf, &[0, 2], false).unwrap(),
            &get(&z, "norm_axis02_inf"),
            1e-12,
            "norm axis (0, 2) inf",
        );
        close(
            &vector_norm(&get::<c128>(&z, "vnorm_c16_a"), 2.0, Some(&[0]), false).unwrap(),
            &get(&z, "vnorm_c16"),
            1e-12,
            "vector_norm c16",
        );
        // The scalar norm of a matrix now has the SVD orders.
        let m = a.index_axis(0, 0).unwrap();
        let two = norm(&m, NormOrd::P(2.0)).unwrap();
        assert!((two - get::<f64>(&z, "mnorm_two").to_vec().unwrap()[0]).abs() < 1e-12);
        let c = get::<f64>(&z, "cond_a");
        for (name, p) in [
            ("none", None),
            ("two", Some(NormOrd::P(2.0))),
            ("ntwo", Some(NormOrd::P(-2.0))),
            ("one", Some(NormOrd::P(1.0))),
            ("inf", Some(NormOrd::Inf)),
            ("fro", Some(NormOrd::Fro)),
        ] {
            close(
                &cond(&c, p).unwrap(),
                &get(&z, &format!("cond_{name}")),
                1e-10,
                &format!("cond {name}"),
            );
        }
    }
}

#[test]
fn products_match_numpy() {
    for dev in devices() {
        let z = archive(&dev);
        let ms: Vec<Array<f64>> = (0..4).map(|i| get(&z, &format!("mdot_{i}"))).collect();
        let refs: Vec<&Array<f64>> = ms.iter().collect();
        close(
            &multi_dot(&refs).unwrap(),
            &get(&z, "mdot_x"),
            1e-12,
            "multi_dot",
        );
        close(
            &cross(&get::<f64>(&z, "cross_a"), &get::<f64>(&z, "cross_b"), -1).unwrap(),
            &get(&z, "cross_x"),
            1e-12,
            "cross",
        );
        close(
            &vecdot(
                &get::<c128>(&z, "vecdot_a"),
                &get::<c128>(&z, "vecdot_b"),
                -1,
            )
            .unwrap(),
            &get(&z, "vecdot_x"),
            1e-12,
            "vecdot",
        );
        close(
            &kron(&get::<f64>(&z, "kron_a"), &get::<f64>(&z, "kron_b")).unwrap(),
            &get(&z, "kron_x"),
            0.0,
            "kron",
        );
        close(
            &tensorsolve(
                &get::<f64>(&z, "tsolve_a"),
                &get::<f64>(&z, "tsolve_b"),
                None,
            )
            .unwrap(),
            &get(&z, "tsolve_x"),
            1e-10,
            "tensorsolve",
        );
        close(
            &tensorinv(&get::<f64>(&z, "tinv_a"), 1).unwrap(),
            &get(&z, "tinv_x"),
            1e-10,
            "tensorinv",
        );
        let a = get::<f64>(&z, "kron_b");
        assert_eq!(matrix_transpose(&a).unwrap().shape(), &[3, 2, 2]);
        assert!(multi_dot(&[&ms[0]]).is_err());
        assert!(cross(&ms[0], &ms[0], -1).is_err());
    }
}

#[test]
fn every_kernel_compiles_with_nvrtc() {
    use kernels_std::array_runtime::cuda::verify;
    if !verify::nvrtc_or_skip("linalg decompositions").unwrap() {
        return;
    }
    kernels_std::linalg::verify_kernels().unwrap_or_else(|e| panic!("{e}"));
}

// scipy.linalg

use kernels_std::scipy::linalg as sl;

#[test]
fn scipy_lu_family_matches_scipy() {
    for dev in devices() {
        let z = archive(&dev);
        let a = get::<f64>(&z, "slu_a");
        let f = sl::lu(&a, false, false).unwrap();
        close(&f.p.unwrap(), &get(&z, "slu_p"), 0.0, "lu P");
        close(&f.l, &get(&z, "slu_l"), 1e-12, "lu L");
        close(&f.u, &get(&z, "slu_u"), 1e-12, "lu U");
        let f = sl::lu(&a, false, true).unwrap();
        assert_eq!(
            f.p_indices.unwrap().to_vec().unwrap(),
            get::<i64>(&z, "slu_pidx").to_vec().unwrap()
        );
        let pl = sl::lu(&a, true, false).unwrap();
        assert!(
            max_diff(&matmul(&pl.l, &pl.u).unwrap(), &a) < 1e-12,
            "permute_l: (P L) U = A"
        );
        let (lu, piv) = sl::lu_factor(&a).unwrap();
        close(&lu, &get(&z, "slu_lu"), 1e-12, "lu_factor lu");
        assert_eq!(
            piv.to_vec().unwrap(),
            get::<i64>(&z, "slu_piv").to_vec().unwrap()
        );
        let b = get::<f64>(&z, "slu_b");
        for t in [0u8, 1] {
            close(
                &sl::lu_solve(&lu, &piv, &b, t).unwrap(),
                &get(&z, &format!("slu_x{t}")),
                1e-10,
                &format!("lu_solve trans={t}"),
            );
        }
        let w = get::<f64>(&z, "slu_wide_a");
        let f = sl::lu(&w, false, false).unwrap();
        close(&f.l, &get(&z, "slu_wide_l"), 1e-12, "lu wide L");
        close(&f.u, &get(&z, "slu_wide_u"), 1e-12, "lu wide U");
    }
}

#[test]
fn scipy_triangular_cholesky_and_structured_solves() {
    for dev in devices() {
        let z = archive(&dev);
        let (t, b) = (get::<f64>(&z, "stri_a"), get::<f64>(&z, "stri_b"));
        for tr in [0u8, 1] {
            close(
                &sl::solve_triangular(&t, &b, tr, false, false).unwrap(),
                &get(&z, &format!("stri_x{tr}")),
                1e-12,
                "solve_triangular",
            );
        }
        close(
            &sl::solve_triangular(&t.t(), &b, 0, true, true).unwrap(),
            &get(&z, "stri_unit_x"),
            1e-12,
            "unit_diagonal",
        );
        let (a, b) = (get::<c128>(&z, "scho_a"), get::<c128>(&z, "scho_b"));
        for lower in [true, false] {
            let c = sl::cho_factor(&a, lower).unwrap();
            close(
                &sl::cho_solve(&c, lower, &b).unwrap(),
                &get(&z, "scho_x"),
                1e-10,
                "cho_solve",
            );
        }
        close(
            &sl::solve(&a, &b, false, sl::AssumeA::PositiveDefinite).unwrap(),
            &get(&z, "ssolve_pos_x"),
            1e-10,
            "solve pos",
        );
        close(
            &sl::solve(&a, &b, true, sl::AssumeA::General).unwrap(),
            &get(&z, "ssolve_pos_x"),
            1e-10,
            "solve gen",
        );
        let u = sl::cholesky(&get::<f64>(&z, "chol_f8_a"), false).unwrap();
        close(
            &u,
            &get(&z, "chol_f8_u"),
            1e-12,
            "scipy cholesky is upper by default",
        );
    }
}

#[test]
fn scipy_eigh_expm_polar_and_subspaces() {
    for dev in devices() {
        let z = archive(&dev);
        let (a, b) = (get::<f64>(&z, "sgeig_a"), get::<f64>(&z, "sgeig_b"));
        let (w, v) = sl::eigh(&a, Some(&b), true, false, None).unwrap();
        close(&w, &get(&z, "sgeig_w"), 1e-10, "generalized eigh");
        let v = v.unwrap();
        let av = matmul(&a, &v).unwrap();
        let bvw = f64::mul_elem(&matmul(&b, &v).unwrap(), &w.insert_axis(0).unwrap()).unwrap();
        assert!(max_diff(&av, &bvw) < 1e-10, "A V = B V diag(w)");
        let vbv = matmul(v.t(), matmul(&b, &v).unwrap()).unwrap();
        assert!(
            max_diff(&vbv, &eye_like::<f64>(&dev, 5)) < 1e-10,
            "V^T B V = I"
        );
        let (w, none) = sl::eigh(&a, None, true, true, Some((1, 3))).unwrap();
        assert!(none.is_none());
        close(&w, &get(&z, "sgeig_sub_w"), 1e-10, "subset_by_index");
        close(
            &sl::expm(&get::<f64>(&z, "sexpm_a")).unwrap(),
            &get(&z, "sexpm_x"),
            1e-11,
            "expm",
        );
        close(
            &sl::expm(&get::<c128>(&z, "sexpm_c_a")).unwrap(),
            &get(&z, "sexpm_c_x"),
            1e-11,
            "expm c128 stack",
        );
        let low = get::<f64>(&z, "rank2");
        let ns = sl::null_space(&low, None).unwrap();
        assert_eq!(
            ns.shape()[1] as i64,
            get::<i64>(&z, "snull_dim").item().unwrap()
        );
        assert!(
            max_diff(
                &matmul(&low, &ns).unwrap(),
                &Array::zeros(&dev, &[6, 3]).unwrap()
            ) < 1e-12,
            "A N = 0"
        );
        assert_eq!(
            sl::orth(&low, None).unwrap().shape()[1] as i64,
            get::<i64>(&z, "sorth_dim").item().unwrap()
        );
        let ap = get::<f64>(&z, "spolar_a");
        let (u, p) = sl::polar(&ap, false).unwrap();
        close(&p, &get(&z, "spolar_p"), 1e-12, "polar p");
        assert!(max_diff(&matmul(&u, &p).unwrap(), &ap) < 1e-12, "A = U P");
    }
}

#[test]
fn scipy_special_matrices_match_scipy() {
    for dev in devices() {
        let z = archive(&dev);
        let (c, r) = (get::<f64>(&z, "stoep_c"), get::<f64>(&z, "stoep_r"));
        close(
            &sl::toeplitz(&c, Some(&r)).unwrap(),
            &get(&z, "stoep_x"),
            0.0,
            "toeplitz",
        );
        close(
            &sl::circulant(&c).unwrap(),
            &get(&z, "scirc_x"),
            0.0,
            "circulant",
        );
        close(
            &sl::hankel(&c, Some(&r)).unwrap(),
            &get(&z, "shank_x"),
            0.0,
            "hankel",
        );
        close(
            &sl::companion(&get::<f64>(&z, "scomp_a")).unwrap(),
            &get(&z, "scomp_x"),
            1e-15,
            "companion",
        );
        close(
            &sl::hilbert(&dev, 5).unwrap(),
            &get(&z, "shilb_x"),
            1e-15,
            "hilbert",
        );
        close(
            &sl::invhilbert(&dev, 5).unwrap(),
            &get(&z, "sinvhilb_x"),
            0.0,
            "invhilbert",
        );
        close(
            &sl::pascal(&dev, 5, sl::PascalKind::Symmetric).unwrap(),
            &get(&z, "spascal_x"),
            0.0,
            "pascal",
        );
        close(
            &sl::hadamard(&dev, 8).unwrap(),
            &get(&z, "shad_x"),
            0.0,
            "hadamard",
        );
        close(
            &sl::dft(&dev, 5, sl::DftScale::None).unwrap(),
            &get(&z, "sdft_x"),
            1e-14,
            "dft",
        );
        close(
            &sl::helmert(&dev, 4, false).unwrap(),
            &get(&z, "shelm_x"),
            1e-15,
            "helmert",
        );
        close(
            &sl::fiedler(&c).unwrap(),
            &get(&z, "sfied_x"),
            0.0,
            "fiedler",
        );
        close(
            &sl::leslie(&get::<f64>(&z, "sles_f"), &get::<f64>(&z, "sles_s")).unwrap(),
            &get(&z, "sles_x"),
            0.0,
            "leslie",
        );
        close(
            &sl::khatri_rao(&get::<f64>(&z, "skr_a"), &get::<f64>(&z, "skr_b")).unwrap(),
            &get(&z, "skr_x"),
            0.0,
            "khatri_rao",
        );
        for (name, mode) in [
            ("full", sl::ConvMode::Full),
            ("valid", sl::ConvMode::Valid),
            ("same", sl::ConvMode::Same),
        ] {
            close(
                &sl::convolution_matrix(&c, 6, mode).unwrap(),
                &get(&z, &format!("sconv_{name}")),
                0.0,
                &format!("convolution_matrix {name}"),
            );
        }
        let seven = Array::scalar(&dev, 7.0).unwrap();
        let (a, b) = (get::<f64>(&z, "sbd_a"), get::<f64>(&z, "sbd_b"));
        close(
            &sl::block_diag(&[&a, &b, &seven]).unwrap(),
            &get(&z, "sbd_x"),
            0.0,
            "block_diag",
        );
        let h = get::<c128>(&z, "eigh_c16_a");
        assert!(sl::ishermitian(&h).unwrap());
        assert!(!sl::issymmetric(&h).unwrap());
        assert_eq!(
            sl::bandwidth(&sl::hilbert(&dev, 3).unwrap()).unwrap(),
            (2, 2)
        );
        assert!(sl::hadamard(&dev, 6).is_err());
        assert!(sl::companion(&Array::from_vec(&dev, &[2], vec![0.0, 1.0]).unwrap()).is_err());
    }
}

#[test]
fn scipy_kernels_compile_with_nvrtc() {
    use kernels_std::array_runtime::cuda::verify;
    if !verify::nvrtc_or_skip("scipy.linalg kernels").unwrap() {
        return;
    }
    sl::verify_kernels().unwrap_or_else(|e| panic!("{e}"));
}
