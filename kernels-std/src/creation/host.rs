//! Arrays from host data: iterators, and `ndarray` arrays both ways (cargo feature `ndarray`,
//! on by default).

use array_runtime::cpu::host_vec;
use array_runtime::{Array, DType, Device, Error, Result};

/// A 1-d array of the items of `iter` on `device` (NumPy's `fromiter`).
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::creation::fromiter;
/// let a = fromiter(&Device::cpu(), (0..4).map(|i| i * i))?;
/// assert_eq!(a.to_vec()?, vec![0i32, 1, 4, 9]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn fromiter<T: DType>(device: &Device, iter: impl IntoIterator<Item = T>) -> Result<Array<T>> {
    let data: Vec<T> = iter.into_iter().collect();
    Array::from_vec(device, &[data.len()], data)
}

/// A 2-d array from its rows (NumPy's `np.array([[..], [..]])`): `rows.len()` rows of the
/// common row length. Rows of different lengths (a ragged list, which NumPy rejects too) are
/// an error.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::creation::from_rows;
/// let dev = Device::cpu();
/// let a = from_rows(&dev, &[[1u8, 2, 3], [4, 5, 6]])?;
/// assert_eq!(a.shape(), &[2, 3]);
/// assert!(from_rows(&dev, &[vec![1.0f32], vec![2.0, 3.0]]).is_err());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn from_rows<T: DType, R: AsRef<[T]>>(device: &Device, rows: &[R]) -> Result<Array<T>> {
    let cols = rows.first().map_or(0, |r| r.as_ref().len());
    // Sized before the rows are checked: fallibly, as the first row may lie about the rest.
    let n = rows.len().checked_mul(cols).ok_or_else(|| Error::TooBig {
        shape: vec![rows.len(), cols],
        itemsize: T::ID.size(),
    })?;
    let mut data = host_vec::with_capacity(n)?;
    for (i, r) in rows.iter().enumerate() {
        let r = r.as_ref();
        if r.len() != cols {
            return Err(Error::invalid(format!(
                "from_rows: row {i} has {} elements, row 0 has {cols} (a ragged list)",
                r.len()
            )));
        }
        data.extend_from_slice(r);
    }
    Array::from_vec(device, &[rows.len(), cols], data)
}

/// An array on `device` with the shape and elements (in logical C order, whatever the
/// memory layout) of an `ndarray` array or view.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::creation::from_ndarray;
/// let m = ndarray::arr2(&[[1.0f32, 2.0], [3.0, 4.0]]);
/// let a = from_ndarray(&Device::cpu(), &m.t())?;
/// assert_eq!(a.shape(), &[2, 2]);
/// assert_eq!(a.to_vec()?, vec![1.0, 3.0, 2.0, 4.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
#[cfg(feature = "ndarray")]
pub fn from_ndarray<T, S, D>(device: &Device, a: &ndarray::ArrayBase<S, D>) -> Result<Array<T>>
where
    T: DType,
    S: ndarray::Data<Elem = T>,
    D: ndarray::Dimension,
{
    let data = match a.as_slice() {
        Some(s) => return Array::from_slice(device, a.shape(), s),
        // A broadcast ndarray view can have more elements than memory holds.
        None => host_vec::collect(a.iter().copied())?,
    };
    Array::from_vec(device, a.shape(), data)
}

/// The elements of `a` (copied to the host) as an `ndarray` array of dynamic dimension;
/// `.into_dimensionality::<ndarray::Ix2>()` gives a fixed one.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::creation::to_ndarray;
/// let a = Array::from_vec(&Device::cpu(), &[2, 3], (0..6).collect::<Vec<i64>>())?;
/// let m = to_ndarray(&a.t())?;
/// assert_eq!(m.shape(), &[3, 2]);
/// assert_eq!(m[[2, 1]], 5);
/// # Ok::<(), kernels_std::Error>(())
/// ```
#[cfg(feature = "ndarray")]
pub fn to_ndarray<T: DType>(a: &Array<T>) -> Result<ndarray::ArrayD<T>> {
    let data = a.to_vec()?;
    ndarray::ArrayD::from_shape_vec(ndarray::IxDyn(a.shape()), data).map_err(|e| {
        Error::invalid(format!(
            "to_ndarray: shape {:?} rejected by ndarray: {e}",
            a.shape()
        ))
    })
}
