//! `indices`, `diag_indices(_from)`, `tril_indices(_from)` and `triu_indices(_from)` against
//! NumPy: the fixtures of `scripts/fixtures/gen_index_grids_fixtures.py`, on the CPU backend
//! and, when there is one, on CUDA device 0. Exact comparisons.

mod common;

use common::{assert_close, devices, fixture, Tol};
use kernels_std::creation::{
    diag_indices, diag_indices_from, indices, indices_sparse, ravel_multi_index, tril_indices,
    tril_indices_from, triu_indices, triu_indices_from, unravel_index, zeros, IndexOrder,
    RavelMode,
};
use kernels_std::io::{load_npz, Npz};
use kernels_std::prelude::*;

fn fixtures(dev: &Device) -> Npz {
    load_npz(fixture("index_grids/index_grids.npz"), dev).expect("index_grids.npz")
}

#[track_caller]
fn check(got: &Array<i64>, npz: &Npz, name: &str, dev: &Device) {
    let want = npz
        .array::<i64>(name)
        .unwrap_or_else(|e| panic!("fixture {name}: {e}"));
    assert!(got.device().same(dev), "{name}: result on {}", got.device());
    assert_eq!(got.shape(), want.shape(), "{name} on {dev}: shape");
    assert_close(got, &want, Tol::exact(), &format!("{name} on {dev}"));
}

const TRI: [(usize, isize, Option<usize>); 8] = [
    (3, 0, None),
    (3, -1, Some(4)),
    (4, 1, Some(2)),
    (2, 5, Some(1)),
    (3, -5, None),
    (0, 0, None),
    (5, 2, Some(7)),
    (1, 0, Some(0)),
];

#[test]
fn triangles_against_numpy() {
    for dev in devices() {
        let npz = fixtures(&dev);
        for (n, k, m) in TRI {
            let kn = if k < 0 {
                format!("m{}", -k)
            } else {
                k.to_string()
            };
            let mn = m.map_or("n".to_string(), |m| m.to_string());
            let name = format!("{n}_{kn}_{mn}");
            let (r, c) = tril_indices(&dev, n, k, m).unwrap();
            check(&r, &npz, &format!("tril_{name}_r"), &dev);
            check(&c, &npz, &format!("tril_{name}_c"), &dev);
            let (r, c) = triu_indices(&dev, n, k, m).unwrap();
            check(&r, &npz, &format!("triu_{name}_r"), &dev);
            check(&c, &npz, &format!("triu_{name}_c"), &dev);
            // The _from forms read the shape of a 2-d array (a transposed view here).
            let a = zeros::<f32>(&dev, &[m.unwrap_or(n), n]).unwrap().t();
            let (r, c) = tril_indices_from(&a, k).unwrap();
            check(&r, &npz, &format!("tril_{name}_r"), &dev);
            check(&c, &npz, &format!("tril_{name}_c"), &dev);
            let (r, c) = triu_indices_from(&a, k).unwrap();
            check(&r, &npz, &format!("triu_{name}_r"), &dev);
            check(&c, &npz, &format!("triu_{name}_c"), &dev);
        }
    }
    let dev = Device::cpu();
    for shape in [&[3][..], &[2, 2, 2], &[]] {
        let a = zeros::<u8>(&dev, shape).unwrap();
        assert!(tril_indices_from(&a, 0).is_err());
        assert!(triu_indices_from(&a, 0).is_err());
    }
}

#[test]
fn grids_and_diagonals_against_numpy() {
    for dev in devices() {
        let npz = fixtures(&dev);
        for dims in [&[2, 3][..], &[4], &[2, 0, 3], &[1, 2, 3]] {
            let name = dims
                .iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join("x");
            check(
                &indices(&dev, dims).unwrap(),
                &npz,
                &format!("ind_{name}"),
                &dev,
            );
            let sparse = indices_sparse(&dev, dims).unwrap();
            assert_eq!(sparse.len(), dims.len());
            for (i, g) in sparse.iter().enumerate() {
                check(g, &npz, &format!("inds_{name}_{i}"), &dev);
            }
        }
        for (n, ndim) in [(3, 2), (2, 4), (0, 2)] {
            let d = diag_indices(&dev, n, ndim).unwrap();
            assert_eq!(d.len(), ndim);
            let shape = vec![n; ndim];
            let from = diag_indices_from(&zeros::<bool>(&dev, &shape).unwrap()).unwrap();
            for (i, (g, f)) in d.iter().zip(&from).enumerate() {
                check(g, &npz, &format!("diag_{n}_{ndim}_{i}"), &dev);
                check(f, &npz, &format!("diag_{n}_{ndim}_{i}"), &dev);
            }
        }
    }
    let dev = Device::cpu();
    assert_eq!(indices(&dev, &[]).unwrap().shape(), &[0]);
    assert!(indices_sparse(&dev, &[]).unwrap().is_empty());
    assert!(diag_indices_from(&zeros::<f64>(&dev, &[3]).unwrap()).is_err());
    assert!(diag_indices_from(&zeros::<f64>(&dev, &[2, 3]).unwrap()).is_err());
}

#[test]
fn unravel_index_against_numpy() {
    for dev in devices() {
        let npz = fixtures(&dev);
        let x = npz.array::<i64>("unr_x").unwrap();
        for (order, name) in [(IndexOrder::C, "C"), (IndexOrder::F, "F")] {
            let c = unravel_index(&x, &[3, 4, 5], order).unwrap();
            assert_eq!(c.len(), 3);
            for (i, g) in c.iter().enumerate() {
                check(g, &npz, &format!("unr_{name}_{i}"), &dev);
            }
            // A transposed view of the positions gives the transposed coordinates.
            let t = unravel_index(&x.t(), &[3, 4, 5], order).unwrap();
            for (i, g) in t.iter().enumerate() {
                let want = npz.array::<i64>(&format!("unr_{name}_{i}")).unwrap();
                assert_eq!(
                    g.to_vec().unwrap(),
                    want.t().copy().unwrap().to_vec().unwrap()
                );
            }
        }
    }
    let dev = Device::cpu();
    let bad = Array::from_vec(&dev, &[2], vec![6i64, 0]).unwrap();
    let err = unravel_index(&bad, &[2, 3], IndexOrder::C)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("index 6 is out of bounds for array with size 6"),
        "{err}"
    );
    let neg = Array::from_vec(&dev, &[1], vec![-1i64]).unwrap();
    assert!(unravel_index(&neg, &[2, 3], IndexOrder::C).is_err());
    let zero = Array::scalar(&dev, 0i64).unwrap();
    assert!(unravel_index(&zero, &[0, 3], IndexOrder::C).is_err());
    assert!(unravel_index(&zero, &[], IndexOrder::C).unwrap().is_empty());
    let empty = Array::<i64>::zeros(&dev, &[0]).unwrap();
    let c = unravel_index(&empty, &[2, 3], IndexOrder::F).unwrap();
    assert_eq!((c.len(), c[0].shape()), (2, &[0][..]));
    let s = unravel_index(&Array::scalar(&dev, 4i64).unwrap(), &[2, 3], IndexOrder::F).unwrap();
    assert_eq!(
        (s[0].shape(), s[0].item().unwrap(), s[1].item().unwrap()),
        (&[][..], 0, 2)
    );
}

#[test]
fn ravel_multi_index_against_numpy() {
    use RavelMode::*;
    for dev in devices() {
        let npz = fixtures(&dev);
        let (r, c) = (
            npz.array::<i64>("rav_r").unwrap(),
            npz.array::<i64>("rav_c").unwrap(),
        );
        for (name, modes) in [
            ("wrap", &[Wrap][..]),
            ("clip", &[Clip]),
            ("wc", &[Wrap, Clip]),
        ] {
            for (order, oname) in [(IndexOrder::C, "C"), (IndexOrder::F, "F")] {
                let got = ravel_multi_index(&[&r, &c], &[4, 5], modes, order).unwrap();
                check(&got, &npz, &format!("rav_{name}_{oname}"), &dev);
            }
        }
        let (r, c) = (
            npz.array::<i64>("rav_ok_r").unwrap(),
            npz.array::<i64>("rav_ok_c").unwrap(),
        );
        for (order, oname) in [(IndexOrder::C, "C"), (IndexOrder::F, "F")] {
            let got = ravel_multi_index(&[&r, &c], &[4, 5], &[Raise], order).unwrap();
            check(&got, &npz, &format!("rav_raise_{oname}"), &dev);
        }
        // Round trip through unravel_index.
        let flat = ravel_multi_index(&[&r, &c], &[4, 5], &[Raise], IndexOrder::F).unwrap();
        let back = unravel_index(&flat, &[4, 5], IndexOrder::F).unwrap();
        assert_eq!(back[0].to_vec().unwrap(), r.to_vec().unwrap());
        assert_eq!(back[1].to_vec().unwrap(), c.to_vec().unwrap());
    }
    let dev = Device::cpu();
    let a = Array::from_vec(&dev, &[2], vec![3i64, 7]).unwrap();
    let z = Array::from_vec(&dev, &[2], vec![0i64, 0]).unwrap();
    let err = ravel_multi_index(&[&a, &z], &[7, 6], &[Raise], IndexOrder::C).unwrap_err();
    assert!(err
        .to_string()
        .contains("invalid entry in coordinates array"));
    assert!(ravel_multi_index(&[&a], &[7, 6], &[Raise], IndexOrder::C).is_err());
    assert!(ravel_multi_index(&[&a, &z], &[7, 6], &[Wrap, Wrap, Wrap], IndexOrder::C).is_err());
}
