//! `scan` against NumPy: the fixtures of `scripts/fixtures/gen_scan_fixtures.py` (inputs and
//! NumPy's results in `fixtures/scan/scan.npz`), on the CPU backend and, when there is one, on
//! CUDA device 0; long rows (several chunks per row on the CPU too) against a sequential
//! reference computed here.
//!
//! Tolerances: integers and `bool` exact (wrapping included). Floats: NumPy sums strictly in
//! order; our chunked scan adds the chunks' totals in another order (on a GPU even short rows
//! are cut into chunks of 32), so sums may differ in the last bits relative to the largest
//! partial sum: `f64` `|d| <= 1e-9 + 1e-12 |expected|`, `f32` `|d| <= 1e-3 + 1e-5 |expected|`,
//! `f16` `|d| <= 5e-2 + 1e-2 |expected|` (inputs are standard normal, at most 3000 long).
//! Infinities and NaN must match exactly.

mod common;

use common::{assert_close, devices, fixture, Approx, Tol};
use kernels_std::io::{load_npz, NpyDType, Npz};
use kernels_std::prelude::*;
use kernels_std::s;
use kernels_std::scan::{cumprod, cumsum, diff, Accumulate, Diff};

fn tol<T: Approx>() -> Tol {
    match T::ID {
        DTypeId::F64 => Tol::close(1e-12, 1e-9),
        DTypeId::F32 => Tol::close(1e-5, 1e-3),
        DTypeId::F16 | DTypeId::BF16 => Tol::close(1e-2, 5e-2),
        _ => Tol::exact(),
    }
}

fn fixtures(dev: &Device) -> Npz {
    load_npz(fixture("scan/scan.npz"), dev).expect("scan.npz")
}

const AXES: [(&str, Option<isize>); 5] = [
    ("none", None),
    ("0", Some(0)),
    ("1", Some(1)),
    ("2", Some(2)),
    ("m1", Some(-1)),
];

#[track_caller]
fn check<T: Approx>(got: &Array<T>, want: &Array<T>, what: &str, dev: &Device) {
    assert!(got.device().same(dev), "{what}: result on {}", got.device());
    assert_close(got, want, tol::<T>(), &format!("{what} on {dev}"));
}

/// Every cumsum/cumprod result stored for `case`, computed from `x`.
fn check_cumulative<T>(npz: &Npz, case: &str, x: &Array<T>, dev: &Device) -> usize
where
    T: Accumulate,
    T::Acc: NpyDType + Approx,
{
    let mut checked = 0;
    for (name, axis) in AXES {
        for (op, f) in [
            (
                "cumsum",
                cumsum::<T> as fn(&Array<T>, Option<isize>) -> Result<Array<T::Acc>>,
            ),
            ("cumprod", cumprod::<T>),
        ] {
            let key = format!("{case}_{op}_{name}");
            if npz.get(&key).is_some() {
                let want = npz.array::<T::Acc>(&key).unwrap();
                let got = f(x, axis).unwrap_or_else(|e| panic!("{key}: {e}"));
                check(&got, &want, &key, dev);
                checked += 1;
            }
        }
    }
    checked
}

/// Every diff result stored for `case`.
fn check_diff<T: Diff + NpyDType + Approx>(
    npz: &Npz,
    case: &str,
    x: &Array<T>,
    dev: &Device,
) -> usize {
    let mut checked = 0;
    for (name, axis) in AXES.iter().skip(1) {
        for n in [1, 2] {
            let key = format!("{case}_diff{n}_{name}");
            if npz.get(&key).is_some() {
                let want = npz.array::<T>(&key).unwrap();
                let got = diff(x, n, axis.unwrap()).unwrap_or_else(|e| panic!("{key}: {e}"));
                check(&got, &want, &key, dev);
                checked += 1;
            }
        }
    }
    checked
}

fn run_case<T>(case: &str) -> usize
where
    T: Accumulate + Diff + NpyDType + Approx,
    T::Acc: NpyDType + Approx,
{
    let mut checked = 0;
    for dev in devices() {
        let npz = fixtures(&dev);
        let x = npz.array::<T>(&format!("{case}_x")).unwrap();
        checked += check_cumulative(&npz, case, &x, &dev);
        checked += check_diff(&npz, case, &x, &dev);
    }
    assert!(checked > 0, "{case}: no result checked");
    checked
}

#[test]
fn every_dtype_along_every_axis() {
    run_case::<i8>("r3_i1");
    run_case::<i16>("r3_i2");
    run_case::<i32>("r3_i4");
    run_case::<i64>("r3_i8");
    run_case::<u8>("r3_u1");
    run_case::<u16>("r3_u2");
    run_case::<u32>("r3_u4");
    run_case::<u64>("r3_u8");
    run_case::<f16>("r3_f2");
    run_case::<f32>("r3_f4");
    run_case::<f64>("r3_f8");
}

#[test]
fn bool_accumulates_in_i64_and_diffs_with_not_equal() {
    for dev in devices() {
        let npz = fixtures(&dev);
        let x = npz.array::<bool>("r3_b1_x").unwrap();
        assert!(check_cumulative(&npz, "r3_b1", &x, &dev) > 0);
        assert!(check_diff(&npz, "r3_b1", &x, &dev) > 0);
        let x = npz.array::<bool>("diff_b1_x").unwrap();
        assert_eq!(check_diff(&npz, "diff_b1", &x, &dev), 6);
    }
}

#[test]
fn integer_limits_widen_or_wrap() {
    run_case::<i8>("lim_i1");
    run_case::<u8>("lim_u1");
    run_case::<i64>("lim_i8");
    run_case::<u64>("lim_u8");
    run_case::<i32>("lim_i4");
    run_case::<u8>("diff_u1");
}

#[test]
fn nan_infinities_and_signed_zeros() {
    run_case::<f64>("special_f8");
    run_case::<f32>("special_f4");
    run_case::<f16>("special_f2");
}

#[test]
fn empty_zero_d_and_single_element() {
    run_case::<f64>("empty_f8");
    run_case::<i32>("empty2_i4");
    run_case::<u8>("empty3_u1");
    run_case::<f32>("one_f4");
    // 0-d: axis None, 0 and -1 scan the one element (NumPy); diff refuses it.
    assert_eq!(run_case::<i16>("zerod_i2"), 6 * devices().len());
    for dev in devices() {
        let npz = fixtures(&dev);
        let x = npz.array::<i16>("zerod_i2_x").unwrap();
        assert!(diff(&x, 1, 0).is_err());
        assert!(cumsum(&x, Some(1)).is_err());
        let x = npz.array::<f64>("diff5_f8_x").unwrap();
        let want = npz.array::<f64>("diff5_f8_out").unwrap();
        check(&diff(&x, 5, 0).unwrap(), &want, "diff n > len", &dev);
        check(&diff(&x, 0, 0).unwrap(), &x, "diff n = 0", &dev);
    }
}

#[test]
fn rows_of_several_chunks() {
    run_case::<f64>("long_f8");
    run_case::<f32>("long_f4");
    run_case::<i32>("long_i4");
    run_case::<u16>("long_u2");
}

#[test]
fn reversed_strided_and_transposed_views() {
    for dev in devices() {
        let npz = fixtures(&dev);
        let x = npz.array::<f64>("view_f8_x").unwrap();
        let views = [
            ("view_f8_rev", x.slice(s![..;-1, ..;-1]).unwrap()),
            ("view_f8_step", x.slice(s![..;2, 1..;3]).unwrap()),
            ("view_f8_t", x.t()),
        ];
        for (case, v) in views {
            assert!(!v.is_c_contiguous());
            assert_eq!(check_cumulative(&npz, case, &v, &dev), 8, "{case}");
            assert_eq!(check_diff(&npz, case, &v, &dev), 6, "{case}");
        }
    }
}

#[test]
fn bad_axes_are_errors() {
    for dev in devices() {
        let x = Array::<f32>::zeros(&dev, &[2, 3]).unwrap();
        for axis in [2, -3, 100] {
            assert!(
                matches!(cumsum(&x, Some(axis)), Err(Error::Axis { .. })),
                "{axis}"
            );
            assert!(
                matches!(cumprod(&x, Some(axis)), Err(Error::Axis { .. })),
                "{axis}"
            );
            assert!(
                matches!(diff(&x, 1, axis), Err(Error::Axis { .. })),
                "{axis}"
            );
        }
    }
}

/// Deterministic values in `[-1, 1)`.
fn wave(n: usize, seed: u64) -> Vec<f64> {
    (0..n as u64)
        .map(|i| {
            let h = (i ^ seed)
                .wrapping_mul(0x9E37_79B9_7F4A_7C15)
                .rotate_left(17)
                .wrapping_mul(0xBF58_476D_1CE4_E5B9);
            (h >> 11) as f64 / (1u64 << 52) as f64 - 1.0
        })
        .collect()
}

/// Long rows (several chunks on the CPU as well) against a sequential scan in `f64`.
#[test]
fn long_rows_against_a_sequential_reference() {
    let (rows, n) = (3, 70_001);
    let data = wave(rows * n, 5);
    let mut want = data.clone();
    for r in 0..rows {
        for i in 1..n {
            want[r * n + i] += want[r * n + i - 1];
        }
    }
    for dev in devices() {
        let x = Array::from_vec(&dev, &[rows, n], data.clone()).unwrap();
        let got = cumsum(&x, Some(1)).unwrap();
        let want = Array::from_vec(&dev, &[rows, n], want.clone()).unwrap();
        assert_close(
            &got,
            &want,
            Tol::close(1e-12, 1e-9),
            &format!("long f64 on {dev}"),
        );
        // f32: compared with the f64 scan, within f32's accuracy on sums up to ~300.
        let x32: Vec<f32> = data.iter().map(|&v| v as f32).collect();
        let x32 = Array::from_vec(&dev, &[rows, n], x32).unwrap();
        let got: Vec<f64> = cumsum(&x32, Some(-1))
            .unwrap()
            .to_vec()
            .unwrap()
            .iter()
            .map(|&v| v as f64)
            .collect();
        let got = Array::from_vec(&dev, &[rows, n], got).unwrap();
        assert_close(
            &got,
            &want,
            Tol::close(1e-4, 2e-3),
            &format!("long f32 on {dev}"),
        );
        // Integers: exact, along both axes and flattened.
        let ints: Vec<u8> = data.iter().map(|&v| ((v + 1.0) * 127.0) as u8).collect();
        let xi = Array::from_vec(&dev, &[rows, n], ints.clone()).unwrap();
        let mut flat = Vec::with_capacity(ints.len());
        let mut acc = 0u64;
        for &v in &ints {
            acc += v as u64;
            flat.push(acc);
        }
        assert_eq!(
            cumsum(&xi, None).unwrap().to_vec().unwrap(),
            flat,
            "u8 flattened on {dev}"
        );
        let cols = cumsum(&xi, Some(0)).unwrap().to_vec().unwrap();
        for i in (0..n).step_by(997) {
            let want: u64 = (0..rows).map(|r| ints[r * n + i] as u64).sum();
            assert_eq!(cols[(rows - 1) * n + i], want, "u8 along axis 0 on {dev}");
        }
        let ones = Array::full(&dev, &[200_000], 1i64).unwrap();
        let want: Vec<i64> = (1..=200_000).collect();
        assert_eq!(
            cumprod(&ones, None).unwrap().to_vec().unwrap(),
            vec![1; 200_000]
        );
        assert_eq!(cumsum(&ones, None).unwrap().to_vec().unwrap(), want);
    }
}

#[test]
fn edge_axes_at_the_limits_of_isize_are_errors() {
    let x = Array::<f32>::zeros(&Device::cpu(), &[2, 3]).unwrap();
    for axis in [isize::MIN, isize::MAX] {
        assert!(matches!(cumsum(&x, Some(axis)), Err(Error::Axis { .. })));
        assert!(matches!(cumprod(&x, Some(axis)), Err(Error::Axis { .. })));
        assert!(matches!(diff(&x, 1, axis), Err(Error::Axis { .. })));
    }
}
