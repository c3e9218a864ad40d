//! `reduce` against NumPy: the fixtures of `scripts/fixtures/gen_reduce_fixtures.py`, one
//! `.npz` per input holding NumPy's result of each routine on each view and axis choice
//! (`<routine>__<view>__<axes>`; the script's docstring names them), on the CPU backend and, when
//! there is one, on CUDA device 0. Every kernel is also compiled by NVRTC.
//!
//! Tolerances (`tol::<T>()`), against NumPy, whose summation order differs from ours:
//! - integers, `bool`, and every result of a comparison (`max`, `argmax`, `any`, ...): exact;
//! - `f64`: 4 ulps, or `|d| <= 1e-12 + 1e-12 |expected|` (sums of up to 60 standard normals
//!   cancel to absolute errors near 1e-15);
//! - `f32`: 4 ulps, or `|d| <= 1e-5 + 1e-5 |expected|`;
//! - `f16`: 1 ulp, or `|d| <= 1e-2 + 1e-2 |expected|` (we accumulate in `f32` where NumPy,
//!   on non-contiguous data, accumulates some sums in `f16`).

mod common;

use common::{assert_close, devices, fixture, Approx, Tol};
use kernels_std::io::{load_npz, NpyDType, Npz};
use kernels_std::prelude::*;
use kernels_std::reduce::*;
use kernels_std::s;

use array_runtime::kernel::reduction::{ReduceCall, ReduceKernel};

fn tol<T: Approx>() -> Tol {
    match T::ID {
        DTypeId::F64 => Tol {
            ulps: 4,
            ..Tol::close(1e-12, 1e-12)
        },
        DTypeId::F32 => Tol {
            ulps: 4,
            ..Tol::close(1e-5, 1e-5)
        },
        DTypeId::F16 => Tol {
            ulps: 1,
            ..Tol::close(1e-2, 1e-2)
        },
        _ => Tol::exact(),
    }
}

/// What every routine's call offers: axes, keepdims, run.
trait Call: Sized {
    type Out: Approx + NpyDType;
    fn with_axes(self, axes: &[isize]) -> Self;
    fn with_keepdims(self, keep: bool) -> Self;
    fn go(self) -> Result<Array<Self::Out>>;
}

impl<K: ReduceKernel> Call for ReduceCall<'_, K>
where
    K::Out: Approx + NpyDType,
{
    type Out = K::Out;
    fn with_axes(self, axes: &[isize]) -> Self {
        self.axes(axes)
    }
    fn with_keepdims(self, keep: bool) -> Self {
        self.keepdims(keep)
    }
    fn go(self) -> Result<Array<K::Out>> {
        self.run()
    }
}

macro_rules! call_for_builder {
    ($ty:ty, [$($g:tt)*], $out:ty) => {
        impl<$($g)*> Call for $ty
        where
            $out: Approx + NpyDType,
        {
            type Out = $out;
            fn with_axes(self, axes: &[isize]) -> Self {
                self.axes(axes)
            }
            fn with_keepdims(self, keep: bool) -> Self {
                self.keepdims(keep)
            }
            fn go(self) -> Result<Array<$out>> {
                self.run()
            }
        }
    };
}
call_for_builder!(ArgMax<'_, T>, [T: ArgDType], i64);
call_for_builder!(ArgMin<'_, T>, [T: ArgDType], i64);
call_for_builder!(NanArgMax<'_, T>, [T: ArgDType], i64);
call_for_builder!(NanArgMin<'_, T>, [T: ArgDType], i64);
call_for_builder!(Mean<'_, T>, [T: MeanOf], <T as MeanOf>::Out);
call_for_builder!(Var<'_, T>, [T: VarOf], <T as VarOf>::Out);
call_for_builder!(Average<'_, T>, [T: MeanDType], T::Out);

/// `((i * 7919) % 1009) / 1009 - 0.5`: the generator's `ramp`, for inputs not stored.
fn ramp(n: usize) -> Vec<f64> {
    (0..n)
        .map(|i| ((i as u64 * 7919) % 1009) as f64 / 1009.0 - 0.5)
        .collect()
}

/// The input of a fixture file: stored as `in`, or recomputed for the long ones.
fn input<T: NpyDType>(file: &str, npz: &Npz, dev: &Device) -> Array<T> {
    if let Ok(a) = npz.array::<T>("in") {
        return a;
    }
    let (shape, values): (Vec<usize>, Vec<f64>) = match file {
        "bigmean_f8" => (vec![2, 3001], ramp(6002).iter().map(|x| 1e9 + x).collect()),
        "bigmean_f4" => (vec![2, 3001], ramp(6002).iter().map(|x| 1e4 + x).collect()),
        "long_f4" => (vec![2, 100_000], ramp(200_000)),
        "long_f2" => (vec![3000], ramp(3000)),
        _ => panic!("{file}: no input"),
    };
    // f64 -> T as NumPy's astype (rounded once), through the .npy reader's dtype checks.
    let any: Vec<T> = values
        .into_iter()
        .map(|v| from_f64::<T>(v).unwrap_or_else(|| panic!("{file}: not a float dtype")))
        .collect();
    Array::from_vec(dev, &shape, any).unwrap()
}

fn from_f64<T: DType>(v: f64) -> Option<T> {
    let any: Box<dyn std::any::Any> = match T::ID {
        DTypeId::F64 => Box::new(v),
        DTypeId::F32 => Box::new(v as f32),
        DTypeId::F16 => Box::new(f16::from_f64(v)),
        _ => return None,
    };
    any.downcast::<T>().ok().map(|b| *b)
}

/// The view the generator names `v`.
fn view<T: DType>(a: &Array<T>, v: &str) -> Array<T> {
    match v {
        "c" => a.clone(),
        "t" => a.t(),
        "r" if a.ndim() >= 2 => a.slice(s![.., ..;-1]).unwrap(),
        "r" => a.slice(s![..;-1]).unwrap(),
        "s" => a.slice(s![..;2]).unwrap(),
        _ => panic!("unknown view {v}"),
    }
}

/// Applies the generator's axes spec (`all`, `none`, `0.2`, `-1k`, ...).
fn with_spec<C: Call>(call: C, spec: &str) -> C {
    let (spec, keep) = match spec.strip_suffix('k') {
        Some(s) => (s, true),
        None => (spec, false),
    };
    let call = match spec {
        "all" => call,
        "none" => call.with_axes(&[]),
        _ => {
            let axes: Vec<isize> = spec.split('.').map(|x| x.parse().unwrap()).collect();
            call.with_axes(&axes)
        }
    };
    call.with_keepdims(keep)
}

/// Checks `routine` on every case of the fixture `file` (input dtype `T`), on every device:
/// `f` runs it on a view with an axes spec. Returns the number of cases.
#[track_caller]
fn check<T: NpyDType, U: Approx + NpyDType>(
    file: &str,
    routine: &str,
    f: impl Fn(&Array<T>, &str) -> Result<Array<U>>,
) -> usize {
    check_tol(file, routine, tol::<U>(), f)
}

#[track_caller]
fn check_tol<T: NpyDType, U: Approx + NpyDType>(
    file: &str,
    routine: &str,
    tol: Tol,
    f: impl Fn(&Array<T>, &str) -> Result<Array<U>>,
) -> usize {
    check_canon(file, routine, tol, f, Ok)
}

/// [`check_tol`] comparing `canon` of both results (one spelling of equivalent values).
#[track_caller]
fn check_canon<T: NpyDType, U: Approx + NpyDType>(
    file: &str,
    routine: &str,
    tol: Tol,
    f: impl Fn(&Array<T>, &str) -> Result<Array<U>>,
    canon: impl Fn(Array<U>) -> Result<Array<U>>,
) -> usize {
    let mut cases = 0;
    for dev in devices() {
        let npz = load_npz(fixture(&format!("reduce/{file}.npz")), &dev).unwrap();
        let a = input::<T>(file, &npz, &dev);
        let prefix = format!("{routine}__");
        let keys: Vec<String> = npz
            .names()
            .filter(|k| k.starts_with(&prefix))
            .map(String::from)
            .collect();
        for key in keys {
            let mut parts = key[prefix.len()..].split("__");
            let (v, spec) = (parts.next().unwrap(), parts.next().unwrap());
            let what = format!("{file}: {key} on {dev}");
            let got = f(&view(&a, v), spec).unwrap_or_else(|e| panic!("{what}: {e}"));
            let got = canon(got).unwrap();
            let want = canon(npz.array::<U>(&key).unwrap()).unwrap();
            assert!(
                got.device().same(&dev),
                "{what}: result on {}",
                got.device()
            );
            assert_close(&got, &want, tol, &what);
            cases += 1;
        }
    }
    cases
}

/// Runs `check` for one routine over fixture files of the dtypes given; asserts some case ran.
macro_rules! check_files {
    ($routine:literal, $f:expr, [$($file:literal: $t:ty),* $(,)?]) => {{
        let mut n = 0;
        $(n += check::<$t, _>($file, $routine, |a: &Array<$t>, spec: &str| with_spec($f(a), spec).go());)*
        assert!(n > 0, "no case of {}", $routine);
        n
    }};
}

/// Every numeric (not bool) input file.
macro_rules! numeric_files {
    ($routine:literal, $f:expr) => {
        check_files!($routine, $f, [
            "x3_i1": i8, "x3_i2": i16, "x3_i4": i32, "x3_i8": i64,
            "x3_u1": u8, "x3_u8": u64,
            "x3_f2": f16, "x3_f4": f32, "x3_f8": f64,
            "nan_f2": f16, "nan_f4": f32, "nan_f8": f64,
            "e30_f8": f64, "e0_i4": i32, "s0_f8": f64, "s0_i2": i16, "one_f4": f32,
            "lim_i4": i32, "lim_i1": i8, "lim_i8": i64, "lim_u8": u64, "lim_u1": u8,
            "near1_f2": f16, "near1_f4": f32, "near1_f8": f64,
            "bigmean_f8": f64, "bigmean_f4": f32, "long_f4": f32, "long_f2": f16,
        ])
    };
}

/// Every input file, `bool` included.
macro_rules! every_file {
    ($routine:literal, $f:expr) => {{
        check_files!($routine, $f, ["x3_b1": bool]);
        numeric_files!($routine, $f);
    }};
}

/// Every float input file.
macro_rules! float_files {
    ($routine:literal, $f:expr) => {
        check_files!($routine, $f, [
            "x3_f2": f16, "x3_f4": f32, "x3_f8": f64,
            "nan_f2": f16, "nan_f4": f32, "nan_f8": f64,
            "e30_f8": f64, "s0_f8": f64, "one_f4": f32,
            "near1_f2": f16, "near1_f4": f32, "near1_f8": f64,
            "bigmean_f8": f64, "bigmean_f4": f32, "long_f4": f32, "long_f2": f16,
        ])
    };
}

#[test]
fn sum_prod_match_numpy() {
    every_file!("sum", sum);
    every_file!("prod", prod);
}

#[test]
fn nansum_nanprod_match_numpy() {
    float_files!("nansum", nansum);
    float_files!("nanprod", nanprod);
}

/// A complex number with a NaN part is NaN, whatever its other part: written `(NaN, NaN)` on
/// both sides (NumPy's one-element product of `(NaN, 1)` is `(NaN, NaN)`, ours `(NaN, 1)`; the
/// other part of a sum with a NaN depends on the order of the additions).
fn nan_as_nan<T>(a: Array<Complex<T>>) -> Result<Array<Complex<T>>>
where
    Complex<T>: DType,
    T: DType + num_traits::Float,
{
    let v = a
        .to_vec()?
        .into_iter()
        .map(|z| {
            if z.re.is_nan() || z.im.is_nan() {
                Complex::new(T::nan(), T::nan())
            } else {
                z
            }
        })
        .collect();
    Array::from_vec(&a.device(), a.shape(), v)
}

/// `$routine` on the complex fixtures `x3_c8` and `x3_c16`, results compared after `$canon`
/// (`nan_as_nan` for complex results, `Ok` for real ones); at least one case checked.
macro_rules! both_complex {
    ($routine:literal, $f:expr, $canon:expr) => {{
        let n = check_canon::<c64, _>(
            "x3_c8",
            $routine,
            tol::<f32>(),
            |a, s| with_spec($f(a), s).go(),
            $canon,
        ) + check_canon::<c128, _>(
            "x3_c16",
            $routine,
            tol::<f64>(),
            |a, s| with_spec($f(a), s).go(),
            $canon,
        );
        assert!(n > 0, $routine);
    }};
}

#[test]
fn complex_sums_and_products_match_numpy() {
    both_complex!("sum", sum, nan_as_nan);
    both_complex!("prod", prod, nan_as_nan);
    both_complex!("mean", mean, nan_as_nan);
    both_complex!("nanmean", nanmean, nan_as_nan);
    both_complex!("nansum", nansum, nan_as_nan);
    both_complex!("nanprod", nanprod, nan_as_nan);
}

/// Variances of complex numbers: real results (the parts' dtype), NaN where NumPy's is.
#[test]
fn complex_variances_match_numpy() {
    both_complex!("var", var, Ok);
    both_complex!("var_d1", |a| var(a).ddof(1), Ok);
    both_complex!("std", std, Ok);
    both_complex!("nanvar", nanvar, Ok);
    both_complex!("nanstd_d1", |a| nanstd(a).ddof(1), Ok);
}

#[test]
fn mean_matches_numpy() {
    every_file!("mean", mean);
    float_files!("nanmean", nanmean);
}

#[test]
fn var_std_match_numpy() {
    every_file!("var", var);
    every_file!("std", std);
    numeric_files!("var_d1", |a| var(a).ddof(1));
    numeric_files!("std_d1", |a| std(a).ddof(1));
    float_files!("nanvar", nanvar);
    float_files!("nanstd_d1", |a| nanstd(a).ddof(1));
}

#[test]
fn any_all_count_nonzero_match_numpy() {
    every_file!("any", any);
    every_file!("all", all);
    every_file!("count_nonzero", count_nonzero);
}

#[test]
fn max_min_ptp_match_numpy() {
    numeric_files!("max", max);
    numeric_files!("min", min);
    numeric_files!("ptp", ptp);
}

#[test]
fn nanmax_nanmin_match_numpy() {
    float_files!("nanmax", nanmax);
    float_files!("nanmin", nanmin);
}

#[test]
fn argmax_argmin_match_numpy() {
    numeric_files!("argmax", argmax);
    numeric_files!("argmin", argmin);
}

#[test]
fn nanargmax_nanargmin_match_numpy() {
    float_files!("nanargmax", nanargmax);
    float_files!("nanargmin", nanargmin);
}

#[test]
fn extremes_of_empty_axes_are_errors() {
    for dev in devices() {
        let e = Array::<f64>::zeros(&dev, &[3, 0]).unwrap();
        // along axis 0 the result is empty: nothing to reduce, no error
        assert_eq!(max(&e).axis(0).run().unwrap().shape(), &[0]);
        assert_eq!(argmax(&e).axis(0).run().unwrap().shape(), &[0]);
        for err in [
            max(&e).axis(1).run().unwrap_err(),
            min(&e).run().unwrap_err(),
            ptp(&e).axis(-1).run().unwrap_err(),
            nanmax(&e).run().unwrap_err(),
        ] {
            assert!(err.to_string().contains("zero-size"), "{err}");
        }
        let err = argmax(&e).axis(1).run().unwrap_err().to_string();
        assert!(err.contains("argmax"), "{err}");
        let err = nanargmin(&e).axis(1).run().unwrap_err().to_string();
        assert!(err.contains("nanargmin"), "{err}");
    }
}

#[test]
fn all_nan_slices_are_errors_for_nanarg() {
    for dev in devices() {
        let a = Array::from_vec(&dev, &[2, 2], vec![f32::NAN, 1.0, f32::NAN, f32::NAN]).unwrap();
        let err = nanargmax(&a).axis(1).run().unwrap_err().to_string();
        assert!(
            err.contains("nanargmax") && err.contains("all-NaN"),
            "{err}"
        );
        assert_eq!(
            nanargmax(&a)
                .axis(0)
                .keepdims(true)
                .run()
                .unwrap_err()
                .to_string(),
            err.replace("[2]", "[1, 2]")
        );
        assert_eq!(nanargmin(&a).run().unwrap().item().unwrap(), 1);
        // nanmax of an all-NaN slice is NaN (NumPy warns)
        let m = nanmax(&a).axis(1).run().unwrap().to_vec().unwrap();
        assert_eq!(m[0], 1.0);
        assert!(m[1].is_nan());
    }
}

/// The first position of the maximum (`max`: true) or minimum, a NaN first: a plain loop.
fn first_extreme(v: &[f64], max: bool) -> i64 {
    if let Some(i) = v.iter().position(|x| x.is_nan()) {
        return i as i64;
    }
    let mut best = 0;
    for (i, &x) in v.iter().enumerate() {
        if (max && x > v[best]) || (!max && x < v[best]) {
            best = i;
        }
    }
    best as i64
}

/// Long arrays reduced whole on the CPU: block extremes then a position inside one block
/// (C-contiguous), or two passes (other layouts); over explicit axes, one pass of (value,
/// position) pairs. All agree with a plain loop: ties, NaN, -0.0 against 0.0, the extreme in
/// the tail after the last whole block, several dtypes, keepdims, reversed views.
#[test]
fn long_argmax_argmin_agree_with_a_loop() {
    fn case<T: Num + ArgDType>(dev: &Device, v: &[f64], shape: &[usize], what: &str) {
        let data: Vec<T> = v.iter().map(|&x| x.cast::<T>()).collect();
        let back: Vec<f64> = data.iter().map(|&x| x.cast::<f64>()).collect();
        let a = Array::from_vec(dev, shape, data).unwrap();
        let all: Vec<isize> = (0..shape.len() as isize).collect();
        for (is_max, one_pass, two_passes) in [
            (
                true,
                argmax(&a).axes(&all).run().unwrap(),
                argmax(&a).run().unwrap(),
            ),
            (
                false,
                argmin(&a).axes(&all).run().unwrap(),
                argmin(&a).run().unwrap(),
            ),
        ] {
            let want = first_extreme(&back, is_max);
            assert_eq!(
                one_pass.item().unwrap(),
                want,
                "{what} one pass, max {is_max}"
            );
            assert_eq!(
                two_passes.item().unwrap(),
                want,
                "{what} two passes, max {is_max}"
            );
        }
        let kept = argmax(&a).keepdims(true).run().unwrap();
        assert_eq!(kept.shape(), vec![1; shape.len()].as_slice(), "{what}");
        assert_eq!(kept.to_vec().unwrap()[0], first_extreme(&back, true));
        // a view that is not C-contiguous (every axis reversed): the two-pass form
        let reversed = (0..shape.len() as isize).fold(a.clone(), |v, ax| v.flip(ax).unwrap());
        assert!(!reversed.is_c_contiguous());
        let mut back_rev = back.clone();
        back_rev.reverse();
        for (is_max, got) in [
            (true, argmax(&reversed).run().unwrap()),
            (false, argmin(&reversed).run().unwrap()),
        ] {
            let want = first_extreme(&back_rev, is_max);
            assert_eq!(got.item().unwrap(), want, "{what} reversed, max {is_max}");
        }
    }
    let n = 3 * 70_001;
    // Values repeat every 97 positions: every extreme is tied many times.
    let ties: Vec<f64> = (0..n).map(|i| ((i * 31) % 97) as f64 - 40.0).collect();
    let mut late = ties.clone();
    late[n - 2] = 1000.0;
    late[n - 5] = -1000.0;
    let mut nan = ties.clone();
    nan[150_000] = f64::NAN;
    nan[190_000] = f64::NAN;
    let zeros: Vec<f64> = (0..n)
        .map(|i| if i % 3 == 0 { -0.0 } else { -1.0 })
        .collect();
    let mut zeros_later = zeros.clone();
    zeros_later[100_000] = 0.0;
    for dev in devices() {
        for (v, name) in [(&ties, "ties"), (&late, "late")] {
            case::<f32>(&dev, v, &[n], &format!("f32 {name}"));
            case::<f64>(&dev, v, &[3, 70_001], &format!("f64 {name}"));
            case::<i32>(&dev, v, &[n], &format!("i32 {name}"));
            case::<i16>(&dev, v, &[3, 1, 70_001], &format!("i16 {name}"));
        }
        case::<f32>(&dev, &nan, &[n], "f32 nan");
        case::<f64>(&dev, &nan, &[3, 70_001], "f64 nan");
        case::<f64>(&dev, &zeros, &[n], "f64 -0.0");
        case::<f32>(&dev, &zeros_later, &[n], "f32 0.0 after -0.0");
        let u: Vec<f64> = ties.iter().map(|x| x + 40.0).collect();
        case::<u8>(&dev, &u, &[n], "u8 ties");
    }
}

/// Long rows reduced over the last axis on the CPU, each row as a whole array (block
/// extremes, then a position inside one block); over another axis or a view that is not
/// C-contiguous, the one-pass kernel. All agree with a plain loop per row: ties, NaN in some
/// rows, the extreme in a row's tail after its last whole block, keepdims, negative axes.
#[test]
fn long_rows_argmax_argmin_agree_with_a_loop() {
    fn case<T: Num + ArgDType>(dev: &Device, v: &[f64], shape: &[usize], what: &str) {
        let data: Vec<T> = v.iter().map(|&x| x.cast::<T>()).collect();
        let back: Vec<f64> = data.iter().map(|&x| x.cast::<f64>()).collect();
        let a = Array::from_vec(dev, shape, data).unwrap();
        let nd = shape.len();
        let n = shape[nd - 1];
        for is_max in [true, false] {
            let want: Vec<i64> = back.chunks(n).map(|r| first_extreme(r, is_max)).collect();
            for axis in [nd as isize - 1, -1] {
                for keep in [false, true] {
                    let got = if is_max {
                        argmax(&a).axis(axis).keepdims(keep).run().unwrap()
                    } else {
                        argmin(&a).axis(axis).keepdims(keep).run().unwrap()
                    };
                    let mut want_shape = shape[..nd - 1].to_vec();
                    if keep {
                        want_shape.push(1);
                    }
                    assert_eq!(got.shape(), want_shape.as_slice(), "{what}");
                    assert_eq!(got.to_vec().unwrap(), want, "{what}, max {is_max}");
                }
            }
            // The first axis reversed: not C-contiguous, the one-pass kernel, rows reversed.
            let flipped = a.flip(0).unwrap();
            let got = if is_max {
                argmax(&flipped).axis(-1).run().unwrap()
            } else {
                argmin(&flipped).axis(-1).run().unwrap()
            };
            let inner = want.len() / shape[0];
            let rev: Vec<i64> = want.chunks(inner).rev().flatten().copied().collect();
            assert_eq!(got.to_vec().unwrap(), rev, "{what} flipped, max {is_max}");
        }
    }
    let (rows, n) = (4, 70_001);
    let ties: Vec<f64> = (0..rows * n)
        .map(|i| ((i * 31) % 97) as f64 - 40.0)
        .collect();
    let mut late = ties.clone();
    // Row 1's extremes in its tail (after 17 whole blocks of 4096), row 3's at its start.
    late[n + n - 3] = 1000.0;
    late[n + n - 7] = -1000.0;
    late[3 * n] = 2000.0;
    late[3 * n + 1] = -2000.0;
    let mut nan = ties.clone();
    nan[5000] = f64::NAN;
    nan[2 * n + 40_000] = f64::NAN;
    nan[2 * n + 60_000] = f64::NAN;
    for dev in devices() {
        for (v, name) in [(&ties, "ties"), (&late, "late")] {
            case::<f32>(&dev, v, &[rows, n], &format!("f32 {name}"));
            case::<f64>(&dev, v, &[2, 2, n], &format!("f64 {name}"));
            case::<i16>(&dev, v, &[rows, n], &format!("i16 {name}"));
        }
        case::<f32>(&dev, &nan, &[rows, n], "f32 nan");
        case::<f64>(&dev, &nan, &[2, 2, n], "f64 nan");
    }
}

#[test]
fn bad_axes_are_errors() {
    for dev in devices() {
        let a = Array::<i32>::zeros(&dev, &[2, 3]).unwrap();
        assert!(matches!(
            max(&a).axis(2).run(),
            Err(Error::Axis { axis: 2, ndim: 2 })
        ));
        assert!(matches!(argmin(&a).axis(-3).run(), Err(Error::Axis { .. })));
        let err = min(&a).axes(&[0, -2]).run().unwrap_err().to_string();
        assert!(err.contains("duplicate"), "{err}");
        let err = nanargmax(&a).axes(&[1, 1]).run().unwrap_err().to_string();
        assert!(err.contains("duplicate"), "{err}");
    }
}

#[test]
fn moments_of_a_0d_array_reject_an_axis() {
    for dev in devices() {
        let x = Array::scalar(&dev, 2.5f64).unwrap();
        for err in [
            mean(&x).axis(0).run().unwrap_err(),
            var(&x).axis(-1).run().unwrap_err(),
            std(&x).axis(0).ddof(1).run().unwrap_err(),
        ] {
            assert!(err.to_string().contains("dimension 0"), "{err}");
        }
        // without an axis, and for sum, max and the nan forms, it is fine (NumPy's behaviour)
        assert_eq!(mean(&x).run().unwrap().item().unwrap(), 2.5);
        assert_eq!(var(&x).axes(&[]).run().unwrap().item().unwrap(), 0.0);
        assert_eq!(sum(&x).axis(0).run().unwrap().item().unwrap(), 2.5);
        assert_eq!(max(&x).axis(0).run().unwrap().item().unwrap(), 2.5);
        assert_eq!(nanmean(&x).axis(0).run().unwrap().item().unwrap(), 2.5);
    }
}

#[test]
fn ddof_at_or_above_the_count_gives_inf_or_nan() {
    for dev in devices() {
        let a = Array::from_vec(&dev, &[2, 3], vec![1.0f32, 2.0, 3.0, 4.0, 4.0, 4.0]).unwrap();
        for ddof in [3.0, 5.0] {
            let v = var(&a).axis(1).ddof(ddof).run().unwrap().to_vec().unwrap();
            assert_eq!(v[0], f32::INFINITY, "ddof {ddof}");
            assert!(v[1].is_nan(), "ddof {ddof}: 0 / 0");
        }
        let s = std(&a).axis(1).ddof(2).run().unwrap().to_vec().unwrap();
        assert_eq!(s, vec![2f32.sqrt(), 0.0]);
        // an empty slice: NaN whatever ddof
        let e = Array::<i16>::zeros(&dev, &[0, 2]).unwrap();
        let v = var(&e).axis(0).ddof(1).run().unwrap().to_vec().unwrap();
        assert!(v.iter().all(|x| x.is_nan()), "{v:?}");
    }
}

#[test]
fn average_with_weights() {
    for dev in devices() {
        let a = Array::from_vec(&dev, &[2, 3], vec![1i32, 2, 3, 4, 5, 6]).unwrap();
        let w = Array::from_vec(&dev, &[3], vec![1i32, 2, 3]).unwrap();
        let got: Array<f64> = average(&a).axis(1).weights(&w).run().unwrap();
        assert_eq!(got.to_vec().unwrap(), vec![14.0 / 6.0, 32.0 / 6.0]);
        let got = average(&a)
            .axis(-1)
            .keepdims(true)
            .weights(&w)
            .run()
            .unwrap();
        assert_eq!(got.shape(), &[2, 1]);
        // weights of the array's shape, every axis
        let w2 = Array::from_vec(&dev, &[2, 3], vec![0i32, 0, 1, 0, 0, 1]).unwrap();
        assert_eq!(average(&a).weights(&w2).run().unwrap().item().unwrap(), 4.5);
        // NumPy's errors: 1-d weights need one axis of their length; zero-sum weights
        assert!(average(&a).weights(&w).run().is_err());
        let w4 = Array::from_vec(&dev, &[4], vec![1i32; 4]).unwrap();
        assert!(matches!(
            average(&a).axis(1).weights(&w4).run(),
            Err(Error::ShapeMismatch { .. })
        ));
        let err = average(&a)
            .axis(0)
            .weights(&w2)
            .run()
            .unwrap_err()
            .to_string();
        assert!(err.contains("sum to zero"), "{err}");
        let h = Array::from_vec(&dev, &[2], vec![f16::from_f32(1.0), f16::from_f32(3.0)]).unwrap();
        let hw = Array::from_vec(&dev, &[2], vec![f16::from_f32(3.0), f16::from_f32(1.0)]).unwrap();
        let got: Array<f16> = average(&h).weights(&hw).run().unwrap();
        assert_eq!(got.item().unwrap(), f16::from_f32(1.5));
    }
}

#[test]
fn integer_sums_widen_and_wrap_only_at_64_bits() {
    for dev in devices() {
        let a = Array::from_vec(&dev, &[4], vec![u8::MAX; 4]).unwrap();
        let s: Array<u64> = sum(&a).run().unwrap();
        assert_eq!(s.item().unwrap(), 1020);
        let b = Array::from_vec(&dev, &[2], vec![i64::MAX, 1]).unwrap();
        assert_eq!(sum(&b).run().unwrap().item().unwrap(), i64::MIN);
        let t = Array::from_vec(&dev, &[3], vec![true, true, false]).unwrap();
        let n: Array<i64> = sum(&t).run().unwrap();
        assert_eq!(n.item().unwrap(), 2);
        let p = Array::from_vec(&dev, &[2], vec![i32::MAX, 4]).unwrap();
        assert_eq!(
            prod(&p).run().unwrap().item().unwrap(),
            i64::from(i32::MAX) * 4
        );
    }
}

/// Whether NVRTC is here to compile kernels (the NVRTC tests skip without it, except under CI).
fn nvrtc(what: &str) -> bool {
    array_runtime::cuda::verify::nvrtc_or_skip(what).unwrap()
}

fn verify(inst: array_runtime::kernel::reduction::ReductionInstance, has_identity: bool) {
    array_runtime::cuda::verify::reduction(&inst, has_identity)
        .unwrap_or_else(|e| panic!("{}: {e}", inst.name()));
}

/// Calls `$m!(T)` for every dtype a family of routines takes.
macro_rules! for_num_dtypes {
    ($m:ident) => {
        $m!(i8);
        $m!(i16);
        $m!(i32);
        $m!(i64);
        $m!(u8);
        $m!(u16);
        $m!(u32);
        $m!(u64);
        $m!(f16);
        $m!(bf16);
        $m!(f32);
        $m!(f64);
    };
}

#[test]
fn comparison_kernels_compile_with_nvrtc() {
    if !nvrtc("comparison reductions") {
        return;
    }
    macro_rules! each {
        ($t:ty) => {
            verify(kernels::max::instance::<$t>(), false);
            verify(kernels::min::instance::<$t>(), false);
            verify(kernels::nanmax::instance::<$t>(), false);
            verify(kernels::nanmin::instance::<$t>(), false);
            verify(kernels::ptp::instance::<$t>(), false);
        };
    }
    for_num_dtypes!(each);
}

#[test]
fn position_kernels_compile_with_nvrtc() {
    if !nvrtc("position reductions") {
        return;
    }
    macro_rules! each {
        ($t:ty) => {
            verify(kernels::argmax::instance::<$t>(), false);
            verify(kernels::argmin::instance::<$t>(), false);
            verify(kernels::nanargmax::instance::<$t>(), false);
            verify(kernels::nanargmin::instance::<$t>(), false);
            verify(kernels::first_index_of::instance::<$t>(), true);
        };
    }
    for_num_dtypes!(each);
    verify(kernels::any_negative::instance(), true);
}

#[test]
fn sum_kernels_compile_with_nvrtc() {
    if !nvrtc("sum reductions") {
        return;
    }
    macro_rules! each {
        ($t:ty) => {
            type A = <$t as SumDType>::Acc;
            type O = <$t as SumDType>::Out;
            verify(kernels::sum::instance::<$t, A, O>(), true);
            verify(kernels::prod::instance::<$t, A, O>(), true);
            verify(kernels::nansum::instance::<$t, A, O>(), true);
            verify(kernels::nanprod::instance::<$t, A, O>(), true);
        };
    }
    macro_rules! scoped {
        ($t:ty) => {{
            each!($t);
        }};
    }
    scoped!(bool);
    for_num_dtypes!(scoped);
    for (sum, prod, nansum, nanprod) in [
        (
            kernels::sum_c64::instance(),
            kernels::prod_c64::instance(),
            kernels::nansum_c64::instance(),
            kernels::nanprod_c64::instance(),
        ),
        (
            kernels::sum_c128::instance(),
            kernels::prod_c128::instance(),
            kernels::nansum_c128::instance(),
            kernels::nanprod_c128::instance(),
        ),
    ] {
        for inst in [sum, prod, nansum, nanprod] {
            verify(inst, true);
        }
    }
}

#[test]
fn moment_kernels_compile_with_nvrtc() {
    use array_runtime::cuda::verify::elementwise;
    use array_runtime::kernel::elementwise::Instance;
    if !nvrtc("moment reductions") {
        return;
    }
    macro_rules! each {
        ($t:ty) => {{
            type A = <$t as MeanDType>::Acc;
            type O = <$t as MeanDType>::Out;
            verify(kernels::mean::instance::<$t, A, O>(), true);
            verify(kernels::nanmean::instance::<$t, A, O>(), true);
            verify(kernels::var::instance::<$t, A, O>(), true);
            verify(kernels::m2::instance::<$t, A>(), true);
            verify(kernels::nanvar::instance::<$t, A, O>(), true);
            verify(kernels::average::instance::<$t, A, O>(), true);
            // `average`'s check of its weights' sums
            verify(kernels::sum::instance::<$t, A, A>(), true);
            verify(kernels::any_zero::instance::<A>(), true);
        }};
    }
    each!(bool);
    for_num_dtypes!(each);
    verify(kernels::mean_c64::instance(), true);
    verify(kernels::nanmean_c64::instance(), true);
    verify(kernels::mean_c128::instance(), true);
    verify(kernels::nanmean_c128::instance(), true);
    for (def, c, r) in [
        (&kernels::nan_parts_c64::DEF, DTypeId::C64, DTypeId::F32),
        (&kernels::nan_parts_c128::DEF, DTypeId::C128, DTypeId::F64),
    ] {
        let inst = Instance {
            def,
            type_args: &[],
            params: &[c],
            results: &[r, r],
        };
        elementwise(&inst).unwrap_or_else(|e| panic!("{}: {e}", inst.name()));
    }
    for t in [DTypeId::F16, DTypeId::BF16, DTypeId::F32, DTypeId::F64] {
        let inst = Instance {
            def: &kernels::sqrt::DEF,
            type_args: &[t],
            params: &[t],
            results: &[t],
        };
        elementwise(&inst).unwrap_or_else(|e| panic!("{}: {e}", inst.name()));
    }
    // `m2 / c` from each accumulator dtype to each result dtype `var` gives.
    for (a, o) in [
        (DTypeId::F64, DTypeId::F64),
        (DTypeId::F32, DTypeId::F32),
        (DTypeId::F32, DTypeId::F16),
        (DTypeId::F32, DTypeId::BF16),
    ] {
        let inst = Instance {
            def: &kernels::m2_to_var::DEF,
            type_args: &[a, o],
            params: &[a, a],
            results: &[o],
        };
        elementwise(&inst).unwrap_or_else(|e| panic!("{}: {e}", inst.name()));
    }
}

#[test]
fn logic_kernels_compile_with_nvrtc() {
    if !nvrtc("logical reductions") {
        return;
    }
    macro_rules! each {
        ($t:ty) => {
            verify(kernels::any::instance::<$t>(), true);
            verify(kernels::all::instance::<$t>(), true);
            verify(kernels::count_nonzero::instance::<$t>(), true);
        };
    }
    each!(bool);
    for_num_dtypes!(each);
}

/// A reduction with a scalar input (`nanvar`'s `ddof`) over runs longer than the CPU engine's
/// chunk of repeated scalars: the contiguous path (chunks combined as a tree) and the gather
/// path (a reversed view) both agree with a plain f64 loop.
#[test]
fn long_runs_with_a_scalar_input() {
    let n = 100_003;
    let data: Vec<f64> = (0..n)
        .map(|i| {
            if i % 97 == 5 {
                f64::NAN
            } else {
                1e6 + ((i * 7919) % 1000) as f64 * 0.001
            }
        })
        .collect();
    let kept: Vec<f64> = data.iter().copied().filter(|x| !x.is_nan()).collect();
    let mean = kept.iter().sum::<f64>() / kept.len() as f64;
    let m2: f64 = kept.iter().map(|x| (x - mean) * (x - mean)).sum();
    let want = m2 / (kept.len() as f64 - 1.0);
    for dev in devices() {
        let a = Array::from_vec(&dev, &[n], data.clone()).unwrap();
        for (what, x) in [("contiguous", a.clone()), ("reversed", a.flip(0).unwrap())] {
            let got = kernels_std::reduce::nanvar(&x)
                .ddof(1)
                .run()
                .unwrap()
                .item()
                .unwrap();
            assert!(
                ((got - want) / want).abs() < 1e-9,
                "{what} on {dev}: {got} vs {want}"
            );
        }
        let rows = a
            .slice(kernels_std::s![..100_000])
            .unwrap()
            .reshape(&[4, 25_000])
            .unwrap();
        let got = kernels_std::reduce::nanstd(&rows)
            .axis(1)
            .ddof(1)
            .run()
            .unwrap();
        assert_eq!(got.shape(), &[4]);
        for (r, g) in got.to_vec().unwrap().into_iter().enumerate() {
            let row: Vec<f64> = data[r * 25_000..(r + 1) * 25_000]
                .iter()
                .copied()
                .filter(|x| !x.is_nan())
                .collect();
            let m = row.iter().sum::<f64>() / row.len() as f64;
            let v = row.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / (row.len() as f64 - 1.0);
            assert!(
                ((g - v.sqrt()) / v.sqrt()).abs() < 1e-9,
                "row {r} on {dev}: {g}"
            );
        }
    }
}

#[test]
fn nan_ddof_gives_nan() {
    // Issue 11, defect 15: NumPy's divisor is maximum(n - ddof, 0), which propagates a NaN
    // ddof (np.var([1., 2., 4.], ddof=np.nan) is nan); max() dropped it and gave inf.
    for dev in devices() {
        let a = Array::from_vec(&dev, &[2, 3], vec![1.0f64, 2.0, 4.0, 1.0, f64::NAN, 3.0]).unwrap();
        let nan = f64::NAN;
        for v in [
            var(&a).ddof(nan).run().unwrap(),
            std(&a).ddof(nan).axis(1).run().unwrap(),
            nanvar(&a).ddof(nan).axis(1).run().unwrap(),
            nanstd(&a).ddof(nan).run().unwrap(),
        ] {
            assert!(v.to_vec().unwrap().iter().all(|x| x.is_nan()), "{v:?}");
        }
        let f = Array::from_vec(&dev, &[3], vec![1.0f32, 2.0, 4.0]).unwrap();
        assert!(var(&f)
            .ddof(f64::NAN)
            .run()
            .unwrap()
            .item()
            .unwrap()
            .is_nan());
        let i = Array::from_vec(&dev, &[3], vec![1i32, 2, 4]).unwrap();
        assert!(std(&i)
            .ddof(f64::NAN)
            .run()
            .unwrap()
            .item()
            .unwrap()
            .is_nan());
        let z = Array::from_vec(&dev, &[2], vec![c64::new(1.0, 1.0), c64::new(2.0, 0.0)]).unwrap();
        assert!(var(&z)
            .ddof(f64::NAN)
            .run()
            .unwrap()
            .item()
            .unwrap()
            .is_nan());
        // Infinite ddof as NumPy: -inf gives 0, +inf gives inf.
        assert_eq!(
            var(&f)
                .ddof(f64::NEG_INFINITY)
                .run()
                .unwrap()
                .item()
                .unwrap(),
            0.0
        );
        assert!(var(&f)
            .ddof(f64::INFINITY)
            .run()
            .unwrap()
            .item()
            .unwrap()
            .is_infinite());
    }
}
