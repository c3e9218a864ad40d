//! Determinants from an LU factorization: NumPy's `det` and `slogdet`.
//!
//! `det(A) = (-1)^s prod(U[i, i])` with `s` the number of row interchanges. As NumPy does, the
//! determinant is formed from the sign and the sum of `log |U[i, i]|` (`det = sign *
//! exp(logabsdet)`), so `slogdet` and `det` agree and a singular matrix gives exactly 0.

use array_runtime::{Array, Result};
use kernel_macros::elementwise;

use super::float::{LinalgFloat, LinalgInput, RealLinalg};
use super::lapack::{self, check_square, split_shape};
use super::views::diagonal_view;

/// `-1` where pivot `i` interchanged two rows (`piv != i`), else `1`.
#[elementwise]
pub(crate) fn swap_sign<R: array_runtime::Float>(piv: i64, i: i64) -> R {
    if piv != i {
        (-1i32).cast::<R>()
    } else {
        1i32.cast::<R>()
    }
}

/// The sign and the logarithm of the modulus of the determinant of each square matrix, as
/// arrays of the batch shape; the sign is in the input's dtype (a complex number of modulus
/// one for complex matrices), 0 for a singular matrix (whose logarithm is `-inf`).
pub(crate) fn sign_logdet<T: LinalgFloat>(a: &Array<T>) -> Result<(Array<T>, Array<T::Re>)> {
    let n = check_square("slogdet", a)?;
    let dev = a.device();
    let (batch, _, _) = split_shape(a.shape());
    if n == 0 || a.is_empty() {
        let one = Array::full(&dev, batch, <T as super::LinalgScalar>::one())?;
        return Ok((one, Array::zeros(&dev, batch)?));
    }
    let (lu, piv) = lapack::lu(a)?;
    let nd = lu.ndim();
    let d = diagonal_view(&lu, 0, nd - 2, nd - 1)?;
    // log|d| summed; |d| = 0 gives -inf, as NumPy.
    let abs = T::abs_array(&d)?;
    let logabs = T::Re::sum_axes(&<T::Re as RealLinalg>::log(&abs)?, &[-1], false)?;
    // The sign: the parity of the interchanges times the product of d / |d| (0 when some
    // d is 0).
    let idx = crate::creation::kernels::indices(&dev, n)?;
    let swaps: Array<T::Re> = swap_sign::<T::Re>(&piv, &idx)?;
    let parity = T::Re::prod_axes(&swaps, &[-1], false)?;
    let unit = T::unit_array(&d)?;
    let sign = T::mul_elem(
        &T::prod_axes(&unit, &[-1], false)?,
        &T::from_re_array(&parity)?,
    )?;
    Ok((sign, logabs))
}

/// NumPy's `linalg.slogdet(a)`: `(sign, logabsdet)` of each square matrix of the stack
/// `(..., M, M)`: `det = sign * exp(logabsdet)` without overflow. For a singular matrix `sign`
/// is 0 and `logabsdet` is `-inf`; for a complex matrix `sign` has modulus 1. Integers are
/// computed in `f64`; `0 x 0` matrices give `(1, 0)`.
///
/// ```
/// use kernels_std::linalg::slogdet;
/// use kernels_std::prelude::*;
/// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![1.0f64, 2.0, 3.0, 4.0])?;
/// let (sign, logdet) = slogdet(&a)?;
/// assert_eq!(sign.item()?, -1.0);
/// assert!((logdet.item()? - 2f64.ln()).abs() < 1e-12);
/// # Ok::<(), kernels_std::Error>(())
/// ```
#[allow(clippy::type_complexity)]
pub fn slogdet<T: LinalgInput>(
    a: &Array<T>,
) -> Result<(Array<T::Float>, Array<<T::Float as LinalgFloat>::Re>)> {
    sign_logdet(&T::to_float(a)?)
}

/// NumPy's `linalg.det(a)`: the determinant of each square matrix of the stack `(..., M, M)`
/// (a 0-d array for one matrix). Exactly 0 for a singular matrix; integers in `f64`.
///
/// ```
/// use kernels_std::linalg::det;
/// use kernels_std::prelude::*;
/// let a = Array::from_vec(&Device::cpu(), &[2, 2, 2], vec![1, 2, 3, 4, 2, 4, 1, 2i32])?;
/// let d = det(&a)?.to_vec()?;
/// assert!((d[0] + 2.0).abs() < 1e-12);
/// assert_eq!(d[1], 0.0);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn det<T: LinalgInput>(a: &Array<T>) -> Result<Array<T::Float>> {
    let (sign, logabs) = slogdet(a)?;
    let magnitude = <<T::Float as LinalgFloat>::Re as RealLinalg>::exp(&logabs)?;
    let mag = <T::Float as LinalgFloat>::from_re_array(&magnitude)?;
    let out = <T::Float as LinalgFloat>::mul_elem(&sign, &mag)?;
    Ok(out)
}
