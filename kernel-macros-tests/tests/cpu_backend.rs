//! Elementwise kernels on the CPU backend against plain Rust loops: every dtype, broadcasting,
//! non-contiguous and negative-stride views, empty and 0-d arrays, and the `into` variant.

use kernels_std::prelude::*;
use kernels_std::s;

#[elementwise]
fn select<T: DType>(c: bool, a: T, b: T) -> T {
    if c {
        a
    } else {
        b
    }
}

#[elementwise]
fn add<T: Num>(x: T, y: T) -> T {
    x + y
}

#[elementwise]
fn muladd_f(x: f64, y: f64, z: f64) -> f64 {
    x * y + z
}

#[elementwise]
fn sum_diff(x: i32, y: i32) -> (i32, i32) {
    (x + y, x - y)
}

fn cpu() -> Device {
    Device::cpu()
}

/// Deterministic pseudo-random values (no overflow when two are added).
fn values<T: DType>(n: usize, f: impl Fn(u32) -> T) -> Vec<T> {
    (0..n as u32)
        .map(|i| f(i.wrapping_mul(2654435761) >> 26))
        .collect()
}

fn check_add<T: Num>(f: impl Fn(u32) -> T + Copy) {
    let n = 37;
    let (xv, yv) = (values(n, f), values(n, |i| f(i / 2 + 1)));
    let x = Array::from_vec(&cpu(), &[n], xv.clone()).unwrap();
    let y = Array::from_vec(&cpu(), &[n], yv.clone()).unwrap();
    let z = add(&x, &y).unwrap();
    let expect: Vec<T> = xv.iter().zip(&yv).map(|(&a, &b)| a + b).collect();
    assert_eq!(z.to_vec().unwrap(), expect, "add for {}", T::ID);
    // the native twin is the same function
    assert_eq!(add::scalar(xv[3], yv[3]), expect[3]);
}

#[test]
fn add_every_numeric_dtype() {
    check_add::<i8>(|i| i as i8);
    check_add::<i16>(|i| i as i16 - 20);
    check_add::<i32>(|i| i as i32 * 1000 - 7);
    check_add::<i64>(|i| i as i64 * 100_000_000_000 - 3);
    check_add::<u8>(|i| i as u8);
    check_add::<u16>(|i| i as u16 * 100);
    check_add::<u32>(|i| i * 1_000_000);
    check_add::<u64>(|i| (i as u64) << 40);
    check_add::<f16>(|i| f16::from_f32(i as f32 * 0.37));
    check_add::<bf16>(|i| bf16::from_f32(i as f32 * -1.25));
    check_add::<f32>(|i| i as f32 * 0.1);
    check_add::<f64>(|i| i as f64 * -0.3);
}

fn check_select<T: DType>(f: impl Fn(u32) -> T + Copy) {
    let n = 23;
    let cv: Vec<bool> = (0..n).map(|i| i % 3 == 0).collect();
    let (av, bv) = (values(n, f), values(n, |i| f(i + 5)));
    let c = Array::from_vec(&cpu(), &[n], cv.clone()).unwrap();
    let a = Array::from_vec(&cpu(), &[n], av.clone()).unwrap();
    let b = Array::from_vec(&cpu(), &[n], bv.clone()).unwrap();
    let z = select(&c, &a, &b).unwrap();
    let expect: Vec<T> = (0..n).map(|i| if cv[i] { av[i] } else { bv[i] }).collect();
    assert_eq!(z.to_vec().unwrap(), expect, "select for {}", T::ID);
}

#[test]
fn select_every_dtype() {
    check_select::<bool>(|i| i % 2 == 0);
    check_select::<i8>(|i| i as i8);
    check_select::<i16>(|i| i as i16);
    check_select::<i32>(|i| i as i32);
    check_select::<i64>(|i| -(i as i64));
    check_select::<u8>(|i| i as u8);
    check_select::<u16>(|i| i as u16);
    check_select::<u32>(|i| i);
    check_select::<u64>(|i| i as u64);
    check_select::<f16>(|i| f16::from_f32(i as f32));
    check_select::<bf16>(|i| bf16::from_f32(i as f32));
    check_select::<f32>(|i| i as f32);
    check_select::<f64>(|i| i as f64);
}

#[test]
fn broadcasting_column_row_and_scalar() {
    let col = Array::from_vec(&cpu(), &[3, 1], vec![1.0f64, 2.0, 3.0]).unwrap();
    let row = Array::from_vec(&cpu(), &[4], vec![10.0f64, 20.0, 30.0, 40.0]).unwrap();
    let z = muladd_f(&col, &row, 0.5).unwrap();
    assert_eq!(z.shape(), &[3, 4]);
    let mut expect = Vec::new();
    for c in [1.0, 2.0, 3.0] {
        for r in [10.0, 20.0, 30.0, 40.0] {
            expect.push(c * r + 0.5);
        }
    }
    assert_eq!(z.to_vec().unwrap(), expect);
}

#[test]
fn broadcast_mismatch_is_an_error_naming_both_shapes() {
    let a = Array::<f64>::zeros(&cpu(), &[3]).unwrap();
    let b = Array::<f64>::zeros(&cpu(), &[4]).unwrap();
    let err = muladd_f(&a, &b, 1.0).unwrap_err();
    let msg = err.to_string();
    assert!(matches!(err, Error::Broadcast { .. }), "{msg}");
    assert!(msg.contains("[3]") && msg.contains("[4]"), "{msg}");
}

#[test]
fn transposed_and_negative_stride_views() {
    let n = 6 * 7;
    let v: Vec<f64> = (0..n).map(|i| i as f64).collect();
    let a = Array::from_vec(&cpu(), &[6, 7], v.clone()).unwrap();
    let at = a.t(); // (7, 6), strides (1, 7)
    let rev = a.slice(s![..;-1, ..;-2]).unwrap(); // (6, 4), negative strides
    let z = muladd_f(&at, 2.0, 1.0).unwrap();
    let expect: Vec<f64> = at.to_vec().unwrap().iter().map(|x| x * 2.0 + 1.0).collect();
    assert_eq!(z.to_vec().unwrap(), expect);
    let z = muladd_f(&rev, &rev, 0.0).unwrap();
    let rv = rev.to_vec().unwrap();
    assert_eq!(rev.shape(), &[6, 4]);
    assert_eq!(rv[0], v[5 * 7 + 6]);
    let expect: Vec<f64> = rv.iter().map(|x| x * x).collect();
    assert_eq!(z.to_vec().unwrap(), expect);
}

#[test]
fn empty_and_zero_d() {
    let e = Array::<f64>::zeros(&cpu(), &[0, 5]).unwrap();
    let z = muladd_f(&e, 1.0, 2.0).unwrap();
    assert_eq!(z.shape(), &[0, 5]);
    assert!(z.to_vec().unwrap().is_empty());
    let s = Array::scalar(&cpu(), 3.0f64).unwrap();
    let z = muladd_f(&s, &s, 1.0).unwrap();
    assert_eq!(z.ndim(), 0);
    assert_eq!(z.item().unwrap(), 10.0);
    // all scalars: a 0-d result
    let z = muladd_f(2.0, 3.0, 4.0).unwrap();
    assert_eq!((z.ndim(), z.item().unwrap()), (0, 10.0));
}

#[test]
fn tuple_results() {
    let x = Array::from_vec(&cpu(), &[2, 2], vec![1, 2, 3, 4]).unwrap();
    let (s, d) = sum_diff(&x, 10).unwrap();
    assert_eq!(s.to_vec().unwrap(), vec![11, 12, 13, 14]);
    assert_eq!(d.to_vec().unwrap(), vec![-9, -8, -7, -6]);
}

#[test]
fn into_existing_arrays_and_strided_views() {
    let x = Array::from_vec(&cpu(), &[4], vec![1.0f64, 2.0, 3.0, 4.0]).unwrap();
    let mut out = Array::<f64>::zeros(&cpu(), &[2, 4]).unwrap();
    muladd_f::into(&x, 2.0, 0.0, &mut out).unwrap();
    assert_eq!(
        out.to_vec().unwrap(),
        vec![2.0, 4.0, 6.0, 8.0, 2.0, 4.0, 6.0, 8.0]
    );
    // write every other column, reversed, of a bigger array
    let mut big = Array::<f64>::zeros(&cpu(), &[2, 8]).unwrap();
    let view = big.slice_mut(s![.., ..;-2]).unwrap();
    muladd_f::into(&x, 1.0, 0.5, view).unwrap();
    assert_eq!(
        big.to_vec().unwrap(),
        vec![0.0, 4.5, 0.0, 3.5, 0.0, 2.5, 0.0, 1.5, 0.0, 4.5, 0.0, 3.5, 0.0, 2.5, 0.0, 1.5]
    );
    // shape that the inputs do not broadcast to
    let mut small = Array::<f64>::zeros(&cpu(), &[3]).unwrap();
    assert!(muladd_f::into(&x, 1.0, 0.0, &mut small).is_err());
    // a broadcast view cannot be written
    let mut bc = Array::<f64>::zeros(&cpu(), &[4])
        .unwrap()
        .broadcast_to(&[2, 4])
        .unwrap();
    assert!(matches!(
        muladd_f::into(&x, 1.0, 0.0, &mut bc),
        Err(Error::Output { .. })
    ));
}

#[test]
fn writing_does_not_disturb_arrays_sharing_storage() {
    let x = Array::from_vec(&cpu(), &[3], vec![1.0f64, 2.0, 3.0]).unwrap();
    let mut y = x.clone(); // shares storage
    muladd_f::into(&x, 10.0, 0.0, &mut y).unwrap();
    assert_eq!(x.to_vec().unwrap(), vec![1.0, 2.0, 3.0]);
    assert_eq!(y.to_vec().unwrap(), vec![10.0, 20.0, 30.0]);
}

#[test]
fn large_calls_cross_the_parallel_threshold() {
    let n = 100_003;
    let v: Vec<f64> = (0..n).map(|i| (i % 1000) as f64).collect();
    let a = Array::from_vec(&cpu(), &[n], v.clone()).unwrap();
    let z = muladd_f(&a, &a, -1.0).unwrap();
    let got = z.to_vec().unwrap();
    assert!(got.iter().zip(&v).all(|(g, x)| *g == x * x - 1.0));
    // strided over a large 2-d array
    let m = Array::from_vec(
        &cpu(),
        &[317, 331],
        (0..317 * 331).map(|i| i as f64).collect(),
    )
    .unwrap();
    let z = muladd_f(m.t(), 1.0, 0.0).unwrap();
    assert_eq!(z.to_vec().unwrap(), m.t().to_vec().unwrap());
}
