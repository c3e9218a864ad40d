//! GPU benchmarks of elementwise kernels, for `scripts/gpu-check`: effective bandwidth of large
//! kernels against the device's measured copy bandwidth, and the host cost of a small call.
//! Prints one table. Exits with an error when no GPU is found.

use std::time::{Duration, Instant};

use examples::{copy_f32, fused3, saxpy};
use kernels_std::prelude::*;

fn median(mut f: impl FnMut() -> Result<()>, reps: usize) -> Result<Duration> {
    f()?;
    let mut t = Vec::with_capacity(reps);
    for _ in 0..reps {
        let s = Instant::now();
        f()?;
        t.push(s.elapsed());
    }
    t.sort();
    Ok(t[t.len() / 2])
}

fn main() -> Result<()> {
    let dev = Device::cuda(0)?;
    println!("device: {dev}");
    println!(
        "{:<24} {:>10} {:>10} {:>11}",
        "op", "median", "GB/s", "% of copy"
    );
    for log2 in [20u32, 24, 26, 28] {
        let n = 1usize << log2;
        let x = Array::full(&dev, &[n], 1.5f32)?;
        let y = Array::full(&dev, &[n], 2.5f32)?;
        let z = Array::full(&dev, &[n], 0.5f32)?;
        let mut out = Array::<f32>::zeros(&dev, &[n])?;
        let reps = 20;
        let copy = median(
            || {
                copy_f32::into(&x, &mut out)?;
                dev.synchronize()
            },
            reps,
        )?;
        let copy_gbs = 8.0 * n as f64 / copy.as_secs_f64() / 1e9;
        let rows = [
            ("copy (kernel)", 8.0, copy),
            (
                "saxpy_into",
                12.0,
                median(
                    || {
                        saxpy::into(2.0, &x, &y, &mut out)?;
                        dev.synchronize()
                    },
                    reps,
                )?,
            ),
            (
                "fused3_into",
                16.0,
                median(
                    || {
                        fused3::into(&x, &y, &z, &mut out)?;
                        dev.synchronize()
                    },
                    reps,
                )?,
            ),
            (
                "fused3 (allocating)",
                16.0,
                median(
                    || {
                        let r = fused3(&x, &y, &z)?;
                        dev.synchronize()?;
                        drop(r);
                        Ok(())
                    },
                    reps,
                )?,
            ),
        ];
        for (name, bytes, t) in rows {
            let gbs = bytes * n as f64 / t.as_secs_f64() / 1e9;
            println!(
                "{:<24} {:>8.1}us {:>10.1} {:>10.0}%",
                format!("{name} 2^{log2}"),
                t.as_secs_f64() * 1e6,
                gbs,
                100.0 * gbs / copy_gbs
            );
        }
    }
    // Host cost of a small call: launches queued back to back, one synchronize at the end.
    let small = Array::full(&dev, &[10], 1.0f32)?;
    let mut out = Array::<f32>::zeros(&dev, &[10])?;
    let calls = 10_000;
    saxpy::into(2.0, &small, &small, &mut out)?;
    dev.synchronize()?;
    let s = Instant::now();
    for _ in 0..calls {
        saxpy::into(2.0, &small, &small, &mut out)?;
    }
    let host = s.elapsed();
    dev.synchronize()?;
    println!(
        "{:<24} {:>8.2}us per call (host side, into an existing array)",
        "saxpy 10 elements",
        host.as_secs_f64() * 1e6 / calls as f64
    );
    let s = Instant::now();
    for _ in 0..calls {
        drop(saxpy(2.0, &small, &small)?);
    }
    let host = s.elapsed();
    dev.synchronize()?;
    println!(
        "{:<24} {:>8.2}us per call (host side, allocating the result)",
        "saxpy 10 elements",
        host.as_secs_f64() * 1e6 / calls as f64
    );
    Ok(())
}
