//! `roll` (elements shifted cyclically: two slice copies per axis) and `rot90` (a view).

use array_runtime::slice::{Slice, SliceItem};
use array_runtime::{Array, DType, Error, Result};

use super::axes::normalize_axes;
use super::kernels::for_overwrite;
use super::reshape::ravel;
use array_runtime::shape::normalize_axis as normalize;

/// `a` with its elements shifted cyclically by `shift` positions (NumPy's `roll`): along
/// `Some(axis)`, or over the flattened array (shape kept) with `None`. Elements leaving at
/// one end come back at the other; a negative shift moves them toward the start. A copy.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::shape::roll;
/// let a = Array::from_vec(&Device::cpu(), &[2, 3], (0..6).collect::<Vec<i32>>())?;
/// assert_eq!(roll(&a, 1, None)?.to_vec()?, vec![5, 0, 1, 2, 3, 4]);
/// assert_eq!(roll(&a, -1, Some(1))?.to_vec()?, vec![1, 2, 0, 4, 5, 3]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn roll<T: DType>(a: &Array<T>, shift: isize, axis: Option<isize>) -> Result<Array<T>> {
    match axis {
        None => roll_along(&ravel(a)?, shift, 0)?.reshape(a.shape()),
        Some(axis) => roll_axes(a, &[shift], &[axis]),
    }
}

/// `a` rolled by `shifts[k]` along `axes[k]` for each `k` (NumPy's `roll` with tuples; a
/// single shift applies to every axis; shifts along a repeated axis add up).
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::shape::roll_axes;
/// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![1, 2, 3, 4u8])?;
/// assert_eq!(roll_axes(&a, &[1], &[0, 1])?.to_vec()?, vec![4, 3, 2, 1]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn roll_axes<T: DType>(a: &Array<T>, shifts: &[isize], axes: &[isize]) -> Result<Array<T>> {
    let pairs: Vec<(isize, isize)> = match (shifts.len(), axes.len()) {
        (1, _) => axes.iter().map(|&ax| (shifts[0], ax)).collect(),
        (s, n) if s == n => shifts.iter().copied().zip(axes.iter().copied()).collect(),
        _ => {
            return Err(Error::invalid(format!(
                "roll: shifts {shifts:?} and axes {axes:?} should have the same length"
            )))
        }
    };
    let mut total = vec![0isize; a.ndim()];
    for (shift, ax) in pairs {
        let ax = normalize(ax, a.ndim())?;
        let n = a.shape()[ax] as isize;
        if n > 0 {
            total[ax] = (total[ax] + shift.rem_euclid(n)) % n;
        }
    }
    let mut out = a.clone();
    let mut copied = false;
    for (ax, &s) in total.iter().enumerate() {
        if s != 0 {
            out = roll_along(&out, s, ax)?;
            copied = true;
        }
    }
    if copied {
        Ok(out)
    } else {
        a.copy()
    }
}

/// `a` rolled by `shift` along the normalized `axis`: `out[s..] = a[..n-s]`, `out[..s] =
/// a[n-s..]`.
fn roll_along<T: DType>(a: &Array<T>, shift: isize, axis: usize) -> Result<Array<T>> {
    let n = a.shape()[axis] as isize;
    // The two copies below cover the output.
    let mut out = for_overwrite::<T>(&a.device(), a.shape())?;
    if a.is_empty() {
        return Ok(out);
    }
    let s = shift.rem_euclid(n);
    let at = |r: std::ops::Range<isize>| {
        let mut items = vec![SliceItem::Range(Slice::from(..)); a.ndim()];
        items[axis] = SliceItem::Range(Slice::from(r));
        items
    };
    out.slice_mut(at(s..n))?.assign(&a.slice(at(0..n - s))?)?;
    if s > 0 {
        out.slice_mut(at(0..s))?.assign(&a.slice(at(n - s..n))?)?;
    }
    Ok(out)
}

/// `a` rotated by 90 degrees `k` times in the plane of `axes`, from the first axis toward the
/// second (NumPy's `rot90`; `k` may be negative). A view.
///
/// Errors: `axes` equal (or naming the same axis), out of range, `a` with fewer than 2
/// dimensions.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::shape::rot90;
/// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![1, 2, 3, 4u8])?;
/// assert_eq!(rot90(&a, 1, [0, 1])?.to_vec()?, vec![2, 4, 1, 3]);
/// assert_eq!(rot90(&a, -1, [0, 1])?.to_vec()?, vec![3, 1, 4, 2]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn rot90<T: DType>(a: &Array<T>, k: isize, axes: [isize; 2]) -> Result<Array<T>> {
    let nd = a.ndim();
    if nd < 2 {
        return Err(Error::invalid(format!(
            "rot90: the array must have at least 2 dimensions, its shape is {:?}",
            a.shape()
        )));
    }
    // abs_diff: no overflow for axes far out of range (those are an axis error below)
    if axes[0] == axes[1] || axes[0].abs_diff(axes[1]) == nd {
        return Err(Error::invalid(format!(
            "rot90: axes {axes:?} must be different"
        )));
    }
    let ax = normalize_axes("rot90", &axes, nd)?;
    let (a0, a1) = (ax[0] as isize, ax[1] as isize);
    match k.rem_euclid(4) {
        0 => Ok(a.clone()),
        2 => a.flip(a0)?.flip(a1),
        1 => a.flip(a1)?.swap_axes(a0, a1),
        _ => a.swap_axes(a0, a1)?.flip(a1),
    }
}
