//! Arithmetic between sparse arrays, and with dense ones: SciPy's `a + b`, `a - b`,
//! `a.multiply(b)` and `a @ b` (SpGEMM), written once for compressed lines (CSR rows, CSC
//! columns).

use super::compressed::{check_device, lex_order, Compressed};
use super::dtypes::{SparseDType, SparseIndex};
use super::kernels::{flat_positions, pointers_from_scan, spgemm_count, spgemm_pack};
use super::spgemm::accumulator_workers;
use super::{CooArray, CscArray, CsrArray};
use crate::ops::Numeric;
use crate::prelude::*;
use crate::shape::kernels::for_overwrite;
use crate::sort::compact::{per_element, scan_flags};
use crate::sort::take;

/// The longest row of products that SpGEMM sums within its thread (a linear search of the
/// row's columns per product, quadratic in the row's length); longer rows go to the global
/// sort.
pub(crate) const SORT_LIMIT: usize = 256;

/// The threads of SpGEMM's count pass on the CPU (each a run of lines; twice the emulator's
/// threshold for a parallel launch).
const COUNT_THREADS: usize = 8192;

/// The elementwise operations of [`Compressed::binop`] (the kernel's `op` argument).
#[derive(Clone, Copy, Debug)]
pub(crate) enum BinOp {
    Add = 0,
    Sub = 1,
    Mul = 2,
}

/// `what`: an error unless the shapes are equal.
pub(super) fn same_shape(what: &str, a: [usize; 2], b: &[usize]) -> Result<()> {
    if a[..] != *b {
        return Err(Error::ShapeMismatch {
            op: format!("{what}: inconsistent shapes"),
            expected: a.to_vec(),
            found: b.to_vec(),
        });
    }
    Ok(())
}

/// The inclusive scan of `counts` as line pointers `[majors + 1]`, and the total.
pub(crate) fn scan_pointers<I: SparseIndex>(
    what: &str,
    counts: &Array<i64>,
) -> Result<(Array<i64>, Array<I>, usize)> {
    let majors = counts.len();
    let (scanned, total) = scan_flags(counts)?;
    super::compressed::check_extents::<I>(what, &[total])?;
    let mut indptr = Array::<I>::zeros(&counts.device(), &[majors + 1])?;
    pointers_from_scan::launch::<I>(&per_element(majors + 1)?, &scanned, &mut indptr)?;
    Ok((scanned, indptr, total))
}

impl<T: SparseDType, I: SparseIndex> Compressed<T, I> {
    /// `self op other` elementwise over equal shapes (SciPy's `_binopt`): both made canonical
    /// first (duplicates summed, in copies), then each line merged twice, a count pass and,
    /// after a scan of the counts, a fill pass. Results equal to zero are dropped, as SciPy
    /// drops them; the result is canonical.
    pub fn binop(&self, other: &Self, op: BinOp, what: &str) -> Result<Self> {
        let dev = self.data.device();
        check_device(what, &dev, &[other.data.device()])?;
        same_shape(
            what,
            [self.majors, self.minor],
            &[other.majors, other.minor],
        )?;
        let canon = |c: &Self| -> Result<Self> {
            let mut c = c.clone();
            c.sum_duplicates()?;
            Ok(c)
        };
        let (a, b) = (canon(self)?, canon(other)?);
        let majors = self.majors;
        let mut counts = Array::<i64>::zeros(&dev, &[majors])?;
        let none_i = Array::<I>::zeros(&dev, &[0])?;
        let none_t = Array::<T>::zeros(&dev, &[0])?;
        let none_s = Array::<i64>::zeros(&dev, &[0])?;
        if majors > 0 {
            T::merge::<I>(
                &per_element(majors)?,
                [&a.indptr, &a.indices],
                &a.data,
                [&b.indptr, &b.indices],
                &b.data,
                &none_s,
                &mut counts,
                &mut none_i.clone(),
                &mut none_t.clone(),
                op as u32,
                0,
                majors as u64,
                self.minor as u64,
            )?;
        }
        let (scanned, indptr, total) = scan_pointers::<I>(what, &counts)?;
        let mut indices = Array::<I>::zeros(&dev, &[total])?;
        let mut data = Array::<T>::zeros(&dev, &[total])?;
        if total > 0 {
            T::merge::<I>(
                &per_element(majors)?,
                [&a.indptr, &a.indices],
                &a.data,
                [&b.indptr, &b.indices],
                &b.data,
                &scanned,
                &mut Array::<i64>::zeros(&dev, &[0])?,
                &mut indices,
                &mut data,
                op as u32,
                1,
                majors as u64,
                self.minor as u64,
            )?;
        }
        Ok(Compressed {
            data,
            indices,
            indptr,
            majors,
            minor: self.minor,
            sorted: true,
            canonical: true,
        })
    }

    /// The product of the matrices of lines `self @ other` (CSR @ CSR; SciPy's
    /// `csr_matmat`), row by row: the products of each row are counted and scanned. When a
    /// dense accumulator per worker pays ([`accumulator_workers`]), SciPy's two passes
    /// follow (`Compressed::matmat_accumulate`, in `spgemm.rs`). Otherwise, by expansion
    /// (the scan gives each row its slots): one thread per row writes its products in SciPy's
    /// order, adds them in that order into one sum per column (from zero, so the sums are
    /// SciPy's to the bit), lists the columns in SciPy's order and packs the nonzero sums at
    /// the front of its slots, counting them; a scan of the counts places each row in the
    /// result. Rows of more than [`SORT_LIMIT`] products send the whole product to one global
    /// stable sort instead (`matmat_global_sort`). Each row's columns are in SciPy's order
    /// (`csr_matmat`'s linked list: the reverse of their first appearance), unsorted as
    /// SciPy's; the flags say whether every row happens to be sorted.
    pub fn matmat(&self, other: &Self, what: &str) -> Result<Self> {
        let dev = self.data.device();
        check_device(what, &dev, &[other.data.device()])?;
        if self.minor != other.majors {
            return Err(Error::ShapeMismatch {
                op: format!("{what}: dimension mismatch"),
                expected: vec![self.minor],
                found: vec![other.majors, other.minor],
            });
        }
        let majors = self.majors;
        let empty = || -> Result<Self> {
            Ok(Compressed {
                data: Array::<T>::zeros(&dev, &[0])?,
                indices: Array::<I>::zeros(&dev, &[0])?,
                indptr: Array::<I>::zeros(&dev, &[majors + 1])?,
                majors,
                minor: other.minor,
                sorted: true,
                canonical: true,
            })
        };
        if majors == 0 {
            return empty();
        }
        let rows = per_element(majors)?;
        // Runs of lines per emulated thread on the CPU, still enough threads for a parallel
        // launch (the emulator runs a launch of fewer than 4096 threads serially).
        let per = if dev.is_cpu() {
            (majors / COUNT_THREADS).max(1)
        } else {
            1
        };
        let mut counts = for_overwrite::<i64>(&dev, &[majors])?;
        spgemm_count::launch::<I>(
            &per_element(majors.div_ceil(per))?,
            &self.indptr,
            &self.indices,
            &other.indptr,
            &mut counts,
            per as u64,
        )?;
        let (scanned, total) = scan_flags(&counts)?;
        if total == 0 {
            return empty();
        }
        let elem = std::mem::size_of::<T>();
        if let Some(workers) = accumulator_workers(&dev, majors, other.minor, total, elem) {
            return self.matmat_accumulate(other, &scanned, total, workers, what);
        }
        per_element(total)?;
        let mut minor = Array::<I>::zeros(&dev, &[total])?;
        let mut data = Array::<T>::zeros(&dev, &[total])?;
        let mut kept = Array::<i64>::zeros(&dev, &[majors])?;
        let mut flags = Array::<u32>::zeros(&dev, &[2])?;
        T::spgemm_lines::<I>(
            &rows,
            [&self.indptr, &self.indices],
            &self.data,
            [&other.indptr, &other.indices],
            &other.data,
            &scanned,
            &mut minor,
            &mut data,
            &mut kept,
            &mut flags,
            SORT_LIMIT as u64,
            majors as u64,
        )?;
        let flags = flags.to_vec()?;
        if flags[0] > 0 {
            drop((minor, data, kept));
            return self.matmat_global_sort(other, &scanned, total, what);
        }
        self.pack_product(
            other.minor,
            [&scanned, &kept],
            &minor,
            &data,
            flags[1] == 0,
            what,
        )
    }

    /// [`Compressed::matmat`] when a line has more than [`SORT_LIMIT`] products: all the
    /// products (`total`, placed by the inclusive scan `scanned` of the per-line counts)
    /// written with their lines, one stable sort of all of them by (line, minor index), then
    /// each run of one index summed in order, listed in SciPy's order and packed.
    fn matmat_global_sort(
        &self,
        other: &Self,
        scanned: &Array<i64>,
        total: usize,
        what: &str,
    ) -> Result<Self> {
        let dev = self.data.device();
        let majors = self.majors;
        let rows = per_element(majors)?;
        let mut major = Array::<I>::zeros(&dev, &[total])?;
        let mut minor = Array::<I>::zeros(&dev, &[total])?;
        let mut data = Array::<T>::zeros(&dev, &[total])?;
        T::spgemm_expand::<I>(
            &rows,
            [&self.indptr, &self.indices],
            &self.data,
            [&other.indptr, &other.indices],
            &other.data,
            scanned,
            &mut major,
            &mut minor,
            &mut data,
            majors as u64,
        )?;
        // Each line keeps its place in the sort, so the line bounds `scanned` still hold.
        let order = lex_order(&major, &minor)?;
        drop(major);
        let minor = take(&minor, &order, None)?;
        let data = take(&data, &order, None)?;
        let mut listed = Array::<I>::zeros(&dev, &[total])?;
        let mut sums = Array::<T>::zeros(&dev, &[total])?;
        let mut kept = Array::<i64>::zeros(&dev, &[majors])?;
        let mut flags = Array::<u32>::zeros(&dev, &[1])?;
        T::spgemm_reduce::<I>(
            &rows,
            [scanned, &order],
            &minor,
            &data,
            &mut listed,
            &mut sums,
            &mut kept,
            &mut flags,
            majors as u64,
        )?;
        drop((order, minor, data));
        let sorted = flags.to_vec()?[0] == 0;
        self.pack_product(other.minor, [scanned, &kept], &listed, &sums, sorted, what)
    }

    /// The product whose line `m` holds the `kept[m]` entries at the front of its slots
    /// (from `scanned[m - 1]`) of `minor`/`data`, moved to their places (`spgemm_pack`).
    pub(super) fn pack_product(
        &self,
        cols: usize,
        [scanned, kept]: [&Array<i64>; 2],
        minor: &Array<I>,
        data: &Array<T>,
        sorted: bool,
        what: &str,
    ) -> Result<Self> {
        let dev = self.data.device();
        let (out_scanned, indptr, nnz) = scan_pointers::<I>(what, kept)?;
        let mut indices = Array::<I>::zeros(&dev, &[nnz])?;
        let mut out = Array::<T>::zeros(&dev, &[nnz])?;
        if nnz > 0 {
            spgemm_pack::launch::<T, I>(
                &per_element(self.majors)?,
                scanned,
                kept,
                &out_scanned,
                minor,
                data,
                &mut indices,
                &mut out,
            )?;
        }
        Ok(self.product([indices, indptr], out, cols, sorted))
    }

    /// `dense + self` as a new dense array (SciPy's `_add_dense`: the dense values copied,
    /// then each stored value added in storage order).
    pub fn add_dense(&self, dense: &Array<T>, transposed: bool, what: &str) -> Result<Array<T>> {
        let dev = self.data.device();
        check_device(what, &dev, &[dense.device()])?;
        let (shape, major_stride, minor_stride) = if transposed {
            ([self.minor, self.majors], 1, self.majors)
        } else {
            ([self.majors, self.minor], self.minor, 1)
        };
        same_shape(what, shape, dense.shape())?;
        let mut out = dense.as_standard_layout()?.copy()?;
        if self.majors > 0 && !self.data.is_empty() {
            T::to_dense::<I>(
                &per_element(self.majors)?,
                &self.indptr,
                &self.indices,
                &self.data,
                &mut out,
                self.majors as u64,
                major_stride as u64,
                minor_stride as u64,
            )?;
        }
        Ok(out)
    }
}

/// SciPy's `multiply` of a COO form by a dense array of its shape: the coordinates kept
/// (explicit zeros and duplicates too), each value times the dense element at its place.
pub(super) fn coo_times_dense<T: SparseDType + Numeric, I: SparseIndex>(
    coo: CooArray<T, I>,
    dense: &Array<T>,
    what: &str,
) -> Result<CooArray<T, I>> {
    let dev = coo.device();
    check_device(what, &dev, &[dense.device()])?;
    let shape = coo.shape();
    same_shape(what, shape, dense.shape())?;
    let nnz = coo.nnz();
    let mut flat = Array::<i64>::zeros(&dev, &[nnz])?;
    if nnz > 0 {
        flat_positions::launch::<I>(
            &per_element(nnz)?,
            coo.row(),
            coo.col(),
            &mut flat,
            shape[1] as u64,
        )?;
    }
    let flat_dense = dense
        .as_standard_layout()?
        .reshape(&[shape[0] * shape[1]])?;
    let picked = take(&flat_dense, &flat, None)?;
    let data = T::multiply(coo.data(), &picked)?;
    let canonical = coo.has_canonical_format();
    Ok(CooArray::trusted(
        data,
        coo.row().clone(),
        coo.col().clone(),
        shape,
        canonical,
    ))
}

/// The right operand of [`CsrArray::dot`] and [`CscArray::dot`]: a dense array (a dense
/// result) or a sparse one (a sparse result in the left operand's format, as SciPy's, which
/// converts the right operand to the left one's format). Sealed.
pub trait DotOperand<T: SparseDType, I: SparseIndex>: sealed::Sealed {
    /// The product of a [`CsrArray`] by this.
    type CsrOutput;
    /// The product of a [`CscArray`] by this.
    type CscOutput;
    #[doc(hidden)]
    fn times_csr(&self, a: &CsrArray<T, I>, what: &str) -> Result<Self::CsrOutput>;
    #[doc(hidden)]
    fn times_csc(&self, a: &CscArray<T, I>, what: &str) -> Result<Self::CscOutput>;
}

mod sealed {
    pub trait Sealed {}
    impl<T: crate::prelude::DType> Sealed for crate::prelude::Array<T> {}
    impl<T: super::SparseDType, I: super::SparseIndex> Sealed for super::CsrArray<T, I> {}
    impl<T: super::SparseDType, I: super::SparseIndex> Sealed for super::CscArray<T, I> {}
}

impl<T: SparseDType, I: SparseIndex> DotOperand<T, I> for Array<T> {
    type CsrOutput = Array<T>;
    type CscOutput = Array<T>;
    fn times_csr(&self, a: &CsrArray<T, I>, what: &str) -> Result<Array<T>> {
        a.inner.dot(what, self)
    }
    fn times_csc(&self, a: &CscArray<T, I>, what: &str) -> Result<Array<T>> {
        a.inner.swap_axes()?.dot(what, self)
    }
}

/// The lines of `C^T = B^T A^T` from CSC `a` and `b`: the CSC lines of `a @ b`.
fn csc_matmat<T: SparseDType, I: SparseIndex>(
    a: &Compressed<T, I>,
    b: &Compressed<T, I>,
    what: &str,
) -> Result<Compressed<T, I>> {
    if a.majors != b.minor {
        return Err(Error::ShapeMismatch {
            op: format!("{what}: dimension mismatch"),
            expected: vec![a.majors],
            found: vec![b.minor, b.majors],
        });
    }
    b.matmat(a, what)
}

/// `a @ b` with `b` sparse: CSR for a CSR `a`, CSC for a CSC `a`.
impl<T: SparseDType, I: SparseIndex> DotOperand<T, I> for CsrArray<T, I> {
    type CsrOutput = CsrArray<T, I>;
    type CscOutput = CscArray<T, I>;
    fn times_csr(&self, a: &CsrArray<T, I>, what: &str) -> Result<CsrArray<T, I>> {
        Ok(CsrArray {
            inner: a.inner.matmat(&self.inner, what)?,
        })
    }
    fn times_csc(&self, a: &CscArray<T, I>, what: &str) -> Result<CscArray<T, I>> {
        Ok(CscArray {
            inner: csc_matmat(&a.inner, &self.inner.swap_axes()?, what)?,
        })
    }
}

/// `a @ b` with `b` sparse: CSR for a CSR `a`, CSC for a CSC `a`.
impl<T: SparseDType, I: SparseIndex> DotOperand<T, I> for CscArray<T, I> {
    type CsrOutput = CsrArray<T, I>;
    type CscOutput = CscArray<T, I>;
    fn times_csr(&self, a: &CsrArray<T, I>, what: &str) -> Result<CsrArray<T, I>> {
        Ok(CsrArray {
            inner: a.inner.matmat(&self.inner.swap_axes()?, what)?,
        })
    }
    fn times_csc(&self, a: &CscArray<T, I>, what: &str) -> Result<CscArray<T, I>> {
        Ok(CscArray {
            inner: csc_matmat(&a.inner, &self.inner, what)?,
        })
    }
}

impl<T: SparseDType, I: SparseIndex> CsrArray<T, I> {
    /// SciPy's `a + b` of two CSR arrays of one shape: canonical, sums equal to zero dropped
    /// (as SciPy's `csr_plus_csr`). Different shapes are an [`Error::ShapeMismatch`].
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CsrArray;
    /// let dev = Device::cpu();
    /// let a = CsrArray::<f64>::from_dense(&Array::from_vec(&dev, &[2, 2], vec![1.0, 0.0, 2.0, 3.0])?)?;
    /// let b = CsrArray::<f64>::from_dense(&Array::from_vec(&dev, &[2, 2], vec![0.0, 5.0, -2.0, 1.0])?)?;
    /// let c = a.add(&b)?;
    /// assert_eq!(c.toarray()?.to_vec()?, vec![1.0, 5.0, 0.0, 4.0]);
    /// assert_eq!(c.nnz(), 3); // 2 + (-2) is not stored
    /// assert_eq!((&a - &b)?.toarray()?.to_vec()?, vec![1.0, -5.0, 4.0, 2.0]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn add(&self, other: &Self) -> Result<Self> {
        Ok(CsrArray {
            inner: self
                .inner
                .binop(&other.inner, BinOp::Add, "csr_array.add")?,
        })
    }

    /// SciPy's `a - b` of two CSR arrays of one shape (see [`CsrArray::add`]).
    pub fn sub(&self, other: &Self) -> Result<Self> {
        Ok(CsrArray {
            inner: self
                .inner
                .binop(&other.inner, BinOp::Sub, "csr_array.sub")?,
        })
    }

    /// SciPy's `a.multiply(b)` of two CSR arrays of one shape: the elementwise product,
    /// canonical, zeros dropped (`csr_elmul_csr`; a value stored on one side only is
    /// multiplied by zero, so NaN and infinities there give a stored NaN, as in SciPy).
    /// SciPy's broadcasting of rows and columns is not offered: other shapes are an error.
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CsrArray;
    /// let dev = Device::cpu();
    /// let a = CsrArray::<i32>::from_dense(&Array::from_vec(&dev, &[1, 3], vec![1, 2, 3])?)?;
    /// let b = CsrArray::<i32>::from_dense(&Array::from_vec(&dev, &[1, 3], vec![4, 0, 5])?)?;
    /// let c = a.multiply(&b)?;
    /// assert_eq!((c.nnz(), c.toarray()?.to_vec()?), (2, vec![4, 0, 15]));
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn multiply(&self, other: &Self) -> Result<Self> {
        Ok(CsrArray {
            inner: self
                .inner
                .binop(&other.inner, BinOp::Mul, "csr_array.multiply")?,
        })
    }

    /// SciPy's `a.multiply(d)` of a dense `d` of the same shape: a COO array (as SciPy
    /// returns), with the coordinates of `a.tocoo()` (explicit zeros, duplicates and products
    /// equal to zero kept) and each value times `d` at its place.
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CsrArray;
    /// let dev = Device::cpu();
    /// let a = CsrArray::<f64>::from_dense(&Array::from_vec(&dev, &[2, 2], vec![1.0, 0.0, 2.0, 3.0])?)?;
    /// let d = Array::from_vec(&dev, &[2, 2], vec![10.0, 10.0, 0.0, -1.0])?;
    /// let c = a.multiply_dense(&d)?;
    /// assert_eq!((c.format(), c.nnz()), ("coo", 3));
    /// assert_eq!(c.toarray()?.to_vec()?, vec![10.0, 0.0, 0.0, -3.0]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn multiply_dense(&self, dense: &Array<T>) -> Result<CooArray<T, I>>
    where
        T: Numeric,
    {
        coo_times_dense(self.tocoo()?, dense, "csr_array.multiply")
    }

    /// SciPy's `a + d` of a dense `d` of the same shape: a dense array, `d` plus each stored
    /// value in storage order (SciPy's `_add_dense`).
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CsrArray;
    /// let dev = Device::cpu();
    /// let a = CsrArray::<f32>::from_dense(&Array::from_vec(&dev, &[1, 2], vec![0.0, 2.0])?)?;
    /// let d = Array::from_vec(&dev, &[1, 2], vec![1.0f32, 1.0])?;
    /// assert_eq!(a.add_dense(&d)?.to_vec()?, vec![1.0, 3.0]);
    /// assert!(a.add_dense(&Array::zeros(&dev, &[2, 1])?).is_err());
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn add_dense(&self, dense: &Array<T>) -> Result<Array<T>> {
        self.inner.add_dense(dense, false, "csr_array.add")
    }

    /// SciPy's `a @ b` (`dot`): with a dense `b` (a vector `[cols]` or a matrix `[cols, k]`)
    /// a dense result; with a [`CsrArray`] a CSR array (SpGEMM), with a [`CscArray`] also a
    /// CSR array (SciPy converts the right operand to the left one's format). Sparse products
    /// are SciPy's `csr_matmat` results: zeros dropped, each element summed in SciPy's order,
    /// so equal to SciPy's to the bit, and each row's columns in SciPy's order (the reverse of
    /// their first appearance among the products), unsorted as SciPy's; `sort_indices` sorts
    /// them. Dense products: each element
    /// summed over the row's entries in storage order (SciPy's order). A mismatch of the
    /// inner dimensions is an [`Error::ShapeMismatch`]; `b` must live on the array's device
    /// and have its dtype (SciPy would promote).
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CsrArray;
    /// let dev = Device::cpu();
    /// let a = CsrArray::<f32>::from_dense(&Array::from_vec(&dev, &[2, 2], vec![1.0, 2.0, 0.0, 3.0])?)?;
    /// let b = Array::from_vec(&dev, &[2, 2], vec![1.0f32, 0.0, 0.0, 1.0])?;
    /// assert_eq!(a.dot(&b)?.to_vec()?, vec![1.0, 2.0, 0.0, 3.0]);
    /// assert!(a.dot(&Array::from_vec(&dev, &[3], vec![1.0f32; 3])?).is_err());
    /// let aa: CsrArray<f32> = a.dot(&a)?;
    /// assert_eq!(aa.toarray()?.to_vec()?, vec![1.0, 8.0, 0.0, 9.0]);
    /// // SciPy's order of columns: (a @ a).indices is [1, 0, 1], not sorted.
    /// assert_eq!(aa.indices().to_vec()?, vec![1, 0, 1]);
    /// assert!(!aa.has_canonical_format());
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn dot<B: DotOperand<T, I>>(&self, b: &B) -> Result<B::CsrOutput> {
        b.times_csr(self, "csr_array.dot")
    }

    /// SciPy's `a @ b`: [`CsrArray::dot`].
    pub fn matmul<B: DotOperand<T, I>>(&self, b: &B) -> Result<B::CsrOutput> {
        self.dot(b)
    }
}

impl<T: SparseDType, I: SparseIndex> CscArray<T, I> {
    /// SciPy's `a + b` of two CSC arrays of one shape: canonical, sums equal to zero dropped.
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CscArray;
    /// let dev = Device::cpu();
    /// let a = CscArray::<i64>::from_dense(&Array::from_vec(&dev, &[2, 2], vec![1, 0, 2, 3])?)?;
    /// assert_eq!(a.add(&a)?.toarray()?.to_vec()?, vec![2, 0, 4, 6]);
    /// assert_eq!(a.sub(&a)?.nnz(), 0);
    /// assert_eq!(a.multiply(&a)?.toarray()?.to_vec()?, vec![1, 0, 4, 9]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn add(&self, other: &Self) -> Result<Self> {
        Ok(CscArray {
            inner: self
                .inner
                .binop(&other.inner, BinOp::Add, "csc_array.add")?,
        })
    }

    /// SciPy's `a - b` of two CSC arrays of one shape (see [`CscArray::add`]).
    pub fn sub(&self, other: &Self) -> Result<Self> {
        Ok(CscArray {
            inner: self
                .inner
                .binop(&other.inner, BinOp::Sub, "csc_array.sub")?,
        })
    }

    /// SciPy's `a.multiply(b)` of two CSC arrays of one shape (see [`CsrArray::multiply`]).
    pub fn multiply(&self, other: &Self) -> Result<Self> {
        Ok(CscArray {
            inner: self
                .inner
                .binop(&other.inner, BinOp::Mul, "csc_array.multiply")?,
        })
    }

    /// SciPy's `a.multiply(d)` of a dense `d`: a COO array with the coordinates of
    /// `a.tocoo()` (see [`CsrArray::multiply_dense`]).
    pub fn multiply_dense(&self, dense: &Array<T>) -> Result<CooArray<T, I>>
    where
        T: Numeric,
    {
        coo_times_dense(self.tocoo()?, dense, "csc_array.multiply")
    }

    /// SciPy's `a + d` of a dense `d` of the same shape: a dense array.
    pub fn add_dense(&self, dense: &Array<T>) -> Result<Array<T>> {
        self.inner.add_dense(dense, true, "csc_array.add")
    }

    /// SciPy's `a @ b` (`dot`): with a dense `b` a dense result (through the CSR form), with
    /// a [`CsrArray`] a CSR array, with a [`CscArray`] a CSC array (see [`CsrArray::dot`]).
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CscArray;
    /// let dev = Device::cpu();
    /// let a = CscArray::<f64>::from_dense(&Array::from_vec(&dev, &[2, 2], vec![1.0, 2.0, 0.0, 3.0])?)?;
    /// let x = Array::from_vec(&dev, &[2], vec![1.0, 1.0])?;
    /// assert_eq!(a.dot(&x)?.to_vec()?, vec![3.0, 3.0]);
    /// let aa: CscArray<f64> = a.dot(&a)?;
    /// assert_eq!(aa.toarray()?.to_vec()?, vec![1.0, 8.0, 0.0, 9.0]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn dot<B: DotOperand<T, I>>(&self, b: &B) -> Result<B::CscOutput> {
        b.times_csc(self, "csc_array.dot")
    }

    /// SciPy's `a @ b`: [`CscArray::dot`].
    pub fn matmul<B: DotOperand<T, I>>(&self, b: &B) -> Result<B::CscOutput> {
        self.dot(b)
    }
}

/// `&a + &b`: [`CsrArray::add`].
impl<T: SparseDType, I: SparseIndex> std::ops::Add for &CsrArray<T, I> {
    type Output = Result<CsrArray<T, I>>;
    fn add(self, other: Self) -> Self::Output {
        CsrArray::add(self, other)
    }
}

/// `&a - &b`: [`CsrArray::sub`].
impl<T: SparseDType, I: SparseIndex> std::ops::Sub for &CsrArray<T, I> {
    type Output = Result<CsrArray<T, I>>;
    fn sub(self, other: Self) -> Self::Output {
        CsrArray::sub(self, other)
    }
}

/// `&a + &b`: [`CscArray::add`].
impl<T: SparseDType, I: SparseIndex> std::ops::Add for &CscArray<T, I> {
    type Output = Result<CscArray<T, I>>;
    fn add(self, other: Self) -> Self::Output {
        CscArray::add(self, other)
    }
}

/// `&a - &b`: [`CscArray::sub`].
impl<T: SparseDType, I: SparseIndex> std::ops::Sub for &CscArray<T, I> {
    type Output = Result<CscArray<T, I>>;
    fn sub(self, other: Self) -> Self::Output {
        CscArray::sub(self, other)
    }
}
