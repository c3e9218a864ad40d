//! The raw kernels of the order statistics: one thread per sorted row.

use crate::prelude::*;

/// NumPy's linear interpolation between the sorted row's elements `lo` and `hi` at `gamma`
/// (`a + (b - a) * gamma`, or `b - (b - a) * (1 - gamma)` when `upper`, i.e. `gamma >= 0.5`,
/// as NumPy's `_lerp`); NaN when the row holds a NaN (sorted last).
#[raw_kernel]
#[allow(clippy::too_many_arguments)]
pub(crate) fn lerp_rows<F: Float>(
    sorted: &[F],
    out: &mut [F],
    n: usize,
    lo: usize,
    hi: usize,
    gamma: F,
    one_minus_gamma: F,
    upper: bool,
) {
    let r = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if r < out.len() {
        let last = sorted[r * n + n - 1];
        if last.is_nan() {
            out[r] = last;
        } else {
            let a = sorted[r * n + lo];
            let b = sorted[r * n + hi];
            let d = b - a;
            out[r] = if upper {
                b - d * one_minus_gamma
            } else {
                a + d * gamma
            };
        }
    }
}

/// The median of each sorted row: the middle element, or the mean `(a + b) / two` of the two
/// middle ones; NaN when the row holds a NaN.
#[raw_kernel]
pub(crate) fn median_rows<F: Float>(sorted: &[F], out: &mut [F], n: usize, two: F) {
    let r = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if r < out.len() {
        let last = sorted[r * n + n - 1];
        let a = sorted[r * n + (n - 1) / 2];
        if last.is_nan() {
            out[r] = last;
        } else if n % 2 == 1 {
            out[r] = a;
        } else {
            out[r] = (a + sorted[r * n + n / 2]) / two;
        }
    }
}
