//! The arithmetic of COO and DIA arrays, with SciPy 1.17's result formats: `a + b`, `a - b`
//! and `a.multiply(b)` of two COO arrays go through CSR (a CSR result, as SciPy's), of two
//! DIA arrays stay DIA (SciPy's native paths: the union or the intersection of the offsets,
//! diagonal by diagonal); `a + d` of a dense `d` is dense, `a.multiply(d)` is COO for COO
//! (the coordinates of `a.tocsr()`) and DIA for DIA; `a * s` keeps the format.
//!
//! The offsets of a DIA array are few and known on the host, so the unions and
//! intersections are computed there and each diagonal is one slice of `data`, combined by
//! the elementwise kernels on the device.

use super::compressed::{bucket_lines, check_device, Compressed};
use super::dtypes::{SparseDType, SparseIndex};
use super::ops::{coo_times_dense, same_shape, BinOp};
use super::{CooArray, CsrArray, DiaArray};
use crate::creation::arange;
use crate::math::remainder;
use crate::ops::Numeric;
use crate::prelude::*;
use crate::sort::take;

impl<T: SparseDType, I: SparseIndex> CooArray<T, I> {
    /// `self op other` through the CSR forms (SciPy's `coo_array._add_sparse`:
    /// `self.tocsr()._add_sparse(other)`).
    fn csr_binop(&self, other: &Self, op: BinOp, what: &str) -> Result<CsrArray<T, I>> {
        check_device(what, &self.device(), &[other.device()])?;
        same_shape(what, self.shape(), &other.shape())?;
        let (a, b) = (self.tocsr()?, other.tocsr()?);
        Ok(CsrArray {
            inner: a.inner.binop(&b.inner, op, what)?,
        })
    }

    /// SciPy's `a + b` of two COO arrays of one shape: a CSR array (SciPy adds the CSR
    /// forms), canonical, sums equal to zero dropped (see [`CsrArray::add`]). Different
    /// shapes or devices are errors.
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CooArray;
    /// let dev = Device::cpu();
    /// let data = Array::from_vec(&dev, &[3], vec![1.0f64, 2.0, 3.0])?;
    /// let row = Array::from_vec(&dev, &[3], vec![0i32, 1, 0])?;
    /// let col = Array::from_vec(&dev, &[3], vec![1i32, 0, 1])?;
    /// let a = CooArray::new(&data, &row, &col, [2, 2])?; // (0, 1) twice
    /// let c = a.add(&a)?;
    /// assert_eq!((c.format(), c.nnz()), ("csr", 2));
    /// assert_eq!(c.toarray()?.to_vec()?, vec![0.0, 8.0, 4.0, 0.0]);
    /// assert_eq!((&a - &a)?.nnz(), 0);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn add(&self, other: &Self) -> Result<CsrArray<T, I>> {
        self.csr_binop(other, BinOp::Add, "coo_array.add")
    }

    /// SciPy's `a - b` of two COO arrays of one shape: a CSR array (see [`CooArray::add`]).
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CooArray;
    /// let dev = Device::cpu();
    /// let a = CooArray::<i32>::from_dense(&Array::from_vec(&dev, &[1, 2], vec![5, 1])?)?;
    /// let b = CooArray::<i32>::from_dense(&Array::from_vec(&dev, &[1, 2], vec![2, 1])?)?;
    /// let c = a.sub(&b)?;
    /// assert_eq!((c.nnz(), c.toarray()?.to_vec()?), (1, vec![3, 0]));
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn sub(&self, other: &Self) -> Result<CsrArray<T, I>> {
        self.csr_binop(other, BinOp::Sub, "coo_array.sub")
    }

    /// SciPy's `a.multiply(b)` of two COO arrays of one shape: the elementwise product as a
    /// CSR array (see [`CsrArray::multiply`]; SciPy's broadcasting of rows and columns is
    /// not offered).
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CooArray;
    /// let dev = Device::cpu();
    /// let a = CooArray::<i64>::from_dense(&Array::from_vec(&dev, &[1, 3], vec![1, 2, 3])?)?;
    /// let b = CooArray::<i64>::from_dense(&Array::from_vec(&dev, &[1, 3], vec![4, 0, 5])?)?;
    /// let c = a.multiply(&b)?;
    /// assert_eq!((c.format(), c.nnz(), c.toarray()?.to_vec()?), ("csr", 2, vec![4, 0, 15]));
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn multiply(&self, other: &Self) -> Result<CsrArray<T, I>> {
        self.csr_binop(other, BinOp::Mul, "coo_array.multiply")
    }

    /// SciPy's `a.multiply(d)` of a dense `d` of the same shape: a COO array with the
    /// coordinates of `a.tocsr()` (SciPy multiplies the CSR form: duplicates summed first,
    /// canonical, explicit zeros and products equal to zero kept), each value times `d` at
    /// its place.
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CooArray;
    /// let dev = Device::cpu();
    /// let data = Array::from_vec(&dev, &[3], vec![1.0f64, 2.0, 0.0])?;
    /// let idx = Array::from_vec(&dev, &[3], vec![1i32, 1, 0])?;
    /// let a = CooArray::new(&data, &idx, &idx, [2, 2])?;
    /// let c = a.multiply_dense(&Array::from_vec(&dev, &[2, 2], vec![5.0, 5.0, 5.0, 10.0])?)?;
    /// assert_eq!((c.row().to_vec()?, c.data().to_vec()?), (vec![0, 1], vec![0.0, 30.0]));
    /// assert!(c.has_canonical_format());
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn multiply_dense(&self, dense: &Array<T>) -> Result<CooArray<T, I>>
    where
        T: Numeric,
    {
        let what = "coo_array.multiply";
        check_device(what, &self.device(), &[dense.device()])?;
        same_shape(what, self.shape(), dense.shape())?;
        coo_times_dense(self.tocsr()?.tocoo()?, dense, what)
    }

    /// SciPy's `a + d` of a dense `d` of the same shape: a dense array, `d` plus each stored
    /// value in storage order (SciPy's `coo_todense` into a copy of `d`), so duplicates are
    /// added to `d` one by one, not summed first.
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CooArray;
    /// let dev = Device::cpu();
    /// let data = Array::from_vec(&dev, &[2], vec![1.0f64, 1e-16])?;
    /// let zero = Array::from_vec(&dev, &[2], vec![0i32, 0])?;
    /// let a = CooArray::new(&data, &zero, &zero, [1, 1])?;
    /// let d = Array::from_vec(&dev, &[1, 1], vec![-1.0])?;
    /// // (-1 + 1) + 1e-16, not -1 + (1 + 1e-16)
    /// assert_eq!(a.add_dense(&d)?.to_vec()?, vec![1e-16]);
    /// assert!(a.add_dense(&Array::zeros(&dev, &[1, 2])?).is_err());
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn add_dense(&self, dense: &Array<T>) -> Result<Array<T>> {
        let what = "coo_array.add";
        check_device(what, &self.device(), &[dense.device()])?;
        let [m, n] = self.shape();
        same_shape(what, [m, n], dense.shape())?;
        // The entries grouped into rows, each row in storage order, duplicates kept: adding
        // a row's entries in turn is SciPy's order for every element.
        let (indptr, indices, data) = bucket_lines(self.row(), self.col(), self.data(), m)?;
        let lines = Compressed {
            data,
            indices,
            indptr,
            majors: m,
            minor: n,
            sorted: false,
            canonical: false,
        };
        lines.add_dense(dense, false, what)
    }
}

/// `&a + &b`: [`CooArray::add`] (a CSR array).
impl<T: SparseDType, I: SparseIndex> std::ops::Add for &CooArray<T, I> {
    type Output = Result<CsrArray<T, I>>;
    fn add(self, other: Self) -> Self::Output {
        CooArray::add(self, other)
    }
}

/// `&a - &b`: [`CooArray::sub`] (a CSR array).
impl<T: SparseDType, I: SparseIndex> std::ops::Sub for &CooArray<T, I> {
    type Output = Result<CsrArray<T, I>>;
    fn sub(self, other: Self) -> Self::Output {
        CooArray::sub(self, other)
    }
}

/// Where each of `offs` sits in the sorted `union`.
fn positions(union: &[i64], offs: &[i64]) -> Vec<usize> {
    offs.iter()
        .map(|o| union.partition_point(|u| u < o))
        .collect()
}

/// The rows of `data` that put `offs` in sorted order (SciPy's `data[_invert_index(idx)]`
/// for `idx = searchsorted(union, offs)` with `union` a permutation of `offs`).
fn sorted_rows(dev: &Device, offs: &[i64]) -> Result<Array<i64>> {
    let mut order: Vec<i64> = (0..offs.len() as i64).collect();
    order.sort_by_key(|&k| offs[k as usize]);
    Array::from_vec(dev, &[order.len()], order)
}

impl<T: SparseDType + Numeric, I: SparseIndex> DiaArray<T, I> {
    /// Row `k` of `data`, its first `cols` columns.
    fn diag(&self, k: usize, cols: usize) -> Result<Array<T>> {
        self.data()
            .slice(s![k as isize, ..cols as isize])?
            .as_standard_layout()
    }

    /// SciPy's `dia_array._add_sparse(other, sub)`, its three paths: the same offsets (in
    /// the same order) and widths, `data` added as is; offsets whose sorted union is one
    /// operand's and equal widths, that operand's diagonals sorted and the other's added to
    /// them (its negation first under `sub` when the union is `other`'s); otherwise every
    /// diagonal added into zeros `[union, min(m + max offset, n)]`.
    fn add_sparse(&self, other: &Self, sub: bool, what: &str) -> Result<Self> {
        let dev = self.device();
        check_device(what, &dev, &[other.device()])?;
        same_shape(what, self.shape(), &other.shape())?;
        let combine = |x: &Array<T>, y: &Array<T>| -> Result<Array<T>> {
            if sub {
                T::subtract(x, y)
            } else {
                T::add(x, y)
            }
        };
        let (wa, wb) = (self.data().shape()[1], other.data().shape()[1]);
        let (oa, ob) = (self.offs(), other.offs());
        if oa == ob && wa == wb {
            return DiaArray::trusted(
                combine(self.data(), other.data())?,
                oa.to_vec(),
                self.shape(),
            );
        }
        let mut union: Vec<i64> = oa.iter().chain(ob).copied().collect();
        union.sort_unstable();
        union.dedup();
        let (ia, ib) = (positions(&union, oa), positions(&union, ob));
        let [m, n] = self.shape();
        let nu = union.len();
        // Each diagonal `u` of the result starts from `base` and has the listed
        // `(row, operand, subtract)` added in turn.
        let (mut data, adds, width) = if wa == wb && nu == oa.len() {
            let base = take(self.data(), &sorted_rows(&dev, oa)?, Some(0))?;
            let adds: Vec<_> = ib
                .iter()
                .enumerate()
                .map(|(k, &u)| (u, k, other, sub))
                .collect();
            (base, adds, wa)
        } else if wa == wb && nu == ob.len() {
            let base = take(other.data(), &sorted_rows(&dev, ob)?, Some(0))?;
            let base = if sub { T::negative(&base)? } else { base };
            let adds: Vec<_> = ia
                .iter()
                .enumerate()
                .map(|(k, &u)| (u, k, self, false))
                .collect();
            (base, adds, wa)
        } else {
            let last = *union.last().unwrap_or(&0) as i128;
            let d = (m as i128 + last).min(n as i128).max(0) as usize;
            let base = Array::<T>::zeros(&dev, &[nu, d])?;
            let mut adds: Vec<_> = ia
                .iter()
                .enumerate()
                .map(|(k, &u)| (u, k, self, false))
                .collect();
            adds.extend(ib.iter().enumerate().map(|(k, &u)| (u, k, other, sub)));
            (base, adds, d)
        };
        for (u, k, operand, minus) in adds {
            let cols = width.min(operand.data().shape()[1]);
            if cols == 0 {
                continue;
            }
            let acc = data.slice(s![u as isize, ..cols as isize])?;
            let term = operand.diag(k, cols)?;
            let sum = if minus {
                T::subtract(&acc, &term)?
            } else {
                T::add(&acc, &term)?
            };
            data.assign_at(s![u as isize, ..cols as isize], &sum)?;
        }
        DiaArray::trusted(data, union, self.shape())
    }

    /// SciPy's `a + b` of two DIA arrays of one shape: a DIA array, by SciPy 1.17's paths
    /// (its `_add_sparse`): the same offsets and widths add `data` as is (the offsets kept in
    /// their order); otherwise the offsets are the sorted union, and `data` is either one
    /// operand's (sorted, when its offsets hold the other's and the widths agree) with the
    /// other's diagonals added, or `[union, min(m + max offset, n)]` with every diagonal
    /// added into zeros. Stored zeros are kept. Different shapes or devices are errors.
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::DiaArray;
    /// let dev = Device::cpu();
    /// let a = DiaArray::new(
    ///     &Array::from_vec(&dev, &[1, 3], vec![1.0f64, 2.0, 3.0])?,
    ///     &Array::from_vec(&dev, &[1], vec![0i32])?,
    ///     [3, 3],
    /// )?;
    /// let b = DiaArray::new(
    ///     &Array::from_vec(&dev, &[1, 3], vec![0.0f64, 5.0, 6.0])?,
    ///     &Array::from_vec(&dev, &[1], vec![1i32])?,
    ///     [3, 3],
    /// )?;
    /// let c = a.add(&b)?;
    /// assert_eq!(c.offsets().to_vec()?, vec![0, 1]);
    /// assert_eq!(c.data().to_vec()?, vec![1.0, 2.0, 3.0, 0.0, 5.0, 6.0]);
    /// assert_eq!((&a - &a)?.toarray()?.to_vec()?, vec![0.0; 9]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn add(&self, other: &Self) -> Result<Self> {
        self.add_sparse(other, false, "dia_array.add")
    }

    /// SciPy's `a - b` of two DIA arrays of one shape: a DIA array (see [`DiaArray::add`]).
    /// When the union of the offsets is `other`'s (and the widths agree), SciPy starts from
    /// `-other`'s diagonals, then adds `self`'s.
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::DiaArray;
    /// let dev = Device::cpu();
    /// let a = DiaArray::new(
    ///     &Array::from_vec(&dev, &[1, 2], vec![1u8, 1])?,
    ///     &Array::from_vec(&dev, &[1], vec![0i32])?,
    ///     [2, 2],
    /// )?;
    /// let b = DiaArray::new(
    ///     &Array::from_vec(&dev, &[2, 2], vec![2u8, 2, 3, 3])?,
    ///     &Array::from_vec(&dev, &[2], vec![1i32, 0])?,
    ///     [2, 2],
    /// )?;
    /// let c = a.sub(&b)?;
    /// assert_eq!(c.offsets().to_vec()?, vec![0, 1]);
    /// assert_eq!(c.data().to_vec()?, vec![254, 254, 254, 254]); // wrapping, as NumPy's
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn sub(&self, other: &Self) -> Result<Self> {
        self.add_sparse(other, true, "dia_array.sub")
    }

    /// SciPy's `a.multiply(b)` of two DIA arrays of one shape: a DIA array holding the
    /// offsets both have (sorted), each the product of the two diagonals over their first
    /// `min` of the two widths. Different shapes are an error (SciPy would broadcast a row
    /// or a column through CSR).
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::DiaArray;
    /// let dev = Device::cpu();
    /// let a = DiaArray::new(
    ///     &Array::from_vec(&dev, &[2, 2], vec![1i64, 2, 3, 4])?,
    ///     &Array::from_vec(&dev, &[2], vec![0i32, -1])?,
    ///     [2, 2],
    /// )?;
    /// let b = DiaArray::new(
    ///     &Array::from_vec(&dev, &[1, 3], vec![10i64, 10, 10])?,
    ///     &Array::from_vec(&dev, &[1], vec![0i32])?,
    ///     [2, 2],
    /// )?;
    /// let c = a.multiply(&b)?;
    /// assert_eq!((c.offsets().to_vec()?, c.data().to_vec()?), (vec![0], vec![10, 20]));
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn multiply(&self, other: &Self) -> Result<Self> {
        let what = "dia_array.multiply";
        let dev = self.device();
        check_device(what, &dev, &[other.device()])?;
        same_shape(what, self.shape(), &other.shape())?;
        let (oa, ob) = (self.offs(), other.offs());
        let mut common: Vec<i64> = oa.iter().filter(|o| ob.contains(o)).copied().collect();
        common.sort_unstable();
        let rows = |offs: &[i64]| -> Result<Array<i64>> {
            let at: Vec<i64> = common
                .iter()
                .map(|c| offs.iter().position(|o| o == c).unwrap_or(0) as i64)
                .collect();
            Array::from_vec(&dev, &[at.len()], at)
        };
        let l = self.data().shape()[1].min(other.data().shape()[1]) as isize;
        let x = take(self.data(), &rows(oa)?, Some(0))?;
        let y = take(other.data(), &rows(ob)?, Some(0))?;
        let data = T::multiply(&x.slice(s![.., ..l])?, &y.slice(s![.., ..l])?)?;
        DiaArray::trusted(data, common, self.shape())
    }

    /// SciPy's `a.multiply(d)` of a dense `d` of the same shape: a DIA array of the same
    /// offsets, `data` cut to `L = min(width, n)` columns and slot `(k, j)` multiplied by
    /// `d[(j - offsets[k]) mod m, j]` (SciPy's gather, which wraps for the slots outside the
    /// matrix). SciPy returns a COO array instead when a dimension is 0 or 1 (the same
    /// matrix); SciPy's broadcasting of a row or a column of `d` is not offered.
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::DiaArray;
    /// let dev = Device::cpu();
    /// let a = DiaArray::new(
    ///     &Array::from_vec(&dev, &[1, 2], vec![1.0f32, 2.0])?,
    ///     &Array::from_vec(&dev, &[1], vec![0i32])?,
    ///     [2, 2],
    /// )?;
    /// let d = Array::from_vec(&dev, &[2, 2], vec![3.0f32, 9.0, 9.0, 4.0])?;
    /// assert_eq!(a.multiply_dense(&d)?.data().to_vec()?, vec![3.0, 8.0]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn multiply_dense(&self, dense: &Array<T>) -> Result<Self> {
        let what = "dia_array.multiply";
        let dev = self.device();
        check_device(what, &dev, &[dense.device()])?;
        let [m, n] = self.shape();
        same_shape(what, [m, n], dense.shape())?;
        let nd = self.offs().len();
        let l = self.data().shape()[1].min(n);
        let kept = self.data().slice(s![.., ..l as isize])?;
        let data = if m == 0 || nd == 0 || l == 0 {
            // No slot inside the matrix: zeros of the result's shape.
            Array::<T>::zeros(&dev, &[nd, l])?
        } else {
            // The flat position in `d` of slot (k, j): ((j - o_k) mod m) * n + j, on the
            // device (`[nd, l]`, the offsets a column broadcast along the row `j`).
            let j = arange(&dev, 0..l as i64)?.reshape(&[1, l])?;
            let offs = Array::from_vec(&dev, &[nd, 1], self.offs().to_vec())?;
            let i = remainder(&i64::subtract(&j, &offs)?, m as i64)?;
            let flat = i64::add(&i64::multiply(&i, n as i64)?, &j)?;
            let picked = take(&dense.as_standard_layout()?, &flat, None)?;
            T::multiply(&kept, &picked)?
        };
        DiaArray::trusted(data, self.offs().to_vec(), self.shape())
    }

    /// SciPy's `a + d` of a dense `d` of the same shape: a dense array (SciPy adds the COO
    /// form, whose stored zeros are dropped; one value per element, so the order of the sums
    /// does not matter).
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::DiaArray;
    /// let dev = Device::cpu();
    /// let a = DiaArray::<i32>::from_dense(&Array::from_vec(&dev, &[2, 2], vec![1, 0, 0, 2])?)?;
    /// let d = Array::from_vec(&dev, &[2, 2], vec![1, 1, 1, 1])?;
    /// assert_eq!(a.add_dense(&d)?.to_vec()?, vec![2, 1, 1, 3]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn add_dense(&self, dense: &Array<T>) -> Result<Array<T>> {
        let what = "dia_array.add";
        check_device(what, &self.device(), &[dense.device()])?;
        same_shape(what, self.shape(), dense.shape())?;
        self.tocsr()?.inner.add_dense(dense, false, what)
    }

    /// SciPy's `a * s` with a scalar: every slot of `data` multiplied, the offsets kept.
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::DiaArray;
    /// let d = Array::from_vec(&Device::cpu(), &[2, 2], vec![1.0f64, 0.0, 0.0, 2.0])?;
    /// let a = DiaArray::<f64>::from_dense(&d)?.mul_scalar(3.0)?;
    /// assert_eq!(a.toarray()?.to_vec()?, vec![3.0, 0.0, 0.0, 6.0]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn mul_scalar(&self, s: T) -> Result<Self> {
        let data = T::multiply(self.data(), &Array::scalar(&self.device(), s)?)?;
        DiaArray::trusted(data, self.offs().to_vec(), self.shape())
    }
}

/// `&a + &b`: [`DiaArray::add`].
impl<T: SparseDType + Numeric, I: SparseIndex> std::ops::Add for &DiaArray<T, I> {
    type Output = Result<DiaArray<T, I>>;
    fn add(self, other: Self) -> Self::Output {
        DiaArray::add(self, other)
    }
}

/// `&a - &b`: [`DiaArray::sub`].
impl<T: SparseDType + Numeric, I: SparseIndex> std::ops::Sub for &DiaArray<T, I> {
    type Output = Result<DiaArray<T, I>>;
    fn sub(self, other: Self) -> Self::Output {
        DiaArray::sub(self, other)
    }
}
