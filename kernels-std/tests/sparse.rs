//! `sparse` against SciPy: the fixtures of `scripts/fixtures/gen_sparse_fixtures.py` (inputs
//! and SciPy 1.17's results in `fixtures/sparse/sparse.npz`: a 2-d Poisson matrix, random
//! matrices with power-law row lengths and empty rows and columns, COO inputs with duplicate,
//! unsorted coordinates and explicit zeros, non-canonical CSR and CSC inputs, 0x0, 1xN, Nx1
//! and all-zero shapes; f32, f64, c128, i8 and i32 values; i32 and i64 indices), on the CPU
//! backend and, when there is one, on CUDA device 0; then every malformed input, each an
//! error, and a Poisson matrix of 10^4 rows against a product computed here.
//!
//! Tolerances: index arrays and integers exact. The products of CSR and CSC inputs (and of
//! dense ones) exactly, as SciPy sums them in the same order (`csr_matvec`, `csr_matvecs`,
//! and `csc_matvec`'s order per row, which the CSR form keeps); row sums and `toarray` of
//! compressed inputs within 4 ULPs; sums of
//! duplicates, whose order SciPy's unstable sort leaves open, and the total `sum()` (pairwise
//! here, row by row in SciPy) within `1e-12` (`f64`, `c128`) or `1e-5` (`f32`) relative and
//! absolute.

mod common;

use common::{assert_close, devices, fixture, Approx, Tol};
use kernels_std::io::{NpyDType, Npz};
use kernels_std::prelude::*;
use kernels_std::reduce::SumDType;
use kernels_std::sparse::{
    diags, eye, find, hstack, identity, kron, load_npz, save_npz, tril, triu, vstack, CooArray,
    CscArray, CsrArray, SparseArray, SparseDType, SparseIndex, SumOut,
};

fn fixtures(dev: &Device) -> Npz {
    kernels_std::io::load_npz(fixture("sparse/sparse.npz"), dev).expect("sparse.npz")
}

/// Sums in another order than SciPy's.
fn loose<T: Approx>() -> Tol {
    match T::ID {
        DTypeId::F32 | DTypeId::C64 => Tol {
            ulps: 4,
            ..Tol::close(1e-5, 1e-5)
        },
        DTypeId::F64 | DTypeId::C128 => Tol {
            ulps: 4,
            ..Tol::close(1e-12, 1e-12)
        },
        _ => Tol::exact(),
    }
}

#[track_caller]
fn same<T: Approx + NpyDType>(npz: &Npz, key: &str, got: &Array<T>, tol: Tol) {
    let want = npz.array::<T>(key).unwrap_or_else(|e| panic!("{key}: {e}"));
    assert_close(got, &want, tol, key);
}

#[track_caller]
fn exact<T: Approx + NpyDType>(npz: &Npz, key: &str, got: &Array<T>) {
    same(npz, key, got, Tol::exact());
}

/// The element types a case runs with, and the check of their sums (whose dtype is
/// [`SumOut`]).
trait Elem: SparseDType + NpyDType + Approx + SumDType {
    fn check_sums<I: Index>(
        npz: &Npz,
        c: &str,
        csr: &CsrArray<Self, I>,
        csc: &CscArray<Self, I>,
        coo: &CooArray<Self, I>,
    );
}
impl<T> Elem for T
where
    T: SparseDType + NpyDType + Approx + SumDType,
    SumOut<T>: SparseDType + NpyDType + Approx,
{
    fn check_sums<I: Index>(
        npz: &Npz,
        c: &str,
        csr: &CsrArray<T, I>,
        csc: &CscArray<T, I>,
        coo: &CooArray<T, I>,
    ) {
        let tol = loose::<SumOut<T>>();
        for (axis, key) in [
            (None, "none"),
            (Some(0), "0"),
            (Some(1), "1"),
            (Some(-1), "1"),
        ] {
            let k = format!("{c}_sum_{key}");
            same(npz, &k, &csr.sum(axis).unwrap(), tol);
            same(npz, &k, &csc.sum(axis).unwrap(), tol);
            same(npz, &k, &coo.sum(axis).unwrap(), tol);
        }
        for (k, key) in [(0, "0"), (1, "1"), (-1, "m1"), (-3, "m3"), (1000, "1000")] {
            let kk = format!("{c}_trace_{key}");
            same(npz, &kk, &csr.trace(k).unwrap(), tol);
            same(npz, &kk, &csc.trace(k).unwrap(), tol);
            same(npz, &kk, &coo.trace(k).unwrap(), tol);
        }
    }
}

trait Index: SparseIndex + NpyDType + Approx {}
impl<I: SparseIndex + NpyDType + Approx> Index for I {}

/// A sparse input in the format the case was written in.
enum Input<T: SparseDType, I: SparseIndex> {
    Csr(CsrArray<T, I>),
    Csc(CscArray<T, I>),
    Coo(CooArray<T, I>),
}

fn shape_of(npz: &Npz, c: &str) -> [usize; 2] {
    let s = npz
        .array::<i64>(&format!("{c}_shape"))
        .unwrap()
        .to_vec()
        .unwrap();
    [s[0] as usize, s[1] as usize]
}

fn load<T: Elem, I: Index>(npz: &Npz, c: &str) -> Input<T, I> {
    let format = npz
        .array::<i8>(&format!("{c}_format"))
        .unwrap()
        .item()
        .unwrap();
    let get_t = |k: &str| npz.array::<T>(&format!("{c}_{k}")).unwrap();
    let get_i = |k: &str| npz.array::<I>(&format!("{c}_{k}")).unwrap();
    match format {
        0 => Input::Csr(
            CsrArray::new(
                &get_t("data"),
                &get_i("indices"),
                &get_i("indptr"),
                shape_of(npz, c),
            )
            .unwrap_or_else(|e| panic!("{c}: {e}")),
        ),
        1 => Input::Csc(
            CscArray::new(
                &get_t("data"),
                &get_i("indices"),
                &get_i("indptr"),
                shape_of(npz, c),
            )
            .unwrap_or_else(|e| panic!("{c}: {e}")),
        ),
        2 => Input::Coo(
            CooArray::new(
                &get_t("data"),
                &get_i("row"),
                &get_i("col"),
                shape_of(npz, c),
            )
            .unwrap_or_else(|e| panic!("{c}: {e}")),
        ),
        _ => {
            let dense = get_t("dense_in");
            let csr = CsrArray::<T, I>::from_dense(&dense).unwrap();
            check_compressed(
                npz,
                &format!("{c}_fromcsr"),
                &csr.data().clone(),
                csr.indices(),
                csr.indptr(),
                Tol::exact(),
            );
            let csc = CscArray::<T, I>::from_dense(&dense).unwrap();
            check_compressed(
                npz,
                &format!("{c}_fromcsc"),
                csc.data(),
                csc.indices(),
                csc.indptr(),
                Tol::exact(),
            );
            let coo = CooArray::<T, I>::from_dense(&dense).unwrap();
            check_coo(npz, &format!("{c}_fromcoo"), &coo, Tol::exact());
            assert!(
                csr.has_canonical_format() && coo.has_canonical_format(),
                "{c}"
            );
            Input::Csr(csr)
        }
    }
}

#[track_caller]
fn check_compressed<T: Elem, I: Index>(
    npz: &Npz,
    prefix: &str,
    data: &Array<T>,
    indices: &Array<I>,
    indptr: &Array<I>,
    tol: Tol,
) {
    exact(npz, &format!("{prefix}_indptr"), indptr);
    exact(npz, &format!("{prefix}_indices"), indices);
    same(npz, &format!("{prefix}_data"), data, tol);
}

#[track_caller]
fn check_coo<T: Elem, I: Index>(npz: &Npz, prefix: &str, a: &CooArray<T, I>, tol: Tol) {
    exact(npz, &format!("{prefix}_row"), a.row());
    exact(npz, &format!("{prefix}_col"), a.col());
    same(npz, &format!("{prefix}_data"), a.data(), tol);
}

fn flags(npz: &Npz, c: &str) -> Vec<bool> {
    npz.array::<bool>(&format!("{c}_flags"))
        .unwrap()
        .to_vec()
        .unwrap()
}

/// Whether the input has duplicates (SciPy's sum_duplicates removed entries).
fn has_duplicates(npz: &Npz, c: &str, nnz: usize) -> bool {
    npz.get(&format!("{c}_sumdup_data"))
        .map(|a| a.shape().iter().product::<usize>())
        .unwrap_or(nnz)
        < nnz
}

/// Everything SciPy computed for case `c`.
fn run_case<T: Elem, I: Index>(npz: &Npz, c: &str, dev: &Device) {
    let input = load::<T, I>(npz, c);
    let ulps = T::DEFAULT_TOL;
    let (csr, csc, coo) = match &input {
        Input::Csr(a) => {
            same(npz, &format!("{c}_dense"), &a.toarray().unwrap(), ulps);
            let f = flags(npz, c);
            assert_eq!(
                [a.has_sorted_indices(), a.has_canonical_format()],
                [f[0], f[1]],
                "{c}: flags"
            );
            let dups = has_duplicates(npz, c, a.nnz());
            let mut s = a.clone();
            s.sort_indices().unwrap();
            assert!(s.has_sorted_indices(), "{c}");
            exact(npz, &format!("{c}_sorted_indices"), s.indices());
            if !dups {
                exact(npz, &format!("{c}_sorted_data"), s.data());
            }
            let mut d = a.clone();
            d.sum_duplicates().unwrap();
            assert!(d.has_canonical_format(), "{c}");
            check_compressed(
                npz,
                &format!("{c}_sumdup"),
                d.data(),
                d.indices(),
                d.indptr(),
                loose::<T>(),
            );
            let mut e = a.clone();
            e.eliminate_zeros().unwrap();
            check_compressed(
                npz,
                &format!("{c}_elim"),
                e.data(),
                e.indices(),
                e.indptr(),
                Tol::exact(),
            );
            (a.tocsr().unwrap(), a.tocsc().unwrap(), a.tocoo().unwrap())
        }
        Input::Csc(a) => {
            same(npz, &format!("{c}_dense"), &a.toarray().unwrap(), ulps);
            let f = flags(npz, c);
            assert_eq!(
                [a.has_sorted_indices(), a.has_canonical_format()],
                [f[0], f[1]],
                "{c}: flags"
            );
            let mut s = a.clone();
            s.sort_indices().unwrap();
            exact(npz, &format!("{c}_sorted_indices"), s.indices());
            let mut d = a.clone();
            d.sum_duplicates().unwrap();
            check_compressed(
                npz,
                &format!("{c}_sumdup"),
                d.data(),
                d.indices(),
                d.indptr(),
                loose::<T>(),
            );
            let mut e = a.clone();
            e.eliminate_zeros().unwrap();
            check_compressed(
                npz,
                &format!("{c}_elim"),
                e.data(),
                e.indices(),
                e.indptr(),
                Tol::exact(),
            );
            (a.tocsr().unwrap(), a.tocsc().unwrap(), a.tocoo().unwrap())
        }
        Input::Coo(a) => {
            same(
                npz,
                &format!("{c}_dense"),
                &a.toarray().unwrap(),
                loose::<T>(),
            );
            assert_eq!(a.has_canonical_format(), flags(npz, c)[0], "{c}: flag");
            let mut d = a.clone();
            d.sum_duplicates().unwrap();
            assert!(d.has_canonical_format(), "{c}");
            check_coo(npz, &format!("{c}_sumdup"), &d, loose::<T>());
            let mut e = a.clone();
            e.eliminate_zeros().unwrap();
            check_coo(npz, &format!("{c}_elim"), &e, Tol::exact());
            (a.tocsr().unwrap(), a.tocsc().unwrap(), a.tocoo().unwrap())
        }
    };
    // The conversions: exact where SciPy moves values without adding them.
    let conv_tol = match &input {
        Input::Coo(_) => loose::<T>(),
        _ => Tol::exact(),
    };
    check_compressed(
        npz,
        &format!("{c}_tocsr"),
        csr.data(),
        csr.indices(),
        csr.indptr(),
        conv_tol,
    );
    check_compressed(
        npz,
        &format!("{c}_tocsc"),
        csc.data(),
        csc.indices(),
        csc.indptr(),
        conv_tol,
    );
    check_coo(npz, &format!("{c}_tocoo"), &coo, conv_tol);
    for (what, got) in [
        ("csr", csr.toarray().unwrap()),
        ("csc", csc.toarray().unwrap()),
        ("coo", coo.toarray().unwrap()),
        ("csr.T.T", csr.transpose().transpose().toarray().unwrap()),
    ] {
        same(npz, &format!("{c}_dense"), &got, loose::<T>());
        assert!(got.device().same(dev), "{c} {what}");
    }
    same(
        npz,
        &format!("{c}_dense"),
        &coo.transpose().transpose().toarray().unwrap(),
        loose::<T>(),
    );
    let [m, n] = csr.shape();
    assert_eq!(csc.transpose().shape(), [n, m]);

    // Products.
    let x = npz.array::<T>(&format!("{c}_x")).unwrap();
    let xm = npz.array::<T>(&format!("{c}_xm")).unwrap();
    let tol = match &input {
        Input::Coo(_) => loose::<T>(),
        _ => Tol::exact(),
    };
    // A CSR input's product through CSC sums each row in column order (SciPy's
    // `a.tocsc() @ x`), not in the storage order of an unsorted row.
    let via_csc = match &input {
        Input::Csr(_) => "c",
        _ => "",
    };
    same(npz, &format!("{c}_y"), &csr.dot(&x).unwrap(), tol);
    same(npz, &format!("{c}_y{via_csc}"), &csc.dot(&x).unwrap(), tol);
    same(npz, &format!("{c}_y"), &coo.dot(&x).unwrap(), loose::<T>());
    same(npz, &format!("{c}_ym"), &csr.matmul(&xm).unwrap(), tol);
    same(
        npz,
        &format!("{c}_ym{via_csc}"),
        &csc.matmul(&xm).unwrap(),
        tol,
    );
    same(
        npz,
        &format!("{c}_ym"),
        &coo.matmul(&xm).unwrap(),
        loose::<T>(),
    );

    let count = npz
        .array::<i64>(&format!("{c}_count_nonzero"))
        .unwrap()
        .item()
        .unwrap() as usize;
    assert_eq!(csr.count_nonzero().unwrap(), count, "{c}: count_nonzero");
    assert_eq!(csc.count_nonzero().unwrap(), count, "{c}: count_nonzero");
    assert_eq!(coo.count_nonzero().unwrap(), count, "{c}: count_nonzero");
    if let Input::Coo(a) = &input {
        assert_eq!(
            a.count_nonzero().unwrap(),
            count,
            "{c}: count_nonzero of the input"
        );
    }

    // Sums and diagonals.
    T::check_sums(npz, c, &csr, &csc, &coo);
    for (k, key) in [(0, "0"), (1, "1"), (-1, "m1"), (-3, "m3"), (1000, "1000")] {
        let kk = format!("{c}_diag_{key}");
        same(npz, &kk, &csr.diagonal(k).unwrap(), loose::<T>());
        same(npz, &kk, &csc.diagonal(k).unwrap(), loose::<T>());
        same(npz, &kk, &coo.diagonal(k).unwrap(), loose::<T>());
    }
}

/// The cases of the archive with element type `T` and index type `I`.
fn cases(npz: &Npz, t: &str, i: &str) -> Vec<String> {
    let suffix = format!("_{t}_{i}_format");
    let mut out: Vec<String> = npz
        .names()
        .filter_map(|k| k.strip_suffix(&suffix).map(|c| format!("{c}_{t}_{i}")))
        .collect();
    out.sort();
    out
}

fn run_all<T: Elem, I: Index>(npz: &Npz, t: &str, i: &str, dev: &Device) -> usize {
    let cases = cases(npz, t, i);
    for c in &cases {
        run_case::<T, I>(npz, c, dev);
    }
    cases.len()
}

#[test]
fn scipy_fixtures() {
    for dev in devices() {
        let npz = fixtures(&dev);
        let mut n = 0;
        n += run_all::<f64, i32>(&npz, "float64", "int32", &dev);
        n += run_all::<f64, i64>(&npz, "float64", "int64", &dev);
        n += run_all::<f32, i32>(&npz, "float32", "int32", &dev);
        n += run_all::<f32, i64>(&npz, "float32", "int64", &dev);
        n += run_all::<c128, i32>(&npz, "complex128", "int32", &dev);
        n += run_all::<c128, i64>(&npz, "complex128", "int64", &dev);
        n += run_all::<i32, i32>(&npz, "int32", "int32", &dev);
        n += run_all::<i8, i32>(&npz, "int8", "int32", &dev);
        let total = npz.names().filter(|k| k.ends_with("_format")).count();
        assert_eq!(n, total, "every case of the archive ran on {dev}");
    }
}

fn arr<T: DType>(dev: &Device, v: Vec<T>) -> Array<T> {
    Array::from_vec(dev, &[v.len()], v).unwrap()
}

#[test]
fn malformed_compressed_inputs_are_errors() {
    for dev in devices() {
        let d = |v: Vec<f64>| arr(&dev, v);
        let i = |v: Vec<i32>| arr(&dev, v);
        let ok = CsrArray::new(
            &d(vec![1.0, 2.0]),
            &i(vec![0, 2]),
            &i(vec![0, 1, 2]),
            [2, 3],
        );
        assert!(ok.is_ok());
        let cases: Vec<(&str, Result<CsrArray<f64>>)> = vec![
            (
                "indptr too short",
                CsrArray::new(&d(vec![1.0, 2.0]), &i(vec![0, 2]), &i(vec![0, 2]), [2, 3]),
            ),
            (
                "indptr too long",
                CsrArray::new(
                    &d(vec![1.0, 2.0]),
                    &i(vec![0, 2]),
                    &i(vec![0, 1, 2, 2]),
                    [2, 3],
                ),
            ),
            (
                "indptr not from 0",
                CsrArray::new(
                    &d(vec![1.0, 2.0]),
                    &i(vec![0, 2]),
                    &i(vec![1, 1, 2]),
                    [2, 3],
                ),
            ),
            (
                "indptr decreasing",
                CsrArray::new(
                    &d(vec![1.0, 2.0]),
                    &i(vec![0, 2]),
                    &i(vec![0, 2, 1]),
                    [2, 3],
                ),
            ),
            (
                "indptr negative",
                CsrArray::new(
                    &d(vec![1.0, 2.0]),
                    &i(vec![0, 2]),
                    &i(vec![0, -1, 2]),
                    [2, 3],
                ),
            ),
            (
                "indptr past the values",
                CsrArray::new(
                    &d(vec![1.0, 2.0]),
                    &i(vec![0, 2]),
                    &i(vec![0, 1, 3]),
                    [2, 3],
                ),
            ),
            (
                "index out of range",
                CsrArray::new(
                    &d(vec![1.0, 2.0]),
                    &i(vec![0, 3]),
                    &i(vec![0, 1, 2]),
                    [2, 3],
                ),
            ),
            (
                "negative index",
                CsrArray::new(
                    &d(vec![1.0, 2.0]),
                    &i(vec![-1, 2]),
                    &i(vec![0, 1, 2]),
                    [2, 3],
                ),
            ),
            (
                "lengths differ",
                CsrArray::new(&d(vec![1.0, 2.0]), &i(vec![0]), &i(vec![0, 1, 2]), [2, 3]),
            ),
            (
                "2-d data",
                CsrArray::new(
                    &Array::from_vec(&dev, &[1, 2], vec![1.0, 2.0]).unwrap(),
                    &i(vec![0, 2]),
                    &i(vec![0, 1, 2]),
                    [2, 3],
                ),
            ),
            (
                "extent beyond i32",
                CsrArray::new(
                    &d(vec![1.0, 2.0]),
                    &i(vec![0, 2]),
                    &i(vec![0, 1, 2]),
                    [2, 1 << 31],
                ),
            ),
            ("dense 1-d", CsrArray::from_dense(&d(vec![1.0]))),
        ];
        for (what, r) in cases {
            let e = r
                .err()
                .unwrap_or_else(|| panic!("{what}: accepted on {dev}"));
            assert!(
                e.to_string().contains("csr_array") || what == "dense 1-d",
                "{what}: {e}"
            );
        }
        // CSC: the same checks with columns for rows.
        assert!(CscArray::new(&d(vec![1.0]), &i(vec![2]), &i(vec![0, 1]), [2, 1]).is_err());
        assert!(CscArray::new(&d(vec![1.0]), &i(vec![1]), &i(vec![0, 1, 1]), [2, 1]).is_err());
        // A last pointer below the number of values drops the values past it (SciPy's prune).
        let pruned = CsrArray::new(
            &d(vec![1.0, 2.0, 3.0]),
            &i(vec![1, 0, 2]),
            &i(vec![0, 1, 2]),
            [2, 3],
        )
        .unwrap();
        assert_eq!(pruned.nnz(), 2);
        assert_eq!(
            pruned.toarray().unwrap().to_vec().unwrap(),
            vec![0.0, 1.0, 0.0, 2.0, 0.0, 0.0]
        );
    }
}

#[test]
fn malformed_coo_inputs_and_operands_are_errors() {
    for dev in devices() {
        let d = |v: Vec<f32>| arr(&dev, v);
        let i = |v: Vec<i64>| arr(&dev, v);
        let cases: Vec<(&str, Result<CooArray<f32, i64>>)> = vec![
            (
                "row out of range",
                CooArray::new(&d(vec![1.0, 2.0]), &i(vec![0, 2]), &i(vec![0, 0]), [2, 2]),
            ),
            (
                "negative row",
                CooArray::new(&d(vec![1.0, 2.0]), &i(vec![0, -1]), &i(vec![0, 0]), [2, 2]),
            ),
            (
                "column out of range",
                CooArray::new(&d(vec![1.0, 2.0]), &i(vec![0, 1]), &i(vec![0, 9]), [2, 2]),
            ),
            (
                "negative column",
                CooArray::new(&d(vec![1.0, 2.0]), &i(vec![0, 1]), &i(vec![-3, 0]), [2, 2]),
            ),
            (
                "row shorter",
                CooArray::new(&d(vec![1.0, 2.0]), &i(vec![0]), &i(vec![0, 0]), [2, 2]),
            ),
            (
                "col longer",
                CooArray::new(
                    &d(vec![1.0, 2.0]),
                    &i(vec![0, 1]),
                    &i(vec![0, 0, 1]),
                    [2, 2],
                ),
            ),
            (
                "any entry in a 0x0 array",
                CooArray::new(&d(vec![1.0]), &i(vec![0]), &i(vec![0]), [0, 0]),
            ),
        ];
        for (what, r) in cases {
            assert!(r.is_err(), "{what}: accepted on {dev}");
        }
        let a = CooArray::new(&d(vec![1.0, 2.0]), &i(vec![0, 1]), &i(vec![1, 0]), [2, 2]).unwrap();
        // Products with operands of the wrong shape.
        assert!(a.dot(&d(vec![1.0, 2.0, 3.0])).is_err());
        assert!(a
            .dot(&Array::from_vec(&dev, &[3, 1], vec![1.0f32; 3]).unwrap())
            .is_err());
        assert!(a
            .dot(&Array::from_vec(&dev, &[2, 1, 1], vec![1.0f32; 2]).unwrap())
            .is_err());
        assert!(a
            .tocsr()
            .unwrap()
            .dot(&Array::scalar(&dev, 1.0f32).unwrap())
            .is_err());
        // Axes beyond 2-d.
        for axis in [2, -3] {
            assert!(a.sum(Some(axis)).is_err());
            assert!(a.tocsr().unwrap().sum(Some(axis)).is_err());
            assert!(a.tocsc().unwrap().sum(Some(axis)).is_err());
        }
        assert!(
            CooArray::<f32, i64>::from_dense(&Array::zeros(&dev, &[2, 2, 2]).unwrap()).is_err()
        );
    }
}

/// The 5-point Laplacian of a `k x k` grid as CSR arrays, built on the host.
fn poisson(k: usize) -> (Vec<f64>, Vec<i32>, Vec<i32>) {
    let (mut data, mut indices, mut indptr) = (vec![], vec![], vec![0i32]);
    for r in 0..k * k {
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

/// Rows of very different lengths (a power law: a few rows hold most entries, many hold none
/// or one), so that the CPU's runs of equal work cut the rows unevenly; and the extremes of
/// every entry in the first row or in the last. Each product equals SciPy's order (each row
/// summed from zero over its entries in storage order) to the last bit.
#[test]
fn power_law_rows_against_a_host_product() {
    let n = 3000usize;
    let power: Vec<usize> = (0..n).map(|r| 1500 / (1 + (7919 * r) % n)).collect();
    let mut first = vec![0usize; n];
    first[0] = 2 * n;
    let mut last = vec![0usize; n];
    last[n - 1] = 2 * n;
    for lens in [power, first, last] {
        let (mut data, mut indices, mut indptr) = (Vec::new(), Vec::new(), vec![0i32]);
        for (r, &len) in lens.iter().enumerate() {
            let mut cols: Vec<usize> = (0..len).map(|j| (131 * r + 977 * j) % n).collect();
            cols.sort_unstable();
            cols.dedup();
            for c in cols {
                indices.push(c as i32);
                data.push((1 + (r + c) % 13) as f64 / 3.0);
            }
            indptr.push(indices.len() as i32);
        }
        let x: Vec<f64> = (0..n).map(|i| ((i * 37) % 101) as f64 / 7.0).collect();
        let mut want = vec![0.0; n];
        for r in 0..n {
            for j in indptr[r] as usize..indptr[r + 1] as usize {
                want[r] += data[j] * x[indices[j] as usize];
            }
        }
        for dev in devices() {
            let a = CsrArray::new(
                &arr(&dev, data.clone()),
                &arr(&dev, indices.clone()),
                &arr(&dev, indptr.clone()),
                [n, n],
            )
            .unwrap();
            let y = a.dot(&arr(&dev, x.clone())).unwrap().to_vec().unwrap();
            assert_eq!(y, want, "on {dev}, {} entries", data.len());
        }
    }
}

#[test]
fn poisson_of_many_blocks_against_a_host_product() {
    let k = 100;
    let (data, indices, indptr) = poisson(k);
    let x: Vec<f64> = (0..k * k).map(|i| ((i * 37) % 101) as f64 / 7.0).collect();
    let mut want = vec![0.0; k * k];
    for r in 0..k * k {
        for j in indptr[r] as usize..indptr[r + 1] as usize {
            want[r] += data[j] * x[indices[j] as usize];
        }
    }
    for dev in devices() {
        let a = CsrArray::new(
            &arr(&dev, data.clone()),
            &arr(&dev, indices.clone()),
            &arr(&dev, indptr.clone()),
            [k * k, k * k],
        )
        .unwrap();
        assert!(a.has_canonical_format());
        let xa = arr(&dev, x.clone());
        assert_eq!(a.dot(&xa).unwrap().to_vec().unwrap(), want, "on {dev}");
        // CSC of a symmetric matrix: the same arrays, the same product (summed by column).
        let c = a.tocsc().unwrap();
        assert_eq!(c.indptr().to_vec().unwrap(), indptr);
        assert_eq!(c.dot(&xa).unwrap().to_vec().unwrap(), want, "on {dev}");
        assert_eq!(a.sum(None).unwrap().item().unwrap(), (4 * k) as f64);
        let diag = a.diagonal(0).unwrap().to_vec().unwrap();
        assert!(diag.iter().all(|&v| v == 4.0));
    }
}

#[test]
fn eye_and_identity() {
    for dev in devices() {
        for (m, n, k) in [
            (3, 3, 0),
            (2, 4, 1),
            (4, 2, -1),
            (3, 5, 4),
            (3, 3, 3),
            (3, 3, -3),
            (0, 0, 0),
        ] {
            let a: CsrArray<f64, i64> = eye(&dev, m, n, k).unwrap();
            let got = a.toarray().unwrap().to_vec().unwrap();
            let want: Vec<f64> = (0..m * n)
                .map(|p| {
                    if (p % n) as isize - (p / n) as isize == k {
                        1.0
                    } else {
                        0.0
                    }
                })
                .collect();
            assert_eq!(got, want, "eye({m}, {n}, {k}) on {dev}");
            assert!(a.has_canonical_format());
        }
        let i: CsrArray<c128> = identity(&dev, 2).unwrap();
        assert_eq!(i.nnz(), 2);
        assert_eq!(i.dtype(), DTypeId::C128);
        let s = i.mul_scalar(c128::new(0.0, 2.0)).unwrap();
        let r: CsrArray<f64> = s.astype::<f64>().unwrap();
        assert_eq!(
            (r.nnz(), r.diagonal(0).unwrap().to_vec().unwrap()),
            (2, vec![0.0; 2])
        );
        let t = eye::<i8, i32>(&dev, 3, 3, 0).unwrap().tocoo().unwrap();
        assert_eq!(
            t.astype::<f32>()
                .unwrap()
                .toarray()
                .unwrap()
                .to_vec()
                .unwrap()[4],
            1.0
        );
        assert_eq!(
            s.diagonal(0).unwrap().to_vec().unwrap(),
            vec![c128::new(0.0, 2.0); 2]
        );
    }
}

#[test]
fn diags_against_scipy() {
    for dev in devices() {
        let npz = fixtures(&dev);
        for case in ["tri", "rect", "edge", "tall"] {
            let c = format!("diags_{case}_int32");
            let offsets: Vec<isize> = npz
                .array::<i64>(&format!("{c}_offsets"))
                .unwrap()
                .to_vec()
                .unwrap()
                .into_iter()
                .map(|k| k as isize)
                .collect();
            let diagonals: Vec<Array<f64>> = (0..offsets.len())
                .map(|j| npz.array::<f64>(&format!("{c}_d{j}")).unwrap())
                .collect();
            let s = npz
                .array::<i64>(&format!("{c}_shape"))
                .unwrap()
                .to_vec()
                .unwrap();
            let shape = (s[0] >= 0).then(|| [s[0] as usize, s[1] as usize]);
            let a: CsrArray<f64> =
                diags(&dev, &diagonals, &offsets, shape).unwrap_or_else(|e| panic!("{c}: {e}"));
            check_compressed(
                &npz,
                &format!("{c}_csr"),
                a.data(),
                a.indices(),
                a.indptr(),
                Tol::exact(),
            );
            assert!(a.has_canonical_format(), "{c}");
        }
        // SciPy's errors.
        let v = |x: Vec<f64>| arr(&dev, x);
        let bad: Vec<(&str, Result<CsrArray<f64>>)> = vec![
            ("counts differ", diags(&dev, &[v(vec![1.0])], &[0, 1], None)),
            (
                "repeated offset",
                diags(&dev, &[v(vec![1.0; 3]), v(vec![1.0; 3])], &[0, 0], None),
            ),
            (
                "offset out of bounds",
                diags(&dev, &[v(vec![1.0])], &[4], Some([3, 3])),
            ),
            (
                "below the matrix",
                diags(&dev, &[v(vec![1.0])], &[-4], Some([3, 3])),
            ),
            (
                "diagonal too short",
                diags(&dev, &[v(vec![1.0, 2.0])], &[0], Some([3, 3])),
            ),
            (
                "empty diagonal",
                diags(&dev, &[v(vec![])], &[0], Some([3, 3])),
            ),
            ("no diagonal, no shape", diags(&dev, &[], &[], None)),
            (
                "2-d diagonal",
                diags(&dev, &[Array::zeros(&dev, &[1, 3]).unwrap()], &[0], None),
            ),
        ];
        for (what, r) in bad {
            assert!(r.is_err(), "{what}: accepted on {dev}");
        }
        let empty: CsrArray<f64> = diags(&dev, &[], &[], Some([2, 3])).unwrap();
        assert_eq!((empty.shape(), empty.nnz()), ([2, 3], 0));
    }
}

/// The compressed arrays `<c>_<part>_{data,indices,indptr}` of an `ops` case, in its format.
fn ops_input<T: Elem, I: Index>(npz: &Npz, c: &str, part: &str, csc: bool) -> Input<T, I> {
    let get_t = |k: &str| npz.array::<T>(&format!("{c}_{part}_{k}")).unwrap();
    let get_i = |k: &str| npz.array::<I>(&format!("{c}_{part}_{k}")).unwrap();
    let [m, n] = shape_of(npz, c);
    let shape = if part == "bt" { [n, m] } else { [m, n] };
    let (d, i, p) = (get_t("data"), get_i("indices"), get_i("indptr"));
    if csc {
        Input::Csc(CscArray::new(&d, &i, &p, shape).unwrap_or_else(|e| panic!("{c}: {e}")))
    } else {
        Input::Csr(CsrArray::new(&d, &i, &p, shape).unwrap_or_else(|e| panic!("{c}: {e}")))
    }
}

/// `a + b`, `a - b`, `a.multiply(b)`, `a.multiply(dense)`, `a + dense` and `a @ b.T` against
/// SciPy's, all exact (each element is computed in SciPy's order), but for complex
/// `a.multiply(dense)` (NumPy's multiply, within 4 ULPs).
fn run_ops_case<T: Elem + kernels_std::ops::Numeric, I: Index>(npz: &Npz, c: &str, dev: &Device) {
    let csc = npz
        .array::<i8>(&format!("{c}_fmt"))
        .unwrap()
        .item()
        .unwrap()
        == 1;
    let dense = npz.array::<T>(&format!("{c}_dense")).unwrap();
    let bt = match ops_input::<T, I>(npz, c, "bt", false) {
        Input::Csr(x) => x,
        _ => unreachable!(),
    };
    let ctx = format!("{c} on {dev}");
    // NumPy's complex multiply (SIMD) fuses a product with the sum; ours does not.
    let muld_tol = match T::ID {
        DTypeId::C64 | DTypeId::C128 => loose::<T>(),
        _ => Tol::exact(),
    };
    match (
        ops_input::<T, I>(npz, c, "a", csc),
        ops_input::<T, I>(npz, c, "b", csc),
    ) {
        (Input::Csr(a), Input::Csr(b)) => {
            for (key, r) in [
                ("add", (&a + &b).unwrap()),
                ("sub", (&a - &b).unwrap()),
                ("mul", a.multiply(&b).unwrap()),
            ] {
                assert!(r.has_canonical_format(), "{ctx} {key}");
                check_compressed(
                    npz,
                    &format!("{c}_{key}"),
                    r.data(),
                    r.indices(),
                    r.indptr(),
                    Tol::exact(),
                );
            }
            check_coo(
                npz,
                &format!("{c}_muld"),
                &a.multiply_dense(&dense).unwrap(),
                muld_tol,
            );
            exact(npz, &format!("{c}_addd"), &a.add_dense(&dense).unwrap());
            // SciPy's products as they come: its order of columns, its flags.
            let p: CsrArray<T, I> = a.dot(&bt).unwrap();
            let f = [p.has_sorted_indices(), p.has_canonical_format()];
            assert_eq!(
                f.to_vec(),
                flags(npz, &format!("{c}_matmul")),
                "{ctx} matmul"
            );
            check_compressed(
                npz,
                &format!("{c}_matmul"),
                p.data(),
                p.indices(),
                p.indptr(),
                Tol::exact(),
            );
            // CSR @ CSC (CSR), CSC @ CSR and CSC @ CSC (CSC): the same values.
            let want = p.toarray().unwrap();
            let btc = bt.tocsc().unwrap();
            let ac = a.tocsc().unwrap();
            let p2: CsrArray<T, I> = a.matmul(&btc).unwrap();
            assert_close(&p2.toarray().unwrap(), &want, Tol::exact(), &ctx);
            let p3: CscArray<T, I> = ac.dot(&bt).unwrap();
            assert_close(&p3.toarray().unwrap(), &want, Tol::exact(), &ctx);
            let p4: CscArray<T, I> = ac.dot(&btc).unwrap();
            assert_close(&p4.toarray().unwrap(), &want, Tol::exact(), &ctx);
            let f = [p4.has_sorted_indices(), p4.has_canonical_format()];
            assert_eq!(f.to_vec(), flags(npz, &format!("{c}_matmulcsc")), "{ctx}");
            check_compressed(
                npz,
                &format!("{c}_matmulcsc"),
                p4.data(),
                p4.indices(),
                p4.indptr(),
                Tol::exact(),
            );
        }
        (Input::Csc(a), Input::Csc(b)) => {
            for (key, r) in [
                ("add", (&a + &b).unwrap()),
                ("sub", (&a - &b).unwrap()),
                ("mul", a.multiply(&b).unwrap()),
            ] {
                assert!(r.has_canonical_format(), "{ctx} {key}");
                check_compressed(
                    npz,
                    &format!("{c}_{key}"),
                    r.data(),
                    r.indices(),
                    r.indptr(),
                    Tol::exact(),
                );
            }
            check_coo(
                npz,
                &format!("{c}_muld"),
                &a.multiply_dense(&dense).unwrap(),
                muld_tol,
            );
            exact(npz, &format!("{c}_addd"), &a.add_dense(&dense).unwrap());
            let p: CsrArray<T, I> = a.tocsr().unwrap().dot(&bt).unwrap();
            let f = [p.has_sorted_indices(), p.has_canonical_format()];
            assert_eq!(
                f.to_vec(),
                flags(npz, &format!("{c}_matmul")),
                "{ctx} matmul"
            );
            check_compressed(
                npz,
                &format!("{c}_matmul"),
                p.data(),
                p.indices(),
                p.indptr(),
                Tol::exact(),
            );
        }
        _ => unreachable!(),
    }
}

#[test]
fn arithmetic_and_spgemm_against_scipy() {
    fn run<T: Elem + kernels_std::ops::Numeric, I: Index>(
        npz: &Npz,
        t: &str,
        i: &str,
        dev: &Device,
    ) -> usize {
        let suffix = format!("_{t}_{i}_fmt");
        let cases: Vec<String> = npz
            .names()
            .filter_map(|k| k.strip_suffix(&suffix).map(|c| format!("{c}_{t}_{i}")))
            .collect();
        for c in &cases {
            run_ops_case::<T, I>(npz, c, dev);
        }
        cases.len()
    }
    for dev in devices() {
        let npz = fixtures(&dev);
        let n = run::<f64, i32>(&npz, "float64", "int32", &dev)
            + run::<f64, i64>(&npz, "float64", "int64", &dev)
            + run::<f32, i64>(&npz, "float32", "int64", &dev)
            + run::<c128, i32>(&npz, "complex128", "int32", &dev)
            + run::<i32, i32>(&npz, "int32", "int32", &dev)
            + run::<i8, i64>(&npz, "int8", "int64", &dev);
        let total = npz.names().filter(|k| k.ends_with("_fmt")).count();
        assert_eq!(n, total, "every ops case of the archive ran on {dev}");
        assert!(n >= 10);
    }
}

#[test]
fn arithmetic_operands_are_checked() {
    for dev in devices() {
        let a: CsrArray<f64> = eye(&dev, 3, 3, 0).unwrap();
        let b: CsrArray<f64> = eye(&dev, 3, 4, 0).unwrap();
        assert!(a.add(&b).is_err());
        assert!((&a - &b).is_err());
        assert!(a.multiply(&b).is_err());
        assert!(a.add_dense(&Array::zeros(&dev, &[3, 4]).unwrap()).is_err());
        assert!(a.add_dense(&Array::zeros(&dev, &[9]).unwrap()).is_err());
        assert!(a
            .multiply_dense(&Array::zeros(&dev, &[4, 3]).unwrap())
            .is_err());
        // Inner dimensions: (3, 4) @ (3, 4).
        assert!(b.dot(&b).is_err());
        assert!(b.tocsc().unwrap().dot(&b.tocsc().unwrap()).is_err());
        assert!(b.tocsc().unwrap().dot(&b).is_err());
        assert!(b.dot(&b.tocsc().unwrap()).is_err());
        let ok: CsrArray<f64> = a.dot(&b).unwrap();
        assert_eq!(ok.shape(), [3, 4]);
        let c = b.tocsc().unwrap();
        assert!(c.add(&a.tocsc().unwrap()).is_err());
        assert!(c.add_dense(&Array::zeros(&dev, &[4, 3]).unwrap()).is_err());
        // Empty shapes.
        let z: CsrArray<f64> = eye(&dev, 0, 0, 0).unwrap();
        assert_eq!(z.add(&z).unwrap().shape(), [0, 0]);
        assert_eq!(z.multiply(&z).unwrap().nnz(), 0);
        let zz: CsrArray<f64> = z.dot(&z).unwrap();
        assert_eq!(zz.shape(), [0, 0]);
        let (e, f): (CsrArray<f64>, CsrArray<f64>) =
            (eye(&dev, 0, 3, 0).unwrap(), eye(&dev, 3, 0, 0).unwrap());
        let ef: CsrArray<f64> = e.dot(&f).unwrap();
        let fe: CsrArray<f64> = f.dot(&e).unwrap();
        assert_eq!((ef.shape(), fe.shape(), fe.nnz()), ([0, 0], [3, 3], 0));
        assert_eq!(fe.indptr().to_vec().unwrap(), vec![0; 4]);
        assert_eq!(
            f.add_dense(&Array::zeros(&dev, &[3, 0]).unwrap())
                .unwrap()
                .shape(),
            [3, 0]
        );
        assert_eq!(vstack(&[e.clone(), e.clone()]).unwrap().shape(), [0, 3]);
        assert_eq!(kron(&e, &f).unwrap().shape(), [0, 0]);
        // Integer sums wrap, as NumPy's (no panic).
        let big = CsrArray::<i8>::from_dense(&Array::from_vec(&dev, &[1, 1], vec![100i8]).unwrap())
            .unwrap();
        assert_eq!(
            big.add(&big).unwrap().toarray().unwrap().to_vec().unwrap(),
            vec![-56]
        );
        let sq: CsrArray<i8> = big.dot(&big).unwrap();
        assert_eq!(sq.toarray().unwrap().to_vec().unwrap(), vec![16]);
    }
}

#[test]
fn spgemm_of_a_poisson_matrix_against_a_host_product() {
    let (data, indices, indptr) = poisson(30);
    let n = indptr.len() - 1;
    // A @ A on the host, dense.
    let mut want = vec![0.0f64; n * n];
    for r in 0..n {
        for j in indptr[r] as usize..indptr[r + 1] as usize {
            let k = indices[j] as usize;
            for l in indptr[k] as usize..indptr[k + 1] as usize {
                want[r * n + indices[l] as usize] += data[j] * data[l];
            }
        }
    }
    for dev in devices() {
        let a = CsrArray::new(
            &arr(&dev, data.clone()),
            &arr(&dev, indices.clone()),
            &arr(&dev, indptr.clone()),
            [n, n],
        )
        .unwrap();
        let p: CsrArray<f64> = a.dot(&a).unwrap();
        // SciPy's order: unsorted rows.
        assert!(!p.has_sorted_indices() && !p.has_canonical_format());
        assert_eq!(p.toarray().unwrap().to_vec().unwrap(), want, "on {dev}");
        // Rows of more than 256 products go through the global sort: a dense (40, 30) matrix
        // times a dense (30, 20) one, integers (exact), with cancellations to zero.
        let (m, k, n) = (40usize, 30usize, 20usize);
        let av: Vec<i64> = (0..m * k).map(|i| (i as i64 * 7 % 11) - 5).collect();
        let bv: Vec<i64> = (0..k * n).map(|i| (i as i64 * 5 % 13) - 6).collect();
        let mut prod = vec![0i64; m * n];
        for r in 0..m {
            for j in 0..k {
                for c in 0..n {
                    prod[r * n + c] += av[r * k + j] * bv[j * n + c];
                }
            }
        }
        let sa = CsrArray::<i64>::from_dense(&Array::from_vec(&dev, &[m, k], av.clone()).unwrap())
            .unwrap();
        let sb = CsrArray::<i64>::from_dense(&Array::from_vec(&dev, &[k, n], bv.clone()).unwrap())
            .unwrap();
        let sp: CsrArray<i64> = sa.dot(&sb).unwrap();
        assert!(!sp.has_sorted_indices());
        assert_eq!(
            sp.toarray().unwrap().to_vec().unwrap(),
            prod,
            "long rows on {dev}"
        );
        assert_eq!(sp.nnz(), prod.iter().filter(|&&v| v != 0).count());
        // 13 entries on an interior row of A @ A (the 5-point stencil applied twice).
        // Their columns in SciPy's order (`csr_matmat`: the reverse of first appearance),
        // relative to the row (SciPy 1.17.1).
        let ptr = p.indptr().to_vec().unwrap();
        let m = 15 * 30 + 15;
        let row: Vec<i32> = p.indices().to_vec().unwrap()[ptr[m] as usize..ptr[m + 1] as usize]
            .iter()
            .map(|&c| c - m as i32)
            .collect();
        let want = [60, 31, 2, 30, 1, 29, -1, -2, 0, -29, -30, -31, -60];
        assert_eq!(row, want, "on {dev}");
    }
}

#[test]
fn construction_helpers_against_scipy() {
    for dev in devices() {
        let npz = fixtures(&dev);
        let c = "helpers_float64_int32";
        let csr = |name: &str, shape: [usize; 2]| -> CsrArray<f64> {
            CsrArray::new(
                &npz.array::<f64>(&format!("{c}_{name}_data")).unwrap(),
                &npz.array::<i32>(&format!("{c}_{name}_indices")).unwrap(),
                &npz.array::<i32>(&format!("{c}_{name}_indptr")).unwrap(),
                shape,
            )
            .unwrap()
        };
        let (a, b, v, h) = (
            csr("a", [5, 4]),
            csr("b", [2, 3]),
            csr("v", [2, 4]),
            csr("h", [5, 2]),
        );
        // find: the same from every format.
        for (r, col, d) in [
            find(&a).unwrap(),
            find(&a.tocsc().unwrap()).unwrap(),
            find(&a.tocoo().unwrap()).unwrap(),
        ] {
            exact(&npz, &format!("{c}_find_row"), &r);
            exact(&npz, &format!("{c}_find_col"), &col);
            exact(&npz, &format!("{c}_find_data"), &d);
        }
        for (k, key) in [(0, "0"), (1, "1"), (-1, "m1"), (-10, "m10"), (10, "10")] {
            let lo = tril(&a, k).unwrap();
            let up = triu(&a, k).unwrap();
            assert_eq!((lo.shape(), up.shape()), ([5, 4], [5, 4]));
            check_coo(&npz, &format!("{c}_tril_{key}"), &lo, Tol::exact());
            check_coo(&npz, &format!("{c}_triu_{key}"), &up, Tol::exact());
        }
        let extreme = tril(&a, isize::MIN).unwrap();
        assert_eq!(extreme.nnz(), 0);
        assert_eq!(triu(&a, isize::MIN).unwrap().nnz(), a.nnz());
        let k = kron(&a, &b).unwrap();
        assert_eq!(k.shape(), [10, 12]);
        check_coo(&npz, &format!("{c}_kron"), &k, Tol::exact());
        let k2 = kron(&a.tocoo().unwrap(), &b.tocsc().unwrap()).unwrap();
        assert_close(
            &k2.toarray().unwrap(),
            &k.toarray().unwrap(),
            Tol::exact(),
            "kron",
        );
        assert_eq!(
            kron(
                &a,
                &CsrArray::<f64>::from_dense(&Array::zeros(&dev, &[2, 2]).unwrap()).unwrap()
            )
            .unwrap()
            .nnz(),
            0
        );
        let mut ac = a.clone();
        ac.sum_duplicates().unwrap();
        let vs = vstack(&[ac.clone(), v.clone()]).unwrap();
        assert_eq!(vs.shape(), [7, 4]);
        check_compressed(
            &npz,
            &format!("{c}_vstack"),
            vs.data(),
            vs.indices(),
            vs.indptr(),
            Tol::exact(),
        );
        let hs = hstack(&[ac.clone(), h.clone()]).unwrap();
        assert_eq!(hs.shape(), [5, 6]);
        check_compressed(
            &npz,
            &format!("{c}_hstack"),
            hs.data(),
            hs.indices(),
            hs.indptr(),
            Tol::exact(),
        );
        // Errors.
        assert!(vstack::<f64, i32>(&[]).is_err());
        assert!(hstack::<f64, i32>(&[]).is_err());
        assert!(vstack(&[ac.clone(), h.clone()]).is_err());
        assert!(hstack(&[ac.clone(), v.clone()]).is_err());
        let wide: CsrArray<f64> = eye(&dev, 1, i32::MAX as usize, 0).unwrap();
        assert!(
            hstack(&[wide.clone(), wide.clone()]).is_err(),
            "columns beyond i32"
        );
        assert!(kron(&wide, &b).is_err(), "columns beyond i32");
    }
}

/// Checks a loaded archive against the arrays SciPy saved (`npzfile_<fmt>_<idx>_*`).
fn check_loaded<T: Elem, I: Index>(npz: &Npz, c: &str, a: &SparseArray<T, I>) {
    assert_eq!(a.shape(), shape_of(npz, c), "{c}");
    match a {
        SparseArray::Csr(x) => {
            check_compressed(npz, c, x.data(), x.indices(), x.indptr(), Tol::exact())
        }
        SparseArray::Csc(x) => {
            check_compressed(npz, c, x.data(), x.indices(), x.indptr(), Tol::exact())
        }
        SparseArray::Coo(x) => check_coo(npz, c, x, Tol::exact()),
    }
}

fn scratch_dir(what: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("sparse_npz_{what}_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn load_npz_reads_scipy_files_and_round_trips() {
    let dir = scratch_dir("round_trip");
    for dev in devices() {
        let npz = fixtures(&dev);
        let csr = load_npz::<f64, i32>(fixture("sparse/scipy_csr.npz"), &dev).unwrap();
        assert_eq!(csr.format(), "csr");
        check_loaded(&npz, "npzfile_csr_int32", &csr);
        let csc = load_npz::<c128, i64>(fixture("sparse/scipy_csc.npz"), &dev).unwrap();
        assert_eq!(csc.format(), "csc");
        check_loaded(&npz, "npzfile_csc_int64", &csc);
        let coo = load_npz::<i32, i32>(fixture("sparse/scipy_coo.npz"), &dev).unwrap();
        assert_eq!(coo.format(), "coo");
        check_loaded(&npz, "npzfile_coo_int32", &coo);
        // Wrong value or index dtypes are errors, not conversions.
        assert!(load_npz::<f32, i32>(fixture("sparse/scipy_csr.npz"), &dev).is_err());
        assert!(load_npz::<f64, i64>(fixture("sparse/scipy_csr.npz"), &dev).is_err());
        assert!(load_npz::<f64, i32>(fixture("sparse/sparse.npz"), &dev).is_err());
        assert!(load_npz::<f64, i32>(dir.join("missing.npz"), &dev).is_err());
        // Our files read back the same, stored and deflated.
        for compressed in [false, true] {
            let p = dir.join(format!("ours_{compressed}.npz"));
            save_npz(&p, &csr, compressed).unwrap();
            check_loaded(
                &npz,
                "npzfile_csr_int32",
                &load_npz::<f64, i32>(&p, &dev).unwrap(),
            );
            save_npz(&p, &csc, compressed).unwrap();
            check_loaded(
                &npz,
                "npzfile_csc_int64",
                &load_npz::<c128, i64>(&p, &dev).unwrap(),
            );
            save_npz(&p, &coo, compressed).unwrap();
            check_loaded(
                &npz,
                "npzfile_coo_int32",
                &load_npz::<i32, i32>(&p, &dev).unwrap(),
            );
        }
    }
    // Malformed archives: SciPy's keys with faults.
    let dev = Device::cpu();
    let bad = |name: &str, entries: Vec<(&str, kernels_std::io::AnyArray)>| {
        let p = dir.join(format!("{name}.npz"));
        kernels_std::io::save_npz(&p, entries).unwrap();
        let r = load_npz::<f64, i32>(&p, &dev);
        assert!(r.is_err(), "{name}: accepted");
    };
    let f = |v: Vec<f64>| arr(&dev, v).into();
    let i = |v: Vec<i32>| arr(&dev, v).into();
    let shape = |v: Vec<i64>| arr(&dev, v).into();
    bad(
        "no_format",
        vec![
            ("data", f(vec![1.0])),
            ("indices", i(vec![0])),
            ("indptr", i(vec![0, 1])),
            ("shape", shape(vec![1, 1])),
        ],
    );
    bad(
        "int_format",
        vec![
            ("format", i(vec![0])),
            ("data", f(vec![1.0])),
            ("indices", i(vec![0])),
            ("indptr", i(vec![0, 1])),
            ("shape", shape(vec![1, 1])),
        ],
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

const SCIPY_CHECK: &str = r#"
import sys, os
import numpy as np
import scipy, scipy.sparse as sp
ours, fixtures = sys.argv[1], sys.argv[2]
count = 0
for fmt in ['csr', 'csc', 'coo']:
    for compressed in ['stored', 'deflated']:
        a = sp.load_npz(os.path.join(ours, f'{fmt}_{compressed}.npz'))
        b = sp.load_npz(os.path.join(fixtures, f'scipy_{fmt}.npz'))
        assert type(a) is type(b), (fmt, type(a), type(b))
        assert a.shape == b.shape and a.dtype == b.dtype, (fmt, a.shape, a.dtype)
        if fmt == 'coo':
            pairs = [(a.data, b.data), (a.coords[0], b.coords[0]), (a.coords[1], b.coords[1])]
        else:
            pairs = [(a.data, b.data), (a.indices, b.indices), (a.indptr, b.indptr)]
        for x, y in pairs:
            assert x.dtype == y.dtype and np.array_equal(x, y), (fmt, x, y)
        count += 1
print('scipy', scipy.__version__, 'read', count, 'archives')
"#;

#[test]
fn scipy_reads_our_files() {
    let python = std::env::var("NUMPY_PYTHON").unwrap_or_else(|_| "python3".to_owned());
    let has_scipy = std::process::Command::new(&python)
        .args(["-c", "import scipy.sparse"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !has_scipy {
        // CI installs SciPy (.ci/run): there a missing SciPy is a failure, not a skip.
        assert!(
            std::env::var_os("CI").is_none(),
            "no Python with SciPy under CI (.ci/run installs it; NUMPY_PYTHON names another)"
        );
        println!("skipped: no Python with SciPy (set NUMPY_PYTHON=/path/to/python to run it)");
        return;
    }
    let dev = Device::cpu();
    let dir = scratch_dir("for_scipy");
    let csr = load_npz::<f64, i32>(fixture("sparse/scipy_csr.npz"), &dev).unwrap();
    let csc = load_npz::<c128, i64>(fixture("sparse/scipy_csc.npz"), &dev).unwrap();
    let coo = load_npz::<i32, i32>(fixture("sparse/scipy_coo.npz"), &dev).unwrap();
    for (compressed, tag) in [(false, "stored"), (true, "deflated")] {
        save_npz(dir.join(format!("csr_{tag}.npz")), &csr, compressed).unwrap();
        save_npz(dir.join(format!("csc_{tag}.npz")), &csc, compressed).unwrap();
        save_npz(dir.join(format!("coo_{tag}.npz")), &coo, compressed).unwrap();
    }
    let out = std::process::Command::new(&python)
        .args(["-c", SCIPY_CHECK])
        .arg(&dir)
        .arg(fixture("sparse"))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "SciPy rejected our files:\n{stdout}\n{stderr}"
    );
    println!("{}", stdout.trim());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// SciPy's `csr_matmat` on the host (the products of each row added per column in SciPy's
/// order, each column's first product added to zero), the nonzero sums listed in SciPy's
/// order, the reverse of their columns' first appearance: `(indptr, indices, data)`.
fn host_matmat(
    a: (&[i64], &[i64], &[f64]),
    b: (&[i64], &[i64], &[f64]),
) -> (Vec<i64>, Vec<i64>, Vec<f64>) {
    let (mut ptr, mut idx, mut val) = (vec![0i64], vec![], vec![]);
    for r in 0..a.0.len() - 1 {
        let mut sums: Vec<(i64, f64)> = Vec::new();
        for j in a.0[r] as usize..a.0[r + 1] as usize {
            let k = a.1[j] as usize;
            for l in b.0[k] as usize..b.0[k + 1] as usize {
                let v = a.2[j] * b.2[l];
                match sums.iter_mut().find(|(c, _)| *c == b.1[l]) {
                    Some(s) => s.1 += v,
                    None => sums.push((b.1[l], 0.0 + v)),
                }
            }
        }
        // SciPy's linked list gives the columns back in the reverse order of first
        // appearance.
        for (c, v) in sums.into_iter().rev() {
            if v != 0.0 {
                idx.push(c);
                val.push(v);
            }
        }
        ptr.push(idx.len() as i64);
    }
    (ptr, idx, val)
}

/// A sparse matrix of `rows` rows for the SpGEMM paths: row `r` holds `len(r)` entries at
/// pseudo-random columns below `cols` (unsorted, repeats allowed) with values in
/// `{-2, -1.5, ..., 2}` when `exact` (products and sums exact, so some cancel to zero), else
/// values whose sums round (so the order of the additions shows).
fn spgemm_operand(
    rows: usize,
    cols: usize,
    len: impl Fn(usize) -> usize,
    seed: u64,
    exact: bool,
) -> (Vec<i64>, Vec<i64>, Vec<f64>) {
    let mut s = seed;
    let mut next = || {
        s = s
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        s >> 33
    };
    let (mut ptr, mut idx, mut val) = (vec![0i64], vec![], vec![]);
    for r in 0..rows {
        for _ in 0..len(r) {
            idx.push((next() % cols as u64) as i64);
            let n = (next() % 9) as f64;
            val.push(if exact {
                n * 0.5 - 2.0
            } else {
                (n - 4.0) / 7.0 + (next() % 1000) as f64 / 3001.0
            });
        }
        ptr.push(idx.len() as i64);
    }
    (ptr, idx, val)
}

#[test]
fn spgemm_paths_against_scipys_accumulation() {
    fn run<I: Index>(dev: &Device) {
        let csr = |m: &(Vec<i64>, Vec<i64>, Vec<f64>), shape: [usize; 2]| -> CsrArray<f64, I> {
            let cast = |v: &[i64]| -> Vec<I> { v.iter().map(|&x| x.cast::<I>()).collect() };
            CsrArray::new(
                &arr(dev, m.2.clone()),
                &arr(dev, cast(&m.1)),
                &arr(dev, cast(&m.0)),
                shape,
            )
            .unwrap()
        };
        type Case = (usize, usize, usize, fn(usize) -> usize, fn(usize) -> usize);
        // (rows, inner, cols, row lengths of a, of b): short rows with repeats and
        // cancellations, empty rows on both sides; long rows over few columns (the walk over
        // the marks); long rows over many columns (the heap sort); hypersparse products (the
        // expansion path, the scratch would not pay), with rows of more than 256 products (its
        // global sort); long rows with cancellations.
        let cases: Vec<Case> = vec![
            (50, 40, 30, |r| (r % 5) * (r % 3), |r| r % 4),
            (20, 30, 60, |r| if r % 3 == 0 { 0 } else { 25 }, |_| 8),
            (12, 500, 20_000, |r| 40 + r, |_| 6),
            (6, 7, 2_000_000_000, |r| r % 4, |r| r % 3),
            (3, 400, 2_000_000_000, |_| 300, |_| 1),
            (10, 200, 5000, |_| 60, |_| 5),
        ];
        for (seed, &(rows, inner, cols, la, lb)) in cases.iter().enumerate() {
            // Exact values (cancellations) in the first and last cases, rounding sums in the
            // others.
            let exact = seed == 0 || seed == 5;
            let a = spgemm_operand(rows, inner, la, 2 * seed as u64 + 1, exact);
            let b = spgemm_operand(inner, cols, lb, 2 * seed as u64 + 2, exact);
            let want = host_matmat((&a.0, &a.1, &a.2), (&b.0, &b.1, &b.2));
            let p: CsrArray<f64, I> = csr(&a, [rows, inner]).dot(&csr(&b, [inner, cols])).unwrap();
            let back = |v: Vec<I>| -> Vec<i64> { v.into_iter().map(|x| x.cast::<i64>()).collect() };
            let what = format!("case {seed} ({}) on {dev}", I::ID);
            // SciPy's flags, from the content: every row's columns increasing.
            let sorted = (0..rows).all(|r| {
                let row = &want.1[want.0[r] as usize..want.0[r + 1] as usize];
                row.windows(2).all(|w| w[0] < w[1])
            });
            assert_eq!(p.has_sorted_indices(), sorted, "{what}");
            assert_eq!(p.has_canonical_format(), sorted, "{what}");
            assert_eq!(back(p.indptr().to_vec().unwrap()), want.0, "{what}");
            assert_eq!(back(p.indices().to_vec().unwrap()), want.1, "{what}");
            let got: Vec<u64> = p
                .data()
                .to_vec()
                .unwrap()
                .iter()
                .map(|v| v.to_bits())
                .collect();
            let exp: Vec<u64> = want.2.iter().map(|v| v.to_bits()).collect();
            assert_eq!(got, exp, "{what}");
            assert!(!want.1.is_empty(), "{what}: the case has products");
        }
    }
    for dev in devices() {
        run::<i32>(&dev);
        run::<i64>(&dev);
    }
}

/// SciPy's `csr_sum_duplicates` adds a group's values to its first, so a lone `-0.0` (and a
/// group of `-0.0`s) stays `-0.0` when some other line holds duplicates (SciPy:
/// `coo_array(([-0., 1., 2., -0., -0.], ([0, 1, 1, 2, 2], [0, 0, 0, 1, 1])), shape=(3, 2))
/// .tocsr()` is `data [-0., 3., -0.]`, `indices [0, 0, 1]`, `indptr [0, 1, 2, 3]`,
/// canonical); the same through `sum_duplicates` of COO and CSR.
#[test]
fn sums_of_duplicates_keep_negative_zeros() {
    for dev in devices() {
        let data = arr(&dev, vec![-0.0f64, 1.0, 2.0, -0.0, -0.0]);
        let row = arr(&dev, vec![0i32, 1, 1, 2, 2]);
        let col = arr(&dev, vec![0i32, 0, 0, 1, 1]);
        let coo = CooArray::new(&data, &row, &col, [3, 2]).unwrap();
        let check = |d: Vec<f64>, what: &str| {
            assert_eq!(d, vec![-0.0, 3.0, -0.0], "{what}");
            let signs: Vec<bool> = d.iter().map(|v| v.is_sign_negative()).collect();
            assert_eq!(signs, vec![true, false, true], "{what}");
        };
        let csr = coo.tocsr().unwrap();
        check(csr.data().to_vec().unwrap(), "tocsr");
        assert_eq!(csr.indices().to_vec().unwrap(), vec![0, 0, 1]);
        assert_eq!(csr.indptr().to_vec().unwrap(), vec![0, 1, 2, 3]);
        assert!(csr.has_canonical_format() && csr.has_sorted_indices());
        let mut summed = coo.clone();
        summed.sum_duplicates().unwrap();
        check(summed.data().to_vec().unwrap(), "coo.sum_duplicates");
        let mut raw = CsrArray::new(&data, &col, &arr(&dev, vec![0i32, 1, 3, 5]), [3, 2]).unwrap();
        assert!(!raw.has_canonical_format());
        raw.sum_duplicates().unwrap();
        check(raw.data().to_vec().unwrap(), "csr.sum_duplicates");
        assert!(raw.has_canonical_format() && raw.has_sorted_indices());
    }
}
