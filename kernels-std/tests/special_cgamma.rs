//! The gamma family of complex arguments (`loggamma`, `gamma`, `rgamma`, `psi`/`digamma`)
//! against SciPy 1.17.1 and mpmath (`scripts/fixtures/gen_special_cgamma_fixtures.py`,
//! `tests/fixtures/special_complex/gamma.npz`), on every device.
//!
//! Tolerance: each part within `1e-13 |w|` of mpmath's 40-digit value (the relative error of
//! a complex result). `gamma` and `rgamma` are `exp(+-loggamma)`: the absolute error of the
//! exponent, about `eps |loggamma(z)|`, is their relative error, so their bound is
//! `1e-13 + 4e-16 |loggamma(z)|` (and `1e-300` absolute, for results in the subnormal range).
//! Against SciPy the same bounds where SciPy itself is within them of mpmath (the points where
//! it is not are counted and printed); where SciPy's result overflows (a part infinite or
//! NaN) and the argument is finite, the same parts must be infinite or NaN here. NaN parts
//! must be NaN, infinite parts equal (SciPy's special values). The `c64` results within 4
//! `f32` epsilons (times the same factor for `gamma`, `rgamma`) of SciPy's `complex64` loop.

mod common;

use common::special_fixtures::{archive, compile_complex_kernels};
use common::{devices, on_devices};
use kernels_std::prelude::*;
use kernels_std::{c128, c64, special};

/// `got` within `rtol |want| + atol` of `want` in each part, NaN parts NaN, infinite parts
/// equal.
fn close(got: c128, want: c128, rtol: f64, atol: f64) -> bool {
    let part = |g: f64, w: f64, scale: f64| {
        if w.is_nan() {
            g.is_nan()
        } else if w.is_infinite() || g.is_infinite() {
            g == w
        } else {
            (g - w).abs() <= rtol * scale + atol || g == w
        }
    };
    let finite = |v: f64| if v.is_finite() { v.abs() } else { 0.0 };
    let scale = finite(want.re).hypot(finite(want.im));
    part(got.re, want.re, scale) && part(got.im, want.im, scale)
}

/// Parts SciPy gives as NaN or infinite are NaN or infinite in `got`, the finite ones close.
fn overflow_agrees(got: c128, want: c128, rtol: f64) -> bool {
    let part = |g: f64, w: f64| {
        if w.is_finite() {
            (g - w).abs() <= rtol * w.abs() + 1e-300 || g == w
        } else {
            !g.is_finite()
        }
    };
    part(got.re, want.re) && part(got.im, want.im)
}

fn finite(z: c128) -> bool {
    z.re.is_finite() && z.im.is_finite()
}

type Fn128 = fn(&Array<c128>) -> Result<Array<c128>>;
type Fn64 = fn(&Array<c64>) -> Result<Array<c64>>;

/// One function: `c128` against mpmath and SciPy, `c64` against SciPy's `complex64` loop.
/// `exp_bound`: the bound grows with `|loggamma(z)|` (`gamma`, `rgamma`).
fn check(errors: &mut Vec<String>, dev: &Device, name: &str, f: Fn128, f32: Fn64, exp_bound: bool) {
    let npz = archive("special_complex/gamma.npz");
    let get = |k: &str| npz.array::<c128>(k).unwrap().to_vec().unwrap();
    let zs = get(&format!("{name}.in0"));
    let want = get(&format!("{name}.out0"));
    let reference = get(&format!("{name}.ref"));
    let lg_ref = get("loggamma.ref");
    let lg_scipy = get("loggamma.out0");
    let rtol_at = |i: usize| {
        if exp_bound {
            let l = if lg_ref[i].re.is_nan() {
                lg_scipy[i]
            } else {
                lg_ref[i]
            };
            let l = if finite(l) { l.norm() } else { 0.0 };
            1e-13 + 4e-16 * l
        } else {
            1e-13
        }
    };
    let atol = if exp_bound { 1e-300 } else { 0.0 };
    let z = Array::from_vec(dev, &[zs.len()], zs.clone()).unwrap();
    let got = f(&z).unwrap().to_vec().unwrap();
    let mut bad = Vec::new();
    let (mut checked_ref, mut scipy_off) = (0, 0);
    let mut worst = (0.0f64, c128::new(0.0, 0.0));
    for i in 0..zs.len() {
        let tol = rtol_at(i);
        let has_ref = !reference[i].re.is_nan();
        if has_ref {
            checked_ref += 1;
            let r = reference[i];
            if finite(r) && finite(got[i]) && r.norm() > 0.0 {
                let e = (got[i] - r).norm() / r.norm() / tol * 1e-13;
                if e > worst.0 {
                    worst = (e, zs[i]);
                }
            }
            if !close(got[i], reference[i], tol, atol) {
                bad.push(format!(
                    "  {name}({:e}) = {:e}, mpmath {:e}",
                    zs[i], got[i], reference[i]
                ));
            }
        }
        if has_ref && !close(want[i], reference[i], tol, atol) {
            scipy_off += 1;
            continue;
        }
        let agree = if want[i].re.is_infinite() && finite(zs[i]) && zs[i].im == 0.0 {
            // on the real axis an exactly real result (SciPy's `exp(-loggamma)` turns the
            // `-k pi` of the imaginary part into an infinite imaginary part where the real
            // one overflows, `rgamma(-1e5 - 0.5)`)
            got[i].im == 0.0 && got[i].re == want[i].re
        } else if !finite(want[i]) && finite(zs[i]) && !has_ref {
            overflow_agrees(got[i], want[i], tol)
        } else {
            close(got[i], want[i], tol, atol)
        };
        if !agree {
            bad.push(format!(
                "  {name}({:e}) = {:e}, SciPy {:e}",
                zs[i], got[i], want[i]
            ));
        }
    }
    assert!(
        checked_ref > 1000,
        "{name}: only {checked_ref} mpmath values"
    );
    eprintln!(
        "{name}: worst error against mpmath {:.2e} of the bound 1e-13 at {:e}; SciPy off \
         mpmath beyond the bound at {scipy_off} points",
        worst.0, worst.1
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
        let lg = special::scalar::loggamma_complex(z);
        let factor = if exp_bound && finite(lg) {
            1.0 + lg.norm()
        } else {
            1.0
        };
        let tol = 4.0 * f32::EPSILON as f64 * factor;
        let tiny = (g - w).norm() < 1e-37;
        let ok = if w.re.is_infinite() && finite(z) && z.im == 0.0 {
            g.im == 0.0 && g.re == w.re
        } else if !finite(w) && finite(z) {
            overflow_agrees(g, w, tol)
        } else {
            close(g, w, tol, 0.0)
        };
        if !ok && !tiny {
            bad.push(format!(
                "  {name}({:e}) c64 = {:e}, SciPy {:e}",
                zs32[i], got32[i], want32[i]
            ));
        }
    }
    if !bad.is_empty() {
        let n = bad.len();
        bad.truncate(30);
        errors.push(format!(
            "{name} on {dev}: {n} mismatches\n{}",
            bad.join("\n")
        ));
    }
}

#[test]
fn loggamma_of_complex() {
    on_devices(|e, d| {
        check(
            e,
            d,
            "loggamma",
            |z| special::loggamma(z),
            |z| special::loggamma(z),
            false,
        );
    });
}

#[test]
fn gamma_of_complex() {
    on_devices(|e, d| {
        check(
            e,
            d,
            "gamma",
            |z| special::gamma(z),
            |z| special::gamma(z),
            true,
        );
    });
}

#[test]
fn rgamma_of_complex() {
    on_devices(|e, d| {
        check(
            e,
            d,
            "rgamma",
            |z| special::rgamma(z),
            |z| special::rgamma(z),
            true,
        );
    });
}

#[test]
fn psi_of_complex() {
    on_devices(|e, d| {
        check(e, d, "psi", |z| special::psi(z), |z| special::psi(z), false);
        check(
            e,
            d,
            "psi",
            |z| special::digamma(z),
            |z| special::digamma(z),
            false,
        );
    });
}

/// The branch cut: the imaginary part of `loggamma` jumps by `2 pi k` across the negative
/// real axis between `-k` and `-k + 1`... and is continuous across the positive axis and
/// everywhere else (checked between neighbours `1e-9` apart along a circle crossing it).
#[test]
fn loggamma_branch() {
    let pi = std::f64::consts::PI;
    for x in [-0.5, -1.25, -2.75, -10.5] {
        let up = special::scalar::loggamma_complex(c128::new(x, 1e-12));
        let down = special::scalar::loggamma_complex(c128::new(x, -1e-12));
        let k = (-x).ceil();
        assert!((up.im + pi * k).abs() < 1e-9, "{x}: {up}");
        assert!((down.im - pi * k).abs() < 1e-9, "{x}: {down}");
        assert!((up.re - down.re).abs() < 1e-9);
    }
    // a circle of radius 3.3 around 0: continuous except at its crossing of the cut
    let n = 20000;
    let mut prev = special::scalar::loggamma_complex(c128::new(3.3, 0.0));
    for j in 1..n {
        let t = std::f64::consts::PI * (j as f64) / (n as f64);
        let z = c128::new(3.3 * t.cos(), 3.3 * t.sin());
        let l = special::scalar::loggamma_complex(z);
        assert!((l - prev).norm() < 0.01, "jump at {z}: {prev} -> {l}");
        prev = l;
    }
}

/// SciPy's result dtypes: real dtypes as before (`f32` stays, integers give `f64`), complex
/// dtypes keep theirs; empty and 0-d arrays.
#[test]
fn result_dtypes() {
    let cpu = Device::cpu();
    let f = Array::from_vec(&cpu, &[2], vec![1.5f32, -0.5]).unwrap();
    let i = Array::from_vec(&cpu, &[2], vec![3i16, 5]).unwrap();
    let z = Array::from_vec(&cpu, &[1], vec![c64::new(1.0, 1.0)]).unwrap();
    for g in [
        special::loggamma(&z),
        special::gamma(&z),
        special::rgamma(&z),
        special::psi(&z),
    ] {
        assert_eq!(g.unwrap().dtype(), DTypeId::C64);
    }
    assert_eq!(special::gamma(&f).unwrap().dtype(), DTypeId::F32);
    assert_eq!(special::digamma(&i).unwrap().dtype(), DTypeId::F64);
    assert_eq!(
        special::gamma(&i).unwrap().to_vec().unwrap(),
        vec![2.0, 24.0]
    );
    let empty = Array::<c128>::from_vec(&cpu, &[0, 3], vec![]).unwrap();
    assert_eq!(special::loggamma(&empty).unwrap().shape(), &[0, 3]);
    let scalar = Array::from_vec(&cpu, &[], vec![c128::new(0.0, 2.0)]).unwrap();
    let g = special::rgamma(&scalar).unwrap();
    assert_eq!(g.shape(), &[] as &[usize]);
    assert_eq!(
        g.to_vec().unwrap()[0],
        special::scalar::rgamma_complex(c128::new(0.0, 2.0))
    );
}

/// Views: a transposed argument gives the function of its elements.
#[test]
fn views() {
    for dev in devices() {
        let vals: Vec<c128> = (0..12)
            .map(|k| c128::new(k as f64 * 0.7 - 4.0, 3.0 - k as f64 * 0.45))
            .collect();
        let a = Array::from_vec(&dev, &[3, 4], vals).unwrap();
        let t = a.t();
        let tv = t.to_vec().unwrap();
        let l = special::loggamma(&t).unwrap().to_vec().unwrap();
        let p = special::digamma(&t).unwrap().to_vec().unwrap();
        for k in 0..tv.len() {
            let want_l = special::scalar::loggamma_complex(tv[k]);
            let want_p = special::scalar::digamma_complex(tv[k]);
            assert!((l[k] - want_l).norm() <= 1e-14 * want_l.norm(), "{}", tv[k]);
            assert!((p[k] - want_p).norm() <= 1e-14 * want_p.norm(), "{}", tv[k]);
        }
    }
}

/// The complex gamma kernels compiled by NVRTC (skipped without it; set
/// `KERNELS_CUDA_WHEELS`).
#[test]
fn complex_gamma_kernels_compile_with_nvrtc() {
    use kernels_std::special::kernels as k;
    if let Some(modules) = compile_complex_kernels(
        "complex gamma kernels",
        &[
            (&k::loggamma_c64::DEF, &k::loggamma_c128::DEF),
            (&k::gamma_c64::DEF, &k::gamma_c128::DEF),
            (&k::rgamma_c64::DEF, &k::rgamma_c128::DEF),
            (&k::digamma_c64::DEF, &k::digamma_c128::DEF),
        ],
    ) {
        eprintln!("{modules} modules compiled");
    }
}
