//! The ufuncs of `kernels_std::lazy` inside fused expressions: the same elements as the eager
//! ufuncs (one kernel each), one kernel per expression, and every fused module compiled by
//! NVRTC.

use kernels_std::array_runtime::cuda::verify;
use kernels_std::kernel::launches;
use kernels_std::prelude::*;
use kernels_std::{lazy, math, IntoOperand};

fn values() -> Vec<f64> {
    vec![
        -3.5,
        -1.0,
        -0.0,
        0.0,
        0.25,
        1.0,
        2.0,
        10.0,
        f64::NAN,
        f64::INFINITY,
        -f64::INFINITY,
    ]
}

fn same(a: &[f64], b: &[f64], what: &str) {
    assert_eq!(a.len(), b.len(), "{what}");
    for (i, (x, y)) in a.iter().zip(b).enumerate() {
        assert!(
            x.to_bits() == y.to_bits() || (x.is_nan() && y.is_nan()),
            "{what}[{i}]: fused {x}, eager {y}"
        );
    }
}

#[test]
fn fused_ufuncs_match_the_eager_ones() {
    let dev = Device::cpu();
    let x = Array::from_vec(&dev, &[11], values()).unwrap();
    let y = Array::from_vec(&dev, &[11], values().into_iter().rev().collect()).unwrap();
    let count = |e: &Expr<f64>| {
        let before = launches();
        let r = e.eval().unwrap();
        assert_eq!(launches() - before, 1, "{e}");
        r.to_vec().unwrap()
    };
    // Each ufunc applied to `x * 2`, fused, against the eager ufunc of the eager product.
    let x2 = (&x * 2.0).eval().unwrap();
    let cases: Vec<(&str, Expr<f64>, Array<f64>)> = vec![
        ("sqrt", lazy::sqrt(&x * 2.0), math::sqrt(&x2).unwrap()),
        ("exp", lazy::exp(&x * 2.0), math::exp(&x2).unwrap()),
        ("log1p", lazy::log1p(&x * 2.0), math::log1p(&x2).unwrap()),
        ("tanh", lazy::tanh(&x * 2.0), math::tanh(&x2).unwrap()),
        ("arctan", lazy::arctan(&x * 2.0), math::arctan(&x2).unwrap()),
        (
            "absolute",
            lazy::absolute(&x * 2.0),
            math::absolute(&x2).unwrap(),
        ),
        ("sign", lazy::sign(&x * 2.0), math::sign(&x2).unwrap()),
        ("square", lazy::square(&x * 2.0), math::square(&x2).unwrap()),
        (
            "maximum",
            lazy::maximum(&x * 2.0, &y),
            math::maximum(&x2, &y).unwrap(),
        ),
        (
            "minimum",
            lazy::minimum(&x * 2.0, &y),
            math::minimum(&x2, &y).unwrap(),
        ),
        (
            "clip",
            lazy::clip(&x * 2.0, -1.0, 1.0),
            math::clip(&x2, -1.0, 1.0).unwrap(),
        ),
    ];
    for (name, fused, eager) in &cases {
        same(&count(fused), &eager.to_vec().unwrap(), name);
    }
    let nan = lazy::isnan(&x * 2.0).to_vec().unwrap();
    assert_eq!(nan, math::isnan(&x2).unwrap().to_vec().unwrap());
    let fin = lazy::where_(lazy::isfinite(&x), &x * 2.0, -1.0)
        .to_vec()
        .unwrap();
    let want: Vec<f64> = values()
        .iter()
        .map(|v| if v.is_finite() { v * 2.0 } else { -1.0 })
        .collect();
    same(&fin, &want, "where_(isfinite)");
    // Integers: the elementary functions give floats (NumPy's dtypes), inside the expression.
    let i = Array::from_vec(&dev, &[3], vec![1i16, 4, 9]).unwrap();
    let r: Expr<f32> = lazy::sqrt(&i) * 2.0;
    assert_eq!(r.to_vec().unwrap(), vec![2.0, 4.0, 6.0]);
}

#[test]
fn fused_ufunc_modules_compile_with_nvrtc() {
    if !verify::nvrtc_or_skip("lazy ufuncs").unwrap() {
        return;
    }
    let dev = Device::cpu();
    let x = Array::<f64>::zeros(&dev, &[4]).unwrap();
    let f = Array::<f32>::zeros(&dev, &[4]).unwrap();
    let i = Array::<i16>::zeros(&dev, &[4]).unwrap();
    let z = Array::<c64>::zeros(&dev, &[4]).unwrap();
    let mut n = 0;
    n += (lazy::sqrt(&x * 2.0) + lazy::exp(&x) - lazy::tanh(&x))
        .verify_cuda()
        .unwrap();
    n += lazy::clip(lazy::maximum(&f, 0.0f32) * lazy::sign(&f), -1.0, 1.0)
        .verify_cuda()
        .unwrap();
    n += lazy::where_(lazy::isnan(&f), 0.0f32, lazy::square(&f))
        .verify_cuda()
        .unwrap();
    n += (lazy::sqrt(&i) * 2.0).verify_cuda().unwrap();
    n += (lazy::abs(&z) + lazy::arctan(&f)).verify_cuda().unwrap();
    assert!(n >= 15, "{n} modules");
}

/// Deterministic values in [0.5, 1.5) with a few exact repeats (so `max`/`min` see ties).
fn pseudo(n: usize, seed: u32) -> Vec<f32> {
    let mut x = seed.wrapping_mul(2_654_435_761).wrapping_add(12345);
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            0.5 + (x % 4096) as f32 / 4096.0
        })
        .collect()
}

/// Bit-equality of two results (`Debug` of floats round-trips; NaN and -0.0 stay distinct).
fn same_bits<T: std::fmt::Debug>(fused: &[T], eager: &[T], what: &str) {
    assert_eq!(format!("{fused:?}"), format!("{eager:?}"), "{what}");
}

/// Runs one reduction builder `$f` with axis variant `$v` over `$x` (an expression or an
/// array).
macro_rules! variant {
    ($f:path, $x:expr, $v:expr) => {{
        let call = $f($x);
        match $v {
            0 => call,
            1 => call.axis(0),
            2 => call.axis(-1),
            3 => call.axis(0).keepdims(true),
            4 => call.axes(&[-1, 0]).keepdims(true),
            _ => call.axes(&[]),
        }
        .run()
    }};
}

/// The reduction `$f` of expression `$e`, fused, against `$f` of its evaluation: the same
/// bits, as many launches as the plain array's reduction (one), for every axis variant.
macro_rules! check_fused {
    ($f:path, $e:expr, $what:expr) => {{
        let e: Expr<f32> = $e;
        let evaluated = e.eval().unwrap();
        for v in 0..6 {
            let what = format!(
                "{} of {} (variant {v}, shape {:?})",
                stringify!($f),
                $what,
                evaluated.shape()
            );
            let before = launches();
            let eager = variant!($f, &evaluated, v);
            let plain_launches = launches() - before;
            let before = launches();
            let fused = variant!($f, &e, v);
            let fused_launches = launches() - before;
            match (fused, eager) {
                (Ok(f), Ok(g)) => {
                    assert_eq!(fused_launches, plain_launches, "{what}: launches");
                    assert_eq!(fused_launches, 1, "{what}: launches");
                    assert_eq!(f.shape(), g.shape(), "{what}");
                    same_bits(&f.to_vec().unwrap(), &g.to_vec().unwrap(), &what);
                }
                (Err(_), Err(_)) => {}
                (f, g) => panic!(
                    "{what}: fused {:?}, evaluated {:?}",
                    f.map(|_| ()),
                    g.map(|_| ())
                ),
            }
        }
    }};
}

macro_rules! check_every_reduction {
    ($e:expr, $what:expr) => {{
        check_fused!(reduce::sum, $e, $what);
        check_fused!(reduce::prod, $e, $what);
        check_fused!(reduce::max, $e, $what);
        check_fused!(reduce::min, $e, $what);
        check_fused!(reduce::mean, $e, $what);
        check_fused!(reduce::nansum, $e, $what);
    }};
}

#[test]
fn reductions_of_expressions_are_fused_with_the_bits_of_evaluating_first() {
    use kernels_std::reduce;
    let dev = Device::cpu();
    // 16 x 2100: rows longer than a chunk, and enough elements to run in parallel.
    let (m, n) = (16, 2100);
    let a = Array::from_vec(&dev, &[m, n], pseudo(m * n, 1)).unwrap();
    let b = Array::from_vec(&dev, &[m, n], pseudo(m * n, 2)).unwrap();
    let row = Array::from_vec(&dev, &[n], pseudo(n, 3)).unwrap();
    let col = Array::from_vec(&dev, &[m, 1], pseudo(m, 4)).unwrap();
    check_every_reduction!(&a * &b, "a * b");
    check_every_reduction!(&a + &row, "a + row (broadcast)");
    check_every_reduction!(&col * &row - 1.0, "col * row - 1 (outer product)");
    // Strided leaves (a transposed view), and an expression of scalars and one array.
    let at = a.t();
    check_every_reduction!(&at * 2.0 + &at, "a.T * 2 + a.T");
    // Long 1-D runs: the parallel split and the pieces of the in-place run.
    let big = 140_001;
    let x = Array::from_vec(&dev, &[big], pseudo(big, 5)).unwrap();
    let y = Array::from_vec(&dev, &[big], pseudo(big, 6)).unwrap();
    check_every_reduction!(&x * &y, "x * y (long)");
    // Sums of the products of a row of a few columns (the outer path over 8+ results).
    let c = Array::from_vec(&dev, &[5000, 9], pseudo(45_000, 7)).unwrap();
    check_fused!(reduce::sum, &c * &c, "c * c (outer)");
    // Empty inputs: a reduction of an empty axis (identity, or an error without one) and an
    // empty result.
    for shape in [[0usize, 5], [5, 0]] {
        let z = Array::<f32>::zeros(&dev, &shape).unwrap();
        check_every_reduction!(&z * &z, "empty");
    }
}

#[test]
fn a_fused_reduction_reports_expression_errors() {
    use kernels_std::reduce;
    let dev = Device::cpu();
    let a = Array::<f32>::zeros(&dev, &[2, 3]).unwrap();
    let b = Array::<f32>::zeros(&dev, &[4]).unwrap();
    let before = launches();
    let e = reduce::sum(&a * &b).run().unwrap_err();
    assert_eq!(launches(), before, "nothing ran");
    assert!(matches!(e, Error::Expression { .. }), "{e:?}");
    assert!(e.to_string().contains("x0 * x1"), "{e}");
    assert!(reduce::mean(&a + &b).axis(0).run().is_err());
}

#[test]
fn fused_reduction_modules_compile_with_nvrtc() {
    use kernels_std::array_runtime::kernel::reduction::ReduceCall;
    use kernels_std::reduce::{self, MeanOf};
    if !verify::nvrtc_or_skip("fused reductions").unwrap() {
        return;
    }
    let dev = Device::cpu();
    let a = Array::<f32>::zeros(&dev, &[4, 3]).unwrap();
    let row = Array::<f32>::zeros(&dev, &[3]).unwrap();
    let h = Array::<f16>::zeros(&dev, &[4, 3]).unwrap();
    let exprs = || [&a * &a, &a + &row, &a * 2.0 + &row];
    let mut compiled = 0;
    for e in exprs() {
        compiled += reduce::sum(&e).verify_cuda().unwrap();
        compiled += reduce::prod(&e).verify_cuda().unwrap();
        compiled += reduce::max(&e).verify_cuda().unwrap();
        compiled += reduce::min(&e).verify_cuda().unwrap();
        compiled += reduce::nansum(&e).verify_cuda().unwrap();
        let mean = ReduceCall::<<f32 as MeanOf>::Mean>::new(vec![Box::new(e.into_operand())]);
        compiled += mean.verify_cuda().unwrap();
    }
    // fp16 leaves and kernels: the half headers.
    compiled += reduce::sum(&h * &h).verify_cuda().unwrap();
    compiled += reduce::max(&h - &h).verify_cuda().unwrap();
    assert_eq!(compiled, 3 * (3 * 6 + 2));
}

/// A fused reduction on the CUDA host target (CUDA modules compiled by g++, run on the CPU)
/// and, when there is one, on a GPU: one launch, the values of evaluating first.
#[test]
fn fused_reductions_run_on_the_cuda_backend() {
    use kernels_std::reduce;
    let mut devices = Vec::new();
    match Device::cuda_host() {
        Ok(d) => devices.push(d),
        Err(e) if std::env::var_os("CI").is_some() => panic!("CI: no CUDA host target: {e}"),
        Err(e) => println!("skipped the CUDA host target: {e}"),
    }
    if let Ok(d) = Device::cuda(0) {
        devices.push(d);
    }
    let (m, n) = (37, 2100);
    for dev in devices {
        let a = Array::from_vec(&dev, &[m, n], pseudo(m * n, 1)).unwrap();
        let b = Array::from_vec(&dev, &[m, n], pseudo(m * n, 2)).unwrap();
        let row = Array::from_vec(&dev, &[n], pseudo(n, 3)).unwrap();
        let close = |f: &Array<f32>, g: &Array<f32>, what: &str| {
            assert_eq!(f.shape(), g.shape(), "{what}");
            for (x, y) in f.to_vec().unwrap().iter().zip(g.to_vec().unwrap()) {
                assert!(
                    (x - y).abs() <= 1e-5 * y.abs().max(1.0),
                    "{what}: {x} vs {y}"
                );
            }
        };
        let product = (&a * &b).eval().unwrap();
        let shifted = (&a + &row).eval().unwrap();
        type Run<'r> = Box<dyn Fn() -> Result<Array<f32>> + 'r>;
        let cases: Vec<(&str, Run<'_>, Array<f32>)> = vec![
            (
                "sum(a * b)",
                Box::new(|| reduce::sum(&a * &b).run()),
                reduce::sum(&product).run().unwrap(),
            ),
            (
                "sum(a * b, axis 1)",
                Box::new(|| reduce::sum(&a * &b).axis(1).run()),
                reduce::sum(&product).axis(1).run().unwrap(),
            ),
            (
                "max(a + row, axis 0)",
                Box::new(|| reduce::max(&a + &row).axis(0).run()),
                reduce::max(&shifted).axis(0).run().unwrap(),
            ),
            (
                "mean(a + row, axis 1, keepdims)",
                Box::new(|| reduce::mean(&a + &row).axis(1).keepdims(true).run()),
                reduce::mean(&shifted).axis(1).keepdims(true).run().unwrap(),
            ),
        ];
        for (what, fused, expected) in cases {
            let before = launches();
            let got = fused().unwrap();
            assert_eq!(launches() - before, 1, "{what} on {dev}");
            close(&got, &expected, &format!("{what} on {dev}"));
        }
    }
}
