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
fn headers_of_the_most_dimensions_and_past_them() {
    // 64 dimensions (NumPy's limit) of the largest extents still fit a version 1.0 header.
    let shape = vec![1usize; 64];
    let a = arr(&shape, vec![42i16]);
    let path = scratch("most_dims.npy");
    io::save(&path, &a).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    assert_eq!(&bytes[6..8], &[1, 0]);
    let b = io::load::<i16>(&path, &cpu()).unwrap();
    assert_eq!((b.shape(), b.item().unwrap()), (&shape[..], 42));
    // A version 2.0 file of 25,000 dimensions (a 75 KB header): NumPy's "maximum supported
    // dimension" error, not an array (printing one overflowed the stack).
    let dims = "1, ".repeat(25_000);
    let mut header = format!("{{'descr': '<i2', 'fortran_order': False, 'shape': ({dims}), }}");
    while (12 + header.len() + 1) % 64 != 0 {
        header.push(' ');
    }
    header.push('\n');
    let mut file = b"\x93NUMPY\x02\x00".to_vec();
    file.extend((header.len() as u32).to_le_bytes());
    file.extend(header.as_bytes());
    file.extend(42i16.to_le_bytes());
    let path = scratch("too_many_dims.npy");
    std::fs::write(&path, &file).unwrap();
    let err = io::load::<i16>(&path, &cpu()).unwrap_err().to_string();
    assert!(err.contains("64, found 25000"), "{err}");
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

/// Runs `f` on a new file holding `bytes` (its name ends with `name`), then removes it. A new
/// file each time: rewriting one file makes ext4 flush it to disk at every close (5 ms).
fn with_file<R>(bytes: &[u8], name: &str, f: impl FnOnce(&Path) -> R) -> R {
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let k = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let path = scratch(&format!("case{k}_{name}"));
    std::fs::write(&path, bytes).unwrap();
    let r = f(&path);
    let _ = std::fs::remove_file(&path);
    r
}

fn load_bytes_any(bytes: &[u8], name: &str) -> Result<AnyArray> {
    with_file(bytes, name, |p| io::load_any(p, &cpu()))
}

fn npz_bytes(bytes: &[u8], name: &str) -> Result<io::Npz> {
    with_file(bytes, name, |p| io::load_npz(p, &cpu()))
}

/// A `.npy` file with the given version and header text (padded like NumPy's) and data.
fn npy_file(version: u8, header: &str, data: &[u8]) -> Vec<u8> {
    let len_size = if version == 1 { 2 } else { 4 };
    let mut text = header.as_bytes().to_vec();
    while !(8 + len_size + text.len() + 1).is_multiple_of(64) {
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
    let err = io::save(&in_missing_dir, sample_array::<u8>(&[1])).unwrap_err();
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
        // CI installs NumPy (.ci/run): there a missing NumPy is a failure, not a skip.
        assert!(
            std::env::var_os("CI").is_none(),
            "no Python with NumPy under CI (.ci/run installs it; NUMPY_PYTHON names another)"
        );
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
        io::save(&p_copy, view.copy().unwrap()).unwrap();
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

// ---------------------------------------------------------------------------------------------
// Adversarial archives and huge views (issue 11): errors, bounded memory, linear in members.

/// Net bytes allocated by the current thread (allocations minus frees), and its peak since
/// [`PeakTracker::start`]: how much memory a load takes, whatever other tests do meanwhile.
mod peak {
    use std::alloc::{GlobalAlloc, Layout, System};
    use std::cell::Cell;

    pub struct Counting;

    thread_local! {
        static NET: Cell<isize> = const { Cell::new(0) };
        static PEAK: Cell<isize> = const { Cell::new(0) };
    }

    fn add(n: isize) {
        let _ = NET.try_with(|net| {
            let v = net.get() + n;
            net.set(v);
            let _ = PEAK.try_with(|p| p.set(p.get().max(v)));
        });
    }

    // SAFETY: forwards every call to the system allocator unchanged; the counters are
    // thread-local cells that never allocate.
    unsafe impl GlobalAlloc for Counting {
        unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
            add(layout.size() as isize);
            // SAFETY: the caller's contract is passed on as it is.
            unsafe { System.alloc(layout) }
        }
        unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
            add(layout.size() as isize);
            // SAFETY: as above.
            unsafe { System.alloc_zeroed(layout) }
        }
        unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
            add(-(layout.size() as isize));
            // SAFETY: as above.
            unsafe { System.dealloc(ptr, layout) }
        }
        unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
            add(new_size as isize - layout.size() as isize);
            // SAFETY: as above.
            unsafe { System.realloc(ptr, layout, new_size) }
        }
    }

    /// The peak of this thread's net allocation while `f` runs, above where it started.
    pub fn peak_during<R>(f: impl FnOnce() -> R) -> (R, usize) {
        let start = NET.with(Cell::get);
        PEAK.with(|p| p.set(start));
        let r = f();
        (r, (PEAK.with(Cell::get) - start).max(0) as usize)
    }
}

#[global_allocator]
static ALLOC: peak::Counting = peak::Counting;

/// The byte ranges of a zip's central directory records and its end record's position.
fn central_records(zip: &[u8]) -> (Vec<std::ops::Range<usize>>, usize) {
    let end = zip.len() - 22;
    assert_eq!(&zip[end..end + 4], b"PK\x05\x06");
    let u16_at = |p: usize| usize::from(u16::from_le_bytes([zip[p], zip[p + 1]]));
    let u32_at = |p: usize| u32::from_le_bytes(zip[p..p + 4].try_into().unwrap()) as usize;
    let (count, mut pos) = (u16_at(end + 10), u32_at(end + 16));
    let mut out = Vec::new();
    for _ in 0..count {
        assert_eq!(&zip[pos..pos + 4], b"PK\x01\x02");
        let len = 46 + u16_at(pos + 28) + u16_at(pos + 30) + u16_at(pos + 32);
        out.push(pos..pos + len);
        pos += len;
    }
    (out, end)
}

/// `zip` with its central directory replaced by `records` (the local part kept).
fn with_records(zip: &[u8], records: &[Vec<u8>]) -> Vec<u8> {
    let (old, _) = central_records(zip);
    let start = old.first().map_or(zip.len() - 22, |r| r.start);
    let mut out = zip[..start].to_vec();
    let size: usize = records.iter().map(Vec::len).sum();
    for r in records {
        out.extend_from_slice(r);
    }
    out.extend_from_slice(b"PK\x05\x06\0\0\0\0");
    out.extend((records.len() as u16).to_le_bytes());
    out.extend((records.len() as u16).to_le_bytes());
    out.extend((size as u32).to_le_bytes());
    out.extend((start as u32).to_le_bytes());
    out.extend(0u16.to_le_bytes());
    out
}

/// A central record with its name replaced (the rest, offset included, kept).
fn renamed(record: &[u8], name: &str) -> Vec<u8> {
    let mut r = record[..46].to_vec();
    r[28..30].copy_from_slice(&(name.len() as u16).to_le_bytes());
    r[30..34].fill(0); // no extra field, no comment
    r.extend_from_slice(name.as_bytes());
    r
}

fn zip_bytes(arrays: Vec<(&str, AnyArray)>, compressed: bool) -> Vec<u8> {
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let k = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let path = scratch(&format!("build_{k}.npz"));
    if compressed {
        io::save_npz_compressed(&path, arrays).unwrap();
    } else {
        io::save_npz(&path, arrays).unwrap();
    }
    let bytes = std::fs::read(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    bytes
}

fn npz_reader(bytes: Vec<u8>) -> Result<io::NpzFile<std::io::Cursor<Vec<u8>>>> {
    io::NpzFile::from_reader(std::io::Cursor::new(bytes), &cpu())
}

#[test]
fn npz_entries_that_share_data_are_refused() {
    // Defect 7: 64 directory records pointing at one deflated member of 4 MiB. Loading
    // inflated every record: 64 times the member's size from a file of a few KB.
    let zeros = Array::<f64>::zeros(&cpu(), &[1 << 19]).unwrap();
    let zip = zip_bytes(vec![("z", zeros.into())], true);
    assert!(zip.len() < 16 << 10, "{}", zip.len());
    let (records, _) = central_records(&zip);
    let bomb: Vec<Vec<u8>> = (0..64)
        .map(|i| renamed(&zip[records[0].clone()], &format!("z{i}.npy")))
        .collect();
    let bomb = with_records(&zip, &bomb);
    let path = scratch("bomb.npz");
    std::fs::write(&path, &bomb).unwrap();
    let (r, peak) = peak::peak_during(|| io::load_npz(&path, &cpu()));
    let err = r.unwrap_err().to_string();
    assert!(
        err.contains("bomb.npz") && err.contains("overlaps"),
        "{err}"
    );
    assert!(peak < 1 << 20, "refusing the archive took {peak} bytes");
    assert!(npz_reader(bomb).is_err());
    // One record alone is fine.
    let one = with_records(&zip, &[zip[records[0].clone()].to_vec()]);
    assert_eq!(npz_reader(one).unwrap().len(), 1);
}

#[test]
fn npz_declared_sizes_are_checked_against_the_file() {
    let a = Array::from_vec(&cpu(), &[100], (0..100).collect::<Vec<i32>>()).unwrap();
    for compressed in [false, true] {
        let zip = zip_bytes(vec![("a", a.clone().into())], compressed);
        let (records, _) = central_records(&zip);
        let rec = zip[records[0].clone()].to_vec();
        let patch = |at: usize, v: u32| {
            let mut r = rec.clone();
            r[at..at + 4].copy_from_slice(&v.to_le_bytes());
            with_records(&zip, &[r])
        };
        // An uncompressed size far beyond what the compressed bytes can hold (2^32 - 2).
        let err = npz_reader(patch(24, u32::MAX - 1)).unwrap_err().to_string();
        let want = if compressed {
            "more than deflate"
        } else {
            "differing sizes"
        };
        assert!(err.contains(want), "{err}");
        // Compressed data running past the central directory.
        let err = npz_reader(patch(20, 1 << 30)).unwrap_err().to_string();
        assert!(err.contains("central directory"), "{err}");
        // A local header offset past the data.
        let err = npz_reader(patch(42, zip.len() as u32))
            .unwrap_err()
            .to_string();
        assert!(err.contains("central directory"), "{err}");
    }
    // A directory that claims more records than it can hold.
    let zip = zip_bytes(vec![("a", a.into())], false);
    let mut lying = zip.clone();
    let end = lying.len() - 22;
    lying[end + 8..end + 12].copy_from_slice(&[0xFE, 0xFF, 0xFE, 0xFF]);
    let err = npz_reader(lying).unwrap_err().to_string();
    assert!(
        err.contains("entries") || err.contains("central directory"),
        "{err}"
    );
}

#[test]
fn npz_declared_size_too_small_is_named_as_such() {
    // Defect 16: the data is intact, the directory's size is wrong: say so, not "corrupt".
    let a = Array::from_vec(&cpu(), &[300], vec![1.5f32; 300]).unwrap();
    for compressed in [false, true] {
        let zip = zip_bytes(vec![("a", a.clone().into())], compressed);
        let (records, _) = central_records(&zip);
        let mut rec = zip[records[0].clone()].to_vec();
        let size = u32::from_le_bytes(rec[24..28].try_into().unwrap());
        rec[24..28].copy_from_slice(&(size - 10).to_le_bytes());
        if !compressed {
            rec[20..24].copy_from_slice(&(size - 10).to_le_bytes());
        }
        let npz = npz_reader(with_records(&zip, &[rec])).unwrap();
        let err = npz.get("a").unwrap_err().to_string();
        assert!(
            err.contains("declares") && err.contains(&(size - 10).to_string()),
            "compressed={compressed}: {err}"
        );
        assert!(!err.contains("corrupt"), "{err}");
    }
}

#[test]
fn npzfile_reads_one_member_at_a_time() {
    // A corrupt member does not stop the others from being read lazily; eagerly it is an error.
    let good = Array::from_vec(&cpu(), &[3], vec![1u8, 2, 3]).unwrap();
    let bad = Array::from_vec(&cpu(), &[4], vec![9u8; 4]).unwrap();
    let mut zip = zip_bytes(vec![("good", good.into()), ("bad", bad.into())], false);
    let at = zip.windows(4).position(|w| w == [9, 9, 9, 9]).unwrap();
    zip[at] = 8;
    let npz = npz_reader(zip.clone()).unwrap();
    assert_eq!(npz.names().collect::<Vec<_>>(), ["good", "bad"]);
    assert!(npz.contains("bad") && !npz.contains("bad.npy"));
    assert_eq!(
        npz.array::<u8>("good").unwrap().to_vec().unwrap(),
        [1, 2, 3]
    );
    let err = npz.get("bad").unwrap_err().to_string();
    assert!(err.contains("CRC"), "{err}");
    assert!(npz.load_all().unwrap_err().to_string().contains("CRC"));
    let err = npz.array::<f32>("good").unwrap_err().to_string();
    assert!(err.contains("u8") && err.contains("f32"), "{err}");
    // Reading from a file gives the same.
    let path = scratch("lazy.npz");
    std::fs::write(&path, &zip).unwrap();
    let file = io::NpzFile::open(&path, &cpu()).unwrap();
    assert_eq!(file.get("good").unwrap().shape(), &[3]);
    assert!(io::load_npz(&path, &cpu()).is_err());
}

#[test]
fn npz_member_is_decompressed_into_its_array() {
    // Defect 8: one member took about three times its size at the peak of its load.
    let n = 1 << 18; // 2 MiB of f64
    let values: Vec<f64> = (0..n).map(|i| (i % 1000) as f64).collect();
    let a = Array::from_vec(&cpu(), &[n], values).unwrap();
    let bytes = n * 8;
    for compressed in [false, true] {
        let path = scratch(&format!("peak_{compressed}.npz"));
        if compressed {
            io::save_npz_compressed(&path, [("a", AnyArray::from(&a))]).unwrap();
        } else {
            io::save_npz(&path, [("a", AnyArray::from(&a))]).unwrap();
        }
        let (npz, peak) = peak::peak_during(|| io::load_npz(&path, &cpu()).unwrap());
        assert!(
            peak < bytes + bytes / 4,
            "compressed={compressed}: loading {bytes} bytes peaked at {peak}"
        );
        assert_eq!(npz.array::<f64>("a").unwrap().to_vec().unwrap()[999], 999.0);
        let (loaded, peak) = peak::peak_during(|| {
            io::NpzFile::open(&path, &cpu())
                .unwrap()
                .array::<f64>("a")
                .unwrap()
        });
        assert!(peak < bytes + bytes / 4, "NpzFile peaked at {peak}");
        drop(loaded);
    }
    // A .npy file too: read into its array, not into a copy of the file first.
    let path = scratch("peak.npy");
    io::save(&path, &a).unwrap();
    let (_, peak) = peak::peak_during(|| io::load::<f64>(&path, &cpu()).unwrap());
    assert!(peak < bytes + bytes / 4, ".npy load peaked at {peak}");
    let (_, peak) = peak::peak_during(|| io::save(&path, &a).unwrap());
    assert!(peak < bytes + bytes / 4, ".npy save peaked at {peak}");
}

#[test]
fn npz_with_the_most_members_a_zip_holds() {
    // Defect 9: the number of members was quadratic (names compared pairwise, found by a
    // linear search); 65534 members, the most a zip without zip64 holds, took seconds.
    let dev = cpu();
    let one = Array::scalar(&dev, 7u8).unwrap();
    let names: Vec<String> = (0..65_534).map(|i| format!("m{i}")).collect();
    let path = scratch("many.npz");
    io::save_npz(&path, names.iter().map(|n| (n, AnyArray::from(&one)))).unwrap();
    let lazy = io::NpzFile::open(&path, &dev).unwrap();
    assert_eq!(lazy.array::<u8>("m65533").unwrap().item().unwrap(), 7);
    let npz = lazy.load_all().unwrap();
    assert_eq!(npz.len(), names.len());
    assert!(names.iter().all(|n| npz.get(n).is_some()));
    // One more does not fit without zip64.
    let more = (0..65_535).map(|i| (format!("m{i}"), AnyArray::from(&one)));
    let err = io::save_npz(scratch("too_many.npz"), more)
        .unwrap_err()
        .to_string();
    assert!(err.contains("65534"), "{err}");
}

#[test]
fn saving_a_view_larger_than_memory_is_an_error() {
    // Defect 4: io::save and save_npz of a broadcast view of 2^40 elements aborted.
    let one = Array::from_vec(&cpu(), &[1], vec![1.0f64]).unwrap();
    let huge = one.broadcast_to(&[1 << 20, 1 << 20]).unwrap();
    let oom = |r: Result<()>| matches!(r, Err(Error::OutOfMemory { .. }));
    assert!(oom(io::save(scratch("huge.npy"), &huge)));
    assert!(oom(io::save_npz(
        scratch("huge.npz"),
        [("h", AnyArray::from(&huge))]
    )));
    assert!(oom(io::save_to(std::io::sink(), &huge)));
}

#[test]
fn npy_shapes_past_isize_max_are_refused() {
    // Defect 1: a .npy of shape (0, 2**64 - 1) loaded as an empty array, which later panicked.
    for shape in [
        "(0, 18446744073709551615)",
        "(9223372036854775808, 0)",
        "(0, 4611686018427387904, 2)",
    ] {
        let header = format!("{{'descr': '<i2', 'fortran_order': False, 'shape': {shape}, }}");
        let message = invalid_message(load_bytes_any(&npy_file(1, &header, &[]), "big.npy"));
        assert!(message.contains("too many elements"), "{shape}: {message}");
    }
    let ok = "{'descr': '|u1', 'fortran_order': False, 'shape': (0, 9223372036854775807), }";
    let a = load_bytes_any(&npy_file(1, ok, &[]), "ok.npy").unwrap();
    assert_eq!(a.shape(), &[0, isize::MAX as usize]);
}

// ---------------------------------------------------------------------------------------------
// Fuzzing the readers: generated and mutated files, a fixed budget per run (more with
// KERNELS_FUZZ_CASES=N). Any outcome but a panic (or an abort) is accepted for a mutated file;
// a generated valid file must read back exactly.

/// xorshift64*: deterministic, so a failure names the case that reproduces it.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// Integers that sit at the edges of what a reader computes with.
const INTERESTING: &[u64] = &[
    0,
    1,
    2,
    7,
    0x7F,
    0x80,
    0xFF,
    0xFFFF,
    0x1_0000,
    0x7FFF_FFFF,
    0xFFFF_FFFE,
    0xFFFF_FFFF,
    1 << 32,
    (1 << 62) + 1,
    i64::MAX as u64,
    1 << 63,
    u64::MAX,
];

/// One mutation of `bytes`, in place.
fn mutate(rng: &mut Rng, bytes: &mut Vec<u8>) {
    let len = bytes.len();
    match rng.below(9) {
        0 if len > 0 => {
            let i = rng.below(len);
            bytes[i] ^= 1 << rng.below(8);
        }
        1 if len > 0 => {
            let i = rng.below(len);
            bytes[i] = *rng.pick(&[0u8, 0xFF, 0x7F, 0x80, b'(', b')', b',', b'9', b'\'']);
        }
        2 | 3 if len >= 8 => {
            // An interesting integer over a 2-, 4- or 8-byte field (zip fields, lengths).
            let width = *rng.pick(&[2usize, 4, 8]);
            let i = rng.below(len - width + 1);
            let v = rng.pick(INTERESTING).wrapping_sub(rng.below(2) as u64);
            bytes[i..i + width].copy_from_slice(&v.to_le_bytes()[..width]);
        }
        4 => bytes.truncate(rng.below(len + 1)),
        5 if len > 0 => {
            let (a, n) = (rng.below(len), rng.below(64));
            bytes.drain(a..(a + n).min(len));
        }
        6 if len > 0 => {
            let (a, n) = (rng.below(len), rng.below(64).min(len));
            let piece: Vec<u8> = bytes[a..(a + n).min(len)].to_vec();
            let at = rng.below(len);
            bytes.splice(at..at, piece);
        }
        7 => {
            // A header's shape replaced by a hostile one.
            let text = String::from_utf8_lossy(bytes).into_owned();
            if let Some(s) = text.find("'shape': (") {
                let shapes = [
                    "(0, 18446744073709551615)",
                    "(18446744073709551615,)",
                    "(4294967296, 4294967296)",
                    "(-1,)",
                    "(99999999999999999999999,)",
                    "((((((((1,),),),),),),),)",
                    "(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)",
                    "()",
                ];
                let end = text[s..].find(')').map_or(len, |e| s + e + 1);
                if end <= len && text.is_char_boundary(end) {
                    let new = format!("'shape': {}", rng.pick(&shapes));
                    bytes.splice(s..end, new.into_bytes());
                }
            }
        }
        _ => {
            let at = rng.below(len + 1);
            let n = rng.below(16);
            let junk: Vec<u8> = (0..n).map(|_| rng.next() as u8).collect();
            bytes.splice(at..at, junk);
        }
    }
}

/// A valid `.npy` file of a random dtype and shape (C or Fortran order, little- or
/// big-endian, format 1.0 to 3.0), built by hand, and the values it holds in C order.
fn generated_npy(rng: &mut Rng) -> (Vec<u8>, Vec<usize>, Vec<u8>) {
    let ndim = rng.below(4);
    let shape: Vec<usize> = (0..ndim).map(|_| rng.below(4)).collect();
    let n: usize = shape.iter().product();
    let (descr, size) = *rng.pick(&[("u1", 1), ("i2", 2), ("f4", 4), ("u8", 8)]);
    let big = size > 1 && rng.below(2) == 1;
    let fortran = rng.below(2) == 1;
    // C-order little-endian element bytes, element k holding bytes (k * size + j) as u8.
    let c_bytes: Vec<u8> = (0..n * size).map(|j| (j * 7 + 3) as u8).collect();
    // The file's order: Fortran order visits the C-order elements transposed.
    let mut order: Vec<usize> = (0..n).collect();
    if fortran && ndim > 1 {
        let strides = {
            let mut s = vec![1usize; ndim];
            for d in (0..ndim - 1).rev() {
                s[d] = s[d + 1] * shape[d + 1];
            }
            s
        };
        order.clear();
        let mut idx = vec![0usize; ndim];
        for _ in 0..n {
            order.push(idx.iter().zip(&strides).map(|(i, s)| i * s).sum());
            for d in 0..ndim {
                idx[d] += 1;
                if idx[d] < shape[d] {
                    break;
                }
                idx[d] = 0;
            }
        }
    }
    let mut data = Vec::with_capacity(n * size);
    for &k in &order {
        let mut e = c_bytes[k * size..(k + 1) * size].to_vec();
        if big {
            e.reverse();
        }
        data.extend(e);
    }
    let dims: Vec<String> = shape.iter().map(usize::to_string).collect();
    let tuple = match ndim {
        1 => format!("({},)", dims[0]),
        _ => format!("({})", dims.join(", ")),
    };
    let header = format!(
        "{{'descr': '{}{descr}', 'fortran_order': {}, 'shape': {tuple}, }}",
        if size == 1 {
            '|'
        } else if big {
            '>'
        } else {
            '<'
        },
        if fortran { "True" } else { "False" }
    );
    let version = 1 + rng.below(3) as u8;
    (npy_file(version, &header, &data), shape, c_bytes)
}

/// The little-endian bytes of a loaded array, in C order.
fn le_bytes(any: &AnyArray) -> Vec<u8> {
    let mut out = Vec::new();
    match any {
        AnyArray::U8(a) => a.to_vec().unwrap().iter().for_each(|v| out.push(*v)),
        AnyArray::I16(a) => a
            .to_vec()
            .unwrap()
            .iter()
            .for_each(|v| out.extend(v.to_le_bytes())),
        AnyArray::F32(a) => a
            .to_vec()
            .unwrap()
            .iter()
            .for_each(|v| out.extend(v.to_le_bytes())),
        AnyArray::U64(a) => a
            .to_vec()
            .unwrap()
            .iter()
            .for_each(|v| out.extend(v.to_le_bytes())),
        other => panic!("unexpected dtype {}", other.dtype()),
    }
    out
}

/// Reads `bytes` every way there is: as a `.npy` stream, as a `.npy` file, as an archive
/// lazily (each member) and eagerly. Panics only if a reader panics or a result is
/// inconsistent (an array whose length is not its shape's).
fn read_every_way(bytes: &[u8]) {
    let check = |a: &AnyArray| {
        let n: usize = a.shape().iter().product();
        assert_eq!(element_count(a), n, "array of shape {:?}", a.shape());
    };
    if let Ok(a) = io::load_any_from(bytes, &cpu()) {
        check(&a);
    }
    if let Ok(a) = with_file(bytes, "f.npy", |p| io::load_any(p, &cpu())) {
        check(&a);
    }
    if let Ok(npz) = npz_reader(bytes.to_vec()) {
        for name in npz.names() {
            if let Ok(a) = npz.get(name) {
                check(&a);
            }
        }
        if let Ok(all) = npz.load_all() {
            all.iter().for_each(|(_, a)| check(a));
        }
    }
}

fn element_count(any: &AnyArray) -> usize {
    fn len<T: NpyDType>(a: &Array<T>) -> usize {
        a.to_vec().unwrap().len()
    }
    match any {
        AnyArray::Bool(a) => len(a),
        AnyArray::I8(a) => len(a),
        AnyArray::I16(a) => len(a),
        AnyArray::I32(a) => len(a),
        AnyArray::I64(a) => len(a),
        AnyArray::U8(a) => len(a),
        AnyArray::U16(a) => len(a),
        AnyArray::U32(a) => len(a),
        AnyArray::U64(a) => len(a),
        AnyArray::F16(a) => len(a),
        AnyArray::F32(a) => len(a),
        AnyArray::F64(a) => len(a),
        AnyArray::C64(a) => len(a),
        AnyArray::C128(a) => len(a),
        other => panic!("unexpected dtype {}", other.dtype()),
    }
}

fn fuzz_cases(default: usize) -> usize {
    std::env::var("KERNELS_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Runs `case` for each index, reporting the index and saving the input of a panicking case.
fn fuzz(
    name: &str,
    cases: usize,
    mut case: impl FnMut(usize, &mut Rng) -> Vec<u8>,
    read: impl Fn(&[u8]),
) {
    let path = scratch(&format!("fuzz_{name}.bin"));
    for i in 0..cases {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ (i as u64).wrapping_mul(0xD1B5_4A32_D192_ED03));
        let input = case(i, &mut rng);
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| read(&input)));
        if outcome.is_err() {
            std::fs::write(&path, &input).unwrap();
            panic!(
                "{name}: case {i} panicked; its input is saved in {}",
                path.display()
            );
        }
    }
}

#[test]
fn fuzz_generated_files_read_back_exactly() {
    for i in 0..fuzz_cases(300) {
        let mut rng = Rng(0x5EED ^ i as u64);
        let (file, shape, c_bytes) = generated_npy(&mut rng);
        let a = io::load_any_from(&file[..], &cpu()).unwrap_or_else(|e| panic!("case {i}: {e}"));
        assert_eq!(a.shape(), &shape[..], "case {i}");
        assert_eq!(le_bytes(&a), c_bytes, "case {i}");
        let from_file = with_file(&file, "valid.npy", |p| io::load_any(p, &cpu()));
        assert_eq!(le_bytes(&from_file.unwrap()), c_bytes);
        // The same array through an archive, stored or deflated.
        let zip = zip_bytes(vec![("a", a)], rng.below(2) == 1);
        let back = npz_reader(zip).unwrap().get("a").unwrap();
        assert_eq!(
            (back.shape(), le_bytes(&back)),
            (&shape[..], c_bytes),
            "case {i}"
        );
    }
}

#[test]
fn fuzz_mutated_files_never_panic() {
    let mut corpus: Vec<Vec<u8>> = [
        "dtype_c16.npy",
        "be_fortran_i8.npy",
        "v3_f4.npy",
        "savez.npz",
        "savez_compressed.npz",
    ]
    .iter()
    .map(|f| std::fs::read(fx(f)).unwrap())
    .collect();
    let mut rng = Rng(42);
    for _ in 0..4 {
        corpus.push(generated_npy(&mut rng).0);
    }
    let small = |rng: &mut Rng| {
        let (file, _, _) = generated_npy(rng);
        io::load_any_from(&file[..], &cpu()).unwrap()
    };
    let arrays = vec![("a", small(&mut rng)), ("b", small(&mut rng))];
    corpus.push(zip_bytes(arrays.clone(), false));
    corpus.push(zip_bytes(arrays, true));
    fuzz(
        "mutated",
        fuzz_cases(1500),
        |_, rng| {
            let mut bytes = rng.pick(&corpus).clone();
            for _ in 0..1 + rng.below(4) {
                mutate(rng, &mut bytes);
            }
            bytes
        },
        read_every_way,
    );
}
