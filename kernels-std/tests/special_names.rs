//! The scipy.special names of issue 16 added last (`owens_t`, `smirnov`, `smirnovi`,
//! `fresnel`)
//! against SciPy 1.17.1, with mpmath's values where SciPy's are off
//! (`scripts/fixtures/gen_special_names_fixtures.py`, one archive per family in
//! `tests/fixtures/special_names/`), on every device: each result's `float64` values within
//! 1e-13 relative (bounds beyond it said at each check), its `float32` values within 4 ULPs
//! of the reference rounded to `float32`, the result dtypes for `int16`, `int64`, `float16`
//! and `float32` inputs; NaN must be NaN and infinities equal. Strided, 0-d and empty
//! operands, and the device functions called from a user's kernel. (The NVRTC compile of
//! these kernels is `tests/special.rs`'s, which lists every kernel.)

mod common;

use common::special_fixtures::{check, F32, F64};
use common::{fixture, on_devices};
use kernels_std::io::{self, Npz};
use kernels_std::prelude::*;
use kernels_std::special;
use kernels_std::special::scalar as sp;

/// A family's archive.
fn family(name: &str) -> Npz {
    let path = fixture(&format!("special_names/{name}.npz"));
    io::load_npz(&path, &Device::cpu()).unwrap_or_else(|e| panic!("{path:?}: {e}"))
}

#[test]
fn owens_t() {
    let z = family("owens_t");
    on_devices(|e, d| {
        check!(e, z, d, owens_t: special::owens_t, [0, 1], 1, F64, F32);
    });
}

#[test]
fn fresnel() {
    let z = family("fresnel");
    on_devices(|e, d| {
        check!(e, z, d, fresnel: special::fresnel, [0], 2, F64, F32);
    });
}

#[test]
fn smirnov() {
    let z = family("smirnov");
    on_devices(|e, d| {
        check!(e, z, d, smirnov: special::smirnov, [0, 1], 1, F64, F32);
        check!(e, z, d, smirnovi: special::smirnovi, [0, 1], 1, F64, F32);
    });
}

/// A user's kernel calling the device functions.
#[elementwise]
fn owens_and_smirnov(h: f64, a: f64) -> f64 {
    sp::owens_t(h, a) + sp::smirnov(10.0, sp::smirnovi(10.0, a))
}

#[test]
fn views_scalars_and_user_kernels() {
    let dev = Device::cpu();
    // a strided view (every other column of the transpose), a 0-d operand, an empty one
    let m = Array::from_vec(&dev, &[2, 3], vec![0.0f64, 0.5, 1.0, 2.0, 5.0, 10.0]).unwrap();
    let a = Array::from_vec(&dev, &[1], vec![0.5f64]).unwrap();
    let got = special::owens_t(m.t(), &a).unwrap();
    assert_eq!(got.shape(), &[3, 2]);
    let want: Vec<f64> = [0.0, 2.0, 0.5, 5.0, 1.0, 10.0]
        .iter()
        .map(|&h| sp::owens_t(h, 0.5))
        .collect();
    assert_eq!(got.to_vec().unwrap(), want);
    let zero_d = Array::from_vec(&dev, &[], vec![0.3f64]).unwrap();
    let s = special::smirnov(5.0, &zero_d).unwrap();
    assert_eq!(s.shape(), &[] as &[usize]);
    assert!((s.item().unwrap() / 0.34282 - 1.0).abs() < 1e-14);
    let empty = Array::<f64>::zeros(&dev, &[0]).unwrap();
    assert_eq!(special::smirnovi(&empty, &empty).unwrap().shape(), &[0]);
    // the device functions from a user's kernel, on the CPU backend
    let h = Array::from_vec(&dev, &[2], vec![1.0f64, 3.0]).unwrap();
    let p = Array::from_vec(&dev, &[2], vec![0.5f64, 0.25]).unwrap();
    let y = owens_and_smirnov(&h, &p).unwrap().to_vec().unwrap();
    for (k, (hv, pv)) in [(1.0, 0.5), (3.0, 0.25)].into_iter().enumerate() {
        let want = sp::owens_t(hv, pv) + pv;
        assert!((y[k] / want - 1.0).abs() < 1e-14, "{k}: {} vs {want}", y[k]);
    }
}

// --- the third group (`airy`, `airye`, ...): `scripts/fixtures/gen_special_names3_fixtures.py`,
// `tests/fixtures/special_names3/`, with the local amplitude `amp{j}` of each result where
// the function oscillates (bounds relative to `max(|f|, amp)`).

/// An archive of the third group.
fn family3(name: &str) -> Npz {
    let path = fixture(&format!("special_names3/{name}.npz"));
    io::load_npz(&path, &Device::cpu()).unwrap_or_else(|e| panic!("{path:?}: {e}"))
}

/// A float column of an archive, as `f64`.
fn column(z: &Npz, key: &str) -> Vec<f64> {
    if let Ok(a) = z.array::<f64>(key) {
        a.to_vec().unwrap()
    } else {
        let a = z.array::<f32>(key).unwrap_or_else(|e| panic!("{key}: {e}"));
        a.to_vec().unwrap().into_iter().map(f64::from).collect()
    }
}

/// `got` against `want`: within `rtol` of `max(|want|, amp)` plus `ulps` of `|want|` (ULPs
/// of the result type's `eps`); NaN must be NaN, infinities equal, below `tiny` absolutely.
#[allow(clippy::too_many_arguments)]
fn compare_amp(
    errors: &mut Vec<String>,
    label: &str,
    x: &[f64],
    got: &[f64],
    want: &[f64],
    amp: &[f64],
    rtol: f64,
    ulps: f64,
    tiny: f64,
) {
    let mut lines = Vec::new();
    let mut count = 0;
    for i in 0..want.len() {
        let (g, w) = (got[i], want[i]);
        let ok = if w.is_nan() {
            g.is_nan()
        } else if w.is_infinite() {
            g == w
        } else {
            (g - w).abs() <= (rtol * w.abs().max(amp[i]) + ulps * w.abs()).max(tiny)
        };
        if !ok {
            count += 1;
            if lines.len() < 8 {
                lines.push(format!(
                    "    f({:e}) = {g:e}, want {w:e} (rel {:.1e}, amp {:.1e})",
                    x[i],
                    ((g - w) / w).abs(),
                    amp[i]
                ));
            }
        }
    }
    if count > 0 {
        errors.push(format!(
            "{label}: {count} of {}\n{}",
            want.len(),
            lines.join("\n")
        ));
    }
}

/// The four results of a call, on the host as `f64`.
fn four<T: Float>(r: (Array<T>, Array<T>, Array<T>, Array<T>)) -> [Vec<f64>; 4] {
    [r.0, r.1, r.2, r.3].map(|a| {
        let v = a.to_device(&Device::cpu()).unwrap().to_vec().unwrap();
        v.into_iter().map(|x| x.cast::<f64>()).collect()
    })
}

/// `airy` and `airye`: `f64` within 1e-13 of `max(|f|, amp)` (`x < 0`: the modulus
/// `sqrt(Ai^2 + Bi^2)`, of the derivatives `sqrt(Ai'^2 + Bi'^2)`), `f32` within 4 ULPs (plus
/// 1e-13 of the amplitude), the result dtypes.
#[test]
fn airy() {
    let z = family3("airy");
    on_devices(|e, d| {
        for name in ["airy", "airye"] {
            let f64s = |x: &Array<f64>| match name {
                "airy" => special::airy(x),
                _ => special::airye(x),
            };
            let f32s = |x: &Array<f32>| match name {
                "airy" => special::airy(x),
                _ => special::airye(x),
            };
            let x = z.array::<f64>(&format!("{name}.in0")).unwrap();
            let xs = x.to_vec().unwrap();
            let got = four(f64s(&x.to_device(d).unwrap()).unwrap());
            for (j, g) in got.iter().enumerate() {
                let want = column(&z, &format!("{name}.out{j}"));
                let amp = column(&z, &format!("{name}.amp{j}"));
                let label = format!("{name} f64 result {j} on {d}");
                compare_amp(
                    e,
                    &label,
                    &xs,
                    g,
                    &want,
                    &amp,
                    1e-13,
                    4.0 * f64::EPSILON,
                    f64::MIN_POSITIVE,
                );
            }
            let x = z.array::<f32>(&format!("{name}.f32.in0")).unwrap();
            let xs: Vec<f64> = x.to_vec().unwrap().into_iter().map(f64::from).collect();
            let got = four(f32s(&x.to_device(d).unwrap()).unwrap());
            for (j, g) in got.iter().enumerate() {
                let want = column(&z, &format!("{name}.f32.out{j}"));
                let amp = column(&z, &format!("{name}.f32.amp{j}"));
                let label = format!("{name} f32 result {j} on {d}");
                let tiny = f32::MIN_POSITIVE as f64;
                compare_amp(
                    e,
                    &label,
                    &xs,
                    g,
                    &want,
                    &amp,
                    1e-13,
                    4.0 * f32::EPSILON as f64,
                    tiny,
                );
            }
            let codes = z
                .array::<u8>(&format!("{name}.dtypes"))
                .unwrap()
                .to_vec()
                .unwrap();
            let one = |v: f64| Array::from_vec(&Device::cpu(), &[1], vec![v]).unwrap();
            let got = [
                special::airy(one(1.0).astype::<i16>().unwrap())
                    .unwrap()
                    .0
                    .dtype(),
                special::airy(one(1.0).astype::<i64>().unwrap())
                    .unwrap()
                    .0
                    .dtype(),
                special::airy(one(1.0).astype::<f16>().unwrap())
                    .unwrap()
                    .0
                    .dtype(),
                special::airy(one(1.0).astype::<f32>().unwrap())
                    .unwrap()
                    .0
                    .dtype(),
            ];
            let want: Vec<DTypeId> = codes
                .iter()
                .map(|&c| common::special_fixtures::dtype_of(c))
                .collect();
            if want != got {
                e.push(format!("{name}: result dtypes {got:?}, SciPy's {want:?}"));
            }
        }
    });
    // a strided view, a 0-d operand, an empty one, and the device function in a user's kernel
    let dev = Device::cpu();
    let m = Array::from_vec(&dev, &[2, 3], vec![-20.0f64, -2.0, 0.0, 0.5, 3.0, 12.0]).unwrap();
    let got = four(special::airy(m.t()).unwrap());
    for (k, x) in [-20.0, 0.5, -2.0, 3.0, 0.0, 12.0].into_iter().enumerate() {
        let (a, ap, b, bp) = sp::airy(x);
        assert_eq!([got[0][k], got[1][k], got[2][k], got[3][k]], [a, ap, b, bp]);
    }
    let zero_d = Array::from_vec(&dev, &[], vec![1.0f64]).unwrap();
    let (ai, _, _, _) = special::airye(&zero_d).unwrap();
    assert_eq!(ai.shape(), &[] as &[usize]);
    assert!((ai.item().unwrap() / 0.26351364474914013 - 1.0).abs() < 1e-14);
    let empty = Array::<f64>::zeros(&dev, &[0]).unwrap();
    assert_eq!(special::airy(&empty).unwrap().3.shape(), &[0]);
    let x = Array::from_vec(&dev, &[2], vec![-3.5f64, 2.5]).unwrap();
    let y = airy_wronskian(&x).unwrap().to_vec().unwrap();
    for v in y {
        // Ai Bi' - Ai' Bi = 1/pi
        assert!((v * std::f64::consts::PI - 1.0).abs() < 1e-14, "{v}");
    }
}

/// A user's kernel calling `airy`: the Wronskian `Ai Bi' - Ai' Bi`.
#[elementwise]
fn airy_wronskian(x: f64) -> f64 {
    let (a, ap, b, bp): (f64, f64, f64, f64) = sp::airy(x);
    a * bp - ap * b
}

/// `stirling2` (`int64` inputs) against SciPy's `exact=False`, with the exact numbers
/// rounded where SciPy's (Temme's approximation beyond `n = 50`) is off: within 1e-13
/// relative (the recurrence's roundings grow with `n`, up to 1024 rows); `float64` for every
/// integer dtype, float inputs refused as SciPy's `TypeError`.
#[test]
fn stirling2() {
    let z = family3("stirling2");
    on_devices(|e, d| {
        let n = z.array::<i64>("stirling2.in0").unwrap();
        let k = z.array::<i64>("stirling2.in1").unwrap();
        let got = special::stirling2(n.to_device(d).unwrap(), k.to_device(d).unwrap())
            .unwrap()
            .to_device(&Device::cpu())
            .unwrap();
        let want = z.array::<f64>("stirling2.out0").unwrap();
        if let Err(m) = common::check_close(&got, &want, F64, &format!("stirling2 on {d}")) {
            e.push(m);
        }
    });
    let dev = Device::cpu();
    let n = Array::from_vec(&dev, &[2], vec![10u8, 5]).unwrap();
    let k = Array::from_vec(&dev, &[2], vec![3u8, 2]).unwrap();
    assert_eq!(
        special::stirling2(&n, &k).unwrap().to_vec().unwrap(),
        vec![9330.0, 15.0]
    );
    let n32 = n.astype::<i32>().unwrap();
    assert_eq!(
        special::stirling2(n32.t(), 2i32).unwrap().to_vec().unwrap(),
        vec![511.0, 15.0]
    );
    let x = Array::from_vec(&dev, &[1], vec![5.0f64]).unwrap();
    assert!(special::stirling2(&x, &x).is_err());
    let b = n.astype::<bool>().unwrap();
    assert!(special::stirling2(&b, &b).is_err());
}

/// A user's kernel calling `stirling2`: the Bell number `B_n = sum_k S(n, k)`.
#[elementwise]
fn bell(n: f64) -> f64 {
    let mut s = 0.0f64;
    let mut k = 0.0f64;
    while k <= n {
        s += sp::stirling2(n, k);
        k += 1.0;
    }
    s
}

#[test]
fn stirling2_in_a_user_kernel() {
    let n = Array::from_vec(&Device::cpu(), &[3], vec![0.0f64, 5.0, 10.0]).unwrap();
    assert_eq!(
        bell(&n).unwrap().to_vec().unwrap(),
        vec![1.0, 52.0, 115975.0]
    );
}
