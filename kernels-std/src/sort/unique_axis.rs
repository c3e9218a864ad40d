//! `unique` along an axis (NumPy's `np.unique(a, axis=k)`): the distinct slices, sorted.
//!
//! The axis is moved first and the rest flattened into rows (`[n, m]`); the rows are sorted
//! lexicographically by [`lexsort`](super::lexsort) of their columns (one stable pass per
//! column, so the cost grows with the row length), neighbours compared element by element,
//! and the groups found by the same kernels as [`unique_full`](super::unique_full).

use array_runtime::ops::Equality;

use super::compact::{per_element, scan_flags};
use super::order::lexsort;
use super::sortable::Sortable;
use super::take::take;
use super::unique::{group_counts, group_inverse, group_values, UniqueAll};
use crate::prelude::*;
use crate::scan::rows::normalize_axis;
use crate::shape::{concatenate, moveaxis};

/// NumPy's `unique(a, axis=axis)`: the distinct slices of `a` along `axis`, sorted
/// lexicographically (element by element in C order, each in [`sort`](super::sort)'s order:
/// NaN last). As NumPy, which compares the slices as structured records, slices holding a
/// NaN are never equal (NumPy's `equal_nan` does not apply along an axis) and `-0.0` equals
/// `0.0` (the first in the sort is kept). Slices of no element are all equal.
///
/// Errors as NumPy: a 0-d `a`, an axis out of range.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sort::unique_axis;
/// let a = Array::from_vec(&Device::cpu(), &[3, 2], vec![1, 2, 0, 5, 1, 2])?;
/// assert_eq!(unique_axis(&a, 0)?.to_vec()?, vec![0, 5, 1, 2]);
/// assert_eq!(unique_axis(&a, 1)?.shape(), &[3, 2]);
/// assert!(unique_axis(&a, 2).is_err());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn unique_axis<T: Sortable + Equality>(a: &Array<T>, axis: isize) -> Result<Array<T>> {
    Ok(unique_axis_full(a, axis)?.values)
}

/// NumPy's `unique(a, axis=axis, return_index=True, return_inverse=True,
/// return_counts=True)`: [`unique_axis`]'s slices (`values`), the position along `axis` of
/// each one's first occurrence (`indices`), the group of each slice of `a` (`inverse`, 1-d
/// of `a.shape[axis]`, as NumPy 2) and how many slices each group holds (`counts`).
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sort::unique_axis_full;
/// let a = Array::from_vec(&Device::cpu(), &[3, 2], vec![1, 2, 0, 5, 1, 2])?;
/// let u = unique_axis_full(&a, 0)?;
/// assert_eq!(u.values.to_vec()?, vec![0, 5, 1, 2]);
/// assert_eq!(u.indices.to_vec()?, vec![1, 0]);
/// assert_eq!(u.inverse.to_vec()?, vec![1, 0, 1]);
/// assert_eq!(u.counts.to_vec()?, vec![1, 2]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn unique_axis_full<T: Sortable + Equality>(a: &Array<T>, axis: isize) -> Result<UniqueAll<T>> {
    if a.ndim() == 0 {
        return Err(Error::invalid(format!(
            "unique: axis {axis} is out of bounds for an array of dimension 0"
        )));
    }
    let ax = normalize_axis(axis, a.ndim())?;
    let dev = a.device();
    let moved = moveaxis(a, &[ax as isize], &[0])?;
    let n = moved.shape()[0];
    let rest = moved.shape()[1..].to_vec();
    let m: usize = rest.iter().product();
    let rows = moved.as_standard_layout()?.reshape(&[n, m])?;
    // Stable lexicographic order of the rows: column 0 is the primary key (lexsort's last).
    let perm = if m == 0 {
        Array::from_vec(&dev, &[n], (0..n as i64).collect())?
    } else {
        let columns = (0..m)
            .rev()
            .map(|j| rows.slice(crate::s![.., j as isize]))
            .collect::<Result<Vec<_>>>()?;
        let keys: Vec<&Array<T>> = columns.iter().collect();
        lexsort(&keys, -1)?
    };
    let sorted = take(&rows, &perm, Some(0))?;
    // flags[i] = 1 where sorted row i differs from row i - 1 (row 0 starts a group)
    let flags = if n <= 1 {
        Array::<i64>::full(&dev, &[n], 1)?
    } else {
        let next = sorted.slice(crate::s![1.., ..])?;
        let prev = sorted.slice(crate::s![..-1, ..])?;
        let differs = crate::reduce::any(&T::not_equal(&next, &prev)?)
            .axis(1)
            .run()?
            .astype::<i64>()?;
        let head = Array::<i64>::full(&dev, &[1], 1)?;
        concatenate(&[&head, &differs], 0)?
    };
    let (scanned, groups) = scan_flags(&flags)?;
    let mut first_pos = Array::<i64>::zeros(&dev, &[groups])?;
    let mut first = Array::<i64>::zeros(&dev, &[groups])?;
    let mut counts = Array::<i64>::zeros(&dev, &[groups])?;
    let mut indices = Array::<i64>::zeros(&dev, &[groups])?;
    let mut inverse = Array::<i64>::zeros(&dev, &[n])?;
    if n > 0 {
        let cfg = per_element(n)?;
        group_values::launch::<i64>(&cfg, &perm, &scanned, &mut first_pos, &mut first)?;
        group_counts::launch(
            &per_element(groups)?,
            &first,
            &perm,
            &mut counts,
            &mut indices,
            n as i64,
        )?;
        group_inverse::launch(&cfg, &perm, &scanned, &mut inverse)?;
    }
    let mut shape = vec![groups];
    shape.extend_from_slice(&rest);
    let values = take(&sorted, &first, Some(0))?.reshape(&shape)?;
    let values = moveaxis(&values, &[0], &[ax as isize])?.as_standard_layout()?;
    Ok(UniqueAll {
        values,
        indices,
        inverse,
        counts,
    })
}
