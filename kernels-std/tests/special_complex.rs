//! The complex special functions (`wofz`; `erf`, `erfc`, `erfcx`, `erfi`, `dawsn` of complex
//! arguments) against SciPy 1.17.1 and mpmath
//! (`scripts/fixtures/gen_special_complex_fixtures.py`, `tests/fixtures/special_complex/`), on
//! every device.
//!
//! Tolerance: each part within `1e-13 |w|` of SciPy's and of mpmath's 50-digit value (the
//! relative error of a complex result; a part far below `|w|` is not compared to its own
//! size: SciPy's own parts are not accurate to that either, e.g. `Re erf(1e-10 + i)`). Where
//! `e^(-z^2)` enters the result (the error functions everywhere, `wofz` below the real
//! axis), its phase `2xy` is known to the last bit of `2xy` only: there the bound is
//! `1e-13 + 4e-16 |xy|` (SciPy's values are off mpmath's by as much, e.g. at `30.8 + 32.8i`).
//! Where SciPy's result overflows (a part infinite) inside `|z| <= 60`, mpmath's value alone
//! (its parts beyond the double range infinite): SciPy gives `erf(1e-300 + 30i)` as
//! `inf + inf i`, whose real part is 8.3e90.
//! NaN parts must be NaN, infinite parts equal; the `c64` results within 4 `f32` epsilons of
//! `|w|` of SciPy's `complex64` loop.

mod common;

use common::special_fixtures::{archive, compile_complex_kernels};
use common::{devices, on_devices};
use kernels_std::prelude::*;
use kernels_std::{c128, c64, special};

/// `got` within `rtol |want|` of `want` in each part, NaN parts NaN, infinite parts equal.
fn close(got: c128, want: c128, rtol: f64) -> bool {
    let part = |g: f64, w: f64, scale: f64| {
        if w.is_nan() {
            g.is_nan()
        } else if w.is_infinite() || g.is_infinite() {
            g == w
        } else {
            (g - w).abs() <= rtol * scale || g == w
        }
    };
    let finite = |v: f64| if v.is_finite() { v.abs() } else { 0.0 };
    let scale = finite(want.re).hypot(finite(want.im));
    part(got.re, want.re, scale) && part(got.im, want.im, scale)
}

/// The bound at `z`: 1e-13, plus `4e-16 |xy|` where `e^(-z^2)`'s phase enters.
fn bound(z: c128, phase: bool) -> f64 {
    if phase {
        1e-13 + 4e-16 * (z.re * z.im).abs()
    } else {
        1e-13
    }
}

/// One function: its `c128` results against SciPy's and mpmath's, its `c64` results against
/// SciPy's `complex64` loop.
fn check<F, G>(
    errors: &mut Vec<String>,
    dev: &Device,
    name: &str,
    f: F,
    f32: G,
    phase: fn(c128) -> bool,
) where
    F: Fn(&Array<c128>) -> Result<Array<c128>>,
    G: Fn(&Array<c64>) -> Result<Array<c64>>,
{
    let npz = archive("special_complex/faddeeva.npz");
    let get = |k: &str| {
        npz.array::<c128>(&format!("{name}.{k}"))
            .unwrap()
            .to_vec()
            .unwrap()
    };
    let zs = get("in0");
    let (want, reference) = (get("out0"), get("ref"));
    let z = Array::from_vec(dev, &[zs.len()], zs.clone()).unwrap();
    let got = f(&z).unwrap().to_vec().unwrap();
    let mut bad = Vec::new();
    let mut checked_ref = 0;
    for i in 0..zs.len() {
        let tol = bound(zs[i], phase(zs[i]));
        let has_ref = !reference[i].re.is_nan();
        let scipy_finite = want[i].re.is_finite() && want[i].im.is_finite();
        // where SciPy overflows inside |z| <= 60, mpmath's value alone (SciPy's parts are inf
        // where the true ones are not, `erf(1e-300 + 30i)`)
        // Beyond |z| = 60 (no mpmath value) where SciPy's result overflows: `e^(-z^2)` is
        // infinite with a phase its complex products turn into NaN parts (inf * 0, inf - inf)
        // where ours are infinities signed by the phase: every part SciPy gives as NaN or
        // infinite must be NaN or infinite here too, the finite ones close.
        let z_finite = zs[i].re.is_finite() && zs[i].im.is_finite();
        if !scipy_finite && !has_ref && z_finite {
            let part = |g: f64, w: f64| {
                if w.is_finite() {
                    (g - w).abs() <= tol * w.abs() || g == w
                } else {
                    !g.is_finite()
                }
            };
            let agree = part(got[i].re, want[i].re) && part(got[i].im, want[i].im);
            if !agree {
                bad.push(format!(
                    "  {name}({:e}) = {:e}, SciPy {:e} (overflow)",
                    zs[i], got[i], want[i]
                ));
            }
        } else if (scipy_finite || !has_ref) && !close(got[i], want[i], tol) {
            bad.push(format!(
                "  {name}({:e}) = {:e}, SciPy {:e}",
                zs[i], got[i], want[i]
            ));
        }
        if has_ref {
            checked_ref += 1;
            if !close(got[i], reference[i], tol) {
                bad.push(format!(
                    "  {name}({:e}) = {:e}, mpmath {:e}",
                    zs[i], got[i], reference[i]
                ));
            }
        }
    }
    assert!(
        checked_ref > 1000,
        "{name}: only {checked_ref} mpmath values"
    );
    let z32 = npz
        .array::<c64>(&format!("{name}.c64.in0"))
        .unwrap()
        .to_device(dev)
        .unwrap();
    let want32 = npz
        .array::<c64>(&format!("{name}.c64.out0"))
        .unwrap()
        .to_vec()
        .unwrap();
    let zs32 = z32.to_vec().unwrap();
    let got32 = f32(&z32).unwrap().to_vec().unwrap();
    for i in 0..zs32.len() {
        let g = c128::new(got32[i].re as f64, got32[i].im as f64);
        let w = c128::new(want32[i].re as f64, want32[i].im as f64);
        let z = c128::new(zs32[i].re as f64, zs32[i].im as f64);
        // 4 f32 epsilons of |w|, or the phase bound in f32 where it applies
        let tol =
            4.0 * f32::EPSILON as f64 * (1.0 + if phase(z) { (z.re * z.im).abs() } else { 0.0 });
        let tiny = (g - w).norm() < 1e-37;
        // SciPy's complex64 overflow: as for `c128` above, parts it gives as NaN or infinite
        // must be NaN or infinite here, the finite ones close
        let overflow =
            !(w.re.is_finite() && w.im.is_finite()) && z.re.is_finite() && z.im.is_finite();
        let part = |g: f64, w: f64| {
            if w.is_finite() {
                (g - w).abs() <= tol * w.abs() || g == w
            } else {
                !g.is_finite()
            }
        };
        if overflow {
            if !(part(g.re, w.re) && part(g.im, w.im)) {
                bad.push(format!(
                    "  {name}({:e}) c64 = {:e}, SciPy {:e} (overflow)",
                    zs32[i], got32[i], want32[i]
                ));
            }
        } else if !close(g, w, tol) && !tiny {
            bad.push(format!(
                "  {name}({:e}) c64 = {:e}, SciPy {:e}",
                zs32[i], got32[i], want32[i]
            ));
        }
    }
    if !bad.is_empty() {
        let n = bad.len();
        bad.truncate(25);
        errors.push(format!(
            "{name} on {dev}: {n} mismatches\n{}",
            bad.join("\n")
        ));
    }
}

fn always(_: c128) -> bool {
    true
}

fn below_axis(z: c128) -> bool {
    z.im < 0.0
}

#[test]
fn wofz() {
    on_devices(|e, d| {
        check(
            e,
            d,
            "wofz",
            |z| special::wofz(z),
            |z| special::wofz(z),
            below_axis,
        );
    });
}

#[test]
fn error_fns_of_complex() {
    on_devices(|e, d| {
        check(
            e,
            d,
            "erf",
            |z| special::erf(z),
            |z| special::erf(z),
            always,
        );
        check(
            e,
            d,
            "erfc",
            |z| special::erfc(z),
            |z| special::erfc(z),
            always,
        );
        check(
            e,
            d,
            "erfcx",
            |z| special::erfcx(z),
            |z| special::erfcx(z),
            always,
        );
        check(
            e,
            d,
            "erfi",
            |z| special::erfi(z),
            |z| special::erfi(z),
            always,
        );
        check(
            e,
            d,
            "dawsn",
            |z| special::dawsn(z),
            |z| special::dawsn(z),
            always,
        );
    });
}

/// SciPy's result dtypes: real inputs of `wofz` give `complex128` (`float32` too), complex
/// ones keep theirs; the error functions keep the real rules and complex dtypes.
#[test]
fn result_dtypes() {
    let cpu = Device::cpu();
    let f = Array::from_vec(&cpu, &[2], vec![1.0f32, -0.5]).unwrap();
    let i = Array::from_vec(&cpu, &[2], vec![1i16, -2]).unwrap();
    let w = special::wofz(&f).unwrap();
    assert_eq!(w.dtype(), DTypeId::C128);
    let want = c128::new(
        (-1.0f64).exp(),
        std::f64::consts::FRAC_2_SQRT_PI * special::scalar::dawsn(1.0),
    );
    assert!((w.to_vec().unwrap()[0] - want).norm() < 1e-16);
    assert_eq!(special::wofz(&i).unwrap().dtype(), DTypeId::C128);
    let z = Array::from_vec(&cpu, &[1], vec![c64::new(1.0, 1.0)]).unwrap();
    assert_eq!(special::wofz(&z).unwrap().dtype(), DTypeId::C64);
    assert_eq!(special::erf(&z).unwrap().dtype(), DTypeId::C64);
    assert_eq!(special::erf(&f).unwrap().dtype(), DTypeId::F32);
    assert_eq!(special::erf(&i).unwrap().dtype(), DTypeId::F64);
    // empty and 0-d arrays
    let empty = Array::<c128>::from_vec(&cpu, &[0, 3], vec![]).unwrap();
    assert_eq!(special::wofz(&empty).unwrap().shape(), &[0, 3]);
    let scalar = Array::from_vec(&cpu, &[], vec![c128::new(0.0, 2.0)]).unwrap();
    let w = special::erfcx(&scalar).unwrap();
    assert_eq!(w.shape(), &[] as &[usize]);
    // erfcx(2i) = w(-2)
    assert_eq!(
        w.to_vec().unwrap()[0],
        special::scalar::wofz(c128::new(-2.0, 0.0))
    );
}

/// Views: a transposed, strided argument gives the function of its elements.
#[test]
fn views() {
    for dev in devices() {
        let vals: Vec<c128> = (0..12)
            .map(|k| c128::new(k as f64 * 0.7 - 4.0, 3.0 - k as f64 * 0.45))
            .collect();
        let a = Array::from_vec(&dev, &[3, 4], vals.clone()).unwrap();
        let t = a.t();
        let got = special::wofz(&t).unwrap().to_vec().unwrap();
        let tv = t.to_vec().unwrap();
        for (g, z) in got.iter().zip(&tv) {
            assert_eq!(*g, special::scalar::wofz(*z));
        }
    }
}

/// The complex kernels compiled by NVRTC (skipped without it; set `KERNELS_CUDA_WHEELS`).
#[test]
fn complex_kernels_compile_with_nvrtc() {
    use kernels_std::special::kernels as k;
    if let Some(modules) = compile_complex_kernels(
        "complex special kernels",
        &[
            (&k::wofz_c64::DEF, &k::wofz_c128::DEF),
            (&k::erf_c64::DEF, &k::erf_c128::DEF),
            (&k::erfc_c64::DEF, &k::erfc_c128::DEF),
            (&k::erfcx_c64::DEF, &k::erfcx_c128::DEF),
            (&k::erfi_c64::DEF, &k::erfi_c128::DEF),
            (&k::dawsn_c64::DEF, &k::dawsn_c128::DEF),
        ],
    ) {
        eprintln!("{modules} modules compiled");
    }
}

/// `loggamma` of real arguments against SciPy (mpmath's values where SciPy's `gammaln`-based
/// loop is off: near 1 and 2, and `loggamma(5e-324)`, inf in SciPy): 1e-13 relative, NaN
/// below 0; `f32` within 4 ULPs of SciPy's `float32` loop.
#[test]
fn loggamma_real() {
    use common::{check_close, Tol};
    let npz = archive("special_complex/loggamma.npz");
    on_devices(|e, d| {
        let x = npz
            .array::<f64>("loggamma.in0")
            .unwrap()
            .to_device(d)
            .unwrap();
        let want = npz.array::<f64>("loggamma.out0").unwrap();
        let got = special::loggamma(&x)
            .unwrap()
            .to_device(&Device::cpu())
            .unwrap();
        let tol = Tol {
            ulps: 4,
            rtol: 1e-13,
            atol: 0.0,
            signed_zero: false,
        };
        if let Err(m) = check_close(&got, &want, tol, &format!("loggamma f64 on {d}")) {
            e.push(m);
        }
        let x = npz
            .array::<f32>("loggamma.f32.in0")
            .unwrap()
            .to_device(d)
            .unwrap();
        let want = npz.array::<f32>("loggamma.f32.out0").unwrap();
        let got = special::loggamma(&x)
            .unwrap()
            .to_device(&Device::cpu())
            .unwrap();
        let tol = Tol {
            ulps: 4,
            rtol: 0.0,
            atol: f32::MIN_POSITIVE as f64,
            signed_zero: false,
        };
        if let Err(m) = check_close(&got, &want, tol, &format!("loggamma f32 on {d}")) {
            e.push(m);
        }
    });
}
