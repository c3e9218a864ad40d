//! The parity benchmark (issue 19): about 200 operations of the CPU backend beside the same
//! NumPy/SciPy expressions, timed in the same run, in one table.
//!
//! `cargo bench -p kernels-std --bench parity` runs everything (a few minutes on two cores);
//! `PARITY_QUICK=1` keeps the small sizes only (1e3 and 1e5 elements, small shapes);
//! `PARITY_FILTER=substring` keeps the rows whose name contains `substring` (`,` separates
//! several). `BENCH_PYTHON` names the Python with NumPy (default `python3`).
//!
//! Each case is named `group/op/dtype/size/layout` (`elementwise/add/f64/1e7/strided`); this
//! program times every case (the median of 3 to 7 samples, each sample enough calls to last
//! 2 ms at least, after one warm-up call), then hands the names to `scripts/bench_parity.py`,
//! which builds the same inputs and times the same NumPy expression for each name it knows
//! (`-` where it does not, or SciPy is missing). The table gives ours, NumPy's, the ratio
//! (NumPy's time / ours: above 1 we are faster) and, for memory-bound rows, GB/s: the bytes of
//! the elements read and written once, over our time. The run writes `target/parity/parity.csv`
//! and `target/parity/parity.png` (the ratios as bars on a log scale, 1.0 marked, drawn by the
//! Python script: matplotlib when installed, else its own small PNG writer).
//!
//! Layouts: `contiguous`; `strided` (`a[::2]` of twice the length); `transposed` (`a.T + b`,
//! `a.T` a transposed view, `b` C-contiguous); `broadcast` (a `(r, c)` array with a `(c,)` row).
//! Inputs are the deterministic values in `[0, 1)` of `benches/common` (`input_f32`), the same
//! bits on both sides.

use std::fmt::Write as _;
use std::time::Instant;

use kernels_std::math::{self, Elementary, ToFloat};
use kernels_std::prelude::*;
use kernels_std::random::Generator;
use kernels_std::{creation, fft, linalg, reduce, scan, shape, sort, special, stats};

mod common;

/// One timed case.
struct Row {
    name: String,
    /// Seconds per call (median).
    secs: f64,
    /// Bytes read and written by one call, for memory-bound rows.
    bytes: Option<f64>,
}

/// The cases to run and their results.
struct Bench {
    filters: Vec<String>,
    quick: bool,
    rows: Vec<Row>,
}

impl Bench {
    fn new() -> Self {
        let filters = std::env::var("PARITY_FILTER")
            .map(|f| {
                f.split(',')
                    .map(str::trim)
                    .filter(|s| !s.is_empty())
                    .map(String::from)
                    .collect()
            })
            .unwrap_or_default();
        let quick = std::env::var("PARITY_QUICK").is_ok_and(|v| !v.is_empty() && v != "0");
        Bench {
            filters,
            quick,
            rows: Vec::new(),
        }
    }

    fn wanted(&self, name: &str) -> bool {
        self.filters.is_empty() || self.filters.iter().any(|f| name.contains(f.as_str()))
    }

    /// Times `f` on the inputs `setup` makes (only when `name` is selected).
    fn case<S>(
        &mut self,
        name: String,
        bytes: Option<f64>,
        setup: impl FnOnce() -> S,
        mut f: impl FnMut(&mut S),
    ) {
        if !self.wanted(&name) {
            return;
        }
        let mut s = setup();
        let secs = time(|| f(&mut s));
        eprintln!("{name:<48} {}", fmt_secs(secs));
        self.rows.push(Row { name, secs, bytes });
    }

    /// The sizes of the rows with a size sweep.
    fn sizes(&self) -> Vec<usize> {
        if self.quick {
            vec![1_000, 100_000]
        } else {
            vec![1_000, 100_000, 10_000_000]
        }
    }

    /// The size of the rows at one size (1e7, or 1e5 when quick).
    fn big(&self) -> usize {
        if self.quick {
            100_000
        } else {
            10_000_000
        }
    }

    /// A 2-D shape of `big()` elements, `(2500, 4000)` or `(250, 400)`.
    fn rect(&self) -> [usize; 2] {
        if self.quick {
            [250, 400]
        } else {
            [2500, 4000]
        }
    }
}

/// Seconds per call of `f`: one warm-up call, then the median of 3 to 7 samples of enough
/// calls to last 2 ms each. The Python side (`bench_parity.py`'s `per_call`) does the same.
fn time(mut f: impl FnMut()) -> f64 {
    let t = Instant::now();
    f();
    let first = t.elapsed().as_secs_f64();
    let inner = if first >= 2e-3 {
        1
    } else {
        ((2e-3 / first.max(1e-8)).ceil() as usize).min(100_000)
    };
    let samples = if first > 0.3 { 3 } else { 7 };
    let mut t: Vec<f64> = (0..samples)
        .map(|_| {
            let s = Instant::now();
            for _ in 0..inner {
                f();
            }
            s.elapsed().as_secs_f64() / inner as f64
        })
        .collect();
    t.sort_by(f64::total_cmp);
    t[t.len() / 2]
}

fn fmt_secs(s: f64) -> String {
    if s < 1e-6 {
        format!("{:.0}ns", s * 1e9)
    } else if s < 1e-3 {
        format!("{:.1}us", s * 1e6)
    } else {
        format!("{:.2}ms", s * 1e3)
    }
}

/// `1000 -> "1e3"`, other sizes as they are.
fn size_name(n: usize) -> String {
    let mut k = 0;
    let mut m = n;
    while m >= 10 && m.is_multiple_of(10) {
        m /= 10;
        k += 1;
    }
    if m == 1 && k > 0 {
        format!("1e{k}")
    } else {
        n.to_string()
    }
}

fn shape_name(s: &[usize]) -> String {
    s.iter()
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join("x")
}

fn cpu() -> Device {
    Device::cpu()
}

/// `common::input_f32` of `shape`'s size (seed `seed`) as `T`, in `shape`.
fn input<T: DType>(shape: &[usize], seed: u32) -> Array<T> {
    let n = shape.iter().product();
    common::input_f32(n, seed)
        .astype::<T>()
        .and_then(|a| a.reshape(shape))
        .expect("input")
}

/// The input values scaled by `scale`, computed in f64, then converted to `T` (as `(x *
/// scale).astype(T)` of NumPy's float64 of the float32 inputs).
fn scaled<T: DType>(shape: &[usize], seed: u32, scale: f64) -> Array<T> {
    let a = input::<f64>(shape, seed);
    math::multiply(&a, scale)
        .and_then(|a| a.astype::<T>())
        .expect("input")
}

/// Integers `(x * 1e6)` of the inputs, as `T`.
fn ints<T: DType>(shape: &[usize], seed: u32) -> Array<T> {
    let a = input::<f64>(shape, seed);
    let v: Vec<i64> = a
        .to_vec()
        .expect("input")
        .iter()
        .map(|x| (x * 1e6) as i64)
        .collect();
    Array::from_vec(&cpu(), shape, v)
        .and_then(|a| a.astype::<T>())
        .expect("input")
}

/// The mask `x > 0.5` of the inputs.
fn mask(shape: &[usize], seed: u32) -> Array<bool> {
    math::greater(input::<f64>(shape, seed), 0.5).expect("mask")
}

/// Pseudo-random positions in `[0, len)`: `((i * 2654435761 + 7) mod 2^32) mod len`.
fn positions(n: usize, len: usize) -> Array<i64> {
    let v: Vec<i64> = (0..n as u64)
        .map(|i| ((i.wrapping_mul(2654435761).wrapping_add(7) & 0xffff_ffff) % len as u64) as i64)
        .collect();
    Array::from_vec(&cpu(), &[n], v).expect("positions")
}

macro_rules! elementwise_rows {
    ($b:expr, $t:ty, $dt:expr) => {{
        let b: &mut Bench = $b;
        let sz = std::mem::size_of::<$t>() as f64;
        for n in b.sizes() {
            b.case(
                format!("elementwise/add/{}/{}/contiguous", $dt, size_name(n)),
                Some(3.0 * sz * n as f64),
                || (input::<$t>(&[n], 1), input::<$t>(&[n], 2)),
                |(x, y)| drop(math::add(&*x, &*y).unwrap()),
            );
        }
        let n = b.big();
        let nb = Some(3.0 * sz * n as f64);
        let [r, c] = b.rect();
        let big = size_name(n);
        b.case(
            format!("elementwise/add/{}/{big}/strided", $dt),
            nb,
            || {
                let x = input::<$t>(&[2 * n], 1).slice(s![..;2]).unwrap();
                let y = input::<$t>(&[2 * n], 2).slice(s![..;2]).unwrap();
                (x, y)
            },
            |(x, y)| drop(math::add(&*x, &*y).unwrap()),
        );
        b.case(
            format!("elementwise/add/{}/{big}/transposed", $dt),
            nb,
            || (input::<$t>(&[c, r], 1).t(), input::<$t>(&[r, c], 2)),
            |(x, y)| drop(math::add(&*x, &*y).unwrap()),
        );
        b.case(
            format!("elementwise/add/{}/{big}/broadcast", $dt),
            Some(2.0 * sz * n as f64),
            || (input::<$t>(&[r, c], 1), input::<$t>(&[c], 2)),
            |(x, y)| drop(math::add(&*x, &*y).unwrap()),
        );
        b.case(
            format!("elementwise/multiply/{}/{big}/contiguous", $dt),
            nb,
            || (input::<$t>(&[n], 1), input::<$t>(&[n], 2)),
            |(x, y)| drop(math::multiply(&*x, &*y).unwrap()),
        );
        b.case(
            format!("elementwise/divide/{}/{big}/contiguous", $dt),
            nb,
            || (input::<$t>(&[n], 1), input::<$t>(&[n], 2)),
            |(x, y)| drop(math::divide(&*x, &*y).unwrap()),
        );
        b.case(
            format!("elementwise/maximum/{}/{big}/contiguous", $dt),
            nb,
            || (input::<$t>(&[n], 1), input::<$t>(&[n], 2)),
            |(x, y)| drop(math::maximum(&*x, &*y).unwrap()),
        );
        b.case(
            format!("elementwise/scalar_mul/{}/{big}/contiguous", $dt),
            Some(2.0 * sz * n as f64),
            || input::<$t>(&[n], 1),
            |x| drop(math::multiply(&*x, 2.5 as $t).unwrap()),
        );
        b.case(
            format!("elementwise/exp/{}/{big}/strided", $dt),
            Some(2.0 * sz * n as f64),
            || input::<$t>(&[2 * n], 1).slice(s![..;2]).unwrap(),
            |x| drop(math::exp(&*x).unwrap()),
        );
        b.case(
            format!("elementwise/exp/{}/{big}/transposed", $dt),
            Some(2.0 * sz * n as f64),
            || input::<$t>(&[c, r], 1).t(),
            |x| drop(math::exp(&*x).unwrap()),
        );
        b.case(
            format!("elementwise/sqrt/{}/{big}/strided", $dt),
            Some(2.0 * sz * n as f64),
            || input::<$t>(&[2 * n], 1).slice(s![..;2]).unwrap(),
            |x| drop(math::sqrt(&*x).unwrap()),
        );
        b.case(
            format!("elementwise/abs/{}/{big}/contiguous", $dt),
            Some(2.0 * sz * n as f64),
            || input::<$t>(&[n], 1),
            |x| drop(math::absolute(&*x).unwrap()),
        );
    }};
}

/// The unary ufuncs of `math` timed (`arccosh` takes `1 + x`, the others `0.9 x`).
const UFUNCS: [&str; 21] = [
    "sin", "cos", "tan", "arcsin", "arccos", "arctan", "sinh", "cosh", "tanh", "arcsinh",
    "arccosh", "arctanh", "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "cbrt", "sqrt",
];

/// NumPy's `name` of `x`.
fn ufunc<T: Float + Elementary<Out = T> + ToFloat<Float = T>>(
    name: &str,
    x: &Array<T>,
) -> Result<Array<T>> {
    match name {
        "sin" => math::sin(x),
        "cos" => math::cos(x),
        "tan" => math::tan(x),
        "arcsin" => math::arcsin(x),
        "arccos" => math::arccos(x),
        "arctan" => math::arctan(x),
        "sinh" => math::sinh(x),
        "cosh" => math::cosh(x),
        "tanh" => math::tanh(x),
        "arcsinh" => math::arcsinh(x),
        "arccosh" => math::arccosh(x),
        "arctanh" => math::arctanh(x),
        "exp" => math::exp(x),
        "exp2" => math::exp2(x),
        "expm1" => math::expm1(x),
        "log" => math::log(x),
        "log2" => math::log2(x),
        "log10" => math::log10(x),
        "log1p" => math::log1p(x),
        "cbrt" => math::cbrt(x),
        "sqrt" => math::sqrt(x),
        _ => unreachable!("not a timed ufunc: {name}"),
    }
}

fn ufunc_rows<T: Float + Elementary<Out = T> + ToFloat<Float = T>>(b: &mut Bench, dt: &str) {
    let n = b.big();
    for name in UFUNCS {
        b.case(
            format!("ufunc/{name}/{dt}/{}/contiguous", size_name(n)),
            None,
            || {
                if name == "arccosh" {
                    math::add(input::<f64>(&[n], 1), 1.0)
                        .and_then(|a| a.astype::<T>())
                        .expect("input")
                } else {
                    scaled::<T>(&[n], 1, 0.9)
                }
            },
            |x| drop(ufunc(name, x).expect(name)),
        );
    }
}

macro_rules! astype_row {
    ($b:expr, $from:ty, $to:ty, $name:expr) => {{
        let b: &mut Bench = $b;
        let n = b.big();
        let bytes = (std::mem::size_of::<$from>() + std::mem::size_of::<$to>()) * n;
        b.case(
            format!("astype/astype/{}/{}/contiguous", $name, size_name(n)),
            Some(bytes as f64),
            || scaled::<$from>(&[n], 1, 200.0),
            |x| drop(x.astype::<$to>().unwrap()),
        );
    }};
}

/// The reduction shapes: short rows, long rows, a middle axis.
fn reduce_shapes(b: &Bench) -> Vec<Vec<usize>> {
    if b.quick {
        vec![vec![4000, 16], vec![16, 4000], vec![500, 8, 16]]
    } else {
        vec![vec![400_000, 16], vec![16, 400_000], vec![50_000, 8, 16]]
    }
}

macro_rules! reduce_rows {
    ($b:expr, $t:ty, $dt:expr, $ops:expr) => {{
        let b: &mut Bench = $b;
        let sz = std::mem::size_of::<$t>() as f64;
        for sh in reduce_shapes(b) {
            let bytes = Some(sz * sh.iter().product::<usize>() as f64);
            for axis in 0..sh.len() {
                for op in $ops {
                    b.case(
                        format!("reduce/{op}/{}/{}/axis{axis}", $dt, shape_name(&sh)),
                        bytes,
                        || input::<$t>(&sh, 1),
                        |x| {
                            let ax = axis as isize;
                            match op {
                                "sum" => drop(reduce::sum(&*x).axis(ax).run().unwrap()),
                                "mean" => drop(reduce::mean(&*x).axis(ax).run().unwrap()),
                                "max" => drop(reduce::max(&*x).axis(ax).run().unwrap()),
                                "argmin" => drop(reduce::argmin(&*x).axis(ax).run().unwrap()),
                                "argmax" => drop(reduce::argmax(&*x).axis(ax).run().unwrap()),
                                _ => unreachable!("{op}"),
                            }
                        },
                    );
                }
            }
        }
    }};
}

fn reduce_all_rows(b: &mut Bench) {
    let n = b.big();
    let bytes = Some(8.0 * n as f64);
    let name = |op: &str| format!("reduce/{op}/f64/{}/all", size_name(n));
    let x = || input::<f64>(&[n], 1);
    b.case(name("sum"), bytes, x, |x| {
        drop(reduce::sum(&*x).run().unwrap())
    });
    b.case(name("mean"), bytes, x, |x| {
        drop(reduce::mean(&*x).run().unwrap())
    });
    b.case(name("std"), bytes, x, |x| {
        drop(reduce::std(x).run().unwrap())
    });
    b.case(name("max"), bytes, x, |x| {
        drop(reduce::max(&*x).run().unwrap())
    });
    b.case(name("argmin"), bytes, x, |x| {
        drop(reduce::argmin(x).run().unwrap())
    });
    b.case(name("argmax"), bytes, x, |x| {
        drop(reduce::argmax(x).run().unwrap())
    });
}

fn scan_rows(b: &mut Bench) {
    let n = b.big();
    b.case(
        format!("scan/cumsum/f64/{}/flat", size_name(n)),
        Some(16.0 * n as f64),
        || input::<f64>(&[n], 1),
        |x| drop(scan::cumsum(x, None).unwrap()),
    );
    b.case(
        format!("scan/cumsum/f32/{}/flat", size_name(n)),
        Some(8.0 * n as f64),
        || input::<f32>(&[n], 1),
        |x| drop(scan::cumsum(x, None).unwrap()),
    );
    for sh in reduce_shapes(b).into_iter().take(2) {
        for axis in 0..2 {
            b.case(
                format!("scan/cumsum/f64/{}/axis{axis}", shape_name(&sh)),
                Some(16.0 * n as f64),
                || input::<f64>(&sh, 1),
                |x| drop(scan::cumsum(x, Some(axis)).unwrap()),
            );
        }
    }
}

macro_rules! sort_rows {
    ($b:expr, $t:ty, $dt:expr, $make:expr) => {{
        let b: &mut Bench = $b;
        let sizes: Vec<usize> = if b.quick {
            vec![100_000]
        } else {
            vec![100_000, 10_000_000]
        };
        for n in sizes {
            let sn = size_name(n);
            b.case(
                format!("sort/sort/{}/{sn}/contiguous", $dt),
                None,
                || $make(&[n]),
                |x: &mut Array<$t>| drop(sort::sort(x, Some(-1)).unwrap()),
            );
            b.case(
                format!("sort/argsort/{}/{sn}/contiguous", $dt),
                None,
                || $make(&[n]),
                |x: &mut Array<$t>| drop(sort::argsort(x, Some(-1)).unwrap()),
            );
            b.case(
                format!("sort/unique/{}/{sn}/contiguous", $dt),
                None,
                || $make(&[n]),
                |x: &mut Array<$t>| drop(sort::unique(x).unwrap()),
            );
        }
    }};
}

fn sort_row_rows(b: &mut Bench) {
    let shapes: Vec<[usize; 2]> = if b.quick {
        vec![[100, 100], [1000, 16]]
    } else {
        vec![[1000, 1000], [100_000, 16]]
    };
    for sh in shapes {
        b.case(
            format!("sort/sort/f64/{}/axis1", shape_name(&sh)),
            None,
            || input::<f64>(&sh, 1),
            |x| drop(sort::sort(x, Some(-1)).unwrap()),
        );
        b.case(
            format!("sort/argsort/f32/{}/axis1", shape_name(&sh)),
            None,
            || input::<f32>(&sh, 1),
            |x| drop(sort::argsort(x, Some(-1)).unwrap()),
        );
    }
}

fn select_rows(b: &mut Bench) {
    let n = b.big();
    let sn = size_name(n);
    b.case(
        format!("select/boolean_index/f64/{sn}/contiguous"),
        Some(9.0 * n as f64 + 4.0 * n as f64),
        || (input::<f64>(&[n], 1), mask(&[n], 2)),
        |(x, m)| drop(sort::boolean_index(x, m).unwrap()),
    );
    let rows = if b.quick { 5000 } else { 50_000 };
    b.case(
        format!("select/boolean_index/f64/{rows}x16/rows"),
        Some(8.0 * 16.0 * rows as f64 * 1.5 + rows as f64),
        || (input::<f64>(&[rows, 16], 1), mask(&[rows], 2)),
        |(x, m)| drop(sort::boolean_index(x, m).unwrap()),
    );
    b.case(
        format!("select/nonzero/bool/{sn}/contiguous"),
        None,
        || mask(&[n], 2),
        |m| drop(sort::nonzero(m).unwrap()),
    );
    for len in [rows, n] {
        b.case(
            format!("select/flatnonzero/bool/{}/contiguous", size_name(len)),
            None,
            || mask(&[len], 2),
            |m| drop(sort::flatnonzero(m).unwrap()),
        );
    }
    b.case(
        format!("select/take/f64/{sn}/random"),
        Some(24.0 * n as f64),
        || (input::<f64>(&[n], 1), positions(n, n)),
        |(x, i)| drop(sort::take(x, i, None).unwrap()),
    );
    b.case(
        format!("select/put/f64/{sn}/random"),
        None,
        || {
            (
                input::<f64>(&[n], 1),
                positions(n / 10, n),
                input::<f64>(&[n / 10], 3),
            )
        },
        |(x, i, v)| sort::put(x, i, v, sort::TakeMode::Raise).unwrap(),
    );
    b.case(
        format!("select/where/f64/{sn}/contiguous"),
        Some(25.0 * n as f64),
        || (mask(&[n], 3), input::<f64>(&[n], 1), input::<f64>(&[n], 2)),
        |(m, x, y)| drop(math::where_(&*m, &*x, &*y).unwrap()),
    );
    let m = if b.quick { 10_000 } else { 1_000_000 };
    b.case(
        format!("select/searchsorted/f64/{}/left", size_name(m)),
        None,
        || {
            let sorted = sort::sort(&input::<f64>(&[m], 1), None).unwrap();
            (sorted, input::<f64>(&[m], 2))
        },
        |(a, v)| drop(sort::searchsorted(a, v, sort::Side::Left).unwrap()),
    );
    b.case(
        format!("select/histogram/f64/{sn}/bins100"),
        Some(8.0 * n as f64),
        || input::<f64>(&[n], 1),
        |x| drop(stats::histogram(x, 100).run().unwrap()),
    );
}

fn move_rows(b: &mut Bench) {
    let n = b.big();
    let sn = size_name(n);
    let [r, c] = b.rect();
    let rect = shape_name(&[r, c]);
    b.case(
        format!("move/concatenate/f64/{sn}/axis0"),
        Some(16.0 * n as f64),
        || (input::<f64>(&[n / 2], 1), input::<f64>(&[n / 2], 2)),
        |(x, y)| drop(shape::concatenate(&[&*x, &*y], 0).unwrap()),
    );
    b.case(
        format!("move/stack/f64/{sn}/axis1"),
        Some(16.0 * n as f64),
        || (input::<f64>(&[n / 2], 1), input::<f64>(&[n / 2], 2)),
        |(x, y)| drop(shape::stack(&[&*x, &*y], 1).unwrap()),
    );
    b.case(
        format!("move/transpose_copy/f64/{rect}/contiguous"),
        Some(16.0 * n as f64),
        || input::<f64>(&[c, r], 1).t(),
        |x| drop(shape::ascontiguousarray(x).unwrap()),
    );
    b.case(
        format!("move/transpose_copy/f32/{rect}/contiguous"),
        Some(8.0 * n as f64),
        || input::<f32>(&[c, r], 1).t(),
        |x| drop(shape::ascontiguousarray(x).unwrap()),
    );
    b.case(
        format!("move/copy/f64/{sn}/strided"),
        Some(16.0 * n as f64),
        || input::<f64>(&[2 * n], 1).slice(s![..;2]).unwrap(),
        |x| drop(shape::ascontiguousarray(x).unwrap()),
    );
    b.case(
        format!("move/pad/f64/{rect}/constant"),
        Some(16.0 * n as f64),
        || input::<f64>(&[r, c], 1),
        |x| drop(shape::pad(x, &[(1, 1)], shape::PadMode::Constant(0.0)).unwrap()),
    );
    b.case(
        format!("move/roll/f64/{sn}/flat"),
        Some(16.0 * n as f64),
        || input::<f64>(&[n], 1),
        |x| drop(shape::roll(x, 12345, None).unwrap()),
    );
    b.case(
        format!("move/roll/f64/{rect}/axis1"),
        Some(16.0 * n as f64),
        || input::<f64>(&[r, c], 1),
        |x| drop(shape::roll(x, 7, Some(1)).unwrap()),
    );
}

fn random_rows(b: &mut Bench) {
    let n = b.big();
    let sn = size_name(n);
    let dev = cpu();
    let name = |op: &str, dt: &str| format!("random/{op}/{dt}/{sn}/contiguous");
    let g = || Generator::new(0);
    let sh = [n];
    b.case(name("random", "f64"), Some(8.0 * n as f64), g, |g| {
        drop(g.random::<f64>(&dev, &sh).unwrap())
    });
    b.case(name("random", "f32"), Some(4.0 * n as f64), g, |g| {
        drop(g.random::<f32>(&dev, &sh).unwrap())
    });
    b.case(name("standard_normal", "f64"), None, g, |g| {
        drop(g.standard_normal::<f64>(&dev, &sh).unwrap())
    });
    b.case(name("standard_normal", "f32"), None, g, |g| {
        drop(g.standard_normal::<f32>(&dev, &sh).unwrap())
    });
    b.case(name("normal", "f64"), None, g, |g| {
        drop(g.normal::<f64>(&dev, 1.0, 2.0, &sh).unwrap())
    });
    b.case(name("integers", "i64"), None, g, |g| {
        drop(g.integers::<i64>(&dev, 0, 100, &sh).unwrap())
    });
    b.case(name("integers", "i32"), None, g, |g| {
        drop(g.integers::<i32>(&dev, 0, 1000, &sh).unwrap())
    });
    b.case(name("standard_exponential", "f64"), None, g, |g| {
        drop(g.standard_exponential::<f64>(&dev, &sh).unwrap())
    });
    b.case(name("gamma", "f64"), None, g, |g| {
        drop(g.gamma(&dev, 2.0, 1.0, &sh).unwrap())
    });
    b.case(name("beta", "f64"), None, g, |g| {
        drop(g.beta(&dev, 2.0, 6.0, &sh).unwrap())
    });
    b.case(name("poisson", "i64"), None, g, |g| {
        drop(g.poisson(&dev, 5.0, &sh).unwrap())
    });
    b.case(name("binomial", "i64"), None, g, |g| {
        drop(g.binomial(&dev, 10i64, 0.3, &sh).unwrap())
    });
}

fn matmul_rows(b: &mut Bench) {
    let (sq, tall, batch) = if b.quick {
        (256, 10_000, 1000)
    } else {
        (1024, 100_000, 10_000)
    };
    b.case(
        format!("matmul/matmul/f32/{sq}x{sq}/square"),
        None,
        || (input::<f32>(&[sq, sq], 1), input::<f32>(&[sq, sq], 2)),
        |(x, y)| drop(linalg::matmul(&*x, &*y).unwrap()),
    );
    b.case(
        format!("matmul/matmul/f64/{sq}x{sq}/square"),
        None,
        || (input::<f64>(&[sq, sq], 1), input::<f64>(&[sq, sq], 2)),
        |(x, y)| drop(linalg::matmul(&*x, &*y).unwrap()),
    );
    b.case(
        format!("matmul/matmul/f64/{tall}x64/tall"),
        None,
        || (input::<f64>(&[tall, 64], 1), input::<f64>(&[64, 64], 2)),
        |(x, y)| drop(linalg::matmul(&*x, &*y).unwrap()),
    );
    b.case(
        format!("matmul/matmul/f64/{tall}x64/gram"),
        None,
        || input::<f64>(&[tall, 64], 1),
        |x| drop(linalg::matmul(x.t(), &*x).unwrap()),
    );
    b.case(
        format!("matmul/matmul/f64/{batch}x8x8/batched"),
        None,
        || {
            (
                input::<f64>(&[batch, 8, 8], 1),
                input::<f64>(&[batch, 8, 8], 2),
            )
        },
        |(x, y)| drop(linalg::matmul(&*x, &*y).unwrap()),
    );
    b.case(
        format!("matmul/matmul/f32/{batch}x8x8/batched"),
        None,
        || {
            (
                input::<f32>(&[batch, 8, 8], 1),
                input::<f32>(&[batch, 8, 8], 2),
            )
        },
        |(x, y)| drop(linalg::matmul(&*x, &*y).unwrap()),
    );
}

fn creation_rows(b: &mut Bench) {
    let dev = cpu();
    for n in b.sizes() {
        b.case(
            format!("creation/linspace/f64/{}/endpoint", size_name(n)),
            Some(8.0 * n as f64),
            || (),
            |_| drop(creation::linspace::<f64>(&dev, 0.0, 1.0, n, true).unwrap()),
        );
    }
    let n = b.big();
    b.case(
        format!("creation/arange/f64/{}/contiguous", size_name(n)),
        Some(8.0 * n as f64),
        || (),
        |_| drop(creation::arange(&dev, 0.0..n as f64).unwrap()),
    );
}

fn overhead_rows(b: &mut Bench) {
    for n in [10, 1000] {
        b.case(
            format!("overhead/add/f64/{}/contiguous", size_name(n)),
            None,
            || (input::<f64>(&[n], 1), input::<f64>(&[n], 2)),
            |(x, y)| drop(math::add(&*x, &*y).unwrap()),
        );
        b.case(
            format!("overhead/add/f32/{}/contiguous", size_name(n)),
            None,
            || (input::<f32>(&[n], 1), input::<f32>(&[n], 2)),
            |(x, y)| drop(math::add(&*x, &*y).unwrap()),
        );
        b.case(
            format!("overhead/sum/f64/{}/contiguous", size_name(n)),
            None,
            || input::<f64>(&[n], 1),
            |x| drop(reduce::sum(&*x).run().unwrap()),
        );
        b.case(
            format!("overhead/exp/f64/{}/contiguous", size_name(n)),
            None,
            || input::<f64>(&[n], 1),
            |x| drop(math::exp(&*x).unwrap()),
        );
    }
}

/// A few rows of the other areas, at small sizes (their own benches time the large cases).
fn other_rows(b: &mut Bench) {
    let m = if b.quick { 100 } else { 300 };
    #[cfg(feature = "lapack")]
    {
        // Diagonally dominant: the inputs plus `m` on the diagonal.
        let system = move || {
            let a = input::<f64>(&[m, m], 1);
            let eye = creation::eye::<f64>(&cpu(), m, None, 0).unwrap();
            let a = math::add(&a, math::multiply(&eye, m as f64).unwrap()).unwrap();
            (a, input::<f64>(&[m], 2))
        };
        b.case(
            format!("linalg/solve/f64/{m}x{m}/vector"),
            None,
            system,
            |(a, v)| drop(linalg::solve(a, v).unwrap()),
        );
        b.case(
            format!("linalg/inv/f64/{m}x{m}/square"),
            None,
            system,
            |(a, _)| drop(linalg::inv(a).unwrap()),
        );
        b.case(
            format!("linalg/det/f64/{m}x{m}/square"),
            None,
            system,
            |(a, _)| drop(linalg::det(a).unwrap()),
        );
    }
    #[cfg(not(feature = "lapack"))]
    let _ = m; // solve, inv and det need the `lapack` feature.
    let k = if b.quick { 12 } else { 16 };
    let len = 1usize << k;
    b.case(
        format!("fft/fft/c128/{len}/contiguous"),
        None,
        || {
            let re = input::<f64>(&[len], 1).to_vec().unwrap();
            let im = input::<f64>(&[len], 2).to_vec().unwrap();
            let v = re.iter().zip(&im).map(|(&r, &i)| c128::new(r, i)).collect();
            Array::from_vec(&cpu(), &[len], v).unwrap()
        },
        |x| drop(fft::fft(x).run().unwrap()),
    );
    let len = 1usize << (k + 4);
    b.case(
        format!("fft/rfft/f64/{len}/contiguous"),
        None,
        || input::<f64>(&[len], 1),
        |x| drop(fft::rfft(x).run().unwrap()),
    );
    let n = if b.quick { 100_000 } else { 1_000_000 };
    b.case(
        format!("special/erf/f64/{}/contiguous", size_name(n)),
        None,
        || input::<f64>(&[n], 1),
        |x| drop(special::erf(&*x).unwrap()),
    );
    b.case(
        format!("special/gammaln/f64/{}/contiguous", size_name(n)),
        None,
        || scaled::<f64>(&[n], 1, 10.0),
        |x| drop(special::gammaln(&*x).unwrap()),
    );
    let g = if b.quick { 100 } else { 1000 };
    b.case(
        format!("sparse/csr_matvec/f64/{g}x{g}/poisson2d"),
        None,
        || poisson_csr(g),
        |(a, v)| drop(a.matmul(&*v).unwrap()),
    );
}

/// The 5-point Laplacian of a `k x k` grid as CSR (columns sorted) and a vector of ones.
fn poisson_csr(k: usize) -> (kernels_std::sparse::CsrArray<f64>, Array<f64>) {
    let n = k * k;
    let (mut data, mut indices, mut indptr) = (Vec::new(), Vec::new(), vec![0i32]);
    for r in 0..n {
        let (i, j) = (r / k, r % k);
        let mut push = |c: usize, v: f64| {
            indices.push(c as i32);
            data.push(v);
        };
        if i > 0 {
            push(r - k, -1.0);
        }
        if j > 0 {
            push(r - 1, -1.0);
        }
        push(r, 4.0);
        if j + 1 < k {
            push(r + 1, -1.0);
        }
        if i + 1 < k {
            push(r + k, -1.0);
        }
        indptr.push(indices.len() as i32);
    }
    let nnz = data.len();
    let dev = cpu();
    let a = kernels_std::sparse::CsrArray::new(
        &Array::from_vec(&dev, &[nnz], data).unwrap(),
        &Array::from_vec(&dev, &[nnz], indices).unwrap(),
        &Array::from_vec(&dev, &[n + 1], indptr).unwrap(),
        [n, n],
    )
    .unwrap();
    (a, Array::full(&dev, &[n], 1.0f64).unwrap())
}

/// NumPy's side: `scripts/bench_parity.py` given the case names on its standard input.
fn numpy(names: &[String]) -> Option<(String, Vec<(String, f64)>)> {
    use std::io::Write as _;
    let python = std::env::var("BENCH_PYTHON").unwrap_or_else(|_| "python3".into());
    let script = format!("{}/../scripts/bench_parity.py", env!("CARGO_MANIFEST_DIR"));
    let mut child = std::process::Command::new(python)
        .arg(script)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .ok()?;
    child
        .stdin
        .take()?
        .write_all(names.join("\n").as_bytes())
        .ok()?;
    let out = child.wait_with_output().ok()?;
    let s = String::from_utf8_lossy(&out.stdout);
    let version = s
        .split("\"numpy\": \"")
        .nth(1)?
        .split('"')
        .next()?
        .to_string();
    let body = s.split("\"results\": {").nth(1)?.split('}').next()?;
    let times = body
        .split(',')
        .filter_map(|kv| {
            let (k, v) = kv.split_once(':')?;
            Some((
                k.trim().trim_matches('"').to_string(),
                v.trim().parse().ok()?,
            ))
        })
        .collect();
    Some((version, times))
}

fn main() {
    let mut b = Bench::new();
    overhead_rows(&mut b);
    elementwise_rows!(&mut b, f64, "f64");
    elementwise_rows!(&mut b, f32, "f32");
    ufunc_rows::<f32>(&mut b, "f32");
    ufunc_rows::<f64>(&mut b, "f64");
    astype_row!(&mut b, f64, f32, "f64_f32");
    astype_row!(&mut b, f32, f64, "f32_f64");
    astype_row!(&mut b, f64, i64, "f64_i64");
    astype_row!(&mut b, i64, f64, "i64_f64");
    astype_row!(&mut b, i32, f64, "i32_f64");
    astype_row!(&mut b, u8, f32, "u8_f32");
    astype_row!(&mut b, f64, i32, "f64_i32");
    reduce_rows!(&mut b, f64, "f64", ["sum", "mean", "max", "argmin"]);
    reduce_rows!(&mut b, f32, "f32", ["sum", "argmax"]);
    reduce_all_rows(&mut b);
    scan_rows(&mut b);
    sort_rows!(&mut b, f32, "f32", |s: &[usize]| input::<f32>(s, 1));
    sort_rows!(&mut b, f64, "f64", |s: &[usize]| input::<f64>(s, 1));
    sort_rows!(&mut b, i64, "i64", |s: &[usize]| ints::<i64>(s, 1));
    sort_row_rows(&mut b);
    select_rows(&mut b);
    move_rows(&mut b);
    random_rows(&mut b);
    matmul_rows(&mut b);
    creation_rows(&mut b);
    other_rows(&mut b);

    let names: Vec<String> = b.rows.iter().map(|r| r.name.clone()).collect();
    let np = numpy(&names);
    let theirs = |name: &str| {
        np.as_ref()
            .and_then(|(_, t)| t.iter().find(|(k, _)| k == name).map(|(_, v)| *v))
    };
    println!(
        "parity: {} rows; numpy {}; ratio = numpy time / ours (> 1: we are faster)",
        b.rows.len(),
        np.as_ref().map_or("not available", |(v, _)| v.as_str())
    );
    println!(
        "{:<48} {:>10} {:>10} {:>8} {:>7}",
        "case", "ours", "numpy", "ratio", "GB/s"
    );
    let mut csv = String::from("case,ours_s,numpy_s,ratio,gbs\n");
    let (mut ahead, mut compared, mut logs) = (0, 0, 0.0);
    for r in &b.rows {
        let np_s = theirs(&r.name);
        let ratio = np_s.map(|t| t / r.secs);
        let gbs = r.bytes.map(|by| by / r.secs / 1e9);
        if let Some(q) = ratio {
            compared += 1;
            logs += q.ln();
            if q >= 1.0 {
                ahead += 1;
            }
        }
        println!(
            "{:<48} {:>10} {:>10} {:>8} {:>7}",
            r.name,
            fmt_secs(r.secs),
            np_s.map_or("-".into(), fmt_secs),
            ratio.map_or("-".into(), |q| format!("{q:.2}x")),
            gbs.map_or("-".into(), |g| format!("{g:.1}")),
        );
        let opt = |v: Option<f64>| v.map_or(String::new(), |v| format!("{v:e}"));
        let _ = writeln!(
            csv,
            "{},{:e},{},{},{}",
            r.name,
            r.secs,
            opt(np_s),
            opt(ratio),
            opt(gbs)
        );
    }
    if compared > 0 {
        println!(
            "{ahead} of {compared} compared rows at >= 1.0; geometric mean ratio {:.2}",
            (logs / compared as f64).exp()
        );
    }
    let dir = format!("{}/../target/parity", env!("CARGO_MANIFEST_DIR"));
    let csv_path = format!("{dir}/parity.csv");
    let png_path = format!("{dir}/parity.png");
    if std::fs::create_dir_all(&dir).is_ok() && std::fs::write(&csv_path, csv).is_ok() {
        println!("wrote {csv_path}");
        let python = std::env::var("BENCH_PYTHON").unwrap_or_else(|_| "python3".into());
        let script = format!("{}/../scripts/bench_parity.py", env!("CARGO_MANIFEST_DIR"));
        let plotted = std::process::Command::new(python)
            .args([script.as_str(), "--plot", &csv_path, &png_path])
            .status()
            .is_ok_and(|s| s.success());
        if plotted {
            println!("wrote {png_path}");
        }
    }
}
