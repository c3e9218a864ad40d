//! `scipy.special.lambertw` against SciPy 1.17.1, with mpmath's values where SciPy's are off
//! (`scripts/fixtures/gen_special_lambert_fixtures.py`, `tests/fixtures/special_lambert/`):
//! real inputs on both real branches, complex inputs at every scale on branches up to
//! `k = 1e9`, the neighbourhood of `-1/e`, signed zeros on the cuts, huge, tiny and special
//! inputs, on every device: within 1e-13 of `|W|`; NaN parts NaN and infinities equal. The
//! result dtype for every input dtype, `k` and `tol` broadcast, strided, 0-d and empty
//! operands, the device function in a user's kernel, and the NVRTC compile of the kernel.

mod common;

use common::{fixture, on_devices};
use kernels_std::io::{self, Npz};
use kernels_std::prelude::*;
use kernels_std::special;
use kernels_std::special::scalar as sp;

fn archive() -> Npz {
    let file = fixture("special_lambert/lambertw.npz");
    io::load_npz(&file, &Device::cpu()).unwrap_or_else(|e| panic!("{file:?}: {e}"))
}

fn get<T: io::NpyDType>(npz: &Npz, name: &str) -> Vec<T> {
    npz.get(name)
        .unwrap_or_else(|| panic!("no {name}"))
        .as_array::<T>()
        .unwrap()
        .to_vec()
        .unwrap()
}

/// `got` is `want` within `rtol` of `|want|`; a NaN part must be NaN, an infinite one equal.
fn close(got: c128, want: c128, rtol: f64) -> bool {
    let special = |g: f64, w: f64| (w.is_nan() && g.is_nan()) || (w.is_infinite() && g == w);
    if !want.re.is_finite() || !want.im.is_finite() {
        return special(got.re, want.re) && (special(got.im, want.im) || got.im == want.im)
            || special(got.im, want.im) && got.re == want.re;
    }
    (got - want).norm() <= rtol * want.norm()
}

#[test]
fn lambertw_matches_scipy_and_mpmath() {
    let npz = archive();
    let (z, k, w) = (
        get::<c128>(&npz, "z"),
        get::<i64>(&npz, "k"),
        get::<c128>(&npz, "w"),
    );
    let from_mp = get::<u8>(&npz, "mp");
    on_devices(|errors, dev| {
        let za = Array::from_vec(dev, &[z.len()], z.clone()).unwrap();
        let ka = Array::from_vec(dev, &[k.len()], k.clone()).unwrap();
        let got = special::lambertw(&za, &ka, 1e-8).unwrap().to_vec().unwrap();
        for i in 0..z.len() {
            if !close(got[i], w[i], 1e-13) {
                errors.push(format!(
                    "{dev:?}: lambertw({}, {}) = {} want {} (mpmath: {})",
                    z[i], k[i], got[i], w[i], from_mp[i]
                ));
            }
        }
        // a tighter tol changes nothing beyond rounding (1e-15 is below the rounding noise of
        // a step near -1/e, about 1e-16 / |1 + W|: no convergence there, NaN, as SciPy)
        let tight = special::lambertw(&za, &ka, 1e-13)
            .unwrap()
            .to_vec()
            .unwrap();
        for i in 0..z.len() {
            if !close(tight[i], w[i], 1e-13) {
                errors.push(format!(
                    "{dev:?}: tol 1e-13: lambertw({}, {}) = {}",
                    z[i], k[i], tight[i]
                ));
            }
        }
    });
}

#[test]
fn lambertw_special_values() {
    let c = Complex::new;
    let pi = std::f64::consts::PI;
    // W_0(0) is the input (signed zeros kept), W_k(0) = -inf elsewhere
    let w = sp::lambertw(c(-0.0, 0.0), 0, 1e-8);
    assert!(w.re == 0.0 && w.re.is_sign_negative());
    assert_eq!(
        sp::lambertw(c(0.0, 0.0), 2, 1e-8),
        c(f64::NEG_INFINITY, 0.0)
    );
    // infinities: +inf + i(y + 2 pi k), and -inf + iy: +inf + i(-y + (2k + 1) pi)
    assert_eq!(
        sp::lambertw(c(f64::INFINITY, 1.0), -1, 1e-8),
        c(f64::INFINITY, 1.0 - 2.0 * pi)
    );
    assert_eq!(
        sp::lambertw(c(f64::NEG_INFINITY, 0.0), 3, 1e-8),
        c(f64::INFINITY, 7.0 * pi)
    );
    // a NaN part: the input
    let w = sp::lambertw(c(f64::NAN, 1.0), 0, 1e-8);
    assert!(w.re.is_nan() && w.im == 1.0);
    // the double nearest -1/e lies just below it: W_0 = -1 + 8.2e-9 i, W_-1 its conjugate
    // (SciPy: NaN)
    let e1 = -(-1.0f64).exp();
    let (w0, wm1) = (
        sp::lambertw(c(e1, 0.0), 0, 1e-8),
        sp::lambertw(c(e1, 0.0), -1, 1e-8),
    );
    assert!(
        (w0.re + 1.0).abs() < 1e-16 && (w0.im / 8.2e-9 - 1.0).abs() < 0.01,
        "{w0}"
    );
    assert_eq!(wm1, w0.conj());
    // no convergence with a NaN tol (away from the branch point): NaN, as SciPy
    assert!(sp::lambertw(c(2.0, 0.0), 0, f64::NAN).re.is_nan());
    // a loose tol stops early, as SciPy's (`lambertw(2, tol=1e-2)`)
    let w = sp::lambertw(c(2.0, 0.0), 0, 1e-2);
    assert!((w.re - 0.8526055020137255).abs() < 1e-2 && w.im == 0.0);
}

#[test]
fn lambertw_dtypes_views_and_broadcasting() {
    let dev = Device::cpu();
    let x = [0.5f64, -0.25, 3.0, -2.0];
    let want = special::lambertw(Array::from_vec(&dev, &[4], x.to_vec()).unwrap(), 0i64, 1e-8)
        .unwrap()
        .to_vec()
        .unwrap();
    // every input dtype gives c128, computed from the value converted to c128
    let f32s = Array::from_vec(&dev, &[4], x.iter().map(|&v| v as f32).collect()).unwrap();
    assert_eq!(
        special::lambertw(&f32s, 0i64, 1e-8)
            .unwrap()
            .to_vec()
            .unwrap(),
        want
    );
    let c64s: Vec<c64> = x.iter().map(|&v| Complex::new(v as f32, 0.0)).collect();
    let c64s = Array::from_vec(&dev, &[4], c64s).unwrap();
    assert_eq!(
        special::lambertw(&c64s, 0i64, 1e-8)
            .unwrap()
            .to_vec()
            .unwrap(),
        want
    );
    let ints = Array::from_vec(&dev, &[2], vec![3i16, -2]).unwrap();
    assert_eq!(
        special::lambertw(&ints, 0i64, 1e-8)
            .unwrap()
            .to_vec()
            .unwrap(),
        want[2..]
    );
    let halves =
        Array::from_vec(&dev, &[2], vec![f16::from_f64(0.5), f16::from_f64(-0.25)]).unwrap();
    assert_eq!(
        special::lambertw(&halves, 0i64, 1e-8)
            .unwrap()
            .to_vec()
            .unwrap(),
        want[..2]
    );
    let b = Array::from_vec(&dev, &[1], vec![true]).unwrap();
    let one = special::lambertw(&b, 0i64, 1e-8).unwrap().to_vec().unwrap();
    assert_eq!(one, vec![Complex::new(0.5671432904097838, 0.0)]);
    // z a strided view (the transpose), k a column broadcast against it, tol an array
    let m = Array::from_vec(&dev, &[2, 2], x.to_vec()).unwrap(); // [[0.5, -0.25], [3, -2]]
    let k = Array::from_vec(&dev, &[2, 1], vec![0i64, -1]).unwrap();
    let tol = Array::from_vec(&dev, &[1, 2], vec![1e-8, 1e-10]).unwrap();
    let got = special::lambertw(m.t(), &k, &tol).unwrap();
    assert_eq!(got.shape(), &[2, 2]);
    let got = got.to_vec().unwrap();
    let c = |z: f64, k: i64| sp::lambertw(Complex::new(z, 0.0), k, 1e-8);
    let close = |a: c128, b: c128| (a - b).norm() <= 1e-15 * b.norm();
    assert!(close(got[0], c(0.5, 0)) && close(got[1], c(3.0, 0)));
    assert!(close(got[2], c(-0.25, -1)) && close(got[3], c(-2.0, -1)));
    assert!(got[2].im == 0.0 && got[2].re < -1.0 && got[3].im < 0.0);
    // a 0-d operand and an empty one
    let s = Array::from_vec(&dev, &[], vec![1.0f64]).unwrap();
    let w = special::lambertw(&s, 0i64, 1e-8).unwrap();
    assert_eq!(w.shape(), &[] as &[usize]);
    let empty = Array::<f64>::zeros(&dev, &[0, 3]).unwrap();
    assert_eq!(
        special::lambertw(&empty, 1i64, 1e-8).unwrap().shape(),
        &[0, 3]
    );
    // shapes that do not broadcast are an error
    let k3 = Array::from_vec(&dev, &[3], vec![0i64, 1, 2]).unwrap();
    assert!(special::lambertw(&f32s, &k3, 1e-8).is_err());
}

/// `W(z) e^W(z)`: the device function from a user's kernel.
#[elementwise]
fn lambertw_identity(z: c128, k: i64) -> c128 {
    let w: c128 = sp::lambertw(z, k, 1e-8);
    w * w.exp()
}

#[test]
fn lambertw_in_a_users_kernel() {
    let dev = Device::cpu();
    let z = vec![
        Complex::new(-0.3, 0.1),
        Complex::new(5.0, -2.0),
        Complex::new(-1.0, 0.0),
    ];
    let za = Array::from_vec(&dev, &[3], z.clone()).unwrap();
    for k in [0i64, -1, 4] {
        let back = lambertw_identity(&za, k).unwrap().to_vec().unwrap();
        for (b, z) in back.iter().zip(&z) {
            assert!(
                (b - z).norm() < 1e-14 * z.norm() * (1.0 + k.abs() as f64 * 6.3),
                "{k}: {b} {z}"
            );
        }
    }
}

/// The kernel compiled by NVRTC with every variant a call can make. Skipped without NVRTC
/// (set `KERNELS_CUDA_WHEELS`), failing under `CI`.
#[test]
fn lambertw_compiles_with_nvrtc() {
    use array_runtime::cuda::verify;
    use array_runtime::kernel::elementwise::Instance;
    if !verify::nvrtc_or_skip("lambertw").unwrap() {
        return;
    }
    for def in [&special::kernels::lambertw::DEF, &lambertw_identity::DEF] {
        let params = [DTypeId::C128, DTypeId::I64, DTypeId::F64];
        let inst = Instance {
            def,
            type_args: &[],
            params: &params[..def.param_names.len()],
            results: &[DTypeId::C128],
        };
        verify::elementwise(&inst).unwrap_or_else(|e| panic!("{}: {e}", inst.name()));
    }
}
