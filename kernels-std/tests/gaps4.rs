//! The dtypes added to existing routines (issue 17's "gaps in existing routines", part B)
//! against NumPy: the fixtures of `scripts/fixtures/gen_gaps4_fixtures.py`
//! (`fixtures/gaps4/gaps4.npz`), on the CPU backend and, when there is one, on CUDA device 0.
//!
//! Arithmetic of `bool` (`+` logical or, `*` logical and, `/` in `f64`; mixed with other
//! dtypes, promoted as NumPy does), `floor`/`ceil`/`trunc`/`fix`/`absolute` of `bool`,
//! `rint` of complex numbers, `pad_odd` of `bool`. Every result is exact in NumPy's
//! arithmetic, so the comparisons are exact, signed zeros and NaN included.

mod common;

use common::{assert_close, devices, fixture, Approx, Tol};
use kernels_std::io::{load_npz, NpyDType, Npz};
use kernels_std::prelude::*;
use kernels_std::shape::{flip, pad_odd, PadMode};
use kernels_std::{lazy, math};

fn fixtures(dev: &Device) -> Npz {
    load_npz(fixture("gaps4/gaps4.npz"), dev).expect("gaps4.npz")
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

fn get<T: NpyDType>(npz: &Npz, key: &str) -> Array<T> {
    npz.array::<T>(key).unwrap_or_else(|e| panic!("{key}: {e}"))
}

/// `x` as a strided view of the same values (reversed twice: negative strides).
fn reversed_view<T: DType>(x: &Array<T>) -> Array<T> {
    let flipped = flip(x, None).unwrap().copy().unwrap();
    flip(&flipped, None).unwrap()
}

/// `np.add`, `np.multiply`, `np.true_divide` of two `bool` arrays, case `barith_<name>`:
/// through the operators, the eager ufuncs and the lazy functions, on the stored arrays and
/// on strided views of them.
fn bool_arithmetic_case(name: &str) {
    let case = format!("barith_{name}");
    for dev in devices() {
        let npz = fixtures(&dev);
        let x0 = get::<bool>(&npz, &format!("{case}_x"));
        let y0 = get::<bool>(&npz, &format!("{case}_y"));
        let add = get::<bool>(&npz, &format!("{case}_add"));
        let mul = get::<bool>(&npz, &format!("{case}_multiply"));
        let div = get::<f64>(&npz, &format!("{case}_divide"));
        for (x, y, how) in [
            (x0.clone(), y0.clone(), "arrays"),
            (reversed_view(&x0), reversed_view(&y0), "views"),
        ] {
            let w = |op: &str| format!("{case} {op} ({how})");
            check(&(&x + &y).eval().unwrap(), &add, &w("+"), &dev);
            check(&math::add(&x, &y).unwrap(), &add, &w("math::add"), &dev);
            check(
                &lazy::add(&x, &y).eval().unwrap(),
                &add,
                &w("lazy::add"),
                &dev,
            );
            check(&(&x * &y).eval().unwrap(), &mul, &w("*"), &dev);
            check(&math::multiply(&x, &y).unwrap(), &mul, &w("multiply"), &dev);
            check(
                &lazy::multiply(&x, &y).eval().unwrap(),
                &mul,
                &w("lazy::multiply"),
                &dev,
            );
            check(&(&x / &y).eval().unwrap(), &div, &w("/"), &dev);
            check(&math::divide(&x, &y).unwrap(), &div, &w("divide"), &dev);
            check(
                &math::true_divide(&x, &y).unwrap(),
                &div,
                &w("true_divide"),
                &dev,
            );
            check(
                &lazy::divide(&x, &y).eval().unwrap(),
                &div,
                &w("lazy::divide"),
                &dev,
            );
        }
    }
}

#[test]
fn arithmetic_of_bool() {
    for name in ["bcast", "all_pairs", "view", "empty", "zero_d"] {
        bool_arithmetic_case(name);
    }
}

#[test]
fn arithmetic_of_bool_with_scalars_and_in_one_kernel() {
    for dev in devices() {
        let a = Array::from_vec(&dev, &[4], vec![true, true, false, false]).unwrap();
        let b = Array::from_vec(&dev, &[4], vec![true, false, true, false]).unwrap();
        // A scalar of the array's dtype on either side (NEP 50), as NumPy's Python bool.
        assert_eq!(
            (&a + false).to_vec().unwrap(),
            vec![true, true, false, false]
        );
        assert_eq!((true + &a).to_vec().unwrap(), vec![true; 4]);
        assert_eq!(
            (&a * true).to_vec().unwrap(),
            vec![true, true, false, false]
        );
        assert_eq!((false * &a).to_vec().unwrap(), vec![false; 4]);
        let q = (true / &b).to_vec().unwrap();
        assert_eq!(q, vec![1.0, f64::INFINITY, 1.0, f64::INFINITY]);
        let q = (&b / false).to_vec().unwrap();
        assert_eq!((q[0], q[2]), (f64::INFINITY, f64::INFINITY));
        assert!(q[1].is_nan() && q[3].is_nan());
        // np.logical_or/and agree; a chain is one expression: (a + b) * ~(a * b) is xor.
        let xor = ((&a + &b) * !(&a * &b)).eval().unwrap();
        assert_eq!(xor.to_vec().unwrap(), vec![false, true, true, false]);
        assert_eq!(
            math::add(&a, &b).unwrap().to_vec().unwrap(),
            math::logical_or(&a, &b).unwrap().to_vec().unwrap()
        );
        assert_eq!(
            math::multiply(&a, &b).unwrap().to_vec().unwrap(),
            math::logical_and(&a, &b).unwrap().to_vec().unwrap()
        );
        // Shapes that do not broadcast are an error, as for the other dtypes.
        let c = Array::from_vec(&dev, &[3], vec![true, false, true]).unwrap();
        assert!(math::add(&a, &c).is_err());
        assert!((&a * &c).eval().is_err());
        assert!(math::divide(&a, &c).is_err());
    }
}

/// `bool` against another dtype promotes as NumPy does: `bool + i32` is `i32`, `bool * f32`
/// is `f32`, `bool / i16` is `f64`, `bool - u8` is `u8`.
#[test]
fn arithmetic_of_bool_with_other_dtypes() {
    for dev in devices() {
        let npz = fixtures(&dev);
        let b = get::<bool>(&npz, "bmix_b");
        let i4 = get::<i32>(&npz, "bmix_i4");
        let f4 = get::<f32>(&npz, "bmix_f4");
        let i2 = get::<i16>(&npz, "bmix_i2");
        let u1 = get::<u8>(&npz, "bmix_u1");
        let add: Array<i32> = (&b + &i4).eval().unwrap();
        check(&add, &get(&npz, "bmix_add_i4"), "bool + i32", &dev);
        let mul: Array<f32> = (&b * &f4).eval().unwrap();
        check(&mul, &get(&npz, "bmix_mul_f4"), "bool * f32", &dev);
        let div: Array<f64> = (&b / &i2).eval().unwrap();
        check(&div, &get(&npz, "bmix_div_i2"), "bool / i16", &dev);
        let sub: Array<u8> = (&b - &u1).eval().unwrap();
        check(&sub, &get(&npz, "bmix_sub_u1"), "bool - u8", &dev);
    }
}

/// `floor`, `ceil`, `trunc`, `fix`, `absolute` (`abs`) of `bool`: the values, as `bool`
/// (eager and lazy), a new array.
#[test]
fn rounding_and_absolute_of_bool() {
    for dev in devices() {
        let npz = fixtures(&dev);
        let x0 = get::<bool>(&npz, "bround_x");
        for (x, how) in [(x0.clone(), "array"), (x0.t(), "transposed view")] {
            type F = fn(&Array<bool>) -> kernels_std::Result<Array<bool>>;
            let eager: [(&str, F); 6] = [
                ("floor", |x| math::floor(x)),
                ("ceil", |x| math::ceil(x)),
                ("trunc", |x| math::trunc(x)),
                ("fix", |x| math::fix(x)),
                ("absolute", |x| math::absolute(x)),
                ("abs", |x| math::abs(x)),
            ];
            for (name, f) in eager {
                let key = if name == "abs" { "absolute" } else { name };
                let mut want = get::<bool>(&npz, &format!("bround_{key}"));
                if how != "array" {
                    want = want.t();
                }
                check(&f(&x).unwrap(), &want, &format!("{name} ({how})"), &dev);
            }
            let want = |k: &str| {
                let w = get::<bool>(&npz, &format!("bround_{k}"));
                if how == "array" {
                    w
                } else {
                    w.t()
                }
            };
            let lazies = [
                ("floor", lazy::floor(&x)),
                ("ceil", lazy::ceil(&x)),
                ("trunc", lazy::trunc(&x)),
                ("absolute", lazy::absolute(&x)),
            ];
            for (name, e) in lazies {
                check(
                    &e.eval().unwrap(),
                    &want(name),
                    &format!("lazy::{name}"),
                    &dev,
                );
            }
        }
    }
}

/// `np.rint` of `complex64` and `complex128`: each part half to even, `-0.0`, NaN and inf
/// kept; eager and lazy, on the stored arrays and on strided views.
fn complex_rint_case<T: NpyDType + Approx + math::Rint<Out = T>>(tag: &str) {
    for dev in devices() {
        let npz = fixtures(&dev);
        for case in [format!("crint_{tag}"), format!("crint_{tag}_view")] {
            let x = get::<T>(&npz, &format!("{case}_x"));
            let want = get::<T>(&npz, &format!("{case}_rint"));
            check(&math::rint(&x).unwrap(), &want, &case, &dev);
            check(
                &math::rint(reversed_view(&x)).unwrap(),
                &want,
                &format!("{case} (reversed view)"),
                &dev,
            );
            check(
                &lazy::rint(&x).eval().unwrap(),
                &want,
                &format!("{case} (lazy)"),
                &dev,
            );
        }
    }
}

#[test]
fn rint_of_complex() {
    complex_rint_case::<c64>("c8");
    complex_rint_case::<c128>("c16");
}

/// Real `rint` keeps its dtypes through the new trait: `u8` gives `f16`, `bool` too.
#[test]
fn rint_of_real_dtypes_unchanged() {
    let dev = Device::cpu();
    let b = Array::from_vec(&dev, &[2], vec![true, false]).unwrap();
    let r: Array<f16> = math::rint(&b).unwrap();
    assert_eq!(
        r.to_vec().unwrap(),
        vec![f16::from_f32(1.0), f16::from_f32(0.0)]
    );
    let x = Array::from_vec(&dev, &[3], vec![0.5f64, 1.5, -2.5]).unwrap();
    assert_eq!(
        math::rint(&x).unwrap().to_vec().unwrap(),
        vec![0.0, 2.0, -2.0]
    );
}

/// `np.pad(x, widths, mode, reflect_type="odd")` of `bool`, both modes, case `bpado_<name>`.
fn bool_pad_odd_case(name: &str) {
    let case = format!("bpado_{name}");
    for dev in devices() {
        let npz = fixtures(&dev);
        let x = get::<bool>(&npz, &format!("{case}_x"));
        let w = get::<i64>(&npz, &format!("{case}_widths"))
            .to_vec()
            .unwrap();
        let widths: Vec<(usize, usize)> = w
            .chunks(2)
            .map(|p| (p[0] as usize, p[1] as usize))
            .collect();
        for (mode, tag) in [
            (PadMode::Reflect, "reflect"),
            (PadMode::Symmetric, "symmetric"),
        ] {
            let want = get::<bool>(&npz, &format!("{case}_{tag}_want"));
            let got = pad_odd(&x, &widths, mode).unwrap_or_else(|e| panic!("{case}: {e}"));
            check(&got, &want, &format!("{case} {tag}"), &dev);
        }
    }
}

#[test]
fn pad_reflect_type_odd_of_bool() {
    for name in ["1d", "wide", "false_edges", "2d", "singleton"] {
        bool_pad_odd_case(name);
    }
    let dev = Device::cpu();
    let a = Array::from_vec(&dev, &[2], vec![true, false]).unwrap();
    let e = pad_odd(&a, &[(1, 1)], PadMode::Edge).unwrap_err();
    assert!(e.to_string().contains("Reflect"), "{e}");
}

/// The new kernels compile with NVRTC (skipped without NVRTC): `bool`'s true division,
/// complex `rint`, and the identity of `bool` (`floor`, `ceil`, `trunc`, `absolute`).
#[test]
fn new_kernels_compile_with_nvrtc() {
    use kernels_std::array_runtime::cuda::verify;
    use kernels_std::array_runtime::kernel::elementwise::Instance;
    use kernels_std::array_runtime::ops::kernels as ops;
    use kernels_std::math::kernels as k;
    use DTypeId::*;

    if !verify::nvrtc_or_skip("gaps4 kernels").unwrap() {
        return;
    }
    let fixed = [
        (&ops::true_divide_bool::DEF, vec![Bool, Bool], F64),
        (&ops::logical_or::DEF, vec![Bool, Bool], Bool),
        (&ops::logical_and::DEF, vec![Bool, Bool], Bool),
        (&k::rint_c64::DEF, vec![C64], C64),
        (&k::rint_c128::DEF, vec![C128], C128),
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
    let inst = Instance {
        def: &k::identity::DEF,
        type_args: &[Bool],
        params: &[Bool],
        results: &[Bool],
    };
    verify::elementwise(&inst).unwrap_or_else(|e| panic!("{}: {e}", inst.name()));
}
