//! `special` against SciPy 1.17.1 (`scripts/fixtures/gen_special_fixtures.py`, one archive per
//! family in `tests/fixtures/special/`), on every device: each function's `float64` results
//! within its tolerance (1e-13 relative for most; the exceptions say why), its `float32`
//! results within a few ULPs of SciPy's float32 loop, and its result dtypes for `int16`,
//! `int64`, `float16` and `float32` inputs. NaN must be NaN and infinities equal.

mod common;

use std::collections::HashMap;
use std::sync::OnceLock;

use common::{check_close, devices, fixture, on_devices, Tol};
use kernels_std::io::{self, Npz};
use kernels_std::prelude::*;
use kernels_std::special;

/// The fixtures of a family, loaded once (on the CPU).
fn family(name: &str) -> &'static Npz {
    static CACHE: OnceLock<std::sync::Mutex<HashMap<String, &'static Npz>>> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    let mut map = cache.lock().unwrap();
    map.entry(name.to_string()).or_insert_with(|| {
        let path = fixture(&format!("special/{name}.npz"));
        Box::leak(Box::new(
            io::load_npz(&path, &Device::cpu()).unwrap_or_else(|e| panic!("{path:?}: {e}")),
        ))
    })
}

/// The default `f64` tolerance: 1e-13 relative (or 4 ULPs); results below the smallest
/// normal number are compared absolutely at that scale (SciPy flushes some to 0 where we
/// keep the subnormal, `expit(-710)`, `exp10(-316)`).
const F64: Tol = Tol {
    ulps: 4,
    rtol: 1e-13,
    atol: f64::MIN_POSITIVE,
    signed_zero: false,
};

/// The default `f32` tolerance: 4 ULPs of SciPy's float32 result (which SciPy computes in
/// `float` for some functions and in `double` for others), subnormals absolutely.
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
fn elementary() {
    on_devices(|e, d| {
        check!(e, d, "elementary", cbrt: special::cbrt, 1, F64, F32);
        check!(e, d, "elementary", exp10: special::exp10, 1, F64, F32);
        check!(e, d, "elementary", exp2: special::exp2, 1, F64, F32);
        check!(e, d, "elementary", expm1: special::expm1, 1, F64, F32);
        check!(e, d, "elementary", log1p: special::log1p, 1, F64, F32);
        // SciPy computes cos(x) - 1 for |x| > pi/4 (0 at cos(2 pi) where we give -3e-32).
        check!(e, d, "elementary", cosm1: special::cosm1, 1, abs(F64, 1e-16), abs(F32, 1e-7));
        check!(e, d, "elementary", round: special::round, 1, Tol::exact(), Tol::exact());
        check!(e, d, "elementary", sindg: special::sindg, 1, F64, F32);
        check!(e, d, "elementary", cosdg: special::cosdg, 1, F64, F32);
        check!(e, d, "elementary", tandg: special::tandg, 1, F64, F32);
        // SciPy's float32 cotdg(1e-10) is 1.5e-6 off (its double loop, rounded).
        check!(e, d, "elementary", cotdg: special::cotdg, 1, F64, Tol { rtol: 2e-6, ..F32 });
        check!(e, d, "elementary", radian: special::radian, 3, F64, F32);
        check!(e, d, "elementary", agm: special::agm, 2, F64, F32);
        check!(e, d, "elementary", exprel: special::exprel, 1, F64, F32);
        check!(e, d, "elementary", powm1: special::powm1, 2, F64, F32);
    });
}

#[test]
fn error_fns() {
    on_devices(|e, d| {
        check!(e, d, "error_fns", erf: special::erf, 1, F64, F32);
        check!(e, d, "error_fns", erfc: special::erfc, 1, F64, F32);
        check!(e, d, "error_fns", erfcx: special::erfcx, 1, F64, F32);
        check!(e, d, "error_fns", erfi: special::erfi, 1, F64, F32);
        check!(e, d, "error_fns", dawsn: special::dawsn, 1, F64, F32);
        check!(e, d, "error_fns", erfinv: special::erfinv, 1, F64, F32);
        check!(e, d, "error_fns", erfcinv: special::erfcinv, 1, F64, F32);
        check!(e, d, "error_fns", ndtr: special::ndtr, 1, F64, F32);
        check!(e, d, "error_fns", log_ndtr: special::log_ndtr, 1, F64, F32);
        check!(e, d, "error_fns", ndtri: special::ndtri, 1, F64, F32);
        check!(e, d, "error_fns", ndtri_exp: special::ndtri_exp, 1, F64, F32);
    });
}

#[test]
fn gamma_fns() {
    on_devices(|e, d| {
        check!(e, d, "gamma_fns", gamma: special::gamma, 1, F64, F32);
        check!(e, d, "gamma_fns", gammaln: special::gammaln, 1, F64, F32);
        check!(e, d, "gamma_fns", gammasgn: special::gammasgn, 1, Tol::exact(), Tol::exact());
        check!(e, d, "gamma_fns", rgamma: special::rgamma, 1, F64, F32);
        // Near the negative roots of psi the reflection formula cancels, in SciPy too:
        // absolute agreement there (3e-16 near psi(-0.504...) = 0).
        check!(e, d, "gamma_fns", digamma: special::digamma, 1, abs(F64, 3e-16), abs(F32, 1e-7));
        check!(e, d, "gamma_fns", beta: special::beta, 2, F64, F32);
        // SciPy's betaln(1e300, 1e300) is 1.7e-13 off (ours is -2e300 ln 2 to the last bit).
        check!(e, d, "gamma_fns", betaln: special::betaln, 2, Tol { rtol: 2e-13, ..F64 }, F32);
        check!(e, d, "gamma_fns", poch: special::poch, 2, F64, F32);
    });
}

#[test]
fn incomplete_gamma() {
    on_devices(|e, d| {
        // Results below 1e-100 are e^(-a phi) with a phi up to 745: the last bit of the
        // exponent is up to 1e-13 of the result, and the series' rounding adds (SciPy too).
        let tail = Tol { rtol: 1e-12, ..F64 };
        check!(e, d, "incomplete_gamma", gammainc: special::gammainc, 2, tail, F32);
        check!(e, d, "incomplete_gamma", gammaincc: special::gammaincc, 2, tail, F32);
        // The root's condition number is 1/a where P ~ x^a: SciPy's gammaincinv(1e-3, 0.5)
        // is 5.6e-13 off mpmath's root (ours 3.5e-14).
        let root = Tol { rtol: 1e-12, ..F64 };
        check!(e, d, "incomplete_gamma", gammaincinv: special::gammaincinv, 2, root, F32);
        check!(e, d, "incomplete_gamma", gammainccinv: special::gammainccinv, 2, root, F32);
    });
}

/// `logsumexp` (axes, `b`, the sign), `softmax` and `log_softmax` against SciPy on rows with
/// `-inf`, `inf`, NaN, a dominant element and negative weights.
#[test]
fn reductions() {
    use kernels_std::s;
    let npz = family("reductions");
    let get = |k: &str| npz.array::<f64>(k).unwrap();
    let tol = Tol { ulps: 8, ..F64 };
    let mut errors = Vec::new();
    let mut cmp = |got: Result<Array<f64>>, want: Array<f64>, what: &str| match got {
        Ok(g) => {
            let g = g.to_device(&Device::cpu()).unwrap();
            if let Err(e) = check_close(&g, &want, tol, what) {
                errors.push(e);
            }
        }
        Err(e) => errors.push(format!("{what}: {e}")),
    };
    for dev in devices() {
        let x = get("x").to_device(&dev).unwrap();
        let b = get("b").to_device(&dev).unwrap();
        let rows = x.slice(s![0..5;4, ..]).unwrap();
        cmp(
            special::logsumexp(&x).axis(1).run(),
            get("logsumexp.axis1"),
            "logsumexp axis 1",
        );
        cmp(
            special::logsumexp(&x)
                .axis(-1)
                .keepdims(true)
                .run()
                .map(|r| r.reshape(&[5]).unwrap()),
            get("logsumexp.axis1"),
            "logsumexp keepdims",
        );
        cmp(
            special::logsumexp(&rows).run(),
            get("logsumexp.all"),
            "logsumexp all",
        );
        cmp(
            special::logsumexp(&x).axis(1).b(&b).run(),
            get("logsumexp.b.nosign"),
            "logsumexp b",
        );
        match special::logsumexp(&x).axis(1).b(&b).run_with_sign() {
            Ok((v, sg)) => {
                cmp(Ok(v), get("logsumexp.b.value"), "logsumexp b value");
                cmp(Ok(sg), get("logsumexp.b.sign"), "logsumexp b sign");
            }
            Err(e) => panic!("return_sign: {e}"),
        }
        cmp(
            special::softmax(&x).axis(1).run(),
            get("softmax.axis1"),
            "softmax axis 1",
        );
        cmp(
            special::log_softmax(&x).axis(1).run(),
            get("log_softmax.axis1"),
            "log_softmax axis 1",
        );
        cmp(
            special::softmax(&rows).axis(0).run(),
            get("softmax.axis0"),
            "softmax axis 0 of a strided view",
        );
        let small = Array::from_vec(&dev, &[2], vec![0.0f64, -40.0]).unwrap();
        cmp(
            special::logsumexp(&small).run(),
            get("logsumexp.small"),
            "logsumexp keeps e^-40",
        );
        let empty = Array::<f64>::zeros(&dev, &[2, 0]).unwrap();
        cmp(
            special::logsumexp(&empty).axis(1).run(),
            Array::full(&Device::cpu(), &[2], f64::NEG_INFINITY).unwrap(),
            "logsumexp of empty rows",
        );
        let i = Array::from_vec(&dev, &[3], vec![0i16, 1, 2]).unwrap();
        let li: Array<f64> = special::logsumexp(&i).run().unwrap();
        assert!((li.item().unwrap() - (1.0 + 1f64.exp() + 2f64.exp()).ln()).abs() < 1e-15);
    }
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

#[test]
fn logistic() {
    on_devices(|e, d| {
        check!(e, d, "logistic", expit: special::expit, 1, F64, F32);
        check!(e, d, "logistic", log_expit: special::log_expit, 1, F64, F32);
        check!(e, d, "logistic", softplus: special::softplus, 1, F64, F32);
        check!(e, d, "logistic", logit: special::logit, 1, F64, F32);
        check!(e, d, "logistic", xlogy: special::xlogy, 2, F64, F32);
        check!(e, d, "logistic", xlog1py: special::xlog1py, 2, F64, F32);
        check!(e, d, "logistic", entr: special::entr, 1, F64, F32);
        check!(e, d, "logistic", rel_entr: special::rel_entr, 2, F64, F32);
        check!(e, d, "logistic", kl_div: special::kl_div, 2, F64, F32);
        check!(e, d, "logistic", huber: special::huber, 2, F64, F32);
        check!(e, d, "logistic", pseudo_huber: special::pseudo_huber, 2, F64, F32);
    });
}

#[test]
fn box_cox() {
    on_devices(|e, d| {
        check!(e, d, "box_cox", boxcox: special::boxcox, 2, F64, F32);
        check!(e, d, "box_cox", boxcox1p: special::boxcox1p, 2, F64, F32);
        check!(e, d, "box_cox", inv_boxcox: special::inv_boxcox, 2, F64, F32);
        check!(e, d, "box_cox", inv_boxcox1p: special::inv_boxcox1p, 2, F64, F32);
    });
}

/// Every kernel of `special`, by the number of its results.
fn kernel_defs() -> Vec<(
    &'static array_runtime::kernel::elementwise::ElementwiseDef,
    usize,
)> {
    use kernels_std::special::kernels as k;
    macro_rules! defs {
        ($($n:literal: $($name:ident),*;)*) => { vec![$($((&k::$name::DEF, $n)),*),*] };
    }
    defs! {
        1: cbrt, exp10, exp2, expm1, log1p, cosm1, round, sindg, cosdg, tandg, cotdg, radian,
            agm, exprel, powm1, expit, logit, log_expit, xlogy, xlog1py, entr, rel_entr,
            kl_div, huber, pseudo_huber, boxcox, boxcox1p, inv_boxcox, inv_boxcox1p, erf, erfc,
            erfcx, erfi, erfinv, erfcinv, dawsn, ndtr, log_ndtr, ndtri, ndtri_exp, gamma,
            gammaln, gammasgn, rgamma, digamma, beta, betaln, poch, multigammaln, gammainc,
            gammaincc, gammaincinv, gammainccinv, below_or_at;
        // the incomplete beta family and the distribution functions (tests/special_dist.rs)
        1: betainc, betaincc, betaincinv, betainccinv, bdtr, bdtrc, bdtri, nbdtr, nbdtrc, nbdtri,
            pdtr, pdtrc, pdtri, chdtr, chdtrc, chdtri, gdtr, gdtrc, fdtr, fdtrc, fdtri, stdtr,
            stdtrit;
        // the exponential integrals (tests/special_integrals.rs)
        1: exp1, expi, expn, spence;
        2: sici, shichi;
        // the elliptic integrals (tests/special_integrals.rs)
        1: ellipk, ellipkm1, ellipe, ellipkinc, ellipeinc;
        4: ellipj;
        // the zeta functions (tests/special_integrals.rs)
        1: zeta, riemann_zeta, zetac;
        // the orthogonal polynomials and binom (tests/special_poly.rs)
        1: eval_legendre, eval_chebyt, eval_chebyu, eval_chebyc, eval_chebys, eval_sh_legendre,
            eval_sh_chebyt, eval_sh_chebyu, eval_hermite, eval_hermitenorm, eval_laguerre,
            eval_genlaguerre, eval_gegenbauer, eval_jacobi, eval_sh_jacobi, binom, factorial, comb,
            comb_repetition, perm;
        // Carlson's integrals, polygamma, the Kolmogorov distribution, the multifactorials, the
        // Bernoulli and Euler numbers (tests/special_misc.rs)
        1: elliprc, elliprd, elliprf, elliprg, elliprj, polygamma, kolmogorov, kolmogi,
            factorialk, factorialk_complex, bernoulli_number, euler_number;
        // the names of issue 16 added last (tests/special_names.rs)
        1: smirnov, smirnovi, owens_t, stirling2;
        2: fresnel;
        // the Airy functions (tests/special_names.rs)
        4: airy, airye;
    }
}

/// A kernel's result dtype when it computes in `t` (the argument checks give `bool`).
fn result_dtype(def: &array_runtime::kernel::elementwise::ElementwiseDef, t: DTypeId) -> DTypeId {
    if def.name == "below_or_at" {
        DTypeId::Bool
    } else {
        t
    }
}

/// Every kernel of `special` compiled by NVRTC (CUBIN for sm_90) for both dtypes it is
/// instantiated with (`f32`, `f64`), and every variant a call can make (scalar operands,
/// PTX) of one kernel of each shape (one, two and three operands, a `bool` result): the
/// variants differ only in the runtime's wrappers around the same device functions, and
/// compiling them for every kernel tripled this test's time (about 2.5 s per module).
/// Skipped without NVRTC (set `KERNELS_CUDA_WHEELS`), failing under `CI`.
#[test]
fn every_kernel_compiles_with_nvrtc() {
    use array_runtime::cuda::{self, nvrtc, verify};
    use array_runtime::kernel::elementwise::Instance;
    use rayon::prelude::*;

    if !verify::nvrtc_or_skip("special kernels").unwrap() {
        return;
    }
    let defs = kernel_defs();
    let jobs: Vec<(usize, DTypeId)> = (0..defs.len())
        .flat_map(|i| [(i, DTypeId::F32), (i, DTypeId::F64)])
        .collect();
    let failures: Vec<String> = jobs
        .par_iter()
        .filter_map(|&(i, t)| {
            let (def, outs) = defs[i];
            let types = [t];
            let params = vec![t; def.param_names.len()];
            let results = vec![t; outs];
            let inst = Instance {
                def,
                type_args: &types,
                params: &params,
                results: &results,
            };
            let src = inst.cuda_source();
            let (mut options, _) = cuda::compile_options((9, 0), false).unwrap();
            if t == DTypeId::F32 {
                // The f32 instantiation to PTX only: ptxas (a third of a compile) runs on the
                // f64 one, whose code is the same but for the types; NVRTC's front end and
                // optimizer still check every f32 module.
                for o in &mut options {
                    if let Some(arch) = o.strip_prefix("-arch=sm_") {
                        *o = format!("-arch=compute_{arch}");
                    }
                }
            }
            nvrtc::compile(&src, &inst.name(), &options)
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
    let shapes = ["erf", "gammainc", "radian", "below_or_at"];
    let variants: usize = defs
        .par_iter()
        .filter(|(def, _)| shapes.contains(&def.name))
        .map(|&(def, outs)| {
            let types = [DTypeId::F64];
            let params = vec![DTypeId::F64; def.param_names.len()];
            let results = vec![result_dtype(def, DTypeId::F64); outs];
            let inst = Instance {
                def,
                type_args: &types,
                params: &params,
                results: &results,
            };
            verify::elementwise(&inst).unwrap_or_else(|e| panic!("{e}"))
        })
        .sum();
    eprintln!(
        "{} instantiations of {} kernels, {variants} variants of {shapes:?}",
        jobs.len(),
        defs.len()
    );
}
