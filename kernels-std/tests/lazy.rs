//! The ufuncs of `kernels_std::lazy` inside fused expressions: the same elements as the eager
//! ufuncs (one kernel each), one kernel per expression, and every fused module compiled by
//! NVRTC.

use kernels_std::array_runtime::cuda::verify;
use kernels_std::kernel::launches;
use kernels_std::prelude::*;
use kernels_std::{lazy, math};

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
