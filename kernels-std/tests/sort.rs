//! `sort` against NumPy: the fixtures of `scripts/fixtures/gen_sort_fixtures.py` (inputs and
//! NumPy's results in `fixtures/sort/sort.npz`), on the CPU backend and, when there is one, on
//! CUDA device 0; long arrays (several segments per row on the CPU too) against a stable sort
//! computed here.
//!
//! Every comparison is exact: sorting, searching and selecting move elements without
//! arithmetic (`-0.0` and `0.0` compare equal, as NumPy's `==`; their order is checked through
//! the stable `argsort`).

mod common;

use common::{assert_close, devices, fixture, Approx, Tol};
use kernels_std::io::{load_npz, NpyDType, Npz};
use kernels_std::prelude::*;
use kernels_std::s;
use kernels_std::sort::{
    argsort, argwhere, boolean_index, compress, flatnonzero, nonzero, put, searchsorted,
    searchsorted_with_sorter, sort, take, take_along_axis, take_with_mode, unique, unique_full,
    Side, Sortable, TakeMode,
};

fn fixtures(dev: &Device) -> Npz {
    load_npz(fixture("sort/sort.npz"), dev).expect("sort.npz")
}

fn get<T: NpyDType>(npz: &Npz, name: &str) -> Array<T> {
    npz.array::<T>(name)
        .unwrap_or_else(|e| panic!("fixture {name}: {e}"))
}

#[track_caller]
fn check<T: Approx>(got: &Array<T>, want: &Array<T>, what: &str, dev: &Device) {
    assert!(got.device().same(dev), "{what}: result on {}", got.device());
    assert_close(got, want, Tol::exact(), &format!("{what} on {dev}"));
}

const AXES: [(&str, Option<isize>); 5] = [
    ("none", None),
    ("0", Some(0)),
    ("1", Some(1)),
    ("2", Some(2)),
    ("m1", Some(-1)),
];

/// Every sort/argsort result stored for `case`, computed from `x`.
fn check_sorts<T: Sortable + NpyDType + Approx>(
    npz: &Npz,
    case: &str,
    x: &Array<T>,
    dev: &Device,
) -> usize {
    let mut checked = 0;
    for (name, axis) in AXES {
        let key = format!("{case}_sort_{name}");
        if npz.get(&key).is_some() {
            let got = sort(x, axis).unwrap_or_else(|e| panic!("{key}: {e}"));
            check(&got, &get(npz, &key), &key, dev);
            let key = format!("{case}_argsort_{name}");
            let got = argsort(x, axis).unwrap_or_else(|e| panic!("{key}: {e}"));
            check(&got, &get(npz, &key), &key, dev);
            checked += 2;
        }
    }
    checked
}

/// nonzero, flatnonzero and argwhere of `x` against `case`.
fn check_selections<T: DType>(npz: &Npz, case: &str, x: &Array<T>, dev: &Device) -> usize {
    let mut checked = 2;
    check(
        &flatnonzero(x).unwrap(),
        &get(npz, &format!("{case}_flatnz")),
        case,
        dev,
    );
    check(
        &argwhere(x).unwrap(),
        &get(npz, &format!("{case}_argwhere")),
        case,
        dev,
    );
    if x.ndim() == 0 {
        assert!(nonzero(x).is_err(), "{case}: nonzero of 0-d");
        return checked;
    }
    let nz = nonzero(x).unwrap();
    assert_eq!(nz.len(), x.ndim());
    for (k, idx) in nz.iter().enumerate() {
        check(idx, &get(npz, &format!("{case}_nz{k}")), case, dev);
        checked += 1;
    }
    checked
}

/// unique with every output against `case`.
fn check_unique<T: Sortable + NpyDType + Approx>(
    npz: &Npz,
    case: &str,
    x: &Array<T>,
    dev: &Device,
) {
    let u = unique_full(x, true).unwrap_or_else(|e| panic!("{case}: {e}"));
    check(&u.values, &get(npz, &format!("{case}_uvalues")), case, dev);
    check(&u.indices, &get(npz, &format!("{case}_uindex")), case, dev);
    check(
        &u.inverse,
        &get(npz, &format!("{case}_uinverse")),
        case,
        dev,
    );
    check(&u.counts, &get(npz, &format!("{case}_ucounts")), case, dev);
    check(&unique(x).unwrap(), &u.values, case, dev);
}

fn run_case<T: Num + Sortable + NpyDType + Approx>(case: &str) {
    for dev in devices() {
        let npz = fixtures(&dev);
        let x = get::<T>(&npz, &format!("{case}_x"));
        assert!(check_sorts(&npz, case, &x, &dev) >= 2, "{case}");
        check_selections(&npz, case, &x, &dev);
        check_unique(&npz, case, &x, &dev);
    }
}

#[test]
fn every_dtype_along_every_axis_with_ties() {
    run_case::<i8>("r_i1");
    run_case::<i16>("r_i2");
    run_case::<i32>("r_i4");
    run_case::<i64>("r_i8");
    run_case::<u8>("r_u1");
    run_case::<u16>("r_u2");
    run_case::<u32>("r_u4");
    run_case::<u64>("r_u8");
    run_case::<f16>("r_f2");
    run_case::<f32>("r_f4");
    run_case::<f64>("r_f8");
    run_case::<f32>("r3_f4");
}

#[test]
fn bool_and_complex_sorts() {
    for dev in devices() {
        let npz = fixtures(&dev);
        let b = get::<bool>(&npz, "r_b1_x");
        assert_eq!(check_sorts(&npz, "r_b1", &b, &dev), 8);
        for case in ["special_c8", "r_c8"] {
            let z = get::<c64>(&npz, &format!("{case}_x"));
            assert!(check_sorts(&npz, case, &z, &dev) >= 4, "{case}");
        }
        for case in ["special_c16", "r_c16"] {
            let z = get::<c128>(&npz, &format!("{case}_x"));
            assert!(check_sorts(&npz, case, &z, &dev) >= 4, "{case}");
        }
    }
}

#[test]
fn integer_limits() {
    run_case::<i64>("lim_i8");
    run_case::<u64>("lim_u8");
    run_case::<i8>("lim_i1");
}

#[test]
fn nan_last_signed_zeros_stable_and_infinities() {
    run_case::<f16>("special_f2");
    run_case::<f32>("special_f4");
    run_case::<f64>("special_f8");
    run_case::<f64>("special2_f8");
    // The stable argsort keeps -0.0 and 0.0 in their order; the signs come back as given.
    let dev = Device::cpu();
    let x = get::<f64>(&fixtures(&dev), "special_f8_x");
    let s = sort(&x, None).unwrap().to_vec().unwrap();
    let signs: Vec<bool> = s
        .iter()
        .filter(|v| **v == 0.0)
        .map(|v| v.is_sign_negative())
        .collect();
    assert_eq!(signs, vec![true, false, true, false]);
}

#[test]
fn empty_zero_d_and_single_element() {
    run_case::<f32>("empty_f4");
    run_case::<i32>("empty2_i4");
    run_case::<i16>("one_i2");
    for dev in devices() {
        let npz = fixtures(&dev);
        let x = get::<f64>(&npz, "zerod_f8_x");
        check(
            &sort(&x, None).unwrap(),
            &get(&npz, "zerod_f8_sort_none"),
            "0-d",
            &dev,
        );
        assert!(matches!(sort(&x, Some(-1)), Err(Error::Axis { .. })));
        assert!(matches!(argsort(&x, Some(0)), Err(Error::Axis { .. })));
        check_selections(&npz, "zerod_f8", &x, &dev);
        check_unique(&npz, "zerod_f8", &x, &dev);
        let z = get::<i32>(&npz, "zerod0_i4_x");
        check_selections(&npz, "zerod0_i4", &z, &dev);
        check_unique(&npz, "zerod0_i4", &z, &dev);
    }
}

#[test]
fn rows_of_many_runs() {
    run_case::<f32>("long_f4");
    run_case::<i64>("long_i8");
    run_case::<u8>("long_u1");
}

#[test]
fn reversed_strided_and_transposed_views() {
    for dev in devices() {
        let npz = fixtures(&dev);
        let x = get::<f64>(&npz, "view_f8_x");
        let views = [
            ("view_f8_rev", x.slice(s![..;-1, ..;-1]).unwrap()),
            ("view_f8_step", x.slice(s![..;2, 1..;3]).unwrap()),
            ("view_f8_t", x.t()),
        ];
        for (case, v) in views {
            assert!(!v.is_c_contiguous());
            assert_eq!(check_sorts(&npz, case, &v, &dev), 8, "{case}");
            assert_eq!(check_selections(&npz, case, &v, &dev), 4, "{case}");
            check_unique(&npz, case, &v, &dev);
        }
    }
}

#[test]
fn selections_of_bool_and_unsigned() {
    for dev in devices() {
        let npz = fixtures(&dev);
        let b = get::<bool>(&npz, "sel_b1_x");
        assert_eq!(check_selections(&npz, "sel_b1", &b, &dev), 5);
        let u = get::<u16>(&npz, "sel_u2_x");
        assert_eq!(check_selections(&npz, "sel_u2", &u, &dev), 5);
        check_unique(&npz, "sel_u2", &u, &dev);
    }
}

#[test]
fn searchsorted_both_sides_and_with_a_sorter() {
    for dev in devices() {
        let npz = fixtures(&dev);
        let (a, v) = (get::<f64>(&npz, "ss_a"), get::<f64>(&npz, "ss_v"));
        check(
            &searchsorted(&a, &v, Side::Left).unwrap(),
            &get(&npz, "ss_left"),
            "left",
            &dev,
        );
        check(
            &searchsorted(&a, &v, Side::Right).unwrap(),
            &get(&npz, "ss_right"),
            "right",
            &dev,
        );
        let (a, v) = (get::<i32>(&npz, "ssi_a"), get::<i32>(&npz, "ssi_v"));
        let sorter = get::<i64>(&npz, "ssi_sorter");
        for (side, key) in [(Side::Left, "ssi_left"), (Side::Right, "ssi_right")] {
            let got = searchsorted_with_sorter(&a, &v, side, &sorter).unwrap();
            check(&got, &get(&npz, key), key, &dev);
        }
        let sorted = get::<i32>(&npz, "ssi_sorted");
        let got = searchsorted(&sorted, &v.t(), Side::Left).unwrap();
        check(
            &got,
            &get::<i64>(&npz, "ssi_sleft").t().copy().unwrap(),
            "transposed values",
            &dev,
        );
        assert!(
            searchsorted(&v, &a, Side::Left).is_err(),
            "2-d sorted array"
        );
        let short = sorter.slice(s![..3]).unwrap();
        assert!(searchsorted_with_sorter(&a, &v, Side::Left, &short).is_err());
    }
}

#[test]
fn take_along_axes_flattened_and_modes() {
    for dev in devices() {
        let npz = fixtures(&dev);
        let x = get::<f32>(&npz, "take_x");
        for (name, axis) in AXES {
            let key = format!("take_{name}");
            let idx = get::<i64>(&npz, &format!("take_i_{name}"));
            check(&take(&x, &idx, axis).unwrap(), &get(&npz, &key), &key, &dev);
        }
        let wi = get::<i64>(&npz, "take_wi");
        let wrap = take_with_mode(&x, &wi, Some(1), TakeMode::Wrap).unwrap();
        check(&wrap, &get(&npz, "take_wrap_1"), "wrap", &dev);
        let clip = take_with_mode(&x, &wi, Some(1), TakeMode::Clip).unwrap();
        check(&clip, &get(&npz, "take_clip_1"), "clip", &dev);
        // Out of range under raise: an index error, on both backends.
        assert!(matches!(take(&x, &wi, Some(1)), Err(Error::Index { .. })));
        assert!(matches!(
            take(&x, &get(&npz, "take_i_none"), Some(3)),
            Err(Error::Axis { .. })
        ));
        let empty = Array::<f32>::zeros(&dev, &[0]).unwrap();
        assert!(take(&empty, &get(&npz, "take_i_none"), None).is_err());
        let none = Array::<i64>::zeros(&dev, &[0]).unwrap();
        assert_eq!(take(&empty, &none, None).unwrap().shape(), &[0]);
    }
}

#[test]
fn take_along_axis_with_argsort_and_broadcasting() {
    for dev in devices() {
        let npz = fixtures(&dev);
        let x = get::<f32>(&npz, "take_x");
        let order = argsort(&x, Some(1)).unwrap();
        let got = take_along_axis(&x, &order, Some(1)).unwrap();
        check(&got, &get(&npz, "tal_sorted_1"), "sorted", &dev);
        let bi = get::<i64>(&npz, "tal_bi");
        check(
            &take_along_axis(&x, &bi, Some(2)).unwrap(),
            &get(&npz, "tal_b_2"),
            "broadcast",
            &dev,
        );
        let fi = get::<i64>(&npz, "tal_fi");
        check(
            &take_along_axis(&x, &fi, None).unwrap(),
            &get(&npz, "tal_none"),
            "none",
            &dev,
        );
        assert!(take_along_axis(&x, &fi, Some(0)).is_err(), "ndim mismatch");
        assert!(
            take_along_axis(&x, &bi, None).is_err(),
            "2-d indices without axis"
        );
        let far = Array::from_vec(&dev, &[1, 1, 1], vec![5i64]).unwrap();
        assert!(matches!(
            take_along_axis(&x, &far, Some(2)),
            Err(Error::Index { .. })
        ));
        let wrong = Array::<i64>::zeros(&dev, &[2, 1, 1]).unwrap();
        assert!(
            take_along_axis(&x, &wrong, Some(2)).is_err(),
            "bad broadcast"
        );
    }
}

#[test]
fn masks_and_compress() {
    for dev in devices() {
        let npz = fixtures(&dev);
        let x = get::<f32>(&npz, "take_x");
        for key in ["mask_full", "mask_lead"] {
            let mask = get::<bool>(&npz, key);
            let got = boolean_index(&x, &mask).unwrap();
            check(&got, &get(&npz, &format!("{key}_out")), key, &dev);
        }
        let c = get::<bool>(&npz, "compress_c");
        check(
            &compress(&x, &c, Some(2)).unwrap(),
            &get(&npz, "compress_2"),
            "compress",
            &dev,
        );
        check(
            &compress(&x, &c, None).unwrap(),
            &get(&npz, "compress_none"),
            "compress",
            &dev,
        );
        let wrong = Array::<bool>::zeros(&dev, &[4]).unwrap();
        assert!(boolean_index(&x, &wrong).is_err());
        let long = Array::<bool>::zeros(&dev, &[6]).unwrap();
        assert!(compress(&x, &long, Some(2)).is_err());
    }
}

#[test]
fn put_in_place() {
    for dev in devices() {
        let npz = fixtures(&dev);
        let (i, v) = (get::<i64>(&npz, "put_i"), get::<i16>(&npz, "put_v"));
        let mut a = get::<i16>(&npz, "put_x");
        put(&mut a, &i, &v, TakeMode::Raise).unwrap();
        check(&a, &get(&npz, "put_out"), "put", &dev);
        let mut a = get::<i16>(&npz, "put_x");
        let far = Array::from_vec(&dev, &[2], vec![13i64, -14]).unwrap();
        put(&mut a, &far, &v, TakeMode::Wrap).unwrap();
        check(&a, &get(&npz, "put_wrap"), "put wrap", &dev);
        let mut a = get::<i16>(&npz, "put_x").t();
        put(&mut a, &i, &v, TakeMode::Raise).unwrap();
        check(&a, &get(&npz, "put_t"), "put into a transposed view", &dev);
        let mut a = get::<i16>(&npz, "put_x");
        assert!(matches!(
            put(&mut a, &far, &v, TakeMode::Raise),
            Err(Error::Index { .. })
        ));
    }
}

/// Deterministic values with many ties, NaNs and both zeros.
fn tied(n: usize, seed: u64) -> Vec<f32> {
    (0..n as u64)
        .map(|i| {
            let h = (i ^ seed)
                .wrapping_mul(0x9E37_79B9_7F4A_7C15)
                .rotate_left(29);
            match h % 1000 {
                0..=4 => f32::NAN,
                5..=20 => -0.0,
                21..=30 => 0.0,
                k => (k % 400) as f32 - 200.0,
            }
        })
        .collect()
}

/// NumPy's order on the host: NaN last, stable (`sort_by` is stable).
fn host_argsort(row: &[f32]) -> Vec<i64> {
    let mut idx: Vec<usize> = (0..row.len()).collect();
    idx.sort_by(|&a, &b| {
        let (x, y) = (row[a], row[b]);
        match (x.is_nan(), y.is_nan()) {
            (true, true) => std::cmp::Ordering::Equal,
            (true, false) => std::cmp::Ordering::Greater,
            (false, true) => std::cmp::Ordering::Less,
            _ => x.partial_cmp(&y).unwrap(),
        }
    });
    idx.into_iter().map(|i| i as i64).collect()
}

/// Long rows: many merge passes, several segments per row on the CPU as on a GPU.
#[test]
fn long_rows_against_a_stable_host_sort() {
    let (rows, n) = (2, 150_001);
    let data = tied(rows * n, 11);
    let want: Vec<i64> = data.chunks(n).flat_map(host_argsort).collect();
    for dev in devices() {
        let x = Array::from_vec(&dev, &[rows, n], data.clone()).unwrap();
        let got = argsort(&x, Some(1)).unwrap().to_vec().unwrap();
        assert!(got == want, "long argsort on {dev}");
        let sorted = sort(&x, Some(-1)).unwrap().to_vec().unwrap();
        let expect: Vec<f32> = want
            .iter()
            .enumerate()
            .map(|(k, &i)| data[(k / n) * n + i as usize])
            .collect();
        assert!(
            sorted
                .iter()
                .zip(&expect)
                .all(|(a, b)| a.to_bits() == b.to_bits()),
            "long sort on {dev}"
        );
        // The same data as columns (axis 0 of the transpose).
        let col = argsort(&x.t(), Some(0)).unwrap();
        assert_eq!(col.shape(), &[n, rows]);
        assert!(
            col.t().copy().unwrap().to_vec().unwrap() == want,
            "columns on {dev}"
        );
        // unique and nonzero on long data.
        let flat: Vec<f32> = data.clone();
        let u = unique_full(&x, true).unwrap();
        let values = u.values.to_vec().unwrap();
        assert_eq!(values.len(), 401, "400 integers and one NaN on {dev}");
        assert!(values[400].is_nan());
        let counts: i64 = u.counts.to_vec().unwrap().iter().sum();
        assert_eq!(counts as usize, rows * n);
        let nz = flatnonzero(&x).unwrap().to_vec().unwrap();
        let want_nz: Vec<i64> = (0..flat.len())
            .filter(|&i| flat[i] != 0.0)
            .map(|i| i as i64)
            .collect();
        assert!(nz == want_nz, "flatnonzero on {dev}");
    }
}
