//! The ufuncs of `kernels_std::lazy` beyond the elementary functions (rounding, the other float
//! functions, extrema, arithmetic, logic, bits, comparisons): for every dtype the eager ufunc
//! takes, `lazy::f(..).eval()` has the bits (and shape) of the eager `math::f(..)`, in one
//! kernel launch, on special values (NaN, infinities, -0.0, extremes), inside fused trees,
//! broadcast, 0-d and empty; and the fused modules compile with NVRTC.

use std::fmt::Debug;

use kernels_std::array_runtime::cuda::verify;
use kernels_std::kernel::launches;
use kernels_std::prelude::*;
use kernels_std::{lazy, math};

/// Test values of a dtype: the specials of its kind, 12 of them.
trait Sample: DType + Debug {
    fn sample() -> Vec<Self>;
}

const FLOATS: [f64; 12] = [
    -3.5,
    -1.0,
    -0.0,
    0.0,
    0.25,
    0.5,
    1.0,
    2.5,
    10.0,
    f64::NAN,
    f64::INFINITY,
    f64::NEG_INFINITY,
];

macro_rules! int_sample {
    ($($t:ty),*) => {$(
        impl Sample for $t {
            fn sample() -> Vec<$t> {
                [-3i64, -1, 0, 0, 1, 2, 5, 7, 100, -7]
                    .iter()
                    .map(|&v| v as $t)
                    .chain([<$t>::MIN, <$t>::MAX])
                    .collect()
            }
        }
    )*};
}
int_sample!(i8, i16, i32, i64, u8, u16, u32, u64);

impl Sample for bool {
    fn sample() -> Vec<bool> {
        (0..12).map(|i| i % 3 == 1).collect()
    }
}
impl Sample for f64 {
    fn sample() -> Vec<f64> {
        FLOATS.to_vec()
    }
}
impl Sample for f32 {
    fn sample() -> Vec<f32> {
        FLOATS.iter().map(|&v| v as f32).collect()
    }
}
impl Sample for f16 {
    fn sample() -> Vec<f16> {
        FLOATS.iter().map(|&v| f16::from_f64(v)).collect()
    }
}
impl Sample for bf16 {
    fn sample() -> Vec<bf16> {
        FLOATS.iter().map(|&v| bf16::from_f64(v)).collect()
    }
}
impl Sample for c64 {
    fn sample() -> Vec<c64> {
        let f = FLOATS.map(|v| v as f32);
        (0..12)
            .map(|i| c64::new(f[i], f[(i * 5 + 3) % 12]))
            .collect()
    }
}
impl Sample for c128 {
    fn sample() -> Vec<c128> {
        (0..12)
            .map(|i| c128::new(FLOATS[i], FLOATS[(i * 5 + 3) % 12]))
            .collect()
    }
}

/// The same result: shapes, and elements bit for bit, or an error from both.
fn same<R: DType + Debug>(fused: Result<Array<R>>, eager: Result<Array<R>>, what: &str) {
    match (fused, eager) {
        (Ok(f), Ok(g)) => {
            assert_eq!(f.shape(), g.shape(), "{what}: shape");
            let (f, g) = (f.to_vec().unwrap(), g.to_vec().unwrap());
            assert_eq!(bytes(&f), bytes(&g), "{what}: {f:?} vs {g:?}");
        }
        (Err(_), Err(_)) => {}
        (f, g) => panic!(
            "{what}: fused {:?}, eager {:?}",
            f.map(|_| ()),
            g.map(|_| ())
        ),
    }
}

/// The bytes of elements (plain data: `bool`, integers, floats, pairs of floats), so that NaN
/// payloads and signs count.
fn bytes<R: DType>(v: &[R]) -> Vec<u8> {
    // SAFETY: the dtypes are plain data without padding; the slice is read only.
    unsafe { std::slice::from_raw_parts(v.as_ptr().cast::<u8>(), std::mem::size_of_val(v)) }
        .to_vec()
}

/// Evaluates `e`, counting launches: one (none for an empty result).
fn eval_once<R: DType>(e: &Expr<R>, what: &str) -> Result<Array<R>> {
    let before = launches();
    let r = e.eval();
    if let Ok(a) = &r {
        let n = launches() - before;
        if a.is_empty() {
            assert!(n <= 1, "{what}: {n} launches");
        } else {
            assert_eq!(n, 1, "{what}: launches");
        }
    }
    r
}

fn arr<T: DType>(shape: &[usize], v: Vec<T>) -> Array<T> {
    Array::from_vec(&Device::cpu(), shape, v).unwrap()
}

/// A one-operand lazy ufunc against its eager one, on `T`'s samples: plain, inside a fused
/// tree (a `where_` feeding it), as a 2-D strided view, 0-d and empty.
fn check1<T: Sample, R: DType + Debug>(
    what: &str,
    lazy_f: impl Fn(Expr<T>) -> Expr<R>,
    eager_f: impl Fn(&Array<T>) -> Result<Array<R>>,
) {
    let v = T::sample();
    let n = v.len();
    let x = arr(&[n], v.clone());
    let y = arr(&[n], v.iter().rev().cloned().collect());
    let mask = arr(&[n], (0..n).map(|i| i % 2 == 0).collect());
    let w = |x: &Array<T>| eval_once(&lazy_f(x.into_expr()), what);
    same(w(&x), eager_f(&x), &format!("{what} (plain)"));
    // Fused: a tree below the ufunc.
    let inner = lazy::where_(&mask, &x, &y);
    let evaluated = inner.eval().unwrap();
    same(
        eval_once(&lazy_f(inner), what),
        eager_f(&evaluated),
        &format!("{what} (of where_)"),
    );
    // A transposed 2-D view (strided), 0-d and empty.
    let m = arr(&[3, n / 3], v.clone()).t();
    same(w(&m), eager_f(&m), &format!("{what} (transposed)"));
    let z = arr(&[], vec![v[2]]);
    same(w(&z), eager_f(&z), &format!("{what} (0-d)"));
    let e = arr(&[0, 4], Vec::<T>::new());
    same(w(&e), eager_f(&e), &format!("{what} (empty)"));
}

/// A two-operand lazy ufunc against its eager one: plain, the operands swapped, inside a
/// fused tree, broadcast (a column against a row), 0-d against 1-d, empty, and shapes that
/// do not broadcast (an error from both).
fn check2<T: Sample, R: DType + Debug>(
    what: &str,
    lazy_f: impl Fn(Expr<T>, Expr<T>) -> Expr<R>,
    eager_f: impl Fn(&Array<T>, &Array<T>) -> Result<Array<R>>,
) {
    let v = T::sample();
    let n = v.len();
    let x = arr(&[n], v.clone());
    // Every pair of samples: x against y as a column against a row.
    let col = arr(&[n, 1], v.clone());
    let row = arr(&[n], v.iter().rev().cloned().collect());
    let mask = arr(&[n], (0..n).map(|i| i % 3 != 0).collect());
    let w = |a: &Array<T>, b: &Array<T>| eval_once(&lazy_f(a.into_expr(), b.into_expr()), what);
    same(w(&x, &row), eager_f(&x, &row), &format!("{what} (plain)"));
    same(w(&row, &x), eager_f(&row, &x), &format!("{what} (swapped)"));
    same(
        w(&col, &row),
        eager_f(&col, &row),
        &format!("{what} (broadcast)"),
    );
    same(
        w(&row, &col),
        eager_f(&row, &col),
        &format!("{what} (broadcast, swapped)"),
    );
    let inner = lazy::where_(&mask, &x, &row);
    let evaluated = inner.eval().unwrap();
    same(
        eval_once(&lazy_f(inner.clone(), (&col).into_expr()), what),
        eager_f(&evaluated, &col),
        &format!("{what} (of where_)"),
    );
    for i in [0, 2, 9] {
        let z = arr(&[], vec![v[i]]);
        same(w(&z, &x), eager_f(&z, &x), &format!("{what} (0-d, 1-d)"));
        same(w(&x, &z), eager_f(&x, &z), &format!("{what} (1-d, 0-d)"));
        same(w(&z, &z), eager_f(&z, &z), &format!("{what} (0-d)"));
    }
    let e = arr(&[0], Vec::<T>::new());
    same(w(&e, &e), eager_f(&e, &e), &format!("{what} (empty)"));
    let e = arr(&[0, 1], Vec::<T>::new());
    same(
        w(&e, &row),
        eager_f(&e, &row),
        &format!("{what} (empty, broadcast)"),
    );
    let bad = arr(&[5], v[..5].to_vec());
    let f = lazy_f((&x).into_expr(), (&bad).into_expr()).eval();
    assert!(f.is_err(), "{what}: shapes [12] and [5]");
    same(f, eager_f(&x, &bad), &format!("{what} (no broadcast)"));
}

macro_rules! unary {
    ($f:ident: $($t:ty),*) => {$(
        check1::<$t, _>(
            concat!(stringify!($f), " of ", stringify!($t)),
            |x| lazy::$f(x),
            |x| math::$f(x),
        );
    )*};
}

macro_rules! binary {
    ($f:ident: $($t:ty),*) => {$(
        check2::<$t, _>(
            concat!(stringify!($f), " of ", stringify!($t)),
            |x, y| lazy::$f(x, y),
            |x, y| math::$f(x, y),
        );
    )*};
}

/// Calls `$m!($f: <every dtype of the family>)` per function.
macro_rules! ints {
    ($m:ident: $($f:ident),*) => {$( $m!($f: i8, i16, i32, i64, u8, u16, u32, u64); )*};
}
macro_rules! floats {
    ($m:ident: $($f:ident),*) => {$( $m!($f: f16, bf16, f32, f64); )*};
}
macro_rules! complexes {
    ($m:ident: $($f:ident),*) => {$( $m!($f: c64, c128); )*};
}

#[test]
fn rounding_matches_the_eager_ufuncs() {
    ints!(unary: floor, ceil, trunc);
    floats!(unary: floor, ceil, trunc);
    for d in [0, 1, 2, -1, -2, 400, -400] {
        macro_rules! around {
            ($($t:ty),*) => {$(
                check1::<$t, _>(
                    &format!("around({d}) of {}", stringify!($t)),
                    |x| lazy::around(x, d),
                    |x| math::around(x, d),
                );
            )*};
        }
        around!(i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64);
    }
    // `round` is `around`.
    let x = arr(&[3], vec![0.125f64, 2.5, -0.5]);
    same(lazy::round(&x, 2).eval(), math::round(&x, 2), "round");
}

#[test]
fn float_functions_match_the_eager_ufuncs() {
    // Integers and `bool` give floats; the result dtype is the eager one's by construction.
    macro_rules! to_float {
        ($m:ident: $($f:ident),*) => {$( $m!($f: bool, i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64); )*};
    }
    to_float!(unary: rint, cbrt, deg2rad, rad2deg);
    to_float!(binary: arctan2, hypot, copysign, logaddexp, logaddexp2, heaviside);
    floats!(unary: reciprocal);
    complexes!(unary: reciprocal);
    ints!(unary: signbit);
    floats!(unary: signbit);
    floats!(binary: power);
    complexes!(binary: power);
    binary!(power: bool);
    ints!(binary: fmax, fmin, fmod);
    floats!(binary: fmax, fmin, fmod);
    // NumPy's other names.
    let x = arr(&[2], vec![90.0f32, -180.0]);
    same(lazy::radians(&x).eval(), math::radians(&x), "radians");
    same(lazy::degrees(&x).eval(), math::degrees(&x), "degrees");
    same(lazy::pow(&x, 0.5).eval(), math::pow(&x, 0.5), "pow");
    same(lazy::atan2(&x, 1.0).eval(), math::atan2(&x, 1.0), "atan2");
}

#[test]
fn arithmetic_matches_the_eager_ufuncs() {
    ints!(binary: add, subtract, multiply, divide, true_divide, floor_divide, remainder);
    floats!(binary: add, subtract, multiply, divide, true_divide, floor_divide, remainder);
    complexes!(binary: add, subtract, multiply, divide, true_divide);
    ints!(unary: negative);
    floats!(unary: negative);
    complexes!(unary: negative);
    let x = arr(&[3], vec![-7i16, 7, 0]);
    same(lazy::mod_(&x, 3).eval(), math::mod_(&x, 3), "mod_");
}

#[test]
fn logic_bits_and_comparisons_match_the_eager_ufuncs() {
    macro_rules! every {
        ($m:ident: $($f:ident),*) => {$( $m!($f: bool, i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64, c64, c128); )*};
    }
    every!(binary: logical_and, logical_or, logical_xor);
    every!(unary: logical_not);
    every!(binary: equal, not_equal, less, less_equal, greater, greater_equal);
    ints!(binary: bitwise_and, bitwise_or, bitwise_xor, left_shift, right_shift);
    binary!(bitwise_and: bool);
    binary!(bitwise_or: bool);
    binary!(bitwise_xor: bool);
    ints!(unary: invert, bitwise_not);
    unary!(invert: bool);
    unary!(bitwise_not: bool);
    // Shift counts past the width and negative ones (the samples' 100 and -3 are too).
    let x = arr(&[4], vec![-16i64, 16, 1, -1]);
    let n = arr(&[4], vec![64i64, 63, -1, 200]);
    same(
        lazy::bitwise_left_shift(&x, &n).eval(),
        math::bitwise_left_shift(&x, &n),
        "bitwise_left_shift",
    );
    same(
        lazy::bitwise_right_shift(&x, &n).eval(),
        math::bitwise_right_shift(&x, &n),
        "bitwise_right_shift",
    );
    same(
        lazy::bitwise_invert(&x).eval(),
        math::bitwise_invert(&x),
        "bitwise_invert",
    );
}

#[test]
fn parts_match_the_eager_functions() {
    macro_rules! parts {
        ($($t:ty),*) => {$(
            let t = stringify!($t);
            check1::<$t, _>(&format!("real of {t}"), |x| lazy::real(x), |x| math::real(x));
            check1::<$t, _>(&format!("imag of {t}"), |x| lazy::imag(x), |x| math::imag(x));
        )*};
    }
    parts!(bool, i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64, c64, c128);
    macro_rules! conj_angle {
        ($($t:ty),*) => {$(
            let t = stringify!($t);
            check1::<$t, _>(&format!("conjugate of {t}"), |x| lazy::conjugate(x), |x| math::conjugate(x));
            check1::<$t, _>(&format!("conj of {t}"), |x| lazy::conj(x), |x| math::conj(x));
            for deg in [false, true] {
                check1::<$t, _>(
                    &format!("angle({deg}) of {t}"),
                    |x| lazy::angle(x, deg),
                    |x| math::angle(x, deg),
                );
            }
        )*};
    }
    conj_angle!(i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64, c64, c128);
}

/// The chains of the issue: the new ufuncs mixed with operators, one kernel, the bits of
/// evaluating each step eagerly.
#[test]
fn chains_with_operators_run_in_one_kernel() {
    let a = arr(&[12], f64::sample());
    let b = arr(&[12], f64::sample().into_iter().rev().collect());
    let col = arr(&[3, 1], vec![0.5f64, -0.0, f64::NAN]);
    let ab = (&a * 2.0 + &b).eval().unwrap();
    let check = |e: Expr<f64>, want: Result<Array<f64>>, what: &str| {
        same(eval_once(&e, what), want, what);
    };
    check(
        lazy::floor(&a * 2.0 + &b),
        math::floor(&ab),
        "floor(a * 2 + b)",
    );
    check(
        lazy::rint(&a * 2.0 + &b),
        math::rint(&ab),
        "rint(a * 2 + b)",
    );
    check(
        lazy::around(&a * 2.0 + &b, 1),
        math::around(&ab, 1),
        "around(a * 2 + b, 1)",
    );
    check(
        lazy::hypot(&a * 2.0 + &b, &b) - 1.0,
        math::subtract(math::hypot(&ab, &b).unwrap(), 1.0),
        "hypot(a * 2 + b, b) - 1",
    );
    // Three new nodes deep, broadcast against a column.
    let inner = math::fmax(math::copysign(&ab, &col).unwrap(), &b).unwrap();
    check(
        lazy::logaddexp(lazy::fmax(lazy::copysign(&a * 2.0 + &b, &col), &b), 0.5),
        math::logaddexp(&inner, 0.5),
        "logaddexp(fmax(copysign(a * 2 + b, col), b), 0.5)",
    );
    // Bool results feeding `where_`, integer arithmetic and shifts.
    let i = arr(&[12], i32::sample());
    let k = arr(&[12], (0..12).collect::<Vec<i32>>());
    let e = lazy::where_(
        lazy::logical_and(lazy::greater(&i, 0), lazy::signbit(&k - 5)),
        lazy::left_shift(lazy::floor_divide(&i, 3), &k),
        lazy::bitwise_xor(lazy::remainder(&i, -4), 7),
    );
    let before = launches();
    let got = e.eval().unwrap().to_vec().unwrap();
    assert_eq!(launches() - before, 1);
    let eager = math::where_(
        math::logical_and(
            math::greater(&i, 0).unwrap(),
            math::signbit(math::subtract(&k, 5).unwrap()).unwrap(),
        )
        .unwrap(),
        math::left_shift(math::floor_divide(&i, 3).unwrap(), &k).unwrap(),
        math::bitwise_xor(math::remainder(&i, -4).unwrap(), 7).unwrap(),
    )
    .unwrap()
    .to_vec()
    .unwrap();
    assert_eq!(got, eager);
    // `power` of `bool` gives `i8`, inside an expression.
    let t = arr(&[3], vec![true, false, true]);
    let p: Expr<i8> = lazy::power(&t, lazy::logical_not(&t)) * 3;
    assert_eq!(p.to_vec().unwrap(), vec![3, 0, 3]);
    let eager = math::power(&t, math::logical_not(&t).unwrap()).unwrap();
    same(
        lazy::power(&t, lazy::logical_not(&t)).eval(),
        Ok(eager),
        "power(t, logical_not(t))",
    );
}

#[test]
fn fused_modules_of_the_new_ufuncs_compile_with_nvrtc() {
    if !verify::nvrtc_or_skip("lazy ufuncs (rounding, float, logic, bits)").unwrap() {
        return;
    }
    let dev = Device::cpu();
    let x = Array::<f64>::zeros(&dev, &[4]).unwrap();
    let h = Array::<f16>::zeros(&dev, &[4]).unwrap();
    let i = Array::<i32>::zeros(&dev, &[4]).unwrap();
    let u = Array::<u8>::zeros(&dev, &[4]).unwrap();
    let z = Array::<c64>::zeros(&dev, &[4]).unwrap();
    let mut n = 0;
    n += lazy::floor(&x * 2.0 + &x).verify_cuda().unwrap();
    n += (lazy::around(&h, 2) + lazy::rint(&h) - lazy::trunc(&h))
        .verify_cuda()
        .unwrap();
    n += lazy::logaddexp2(
        lazy::hypot(&x, 1.0),
        lazy::arctan2(&x, lazy::copysign(&x, -1.0)),
    )
    .verify_cuda()
    .unwrap();
    n += lazy::heaviside(
        lazy::fmax(&h, lazy::fmin(&h, f16::from_f32(0.5))),
        lazy::fmod(&h, f16::ONE),
    )
    .verify_cuda()
    .unwrap();
    n += lazy::where_(
        lazy::signbit(&i),
        lazy::around(&i, -1),
        lazy::floor_divide(&i, 7),
    )
    .verify_cuda()
    .unwrap();
    n += lazy::bitwise_xor(
        lazy::left_shift(&u, 3),
        lazy::invert(lazy::right_shift(&u, 1)),
    )
    .verify_cuda()
    .unwrap();
    n += lazy::logical_or(lazy::less(&i, 3), lazy::logical_not(lazy::equal(&z, &z)))
        .verify_cuda()
        .unwrap();
    n += (lazy::power(&z, &z) + lazy::reciprocal(&z))
        .verify_cuda()
        .unwrap();
    n += (lazy::power(&x, 0.5) * lazy::deg2rad(&i) + lazy::cbrt(&u).astype::<f64>())
        .verify_cuda()
        .unwrap();
    // Kernels calling one device function, each in its namespace: complex `sin` and `sinh`
    // (`csinh`), `cos` and `cosh` (`ccosh`); real `arcsinh` and `arccosh` (`large_magnitude`).
    n += (lazy::sin(&z) + lazy::sinh(&z) * lazy::cos(&z) - lazy::cosh(&z))
        .verify_cuda()
        .unwrap();
    n += (lazy::arcsinh(&x) + lazy::arccosh(&x))
        .verify_cuda()
        .unwrap();
    n += (lazy::remainder(&h, f16::from_f32(1.5)) + lazy::negative(lazy::rad2deg(&h)))
        .verify_cuda()
        .unwrap();
    assert!(n >= 30, "{n} modules");
}

/// The new nodes on the CUDA host target (the fused CUDA modules compiled by g++ and run on
/// the CPU) and, when there is one, on a GPU: one launch, the CPU backend's values.
#[test]
fn fused_ufuncs_run_on_the_cuda_backend() {
    let mut devices = Vec::new();
    match Device::cuda_host() {
        Ok(d) => devices.push(d),
        Err(e) if std::env::var_os("CI").is_some() => panic!("CI: no CUDA host target: {e}"),
        Err(e) => println!("skipped the CUDA host target: {e}"),
    }
    if let Ok(d) = Device::cuda(0) {
        devices.push(d);
    }
    let cpu = Device::cpu();
    let v = f32::sample();
    let i = i32::sample();
    for dev in devices {
        let x = Array::from_vec(&dev, &[12], v.clone()).unwrap();
        let k = Array::from_vec(&dev, &[12], i.clone()).unwrap();
        let xc = Array::from_vec(&cpu, &[12], v.clone()).unwrap();
        let kc = Array::from_vec(&cpu, &[12], i.clone()).unwrap();
        let f = |x: &Array<f32>, k: &Array<i32>| {
            lazy::where_(
                lazy::logical_and(lazy::signbit(k), lazy::isfinite(x)),
                lazy::around(x * 3.0, 1) + lazy::rint(x) - lazy::floor(x),
                lazy::copysign(lazy::fmax(x, 0.5), k.into_expr().astype::<f32>()),
            )
        };
        let g =
            |k: &Array<i32>| lazy::bitwise_xor(lazy::left_shift(k, 3), lazy::floor_divide(k, -7));
        let before = launches();
        let got = f(&x, &k).eval().unwrap();
        assert_eq!(launches() - before, 1, "on {dev}");
        let want = f(&xc, &kc).eval().unwrap();
        same(
            Ok(got.to_device(&cpu).unwrap()),
            Ok(want),
            &format!("floats on {dev}"),
        );
        let got = g(&k).eval().unwrap();
        same(
            Ok(got.to_device(&cpu).unwrap()),
            g(&kc).eval(),
            &format!("ints on {dev}"),
        );
    }
}

/// A reduction of two operands, for the fusion of two expressions into one reduction.
#[kernels_std::reduction]
mod dot2 {
    pub fn map(x: f32, y: f32) -> f32 {
        x * y
    }
    pub fn combine(a: f32, b: f32) -> f32 {
        a + b
    }
    pub fn identity() -> f32 {
        0.0
    }
}

/// Two expressions fused into one reduction, each calling kernels that share a device
/// function (`rint` and `around` call `rint_in`): each expression's namespace has its own.
#[test]
fn two_fused_expressions_of_one_reduction_compile_with_nvrtc() {
    if !verify::nvrtc_or_skip("two expressions of one reduction").unwrap() {
        return;
    }
    let x = Array::<f32>::zeros(&Device::cpu(), &[4, 3]).unwrap();
    let n = dot2(
        lazy::rint(&x) + lazy::around(&x, 1),
        lazy::around(&x, 2) * lazy::rint(&x),
    )
    .verify_cuda()
    .unwrap();
    assert!(n >= 1, "{n} modules");
    // And run, on the CUDA host target (g++) when there is one: the CPU backend's value.
    let Ok(host) = Device::cuda_host() else {
        return;
    };
    let v: Vec<f32> = f32::sample()
        .into_iter()
        .filter(|v| v.is_finite())
        .collect();
    let run = |dev: &Device| {
        let x = Array::from_vec(dev, &[3, 3], v[..9].to_vec()).unwrap();
        let before = launches();
        let r = dot2(
            lazy::rint(&x) + lazy::around(&x, 1),
            lazy::around(&x, 2) * lazy::rint(&x),
        )
        .run()
        .unwrap();
        assert_eq!(launches() - before, 1, "on {dev}");
        r.to_device(&Device::cpu()).unwrap().item().unwrap()
    };
    let (got, want) = (run(&host), run(&Device::cpu()));
    assert!(
        (got - want).abs() <= 1e-5 * want.abs().max(1.0),
        "{got} vs {want}"
    );
}
