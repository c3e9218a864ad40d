//! The elementwise functions and predicates beyond the core ufuncs (`fabs`, `fix`, `positive`,
//! `sinc`, `i0`, `frexp`, `modf`, `ldexp`, `float_power`, `gcd`, `lcm`, `bitwise_count`, `isposinf`,
//! `isneginf`, `iscomplex`, `isreal`, `nan_to_num`, `nextafter`, `spacing`, `real_if_close`, `unwrap`) and
//! the dtype routines against NumPy: the
//! fixtures of `scripts/fixtures/gen_elem_fixtures.py` (the edge values of the math fixtures:
//! +-0, +-inf, NaN, subnormals, integer limits; every dtype), on each case's whole input, a
//! reversed view and a strided view, on the CPU and, when there is one, a CUDA device. Also
//! empty and 0-d inputs, and the NVRTC compilation of every kernel instantiation.
//!
//! Exact (signed zeros distinguished) except `sinc` and `float_power` (transcendental: 4 ULPs
//! for `f32`/`f64`, 1 for the half types).

mod common;
mod ufunc_fixtures;

use common::{assert_close, devices, fixture, Tol};
use kernels_std::io::{load_npz, Npz};
use kernels_std::math::{self, InfSign, NanToNum, RealValues, Sinc, ToFloat};
use kernels_std::prelude::*;
use ufunc_fixtures::{entry, view, Fx};

fn load(name: &str, dev: &Device) -> Npz {
    load_npz(fixture(&format!("elem/{name}.npz")), dev)
        .unwrap_or_else(|e| panic!("fixture {name}: {e}"))
}

fn exact() -> Tol {
    Tol::exact().signed_zero()
}

fn ulps<T: DType>(n: u64) -> Tol {
    match T::ID {
        DTypeId::F16 | DTypeId::BF16 => Tol::ulps(1),
        DTypeId::F32 | DTypeId::F64 => Tol::ulps(n),
        _ => Tol::exact(),
    }
}

/// A function of one operand on the fixture `name` of input dtype `I`, checked on each view.
fn unary<I: Fx, O: Fx>(
    name: &str,
    dev: &Device,
    tol: Tol,
    f: impl Fn(&Array<I>) -> Result<Array<O>>,
) {
    let z = load(name, dev);
    let x = entry::<I, I>(&z, "x");
    let want = entry::<I, O>(&z, "out");
    for k in 0..3 {
        let got = f(&view(k, &x)).unwrap_or_else(|e| panic!("{name} {}: {e}", I::ID));
        assert!(got.device().same(dev));
        assert_close(
            &got,
            &view(k, &want),
            tol,
            &format!("{name} of {} (view {k}) on {dev}", I::ID),
        );
    }
}

/// A function of two results on the fixture `name` (`out0`, `out1`).
fn unary2<I: Fx, O: Fx, P: Fx>(
    name: &str,
    dev: &Device,
    f: impl Fn(&Array<I>) -> Result<(Array<O>, Array<P>)>,
) {
    let z = load(name, dev);
    let x = entry::<I, I>(&z, "x");
    let (w0, w1) = (entry::<I, O>(&z, "out0"), entry::<I, P>(&z, "out1"));
    for k in 0..3 {
        let (a, b) = f(&view(k, &x)).unwrap_or_else(|e| panic!("{name} {}: {e}", I::ID));
        let what = format!("{name} of {} (view {k}) on {dev}", I::ID);
        assert_close(&a, &view(k, &w0), exact(), &what);
        assert_close(&b, &view(k, &w1), exact(), &what);
    }
}

/// A function of two operands of one dtype on the fixture `name`.
fn binary<I: Fx, Y: Fx, O: Fx>(
    name: &str,
    dev: &Device,
    tol: Tol,
    f: impl Fn(&Array<I>, &Array<Y>) -> Result<Array<O>>,
) {
    let z = load(name, dev);
    let x = entry::<I, I>(&z, "x");
    let y = entry::<I, Y>(&z, "y");
    let want = entry::<I, O>(&z, "out");
    for k in 0..3 {
        let got = f(&view(k, &x), &view(k, &y)).unwrap_or_else(|e| panic!("{name} {}: {e}", I::ID));
        assert_close(
            &got,
            &view(k, &want),
            tol,
            &format!("{name} of {} (view {k}) on {dev}", I::ID),
        );
    }
}

/// Runs `$run::<T>(&dev)` for every device and each listed dtype.
macro_rules! each {
    ($run:ident: $($t:ty),*) => {
        for dev in devices() {
            $($run::<$t>(&dev);)*
        }
    };
}

#[test]
fn fabs() {
    fn run<I: Fx + ToFloat>(dev: &Device)
    where
        I::Float: Fx,
    {
        unary::<I, I::Float>("fabs", dev, exact(), |x| math::fabs(x));
    }
    each!(run: bool, i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64);
}

#[test]
fn fix() {
    fn run<I: Fx + math::MathNum>(dev: &Device) {
        unary::<I, I>("fix", dev, exact(), |x| math::fix(x));
    }
    each!(run: i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64);
}

#[test]
fn positive() {
    fn run<I: Fx + math::Positive>(dev: &Device) {
        unary::<I, I>("positive", dev, exact(), |x| math::positive(x));
    }
    each!(run: i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64, c64, c128);
}

#[test]
fn sinc() {
    fn run<I: Fx + Sinc>(dev: &Device)
    where
        I::Out: Fx,
    {
        // `sin(pi x)` near integers cancels: compare with an absolute tolerance there.
        let tol = match <I::Out as DType>::ID {
            DTypeId::F16 | DTypeId::BF16 => Tol::ulps(1),
            DTypeId::F32 => Tol {
                atol: 1e-7,
                ..Tol::ulps(4)
            },
            _ => Tol {
                atol: 1e-16,
                ..Tol::ulps(4)
            },
        };
        unary::<I, I::Out>("sinc", dev, tol, |x| math::sinc(x));
    }
    each!(run: bool, i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64);
}

#[test]
fn i0() {
    fn run<I: Fx + math::I0>(dev: &Device)
    where
        I::Out: Fx,
    {
        // The series is summed with NumPy's roundings, so the results differ only through
        // `exp` and `sqrt`.
        unary::<I, I::Out>("i0", dev, ulps::<I::Out>(4), |x| math::i0(x));
    }
    each!(run: bool, i8, i16, i32, i64, u8, u16, u32, u64, f16, f32, f64);
}

#[test]
fn frexp_and_modf() {
    fn run<I: Fx + ToFloat>(dev: &Device)
    where
        I::Float: Fx,
    {
        unary2::<I, I::Float, i32>("frexp", dev, |x| math::frexp(x));
        unary2::<I, I::Float, I::Float>("modf", dev, |x| math::modf(x));
    }
    each!(run: bool, i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64);
}

#[test]
fn ldexp() {
    fn run<I: Fx + ToFloat>(dev: &Device)
    where
        I::Float: Fx,
    {
        binary::<I, i32, I::Float>("ldexp", dev, exact(), |x, e| math::ldexp(x, e));
    }
    each!(run: bool, i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64);
}

#[test]
fn float_power() {
    fn run<I: Fx + ToFloat>(dev: &Device) {
        binary::<I, I, f64>("float_power", dev, ulps::<f64>(4), |x, y| {
            math::float_power(x, y)
        });
    }
    each!(run: bool, i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64);
}

#[test]
fn gcd_lcm_bitwise_count() {
    fn run<I: Fx + Int>(dev: &Device) {
        binary::<I, I, I>("gcd", dev, exact(), |x, y| math::gcd(x, y));
        binary::<I, I, I>("lcm", dev, exact(), |x, y| math::lcm(x, y));
        unary::<I, u8>("bitwise_count", dev, exact(), |x| math::bitwise_count(x));
    }
    each!(run: i8, i16, i32, i64, u8, u16, u32, u64);
}

#[test]
fn isposinf_isneginf() {
    fn run<I: Fx + InfSign>(dev: &Device) {
        unary::<I, bool>("isposinf", dev, exact(), |x| math::isposinf(x));
        unary::<I, bool>("isneginf", dev, exact(), |x| math::isneginf(x));
    }
    each!(run: bool, i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64);
}

#[test]
fn iscomplex_isreal() {
    fn run<I: Fx + RealValues>(dev: &Device) {
        unary::<I, bool>("iscomplex", dev, exact(), |x| math::iscomplex(x));
        unary::<I, bool>("isreal", dev, exact(), |x| math::isreal(x));
    }
    each!(run: bool, i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64, c64, c128);
}

#[test]
fn nan_to_num() {
    fn run<I: Fx + NanToNum>(dev: &Device) {
        // bf16's fixture is NumPy's f32 result, whose default `posinf` (f32's maximum) is
        // not bf16's: bf16 is checked with explicit replacements only.
        if I::ID != DTypeId::BF16 {
            unary::<I, I>("nan_to_num", dev, exact(), |x| {
                math::nan_to_num(x, 0.0, None, None)
            });
        }
        let z = load("nan_to_num", dev);
        let x = entry::<I, I>(&z, "x");
        let want = entry::<I, I>(&z, "kw");
        for k in 0..3 {
            let got = math::nan_to_num(view(k, &x), -1.5, Some(7.0), Some(-1e6)).unwrap();
            assert_close(
                &got,
                &view(k, &want),
                exact(),
                &format!("nan_to_num kw of {} (view {k})", I::ID),
            );
        }
    }
    each!(run: bool, i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64, c64, c128);
}

/// Empty and 0-d inputs keep their shapes; a 2-d transposed view gives its values.
#[test]
fn empty_zero_d_and_transposed() {
    let dev = Device::cpu();
    let e = Array::<f64>::zeros(&dev, &[0, 3]).unwrap();
    assert_eq!(math::fabs(&e).unwrap().shape(), &[0, 3]);
    assert_eq!(math::sinc(&e).unwrap().shape(), &[0, 3]);
    let (m, x) = math::frexp(&e).unwrap();
    assert_eq!((m.shape(), x.shape()), (&[0usize, 3][..], &[0usize, 3][..]));
    assert_eq!(math::ldexp(&e, 3).unwrap().shape(), &[0, 3]);
    assert_eq!(
        math::nan_to_num(&e, 0.0, None, None).unwrap().shape(),
        &[0, 3]
    );
    assert_eq!(math::isposinf(&e).unwrap().shape(), &[0, 3]);
    let ei = Array::<i32>::zeros(&dev, &[0]).unwrap();
    assert_eq!(math::gcd(&ei, &ei).unwrap().shape(), &[0]);
    assert_eq!(math::bitwise_count(&ei).unwrap().shape(), &[0]);

    let s = Array::from_vec(&dev, &[], vec![-2.5f32]).unwrap();
    let (f, i) = math::modf(&s).unwrap();
    assert_eq!(
        (f.shape(), f.to_vec().unwrap(), i.to_vec().unwrap()),
        (&[][..], vec![-0.5], vec![-2.0])
    );
    assert_eq!(math::fix(&s).unwrap().shape(), &[] as &[usize]);
    let si = Array::from_vec(&dev, &[], vec![12i64]).unwrap();
    assert_eq!(math::lcm(&si, 18i64).unwrap().to_vec().unwrap(), vec![36]);

    let a = Array::from_vec(&dev, &[2, 3], vec![1.0f64, -2.0, 0.0, 8.0, -0.5, 3.0]).unwrap();
    let (m, x) = math::frexp(a.t()).unwrap();
    assert_eq!(m.to_vec().unwrap(), vec![0.5, 0.5, -0.5, -0.5, 0.0, 0.75]);
    assert_eq!(x.to_vec().unwrap(), vec![1, 4, 2, 0, 0, 2]);
    // Only the last step of `ldexp` rounds: NumPy gives 5e-324 here, where rounding first at
    // `x 2^-1080` (a tie, to even) and then at `2^-20` (a tie again) would give 1e-323.
    let x = Array::from_vec(&dev, &[1], vec![(1.5 - 2f64.powi(-21)) * 2f64.powi(26)]).unwrap();
    assert_eq!(
        math::ldexp(&x, -1100).unwrap().to_vec().unwrap(),
        vec![5e-324]
    );
    // Broadcast operands: a column of exponents against a row.
    let col = Array::from_vec(&dev, &[2, 1], vec![1i32, -1]).unwrap();
    let row = Array::from_vec(&dev, &[3], vec![1.0f32, 3.0, -0.0]).unwrap();
    assert_eq!(
        math::ldexp(&row, &col).unwrap().to_vec().unwrap(),
        vec![2.0, 6.0, -0.0, 0.5, 1.5, -0.0]
    );
}

/// The dtype routines against `dtypes.txt` (`function|argument|argument|result` lines).
#[test]
fn dtype_routines() {
    use kernels_std::{common_type, isdtype, issubdtype, min_scalar_type};
    let text = std::fs::read_to_string(fixture("elem/dtypes.txt")).unwrap();
    let dtype = |name: &str| -> DTypeId {
        let ours = match name {
            "bool" => "bool",
            "float16" => "f16",
            "float32" => "f32",
            "float64" => "f64",
            "complex64" => "c64",
            "complex128" => "c128",
            other => {
                let bits = other.trim_start_matches(|c: char| c.is_alphabetic());
                let sign = if other.starts_with('u') { "u" } else { "i" };
                return DTypeId::ALL
                    .into_iter()
                    .find(|d| d.name() == format!("{sign}{bits}"))
                    .unwrap();
            }
        };
        DTypeId::ALL.into_iter().find(|d| d.name() == ours).unwrap()
    };
    let mut checked = 0;
    for line in text.lines() {
        let f: Vec<&str> = line.split('|').collect();
        let got = match f[0] {
            "isdtype" => isdtype(dtype(f[1]), f[2]).unwrap().to_string(),
            "issubdtype" => issubdtype(dtype(f[1]), f[2]).unwrap().to_string(),
            "common_type" => {
                let ds: Vec<DTypeId> = [f[1], f[2]]
                    .iter()
                    .filter(|s| !s.is_empty())
                    .map(|s| dtype(s))
                    .collect();
                match common_type(&ds) {
                    Ok(d) => d.name().to_string(),
                    Err(_) => "error".to_string(),
                }
            }
            "min_scalar_type" => {
                let d = match f[1] {
                    "int" => match f[2].parse::<i64>() {
                        Ok(v) => min_scalar_type(v),
                        Err(_) => min_scalar_type(f[2].parse::<u64>().unwrap()),
                    },
                    "float" => min_scalar_type(f[2].parse::<f64>().unwrap()),
                    "complex" => {
                        let (re, im) = f[2].split_once(',').unwrap();
                        min_scalar_type(c128::new(re.parse().unwrap(), im.parse().unwrap()))
                    }
                    _ => min_scalar_type(f[2] == "True"),
                };
                d.name().to_string()
            }
            other => panic!("unknown routine {other}"),
        };
        let want = match f[0] {
            "common_type" | "min_scalar_type" if f[3] != "error" => dtype(f[3]).name().to_string(),
            _ => f[3].to_lowercase(),
        };
        assert_eq!(got, want, "{line}");
        checked += 1;
    }
    assert!(checked > 800, "{checked} lines");
    assert!(isdtype(DTypeId::F32, "floating").is_err());
    assert!(issubdtype(DTypeId::F32, "float").is_err());
    assert!(kernels_std::iscomplexobj(
        &Array::<c64>::zeros(&Device::cpu(), &[0]).unwrap()
    ));
    assert!(kernels_std::isrealobj(
        &Array::<f32>::zeros(&Device::cpu(), &[0]).unwrap()
    ));
}

/// Every instantiation of the new kernels compiles with NVRTC (skipped without NVRTC).
#[test]
fn every_kernel_compiles_with_nvrtc() {
    use array_runtime::cuda::verify;
    use array_runtime::kernel::elementwise::{ElementwiseDef, Instance};
    use kernels_std::math::kernels as k;
    use rayon::prelude::*;
    use DTypeId::*;

    if !verify::nvrtc_or_skip("elementwise extras").unwrap() {
        return;
    }
    type Inst = (
        &'static ElementwiseDef,
        Vec<DTypeId>,
        Vec<DTypeId>,
        Vec<DTypeId>,
    );
    const INTS: [DTypeId; 8] = [I8, I16, I32, I64, U8, U16, U32, U64];
    const FLOATS: [DTypeId; 4] = [F16, BF16, F32, F64];
    const TO_FLOAT: [(DTypeId, DTypeId, DTypeId); 13] = [
        (Bool, F16, F32),
        (I8, F16, F32),
        (U8, F16, F32),
        (I16, F32, F32),
        (U16, F32, F32),
        (I32, F64, F64),
        (U32, F64, F64),
        (I64, F64, F64),
        (U64, F64, F64),
        (F16, F16, F32),
        (BF16, BF16, F32),
        (F32, F32, F32),
        (F64, F64, F64),
    ];
    let mut out: Vec<Inst> = Vec::new();
    for (i, f, c) in TO_FLOAT {
        out.push((&k::fabs::DEF, vec![i, f, c], vec![i], vec![f]));
        out.push((&k::frexp::DEF, vec![i, f, c], vec![i], vec![f, I32]));
        out.push((&k::modf::DEF, vec![i, f, c], vec![i], vec![f, f]));
        out.push((&k::ldexp::DEF, vec![i, f, c], vec![i, I32], vec![f]));
        let (o, s, sc) = match i {
            F16 => (F16, F16, F32),
            BF16 => (BF16, F32, F32),
            F32 => (F32, F32, F32),
            _ => (F64, F64, F64),
        };
        out.push((&k::sinc::DEF, vec![i, o, s, sc], vec![i, s], vec![o]));
        out.push((
            &k::power_float::DEF,
            vec![i, F64, F64],
            vec![i, i],
            vec![F64],
        ));
        let steps = vec![i, I32, I32, f, Bool];
        out.push((&k::spacing::DEF, vec![i, f, c], steps, vec![f]));
        let steps = vec![i, i, I32, I32, f, Bool];
        out.push((&k::nextafter::DEF, vec![i, f, c], steps, vec![f]));
        if i != BF16 {
            let (o, oc) = match i {
                F16 => (F16, F32),
                F32 => (F32, F32),
                _ => (F64, F64),
            };
            out.push((&k::i0::DEF, vec![i, o, o, oc], vec![i], vec![o]));
        }
    }
    for t in [F32, F64] {
        out.push((&k::unwrap_correction::DEF, vec![t], vec![t, t, t], vec![t]));
    }
    for t in FLOATS {
        out.push((&k::isposinf::DEF, vec![t], vec![t], vec![Bool]));
        out.push((&k::isneginf::DEF, vec![t], vec![t], vec![Bool]));
        out.push((&k::nan_to_num::DEF, vec![t], vec![t; 4], vec![t]));
    }
    for t in INTS {
        out.push((&k::gcd::DEF, vec![t], vec![t, t], vec![t]));
        out.push((&k::lcm::DEF, vec![t], vec![t, t], vec![t]));
        out.push((&k::bitwise_count::DEF, vec![t], vec![t], vec![U8]));
    }
    for t in INTS.into_iter().chain(FLOATS).chain([Bool]) {
        out.push((&k::all_false::DEF, vec![t], vec![t], vec![Bool]));
        out.push((&k::all_true::DEF, vec![t], vec![t], vec![Bool]));
    }
    for (t, r, defs) in [
        (
            C64,
            F32,
            [
                &k::iscomplex_c64::DEF,
                &k::isreal_c64::DEF,
                &k::nan_to_num_c64::DEF,
            ],
        ),
        (
            C128,
            F64,
            [
                &k::iscomplex_c128::DEF,
                &k::isreal_c128::DEF,
                &k::nan_to_num_c128::DEF,
            ],
        ),
    ] {
        out.push((defs[0], vec![], vec![t], vec![Bool]));
        out.push((defs[1], vec![], vec![t], vec![Bool]));
        out.push((defs[2], vec![], vec![t, r, r, r], vec![t]));
    }
    // Each instantiation through the assembler with one entry point (a CUBIN for sm_90), and
    // every variant a call can make (the whole module among them) to PTX.
    let failures: Vec<String> = out
        .par_iter()
        .filter_map(|(def, types, params, results)| {
            let inst = Instance {
                def,
                type_args: types,
                params,
                results,
            };
            verify::assembled(&inst)
                .and_then(|_| verify::elementwise(&inst))
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
    eprintln!("{} instantiations compiled", out.len());
}

#[test]
fn nextafter_spacing() {
    fn run<I: Fx + math::FloatSteps>(dev: &Device)
    where
        I::Float: Fx,
    {
        binary::<I, I, I::Float>("nextafter", dev, exact(), |x, y| math::nextafter(x, y));
        unary::<I, I::Float>("spacing", dev, exact(), |x| math::spacing(x));
    }
    each!(run: bool, i8, i16, i32, i64, u8, u16, u32, u64, f16, f32, f64);
    // bf16 (no NumPy dtype): its own ulps, 2^-7 at 1.
    let dev = Device::cpu();
    let b = |v: &[f32]| {
        Array::from_vec(
            &dev,
            &[v.len()],
            v.iter().map(|&x| bf16::from_f32(x)).collect(),
        )
        .unwrap()
    };
    let x = b(&[1.0, 1.0, 0.0, 3.3895314e38, -2.0]);
    let y = b(&[2.0, 0.0, -1.0, f32::INFINITY, 0.0]);
    let got: Vec<f32> = math::nextafter(&x, &y)
        .unwrap()
        .to_vec()
        .unwrap()
        .iter()
        .map(|v| v.to_f32())
        .collect();
    let tiny = bf16::from_bits(1).to_f32();
    assert_eq!(
        got,
        vec![1.0078125, 0.99609375, -tiny, f32::INFINITY, -1.9921875]
    );
    let s: Vec<f32> = math::spacing(&x)
        .unwrap()
        .to_vec()
        .unwrap()
        .iter()
        .map(|v| v.to_f32())
        .collect();
    assert_eq!(s[..3], [0.0078125, 0.0078125, tiny]);
    assert_eq!(s[3], f32::INFINITY);
}

#[test]
fn real_if_close() {
    fn run<C: Fx + math::RealIfClose>(dev: &Device) {
        let z = load("real_if_close", dev);
        let tols = entry::<C, f64>(&z, "tol").to_vec().unwrap();
        let real = entry::<C, bool>(&z, "real").to_vec().unwrap();
        for (k, (tol, want)) in tols.into_iter().zip(real).enumerate() {
            let a = entry::<C, C>(&z, &format!("case{k}"));
            let got = math::real_if_close(&a, tol).unwrap();
            assert_eq!(
                matches!(got, math::RealOrComplex::Real(_)),
                want,
                "{} case {k}",
                C::ID
            );
        }
    }
    each!(run: c64, c128);
    let x = Array::from_vec(&Device::cpu(), &[2], vec![1i16, 2]).unwrap();
    match math::real_if_close(&x, 100.0).unwrap() {
        math::RealOrComplex::Real(r) => assert_eq!(r.to_vec().unwrap(), vec![1, 2]),
        math::RealOrComplex::Complex(_) => panic!("a real dtype stays real"),
    }
}

#[test]
fn unwrap() {
    use kernels_std::scan;
    fn case<T: Fx + scan::Unwrap>(z: &Npz, k: usize) {
        let p = T::load(z, &format!("case{k}_p"));
        let want = T::load(z, &format!("case{k}_out"));
        let params = z
            .array::<f64>(&format!("case{k}_params"))
            .unwrap()
            .to_vec()
            .unwrap();
        let discont = if params[0].is_nan() {
            None
        } else {
            Some(params[0])
        };
        let got = scan::unwrap(&p, discont, params[1] as isize, params[2]).unwrap();
        assert_eq!(got.shape(), want.shape(), "case {k}");
        let tol = if T::ID == DTypeId::F32 {
            Tol::close(1e-6, 1e-5)
        } else {
            Tol::close(1e-13, 1e-12)
        };
        assert_close(&got, &want, tol, &format!("unwrap case {k}"));
        // A transposed (non-contiguous) input gives the transposed result.
        if p.ndim() == 2 {
            let axis = 1 - params[1] as isize;
            let got = scan::unwrap(&p.t(), discont, axis, params[2]).unwrap();
            assert_close(&got, &want.t(), tol, &format!("unwrap case {k} transposed"));
        }
    }
    for dev in devices() {
        let z = load("unwrap", &dev);
        for k in [0, 2, 3, 4, 5, 6, 7, 8, 9] {
            case::<f64>(&z, k);
        }
        case::<f32>(&z, 1);
    }
    let s = Array::from_vec(&Device::cpu(), &[], vec![1.0f64]).unwrap();
    assert!(scan::unwrap(&s, None, -1, 6.0).is_err());
    let v = Array::from_vec(&Device::cpu(), &[2], vec![1.0f64, 2.0]).unwrap();
    assert!(scan::unwrap(&v, None, 1, 6.0).is_err());
}
