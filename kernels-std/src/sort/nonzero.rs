//! `nonzero`, `flatnonzero`, `argwhere` and selection by a boolean mask.

use super::compact::{nonzero_flag, selected_positions};
use super::take::take;
use crate::prelude::*;
use crate::scan::rows::flatten;
use array_runtime::cpu::select as cpu_select;

/// `(flat / stride) % extent`: one coordinate of C-order flat positions.
#[elementwise]
pub(crate) fn unravel(flat: i64, stride: i64, extent: i64) -> i64 {
    (flat / stride) % extent
}

/// NumPy's `flatnonzero(a)`: the positions, in the flattened array (C order), of the
/// elements that are not zero (NaN is nonzero; `-0.0` is zero; a complex number is nonzero when
/// either part is). Any dtype.
///
/// ```
/// use kernels_std::sort::flatnonzero;
/// use kernels_std::{Array, Device};
/// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![0.0f32, 2.0, f32::NAN, -0.0])?;
/// assert_eq!(flatnonzero(&a)?.to_vec()?, vec![1, 2]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn flatnonzero<T: DType>(a: &Array<T>) -> Result<Array<i64>> {
    if a.device().is_cpu() {
        // Counts per chunk, a scan over the chunks and a parallel write (the runtime's CPU
        // layer): the same positions as the flags, scan and scatter below.
        let zero = T::default();
        return cpu_select::positions(&flatten(a)?, |x| x != zero);
    }
    let zero = Array::scalar(&a.device(), T::default())?;
    let flags = nonzero_flag::<T>(&flatten(a)?, &zero)?;
    selected_positions(&flags)
}

/// The coordinates along each axis of `shape` of the C-order positions `flat`.
pub(crate) fn coordinates(flat: &Array<i64>, shape: &[usize]) -> Result<Vec<Array<i64>>> {
    if let [_] = shape {
        // The positions are the coordinates.
        return Ok(vec![flat.clone()]);
    }
    let mut stride = 1i64;
    let mut out = Vec::with_capacity(shape.len());
    for &extent in shape.iter().rev() {
        out.push(unravel(flat, stride, extent.max(1) as i64)?);
        stride *= extent as i64;
    }
    out.reverse();
    Ok(out)
}

/// NumPy's `nonzero(a)` (and the one-argument `where(cond)`): for each axis, the indices of
/// the nonzero elements along it, in C order. A 0-d array is an error, as in NumPy 2.
///
/// ```
/// use kernels_std::sort::nonzero;
/// use kernels_std::{Array, Device};
/// let a = Array::from_vec(&Device::cpu(), &[2, 3], vec![0u8, 5, 0, 7, 0, 9])?;
/// let idx = nonzero(&a)?;
/// assert_eq!(idx[0].to_vec()?, vec![0, 1, 1]);
/// assert_eq!(idx[1].to_vec()?, vec![1, 0, 2]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn nonzero<T: DType>(a: &Array<T>) -> Result<Vec<Array<i64>>> {
    if a.ndim() == 0 {
        return Err(Error::invalid(
            "nonzero: not allowed on a 0-d array (NumPy 2); use atleast_1d or flatnonzero",
        ));
    }
    coordinates(&flatnonzero(a)?, a.shape())
}

/// NumPy's `argwhere(a)`: the indices of the nonzero elements, one row of `a.ndim()`
/// coordinates each (shape `[count, ndim]`). A 0-d array gives shape `[1, 0]` when its element
/// is nonzero, else `[0, 0]`, as NumPy.
///
/// ```
/// use kernels_std::sort::argwhere;
/// use kernels_std::{Array, Device};
/// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![true, false, false, true])?;
/// let w = argwhere(&a)?;
/// assert_eq!(w.shape(), &[2, 2]);
/// assert_eq!(w.to_vec()?, vec![0, 0, 1, 1]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn argwhere<T: DType>(a: &Array<T>) -> Result<Array<i64>> {
    let flat = flatnonzero(a)?;
    let count = flat.len();
    let nd = a.ndim();
    let mut out = Array::<i64>::zeros(&a.device(), &[count, nd])?;
    if count == 0 || nd == 0 {
        return Ok(out);
    }
    for (d, column) in coordinates(&flat, a.shape())?.iter().enumerate() {
        let mut view = out.view_mut()?;
        let mut target = view.slice_mut(crate::s![.., d as isize])?;
        target.assign(column)?;
    }
    Ok(out)
}

/// NumPy's `a[mask]` for a boolean `mask` whose shape is `a`'s first `mask.ndim()` axes: the
/// selected elements (or sub-arrays), in C order, along a new first axis (shape `[count,
/// a.shape[mask.ndim()..]]`).
///
/// ```
/// use kernels_std::sort::boolean_index;
/// use kernels_std::{Array, Device};
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[3, 2], vec![1i32, 2, 3, 4, 5, 6])?;
/// let rows = Array::from_vec(&dev, &[3], vec![true, false, true])?;
/// assert_eq!(boolean_index(&a, &rows)?.to_vec()?, vec![1, 2, 5, 6]);
/// let each = Array::from_vec(&dev, &[3, 2], vec![false, true, true, false, false, true])?;
/// assert_eq!(boolean_index(&a, &each)?.to_vec()?, vec![2, 3, 6]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn boolean_index<T: DType>(a: &Array<T>, mask: &Array<bool>) -> Result<Array<T>> {
    let k = mask.ndim();
    if k > a.ndim() || mask.shape() != &a.shape()[..k] {
        return Err(Error::invalid(format!(
            "boolean_index: a mask of shape {:?} does not match the leading axes of an array of \
             shape {:?}",
            mask.shape(),
            a.shape()
        )));
    }
    let lead: usize = a.shape()[..k].iter().product();
    let rest = &a.shape()[k..];
    let mut flat_shape = vec![lead];
    flat_shape.extend_from_slice(rest);
    if a.device().is_cpu() {
        // The selected rows copied whole, in one pass after a count (the runtime's CPU
        // layer), rather than their positions gathered.
        return cpu_select::compress_leading(&a.as_standard_layout()?, &mask.as_standard_layout()?);
    }
    let flat = a.as_standard_layout()?.reshape(&flat_shape)?;
    take(&flat, &flatnonzero(mask)?, Some(0))
}

/// NumPy's `compress(condition, a, axis)`: the sub-arrays of `a` along `axis` (`None`: the
/// flattened array) where the 1-d `condition` is true. A `condition` shorter than the axis
/// selects among the first elements only; a longer one is an error (its extra elements must
/// be false in NumPy; here any extra element is refused).
///
/// ```
/// use kernels_std::sort::compress;
/// use kernels_std::{Array, Device};
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[2, 3], vec![1i32, 2, 3, 4, 5, 6])?;
/// let keep = Array::from_vec(&dev, &[3], vec![true, false, true])?;
/// assert_eq!(compress(&a, &keep, Some(1))?.to_vec()?, vec![1, 3, 4, 6]);
/// assert_eq!(compress(&a, &keep, None)?.to_vec()?, vec![1, 3]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn compress<T: DType>(
    a: &Array<T>,
    condition: &Array<bool>,
    axis: Option<isize>,
) -> Result<Array<T>> {
    let extent = match axis {
        None => a.len(),
        Some(ax) => a.shape()[crate::scan::rows::normalize_axis(ax, a.ndim())?],
    };
    if condition.ndim() != 1 || condition.len() > extent {
        return Err(Error::invalid(format!(
            "compress: the condition must be 1-d and at most as long as the axis ({extent}), \
             got shape {:?}",
            condition.shape()
        )));
    }
    take(a, &flatnonzero(condition)?, axis)
}
