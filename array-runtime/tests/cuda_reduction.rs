//! Reductions on a GPU, compared with the CPU engine: a sum of f32, a sum of i8 into i64,
//! argmax with its index (no identity), a (count, mean, m2) variance, an f16 input summed in
//! float, a generic two-input reduction with a scalar or a broadcast array; every axis
//! combination of 1- to 4-d arrays (small and large enough for every strategy), keepdims,
//! non-contiguous inputs (transposed, reversed, stepped, broadcast), strided outputs, empty and
//! 0-d arrays, and 2^26 elements (with timings).
//!
//! Without a usable CUDA device (or NVRTC) every test prints why it skipped and passes, unless
//! `KERNELS_REQUIRE_GPU=1`, where it fails.

use std::time::Instant;

use array_runtime::kernel::elementwise::Operand;
use array_runtime::kernel::reduction::{Erase, Inputs, ReduceCall, ReduceKernel, ReductionDef};
use array_runtime::{f16, s, Array, DType, DTypeId, Device};

fn require_gpu() -> bool {
    std::env::var("KERNELS_REQUIRE_GPU").is_ok_and(|v| v == "1")
}

/// The GPU, or `None` after printing why (a failure when `KERNELS_REQUIRE_GPU=1`).
fn gpu() -> Option<Device> {
    let skip = |why: String| {
        if require_gpu() {
            panic!("KERNELS_REQUIRE_GPU=1 but {why}");
        }
        println!("skipped: {why}");
        None
    };
    let dev = match array_runtime::device::cuda_test_device() {
        Ok(d) => d,
        Err(e) => return skip(format!("no CUDA device: {e}")),
    };
    let host = matches!(&dev, Device::Cuda(c) if c.is_host());
    if let (false, Err(e)) = (host, array_runtime::cuda::nvrtc::nvrtc()) {
        return skip(format!("a CUDA device but no NVRTC: {e}"));
    }
    Some(dev)
}

fn sync(dev: &Device) {
    if let Device::Cuda(c) = dev {
        c.synchronize().unwrap();
    }
}

// ---- the kernels (what `#[reduction]` generates, written by hand) ------------------------

macro_rules! def {
    ($stat:ident, $name:literal, $src:expr_2021, [$($p:literal),*], [$($t:literal),*], $idx:expr_2021) => {
        static $stat: ReductionDef = ReductionDef {
            name: $name,
            device_source: $src,
            param_names: &[$($p),*],
            type_params: &[$($t),*],
            takes_index: $idx,
        };
    };
}

def!(
    SUM_F32,
    "sum",
    "\
__device__ __forceinline__ float kxr_sum_map(float x) { return x; }
__device__ __forceinline__ float kxr_sum_combine(float a, float b) { return a + b; }
__device__ __forceinline__ float kxr_sum_identity() { return 0.0f; }
__device__ __forceinline__ float kxr_sum_finish(float a) { return a; }
",
    ["x"],
    [],
    false
);

struct SumF32;
impl ReduceKernel for SumF32 {
    type Acc = f32;
    type Out = f32;
    type Slices<'a> = &'a [f32];
    fn def() -> &'static ReductionDef {
        &SUM_F32
    }
    fn type_args() -> Vec<DTypeId> {
        vec![]
    }
    fn params() -> Vec<DTypeId> {
        vec![DTypeId::F32]
    }
    fn acc_dtypes() -> Vec<DTypeId> {
        vec![DTypeId::F32]
    }
    fn slices<'a>(i: &Inputs<'a>) -> &'a [f32] {
        i.input::<f32>(0)
    }
    fn len(s: &&[f32]) -> usize {
        s.len()
    }
    fn sub<'a>(s: &Self::Slices<'a>, lo: usize, hi: usize) -> Self::Slices<'a> {
        &s[lo..hi]
    }
    fn map(s: &&[f32], i: usize, _: i64) -> f32 {
        s[i]
    }
    fn identity() -> Option<f32> {
        Some(0.0)
    }
    fn combine(a: f32, b: f32) -> f32 {
        a + b
    }
    fn finish(a: f32) -> f32 {
        a
    }
}

def!(SUM_I8, "sum_i8", "\
__device__ __forceinline__ long long kxr_sum_i8_map(signed char x) { return (long long)x; }
__device__ __forceinline__ long long kxr_sum_i8_combine(long long a, long long b) { return kx::add(a, b); }
__device__ __forceinline__ long long kxr_sum_i8_identity() { return 0; }
__device__ __forceinline__ long long kxr_sum_i8_finish(long long a) { return a; }
", ["x"], [], false);

struct SumI8;
impl ReduceKernel for SumI8 {
    type Acc = i64;
    type Out = i64;
    type Slices<'a> = &'a [i8];
    fn def() -> &'static ReductionDef {
        &SUM_I8
    }
    fn type_args() -> Vec<DTypeId> {
        vec![]
    }
    fn params() -> Vec<DTypeId> {
        vec![DTypeId::I8]
    }
    fn acc_dtypes() -> Vec<DTypeId> {
        vec![DTypeId::I64]
    }
    fn slices<'a>(i: &Inputs<'a>) -> &'a [i8] {
        i.input::<i8>(0)
    }
    fn len(s: &&[i8]) -> usize {
        s.len()
    }
    fn sub<'a>(s: &Self::Slices<'a>, lo: usize, hi: usize) -> Self::Slices<'a> {
        &s[lo..hi]
    }
    fn map(s: &&[i8], i: usize, _: i64) -> i64 {
        s[i] as i64
    }
    fn identity() -> Option<i64> {
        Some(0)
    }
    fn combine(a: i64, b: i64) -> i64 {
        a.wrapping_add(b)
    }
    fn finish(a: i64) -> i64 {
        a
    }
}

def!(ARGMAX, "argmax", "\
__device__ __forceinline__ kx::Tuple2<float, long long> kxr_argmax_map(float x, long long index) {
    return kx::Tuple2<float, long long>{x, index};
}
__device__ __forceinline__ kx::Tuple2<float, long long> kxr_argmax_combine(
        kx::Tuple2<float, long long> a, kx::Tuple2<float, long long> b) {
    const bool an = a.f0 != a.f0, bn = b.f0 != b.f0;
    const bool b_wins = (an || bn) ? (bn && (!an || b.f1 < a.f1))
                                   : (b.f0 > a.f0 || (b.f0 == a.f0 && b.f1 < a.f1));
    return b_wins ? b : a;
}
__device__ __forceinline__ long long kxr_argmax_finish(kx::Tuple2<float, long long> a) { return a.f1; }
", ["x"], [], true);

/// NumPy's argmax: the first maximum; NaN counts as the maximum (first NaN wins).
struct ArgMax;
impl ReduceKernel for ArgMax {
    type Acc = (f32, i64);
    type Out = i64;
    type Slices<'a> = &'a [f32];
    fn def() -> &'static ReductionDef {
        &ARGMAX
    }
    fn type_args() -> Vec<DTypeId> {
        vec![]
    }
    fn params() -> Vec<DTypeId> {
        vec![DTypeId::F32]
    }
    fn acc_dtypes() -> Vec<DTypeId> {
        vec![DTypeId::F32, DTypeId::I64]
    }
    fn slices<'a>(i: &Inputs<'a>) -> &'a [f32] {
        i.input::<f32>(0)
    }
    fn len(s: &&[f32]) -> usize {
        s.len()
    }
    fn sub<'a>(s: &Self::Slices<'a>, lo: usize, hi: usize) -> Self::Slices<'a> {
        &s[lo..hi]
    }
    fn map(s: &&[f32], i: usize, index: i64) -> (f32, i64) {
        (s[i], index)
    }
    fn identity() -> Option<(f32, i64)> {
        None
    }
    fn combine(a: (f32, i64), b: (f32, i64)) -> (f32, i64) {
        let (an, bn) = (a.0.is_nan(), b.0.is_nan());
        let b_wins = if an || bn {
            bn && (!an || b.1 < a.1)
        } else {
            b.0 > a.0 || (b.0 == a.0 && b.1 < a.1)
        };
        if b_wins {
            b
        } else {
            a
        }
    }
    fn finish(a: (f32, i64)) -> i64 {
        a.1
    }
}

def!(
    VARIANCE,
    "variance",
    "\
typedef kx::Tuple3<long long, double, double> kxv_acc;
__device__ __forceinline__ kxv_acc kxr_variance_map(double x) { return kxv_acc{1, x, 0.0}; }
__device__ __forceinline__ kxv_acc kxr_variance_combine(kxv_acc a, kxv_acc b) {
    if (a.f0 == 0) return b;
    if (b.f0 == 0) return a;
    const long long n = a.f0 + b.f0;
    const double d = b.f1 - a.f1;
    const double mean = a.f1 + d * ((double)b.f0 / (double)n);
    const double m2 = a.f2 + b.f2 + d * d * ((double)a.f0 * (double)b.f0 / (double)n);
    return kxv_acc{n, mean, m2};
}
__device__ __forceinline__ kxv_acc kxr_variance_identity() { return kxv_acc{0, 0.0, 0.0}; }
__device__ __forceinline__ double kxr_variance_finish(kxv_acc a) { return a.f2 / (double)a.f0; }
",
    ["x"],
    [],
    false
);

/// Population variance by Chan's pairwise update.
struct Variance;
impl ReduceKernel for Variance {
    type Acc = (i64, f64, f64);
    type Out = f64;
    type Slices<'a> = &'a [f64];
    fn def() -> &'static ReductionDef {
        &VARIANCE
    }
    fn type_args() -> Vec<DTypeId> {
        vec![]
    }
    fn params() -> Vec<DTypeId> {
        vec![DTypeId::F64]
    }
    fn acc_dtypes() -> Vec<DTypeId> {
        vec![DTypeId::I64, DTypeId::F64, DTypeId::F64]
    }
    fn slices<'a>(i: &Inputs<'a>) -> &'a [f64] {
        i.input::<f64>(0)
    }
    fn len(s: &&[f64]) -> usize {
        s.len()
    }
    fn sub<'a>(s: &Self::Slices<'a>, lo: usize, hi: usize) -> Self::Slices<'a> {
        &s[lo..hi]
    }
    fn map(s: &&[f64], i: usize, _: i64) -> (i64, f64, f64) {
        (1, s[i], 0.0)
    }
    fn identity() -> Option<(i64, f64, f64)> {
        Some((0, 0.0, 0.0))
    }
    fn combine(a: (i64, f64, f64), b: (i64, f64, f64)) -> (i64, f64, f64) {
        if a.0 == 0 {
            return b;
        }
        if b.0 == 0 {
            return a;
        }
        let n = a.0 + b.0;
        let d = b.1 - a.1;
        let mean = a.1 + d * (b.0 as f64 / n as f64);
        let m2 = a.2 + b.2 + d * d * (a.0 as f64 * b.0 as f64 / n as f64);
        (n, mean, m2)
    }
    fn finish(a: (i64, f64, f64)) -> f64 {
        a.2 / a.0 as f64
    }
}

def!(
    HSUM,
    "hsum",
    "\
__device__ __forceinline__ float kxr_hsum_map(__half x) { return __half2float(x); }
__device__ __forceinline__ float kxr_hsum_combine(float a, float b) { return a + b; }
__device__ __forceinline__ float kxr_hsum_identity() { return 0.0f; }
__device__ __forceinline__ float kxr_hsum_finish(float a) { return a; }
",
    ["x"],
    [],
    false
);

struct HSum;
impl ReduceKernel for HSum {
    type Acc = f32;
    type Out = f32;
    type Slices<'a> = &'a [f16];
    fn def() -> &'static ReductionDef {
        &HSUM
    }
    fn type_args() -> Vec<DTypeId> {
        vec![]
    }
    fn params() -> Vec<DTypeId> {
        vec![DTypeId::F16]
    }
    fn acc_dtypes() -> Vec<DTypeId> {
        vec![DTypeId::F32]
    }
    fn slices<'a>(i: &Inputs<'a>) -> &'a [f16] {
        i.input::<f16>(0)
    }
    fn len(s: &&[f16]) -> usize {
        s.len()
    }
    fn sub<'a>(s: &Self::Slices<'a>, lo: usize, hi: usize) -> Self::Slices<'a> {
        &s[lo..hi]
    }
    fn map(s: &&[f16], i: usize, _: i64) -> f32 {
        s[i].to_f32()
    }
    fn identity() -> Option<f32> {
        Some(0.0)
    }
    fn combine(a: f32, b: f32) -> f32 {
        a + b
    }
    fn finish(a: f32) -> f32 {
        a
    }
}

def!(
    WSUM,
    "wsum",
    "\
__device__ __forceinline__ T kxr_wsum_map(T x, T w) { return x * w; }
__device__ __forceinline__ T kxr_wsum_combine(T a, T b) { return a + b; }
__device__ __forceinline__ T kxr_wsum_identity() { return (T)0; }
__device__ __forceinline__ T kxr_wsum_finish(T a) { return a; }
",
    ["x", "w"],
    ["T"],
    false
);

/// `sum(x * w)`, generic over `T` (instantiated with f64).
struct WSum;
impl ReduceKernel for WSum {
    type Acc = f64;
    type Out = f64;
    type Slices<'a> = (&'a [f64], &'a [f64]);
    fn def() -> &'static ReductionDef {
        &WSUM
    }
    fn type_args() -> Vec<DTypeId> {
        vec![DTypeId::F64]
    }
    fn params() -> Vec<DTypeId> {
        vec![DTypeId::F64, DTypeId::F64]
    }
    fn acc_dtypes() -> Vec<DTypeId> {
        vec![DTypeId::F64]
    }
    fn slices<'a>(i: &Inputs<'a>) -> (&'a [f64], &'a [f64]) {
        (i.input::<f64>(0), i.input::<f64>(1))
    }
    fn len(s: &(&[f64], &[f64])) -> usize {
        s.0.len().min(s.1.len())
    }
    fn sub<'a>(s: &Self::Slices<'a>, lo: usize, hi: usize) -> Self::Slices<'a> {
        (&s.0[lo..hi], &s.1[lo..hi])
    }
    fn map(s: &(&[f64], &[f64]), i: usize, _: i64) -> f64 {
        s.0[i] * s.1[i]
    }
    fn identity() -> Option<f64> {
        Some(0.0)
    }
    fn combine(a: f64, b: f64) -> f64 {
        a + b
    }
    fn finish(a: f64) -> f64 {
        a
    }
}

// ---- helpers --------------------------------------------------------------------------

fn ops<T: DType>(a: &Array<T>) -> Vec<Box<dyn Erase + '_>> {
    vec![Box::new(Operand::Borrowed(a))]
}

fn with_scalar(x: &Array<f64>) -> Vec<Box<dyn Erase + '_>> {
    vec![
        Box::new(Operand::Borrowed(x)),
        Box::new(Operand::Scalar(0.5f64)),
    ]
}

fn subsets(nd: usize) -> Vec<Vec<isize>> {
    (0..1u32 << nd)
        .map(|m| (0..nd as isize).filter(|d| m & (1 << d) != 0).collect())
        .collect()
}

/// Integer-valued data in [-9, 9] (sums of f32 stay exact below 2^24).
fn ints(n: usize, seed: u64) -> Vec<i32> {
    (0..n as u64)
        .map(|i| {
            let h = (i.wrapping_add(seed))
                .wrapping_mul(0x9E3779B97F4A7C15)
                .rotate_left(17);
            (h % 19) as i32 - 9
        })
        .collect()
}

/// Runs `K` on CPU and GPU operands (the same views) and compares the results.
#[track_caller]
fn same<K: ReduceKernel>(
    cpu: Vec<Box<dyn Erase + '_>>,
    gpu: Vec<Box<dyn Erase + '_>>,
    axes: Option<&[isize]>,
    keepdims: bool,
    eq: impl Fn(K::Out, K::Out) -> bool,
    what: &str,
) where
    K::Out: std::fmt::Debug,
{
    let mut c = ReduceCall::<K>::new(cpu).keepdims(keepdims);
    let mut g = ReduceCall::<K>::new(gpu).keepdims(keepdims);
    if let Some(a) = axes {
        c = c.axes(a);
        g = g.axes(a);
    }
    let want = c.run().unwrap_or_else(|e| panic!("{what}: CPU: {e}"));
    let got = g.run().unwrap_or_else(|e| panic!("{what}: GPU: {e}"));
    assert_eq!(got.shape(), want.shape(), "{what}");
    let (g, w) = (got.to_vec().unwrap(), want.to_vec().unwrap());
    for (i, (x, y)) in g.iter().zip(&w).enumerate() {
        assert!(eq(*x, *y), "{what}: result {i}: GPU {x:?}, CPU {y:?}");
    }
}

fn close(tol: f64) -> impl Fn(f64, f64) -> bool {
    move |a, b| (a.is_nan() && b.is_nan()) || (a - b).abs() <= tol * (1.0 + a.abs().max(b.abs()))
}

/// Every kernel over every axis combination of `shape` (and with keepdims for the full and
/// the last-axis reductions), on the given view of CPU and GPU arrays.
fn every_kernel(
    gpu: &Device,
    shape: &[usize],
    view: &dyn Fn(&Array<f32>) -> Array<f32>,
    tag: &str,
) {
    let cpu = Device::cpu();
    let n: usize = shape.iter().product();
    let base = ints(n, shape.len() as u64);
    let f: Vec<f32> = base.iter().map(|&v| v as f32).collect();
    let (fc, fg) = (
        Array::from_vec(&cpu, shape, f.clone()).unwrap(),
        Array::from_vec(gpu, shape, f).unwrap(),
    );
    let (fc, fg) = (view(&fc), view(&fg));
    let vshape = fc.shape().to_vec();
    let fcv = fc.to_vec().unwrap();
    let i8v: Vec<i8> = fcv.iter().map(|&v| v as i8).collect();
    let f64v: Vec<f64> = fcv.iter().map(|&v| v as f64 * 0.25 + 1.0).collect();
    let hv: Vec<f16> = fcv.iter().map(|&v| f16::from_f32(v)).collect();
    let (ic, ig) = (
        Array::from_vec(&cpu, &vshape, i8v.clone()).unwrap(),
        Array::from_vec(gpu, &vshape, i8v).unwrap(),
    );
    let (dc, dg) = (
        Array::from_vec(&cpu, &vshape, f64v.clone()).unwrap(),
        Array::from_vec(gpu, &vshape, f64v).unwrap(),
    );
    let (hc, hg) = (
        Array::from_vec(&cpu, &vshape, hv.clone()).unwrap(),
        Array::from_vec(gpu, &vshape, hv).unwrap(),
    );
    let nd = vshape.len();
    let last = vshape.last().copied().unwrap_or(1);
    let w: Vec<f64> = (0..last).map(|i| (i % 5) as f64 - 2.0).collect();
    let (wc, wg) = (
        Array::from_vec(&cpu, &[last], w.clone()).unwrap(),
        Array::from_vec(gpu, &[last], w).unwrap(),
    );
    let exact = |a: f64, b: f64| a == b;
    for axes in subsets(nd) {
        for keep in [false, true] {
            if keep && !(axes.len() == nd || axes == [nd as isize - 1]) {
                continue;
            }
            let what = format!("{tag} {vshape:?} axes {axes:?} keepdims {keep}");
            let ax = Some(&axes[..]);
            same::<SumF32>(
                ops(&fc),
                ops(&fg),
                ax,
                keep,
                |a, b| a == b,
                &format!("sum f32 {what}"),
            );
            same::<SumI8>(
                ops(&ic),
                ops(&ig),
                ax,
                keep,
                |a, b| a == b,
                &format!("sum i8 {what}"),
            );
            same::<HSum>(
                ops(&hc),
                ops(&hg),
                ax,
                keep,
                |a, b| a == b,
                &format!("hsum {what}"),
            );
            same::<Variance>(
                ops(&dc),
                ops(&dg),
                ax,
                keep,
                close(1e-9),
                &format!("var {what}"),
            );
            if !axes.is_empty() || nd == 0 {
                same::<ArgMax>(
                    ops(&fc),
                    ops(&fg),
                    ax,
                    keep,
                    |a, b| a == b,
                    &format!("argmax {what}"),
                );
            }
            same::<WSum>(
                with_scalar(&dc),
                with_scalar(&dg),
                ax,
                keep,
                exact,
                &format!("wsum scalar {what}"),
            );
            if nd > 0 {
                same::<WSum>(
                    vec![
                        Box::new(Operand::Borrowed(&dc)),
                        Box::new(Operand::Borrowed(&wc)),
                    ],
                    vec![
                        Box::new(Operand::Borrowed(&dg)),
                        Box::new(Operand::Borrowed(&wg)),
                    ],
                    ax,
                    keep,
                    close(1e-12),
                    &format!("wsum broadcast {what}"),
                );
            }
        }
    }
}

// ---- tests ----------------------------------------------------------------------------

#[test]
fn every_axis_combination_of_small_arrays() {
    let Some(g) = gpu() else { return };
    for shape in [vec![7], vec![3, 5], vec![2, 3, 4], vec![2, 3, 2, 5]] {
        every_kernel(&g, &shape, &|a| a.clone(), "contiguous");
    }
}

#[test]
fn every_axis_combination_of_arrays_large_enough_for_every_strategy() {
    let Some(g) = gpu() else { return };
    // rows of 1001 (warp), 5000 (block, head/tail around packs), 3 (thread); columns of 300.
    for shape in [
        vec![37, 1001],
        vec![3, 5000],
        vec![300, 3],
        vec![4, 33, 130],
        vec![3, 4, 5, 70],
    ] {
        every_kernel(&g, &shape, &|a| a.clone(), "contiguous");
    }
}

#[test]
fn non_contiguous_inputs() {
    let Some(g) = gpu() else { return };
    every_kernel(&g, &[40, 70], &|a| a.t(), "transposed");
    every_kernel(
        &g,
        &[5, 6, 300],
        &|a| a.permute(&[2, 0, 1]).unwrap(),
        "permuted",
    );
    every_kernel(&g, &[9, 1000], &|a| a.flip(1).unwrap(), "reversed");
    every_kernel(
        &g,
        &[12, 2001],
        &|a| a.slice(s![1..;3, ..;2]).unwrap(),
        "stepped",
    );
    every_kernel(
        &g,
        &[1, 3000],
        &|a| a.broadcast_to(&[4, 3000]).unwrap(),
        "broadcast",
    );
    every_kernel(
        &g,
        &[2, 3, 4, 5],
        &|a| a.slice(s![.., ..;-1, 1.., ..]).unwrap(),
        "sliced 4-d",
    );
}

#[test]
fn strided_outputs() {
    let Some(g) = gpu() else { return };
    let data: Vec<f32> = ints(6 * 2000, 3).iter().map(|&v| v as f32).collect();
    let a = Array::from_vec(&g, &[6, 2000], data.clone()).unwrap();
    let c = Array::from_vec(&Device::cpu(), &[6, 2000], data).unwrap();
    let mut big = Array::<f32>::zeros(&g, &[6, 3]).unwrap();
    let col = big.slice_mut(s![.., 1]).unwrap();
    ReduceCall::<SumF32>::new(ops(&a))
        .axis(1)
        .into(col)
        .unwrap();
    let want = ReduceCall::<SumF32>::new(ops(&c))
        .axis(1)
        .run()
        .unwrap()
        .to_vec()
        .unwrap();
    let got = big.to_vec().unwrap();
    for (r, w) in want.iter().enumerate() {
        assert_eq!(got[r * 3..r * 3 + 3], [0.0, *w, 0.0]);
    }
}

#[test]
fn empty_and_zero_d() {
    let Some(g) = gpu() else { return };
    let e = Array::<f32>::zeros(&g, &[3, 0]).unwrap();
    let r = ReduceCall::<SumF32>::new(ops(&e)).axis(1).run().unwrap();
    assert_eq!(r.to_vec().unwrap(), vec![0.0; 3]);
    let r = ReduceCall::<SumF32>::new(ops(&e))
        .keepdims(true)
        .run()
        .unwrap();
    assert_eq!(
        (r.shape(), r.to_vec().unwrap()),
        (&[1usize, 1][..], vec![0.0])
    );
    let ed = Array::<f64>::zeros(&g, &[0, 4]).unwrap();
    let r = ReduceCall::<Variance>::new(ops(&ed)).axis(0).run().unwrap();
    assert!(r.to_vec().unwrap().iter().all(|v| v.is_nan()));
    let err = ReduceCall::<ArgMax>::new(ops(&e))
        .axis(1)
        .run()
        .unwrap_err();
    let cpu_err =
        ReduceCall::<ArgMax>::new(ops(&Array::<f32>::zeros(&Device::cpu(), &[3, 0]).unwrap()))
            .axis(1)
            .run()
            .unwrap_err();
    assert_eq!(err.to_string(), cpu_err.to_string());
    let r = ReduceCall::<ArgMax>::new(ops(&e)).axis(0).run().unwrap();
    assert_eq!(r.shape(), &[0]);
    let z = Array::scalar(&g, 4.0f32).unwrap();
    let r = ReduceCall::<SumF32>::new(ops(&z)).axis(0).run().unwrap();
    assert_eq!((r.ndim(), r.item().unwrap()), (0, 4.0));
    let r = ReduceCall::<ArgMax>::new(ops(&z)).run().unwrap();
    assert_eq!(r.item().unwrap(), 0);
    every_kernel(&g, &[], &|a| a.clone(), "0-d");
}

#[test]
fn argmax_first_maximum_and_first_nan_in_long_rows() {
    let Some(g) = gpu() else { return };
    let n = 1 << 20;
    let mut v = vec![1.0f32; n];
    v[700_001] = 5.0;
    v[900_000] = 5.0;
    let a = Array::from_vec(&g, &[n], v.clone()).unwrap();
    assert_eq!(
        ReduceCall::<ArgMax>::new(ops(&a))
            .run()
            .unwrap()
            .item()
            .unwrap(),
        700_001
    );
    v[800_000] = f32::NAN;
    v[999_999] = f32::NAN;
    let a = Array::from_vec(&g, &[n], v).unwrap();
    assert_eq!(
        ReduceCall::<ArgMax>::new(ops(&a))
            .run()
            .unwrap()
            .item()
            .unwrap(),
        800_000
    );
}

/// Milliseconds per call of `f`, after a warm-up, over `reps` calls.
fn time(dev: &Device, reps: usize, mut f: impl FnMut()) -> f64 {
    f();
    sync(dev);
    let t = Instant::now();
    for _ in 0..reps {
        f();
    }
    sync(dev);
    t.elapsed().as_secs_f64() * 1e3 / reps as f64
}

#[test]
fn large_sizes_and_bandwidth() {
    let Some(g) = gpu() else { return };
    if matches!(&g, Device::Cuda(c) if c.is_host()) {
        println!("skipped: timings of 2^26 elements mean nothing on the host target");
        return;
    }
    let n = 1usize << 26;
    let data: Vec<f32> = ints(n, 11).iter().map(|&v| v as f32 * 0.5).collect();
    let exact: f64 = data.iter().map(|&v| v as f64).sum();
    let abs: f64 = data.iter().map(|&v| (v as f64).abs()).sum();
    let a = Array::from_vec(&g, &[n], data.clone()).unwrap();
    let got = ReduceCall::<SumF32>::new(ops(&a))
        .run()
        .unwrap()
        .item()
        .unwrap() as f64;
    assert!(
        (got - exact).abs() <= 1e-6 * abs,
        "sum of 2^26: {got} vs {exact}"
    );

    // Copy bandwidth for reference: a device-to-device copy of the same bytes.
    let Device::Cuda(dev) = &g else {
        unreachable!()
    };
    let buf = dev.htod(&data[..]).unwrap();
    let copy_ms = time(&g, 10, || {
        let _c = dev.dtod(&buf).unwrap();
    });
    let copy_gbs = 2.0 * (n * 4) as f64 / copy_ms / 1e6;
    let sum_ms = time(&g, 10, || {
        let _ = ReduceCall::<SumF32>::new(ops(&a)).run().unwrap();
    });
    let sum_gbs = (n * 4) as f64 / sum_ms / 1e6;
    println!(
        "2^26 f32: copy {copy_ms:.3} ms ({copy_gbs:.0} GB/s read+write), sum {sum_ms:.3} ms ({sum_gbs:.0} GB/s, {:.0}% of copy)",
        100.0 * sum_gbs / copy_gbs
    );
    for k in [10usize, 16, 20] {
        let m = 1usize << k;
        let s = Array::from_vec(&g, &[m], data[..m].to_vec()).unwrap();
        let us = time(&g, 200, || {
            let _ = ReduceCall::<SumF32>::new(ops(&s)).run().unwrap();
        }) * 1e3;
        println!("2^{k} f32 full sum: {us:.2} us per call (launch included)");
    }

    // 4096 x 4096: over axis 0 (outer), axis 1 (inner), both.
    let m = a
        .reshape(&[4096, 16384])
        .unwrap()
        .slice(s![.., ..4096])
        .unwrap()
        .copy()
        .unwrap();
    let mc = Array::from_vec(&Device::cpu(), &[4096, 4096], m.to_vec().unwrap()).unwrap();
    for axes in [vec![0isize], vec![1], vec![0, 1]] {
        same::<SumF32>(
            ops(&mc),
            ops(&m),
            Some(&axes),
            false,
            |x, y| ((x - y).abs() as f64) <= 1e-5 * (1.0 + x.abs().max(y.abs()) as f64) * 100.0,
            &format!("4096^2 axes {axes:?}"),
        );
        let ms = time(&g, 10, || {
            let _ = ReduceCall::<SumF32>::new(ops(&m))
                .axes(&axes)
                .run()
                .unwrap();
        });
        println!(
            "4096x4096 f32 sum over {axes:?}: {ms:.3} ms ({:.0} GB/s)",
            (4096 * 4096 * 4) as f64 / ms / 1e6
        );
    }

    // i8 into i64 and argmax over 2^26, exact.
    let bytes: Vec<i8> = ints(n, 5).iter().map(|&v| v as i8).collect();
    let want: i64 = bytes.iter().map(|&v| v as i64).sum();
    let b = Array::from_vec(&g, &[n], bytes).unwrap();
    assert_eq!(
        ReduceCall::<SumI8>::new(ops(&b))
            .run()
            .unwrap()
            .item()
            .unwrap(),
        want
    );
    let mut v = data;
    v[n - 3] = 100.0;
    let a = Array::from_vec(&g, &[n], v).unwrap();
    assert_eq!(
        ReduceCall::<ArgMax>::new(ops(&a))
            .run()
            .unwrap()
            .item()
            .unwrap(),
        (n - 3) as i64
    );
    let rows = a.reshape(&[64, n / 64]).unwrap();
    let r = ReduceCall::<ArgMax>::new(ops(&rows))
        .axis(1)
        .run()
        .unwrap()
        .to_vec()
        .unwrap();
    assert_eq!(r[63], (n / 64 - 3) as i64);
}
