//! `special`'s orthogonal polynomials (and `binom`) against SciPy 1.17.1's integer-degree loops and mpmath
//! (`scripts/fixtures/gen_special_poly_fixtures.py`, `tests/fixtures/special_poly/`), on
//! every device: each function's `f64` results within 1e-13 relative, or within 1e-13 of
//! the polynomial's local amplitude (the fixture's `amp`: the largest `|p|` within about a
//! root spacing), which is the scale of any recurrence's rounding errors near a root; `f32`
//! results within 4 ULPs of the rounded reference (or 1e-13 of the amplitude); the result
//! dtypes for `int16`, `int64`, `float16` and `float32` degrees and arguments (SciPy's
//! `eval_hermite`, `eval_hermitenorm` have no float loop, ours take integral floats); the
//! integer-degree rules (negative degrees) and the degrees refused.
//! NaN must be NaN and infinities equal. (The NVRTC compile of these kernels is
//! `tests/special.rs`'s, which lists every kernel.)

mod common;

use common::{devices, fixture, on_devices};
use kernels_std::io::{self, Npz};
use kernels_std::prelude::*;

/// `special`, with `comb` split by its `repetition` flag (for `check!`).
mod special {
    pub use kernels_std::special::*;
    use kernels_std::{Array, IntoOperand, Result};

    /// `comb(n, k, repetition=False)`.
    pub fn comb<'a, T: PromoteF32>(
        n: impl IntoOperand<'a, T>,
        k: impl IntoOperand<'a, T>,
    ) -> Result<Array<T::Out>> {
        kernels_std::special::comb(n, k, false)
    }

    /// `comb(n, k, repetition=True)`.
    pub fn comb_repetition<'a, T: PromoteF32>(
        n: impl IntoOperand<'a, T>,
        k: impl IntoOperand<'a, T>,
    ) -> Result<Array<T::Out>> {
        kernels_std::special::comb(n, k, true)
    }
}

/// An archive (`orthogonal`, `combinatorics`).
fn archive(name: &str) -> Npz {
    let path = fixture(&format!("special_poly/{name}.npz"));
    io::load_npz(&path, &Device::cpu()).unwrap_or_else(|e| panic!("{path:?}: {e}"))
}

/// The inputs `name.{prefix}in0, in1, ...` of a function, on `dev`.
fn inputs<T: io::NpyDType>(npz: &Npz, name: &str, prefix: &str, dev: &Device) -> Vec<Array<T>> {
    (0..)
        .map_while(|i| npz.get(&format!("{name}.{prefix}in{i}")))
        .map(|a| a.as_array::<T>().unwrap().to_device(dev).unwrap())
        .collect()
}

/// A one-element array of ones.
fn one<T: DType>() -> Array<T> {
    Array::from_vec(&Device::cpu(), &[1], vec![1i32.cast::<T>()]).unwrap()
}

/// Compares `got` with `want` at relative `rtol` (or `ulps` of the result type `eps`), or
/// 1e-13 of the amplitude; the failures (at most 8) with their inputs.
#[allow(clippy::too_many_arguments)]
fn compare(
    label: &str,
    ins: &[Vec<f64>],
    got: &[f64],
    want: &[f64],
    amp: &[f64],
    rtol: f64,
    eps: f64,
    amp_tol: f64,
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
            let bound = (rtol * w.abs())
                .max(4.0 * eps * w.abs())
                .max(amp_tol * amp[i]);
            (g - w).abs() <= bound.max(f64::MIN_POSITIVE)
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

/// `check!(errors, npz, dev, name, [operand indices] (, rtol, amplitude tolerance))`: one
/// function against its fixtures in `f64` and `f32`, and its result dtypes.
macro_rules! check {
    ($errors:ident, $npz:ident, $dev:ident, $name:ident, [$($i:tt),+]) => {
        check!($errors, $npz, $dev, $name, [$($i),+], 1e-13, 1e-13)
    };
    ($errors:ident, $npz:ident, $dev:ident, $name:ident, [$($i:tt),+], $rtol:expr, $amp:expr) => {{
        let name = stringify!($name);
        let cpu = Device::cpu();
        let amp: Vec<f64> = $npz.array::<f64>(&format!("{name}.amp")).unwrap().to_vec().unwrap();
        let host = |ins: &[Array<f64>]| -> Vec<Vec<f64>> {
            ins.iter().map(|a| a.to_device(&cpu).unwrap().to_vec().unwrap()).collect()
        };
        // f64 (integral float degrees: the values of SciPy's int64 loop)
        let ins = inputs::<f64>(&$npz, name, "", $dev);
        let want: Vec<f64> = $npz.array::<f64>(&format!("{name}.out0")).unwrap().to_vec().unwrap();
        match special::$name($(&ins[$i]),+) {
            Ok(got) => {
                let got: Vec<f64> = got.to_device(&cpu).unwrap().to_vec().unwrap();
                if let Some(e) = compare(&format!("{name} f64 on {}", $dev), &host(&ins), &got, &want, &amp, $rtol, f64::EPSILON, $amp) {
                    $errors.push(e);
                }
            }
            Err(e) => $errors.push(format!("{name} f64 on {}: {e}", $dev)),
        }
        // f32
        let ins32 = inputs::<f32>(&$npz, name, "f32.", $dev);
        let want32: Vec<f64> = $npz.array::<f32>(&format!("{name}.f32.out0")).unwrap().to_vec().unwrap()
            .into_iter().map(f64::from).collect();
        let amp32: Vec<f64> = $npz.array::<f64>(&format!("{name}.f32.amp")).unwrap().to_vec().unwrap();
        match special::$name($(&ins32[$i]),+) {
            Ok(got) => {
                let got: Vec<f64> = got.to_device(&cpu).unwrap().to_vec().unwrap().into_iter().map(f64::from).collect();
                let ins64: Vec<Array<f64>> = ins32.iter().map(|a| a.astype::<f64>().unwrap()).collect();
                if let Some(e) = compare(&format!("{name} f32 on {}", $dev), &host(&ins64), &got, &want32, &amp32, 0.0, f32::EPSILON as f64, $amp) {
                    $errors.push(e);
                }
            }
            Err(e) => $errors.push(format!("{name} f32 on {}: {e}", $dev)),
        }
        let got = [
            Some(special::$name($(check!(@one i16, $i)),+).unwrap().dtype()),
            Some(special::$name($(check!(@one i64, $i)),+).unwrap().dtype()),
            Some(special::$name($(check!(@one f16, $i)),+).unwrap().dtype()),
            Some(special::$name($(check!(@one f32, $i)),+).unwrap().dtype()),
        ];
        let codes = $npz.array::<u8>(&format!("{name}.dtypes")).unwrap().to_vec().unwrap();
        let want: Vec<Option<DTypeId>> = codes.iter().map(|&c| match c {
            b'd' => Some(DTypeId::F64),
            b'f' => Some(DTypeId::F32),
            // SciPy's eval_hermite and eval_hermitenorm have no float loop (a TypeError);
            // here every operand shares one dtype, so float degrees holding integers are
            // taken (DIFFERENCES.md): float16 and float32 give float32.
            0 => Some(DTypeId::F32),
            _ => panic!("unexpected dtype code {c}"),
        }).collect();
        if want != got {
            $errors.push(format!("{name}: result dtypes {got:?}, SciPy's {want:?} (None: an error)"));
        }
    }};
    (@one $t:ty, $i:tt) => { &one::<$t>() };
}

#[test]
fn orthogonal_polynomials() {
    let z = archive("orthogonal");
    on_devices(|e, d| {
        check!(e, z, d, eval_legendre, [0, 1]);
        check!(e, z, d, eval_chebyt, [0, 1]);
        check!(e, z, d, eval_chebyu, [0, 1]);
        check!(e, z, d, eval_chebyc, [0, 1]);
        check!(e, z, d, eval_chebys, [0, 1]);
        check!(e, z, d, eval_sh_legendre, [0, 1]);
        check!(e, z, d, eval_sh_chebyt, [0, 1]);
        check!(e, z, d, eval_sh_chebyu, [0, 1]);
        check!(e, z, d, eval_hermite, [0, 1]);
        check!(e, z, d, eval_hermitenorm, [0, 1]);
        // At degree 1000 the Laguerre recurrence's rounding errors grow to 5e-12 of the
        // amplitude (more where alpha is near -1: 4e-12 of the value at alpha = -0.9, where
        // SciPy's are larger still).
        check!(e, z, d, eval_laguerre, [0, 1], 1e-13, 1e-11);
        check!(e, z, d, eval_genlaguerre, [0, 1, 2], 1e-13, 1e-11);
        check!(e, z, d, eval_gegenbauer, [0, 1, 2]);
        check!(e, z, d, eval_jacobi, [0, 1, 2, 3]);
        check!(e, z, d, eval_sh_jacobi, [0, 1, 2, 3]);
    });
}

/// `binom`, `factorial`, `comb` and `perm` against SciPy, with mpmath's values where SciPy's are off (its asymptotic form
/// for `k` far beyond `|n|`, its beta function at large arguments): 1e-13 relative (the
/// `amp` of these fixtures is 0).
#[test]
fn combinatorics() {
    let z = archive("combinatorics");
    on_devices(|e, d| {
        // Results beyond 1e100 away from integral k come from exp(l), l up to 700: the
        // last bits of l are 1e-13 of them (binom(1e6, 25.5) = 1.3e127: 1.3e-13).
        check!(e, z, d, binom, [0, 1], 2e-13, 0.0);
        // (float64 for every input dtype, as SciPy's factorial)
        check!(e, z, d, factorial, [0]);
        check!(e, z, d, comb, [0, 1], 2e-13, 0.0);
        check!(e, z, d, comb_repetition, [0, 1], 2e-13, 0.0);
        check!(e, z, d, perm, [0, 1]);
    });
}

/// An array of `values` of dtype `T`.
fn arr<T: DType>(values: &[f64]) -> Array<T> {
    let v: Vec<T> = values.iter().map(|&x| x.cast::<T>()).collect();
    Array::from_vec(&Device::cpu(), &[v.len()], v).unwrap()
}

/// Integer degrees take SciPy's `long` loop: negative degrees of Laguerre and Gegenbauer
/// give 0, where a negative float degree (SciPy's hypergeometric loop) is refused; every
/// integer dtype gives the values of the float path.
#[test]
fn integer_degrees() {
    let n = [-3.0, -1.0, 0.0, 2.0, 5.0];
    let x = [2.0, -1.0, 0.0, 3.0, 1.0];
    let lag = special::eval_laguerre(arr::<i32>(&n), arr::<i32>(&x)).unwrap();
    assert_eq!(lag.dtype(), DTypeId::F64);
    let lag = lag.to_vec().unwrap();
    assert_eq!(&lag[..2], &[0.0, 0.0]);
    assert_eq!(
        lag[3],
        special::eval_laguerre(2.0, 3.0).unwrap().item().unwrap()
    );
    assert!(special::eval_laguerre(arr::<f64>(&n), arr::<f64>(&x)).is_err());
    let geg = special::eval_gegenbauer(-2i64, 1i64, 0i64)
        .unwrap()
        .item()
        .unwrap();
    assert_eq!(geg, 0.0);
    assert!(special::eval_gegenbauer(-2.0, 1.0, 0.0).is_err());
    assert!(special::eval_genlaguerre(-1.0f32, 1.0, 0.0).is_err());
    for dev in devices() {
        let ni = arr::<i64>(&n).to_device(&dev).unwrap();
        let xi = arr::<i64>(&x).to_device(&dev).unwrap();
        let nf = arr::<f64>(&n).to_device(&dev).unwrap();
        let xf = arr::<f64>(&x).to_device(&dev).unwrap();
        macro_rules! same {
            ($f:ident) => {{
                let a = special::$f(&ni, &xi)
                    .unwrap()
                    .to_device(&Device::cpu())
                    .unwrap();
                let b = special::$f(&nf, &xf)
                    .unwrap()
                    .to_device(&Device::cpu())
                    .unwrap();
                let (a, b) = (a.to_vec().unwrap(), b.to_vec().unwrap());
                for (p, q) in a.iter().zip(&b) {
                    assert!(
                        p == q || (p.is_nan() && q.is_nan()),
                        "{}: {a:?} vs {b:?}",
                        stringify!($f)
                    );
                }
            }};
        }
        same!(eval_legendre);
        same!(eval_chebyt);
        same!(eval_chebyu);
        same!(eval_sh_chebyu);
        same!(eval_hermite);
        same!(eval_hermitenorm);
    }
    // P_-n-1 = P_n, T_-n = T_n, U_-1 = 0, U_-n-2 = -U_n; H_-n is NaN
    let p = special::eval_legendre(arr::<i64>(&[-3.0, 2.0]), 3i64)
        .unwrap()
        .to_vec()
        .unwrap();
    assert_eq!(p[0], p[1]);
    let u = special::eval_chebyu(arr::<i64>(&[-1.0, -4.0, 2.0]), 3i64)
        .unwrap()
        .to_vec()
        .unwrap();
    assert_eq!(u, vec![0.0, -35.0, 35.0]);
    assert!(special::eval_hermite(-1i64, 0.5f64 as i64)
        .unwrap()
        .item()
        .unwrap()
        .is_nan());
}

/// The degrees refused: not integral (real degrees), negative Jacobi degrees; NaN degrees
/// give NaN.
#[test]
fn refused_degrees() {
    assert!(special::eval_legendre(2.5, 0.5).is_err());
    assert!(special::eval_chebyt(arr::<f32>(&[1.0, 0.5]), 0.5f32).is_err());
    assert!(special::eval_hermite(1.5, 0.5).is_err());
    assert!(special::eval_jacobi(-1.0, 0.5, 0.5, 0.5).is_err());
    assert!(special::eval_jacobi(-1i64, 1i64, 1i64, 0i64).is_err());
    assert!(special::eval_sh_jacobi(-2.0, 2.0, 1.0, 0.5).is_err());
    let v = special::eval_legendre(f64::NAN, 0.5)
        .unwrap()
        .item()
        .unwrap();
    assert!(v.is_nan());
    let v = special::eval_jacobi(f64::NAN, 0.5, 0.5, 0.5)
        .unwrap()
        .item()
        .unwrap();
    assert!(v.is_nan());
}
