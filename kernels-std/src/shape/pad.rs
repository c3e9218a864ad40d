//! `pad`: a constant border (the output filled, then the input copied into its middle) or a
//! border read from the array itself (`edge`, `reflect`, `symmetric`, `wrap`): one gather per
//! padded axis, through an index map computed on the host from the extents alone.

use array_runtime::cpu::host_vec;
use array_runtime::slice::{Slice, SliceItem};
use array_runtime::{Array, DType, Error, Result};

use super::kernels::gather;

/// How [`pad`] fills the border: NumPy's `mode`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PadMode<T> {
    /// Every border element is this value (`mode="constant", constant_values=v`).
    Constant(T),
    /// The edge element repeated (`"edge"`).
    Edge,
    /// The mirror image without the edge element: `[1, 2, 3]` padded by 2 on the left gives
    /// `[3, 2, 1, 2, 3]` (`"reflect"`); widths beyond the extent reflect again, as NumPy's.
    Reflect,
    /// The mirror image with the edge element: `[2, 1, 1, 2, 3]` (`"symmetric"`).
    Symmetric,
    /// The array repeated periodically: `[2, 3, 1, 2, 3]` (`"wrap"`).
    Wrap,
}

/// `a` padded with `widths[k] = (before, after)` elements along each axis `k` (NumPy's `pad`;
/// one pair applies to every axis). Widths are `usize`: NumPy's error for negative widths is
/// a type error here.
///
/// Errors: a number of pairs that is neither 1 nor `a.ndim()`; a mode other than `Constant`
/// extending an axis of extent 0 (NumPy: "can't extend empty axis"). As NumPy's, `Reflect`
/// along an axis of extent 1 repeats the element.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::shape::{pad, PadMode};
/// let a = Array::from_vec(&Device::cpu(), &[3], vec![1, 2, 3i32])?;
/// assert_eq!(pad(&a, &[(2, 1)], PadMode::Constant(0))?.to_vec()?, vec![0, 0, 1, 2, 3, 0]);
/// assert_eq!(pad(&a, &[(2, 1)], PadMode::Reflect)?.to_vec()?, vec![3, 2, 1, 2, 3, 2]);
/// assert_eq!(pad(&a, &[(2, 1)], PadMode::Edge)?.to_vec()?, vec![1, 1, 1, 2, 3, 3]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn pad<T: DType>(
    a: &Array<T>,
    widths: &[(usize, usize)],
    mode: PadMode<T>,
) -> Result<Array<T>> {
    let nd = a.ndim();
    let widths: Vec<(usize, usize)> = match widths.len() {
        1 => vec![widths[0]; nd],
        n if n == nd => widths.to_vec(),
        n => {
            return Err(Error::invalid(format!(
                "pad: {n} (before, after) pairs given for an array of shape {:?} (1 or {nd} \
                 expected)",
                a.shape()
            )))
        }
    };
    let too_wide = || Error::invalid(format!("pad: widths {widths:?} are too large"));
    let out_shape: Vec<usize> = a
        .shape()
        .iter()
        .zip(&widths)
        .map(|(&d, &(l, r))| d.checked_add(l)?.checked_add(r))
        .collect::<Option<_>>()
        .ok_or_else(too_wide)?;
    if let PadMode::Constant(value) = mode {
        let mut out = Array::full(&a.device(), &out_shape, value)?;
        if !a.is_empty() {
            let items: Vec<SliceItem> = widths
                .iter()
                .zip(a.shape())
                .map(|(&(l, _), &d)| SliceItem::Range(Slice::from(l as isize..(l + d) as isize)))
                .collect();
            out.slice_mut(&items)?.assign(a)?;
        }
        return Ok(out);
    }
    let mut out = None;
    for (axis, &(l, r)) in widths.iter().enumerate() {
        if l == 0 && r == 0 {
            continue;
        }
        let n = a.shape()[axis];
        if n == 0 {
            return Err(Error::invalid(format!(
                "pad: can't extend empty axis {axis} of shape {:?} using modes other than \
                 `Constant`",
                a.shape()
            )));
        }
        // One i64 per output position along the axis, allocated fallibly (the widths are the
        // user's); `out_shape` showed that `l + n + r` fits.
        let left = i64::try_from(l).map_err(|_| too_wide())?;
        let index: Vec<i64> = host_vec::collect(
            (0..l + n + r).map(|p| source_index(mode, p as i64 - left, n as i64)),
        )?;
        out = Some(gather(out.as_ref().unwrap_or(a), axis, &index)?);
    }
    match out {
        Some(out) => Ok(out),
        None => a.copy(),
    }
}

/// The element of an axis of extent `n` (at least 1) that position `j` (relative to the
/// first element; negative in the left border, `>= n` in the right one) copies.
fn source_index<T>(mode: PadMode<T>, j: i64, n: i64) -> i64 {
    match mode {
        PadMode::Constant(_) | PadMode::Edge => j.clamp(0, n - 1),
        PadMode::Wrap => j.rem_euclid(n),
        PadMode::Reflect if n == 1 => 0,
        PadMode::Reflect => {
            let period = 2 * (n - 1);
            let m = j.rem_euclid(period);
            if m >= n {
                period - m
            } else {
                m
            }
        }
        PadMode::Symmetric => {
            let m = j.rem_euclid(2 * n);
            if m >= n {
                2 * n - 1 - m
            } else {
                m
            }
        }
    }
}
