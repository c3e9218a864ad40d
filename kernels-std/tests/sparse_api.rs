//! `sparse` against SciPy 1.17, the fixtures of `scripts/fixtures/gen_sparse_api_fixtures.py`:
//! `setdiag` (CSR, CSC, COO: scalar, short, long and empty values, offsets 0, 1, -2; the
//! in-place path, the one after `sum_duplicates`, the insertion path with sorted and
//! unsorted lines; DIA: a stored offset, a new one, `data` narrower than the values, no
//! diagonal), `max`/`min`/`mean` (axis None, 0, 1; NaN, full and empty lines,
//! duplicates; `mean` of `c64`/`c128`), `power` and `conjugate` (every format),
//! `block_diag` (format None, csr, csc), slicing, the scalar read `A[i, j]`,
//! `sorted_indices` and `prune`; each with `i32` index arrays and again (the `x`-prefixed
//! cases) with `i64` ones; on the CPU backend and, when there is one, on CUDA device 0. Then
//! the errors.
//!
//! The structures are compared exactly (data, indices, pointers, flags). Values are exact
//! except `power` of floats (4 ulps: SciPy's `x ** 0.5` is `sqrt`, ours `pow`) and `mean`
//! (4 ulps; `1e-6` of the largest value for `f32` and `c64`: the sums may add in another
//! order).

mod common;

use common::{assert_close, devices, fixture, Approx, Tol};
use kernels_std::io::{NpyDType, Npz};
use kernels_std::math::Power;
use kernels_std::prelude::*;
use kernels_std::sparse::{
    block_diag, AsCoo, CooArray, CscArray, CsrArray, DiaArray, SparseArray, SparseDType,
    SparseExtrema, SparseIndex, SparseMean,
};

fn fixtures(dev: &Device) -> Npz {
    kernels_std::io::load_npz(fixture("sparse_api/sparse_api.npz"), dev).expect("sparse_api.npz")
}

/// The index types of the cases: `i32`, and `i64` for the `x`-prefixed ones.
trait Idx: SparseIndex + NpyDType + Approx {}
impl Idx for i32 {}
impl Idx for i64 {}

/// A case's array in its format.
enum Any<T: SparseDType, I: SparseIndex = i32> {
    Csr(CsrArray<T, I>),
    Csc(CscArray<T, I>),
    Coo(CooArray<T, I>),
    Dia(DiaArray<T, I>),
}

fn get<T: NpyDType>(npz: &Npz, key: &str) -> Array<T> {
    npz.array::<T>(key).unwrap_or_else(|e| panic!("{key}: {e}"))
}

fn load<T: SparseDType + NpyDType, I: Idx>(npz: &Npz, c: &str) -> Any<T, I> {
    let fmt = get::<u8>(npz, &format!("{c}_fmt")).item().unwrap();
    let s = get::<i64>(npz, &format!("{c}_shape")).to_vec().unwrap();
    let shape = [s[0] as usize, s[1] as usize];
    let data = get::<T>(npz, &format!("{c}_data"));
    let i32s = |k: &str| get::<I>(npz, &format!("{c}_{k}"));
    match fmt {
        0 => Any::Csr(CsrArray::new(&data, &i32s("indices"), &i32s("indptr"), shape).unwrap()),
        1 => Any::Csc(CscArray::new(&data, &i32s("indices"), &i32s("indptr"), shape).unwrap()),
        2 => {
            let mut a = CooArray::new(&data, &i32s("row"), &i32s("col"), shape).unwrap();
            if get::<bool>(npz, &format!("{c}_flags")).to_vec().unwrap()[0] {
                // SciPy's flag is a record (from a dense array, or summed): ours too.
                a.sum_duplicates().unwrap();
            }
            Any::Coo(a)
        }
        _ => Any::Dia(DiaArray::new(&data, &i32s("offsets"), shape).unwrap()),
    }
}

/// `got` has SciPy's structure and flags and, within `tol`, its values.
fn check<T: SparseDType + NpyDType + Approx, I: Idx>(
    npz: &Npz,
    c: &str,
    got: &Any<T, I>,
    tol: Tol,
) {
    let expected = load::<T, I>(npz, c);
    let flags = || get::<bool>(npz, &format!("{c}_flags")).to_vec().unwrap();
    let exact_i32 = |got: &Array<I>, k: &str| {
        assert_close(
            got,
            &get::<I>(npz, &format!("{c}_{k}")),
            Tol::exact(),
            &format!("{c} {k}"),
        )
    };
    let data = match (got, &expected) {
        (Any::Csr(g), Any::Csr(_)) => {
            exact_i32(g.indices(), "indices");
            exact_i32(g.indptr(), "indptr");
            assert_eq!(
                flags(),
                vec![g.has_sorted_indices(), g.has_canonical_format()],
                "{c} flags"
            );
            g.data().clone()
        }
        (Any::Csc(g), Any::Csc(_)) => {
            exact_i32(g.indices(), "indices");
            exact_i32(g.indptr(), "indptr");
            assert_eq!(
                flags(),
                vec![g.has_sorted_indices(), g.has_canonical_format()],
                "{c} flags"
            );
            g.data().clone()
        }
        (Any::Coo(g), Any::Coo(_)) => {
            exact_i32(g.row(), "row");
            exact_i32(g.col(), "col");
            assert_eq!(flags(), vec![g.has_canonical_format()], "{c} flags");
            g.data().clone()
        }
        (Any::Dia(g), Any::Dia(_)) => {
            exact_i32(g.offsets(), "offsets");
            g.data().clone()
        }
        _ => panic!("{c}: another format than SciPy's"),
    };
    assert_close(
        &data,
        &get::<T>(npz, &format!("{c}_data")),
        tol,
        &format!("{c} data"),
    );
}

/// The names `<prefix>_..._<dtype>` of the cases (by their `_fmt` key).
fn cases(npz: &Npz, prefix: &str, dtype: &str) -> Vec<String> {
    let mut v: Vec<String> = npz
        .names()
        .filter_map(|k| k.strip_suffix("_fmt"))
        .filter(|k| k.starts_with(prefix) && k.ends_with(dtype) && !k.contains("_out"))
        .filter(|k| !k.contains("_b") || !k.starts_with("bd_"))
        .map(str::to_string)
        .collect();
    v.sort();
    v
}

fn setdiag_case<T: SparseDType + NpyDType + Approx, I: Idx>(npz: &Npz, c: &str) {
    let values = get::<T>(npz, &format!("{c}_values"));
    let k = get::<i64>(npz, &format!("{c}_k")).item().unwrap() as isize;
    let mut a = load::<T, I>(npz, c);
    match &mut a {
        Any::Csr(a) => a.setdiag(&values, k).unwrap(),
        Any::Csc(a) => a.setdiag(&values, k).unwrap(),
        Any::Coo(a) => a.setdiag(&values, k).unwrap(),
        Any::Dia(a) => a.setdiag(&values, k).unwrap(),
    }
    check(npz, &format!("{c}_out"), &a, Tol::exact());
}

fn mm_case<T: SparseExtrema + SparseMean + NpyDType + Approx, I: Idx>(
    npz: &Npz,
    c: &str,
    mean_tol: Tol,
) where
    <T as SparseMean>::Out: NpyDType + Approx,
{
    let a = load::<T, I>(npz, c);
    for (key, axis) in [("n", None), ("0", Some(0)), ("1", Some(-1))] {
        let (max, min, mean) = match &a {
            Any::Csr(a) => (a.max(axis), a.min(axis), a.mean(axis)),
            Any::Csc(a) => (a.max(axis), a.min(axis), a.mean(axis)),
            Any::Coo(a) => (a.max(axis), a.min(axis), a.mean(axis)),
            Any::Dia(a) => (
                a.tocsr().unwrap().max(axis),
                a.tocsr().unwrap().min(axis),
                a.mean(axis),
            ),
        };
        let e = |op: &str| format!("{c}_{op}_{key}");
        assert_close(
            &max.unwrap(),
            &get::<T>(npz, &e("max")),
            Tol::exact(),
            &e("max"),
        );
        assert_close(
            &min.unwrap(),
            &get::<T>(npz, &e("min")),
            Tol::exact(),
            &e("min"),
        );
        assert_close(&mean.unwrap(), &get(npz, &e("mean")), mean_tol, &e("mean"));
    }
}

/// `mean` alone (the complex dtypes: SciPy's `max`/`min` order them, ours do not).
fn mean_case<T: SparseMean + NpyDType, I: Idx>(npz: &Npz, c: &str, tol: Tol)
where
    <T as SparseMean>::Out: NpyDType + Approx,
{
    let a = load::<T, I>(npz, c);
    for (key, axis) in [("n", None), ("0", Some(0)), ("1", Some(1))] {
        let mean = match &a {
            Any::Csr(a) => a.mean(axis),
            Any::Csc(a) => a.mean(axis),
            Any::Coo(a) => a.mean(axis),
            Any::Dia(a) => a.mean(axis),
        };
        let e = format!("{c}_mean_{key}");
        assert_close(&mean.unwrap(), &get(npz, &e), tol, &e);
    }
}

fn power_case<T: SparseDType + NpyDType + Approx + Power<Out = T>, I: Idx>(
    npz: &Npz,
    c: &str,
    tol: Tol,
) {
    let n = get::<T>(npz, &format!("{c}_n")).item().unwrap();
    let got = match load::<T, I>(npz, c) {
        Any::Csr(a) => Any::Csr(a.power(n).unwrap()),
        Any::Csc(a) => Any::Csc(a.power(n).unwrap()),
        Any::Coo(a) => Any::Coo(a.power(n).unwrap()),
        Any::Dia(a) => Any::Dia(a.power(n).unwrap()),
    };
    check(npz, &format!("{c}_out"), &got, tol);
}

fn conj_case<T: SparseDType + NpyDType + Approx + kernels_std::math::Conjugate, I: Idx>(
    npz: &Npz,
    c: &str,
) {
    let got = match load::<T, I>(npz, c) {
        Any::Csr(a) => Any::Csr(a.conj().unwrap()),
        Any::Csc(a) => Any::Csc(a.conjugate().unwrap()),
        Any::Coo(a) => Any::Coo(a.conj().unwrap()),
        Any::Dia(a) => Any::Dia(a.conj().unwrap()),
    };
    check(npz, &format!("{c}_out"), &got, Tol::exact());
}

fn block_diag_case<I: Idx>(npz: &Npz, c: &str, dev: &Device) {
    let count = get::<i64>(npz, &format!("{c}_count")).item().unwrap() as usize;
    let blocks: Vec<Any<f64, I>> = (0..count)
        .map(|i| load(npz, &format!("{c}_b{i}")))
        .collect();
    let refs: Vec<&dyn AsCoo<f64, I>> = blocks
        .iter()
        .map(|b| match b {
            Any::Csr(a) => a as &dyn AsCoo<f64, I>,
            Any::Csc(a) => a,
            Any::Coo(a) => a,
            Any::Dia(a) => a,
        })
        .collect();
    for fmt in [None, Some("csr"), Some("csc")] {
        let got = match block_diag(dev, &refs, fmt).unwrap() {
            SparseArray::Csr(a) => Any::Csr(a),
            SparseArray::Csc(a) => Any::Csc(a),
            SparseArray::Coo(a) => Any::Coo(a),
        };
        check(
            npz,
            &format!("{c}_{}", fmt.unwrap_or("none")),
            &got,
            Tol::exact(),
        );
    }
}

#[test]
fn setdiag_against_scipy() {
    for dev in devices() {
        let npz = fixtures(&dev);
        let (f, i) = (cases(&npz, "sd_", "_f64"), cases(&npz, "sd_", "_i64"));
        let x = cases(&npz, "xsd_", "_f64");
        let dia = f.iter().filter(|c| c.starts_with("sd_dia")).count();
        assert!(
            f.len() > 100 && i.len() > 30 && x.len() > 100 && dia > 50,
            "{} {} {} {dia} cases",
            f.len(),
            i.len(),
            x.len()
        );
        f.iter().for_each(|c| setdiag_case::<f64, i32>(&npz, c));
        i.iter().for_each(|c| setdiag_case::<i64, i32>(&npz, c));
        x.iter().for_each(|c| setdiag_case::<f64, i64>(&npz, c));
    }
}

#[test]
fn max_min_mean_against_scipy() {
    for dev in devices() {
        let npz = fixtures(&dev);
        let mut n = 0;
        let mut count = |prefix: &str, dtype: &str, run: &dyn Fn(&str)| {
            for c in cases(&npz, prefix, dtype) {
                run(&c);
                n += 1;
            }
        };
        count("mm_", "_f64", &|c| {
            mm_case::<f64, i32>(&npz, c, Tol::ulps(4))
        });
        count("mm_", "_f32", &|c| {
            mm_case::<f32, i32>(&npz, c, Tol::close(1e-6, 1e-6))
        });
        count("mm_", "_i32", &|c| {
            mm_case::<i32, i32>(&npz, c, Tol::ulps(4))
        });
        count("xmm_", "_f64", &|c| {
            mm_case::<f64, i64>(&npz, c, Tol::ulps(4))
        });
        count("xmm_", "_i32", &|c| {
            mm_case::<i32, i64>(&npz, c, Tol::ulps(4))
        });
        // Complex means: c64 as f32, c128 as f64 (each part).
        count("mm_", "_c64", &|c| {
            mean_case::<c64, i32>(&npz, c, Tol::close(1e-6, 1e-6))
        });
        count("mm_", "_c128", &|c| {
            mean_case::<c128, i32>(&npz, c, Tol::ulps(4))
        });
        count("xmm_", "_c128", &|c| {
            mean_case::<c128, i64>(&npz, c, Tol::ulps(4))
        });
        assert_eq!(n, 21 + 13 + 18, "cases");
    }
}

#[test]
fn power_and_conjugate_against_scipy() {
    for dev in devices() {
        let npz = fixtures(&dev);
        let x = |p: &str| format!("x{p}");
        for (pw, cj) in [("pw_", "cj_"), ("xpw_", "xcj_")] {
            let wide = pw.starts_with('x');
            let pf = cases(&npz, pw, "_f64");
            assert_eq!(pf.len(), 5, "{pw}");
            let cz = cases(&npz, cj, "_c128");
            assert_eq!(cz.len(), 4, "{cj}");
            if wide {
                pf.iter()
                    .for_each(|c| power_case::<f64, i64>(&npz, c, Tol::ulps(4)));
                cases(&npz, pw, "_i64")
                    .iter()
                    .for_each(|c| power_case::<i64, i64>(&npz, c, Tol::exact()));
                cases(&npz, pw, "_i32")
                    .iter()
                    .for_each(|c| power_case::<i32, i64>(&npz, c, Tol::exact()));
                cz.iter().for_each(|c| conj_case::<c128, i64>(&npz, c));
                cases(&npz, cj, "_f64")
                    .iter()
                    .for_each(|c| conj_case::<f64, i64>(&npz, c));
            } else {
                pf.iter()
                    .for_each(|c| power_case::<f64, i32>(&npz, c, Tol::ulps(4)));
                cases(&npz, pw, "_i64")
                    .iter()
                    .for_each(|c| power_case::<i64, i32>(&npz, c, Tol::exact()));
                cases(&npz, pw, "_i32")
                    .iter()
                    .for_each(|c| power_case::<i32, i32>(&npz, c, Tol::exact()));
                cz.iter().for_each(|c| conj_case::<c128, i32>(&npz, c));
                cases(&npz, cj, "_f64")
                    .iter()
                    .for_each(|c| conj_case::<f64, i32>(&npz, c));
            }
        }
        assert_eq!(cases(&npz, &x("cj_"), "_f64").len(), 1);
    }
}

#[test]
fn block_diag_against_scipy() {
    for dev in devices() {
        let npz = fixtures(&dev);
        block_diag_case::<i32>(&npz, "bd_mixed_f64", &dev);
        block_diag_case::<i32>(&npz, "bd_empty_f64", &dev);
        block_diag_case::<i64>(&npz, "xbd_mixed_f64", &dev);
        block_diag_case::<i64>(&npz, "xbd_empty_f64", &dev);
    }
}

/// SciPy's `A[i, j]` for every `(i, j)` of the case (negative ones included) and, for
/// CSR/CSC, `sorted_indices()` (`self` unchanged).
fn get_case<T: SparseDType + NpyDType + Approx, I: Idx>(npz: &Npz, c: &str) {
    let a = load::<T, I>(npz, c);
    let ij = get::<i64>(npz, &format!("{c}_ij")).to_vec().unwrap();
    let want = get::<T>(npz, &format!("{c}_vals")).to_vec().unwrap();
    assert_eq!(ij.len(), 2 * want.len(), "{c}");
    for (p, w) in ij.chunks(2).zip(want) {
        let (i, j) = (p[0] as isize, p[1] as isize);
        let got = match &a {
            Any::Csr(a) => a.get(i, j),
            Any::Csc(a) => a.get(i, j),
            Any::Coo(a) => a.get(i, j),
            Any::Dia(_) => panic!("{c}: no A[i, j] of DIA"),
        };
        assert!(got.unwrap().close_to(w, &Tol::exact()), "{c}[{i}, {j}]");
    }
    let so = c.replacen("gt_", "so_", 1);
    let sorted = match &a {
        Any::Csr(a) => Any::Csr(a.sorted_indices().unwrap()),
        Any::Csc(a) => Any::Csc(a.sorted_indices().unwrap()),
        _ => return,
    };
    check(npz, &format!("{so}_out"), &sorted, Tol::exact());
    // The original keeps its order (SciPy sorts a copy).
    check(npz, &so, &a, Tol::exact());
}

#[test]
fn get_and_sorted_indices_against_scipy() {
    for dev in devices() {
        let npz = fixtures(&dev);
        let mut n = 0;
        for (prefix, wide) in [("gt_", false), ("xgt_", true)] {
            for c in cases(&npz, prefix, "_f64") {
                if wide {
                    get_case::<f64, i64>(&npz, &c)
                } else {
                    get_case::<f64, i32>(&npz, &c)
                }
                n += 1;
            }
            for c in cases(&npz, prefix, "_c128") {
                if wide {
                    get_case::<c128, i64>(&npz, &c)
                } else {
                    get_case::<c128, i32>(&npz, &c)
                }
                n += 1;
            }
            for c in cases(&npz, prefix, "_i32") {
                if wide {
                    get_case::<i32, i64>(&npz, &c)
                } else {
                    get_case::<i32, i32>(&npz, &c)
                }
                n += 1;
            }
        }
        assert_eq!(n, 36, "cases");
    }
}

#[test]
fn copy_and_prune() {
    let dev = Device::cpu();
    let d = arr(&dev, &[2, 3], vec![1.0f64, 0.0, 2.0, 0.0, -3.0, 0.0]);
    let csr = CsrArray::<f64>::from_dense(&d).unwrap();
    let mut c = csr.copy().unwrap();
    c.setdiag(&Array::scalar(&dev, 9.0).unwrap(), 0).unwrap();
    assert_eq!(csr.data().to_vec().unwrap(), vec![1.0, 2.0, -3.0]);
    assert_eq!(c.data().to_vec().unwrap(), vec![9.0, 2.0, 9.0]);
    let csc = CscArray::<f64, i64>::from_dense(&d).unwrap();
    let mut c = csc.copy().unwrap();
    c.setdiag(&Array::scalar(&dev, 9.0).unwrap(), 0).unwrap();
    assert_eq!(csc.data().to_vec().unwrap(), vec![1.0, -3.0, 2.0]);
    let coo = CooArray::<f64>::from_dense(&d).unwrap();
    let c = coo.copy().unwrap();
    // SciPy: coo_array(d).has_canonical_format is True, its copy()'s and astype()'s False.
    assert!(coo.has_canonical_format());
    assert!(!c.has_canonical_format() && !c.data().same_storage(coo.data()));
    assert!(!coo.astype::<f32>().unwrap().has_canonical_format());
    assert_eq!(c.toarray().unwrap().to_vec().unwrap(), d.to_vec().unwrap());
    // prune: the arrays past indptr[-1] dropped into buffers of their own.
    let data = arr(&dev, &[5], vec![1.0f64, 2.0, 3.0, 4.0, 5.0]);
    let cols = arr(&dev, &[5], vec![2i64, 0, 1, 1, 1]);
    let mut a = CsrArray::new(&data, &cols, &arr(&dev, &[3], vec![0i64, 1, 3]), [2, 3]).unwrap();
    a.prune().unwrap();
    assert_eq!(a.data().to_vec().unwrap(), vec![1.0, 2.0, 3.0]);
    assert_eq!(a.indices().to_vec().unwrap(), vec![2, 0, 1]);
    assert!(!a.data().same_storage(&data) && !a.indices().same_storage(&cols));
    assert_eq!(a.get(1, 1).unwrap(), 3.0);
}

/// SciPy's `prune()` of arrays built from `data`/`indices` longer than `indptr[-1]`.
fn prune_case<I: Idx>(npz: &Npz, c: &str) {
    let s = get::<i64>(npz, &format!("{c}_shape")).to_vec().unwrap();
    let shape = [s[0] as usize, s[1] as usize];
    let data = get::<f64>(npz, &format!("{c}_data"));
    let (indices, indptr) = (
        get::<I>(npz, &format!("{c}_indices")),
        get::<I>(npz, &format!("{c}_indptr")),
    );
    let got = if c.contains("_csr_") {
        let mut a = CsrArray::new(&data, &indices, &indptr, shape).unwrap();
        a.prune().unwrap();
        assert!(!a.data().same_storage(&data) && !a.indices().same_storage(&indices));
        Any::Csr(a)
    } else {
        let mut a = CscArray::new(&data, &indices, &indptr, shape).unwrap();
        a.prune().unwrap();
        assert!(!a.data().same_storage(&data) && !a.indices().same_storage(&indices));
        Any::Csc(a)
    };
    check(npz, &format!("{c}_out"), &got, Tol::exact());
}

#[test]
fn prune_against_scipy() {
    for dev in devices() {
        let npz = fixtures(&dev);
        for c in ["pr_csr_f64", "pr_csc_f64"] {
            prune_case::<i32>(&npz, c);
            prune_case::<i64>(&npz, &format!("x{c}"));
        }
    }
}

#[test]
fn dia_setdiag_errors() {
    let dev = Device::cpu();
    let d = arr(&dev, &[2, 3], vec![1.0f64, 0.0, 2.0, 0.0, -3.0, 0.0]);
    let mut a = DiaArray::<f64>::from_dense(&d).unwrap();
    for k in [3, -2, isize::MAX, isize::MIN] {
        assert!(
            a.setdiag(&Array::scalar(&dev, 1.0).unwrap(), k).is_err(),
            "k = {k}"
        );
    }
    assert!(a.setdiag(&arr(&dev, &[1, 1], vec![1.0]), 0).is_err());
    assert_eq!(a.toarray().unwrap().to_vec().unwrap(), d.to_vec().unwrap());
    // get: out of range, either sign.
    let c = CsrArray::<f64>::from_dense(&d).unwrap();
    for (i, j) in [(2, 0), (-3, 0), (0, 3), (0, -4), (isize::MIN, 0)] {
        assert!(
            matches!(c.get(i, j), Err(Error::Index { .. })),
            "({i}, {j})"
        );
        assert!(c.tocsc().unwrap().get(i, j).is_err());
        assert!(c.tocoo().unwrap().get(i, j).is_err());
    }
}

fn arr<T: DType>(dev: &Device, shape: &[usize], v: Vec<T>) -> Array<T> {
    Array::from_vec(dev, shape, v).unwrap()
}

#[test]
fn bad_calls_are_errors() {
    let dev = Device::cpu();
    let d = arr(&dev, &[2, 3], vec![1.0f64, 0.0, 2.0, 0.0, -3.0, 0.0]);
    let mut csr = CsrArray::<f64>::from_dense(&d).unwrap();
    let mut csc = CscArray::<f64>::from_dense(&d).unwrap();
    let mut coo = CooArray::<f64>::from_dense(&d).unwrap();
    let one = Array::scalar(&dev, 1.0).unwrap();
    let two_d = arr(&dev, &[1, 1], vec![1.0]);
    for k in [3, -2] {
        assert!(csr.setdiag(&one, k).is_err(), "k = {k}");
        assert!(csc.setdiag(&one, k).is_err(), "k = {k}");
        assert!(coo.setdiag(&one, k).is_err(), "k = {k}");
    }
    assert!(csr.setdiag(&two_d, 0).is_err());
    assert!(coo.setdiag(&two_d, 0).is_err());
    // An unchanged array after the errors.
    assert_eq!(
        csr.toarray().unwrap().to_vec().unwrap(),
        d.to_vec().unwrap()
    );
    // Axes and empty reductions.
    assert!(matches!(csr.max(Some(2)), Err(Error::Axis { .. })));
    assert!(csr.mean(Some(-3)).is_err());
    let empty = CsrArray::<f64>::from_dense(&Array::zeros(&dev, &[0, 3]).unwrap()).unwrap();
    assert!(empty.max(None).is_err());
    assert!(empty.min(Some(0)).is_err());
    assert_eq!(empty.max(Some(1)).unwrap().len(), 0);
    assert!(empty.mean(None).is_err());
    assert!(empty.mean(Some(0)).is_err());
    assert_eq!(empty.mean(Some(1)).unwrap().len(), 0);
    // An array of stored zeros only: max 0 (SciPy's scalar zero).
    let z = CsrArray::<f64>::from_dense(&Array::zeros(&dev, &[2, 2]).unwrap()).unwrap();
    assert_eq!(z.max(None).unwrap().item().unwrap(), 0.0);
    // Power: zero exponent, negative integer exponent.
    assert!(csr.power(0.0).is_err());
    let ints = CooArray::<i32>::from_dense(&arr(&dev, &[1, 2], vec![2, 3])).unwrap();
    assert!(ints.power(0).is_err());
    assert!(ints.power(-2).is_err());
    // block_diag: no blocks, a format it cannot give.
    assert!(block_diag::<f64, i32>(&dev, &[], None).is_err());
    assert!(block_diag(&dev, &[&csr as &dyn AsCoo<f64, i32>], Some("dok")).is_err());
}

/// A bound or step of a slice (`None` when omitted).
type Bound = Option<isize>;

/// The slices of the generator's `SLICES`: `(start, stop, step)`.
const SLICES: [(&str, Bound, Bound, Bound); 7] = [
    ("a", Some(1), Some(4), None),
    ("b", None, None, Some(2)),
    ("c", None, None, Some(-1)),
    ("d", Some(-2), None, None),
    ("e", Some(5), Some(1), Some(-2)),
    ("f", Some(10), Some(20), None),
    ("g", Some(-100), Some(3), Some(3)),
];

fn slicing_case<T: SparseDType + NpyDType + Approx, I: Idx>(npz: &Npz, c: &str) {
    let a = load::<T, I>(npz, c);
    let idx = get::<i64>(npz, &format!("{c}_idx"));
    for (key, i, j, k) in SLICES {
        let (rows, cols) = match &a {
            Any::Csr(a) => (
                Any::Csr(a.slice_rows(i, j, k).unwrap()),
                Any::Csr(a.slice_cols(i, j, k).unwrap()),
            ),
            Any::Csc(a) => (
                Any::Csc(a.slice_rows(i, j, k).unwrap()),
                Any::Csc(a.slice_cols(i, j, k).unwrap()),
            ),
            _ => panic!("{c}: CSR or CSC"),
        };
        check(npz, &format!("{c}_rows_{key}"), &rows, Tol::exact());
        check(npz, &format!("{c}_cols_{key}"), &cols, Tol::exact());
    }
    let taken = match &a {
        Any::Csr(a) => Any::Csr(a.take_rows(&idx).unwrap()),
        Any::Csc(a) => Any::Csc(a.take_cols(&idx).unwrap()),
        _ => panic!("{c}: CSR or CSC"),
    };
    check(npz, &format!("{c}_take"), &taken, Tol::exact());
}

#[test]
fn slicing_against_scipy() {
    for dev in devices() {
        let npz = fixtures(&dev);
        for c in ["sl_csr_f64", "sl_csc_f64", "sl_csrdup_f64", "sl_cscdup_f64"] {
            slicing_case::<f64, i32>(&npz, c);
            slicing_case::<f64, i64>(&npz, &format!("x{c}"));
        }
        slicing_case::<i32, i32>(&npz, "sl_csr_i32");
        slicing_case::<i32, i64>(&npz, "xsl_csr_i32");
    }
    let dev = Device::cpu();
    let a = CsrArray::<f64>::from_dense(&arr(&dev, &[2, 2], vec![1.0, 0.0, 0.0, 2.0])).unwrap();
    assert!(a.slice_cols(None, None, Some(0)).is_err());
    assert!(a.take_rows(&arr(&dev, &[1], vec![-3i64])).is_err());
    assert!(a.take_rows(&arr(&dev, &[1, 1], vec![0i64])).is_err());
    assert_eq!(
        a.take_rows(&arr(&dev, &[0], vec![])).unwrap().shape(),
        [0, 2]
    );
}
