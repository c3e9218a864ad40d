//! `stats` against NumPy: the fixtures of `scripts/fixtures/gen_stats_fixtures.py`, on the CPU
//! backend and, when there is one, on CUDA device 0; every kernel also compiled by NVRTC.
//!
//! Tolerances: counts, edges, booleans exact (the edges are computed with NumPy's `linspace`
//! formula in its dtype); weighted `bincount` sums `|d| <= 1e-12 + 1e-12 |expected|` (atomic
//! additions in no fixed order); `cov` and `corrcoef` (f64) 8 ulps or `1e-12` relative and
//! absolute (our GEMM sums in another order than NumPy's `dot`).

mod common;

use common::{assert_close, devices, fixture, Approx, Tol};
use kernels_std::io::{load_npz, NpyDType, Npz};
use kernels_std::prelude::*;
use kernels_std::reduce::MeanDType;
use kernels_std::s;
use kernels_std::stats::*;

fn npz(name: &str, dev: &Device) -> Npz {
    load_npz(fixture(&format!("stats/{name}.npz")), dev).unwrap()
}

fn get<T: NpyDType>(z: &Npz, key: &str) -> Array<T> {
    z.array::<T>(key).unwrap_or_else(|e| panic!("{key}: {e}"))
}

fn usize_of(z: &Npz, key: &str) -> usize {
    get::<i64>(z, key).item().unwrap() as usize
}

fn histogram_case<T: Float + NpyDType + Approx>(name: &str, dev: &Device) {
    let z = npz("histogram", dev);
    let a = get::<T>(&z, &format!("{name}_in"));
    let a = match name {
        "matrix_t" => a.t(),
        "reversed" => a.slice(s![..;-1]).unwrap(),
        _ => a,
    };
    let bins = usize_of(&z, &format!("{name}_bins"));
    let mut call = histogram(&a, bins);
    if let Ok(r) = z.array::<f64>(&format!("{name}_range")) {
        let r = r.to_vec().unwrap();
        call = call.range(r[0], r[1]);
    }
    let (counts, edges) = call.run().unwrap_or_else(|e| panic!("{name}: {e}"));
    let what = format!("histogram {name} on {dev}");
    let want_edges = get::<T>(&z, &format!("{name}_edges"));
    assert_close(&edges, &want_edges, Tol::exact().signed_zero(), &what);
    let want_counts = get::<i64>(&z, &format!("{name}_counts"));
    assert_close(&counts, &want_counts, Tol::exact(), &what);
    assert!(
        counts.device().same(dev) && edges.device().same(dev),
        "{what}"
    );
}

/// A case with explicit edges, weights or a density: the counts' dtype is NumPy's (`i64`,
/// `f64` for an unweighted density, the weights' dtype otherwise).
fn histogram_extra_case<T>(name: &str, dev: &Device)
where
    T: Float + NpyDType + Approx + kernels_std::reduce::SumDType,
{
    let z = npz("histogram", dev);
    let a = get::<T>(&z, &format!("{name}_in"));
    let weights = z.array::<T>(&format!("{name}_w")).ok();
    let (a, weights) = if name.ends_with("_t") {
        (a.t(), weights.map(|w| w.t()))
    } else {
        (a, weights)
    };
    let edges_in = z.array::<T>(&format!("{name}_edges_in")).ok();
    let mut call = match &edges_in {
        Some(e) => histogram_with_edges(&a, e),
        None => histogram(&a, usize_of(&z, &format!("{name}_bins"))),
    };
    if let Ok(r) = z.array::<f64>(&format!("{name}_range")) {
        let r = r.to_vec().unwrap();
        call = call.range(r[0], r[1]);
    }
    let density = z.array::<i64>(&format!("{name}_density")).is_ok();
    let what = format!("histogram {name} on {dev}");
    // weight sums are added in f64 in another order than NumPy's
    let tol = Tol::close(1e-12, 1e-5);
    let edges = match (&weights, density) {
        (None, false) => {
            let (counts, edges) = call.run().unwrap_or_else(|e| panic!("{what}: {e}"));
            let want = get::<i64>(&z, &format!("{name}_counts"));
            assert_close(&counts, &want, Tol::exact(), &what);
            edges
        }
        (None, true) => {
            let (d, edges) = call.density().unwrap_or_else(|e| panic!("{what}: {e}"));
            let want = get::<f64>(&z, &format!("{name}_counts"));
            assert_close(&d, &want, Tol::close(1e-15, 1e-12), &what);
            edges
        }
        (Some(w), false) => {
            let (sums, edges) = call
                .weights(w)
                .run()
                .unwrap_or_else(|e| panic!("{what}: {e}"));
            let want = get::<T>(&z, &format!("{name}_counts"));
            assert_close(&sums, &want, tol, &what);
            edges
        }
        (Some(w), true) => {
            let (d, edges) = call
                .weights(w)
                .density()
                .unwrap_or_else(|e| panic!("{what}: {e}"));
            let want = get::<T>(&z, &format!("{name}_counts"));
            assert_close(&d, &want, tol, &what);
            edges
        }
    };
    let want_edges = get::<T>(&z, &format!("{name}_edges"));
    assert_close(&edges, &want_edges, Tol::exact().signed_zero(), &what);
}

#[test]
fn histogram_edges_weights_density_match_numpy() {
    for dev in devices() {
        for name in [
            "edges_f8",
            "edges_on",
            "edges_inf",
            "edges_repeated",
            "weights_f8",
            "weights_t",
            "density_f8",
            "density_edges",
            "density_weights",
        ] {
            histogram_extra_case::<f64>(name, &dev);
        }
        for name in ["edges_f4", "weights_f4", "density_f4"] {
            histogram_extra_case::<f32>(name, &dev);
        }
    }
}

#[test]
fn histogram_rejects_bad_edges_and_weights() {
    for dev in devices() {
        let a = Array::from_vec(&dev, &[3], vec![1.0, 2.0, 3.0]).unwrap();
        let bad = [vec![0.0, 2.0, 1.0], vec![0.0, f64::NAN, 4.0], vec![0.0]];
        for e in bad {
            let edges = Array::from_vec(&dev, &[e.len()], e.clone()).unwrap();
            let err = histogram_with_edges(&a, &edges)
                .run()
                .unwrap_err()
                .to_string();
            assert!(
                err.contains("histogram") && err.contains("edges"),
                "{e:?}: {err}"
            );
        }
        let edges = Array::from_vec(&dev, &[2], vec![0.0, 4.0]).unwrap();
        let err = histogram_with_edges(&a, &edges)
            .range(0.0, 1.0)
            .run()
            .unwrap_err()
            .to_string();
        assert!(err.contains("range"), "{err}");
        let w = Array::from_vec(&dev, &[2], vec![1.0, 1.0]).unwrap();
        let err = histogram(&a, 2).weights(&w).run().unwrap_err().to_string();
        assert!(err.contains("weights") && err.contains("[3]"), "{err}");
        // no element in a bin: NumPy's density is NaN (0 / 0)
        let far = Array::from_vec(&dev, &[2], vec![10.0, 20.0]).unwrap();
        let (d, _) = histogram_with_edges(&a, &far).density().unwrap();
        assert!(d.to_vec().unwrap()[0].is_nan());
    }
}

#[test]
fn histogram_matches_numpy() {
    for dev in devices() {
        histogram_case::<f32>("normal_f4", &dev);
        histogram_case::<f16>("normal_f2", &dev);
        histogram_case::<f32>("range_f4", &dev);
        histogram_case::<f32>("constant_f4", &dev);
        histogram_case::<f32>("local_max_f4", &dev);
        for name in [
            "normal_f8",
            "range_f8",
            "on_edges",
            "thirds",
            "constant",
            "one",
            "empty",
            "nan_with_range",
            "equal_range",
            "matrix_t",
            "reversed",
            "many_blocks_f8",
            "global_bins_f8",
        ] {
            histogram_case::<f64>(name, &dev);
        }
    }
}

#[test]
fn histogram_errors() {
    for dev in devices() {
        let a = Array::from_vec(&dev, &[3], vec![1.0, f64::NAN, 2.0]).unwrap();
        let err = histogram(&a, 2).run().unwrap_err().to_string();
        assert!(err.contains("not finite"), "{err}");
        let err = histogram(&a, 2)
            .range(2.0, 1.0)
            .run()
            .unwrap_err()
            .to_string();
        assert!(err.contains("larger"), "{err}");
        assert!(histogram(&a, 2).range(0.0, f64::INFINITY).run().is_err());
        assert!(histogram(&a, 0).range(0.0, 1.0).run().is_err());
        let inf = Array::from_vec(&dev, &[2], vec![1.0f32, f32::INFINITY]).unwrap();
        assert!(histogram(&inf, 2).run().is_err());
    }
}

#[test]
fn histogram_with_many_bins() {
    // more edges than one launch has threads: the kernels stride over them
    for dev in devices() {
        let a = Array::from_vec(&dev, &[4], vec![0.5, 299_999.5, 300_000.0, 7.0]).unwrap();
        let (counts, edges) = histogram(&a, 300_000).range(0.0, 3e5).run().unwrap();
        let e = edges.to_vec().unwrap();
        assert!(e.iter().enumerate().all(|(i, &x)| x == i as f64));
        let c = counts.to_vec().unwrap();
        assert_eq!(c.iter().sum::<i64>(), 4);
        assert_eq!((c[0], c[7], c[299_999]), (1, 1, 2));
    }
}

fn bincount_case<T: Int + NpyDType>(name: &str, dev: &Device) {
    let z = npz("bincount", dev);
    let x = get::<T>(&z, &format!("{name}_x"));
    let minlength = usize_of(&z, &format!("{name}_minlength"));
    let what = format!("bincount {name} on {dev}");
    match z.array::<f64>(&format!("{name}_w")) {
        Ok(w) => {
            let got = bincount(&x).weights(&w).minlength(minlength).run().unwrap();
            let want = get::<f64>(&z, &format!("{name}_out"));
            assert_close(&got, &want, Tol::close(1e-12, 1e-12), &what);
        }
        Err(_) => {
            let got = bincount(&x).minlength(minlength).run().unwrap();
            let want = get::<i64>(&z, &format!("{name}_out"));
            assert_close(&got, &want, Tol::exact(), &what);
        }
    }
}

#[test]
fn bincount_matches_numpy() {
    for dev in devices() {
        bincount_case::<i64>("counts_i8", &dev);
        bincount_case::<u8>("counts_u1", &dev);
        bincount_case::<i32>("counts_i4_short", &dev);
        bincount_case::<i64>("weights", &dev);
        bincount_case::<i64>("empty", &dev);
        bincount_case::<i64>("empty_nominlength", &dev);
        // strided and reversed views
        let x = Array::from_vec(&dev, &[6], vec![4i16, 0, 4, 0, 1, 0]).unwrap();
        let back = x.slice(s![..;-2]).unwrap();
        assert_eq!(bincount(&back).run().unwrap().to_vec().unwrap(), vec![3]);
        let even = x.slice(s![..;2]).unwrap();
        assert_eq!(
            bincount(&even).run().unwrap().to_vec().unwrap(),
            vec![0, 1, 0, 0, 2]
        );
    }
}

#[test]
fn bincount_errors() {
    for dev in devices() {
        let neg = Array::from_vec(&dev, &[3], vec![1i32, -1, 2]).unwrap();
        let err = bincount(&neg).run().unwrap_err().to_string();
        assert!(err.contains("negative"), "{err}");
        let m = Array::<i64>::zeros(&dev, &[2, 2]).unwrap();
        assert!(bincount(&m).run().unwrap_err().to_string().contains("1-d"));
        let x = Array::from_vec(&dev, &[3], vec![1u32, 0, 2]).unwrap();
        let w = Array::from_vec(&dev, &[2], vec![1.0, 2.0]).unwrap();
        assert!(matches!(
            bincount(&x).weights(&w).run(),
            Err(Error::ShapeMismatch { .. })
        ));
    }
}

fn cov_tol() -> Tol {
    Tol {
        ulps: 8,
        ..Tol::close(1e-12, 1e-12)
    }
}

fn cov_case<T: MeanDType + NpyDType>(name: &str, dev: &Device, rowvar: bool, ddof: f64) {
    let z = npz("cov", dev);
    let m = get::<T>(&z, &format!("{name}_m"));
    let what = format!("{name} on {dev}");
    let c = cov(&m).rowvar(rowvar).ddof(ddof).run().unwrap();
    let want = get::<f64>(&z, &format!("{name}_cov"));
    assert_close(&c, &want, cov_tol(), &format!("cov {what}"));
    let r = corrcoef(&m).rowvar(rowvar).run().unwrap();
    let want = get::<f64>(&z, &format!("{name}_corrcoef"));
    assert_close(&r, &want, cov_tol(), &format!("corrcoef {what}"));
}

#[test]
fn cov_corrcoef_match_numpy() {
    for dev in devices() {
        cov_case::<f64>("rows_f8", &dev, true, 1.0);
        cov_case::<f32>("rows_f4", &dev, true, 1.0);
        cov_case::<i32>("rows_i4", &dev, true, 1.0);
        cov_case::<f64>("cols_f8", &dev, false, 1.0);
        cov_case::<f64>("ddof0_f8", &dev, true, 0.0);
        cov_case::<f64>("vector_f8", &dev, true, 1.0);
        cov_case::<f64>("constant_row", &dev, true, 1.0);
        cov_case::<f64>("bigmean", &dev, true, 1.0);
    }
}

#[test]
fn cov_edge_cases() {
    for dev in devices() {
        let m = Array::<f64>::zeros(&dev, &[2, 2, 2]).unwrap();
        let err = cov(&m).run().unwrap_err().to_string();
        assert!(err.contains("2 dimensions"), "{err}");
        // ddof >= n: inf or NaN, not an error (NumPy warns)
        let x = Array::from_vec(&dev, &[2, 2], vec![1.0, 2.0, 3.0, 3.0]).unwrap();
        let c = cov(&x).ddof(2).run().unwrap().to_vec().unwrap();
        assert_eq!(c[0], f64::INFINITY);
        assert!(c[3].is_nan());
        // one variable: 0-d; a transposed view with rowvar(false) is the same matrix
        let row = x.slice(s![0, ..]).unwrap();
        assert_eq!(cov(&row).run().unwrap().shape(), &[] as &[usize]);
        assert_eq!(
            cov(&x.t()).rowvar(false).run().unwrap().to_vec().unwrap(),
            cov(&x).run().unwrap().to_vec().unwrap()
        );
    }
}

fn isclose_case<T: Float + NpyDType + kernels_std::stats::CloseDType>(
    name: &str,
    dev: &Device,
    f: impl Fn(IsClose<'_, T>) -> IsClose<'_, T>,
    g: impl Fn(AllClose<'_, T>) -> AllClose<'_, T>,
) {
    let z = npz("isclose", dev);
    let a = get::<T>(&z, &format!("{name}_a"));
    let b = get::<T>(&z, &format!("{name}_b"));
    let what = format!("isclose {name} on {dev}");
    let got = f(isclose(&a, &b)).run().unwrap();
    let want = get::<bool>(&z, &format!("{name}_isclose"));
    assert_close(&got, &want, Tol::exact(), &what);
    let all = g(allclose(&a, &b)).run().unwrap();
    let want = get::<bool>(&z, &format!("{name}_allclose")).item().unwrap();
    assert_eq!(all, want, "all{what}");
}

#[test]
fn isclose_allclose_match_numpy() {
    for dev in devices() {
        macro_rules! special {
            ($t:ty, $dt:literal) => {
                isclose_case::<$t>(concat!("special_", $dt), &dev, |c| c, |c| c);
                isclose_case::<$t>(concat!("special_", $dt, "_swapped"), &dev, |c| c, |c| c);
                isclose_case::<$t>(
                    concat!("special_", $dt, "_equal_nan"),
                    &dev,
                    |c| c.equal_nan(true),
                    |c| c.equal_nan(true),
                );
            };
        }
        special!(f64, "f8");
        special!(f32, "f4");
        special!(f16, "f2");
        isclose_case::<f64>("broadcast", &dev, |c| c, |c| c);
        isclose_case::<f64>(
            "tolerances",
            &dev,
            |c| c.rtol(0.0).atol(0.011),
            |c| c.rtol(0.0).atol(0.011),
        );
        isclose_case::<f64>("close_all", &dev, |c| c, |c| c);
    }
}

#[test]
fn isclose_is_relative_to_its_second_argument() {
    for dev in devices() {
        let a = Array::from_vec(&dev, &[1], vec![10.0]).unwrap();
        let b = Array::from_vec(&dev, &[1], vec![11.0]).unwrap();
        let ab = isclose(&a, &b).rtol(0.095).atol(0.0).run().unwrap();
        let ba = isclose(&b, &a).rtol(0.095).atol(0.0).run().unwrap();
        assert!(ab.item().unwrap());
        assert!(!ba.item().unwrap());
        // shapes that do not broadcast are an error
        let c = Array::from_vec(&dev, &[3], vec![1.0, 2.0, 3.0]).unwrap();
        let two = Array::<f64>::zeros(&dev, &[2]).unwrap();
        assert!(matches!(
            isclose(&c, &two).run(),
            Err(Error::Broadcast { .. })
        ));
        assert!(allclose(&c, &two).run().is_err());
    }
}

#[test]
fn array_equal_cases() {
    for dev in devices() {
        let a = Array::from_vec(&dev, &[2, 3], vec![1i32, 2, 3, 4, 5, 6]).unwrap();
        assert!(array_equal(&a, &a.copy().unwrap(), false).unwrap());
        assert!(!array_equal(&a, &a.t(), false).unwrap());
        let flipped = a.slice(s![.., ..;-1]).unwrap();
        let twice = flipped.slice(s![.., ..;-1]).unwrap();
        assert!(array_equal(&a, &twice, false).unwrap());
        assert!(!array_equal(&a, &flipped, false).unwrap());
        let b = Array::from_vec(&dev, &[2, 3], vec![1i32, 2, 3, 4, 5, 7]).unwrap();
        assert!(!array_equal(&a, &b, false).unwrap());
        let n = Array::from_vec(&dev, &[2], vec![f32::NAN, -0.0]).unwrap();
        let m = Array::from_vec(&dev, &[2], vec![f32::NAN, 0.0]).unwrap();
        assert!(!array_equal(&n, &m, false).unwrap());
        assert!(array_equal(&n, &m, true).unwrap());
        let e = Array::<bool>::zeros(&dev, &[0, 2]).unwrap();
        assert!(array_equal(&e, &e, false).unwrap());
    }
}

#[test]
fn every_kernel_compiles_with_nvrtc() {
    use array_runtime::cuda::raw::verify as raw;
    use array_runtime::cuda::verify;
    use array_runtime::kernel::elementwise::Instance;
    if !verify::nvrtc_or_skip("stats kernels").unwrap() {
        return;
    }
    let f64_ = DTypeId::F64;
    let floats = [DTypeId::F16, DTypeId::BF16, DTypeId::F32, DTypeId::F64];
    for t in floats {
        let inst = Instance {
            def: &kernels::isclose_kernel::DEF,
            type_args: &[t],
            params: &[t, t, t, t, DTypeId::Bool],
            results: &[DTypeId::Bool],
        };
        verify::elementwise(&inst).unwrap_or_else(|e| panic!("{}: {e}", inst.name()));
    }
    for (def, n) in [
        (&kernels::center::DEF, 2),
        (&kernels::scale::DEF, 2),
        (&kernels::divide::DEF, 2),
        (&kernels::correlate::DEF, 3),
    ] {
        let params = vec![f64_; n];
        let inst = Instance {
            def,
            type_args: &[],
            params: &params,
            results: &[f64_],
        };
        verify::elementwise(&inst).unwrap_or_else(|e| panic!("{}: {e}", inst.name()));
    }
    verify::reduction(&kernels::allclose_kernel::instance::<f16>(), true).unwrap();
    verify::reduction(&kernels::allclose_kernel::instance::<bf16>(), true).unwrap();
    verify::reduction(&kernels::allclose_kernel::instance::<f32>(), true).unwrap();
    verify::reduction(&kernels::allclose_kernel::instance::<f64>(), true).unwrap();
    macro_rules! every_dtype {
        ($($t:ty),*) => {$(
            verify::reduction(&kernels::equal_kernel::instance::<$t>(), true).unwrap();
        )*};
    }
    every_dtype!(bool, i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64, c64, c128);
    let ints = [
        DTypeId::I8,
        DTypeId::I16,
        DTypeId::I32,
        DTypeId::I64,
        DTypeId::U8,
        DTypeId::U16,
        DTypeId::U32,
        DTypeId::U64,
    ];
    for t in ints {
        raw(&kernels::bincount_kernel::DEF, &[t]).unwrap();
        raw(&kernels::bincount_weighted_kernel::DEF, &[t]).unwrap();
    }
    for t in floats {
        raw(&kernels::histogram_counts::DEF, &[t]).unwrap();
        raw(&kernels::histogram_local_counts::DEF, &[t]).unwrap();
        raw(&kernels::histogram_edges::DEF, &[t, t]).unwrap();
        raw(&kernels::histogram_edges::DEF, &[f64_, t]).unwrap();
        raw(&kernels::histogram_sums::DEF, &[t]).unwrap();
        for (def, type_args, params, result) in [
            (
                &kernels::edge_out_of_order::DEF,
                vec![t],
                vec![t, t],
                DTypeId::Bool,
            ),
            // unweighted density: i64 counts, f64 result; weighted: all in `t`
            (
                &kernels::histogram_density::DEF,
                vec![DTypeId::I64, t, f64_],
                vec![DTypeId::I64, t, t, f64_],
                f64_,
            ),
            (
                &kernels::histogram_density::DEF,
                vec![t, t, t],
                vec![t, t, t, t],
                t,
            ),
        ] {
            let inst = Instance {
                def,
                type_args: &type_args,
                params: &params,
                results: &[result],
            };
            verify::elementwise(&inst).unwrap_or_else(|e| panic!("{}: {e}", inst.name()));
        }
    }
}

// Edge cases: the fixtures of `scripts/fixtures/gen_stats_edge_fixtures.py` in `edge.npz`.

#[test]
fn edge_histograms_match_numpy() {
    for dev in devices() {
        let z = npz("edge", &dev);
        for name in [
            "zero_d",
            "signed_zeros",
            "subnormal",
            "special_weights",
            "one_f4",
        ] {
            let key = |k: &str| format!("h_{name}_{k}");
            let what = format!("histogram {name} on {dev}");
            let bins = usize_of(&z, &key("bins"));
            if name == "one_f4" {
                let a = get::<f32>(&z, &key("in"));
                let (counts, edges) = histogram(&a, bins).run().unwrap();
                assert_close(&counts, &get(&z, &key("counts")), Tol::exact(), &what);
                let want = get::<f32>(&z, &key("edges"));
                assert_close(&edges, &want, Tol::exact().signed_zero(), &what);
                continue;
            }
            let a = get::<f64>(&z, &key("in"));
            let mut call = histogram(&a, bins);
            if let Ok(r) = z.array::<f64>(&key("range")) {
                let r = r.to_vec().unwrap();
                call = call.range(r[0], r[1]);
            }
            let edges = match z.array::<f64>(&key("w")) {
                Ok(w) => {
                    let (sums, edges) = call.weights(&w).run().unwrap();
                    assert_close(&sums, &get(&z, &key("counts")), Tol::exact(), &what);
                    edges
                }
                Err(_) => {
                    let (counts, edges) = call.run().unwrap();
                    assert_close(&counts, &get(&z, &key("counts")), Tol::exact(), &what);
                    edges
                }
            };
            let want = get::<f64>(&z, &key("edges"));
            assert_close(&edges, &want, Tol::exact().signed_zero(), &what);
        }
    }
}

#[test]
fn edge_histogram_ranges_that_overflow_are_errors() {
    // NumPy: "Too many bins for data range. Cannot create 4 finite-sized bins."
    for dev in devices() {
        let a = Array::from_vec(&dev, &[2], vec![-1e308, 1e308]).unwrap();
        let err = histogram(&a, 4).run().unwrap_err().to_string();
        assert!(err.contains("finite-sized"), "{err}");
        // f32 data: the width overflows in f32 (NumPy computes it in the data's dtype)
        let a = Array::from_vec(&dev, &[2], vec![3e38f32, -3e38]).unwrap();
        let err = histogram(&a, 3).run().unwrap_err().to_string();
        assert!(err.contains("finite-sized"), "{err}");
        // NumPy: "Too many bins for data range" for a subnormal width; "Maximum allowed size
        // exceeded" for 2^64 - 1 bins (whose edges do not fit a usize)
        let a = Array::from_vec(&dev, &[3], vec![0.1, 0.5, 0.9]).unwrap();
        assert!(histogram(&a, 3).range(0.0, 5e-324).run().is_err());
        let err = histogram(&a, usize::MAX)
            .range(0.0, 1.0)
            .run()
            .unwrap_err()
            .to_string();
        assert!(err.contains("too many"), "{err}");
    }
}

#[test]
fn edge_bincounts_match_numpy() {
    for dev in devices() {
        let z = npz("edge", &dev);
        let want = get::<i64>(&z, "b_u1_max_out");
        let got = bincount(&get::<u8>(&z, "b_u1_max_x")).run().unwrap();
        assert_close(&got, &want, Tol::exact(), "bincount u8 255");
        let want = get::<i64>(&z, "b_i1_max_out");
        let got = bincount(&get::<i8>(&z, "b_i1_max_x")).run().unwrap();
        assert_close(&got, &want, Tol::exact(), "bincount i8 127");
        let x = get::<i64>(&z, "b_special_weights_x");
        let w = get::<f64>(&z, "b_special_weights_w");
        let want = get::<f64>(&z, "b_special_weights_out");
        let got = bincount(&x).weights(&w).run().unwrap();
        assert_close(&got, &want, Tol::exact(), "bincount NaN/inf weights");
        // NumPy: "object of too small depth for desired array"; i8::MIN is negative
        let s = Array::scalar(&dev, 3i64).unwrap();
        assert!(bincount(&s).run().unwrap_err().to_string().contains("1-d"));
        let min = Array::from_vec(&dev, &[2], vec![i8::MIN, 1]).unwrap();
        let err = bincount(&min).run().unwrap_err().to_string();
        assert!(err.contains("negative"), "{err}");
    }
}

#[test]
fn edge_cov_corrcoef_match_numpy() {
    for dev in devices() {
        let z = npz("edge", &dev);
        let check = |name: &str, c: Array<f64>, r: Array<f64>| {
            let what = format!("{name} on {dev}");
            let want = get::<f64>(&z, &format!("cov_{name}_cov"));
            assert_eq!(c.shape(), want.shape(), "cov {what}");
            assert_close(&c, &want, cov_tol(), &format!("cov {what}"));
            let want = get::<f64>(&z, &format!("cov_{name}_corr"));
            assert_eq!(r.shape(), want.shape(), "corrcoef {what}");
            assert_close(&r, &want, cov_tol(), &format!("corrcoef {what}"));
        };
        for name in [
            "special",
            "no_observations",
            "no_variables",
            "zero_d",
            "one_row",
        ] {
            let m = get::<f64>(&z, &format!("cov_{name}_m"));
            let (c, r) = (cov(&m).run(), corrcoef(&m).run());
            let (c, r) = (
                c.unwrap_or_else(|e| panic!("cov {name}: {e}")),
                r.unwrap_or_else(|e| panic!("corrcoef {name}: {e}")),
            );
            check(name, c, r);
        }
        let m = get::<i64>(&z, "cov_i8_limits_m");
        check(
            "i8_limits",
            cov(&m).run().unwrap(),
            corrcoef(&m).run().unwrap(),
        );
        let m = get::<f64>(&z, "cov_reversed_m");
        let v = m.slice(s![..;-1, ..;-2]).unwrap();
        check(
            "reversed",
            cov(&v).run().unwrap(),
            corrcoef(&v).run().unwrap(),
        );
    }
}

#[test]
fn edge_isclose_allclose_match_numpy() {
    for dev in devices() {
        let z = npz("edge", &dev);
        for name in ["zero_d", "empty", "reversed"] {
            let a = get::<f64>(&z, &format!("iso_{name}_a"));
            let b = get::<f64>(&z, &format!("iso_{name}_b"));
            let b = if name == "reversed" {
                b.slice(s![..;-1]).unwrap()
            } else {
                b
            };
            let what = format!("isclose {name} on {dev}");
            let want = get::<bool>(&z, &format!("iso_{name}_isclose"));
            let got = isclose(&a, &b).run().unwrap();
            assert_eq!(got.shape(), want.shape(), "{what}");
            assert_close(&got, &want, Tol::exact(), &what);
            let want = get::<bool>(&z, &format!("iso_{name}_allclose"));
            assert_eq!(
                allclose(&a, &b).run().unwrap(),
                want.item().unwrap(),
                "all{what}"
            );
        }
        // array_equal: a 0-d array and a one-element vector differ in shape (NumPy: False)
        let s = Array::scalar(&dev, 1i32).unwrap();
        let v = Array::from_vec(&dev, &[1], vec![1i32]).unwrap();
        assert!(!array_equal(&s, &v, false).unwrap());
        assert!(array_equal(&s, &s, false).unwrap());
    }
}
