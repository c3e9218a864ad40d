//! `histogram_bin_edges` (every bin rule, counts, ranges), `histogramdd`, `histogram2d`, `ix_`
//! and `mask_indices` against NumPy: the fixtures of
//! `scripts/fixtures/gen_histogramdd_fixtures.py` (`fixtures/histogramdd/histogramdd.npz`), on
//! the CPU backend and, when there is one, on CUDA device 0. Counts and index arrays exact;
//! edges and densities within a few ULP (NumPy's arithmetic, computed on the device).

mod common;

use common::{assert_close, devices, fixture, Approx, Tol};
use kernels_std::creation::{ix_, mask_indices, tril, triu, CrossIndex};
use kernels_std::io::{load_npz, NpyDType, Npz};
use kernels_std::prelude::*;
use kernels_std::stats::{histogram2d, histogram_bin_edges, histogramdd, BinRule, HistogramBins};

fn fixtures(dev: &Device) -> Npz {
    load_npz(fixture("histogramdd/histogramdd.npz"), dev).expect("histogramdd.npz")
}

fn get<T: NpyDType>(npz: &Npz, name: &str) -> Array<T> {
    npz.array::<T>(name)
        .unwrap_or_else(|e| panic!("fixture {name}: {e}"))
}

fn has(npz: &Npz, name: &str) -> bool {
    npz.array::<i64>(name).is_ok()
}

#[track_caller]
fn check<T: NpyDType + Approx>(got: &Array<T>, npz: &Npz, name: &str, tol: Tol, dev: &Device) {
    let want = get::<T>(npz, name);
    assert!(got.device().same(dev), "{name}: result on {}", got.device());
    assert_eq!(got.shape(), want.shape(), "{name} on {dev}: shape");
    assert_close(got, &want, tol, &format!("{name} on {dev}"));
}

const RULES: [&str; 10] = [
    "auto", "fd", "doane", "scott", "stone", "rice", "sturges", "sqrt", "1", "7",
];
const RANGES: [(f64, f64); 5] = [
    (-1.0, 2.0),
    (0.0, 10.0),
    (3.0, 3.0),
    (-5.0, 5.0),
    (0.0, 1.0),
];

fn bins_of<'a, T: DType>(rule: &str) -> HistogramBins<'a, T> {
    match rule.parse::<usize>() {
        Ok(n) => HistogramBins::Count(n),
        Err(_) => HistogramBins::Rule(rule.parse::<BinRule>().unwrap()),
    }
}

#[test]
fn bin_edges_of_every_rule_against_numpy() {
    for dev in devices() {
        let npz = fixtures(&dev);
        for (k, range) in RANGES.iter().enumerate() {
            let x = get::<f64>(&npz, &format!("data_{k}"));
            for rule in RULES {
                let name = format!("edges_{k}_{rule}");
                let got = histogram_bin_edges(&x, bins_of(rule), None)
                    .unwrap_or_else(|e| panic!("{name}: {e}"));
                check(&got, &npz, &name, Tol::ulps(4), &dev);
                let got = histogram_bin_edges(&x, bins_of(rule), Some(*range))
                    .unwrap_or_else(|e| panic!("{name}_range: {e}"));
                check(&got, &npz, &format!("{name}_range"), Tol::ulps(4), &dev);
            }
        }
        let x = get::<f32>(&npz, "data_f32");
        for rule in RULES {
            let got = histogram_bin_edges(&x, bins_of(rule), None).unwrap();
            check(&got, &npz, &format!("edges_f32_{rule}"), Tol::ulps(4), &dev);
        }
        // Explicit edges come back as a copy; zero bins and a range with edges are errors.
        let e = get::<f64>(&npz, "dd_2_e1");
        let x = get::<f64>(&npz, "data_0");
        assert_eq!(
            histogram_bin_edges(&x, &e, None).unwrap().to_vec().unwrap(),
            e.to_vec().unwrap()
        );
        assert!(histogram_bin_edges(&x, 0, None).is_err());
        assert!(histogram_bin_edges(&x, &e, Some((0.0, 1.0))).is_err());
        assert!(histogram_bin_edges(&x, 3, Some((f64::NAN, 1.0))).is_err());
    }
}

#[test]
fn histogramdd_and_histogram2d_against_numpy() {
    for dev in devices() {
        let npz = fixtures(&dev);
        type Case = (Vec<&'static str>, Option<Vec<(f64, f64)>>, bool, bool);
        let cases: Vec<Case> = vec![
            (vec!["3"], None, false, false),
            (vec!["2", "3", "4"], None, false, false),
            (vec!["3", "e1", "2"], None, false, false),
            (
                vec!["4"],
                Some(vec![(-2.0, 2.0), (-1.0, 1.0), (0.0, 2.0)]),
                false,
                false,
            ),
            (vec!["2", "3", "4"], None, true, false),
            (vec!["3"], None, false, true),
            (vec!["3"], None, true, true),
            (vec!["2"], None, false, false),
            (vec!["3"], Some(vec![(0.0, 2.0), (0.0, 2.0)]), false, false),
            (vec!["5"], None, false, false),
            (vec!["2"], None, false, false),
            (vec!["2", "3"], None, false, false),
            (vec!["0"], None, false, false),
            (vec!["2"], Some(vec![(1.0, 0.0), (0.0, 1.0)]), false, false),
            (vec!["2"], None, false, false),
        ];
        for (i, (bins, range, density, weighted)) in cases.iter().enumerate() {
            let c = format!("dd_{i}");
            let s = get::<f64>(&npz, &format!("{c}_s"));
            let e1 = npz.array::<f64>(&format!("{c}_e1")).ok();
            let bins: Vec<HistogramBins<'_, f64>> = bins
                .iter()
                .map(|b| match *b {
                    "e1" => HistogramBins::Edges(e1.as_ref().unwrap()),
                    n => HistogramBins::Count(n.parse().unwrap()),
                })
                .collect();
            let w = weighted.then(|| get::<f64>(&npz, &format!("{c}_w")));
            let got = histogramdd(&s, &bins, range.as_deref(), *density, w.as_ref());
            if has(&npz, &format!("{c}_err")) {
                assert!(got.is_err(), "{c}: NumPy raises");
                continue;
            }
            let (h, edges) = got.unwrap_or_else(|e| panic!("{c}: {e}"));
            let tol = if *density || *weighted {
                Tol::ulps(8)
            } else {
                Tol::exact()
            };
            check(&h, &npz, &format!("{c}_h"), tol, &dev);
            for (k, e) in edges.iter().enumerate() {
                check(e, &npz, &format!("{c}_edge{k}"), Tol::ulps(4), &dev);
            }
        }
        let s = get::<f64>(&npz, "dd_0_s");
        let rule = [HistogramBins::Rule(BinRule::Auto)];
        assert!(histogramdd(&s, &rule, None, false, None).is_err());

        let cases2: Vec<Case> = vec![
            (vec!["4"], None, false, false),
            (vec!["3", "ye"], None, false, false),
            (
                vec!["2", "5"],
                Some(vec![(-1.0, 1.0), (0.0, 2.0)]),
                true,
                false,
            ),
            (vec!["3"], None, false, true),
            (vec!["3"], None, false, false),
        ];
        for (i, (bins, range, density, weighted)) in cases2.iter().enumerate() {
            let c = format!("h2_{i}");
            let (x, y) = (
                get::<f64>(&npz, &format!("{c}_x")),
                get::<f64>(&npz, &format!("{c}_y")),
            );
            let ye = npz.array::<f64>(&format!("{c}_ye")).ok();
            let bins: Vec<HistogramBins<'_, f64>> = bins
                .iter()
                .map(|b| match *b {
                    "ye" => HistogramBins::Edges(ye.as_ref().unwrap()),
                    n => HistogramBins::Count(n.parse().unwrap()),
                })
                .collect();
            let range = range.as_ref().map(|r| [r[0], r[1]]);
            let w = weighted.then(|| get::<f64>(&npz, &format!("{c}_w")));
            let got = histogram2d(&x, &y, &bins, range, *density, w.as_ref());
            if has(&npz, &format!("{c}_err")) {
                assert!(got.is_err(), "{c}: NumPy raises");
                continue;
            }
            let (h, xe, ye) = got.unwrap_or_else(|e| panic!("{c}: {e}"));
            let tol = if *density || *weighted {
                Tol::ulps(8)
            } else {
                Tol::exact()
            };
            check(&h, &npz, &format!("{c}_h"), tol, &dev);
            check(&xe, &npz, &format!("{c}_xe"), Tol::ulps(4), &dev);
            check(&ye, &npz, &format!("{c}_ye"), Tol::ulps(4), &dev);
        }
    }
}

fn ix_case<T: CrossIndex + NpyDType>(npz: &Npz, i: usize, n: usize, dev: &Device)
where
    T::Index: NpyDType + Approx,
{
    let args: Vec<Array<T>> = (0..n)
        .map(|k| get::<T>(npz, &format!("ix_{i}_in{k}")))
        .collect();
    let refs: Vec<&Array<T>> = args.iter().collect();
    let got = ix_(&refs);
    if has(npz, &format!("ix_{i}_err")) {
        assert!(got.is_err(), "ix_ case {i}: NumPy raises");
        return;
    }
    for (k, a) in got.unwrap().iter().enumerate() {
        check(a, npz, &format!("ix_{i}_out{k}"), Tol::exact(), dev);
    }
}

#[test]
fn ix_and_mask_indices_against_numpy() {
    for dev in devices() {
        let npz = fixtures(&dev);
        ix_case::<i64>(&npz, 0, 2, &dev);
        ix_case::<f64>(&npz, 1, 3, &dev);
        ix_case::<bool>(&npz, 2, 2, &dev);
        ix_case::<i64>(&npz, 3, 1, &dev);
        assert!(ix_::<i64>(&[]).unwrap().is_empty());
        let masks: [(usize, bool, isize); 5] = [
            (3, true, 1),
            (4, false, -1),
            (0, true, 0),
            (3, false, 0),
            (4, true, -2),
        ];
        for (i, (n, upper, k)) in masks.into_iter().enumerate() {
            let got = if upper {
                mask_indices(&dev, n, triu, k)
            } else {
                mask_indices(&dev, n, tril, k)
            }
            .unwrap();
            for (j, a) in got.iter().enumerate() {
                check(a, &npz, &format!("mask_{i}_{j}"), Tol::exact(), &dev);
            }
        }
    }
}

/// The one kernel of `histogramdd` compiles with NVRTC for every float dtype (skipped when
/// NVRTC is missing, a failure under CI).
#[test]
fn histogramdd_kernel_compiles_with_nvrtc() {
    use kernels_std::array_runtime::cuda::verify;
    use kernels_std::array_runtime::kernel::elementwise::Instance;
    use kernels_std::stats::kernels::last_edge_inside;
    use kernels_std::DTypeId::{BF16, F16, F32, F64, I64};
    if !verify::nvrtc_or_skip("histogramdd kernels").unwrap() {
        return;
    }
    for t in [F16, BF16, F32, F64] {
        let inst = Instance {
            def: &last_edge_inside::DEF,
            type_args: &[t],
            params: &[I64, t, t],
            results: &[I64],
        };
        verify::elementwise(&inst).unwrap_or_else(|e| panic!("{}: {e}", inst.name()));
    }
}
