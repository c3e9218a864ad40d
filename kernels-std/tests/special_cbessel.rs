//! The Bessel functions of complex argument (`iv`, `ive`, `kv`, `kve`, `jv`, `jve`, `yv`,
//! `yve`, `hankel1`, `hankel1e`, `hankel2`, `hankel2e` of `c128` and `c64`) against SciPy
//! 1.17.1 and mpmath (`scripts/fixtures/gen_special_cbessel_fixtures.py`,
//! `tests/fixtures/special_complex/cbessel.npz`), on every device.
//!
//! Tolerance (`c128`): each part within `RTOL |w|` of mpmath's 30-digit value `w` (the
//! relative error of a complex result); within it of SciPy's too wherever SciPy is itself
//! within it of mpmath (where it is not, SciPy's AMOS is the less accurate: counted, and
//! bounded by `SCIPY_OFF`). Where there is no mpmath value (`|z| > 2e4`, mpmath failing, a
//! part beyond the double range), SciPy's value. Where SciPy overflows (a part infinite or
//! NaN for a finite nonzero argument) and mpmath has no finite value, each part SciPy gives
//! as infinite or NaN must be infinite or NaN here. The special arguments (NaN, infinite,
//! `z = 0`) give SciPy's values exactly (NaN parts NaN).
//! The `c64` results within `4e-6 |w|` of SciPy's `complex64` loop.

mod common;

use common::on_devices;
use common::special_fixtures::archive;
use kernels_std::prelude::*;
use kernels_std::{c128, c64, special};

/// The `c128` bound.
const RTOL: f64 = 1e-13;

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

/// `|got - want| / |want|`.
fn rel(got: c128, want: c128) -> f64 {
    (got - want).norm() / want.norm()
}

fn finite(w: c128) -> bool {
    w.re.is_finite() && w.im.is_finite()
}

type F128 = fn(&Array<f64>, &Array<c128>) -> Result<Array<c128>>;
type F64 = fn(&Array<f32>, &Array<c64>) -> Result<Array<c64>>;

/// One function against the fixtures; returns the worst relative error against mpmath.
fn check(errors: &mut Vec<String>, dev: &Device, name: &str, f: F128, f32: F64) -> f64 {
    let npz = archive("special_complex/cbessel.npz");
    let vs = npz
        .array::<f64>(&format!("{name}.in0"))
        .unwrap()
        .to_vec()
        .unwrap();
    let get = |k: &str| {
        npz.array::<c128>(&format!("{name}.{k}"))
            .unwrap()
            .to_vec()
            .unwrap()
    };
    let zs = get("in1");
    let (want, reference) = (get("out0"), get("ref"));
    let v = Array::from_vec(dev, &[vs.len()], vs.clone()).unwrap();
    let z = Array::from_vec(dev, &[zs.len()], zs.clone()).unwrap();
    let got = f(&v, &z).unwrap().to_vec().unwrap();
    let mut bad = Vec::new();
    let (mut worst, mut checked_ref, mut scipy_off, mut worst_scipy) = (0.0f64, 0, 0, 0.0f64);
    for i in 0..zs.len() {
        let (vi, zi, g, w, r) = (vs[i], zs[i], got[i], want[i], reference[i]);
        let special_arg = !vi.is_finite() || !finite(zi) || zi == c128::new(0.0, 0.0);
        let has_ref = finite(r);
        if special_arg {
            if !close(g, w, 0.0) {
                bad.push(format!(
                    "  {name}({vi}, {zi:e}) = {g:e}, SciPy {w:e} (special)"
                ));
            }
            continue;
        }
        if has_ref {
            checked_ref += 1;
            let e = rel(g, r);
            worst = worst.max(e);
            if !close(g, r, RTOL) {
                bad.push(format!(
                    "  {name}({vi}, {zi:e}) = {g:e}, mpmath {r:e} (rel {e:.1e})"
                ));
            }
            if finite(w) && close(w, r, RTOL) {
                if !close(g, w, 2.0 * RTOL) {
                    bad.push(format!("  {name}({vi}, {zi:e}) = {g:e}, SciPy {w:e}"));
                }
            } else if finite(w) {
                scipy_off += 1;
                worst_scipy = worst_scipy.max(rel(w, r));
            }
        } else if finite(w) {
            // (below 1e-290 absolutely: SciPy flushes `iv(-1, -1e-300 + 3e-306i)` to 0)
            if !close(g, w, RTOL) && (g - w).norm() > 1e-290 {
                bad.push(format!(
                    "  {name}({vi}, {zi:e}) = {g:e}, SciPy {w:e} (no mpmath)"
                ));
            }
        } else {
            // SciPy's overflow: ours too (a part infinite or NaN), the parts SciPy has finite
            // close (SciPy gives NaN parts where ours are infinite or 0, e.g. `iv(-1.5, 1e-300)`)
            let part = |g: f64, w: f64| !w.is_finite() || (g - w).abs() <= RTOL * w.abs();
            if finite(g) || !(part(g.re, w.re) && part(g.im, w.im)) {
                bad.push(format!(
                    "  {name}({vi}, {zi:e}) = {g:e}, SciPy {w:e} (overflow)"
                ));
            }
        }
    }
    eprintln!("{name}: worst {worst:.2e} over {checked_ref} mpmath values; SciPy off mpmath at {scipy_off} (worst {worst_scipy:.1e})");
    assert!(
        checked_ref > 2000,
        "{name}: only {checked_ref} mpmath values"
    );
    let v32 = npz
        .array::<f32>(&format!("{name}.c64.in0"))
        .unwrap()
        .to_device(dev)
        .unwrap();
    let z32 = npz
        .array::<c64>(&format!("{name}.c64.in1"))
        .unwrap()
        .to_device(dev)
        .unwrap();
    let want32 = npz
        .array::<c64>(&format!("{name}.c64.out0"))
        .unwrap()
        .to_vec()
        .unwrap();
    let (vs32, zs32) = (v32.to_vec().unwrap(), z32.to_vec().unwrap());
    let got32 = f32(&v32, &z32).unwrap().to_vec().unwrap();
    for i in 0..zs32.len() {
        let g = c128::new(got32[i].re as f64, got32[i].im as f64);
        let w = c128::new(want32[i].re as f64, want32[i].im as f64);
        let zi = c128::new(zs32[i].re as f64, zs32[i].im as f64);
        let tiny = (g - w).norm() < 1e-37;
        if finite(w) && finite(zi) && !close(g, w, 4e-6) && !tiny {
            bad.push(format!(
                "  {name}({}, {:e}) c64 = {:e}, SciPy {:e}",
                vs32[i], zs32[i], got32[i], want32[i]
            ));
        }
    }
    if !bad.is_empty() {
        let n = bad.len();
        bad.truncate(40);
        errors.push(format!(
            "{name} on {dev}: {n} mismatches\n{}",
            bad.join("\n")
        ));
    }
    worst
}

macro_rules! check_all {
    ($e:ident, $d:ident: $($name:ident),*) => {$(
        check($e, $d, stringify!($name), |v, z| special::$name(v, z), |v, z| special::$name(v, z));
    )*};
}

#[test]
fn modified_bessel_of_complex() {
    on_devices(|e, d| {
        check_all!(e, d: iv, ive, kv, kve);
    });
}

#[test]
fn bessel_and_hankel_of_complex() {
    on_devices(|e, d| {
        check_all!(e, d: jv, jve, yv, yve, hankel1, hankel1e, hankel2, hankel2e);
    });
}

/// Complex arguments with broadcast orders, views, and the real dtypes unchanged: `jv(v, z)`
/// of a `c128` column and an `f64` row; a transposed argument; `f64` arguments give `f64`.
#[test]
fn broadcasting_views_and_dtypes() {
    let cpu = Device::cpu();
    let zs: Vec<c128> = (0..6)
        .map(|k| c128::new(k as f64 - 2.5, 1.0 - 0.4 * k as f64))
        .collect();
    let z = Array::from_vec(&cpu, &[3, 2], zs.clone()).unwrap();
    let v = Array::from_vec(&cpu, &[2], vec![0.5f64, -1.25]).unwrap();
    let got = special::jv(&v, &z).unwrap();
    assert_eq!(got.shape(), &[3, 2]);
    let got = got.to_vec().unwrap();
    for k in 0..6 {
        assert_eq!(
            got[k],
            special::scalar::jv_complex([0.5, -1.25][k % 2], zs[k])
        );
    }
    let t = z.t();
    let tv = t.to_vec().unwrap();
    let got = special::kv(2.0, &t).unwrap().to_vec().unwrap();
    for (g, zz) in got.iter().zip(&tv) {
        assert_eq!(*g, special::scalar::kv_complex(2.0, *zz));
    }
    let x = Array::from_vec(&cpu, &[2], vec![1.0f64, 2.0]).unwrap();
    assert_eq!(special::iv(0.5, &x).unwrap().dtype(), DTypeId::F64);
    let x32 = Array::from_vec(&cpu, &[2], vec![1.0f32, 2.0]).unwrap();
    assert_eq!(special::yv(0.5f32, &x32).unwrap().dtype(), DTypeId::F32);
    let z32 = Array::from_vec(&cpu, &[1], vec![c64::new(1.0, 1.0)]).unwrap();
    assert_eq!(
        special::hankel1e(0.5f32, &z32).unwrap().dtype(),
        DTypeId::C64
    );
    let empty = Array::<c128>::from_vec(&cpu, &[0, 2], vec![]).unwrap();
    assert_eq!(special::yve(1.0, &empty).unwrap().shape(), &[0, 2]);
    let scalar = Array::from_vec(&cpu, &[], vec![c128::new(0.0, 2.0)]).unwrap();
    assert_eq!(
        special::hankel2(1.0, &scalar).unwrap().shape(),
        &[] as &[usize]
    );
}

/// The 24 kernels compiled by NVRTC (skipped without it; set `KERNELS_CUDA_WHEELS`).
#[test]
fn cbessel_kernels_compile_with_nvrtc() {
    use kernels_std::array_runtime::cuda::verify;
    use kernels_std::array_runtime::kernel::elementwise::Instance;
    use kernels_std::special::kernels as k;
    if !verify::nvrtc_or_skip("complex Bessel kernels").unwrap() {
        return;
    }
    let pairs = [
        (&k::iv_c64::DEF, &k::iv_c128::DEF),
        (&k::ive_c64::DEF, &k::ive_c128::DEF),
        (&k::kv_c64::DEF, &k::kv_c128::DEF),
        (&k::kve_c64::DEF, &k::kve_c128::DEF),
        (&k::jv_c64::DEF, &k::jv_c128::DEF),
        (&k::jve_c64::DEF, &k::jve_c128::DEF),
        (&k::yv_c64::DEF, &k::yv_c128::DEF),
        (&k::yve_c64::DEF, &k::yve_c128::DEF),
        (&k::hankel1_c64::DEF, &k::hankel1_c128::DEF),
        (&k::hankel1e_c64::DEF, &k::hankel1e_c128::DEF),
        (&k::hankel2_c64::DEF, &k::hankel2_c128::DEF),
        (&k::hankel2e_c64::DEF, &k::hankel2e_c128::DEF),
    ];
    let mut modules = 0;
    for (c64k, c128k) in pairs {
        for (def, o, t) in [
            (c64k, DTypeId::F32, DTypeId::C64),
            (c128k, DTypeId::F64, DTypeId::C128),
        ] {
            let inst = Instance {
                def,
                type_args: &[],
                params: &[o, t],
                results: &[t],
            };
            modules +=
                verify::elementwise(&inst).unwrap_or_else(|e| panic!("{}: {e}", inst.name()));
        }
    }
    assert!(modules >= 24, "{modules} modules");
    eprintln!("{modules} modules compiled");
}

/// AMOS's limit, as SciPy: NaN beyond `|z| = 0.5/eps`, values below it.
#[test]
fn large_arguments() {
    let cpu = Device::cpu();
    let z = Array::from_vec(&cpu, &[2], vec![c128::new(2e15, 0.0), c128::new(0.0, 3e15)]).unwrap();
    let j = special::jv(0.0, &z).unwrap().to_vec().unwrap();
    // SciPy 1.17.1: jv(0, 2e15) = -1.7083938807504556e-08
    assert!(
        (j[0].re + 1.7083938807504556e-08).abs() < 1e-13 * 1.7e-8,
        "{}",
        j[0]
    );
    assert!(j[1].re.is_nan() && j[1].im.is_nan());
}
