//! The raw kernels of the order statistics: one thread per sorted row.

use crate::math::kernels::rint_in;
use crate::prelude::*;

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

/// Hyndman and Fan's virtual index `k q + (alpha + q (1 - alpha - beta)) - 1` (0-based),
/// evaluated in NumPy's order of operations.
#[device_fn]
pub(crate) fn hyndman_fan_index(k: f64, q: f64, alpha: f64, beta: f64) -> f64 {
    k * q + (alpha + q * (1.0 - alpha - beta)) - 1.0
}

/// The index NumPy's discrete `method` (a [`QuantileMethod`](super::QuantileMethod) code:
/// 0 `inverted_cdf`, 2 `closest_observation`, 9 `lower`, 10 `higher`, 12 `nearest`) takes
/// for quantile `q` of `k` sorted values, as an integral `f64` in `[0, k - 1]`.
#[device_fn]
pub(crate) fn discrete_index(k: f64, q: f64, method: u32) -> f64 {
    let last = (k - 1.0) * q;
    if method == 9 {
        last.floor()
    } else if method == 10 {
        last.ceil()
    } else if method == 12 {
        rint_in::<f64>(last)
    } else {
        // inverted_cdf: the next index unless the position is integral; closest_observation:
        // the same, shifted by a half, and the previous index only when it is odd (Python's
        // `%`, whose result takes the divisor's sign).
        let v = if method == 0 {
            k * q - 1.0
        } else {
            k * q - 1.0 - 0.5
        };
        let prev = v.floor();
        let odd = prev - 2.0 * (prev / 2.0).floor() == 1.0;
        let at_prev = v - prev == 0.0 && (method == 0 || odd);
        let idx = if at_prev { prev } else { prev + 1.0 };
        if idx < 0.0 {
            0.0
        } else {
            idx
        }
    }
}

/// The virtual (fractional) index of NumPy's interpolating `method` (codes 1
/// `averaged_inverted_cdf`, 3 `interpolated_inverted_cdf`, 4 `hazen`, 5 `weibull`,
/// 6 `linear`, 7 `median_unbiased`, 8 `normal_unbiased`, 11 `midpoint`) for quantile `q` of
/// `k` sorted values, with NumPy's formulas.
#[device_fn]
pub(crate) fn virtual_index(k: f64, q: f64, method: u32) -> f64 {
    if method == 1 {
        k * q - 1.0
    } else if method == 3 {
        hyndman_fan_index(k, q, 0.0, 1.0)
    } else if method == 4 {
        hyndman_fan_index(k, q, 0.5, 0.5)
    } else if method == 5 {
        hyndman_fan_index(k, q, 0.0, 0.0)
    } else if method == 7 {
        hyndman_fan_index(k, q, 1.0 / 3.0, 1.0 / 3.0)
    } else if method == 8 {
        hyndman_fan_index(k, q, 3.0 / 8.0, 3.0 / 8.0)
    } else if method == 11 {
        let last = (k - 1.0) * q;
        0.5 * (last.floor() + last.ceil())
    } else {
        (k - 1.0) * q
    }
}

/// NumPy's previous index for the virtual index `v` among `k` values: `-1` (the last one)
/// from `k - 1` on, 0 below 0, else the floor of `v`. The interpolation weight is measured
/// from it (so that it is `v + 1` past the end, as in NumPy).
#[device_fn]
pub(crate) fn previous_index(v: f64, k: f64) -> f64 {
    if v >= k - 1.0 {
        -1.0
    } else if v < 0.0 {
        0.0
    } else {
        v.floor()
    }
}

/// NumPy's interpolation weight of virtual index `v` from `previous` (see [`previous_index`]),
/// fixed as `method` requires: `averaged_inverted_cdf` weighs 1/2 at an integral position and
/// 1 elsewhere, `midpoint` 0 at an integral position and 1/2 elsewhere.
#[device_fn]
pub(crate) fn interpolation_weight(v: f64, previous: f64, method: u32) -> f64 {
    let gamma = v - previous;
    if method == 1 {
        if gamma == 0.0 {
            0.5
        } else {
            1.0
        }
    } else if method == 11 {
        if v.floor() == v {
            0.0
        } else {
            0.5
        }
    } else {
        gamma
    }
}

/// Where the quantile `q` of each sorted row (NaN last) lies for `method`: the neighbours
/// `lo`, `hi`, the weight `gamma` and `1 - gamma` (in `f64`, as NumPy computes them for a
/// Python float `q`), and whether the upper formula applies (`gamma >= 0.5`). With
/// `skip_nan`, among the row's numbers only (NumPy's `nanquantile`); without, a row holding
/// a NaN gets `lo = hi = n - 1` (its last element, a NaN), as does a row of NaN only. For a
/// discrete method `lo = hi` is the element taken. `x != x` finds a NaN in any dtype
/// (integers have none).
#[raw_kernel]
#[allow(clippy::too_many_arguments)]
pub(crate) fn positions<T: Num>(
    sorted: &[T],
    lo_out: &mut [u64],
    hi_out: &mut [u64],
    gamma: &mut [f64],
    one_minus_gamma: &mut [f64],
    upper: &mut [bool],
    n: usize,
    q: f64,
    method: u32,
    skip_nan: bool,
) {
    let r = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if r < gamma.len() {
        let base = r * n;
        let last_value = sorted[base + n - 1];
        let mut k = n;
        if last_value != last_value {
            if skip_nan {
                // The count of numbers: the first NaN's position.
                let mut lo = 0usize;
                let mut hi = n;
                while lo < hi {
                    let mid = lo + (hi - lo) / 2;
                    let x = sorted[base + mid];
                    if x != x {
                        hi = mid;
                    } else {
                        lo = mid + 1;
                    }
                }
                k = lo;
            } else {
                k = 0;
            }
        }
        if k == 0 {
            lo_out[r] = (n - 1) as u64;
            hi_out[r] = (n - 1) as u64;
            gamma[r] = 0.0;
            one_minus_gamma[r] = 1.0;
            upper[r] = false;
        } else if method == 0 || method == 2 || method == 9 || method == 10 || method == 12 {
            let idx = discrete_index(k as f64, q, method) as u64;
            lo_out[r] = idx;
            hi_out[r] = idx;
            gamma[r] = 0.0;
            one_minus_gamma[r] = 1.0;
            upper[r] = false;
        } else {
            let kf = k as f64;
            let v = virtual_index(kf, q, method);
            let prev = previous_index(v, kf);
            if prev < 0.0 {
                lo_out[r] = (k - 1) as u64;
                hi_out[r] = (k - 1) as u64;
            } else if v < 0.0 {
                lo_out[r] = 0;
                hi_out[r] = 0;
            } else {
                lo_out[r] = prev as u64;
                hi_out[r] = prev as u64 + 1;
            }
            let g = interpolation_weight(v, prev, method);
            gamma[r] = g;
            one_minus_gamma[r] = 1.0 - g;
            upper[r] = g >= 0.5;
        }
    }
}

/// The element `idx[r]` of each sorted row (a discrete method's quantile; a NaN when
/// [`positions`] pointed at one).
#[raw_kernel]
pub(crate) fn take_rows<T: Num>(sorted: &[T], idx: &[u64], out: &mut [T], n: usize) {
    let r = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if r < out.len() {
        out[r] = sorted[r * n + idx[r] as usize];
    }
}

/// NumPy's linear interpolation (`_lerp`) between each sorted row's elements `lo[r]` and
/// `hi[r]` at `gamma[r]`: `a + (b - a) gamma`, or `b - (b - a) (1 - gamma)` where `upper`
/// (`gamma >= 0.5`); NaN when `a` is (see [`positions`]). The weights are in the rows' dtype.
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
