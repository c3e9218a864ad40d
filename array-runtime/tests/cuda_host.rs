//! The CUDA host target (`cuda::host`): the CUDA backend's modules compiled by g++ and run on
//! the CPU. Its checker is shown to catch three bugs injected into the modules the runtime
//! generates (an off-by-one in a grid-stride loop, a missing `__syncthreads()` in a block
//! reduction, a wrong shuffle offset), and each of its findings on hand-written kernels:
//! device memory past a buffer, shared-memory races (and `__syncwarp()` ordering), a barrier
//! reached by part of a block, dynamic shared memory past the launch's size, undefined
//! behaviour, `__trap()`. The launch checks of the driver (dynamic shared memory over the
//! function's limit, launch bounds) and the device's description are checked too.
//!
//! Skipped, with the reason, when g++ is absent (a failure under `CI`).

use array_runtime::cuda::codegen::{elementwise_module, IndexWidth, OperandKind};
use array_runtime::cuda::codegen_reduce::{reduction_module, Entry, ReduceSpec};
use array_runtime::kernel::elementwise::{ElementwiseDef, Instance};
use array_runtime::kernel::raw::{Arg, LaunchConfig};
use array_runtime::kernel::reduction::{ReductionDef, ReductionInstance};
use array_runtime::s;
use array_runtime::{Array, DTypeId, Device, Error, RawModule};

/// The host target, or `None` after saying why (a failure under `CI`).
fn host() -> Option<Device> {
    match Device::cuda_host() {
        Ok(d) => Some(d),
        Err(e) if std::env::var_os("CI").is_some() => panic!("CI: no CUDA host target: {e}"),
        Err(e) => {
            println!("skipped: {e}");
            None
        }
    }
}

/// A host-target device of its own: findings of one test cannot reach another's launches.
fn own_host(ordinal: usize) -> Device {
    Device::parse(&format!("cuda-host:{ordinal}")).expect("a host-target device")
}

#[track_caller]
fn expect_err(r: array_runtime::Result<()>, words: &[&str]) -> Error {
    let e = r.expect_err("the checker should have failed the launch");
    let text = e.to_string();
    for w in words {
        assert!(text.contains(w), "`{w}` missing in: {text}");
    }
    e
}

static ADD: ElementwiseDef = ElementwiseDef {
    name: "add",
    device_source: "__device__ __forceinline__ float kxf_add(float x, float y) { return x + y; }\n",
    param_names: &["x", "y"],
    type_params: &[],
};

fn add_instance() -> Instance<'static> {
    Instance {
        def: &ADD,
        type_args: &[],
        params: &[DTypeId::F32, DTypeId::F32],
        results: &[DTypeId::F32],
    }
}

/// The contiguous entry of the runtime's module of `add`, with `edit` applied to its text,
/// run over 300 elements in one block of 256 (so that the grid-stride loop goes round).
fn run_add(dev: &Device, edit: &dyn Fn(&str) -> String) -> array_runtime::Result<Vec<f32>> {
    let kinds = [OperandKind::Array, OperandKind::Array];
    let source = edit(&elementwise_module(&add_instance(), &kinds, 0));
    let f = RawModule::new(dev, &source, &[])?.function("kx_add_contig_i32")?;
    let n = 300;
    let x = Array::from_vec(dev, &[n], (0..n).map(|i| i as f32).collect())?;
    let y = Array::from_vec(dev, &[n], vec![0.5f32; n])?;
    let mut out = Array::<f32>::zeros(dev, &[n])?;
    f.launch(
        &LaunchConfig::new(1, 256),
        &mut [
            Arg::slice(&x),
            Arg::slice(&y),
            Arg::slice_mut(&mut out),
            Arg::scalar(n as u64),
        ],
    )?;
    out.to_vec()
}

#[test]
fn injected_off_by_one_in_a_grid_stride_loop_is_caught() {
    let Some(dev) = host() else { return };
    let good = run_add(&dev, &|s| s.to_string()).unwrap();
    assert_eq!(good[299], 299.5);
    let dev = own_host(1);
    let bug = |s: &str| {
        assert!(s.contains("i < count; i += step"));
        s.replacen("i < count; i += step", "i <= count; i += step", 1)
    };
    let e = expect_err(
        run_add(&dev, &bug).map(|_| ()),
        &[
            "kx_add_contig_i32",
            "of the buffer of parameter",
            "holds 1200 bytes",
        ],
    );
    assert!(matches!(e, Error::Index { .. }), "{e:?}");
}

static SUM: ReductionDef = ReductionDef {
    name: "sum",
    device_source: "\
__device__ __forceinline__ float kxr_sum_map(float x) { return x; }
__device__ __forceinline__ float kxr_sum_combine(float a, float b) { return a + b; }
__device__ __forceinline__ float kxr_sum_identity() { return 0.0f; }
__device__ __forceinline__ float kxr_sum_finish(float a) { return a; }
",
    param_names: &["x"],
    type_params: &[],
    takes_index: false,
};

/// The block entry of the runtime's module of a float sum, with `edit` applied to its text:
/// one block of 256 threads sums 1000 elements (a full reduction, rank 1, 32-bit indices).
fn run_sum(dev: &Device, edit: &dyn Fn(&str) -> String) -> array_runtime::Result<f32> {
    let inst = ReductionInstance {
        def: &SUM,
        type_args: vec![],
        params: vec![DTypeId::F32],
        acc: vec![DTypeId::F32],
        out: DTypeId::F32,
    };
    let spec = ReduceSpec {
        kept_ndim: 1,
        reduced_ndim: 1,
        contiguous_rows: true,
        index: IndexWidth::I32,
    };
    let source = edit(&reduction_module(&inst, true, &[OperandKind::Array], &spec));
    let entry = array_runtime::cuda::codegen_reduce::entry_name(&inst, Entry::Block);
    let f = RawModule::new(dev, &source, &[])?.function(&entry)?;
    let n = 1000usize;
    let x = Array::from_vec(dev, &[n], (0..n).map(|i| (i % 7) as f32).collect())?;
    let mut out = Array::<f32>::zeros(dev, &[1])?;
    f.launch(
        &LaunchConfig::new(1, 256),
        &mut [
            Arg::slice(&x),
            Arg::scalar(0i32), // in0_ks: the kept stride
            Arg::scalar(1i32), // in0_rs: the reduced stride
            Arg::slice_mut(&mut out),
            Arg::scalar(0i32),     // out_ks
            Arg::scalar(1u32),     // kshape
            Arg::scalar(n as u32), // rshape
            Arg::scalar(0u64),     // partial: none
            Arg::scalar(1u32),     // nk
            Arg::scalar(n as u32), // nr
            Arg::scalar(n as u32), // chunk
        ],
    )?;
    out.item()
}

fn expected_sum() -> f32 {
    (0..1000).map(|i| (i % 7) as f32).sum()
}

#[test]
fn injected_missing_barrier_in_a_block_reduction_is_caught() {
    let Some(dev) = host() else { return };
    assert_eq!(run_sum(&dev, &|s| s.to_string()).unwrap(), expected_sum());
    let dev = own_host(2);
    let bug = |s: &str| {
        let barrier = "    if (lane == 0) sm[warp] = s;\n    __syncthreads();\n";
        assert!(s.contains(barrier));
        s.replacen(barrier, "    if (lane == 0) sm[warp] = s;\n", 1)
    };
    expect_err(
        run_sum(&dev, &bug).map(|_| ()),
        &[
            "kxr_sum_block",
            "shared-memory race",
            "static shared memory",
            "no __syncthreads()",
        ],
    );
}

#[test]
fn injected_wrong_shuffle_offset_is_caught() {
    let Some(dev) = host() else { return };
    // The warp reduction starts at offset 8 instead of 16: lanes 16..31 are never added in.
    let bug = |s: &str| {
        let loop_ = "for (unsigned int d = 16; d > 0; d >>= 1)";
        assert!(s.contains(loop_));
        s.replacen(loop_, "for (unsigned int d = 8; d > 0; d >>= 1)", 1)
    };
    let got = run_sum(&dev, &bug).unwrap();
    assert_ne!(got, expected_sum(), "the wrong offset went unnoticed");
    // What a conformance test sees: the host target against the CPU backend's sum.
    assert_eq!(run_sum(&dev, &|s| s.to_string()).unwrap(), expected_sum());
}

/// A hand-written module on `dev`: `f` of `src` over `grid` x `block` with `args`.
fn launch(
    dev: &Device,
    src: &str,
    f: &str,
    cfg: LaunchConfig,
    args: &mut [Arg<'_>],
) -> array_runtime::Result<()> {
    RawModule::new(dev, src, &[])?
        .function(f)?
        .launch(&cfg, args)
}

const RACES: &str = r#"
extern "C" __global__ void neighbours(float* out, int sync) {
    __shared__ float tile[64];
    tile[threadIdx.x] = (float)threadIdx.x;
    if (sync) __syncthreads();
    out[threadIdx.x] = tile[(threadIdx.x + 1) % 64];
}
extern "C" __global__ void in_warp(float* out, int sync) {
    __shared__ float tile[32];
    tile[threadIdx.x] = (float)threadIdx.x;
    if (sync) __syncwarp();
    out[threadIdx.x] = tile[31 - threadIdx.x];
}
"#;

#[test]
fn shared_memory_races_are_reported_and_barriers_order() {
    let Some(_) = host() else { return };
    let dev = own_host(3);
    let mut out = Array::<f32>::zeros(&dev, &[64]).unwrap();
    launch(
        &dev,
        RACES,
        "neighbours",
        LaunchConfig::new(1, 64),
        &mut [Arg::slice_mut(&mut out), Arg::scalar(1i32)],
    )
    .unwrap();
    assert_eq!(out.to_vec().unwrap()[63], 0.0);
    let e = expect_err(
        launch(
            &dev,
            RACES,
            "neighbours",
            LaunchConfig::new(1, 64),
            &mut [Arg::slice_mut(&mut out), Arg::scalar(0i32)],
        ),
        &[
            "`neighbours`",
            "shared-memory race",
            "no __syncthreads() between",
            "block (0, 0, 0)",
        ],
    );
    assert!(matches!(e, Error::Invalid { .. }), "{e:?}");
    // Within a warp, __syncwarp() orders the lanes' accesses.
    let mut w = Array::<f32>::zeros(&dev, &[32]).unwrap();
    launch(
        &dev,
        RACES,
        "in_warp",
        LaunchConfig::new(1, 32),
        &mut [Arg::slice_mut(&mut w), Arg::scalar(1i32)],
    )
    .unwrap();
    assert_eq!(w.to_vec().unwrap()[0], 31.0);
    expect_err(
        launch(
            &dev,
            RACES,
            "in_warp",
            LaunchConfig::new(1, 32),
            &mut [Arg::slice_mut(&mut w), Arg::scalar(0i32)],
        ),
        &["shared-memory race"],
    );
}

const MISC: &str = r#"
extern "C" __global__ void half_barrier(float* out) {
    if (threadIdx.x < 32) __syncthreads();
    out[threadIdx.x] = 1.0f;
}
extern "C" __global__ void dyn_past(float* out, unsigned int i) {
    extern __shared__ float buf[];
    if (threadIdx.x == 0) {
        buf[i] = 2.0f;
        out[0] = buf[i];
    }
}
extern "C" __global__ void overflow(int* out, int x) {
    out[threadIdx.x] = x + 2147483647;
}
extern "C" __global__ void traps(int* out) {
    if (threadIdx.x == 5) __trap();
    out[threadIdx.x] = 1;
}
extern "C" __global__ void __launch_bounds__(64) bounded(int* out) {
    out[threadIdx.x] = (int)blockDim.x;
}
extern "C" __global__ void stray(int* out, const unsigned long long* pointers) {
    out[0] = *(const int*)pointers[0];
}
"#;

#[test]
fn partial_barriers_dynamic_shared_memory_ub_and_traps_are_reported() {
    let Some(_) = host() else { return };
    let dev = own_host(4);
    let mut out = Array::<f32>::zeros(&dev, &[64]).unwrap();
    expect_err(
        launch(
            &dev,
            MISC,
            "half_barrier",
            LaunchConfig::new(1, 64),
            &mut [Arg::slice_mut(&mut out)],
        ),
        &["reached by 32 of its 64 threads"],
    );
    let dyn_cfg = LaunchConfig {
        shared_mem_bytes: 64 * 4,
        ..LaunchConfig::new(1, 64)
    };
    launch(
        &dev,
        MISC,
        "dyn_past",
        dyn_cfg,
        &mut [Arg::slice_mut(&mut out), Arg::scalar(63u32)],
    )
    .unwrap();
    assert_eq!(out.to_vec().unwrap()[0], 2.0);
    expect_err(
        launch(
            &dev,
            MISC,
            "dyn_past",
            dyn_cfg,
            &mut [Arg::slice_mut(&mut out), Arg::scalar(64u32)],
        ),
        &["dynamic shared memory, past the 256 bytes the launch gave"],
    );
    let mut ints = Array::<i32>::zeros(&dev, &[64]).unwrap();
    launch(
        &dev,
        MISC,
        "overflow",
        LaunchConfig::new(1, 4),
        &mut [Arg::slice_mut(&mut ints), Arg::scalar(-5i32)],
    )
    .unwrap();
    expect_err(
        launch(
            &dev,
            MISC,
            "overflow",
            LaunchConfig::new(1, 4),
            &mut [Arg::slice_mut(&mut ints), Arg::scalar(5i32)],
        ),
        &["undefined behaviour (signed integer overflow in +)", ".cu:"],
    );
    expect_err(
        launch(
            &dev,
            MISC,
            "traps",
            LaunchConfig::new(1, 8),
            &mut [Arg::slice_mut(&mut ints)],
        ),
        &["the kernel stopped in thread (5, 0, 0)", "__trap()"],
    );
    // A buffer the launch was not given (its address read from another buffer).
    let other = Array::<i32>::zeros(&dev, &[4]).unwrap();
    let addr = array_runtime::cuda::blas_support::cuda_pointer(&other)
        .unwrap()
        .0;
    let pointers = Array::from_vec(&dev, &[1], vec![addr]).unwrap();
    expect_err(
        launch(
            &dev,
            MISC,
            "stray",
            LaunchConfig::new(1, 1),
            &mut [Arg::slice_mut(&mut ints), Arg::slice(&pointers)],
        ),
        &["in none of the buffers the launch was given"],
    );
}

#[test]
fn the_driver_checks_hold() {
    let Some(dev) = host() else { return };
    let mut ints = Array::<i32>::zeros(&dev, &[128]).unwrap();
    // __launch_bounds__(64): a block of 128 is the driver's invalid value.
    let m = RawModule::new(&dev, MISC, &[]).unwrap();
    let f = m.function("bounded").unwrap();
    assert_eq!(f.max_threads_per_block(), 64);
    f.launch(&LaunchConfig::new(1, 64), &mut [Arg::slice_mut(&mut ints)])
        .unwrap();
    assert_eq!(ints.to_vec().unwrap()[0], 64);
    let e = f
        .launch(&LaunchConfig::new(1, 128), &mut [Arg::slice_mut(&mut ints)])
        .unwrap_err();
    assert!(e.to_string().contains("64 threads per block"), "{e}");
    // Dynamic shared memory beyond 48 KiB needs the opt-in, which the runtime makes; beyond
    // 227 KiB it is refused before any launch.
    let big = LaunchConfig {
        shared_mem_bytes: 100 * 1024,
        ..LaunchConfig::new(1, 64)
    };
    let d = m.function("dyn_past").unwrap();
    let mut out = Array::<f32>::zeros(&dev, &[64]).unwrap();
    d.launch(&big, &mut [Arg::slice_mut(&mut out), Arg::scalar(0u32)])
        .unwrap();
    let too_big = LaunchConfig {
        shared_mem_bytes: 228 * 1024,
        ..LaunchConfig::new(1, 64)
    };
    assert!(d
        .launch(&too_big, &mut [Arg::slice_mut(&mut out), Arg::scalar(0u32)])
        .is_err());
    assert!(m.function("missing").is_err());
}

#[test]
fn the_device_is_described_as_an_h200() {
    let Some(dev) = host() else { return };
    let Device::Cuda(c) = &dev else {
        unreachable!()
    };
    assert!(c.is_host());
    assert_eq!(c.arch(), (9, 0));
    assert_eq!(c.sm_count(), 132);
    let l = c.limits().unwrap();
    assert_eq!(l.max_shared_per_block, 227 * 1024);
    assert_eq!(l.max_threads_per_block, 1024);
    assert_eq!(dev.to_string(), "cuda-host:0 (NVIDIA H200, host target)");
    assert!(!dev.same(&Device::cpu()));
    assert!(!dev.same(&own_host(5)));
    let (free, total) = c.memory_info().unwrap();
    assert!(free <= total && total >= 1 << 30);
}

#[test]
fn elementwise_operators_run() {
    let Some(dev) = host() else { return };
    let a = Array::from_vec(&dev, &[5], vec![1.0f32, 2.0, 3.0, 4.0, 5.0]).unwrap();
    let b = Array::from_vec(&dev, &[5], vec![10.0f32; 5]).unwrap();
    let c = (&a + &b).eval().unwrap();
    assert_eq!(c.to_vec().unwrap(), vec![11.0, 12.0, 13.0, 14.0, 15.0]);
    // A fused tree of several kernels, with a scalar and a broadcast operand, is one launch
    // of one module compiled by g++ from the CUDA C the GPU would run.
    let row = Array::from_vec(&dev, &[1, 5], vec![0.5f32; 5]).unwrap();
    let before = array_runtime::kernel::launches();
    let d = ((&a * 2.0f32 + &b) * &row - &a).eval().unwrap();
    assert_eq!(array_runtime::kernel::launches() - before, 1);
    assert_eq!(d.shape(), &[1, 5]);
    assert_eq!(d.to_vec().unwrap(), vec![5.0, 5.0, 5.0, 5.0, 5.0]);
}

#[test]
fn expressions_assign_and_promote_on_the_cuda_backend() {
    let Some(dev) = host() else { return };
    let a = Array::from_vec(&dev, &[2, 3], vec![1i32, 2, 3, 4, 5, 6]).unwrap();
    let f = Array::from_vec(&dev, &[3], vec![0.5f32, 0.25, 2.0]).unwrap();
    // A promoted, broadcast expression: one module with the conversions inside.
    let before = array_runtime::kernel::launches();
    let p = (&a * &f + 1.0).eval().unwrap();
    assert_eq!(array_runtime::kernel::launches() - before, 1);
    assert!(p.device().is_cuda());
    assert_eq!(p.to_vec().unwrap(), vec![1.5, 1.5, 7.0, 3.0, 2.25, 13.0]);
    // In place on CUDA goes through a temporary; the result is as if computed first.
    let mut u = Array::from_vec(&dev, &[6], vec![0.0f64, 1.0, 4.0, 9.0, 16.0, 25.0]).unwrap();
    let (l, r) = (u.slice(s![..-2]).unwrap(), u.slice(s![2..]).unwrap());
    u.assign_at(s![1..-1], (&l + &r) / 2.0).unwrap();
    assert_eq!(u.to_vec().unwrap(), vec![0.0, 2.0, 5.0, 10.0, 17.0, 25.0]);
    u.assign(&u * 2.0).unwrap();
    assert_eq!(u.to_vec().unwrap(), vec![0.0, 4.0, 10.0, 20.0, 34.0, 50.0]);
    // Errors name the expression on this backend too.
    let bad = Array::<f64>::zeros(&dev, &[4]).unwrap();
    let e = (&u + &bad).eval().unwrap_err();
    assert!(e.to_string().contains("x0 + x1"), "{e}");
}
