//! The histogram bin rules (`histogram_with_rule`, `.bin_edges()`) and `cov`/`corrcoef` with `y`
//! and weights against NumPy: the fixtures of `scripts/fixtures/gen_stats_extra_fixtures.py`, on
//! the CPU backend and, when there is one, on CUDA device 0; every new kernel also compiled by
//! NVRTC.
//!
//! Tolerances: bin counts, counts and edges exact (the rule's bin count is an integer that NumPy
//! and we must agree on; the edges are NumPy's `linspace` in its dtype); densities `1e-15`
//! relative and `1e-12` absolute; `cov` and `corrcoef` (f64) `1e-12` relative and absolute (our
//! GEMM and weighted sums add in another order than NumPy's `dot`), infinities and NaN exact.

mod common;

use common::{assert_close, devices, fixture, Approx, Tol};
use kernels_std::io::{load_npz, NpyDType, Npz};
use kernels_std::prelude::*;
use kernels_std::reduce::MeanDType;
use kernels_std::stats::*;

const RULES: [&str; 8] = [
    "auto", "fd", "doane", "scott", "stone", "rice", "sturges", "sqrt",
];

fn npz(name: &str, dev: &Device) -> Npz {
    load_npz(fixture(&format!("stats_extra/{name}.npz")), dev).unwrap()
}

fn get<T: NpyDType>(z: &Npz, key: &str) -> Array<T> {
    z.array::<T>(key).unwrap_or_else(|e| panic!("{key}: {e}"))
}

/// Every rule on the data of `case` (dtype `T`; `int` data converted to `T`), against NumPy's
/// counts and edges, and `.bin_edges()` against the same edges.
fn rules_case<T: Float + NpyDType + Approx + MeanDType>(case: &str, dev: &Device, int: bool) {
    let z = npz("bin_rules", dev);
    let data = if int {
        get::<i64>(&z, &format!("{case}_in")).astype::<T>().unwrap()
    } else {
        get::<T>(&z, &format!("{case}_in"))
    };
    let a = if case == "matrix" { data.t() } else { data };
    let range = z
        .array::<f64>(&format!("{case}_range"))
        .ok()
        .map(|r| r.to_vec().unwrap());
    for name in RULES {
        let rule: BinRule = name.parse().unwrap();
        let call = || {
            let h = histogram_with_rule(&a, rule);
            match &range {
                Some(r) => h.range(r[0], r[1]),
                None => h,
            }
        };
        let what = format!("histogram {case} {name} on {dev}");
        let (counts, edges) = call().run().unwrap_or_else(|e| panic!("{what}: {e}"));
        let key = format!("{case}_{name}");
        if int {
            let want = get::<f64>(&z, &format!("{key}_edges"))
                .astype::<T>()
                .unwrap();
            assert_close(&edges, &want, Tol::exact(), &what);
        } else {
            assert_close(
                &edges,
                &get::<T>(&z, &format!("{key}_edges")),
                Tol::exact(),
                &what,
            );
        }
        assert_close(
            &counts,
            &get::<i64>(&z, &format!("{key}_counts")),
            Tol::exact(),
            &what,
        );
        assert!(
            counts.device().same(dev) && edges.device().same(dev),
            "{what}"
        );
        let alone = call().bin_edges().unwrap_or_else(|e| panic!("{what}: {e}"));
        assert_close(&alone, &edges, Tol::exact(), &what);
        if let Ok(want) = z.array::<f64>(&format!("{key}_density")) {
            let (d, _) = call().density().unwrap_or_else(|e| panic!("{what}: {e}"));
            assert_close(&d, &want, Tol::close(1e-15, 1e-12), &what);
        }
    }
}

#[test]
fn bin_rules_match_numpy() {
    for dev in devices() {
        for case in [
            "normal_f8",
            "uniform_f8",
            "outliers_f8",
            "skewed_f8",
            "iqr_zero",
            "constant",
            "one",
            "two",
            "range_f8",
            "range_outside",
            "range_equal",
            "empty",
            "matrix",
        ] {
            rules_case::<f64>(case, &dev, false);
        }
        for case in [
            "normal_f4",
            "uniform_f4",
            "constant_f4",
            "range_f4",
            "empty_range",
            "large_f4",
        ] {
            rules_case::<f32>(case, &dev, false);
        }
        rules_case::<f64>("ints", &dev, true);
        rules_case::<f16>("normal_f2", &dev, false);
        rules_case::<f16>("range_f2", &dev, false);
    }
}

#[test]
fn bin_rules_errors() {
    for dev in devices() {
        let err = "Auto".parse::<BinRule>().unwrap_err().to_string();
        assert!(err.contains("\"Auto\"") && err.contains("sturges"), "{err}");
        for rule in BinRule::ALL {
            assert_eq!(rule.name().parse::<BinRule>().unwrap(), rule);
        }
        let a = Array::from_vec(&dev, &[4], vec![1.0, 2.0, 2.5, 3.0]).unwrap();
        // NumPy: TypeError for weighted data
        let err = histogram_with_rule(&a, BinRule::Auto)
            .weights(&a)
            .run()
            .unwrap_err()
            .to_string();
        assert!(err.contains("weighted"), "{err}");
        // a non-finite data range, a bad range
        let inf = Array::from_vec(&dev, &[2], vec![1.0, f64::INFINITY]).unwrap();
        let err = histogram_with_rule(&inf, BinRule::Fd).run().unwrap_err();
        assert!(err.to_string().contains("not finite"), "{err}");
        let err = histogram_with_rule(&a, BinRule::Sqrt)
            .range(2.0, 1.0)
            .bin_edges()
            .unwrap_err();
        assert!(err.to_string().contains("range"), "{err}");
        // a tiny width over a wide range: more bins than allowed
        let narrow: Vec<f64> = (0..100).map(|i| f64::from(i) * 1e-8).collect();
        let narrow = Array::from_vec(&dev, &[100], narrow).unwrap();
        let err = histogram_with_rule(&narrow, BinRule::Fd)
            .range(0.0, 1e6)
            .run()
            .unwrap_err()
            .to_string();
        assert!(err.contains("fd") && err.contains("bins"), "{err}");
        // NumPy's "too many bins for data range": the edges would not increase
        let tight = Array::from_vec(&dev, &[2], vec![1.0, 1.0 + f64::EPSILON]).unwrap();
        let err = histogram(&tight, 10).run().unwrap_err().to_string();
        assert!(err.contains("too many bins"), "{err}");
        let err = histogram(&tight, 10).bin_edges().unwrap_err().to_string();
        assert!(err.contains("too many bins"), "{err}");
        // bin_edges with a count and a range, as NumPy's histogram_bin_edges
        let e = histogram(&a, 4).range(0.0, 2.0).bin_edges().unwrap();
        assert_eq!(e.to_vec().unwrap(), vec![0.0, 0.5, 1.0, 1.5, 2.0]);
    }
}

/// `cov` (and `corrcoef` where NumPy's is stored) of `case`, with its options and weights.
fn cov_case<T: MeanDType + NpyDType>(case: &str, dev: &Device) {
    let z = npz("cov", dev);
    let m = get::<T>(&z, &format!("{case}_m"));
    let y = z.array::<T>(&format!("{case}_y")).ok();
    let fw = z.array::<i64>(&format!("{case}_fw")).ok();
    let aw = z.array::<f64>(&format!("{case}_aw")).ok();
    let opts = get::<i64>(&z, &format!("{case}_opts")).to_vec().unwrap();
    let mut call = cov(&m).rowvar(opts[0] == 1).bias(opts[1] == 1);
    if opts[2] >= 0 {
        call = call.ddof(opts[2] as f64);
    }
    if let Some(y) = &y {
        call = call.y(y);
    }
    if let Some(fw) = &fw {
        call = call.fweights(fw);
    }
    if let Some(aw) = &aw {
        call = call.aweights(aw);
    }
    let what = format!("cov {case} on {dev}");
    let c = call.run().unwrap_or_else(|e| panic!("{what}: {e}"));
    let tol = Tol::close(1e-12, 1e-12);
    assert_close(&c, &get::<f64>(&z, &format!("{case}_cov")), tol, &what);
    assert!(c.device().same(dev), "{what}");
    if let Ok(want) = z.array::<f64>(&format!("{case}_corr")) {
        let mut call = corrcoef(&m).rowvar(opts[0] == 1);
        if let Some(y) = &y {
            call = call.y(y);
        }
        let what = format!("corrcoef {case} on {dev}");
        let r = call.run().unwrap_or_else(|e| panic!("{what}: {e}"));
        assert_close(&r, &want, tol, &what);
    }
}

#[test]
fn cov_with_y_and_weights_matches_numpy() {
    for dev in devices() {
        for case in [
            "plain",
            "y_rows",
            "y_1d",
            "y_cols",
            "y_1d_cols",
            "y_one_row_cols",
            "fweights",
            "aweights",
            "both",
            "both_bias",
            "aweights_ddof2",
            "fweights_ddof3",
            "bias_ddof",
            "bias",
            "weights_y_cols",
            "one_row_cols",
            "no_variables",
            "ddof_n",
        ] {
            cov_case::<f64>(case, &dev);
        }
        cov_case::<i32>("ints_aweights", &dev);
        cov_case::<f32>("f4_y_fweights", &dev);
        cov_case::<f32>("f4_y", &dev);
    }
}

#[test]
fn cov_errors() {
    for dev in devices() {
        let m = Array::from_vec(&dev, &[2, 3], vec![0.0, 1.0, 2.0, 2.0, 1.0, 0.0]).unwrap();
        let err_of = |r: Result<Array<f64>>| r.unwrap_err().to_string();
        let fw = |v: Vec<i64>| Array::from_vec(&dev, &[v.len()], v).unwrap();
        let aw = |v: Vec<f64>| Array::from_vec(&dev, &[v.len()], v).unwrap();

        let err = err_of(cov(&m).fweights(&fw(vec![1, -1, 2])).run());
        assert!(err.contains("fweights cannot be negative"), "{err}");
        let err = err_of(cov(&m).aweights(&aw(vec![1.0, -0.5, 2.0])).run());
        assert!(err.contains("aweights cannot be negative"), "{err}");
        let err = err_of(cov(&m).fweights(&fw(vec![1, 2])).run());
        assert!(err.contains("fweights") && err.contains("[2]"), "{err}");
        let aw2 = Array::from_vec(&dev, &[1, 3], vec![1.0, 1.0, 1.0]).unwrap();
        let err = err_of(cov(&m).aweights(&aw2).run());
        assert!(err.contains("aweights") && err.contains("[1, 3]"), "{err}");
        let err = err_of(cov(&m).fweights(&fw(vec![0, 0, 0])).run());
        assert!(err.contains("sum to zero"), "{err}");
        let err = err_of(cov(&m).ddof(0.5).run());
        assert!(err.contains("ddof must be an integer"), "{err}");
        // y with 4 observations against m's 3
        let y = Array::from_vec(&dev, &[4], vec![1.0, 2.0, 3.0, 4.0]).unwrap();
        let err = err_of(cov(&m).y(&y).run());
        assert!(err.contains("y") && err.contains("[1, 4]"), "{err}");
        let err = err_of(corrcoef(&m).y(&y).run());
        assert!(err.contains("corrcoef"), "{err}");
        let cube = Array::<f64>::zeros(&dev, &[2, 2, 2]).unwrap();
        let err = err_of(cov(&m).y(&cube).run());
        assert!(err.contains("y needs at most 2 dimensions"), "{err}");
        let err = err_of(cov(&cube).run());
        assert!(err.contains("m needs at most 2 dimensions"), "{err}");
    }
}

#[test]
fn every_new_kernel_compiles_with_nvrtc() {
    use array_runtime::cuda::raw::verify as raw;
    use array_runtime::cuda::verify;
    use array_runtime::kernel::elementwise::Instance;
    if !verify::nvrtc_or_skip("stats_extra kernels").unwrap() {
        return;
    }
    let f64_ = DTypeId::F64;
    let bool_ = DTypeId::Bool;
    for t in [DTypeId::F16, DTypeId::BF16, DTypeId::F32, DTypeId::F64] {
        raw(&kernels::stone_edges::DEF, &[t, t]).unwrap();
        raw(&kernels::stone_edges::DEF, &[f64_, t]).unwrap();
        raw(&kernels::stone_counts::DEF, &[t]).unwrap();
        raw(&kernels::stone_costs::DEF, &[t]).unwrap();
        for (def, params, result) in [
            (&kernels::within::DEF, vec![t, t, t], bool_),
            (&kernels::standardized_cube::DEF, vec![t, t, t], t),
            (&kernels::edge_not_above::DEF, vec![t, t], bool_),
        ] {
            let inst = Instance {
                def,
                type_args: &[t],
                params: &params,
                results: &[result],
            };
            verify::elementwise(&inst).unwrap_or_else(|e| panic!("{}: {e}", inst.name()));
        }
    }
    let inst = Instance {
        def: &kernels::is_negative::DEF,
        type_args: &[],
        params: &[f64_],
        results: &[bool_],
    };
    verify::elementwise(&inst).unwrap_or_else(|e| panic!("{}: {e}", inst.name()));
}
