//! SciPy's `max`, `min` and `mean` of sparse arrays (CSR, CSC, COO; `mean` of DIA too). The
//! implicit zeros count: a line (or the array) with fewer stored values than positions has a
//! zero among its elements. NaN propagates, as NumPy's `maximum`/`minimum`.

use super::compressed::Compressed;
use super::coo::CooArray;
use super::csc::CscArray;
use super::csr::CsrArray;
use super::dia::DiaArray;
use super::dtypes::{SparseDType, SparseIndex};
use super::normalize_axis;
use crate::math::Extremum;
use crate::ops::Numeric;
use crate::prelude::*;
use crate::reduce::{ExtremaDType, MeanOf, SumDType};
use crate::sort::compact::per_element;

/// The element types of [`CsrArray::max`] and [`CsrArray::min`]: the integers, `f32` and
/// `f64` (SciPy's complex maxima, in NumPy's lexicographic order, are not provided).
pub trait SparseExtrema: SparseDType + Num + ExtremaDType + Extremum {}
impl<T: SparseDType + Num + ExtremaDType + Extremum> SparseExtrema for T {}

/// `out[m]`: the largest (`is_max == 1`) or smallest value of line `m`, counting an implicit
/// zero when the line holds fewer than `minor` values (the lines are canonical), NaN
/// propagated as NumPy's `maximum`; a zero result is written as `zero` (SciPy drops it, so
/// its dense form is `+0`). One thread per line.
#[raw_kernel]
#[allow(clippy::eq_op)]
pub(crate) fn line_max_min<T: Num, P: Int>(
    indptr: &[P],
    data: &[T],
    out: &mut [T],
    minor: usize,
    is_max: u32,
    zero: T,
) {
    let m = block_idx().x as usize * block_dim().x as usize + thread_idx().x as usize;
    if m < out.len() {
        let start = indptr[m].cast::<u64>() as usize;
        let end = indptr[m + 1].cast::<u64>() as usize;
        let mut acc = zero;
        if end > start {
            acc = data[start];
            let mut j = start + 1;
            // One pass over the values, then the implicit zero when the line is not full.
            while j <= end {
                let mut v = zero;
                if j < end {
                    v = data[j];
                }
                if j < end || end - start < minor {
                    let mut better = v < acc;
                    if is_max == 1 {
                        better = v > acc;
                    }
                    if acc == acc && (better || v != v) {
                        acc = v;
                    }
                }
                j += 1;
            }
        }
        if acc == zero {
            acc = zero;
        }
        out[m] = acc;
    }
}

/// `max` (`is_max`) or `min` of `c`, whose lines run along axis `line_axis` of the `shape`
/// array (CSR: 1, CSC: 0), over `axis`, as SciPy's `_min_or_max`.
fn extremum<T: SparseExtrema, I: SparseIndex>(
    c: &Compressed<T, I>,
    shape: [usize; 2],
    line_axis: usize,
    axis: Option<isize>,
    is_max: bool,
) -> Result<Array<T>> {
    let name = if is_max { "max" } else { "min" };
    let axis = normalize_axis(axis)?;
    let empty = match axis {
        None => shape[0] == 0 || shape[1] == 0,
        Some(a) => shape[a] == 0,
    };
    if empty {
        return Err(Error::invalid(format!(
            "sparse {name}: zero-size array to reduction operation"
        )));
    }
    let mut lines = c.clone();
    if axis.is_some_and(|a| a != line_axis) {
        lines = lines.swap_axes()?;
    }
    lines.sum_duplicates()?;
    let dev = lines.data.device();
    let Some(_) = axis else {
        let zero = Array::scalar(&dev, T::default())?;
        if lines.data.is_empty() {
            return Ok(zero);
        }
        let m = if is_max {
            crate::reduce::max(&lines.data).run()?
        } else {
            crate::reduce::min(&lines.data).run()?
        };
        if lines.data.len() as u128 == shape[0] as u128 * shape[1] as u128 {
            return Ok(m);
        }
        return if is_max {
            crate::math::maximum(&zero, &m)
        } else {
            crate::math::minimum(&zero, &m)
        };
    };
    let mut out = Array::<T>::zeros(&dev, &[lines.majors])?;
    if lines.majors > 0 {
        line_max_min::launch::<T, I>(
            &per_element(lines.majors)?,
            &lines.indptr,
            &lines.data,
            &mut out,
            lines.minor as u64,
            u32::from(is_max),
            T::default(),
        )?;
    }
    Ok(out)
}

/// The element types of `mean`, each with the dtype of its mean (NumPy's: `f64` for the
/// integers, else the type itself).
pub trait SparseMean: SparseDType {
    /// The dtype of the mean.
    type Out: SparseDType + SumDType<Out = Self::Out> + Numeric;
}
impl<T: SparseDType + MeanOf> SparseMean for T
where
    <T as MeanOf>::Out: SparseDType + SumDType<Out = <T as MeanOf>::Out> + Numeric,
{
    type Out = <T as MeanOf>::Out;
}

/// SciPy's `mean(axis)` of `c` (lines along `line_axis` of `shape`): the values in the mean's
/// dtype, multiplied by `1 / n` (`n` the number of elements reduced), then summed.
fn mean<T: SparseMean, I: SparseIndex>(
    c: &Compressed<T, I>,
    shape: [usize; 2],
    line_axis: usize,
    axis: Option<isize>,
) -> Result<Array<<T as SparseMean>::Out>> {
    let axis = normalize_axis(axis)?;
    let denom = match axis {
        None => shape[0] as f64 * shape[1] as f64,
        Some(a) => shape[a] as f64,
    };
    if denom == 0.0 {
        return Err(Error::invalid(
            "sparse mean: the mean of zero elements (SciPy raises ZeroDivisionError)",
        ));
    }
    let dev = c.data.device();
    let inter = c.map_data(|d| d.astype::<<T as SparseMean>::Out>())?;
    let scale = Array::scalar(&dev, 1.0 / denom)?.astype::<<T as SparseMean>::Out>()?;
    let scaled = inter.with_data(<T as SparseMean>::Out::multiply(&inter.data, &scale)?);
    match axis {
        None => crate::reduce::sum(&scaled.data).run(),
        Some(a) if a == line_axis => scaled.line_sums(),
        Some(_) => scaled.swap_axes()?.line_sums(),
    }
}

impl<T: SparseDType, I: SparseIndex> CsrArray<T, I> {
    /// SciPy's `max(axis)`: `None` gives a 0-d array, `0` the `[cols]` maxima of the columns,
    /// `1` (or `-1`) those of the rows. Implicit zeros count (a row with an unstored
    /// position has a maximum of at least 0); NaN propagates; duplicates are summed first.
    /// SciPy returns a 1-d `coo_array` along an axis: here its dense form. Errors: an axis
    /// other than `None`, 0, 1, -1, -2; a reduction over an empty axis.
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CsrArray;
    /// let d = Array::from_vec(&Device::cpu(), &[2, 3], vec![-1.0f64, 0.0, 2.0, -3.0, -4.0, -5.0])?;
    /// let a = CsrArray::<f64>::from_dense(&d)?;
    /// assert_eq!(a.max(None)?.item()?, 2.0);
    /// assert_eq!(a.max(Some(0))?.to_vec()?, vec![-1.0, 0.0, 2.0]);
    /// assert_eq!(a.max(Some(1))?.to_vec()?, vec![2.0, -3.0]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn max(&self, axis: Option<isize>) -> Result<Array<T>>
    where
        T: SparseExtrema,
    {
        extremum(&self.inner, self.shape(), 1, axis, true)
    }

    /// SciPy's `min(axis)`: see [`CsrArray::max`].
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CsrArray;
    /// let d = Array::from_vec(&Device::cpu(), &[2, 2], vec![3i32, 1, 0, 4])?;
    /// let a = CsrArray::<i32>::from_dense(&d)?;
    /// assert_eq!(a.min(None)?.item()?, 0);
    /// assert_eq!(a.min(Some(1))?.to_vec()?, vec![1, 0]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn min(&self, axis: Option<isize>) -> Result<Array<T>>
    where
        T: SparseExtrema,
    {
        extremum(&self.inner, self.shape(), 1, axis, false)
    }

    /// SciPy's `mean(axis)`: the sum of the values times `1 / n` (`n` the number of elements
    /// reduced, implicit zeros included), in `f64` for integers (else the dtype); `None`
    /// gives a 0-d array, an axis a dense 1-d one. An axis of length 0 is an error (SciPy
    /// divides by zero).
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CsrArray;
    /// let d = Array::from_vec(&Device::cpu(), &[2, 2], vec![1i32, 0, 2, 5])?;
    /// let a = CsrArray::<i32>::from_dense(&d)?;
    /// assert_eq!(a.mean(None)?.item()?, 2.0f64);
    /// assert_eq!(a.mean(Some(0))?.to_vec()?, vec![1.5, 2.5]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn mean(&self, axis: Option<isize>) -> Result<Array<<T as SparseMean>::Out>>
    where
        T: SparseMean,
    {
        mean(&self.inner, self.shape(), 1, axis)
    }
}

impl<T: SparseDType, I: SparseIndex> CscArray<T, I> {
    /// SciPy's `max(axis)`: see [`CsrArray::max`].
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CscArray;
    /// let d = Array::from_vec(&Device::cpu(), &[2, 2], vec![-1.0f32, 2.0, -3.0, 0.0])?;
    /// let a = CscArray::<f32>::from_dense(&d)?;
    /// assert_eq!(a.max(Some(0))?.to_vec()?, vec![-1.0, 2.0]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn max(&self, axis: Option<isize>) -> Result<Array<T>>
    where
        T: SparseExtrema,
    {
        extremum(&self.inner, self.shape(), 0, axis, true)
    }

    /// SciPy's `min(axis)`: see [`CsrArray::max`].
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CscArray;
    /// let d = Array::from_vec(&Device::cpu(), &[2, 2], vec![1.0f64, 2.0, 3.0, 4.0])?;
    /// assert_eq!(CscArray::<f64>::from_dense(&d)?.min(Some(1))?.to_vec()?, vec![1.0, 3.0]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn min(&self, axis: Option<isize>) -> Result<Array<T>>
    where
        T: SparseExtrema,
    {
        extremum(&self.inner, self.shape(), 0, axis, false)
    }

    /// SciPy's `mean(axis)`: see [`CsrArray::mean`].
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CscArray;
    /// let d = Array::from_vec(&Device::cpu(), &[1, 4], vec![1.0f32, 0.0, 0.0, 3.0])?;
    /// assert_eq!(CscArray::<f32>::from_dense(&d)?.mean(None)?.item()?, 1.0);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn mean(&self, axis: Option<isize>) -> Result<Array<<T as SparseMean>::Out>>
    where
        T: SparseMean,
    {
        mean(&self.inner, self.shape(), 0, axis)
    }
}

impl<T: SparseDType, I: SparseIndex> CooArray<T, I> {
    /// SciPy's `max(axis)`: see [`CsrArray::max`] (duplicates summed first).
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CooArray;
    /// let dev = Device::cpu();
    /// let data = Array::from_vec(&dev, &[2], vec![-1i64, -2])?;
    /// let idx = Array::from_vec(&dev, &[2], vec![0i32, 0])?;
    /// let a = CooArray::new(&data, &idx, &idx, [1, 1])?; // one position: -3
    /// assert_eq!(a.max(None)?.item()?, -3);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn max(&self, axis: Option<isize>) -> Result<Array<T>>
    where
        T: SparseExtrema,
    {
        self.tocsr()?.max(axis)
    }

    /// SciPy's `min(axis)`: see [`CsrArray::max`].
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CooArray;
    /// let d = Array::from_vec(&Device::cpu(), &[1, 3], vec![2u8, 0, 7])?;
    /// assert_eq!(CooArray::<u8>::from_dense(&d)?.min(None)?.item()?, 0);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn min(&self, axis: Option<isize>) -> Result<Array<T>>
    where
        T: SparseExtrema,
    {
        self.tocsr()?.min(axis)
    }

    /// SciPy's `mean(axis)`: see [`CsrArray::mean`].
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CooArray;
    /// let d = Array::from_vec(&Device::cpu(), &[2, 1], vec![4u16, 0])?;
    /// assert_eq!(CooArray::<u16>::from_dense(&d)?.mean(Some(0))?.to_vec()?, vec![2.0]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn mean(&self, axis: Option<isize>) -> Result<Array<<T as SparseMean>::Out>>
    where
        T: SparseMean,
    {
        self.tocsr()?.mean(axis)
    }
}

impl<T: SparseDType, I: SparseIndex> DiaArray<T, I> {
    /// SciPy's `mean(axis)`: see [`CsrArray::mean`] (of `tocsr()`).
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::DiaArray;
    /// let d = Array::from_vec(&Device::cpu(), &[2, 2], vec![1.0f64, 0.0, 0.0, 3.0])?;
    /// assert_eq!(DiaArray::<f64>::from_dense(&d)?.mean(Some(1))?.to_vec()?, vec![0.5, 1.5]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn mean(&self, axis: Option<isize>) -> Result<Array<<T as SparseMean>::Out>>
    where
        T: SparseMean,
    {
        self.tocsr()?.mean(axis)
    }
}
