//! `sparse::linalg` against SciPy: the fixtures of
//! `scripts/fixtures/gen_sparse_linalg_fixtures.py` (SciPy 1.17's `cg`, `bicgstab`, `cgs`,
//! `gmres` (restarted and not, its three callback types) and `minres` (SPD, symmetric
//! indefinite, shifted) on the 2-d Poisson matrix, a Poisson matrix with a varied diagonal
//! under a Jacobi preconditioner, a complex Hermitian one, a non-symmetric
//! convection-diffusion one, with and without `x0`, in `f32`, `f64`, `c64`, `c128`, and runs
//! stopped by `maxiter`; `lsqr` and `lsmr` on rectangular systems (`run_ls_case`);
//! `spsolve_triangular` (`run_tri_case`) and `spsolve` (`run_dir_case`)), on the CPU
//! backend and, when there is one, on CUDA device 0 (and on the CUDA host target under
//! `KERNELS_TEST_CUDA_HOST`); then the operators, the edge cases and every malformed call.
//!
//! Tolerances, from the condition number. `info` exactly. A converged run stops when its
//! residual `r` satisfies `||r|| < t = max(rtol ||b||, atol)`, so `||x - x*|| = ||A^-1 (b - A x)||
//! <= ||A^-1|| (t + g)`, where `g` bounds the gap between the updated residual and the true
//! `b - A x` (rounding: `10 k eps ||A|| ||x*||` after `k` iterations); that bound is checked
//! against the exact solution, and twice it against SciPy's `x` (which satisfies the same).
//! The iteration count may differ from SciPy's by one in double precision (the last test
//! compares two numbers close to the threshold, computed in different orders), by an eighth
//! in single precision (where rounding decides how fast orthogonality is lost: `c64` CG on a
//! matrix of condition 160 takes 60 iterations in SciPy, 65 here, 69 vs 74 at another
//! `rtol`); the solutions are held to the bound above all the same. Runs stopped by `maxiter` make the
//! same iterations as SciPy's: their iterates agree within `100 k eps cond(A) ||x||`.

mod common;

use common::sparse_fixtures::{dist, norm, scalar};
use common::{devices, fixture};
use kernels_std::io::{NpyDType, Npz};
use kernels_std::prelude::*;
use kernels_std::sparse::linalg::{
    aslinearoperator, bicgstab, cg, cgs, gmres, minres, AsLinearOperator, Krylov, LinearOperator,
    SolverDType,
};
use kernels_std::sparse::{diags, CooArray, CscArray, CsrArray};

fn fixtures(dev: &Device) -> Npz {
    kernels_std::io::load_npz(fixture("sparse_linalg/sparse_linalg.npz"), dev)
        .expect("sparse_linalg.npz")
}

fn run_case<T: SolverDType + NpyDType>(npz: &Npz, c: &str, dev: &Device) {
    let get = |k: &str| npz.array::<T>(&format!("{c}_{k}")).unwrap();
    let indptr = npz.array::<i32>(&format!("{c}_indptr")).unwrap();
    let n = indptr.len() - 1;
    let a = CsrArray::new(
        &get("data"),
        &npz.array::<i32>(&format!("{c}_indices")).unwrap(),
        &indptr,
        [n, n],
    )
    .unwrap();
    let b = get("b");
    let args = npz
        .array::<f64>(&format!("{c}_args"))
        .unwrap()
        .to_vec()
        .unwrap();
    let (rtol, atol, maxiter) = (args[0], args[1], args[2]);
    let method = npz
        .array::<i8>(&format!("{c}_method"))
        .unwrap()
        .item()
        .unwrap();
    let x0 = npz.get(&format!("{c}_x0")).map(|_| get("x0"));
    let m = npz
        .get(&format!("{c}_minv"))
        .map(|_| diags::<T, i32>(dev, &[get("minv")], &[0], None).unwrap());
    let mut iters = 0i64;
    let (x, info) = match method {
        0..=2 => {
            let mut call = match method {
                0 => cg(&a, &b),
                1 => bicgstab(&a, &b),
                _ => cgs(&a, &b),
            }
            .rtol(rtol)
            .atol(atol);
            if maxiter >= 0.0 {
                call = call.maxiter(maxiter as usize);
            }
            if let Some(x0) = &x0 {
                call = call.x0(x0);
            }
            if let Some(m) = &m {
                call = call.m(m);
            }
            call.callback(|_| iters += 1).run()
        }
        3 => {
            let mut call = gmres(&a, &b).rtol(rtol).atol(atol);
            if maxiter >= 0.0 {
                call = call.maxiter(maxiter as usize);
            }
            if args[3] >= 0.0 {
                call = call.restart(args[3] as usize);
            }
            if let Some(x0) = &x0 {
                call = call.x0(x0);
            }
            if let Some(m) = &m {
                call = call.m(m);
            }
            match args[4] as i32 {
                0 => call.callback(|_| iters += 1),
                1 => call.callback_pr_norm(|_| iters += 1),
                _ => call.callback_legacy(|_| iters += 1),
            }
            .run()
        }
        _ => {
            let mut call = minres(&a, &b).rtol(rtol).shift(args[5]);
            if maxiter >= 0.0 {
                call = call.maxiter(maxiter as usize);
            }
            if let Some(x0) = &x0 {
                call = call.x0(x0);
            }
            if let Some(m) = &m {
                call = call.m(m);
            }
            call.callback(|_| iters += 1).check(true).run()
        }
    }
    .unwrap_or_else(|e| panic!("{c}: {e}"));
    let want_info = npz
        .array::<i64>(&format!("{c}_info"))
        .unwrap()
        .item()
        .unwrap();
    let want_iters = npz
        .array::<i64>(&format!("{c}_iters"))
        .unwrap()
        .item()
        .unwrap();
    assert_eq!(info, want_info, "{c}: info");
    assert_eq!(x.shape(), &[n], "{c}");
    let (x, want) = (x.to_vec().unwrap(), get("x").to_vec().unwrap());
    let eps: f64 = T::eps().into();
    let (ainv, anorm) = (
        scalar(npz, &format!("{c}_ainv")),
        scalar(npz, &format!("{c}_anorm")),
    );
    if info == 0 {
        // Single precision: the Krylov vectors lose orthogonality by rounding, and when the
        // iteration ends depends on it (an eighth of SciPy's count; one in double precision,
        // but for minres on an indefinite matrix, whose three-term Lanczos recurrence loses
        // orthogonality there too: a 25th).
        let margin = if eps > 1e-10 {
            (want_iters / 8).max(1)
        } else if method == 4 {
            (want_iters / 25).max(1)
        } else {
            1
        };
        assert!(
            (iters - want_iters).abs() <= margin,
            "{c}: {iters} iterations, SciPy {want_iters}"
        );
        let xstar = get("xstar").to_vec().unwrap();
        let bnorm = norm(&b.to_vec().unwrap());
        let t = match npz.get(&format!("{c}_tol")) {
            Some(_) => scalar(npz, &format!("{c}_tol")),
            None => atol.max(rtol * bnorm),
        };
        let gap = 10.0 * (iters + 1) as f64 * eps * anorm * norm(&xstar);
        let bound = ainv * (t + gap);
        let err = dist(&x, &xstar);
        assert!(err <= bound, "{c}: ||x - x*|| = {err:e} > {bound:e}");
        let d = dist(&x, &want);
        assert!(
            d <= 2.0 * bound,
            "{c}: ||x - x_scipy|| = {d:e} > {:e}",
            2.0 * bound
        );
    } else {
        assert_eq!(iters, want_iters, "{c}: iterations");
        let cond = ainv * anorm;
        let bound = 100.0 * iters as f64 * eps * cond * norm(&want);
        let d = dist(&x, &want);
        assert!(d <= bound, "{c}: ||x - x_scipy|| = {d:e} > {bound:e}");
    }
}

#[test]
fn solvers_against_scipy() {
    for dev in devices() {
        let npz = fixtures(&dev);
        let mut names: Vec<&str> = npz
            .names()
            .filter_map(|k| k.strip_suffix("_method"))
            .collect();
        names.sort_unstable();
        assert!(names.len() >= 37, "{names:?}");
        for c in names {
            match c.rsplit('_').next() {
                Some("f32") => run_case::<f32>(&npz, c, &dev),
                Some("f64") => run_case::<f64>(&npz, c, &dev),
                Some("c64") => run_case::<c64>(&npz, c, &dev),
                Some("c128") => run_case::<c128>(&npz, c, &dev),
                other => panic!("{c}: dtype {other:?}"),
            }
        }
    }
}

/// The 1-d Laplacian of `n` points, CSR.
fn laplacian(dev: &Device, n: usize) -> CsrArray<f64> {
    let main = Array::from_vec(dev, &[n], vec![2.0; n]).unwrap();
    let off = Array::from_vec(dev, &[1], vec![-1.0]).unwrap();
    diags(dev, &[main, off.clone(), off], &[0, -1, 1], None).unwrap()
}

fn ramp(dev: &Device, n: usize) -> Array<f64> {
    Array::from_vec(dev, &[n], (0..n).map(|i| (i % 7) as f64 - 3.0).collect()).unwrap()
}

#[test]
fn every_operand_kind_gives_the_same_solution() {
    for dev in devices() {
        let n = 20;
        let a = laplacian(&dev, n);
        let b = ramp(&dev, n);
        let (want, info) = cg(&a, &b).rtol(1e-10).run().unwrap();
        assert_eq!(info, 0);
        let want = want.to_vec().unwrap();
        let close = |x: Array<f64>| {
            let x = x.to_vec().unwrap();
            assert!(dist(&x, &want) <= 1e-12 * norm(&want), "{x:?}");
        };
        let csc: CscArray<f64> = a.tocsc().unwrap();
        let coo: CooArray<f64> = a.tocoo().unwrap();
        let dense = a.toarray().unwrap();
        close(cg(&csc, &b).rtol(1e-10).run().unwrap().0);
        close(cg(&coo, &b).rtol(1e-10).run().unwrap().0);
        close(cg(&dense, &b).rtol(1e-10).run().unwrap().0);
        let op = LinearOperator::new([n, n], |x: &Array<f64>| a.dot(x));
        close(cg(&op, &b).rtol(1e-10).run().unwrap().0);
        // b as a column, x0 as a column: x is 1-d, as SciPy's.
        let col = b.reshape(&[n, 1]).unwrap();
        let x0 = Array::<f64>::zeros(&dev, &[n, 1]).unwrap();
        let (x, _) = cg(&a, &col).x0(&x0).rtol(1e-10).run().unwrap();
        assert_eq!(x.shape(), &[n]);
        close(x);
        // The adjoints of every kind agree (a non-symmetric matrix).
        let ns = CsrArray::<f64>::from_dense(
            &Array::from_vec(&dev, &[2, 3], vec![1.0, 2.0, 0.0, 0.0, 3.0, 4.0]).unwrap(),
        )
        .unwrap();
        let y = Array::from_vec(&dev, &[2], vec![1.0, -1.0]).unwrap();
        let want_t = vec![1.0, -1.0, -4.0];
        for op in [
            aslinearoperator(&ns).unwrap(),
            aslinearoperator(&ns.tocsc().unwrap()).unwrap(),
            aslinearoperator(&ns.tocoo().unwrap()).unwrap(),
        ] {
            assert_eq!(op.rmatvec(&y).unwrap().to_vec().unwrap(), want_t);
        }
        let dense_ns = ns.toarray().unwrap();
        let op = aslinearoperator(&dense_ns).unwrap();
        assert_eq!(op.rmatvec(&y).unwrap().to_vec().unwrap(), want_t);
    }
}

#[test]
fn complex_adjoint_is_conjugated() {
    let dev = Device::cpu();
    let d = Array::from_vec(
        &dev,
        &[1, 2],
        vec![c128::new(1.0, 2.0), c128::new(0.0, -1.0)],
    )
    .unwrap();
    let y = Array::from_vec(&dev, &[1], vec![c128::new(1.0, 0.0)]).unwrap();
    let want = vec![c128::new(1.0, -2.0), c128::new(0.0, 1.0)];
    let csr = CsrArray::<c128>::from_dense(&d).unwrap();
    assert_eq!(
        aslinearoperator(&csr)
            .unwrap()
            .rmatvec(&y)
            .unwrap()
            .to_vec()
            .unwrap(),
        want
    );
    assert_eq!(
        aslinearoperator(&d)
            .unwrap()
            .rmatvec(&y)
            .unwrap()
            .to_vec()
            .unwrap(),
        want
    );
}

#[test]
fn edge_cases_follow_scipy() {
    for dev in devices() {
        // 0 x 0: b has no norm, x is b (SciPy's `return b, 0`).
        let empty = CsrArray::<f64>::from_dense(&Array::zeros(&dev, &[0, 0]).unwrap()).unwrap();
        let b0 = Array::<f64>::zeros(&dev, &[0]).unwrap();
        for solve in [cg, bicgstab, cgs] {
            let (x, info) = solve(&empty, &b0).run().unwrap();
            assert_eq!((x.shape(), info), (&[0usize][..], 0));
        }
        // b = 0: x = 0 whatever x0 is, no iteration.
        let a = laplacian(&dev, 5);
        let zero = Array::<f64>::zeros(&dev, &[5]).unwrap();
        let x0 = ramp(&dev, 5);
        let mut calls = 0;
        let (x, info) = cg(&a, &zero)
            .x0(&x0)
            .callback(|_| calls += 1)
            .run()
            .unwrap();
        assert_eq!((x.to_vec().unwrap(), info, calls), (vec![0.0; 5], 0, 0));
        // maxiter 0: x0 back and info 0 (SciPy returns `x, maxiter`).
        let b = ramp(&dev, 5);
        let (x, info) = cg(&a, &b).x0(&x0).maxiter(0).run().unwrap();
        assert_eq!((x.to_vec().unwrap(), info), (x0.to_vec().unwrap(), 0));
        // An x0 that already solves the system: no iteration.
        let exact = cg(&a, &b).rtol(1e-14).run().unwrap().0;
        let mut calls = 0;
        let (_, info) = cg(&a, &b)
            .x0(&exact)
            .callback(|_| calls += 1)
            .run()
            .unwrap();
        assert_eq!((info, calls), (0, 0));
        // x0 is not modified.
        assert_eq!(x0.to_vec().unwrap(), ramp(&dev, 5).to_vec().unwrap());
    }
}

/// Solver `method` (0 `cg`, 1 `bicgstab`, 2 `cgs`) on `a`, `b`.
fn call<'a, A: AsLinearOperator<f64> + ?Sized>(
    method: usize,
    a: &'a A,
    b: &'a Array<f64>,
) -> Krylov<'a, f64> {
    match method {
        0 => cg(a, b),
        1 => bicgstab(a, b),
        _ => cgs(a, b),
    }
}

#[test]
fn malformed_calls_are_errors() {
    let dev = Device::cpu();
    let a = laplacian(&dev, 4);
    let b = ramp(&dev, 4);
    let rect = CsrArray::<f64>::from_dense(&Array::zeros(&dev, &[2, 3]).unwrap()).unwrap();
    let msg = |r: Result<(Array<f64>, i64)>| r.unwrap_err().to_string();
    assert!(msg(cg(&rect, &b).run()).contains("square"));
    for method in 0..3 {
        assert!(call(method, &a, &ramp(&dev, 5)).run().is_err());
        let b2 = Array::<f64>::zeros(&dev, &[4, 2]).unwrap();
        assert!(call(method, &a, &b2).run().is_err());
        let bad_x0 = ramp(&dev, 3);
        assert!(call(method, &a, &b).x0(&bad_x0).run().is_err());
        let m = laplacian(&dev, 3);
        assert!(msg(call(method, &a, &b).m(&m).run()).contains("preconditioner"));
        assert!(msg(call(method, &a, &b).atol(-1.0).run()).contains("atol"));
        assert!(call(method, &a, &b).atol(f64::NAN).run().is_err());
        // A user's matvec of the wrong length, or failing.
        let short =
            LinearOperator::new([4, 4], |_: &Array<f64>| Array::zeros(&Device::cpu(), &[3]));
        assert!(msg(call(method, &short, &b).run()).contains("invalid shape"));
        let failing =
            LinearOperator::new([4, 4], |_: &Array<f64>| Err(Error::invalid("user failure")));
        assert!(msg(call(method, &failing, &b).run()).contains("user failure"));
        // A dense operand that is not 2-d.
        assert!(call(method, &b, &b).run().is_err());
    }
}

#[test]
fn linear_operator_products_are_checked() {
    let dev = Device::cpu();
    let op = LinearOperator::new([2, 3], |x: &Array<f64>| {
        let v = x.to_vec()?;
        Array::from_vec(&x.device(), &[2], vec![v[0] + v[1], v[2]])
    });
    assert_eq!((op.shape(), op.dtype()), ([2, 3], DTypeId::F64));
    let x = Array::from_vec(&dev, &[3], vec![1.0, 2.0, 3.0]).unwrap();
    assert_eq!(op.matvec(&x).unwrap().to_vec().unwrap(), vec![3.0, 3.0]);
    assert!(op.matvec(&Array::zeros(&dev, &[2]).unwrap()).is_err());
    assert!(op.matvec(&Array::zeros(&dev, &[3, 2]).unwrap()).is_err());
    assert!(op.rmatvec(&Array::zeros(&dev, &[2]).unwrap()).is_err());
    // matmat column by column; an empty matrix gives an empty one.
    let xm = Array::from_vec(&dev, &[3, 2], vec![1.0, 0.0, 1.0, 0.0, 0.0, 1.0]).unwrap();
    let y = op.matmat(&xm).unwrap();
    assert_eq!(
        (y.shape(), y.to_vec().unwrap()),
        (&[2usize, 2][..], vec![2.0, 0.0, 0.0, 1.0])
    );
    assert_eq!(
        op.matmat(&Array::zeros(&dev, &[3, 0]).unwrap())
            .unwrap()
            .shape(),
        &[2, 0]
    );
    assert!(op.matmat(&x).is_err());
    assert!(format!("{op:?}").contains("2x3 LinearOperator with dtype=f64"));
}

/// The norms of one COO input (and of its CSR and CSC forms) against SciPy's: `_m_<ord>`
/// (axis None), `_m10_<ord>` (axis (1, 0)), `_v<axis>_<ord>`; an absent key is a SciPy error,
/// which must be ours too. Within 4 ULPs of the real dtype (`f32`: 1e-6 relative, `f64`:
/// 1e-14), the sums being in another order than SciPy's; counts exact.
fn run_norm_case<T: SolverDType + NpyDType>(npz: &Npz, c: &str, dev: &Device)
where
    T::Re: NpyDType + Into<f64>,
{
    use kernels_std::linalg::NormOrd;
    use kernels_std::sparse::linalg::{norm, norm_axes, norm_axis};
    let _ = dev;
    let shape = npz
        .array::<i64>(&format!("{c}_shape"))
        .unwrap()
        .to_vec()
        .unwrap();
    let coo = CooArray::<T>::new(
        &npz.array::<T>(&format!("{c}_data")).unwrap(),
        &npz.array::<i32>(&format!("{c}_row")).unwrap(),
        &npz.array::<i32>(&format!("{c}_col")).unwrap(),
        [shape[0] as usize, shape[1] as usize],
    )
    .unwrap();
    let rtol = 4.0 * f64::from(T::eps().into() as f32).max(T::eps().into());
    let close = |got: f64, want: f64, what: &str| {
        let ok = got == want
            || (got - want).abs() <= rtol * want.abs()
            || (got.is_nan() && want.is_nan());
        assert!(ok, "{c} {what}: {got} vs SciPy's {want}");
    };
    let want_scalar = |k: &str| -> Option<f64> {
        let key = format!("{c}_{k}");
        npz.get(&key)?;
        Some(match npz.array::<T::Re>(&key) {
            Ok(a) => a.item().unwrap().into(),
            Err(_) => npz.array::<f64>(&key).unwrap().item().unwrap(),
        })
    };
    let matrix = [
        ("fro", NormOrd::Fro),
        ("none", NormOrd::Default),
        ("1", NormOrd::P(1.0)),
        ("m1", NormOrd::P(-1.0)),
        ("inf", NormOrd::Inf),
        ("minf", NormOrd::P(f64::NEG_INFINITY)),
    ];
    let vector = [
        ("inf", NormOrd::P(f64::INFINITY)),
        ("minf", NormOrd::NegInf),
        ("0", NormOrd::P(0.0)),
        ("1", NormOrd::P(1.0)),
        ("2", NormOrd::P(2.0)),
        ("none", NormOrd::Default),
        ("3", NormOrd::P(3.0)),
        ("half", NormOrd::P(0.5)),
        ("m1p5", NormOrd::P(-1.5)),
    ];
    let csr = coo.tocsr().unwrap();
    let csc = coo.tocsc().unwrap();
    for (k, ord) in matrix {
        for (prefix, axes) in [("m", [0isize, 1]), ("m10", [1, 0])] {
            let got = [
                norm_axes(&coo, ord, axes),
                norm_axes(&csr, ord, axes),
                norm_axes(&csc, ord, axes),
            ];
            match want_scalar(&format!("{prefix}_{k}")) {
                Some(want) => {
                    for g in got {
                        close(g.unwrap().into(), want, &format!("{prefix} {k}"));
                    }
                }
                None => assert!(got.iter().all(|g| g.is_err()), "{c} {prefix} {k}: no error"),
            }
        }
        if let Some(want) = want_scalar(&format!("m_{k}")) {
            close(norm(&csr, ord).unwrap().into(), want, k);
        }
    }
    for axis in [0isize, 1] {
        for (k, ord) in vector {
            let key = format!("{c}_v{axis}_{k}");
            let got = [
                norm_axis(&coo, ord, axis),
                norm_axis(&csr, ord, axis - 2),
                norm_axis(&csc, ord, axis),
            ];
            if npz.get(&key).is_none() {
                assert!(got.iter().all(|g| g.is_err()), "{key}: no error");
                continue;
            }
            let want: Vec<f64> = match npz.array::<T::Re>(&key) {
                Ok(a) => a.to_vec().unwrap().into_iter().map(Into::into).collect(),
                Err(_) => npz
                    .array::<i64>(&key)
                    .unwrap()
                    .to_vec()
                    .unwrap()
                    .into_iter()
                    .map(|v| v as f64)
                    .collect(),
            };
            for g in got {
                let g = g.unwrap_or_else(|e| panic!("{key}: {e}")).to_vec().unwrap();
                assert_eq!(g.len(), want.len(), "{key}");
                for (a, b) in g.into_iter().zip(&want) {
                    close(a.into(), *b, &key);
                }
            }
        }
    }
}

#[test]
fn norms_against_scipy() {
    use kernels_std::linalg::NormOrd;
    for dev in devices() {
        let npz = fixtures(&dev);
        run_norm_case::<f64>(&npz, "norm_float64", &dev);
        run_norm_case::<f32>(&npz, "norm_float32", &dev);
        run_norm_case::<c128>(&npz, "norm_complex128", &dev);
        run_norm_case::<c64>(&npz, "norm_complex64", &dev);
        run_norm_case::<f64>(&npz, "norm_empty_float64", &dev);
        run_norm_case::<f64>(&npz, "norm_rows_float64", &dev);
        // Orders and axes SciPy rejects.
        let a = laplacian(&dev, 3);
        use kernels_std::sparse::linalg::{norm, norm_axes, norm_axis};
        for ord in [
            NormOrd::P(2.0),
            NormOrd::P(-2.0),
            NormOrd::Nuc,
            NormOrd::P(3.0),
        ] {
            assert!(norm(&a, ord).is_err(), "{ord:?}");
        }
        assert!(norm_axes(&a, NormOrd::Fro, [0, 0]).is_err());
        assert!(norm_axes(&a, NormOrd::Fro, [0, 2]).is_err());
        assert!(norm_axis(&a, NormOrd::Fro, 0).is_err());
        assert!(norm_axis(&a, NormOrd::Nuc, 1).is_err());
        assert!(norm_axis(&a, NormOrd::P(1.0), 2).is_err());
        assert!(norm_axis(&a, NormOrd::P(1.0), -3).is_err());
    }
}

#[test]
fn gmres_and_minres_edge_cases_and_errors() {
    for dev in devices() {
        let a = laplacian(&dev, 5);
        let b = ramp(&dev, 5);
        let zero = Array::<f64>::zeros(&dev, &[5]).unwrap();
        let x0 = ramp(&dev, 5);
        // b = 0: x = 0, no iteration (SciPy's `return b, 0`).
        let mut calls = 0;
        let (x, info) = gmres(&a, &zero)
            .x0(&x0)
            .callback(|_| calls += 1)
            .run()
            .unwrap();
        assert_eq!((x.to_vec().unwrap(), info, calls), (vec![0.0; 5], 0, 0));
        let (x, info) = minres(&a, &zero).run().unwrap();
        assert_eq!((x.to_vec().unwrap(), info), (vec![0.0; 5], 0));
        // An exact x0: minres returns it at once (beta1 = 0), gmres too.
        let exact = gmres(&a, &b).rtol(1e-14).run().unwrap().0;
        let mut calls = 0;
        let (_, info) = minres(&a, &b)
            .x0(&exact)
            .callback(|_| calls += 1)
            .run()
            .unwrap();
        assert_eq!(info, 0);
        assert!(calls <= 1);
        // 0 x 0.
        let empty = CsrArray::<f64>::from_dense(&Array::zeros(&dev, &[0, 0]).unwrap()).unwrap();
        let b0 = Array::<f64>::zeros(&dev, &[0]).unwrap();
        assert_eq!(gmres(&empty, &b0).run().unwrap().1, 0);
        assert_eq!(minres(&empty, &b0).run().unwrap().1, 0);
        // Full GMRES on n = 5 is exact after 5 inner iterations (one cycle).
        let mut norms = vec![];
        let (x, info) = gmres(&a, &b)
            .rtol(1e-13)
            .callback_pr_norm(|r| norms.push(r))
            .run()
            .unwrap();
        assert_eq!(info, 0);
        assert!(norms.len() <= 5, "{norms:?}");
        let r = (&b - &a.dot(&x).unwrap()).eval().unwrap().to_vec().unwrap();
        assert!(norm(&r) < 1e-12 * norm(&b.to_vec().unwrap()));
        // Legacy: maxiter counts inner iterations, and the run stops there.
        let mut calls = 0;
        let (_, info) = gmres(&a, &b)
            .rtol(1e-14)
            .maxiter(2)
            .callback_legacy(|_| calls += 1)
            .run()
            .unwrap();
        assert_eq!((info, calls), (2, 2));
    }
}

#[test]
fn minres_complex_hermitian_and_shift() {
    let dev = Device::cpu();
    // Hermitian, indefinite: [[1, 2i, 0], [-2i, -1, 1], [0, 1, 3]].
    let c = |re: f64, im: f64| c128::new(re, im);
    let d = Array::from_vec(
        &dev,
        &[3, 3],
        vec![
            c(1.0, 0.0),
            c(0.0, 2.0),
            c(0.0, 0.0),
            c(0.0, -2.0),
            c(-1.0, 0.0),
            c(1.0, 0.0),
            c(0.0, 0.0),
            c(1.0, 0.0),
            c(3.0, 0.0),
        ],
    )
    .unwrap();
    let a = CsrArray::<c128>::from_dense(&d).unwrap();
    let b = Array::from_vec(&dev, &[3], vec![c(1.0, 1.0), c(0.0, -1.0), c(2.0, 0.0)]).unwrap();
    for shift in [0.0, 0.5] {
        let (x, info) = minres(&a, &b).rtol(1e-13).shift(shift).run().unwrap();
        assert_eq!(info, 0);
        let ax = a.dot(&x).unwrap().to_vec().unwrap();
        let (x, bv) = (x.to_vec().unwrap(), b.to_vec().unwrap());
        let r: Vec<c128> = (0..3)
            .map(|i| bv[i] - (ax[i] - x[i] * c(shift, 0.0)))
            .collect();
        assert!(norm(&r) < 1e-10, "{r:?}");
        // x0 with a shift: the initial residual includes it.
        let (x2, info) = minres(&a, &b)
            .rtol(1e-13)
            .shift(shift)
            .x0(&b)
            .run()
            .unwrap();
        assert_eq!(info, 0);
        assert!(dist(&x2.to_vec().unwrap(), &x) < 1e-9);
    }
    // gmres on the same complex system.
    let (x, info) = gmres(&a, &b).rtol(1e-13).run().unwrap();
    assert_eq!(info, 0);
    let r = (&b - &a.dot(&x).unwrap()).eval().unwrap().to_vec().unwrap();
    assert!(norm(&r) < 1e-10);
}

#[test]
fn gmres_and_minres_malformed_calls_are_errors() {
    let dev = Device::cpu();
    let a = laplacian(&dev, 4);
    let b = ramp(&dev, 4);
    let rect = CsrArray::<f64>::from_dense(&Array::zeros(&dev, &[2, 3]).unwrap()).unwrap();
    assert!(gmres(&rect, &b)
        .run()
        .unwrap_err()
        .to_string()
        .contains("square"));
    assert!(minres(&rect, &b)
        .run()
        .unwrap_err()
        .to_string()
        .contains("square"));
    let b5 = ramp(&dev, 5);
    assert!(gmres(&a, &b5).run().is_err());
    assert!(minres(&a, &b5).run().is_err());
    let bad_x0 = ramp(&dev, 3);
    assert!(gmres(&a, &b).x0(&bad_x0).run().is_err());
    assert!(minres(&a, &b).x0(&bad_x0).run().is_err());
    let m3 = laplacian(&dev, 3);
    assert!(gmres(&a, &b).m(&m3).run().is_err());
    assert!(minres(&a, &b).m(&m3).run().is_err());
    assert!(gmres(&a, &b)
        .atol(-1.0)
        .run()
        .unwrap_err()
        .to_string()
        .contains("atol"));
    assert!(gmres(&a, &b)
        .restart(0)
        .run()
        .unwrap_err()
        .to_string()
        .contains("restart"));
    // An indefinite preconditioner; a non-symmetric matrix under `check`.
    let neg = LinearOperator::new([4, 4], |x: &Array<f64>| (x * -1.0).eval());
    assert!(minres(&a, &b)
        .m(&neg)
        .run()
        .unwrap_err()
        .to_string()
        .contains("indefinite"));
    let ns = CsrArray::<f64>::from_dense(
        &Array::from_vec(
            &dev,
            &[4, 4],
            vec![
                2.0, 5.0, 0.0, 0.0, 0.0, 2.0, 5.0, 0.0, 0.0, 0.0, 2.0, 5.0, 0.0, 0.0, 0.0, 2.0,
            ],
        )
        .unwrap(),
    )
    .unwrap();
    assert!(minres(&ns, &b)
        .check(true)
        .run()
        .unwrap_err()
        .to_string()
        .contains("symmetric"));
    let failing = LinearOperator::new([4, 4], |_: &Array<f64>| Err(Error::invalid("user failure")));
    assert!(gmres(&failing, &b)
        .run()
        .unwrap_err()
        .to_string()
        .contains("user failure"));
    assert!(minres(&failing, &b)
        .run()
        .unwrap_err()
        .to_string()
        .contains("user failure"));
}

/// One `ls_<name>` fixture: SciPy's `lsqr` or `lsmr` on a rectangular matrix. `istop`
/// exactly; the iterations within one (an eighth in single precision); `x` within
/// `100 cond^2 tol ||x*||` of the exact minimizer (`tol` the larger of `atol`, `btol` and the
/// dtype's epsilon: the stopping tests bound `||A^H r|| / (||A|| ||r||)` or `||r|| / ||b||`,
/// and the error is `(A^H A)^-1 A^H r`), and of SciPy's `x` within twice that; SciPy's norms
/// and condition estimates within `1e-5` (`f64`: the runs reach the full dimension, where the
/// bidiagonalization's rounding, summed in another order on each backend, shows in the
/// estimates' sixth digit) or `1e-2` relative (`||A^H r||`, mostly
/// rounding at the end in single precision: `0.1`) when the iterations
/// agree, a norm SciPy finds negligible (below `1e-6` of its scale) below `1e-5` of it here.
/// A run stopped by the limit makes SciPy's iterations; its `x` agrees within
/// `1e3 itn eps cond ||x||`.
fn run_ls_case<T: SolverDType + NpyDType>(npz: &Npz, c: &str) {
    use kernels_std::sparse::linalg::{lsmr, lsqr};
    let get = |k: &str| npz.array::<T>(&format!("{c}_{k}")).unwrap();
    let shape = npz
        .array::<i64>(&format!("{c}_shape"))
        .unwrap()
        .to_vec()
        .unwrap();
    let a = CsrArray::new(
        &get("data"),
        &npz.array::<i32>(&format!("{c}_indices")).unwrap(),
        &npz.array::<i32>(&format!("{c}_indptr")).unwrap(),
        [shape[0] as usize, shape[1] as usize],
    )
    .unwrap();
    let b = get("b");
    let args = npz
        .array::<f64>(&format!("{c}_args"))
        .unwrap()
        .to_vec()
        .unwrap();
    let x0 = npz.get(&format!("{c}_x0")).map(|_| get("x0"));
    let solver = npz
        .array::<i8>(&format!("{c}_solver"))
        .unwrap()
        .item()
        .unwrap();
    let int = |k: &str| {
        npz.array::<i64>(&format!("{c}_{k}"))
            .unwrap()
            .item()
            .unwrap()
    };
    let (want_istop, want_itn) = (int("istop"), int("itn"));
    let want_stats = npz
        .array::<f64>(&format!("{c}_stats"))
        .unwrap()
        .to_vec()
        .unwrap();
    let (x, istop, itn, stats) = if solver == 0 {
        let mut call = lsqr(&a, &b)
            .damp(args[0])
            .atol(args[1])
            .btol(args[2])
            .conlim(args[3]);
        if args[4] >= 0.0 {
            call = call.iter_lim(args[4] as usize);
        }
        if let Some(x0) = &x0 {
            call = call.x0(x0);
        }
        let r = call.run().unwrap_or_else(|e| panic!("{c}: {e}"));
        let stats = vec![r.r1norm, r.r2norm, r.anorm, r.acond, r.arnorm, r.xnorm];
        (r.x, r.istop, r.itn, stats)
    } else {
        let mut call = lsmr(&a, &b)
            .damp(args[0])
            .atol(args[1])
            .btol(args[2])
            .conlim(args[3]);
        if args[4] >= 0.0 {
            call = call.maxiter(args[4] as usize);
        }
        if let Some(x0) = &x0 {
            call = call.x0(x0);
        }
        let r = call.run().unwrap_or_else(|e| panic!("{c}: {e}"));
        let stats = vec![r.normr, r.normar, r.norma, r.conda, r.normx];
        (r.x, r.istop, r.itn, stats)
    };
    let itn = itn as i64;
    assert_eq!(i64::from(istop), want_istop, "{c}: istop");
    assert_eq!(x.shape(), &[shape[1] as usize], "{c}");
    let eps: f64 = T::eps().into();
    let single = eps > 1e-10;
    let margin = if single { (want_itn / 8).max(1) } else { 1 };
    let (x, want) = (x.to_vec().unwrap(), get("x").to_vec().unwrap());
    let cond = scalar(npz, &format!("{c}_cond"));
    if want_istop == 7 {
        assert_eq!(itn, want_itn, "{c}: iterations");
        let bound = 1e3 * itn as f64 * eps * cond * norm(&want);
        let d = dist(&x, &want);
        assert!(d <= bound, "{c}: ||x - x_scipy|| = {d:e} > {bound:e}");
    } else {
        assert!(
            (itn - want_itn).abs() <= margin,
            "{c}: {itn} iterations, SciPy {want_itn}"
        );
        let xstar = get("xstar").to_vec().unwrap();
        let tol = args[1].max(args[2]).max(eps);
        let bound = 100.0 * cond * cond * tol * norm(&xstar);
        let err = dist(&x, &xstar);
        if want_istop != 3 {
            assert!(err <= bound, "{c}: ||x - x*|| = {err:e} > {bound:e}");
        }
        let d = dist(&x, &want);
        assert!(
            d <= 2.0 * bound.max(dist(&want, &xstar)),
            "{c}: ||x - x_scipy|| = {d:e}"
        );
    }
    if itn == want_itn {
        // `||A^H r||` at the end is mostly rounding in single precision: a tenth there.
        let ar = if solver == 0 { 4 } else { 1 };
        let bnorm = norm(&b.to_vec().unwrap());
        for (i, (&g, &w)) in stats.iter().zip(&want_stats).enumerate() {
            let scale = bnorm * want_stats[2].max(1.0);
            if w.abs() < 1e-6 * scale {
                assert!(g.abs() < 1e-5 * scale, "{c}: stat {i}: {g} vs SciPy's {w}");
            } else {
                let rel = match (single, i == ar) {
                    (false, _) => 1e-5,
                    (true, false) => 1e-2,
                    (true, true) => 0.1,
                };
                assert!(
                    (g - w).abs() <= rel * w.abs(),
                    "{c}: stat {i}: {g} vs SciPy's {w}"
                );
            }
        }
    }
}

#[test]
fn least_squares_against_scipy() {
    for dev in devices() {
        let npz = fixtures(&dev);
        let mut names: Vec<&str> = npz
            .names()
            .filter_map(|k| k.strip_suffix("_solver"))
            .collect();
        names.sort_unstable();
        assert!(names.len() >= 20, "{names:?}");
        for c in names {
            match c.rsplit('_').next() {
                Some("f32") => run_ls_case::<f32>(&npz, c),
                Some("f64") => run_ls_case::<f64>(&npz, c),
                Some("c64") => run_ls_case::<c64>(&npz, c),
                Some("c128") => run_ls_case::<c128>(&npz, c),
                other => panic!("{c}: dtype {other:?}"),
            }
        }
    }
}

#[test]
fn least_squares_edge_cases_and_errors() {
    use kernels_std::sparse::linalg::{lsmr, lsqr};
    for dev in devices() {
        let d = Array::from_vec(&dev, &[3, 2], vec![1.0, 0.0, 1.0, 1.0, 0.0, 2.0]).unwrap();
        let a = CsrArray::<f64>::from_dense(&d).unwrap();
        // b = 0: x = 0, istop 0, no iteration.
        let zero = Array::<f64>::zeros(&dev, &[3]).unwrap();
        let r = lsqr(&a, &zero).run().unwrap();
        assert_eq!(
            (r.x.to_vec().unwrap(), r.istop, r.itn),
            (vec![0.0; 2], 0, 0)
        );
        let r = lsmr(&a, &zero).run().unwrap();
        assert_eq!(
            (r.x.to_vec().unwrap(), r.istop, r.itn),
            (vec![0.0; 2], 0, 0)
        );
        // An exact x0: returned at once.
        let xe = Array::from_vec(&dev, &[2], vec![1.0, -1.0]).unwrap();
        let b = a.dot(&xe).unwrap();
        let r = lsqr(&a, &b).x0(&xe).run().unwrap();
        assert_eq!(
            (r.x.to_vec().unwrap(), r.istop, r.itn),
            (vec![1.0, -1.0], 0, 0)
        );
        let r = lsmr(&a, &b).x0(&xe).run().unwrap();
        assert_eq!((r.x.to_vec().unwrap(), r.itn), (vec![1.0, -1.0], 0));
        // b as a column; an iteration limit of 0.
        let col = b.reshape(&[3, 1]).unwrap();
        let r = lsqr(&a, &col).atol(1e-12).btol(1e-12).run().unwrap();
        assert!(dist(&r.x.to_vec().unwrap(), &[1.0, -1.0]) < 1e-10);
        assert_eq!(lsqr(&a, &b).iter_lim(0).run().unwrap().itn, 0);
        assert_eq!(lsmr(&a, &b).maxiter(0).run().unwrap().itn, 0);
        // Shapes: b of A's columns, x0 of its rows, a matrix b.
        let b2 = Array::<f64>::zeros(&dev, &[2]).unwrap();
        assert!(lsqr(&a, &b2).run().is_err());
        assert!(lsmr(&a, &b2).run().is_err());
        let x3 = Array::<f64>::zeros(&dev, &[3]).unwrap();
        assert!(lsqr(&a, &b).x0(&x3).run().is_err());
        assert!(lsmr(&a, &b).x0(&x3).run().is_err());
        let bm = Array::<f64>::zeros(&dev, &[3, 2]).unwrap();
        assert!(lsqr(&a, &bm).run().is_err());
    }
    // An operator without an adjoint.
    let dev = Device::cpu();
    let op = LinearOperator::new([2, 2], |x: &Array<f64>| x.copy());
    let b = ramp(&dev, 2);
    assert!(lsqr(&op, &b)
        .run()
        .unwrap_err()
        .to_string()
        .contains("rmatvec"));
    assert!(lsmr(&op, &b)
        .run()
        .unwrap_err()
        .to_string()
        .contains("rmatvec"));
}

/// One `tri_<name>` fixture: SciPy's `spsolve_triangular`, within `1e3 n eps ||x||` (the
/// matrices are diagonally dominant: the substitution's error is a few ULPs per element).
fn run_tri_case<T: SolverDType + NpyDType>(npz: &Npz, c: &str) {
    use kernels_std::sparse::linalg::spsolve_triangular;
    let get = |k: &str| npz.array::<T>(&format!("{c}_{k}")).unwrap();
    let int8 = |k: &str| npz.array::<i8>(&format!("{c}_{k}")).unwrap();
    let indptr = npz.array::<i32>(&format!("{c}_indptr")).unwrap();
    let indices = npz.array::<i32>(&format!("{c}_indices")).unwrap();
    let n = indptr.len() - 1;
    let flags = int8("flags").to_vec().unwrap();
    let (lower, unit) = (flags[0] != 0, flags[1] != 0);
    let b = get("b");
    let x = if int8("fmt").item().unwrap() == 0 {
        let a = CsrArray::new(&get("data"), &indices, &indptr, [n, n]).unwrap();
        spsolve_triangular(&a, &b)
            .lower(lower)
            .unit_diagonal(unit)
            .run()
    } else {
        let a = CscArray::new(&get("data"), &indices, &indptr, [n, n]).unwrap();
        spsolve_triangular(&a, &b)
            .lower(lower)
            .unit_diagonal(unit)
            .overwrite_a(true)
            .overwrite_b(true)
            .run()
    }
    .unwrap_or_else(|e| panic!("{c}: {e}"));
    assert_eq!(x.shape(), b.shape(), "{c}");
    let (x, want) = (x.to_vec().unwrap(), get("x").to_vec().unwrap());
    let eps: f64 = T::eps().into();
    let bound = 1e3 * n as f64 * eps * norm(&want);
    let d = dist(&x, &want);
    assert!(d <= bound, "{c}: ||x - x_scipy|| = {d:e} > {bound:e}");
    // b is not modified.
    assert_eq!(b.to_vec().unwrap(), get("b").to_vec().unwrap());
}

#[test]
fn spsolve_triangular_against_scipy() {
    for dev in devices() {
        let npz = fixtures(&dev);
        let mut names: Vec<&str> = npz
            .names()
            .filter_map(|k| k.strip_suffix("_flags"))
            .collect();
        names.sort_unstable();
        assert!(names.len() >= 14, "{names:?}");
        for c in names {
            match c.rsplit('_').next() {
                Some("f32") => run_tri_case::<f32>(&npz, c),
                Some("f64") => run_tri_case::<f64>(&npz, c),
                Some("c64") => run_tri_case::<c64>(&npz, c),
                Some("c128") => run_tri_case::<c128>(&npz, c),
                other => panic!("{c}: dtype {other:?}"),
            }
        }
    }
}

#[test]
fn spsolve_triangular_edge_cases_and_errors() {
    use kernels_std::sparse::linalg::spsolve_triangular;
    for dev in devices() {
        // Duplicates summed; the other triangle ignored; COO taken.
        let coo = CooArray::<f64>::new(
            &Array::from_vec(&dev, &[5], vec![1.0, 1.0, 3.0, 1.0, 9.0]).unwrap(),
            &Array::from_vec(&dev, &[5], vec![0i32, 0, 1, 1, 0]).unwrap(),
            &Array::from_vec(&dev, &[5], vec![0i32, 0, 1, 0, 1]).unwrap(),
            [2, 2],
        )
        .unwrap();
        // Lower part: [[2, 0], [1, 3]].
        let b = Array::from_vec(&dev, &[2], vec![2.0, 4.0]).unwrap();
        let x = spsolve_triangular(&coo, &b).run().unwrap();
        assert_eq!(x.to_vec().unwrap(), vec![1.0, 1.0]);
        let csr = coo.tocsr().unwrap();
        // Upper part: [[2, 9], [0, 3]]; unit: [[1, 9], [0, 1]].
        let x = spsolve_triangular(&csr, &b).lower(false).run().unwrap();
        assert_eq!(x.to_vec().unwrap(), vec![-5.0, 4.0 / 3.0]);
        let x = spsolve_triangular(&csr.tocsc().unwrap(), &b)
            .lower(false)
            .unit_diagonal(true)
            .run()
            .unwrap();
        assert_eq!(x.to_vec().unwrap(), vec![-34.0, 4.0]);
        // 0 x 0, and b of [n, 0].
        let empty = CsrArray::<f64>::from_dense(&Array::zeros(&dev, &[0, 0]).unwrap()).unwrap();
        let b0 = Array::<f64>::zeros(&dev, &[0]).unwrap();
        assert_eq!(spsolve_triangular(&empty, &b0).run().unwrap().shape(), &[0]);
        let bk = Array::<f64>::zeros(&dev, &[2, 0]).unwrap();
        assert_eq!(
            spsolve_triangular(&csr, &bk).run().unwrap().shape(),
            &[2, 0]
        );
        // A zero diagonal entry; fine with unit_diagonal.
        let sing = CsrArray::<f64>::from_dense(
            &Array::from_vec(&dev, &[2, 2], vec![1.0, 0.0, 1.0, 0.0]).unwrap(),
        )
        .unwrap();
        let e = spsolve_triangular(&sing, &b).run().unwrap_err().to_string();
        assert!(e.contains("singular"), "{e}");
        let x = spsolve_triangular(&sing, &b)
            .unit_diagonal(true)
            .run()
            .unwrap();
        assert_eq!(x.to_vec().unwrap(), vec![2.0, 2.0]);
        // Shapes.
        let rect = CsrArray::<f64>::from_dense(&Array::zeros(&dev, &[2, 3]).unwrap()).unwrap();
        assert!(spsolve_triangular(&rect, &b)
            .run()
            .unwrap_err()
            .to_string()
            .contains("square"));
        let b3 = Array::<f64>::zeros(&dev, &[3]).unwrap();
        assert!(spsolve_triangular(&csr, &b3).run().is_err());
        let b3d = Array::<f64>::zeros(&dev, &[2, 1, 1]).unwrap();
        assert!(spsolve_triangular(&csr, &b3d)
            .run()
            .unwrap_err()
            .to_string()
            .contains("dims"));
    }
}

/// One `dir_<name>` fixture: SciPy's `spsolve`, within `100 n eps cond ||x||`.
fn run_dir_case<T: SolverDType + NpyDType + kernels_std::linalg::LinalgFloat>(npz: &Npz, c: &str) {
    use kernels_std::sparse::linalg::spsolve;
    let get = |k: &str| npz.array::<T>(&format!("{c}_{k}")).unwrap();
    let indptr = npz.array::<i32>(&format!("{c}_indptr")).unwrap();
    let indices = npz.array::<i32>(&format!("{c}_indices")).unwrap();
    let n = indptr.len() - 1;
    let b = get("b");
    let fmt = npz
        .array::<i8>(&format!("{c}_fmt"))
        .unwrap()
        .item()
        .unwrap();
    let x = if fmt == 0 {
        spsolve(
            &CsrArray::new(&get("data"), &indices, &indptr, [n, n]).unwrap(),
            &b,
        )
    } else {
        spsolve(
            &CscArray::new(&get("data"), &indices, &indptr, [n, n]).unwrap(),
            &b,
        )
    }
    .unwrap_or_else(|e| panic!("{c}: {e}"));
    let want = get("x");
    assert_eq!(x.shape(), want.shape(), "{c}");
    let (x, want) = (x.to_vec().unwrap(), want.to_vec().unwrap());
    let eps: f64 = T::eps().into();
    let bound = 100.0 * n as f64 * eps * scalar(npz, &format!("{c}_cond")) * norm(&want);
    let d = dist(&x, &want);
    assert!(d <= bound, "{c}: ||x - x_scipy|| = {d:e} > {bound:e}");
}

#[test]
fn spsolve_against_scipy() {
    for dev in devices() {
        let npz = fixtures(&dev);
        let mut names: Vec<&str> = npz
            .names()
            .filter_map(|k| k.strip_prefix("dir_")?.strip_suffix("_fmt"))
            .collect();
        names.sort_unstable();
        assert!(names.len() >= 7, "{names:?}");
        for name in names {
            let c = format!("dir_{name}");
            match name.rsplit('_').next() {
                Some("f32") => run_dir_case::<f32>(&npz, &c),
                Some("f64") => run_dir_case::<f64>(&npz, &c),
                Some("c64") => run_dir_case::<c64>(&npz, &c),
                Some("c128") => run_dir_case::<c128>(&npz, &c),
                other => panic!("{c}: dtype {other:?}"),
            }
        }
    }
}

#[test]
fn spsolve_edge_cases_and_errors() {
    use kernels_std::sparse::linalg::spsolve;
    for dev in devices() {
        // Duplicates summed (COO): [[2, 1], [0, 4]].
        let coo = CooArray::<f64>::new(
            &Array::from_vec(&dev, &[4], vec![1.0, 1.0, 1.0, 4.0]).unwrap(),
            &Array::from_vec(&dev, &[4], vec![0i32, 0, 0, 1]).unwrap(),
            &Array::from_vec(&dev, &[4], vec![0i32, 0, 1, 1]).unwrap(),
            [2, 2],
        )
        .unwrap();
        let b = Array::from_vec(&dev, &[2], vec![3.0, 4.0]).unwrap();
        assert_eq!(spsolve(&coo, &b).unwrap().to_vec().unwrap(), vec![1.0, 1.0]);
        // Singular, structurally (an empty column) or numerically: NaN, as SciPy's.
        for d in [vec![1.0, 0.0, 1.0, 0.0], vec![1.0, 2.0, 2.0, 4.0]] {
            let s =
                CsrArray::<f64>::from_dense(&Array::from_vec(&dev, &[2, 2], d).unwrap()).unwrap();
            let x = spsolve(&s, &b).unwrap().to_vec().unwrap();
            assert!(x.iter().all(|v| v.is_nan()), "{x:?}");
        }
        // 0 x 0; b of [n, 0].
        let empty = CsrArray::<f64>::from_dense(&Array::zeros(&dev, &[0, 0]).unwrap()).unwrap();
        let b0 = Array::<f64>::zeros(&dev, &[0]).unwrap();
        assert_eq!(spsolve(&empty, &b0).unwrap().shape(), &[0]);
        let bk = Array::<f64>::zeros(&dev, &[2, 0]).unwrap();
        assert_eq!(spsolve(&coo, &bk).unwrap().shape(), &[2, 0]);
        // Shapes.
        let rect = CsrArray::<f64>::from_dense(&Array::zeros(&dev, &[2, 3]).unwrap()).unwrap();
        assert!(spsolve(&rect, &b)
            .unwrap_err()
            .to_string()
            .contains("square"));
        let b3 = Array::<f64>::zeros(&dev, &[3]).unwrap();
        assert!(spsolve(&coo, &b3).is_err());
        let b3d = Array::<f64>::zeros(&dev, &[2, 1, 1]).unwrap();
        assert!(spsolve(&coo, &b3d).is_err());
    }
}
