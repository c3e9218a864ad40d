//! `quantile` against NumPy: the fixtures of `scripts/fixtures/gen_quantile_fixtures.py`
//! (inputs and NumPy's results in `fixtures/quantile/quantile.npz`), on the CPU backend and,
//! when there is one, on CUDA device 0.
//!
//! Tolerance: exact. We follow NumPy's formulas step by step (the virtual index and weight in
//! `f64`, the interpolation in the result dtype with the same operations), and both backends
//! round each basic operation the same way (no FMA contraction).

mod common;

use common::{assert_close, devices, fixture, Approx, Tol};
use kernels_std::io::{load_npz, NpyDType, Npz};
use kernels_std::prelude::*;
use kernels_std::quantile::{median, percentile, percentiles, quantile, quantiles, OrderStat};
use kernels_std::s;

/// NumPy's `q`s of the fixtures, in order.
const QS: [f64; 9] = [0.0, 0.1, 0.25, 0.3, 0.5, 0.7, 0.9, 0.999, 1.0];

const AXES: [(&str, Option<isize>); 5] = [
    ("none", None),
    ("0", Some(0)),
    ("1", Some(1)),
    ("2", Some(2)),
    ("m1", Some(-1)),
];

fn fixtures(dev: &Device) -> Npz {
    load_npz(fixture("quantile/quantile.npz"), dev).expect("quantile.npz")
}

#[track_caller]
fn check<T: Approx>(got: &Array<T>, want: &Array<T>, what: &str, dev: &Device) {
    assert!(got.device().same(dev), "{what}: result on {}", got.device());
    assert_close(got, want, Tol::exact(), &format!("{what} on {dev}"));
}

/// Every result stored for `case`, computed from `x`; the number checked.
fn check_stats<T>(npz: &Npz, case: &str, x: &Array<T>, dev: &Device) -> usize
where
    T: OrderStat,
    T::Out: NpyDType + Approx,
{
    let mut checked = 0;
    for (name, axis) in AXES {
        let key = format!("{case}_median_{name}");
        if npz.get(&key).is_none() {
            continue;
        }
        let want = npz.array::<T::Out>(&key).unwrap();
        check(&median(x, axis).unwrap(), &want, &key, dev);
        checked += 1;
        for (k, &q) in QS.iter().enumerate() {
            let key = format!("{case}_q{k}_{name}");
            if npz.get(&key).is_some() {
                let want = npz.array::<T::Out>(&key).unwrap();
                check(&quantile(x, q, axis).unwrap(), &want, &key, dev);
                let key = format!("{case}_p{k}_{name}");
                let want = npz.array::<T::Out>(&key).unwrap();
                check(&percentile(x, q * 100.0, axis).unwrap(), &want, &key, dev);
                checked += 2;
            }
        }
        let key = format!("{case}_qs_{name}");
        if npz.get(&key).is_some() {
            let want = npz.array::<T::Out>(&key).unwrap();
            check(&quantiles(x, &QS, axis).unwrap(), &want, &key, dev);
            let key = format!("{case}_ps_{name}");
            let want = npz.array::<T::Out>(&key).unwrap();
            let ps: Vec<f64> = QS.iter().map(|q| q * 100.0).collect();
            check(&percentiles(x, &ps, axis).unwrap(), &want, &key, dev);
            checked += 2;
        }
    }
    checked
}

fn run_case<T>(case: &str) -> usize
where
    T: OrderStat + NpyDType,
    T::Out: NpyDType + Approx,
{
    let mut checked = 0;
    for dev in devices() {
        let npz = fixtures(&dev);
        let x = npz.array::<T>(&format!("{case}_x")).unwrap();
        checked += check_stats(&npz, case, &x, &dev);
    }
    assert!(checked > 0, "{case}: nothing checked");
    checked
}

#[test]
fn floats_keep_their_dtype() {
    run_case::<f16>("r_f2");
    run_case::<f32>("r_f4");
    run_case::<f64>("r_f8");
    run_case::<f64>("r3_f8");
}

#[test]
fn integers_give_f64() {
    run_case::<i8>("r_i1");
    run_case::<i16>("r_i2");
    run_case::<i32>("r_i4");
    run_case::<i64>("r_i8");
    run_case::<u8>("r_u1");
    run_case::<u16>("r_u2");
    run_case::<u32>("r_u4");
    run_case::<u64>("r_u8");
    run_case::<i64>("lim_i8");
    run_case::<u8>("lim_u1");
}

#[test]
fn even_odd_and_single_lengths() {
    run_case::<f64>("even_f8");
    run_case::<f32>("odd_f4");
    run_case::<f64>("one_f8");
}

#[test]
fn nan_rows_give_nan_and_infinities() {
    run_case::<f64>("nan_f8");
    run_case::<f32>("nan_f4");
    run_case::<f64>("inf_f8");
}

#[test]
fn views_and_zero_d() {
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
            assert_eq!(
                check_stats(&npz, case, &v, &dev),
                4 * (1 + 2 * QS.len() + 2),
                "{case}"
            );
        }
    }
    run_case::<f64>("zerod_f8");
    let x = Array::scalar(&Device::cpu(), 1.5f64).unwrap();
    assert!(matches!(median(&x, Some(0)), Err(Error::Axis { .. })));
}

#[test]
fn empty_arrays() {
    for dev in devices() {
        let npz = fixtures(&dev);
        // Median of an empty array is NaN (shape without the axis).
        let e = npz.array::<f64>("empty_f8_x").unwrap();
        assert_eq!(check_stats(&npz, "empty_f8", &e, &dev), 3);
        let e2 = npz.array::<f32>("empty2_f4_x").unwrap();
        assert_eq!(check_stats(&npz, "empty2_f4", &e2, &dev), 4);
        // Quantiles of empty rows are errors; of no rows, empty.
        assert!(quantile(&e, 0.5, None).is_err());
        assert!(percentile(&e, 50.0, None).is_err());
        assert!(percentile(&e2, 50.0, Some(1)).is_err());
        let want = npz.array::<f32>("empty2_f4_q_0").unwrap();
        check(
            &quantile(&e2, 0.5, Some(0)).unwrap(),
            &want,
            "no rows",
            &dev,
        );
    }
}

#[test]
fn q_out_of_range_and_bad_axes_are_errors() {
    let dev = Device::cpu();
    let x = Array::from_vec(&dev, &[2, 2], vec![1.0f32, 2.0, 3.0, 4.0]).unwrap();
    for q in [-0.1, 1.01, f64::NAN] {
        assert!(quantile(&x, q, None).is_err(), "{q}");
        assert!(percentile(&x, q * 100.0, None).is_err(), "{q}");
        let err = quantiles(&x, &[0.5, q], Some(0)).unwrap_err().to_string();
        assert!(err.contains("quantile") && err.contains("[0, 1]"), "{err}");
        assert!(percentiles(&x, &[50.0, q * 100.0], None).is_err(), "{q}");
    }
    assert!(percentile(&x, 100.0, None).is_ok());
    // no q: an empty first axis before the reduced shape, as NumPy's `quantile(x, [], axis=0)`
    assert_eq!(quantiles(&x, &[], Some(0)).unwrap().shape(), &[0, 2]);
    assert_eq!(percentiles(&x, &[], None).unwrap().shape(), &[0]);
    assert!(matches!(median(&x, Some(2)), Err(Error::Axis { .. })));
    assert!(matches!(
        quantile(&x, 0.5, Some(-3)),
        Err(Error::Axis { .. })
    ));
}

/// A long row (several merge-sort segments on the CPU) against a host sort.
#[test]
fn long_rows_against_a_host_sort() {
    let n = 100_003usize;
    let data: Vec<f64> = (0..n as u64)
        .map(|i| (i.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 20) as f64 / 1024.0)
        .collect();
    let mut sorted = data.clone();
    sorted.sort_by(|a, b| a.partial_cmp(b).unwrap());
    for dev in devices() {
        let x = Array::from_vec(&dev, &[n], data.clone()).unwrap();
        assert_eq!(median(&x, None).unwrap().item().unwrap(), sorted[n / 2]);
        let v = (n - 1) as f64 * 0.25;
        let (lo, g) = (v.floor() as usize, v - v.floor());
        let want = sorted[lo] + (sorted[lo + 1] - sorted[lo]) * g;
        assert_eq!(quantile(&x, 0.25, None).unwrap().item().unwrap(), want);
    }
}

#[test]
fn edge_axes_at_the_limits_of_isize_are_errors() {
    let x = Array::<f64>::zeros(&Device::cpu(), &[2, 3]).unwrap();
    for axis in [isize::MIN, isize::MAX] {
        assert!(matches!(median(&x, Some(axis)), Err(Error::Axis { .. })));
        assert!(quantile(&x, 0.5, Some(axis)).is_err());
        assert!(percentiles(&x, &[50.0], Some(axis)).is_err());
    }
}
