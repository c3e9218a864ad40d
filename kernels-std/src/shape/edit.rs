//! Removing and inserting sub-arrays along an axis (`delete`, `insert`), repeating an array
//! into a new shape (`resize`) and trimming its zeros (`trim_zeros`).
//!
//! The positions a user gives as an array stay on the device: `delete` marks the kept
//! positions with the scatter of `put` and gathers them with `take`; `insert` ranks the new
//! positions with a stable `argsort`, builds the source of every output position with the
//! kernels below, and gathers from the array joined with the values. Positions given as an
//! integer or a slice are metadata: they become copies of slices of the array.

use array_runtime::slice::{Slice, SliceItem};

use super::axes::moveaxis;
use super::join::concatenate;
use super::reshape::ravel;
use crate::prelude::*;
use crate::sort::compact::{per_element, selected_positions};
use crate::sort::{argsort, flatnonzero, put, take, TakeMode};
use array_runtime::shape::normalize_axis;

/// The positions along an axis that [`delete`] removes or before which [`insert`] inserts
/// (NumPy's `obj`): an integer (negative counts from the end), a [`Slice`], an array of
/// integers (any shape for `delete`, 0-d or 1-d for `insert`) or a boolean mask.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::shape::Positions;
/// use kernels_std::array_runtime::slice::Slice;
/// let dev = Device::cpu();
/// assert!(matches!(Positions::from(-1), Positions::One(-1)));
/// assert!(matches!(Positions::from(Slice::from(1..3)), Positions::Slice(_)));
/// let many = Array::from_vec(&dev, &[2], vec![0i64, 2])?;
/// assert!(matches!(Positions::from(&many), Positions::Many(_)));
/// let mask = Array::from_vec(&dev, &[2], vec![true, false])?;
/// assert!(matches!(Positions::from(mask), Positions::Mask(_)));
/// # Ok::<(), kernels_std::Error>(())
/// ```
#[derive(Clone, Debug)]
pub enum Positions {
    /// One position (NumPy's integer `obj`).
    One(isize),
    /// The positions of a slice of the axis (NumPy's `slice` `obj`).
    Slice(Slice),
    /// Integer positions (NumPy's integer array `obj`).
    Many(Array<i64>),
    /// A boolean mask (NumPy's boolean array `obj`).
    Mask(Array<bool>),
}

impl From<isize> for Positions {
    fn from(i: isize) -> Self {
        Positions::One(i)
    }
}

impl From<i32> for Positions {
    fn from(i: i32) -> Self {
        Positions::One(i as isize)
    }
}

impl From<Slice> for Positions {
    fn from(s: Slice) -> Self {
        Positions::Slice(s)
    }
}

impl From<Array<i64>> for Positions {
    fn from(a: Array<i64>) -> Self {
        Positions::Many(a)
    }
}

impl From<&Array<i64>> for Positions {
    fn from(a: &Array<i64>) -> Self {
        Positions::Many(a.clone())
    }
}

impl From<Array<bool>> for Positions {
    fn from(a: Array<bool>) -> Self {
        Positions::Mask(a)
    }
}

impl From<&Array<bool>> for Positions {
    fn from(a: &Array<bool>) -> Self {
        Positions::Mask(a.clone())
    }
}

/// A negative position counted from the end of an axis of `n`.
#[elementwise]
pub(crate) fn wrap_negative(i: i64, n: i64) -> i64 {
    if i < 0 {
        i + n
    } else {
        i
    }
}

/// 1 where no source is set yet (`x < 0`), else 0.
#[elementwise]
pub(crate) fn is_unset(x: i64) -> i64 {
    if x < 0 {
        1
    } else {
        0
    }
}

/// 1 where the mask is false (a kept position), else 0.
#[elementwise]
pub(crate) fn is_false(x: bool) -> i64 {
    if x {
        0
    } else {
        1
    }
}

/// NumPy's insertion positions in the result: the `r`-th smallest of `index` (in the stable
/// order `order`) moves right by the `r` values inserted before it, and its source is
/// `first_new + k` (`k` its place among the values): `source[index[k] + r] = first_new + k`.
#[raw_kernel]
pub(crate) fn place_new(index: &[i64], order: &[i64], source: &mut [i64], first_new: u64) {
    let r = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if r < order.len() {
        let k = order[r] as usize;
        source[(index[k] + r as i64) as usize] = first_new as i64 + k as i64;
    }
}

/// `source[positions[i]] = i`: the `i`-th old sub-array goes to the `i`-th free position.
#[raw_kernel]
pub(crate) fn place_old(positions: &[i64], source: &mut [i64]) {
    let i = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if i < positions.len() {
        source[positions[i] as usize] = i as i64;
    }
}

/// The array and axis that `delete` and `insert` work on: `arr` flattened when `axis` is
/// `None` (NumPy's `axis=None`), else the normalized axis.
fn array_and_axis<T: DType>(arr: &Array<T>, axis: Option<isize>) -> Result<(Array<T>, usize)> {
    match axis {
        None => Ok((ravel(arr)?, 0)),
        Some(ax) => Ok((arr.clone(), normalize_axis(ax, arr.ndim())?)),
    }
}

/// `a[..., start..end, ...]` along `axis`.
fn along<T: DType>(a: &Array<T>, axis: usize, start: usize, end: usize) -> Result<Array<T>> {
    let mut items = vec![SliceItem::Range(Slice::FULL); a.ndim()];
    items[axis] = SliceItem::Range(Slice::from(start as isize..end as isize));
    a.slice(&items)
}

/// The positions `start + k * step` of a slice of an axis of `n`, on the device.
fn slice_positions(s: &Slice, n: usize, device: &Device) -> Result<Array<i64>> {
    let (start, _, step, count) = s.indices(n)?;
    let positions: Vec<i64> = (0..count as i64)
        .map(|k| start as i64 + k * step as i64)
        .collect();
    Array::from_vec(device, &[count], positions)
}

fn out_of_bounds(op: &str, index: i64, axis: usize, n: usize) -> Error {
    Error::Index {
        message: format!("{op}: index {index} is out of bounds for axis {axis} with size {n}"),
    }
}

/// NumPy's `delete(arr, obj, axis)`: a new array without the sub-arrays of `arr` at the
/// positions `obj` along `axis` (`None`: the flattened array). `obj` is any [`Positions`]:
/// an integer (`-1` the last), a [`Slice`], an array of integers (any shape; repeats allowed;
/// negative ones count from the end) or a boolean mask as long as the axis.
///
/// Errors as NumPy's: a position out of range ([`Error::Index`]), a mask of another shape
/// ([`Error::Invalid`]), an axis out of range, `Some(axis)` for a 0-d array.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::shape::delete;
/// use kernels_std::array_runtime::slice::Slice;
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[3, 4], (0..12).collect::<Vec<i32>>())?;
/// assert_eq!(delete(&a, 1, Some(0))?.to_vec()?, vec![0, 1, 2, 3, 8, 9, 10, 11]);
/// assert_eq!(delete(&a, Slice::from(..).step_by(2), Some(1))?.shape(), &[3, 2]);
/// let idx = Array::from_vec(&dev, &[3], vec![0i64, -1, 0])?;
/// assert_eq!(delete(&a, &idx, None)?.len(), 10);
/// assert!(delete(&a, 3, Some(0)).is_err());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn delete<T: DType>(
    arr: &Array<T>,
    obj: impl Into<Positions>,
    axis: Option<isize>,
) -> Result<Array<T>> {
    let (arr, axis) = array_and_axis(arr, axis)?;
    let n = arr.shape()[axis];
    let device = arr.device();
    let keep = match obj.into() {
        Positions::One(i) => {
            let i64_n = n as i64;
            let index = i as i64;
            if index < -i64_n || index >= i64_n {
                return Err(out_of_bounds("delete", index, axis, n));
            }
            let index = if index < 0 { index + i64_n } else { index } as usize;
            let parts = [
                along(&arr, axis, 0, index)?,
                along(&arr, axis, index + 1, n)?,
            ];
            return concatenate(&parts, axis as isize);
        }
        Positions::Slice(s) => {
            let (start, _, step, count) = s.indices(n)?;
            if count == 0 {
                return arr.copy();
            }
            if step.unsigned_abs() == 1 {
                // One run of positions: the two slices around it, copied.
                let first = if step > 0 {
                    start
                } else {
                    start + 1 - count as isize
                } as usize;
                let parts = [
                    along(&arr, axis, 0, first)?,
                    along(&arr, axis, first + count, n)?,
                ];
                return concatenate(&parts, axis as isize);
            }
            kept_positions(&arr, n, axis, &slice_positions(&s, n, &device)?)?
        }
        Positions::Many(index) => kept_positions(&arr, n, axis, &index)?,
        Positions::Mask(mask) => {
            if mask.shape() != [n] {
                return Err(Error::invalid(format!(
                    "delete: a boolean mask must be one-dimensional and match the axis length \
                     of {n}, got shape {:?}",
                    mask.shape()
                )));
            }
            selected_positions(&is_false(&mask)?)?
        }
    };
    take(&arr, &keep, Some(axis as isize))
}

/// The positions of `0..n` not in `index` (negative ones count from the end; out of range is
/// NumPy's `IndexError`).
fn kept_positions<T: DType>(
    arr: &Array<T>,
    n: usize,
    axis: usize,
    index: &Array<i64>,
) -> Result<Array<i64>> {
    let device = arr.device();
    let mut flags = Array::<i64>::full(&device, &[n], 1)?;
    if index.is_empty() {
        return flatnonzero(&flags);
    }
    if n == 0 {
        return Err(Error::Index {
            message: format!(
                "delete: {} position(s) out of bounds for axis {axis} with size 0",
                index.len()
            ),
        });
    }
    let zero = Array::<i64>::zeros(&device, &[1])?;
    put(&mut flags, index, &zero, TakeMode::Raise).map_err(|e| match e {
        Error::Index { message } => Error::Index {
            message: format!("delete along axis {axis}: {message}"),
        },
        other => other,
    })?;
    flatnonzero(&flags)
}

/// NumPy's `insert(arr, obj, values, axis)`: a new array with `values` inserted along `axis`
/// (`None`: into the flattened array) before the positions `obj` (any [`Positions`]; each in
/// `-n..=n` for an axis of `n`; negative ones count from the end).
///
/// As NumPy's: an integer `obj` (or a 0-d array) inserts `values` (with leading unit axes added up to
/// `arr.ndim()`) as the sub-arrays `[index, index + values.shape()[0])`, its first axis moved
/// to `axis`, broadcast over the other axes; an array, a slice or a mask of exactly one
/// position inserts `values` (broadcast, with unit axes added in front) as a block along
/// `axis` at that position; several positions insert one sub-array each, `values` broadcast
/// to the shape of `arr` with `axis` as long as the positions; positions that repeat keep
/// their order. `values` has `arr`'s dtype (NumPy casts it).
///
/// Errors: a position out of `-n..=n` ([`Error::Index`]; NumPy lets some positions below
/// `-n` through, see DIFFERENCES.md), positions or a mask that are not 0-d or 1-d, values
/// that do not broadcast, an axis out of range.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::shape::insert;
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[2, 2], vec![1, 1, 2, 2i64])?;
/// let five = Array::from_vec(&dev, &[], vec![5i64])?;
/// assert_eq!(insert(&a, 1, &five, None)?.to_vec()?, vec![1, 5, 1, 2, 2]);
/// let col = Array::from_vec(&dev, &[2], vec![7, 8i64])?;
/// assert_eq!(insert(&a, 1, &col, Some(1))?.to_vec()?, vec![1, 7, 1, 2, 8, 2]);
/// let at = Array::from_vec(&dev, &[2], vec![2i64, 0])?;
/// assert_eq!(insert(&a, &at, &col, None)?.to_vec()?, vec![8, 1, 1, 7, 2, 2]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn insert<T: DType>(
    arr: &Array<T>,
    obj: impl Into<Positions>,
    values: &Array<T>,
    axis: Option<isize>,
) -> Result<Array<T>> {
    let (arr, axis) = array_and_axis(arr, axis)?;
    let n = arr.shape()[axis];
    let device = arr.device();
    let index = match obj.into() {
        Positions::One(i) => return insert_block(&arr, axis, i as i64, values, true),
        Positions::Slice(s) => slice_positions(&s, n, &device)?,
        Positions::Many(index) if index.ndim() == 0 => {
            let i = index.copy()?.item()?;
            return insert_block(&arr, axis, i, values, true);
        }
        Positions::Many(index) => {
            if index.ndim() > 1 {
                return Err(Error::invalid(format!(
                    "insert: an index array must be one-dimensional or 0-d, got shape {:?}",
                    index.shape()
                )));
            }
            ravel(&index)?
        }
        Positions::Mask(mask) => {
            if mask.ndim() != 1 {
                return Err(Error::invalid(format!(
                    "insert: a boolean mask must be one-dimensional, got shape {:?}",
                    mask.shape()
                )));
            }
            flatnonzero(&mask)?
        }
    };
    if index.len() == 1 {
        let i = index.copy()?.item()?;
        return insert_block(&arr, axis, i, values, false);
    }
    let numnew = index.len();
    let n_i64 = i64::try_from(n).map_err(|_| Error::invalid("insert: axis too long"))?;
    let index = wrap_negative(&index, n_i64)?;
    if numnew > 0 {
        let lo = crate::reduce::min(&index).run()?.item()?;
        let hi = crate::reduce::max(&index).run()?.item()?;
        if lo < 0 || hi > n_i64 {
            let bad = if lo < 0 { lo - n_i64 } else { hi };
            return Err(out_of_bounds("insert", bad, axis, n));
        }
    }
    let total = n
        .checked_add(numnew)
        .ok_or_else(|| Error::invalid("insert: the result's axis is longer than usize holds"))?;
    // The new sub-arrays: `values` broadcast to `arr`'s shape with `numnew` along `axis`
    // (leading unit axes of `values` beyond that rank dropped, as NumPy's assignment does).
    let mut shape = arr.shape().to_vec();
    shape[axis] = numnew;
    let values = drop_leading_units(values, shape.len())?.broadcast_to(&shape)?;
    // The source of each output position along the axis: `n + k` for the `k`-th value,
    // `i < n` for the `i`-th old sub-array.
    let mut source = Array::<i64>::full(&device, &[total], -1)?;
    if numnew > 0 {
        let order = argsort(&index, Some(0))?;
        place_new::launch(&per_element(numnew)?, &index, &order, &mut source, n as u64)?;
    }
    let old = selected_positions(&is_unset(&source)?)?;
    if !old.is_empty() {
        place_old::launch(&per_element(old.len())?, &old, &mut source)?;
    }
    let joined = concatenate(&[&arr, &values], axis as isize)?;
    take(&joined, &source, Some(axis as isize))
}

/// `values` without leading unit axes beyond `ndim`.
pub(crate) fn drop_leading_units<T: DType>(values: &Array<T>, ndim: usize) -> Result<Array<T>> {
    let mut v = values.clone();
    while v.ndim() > ndim && v.shape()[0] == 1 {
        v = v.index_axis(0, 0)?;
    }
    Ok(v)
}

/// `values` inserted as one block at `index` along `axis` (NumPy's single-position path;
/// `scalar`: the position was an integer, so the first axis of `values` moves to `axis`).
fn insert_block<T: DType>(
    arr: &Array<T>,
    axis: usize,
    index: i64,
    values: &Array<T>,
    scalar: bool,
) -> Result<Array<T>> {
    let n = arr.shape()[axis];
    let n_i64 = n as i64;
    if index < -n_i64 || index > n_i64 {
        return Err(out_of_bounds("insert", index, axis, n));
    }
    let index = if index < 0 { index + n_i64 } else { index } as usize;
    let nd = arr.ndim();
    // NumPy's `array(values, ndmin=arr.ndim)`: unit axes in front.
    let mut v = values.clone();
    while v.ndim() < nd {
        v = v.insert_axis(0)?;
    }
    if scalar {
        v = moveaxis(&v, &[0], &[axis as isize])?;
    }
    let numnew = v.shape()[axis];
    let mut shape = arr.shape().to_vec();
    shape[axis] = numnew;
    let v = drop_leading_units(&v, nd)?.broadcast_to(&shape)?;
    let parts = [along(arr, axis, 0, index)?, v, along(arr, axis, index, n)?];
    concatenate(&parts, axis as isize)
}

/// NumPy's `resize(a, new_shape)`: an array of `new_shape` filled with `a`'s elements in C
/// order, repeated as often as needed (zeros when `a` or the result is empty).
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::shape::resize;
/// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![1, 2, 3, 4u8])?;
/// assert_eq!(resize(&a, &[2, 3])?.to_vec()?, vec![1, 2, 3, 4, 1, 2]);
/// assert_eq!(resize(&a, &[3])?.to_vec()?, vec![1, 2, 3]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn resize<T: DType>(a: &Array<T>, new_shape: &[usize]) -> Result<Array<T>> {
    let new_size = new_shape
        .iter()
        .try_fold(1usize, |acc, &d| acc.checked_mul(d))
        .ok_or_else(|| Error::invalid(format!("resize: shape {new_shape:?} is too large")))?;
    let device = a.device();
    if a.is_empty() || new_size == 0 {
        return Array::zeros(&device, new_shape);
    }
    let flat = ravel(a)?;
    let reps = new_size.div_ceil(a.len());
    let tiled = super::repeat::tile(&flat, &[reps])?;
    let part = tiled.slice([SliceItem::Range(Slice::from(..new_size as isize))])?;
    part.as_standard_layout()?.reshape(new_shape)
}

/// NumPy's `trim_zeros(filt, trim, axis)`: a view of `filt` without its leading (`trim`
/// containing `'f'`) and trailing (`'b'`) zeros along the axes of `axis` (`None`: every axis),
/// where a sub-array counts as zero when all its elements are. `trim` is `"f"`, `"b"`, `"fb"`
/// or `"bf"` (any case). An array of zeros trims to an empty array; a 0-d array is returned
/// as it is.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::shape::trim_zeros;
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[6], vec![0, 0, 1, 2, 0, 0i32])?;
/// assert_eq!(trim_zeros(&a, "fb", None)?.to_vec()?, vec![1, 2]);
/// assert_eq!(trim_zeros(&a, "f", None)?.to_vec()?, vec![1, 2, 0, 0]);
/// let m = Array::from_vec(&dev, &[2, 3], vec![0, 1, 0, 0, 0, 0i32])?;
/// assert_eq!(trim_zeros(&m, "fb", Some(&[1]))?.shape(), &[2, 1]);
/// assert!(trim_zeros(&a, "x", None).is_err());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn trim_zeros<T: DType>(
    filt: &Array<T>,
    trim: &str,
    axis: Option<&[isize]>,
) -> Result<Array<T>> {
    let trim = trim.to_lowercase();
    if !["fb", "bf", "f", "b"].contains(&trim.as_str()) {
        return Err(Error::invalid(format!(
            "trim_zeros: unexpected character(s) in `trim`: {trim:?}"
        )));
    }
    let nd = filt.ndim();
    let axes: Vec<usize> = match axis {
        None => (0..nd).collect(),
        Some(axes) => {
            let mut seen = vec![false; nd];
            let mut out = Vec::with_capacity(axes.len());
            for &ax in axes {
                let a = normalize_axis(ax, nd)?;
                if seen[a] {
                    return Err(Error::invalid(
                        "trim_zeros: repeated axis in `axis` argument",
                    ));
                }
                seen[a] = true;
                out.push(a);
            }
            out
        }
    };
    if axes.is_empty() {
        return Ok(filt.clone());
    }
    let found = crate::sort::argwhere(filt)?;
    let (start, stop): (Vec<i64>, Vec<i64>) = if found.shape()[0] == 0 {
        (vec![0; nd], vec![0; nd])
    } else {
        let lo = crate::reduce::min(&found).axis(0).run()?.to_vec()?;
        let hi = crate::reduce::max(&found).axis(0).run()?.to_vec()?;
        let hi = hi.into_iter().map(|h| h + 1).collect();
        (lo, hi)
    };
    let all_zero = found.shape()[0] == 0;
    let items: Vec<SliceItem> = (0..nd)
        .map(|d| {
            if !axes.contains(&d) {
                return SliceItem::Range(Slice::FULL);
            }
            let from = (all_zero || trim.contains('f')).then_some(start[d] as isize);
            let to = (all_zero || trim.contains('b')).then_some(stop[d] as isize);
            SliceItem::Range(Slice {
                start: from,
                end: to,
                step: 1,
            })
        })
        .collect();
    filt.slice(&items)
}
