//! `numeric` against NumPy: the fixtures of `scripts/fixtures/gen_numeric_fixtures.py`
//! (inputs and NumPy's results in `fixtures/numeric/numeric.npz`) for `interp`, `gradient`
//! and `trapezoid`, on the CPU backend and, when there is one, on CUDA device 0.
//!
//! Tolerances: `interp` follows NumPy's formulas in `f64` operation for operation: 2 ulps
//! (a GPU may round a division differently). `gradient` computes in `f64` and rounds once,
//! where NumPy computes `f32`/`f16` inputs in their own dtype: 4 ulps for `f64`, `1e-5`
//! relative for `f32`, `2e-3` for `f16`. `trapezoid` sums pairwise as NumPy, in another
//! grouping: `1e-12` relative (`f64`), `1e-5` (`f32`), `1e-2` (`f16`).

mod common;

use common::{assert_close, devices, fixture, Approx, Tol};
use kernels_std::io::{load_npz, NpyDType, Npz};
use kernels_std::numeric::{
    bartlett, blackman, gradient, hamming, hanning, interp, kaiser, polyadd, polyder, polyint,
    polysub, polyval, trapezoid, vander, Coordinate, GradientInput, Integrand, PolyDer, Spacing,
    VanderInput,
};
use kernels_std::prelude::*;
use kernels_std::s;

fn fixtures(dev: &Device) -> Npz {
    load_npz(fixture("numeric/numeric.npz"), dev).expect("numeric.npz")
}

#[track_caller]
fn check<T: Approx>(got: &Array<T>, want: &Array<T>, tol: Tol, what: &str, dev: &Device) {
    assert!(got.device().same(dev), "{what}: result on {}", got.device());
    assert_eq!(got.shape(), want.shape(), "{what} on {dev}: shape");
    assert_close(got, want, tol, &format!("{what} on {dev}"));
}

fn a<T: NpyDType>(npz: &Npz, key: &str) -> Array<T> {
    npz.array::<T>(key).unwrap_or_else(|e| panic!("{key}: {e}"))
}

#[test]
fn interp_matches_numpy() {
    let tol = Tol::ulps(2);
    for dev in devices() {
        let z = fixtures(&dev);
        let real = |name: &str, left: Option<f64>, right: Option<f64>, period: Option<f64>| {
            let c = format!("interp_{name}");
            let (x, xp, fp) = (
                a::<f64>(&z, &format!("{c}_x")),
                a::<f64>(&z, &format!("{c}_xp")),
                a::<f64>(&z, &format!("{c}_fp")),
            );
            let mut call = interp(&x, &xp, &fp);
            if let Some(v) = left {
                call = call.left(v);
            }
            if let Some(v) = right {
                call = call.right(v);
            }
            if let Some(p) = period {
                call = call.period(p);
            }
            check(
                &call.run().unwrap(),
                &a(&z, &format!("{c}_out")),
                tol,
                &c,
                &dev,
            );
        };
        real("basic", None, None, None);
        real("leftright", Some(-7.0), Some(9.5), None);
        real("nan", None, None, None);
        real("single", Some(-1.0), Some(1.0), None);
        real("dupes", None, None, None);
        real("period", None, None, Some(360.0));
        real("period_neg", None, None, Some(-3.0));
        real("scalar", None, None, None);
        real("empty", None, None, None);
        // period ignores left and right.
        let c = "interp_period";
        let (x, xp, fp) = (
            a::<f64>(&z, "interp_period_x"),
            a::<f64>(&z, "interp_period_xp"),
            a::<f64>(&z, "interp_period_fp"),
        );
        let got = interp(&x, &xp, &fp)
            .left(1e9)
            .right(-1e9)
            .period(360.0)
            .run()
            .unwrap();
        check(&got, &a(&z, "interp_period_out"), tol, c, &dev);

        // Other dtypes: f32 and integers give f64.
        let got = interp(
            &a::<f32>(&z, "interp_f32_x"),
            &a::<f32>(&z, "interp_f32_xp"),
            &a::<f32>(&z, "interp_f32_fp"),
        )
        .run()
        .unwrap();
        check(&got, &a(&z, "interp_f32_out"), tol, "interp_f32", &dev);
        let got = interp(
            &a::<i32>(&z, "interp_ints_x"),
            &a::<i64>(&z, "interp_ints_xp"),
            &a::<i16>(&z, "interp_ints_fp"),
        )
        .run()
        .unwrap();
        check(&got, &a(&z, "interp_ints_out"), tol, "interp_ints", &dev);

        // Complex values give c128.
        let x = a::<f64>(&z, "interp_c128_x");
        let xp = a::<f64>(&z, "interp_c128_xp");
        let got = interp(&x, &xp, &a::<c128>(&z, "interp_c128_fp"))
            .left(c128::new(1.0, -2.0))
            .right(c128::new(0.0, 3.0))
            .run()
            .unwrap();
        check(&got, &a(&z, "interp_c128_out"), tol, "interp_c128", &dev);
        let got = interp(
            &a::<f32>(&z, "interp_c64_x"),
            &a::<f64>(&z, "interp_c64_xp"),
            &a::<c64>(&z, "interp_c64_fp"),
        )
        .run()
        .unwrap();
        check(&got, &a(&z, "interp_c64_out"), tol, "interp_c64", &dev);
        for (name, period) in [("nan_c", None), ("period_c", Some(3.0))] {
            let c = format!("interp_{name}");
            let x = a::<f64>(&z, &format!("{c}_x"));
            let xp = a::<f64>(&z, &format!("{c}_xp"));
            let fp = a::<c128>(&z, &format!("{c}_fp"));
            let mut call = interp(&x, &xp, &fp);
            if let Some(p) = period {
                call = call.period(p);
            }
            check(
                &call.run().unwrap(),
                &a(&z, &format!("{c}_out")),
                tol,
                &c,
                &dev,
            );
        }

        // Views of x.
        let x = a::<f64>(&z, "interp_basic_x");
        let xp = a::<f64>(&z, "interp_basic_xp");
        let fp = a::<f64>(&z, "interp_basic_fp");
        let got = interp(&x.t(), &xp, &fp).run().unwrap();
        check(&got, &a(&z, "interp_view_t_out"), tol, "interp x.T", &dev);
        let got = interp(&x.slice(s![..;2, ..;-3]).unwrap(), &xp, &fp)
            .run()
            .unwrap();
        check(
            &got,
            &a(&z, "interp_view_step_out"),
            tol,
            "interp x[::2, ::-3]",
            &dev,
        );
        // A strided xp.
        let xp2 = kernels_std::shape::stack(&[&xp, &xp], 1).unwrap();
        let got = interp(&x, &xp2.slice(s![.., 1]).unwrap(), &fp)
            .run()
            .unwrap();
        check(
            &got,
            &a(&z, "interp_basic_out"),
            tol,
            "interp strided xp",
            &dev,
        );
    }
}

#[test]
fn interp_errors_where_numpy_raises() {
    let dev = Device::cpu();
    let x = Array::from_vec(&dev, &[2], vec![0.5f64, 1.5]).unwrap();
    let xp = Array::from_vec(&dev, &[3], vec![0.0f64, 1.0, 2.0]).unwrap();
    let fp = Array::from_vec(&dev, &[2], vec![0.0f64, 1.0]).unwrap();
    let err = interp(&x, &xp, &fp).run().unwrap_err().to_string();
    assert!(err.contains("same length"), "{err}");
    let empty = Array::<f64>::zeros(&dev, &[0]).unwrap();
    let err = interp(&x, &empty, &empty).run().unwrap_err().to_string();
    assert!(err.contains("empty"), "{err}");
    let fp3 = Array::from_vec(&dev, &[3], vec![0.0f64, 1.0, 2.0]).unwrap();
    let err = interp(&x, &xp, &fp3)
        .period(0.0)
        .run()
        .unwrap_err()
        .to_string();
    assert!(err.contains("non-zero"), "{err}");
    let xp2 = xp.reshape(&[1, 3]).unwrap();
    assert!(interp(&x, &xp2, &fp3).run().is_err());
    assert!(interp(&x, &xp2, &fp3).period(1.0).run().is_err());
}

/// Every gradient of a case: its arrays `out0`, `out1`, ... against `got`.
#[track_caller]
fn check_gradient<T: GradientInput>(
    z: &Npz,
    case: &str,
    got: Vec<Array<T::Out>>,
    tol: Tol,
    dev: &Device,
) where
    T::Out: NpyDType + Approx,
{
    let c = format!("gradient_{case}");
    let mut k = 0;
    while z.get(&format!("{c}_out{k}")).is_some() {
        let want = a::<T::Out>(z, &format!("{c}_out{k}"));
        check(&got[k], &want, tol, &format!("{c}[{k}]"), dev);
        k += 1;
    }
    assert_eq!(got.len(), k, "{c}: number of gradients");
}

#[test]
fn gradient_matches_numpy() {
    let t64 = Tol::ulps(4).signed_zero();
    for dev in devices() {
        let z = fixtures(&dev);
        let f = a::<f64>(&z, "gradient_f64_f");
        let x0 = a::<f64>(&z, "gradient_x0");
        let x1 = a::<f64>(&z, "gradient_x1");
        let even = a::<f64>(&z, "gradient_even");
        let coords = |x: &Array<f64>| Spacing::Coordinates(x.clone());
        let g = |case: &str, got: Vec<Array<f64>>| check_gradient::<f64>(&z, case, got, t64, &dev);
        g("f64", gradient(&f).run().unwrap());
        g("f64_e2", gradient(&f).edge_order(2).run().unwrap());
        g(
            "f64_dx",
            gradient(&f).spacing(Spacing::Uniform(0.5)).run().unwrap(),
        );
        g(
            "f64_dxs",
            gradient(&f)
                .spacings(vec![Spacing::Uniform(0.5), Spacing::Uniform(2.0)])
                .edge_order(2)
                .run()
                .unwrap(),
        );
        g(
            "f64_coords",
            gradient(&f)
                .spacings(vec![coords(&x0), coords(&x1)])
                .run()
                .unwrap(),
        );
        g(
            "f64_coords_e2",
            gradient(&f)
                .spacings(vec![coords(&x0), coords(&x1)])
                .edge_order(2)
                .run()
                .unwrap(),
        );
        g(
            "f64_even",
            gradient(&f)
                .spacings(vec![Spacing::Uniform(2.0), coords(&even)])
                .run()
                .unwrap(),
        );
        g(
            "f64_axis",
            gradient(&f)
                .spacing(coords(&x1))
                .axis(-1)
                .edge_order(2)
                .run()
                .unwrap(),
        );
        g(
            "f64_axes",
            gradient(&f)
                .spacings(vec![coords(&x1), Spacing::Uniform(3.0)])
                .axes(&[1, 0])
                .run()
                .unwrap(),
        );
        let d3 = a::<f64>(&z, "gradient_d3_f");
        g("d3", gradient(&d3).axis(1).run().unwrap());
        g(
            "two",
            gradient(&a::<f64>(&z, "gradient_two_f")).run().unwrap(),
        );
        g(
            "nan",
            gradient(&a::<f64>(&z, "gradient_nan_f")).run().unwrap(),
        );
        // Views.
        let t = gradient(&f.t()).run().unwrap();
        check(
            &t[0],
            &a(&z, "gradient_view_t_out0"),
            t64,
            "gradient f.T [0]",
            &dev,
        );
        check(
            &t[1],
            &a(&z, "gradient_view_t_out1"),
            t64,
            "gradient f.T [1]",
            &dev,
        );
        let v = gradient(&f.slice(s![..;-1, ..;2]).unwrap()).run().unwrap();
        check(
            &v[0],
            &a(&z, "gradient_view_step_out0"),
            t64,
            "gradient f[::-1, ::2] [0]",
            &dev,
        );

        // Other dtypes.
        let f32_ = a::<f32>(&z, "gradient_f32_f");
        check_gradient::<f32>(
            &z,
            "f32",
            gradient(&f32_).edge_order(2).run().unwrap(),
            Tol::close(1e-5, 1e-6),
            &dev,
        );
        let f16_ = a::<f16>(&z, "gradient_f16_f");
        check_gradient::<f16>(
            &z,
            "f16",
            gradient(&f16_).run().unwrap(),
            Tol::close(2e-3, 2e-3),
            &dev,
        );
        let i8_ = a::<i8>(&z, "gradient_i8_f");
        check_gradient::<i8>(
            &z,
            "i8",
            gradient(&i8_).edge_order(2).run().unwrap(),
            t64,
            &dev,
        );
        let u8_ = a::<u8>(&z, "gradient_u8_f");
        check_gradient::<u8>(&z, "u8", gradient(&u8_).run().unwrap(), t64, &dev);
        let c = a::<c128>(&z, "gradient_c128_f");
        let got = gradient(&c)
            .spacings(vec![coords(&x0), Spacing::Uniform(0.25)])
            .edge_order(2)
            .run()
            .unwrap();
        check_gradient::<c128>(&z, "c128", got, Tol::ulps(4), &dev);
        let c = a::<c64>(&z, "gradient_c64_f");
        check_gradient::<c64>(
            &z,
            "c64",
            gradient(&c).run().unwrap(),
            Tol::close(1e-6, 1e-6),
            &dev,
        );
    }
}

#[test]
fn gradient_errors_where_numpy_raises() {
    let dev = Device::cpu();
    let f = Array::from_vec(&dev, &[2, 3], vec![1.0f64, 2.0, 4.0, 3.0, 5.0, 9.0]).unwrap();
    // Too few samples for the edge order.
    assert!(gradient(&f).edge_order(2).run().is_err());
    assert!(gradient(&f).axis(1).edge_order(2).run().is_ok());
    assert!(gradient(&f).edge_order(3).axis(1).run().is_err());
    assert!(gradient(&f).edge_order(0).run().is_err());
    // Coordinates of the wrong length or rank, and the wrong count of spacings.
    let x = Array::from_vec(&dev, &[2], vec![0.0f64, 1.0]).unwrap();
    assert!(gradient(&f)
        .axis(1)
        .spacing(Spacing::Coordinates(x.clone()))
        .run()
        .is_err());
    assert!(gradient(&f)
        .axis(0)
        .spacing(Spacing::Coordinates(x.clone()))
        .run()
        .is_ok());
    // One array for two axes: NumPy's "invalid number of arguments".
    assert!(gradient(&f)
        .spacing(Spacing::Coordinates(x.clone()))
        .run()
        .is_err());
    let u = Spacing::Uniform(1.0);
    assert!(gradient(&f)
        .spacings(vec![u.clone(), u.clone(), u])
        .run()
        .is_err());
    let x2 = x.reshape(&[1, 2]).unwrap();
    assert!(gradient(&f)
        .axis(0)
        .spacing(Spacing::Coordinates(x2))
        .run()
        .is_err());
    // Axes out of range or repeated.
    assert!(gradient(&f).axis(2).run().is_err());
    assert!(gradient(&f).axes(&[1, -1]).run().is_err());
    // A 0-d array has no axes: no gradients, as NumPy's ().
    let s = Array::scalar(&dev, 5.0f64).unwrap();
    assert!(gradient(&s).run().unwrap().is_empty());
    // An empty axis is too short; an empty other axis gives empty gradients.
    let e = Array::<f32>::zeros(&dev, &[0, 3]).unwrap();
    assert!(gradient(&e).run().is_err());
    let g = gradient(&e).axis(1).run().unwrap();
    assert_eq!(g[0].shape(), &[0, 3]);
}

#[track_caller]
fn check_trapezoid<T: Integrand>(z: &Npz, case: &str, got: Array<T::Out>, tol: Tol, dev: &Device)
where
    T::Out: NpyDType + Approx,
{
    let c = format!("trapezoid_{case}");
    check(&got, &a(z, &format!("{c}_out")), tol, &c, dev);
}

#[test]
fn trapezoid_matches_numpy() {
    let t64 = Tol::close(1e-12, 1e-13);
    for dev in devices() {
        let z = fixtures(&dev);
        let y = a::<f64>(&z, "trapezoid_f64_y");
        let t = |case: &str, got: Array<f64>| check_trapezoid::<f64>(&z, case, got, t64, &dev);
        t("f64", trapezoid(&y).run().unwrap());
        t("f64_axis0", trapezoid(&y).axis(0).run().unwrap());
        t("f64_dx", trapezoid(&y).dx(0.25).run().unwrap());
        let x = a::<f64>(&z, "trapezoid_f64_x_x");
        t("f64_x", trapezoid(&y).x(&x).run().unwrap());
        let x2 = a::<f64>(&z, "trapezoid_f64_x2_x");
        t("f64_x2", trapezoid(&y).x(&x2).run().unwrap());
        let x3 = a::<f64>(&z, "trapezoid_f64_x_axis0_x");
        t("f64_x_axis0", trapezoid(&y).x(&x3).axis(0).run().unwrap());
        let d3 = a::<f64>(&z, "trapezoid_d3_y");
        t("d3", trapezoid(&d3).axis(1).run().unwrap());
        for case in ["one", "empty", "empty_rows", "nan"] {
            let y = a::<f64>(&z, &format!("trapezoid_{case}_y"));
            t(case, trapezoid(&y).run().unwrap());
        }
        let long = a::<f64>(&z, "trapezoid_long_y");
        t("long", trapezoid(&long).dx(0.1).run().unwrap());
        t("view_t", trapezoid(&y.t()).run().unwrap());
        t(
            "view_step",
            trapezoid(&y.slice(s![..;-1, ..;2]).unwrap())
                .axis(0)
                .run()
                .unwrap(),
        );

        let y32 = a::<f32>(&z, "trapezoid_f32_y");
        check_trapezoid::<f32>(
            &z,
            "f32",
            trapezoid(&y32).dx(0.5).run().unwrap(),
            Tol::close(1e-5, 1e-6),
            &dev,
        );
        let y16 = a::<f16>(&z, "trapezoid_f16_y");
        check_trapezoid::<f16>(
            &z,
            "f16",
            trapezoid(&y16).run().unwrap(),
            Tol::close(1e-2, 1e-2),
            &dev,
        );
        let i8_ = a::<i8>(&z, "trapezoid_i8_y");
        check_trapezoid::<i8>(&z, "i8", trapezoid(&i8_).run().unwrap(), Tol::exact(), &dev);
        let u64_ = a::<u64>(&z, "trapezoid_u64_y");
        check_trapezoid::<u64>(
            &z,
            "u64",
            trapezoid(&u64_).axis(0).run().unwrap(),
            Tol::exact(),
            &dev,
        );
        let c = a::<c128>(&z, "trapezoid_c128_y");
        let cx = a::<f64>(&z, "trapezoid_c128_x").astype::<c128>().unwrap();
        check_trapezoid::<c128>(
            &z,
            "c128",
            trapezoid(&c).x(&cx).run().unwrap(),
            Tol::close(1e-12, 1e-13),
            &dev,
        );
        let c = a::<c64>(&z, "trapezoid_c64_y");
        check_trapezoid::<c64>(
            &z,
            "c64",
            trapezoid(&c).dx(2.0).run().unwrap(),
            Tol::close(1e-5, 1e-6),
            &dev,
        );
    }
}

#[test]
fn trapezoid_errors_where_numpy_raises() {
    let dev = Device::cpu();
    let s = Array::scalar(&dev, 1.0f64).unwrap();
    assert!(trapezoid(&s).run().is_err());
    let y = Array::from_vec(&dev, &[2, 3], vec![1.0f64, 2.0, 4.0, 3.0, 5.0, 9.0]).unwrap();
    assert!(trapezoid(&y).axis(2).run().is_err());
    // x of the wrong length does not broadcast (one difference broadcasts, as in NumPy).
    let x = Array::from_vec(&dev, &[4], vec![0.0f64, 1.0, 2.0, 3.0]).unwrap();
    assert!(trapezoid(&y).x(&x).run().is_err());
    let x = Array::from_vec(&dev, &[2], vec![0.0f64, 1.0]).unwrap();
    assert_eq!(
        trapezoid(&y).x(&x).run().unwrap().to_vec().unwrap(),
        vec![4.5, 11.0]
    );
}

#[track_caller]
fn check_polyval<T: Num + NpyDType + Approx>(z: &Npz, case: &str, tol: Tol, dev: &Device) {
    let c = format!("polyval_{case}");
    let p = a::<T>(z, &format!("{c}_p"));
    let x = a::<T>(z, &format!("{c}_x"));
    check(
        &polyval(&p, &x).unwrap(),
        &a(z, &format!("{c}_out")),
        tol,
        &c,
        dev,
    );
}

#[test]
fn polyval_matches_numpy() {
    for dev in devices() {
        let z = fixtures(&dev);
        check_polyval::<f64>(&z, "f64", Tol::ulps(2), &dev);
        check_polyval::<f32>(&z, "f32", Tol::ulps(2), &dev);
        check_polyval::<f16>(&z, "f16", Tol::ulps(1), &dev);
        check_polyval::<i8>(&z, "i8", Tol::exact(), &dev);
        check_polyval::<u64>(&z, "u64", Tol::exact(), &dev);
        check_polyval::<f64>(&z, "inf", Tol::exact(), &dev);
        check_polyval::<f64>(&z, "empty_p", Tol::exact(), &dev);
        check_polyval::<f64>(&z, "scalar_x", Tol::ulps(2), &dev);
        let p = a::<f64>(&z, "polyval_f64_p");
        let x = a::<f64>(&z, "polyval_f64_x");
        let got = polyval(&p, &x.t().slice(s![..;-1]).unwrap()).unwrap();
        check(
            &got,
            &a(&z, "polyval_view_out"),
            Tol::ulps(2),
            "polyval x.T[::-1]",
            &dev,
        );
    }
    let dev = Device::cpu();
    let p2 = Array::<f64>::zeros(&dev, &[2, 2]).unwrap();
    let x = Array::<f64>::zeros(&dev, &[3]).unwrap();
    assert!(polyval(&p2, &x).is_err());
}

#[track_caller]
fn check_vander<T: VanderInput + NpyDType>(z: &Npz, case: &str, dev: &Device)
where
    T::Out: NpyDType + Approx,
{
    let c = format!("vander_{case}");
    let x = a::<T>(z, &format!("{c}_x"));
    let tol = Tol::exact();
    check(
        &vander(&x, None, false).unwrap(),
        &a(z, &format!("{c}_out")),
        tol,
        &c,
        dev,
    );
    let key = format!("{c}_out_n6_inc");
    check(
        &vander(&x, Some(6), true).unwrap(),
        &a(z, &key),
        tol,
        &key,
        dev,
    );
    let key = format!("{c}_out_n0");
    check(
        &vander(&x, Some(0), false).unwrap(),
        &a(z, &key),
        tol,
        &key,
        dev,
    );
}

#[test]
fn vander_matches_numpy() {
    for dev in devices() {
        let z = fixtures(&dev);
        check_vander::<f64>(&z, "f64", &dev);
        check_vander::<f32>(&z, "f32", &dev);
        check_vander::<i8>(&z, "i8", &dev);
        check_vander::<u64>(&z, "u64", &dev);
        check_vander::<bool>(&z, "bool", &dev);
        check_vander::<f64>(&z, "empty", &dev);
    }
    let dev = Device::cpu();
    let x = Array::<f64>::zeros(&dev, &[2, 2]).unwrap();
    assert!(vander(&x, None, false).is_err());
    let s = Array::scalar(&dev, 1.0f64).unwrap();
    assert!(vander(&s, None, false).is_err());
}

#[test]
fn windows_match_numpy() {
    type Window = fn(&Device, i64) -> Result<Array<f64>>;
    let windows: [(&str, Window); 4] = [
        ("bartlett", bartlett),
        ("blackman", blackman),
        ("hamming", hamming),
        ("hanning", hanning),
    ];
    // NumPy's cos and ours may differ by an ulp; Blackman's ends cancel to about 1e-17.
    let tol = Tol {
        atol: 1e-15,
        ..Tol::ulps(4)
    };
    for dev in devices() {
        let z = fixtures(&dev);
        for m in [-2i64, 0, 1, 2, 3, 6, 51] {
            for (name, f) in windows {
                let key = format!("window_{name}_{m}").replace('-', "m");
                check(&f(&dev, m).unwrap(), &a(&z, &key), tol, &key, &dev);
            }
            for beta in [0.0f64, 5.0, 14.0, 100.0] {
                let key = format!("window_kaiser_{m}_{beta}").replace('-', "m");
                check(
                    &kaiser(&dev, m, beta).unwrap(),
                    &a(&z, &key),
                    tol,
                    &key,
                    &dev,
                );
            }
        }
    }
}

#[track_caller]
fn check_polyder_int<T: PolyDer + Coordinate + NpyDType>(z: &Npz, case: &str, dev: &Device)
where
    T::Out: NpyDType + Approx,
{
    let p = a::<T>(z, &format!("polyder_{case}_p"));
    let tol = Tol::ulps(1);
    for m in [1, 2, 5] {
        let key = format!("polyder_{case}_m{m}");
        check(&polyder(&p, m).unwrap(), &a(z, &key), tol, &key, dev);
    }
    if T::ID == DTypeId::U64 {
        return;
    }
    let key = format!("polyint_{case}_m1");
    check(&polyint(&p, 1, &[]).unwrap(), &a(z, &key), tol, &key, dev);
    let key = format!("polyint_{case}_m2_k");
    check(
        &polyint(&p, 2, &[1.5, -2.0]).unwrap(),
        &a(z, &key),
        tol,
        &key,
        dev,
    );
    let key = format!("polyint_{case}_m3_k1");
    check(
        &polyint(&p, 3, &[0.25]).unwrap(),
        &a(z, &key),
        tol,
        &key,
        dev,
    );
}

#[test]
fn polyder_polyint_match_numpy() {
    for dev in devices() {
        let z = fixtures(&dev);
        check_polyder_int::<f64>(&z, "f64", &dev);
        check_polyder_int::<f32>(&z, "f32", &dev);
        check_polyder_int::<i8>(&z, "i8", &dev);
        check_polyder_int::<u64>(&z, "u64", &dev);
        check_polyder_int::<f64>(&z, "one", &dev);
        check_polyder_int::<f64>(&z, "empty", &dev);
    }
    let dev = Device::cpu();
    let p = Array::from_vec(&dev, &[2], vec![1.0f64, 2.0]).unwrap();
    assert!(polyint(&p, 3, &[1.0, 2.0]).is_err());
    assert_eq!(
        polyint(&p, 0, &[]).unwrap().to_vec().unwrap(),
        vec![1.0, 2.0]
    );
    assert_eq!(polyder(&p, 0).unwrap().to_vec().unwrap(), vec![1.0, 2.0]);
    let p2 = Array::<f64>::zeros(&dev, &[1, 2]).unwrap();
    assert!(polyder(&p2, 1).is_err());
    assert!(polyint(&p2, 1, &[]).is_err());
}

#[track_caller]
fn check_polyadd<T: kernels_std::array_runtime::ops::Numeric + NpyDType + Approx>(
    z: &Npz,
    case: &str,
    dev: &Device,
) {
    let c = format!("polyadd_{case}");
    let x = a::<T>(z, &format!("{c}_a"));
    let y = a::<T>(z, &format!("{c}_b"));
    let tol = Tol::exact();
    check(
        &polyadd(&x, &y).unwrap(),
        &a(z, &format!("{c}_sum")),
        tol,
        &c,
        dev,
    );
    check(
        &polysub(&x, &y).unwrap(),
        &a(z, &format!("{c}_diff")),
        tol,
        &c,
        dev,
    );
    check(
        &polysub(&y, &x).unwrap(),
        &a(z, &format!("{c}_rdiff")),
        tol,
        &c,
        dev,
    );
}

#[test]
fn polyadd_polysub_match_numpy() {
    for dev in devices() {
        let z = fixtures(&dev);
        check_polyadd::<f64>(&z, "f64", &dev);
        check_polyadd::<i8>(&z, "i8", &dev);
        check_polyadd::<u8>(&z, "u8", &dev);
        check_polyadd::<c128>(&z, "c128", &dev);
        check_polyadd::<f64>(&z, "scalar", &dev);
    }
    let dev = Device::cpu();
    let p2 = Array::<f64>::zeros(&dev, &[2, 2]).unwrap();
    let p = Array::<f64>::zeros(&dev, &[2]).unwrap();
    assert!(polyadd(&p2, &p).is_err());
    assert!(polysub(&p, &p2).is_err());
}
