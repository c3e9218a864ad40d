//! SciPy's `copy()` of CSR, CSC and COO, `sorted_indices()` (a sorted copy, beside the
//! in-place `sort_indices()`) and `prune()` of the compressed formats.

use super::compressed::{read_at, Compressed};
use super::coo::CooArray;
use super::csc::CscArray;
use super::csr::CsrArray;
use super::dtypes::{SparseDType, SparseIndex};
use crate::prelude::*;

impl<T: SparseDType, I: SparseIndex> Compressed<T, I> {
    /// Copies of the three arrays (the flags kept).
    fn deep_copy(&self) -> Result<Self> {
        Ok(Compressed {
            data: self.data.copy()?,
            indices: self.indices.copy()?,
            indptr: self.indptr.copy()?,
            ..self.clone()
        })
    }

    /// A sorted copy: [`Compressed::deep_copy`], then [`Compressed::sort_indices`].
    fn sorted_copy(&self) -> Result<Self> {
        let mut c = self.deep_copy()?;
        c.sort_indices()?;
        Ok(c)
    }

    /// SciPy's `prune()`: `data` and `indices` cut to the `indptr[-1]` stored entries and
    /// held in buffers of their own.
    fn prune(&mut self) -> Result<()> {
        let nnz = read_at(&self.indptr, -1)?;
        let nnz = usize::try_from(nnz)
            .ok()
            .filter(|&n| n <= self.data.len() && n <= self.indices.len())
            .ok_or_else(|| {
                Error::invalid(format!(
                    "prune: the last index pointer ({nnz}) is outside the {} stored values",
                    self.data.len()
                ))
            })?;
        self.data = self.data.slice(s![..nnz as isize])?.copy()?;
        self.indices = self.indices.slice(s![..nnz as isize])?.copy()?;
        Ok(())
    }
}

impl<T: SparseDType, I: SparseIndex> CsrArray<T, I> {
    /// SciPy's `copy()`: the same array in new buffers, copied now (a `clone()` shares the
    /// buffers until one of them is written).
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CsrArray;
    /// let dev = Device::cpu();
    /// let a = CsrArray::<f64>::from_dense(&Array::from_vec(&dev, &[2, 2], vec![1.0, 0.0, 0.0, 2.0])?)?;
    /// let mut b = a.copy()?;
    /// b.setdiag(&Array::scalar(&dev, 5.0)?, 0)?; // in place
    /// assert_eq!(a.data().to_vec()?, vec![1.0, 2.0]);
    /// assert_eq!(b.data().to_vec()?, vec![5.0, 5.0]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn copy(&self) -> Result<Self> {
        Ok(CsrArray {
            inner: self.inner.deep_copy()?,
        })
    }

    /// SciPy's `sorted_indices()`: a copy with each row's columns sorted (values follow;
    /// equal columns keep their order, duplicates are not summed); `self` is unchanged.
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CsrArray;
    /// let dev = Device::cpu();
    /// let data = Array::from_vec(&dev, &[3], vec![1.0f64, 2.0, 3.0])?;
    /// let cols = Array::from_vec(&dev, &[3], vec![2i32, 0, 1])?;
    /// let indptr = Array::from_vec(&dev, &[2], vec![0i32, 3])?;
    /// let a = CsrArray::new(&data, &cols, &indptr, [1, 3])?;
    /// let s = a.sorted_indices()?;
    /// assert_eq!(s.indices().to_vec()?, vec![0, 1, 2]);
    /// assert_eq!(s.data().to_vec()?, vec![2.0, 3.0, 1.0]);
    /// assert!(s.has_sorted_indices() && !a.has_sorted_indices());
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn sorted_indices(&self) -> Result<Self> {
        Ok(CsrArray {
            inner: self.inner.sorted_copy()?,
        })
    }

    /// SciPy's `prune()`: `data` and `indices` cut to the `indptr[-1]` entries and held in
    /// buffers of their own (SciPy copies them when they view a larger array). Every
    /// array here is already cut at construction ([`CsrArray::new`] drops the values past
    /// the last pointer, as SciPy's `check_format` does), so `prune` only frees the
    /// storage of a longer input that the arrays still view.
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CsrArray;
    /// let dev = Device::cpu();
    /// let data = Array::from_vec(&dev, &[4], vec![1.0f64, 2.0, 9.0, 9.0])?;
    /// let cols = Array::from_vec(&dev, &[4], vec![0i32, 1, 0, 0])?;
    /// let indptr = Array::from_vec(&dev, &[3], vec![0i32, 1, 2])?;
    /// let mut a = CsrArray::new(&data, &cols, &indptr, [2, 2])?;
    /// a.prune()?;
    /// assert_eq!(a.data().to_vec()?, vec![1.0, 2.0]);
    /// assert!(!a.data().same_storage(&data));
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn prune(&mut self) -> Result<()> {
        self.inner.prune()
    }
}

impl<T: SparseDType, I: SparseIndex> CscArray<T, I> {
    /// SciPy's `copy()`: see [`CsrArray::copy`].
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CscArray;
    /// let d = Array::from_vec(&Device::cpu(), &[2, 2], vec![1i64, 3, 0, 2])?;
    /// let a = CscArray::<i64>::from_dense(&d)?;
    /// let b = a.copy()?;
    /// assert_eq!(b.toarray()?.to_vec()?, vec![1, 3, 0, 2]);
    /// assert!(!b.data().same_storage(a.data()));
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn copy(&self) -> Result<Self> {
        Ok(CscArray {
            inner: self.inner.deep_copy()?,
        })
    }

    /// SciPy's `sorted_indices()`: a copy with each column's rows sorted; see
    /// [`CsrArray::sorted_indices`].
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CscArray;
    /// let dev = Device::cpu();
    /// let data = Array::from_vec(&dev, &[2], vec![1.0f32, 2.0])?;
    /// let rows = Array::from_vec(&dev, &[2], vec![1i32, 0])?;
    /// let indptr = Array::from_vec(&dev, &[2], vec![0i32, 2])?;
    /// let s = CscArray::new(&data, &rows, &indptr, [2, 1])?.sorted_indices()?;
    /// assert_eq!((s.indices().to_vec()?, s.data().to_vec()?), (vec![0, 1], vec![2.0, 1.0]));
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn sorted_indices(&self) -> Result<Self> {
        Ok(CscArray {
            inner: self.inner.sorted_copy()?,
        })
    }

    /// SciPy's `prune()`: see [`CsrArray::prune`].
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CscArray;
    /// let dev = Device::cpu();
    /// let data = Array::from_vec(&dev, &[3], vec![4.0f64, 5.0, 6.0])?;
    /// let rows = Array::from_vec(&dev, &[3], vec![0i32, 0, 0])?;
    /// let indptr = Array::from_vec(&dev, &[2], vec![0i32, 1])?;
    /// let mut a = CscArray::new(&data, &rows, &indptr, [1, 1])?;
    /// a.prune()?;
    /// assert_eq!((a.nnz(), a.indices().len()), (1, 1));
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn prune(&mut self) -> Result<()> {
        self.inner.prune()
    }
}

impl<T: SparseDType, I: SparseIndex> CooArray<T, I> {
    /// SciPy's `copy()`: the same entries in new buffers, marked not canonical as SciPy's
    /// copy is (SciPy does not carry the flag over; `sum_duplicates` sets it again).
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CooArray;
    /// let d = Array::from_vec(&Device::cpu(), &[1, 3], vec![0.0f64, 7.0, 8.0])?;
    /// let a = CooArray::<f64>::from_dense(&d)?;
    /// let b = a.copy()?;
    /// assert_eq!((b.col().to_vec()?, b.has_canonical_format()), (vec![1, 2], false));
    /// assert!(!b.row().same_storage(a.row()));
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn copy(&self) -> Result<Self> {
        Ok(CooArray::trusted(
            self.data().copy()?,
            self.row().copy()?,
            self.col().copy()?,
            self.shape(),
            false,
        ))
    }
}
