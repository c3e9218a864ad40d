//! `extract`, `place`, `putmask`, `put_along_axis`, `select`, `choose`, `copyto` and
//! `fill_diagonal` against NumPy: the fixtures of `scripts/fixtures/gen_indexing_fixtures.py`
//! (`fixtures/indexing/indexing.npz`), on the CPU backend and, when there is one, on CUDA
//! device 0. Exact comparisons (values are moved or converted, never computed). A case that
//! NumPy refuses must be an `Err` here; in-place routines are compared by the array after
//! the call.

mod common;

use common::{assert_close, devices, fixture, Approx, Tol};
use kernels_std::io::{load_npz, NpyDType, Npz};
use kernels_std::prelude::*;
use kernels_std::shape::transpose;
use kernels_std::sort::{
    choose, copyto, extract, fill_diagonal, place, put_along_axis, putmask, select, TakeMode,
};
use kernels_std::Casting;

const NONE: i64 = -(1 << 62);

fn fixtures(dev: &Device) -> Npz {
    load_npz(fixture("indexing/indexing.npz"), dev).expect("indexing.npz")
}

fn get<T: NpyDType>(npz: &Npz, name: &str) -> Array<T> {
    npz.array::<T>(name)
        .unwrap_or_else(|e| panic!("fixture {name}: {e}"))
}

fn params(npz: &Npz, c: &str) -> Vec<i64> {
    get::<i64>(npz, &format!("{c}_p")).to_vec().unwrap()
}

fn count(npz: &Npz, name: &str) -> usize {
    get::<i64>(npz, name).item().unwrap() as usize
}

/// The case's array `a`, as a transposed view when its first parameter says so.
fn input<T: NpyDType>(npz: &Npz, c: &str) -> Array<T> {
    let a = get::<T>(npz, &format!("{c}_a"));
    if params(npz, c)[0] == 1 {
        transpose(&a, None).unwrap()
    } else {
        a
    }
}

#[track_caller]
fn expect<T: NpyDType + Approx>(npz: &Npz, c: &str, got: Result<Array<T>>, dev: &Device) {
    if npz.array::<i64>(&format!("{c}_err")).is_ok() {
        assert!(
            got.is_err(),
            "{c} on {dev}: NumPy raises, we gave {:?}",
            got.map(|a| a.shape().to_vec())
        );
        return;
    }
    let got = got.unwrap_or_else(|e| panic!("{c} on {dev}: {e}"));
    let want = get::<T>(npz, &format!("{c}_out"));
    assert!(got.device().same(dev), "{c}: result on {}", got.device());
    assert_eq!(got.shape(), want.shape(), "{c} on {dev}: shape");
    assert_close(&got, &want, Tol::exact(), &format!("{c} on {dev}"));
}

/// Runs an in-place routine on the case's array and returns the array.
fn after<T: DType>(
    mut a: Array<T>,
    f: impl FnOnce(&mut Array<T>) -> Result<()>,
) -> Result<Array<T>> {
    f(&mut a).map(|()| a)
}

fn list<T: NpyDType>(npz: &Npz, c: &str, key: &str, n: i64) -> Vec<Array<T>> {
    (0..n)
        .map(|k| get::<T>(npz, &format!("{c}_{key}{k}")))
        .collect()
}

fn cases<T: NpyDType + Approx>(npz: &Npz, d: &str, dev: &Device) {
    for i in 0..count(npz, &format!("extract_{d}_n")) {
        let c = format!("extract_{d}_{i}");
        let cond = get::<i16>(npz, &format!("{c}_c"));
        expect(npz, &c, extract(&cond, &input::<T>(npz, &c)), dev);
    }
    for i in 0..count(npz, &format!("place_{d}_n")) {
        for name in ["place", "putmask"] {
            let c = format!("{name}_{d}_{i}");
            let m = get::<bool>(npz, &format!("{c}_m"));
            let v = get::<T>(npz, &format!("{c}_v"));
            let got = after(input::<T>(npz, &c), |a| {
                if name == "place" {
                    place(a, &m, &v)
                } else {
                    putmask(a, &m, &v)
                }
            });
            expect(npz, &c, got, dev);
        }
    }
    for i in 0..count(npz, &format!("pal_{d}_n")) {
        let c = format!("pal_{d}_{i}");
        let p = params(npz, &c);
        let idx = get::<i64>(npz, &format!("{c}_i"));
        let v = get::<T>(npz, &format!("{c}_v"));
        let axis = (p[1] != NONE).then_some(p[1] as isize);
        let got = after(input::<T>(npz, &c), |a| put_along_axis(a, &idx, &v, axis));
        expect(npz, &c, got, dev);
    }
    for i in 0..count(npz, &format!("select_{d}_n")) {
        let c = format!("select_{d}_{i}");
        let p = params(npz, &c);
        let conds = list::<bool>(npz, &c, "c", p[1]);
        let xs = list::<T>(npz, &c, "x", p[2]);
        let default = get::<T>(npz, &format!("{c}_v")).item().unwrap();
        let conds: Vec<&Array<bool>> = conds.iter().collect();
        let xs: Vec<&Array<T>> = xs.iter().collect();
        expect(npz, &c, select(&conds, &xs, default), dev);
    }
    const MODES: [TakeMode; 3] = [TakeMode::Raise, TakeMode::Wrap, TakeMode::Clip];
    for i in 0..count(npz, &format!("choose_{d}_n")) {
        let c = format!("choose_{d}_{i}");
        let p = params(npz, &c);
        let a = get::<i64>(npz, &format!("{c}_a"));
        let xs = list::<T>(npz, &c, "x", p[2]);
        expect(npz, &c, choose(&a, &xs, MODES[p[1] as usize]), dev);
    }
    for i in 0..count(npz, &format!("fill_{d}_n")) {
        let c = format!("fill_{d}_{i}");
        let p = params(npz, &c);
        let v = get::<T>(npz, &format!("{c}_v"));
        let got = after(input::<T>(npz, &c), |a| fill_diagonal(a, &v, p[1] == 1));
        expect(npz, &c, got, dev);
    }
}

fn copyto_cases<T: NpyDType + Approx>(npz: &Npz, d: &str, dev: &Device) {
    for i in 0..count(npz, &format!("copyto_{d}_n")) {
        let c = format!("copyto_{d}_{i}");
        let p = params(npz, &c);
        let casting = Casting::ALL[p[2] as usize];
        let m = (p[3] == 1).then(|| get::<bool>(npz, &format!("{c}_m")));
        let src = format!("{c}_x0");
        let got = after(input::<T>(npz, &c), |a| match p[1] {
            0 => copyto(a, &get::<i32>(npz, &src), casting, m.as_ref()),
            1 => copyto(a, &get::<f32>(npz, &src), casting, m.as_ref()),
            _ => copyto(a, &get::<T>(npz, &src), casting, m.as_ref()),
        });
        expect(npz, &c, got, dev);
    }
}

#[test]
fn indexing_routines_against_numpy() {
    for dev in devices() {
        let npz = fixtures(&dev);
        cases::<i32>(&npz, "i32", &dev);
        cases::<f64>(&npz, "f64", &dev);
        cases::<c128>(&npz, "c128", &dev);
        cases::<bool>(&npz, "bool", &dev);
        copyto_cases::<i32>(&npz, "i32", &dev);
        copyto_cases::<f64>(&npz, "f64", &dev);
        copyto_cases::<c128>(&npz, "c128", &dev);
    }
}

#[test]
fn in_place_routines_leave_other_arrays_alone() {
    let dev = Device::cpu();
    let base = Array::from_vec(&dev, &[2, 2], vec![1i64, 2, 3, 4]).unwrap();
    let mut a = base.clone();
    let m = Array::from_vec(&dev, &[2, 2], vec![true, false, false, true]).unwrap();
    putmask(
        &mut a,
        &m,
        &Array::from_vec(&dev, &[1], vec![0i64]).unwrap(),
    )
    .unwrap();
    assert_eq!(a.to_vec().unwrap(), vec![0, 2, 3, 0]);
    // The array `a` was cloned from shares storage copy-on-write: it is unchanged.
    assert_eq!(base.to_vec().unwrap(), vec![1, 2, 3, 4]);
    // Sizes that overflow: errors, not panics.
    let mut big = Array::<u8>::zeros(&dev, &[1, 1]).unwrap();
    let v = Array::from_vec(&dev, &[1], vec![7u8]).unwrap();
    fill_diagonal(&mut big, &v, false).unwrap();
    assert_eq!(big.to_vec().unwrap(), vec![7]);
    let idx = Array::from_vec(&dev, &[1, 1], vec![3i64]).unwrap();
    assert!(put_along_axis(&mut big, &idx, &v, Some(0)).is_err());
    assert!(put_along_axis(&mut big, &idx, &v, Some(2)).is_err());
}
