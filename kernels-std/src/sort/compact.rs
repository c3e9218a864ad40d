//! Stream compaction: the positions of the selected elements, for outputs whose size depends
//! on the data (`nonzero`, masks, `unique`).
//!
//! The flags (1 selected, 0 not) are scanned ([`scan_rows`]); the last scanned value is the
//! count, read back to size the output; then each selected element writes its position at
//! its scanned value minus one ([`scatter_selected`]).

use crate::prelude::*;
use crate::scan::scan_rows;

/// 1 where `x` is not `zero` (NaN counts as nonzero, `-0.0` as zero), else 0.
#[elementwise]
pub(crate) fn nonzero_flag<T: DType>(x: T, zero: T) -> i64 {
    if x != zero {
        1
    } else {
        0
    }
}

/// `out[scanned[i] - 1] = i` for each `i` whose flag is set (its inclusive scan steps up).
#[raw_kernel]
pub(crate) fn scatter_selected(scanned: &[i64], out: &mut [i64]) {
    let i = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if i < scanned.len() {
        let mut before = 0;
        if i > 0 {
            before = scanned[i - 1];
        }
        let here = scanned[i];
        if here != before {
            out[(here - 1) as usize] = i as i64;
        }
    }
}

/// The launch of one thread per element of `n` (at least one block).
pub(crate) fn per_element(n: usize) -> Result<LaunchConfig> {
    if u32::try_from(n.div_ceil(256)).is_err() {
        return Err(Error::invalid(format!(
            "{n} elements are more than one launch can take"
        )));
    }
    Ok(LaunchConfig::for_elements(n, 256))
}

/// The inclusive scan of `flags` (a 1-d array of 0 and 1) and its last value, the count.
pub(crate) fn scan_flags(flags: &Array<i64>) -> Result<(Array<i64>, usize)> {
    let n = flags.len();
    let flags = flags.as_standard_layout()?.reshape(&[1, n])?;
    let scanned = scan_rows(&flags, 1, n, crate::scan::kernels::op::ADD)?.reshape(&[n])?;
    // The last value copied on the device into an array of its own first: reading a view
    // back would copy its whole buffer from a GPU.
    let count = if n == 0 {
        0
    } else {
        scanned.index_axis(0, -1)?.copy()?.item()? as usize
    };
    Ok((scanned, count))
}

/// The positions (in C order) of the set flags of `flags`, a 1-d array of 0 and 1.
pub(crate) fn selected_positions(flags: &Array<i64>) -> Result<Array<i64>> {
    let (scanned, count) = scan_flags(flags)?;
    let mut out = Array::<i64>::zeros(&flags.device(), &[count])?;
    if count > 0 {
        scatter_selected::launch(&per_element(scanned.len())?, &scanned, &mut out)?;
    }
    Ok(out)
}
