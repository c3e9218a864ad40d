//! The host cost of evaluating a small expression on the CPU backend: `(&x * 2.0 + &x).eval()`
//! on 10 `f64` (issue 12's "a 10-element expression evaluates in < 1 us").
//!
//! `cargo bench -p array-runtime --bench expr_small` prints the median time of one evaluation.
//! `-- <iters>` runs that many evaluations and nothing else, for valgrind: the difference of
//! the instruction counts (`--tool=callgrind`) or heap allocations (memcheck's "total heap
//! usage") of two runs, divided by the difference of their `iters`, is the cost of one
//! evaluation, independent of the machine's load (`scripts/expr-small-cost` does this).

use std::time::{Duration, Instant};

use array_runtime::{Array, Device};

fn eval(x: &Array<f64>) -> Array<f64> {
    (x * 2.0 + x).eval().expect("evaluates")
}

fn main() {
    let x =
        Array::from_vec(&Device::cpu(), &[10], (0..10).map(f64::from).collect()).expect("an array");
    let want: Vec<f64> = (0..10).map(|i| f64::from(i) * 3.0).collect();
    assert_eq!(eval(&x).to_vec().expect("elements"), want);
    if let Some(iters) = std::env::args().find_map(|a| a.parse::<usize>().ok()) {
        for _ in 0..iters {
            std::hint::black_box(eval(std::hint::black_box(&x)));
        }
        return;
    }
    // Medians of batches of 1000 evaluations.
    let mut batches: Vec<Duration> = (0..101)
        .map(|_| {
            let t = Instant::now();
            for _ in 0..1000 {
                std::hint::black_box(eval(std::hint::black_box(&x)));
            }
            t.elapsed() / 1000
        })
        .collect();
    batches.sort();
    println!(
        "(&x * 2.0 + &x).eval(), 10 f64: median {:.3} us",
        batches[50].as_secs_f64() * 1e6
    );
}
