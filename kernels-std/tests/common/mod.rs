//! Helpers shared by the integration tests, for comparing our results with NumPy's: fixture
//! paths and [`assert_close`].
//!
//! Use from a test file with `mod common;`. A conformance test typically loads NumPy's result
//! from a fixture (written by a script under `scripts/fixtures/`) and compares:
//!
//! ```ignore
//! mod common;
//! use common::{assert_close, fixture, Tol};
//! let expected = kernels_std::io::load::<f32>(fixture("math/sin_f32.npy"), &dev)?;
//! assert_close(&got, &expected, Tol::default_for::<f32>(), "sin f32");
//! ```

// Each test crate uses its own subset of these helpers.
#![allow(dead_code)]

pub mod sparse_fixtures;
pub mod special_fixtures;

use std::fmt::Write as _;
use std::path::PathBuf;

use kernels_std::{bf16, c128, c64, f16, Array, DType, Device};

/// The devices a conformance test runs on: the CPU, and CUDA device 0 when there is one. With
/// `KERNELS_REQUIRE_GPU=1` (set by `scripts/gpu-check`) a missing GPU is a failure, not a skip.
/// `KERNELS_TEST_CUDA_HOST=1` adds the CUDA host target (the CUDA backend's modules run on the
/// CPU), `KERNELS_TEST_CUDA_HOST=only` runs on it alone (CI's third run).
pub fn devices() -> Vec<Device> {
    use kernels_std::array_runtime::cuda::host::TestRequest;
    match TestRequest::from_env() {
        TestRequest::Off => {}
        TestRequest::Also => {
            let mut out = gpu_devices();
            out.push(Device::cuda_host().expect("KERNELS_TEST_CUDA_HOST: the host target"));
            return out;
        }
        TestRequest::Only => {
            return vec![Device::cuda_host().expect("KERNELS_TEST_CUDA_HOST: the host target")]
        }
    }
    gpu_devices()
}

fn gpu_devices() -> Vec<Device> {
    let mut out = vec![Device::cpu()];
    match Device::cuda(0) {
        Ok(d) => out.push(d),
        Err(e) => {
            if std::env::var("KERNELS_REQUIRE_GPU").as_deref() == Ok("1") {
                panic!("KERNELS_REQUIRE_GPU=1 but no GPU: {e}");
            }
        }
    }
    out
}

/// Runs `body(errors, dev)` on every device of [`devices`] and fails with every collected
/// mismatch (a suite that checks many functions reports all of them at once).
pub fn on_devices(body: impl Fn(&mut Vec<String>, &Device)) {
    let mut errors = Vec::new();
    for dev in devices() {
        body(&mut errors, &dev);
    }
    assert!(
        errors.is_empty(),
        "{} failures:\n{}",
        errors.len(),
        errors.join("\n")
    );
}

/// The path of a committed fixture: `kernels-std/tests/fixtures/<relative>`, or
/// `$KERNELS_FIXTURES/<relative>` when that is set (the GPU bundle carries the fixtures beside
/// the test binaries, where the compiled-in source path does not exist).
pub fn fixture(relative: &str) -> PathBuf {
    match std::env::var_os("KERNELS_FIXTURES") {
        Some(dir) => PathBuf::from(dir).join(relative),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("tests")
            .join("fixtures")
            .join(relative),
    }
}

/// How close two elements must be. A pair passes when it is equal, or both NaN, or within
/// `ulps` units in the last place, or `|got - expected| <= atol + rtol * |expected|` (NumPy's
/// `isclose`, relative to the expected value). Complex numbers compare each part. Integers and
/// `bool` use the same rules on their values (ulps: difference of the integers).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tol {
    /// Largest distance in units in the last place.
    pub ulps: u64,
    /// Relative tolerance.
    pub rtol: f64,
    /// Absolute tolerance.
    pub atol: f64,
    /// Whether `0.0` and `-0.0` differ (by default they are equal, as in NumPy's `==`).
    pub signed_zero: bool,
}

impl Tol {
    /// Equality only (NaN still equals NaN).
    pub const fn exact() -> Self {
        Tol {
            ulps: 0,
            rtol: 0.0,
            atol: 0.0,
            signed_zero: false,
        }
    }

    /// At most `ulps` units in the last place apart.
    pub const fn ulps(ulps: u64) -> Self {
        Tol {
            ulps,
            ..Tol::exact()
        }
    }

    /// NumPy's `isclose`: `|got - expected| <= atol + rtol * |expected|`.
    pub const fn close(rtol: f64, atol: f64) -> Self {
        Tol {
            rtol,
            atol,
            ..Tol::exact()
        }
    }

    /// The default for a dtype: exact for integers and `bool`, 1 ulp for `f16`/`bf16` (they
    /// are computed in `f32` and rounded once), 4 ulps for `f32`, `f64` and complex parts.
    /// Results that cancel near zero need an explicit `atol`.
    pub fn default_for<T: Approx>() -> Self {
        T::DEFAULT_TOL
    }

    /// Also require `0.0` and `-0.0` to match.
    pub const fn signed_zero(self) -> Self {
        Tol {
            signed_zero: true,
            ..self
        }
    }
}

/// Element types [`assert_close`] can compare: every dtype.
pub trait Approx: DType {
    /// The tolerance of [`Tol::default_for`].
    const DEFAULT_TOL: Tol;

    /// Whether `self` (what was computed) is close enough to `expected`.
    fn close_to(self, expected: Self, tol: &Tol) -> bool;
}

fn int_close(got: i128, expected: i128, tol: &Tol) -> bool {
    let diff = got.abs_diff(expected);
    diff <= u128::from(tol.ulps) || (diff as f64) <= tol.atol + tol.rtol * (expected as f64).abs()
}

/// Compares two floats given as f64 values and as ordered integers (the bit pattern mapped so
/// that consecutive floats are consecutive integers, both zeros at 0).
fn float_close(got: f64, expected: f64, ordered: (i64, i64), tol: &Tol) -> bool {
    if got.is_nan() || expected.is_nan() {
        return got.is_nan() && expected.is_nan();
    }
    if got == expected {
        return !tol.signed_zero || got.is_sign_negative() == expected.is_sign_negative();
    }
    if got.is_infinite() || expected.is_infinite() {
        return false;
    }
    ordered.0.abs_diff(ordered.1) <= tol.ulps
        || (got - expected).abs() <= tol.atol + tol.rtol * expected.abs()
}

/// The bits of a float of `bits` width as an integer that orders like the float.
fn ordered(bits: u64, width: u32) -> i64 {
    let sign = 1u64 << (width - 1);
    let magnitude = (bits & (sign - 1)) as i64;
    if bits & sign != 0 {
        -magnitude
    } else {
        magnitude
    }
}

macro_rules! approx_int {
    ($($t:ty),*) => {$(
        impl Approx for $t {
            const DEFAULT_TOL: Tol = Tol::exact();
            fn close_to(self, expected: Self, tol: &Tol) -> bool {
                int_close(self as i128, expected as i128, tol)
            }
        }
    )*};
}
approx_int!(i8, i16, i32, i64, u8, u16, u32, u64);

impl Approx for bool {
    const DEFAULT_TOL: Tol = Tol::exact();
    fn close_to(self, expected: Self, _: &Tol) -> bool {
        self == expected
    }
}

macro_rules! approx_float {
    ($($t:ty => $ulps:expr, $width:expr, |$x:ident| ($f64:expr, $bits:expr);)*) => {$(
        impl Approx for $t {
            const DEFAULT_TOL: Tol = Tol::ulps($ulps);
            fn close_to(self, expected: Self, tol: &Tol) -> bool {
                let parts = |$x: $t| ($f64, ordered($bits, $width));
                let (g, gb) = parts(self);
                let (e, eb) = parts(expected);
                float_close(g, e, (gb, eb), tol)
            }
        }
    )*};
}
approx_float! {
    f16 => 1, 16, |x| (x.to_f64(), u64::from(x.to_bits()));
    bf16 => 1, 16, |x| (x.to_f64(), u64::from(x.to_bits()));
    f32 => 4, 32, |x| (f64::from(x), u64::from(x.to_bits()));
    f64 => 4, 64, |x| (x, x.to_bits());
}

impl Approx for c64 {
    const DEFAULT_TOL: Tol = f32::DEFAULT_TOL;
    fn close_to(self, expected: Self, tol: &Tol) -> bool {
        self.re.close_to(expected.re, tol) && self.im.close_to(expected.im, tol)
    }
}

impl Approx for c128 {
    const DEFAULT_TOL: Tol = f64::DEFAULT_TOL;
    fn close_to(self, expected: Self, tol: &Tol) -> bool {
        self.re.close_to(expected.re, tol) && self.im.close_to(expected.im, tol)
    }
}

/// The multi-index of the `flat`-th element in C order.
fn unravel(mut flat: usize, shape: &[usize]) -> Vec<usize> {
    let mut index = vec![0; shape.len()];
    for (i, &d) in index.iter_mut().zip(shape).rev() {
        if d > 0 {
            *i = flat % d;
            flat /= d;
        }
    }
    index
}

/// Panics unless `got` and `expected` have the same shape and every pair of elements is close
/// under `tol` (NaN equals NaN). The message starts with `context`, gives the shape, the number
/// of mismatches and the first ten of them with their indices.
#[track_caller]
pub fn assert_close<T: Approx>(got: &Array<T>, expected: &Array<T>, tol: Tol, context: &str) {
    if let Err(message) = check_close(got, expected, tol, context) {
        panic!("{message}");
    }
}

/// What [`assert_close`] checks, as a `Result` with the message, for tests that expect a
/// mismatch.
pub fn check_close<T: Approx>(
    got: &Array<T>,
    expected: &Array<T>,
    tol: Tol,
    context: &str,
) -> Result<(), String> {
    const SHOWN: usize = 10;
    if got.shape() != expected.shape() {
        return Err(format!(
            "{context}: shape {:?} ({}), expected {:?}",
            got.shape(),
            T::ID,
            expected.shape()
        ));
    }
    let (g, e) = match (got.to_vec(), expected.to_vec()) {
        (Ok(g), Ok(e)) => (g, e),
        (Err(err), _) | (_, Err(err)) => return Err(format!("{context}: cannot read: {err}")),
    };
    let bad: Vec<usize> = (0..g.len())
        .filter(|&i| !g[i].close_to(e[i], &tol))
        .collect();
    if bad.is_empty() {
        return Ok(());
    }
    let mut message = format!(
        "{context}: {} of {} elements of {} (shape {:?}) differ beyond {tol:?}; first ones:",
        bad.len(),
        g.len(),
        T::ID,
        got.shape()
    );
    for &i in bad.iter().take(SHOWN) {
        let _ = write!(
            message,
            "\n  at {:?}: got {:?}, expected {:?}",
            unravel(i, got.shape()),
            g[i],
            e[i]
        );
    }
    Err(message)
}
