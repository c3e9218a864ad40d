//! Raw kernels written by hand as `#[raw_kernel]` will generate them: each a `RawKernelDef`
//! (with its CUDA C, following the parameter contract of `array_runtime::kernel::raw`) and its
//! CPU twin. Shared by `cpu_raw.rs` (the twins on the emulator), `nvrtc_raw.rs` (the CUDA C
//! through NVRTC) and `cuda_raw.rs` (both on a GPU).

#![allow(dead_code)]

use array_runtime::kernel::raw::{
    self, atomic_add, block_dim, block_idx, grid_dim, lane_id, shared, shfl_down, shfl_xor,
    sync_threads, thread_idx, vote_ballot, ParamKind, RawArgs, RawKernelDef,
};
use array_runtime::kernel::raw::{Arg, LaunchConfig};
use array_runtime::{Array, DType, DTypeId, Device};

/// Tile of the transpose.
pub const TILE: u32 = 32;
/// Rows of a tile each thread of a block covers in turn (blocks are `TILE x ROWS`).
pub const ROWS: u32 = 8;

/// `out[c][r] = input[r][c]` for an `h x w` input, through a padded shared tile.
pub static TRANSPOSE: RawKernelDef = RawKernelDef {
    name: "transpose",
    cuda_source: r#"
extern "C" __global__ void kxr_transpose(const float* __restrict__ input, unsigned long long input_len,
                                         float* out, unsigned long long out_len,
                                         unsigned int w, unsigned int h, unsigned int* kx_err) {
    __shared__ float tile[32][33];
    unsigned int x = blockIdx.x * 32 + threadIdx.x;
    unsigned int y = blockIdx.y * 32 + threadIdx.y;
    for (unsigned int j = 0; j < 32; j += 8) {
        if (x < w && y + j < h)
            tile[threadIdx.y + j][threadIdx.x] =
                kxr::load(input, input_len, (unsigned long long)(y + j) * w + x, 0u, kx_err);
    }
    __syncthreads();
    x = blockIdx.y * 32 + threadIdx.x;
    y = blockIdx.x * 32 + threadIdx.y;
    for (unsigned int j = 0; j < 32; j += 8) {
        if (x < h && y + j < w)
            kxr::store(out, out_len, (unsigned long long)(y + j) * h + x,
                       tile[threadIdx.x][threadIdx.y + j], 1u, kx_err);
    }
}
"#,
    params: &[
        ParamKind::slice(DTypeId::F32),
        ParamKind::slice_mut(DTypeId::F32),
        ParamKind::scalar(DTypeId::U32),
        ParamKind::scalar(DTypeId::U32),
    ],
    param_names: &["input", "out", "w", "h"],
    static_shared_bytes: 32 * 33 * 4,
    uses_block_sync: true,
    ..RawKernelDef::DEFAULT
};

pub fn transpose(args: &RawArgs<'_>) {
    let input = args.slice::<f32>(0);
    let out = args.slice_mut::<f32>(1);
    let (w, h) = (args.scalar::<u32>(2), args.scalar::<u32>(3));
    let tile = shared::<f32>(0, 32 * 33);
    let (t, b) = (thread_idx(), block_idx());
    let x = b.x * TILE + t.x;
    let y = b.y * TILE + t.y;
    let mut j = 0;
    while j < TILE {
        if x < w && y + j < h {
            tile.set(
                (t.y + j) * 33 + t.x,
                input.get((y + j) as u64 * w as u64 + x as u64),
            );
        }
        j += ROWS;
    }
    sync_threads();
    let x = b.y * TILE + t.x;
    let y = b.x * TILE + t.y;
    let mut j = 0;
    while j < TILE {
        if x < h && y + j < w {
            out.set(
                (y + j) as u64 * h as u64 + x as u64,
                tile.get(t.x * 33 + t.y + j),
            );
        }
        j += ROWS;
    }
}

/// The same transpose without shared memory (one element per thread): loop mode.
pub static TRANSPOSE_NAIVE: RawKernelDef = RawKernelDef {
    name: "transpose_naive",
    cuda_source: r#"
extern "C" __global__ void kxr_transpose_naive(const float* __restrict__ input, unsigned long long input_len,
                                               float* out, unsigned long long out_len,
                                               unsigned int w, unsigned int h, unsigned int* kx_err) {
    unsigned int x = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < w && y < h)
        kxr::store(out, out_len, (unsigned long long)x * h + y,
                   kxr::load(input, input_len, (unsigned long long)y * w + x, 0u, kx_err), 1u, kx_err);
}
"#,
    params: &[
        ParamKind::slice(DTypeId::F32),
        ParamKind::slice_mut(DTypeId::F32),
        ParamKind::scalar(DTypeId::U32),
        ParamKind::scalar(DTypeId::U32),
    ],
    param_names: &["input", "out", "w", "h"],
    ..RawKernelDef::DEFAULT
};

pub fn transpose_naive(args: &RawArgs<'_>) {
    let input = args.slice::<f32>(0);
    let out = args.slice_mut::<f32>(1);
    let (w, h) = (args.scalar::<u32>(2), args.scalar::<u32>(3));
    let (t, b, d) = (thread_idx(), block_idx(), block_dim());
    let x = b.x * d.x + t.x;
    let y = b.y * d.y + t.y;
    if x < w && y < h {
        out.set(
            x as u64 * h as u64 + y as u64,
            input.get(y as u64 * w as u64 + x as u64),
        );
    }
}

/// One sum per block, a tree in dynamic shared memory (`blockDim.x` a power of two, one `f32`
/// of shared memory per thread).
pub static BLOCK_SUM: RawKernelDef = RawKernelDef {
    name: "block_sum",
    cuda_source: r#"
extern "C" __global__ void kxr_block_sum(const float* __restrict__ x, unsigned long long x_len,
                                         float* sums, unsigned long long sums_len,
                                         unsigned int* kx_err) {
    extern __shared__ __align__(16) unsigned char kxr_dyn_smem[];
    float* buf = (float*)kxr_dyn_smem;
    unsigned int t = threadIdx.x;
    unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + t;
    buf[t] = i < x_len ? kxr::load(x, x_len, i, 0u, kx_err) : 0.0f;
    __syncthreads();
    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (t < s) buf[t] += buf[t + s];
        __syncthreads();
    }
    if (t == 0) kxr::store(sums, sums_len, blockIdx.x, buf[0], 1u, kx_err);
}
"#,
    params: &[
        ParamKind::slice(DTypeId::F32),
        ParamKind::slice_mut(DTypeId::F32),
    ],
    param_names: &["x", "sums"],
    uses_block_sync: true,
    ..RawKernelDef::DEFAULT
};

pub fn block_sum(args: &RawArgs<'_>) {
    let x = args.slice::<f32>(0);
    let sums = args.slice_mut::<f32>(1);
    let buf = raw::dyn_shared::<f32>();
    let t = thread_idx().x;
    let i = block_idx().x as usize * block_dim().x as usize + t as usize;
    buf.set(t, if i < x.len() { x.get(i) } else { 0.0 });
    sync_threads();
    let mut s = block_dim().x / 2;
    while s > 0 {
        if t < s {
            buf.set(t, buf.get(t) + buf.get(t + s));
        }
        sync_threads();
        s >>= 1;
    }
    if t == 0 {
        sums.set(block_idx().x, buf.get(0u32));
    }
}

/// `bins[v % bins.len()] += 1` for every `v` of `data`, a grid-stride loop of global atomics.
pub static HISTOGRAM: RawKernelDef = RawKernelDef {
    name: "histogram",
    cuda_source: r#"
extern "C" __global__ void kxr_histogram(const unsigned int* __restrict__ data, unsigned long long data_len,
                                         unsigned int* bins, unsigned long long bins_len,
                                         unsigned int* kx_err) {
    unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
    for (unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x;
         i < data_len; i += stride) {
        unsigned int v = kxr::load(data, data_len, i, 0u, kx_err);
        unsigned int* p = kxr::at(bins, bins_len, (unsigned long long)v % bins_len, 1u, kx_err);
        if (p) atomicAdd(p, 1u);
    }
}
"#,
    params: &[
        ParamKind::slice(DTypeId::U32),
        ParamKind::slice_mut(DTypeId::U32),
    ],
    param_names: &["data", "bins"],
    ..RawKernelDef::DEFAULT
};

pub fn histogram(args: &RawArgs<'_>) {
    let data = args.slice::<u32>(0);
    let bins = args.slice_mut::<u32>(1);
    let stride = grid_dim().x as usize * block_dim().x as usize;
    let mut i = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    while i < data.len() {
        let v = data.get(i) as usize;
        atomic_add(&bins, v % bins.len(), 1u32);
        i += stride;
    }
}

/// The same histogram, counted in shared memory per block, then added to the global bins
/// (`bins.len() <= 256`).
pub static HISTOGRAM_SHARED: RawKernelDef = RawKernelDef {
    name: "histogram_shared",
    cuda_source: r#"
extern "C" __global__ void kxr_histogram_shared(const unsigned int* __restrict__ data, unsigned long long data_len,
                                                unsigned int* bins, unsigned long long bins_len,
                                                unsigned int* kx_err) {
    __shared__ unsigned int local[256];
    for (unsigned int b = threadIdx.x; b < 256; b += blockDim.x) local[b] = 0;
    __syncthreads();
    unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
    for (unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x;
         i < data_len; i += stride) {
        unsigned int v = kxr::load(data, data_len, i, 0u, kx_err);
        atomicAdd(&local[v % bins_len], 1u);
    }
    __syncthreads();
    for (unsigned int b = threadIdx.x; b < bins_len; b += blockDim.x) {
        unsigned int* p = kxr::at(bins, bins_len, b, 1u, kx_err);
        if (p) atomicAdd(p, local[b]);
    }
}
"#,
    params: &[
        ParamKind::slice(DTypeId::U32),
        ParamKind::slice_mut(DTypeId::U32),
    ],
    param_names: &["data", "bins"],
    static_shared_bytes: 256 * 4,
    uses_block_sync: true,
    ..RawKernelDef::DEFAULT
};

pub fn histogram_shared(args: &RawArgs<'_>) {
    let data = args.slice::<u32>(0);
    let bins = args.slice_mut::<u32>(1);
    let local = shared::<u32>(0, 256);
    let (t, n) = (thread_idx().x, block_dim().x);
    // Shared memory starts zeroed on the CPU; the CUDA kernel clears it itself.
    sync_threads();
    let stride = grid_dim().x as usize * n as usize;
    let mut i = block_idx().x as usize * n as usize + t as usize;
    while i < data.len() {
        local.atomic_add(data.get(i) as usize % bins.len(), 1);
        i += stride;
    }
    sync_threads();
    let mut b = t as usize;
    while b < bins.len() {
        bins.atomic_add(b, local.get(b));
        b += n as usize;
    }
}

/// Per warp of 32 threads: the sum of its `x` (shuffle-down tree) and the ballot of its odd
/// values. Elements past `x.len()` count as 0.
pub static WARP_REDUCE: RawKernelDef = RawKernelDef {
    name: "warp_reduce",
    cuda_source: r#"
extern "C" __global__ void kxr_warp_reduce(const int* __restrict__ x, unsigned long long x_len,
                                           int* sums, unsigned long long sums_len,
                                           unsigned int* odd, unsigned long long odd_len,
                                           unsigned int* kx_err) {
    unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x;
    int v = i < x_len ? kxr::load(x, x_len, i, 0u, kx_err) : 0;
    unsigned int ballot = __ballot_sync(0xffffffffu, (v & 1) != 0);
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffffu, v, offset);
    if ((threadIdx.x & 31) == 0) {
        kxr::store(sums, sums_len, i / 32, v, 1u, kx_err);
        kxr::store(odd, odd_len, i / 32, ballot, 2u, kx_err);
    }
}
"#,
    params: &[
        ParamKind::slice(DTypeId::I32),
        ParamKind::slice_mut(DTypeId::I32),
        ParamKind::slice_mut(DTypeId::U32),
    ],
    param_names: &["x", "sums", "odd"],
    uses_warp_ops: true,
    ..RawKernelDef::DEFAULT
};

pub fn warp_reduce(args: &RawArgs<'_>) {
    let x = args.slice::<i32>(0);
    let sums = args.slice_mut::<i32>(1);
    let odd = args.slice_mut::<u32>(2);
    let i = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    let mut v = if i < x.len() { x.get(i) } else { 0 };
    let ballot = vote_ballot(v & 1 != 0);
    let mut offset = 16;
    while offset > 0 {
        v = v.wrapping_add(shfl_down(v, offset));
        offset /= 2;
    }
    if lane_id() == 0 {
        sums.set(i / 32, v);
        odd.set(i / 32, ballot);
    }
}

/// A butterfly all-reduce over each warp: every lane gets its warp's maximum.
pub static WARP_MAX: RawKernelDef = RawKernelDef {
    name: "warp_max",
    cuda_source: r#"
extern "C" __global__ void kxr_warp_max(float* x, unsigned long long x_len, unsigned int* kx_err) {
    unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x;
    float v = kxr::load(x, x_len, i, 0u, kx_err);
    for (int m = 16; m > 0; m /= 2) v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, m));
    kxr::store(x, x_len, i, v, 0u, kx_err);
}
"#,
    params: &[ParamKind::slice_mut(DTypeId::F32)],
    param_names: &["x"],
    uses_warp_ops: true,
    ..RawKernelDef::DEFAULT
};

pub fn warp_max(args: &RawArgs<'_>) {
    let x = args.slice_mut::<f32>(0);
    let i = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    let mut v = x.get(i);
    let mut m = 16;
    while m > 0 {
        v = v.max(shfl_xor(v, m));
        m /= 2;
    }
    x.set(i, v);
}

/// `out[i] = a * x[i] + out[i]` for a generic float `T` (a `typedef` per instantiation).
pub static AXPY: RawKernelDef = RawKernelDef {
    name: "axpy",
    cuda_source: r#"
extern "C" __global__ void kxr_axpy(T a, const T* __restrict__ x, unsigned long long x_len,
                                    T* out, unsigned long long out_len, unsigned int* kx_err) {
    unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < out_len)
        kxr::store(out, out_len, i, a * kxr::load(x, x_len, i, 1u, kx_err) + kxr::load((const T*)out, out_len, i, 2u, kx_err), 2u, kx_err);
}
"#,
    params: &[
        ParamKind::generic_scalar(0),
        ParamKind::generic_slice(0),
        ParamKind::generic_slice_mut(0),
    ],
    param_names: &["a", "x", "out"],
    type_params: &["T"],
    ..RawKernelDef::DEFAULT
};

pub fn axpy<T: DType + std::ops::Mul<Output = T> + std::ops::Add<Output = T>>(args: &RawArgs<'_>) {
    let a = args.scalar::<T>(0);
    let x = args.slice::<T>(1);
    let out = args.slice_mut::<T>(2);
    let i = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if i < out.len() {
        out.set(i, a * x.get(i) + out.get(i));
    }
}

/// Reads `x[i]` and writes `y[i]` for every thread, whatever the lengths: out-of-bounds
/// accesses on purpose.
pub static COPY_UNCHECKED: RawKernelDef = RawKernelDef {
    name: "copy_unchecked",
    cuda_source: r#"
extern "C" __global__ void kxr_copy_unchecked(const float* __restrict__ x, unsigned long long x_len,
                                              float* y, unsigned long long y_len, unsigned int* kx_err) {
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    kxr::store(y, y_len, i, kxr::load(x, x_len, i, 0u, kx_err), 1u, kx_err);
}
"#,
    params: &[
        ParamKind::slice(DTypeId::F32),
        ParamKind::slice_mut(DTypeId::F32),
    ],
    param_names: &["x", "y"],
    ..RawKernelDef::DEFAULT
};

pub fn copy_unchecked(args: &RawArgs<'_>) {
    let x = args.slice::<f32>(0);
    let y = args.slice_mut::<f32>(1);
    let i = block_idx().x * block_dim().x + thread_idx().x;
    y.set(i, x.get(i));
}

/// The transpose of `data` (`h` rows of `w`) by a plain loop: the reference.
pub fn transpose_reference(data: &[f32], w: usize, h: usize) -> Vec<f32> {
    let mut out = vec![0.0; data.len()];
    for r in 0..h {
        for c in 0..w {
            out[c * h + r] = data[r * w + c];
        }
    }
    out
}

/// Deterministic test data.
pub fn data_f32(n: usize, seed: u32) -> Vec<f32> {
    (0..n)
        .map(|i| {
            let h = (i as u32)
                .wrapping_mul(2654435761)
                .wrapping_add(seed.wrapping_mul(40503));
            (h % 20011) as f32 / 64.0 - 150.0
        })
        .collect()
}

/// Deterministic integers below `modulo`.
pub fn data_u32(n: usize, seed: u32, modulo: u32) -> Vec<u32> {
    (0..n)
        .map(|i| {
            (i as u32)
                .wrapping_mul(2654435761)
                .wrapping_add(seed.wrapping_mul(97))
                .rotate_left(7)
                % modulo
        })
        .collect()
}

/// `w x h` f32 data (from `seed`) transposed by `def` on `dev`: tiles of `TILE x ROWS` threads
/// for the shared-memory kernel, 16 x 16 otherwise. Returns the output's elements.
pub fn transpose_on(
    dev: &Device,
    def: &RawKernelDef,
    twin: fn(&RawArgs<'_>),
    w: usize,
    h: usize,
    seed: u32,
) -> Vec<f32> {
    let input = Array::from_vec(dev, &[h, w], data_f32(w * h, seed)).unwrap();
    let mut out = Array::<f32>::zeros(dev, &[w, h]).unwrap();
    let cfg = if def.uses_block_sync {
        LaunchConfig::new(
            ((w as u32).div_ceil(TILE), (h as u32).div_ceil(TILE)),
            (TILE, ROWS),
        )
    } else {
        LaunchConfig::new(((w as u32).div_ceil(16), (h as u32).div_ceil(16)), (16, 16))
    };
    raw::launch(
        def,
        &[],
        &cfg,
        &mut [
            Arg::slice(&input),
            Arg::slice_mut(&mut out),
            Arg::scalar(w as u32),
            Arg::scalar(h as u32),
        ],
        &twin,
    )
    .unwrap();
    raw::synchronize(dev).unwrap();
    out.to_vec().unwrap()
}
