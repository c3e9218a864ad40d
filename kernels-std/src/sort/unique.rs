//! `unique`: the sorted distinct values, with where they come from and how often they occur.

use super::compact::{per_element, scan_flags};
use super::kernels::before;
use super::sorting::merge_sort_rows;
use crate::prelude::*;
use crate::scan::rows::flatten;

/// `flags[i]` = 1 where sorted element `i` starts a group of equal values (NaNs are equal to
/// each other, `-0.0` to `0.0`), else 0.
#[raw_kernel]
pub(crate) fn group_starts<T: Num>(sorted: &[T], flags: &mut [i64]) {
    let i = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if i < sorted.len() {
        let mut start = true;
        if i > 0 {
            start = before::<T>(sorted[i - 1], sorted[i]);
        }
        flags[i] = if start { 1 } else { 0 };
    }
}

/// For each group start `i` (group `g = scanned[i] - 1`): `values[g] = sorted[i]`,
/// `first[g] = i`.
#[raw_kernel]
pub(crate) fn group_values<T: Num>(
    sorted: &[T],
    scanned: &[i64],
    values: &mut [T],
    first: &mut [i64],
) {
    let i = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if i < sorted.len() {
        let mut prev = 0;
        if i > 0 {
            prev = scanned[i - 1];
        }
        let g = scanned[i];
        if g != prev {
            values[(g - 1) as usize] = sorted[i];
            first[(g - 1) as usize] = i as i64;
        }
    }
}

/// For each group `g`: `counts[g]` (from the group starts `first` and the total `n`) and
/// `index[g] = pos[first[g]]` (the first occurrence in the input: the sort is stable).
#[raw_kernel]
pub(crate) fn group_counts(
    first: &[i64],
    pos: &[i64],
    counts: &mut [i64],
    index: &mut [i64],
    n: i64,
) {
    let g = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if g < first.len() {
        let mut next = n;
        if g + 1 < first.len() {
            next = first[g + 1];
        }
        counts[g] = next - first[g];
        index[g] = pos[first[g] as usize];
    }
}

/// `inverse[pos[i]] = scanned[i] - 1`: the group of each input element.
#[raw_kernel]
pub(crate) fn group_inverse(pos: &[i64], scanned: &[i64], inverse: &mut [i64]) {
    let i = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if i < pos.len() {
        inverse[pos[i] as usize] = scanned[i] - 1;
    }
}

/// What [`unique_all`] returns (NumPy's `return_index`, `return_inverse`, `return_counts`).
#[derive(Clone, Debug)]
pub struct UniqueAll<T: DType> {
    /// The distinct values, sorted (1-d).
    pub values: Array<T>,
    /// For each value, the flat position of its first occurrence in the input.
    pub indices: Array<i64>,
    /// For each input element (in the input's shape), the position of its value in `values`.
    pub inverse: Array<i64>,
    /// How many times each value occurs.
    pub counts: Array<i64>,
}

/// NumPy's `unique(a)`: the sorted distinct values of the flattened `a` (1-d). NaNs are merged
/// into one, as NumPy 2's default `equal_nan=True`; `-0.0` and `0.0` are one value.
///
/// ```
/// use kernels_std::sort::unique;
/// use kernels_std::{Array, Device};
/// let a = Array::from_vec(&Device::cpu(), &[2, 3], vec![3i8, 1, 3, -2, 1, 1])?;
/// assert_eq!(unique(&a)?.to_vec()?, vec![-2, 1, 3]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn unique<T: Num>(a: &Array<T>) -> Result<Array<T>> {
    Ok(unique_all(a)?.values)
}

/// NumPy's `unique(a, return_index=True, return_inverse=True, return_counts=True)`: the
/// sorted distinct values of the flattened `a`, the first occurrence of each, the inverse
/// (in `a`'s shape, as NumPy 2) and the counts. NaNs are merged into one value (np.unique's
/// `equal_nan=True`; NumPy's separate `np.unique_all` keeps them apart).
///
/// ```
/// use kernels_std::sort::unique_all;
/// use kernels_std::{Array, Device};
/// let a = Array::from_vec(&Device::cpu(), &[5], vec![f32::NAN, 2.0, f32::NAN, 0.0, 2.0])?;
/// let u = unique_all(&a)?;
/// assert_eq!(u.values.to_vec()?[..2], [0.0, 2.0]);
/// assert!(u.values.to_vec()?[2].is_nan());
/// assert_eq!(u.indices.to_vec()?, vec![3, 1, 0]);
/// assert_eq!(u.inverse.to_vec()?, vec![2, 1, 2, 0, 1]);
/// assert_eq!(u.counts.to_vec()?, vec![1, 2, 2]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn unique_all<T: Num>(a: &Array<T>) -> Result<UniqueAll<T>> {
    let dev = a.device();
    let n = a.len();
    let flat = flatten(a)?.reshape(&[1, n])?;
    let (sorted, pos) = merge_sort_rows(flat, 1, n, true)?;
    let (sorted, pos) = (sorted.reshape(&[n])?, pos.reshape(&[n])?);
    let mut flags = Array::<i64>::zeros(&dev, &[n])?;
    if n > 0 {
        group_starts::launch::<T>(&per_element(n)?, &sorted, &mut flags)?;
    }
    let (scanned, groups) = scan_flags(&flags)?;
    let mut values = Array::<T>::zeros(&dev, &[groups])?;
    let mut first = Array::<i64>::zeros(&dev, &[groups])?;
    let mut counts = Array::<i64>::zeros(&dev, &[groups])?;
    let mut indices = Array::<i64>::zeros(&dev, &[groups])?;
    let mut inverse = Array::<i64>::zeros(&dev, &[n])?;
    if n > 0 {
        let cfg = per_element(n)?;
        group_values::launch::<T>(&cfg, &sorted, &scanned, &mut values, &mut first)?;
        group_counts::launch(
            &per_element(groups)?,
            &first,
            &pos,
            &mut counts,
            &mut indices,
            n as i64,
        )?;
        group_inverse::launch(&cfg, &pos, &scanned, &mut inverse)?;
    }
    Ok(UniqueAll {
        values,
        indices,
        inverse: inverse.reshape(a.shape())?,
        counts,
    })
}
