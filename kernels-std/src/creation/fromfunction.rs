//! NumPy's `fromfunction`: an array computed from its elements' indices.

use array_runtime::shape::checked_size_of;
use array_runtime::{Array, AsArray, DType, Device, Result};

use super::indices_sparse;

/// The result of `f` called with the index grids of `shape` (NumPy's `np.fromfunction`):
/// grid `k` holds each element's index along axis `k`, as `T` (NumPy's `dtype`, `float` by
/// default: name it on the closure's argument, `|i: &[Array<f64>]|`). The grids are views
/// of one index vector each, broadcast to `shape` (no memory beyond the vectors), so `f`
/// builds its result from them with the operators (a lazy [`Expr`](array_runtime::Expr),
/// evaluated here as one kernel) or with any routine; an [`Array`] is returned as it is.
/// As NumPy's, the result is whatever `f` makes of the grids: its shape need not be
/// `shape`. A 0-d `shape` passes no grid.
///
/// Errors: a shape with more elements than an array of `T` can hold; `f`'s error.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::creation::fromfunction;
/// let dev = Device::cpu();
/// // np.fromfunction(lambda i, j: 10 * i + j, (2, 3))
/// let a = fromfunction(&dev, &[2, 3], |g: &[Array<f64>]| Ok(&g[0] * 10.0 + &g[1]))?;
/// assert_eq!(a.to_vec()?, vec![0.0, 1.0, 2.0, 10.0, 11.0, 12.0]);
/// // np.fromfunction(lambda i, j: i == j, (2, 2), dtype=int)
/// let eye = fromfunction(&dev, &[2, 2], |g: &[Array<i64>]| kernels_std::equal(&g[0], &g[1]))?;
/// assert_eq!(eye.to_vec()?, vec![true, false, false, true]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn fromfunction<T, U, R, F>(device: &Device, shape: &[usize], f: F) -> Result<Array<U>>
where
    T: DType,
    U: DType,
    R: AsArray<U>,
    F: FnOnce(&[Array<T>]) -> Result<R>,
{
    checked_size_of(shape, T::ID.size())?;
    let grids = indices_sparse(device, shape)?
        .iter()
        .map(|g| g.astype::<T>()?.broadcast_to(shape))
        .collect::<Result<Vec<_>>>()?;
    let out = f(&grids)?;
    let a = out.as_array()?.into_owned();
    Ok(a)
}
