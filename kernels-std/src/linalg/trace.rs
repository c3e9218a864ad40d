//! `trace` and `diagonal`: sums along diagonals, and the diagonals themselves as views.

use array_runtime::{Array, Error, Result};

use super::scalar::LinalgScalar;
use super::views;
use crate::reduce::{SumAs, SumDType};

/// Checks and normalizes the two axes of a diagonal.
fn diagonal_axes(
    op: &str,
    a: &Array<impl LinalgScalar>,
    axis1: isize,
    axis2: isize,
) -> Result<(usize, usize)> {
    if a.ndim() < 2 {
        return Err(Error::invalid(format!(
            "{op}: needs an array of at least two dimensions, got shape {:?}",
            a.shape()
        )));
    }
    let (x, y) = (
        views::axis(op, axis1, a.shape())?,
        views::axis(op, axis2, a.shape())?,
    );
    if x == y {
        return Err(Error::invalid(format!(
            "{op}: axis1 and axis2 cannot be the same (both {x}, shape {:?})",
            a.shape()
        )));
    }
    Ok((x, y))
}

/// NumPy's `diagonal(a, offset, axis1, axis2)`: the diagonal over two axes, as a view (no
/// copy) whose last dimension runs along the diagonal and whose others are `a`'s remaining
/// ones. `offset > 0` is above the main diagonal, `< 0` below; past the edge it is empty.
///
/// ```
/// use kernels_std::linalg::diagonal;
/// use kernels_std::{Array, Device};
/// let a = Array::from_vec(&Device::cpu(), &[2, 3], (0..6).collect::<Vec<i32>>())?;
/// assert_eq!(diagonal(&a, 0, 0, 1)?.to_vec()?, vec![0, 4]);
/// assert_eq!(diagonal(&a, 1, 0, 1)?.to_vec()?, vec![1, 5]);
/// assert_eq!(diagonal(&a, -1, 0, 1)?.to_vec()?, vec![3]);
/// assert_eq!(diagonal(&a, 5, 0, 1)?.shape(), &[0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn diagonal<T: LinalgScalar>(
    a: &Array<T>,
    offset: isize,
    axis1: isize,
    axis2: isize,
) -> Result<Array<T>> {
    let (x, y) = diagonal_axes("diagonal", a, axis1, axis2)?;
    views::diagonal_view(a, offset, x, y)
}

/// NumPy's `trace(a)`: the sum of the main diagonal of the first two axes.
///
/// Integers narrower than 64 bits are summed and returned as `i64` (unsigned: `u64`), as NumPy
/// does ([`SumDType`]). See [`trace_with`] for the offset and axes.
///
/// ```
/// use kernels_std::linalg::trace;
/// use kernels_std::{Array, Device};
/// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![100i8, 1, 2, 100])?;
/// let t: i64 = trace(&a)?.item()?;    // no int8 overflow
/// assert_eq!(t, 200);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn trace<T: LinalgScalar + SumDType>(a: &Array<T>) -> Result<Array<T::Out>> {
    trace_with(a, 0, 0, 1)
}

/// NumPy's `trace(a, offset, axis1, axis2)`: sums along the diagonal of `axis1` and `axis2`
/// (see [`diagonal`]); the result has `a`'s other dimensions (0-d for a matrix). The sum is
/// [`sum`](crate::reduce::sum) over the diagonal view (NumPy's pairwise order for floats), on
/// the array's device.
///
/// ```
/// use kernels_std::linalg::trace_with;
/// use kernels_std::{Array, Device};
/// let a = Array::from_vec(&Device::cpu(), &[2, 2, 3], (0..12).map(|x| x as f64).collect())?;
/// assert_eq!(trace_with(&a, 0, 0, 1)?.to_vec()?, vec![9.0, 11.0, 13.0]);
/// assert_eq!(trace_with(&a, 1, 1, 2)?.to_vec()?, vec![6.0, 18.0]);
/// assert!(trace_with(&a, 0, 1, -2).is_err());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn trace_with<T: LinalgScalar + SumDType>(
    a: &Array<T>,
    offset: isize,
    axis1: isize,
    axis2: isize,
) -> Result<Array<T::Out>> {
    let (x, y) = diagonal_axes("trace", a, axis1, axis2)?;
    let d = views::diagonal_view(a, offset, x, y)?;
    crate::reduce::sum(&d).axis(-1).run()
}

/// NumPy's `trace(a, offset, axis1, axis2, dtype=U)`: [`trace_with`] with the diagonal's
/// elements converted to `U` and summed in it ([`sum_as`](crate::reduce::sum_as): integers
/// wrap at `U`'s width).
///
/// ```
/// use kernels_std::linalg::trace_as;
/// use kernels_std::{Array, Device};
/// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![100i32, 1, 2, 100])?;
/// assert_eq!(trace_as::<i8, _>(&a, 0, 0, 1)?.item()?, -56);
/// assert_eq!(trace_as::<f64, _>(&a, 1, 0, 1)?.item()?, 1.0);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn trace_as<U: SumAs, T: LinalgScalar>(
    a: &Array<T>,
    offset: isize,
    axis1: isize,
    axis2: isize,
) -> Result<Array<U>> {
    let (x, y) = diagonal_axes("trace", a, axis1, axis2)?;
    let d = views::diagonal_view(a, offset, x, y)?;
    crate::reduce::sum_as::<U, T>(&d).axis(-1).run()
}
