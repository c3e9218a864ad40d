//! More keywords added to existing routines (issue 17's "gaps in existing routines", second
//! part) against NumPy: the fixtures of `scripts/fixtures/gen_gaps2_fixtures.py`
//! (`fixtures/gaps2/gaps2.npz`), on the CPU backend and, when there is one, on CUDA device 0.
//!
//! The results are selections of the inputs and of the given values, so the comparisons are
//! exact, signed zeros and NaN included.

mod common;

use common::{assert_close, devices, fixture, Approx, Tol};
use kernels_std::io::{load_npz, NpyDType, Npz};
use kernels_std::prelude::*;
use kernels_std::shape::{pad, pad_constant, pad_odd, PadMode, PadOdd};

fn fixtures(dev: &Device) -> Npz {
    load_npz(fixture("gaps2/gaps2.npz"), dev).expect("gaps2.npz")
}

#[track_caller]
fn check<T: Approx>(got: &Array<T>, want: &Array<T>, what: &str, dev: &Device) {
    assert!(got.device().same(dev), "{what}: result on {}", got.device());
    assert_close(
        got,
        want,
        Tol::exact().signed_zero(),
        &format!("{what} on {dev}"),
    );
}

/// Rows of a stored `(k, 2)` array as pairs.
fn pairs<T: NpyDType>(npz: &Npz, key: &str) -> Vec<(T, T)> {
    let v = npz.array::<T>(key).unwrap().to_vec().unwrap();
    v.chunks(2).map(|p| (p[0], p[1])).collect()
}

/// `np.pad(x, widths, constant_values=values)` for case `padc_<name>`.
fn pad_constant_case<T: NpyDType + Approx>(name: &str) {
    let case = format!("padc_{name}");
    for dev in devices() {
        let npz = fixtures(&dev);
        let x = npz.array::<T>(&format!("{case}_x")).unwrap();
        let want = npz.array::<T>(&format!("{case}_want")).unwrap();
        let widths: Vec<(usize, usize)> = pairs::<i64>(&npz, &format!("{case}_widths"))
            .into_iter()
            .map(|(l, r)| (l as usize, r as usize))
            .collect();
        let values = pairs::<T>(&npz, &format!("{case}_values"));
        let got = pad_constant(&x, &widths, &values).unwrap_or_else(|e| panic!("{case}: {e}"));
        check(&got, &want, &case, &dev);
        // One value for every edge is `pad`'s `PadMode::Constant` too.
        if values.len() == 1 && values[0].0 == values[0].1 {
            let got = pad(&x, &widths, PadMode::Constant(values[0].0)).unwrap();
            check(&got, &want, &format!("{case} (PadMode::Constant)"), &dev);
        }
    }
}

#[test]
fn pad_constant_values() {
    pad_constant_case::<i32>("i4_per_axis");
    pad_constant_case::<i32>("i4_one_pair");
    pad_constant_case::<i32>("i4_zero_widths");
    pad_constant_case::<f64>("f8_3d");
    pad_constant_case::<f64>("f8_3d_nan_all");
    pad_constant_case::<u8>("u1_1d");
    pad_constant_case::<f32>("f4_empty_axis");
    pad_constant_case::<bool>("b1_2d");
    pad_constant_case::<i64>("i8_view");
}

#[test]
fn pad_constant_errors_and_0d() {
    let dev = Device::cpu();
    let a = Array::from_vec(&dev, &[2, 2], vec![1i32, 2, 3, 4]).unwrap();
    // Three value pairs for two axes (NumPy: "could not broadcast").
    let e = pad_constant(&a, &[(1, 1)], &[(0, 0); 3]).unwrap_err();
    assert!(
        e.to_string().contains("3 (before, after) value pairs"),
        "{e}"
    );
    let e = pad_constant(&a, &[(1, 1); 3], &[(0, 0)]).unwrap_err();
    assert!(e.to_string().contains("width pairs"), "{e}");
    assert!(pad_constant(&a, &[(usize::MAX, 1)], &[(0, 0)]).is_err());
    // A 0-d array: no axes, nothing to pad (NumPy returns a copy).
    let z = Array::from_vec(&dev, &[], vec![5i32]).unwrap();
    let got = pad_constant(&z, &[], &[]).unwrap();
    assert_eq!(
        (got.shape().to_vec(), got.to_vec().unwrap()),
        (vec![], vec![5])
    );
}

/// `np.pad(x, widths, mode, reflect_type="odd")` for case `pado_<name>`, both modes.
fn pad_odd_case<T: NpyDType + Approx + PadOdd>(name: &str) {
    let case = format!("pado_{name}");
    for dev in devices() {
        let npz = fixtures(&dev);
        let x = npz.array::<T>(&format!("{case}_x")).unwrap();
        let widths: Vec<(usize, usize)> = pairs::<i64>(&npz, &format!("{case}_widths"))
            .into_iter()
            .map(|(l, r)| (l as usize, r as usize))
            .collect();
        for (mode, tag) in [
            (PadMode::Reflect, "reflect"),
            (PadMode::Symmetric, "symmetric"),
        ] {
            let want = npz.array::<T>(&format!("{case}_{tag}_want")).unwrap();
            let got = pad_odd(&x, &widths, mode).unwrap_or_else(|e| panic!("{case}: {e}"));
            check(&got, &want, &format!("{case} {tag}"), &dev);
        }
    }
}

#[test]
fn pad_reflect_type_odd() {
    pad_odd_case::<i32>("i4_1d");
    pad_odd_case::<i32>("i4_wide");
    pad_odd_case::<u8>("u1_wrap");
    pad_odd_case::<f64>("f8_2d");
    pad_odd_case::<f32>("f4_singleton");
    pad_odd_case::<c128>("c16_2d");
    pad_odd_case::<i64>("i8_view");
    pad_odd_case::<f64>("f8_zero_width_empty");
}

#[test]
fn pad_odd_errors() {
    let dev = Device::cpu();
    let a = Array::from_vec(&dev, &[3], vec![1.0f64, 2.0, 3.0]).unwrap();
    for mode in [PadMode::Edge, PadMode::Wrap, PadMode::Constant(0.0)] {
        let e = pad_odd(&a, &[(1, 1)], mode).unwrap_err();
        assert!(e.to_string().contains("Reflect"), "{e}");
    }
    let e = Array::<f64>::zeros(&dev, &[0, 2]).unwrap();
    let err = pad_odd(&e, &[(1, 0), (0, 0)], PadMode::Reflect).unwrap_err();
    assert!(err.to_string().contains("empty axis"), "{err}");
    assert!(pad_odd(&a, &[(usize::MAX, 1)], PadMode::Reflect).is_err());
    assert!(pad_odd(&a, &[(1, 1); 2], PadMode::Reflect).is_err());
}
