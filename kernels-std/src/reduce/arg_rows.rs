//! `argmax` and `argmin` over the last axis of a C-contiguous array on the CPU whose rows are
//! short (the caller's choice; `arg.rs` sends long rows to vectorized `max`/`min` passes):
//! rows in parallel tasks compiled for AVX-512 where the CPU has it. Rows of at most
//! [`VERTICAL`] elements go [`ROWS`] at a time, a row per lane, in one pass of (extreme,
//! position). Longer rows take two passes each: the extreme ([`LANES`] interleaved lanes), then
//! its first position (runs of [`RUN`] elements tested whole, then searched). The one-pass kernel of (value, position)
//! pairs, which the CPU fold does not vectorize, stays the path of other axes and layouts and
//! of the GPU.
//!
//! Measured (session 45): LLVM turns the lanes' loop into 512-bit compares and blends when it
//! is the only loop of a function, but only into a few 128-bit ones inside this row loop; the
//! position's pass is vectorized. So long rows stay with the `max`/`min` kernels.
//!
//! The result is NumPy's: the first position of the largest (smallest) value, or of the first
//! NaN when the row has one. Only the extreme's value is taken from the first pass, so the order
//! in which its lanes combine does not matter: `-0.0` and `0.0` compare equal, and the second
//! pass finds whichever of them comes first, as NumPy's strict comparison does.

use array_runtime::cuda::blas_support::host_storage;
use array_runtime::kernel::elementwise::run_compute;
use array_runtime::{Array, Num, Result};
use rayon::prelude::*;

/// Interleaved lanes of the extreme's pass (one 512-bit register of `f32`, two of `f64`).
const LANES: usize = 16;
/// Elements tested at once by the position's pass before it searches them one by one.
const RUN: usize = 64;
/// Rows reduced together by [`rows_together`], one per lane.
const ROWS: usize = 16;
/// The longest rows reduced [`ROWS`] at a time: measured in a standalone loop (AVX-512, one
/// thread), 7.5 ns a row against 31 ns for two passes per row at 8 elements, 15.6 against
/// 26-35 ns at 16, 31-37 against 47-54 ns at 32; at 64 the two are even.
const VERTICAL: usize = 32;
/// Elements per parallel task: rows are grouped into tasks of about this many elements.
const TASK: usize = 1 << 15;

/// The first position of the largest (`MAX`) or smallest value of every row of `a` (rows
/// along the last axis), as an array of `a`'s shape without its last axis (kept as 1 with
/// `keepdims`). `None` (for the kernel) when `a` is not on the CPU, not C-contiguous, 0-d, or
/// has empty rows (the kernel's error).
pub(super) fn arg_rows<T: Num, const MAX: bool>(
    a: &Array<T>,
    keepdims: bool,
) -> Result<Option<Array<i64>>> {
    let nd = a.ndim();
    if nd == 0 || !a.device().is_cpu() || !a.is_c_contiguous() {
        return Ok(None);
    }
    let n = a.shape()[nd - 1];
    let Some(storage) = host_storage(a) else {
        return Ok(None);
    };
    let offset = a.layout().offset;
    let Some(data) = storage.get(offset..offset + a.len()) else {
        return Ok(None);
    };
    if n == 0 {
        return Ok(None);
    }
    let rows = a.len() / n;
    let mut shape = a.shape()[..nd - 1].to_vec();
    if keepdims {
        shape.push(1);
    }
    let mut out = array_runtime::cpu::host_vec::filled(rows, 0i64)?;
    let rows_per_task = (TASK / n).max(1);
    out.par_chunks_mut(rows_per_task)
        .zip(data.par_chunks(rows_per_task * n))
        .for_each(|(o, x)| {
            run_compute(
                #[inline(always)]
                || {
                    // Rows of at most VERTICAL elements sixteen at a time, one row per lane.
                    let vertical = if n <= VERTICAL {
                        o.len() / ROWS * ROWS
                    } else {
                        0
                    };
                    let (o_vertical, o_rest) = o.split_at_mut(vertical);
                    let (x_vertical, x_rest) = x.split_at(vertical * n);
                    for (o, x) in o_vertical
                        .chunks_exact_mut(ROWS)
                        .zip(x_vertical.chunks_exact(ROWS * n))
                    {
                        rows_together::<T, MAX>(x, n, o);
                    }
                    for (o, row) in o_rest.iter_mut().zip(x_rest.chunks_exact(n)) {
                        *o = first_extreme::<T, MAX>(row).1 as i64;
                    }
                },
            )
        });
    Array::from_vec(&a.device(), &shape, out).map(Some)
}

/// Whether `x`, met after `acc`, replaces it as the first extreme: `x` is NaN, or larger
/// (`MAX`) or smaller, and `acc` is not NaN already.
#[inline(always)]
#[allow(clippy::eq_op)]
pub(super) fn replaces<T: Num, const MAX: bool>(acc: T, x: T) -> bool {
    // Bitwise, not short-circuit: the lanes' loop then compiles to compares and blends.
    let better = if MAX { x > acc } else { x < acc };
    (acc == acc) & (better | (x != x))
}

/// The first positions of the extremes of the [`ROWS`] rows of `n` elements of `x` into `out`,
/// the rows side by side in lanes: one pass of (extreme, position) per row, the strict
/// comparison keeping the first of equal values and the first NaN ([`replaces`]).
#[inline(always)]
fn rows_together<T: Num, const MAX: bool>(x: &[T], n: usize, out: &mut [i64]) {
    let mut acc: [T; ROWS] = std::array::from_fn(|r| x[r * n]);
    let mut at = [0i64; ROWS];
    for j in 1..n {
        for r in 0..ROWS {
            let v = x[r * n + j];
            let m = replaces::<T, MAX>(acc[r], v);
            acc[r] = if m { v } else { acc[r] };
            at[r] = if m { j as i64 } else { at[r] };
        }
    }
    out.copy_from_slice(&at);
}

/// The extreme of `x` (non-empty) and its first position.
#[inline(always)]
#[allow(clippy::eq_op)]
fn first_extreme<T: Num, const MAX: bool>(x: &[T]) -> (T, usize) {
    // The extreme's value, over interleaved lanes combined pairwise.
    let mut lanes = [x[0]; LANES];
    let mut chunks = x.chunks_exact(LANES);
    for c in &mut chunks {
        for l in 0..LANES {
            let r = replaces::<T, MAX>(lanes[l], c[l]);
            lanes[l] = if r { c[l] } else { lanes[l] };
        }
    }
    for &v in chunks.remainder() {
        if replaces::<T, MAX>(lanes[0], v) {
            lanes[0] = v;
        }
    }
    let mut width = LANES / 2;
    while width > 0 {
        for l in 0..width {
            let r = replaces::<T, MAX>(lanes[l], lanes[l + width]);
            lanes[l] = if r { lanes[l + width] } else { lanes[l] };
        }
        width /= 2;
    }
    let m = lanes[0];
    // Its first position: the first run holding it, then the place in that run.
    let nan = m != m;
    let hit = |v: T| (v == m) | (nan & (v != v));
    let mut at = 0;
    for run in x.chunks(RUN) {
        if run.iter().fold(false, |any, &v| any | hit(v)) {
            return (m, at + run.iter().position(|&v| hit(v)).unwrap_or(0));
        }
        at += run.len();
    }
    (m, 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use array_runtime::Device;

    /// NumPy's rule, one element at a time.
    fn reference<T: Num>(row: &[T], max: bool) -> usize {
        let mut best = 0;
        for (i, &v) in row.iter().enumerate().skip(1) {
            let b = row[best];
            let nan = |x: T| x.partial_cmp(&x).is_none();
            if nan(b) {
                break;
            }
            if nan(v) || (max && v > b) || (!max && v < b) {
                best = i;
            }
        }
        best
    }

    fn check<T: Num>(rows: usize, n: usize, data: Vec<T>) {
        let a = Array::from_vec(&Device::cpu(), &[rows, n], data.clone()).unwrap();
        let max = arg_rows::<T, true>(&a, false)
            .unwrap()
            .unwrap()
            .to_vec()
            .unwrap();
        let min = arg_rows::<T, false>(&a, true).unwrap().unwrap();
        assert_eq!(min.shape(), &[rows, 1]);
        let min = min.to_vec().unwrap();
        for (r, row) in data.chunks(n).enumerate() {
            assert_eq!(
                max[r] as usize,
                reference(row, true),
                "max row {r} of {rows}x{n}"
            );
            assert_eq!(
                min[r] as usize,
                reference(row, false),
                "min row {r} of {rows}x{n}"
            );
        }
    }

    fn values(len: usize, seed: u64) -> Vec<f64> {
        let mut s = seed;
        (0..len)
            .map(|_| {
                s = s
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                ((s >> 40) % 97) as f64 - 48.0
            })
            .collect()
    }

    #[test]
    fn rows_of_every_length_give_numpys_first_extreme() {
        // Short rows (one lane group, a remainder), rows around the run and task sizes;
        // values with many ties.
        for (rows, n) in [
            (7, 1),
            (9, 16),
            (5, 17),
            (3, 63),
            (4, 130),
            (40, 1000),
            (1, 3 * TASK + 5),
        ] {
            let v = values(rows * n, (rows * n) as u64);
            check(rows, n, v.clone());
            check(rows, n, v.iter().map(|&x| x as f32).collect());
            check(rows, n, v.iter().map(|&x| x as i32).collect());
            check(rows, n, v.iter().map(|&x| (x + 48.0) as u8).collect());
        }
    }

    #[test]
    fn nan_wins_and_signed_zeros_tie() {
        let nan = f64::NAN;
        let rows = [
            vec![1.0, nan, 5.0, nan],
            vec![nan, 1.0, 2.0, 3.0],
            vec![0.0, -0.0, 0.0, -1.0],
            vec![-0.0, 0.0, -0.0, 1.0],
            vec![f64::NEG_INFINITY, f64::INFINITY, 2.0, f64::INFINITY],
        ];
        for row in &rows {
            check(1, 4, row.clone());
            check(1, 4, row.iter().map(|&x| x as f32).collect());
        }
        // The same rows side by side, sixteen and more at a time.
        let many: Vec<f64> = (0..37).flat_map(|r| rows[r % rows.len()].clone()).collect();
        check(37, 4, many.clone());
        check(37, 4, many.iter().map(|&x| x as f32).collect());
        // NaNs late in a long row.
        let mut long = values(3 * TASK, 5);
        long[TASK + 9] = nan;
        long[2 * TASK + 1] = nan;
        check(1, 3 * TASK, long);
    }

    #[test]
    fn other_layouts_and_empty_rows_are_left_to_the_kernel() {
        let dev = Device::cpu();
        let a = Array::from_vec(&dev, &[2, 3], vec![1.0f64, 2.0, 3.0, 4.0, 5.0, 6.0]).unwrap();
        assert!(arg_rows::<f64, true>(&a.t(), false).unwrap().is_none());
        let empty = Array::<f64>::zeros(&dev, &[3, 0]).unwrap();
        assert!(arg_rows::<f64, true>(&empty, false).unwrap().is_none());
        let scalar = Array::from_vec(&dev, &[], vec![1.0f64]).unwrap();
        assert!(arg_rows::<f64, true>(&scalar, false).unwrap().is_none());
    }
}
