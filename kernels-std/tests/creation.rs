//! `creation` against NumPy: the fixtures of `scripts/fixtures/gen_creation_fixtures.py`
//! (NumPy's results, and inputs where there are some), on the CPU backend and, when there is
//! one, on CUDA device 0 (`KERNELS_REQUIRE_GPU=1` fails instead of skipping without one).
//!
//! Tolerances: exact (NaN equal to NaN, `-0.0` distinct from `0.0`) for everything that
//! moves or selects data and for `arange` and `linspace`, which compute what NumPy computes
//! in the same arithmetic; `logspace` within 2 ulps (`powf` is the host's or CUDA's `pow`).

mod common;

use common::{assert_close, devices, fixture, Approx, Tol};
use kernels_std::creation::{
    copy, diag, diagflat, empty, empty_like, eye, full, full_like, identity, meshgrid, ones,
    ones_like, tri, tril, triu, zeros, zeros_like, Indexing, One,
};
use kernels_std::io::{self, NpyDType};
use kernels_std::prelude::*;
use kernels_std::s;

fn load<T: NpyDType>(name: &str, dev: &Device) -> Array<T> {
    io::load::<T>(fixture(&format!("creation/{name}.npy")), dev)
        .unwrap_or_else(|e| panic!("fixture {name}: {e}"))
}

/// `got` equals NumPy's `name` exactly (signed zeros included) and lives on `dev`.
#[track_caller]
fn check<T: Approx + NpyDType>(got: &Array<T>, name: &str, dev: &Device) {
    check_tol(got, name, dev, Tol::exact().signed_zero());
}

#[track_caller]
fn check_tol<T: Approx + NpyDType>(got: &Array<T>, name: &str, dev: &Device, tol: Tol) {
    assert!(got.device().same(dev), "{name}: result on {}", got.device());
    let want = load::<T>(name, dev);
    assert_close(got, &want, tol, &format!("{name} on {dev}"));
}

/// Calls `$f::<T>("code")` for the dtypes of the suite (NumPy's codes).
macro_rules! each_dtype {
    ($f:ident) => {
        $f::<bool>("b1");
        $f::<i8>("i1");
        $f::<i64>("i8");
        $f::<u16>("u2");
        $f::<f16>("f2");
        $f::<f32>("f4");
        $f::<f64>("f8");
        $f::<c64>("c8");
    };
}

fn run_ones<T: One + Approx + NpyDType>(code: &str) {
    for dev in devices() {
        let name = format!("ones_{code}");
        check(&ones::<T>(&dev, &[2, 3]).unwrap(), &name, &dev);
        let z = zeros::<T>(&dev, &[2, 3]).unwrap();
        assert_eq!(z.to_vec().unwrap(), vec![T::default(); 6], "zeros {code}");
        let like = load::<T>(&name, &dev).t();
        check(&ones_like(&like).unwrap().t(), &name, &dev);
        assert_eq!(zeros_like(&like).unwrap().shape(), &[3, 2]);
        assert_eq!(empty_like(&like).unwrap().shape(), &[3, 2]);
        assert_eq!(empty::<T>(&dev, &[0, 4]).unwrap().shape(), &[0, 4]);
        let c = copy(&like).unwrap();
        assert!(c.is_c_contiguous());
        check(&c.t(), &name, &dev);
    }
}

#[test]
fn ones_zeros_empty_copy_every_dtype() {
    each_dtype!(run_ones);
    for dev in devices() {
        let b = ones::<bf16>(&dev, &[3]).unwrap();
        assert_eq!(b.to_vec().unwrap(), vec![bf16::ONE; 3]);
        // 0-d arrays and empty shapes.
        assert_eq!(ones::<i8>(&dev, &[]).unwrap().to_vec().unwrap(), vec![1]);
        assert_eq!(full(&dev, &[], 2.5f32).unwrap().item().unwrap(), 2.5);
        assert!(zeros::<f64>(&dev, &[3, 0, 2]).unwrap().is_empty());
    }
}

#[test]
fn full_special_values() {
    for dev in devices() {
        check(&full(&dev, &[3], f64::NAN).unwrap(), "full_f8_nan", &dev);
        check(
            &full(&dev, &[2, 2], -0.0f32).unwrap(),
            "full_f4_neg_zero",
            &dev,
        );
        check(
            &full(&dev, &[2], f16::NEG_INFINITY).unwrap(),
            "full_f2_inf",
            &dev,
        );
        check(&full(&dev, &[2, 1], i64::MIN).unwrap(), "full_i8_min", &dev);
        check(
            &full(&dev, &[2], c64::new(1.5, -2.0)).unwrap(),
            "full_c8",
            &dev,
        );
        let like = load::<f64>("full_f8_nan", &dev);
        check(&full_like(&like, f64::NAN).unwrap(), "full_f8_nan", &dev);
    }
}

const EYES: [(usize, usize, isize); 7] = [
    (3, 3, 0),
    (2, 4, 1),
    (4, 2, -1),
    (3, 5, -4),
    (3, 3, 7),
    (0, 3, 0),
    (1, 1, 0),
];

fn run_eye<T: One + Approx + NpyDType>(code: &str) {
    for dev in devices() {
        for (n, m, k) in EYES {
            let name = format!("eye_{n}_{m}_{k}_{code}");
            check(&eye::<T>(&dev, n, Some(m), k).unwrap(), &name, &dev);
        }
    }
}

#[test]
fn eye_and_identity() {
    run_eye::<f64>("f8");
    run_eye::<i8>("i1");
    run_eye::<bool>("b1");
    run_eye::<c64>("c8");
    for dev in devices() {
        check(&identity::<f16>(&dev, 4).unwrap(), "identity_4_f2", &dev);
        let square = eye::<f64>(&dev, 3, None, 0).unwrap();
        check(&square, "eye_3_3_0_f8", &dev);
    }
}

#[test]
fn tri_shapes_and_offsets() {
    for dev in devices() {
        for (n, m, k) in [(3, 3, 0), (3, 5, 1), (5, 3, -2), (2, 2, -5), (0, 0, 0)] {
            let name = format!("tri_{n}_{m}_{k}");
            check(
                &tri::<f64>(&dev, n, Some(m), k).unwrap(),
                &format!("{name}_f8"),
                &dev,
            );
            check(
                &tri::<u16>(&dev, n, Some(m), k).unwrap(),
                &format!("{name}_u2"),
                &dev,
            );
        }
    }
}

fn run_diag_vec<T: Approx + NpyDType>(code: &str) {
    for dev in devices() {
        let v = load::<T>(&format!("diag_vec_{code}_in"), &dev);
        for k in [0, 2, -3] {
            check(&diag(&v, k).unwrap(), &format!("diag_vec_{code}_{k}"), &dev);
        }
        let rev = v.slice(s![..;-1]).unwrap();
        check(
            &diag(&rev, 1).unwrap(),
            &format!("diag_vec_{code}_rev"),
            &dev,
        );
    }
}

#[test]
fn diag_of_vectors_and_matrices() {
    run_diag_vec::<f32>("f4");
    run_diag_vec::<i64>("i8");
    run_diag_vec::<bool>("b1");
    run_diag_vec::<c64>("c8");
    for dev in devices() {
        let empty = Array::<f64>::zeros(&dev, &[0]).unwrap();
        check(&diag(&empty, 1).unwrap(), "diag_vec_empty", &dev);
        let m = load::<f64>("diag_mat_in", &dev);
        for k in [0, 3, -2, 6, -5] {
            check(&diag(&m, k).unwrap(), &format!("diag_mat_{k}"), &dev);
        }
        check(&diag(&m.t(), 1).unwrap(), "diag_mat_t_1", &dev);
        let strided = m.slice(s![..;-1, ..;2]).unwrap();
        check(&diag(&strided, -1).unwrap(), "diag_mat_strided_-1", &dev);
        check(
            &diagflat(&m.slice(s![..2, ..2]).unwrap(), -1).unwrap(),
            "diagflat",
            &dev,
        );
        // NumPy: "Input must be 1- or 2-d."
        let cube = Array::<f64>::zeros(&dev, &[2, 2, 2]).unwrap();
        assert!(diag(&cube, 0).is_err());
        let scalar = Array::scalar(&dev, 1.0f64).unwrap();
        assert!(diag(&scalar, 0).is_err());
    }
}

fn run_tril<T: Approx + NpyDType>(code: &str) {
    for dev in devices() {
        let a = load::<T>(&format!("tri_in_{code}"), &dev);
        for k in [0, 2, -1, -9, 9] {
            check(&tril(&a, k).unwrap(), &format!("tril_{code}_{k}"), &dev);
            check(&triu(&a, k).unwrap(), &format!("triu_{code}_{k}"), &dev);
        }
    }
}

#[test]
fn tril_triu_dtypes_batches_vectors_views() {
    run_tril::<f64>("f8");
    run_tril::<i8>("i1");
    run_tril::<u16>("u2");
    run_tril::<f16>("f2");
    run_tril::<bool>("b1");
    run_tril::<c64>("c8");
    for dev in devices() {
        let b = load::<f32>("tri_batch_in", &dev);
        check(&tril(&b, 1).unwrap(), "tril_batch_1", &dev);
        check(&triu(&b, -1).unwrap(), "triu_batch_-1", &dev);
        let v = load::<i64>("tri_vec_in", &dev);
        check(&tril(&v, 0).unwrap(), "tril_vec_0", &dev);
        check(&triu(&v, 1).unwrap(), "triu_vec_1", &dev);
        let a = load::<f64>("tri_view_in", &dev);
        check(&tril(&a.t(), 0).unwrap(), "tril_view_t", &dev);
        let strided = a.slice(s![..;-1, 1..;2]).unwrap();
        check(&triu(&strided, 0).unwrap(), "triu_view_strided", &dev);
        // A 0-d array has no triangle (NumPy raises too).
        let scalar = Array::scalar(&dev, 1i32).unwrap();
        assert!(tril(&scalar, 0).is_err());
        assert!(triu(&scalar, 0).is_err());
    }
}

#[test]
fn meshgrid_xy_and_ij() {
    for dev in devices() {
        let x = load::<f64>("mesh_x", &dev);
        let y = load::<f64>("mesh_y", &dev);
        let z = load::<f64>("mesh_z", &dev);
        for (ind, code) in [(Indexing::Xy, "xy"), (Indexing::Ij, "ij")] {
            let sets: [&[&Array<f64>]; 3] = [&[&x], &[&x, &y], &[&x, &y, &z]];
            for (n, arrays) in sets.iter().enumerate() {
                let grids = meshgrid(arrays, ind).unwrap();
                assert_eq!(grids.len(), n + 1);
                for (i, g) in grids.iter().enumerate() {
                    check(g, &format!("mesh_{code}_{}_{i}", n + 1), &dev);
                }
            }
        }
        assert!(meshgrid::<f64>(&[], Indexing::Xy).unwrap().is_empty());
    }
}
