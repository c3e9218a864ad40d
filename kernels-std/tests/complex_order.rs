//! Complex numbers (`c64`, `c128`) in the truth tests, scans, `average` and NumPy's
//! lexicographic order, against NumPy: the fixtures of
//! `scripts/fixtures/gen_complex_order_fixtures.py` (`fixtures/complex_order/complex_order.npz`),
//! on the CPU backend and, when there is one, on CUDA device 0.
//!
//! Each input `<case>_x` (parts drawn from `0, -0, +-1, 2, 0.5, NaN, +-inf` for `special_*`,
//! random values rounded to one decimal, so with ties of real parts, for `ties_*`) is checked
//! as stored, as the view `x[:, ::-2]` (results `<case>_rev_*`) and as `x.T` (`<case>_t_*`).
//!
//! Tolerances: truth, positions, comparisons, `maximum`/`minimum`, sorts and `diff` exact.
//! Sums, products and averages: NumPy's order of operations on short rows is ours, but a
//! complex product or quotient may round differently (no fused multiply-add here, NumPy's
//! SIMD loops may use one), so 4 ulps plus an absolute `1e-5` (`c64`) or `1e-13` (`c128`)
//! for parts that cancel; a value with a NaN part is compared as `NaN + NaNj` (which other
//! part goes with a NaN depends on the formula, as NumPy's own loops differ).

mod common;

use common::{assert_close, devices, fixture, Approx, Tol};
use kernels_std::array_runtime::ops::Compare;
use kernels_std::io::{load_npz, NpyDType, Npz};
use kernels_std::math::{self, Extremum};
use kernels_std::prelude::*;
use kernels_std::reduce::{
    all, any, argmax, argmin, average, count_nonzero, max, min, nanargmax, nanargmin, nanmax,
    nanmin, ptp, ArgDType, AverageOf, ExtremaDType, MeanOf, PtpDType,
};
use kernels_std::s;
use kernels_std::scan::{cumprod, cumsum, diff, Accumulate, Diff};
use kernels_std::sort::{argsort, argwhere, flatnonzero, nonzero, sort, Sortable};

fn fixtures(dev: &Device) -> Npz {
    load_npz(fixture("complex_order/complex_order.npz"), dev).expect("complex_order.npz")
}

fn get<T: NpyDType>(npz: &Npz, name: &str) -> Array<T> {
    npz.array::<T>(name)
        .unwrap_or_else(|e| panic!("fixture {name}: {e}"))
}

/// The complex dtypes, with what the checks need of them.
trait Cx:
    NpyDType
    + Approx
    + Accumulate<Acc = Self>
    + Diff
    + Sortable
    + Compare
    + Extremum
    + AverageOf
    + MeanOf<Out = Self>
    + ExtremaDType
    + PtpDType
    + ArgDType
{
    /// The absolute tolerance of sums, products and averages.
    const ATOL: f64;
    /// `NaN + NaNj` where either part is NaN.
    fn canon(self) -> Self;
}

impl Cx for c64 {
    const ATOL: f64 = 1e-5;
    fn canon(self) -> Self {
        if self.re.is_nan() || self.im.is_nan() {
            c64::new(f32::NAN, f32::NAN)
        } else {
            self
        }
    }
}

impl Cx for c128 {
    const ATOL: f64 = 1e-13;
    fn canon(self) -> Self {
        if self.re.is_nan() || self.im.is_nan() {
            c128::new(f64::NAN, f64::NAN)
        } else {
            self
        }
    }
}

#[track_caller]
fn exact<T: Approx>(got: &Array<T>, want: &Array<T>, what: &str, dev: &Device) {
    assert!(got.device().same(dev), "{what}: result on {}", got.device());
    assert_close(got, want, Tol::exact(), &format!("{what} on {dev}"));
}

/// Sums, products, averages: NaN canonicalized on both sides, 4 ulps or `T::ATOL`.
#[track_caller]
fn arith<T: Cx>(got: &Array<T>, want: &Array<T>, what: &str, dev: &Device) {
    assert!(got.device().same(dev), "{what}: result on {}", got.device());
    let canon = |a: &Array<T>| {
        let v: Vec<T> = a.to_vec().unwrap().into_iter().map(T::canon).collect();
        Array::from_vec(dev, a.shape(), v).unwrap()
    };
    let tol = Tol {
        atol: T::ATOL,
        ..Tol::ulps(4)
    };
    assert_close(&canon(got), &canon(want), tol, &format!("{what} on {dev}"));
}

const AXES: [(&str, Option<isize>); 3] = [("none", None), ("0", Some(0)), ("1", Some(1))];

/// The input of `case` (`<base>`, `<base>_rev`, `<base>_t`) and its second operand and
/// weights, as views of the stored arrays.
fn inputs<T: Cx>(npz: &Npz, base: &str, view: &str) -> (Array<T>, Array<T>, Option<Array<T>>) {
    let x = get::<T>(npz, &format!("{base}_x"));
    let y = npz
        .get(&format!("{base}_y"))
        .map(|_| get::<T>(npz, &format!("{base}_y")))
        .unwrap_or_else(|| x.clone());
    let w = npz
        .get(&format!("{base}_w"))
        .map(|_| get::<T>(npz, &format!("{base}_w")));
    match view {
        "" => (x, y, w),
        "_rev" => (
            x.slice(s![.., ..;-2]).unwrap(),
            y.slice(s![.., ..;-2]).unwrap(),
            None,
        ),
        "_t" => (x.t(), y.t(), w.map(|w| w.t())),
        other => panic!("view {other}"),
    }
}

/// Truth: `any`, `all`, `count_nonzero` along each axis, `flatnonzero`, `argwhere`, `nonzero`.
fn check_truth<T: Cx>(npz: &Npz, case: &str, x: &Array<T>, dev: &Device) {
    for (tag, axis) in AXES {
        let run = |what: &str| format!("{case}_{what}_{tag}");
        let (a, b, c) = match axis {
            Some(ax) => (
                any(x).axis(ax).run(),
                all(x).axis(ax).run(),
                count_nonzero(x).axis(ax).run(),
            ),
            None => (any(x).run(), all(x).run(), count_nonzero(x).run()),
        };
        exact(&a.unwrap(), &get(npz, &run("any")), &run("any"), dev);
        exact(&b.unwrap(), &get(npz, &run("all")), &run("all"), dev);
        let key = run("count_nonzero");
        exact(&c.unwrap(), &get(npz, &key), &key, dev);
    }
    let key = format!("{case}_flatnonzero");
    exact(&flatnonzero(x).unwrap(), &get(npz, &key), &key, dev);
    let key = format!("{case}_argwhere");
    let want = get::<i64>(npz, &key);
    exact(&argwhere(x).unwrap(), &want, &key, dev);
    // `nonzero`'s arrays are `argwhere`'s columns.
    for (d, idx) in nonzero(x).unwrap().iter().enumerate() {
        let col = want.slice(s![.., d as isize]).unwrap();
        exact(idx, &col, &format!("{case}_nonzero[{d}]"), dev);
    }
}

/// Scans: `cumsum` and `cumprod` along each axis, `diff`.
fn check_scans<T: Cx>(npz: &Npz, case: &str, x: &Array<T>, dev: &Device) {
    for (tag, axis) in AXES {
        let key = format!("{case}_cumsum_{tag}");
        arith(&cumsum(x, axis).unwrap(), &get(npz, &key), &key, dev);
        let key = format!("{case}_cumprod_{tag}");
        arith(&cumprod(x, axis).unwrap(), &get(npz, &key), &key, dev);
    }
    let key = format!("{case}_diff_1_m1");
    exact(&diff(x, 1, -1).unwrap(), &get(npz, &key), &key, dev);
    let key = format!("{case}_diff_2_0");
    exact(&diff(x, 2, 0).unwrap(), &get(npz, &key), &key, dev);
}

/// Order: the four comparisons, `maximum`, `minimum`, `sort` and `argsort`.
fn check_order<T: Cx>(npz: &Npz, case: &str, x: &Array<T>, y: &Array<T>, dev: &Device) {
    type Cmp<T> = fn(&Array<T>, &Array<T>) -> Result<Array<bool>>;
    let comparisons: [(&str, Cmp<T>); 4] = [
        ("less", |a, b| math::less(a, b)),
        ("less_equal", |a, b| math::less_equal(a, b)),
        ("greater", |a, b| math::greater(a, b)),
        ("greater_equal", |a, b| math::greater_equal(a, b)),
    ];
    for (name, f) in comparisons {
        let key = format!("{case}_{name}");
        exact(&f(x, y).unwrap(), &get(npz, &key), &key, dev);
    }
    let key = format!("{case}_maximum");
    exact(&math::maximum(x, y).unwrap(), &get(npz, &key), &key, dev);
    let key = format!("{case}_minimum");
    exact(&math::minimum(x, y).unwrap(), &get(npz, &key), &key, dev);
    for (tag, axis) in [("m1", Some(-1)), ("0", Some(0)), ("none", None)] {
        let key = format!("{case}_sort_{tag}");
        exact(&sort(x, axis).unwrap(), &get(npz, &key), &key, dev);
        let key = format!("{case}_argsort_{tag}");
        exact(&argsort(x, axis).unwrap(), &get(npz, &key), &key, dev);
    }
}

/// `average` with complex weights: of `x`'s shape over everything and along each axis, and
/// 1-d along axis 1.
fn check_average<T: Cx>(npz: &Npz, case: &str, x: &Array<T>, w: &Array<T>, dev: &Device) {
    let key = format!("{case}_average_none");
    arith(
        &average(x).weights(w).run().unwrap(),
        &get(npz, &key),
        &key,
        dev,
    );
    for ax in [0isize, 1] {
        let key = format!("{case}_average_{ax}");
        let got = average(x).axis(ax).weights(w).run().unwrap();
        arith(&got, &get(npz, &key), &key, dev);
    }
    let key = format!("{case}_average_1d");
    let w0 = w.index_axis(0, 0).unwrap();
    let got = average(x).axis(1).weights(&w0).run().unwrap();
    arith(&got, &get(npz, &key), &key, dev);
}

/// `max`, `min`, `ptp`, `nanmax`, `nanmin`, `argmax`, `argmin`, `nanargmax`, `nanargmin`
/// over everything and along each axis (a result of
/// `max`/`min`/`ptp` with a NaN part compared as `NaN + NaNj`; the positions of `argmax` and
/// `argmin` say exactly which element wins, the first NaN included).
fn check_extrema<T: Cx>(npz: &Npz, case: &str, x: &Array<T>, dev: &Device) {
    for (tag, axis) in AXES {
        let key = |what: &str| match what {
            "nanarg_raises" => format!("{case}_nanarg_{tag}_raises"),
            _ => format!("{case}_{what}_{tag}"),
        };
        let (mx, mn, pp) = match axis {
            Some(ax) => (
                max(x).axis(ax).run(),
                min(x).axis(ax).run(),
                ptp(x).axis(ax).run(),
            ),
            None => (max(x).run(), min(x).run(), ptp(x).run()),
        };
        arith(&mx.unwrap(), &get(npz, &key("max")), &key("max"), dev);
        arith(&mn.unwrap(), &get(npz, &key("min")), &key("min"), dev);
        arith(&pp.unwrap(), &get(npz, &key("ptp")), &key("ptp"), dev);
        let (nmx, nmn) = match axis {
            Some(ax) => (nanmax(x).axis(ax).run(), nanmin(x).axis(ax).run()),
            None => (nanmax(x).run(), nanmin(x).run()),
        };
        arith(
            &nmx.unwrap(),
            &get(npz, &key("nanmax")),
            &key("nanmax"),
            dev,
        );
        arith(
            &nmn.unwrap(),
            &get(npz, &key("nanmin")),
            &key("nanmin"),
            dev,
        );
        let (amax, amin) = match axis {
            Some(ax) => (argmax(x).axis(ax).run(), argmin(x).axis(ax).run()),
            None => (argmax(x).run(), argmin(x).run()),
        };
        exact(
            &amax.unwrap(),
            &get(npz, &key("argmax")),
            &key("argmax"),
            dev,
        );
        exact(
            &amin.unwrap(),
            &get(npz, &key("argmin")),
            &key("argmin"),
            dev,
        );
    }
}

/// Every routine on every case of one dtype (`suffix` `c8` or `c16`).
fn run_dtype<T: Cx>(suffix: &str) {
    for dev in devices() {
        let npz = fixtures(&dev);
        for kind in ["special", "ties"] {
            let base = format!("{kind}_{suffix}");
            for view in ["", "_rev", "_t"] {
                let case = format!("{base}{view}");
                let (x, y, w) = inputs::<T>(&npz, &base, view);
                check_truth(&npz, &case, &x, &dev);
                check_scans(&npz, &case, &x, &dev);
                check_order(&npz, &case, &x, &y, &dev);
                check_extrema(&npz, &case, &x, &dev);
                if let Some(w) = w {
                    check_average(&npz, &case, &x, &w, &dev);
                }
            }
        }
        let case = format!("empty_{suffix}");
        let (x, _, _) = inputs::<T>(&npz, &case, "");
        assert_eq!(x.shape(), &[0, 3]);
        check_truth(&npz, &case, &x, &dev);
        check_scans(&npz, &case, &x, &dev);
        check_order(&npz, &case, &x, &x, &dev);
    }
}

#[test]
fn c64_matches_numpy() {
    run_dtype::<c64>("c8");
}

#[test]
fn c128_matches_numpy() {
    run_dtype::<c128>("c16");
}

/// A 0-d complex array (`0 + NaNj`, which is true): `any`, `count_nonzero`, `argwhere`
/// (shape `[1, 0]`), `cumsum` (one element); `nonzero` and `diff` reject it, as NumPy.
#[test]
fn zero_d_arrays() {
    fn one<T: Cx>(suffix: &str) {
        for dev in devices() {
            let npz = fixtures(&dev);
            let case = format!("scalar_{suffix}");
            let x = get::<T>(&npz, &format!("{case}_x"));
            assert_eq!(x.ndim(), 0);
            let key = format!("{case}_any");
            exact(&any(&x).run().unwrap(), &get(&npz, &key), &key, &dev);
            let key = format!("{case}_count_nonzero");
            exact(
                &count_nonzero(&x).run().unwrap(),
                &get(&npz, &key),
                &key,
                &dev,
            );
            let key = format!("{case}_argwhere");
            exact(&argwhere(&x).unwrap(), &get(&npz, &key), &key, &dev);
            let key = format!("{case}_cumsum");
            arith(&cumsum(&x, None).unwrap(), &get(&npz, &key), &key, &dev);
            assert!(nonzero(&x).is_err());
            assert!(diff(&x, 1, -1).is_err());
        }
    }
    one::<c64>("c8");
    one::<c128>("c16");
}

/// Bad input: an axis out of range, weights of the wrong length or summing to zero.
#[test]
fn errors() {
    let dev = Device::cpu();
    let z = Array::from_vec(
        &dev,
        &[2, 2],
        vec![
            c64::new(1.0, 1.0),
            c64::new(0.0, 0.0),
            c64::new(2.0, -1.0),
            c64::new(0.0, 3.0),
        ],
    )
    .unwrap();
    assert!(cumsum(&z, Some(2)).is_err());
    assert!(cumprod(&z, Some(-3)).is_err());
    assert!(diff(&z, 1, 2).is_err());
    assert!(any(&z).axis(2).run().is_err());
    assert!(sort(&z, Some(5)).is_err());
    let short = Array::from_vec(&dev, &[3], vec![c64::new(1.0, 0.0); 3]).unwrap();
    assert!(average(&z).axis(1).weights(&short).run().is_err());
    // 1 + 1j and -1 - 1j sum to zero; a weight sum with a zero real part only does not.
    let zero = Array::from_vec(&dev, &[2], vec![c64::new(1.0, 1.0), c64::new(-1.0, -1.0)]).unwrap();
    assert!(average(&z).axis(1).weights(&zero).run().is_err());
    let imag = Array::from_vec(&dev, &[2], vec![c64::new(1.0, 1.0), c64::new(-1.0, 1.0)]).unwrap();
    let got = average(&z)
        .axis(1)
        .weights(&imag)
        .run()
        .unwrap()
        .to_vec()
        .unwrap();
    // ((1 + 1j)(1 + 1j) + 0) / 2j = 1, ((2 - 1j)(1 + 1j) + 3j(-1 + 1j)) / 2j = (0 - 2j) / 2j = -1
    assert_eq!(got, vec![c64::new(1.0, 0.0), c64::new(-1.0, 0.0)]);
    assert!(math::maximum(&z, &short).is_err());
    let empty = Array::<c128>::zeros(&dev, &[0, 2]).unwrap();
    assert!(max(&empty).run().is_err());
    assert!(min(&empty).axis(0).run().is_err());
    assert!(argmax(&empty).run().is_err());
    let nan = c128::new(1.0, f64::NAN);
    let nans = Array::from_vec(&dev, &[2, 2], vec![nan, c128::new(0.0, 1.0), nan, nan]).unwrap();
    assert_eq!(nanargmax(&nans).run().unwrap().item().unwrap(), 1);
    assert!(nanargmax(&nans).axis(1).run().is_err());
    assert!(nanargmin(&nans).axis(0).run().is_err());
    assert_eq!(nanargmin(&nans).run().unwrap().item().unwrap(), 1);
    assert!(nanmax(&nans).axis(1).run().unwrap().to_vec().unwrap()[1].is_nan());
    assert!(argmin(&empty).axis(0).run().is_err());
    assert_eq!(argmax(&empty).axis(1).run().unwrap().shape(), &[0]);
    assert_eq!(ptp(&empty).axis(1).run().unwrap().shape(), &[0]);
}

/// The complex kernels these routines add to the reductions, compiled by NVRTC (skipped
/// without it): the truth reductions, `average`'s (its weighted mean, its weights' sum and
/// their check for zeros), `max`, `min`, `ptp`, `argmax`, `argmin`, `nanmax`, `nanmin`,
/// `nanargmax`, `nanargmin`.
#[test]
fn complex_reduction_kernels_compile_with_nvrtc() {
    use array_runtime::cuda::verify;
    use kernels_std::reduce::kernels;
    if !verify::nvrtc_or_skip("complex reductions").unwrap() {
        return;
    }
    let check = |inst: array_runtime::kernel::reduction::ReductionInstance, id: bool| {
        verify::reduction(&inst, id).unwrap_or_else(|e| panic!("{}: {e}", inst.name()));
    };
    macro_rules! each {
        (
            $t:ty, $avg:ident, $max:ident, $min:ident, $ptp:ident, $argmax:ident,
            $argmin:ident, $nanmax:ident, $nanmin:ident, $nanargmax:ident, $nanargmin:ident
        ) => {
            check(kernels::any::instance::<$t>(), true);
            check(kernels::all::instance::<$t>(), true);
            check(kernels::count_nonzero::instance::<$t>(), true);
            check(kernels::any_zero::instance::<$t>(), true);
            check(kernels::$avg::instance(), true);
            check(kernels::$max::instance(), false);
            check(kernels::$min::instance(), false);
            check(kernels::$ptp::instance(), false);
            check(kernels::$nanmax::instance(), false);
            check(kernels::$nanmin::instance(), false);
            check(kernels::$nanargmax::instance(), false);
            check(kernels::$nanargmin::instance(), false);
            check(kernels::$argmax::instance(), false);
            check(kernels::$argmin::instance(), false);
        };
    }
    each!(
        c64,
        average_c64,
        max_c64,
        min_c64,
        ptp_c64,
        argmax_c64,
        argmin_c64,
        nanmax_c64,
        nanmin_c64,
        nanargmax_c64,
        nanargmin_c64
    );
    each!(
        c128,
        average_c128,
        max_c128,
        min_c128,
        ptp_c128,
        argmax_c128,
        argmin_c128,
        nanmax_c128,
        nanmin_c128,
        nanargmax_c128,
        nanargmin_c128
    );
}
