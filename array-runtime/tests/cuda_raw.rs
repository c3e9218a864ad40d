//! Raw kernels on a GPU against their CPU twins on the emulator (the kernels of
//! `raw_kernels/`: shared memory and barriers, dynamic shared memory beyond 48 KiB, global and
//! shared atomics, warp shuffles and votes, generic instances), faults reported at
//! `kernel::raw::synchronize`, hand-written `RawModule`s, and the device's launch limits.
//!
//! Without a usable CUDA device (or NVRTC) every test prints why it skipped and passes, unless
//! `KERNELS_REQUIRE_GPU=1`, where it fails.

mod raw_kernels;

use array_runtime::kernel::raw::{self, Arg, DeviceLimits, LaunchConfig, RawArgs};
use array_runtime::{f16, Array, DType, Device, Error, RawModule};
use raw_kernels::*;

fn require_gpu() -> bool {
    std::env::var("KERNELS_REQUIRE_GPU").is_ok_and(|v| v == "1")
}

/// Held by every test: faults are reported device-wide at the next check, so tests that check
/// must not run at once (as with CUDA's sticky errors).
static GPU_LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// The GPU and the test lock, or `None` after printing why (a failure when
/// `KERNELS_REQUIRE_GPU=1`).
fn gpu() -> Option<(Device, std::sync::MutexGuard<'static, ()>)> {
    let skip = |why: String| {
        if require_gpu() {
            panic!("KERNELS_REQUIRE_GPU=1 but {why}");
        }
        println!("skipped: {why}");
        None
    };
    let dev = match array_runtime::device::cuda_test_device() {
        Ok(d) => d,
        Err(e) => return skip(format!("no CUDA device: {e}")),
    };
    let host = matches!(&dev, Device::Cuda(c) if c.is_host());
    if let (false, Err(e)) = (host, array_runtime::cuda::nvrtc::nvrtc()) {
        return skip(format!("a CUDA device but no NVRTC: {e}"));
    }
    let guard = GPU_LOCK.lock().unwrap_or_else(|p| p.into_inner());
    Some((dev, guard))
}

#[test]
fn transposes_match_the_cpu() {
    let Some((dev, _lock)) = gpu() else { return };
    for (w, h) in [(1, 1), (33, 31), (257, 130), (1024, 1024)] {
        let want = transpose_reference(&data_f32(w * h, 3), w, h);
        assert_eq!(
            transpose_on(&dev, &TRANSPOSE, transpose, w, h, 3),
            want,
            "{w}x{h}"
        );
        assert_eq!(
            transpose_on(&dev, &TRANSPOSE_NAIVE, transpose_naive, w, h, 3),
            want,
            "naive {w}x{h}"
        );
        if w * h < 100_000 {
            assert_eq!(
                transpose_on(&Device::cpu(), &TRANSPOSE, transpose, w, h, 3),
                want
            );
        }
    }
}

fn block_sums(dev: &Device, data: &[f32], block: u32, extra_shared: u32) -> Vec<f32> {
    let x = Array::from_vec(dev, &[data.len()], data.to_vec()).unwrap();
    let blocks = data.len().div_ceil(block as usize);
    let mut sums = Array::<f32>::zeros(dev, &[blocks]).unwrap();
    let cfg = LaunchConfig::new(blocks as u32, block).with_shared_mem(block * 4 + extra_shared);
    raw::launch(
        &BLOCK_SUM,
        &[],
        &cfg,
        &mut [Arg::slice(&x), Arg::slice_mut(&mut sums)],
        &block_sum,
    )
    .unwrap();
    raw::synchronize(dev).unwrap();
    sums.to_vec().unwrap()
}

#[test]
fn block_sums_with_dynamic_shared_memory_beyond_48_kib() {
    let Some((dev, _lock)) = gpu() else { return };
    let data = data_f32(100_000, 9);
    for block in [32u32, 256, 1024] {
        // Same tree, same order of additions: bit-identical on both backends.
        let cpu = block_sums(&Device::cpu(), &data, block, 0);
        assert_eq!(block_sums(&dev, &data, block, 0), cpu, "block {block}");
        // 100 KiB of dynamic shared memory: needs the opt-in attribute.
        assert_eq!(
            block_sums(&dev, &data, block, 100 * 1024),
            cpu,
            "block {block}, 100 KiB"
        );
    }
}

#[test]
fn histograms_with_atomics_match_the_cpu() {
    let Some((dev, _lock)) = gpu() else { return };
    let n = 1 << 20;
    let data = data_u32(n, 4, 1 << 16);
    let mut want = vec![0u32; 200];
    for &v in &data {
        want[v as usize % 200] += 1;
    }
    for (def, twin) in [
        (&HISTOGRAM, histogram as fn(&RawArgs<'_>)),
        (&HISTOGRAM_SHARED, histogram_shared),
    ] {
        for d in [dev.clone(), Device::cpu()] {
            let x = Array::from_vec(&d, &[n], data.clone()).unwrap();
            let mut bins = Array::<u32>::zeros(&d, &[200]).unwrap();
            raw::launch(
                def,
                &[],
                &LaunchConfig::new(264, 256),
                &mut [Arg::slice(&x), Arg::slice_mut(&mut bins)],
                &twin,
            )
            .unwrap();
            raw::synchronize(&d).unwrap();
            assert_eq!(bins.to_vec().unwrap(), want, "{} on {d}", def.name);
        }
    }
}

#[test]
fn warp_collectives_match_the_cpu() {
    let Some((dev, _lock)) = gpu() else { return };
    let n = 10_000;
    let data: Vec<i32> = (0..n as i32).map(|i| (i * 37) % 101 - 50).collect();
    let vals = data_f32(4096, 5);
    let mut results = Vec::new();
    for d in [dev.clone(), Device::cpu()] {
        let x = Array::from_vec(&d, &[n], data.clone()).unwrap();
        // One sum per warp of the grid: its last block's warps past `n` sum zeros (the host
        // target found `n.div_ceil(32)` sums written out of bounds by them).
        let warps = n.div_ceil(256) * 8;
        let mut sums = Array::<i32>::zeros(&d, &[warps]).unwrap();
        let mut odd = Array::<u32>::zeros(&d, &[warps]).unwrap();
        raw::launch(
            &WARP_REDUCE,
            &[],
            &LaunchConfig::new(n.div_ceil(256) as u32, 256),
            &mut [
                Arg::slice(&x),
                Arg::slice_mut(&mut sums),
                Arg::slice_mut(&mut odd),
            ],
            &warp_reduce,
        )
        .unwrap();
        let mut m = Array::from_vec(&d, &[4096], vals.clone()).unwrap();
        raw::launch(
            &WARP_MAX,
            &[],
            &LaunchConfig::new(16, 256),
            &mut [Arg::slice_mut(&mut m)],
            &warp_max,
        )
        .unwrap();
        raw::synchronize(&d).unwrap();
        results.push((
            sums.to_vec().unwrap(),
            odd.to_vec().unwrap(),
            m.to_vec().unwrap(),
        ));
    }
    assert_eq!(results[0], results[1]);
}

fn axpy_on<T: DType + std::ops::Mul<Output = T> + std::ops::Add<Output = T>>(
    dev: &Device,
    a: T,
    x: Vec<T>,
    y: Vec<T>,
) -> Vec<T> {
    let n = x.len();
    let x = Array::from_vec(dev, &[n], x).unwrap();
    let mut y = Array::from_vec(dev, &[n], y).unwrap();
    raw::launch(
        &AXPY,
        &[T::ID],
        &LaunchConfig::for_elements(n, 128),
        &mut [Arg::scalar(a), Arg::slice(&x), Arg::slice_mut(&mut y)],
        &axpy::<T>,
    )
    .unwrap();
    raw::synchronize(dev).unwrap();
    y.to_vec().unwrap()
}

#[test]
fn generic_instances_match_the_cpu() {
    let Some((dev, _lock)) = gpu() else { return };
    let x: Vec<f32> = data_f32(1000, 1);
    let y: Vec<f32> = data_f32(1000, 2);
    let cpu = axpy_on(&Device::cpu(), 0.5f32, x.clone(), y.clone());
    // `--fmad=false`: a * x + y is not fused, as in Rust.
    assert_eq!(axpy_on(&dev, 0.5f32, x.clone(), y.clone()), cpu);
    let xd: Vec<f64> = x.iter().map(|&v| v as f64).collect();
    let yd: Vec<f64> = y.iter().map(|&v| v as f64).collect();
    assert_eq!(
        axpy_on(&dev, 0.25f64, xd.clone(), yd.clone()),
        axpy_on(&Device::cpu(), 0.25f64, xd, yd)
    );
    let xh: Vec<f16> = x.iter().map(|&v| f16::from_f32(v / 100.0)).collect();
    let yh: Vec<f16> = y.iter().map(|&v| f16::from_f32(v / 100.0)).collect();
    let gpu_h = axpy_on(&dev, f16::from_f32(2.0), xh.clone(), yh.clone());
    let cpu_h = axpy_on(&Device::cpu(), f16::from_f32(2.0), xh, yh);
    for (g, c) in gpu_h.iter().zip(&cpu_h) {
        assert!(
            (g.to_f32() - c.to_f32()).abs() <= 2e-3 * c.to_f32().abs().max(1.0),
            "{g} vs {c}"
        );
    }
}

#[test]
fn faults_surface_at_synchronize() {
    let Some((dev, _lock)) = gpu() else { return };
    let x = Array::from_vec(&dev, &[10], vec![1.0f32; 10]).unwrap();
    let mut y = Array::<f32>::zeros(&dev, &[16]).unwrap();
    raw::launch(
        &COPY_UNCHECKED,
        &[],
        &LaunchConfig::new(3, 4),
        &mut [Arg::slice(&x), Arg::slice_mut(&mut y)],
        &copy_unchecked,
    )
    .unwrap();
    let e = raw::synchronize(&dev).unwrap_err();
    let Error::Index { message } = e else {
        panic!("expected an index error, got {e}")
    };
    assert!(message.contains("raw kernel `copy_unchecked`"), "{message}");
    assert!(
        message.contains("out of bounds for `x` of length 10 (read by thread"),
        "{message}"
    );
    assert!(message.contains("1 more faults followed"), "{message}");
    let y_now = y.to_vec().unwrap();
    assert_eq!(&y_now[..10], &[1.0; 10]);
    assert_eq!(&y_now[10..], &[0.0; 6]);
    // Reported once; the next check is clean.
    raw::synchronize(&dev).unwrap();
    // Faults of an earlier launch are found among many later ones (the ring of records is
    // checked when full).
    let mut short = Array::<f32>::zeros(&dev, &[5]).unwrap();
    raw::launch(
        &COPY_UNCHECKED,
        &[],
        &LaunchConfig::new(1, 6),
        &mut [Arg::slice(&x), Arg::slice_mut(&mut short)],
        &copy_unchecked,
    )
    .unwrap();
    let mut first_err = None;
    for _ in 0..1100 {
        if let Err(e) = raw::launch(
            &COPY_UNCHECKED,
            &[],
            &LaunchConfig::new(1, 5),
            &mut [Arg::slice(&x), Arg::slice_mut(&mut short)],
            &copy_unchecked,
        ) {
            first_err = Some(e);
            break;
        }
    }
    let m = first_err.expect("the full ring is checked").to_string();
    assert!(
        m.contains("index 5 is out of bounds for `y` of length 5 (write by thread (5, 0, 0)"),
        "{m}"
    );
    raw::synchronize(&dev).unwrap();
}

#[test]
fn device_limits_and_configs_over_them() {
    let Some((dev, _lock)) = gpu() else { return };
    let limits = DeviceLimits::of(&dev).unwrap();
    println!("{limits:?}");
    assert_eq!(limits.max_threads_per_block, 1024);
    assert_eq!(limits.warp_size, 32);
    assert!(limits.max_shared_per_block >= 48 * 1024);
    let x = Array::from_vec(&dev, &[4], vec![0.0f32; 4]).unwrap();
    let mut y = Array::<f32>::zeros(&dev, &[4]).unwrap();
    let too_much = limits.max_shared_per_block + 16;
    for (cfg, needle) in [
        (LaunchConfig::new(1, 2048), "2048 threads".to_string()),
        (
            LaunchConfig::new(1, 32).with_shared_mem(too_much),
            format!("limit of {} bytes", limits.max_shared_per_block),
        ),
    ] {
        let m = raw::launch(
            &BLOCK_SUM,
            &[],
            &cfg,
            &mut [Arg::slice(&x), Arg::slice_mut(&mut y)],
            &block_sum,
        )
        .unwrap_err()
        .to_string();
        assert!(m.contains(&needle) && m.contains("block_sum"), "{m}");
    }
    // Mixed devices.
    let host = Array::from_vec(&Device::cpu(), &[4], vec![0.0f32; 4]).unwrap();
    let e = raw::launch(
        &BLOCK_SUM,
        &[],
        &LaunchConfig::new(1, 4),
        &mut [Arg::slice(&host), Arg::slice_mut(&mut y)],
        &block_sum,
    )
    .unwrap_err();
    assert!(matches!(e, Error::DeviceMismatch { .. }), "{e}");
}

const MODULE: &str = r#"
extern "C" __global__ void scale(float* x, float a, unsigned int n) {
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] *= a;
}
extern "C" __global__ void reverse_blocks(const int* x, int* y) {
    extern __shared__ int buf[];
    unsigned int t = threadIdx.x, base = blockIdx.x * blockDim.x;
    buf[t] = x[base + t];
    __syncthreads();
    y[base + t] = buf[blockDim.x - 1 - t];
}
"#;

#[test]
fn raw_modules_compile_and_launch() {
    let Some((dev, _lock)) = gpu() else { return };
    let module = RawModule::new(&dev, MODULE, &["-DUNUSED=1"]).unwrap();
    assert!(module.options().iter().any(|o| o == "-DUNUSED=1"));
    let scale = module.function("scale").unwrap();
    assert_eq!(scale.name(), "scale");
    let mut x = Array::from_vec(&dev, &[1000], (0..1000).map(|v| v as f32).collect()).unwrap();
    scale
        .launch(
            &LaunchConfig::for_elements(1000, 256),
            &mut [
                Arg::slice_mut(&mut x),
                Arg::scalar(2.0f32),
                Arg::scalar(1000u32),
            ],
        )
        .unwrap();
    assert_eq!(
        x.to_vec().unwrap(),
        (0..1000).map(|v| 2.0 * v as f32).collect::<Vec<_>>()
    );

    let rev = module.function("reverse_blocks").unwrap();
    let a = Array::from_vec(&dev, &[8 * 64], (0..512).collect::<Vec<i32>>()).unwrap();
    let mut b = Array::<i32>::zeros(&dev, &[512]).unwrap();
    // 64 KiB of dynamic shared memory (opt-in), though 256 bytes are used.
    rev.launch(
        &LaunchConfig::new(8, 64).with_shared_mem(64 * 1024),
        &mut [Arg::slice(&a), Arg::slice_mut(&mut b)],
    )
    .unwrap();
    let want: Vec<i32> = (0..8)
        .flat_map(|blk| (0..64).rev().map(move |t| blk * 64 + t))
        .collect();
    assert_eq!(b.to_vec().unwrap(), want);

    let e = module.function("missing").unwrap_err().to_string();
    assert!(e.contains("missing"), "{e}");
    let e = RawModule::new(&dev, "extern \"C\" __global__ void k() { nope; }", &[]).unwrap_err();
    assert!(matches!(e, Error::Compile { .. }), "{e}");
    let host = Array::from_vec(&Device::cpu(), &[4], vec![0.0f32; 4]).unwrap();
    let e = scale
        .launch(
            &LaunchConfig::new(1, 4),
            &mut [Arg::slice(&host), Arg::scalar(1.0f32), Arg::scalar(4u32)],
        )
        .unwrap_err();
    assert!(matches!(e, Error::DeviceMismatch { .. }), "{e}");
    let e = scale.launch(
        &LaunchConfig::new(1, 4096),
        &mut [
            Arg::slice_mut(&mut x),
            Arg::scalar(1.0f32),
            Arg::scalar(4u32),
        ],
    );
    assert!(e.unwrap_err().to_string().contains("4096 threads"));
}
