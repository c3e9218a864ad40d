//! The raw kernels of `csgraph` (the data-parallel steps of `laplacian`), one thread per
//! node or per stored entry.

use crate::prelude::*;

/// `flags[j]`: 1 when entry `j` is off the diagonal (`row != col`), else 0.
#[raw_kernel]
pub(crate) fn off_diagonal_flags<I: Int>(row: &[I], col: &[I], flags: &mut [i64]) {
    let j = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if j < flags.len() {
        let mut f: i64 = 0;
        if row[j] != col[j] {
            f = 1;
        }
        flags[j] = f;
    }
}

/// One thread per node `i`: the degree `w[i] = sums[i] - diag[i]` (SciPy's `m.sum(axis) -
/// m.diagonal()`) and the coordinate `idx[i] = i` of the diagonal entry the Laplacian gets.
#[raw_kernel]
pub(crate) fn laplacian_degrees<T: Num, I: Int>(
    sums: &[T],
    diag: &[T],
    w: &mut [T],
    idx: &mut [I],
) {
    let i = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if i < w.len() {
        w[i] = sums[i] - diag[i];
        idx[i] = (i as i64).cast::<I>();
    }
}

/// One thread per node, for `normed`: the square roots `root` of the degrees become the
/// scale `w` (1 for an isolated node, whose degree is 0) and the diagonal value `diag`
/// (SciPy's `1 - isolated`).
#[raw_kernel]
pub(crate) fn laplacian_normed_diagonal<T: Num>(root: &[T], w: &mut [T], diag: &mut [T]) {
    let i = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if i < w.len() {
        let zero = false.cast::<T>();
        let one = true.cast::<T>();
        let r = root[i];
        let mut scale = r;
        let mut d = one;
        if r == zero {
            scale = one;
            d = zero;
        }
        w[i] = scale;
        diag[i] = d;
    }
}

/// One thread per off-diagonal entry: `out = -data` or, for `normed`, `-(data / w[row] /
/// w[col])` (SciPy's in-place `/=`, `/=`, `*= -1`, in that order).
#[raw_kernel]
pub(crate) fn laplacian_entries<T: Num, I: Int>(
    row: &[I],
    col: &[I],
    data: &[T],
    w: &[T],
    out: &mut [T],
    normed: u32,
) {
    let j = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if j < out.len() {
        let mut v = data[j];
        if normed == 1 {
            v = v / w[row[j].cast::<i64>() as usize];
            v = v / w[col[j].cast::<i64>() as usize];
        }
        out[j] = v * (-1i64).cast::<T>();
    }
}
