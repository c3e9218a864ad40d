//! NumPy's NaN-aware scans and order statistics and NumPy 2's `cumulative_*` against the
//! fixtures of `scripts/fixtures/gen_numeric_fixtures.py` (`fixtures/numeric/nan_stats.npz`),
//! on the CPU backend and, when there is one, on CUDA device 0.
//!
//! Tolerances: the order statistics follow NumPy's formulas: exact (`nanmedian` of 650
//! elements: NumPy's `mean` of the two middle values, 1 ulp). The scans: as in tests/scan.rs
//! (`f64` `1e-12` relative, `f32` `1e-5`, `f16` `1e-2`; integers exact).

mod common;

use common::{assert_close, devices, fixture, Approx, Tol};
use kernels_std::io::{load_npz, NpyDType, Npz};
use kernels_std::prelude::*;
use kernels_std::quantile::{nanmedian, nanpercentile, nanquantile, OrderStat};
use kernels_std::scan::{cumulative_prod, cumulative_sum, nancumprod, nancumsum, NanScan};

const QS: [f64; 6] = [0.0, 0.1, 0.25, 0.5, 0.7, 1.0];

const AXES: [(&str, Option<isize>); 4] = [
    ("none", None),
    ("0", Some(0)),
    ("1", Some(1)),
    ("m1", Some(-1)),
];

fn fixtures(dev: &Device) -> Npz {
    load_npz(fixture("numeric/nan_stats.npz"), dev).expect("nan_stats.npz")
}

fn scan_tol<T: Approx>() -> Tol {
    match T::ID {
        DTypeId::F64 | DTypeId::C128 => Tol::close(1e-12, 1e-12),
        DTypeId::F32 | DTypeId::C64 => Tol::close(1e-5, 1e-5),
        DTypeId::F16 => Tol::close(1e-2, 1e-2),
        _ => Tol::exact(),
    }
}

#[track_caller]
fn check<T: Approx>(got: &Array<T>, want: &Array<T>, tol: Tol, what: &str, dev: &Device) {
    assert!(got.device().same(dev), "{what}: result on {}", got.device());
    assert_eq!(got.shape(), want.shape(), "{what} on {dev}: shape");
    assert_close(got, want, tol, &format!("{what} on {dev}"));
}

fn a<T: NpyDType>(z: &Npz, key: &str) -> Array<T> {
    z.array::<T>(key).unwrap_or_else(|e| panic!("{key}: {e}"))
}

/// The scans of case `c`; the number of results checked.
fn scans<T>(z: &Npz, c: &str, dev: &Device) -> usize
where
    T: NanScan + NpyDType,
    T::Acc: NpyDType + Approx + kernels_std::creation::One,
{
    let x = a::<T>(z, &format!("{c}_x"));
    let tol = scan_tol::<T::Acc>();
    let mut n = 0;
    for (name, axis) in AXES {
        let key = format!("{c}_nancumsum_{name}");
        check(&nancumsum(&x, axis).unwrap(), &a(z, &key), tol, &key, dev);
        let key = format!("{c}_nancumprod_{name}");
        check(&nancumprod(&x, axis).unwrap(), &a(z, &key), tol, &key, dev);
        n += 2;
        if axis.is_some() {
            for init in [false, true] {
                let key = format!("{c}_cumulative_sum_{name}_{}", init as u8);
                check(
                    &cumulative_sum(&x, axis, init).unwrap(),
                    &a(z, &key),
                    tol,
                    &key,
                    dev,
                );
                let key = format!("{c}_cumulative_prod_{name}_{}", init as u8);
                check(
                    &cumulative_prod(&x, axis, init).unwrap(),
                    &a(z, &key),
                    tol,
                    &key,
                    dev,
                );
                n += 2;
            }
        }
    }
    n
}

/// The order statistics of case `c`; the number of results checked.
fn stats<T>(z: &Npz, c: &str, dev: &Device) -> usize
where
    T: OrderStat + NpyDType,
    T::Out: NpyDType + Approx,
{
    let x = a::<T>(z, &format!("{c}_x"));
    let tol = Tol::exact();
    let mut n = 0;
    for (name, axis) in AXES {
        let key = format!("{c}_nanmedian_{name}");
        check(&nanmedian(&x, axis).unwrap(), &a(z, &key), tol, &key, dev);
        for (k, &q) in QS.iter().enumerate() {
            let key = format!("{c}_nanq{k}_{name}");
            check(
                &nanquantile(&x, q, axis).unwrap(),
                &a(z, &key),
                tol,
                &key,
                dev,
            );
            let key = format!("{c}_nanp{k}_{name}");
            check(
                &nanpercentile(&x, q * 100.0, axis).unwrap(),
                &a(z, &key),
                tol,
                &key,
                dev,
            );
            n += 2;
        }
        n += 1;
    }
    n
}

#[test]
fn nan_scans_and_cumulative_match_numpy() {
    for dev in devices() {
        let z = fixtures(&dev);
        let mut n = scans::<f64>(&z, "f64", &dev);
        n += scans::<f32>(&z, "f32", &dev);
        n += scans::<f16>(&z, "f16", &dev);
        n += scans::<i16>(&z, "i16", &dev);
        n += scans::<i8>(&z, "i8", &dev);
        n += scans::<f64>(&z, "empty", &dev);
        let c = a::<c128>(&z, "c128_x");
        let tol = Tol::close(1e-12, 1e-12);
        check(
            &nancumsum(&c, Some(1)).unwrap(),
            &a(&z, "c128_nancumsum_1"),
            tol,
            "c128 nancumsum",
            &dev,
        );
        check(
            &nancumprod(&c, Some(0)).unwrap(),
            &a(&z, "c128_nancumprod_0"),
            tol,
            "c128 nancumprod",
            &dev,
        );
        let v = a::<f32>(&z, "f32_1d_x");
        let key = "f32_1d_cumulative_sum_none_1";
        check(
            &cumulative_sum(&v, None, true).unwrap(),
            &a(&z, key),
            Tol::exact(),
            key,
            &dev,
        );
        let key = "f32_1d_cumulative_prod_none_0";
        check(
            &cumulative_prod(&v, None, false).unwrap(),
            &a(&z, key),
            Tol::exact(),
            key,
            &dev,
        );
        let s = Array::scalar(&dev, 2.5f64).unwrap();
        let key = "scalar_cumulative_sum";
        check(
            &cumulative_sum(&s, None, true).unwrap(),
            &a(&z, key),
            Tol::exact(),
            key,
            &dev,
        );
        let s = Array::scalar(&dev, f64::NAN).unwrap();
        check(
            &nancumsum(&s, None).unwrap(),
            &a(&z, "scalar_nancumsum"),
            Tol::exact(),
            "0-d nancumsum",
            &dev,
        );
        let x = a::<f64>(&z, "f64_x");
        let key = "view_t_nancumsum_1";
        check(
            &nancumsum(&x.t(), Some(1)).unwrap(),
            &a(&z, key),
            scan_tol::<f64>(),
            key,
            &dev,
        );
        assert!(n > 100, "{n} results checked");
    }
}

#[test]
fn nan_order_statistics_match_numpy() {
    for dev in devices() {
        let z = fixtures(&dev);
        let mut n = stats::<f64>(&z, "f64", &dev);
        n += stats::<f32>(&z, "f32", &dev);
        n += stats::<f16>(&z, "f16", &dev);
        n += stats::<i16>(&z, "i16", &dev);
        // (Not "i8": NumPy interpolates int8 neighbours in int8, wrapping; we convert to
        // f64 first, as `quantile` does: DIFFERENCES.md.)
        n += stats::<f64>(&z, "empty", &dev);
        assert!(n > 200, "{n} results checked");
        let big = a::<f64>(&z, "big_x");
        check(
            &nanmedian(&big, Some(1)).unwrap(),
            &a(&z, "big_nanmedian_1"),
            Tol::ulps(1),
            "big nanmedian",
            &dev,
        );
        check(
            &nanquantile(&big, 0.5, Some(1)).unwrap(),
            &a(&z, "big_nanq3_1"),
            Tol::exact(),
            "big nanquantile",
            &dev,
        );
        let s = Array::scalar(&dev, 3.0f64).unwrap();
        check(
            &nanmedian(&s, None).unwrap(),
            &a(&z, "scalar_nanmedian"),
            Tol::exact(),
            "0-d nanmedian",
            &dev,
        );
        let x = a::<f64>(&z, "f64_x");
        check(
            &nanmedian(&x.t(), Some(0)).unwrap(),
            &a(&z, "view_t_nanmedian_0"),
            Tol::exact(),
            "nanmedian x.T",
            &dev,
        );
        check(
            &nanquantile(&x.t(), 0.25, Some(1)).unwrap(),
            &a(&z, "view_t_nanq2_1"),
            Tol::exact(),
            "nanquantile x.T",
            &dev,
        );
    }
}

#[test]
fn errors_where_numpy_raises() {
    let dev = Device::cpu();
    let x = Array::from_vec(&dev, &[2, 2], vec![1.0f64, f64::NAN, 3.0, 4.0]).unwrap();
    assert!(nanquantile(&x, 1.5, None).is_err());
    assert!(nanquantile(&x, f64::NAN, None).is_err());
    assert!(nanpercentile(&x, -1.0, None).is_err());
    assert!(nanmedian(&x, Some(2)).is_err());
    assert!(nancumsum(&x, Some(-3)).is_err());
    // cumulative_* need an axis for more than one dimension.
    assert!(cumulative_sum(&x, None, false).is_err());
    assert!(cumulative_prod(&x, Some(2), true).is_err());
}
