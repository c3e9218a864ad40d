//! Set routines on 1-d arrays (NumPy's `arraysetops`): `isin`, `intersect1d`, `union1d`,
//! `setdiff1d`, `setxor1d`.
//!
//! Each works on sorted data as NumPy's do: the flattened inputs are made unique (unless the
//! caller says they are), joined and sorted stably with their positions, and a kernel reads
//! neighbours in the sorted order. Values are equal by `==`: NaN matches nothing (NumPy's
//! `isin(nan, [nan])` is false), `-0.0` matches `0.0`.

use super::compact::{per_element, scan_flags, selected_positions};
use super::sortable::Sortable;
use super::take::take;
use super::unique::{group_starts, sorted_with_positions, unique, unique_full};
use crate::prelude::*;
use crate::scan::rows::flatten;
use crate::shape::concatenate;

/// `last[g] = i` for the last sorted position `i` of each group (`scanned`: the inclusive
/// scan of the group starts, so element `i` is in group `scanned[i] - 1`).
#[raw_kernel]
pub(crate) fn group_last(scanned: &[i64], last: &mut [i64]) {
    let i = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    let n = scanned.len();
    if i < n {
        if i + 1 == n || scanned[i + 1] != scanned[i] {
            last[(scanned[i] - 1) as usize] = i as i64;
        }
    }
}

/// `out[order[i]]` for each sorted position `i` holding an element of the first array
/// (`order[i] < n1`): whether its group holds an element of the second (positions `>= n1`);
/// the sort is stable, so if one does, the group's last element does. `invert` negates.
#[raw_kernel]
pub(crate) fn isin_flags(
    order: &[i64],
    scanned: &[i64],
    last: &[i64],
    out: &mut [bool],
    n1: i64,
    invert: bool,
) {
    let i = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if i < order.len() {
        let p = order[i];
        if p < n1 {
            let end = last[(scanned[i] - 1) as usize];
            let found = order[end as usize] >= n1;
            out[p as usize] = found != invert;
        }
    }
}

/// `flags[i]` = 1 where sorted element `i` equals the next one (`==`), else 0.
#[raw_kernel]
pub(crate) fn equal_next<T: DType>(sorted: &[T], flags: &mut [i64]) {
    let i = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    let n = sorted.len();
    if i < n {
        let mut eq = false;
        if i + 1 < n {
            eq = sorted[i] == sorted[i + 1];
        }
        flags[i] = if eq { 1 } else { 0 };
    }
}

/// `flags[i]` = 1 where sorted element `i` equals neither neighbour (`==`), else 0.
#[raw_kernel]
pub(crate) fn lone_flags<T: DType>(sorted: &[T], flags: &mut [i64]) {
    let i = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    let n = sorted.len();
    if i < n {
        let mut lone = true;
        if i > 0 && sorted[i - 1] == sorted[i] {
            lone = false;
        }
        if i + 1 < n && sorted[i + 1] == sorted[i] {
            lone = false;
        }
        flags[i] = if lone { 1 } else { 0 };
    }
}

/// For each selected sorted position `i = sel[k]` (equal to position `i + 1`): the value, and
/// where its two copies came from: `first[k] = index1[order[i]]`,
/// `second[k] = index2[order[i + 1] - n1]`.
#[raw_kernel]
#[allow(clippy::too_many_arguments)]
pub(crate) fn pick_pairs<T: DType>(
    sorted: &[T],
    order: &[i64],
    index1: &[i64],
    index2: &[i64],
    sel: &[i64],
    values: &mut [T],
    first: &mut [i64],
    second: &mut [i64],
    n1: i64,
) {
    let k = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if k < sel.len() {
        let i = sel[k] as usize;
        values[k] = sorted[i];
        first[k] = index1[order[i] as usize];
        second[k] = index2[(order[i + 1] - n1) as usize];
    }
}

/// The builder [`isin`] returns: set NumPy's keywords, then [`run`](IsIn::run).
#[derive(Clone, Debug)]
#[must_use = "an isin does nothing until `.run()`"]
pub struct IsIn<'a, T: Sortable> {
    element: &'a Array<T>,
    test: &'a Array<T>,
    invert: bool,
}

/// NumPy's `isin(element, test_elements)`: for each element of `element`, whether it occurs
/// in `test_elements` (any shape, flattened); a `bool` array of `element`'s shape. Equality
/// is `==`: a NaN is in nothing, `-0.0` is in `[0.0]`. Every dtype ([`Sortable`]), both
/// arrays of one dtype.
///
/// Keywords: [`invert`](IsIn::invert), [`assume_unique`](IsIn::assume_unique). NumPy's
/// `kind` (`'sort'` or `'table'`) chooses an algorithm, not a result; this is always the sort.
///
/// ```
/// use kernels_std::sort::isin;
/// use kernels_std::{Array, Device};
/// let dev = Device::cpu();
/// let e = Array::from_vec(&dev, &[2, 2], vec![0i32, 2, 4, 6])?;
/// let t = Array::from_vec(&dev, &[3], vec![1i32, 2, 4])?;
/// assert_eq!(isin(&e, &t).run()?.to_vec()?, vec![false, true, true, false]);
/// assert_eq!(isin(&e, &t).invert(true).run()?.to_vec()?, vec![true, false, false, true]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn isin<'a, T: Sortable>(element: &'a Array<T>, test_elements: &'a Array<T>) -> IsIn<'a, T> {
    IsIn {
        element,
        test: test_elements,
        invert: false,
    }
}

impl<T: Sortable> IsIn<'_, T> {
    /// NumPy's `invert=True`: whether each element is *not* in `test_elements`.
    pub fn invert(mut self, invert: bool) -> Self {
        self.invert = invert;
        self
    }

    /// NumPy's `assume_unique`: a promise that both inputs hold distinct values, which lets
    /// NumPy skip a step. The answer here does not depend on it (and stays right when the
    /// promise is broken, where NumPy's may not).
    pub fn assume_unique(self, _assume_unique: bool) -> Self {
        self
    }

    /// Computes the mask.
    pub fn run(self) -> Result<Array<bool>> {
        let mask = in_flat(self.element, self.test, self.invert)?;
        mask.reshape(self.element.shape())
    }
}

/// The `isin` mask of the flattened `a` in the flattened `b` (1-d).
fn in_flat<T: Sortable>(a: &Array<T>, b: &Array<T>, invert: bool) -> Result<Array<bool>> {
    same_device(a, b, "isin")?;
    let dev = a.device();
    let n1 = a.len();
    let mut out = Array::<bool>::full(&dev, &[n1], invert)?;
    if n1 == 0 || b.is_empty() {
        return Ok(out);
    }
    let joined = concatenate(&[a, b], None)?;
    let m = joined.len();
    let (sorted, order) = sorted_with_positions(&joined)?;
    let cfg = per_element(m)?;
    let mut flags = Array::<i64>::zeros(&dev, &[m])?;
    group_starts::launch::<T>(&cfg, &sorted, &mut flags, false)?;
    let (scanned, groups) = scan_flags(&flags)?;
    let mut last = Array::<i64>::zeros(&dev, &[groups])?;
    group_last::launch(&cfg, &scanned, &mut last)?;
    isin_flags::launch(&cfg, &order, &scanned, &last, &mut out, n1 as i64, invert)?;
    Ok(out)
}

fn same_device<T: DType>(a: &Array<T>, b: &Array<T>, op: &str) -> Result<()> {
    if a.device().same(&b.device()) {
        Ok(())
    } else {
        Err(Error::invalid(format!(
            "{op}: the arrays are on different devices ({} and {})",
            a.device(),
            b.device()
        )))
    }
}

/// The flattened `a` made unique (sorted, NaNs merged), with the position of each value's
/// first occurrence; or, when the caller promises it is unique, as it is with `0..n`.
fn distinct<T: Sortable>(a: &Array<T>, assume_unique: bool) -> Result<(Array<T>, Array<i64>)> {
    if assume_unique {
        let flat = flatten(a)?;
        let n = flat.len() as i64;
        let index = crate::creation::arange(&a.device(), n)?;
        Ok((flat, index))
    } else {
        let u = unique_full(a, true)?;
        Ok((u.values, u.indices))
    }
}

/// What [`intersect1d_indices`] returns (NumPy's `intersect1d(..., return_indices=True)`).
#[derive(Clone, Debug)]
pub struct Intersect1d<T: DType> {
    /// The sorted common values.
    pub values: Array<T>,
    /// For each value, a flat position in the first array where it occurs (its first
    /// occurrence, unless `assume_unique`).
    pub indices1: Array<i64>,
    /// For each value, a flat position in the second array where it occurs.
    pub indices2: Array<i64>,
}

/// NumPy's `intersect1d(ar1, ar2, assume_unique)`: the sorted values that occur in both
/// (flattened) arrays, each once. NaN is never common (`==`). With `assume_unique` the inputs
/// are taken as they are (a value repeated in one of them may then be returned twice, as in
/// NumPy).
///
/// ```
/// use kernels_std::sort::intersect1d;
/// use kernels_std::{Array, Device};
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[4], vec![1i64, 3, 4, 3])?;
/// let b = Array::from_vec(&dev, &[4], vec![3i64, 1, 2, 1])?;
/// assert_eq!(intersect1d(&a, &b, false)?.to_vec()?, vec![1, 3]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn intersect1d<T: Sortable>(
    ar1: &Array<T>,
    ar2: &Array<T>,
    assume_unique: bool,
) -> Result<Array<T>> {
    Ok(intersect1d_indices(ar1, ar2, assume_unique)?.values)
}

/// NumPy's `intersect1d(ar1, ar2, assume_unique, return_indices=True)`: [`intersect1d`] with,
/// for each common value, its flat position in each input (the first occurrence).
///
/// ```
/// use kernels_std::sort::intersect1d_indices;
/// use kernels_std::{Array, Device};
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[4], vec![1.0f32, 3.0, 4.0, 3.0])?;
/// let b = Array::from_vec(&dev, &[4], vec![3.0f32, 1.0, 2.0, 1.0])?;
/// let r = intersect1d_indices(&a, &b, false)?;
/// assert_eq!(r.values.to_vec()?, vec![1.0, 3.0]);
/// assert_eq!(r.indices1.to_vec()?, vec![0, 1]);
/// assert_eq!(r.indices2.to_vec()?, vec![1, 0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn intersect1d_indices<T: Sortable>(
    ar1: &Array<T>,
    ar2: &Array<T>,
    assume_unique: bool,
) -> Result<Intersect1d<T>> {
    same_device(ar1, ar2, "intersect1d")?;
    let dev = ar1.device();
    let (v1, i1) = distinct(ar1, assume_unique)?;
    let (v2, i2) = distinct(ar2, assume_unique)?;
    let joined = concatenate(&[&v1, &v2], None)?;
    let m = joined.len();
    let (sorted, order) = sorted_with_positions(&joined)?;
    let mut flags = Array::<i64>::zeros(&dev, &[m])?;
    if m > 0 {
        equal_next::launch::<T>(&per_element(m)?, &sorted, &mut flags)?;
    }
    let sel = selected_positions(&flags)?;
    let k = sel.len();
    let mut values = Array::<T>::zeros(&dev, &[k])?;
    let mut indices1 = Array::<i64>::zeros(&dev, &[k])?;
    let mut indices2 = Array::<i64>::zeros(&dev, &[k])?;
    if k > 0 {
        pick_pairs::launch::<T>(
            &per_element(k)?,
            &sorted,
            &order,
            &i1,
            &i2,
            &sel,
            &mut values,
            &mut indices1,
            &mut indices2,
            v1.len() as i64,
        )?;
    }
    Ok(Intersect1d {
        values,
        indices1,
        indices2,
    })
}

/// NumPy's `union1d(ar1, ar2)`: the sorted distinct values of both (flattened) arrays
/// (`unique` of the two joined: NaNs merged into one).
///
/// ```
/// use kernels_std::sort::union1d;
/// use kernels_std::{Array, Device};
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[3], vec![-1i16, 0, 1])?;
/// let b = Array::from_vec(&dev, &[3], vec![-2i16, 0, 2])?;
/// assert_eq!(union1d(&a, &b)?.to_vec()?, vec![-2, -1, 0, 1, 2]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn union1d<T: Sortable>(ar1: &Array<T>, ar2: &Array<T>) -> Result<Array<T>> {
    same_device(ar1, ar2, "union1d")?;
    unique(&concatenate(&[ar1, ar2], None)?)
}

/// NumPy's `setdiff1d(ar1, ar2, assume_unique)`: the values of `ar1` not in `ar2`, sorted and
/// distinct; with `assume_unique`, the flattened `ar1` in its own order, less the values in
/// `ar2`. A NaN of `ar1` is kept (it is in nothing).
///
/// ```
/// use kernels_std::sort::setdiff1d;
/// use kernels_std::{Array, Device};
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[6], vec![1u8, 2, 3, 2, 4, 1])?;
/// let b = Array::from_vec(&dev, &[4], vec![3u8, 4, 5, 6])?;
/// assert_eq!(setdiff1d(&a, &b, false)?.to_vec()?, vec![1, 2]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn setdiff1d<T: Sortable>(
    ar1: &Array<T>,
    ar2: &Array<T>,
    assume_unique: bool,
) -> Result<Array<T>> {
    same_device(ar1, ar2, "setdiff1d")?;
    let (v1, _) = distinct(ar1, assume_unique)?;
    let keep = in_flat(&v1, ar2, true)?;
    take(&v1, &selected_positions(&keep.astype::<i64>()?)?, None)
}

/// NumPy's `setxor1d(ar1, ar2, assume_unique)`: the sorted values in exactly one of the two
/// (flattened) arrays. Each array is made unique first (NaNs merged), unless `assume_unique`;
/// a NaN of each then counts as a value of its own, as in NumPy (`setxor1d([nan], [nan])` is
/// `[nan, nan]`).
///
/// ```
/// use kernels_std::sort::setxor1d;
/// use kernels_std::{Array, Device};
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[5], vec![1i32, 2, 3, 2, 4])?;
/// let b = Array::from_vec(&dev, &[4], vec![2i32, 3, 5, 7])?;
/// assert_eq!(setxor1d(&a, &b, false)?.to_vec()?, vec![1, 4, 5, 7]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn setxor1d<T: Sortable>(
    ar1: &Array<T>,
    ar2: &Array<T>,
    assume_unique: bool,
) -> Result<Array<T>> {
    same_device(ar1, ar2, "setxor1d")?;
    let dev = ar1.device();
    let (v1, _) = distinct(ar1, assume_unique)?;
    let (v2, _) = distinct(ar2, assume_unique)?;
    let joined = concatenate(&[&v1, &v2], None)?;
    let m = joined.len();
    let (sorted, _) = sorted_with_positions(&joined)?;
    let mut flags = Array::<i64>::zeros(&dev, &[m])?;
    if m > 0 {
        lone_flags::launch::<T>(&per_element(m)?, &sorted, &mut flags)?;
    }
    take(&sorted, &selected_positions(&flags)?, None)
}
