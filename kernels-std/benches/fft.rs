//! The FFTs on the CPU backend beside numpy.fft and scipy.fft (`workers=2`) in the same run:
//! the cases of the FFT issue (`fft` c128 2^20, `rfft` f64 2^22, `fft2` c64 4096^2, `rfftn` f32
//! 256^3, 1024 transforms of 4096 points along the last axis and along the first, `dct` type 2
//! f64 2^20).
//!
//! `cargo bench -p kernels-std --bench fft` (`BENCH_REPS` sets the repetitions, default 5;
//! `BENCH_CASES=fft2,axis0` runs only the cases whose names contain one of the words;
//! `BENCH_PEERS=0` skips the Python side; `BENCH_PHASES=1` also times rfftn's three passes
//! one by one, each into a new array). Prints the medians and the process's CPU time per
//! call (all threads: on a loaded machine the wall time varies more than the CPU time); the
//! Python side is `scripts/bench_fft.py` (same shapes, dtypes and values).

use kernels_std::fft;
use kernels_std::prelude::*;

mod common;
use common::{lookup, median};

/// `benches/fft.rs`'s and `bench_fft.py`'s deterministic values in [-1, 1).
fn parts(n: usize) -> (Vec<f64>, Vec<f64>) {
    (0..n as u64)
        .map(|j| {
            (
                ((j * 7919 + 13) % 1000) as f64 / 500.0 - 1.0,
                ((j * 104729 + 7) % 997) as f64 / 498.5 - 1.0,
            )
        })
        .unzip()
}

fn complex128(shape: &[usize]) -> Array<c128> {
    let (re, im) = parts(shape.iter().product());
    let v = re.iter().zip(&im).map(|(&r, &i)| c128::new(r, i)).collect();
    Array::from_vec(&Device::cpu(), shape, v).expect("input")
}

fn complex64(shape: &[usize]) -> Array<c64> {
    let (re, im) = parts(shape.iter().product());
    let v = re
        .iter()
        .zip(&im)
        .map(|(&r, &i)| c64::new(r as f32, i as f32))
        .collect();
    Array::from_vec(&Device::cpu(), shape, v).expect("input")
}

fn real<T: DType>(shape: &[usize]) -> Array<T> {
    let (re, _) = parts(shape.iter().product());
    let v = re.into_iter().map(|r| r.cast::<T>()).collect();
    Array::from_vec(&Device::cpu(), shape, v).expect("input")
}

/// The CPU time of the process so far (every thread, user and system), in seconds: fields 14
/// and 15 of `/proc/self/stat`, in clock ticks of 1/100 s. `None` off Linux.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the command name (which is in parentheses and may hold spaces).
    let rest = stat.rsplit(')').next()?;
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = f.get(11)?.parse::<f64>().ok()? + f.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

fn main() {
    let reps: usize = std::env::var("BENCH_REPS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(5);
    let cases = std::env::var("BENCH_CASES").unwrap_or_default();
    let wanted = |name: &str| {
        cases.is_empty() || cases.split(',').any(|w| !w.is_empty() && name.contains(w))
    };
    let mut rows: Vec<(&str, f64, Option<f64>)> = Vec::new();
    let mut time = |name: &'static str, f: &mut dyn FnMut()| {
        if !wanted(name) {
            return;
        }
        let c0 = cpu_seconds();
        let t = median(f, reps).as_secs_f64();
        // `median` makes one untimed call first: reps + 1 calls.
        let cpu = c0
            .zip(cpu_seconds())
            .map(|(a, b)| (b - a) / (reps + 1) as f64);
        rows.push((name, t, cpu));
    };
    let x = complex128(&[1 << 20]);
    time("fft_c128_2^20", &mut || {
        drop(fft::fft(&x).run().expect("fft"))
    });
    drop(x);
    let x = real::<f64>(&[1 << 22]);
    time("rfft_f64_2^22", &mut || {
        drop(fft::rfft(&x).run().expect("rfft"))
    });
    drop(x);
    let x = complex64(&[4096, 4096]);
    time("fft2_c64_4096^2", &mut || {
        drop(fft::fft2(&x).run().expect("fft2"))
    });
    drop(x);
    let x = real::<f32>(&[256, 256, 256]);
    time("rfftn_f32_256^3", &mut || {
        drop(fft::rfftn(&x).run().expect("rfftn"))
    });
    if std::env::var("BENCH_PHASES").as_deref() == Ok("1") {
        let r = fft::rfft(&x).axis(-1).run().expect("rfft");
        time("rfftn_phase_rfft_axis2", &mut || {
            drop(fft::rfft(&x).axis(-1).run().expect("rfft"))
        });
        let c = fft::fft(&r).axis(1).run().expect("fft");
        time("rfftn_phase_fft_axis1", &mut || {
            drop(fft::fft(&r).axis(1).run().expect("fft"))
        });
        time("rfftn_phase_fft_axis0", &mut || {
            drop(fft::fft(&c).axis(0).run().expect("fft"))
        });
    }
    drop(x);
    let x = complex128(&[1024, 4096]);
    time("fft_c128_1024x4096_axis-1", &mut || {
        drop(fft::fft(&x).axis(-1).run().expect("fft"))
    });
    drop(x);
    let x = complex128(&[4096, 1024]);
    time("fft_c128_4096x1024_axis0", &mut || {
        drop(fft::fft(&x).axis(0).run().expect("fft"))
    });
    drop(x);
    let x = real::<f64>(&[1 << 20]);
    time("dct2_f64_2^20", &mut || {
        drop(fft::dct(&x).run().expect("dct"))
    });
    drop(x);

    let peers = if std::env::var("BENCH_PEERS").as_deref() == Ok("0") {
        None
    } else {
        common::numpy("bench_fft.py", &[reps.to_string(), cases.clone()])
    };
    println!(
        "numpy {} (scipy.fft with workers=2); ours: {} threads",
        peers.as_ref().map_or("not available", |(v, _)| v.as_str()),
        fft::get_workers()
    );
    println!(
        "{:<28} {:>10} {:>10} {:>10} {:>10} {:>9} {:>9}",
        "case", "ours", "ours cpu", "numpy", "scipy", "vs numpy", "vs scipy"
    );
    let ms = |t: Option<f64>| t.map_or("-".into(), |t| format!("{:.2}ms", t * 1e3));
    let ratio = |t: Option<f64>, ours: f64| t.map_or("-".into(), |t| format!("{:.2}x", t / ours));
    for (name, ours, cpu) in rows {
        let np = lookup(&peers, &format!("{name}/numpy"));
        let sp = lookup(&peers, &format!("{name}/scipy"));
        println!(
            "{:<28} {:>8.2}ms {:>10} {:>10} {:>10} {:>9} {:>9}",
            name,
            ours * 1e3,
            ms(cpu),
            ms(np),
            ms(sp),
            ratio(np, ours),
            ratio(sp, ours)
        );
    }
}
