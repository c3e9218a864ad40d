//! `shape::rollaxis` and `stats::array_equiv` against NumPy: the fixtures of
//! `scripts/fixtures/gen_axes_equiv_fixtures.py` (`fixtures/axes_equiv/axes_equiv.npz`), on
//! the CPU backend and, when there is one, on CUDA device 0. Both are exact.

mod common;

use common::{devices, fixture};
use kernels_std::io::{load_npz, NpyDType, Npz};
use kernels_std::prelude::*;
use kernels_std::s;
use kernels_std::shape::rollaxis;
use kernels_std::stats::array_equiv;

/// The `(axis, start)` pairs of the script's `ROLL`.
const ROLL: [(isize, isize); 10] = [
    (0, 0),
    (3, 1),
    (2, 0),
    (1, 4),
    (-1, -4),
    (0, 3),
    (1, -1),
    (-2, 4),
    (2, 2),
    (2, 3),
];

fn fixtures(dev: &Device) -> Npz {
    load_npz(fixture("axes_equiv/axes_equiv.npz"), dev).expect("axes_equiv.npz")
}

fn a<T: NpyDType>(npz: &Npz, key: &str) -> Array<T> {
    npz.array::<T>(key).unwrap_or_else(|e| panic!("{key}: {e}"))
}

#[track_caller]
fn same(got: &Array<i32>, want: &Array<i32>, what: &str) {
    assert_eq!(got.shape(), want.shape(), "{what}: shape");
    assert_eq!(got.to_vec().unwrap(), want.to_vec().unwrap(), "{what}");
}

#[test]
fn rollaxis_matches_numpy() {
    for dev in devices() {
        let z = fixtures(&dev);
        let x = a::<i32>(&z, "roll_a");
        for (k, (axis, start)) in ROLL.into_iter().enumerate() {
            let got = rollaxis(&x, axis, start).unwrap();
            same(
                &got,
                &a(&z, &format!("roll_{k}")),
                &format!("rollaxis({axis}, {start})"),
            );
        }
        let v = x.slice(s![.., ..;-1, 1..3]).unwrap();
        same(
            &rollaxis(&v, 2, 0).unwrap(),
            &a(&z, "roll_view"),
            "rollaxis of a view",
        );
        // NumPy's AxisErrors: axis outside -4..4, start outside -4..=4.
        for (axis, start) in [(4, 0), (-5, 0), (0, 5), (0, -5)] {
            assert!(
                rollaxis(&x, axis, start).is_err(),
                "rollaxis({axis}, {start})"
            );
        }
    }
}

#[test]
fn array_equiv_matches_numpy() {
    for dev in devices() {
        let z = fixtures(&dev);
        for name in [
            "same",
            "bcast",
            "bcast_diff",
            "no_bcast",
            "col",
            "nan",
            "empty",
            "empty_one",
            "empty_two",
            "scalar",
        ] {
            let c = format!("equiv_{name}");
            let want = a::<bool>(&z, &format!("{c}_out")).to_vec().unwrap()[0];
            let (p, q) = (
                a::<f64>(&z, &format!("{c}_a")),
                a::<f64>(&z, &format!("{c}_b")),
            );
            assert_eq!(array_equiv(&p, &q).unwrap(), want, "{c} on {dev}");
            assert_eq!(array_equiv(&q, &p).unwrap(), want, "{c} swapped on {dev}");
        }
    }
}
