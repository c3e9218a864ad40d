//! The CPU reduction engine with hand-written kernels (what `#[reduction]` generates): every
//! axis combination of 1- to 4-d arrays, non-contiguous inputs, keepdims, empty and 0-d arrays,
//! accuracy of long float sums, argmax with its index.

use array_runtime::kernel::elementwise::Operand;
use array_runtime::kernel::reduction::{Erase, Inputs, ReduceCall, ReduceKernel, ReductionDef};
use array_runtime::{Array, DTypeId, Device, Error};

static SUM: ReductionDef = ReductionDef {
    name: "sum",
    device_source: "",
    param_names: &["x"],
    type_params: &[],
    takes_index: false,
};

struct Sum;
impl ReduceKernel for Sum {
    type Acc = f64;
    type Out = f64;
    type Slices<'a> = &'a [f64];
    fn def() -> &'static ReductionDef {
        &SUM
    }
    fn type_args() -> Vec<DTypeId> {
        vec![]
    }
    fn params() -> Vec<DTypeId> {
        vec![DTypeId::F64]
    }
    fn acc_dtypes() -> Vec<DTypeId> {
        vec![DTypeId::F64]
    }
    fn slices<'a>(inputs: &Inputs<'a>) -> &'a [f64] {
        inputs.input::<f64>(0)
    }
    fn len(s: &&[f64]) -> usize {
        s.len()
    }
    fn sub<'a>(s: &Self::Slices<'a>, lo: usize, hi: usize) -> Self::Slices<'a> {
        &s[lo..hi]
    }
    fn map(s: &&[f64], i: usize, _index: i64) -> f64 {
        s[i]
    }
    fn identity() -> Option<f64> {
        Some(0.0)
    }
    fn combine(a: f64, b: f64) -> f64 {
        a + b
    }
    fn finish(acc: f64) -> f64 {
        acc
    }
}

static SUM32: ReductionDef = ReductionDef {
    name: "sum32",
    device_source: "",
    param_names: &["x"],
    type_params: &[],
    takes_index: false,
};

struct Sum32;
impl ReduceKernel for Sum32 {
    type Acc = f32;
    type Out = f32;
    type Slices<'a> = &'a [f32];
    fn def() -> &'static ReductionDef {
        &SUM32
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
    fn slices<'a>(inputs: &Inputs<'a>) -> &'a [f32] {
        inputs.input::<f32>(0)
    }
    fn len(s: &&[f32]) -> usize {
        s.len()
    }
    fn sub<'a>(s: &Self::Slices<'a>, lo: usize, hi: usize) -> Self::Slices<'a> {
        &s[lo..hi]
    }
    fn map(s: &&[f32], i: usize, _index: i64) -> f32 {
        s[i]
    }
    fn identity() -> Option<f32> {
        Some(0.0)
    }
    fn combine(a: f32, b: f32) -> f32 {
        a + b
    }
    fn finish(acc: f32) -> f32 {
        acc
    }
}

static ARGMAX: ReductionDef = ReductionDef {
    name: "argmax",
    device_source: "",
    param_names: &["x"],
    type_params: &[],
    takes_index: true,
};

/// NumPy's argmax: the first maximum; NaN counts as the maximum (first NaN wins).
struct ArgMax;
impl ReduceKernel for ArgMax {
    type Acc = (f64, i64);
    type Out = i64;
    type Slices<'a> = &'a [f64];
    fn def() -> &'static ReductionDef {
        &ARGMAX
    }
    fn type_args() -> Vec<DTypeId> {
        vec![]
    }
    fn params() -> Vec<DTypeId> {
        vec![DTypeId::F64]
    }
    fn acc_dtypes() -> Vec<DTypeId> {
        vec![DTypeId::F64, DTypeId::I64]
    }
    fn slices<'a>(inputs: &Inputs<'a>) -> &'a [f64] {
        inputs.input::<f64>(0)
    }
    fn len(s: &&[f64]) -> usize {
        s.len()
    }
    fn sub<'a>(s: &Self::Slices<'a>, lo: usize, hi: usize) -> Self::Slices<'a> {
        &s[lo..hi]
    }
    fn map(s: &&[f64], i: usize, index: i64) -> (f64, i64) {
        (s[i], index)
    }
    fn identity() -> Option<(f64, i64)> {
        None
    }
    fn combine(a: (f64, i64), b: (f64, i64)) -> (f64, i64) {
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
    fn finish(acc: (f64, i64)) -> i64 {
        acc.1
    }
}

fn op(a: &Array<f64>) -> Vec<Box<dyn Erase + '_>> {
    vec![Box::new(Operand::Borrowed(a))]
}

/// Reference: reduce `data` (C order, `shape`) over `axes` with a plain loop.
fn reference(data: &[f64], shape: &[usize], axes: &[usize], f: impl Fn(&[f64]) -> f64) -> Vec<f64> {
    let nd = shape.len();
    let kept: Vec<usize> = (0..nd).filter(|d| !axes.contains(d)).collect();
    let nk: usize = kept.iter().map(|&d| shape[d]).product();
    let mut groups = vec![Vec::new(); nk];
    for (flat, &v) in data.iter().enumerate() {
        let mut rem = flat;
        let mut idx = vec![0; nd];
        for d in (0..nd).rev() {
            idx[d] = rem % shape[d];
            rem /= shape[d];
        }
        let mut k = 0;
        for &d in &kept {
            k = k * shape[d] + idx[d];
        }
        groups[k].push(v);
    }
    groups.iter().map(|g| f(g)).collect()
}

fn subsets(nd: usize) -> Vec<Vec<usize>> {
    (0..1u32 << nd)
        .map(|m| (0..nd).filter(|d| m & (1 << d) != 0).collect())
        .collect()
}

#[test]
fn sum_and_argmax_over_every_axis_combination() {
    let cpu = Device::cpu();
    for shape in [vec![7], vec![3, 5], vec![2, 3, 4], vec![2, 3, 2, 5]] {
        let n: usize = shape.iter().product();
        let data: Vec<f64> = (0..n).map(|i| ((i * 37) % 11) as f64 - 4.5).collect();
        let a = Array::from_vec(&cpu, &shape, data.clone()).unwrap();
        for axes in subsets(shape.len()) {
            let ax: Vec<isize> = axes.iter().map(|&d| d as isize).collect();
            let got = ReduceCall::<Sum>::new(op(&a)).axes(&ax).run().unwrap();
            let expect = reference(&data, &shape, &axes, |g| g.iter().sum());
            let g = got.to_vec().unwrap();
            assert_eq!(g.len(), expect.len());
            for (x, y) in g.iter().zip(&expect) {
                assert!(
                    (x - y).abs() < 1e-9,
                    "sum {shape:?} axes {axes:?}: {g:?} vs {expect:?}"
                );
            }
            if !axes.is_empty() {
                let got = ReduceCall::<ArgMax>::new(op(&a)).axes(&ax).run().unwrap();
                let expect = reference(&data, &shape, &axes, |g| {
                    let mut best = 0;
                    for (i, &v) in g.iter().enumerate() {
                        if v > g[best] {
                            best = i;
                        }
                    }
                    best as f64
                });
                let g: Vec<f64> = got.to_vec().unwrap().iter().map(|&i| i as f64).collect();
                assert_eq!(g, expect, "argmax {shape:?} axes {axes:?}");
            }
        }
    }
}

#[test]
fn non_contiguous_inputs_and_negative_axes() {
    let cpu = Device::cpu();
    let data: Vec<f64> = (0..24).map(|i| i as f64).collect();
    let a = Array::from_vec(&cpu, &[2, 3, 4], data).unwrap();
    let p = a.permute(&[2, 0, 1]).unwrap(); // (4, 2, 3), non-contiguous
    let pv = p.to_vec().unwrap();
    for axes in subsets(3) {
        let ax: Vec<isize> = axes.iter().map(|&d| d as isize - 3).collect();
        let got = ReduceCall::<Sum>::new(op(&p)).axes(&ax).run().unwrap();
        let expect = reference(&pv, &[4, 2, 3], &axes, |g| g.iter().sum());
        assert_eq!(got.to_vec().unwrap(), expect, "axes {axes:?}");
    }
}

#[test]
fn keepdims_and_output_shapes() {
    let cpu = Device::cpu();
    let a = Array::from_vec(&cpu, &[2, 3], vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0]).unwrap();
    let r = ReduceCall::<Sum>::new(op(&a))
        .axis(1)
        .keepdims(true)
        .run()
        .unwrap();
    assert_eq!(r.shape(), &[2, 1]);
    assert_eq!(r.to_vec().unwrap(), vec![6.0, 15.0]);
    let r = ReduceCall::<Sum>::new(op(&a)).run().unwrap();
    assert_eq!((r.ndim(), r.item().unwrap()), (0, 21.0));
    // into a strided view of a bigger array
    let mut big = Array::<f64>::zeros(&cpu, &[3, 2]).unwrap();
    let col = big.slice_mut(array_runtime::s![.., 1]).unwrap();
    ReduceCall::<Sum>::new(op(&a)).axis(0).into(col).unwrap();
    assert_eq!(big.to_vec().unwrap(), vec![0.0, 5.0, 0.0, 7.0, 0.0, 9.0]);
    // wrong output shape
    let mut wrong = Array::<f64>::zeros(&cpu, &[2]).unwrap();
    let err = ReduceCall::<Sum>::new(op(&a))
        .axis(0)
        .into(&mut wrong)
        .unwrap_err();
    assert!(matches!(err, Error::ShapeMismatch { .. }), "{err}");
}

#[test]
fn axis_errors() {
    let cpu = Device::cpu();
    let a = Array::<f64>::zeros(&cpu, &[2, 3]).unwrap();
    assert!(matches!(
        ReduceCall::<Sum>::new(op(&a)).axis(2).run(),
        Err(Error::Axis { axis: 2, ndim: 2 })
    ));
    assert!(ReduceCall::<Sum>::new(op(&a)).axes(&[1, -1]).run().is_err());
}

#[test]
fn empty_and_zero_d() {
    let cpu = Device::cpu();
    // sum of an empty axis is the identity; argmax of one is an error (no identity)
    let e = Array::<f64>::zeros(&cpu, &[3, 0]).unwrap();
    let r = ReduceCall::<Sum>::new(op(&e)).axis(1).run().unwrap();
    assert_eq!(r.to_vec().unwrap(), vec![0.0, 0.0, 0.0]);
    let err = ReduceCall::<ArgMax>::new(op(&e)).axis(1).run().unwrap_err();
    assert!(err.to_string().contains("no identity"), "{err}");
    // along the non-empty axis: an empty result, no error (NumPy: max of (3, 0) along 0)
    let r = ReduceCall::<ArgMax>::new(op(&e)).axis(0).run().unwrap();
    assert_eq!(r.shape(), &[0]);
    // 0-d: axis 0 accepted, as NumPy's sum does
    let s = Array::scalar(&cpu, 4.0).unwrap();
    let r = ReduceCall::<Sum>::new(op(&s)).axis(0).run().unwrap();
    assert_eq!((r.ndim(), r.item().unwrap()), (0, 4.0));
    let r = ReduceCall::<Sum>::new(op(&s)).run().unwrap();
    assert_eq!(r.item().unwrap(), 4.0);
}

#[test]
fn argmax_takes_the_first_maximum_and_the_first_nan() {
    let cpu = Device::cpu();
    let mut v = vec![1.0; 1000];
    v[17] = 5.0;
    v[400] = 5.0;
    let a = Array::from_vec(&cpu, &[1000], v.clone()).unwrap();
    assert_eq!(
        ReduceCall::<ArgMax>::new(op(&a))
            .run()
            .unwrap()
            .item()
            .unwrap(),
        17
    );
    v[600] = f64::NAN;
    v[900] = f64::NAN;
    let a = Array::from_vec(&cpu, &[1000], v).unwrap();
    assert_eq!(
        ReduceCall::<ArgMax>::new(op(&a))
            .run()
            .unwrap()
            .item()
            .unwrap(),
        600
    );
}

#[test]
fn long_float_sums_are_pairwise() {
    // 10^7 copies of 0.1f32: a sequential f32 sum drifts far off (about 1.09e6); pairwise
    // stays within a few ulps of 1e6 times 0.1f32, like NumPy.
    let n = 10_000_000;
    let cpu = Device::cpu();
    let a = Array::from_vec(&cpu, &[n], vec![0.1f32; n]).unwrap();
    let got = ReduceCall::<Sum32>::new(vec![Box::new(Operand::Borrowed(&a))])
        .run()
        .unwrap()
        .item()
        .unwrap();
    let exact = 0.1f32 as f64 * n as f64;
    assert!(
        ((got as f64) - exact).abs() / exact < 1e-5,
        "got {got}, exact {exact}"
    );
}

#[test]
fn large_reductions_split_over_threads_agree_with_loops() {
    let cpu = Device::cpu();
    let (r, c) = (300, 1001);
    let data: Vec<f64> = (0..r * c).map(|i| (i % 97) as f64).collect();
    let a = Array::from_vec(&cpu, &[r, c], data.clone()).unwrap();
    for axes in [vec![0], vec![1], vec![0, 1]] {
        let ax: Vec<isize> = axes.iter().map(|&d| d as isize).collect();
        let got = ReduceCall::<Sum>::new(op(&a)).axes(&ax).run().unwrap();
        let expect = reference(&data, &[r, c], &axes, |g| g.iter().sum());
        assert_eq!(got.to_vec().unwrap(), expect, "axes {axes:?}");
        let got = ReduceCall::<Sum>::new(op(&a.t())).axes(&ax).run().unwrap();
        let tv = a.t().to_vec().unwrap();
        let expect = reference(&tv, &[c, r], &axes, |g| g.iter().sum());
        assert_eq!(got.to_vec().unwrap(), expect, "transposed, axes {axes:?}");
    }
}

/// Runs `f` on a pool of `n` threads (the engine splits its work by the thread count).
fn with_threads<R: Send>(n: usize, f: impl FnOnce() -> R + Send) -> R {
    rayon::ThreadPoolBuilder::new()
        .num_threads(n)
        .build()
        .unwrap()
        .install(f)
}

/// The first maximum of `g` (the first NaN when there is one), as the reference of `ArgMax`.
fn first_max(g: &[f64]) -> f64 {
    if let Some(i) = g.iter().position(|v| v.is_nan()) {
        return i as f64;
    }
    let mut best = 0;
    for (i, &v) in g.iter().enumerate() {
        if v > g[best] {
            best = i;
        }
    }
    best as f64
}

#[test]
fn middle_axes_and_axis_zero_on_the_outer_path() {
    // The last kept axis contiguous: one unit of results per index of the kept axes before it
    // (many units: a middle axis), units wider than one block of 8192 results, and few units
    // whose rows are split over threads; empty reduced axes; NaN placement for argmax.
    let cpu = Device::cpu();
    let cases: &[(&[usize], &[usize])] = &[
        (&[7, 5, 9], &[1]),
        (&[40, 3, 16], &[1]),
        (&[3, 4, 5, 8], &[1, 2]),
        (&[4, 6, 3, 10], &[1]),
        (&[2, 3, 8200], &[1]),
        (&[3000, 12], &[0]),
        (&[900, 8, 16], &[0]),
        (&[5, 0, 9], &[1]),
    ];
    for threads in [1, 2, 5] {
        with_threads(threads, || {
            for &(shape, axes) in cases {
                let n: usize = shape.iter().product();
                let mut data: Vec<f64> = (0..n).map(|i| ((i * 37) % 11) as f64 - 4.5).collect();
                let a = Array::from_vec(&cpu, shape, data.clone()).unwrap();
                let ax: Vec<isize> = axes.iter().map(|&d| d as isize).collect();
                let got = ReduceCall::<Sum>::new(op(&a)).axes(&ax).run().unwrap();
                let expect = reference(&data, shape, axes, |g| g.iter().sum());
                assert_eq!(got.to_vec().unwrap(), expect, "sum {shape:?} {axes:?}");
                if n == 0 {
                    let err = ReduceCall::<ArgMax>::new(op(&a))
                        .axes(&ax)
                        .run()
                        .unwrap_err();
                    assert!(err.to_string().contains("no identity"), "{err}");
                    continue;
                }
                // NaNs at scattered positions: the first one along each reduced run wins.
                for i in (3..n).step_by(29) {
                    data[i] = f64::NAN;
                }
                let a = Array::from_vec(&cpu, shape, data.clone()).unwrap();
                let got = ReduceCall::<ArgMax>::new(op(&a)).axes(&ax).run().unwrap();
                let expect = reference(&data, shape, axes, first_max);
                let g: Vec<f64> = got.to_vec().unwrap().iter().map(|&i| i as f64).collect();
                assert_eq!(g, expect, "argmax {shape:?} {axes:?}, {threads} threads");
            }
        })
    }
}

#[test]
fn outer_path_on_views_and_into_strided_outputs() {
    let cpu = Device::cpu();
    let (r, m, c) = (30, 4, 20);
    let data: Vec<f64> = (0..r * m * c).map(|i| ((i * 13) % 17) as f64).collect();
    let a = Array::from_vec(&cpu, &[r, m, c], data).unwrap();
    // Every other index of the first axis, the last axis reversed: strided views.
    for v in [
        a.slice(array_runtime::s![..;2, .., ..]).unwrap(),
        a.slice(array_runtime::s![.., .., ..;-1]).unwrap(),
        a.permute(&[1, 0, 2]).unwrap(),
    ] {
        let vv = v.to_vec().unwrap();
        let shape = v.shape().to_vec();
        for axis in 0..3 {
            let got = ReduceCall::<Sum>::new(op(&v))
                .axis(axis as isize)
                .run()
                .unwrap();
            let expect = reference(&vv, &shape, &[axis], |g| g.iter().sum());
            assert_eq!(got.to_vec().unwrap(), expect, "{shape:?} axis {axis}");
        }
    }
    // Into every other column of a bigger array: results scattered, not written in place.
    let mut big = Array::<f64>::zeros(&cpu, &[r, 2 * c]).unwrap();
    let out = big.slice_mut(array_runtime::s![.., ..;2]).unwrap();
    ReduceCall::<Sum>::new(op(&a)).axis(1).into(out).unwrap();
    let av = a.to_vec().unwrap();
    let expect = reference(&av, &[r, m, c], &[1], |g| g.iter().sum());
    let got = big.to_vec().unwrap();
    for i in 0..r {
        for j in 0..c {
            assert_eq!(got[i * 2 * c + 2 * j], expect[i * c + j]);
            assert_eq!(got[i * 2 * c + 2 * j + 1], 0.0);
        }
    }
}

#[test]
fn outer_path_sums_in_row_order() {
    // NumPy sums a middle axis row after row: the same bits as a sequential f32 loop.
    let cpu = Device::cpu();
    let (p, m, c) = (300, 10, 16);
    let data: Vec<f32> = (0..p * m * c)
        .map(|i| ((i as u64 * 2_654_435_761) % 1_000_003) as f32 * 1.37e-4 - 50.0)
        .collect();
    let a = Array::from_vec(&cpu, &[p, m, c], data.clone()).unwrap();
    for threads in [1, 2, 5] {
        let got = with_threads(threads, || {
            ReduceCall::<Sum32>::new(vec![Box::new(Operand::Borrowed(&a))])
                .axis(1)
                .run()
                .unwrap()
                .to_vec()
                .unwrap()
        });
        for i in 0..p {
            for k in 0..c {
                let mut acc = data[i * m * c + k];
                for j in 1..m {
                    acc += data[(i * m + j) * c + k];
                }
                assert_eq!(got[i * c + k].to_bits(), acc.to_bits(), "({i}, {k})");
            }
        }
    }
}

#[test]
fn short_rows_fold_as_the_gathered_path_does() {
    // Rows of every length up to 70, contiguous (the batched inner path) and read through a
    // view with step 2 (gathered): the same pairwise fold, so the same bits; argmax with NaNs.
    let cpu = Device::cpu();
    for n in 1..=70 {
        let rows = 5000 / n + 3;
        let wide: Vec<f32> = (0..rows * 2 * n)
            .map(|i| ((i as u64 * 40_503) % 65_537) as f32 * 3.1e-3 - 100.0)
            .collect();
        let w = Array::from_vec(&cpu, &[rows, 2 * n], wide).unwrap();
        let strided = w.slice(array_runtime::s![.., ..;2]).unwrap();
        let packed = Array::from_vec(&cpu, &[rows, n], strided.to_vec().unwrap()).unwrap();
        let sum = |x: &Array<f32>| {
            ReduceCall::<Sum32>::new(vec![Box::new(Operand::Borrowed(x))])
                .axis(1)
                .run()
                .unwrap()
                .to_vec()
                .unwrap()
        };
        let (s1, s2) = (sum(&packed), sum(&strided));
        let bits = |v: &[f32]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
        assert_eq!(bits(&s1), bits(&s2), "rows of {n}");
        let mut d: Vec<f64> = (0..rows * n).map(|i| ((i * 7) % 5) as f64).collect();
        for i in (n / 2..rows * n).step_by(3 * n + 1) {
            d[i] = f64::NAN;
        }
        let a = Array::from_vec(&cpu, &[rows, n], d.clone()).unwrap();
        let got = ReduceCall::<ArgMax>::new(op(&a)).axis(1).run().unwrap();
        let g: Vec<f64> = got.to_vec().unwrap().iter().map(|&i| i as f64).collect();
        assert_eq!(g, reference(&d, &[rows, n], &[1], first_max), "rows of {n}");
    }
}
