//! SciPy's elementwise methods of the stored values: `power(n)` (of the values with
//! duplicates summed; `n` nonzero) and `conj`/`conjugate` (complex values conjugated; a copy
//! for real ones), for CSR, CSC, COO and DIA. The structure is kept; the values are
//! computed by the crate's `power` and `conjugate` kernels.

use super::compressed::Compressed;
use super::coo::CooArray;
use super::csc::CscArray;
use super::csr::CsrArray;
use super::dia::DiaArray;
use super::dtypes::{SparseDType, SparseIndex};
use crate::math::{Conjugate, Power};
use crate::prelude::*;

/// SciPy's `NotImplementedError` for `power(0)`.
fn check_exponent<T: SparseDType>(what: &str, n: T) -> Result<()> {
    if n == T::default() {
        return Err(Error::invalid(format!(
            "{what}: zero power is not supported as it would densify the matrix (use a dense \
             array of ones)"
        )));
    }
    Ok(())
}

/// `c` with duplicates summed, its values raised to `n`.
fn power_of<T: SparseDType + Power<Out = T>, I: SparseIndex>(
    what: &str,
    c: &Compressed<T, I>,
    n: T,
) -> Result<Compressed<T, I>> {
    check_exponent(what, n)?;
    let mut c = c.clone();
    c.sum_duplicates()?;
    let data = crate::math::power(&c.data, &Array::scalar(&c.data.device(), n)?)?;
    Ok(c.with_data(data))
}

impl<T: SparseDType, I: SparseIndex> CsrArray<T, I> {
    /// SciPy's `power(n)`: each value (duplicates summed first, so the result is canonical)
    /// raised to `n`, NumPy's `power` of the dtype (integers wrap; a negative exponent of
    /// an integer array is an error, as NumPy's). `n` has the array's dtype (SciPy would
    /// promote an integer array by a float exponent). `n == 0` is an error, as in SciPy
    /// (the result would be dense).
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CsrArray;
    /// let d = Array::from_vec(&Device::cpu(), &[1, 3], vec![2i32, 0, -3])?;
    /// let a = CsrArray::<i32>::from_dense(&d)?;
    /// assert_eq!(a.power(3)?.toarray()?.to_vec()?, vec![8, 0, -27]);
    /// assert!(a.power(0).is_err());
    /// assert!(a.power(-1).is_err());
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn power(&self, n: T) -> Result<Self>
    where
        T: Power<Out = T>,
    {
        Ok(CsrArray {
            inner: power_of("csr_array.power", &self.inner, n)?,
        })
    }

    /// SciPy's `conjugate()`: the values conjugated (a copy for a real dtype), the
    /// structure kept.
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::c64;
    /// use kernels_std::sparse::CsrArray;
    /// let d = Array::from_vec(&Device::cpu(), &[1, 2], vec![c64::new(1.0, 2.0), c64::new(0.0, 0.0)])?;
    /// let a = CsrArray::<c64>::from_dense(&d)?.conjugate()?;
    /// assert_eq!(a.data().to_vec()?, vec![c64::new(1.0, -2.0)]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn conjugate(&self) -> Result<Self>
    where
        T: Conjugate,
    {
        Ok(CsrArray {
            inner: self.inner.map_data(crate::math::conjugate)?,
        })
    }

    /// SciPy's `conj()`: [`CsrArray::conjugate`].
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CsrArray;
    /// let d = Array::from_vec(&Device::cpu(), &[1, 2], vec![1.5f64, 0.0])?;
    /// assert_eq!(CsrArray::<f64>::from_dense(&d)?.conj()?.data().to_vec()?, vec![1.5]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn conj(&self) -> Result<Self>
    where
        T: Conjugate,
    {
        self.conjugate()
    }
}

impl<T: SparseDType, I: SparseIndex> CscArray<T, I> {
    /// SciPy's `power(n)`: see [`CsrArray::power`].
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CscArray;
    /// let d = Array::from_vec(&Device::cpu(), &[2, 1], vec![4.0f64, 0.0])?;
    /// assert_eq!(CscArray::<f64>::from_dense(&d)?.power(0.5)?.toarray()?.to_vec()?, vec![2.0, 0.0]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn power(&self, n: T) -> Result<Self>
    where
        T: Power<Out = T>,
    {
        Ok(CscArray {
            inner: power_of("csc_array.power", &self.inner, n)?,
        })
    }

    /// SciPy's `conjugate()`: see [`CsrArray::conjugate`].
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::c128;
    /// use kernels_std::sparse::CscArray;
    /// let d = Array::from_vec(&Device::cpu(), &[1, 1], vec![c128::new(0.0, -1.0)])?;
    /// let a = CscArray::<c128>::from_dense(&d)?.conjugate()?;
    /// assert_eq!(a.data().to_vec()?, vec![c128::new(0.0, 1.0)]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn conjugate(&self) -> Result<Self>
    where
        T: Conjugate,
    {
        Ok(CscArray {
            inner: self.inner.map_data(crate::math::conjugate)?,
        })
    }

    /// SciPy's `conj()`: [`CscArray::conjugate`].
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CscArray;
    /// let d = Array::from_vec(&Device::cpu(), &[1, 1], vec![3i64])?;
    /// assert_eq!(CscArray::<i64>::from_dense(&d)?.conj()?.data().to_vec()?, vec![3]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn conj(&self) -> Result<Self>
    where
        T: Conjugate,
    {
        self.conjugate()
    }
}

impl<T: SparseDType, I: SparseIndex> CooArray<T, I> {
    /// SciPy's `power(n)`: see [`CsrArray::power`]. The entries are those of
    /// `sum_duplicates()` (sorted by row, then column), the result marked not canonical
    /// as SciPy's.
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CooArray;
    /// let dev = Device::cpu();
    /// let data = Array::from_vec(&dev, &[2], vec![1.0f32, 2.0])?;
    /// let idx = Array::from_vec(&dev, &[2], vec![0i32, 0])?;
    /// let a = CooArray::new(&data, &idx, &idx, [1, 1])?.power(2.0)?;
    /// assert_eq!(a.data().to_vec()?, vec![9.0]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn power(&self, n: T) -> Result<Self>
    where
        T: Power<Out = T>,
    {
        check_exponent("coo_array.power", n)?;
        let mut c = self.clone();
        c.sum_duplicates()?;
        let data = crate::math::power(c.data(), &Array::scalar(&c.device(), n)?)?;
        Ok(CooArray::trusted(
            data,
            c.row().clone(),
            c.col().clone(),
            c.shape(),
            false,
        ))
    }

    /// SciPy's `conjugate()`: see [`CsrArray::conjugate`]; not canonical, as SciPy's.
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::c64;
    /// use kernels_std::sparse::CooArray;
    /// let d = Array::from_vec(&Device::cpu(), &[1, 1], vec![c64::new(2.0, 5.0)])?;
    /// let a = CooArray::<c64>::from_dense(&d)?.conjugate()?;
    /// assert_eq!(a.data().to_vec()?, vec![c64::new(2.0, -5.0)]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn conjugate(&self) -> Result<Self>
    where
        T: Conjugate,
    {
        Ok(CooArray::trusted(
            crate::math::conjugate(self.data())?,
            self.row().clone(),
            self.col().clone(),
            self.shape(),
            false,
        ))
    }

    /// SciPy's `conj()`: [`CooArray::conjugate`].
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::CooArray;
    /// let d = Array::from_vec(&Device::cpu(), &[1, 1], vec![2.0f64])?;
    /// assert_eq!(CooArray::<f64>::from_dense(&d)?.conj()?.data().to_vec()?, vec![2.0]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn conj(&self) -> Result<Self>
    where
        T: Conjugate,
    {
        self.conjugate()
    }
}

impl<T: SparseDType, I: SparseIndex> DiaArray<T, I> {
    /// SciPy's `power(n)` of `dia_array`: every slot of `data` raised to `n` (the offsets
    /// kept); see [`CsrArray::power`].
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::DiaArray;
    /// let d = Array::from_vec(&Device::cpu(), &[2, 2], vec![2.0f64, 0.0, 0.0, 3.0])?;
    /// let a = DiaArray::<f64>::from_dense(&d)?.power(2.0)?;
    /// assert_eq!(a.toarray()?.to_vec()?, vec![4.0, 0.0, 0.0, 9.0]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn power(&self, n: T) -> Result<Self>
    where
        T: Power<Out = T>,
    {
        check_exponent("dia_array.power", n)?;
        DiaArray::new(
            &crate::math::power(self.data(), &Array::scalar(&self.device(), n)?)?,
            self.offsets(),
            self.shape(),
        )
    }

    /// SciPy's `conjugate()` of `dia_array`: `data` conjugated (a copy for a real dtype).
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::c64;
    /// use kernels_std::sparse::DiaArray;
    /// let d = Array::from_vec(&Device::cpu(), &[1, 1], vec![c64::new(1.0, 1.0)])?;
    /// let a = DiaArray::<c64>::from_dense(&d)?.conjugate()?;
    /// assert_eq!(a.toarray()?.to_vec()?, vec![c64::new(1.0, -1.0)]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn conjugate(&self) -> Result<Self>
    where
        T: Conjugate,
    {
        DiaArray::new(
            &crate::math::conjugate(self.data())?,
            self.offsets(),
            self.shape(),
        )
    }

    /// SciPy's `conj()`: [`DiaArray::conjugate`].
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::sparse::DiaArray;
    /// let d = Array::from_vec(&Device::cpu(), &[1, 1], vec![4i32])?;
    /// assert_eq!(DiaArray::<i32>::from_dense(&d)?.conj()?.toarray()?.to_vec()?, vec![4]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn conj(&self) -> Result<Self>
    where
        T: Conjugate,
    {
        self.conjugate()
    }
}
