//! Raw kernels shared by the tests: each runs on the CPU backend against a plain loop
//! (`tests/raw_kernel.rs`), compiles with NVRTC, and two have golden CUDA C.

use kernels_std::prelude::*;

/// `dst = srcᵀ` for a `rows x cols` matrix, through a padded 32 x 33 tile of shared memory:
/// blocks of 32 x 8 threads, each thread moving four elements in and four out.
#[raw_kernel]
pub fn transpose(src: &[f32], dst: &mut [f32], rows: u32, cols: u32) {
    let tile = shared_array::<f32, { 32 * 33 }>();
    let (tx, ty) = (thread_idx().x, thread_idx().y);
    let (bx, by) = (block_idx().x * 32, block_idx().y * 32);
    for k in (0..32u32).step_by(8) {
        let (r, c) = (by + ty + k, bx + tx);
        if r < rows && c < cols {
            tile[((ty + k) * 33 + tx) as usize] = src[r as usize * cols as usize + c as usize];
        }
    }
    sync_threads();
    for k in (0..32u32).step_by(8) {
        // Row `r` of the output is column `r` of the input.
        let (r, c) = (bx + ty + k, by + tx);
        if r < cols && c < rows {
            dst[r as usize * rows as usize + c as usize] = tile[(tx * 33 + ty + k) as usize];
        }
    }
}

/// `hist[v % hist.len()] += 1` for every `v` of `data`: a grid-stride loop of global atomics.
#[raw_kernel]
pub fn histogram(data: &[u32], hist: &mut [u32]) {
    let stride = (grid_dim().x * block_dim().x) as usize;
    let mut i = (block_idx().x * block_dim().x + thread_idx().x) as usize;
    while i < data.len() {
        let bin = data[i] as usize % hist.len();
        atomic_add(&hist, bin, 1);
        i += stride;
    }
}

/// The same histogram counted per block in shared memory, then added to the global bins
/// (`hist.len() <= 256`).
#[raw_kernel]
pub fn histogram_shared(data: &[u32], hist: &mut [u32]) {
    let local = shared_array::<u32, 256>();
    let (t, n) = (thread_idx().x, block_dim().x);
    let mut b = t;
    while b < 256 {
        local[b] = 0;
        b += n;
    }
    sync_threads();
    let bins = hist.len();
    let mut i = (block_idx().x * n + t) as usize;
    while i < data.len() {
        atomic_add(&local, data[i] as usize % bins, 1);
        i += (grid_dim().x * n) as usize;
    }
    sync_threads();
    let mut b = t as usize;
    while b < bins {
        let count = local[b];
        if count > 0 {
            atomic_add(&hist, b, count);
        }
        b += n as usize;
    }
}

/// One sum per block: a tree in static shared memory (blocks of at most 256 threads, a power
/// of two).
#[raw_kernel]
pub fn block_sum(x: &[f32], sums: &mut [f32]) {
    let buf = shared_array::<f32, 256>();
    let t = thread_idx().x;
    let i = (block_idx().x * block_dim().x + t) as usize;
    buf[t] = if i < x.len() { x[i] } else { 0.0 };
    sync_threads();
    let mut s = block_dim().x / 2;
    while s > 0 {
        if t < s {
            buf[t] += buf[t + s];
        }
        sync_threads();
        s /= 2;
    }
    if t == 0 {
        sums[block_idx().x] = buf[0];
    }
}

/// One sum per block for any float type, in dynamic shared memory (one element per thread).
#[raw_kernel]
pub fn block_sum_dyn<T: Float>(x: &[T], sums: &mut [T], zero: T) {
    let buf = dyn_shared::<T>();
    let t = thread_idx().x;
    let i = (block_idx().x * block_dim().x + t) as usize;
    buf[t] = if i < x.len() { x[i] } else { zero };
    let mut s = block_dim().x / 2;
    while s > 0 {
        sync_threads();
        if t < s {
            buf[t] = buf[t] + buf[t + s];
        }
        s /= 2;
    }
    if t == 0 {
        sums[block_idx().x] = buf[0];
    }
}

/// Per warp: the sum of its `x` (a shuffle-down tree; past the end counts as 0) and the
/// ballot of its odd values.
#[raw_kernel]
pub fn warp_sum(x: &[i32], sums: &mut [i32], odd: &mut [u32]) {
    let i = (block_idx().x * block_dim().x + thread_idx().x) as usize;
    let mut v = if i < x.len() { x[i] } else { 0 };
    let ballot = vote_ballot(v & 1 != 0);
    let mut offset = 16;
    while offset > 0 {
        v += shfl_down(v, offset);
        offset /= 2;
    }
    if lane_id() == 0 {
        sums[i / 32] = v;
        odd[i / 32] = ballot;
    }
}

/// A butterfly all-reduce: every lane gets its warp's maximum (`x.len()` a multiple of 32).
#[raw_kernel]
pub fn warp_max(x: &mut [f32]) {
    let i = (block_idx().x * block_dim().x + thread_idx().x) as usize;
    let mut v = x[i];
    let mut m = 16;
    while m > 0 {
        v = v.max(shfl_xor(v, m));
        m /= 2;
    }
    x[i] = v;
}

/// `out[i] = a * x[i] + out[i]` for any float type.
#[raw_kernel]
pub fn axpy<T: Float>(a: T, x: &[T], out: &mut [T]) {
    let i = (block_idx().x * block_dim().x + thread_idx().x) as usize;
    if i < out.len() {
        out[i] = a * x[i] + out[i];
    }
}

/// Copies `x` into `y` with one thread per element and no bounds test: a launch with more
/// threads than elements reads past the end of `x`.
#[raw_kernel]
pub fn copy_unchecked(x: &[f32], y: &mut [f32]) {
    let i = block_idx().x * block_dim().x + thread_idx().x;
    y[i] = x[i];
}

/// Half the block returns before the barrier that the other half waits at.
#[raw_kernel]
pub fn partial_barrier(x: &mut [f32]) {
    let t = thread_idx().x;
    if t < 16 {
        return;
    }
    sync_threads();
    x[t] = 1.0;
}

/// Every atomic on every dtype it applies to (thread `t` of one block works on element 0).
#[raw_kernel]
pub fn atomics(
    ints: &mut [i32],
    uints: &mut [u32],
    longs: &mut [i64],
    ulongs: &mut [u64],
    floats: &mut [f32],
    doubles: &mut [f64],
) {
    let t = thread_idx().x;
    atomic_add(&ints, 0, 1);
    atomic_sub(&ints, 1, t as i32);
    atomic_min(&ints, 2, -(t as i32));
    atomic_max(&ints, 3, t as i32);
    atomic_and(&uints, 0, !(1u32 << t));
    atomic_or(&uints, 1, 1u32 << t);
    atomic_xor(&uints, 2, 1u32 << t);
    atomic_exch(&uints, 3, 7);
    atomic_add(&longs, 0, t as i64);
    atomic_sub(&longs, 1, 1);
    atomic_min(&longs, 2, t as i64 - 100);
    atomic_max(&longs, 3, t as i64 * 1000000000000);
    atomic_or(&longs, 4, 1i64 << t);
    atomic_add(&ulongs, 0, t as u64);
    atomic_max(&ulongs, 1, t as u64);
    atomic_xor(&ulongs, 2, 1u64 << t);
    let seen = atomic_cas(&ulongs, 3, 0, 1);
    atomic_add(&floats, 0, 0.5);
    atomic_exch(&floats, 1, 2.0);
    atomic_cas(&floats, 2, 0.0, 3.0);
    atomic_add(&doubles, 0, 0.25);
    atomic_exch(&doubles, 1, -1.0);
    if seen == 0 {
        atomic_add(&doubles, 2, 1.0);
    }
}

/// A helper in the kernel language, called from a raw kernel.
#[kernel_macros::device_fn]
pub fn clamp_unit(v: f32) -> f32 {
    v.clamp(0.0, 1.0)
}

/// Parameters named like the generated code's locals (`args`, `cfg`, `type_args`), indices
/// kept whole (`Dim3`), a device function and a read-modify-write through `usize`.
#[raw_kernel]
pub fn hygiene(args: &[f32], cfg: &mut [f32], type_args: u32) {
    let (t, b, d, g) = (thread_idx(), block_idx(), block_dim(), grid_dim());
    let i = (b.x * d.x + t.x) as usize;
    let total = (g.x * d.x) as usize;
    if i < cfg.len() && i < total {
        cfg[i] += clamp_unit(args[i]) * type_args as f32;
    }
}

/// Reverses each block's run of `x` through a static shared array of the element type (a
/// type parameter: 16 bytes an element are reserved, the most a dtype takes).
#[raw_kernel]
pub fn reverse_blocks<T: DType>(x: &mut [T]) {
    let tile = shared_array::<T, 64>();
    let (t, n) = (thread_idx().x, block_dim().x);
    let base = (block_idx().x * n) as usize;
    tile[t] = x[base + t as usize];
    sync_threads();
    x[base + t as usize] = tile[n - 1 - t];
}
