//! Raw kernels on the CPU emulator, with hand-written CPU twins (what `#[raw_kernel]` will
//! generate): a tiled transpose with shared memory and barriers against a loop, block
//! reductions, histograms with atomics from many blocks in parallel, warp shuffles and votes
//! (full and partial warps), every atomic, scalars of every dtype, and every error a launch
//! reports: out-of-bounds reads and writes, partial barriers, warp deadlocks, launch configs
//! over the limits, bad arguments, panics in the twin.

mod raw_kernels;

use std::time::Instant;

use array_runtime::kernel::raw::{
    self, Arg, DeviceLimits, LaunchConfig, ParamKind, RawArgs, RawKernelDef,
};
use array_runtime::{bf16, c128, c64, f16, s, Array, DType, DTypeId, Device, Error};
use raw_kernels::*;

fn cpu() -> Device {
    Device::cpu()
}

fn run_transpose(def: &RawKernelDef, twin: fn(&RawArgs<'_>), w: usize, h: usize) -> Vec<f32> {
    transpose_on(&cpu(), def, twin, w, h, 7)
}

#[test]
fn tiled_transpose_matches_a_loop() {
    for (w, h) in [(1, 1), (32, 32), (33, 31), (100, 7), (7, 100), (257, 130)] {
        let expected = transpose_reference(&data_f32(w * h, 7), w, h);
        assert_eq!(
            run_transpose(&TRANSPOSE, transpose, w, h),
            expected,
            "{w}x{h}"
        );
        assert_eq!(
            run_transpose(&TRANSPOSE_NAIVE, transpose_naive, w, h),
            expected,
            "naive {w}x{h}"
        );
    }
}

#[test]
fn block_sum_in_dynamic_shared_memory() {
    for (n, block) in [(1usize, 1u32), (1000, 64), (4096, 256), (5000, 1024)] {
        let data: Vec<f32> = (0..n).map(|i| (i % 17) as f32).collect();
        let x = Array::from_vec(&cpu(), &[n], data.clone()).unwrap();
        let blocks = n.div_ceil(block as usize);
        let mut sums = Array::<f32>::zeros(&cpu(), &[blocks]).unwrap();
        let cfg = LaunchConfig::new(blocks as u32, block).with_shared_mem(block * 4);
        raw::launch(
            &BLOCK_SUM,
            &[],
            &cfg,
            &mut [Arg::slice(&x), Arg::slice_mut(&mut sums)],
            &block_sum,
        )
        .unwrap();
        let expected: Vec<f32> = data
            .chunks(block as usize)
            .map(|c| c.iter().sum())
            .collect();
        assert_eq!(sums.to_vec().unwrap(), expected, "n {n} block {block}");
    }
}

#[test]
fn histograms_with_global_and_shared_atomics() {
    let n = 1 << 18;
    let nbins = 97;
    let data = data_u32(n, 3, 1000);
    let mut expected = vec![0u32; nbins];
    for &v in &data {
        expected[v as usize % nbins] += 1;
    }
    let x = Array::from_vec(&cpu(), &[n], data).unwrap();
    for (def, twin) in [
        (&HISTOGRAM, histogram as fn(&RawArgs<'_>)),
        (&HISTOGRAM_SHARED, histogram_shared),
    ] {
        // Many blocks at once (rayon), and a grid-stride loop.
        for grid in [1u32, 37, 512] {
            let mut bins = Array::<u32>::zeros(&cpu(), &[nbins]).unwrap();
            raw::launch(
                def,
                &[],
                &LaunchConfig::new(grid, 128),
                &mut [Arg::slice(&x), Arg::slice_mut(&mut bins)],
                &twin,
            )
            .unwrap();
            assert_eq!(bins.to_vec().unwrap(), expected, "{} grid {grid}", def.name);
        }
    }
}

#[test]
fn warp_shuffle_reduction_and_ballot() {
    let n = 1000;
    let data: Vec<i32> = (0..n as i32).map(|i| i * 7 % 31 - 9).collect();
    let x = Array::from_vec(&cpu(), &[n], data.clone()).unwrap();
    let warps = n.div_ceil(32);
    let mut sums = Array::<i32>::zeros(&cpu(), &[warps]).unwrap();
    let mut odd = Array::<u32>::zeros(&cpu(), &[warps]).unwrap();
    raw::launch(
        &WARP_REDUCE,
        &[],
        &LaunchConfig::new(n.div_ceil(128) as u32, 128),
        &mut [
            Arg::slice(&x),
            Arg::slice_mut(&mut sums),
            Arg::slice_mut(&mut odd),
        ],
        &warp_reduce,
    )
    .unwrap();
    let mut padded = data.clone();
    padded.resize(warps * 32, 0);
    let want_sums: Vec<i32> = padded.chunks(32).map(|c| c.iter().sum()).collect();
    let want_odd: Vec<u32> = padded
        .chunks(32)
        .map(|c| {
            c.iter()
                .enumerate()
                .fold(0, |b, (l, v)| b | (((v & 1 != 0) as u32) << l))
        })
        .collect();
    assert_eq!(sums.to_vec().unwrap(), want_sums);
    assert_eq!(odd.to_vec().unwrap(), want_odd);

    // Butterfly: every lane ends with its warp's maximum.
    let vals = data_f32(256, 11);
    let mut x = Array::from_vec(&cpu(), &[256], vals.clone()).unwrap();
    raw::launch(
        &WARP_MAX,
        &[],
        &LaunchConfig::new(2, 128),
        &mut [Arg::slice_mut(&mut x)],
        &warp_max,
    )
    .unwrap();
    let want: Vec<f32> = vals
        .chunks(32)
        .flat_map(|c| {
            let m = c.iter().copied().fold(f32::MIN, f32::max);
            vec![m; 32]
        })
        .collect();
    assert_eq!(x.to_vec().unwrap(), want);
}

static PARTIAL_WARP: RawKernelDef = RawKernelDef {
    name: "partial_warp",
    params: &[ParamKind::slice_mut(DTypeId::U32)],
    param_names: &["out"],
    uses_warp_ops: true,
    ..RawKernelDef::DEFAULT
};

/// Per thread, 5 words: ballot of even threads, all(true), any(lane == 3), shfl_xor(tid, 1),
/// shfl(tid, 20) (an inactive source lane in a partial warp).
fn partial_warp(args: &RawArgs<'_>) {
    let out = args.slice_mut::<u32>(0);
    let tid = raw::thread_idx().x;
    let lane = raw::lane_id();
    if tid % 4 == 3 {
        // These lanes leave before the collectives: they are inactive.
        return;
    }
    let ballot = raw::vote_ballot(tid.is_multiple_of(2));
    let all = raw::vote_all(true) as u32;
    let any = raw::vote_any(lane == 3) as u32;
    let xor = raw::shfl_xor(tid, 1);
    let idx = raw::shfl(tid, 20);
    let base = tid as usize * 5;
    for (k, v) in [ballot, all, any, xor, idx].into_iter().enumerate() {
        out.set(base + k, v);
    }
}

#[test]
fn partial_warps_and_exited_lanes_are_inactive() {
    // 40 threads: warp 0 has 32 lanes, warp 1 has 8; lanes with tid % 4 == 3 return first.
    let mut out = Array::<u32>::zeros(&cpu(), &[40 * 5]).unwrap();
    raw::launch(
        &PARTIAL_WARP,
        &[],
        &LaunchConfig::new(1, 40),
        &mut [Arg::slice_mut(&mut out)],
        &partial_warp,
    )
    .unwrap();
    let out = out.to_vec().unwrap();
    for tid in 0..40u32 {
        let row = &out[tid as usize * 5..tid as usize * 5 + 5];
        if tid % 4 == 3 {
            assert_eq!(row, [0; 5], "exited thread {tid}");
            continue;
        }
        let lanes = if tid < 32 { 32 } else { 8 };
        let even: u32 = (0..lanes).filter(|l| l % 2 == 0).map(|l| 1 << l).sum();
        assert_eq!(row[0], even, "ballot, thread {tid}");
        assert_eq!(row[1], 1, "all, thread {tid}");
        assert_eq!(row[2], 0, "any: lane 3 exited, thread {tid}");
        // The xor partner of lane l is l ^ 1; partners of exited lanes (l % 4 == 2) give their
        // own value.
        let partner = tid ^ 1;
        let want_xor = if partner % 4 == 3 { tid } else { partner };
        assert_eq!(row[3], want_xor, "shfl_xor, thread {tid}");
        // Lane 20 exists in warp 0 only.
        let want_idx = if tid < 32 { 20 } else { tid };
        assert_eq!(row[4], want_idx, "shfl from lane 20, thread {tid}");
    }
}

static ATOMICS: RawKernelDef = RawKernelDef {
    name: "atomics",
    params: &[
        ParamKind::slice_mut(DTypeId::I64),
        ParamKind::slice_mut(DTypeId::U32),
        ParamKind::slice_mut(DTypeId::F64),
        ParamKind::slice_mut(DTypeId::F32),
    ],
    param_names: &["ints", "bits", "sum64", "sum32"],
    static_shared_bytes: 16,
    uses_block_sync: true,
    ..RawKernelDef::DEFAULT
};

/// Every atomic on global memory, and shared atomics folded into global ones.
fn atomics(args: &RawArgs<'_>) {
    let ints = args.slice_mut::<i64>(0);
    let bits = args.slice_mut::<u32>(1);
    let sum64 = args.slice_mut::<f64>(2);
    let sum32 = args.slice_mut::<f32>(3);
    let g = (raw::block_idx().x * raw::block_dim().x + raw::thread_idx().x) as i64;
    ints.atomic_add(0, g);
    ints.atomic_sub(1, g);
    ints.atomic_min(2, 1000 - g);
    ints.atomic_max(3, g - 1000);
    raw::atomic_max(&ints, 4, g);
    // A lock-free increment through compare-and-swap.
    loop {
        let old = ints.get(5);
        if ints.atomic_cas(5, old, old + 2) == old {
            break;
        }
    }
    ints.atomic_exch(6, 42);
    bits.atomic_or(0, 1 << (g % 32));
    bits.atomic_and(1, !(1 << (g % 32)));
    bits.atomic_xor(2, 1 << (g % 4));
    raw::atomic_add(&bits, 3u32, 1);
    sum64.atomic_add(0, g as f64);
    sum32.atomic_add(0, 0.5);
    // Shared: a block count, then one global add per block.
    let local = raw::shared::<u32>(0, 4);
    local.atomic_add(0, 1);
    raw::atomic_max(&local, 1, g as u32);
    raw::sync_threads();
    if raw::thread_idx().x == 0 {
        bits.atomic_add(4, local.get(0));
        bits.atomic_max(5, local.get(1));
    }
}

#[test]
fn every_atomic() {
    let (blocks, threads) = (64u32, 256u32);
    let n = (blocks * threads) as i64;
    let dev = cpu();
    let mut ints = Array::from_vec(&dev, &[7], vec![0i64, 0, i64::MAX, i64::MIN, 0, 0, 0]).unwrap();
    let mut bits = Array::from_vec(&dev, &[6], vec![0u32, u32::MAX, 0, 0, 0, 0]).unwrap();
    let mut sum64 = Array::<f64>::zeros(&dev, &[1]).unwrap();
    let mut sum32 = Array::<f32>::zeros(&dev, &[1]).unwrap();
    raw::launch(
        &ATOMICS,
        &[],
        &LaunchConfig::new(blocks, threads),
        &mut [
            Arg::slice_mut(&mut ints),
            Arg::slice_mut(&mut bits),
            Arg::slice_mut(&mut sum64),
            Arg::slice_mut(&mut sum32),
        ],
        &atomics,
    )
    .unwrap();
    let total = n * (n - 1) / 2;
    assert_eq!(
        ints.to_vec().unwrap(),
        vec![
            total,
            -total,
            1000 - (n - 1),
            (n - 1) - 1000,
            n - 1,
            2 * n,
            42
        ]
    );
    // n is a multiple of 32 and of 4 (an even number of flips per bit).
    assert_eq!(
        bits.to_vec().unwrap(),
        vec![u32::MAX, 0, 0, n as u32, n as u32, n as u32 - 1]
    );
    assert_eq!(sum64.item().unwrap(), total as f64);
    assert_eq!(sum32.item().unwrap(), n as f32 * 0.5);
}

static SCALARS: RawKernelDef = RawKernelDef {
    name: "scalars",
    params: &[
        ParamKind::generic_scalar(0),
        ParamKind::generic_slice_mut(0),
    ],
    param_names: &["v", "out"],
    type_params: &["T"],
    ..RawKernelDef::DEFAULT
};

/// `out[i] = v`, and `out[0]` read back then written again (element loads and stores of every
/// width: 1, 2, 4, 8 and 16 bytes, complex components).
fn scalars<T: DType>(args: &RawArgs<'_>) {
    let v = args.scalar::<T>(0);
    let out = args.slice_mut::<T>(1);
    let i = raw::thread_idx().x;
    out.set(i, v);
    if i == 0 {
        out.set(0u32, out.get(0u32));
    }
}

fn check_scalar<T: DType>(v: T) {
    let mut out = Array::<T>::zeros(&cpu(), &[3]).unwrap();
    raw::launch(
        &SCALARS,
        &[T::ID],
        &LaunchConfig::new(1, 3),
        &mut [Arg::scalar(v), Arg::slice_mut(&mut out)],
        &scalars::<T>,
    )
    .unwrap();
    assert_eq!(out.to_vec().unwrap(), vec![v; 3], "{}", T::ID);
}

#[test]
fn scalars_and_elements_of_every_dtype() {
    check_scalar(true);
    check_scalar(-5i8);
    check_scalar(-300i16);
    check_scalar(-70000i32);
    check_scalar(-(1i64 << 40));
    check_scalar(200u8);
    check_scalar(60000u16);
    check_scalar(4_000_000_000u32);
    check_scalar(u64::MAX - 3);
    check_scalar(f16::from_f32(1.5));
    check_scalar(bf16::from_f32(-2.25));
    check_scalar(3.25f32);
    check_scalar(-1e300f64);
    check_scalar(c64::new(1.5, -2.5));
    check_scalar(c128::new(-1e200, 3.0));
}

static COUNT_BARRIER: RawKernelDef = RawKernelDef {
    name: "count_barrier",
    params: &[ParamKind::slice_mut(DTypeId::U32)],
    param_names: &["out"],
    uses_block_sync: true,
    ..RawKernelDef::DEFAULT
};

/// 3-d blocks, barriers in a loop, `sync_threads_count/and/or`.
fn count_barrier(args: &RawArgs<'_>) {
    let out = args.slice_mut::<u32>(0);
    let (t, d) = (raw::thread_idx(), raw::block_dim());
    let tid = (t.z * d.y + t.y) * d.x + t.x;
    let mut rounds = 0;
    for r in 0..5 {
        let c = raw::sync_threads_count(tid % (r + 2) == 0);
        rounds += c;
    }
    let all = raw::sync_threads_and(tid < 1000) as u32;
    let any = raw::sync_threads_or(tid == 5) as u32;
    let none = raw::sync_threads_or(false) as u32;
    let b = raw::block_idx();
    let block = (b.z * raw::grid_dim().y + b.y) * raw::grid_dim().x + b.x;
    let base = (block * d.x * d.y * d.z + tid) as usize * 4;
    out.set(base, rounds);
    out.set(base + 1, all);
    out.set(base + 2, any);
    out.set(base + 3, none);
}

#[test]
fn barriers_in_loops_count_and_three_dimensional_blocks() {
    let (grid, block) = ((2u32, 2u32, 2u32), (4u32, 3u32, 5u32));
    let threads = 60u32;
    let mut out = Array::<u32>::zeros(&cpu(), &[8 * 60 * 4]).unwrap();
    raw::launch(
        &COUNT_BARRIER,
        &[],
        &LaunchConfig::new(grid, block),
        &mut [Arg::slice_mut(&mut out)],
        &count_barrier,
    )
    .unwrap();
    let want_rounds: u32 = (0..5u32)
        .map(|r| (0..threads).filter(|t| t % (r + 2) == 0).count() as u32)
        .sum();
    for row in out.to_vec().unwrap().chunks(4) {
        assert_eq!(row, [want_rounds, 1, 1, 0]);
    }
}

#[test]
fn generic_kernel_and_offset_views() {
    let dev = cpu();
    let x = Array::from_vec(&dev, &[6], vec![1.0f64, 2.0, 3.0, 4.0, 5.0, 6.0]).unwrap();
    let mut out = Array::from_vec(&dev, &[10], vec![1.0f64; 10]).unwrap();
    // A contiguous view with an offset, as the mutable argument.
    raw::launch(
        &AXPY,
        &[DTypeId::F64],
        &LaunchConfig::for_elements(6, 4),
        &mut [
            Arg::scalar(2.0f64),
            Arg::slice(&x),
            Arg::slice_mut(out.slice_mut(s![2..8]).unwrap()),
        ],
        &axpy::<f64>,
    )
    .unwrap();
    assert_eq!(
        out.to_vec().unwrap(),
        vec![1.0, 1.0, 3.0, 5.0, 7.0, 9.0, 11.0, 13.0, 1.0, 1.0]
    );
    // A read-only view with an offset.
    let tail = x.slice(s![3..]).unwrap();
    let mut out = Array::<f64>::zeros(&dev, &[3]).unwrap();
    raw::launch(
        &AXPY,
        &[DTypeId::F64],
        &LaunchConfig::new(1, 3),
        &mut [
            Arg::scalar(1.0f64),
            Arg::slice(&tail),
            Arg::slice_mut(&mut out),
        ],
        &axpy::<f64>,
    )
    .unwrap();
    assert_eq!(out.to_vec().unwrap(), vec![4.0, 5.0, 6.0]);
    // A shared copy is not written (copy-on-write).
    let mut a = Array::from_vec(&dev, &[3], vec![1.0f64; 3]).unwrap();
    let alias = a.clone();
    raw::launch(
        &AXPY,
        &[DTypeId::F64],
        &LaunchConfig::new(1, 3),
        &mut [
            Arg::scalar(1.0f64),
            Arg::slice(&tail),
            Arg::slice_mut(&mut a),
        ],
        &axpy::<f64>,
    )
    .unwrap();
    assert_eq!(a.to_vec().unwrap(), vec![5.0, 6.0, 7.0]);
    assert_eq!(alias.to_vec().unwrap(), vec![1.0; 3]);
}

fn index_error(e: Error) -> String {
    match e {
        Error::Index { message } => message,
        other => panic!("expected an index error, got {other}"),
    }
}

#[test]
fn out_of_bounds_reads_and_writes_are_errors() {
    let dev = cpu();
    let x = Array::from_vec(&dev, &[10], vec![1.0f32; 10]).unwrap();
    let mut y = Array::<f32>::zeros(&dev, &[16]).unwrap();
    // 12 threads: x[10], x[11] are out of bounds (reads), y is long enough.
    let e = raw::launch(
        &COPY_UNCHECKED,
        &[],
        &LaunchConfig::new(3, 4),
        &mut [Arg::slice(&x), Arg::slice_mut(&mut y)],
        &copy_unchecked,
    )
    .unwrap_err();
    let m = index_error(e);
    assert!(m.contains("raw kernel `copy_unchecked`"), "{m}");
    assert!(m.contains("out of bounds for `x` of length 10"), "{m}");
    assert!(m.contains("index 10") || m.contains("index 11"), "{m}");
    assert!(m.contains("read by thread"), "{m}");
    assert!(m.contains("1 more faults followed"), "{m}");
    // The in-bounds threads ran; the faulty reads gave 0.
    let y_now = y.to_vec().unwrap();
    assert_eq!(&y_now[..10], &[1.0; 10]);
    assert_eq!(&y_now[10..], &[0.0; 6]);

    // Writes past y's end.
    let mut short = Array::<f32>::zeros(&dev, &[5]).unwrap();
    let e = raw::launch(
        &COPY_UNCHECKED,
        &[],
        &LaunchConfig::new(1, 6),
        &mut [Arg::slice(&x), Arg::slice_mut(&mut short)],
        &copy_unchecked,
    )
    .unwrap_err();
    let m = index_error(e);
    assert!(
        m.contains("index 5 is out of bounds for `y` of length 5 (write by thread (5, 0, 0) of block (0, 0, 0))"),
        "{m}"
    );
    assert_eq!(short.to_vec().unwrap(), vec![1.0; 5]);
}

static NEGATIVE: RawKernelDef = RawKernelDef {
    name: "negative",
    params: &[ParamKind::slice_mut(DTypeId::I32)],
    param_names: &["a"],
    static_shared_bytes: 8,
    ..RawKernelDef::DEFAULT
};

fn negative(args: &RawArgs<'_>) {
    let a = args.slice_mut::<i32>(0);
    let i = raw::thread_idx().x as i32 - 1;
    if i < 0 {
        a.set(i, 7);
    }
    let s = raw::shared::<i32>(0, 2);
    if raw::thread_idx().x == 1 {
        s.set(2u32, 1);
    }
}

#[test]
fn negative_and_shared_indices_are_errors() {
    let mut a = Array::<i32>::zeros(&cpu(), &[2]).unwrap();
    let e = raw::launch(
        &NEGATIVE,
        &[],
        &LaunchConfig::new(1, 2),
        &mut [Arg::slice_mut(&mut a)],
        &negative,
    )
    .unwrap_err();
    let m = index_error(e);
    assert!(
        m.contains("index -1 is out of bounds for `a` of length 2 (write"),
        "{m}"
    );
    assert!(m.contains("1 more faults"), "{m}");
}

static PARTIAL_BARRIER: RawKernelDef = RawKernelDef {
    name: "partial_barrier",
    params: &[ParamKind::slice_mut(DTypeId::U32)],
    param_names: &["out"],
    uses_block_sync: true,
    ..RawKernelDef::DEFAULT
};

fn partial_barrier(args: &RawArgs<'_>) {
    let out = args.slice_mut::<u32>(0);
    let t = raw::thread_idx().x;
    if t >= 40 {
        return;
    }
    raw::sync_threads();
    out.set(t, 1);
}

#[test]
fn a_barrier_reached_by_part_of_a_block_is_an_error() {
    let mut out = Array::<u32>::zeros(&cpu(), &[64]).unwrap();
    for grid in [1u32, 64] {
        let e = raw::launch(
            &PARTIAL_BARRIER,
            &[],
            &LaunchConfig::new(grid, 64),
            &mut [Arg::slice_mut(&mut out)],
            &partial_barrier,
        )
        .unwrap_err();
        let m = e.to_string();
        assert!(m.contains("raw kernel `partial_barrier`"), "{m}");
        assert!(m.contains("reached by 40 of its 64 threads"), "{m}");
    }
    // The emulator recovers: the same OS threads run a good launch afterwards.
    run_transpose(&TRANSPOSE, transpose, 70, 70);
}

static DEADLOCK: RawKernelDef = RawKernelDef {
    name: "deadlock",
    params: &[ParamKind::slice(DTypeId::U8)],
    param_names: &["unused"],
    uses_block_sync: true,
    uses_warp_ops: true,
    ..RawKernelDef::DEFAULT
};

fn deadlock(_: &RawArgs<'_>) {
    if raw::lane_id() < 16 {
        raw::vote_any(true);
    } else {
        raw::sync_threads();
    }
}

fn mismatch(_: &RawArgs<'_>) {
    if raw::lane_id() < 16 {
        raw::shfl(1.0f32, 0);
    } else {
        raw::shfl(1i32, 0);
    }
}

#[test]
fn warp_deadlocks_and_mismatched_collectives_are_errors() {
    let dummy = Array::<u8>::zeros(&cpu(), &[1]).unwrap();
    let e = raw::launch(
        &DEADLOCK,
        &[],
        &LaunchConfig::new(1, 32),
        &mut [Arg::slice(&dummy)],
        &deadlock,
    )
    .unwrap_err();
    let m = e.to_string();
    assert!(m.contains("warp 0 deadlocks"), "{m}");
    assert!(
        m.contains("vote_any()") && m.contains("sync_threads()"),
        "{m}"
    );
    let e = raw::launch(
        &DEADLOCK,
        &[],
        &LaunchConfig::new(4, 32),
        &mut [Arg::slice(&dummy)],
        &mismatch,
    )
    .unwrap_err();
    let m = e.to_string();
    assert!(
        m.contains("shfl::<f32>") && m.contains("shfl::<i32>"),
        "{m}"
    );
}

static LIAR: RawKernelDef = RawKernelDef {
    name: "liar",
    params: &[ParamKind::slice(DTypeId::U8)],
    param_names: &["unused"],
    ..RawKernelDef::DEFAULT
};

fn liar(_: &RawArgs<'_>) {
    raw::sync_threads();
}

fn panics(_: &RawArgs<'_>) {
    if raw::thread_idx().x == 3 && raw::block_idx().x == 1 {
        panic!("boom");
    }
}

fn wrong_twin(args: &RawArgs<'_>) {
    let _ = args.slice::<f32>(0);
}

#[test]
fn twin_errors_are_launch_errors() {
    let dummy = Array::<u8>::zeros(&cpu(), &[1]).unwrap();
    let launch = |twin: fn(&RawArgs<'_>), def: &RawKernelDef| {
        raw::launch(
            def,
            &[],
            &LaunchConfig::new(2, 8),
            &mut [Arg::slice(&dummy)],
            &twin,
        )
        .unwrap_err()
        .to_string()
    };
    let m = launch(liar, &LIAR);
    assert!(
        m.contains("calls sync_threads() but its RawKernelDef says uses_block_sync: false"),
        "{m}"
    );
    let m = launch(panics, &LIAR);
    assert!(
        m.contains("panicked in thread (3, 0, 0) of block (1, 0, 0): boom"),
        "{m}"
    );
    // Cooperative blocks survive panics too.
    let m = launch(panics, &DEADLOCK_ARG);
    assert!(m.contains("boom"), "{m}");
    let m = launch(wrong_twin, &LIAR);
    assert!(
        m.contains("takes argument 0 (`unused`) as &[f32], but the launch passed &[u8]"),
        "{m}"
    );
}

static DEADLOCK_ARG: RawKernelDef = RawKernelDef {
    name: "cooperative",
    params: &[ParamKind::slice(DTypeId::U8)],
    param_names: &["unused"],
    uses_block_sync: true,
    ..RawKernelDef::DEFAULT
};

#[test]
fn launch_configs_over_the_limits_are_errors() {
    let x = Array::from_vec(&cpu(), &[4], vec![0.0f32; 4]).unwrap();
    let mut y = Array::<f32>::zeros(&cpu(), &[4]).unwrap();
    let mut try_cfg = |cfg: LaunchConfig| {
        raw::launch(
            &BLOCK_SUM,
            &[],
            &cfg,
            &mut [Arg::slice(&x), Arg::slice_mut(&mut y)],
            &block_sum,
        )
        .unwrap_err()
        .to_string()
    };
    let cases: [(LaunchConfig, &[&str]); 6] = [
        (
            LaunchConfig::new(1, 1025),
            &["1025 threads", "limit of 1024 threads per block"],
        ),
        (LaunchConfig::new(1, (1, 1, 65)), &["z = 65", "limit of 64"]),
        (
            LaunchConfig::new((1, 65536), 32),
            &["grid (1, 65536, 1)", "y = 65536", "limit of 65535"],
        ),
        (LaunchConfig::new(1, (32, 0)), &["extent of 0"]),
        (
            LaunchConfig::new(1, 32).with_shared_mem(228 * 1024),
            &["233472 bytes of shared memory", "limit of 232448 bytes"],
        ),
        (LaunchConfig::new(0, 32), &["grid (0, 1, 1)"]),
    ];
    for (cfg, needles) in cases {
        let m = try_cfg(cfg);
        assert!(m.contains("raw kernel `block_sum`"), "{m}");
        for n in needles {
            assert!(m.contains(n), "{cfg:?}: `{n}` not in: {m}");
        }
    }
    static BIG_STATIC: RawKernelDef = RawKernelDef {
        name: "big_static",
        params: &[ParamKind::slice(DTypeId::F32)],
        param_names: &["x"],
        static_shared_bytes: 64 * 1024,
        ..RawKernelDef::DEFAULT
    };
    let m = raw::launch(
        &BIG_STATIC,
        &[],
        &LaunchConfig::new(1, 1),
        &mut [Arg::slice(&x)],
        &|_| {},
    )
    .unwrap_err()
    .to_string();
    assert!(m.contains("65536 bytes of static shared memory"), "{m}");
    assert_eq!(DeviceLimits::of(&cpu()).unwrap(), DeviceLimits::CPU);
}

#[test]
fn bad_arguments_are_errors() {
    let dev = cpu();
    let m2 = Array::from_vec(&dev, &[2, 3], vec![0.0f32; 6]).unwrap();
    let t = m2.t();
    let mut y = Array::<f32>::zeros(&dev, &[6]).unwrap();
    let cfg = LaunchConfig::new(1, 6);
    let go = |args: &mut [Arg<'_>]| {
        raw::launch(&COPY_UNCHECKED, &[], &cfg, args, &copy_unchecked)
            .unwrap_err()
            .to_string()
    };
    let m = go(&mut [Arg::slice(&t), Arg::slice_mut(&mut y)]);
    assert!(
        m.contains("argument `x`") && m.contains("not C-contiguous"),
        "{m}"
    );
    let m = go(&mut [Arg::slice(&m2), Arg::slice(&m2)]);
    assert!(
        m.contains("parameter `y` is &mut [f32]") && m.contains("Arg::slice_mut"),
        "{m}"
    );
    let ints = Array::<i32>::zeros(&dev, &[6]).unwrap();
    let m = go(&mut [Arg::slice(&ints), Arg::slice_mut(&mut y)]);
    assert!(
        m.contains("parameter `x` is &[f32] but the launch passed &[i32]"),
        "{m}"
    );
    let m = go(&mut [Arg::scalar(1.0f32), Arg::slice_mut(&mut y)]);
    assert!(
        m.contains("parameter `x` is &[f32] but the launch passed a scalar f32"),
        "{m}"
    );
    let m = go(&mut [Arg::slice(&m2)]);
    assert!(m.contains("1 arguments given, 2 expected"), "{m}");
    let mut ty = Array::<f32>::zeros(&dev, &[3, 2]).unwrap();
    let mut tv = ty.view_mut().unwrap();
    let tv = tv.slice_mut(s![.., ..;-1]).unwrap();
    let m = go(&mut [Arg::slice(&m2), Arg::slice_mut(tv)]);
    assert!(
        m.contains("argument `y`") && m.contains("not C-contiguous"),
        "{m}"
    );
    let m = raw::launch(
        &AXPY,
        &[],
        &cfg,
        &mut [Arg::scalar(1.0f32), Arg::slice(&m2), Arg::slice_mut(&mut y)],
        &axpy::<f32>,
    )
    .unwrap_err()
    .to_string();
    assert!(m.contains("0 type arguments given, 1 expected"), "{m}");
}

static NESTED: RawKernelDef = RawKernelDef {
    name: "nested",
    params: &[ParamKind::slice_mut(DTypeId::U32)],
    param_names: &["out"],
    ..RawKernelDef::DEFAULT
};

fn nested(args: &RawArgs<'_>) {
    let out = args.slice_mut::<u32>(0);
    let x = Array::<u32>::zeros(&Device::cpu(), &[1]).unwrap();
    let mut y = Array::<u32>::zeros(&Device::cpu(), &[1]).unwrap();
    let r = raw::launch(
        &HISTOGRAM,
        &[],
        &LaunchConfig::new(1, 1),
        &mut [Arg::slice(&x), Arg::slice_mut(&mut y)],
        &histogram,
    );
    out.set(
        0u32,
        matches!(r, Err(ref e) if e.to_string().contains("from inside an emulated kernel")) as u32,
    );
}

#[test]
fn nested_launches_and_intrinsics_outside_a_launch() {
    let mut out = Array::<u32>::zeros(&cpu(), &[1]).unwrap();
    raw::launch(
        &NESTED,
        &[],
        &LaunchConfig::new(1, 1),
        &mut [Arg::slice_mut(&mut out)],
        &nested,
    )
    .unwrap();
    assert_eq!(out.item().unwrap(), 1);
    assert!(!raw::in_emulated_launch());
    let p = std::panic::catch_unwind(raw::thread_idx).unwrap_err();
    let msg = p.downcast_ref::<String>().cloned().unwrap_or_default();
    assert!(
        msg.contains("only available inside an emulated raw-kernel launch"),
        "{msg}"
    );
}

#[test]
fn host_raw_module_is_a_clear_error() {
    let e = array_runtime::RawModule::new(&cpu(), "extern \"C\" __global__ void k() {}", &[])
        .unwrap_err();
    assert!(matches!(e, Error::CudaUnavailable { .. }));
    assert!(e
        .to_string()
        .contains("hand-written CUDA source needs a CUDA device"));
}

/// Emulator overheads; run with `cargo test --release -p array-runtime --test cpu_raw --
/// --ignored --nocapture`.
#[test]
#[ignore = "timing: run in release with --ignored --nocapture"]
fn timing_transpose_1024() {
    let n = 1024;
    let data = data_f32(n * n, 1);
    let input = Array::from_vec(&cpu(), &[n, n], data.clone()).unwrap();
    let mut out = Array::<f32>::zeros(&cpu(), &[n, n]).unwrap();
    let mut time = |def: &RawKernelDef, twin: fn(&RawArgs<'_>), cfg: LaunchConfig| {
        let mut best = f64::MAX;
        for run in 0..5 {
            let t = Instant::now();
            raw::launch(
                def,
                &[],
                &cfg,
                &mut [
                    Arg::slice(&input),
                    Arg::slice_mut(&mut out),
                    Arg::scalar(n as u32),
                    Arg::scalar(n as u32),
                ],
                &twin,
            )
            .unwrap();
            let dt = t.elapsed().as_secs_f64();
            if run == 0 {
                println!("{}: first launch {:.2} ms", def.name, dt * 1e3);
            }
            best = best.min(dt);
        }
        best
    };
    let tiled = time(
        &TRANSPOSE,
        transpose,
        LaunchConfig::new((32, 32), (TILE, ROWS)),
    );
    let naive = time(
        &TRANSPOSE_NAIVE,
        transpose_naive,
        LaunchConfig::new((64, 64), (16, 16)),
    );
    let t = Instant::now();
    let reference = transpose_reference(&data, n, n);
    let plain = t.elapsed().as_secs_f64();
    assert_eq!(out.to_vec().unwrap(), reference);
    let threads = (n * n) as f64;
    println!(
        "1024x1024 f32 transpose on {} threads: tiled (shared memory, sync_threads, coroutines, \
         {} emulated threads) {:.2} ms = {:.1} ns/thread; naive (loop mode) {:.2} ms = {:.1} \
         ns/thread; plain Rust loop {:.2} ms",
        rayon::current_num_threads(),
        n * n / 4,
        tiled * 1e3,
        tiled * 1e9 / (threads / 4.0),
        naive * 1e3,
        naive * 1e9 / threads,
        plain * 1e3
    );
    let dev = cpu();
    let x = Array::from_vec(&dev, &[1 << 20], data_u32(1 << 20, 5, 1 << 16)).unwrap();
    let mut bins = Array::<u32>::zeros(&dev, &[256]).unwrap();
    for (def, twin) in [
        (&HISTOGRAM, histogram as fn(&RawArgs<'_>)),
        (&HISTOGRAM_SHARED, histogram_shared),
    ] {
        let t = Instant::now();
        raw::launch(
            def,
            &[],
            &LaunchConfig::new(1024, 256),
            &mut [Arg::slice(&x), Arg::slice_mut(&mut bins)],
            &twin,
        )
        .unwrap();
        println!(
            "histogram of 2^20 u32 into 256 bins, {}: {:.2} ms",
            def.name,
            t.elapsed().as_secs_f64() * 1e3
        );
    }
}

static RAYON_INSIDE: RawKernelDef = RawKernelDef {
    name: "rayon_inside",
    params: &[ParamKind::slice_mut(DTypeId::U64)],
    param_names: &["out"],
    static_shared_bytes: 8,
    uses_block_sync: true,
    ..RawKernelDef::DEFAULT
};

/// A twin that runs rayon work between barriers: while it waits, this OS thread may run other
/// blocks of the launch (rayon steals them); each must keep its own block and coroutines.
fn rayon_inside(args: &RawArgs<'_>) {
    use rayon::prelude::*;
    let out = args.slice_mut::<u64>(0);
    let acc = raw::shared::<u64>(0, 1);
    let t = raw::thread_idx().x as u64;
    let s: u64 = (0..64u64).into_par_iter().map(|v| v * t).sum();
    acc.atomic_add(0u32, s);
    raw::sync_threads();
    if t == 0 {
        out.set(
            raw::block_idx().x,
            acc.get(0u32) + raw::block_idx().x as u64,
        );
    }
}

#[test]
fn twins_that_call_rayon_keep_their_blocks() {
    let blocks = 64;
    let mut out = Array::<u64>::zeros(&cpu(), &[blocks]).unwrap();
    raw::launch(
        &RAYON_INSIDE,
        &[],
        &LaunchConfig::new(blocks as u32, 32),
        &mut [Arg::slice_mut(&mut out)],
        &rayon_inside,
    )
    .unwrap();
    let per_block: u64 = (0..32u64).map(|t| (0..64u64).sum::<u64>() * t).sum();
    let want: Vec<u64> = (0..blocks as u64).map(|b| per_block + b).collect();
    assert_eq!(out.to_vec().unwrap(), want);
}
