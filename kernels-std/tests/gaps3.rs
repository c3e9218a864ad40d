//! Dtypes and keywords added to existing routines (issue 17's "gaps in existing routines",
//! part A) against NumPy: the fixtures of `scripts/fixtures/gen_gaps3_fixtures.py`
//! (`fixtures/gaps3/gaps3.npz`), on the CPU backend and, when there is one, on CUDA device 0.
//!
//! `dtype=` of `sum`, `prod`, `mean`, `cumsum`, `cumprod`, `trace` ([`sum_as`] ...);
//! `searchsorted` and `unique` of `bool` and complex; `isclose`/`allclose` of integers,
//! `bool` and complex; `bincount` weights of every real dtype. Integer and `bool` results are
//! compared exactly; float results within a few ulps (sums may group differently).

mod common;

use common::{assert_close, devices, fixture, Approx, Tol};
use kernels_std::io::{load_npz, NpyDType, Npz};
use kernels_std::linalg::trace_as;
use kernels_std::prelude::*;
use kernels_std::reduce::{mean_as, prod_as, sum_as};
use kernels_std::scan::{cumprod_as, cumsum_as};
use kernels_std::sort::{searchsorted, unique, unique_full, SearchSortedDType, Side, Sortable};
use kernels_std::stats::{allclose, bincount, isclose, BinCountWeight, CloseDType};

fn fixtures(dev: &Device) -> Npz {
    load_npz(fixture("gaps3/gaps3.npz"), dev).expect("gaps3.npz")
}

/// Floats: a few ulps, and an absolute margin for sums that cancel near zero.
const FLOAT: Tol = Tol {
    ulps: 4,
    rtol: 0.0,
    atol: 1e-5,
    signed_zero: false,
};

#[track_caller]
fn check<T: Approx>(got: &Array<T>, want: &Array<T>, tol: Tol, what: &str, dev: &Device) {
    assert!(got.device().same(dev), "{what}: result on {}", got.device());
    assert_eq!(got.shape(), want.shape(), "{what} on {dev}: shape");
    assert_close(got, want, tol, &format!("{what} on {dev}"));
}

/// Case `dt_<name>`: `f(x, axis)` against NumPy's `want` (axis -99 is `None`).
fn dtype_case<T: NpyDType, U: NpyDType + Approx>(
    name: &str,
    tol: Tol,
    f: impl Fn(&Array<T>, Option<isize>) -> Result<Array<U>>,
) {
    let case = format!("dt_{name}");
    for dev in devices() {
        let npz = fixtures(&dev);
        let x = npz.array::<T>(&format!("{case}_x")).unwrap();
        let want = npz.array::<U>(&format!("{case}_want")).unwrap();
        let axis: i64 = npz
            .array::<i64>(&format!("{case}_axis"))
            .unwrap()
            .item()
            .unwrap();
        let axis = (axis != -99).then_some(axis as isize);
        let got = f(&x, axis).unwrap_or_else(|e| panic!("{case}: {e}"));
        check(&got, &want, tol, &case, &dev);
    }
}

/// The reduction builder `$call::<$u, _>(x)` over `axis` (all axes for `None`).
macro_rules! reduce_as {
    ($call:ident, $u:ty) => {
        |x, axis: Option<isize>| {
            let b = $call::<$u, _>(x);
            match axis {
                Some(a) => b.axis(a).run(),
                None => b.run(),
            }
        }
    };
}

#[test]
fn sum_and_prod_with_dtype() {
    let exact = Tol::exact();
    dtype_case::<i16, i8>("sum_i2_i1_ax1", exact, reduce_as!(sum_as, i8));
    dtype_case::<i16, i8>("sum_i2_i1_all", exact, reduce_as!(sum_as, i8));
    dtype_case::<i16, u8>("sum_i2_u1_ax0", exact, reduce_as!(sum_as, u8));
    dtype_case::<i16, f32>("sum_i2_f4_ax1", exact, reduce_as!(sum_as, f32));
    dtype_case::<i16, c64>("sum_i2_c8_ax0", exact, reduce_as!(sum_as, c64));
    dtype_case::<f32, f64>("sum_f4t_f8_ax0", FLOAT, reduce_as!(sum_as, f64));
    dtype_case::<f64, f32>("sum_f8_f4_ax1", FLOAT, reduce_as!(sum_as, f32));
    dtype_case::<f64, i32>("sum_f8_i4_all", exact, reduce_as!(sum_as, i32));
    dtype_case::<u8, u8>("prod_u1_u1_ax0", exact, reduce_as!(prod_as, u8));
    dtype_case::<u8, u16>("prod_u1_u2_ax0", exact, reduce_as!(prod_as, u16));
    dtype_case::<u8, i64>("prod_u1_i8_all", exact, reduce_as!(prod_as, i64));
    dtype_case::<i16, f64>("prod_i2_f8_ax1", exact, reduce_as!(prod_as, f64));
    dtype_case::<i16, c128>("prod_i2_c16_ax1", exact, reduce_as!(prod_as, c128));
}

#[test]
fn mean_with_dtype() {
    dtype_case::<i64, f32>("mean_i8_f4_ax0", FLOAT, reduce_as!(mean_as, f32));
    dtype_case::<i64, f64>("mean_i8_f8_all", FLOAT, reduce_as!(mean_as, f64));
    dtype_case::<i64, c128>("mean_i8_c16_ax1", FLOAT, reduce_as!(mean_as, c128));
    dtype_case::<f64, f32>("mean_f8_f4_ax1", FLOAT, reduce_as!(mean_as, f32));
}

#[test]
fn scans_with_dtype() {
    let exact = Tol::exact();
    dtype_case::<i64, i8>("cumsum_i8_i1_none", exact, cumsum_as::<i8, _>);
    dtype_case::<i64, i8>("cumsum_i8_i1_ax1", exact, cumsum_as::<i8, _>);
    dtype_case::<i16, f64>("cumsum_i2_f8_ax0", exact, cumsum_as::<f64, _>);
    dtype_case::<f64, c64>("cumsum_f8_c8_ax1", FLOAT, cumsum_as::<c64, _>);
    dtype_case::<u8, u8>("cumprod_u1_u1_ax0", exact, cumprod_as::<u8, _>);
    dtype_case::<u8, i32>("cumprod_u1_i4_none", exact, |x, a| {
        cumprod_as::<i32, _>(x, a)
    });
    dtype_case::<i16, f32>("cumprod_i2_f4_ax1", exact, |x, a| {
        cumprod_as::<f32, _>(x, a)
    });
}

/// Case `tr_<name>`: `np.trace(x, offset, 0, 1, dtype=U)`.
fn trace_case<T: NpyDType + kernels_std::linalg::LinalgScalar, U: NpyDType + Approx + SumAs>(
    name: &str,
    tol: Tol,
) {
    let case = format!("tr_{name}");
    for dev in devices() {
        let npz = fixtures(&dev);
        let x = npz.array::<T>(&format!("{case}_x")).unwrap();
        let want = npz.array::<U>(&format!("{case}_want")).unwrap();
        let offset: i64 = npz
            .array::<i64>(&format!("{case}_offset"))
            .unwrap()
            .item()
            .unwrap();
        let got = trace_as::<U, T>(&x, offset as isize, 0, 1).unwrap();
        check(&got, &want, tol, &case, &dev);
    }
}

use kernels_std::reduce::SumAs;

#[test]
fn trace_with_dtype() {
    trace_case::<i32, i8>("i4_i1", Tol::exact());
    trace_case::<i32, f64>("i4_f8_off1", Tol::exact());
    trace_case::<f64, f32>("f8_f4_3d", FLOAT);
    trace_case::<i16, c128>("i2_c16", Tol::exact());
}

#[test]
fn dtype_forms_fuse_and_take_views() {
    let dev = Device::cpu();
    let a = Array::from_vec(&dev, &[2, 3], vec![100i16, 100, 100, 1, 2, 3]).unwrap();
    // A transposed view, and an expression: the conversion is fused (one launch).
    let t = sum_as::<i8, _>(&a.t()).axis(0).run().unwrap();
    assert_eq!(t.to_vec().unwrap(), vec![44, 6]);
    let before = kernels_std::kernel::launches();
    let e = sum_as::<u8, _>(&a * &a).axis(1).run().unwrap();
    assert_eq!(kernels_std::kernel::launches() - before, 1);
    // 3 * 10000 = 30000 mod 256 = 48; 1 + 4 + 9 = 14
    assert_eq!(e.to_vec().unwrap(), vec![48, 14]);
    assert_eq!(
        sum_as::<f64, _>(&a).keepdims(true).run().unwrap().shape(),
        &[1, 1]
    );
    assert!(sum_as::<f64, _>(&a).axis(2).run().is_err());
    assert!(mean_as::<f64, _>(&Array::scalar(&dev, 1i32).unwrap())
        .axis(0)
        .run()
        .is_err());
    assert!(cumsum_as::<f64, _>(&a, Some(-3)).is_err());
    assert!(trace_as::<f64, _>(&a, 0, 1, 1).is_err());
}

/// Case `ss_<name>`: `np.searchsorted(a, v, side)` for both sides.
fn search_case<T: SearchSortedDType + NpyDType>(name: &str) {
    let case = format!("ss_{name}");
    for dev in devices() {
        let npz = fixtures(&dev);
        let a = npz.array::<T>(&format!("{case}_a")).unwrap();
        let v = npz.array::<T>(&format!("{case}_v")).unwrap();
        for (side, key) in [(Side::Left, "left"), (Side::Right, "right")] {
            let want = npz.array::<i64>(&format!("{case}_{key}")).unwrap();
            let got = searchsorted(&a, &v, side).unwrap();
            check(&got, &want, Tol::exact(), &format!("{case} {key}"), &dev);
        }
    }
}

#[test]
fn searchsorted_of_bool_and_complex() {
    search_case::<bool>("b1");
    search_case::<bool>("b1_all_true");
    search_case::<c128>("c16");
    search_case::<c64>("c8");
    search_case::<c128>("c16_empty_a");
}

/// Case `uq_<name>`: `np.unique(x, equal_nan=e)` for both `e`.
fn unique_case<T: Sortable + NpyDType + Approx>(name: &str) {
    let case = format!("uq_{name}");
    for dev in devices() {
        let npz = fixtures(&dev);
        let x = npz.array::<T>(&format!("{case}_x")).unwrap();
        for (e, key) in [(true, "eq"), (false, "ne")] {
            let want = npz.array::<T>(&format!("{case}_{key}_want")).unwrap();
            let got = unique_full(&x, e).unwrap().values;
            check(&got, &want, Tol::exact(), &format!("{case} {key}"), &dev);
            if e {
                check(&unique(&x).unwrap(), &want, Tol::exact(), &case, &dev);
            }
        }
    }
}

#[test]
fn unique_of_bool_and_complex_with_equal_nan() {
    unique_case::<bool>("b1");
    unique_case::<bool>("b1_false");
    unique_case::<c128>("c16");
    unique_case::<c64>("c8");
    unique_case::<f64>("f8");
}

/// Case `ic_<name>`: `np.isclose(a, b, rtol, atol, equal_nan)` and `np.allclose`.
fn close_case<T: CloseDType + NpyDType>(name: &str) {
    let case = format!("ic_{name}");
    for dev in devices() {
        let npz = fixtures(&dev);
        let a = npz.array::<T>(&format!("{case}_a")).unwrap();
        let b = npz.array::<T>(&format!("{case}_b")).unwrap();
        let tol = npz
            .array::<f64>(&format!("{case}_tol"))
            .unwrap()
            .to_vec()
            .unwrap();
        let (rtol, atol, equal_nan) = (tol[0], tol[1], tol[2] != 0.0);
        let want = npz.array::<bool>(&format!("{case}_want")).unwrap();
        let all: bool = npz
            .array::<bool>(&format!("{case}_all"))
            .unwrap()
            .item()
            .unwrap();
        let got = isclose(&a, &b)
            .rtol(rtol)
            .atol(atol)
            .equal_nan(equal_nan)
            .run()
            .unwrap();
        check(&got, &want, Tol::exact(), &case, &dev);
        let got_all = allclose(&a, &b)
            .rtol(rtol)
            .atol(atol)
            .equal_nan(equal_nan)
            .run()
            .unwrap();
        assert_eq!(got_all, all, "{case} allclose on {dev}");
    }
}

#[test]
fn isclose_of_integers_bool_and_complex() {
    close_case::<i32>("i4");
    close_case::<i32>("i4_bcast");
    close_case::<i32>("i4_equal");
    close_case::<u8>("u1");
    close_case::<i64>("i8_big");
    close_case::<bool>("b1");
    close_case::<bool>("b1_atol");
    close_case::<c128>("c16");
    close_case::<c128>("c16_equal_nan");
    close_case::<c128>("c16_atol");
    close_case::<c64>("c8");
    close_case::<c64>("c8_equal_nan");
    close_case::<c128>("c16_all_close");
}

/// Case `bc_<name>`: `np.bincount(x, weights=w, minlength=m)`.
fn bincount_case<T: Int + NpyDType, W: BinCountWeight + NpyDType>(name: &str) {
    let case = format!("bc_{name}");
    for dev in devices() {
        let npz = fixtures(&dev);
        let x = npz.array::<T>(&format!("{case}_x")).unwrap();
        let w = npz.array::<W>(&format!("{case}_w")).unwrap();
        let m: i64 = npz
            .array::<i64>(&format!("{case}_minlength"))
            .unwrap()
            .item()
            .unwrap();
        let want = npz.array::<f64>(&format!("{case}_want")).unwrap();
        let got = bincount(&x)
            .weights(&w)
            .minlength(m as usize)
            .run()
            .unwrap();
        check(&got, &want, Tol::ulps(2), &case, &dev);
    }
}

#[test]
fn bincount_weights_of_every_real_dtype() {
    bincount_case::<i32, i32>("i4_w_i4");
    bincount_case::<i32, u8>("i4_w_u1");
    bincount_case::<i32, bool>("i4_w_b1");
    bincount_case::<u8, f32>("u1_w_f4");
    bincount_case::<i64, f16>("i8_w_f2");
    bincount_case::<i64, i64>("i8_w_i8_big");
    bincount_case::<u16, u64>("u2_w_u8_empty");
    // Weights of another length are an error, whatever their dtype.
    let dev = Device::cpu();
    let x = Array::from_vec(&dev, &[2], vec![0u8, 1]).unwrap();
    let w = Array::from_vec(&dev, &[3], vec![1i16, 2, 3]).unwrap();
    assert!(bincount(&x).weights(&w).run().is_err());
    // A non-contiguous view of weights.
    let w2 = Array::from_vec(&dev, &[4], vec![1i16, 9, 2, 9]).unwrap();
    let every_other = w2.slice(kernels_std::s![..;2]).unwrap();
    let got = bincount(&x).weights(&every_other).run().unwrap();
    assert_eq!(got.to_vec().unwrap(), vec![1.0, 2.0]);
}

/// The new kernels compile to CUDA C with NVRTC (skipped when NVRTC is missing).
#[test]
fn new_kernels_compile_with_nvrtc() {
    use kernels_std::array_runtime::cuda::verify;
    use kernels_std::array_runtime::kernel::elementwise::Instance;
    use kernels_std::reduce::kernels as red;
    use kernels_std::stats::kernels as st;
    if !verify::nvrtc_or_skip("gaps3 kernels").unwrap() {
        return;
    }
    for (def, part, z) in [
        (&st::isclose_c64::DEF, DTypeId::F32, DTypeId::C64),
        (&st::isclose_c128::DEF, DTypeId::F64, DTypeId::C128),
    ] {
        let inst = Instance {
            def,
            type_args: &[],
            params: &[z, z, part, part, DTypeId::Bool],
            results: &[DTypeId::Bool],
        };
        verify::elementwise(&inst).unwrap_or_else(|e| panic!("{}: {e}", inst.name()));
    }
    verify::reduction(&st::allclose_c64::instance(), true).unwrap();
    verify::reduction(&st::allclose_c128::instance(), true).unwrap();
    macro_rules! own_acc {
        ($($t:ty => $acc:ty),*) => {$(
            verify::reduction(&red::sum::instance::<$t, $acc, $t>(), true).unwrap();
            verify::reduction(&red::prod::instance::<$t, $acc, $t>(), true).unwrap();
        )*};
    }
    own_acc!(i8 => i8, i16 => i16, i32 => i32, u8 => u8, u16 => u16, u32 => u32, f16 => f32,
        bf16 => f32);
}

/// Case `hi_<name>`: `np.histogram(x, bins, range, weights, density)` of integer data.
fn histogram_case<I: Int + NpyDType>(name: &str) {
    use kernels_std::stats::{histogram_int, BinRule, HistogramBins};
    let case = format!("hi_{name}");
    for dev in devices() {
        let npz = fixtures(&dev);
        let key = |k: &str| format!("{case}_{k}");
        let x = npz.array::<I>(&key("x")).unwrap();
        let edges_in = npz
            .get(&key("edges"))
            .map(|_| npz.array::<f64>(&key("edges")).unwrap());
        let bins: HistogramBins<'_, f64> = if let Some(e) = &edges_in {
            HistogramBins::Edges(e)
        } else if npz.get(&key("rule")).is_some() {
            let bytes = npz.array::<u8>(&key("rule")).unwrap().to_vec().unwrap();
            let rule: BinRule = String::from_utf8(bytes).unwrap().parse().unwrap();
            HistogramBins::Rule(rule)
        } else {
            let n: i64 = npz.array::<i64>(&key("count")).unwrap().item().unwrap();
            HistogramBins::Count(n as usize)
        };
        let mut h = histogram_int(&x, bins).unwrap();
        if npz.get(&key("range")).is_some() {
            let r = npz.array::<f64>(&key("range")).unwrap().to_vec().unwrap();
            h = h.range(r[0], r[1]);
        }
        let density: bool = npz.array::<bool>(&key("density")).unwrap().item().unwrap();
        let want_edges = npz.array::<f64>(&key("edges_want")).unwrap();
        let w = npz
            .get(&key("w"))
            .map(|_| npz.array::<f64>(&key("w")).unwrap());
        let edges = match (&w, density) {
            (Some(w), _) => {
                let (sums, edges) = h.weights(w).run().unwrap();
                let want = npz.array::<f64>(&key("counts")).unwrap();
                check(&sums, &want, Tol::close(1e-12, 1e-12), &case, &dev);
                edges
            }
            (None, true) => {
                let (d, edges) = h.density().unwrap();
                let want = npz.array::<f64>(&key("counts")).unwrap();
                check(&d, &want, Tol::ulps(4), &case, &dev);
                edges
            }
            (None, false) => {
                let (counts, edges) = h.run().unwrap();
                let want = npz.array::<i64>(&key("counts")).unwrap();
                check(&counts, &want, Tol::exact(), &case, &dev);
                edges
            }
        };
        check(
            &edges,
            &want_edges,
            Tol::ulps(1),
            &format!("{case} edges"),
            &dev,
        );
    }
}

#[test]
fn histogram_of_integers() {
    for name in [
        "i4_count",
        "i4_range",
        "i4_edges",
        "i4_weights",
        "i4_density",
    ] {
        histogram_case::<i32>(name);
    }
    histogram_case::<u8>("u1_const");
    for rule in [
        "auto", "fd", "doane", "scott", "stone", "rice", "sturges", "sqrt",
    ] {
        histogram_case::<i32>(&format!("i4_{rule}"));
        histogram_case::<i64>(&format!("i8_small_{rule}"));
    }
    histogram_case::<i64>("i8_small_sqrt_range");
    histogram_case::<i16>("i2_2d");
}

/// Case `ua_<name>`: `np.unique(x, axis, return_index, return_inverse, return_counts)`.
fn unique_axis_case<T: Sortable + kernels_std::array_runtime::ops::Equality + NpyDType + Approx>(
    name: &str,
) {
    use kernels_std::sort::{unique_axis, unique_axis_full};
    let case = format!("ua_{name}");
    for dev in devices() {
        let npz = fixtures(&dev);
        let key = |k: &str| format!("{case}_{k}");
        let x = npz.array::<T>(&key("x")).unwrap();
        let axis: i64 = npz.array::<i64>(&key("axis")).unwrap().item().unwrap();
        let u = unique_axis_full(&x, axis as isize).unwrap();
        let want = npz.array::<T>(&key("values")).unwrap();
        check(&u.values, &want, Tol::exact().signed_zero(), &case, &dev);
        for (got, k) in [
            (&u.indices, "index"),
            (&u.inverse, "inverse"),
            (&u.counts, "counts"),
        ] {
            let want = npz.array::<i64>(&key(k)).unwrap();
            check(got, &want, Tol::exact(), &format!("{case} {k}"), &dev);
        }
        let values = unique_axis(&x, axis as isize).unwrap();
        check(&values, &want, Tol::exact().signed_zero(), &case, &dev);
    }
}

#[test]
fn unique_along_an_axis() {
    for name in ["i4_rows", "i4_cols", "i4_cols_neg"] {
        unique_axis_case::<i32>(name);
    }
    unique_axis_case::<i16>("i2_3d_ax1");
    unique_axis_case::<f64>("f8_nan_rows");
    unique_axis_case::<bool>("b1_rows");
    unique_axis_case::<c128>("c16_rows");
    unique_axis_case::<f32>("f4_empty_rows");
    unique_axis_case::<f32>("f4_no_rows");
    unique_axis_case::<u8>("u1_one_row");
    // Errors as NumPy's: a 0-d array, an axis out of range.
    let dev = Device::cpu();
    assert!(kernels_std::sort::unique_axis(&Array::scalar(&dev, 1i32).unwrap(), 0).is_err());
    let a = Array::<i32>::zeros(&dev, &[2, 2]).unwrap();
    assert!(kernels_std::sort::unique_axis(&a, -3).is_err());
}
