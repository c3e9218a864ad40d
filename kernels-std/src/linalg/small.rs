//! Batches of small real systems (`n <= 8`), one system per thread: Gaussian elimination with
//! partial pivoting in a raw kernel, the same arithmetic as LAPACK's unblocked `getf2` +
//! `getrs`. A factorization library pays microseconds of setup per matrix, more than the
//! work of a 3 x 3 solve; NumPy's batched `solve` of 10^4 3 x 3 systems takes about 10 ms.
//!
//! Used by the CPU backend for real dtypes (complex batches go to faer one matrix at a time);
//! on a GPU cuBLAS's batched LU serves the same batches (as CuPy does). The kernel is compiled
//! by NVRTC in the tests like every shipped kernel.

use array_runtime::{Array, Device, Float, LaunchConfig, Result};
use kernel_macros::raw_kernel;

/// The largest order solved by the kernel.
pub(crate) const MAX_N: usize = 8;
/// The smallest batch for which the kernel is used.
pub(crate) const MIN_BATCH: usize = 16;

/// Solves `A_t X_t = B_t` in place for system `t` of a batch: `a` holds the `n x n` matrices
/// (overwritten by their LU factors), `b` the `n x k` right-hand sides (overwritten by the
/// solutions), `info[t]` is 0, or `i + 1` when pivot `i` is exactly zero (then `b` is left
/// partly transformed, as LAPACK leaves it). Row-major matrices, laid end to end.
#[raw_kernel]
pub(crate) fn lu_solve_small<T: Float>(a: &mut [T], b: &mut [T], info: &mut [i32], n: u64, k: u64) {
    let t = block_idx().x as u64 * block_dim().x as u64 + thread_idx().x as u64;
    if t < info.len() as u64 {
        let base = t * n * n;
        let rhs = t * n * k;
        let mut bad = 0i32;
        let mut c = 0u64;
        while c < n {
            // the pivot: the largest magnitude in column c at or below the diagonal
            let mut p = c;
            let mut best = a[(base + c * n + c) as usize].abs();
            let mut r = c + 1;
            while r < n {
                let v = a[(base + r * n + c) as usize].abs();
                if v > best {
                    best = v;
                    p = r;
                }
                r += 1;
            }
            if p != c {
                let mut j = 0u64;
                while j < n {
                    let x = a[(base + c * n + j) as usize];
                    a[(base + c * n + j) as usize] = a[(base + p * n + j) as usize];
                    a[(base + p * n + j) as usize] = x;
                    j += 1;
                }
                j = 0;
                while j < k {
                    let x = b[(rhs + c * k + j) as usize];
                    b[(rhs + c * k + j) as usize] = b[(rhs + p * k + j) as usize];
                    b[(rhs + p * k + j) as usize] = x;
                    j += 1;
                }
            }
            let d = a[(base + c * n + c) as usize];
            if d == 0i32.cast::<T>() {
                if bad == 0 {
                    bad = c as i32 + 1;
                }
            } else {
                let mut r = c + 1;
                while r < n {
                    let l = a[(base + r * n + c) as usize] / d;
                    a[(base + r * n + c) as usize] = l;
                    let mut j = c + 1;
                    while j < n {
                        let v = a[(base + r * n + j) as usize] - l * a[(base + c * n + j) as usize];
                        a[(base + r * n + j) as usize] = v;
                        j += 1;
                    }
                    j = 0;
                    while j < k {
                        let v = b[(rhs + r * k + j) as usize] - l * b[(rhs + c * k + j) as usize];
                        b[(rhs + r * k + j) as usize] = v;
                        j += 1;
                    }
                    r += 1;
                }
            }
            c += 1;
        }
        if bad == 0 {
            // back substitution with U
            let mut j = 0u64;
            while j < k {
                let mut i = n;
                while i > 0 {
                    i -= 1;
                    let mut s = b[(rhs + i * k + j) as usize];
                    let mut q = i + 1;
                    while q < n {
                        s = s - a[(base + i * n + q) as usize] * b[(rhs + q * k + j) as usize];
                        q += 1;
                    }
                    b[(rhs + i * k + j) as usize] = s / a[(base + i * n + i) as usize];
                }
                j += 1;
            }
        }
        info[t as usize] = bad;
    }
}

/// The kernel over a batch held in host vectors (the CPU backend's path): `a` (`batch * n * n`)
/// and `b` (`batch * n * k`) are overwritten; returns each system's `info`.
pub(crate) fn solve_real<T: Float>(
    a: Vec<T>,
    b: Vec<T>,
    n: usize,
    k: usize,
) -> Result<(Vec<T>, Vec<i32>)> {
    let dev = Device::Cpu;
    let batch = a.len() / (n * n);
    let mut aa = Array::from_vec(&dev, &[a.len()], a)?;
    let mut bb = Array::from_vec(&dev, &[b.len()], b)?;
    let mut info = Array::from_vec(&dev, &[batch], vec![0i32; batch])?;
    // One block per 128 systems: the emulator runs blocks in parallel.
    let cfg = LaunchConfig::for_elements(batch, 128);
    lu_solve_small::launch(&cfg, &mut aa, &mut bb, &mut info, n as u64, k as u64)?;
    Ok((bb.to_vec()?, info.to_vec()?))
}
