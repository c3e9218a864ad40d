//! Wright's generalized Bessel function (`wright_bessel`, `log_wright_bessel`) and `sinc`
//! against SciPy 1.17.1, with mpmath's values where SciPy's are off
//! (`scripts/fixtures/gen_special_wright_fixtures.py`, `tests/fixtures/special_wright/`),
//! on every device: the `float64` values within the bounds below, the `float32` values
//! within 4 ULPs of the reference rounded to `float32`, the result dtypes for `int16`,
//! `int64`, `float16` and `float32` inputs; views, 0-d and empty operands, broadcasting,
//! and the device functions from a user's kernel. (The NVRTC compile of these kernels is
//! `tests/special.rs`'s, which lists every kernel.)

mod common;

use common::special_fixtures::{check, F32, F64};
use common::{fixture, on_devices};
use kernels_std::io::{self, Npz};
use kernels_std::prelude::*;
use kernels_std::special::{self, scalar as sp};

/// An archive of `tests/fixtures/special_wright/`.
fn family(name: &str) -> Npz {
    let path = fixture(&format!("special_wright/{name}.npz"));
    io::load_npz(&path, &Device::cpu()).unwrap_or_else(|e| panic!("{path:?}: {e}"))
}

#[test]
fn wright_bessel() {
    let z = family("wright");
    on_devices(|e, d| {
        // a in [0, 178], b in [0, 178], x in [0, 1e4] and the edges (measured: 4.2e-14
        // relative at most, 1e-14 for the logarithm)
        check!(e, z, d, wright_bessel: special::wright_bessel, [0, 1, 2], 1, F64, F32);
        check!(e, z, d, log_wright_bessel: special::log_wright_bessel, [0, 1, 2], 1, F64, F32);
        // x from 1e5 to 1e300 (the logarithm 5.9e-14 at x = 1e300: the rounding of ln x
        // moves ln Phi by ln(x) / (1 + a) ULPs)
        check!(e, z, d, wright_bessel_large: special::wright_bessel, [0, 1, 2], 1, F64, no_f32);
        check!(e, z, d, log_wright_bessel_large: special::log_wright_bessel, [0, 1, 2], 1, F64, no_f32);
    });
}

#[test]
fn sinc() {
    let z = family("sinc");
    on_devices(|e, d| {
        // SciPy's sinc is NumPy's (its float32 loop computes in float32: 4 ULPs of it)
        check!(e, z, d, sinc: special::sinc, [0], 1, F64, F32);
    });
    // the same kernel as math::sinc
    let x = Array::from_vec(&Device::cpu(), &[3], vec![0.25f32, -3.5, 0.0]).unwrap();
    assert_eq!(
        special::sinc(&x).unwrap().to_vec().unwrap(),
        kernels_std::math::sinc(&x).unwrap().to_vec().unwrap()
    );
}

#[elementwise]
fn wright_sum(a: f64, x: f64) -> f64 {
    sp::wright_bessel(a, 1.0, x) + sp::log_wright_bessel(a, 0.0, x)
}

#[test]
fn views_scalars_and_user_kernels() {
    let dev = Device::cpu();
    // a strided view (the transpose), a 0-d operand, an empty one, broadcasting
    let m = Array::from_vec(&dev, &[2, 3], vec![0.0f64, 0.5, 1.0, 2.0, 5.0, 10.0]).unwrap();
    let b = Array::from_vec(&dev, &[2], vec![0.5f64, 2.0]).unwrap();
    let got = special::wright_bessel(0.75, &b, m.t()).unwrap();
    assert_eq!(got.shape(), &[3, 2]);
    let want: Vec<f64> = [0.0, 2.0, 0.5, 5.0, 1.0, 10.0]
        .iter()
        .enumerate()
        .map(|(i, &x)| sp::wright_bessel(0.75, [0.5, 2.0][i % 2], x))
        .collect();
    assert_eq!(got.to_vec().unwrap(), want);
    let zero_d = Array::from_vec(&dev, &[], vec![2.0f64]).unwrap();
    let s = special::log_wright_bessel(&zero_d, 1.0, 4.0).unwrap();
    assert_eq!(s.shape(), &[] as &[usize]);
    assert_eq!(s.item().unwrap(), sp::log_wright_bessel(2.0, 1.0, 4.0));
    let empty = Array::<f64>::zeros(&dev, &[0]).unwrap();
    assert_eq!(
        special::wright_bessel(&empty, 1.0, &empty).unwrap().shape(),
        &[0]
    );
    assert!(special::wright_bessel(&m, &b, 1.0).is_err()); // shapes (2, 3) and (2,)
                                                           // the device functions from a user's kernel, on the CPU backend
    let a = Array::from_vec(&dev, &[2], vec![1.0f64, 0.5]).unwrap();
    let x = Array::from_vec(&dev, &[2], vec![1.0f64, 3.0]).unwrap();
    let y = wright_sum(&a, &x).unwrap().to_vec().unwrap();
    for (k, (av, xv)) in [(1.0, 1.0), (0.5, 3.0)].into_iter().enumerate() {
        let want = sp::wright_bessel(av, 1.0, xv) + sp::log_wright_bessel(av, 0.0, xv);
        assert_eq!(y[k], want);
    }
    // Phi(1, 1; x) = I_0(2 sqrt(x)) (SciPy's i0(2))
    assert!((sp::wright_bessel(1.0, 1.0, 1.0) / 2.2795853023360673 - 1.0).abs() < 1e-15);
}
