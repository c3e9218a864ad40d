//! `special`'s incomplete beta family and distribution functions against SciPy 1.17.1
//! (`scripts/fixtures/gen_special_dist_fixtures.py`, one archive per family in
//! `tests/fixtures/special_dist/`), on every device: each function's `float64` results
//! within its tolerance (1e-13 relative for most; the exceptions say why), its `float32`
//! results within a few ULPs of SciPy's float32 loop, its result dtypes for `int16`,
//! `int64`, `float16` and `float32` inputs. NaN must be NaN and infinities equal. (The
//! NVRTC compile of these kernels is `tests/special.rs`'s, which lists every kernel.)

mod common;

use common::special_fixtures::{dtype_of, inputs, one, F32, F64};
use common::{check_close, fixture, on_devices, Tol};
use kernels_std::io::{self, Npz};
use kernels_std::prelude::*;
use kernels_std::special;

/// `tol` at relative `rtol`.
const fn rel(tol: Tol, rtol: f64) -> Tol {
    Tol { rtol, ..tol }
}

/// A family's archive.
fn family(name: &str) -> Npz {
    let path = fixture(&format!("special_dist/{name}.npz"));
    io::load_npz(&path, &Device::cpu()).unwrap_or_else(|e| panic!("{path:?}: {e}"))
}

/// The first mismatching inputs of a failure, for its message.
fn with_inputs(message: String, ins: &[Array<f64>], got: &[f64], want: &[f64]) -> String {
    let cols: Vec<Vec<f64>> = ins
        .iter()
        .map(|a| a.to_device(&Device::cpu()).unwrap().to_vec().unwrap())
        .collect();
    let mut lines = vec![message];
    for i in 0..got.len() {
        let same = (got[i].is_nan() && want[i].is_nan()) || got[i] == want[i];
        let r = ((got[i] - want[i]) / want[i]).abs();
        if !same && (r.is_nan() || r > 1e-13) && lines.len() < 9 {
            let args: Vec<String> = cols.iter().map(|c| format!("{:e}", c[i])).collect();
            lines.push(format!(
                "    f({}) = {:e}, SciPy {:e} (rel {r:.1e})",
                args.join(", "),
                got[i],
                want[i]
            ));
        }
    }
    lines.join("\n")
}

/// `check!(errors, npz, dev, name: f(2 or 3 operands), tol64, tol32)`: one function
/// against its fixtures, `f64`, `f32` and the result dtypes.
macro_rules! check {
    ($errors:ident, $npz:ident, $dev:ident, $name:ident: $f:path, [$($i:tt),+], $t64:expr, $t32:expr) => {{
        let name = stringify!($name);
        let ins = inputs::<f64>(&$npz, name, "", $dev);
        assert!(!ins.is_empty(), "no inputs for {name}");
        match $f($(&ins[$i]),+) {
            Ok(got) => {
                let got = got.to_device(&Device::cpu()).unwrap();
                let want = $npz.array::<f64>(&format!("{name}.out0")).unwrap();
                if let Err(e) = check_close(&got, &want, $t64, &format!("{name} f64 on {}", $dev)) {
                    $errors.push(with_inputs(e, &ins, &got.to_vec().unwrap(), &want.to_vec().unwrap()));
                }
            }
            Err(e) => $errors.push(format!("{name} f64 on {}: {e}", $dev)),
        }
        let ins = inputs::<f32>(&$npz, name, "f32.", $dev);
        // (bdtri and nbdtri have no f32 fixtures: see the script)
        if !ins.is_empty() { match $f($(&ins[$i]),+) {
            Ok(got) => {
                let got = got.to_device(&Device::cpu()).unwrap();
                let want = $npz.array::<f32>(&format!("{name}.f32.out0")).unwrap();
                if let Err(e) = check_close(&got, &want, $t32, &format!("{name} f32 on {}", $dev)) {
                    $errors.push(e);
                }
            }
            Err(e) => $errors.push(format!("{name} f32 on {}: {e}", $dev)),
        } }
        let got = [
            $f($(check!(@one i16, $i)),+).unwrap().dtype(),
            $f($(check!(@one i64, $i)),+).unwrap().dtype(),
            $f($(check!(@one f16, $i)),+).unwrap().dtype(),
            $f($(check!(@one f32, $i)),+).unwrap().dtype(),
        ];
        let codes = $npz.array::<u8>(&format!("{name}.dtypes")).unwrap().to_vec().unwrap();
        let want: Vec<DTypeId> = codes.iter().map(|&c| dtype_of(c)).collect();
        if want != got {
            $errors.push(format!("{name}: result dtypes {got:?}, SciPy's {want:?}"));
        }
    }};
    (@one $t:ty, $i:tt) => { &one::<$t>() };
}

#[test]
fn incomplete_beta() {
    let z = family("incomplete_beta");
    on_devices(|e, d| {
        // Results below 1e-100 are e^l with l up to 745 (the Stirling form of
        // x^a y^b / B(a, b)): the last bit of l is 1e-13 of the result, and the fraction's
        // rounding adds (SciPy too: 1.6e-13 apart at betainc(1e4, 200, 0.9) = 6e-233).
        let tail = rel(F64, 1e-12);
        check!(e, z, d, betainc: special::betainc, [0, 1, 2], tail, F32);
        check!(e, z, d, betaincc: special::betaincc, [0, 1, 2], tail, F32);
        // a, b from 1e5 to 2e8 near the mean: the last bit of x moves I by
        // x I'(x) / I ~ sqrt(a + b) ulps there (1e-12 at a + b = 3e8), in SciPy too.
        let huge = rel(F64, 2e-11);
        check!(e, z, d, betainc_huge: special::betainc, [0, 1, 2], huge, F32);
        check!(e, z, d, betaincc_huge: special::betaincc, [0, 1, 2], huge, F32);
        // The root's condition number is about 1/a where I ~ x^a (1e3 at a = 1e-3, where
        // SciPy's roots and ours differ by up to 6e-12).
        let root = rel(F64, 1e-11);
        check!(e, z, d, betaincinv: special::betaincinv, [0, 1, 2], root, F32);
        check!(e, z, d, betainccinv: special::betainccinv, [0, 1, 2], root, F32);
    });
}

#[test]
fn distributions() {
    let z = family("distributions");
    on_devices(|e, d| {
        check!(e, z, d, bdtr: special::bdtr, [0, 1, 2], F64, F32);
        check!(e, z, d, bdtrc: special::bdtrc, [0, 1, 2], F64, F32);
        check!(e, z, d, bdtri: special::bdtri, [0, 1, 2], F64, F32);
        check!(e, z, d, nbdtr: special::nbdtr, [0, 1, 2], F64, F32);
        check!(e, z, d, nbdtrc: special::nbdtrc, [0, 1, 2], F64, F32);
        check!(e, z, d, nbdtri: special::nbdtri, [0, 1, 2], F64, F32);
        check!(e, z, d, pdtr: special::pdtr, [0, 1], F64, F32);
        check!(e, z, d, pdtrc: special::pdtrc, [0, 1], F64, F32);
        check!(e, z, d, pdtri: special::pdtri, [0, 1], F64, F32);
        check!(e, z, d, chdtr: special::chdtr, [0, 1], F64, F32);
        check!(e, z, d, chdtrc: special::chdtrc, [0, 1], F64, F32);
        check!(e, z, d, chdtri: special::chdtri, [0, 1], F64, F32);
        check!(e, z, d, gdtr: special::gdtr, [0, 1, 2], F64, F32);
        check!(e, z, d, gdtrc: special::gdtrc, [0, 1, 2], F64, F32);
        // As betainc's tail: 1e-13 apart from mpmath at fdtr(30, 2, 1e-10) = 4e-133.
        let tail = rel(F64, 1e-12);
        check!(e, z, d, fdtr: special::fdtr, [0, 1, 2], tail, F32);
        check!(e, z, d, fdtrc: special::fdtrc, [0, 1, 2], tail, F32);
        check!(e, z, d, fdtri: special::fdtri, [0, 1, 2], F64, F32);
        check!(e, z, d, stdtr: special::stdtr, [0, 1], F64, F32);
        // At df = 1e12, t = 2.5e-4 comes from y = t^2 / df ~ 6e-20 through
        // I_y(1/2, 5e11): betainc's huge-parameter regime (3e-13 from mpmath's root).
        check!(e, z, d, stdtrit: special::stdtrit, [0, 1], rel(F64, 5e-13), F32);
    });
}
