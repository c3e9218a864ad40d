//! The Bessel functions of `special` against SciPy 1.17.1
//! (`scripts/fixtures/gen_special_bessel_fixtures.py`, `tests/fixtures/special_bessel/`), on
//! every device: `float64` results within 1e-13 relative (the exceptions say why; where SciPy
//! is less accurate than 1e-14 the fixture holds mpmath's value), `float32` results within a
//! few ULPs of SciPy's float32 loop, and the result dtypes for `int16`, `int64`, `float16`
//! and `float32` inputs. NaN must be NaN and infinities equal.

mod common;

use std::sync::OnceLock;

use common::{check_close, fixture, on_devices, Tol};
use kernels_std::io::{self, Npz};
use kernels_std::prelude::*;
use kernels_std::special;

/// The fixtures, loaded once (on the CPU).
fn family(name: &str) -> &'static Npz {
    static CACHE: OnceLock<Npz> = OnceLock::new();
    assert_eq!(name, "bessel");
    CACHE.get_or_init(|| {
        let path = fixture("special_bessel/bessel.npz");
        io::load_npz(&path, &Device::cpu()).unwrap_or_else(|e| panic!("{path:?}: {e}"))
    })
}

/// The default `f64` tolerance: 1e-13 relative (or 4 ULPs); results below the smallest
/// normal number compared absolutely at that scale.
const F64: Tol = Tol {
    ulps: 4,
    rtol: 1e-13,
    atol: f64::MIN_POSITIVE,
    signed_zero: false,
};

/// The default `f32` tolerance: 4 ULPs of SciPy's float32 result, subnormals absolutely.
const F32: Tol = Tol {
    ulps: 4,
    rtol: 0.0,
    atol: f32::MIN_POSITIVE as f64,
    signed_zero: false,
};

/// `tol` with an absolute slack of `atol`.
const fn abs(tol: Tol, atol: f64) -> Tol {
    Tol { atol, ..tol }
}

/// The dtype of SciPy's character code.
fn dtype_of(code: u8) -> DTypeId {
    match code {
        b'd' => DTypeId::F64,
        b'f' => DTypeId::F32,
        b'e' => DTypeId::F16,
        _ => panic!("unexpected dtype code {}", code as char),
    }
}

/// Computes a function's results from its inputs.
type Run<T> = dyn Fn(&[Array<T>]) -> Result<Vec<Array<T>>>;

/// Checks one function of `arity` operands and `outs` results against its fixtures:
/// `run64`/`run32` compute the results from the inputs; `dtypes` the result dtypes for
/// `int16`, `int64`, `float16`, `float32` inputs.
#[allow(clippy::too_many_arguments)]
fn check(
    errors: &mut Vec<String>,
    fam: &str,
    name: &str,
    tol64: Tol,
    tol32: Tol,
    dev: &Device,
    run64: &Run<f64>,
    run32: &Run<f32>,
    dtypes: [DTypeId; 4],
) {
    let npz = family(fam);
    let get =
        |key: &str| -> Option<&kernels_std::io::AnyArray> { npz.get(&format!("{name}.{key}")) };
    let mut ins = Vec::new();
    while let Some(a) = get(&format!("in{}", ins.len())) {
        ins.push(a.as_array::<f64>().unwrap().to_device(dev).unwrap());
    }
    assert!(!ins.is_empty(), "{fam}.npz has no inputs for {name}");
    match run64(&ins) {
        Ok(outs) => {
            for (j, got) in outs.iter().enumerate() {
                let want = get(&format!("out{j}")).unwrap().as_array::<f64>().unwrap();
                let got = got.to_device(&Device::cpu()).unwrap();
                if let Err(e) =
                    check_close(&got, want, tol64, &format!("{name} f64 out{j} on {dev}"))
                {
                    errors.push(with_inputs(e, &ins, &got, want));
                }
            }
        }
        Err(e) => errors.push(format!("{name} f64 on {dev}: {e}")),
    }
    let mut ins32 = Vec::new();
    while let Some(a) = get(&format!("f32.in{}", ins32.len())) {
        ins32.push(a.as_array::<f32>().unwrap().to_device(dev).unwrap());
    }
    if !ins32.is_empty() {
        match run32(&ins32) {
            Ok(outs) => {
                for (j, got) in outs.iter().enumerate() {
                    let want = get(&format!("f32.out{j}"))
                        .unwrap()
                        .as_array::<f32>()
                        .unwrap();
                    let got = got.to_device(&Device::cpu()).unwrap();
                    if let Err(e) =
                        check_close(&got, want, tol32, &format!("{name} f32 out{j} on {dev}"))
                    {
                        errors.push(e);
                    }
                }
            }
            Err(e) => errors.push(format!("{name} f32 on {dev}: {e}")),
        }
    }
    let codes = get("dtypes")
        .unwrap()
        .as_array::<u8>()
        .unwrap()
        .to_vec()
        .unwrap();
    let want: Vec<DTypeId> = codes.iter().map(|&c| dtype_of(c)).collect();
    if want != dtypes {
        errors.push(format!(
            "{name}: result dtypes {dtypes:?}, SciPy's {want:?}"
        ));
    }
}

/// The first mismatching inputs, appended to a failure message.
fn with_inputs(message: String, ins: &[Array<f64>], got: &Array<f64>, want: &Array<f64>) -> String {
    let g = got.to_vec().unwrap();
    let w = want.to_vec().unwrap();
    let cols: Vec<Vec<f64>> = ins
        .iter()
        .map(|a| a.to_device(&Device::cpu()).unwrap().to_vec().unwrap())
        .collect();
    let mut lines = vec![message];
    let mut shown = 0;
    for i in 0..g.len() {
        let same = (g[i].is_nan() && w[i].is_nan()) || g[i] == w[i];
        let rel = ((g[i] - w[i]) / w[i]).abs();
        if !same && (rel.is_nan() || rel > 1e-13) && shown < 6 {
            let args: Vec<String> = cols.iter().map(|c| format!("{:e}", c[i])).collect();
            lines.push(format!(
                "    f({}) = {:e}, SciPy {:e} (rel {rel:.1e})",
                args.join(", "),
                g[i],
                w[i]
            ));
            shown += 1;
        }
    }
    lines.join("\n")
}

/// The result dtypes of a function for `int16`, `int64`, `float16` and `float32` inputs.
macro_rules! result_dtypes {
    ($f:path, $n:tt) => {
        [
            result_dtypes!(@one $f, i16, $n),
            result_dtypes!(@one $f, i64, $n),
            result_dtypes!(@one $f, f16, $n),
            result_dtypes!(@one $f, f32, $n),
        ]
    };
    (@one $f:path, $t:ty, 1) => { first_dtype(&$f(&one::<$t>())) };
    (@one $f:path, $t:ty, 2) => { first_dtype(&$f(&one::<$t>(), &one::<$t>())) };
    (@one $f:path, $t:ty, 3) => { first_dtype(&$f(&one::<$t>(), &one::<$t>(), &one::<$t>())) };
    (@one $f:path, $t:ty, 4) => { first_dtype(&$f(&one::<$t>(), &one::<$t>(), &one::<$t>(), &one::<$t>())) };
}

/// A one-element array of ones.
fn one<T: DType>() -> Array<T> {
    Array::from_vec(&Device::cpu(), &[1], vec![1i32.cast::<T>()]).unwrap()
}

/// The dtype of a result (the first one of a tuple).
fn first_dtype<R: ResultDType>(r: &Result<R>) -> DTypeId {
    r.as_ref()
        .map(|r| r.dtype())
        .unwrap_or_else(|e| panic!("{e}"))
}

/// Results whose dtype the test reads.
trait ResultDType {
    fn dtype(&self) -> DTypeId;
}
impl<T: DType> ResultDType for Array<T> {
    fn dtype(&self) -> DTypeId {
        T::ID
    }
}
impl<A: DType, B: DType> ResultDType for (Array<A>, Array<B>) {
    fn dtype(&self) -> DTypeId {
        A::ID
    }
}
impl<A: DType, B: DType, C: DType, D: DType> ResultDType
    for (Array<A>, Array<B>, Array<C>, Array<D>)
{
    fn dtype(&self) -> DTypeId {
        A::ID
    }
}

/// `check!(errors, dev, family, name: f, arity, tol64, tol32)` for a function of one result.
macro_rules! check {
    ($errors:ident, $dev:ident, $fam:literal, $name:ident: $f:path, 1, $t64:expr, $t32:expr) => {
        check(
            $errors,
            $fam,
            stringify!($name),
            $t64,
            $t32,
            $dev,
            &|x| Ok(vec![$f(&x[0])?]),
            &|x| Ok(vec![$f(&x[0])?]),
            result_dtypes!($f, 1),
        )
    };
    ($errors:ident, $dev:ident, $fam:literal, $name:ident: $f:path, 2, $t64:expr, $t32:expr) => {
        check(
            $errors,
            $fam,
            stringify!($name),
            $t64,
            $t32,
            $dev,
            &|x| Ok(vec![$f(&x[0], &x[1])?]),
            &|x| Ok(vec![$f(&x[0], &x[1])?]),
            result_dtypes!($f, 2),
        )
    };
    ($errors:ident, $dev:ident, $fam:literal, $name:ident: $f:path, 3, $t64:expr, $t32:expr) => {
        check(
            $errors,
            $fam,
            stringify!($name),
            $t64,
            $t32,
            $dev,
            &|x| Ok(vec![$f(&x[0], &x[1], &x[2])?]),
            &|x| Ok(vec![$f(&x[0], &x[1], &x[2])?]),
            result_dtypes!($f, 3),
        )
    };
}

#[test]
fn bessel_order_0_1() {
    on_devices(|e, d| {
        // Beyond 18 (past the six zeros our series make exact) J and Y are M cos and M sin
        // of the Hankel phase: near their zeros the error is absolute, a few ULPs of the
        // modulus M <= 0.19 there (as in SciPy, whose error near zeros is absolute from 5 on).
        let osc = abs(F64, 1e-16);
        // float32 near the zeros: a few ULPs of the size of the function around them.
        let osc32 = abs(F32, 1e-8);
        check!(e, d, "bessel", j0: special::j0, 1, osc, osc32);
        check!(e, d, "bessel", j1: special::j1, 1, osc, osc32);
        check!(e, d, "bessel", y0: special::y0, 1, osc, osc32);
        check!(e, d, "bessel", y1: special::y1, 1, osc, osc32);
        check!(e, d, "bessel", i0: special::i0, 1, F64, F32);
        check!(e, d, "bessel", i0e: special::i0e, 1, F64, F32);
        check!(e, d, "bessel", i1: special::i1, 1, F64, F32);
        check!(e, d, "bessel", i1e: special::i1e, 1, F64, F32);
        check!(e, d, "bessel", k0: special::k0, 1, F64, F32);
        check!(e, d, "bessel", k0e: special::k0e, 1, F64, F32);
        check!(e, d, "bessel", k1: special::k1, 1, F64, F32);
        check!(e, d, "bessel", k1e: special::k1e, 1, F64, F32);
    });
}

#[test]
fn bessel_integer_order() {
    on_devices(|e, d| {
        // Where |x| > n, jn runs the forward recurrence over n steps: the rounding of each
        // step shifts the phase, so the error grows like n eps (6e-12 at n = 1000, x = 1e4).
        check!(e, d, "bessel", jn: special::jn, 2, Tol { rtol: 1e-11, ..F64 }, F32);
        check!(e, d, "bessel", yn: special::yn, 2, F64, F32);
        check!(e, d, "bessel", kn: special::kn, 2, F64, F32);
    });
}

/// Every Bessel kernel compiled by NVRTC (CUBIN for sm_90) for `f32` and `f64`, and every
/// variant a call can make of `j0` and `jn` (one and two operands). Skipped without NVRTC
/// (set `KERNELS_CUDA_WHEELS`), failing under `CI`.
#[test]
fn every_bessel_kernel_compiles_with_nvrtc() {
    use array_runtime::cuda::{self, nvrtc, verify};
    use array_runtime::kernel::elementwise::Instance;
    use kernels_std::special::kernels as k;
    use rayon::prelude::*;

    if !verify::nvrtc_or_skip("special bessel kernels").unwrap() {
        return;
    }
    let defs = [
        &k::j0::DEF,
        &k::j1::DEF,
        &k::y0::DEF,
        &k::y1::DEF,
        &k::i0::DEF,
        &k::i0e::DEF,
        &k::i1::DEF,
        &k::i1e::DEF,
        &k::k0::DEF,
        &k::k0e::DEF,
        &k::k1::DEF,
        &k::k1e::DEF,
        &k::jn::DEF,
        &k::yn::DEF,
        &k::kn::DEF,
        &k::not_integer::DEF,
    ];
    let jobs: Vec<(usize, DTypeId)> = (0..defs.len())
        .flat_map(|i| [(i, DTypeId::F32), (i, DTypeId::F64)])
        .collect();
    let failures: Vec<String> = jobs
        .par_iter()
        .filter_map(|&(i, t)| {
            let def = defs[i];
            let types = [t];
            let params = vec![t; def.param_names.len()];
            let results = [if def.name == "not_integer" {
                DTypeId::Bool
            } else {
                t
            }];
            let inst = Instance {
                def,
                type_args: &types,
                params: &params,
                results: &results,
            };
            let (options, _) = cuda::compile_options((9, 0), false).unwrap();
            nvrtc::compile(&inst.cuda_source(), &inst.name(), &options)
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
    for def in [&k::j0::DEF, &k::jn::DEF] {
        let types = [DTypeId::F64];
        let params = vec![DTypeId::F64; def.param_names.len()];
        let inst = Instance {
            def,
            type_args: &types,
            params: &params,
            results: &[DTypeId::F64],
        };
        verify::elementwise(&inst).unwrap_or_else(|e| panic!("{e}"));
    }
}
