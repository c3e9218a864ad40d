//! Unary ufuncs on the CPU backend beside NumPy in the same run: for 10^7 `f32` and `f64`
//! elements (`BENCH_SIZES` changes the size) the transcendental functions, `cbrt` and `sqrt`.
//!
//! `cargo bench -p kernels-std --bench ufuncs`. Prints a table of medians; NumPy's side is
//! `scripts/bench_numpy_ufuncs.py` (same inputs: `0.9 x` for `x` in [0, 1), `1 + x` for
//! `arccosh`).

use kernels_std::math::{self, Elementary, ToFloat};
use kernels_std::prelude::*;

mod common;
use common::{lookup, median};

/// The functions timed, by NumPy's name (`arccosh` takes `1 + x`, the others `0.9 x`).
const NAMES: [&str; 19] = [
    "sin", "cos", "tan", "arcsin", "arccos", "arctan", "sinh", "cosh", "tanh", "arcsinh",
    "arccosh", "arctanh", "exp", "expm1", "log", "log1p", "log10", "cbrt", "sqrt",
];

/// NumPy's `name` of `x`.
fn ufunc<T: Float + Elementary<Out = T> + ToFloat<Float = T>>(
    name: &str,
    x: &Array<T>,
) -> Array<T> {
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
        "expm1" => math::expm1(x),
        "log" => math::log(x),
        "log1p" => math::log1p(x),
        "log10" => math::log10(x),
        "cbrt" => math::cbrt(x),
        "sqrt" => math::sqrt(x),
        _ => unreachable!("not a timed ufunc: {name}"),
    }
    .expect(name)
}

fn bench<T: Float + Elementary<Out = T> + ToFloat<Float = T>>(
    n: usize,
    dtype: &str,
    rows: &mut Vec<(String, f64)>,
) {
    let x = common::input_f32(n, 1).to_vec().expect("input");
    let from = |v: Vec<f32>| {
        Array::from_vec(&Device::cpu(), &[n], v)
            .and_then(|a| a.astype::<T>())
            .expect("input")
    };
    let scaled = from(x.iter().map(|v| 0.9 * v).collect());
    let shifted = from(x.iter().map(|v| 1.0 + v).collect());
    for name in NAMES {
        let input = if name == "arccosh" { &shifted } else { &scaled };
        let t = median(|| drop(ufunc(name, input)), 7);
        rows.push((format!("{name}/{dtype}/{n}"), t.as_secs_f64()));
    }
}

fn main() {
    let sizes = common::sizes(&[10_000_000]);
    let mut rows = Vec::new();
    for &n in &sizes {
        bench::<f32>(n, "f32", &mut rows);
        bench::<f64>(n, "f64", &mut rows);
    }
    let args: Vec<String> = sizes.iter().map(|n| n.to_string()).collect();
    let np = common::numpy("bench_numpy_ufuncs.py", &args);
    println!(
        "numpy {}",
        np.as_ref().map_or("not available", |(v, _)| v.as_str())
    );
    println!(
        "{:<24} {:>10} {:>10} {:>9}",
        "op", "ours", "numpy", "vs numpy"
    );
    for (key, secs) in rows {
        let theirs = lookup(&np, &key);
        println!(
            "{:<24} {:>8.2}ms {:>10} {:>9}",
            key,
            secs * 1e3,
            theirs.map_or("-".into(), |t| format!("{:.2}ms", t * 1e3)),
            theirs.map_or("-".into(), |t| format!("{:.2}x", t / secs)),
        );
    }
}
