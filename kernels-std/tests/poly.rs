//! `numeric`'s polynomial algebra against NumPy: the fixtures of
//! `scripts/fixtures/gen_poly_fixtures.py` (inputs and NumPy's results in
//! `fixtures/poly/poly.npz`) for `polymul`, `polydiv`, `poly`, `roots` and `polyfit`, on the
//! CPU backend and, when there is one, on CUDA device 0.
//!
//! Tolerances: `polymul` convolves directly (4 ulps for floats, integers exact);
//! `polydiv` and `poly` from roots repeat NumPy's operations in `f64` (2 ulps; `f32` roots,
//! which NumPy multiplies in `f32`, `1e-6`); eigenvalues (`poly` of a matrix, `roots`) come
//! from another LAPACK, in another order: matched root by root within `1e-10` relative,
//! coefficients within `1e-12`; `polyfit` solves through another SVD: `1e-10`.

mod common;

use common::{assert_close, devices, fixture, Approx, Tol};
use kernels_std::io::{load_npz, NpyDType, Npz};
use kernels_std::numeric::{poly, polydiv, polyfit, polymul, roots, PolyfitCov};
use kernels_std::prelude::*;

fn fixtures(dev: &Device) -> Npz {
    load_npz(fixture("poly/poly.npz"), dev).expect("poly.npz")
}

fn a<T: NpyDType>(npz: &Npz, key: &str) -> Array<T> {
    npz.array::<T>(key).unwrap_or_else(|e| panic!("{key}: {e}"))
}

#[track_caller]
fn check<T: Approx>(got: &Array<T>, want: &Array<T>, tol: Tol, what: &str, dev: &Device) {
    assert!(got.device().same(dev), "{what}: result on {}", got.device());
    assert_eq!(got.shape(), want.shape(), "{what} on {dev}: shape");
    assert_close(got, want, tol, &format!("{what} on {dev}"));
}

fn check_polymul<T>(z: &Npz, case: &str, tol: Tol, dev: &Device)
where
    T: NpyDType + Approx + kernels_std::fft::ConvDType + num_traits::Zero + PartialEq,
{
    let c = format!("polymul_{case}");
    let got = polymul(&a::<T>(z, &format!("{c}_a")), &a::<T>(z, &format!("{c}_b"))).unwrap();
    check(&got, &a(z, &format!("{c}_out")), tol, &c, dev);
}

#[test]
fn polymul_matches_numpy() {
    for dev in devices() {
        let z = fixtures(&dev);
        for case in ["f64", "lead0", "zeros", "empty"] {
            check_polymul::<f64>(&z, case, Tol::ulps(4), &dev);
        }
        check_polymul::<i64>(&z, "i64", Tol::exact(), &dev);
        check_polymul::<i32>(&z, "i32", Tol::exact(), &dev);
        check_polymul::<f32>(&z, "f32", Tol::ulps(4), &dev);
        check_polymul::<c128>(&z, "c128", Tol::ulps(4), &dev);
        let m = Array::<f64>::zeros(&dev, &[2, 2]).unwrap();
        assert!(polymul(&m, &a::<f64>(&z, "polymul_f64_a")).is_err());
        // A 0-d factor is one coefficient.
        let s = Array::from_vec(&dev, &[], vec![2.0]).unwrap();
        let got = polymul(&s, &a::<f64>(&z, "polymul_lead0_b")).unwrap();
        assert_eq!(got.to_vec().unwrap(), vec![6.0]);
    }
}

#[test]
fn polydiv_matches_numpy() {
    for dev in devices() {
        let z = fixtures(&dev);
        for case in [
            "f64",
            "exact",
            "short",
            "scalar_v",
            "zero_lead",
            "lead_trim",
            "ints",
        ] {
            let c = format!("polydiv_{case}");
            let (q, r) = if case == "ints" {
                polydiv(
                    &a::<i32>(&z, &format!("{c}_u")),
                    &a::<i32>(&z, &format!("{c}_v")),
                )
            } else {
                polydiv(
                    &a::<f64>(&z, &format!("{c}_u")),
                    &a::<f64>(&z, &format!("{c}_v")),
                )
            }
            .unwrap();
            check(
                &q,
                &a(&z, &format!("{c}_q")),
                Tol::ulps(2),
                &format!("{c} q"),
                &dev,
            );
            check(
                &r,
                &a(&z, &format!("{c}_r")),
                Tol::ulps(2),
                &format!("{c} r"),
                &dev,
            );
        }
        let e = Array::<f64>::zeros(&dev, &[0]).unwrap();
        let one = Array::from_vec(&dev, &[1], vec![1.0]).unwrap();
        assert!(polydiv(&e, &one).is_err());
        assert!(polydiv(&one, &e).is_err());
        let m = Array::<f64>::zeros(&dev, &[1, 2]).unwrap();
        assert!(polydiv(&m, &one).is_err());
    }
}

#[test]
fn poly_matches_numpy() {
    for dev in devices() {
        let z = fixtures(&dev);
        let c = |case: &str| (format!("poly_{case}_z"), format!("poly_{case}_out"));
        let (zk, ok) = c("roots");
        check(
            &poly(&a::<f64>(&z, &zk)).unwrap(),
            &a(&z, &ok),
            Tol::ulps(2),
            &zk,
            &dev,
        );
        let (zk, ok) = c("ints");
        check(
            &poly(&a::<i64>(&z, &zk)).unwrap(),
            &a(&z, &ok),
            Tol::exact(),
            &zk,
            &dev,
        );
        let (zk, ok) = c("f32");
        let want = a::<f32>(&z, &ok).astype::<f64>().unwrap();
        let got = poly(&a::<f32>(&z, &zk)).unwrap();
        check(&got, &want, Tol::close(1e-6, 0.0), &zk, &dev);
        for case in ["matrix", "sym", "one", "rot"] {
            let (zk, ok) = c(case);
            let got = poly(&a::<f64>(&z, &zk)).unwrap();
            check(&got, &a(&z, &ok), Tol::close(1e-12, 1e-12), &zk, &dev);
        }
        let empty = poly(&Array::<f64>::zeros(&dev, &[0]).unwrap()).unwrap();
        check(
            &empty,
            &a(&z, "poly_empty_out"),
            Tol::exact(),
            "poly([])",
            &dev,
        );
        for shape in [&[0usize, 0][..], &[2, 3], &[2, 2, 2]] {
            assert!(poly(&Array::<f64>::zeros(&dev, shape).unwrap()).is_err());
        }
    }
}

/// Each of NumPy's roots matched with the nearest unused root computed here.
#[track_caller]
fn check_roots(got: &Array<c128>, want: &Array<c128>, what: &str) {
    assert_eq!(got.shape(), want.shape(), "{what}: shape");
    let mut got = got.to_vec().unwrap();
    for w in want.to_vec().unwrap() {
        let (k, d) = got
            .iter()
            .enumerate()
            .map(|(k, g)| (k, (g - w).norm()))
            .min_by(|x, y| x.1.total_cmp(&y.1))
            .unwrap();
        assert!(
            d <= 1e-10 * (1.0 + w.norm()),
            "{what}: root {w} (nearest {})",
            got[k]
        );
        got.swap_remove(k);
    }
}

#[test]
fn roots_match_numpy() {
    for dev in devices() {
        let z = fixtures(&dev);
        for case in [
            "f64",
            "real",
            "lead_trail",
            "complex",
            "const",
            "one",
            "zeros",
        ] {
            let c = format!("roots_{case}");
            let got = roots(&a::<f64>(&z, &format!("{c}_p"))).unwrap();
            assert!(got.device().same(&dev));
            check_roots(&got, &a(&z, &format!("{c}_out")), &c);
        }
        let got = roots(&a::<i16>(&z, "roots_ints_p")).unwrap();
        check_roots(&got, &a(&z, "roots_ints_out"), "roots_ints");
        // Trailing zeros come last, as NumPy's.
        let got = roots(&a::<f64>(&z, "roots_lead_trail_p"))
            .unwrap()
            .to_vec()
            .unwrap();
        assert_eq!(got[2..], [c128::new(0.0, 0.0); 2]);
        let nan = Array::from_vec(&dev, &[3], vec![1.0, f64::NAN, 2.0]).unwrap();
        assert!(roots(&nan).is_err());
        assert!(roots(&Array::<f64>::zeros(&dev, &[2, 2]).unwrap()).is_err());
    }
}

#[test]
fn polyfit_matches_numpy() {
    let tol = Tol::close(1e-10, 1e-12);
    for dev in devices() {
        let z = fixtures(&dev);
        let (x, y, y2, w) = (
            a::<f64>(&z, "polyfit_x"),
            a::<f64>(&z, "polyfit_y"),
            a::<f64>(&z, "polyfit_y2"),
            a::<f64>(&z, "polyfit_w"),
        );
        for deg in [0, 1, 3] {
            let got = polyfit(&x, &y, deg).run().unwrap();
            check(
                &got,
                &a(&z, &format!("polyfit_deg{deg}")),
                tol,
                "polyfit deg",
                &dev,
            );
        }
        let got = polyfit(&x, &y2, 2).run().unwrap();
        check(&got, &a(&z, "polyfit_y2_deg2"), tol, "polyfit 2-d y", &dev);
        let got = polyfit(&x, &y, 3).weights(&w).run().unwrap();
        check(&got, &a(&z, "polyfit_w_deg3"), tol, "polyfit w", &dev);
        let full = polyfit(&x, &y, 3).run_full().unwrap();
        check(
            &full.coefficients,
            &a(&z, "polyfit_full_c"),
            tol,
            "full c",
            &dev,
        );
        check(
            &full.residuals,
            &a(&z, "polyfit_full_res"),
            Tol::close(1e-8, 0.0),
            "full res",
            &dev,
        );
        check(
            &full.singular_values,
            &a(&z, "polyfit_full_s"),
            tol,
            "full s",
            &dev,
        );
        assert_eq!(
            full.rank as i32,
            a::<i32>(&z, "polyfit_full_rank").to_vec().unwrap()[0]
        );
        assert_eq!(
            full.rcond,
            a::<f64>(&z, "polyfit_full_rcond").to_vec().unwrap()[0]
        );
        let (_, cov) = polyfit(&x, &y, 2).run_cov(PolyfitCov::Scaled).unwrap();
        check(
            &cov,
            &a(&z, "polyfit_cov"),
            Tol::close(1e-8, 1e-14),
            "cov",
            &dev,
        );
        let (_, cov) = polyfit(&x, &y, 2)
            .weights(&w)
            .run_cov(PolyfitCov::Unscaled)
            .unwrap();
        check(
            &cov,
            &a(&z, "polyfit_cov_unscaled"),
            Tol::close(1e-9, 1e-14),
            "cov unscaled",
            &dev,
        );
        let (_, cov) = polyfit(&x, &y2, 1).run_cov(PolyfitCov::Scaled).unwrap();
        check(
            &cov,
            &a(&z, "polyfit_cov_y2"),
            Tol::close(1e-8, 1e-14),
            "cov 2-d y",
            &dev,
        );
        let (xs, ys) = (
            a::<f64>(&z, "polyfit_under_x"),
            a::<f64>(&z, "polyfit_under_y"),
        );
        let got = polyfit(&xs, &ys, 4).run().unwrap();
        check(
            &got,
            &a(&z, "polyfit_under_deg4"),
            tol,
            "polyfit rank deficient",
            &dev,
        );
        assert!(polyfit(&xs, &ys, 4).run_cov(PolyfitCov::Scaled).is_err());
        let got = polyfit(&x, &y, 3).rcond(0.3).run().unwrap();
        check(
            &got,
            &a(&z, "polyfit_rcond_deg3"),
            tol,
            "polyfit rcond",
            &dev,
        );
        let got = polyfit(
            &a::<i32>(&z, "polyfit_ints_x"),
            &a::<i64>(&z, "polyfit_ints_y"),
            2,
        )
        .run()
        .unwrap();
        check(&got, &a(&z, "polyfit_ints_deg2"), tol, "polyfit ints", &dev);
        // NumPy's errors.
        let e = Array::<f64>::zeros(&dev, &[0]).unwrap();
        assert!(polyfit(&e, &e, 1).run().is_err());
        assert!(polyfit(&y2, &y, 1).run().is_err());
        assert!(polyfit(&x, &xs, 1).run().is_err());
        assert!(polyfit(&x, &y, 1).weights(&xs).run().is_err());
        let y3 = Array::<f64>::zeros(&dev, &[12, 1, 1]).unwrap();
        assert!(polyfit(&x, &y3, 1).run().is_err());
    }
}
