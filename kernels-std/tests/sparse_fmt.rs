//! `sparse` against SciPy, the formats and helpers of `scripts/fixtures/gen_sparse_fmt_fixtures.py`:
//! `sparse.linalg.onenormest` (SciPy's deterministic paths exactly: `t = 1`, and `t >= n`;
//! the random path held to the bounds of the estimator) and `expm_multiply` (single time,
//! vector and matrix `B`, the three interval branches, large norms that take the estimated
//! branch; sparse matrices and operators), on the CPU backend and, when there is one, on
//! CUDA device 0; then the edge cases and the malformed calls. `kronsum` (every dtype, the
//! exact CSR arrays), `block_array`/`bmat` (SciPy's COO entries in order, None blocks, its
//! errors), `random_array` (structure and distribution: NumPy's stream is not reproduced),
//! `DiaArray` (SciPy's layout, conversions, `A @ x` to the bit, transpose, diagonals).
//!
//! Tolerances. `onenormest` of `t = 1` runs SciPy's steps on the same values: the estimate
//! within `10 n eps` of SciPy's, the same `v`. `expm_multiply` is held to the exact action
//! (`scipy.linalg.expm(tA) @ B`) and to SciPy's result within `1000 eps` of the largest
//! element (`eps` of the dtype: the series stops at `2^-53` relative for every dtype).

mod common;

use common::sparse_fixtures::{by_dtype, cases, eps, matrix, scalar};
use common::{devices, fixture};
use kernels_std::array_runtime::ops::Numeric;
use kernels_std::io::{NpyDType, Npz};
use kernels_std::prelude::*;
use kernels_std::random::Generator;
use kernels_std::sparse::linalg::{
    expm_multiply, onenormest, ExpmMultiply, ExpmOperand, LinearOperator, SolverDType,
};
use kernels_std::sparse::{
    block_array, bmat, diags_dia, kronsum, random_array, AsCoo, CooArray, CsrArray, DiaArray,
    RandomSparseDType, SparseDType,
};

fn fixtures(dev: &Device) -> Npz {
    kernels_std::io::load_npz(fixture("sparse_fmt/sparse_fmt.npz"), dev).expect("sparse_fmt.npz")
}

fn onenorm_case<T: SolverDType + NpyDType>(npz: &Npz, c: &str, dev: &Device) {
    let a = matrix::<T>(npz, c);
    let n = a.shape()[0];
    let exact = scalar(npz, &format!("{c}_exact"));
    let tol = 10.0 * n as f64 * eps::<T>() * exact;
    // t = 1: SciPy's steps, nothing random.
    let r = onenormest(&a)
        .t(1)
        .compute_v(true)
        .compute_w(true)
        .run()
        .unwrap();
    let est1 = scalar(npz, &format!("{c}_est1"));
    assert!(
        (r.est - est1).abs() <= tol,
        "{c}: t=1 est {} vs SciPy {est1}",
        r.est
    );
    let v = r.v.unwrap().to_vec().unwrap();
    let j1 = npz
        .array::<i64>(&format!("{c}_j1"))
        .unwrap()
        .item()
        .unwrap() as usize;
    let mut e = vec![0.0; n];
    e[j1] = 1.0;
    assert_eq!(v, e, "{c}: v");
    let w = r.w.unwrap();
    assert_eq!(w.device(), *dev);
    let w1: f64 = w.to_vec().unwrap().iter().map(|x| x.abs_f64()).sum();
    assert!(
        (w1 - r.est).abs() <= tol,
        "{c}: ||w||_1 {w1} vs est {}",
        r.est
    );
    // t >= n: SciPy's exact path.
    let ex = onenormest(&a).t(n).run().unwrap().est;
    let est_exact = scalar(npz, &format!("{c}_est_exact"));
    assert!(
        (ex - est_exact).abs() <= tol,
        "{c}: exact path {ex} vs {est_exact}"
    );
    assert!(
        (ex - exact).abs() <= tol,
        "{c}: exact path {ex} vs the norm {exact}"
    );
    // The default (t = 2, random columns): a lower bound, within the estimator's factor 3.
    for seed in [0, 7] {
        let est = onenormest(&a).seed(seed).run().unwrap().est;
        assert!(
            est <= exact + tol && est >= exact / 3.0,
            "{c}: t=2 est {est} vs the norm {exact}"
        );
    }
    // The same through an operator given by closures.
    let at = a.tocsc().unwrap().transpose();
    let ah = CsrArray::new(
        &T::conj_array(at.data()).unwrap(),
        at.indices(),
        at.indptr(),
        at.shape(),
    )
    .unwrap();
    let op =
        LinearOperator::new([n, n], |x: &Array<T>| a.dot(x)).with_rmatvec(|y: &Array<T>| ah.dot(y));
    if *dev == Device::cpu() {
        let r = onenormest(&op).t(1).run().unwrap();
        assert!(
            (r.est - est1).abs() <= tol,
            "{c}: operator t=1 est {}",
            r.est
        );
    }
}

#[test]
fn onenormest_against_scipy() {
    for dev in devices() {
        let npz = fixtures(&dev);
        let names = cases(&npz, "one_", "_est1");
        assert!(names.len() >= 10);
        for c in names {
            by_dtype!(c, onenorm_case(&npz, c, &dev));
        }
    }
}

#[test]
fn onenormest_edges_and_errors() {
    let dev = Device::cpu();
    let d = Array::from_vec(&dev, &[2, 3], vec![1.0f64, 2.0, 3.0, 4.0, 5.0, 6.0]).unwrap();
    let rect = CsrArray::<f64>::from_dense(&d).unwrap();
    assert!(onenormest(&rect).run().is_err()); // not square
    let sq = CsrArray::<f64>::from_dense(
        &Array::from_vec(
            &dev,
            &[3, 3],
            vec![1.0, -2.0, 0.0, 0.0, 3.0, 1.0, 4.0, 0.0, 0.0],
        )
        .unwrap(),
    )
    .unwrap();
    assert!(onenormest(&sq).t(1).itmax(1).run().is_err()); // at least two iterations
    assert!(onenormest(&sq).t(0).run().is_err()); // at least one column
    assert_eq!(onenormest(&sq).t(1).itmax(2).run().unwrap().est, 5.0);
    let empty = CsrArray::<f64>::from_dense(&Array::zeros(&dev, &[0, 0]).unwrap()).unwrap();
    assert!(onenormest(&empty).run().is_err()); // SciPy: argmax of an empty sequence
                                                // A zero matrix: 0 (every path).
    let zero = CsrArray::<f64>::from_dense(&Array::zeros(&dev, &[5, 5]).unwrap()).unwrap();
    assert_eq!(onenormest(&zero).run().unwrap().est, 0.0);
    assert_eq!(onenormest(&zero).t(1).run().unwrap().est, 0.0);
    // An operator without an adjoint: fine on the exact path, an error otherwise.
    let op = LinearOperator::new([3, 3], |x: &Array<f64>| sq.dot(x));
    assert_eq!(onenormest(&op).t(3).run().unwrap().est, 5.0);
    assert!(onenormest(&op).t(1).run().is_err());
}

/// The call with the case's `[start, stop, num, endpoint]` (NaN: not given).
fn with_args<T: SolverDType, A: ExpmOperand<T> + ?Sized>(
    mut call: ExpmMultiply<'_, T, A>,
    args: &[f64],
) -> kernels_std::Result<Array<T>> {
    if !args[0].is_nan() {
        call = call.start(args[0]).stop(args[1]);
    }
    if !args[2].is_nan() {
        call = call.num(args[2] as usize);
    }
    if !args[3].is_nan() {
        call = call.endpoint(args[3] != 0.0);
    }
    call.run()
}

fn em_case<T: SolverDType + NpyDType>(npz: &Npz, c: &str, dev: &Device) {
    let a = matrix::<T>(npz, c);
    let n = a.shape()[0];
    let b = npz.array::<T>(&format!("{c}_b")).unwrap();
    let args = npz
        .array::<f64>(&format!("{c}_args"))
        .unwrap()
        .to_vec()
        .unwrap();
    let want = npz.array::<T>(&format!("{c}_ref")).unwrap();
    let scipy = npz.array::<T>(&format!("{c}_x")).unwrap();
    let got = with_args(expm_multiply(&a, &b), &args).unwrap();
    assert_eq!(got.shape(), want.shape(), "{c}: shape");
    let want = want.to_vec().unwrap();
    let scale = want
        .iter()
        .map(|v| v.abs_f64())
        .fold(0.0, f64::max)
        .max(1.0);
    let tol = 1000.0 * eps::<T>() * scale;
    let check = |got: &[T], what: &str| {
        for (i, (g, w)) in got.iter().zip(&want).enumerate() {
            assert!(
                (*g - *w).abs_f64() <= tol,
                "{c} {what}: element {i}: {g:?} vs {w:?} (tol {tol:e})"
            );
        }
    };
    check(&got.to_vec().unwrap(), "sparse");
    for (g, s) in got.to_vec().unwrap().iter().zip(scipy.to_vec().unwrap()) {
        assert!((*g - s).abs_f64() <= tol, "{c}: {g:?} vs SciPy's {s:?}");
    }
    // As an operator: the trace given (SciPy's traceA) and estimated.
    if *dev == Device::cpu() && n <= 30 {
        let at = a.tocsc().unwrap().transpose();
        let ah = CsrArray::new(
            &T::conj_array(at.data()).unwrap(),
            at.indices(),
            at.indptr(),
            at.shape(),
        )
        .unwrap();
        let op = LinearOperator::new([n, n], |x: &Array<T>| a.dot(x))
            .with_rmatvec(|y: &Array<T>| ah.dot(y))
            .with_matmat(|x: &Array<T>| a.dot(x));
        let trace = npz
            .array::<c128>(&format!("{c}_trace"))
            .unwrap()
            .item()
            .unwrap();
        let got = with_args(expm_multiply(&op, &b).trace_a(T::from_c128(trace)), &args).unwrap();
        check(&got.to_vec().unwrap(), "operator with traceA");
        let got = with_args(expm_multiply(&op, &b).seed(3), &args).unwrap();
        check(&got.to_vec().unwrap(), "operator, trace estimated");
    }
}

#[test]
fn expm_multiply_against_scipy() {
    for dev in devices() {
        let npz = fixtures(&dev);
        let names = cases(&npz, "em_", "_status");
        let statuses: Vec<i64> = names
            .iter()
            .map(|c| {
                npz.array::<i64>(&format!("{c}_status"))
                    .unwrap()
                    .item()
                    .unwrap()
            })
            .collect();
        for s in [-1, 0, 1, 2] {
            assert!(statuses.contains(&s), "no case of SciPy's branch {s}");
        }
        for c in names {
            by_dtype!(c, em_case(&npz, c, &dev));
        }
    }
}

#[test]
fn expm_multiply_edges_and_errors() {
    let dev = Device::cpu();
    let d = Array::from_vec(&dev, &[2, 2], vec![0.0f64, 1.0, -1.0, 0.0]).unwrap();
    let a = CsrArray::<f64>::from_dense(&d).unwrap();
    let b = Array::from_vec(&dev, &[2], vec![1.0, 0.0]).unwrap();
    // A rotation: e^{tA} (1, 0) = (cos t, -sin t).
    let x = expm_multiply(&a, &b)
        .start(0.0)
        .stop(std::f64::consts::PI)
        .num(3)
        .run()
        .unwrap();
    let x = x.to_vec().unwrap();
    let want = [1.0, 0.0, 0.0, -1.0, -1.0, 0.0];
    for (g, w) in x.iter().zip(want) {
        assert!((g - w).abs() < 1e-14, "{x:?}");
    }
    // Backwards in time: e^{-A}.
    let back = expm_multiply(&a, &b)
        .start(0.0)
        .stop(-1.0)
        .num(2)
        .run()
        .unwrap();
    let back = back.to_vec().unwrap();
    assert!((back[2] - 1f64.cos()).abs() < 1e-14 && (back[3] - 1f64.sin()).abs() < 1e-14);
    // renormalize: unit 2-norm.
    let r = expm_multiply(&a.mul_scalar(3.0).unwrap(), &b)
        .renormalize(true)
        .run()
        .unwrap();
    let r = r.to_vec().unwrap();
    assert!((r[0] * r[0] + r[1] * r[1] - 1.0).abs() < 1e-14);
    // B with no columns, a zero A: B itself.
    let zero = CsrArray::<f64>::from_dense(&Array::zeros(&dev, &[2, 2]).unwrap()).unwrap();
    let b0 = Array::<f64>::zeros(&dev, &[2, 0]).unwrap();
    assert_eq!(expm_multiply(&zero, &b0).run().unwrap().shape(), &[2, 0]);
    // Errors.
    let rect = CsrArray::<f64>::from_dense(&Array::zeros(&dev, &[2, 3]).unwrap()).unwrap();
    assert!(expm_multiply(&rect, &b).run().is_err());
    let b3 = Array::<f64>::zeros(&dev, &[3]).unwrap();
    assert!(expm_multiply(&a, &b3).run().is_err());
    let cube = Array::<f64>::zeros(&dev, &[2, 1, 1]).unwrap();
    assert!(expm_multiply(&a, &cube).run().is_err());
    assert!(expm_multiply(&a, &b)
        .start(0.0)
        .stop(1.0)
        .num(1)
        .run()
        .is_err());
    assert!(expm_multiply(&a, &b).start(0.0).run().is_err());
    assert!(expm_multiply(&a, &b).num(4).run().is_err());
    let empty = CsrArray::<f64>::from_dense(&Array::zeros(&dev, &[0, 0]).unwrap()).unwrap();
    let e = Array::<f64>::zeros(&dev, &[0]).unwrap();
    assert!(expm_multiply(&empty, &e).run().is_err());
    let inf = CsrArray::<f64>::from_dense(
        &Array::from_vec(&dev, &[2, 2], vec![f64::INFINITY, 0.0, 0.0, 1.0]).unwrap(),
    )
    .unwrap();
    assert!(expm_multiply(&inf, &b).run().is_err());
    let one =
        CsrArray::<f64>::from_dense(&Array::from_vec(&dev, &[1, 1], vec![2.0]).unwrap()).unwrap();
    let b1 = Array::from_vec(&dev, &[1, 1], vec![1.0]).unwrap();
    let x = expm_multiply(&one, &b1).run().unwrap();
    assert_eq!(x.shape(), &[1, 1]);
    assert!((x.to_vec().unwrap()[0] - 2f64.exp()).abs() < 1e-14 * 2f64.exp());
}

/// Case `c`'s CSR matrix, any sparse dtype.
fn kronsum_case<T>(npz: &Npz, c: &str)
where
    T: SparseDType + NpyDType + Numeric + num_traits::One + PartialEq + std::fmt::Debug,
{
    let a = matrix::<T>(npz, &format!("{c}_a"));
    let b = matrix::<T>(npz, &format!("{c}_b"));
    let want = matrix::<T>(npz, c);
    let got = kronsum(&a, &b).unwrap();
    assert_eq!(got.shape(), want.shape(), "{c}");
    assert!(got.has_canonical_format(), "{c}");
    assert_eq!(
        got.indptr().to_vec().unwrap(),
        want.indptr().to_vec().unwrap(),
        "{c}"
    );
    assert_eq!(
        got.indices().to_vec().unwrap(),
        want.indices().to_vec().unwrap(),
        "{c}"
    );
    assert_eq!(
        got.data().to_vec().unwrap(),
        want.data().to_vec().unwrap(),
        "{c}"
    );
    // Any format of the operands.
    let coo = kronsum(&a.tocoo().unwrap(), &b.tocsc().unwrap()).unwrap();
    assert_eq!(
        coo.toarray().unwrap().to_vec().unwrap(),
        want.toarray().unwrap().to_vec().unwrap()
    );
}

#[test]
fn kronsum_against_scipy() {
    for dev in devices() {
        let npz = fixtures(&dev);
        let names: Vec<&str> = cases(&npz, "ks_", "_a_shape");
        assert!(names.len() >= 9);
        for c in names {
            match c.rsplit('_').next() {
                Some("i8") => kronsum_case::<i8>(&npz, c),
                Some("i64") => kronsum_case::<i64>(&npz, c),
                Some("f32") => kronsum_case::<f32>(&npz, c),
                Some("f64") => kronsum_case::<f64>(&npz, c),
                Some("c64") => kronsum_case::<c64>(&npz, c),
                Some("c128") => kronsum_case::<c128>(&npz, c),
                other => panic!("{c}: {other:?}"),
            }
        }
        let sq = matrix::<f64>(&npz, "ks_one_f64_a");
        let rect = CsrArray::<f64>::from_dense(&Array::zeros(&dev, &[2, 3]).unwrap()).unwrap();
        assert!(kronsum(&rect, &sq).is_err());
        assert!(kronsum(&sq, &rect).is_err());
    }
}

fn coo_of(npz: &Npz, c: &str) -> CooArray<f64> {
    let shape = npz
        .array::<i64>(&format!("{c}_shape"))
        .unwrap()
        .to_vec()
        .unwrap();
    CooArray::new(
        &npz.array::<f64>(&format!("{c}_data")).unwrap(),
        &npz.array::<i32>(&format!("{c}_row")).unwrap(),
        &npz.array::<i32>(&format!("{c}_col")).unwrap(),
        [shape[0] as usize, shape[1] as usize],
    )
    .unwrap()
}

#[test]
fn block_array_against_scipy() {
    for dev in devices() {
        let npz = fixtures(&dev);
        let b00 = coo_of(&npz, "ba_grid_b00");
        let b02 = coo_of(&npz, "ba_grid_b02").tocsr().unwrap(); // any format
        let b11 = coo_of(&npz, "ba_grid_b11").tocsc().unwrap();
        let b12 = coo_of(&npz, "ba_grid_b12");
        let blocks: Vec<Vec<Option<&dyn AsCoo<f64, i32>>>> = vec![
            vec![Some(&b00), None, Some(&b02)],
            vec![None, Some(&b11), Some(&b12)],
        ];
        let got = block_array(&dev, &blocks).unwrap();
        let want = coo_of(&npz, "ba_grid");
        assert_eq!(got.shape(), want.shape());
        assert_eq!(
            got.toarray().unwrap().to_vec().unwrap(),
            want.toarray().unwrap().to_vec().unwrap()
        );
        // Entry order: SciPy's for COO blocks; the CSR/CSC blocks' entries in their
        // coo_array order (the fixture's blocks were COO, so compare as sets by position).
        let all_coo: Vec<Vec<Option<&dyn AsCoo<f64, i32>>>> = vec![
            vec![Some(&b00), None, Some(&b02)],
            vec![None, Some(&b11), Some(&b12)],
        ];
        let again = block_array(&dev, &all_coo).unwrap();
        assert_eq!(again.nnz(), want.nnz());
        let only_coo = coo_of(&npz, "ba_grid_b02");
        let only_coo11 = coo_of(&npz, "ba_grid_b11");
        let exact: Vec<Vec<Option<&dyn AsCoo<f64, i32>>>> = vec![
            vec![Some(&b00), None, Some(&only_coo)],
            vec![None, Some(&only_coo11), Some(&b12)],
        ];
        let e = block_array(&dev, &exact).unwrap();
        assert_eq!(e.row().to_vec().unwrap(), want.row().to_vec().unwrap());
        assert_eq!(e.col().to_vec().unwrap(), want.col().to_vec().unwrap());
        assert_eq!(e.data().to_vec().unwrap(), want.data().to_vec().unwrap());
        assert_eq!(bmat(&dev, &exact).unwrap().nnz(), want.nnz());
        // A row and a column of None only: size 0.
        let nones: Vec<Vec<Option<&dyn AsCoo<f64, i32>>>> =
            vec![vec![None, None], vec![Some(&b00), None]];
        assert_eq!(block_array(&dev, &nones).unwrap().shape(), [2, 3]);
        let empty: Vec<Vec<Option<&dyn AsCoo<f64, i32>>>> = vec![vec![None]];
        assert_eq!(block_array(&dev, &empty).unwrap().shape(), [0, 0]);
        // Errors: ragged or empty grids, incompatible heights and widths.
        let ragged: Vec<Vec<Option<&dyn AsCoo<f64, i32>>>> =
            vec![vec![Some(&b00)], vec![Some(&b00), None]];
        assert!(block_array(&dev, &ragged).is_err());
        let none: Vec<Vec<Option<&dyn AsCoo<f64, i32>>>> = vec![];
        assert!(block_array(&dev, &none).is_err());
        let heights: Vec<Vec<Option<&dyn AsCoo<f64, i32>>>> = vec![vec![Some(&b00), Some(&b12)]];
        let msg = block_array(&dev, &heights).unwrap_err().to_string();
        assert!(
            msg.contains("blocks[0,:] has incompatible row dimensions"),
            "{msg}"
        );
        let widths: Vec<Vec<Option<&dyn AsCoo<f64, i32>>>> =
            vec![vec![Some(&b00)], vec![Some(&b12)]];
        let msg = block_array(&dev, &widths).unwrap_err().to_string();
        assert!(
            msg.contains("blocks[:,0] has incompatible column dimensions"),
            "{msg}"
        );
    }
}

fn random_structure<T: RandomSparseDType>(
    dev: &Device,
    shape: [usize; 2],
    density: f64,
) -> CooArray<T> {
    let mut rng = Generator::new(2026);
    let a: CooArray<T> = random_array(&mut rng, dev, shape, density).unwrap();
    let [m, n] = shape;
    let want = (density * (m * n) as f64).round_ties_even() as usize;
    assert_eq!(a.nnz(), want, "{shape:?} {density}");
    let (r, c) = (a.row().to_vec().unwrap(), a.col().to_vec().unwrap());
    let mut pos: Vec<(i32, i32)> = r.into_iter().zip(c).collect();
    assert!(pos
        .iter()
        .all(|&(i, j)| (i as usize) < m && (j as usize) < n));
    pos.sort_unstable();
    pos.dedup();
    assert_eq!(pos.len(), want, "distinct positions");
    // Reproducible from the seed.
    let mut again = Generator::new(2026);
    let b: CooArray<T> = random_array(&mut again, dev, shape, density).unwrap();
    assert_eq!(a.row().to_vec().unwrap(), b.row().to_vec().unwrap());
    a
}

#[test]
fn random_array_structure_and_values() {
    for dev in devices() {
        // Uniform(0, 1) values: mean 1/2 and variance 1/12 within 5 standard errors.
        let a = random_structure::<f64>(&dev, [300, 200], 0.1);
        let v = a.data().to_vec().unwrap();
        let k = v.len() as f64;
        let mean = v.iter().sum::<f64>() / k;
        let var = v.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / k;
        assert!(v.iter().all(|x| (0.0..1.0).contains(x)));
        assert!(
            (mean - 0.5).abs() < 5.0 * (1.0 / 12.0 / k).sqrt(),
            "mean {mean}"
        );
        assert!((var - 1.0 / 12.0).abs() < 0.005, "var {var}");
        // Positions uniform: every row gets about density * n.
        let rows = a.row().to_vec().unwrap();
        let top = rows.iter().filter(|&&r| r < 150).count() as f64;
        assert!(
            (top / k - 0.5).abs() < 5.0 * (0.25 / k).sqrt(),
            "rows {top}"
        );
        // The other dtypes: complex parts in [0, 1), integers anywhere in the range.
        let c = random_structure::<c64>(&dev, [20, 30], 0.5);
        assert!(c
            .data()
            .to_vec()
            .unwrap()
            .iter()
            .all(|z| (0.0..1.0).contains(&z.re) && (0.0..1.0).contains(&z.im)));
        let i = random_structure::<i8>(&dev, [40, 40], 0.3);
        let iv = i.data().to_vec().unwrap();
        assert!(iv.iter().any(|&x| x < -64) && iv.iter().any(|&x| x > 63));
        assert!(!iv.contains(&i8::MAX)); // SciPy's integers exclude the maximum
        random_structure::<f32>(&dev, [7, 3], 1.0);
        random_structure::<u64>(&dev, [1, 1], 0.5); // round(0.5) = 0
        random_structure::<c128>(&dev, [3, 1], 0.5); // round(1.5) = 2
        random_structure::<f64>(&dev, [0, 5], 0.3);
        // A huge shape: positions by rejection, O(nnz) memory.
        random_structure::<f64>(&dev, [1 << 20, 1 << 20], 1e-9);
        let mut rng = Generator::new(1);
        assert!(random_array::<f64, i32>(&mut rng, &dev, [3, 3], -0.1).is_err());
        assert!(random_array::<f64, i32>(&mut rng, &dev, [3, 3], f64::NAN).is_err());
        assert!(random_array::<f64, i32>(&mut rng, &dev, [1 << 40, 2], 0.0).is_err());
    }
}

fn dia_case<T>(npz: &Npz, c: &str, dev: &Device)
where
    T: SparseDType + NpyDType + Numeric + PartialEq + std::fmt::Debug,
{
    let get = |k: &str| npz.array::<T>(&format!("{c}_{k}")).unwrap();
    let shape = npz
        .array::<i64>(&format!("{c}_dshape"))
        .unwrap()
        .to_vec()
        .unwrap();
    let shape = [shape[0] as usize, shape[1] as usize];
    let offsets = npz.array::<i32>(&format!("{c}_offsets")).unwrap();
    let a = DiaArray::new(&get("ddata"), &offsets, shape).unwrap();
    assert_eq!(a.format(), "dia");
    let nnz = npz
        .array::<i64>(&format!("{c}_nnz"))
        .unwrap()
        .item()
        .unwrap();
    assert_eq!(a.nnz() as i64, nnz, "{c}: nnz");
    let csr = a.tocsr().unwrap();
    let want = matrix::<T>(npz, &format!("{c}_csr"));
    assert_eq!(
        csr.indptr().to_vec().unwrap(),
        want.indptr().to_vec().unwrap(),
        "{c}"
    );
    assert_eq!(
        csr.indices().to_vec().unwrap(),
        want.indices().to_vec().unwrap(),
        "{c}"
    );
    assert_eq!(
        csr.data().to_vec().unwrap(),
        want.data().to_vec().unwrap(),
        "{c}"
    );
    assert_eq!(a.tocoo().unwrap().nnz(), want.nnz());
    assert_eq!(a.tocsc().unwrap().shape(), shape);
    let dense = get("dense").to_vec().unwrap();
    assert_eq!(
        a.toarray().unwrap().to_vec().unwrap(),
        dense,
        "{c}: toarray"
    );
    // A @ x: SciPy's dia_matvec order, to the bit.
    let y = a.dot(&get("x")).unwrap();
    assert_eq!(y.device(), *dev);
    assert_eq!(
        y.to_vec().unwrap(),
        get("y").to_vec().unwrap(),
        "{c}: A @ x"
    );
    let t = a.transpose().unwrap();
    assert_eq!(t.shape(), [shape[1], shape[0]]);
    // The true transpose (SciPy's is wrong when `L > max(m, n)`: the `tall` case).
    assert_eq!(
        t.toarray().unwrap().to_vec().unwrap(),
        get("t").to_vec().unwrap(),
        "{c}: A.T"
    );
    assert_eq!(
        t.transpose().unwrap().toarray().unwrap().to_vec().unwrap(),
        dense
    );
    for k in -1isize..=2 {
        let d = a.diagonal(k).unwrap().to_vec().unwrap();
        assert_eq!(
            d,
            get(&format!("diag{}", k + 1)).to_vec().unwrap(),
            "{c}: diagonal({k})"
        );
    }
    // count_nonzero, sum, trace and astype against the dense array.
    let nonzero = dense.iter().filter(|v| **v != T::default()).count();
    assert_eq!(a.count_nonzero().unwrap(), nonzero, "{c}: count_nonzero");
    let copy = a.copy().unwrap();
    assert_eq!(copy.toarray().unwrap().to_vec().unwrap(), dense);
    assert_eq!(
        a.astype::<c128>()
            .unwrap()
            .toarray()
            .unwrap()
            .to_vec()
            .unwrap(),
        get("dense").astype::<c128>().unwrap().to_vec().unwrap(),
        "{c}: astype"
    );
    // dia_array(dense): SciPy's layout.
    let from = DiaArray::<T>::from_dense(&get("dense")).unwrap();
    let td = npz.array::<T>(&format!("{c}_todia_data")).unwrap();
    assert_eq!(from.data().shape(), td.shape(), "{c}: todia data shape");
    assert_eq!(
        from.data().to_vec().unwrap(),
        td.to_vec().unwrap(),
        "{c}: todia data"
    );
    let to = npz.array::<i32>(&format!("{c}_todia_offsets")).unwrap();
    assert_eq!(
        from.offsets().to_vec().unwrap(),
        to.to_vec().unwrap(),
        "{c}: todia offsets"
    );
    assert_eq!(
        want.todia().unwrap().toarray().unwrap().to_vec().unwrap(),
        dense
    );
}

#[test]
fn dia_against_scipy() {
    for dev in devices() {
        let npz = fixtures(&dev);
        let names = cases(&npz, "dia_", "_dshape");
        assert!(names.len() >= 11);
        let wrong = npz
            .array::<i8>("dia_tall_f64_t_scipy_wrong")
            .unwrap()
            .item()
            .unwrap();
        assert_eq!(wrong, 1, "SciPy's DIA transpose with L > max(m, n)");
        for c in names {
            match c.rsplit('_').next() {
                Some("i8") => dia_case::<i8>(&npz, c, &dev),
                Some("i64") => dia_case::<i64>(&npz, c, &dev),
                Some("f32") => dia_case::<f32>(&npz, c, &dev),
                Some("f64") => dia_case::<f64>(&npz, c, &dev),
                Some("c64") => dia_case::<c64>(&npz, c, &dev),
                Some("c128") => dia_case::<c128>(&npz, c, &dev),
                other => panic!("{c}: {other:?}"),
            }
        }
        // diags_array(..., format="dia"): SciPy's data layout.
        let diagonals = [
            Array::from_vec(&dev, &[4], vec![1.0f64, 2.0, 3.0, 4.0]).unwrap(),
            Array::from_vec(&dev, &[1], vec![7.0f64]).unwrap(),
            Array::from_vec(&dev, &[3], vec![10.0f64, 11.0, 12.0]).unwrap(),
        ];
        let d = diags_dia::<f64, i32>(&dev, &diagonals, &[0, 2, -1], Some([4, 5])).unwrap();
        let want = npz.array::<f64>("dd_data").unwrap();
        assert_eq!(d.data().shape(), want.shape());
        assert_eq!(d.data().to_vec().unwrap(), want.to_vec().unwrap());
        assert_eq!(
            d.offsets().to_vec().unwrap(),
            npz.array::<i32>("dd_offsets").unwrap().to_vec().unwrap()
        );
        assert!(diags_dia::<f64, i32>(&dev, &diagonals, &[0, 0, 1], None).is_err());
    }
}

#[test]
fn dia_errors() {
    let dev = Device::cpu();
    let data = Array::<f64>::zeros(&dev, &[2, 3]).unwrap();
    let one = Array::from_vec(&dev, &[1], vec![0i32]).unwrap();
    let two = Array::from_vec(&dev, &[2], vec![0i32, 1]).unwrap();
    let same = Array::from_vec(&dev, &[2], vec![1i32, 1]).unwrap();
    assert!(DiaArray::new(&data, &one, [3, 3]).is_err()); // 2 diagonals, 1 offset
    assert!(DiaArray::new(&data, &same, [3, 3]).is_err()); // duplicate offsets
    let cube = Array::<f64>::zeros(&dev, &[1, 1, 3]).unwrap();
    assert!(DiaArray::new(&cube, &one, [3, 3]).is_err());
    let offs2d = Array::from_vec(&dev, &[1, 2], vec![0i32, 1]).unwrap();
    assert!(DiaArray::new(&data, &offs2d, [3, 3]).is_err());
    let a = DiaArray::new(&data, &two, [3, 3]).unwrap();
    assert!(a.dot(&Array::<f64>::zeros(&dev, &[2]).unwrap()).is_err());
    // 1-d data is one diagonal (NumPy's atleast_2d).
    let row = Array::from_vec(&dev, &[3], vec![1.0f64, 2.0, 3.0]).unwrap();
    let d = DiaArray::new(&row, &one, [3, 3]).unwrap();
    assert_eq!(
        d.diagonal(0).unwrap().to_vec().unwrap(),
        vec![1.0, 2.0, 3.0]
    );
    // A matrix x goes through CSR; stored zeros times inf are NaN in a product, as SciPy's.
    let x = Array::from_vec(&dev, &[3], vec![f64::INFINITY, 1.0, 1.0]).unwrap();
    let y = a.dot(&x).unwrap().to_vec().unwrap();
    assert!(y[0].is_nan());
    let xm = Array::from_vec(&dev, &[3, 1], vec![1.0, 1.0, 1.0]).unwrap();
    assert_eq!(d.dot(&xm).unwrap().to_vec().unwrap(), vec![1.0, 2.0, 3.0]);
    // An empty COO gives no diagonals.
    let empty = CooArray::<f64>::from_dense(&Array::zeros(&dev, &[2, 4]).unwrap()).unwrap();
    let e = empty.todia().unwrap();
    assert_eq!((e.data().shape(), e.offsets().len()), (&[0usize, 0][..], 0));
    assert_eq!(e.toarray().unwrap().shape(), &[2, 4]);
}
