//! The set routines and NumPy 2's `unique_*` against NumPy: the fixtures of
//! `scripts/fixtures/gen_sets_fixtures.py` (`fixtures/sets/sets.npz`), on the CPU backend and,
//! when there is one, on CUDA device 0. Every comparison is exact (the routines move values
//! without arithmetic; NaNs compare equal to NaNs, `-0.0` to `0.0`).

mod common;

use common::{assert_close, devices, fixture, Approx, Tol};
use kernels_std::io::{load_npz, NpyDType, Npz};
use kernels_std::prelude::*;
use kernels_std::s;
use kernels_std::sort::{
    intersect1d, intersect1d_indices, isin, setdiff1d, setxor1d, union1d, unique, unique_all,
    unique_counts, unique_full, unique_inverse, unique_values, Sortable,
};

fn fixtures(dev: &Device) -> Npz {
    load_npz(fixture("sets/sets.npz"), dev).expect("sets.npz")
}

fn get<T: NpyDType>(npz: &Npz, name: &str) -> Array<T> {
    npz.array::<T>(name)
        .unwrap_or_else(|e| panic!("fixture {name}: {e}"))
}

#[track_caller]
fn check<T: Approx>(got: &Array<T>, want: &Array<T>, what: &str, dev: &Device) {
    assert!(got.device().same(dev), "{what}: result on {}", got.device());
    assert_eq!(got.shape(), want.shape(), "{what} on {dev}: shape");
    assert_close(got, want, Tol::exact(), &format!("{what} on {dev}"));
}

/// Every result stored for case `c`, computed from `a` and `b`.
fn check_case<T: Sortable + NpyDType + Approx>(
    npz: &Npz,
    c: &str,
    a: &Array<T>,
    b: &Array<T>,
    dev: &Device,
) {
    let want = |k: &str| format!("{c}_{k}");
    let ok = |r: Result<Array<T>>, k: &str| r.unwrap_or_else(|e| panic!("{c} {k}: {e}"));
    check(
        &isin(a, b).run().unwrap(),
        &get(npz, &want("isin")),
        &want("isin"),
        dev,
    );
    let inv = isin(a, b).invert(true).run().unwrap();
    check(&inv, &get(npz, &want("isin_inv")), &want("isin_inv"), dev);
    let r = intersect1d_indices(a, b, false).unwrap();
    check(&r.values, &get(npz, &want("inter")), &want("inter"), dev);
    check(
        &r.indices1,
        &get(npz, &want("inter_i1")),
        &want("inter_i1"),
        dev,
    );
    check(
        &r.indices2,
        &get(npz, &want("inter_i2")),
        &want("inter_i2"),
        dev,
    );
    let got = ok(intersect1d(a, b, false), "inter");
    check(&got, &get(npz, &want("inter")), &want("inter"), dev);
    check(
        &ok(union1d(a, b), "union"),
        &get(npz, &want("union")),
        &want("union"),
        dev,
    );
    let got = ok(setdiff1d(a, b, false), "diff");
    check(&got, &get(npz, &want("diff")), &want("diff"), dev);
    let got = ok(setxor1d(a, b, false), "xor");
    check(&got, &get(npz, &want("xor")), &want("xor"), dev);

    let u = unique_full(a, true).unwrap();
    check(
        &u.values,
        &get(npz, &want("uvalues")),
        &want("uvalues"),
        dev,
    );
    check(&u.indices, &get(npz, &want("uindex")), &want("uindex"), dev);
    check(
        &u.inverse,
        &get(npz, &want("uinverse")),
        &want("uinverse"),
        dev,
    );
    check(
        &u.counts,
        &get(npz, &want("ucounts")),
        &want("ucounts"),
        dev,
    );
    check(&ok(unique(a), "unique"), &u.values, &want("unique"), dev);

    let u = unique_all(a).unwrap();
    check(
        &u.values,
        &get(npz, &want("uavalues")),
        &want("uavalues"),
        dev,
    );
    check(
        &u.indices,
        &get(npz, &want("uaindex")),
        &want("uaindex"),
        dev,
    );
    check(
        &u.inverse,
        &get(npz, &want("uainverse")),
        &want("uainverse"),
        dev,
    );
    check(
        &u.counts,
        &get(npz, &want("uacounts")),
        &want("uacounts"),
        dev,
    );
    check(
        &ok(unique_values(a), "uv"),
        &u.values,
        &want("unique_values"),
        dev,
    );
    let uc = unique_counts(a).unwrap();
    check(&uc.values, &u.values, &want("unique_counts"), dev);
    check(&uc.counts, &u.counts, &want("unique_counts"), dev);
    let ui = unique_inverse(a).unwrap();
    check(&ui.values, &u.values, &want("unique_inverse"), dev);
    check(&ui.inverse, &u.inverse, &want("unique_inverse"), dev);

    if c.starts_with("uniq_") {
        let r = intersect1d_indices(a, b, true).unwrap();
        check(
            &r.values,
            &get(npz, &want("inter_u")),
            &want("inter_u"),
            dev,
        );
        check(
            &r.indices1,
            &get(npz, &want("inter_u_i1")),
            &want("inter_u_i1"),
            dev,
        );
        check(
            &r.indices2,
            &get(npz, &want("inter_u_i2")),
            &want("inter_u_i2"),
            dev,
        );
        let got = ok(setdiff1d(a, b, true), "diff_u");
        check(&got, &get(npz, &want("diff_u")), &want("diff_u"), dev);
        let got = ok(setxor1d(a, b, true), "xor_u");
        check(&got, &get(npz, &want("xor_u")), &want("xor_u"), dev);
        let got = isin(a, b).assume_unique(true).run().unwrap();
        check(&got, &get(npz, &want("isin_u")), &want("isin_u"), dev);
    }
}

fn run_case<T: Sortable + NpyDType + Approx>(c: &str) {
    for dev in devices() {
        let npz = fixtures(&dev);
        let a = get::<T>(&npz, &format!("{c}_a"));
        let b = get::<T>(&npz, &format!("{c}_b"));
        check_case(&npz, c, &a, &b, &dev);
    }
}

#[test]
fn every_dtype() {
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
    run_case::<bool>("r_b1");
    run_case::<c64>("r_c8");
    run_case::<c128>("r_c16");
}

#[test]
fn integer_limits_nan_and_signed_zeros() {
    run_case::<i64>("lim_i8");
    run_case::<u64>("lim_u8");
    run_case::<i8>("lim_i1");
    run_case::<f64>("nan_f8");
    run_case::<f32>("nan_f4");
    run_case::<c128>("nan_c16");
}

#[test]
fn assume_unique() {
    run_case::<i32>("uniq_i4");
    run_case::<f64>("uniq_f8");
}

#[test]
fn views_empty_and_zero_d() {
    for dev in devices() {
        let npz = fixtures(&dev);
        let a = get::<i32>(&npz, "view_base_a").t();
        let b = get::<i32>(&npz, "view_base_b").slice(s![..;2]).unwrap();
        check_case(&npz, "view", &a, &b, &dev);
    }
    run_case::<f64>("empty_a");
    run_case::<f64>("empty_b");
    run_case::<i64>("empty_both");
    run_case::<f64>("zerod");
    run_case::<f64>("zerod_b");
}

#[test]
fn long_inputs() {
    run_case::<i32>("big_i4");
}

/// A broken promise of `assume_unique` does not change `isin`'s answer here.
#[test]
fn isin_ignores_a_broken_promise() {
    let dev = Device::cpu();
    let a = Array::from_vec(&dev, &[4], vec![1i32, 1, 2, 3]).unwrap();
    let b = Array::from_vec(&dev, &[1], vec![3i32]).unwrap();
    let got = isin(&a, &b).assume_unique(true).run().unwrap();
    assert_eq!(got.to_vec().unwrap(), vec![false, false, false, true]);
}
