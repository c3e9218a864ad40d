//! [`CooArray`]: SciPy's `coo_array`.

use super::compressed::{canonical_lines, check_1d, check_device, check_extents, Compressed};
use super::csc::CscArray;
use super::csr::{check_2d, CsrArray};
use super::dtypes::{SparseDType, SparseIndex};
use super::kernels::check_coords;
use super::{dense_parts, normalize_axis, SumOut};
use crate::ops::Numeric;
use crate::prelude::*;
use crate::reduce::SumDType;
use crate::sort::compact::{nonzero_flag, per_element, selected_positions};
use crate::sort::take;

/// A coordinate sparse array (SciPy's `coo_array`, 2-d): entry `i` is `data[i]` at
/// `(row[i], col[i])`. Duplicates are allowed (they add up) and entries may come in any
/// order. The arrays live on one device; the index type `I` is `i32` (the default) or `i64`.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sparse::CooArray;
/// let dev = Device::cpu();
/// let data = Array::from_vec(&dev, &[3], vec![1.0f64, 2.0, 3.0])?;
/// let row = Array::from_vec(&dev, &[3], vec![1i32, 0, 1])?;
/// let col = Array::from_vec(&dev, &[3], vec![2i32, 1, 2])?;
/// let a = CooArray::new(&data, &row, &col, [2, 3])?;
/// assert_eq!(a.toarray()?.to_vec()?, vec![0.0, 2.0, 0.0, 0.0, 0.0, 4.0]);
/// let r = a.tocsr()?; // duplicates summed, as SciPy's tocsr
/// assert_eq!((r.nnz(), r.indptr().to_vec()?), (2, vec![0, 1, 2]));
/// # Ok::<(), kernels_std::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct CooArray<T: SparseDType, I: SparseIndex = i32> {
    data: Array<T>,
    row: Array<I>,
    col: Array<I>,
    shape: [usize; 2],
    canonical: bool,
}

impl<T: SparseDType, I: SparseIndex> CooArray<T, I> {
    /// SciPy's `coo_array((data, (row, col)), shape=shape)`. Errors: arrays not 1-d, of
    /// different lengths or on different devices, a row outside `[0, rows)` or a column
    /// outside `[0, cols)` (negative ones too), an extent beyond the index type. Not
    /// canonical (SciPy does not look).
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CooArray;
    /// let dev = Device::cpu();
    /// let data = Array::from_vec(&dev, &[2], vec![1.0f64, 2.0])?;
    /// let row = Array::from_vec(&dev, &[2], vec![0i64, 5])?;
    /// let col = Array::from_vec(&dev, &[2], vec![0i64, 0])?;
    /// assert!(CooArray::new(&data, &row, &col, [2, 2]).is_err()); // row 5 of 2
    /// let short = Array::from_vec(&dev, &[1], vec![0i64])?;
    /// assert!(CooArray::new(&data, &short, &col, [2, 2]).is_err()); // lengths differ
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn new(data: &Array<T>, row: &Array<I>, col: &Array<I>, shape: [usize; 2]) -> Result<Self> {
        let what = "coo_array";
        let dev = data.device();
        check_device(what, &dev, &[row.device(), col.device()])?;
        check_1d(what, "data", data)?;
        check_1d(what, "row", row)?;
        check_1d(what, "col", col)?;
        check_extents::<I>(what, &shape)?;
        if row.len() != data.len() || col.len() != data.len() {
            return Err(Error::invalid(format!(
                "{what}: row, col and data should have the same length ({}, {} and {})",
                row.len(),
                col.len(),
                data.len()
            )));
        }
        let (data, row, col) = (
            data.as_standard_layout()?,
            row.as_standard_layout()?,
            col.as_standard_layout()?,
        );
        if !data.is_empty() {
            let mut flags = Array::<u32>::zeros(&dev, &[2])?;
            check_coords::launch::<I>(
                &per_element(data.len())?,
                &row,
                &col,
                &mut flags,
                shape[0] as u64,
                shape[1] as u64,
            )?;
            let [bad_rows, bad_cols]: [u32; 2] = flags
                .to_vec()?
                .try_into()
                .map_err(|_| Error::invalid("check_coords: expected two counts"))?;
            for (count, axis, extent) in
                [(bad_rows, "row", shape[0]), (bad_cols, "column", shape[1])]
            {
                if count > 0 {
                    return Err(Error::Index {
                        message: format!("{what}: {count} {axis} index(es) outside [0, {extent})"),
                    });
                }
            }
        }
        Ok(Self::trusted(data, row, col, shape, false))
    }

    /// Arrays known to be valid.
    pub(crate) fn trusted(
        data: Array<T>,
        row: Array<I>,
        col: Array<I>,
        shape: [usize; 2],
        canonical: bool,
    ) -> Self {
        CooArray {
            data,
            row,
            col,
            shape,
            canonical,
        }
    }

    /// SciPy's `coo_array(dense)`: the nonzero elements of a 2-d array in row-major order
    /// (canonical).
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CooArray;
    /// let d = Array::from_vec(&Device::cpu(), &[2, 2], vec![0.0f64, 5.0, f64::NAN, -0.0])?;
    /// let a = CooArray::<f64>::from_dense(&d)?;
    /// assert_eq!((a.row().to_vec()?, a.col().to_vec()?), (vec![0, 1], vec![1, 0]));
    /// assert!(a.has_canonical_format());
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn from_dense(dense: &Array<T>) -> Result<Self> {
        check_2d("coo_array", dense)?;
        let (row, col, data) = dense_parts::<T, I>(dense)?;
        Ok(Self::trusted(
            data,
            row,
            col,
            [dense.shape()[0], dense.shape()[1]],
            true,
        ))
    }

    /// `[rows, cols]`.
    pub fn shape(&self) -> [usize; 2] {
        self.shape
    }

    /// The number of stored values, explicit zeros and duplicates included (SciPy's `nnz`).
    pub fn nnz(&self) -> usize {
        self.data.len()
    }

    /// The element type (SciPy's `dtype`).
    pub fn dtype(&self) -> DTypeId {
        T::ID
    }

    /// `"coo"` (SciPy's `format`).
    pub fn format(&self) -> &'static str {
        "coo"
    }

    /// The device of the arrays.
    pub fn device(&self) -> Device {
        self.data.device()
    }

    /// SciPy's `has_canonical_format`: whether the entries are known to be sorted by row,
    /// then column, without duplicates. As in SciPy it is a record, not a test: `false` after
    /// [`CooArray::new`], `true` after [`CooArray::from_dense`] and
    /// [`CooArray::sum_duplicates`].
    pub fn has_canonical_format(&self) -> bool {
        self.canonical
    }

    /// The stored values, `[nnz]`.
    pub fn data(&self) -> &Array<T> {
        &self.data
    }

    /// The row of each stored value, `[nnz]` (SciPy's `row`, `coords[0]`).
    pub fn row(&self) -> &Array<I> {
        &self.row
    }

    /// The column of each stored value, `[nnz]` (SciPy's `col`, `coords[1]`).
    pub fn col(&self) -> &Array<I> {
        &self.col
    }

    /// The entries sorted by `(major, minor)` with duplicates summed, as compressed lines.
    fn compress(
        &self,
        major: &Array<I>,
        minor: &Array<I>,
        majors: usize,
        n: usize,
    ) -> Result<Compressed<T, I>> {
        // The pointers count stored values in the index type.
        check_extents::<I>("coo_array conversion (stored values)", &[self.data.len()])?;
        canonical_lines(major, minor, &self.data, majors, n)
    }

    /// SciPy's `tocsr()`: sorted columns, duplicates summed (in storage order), explicit
    /// zeros kept. Canonical.
    pub fn tocsr(&self) -> Result<CsrArray<T, I>> {
        Ok(CsrArray {
            inner: self.compress(&self.row, &self.col, self.shape[0], self.shape[1])?,
        })
    }

    /// SciPy's `tocsc()`: sorted rows, duplicates summed, explicit zeros kept. Canonical.
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CooArray;
    /// let dev = Device::cpu();
    /// let data = Array::from_vec(&dev, &[3], vec![1i32, 2, 3])?;
    /// let row = Array::from_vec(&dev, &[3], vec![1i32, 0, 1])?;
    /// let col = Array::from_vec(&dev, &[3], vec![0i32, 0, 0])?;
    /// let c = CooArray::new(&data, &row, &col, [2, 1])?.tocsc()?;
    /// assert_eq!((c.indices().to_vec()?, c.data().to_vec()?), (vec![0, 1], vec![2, 4]));
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn tocsc(&self) -> Result<CscArray<T, I>> {
        Ok(CscArray {
            inner: self.compress(&self.col, &self.row, self.shape[1], self.shape[0])?,
        })
    }

    /// SciPy's `tocoo()`: a copy (the arrays are shared until written).
    pub fn tocoo(&self) -> Result<CooArray<T, I>> {
        Ok(self.clone())
    }

    /// SciPy's `toarray()`: the dense `[rows, cols]` array, duplicates summed.
    pub fn toarray(&self) -> Result<Array<T>> {
        self.tocsr()?.toarray()
    }

    /// SciPy's `transpose()` (`.T`): rows and columns swapped (not canonical, as SciPy's).
    pub fn transpose(&self) -> CooArray<T, I> {
        CooArray {
            data: self.data.clone(),
            row: self.col.clone(),
            col: self.row.clone(),
            shape: [self.shape[1], self.shape[0]],
            canonical: false,
        }
    }

    /// SciPy's `sum_duplicates()`: the entries sorted by row, then column, each position's
    /// values summed in storage order into one.
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CooArray;
    /// let dev = Device::cpu();
    /// let data = Array::from_vec(&dev, &[3], vec![1.0f64, 2.0, 3.0])?;
    /// let row = Array::from_vec(&dev, &[3], vec![1i32, 0, 1])?;
    /// let col = Array::from_vec(&dev, &[3], vec![0i32, 1, 0])?;
    /// let mut a = CooArray::new(&data, &row, &col, [2, 2])?;
    /// a.sum_duplicates()?;
    /// assert_eq!(a.row().to_vec()?, vec![0, 1]);
    /// assert_eq!(a.data().to_vec()?, vec![2.0, 4.0]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn sum_duplicates(&mut self) -> Result<()> {
        if self.canonical {
            return Ok(());
        }
        if !self.data.is_empty() {
            let lines = self.compress(&self.row, &self.col, self.shape[0], self.shape[1])?;
            self.row = lines.expand_majors()?;
            (self.col, self.data) = (lines.indices, lines.data);
        }
        self.canonical = true;
        Ok(())
    }

    /// SciPy's `eliminate_zeros()`: the stored zeros removed in place (the order of the
    /// others, and the canonical flag, kept).
    pub fn eliminate_zeros(&mut self) -> Result<()> {
        if self.data.is_empty() {
            return Ok(());
        }
        let zero = Array::scalar(&self.data.device(), T::default())?;
        let kept = selected_positions(&nonzero_flag::<T>(&self.data, &zero)?)?;
        if kept.len() < self.data.len() {
            self.data = take(&self.data, &kept, None)?;
            self.row = take(&self.row, &kept, None)?;
            self.col = take(&self.col, &kept, None)?;
        }
        Ok(())
    }

    /// SciPy's `a @ x` with a dense vector `[cols]` or matrix `[cols, k]`, through the CSR
    /// form (duplicates summed before they are multiplied).
    pub fn dot(&self, x: &Array<T>) -> Result<Array<T>> {
        self.tocsr()?.inner.dot("coo_array.dot", x)
    }

    /// SciPy's `a @ x`: [`CooArray::dot`].
    pub fn matmul(&self, x: &Array<T>) -> Result<Array<T>> {
        self.dot(x)
    }

    /// SciPy's `sum(axis)`, as [`CsrArray::sum`].
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CooArray;
    /// let dev = Device::cpu();
    /// let data = Array::from_vec(&dev, &[3], vec![1u8, 2, 3])?;
    /// let idx = Array::from_vec(&dev, &[3], vec![0i32, 1, 1])?;
    /// let a = CooArray::new(&data, &idx, &idx, [2, 2])?;
    /// assert_eq!(a.sum(None)?.item()?, 6u64);
    /// assert_eq!(a.sum(Some(1))?.to_vec()?, vec![1, 5]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn sum(&self, axis: Option<isize>) -> Result<Array<SumOut<T>>>
    where
        T: SumDType,
        SumOut<T>: SparseDType,
    {
        match normalize_axis(axis)? {
            None => crate::reduce::sum(&self.data).run(),
            Some(0) => self.tocsc()?.sum(Some(0)),
            Some(_) => self.tocsr()?.sum(Some(1)),
        }
    }

    /// SciPy's `diagonal(k)`, as [`CsrArray::diagonal`].
    pub fn diagonal(&self, k: isize) -> Result<Array<T>> {
        self.tocsr()?.diagonal(k)
    }

    /// SciPy's `astype(U)`: the values converted with NumPy's `astype` rules, the entries
    /// kept, the result marked not canonical (as SciPy's new array is).
    pub fn astype<U: SparseDType>(&self) -> Result<CooArray<U, I>> {
        Ok(CooArray::trusted(
            self.data.astype::<U>()?,
            self.row.clone(),
            self.col.clone(),
            self.shape,
            false,
        ))
    }

    /// SciPy's `trace(offset)`: the sum of the `offset`-th diagonal, in the dtype of
    /// [`CooArray::sum`].
    pub fn trace(&self, offset: isize) -> Result<Array<SumOut<T>>>
    where
        T: SumDType,
    {
        crate::reduce::sum(&self.diagonal(offset)?).run()
    }

    /// SciPy's `count_nonzero()`: the number of nonzero values once duplicates are summed.
    pub fn count_nonzero(&self) -> Result<usize> {
        let mut summed = self.clone();
        summed.sum_duplicates()?;
        super::count_nonzero_values(&summed.data)
    }

    /// SciPy's `a * s` with a scalar: every stored value multiplied, the entries kept; not
    /// canonical, as SciPy's (its new array forgets the record).
    pub fn mul_scalar(&self, s: T) -> Result<Self>
    where
        T: Numeric,
    {
        Ok(CooArray {
            data: T::multiply(&self.data, &Array::scalar(&self.device(), s)?)?,
            canonical: false,
            ..self.clone()
        })
    }
}
