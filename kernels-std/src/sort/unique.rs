//! `unique` and NumPy 2's `unique_values`, `unique_counts`, `unique_inverse`, `unique_all`:
//! the sorted distinct values, with where they come from and how often they occur.

use super::compact::{per_element, scan_flags};
use super::sortable::Sortable;
use crate::prelude::*;
use crate::scan::rows::flatten;

/// `flags[i]` = 1 where sorted element `i` starts a group of equal values, else 0. Values are
/// equal by `==` (so `-0.0` equals `0.0`); with `equal_nan`, two values that hold a NaN are
/// equal too (`x != x`: a float NaN, a complex number with a NaN part).
#[raw_kernel]
pub(crate) fn group_starts<T: DType>(sorted: &[T], flags: &mut [i64], equal_nan: bool) {
    let i = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if i < sorted.len() {
        let mut start = true;
        if i > 0 {
            let a = sorted[i - 1];
            let b = sorted[i];
            let both_nan = a != a && b != b;
            start = !(a == b || (equal_nan && both_nan));
        }
        flags[i] = if start { 1 } else { 0 };
    }
}

/// For each group start `i` (group `g = scanned[i] - 1`): `values[g] = sorted[i]`,
/// `first[g] = i`.
#[raw_kernel]
pub(crate) fn group_values<T: DType>(
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

/// What [`unique_all`] and [`unique_full`] return (NumPy's `UniqueAllResult`; NumPy names
/// the inverse `inverse_indices`).
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

/// What [`unique_counts`] returns (NumPy's `UniqueCountsResult`).
#[derive(Clone, Debug)]
pub struct UniqueCounts<T: DType> {
    /// The distinct values, sorted (1-d).
    pub values: Array<T>,
    /// How many times each value occurs.
    pub counts: Array<i64>,
}

/// What [`unique_inverse`] returns (NumPy's `UniqueInverseResult`; NumPy names the inverse
/// `inverse_indices`).
#[derive(Clone, Debug)]
pub struct UniqueInverse<T: DType> {
    /// The distinct values, sorted (1-d).
    pub values: Array<T>,
    /// For each input element (in the input's shape), the position of its value in `values`.
    pub inverse: Array<i64>,
}

/// NumPy's `unique(a)`: the sorted distinct values of the flattened `a` (1-d). NaNs are merged
/// into one, as NumPy 2's default `equal_nan=True`; `-0.0` and `0.0` are one value. Every
/// dtype ([`Sortable`]): `bool`, and complex numbers in NumPy's lexicographic order.
///
/// ```
/// use kernels_std::sort::unique;
/// use kernels_std::{Array, Device};
/// let a = Array::from_vec(&Device::cpu(), &[2, 3], vec![3i8, 1, 3, -2, 1, 1])?;
/// assert_eq!(unique(&a)?.to_vec()?, vec![-2, 1, 3]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn unique<T: Sortable>(a: &Array<T>) -> Result<Array<T>> {
    Ok(unique_full(a, true)?.values)
}

/// NumPy's `unique(a, return_index=True, return_inverse=True, return_counts=True,
/// equal_nan=equal_nan)`: the sorted distinct values of the flattened `a`, the first
/// occurrence of each, the inverse (in `a`'s shape, as NumPy 2) and the counts. With
/// `equal_nan` (np.unique's default) the NaNs are merged into one value (for complex numbers:
/// every value holding a NaN); without it each NaN is a value of its own.
///
/// ```
/// use kernels_std::sort::unique_full;
/// use kernels_std::{Array, Device};
/// let a = Array::from_vec(&Device::cpu(), &[5], vec![f32::NAN, 2.0, f32::NAN, 0.0, 2.0])?;
/// let u = unique_full(&a, true)?;
/// assert_eq!(u.values.to_vec()?[..2], [0.0, 2.0]);
/// assert!(u.values.to_vec()?[2].is_nan());
/// assert_eq!(u.indices.to_vec()?, vec![3, 1, 0]);
/// assert_eq!(u.inverse.to_vec()?, vec![2, 1, 2, 0, 1]);
/// assert_eq!(u.counts.to_vec()?, vec![1, 2, 2]);
/// assert_eq!(unique_full(&a, false)?.counts.to_vec()?, vec![1, 2, 1, 1]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn unique_full<T: Sortable>(a: &Array<T>, equal_nan: bool) -> Result<UniqueAll<T>> {
    let dev = a.device();
    let n = a.len();
    let (sorted, pos) = sorted_with_positions(a)?;
    let mut flags = Array::<i64>::zeros(&dev, &[n])?;
    if n > 0 {
        group_starts::launch::<T>(&per_element(n)?, &sorted, &mut flags, equal_nan)?;
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

/// The flattened `a` sorted stably (1-d), with the flat position each element came from.
pub(crate) fn sorted_with_positions<T: Sortable>(a: &Array<T>) -> Result<(Array<T>, Array<i64>)> {
    let n = a.len();
    let flat = flatten(a)?.reshape(&[1, n])?;
    let (sorted, pos) = T::sort_rows(flat, 1, n, true)?;
    Ok((sorted.reshape(&[n])?, pos.reshape(&[n])?))
}

/// NumPy 2's `unique_all(x)`: [`unique_full`] with `equal_nan=False`, as the array API asks:
/// each NaN is a value of its own.
///
/// ```
/// use kernels_std::sort::unique_all;
/// use kernels_std::{Array, Device};
/// let a = Array::from_vec(&Device::cpu(), &[5], vec![f64::NAN, 2.0, f64::NAN, 0.0, 2.0])?;
/// let u = unique_all(&a)?;
/// assert_eq!(u.values.to_vec()?[..2], [0.0, 2.0]);
/// assert_eq!(u.indices.to_vec()?, vec![3, 1, 0, 2]);
/// assert_eq!(u.inverse.to_vec()?, vec![2, 1, 3, 0, 1]);
/// assert_eq!(u.counts.to_vec()?, vec![1, 2, 1, 1]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn unique_all<T: Sortable>(x: &Array<T>) -> Result<UniqueAll<T>> {
    unique_full(x, false)
}

/// NumPy 2's `unique_values(x)`: the distinct values of the flattened `x`, each NaN apart
/// (`equal_nan=False`). Sorted here; NumPy leaves the order unspecified (it returns
/// integers in hash order).
///
/// ```
/// use kernels_std::sort::unique_values;
/// use kernels_std::{Array, Device};
/// let a = Array::from_vec(&Device::cpu(), &[4], vec![true, false, true, true])?;
/// assert_eq!(unique_values(&a)?.to_vec()?, vec![false, true]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn unique_values<T: Sortable>(x: &Array<T>) -> Result<Array<T>> {
    Ok(unique_full(x, false)?.values)
}

/// NumPy 2's `unique_counts(x)`: the sorted distinct values (each NaN apart) and how often
/// each occurs.
///
/// ```
/// use kernels_std::sort::unique_counts;
/// use kernels_std::{Array, Device};
/// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![7u16, 3, 7, 7])?;
/// let u = unique_counts(&a)?;
/// assert_eq!(u.values.to_vec()?, vec![3, 7]);
/// assert_eq!(u.counts.to_vec()?, vec![1, 3]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn unique_counts<T: Sortable>(x: &Array<T>) -> Result<UniqueCounts<T>> {
    let u = unique_full(x, false)?;
    Ok(UniqueCounts {
        values: u.values,
        counts: u.counts,
    })
}

/// NumPy 2's `unique_inverse(x)`: the sorted distinct values (each NaN apart) and, in `x`'s
/// shape, the position of each element's value among them.
///
/// ```
/// use kernels_std::sort::unique_inverse;
/// use kernels_std::{Array, Device};
/// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![5i32, 3, 3, 9])?;
/// let u = unique_inverse(&a)?;
/// assert_eq!(u.values.to_vec()?, vec![3, 5, 9]);
/// assert_eq!(u.inverse.shape(), &[2, 2]);
/// assert_eq!(u.inverse.to_vec()?, vec![1, 0, 0, 2]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn unique_inverse<T: Sortable>(x: &Array<T>) -> Result<UniqueInverse<T>> {
    let u = unique_full(x, false)?;
    Ok(UniqueInverse {
        values: u.values,
        inverse: u.inverse,
    })
}
