//! The kernels of `numeric`: one thread per output element.

use crate::prelude::*;

/// NumPy's interpolation on the segment `[x0, x1]` of values `[y0, y1]` at `x`, given the
/// segment's `slope`: `slope (x - x0) + y0`, and when that is NaN (an infinite value or
/// slope) the same from the other end, and `y0` when both ends hold the same value (as
/// NumPy's `arr_interp`).
#[device_fn]
pub(crate) fn lerp_segment(x: f64, x0: f64, x1: f64, y0: f64, y1: f64, slope: f64) -> f64 {
    let mut r = slope * (x - x0) + y0;
    if r.is_nan() {
        r = slope * (x - x1) + y1;
        if r.is_nan() && y0 == y1 {
            r = y0;
        }
    }
    r
}

/// NumPy's `x % period` for a positive `period` (the remainder takes the divisor's sign,
/// a zero remainder is `+0.0`); `x` itself when `period` is 0 (no period).
#[device_fn]
pub(crate) fn wrap_period(x: f64, period: f64) -> f64 {
    if period == 0.0 {
        return x;
    }
    let mut m = x % period;
    if m == 0.0 {
        m = 0.0;
    } else if m < 0.0 {
        m += period;
    }
    m
}

/// NumPy's `interp` of real values: `out[i]` is `fp` interpolated at `x[i]` (wrapped into
/// `[0, period)` when `period` is not 0) among the increasing `xp`; `left`/`right` outside.
#[raw_kernel]
pub(crate) fn interp_real(
    x: &[f64],
    xp: &[f64],
    fp: &[f64],
    out: &mut [f64],
    left: f64,
    right: f64,
    period: f64,
) {
    let i = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if i < out.len() {
        let n = xp.len();
        let v = wrap_period(x[i], period);
        if n == 1 {
            out[i] = if v < xp[0] {
                left
            } else if v > xp[0] {
                right
            } else {
                fp[0]
            };
        } else if v.is_nan() {
            out[i] = v;
        } else {
            // Where v lies among the increasing xp: -1 below xp[0], n above xp[n - 1],
            // else the last j with xp[j] <= v (NumPy's binary_search_with_guess).
            let mut j: i64 = -1;
            if v > xp[n - 1] {
                j = n as i64;
            } else if v >= xp[0] {
                let mut lo = 0usize;
                let mut hi = n;
                while lo < hi {
                    let mid = lo + (hi - lo) / 2;
                    if v >= xp[mid] {
                        lo = mid + 1;
                    } else {
                        hi = mid;
                    }
                }
                j = lo as i64 - 1;
            }
            if j < 0 {
                out[i] = left;
            } else if j as usize >= n {
                out[i] = right;
            } else {
                let j = j as usize;
                if j == n - 1 || xp[j] == v {
                    out[i] = fp[j];
                } else {
                    let slope = (fp[j + 1] - fp[j]) / (xp[j + 1] - xp[j]);
                    out[i] = lerp_segment(v, xp[j], xp[j + 1], fp[j], fp[j + 1], slope);
                }
            }
        }
    }
}

/// NumPy's `interp` of complex values: [`interp_real`] on each part, with NumPy's complex
/// slope (each part's difference times `1 / (xp[j + 1] - xp[j])`); a NaN `x` gives
/// `NaN + 0i`.
#[raw_kernel]
pub(crate) fn interp_complex(
    x: &[f64],
    xp: &[f64],
    fp: &[c128],
    out: &mut [c128],
    left: c128,
    right: c128,
    period: f64,
) {
    let i = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if i < out.len() {
        let n = xp.len();
        let v = wrap_period(x[i], period);
        if n == 1 {
            out[i] = if v < xp[0] {
                left
            } else if v > xp[0] {
                right
            } else {
                fp[0]
            };
        } else if v.is_nan() {
            out[i] = Complex::new(v, 0.0);
        } else {
            // Where v lies among the increasing xp: -1 below xp[0], n above xp[n - 1],
            // else the last j with xp[j] <= v (NumPy's binary_search_with_guess).
            let mut j: i64 = -1;
            if v > xp[n - 1] {
                j = n as i64;
            } else if v >= xp[0] {
                let mut lo = 0usize;
                let mut hi = n;
                while lo < hi {
                    let mid = lo + (hi - lo) / 2;
                    if v >= xp[mid] {
                        lo = mid + 1;
                    } else {
                        hi = mid;
                    }
                }
                j = lo as i64 - 1;
            }
            if j < 0 {
                out[i] = left;
            } else if j as usize >= n {
                out[i] = right;
            } else {
                let j = j as usize;
                if j == n - 1 || xp[j] == v {
                    out[i] = fp[j];
                } else {
                    let inv = 1.0 / (xp[j + 1] - xp[j]);
                    let (a, b) = (fp[j], fp[j + 1]);
                    let re: f64 =
                        lerp_segment(v, xp[j], xp[j + 1], a.re, b.re, (b.re - a.re) * inv);
                    let im: f64 =
                        lerp_segment(v, xp[j], xp[j + 1], a.im, b.im, (b.im - a.im) * inv);
                    out[i] = Complex::new(re, im);
                }
            }
        }
    }
}

/// NumPy's `gradient` along the rows of `f` (`[rows, n]`, C-contiguous, `n >= 2`, or `>= 3`
/// for `second`): central differences inside, one-sided ones of order 1 (or 2 when `second`)
/// at the ends. Uniform spacing `dx` when `uniform`, else the coordinates' differences `h`
/// (`n - 1` of them). The formulas and their order of operations are NumPy's.
#[raw_kernel]
#[allow(clippy::too_many_arguments)]
pub(crate) fn gradient_rows(
    f: &[f64],
    h: &[f64],
    out: &mut [f64],
    n: usize,
    dx: f64,
    uniform: bool,
    second: bool,
) {
    let g = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if g < out.len() {
        let i = g % n;
        let r = g - i;
        if i > 0 && i < n - 1 {
            if uniform {
                out[g] = (f[g + 1] - f[g - 1]) / (2.0 * dx);
            } else {
                let d1 = h[i - 1];
                let d2 = h[i];
                let a = -d2 / (d1 * (d1 + d2));
                let b = (d2 - d1) / (d1 * d2);
                let c = d1 / (d2 * (d1 + d2));
                out[g] = a * f[g - 1] + b * f[g] + c * f[g + 1];
            }
        } else if !second {
            if i == 0 {
                let d = if uniform { dx } else { h[0] };
                out[g] = (f[r + 1] - f[r]) / d;
            } else {
                let d = if uniform { dx } else { h[n - 2] };
                out[g] = (f[r + n - 1] - f[r + n - 2]) / d;
            }
        } else if i == 0 {
            let (a, b, c) = if uniform {
                (-1.5 / dx, 2.0 / dx, -0.5 / dx)
            } else {
                let d1 = h[0];
                let d2 = h[1];
                (
                    -(2.0 * d1 + d2) / (d1 * (d1 + d2)),
                    (d1 + d2) / (d1 * d2),
                    -d1 / (d2 * (d1 + d2)),
                )
            };
            out[g] = a * f[r] + b * f[r + 1] + c * f[r + 2];
        } else {
            let (a, b, c) = if uniform {
                (0.5 / dx, -2.0 / dx, 1.5 / dx)
            } else {
                let d1 = h[n - 3];
                let d2 = h[n - 2];
                (
                    d2 / (d1 * (d1 + d2)),
                    -(d2 + d1) / (d1 * d2),
                    (2.0 * d2 + d1) / (d2 * (d1 + d2)),
                )
            };
            out[g] = a * f[r + n - 3] + b * f[r + n - 2] + c * f[r + n - 1];
        }
    }
}

/// `re + im i`.
#[elementwise]
pub(crate) fn complex_from_parts(re: f64, im: f64) -> c128 {
    Complex::new(re, im)
}

/// NumPy's `polyval` at each point: Horner's rule from `y = zero`, `y = y * x + p[k]` for
/// each coefficient (so that `x = inf` gives NaN as in NumPy; integers wrap).
#[raw_kernel]
pub(crate) fn polyval_points<T: Num>(p: &[T], x: &[T], out: &mut [T], zero: T) {
    let i = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if i < out.len() {
        let v = x[i];
        let mut acc = zero;
        for k in 0..p.len() {
            acc = acc * v + p[k];
        }
        out[i] = acc;
    }
}

/// NumPy's `vander`: element `(i, j)` of the `[len(x), n]` matrix is `x[i]` to the power
/// `j` (`increasing`) or `n - 1 - j`, as a product of repeated factors from the left
/// (NumPy's `multiply.accumulate`), `one` for the power 0.
#[raw_kernel]
pub(crate) fn vander_rows<T: Num>(x: &[T], out: &mut [T], n: usize, increasing: bool, one: T) {
    let g = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if g < out.len() {
        let i = g / n;
        let j = g % n;
        let power = if increasing { j } else { n - 1 - j };
        let v = x[i];
        let mut acc = one;
        if power > 0 {
            acc = v;
            for _ in 1..power {
                acc = acc * v;
            }
        }
        out[g] = acc;
    }
}

/// NumPy's window functions of `m > 1` points: element `i` at `n = 1 - m + 2 i` (NumPy's
/// `arange(1 - M, M, 2)`), with NumPy's formulas and order of operations. `kind`: 0
/// Bartlett, 1 Blackman, 2 Hamming, 3 Hann.
#[raw_kernel]
pub(crate) fn window_points(out: &mut [f64], m: usize, kind: u32) {
    let i = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if i < out.len() {
        let n = (1.0 - m as f64) + 2.0 * i as f64;
        let d = (m - 1) as f64;
        let pi = core::f64::consts::PI;
        out[i] = match kind {
            0 => {
                if n <= 0.0 {
                    1.0 + n / d
                } else {
                    1.0 - n / d
                }
            }
            1 => 0.42 + 0.5 * (pi * n / d).cos() + 0.08 * (2.0 * pi * n / d).cos(),
            2 => 0.54 + 0.46 * (pi * n / d).cos(),
            3 => 0.5 + 0.5 * (pi * n / d).cos(),
            // Kaiser's argument without beta: sqrt(1 - ((i - alpha) / alpha)^2), alpha =
            // (m - 1) / 2, which is n / d exactly (both scaled by 2).
            _ => (1.0 - (n / d) * (n / d)).sqrt(),
        };
    }
}
