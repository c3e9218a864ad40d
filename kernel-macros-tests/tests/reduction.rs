//! `#[reduction]` on the CPU backend against plain loops: the CuPy docs' L2 norm, generic sums
//! (with NumPy's accumulator types), max without identity, the index parameter, axes, keepdims,
//! `into`, and the CUDA C the macro writes.

use kernels_std::prelude::*;

/// The `cupy.ReductionKernel` documentation's example: the L2 norm.
#[reduction]
mod l2norm {
    pub fn map(x: f32) -> f32 {
        x * x
    }
    pub fn combine(a: f32, b: f32) -> f32 {
        a + b
    }
    pub fn identity() -> f32 {
        0.0
    }
    pub fn finish(acc: f32) -> f32 {
        acc.sqrt()
    }
}

/// A generic sum (no identity yet: the language has no generic zero).
#[reduction]
mod sum {
    pub fn map<T: Num>(x: T) -> T {
        x
    }
    pub fn combine<T: Num>(a: T, b: T) -> T {
        a + b
    }
}

/// NumPy's sum of int8: accumulated and returned as int64.
#[reduction]
mod sum_i8 {
    pub fn map(x: i8) -> i64 {
        x as i64
    }
    pub fn combine(a: i64, b: i64) -> i64 {
        a + b
    }
    pub fn identity() -> i64 {
        0
    }
}

/// NumPy's max: no identity (an empty max is an error), NaN propagates.
#[reduction]
mod nanmax_f64 {
    pub fn map(x: f64) -> f64 {
        x
    }
    #[allow(clippy::eq_op)]
    pub fn combine(a: f64, b: f64) -> f64 {
        if a != a || a > b {
            a
        } else {
            b
        }
    }
}

/// Weighted positions: the `#[index]` parameter is the position along the reduced axes.
#[reduction]
mod first_moment {
    pub fn map(x: f64, #[index] i: i64) -> f64 {
        x * i as f64
    }
    pub fn combine(a: f64, b: f64) -> f64 {
        a + b
    }
    pub fn identity() -> f64 {
        0.0
    }
}

/// Two inputs: a dot product along the reduced axes.
#[reduction]
mod dot {
    pub fn map(x: f64, y: f64) -> f64 {
        x * y
    }
    pub fn combine(a: f64, b: f64) -> f64 {
        a + b
    }
    pub fn identity() -> f64 {
        0.0
    }
}

fn cpu() -> Device {
    Device::cpu()
}

#[test]
fn l2norm_rows_all_and_keepdims() -> Result<()> {
    let x = Array::from_vec(&cpu(), &[2, 2], vec![3.0f32, 4.0, 6.0, 8.0])?;
    assert_eq!(l2norm(&x).axis(1).run()?.to_vec()?, vec![5.0, 10.0]);
    let all = l2norm(&x).keepdims(true).run()?;
    assert_eq!(all.shape(), &[1, 1]);
    assert!((all.item()? - 125f32.sqrt()).abs() < 1e-5);
    // the pieces are ordinary functions
    assert_eq!(
        l2norm::finish(l2norm::combine(l2norm::map(3.0), l2norm::map(4.0))),
        5.0
    );
    Ok(())
}

#[test]
fn generic_sum_for_several_dtypes() -> Result<()> {
    let v: Vec<i32> = (0..100).collect();
    let a = Array::from_vec(&cpu(), &[10, 10], v.clone())?;
    assert_eq!(sum(&a).run()?.item()?, 4950);
    let cols = sum(&a).axis(0).run()?.to_vec()?;
    let expect: Vec<i32> = (0..10)
        .map(|c| (0..10).map(|r| v[r * 10 + c]).sum())
        .collect();
    assert_eq!(cols, expect);
    let f = Array::from_vec(&cpu(), &[4], vec![0.5f64, 0.25, 0.125, 0.125])?;
    assert_eq!(sum(&f).run()?.item()?, 1.0);
    let h = Array::from_vec(&cpu(), &[3], vec![f16::from_f32(1.5); 3])?;
    assert_eq!(sum(&h).run()?.item()?, f16::from_f32(4.5));
    Ok(())
}

#[test]
fn int8_sums_do_not_overflow() -> Result<()> {
    let a = Array::from_vec(&cpu(), &[1000], vec![100i8; 1000])?;
    assert_eq!(sum_i8(&a).run()?.item()?, 100_000i64);
    Ok(())
}

#[test]
fn max_without_identity() -> Result<()> {
    let a = Array::from_vec(&cpu(), &[2, 3], vec![1.0, 5.0, 2.0, -1.0, f64::NAN, 0.0])?;
    let r = nanmax_f64(&a).axis(1).run()?.to_vec()?;
    assert_eq!(r[0], 5.0);
    assert!(r[1].is_nan());
    let e = Array::<f64>::zeros(&cpu(), &[0])?;
    let err = nanmax_f64(&e).run().unwrap_err();
    assert!(err.to_string().contains("no identity"), "{err}");
    Ok(())
}

#[test]
fn index_parameter_counts_along_the_reduced_axes() -> Result<()> {
    let a = Array::from_vec(&cpu(), &[2, 3], vec![1.0, 1.0, 1.0, 2.0, 2.0, 2.0])?;
    // rows: 0+1+2 = 3, 2*(0+1+2) = 6
    assert_eq!(first_moment(&a).axis(1).run()?.to_vec()?, vec![3.0, 6.0]);
    // columns: the index runs over axis 0
    assert_eq!(
        first_moment(&a).axis(0).run()?.to_vec()?,
        vec![2.0, 2.0, 2.0]
    );
    // all: flat C-order positions
    assert_eq!(
        first_moment(&a).run()?.item()?,
        0.0 + 1.0 + 2.0 + 2.0 * (3.0 + 4.0 + 5.0)
    );
    Ok(())
}

#[test]
fn two_inputs_broadcast_and_write_into_views() -> Result<()> {
    let x = Array::from_vec(&cpu(), &[2, 3], vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0])?;
    let w = Array::from_vec(&cpu(), &[3], vec![1.0, 0.0, -1.0])?;
    assert_eq!(dot(&x, &w).axis(-1).run()?.to_vec()?, vec![-2.0, -2.0]);
    assert_eq!(dot(&x, 2.0).run()?.item()?, 42.0);
    let mut out = Array::<f64>::zeros(&cpu(), &[2, 1])?;
    dot(&x, &x).axis(1).keepdims(true).into(&mut out)?;
    assert_eq!(out.to_vec()?, vec![14.0, 77.0]);
    Ok(())
}

/// An operand constant along the reduced axes (`(r, 1)` against `(r, n)`, reduced over the
/// last axis) is read as each row's value repeated: the results have the bits of the same
/// reduction over a materialized copy, on every path of the engine (many short rows, a few
/// long rows split over threads, a lazy expression beside it, runs of equal values).
#[test]
fn row_constant_operands_match_their_materialized_copies() -> Result<()> {
    let value = |i: usize| ((i * 7919) % 1009) as f64 / 97.0 - 5.0;
    let cases: [(&[usize], &[usize]); 4] = [
        (&[3000, 7], &[3000, 1]),
        (&[2, 100_000], &[2, 1]),
        (&[4, 5, 33], &[4, 5, 1]),
        (&[64, 1000], &[64, 1]),
    ];
    for (shape, mshape) in cases {
        let n: usize = shape.iter().product();
        let x = Array::from_vec(&cpu(), shape, (0..n).map(value).collect())?;
        let rows: usize = mshape.iter().product();
        // Runs of equal values (rows / 3 distinct), so a buffer is reused across results.
        let m = Array::from_vec(&cpu(), mshape, (0..rows).map(|r| value(r / 3)).collect())?;
        let full = m.broadcast_to(shape)?.copy()?;
        let what = format!("{shape:?}");
        let got = dot(&x, &m).axis(-1).run()?.to_vec()?;
        let want = dot(&x, &full).axis(-1).run()?.to_vec()?;
        assert_eq!(got, want, "{what}");
        let got = dot(&x * 2.0, &m).axis(-1).run()?.to_vec()?;
        let want = dot(&x * 2.0, &full).axis(-1).run()?.to_vec()?;
        assert_eq!(got, want, "{what}, a lazy expression beside it");
        let got = dot(&x, &m).axis(-1).keepdims(true).run()?.to_vec()?;
        assert_eq!(
            got,
            want.iter().map(|v| v / 2.0).collect::<Vec<_>>(),
            "{what}, keepdims"
        );
    }
    Ok(())
}

#[test]
fn the_cuda_c_names_every_piece() {
    let src = l2norm::DEF.device_source;
    for piece in ["map", "combine", "identity", "finish"] {
        assert!(src.contains(&format!("kxr_l2norm_{piece}(")), "{src}");
    }
    // without finish, the accumulator is the result
    assert!(
        sum::DEF.device_source.contains("kxr_sum_finish(t_T acc)"),
        "{}",
        sum::DEF.device_source
    );
    assert!(!nanmax_f64::DEF.device_source.contains("identity"));
    assert!(first_moment::DEF.takes_index);
    assert!(
        first_moment::DEF.device_source.contains("long long"),
        "{}",
        first_moment::DEF.device_source
    );
}

#[test]
fn every_reduction_compiles_with_nvrtc() {
    use array_runtime::cuda::verify;
    if !verify::nvrtc_or_skip("reduction kernels").unwrap() {
        return;
    }
    let cases = [
        (l2norm::instance(), true),
        (sum::instance::<f32>(), false),
        (sum::instance::<i32>(), false),
        (sum::instance::<f16>(), false),
        (sum_i8::instance(), true),
        (nanmax_f64::instance(), false),
        (first_moment::instance(), true),
        (dot::instance(), true),
        (argmax_f32::instance(), false),
        (variance::instance(), true),
    ];
    for (inst, has_identity) in &cases {
        verify::reduction(inst, *has_identity).unwrap_or_else(|e| panic!("{}: {e}", inst.name()));
    }
}

/// NumPy's argmax: the first maximum, NaN counting as the maximum (its first occurrence).
#[reduction]
mod argmax_f32 {
    pub fn map(x: f32, #[index] i: i64) -> (f32, i64) {
        (x, i)
    }
    pub fn combine(a: (f32, i64), b: (f32, i64)) -> (f32, i64) {
        let b_wins = if a.0.is_nan() || b.0.is_nan() {
            b.0.is_nan() && (!a.0.is_nan() || b.1 < a.1)
        } else {
            b.0 > a.0 || (b.0 == a.0 && b.1 < a.1)
        };
        if b_wins {
            b
        } else {
            a
        }
    }
    pub fn finish(acc: (f32, i64)) -> i64 {
        acc.1
    }
}

/// A one-pass variance with a (count, mean, m2) accumulator (Chan et al.), stable for data
/// with a large mean.
#[reduction]
mod variance {
    pub fn map(x: f64) -> (f64, f64, f64) {
        (1.0, x, 0.0)
    }
    pub fn combine(a: (f64, f64, f64), b: (f64, f64, f64)) -> (f64, f64, f64) {
        let n = a.0 + b.0;
        if n == 0.0 {
            return (0.0, 0.0, 0.0);
        }
        let d = b.1 - a.1;
        let mean = a.1 + d * (b.0 / n);
        (n, mean, a.2 + b.2 + d * d * (a.0 * b.0 / n))
    }
    pub fn identity() -> (f64, f64, f64) {
        (0.0, 0.0, 0.0)
    }
    pub fn finish(acc: (f64, f64, f64)) -> f64 {
        acc.2 / acc.0
    }
}

#[test]
fn argmax_with_a_tuple_accumulator() -> Result<()> {
    let mut v = vec![0.5f32; 3000];
    v[1234] = 7.0;
    v[2345] = 7.0;
    let a = Array::from_vec(&cpu(), &[3000], v.clone())?;
    assert_eq!(argmax_f32(&a).run()?.item()?, 1234);
    v[2000] = f32::NAN;
    let a = Array::from_vec(&cpu(), &[3, 1000], v)?;
    assert_eq!(argmax_f32(&a).axis(1).run()?.to_vec()?, vec![0, 234, 0]);
    assert_eq!(argmax_f32(&a).run()?.item()?, 2000);
    Ok(())
}

#[test]
fn one_pass_variance_is_stable_with_a_large_mean() -> Result<()> {
    let n = 100_000;
    let v: Vec<f64> = (0..n).map(|i| 1e9 + (i % 10) as f64).collect();
    let mean = v.iter().sum::<f64>() / n as f64;
    let exact = v.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / n as f64;
    let a = Array::from_vec(&cpu(), &[n], v)?;
    let got = variance(&a).run()?.item()?;
    assert!((got - exact).abs() < 1e-6 * exact, "{got} vs {exact}");
    Ok(())
}

/// A reduction whose pieces call a `#[device_fn]` (its CUDA C comes along).
#[reduction]
mod sum_of_lerps {
    pub fn map(x: f32) -> f32 {
        kernel_macros_tests::language::lerp(0.0, x, 0.5)
    }
    pub fn combine(a: f32, b: f32) -> f32 {
        a + b
    }
    pub fn identity() -> f32 {
        0.0
    }
}

#[test]
fn pieces_may_call_device_functions() -> Result<()> {
    let a = Array::from_vec(&cpu(), &[4], vec![2.0f32, 4.0, 6.0, 8.0])?;
    assert_eq!(sum_of_lerps(&a).run()?.item()?, 10.0);
    assert!(sum_of_lerps::DEF.device_source.contains("lerp"));
    if array_runtime::cuda::verify::nvrtc_or_skip("sum_of_lerps").unwrap() {
        array_runtime::cuda::verify::reduction(&sum_of_lerps::instance(), true).unwrap();
    }
    Ok(())
}
