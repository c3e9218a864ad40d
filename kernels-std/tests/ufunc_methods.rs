//! `ufunc`'s methods against NumPy: the fixtures of
//! `scripts/fixtures/gen_ufunc_methods_fixtures.py` (`fixtures/ufunc_methods/ufunc_methods.npz`:
//! every method of every ufunc on every dtype it takes, over axes, views, empty and 0-d
//! arrays, NaN and integer wrapping; where NumPy raises, an error is expected), on the CPU
//! backend and, when there is one, on CUDA device 0. The new kernels are compiled by NVRTC.
//!
//! Tolerances: integers, `bool`, the extrema and `at` exact (`at` folds in NumPy's order).
//! Float sums and products are pairwise here and in NumPy, but not in the same tree (and
//! `f16` accumulates in `f32` here): `f64` `1e-12`, `f32` `1e-5`, `f16` `1e-2` (relative and
//! absolute; the inputs are standard normal).

mod common;

use std::cell::RefCell;

use common::{check_close, fixture, on_devices, Approx, Tol};
use kernels_std::io::{load_npz, NpyDType, Npz};
use kernels_std::prelude::*;
use kernels_std::s;
use kernels_std::ufunc::{self, AccumulateOf, AtOf, OuterOf, ReduceAtOf, ReduceOf};

fn tol<T: Approx>() -> Tol {
    match T::ID {
        DTypeId::F64 | DTypeId::C128 => Tol::close(1e-12, 1e-12),
        DTypeId::F32 | DTypeId::C64 => Tol::close(1e-5, 1e-5),
        DTypeId::F16 => Tol::close(1e-2, 1e-2),
        _ => Tol::exact(),
    }
}

/// One case of the archive on one device, collecting mismatches.
struct Ctx<'a> {
    npz: &'a Npz,
    case: String,
    dev: Device,
    errors: RefCell<Vec<String>>,
    checked: RefCell<usize>,
}

impl Ctx<'_> {
    fn fail(&self, message: String) {
        self.errors.borrow_mut().push(message);
    }

    /// `got` against NumPy's result `key` (or its error `key__err`).
    fn expect<O: NpyDType + Approx>(&self, key: &str, got: Result<Array<O>>) {
        *self.checked.borrow_mut() += 1;
        let context = format!("{key} on {}", self.dev);
        if self.npz.get(&format!("{key}__err")).is_some() {
            if let Ok(g) = got {
                self.fail(format!(
                    "{context}: NumPy raises, we returned shape {:?}",
                    g.shape()
                ));
            }
            return;
        }
        let want = match self.npz.array::<O>(key) {
            Ok(w) => w,
            Err(e) => return self.fail(format!("{context}: {e}")),
        };
        match got {
            Err(e) => self.fail(format!("{context}: {e}")),
            Ok(g) => {
                if !g.device().same(&self.dev) {
                    self.fail(format!("{context}: result on {}", g.device()));
                }
                if let Err(m) = check_close(&g, &want, tol::<O>(), &context) {
                    self.fail(m);
                }
            }
        }
    }

    fn key(&self, ufunc: &str, method: &str, variant: &str) -> String {
        format!("{}__{ufunc}__{method}__{variant}", self.case)
    }
}

fn reduce<U, T>(ctx: &Ctx<'_>, name: &str, u: U, x: &Array<T>)
where
    T: DType,
    U: ReduceOf<T>,
    U::Out: NpyDType + Approx,
{
    let k = |v: &str| ctx.key(name, "reduce", v);
    ctx.expect(&k("def"), u.reduce(x).run());
    ctx.expect(&k("a0"), u.reduce(x).axis(0).run());
    ctx.expect(&k("a1"), u.reduce(x).axis(1).run());
    ctx.expect(&k("am1"), u.reduce(x).axis(-1).run());
    ctx.expect(&k("none"), u.reduce(x).all_axes().run());
    ctx.expect(&k("a02"), u.reduce(x).axis(0).axis(2).run());
    ctx.expect(&k("tuple"), u.reduce(x).axes(&[]).run());
    ctx.expect(&k("a1k"), u.reduce(x).axes(&[1]).keepdims(true).run());
    let initial = ctx
        .npz
        .array::<U::Out>(&format!("{}__initial", k("a1i")))
        .and_then(|a| a.item())
        .expect("initial");
    ctx.expect(&k("a1i"), u.reduce(x).axis(1).initial(initial).run());
}

fn accumulate<U, T>(ctx: &Ctx<'_>, name: &str, u: U, x: &Array<T>)
where
    T: DType,
    U: AccumulateOf<T>,
    U::Out: NpyDType + Approx,
{
    for (v, axis) in [("a0", 0), ("a1", 1), ("a2", 2)] {
        let key = ctx.key(name, "accumulate", v);
        ctx.expect(&key, u.accumulate(x).axis(axis).run());
    }
}

fn reduceat<U, T>(ctx: &Ctx<'_>, name: &str, u: U, x: &Array<T>)
where
    T: DType,
    U: ReduceAtOf<T>,
    U::Out: NpyDType + Approx,
{
    for (v, idx, axis) in [("a0", [0i64, 0, 2, 1], 0), ("a2", [0, 3, 1, 4], 2)] {
        let idx = Array::from_vec(&ctx.dev, &[4], idx.to_vec()).unwrap();
        let key = ctx.key(name, "reduceat", v);
        ctx.expect(&key, u.reduceat(x, &idx).axis(axis).run());
    }
}

/// `x` flattened in C order, on the host.
fn flat<T: DType>(x: &Array<T>) -> Vec<T> {
    x.as_standard_layout().unwrap().to_vec().unwrap()
}

fn outer<U, T>(ctx: &Ctx<'_>, name: &str, u: U, x: &Array<T>)
where
    T: DType,
    U: OuterOf<T>,
    U::Out: NpyDType + Approx,
{
    let key = ctx.key(name, "outer", "v");
    let f = flat(x);
    if f.len() < 7 {
        // NumPy cannot reshape `flat[3:7]` to 2x2: no case to run.
        assert!(ctx.npz.get(&format!("{key}__err")).is_some(), "{key}");
        return;
    }
    let a = Array::from_vec(&ctx.dev, &[3], f[..3].to_vec()).unwrap();
    let b = Array::from_vec(&ctx.dev, &[2, 2], f[3..7].to_vec()).unwrap();
    ctx.expect(&key, u.outer(&a, &b));
}

fn at<U, T>(ctx: &Ctx<'_>, name: &str, u: U, x: &Array<T>, view: bool)
where
    T: NpyDType + Approx,
    U: AtOf<T>,
{
    let f = flat(x);
    for variant in ["rows", "scalar", "oob"] {
        let key = ctx.key(name, "at", variant);
        // A copy of `x[0]` (a view into a copy of the transposed case's base, when `view`).
        let owned = Array::from_vec(&ctx.dev, x.shape(), f.clone()).unwrap();
        let mut a = match (x.ndim(), view) {
            (0, _) => owned,
            (_, false) => owned.slice(s![0]).unwrap().as_standard_layout().unwrap(),
            (_, true) => {
                let base: Vec<T> = flat(&x.permute(&[2, 1, 0]).unwrap());
                let base = Array::from_vec(&ctx.dev, &[3, 4, 5], base).unwrap();
                let v = base.permute(&[2, 1, 0]).unwrap().slice(s![0]).unwrap();
                assert!(!v.is_c_contiguous());
                v
            }
        };
        let idx: Vec<i64> = if variant == "oob" {
            vec![4]
        } else {
            vec![0, 3, 0, -1, 2, 0]
        };
        let m = idx.len();
        let idx = Array::from_vec(&ctx.dev, &[m], idx).unwrap();
        let rest: Vec<usize> = a.shape().get(1..).unwrap_or(&[]).to_vec();
        let b = if variant == "scalar" {
            match f.first() {
                Some(&v) => Array::scalar(&ctx.dev, v).unwrap(),
                None => Array::zeros(&ctx.dev, &[]).unwrap(),
            }
        } else {
            let mut shape = vec![m];
            shape.extend_from_slice(&rest);
            let n: usize = shape.iter().product();
            if f.is_empty() {
                // NumPy raises for these (an empty or 0-d `a`): the values do not matter.
                Array::zeros(&ctx.dev, &shape).unwrap()
            } else {
                let values: Vec<T> = f.iter().copied().cycle().take(n).collect();
                Array::from_vec(&ctx.dev, &shape, values).unwrap()
            }
        };
        let got = u.at(&mut a, &idx, &b).map(|()| a);
        ctx.expect(&key, got);
    }
}

fn archive(dev: &Device) -> Npz {
    load_npz(fixture("ufunc_methods/ufunc_methods.npz"), dev).expect("ufunc_methods.npz")
}

/// Runs `$f(ctx, "name", ufunc::name, x)` for each listed ufunc.
macro_rules! each {
    ($f:ident($ctx:expr, $x:expr): $($u:ident),*) => {
        $($f(&$ctx, stringify!($u), kernels_std::ufunc::$u, $x);)*
    };
    ($f:ident($ctx:expr, $x:expr, $extra:expr): $($u:ident),*) => {
        $($f(&$ctx, stringify!($u), kernels_std::ufunc::$u, $x, $extra);)*
    };
}

/// Every method of every ufunc that takes `$t`, on the case `$case` (input `x`, or a view).
macro_rules! int_case {
    ($ctx:expr, $x:expr, $view:expr) => {
        each!(reduce($ctx, $x): add, multiply, maximum, minimum, fmax, fmin, logical_and,
            logical_or, logical_xor, bitwise_and, bitwise_or, bitwise_xor);
        each!(accumulate($ctx, $x): add, multiply, maximum, minimum, fmax, fmin, logical_and,
            logical_or, logical_xor, bitwise_and, bitwise_or, bitwise_xor);
        each!(reduceat($ctx, $x): add, multiply, maximum, minimum, fmax, fmin, logical_and,
            logical_or, logical_xor, bitwise_and, bitwise_or, bitwise_xor);
        each!(outer($ctx, $x): add, multiply, maximum, minimum, fmax, fmin, logical_and,
            logical_or, logical_xor, bitwise_and, bitwise_or, bitwise_xor);
        each!(at($ctx, $x, $view): add, multiply, maximum, minimum, fmax, fmin, bitwise_and,
            bitwise_or, bitwise_xor);
    };
}

macro_rules! bool_case {
    ($ctx:expr, $x:expr) => {
        each!(reduce($ctx, $x): add, multiply, maximum, minimum, fmax, fmin, logical_and,
            logical_or, logical_xor, bitwise_and, bitwise_or, bitwise_xor);
        each!(accumulate($ctx, $x): add, multiply, maximum, minimum, fmax, fmin, logical_and,
            logical_or, logical_xor, bitwise_and, bitwise_or, bitwise_xor);
        each!(reduceat($ctx, $x): add, multiply, maximum, minimum, fmax, fmin, logical_and,
            logical_or, logical_xor, bitwise_and, bitwise_or, bitwise_xor);
        each!(outer($ctx, $x): add, multiply, maximum, minimum, fmax, fmin, logical_and,
            logical_or, logical_xor, bitwise_and, bitwise_or, bitwise_xor);
    };
}

macro_rules! float_case {
    ($ctx:expr, $x:expr, $view:expr) => {
        each!(reduce($ctx, $x): add, multiply, maximum, minimum, fmax, fmin, logical_and,
            logical_or, logical_xor);
        each!(accumulate($ctx, $x): add, multiply, maximum, minimum, fmax, fmin, logical_and,
            logical_or, logical_xor);
        each!(reduceat($ctx, $x): add, multiply, maximum, minimum, fmax, fmin, logical_and,
            logical_or, logical_xor);
        each!(outer($ctx, $x): add, multiply, maximum, minimum, fmax, fmin, logical_and,
            logical_or, logical_xor);
        each!(at($ctx, $x, $view): add, multiply, maximum, minimum, fmax, fmin);
    };
}

macro_rules! complex_case {
    ($ctx:expr, $x:expr) => {
        each!(reduce($ctx, $x): add, multiply, maximum, minimum, logical_and, logical_or,
            logical_xor);
        each!(accumulate($ctx, $x): add, multiply, logical_and, logical_or, logical_xor);
        each!(reduceat($ctx, $x): logical_and, logical_or, logical_xor);
        each!(outer($ctx, $x): add, multiply, maximum, minimum, logical_and, logical_or,
            logical_xor);
    };
}

/// The cases of one dtype: the base case, and its views, empty and 0-d forms where stored.
fn cases<T: NpyDType>(npz: &Npz, dt: &str, run: &dyn Fn(&str, &Array<T>, bool)) {
    let x: Array<T> = npz.array(&format!("{dt}__x")).unwrap();
    run(dt, &x, false);
    if npz.get(&format!("{dt}_T__add__reduce__a0")).is_some() {
        run(&format!("{dt}_T"), &x.permute(&[2, 1, 0]).unwrap(), true);
        let step = x.slice(s![.., ..;2, ..;-1]).unwrap();
        run(&format!("{dt}_step"), &step, false);
    }
    for extra in ["empty", "zerod"] {
        let name = format!("{dt}_{extra}");
        if let Ok(x) = npz.array::<T>(&format!("{name}__x")) {
            run(&name, &x, false);
        }
    }
}

/// Checks every case of one dtype on every device.
macro_rules! dtype_test {
    ($test:ident, $t:ty, $dt:literal, $kind:ident) => {
        #[test]
        fn $test() {
            on_devices(|errors, dev| {
                let npz = archive(dev);
                let checked = RefCell::new(0usize);
                let found = RefCell::new(Vec::new());
                let run = |case: &str, x: &Array<$t>, view: bool| {
                    let ctx = Ctx {
                        npz: &npz,
                        case: case.to_string(),
                        dev: dev.clone(),
                        errors: RefCell::new(Vec::new()),
                        checked: RefCell::new(0),
                    };
                    dtype_test!(@$kind ctx, x, view);
                    *checked.borrow_mut() += ctx.checked.into_inner();
                    found.borrow_mut().extend(ctx.errors.into_inner());
                };
                cases::<$t>(&npz, $dt, &run);
                errors.extend(found.into_inner());
                assert!(*checked.borrow() > 50, "{}: few checks", $dt);
            });
        }
    };
    (@int $ctx:ident, $x:ident, $view:ident) => { int_case!($ctx, $x, $view); };
    (@float $ctx:ident, $x:ident, $view:ident) => { float_case!($ctx, $x, $view); };
    (@bool $ctx:ident, $x:ident, $view:ident) => { let _ = $view; bool_case!($ctx, $x); };
    (@complex $ctx:ident, $x:ident, $view:ident) => { let _ = $view; complex_case!($ctx, $x); };
}

dtype_test!(methods_i8, i8, "i1", int);
dtype_test!(methods_i16, i16, "i2", int);
dtype_test!(methods_i32, i32, "i4", int);
dtype_test!(methods_i64, i64, "i8", int);
dtype_test!(methods_u8, u8, "u1", int);
dtype_test!(methods_u16, u16, "u2", int);
dtype_test!(methods_u32, u32, "u4", int);
dtype_test!(methods_u64, u64, "u8", int);
dtype_test!(methods_f16, f16, "f2", float);
dtype_test!(methods_f32, f32, "f4", float);
dtype_test!(methods_f64, f64, "f8", float);
dtype_test!(methods_c64, c64, "c8", complex);
dtype_test!(methods_c128, c128, "c16", complex);
dtype_test!(methods_bool, bool, "b1", bool);
dtype_test!(wrapping_i64, i64, "wrap_i8", int);
dtype_test!(wrapping_u8, u8, "wrap_u1", int);

/// Long rows: several chunks per row on the CPU (the scan's parallel path), against a
/// sequential scan here; `at` with many repeated indices against NumPy's sequential loop
/// (float sums in the same order, so equal to the bit).
#[test]
fn long_rows_against_sequential_references() {
    on_devices(|errors, dev| {
        let n = 100_003;
        let data: Vec<f64> = (0..n)
            .map(|i| {
                if i % 9973 == 17 {
                    f64::NAN
                } else {
                    ((i * 7919) % 10007) as f64 - 5000.0
                }
            })
            .collect();
        let x = Array::from_vec(dev, &[n], data.clone()).unwrap();
        let got = ufunc::fmax.accumulate(&x).run().unwrap().to_vec().unwrap();
        let mut want = Vec::with_capacity(n);
        let mut acc = data[0];
        for &v in &data {
            acc = if acc >= v || v.is_nan() { acc } else { v };
            want.push(acc);
        }
        if got != want {
            errors.push(format!("fmax.accumulate of a long row on {dev}"));
        }
        let got = ufunc::maximum
            .accumulate(&x)
            .run()
            .unwrap()
            .to_vec()
            .unwrap();
        if !got[17].is_nan() || !got[n - 1].is_nan() || got[16] != want[16] {
            errors.push(format!(
                "maximum.accumulate does not propagate NaN on {dev}"
            ));
        }
        let bits: Vec<u32> = (0..n as u32).map(|i| i.wrapping_mul(2654435761)).collect();
        let b = Array::from_vec(dev, &[1, n], bits.clone()).unwrap();
        let got = ufunc::bitwise_xor.accumulate(&b).axis(1).run().unwrap();
        let mut acc = 0u32;
        let want: Vec<u32> = bits
            .iter()
            .map(|&v| {
                acc ^= v;
                acc
            })
            .collect();
        if got.to_vec().unwrap() != want {
            errors.push(format!("bitwise_xor.accumulate of a long row on {dev}"));
        }

        // `add.at` with 200 000 indices into 1000 elements: NumPy's order, to the bit.
        let m = 200_000;
        let idx: Vec<i64> = (0..m).map(|k| ((k * 7919) % 1000) as i64 - 500).collect();
        let vals: Vec<f64> = (0..m).map(|k| 1.0 / (1.0 + k as f64)).collect();
        let mut want = vec![0.25f64; 1000];
        for k in 0..m {
            let i = (idx[k] + if idx[k] < 0 { 1000 } else { 0 }) as usize;
            want[i] += vals[k];
        }
        let mut a = Array::full(dev, &[1000], 0.25f64).unwrap();
        let idx = Array::from_vec(dev, &[m], idx).unwrap();
        let vals = Array::from_vec(dev, &[m], vals).unwrap();
        ufunc::add.at(&mut a, &idx, &vals).unwrap();
        if a.to_vec().unwrap() != want {
            errors.push(format!("add.at is not NumPy's sequential sum on {dev}"));
        }
    });
}

/// Errors NumPy raises that the fixtures do not hold.
#[test]
fn errors_as_numpy() {
    let dev = Device::cpu();
    let a = Array::from_vec(&dev, &[2, 3], vec![1i32, 2, 3, 4, 5, 6]).unwrap();
    // Duplicate and out-of-range axes.
    assert!(ufunc::add.reduce(&a).axes(&[0, -2]).run().is_err());
    assert!(ufunc::add.reduce(&a).axis(2).run().is_err());
    assert!(ufunc::add.accumulate(&a).axis(-3).run().is_err());
    // reduceat: 2-d indices, negative index.
    let idx2 = Array::from_vec(&dev, &[1, 2], vec![0i64, 1]).unwrap();
    assert!(ufunc::add.reduceat(&a, &idx2).run().is_err());
    let neg = Array::from_vec(&dev, &[1], vec![-1i64]).unwrap();
    assert!(ufunc::add.reduceat(&a, &neg).axis(1).run().is_err());
    // at: values that do not broadcast to indices.shape + a.shape[1..].
    let mut b = a.clone().as_standard_layout().unwrap();
    let idx = Array::from_vec(&dev, &[2], vec![0i64, 1]).unwrap();
    let bad = Array::from_vec(&dev, &[2], vec![1i32, 2]).unwrap();
    assert!(ufunc::add.at(&mut b, &idx, &bad).is_err());
    assert_eq!(
        b.to_vec().unwrap(),
        a.to_vec().unwrap(),
        "a failed `at` changes nothing"
    );
    // An empty reduction of a ufunc without identity; with `initial` it is fine.
    let e = Array::<u8>::zeros(&dev, &[0, 0]).unwrap();
    assert!(ufunc::minimum.reduce(&e).run().is_err());
    assert_eq!(
        ufunc::minimum.reduce(&e).initial(7).run().unwrap().shape(),
        &[0]
    );
    assert_eq!(ufunc::add.reduce(&e).run().unwrap().shape(), &[0]);
}

/// Whether NVRTC is here to compile kernels (skipped without it, except under CI).
fn nvrtc(what: &str) -> bool {
    kernels_std::array_runtime::cuda::verify::nvrtc_or_skip(what).unwrap()
}

fn verify(inst: kernels_std::array_runtime::kernel::reduction::ReductionInstance) {
    kernels_std::array_runtime::cuda::verify::reduction(&inst, true)
        .unwrap_or_else(|e| panic!("{}: {e}", inst.name()));
}

/// The reductions of `ufunc` (the raw kernels are compiled by the crate's unit tests).
#[test]
fn reduction_kernels_compile_with_nvrtc() {
    if !nvrtc("ufunc reductions") {
        return;
    }
    use kernels_std::ufunc::kernels;
    macro_rules! ints {
        ($($t:ty),*) => {$(
            verify(kernels::bitwise_and::instance::<$t>());
            verify(kernels::bitwise_or::instance::<$t>());
            verify(kernels::bitwise_xor::instance::<$t>());
            verify(kernels::logical_xor::instance::<$t>());
        )*};
    }
    ints!(i8, i16, i32, i64, u8, u16, u32, u64);
    macro_rules! others {
        ($($t:ty),*) => {$( verify(kernels::logical_xor::instance::<$t>()); )*};
    }
    others!(bool, f16, bf16, f32, f64, c64, c128);
}
