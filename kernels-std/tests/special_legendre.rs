//! `special`'s spherical harmonics and Legendre functions (`sph_harm_y`, `sph_legendre_p`,
//! `lpmv` at integer degrees)
//! against SciPy 1.17.1 and mpmath (`scripts/fixtures/gen_special_legendre_fixtures.py`,
//! `tests/fixtures/special_legendre/`), on every device: `f64` results (both parts of the
//! complex ones) within 1e-13 relative (growing with `n + |m|` above 2000, see
//! [`tolerance`]), or within that of the function's local amplitude
//! (the fixture's `amp`: the largest `|value|` within a quarter of a root spacing in `theta`),
//! the scale of the recurrence's and of `cos theta`'s rounding errors near a root; NaN must be
//! NaN. Also: the result dtypes, views and broadcasting, empty and 0-d operands, the degrees,
//! orders and `diff_n` refused, and the NVRTC compile of the kernels.

mod common;

use common::{fixture, on_devices};
use kernels_std::io::{self, Npz};
use kernels_std::prelude::*;
use kernels_std::special;

fn archive() -> Npz {
    let path = fixture("special_legendre/legendre.npz");
    io::load_npz(&path, &Device::cpu()).unwrap_or_else(|e| panic!("{path:?}: {e}"))
}

fn column(npz: &Npz, key: &str) -> Vec<f64> {
    npz.array::<f64>(key).unwrap().to_vec().unwrap()
}

fn on(v: &[f64], dev: &Device) -> Array<f64> {
    Array::from_vec(dev, &[v.len()], v.to_vec()).unwrap()
}

/// The tolerance at degree `n` and order `m`: 1e-13 up to `n + |m| = 2000`, then growing in
/// proportion: `|sin theta|` (rounded once) enters raised to the power `|m|`, and the
/// recurrence takes `n - |m|` steps, so the rounding errors grow with both.
fn tolerance(n: f64, m: f64) -> f64 {
    1e-13 * ((n + m.abs()) / 2000.0).max(1.0)
}

/// The mismatches of `got` against `want` (relative [`tolerance`], or that of the amplitude),
/// at most 8 of them listed with their inputs (`ins[0]`, `ins[1]`: `n`, `m`).
fn compare(label: &str, ins: &[&[f64]], got: &[f64], want: &[f64], amp: &[f64]) -> Option<String> {
    let mut lines = Vec::new();
    let mut count = 0;
    for i in 0..want.len() {
        let (g, w) = (got[i], want[i]);
        let ok = if w.is_nan() {
            g.is_nan()
        } else if w.is_infinite() {
            g == w
        } else {
            let tol = tolerance(ins[0][i], ins[1][i]);
            let bound = (tol * w.abs()).max(tol * amp[i]).max(f64::MIN_POSITIVE);
            (g - w).abs() <= bound
        };
        if !ok {
            count += 1;
            if lines.len() < 8 {
                let args: Vec<String> = ins.iter().map(|c| format!("{:e}", c[i])).collect();
                lines.push(format!(
                    "    f({}) = {g:e}, want {w:e} (rel {:.1e}, amp {:.1e})",
                    args.join(", "),
                    ((g - w) / w).abs(),
                    amp[i]
                ));
            }
        }
    }
    (count > 0).then(|| format!("{label}: {count} of {}\n{}", want.len(), lines.join("\n")))
}

#[test]
fn sph_legendre_p_matches_scipy_and_mpmath() {
    let z = archive();
    let (n, m, t) = (
        column(&z, "sph_legendre_p.in0"),
        column(&z, "sph_legendre_p.in1"),
        column(&z, "sph_legendre_p.in2"),
    );
    let (want, amp) = (
        column(&z, "sph_legendre_p.out0"),
        column(&z, "sph_legendre_p.amp"),
    );
    assert!(want.len() > 2000);
    on_devices(|errors, dev| {
        let got = special::sph_legendre_p(on(&n, dev), on(&m, dev), on(&t, dev), 0)
            .unwrap()
            .to_vec()
            .unwrap();
        let label = format!("sph_legendre_p on {dev}");
        errors.extend(compare(&label, &[&n, &m, &t], &got, &want, &amp));
    });
}

#[test]
fn sph_harm_y_matches_scipy_and_mpmath() {
    let z = archive();
    let ins: Vec<Vec<f64>> = (0..4)
        .map(|i| column(&z, &format!("sph_harm_y.in{i}")))
        .collect();
    let (re, im, amp) = (
        column(&z, "sph_harm_y.re"),
        column(&z, "sph_harm_y.im"),
        column(&z, "sph_harm_y.amp"),
    );
    on_devices(|errors, dev| {
        let a: Vec<Array<f64>> = ins.iter().map(|c| on(c, dev)).collect();
        let got = special::sph_harm_y(&a[0], &a[1], &a[2], &a[3], 0)
            .unwrap()
            .to_vec()
            .unwrap();
        let g_re: Vec<f64> = got.iter().map(|c| c.re).collect();
        let g_im: Vec<f64> = got.iter().map(|c| c.im).collect();
        let cols: Vec<&[f64]> = ins.iter().map(|c| c.as_slice()).collect();
        errors.extend(compare(
            &format!("sph_harm_y re on {dev}"),
            &cols,
            &g_re,
            &re,
            &amp,
        ));
        errors.extend(compare(
            &format!("sph_harm_y im on {dev}"),
            &cols,
            &g_im,
            &im,
            &amp,
        ));
    });
}

#[test]
fn lpmv_matches_scipy_and_mpmath() {
    let z = archive();
    let (m, v, x) = (
        column(&z, "lpmv.in0"),
        column(&z, "lpmv.in1"),
        column(&z, "lpmv.in2"),
    );
    let (want, amp) = (column(&z, "lpmv.out0"), column(&z, "lpmv.amp"));
    assert!(want.len() > 2000);
    on_devices(|errors, dev| {
        let got = special::lpmv(on(&m, dev), on(&v, dev), on(&x, dev))
            .unwrap()
            .to_vec()
            .unwrap();
        // the tolerance's arguments: the degree, then the order
        let label = format!("lpmv on {dev}");
        errors.extend(compare(&label, &[&v, &m, &x], &got, &want, &amp));
    });
}

#[test]
fn lpmv_dtypes_views_and_refusals() {
    // SciPy's 'fff->f' loop comes first: small integers and float16 give float32
    let h = |v: f32| f16::from_f32(v);
    assert_eq!(special::lpmv(1i16, 2, 0).unwrap().dtype(), DTypeId::F32);
    assert_eq!(special::lpmv(1i64, 2, 0).unwrap().dtype(), DTypeId::F64);
    assert_eq!(
        special::lpmv(h(1.0), h(2.0), h(0.5)).unwrap().dtype(),
        DTypeId::F32
    );
    let p: f32 = special::lpmv(1.0f32, 2.0, 0.5).unwrap().item().unwrap();
    assert_eq!(p, -1.299038105676658f64 as f32);
    on_devices(|errors, dev| {
        let x = Array::from_vec(dev, &[2, 2], vec![0.1f64, 0.2, 0.3, 0.4]).unwrap();
        let got = special::lpmv(1.0, 3.0, x.t()).unwrap().to_vec().unwrap();
        for (g, xv) in got.iter().zip([0.1f64, 0.3, 0.2, 0.4]) {
            let w = kernels_std::special::scalar::lpmv(1.0, 3.0, xv);
            if *g != w {
                errors.push(format!("lpmv view on {dev}: {g} want {w}"));
            }
        }
        let empty = Array::<f64>::from_vec(dev, &[0], vec![]).unwrap();
        assert_eq!(special::lpmv(0.0, 1.0, &empty).unwrap().shape(), &[0]);
    });
    let v = Array::from_vec(&Device::cpu(), &[2], vec![2.0f64, 2.5]).unwrap();
    assert!(matches!(
        special::lpmv(0.0, &v, 0.5),
        Err(Error::Invalid { .. })
    ));
    assert!(matches!(
        special::lpmv(0.0, 0.5, 0.5),
        Err(Error::Invalid { .. })
    ));
    // a non-integral order is SciPy's NaN, not an error
    let p: f64 = special::lpmv(1.5, 2.0, 0.5).unwrap().item().unwrap();
    assert!(p.is_nan());
}

#[test]
fn result_dtypes_are_scipys() {
    // SciPy's first loop is 'qqdd->D' ('qqd->d'): every input gives complex128 (float64).
    let y = special::sph_harm_y(2i16, 1, 0, 0, 0).unwrap();
    assert_eq!(y.dtype(), DTypeId::C128);
    let y = special::sph_harm_y(2i64, 1, 0, 0, 0).unwrap();
    assert_eq!(y.dtype(), DTypeId::C128);
    let h = |v: f32| f16::from_f32(v);
    let y = special::sph_harm_y(h(2.0), h(1.0), h(0.5), h(0.0), 0).unwrap();
    assert_eq!(y.dtype(), DTypeId::C128);
    let y = special::sph_harm_y(2.0f32, 1.0, 0.5, 0.0, 0).unwrap();
    assert_eq!(y.dtype(), DTypeId::C128);
    assert_eq!(
        special::sph_legendre_p(2.0f32, 1.0, 0.5, 0)
            .unwrap()
            .dtype(),
        DTypeId::F64
    );
    assert_eq!(
        special::sph_legendre_p(2i32, 1, 0, 0).unwrap().dtype(),
        DTypeId::F64
    );
    // the f32 operands are converted exactly: the f64 value at the f32 angle
    let p: f64 = special::sph_legendre_p(3.0f32, 1.0, 0.7, 0)
        .unwrap()
        .item()
        .unwrap();
    let q: f64 = special::sph_legendre_p(3.0, 1.0, 0.7f32 as f64, 0)
        .unwrap()
        .item()
        .unwrap();
    assert_eq!(p, q);
}

#[test]
fn views_broadcasting_empty_and_scalars() {
    on_devices(|errors, dev| {
        // a transposed theta grid against a column of orders and a strided phi
        let t = Array::from_vec(dev, &[3, 2], vec![0.1f64, 0.2, 0.3, 0.4, 0.5, 0.6]).unwrap();
        let tt = t.t(); // (2, 3), not contiguous
        let m = Array::from_vec(dev, &[2, 1], vec![-2.0f64, 1.0]).unwrap();
        let phi = Array::from_vec(dev, &[6], vec![0.3f64, 9.0, 0.5, 9.0, 0.7, 9.0]).unwrap();
        let phi = phi.slice(s![..;2]).unwrap(); // 0.3, 0.5, 0.7
        let y = special::sph_harm_y(3.0, &m, &tt, &phi, 0).unwrap();
        assert_eq!(y.shape(), &[2, 3]);
        let got = y.to_vec().unwrap();
        let (tv, pv) = ([[0.1, 0.3, 0.5], [0.2, 0.4, 0.6]], [0.3, 0.5, 0.7]);
        for (i, &mm) in [-2.0f64, 1.0].iter().enumerate() {
            for j in 0..3 {
                let p = kernels_std::special::scalar::sph_legendre_p(3.0, mm, tv[i][j]);
                let w = c128::new(p * (mm * pv[j]).cos(), p * (mm * pv[j]).sin());
                if got[i * 3 + j] != w {
                    errors.push(format!(
                        "view [{i}, {j}] on {dev}: {} want {w}",
                        got[i * 3 + j]
                    ));
                }
            }
        }
        let empty = Array::<f64>::from_vec(dev, &[0], vec![]).unwrap();
        let y = special::sph_harm_y(1.0, 0.0, &empty, 0.0, 0).unwrap();
        assert_eq!(y.shape(), &[0]);
        let y = special::sph_legendre_p(&empty, 0.0, 0.5, 0).unwrap();
        assert_eq!(y.shape(), &[0]);
        let zero_d = Array::from_vec(dev, &[], vec![0.5f64]).unwrap();
        let y = special::sph_harm_y(1.0, 0.0, &zero_d, 0.0, 0).unwrap();
        assert_eq!(y.shape(), &[] as &[usize]);
        let v: c128 = y.item().unwrap();
        let w = 0.4886025119029199 * 0.5f64.cos(); // sqrt(3 / (4 pi)) cos theta
        assert!((v.re / w - 1.0).abs() < 1e-15 && v.im == 0.0);
    });
}

#[test]
fn scipys_rules_and_refusals() {
    let y = |n: f64, m: f64, t: f64, p: f64| -> c128 {
        special::sph_harm_y(n, m, t, p, 0).unwrap().item().unwrap()
    };
    // n < 0 and |m| > n: 0 (a NaN phi with n >= 0, |m| > n gives NaN: 0 e^(i m phi))
    assert_eq!(y(-2.0, 1.0, 0.5, f64::NAN), c128::new(0.0, 0.0));
    assert_eq!(y(1.0, 2.0, f64::NAN, 0.3), c128::new(0.0, 0.0));
    assert!(y(1.0, 2.0, 0.3, f64::NAN).re.is_nan());
    // n = 0 is constant, for a NaN theta too; NaN and infinite angles otherwise
    assert_eq!(y(0.0, 0.0, f64::NAN, 0.3).re, 0.28209479177387814);
    assert!(y(1.0, 0.0, f64::INFINITY, 0.3).re.is_nan());
    assert!(y(0.0, 0.0, 0.3, f64::INFINITY).re.is_nan());
    // negative orders: Y_n^-m = (-1)^m conj(Y_n^m)
    let (a, b) = (y(5.0, 3.0, 0.9, 0.4), y(5.0, -3.0, 0.9, 0.4));
    assert!((a.re + b.re).abs() < 1e-16 && (a.im - b.im).abs() < 1e-16);
    // refused: fractional, NaN or infinite degrees and orders, derivatives
    let t = Array::from_vec(&Device::cpu(), &[2], vec![0.5f64, 1.0]).unwrap();
    let frac = Array::from_vec(&Device::cpu(), &[2], vec![2.0f64, 2.5]).unwrap();
    for bad in [
        special::sph_harm_y(&frac, 1.0, &t, 0.0, 0),
        special::sph_harm_y(2.0, &frac, &t, 0.0, 0),
        special::sph_harm_y(f64::NAN, 1.0, &t, 0.0, 0),
        special::sph_harm_y(2.0, f64::INFINITY, &t, 0.0, 0),
        special::sph_harm_y(2.0, 1.0, &t, 0.0, 1),
        special::sph_harm_y(2.0, 1.0, &t, 0.0, 2),
    ] {
        assert!(matches!(bad, Err(Error::Invalid { .. })), "{bad:?}");
    }
    assert!(special::sph_legendre_p(&frac, 1.0, &t, 0).is_err());
    assert!(special::sph_legendre_p(2.0, 1.0, &t, 1).is_err());
}

/// The kernels of this file compiled by NVRTC (`verify::instance`: a CUBIN for sm_90 through
/// one entry point, the whole module to PTX). Skipped without NVRTC (set `KERNELS_CUDA_WHEELS`),
/// failing under `CI`.
#[test]
fn legendre_kernels_compile_with_nvrtc() {
    use array_runtime::cuda::verify;
    use array_runtime::kernel::elementwise::Instance;
    use kernels_std::special::kernels as k;

    if !verify::nvrtc_or_skip("special legendre kernels").unwrap() {
        return;
    }
    let f = DTypeId::F64;
    let s = DTypeId::F32;
    let jobs: [(_, &[DTypeId], Vec<DTypeId>, DTypeId); 5] = [
        (&k::sph_legendre_p::DEF, &[f], vec![f; 3], f),
        (&k::lpmv::DEF, &[f], vec![f; 3], f),
        (&k::lpmv::DEF, &[s], vec![s; 3], s),
        (&k::sph_harm_y::DEF, &[], vec![f; 4], DTypeId::C128),
        (&k::not_finite_integer::DEF, &[f], vec![f], DTypeId::Bool),
    ];
    for (def, types, params, result) in jobs {
        let results = [result];
        let inst = Instance {
            def,
            type_args: types,
            params: &params,
            results: &results,
        };
        if let Err(e) = verify::instance(&inst) {
            panic!("{}: {e}", inst.name());
        }
    }
}
