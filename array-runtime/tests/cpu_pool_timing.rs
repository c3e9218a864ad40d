//! Timing of allocating elementwise calls on the CPU (the host memory pool's reason to be),
//! with hand-written chunk functions. Run with
//! `cargo test --release -p array-runtime --test cpu_pool_timing -- --ignored --nocapture`.

use std::time::Instant;

use array_runtime::kernel::elementwise::{Chunk, ElementwiseDef, Instance, Plan};
use array_runtime::{cpu, Array, ArrayViewMut, DTypeId, Device, IntoOperand, Result};

const F3: [DTypeId; 3] = [DTypeId::F32, DTypeId::F32, DTypeId::F32];
const F1: [DTypeId; 1] = [DTypeId::F32];
const SAXPY: ElementwiseDef = ElementwiseDef {
    name: "saxpy",
    device_source: "",
    param_names: &["a", "x", "y"],
    type_params: &[],
};
const INST: Instance<'static> = Instance {
    def: &SAXPY,
    type_args: &[],
    params: &F3,
    results: &F1,
};

fn saxpy_chunk(c: &mut Chunk<'_>) {
    let a = c.input::<f32>(0);
    let x = c.input::<f32>(1);
    let y = c.input::<f32>(2);
    let o = c.output::<f32>(0);
    for (((o, &a), &x), &y) in o.iter_mut().zip(a).zip(x).zip(y) {
        *o = a * x + y;
    }
}

/// What a generated allocating call does.
fn saxpy(a: f32, x: &Array<f32>, y: &Array<f32>) -> Result<Array<f32>> {
    let (a, x, y) = (
        IntoOperand::<f32>::into_operand(a),
        x.into_operand(),
        y.into_operand(),
    );
    let ops = [a.erase(), x.erase(), y.erase()];
    let plan = Plan::new(&INST, &ops)?;
    let mut out = plan.alloc::<f32>()?;
    plan.run(&mut [out.view_mut()?.erase()], &saxpy_chunk)?;
    Ok(out)
}

/// What a generated `_into` call does.
fn saxpy_into(a: f32, x: &Array<f32>, y: &Array<f32>, out: ArrayViewMut<'_, f32>) -> Result<()> {
    let (a, x, y) = (
        IntoOperand::<f32>::into_operand(a),
        x.into_operand(),
        y.into_operand(),
    );
    let ops = [a.erase(), x.erase(), y.erase()];
    let layout = out.layout().clone();
    let plan = Plan::for_outputs(&INST, &ops, &[&layout], &[out.device()])?;
    plan.run(&mut [out.erase()], &saxpy_chunk)
}

fn show(label: &str, secs: f64, min: f64) {
    if secs < 1e-3 {
        println!("{label}: {:.1} ns (min {:.1})", secs * 1e9, min * 1e9);
    } else {
        println!("{label}: {:.2} ms (min {:.2})", secs * 1e3, min * 1e3);
    }
}

/// Median over `rounds` of the mean time of `reps` calls, in seconds.
fn time<R>(label: &str, rounds: usize, reps: usize, mut f: impl FnMut() -> R) -> f64 {
    for _ in 0..reps.min(3) {
        std::hint::black_box(f());
    }
    let mut per: Vec<f64> = (0..rounds)
        .map(|_| {
            let t = Instant::now();
            for _ in 0..reps {
                std::hint::black_box(f());
            }
            t.elapsed().as_secs_f64() / reps as f64
        })
        .collect();
    per.sort_by(f64::total_cmp);
    let med = per[per.len() / 2];
    show(label, med, per[0]);
    med
}

#[test]
#[ignore = "timing; run with --release -- --ignored --nocapture"]
fn allocating_calls() {
    let dev = Device::cpu();
    let x = Array::from_vec(&dev, &[10], vec![1.0f32; 10]).unwrap();
    let y = Array::from_vec(&dev, &[10], vec![2.0f32; 10]).unwrap();
    time("saxpy n=10, allocating", 9, 200_000, || {
        saxpy(2.0, &x, &y).unwrap()
    });
    let mut out = Array::<f32>::zeros(&dev, &[10]).unwrap();
    time("saxpy n=10, into", 9, 200_000, || {
        saxpy_into(2.0, &x, &y, out.view_mut().unwrap()).unwrap()
    });
    time("Array::from_vec n=10", 9, 200_000, || {
        Array::from_vec(&dev, &[10], vec![1.0f32; 10]).unwrap()
    });

    for n in [1_000_000usize, 10_000_000, 100_000_000] {
        let reps = (200_000_000 / n).clamp(3, 100);
        let x = Array::from_vec(&dev, &[n], (0..n).map(|i| i as f32).collect()).unwrap();
        let y = Array::from_vec(&dev, &[n], vec![1.0f32; n]).unwrap();
        let mut out = Array::<f32>::zeros(&dev, &[n]).unwrap();
        time(&format!("saxpy n={n:.0e}, into"), 5, reps, || {
            saxpy_into(2.0, &x, &y, out.view_mut().unwrap()).unwrap()
        });
        drop(out);
        time(&format!("saxpy n={n:.0e}, allocating"), 5, reps, || {
            saxpy(2.0, &x, &y).unwrap()
        });
        time(&format!("zeros n={n:.0e}"), 5, reps, || {
            Array::<f32>::zeros(&dev, &[n]).unwrap()
        });
        let mut t = Vec::new();
        for _ in 0..5 {
            let v = vec![1.0f32; n];
            let start = Instant::now();
            let a = Array::from_vec(&dev, &[n], v).unwrap();
            t.push(start.elapsed().as_secs_f64());
            drop(std::hint::black_box(a));
        }
        t.sort_by(f64::total_cmp);
        show(&format!("from_vec n={n:.0e}"), t[2], t[0]);
        cpu::memory_pool().free_all_blocks();
    }
    // The first allocating call after the cache was emptied pays the page faults again.
    let n = 10_000_000;
    let x = Array::from_vec(&dev, &[n], vec![1.0f32; n]).unwrap();
    let mut t = Vec::new();
    for _ in 0..5 {
        cpu::memory_pool().free_all_blocks();
        let start = Instant::now();
        let a = saxpy(2.0, &x, &x).unwrap();
        t.push(start.elapsed().as_secs_f64());
        drop(std::hint::black_box(a));
    }
    t.sort_by(f64::total_cmp);
    show("saxpy n=1e7, allocating, empty cache", t[2], t[0]);
    println!("{:?}", cpu::memory_pool());
}

#[test]
#[ignore = "timing; run with --release -- --ignored --nocapture"]
fn small_call_parts() {
    let dev = Device::cpu();
    let x = Array::from_vec(&dev, &[10], vec![1.0f32; 10]).unwrap();
    let y = Array::from_vec(&dev, &[10], vec![2.0f32; 10]).unwrap();
    let (a, xo, yo) = (
        IntoOperand::<f32>::into_operand(2.0),
        (&x).into_operand(),
        (&y).into_operand(),
    );
    let ops = [a.erase(), xo.erase(), yo.erase()];
    time("Plan::new", 9, 1_000_000, || {
        Plan::new(&INST, &ops).unwrap()
    });
    let plan = Plan::new(&INST, &ops).unwrap();
    time("plan.alloc", 9, 1_000_000, || plan.alloc::<f32>().unwrap());
    let mut out = plan.alloc::<f32>().unwrap();
    time("view_mut().erase()", 9, 1_000_000, || {
        let e = out.view_mut().unwrap().erase();
        std::hint::black_box(&e);
    });
    time("plan.run", 9, 1_000_000, || {
        plan.run(&mut [out.view_mut().unwrap().erase()], &saxpy_chunk)
            .unwrap()
    });
    time("saxpy n=10, allocating", 9, 1_000_000, || {
        saxpy(2.0, &x, &y).unwrap()
    });
}

#[test]
/// A loop to profile: `perf record <test binary> small_call_loop --ignored --exact`.
#[ignore = "profiling loop; run under perf"]
fn small_call_loop() {
    let dev = Device::cpu();
    let x = Array::from_vec(&dev, &[10], vec![1.0f32; 10]).unwrap();
    let y = Array::from_vec(&dev, &[10], vec![2.0f32; 10]).unwrap();
    for _ in 0..20_000_000 {
        std::hint::black_box(saxpy(2.0, &x, &y).unwrap());
    }
}

#[test]
#[ignore = "timing; run with --release -- --ignored --nocapture"]
fn zeros_and_full_large() {
    let dev = Device::cpu();
    let n = 100_000_000;
    for _ in 0..4 {
        let s0 = cpu::memory_pool().stats();
        let t = Instant::now();
        let a = Array::<f32>::zeros(&dev, &[n]).unwrap();
        let e = t.elapsed();
        let s1 = cpu::memory_pool().stats();
        println!(
            "zeros 1e8: {e:?}, hits {} misses {}",
            s1.hits - s0.hits,
            s1.misses - s0.misses
        );
        let t = Instant::now();
        let b = Array::<f32>::full(&dev, &[n], 7.0).unwrap();
        println!("full 1e8: {:?}", t.elapsed());
        drop((a, b));
    }
}
