//! The Bessel functions of `special` against SciPy 1.17.1
//! (`scripts/fixtures/gen_special_bessel_fixtures.py`, `tests/fixtures/special_bessel/`), on
//! every device: `float64` results within 1e-13 relative (the exceptions say why; where SciPy
//! is less accurate than 1e-14 the fixture holds mpmath's value), `float32` results within a
//! few ULPs of SciPy's float32 loop, and the result dtypes for `int16`, `int64`, `float16`
//! and `float32` inputs. NaN must be NaN and infinities equal.

mod common;

use common::special_fixtures::{archive, check, F32, F64};
use common::{on_devices, Tol};
use kernels_std::prelude::*;
use kernels_std::special;

/// `tol` with an absolute slack of `atol`.
const fn abs(tol: Tol, atol: f64) -> Tol {
    Tol { atol, ..tol }
}

#[test]
fn bessel_order_0_1() {
    on_devices(|e, d| {
        let z = archive("special_bessel/bessel.npz");
        // Beyond 18 (past the six zeros our series make exact) J and Y are M cos and M sin
        // of the Hankel phase: near their zeros the error is absolute, a few ULPs of the
        // modulus M <= 0.19 there (as in SciPy, whose error near zeros is absolute from 5 on).
        let osc = abs(F64, 1e-16);
        // float32 near the zeros: a few ULPs of the size of the function around them.
        let osc32 = abs(F32, 1e-8);
        check!(e, z, d, j0: special::j0, [0], 1, osc, osc32);
        check!(e, z, d, j1: special::j1, [0], 1, osc, osc32);
        check!(e, z, d, y0: special::y0, [0], 1, osc, osc32);
        check!(e, z, d, y1: special::y1, [0], 1, osc, osc32);
        check!(e, z, d, i0: special::i0, [0], 1, F64, F32);
        check!(e, z, d, i0e: special::i0e, [0], 1, F64, F32);
        check!(e, z, d, i1: special::i1, [0], 1, F64, F32);
        check!(e, z, d, i1e: special::i1e, [0], 1, F64, F32);
        check!(e, z, d, k0: special::k0, [0], 1, F64, F32);
        check!(e, z, d, k0e: special::k0e, [0], 1, F64, F32);
        check!(e, z, d, k1: special::k1, [0], 1, F64, F32);
        check!(e, z, d, k1e: special::k1e, [0], 1, F64, F32);
    });
}

#[test]
fn bessel_integer_order() {
    on_devices(|e, d| {
        let z = archive("special_bessel/bessel.npz");
        // Where |x| > n, jn runs the forward recurrence over n steps: the rounding of each
        // step shifts the phase, so the error grows like n eps (6e-12 at n = 1000, x = 1e4).
        check!(e, z, d, jn: special::jn, [0, 1], 1, Tol { rtol: 1e-11, ..F64 }, F32);
        check!(e, z, d, yn: special::yn, [0, 1], 1, F64, F32);
        check!(e, z, d, kn: special::kn, [0, 1], 1, F64, F32);
    });
}

/// Every Bessel kernel compiled by NVRTC for `f32` and `f64` (`verify::instance`: a CUBIN for
/// sm_90 through one entry point, the whole module to PTX), and every variant a call can make
/// of `j0` and `jn` (one and two operands). Skipped without NVRTC (set `KERNELS_CUDA_WHEELS`),
/// failing under `CI`.
#[test]
fn every_bessel_kernel_compiles_with_nvrtc() {
    use array_runtime::cuda::verify;
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
