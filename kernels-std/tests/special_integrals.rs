//! `special`'s integrals (the exponential integrals, the elliptic integrals, the zeta
//! functions) against SciPy 1.17.1, with mpmath's values where SciPy's are off
//! (`scripts/fixtures/gen_special_integrals_fixtures.py`, one archive per family in
//! `tests/fixtures/special_integrals/`), on every device: each result's `float64` values
//! within its tolerance (1e-13 relative unless said), its `float32` values within 4 ULPs of
//! the reference rounded to `float32`, the result dtypes for `int16`, `int64`, `float16`
//! and `float32` inputs. NaN must be NaN and infinities equal. (The NVRTC compile of these
//! kernels is `tests/special.rs`'s, which lists every kernel.)

mod common;

use common::special_fixtures::{check, F32, F64};
use common::{fixture, on_devices, Tol};
use kernels_std::io::{self, Npz};
use kernels_std::prelude::*;
use kernels_std::special;

/// A family's archive.
fn family(name: &str) -> Npz {
    let path = fixture(&format!("special_integrals/{name}.npz"));
    io::load_npz(&path, &Device::cpu()).unwrap_or_else(|e| panic!("{path:?}: {e}"))
}

#[test]
fn exponential_integrals() {
    let z = family("expint");
    on_devices(|e, d| {
        check!(e, z, d, exp1: special::exp1, [0], 1, F64, F32);
        check!(e, z, d, expi: special::expi, [0], 1, F64, F32);
        check!(e, z, d, expn: special::expn, [0, 1], 1, F64, F32);
        check!(e, z, d, sici: special::sici, [0], 2, F64, F32);
        // Near the zeros of Ci above 2, Ci = f sin x - g cos x cancels: its error is a few
        // ULPs of f and g: absolute 1e-15 (7e-16 at x = 3.3842, where SciPy is 3e-16 off;
        // mpmath's reference).
        let zeros = Tol { atol: 1e-15, ..F64 };
        check!(e, z, d, sici_zeros: special::sici, [0], 2, zeros, Tol { atol: 1e-7, ..F32 });
        check!(e, z, d, shichi: special::shichi, [0], 2, F64, F32);
        check!(e, z, d, spence: special::spence, [0], 1, F64, F32);
    });
}

#[test]
fn elliptic_integrals() {
    let z = family("elliptic");
    on_devices(|e, d| {
        check!(e, z, d, ellipk: special::ellipk, [0], 1, F64, F32);
        check!(e, z, d, ellipkm1: special::ellipkm1, [0], 1, F64, F32);
        check!(e, z, d, ellipe: special::ellipe, [0], 1, F64, F32);
        check!(e, z, d, ellipkinc: special::ellipkinc, [0, 1], 1, F64, F32);
        check!(e, z, d, ellipeinc: special::ellipeinc, [0, 1], 1, F64, F32);
        // sn, cn, dn come from the amplitude: near the zeros of cn and dn (and of sn away
        // from 0) their error is a few ULPs of the amplitude, absolutely, up to 11 where m is
        // near 1 (2.5e-15 at cn(5|1 - 1e-8) = 0.013, as SciPy; 3.6e-12
        // relative at cn(20|1 - 1e-12) = -6e-5, where SciPy is 1e-10 off).
        check!(e, z, d, ellipj: special::ellipj, [0, 1], 4, Tol { atol: 4e-15, ..F64 }, F32);
    });
}

#[test]
fn zeta_functions() {
    let z = family("zeta");
    on_devices(|e, d| {
        check!(e, z, d, zeta: special::zeta, [0, 1], 1, F64, F32);
        // A negative non-integral q with an odd x: the terms -|q + k|^-x and |q + k|^-x
        // cancel, and the error is a few ULPs of the largest (3.8e-11 relative at
        // zeta(7, -2.5) = 1.9e-4, whose terms reach 128; SciPy's too).
        check!(e, z, d, zeta_negq: special::zeta, [0, 1], 1, Tol { rtol: 1e-10, ..F64 }, F32);
        check!(e, z, d, riemann_zeta: special::riemann_zeta, [0], 1, F64, F32);
        check!(e, z, d, zetac: special::zetac, [0], 1, F64, F32);
    });
}
