//! SciPy's `dia_array`: diagonals stored as the rows of a 2-d array, `data[k, j]` holding
//! `A[j - offsets[k], j]`.
//!
//! Every routine works diagonal by diagonal: the offsets (a handful) are kept on the host as
//! well, and each diagonal is a slice of `data`, so a product, a transpose or a conversion
//! is one fused elementwise pass (or one launch of the COO helpers) per diagonal, on the
//! device, as SciPy's loops run diagonal by diagonal.

use super::compressed::{check_device, check_extents};
use super::dtypes::{SparseDType, SparseIndex};
use super::kernels::diagonal_entries;
use super::{CooArray, CscArray, CsrArray};
use crate::ops::Numeric;
use crate::prelude::*;
use crate::sort::compact::per_element;
use crate::sort::{put, searchsorted, unique, Side, TakeMode};

/// SciPy's `dia_array((data, offsets), shape=(m, n))`: a 2-d sparse array stored by
/// diagonals. Row `k` of `data` (`[ndiag, L]`) holds the diagonal of offset `offsets[k]`
/// (above the main one for `k > 0`), `data[k, j]` being `A[j - offsets[k], j]`; slots outside
/// the matrix are ignored, as in SciPy.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sparse::DiaArray;
/// let dev = Device::cpu();
/// let data = Array::from_vec(&dev, &[2, 4], vec![1.0f64, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0])?;
/// let offsets = Array::from_vec(&dev, &[2], vec![0i32, 1])?;
/// let a = DiaArray::new(&data, &offsets, [4, 4])?;
/// assert_eq!(
///     a.toarray()?.to_vec()?,
///     vec![1.0, 6.0, 0.0, 0.0, 0.0, 2.0, 7.0, 0.0, 0.0, 0.0, 3.0, 8.0, 0.0, 0.0, 0.0, 4.0]
/// );
/// assert_eq!(a.nnz(), 7); // the slots inside the matrix
/// let x = Array::from_vec(&dev, &[4], vec![1.0, 1.0, 1.0, 1.0])?;
/// assert_eq!(a.dot(&x)?.to_vec()?, vec![7.0, 9.0, 11.0, 4.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct DiaArray<T: SparseDType, I: SparseIndex = i32> {
    pub(crate) data: Array<T>,
    pub(crate) offsets: Array<I>,
    /// `offsets` on the host.
    pub(crate) offs: Vec<i64>,
    pub(crate) shape: [usize; 2],
}

impl<T: SparseDType, I: SparseIndex> DiaArray<T, I> {
    /// SciPy's `dia_array((data, offsets), shape=shape)`: `data` 2-d (`[ndiag, L]`; 1-d or
    /// 0-d taken as one row, NumPy's `atleast_2d`), `offsets` 1-d (0-d as one offset).
    /// Errors, as SciPy's: `data` of more than 2 dimensions ("data array must have rank 2"),
    /// `offsets` of more than one, different numbers of diagonals and offsets, a repeated
    /// offset, arrays on different devices, a shape beyond the index type.
    pub fn new(data: &Array<T>, offsets: &Array<I>, shape: [usize; 2]) -> Result<Self> {
        let what = "dia_array";
        check_device(what, &data.device(), &[offsets.device()])?;
        check_extents::<I>(what, &shape)?;
        let data = match data.ndim() {
            0 => data.reshape(&[1, 1])?,
            1 => data.reshape(&[1, data.len()])?,
            2 => data.clone(),
            _ => {
                return Err(Error::invalid(format!(
                    "{what}: data array must have rank 2, got shape {:?}",
                    data.shape()
                )))
            }
        };
        let offsets = match offsets.ndim() {
            0 | 1 => offsets.reshape(&[offsets.len()])?,
            _ => {
                return Err(Error::invalid(format!(
                    "{what}: offsets array must have rank 1, got shape {:?}",
                    offsets.shape()
                )))
            }
        };
        if data.shape()[0] != offsets.len() {
            return Err(Error::invalid(format!(
                "{what}: number of diagonals ({}) does not match the number of offsets ({})",
                data.shape()[0],
                offsets.len()
            )));
        }
        let offs: Vec<i64> = offsets
            .to_vec()?
            .into_iter()
            .map(|o| o.cast::<i64>())
            .collect();
        let mut sorted = offs.clone();
        sorted.sort_unstable();
        if sorted.windows(2).any(|w| w[0] == w[1]) {
            return Err(Error::invalid(format!(
                "{what}: offset array contains duplicate values"
            )));
        }
        Ok(DiaArray {
            data,
            offsets,
            offs,
            shape,
        })
    }

    /// Arrays known to be valid: `data` 2-d, `offs` distinct, one per row of `data` (the
    /// offsets array is made from them).
    pub(super) fn trusted(data: Array<T>, offs: Vec<i64>, shape: [usize; 2]) -> Result<Self> {
        let dev = data.device();
        let host: Vec<I> = offs.iter().map(|&o| o.cast::<I>()).collect();
        let offsets = Array::from_vec(&dev, &[offs.len()], host)?;
        Ok(DiaArray {
            data,
            offsets,
            offs,
            shape,
        })
    }

    /// The offsets, on the host.
    pub(super) fn offs(&self) -> &[i64] {
        &self.offs
    }

    /// SciPy's `dia_array(dense)`: `coo_array(dense).todia()`.
    pub fn from_dense(dense: &Array<T>) -> Result<Self> {
        CooArray::from_dense(dense)?.todia()
    }

    /// SciPy's `shape`.
    pub fn shape(&self) -> [usize; 2] {
        self.shape
    }

    /// SciPy's `nnz`: the slots of `data` inside the matrix (stored zeros included).
    pub fn nnz(&self) -> usize {
        let [m, n] = self.shape;
        let l = self.data.shape()[1].min(n) as i128;
        self.offs
            .iter()
            .map(|&o| {
                let o = o as i128;
                ((m as i128 + o).min(l) - o.max(0)).max(0) as usize
            })
            .sum()
    }

    /// SciPy's `dtype`.
    pub fn dtype(&self) -> DTypeId {
        T::ID
    }

    /// SciPy's `format`: `"dia"`.
    pub fn format(&self) -> &'static str {
        "dia"
    }

    /// The device of the arrays.
    pub fn device(&self) -> Device {
        self.data.device()
    }

    /// SciPy's `data`: `[ndiag, L]`.
    pub fn data(&self) -> &Array<T> {
        &self.data
    }

    /// SciPy's `offsets`.
    pub fn offsets(&self) -> &Array<I> {
        &self.offsets
    }

    /// The columns `[j0, j1)` of diagonal `k` inside the matrix and inside `data`
    /// (SciPy's `j_start = max(0, k)`, `j_end = min(m + k, n, L)`).
    fn span(&self, k: usize) -> (usize, usize) {
        let [m, n] = self.shape;
        let l = self.data.shape()[1] as i128;
        let o = self.offs[k] as i128;
        let j0 = o.max(0);
        let j1 = (m as i128 + o).min(n as i128).min(l);
        if j1 > j0 {
            (j0 as usize, j1 as usize)
        } else {
            (0, 0)
        }
    }

    /// SciPy's `tocsr()`: the entries inside the matrix, stored zeros dropped, canonical.
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::DiaArray;
    /// let dev = Device::cpu();
    /// let data = Array::from_vec(&dev, &[2, 3], vec![1.0f32, 0.0, 3.0, 4.0, 5.0, 6.0])?;
    /// let offsets = Array::from_vec(&dev, &[2], vec![0i32, -1])?;
    /// let c = DiaArray::new(&data, &offsets, [3, 3])?.tocsr()?;
    /// assert_eq!(c.indptr().to_vec()?, vec![0, 1, 2, 4]);
    /// assert_eq!(c.data().to_vec()?, vec![1.0, 4.0, 5.0, 3.0]); // the stored 0 is dropped
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn tocsr(&self) -> Result<CsrArray<T, I>> {
        let dev = self.device();
        let spans: Vec<(usize, usize)> = (0..self.offs.len()).map(|k| self.span(k)).collect();
        let total: usize = spans.iter().map(|(a, b)| b - a).sum();
        check_extents::<I>("dia_array.tocsr", &[total])?;
        let mut row = Array::<I>::zeros(&dev, &[total])?;
        let mut col = Array::<I>::zeros(&dev, &[total])?;
        let mut data = Array::<T>::zeros(&dev, &[total])?;
        let mut base = 0usize;
        for (k, &(j0, j1)) in spans.iter().enumerate() {
            let len = j1 - j0;
            if len == 0 {
                continue;
            }
            let v = self
                .data
                .slice(s![k as isize, j0 as isize..j1 as isize])?
                .as_standard_layout()?;
            diagonal_entries::launch::<T, I>(
                &per_element(len)?,
                &v,
                &mut row,
                &mut col,
                &mut data,
                base as u64,
                len as u64,
                (j0 as i64 - self.offs[k]) as u64,
                j0 as u64,
            )?;
            base += len;
        }
        let mut coo = CooArray::trusted(data, row, col, self.shape, false);
        coo.eliminate_zeros()?;
        coo.tocsr()
    }

    /// SciPy's `tocsc()`: through CSR.
    pub fn tocsc(&self) -> Result<CscArray<T, I>> {
        self.tocsr()?.tocsc()
    }

    /// SciPy's `tocoo()`: `tocsr().tocoo()` (row-major, stored zeros dropped).
    pub fn tocoo(&self) -> Result<CooArray<T, I>> {
        self.tocsr()?.tocoo()
    }

    /// SciPy's `todia()`: a copy of the handles (no data copied).
    pub fn todia(&self) -> Result<DiaArray<T, I>> {
        Ok(self.clone())
    }

    /// SciPy's `toarray()`: the dense `[m, n]` array.
    pub fn toarray(&self) -> Result<Array<T>> {
        self.tocsr()?.toarray()
    }

    /// SciPy's `transpose()`: offsets negated, each diagonal realigned to the new columns
    /// (`[ndiag, m]`), one copy per diagonal on the device. Slots outside the matrix hold
    /// zeros (SciPy's hold whatever its wrapped gather reads). SciPy 1.17 wraps that gather
    /// modulo `L` rather than `max(m, n)`, so for `data` wider than `max(m, n)` its result is
    /// another matrix; this one is always `A^T`.
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::DiaArray;
    /// let dev = Device::cpu();
    /// let d = Array::from_vec(&dev, &[2, 3], vec![1i64, 2, 0, 0, 0, 3])?;
    /// let a = DiaArray::<i64>::from_dense(&d)?;
    /// let t = a.transpose()?;
    /// assert_eq!(t.shape(), [3, 2]);
    /// assert_eq!(t.toarray()?.to_vec()?, vec![1, 0, 2, 0, 0, 3]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn transpose(&self) -> Result<DiaArray<T, I>> {
        let [m, n] = self.shape;
        let dev = self.device();
        let nd = self.offs.len();
        let l_old = self.data.shape()[1] as i128;
        let mut data = Array::<T>::zeros(&dev, &[nd, m])?;
        for (k, &o) in self.offs.iter().enumerate() {
            // new[k, j] = old[k, j + o] for 0 <= j < m, 0 <= j + o < min(L, n).
            let hi = l_old.min(n as i128);
            let j0 = (-(o as i128)).max(0);
            let j1 = (m as i128).min(hi - o as i128);
            if j1 > j0 {
                let (a, b) = (j0 as isize, j1 as isize);
                let src = self
                    .data
                    .slice(s![k as isize, a + o as isize..b + o as isize])?;
                data.assign_at(s![k as isize, a..b], &src)?;
            }
        }
        let offs: Vec<I> = self.offs.iter().map(|&o| (-o).cast::<I>()).collect();
        let offsets = Array::from_vec(&dev, &[nd], offs)?;
        Ok(DiaArray {
            data,
            offsets,
            offs: self.offs.iter().map(|o| -o).collect(),
            shape: [n, m],
        })
    }

    /// SciPy's `diagonal(k)`: the `k`-th diagonal (stored or not), zeros where `data` is
    /// shorter than the diagonal; empty when `k` is outside the matrix.
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::DiaArray;
    /// let dev = Device::cpu();
    /// let data = Array::from_vec(&dev, &[1, 2], vec![5.0f64, 6.0])?;
    /// let a = DiaArray::new(&data, &Array::from_vec(&dev, &[1], vec![0i32])?, [3, 3])?;
    /// assert_eq!(a.diagonal(0)?.to_vec()?, vec![5.0, 6.0, 0.0]);
    /// assert_eq!(a.diagonal(1)?.to_vec()?, vec![0.0, 0.0]);
    /// assert_eq!(a.diagonal(3)?.len(), 0);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn diagonal(&self, k: isize) -> Result<Array<T>> {
        let [m, n] = self.shape;
        let (mi, ni, ki) = (m as i128, n as i128, k as i128);
        let dev = self.device();
        if ki <= -mi || ki >= ni {
            return Array::zeros(&dev, &[0]);
        }
        let first = ki.max(0);
        let last = (mi + ki).min(ni);
        let size = (last - first) as usize;
        let mut out = Array::<T>::zeros(&dev, &[size])?;
        if let Some(idx) = self.offs.iter().position(|&o| o as i128 == ki) {
            let l = self.data.shape()[1] as i128;
            let end = last.min(l);
            if end > first {
                let len = (end - first) as isize;
                let src = self
                    .data
                    .slice(s![idx as isize, first as isize..end as isize])?;
                out.assign_at(s![..len], &src)?;
            }
        }
        Ok(out)
    }
}

impl<T: SparseDType, I: SparseIndex> DiaArray<T, I> {
    /// SciPy's `astype(U)`: `data` converted with NumPy's `astype` rules, the offsets kept.
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::DiaArray;
    /// let d = Array::from_vec(&Device::cpu(), &[2, 2], vec![1.5f64, 0.0, 0.0, -2.5])?;
    /// let a = DiaArray::<f64>::from_dense(&d)?.astype::<i32>()?;
    /// assert_eq!(a.toarray()?.to_vec()?, vec![1, 0, 0, -2]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn astype<U: SparseDType>(&self) -> Result<DiaArray<U, I>> {
        Ok(DiaArray {
            data: self.data.astype::<U>()?,
            offsets: self.offsets.clone(),
            offs: self.offs.clone(),
            shape: self.shape,
        })
    }

    /// SciPy's `copy()`: a copy of `data` and `offsets` (later writes to one are not seen
    /// by the other).
    pub fn copy(&self) -> Result<DiaArray<T, I>> {
        Ok(DiaArray {
            data: self.data.copy()?,
            offsets: self.offsets.copy()?,
            offs: self.offs.clone(),
            shape: self.shape,
        })
    }

    /// SciPy's `count_nonzero()`: the nonzero slots inside the matrix (stored zeros and
    /// slots outside do not count; NaN does).
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::DiaArray;
    /// let dev = Device::cpu();
    /// let data = Array::from_vec(&dev, &[1, 3], vec![1.0f64, 0.0, 2.0])?;
    /// let a = DiaArray::new(&data, &Array::from_vec(&dev, &[1], vec![1i32])?, [3, 3])?;
    /// assert_eq!((a.nnz(), a.count_nonzero()?), (2, 1)); // data[0, 0] is outside
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn count_nonzero(&self) -> Result<usize> {
        // `tocsr` keeps exactly the nonzero slots inside the matrix.
        Ok(self.tocsr()?.nnz())
    }

    /// SciPy's `sum(axis)`: as [`CsrArray::sum`] of [`tocsr`](Self::tocsr) (the stored zeros
    /// it drops add nothing).
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::DiaArray;
    /// let d = Array::from_vec(&Device::cpu(), &[2, 2], vec![1i32, 2, 0, 4])?;
    /// let a = DiaArray::<i32>::from_dense(&d)?;
    /// assert_eq!(a.sum(None)?.item()?, 7i64);
    /// assert_eq!(a.sum(Some(0))?.to_vec()?, vec![1, 6]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn sum(&self, axis: Option<isize>) -> Result<Array<super::SumOut<T>>>
    where
        T: crate::reduce::SumDType,
        super::SumOut<T>: SparseDType,
    {
        self.tocsr()?.sum(axis)
    }

    /// SciPy's `trace(offset)`: the sum of [`diagonal`](Self::diagonal)`(offset)`, in the
    /// dtype of [`sum`](Self::sum).
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::DiaArray;
    /// let d = Array::from_vec(&Device::cpu(), &[2, 2], vec![1u8, 2, 3, 4])?;
    /// let a = DiaArray::<u8>::from_dense(&d)?;
    /// assert_eq!((a.trace(0)?.item()?, a.trace(1)?.item()?), (5u64, 2u64));
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn trace(&self, offset: isize) -> Result<Array<super::SumOut<T>>>
    where
        T: crate::reduce::SumDType,
    {
        crate::reduce::sum(&self.diagonal(offset)?).run()
    }
}

impl<T: SparseDType + Numeric, I: SparseIndex> DiaArray<T, I> {
    /// SciPy's `A @ x` of a vector `x` of `[n]` (`dia_matvec`): `y` from zeros, each stored
    /// diagonal in storage order adding `data[k, j] * x[j]` to `y[j - offsets[k]]` (a product
    /// and a sum over the diagonal's slices), so each `y[i]` sums in SciPy's order; stored zeros multiply too
    /// (`0 * inf` is NaN, as in SciPy). A matrix `x` goes through [`tocsr`](Self::tocsr).
    pub fn dot(&self, x: &Array<T>) -> Result<Array<T>> {
        let [m, n] = self.shape;
        check_device("dia_array @ x", &self.device(), &[x.device()])?;
        match x.shape() {
            [k] if *k == n => {}
            [k, _] if *k == n => return self.tocsr()?.dot(x),
            s => {
                return Err(Error::ShapeMismatch {
                    op: "dia_array @ x: dimension mismatch".into(),
                    expected: vec![n],
                    found: s.to_vec(),
                })
            }
        }
        let mut y = Array::<T>::zeros(&self.device(), &[m])?;
        for k in 0..self.offs.len() {
            let (j0, j1) = self.span(k);
            if j1 == j0 {
                continue;
            }
            let o = self.offs[k] as isize;
            let (a, b) = (j0 as isize, j1 as isize);
            let d = self.data.slice(s![k as isize, a..b])?;
            let xs = x.slice(s![a..b])?;
            let ys = y.slice(s![a - o..b - o])?;
            let sum = T::add(&ys, &T::multiply(&d, &xs)?)?;
            y.assign_at(s![a - o..b - o], &sum)?;
        }
        Ok(y)
    }
}

impl<T: SparseDType, I: SparseIndex> CooArray<T, I> {
    /// SciPy's `todia()`: duplicates summed, one stored diagonal per distinct `col - row`
    /// (sorted), `data` of `max(col) + 1` columns (`[0, 0]` without stored values). Stored
    /// zeros keep their diagonals, as in SciPy.
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CooArray;
    /// let dev = Device::cpu();
    /// let d = Array::from_vec(&dev, &[2, 3], vec![1.0f64, 0.0, 2.0, 0.0, 3.0, 0.0])?;
    /// let a = CooArray::<f64>::from_dense(&d)?.todia()?;
    /// assert_eq!(a.offsets().to_vec()?, vec![0, 2]);
    /// assert_eq!(a.data().to_vec()?, vec![1.0, 3.0, 0.0, 0.0, 0.0, 2.0]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn todia(&self) -> Result<DiaArray<T, I>> {
        let mut c = self.clone();
        c.sum_duplicates()?;
        let dev = c.device();
        if c.nnz() == 0 {
            let data = Array::<T>::zeros(&dev, &[0, 0])?;
            let offsets = Array::<I>::zeros(&dev, &[0])?;
            return DiaArray::new(&data, &offsets, c.shape());
        }
        let row = c.row().astype::<i64>()?;
        let col = c.col().astype::<i64>()?;
        let ks = (&col - &row).eval()?;
        let diags = unique(&ks)?;
        let l = crate::reduce::max(&col).run()?.item()? as usize + 1;
        let nd = diags.len();
        let idx = searchsorted(&diags, &ks, Side::Left)?;
        let flat = (&idx * l as i64 + &col).eval()?;
        let len = nd
            .checked_mul(l)
            .ok_or_else(|| Error::invalid("todia: the data array's size overflows"))?;
        let mut data = Array::<T>::zeros(&dev, &[len])?;
        put(&mut data, &flat, c.data(), TakeMode::Raise)?;
        let offs: Vec<I> = diags.to_vec()?.into_iter().map(|o| o.cast::<I>()).collect();
        let offsets = Array::from_vec(&dev, &[nd], offs)?;
        DiaArray::new(&data.reshape(&[nd, l])?, &offsets, c.shape())
    }
}

impl<T: SparseDType, I: SparseIndex> CsrArray<T, I> {
    /// SciPy's `todia()`: `tocoo().todia()`.
    pub fn todia(&self) -> Result<DiaArray<T, I>> {
        self.tocoo()?.todia()
    }
}

impl<T: SparseDType, I: SparseIndex> CscArray<T, I> {
    /// SciPy's `todia()`: `tocoo().todia()`.
    pub fn todia(&self) -> Result<DiaArray<T, I>> {
        self.tocoo()?.todia()
    }
}

/// SciPy's `diags_array(diagonals, offsets=offsets, shape=shape, format="dia")`: the
/// diagonals laid out as SciPy lays them (`data` of `[len(offsets), M]`, `M` the largest
/// `min(m + k, n - k) + max(0, k)`, diagonal `j` at columns `max(0, k)..` of its row, cut
/// to its place or repeated when of one element); stored zeros kept. The same errors as
/// [`diags`](super::diags).
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sparse::diags_dia;
/// let dev = Device::cpu();
/// let main = Array::from_vec(&dev, &[3], vec![2.0f64, 2.0, 2.0])?;
/// let up = Array::from_vec(&dev, &[1], vec![-1.0f64])?;
/// let a = diags_dia::<f64, i32>(&dev, &[main, up], &[0, 1], None)?;
/// assert_eq!(a.data().to_vec()?, vec![2.0, 2.0, 2.0, 0.0, -1.0, -1.0]);
/// assert_eq!(a.toarray()?.to_vec()?, vec![2.0, -1.0, 0.0, 0.0, 2.0, -1.0, 0.0, 0.0, 2.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn diags_dia<T: SparseDType, I: SparseIndex>(
    dev: &Device,
    diagonals: &[Array<T>],
    offsets: &[isize],
    shape: Option<[usize; 2]>,
) -> Result<DiaArray<T, I>> {
    // The checks and the shape are `diags`'s (it fails on the same inputs).
    let [m, n] = super::diags::<T, I>(dev, diagonals, offsets, shape)?.shape();
    let (mi, ni) = (m as i128, n as i128);
    let width = offsets
        .iter()
        .map(|&k| {
            let k = k as i128;
            (mi + k).min(ni - k) + k.max(0)
        })
        .max()
        .unwrap_or(0)
        .max(0) as usize;
    let nd = offsets.len();
    let mut data = Array::<T>::zeros(dev, &[nd, width])?;
    for (j, (d, &k)) in diagonals.iter().zip(offsets).enumerate() {
        let ki = k as i128;
        let start = ki.max(0) as isize;
        let length = (mi + ki).min(ni - ki).min(mi.min(ni)).max(0) as isize;
        if length == 0 {
            continue;
        }
        let d = d.reshape(&[d.len()])?;
        let src = if d.len() == 1 {
            d.broadcast_to(&[length as usize])?
        } else {
            d.slice(s![..length])?
        };
        data.assign_at(s![j as isize, start..start + length], &src)?;
    }
    let offs: Vec<I> = offsets.iter().map(|&k| (k as i64).cast::<I>()).collect();
    let offsets = Array::from_vec(dev, &[nd], offs)?;
    DiaArray::new(&data, &offsets, [m, n])
}
