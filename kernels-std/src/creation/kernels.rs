//! The kernels of generated data: the element index (a raw kernel, the only place an index
//! is produced) and the band tests of `eye`, `tri`, `tril`, `triu`, elementwise over a column
//! of row indices and a row of column indices.

use array_runtime::{Array, DType, Device, Result};
use kernel_macros::{elementwise, raw_kernel};

use crate::shape::kernels::{alloc, launch_for};

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

/// `[0, 1, .., n - 1]` as `i64` on `device`, computed there.
pub(crate) fn indices(device: &Device, n: usize) -> Result<Array<i64>> {
    let mut out = alloc::<i64>(device, &[n])?;
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
    use array_runtime::DTypeId;

    /// Every kernel of `creation` and `shape` compiles with NVRTC, for every dtype the generic
    /// ones are instantiated with (a failure under CI when NVRTC is missing).
    #[test]
    fn kernels_compile_with_nvrtc() {
        if !verify::nvrtc_or_skip("creation and shape kernels").unwrap() {
            return;
        }
        let ids = [DTypeId::I64, DTypeId::I64, DTypeId::I64];
        for t in DTypeId::ALL {
            let one = [t];
            let copy = Instance {
                def: &crate::shape::kernels::copy_elements::DEF,
                type_args: &one,
                params: &one,
                results: &one,
            };
            verify::elementwise(&copy).unwrap_or_else(|e| panic!("copy {t}: {e}"));
            let defs: [&ElementwiseDef; 3] = [
                &super::on_diagonal::DEF,
                &super::keep_lower::DEF,
                &super::keep_upper::DEF,
            ];
            let params = [ids[0], ids[1], ids[2], t, t];
            for def in defs {
                let inst = Instance {
                    def,
                    type_args: &one,
                    params: &params,
                    results: &one,
                };
                verify::elementwise(&inst).unwrap_or_else(|e| panic!("{} {t}: {e}", def.name));
            }
            crate::array_runtime::cuda::raw::verify(&crate::shape::kernels::gather_axis::DEF, &one)
                .unwrap_or_else(|e| panic!("gather_axis {t}: {e}"));
        }
        crate::array_runtime::cuda::raw::verify(&super::iota::DEF, &[])
            .unwrap_or_else(|e| panic!("iota: {e}"));
    }
}
