//! `special`'s later families (Carlson's elliptic integrals, `polygamma`, the Kolmogorov
//! distribution) against SciPy 1.17.1, with mpmath's values where SciPy's are off
//! (`scripts/fixtures/gen_special_misc_fixtures.py`, one archive per family in
//! `tests/fixtures/special_misc/`), on every device: each result's `float64` values
//! within its tolerance (1e-13 relative unless said), its `float32` values within 4 ULPs of
//! the reference rounded to `float32`, the result dtypes for `int16`, `int64`, `float16`
//! and `float32` inputs. NaN must be NaN and infinities equal. (The NVRTC compile of these
//! kernels is `tests/special.rs`'s, which lists every kernel.)

mod common;

use common::special_fixtures::{check, F32, F64};
use common::{check_close, fixture, on_devices, Tol};
use kernels_std::array_runtime::IntoOperand;
use kernels_std::io::{self, Npz};
use kernels_std::prelude::*;
use kernels_std::special::{self, Extend, Promote};

/// A family's archive.
fn family(name: &str) -> Npz {
    let path = fixture(&format!("special_misc/{name}.npz"));
    io::load_npz(&path, &Device::cpu()).unwrap_or_else(|e| panic!("{path:?}: {e}"))
}

#[test]
fn carlson() {
    let z = family("carlson");
    on_devices(|e, d| {
        check!(e, z, d, elliprc: special::elliprc, [0, 1], 1, F64, F32);
        check!(e, z, d, elliprf: special::elliprf, [0, 1, 2], 1, F64, F32);
        check!(e, z, d, elliprd: special::elliprd, [0, 1, 2], 1, F64, F32);
        check!(e, z, d, elliprg: special::elliprg, [0, 1, 2], 1, F64, F32);
        check!(e, z, d, elliprj: special::elliprj, [0, 1, 2, 3], 1, F64, F32);
    });
}

#[test]
fn polygamma() {
    let z = family("polygamma");
    on_devices(|e, d| {
        check!(e, z, d, polygamma: special::polygamma, [0, 1], 1, F64, F32);
        // A negative non-integral x: zeta(n + 1, x) adds terms up to |x - round(x)|^-(n+1)
        // that cancel (3.6e-13 relative at polygamma(4, -2.5); SciPy's as far off, mpmath's
        // reference)
        let negx = Tol { rtol: 1e-11, ..F64 };
        check!(e, z, d, polygamma_negx: special::polygamma, [0, 1], 1, negx, F32);
    });
}

#[test]
fn kolmogorov() {
    let z = family("kolmogorov");
    on_devices(|e, d| {
        check!(e, z, d, kolmogorov: special::kolmogorov, [0], 1, F64, F32);
        check!(e, z, d, kolmogi: special::kolmogi, [0], 1, F64, F32);
    });
}

/// `factorial2(z, extend='complex')` (a path for `check!`).
fn factorial2_complex<'a, T: Promote>(z: impl IntoOperand<'a, T>) -> Result<Array<T::Out>> {
    special::factorial2(z, Extend::Complex)
}

/// `factorialk(z, 3, extend='complex')`.
fn factorialk3_complex<'a, T: Promote>(z: impl IntoOperand<'a, T>) -> Result<Array<T::Out>> {
    special::factorialk(z, 3.0, Extend::Complex)
}

/// `factorialk(z, 2.5, extend='complex')`.
fn factorialk25_complex<'a, T: Promote>(z: impl IntoOperand<'a, T>) -> Result<Array<T::Out>> {
    special::factorialk(z, 2.5, Extend::Complex)
}

#[test]
fn multifactorials() {
    let z = family("numbers");
    on_devices(|e, d| {
        // extend='zero': integer input (the fixtures' float64 inputs converted to int64)
        for (name, k) in [
            ("factorial2", 2.0),
            ("factorialk3", 3.0),
            ("factorialk1", 1.0),
        ] {
            let n: Array<i64> = z
                .array::<f64>(&format!("{name}.in0"))
                .unwrap()
                .astype::<i64>()
                .unwrap()
                .to_device(d)
                .unwrap();
            let got = if k == 2.0 {
                special::factorial2(&n, Extend::Zero)
            } else {
                special::factorialk(&n, k, Extend::Zero)
            };
            let want = z.array::<f64>(&format!("{name}.out0")).unwrap();
            match got {
                Ok(got) => {
                    let got = got.to_device(&Device::cpu()).unwrap();
                    if let Err(m) = check_close(&got, &want, F64, &format!("{name} on {d}")) {
                        e.push(m);
                    }
                }
                Err(err) => e.push(format!("{name} on {d}: {err}")),
            }
        }
        check!(e, z, d, factorial2_complex: factorial2_complex, [0], 1, F64, F32);
        check!(e, z, d, factorialk3_complex: factorialk3_complex, [0], 1, F64, F32);
        check!(e, z, d, factorialk25_complex: factorialk25_complex, [0], 1, F64, F32);
    });
    // SciPy's ValueErrors: floats (and bool) with extend='zero', k < 1 or not an integer
    // there, k <= 0 with extend='complex'
    let x = Array::from_vec(&Device::cpu(), &[1], vec![3.0f64]).unwrap();
    assert!(special::factorial2(&x, Extend::Zero).is_err());
    let b = Array::from_vec(&Device::cpu(), &[1], vec![true]).unwrap();
    assert!(special::factorial2(&b, Extend::Zero).is_err());
    let n = Array::from_vec(&Device::cpu(), &[1], vec![3i32]).unwrap();
    assert!(special::factorialk(&n, 0.0, Extend::Zero).is_err());
    assert!(special::factorialk(&n, 2.5, Extend::Zero).is_err());
    assert!(special::factorialk(&n, -2.0, Extend::Complex).is_err());
    assert_eq!(
        special::factorialk(&n, 2.5, Extend::Complex)
            .unwrap()
            .dtype(),
        DTypeId::F64
    );
    // empty and strided input
    let empty = Array::<i64>::zeros(&Device::cpu(), &[0]).unwrap();
    assert_eq!(
        special::factorial2(&empty, Extend::Zero).unwrap().shape(),
        &[0]
    );
    let m = Array::from_vec(&Device::cpu(), &[2, 3], vec![1i64, 2, 3, 4, 5, 6]).unwrap();
    let t = special::factorial2(m.t(), Extend::Zero).unwrap();
    assert_eq!(t.to_vec().unwrap(), vec![1.0, 8.0, 2.0, 15.0, 3.0, 48.0]);
}

#[test]
fn bernoulli_and_euler() {
    let z = family("numbers");
    on_devices(|e, d| {
        for (name, got) in [
            ("bernoulli", special::bernoulli(d, 300)),
            ("euler", special::euler(d, 200)),
        ] {
            let want = z.array::<f64>(&format!("{name}.out0")).unwrap();
            match got {
                Ok(got) => {
                    let got = got.to_device(&Device::cpu()).unwrap();
                    if let Err(m) = check_close(&got, &want, F64, &format!("{name} on {d}")) {
                        e.push(m);
                    }
                }
                Err(err) => e.push(format!("{name} on {d}: {err}")),
            }
        }
    });
    assert_eq!(
        special::bernoulli(&Device::cpu(), 0)
            .unwrap()
            .to_vec()
            .unwrap(),
        vec![1.0]
    );
    assert_eq!(
        special::euler(&Device::cpu(), 1).unwrap().to_vec().unwrap(),
        vec![1.0, 0.0]
    );
    assert!(special::bernoulli(&Device::cpu(), usize::MAX).is_err());
}
