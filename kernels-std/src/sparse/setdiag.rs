//! SciPy's `setdiag(values, k)` for CSR, CSC, COO and DIA: the `k`-th diagonal set to
//! `values` (a scalar, 0-d, for the whole diagonal, or a 1-d array, as far as it reaches),
//! existing entries overwritten, new ones inserted (DIA: a stored offset's band written, a
//! new offset appended with its band).
//!
//! Compressed arrays are handled in line space (a CSC array is the CSR array of its
//! transpose, its diagonal `k` the line space's `-k`), as SciPy's `_cs_matrix._setdiag`:
//! the diagonal's positions are looked up in their lines; when every one is stored the
//! values are written in place (after `sum_duplicates` when one is stored twice), else the
//! entries go through COO's `_setdiag` (the entries off the set part of the diagonal in
//! storage order, then the diagonal's) and back by a stable counting sort on the line,
//! each line sorted again when it was sorted before.

use super::compressed::{bucket_lines, check_device, check_extents, sort_each_line, Compressed};
use super::coo::CooArray;
use super::csc::CscArray;
use super::csr::CsrArray;
use super::dia::DiaArray;
use super::dtypes::{SparseDType, SparseIndex};
use super::kernels::diagonal_entries;
use crate::prelude::*;
use crate::sort::compact::{per_element, selected_positions};
use crate::sort::{put, take, TakeMode};

/// `offsets[i]`: the position of the stored entry of line `r0 + i` at index `c0 + i`, or -1;
/// `flags[0]` counts the positions stored more than once, `flags[1]` those not stored.
#[raw_kernel]
pub(crate) fn diagonal_offsets<I: Int>(
    indptr: &[I],
    indices: &[I],
    offsets: &mut [i64],
    flags: &mut [u32],
    r0: usize,
    c0: usize,
) {
    let i = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if i < offsets.len() {
        let start = indptr[r0 + i].cast::<u64>() as usize;
        let end = indptr[r0 + i + 1].cast::<u64>() as usize;
        let target = (c0 + i) as i64;
        let mut found: i64 = -1;
        let mut repeated = false;
        for j in start..end {
            if indices[j].cast::<i64>() == target {
                if found >= 0 {
                    repeated = true;
                } else {
                    found = j as i64;
                }
            }
        }
        offsets[i] = found;
        if repeated {
            atomic_add(&flags, 0, 1);
        }
        if found < 0 {
            atomic_add(&flags, 1, 1);
        }
    }
}

/// 1 for an entry `(major, minor)` that COO's `_setdiag` keeps: off the diagonal `k`, or on
/// it at or past `limit` (the number of values set).
#[elementwise]
pub(crate) fn off_diagonal_flag<I: Int>(major: I, minor: I, k: i64, limit: i64) -> i64 {
    let r = major.cast::<i64>();
    let c = minor.cast::<i64>();
    let mut along = r;
    if k < 0 {
        along = c;
    }
    if c - r != k || along >= limit {
        1
    } else {
        0
    }
}

/// SciPy's `ValueError("k exceeds array dimensions")` for a diagonal outside `shape`.
pub(crate) fn check_k(what: &str, shape: [usize; 2], k: isize) -> Result<()> {
    let (m, n, k) = (shape[0] as i128, shape[1] as i128, k as i128);
    if (k > 0 && k >= n) || (k < 0 && -k >= m) {
        return Err(Error::invalid(format!(
            "{what}: k exceeds array dimensions (k = {k}, shape {shape:?})"
        )));
    }
    Ok(())
}

/// The values as a 1-d array and whether they are one scalar for the whole diagonal (a 0-d
/// array); an error for more dimensions or another device.
fn prepare_values<T: SparseDType>(
    what: &str,
    dev: &Device,
    values: &Array<T>,
) -> Result<(Array<T>, bool)> {
    check_device(what, dev, &[values.device()])?;
    match values.ndim() {
        0 => Ok((values.reshape(&[1])?, true)),
        1 => Ok((values.as_standard_layout()?, false)),
        d => Err(Error::invalid(format!(
            "{what}: values should be a scalar (0-d) or 1-d, got {d} dimensions"
        ))),
    }
}

/// The first line and index of diagonal `k` of a `[majors, minor]` matrix and the number of
/// positions set: the diagonal's length, at most `given` values when not a broadcast scalar.
fn span(majors: usize, minor: usize, k: isize, given: Option<usize>) -> (usize, usize, usize) {
    let (m, n, k) = (majors as i128, minor as i128, k as i128);
    let (r0, c0, len) = if k < 0 {
        (-k, 0, (m + k).min(n))
    } else {
        (0, k, m.min(n - k))
    };
    let len = given.map_or(len, |g| len.min(g as i128)).max(0);
    (r0 as usize, c0 as usize, len as usize)
}

/// COO's `_setdiag` on the entries `(major, minor, data)` of a `[majors, minor]` matrix: the
/// entries off the first `len` positions of diagonal `k` in storage order, then those
/// positions (`values`, one broadcast value or at least `len`).
fn coo_setdiag<T: SparseDType, I: SparseIndex>(
    (major, minor, data): (&Array<I>, &Array<I>, &Array<T>),
    values: &Array<T>,
    k: isize,
    (r0, c0, len): (usize, usize, usize),
) -> Result<(Array<I>, Array<I>, Array<T>)> {
    let dev = data.device();
    let kept = if data.is_empty() {
        Array::<i64>::zeros(&dev, &[0])?
    } else {
        let flags = off_diagonal_flag::<I>(
            major,
            minor,
            &Array::scalar(&dev, k as i64)?,
            &Array::scalar(&dev, len as i64)?,
        )?;
        selected_positions(&flags)?
    };
    let base = kept.len();
    let total = base + len;
    check_extents::<I>("setdiag (stored values)", &[total])?;
    let mut out_major = Array::<I>::zeros(&dev, &[total])?;
    let mut out_minor = Array::<I>::zeros(&dev, &[total])?;
    let mut out_data = Array::<T>::zeros(&dev, &[total])?;
    if base > 0 {
        out_major.assign_at(s![..base], &take(major, &kept, None)?)?;
        out_minor.assign_at(s![..base], &take(minor, &kept, None)?)?;
        out_data.assign_at(s![..base], &take(data, &kept, None)?)?;
    }
    if len > 0 {
        diagonal_entries::launch::<T, I>(
            &per_element(len)?,
            values,
            &mut out_major,
            &mut out_minor,
            &mut out_data,
            base as u64,
            len as u64,
            r0 as u64,
            c0 as u64,
        )?;
    }
    Ok((out_major, out_minor, out_data))
}

impl<T: SparseDType, I: SparseIndex> Compressed<T, I> {
    /// SciPy's `_cs_matrix._setdiag(values, k)` in line space (`k` of the matrix of lines).
    pub fn setdiag(&mut self, what: &str, values: &Array<T>, k: isize) -> Result<()> {
        let dev = self.data.device();
        let (values, broadcast) = prepare_values(what, &dev, values)?;
        if self.majors == 0 || self.minor == 0 {
            return Ok(());
        }
        let given = (!broadcast).then_some(values.len());
        let (r0, c0, len) = span(self.majors, self.minor, k, given);
        if len == 0 {
            return Ok(());
        }
        let mut offsets = Array::<i64>::zeros(&dev, &[len])?;
        let mut flags = [0u32; 2];
        for attempt in 0..2 {
            let mut f = Array::<u32>::zeros(&dev, &[2])?;
            diagonal_offsets::launch::<I>(
                &per_element(len)?,
                &self.indptr,
                &self.indices,
                &mut offsets,
                &mut f,
                r0 as u64,
                c0 as u64,
            )?;
            flags = f
                .to_vec()?
                .try_into()
                .map_err(|_| Error::invalid("diagonal_offsets: expected two counts"))?;
            if flags[0] == 0 || attempt == 1 {
                break;
            }
            // A position stored twice: SciPy sums the duplicates and looks again.
            self.sum_duplicates()?;
        }
        let x = if broadcast {
            values
        } else {
            values.slice(s![..len])?
        };
        if flags[1] == 0 {
            return put(&mut self.data, &offsets, &x, TakeMode::Raise);
        }
        let was_sorted = self.sorted;
        let major = self.expand_majors()?;
        let (major, minor, data) =
            coo_setdiag((&major, &self.indices, &self.data), &x, k, (r0, c0, len))?;
        let (indptr, mut indices, mut data) = bucket_lines(&major, &minor, &data, self.majors)?;
        if was_sorted {
            sort_each_line(&indptr, &mut indices, &mut data, self.majors)?;
        }
        *self = Compressed::trusted(data, indices, indptr, self.majors, self.minor)?;
        Ok(())
    }
}

impl<T: SparseDType, I: SparseIndex> CsrArray<T, I> {
    /// SciPy's `setdiag(values, k)`: the `k`-th diagonal (`a[i, i + k]`) set to `values`, a
    /// 0-d array (every position of the diagonal) or a 1-d one (as many positions as it
    /// holds, the rest of the diagonal untouched; values past the diagonal ignored). When
    /// every position is stored the values are written in place (the structure kept);
    /// else the new entries are inserted (each row sorted again when the rows were sorted).
    /// Errors: `k` outside the matrix (SciPy's "k exceeds array dimensions"), values of
    /// more than one dimension or on another device.
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CsrArray;
    /// let dev = Device::cpu();
    /// let d = Array::from_vec(&dev, &[2, 3], vec![1.0f64, 0.0, 2.0, 0.0, 3.0, 0.0])?;
    /// let mut a = CsrArray::<f64>::from_dense(&d)?;
    /// a.setdiag(&Array::scalar(&dev, 7.0)?, 0)?; // both positions stored: in place
    /// assert_eq!(a.toarray()?.to_vec()?, vec![7.0, 0.0, 2.0, 0.0, 7.0, 0.0]);
    /// a.setdiag(&Array::from_vec(&dev, &[1], vec![5.0])?, 1)?; // a[0, 1] inserted
    /// assert_eq!(a.toarray()?.to_vec()?, vec![7.0, 5.0, 2.0, 0.0, 7.0, 0.0]);
    /// assert!(a.has_canonical_format());
    /// assert!(a.setdiag(&Array::scalar(&dev, 1.0)?, 3).is_err());
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn setdiag(&mut self, values: &Array<T>, k: isize) -> Result<()> {
        let what = "csr_array.setdiag";
        check_k(what, self.shape(), k)?;
        self.inner.setdiag(what, values, k)
    }
}

impl<T: SparseDType, I: SparseIndex> CscArray<T, I> {
    /// SciPy's `setdiag(values, k)`: see [`CsrArray::setdiag`] (each column sorted again
    /// after an insertion when the columns were sorted).
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CscArray;
    /// let dev = Device::cpu();
    /// let mut a = CscArray::<i32>::from_dense(&Array::from_vec(&dev, &[2, 2], vec![0, 1, 2, 0])?)?;
    /// a.setdiag(&Array::from_vec(&dev, &[2], vec![8, 9])?, 0)?;
    /// assert_eq!(a.toarray()?.to_vec()?, vec![8, 1, 2, 9]);
    /// assert_eq!(a.indices().to_vec()?, vec![0, 1, 0, 1]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn setdiag(&mut self, values: &Array<T>, k: isize) -> Result<()> {
        let what = "csc_array.setdiag";
        check_k(what, self.shape(), k)?;
        self.inner.setdiag(what, values, -k)
    }
}

impl<T: SparseDType, I: SparseIndex> CooArray<T, I> {
    /// SciPy's `setdiag(values, k)` of `coo_array`: the entries off the set positions of the
    /// `k`-th diagonal kept in storage order, then the diagonal's entries appended (so the
    /// result is not canonical). `values` as in [`CsrArray::setdiag`]; an empty 1-d array
    /// changes nothing.
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CooArray;
    /// let dev = Device::cpu();
    /// let d = Array::from_vec(&dev, &[2, 2], vec![1.0f32, 2.0, 3.0, 0.0])?;
    /// let mut a = CooArray::<f32>::from_dense(&d)?;
    /// a.setdiag(&Array::scalar(&dev, -1.0)?, 0)?;
    /// assert_eq!(a.row().to_vec()?, vec![0, 1, 0, 1]);
    /// assert_eq!(a.col().to_vec()?, vec![1, 0, 0, 1]);
    /// assert_eq!(a.toarray()?.to_vec()?, vec![-1.0, 2.0, 3.0, -1.0]);
    /// assert!(!a.has_canonical_format());
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn setdiag(&mut self, values: &Array<T>, k: isize) -> Result<()> {
        let what = "coo_array.setdiag";
        check_k(what, self.shape(), k)?;
        let (values, broadcast) = prepare_values(what, &self.device(), values)?;
        if !broadcast && values.is_empty() {
            return Ok(());
        }
        let [m, n] = self.shape();
        let given = (!broadcast).then_some(values.len());
        let s = span(m, n, k, given);
        let x = if broadcast {
            values
        } else {
            values.slice(s![..s.2])?
        };
        let (row, col, data) = coo_setdiag((self.row(), self.col(), self.data()), &x, k, s)?;
        *self = CooArray::trusted(data, row, col, [m, n], false);
        Ok(())
    }
}

impl<T: SparseDType, I: SparseIndex> DiaArray<T, I> {
    /// SciPy's `setdiag(values, k)` of `dia_array`: when `k` is a stored offset its band is
    /// written (`data` widened with zeros when the values reach past its columns), else `k`
    /// is appended to `offsets` and a band to `data` (zeros outside the values; even for an
    /// empty 1-d `values`, as SciPy). `values` and the errors as in
    /// [`CsrArray::setdiag`]: a 0-d array sets the whole diagonal, a 1-d one as many
    /// positions as it holds (the extra values ignored).
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::DiaArray;
    /// let dev = Device::cpu();
    /// let d = Array::from_vec(&dev, &[3, 3], vec![1.0f64, 0.0, 0.0, 0.0, 2.0, 0.0, 0.0, 0.0, 3.0])?;
    /// let mut a = DiaArray::<f64>::from_dense(&d)?;
    /// a.setdiag(&Array::scalar(&dev, 5.0)?, 0)?; // a stored offset: its band overwritten
    /// a.setdiag(&Array::from_vec(&dev, &[1], vec![7.0])?, -1)?; // a new one: appended
    /// assert_eq!(a.offsets().to_vec()?, vec![0, -1]);
    /// assert_eq!(a.data().to_vec()?, vec![5.0, 5.0, 5.0, 7.0, 0.0, 0.0]);
    /// assert_eq!(
    ///     a.toarray()?.to_vec()?,
    ///     vec![5.0, 0.0, 0.0, 7.0, 5.0, 0.0, 0.0, 0.0, 5.0]
    /// );
    /// assert!(a.setdiag(&Array::scalar(&dev, 1.0)?, -3).is_err());
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn setdiag(&mut self, values: &Array<T>, k: isize) -> Result<()> {
        let what = "dia_array.setdiag";
        check_k(what, self.shape, k)?;
        let dev = self.data.device();
        let (values, broadcast) = prepare_values(what, &dev, values)?;
        let [m, n] = self.shape;
        let given = (!broadcast).then_some(values.len());
        // Diagonal k occupies the columns c0..c0 + len of its band.
        let (_, c0, len) = span(m, n, k, given);
        let (lo, hi) = (c0 as isize, (c0 + len) as isize);
        let x = if broadcast {
            values
        } else {
            values.slice(s![..len])?
        };
        let [rows, cols] = [self.data.shape()[0], self.data.shape()[1]];
        let stored = self.offs.iter().position(|&o| o == k as i64);
        let (band, new_rows) = match stored {
            Some(r) => (r, rows),
            None => (rows, rows + 1),
        };
        let width = cols.max(c0 + len);
        if new_rows != rows || width != cols {
            let mut data = Array::<T>::zeros(&dev, &[new_rows, width])?;
            if rows > 0 && cols > 0 {
                data.assign_at(s![..rows as isize, ..cols as isize], &self.data)?;
            }
            self.data = data;
        }
        if len > 0 {
            self.data.assign_at(s![band as isize, lo..hi], &x)?;
        }
        if stored.is_none() {
            self.offs.push(k as i64);
            let offs: Vec<I> = self.offs.iter().map(|&o| o.cast::<I>()).collect();
            self.offsets = Array::from_vec(&dev, &[offs.len()], offs)?;
        }
        Ok(())
    }
}
