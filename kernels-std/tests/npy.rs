//! `.npy`/`.npz` I/O against files written by NumPy (`scripts/fixtures/gen_io_fixtures.py`),
//! round trips for every dtype and shape kind, malformed files, and NumPy reading our files
//! (when a Python with NumPy is available: `NUMPY_PYTHON=/path/to/python`, else `python3`).

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::{assert_close, check_close, fixture, Approx, Tol};
use kernels_std::io::{self, AnyArray, NpyDType};
use kernels_std::{c128, c64, f16, Array, DTypeId, Device, Error, Result};

fn cpu() -> Device {
    Device::cpu()
}

fn fx(name: &str) -> PathBuf {
    fixture(&format!("io/{name}"))
}

/// A fresh path in this process's scratch folder.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kernels_std_npy_test_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn arr<T: NpyDType>(shape: &[usize], values: Vec<T>) -> Array<T> {
    Array::from_vec(&cpu(), shape, values).unwrap()
}

// ---------------------------------------------------------------------------------------------
// The values of the fixtures, rebuilt by hand (see the generator script).

macro_rules! signed {
    ($t:ty) => {
        vec![<$t>::MIN, -1, 0, 1, 2, <$t>::MAX]
    };
}

macro_rules! unsigned {
    ($t:ty) => {
        vec![0, 1, 2, 3, <$t>::MAX - 1, <$t>::MAX]
    };
}

fn floats_f64() -> Vec<f64> {
    let (inf, nan) = (f64::INFINITY, f64::NAN);
    let third = 1.0 / 3.0;
    vec![
        0.0,
        -0.0,
        1.5,
        -2.25,
        inf,
        -inf,
        nan,
        f64::MAX,
        f64::from_bits(1),
        third,
    ]
}

fn floats_f32() -> Vec<f32> {
    let mut v: Vec<f32> = floats_f64().into_iter().map(|x| x as f32).collect();
    (v[7], v[8]) = (f32::MAX, f32::from_bits(1));
    v
}

fn floats_f16() -> Vec<f16> {
    let mut v: Vec<f16> = floats_f64().into_iter().map(f16::from_f64).collect();
    (v[7], v[8]) = (f16::MAX, f16::from_bits(1));
    v
}

fn complexes_c128() -> Vec<c128> {
    vec![
        c128::new(1.5, -2.0),
        c128::new(0.0, -0.0),
        c128::new(f64::INFINITY, f64::NAN),
        c128::new(-1.0, 1e-3),
    ]
}

fn complexes_c64() -> Vec<c64> {
    complexes_c128()
        .into_iter()
        .map(|z| c64::new(z.re as f32, z.im as f32))
        .collect()
}

/// Loads `dtype_<kind>.npy`, compares it with `values`, and checks that our `save` of the same
/// array gives NumPy's bytes exactly.
fn check_dtype_fixture<T: NpyDType + Approx>(kind: &str, shape: &[usize], values: Vec<T>) {
    let path = fx(&format!("dtype_{kind}.npy"));
    let expected = arr(shape, values);
    let got = io::load::<T>(&path, &cpu()).unwrap();
    assert_close(&got, &expected, Tol::exact().signed_zero(), kind);
    let any = io::load_any(&path, &cpu()).unwrap();
    assert_eq!((any.dtype(), any.descr()), (T::ID, T::DESCR), "{kind}");
    assert!(any.as_array::<T>().is_some());

    let ours = scratch(&format!("ours_{kind}.npy"));
    io::save(&ours, &expected).unwrap();
    assert_eq!(
        std::fs::read(&ours).unwrap(),
        std::fs::read(&path).unwrap(),
        "{kind}: our bytes differ from np.save's"
    );
}

#[test]
fn numpy_fixtures_of_every_dtype() {
    check_dtype_fixture("b1", &[2, 3], vec![true, false, true, true, false, false]);
    check_dtype_fixture("i1", &[2, 3], signed!(i8));
    check_dtype_fixture("i2", &[2, 3], signed!(i16));
    check_dtype_fixture("i4", &[2, 3], signed!(i32));
    check_dtype_fixture("i8", &[2, 3], signed!(i64));
    check_dtype_fixture("u1", &[2, 3], unsigned!(u8));
    check_dtype_fixture("u2", &[2, 3], unsigned!(u16));
    check_dtype_fixture("u4", &[2, 3], unsigned!(u32));
    check_dtype_fixture("u8", &[2, 3], unsigned!(u64));
    check_dtype_fixture("f2", &[2, 5], floats_f16());
    check_dtype_fixture("f4", &[2, 5], floats_f32());
    check_dtype_fixture("f8", &[2, 5], floats_f64());
    check_dtype_fixture("c8", &[2, 2], complexes_c64());
    check_dtype_fixture("c16", &[2, 2], complexes_c128());
}

#[test]
fn numpy_fixtures_zero_d_and_empty() {
    let s = io::load::<f64>(fx("scalar_f8.npy"), &cpu()).unwrap();
    assert_eq!((s.ndim(), s.item().unwrap()), (0, 3.5));
    let s = io::load::<i16>(fx("scalar_i2.npy"), &cpu()).unwrap();
    assert_eq!((s.shape(), s.item().unwrap()), (&[][..], -7));
    assert!(io::load::<bool>(fx("scalar_b1.npy"), &cpu())
        .unwrap()
        .item()
        .unwrap());

    let e = io::load::<f32>(fx("empty_f4.npy"), &cpu()).unwrap();
    assert_eq!((e.shape(), e.len()), (&[0][..], 0));
    let e = io::load::<i64>(fx("empty_i8_2x0x3.npy"), &cpu()).unwrap();
    assert_eq!(e.shape(), &[2, 0, 3]);

    for (name, shape) in [
        ("scalar_f8.npy", vec![]),
        ("empty_i8_2x0x3.npy", vec![2, 0, 3]),
    ] {
        let ours = scratch(&format!("ours_{name}"));
        let any = io::load_any(fx(name), &cpu()).unwrap();
        assert_eq!(any.shape(), &shape[..]);
        io::save_npz(&ours, [("x", any.clone())]).unwrap();
        match any {
            AnyArray::F64(a) => io::save(&ours, &a).unwrap(),
            AnyArray::I64(a) => io::save(&ours, &a).unwrap(),
            other => panic!("{name}: unexpected dtype {}", other.dtype()),
        }
        assert_eq!(
            std::fs::read(&ours).unwrap(),
            std::fs::read(fx(name)).unwrap(),
            "{name}"
        );
    }
}

#[test]
fn numpy_fixtures_fortran_order() {
    let a = io::load::<i32>(fx("fortran_i4.npy"), &cpu()).unwrap();
    assert_eq!(a.shape(), &[2, 3, 4]);
    assert!(a.is_c_contiguous());
    assert_eq!(a.to_vec().unwrap(), (0..24).collect::<Vec<_>>());

    let c = io::load::<c128>(fx("fortran_c16.npy"), &cpu()).unwrap();
    let expected: Vec<c128> = (0..6)
        .map(|i| c128::new(i as f64, (i + 6) as f64))
        .collect();
    assert_close(&c, &arr(&[2, 3], expected), Tol::exact(), "fortran c16");
}

#[test]
fn numpy_fixtures_big_endian() {
    let a = io::load::<i32>(fx("be_i4.npy"), &cpu()).unwrap();
    assert_close(&a, &arr(&[2, 3], (-3..3).collect()), Tol::exact(), "be i4");
    let a = io::load::<u16>(fx("be_u2.npy"), &cpu()).unwrap();
    assert_eq!(a.to_vec().unwrap(), vec![1, 258, 65535]);
    let a = io::load::<f16>(fx("be_f2.npy"), &cpu()).unwrap();
    let expected = [1.5, -0.0, f64::INFINITY, 65504.0]
        .map(f16::from_f64)
        .to_vec();
    assert_close(
        &a,
        &arr(&[4], expected),
        Tol::exact().signed_zero(),
        "be f2",
    );
    let a = io::load::<f64>(fx("be_f8.npy"), &cpu()).unwrap();
    let expected = vec![1.5, -0.0, f64::INFINITY, f64::NAN];
    assert_close(
        &a,
        &arr(&[4], expected),
        Tol::exact().signed_zero(),
        "be f8",
    );
    let a = io::load::<c64>(fx("be_c8.npy"), &cpu()).unwrap();
    let expected = vec![c64::new(1.0, -2.0), c64::new(0.5, 4.0)];
    assert_close(&a, &arr(&[2], expected), Tol::exact(), "be c8");
    let a = io::load::<i64>(fx("be_fortran_i8.npy"), &cpu()).unwrap();
    assert_close(
        &a,
        &arr(&[3, 4], (0..12).collect()),
        Tol::exact(),
        "be fortran i8",
    );
}

#[test]
fn numpy_fixtures_format_versions() {
    let bytes = std::fs::read(fx("v2_u4.npy")).unwrap();
    assert_eq!(&bytes[6..8], &[2, 0]);
    let a = io::load::<u32>(fx("v2_u4.npy"), &cpu()).unwrap();
    assert_eq!(a.to_vec().unwrap(), vec![0, 1, 2, 3, 4]);

    let bytes = std::fs::read(fx("v3_f4.npy")).unwrap();
    assert_eq!(&bytes[6..8], &[3, 0]);
    let a = io::load::<f32>(fx("v3_f4.npy"), &cpu()).unwrap();
    assert_eq!(a.to_vec().unwrap(), vec![0.5, -1.0]);
}

#[test]
fn numpy_fixtures_npz() {
    let npz = io::load_npz(fx("savez.npz"), &cpu()).unwrap();
    let mut names: Vec<&str> = npz.names().collect();
    names.sort_unstable();
    assert_eq!(names, ["a", "arr_0", "b", "c", "e"]);
    assert_eq!(
        npz.array::<u8>("arr_0").unwrap().to_vec().unwrap(),
        vec![0, 1, 2]
    );
    let a = npz.array::<i64>("a").unwrap();
    assert_close(&a, &arr(&[2, 3], (0..6).collect()), Tol::exact(), "savez a");
    assert_eq!(
        npz.array::<bool>("b").unwrap().to_vec().unwrap(),
        vec![true, false]
    );
    let c = npz.array::<f32>("c").unwrap();
    assert_eq!((c.ndim(), c.item().unwrap()), (0, 2.5));
    assert_eq!(npz.get("e").unwrap().shape(), &[0, 2]);
    assert_eq!(npz.get("e").unwrap().dtype(), DTypeId::C128);

    let err = npz.array::<f64>("a").unwrap_err().to_string();
    assert!(
        err.contains("savez.npz") && err.contains("i64") && err.contains("f64"),
        "{err}"
    );

    let npz = io::load_npz(fx("savez_compressed.npz"), &cpu()).unwrap();
    assert_eq!(npz.len(), 3);
    let mod7 = npz.array::<f64>("mod7").unwrap();
    let expected: Vec<f64> = (0..1000).map(|i| (i % 7) as f64).collect();
    assert_close(&mod7, &arr(&[1000], expected), Tol::exact(), "mod7");
    let f = npz.array::<i16>("f").unwrap();
    assert_close(
        &f,
        &arr(&[3, 4], (0..12).collect()),
        Tol::exact(),
        "compressed fortran",
    );
    assert_eq!(
        npz.array::<u32>("be").unwrap().to_vec().unwrap(),
        vec![0, 1, 2, 3]
    );
}

#[test]
fn unsupported_dtypes_are_errors() {
    for (name, descr) in [
        ("unsupported_U5.npy", "'<U5'"),
        ("unsupported_object.npy", "'|O'"),
        ("unsupported_structured.npy", "structured"),
        ("unsupported_datetime.npy", "'<M8[D]'"),
        ("unsupported_longdouble.npy", "'<f16'"),
    ] {
        let err = io::load_any(fx(name), &cpu()).unwrap_err();
        let message = err.to_string();
        assert!(matches!(err, Error::Invalid { .. }), "{name}: {err:?}");
        assert!(
            message.contains(name) && message.contains(descr),
            "{name}: {message}"
        );
        assert!(io::load::<f64>(fx(name), &cpu()).is_err());
    }
}

#[test]
fn typed_load_names_both_dtypes() {
    let err = io::load::<f32>(fx("dtype_f8.npy"), &cpu())
        .unwrap_err()
        .to_string();
    assert!(err.contains("dtype_f8.npy"), "{err}");
    assert!(err.contains("f64") && err.contains("'<f8'"), "{err}");
    assert!(err.contains("f32") && err.contains("'<f4'"), "{err}");
    let err = io::load_any(fx("dtype_f8.npy"), &cpu())
        .unwrap()
        .downcast::<u8>()
        .unwrap_err()
        .to_string();
    assert!(err.contains("f64") && err.contains("u8"), "{err}");
}

// ---------------------------------------------------------------------------------------------
// Round trips.

/// Deterministic sample values of a dtype, with the special values where the dtype has them.
trait Sample: NpyDType + Approx {
    fn sample(i: usize) -> Self;
}

macro_rules! sample_int {
    ($($t:ty),*) => {$(
        impl Sample for $t {
            fn sample(i: usize) -> Self {
                // Wraps on purpose: covers negative values and the high bit.
                (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) as $t
            }
        }
    )*};
}
sample_int!(i8, i16, i32, i64, u8, u16, u32, u64);

impl Sample for bool {
    fn sample(i: usize) -> Self {
        i % 3 == 1
    }
}

fn sample_f64(i: usize) -> f64 {
    const SPECIAL: [f64; 5] = [f64::NAN, -0.0, f64::INFINITY, f64::NEG_INFINITY, 0.0];
    SPECIAL.get(i).copied().unwrap_or((i as f64 - 20.0) * 0.37)
}

impl Sample for f16 {
    fn sample(i: usize) -> Self {
        f16::from_f64(sample_f64(i))
    }
}
impl Sample for f32 {
    fn sample(i: usize) -> Self {
        sample_f64(i) as f32
    }
}
impl Sample for f64 {
    fn sample(i: usize) -> Self {
        sample_f64(i)
    }
}
impl Sample for c64 {
    fn sample(i: usize) -> Self {
        c64::new(sample_f64(i) as f32, sample_f64(i + 3) as f32)
    }
}
impl Sample for c128 {
    fn sample(i: usize) -> Self {
        c128::new(sample_f64(i), -sample_f64(i + 1))
    }
}

const SHAPES: [&[usize]; 7] = [
    &[],
    &[0],
    &[7],
    &[2, 3, 4],
    &[2, 0, 3],
    &[1, 1, 1, 1],
    &[3, 1],
];

fn sample_array<T: Sample>(shape: &[usize]) -> Array<T> {
    let n = shape.iter().product();
    arr(shape, (0..n).map(T::sample).collect())
}

fn round_trip<T: Sample>() {
    let name = T::ID.name();
    for shape in SHAPES {
        let a = sample_array::<T>(shape);
        let path = scratch(&format!("rt_{name}_{}.npy", shape.len()));
        io::save(&path, &a).unwrap();
        let b = io::load::<T>(&path, &cpu()).unwrap();
        assert_close(
            &b,
            &a,
            Tol::exact().signed_zero(),
            &format!("{name} {shape:?}"),
        );
        let any = io::load_any(&path, &cpu()).unwrap();
        assert_eq!((any.dtype(), any.shape()), (T::ID, shape));
    }
    // A non-contiguous view is written in its logical (C) order.
    let a = sample_array::<T>(&[2, 3, 4]);
    let view = a.permute(&[2, 0, 1]).unwrap();
    let path = scratch(&format!("rt_{name}_view.npy"));
    io::save(&path, &view).unwrap();
    let b = io::load::<T>(&path, &cpu()).unwrap();
    assert_eq!(b.shape(), &[4, 2, 3]);
    assert_close(
        &b,
        &view,
        Tol::exact().signed_zero(),
        &format!("{name} view"),
    );
}

#[test]
fn round_trip_every_dtype_and_shape() {
    round_trip::<bool>();
    round_trip::<i8>();
    round_trip::<i16>();
    round_trip::<i32>();
    round_trip::<i64>();
    round_trip::<u8>();
    round_trip::<u16>();
    round_trip::<u32>();
    round_trip::<u64>();
    round_trip::<f16>();
    round_trip::<f32>();
    round_trip::<f64>();
    round_trip::<c64>();
    round_trip::<c128>();
}

/// One array of every dtype, each of another shape kind.
fn one_of_each() -> Vec<(String, AnyArray)> {
    fn add<T: Sample>(out: &mut Vec<(String, AnyArray)>) {
        let shape = SHAPES[out.len() % SHAPES.len()];
        out.push((T::ID.name().to_owned(), sample_array::<T>(shape).into()));
    }
    let mut out = Vec::new();
    add::<bool>(&mut out);
    add::<i8>(&mut out);
    add::<i16>(&mut out);
    add::<i32>(&mut out);
    add::<i64>(&mut out);
    add::<u8>(&mut out);
    add::<u16>(&mut out);
    add::<u32>(&mut out);
    add::<u64>(&mut out);
    add::<f16>(&mut out);
    add::<f32>(&mut out);
    add::<f64>(&mut out);
    add::<c64>(&mut out);
    add::<c128>(&mut out);
    out
}

fn same_any(got: &AnyArray, expected: &AnyArray, context: &str) {
    fn typed<T: NpyDType + Approx>(g: &AnyArray, e: &AnyArray, context: &str) {
        let g = g
            .as_array::<T>()
            .unwrap_or_else(|| panic!("{context}: dtype {}", g.dtype()));
        assert_close(
            g,
            e.as_array::<T>().unwrap(),
            Tol::exact().signed_zero(),
            context,
        );
    }
    match expected.dtype() {
        DTypeId::Bool => typed::<bool>(got, expected, context),
        DTypeId::I8 => typed::<i8>(got, expected, context),
        DTypeId::I16 => typed::<i16>(got, expected, context),
        DTypeId::I32 => typed::<i32>(got, expected, context),
        DTypeId::I64 => typed::<i64>(got, expected, context),
        DTypeId::U8 => typed::<u8>(got, expected, context),
        DTypeId::U16 => typed::<u16>(got, expected, context),
        DTypeId::U32 => typed::<u32>(got, expected, context),
        DTypeId::U64 => typed::<u64>(got, expected, context),
        DTypeId::F16 => typed::<f16>(got, expected, context),
        DTypeId::F32 => typed::<f32>(got, expected, context),
        DTypeId::F64 => typed::<f64>(got, expected, context),
        DTypeId::C64 => typed::<c64>(got, expected, context),
        DTypeId::C128 => typed::<c128>(got, expected, context),
        other => panic!("{context}: unexpected dtype {other}"),
    }
}

#[test]
fn npz_round_trip_stored_and_compressed() {
    let arrays = one_of_each();
    for compressed in [false, true] {
        let path = scratch(&format!("rt_{compressed}.npz"));
        if compressed {
            io::save_npz_compressed(&path, arrays.iter().cloned()).unwrap();
        } else {
            io::save_npz(&path, arrays.iter().cloned()).unwrap();
        }
        let npz = io::load_npz(&path, &cpu()).unwrap();
        assert_eq!(
            npz.names().collect::<Vec<_>>(),
            arrays.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>()
        );
        for (name, expected) in &arrays {
            same_any(
                npz.get(name).unwrap(),
                expected,
                &format!("{name} compressed={compressed}"),
            );
        }
        // Writing a loaded archive back gives the same bytes.
        let again = scratch(&format!("rt_{compressed}_again.npz"));
        if compressed {
            io::save_npz_compressed(&again, npz.clone()).unwrap();
        } else {
            io::save_npz(&again, npz.clone()).unwrap();
        }
        assert_eq!(
            std::fs::read(&again).unwrap(),
            std::fs::read(&path).unwrap()
        );
    }
    let empty = scratch("empty.npz");
    io::save_npz(&empty, Vec::<(&str, AnyArray)>::new()).unwrap();
    assert!(io::load_npz(&empty, &cpu()).unwrap().is_empty());
}

#[test]
fn npz_names_are_checked() {
    let a = sample_array::<u8>(&[2]);
    let path = scratch("names.npz");
    let err = io::save_npz(
        &path,
        [("x", AnyArray::from(&a)), ("x", AnyArray::from(&a))],
    )
    .unwrap_err()
    .to_string();
    assert!(err.contains("'x'") && err.contains("names.npz"), "{err}");
    assert!(io::save_npz(&path, [("", AnyArray::from(&a))]).is_err());
    // Names with dots or non-ASCII characters are kept.
    io::save_npz(
        &path,
        [("a.b", AnyArray::from(&a)), ("é", AnyArray::from(&a))],
    )
    .unwrap();
    let npz = io::load_npz(&path, &cpu()).unwrap();
    assert_eq!(npz.names().collect::<Vec<_>>(), ["a.b", "é"]);
    let err = npz.array::<u8>("nope").unwrap_err().to_string();
    assert!(
        err.contains("no array 'nope'") && err.contains("a.b"),
        "{err}"
    );
}

#[test]
fn headers_over_64_kib_use_version_2() {
    // 25000 dimensions of extent 1 give a header of about 75 KB.
    let shape = vec![1usize; 25_000];
    let a = arr(&shape, vec![42i16]);
    let path = scratch("v2_written.npy");
    io::save(&path, &a).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    assert_eq!(&bytes[6..8], &[2, 0]);
    let header_len = u32::from_le_bytes(bytes[8..12].try_into().unwrap()) as usize;
    assert_eq!((12 + header_len) % 64, 0, "data is 64-byte aligned");
    let b = io::load::<i16>(&path, &cpu()).unwrap();
    assert_eq!((b.shape(), b.item().unwrap()), (&shape[..], 42));
}

#[test]
fn gpu_arrays_load_and_save() {
    let Ok(gpu) = Device::cuda(0) else {
        println!("skipped: no CUDA device");
        return;
    };
    let a = io::load::<c64>(fx("be_c8.npy"), &gpu).unwrap();
    assert!(a.device().is_cuda());
    let expected = vec![c64::new(1.0, -2.0), c64::new(0.5, 4.0)];
    assert_eq!(a.to_vec().unwrap(), expected);
    let f = io::load::<f64>(fx("dtype_f8.npy"), &gpu).unwrap();
    let path = scratch("from_gpu.npy");
    io::save(&path, &f).unwrap();
    assert_eq!(
        std::fs::read(&path).unwrap(),
        std::fs::read(fx("dtype_f8.npy")).unwrap()
    );
    let npz = io::load_npz(fx("savez_compressed.npz"), &gpu).unwrap();
    assert!(npz.get("mod7").unwrap().device().is_cuda());
}

// ---------------------------------------------------------------------------------------------
// Malformed files: errors, never panics.

fn load_bytes_any(bytes: &[u8], name: &str) -> Result<AnyArray> {
    let path = scratch(name);
    std::fs::write(&path, bytes).unwrap();
    io::load_any(&path, &cpu())
}

fn npz_bytes(bytes: &[u8], name: &str) -> Result<io::Npz> {
    let path = scratch(name);
    std::fs::write(&path, bytes).unwrap();
    io::load_npz(&path, &cpu())
}

/// A `.npy` file with the given version and header text (padded like NumPy's) and data.
fn npy_file(version: u8, header: &str, data: &[u8]) -> Vec<u8> {
    let len_size = if version == 1 { 2 } else { 4 };
    let mut text = header.as_bytes().to_vec();
    while (8 + len_size + text.len() + 1) % 64 != 0 {
        text.push(b' ');
    }
    text.push(b'\n');
    let mut out = b"\x93NUMPY".to_vec();
    out.extend([version, 0]);
    if version == 1 {
        out.extend((text.len() as u16).to_le_bytes());
    } else {
        out.extend((text.len() as u32).to_le_bytes());
    }
    out.extend(text);
    out.extend(data);
    out
}

fn invalid_message(result: Result<AnyArray>) -> String {
    match result {
        Err(e @ Error::Invalid { .. }) => e.to_string(),
        other => panic!("expected Error::Invalid, got {other:?}"),
    }
}

#[test]
fn hand_written_headers() {
    let good = "{'descr': '<f8', 'fortran_order': False, 'shape': (2,), }";
    let data = [1.0f64.to_le_bytes(), 2.0f64.to_le_bytes()].concat();
    for version in [1, 2, 3] {
        let a = load_bytes_any(&npy_file(version, good, &data), "hand.npy").unwrap();
        assert_eq!(
            a.downcast::<f64>().unwrap().to_vec().unwrap(),
            vec![1.0, 2.0]
        );
    }
    // Other spellings NumPy accepts: double quotes, any key order, Python 2 longs, no trailing
    // comma, '=' and '?' type strings.
    let other = "{\"shape\": (2L,), \"descr\": \"=f8\", \"fortran_order\": False}";
    assert!(load_bytes_any(&npy_file(1, other, &data), "hand.npy").is_ok());
    let b = "{'descr': '?', 'fortran_order': False, 'shape': (2,)}";
    let a = load_bytes_any(&npy_file(1, b, &[1, 0]), "hand.npy").unwrap();
    assert_eq!(
        a.downcast::<bool>().unwrap().to_vec().unwrap(),
        vec![true, false]
    );

    for (header, data, needle) in [
        ("{'descr': '<f8', 'fortran_order': False, 'shape': (3,), }", &data[..], "truncated"),
        ("{'descr': '<f8', 'fortran_order': False, 'shape': (1,), }", &data[..], "trailing"),
        ("{'descr': '<f8', 'fortran_order': False, 'shape': (-2,), }", &data[..], "-2"),
        ("{'descr': '<f8', 'fortran_order': False, 'shape': (4294967296, 4294967296, 4294967296), }", &data[..], "too many elements"),
        ("{'descr': '<f8', 'fortran_order': False, }", &data[..], "'shape'"),
        ("{'descr': '<f8', 'fortran_order': False, 'shape': (2,), 'extra': 1}", &data[..], "'extra'"),
        ("{'descr': '<f8', 'fortran_order': 'no', 'shape': (2,), }", &data[..], "fortran_order"),
        ("{'descr': '<f8' 'fortran_order': False, 'shape': (2,), }", &data[..], "cannot parse"),
        ("not a dict", &data[..], "cannot parse"),
        ("{'descr': '<q8', 'fortran_order': False, 'shape': (2,), }", &data[..], "'<q8'"),
        ("{'descr': '<f8', 'fortran_order': False, 'shape': [2], }", &data[..], "not a tuple"),
    ] {
        let message = invalid_message(load_bytes_any(&npy_file(1, header, data), "bad.npy"));
        assert!(message.contains("bad.npy") && message.contains(needle), "{header}: {message}");
    }

    let mut bytes = npy_file(1, good, &data);
    bytes[0] = b'x';
    assert!(invalid_message(load_bytes_any(&bytes, "bad.npy")).contains("magic"));
    let mut bytes = npy_file(1, good, &data);
    bytes[6] = 4;
    assert!(invalid_message(load_bytes_any(&bytes, "bad.npy")).contains("version 4.0"));
    let mut bytes = npy_file(1, good, &data);
    bytes[8] = 0xFF;
    bytes[9] = 0xFF;
    assert!(invalid_message(load_bytes_any(&bytes, "bad.npy")).contains("truncated"));
    // A header that is not UTF-8 in version 3.0.
    let mut bytes = npy_file(3, good, &data);
    bytes[13] = 0xFF;
    assert!(invalid_message(load_bytes_any(&bytes, "bad.npy")).contains("UTF-8"));
}

#[test]
fn every_truncation_is_an_error() {
    for name in [
        "dtype_c16.npy",
        "fortran_i4.npy",
        "v2_u4.npy",
        "scalar_b1.npy",
    ] {
        let bytes = std::fs::read(fx(name)).unwrap();
        for n in 0..bytes.len() {
            let result = load_bytes_any(&bytes[..n], "cut.npy");
            assert!(result.is_err(), "{name} cut to {n} bytes loaded");
        }
    }
    for name in ["savez.npz", "savez_compressed.npz"] {
        let bytes = std::fs::read(fx(name)).unwrap();
        for n in 0..bytes.len() {
            assert!(
                npz_bytes(&bytes[..n], "cut.npz").is_err(),
                "{name} cut to {n} bytes loaded"
            );
        }
    }
}

#[test]
fn corrupted_bytes_never_panic() {
    // Every byte flipped in turn: any outcome but a panic (most are errors; a flip inside the
    // data of a .npy file just changes a value).
    for name in ["dtype_c16.npy", "be_fortran_i8.npy"] {
        let bytes = std::fs::read(fx(name)).unwrap();
        for i in 0..bytes.len() {
            let mut b = bytes.clone();
            b[i] ^= 0xFF;
            let _ = load_bytes_any(&b, "flipped.npy");
        }
    }
    for name in ["savez.npz", "savez_compressed.npz"] {
        let bytes = std::fs::read(fx(name)).unwrap();
        for i in 0..bytes.len() {
            let mut b = bytes.clone();
            b[i] ^= 0xFF;
            let _ = npz_bytes(&b, "flipped.npz");
        }
    }
}

#[test]
fn corrupt_archives() {
    // Data changed under a stored entry: the CRC catches it.
    let mut bytes = std::fs::read(fx("savez.npz")).unwrap();
    let at = bytes.windows(6).position(|w| w == b"\x93NUMPY").unwrap() + 130;
    bytes[at] ^= 1;
    let err = npz_bytes(&bytes, "crc.npz").unwrap_err().to_string();
    assert!(err.contains("crc.npz") && err.contains("CRC"), "{err}");

    let err = npz_bytes(b"just some text, not a zip", "text.npz")
        .unwrap_err()
        .to_string();
    assert!(err.contains("not a zip"), "{err}");

    // One format read with the other's function says which to use.
    let err = io::load_any(fx("savez.npz"), &cpu())
        .unwrap_err()
        .to_string();
    assert!(err.contains("load_npz"), "{err}");
    let err = io::load_npz(fx("dtype_f8.npy"), &cpu())
        .unwrap_err()
        .to_string();
    assert!(err.contains("`load`"), "{err}");
}

#[test]
fn missing_file_is_an_io_error_naming_it() {
    let path = scratch("does_not_exist.npy");
    let err = io::load::<f32>(&path, &cpu()).unwrap_err();
    assert!(matches!(err, Error::Io(_)), "{err:?}");
    assert!(err.to_string().contains("does_not_exist.npy"), "{err}");
    assert!(matches!(io::load_npz(&path, &cpu()), Err(Error::Io(_))));
    let in_missing_dir = scratch("no_such_dir").join("a.npy");
    let err = io::save(&in_missing_dir, &sample_array::<u8>(&[1])).unwrap_err();
    assert!(err.to_string().contains("no_such_dir"), "{err}");
}

// ---------------------------------------------------------------------------------------------
// NumPy reads what we write.

/// The Python to run NumPy with, if it can import NumPy.
fn python_with_numpy() -> Option<String> {
    let python = std::env::var("NUMPY_PYTHON").unwrap_or_else(|_| "python3".to_owned());
    let ok = Command::new(&python)
        .args(["-c", "import numpy"])
        .output()
        .is_ok_and(|o| o.status.success());
    ok.then_some(python)
}

const NUMPY_CHECK: &str = r#"
import sys, os
import numpy as np
ours, fixtures = sys.argv[1], sys.argv[2]

def same(a, b, what):
    assert a.shape == b.shape, (what, a.shape, b.shape)
    assert a.dtype.newbyteorder('<') == b.dtype.newbyteorder('<'), (what, a.dtype, b.dtype)
    assert a.dtype.byteorder in '<|=', (what, a.dtype)
    assert np.array_equal(a, b, equal_nan=a.dtype.kind in 'fc'), (what, a, b)
    if a.dtype.kind == 'f':
        assert np.array_equal(np.signbit(a), np.signbit(b)), (what, a, b)

count = 0
for name in sorted(os.listdir(ours)):
    if name.endswith('.npy'):
        same(np.load(os.path.join(ours, name)), np.load(os.path.join(fixtures, name)), name)
        count += 1
for name in ['stored.npz', 'compressed.npz']:
    with np.load(os.path.join(ours, name)) as z:
        assert len(z.files) == 14, z.files
        for key in z.files:
            same(z[key], np.load(os.path.join(fixtures, 'dtype_%s.npy' % key)), name + ':' + key)
            count += 1
print('numpy', np.__version__, 'checked', count, 'arrays')
"#;

#[test]
fn numpy_reads_our_files() {
    let Some(python) = python_with_numpy() else {
        println!("skipped: no Python with NumPy (set NUMPY_PYTHON=/path/to/python to run it)");
        return;
    };
    let dir = scratch("for_numpy");
    std::fs::create_dir_all(&dir).unwrap();
    // Every fixture we can read, loaded and written again by us.
    let mut npz = Vec::new();
    for entry in std::fs::read_dir(fixture("io")).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if !name.ends_with(".npy") || name.starts_with("unsupported") {
            continue;
        }
        let any = io::load_any(fx(&name), &cpu()).unwrap();
        io::save_npz(dir.join("one.npz"), [("x", any)]).unwrap();
        let loaded = io::load_npz(dir.join("one.npz"), &cpu()).unwrap();
        let any = loaded.get("x").unwrap().clone();
        resave(&dir.join(&name), any.clone());
        if let Some(kind) = name
            .strip_prefix("dtype_")
            .and_then(|n| n.strip_suffix(".npy"))
        {
            npz.push((kind.to_owned(), any));
        }
    }
    std::fs::remove_file(dir.join("one.npz")).unwrap();
    assert_eq!(npz.len(), 14);
    io::save_npz(dir.join("stored.npz"), npz.iter().cloned()).unwrap();
    io::save_npz_compressed(dir.join("compressed.npz"), npz.iter().cloned()).unwrap();

    let out = Command::new(&python)
        .args(["-c", NUMPY_CHECK])
        .arg(&dir)
        .arg(fixture("io"))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "NumPy rejected our files:\n{stdout}\n{stderr}"
    );
    println!("{}", stdout.trim());
}

fn resave(path: &Path, any: AnyArray) {
    match any {
        AnyArray::Bool(a) => io::save(path, &a),
        AnyArray::I8(a) => io::save(path, &a),
        AnyArray::I16(a) => io::save(path, &a),
        AnyArray::I32(a) => io::save(path, &a),
        AnyArray::I64(a) => io::save(path, &a),
        AnyArray::U8(a) => io::save(path, &a),
        AnyArray::U16(a) => io::save(path, &a),
        AnyArray::U32(a) => io::save(path, &a),
        AnyArray::U64(a) => io::save(path, &a),
        AnyArray::F16(a) => io::save(path, &a),
        AnyArray::F32(a) => io::save(path, &a),
        AnyArray::F64(a) => io::save(path, &a),
        AnyArray::C64(a) => io::save(path, &a),
        AnyArray::C128(a) => io::save(path, &a),
        other => panic!("unexpected dtype {}", other.dtype()),
    }
    .unwrap();
}

// ---------------------------------------------------------------------------------------------
// The comparison helper itself.

#[test]
fn assert_close_rules() {
    let nan = arr(&[3], vec![1.0f32, f32::NAN, -0.0]);
    let same = arr(&[3], vec![1.0f32, f32::NAN, 0.0]);
    assert_close(&nan, &same, Tol::exact(), "NaN equals NaN, -0 equals 0");
    let err = check_close(&nan, &same, Tol::exact().signed_zero(), "signed").unwrap_err();
    assert!(err.contains("1 of 3") && err.contains("at [2]"), "{err}");

    let a = arr(&[2, 2], vec![1.0f64, 2.0, 3.0, 4.0]);
    let b = arr(&[2, 2], vec![1.0f64, 2.0 + 1e-15, 3.0, 4.5]);
    let err = check_close(&a, &b, Tol::default_for::<f64>(), "ctx").unwrap_err();
    assert!(
        err.starts_with("ctx: 1 of 4") && err.contains("at [1, 1]: got 4.0, expected 4.5"),
        "{err}"
    );
    assert!(check_close(&a, &b, Tol::close(0.2, 0.0), "rtol").is_ok());
    assert!(check_close(&a, &b, Tol::close(0.0, 0.5), "atol").is_ok());

    let next = f32::from_bits(1.0f32.to_bits() + 3);
    let one = arr(&[1], vec![1.0f32]);
    assert!(check_close(&arr(&[1], vec![next]), &one, Tol::ulps(3), "ulps").is_ok());
    assert!(check_close(&arr(&[1], vec![next]), &one, Tol::ulps(2), "ulps").is_err());
    let inf = arr(&[1], vec![f32::INFINITY]);
    assert!(check_close(&inf, &arr(&[1], vec![f32::MAX]), Tol::ulps(5), "inf").is_err());

    let err = check_close(
        &arr(&[2], vec![1i32, 2]),
        &arr(&[1, 2], vec![1, 2]),
        Tol::exact(),
        "s",
    )
    .unwrap_err();
    assert!(err.contains("shape [2]") && err.contains("[1, 2]"), "{err}");
    let z = arr(&[1], vec![c64::new(1.0, f32::NAN)]);
    assert_close(&z, &z.clone(), Tol::exact(), "complex NaN");
}

#[test]
#[should_panic(expected = "ints: 2 of 3 elements")]
fn assert_close_panics_with_the_mismatches() {
    assert_close(
        &arr(&[3], vec![1u8, 2, 3]),
        &arr(&[3], vec![1u8, 5, 6]),
        Tol::default_for::<u8>(),
        "ints",
    );
}

/// Negative-stride and broadcast (zero-stride) views are written in their logical C order:
/// the same bytes as their contiguous copies, read back equal.
#[test]
fn edge_reversed_and_broadcast_views_are_saved_in_c_order() {
    let a = io::load::<f64>(fx("dtype_f8.npy"), &cpu()).unwrap();
    let n = a.len();
    let a = a.reshape(&[n]).unwrap();
    let reversed = a.slice(kernels_std::s![..;-1]).unwrap();
    let broadcast = a.broadcast_to(&[3, n]).unwrap();
    let column = a.reshape(&[n, 1]).unwrap().broadcast_to(&[n, 2]).unwrap();
    for (name, view) in [
        ("reversed", reversed),
        ("broadcast", broadcast),
        ("column", column),
    ] {
        let (p_view, p_copy) = (
            scratch(&format!("edge_{name}_view.npy")),
            scratch(&format!("edge_{name}_copy.npy")),
        );
        io::save(&p_view, &view).unwrap();
        io::save(&p_copy, &view.copy().unwrap()).unwrap();
        assert_eq!(
            std::fs::read(&p_view).unwrap(),
            std::fs::read(&p_copy).unwrap(),
            "{name}"
        );
        let back = io::load::<f64>(&p_view, &cpu()).unwrap();
        assert_eq!(back.shape(), view.shape(), "{name}");
        assert_close(&back, &view, Tol::exact().signed_zero(), name);
    }
}
