//! [`CsrArray`]: SciPy's `csr_array`.

use super::compressed::Compressed;
use super::coo::CooArray;
use super::csc::CscArray;
use super::dtypes::{SparseDType, SparseIndex};
use super::{dense_parts, normalize_axis, SumOut};
use crate::ops::Numeric;
use crate::prelude::*;
use crate::reduce::SumDType;

/// A compressed sparse row array (SciPy's `csr_array`): row `r` holds the values
/// `data[indptr[r]..indptr[r + 1]]` at the columns `indices[indptr[r]..indptr[r + 1]]`. The
/// three arrays live on one device; the index type `I` is `i32` (the default) or `i64`.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sparse::CsrArray;
/// let dev = Device::cpu();
/// let data = Array::from_vec(&dev, &[3], vec![1.0f64, 2.0, 3.0])?;
/// let indices = Array::from_vec(&dev, &[3], vec![0i32, 2, 1])?;
/// let indptr = Array::from_vec(&dev, &[3], vec![0i32, 2, 3])?;
/// let a = CsrArray::new(&data, &indices, &indptr, [2, 3])?;
/// assert_eq!((a.shape(), a.nnz(), a.format()), ([2, 3], 3, "csr"));
/// assert_eq!(a.toarray()?.to_vec()?, vec![1.0, 0.0, 2.0, 0.0, 3.0, 0.0]);
/// let x = Array::from_vec(&dev, &[3], vec![1.0, 10.0, 100.0])?;
/// assert_eq!(a.dot(&x)?.to_vec()?, vec![201.0, 30.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct CsrArray<T: SparseDType, I: SparseIndex = i32> {
    pub(crate) inner: Compressed<T, I>,
}

impl<T: SparseDType, I: SparseIndex> CsrArray<T, I> {
    /// SciPy's `csr_array((data, indices, indptr), shape=shape)`. Every array is checked (as
    /// SciPy's `check_format(full_check=True)`), each fault an error: arrays not 1-d or on
    /// different devices, `indptr` not of `rows + 1` elements, not starting at 0 or
    /// decreasing, `indices` and `data` of different lengths, a column outside `[0, cols)`, a
    /// last pointer past the stored values, an extent beyond the index type. A last pointer
    /// below the number of values drops the values past it, as SciPy does.
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CsrArray;
    /// let dev = Device::cpu();
    /// let data = Array::from_vec(&dev, &[2], vec![1.0f32, 2.0])?;
    /// let cols = Array::from_vec(&dev, &[2], vec![0i64, 3])?;
    /// let indptr = Array::from_vec(&dev, &[3], vec![0i64, 1, 2])?;
    /// assert!(CsrArray::new(&data, &cols, &indptr, [2, 3]).is_err()); // column 3 of 3
    /// let bad_ptr = Array::from_vec(&dev, &[3], vec![0i64, 2, 1])?;
    /// assert!(CsrArray::new(&data, &cols, &bad_ptr, [2, 4]).is_err()); // decreasing
    /// assert!(CsrArray::new(&data, &cols, &indptr, [2, 4]).is_ok());
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn new(
        data: &Array<T>,
        indices: &Array<I>,
        indptr: &Array<I>,
        shape: [usize; 2],
    ) -> Result<Self> {
        let inner = Compressed::new("csr_array", data, indices, indptr, shape[0], shape[1])?;
        Ok(CsrArray { inner })
    }

    /// SciPy's `csr_array(dense)`: the nonzero elements of a 2-d array, row by row (NaN is
    /// nonzero, `-0.0` is zero). Canonical.
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CsrArray;
    /// let d = Array::from_vec(&Device::cpu(), &[2, 2], vec![0i32, 5, 7, 0])?;
    /// let a = CsrArray::<i32>::from_dense(&d)?;
    /// assert_eq!(a.indptr().to_vec()?, vec![0, 1, 2]);
    /// assert_eq!(a.indices().to_vec()?, vec![1, 0]);
    /// assert!(a.has_canonical_format());
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn from_dense(dense: &Array<T>) -> Result<Self> {
        check_2d("csr_array", dense)?;
        let (row, col, data) = dense_parts::<T, I>(dense)?;
        let (m, n) = (dense.shape()[0], dense.shape()[1]);
        let indptr = super::compressed::pointers(&row, m)?;
        Ok(CsrArray {
            inner: Compressed::trusted(data, col, indptr, m, n)?,
        })
    }

    /// `[rows, cols]`.
    pub fn shape(&self) -> [usize; 2] {
        [self.inner.majors, self.inner.minor]
    }

    /// The number of stored values, explicit zeros and duplicates included (SciPy's `nnz`).
    pub fn nnz(&self) -> usize {
        self.inner.data.len()
    }

    /// The element type (SciPy's `dtype`).
    pub fn dtype(&self) -> DTypeId {
        T::ID
    }

    /// `"csr"` (SciPy's `format`).
    pub fn format(&self) -> &'static str {
        "csr"
    }

    /// The device of the arrays.
    pub fn device(&self) -> Device {
        self.inner.data.device()
    }

    /// Whether the columns of every row are non-decreasing (SciPy's `has_sorted_indices`).
    pub fn has_sorted_indices(&self) -> bool {
        self.inner.sorted
    }

    /// Whether the columns of every row are strictly increasing: sorted and without
    /// duplicates (SciPy's `has_canonical_format`).
    pub fn has_canonical_format(&self) -> bool {
        self.inner.canonical
    }

    /// The stored values, `[nnz]`.
    pub fn data(&self) -> &Array<T> {
        &self.inner.data
    }

    /// The column of each stored value, `[nnz]`.
    pub fn indices(&self) -> &Array<I> {
        &self.inner.indices
    }

    /// The row pointers, `[rows + 1]`.
    pub fn indptr(&self) -> &Array<I> {
        &self.inner.indptr
    }

    /// SciPy's `toarray()`: the dense `[rows, cols]` array, duplicates summed.
    pub fn toarray(&self) -> Result<Array<T>> {
        self.inner.to_dense(false)
    }

    /// SciPy's `tocsr()`: a copy (the arrays are shared until written).
    pub fn tocsr(&self) -> Result<CsrArray<T, I>> {
        Ok(self.clone())
    }

    /// SciPy's `tocsc()`: each column's entries in row order, ties in storage order;
    /// duplicates are kept (as SciPy keeps them).
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CsrArray;
    /// let d = Array::from_vec(&Device::cpu(), &[2, 2], vec![1.0f64, 2.0, 0.0, 3.0])?;
    /// let c = CsrArray::<f64>::from_dense(&d)?.tocsc()?;
    /// assert_eq!(c.indptr().to_vec()?, vec![0, 1, 3]);
    /// assert_eq!(c.indices().to_vec()?, vec![0, 0, 1]);
    /// assert_eq!(c.data().to_vec()?, vec![1.0, 2.0, 3.0]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn tocsc(&self) -> Result<CscArray<T, I>> {
        Ok(CscArray {
            inner: self.inner.swap_axes()?,
        })
    }

    /// SciPy's `tocoo()`: the entries in storage order; canonical when this array is.
    pub fn tocoo(&self) -> Result<CooArray<T, I>> {
        let row = self.inner.expand_majors()?;
        Ok(CooArray::trusted(
            self.inner.data.clone(),
            row,
            self.inner.indices.clone(),
            self.shape(),
            self.inner.canonical,
        ))
    }

    /// SciPy's `transpose()` (`.T`): the CSC array of the transpose, sharing the arrays.
    pub fn transpose(&self) -> CscArray<T, I> {
        CscArray {
            inner: self.inner.clone(),
        }
    }

    /// SciPy's `sort_indices()`: each row's columns sorted in place (values follow; equal
    /// columns keep their order).
    pub fn sort_indices(&mut self) -> Result<()> {
        self.inner.sort_indices()
    }

    /// SciPy's `sum_duplicates()`: sorted columns, entries of one position summed into one.
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CsrArray;
    /// let dev = Device::cpu();
    /// let data = Array::from_vec(&dev, &[3], vec![1.0f64, 2.0, 4.0])?;
    /// let cols = Array::from_vec(&dev, &[3], vec![2i32, 0, 2])?;
    /// let indptr = Array::from_vec(&dev, &[2], vec![0i32, 3])?;
    /// let mut a = CsrArray::new(&data, &cols, &indptr, [1, 3])?;
    /// assert!(!a.has_canonical_format());
    /// a.sum_duplicates()?;
    /// assert_eq!(a.indices().to_vec()?, vec![0, 2]);
    /// assert_eq!(a.data().to_vec()?, vec![2.0, 5.0]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn sum_duplicates(&mut self) -> Result<()> {
        self.inner.sum_duplicates()
    }

    /// SciPy's `eliminate_zeros()`: the stored zeros removed in place.
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CsrArray;
    /// let dev = Device::cpu();
    /// let data = Array::from_vec(&dev, &[3], vec![1.0f64, 0.0, 4.0])?;
    /// let cols = Array::from_vec(&dev, &[3], vec![0i32, 1, 2])?;
    /// let indptr = Array::from_vec(&dev, &[3], vec![0i32, 2, 3])?;
    /// let mut a = CsrArray::new(&data, &cols, &indptr, [2, 3])?;
    /// a.eliminate_zeros()?;
    /// assert_eq!((a.nnz(), a.indptr().to_vec()?), (2, vec![0, 1, 2]));
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn eliminate_zeros(&mut self) -> Result<()> {
        self.inner.eliminate_zeros()
    }

    /// SciPy's `sum(axis)`: a dense result, `axis` `None` (a 0-d array), `0` (`[cols]`) or
    /// `1` (`[rows]`), negative axes counted from the end. Integers narrower than 64 bits are
    /// summed in `i64` (unsigned: `u64`), as NumPy's `sum`.
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CsrArray;
    /// let d = Array::from_vec(&Device::cpu(), &[2, 3], vec![1i8, 0, 2, 0, 3, 0])?;
    /// let a = CsrArray::<i8>::from_dense(&d)?;
    /// assert_eq!(a.sum(None)?.item()?, 6i64);
    /// assert_eq!(a.sum(Some(0))?.to_vec()?, vec![1, 3, 2]);
    /// assert_eq!(a.sum(Some(-1))?.to_vec()?, vec![3, 3]);
    /// assert!(a.sum(Some(2)).is_err());
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn sum(&self, axis: Option<isize>) -> Result<Array<SumOut<T>>>
    where
        T: SumDType,
        SumOut<T>: SparseDType,
    {
        match normalize_axis(axis)? {
            None => crate::reduce::sum(&self.inner.data).run(),
            Some(1) => self
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

    /// SciPy's `diagonal(k)`: the `k`-th diagonal as a dense 1-d array (duplicates summed;
    /// empty when `k` is outside the matrix).
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CsrArray;
    /// let d = Array::from_vec(&Device::cpu(), &[2, 3], vec![1.0f64, 2.0, 0.0, 0.0, 3.0, 4.0])?;
    /// let a = CsrArray::<f64>::from_dense(&d)?;
    /// assert_eq!(a.diagonal(0)?.to_vec()?, vec![1.0, 3.0]);
    /// assert_eq!(a.diagonal(1)?.to_vec()?, vec![2.0, 4.0]);
    /// assert_eq!(a.diagonal(-2)?.len(), 0);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn diagonal(&self, k: isize) -> Result<Array<T>> {
        self.inner.diagonal(k)
    }

    /// SciPy's `astype(U)`: the values converted with NumPy's `astype` rules, the structure
    /// (explicit zeros too, and values that become zero) kept.
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CsrArray;
    /// let d = Array::from_vec(&Device::cpu(), &[1, 3], vec![0.0f64, 2.7, -0.5])?;
    /// let a = CsrArray::<f64>::from_dense(&d)?.astype::<i32>()?;
    /// assert_eq!((a.nnz(), a.toarray()?.to_vec()?), (2, vec![0, 2, 0]));
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn astype<U: SparseDType>(&self) -> Result<CsrArray<U, I>> {
        Ok(CsrArray {
            inner: self.inner.map_data(|d| d.astype::<U>())?,
        })
    }

    /// SciPy's `trace(offset)`: the sum of the `offset`-th diagonal, in the dtype of
    /// [`CsrArray::sum`].
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CsrArray;
    /// let d = Array::from_vec(&Device::cpu(), &[2, 2], vec![1u8, 2, 3, 4])?;
    /// let a = CsrArray::<u8>::from_dense(&d)?;
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
    /// use kernels_std::sparse::CsrArray;
    /// let dev = Device::cpu();
    /// let data = Array::from_vec(&dev, &[4], vec![1.0f64, -1.0, 0.0, 2.0])?;
    /// let idx = Array::from_vec(&dev, &[4], vec![0i32, 0, 1, 1])?;
    /// let ptr = Array::from_vec(&dev, &[3], vec![0i32, 2, 4])?;
    /// let a = CsrArray::new(&data, &idx, &ptr, [2, 2])?;
    /// assert_eq!((a.nnz(), a.count_nonzero()?), (4, 1));
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn count_nonzero(&self) -> Result<usize> {
        let mut summed = self.inner.clone();
        summed.sum_duplicates()?;
        super::count_nonzero_values(&summed.data)
    }

    /// SciPy's `a * s` with a scalar: every stored value multiplied (the structure, explicit
    /// zeros included, is kept).
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CsrArray;
    /// let d = Array::from_vec(&Device::cpu(), &[1, 2], vec![0.0f32, 1.5])?;
    /// let a = CsrArray::<f32>::from_dense(&d)?.mul_scalar(2.0)?;
    /// assert_eq!(a.toarray()?.to_vec()?, vec![0.0, 3.0]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn mul_scalar(&self, s: T) -> Result<Self>
    where
        T: Numeric,
    {
        Ok(CsrArray {
            inner: self.inner.with_data(T::multiply(
                &self.inner.data,
                &Array::scalar(&self.device(), s)?,
            )?),
        })
    }
}

/// `what`: an error unless `a` is 2-d.
pub(crate) fn check_2d<U: DType>(what: &str, a: &Array<U>) -> Result<()> {
    if a.ndim() != 2 {
        return Err(Error::invalid(format!(
            "{what}: expected a 2-d array, got shape {:?} (1-d and n-d sparse arrays are not \
             supported)",
            a.shape()
        )));
    }
    Ok(())
}
