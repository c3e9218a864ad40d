//! The arithmetic of COO and DIA arrays against SciPy 1.17, the fixtures of
//! `scripts/fixtures/gen_sparse_ops_fixtures.py`: `a + b`, `a - b`, `a.multiply(b)` (COO: a
//! CSR result; DIA: a DIA result, by SciPy's paths of equal offsets, of offsets within the
//! other operand's, of disjoint and overlapping offsets with different widths),
//! `a.multiply(d)` and `a + d` of a dense `d`, `a * s`; `f64`, `f32`, `i64`, `complex128`,
//! with `i32` and `i64` indices, duplicates, stored zeros, inf and NaN, shapes `0x0` and
//! `1xN`; on the CPU backend and, when there is one, on CUDA device 0. Then the errors.
//!
//! Everything is compared exactly: the structures (format, indices, pointers, offsets,
//! flags) and the values (`-0.0` apart from `0.0`, NaN equal to NaN), but for complex
//! values (1 ulp a part, `3e-14` where a part cancels: NumPy's products may be fused
//! multiply-adds). Where SciPy raises or
//! is wrong (DIA sums of equal offsets and different widths) the dense sum is expected; where
//! SciPy returns COO from `dia.multiply(d)` (a dimension of 0 or 1) the dense values are
//! compared.

mod common;

use common::{assert_close, devices, fixture, Approx, Tol};
use kernels_std::io::{NpyDType, Npz};
use kernels_std::ops::Numeric;
use kernels_std::prelude::*;
use kernels_std::sparse::{CooArray, CsrArray, DiaArray, SparseDType, SparseIndex};
use kernels_std::{c128, c64};

fn fixtures(dev: &Device) -> Npz {
    kernels_std::io::load_npz(fixture("sparse_ops/sparse_ops.npz"), dev).expect("sparse_ops.npz")
}

fn get<T: NpyDType>(npz: &Npz, key: &str) -> Array<T> {
    npz.array::<T>(key).unwrap_or_else(|e| panic!("{key}: {e}"))
}

/// An operand or a result, in its format.
enum Any<T: SparseDType, I: SparseIndex> {
    Csr(CsrArray<T, I>),
    Coo(CooArray<T, I>),
    Dia(DiaArray<T, I>),
    Dense(Array<T>),
}

impl<T: SparseDType, I: SparseIndex> Any<T, I> {
    fn toarray(&self) -> Array<T> {
        match self {
            Any::Csr(a) => a.toarray(),
            Any::Coo(a) => a.toarray(),
            Any::Dia(a) => a.toarray(),
            Any::Dense(a) => Ok(a.clone()),
        }
        .unwrap()
    }

    fn name(&self) -> &'static str {
        match self {
            Any::Csr(_) => "csr",
            Any::Coo(_) => "coo",
            Any::Dia(_) => "dia",
            Any::Dense(_) => "dense",
        }
    }
}

fn load<T: SparseDType + NpyDType, I: SparseIndex>(npz: &Npz, k: &str) -> Any<T, I> {
    let fmt = get::<u8>(npz, &format!("{k}_fmt")).item().unwrap();
    let s = get::<i64>(npz, &format!("{k}_shape")).to_vec().unwrap();
    let data = get::<T>(npz, &format!("{k}_data"));
    if fmt == 4 {
        return Any::Dense(data);
    }
    let shape = [s[0] as usize, s[1] as usize];
    let idx = |name: &str| {
        get::<i32>(npz, &format!("{k}_{name}"))
            .astype::<I>()
            .unwrap()
    };
    match fmt {
        0 => Any::Csr(CsrArray::new(&data, &idx("indices"), &idx("indptr"), shape).unwrap()),
        2 => {
            let mut a = CooArray::new(&data, &idx("row"), &idx("col"), shape).unwrap();
            if get::<bool>(npz, &format!("{k}_flags")).to_vec().unwrap()[0] {
                // SciPy's flag is a record (from a dense array, or summed): ours too.
                a.sum_duplicates().unwrap();
            }
            Any::Coo(a)
        }
        3 => Any::Dia(DiaArray::new(&data, &idx("offsets"), shape).unwrap()),
        _ => panic!("{k}: unexpected format {fmt}"),
    }
}

fn same_index<I: SparseIndex>(got: &Array<I>, npz: &Npz, key: &str) {
    let expected = get::<i32>(npz, key).astype::<i64>().unwrap();
    assert_close(&got.astype::<i64>().unwrap(), &expected, Tol::exact(), key);
}

/// `got` is SciPy's result `key`: the same format, structure, flags and values (exactly).
fn check<T: SparseDType + NpyDType + Approx, I: SparseIndex>(
    npz: &Npz,
    key: &str,
    got: &Any<T, I>,
) {
    // NumPy's complex products may round once less (fused multiply-adds): a part that
    // cancels differs by an ulp of the products (values below 100 here), others by 1 ulp.
    let complex = matches!(T::ID, DTypeId::C64 | DTypeId::C128);
    let tol = if complex {
        Tol {
            atol: 3e-14,
            ..Tol::ulps(1)
        }
    } else {
        Tol::exact().signed_zero()
    };
    let expected = load::<T, I>(npz, key);
    let by_scipy = get::<bool>(npz, &format!("{key}_scipy")).item().unwrap();
    let dia_to_coo = key.ends_with("_muld")
        && matches!((got, &expected), (Any::Dia(_), Any::Coo(_)))
        && get::<i64>(npz, &format!("{key}_shape"))
            .to_vec()
            .unwrap()
            .iter()
            .any(|&e| e < 2);
    if !by_scipy || dia_to_coo {
        // SciPy raises, is wrong, or returns another format (documented): the dense values.
        assert_close(
            &got.toarray(),
            &expected.toarray(),
            tol,
            &format!("{key} dense"),
        );
        return;
    }
    let flags = || get::<bool>(npz, &format!("{key}_flags")).to_vec().unwrap();
    let data = match (got, &expected) {
        (Any::Csr(g), Any::Csr(_)) => {
            same_index(g.indices(), npz, &format!("{key}_indices"));
            same_index(g.indptr(), npz, &format!("{key}_indptr"));
            let f = vec![g.has_sorted_indices(), g.has_canonical_format()];
            assert_eq!(f, flags(), "{key} flags");
            g.data().clone()
        }
        (Any::Coo(g), Any::Coo(_)) => {
            same_index(g.row(), npz, &format!("{key}_row"));
            same_index(g.col(), npz, &format!("{key}_col"));
            assert_eq!(vec![g.has_canonical_format()], flags(), "{key} flags");
            g.data().clone()
        }
        (Any::Dia(g), Any::Dia(_)) => {
            same_index(g.offsets(), npz, &format!("{key}_offsets"));
            g.data().clone()
        }
        (Any::Dense(g), Any::Dense(_)) => g.clone(),
        _ => panic!(
            "{key}: {} where SciPy gives {}",
            got.name(),
            expected.name()
        ),
    };
    assert_close(
        &data,
        &get::<T>(npz, &format!("{key}_data")),
        tol,
        &format!("{key} data"),
    );
}

/// The names `<prefix>_<case>_<dtype>` of the cases (by their operand `a`).
fn cases(npz: &Npz, prefix: &str, dtype: &str) -> Vec<String> {
    let mut v: Vec<String> = npz
        .names()
        .filter_map(|k| k.strip_suffix("_a_fmt"))
        .filter(|k| k.starts_with(prefix) && k.ends_with(dtype))
        .map(str::to_string)
        .collect();
    v.sort();
    assert!(!v.is_empty(), "no {prefix} case of {dtype}");
    v
}

fn coo_case<T, I>(npz: &Npz, c: &str)
where
    T: SparseDType + NpyDType + Approx + Numeric,
    I: SparseIndex,
{
    let (Any::Coo(a), Any::Coo(b), Any::Dense(d)) = (
        load::<T, I>(npz, &format!("{c}_a")),
        load::<T, I>(npz, &format!("{c}_b")),
        load::<T, I>(npz, &format!("{c}_d")),
    ) else {
        panic!("{c}: COO operands expected");
    };
    let s = get::<T>(npz, &format!("{c}_s")).item().unwrap();
    let k = |op: &str| format!("{c}_{op}");
    check(npz, &k("add"), &Any::Csr((&a + &b).unwrap()));
    check(npz, &k("sub"), &Any::Csr((&a - &b).unwrap()));
    check(npz, &k("mul"), &Any::Csr(a.multiply(&b).unwrap()));
    check(npz, &k("muld"), &Any::Coo(a.multiply_dense(&d).unwrap()));
    check(
        npz,
        &k("addd"),
        &Any::<T, I>::Dense(a.add_dense(&d).unwrap()),
    );
    check(npz, &k("scal"), &Any::Coo(a.mul_scalar(s).unwrap()));
}

fn dia_case<T, I>(npz: &Npz, c: &str)
where
    T: SparseDType + NpyDType + Approx + Numeric,
    I: SparseIndex,
{
    let (Any::Dia(a), Any::Dia(b), Any::Dense(d)) = (
        load::<T, I>(npz, &format!("{c}_a")),
        load::<T, I>(npz, &format!("{c}_b")),
        load::<T, I>(npz, &format!("{c}_d")),
    ) else {
        panic!("{c}: DIA operands expected");
    };
    let s = get::<T>(npz, &format!("{c}_s")).item().unwrap();
    let k = |op: &str| format!("{c}_{op}");
    check(npz, &k("add"), &Any::Dia((&a + &b).unwrap()));
    check(npz, &k("sub"), &Any::Dia((&a - &b).unwrap()));
    check(npz, &k("mul"), &Any::Dia(a.multiply(&b).unwrap()));
    check(npz, &k("muld"), &Any::Dia(a.multiply_dense(&d).unwrap()));
    check(
        npz,
        &k("addd"),
        &Any::<T, I>::Dense(a.add_dense(&d).unwrap()),
    );
    check(npz, &k("scal"), &Any::Dia(a.mul_scalar(s).unwrap()));
}

fn all_cases<T, I>(npz: &Npz, dtype: &str)
where
    T: SparseDType + NpyDType + Approx + Numeric,
    I: SparseIndex,
{
    for c in cases(npz, "co_", dtype) {
        coo_case::<T, I>(npz, &c);
    }
    for c in cases(npz, "di_", dtype) {
        dia_case::<T, I>(npz, &c);
    }
}

#[test]
fn coo_and_dia_arithmetic_match_scipy() {
    for dev in devices() {
        let npz = fixtures(&dev);
        all_cases::<f64, i32>(&npz, "_f64");
        all_cases::<f64, i64>(&npz, "_f64");
        all_cases::<f32, i32>(&npz, "_f32");
        all_cases::<i64, i32>(&npz, "_i64");
        all_cases::<i64, i64>(&npz, "_i64");
        all_cases::<c128, i32>(&npz, "_c128");
        all_cases::<c128, i64>(&npz, "_c128");
    }
}

#[test]
fn complex64_follows_complex128() {
    // No c64 fixture: the c128 cases converted, checked against the c128 results converted
    // (each operation is one rounding of exact parts' sums and products for these values).
    let dev = Device::cpu();
    let z = |re: f32, im: f32| c64::new(re, im);
    let data = Array::from_vec(&dev, &[3], vec![z(1.0, 2.0), z(0.5, -1.0), z(3.0, 0.0)]).unwrap();
    let row = Array::from_vec(&dev, &[3], vec![0i32, 0, 1]).unwrap();
    let col = Array::from_vec(&dev, &[3], vec![1i32, 1, 0]).unwrap();
    let a = CooArray::new(&data, &row, &col, [2, 2]).unwrap();
    let d = Array::from_vec(&dev, &[2, 2], vec![z(0.0, 1.0); 4]).unwrap();
    assert_eq!(
        a.add_dense(&d).unwrap().to_vec().unwrap(),
        vec![z(0.0, 1.0), z(1.5, 2.0), z(3.0, 1.0), z(0.0, 1.0)]
    );
    let m = a.multiply_dense(&d).unwrap();
    assert_eq!(m.data().to_vec().unwrap(), vec![z(-1.0, 1.5), z(0.0, 3.0)]);
    let t = a.todia().unwrap();
    let sq = t.multiply(&t).unwrap();
    assert_eq!(
        sq.toarray().unwrap().to_vec().unwrap(),
        vec![z(0.0, 0.0), z(1.25, 3.0), z(9.0, 0.0), z(0.0, 0.0)]
    );
}

#[test]
fn shape_mismatches_are_errors() {
    let dev = Device::cpu();
    let dense =
        |m: usize, n: usize| Array::<f64>::from_vec(&dev, &[m, n], vec![1.0; m * n]).unwrap();
    let a = CooArray::<f64>::from_dense(&dense(2, 3)).unwrap();
    let b = CooArray::<f64>::from_dense(&dense(3, 2)).unwrap();
    assert!(a.add(&b).is_err());
    assert!((&a - &b).is_err());
    assert!(a.multiply(&b).is_err());
    assert!(a.multiply_dense(&dense(3, 2)).is_err());
    assert!(a.multiply_dense(&dense(1, 3)).is_err()); // no broadcasting
    assert!(a.add_dense(&dense(2, 2)).is_err());
    let (p, q) = (a.todia().unwrap(), b.todia().unwrap());
    assert!(p.add(&q).is_err());
    assert!((&p - &q).is_err());
    assert!(p.multiply(&q).is_err());
    assert!(p.multiply_dense(&dense(3, 2)).is_err());
    assert!(p.add_dense(&dense(2, 1)).is_err());
    let e = p.add(&q).unwrap_err().to_string();
    assert!(e.contains("dia_array.add"), "{e}");
}
