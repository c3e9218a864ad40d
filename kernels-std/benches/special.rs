//! `special` on the CPU backend beside SciPy in the same run: for 10^7 `f32` and `f64`
//! elements (`BENCH_SIZES` changes the size) `erf`, `gammaln`, `digamma`, `expit`, `ndtri`,
//! `j0`, `i0e`, `betainc(2.5, 4, x)` and `logsumexp` along the last axis of a (n/1000, 1000) array.
//!
//! `cargo bench -p kernels-std --bench special`. `BENCH_CASES` (comma-separated names, e.g.
//! `gammaln,j0`) times only those. Prints a table of medians; SciPy's side is
//! `scripts/bench_scipy_special.py` (same inputs, from the `x` in [0, 1) of `benches/common`:
//! `6x - 3` for `erf`, `10x + 0.1` for `gammaln`/`digamma`, `20x - 10` for `expit`,
//! `0.98x + 0.01` for `ndtri` and `betainc`, `40x` for `j0`, `40x - 20` for `i0e`, `10x` for
//! `logsumexp`).

use kernels_std::prelude::*;
use kernels_std::special::{self, Promote};

mod common;
use common::{lookup, median};

/// The functions timed, with the affine map of the input: `(name, scale, offset)`.
const CASES: [(&str, f32, f32); 9] = [
    ("erf", 6.0, -3.0),
    ("gammaln", 10.0, 0.1),
    ("digamma", 10.0, 0.1),
    ("expit", 20.0, -10.0),
    ("ndtri", 0.98, 0.01),
    ("j0", 40.0, 0.0),
    ("i0e", 40.0, -20.0),
    ("betainc", 0.98, 0.01),
    ("logsumexp", 10.0, 0.0),
];

fn run<T: Float + Promote<Out = T> + special::PromoteF32<Out = T>>(
    name: &str,
    x: &Array<T>,
) -> Array<T> {
    match name {
        "erf" => special::erf(x),
        "gammaln" => special::gammaln(x),
        "digamma" => special::digamma(x),
        "expit" => special::expit(x),
        "ndtri" => special::ndtri(x),
        "j0" => special::j0(x),
        "i0e" => special::i0e(x),
        "betainc" => {
            let a = Array::full(&Device::cpu(), &[1], 2.5f64.cast::<T>()).expect("a");
            let b = Array::full(&Device::cpu(), &[1], 4.0f64.cast::<T>()).expect("b");
            special::betainc(&a, &b, x)
        }
        "logsumexp" => special::logsumexp(x).axis(-1).run(),
        _ => unreachable!("not a timed function: {name}"),
    }
    .expect(name)
}

fn bench<T: Float + Promote<Out = T> + special::PromoteF32<Out = T>>(
    n: usize,
    dtype: &str,
    rows: &mut Vec<(String, f64)>,
) {
    let x = common::input_f32(n, 1).to_vec().expect("input");
    for (name, scale, offset) in selected() {
        let v: Vec<f32> = x.iter().map(|v| scale * v + offset).collect();
        let shape = if name == "logsumexp" {
            vec![n / 1000, 1000]
        } else {
            vec![n]
        };
        let a = Array::from_vec(&Device::cpu(), &shape, v)
            .and_then(|a| a.astype::<T>())
            .expect("input");
        let t = median(|| drop(run(name, &a)), 7);
        rows.push((format!("{name}/{dtype}/{n}"), t.as_secs_f64()));
    }
}

/// The cases named in `BENCH_CASES` (comma-separated), or all of them.
fn selected() -> Vec<(&'static str, f32, f32)> {
    let only = std::env::var("BENCH_CASES").unwrap_or_default();
    let names: Vec<&str> = only
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect();
    CASES
        .into_iter()
        .filter(|(name, _, _)| names.is_empty() || names.contains(name))
        .collect()
}

fn main() {
    let sizes = common::sizes(&[10_000_000]);
    let mut rows = Vec::new();
    for &n in &sizes {
        bench::<f32>(n, "f32", &mut rows);
        bench::<f64>(n, "f64", &mut rows);
    }
    let args: Vec<String> = sizes.iter().map(|n| n.to_string()).collect();
    let sp = common::numpy("bench_scipy_special.py", &args);
    println!(
        "scipy {}",
        sp.as_ref().map_or("not available", |(v, _)| v.as_str())
    );
    println!(
        "{:<24} {:>10} {:>10} {:>9}",
        "op", "ours", "scipy", "vs scipy"
    );
    for (key, secs) in rows {
        let theirs = lookup(&sp, &key);
        println!(
            "{:<24} {:>8.2}ms {:>10} {:>9}",
            key,
            secs * 1e3,
            theirs.map_or("-".into(), |t| format!("{:.2}ms", t * 1e3)),
            theirs.map_or("-".into(), |t| format!("{:.2}x", t / secs)),
        );
    }
}
