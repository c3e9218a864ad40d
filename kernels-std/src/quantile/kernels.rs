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

/// NumPy's `nanmedian` of each sorted row (NaN last): the median of the row's numbers, NaN
/// for a row of NaN only.
#[raw_kernel]
pub(crate) fn nan_median_rows<F: Float>(sorted: &[F], out: &mut [F], n: usize, two: F) {
    let r = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if r < out.len() {
        let base = r * n;
        // k: the count of numbers, the first NaN's position.
        let mut lo = 0usize;
        let mut hi = n;
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if sorted[base + mid].is_nan() {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        let k = lo;
        if k == 0 {
            out[r] = sorted[base + n - 1];
        } else {
            let a = sorted[base + (k - 1) / 2];
            if k % 2 == 1 {
                out[r] = a;
            } else {
                out[r] = (a + sorted[base + k / 2]) / two;
            }
        }
    }
}

/// Where NumPy's linear quantile `q` of the numbers of each sorted row (NaN last) lies:
/// the neighbours `lo`, `hi`, the weight `gamma` and `1 - gamma` (in `f64`, as NumPy
/// computes them), and whether the upper formula applies (`gamma >= 0.5`). A row of NaN
/// only gets `lo = hi = n - 1` (its last element, a NaN) and weight 0.
#[raw_kernel]
#[allow(clippy::too_many_arguments)]
pub(crate) fn nan_positions<F: Float>(
    sorted: &[F],
    lo_out: &mut [u64],
    hi_out: &mut [u64],
    gamma: &mut [f64],
    one_minus_gamma: &mut [f64],
    upper: &mut [bool],
    n: usize,
    q: f64,
) {
    let r = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if r < gamma.len() {
        let base = r * n;
        let mut lo = 0usize;
        let mut hi = n;
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if sorted[base + mid].is_nan() {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        let k = lo;
        if k == 0 {
            lo_out[r] = (n - 1) as u64;
            hi_out[r] = (n - 1) as u64;
            gamma[r] = 0.0;
            one_minus_gamma[r] = 1.0;
            upper[r] = false;
        } else {
            let last = (k - 1) as f64;
            let virtual_index = last * q;
            let below = virtual_index.floor();
            let g = virtual_index - below;
            if virtual_index >= last {
                lo_out[r] = (k - 1) as u64;
                hi_out[r] = (k - 1) as u64;
            } else {
                lo_out[r] = below as u64;
                hi_out[r] = below as u64 + 1;
            }
            gamma[r] = g;
            one_minus_gamma[r] = 1.0 - g;
            upper[r] = g >= 0.5;
        }
    }
}

/// [`lerp_rows`] with a position per row (from [`nan_positions`], the weights converted to
/// the rows' dtype).
#[raw_kernel]
#[allow(clippy::too_many_arguments)]
pub(crate) fn nan_lerp_rows<F: Float>(
    sorted: &[F],
    lo: &[u64],
    hi: &[u64],
    gamma: &[F],
    one_minus_gamma: &[F],
    upper: &[bool],
    out: &mut [F],
    n: usize,
) {
    let r = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if r < out.len() {
        let a = sorted[r * n + lo[r] as usize];
        let b = sorted[r * n + hi[r] as usize];
        if a.is_nan() {
            out[r] = a;
        } else {
            let d = b - a;
            out[r] = if upper[r] {
                b - d * one_minus_gamma[r]
            } else {
                a + d * gamma[r]
            };
        }
    }
}
