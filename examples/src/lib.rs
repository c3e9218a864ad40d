//! The kernels of the example programs, in a library so that the tests can reach them (every
//! kernel the project ships is compiled by NVRTC in the test suite).

use kernels_std::prelude::*;

/// `y = a * x + y`, one fused pass over the data.
#[elementwise]
pub fn saxpy(a: f32, x: f32, y: f32) -> f32 {
    a * x + y
}

/// A fused three-input expression: NumPy evaluates it with five temporaries.
#[elementwise]
pub fn fused3(x: f32, y: f32, z: f32) -> f32 {
    x * y + y * z + z * x
}

/// A copy: the bandwidth reference of the GPU benchmarks.
#[elementwise]
pub fn copy_f32(x: f32) -> f32 {
    x
}

/// NumPy's leaky ReLU, with an `if` expression.
#[elementwise]
pub fn leaky_relu(x: f32) -> f32 {
    if x > 0.0 {
        x
    } else {
        0.1 * x
    }
}

/// Polar to cartesian: two outputs from one pass.
#[elementwise]
pub fn polar_to_xy(r: f64, theta: f64) -> (f64, f64) {
    (r * theta.cos(), r * theta.sin())
}

/// The L2 norm of `cupy.ReductionKernel`'s documentation.
#[reduction]
pub mod l2norm {
    pub fn map(x: f32) -> f32 {
        x * x
    }
    pub fn combine(a: f32, b: f32) -> f32 {
        a + b
    }
    pub fn identity() -> f32 {
        0.0
    }
    pub fn finish(acc: f32) -> f32 {
        acc.sqrt()
    }
}

/// One element of a row divided by the row's L2 norm (CuPy's `x / norm(x, axis=1,
/// keepdims=True)`); a zero row stays zero instead of becoming NaN.
#[elementwise]
pub fn divide_by_norm(x: f32, norm: f32) -> f32 {
    if norm > 0.0 {
        x / norm
    } else {
        0.0
    }
}

/// Row-wise argmax (NumPy's `argmax(axis=1)`): the first maximum of each row, NaN counting as
/// the maximum. The accumulator is a (value, position) tuple; `#[index]` gives the position.
#[reduction]
pub mod argmax {
    pub fn map(x: f32, #[index] i: i64) -> (f32, i64) {
        (x, i)
    }
    pub fn combine(a: (f32, i64), b: (f32, i64)) -> (f32, i64) {
        let b_wins = if a.0.is_nan() || b.0.is_nan() {
            b.0.is_nan() && (!a.0.is_nan() || b.1 < a.1)
        } else {
            b.0 > a.0 || (b.0 == a.0 && b.1 < a.1)
        };
        if b_wins {
            b
        } else {
            a
        }
    }
    pub fn finish(acc: (f32, i64)) -> i64 {
        acc.1
    }
}

/// A tiled matrix transpose (`dst = src^T`, `src` is `rows x cols`): each 32x32 tile goes
/// through shared memory so that both the reads and the writes are coalesced. Blocks of 32x8
/// threads, a grid of `(cols / 32, rows / 32)` tiles (rounded up).
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

/// A histogram: `hist[v % bins] += 1` for every `v`, counted per block in shared memory with
/// atomics, then added to the global bins with atomics (at most 256 bins).
#[raw_kernel]
pub fn histogram(data: &[u32], hist: &mut [u32]) {
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
