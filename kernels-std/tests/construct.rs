//! `array`, `asarray`, `asanyarray`, `asarray_chkfinite`, `require`, `isscalar`, `iterable`,
//! `fromfunction`, `apply_along_axis`, `apply_over_axes`, `piecewise`, `typename` and
//! `mintypecode` against NumPy 2.4: the fixtures of
//! `scripts/fixtures/gen_construct_fixtures.py` (`fixtures/construct/construct.npz`), on the
//! CPU backend and, when there is one, on CUDA device 0. Layouts are compared by their
//! strides in elements and by whether NumPy shares memory with the input; values exactly
//! (they are moved, or computed from small integers and quarters).

mod common;

use common::{assert_close, devices, fixture, Tol};
use kernels_std::creation::{
    array, asanyarray, asarray, asarray_chkfinite, fromfunction, isscalar, iterable, require,
    CopyMode, MemoryOrder,
};
use kernels_std::functional::{apply_along_axis, apply_over_axes, piecewise, Piece};
use kernels_std::io::{load_npz, NpyDType, Npz};
use kernels_std::linalg::{einsum_path, EinsumOptimize};
use kernels_std::prelude::*;
use kernels_std::slice::{Slice, SliceItem};
use kernels_std::{diag, less, mintypecode, sum, typename};

fn fixtures(dev: &Device) -> Npz {
    load_npz(fixture("construct/construct.npz"), dev).expect("construct.npz")
}

fn get<T: NpyDType>(npz: &Npz, name: &str) -> Array<T> {
    npz.array::<T>(name)
        .unwrap_or_else(|e| panic!("fixture {name}: {e}"))
}

fn ints(npz: &Npz, name: &str) -> Vec<i64> {
    get::<i64>(npz, name).to_vec().unwrap()
}

fn count(npz: &Npz, name: &str) -> usize {
    get::<i64>(npz, name).item().unwrap() as usize
}

fn text(npz: &Npz, name: &str) -> String {
    String::from_utf8(get::<u8>(npz, name).to_vec().unwrap()).unwrap()
}

fn raises(npz: &Npz, c: &str) -> bool {
    npz.array::<i64>(&format!("{c}_err")).is_ok()
}

fn usizes(v: &[i64]) -> Vec<usize> {
    v.iter().map(|&d| d as usize).collect()
}

#[track_caller]
fn check(npz: &Npz, c: &str, got: Result<Array<f64>>, dev: &Device) {
    if raises(npz, c) {
        assert!(
            got.is_err(),
            "{c} on {dev}: NumPy raises, we gave {:?}",
            got.map(|a| a.shape().to_vec())
        );
        return;
    }
    let got = got.unwrap_or_else(|e| panic!("{c} on {dev}: {e}"));
    let want = get::<f64>(npz, &format!("{c}_out"));
    assert_eq!(got.shape(), want.shape(), "{c} on {dev}: shape");
    assert_close(&got, &want, Tol::exact(), &format!("{c} on {dev}"));
}

/// The view a `view` case describes, rebuilt from `arange`.
fn view(npz: &Npz, c: &str, dev: &Device) -> Array<f64> {
    let p = ints(npz, &format!("{c}_p"));
    let nd = p[0] as usize;
    let base_shape = usizes(&p[1..1 + nd]);
    let perm: Vec<isize> = p[1 + nd..1 + 2 * nd].iter().map(|&a| a as isize).collect();
    let steps = &p[1 + 2 * nd..1 + 3 * nd];
    let (ins, bc) = (p[1 + 3 * nd], p[2 + 3 * nd]);
    let n: usize = base_shape.iter().product();
    let base = Array::from_vec(dev, &base_shape, (0..n).map(|i| i as f64).collect()).unwrap();
    let items: Vec<SliceItem> = steps
        .iter()
        .map(|&s| {
            SliceItem::Range(Slice {
                start: None,
                end: None,
                step: s as isize,
            })
        })
        .collect();
    let mut x = base.permute(&perm).unwrap().slice(items).unwrap();
    if ins >= 0 {
        x = x.insert_axis(ins as isize).unwrap();
    }
    if bc >= 0 {
        let mut shape = x.shape().to_vec();
        shape[bc as usize] = 3;
        x = x.broadcast_to(&shape).unwrap();
    }
    x
}

fn strides(a: &Array<impl DType>) -> Vec<i64> {
    a.strides().iter().map(|&s| s as i64).collect()
}

const ORDERS: [(MemoryOrder, &str); 4] = [
    (MemoryOrder::C, "C"),
    (MemoryOrder::F, "F"),
    (MemoryOrder::A, "A"),
    (MemoryOrder::K, "K"),
];
const REQS: [&[&str]; 7] = [
    &["C"],
    &["F"],
    &["A"],
    &["W"],
    &["C", "W"],
    &["F_CONTIGUOUS", "aligned", "E"],
    &["fortran", "W"],
];

#[test]
fn array_asarray_and_require_lay_out_views_as_numpy() {
    for dev in devices() {
        let npz = fixtures(&dev);
        for i in 0..count(&npz, "view_n") {
            let c = format!("view_{i}");
            let x = view(&npz, &c, &dev);
            let values = get::<f64>(&npz, &format!("{c}_v"));
            assert_eq!(
                x.to_vec().unwrap(),
                values.to_vec().unwrap(),
                "{c}: the view"
            );
            // A stride along an axis of extent 1 is never used (views made here and in
            // NumPy may differ there): both sides compare it as 0.
            let unit: Vec<bool> = x.shape().iter().map(|&d| d == 1).collect();
            let mask = |s: Vec<i64>| -> Vec<i64> {
                s.iter()
                    .zip(&unit)
                    .map(|(&v, &u)| if u { 0 } else { v })
                    .collect()
            };
            let table = |key: &str| -> Vec<Vec<i64>> {
                let t = get::<i64>(&npz, &format!("{c}_{key}"));
                let rows = t.shape()[0];
                let v = t.to_vec().unwrap();
                let w = v.len().checked_div(rows).unwrap_or(0);
                (0..rows)
                    .map(|r| mask(v[r * w..(r + 1) * w].to_vec()))
                    .collect()
            };
            let (s64, s32) = (table("s"), table("s32"));
            let share = ints(&npz, &format!("{c}_share"));
            for (k, (o, name)) in ORDERS.into_iter().enumerate() {
                let a = array(&dev, &x).order(o).run().unwrap();
                assert_eq!(mask(strides(&a)), s64[k], "{c} order {name}");
                assert_eq!(
                    a.to_vec().unwrap(),
                    values.to_vec().unwrap(),
                    "{c} order {name}"
                );
                assert!(!a.same_storage(&x), "{c}: array copies");
                let f = array(&dev, &x).order(o).dtype::<f32>().run().unwrap();
                assert_eq!(mask(strides(&f)), s32[k], "{c} f32 {name}");
                let s = asarray(&dev, &x).order(o).run().unwrap();
                assert_eq!(
                    s.same_storage(&x),
                    share[k] == 1,
                    "{c}: asarray order {name} copies"
                );
                assert_eq!(s.to_vec().unwrap(), values.to_vec().unwrap());
                let never = asarray(&dev, &x).order(o).copy(CopyMode::Never).run();
                assert_eq!(never.is_ok(), share[k] == 1, "{c}: copy=False order {name}");
            }
            let (rs, rshare) = (table("rs"), ints(&npz, &format!("{c}_rshare")));
            for (k, req) in REQS.iter().enumerate() {
                let r = require(&dev, &x, req).unwrap();
                assert_eq!(mask(strides(&r)), rs[k], "{c} require {req:?}");
                assert_eq!(
                    r.same_storage(&x),
                    rshare[k] == 1,
                    "{c} require {req:?} copies"
                );
                assert_eq!(r.to_vec().unwrap(), values.to_vec().unwrap());
            }
            let nd = array(&dev, &x).ndmin(5).run().unwrap();
            assert_eq!(
                nd.shape(),
                &usizes(&ints(&npz, &format!("{c}_nd")))[..],
                "{c} ndmin"
            );
        }
    }
}

#[test]
fn array_from_nested_host_data() {
    let dev = Device::cpu();
    let a = array(&dev, [[1i64, 2, 3], [4, 5, 6]]).run().unwrap();
    assert_eq!(
        (a.shape(), a.to_vec().unwrap()),
        (&[2, 3][..], vec![1, 2, 3, 4, 5, 6])
    );
    let v = vec![vec![vec![1.5f32, 2.5]], vec![vec![3.5, 4.5]]];
    let b = array(&dev, &v).run().unwrap();
    assert_eq!(b.shape(), &[2, 1, 2]);
    let s: &[[u8; 2]] = &[[1, 2], [3, 4], [5, 6]];
    assert_eq!(array(&dev, s).run().unwrap().shape(), &[3, 2]);
    let refs: Vec<&[i16]> = vec![&[1, 2], &[3, 4]];
    assert_eq!(
        array(&dev, &refs).run().unwrap().to_vec().unwrap(),
        vec![1, 2, 3, 4]
    );
    // 0-d from a scalar; ndmin prepends ones; np.array(5, ndmin=2).shape == (1, 1).
    let z = array(&dev, true).run().unwrap();
    assert_eq!((z.ndim(), z.item().unwrap()), (0, true));
    assert_eq!(array(&dev, 5i32).ndmin(2).run().unwrap().shape(), &[1, 1]);
    assert_eq!(
        array(&dev, [1, 2]).ndmin(3).run().unwrap().shape(),
        &[1, 1, 2]
    );
    // Empty levels: a fixed array's length stays, np.array([[], []]).shape == (2, 0).
    let e: [[f64; 0]; 2] = [[], []];
    assert_eq!(array(&dev, e).run().unwrap().shape(), &[2, 0]);
    let e3: [[[f64; 4]; 0]; 2] = [[], []];
    assert_eq!(array(&dev, e3).run().unwrap().shape(), &[2, 0, 4]);
    let ev: Vec<Vec<f64>> = vec![];
    assert_eq!(array(&dev, &ev).run().unwrap().shape(), &[0, 0]);
    // dtype and order on host data: np.array([[1, 2], [3, 4]], dtype=np.float32, order="F").
    let f = array(&dev, [[1, 2], [3, 4]])
        .dtype::<f32>()
        .order(MemoryOrder::F)
        .run()
        .unwrap();
    assert_eq!(
        (f.strides(), f.to_vec().unwrap()),
        (&[1, 2][..], vec![1.0, 2.0, 3.0, 4.0])
    );
    // Ragged data: NumPy's messages (checked against NumPy by the fixture script).
    let cases: [(Result<Array<i32>>, &str); 3] = [
        (
            array(&dev, vec![vec![1, 2], vec![3]]).run(),
            "after 1 dimensions. The detected shape was (2,) +",
        ),
        (
            array(
                &dev,
                vec![vec![vec![1, 2], vec![3, 4]], vec![vec![1, 2], vec![3]]],
            )
            .run(),
            "after 2 dimensions. The detected shape was (2, 2) +",
        ),
        (
            array(&dev, vec![vec![], vec![1]]).run(),
            "after 1 dimensions. The detected shape was (2,) +",
        ),
    ];
    for (got, want) in cases {
        let e = got.unwrap_err().to_string();
        assert!(e.contains("inhomogeneous shape") && e.contains(want), "{e}");
    }
    let deep = vec![vec![vec![1u8, 2]], vec![vec![3, 4], vec![5, 6]]];
    assert!(array(&dev, &deep)
        .run()
        .unwrap_err()
        .to_string()
        .contains("after 1 dimensions"));
    // copy=False with host data, and ndmin past NumPy's 64 dimensions.
    let e = array(&dev, [1.0, 2.0])
        .copy(CopyMode::Never)
        .run()
        .unwrap_err();
    assert!(e.to_string().contains("Unable to avoid copy"), "{e}");
    let e = array(&dev, 1.0).ndmin(65).run().unwrap_err();
    assert!(e.to_string().contains("ndmin must be <= ndmax (64)"), "{e}");
    assert_eq!(array(&dev, 1.0).ndmin(64).run().unwrap().ndim(), 64);
}

#[test]
fn arrays_and_expressions_copy_only_as_asked() {
    for dev in devices() {
        let a = Array::from_vec(&dev, &[2, 3], (0..6).map(|i| i as f64).collect()).unwrap();
        // asarray: the same storage; array: a copy unless copy=None/False.
        assert!(asarray(&dev, &a).run().unwrap().same_storage(&a));
        assert!(asanyarray(&dev, a.clone()).run().unwrap().same_storage(&a));
        assert!(!array(&dev, &a).run().unwrap().same_storage(&a));
        assert!(array(&dev, &a)
            .copy(CopyMode::IfNeeded)
            .run()
            .unwrap()
            .same_storage(&a));
        // Another dtype is a copy, refused with copy=False (NumPy's ValueError).
        let i = asarray(&dev, &a).dtype::<i32>().run().unwrap();
        assert_eq!(i.to_vec().unwrap(), vec![0, 1, 2, 3, 4, 5]);
        assert!(asarray(&dev, &a)
            .dtype::<i32>()
            .copy(CopyMode::Never)
            .run()
            .is_err());
        assert!(asarray(&dev, &a)
            .dtype::<f64>()
            .copy(CopyMode::Never)
            .run()
            .unwrap()
            .same_storage(&a));
        // Expressions are evaluated (with the cast fused); never a copy of an array.
        let e = asarray(&dev, &a * 2.0 + 1.0)
            .dtype::<f32>()
            .copy(CopyMode::Never)
            .run()
            .unwrap();
        assert_eq!(e.to_vec().unwrap(), vec![1.0, 3.0, 5.0, 7.0, 9.0, 11.0]);
        let t = array(&dev, &(&a.t() * 1.0))
            .order(MemoryOrder::F)
            .run()
            .unwrap();
        assert_eq!((t.shape(), t.strides()), (&[3, 2][..], &[1, 3][..]));
        // Empty and 0-d arrays.
        let empty = Array::<f64>::zeros(&dev, &[0, 3]).unwrap();
        assert_eq!(
            array(&dev, &empty.t())
                .order(MemoryOrder::F)
                .run()
                .unwrap()
                .shape(),
            &[3, 0]
        );
        let s = Array::scalar(&dev, 2.5f64).unwrap();
        assert!(asarray(&dev, &s).run().unwrap().same_storage(&s));
        assert_eq!(
            array(&dev, &s).ndmin(1).run().unwrap().to_vec().unwrap(),
            vec![2.5]
        );
    }
    // Another device: a copy, refused with copy=False.
    if let Some(gpu) = devices().into_iter().find(|d| !d.same(&Device::cpu())) {
        let a = Array::from_vec(&Device::cpu(), &[2], vec![1.0f32, 2.0]).unwrap();
        let g = asarray(&gpu, &a.flip(0).unwrap()).run().unwrap();
        assert!(g.device().same(&gpu));
        assert_eq!(g.to_vec().unwrap(), vec![2.0, 1.0]);
        assert!(asarray(&gpu, &a).copy(CopyMode::Never).run().is_err());
    }
}

#[test]
fn asarray_chkfinite_and_require_errors() {
    let dev = Device::cpu();
    assert_eq!(
        asarray_chkfinite(&dev, [1.0f32, -2.0])
            .unwrap()
            .to_vec()
            .unwrap(),
        vec![1.0, -2.0]
    );
    for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        let e = asarray_chkfinite(&dev, [[1.0, 2.0], [bad, 0.0]]).unwrap_err();
        assert!(
            e.to_string()
                .contains("array must not contain infs or NaNs"),
            "{e}"
        );
    }
    let z = Array::from_vec(
        &dev,
        &[2],
        vec![c64::new(1.0, 0.0), c64::new(0.0, f32::INFINITY)],
    )
    .unwrap();
    assert!(asarray_chkfinite(&dev, &z).is_err());
    assert!(asarray_chkfinite(&dev, &z.slice(s![..1]).unwrap()).is_ok());
    // Integers and empty arrays pass; a strided view is checked on its own elements.
    assert!(asarray_chkfinite(&dev, [i64::MAX, i64::MIN]).is_ok());
    assert!(asarray_chkfinite(&dev, &Array::<f64>::zeros(&dev, &[0]).unwrap()).is_ok());
    let a = Array::from_vec(&dev, &[4], vec![1.0, f64::NAN, 2.0, f64::NAN]).unwrap();
    let v = asarray_chkfinite(&dev, &a.slice(s![..;2]).unwrap()).unwrap();
    assert_eq!(v.to_vec().unwrap(), vec![1.0, 2.0]);
    assert!(asarray_chkfinite(&dev, &a * 1.0).is_err());
    // require: both orders, an unknown flag (NumPy's KeyError), OWNDATA copies arrays only.
    let e = require(&dev, &a, &["C", "F"]).unwrap_err();
    assert!(
        e.to_string()
            .contains("Cannot specify both \"C\" and \"F\" order"),
        "{e}"
    );
    assert!(require(&dev, &a, &["X"]).is_err());
    assert!(require(&dev, &a, &["CONTIGUOUS"]).unwrap().same_storage(&a));
    assert!(!require(&dev, &a, &["O"]).unwrap().same_storage(&a));
    assert!(!require(&dev, &a.slice(s![..;2]).unwrap(), &["owndata"])
        .unwrap()
        .same_storage(&a));
    assert_eq!(
        require(&dev, [[1, 2], [3, 4]], &["F", "O"])
            .unwrap()
            .strides(),
        &[1, 2]
    );
    assert!(require(&dev, &a, &[]).unwrap().same_storage(&a));
}

#[test]
fn isscalar_and_iterable() {
    let dev = Device::cpu();
    assert!(isscalar(&1u8) && isscalar(&f16::from_f64(1.0)) && isscalar(&c128::new(1.0, 2.0)));
    assert!(!isscalar(&[1u8]) && !isscalar(&vec![1.0f64]) && !isscalar(&[[1i8; 2]; 2]));
    let s = Array::scalar(&dev, 1.0f32).unwrap();
    assert!(!isscalar(&s) && !isscalar(&(&s * 2.0)));
    assert!(!iterable(&1u8).unwrap() && !iterable(&s).unwrap() && !iterable(&(&s * 2.0)).unwrap());
    assert!(iterable(&[1u8]).unwrap() && iterable(&Vec::<bool>::new()).unwrap());
    let v = Array::<i32>::zeros(&dev, &[0, 2]).unwrap();
    assert!(iterable(&v).unwrap() && iterable(&(&v + 1)).unwrap());
}

#[test]
fn fromfunction_as_numpy() {
    for dev in devices() {
        let npz = fixtures(&dev);
        for i in 0..count(&npz, "ff_n") {
            let c = format!("ff_{i}");
            let p = ints(&npz, &format!("{c}_p"));
            let shape = usizes(&p[1..]);
            let got = fromfunction(&dev, &shape, |g: &[Array<f64>]| {
                assert_eq!(g.len(), shape.len());
                if p[0] == 0 {
                    let j = if g.len() > 1 {
                        (&g[1] * 1.0).eval()?
                    } else {
                        Array::scalar(&dev, 0.0)?
                    };
                    (&g[0] * 10.0 + &j).eval()
                } else {
                    let mut acc = (&g[0] * &g[0]).eval()?;
                    for (k, gk) in g.iter().enumerate().skip(1) {
                        acc = (&acc + gk * gk * (k as f64 + 1.0)).eval()?;
                    }
                    (&acc - 3.0).eval()
                }
            });
            check(&npz, &c, got, &dev);
        }
        // Integer grids, and a 0-d shape (no grid).
        let eye = fromfunction(&dev, &[2, 3], |g: &[Array<i64>]| {
            kernels_std::equal(&g[0], &g[1])
        })
        .unwrap();
        assert_eq!(
            eye.to_vec().unwrap(),
            vec![true, false, false, false, true, false]
        );
        let k = fromfunction(&dev, &[], |g: &[Array<u8>]| {
            Array::scalar(&dev, g.len() as u8)
        })
        .unwrap();
        assert_eq!(k.item().unwrap(), 0);
        assert!(fromfunction(&dev, &[usize::MAX, 2], |g: &[Array<f64>]| Ok(g[0].clone())).is_err());
    }
}

fn along(k: i64, v: &Array<f64>) -> Result<Array<f64>> {
    match k {
        0 => sum(v).run(),
        1 => (&v.flip(0)? * 2.0).eval(),
        2 => diag(v, 0),
        _ => v.slice(s![..2]),
    }
}

#[test]
fn apply_along_axis_as_numpy() {
    for dev in devices() {
        let npz = fixtures(&dev);
        for i in 0..count(&npz, "aaa_n") {
            let c = format!("aaa_{i}");
            let p = ints(&npz, &format!("{c}_p"));
            let a = get::<f64>(&npz, &format!("{c}_a"));
            let x = if p[2] == 1 { a.t() } else { a };
            let got = apply_along_axis(
                |v: &Array<f64>| {
                    assert_eq!(v.ndim(), 1);
                    along(p[0], v)
                },
                p[1] as isize,
                &x,
            );
            check(&npz, &c, got, &dev);
        }
        // Later results broadcast to the first one's shape; a bigger one is an error.
        let a = Array::from_vec(&dev, &[3, 2], vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0]).unwrap();
        let mut first = true;
        let b = apply_along_axis(
            |v: &Array<f64>| {
                let r = if first { v.copy() } else { sum(v).run() };
                first = false;
                r
            },
            1,
            &a,
        )
        .unwrap();
        assert_eq!(b.to_vec().unwrap(), vec![1.0, 2.0, 7.0, 7.0, 11.0, 11.0]);
        let mut n = 0;
        let e = apply_along_axis(
            |v: &Array<f64>| {
                n += 1;
                if n == 1 {
                    sum(v).run()
                } else {
                    v.copy()
                }
            },
            1,
            &a,
        );
        assert!(e
            .unwrap_err()
            .to_string()
            .contains("could not broadcast input array from shape (2,) into shape ()"));
    }
}

#[test]
fn apply_over_axes_as_numpy() {
    for dev in devices() {
        let npz = fixtures(&dev);
        for i in 0..count(&npz, "aoa_n") {
            let c = format!("aoa_{i}");
            let p = ints(&npz, &format!("{c}_p"));
            let a = get::<f64>(&npz, &format!("{c}_a"));
            let axes: Vec<isize> = p[1..].iter().map(|&x| x as isize).collect();
            let got = apply_over_axes(
                |v, axis| {
                    if p[0] == 1 {
                        sum(&sum(v).axis(axis).run()?).axis(0).run()
                    } else {
                        sum(v).axis(axis).run()
                    }
                },
                &a,
                &axes,
            );
            check(&npz, &c, got, &dev);
        }
    }
}

#[test]
fn piecewise_as_numpy() {
    for dev in devices() {
        let npz = fixtures(&dev);
        for i in 0..count(&npz, "pw_n") {
            let c = format!("pw_{i}");
            let x = get::<f64>(&npz, &format!("{c}_x"));
            let ts = get::<f64>(&npz, &format!("{c}_t")).to_vec().unwrap();
            let conds: Vec<Array<bool>> = ts.iter().map(|&t| less(&x, t).unwrap()).collect();
            let conds: Vec<&Array<bool>> = conds.iter().collect();
            let dev2 = dev.clone();
            let funcs: Vec<Piece<'_, f64>> = ints(&npz, &format!("{c}_p"))
                .into_iter()
                .map(|code| -> Piece<'_, f64> {
                    let d = dev2.clone();
                    match code {
                        0..=9 => (code as f64 - 5.0).into(),
                        10 => Piece::func(|v| (-v).eval()),
                        11 => Piece::func(|v| (v * v).eval()),
                        12 => Piece::func(|v| (v * 0.0 + 7.0).eval()),
                        13 => Piece::func(move |_| Array::scalar(&d, 42.0)),
                        _ => Piece::func(|v| {
                            kernels_std::concatenate(&[v, &v.slice(s![..1])?][..], 0)
                        }),
                    }
                })
                .collect();
            check(&npz, &c, piecewise(&x, &conds, funcs), &dev);
        }
        // A strided input, and a condition of another shape (NumPy's IndexError).
        let a = Array::from_vec(&dev, &[2, 3], vec![-1.0, 2.0, -3.0, 4.0, -5.0, 6.0]).unwrap();
        let t = a.t();
        let neg = less(&t, 0.0).unwrap();
        let y = piecewise(
            &t,
            &[&neg],
            vec![Piece::func(|v| (v * 10.0).eval()), 1.0.into()],
        )
        .unwrap();
        assert_eq!(
            y.to_vec().unwrap(),
            vec![-10.0, 1.0, 1.0, -50.0, -30.0, 1.0]
        );
        assert!(piecewise(&a, &[&neg], vec![0.0.into()]).is_err());
    }
}

#[test]
fn typename_and_mintypecode_as_numpy() {
    let npz = fixtures(&Device::cpu());
    for i in 0..count(&npz, "tn_n") {
        let c = format!("tn_{i}");
        let ch = text(&npz, &format!("{c}_c"));
        match typename(&ch) {
            Ok(name) if !raises(&npz, &c) => {
                assert_eq!(name, text(&npz, &format!("{c}_out")), "{ch}")
            }
            got => assert!(
                got.is_err() && raises(&npz, &c),
                "typename({ch:?}): {got:?}"
            ),
        }
    }
    for i in 0..count(&npz, "mtc_n") {
        let c = format!("mtc_{i}");
        let chars: Vec<char> = text(&npz, &format!("{c}_c")).chars().collect();
        let set = text(&npz, &format!("{c}_set"));
        let default = text(&npz, &format!("{c}_def")).chars().next().unwrap();
        let got = mintypecode(&chars, &set, default);
        if raises(&npz, &c) {
            assert!(got.is_err(), "mintypecode({chars:?}, {set}): {got:?}");
        } else {
            let want = text(&npz, &format!("{c}_out")).chars().next().unwrap();
            assert_eq!(
                got.unwrap(),
                want,
                "mintypecode({chars:?}, {set:?}, {default:?})"
            );
        }
    }
}

/// Steps separated by -1, as the fixtures store paths.
fn steps(flat: &[i64]) -> Vec<Vec<usize>> {
    flat.split(|&x| x == -1)
        .filter(|s| !s.is_empty())
        .map(usizes)
        .collect()
}

#[test]
fn einsum_path_as_numpy() {
    let dev = Device::cpu();
    let npz = fixtures(&dev);
    for i in 0..count(&npz, "ep_n") {
        let c = format!("ep_{i}");
        let sub = text(&npz, &format!("{c}_sub"));
        let flat = ints(&npz, &format!("{c}_shapes"));
        let mut ops = Vec::new();
        let mut at = 0;
        while at < flat.len() {
            let nd = flat[at] as usize;
            ops.push(Array::<f64>::zeros(&dev, &usizes(&flat[at + 1..at + 1 + nd])).unwrap());
            at += 1 + nd;
        }
        let ops: Vec<&Array<f64>> = ops.iter().collect();
        let p = ints(&npz, &format!("{c}_p"));
        let limit = (p[1] >= 0).then_some(p[1] as u128);
        let optimize = match p[0] {
            0 => EinsumOptimize::None,
            1 => EinsumOptimize::Greedy(limit),
            2 => EinsumOptimize::Optimal(limit),
            _ => EinsumOptimize::Path(steps(&ints(&npz, &format!("{c}_ex")))),
        };
        let got = einsum_path(&sub, &ops, optimize);
        if raises(&npz, &c) {
            assert!(got.is_err(), "{c} {sub}: NumPy raises, we gave {got:?}");
            continue;
        }
        let got = got.unwrap_or_else(|e| panic!("{c} {sub}: {e}"));
        assert_eq!(
            got.path,
            steps(&ints(&npz, &format!("{c}_path"))),
            "{c} {sub}: path"
        );
        let report = text(&npz, &format!("{c}_rep"));
        if sub.contains("...") {
            // The ellipsis's letters are NumPy's set order: compare the numbers only.
            let lines = |r: &str| {
                r.lines()
                    .skip(1)
                    .take(6)
                    .map(str::to_string)
                    .collect::<Vec<_>>()
            };
            assert_eq!(lines(&got.report), lines(&report), "{c} {sub}");
        } else {
            assert_eq!(got.report, report, "{c} {sub}: report");
        }
    }
}

/// The one new module these routines make: `asarray(expr).dtype::<U>()` fuses the cast into
/// the expression's kernel; NVRTC compiles it (the other paths reuse compiled kernels).
#[test]
fn nvrtc_compiles_the_fused_cast_of_asarray() {
    let a = Array::from_vec(&Device::cpu(), &[3], vec![1.0f64, 2.0, 3.0]).unwrap();
    let e = (&a * 2.0 + 1.0).astype::<f32>();
    assert!(e.verify_cuda().unwrap() > 0);
    let got = asarray(&Device::cpu(), &a * 2.0 + 1.0)
        .dtype::<f32>()
        .run()
        .unwrap();
    assert_eq!(got.to_vec().unwrap(), vec![3.0, 5.0, 7.0]);
}
