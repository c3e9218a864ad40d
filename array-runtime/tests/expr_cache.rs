//! The program cache of expressions (`expr/cache.rs`) and the small-call path of the CPU
//! driver (`cpu/small.rs`): every test evaluates one structure, then the same structure with
//! something that changes its program (dtypes, scalar or array leaves, which leaves are the
//! same array, shared subtrees, the kernels called) or that does not (scalar values, shapes,
//! strides, sizes), and compares each result with the one of kernels run one at a time. A
//! program served for the wrong structure gives a wrong result or an error here.

use array_runtime::expr::Expr;
use array_runtime::kernel::elementwise::Operand;
use array_runtime::ops::Numeric;
use array_runtime::{c128, f16, s, Array, DType, Device};
use kernel_macros::elementwise;

fn cpu() -> Device {
    Device::cpu()
}

fn arr<T: DType>(shape: &[usize], v: Vec<T>) -> Array<T> {
    Array::from_vec(&cpu(), shape, v).unwrap()
}

/// `x * k + x`, one kernel per operator.
fn eager<T: Numeric>(x: &Array<T>, k: T) -> Vec<T> {
    let p = T::multiply(x, Operand::Scalar(k)).unwrap();
    T::add(&p, x).unwrap().to_vec().unwrap()
}

#[test]
fn scalar_values_are_operands_not_part_of_the_cached_program() {
    let x = arr(&[10], (0..10).map(f64::from).collect());
    for k in [2.0, 5.0, -0.5, 2.0, 1e300] {
        assert_eq!((&x * k + &x).to_vec().unwrap(), eager(&x, k), "k = {k}");
    }
}

#[test]
fn the_same_structure_of_other_dtypes_gets_its_own_program() {
    let f = arr(&[10], (0..10).map(|i| i as f32 * 0.5).collect());
    let d = arr(&[10], (0..10).map(|i| f64::from(i) * 0.5).collect());
    let i = arr(&[10], (0..10).collect::<Vec<i32>>());
    let u = arr(&[10], (0..10u8).map(|v| v * 20).collect());
    let c = arr(
        &[3],
        vec![
            c128::new(1.0, 2.0),
            c128::new(-1.0, 0.5),
            c128::new(0.0, 0.0),
        ],
    );
    let h = arr(
        &[4],
        vec![f16::from_f32(1.5), f16::from_f32(-2.0), f16::ZERO, f16::ONE],
    );
    for _ in 0..2 {
        assert_eq!((&f * 2.0 + &f).to_vec().unwrap(), eager(&f, 2.0));
        assert_eq!((&d * 2.0 + &d).to_vec().unwrap(), eager(&d, 2.0));
        assert_eq!((&i * 2 + &i).to_vec().unwrap(), eager(&i, 2));
        assert_eq!((&u * 2 + &u).to_vec().unwrap(), eager(&u, 2));
        let k = c128::new(0.0, 1.0);
        assert_eq!((&c * k + &c).to_vec().unwrap(), eager(&c, k));
        let k = f16::from_f32(2.0);
        assert_eq!((&h * k + &h).to_vec().unwrap(), eager(&h, k));
    }
    // Promotion: the same operators over other pairs of dtypes convert other operands.
    let want: Vec<f64> = (0..10).map(|v| f64::from(v) * 1.5).collect();
    let e1: Expr<f64> = &i + &d;
    let e2: Expr<f64> = &d + &i;
    assert_eq!(e1.to_vec().unwrap(), want);
    assert_eq!(e2.to_vec().unwrap(), want);
    let e3: Expr<f32> = &u + &f;
    let want: Vec<f32> = (0..10).map(|v| v as f32 * 20.0 + v as f32 * 0.5).collect();
    assert_eq!(e3.to_vec().unwrap(), want);
}

#[test]
fn scalar_or_array_leaves_and_repeated_arrays_change_the_program() {
    let x = arr(&[6], vec![1.0f64, 2.0, 3.0, 4.0, 5.0, 6.0]);
    let y = arr(&[6], vec![10.0f64, 20.0, 30.0, 40.0, 50.0, 60.0]);
    let xv = x.to_vec().unwrap();
    let yv = y.to_vec().unwrap();
    let want = |f: &dyn Fn(f64, f64) -> f64| -> Vec<f64> {
        xv.iter().zip(&yv).map(|(&a, &b)| f(a, b)).collect()
    };
    for _ in 0..2 {
        // x twice: one operand; x and y: two; a scalar in y's place.
        assert_eq!((&x * 2.0 + &x).to_vec().unwrap(), want(&|a, _| a * 2.0 + a));
        assert_eq!((&x * 2.0 + &y).to_vec().unwrap(), want(&|a, b| a * 2.0 + b));
        assert_eq!((&x * &y + &x).to_vec().unwrap(), want(&|a, b| a * b + a));
        assert_eq!((&y * &x + &x).to_vec().unwrap(), want(&|a, b| b * a + a));
        assert_eq!((&x * &x + &y).to_vec().unwrap(), want(&|a, b| a * a + b));
        assert_eq!(
            (&x * 3.0 + 4.0).to_vec().unwrap(),
            want(&|a, _| a * 3.0 + 4.0)
        );
        // Another handle on x's elements is x; a reversed view of them is not.
        let again = x.clone();
        assert_eq!((&x * 2.0 + &again).to_vec().unwrap(), want(&|a, _| a * 3.0));
        let rev = x.slice(s![..;-1]).unwrap();
        let r: Vec<f64> = xv
            .iter()
            .zip(xv.iter().rev())
            .map(|(a, b)| a * 2.0 + b)
            .collect();
        assert_eq!((&x * 2.0 + &rev).to_vec().unwrap(), r);
    }
}

#[test]
fn shared_subtrees_and_their_copies_give_the_same_values() {
    let x = arr(&[5], vec![1i64, -2, 3, -4, 5]);
    let xv = x.to_vec().unwrap();
    let t = &x * 3 - 1;
    let shared = &t * &t + &t;
    let copied = (&x * 3 - 1) * (&x * 3 - 1) + (&x * 3 - 1);
    let want: Vec<i64> = xv
        .iter()
        .map(|&v| (v * 3 - 1) * (v * 3 - 1) + (v * 3 - 1))
        .collect();
    for _ in 0..2 {
        assert_eq!(shared.to_vec().unwrap(), want);
        assert_eq!(copied.to_vec().unwrap(), want);
    }
    // The shared node as the right operand only, then as both.
    let half = (&x * 3 - 1) * &t + &t;
    assert_eq!(half.to_vec().unwrap(), want);
}

#[test]
fn shapes_strides_sizes_and_broadcasting_do_not_change_the_program() {
    let dev = cpu();
    // One structure over: 10 elements (one small chunk), 2-d with a broadcast row, a
    // transposed view, a strided view, a 0-d array, and enough elements for many chunks.
    let shapes: &[&[usize]] = &[&[10], &[3, 4], &[1], &[], &[5000], &[2, 3, 70_000]];
    for shape in shapes {
        let n: usize = shape.iter().product();
        let x = Array::from_vec(&dev, shape, (0..n).map(|i| i as f64 * 0.25).collect()).unwrap();
        assert_eq!(
            (&x * 2.0 + &x).to_vec().unwrap(),
            eager(&x, 2.0),
            "{shape:?}"
        );
    }
    let m = arr(&[3, 4], (0..12).map(f64::from).collect());
    let row = arr(&[4], vec![1.0f64, -1.0, 2.0, -2.0]);
    let got = (&m * 2.0 + &row).to_vec().unwrap();
    let mv = m.to_vec().unwrap();
    let want: Vec<f64> = (0..12)
        .map(|k| mv[k] * 2.0 + [1.0, -1.0, 2.0, -2.0][k % 4])
        .collect();
    assert_eq!(got, want);
    let t = m.t();
    assert_eq!(
        (&t * 2.0 + &t).to_vec().unwrap(),
        eager(&t.copy().unwrap(), 2.0)
    );
    let strided = m.slice(s![.., ..;2]).unwrap();
    assert_eq!(
        (&strided * 2.0 + &strided).to_vec().unwrap(),
        eager(&strided.copy().unwrap(), 2.0)
    );
}

#[elementwise]
fn first_kernel(a: f32, b: f32) -> f32 {
    a - b
}

#[elementwise]
fn second_kernel(a: f32, b: f32) -> f32 {
    a * 10.0 + b
}

#[elementwise]
fn generic_kernel<T: array_runtime::Num>(a: T, b: T) -> T {
    a + b + b
}

#[test]
fn kernels_of_the_same_signature_are_different_programs() {
    let x = arr(&[4], vec![1.0f32, 2.0, 3.0, 4.0]);
    let y = arr(&[4], vec![0.5f32, 0.25, 0.0, -1.0]);
    for _ in 0..2 {
        assert_eq!(
            first_kernel::lazy(&x, &y).to_vec().unwrap(),
            vec![0.5, 1.75, 3.0, 5.0]
        );
        assert_eq!(
            second_kernel::lazy(&x, &y).to_vec().unwrap(),
            vec![10.5, 20.25, 30.0, 39.0]
        );
        assert_eq!(
            generic_kernel::lazy(&x, &y).to_vec().unwrap(),
            vec![2.0, 2.5, 3.0, 2.0]
        );
        let i = arr(&[3], vec![1i16, 2, 3]);
        assert_eq!(
            generic_kernel::lazy(&i, 7i16).to_vec().unwrap(),
            vec![15, 16, 17]
        );
    }
}

/// Small calls (one chunk over the operands' own elements) against the same calls past the
/// small-call limit (the general driver): scalars of every size, views, outputs written in
/// place.
#[test]
fn small_calls_agree_with_the_general_driver() {
    let dev = cpu();
    for n in [1usize, 7, 256, 257, 3000] {
        let b = Array::from_vec(&dev, &[n], (0..n).map(|i| i % 3 == 0).collect()).unwrap();
        let got = (&b ^ true).to_vec().unwrap();
        assert_eq!(
            got,
            (0..n).map(|i| i % 3 != 0).collect::<Vec<_>>(),
            "bool, {n}"
        );
        let u = Array::from_vec(&dev, &[n], (0..n).map(|i| i as u16).collect()).unwrap();
        let got = (&u * 3u16 + 1u16).to_vec().unwrap();
        let want: Vec<u16> = (0..n)
            .map(|i| (i as u16).wrapping_mul(3).wrapping_add(1))
            .collect();
        assert_eq!(got, want, "u16, {n}");
        let c = Array::from_vec(
            &dev,
            &[n],
            (0..n).map(|i| c128::new(i as f64, 1.0)).collect(),
        )
        .unwrap();
        let k = c128::new(0.0, 2.0);
        let got = (&c * k).to_vec().unwrap();
        let want: Vec<c128> = (0..n).map(|i| c128::new(i as f64, 1.0) * k).collect();
        assert_eq!(got, want, "c128, {n}");
        // A reversed view (strided) and an in-place write of a small array.
        let x = Array::from_vec(&dev, &[n], (0..n).map(|i| i as f32).collect()).unwrap();
        let rev = x.slice(s![..;-1]).unwrap();
        let got = (&rev + 1.0).to_vec().unwrap();
        let want: Vec<f32> = (0..n).rev().map(|i| i as f32 + 1.0).collect();
        assert_eq!(got, want, "reversed, {n}");
        let mut y = x.copy().unwrap();
        y.assign(&x * 2.0 + 1.0).unwrap();
        let want: Vec<f32> = (0..n).map(|i| i as f32 * 2.0 + 1.0).collect();
        assert_eq!(y.to_vec().unwrap(), want, "assigned, {n}");
        let mut z = x.copy().unwrap();
        let zz = z.clone();
        z.assign(&zz * &zz - 1.0).unwrap();
        let want: Vec<f32> = (0..n).map(|i| (i * i) as f32 - 1.0).collect();
        assert_eq!(z.to_vec().unwrap(), want, "in place, {n}");
    }
}
