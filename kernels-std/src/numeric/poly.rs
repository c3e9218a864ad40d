//! NumPy's polynomial functions of the top level (coefficients highest power first):
//! `polyval` and `vander` as kernels.

use super::kernels::{polyval_points, vander_rows};
use crate::prelude::*;
use crate::scan::rows::flatten;

/// NumPy's `polyval(p, x)`: the polynomial with coefficients `p` (1-d, highest power first)
/// at each element of `x` (any shape; the result has its shape), by Horner's rule from 0 as
/// NumPy (`y = y * x + p[k]`: `x = inf` gives NaN, integers wrap). An empty `p` gives zeros.
/// `p` and `x` share the dtype, which the result keeps (NumPy promotes a mixed pair;
/// convert with `astype`). Real dtypes only (NumPy also takes complex numbers).
///
/// ```
/// use kernels_std::numeric::polyval;
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let p = Array::from_vec(&dev, &[3], vec![3i32, 0, 1])?; // 3 x^2 + 1
/// let x = Array::from_vec(&dev, &[2, 2], vec![5i32, 1, -1, 0])?;
/// assert_eq!(polyval(&p, &x)?.to_vec()?, vec![76, 4, 4, 1]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn polyval<T: Num>(p: &Array<T>, x: &Array<T>) -> Result<Array<T>> {
    if p.ndim() != 1 {
        return Err(Error::invalid(format!(
            "polyval: the coefficients must be 1-d, got shape {:?}",
            p.shape()
        )));
    }
    let dev = x.device();
    if !p.device().same(&dev) {
        return Err(Error::invalid(format!(
            "polyval: p on {} and x on {dev}",
            p.device()
        )));
    }
    let xs = flatten(x)?;
    let mut out = Array::<T>::zeros(&dev, &[xs.len()])?;
    if !xs.is_empty() && !p.is_empty() {
        let p = p.as_standard_layout()?;
        polyval_points::launch::<T>(
            &LaunchConfig::for_elements(xs.len(), 256),
            &p,
            &xs,
            &mut out,
            T::zero(),
        )?;
    }
    out.reshape(x.shape())
}

/// Dtypes of [`vander`], with NumPy's result dtype (`promote_types(x.dtype, int)`): `i64`
/// for `bool` and integers up to `u32`, `f64` for `u64` and every float.
pub trait VanderInput: DType {
    /// `i64` or `f64`.
    type Out: Num;
    /// `x` converted to [`Self::Out`].
    fn to_out(x: &Array<Self>) -> Result<Array<Self::Out>>;
}

macro_rules! vander_input {
    ($($t:ty => $out:ty),*) => {$(
        impl VanderInput for $t {
            type Out = $out;
            fn to_out(x: &Array<$t>) -> Result<Array<$out>> {
                x.astype::<$out>()
            }
        }
    )*};
}
vander_input!(bool => i64, i8 => i64, i16 => i64, i32 => i64, i64 => i64, u8 => i64,
    u16 => i64, u32 => i64, u64 => f64, f16 => f64, bf16 => f64, f32 => f64, f64 => f64);

/// NumPy's `vander(x, N=None, increasing=False)`: the Vandermonde matrix `[len(x), n]` of
/// the 1-d `x`, column `j` holding `x` to the power `n - 1 - j` (or `j` when `increasing`);
/// `n` defaults to `len(x)`. Powers are products of repeated factors, as NumPy's; integers
/// wrap. The dtype is NumPy's ([`VanderInput::Out`]). A `x` that is not 1-d is an error.
/// Real dtypes only (NumPy also takes complex numbers).
///
/// ```
/// use kernels_std::numeric::vander;
/// use kernels_std::prelude::*;
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![1u8, 2, 3])?;
/// let v = vander(&x, None, false)?;
/// assert_eq!(v.shape(), &[3, 3]);
/// assert_eq!(v.to_vec()?, vec![1i64, 1, 1, 4, 2, 1, 9, 3, 1]);
/// let v = vander(&x, Some(2), true)?;
/// assert_eq!(v.to_vec()?, vec![1i64, 1, 1, 2, 1, 3]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn vander<T: VanderInput>(
    x: &Array<T>,
    n: Option<usize>,
    increasing: bool,
) -> Result<Array<T::Out>> {
    if x.ndim() != 1 {
        return Err(Error::invalid(format!(
            "vander: x must be a one-dimensional array, got shape {:?}",
            x.shape()
        )));
    }
    let rows = x.len();
    let n = n.unwrap_or(rows);
    let dev = x.device();
    let mut out = Array::<T::Out>::zeros(&dev, &[rows, n])?;
    if rows * n > 0 {
        let xs = T::to_out(x)?.as_standard_layout()?;
        vander_rows::launch::<T::Out>(
            &LaunchConfig::for_elements(rows * n, 256),
            &xs,
            &mut out,
            n as u64,
            increasing,
            <T::Out as num_traits::One>::one(),
        )?;
    }
    Ok(out)
}

/// Dtypes of [`polyder`], with NumPy's result dtype (the coefficients times an `int64`
/// `arange`): `i64` for `bool` and integers up to `u32` (wrapping), `f64` for `u64` and
/// every float.
pub trait PolyDer: DType {
    /// `i64` or `f64`.
    type Out: DerScalar;
    /// `p` converted to [`Self::Out`].
    fn to_out(p: &Array<Self>) -> Result<Array<Self::Out>>;
}

/// The result dtypes of [`polyder`]: a coefficient times its power (NumPy's `p * arange`).
pub trait DerScalar: DType {
    /// `self * k` (wrapping for `i64`).
    fn times(self, k: i64) -> Self;
}

impl DerScalar for i64 {
    fn times(self, k: i64) -> i64 {
        self.wrapping_mul(k)
    }
}

impl DerScalar for f64 {
    fn times(self, k: i64) -> f64 {
        self * k as f64
    }
}

macro_rules! poly_der {
    ($($t:ty => $out:ty),*) => {$(
        impl PolyDer for $t {
            type Out = $out;
            fn to_out(p: &Array<$t>) -> Result<Array<$out>> {
                p.astype::<$out>()
            }
        }
    )*};
}
poly_der!(bool => i64, i8 => i64, i16 => i64, i32 => i64, i64 => i64, u8 => i64,
    u16 => i64, u32 => i64, u64 => f64, f16 => f64, bf16 => f64, f32 => f64, f64 => f64);

/// The 1-d coefficients of `p` on the host (they are few), or an error naming `op`.
fn coefficients<T: DType>(op: &str, p: &Array<T>) -> Result<Vec<T>> {
    if p.ndim() != 1 {
        return Err(Error::invalid(format!(
            "{op}: the coefficients must be 1-d, got shape {:?}",
            p.shape()
        )));
    }
    p.to_vec()
}

/// NumPy's `polyder(p, m=1)`: the coefficients of the `m`-th derivative of the polynomial
/// `p` (1-d, highest power first): each step multiplies `p[k]` by its power and drops the
/// constant, so a polynomial of degree below `m` gives an empty array. Coefficients are few:
/// this runs on the host. The dtype is NumPy's ([`PolyDer::Out`]; NumPy's `m = 0` returns
/// `p` in its own dtype).
///
/// ```
/// use kernels_std::numeric::polyder;
/// use kernels_std::prelude::*;
/// let p = Array::from_vec(&Device::cpu(), &[4], vec![1i32, 1, 1, 1])?; // x^3 + x^2 + x + 1
/// assert_eq!(polyder(&p, 1)?.to_vec()?, vec![3i64, 2, 1]);
/// assert_eq!(polyder(&p, 2)?.to_vec()?, vec![6i64, 2]);
/// assert_eq!(polyder(&p, 4)?.len(), 0);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn polyder<T: PolyDer>(p: &Array<T>, m: usize) -> Result<Array<T::Out>> {
    let mut c = coefficients("polyder", &T::to_out(p)?)?;
    for _ in 0..m {
        let n = c.len().saturating_sub(1);
        c = c[..n]
            .iter()
            .enumerate()
            .map(|(k, &v)| v.times((n - k) as i64))
            .collect();
    }
    Array::from_vec(&p.device(), &[c.len()], c)
}

/// NumPy's `polyint(p, m=1, k=None)`: the coefficients of an `m`-th antiderivative of the
/// polynomial `p` (1-d, highest power first), in `f64` (NumPy divides by an `int64`
/// `arange`): each step divides `p[k]` by its new power and appends the integration
/// constant. `k` holds the constants, the first for the first integration: empty for
/// zeros, one value for all `m`, else at least `m` values (fewer is an error, as in NumPy).
/// Coefficients are few: this runs on the host. (NumPy's `m = 0` returns `p` in its own
/// dtype.)
///
/// ```
/// use kernels_std::numeric::polyint;
/// use kernels_std::prelude::*;
/// let p = Array::from_vec(&Device::cpu(), &[3], vec![3i64, 2, 1])?; // 3x^2 + 2x + 1
/// assert_eq!(polyint(&p, 1, &[])?.to_vec()?, vec![1.0, 1.0, 1.0, 0.0]);
/// assert_eq!(polyint(&p, 2, &[5.0, 7.0])?.to_vec()?, vec![0.25, 1.0 / 3.0, 0.5, 5.0, 7.0]);
/// assert!(polyint(&p, 3, &[1.0, 2.0]).is_err());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn polyint<T: super::Coordinate>(p: &Array<T>, m: usize, k: &[f64]) -> Result<Array<f64>> {
    let constants: Vec<f64> = match k.len() {
        0 => vec![0.0; m],
        1 => vec![k[0]; m],
        n if n >= m => k.to_vec(),
        n => {
            return Err(Error::invalid(format!(
                "polyint: k must be a scalar or a rank-1 array of length 1 or >m \
                 ({n} constants for m = {m})"
            )))
        }
    };
    let mut c = coefficients("polyint", &T::to_f64(p)?)?;
    for &constant in constants.iter().take(m) {
        let n = c.len();
        c = c
            .iter()
            .enumerate()
            .map(|(i, &v)| v / (n - i) as f64)
            .chain(std::iter::once(constant))
            .collect();
    }
    Array::from_vec(&p.device(), &[c.len()], c)
}

/// `a` and `b` (1-d, or 0-d as one coefficient) with the shorter one padded with leading
/// zeros to the other's length.
fn aligned<T: array_runtime::ops::Numeric>(
    op: &str,
    a: &Array<T>,
    b: &Array<T>,
) -> Result<(Array<T>, Array<T>)> {
    let one_d = |p: &Array<T>| -> Result<Array<T>> {
        match p.ndim() {
            0 => p.reshape(&[1]),
            1 => Ok(p.clone()),
            _ => Err(Error::invalid(format!(
                "{op}: the coefficients must be 1-d, got shape {:?}",
                p.shape()
            ))),
        }
    };
    let (a, b) = (one_d(a)?, one_d(b)?);
    let pad = |p: Array<T>, n: usize| -> Result<Array<T>> {
        if p.len() >= n {
            return Ok(p);
        }
        let zeros = Array::<T>::zeros(&p.device(), &[n - p.len()])?;
        crate::shape::concatenate(&[&zeros, &p], 0)
    };
    let n = a.len().max(b.len());
    Ok((pad(a, n)?, pad(b, n)?))
}

/// NumPy's `polyadd(a1, a2)`: the sum of two polynomials (1-d coefficients, highest power
/// first; a 0-d array is one coefficient), the shorter padded with leading zeros; no
/// trimming. Both of one dtype, which the result keeps (integers wrap).
///
/// ```
/// use kernels_std::numeric::polyadd;
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[2], vec![1i8, 2])?;
/// let b = Array::from_vec(&dev, &[3], vec![127i8, 1, 1])?;
/// assert_eq!(polyadd(&a, &b)?.to_vec()?, vec![127, 2, 3]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn polyadd<T: array_runtime::ops::Numeric>(a1: &Array<T>, a2: &Array<T>) -> Result<Array<T>> {
    let (a, b) = aligned("polyadd", a1, a2)?;
    crate::math::add(&a, &b)
}

/// NumPy's `polysub(a1, a2)`: `a1 - a2` as polynomials, aligned as in [`polyadd`].
///
/// ```
/// use kernels_std::numeric::polysub;
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[3], vec![2.0f32, 10.0, -4.0])?;
/// let b = Array::from_vec(&dev, &[2], vec![3.0f32, -1.0])?;
/// assert_eq!(polysub(&a, &b)?.to_vec()?, vec![2.0, 7.0, -3.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn polysub<T: array_runtime::ops::Numeric>(a1: &Array<T>, a2: &Array<T>) -> Result<Array<T>> {
    let (a, b) = aligned("polysub", a1, a2)?;
    crate::math::subtract(&a, &b)
}
