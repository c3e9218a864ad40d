//! The kernels of generated data: the element index (a raw kernel, the only place an index
//! is produced) and the band tests of `eye`, `tri`, `tril`, `triu`, elementwise over a column
//! of row indices and a row of column indices.

use array_runtime::{Array, DType, Device, Num, Result};
use kernel_macros::{device_fn, elementwise, raw_kernel};

use crate::shape::kernels::{for_overwrite, launch_for};

/// `out[i] = i` for the `per_thread` consecutive elements of each thread.
#[raw_kernel]
pub(crate) fn iota(out: &mut [i64], per_thread: u64) {
    let t = block_idx().x as u64 * block_dim().x as u64 + thread_idx().x as u64;
    let n = out.len() as u64;
    let start = t * per_thread;
    let mut i = start;
    while i < n && i < start + per_thread {
        out[i as usize] = i as i64;
        i += 1;
    }
}

/// `on` where `col - row == k`, else `off` (`eye`).
#[elementwise]
pub(crate) fn on_diagonal<T: DType>(row: i64, col: i64, k: i64, on: T, off: T) -> T {
    if col - row == k {
        on
    } else {
        off
    }
}

/// `x` where `col - row <= k` (on and below the `k`-th diagonal), else `zero` (`tri`, `tril`).
#[elementwise]
pub(crate) fn keep_lower<T: DType>(row: i64, col: i64, k: i64, x: T, zero: T) -> T {
    if col - row <= k {
        x
    } else {
        zero
    }
}

/// `x` where `col - row >= k` (on and above the `k`-th diagonal), else `zero` (`triu`).
#[elementwise]
pub(crate) fn keep_upper<T: DType>(row: i64, col: i64, k: i64, x: T, zero: T) -> T {
    if col - row >= k {
        x
    } else {
        zero
    }
}

/// Element `i` of an integer `arange`: `start + i * step` in `i64`, converted (the range's
/// elements are checked to fit `T` on the host).
#[elementwise]
pub(crate) fn arange_int<T: DType>(i: i64, start: i64, step: i64) -> T {
    (start + i * step).cast::<T>()
}

/// Element `i` of a float `arange` as NumPy's `fill` computes it: the first two elements as
/// given, then `start + i * delta` in the working type `W` (`f32` for `f16`/`bf16`, else `T`)
/// with `delta = second - start`, converted to `T`.
#[elementwise]
pub(crate) fn arange_float<T: DType, W: Num>(i: i64, start: W, second: W, delta: W) -> T {
    let v = if i == 0 {
        start
    } else if i == 1 {
        second
    } else {
        start + i.cast::<W>() * delta
    };
    v.cast::<T>()
}

/// Element `i` of NumPy's `linspace` in `f64`: `i * step` (`mode` 0), `i / div * delta` when
/// the step underflows to 0 (`mode` 1), `i * delta` when `div` is 0 (`mode` 2); plus `start`;
/// the last element is `stop` exactly when `exact_last`.
#[device_fn]
pub(crate) fn linspace_at(
    i: i64,
    start: f64,
    step: f64,
    delta: f64,
    div: f64,
    mode: i32,
    exact_last: i64,
    stop: f64,
) -> f64 {
    let x = i as f64;
    let y = if mode == 0 {
        x * step
    } else if mode == 1 {
        x / div * delta
    } else {
        x * delta
    };
    if i == exact_last {
        stop
    } else {
        y + start
    }
}

/// Element `i` of `linspace` converted to `T` (floored first for integer dtypes, as NumPy).
#[elementwise]
#[allow(clippy::too_many_arguments)]
pub(crate) fn linspace_value<T: DType>(
    i: i64,
    start: f64,
    step: f64,
    delta: f64,
    div: f64,
    mode: i32,
    exact_last: i64,
    stop: f64,
    floor: bool,
) -> T {
    let y: f64 = linspace_at(i, start, step, delta, div, mode, exact_last, stop);
    if floor {
        y.floor().cast::<T>()
    } else {
        y.cast::<T>()
    }
}

/// Element `i` of `logspace`: `base` to the power of the `linspace` element, converted to `T`.
#[elementwise]
#[allow(clippy::too_many_arguments)]
pub(crate) fn logspace_value<T: DType>(
    i: i64,
    start: f64,
    step: f64,
    delta: f64,
    div: f64,
    mode: i32,
    exact_last: i64,
    stop: f64,
    base: f64,
) -> T {
    let y: f64 = linspace_at(i, start, step, delta, div, mode, exact_last, stop);
    base.powf(y).cast::<T>()
}

/// Element `i` of `geomspace`: `sign * 10^y` for the `linspace` element `y` of the
/// logarithms, except the first (`first`) and, with the endpoint, the last (`stop`), which are
/// the bounds exactly; converted to `T`.
#[elementwise]
#[allow(clippy::too_many_arguments)]
pub(crate) fn geomspace_value<T: DType>(
    i: i64,
    start: f64,
    step: f64,
    delta: f64,
    div: f64,
    mode: i32,
    exact_last: i64,
    stop: f64,
    first: f64,
    last: f64,
    sign: f64,
) -> T {
    let y: f64 = linspace_at(i, start, step, delta, div, mode, exact_last, stop);
    let v = if i == 0 {
        first
    } else if i == exact_last {
        last
    } else {
        10.0f64.powf(y)
    };
    (v * sign).cast::<T>()
}

/// `[0, 1, .., n - 1]` as `i64` on `device`, computed there.
pub(crate) fn indices(device: &Device, n: usize) -> Result<Array<i64>> {
    if device.is_cpu() {
        // Written by a plain parallel loop (the runtime's CPU layer): the emulated launch of
        // `iota` costs a call per run of 32 elements and a checked access per element.
        return array_runtime::cpu::select::iota(n);
    }
    let mut out = for_overwrite::<i64>(device, &[n])?;
    if n > 0 {
        let (cfg, per_thread) = launch_for(device, n);
        iota::launch(&cfg, &mut out, per_thread)?;
    }
    Ok(out)
}

/// The row indices of an `n x m` matrix as a column `[n, 1]` and its column indices as a row
/// `[1, m]`: broadcast together, element `(i, j)` sees `(i, j)`.
pub(crate) fn row_col(device: &Device, n: usize, m: usize) -> Result<(Array<i64>, Array<i64>)> {
    Ok((
        indices(device, n)?.reshape(&[n, 1])?,
        indices(device, m)?.reshape(&[1, m])?,
    ))
}

/// A 0-d array holding `value` on `device` (an operand of a generic kernel).
pub(crate) fn scalar<T: DType>(device: &Device, value: T) -> Result<Array<T>> {
    Array::scalar(device, value)
}

#[cfg(test)]
mod nvrtc {
    use array_runtime::cuda::verify;
    use array_runtime::kernel::elementwise::{ElementwiseDef, Instance};
    use array_runtime::DTypeId::{self, Bool, F64, I32, I64};

    fn elementwise(def: &ElementwiseDef, type_args: &[DTypeId], params: &[DTypeId]) {
        let inst = Instance {
            def,
            type_args,
            params,
            results: &type_args[..1],
        };
        verify::elementwise(&inst).unwrap_or_else(|e| panic!("{} {type_args:?}: {e}", def.name));
    }

    /// Every kernel of `creation` and `shape` compiles with NVRTC, for every dtype the generic
    /// ones are instantiated with (a failure under CI when NVRTC is missing).
    #[test]
    fn kernels_compile_with_nvrtc() {
        if !verify::nvrtc_or_skip("creation and shape kernels").unwrap() {
            return;
        }
        use rayon::prelude::*;
        let space = [I64, F64, F64, F64, F64, I32, I64, F64];
        DTypeId::ALL.par_iter().for_each(|&t| {
            let one = [t];
            elementwise(&array_runtime::copy::identity_kernel::DEF, &one, &one);
            for def in [
                &super::on_diagonal::DEF,
                &super::keep_lower::DEF,
                &super::keep_upper::DEF,
            ] {
                elementwise(def, &one, &[I64, I64, I64, t, t]);
            }
            let mut lin = space.to_vec();
            lin.push(Bool);
            elementwise(&super::linspace_value::DEF, &one, &lin);
            let mut log = space.to_vec();
            log.push(F64);
            elementwise(&super::logspace_value::DEF, &one, &log);
            let mut geom = space.to_vec();
            geom.extend([F64, F64, F64]);
            elementwise(&super::geomspace_value::DEF, &one, &geom);
            if t.is_int() {
                elementwise(&super::arange_int::DEF, &one, &[I64, I64, I64]);
            }
            crate::array_runtime::cuda::raw::verify(&crate::shape::kernels::gather_axis::DEF, &one)
                .unwrap_or_else(|e| panic!("gather_axis {t}: {e}"));
        });
        for (t, w) in [
            (DTypeId::F16, DTypeId::F32),
            (DTypeId::BF16, DTypeId::F32),
            (DTypeId::F32, DTypeId::F32),
            (F64, F64),
        ] {
            elementwise(&super::arange_float::DEF, &[t, w], &[I64, w, w, w]);
        }
        crate::array_runtime::cuda::raw::verify(&super::iota::DEF, &[])
            .unwrap_or_else(|e| panic!("iota: {e}"));
        let ravel = Instance {
            def: &crate::creation::index_grids::ravel_term::DEF,
            type_args: &[],
            params: &[I64, I64, I64, I64],
            results: &[I64],
        };
        verify::elementwise(&ravel).unwrap_or_else(|e| panic!("ravel_term: {e}"));
        // `delete` and `insert` (shape/edit.rs).
        use crate::shape::edit;
        for (def, params) in [
            (&edit::wrap_negative::DEF, &[I64, I64][..]),
            (&edit::is_unset::DEF, &[I64][..]),
            (&edit::is_false::DEF, &[Bool][..]),
        ] {
            let inst = Instance {
                def,
                type_args: &[],
                params,
                results: &[I64],
            };
            verify::elementwise(&inst).unwrap_or_else(|e| panic!("{}: {e}", def.name));
        }
        for def in [&edit::place_new::DEF, &edit::place_old::DEF] {
            crate::array_runtime::cuda::raw::verify(def, &[])
                .unwrap_or_else(|e| panic!("{}: {e}", def.name));
        }
    }
}
