//! Operators against one `#[elementwise]` kernel on large arrays (saxpy on 10^7 `f32`, the
//! 5-point heat step on strided views of a 2048^2 `f64` grid), run alternately in one process:
//! how the CPU executor's chunking of a fused expression is tuned (`Program::chunk_len`).
//!
//! `cargo bench -p array-runtime --bench expr_stream -- [mode] [iters]`: mode `all` (default)
//! prints the medians of `iters` runs of each; `saxpy-k`, `saxpy-o`, `heat-k`, `heat-o`,
//! `narrow-k`, `narrow-o` (the heat step on a 16384x256 grid: rows too short to be read in
//! place, so every operand is gathered), `daxpy-k`, `daxpy-o` (10^7 `f64`), `2a3b-o` and `abxy-o` (`a*b + b*a + a`, `f32`) run one
//! case `iters` times and nothing else, for `perf stat -e task-clock` (run with `iters` 0 too
//! and subtract: the setup is counted).

use std::time::{Duration, Instant};

use array_runtime::{s, Array, Device};
use kernel_macros::elementwise;

#[elementwise]
fn saxpy(a: f32, x: f32, y: f32) -> f32 {
    a * x + y
}

#[elementwise]
fn daxpy(a: f64, x: f64, y: f64) -> f64 {
    a * x + y
}

#[elementwise]
fn heat_step(c: f64, up: f64, down: f64, left: f64, right: f64) -> f64 {
    c + 0.1 * (up + down + left + right - 4.0 * c)
}

struct Data {
    a: Array<f32>,
    b: Array<f32>,
    u: Array<f64>,
    w: Array<f64>,
    x: Array<f64>,
    y: Array<f64>,
}

fn run(d: &Data, mode: &str) {
    match mode {
        "saxpy-k" => drop(saxpy(2.0, &d.a, &d.b).unwrap()),
        "saxpy-o" => drop((2.0 * &d.a + &d.b).eval().unwrap()),
        "daxpy-k" => drop(daxpy(2.0, &d.x, &d.y).unwrap()),
        "daxpy-o" => drop((2.0 * &d.x + &d.y).eval().unwrap()),
        "2a3b-o" => drop((2.0 * &d.a + 3.0 * &d.b).eval().unwrap()),
        "abxy-o" => drop((&d.a * &d.b + &d.b * &d.a + &d.a).eval().unwrap()),
        "heat-k" | "heat-o" | "narrow-k" | "narrow-o" => {
            let u = if mode.starts_with("narrow") {
                &d.w
            } else {
                &d.u
            };
            let mut v = u.copy().unwrap();
            let m = u.slice(s![1..-1, 1..-1]).unwrap();
            let up = u.slice(s![..-2, 1..-1]).unwrap();
            let dn = u.slice(s![2.., 1..-1]).unwrap();
            let l = u.slice(s![1..-1, ..-2]).unwrap();
            let r = u.slice(s![1..-1, 2..]).unwrap();
            if mode.ends_with("-k") {
                heat_step::into(&m, &up, &dn, &l, &r, v.slice_mut(s![1..-1, 1..-1]).unwrap())
                    .unwrap();
            } else {
                v.assign_at(
                    s![1..-1, 1..-1],
                    &m + 0.1 * (&up + &dn + &l + &r - 4.0 * &m),
                )
                .unwrap();
            }
        }
        _ => panic!("unknown mode {mode}"),
    }
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let mode = args.first().map_or("all", |s| s.as_str());
    let iters: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(21);
    let cpu = Device::cpu();
    let n = 10_000_000;
    let g = 2048;
    let d = Data {
        a: Array::from_vec(
            &cpu,
            &[n],
            (0..n).map(|i| (i % 1000) as f32 * 1e-3).collect(),
        )
        .unwrap(),
        b: Array::from_vec(
            &cpu,
            &[n],
            (0..n).map(|i| (i % 777) as f32 * 1e-3).collect(),
        )
        .unwrap(),
        u: Array::from_vec(
            &cpu,
            &[g, g],
            (0..g * g)
                .map(|i| ((i * 37) % 101) as f64 / 101.0)
                .collect(),
        )
        .unwrap(),
        w: Array::from_vec(
            &cpu,
            &[g * g / 256, 256],
            (0..g * g)
                .map(|i| ((i * 37) % 101) as f64 / 101.0)
                .collect(),
        )
        .unwrap(),
        x: Array::from_vec(
            &cpu,
            &[n],
            (0..n).map(|i| (i % 999) as f64 * 1e-3).collect(),
        )
        .unwrap(),
        y: Array::from_vec(
            &cpu,
            &[n],
            (0..n).map(|i| (i % 555) as f64 * 1e-3).collect(),
        )
        .unwrap(),
    };
    // The two spellings agree.
    let k = saxpy(2.0, &d.a, &d.b).unwrap().to_vec().unwrap();
    let o = (2.0 * &d.a + &d.b).eval().unwrap().to_vec().unwrap();
    assert_eq!(k, o);
    if mode != "all" {
        for _ in 0..iters {
            run(&d, mode);
        }
        return;
    }
    for pair in [
        ["saxpy-k", "saxpy-o"],
        ["heat-k", "heat-o"],
        ["narrow-k", "narrow-o"],
    ] {
        let mut t: [Vec<Duration>; 2] = [Vec::new(), Vec::new()];
        for _ in 0..iters {
            for (j, m) in pair.iter().enumerate() {
                let s = Instant::now();
                run(&d, m);
                t[j].push(s.elapsed());
            }
        }
        for v in &mut t {
            v.sort();
        }
        let (k, o) = (t[0][iters / 2], t[1][iters / 2]);
        println!(
            "{:<8} kernel {:>8.3} ms  operators {:>8.3} ms  operators/kernel speed {:.2}",
            pair[0].trim_end_matches("-k"),
            k.as_secs_f64() * 1e3,
            o.as_secs_f64() * 1e3,
            k.as_secs_f64() / o.as_secs_f64()
        );
    }
}
