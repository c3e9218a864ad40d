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
    arange, copy, diag, diagflat, empty, empty_like, eye, from_rows, fromiter, full, full_like,
    geomspace, identity, linspace, logspace, meshgrid, ones, ones_like, tri, tril, triu, zeros,
    zeros_like, Indexing, One,
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
        assert!(diag(&m.slice(s![0]).unwrap(), isize::MAX).is_err());
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

#[test]
fn arange_integers() {
    for dev in devices() {
        let c = |k: usize, dt: &str| format!("arange_int_{k}_{dt}");
        check(&arange(&dev, 0i64..10).unwrap(), &c(0, "i8"), &dev);
        check(&arange(&dev, (10i64, -3, -4)).unwrap(), &c(1, "i8"), &dev);
        check(&arange(&dev, 5i64..5).unwrap(), &c(2, "i8"), &dev);
        check(&arange(&dev, (5i64, 0, 1)).unwrap(), &c(3, "i8"), &dev);
        let big = 1i64 << 62;
        check(
            &arange(&dev, (-big, big, 1i64 << 60)).unwrap(),
            &c(4, "i8"),
            &dev,
        );
        check(&arange(&dev, (-128i8, 127, 3)).unwrap(), &c(5, "i1"), &dev);
        check(&arange(&dev, (100i8, -128, -7)).unwrap(), &c(6, "i1"), &dev);
        check(&arange(&dev, (3u16, 1000, 7)).unwrap(), &c(7, "u2"), &dev);
        check(
            &arange(&dev, (65535u16, 0, -1000)).unwrap(),
            &c(8, "u2"),
            &dev,
        );
    }
}

#[test]
fn arange_floats_as_numpy_fills() {
    let h = f16::from_f64;
    for dev in devices() {
        let c = |k: usize, dt: &str| format!("arange_float_{k}_{dt}");
        let f8 = [
            (1.0, 1.3, 0.1),
            (0.0, 1.0, 0.1),
            (-1.0, 1.0, 0.3),
            (0.5, -2.0, -0.25),
            (0.0, 10.0, 0.01),
            (1e300, 1.0000000000001e300, 1e287),
        ];
        for (k, (a, b, s)) in f8.into_iter().enumerate() {
            check(&arange(&dev, (a, b, s)).unwrap(), &c(k, "f8"), &dev);
        }
        let f4: [(f32, f32, f32); 4] = [
            (0.0, 1.0, 0.1),
            (0.3, 7.1, 0.7),
            (100.0, -3.0, -0.37),
            (0.0, 3000.0, 0.7),
        ];
        for (k, (a, b, s)) in f4.into_iter().enumerate() {
            check(&arange(&dev, (a, b, s)).unwrap(), &c(k + 6, "f4"), &dev);
        }
        let f2 = [(0.3, 7.1, 0.7), (-2.0, 2.0, 0.125), (0.0, 3000.0, 1.0)];
        for (k, (a, b, s)) in f2.into_iter().enumerate() {
            let got = arange(&dev, (h(a), h(b), h(s))).unwrap();
            check(&got, &c(k + 10, "f2"), &dev);
        }
        assert_eq!(arange(&dev, (1.0, 1.3, 0.1)).unwrap().len(), 4);
        let b = arange(&dev, (bf16::ZERO, bf16::from_f32(4.0), bf16::ONE)).unwrap();
        assert_eq!(
            b.to_vec().unwrap(),
            [0.0f32, 1.0, 2.0, 3.0].map(bf16::from_f32)
        );
    }
}

#[test]
fn arange_errors() {
    let dev = Device::cpu();
    assert!(arange(&dev, (0, 10, 0)).is_err());
    assert!(arange(&dev, (0.0, 1.0, 0.0)).is_err());
    assert!(arange(&dev, (0.0, f64::NAN, 1.0)).is_err());
    assert!(arange(&dev, (0.0, f64::INFINITY, 1.0)).is_err());
    assert!(arange(&dev, (0.0, 1e300, 1e-300)).is_err());
    // The bounds have the dtype, so that no element can be out of its range; a `u64` bound
    // beyond `i64` (where the range is computed) is an error, and so is an inclusive end of
    // `i64::MAX`.
    assert!(arange(&dev, (u64::MAX - 1, u64::MAX, 1)).is_err());
    assert!(arange(&dev, (i64::MAX - 1)..=i64::MAX).is_err());
    assert_eq!(arange(&dev, 0u8..=255).unwrap().len(), 256);
    assert_eq!(
        arange(&dev, 250u8..=255).unwrap().to_vec().unwrap(),
        vec![250, 251, 252, 253, 254, 255]
    );
    // A stop alone, a step of `i32` or `i64` for any integer dtype, a count down.
    assert_eq!(arange(&dev, 3u16).unwrap().to_vec().unwrap(), vec![0, 1, 2]);
    assert_eq!(
        arange(&dev, (9u32, 0, -4i64)).unwrap().to_vec().unwrap(),
        vec![9, 5, 1]
    );
    assert_eq!(
        arange(&dev, (0i8, 5, 2i8)).unwrap().to_vec().unwrap(),
        vec![0, 2, 4]
    );
    // Integer literals give `i32`, float literals `f64` (Rust's inference).
    fn dtype<T: DType>(_: &Array<T>) -> DTypeId {
        T::ID
    }
    assert_eq!(dtype(&arange(&dev, 0..3).unwrap()), DTypeId::I32);
    assert_eq!(dtype(&arange(&dev, (0.0, 1.0, 0.5)).unwrap()), DTypeId::F64);
}

const LINSPACES: [(f64, f64, usize, bool); 10] = [
    (0.0, 1.0, 5, true),
    (0.0, 1.0, 5, false),
    (-3.5, 2.25, 11, true),
    (2.0, -7.0, 4, false),
    (1.0, 1.0, 3, true),
    (0.0, 1.0, 1, true),
    (0.0, 1.0, 1, false),
    (0.0, 1.0, 0, true),
    (0.0, 5e-324, 4, true),
    (-1.0, 1.0, 1001, true),
];

fn run_linspace<T: Approx + NpyDType>(code: &str) {
    for dev in devices() {
        for (k, (a, b, n, e)) in LINSPACES.into_iter().enumerate() {
            let name = format!("linspace_{k}_{code}");
            if !fixture(&format!("creation/{name}.npy")).exists() {
                continue; // negative values of an unsigned dtype: not generated
            }
            check(&linspace::<T>(&dev, a, b, n, e).unwrap(), &name, &dev);
        }
    }
}

#[test]
fn linspace_every_kind_of_dtype() {
    run_linspace::<f64>("f8");
    run_linspace::<f32>("f4");
    run_linspace::<f16>("f2");
    run_linspace::<i64>("i8");
    run_linspace::<i8>("i1");
    run_linspace::<u16>("u2");
    for dev in devices() {
        // The last element is `stop` exactly with the endpoint.
        let x = linspace::<f64>(&dev, 0.1, 0.7, 7, true)
            .unwrap()
            .to_vec()
            .unwrap();
        assert_eq!(x[6], 0.7);
    }
}

#[test]
fn logspace_bases_and_dtypes() {
    let logs = [
        (0.0, 3.0, 4, true, 10.0),
        (-2.0, 2.0, 9, false, 2.0),
        (1.0, 0.0, 5, true, std::f64::consts::E),
        (0.0, 10.0, 11, true, 2.0),
    ];
    for dev in devices() {
        for (k, (a, b, n, e, base)) in logs.into_iter().enumerate() {
            let name = |dt: &str| format!("logspace_{k}_{dt}");
            let got = logspace::<f64>(&dev, a, b, n, e, base).unwrap();
            check_tol(&got, &name("f8"), &dev, Tol::ulps(2));
            let got = logspace::<f32>(&dev, a, b, n, e, base).unwrap();
            check_tol(&got, &name("f4"), &dev, Tol::ulps(1));
            check(
                &logspace::<i64>(&dev, a, b, n, e, base).unwrap(),
                &name("i8"),
                &dev,
            );
        }
    }
}

#[test]
fn fromiter_and_from_rows() {
    for dev in devices() {
        let it = fromiter(&dev, (0..5u64).map(|x| x * x)).unwrap();
        assert_eq!(it.to_vec().unwrap(), vec![0, 1, 4, 9, 16]);
        assert!(fromiter(&dev, std::iter::empty::<f32>())
            .unwrap()
            .is_empty());
        let rows = from_rows(&dev, &[vec![1i16, 2], vec![3, 4], vec![5, 6]]).unwrap();
        assert_eq!(rows.shape(), &[3, 2]);
        assert_eq!(rows.to_vec().unwrap(), vec![1, 2, 3, 4, 5, 6]);
        assert_eq!(
            from_rows::<f64, Vec<f64>>(&dev, &[]).unwrap().shape(),
            &[0, 0]
        );
        assert_eq!(from_rows(&dev, &[[0u8; 0]; 2]).unwrap().shape(), &[2, 0]);
        assert!(from_rows(&dev, &[vec![true], vec![]]).is_err());
    }
}

#[cfg(feature = "ndarray")]
#[test]
fn ndarray_both_ways() {
    use kernels_std::creation::{from_ndarray, to_ndarray};
    for dev in devices() {
        // Standard layout, a transposed view and a reversed, strided view of an ndarray array.
        let m = ndarray::Array::from_shape_fn((3, 4), |(i, j)| (10 * i + j) as i16);
        let a = from_ndarray(&dev, &m).unwrap();
        assert!(a.device().same(&dev));
        assert_eq!(a.shape(), &[3, 4]);
        assert_eq!(to_ndarray(&a).unwrap().into_dimensionality().unwrap(), m);
        let t = from_ndarray(&dev, &m.t()).unwrap();
        assert_eq!(
            t.to_vec().unwrap(),
            m.t().iter().copied().collect::<Vec<_>>()
        );
        let odd = m.slice(ndarray::s![..;-1, 1..;2]);
        let b = from_ndarray(&dev, &odd).unwrap();
        assert_eq!(b.shape(), &[3, 2]);
        assert_eq!(to_ndarray(&b).unwrap(), odd.into_dyn());
        // Our views go out in logical order too.
        let v = to_ndarray(&a.slice(s![.., ..;-3]).unwrap()).unwrap();
        assert_eq!(v.shape(), &[3, 2]);
        assert_eq!(v[[2, 0]], 23);
        // 0-d and empty arrays, complex and bool elements.
        let z = from_ndarray(&dev, &ndarray::arr0(c64::new(1.0, -2.0))).unwrap();
        assert_eq!((z.ndim(), z.item().unwrap()), (0, c64::new(1.0, -2.0)));
        assert_eq!(to_ndarray(&z).unwrap().ndim(), 0);
        let e = ndarray::Array2::<bool>::from_elem((0, 5), true);
        let e = from_ndarray(&dev, &e).unwrap();
        assert_eq!(e.shape(), &[0, 5]);
        assert_eq!(to_ndarray(&e).unwrap().shape(), &[0, 5]);
    }
}

#[test]
fn index_longer_than_one_cpu_run() {
    // `iota` hands each emulated CPU thread a run of 32 elements, 128 threads a block: many
    // blocks here, and enough threads (more than 2^17 elements) for blocks to run in parallel.
    for dev in devices() {
        let n = 300_007i64;
        let got = arange(&dev, (-7, 3 * n - 7, 3)).unwrap().to_vec().unwrap();
        assert_eq!(got, (0..n).map(|i| 3 * i - 7).collect::<Vec<_>>());
        let e = eye::<u8>(&dev, 300, Some(200), -50)
            .unwrap()
            .to_vec()
            .unwrap();
        let ones: Vec<usize> = (0..e.len()).filter(|&i| e[i] == 1).collect();
        assert_eq!(
            ones,
            (50..250).map(|r| r * 200 + (r - 50)).collect::<Vec<_>>()
        );
    }
}

#[test]
fn geomspace_signs_and_dtypes() {
    let geoms = [
        (1.0, 1000.0, 4, true),
        (-8.0, -1.0, 7, false),
        (2.0, 0.5, 5, true),
        (3.0, 3.0, 1, true),
        (1e-5, 1e5, 33, true),
    ];
    for dev in devices() {
        for (k, (a, b, n, e)) in geoms.into_iter().enumerate() {
            let name = |dt: &str| format!("geomspace_{k}_{dt}");
            let got = geomspace::<f64>(&dev, a, b, n, e).unwrap();
            check_tol(&got, &name("f8"), &dev, Tol::ulps(2));
            let got = geomspace::<f32>(&dev, a, b, n, e).unwrap();
            check_tol(&got, &name("f4"), &dev, Tol::ulps(1));
            check(
                &geomspace::<i64>(&dev, a, b, n, e).unwrap(),
                &name("i8"),
                &dev,
            );
        }
        assert!(geomspace::<f64>(&dev, 1.0, 0.0, 3, true).is_err());
        let mixed = geomspace::<f64>(&dev, -1.0, 4.0, 3, true)
            .unwrap()
            .to_vec()
            .unwrap();
        assert_eq!(mixed[0], -1.0);
        assert!(mixed[1].is_nan());
    }
}

// Edge cases: the fixtures of `scripts/fixtures/gen_creation_edge_fixtures.py` in `edge.npz`,
// compared exactly (signed zeros included; NaN equals NaN).

fn edge(dev: &Device) -> io::Npz {
    io::load_npz(fixture("creation/edge.npz"), dev).expect("creation/edge.npz")
}

#[track_caller]
fn check_edge<T: Approx + NpyDType>(z: &io::Npz, got: &Array<T>, key: &str, dev: &Device) {
    let want = z.array::<T>(key).unwrap_or_else(|e| panic!("{key}: {e}"));
    assert!(got.device().same(dev), "{key}: result on {}", got.device());
    assert_eq!(got.shape(), want.shape(), "{key} on {dev}");
    assert_close(
        got,
        &want,
        Tol::exact().signed_zero(),
        &format!("{key} on {dev}"),
    );
}

/// `gen_creation_edge_fixtures.py`'s `LINSPACES`.
const EDGE_LINSPACES: [(f64, f64, usize, bool); 10] = [
    (0.0, f64::INFINITY, 3, true),
    (f64::NAN, 1.0, 3, true),
    (f64::NEG_INFINITY, f64::INFINITY, 3, true),
    (-0.0, 0.0, 3, true),
    (-0.0, -0.0, 2, true),
    (1.0, -0.0, 2, true),
    (-0.0, 1.0, 1, false),
    (0.0, 1.7e308, 3, true),
    (-1.7e308, 1.7e308, 3, true),
    (5e-324, -5e-324, 3, true),
];

#[test]
fn edge_ranges_with_special_bounds() {
    for dev in devices() {
        let z = edge(&dev);
        for (k, (a, b, n, e)) in EDGE_LINSPACES.into_iter().enumerate() {
            let got = linspace::<f64>(&dev, a, b, n, e).unwrap();
            check_edge(&z, &got, &format!("linspace_{k}"), &dev);
        }
        let got = linspace::<i8>(&dev, -128.0, 127.0, 5, true).unwrap();
        check_edge(&z, &got, "linspace_i1_limits", &dev);
        let got = linspace::<i64>(&dev, -(2f64.powi(63)), 0.0, 3, true).unwrap();
        check_edge(&z, &got, "linspace_i8_min", &dev);
        let got = arange(&dev, (-0.0, 2.0, 1.0)).unwrap();
        check_edge(&z, &got, "arange_neg_zero", &dev);
        let got = arange(&dev, (i64::MAX - 2)..i64::MAX).unwrap();
        check_edge(&z, &got, "arange_i8_max", &dev);
        let got = arange(&dev, (i64::MIN, i64::MAX, 1i64 << 62)).unwrap();
        check_edge(&z, &got, "arange_i8_span", &dev);
        let got = arange(&dev, (i64::MAX, i64::MIN, -(1i64 << 62))).unwrap();
        check_edge(&z, &got, "arange_i8_span_down", &dev);
        let got = arange(&dev, (250u8, 255, 2)).unwrap();
        check_edge(&z, &got, "arange_u1_max", &dev);
        let got = geomspace::<f64>(&dev, 1.0, f64::INFINITY, 3, true).unwrap();
        check_edge(&z, &got, "geomspace_inf", &dev);
        let got = logspace::<f64>(&dev, 0.0, 400.0, 3, true, 10.0).unwrap();
        check_edge(&z, &got, "logspace_overflow", &dev);
        let got = logspace::<f64>(&dev, 0.0, f64::NAN, 2, true, 10.0).unwrap();
        check_edge(&z, &got, "logspace_nan", &dev);
        // NumPy: "Geometric sequence cannot include zero", for -0.0 too
        assert!(geomspace::<f64>(&dev, -0.0, 1.0, 3, true).is_err());
    }
}

#[test]
fn edge_matrices_of_empty_and_single_elements() {
    for dev in devices() {
        let z = edge(&dev);
        let e = zeros::<f64>(&dev, &[0, 3]).unwrap();
        check_edge(&z, &diag(&e, 0).unwrap(), "diag_0x3", &dev);
        let one = full(&dev, &[1, 1], 7.0).unwrap();
        check_edge(&z, &diag(&one, 0).unwrap(), "diag_1x1", &dev);
        check_edge(&z, &triu(&one, 1).unwrap(), "triu_1x1_k1", &dev);
        let v = full(&dev, &[1], 7.0).unwrap();
        check_edge(&z, &diag(&v, 2).unwrap(), "diag_len1_k2", &dev);
        let tall = ones::<f64>(&dev, &[3, 0]).unwrap();
        check_edge(&z, &tril(&tall, 0).unwrap(), "tril_3x0", &dev);
        let special = from_rows(
            &dev,
            &[[f64::NAN, f64::INFINITY], [-0.0, f64::NEG_INFINITY]],
        )
        .unwrap();
        check_edge(&z, &tril(&special, -1).unwrap(), "tril_special", &dev);
        let y = from_rows(&dev, &[[1.0, 2.0]])
            .unwrap()
            .reshape(&[2])
            .unwrap();
        let empty = zeros::<f64>(&dev, &[0]).unwrap();
        let grids = meshgrid(&[&empty, &y], Indexing::Xy).unwrap();
        for (i, g) in grids.iter().enumerate() {
            check_edge(&z, g, &format!("mesh_empty_{i}"), &dev);
        }
        let s = full(&dev, &[], 3.0).unwrap();
        let grids = meshgrid(&[&s, &y], Indexing::Xy).unwrap();
        for (i, g) in grids.iter().enumerate() {
            check_edge(&z, g, &format!("mesh_zero_d_{i}"), &dev);
        }
    }
}

#[test]
fn edge_offsets_at_the_limits_of_isize() {
    // Diagonals beyond the matrix are empty, whatever the offset (NumPy's offsets are C ints:
    // it raises OverflowError past 2^31 where we keep the rule); tril/triu keep all or nothing.
    for dev in devices() {
        let m = Array::from_vec(&dev, &[2, 3], (0..6).map(f64::from).collect()).unwrap();
        for k in [isize::MIN, isize::MIN + 1, isize::MAX] {
            assert_eq!(diag(&m, k).unwrap().shape(), &[0], "diag k = {k}");
        }
        let zeros6 = vec![0.0; 6];
        assert_eq!(tril(&m, isize::MIN).unwrap().to_vec().unwrap(), zeros6);
        assert_eq!(triu(&m, isize::MAX).unwrap().to_vec().unwrap(), zeros6);
        let all = m.to_vec().unwrap();
        assert_eq!(tril(&m, isize::MAX).unwrap().to_vec().unwrap(), all);
        assert_eq!(triu(&m, isize::MIN).unwrap().to_vec().unwrap(), all);
        let e = eye::<f64>(&dev, 2, Some(3), isize::MIN).unwrap();
        assert_eq!(e.to_vec().unwrap(), zeros6);
        let t = tri::<f64>(&dev, 2, Some(3), isize::MAX).unwrap();
        assert_eq!(t.to_vec().unwrap(), vec![1.0; 6]);
        let v = Array::from_vec(&dev, &[1], vec![1.0f64]).unwrap();
        assert!(diag(&v, isize::MIN).is_err());
        assert!(diagflat(&v, isize::MIN).is_err());
    }
}
