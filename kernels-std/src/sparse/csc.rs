//! [`CscArray`]: SciPy's `csc_array`, stored as the CSR arrays of its transpose.

use super::compressed::Compressed;
use super::coo::CooArray;
use super::csr::{check_2d, CsrArray};
use super::dtypes::{SparseDType, SparseIndex};
use super::{dense_parts, normalize_axis, SumOut};
use crate::ops::Numeric;
use crate::prelude::*;
use crate::reduce::SumDType;

/// A compressed sparse column array (SciPy's `csc_array`): column `c` holds the values
/// `data[indptr[c]..indptr[c + 1]]` at the rows `indices[indptr[c]..indptr[c + 1]]`. The
/// arrays live on one device; the index type `I` is `i32` (the default) or `i64`.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sparse::CscArray;
/// let dev = Device::cpu();
/// let data = Array::from_vec(&dev, &[3], vec![1.0f64, 2.0, 3.0])?;
/// let rows = Array::from_vec(&dev, &[3], vec![0i32, 1, 1])?;
/// let indptr = Array::from_vec(&dev, &[4], vec![0i32, 1, 1, 3])?;
/// let a = CscArray::new(&data, &rows, &indptr, [2, 3])?;
/// assert_eq!(a.format(), "csc");
/// assert_eq!(a.toarray()?.to_vec()?, vec![1.0, 0.0, 0.0, 0.0, 0.0, 5.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct CscArray<T: SparseDType, I: SparseIndex = i32> {
    /// The lines are the columns: `majors` is the number of columns.
    pub(crate) inner: Compressed<T, I>,
}

impl<T: SparseDType, I: SparseIndex> CscArray<T, I> {
    /// SciPy's `csc_array((data, indices, indptr), shape=shape)`, checked as
    /// [`CsrArray::new`] with columns for rows (`indptr` of `cols + 1` elements, row indices
    /// in `[0, rows)`).
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CscArray;
    /// let dev = Device::cpu();
    /// let data = Array::from_vec(&dev, &[1], vec![1.0f64])?;
    /// let rows = Array::from_vec(&dev, &[1], vec![-1i32])?;
    /// let indptr = Array::from_vec(&dev, &[2], vec![0i32, 1])?;
    /// assert!(CscArray::new(&data, &rows, &indptr, [2, 1]).is_err()); // negative row
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn new(
        data: &Array<T>,
        indices: &Array<I>,
        indptr: &Array<I>,
        shape: [usize; 2],
    ) -> Result<Self> {
        let inner = Compressed::new("csc_array", data, indices, indptr, shape[1], shape[0])?;
        Ok(CscArray { inner })
    }

    /// SciPy's `csc_array(dense)`: the nonzero elements of a 2-d array, column by column.
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CscArray;
    /// let d = Array::from_vec(&Device::cpu(), &[2, 2], vec![0i64, 5, 7, 8])?;
    /// let a = CscArray::<i64>::from_dense(&d)?;
    /// assert_eq!(a.indptr().to_vec()?, vec![0, 1, 3]);
    /// assert_eq!(a.data().to_vec()?, vec![7, 5, 8]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn from_dense(dense: &Array<T>) -> Result<Self> {
        check_2d("csc_array", dense)?;
        let t = dense.t();
        let (col, row, data) = dense_parts::<T, I>(&t)?;
        let (m, n) = (dense.shape()[0], dense.shape()[1]);
        let indptr = super::compressed::pointers(&col, n)?;
        Ok(CscArray {
            inner: Compressed::trusted(data, row, indptr, n, m)?,
        })
    }

    /// `[rows, cols]`.
    pub fn shape(&self) -> [usize; 2] {
        [self.inner.minor, self.inner.majors]
    }

    /// The number of stored values, explicit zeros and duplicates included (SciPy's `nnz`).
    pub fn nnz(&self) -> usize {
        self.inner.data.len()
    }

    /// The element type (SciPy's `dtype`).
    pub fn dtype(&self) -> DTypeId {
        T::ID
    }

    /// `"csc"` (SciPy's `format`).
    pub fn format(&self) -> &'static str {
        "csc"
    }

    /// The device of the arrays.
    pub fn device(&self) -> Device {
        self.inner.data.device()
    }

    /// Whether the rows of every column are non-decreasing (SciPy's `has_sorted_indices`).
    pub fn has_sorted_indices(&self) -> bool {
        self.inner.sorted
    }

    /// Whether the rows of every column are strictly increasing (SciPy's
    /// `has_canonical_format`).
    pub fn has_canonical_format(&self) -> bool {
        self.inner.canonical
    }

    /// The stored values, `[nnz]`.
    pub fn data(&self) -> &Array<T> {
        &self.inner.data
    }

    /// The row of each stored value, `[nnz]`.
    pub fn indices(&self) -> &Array<I> {
        &self.inner.indices
    }

    /// The column pointers, `[cols + 1]`.
    pub fn indptr(&self) -> &Array<I> {
        &self.inner.indptr
    }

    /// SciPy's `toarray()`: the dense `[rows, cols]` array, duplicates summed.
    pub fn toarray(&self) -> Result<Array<T>> {
        self.inner.to_dense(true)
    }

    /// SciPy's `tocsr()`: each row's entries in column order, ties in storage order;
    /// duplicates are kept.
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CscArray;
    /// let d = Array::from_vec(&Device::cpu(), &[2, 2], vec![1.0f64, 2.0, 0.0, 3.0])?;
    /// let r = CscArray::<f64>::from_dense(&d)?.tocsr()?;
    /// assert_eq!(r.indptr().to_vec()?, vec![0, 2, 3]);
    /// assert_eq!(r.data().to_vec()?, vec![1.0, 2.0, 3.0]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn tocsr(&self) -> Result<CsrArray<T, I>> {
        Ok(CsrArray {
            inner: self.inner.swap_axes()?,
        })
    }

    /// SciPy's `tocsc()`: a copy (the arrays are shared until written).
    pub fn tocsc(&self) -> Result<CscArray<T, I>> {
        Ok(self.clone())
    }

    /// SciPy's `tocoo()`: the entries in storage order (column by column); canonical only
    /// for an array without entries, as SciPy says (COO's canonical order is by rows).
    pub fn tocoo(&self) -> Result<CooArray<T, I>> {
        let col = self.inner.expand_majors()?;
        Ok(CooArray::trusted(
            self.inner.data.clone(),
            self.inner.indices.clone(),
            col,
            self.shape(),
            false,
        ))
    }

    /// SciPy's `transpose()` (`.T`): the CSR array of the transpose, sharing the arrays.
    pub fn transpose(&self) -> CsrArray<T, I> {
        CsrArray {
            inner: self.inner.clone(),
        }
    }

    /// SciPy's `sort_indices()`: each column's rows sorted in place.
    pub fn sort_indices(&mut self) -> Result<()> {
        self.inner.sort_indices()
    }

    /// SciPy's `sum_duplicates()`: sorted rows, entries of one position summed into one.
    pub fn sum_duplicates(&mut self) -> Result<()> {
        self.inner.sum_duplicates()
    }

    /// SciPy's `eliminate_zeros()`: the stored zeros removed in place.
    pub fn eliminate_zeros(&mut self) -> Result<()> {
        self.inner.eliminate_zeros()
    }

    /// SciPy's `sum(axis)`, as [`CsrArray::sum`].
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CscArray;
    /// let d = Array::from_vec(&Device::cpu(), &[2, 2], vec![1.0f32, 2.0, 0.0, 3.0])?;
    /// let a = CscArray::<f32>::from_dense(&d)?;
    /// assert_eq!(a.sum(Some(0))?.to_vec()?, vec![1.0, 5.0]);
    /// assert_eq!(a.sum(Some(1))?.to_vec()?, vec![3.0, 3.0]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn sum(&self, axis: Option<isize>) -> Result<Array<SumOut<T>>>
    where
        T: SumDType,
        SumOut<T>: SparseDType,
    {
        match normalize_axis(axis)? {
            None => crate::reduce::sum(&self.inner.data).run(),
            Some(0) => self
                .inner
                .map_data(|d| d.astype::<SumOut<T>>())?
                .line_sums(),
            Some(_) => self
                .inner
                .map_data(|d| d.astype::<SumOut<T>>())?
                .swap_axes()?
                .line_sums(),
        }
    }

    /// SciPy's `diagonal(k)`, as [`CsrArray::diagonal`].
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CscArray;
    /// let d = Array::from_vec(&Device::cpu(), &[2, 3], vec![1i32, 2, 0, 0, 3, 4])?;
    /// let a = CscArray::<i32>::from_dense(&d)?;
    /// assert_eq!(a.diagonal(1)?.to_vec()?, vec![2, 4]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn diagonal(&self, k: isize) -> Result<Array<T>> {
        self.inner.diagonal(k.checked_neg().unwrap_or(isize::MAX))
    }

    /// SciPy's `astype(U)`: the values converted with NumPy's `astype` rules, the structure
    /// (explicit zeros too, and values that become zero) kept.
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CscArray;
    /// let d = Array::from_vec(&Device::cpu(), &[1, 3], vec![0.0f64, 2.7, -0.5])?;
    /// let a = CscArray::<f64>::from_dense(&d)?.astype::<i32>()?;
    /// assert_eq!((a.nnz(), a.toarray()?.to_vec()?), (2, vec![0, 2, 0]));
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn astype<U: SparseDType>(&self) -> Result<CscArray<U, I>> {
        Ok(CscArray {
            inner: self.inner.map_data(|d| d.astype::<U>())?,
        })
    }

    /// SciPy's `trace(offset)`: the sum of the `offset`-th diagonal, in the dtype of
    /// [`CscArray::sum`].
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CscArray;
    /// let d = Array::from_vec(&Device::cpu(), &[2, 2], vec![1u8, 2, 3, 4])?;
    /// let a = CscArray::<u8>::from_dense(&d)?;
    /// assert_eq!((a.trace(0)?.item()?, a.trace(-1)?.item()?), (5u64, 3u64));
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn trace(&self, offset: isize) -> Result<Array<SumOut<T>>>
    where
        T: SumDType,
    {
        crate::reduce::sum(&self.diagonal(offset)?).run()
    }

    /// SciPy's `count_nonzero()`: the number of nonzero values once duplicates are summed
    /// (stored zeros, and duplicates summing to zero, do not count; NaN does).
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CscArray;
    /// let dev = Device::cpu();
    /// let data = Array::from_vec(&dev, &[4], vec![1.0f64, -1.0, 0.0, 2.0])?;
    /// let idx = Array::from_vec(&dev, &[4], vec![0i32, 0, 1, 1])?;
    /// let ptr = Array::from_vec(&dev, &[3], vec![0i32, 2, 4])?;
    /// let a = CscArray::new(&data, &idx, &ptr, [2, 2])?;
    /// assert_eq!((a.nnz(), a.count_nonzero()?), (4, 1));
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn count_nonzero(&self) -> Result<usize> {
        let mut summed = self.inner.clone();
        summed.sum_duplicates()?;
        super::count_nonzero_values(&summed.data)
    }

    /// SciPy's `a * s` with a scalar: every stored value multiplied, the structure kept.
    pub fn mul_scalar(&self, s: T) -> Result<Self>
    where
        T: Numeric,
    {
        Ok(CscArray {
            inner: self.inner.with_data(T::multiply(
                &self.inner.data,
                &Array::scalar(&self.device(), s)?,
            )?),
        })
    }
}
