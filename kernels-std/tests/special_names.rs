//! The scipy.special names of issue 16 added last (`owens_t`, `smirnov`, `smirnovi`,
//! `fresnel`)
//! against SciPy 1.17.1, with mpmath's values where SciPy's are off
//! (`scripts/fixtures/gen_special_names_fixtures.py`, one archive per family in
//! `tests/fixtures/special_names/`), on every device: each result's `float64` values within
//! 1e-13 relative (bounds beyond it said at each check), its `float32` values within 4 ULPs
//! of the reference rounded to `float32`, the result dtypes for `int16`, `int64`, `float16`
//! and `float32` inputs; NaN must be NaN and infinities equal. Strided, 0-d and empty
//! operands, and the device functions called from a user's kernel. (The NVRTC compile of
//! these kernels is `tests/special.rs`'s, which lists every kernel.)

mod common;

use common::special_fixtures::check;
use common::{fixture, on_devices, Tol};
use kernels_std::io::{self, Npz};
use kernels_std::prelude::*;
use kernels_std::special;
use kernels_std::special::scalar as sp;

/// 1e-13 relative (or 4 ULPs); below the smallest normal number absolutely.
const F64: Tol = Tol {
    ulps: 4,
    rtol: 1e-13,
    atol: f64::MIN_POSITIVE,
    signed_zero: false,
};

/// 4 ULPs of the reference rounded to `float32`, subnormals absolutely.
const F32: Tol = Tol {
    ulps: 4,
    rtol: 0.0,
    atol: f32::MIN_POSITIVE as f64,
    signed_zero: false,
};

/// A family's archive.
fn family(name: &str) -> Npz {
    let path = fixture(&format!("special_names/{name}.npz"));
    io::load_npz(&path, &Device::cpu()).unwrap_or_else(|e| panic!("{path:?}: {e}"))
}

#[test]
fn owens_t() {
    let z = family("owens_t");
    on_devices(|e, d| {
        check!(e, z, d, owens_t: special::owens_t, [0, 1], 1, F64, F32);
    });
}

#[test]
fn fresnel() {
    let z = family("fresnel");
    on_devices(|e, d| {
        check!(e, z, d, fresnel: special::fresnel, [0], 2, F64, F32);
    });
}

#[test]
fn smirnov() {
    let z = family("smirnov");
    on_devices(|e, d| {
        check!(e, z, d, smirnov: special::smirnov, [0, 1], 1, F64, F32);
        check!(e, z, d, smirnovi: special::smirnovi, [0, 1], 1, F64, F32);
    });
}

/// A user's kernel calling the device functions.
#[elementwise]
fn owens_and_smirnov(h: f64, a: f64) -> f64 {
    sp::owens_t(h, a) + sp::smirnov(10.0, sp::smirnovi(10.0, a))
}

#[test]
fn views_scalars_and_user_kernels() {
    let dev = Device::cpu();
    // a strided view (every other column of the transpose), a 0-d operand, an empty one
    let m = Array::from_vec(&dev, &[2, 3], vec![0.0f64, 0.5, 1.0, 2.0, 5.0, 10.0]).unwrap();
    let a = Array::from_vec(&dev, &[1], vec![0.5f64]).unwrap();
    let got = special::owens_t(m.t(), &a).unwrap();
    assert_eq!(got.shape(), &[3, 2]);
    let want: Vec<f64> = [0.0, 2.0, 0.5, 5.0, 1.0, 10.0]
        .iter()
        .map(|&h| sp::owens_t(h, 0.5))
        .collect();
    assert_eq!(got.to_vec().unwrap(), want);
    let zero_d = Array::from_vec(&dev, &[], vec![0.3f64]).unwrap();
    let s = special::smirnov(5.0, &zero_d).unwrap();
    assert_eq!(s.shape(), &[] as &[usize]);
    assert!((s.item().unwrap() / 0.34282 - 1.0).abs() < 1e-14);
    let empty = Array::<f64>::zeros(&dev, &[0]).unwrap();
    assert_eq!(special::smirnovi(&empty, &empty).unwrap().shape(), &[0]);
    // the device functions from a user's kernel, on the CPU backend
    let h = Array::from_vec(&dev, &[2], vec![1.0f64, 3.0]).unwrap();
    let p = Array::from_vec(&dev, &[2], vec![0.5f64, 0.25]).unwrap();
    let y = owens_and_smirnov(&h, &p).unwrap().to_vec().unwrap();
    for (k, (hv, pv)) in [(1.0, 0.5), (3.0, 0.25)].into_iter().enumerate() {
        let want = sp::owens_t(hv, pv) + pv;
        assert!((y[k] / want - 1.0).abs() < 1e-14, "{k}: {} vs {want}", y[k]);
    }
}
