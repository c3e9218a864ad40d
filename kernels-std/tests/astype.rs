//! `Array::astype` against NumPy: the fixtures of `scripts/fixtures/gen_astype_fixtures.py`
//! (edge values of every dtype and NumPy's `astype` of them to every other dtype), on the CPU
//! and, when there is one, on CUDA device 0. Every result must be identical to NumPy's (NaN
//! equal to NaN, `-0.0` distinct from `0.0`): conversions round once, wrap or saturate exactly.
//! `bf16`, which NumPy lacks, is checked against `DType::cast` (the rules of
//! `array_runtime::cast`) and against the `f32` fixtures it must agree with.
//! All 225 (source, target) kernels are also compiled by NVRTC.

mod common;

use common::{assert_close, devices, fixture, Approx, Tol};
use kernels_std::io::{self, NpyDType};
use kernels_std::prelude::*;
use kernels_std::s;

fn load<T: NpyDType>(name: &str, dev: &Device) -> Array<T> {
    io::load::<T>(fixture(&format!("astype/{name}.npy")), dev)
        .unwrap_or_else(|e| panic!("fixture {name}: {e}"))
}

/// The input NumPy converted for a target: float and complex sources keep only the values
/// that fit a signed or unsigned integer target (the others are platform-defined in NumPy).
fn input_for(src: &str, src_float: bool, dst: &str) -> String {
    match (src_float, dst.as_bytes()[0]) {
        (true, b'i') => format!("{src}_int"),
        (true, b'u') => format!("{src}_uint"),
        _ => src.to_string(),
    }
}

fn check_pair<S: NpyDType, D: NpyDType + Approx>(src: &str, dst: &str) {
    let src_float = matches!(
        S::ID,
        DTypeId::F16 | DTypeId::F32 | DTypeId::F64 | DTypeId::C64 | DTypeId::C128
    );
    for dev in devices() {
        let a = load::<S>(&input_for(src, src_float, dst), &dev);
        let want = load::<D>(&format!("{src}_to_{dst}"), &dev);
        let got = a.astype::<D>().unwrap();
        let what = format!("{src} -> {dst} on {dev}");
        assert!(got.device().same(&dev), "{what}: result device");
        assert_close(&got, &want, Tol::exact().signed_zero(), &what);
        // A reversed view converts the same elements in reverse.
        if a.len() > 1 {
            let rev = a.slice(s![..;-1]).unwrap().astype::<D>().unwrap();
            let want_rev = want.slice(s![..;-1]).unwrap().copy().unwrap();
            assert_close(&rev, &want_rev, Tol::exact().signed_zero(), &what);
        }
    }
}

macro_rules! targets {
    ($src:ty, $sname:literal) => {
        check_pair::<$src, bool>($sname, "bool");
        check_pair::<$src, i8>($sname, "i8");
        check_pair::<$src, i16>($sname, "i16");
        check_pair::<$src, i32>($sname, "i32");
        check_pair::<$src, i64>($sname, "i64");
        check_pair::<$src, u8>($sname, "u8");
        check_pair::<$src, u16>($sname, "u16");
        check_pair::<$src, u32>($sname, "u32");
        check_pair::<$src, u64>($sname, "u64");
        check_pair::<$src, f16>($sname, "f16");
        check_pair::<$src, f32>($sname, "f32");
        check_pair::<$src, f64>($sname, "f64");
        check_pair::<$src, c64>($sname, "c64");
        check_pair::<$src, c128>($sname, "c128");
    };
}

#[test]
fn from_bool_and_integers_as_numpy() {
    targets!(bool, "bool");
    targets!(i8, "i8");
    targets!(i16, "i16");
    targets!(i32, "i32");
    targets!(i64, "i64");
    targets!(u8, "u8");
    targets!(u16, "u16");
    targets!(u32, "u32");
    targets!(u64, "u64");
}

#[test]
fn from_floats_and_complex_as_numpy() {
    targets!(f16, "f16");
    targets!(f32, "f32");
    targets!(f64, "f64");
    targets!(c64, "c64");
    targets!(c128, "c128");
}

/// `bf16` both ways: to `bf16` as `DType::cast` says (one rounding), and back to `f32` exactly.
fn check_bf16<S: NpyDType>(src: &str) {
    for dev in devices() {
        let a = load::<S>(src, &dev);
        let got = a.astype::<bf16>().unwrap();
        let want: Vec<bf16> = a.to_vec().unwrap().into_iter().map(|x| x.cast()).collect();
        let want = Array::from_vec(&dev, a.shape(), want).unwrap();
        assert_close(
            &got,
            &want,
            Tol::exact().signed_zero(),
            &format!("{src} -> bf16"),
        );
        // Every bf16 is exactly an f32: the round trip through f32 is the identity.
        let back = got.astype::<f32>().unwrap().astype::<bf16>().unwrap();
        assert_close(
            &back,
            &got,
            Tol::exact().signed_zero(),
            "bf16 -> f32 -> bf16",
        );
    }
}

#[test]
fn to_bf16_rounds_once_and_round_trips() {
    check_bf16::<f64>("f64");
    check_bf16::<f32>("f32");
    check_bf16::<f16>("f16");
    check_bf16::<i64>("i64");
    check_bf16::<u8>("u8");
    check_bf16::<c128>("c128");
    let dev = Device::cpu();
    // 1 + 2^-8 + 2^-45 is just above the halfway point between 1 and 1 + 2^-7: one rounding
    // goes up; rounding to f32 first would land on the halfway point and go down to 1.
    let x = Array::from_vec(&dev, &[1], vec![1.0 + 2f64.powi(-8) + 2f64.powi(-45)]).unwrap();
    let b = x.astype::<bf16>().unwrap().to_vec().unwrap();
    assert_eq!(b, vec![bf16::from_f32(1.0 + 2f32.powi(-7))]);
}

#[test]
fn astype_into_broadcasts_and_writes_views() {
    for dev in devices() {
        let a = Array::from_vec(&dev, &[3], vec![1.5f64, -2.5, 300.0]).unwrap();
        let mut out = Array::<i16>::zeros(&dev, &[2, 4]).unwrap();
        {
            let mut v = out.view_mut().unwrap();
            let mut cols = v.slice_mut(s![.., 1..]).unwrap();
            a.astype_into(&mut cols).unwrap();
        }
        assert_eq!(out.to_vec().unwrap(), vec![0, 1, -2, 300, 0, 1, -2, 300]);
        let mut small = Array::<i16>::zeros(&dev, &[2]).unwrap();
        let err = a.astype_into(&mut small.view_mut().unwrap()).unwrap_err();
        assert!(err.to_string().contains("[3]"), "{err}");
    }
}

#[test]
fn empty_and_zero_d() {
    for dev in devices() {
        let e = Array::<f32>::zeros(&dev, &[0, 3])
            .unwrap()
            .astype::<u8>()
            .unwrap();
        assert_eq!(e.shape(), &[0, 3]);
        let z = Array::scalar(&dev, -7i64).unwrap().astype::<f16>().unwrap();
        assert_eq!(z.shape(), &[] as &[usize]);
        assert_eq!(z.item().unwrap(), f16::from_f32(-7.0));
    }
}

/// Every (source, target) kernel compiles with NVRTC (PTX compute_90 and CUBIN sm_90).
#[test]
fn every_astype_kernel_compiles_with_nvrtc() {
    use array_runtime::cuda::verify;
    if !verify::nvrtc_or_skip("astype kernels").unwrap() {
        return;
    }
    let ids = [
        DTypeId::Bool,
        DTypeId::I8,
        DTypeId::I16,
        DTypeId::I32,
        DTypeId::I64,
        DTypeId::U8,
        DTypeId::U16,
        DTypeId::U32,
        DTypeId::U64,
        DTypeId::F16,
        DTypeId::BF16,
        DTypeId::F32,
        DTypeId::F64,
        DTypeId::C64,
        DTypeId::C128,
    ];
    let pairs: Vec<(DTypeId, DTypeId)> = ids
        .iter()
        .flat_map(|&a| ids.iter().map(move |&b| (a, b)))
        .collect();
    let failures: Vec<String> = std::thread::scope(|s| {
        let chunks: Vec<_> = pairs
            .chunks(pairs.len().div_ceil(2))
            .map(|chunk| {
                s.spawn(move || {
                    chunk
                        .iter()
                        .filter_map(|&(a, b)| {
                            verify::astype(a, b)
                                .err()
                                .map(|e| format!("{a} -> {b}: {e}"))
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        chunks
            .into_iter()
            .flat_map(|h| h.join().expect("thread"))
            .collect()
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
