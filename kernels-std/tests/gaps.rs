//! The keywords and dtypes added to existing routines (issue 17's "gaps in existing
//! routines") against NumPy: the fixtures of `scripts/fixtures/gen_gaps_fixtures.py`
//! (`fixtures/gaps/gaps.npz`), on the CPU backend and, when there is one, on CUDA device 0.
//!
//! Every result here is exact in NumPy's own arithmetic (subtractions of one dtype,
//! selections), so the comparisons are exact, signed zeros and NaN included.

mod common;

use common::{assert_close, devices, fixture, Approx, Tol};
use kernels_std::array_runtime::kernel::elementwise::Operand;
use kernels_std::creation::{linspace_with, logspace_with};
use kernels_std::io::{load_npz, NpyDType, Npz};
use kernels_std::math::{self, Clip, Extremum};
use kernels_std::prelude::*;
use kernels_std::scan::{diff_with, Diff};
use kernels_std::shape::flip;

fn fixtures(dev: &Device) -> Npz {
    load_npz(fixture("gaps/gaps.npz"), dev).expect("gaps.npz")
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

/// `x`'s operand `name` of case `case`, if stored: a 0-d array is passed as a scalar
/// (NumPy's Python scalar) and, a second time, as a 0-d array.
fn operand<T: NpyDType>(npz: &Npz, case: &str, name: &str) -> Option<Array<T>> {
    let key = format!("{case}_{name}");
    npz.get(&key).map(|_| npz.array::<T>(&key).unwrap())
}

/// `np.diff(x, n, axis, prepend=pre, append=app)` for case `diff_<name>`; a 0-d `pre`/`app`
/// is tried both as a scalar and as a 0-d array.
fn diff_case<T: Diff + NpyDType + Approx>(name: &str, n: usize, axis: isize) {
    let case = format!("diff_{name}");
    for dev in devices() {
        let npz = fixtures(&dev);
        let x = npz.array::<T>(&format!("{case}_x")).unwrap();
        let want = npz.array::<T>(&format!("{case}_want")).unwrap();
        let pre = operand::<T>(&npz, &case, "pre");
        let app = operand::<T>(&npz, &case, "app");
        for as_scalar in [false, true] {
            let mut b = diff_with(&x, n, axis);
            if let Some(p) = &pre {
                b = if as_scalar && p.ndim() == 0 {
                    b.prepend(Operand::Scalar(p.item().unwrap()))
                } else {
                    b.prepend(p)
                };
            }
            if let Some(p) = &app {
                b = if as_scalar && p.ndim() == 0 {
                    b.append(Operand::Scalar(p.item().unwrap()))
                } else {
                    b.append(p)
                };
            }
            let got = b.run().unwrap_or_else(|e| panic!("{case}: {e}"));
            check(&got, &want, &format!("{case} (scalars: {as_scalar})"), &dev);
        }
    }
}

#[test]
fn diff_prepend_append() {
    diff_case::<i32>("i4_scalar_pre", 1, -1);
    diff_case::<i32>("i4_array_app_n2", 2, 1);
    diff_case::<i32>("i4_both_axis0", 1, 0);
    diff_case::<i32>("i4_n0", 0, 0);
    diff_case::<i32>("i4_n_past", 9, 1);
    diff_case::<f64>("f8_mid_axis", 1, 1);
    diff_case::<f64>("f8_last_n3", 3, -1);
    diff_case::<u8>("u1_wrap", 1, 0);
    diff_case::<i64>("i8_limits", 1, 0);
    diff_case::<bool>("b1", 1, 1);
    diff_case::<c128>("c16", 2, 0);
    diff_case::<f32>("f4_1d", 1, 0);
    diff_case::<f64>("empty_1d", 1, 0);
    diff_case::<f64>("empty_other_axis", 1, 1);
    diff_case::<i16>("empty_rows", 1, 1);
}

#[test]
fn diff_prepend_append_of_a_view() {
    for dev in devices() {
        let npz = fixtures(&dev);
        let base = npz.array::<i64>("diff_view_t_base").unwrap();
        let pre = npz.array::<i64>("diff_view_t_pre").unwrap();
        let want = npz.array::<i64>("diff_view_t_want").unwrap();
        let t = base.t();
        let got = diff_with(&t, 1, 0)
            .prepend(&pre)
            .append(-1i64)
            .run()
            .unwrap();
        check(&got, &want, "diff of a transposed view", &dev);
    }
}

#[test]
fn diff_prepend_append_errors() {
    let dev = Device::cpu();
    let x = Array::from_vec(&dev, &[2, 3], vec![1i32, 2, 3, 4, 5, 6]).unwrap();
    // NumPy's ValueError of concatenate: another extent off the axis, or another ndim.
    let wrong = Array::from_vec(&dev, &[3, 1], vec![0i32; 3]).unwrap();
    assert!(diff_with(&x, 1, 1).prepend(&wrong).run().is_err());
    let flat = Array::from_vec(&dev, &[3], vec![0i32; 3]).unwrap();
    assert!(diff_with(&x, 1, 0).append(&flat).run().is_err());
    assert!(diff_with(&x, 1, 2).prepend(0).run().is_err());
    let zero_d = Array::from_vec(&dev, &[], vec![1i32]).unwrap();
    assert!(diff_with(&zero_d, 1, 0).prepend(0).run().is_err());
    // The joined axis is fine with any extent along it.
    let wide = Array::from_vec(&dev, &[2, 2], vec![0i32; 4]).unwrap();
    assert_eq!(
        diff_with(&x, 1, 1).prepend(&wide).run().unwrap().shape(),
        &[2, 4]
    );
}

/// `np.clip(x, lo, hi)` for case `clip_<name>`, `None` where a bound is not stored; 0-d
/// bounds are tried as scalars too.
fn clip_case<T: Clip + NpyDType + Approx>(name: &str) {
    let case = format!("clip_{name}");
    for dev in devices() {
        let npz = fixtures(&dev);
        let x = npz.array::<T>(&format!("{case}_x")).unwrap();
        let want = npz.array::<T>(&format!("{case}_want")).unwrap();
        let lo = operand::<T>(&npz, &case, "lo");
        let hi = operand::<T>(&npz, &case, "hi");
        let scalar = |a: &Array<T>| (a.ndim() == 0).then(|| Operand::Scalar(a.item().unwrap()));
        let got = match (&lo, &hi) {
            (Some(l), Some(h)) => {
                if l.ndim() == 0 && h.ndim() == 0 {
                    let (ls, hs) = (scalar(l).unwrap(), scalar(h).unwrap());
                    let s = math::clip(&x, ls, hs).unwrap();
                    check(&s, &want, &format!("{case} (scalars)"), &dev);
                    check(
                        &x.clip(scalar(l).unwrap(), scalar(h).unwrap()).unwrap(),
                        &want,
                        &format!("{case} (method)"),
                        &dev,
                    );
                }
                math::clip(&x, l, h)
            }
            (Some(l), None) => {
                if let Some(ls) = scalar(l) {
                    let s = math::clip_lower(&x, ls).unwrap();
                    check(&s, &want, &format!("{case} (scalar)"), &dev);
                }
                math::clip_lower(&x, l)
            }
            (None, Some(h)) => {
                if let Some(hs) = scalar(h) {
                    let s = math::clip_upper(&x, hs).unwrap();
                    check(&s, &want, &format!("{case} (scalar)"), &dev);
                }
                math::clip_upper(&x, h)
            }
            (None, None) => panic!("{case}: no bound stored"),
        }
        .unwrap_or_else(|e| panic!("{case}: {e}"));
        check(&got, &want, &case, &dev);
    }
}

#[test]
fn clip_one_bound_and_complex() {
    for name in ["f8_lo", "f8_hi", "f8_lo_array", "f8_hi_array"] {
        clip_case::<f64>(name);
    }
    clip_case::<f32>("f4_2d_hi_row");
    clip_case::<i8>("i1_lo");
    clip_case::<u16>("u2_hi");
    for name in [
        "c16_both",
        "c16_swapped",
        "c16_lo",
        "c16_hi",
        "c16_nan_lo",
        "c16_nan_hi",
        "c16_array_bounds",
    ] {
        clip_case::<c128>(name);
    }
    clip_case::<c64>("c8_both");
    clip_case::<c64>("c8_hi");
}

#[test]
fn clip_lower_of_a_strided_view() {
    for dev in devices() {
        let npz = fixtures(&dev);
        let base = npz.array::<f64>("clip_view_step_base").unwrap();
        let want = npz.array::<f64>("clip_view_step_want").unwrap();
        let v = base.slice(kernels_std::s![..;2]).unwrap();
        check(
            &math::clip_lower(&v, -0.5).unwrap(),
            &want,
            "clip_lower of x[::2]",
            &dev,
        );
    }
}

/// `np.linspace(start, stop, num, endpoint, retstep=True, axis=axis, dtype=T)` for case
/// `lin_<name>`: the values and the step (broadcast to the bounds' shape in the fixture);
/// 0-d bounds are passed as scalars. Exact: the same `f64` operations as NumPy's.
/// A 0-d array as a scalar operand, others as they are.
fn bound(a: &Array<f64>) -> Operand<'_, f64> {
    if a.ndim() == 0 {
        Operand::Scalar(a.item().unwrap())
    } else {
        Operand::Borrowed(a)
    }
}

fn lin_case<T: DType + NpyDType + Approx>(name: &str, num: usize, endpoint: bool, axis: isize) {
    let case = format!("lin_{name}");
    for dev in devices() {
        let npz = fixtures(&dev);
        let start = npz.array::<f64>(&format!("{case}_start")).unwrap();
        let stop = npz.array::<f64>(&format!("{case}_stop")).unwrap();
        let want = npz.array::<T>(&format!("{case}_want")).unwrap();
        let want_step = npz.array::<f64>(&format!("{case}_step")).unwrap();
        let (got, step) = linspace_with(&dev, bound(&start), bound(&stop), num)
            .endpoint(endpoint)
            .axis(axis)
            .run_with_step::<T>()
            .unwrap_or_else(|e| panic!("{case}: {e}"));
        check(&got, &want, &case, &dev);
        check(&step, &want_step, &format!("{case} step"), &dev);
        let plain = linspace_with(&dev, &start, &stop, num)
            .endpoint(endpoint)
            .axis(axis)
            .run::<T>()
            .unwrap();
        check(&plain, &want, &format!("{case} (0-d arrays)"), &dev);
    }
}

#[test]
fn linspace_array_bounds_axis_retstep() {
    lin_case::<f64>("scalars", 7, true, 0);
    lin_case::<f64>("scalars_open", 6, false, 0);
    lin_case::<f64>("one", 1, true, 0);
    lin_case::<f64>("one_open", 1, false, 0);
    lin_case::<f64>("zero", 0, true, 0);
    lin_case::<f64>("arrays_axis0", 5, true, 0);
    lin_case::<f64>("arrays_axis1", 4, true, 1);
    lin_case::<f64>("arrays_axis_m1", 6, false, -1);
    lin_case::<f64>("array_scalar", 3, true, -1);
    lin_case::<f64>("array_one", 1, true, 1);
    lin_case::<f64>("array_zero", 0, true, -1);
    lin_case::<f64>("step_zero", 7, true, 0);
    lin_case::<f64>("special", 4, true, -1);
    lin_case::<i64>("int_floor", 5, true, -1);
    lin_case::<f32>("f4", 5, true, 2);
    lin_case::<f64>("empty_bounds", 3, true, 1);
}

#[test]
fn linspace_with_errors() {
    let dev = Device::cpu();
    let a = Array::from_vec(&dev, &[2], vec![0.0f64, 1.0]).unwrap();
    let b = Array::from_vec(&dev, &[3], vec![0.0f64, 1.0, 2.0]).unwrap();
    // Bounds that do not broadcast; an axis beyond the result's dimensions (NumPy's AxisError).
    assert!(linspace_with(&dev, &a, &b, 3).run::<f64>().is_err());
    assert!(linspace_with(&dev, &a, 1.0, 3)
        .axis(2)
        .run::<f64>()
        .is_err());
    assert!(linspace_with(&dev, &a, 1.0, 3)
        .axis(-3)
        .run::<f64>()
        .is_err());
    assert!(linspace_with(&dev, 0.0, 1.0, 3)
        .axis(1)
        .run::<f64>()
        .is_err());
    assert!(logspace_with(&dev, &a, 1.0, 3)
        .base(&b)
        .run::<f64>()
        .is_err());
}

/// `np.logspace(start, stop, num, endpoint, base, axis=axis, dtype=T)` for case
/// `log_<name>`; within 2 ulps (`powf` is the host's or CUDA's `pow`, as in creation.rs).
fn log_case<T: DType + NpyDType + Approx>(name: &str, num: usize, endpoint: bool, axis: isize) {
    let case = format!("log_{name}");
    for dev in devices() {
        let npz = fixtures(&dev);
        let get = |k: &str| npz.array::<f64>(&format!("{case}_{k}")).unwrap();
        let (start, stop, base) = (get("start"), get("stop"), get("base"));
        let want = npz.array::<T>(&format!("{case}_want")).unwrap();
        let got = logspace_with(&dev, &start, &stop, num)
            .endpoint(endpoint)
            .base(&base)
            .axis(axis)
            .run::<T>()
            .unwrap_or_else(|e| panic!("{case}: {e}"));
        assert!(got.device().same(&dev));
        assert_close(&got, &want, Tol::ulps(2), &format!("{case} on {dev}"));
    }
}

#[test]
fn logspace_array_bounds_base_axis() {
    log_case::<f64>("arrays_axis0", 5, true, 0);
    log_case::<f64>("base_array_axis_m1", 4, true, -1);
    log_case::<f64>("base_2d_axis1", 3, true, 1);
    log_case::<i64>("open_int", 4, false, 1);
}

/// `np.where(cond, x, y)` for case `where_<name>`, the condition of dtype `C`; `y` stored 0-d
/// is passed as a scalar.
fn where_case<C: DType + NpyDType, T: DType + NpyDType + Approx>(name: &str) {
    let case = format!("where_{name}");
    for dev in devices() {
        let npz = fixtures(&dev);
        let cond = npz.array::<C>(&format!("{case}_cond")).unwrap();
        let x = npz.array::<T>(&format!("{case}_x")).unwrap();
        let y = npz.array::<T>(&format!("{case}_y")).unwrap();
        let want = npz.array::<T>(&format!("{case}_want")).unwrap();
        let got = math::where_(&cond, &x, Operand::Scalar(y.item().unwrap()))
            .unwrap_or_else(|e| panic!("{case}: {e}"));
        check(&got, &want, &case, &dev);
        // The condition as a view too: a reversed copy reversed back.
        let flipped = flip(&cond, None).unwrap().copy().unwrap();
        let view = flip(&flipped, None).unwrap();
        check(
            &math::where_(&view, &x, &y).unwrap(),
            &want,
            &format!("{case} (view)"),
            &dev,
        );
    }
}

#[test]
fn where_of_a_non_bool_condition() {
    where_case::<i32, f64>("i4");
    where_case::<u8, f64>("u1");
    where_case::<f64, f64>("f8_special");
    where_case::<f16, f64>("f2");
    where_case::<c128, f64>("c16");
    where_case::<c64, f64>("c8");
    where_case::<i64, i16>("i8_to_i2");
    where_case::<f32, c128>("f4_to_c16");
    where_case::<bool, u64>("b1_to_u8");
    where_case::<i8, f64>("empty");
    where_case::<i16, f64>("zero_d");
}

/// Every new kernel instantiation compiles with NVRTC (skipped without NVRTC): `where_` with
/// a condition of each dtype, and with a `bool` condition for each value dtype; the boolean
/// and complex extrema, elementwise and reductions.
#[test]
fn new_kernels_compile_with_nvrtc() {
    use kernels_std::array_runtime::cuda::verify;
    use kernels_std::array_runtime::kernel::elementwise::Instance;
    use kernels_std::math::kernels as k;
    use DTypeId::*;

    if !verify::nvrtc_or_skip("gaps kernels").unwrap() {
        return;
    }
    const ALL: [DTypeId; 15] = [
        Bool, I8, I16, I32, I64, U8, U16, U32, U64, F16, BF16, F32, F64, C64, C128,
    ];
    let mut pairs: Vec<(DTypeId, DTypeId)> = ALL.iter().map(|&c| (c, F64)).collect();
    pairs.extend(ALL.iter().filter(|&&t| t != F64).map(|&t| (Bool, t)));
    pairs.extend([(I64, I16), (F32, C128), (I16, F64)]);
    pairs.sort();
    pairs.dedup();
    for (c, t) in pairs {
        let inst = Instance {
            def: &k::where_nonzero::DEF,
            type_args: &[c, t],
            params: &[c, t, t],
            results: &[t],
        };
        verify::elementwise(&inst).unwrap_or_else(|e| panic!("{}: {e}", inst.name()));
    }
    // The boolean and complex extrema.
    let b = Bool;
    let fixed = [
        (&k::maximum_bool::DEF, vec![b, b], b),
        (&k::minimum_bool::DEF, vec![b, b], b),
        (&k::clip_bool::DEF, vec![b, b, b], b),
        (&k::fmax_c64::DEF, vec![C64, C64], C64),
        (&k::fmin_c64::DEF, vec![C64, C64], C64),
        (&k::fmax_c128::DEF, vec![C128, C128], C128),
        (&k::fmin_c128::DEF, vec![C128, C128], C128),
    ];
    for (def, params, result) in &fixed {
        let inst = Instance {
            def,
            type_args: &[],
            params,
            results: std::slice::from_ref(result),
        };
        verify::elementwise(&inst).unwrap_or_else(|e| panic!("{}: {e}", inst.name()));
    }
    use kernels_std::reduce::kernels as r;
    for inst in [
        r::max_bool::instance(),
        r::min_bool::instance(),
        r::argmax_bool::instance(),
        r::argmin_bool::instance(),
    ] {
        verify::reduction(&inst, false).unwrap_or_else(|e| panic!("{}: {e}", inst.name()));
    }
}

/// `np.<ufunc>(x, y)` for case `ext_<tag>_<ufunc>` of dtype `T`.
fn binary_extremum<T: Extremum + NpyDType + Approx>(tag: &str) {
    type F<T> = fn(&Array<T>, &Array<T>) -> kernels_std::Result<Array<T>>;
    let ufuncs: [(&str, F<T>); 4] = [
        ("maximum", |x, y| math::maximum(x, y)),
        ("minimum", |x, y| math::minimum(x, y)),
        ("fmax", |x, y| math::fmax(x, y)),
        ("fmin", |x, y| math::fmin(x, y)),
    ];
    let mut checked = 0;
    for dev in devices() {
        let npz = fixtures(&dev);
        for (name, f) in ufuncs {
            let case = format!("ext_{tag}_{name}");
            let Some(x) = operand::<T>(&npz, &case, "x") else {
                continue;
            };
            let y = npz.array::<T>(&format!("{case}_y")).unwrap();
            let want = npz.array::<T>(&format!("{case}_want")).unwrap();
            check(&f(&x, &y).unwrap(), &want, &case, &dev);
            checked += 1;
        }
    }
    assert!(checked > 0, "{tag}: no case");
}

#[test]
fn extrema_of_bool_and_fmax_fmin_of_complex() {
    binary_extremum::<bool>("b1");
    binary_extremum::<c128>("c16");
    binary_extremum::<c64>("c8");
    for dev in devices() {
        let npz = fixtures(&dev);
        let get = |k: &str| npz.array::<bool>(&format!("ext_b1_clip_{k}")).unwrap();
        let got = math::clip(get("x"), get("lo"), get("hi")).unwrap();
        check(&got, &get("want"), "clip of bool", &dev);
        // Lazy expressions take the boolean kernels too.
        let want = npz.array::<bool>("ext_b1_maximum_want").unwrap();
        let x = npz.array::<bool>("ext_b1_maximum_x").unwrap();
        let y = npz.array::<bool>("ext_b1_maximum_y").unwrap();
        let lazy = kernels_std::lazy::maximum(&x, &y).eval().unwrap();
        check(&lazy, &want, "lazy maximum of bool", &dev);
        let want = npz.array::<bool>("ext_b1_minimum_want").unwrap();
        let lazy = kernels_std::lazy::minimum(&x, &y).eval().unwrap();
        check(&lazy, &want, "lazy minimum of bool", &dev);
    }
}

#[test]
fn reductions_of_bool() {
    use kernels_std::reduce::{argmax, argmin, max, min, nanargmax, nanargmin, nanmax, nanmin};
    const AXES: [(&str, Option<isize>); 4] = [
        ("none", None),
        ("0", Some(0)),
        ("1", Some(1)),
        ("2", Some(2)),
    ];
    for dev in devices() {
        let npz = fixtures(&dev);
        let x = npz.array::<bool>("red_b1_x").unwrap();
        // A transposed copy transposed back: the same values through a strided view.
        let view = x.t().copy().unwrap().t();
        for a in [&x, &view] {
            for (tag, axis) in AXES {
                let key = |op: &str| format!("red_b1_{op}_{tag}_want");
                let values = |op: &str, r: kernels_std::Result<Array<bool>>| {
                    let want = npz.array::<bool>(&key(op)).unwrap();
                    check(&r.unwrap(), &want, &key(op), &dev);
                };
                let positions = |op: &str, r: kernels_std::Result<Array<i64>>| {
                    let want = npz.array::<i64>(&key(op)).unwrap();
                    check(&r.unwrap(), &want, &key(op), &dev);
                };
                match axis {
                    None => {
                        values("max", max(a).run());
                        values("min", min(a).run());
                        values("nanmax", nanmax(a).run());
                        values("nanmin", nanmin(a).run());
                        positions("argmax", argmax(a).run());
                        positions("argmin", argmin(a).run());
                        positions("nanargmax", nanargmax(a).run());
                        positions("nanargmin", nanargmin(a).run());
                    }
                    Some(ax) => {
                        values("max", max(a).axis(ax).run());
                        values("min", min(a).axis(ax).run());
                        values("nanmax", nanmax(a).axis(ax).run());
                        values("nanmin", nanmin(a).axis(ax).run());
                        positions("argmax", argmax(a).axis(ax).run());
                        positions("argmin", argmin(a).axis(ax).run());
                        positions("nanargmax", nanargmax(a).axis(ax).run());
                        positions("nanargmin", nanargmin(a).axis(ax).run());
                    }
                }
            }
        }
        let long = npz.array::<bool>("red_long_x").unwrap();
        let first_true: i64 = npz.array::<i64>("red_long_argmax").unwrap().item().unwrap();
        assert_eq!(argmax(&long).run().unwrap().item().unwrap(), first_true);
        let not_long = math::logical_not(&long).unwrap();
        assert_eq!(argmin(&not_long).run().unwrap().item().unwrap(), first_true);
        assert!(max(&long).run().unwrap().item().unwrap());
        // NumPy's ValueError: no identity for an empty reduction.
        let empty = Array::<bool>::zeros(&dev, &[2, 0]).unwrap();
        assert!(max(&empty).axis(1).run().is_err());
        assert!(argmin(&empty).axis(1).run().is_err());
        assert_eq!(min(&empty).axis(0).run().unwrap().shape(), &[0]);
    }
}

#[test]
fn classification_of_bool() {
    for dev in devices() {
        let npz = fixtures(&dev);
        let x = npz.array::<bool>("cls_b1_x").unwrap();
        let want = |k: &str| npz.array::<bool>(&format!("cls_b1_{k}")).unwrap();
        check(
            &math::isnan(&x).unwrap(),
            &want("isnan"),
            "isnan of bool",
            &dev,
        );
        check(
            &math::isinf(&x).unwrap(),
            &want("isinf"),
            "isinf of bool",
            &dev,
        );
        check(
            &math::isfinite(&x).unwrap(),
            &want("isfinite"),
            "isfinite of bool",
            &dev,
        );
        let lazy = kernels_std::lazy::isfinite(&x).eval().unwrap();
        check(&lazy, &want("isfinite"), "lazy isfinite of bool", &dev);
    }
}
