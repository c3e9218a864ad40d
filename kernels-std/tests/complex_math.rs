//! The ufuncs of complex dtypes against NumPy's results (`scripts/fixtures/gen_complex_math_fixtures.py`,
//! `tests/fixtures/complex_math/{c8,c16}.npz`), on every device: the exponentials (`exp2` too) and
//! logarithms, `sqrt`, `square`, `reciprocal`, the trigonometric and hyperbolic functions and
//! their inverses, `sign`, `absolute`, `isnan`/`isinf`/`isfinite`, `power`, `equal`/`not_equal`.
//!
//! Tolerances (each part of the result): a part NumPy gives as NaN or infinite must be the same;
//! a finite part within `ulps` units in the last place of NumPy's part, or within `norm * eps *
//! |w|` of it (`w` NumPy's whole result, `eps` the part type's epsilon): the normwise bound
//! lets a part that is small because of cancellation (`cos z` near a zero of its real part) be
//! off by a few units of `|w|`. The values per function are in [`tol`]. On the `cuts` set the
//! sign of a zero part must match too (it is the side of the branch cut).

mod common;

use common::devices;
use kernels_std::io::{self, NpyDType};
use kernels_std::math::{self, Absolute, Classify, Elementary, Power, Reciprocal, SignSquare};
use kernels_std::prelude::*;
use kernels_std::s;

/// The complex dtypes under test, with what the test needs of them.
trait Cx:
    DType
    + NpyDType
    + Elementary<Out = Self>
    + SignSquare
    + Reciprocal
    + Classify
    + Absolute<Real = Self::Part>
    + Power<Out = Self>
    + array_runtime::ops::Equality
    + for<'a> kernels_std::IntoOperand<'a, Self>
{
    /// The part type.
    type Part: DType + NpyDType;
    /// The fixture's name (NumPy's dtype code).
    const FILE: &'static str;
    /// The part type's epsilon.
    const EPS: f64;
    /// The parts as `f64`.
    fn parts(self) -> (f64, f64);
    /// A part as `f64`.
    fn part(p: Self::Part) -> f64;
}

impl Cx for c64 {
    type Part = f32;
    const FILE: &'static str = "c8";
    const EPS: f64 = f32::EPSILON as f64;
    fn parts(self) -> (f64, f64) {
        (f64::from(self.re), f64::from(self.im))
    }
    fn part(p: f32) -> f64 {
        f64::from(p)
    }
}

impl Cx for c128 {
    type Part = f64;
    const FILE: &'static str = "c16";
    const EPS: f64 = f64::EPSILON;
    fn parts(self) -> (f64, f64) {
        (self.re, self.im)
    }
    fn part(p: f64) -> f64 {
        p
    }
}

/// How close a result must be: see the module's doc.
#[derive(Clone, Copy, Debug)]
struct Tol {
    ulps: f64,
    norm: f64,
}

/// The tolerance of each function. 4 units in the last place (or 4 eps normwise) where our
/// formula is the one NumPy's C library uses (or a rearrangement of it); wider where the
/// algorithms differ: the inverse functions (Kahan's formulas against glibc's), `tan`/`tanh`,
/// `power` (`e^(w ln z)` amplifies the error of `ln z` by `|w ln z|`).
fn tol(name: &str) -> Tol {
    match name {
        "power" => Tol {
            ulps: 64.0,
            norm: 64.0,
        },
        "arcsin" | "arccos" | "arctan" | "arcsinh" | "arccosh" | "arctanh" | "tan" | "tanh" => {
            Tol {
                ulps: 8.0,
                norm: 8.0,
            }
        }
        _ => Tol {
            ulps: 4.0,
            norm: 4.0,
        },
    }
}

/// Whether part `g` of our result is close to NumPy's `w`, `mag` being `|NumPy's result|`.
fn part_close(g: f64, w: f64, mag: f64, eps: f64, tol: Tol, signed_zero: bool) -> bool {
    if w.is_nan() {
        return g.is_nan();
    }
    if w.is_infinite() || g.is_infinite() || g.is_nan() {
        return g == w;
    }
    if w == 0.0 && g == 0.0 {
        return !signed_zero || g.is_sign_negative() == w.is_sign_negative();
    }
    let d = (g - w).abs();
    d <= tol.ulps * eps * w.abs() || (mag.is_finite() && d <= tol.norm * eps * mag)
}

/// Panics unless every element of `got` is close to `want` (see [`part_close`]).
#[track_caller]
fn check<T: Cx>(got: &Array<T>, want: &Array<T>, tol: Tol, signed_zero: bool, what: &str) {
    if let Err(e) = compare(got, want, tol, signed_zero, what) {
        panic!("{e}");
    }
}

/// What [`check`] checks, as a `Result` with the first mismatches.
fn compare<T: Cx>(
    got: &Array<T>,
    want: &Array<T>,
    tol: Tol,
    signed_zero: bool,
    what: &str,
) -> std::result::Result<(), String> {
    assert_eq!(got.shape(), want.shape(), "{what}: shape");
    let (g, w) = (got.to_vec().unwrap(), want.to_vec().unwrap());
    let bad: Vec<String> = g
        .iter()
        .zip(&w)
        .enumerate()
        .filter(|(_, (g, w))| {
            let ((gr, gi), (wr, wi)) = (g.parts(), w.parts());
            let mag = if wr.is_finite() && wi.is_finite() {
                wr.hypot(wi)
            } else {
                f64::INFINITY
            };
            !(part_close(gr, wr, mag, T::EPS, tol, signed_zero)
                && part_close(gi, wi, mag, T::EPS, tol, signed_zero))
        })
        .take(8)
        .map(|(i, (g, w))| format!("[{i}] got {:?}, NumPy {:?}", g.parts(), w.parts()))
        .collect();
    if bad.is_empty() {
        Ok(())
    } else {
        Err(format!("{what}:\n{}", bad.join("\n")))
    }
}

/// The fixture of `T`, loaded on `dev`.
fn fixture<T: Cx>(dev: &Device) -> io::Npz {
    io::load_npz(
        common::fixture(&format!("complex_math/{}.npz", T::FILE)),
        dev,
    )
    .unwrap_or_else(|e| panic!("fixture {}: {e}", T::FILE))
}

const SETS: [&str; 6] = ["wide", "small", "large", "unit", "cuts", "special"];

/// The unary ufuncs whose result has the input's dtype.
fn same_dtype<T: Cx>(name: &str, x: &Array<T>) -> Result<Array<T>> {
    match name {
        "sqrt" => math::sqrt(x),
        "exp" => math::exp(x),
        "exp2" => math::exp2(x),
        "expm1" => math::expm1(x),
        "log" => math::log(x),
        "log2" => math::log2(x),
        "log10" => math::log10(x),
        "log1p" => math::log1p(x),
        "square" => math::square(x),
        "reciprocal" => math::reciprocal(x),
        "sin" => math::sin(x),
        "cos" => math::cos(x),
        "tan" => math::tan(x),
        "sinh" => math::sinh(x),
        "cosh" => math::cosh(x),
        "tanh" => math::tanh(x),
        "arcsin" => math::arcsin(x),
        "arccos" => math::arccos(x),
        "arctan" => math::arctan(x),
        "arcsinh" => math::arcsinh(x),
        "arccosh" => math::arccosh(x),
        "arctanh" => math::arctanh(x),
        "sign" => math::sign(x),
        _ => unreachable!("{name}"),
    }
}

const SAME_DTYPE: [&str; 23] = [
    "sqrt",
    "exp",
    "exp2",
    "expm1",
    "log",
    "log2",
    "log10",
    "log1p",
    "square",
    "reciprocal",
    "sin",
    "cos",
    "tan",
    "sinh",
    "cosh",
    "tanh",
    "arcsin",
    "arccos",
    "arctan",
    "arcsinh",
    "arccosh",
    "arctanh",
    "sign",
];

/// Every unary ufunc with a complex result, on every input set, on the whole input, a 0-d
/// array of its first element, a strided view (every other element), a reversed view and an
/// empty array.
fn unary_ufuncs<T: Cx>(dev: &Device) {
    let z = fixture::<T>(dev);
    let mut failures = Vec::new();
    for name in SAME_DTYPE {
        let tol = tol(name);
        let mut sets = 0;
        for set in SETS {
            let Ok(want) = z.array::<T>(&format!("{name}_{set}")) else {
                continue;
            };
            sets += 1;
            let x = z.array::<T>(&format!("x_{set}")).unwrap();
            let what = format!("{name} of {} ({set}) on {dev}", T::ID);
            let got = same_dtype(name, &x).unwrap_or_else(|e| panic!("{what}: {e}"));
            assert!(got.device().same(dev), "{what}: result on {}", got.device());
            if let Err(e) = compare(&got, &want, tol, set == "cuts", &what) {
                failures.push(e);
                continue;
            }
            let strided = same_dtype(name, &x.slice(s![1..;2]).unwrap()).unwrap();
            check(
                &strided,
                &want.slice(s![1..;2]).unwrap().copy().unwrap(),
                tol,
                set == "cuts",
                &format!("{what}, strided"),
            );
            let reversed = same_dtype(name, &x.flip(0).unwrap()).unwrap();
            check(
                &reversed,
                &want.flip(0).unwrap().copy().unwrap(),
                tol,
                set == "cuts",
                &format!("{what}, reversed"),
            );
        }
        assert!(sets >= 5, "{name}: {sets} input sets in the fixture");
        let x = z.array::<T>("x_wide").unwrap();
        let first = x.to_vec().unwrap()[0];
        let scalar = Array::from_vec(dev, &[], vec![first]).unwrap();
        let got = same_dtype(name, &scalar).unwrap();
        let want = z
            .array::<T>(&format!("{name}_wide"))
            .unwrap()
            .to_vec()
            .unwrap()[0];
        let want = Array::from_vec(dev, &[], vec![want]).unwrap();
        check(
            &got,
            &want,
            tol,
            false,
            &format!("{name} of a 0-d {}", T::ID),
        );
        let empty = Array::<T>::from_vec(dev, &[0, 3], vec![]).unwrap();
        assert_eq!(same_dtype(name, &empty).unwrap().shape(), &[0, 3]);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn unary_c64() {
    for dev in devices() {
        unary_ufuncs::<c64>(&dev);
    }
}

#[test]
fn unary_c128() {
    for dev in devices() {
        unary_ufuncs::<c128>(&dev);
    }
}

/// `absolute` (a real result, `hypot`: within 1 ULP, no overflow) and the predicates (exact).
fn real_and_bool_results<T: Cx>(dev: &Device) {
    let z = fixture::<T>(dev);
    for set in SETS {
        let x = z.array::<T>(&format!("x_{set}")).unwrap();
        let got = math::absolute(&x).unwrap().to_vec().unwrap();
        let want = z
            .array::<T::Part>(&format!("absolute_{set}"))
            .unwrap()
            .to_vec()
            .unwrap();
        for (i, (g, w)) in got.iter().zip(&want).enumerate() {
            let (g, w) = (T::part(*g), T::part(*w));
            let ok = (g.is_nan() && w.is_nan()) || g == w || (g - w).abs() <= T::EPS * w.abs();
            assert!(
                ok,
                "absolute of {} ({set}) [{i}] on {dev}: {g} vs {w}",
                T::ID
            );
        }
        for (name, got) in [
            ("isnan", math::isnan(&x).unwrap()),
            ("isinf", math::isinf(&x).unwrap()),
            ("isfinite", math::isfinite(&x).unwrap()),
        ] {
            let want = z.array::<bool>(&format!("{name}_{set}")).unwrap();
            assert_eq!(
                got.to_vec().unwrap(),
                want.to_vec().unwrap(),
                "{name} of {} ({set}) on {dev}",
                T::ID
            );
        }
    }
    // abs of the largest finite parts does not overflow.
    let big = z.array::<T>("x_large").unwrap();
    let abs = math::abs(&big).unwrap().to_vec().unwrap();
    assert!(abs.iter().all(|&a| T::part(a).is_finite()));
}

#[test]
fn absolute_and_predicates() {
    for dev in devices() {
        real_and_bool_results::<c64>(&dev);
        real_and_bool_results::<c128>(&dev);
    }
}

/// `power` (both operands arrays, a scalar exponent, special bases; operands that do not
/// broadcast are an error) and `equal`/`not_equal` (exact).
fn binary_ufuncs<T: Cx>(dev: &Device) {
    let z = fixture::<T>(dev);
    let (a, b) = (
        z.array::<T>("pow_a").unwrap(),
        z.array::<T>("pow_b").unwrap(),
    );
    let want = z.array::<T>("power").unwrap();
    let what = format!("power of {} on {dev}", T::ID);
    check(
        &math::power(&a, &b).unwrap(),
        &want,
        tol("power"),
        false,
        &what,
    );
    // A scalar exponent: the third element's, broadcast.
    let e = b.to_vec().unwrap()[2];
    let w = want.to_vec().unwrap()[2];
    let got = math::power(a.slice(s![2..3]).unwrap(), e).unwrap();
    let want1 = Array::from_vec(dev, &[1], vec![w]).unwrap();
    check(
        &got,
        &want1,
        tol("power"),
        false,
        &format!("{what}, scalar"),
    );
    let (a, b) = (
        z.array::<T>("pow_special_a").unwrap(),
        z.array::<T>("pow_special_b").unwrap(),
    );
    let want = z.array::<T>("power_special").unwrap();
    check(
        &math::power(&a, &b).unwrap(),
        &want,
        tol("power"),
        false,
        &format!("{what}, special bases"),
    );
    // Operands that do not broadcast: an error, not a panic.
    let short = a.slice(s![..3]).unwrap();
    assert!(matches!(
        math::power(&a, &short),
        Err(kernels_std::Error::Broadcast { .. })
    ));
    let (x, y) = (z.array::<T>("eq_a").unwrap(), z.array::<T>("eq_b").unwrap());
    for (name, got) in [
        ("equal", math::equal(&x, &y).unwrap()),
        ("not_equal", math::not_equal(&x, &y).unwrap()),
    ] {
        let want = z.array::<bool>(name).unwrap();
        assert_eq!(
            got.to_vec().unwrap(),
            want.to_vec().unwrap(),
            "{name} of {} on {dev}",
            T::ID
        );
    }
}

#[test]
fn power_and_equality() {
    for dev in devices() {
        binary_ufuncs::<c64>(&dev);
        binary_ufuncs::<c128>(&dev);
    }
}

/// Every complex kernel compiled by NVRTC, each operand variant (array or scalar). Skipped
/// without NVRTC (set `KERNELS_CUDA_WHEELS`), failing under `CI`.
#[test]
fn complex_kernels_compile_with_nvrtc() {
    use array_runtime::cuda::verify;
    use array_runtime::kernel::elementwise::{ElementwiseDef, Instance};
    use kernels_std::math::kernels as k;
    use DTypeId::{Bool, C128, C64, F32, F64};

    if !verify::nvrtc_or_skip("complex math kernels").unwrap() {
        return;
    }
    macro_rules! defs {
        ($($k:ident),*) => { [$(&k::$k::DEF),*] };
    }
    let c64_same: [&ElementwiseDef; 23] = defs!(
        sqrt_c64,
        exp_c64,
        exp2_c64,
        expm1_c64,
        log_c64,
        log2_c64,
        log10_c64,
        log1p_c64,
        sin_c64,
        cos_c64,
        tan_c64,
        sinh_c64,
        cosh_c64,
        tanh_c64,
        arcsin_c64,
        arccos_c64,
        arctan_c64,
        arcsinh_c64,
        arccosh_c64,
        arctanh_c64,
        square_c64,
        reciprocal_c64,
        sign_c64
    );
    let c128_same: [&ElementwiseDef; 23] = defs!(
        sqrt_c128,
        exp_c128,
        exp2_c128,
        expm1_c128,
        log_c128,
        log2_c128,
        log10_c128,
        log1p_c128,
        sin_c128,
        cos_c128,
        tan_c128,
        sinh_c128,
        cosh_c128,
        tanh_c128,
        arcsin_c128,
        arccos_c128,
        arctan_c128,
        arcsinh_c128,
        arccosh_c128,
        arctanh_c128,
        square_c128,
        reciprocal_c128,
        sign_c128
    );
    let mut cases: Vec<(&ElementwiseDef, Vec<DTypeId>, Vec<DTypeId>)> = Vec::new();
    for (t, part, same, preds, abs, pow) in [
        (
            C64,
            F32,
            c64_same,
            defs!(isnan_c64, isinf_c64, isfinite_c64),
            &k::absolute_c64::DEF,
            &k::power_c64::DEF,
        ),
        (
            C128,
            F64,
            c128_same,
            defs!(isnan_c128, isinf_c128, isfinite_c128),
            &k::absolute_c128::DEF,
            &k::power_c128::DEF,
        ),
    ] {
        cases.extend(same.iter().map(|d| (*d, vec![t], vec![t])));
        cases.extend(preds.iter().map(|d| (*d, vec![t], vec![Bool])));
        cases.push((abs, vec![t], vec![part]));
        cases.push((pow, vec![t, t], vec![t]));
    }
    let mut modules = 0;
    for (def, params, results) in &cases {
        let inst = Instance {
            def,
            type_args: &[],
            params,
            results,
        };
        modules += verify::elementwise(&inst).unwrap_or_else(|e| panic!("{}: {e}", inst.name()));
    }
    eprintln!("{} kernels, {modules} modules compiled", cases.len());
}
