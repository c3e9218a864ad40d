//! `special`'s spherical Bessel functions and Bessel functions of real order against SciPy
//! 1.17.1 and mpmath
//! (`scripts/fixtures/gen_special_bessel_real_fixtures.py`,
//! `tests/fixtures/special_bessel_real/`), on every device: `f64` results within 1e-13
//! relative, or within the stated bound of the local amplitude (the fixture's `amp`: the
//! modulus `sqrt(j^2 + y^2)` where the function oscillates, the scale of a recurrence's
//! rounding errors near a zero); `f32` results equal to the `f64` results rounded once
//! (SciPy's float32 loops of these overflow early: AMOS gives NaN at `x = 1e10` there); the
//! result dtypes for `int16`, `int64`, `float16` and `float32` inputs; every kernel compiled
//! by NVRTC. NaN must be NaN and infinities equal.

mod common;

use common::{fixture, on_devices};
use kernels_std::io::{self, Npz};
use kernels_std::prelude::*;
use kernels_std::special;

/// An archive of `tests/fixtures/special_bessel_real/`, loaded once per test (on the CPU).
fn archive(name: &str) -> Npz {
    let path = fixture(&format!("special_bessel_real/{name}.npz"));
    io::load_npz(&path, &Device::cpu()).unwrap_or_else(|e| panic!("{path:?}: {e}"))
}

/// The columns `name.{prefix}in0, in1, ...` of a function, as arrays of `T` on `dev`.
fn inputs<T: io::NpyDType>(npz: &Npz, name: &str, prefix: &str, dev: &Device) -> Vec<Array<T>> {
    (0..)
        .map_while(|i| npz.get(&format!("{name}.{prefix}in{i}")))
        .map(|a| a.as_array::<T>().unwrap().to_device(dev).unwrap())
        .collect()
}

/// A float column of the archive on the host.
fn column<T: io::NpyDType>(npz: &Npz, key: &str) -> Vec<T> {
    npz.array::<T>(key)
        .unwrap_or_else(|e| panic!("{key}: {e}"))
        .to_vec()
        .unwrap()
}

/// Compares `got` with `want`: within `rtol` of `max(|want|, amp)`, or 4 ULPs (`eps` of the
/// result type), results below the smallest normal number absolutely; the failures (at most
/// 8) with their inputs.
#[allow(clippy::too_many_arguments)]
fn compare(
    label: &str,
    ins: &[Vec<f64>],
    got: &[f64],
    want: &[f64],
    amp: &[f64],
    rtol: f64,
    eps: f64,
    tiny: f64,
) -> Option<String> {
    let mut lines = Vec::new();
    let mut count = 0;
    for i in 0..want.len() {
        let (g, w) = (got[i], want[i]);
        let ok = if w.is_nan() {
            g.is_nan()
        } else if w.is_infinite() {
            g == w
        } else {
            let bound = (rtol * w.abs().max(amp[i])).max(4.0 * eps * w.abs());
            (g - w).abs() <= bound.max(tiny)
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

/// The host values of arrays.
fn host<T: Float>(arrays: &[Array<T>]) -> Vec<Vec<f64>> {
    arrays
        .iter()
        .map(|a| {
            let v = a.to_device(&Device::cpu()).unwrap().to_vec().unwrap();
            v.into_iter().map(|x| x.cast::<f64>()).collect()
        })
        .collect()
}

/// The dtype of SciPy's character code.
fn dtype_of(code: u8) -> DTypeId {
    match code {
        b'd' => DTypeId::F64,
        b'f' => DTypeId::F32,
        _ => panic!("unexpected dtype code {}", code as char),
    }
}

/// A one-element array of ones.
fn one<T: DType>() -> Array<T> {
    Array::from_vec(&Device::cpu(), &[1], vec![1i32.cast::<T>()]).unwrap()
}

/// Computes a function's results from its inputs.
type Run<T> = dyn Fn(&[Array<T>]) -> Result<Vec<Array<T>>>;

/// One function of the fixtures: its `f64` results against `out0` at `rtol` (of
/// `max(|f|, amp)`), its `f32` results (the inputs rounded to `f32`) equal to its `f64`
/// results at those inputs rounded once, its result dtypes against SciPy's.
#[allow(clippy::too_many_arguments)]
fn check_one(
    errors: &mut Vec<String>,
    npz: &Npz,
    dev: &Device,
    name: &str,
    rtol: f64,
    run64: &Run<f64>,
    run32: &Run<f32>,
    dtypes: [DTypeId; 4],
) {
    let ins = inputs::<f64>(npz, name, "", dev);
    assert!(!ins.is_empty(), "no inputs for {name}");
    let cols = host(&ins);
    let amp: Vec<f64> = npz
        .get(&format!("{name}.amp"))
        .map(|_| column(npz, &format!("{name}.amp")))
        .unwrap_or_else(|| vec![0.0; cols[0].len()]);
    match run64(&ins) {
        Ok(outs) => {
            for (j, got) in host(&outs).iter().enumerate() {
                let want: Vec<f64> = column(npz, &format!("{name}.out{j}"));
                let label = format!("{name} f64 out{j} on {dev}");
                errors.extend(compare(
                    &label,
                    &cols,
                    got,
                    &want,
                    &amp,
                    rtol,
                    f64::EPSILON,
                    f64::MIN_POSITIVE,
                ));
            }
        }
        Err(e) => errors.push(format!("{name} f64 on {dev}: {e}")),
    }
    // f32: the inputs rounded to f32; the results must be the f64 results at those inputs
    // rounded once (SciPy's own float32 loops of these overflow early, AMOS at 1e10 say).
    let ins32: Vec<Array<f32>> = ins.iter().map(|a| a.astype::<f32>().unwrap()).collect();
    let back: Vec<Array<f64>> = ins32.iter().map(|a| a.astype::<f64>().unwrap()).collect();
    match (run32(&ins32), run64(&back)) {
        (Ok(got), Ok(want)) => {
            for (j, (g, w)) in host(&got).iter().zip(host(&want)).enumerate() {
                let w32: Vec<f64> = w.iter().map(|&v| v as f32 as f64).collect();
                let zero = vec![0.0; w32.len()];
                let label = format!("{name} f32 out{j} on {dev}");
                errors.extend(compare(
                    &label,
                    &host(&ins32),
                    g,
                    &w32,
                    &zero,
                    0.0,
                    0.0,
                    0.0,
                ));
            }
        }
        (Err(e), _) | (_, Err(e)) => errors.push(format!("{name} f32 on {dev}: {e}")),
    }
    let want: Vec<DTypeId> = column::<u8>(npz, &format!("{name}.dtypes"))
        .into_iter()
        .map(dtype_of)
        .collect();
    if want != dtypes {
        errors.push(format!(
            "{name}: result dtypes {dtypes:?}, SciPy's {want:?}"
        ));
    }
}

/// `spherical!(errors, npz, dev, name, function, derivative, rtol)`: one spherical Bessel
/// function (the `f32` run only where SciPy keeps `float32`, `spherical_kn`).
macro_rules! spherical {
    ($e:ident, $npz:ident, $dev:ident, $name:literal, $f:path, $d:expr, $rtol:expr) => {
        check_one(
            $e,
            &$npz,
            $dev,
            $name,
            $rtol,
            &|x| Ok(vec![$f(&x[0], &x[1], $d)?]),
            &|x| {
                let (n, z) = (x[0].astype::<f64>()?, x[1].astype::<f64>()?);
                let r = $f(&n, &z, $d)?;
                Ok(vec![r.astype::<f32>()?])
            },
            [
                $f(&one::<i16>(), &one::<i16>(), $d).unwrap().dtype(),
                $f(&one::<i64>(), &one::<i64>(), $d).unwrap().dtype(),
                $f(&one::<f16>(), &one::<f16>(), $d).unwrap().dtype(),
                $f(&one::<f32>(), &one::<f32>(), $d).unwrap().dtype(),
            ],
        )
    };
}

#[test]
fn spherical_bessel() {
    let npz = archive("spherical");
    on_devices(|e, d| {
        // Where x > n, j_n and y_n (and their derivatives) come from a forward recurrence
        // whose rounding adds about n ULPs of the modulus: 1e-13 of max(|f|, modulus) up
        // to n = 1000 (the fixture's largest order).
        spherical!(
            e,
            npz,
            d,
            "spherical_jn",
            special::spherical_jn,
            false,
            1e-13
        );
        spherical!(
            e,
            npz,
            d,
            "spherical_jn_d",
            special::spherical_jn,
            true,
            1e-13
        );
        spherical!(
            e,
            npz,
            d,
            "spherical_yn",
            special::spherical_yn,
            false,
            1e-13
        );
        spherical!(
            e,
            npz,
            d,
            "spherical_yn_d",
            special::spherical_yn,
            true,
            1e-13
        );
        spherical!(
            e,
            npz,
            d,
            "spherical_in",
            special::spherical_in,
            false,
            1e-13
        );
        spherical!(
            e,
            npz,
            d,
            "spherical_in_d",
            special::spherical_in,
            true,
            1e-13
        );
        spherical!(
            e,
            npz,
            d,
            "spherical_kn",
            special::spherical_kn,
            false,
            1e-13
        );
        spherical!(
            e,
            npz,
            d,
            "spherical_kn_d",
            special::spherical_kn,
            true,
            1e-13
        );
    });
}

/// `check!(errors, npz, dev, name, function, rtol)`: a function of two operands.
macro_rules! check {
    ($e:ident, $npz:ident, $dev:ident, $name:literal, $f:path, $rtol:expr) => {
        check_one(
            $e,
            &$npz,
            $dev,
            $name,
            $rtol,
            &|x| Ok(vec![$f(&x[0], &x[1])?]),
            &|x| Ok(vec![$f(&x[0], &x[1])?]),
            [
                $f(&one::<i16>(), &one::<i16>()).unwrap().dtype(),
                $f(&one::<i64>(), &one::<i64>()).unwrap().dtype(),
                $f(&one::<f16>(), &one::<f16>()).unwrap().dtype(),
                $f(&one::<f32>(), &one::<f32>()).unwrap().dtype(),
            ],
        )
    };
}

#[test]
fn modified_bessel_real_order() {
    let npz = archive("real_order");
    on_devices(|e, d| {
        // I_-v = I_v + (2/pi) sin(v pi) K_v near its zeros: 1e-13 of the larger term (amp).
        check!(e, npz, d, "iv", special::iv, 1e-13);
        check!(e, npz, d, "ive", special::ive, 1e-13);
        check!(e, npz, d, "kv", special::kv, 1e-13);
        check!(e, npz, d, "kve", special::kve, 1e-13);
    });
}

#[test]
fn bessel_real_order() {
    let npz = archive("jy");
    on_devices(|e, d| {
        // 4e-13 of max(|f|, |J + iY|) (the fixture's amp): CF1 runs about x steps where
        // x < v^2 (up to 2.8e-13 at v = 250.3, x = 1e4); 1e-13 elsewhere.
        check!(e, npz, d, "jv", special::jv, 4e-13);
        check!(e, npz, d, "jve", special::jve, 4e-13);
        check!(e, npz, d, "yv", special::yv, 4e-13);
        check!(e, npz, d, "yve", special::yve, 4e-13);
    });
}

/// A strided view, a 0-d operand broadcast against a column, and an empty operand.
#[test]
fn spherical_bessel_shapes() {
    let cpu = Device::cpu();
    let x = Array::from_vec(&cpu, &[6], vec![0.5f64, -1.0, 1.5, -1.0, 2.5, -1.0]).unwrap();
    let view = x.slice(s![..;2]).unwrap(); // 0.5, 1.5, 2.5
    let got = special::spherical_jn(1.0, &view, false)
        .unwrap()
        .to_vec()
        .unwrap();
    for (g, v) in got.iter().zip([0.5f64, 1.5, 2.5]) {
        let want = (v.sin() / v - v.cos()) / v;
        assert!((g - want).abs() <= 1e-15 * want.abs(), "{g} {want}");
    }
    let n = Array::from_vec(&cpu, &[3, 1], vec![0.0f64, 1.0, 2.0]).unwrap();
    let z = Array::from_vec(&cpu, &[], vec![1.5f64]).unwrap();
    let r = special::spherical_in(&n, &z, false).unwrap();
    assert_eq!(r.shape(), &[3, 1]);
    let empty = Array::<f64>::from_vec(&cpu, &[0], vec![]).unwrap();
    assert_eq!(
        special::spherical_kn(2.0, &empty, true).unwrap().shape(),
        &[0]
    );
}

/// Every kernel of this file compiled by NVRTC for each dtype its array function runs (`f64`;
/// `f32` too for `spherical_kn`), by `verify::instance`: a CUBIN for sm_90 through one entry
/// point, the whole module to PTX. Skipped without NVRTC (set `KERNELS_CUDA_WHEELS`), failing
/// under `CI`.
#[test]
fn every_real_order_bessel_kernel_compiles_with_nvrtc() {
    use array_runtime::cuda::verify;
    use array_runtime::kernel::elementwise::Instance;
    use kernels_std::special::kernels as k;
    use rayon::prelude::*;

    if !verify::nvrtc_or_skip("special real-order bessel kernels").unwrap() {
        return;
    }
    let jobs = [
        (&k::spherical_jn::DEF, DTypeId::F64),
        (&k::spherical_jn_d::DEF, DTypeId::F64),
        (&k::spherical_yn::DEF, DTypeId::F64),
        (&k::spherical_yn_d::DEF, DTypeId::F64),
        (&k::spherical_in::DEF, DTypeId::F64),
        (&k::spherical_in_d::DEF, DTypeId::F64),
        (&k::spherical_kn::DEF, DTypeId::F64),
        (&k::spherical_kn::DEF, DTypeId::F32),
        (&k::spherical_kn_d::DEF, DTypeId::F64),
        (&k::spherical_kn_d::DEF, DTypeId::F32),
        (&k::iv::DEF, DTypeId::F64),
        (&k::iv::DEF, DTypeId::F32),
        (&k::ive::DEF, DTypeId::F64),
        (&k::ive::DEF, DTypeId::F32),
        (&k::kv::DEF, DTypeId::F64),
        (&k::kv::DEF, DTypeId::F32),
        (&k::kve::DEF, DTypeId::F64),
        (&k::kve::DEF, DTypeId::F32),
        (&k::jv::DEF, DTypeId::F64),
        (&k::jv::DEF, DTypeId::F32),
        (&k::jve::DEF, DTypeId::F64),
        (&k::jve::DEF, DTypeId::F32),
        (&k::yv::DEF, DTypeId::F64),
        (&k::yv::DEF, DTypeId::F32),
        (&k::yve::DEF, DTypeId::F64),
        (&k::yve::DEF, DTypeId::F32),
    ];
    let failures: Vec<String> = jobs
        .par_iter()
        .filter_map(|&(def, t)| {
            let types = [t];
            let params = vec![t; def.param_names.len()];
            let results = [t];
            let inst = Instance {
                def,
                type_args: &types,
                params: &params,
                results: &results,
            };
            verify::instance(&inst)
                .err()
                .map(|e| format!("{}: {e}", inst.name()))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
