//! Lazy expressions: the operators build trees, `.eval()` runs each tree as one kernel with
//! the same results as one kernel per operator; errors name the expression; the fused CUDA
//! modules compile with NVRTC.

use array_runtime::cuda::verify;
use array_runtime::expr::{Expr, IntoExpr, MAX_DEPTH};
use array_runtime::kernel::launches;
use array_runtime::ops::{Arithmetic, Numeric};
use array_runtime::{s, Array, Cmp, Device, Error};
use kernel_macros::elementwise;

fn cpu() -> Device {
    Device::cpu()
}

fn ramp(n: usize, scale: f64) -> Vec<f64> {
    (0..n)
        .map(|i| (i as f64 - n as f64 / 3.0) * scale)
        .collect()
}

/// Runs `e` and counts its kernels.
fn eval_counted<T: array_runtime::DType>(e: &Expr<T>) -> (Array<T>, u64) {
    let before = launches();
    let r = e.eval().unwrap();
    (r, launches() - before)
}

#[test]
fn a_tree_is_one_kernel_with_the_results_of_one_kernel_per_operator() {
    let dev = cpu();
    // Large enough for several chunks and parallel blocks, with a ragged last chunk.
    let n = 100_003;
    let a = Array::from_vec(&dev, &[n], ramp(n, 0.5)).unwrap();
    let x = Array::from_vec(&dev, &[n], ramp(n, -0.25)).unwrap();
    let b = Array::from_vec(&dev, &[n], ramp(n, 2.0)).unwrap();
    let e = &a * &x + &b - 1.5 * &a / (&x * &x + 1.0);
    let (got, kernels) = eval_counted(&e);
    assert_eq!(kernels, 1);
    let ax = f64::multiply(&a, &x).unwrap();
    let axb = f64::add(&ax, &b).unwrap();
    let xx1 = f64::add(f64::multiply(&x, &x).unwrap(), 1.0).unwrap();
    let q = f64::true_divide(f64::multiply(1.5, &a).unwrap(), &xx1).unwrap();
    let want = f64::subtract(&axb, &q).unwrap();
    assert_eq!(got.to_vec().unwrap(), want.to_vec().unwrap());
}

#[test]
fn views_broadcasting_and_scalars_on_either_side() {
    let dev = cpu();
    let m = Array::from_vec(&dev, &[4, 6], (0..24).collect::<Vec<i32>>()).unwrap();
    let row = Array::from_vec(&dev, &[6], vec![1i32, -2, 3, -4, 5, -6]).unwrap();
    let col = m.slice(s![.., 1..2]).unwrap(); // (4, 1), strided
    let t = m.slice(s![..;-1, ..;2]).unwrap(); // (4, 3), reversed rows
    let e = (&col * &row - 3) % 7;
    let got = e.to_vec().unwrap();
    let (mv, rv) = (m.to_vec().unwrap(), row.to_vec().unwrap());
    let mut want = Vec::new();
    for i in 0..4 {
        for &r in &rv {
            let v = mv[i * 6 + 1] * r - 3;
            want.push(((v % 7) + 7) % 7);
        }
    }
    assert_eq!(got, want);
    let u = (10 - &t) * &t;
    let tv = t.to_vec().unwrap();
    assert_eq!(
        u.to_vec().unwrap(),
        tv.iter().map(|v| (10 - v) * v).collect::<Vec<_>>()
    );
    assert_eq!(u.shape().unwrap(), vec![4, 3]);
}

#[test]
fn comparisons_logic_and_bits_build_expressions_too() {
    let dev = cpu();
    let a = Array::from_vec(&dev, &[5], vec![1.0f32, f32::NAN, 3.0, -0.0, 7.0]).unwrap();
    let lt = a.less(3.0);
    assert_eq!(lt.to_vec().unwrap(), vec![true, false, false, true, false]);
    let both = &lt & a.greater_equal(0.0);
    assert_eq!(
        both.to_vec().unwrap(),
        vec![true, false, false, true, false]
    );
    assert_eq!(
        (!&both).to_vec().unwrap(),
        vec![false, true, true, false, true]
    );
    let i = Array::from_vec(&dev, &[4], vec![1u8, 2, 200, 255]).unwrap();
    assert_eq!(
        ((&i << 1u8) ^ 0xffu8).to_vec().unwrap(),
        vec![253, 251, 111, 1]
    );
    assert_eq!((-(&i)).to_vec().unwrap(), vec![255, 254, 56, 1]);
}

#[test]
fn integer_division_is_true_division_and_floor_division_keeps_the_dtype() {
    let dev = cpu();
    let a = Array::from_vec(&dev, &[3], vec![7i64, -7, 0]).unwrap();
    let q: Expr<f64> = &a / 2;
    assert_eq!(q.to_vec().unwrap(), vec![3.5, -3.5, 0.0]);
    assert!((&a / 0).to_vec().unwrap()[2].is_nan());
    let fd = i64::floor_divide(&a, 2).unwrap();
    assert_eq!(fd.to_vec().unwrap(), vec![3, -4, 0]);
}

#[test]
fn empty_zero_d_and_single_arrays() {
    let dev = cpu();
    let e = Array::<f32>::zeros(&dev, &[0, 3]).unwrap();
    assert_eq!((&e * 2.0 + 1.0).eval().unwrap().shape(), &[0, 3]);
    let z = Array::scalar(&dev, 4i16).unwrap();
    let r = (&z * &z - 1).eval().unwrap();
    assert_eq!((r.ndim(), r.item().unwrap()), (0, 15));
    // An expression that is only an array evaluates to a copy.
    let v = Array::from_vec(&dev, &[2, 2], vec![1u32, 2, 3, 4]).unwrap();
    let c = v.t().into_expr().eval().unwrap();
    assert_eq!(c.to_vec().unwrap(), vec![1, 3, 2, 4]);
    assert!(c.is_c_contiguous());
    assert_eq!(3.5f64.into_expr().item().unwrap(), 3.5);
}

#[test]
fn errors_name_the_expression_and_the_shapes() {
    let dev = cpu();
    let a = Array::<f64>::zeros(&dev, &[2, 3]).unwrap();
    let b = Array::<f64>::zeros(&dev, &[4]).unwrap();
    let e = (&a * 2.0 + &b).eval().unwrap_err();
    let text = e.to_string();
    assert!(text.contains("x0 * 2.0 + x1"), "{text}");
    assert!(text.contains("[2, 3]") && text.contains("[4]"), "{text}");
    match &e {
        Error::Expression { source, .. } => {
            assert!(matches!(**source, Error::Broadcast { .. }), "{source}")
        }
        other => panic!("not an expression error: {other}"),
    }
    // Precedence is written as NumPy would need it.
    let p = (&a + &a) * (&a - 1.0);
    assert_eq!(p.to_string(), "(x0 + x0) * (x0 - 1.0)");
    assert_eq!((-(&a * &a)).to_string(), "-(x0 * x0)");
    assert_eq!((&a - (&a - &a)).to_string(), "x0 - (x0 - x0)");
}

#[test]
fn shared_subtrees_are_computed_once_and_deep_trees_are_errors() {
    let dev = cpu();
    let a = Array::from_vec(&dev, &[3], vec![1.0f64, 2.0, 3.0]).unwrap();
    // 2^50 leaves if expanded; 50 steps as a DAG.
    let mut e = a.into_expr();
    for _ in 0..50 {
        e = &e + &e;
    }
    let (r, kernels) = eval_counted(&e);
    assert_eq!(kernels, 1);
    let p = 2f64.powi(50);
    assert_eq!(r.to_vec().unwrap(), vec![p, 2.0 * p, 3.0 * p]);
    // A chain past the bound is an error at evaluation, not a stack overflow, however long.
    let b = Array::from_vec(&dev, &[2], vec![1i32, 2]).unwrap();
    let mut chain = b.into_expr();
    for _ in 0..200_000 {
        chain = chain + 1;
    }
    let err = chain.eval().unwrap_err();
    assert!(err.to_string().contains(&MAX_DEPTH.to_string()), "{err}");
    let mut ok = (&Array::from_vec(&dev, &[1], vec![0i32]).unwrap()).into_expr();
    for _ in 0..MAX_DEPTH - 1 {
        ok = ok + 1;
    }
    assert_eq!(ok.item().unwrap(), (MAX_DEPTH - 1) as i32);
}

#[elementwise]
fn smoothstep(edge: f32, x: f32) -> f32 {
    let t = (x / edge).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

#[test]
fn a_users_kernel_joins_the_fusion() {
    let dev = cpu();
    let x = Array::from_vec(&dev, &[5], vec![-1.0f32, 0.0, 0.5, 1.0, 2.0]).unwrap();
    let e = smoothstep::lazy(1.0f32, &x * 2.0) * 10.0 - &x;
    let (r, kernels) = eval_counted(&e);
    assert_eq!(kernels, 1);
    let want: Vec<f32> = x
        .to_vec()
        .unwrap()
        .iter()
        .map(|&v| smoothstep::scalar(1.0, v * 2.0) * 10.0 - v)
        .collect();
    assert_eq!(r.to_vec().unwrap(), want);
    assert_eq!(e.to_string(), "smoothstep(1.0, x0 * 2.0) * 10.0 - x0");
    // The eager kernel call takes an expression too (evaluated first).
    let eager = smoothstep(1.0f32, &x * 2.0).unwrap();
    assert_eq!(
        eager.to_vec().unwrap(),
        smoothstep::lazy(1.0f32, &x * 2.0).to_vec().unwrap()
    );
}

#[test]
fn astype_inside_an_expression() {
    let dev = cpu();
    let a = Array::from_vec(&dev, &[3], vec![1u8, 200, 255]).unwrap();
    let e = (&a).into_expr().astype::<i32>() * 2 - 300;
    assert_eq!(e.to_vec().unwrap(), vec![-298, 100, 210]);
    let f = (&a * 2u8).astype::<f32>();
    assert_eq!(f.to_vec().unwrap(), vec![2.0, 144.0, 254.0]);
}

/// Every tree shape the tests above build, compiled to PTX by NVRTC as a GPU would load it
/// (skipped without NVRTC, required under CI).
#[test]
fn fused_modules_compile_with_nvrtc() {
    if !verify::nvrtc_or_skip("fused expressions").unwrap() {
        return;
    }
    let dev = cpu();
    let f = Array::<f64>::zeros(&dev, &[4]).unwrap();
    let i = Array::<i32>::zeros(&dev, &[4]).unwrap();
    let h = Array::<array_runtime::f16>::zeros(&dev, &[4]).unwrap();
    let u = Array::<u8>::zeros(&dev, &[4]).unwrap();
    let x = Array::<f32>::zeros(&dev, &[4]).unwrap();
    let c = Array::<array_runtime::c64>::zeros(&dev, &[4]).unwrap();
    let mut n = 0;
    n += (&f * &f + &f - 1.5 * &f / (&f * &f + 1.0))
        .verify_cuda()
        .unwrap();
    n += ((&i * 3 - 3) % 7).verify_cuda().unwrap();
    n += (&i / 2).verify_cuda().unwrap();
    n += ((&u << 1u8) ^ 0xffu8).verify_cuda().unwrap();
    n += (&x.less(3.0) & x.greater_equal(0.0)).verify_cuda().unwrap();
    n += (&h * &h + 1.0f32.into_expr().astype::<array_runtime::f16>())
        .verify_cuda()
        .unwrap();
    n += (smoothstep::lazy(1.0f32, &x * 2.0) * 10.0 - &x)
        .verify_cuda()
        .unwrap();
    n += ((&u).into_expr().astype::<i32>() * 2 - 300)
        .verify_cuda()
        .unwrap();
    n += (&c * &c - &c).verify_cuda().unwrap();
    // Promoted operands: conversions inside the fused module.
    n += (&u + &i).verify_cuda().unwrap();
    n += (&i * &x / &h).verify_cuda().unwrap();
    assert!(n >= 11 * 3, "{n} modules");
}

#[test]
fn assign_in_place_reads_each_element_before_writing_it_and_copies_no_storage() {
    let dev = cpu();
    let n = 70_001;
    let mut a = Array::from_vec(&dev, &[n], ramp(n, 1.0)).unwrap();
    let b = Array::from_vec(&dev, &[n], ramp(n, -3.0)).unwrap();
    let want: Vec<f64> = a
        .to_vec()
        .unwrap()
        .iter()
        .zip(b.to_vec().unwrap())
        .map(|(x, y)| x * 2.0 + y * x)
        .collect();
    let before = launches();
    a.assign(&a * 2.0 + &b * &a).unwrap();
    assert_eq!(launches() - before, 1, "in place: one kernel, no temporary");
    assert_eq!(a.to_vec().unwrap(), want);
    // A strided in-place update of a transposed view: element for element too.
    let mut m = Array::from_vec(&dev, &[3, 4], (0..12).map(|i| i as i64).collect()).unwrap();
    m.assign_at(s![.., ..;2], &m.slice(s![.., ..;2]).unwrap() * 10)
        .unwrap();
    assert_eq!(
        m.to_vec().unwrap(),
        vec![0, 1, 20, 3, 40, 5, 60, 7, 80, 9, 100, 11]
    );
    // The inside of a grid with long rows, element for element (written in place).
    let (r, c) = (5, 1100);
    let mut g = Array::from_vec(&dev, &[r, c], (0..r * c).map(|i| i as f64).collect()).unwrap();
    let inner = g.slice(s![1..-1, 1..-1]).unwrap();
    let e = &inner * 10.0 - 1.0;
    drop(inner);
    g.assign_at(s![1..-1, 1..-1], e).unwrap();
    let v = g.to_vec().unwrap();
    for (i, &x) in v.iter().enumerate() {
        let (y, z) = (i / c, i % c);
        let edge = y == 0 || z == 0 || y == r - 1 || z == c - 1;
        assert_eq!(
            x,
            if edge {
                i as f64
            } else {
                i as f64 * 10.0 - 1.0
            }
        );
    }
}

#[test]
fn a_stencil_assigned_in_place_sees_only_old_values() {
    // Short rows (gathered) and rows long enough to be read and written in place.
    for (r, c) in [(40, 50), (9, 1300)] {
        stencil_in_place(r, c);
    }
}

fn stencil_in_place(r: usize, c: usize) {
    let dev = cpu();
    let init: Vec<f64> = (0..r * c).map(|i| ((i * 37) % 101) as f64).collect();
    let mut u = Array::from_vec(&dev, &[r, c], init.clone()).unwrap();
    let (up, down) = (
        u.slice(s![..-2, 1..-1]).unwrap(),
        u.slice(s![2.., 1..-1]).unwrap(),
    );
    let (left, right) = (
        u.slice(s![1..-1, ..-2]).unwrap(),
        u.slice(s![1..-1, 2..]).unwrap(),
    );
    let mid = u.slice(s![1..-1, 1..-1]).unwrap();
    let step = &mid + 0.1 * (&up + &down + &left + &right - 4.0 * &mid);
    drop((up, down, left, right, mid));
    u.assign_at(s![1..-1, 1..-1], step).unwrap();
    let got = u.to_vec().unwrap();
    for i in 0..r {
        for j in 0..c {
            let v = init[i * c + j];
            let want = if i == 0 || j == 0 || i == r - 1 || j == c - 1 {
                v
            } else {
                let n = |a: usize, b: usize| init[a * c + b];
                v + 0.1 * (n(i - 1, j) + n(i + 1, j) + n(i, j - 1) + n(i, j + 1) - 4.0 * v)
            };
            assert_eq!(got[i * c + j], want, "({i}, {j})");
        }
    }
}

#[test]
fn assign_keeps_other_handles_unchanged_and_reports_errors() {
    use array_runtime::expr::InPlace;
    let dev = cpu();
    let mut a = Array::from_vec(&dev, &[3], vec![1i32, 2, 3]).unwrap();
    let keep = a.clone(); // another handle on the same storage
    a.add_assign(&keep * 10).unwrap();
    assert_eq!(a.to_vec().unwrap(), vec![11, 22, 33]);
    assert_eq!(keep.to_vec().unwrap(), vec![1, 2, 3]);
    let wrong = Array::<i32>::zeros(&dev, &[2]).unwrap();
    let e = a.assign(&a + &wrong).unwrap_err();
    // The array written is `out` in the message (read in place), the others `x0`, ...
    assert!(e.to_string().contains("out + x0"), "{e}");
    assert!(e.to_string().contains("[2] [3]"), "{e}");
    assert_eq!(a.to_vec().unwrap(), vec![11, 22, 33]);
    a.fill(-1).unwrap();
    assert_eq!(a.to_vec().unwrap(), vec![-1; 3]);
    let mut f = Array::from_vec(&dev, &[2], vec![1.0f32, 4.0]).unwrap();
    f.div_assign(2.0).unwrap();
    assert_eq!(f.to_vec().unwrap(), vec![0.5, 2.0]);
}

#[test]
fn mixed_dtypes_promote_as_numpy_and_scalars_keep_the_arrays_dtype() {
    use array_runtime::{c128, c64, f16, DType, DTypeId};
    let dev = cpu();
    let i8s = Array::from_vec(&dev, &[3], vec![-100i8, 0, 100]).unwrap();
    let u8s = Array::from_vec(&dev, &[3], vec![200u8, 1, 100]).unwrap();
    let s: Expr<i16> = &i8s + &u8s; // NumPy: int8 + uint8 -> int16, no wrapping
    assert_eq!(s.to_vec().unwrap(), vec![100, 1, 200]);
    let i = Array::from_vec(&dev, &[3], vec![1i32, 2, 3]).unwrap();
    let f = Array::from_vec(&dev, &[3], vec![0.5f32, 0.25, 0.1]).unwrap();
    let p: Expr<f64> = &i * &f; // int32 * float32 -> float64
    assert_eq!(p.to_vec().unwrap(), vec![0.5, 0.5, 3.0 * f64::from(0.1f32)]);
    let u = Array::from_vec(&dev, &[2], vec![u64::MAX, 1]).unwrap();
    let j = Array::from_vec(&dev, &[2], vec![-1i64, 1]).unwrap();
    let q: Expr<f64> = &u + &j; // uint64 + int64 -> float64
    assert_eq!(q.to_vec().unwrap(), vec![u64::MAX as f64 - 1.0, 2.0]);
    let h = Array::from_vec(&dev, &[2], vec![f16::from_f32(1.5), f16::from_f32(-2.0)]).unwrap();
    let hi: Expr<f16> = &h * &i8s.slice(s![..2]).unwrap(); // float16 * int8 -> float16
    assert_eq!(
        hi.to_vec().unwrap(),
        vec![f16::from_f32(-150.0), f16::from_f32(-0.0)]
    );
    let z = Array::from_vec(&dev, &[1], vec![c64::new(1.0, 2.0)]).unwrap();
    let d = Array::from_vec(&dev, &[1], vec![2.0f64]).unwrap();
    let zd: Expr<c128> = &z * &d; // complex64 * float64 -> complex128
    assert_eq!(zd.to_vec().unwrap(), vec![c128::new(2.0, 4.0)]);
    let qi: Expr<f64> = &i8s / &u8s; // true division of integers of two dtypes
    assert_eq!(qi.to_vec().unwrap(), vec![-0.5, 0.0, 1.0]);
    // NEP 50: a Rust literal takes the array's dtype.
    let g = &f * 2.5;
    assert_eq!(<f32 as DType>::ID, DTypeId::F32);
    let _: Expr<f32> = g.clone();
    assert_eq!(g.to_vec().unwrap(), vec![1.25, 0.625, 0.25]);
    // Promotion is visible in the expression as conversions.
    assert_eq!(p.to_string(), "f64(x0) * f64(x1)");
}

#[test]
fn long_programs_over_many_chunks_match_a_loop() {
    // More elements than one block, not a multiple of any chunk length: contiguous leaves
    // (short chunks), strided ones (the executor's chunks), a second dtype, and an in-place
    // chain whose step buffers are reused.
    let dev = cpu();
    let n = 100_003;
    let xs = ramp(n, 1e-3);
    let ys: Vec<f64> = ramp(n, 2e-3).into_iter().rev().collect();
    let x = Array::from_vec(&dev, &[n], xs.clone()).unwrap();
    let y = Array::from_vec(&dev, &[n], ys.clone()).unwrap();
    let f = |x: f64, y: f64| x + 0.1 * (x * y + x * 2.0 + y * 3.0 + x - 4.0 * y);
    let want: Vec<f64> = xs.iter().zip(&ys).map(|(&x, &y)| f(x, y)).collect();
    let chain =
        |x: &Array<f64>, y: &Array<f64>| x + 0.1 * (x * y + x * 2.0 + y * 3.0 + x - 4.0 * y);
    assert_eq!(chain(&x, &y).eval().unwrap().to_vec().unwrap(), want);
    // The same over every other element of arrays twice as long.
    let wide = |v: &[f64]| {
        let w: Vec<f64> = v.iter().flat_map(|&e| [e, f64::NAN]).collect();
        Array::from_vec(&dev, &[2 * n], w).unwrap()
    };
    let (xw, yw) = (wide(&xs), wide(&ys));
    let (xv, yv) = (xw.slice(s![..;2]).unwrap(), yw.slice(s![..;2]).unwrap());
    assert_eq!(chain(&xv, &yv).eval().unwrap().to_vec().unwrap(), want);
    // f32 steps beside f64 ones.
    let zs: Vec<f32> = xs.iter().map(|&v| v as f32).collect();
    let z = Array::from_vec(&dev, &[n], zs.clone()).unwrap();
    let mixed = (&z * 2.0f32 + &z * &z).astype::<f64>() * &y + &x;
    let want_mixed: Vec<f64> = zs
        .iter()
        .zip(&ys)
        .zip(&xs)
        .map(|((&z, &y), &x)| f64::from(z * 2.0 + z * z) * y + x)
        .collect();
    assert_eq!(mixed.eval().unwrap().to_vec().unwrap(), want_mixed);
    // In place: the chain reads the elements it overwrites, contiguous or strided.
    let mut a = Array::from_vec(&dev, &[n], xs.clone()).unwrap();
    a.assign(chain(&a, &y)).unwrap();
    assert_eq!(a.to_vec().unwrap(), want);
    let mut w = wide(&xs);
    let view = w.slice(s![..;2]).unwrap();
    w.assign_at(s![..;2], chain(&view, &yv)).unwrap();
    let w = w.to_vec().unwrap();
    assert_eq!(w.iter().step_by(2).copied().collect::<Vec<_>>(), want);
    assert!(w.iter().skip(1).step_by(2).all(|v| v.is_nan()));
}
