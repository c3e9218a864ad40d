// Each test crate uses its own subset of these helpers.
#![allow(dead_code)]

//! Loading the ufunc fixtures of `scripts/fixtures/gen_math_fixtures.py` (shared by
//! `tests/math.rs` and `tests/ops.rs`): one `.npz` per ufunc, entries `<dt>_x`, `<dt>_y`,
//! `<dt>_out` named by NumPy's dtype codes; `bf16` entries are `f4` (converted here, the
//! result rounded once).

use kernels_std::io::{load_npz, Npz};
use kernels_std::{bf16, c128, c64, f16, s, Array, DType, Device, Result};

use crate::common::{assert_close, fixture, Approx, Tol};

/// A dtype of the fixtures: its key and how its arrays are stored.
pub trait Fx: DType + Approx {
    /// NumPy's short code (`f4`), or `bf16`.
    const KEY: &'static str;
    /// The array `name` of `z`, in this dtype.
    fn load(z: &Npz, name: &str) -> Array<Self>;
}

macro_rules! fx {
    ($($t:ty => $key:literal),*) => {$(
        impl Fx for $t {
            const KEY: &'static str = $key;
            fn load(z: &Npz, name: &str) -> Array<Self> {
                z.array::<$t>(name).unwrap_or_else(|e| panic!("{e}"))
            }
        }
    )*};
}
fx!(bool => "b1", i8 => "i1", i16 => "i2", i32 => "i4", i64 => "i8", u8 => "u1", u16 => "u2",
    u32 => "u4", u64 => "u8", f16 => "f2", f32 => "f4", f64 => "f8", c64 => "c8", c128 => "c16");

impl Fx for bf16 {
    const KEY: &'static str = "bf16";
    fn load(z: &Npz, name: &str) -> Array<Self> {
        let f = z.array::<f32>(name).unwrap_or_else(|e| panic!("{e}"));
        f.astype::<bf16>().unwrap()
    }
}

/// The fixture file `math/<ufunc>.npz`, loaded onto `dev`.
pub fn ufunc(name: &str, dev: &Device) -> Npz {
    load_npz(fixture(&format!("math/{name}.npz")), dev)
        .unwrap_or_else(|e| panic!("fixture {name}: {e}"))
}

/// The entry `<dt>_<part>` of `z` for the input dtype `I`, in the dtype `T`.
pub fn entry<I: Fx, T: Fx>(z: &Npz, part: &str) -> Array<T> {
    T::load(z, &format!("{}_{part}", I::KEY))
}

/// The views a case runs on: 0 the array, 1 reversed, 2 every other element.
pub fn view<T: DType>(k: usize, a: &Array<T>) -> Array<T> {
    match k {
        0 => a.clone(),
        1 => a.flip(0).unwrap(),
        _ => a.slice(s![..;2]).unwrap(),
    }
}

/// A unary ufunc on the fixture of input dtype `I`, result dtype `O`.
pub fn unary<I: Fx, O: Fx>(
    name: &str,
    dev: &Device,
    tol: Tol,
    f: impl Fn(&Array<I>) -> Result<Array<O>>,
) {
    let z = ufunc(name, dev);
    let x = entry::<I, I>(&z, "x");
    let want = entry::<I, O>(&z, "out");
    for k in 0..3 {
        let got = f(&view(k, &x)).unwrap_or_else(|e| panic!("{name} {}: {e}", I::ID));
        assert!(got.device().same(dev), "{name}: result on {}", got.device());
        let what = format!("{name} of {} (view {k}) on {dev}", I::ID);
        assert_close(&got, &view(k, &want), tol, &what);
    }
}

/// A binary ufunc on the fixture of input dtype `I` (every pair of edge values).
pub fn binary<I: Fx, O: Fx>(
    name: &str,
    dev: &Device,
    tol: Tol,
    f: impl Fn(&Array<I>, &Array<I>) -> Result<Array<O>>,
) {
    let z = ufunc(name, dev);
    let x = entry::<I, I>(&z, "x");
    let y = entry::<I, I>(&z, "y");
    let want = entry::<I, O>(&z, "out");
    for k in 0..3 {
        let got = f(&view(k, &x), &view(k, &y)).unwrap_or_else(|e| panic!("{name} {}: {e}", I::ID));
        assert!(got.device().same(dev), "{name}: result on {}", got.device());
        let what = format!("{name} of {} (view {k}) on {dev}", I::ID);
        assert_close(&got, &view(k, &want), tol, &what);
    }
}
