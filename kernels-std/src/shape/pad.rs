//! `pad`: a constant border (the output filled, then the input copied into its middle) or a
//! border read from the array itself (`edge`, `reflect`, `symmetric`, `wrap`): one gather per
//! padded axis, through an index map computed on the host from the extents alone.

use array_runtime::cpu::host_vec;
use array_runtime::ops::{Bitwise, Numeric};
use array_runtime::slice::{Slice, SliceItem};
use array_runtime::{bf16, c128, c64, f16};
use array_runtime::{Array, DType, Error, Result};

use super::concatenate;
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
        return constant_border(a, &widths, &out_shape, &vec![(value, value); nd]);
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

/// `a` padded with `widths[k] = (before, after)` elements along each axis `k`, the border
/// before axis `k` holding `values[k].0` and the one after it `values[k].1`: NumPy's
/// `pad(a, widths, mode="constant", constant_values=values)` with per-axis, per-side values.
///
/// As NumPy's `constant_values`, one pair applies to every axis (NumPy's `(before, after)`,
/// and a scalar is `&[(v, v)]`); otherwise there is one pair per axis (NumPy's
/// `((b0, a0), (b1, a1), ...)`, and `&[(v0, v0), (v1, v1)]` for its `((v0,), (v1,))`). Where
/// the borders of several axes meet (the corners), the value is that of the last of those
/// axes, as NumPy's, which fills axis by axis. `widths` broadcasts as in [`pad`]; an axis of
/// extent 0 may be extended.
///
/// Errors: a number of width pairs or value pairs that is neither 1 nor `a.ndim()`.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::shape::pad_constant;
/// let a = Array::from_vec(&Device::cpu(), &[1, 2], vec![1, 2i32])?;
/// // np.pad(a, ((1, 0), (1, 1)), constant_values=((7, 8), (5, 6)))
/// let p = pad_constant(&a, &[(1, 0), (1, 1)], &[(7, 8), (5, 6)])?;
/// assert_eq!(p.shape(), &[2, 4]);
/// assert_eq!(p.to_vec()?, vec![5, 7, 7, 6, 5, 1, 2, 6]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn pad_constant<T: DType>(
    a: &Array<T>,
    widths: &[(usize, usize)],
    values: &[(T, T)],
) -> Result<Array<T>> {
    let nd = a.ndim();
    let widths = per_axis(widths, nd, "(before, after) width", a.shape())?;
    let values = per_axis(values, nd, "(before, after) value", a.shape())?;
    let out_shape: Vec<usize> = a
        .shape()
        .iter()
        .zip(&widths)
        .map(|(&d, &(l, r))| d.checked_add(l)?.checked_add(r))
        .collect::<Option<_>>()
        .ok_or_else(|| Error::invalid(format!("pad: widths {widths:?} are too large")))?;
    constant_border(a, &widths, &out_shape, &values)
}

/// `items` (1 or `nd` of them) as one per axis; `what` names them in the error.
fn per_axis<P: Copy>(items: &[P], nd: usize, what: &str, shape: &[usize]) -> Result<Vec<P>> {
    match items.len() {
        1 => Ok(vec![items[0]; nd]),
        n if n == nd => Ok(items.to_vec()),
        n => Err(Error::invalid(format!(
            "pad: {n} {what} pairs given for an array of shape {shape:?} (1 or {nd} expected)"
        ))),
    }
}

/// The constant mode: the output filled axis by axis with each axis's border values (all of
/// the output's extent along the other axes, so that a later axis's value holds in the
/// corners, as NumPy's), then `a` copied into the middle. `values` has `nd` pairs.
fn constant_border<T: DType>(
    a: &Array<T>,
    widths: &[(usize, usize)],
    out_shape: &[usize],
    values: &[(T, T)],
) -> Result<Array<T>> {
    let nd = a.ndim();
    // A 0-d `a` has no axes, hence no border and no value pairs.
    let first = values.first().map_or_else(T::default, |v| v.0);
    let mut out = Array::full(&a.device(), out_shape, first)?;
    // NaN values compare unequal: they take the general path, which is also right.
    let uniform = values.iter().all(|&(l, r)| l == first && r == l);
    if !uniform && !out.is_empty() {
        for axis in 0..nd {
            let (before, after) = values[axis];
            let (l, r) = widths[axis];
            let m = out_shape[axis];
            for (range, value) in [(0..l, before), (m - r..m, after)] {
                if range.is_empty() {
                    continue;
                }
                let items: Vec<SliceItem> = (0..nd)
                    .map(|k| {
                        if k == axis {
                            SliceItem::Range(Slice::from(range.start as isize..range.end as isize))
                        } else {
                            SliceItem::Range(Slice::from(..))
                        }
                    })
                    .collect();
                out.slice_mut(&items)?.fill(value)?;
            }
        }
    }
    if !a.is_empty() {
        let items: Vec<SliceItem> = widths
            .iter()
            .zip(a.shape())
            .map(|(&(l, _), &d)| SliceItem::Range(Slice::from(l as isize..(l + d) as isize)))
            .collect();
        out.slice_mut(&items)?.assign(a)?;
    }
    Ok(out)
}

/// `a` padded by the odd reflection of its elements about each edge (NumPy's
/// `pad(a, widths, mode, reflect_type="odd")`, `mode` being [`PadMode::Reflect`] or
/// [`PadMode::Symmetric`]): a border element is `2 * edge - mirror`, the mirror image taken
/// as the even reflection would take it, so that the values continue the trend at the edge.
///
/// Widths beyond the extent reflect again about the new edge, chunk by chunk as NumPy's,
/// with NumPy's arithmetic (integers wrap; the same roundings, infinities and NaN; `bool`
/// computed in `int64` and stored back, which is `edge | mirror`: [`PadOdd`]). As
/// NumPy's, an axis of extent 1 repeats its element. `widths` broadcasts as in [`pad`].
///
/// Errors: a mode other than `Reflect` or `Symmetric` (NumPy: "unsupported keyword
/// arguments for mode"); a width pair count that is neither 1 nor `a.ndim()`; extending an
/// axis of extent 0.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::shape::{pad_odd, PadMode};
/// let a = Array::from_vec(&Device::cpu(), &[3], vec![1, 2, 4i32])?;
/// // np.pad(a, (2, 3), mode="reflect", reflect_type="odd")
/// assert_eq!(pad_odd(&a, &[(2, 3)], PadMode::Reflect)?.to_vec()?, vec![-2, 0, 1, 2, 4, 6, 7, 8]);
/// assert_eq!(pad_odd(&a, &[(1, 1)], PadMode::Symmetric)?.to_vec()?, vec![1, 1, 2, 4, 4]);
/// let b = Array::from_vec(&Device::cpu(), &[3], vec![true, false, false])?;
/// assert_eq!(pad_odd(&b, &[(0, 2)], PadMode::Reflect)?.to_vec()?, vec![true, false, false, false, true]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn pad_odd<T: PadOdd>(
    a: &Array<T>,
    widths: &[(usize, usize)],
    mode: PadMode<T>,
) -> Result<Array<T>> {
    let include_edge = match mode {
        PadMode::Reflect => false,
        PadMode::Symmetric => true,
        other => {
            return Err(Error::invalid(format!(
                "pad_odd: the odd reflection applies to `Reflect` and `Symmetric`, not to \
                 {other:?} (NumPy: unsupported keyword arguments for mode)"
            )))
        }
    };
    let nd = a.ndim();
    let widths = per_axis(widths, nd, "(before, after) width", a.shape())?;
    let too_wide = || Error::invalid(format!("pad: widths {widths:?} are too large"));
    for (&d, &(l, r)) in a.shape().iter().zip(&widths) {
        d.checked_add(l)
            .and_then(|s| s.checked_add(r))
            .ok_or_else(too_wide)?;
    }
    let mut out = a.clone();
    for (axis, &(l, r)) in widths.iter().enumerate() {
        if l == 0 && r == 0 {
            continue;
        }
        let n = a.shape()[axis];
        if n <= 1 {
            // Extent 0 fails and extent 1 repeats its element, as in `pad`.
            out = pad_axis(&out, axis, (l, r), PadMode::Edge)?;
            continue;
        }
        let (mut left, mut right) = (l, r);
        while left > 0 || right > 0 {
            // As NumPy's `_set_reflect_both`: a chunk is at most a whole number of periods of
            // what is already padded, reflected about the current edge.
            let len = out.shape()[axis];
            let (period, offset) = if include_edge {
                (len / n * n, 0)
            } else {
                ((len - 1) / (n - 1) * (n - 1), 1)
            };
            let take_left = period.min(left);
            let take_right = period.min(right);
            let mut parts = Vec::with_capacity(3);
            if take_left > 0 {
                // Positions `take_left - 1 + offset` down to `offset`, about element 0.
                let index: Vec<i64> =
                    host_vec::collect((0..take_left).rev().map(|p| (p + offset) as i64))?;
                parts.push(T::odd_chunk(&out, axis, &index, 0)?);
            }
            parts.push(out.clone());
            if take_right > 0 {
                // About the last element `len - 1`: `len - 1 - offset` down.
                let index: Vec<i64> =
                    host_vec::collect((0..take_right).map(|p| (len - 1 - offset - p) as i64))?;
                parts.push(T::odd_chunk(&out, axis, &index, len - 1)?);
            }
            out = concatenate(&parts[..], axis as isize)?;
            left -= take_left;
            right -= take_right;
        }
    }
    if widths.iter().all(|&(l, r)| l == 0 && r == 0) {
        return a.copy();
    }
    Ok(out)
}

/// The dtypes of [`pad_odd`]: the numbers, and `bool`, whose odd reflection NumPy computes
/// in `int64` (`2 * edge - mirror`) and stores back as `bool` (nonzero is true): that is
/// `edge | mirror`, since `2 * edge - mirror` is 0 only where both are false.
pub trait PadOdd: DType {
    /// `2 * edge - x[index]` along `axis` in `Self` (NumPy's `2 * padded[edge_slice] -
    /// chunk`), `edge` being element `edge` of `x` along it.
    fn odd_chunk(x: &Array<Self>, axis: usize, index: &[i64], edge: usize) -> Result<Array<Self>>;
}

/// [`PadOdd::odd_chunk`] of a number (`e + e` is `2 * e` exactly in every dtype).
fn odd_chunk_numeric<T: Numeric>(
    x: &Array<T>,
    axis: usize,
    index: &[i64],
    edge: usize,
) -> Result<Array<T>> {
    let e = gather(x, axis, &[edge as i64])?;
    let twice = T::add(&e, &e)?;
    T::subtract(&twice, &gather(x, axis, index)?)
}

macro_rules! pad_odd_numeric {
    ($($t:ty),*) => {$(
        impl PadOdd for $t {
            fn odd_chunk(x: &Array<$t>, axis: usize, index: &[i64], edge: usize) -> Result<Array<$t>> {
                odd_chunk_numeric(x, axis, index, edge)
            }
        }
    )*};
}
pad_odd_numeric!(i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64, c64, c128);

impl PadOdd for bool {
    fn odd_chunk(x: &Array<bool>, axis: usize, index: &[i64], edge: usize) -> Result<Array<bool>> {
        let e = gather(x, axis, &[edge as i64])?;
        bool::bitwise_or(&e, &gather(x, axis, index)?)
    }
}

/// `a` padded along `axis` only, by a mode read from the array.
fn pad_axis<T: DType>(
    a: &Array<T>,
    axis: usize,
    (l, r): (usize, usize),
    mode: PadMode<T>,
) -> Result<Array<T>> {
    let mut widths = vec![(0, 0); a.ndim()];
    widths[axis] = (l, r);
    pad(a, &widths, mode)
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
