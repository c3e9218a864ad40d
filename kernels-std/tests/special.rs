//! `special` against SciPy 1.17.1 (`scripts/fixtures/gen_special_fixtures.py`, one archive per
//! family in `tests/fixtures/special/`), on every device: each function's `float64` results
//! within its tolerance (1e-13 relative for most; the exceptions say why), its `float32`
//! results within a few ULPs of SciPy's float32 loop, and its result dtypes for `int16`,
//! `int64`, `float16` and `float32` inputs. NaN must be NaN and infinities equal.

mod common;

use common::special_fixtures::{archive, check, F32, F64};
use common::{check_close, devices, on_devices, Tol};
use kernels_std::prelude::*;
use kernels_std::special;

/// `tol` with an absolute slack of `atol`.
const fn abs(tol: Tol, atol: f64) -> Tol {
    Tol { atol, ..tol }
}

#[test]
fn elementary() {
    on_devices(|e, d| {
        let z = archive("special/elementary.npz");
        check!(e, z, d, cbrt: special::cbrt, [0], 1, F64, F32);
        check!(e, z, d, exp10: special::exp10, [0], 1, F64, F32);
        check!(e, z, d, exp2: special::exp2, [0], 1, F64, F32);
        check!(e, z, d, expm1: special::expm1, [0], 1, F64, F32);
        check!(e, z, d, log1p: special::log1p, [0], 1, F64, F32);
        // SciPy computes cos(x) - 1 for |x| > pi/4 (0 at cos(2 pi) where we give -3e-32).
        check!(e, z, d, cosm1: special::cosm1, [0], 1, abs(F64, 1e-16), abs(F32, 1e-7));
        check!(e, z, d, round: special::round, [0], 1, Tol::exact(), Tol::exact());
        check!(e, z, d, sindg: special::sindg, [0], 1, F64, F32);
        check!(e, z, d, cosdg: special::cosdg, [0], 1, F64, F32);
        check!(e, z, d, tandg: special::tandg, [0], 1, F64, F32);
        // SciPy's float32 cotdg(1e-10) is 1.5e-6 off (its double loop, rounded).
        check!(e, z, d, cotdg: special::cotdg, [0], 1, F64, Tol { rtol: 2e-6, ..F32 });
        check!(e, z, d, radian: special::radian, [0, 1, 2], 1, F64, F32);
        check!(e, z, d, agm: special::agm, [0, 1], 1, F64, F32);
        check!(e, z, d, exprel: special::exprel, [0], 1, F64, F32);
        check!(e, z, d, powm1: special::powm1, [0, 1], 1, F64, F32);
    });
}

#[test]
fn error_fns() {
    on_devices(|e, d| {
        let z = archive("special/error_fns.npz");
        check!(e, z, d, erf: special::erf, [0], 1, F64, F32);
        check!(e, z, d, erfc: special::erfc, [0], 1, F64, F32);
        check!(e, z, d, erfcx: special::erfcx, [0], 1, F64, F32);
        check!(e, z, d, erfi: special::erfi, [0], 1, F64, F32);
        check!(e, z, d, dawsn: special::dawsn, [0], 1, F64, F32);
        check!(e, z, d, erfinv: special::erfinv, [0], 1, F64, F32);
        check!(e, z, d, erfcinv: special::erfcinv, [0], 1, F64, F32);
        check!(e, z, d, ndtr: special::ndtr, [0], 1, F64, F32);
        check!(e, z, d, log_ndtr: special::log_ndtr, [0], 1, F64, F32);
        check!(e, z, d, ndtri: special::ndtri, [0], 1, F64, F32);
        check!(e, z, d, ndtri_exp: special::ndtri_exp, [0], 1, F64, F32);
    });
}

#[test]
fn gamma_fns() {
    on_devices(|e, d| {
        let z = archive("special/gamma_fns.npz");
        check!(e, z, d, gamma: special::gamma, [0], 1, F64, F32);
        check!(e, z, d, gammaln: special::gammaln, [0], 1, F64, F32);
        check!(e, z, d, gammasgn: special::gammasgn, [0], 1, Tol::exact(), Tol::exact());
        check!(e, z, d, rgamma: special::rgamma, [0], 1, F64, F32);
        // Near the negative roots of psi the reflection formula cancels, in SciPy too:
        // absolute agreement there (3e-16 near psi(-0.504...) = 0).
        check!(e, z, d, digamma: special::digamma, [0], 1, abs(F64, 3e-16), abs(F32, 1e-7));
        check!(e, z, d, beta: special::beta, [0, 1], 1, F64, F32);
        // SciPy's betaln(1e300, 1e300) is 1.7e-13 off (ours is -2e300 ln 2 to the last bit).
        check!(e, z, d, betaln: special::betaln, [0, 1], 1, Tol { rtol: 2e-13, ..F64 }, F32);
        check!(e, z, d, poch: special::poch, [0, 1], 1, F64, F32);
    });
}

/// `gammaln` of an array whose elements all exceed -9 takes the kernel with one logarithm
/// per element (`gammaln_above`): the fixture's points above -9 on their own, against SciPy,
/// and bit for bit against the two-logarithm kernel (the same points with -9.5 added).
#[test]
fn gammaln_above_minus_9() {
    let z = archive("special/gamma_fns.npz");
    let dev = Device::cpu();
    let x = z.array::<f64>("gammaln.in0").unwrap().to_vec().unwrap();
    let want = z.array::<f64>("gammaln.out0").unwrap().to_vec().unwrap();
    let (xs, ws): (Vec<f64>, Vec<f64>) = x
        .iter()
        .zip(&want)
        .filter(|(v, _)| v.is_nan() || **v > -9.0)
        .map(|(v, w)| (*v, *w))
        .unzip();
    let n = xs.len();
    assert!(xs.iter().filter(|v| **v < 0.0).count() > 10 && n + 10 < x.len());
    let arr = Array::from_vec(&dev, &[n], xs.clone()).unwrap();
    let above = special::gammaln(&arr).unwrap();
    let ws = Array::from_vec(&dev, &[n], ws).unwrap();
    check_close(&above, &ws, F64, "gammaln above -9").unwrap();
    let kernel = special::kernels::gammaln_above::<f64>(&arr)
        .unwrap()
        .to_vec()
        .unwrap();
    let mut with_tail = xs.clone();
    with_tail.push(-9.5);
    let tail = Array::from_vec(&dev, &[n + 1], with_tail).unwrap();
    let full = special::gammaln(&tail).unwrap().to_vec().unwrap();
    assert!((full[n] - special::scalar::gammaln(-9.5)).abs() < 1e-13 * full[n].abs());
    for (i, v) in above.to_vec().unwrap().iter().enumerate() {
        assert_eq!(v.to_bits(), full[i].to_bits(), "x = {}", xs[i]);
        assert_eq!(v.to_bits(), kernel[i].to_bits(), "x = {}", xs[i]);
    }
    let below = Array::from_vec(&dev, &[1], vec![-9.5f64]).unwrap();
    let k = special::kernels::gammaln_above::<f64>(&below).unwrap();
    assert!(k.item().unwrap().is_nan(), "gammaln_above's NaN below -9");
}

#[test]
fn incomplete_gamma() {
    on_devices(|e, d| {
        let z = archive("special/incomplete_gamma.npz");
        // Results below 1e-100 are e^(-a phi) with a phi up to 745: the last bit of the
        // exponent is up to 1e-13 of the result, and the series' rounding adds (SciPy too).
        let tail = Tol { rtol: 1e-12, ..F64 };
        check!(e, z, d, gammainc: special::gammainc, [0, 1], 1, tail, F32);
        check!(e, z, d, gammaincc: special::gammaincc, [0, 1], 1, tail, F32);
        // The root's condition number is 1/a where P ~ x^a: SciPy's gammaincinv(1e-3, 0.5)
        // is 5.6e-13 off mpmath's root (ours 3.5e-14).
        let root = Tol { rtol: 1e-12, ..F64 };
        check!(e, z, d, gammaincinv: special::gammaincinv, [0, 1], 1, root, F32);
        check!(e, z, d, gammainccinv: special::gammainccinv, [0, 1], 1, root, F32);
    });
}

/// `logsumexp` (axes, `b`, the sign), `softmax` and `log_softmax` against SciPy on rows with
/// `-inf`, `inf`, NaN, a dominant element and negative weights.
#[test]
fn reductions() {
    use kernels_std::s;
    let npz = archive("special/reductions.npz");
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
        let z = archive("special/logistic.npz");
        check!(e, z, d, expit: special::expit, [0], 1, F64, F32);
        check!(e, z, d, log_expit: special::log_expit, [0], 1, F64, F32);
        check!(e, z, d, softplus: special::softplus, [0], 1, F64, no_f32);
        check!(e, z, d, logit: special::logit, [0], 1, F64, F32);
        check!(e, z, d, xlogy: special::xlogy, [0, 1], 1, F64, F32);
        check!(e, z, d, xlog1py: special::xlog1py, [0, 1], 1, F64, F32);
        check!(e, z, d, entr: special::entr, [0], 1, F64, F32);
        check!(e, z, d, rel_entr: special::rel_entr, [0, 1], 1, F64, F32);
        check!(e, z, d, kl_div: special::kl_div, [0, 1], 1, F64, F32);
        check!(e, z, d, huber: special::huber, [0, 1], 1, F64, F32);
        check!(e, z, d, pseudo_huber: special::pseudo_huber, [0, 1], 1, F64, F32);
    });
}

#[test]
fn box_cox() {
    on_devices(|e, d| {
        let z = archive("special/box_cox.npz");
        check!(e, z, d, boxcox: special::boxcox, [0, 1], 1, F64, F32);
        check!(e, z, d, boxcox1p: special::boxcox1p, [0, 1], 1, F64, F32);
        check!(e, z, d, inv_boxcox: special::inv_boxcox, [0, 1], 1, F64, F32);
        check!(e, z, d, inv_boxcox1p: special::inv_boxcox1p, [0, 1], 1, F64, F32);
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
            gammaln, gammaln_above, loggamma, gammasgn, rgamma, digamma, beta, betaln, poch, multigammaln, gammainc,
            gammaincc, gammaincinv, gammainccinv, below_or_at;
        // the incomplete beta family and the distribution functions (tests/special_dist.rs)
        1: betainc, betaincc, ibeta_beta, betaincinv, betainccinv, bdtr, bdtrc, bdtri, nbdtr, nbdtrc, nbdtri,
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
        // Wright's generalized Bessel function (tests/special_wright.rs)
        1: wright_bessel, log_wright_bessel;
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

/// Every kernel of `special` compiled by NVRTC for both dtypes it is instantiated with
/// (`f32`, `f64`), and every variant a call can make (scalar operands) of one kernel of each
/// shape (one, two and three operands, a `bool` result): the variants differ only in the
/// runtime's wrappers around the same device functions, and compiling them for every kernel
/// tripled this test's time (about 2.5 s per module). The assembler (`ptxas`, the step from
/// PTX to a CUBIN for sm_90) runs on the `f64` instantiation's device code through one entry
/// point (`verify::assembled`): it compiles the device functions again for each entry point of
/// a module (the six of a module took 4 to 5 times as long as one). Skipped without NVRTC
/// (set `KERNELS_CUDA_WHEELS`), failing under `CI`.
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
            let compiled = if t == DTypeId::F32 {
                // The whole module (every entry point) to PTX, with the runtime's options but
                // for the architecture: NVRTC's front end and optimizer.
                let (mut options, _) = cuda::compile_options((9, 0), false).unwrap();
                for o in &mut options {
                    if let Some(arch) = o.strip_prefix("-arch=sm_") {
                        *o = format!("-arch=compute_{arch}");
                    }
                }
                nvrtc::compile(&inst.cuda_source(), &inst.name(), &options).map(|_| 1)
            } else {
                verify::assembled(&inst)
            };
            compiled.err().map(|e| format!("{}: {e}", inst.name()))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    // The `f64` modules whole (every entry point), to PTX, a dozen to an NVRTC program.
    let f64_modules: Vec<String> = defs
        .iter()
        .map(|&(def, outs)| {
            let types = [DTypeId::F64];
            let params = vec![DTypeId::F64; def.param_names.len()];
            let results = vec![result_dtype(def, DTypeId::F64); outs];
            Instance {
                def,
                type_args: &types,
                params: &params,
                results: &results,
            }
            .cuda_source()
        })
        .collect();
    let whole: usize = f64_modules
        .par_chunks(12)
        .map(|chunk| verify::modules(chunk, "special f64", false).unwrap_or_else(|e| panic!("{e}")))
        .sum();
    assert_eq!(whole, defs.len());
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
        "{} instantiations of {} kernels ({whole} f64 modules whole), {variants} variants of {shapes:?}",
        jobs.len(),
        defs.len()
    );
}
