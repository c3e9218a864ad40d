//! SciPy's scalar read `A[i, j]` of CSR, CSC and COO (`get(i, j)`): negative indices count
//! from the end as in Python, the stored entries at `(i, j)` are summed (duplicates in
//! storage order), an index outside the shape is an error.

use super::compressed::Compressed;
use super::coo::CooArray;
use super::csc::CscArray;
use super::csr::CsrArray;
use super::dtypes::{SparseDType, SparseIndex};
use crate::prelude::*;
use crate::sort::compact::selected_positions;
use crate::sort::take;

/// 1 for an entry at `(i, j)`.
#[elementwise]
pub(crate) fn at_position<I: Int>(row: I, col: I, i: i64, j: i64) -> i64 {
    if row.cast::<i64>() == i && col.cast::<i64>() == j {
        1
    } else {
        0
    }
}

/// `i` (negative from the end) as a position below `extent`, else SciPy's `IndexError`.
fn position(what: &str, i: isize, extent: usize, axis: &str) -> Result<usize> {
    let p = if i < 0 {
        i as i128 + extent as i128
    } else {
        i as i128
    };
    if p < 0 || p >= extent as i128 {
        return Err(Error::Index {
            message: format!("{what}: {axis} index ({i}) out of range for extent {extent}"),
        });
    }
    Ok(p as usize)
}

/// The sum of the values of `data` at the flagged positions of `flags` (0 when none), added
/// in storage order (SciPy's `csr_sample_values` and `coo_todense`).
fn flagged_sum<T: SparseDType>(data: &Array<T>, flags: &Array<i64>) -> Result<T> {
    let picked = take(data, &selected_positions(flags)?, None)?;
    match picked.len() {
        0 => Ok(T::default()),
        1 => picked.item(),
        n => {
            // The duplicates of one position: summed as COO sums them, in storage order.
            let dev = data.device();
            let zeros = Array::<i32>::zeros(&dev, &[n])?;
            let mut one = CooArray::new(&picked, &zeros, &zeros, [1, 1])?;
            one.sum_duplicates()?;
            one.data().item()
        }
    }
}

impl<T: SparseDType, I: SparseIndex> Compressed<T, I> {
    /// The sum of the entries of line `line` at index `index`.
    fn entry(&self, line: usize, index: usize) -> Result<T> {
        let bounds = self
            .indptr
            .slice(s![line as isize..line as isize + 2])?
            .to_vec()?;
        let (start, end) = (bounds[0].cast::<i64>(), bounds[1].cast::<i64>());
        if start == end {
            return Ok(T::default());
        }
        let run = s![start as isize..end as isize];
        let indices = self.indices.slice(run)?;
        let at = Array::scalar(&self.data.device(), index as i64)?;
        let flags = at_position::<I>(&indices, &indices, &at, &at)?;
        flagged_sum(&self.data.slice(run)?, &flags)
    }
}

impl<T: SparseDType, I: SparseIndex> CsrArray<T, I> {
    /// SciPy's `A[i, j]` for two integers: the element at row `i`, column `j` (negative
    /// indices from the end), the sum of its stored entries (duplicates added in storage
    /// order), zero when none is stored. [`Error::Index`] for an index out of range, as
    /// SciPy's `IndexError`. Reads the row's pointers and its flagged values (one
    /// transfer each on a GPU).
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CsrArray;
    /// let dev = Device::cpu();
    /// let data = Array::from_vec(&dev, &[3], vec![1.0f64, 2.0, 4.0])?;
    /// let cols = Array::from_vec(&dev, &[3], vec![2i32, 0, 2])?;
    /// let indptr = Array::from_vec(&dev, &[3], vec![0i32, 3, 3])?;
    /// let a = CsrArray::new(&data, &cols, &indptr, [2, 3])?;
    /// assert_eq!(a.get(0, 2)?, 5.0); // duplicates summed
    /// assert_eq!(a.get(-2, -3)?, 2.0);
    /// assert_eq!(a.get(1, 1)?, 0.0);
    /// assert!(matches!(a.get(2, 0), Err(Error::Index { .. })));
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn get(&self, i: isize, j: isize) -> Result<T> {
        let what = "csr_array[i, j]";
        let [m, n] = self.shape();
        let (r, c) = (
            position(what, i, m, "row")?,
            position(what, j, n, "column")?,
        );
        self.inner.entry(r, c)
    }
}

impl<T: SparseDType, I: SparseIndex> CscArray<T, I> {
    /// SciPy's `A[i, j]`: see [`CsrArray::get`] (the column's entries are searched).
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CscArray;
    /// let d = Array::from_vec(&Device::cpu(), &[2, 2], vec![0i32, 3, 5, 0])?;
    /// let a = CscArray::<i32>::from_dense(&d)?;
    /// assert_eq!((a.get(0, 1)?, a.get(1, 0)?, a.get(-1, -1)?), (3, 5, 0));
    /// assert!(a.get(0, -3).is_err());
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn get(&self, i: isize, j: isize) -> Result<T> {
        let what = "csc_array[i, j]";
        let [m, n] = self.shape();
        let (r, c) = (
            position(what, i, m, "row")?,
            position(what, j, n, "column")?,
        );
        self.inner.entry(c, r)
    }
}

impl<T: SparseDType, I: SparseIndex> CooArray<T, I> {
    /// SciPy's `A[i, j]`: see [`CsrArray::get`] (every stored entry is compared, one thread
    /// each; duplicates added in storage order).
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CooArray;
    /// let dev = Device::cpu();
    /// let data = Array::from_vec(&dev, &[3], vec![1.0f32, 2.0, 3.0])?;
    /// let row = Array::from_vec(&dev, &[3], vec![0i64, 1, 0])?;
    /// let col = Array::from_vec(&dev, &[3], vec![1i64, 1, 1])?;
    /// let a = CooArray::new(&data, &row, &col, [2, 2])?;
    /// assert_eq!((a.get(0, 1)?, a.get(1, -1)?, a.get(1, 0)?), (4.0, 2.0, 0.0));
    /// assert!(a.get(-3, 0).is_err());
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn get(&self, i: isize, j: isize) -> Result<T> {
        let what = "coo_array[i, j]";
        let [m, n] = self.shape();
        let (r, c) = (
            position(what, i, m, "row")?,
            position(what, j, n, "column")?,
        );
        if self.nnz() == 0 {
            return Ok(T::default());
        }
        let dev = self.device();
        let flags = at_position::<I>(
            self.row(),
            self.col(),
            &Array::scalar(&dev, r as i64)?,
            &Array::scalar(&dev, c as i64)?,
        )?;
        flagged_sum(self.data(), &flags)
    }
}
