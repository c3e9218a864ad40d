//! The FFTs on the CPU backend beside numpy.fft and scipy.fft (`workers=2`) in the same run:
//! the cases of the FFT issue (`fft` c128 2^20, `rfft` f64 2^22, `fft2` c64 4096^2, `rfftn` f32
//! 256^3, 1024 transforms of 4096 points along the last axis and along the first, `dct` type 2
//! f64 2^20).
//!
//! `cargo bench -p kernels-std --bench fft` (`BENCH_REPS` sets the repetitions, default 5).
//! Prints the medians; the Python side is `scripts/bench_fft.py` (same shapes, dtypes and
//! values).

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

fn main() {
    let reps: usize = std::env::var("BENCH_REPS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(5);
    let mut rows: Vec<(&str, f64)> = Vec::new();
    let mut time = |name: &'static str, f: &mut dyn FnMut()| {
        rows.push((name, median(f, reps).as_secs_f64()));
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

    let peers = common::numpy("bench_fft.py", &[reps.to_string()]);
    println!(
        "numpy {} (scipy.fft with workers=2); ours: {} threads",
        peers.as_ref().map_or("not available", |(v, _)| v.as_str()),
        fft::get_workers()
    );
    println!(
        "{:<28} {:>10} {:>10} {:>10} {:>9} {:>9}",
        "case", "ours", "numpy", "scipy", "vs numpy", "vs scipy"
    );
    let ms = |t: Option<f64>| t.map_or("-".into(), |t| format!("{:.2}ms", t * 1e3));
    let ratio = |t: Option<f64>, ours: f64| t.map_or("-".into(), |t| format!("{:.2}x", t / ours));
    for (name, ours) in rows {
        let np = lookup(&peers, &format!("{name}/numpy"));
        let sp = lookup(&peers, &format!("{name}/scipy"));
        println!(
            "{:<28} {:>8.2}ms {:>10} {:>10} {:>9} {:>9}",
            name,
            ours * 1e3,
            ms(np),
            ms(sp),
            ratio(np, ours),
            ratio(sp, ours)
        );
    }
}
