//! SciPy's basic indexing of CSR and CSC arrays: a slice of rows or of columns
//! (`A[i:j:s]`, `A[:, i:j:s]`) and lines picked by an index array (`A[[3, 1, 3]]`).
//!
//! Along the major axis (rows of CSR) the picked lines are copied whole, in the order picked
//! (SciPy's `csr_row_index`/`csr_row_slice`); along the minor axis the entries whose index
//! the slice holds are kept in storage order, their indices renumbered (SciPy's
//! `csr_submatrix` for a step of 1, `csr_column_index2` otherwise: the same order). The
//! flags are computed from the result, as SciPy computes them.

use super::compressed::{check_device, check_extents, Compressed};
use super::csc::CscArray;
use super::csr::CsrArray;
use super::dtypes::{SparseDType, SparseIndex};
use super::kernels::{kept_pointers, pointers_from_scan};
use crate::prelude::*;
use crate::sort::compact::{per_element, scan_flags, selected_positions};
use crate::sort::take;

/// `counts[s]`: the number of entries of line `lines[s]`.
#[raw_kernel]
pub(crate) fn picked_line_counts<I: Int>(indptr: &[I], lines: &[i64], counts: &mut [i64]) {
    let s = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if s < counts.len() {
        let m = lines[s] as usize;
        counts[s] = indptr[m + 1].cast::<i64>() - indptr[m].cast::<i64>();
    }
}

/// Copies line `lines[s]` to the place `out_ptr[s]` of the result, one thread per picked
/// line.
#[raw_kernel]
#[allow(clippy::too_many_arguments)]
pub(crate) fn gather_lines<T: DType, I: Int>(
    indptr: &[I],
    indices: &[I],
    data: &[T],
    lines: &[i64],
    out_ptr: &[I],
    out_indices: &mut [I],
    out_data: &mut [T],
) {
    let s = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if s < lines.len() {
        let m = lines[s] as usize;
        let start = indptr[m].cast::<u64>() as usize;
        let end = indptr[m + 1].cast::<u64>() as usize;
        let to = out_ptr[s].cast::<u64>() as usize;
        for j in start..end {
            out_indices[to + j - start] = indices[j];
            out_data[to + j - start] = data[j];
        }
    }
}

/// 1 when `index` is `start + q * step` for some `q` in `[0, count)`, else 0.
#[elementwise]
pub(crate) fn slice_member_flag<I: Int>(index: I, start: i64, step: i64, count: i64) -> i64 {
    let d = index.cast::<i64>() - start;
    if d % step != 0 {
        0
    } else {
        let q = d / step;
        if q >= 0 && q < count {
            1
        } else {
            0
        }
    }
}

/// The position `(index - start) / step` of an index in the slice.
#[elementwise]
pub(crate) fn slice_position<I: Int>(index: I, start: i64, step: i64) -> I {
    ((index.cast::<i64>() - start) / step).cast::<I>()
}

/// Python's `slice(start, stop, step).indices(len)`: the first position, the step and the
/// number of positions; a step of 0 is an error.
pub(crate) fn slice_span(
    what: &str,
    len: usize,
    start: Option<isize>,
    stop: Option<isize>,
    step: Option<isize>,
) -> Result<(i64, i64, usize)> {
    let step = step.unwrap_or(1) as i64;
    if step == 0 {
        return Err(Error::invalid(format!("{what}: slice step cannot be zero")));
    }
    let len = len as i64;
    let (lower, upper) = if step > 0 { (0, len) } else { (-1, len - 1) };
    let clamp = |v: Option<isize>, default: i64| match v {
        None => default,
        Some(v) => {
            let v = v as i64;
            if v < 0 {
                (v + len).max(lower)
            } else {
                v.min(upper)
            }
        }
    };
    let start = clamp(start, if step > 0 { lower } else { upper });
    let stop = clamp(stop, if step > 0 { upper } else { lower });
    let count = if step > 0 && stop > start {
        (stop - start + step - 1) / step
    } else if step < 0 && start > stop {
        (start - stop - step - 1) / -step
    } else {
        0
    };
    Ok((start, step, count as usize))
}

impl<T: SparseDType, I: SparseIndex> Compressed<T, I> {
    /// The lines `lines` (valid line numbers, on the device), in that order.
    fn pick_lines(&self, lines: &Array<i64>) -> Result<Self> {
        let dev = self.data.device();
        let n = lines.len();
        let mut counts = Array::<i64>::zeros(&dev, &[n])?;
        if n > 0 {
            picked_line_counts::launch::<I>(&per_element(n)?, &self.indptr, lines, &mut counts)?;
        }
        let (scanned, nnz) = scan_flags(&counts)?;
        check_extents::<I>("sparse indexing (stored values)", &[nnz])?;
        let mut indptr = Array::<I>::zeros(&dev, &[n + 1])?;
        pointers_from_scan::launch::<I>(&per_element(n + 1)?, &scanned, &mut indptr)?;
        let mut indices = Array::<I>::zeros(&dev, &[nnz])?;
        let mut data = Array::<T>::zeros(&dev, &[nnz])?;
        if n > 0 && nnz > 0 {
            gather_lines::launch::<T, I>(
                &per_element(n)?,
                &self.indptr,
                &self.indices,
                &self.data,
                lines,
                &indptr,
                &mut indices,
                &mut data,
            )?;
        }
        Compressed::trusted(data, indices, indptr, n, self.minor)
    }

    /// SciPy's slice of lines `start:stop:step`.
    pub fn slice_major(
        &self,
        what: &str,
        start: Option<isize>,
        stop: Option<isize>,
        step: Option<isize>,
    ) -> Result<Self> {
        let (first, step, count) = slice_span(what, self.majors, start, stop, step)?;
        let lines: Vec<i64> = (0..count as i64).map(|q| first + q * step).collect();
        self.pick_lines(&Array::from_vec(&self.data.device(), &[count], lines)?)
    }

    /// SciPy's `A[idx]` along the lines: `idx` 1-d, negative values counted from the end.
    pub fn index_major(&self, what: &str, idx: &Array<i64>) -> Result<Self> {
        let dev = self.data.device();
        check_device(what, &dev, &[idx.device()])?;
        if idx.ndim() != 1 {
            return Err(Error::invalid(format!(
                "{what}: the index array should be 1-d, got shape {:?}",
                idx.shape()
            )));
        }
        let m = self.majors as i64;
        let lines = idx
            .to_vec()?
            .into_iter()
            .map(|i| {
                let j = if i < 0 { i + m } else { i };
                if (0..m).contains(&j) {
                    Ok(j)
                } else {
                    Err(Error::Index {
                        message: format!("{what}: index ({i}) out of range for {m} lines"),
                    })
                }
            })
            .collect::<Result<Vec<i64>>>()?;
        self.pick_lines(&Array::from_vec(&dev, &[lines.len()], lines)?)
    }

    /// SciPy's slice `start:stop:step` along the lines' indices: the entries it holds, in
    /// storage order, renumbered.
    pub fn slice_minor(
        &self,
        what: &str,
        start: Option<isize>,
        stop: Option<isize>,
        step: Option<isize>,
    ) -> Result<Self> {
        let (first, step, count) = slice_span(what, self.minor, start, stop, step)?;
        let dev = self.data.device();
        let n = self.data.len();
        if n == 0 {
            return Ok(Compressed {
                minor: count,
                ..self.clone()
            });
        }
        let flags = slice_member_flag::<I>(
            &self.indices,
            &Array::scalar(&dev, first)?,
            &Array::scalar(&dev, step)?,
            &Array::scalar(&dev, count as i64)?,
        )?;
        let (scanned, _) = scan_flags(&flags)?;
        let kept = selected_positions(&flags)?;
        let mut indptr = Array::<I>::zeros(&dev, &[self.majors + 1])?;
        kept_pointers::launch::<I>(
            &per_element(self.majors + 1)?,
            &self.indptr,
            &scanned,
            &mut indptr,
        )?;
        let indices = slice_position::<I>(
            &take(&self.indices, &kept, None)?,
            &Array::scalar(&dev, first)?,
            &Array::scalar(&dev, step)?,
        )?;
        let data = take(&self.data, &kept, None)?;
        Compressed::trusted(data, indices, indptr, self.majors, count)
    }
}

impl<T: SparseDType, I: SparseIndex> CsrArray<T, I> {
    /// SciPy's `A[start:stop:step]` (`None` for an omitted bound; Python's slice rules:
    /// negative bounds count from the end, out-of-range bounds are clipped; a step of 0 is
    /// an error): the rows picked, each copied whole, in slice order.
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CsrArray;
    /// let d = Array::from_vec(&Device::cpu(), &[3, 2], vec![1i32, 0, 0, 2, 3, 4])?;
    /// let a = CsrArray::<i32>::from_dense(&d)?;
    /// let r = a.slice_rows(None, None, Some(-2))?; // A[::-2]
    /// assert_eq!((r.shape(), r.toarray()?.to_vec()?), ([2, 2], vec![3, 4, 1, 0]));
    /// assert!(a.slice_rows(None, None, Some(0)).is_err());
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn slice_rows(
        &self,
        start: Option<isize>,
        stop: Option<isize>,
        step: Option<isize>,
    ) -> Result<Self> {
        Ok(CsrArray {
            inner: self
                .inner
                .slice_major("csr_array[i:j]", start, stop, step)?,
        })
    }

    /// SciPy's `A[:, start:stop:step]`: each row's entries in those columns, in storage
    /// order, the columns renumbered (so a negative step leaves the rows unsorted, as in
    /// SciPy).
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CsrArray;
    /// let d = Array::from_vec(&Device::cpu(), &[2, 3], vec![1.0f64, 2.0, 3.0, 0.0, 0.0, 4.0])?;
    /// let a = CsrArray::<f64>::from_dense(&d)?.slice_cols(Some(1), None, None)?;
    /// assert_eq!(a.toarray()?.to_vec()?, vec![2.0, 3.0, 0.0, 4.0]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn slice_cols(
        &self,
        start: Option<isize>,
        stop: Option<isize>,
        step: Option<isize>,
    ) -> Result<Self> {
        Ok(CsrArray {
            inner: self
                .inner
                .slice_minor("csr_array[:, i:j]", start, stop, step)?,
        })
    }

    /// SciPy's `A[idx]` with a 1-d integer array: the rows `idx` (negative ones counted from
    /// the end, repeats allowed), in that order. An index out of range is an error.
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CsrArray;
    /// let dev = Device::cpu();
    /// let a = CsrArray::<i64>::from_dense(&Array::from_vec(&dev, &[2, 2], vec![1, 0, 0, 2])?)?;
    /// let r = a.take_rows(&Array::from_vec(&dev, &[3], vec![1i64, -2, 1])?)?;
    /// assert_eq!(r.toarray()?.to_vec()?, vec![0, 2, 1, 0, 0, 2]);
    /// assert!(a.take_rows(&Array::from_vec(&dev, &[1], vec![2i64])?).is_err());
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn take_rows(&self, idx: &Array<i64>) -> Result<Self> {
        Ok(CsrArray {
            inner: self.inner.index_major("csr_array[idx]", idx)?,
        })
    }
}

impl<T: SparseDType, I: SparseIndex> CscArray<T, I> {
    /// SciPy's `A[start:stop:step]` of CSC: each column's entries in those rows, in storage
    /// order, the rows renumbered. See [`CsrArray::slice_rows`] for the slice rules.
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CscArray;
    /// let d = Array::from_vec(&Device::cpu(), &[3, 1], vec![1.0f32, 2.0, 3.0])?;
    /// let a = CscArray::<f32>::from_dense(&d)?.slice_rows(Some(-2), None, None)?;
    /// assert_eq!(a.toarray()?.to_vec()?, vec![2.0, 3.0]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn slice_rows(
        &self,
        start: Option<isize>,
        stop: Option<isize>,
        step: Option<isize>,
    ) -> Result<Self> {
        Ok(CscArray {
            inner: self
                .inner
                .slice_minor("csc_array[i:j]", start, stop, step)?,
        })
    }

    /// SciPy's `A[:, start:stop:step]` of CSC: the columns picked, each copied whole.
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CscArray;
    /// let d = Array::from_vec(&Device::cpu(), &[1, 3], vec![1i32, 2, 3])?;
    /// let a = CscArray::<i32>::from_dense(&d)?.slice_cols(Some(0), Some(3), Some(2))?;
    /// assert_eq!(a.toarray()?.to_vec()?, vec![1, 3]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn slice_cols(
        &self,
        start: Option<isize>,
        stop: Option<isize>,
        step: Option<isize>,
    ) -> Result<Self> {
        Ok(CscArray {
            inner: self
                .inner
                .slice_major("csc_array[:, i:j]", start, stop, step)?,
        })
    }

    /// SciPy's `A[:, idx]` of CSC with a 1-d integer array: the columns `idx`, in that
    /// order (see [`CsrArray::take_rows`]).
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CscArray;
    /// let dev = Device::cpu();
    /// let a = CscArray::<f64>::from_dense(&Array::from_vec(&dev, &[1, 2], vec![5.0, 6.0])?)?;
    /// let c = a.take_cols(&Array::from_vec(&dev, &[2], vec![1i64, 1])?)?;
    /// assert_eq!(c.toarray()?.to_vec()?, vec![6.0, 6.0]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn take_cols(&self, idx: &Array<i64>) -> Result<Self> {
        Ok(CscArray {
            inner: self.inner.index_major("csc_array[:, idx]", idx)?,
        })
    }
}
