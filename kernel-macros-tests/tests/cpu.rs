//! The generated array functions on the CPU backend, compared with the native function
//! (`NAME::scalar`) applied element by element.

use kernel_macros_tests::*;
use kernels_std::prelude::*;

fn arr<T: DType>(v: Vec<T>) -> Array<T> {
    Array::from_vec(&Device::cpu(), &[v.len()], v).expect("array")
}

/// A small deterministic generator (no extra crates).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }

    fn f32s(&mut self, n: usize) -> Vec<f32> {
        (0..n)
            .map(|_| self.next() as f32 / 2e9 * 8.0 - 4.0)
            .collect()
    }
}

#[test]
fn saxpy_matches_scalar() -> Result<()> {
    let mut g = Lcg(1);
    let (x, y) = (g.f32s(1000), g.f32s(1000));
    let z = saxpy(arr(vec![2.5f32; 1000]), arr(x.clone()), arr(y.clone()))?;
    let want: Vec<f32> = x
        .iter()
        .zip(&y)
        .map(|(&x, &y)| saxpy::scalar(2.5, x, y))
        .collect();
    assert_eq!(z.to_vec()?, want);
    Ok(())
}

#[test]
fn scalars_broadcast() -> Result<()> {
    let x = arr(vec![1.0f32, 2.0, 3.0]);
    let y = arr(vec![1.0f32, 1.0, 1.0]);
    assert_eq!(saxpy(2.0, &x, &y)?.to_vec()?, vec![3.0, 5.0, 7.0]);
    // Owned arrays and a 2-d broadcast.
    let m = Array::from_vec(&Device::cpu(), &[2, 3], vec![0.0f32; 6])?;
    let r = saxpy(1.0, x, &m)?;
    assert_eq!(r.shape(), &[2, 3]);
    assert_eq!(r.to_vec()?, vec![1.0, 2.0, 3.0, 1.0, 2.0, 3.0]);
    Ok(())
}

#[test]
fn generic_kernel_for_several_dtypes() -> Result<()> {
    fn check<T: Num>(a: Vec<T>, b: Vec<T>) -> Result<()> {
        let got = add(arr(a.clone()), arr(b.clone()))?.to_vec()?;
        let want: Vec<T> = a.iter().zip(&b).map(|(&x, &y)| add::scalar(x, y)).collect();
        assert_eq!(got, want, "{}", T::ID);
        Ok(())
    }
    check(vec![1i32, -2, 3], vec![4, 5, -6])?;
    check(vec![1u8, 200, 3], vec![4, 50, 6])?;
    check(vec![1.5f64, -2.0], vec![0.25, 8.0])?;
    check(
        vec![f16::from_f32(1.5), f16::from_f32(-2.0)],
        vec![f16::ONE, f16::ONE],
    )?;
    // Turbofish names the dtype.
    assert_eq!(add::<i64>(arr(vec![1i64]), 2)?.to_vec()?, vec![3]);
    assert!(add::cuda_source::<f32>().contains("kxf_add"));
    Ok(())
}

#[test]
fn generic_float_and_signed_kernels() -> Result<()> {
    let mut g = Lcg(7);
    let (x, y) = (g.f32s(300), g.f32s(300));
    let got = hypot_ish(arr(x.clone()), arr(y.clone()))?.to_vec()?;
    let want: Vec<f32> = x
        .iter()
        .zip(&y)
        .map(|(&x, &y)| hypot_ish::scalar(x, y))
        .collect();
    assert_eq!(got, want);
    let a = vec![-5i16, 7, 0, 100];
    let b = vec![3i16, -7, 0, -100];
    let got = iabs_diff(arr(a.clone()), arr(b.clone()))?.to_vec()?;
    let want: Vec<i16> = a
        .iter()
        .zip(&b)
        .map(|(&x, &y)| iabs_diff::scalar(x, y))
        .collect();
    assert_eq!(got, want);
    Ok(())
}

#[test]
fn tuple_outputs() -> Result<()> {
    let a = vec![7, -7, 9, 100];
    let b = vec![2, 2, -4, 7];
    let (q, r) = divmod(arr(a.clone()), arr(b.clone()))?;
    for i in 0..a.len() {
        assert_eq!((q.to_vec()?[i], r.to_vec()?[i]), divmod::scalar(a[i], b[i]));
    }
    let x = vec![-1.5f32, 300.0, f32::NAN, 7.9];
    let n = vec![1i64, 300, -129, i64::MAX];
    let (c0, c1, c2, c3) = casts(arr(x.clone()), arr(n.clone()))?;
    for i in 0..x.len() {
        let want = casts::scalar(x[i], n[i]);
        assert_eq!(
            (
                c0.to_vec()?[i],
                c1.to_vec()?[i],
                c2.to_vec()?[i],
                c3.to_vec()?[i]
            ),
            want
        );
    }
    // No overflow: the native function panics on it in debug builds (CUDA wraps).
    let a = vec![0u8, 1, 77, 85, 20];
    let b = vec![3u8, 9, 12, 0, 255];
    let f = vec![true, false, true, false, true];
    let (m, any) = bits(arr(a.clone()), arr(b.clone()), arr(f.clone()))?;
    for i in 0..a.len() {
        assert_eq!(
            (m.to_vec()?[i], any.to_vec()?[i]),
            bits::scalar(a[i], b[i], f[i])
        );
    }
    Ok(())
}

#[test]
fn if_expressions_and_blocks() -> Result<()> {
    let x: Vec<f32> = vec![-2.0, -0.0, 0.0, 0.5, 3.0];
    let got = leaky_relu(arr(x.clone()))?.to_vec()?;
    let want: Vec<f32> = x.iter().map(|&v| leaky_relu::scalar(v)).collect();
    assert_eq!(got, want);
    let x: Vec<f64> = (0..50).map(|i| i as f64 / 10.0 - 1.0).collect();
    let got = smooth_step(0.0, 2.0, arr(x.clone()))?.to_vec()?;
    let want: Vec<f64> = x
        .iter()
        .map(|&v| smooth_step::scalar(0.0, 2.0, v))
        .collect();
    assert_eq!(got, want);
    Ok(())
}

#[test]
fn half_precision() -> Result<()> {
    let v = |xs: &[f32]| xs.iter().map(|&x| f16::from_f32(x)).collect::<Vec<_>>();
    let (a, b, c) = (
        v(&[1.0, -2.0, 0.5]),
        v(&[3.0, 4.0, 0.25]),
        v(&[1.0, 1.0, -8.0]),
    );
    let got = fma16(arr(a.clone()), arr(b.clone()), arr(c.clone()))?.to_vec()?;
    for i in 0..3 {
        assert_eq!(got[i], fma16::scalar(a[i], b[i], c[i]));
    }
    Ok(())
}

#[test]
fn into_writes_existing_arrays() -> Result<()> {
    let x = arr(vec![1.0f32, 2.0, 3.0]);
    let mut out = Array::<f32>::zeros(&Device::cpu(), &[3])?;
    saxpy::into(2.0, &x, 1.0, &mut out)?;
    assert_eq!(out.to_vec()?, vec![3.0, 5.0, 7.0]);
    // Inputs broadcast to the outputs' shape; several outputs.
    let mut q = Array::<i32>::zeros(&Device::cpu(), &[2, 2])?;
    let mut r = Array::<i32>::zeros(&Device::cpu(), &[2, 2])?;
    divmod::into(arr(vec![7, 8]), 3, &mut q, &mut r)?;
    assert_eq!(
        (q.to_vec()?, r.to_vec()?),
        (vec![2, 2, 2, 2], vec![1, 2, 1, 2])
    );
    // A view is accepted too, and a wrong shape is an error, not a panic.
    let mut v = out.view_mut()?;
    saxpy::into(1.0, &x, 0.0, &mut v)?;
    assert_eq!(out.to_vec()?, vec![1.0, 2.0, 3.0]);
    let mut small = Array::<f32>::zeros(&Device::cpu(), &[2])?;
    assert!(saxpy::into(1.0, &x, 0.0, &mut small).is_err());
    Ok(())
}

#[test]
fn definitions_describe_the_kernel() {
    assert_eq!(saxpy::DEF.name, "saxpy");
    assert_eq!(saxpy::DEF.param_names, &["a", "x", "y"]);
    assert!(saxpy::DEF.type_params.is_empty());
    // The C name of `T` (user names live in a namespace of their own in the CUDA C).
    assert_eq!(add::DEF.type_params, &["t_T"]);
    assert!(saxpy::cuda_source().contains("kxf_saxpy"));
}

#[test]
fn dtype_table_matches_runtime() {
    // The macro keeps its own copy of the dtype spellings; the golden files show them, and
    // the runtime's table must agree with what the kernels declare.
    let src = casts::DEF.device_source;
    for id in [
        DTypeId::U8,
        DTypeId::I8,
        DTypeId::F64,
        DTypeId::I32,
        DTypeId::F32,
        DTypeId::I64,
    ] {
        assert!(src.contains(id.cuda_name()), "{id}: {}", id.cuda_name());
    }
    assert!(fma16::DEF.device_source.contains(DTypeId::F16.cuda_name()));
}

/// Kernels at the nesting limits (`src/limits.rs`, written by `build.rs`): rustc translated
/// them (a 1000-term sum and a 350-deep `else if` chain once crashed it), and they compute
/// what they say.
#[test]
fn kernels_at_the_nesting_limits_run() -> Result<()> {
    use kernel_macros_tests::limits::*;
    let x = arr(vec![-0.5f32, 0.25, 3.5, 400.0]);
    assert_eq!(deep_sum(&x)?.to_vec()?, [-500.0, 250.0, 3500.0, 400_000.0]);
    assert_eq!(deep_call(&x)?.to_vec()?, [-500.0, 250.0, 3500.0, 400_000.0]);
    assert_eq!(deep_else_if(&x)?.to_vec()?, [0, 1, 4, 351]);
    assert_eq!(deep_parens(&x)?.to_vec()?, [249.5, 250.25, 253.5, 650.0]);
    assert_eq!(deep_blocks(&x)?.to_vec()?, [149.5, 150.25, 153.5, 550.0]);
    assert_eq!(deep_reduce(&x).run()?.item()?, 403_250.0);
    let mut y = arr(vec![0.0f32; 4]);
    deep_raw::launch(&LaunchConfig::for_elements(4, 256), &x, &mut y)?;
    assert_eq!(y.to_vec()?, [-500.0, 250.0, 3500.0, 400_000.0]);
    // NVRTC recurses on the C's nesting too: compiled here, on a test thread (2 MiB of
    // stack), the 1000-term sum once aborted the process; the runtime compiles on a thread
    // with a stack of its own. (One entry point: NVRTC takes seconds per 1000 additions.)
    if array_runtime::cuda::verify::nvrtc_or_skip("kernels at the nesting limits")? {
        array_runtime::cuda::raw::verify(&deep_raw::DEF, &[])?;
    }
    Ok(())
}

/// User names that are C, C++, CUDA or prelude names, and non-ASCII ones (`src/limits.rs`,
/// written by `build.rs`; `tests/nvrtc.rs` compiles their CUDA C): the kernels compute on the
/// CPU what they say.
#[test]
fn kernels_with_clashing_names_run() -> Result<()> {
    use kernel_macros_tests::limits::*;
    let x = arr(vec![0.5f32, -2.0]);
    let n = NAMES_LEN as f32;
    assert_eq!(names_locals(&x)?.to_vec()?, [0.5 + n, -2.0 + n]);
    let c = device_fns::COUNT as f32;
    assert_eq!(device_fns::names_calls(&x)?.to_vec()?, [0.5 + c, -2.0 + c]);
    assert_eq!(café(&x)?.to_vec()?, [1.0, -4.0]);
    assert_eq!(KX_FN(&x)?.to_vec()?, [1.5, -6.0]);
    let y = names_types::<f32, f64, f32, f64, f32, f64, f32, f64, f32, f64>(
        &x, 1.0f64, 1.0f32, 1.0f64, 1.0f32, 1.0f64, 1.0f32, 1.0f64, 1.0f32, 1.0f64,
    )?;
    // `p0 + p1` (the helper), then `p1` to `p9` again.
    assert_eq!(y.to_vec()?, [10.5, 8.0]);
    let mut ys = arr(vec![0.0f64; 3]);
    let xs = Array::from_vec(&Device::cpu(), &[3], vec![1.0f64, 2.0, 3.0])?;
    ñandú::launch(&LaunchConfig::new(1, 4).with_shared_mem(64), &xs, &mut ys)?;
    assert_eq!(ys.to_vec()?, [2.0, 4.0, 6.0]);
    let mut zs = arr(vec![0u32; 2]);
    dyn_smem::launch(&LaunchConfig::new(1, 4).with_shared_mem(16), &mut zs)?;
    assert_eq!(zs.to_vec()?, [7, 7]);
    assert_eq!(pi_sum(&x).run()?.item()?, -1.5);
    Ok(())
}

/// 256 KiB of local arrays per element (the limit), on the CPU backend's threads.
#[test]
fn local_arrays_at_the_limit_run() -> Result<()> {
    use kernel_macros_tests::limits::local_arrays_at_the_limit as k;
    let x = arr((0..100).map(|i| i as f32).collect());
    let i = Array::from_vec(
        &Device::cpu(),
        &[100],
        (0..100u32).map(|i| i * 977).collect(),
    )?;
    let want: Vec<f32> = (0..100).map(|i| 2.0 * i as f32).collect();
    assert_eq!(k(&x, &i)?.to_vec()?, want);
    Ok(())
}

/// A 10,000-element constant table (a file-scope table in the CUDA C).
#[test]
fn large_constant_table_runs() -> Result<()> {
    use kernel_macros_tests::limits::table_10k as k;
    let i = Array::from_vec(&Device::cpu(), &[4], vec![0u32, 1, 9999, 10_007])?;
    assert_eq!(k(&i)?.to_vec()?, vec![0.25f32, 1.25, 9999.25, 7.25]);
    Ok(())
}
