//! The keywords of the order statistics against NumPy: every `method=` of `quantile`,
//! `percentile`, `nanquantile` and `nanpercentile`, `keepdims`, tuples of axes, arrays of `q`
//! and views, `median`/`nanmedian` with tuples of axes and `keepdims`. The fixtures of
//! `scripts/fixtures/gen_quantile_methods_fixtures.py` (`fixtures/quantile_methods/`), on the
//! CPU backend and, when there is one, on CUDA device 0.
//!
//! Tolerance: exact. The virtual index and weight are NumPy's formulas in `f64`, the
//! interpolation NumPy's `_lerp` in the result dtype, each step rounded as NumPy rounds it.

mod common;

use common::{assert_close, devices, fixture, Approx, Tol};
use kernels_std::io::{load_npz, NpyDType, Npz};
use kernels_std::prelude::*;
use kernels_std::quantile::{
    median_with, nanmedian_with, nanpercentile_with, nanquantile_with, percentile_with,
    quantile_with, QuantileMethod, Q,
};

/// The fixtures' `q`s, in order (`QS` of the script).
const QS: [f64; 13] = [
    0.0,
    0.1,
    0.125,
    0.2,
    0.25,
    1.0 / 3.0,
    0.4,
    0.5,
    0.6,
    2.0 / 3.0,
    0.75,
    0.9,
    1.0,
];

const NS: [usize; 8] = [1, 2, 3, 4, 5, 6, 7, 10];

fn fixtures(dev: &Device) -> Npz {
    load_npz(fixture("quantile_methods/quantile_methods.npz"), dev).expect("quantile_methods.npz")
}

#[track_caller]
fn check<T: Approx>(got: &Array<T>, want: &Array<T>, what: &str, dev: &Device) {
    assert!(got.device().same(dev), "{what}: result on {}", got.device());
    assert_close(got, want, Tol::exact(), &format!("{what} on {dev}"));
}

fn get<T: NpyDType>(npz: &Npz, key: &str) -> Array<T> {
    npz.array::<T>(key).unwrap_or_else(|e| panic!("{key}: {e}"))
}

/// `np.quantile(x, QS, axis=1, method=m)` and `np.nanquantile` for every method and row
/// length; the discrete methods through `run_discrete` too.
#[test]
fn every_method_on_every_row_length() {
    for dev in devices() {
        let npz = fixtures(&dev);
        for n in NS {
            let x = get::<f64>(&npz, &format!("m_{n}_x"));
            let nx = get::<f64>(&npz, &format!("m_{n}_nx"));
            for m in QuantileMethod::ALL {
                let key = format!("m_{n}_{}", m.name());
                let want = get::<f64>(&npz, &key);
                let got = quantile_with(&x, QS).axis(1).method(m).run().unwrap();
                check(&got, &want, &key, &dev);
                if m.is_discrete() {
                    let got = quantile_with(&x, QS).axis(1).method(m).run_discrete();
                    check(&got.unwrap(), &want, &format!("{key} discrete"), &dev);
                } else {
                    assert!(quantile_with(&x, 0.5).method(m).run_discrete().is_err());
                }
                let key = format!("m_{n}_nan_{}", m.name());
                let want = get::<f64>(&npz, &key);
                let got = nanquantile_with(&nx, QS).axis(-1).method(m).run().unwrap();
                check(&got, &want, &key, &dev);
            }
        }
    }
}

/// Scalar `q`s (NumPy's weak Python float: the weight rounded to `f32`) on `f32` with NaN
/// and infinities; `int32` gives `f64`, or `int32` for a discrete method.
#[test]
fn dtypes_with_scalar_q() {
    for dev in devices() {
        let npz = fixtures(&dev);
        let f4 = get::<f32>(&npz, "d_f4_x");
        let i4 = get::<i32>(&npz, "d_i4_x");
        for m in QuantileMethod::ALL {
            let name = m.name();
            let each = |f: &dyn Fn(f64) -> Array<f32>| {
                let parts: Vec<Array<f32>> = QS.iter().map(|&q| f(q)).collect();
                kernels_std::shape::stack(&parts, 0).unwrap()
            };
            let got = each(&|q| quantile_with(&f4, q).axis(0).method(m).run().unwrap());
            check(&got, &get(&npz, &format!("d_f4_{name}")), name, &dev);
            let got = each(&|q| nanquantile_with(&f4, q).axis(0).method(m).run().unwrap());
            check(&got, &get(&npz, &format!("d_f4_nan_{name}")), name, &dev);
            for (prefix, percent) in [("", false), ("pct_", true)] {
                let key = format!("d_i4_{prefix}{name}");
                let one = |q: f64| {
                    if percent {
                        percentile_with(&i4, 100.0 * q).axis(0).method(m)
                    } else {
                        quantile_with(&i4, q).axis(0).method(m)
                    }
                };
                if m.is_discrete() {
                    let parts: Vec<Array<i32>> =
                        QS.iter().map(|&q| one(q).run_discrete().unwrap()).collect();
                    let got = kernels_std::shape::stack(&parts, 0).unwrap();
                    check(&got, &get::<i32>(&npz, &key), &key, &dev);
                } else {
                    let parts: Vec<Array<f64>> =
                        QS.iter().map(|&q| one(q).run().unwrap()).collect();
                    let got = kernels_std::shape::stack(&parts, 0).unwrap();
                    check(&got, &get::<f64>(&npz, &key), &key, &dev);
                }
            }
        }
    }
}

/// The axes specs of the script: (name, axes, keepdims, method).
#[allow(clippy::type_complexity)]
const SPECS: [(&str, Option<&[isize]>, bool, QuantileMethod); 9] = [
    ("none", None, false, QuantileMethod::Linear),
    ("none_keep", None, true, QuantileMethod::Hazen),
    ("a1", Some(&[1]), false, QuantileMethod::Weibull),
    ("a02", Some(&[0, 2]), false, QuantileMethod::Linear),
    (
        "a20_keep",
        Some(&[2, 0]),
        true,
        QuantileMethod::MedianUnbiased,
    ),
    ("am1", Some(&[-1]), true, QuantileMethod::Lower),
    ("a012", Some(&[0, 1, 2]), false, QuantileMethod::Nearest),
    ("empty", Some(&[]), false, QuantileMethod::Linear),
    (
        "a12_keep",
        Some(&[1, -1]),
        true,
        QuantileMethod::InvertedCdf,
    ),
];

/// Tuples of axes, `keepdims` and a 2-d `q` (1-d for the nan* functions) of a (3, 4, 5)
/// array.
#[test]
fn axes_keepdims_and_q_arrays() {
    for dev in devices() {
        let npz = fixtures(&dev);
        let x = get::<f64>(&npz, "ax_x");
        let nx = get::<f64>(&npz, "ax_nx");
        let q2 = Q::try_from(&get::<f64>(&npz, "ax_q2")).unwrap();
        let percents: Vec<f64> = get::<f64>(&npz, "ax_q2")
            .to_vec()
            .unwrap()
            .iter()
            .map(|q| 100.0 * q)
            .collect();
        let p2 = Q::try_from(&Array::from_vec(&dev, &[2, 2], percents.clone()).unwrap()).unwrap();
        // The nan* functions take `q` flattened (see the script).
        let q1 = Q::from(get::<f64>(&npz, "ax_q2").to_vec().unwrap());
        let p1 = Q::from(percents);
        for (name, axes, keep, m) in SPECS {
            let case = format!("ax_{name}");
            macro_rules! with_axes {
                ($b:expr) => {{
                    let b = $b.keepdims(keep);
                    match axes {
                        Some(axes) => b.axes(axes),
                        None => b,
                    }
                }};
            }
            let got = with_axes!(quantile_with(&x, q2.clone()).method(m))
                .run()
                .unwrap();
            check(&got, &get(&npz, &format!("{case}_quantile")), &case, &dev);
            let got = with_axes!(quantile_with(&x, 0.3).method(m)).run().unwrap();
            check(
                &got,
                &get(&npz, &format!("{case}_quantile_scalar")),
                &case,
                &dev,
            );
            let got = with_axes!(percentile_with(&x, p2.clone()).method(m))
                .run()
                .unwrap();
            check(&got, &get(&npz, &format!("{case}_percentile")), &case, &dev);
            let got = with_axes!(nanquantile_with(&nx, q1.clone()).method(m))
                .run()
                .unwrap();
            check(
                &got,
                &get(&npz, &format!("{case}_nanquantile")),
                &case,
                &dev,
            );
            let got = with_axes!(nanpercentile_with(&nx, p1.clone()).method(m))
                .run()
                .unwrap();
            check(
                &got,
                &get(&npz, &format!("{case}_nanpercentile")),
                &case,
                &dev,
            );
            let got = with_axes!(median_with(&x)).run().unwrap();
            check(&got, &get(&npz, &format!("{case}_median")), &case, &dev);
            let got = with_axes!(nanmedian_with(&nx)).run().unwrap();
            check(&got, &get(&npz, &format!("{case}_nanmedian")), &case, &dev);
        }
        // A strided view: x.transpose(2, 0, 1)[::-1].
        let v = x.permute(&[2, 0, 1]).unwrap().flip(0).unwrap();
        let got = quantile_with(&v, [0.2, 0.7])
            .axes(&[0, 2])
            .method(QuantileMethod::Hazen)
            .run()
            .unwrap();
        check(&got, &get(&npz, "view_quantile"), "view quantile", &dev);
        let got = median_with(&v).axes(&[1, 2]).keepdims(true).run().unwrap();
        check(&got, &get(&npz, "view_median"), "view median", &dev);
    }
}

/// 0-d and empty inputs.
#[test]
fn zero_d_and_empty() {
    for dev in devices() {
        let npz = fixtures(&dev);
        let z = get::<f64>(&npz, "z_x");
        let got = quantile_with(&z, [0.0, 0.5])
            .method(QuantileMethod::Weibull)
            .run()
            .unwrap();
        check(&got, &get(&npz, "z_quantile"), "0-d quantile", &dev);
        let got = median_with(&z).axes(&[]).run().unwrap();
        check(&got, &get(&npz, "z_median"), "0-d median", &dev);
        // A 0-d array has no axis 0.
        assert!(quantile_with(&z, 0.5).axis(0).run().is_err());
        let e = Array::<f64>::zeros(&dev, &[0, 3]).unwrap();
        let got = quantile_with(&e, [0.1, 0.5]).axis(1).run().unwrap();
        check(&got, &get(&npz, "e_quantile_rows"), "empty rows", &dev);
        let got = nanquantile_with(&e, [0.1, 0.5])
            .axis(0)
            .keepdims(true)
            .run()
            .unwrap();
        check(
            &got,
            &get(&npz, "e_nanquantile_cols"),
            "nanquantile of empty",
            &dev,
        );
        let got = median_with(&e).axes(&[0, 1]).run().unwrap();
        check(&got, &get(&npz, "e_median_all"), "median of empty", &dev);
        let got = nanmedian_with(&e).axis(0).run().unwrap();
        check(
            &got,
            &get(&npz, "e_nanmedian_cols"),
            "nanmedian of empty",
            &dev,
        );
    }
}

/// NumPy's errors: an empty axis (`IndexError`), `q` out of range or NaN, a `q` of more than
/// two dimensions, a repeated or missing axis, an unknown method name.
#[test]
fn errors() {
    let dev = Device::cpu();
    let x = Array::from_vec(&dev, &[2, 3], vec![1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0]).unwrap();
    let e = Array::<f32>::zeros(&dev, &[2, 0]).unwrap();
    let err = quantile_with(&e, 0.5)
        .axis(1)
        .run()
        .unwrap_err()
        .to_string();
    assert!(err.contains("empty axis"), "{err}");
    let e00 = Array::<f32>::zeros(&dev, &[0, 0]).unwrap();
    assert!(quantile_with(&e00, [0.5]).axis(1).run().is_err());
    for m in [QuantileMethod::Lower, QuantileMethod::Hazen] {
        for q in [-0.1, 1.5, f64::NAN] {
            let err = quantile_with(&x, [0.5, q]).method(m).run().unwrap_err();
            assert!(err.to_string().contains("[0, 1]"), "{err}");
            let err = nanpercentile_with(&x, 100.0 * q)
                .method(m)
                .run()
                .unwrap_err();
            assert!(err.to_string().contains("[0, 100]"), "{err}");
        }
    }
    let q3 = Array::<f64>::zeros(&dev, &[1, 1, 1]).unwrap();
    let err = quantile_with(&x, Q::try_from(&q3).unwrap())
        .run()
        .unwrap_err();
    assert!(err.to_string().contains("scalar or 1d"), "{err}");
    let err = quantile_with(&x, 0.5).axes(&[0, -2]).run().unwrap_err();
    assert!(err.to_string().contains("repeated axis"), "{err}");
    assert!(matches!(
        median_with(&x).axes(&[0, 2]).run(),
        Err(Error::Axis { .. })
    ));
    assert!(nanmedian_with(&x).axes(&[1, 1]).run().is_err());
    assert!("Linear".parse::<QuantileMethod>().is_err());
    for m in QuantileMethod::ALL {
        assert_eq!(m.name().parse::<QuantileMethod>().unwrap(), m);
    }
    // An empty integer array under nanquantile is NaN, which integers cannot hold.
    let ei = Array::<i32>::zeros(&dev, &[0]).unwrap();
    let nan = nanquantile_with(&ei, 0.5).method(QuantileMethod::Lower);
    assert!(nan.clone().run_discrete().is_err());
    assert!(nan.run().unwrap().item().unwrap().is_nan());
}
