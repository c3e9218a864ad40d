//! `linalg::matvec` and `linalg::vecmat` against NumPy 2.2's gufuncs: the fixtures of
//! `scripts/fixtures/gen_matvec_fixtures.py` (`fixtures/matvec/matvec.npz`), on the CPU
//! backend and, when there is one, on CUDA device 0. Sums of a few products through another
//! GEMM: within `1e-13` relative, `1e-14` absolute.

mod common;

use common::{assert_close, devices, fixture, Approx, Tol};
use kernels_std::io::{load_npz, NpyDType, Npz};
use kernels_std::linalg::{matvec, vecmat};
use kernels_std::prelude::*;

fn a<T: NpyDType>(npz: &Npz, key: &str) -> Array<T> {
    npz.array::<T>(key).unwrap_or_else(|e| panic!("{key}: {e}"))
}

#[track_caller]
fn check<T: Approx>(got: &Array<T>, want: &Array<T>, what: &str) {
    assert_eq!(got.shape(), want.shape(), "{what}: shape");
    assert_close(got, want, Tol::close(1e-13, 1e-14), what);
}

#[test]
fn matvec_vecmat_match_numpy() {
    for dev in devices() {
        let z = load_npz(fixture("matvec/matvec.npz"), &dev).expect("matvec.npz");
        let get = |c: &str| {
            (
                a::<f64>(&z, &format!("{c}_a")),
                a::<f64>(&z, &format!("{c}_b")),
            )
        };
        for case in ["plain", "stack", "empty"] {
            let c = format!("matvec_{case}");
            let (x, y) = get(&c);
            check(&matvec(&x, &y).unwrap(), &a(&z, &format!("{c}_out")), &c);
        }
        for case in ["plain", "stack"] {
            let c = format!("vecmat_{case}");
            let (x, y) = get(&c);
            check(&vecmat(&x, &y).unwrap(), &a(&z, &format!("{c}_out")), &c);
        }
        for f in ["matvec", "vecmat"] {
            let c = format!("{f}_c128");
            let (x, y) = (
                a::<c128>(&z, &format!("{c}_a")),
                a::<c128>(&z, &format!("{c}_b")),
            );
            let got = if f == "matvec" {
                matvec(&x, &y)
            } else {
                vecmat(&x, &y)
            }
            .unwrap();
            check(&got, &a(&z, &format!("{c}_out")), &c);
        }
        // NumPy's errors: missing core dimensions, core dimensions that differ.
        let (m, v) = get("matvec_plain");
        assert!(matvec(&v, &v).is_err());
        assert!(matvec(&m, &m.t()).is_err());
        assert!(vecmat(&v, &v).is_err());
        assert!(vecmat(&v, &m).is_err());
        // A stack of vectors against one matrix: NumPy's (3, 4) @ (3, 4) is (3, 3).
        assert_eq!(matvec(&m, &m).unwrap().shape(), &[3, 3]);
    }
}
