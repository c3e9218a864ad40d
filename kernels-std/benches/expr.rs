//! Expressions written with operators against the same computation as one hand-written
//! `#[elementwise]` kernel, beside NumPy (and numexpr when installed) in the same run:
//! saxpy, `2*a + 3*b`, `a*b + c*d + sin(e)` and `sum(a*b)` (fused into the reduction; NumPy's
//! `(a*b).sum()` and `np.dot`) on 10^7 f32, the 5-point heat step on a 2048^2 f64 grid, and a
//! 10-element expression.
//!
//! `cargo bench -p kernels-std --bench expr` prints medians and ratios.

use std::time::Duration;

use kernels_std::prelude::*;
use kernels_std::s;

mod common;
use common::{lookup, median, median_pair};

#[elementwise]
fn saxpy(a: f32, x: f32, y: f32) -> f32 {
    a * x + y
}

#[elementwise]
fn heat_step(c: f64, up: f64, down: f64, left: f64, right: f64) -> f64 {
    c + 0.1 * (up + down + left + right - 4.0 * c)
}

/// A duration in the unit that shows it: milliseconds down to 1 ms, nanoseconds below (the
/// 10-element case is well under a microsecond).
fn shown(seconds: f64) -> String {
    if seconds >= 1e-3 {
        format!("{:>10.3} ms", seconds * 1e3)
    } else {
        format!("{:>10.0} ns", seconds * 1e9)
    }
}

fn row(name: &str, ours: Duration, peer: Option<f64>, peer_name: &str) {
    let o = ours.as_secs_f64();
    match peer {
        Some(p) => println!(
            "{name:<34} ours {}   {peer_name} {}   ratio {:.2}x",
            shown(o),
            shown(p),
            p / o
        ),
        None => println!("{name:<34} ours {}", shown(o)),
    }
}

fn main() {
    let np = common::numpy("bench_numpy_expr.py", &[]);
    let n = 10_000_000;
    let (a, b, c, d, e) = (
        common::input_f32(n, 1),
        common::input_f32(n, 2),
        common::input_f32(n, 3),
        common::input_f32(n, 4),
        common::input_f32(n, 5),
    );
    let (k, ops) = median_pair(
        || drop(saxpy(2.0, &a, &b).unwrap()),
        || drop((2.0 * &a + &b).eval().unwrap()),
        21,
    );
    row(
        "saxpy #[elementwise]",
        k,
        lookup(&np, "saxpy/numpy"),
        "numpy",
    );
    row("saxpy operators", ops, lookup(&np, "saxpy/numpy"), "numpy");
    println!(
        "  operators / kernel: {:.2} of the kernel's speed",
        k.as_secs_f64() / ops.as_secs_f64()
    );
    let t = median(|| drop((2.0 * &a + 3.0 * &b).eval().unwrap()), 11);
    row("2*a + 3*b", t, lookup(&np, "2a+3b/numpy"), "numpy");
    row("2*a + 3*b", t, lookup(&np, "2a+3b/numexpr"), "numexpr");
    let t = median(
        || {
            drop(
                (&a * &b + &c * &d + kernels_std::math::sin(&e).unwrap())
                    .eval()
                    .unwrap(),
            )
        },
        11,
    );
    row(
        "a*b + c*d + sin(e)",
        t,
        lookup(&np, "abcd_sin/numpy"),
        "numpy",
    );
    row(
        "a*b + c*d + sin(e)",
        t,
        lookup(&np, "abcd_sin/numexpr"),
        "numexpr",
    );

    // A reduction of an expression: the product is computed inside the sum's map (one pass,
    // no temporary); evaluating first for reference.
    let fused = median(
        || drop(kernels_std::reduce::sum(&a * &b).run().unwrap()),
        11,
    );
    let two_pass = median(
        || {
            drop(
                kernels_std::reduce::sum((&a * &b).eval().unwrap())
                    .run()
                    .unwrap(),
            )
        },
        11,
    );
    row(
        "sum(a*b) fused",
        fused,
        lookup(&np, "sum_ab/numpy"),
        "numpy",
    );
    row("sum(a*b) fused", fused, lookup(&np, "dot/numpy"), "np.dot");
    row(
        "sum(a*b) eval, then sum",
        two_pass,
        lookup(&np, "sum_ab/numpy"),
        "numpy",
    );

    let g = 2048;
    let u0: Vec<f64> = (0..g * g)
        .map(|i| ((i * 37) % 101) as f64 / 101.0)
        .collect();
    let u = Array::from_vec(&Device::cpu(), &[g, g], u0).unwrap();
    let parts = |u: &Array<f64>| {
        (
            u.slice(s![1..-1, 1..-1]).unwrap(),
            u.slice(s![..-2, 1..-1]).unwrap(),
            u.slice(s![2.., 1..-1]).unwrap(),
            u.slice(s![1..-1, ..-2]).unwrap(),
            u.slice(s![1..-1, 2..]).unwrap(),
        )
    };
    let (ops, hand) = median_pair(
        || {
            let mut v = u.copy().unwrap();
            let (m, up, dn, l, r) = parts(&u);
            v.assign_at(
                s![1..-1, 1..-1],
                &m + 0.1 * (&up + &dn + &l + &r - 4.0 * &m),
            )
            .unwrap();
        },
        || {
            let mut v = u.copy().unwrap();
            let (m, up, dn, l, r) = parts(&u);
            heat_step::into(&m, &up, &dn, &l, &r, v.slice_mut(s![1..-1, 1..-1]).unwrap()).unwrap();
        },
        21,
    );
    row(
        "heat step 2048^2 operators",
        ops,
        lookup(&np, "heat/numpy"),
        "numpy",
    );
    row(
        "heat step 2048^2 #[elementwise]",
        hand,
        lookup(&np, "heat/numpy"),
        "numpy",
    );
    println!(
        "  operators / kernel: {:.2} of the kernel's speed",
        hand.as_secs_f64() / ops.as_secs_f64()
    );

    let small =
        Array::from_vec(&Device::cpu(), &[10], (0..10).map(|i| i as f32).collect()).unwrap();
    let t = median(|| drop((&small * 2.0 + &small).eval().unwrap()), 10001);
    row(
        "10 elements: x * 2 + x",
        t,
        lookup(&np, "small10/numpy"),
        "numpy",
    );
    if let Some((v, _)) = &np {
        println!("NumPy {v}");
    }
}
