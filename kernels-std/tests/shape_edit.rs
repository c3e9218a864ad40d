//! `delete`, `insert`, `resize`, `trim_zeros`, `ediff1d`, `unstack`, `broadcast_shapes` and
//! `block` against NumPy: the fixtures of `scripts/fixtures/gen_shape_edit_fixtures.py`
//! (`fixtures/shape_edit/shape_edit.npz`), on the CPU backend and, when there is one, on CUDA
//! device 0. Exact comparisons (these routines move elements; NaN equals NaN). A case that
//! NumPy refuses must be an `Err` here.

mod common;

use common::{assert_close, devices, fixture, Approx, Tol};
use kernels_std::array_runtime::slice::Slice;
use kernels_std::io::{load_npz, NpyDType, Npz};
use kernels_std::prelude::*;
use kernels_std::scan::{ediff1d, Diff};
use kernels_std::shape::{
    block, broadcast_shapes, delete, insert, resize, transpose, trim_zeros, unstack, Block,
    Positions,
};

const NONE: i64 = -(1 << 62);

fn fixtures(dev: &Device) -> Npz {
    load_npz(fixture("shape_edit/shape_edit.npz"), dev).expect("shape_edit.npz")
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

/// The case's input, as a strided view when its first parameter says so.
fn input<T: NpyDType>(npz: &Npz, c: &str) -> Array<T> {
    let x = get::<T>(npz, &format!("{c}_x"));
    if params(npz, c)[0] == 0 {
        return x;
    }
    if x.ndim() >= 2 {
        transpose(&x, None).unwrap()
    } else {
        x.slice(s![..;-1]).unwrap()
    }
}

fn opt(v: i64) -> Option<isize> {
    (v != NONE).then_some(v as isize)
}

/// Checks `got` against the case's result, or that it failed as NumPy did.
#[track_caller]
fn expect<T: NpyDType + Approx>(npz: &Npz, c: &str, got: Result<Array<T>>, dev: &Device) {
    if npz.array::<u8>(&format!("{c}_err")).is_ok() || npz.array::<i64>(&format!("{c}_err")).is_ok()
    {
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

fn positions(npz: &Npz, c: &str, p: &[i64]) -> Positions {
    match p[1] {
        0 => Positions::One(p[2] as isize),
        1 => Positions::Slice(Slice {
            start: opt(p[3 - 1]),
            end: opt(p[4 - 1]),
            step: opt(p[5 - 1]).unwrap_or(1),
        }),
        2 => Positions::Many(get::<i64>(npz, &format!("{c}_obj"))),
        _ => Positions::Mask(get::<bool>(npz, &format!("{c}_obj"))),
    }
}

fn edit_cases<T: NpyDType + Approx>(npz: &Npz, d: &str, dev: &Device) {
    for i in 0..count(npz, &format!("delete_{d}_n")) {
        let c = format!("delete_{d}_{i}");
        let p = params(npz, &c);
        let x = input::<T>(npz, &c);
        expect(npz, &c, delete(&x, positions(npz, &c, &p), opt(p[5])), dev);
    }
    for i in 0..count(npz, &format!("insert_{d}_n")) {
        let c = format!("insert_{d}_{i}");
        let p = params(npz, &c);
        let x = input::<T>(npz, &c);
        let v = get::<T>(npz, &format!("{c}_v"));
        expect(
            npz,
            &c,
            insert(&x, positions(npz, &c, &p), &v, opt(p[5])),
            dev,
        );
    }
    for i in 0..count(npz, &format!("resize_{d}_n")) {
        let c = format!("resize_{d}_{i}");
        let p = params(npz, &c);
        let shape: Vec<usize> = p[1..].iter().map(|&s| s as usize).collect();
        expect(npz, &c, resize(&input::<T>(npz, &c), &shape), dev);
    }
    const TRIMS: [&str; 6] = ["f", "b", "fb", "bf", "FB", "x"];
    for i in 0..count(npz, &format!("trim_{d}_n")) {
        let c = format!("trim_{d}_{i}");
        let p = params(npz, &c);
        let axes: Option<Vec<isize>> =
            (p[2] >= 0).then(|| p[3..].iter().map(|&a| a as isize).collect());
        let got = trim_zeros(&input::<T>(npz, &c), TRIMS[p[1] as usize], axes.as_deref());
        expect(npz, &c, got, dev);
    }
    for i in 0..count(npz, &format!("unstack_{d}_n")) {
        let c = format!("unstack_{d}_{i}");
        let p = params(npz, &c);
        let x = input::<T>(npz, &c);
        let got = unstack(&x, p[1] as isize).map(|parts| {
            if parts.is_empty() {
                Array::<T>::zeros(dev, &[0]).unwrap()
            } else {
                kernels_std::shape::stack(&parts, 0).unwrap()
            }
        });
        expect(npz, &c, got, dev);
    }
}

fn ediff_cases<T: NpyDType + Approx + Diff>(npz: &Npz, d: &str, dev: &Device) {
    for i in 0..count(npz, &format!("ediff_{d}_n")) {
        let c = format!("ediff_{d}_{i}");
        let p = params(npz, &c);
        let end = (p[1] == 1).then(|| get::<T>(npz, &format!("{c}_end")));
        let begin = (p[2] == 1).then(|| get::<T>(npz, &format!("{c}_begin")));
        let got = ediff1d(&input::<T>(npz, &c), end.as_ref(), begin.as_ref());
        expect(npz, &c, got, dev);
    }
}

#[test]
fn delete_insert_resize_trim_unstack_against_numpy() {
    for dev in devices() {
        let npz = fixtures(&dev);
        edit_cases::<i32>(&npz, "i32", &dev);
        edit_cases::<f64>(&npz, "f64", &dev);
        edit_cases::<bool>(&npz, "bool", &dev);
        edit_cases::<c128>(&npz, "c128", &dev);
        edit_cases::<u8>(&npz, "u8", &dev);
        ediff_cases::<i32>(&npz, "i32", &dev);
        ediff_cases::<f64>(&npz, "f64", &dev);
        ediff_cases::<bool>(&npz, "bool", &dev);
        ediff_cases::<c128>(&npz, "c128", &dev);
    }
}

#[test]
fn broadcast_shapes_against_numpy() {
    let ones32 = [1usize; 32];
    let ones65 = [1usize; 65];
    let cases: Vec<Vec<&[usize]>> = vec![
        vec![],
        vec![&[3]],
        vec![&[1, 2], &[3, 1], &[3, 2]],
        vec![&[6, 7], &[5, 6, 1], &[7], &[5, 1, 7]],
        vec![&[0], &[1]],
        vec![&[0], &[2]],
        vec![&[2], &[3]],
        vec![&[1, 0, 3], &[4, 1, 1]],
        vec![&[2, 1], &[3, 1, 4]],
        vec![&ones32, &[2]],
        vec![&ones65],
        vec![&[3, 1], &[1, 3], &[2, 1, 1]],
    ];
    let npz = fixtures(&Device::cpu());
    for (i, shapes) in cases.iter().enumerate() {
        let got = broadcast_shapes(shapes);
        match npz.array::<i64>(&format!("bs_{i}_out")) {
            Ok(want) => {
                let want: Vec<usize> = want.to_vec().unwrap().iter().map(|&d| d as usize).collect();
                assert_eq!(got.unwrap(), want, "broadcast_shapes case {i}");
            }
            Err(_) => assert!(got.is_err(), "broadcast_shapes case {i}: NumPy raises"),
        }
    }
}

#[test]
fn block_against_numpy() {
    for dev in devices() {
        let npz = fixtures(&dev);
        let leaf = |i: usize, k: usize| get::<f64>(&npz, &format!("block_{i}_{k}"));
        let l = |i: usize, k: usize| -> Block<f64> { leaf(i, k).into() };
        let structures: Vec<Block<f64>> = vec![
            vec![vec![l(0, 0), l(0, 1)], vec![l(0, 2)]].into(),
            vec![l(1, 0), l(1, 0)].into(),
            vec![vec![l(2, 0)], vec![l(2, 0)]].into(),
            l(3, 0),
            vec![vec![vec![l(4, 0)]], vec![vec![l(4, 0)]]].into(),
            vec![vec![l(5, 0), leaf(5, 0).t().into()]].into(),
            vec![l(6, 0), l(6, 1)].into(),
            Block::List(vec![vec![l(7, 0), l(7, 1)].into(), l(7, 2)]),
            Block::List(vec![vec![l(8, 0), l(8, 1)].into(), Block::List(vec![])]),
            vec![l(9, 0), l(9, 1)].into(),
        ];
        for (i, s) in structures.into_iter().enumerate() {
            expect(&npz, &format!("block_{i}"), block(s), &dev);
        }
    }
}

#[test]
fn edits_keep_the_input_and_write_every_element() {
    let dev = Device::cpu();
    let a = Array::from_vec(&dev, &[2, 3], (0..6).collect::<Vec<i64>>()).unwrap();
    // Resize repeats, delete and insert copy: the input is untouched and shared storage
    // is not written.
    let r = resize(&a, &[4, 4]).unwrap();
    assert_eq!(r.to_vec().unwrap()[12..], [0, 1, 2, 3]);
    let at = Array::from_vec(&dev, &[3], vec![0i64, 3, 3]).unwrap();
    let v = Array::from_vec(&dev, &[3], vec![-1i64, -2, -3]).unwrap();
    let got = insert(&a, &at, &v, None).unwrap();
    assert_eq!(got.to_vec().unwrap(), vec![-1, 0, 1, 2, -2, -3, 3, 4, 5]);
    assert_eq!(a.to_vec().unwrap(), (0..6).collect::<Vec<i64>>());
    // A mask of the wrong length, an index array of two dimensions for insert.
    let mask = Array::from_vec(&dev, &[2], vec![true, false]).unwrap();
    assert!(delete(&a, &mask, Some(1)).is_err());
    let two_d = Array::from_vec(&dev, &[1, 2], vec![0i64, 1]).unwrap();
    assert!(insert(&a, &two_d, &v, None).is_err());
    // NumPy lets a position below -n through insert's several-positions path; we refuse it.
    let below = Array::from_vec(&dev, &[2], vec![-9i64, 0]).unwrap();
    assert!(insert(&a, &below, &v.slice(s![..2]).unwrap(), None).is_err());
    // A large resize target overflows usize: an error, not a panic.
    assert!(resize(&a, &[usize::MAX, 2]).is_err());
}
