//! NumPy's float functions beyond the core families: `fabs`, `frexp`, `modf`, `ldexp`, `sinc`,
//! `float_power`, `nan_to_num`, and `fix` (`trunc`) and `positive` (a copy). Integer and `bool`
//! inputs give the float dtype of [`ToFloat`] (as NumPy's loops `e->e`, `f->f`, `d->d` do),
//! except `sinc` and `float_power`, which NumPy computes in `f64`.

use crate::math::{kernels, Rounding, ToFloat};
use crate::prelude::*;
use array_runtime::IntoOperand;

/// The absolute value as a float (NumPy's `fabs`): integers and `bool` give the float dtype of
/// [`ToFloat`]; NumPy has no `fabs` of complex numbers (use [`absolute`](crate::math::absolute)).
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![-1.5f32, -0.0, 2.0])?;
/// assert_eq!(math::fabs(&x)?.to_vec()?, vec![1.5, 0.0, 2.0]);
/// let i = Array::from_vec(&Device::cpu(), &[2], vec![-3i32, i32::MIN])?;
/// assert_eq!(math::fabs(&i)?.to_vec()?, vec![3.0f64, 2147483648.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn fabs<'a, T: ToFloat>(x: impl IntoOperand<'a, T>) -> Result<Array<T::Float>> {
    kernels::fabs::<T, T::Float, T::Compute>(x)
}

/// `x` rounded toward zero (NumPy's `fix`, the same values as [`trunc`](crate::math::trunc),
/// `-0.0` from `-0.5`); integers and `bool` are returned unchanged, in their dtype.
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![-2.5f64, 2.7, -0.5])?;
/// assert_eq!(math::fix(&x)?.to_vec()?, vec![-2.0, 2.0, -0.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn fix<'a, T: Rounding>(x: impl IntoOperand<'a, T>) -> Result<Array<T>> {
    T::trunc(x)
}

/// Dtypes with NumPy's `positive`: numbers, not `bool` (NumPy raises for it).
pub trait Positive: DType {}
macro_rules! positive {
    ($($t:ty),*) => {$(impl Positive for $t {})*};
}
positive!(i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64, c64, c128);

/// `+x`, a new array of the same values (NumPy's `positive`).
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[2], vec![-1i8, 5])?;
/// assert_eq!(math::positive(&x)?.to_vec()?, vec![-1, 5]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn positive<'a, T: Positive>(x: impl IntoOperand<'a, T>) -> Result<Array<T>> {
    kernels::identity::<T>(x)
}

/// `(m, e)` with `x = m 2^e` and `0.5 <= |m| < 1` (NumPy's `frexp`): zeros, infinities and
/// NaN give `(x, 0)`; subnormals are normalized. `m` has the float dtype of [`ToFloat`], `e` is
/// `i32` (NumPy's `intc`).
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[4], vec![8.0f64, -3.0, 0.0, 5e-324])?;
/// let (m, e) = math::frexp(&x)?;
/// assert_eq!(m.to_vec()?, vec![0.5, -0.75, 0.0, 0.5]);
/// assert_eq!(e.to_vec()?, vec![4, 2, 0, -1073]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
#[allow(clippy::type_complexity)]
pub fn frexp<'a, T: ToFloat>(x: impl IntoOperand<'a, T>) -> Result<(Array<T::Float>, Array<i32>)> {
    kernels::frexp::<T, T::Float, T::Compute>(x)
}

/// `(fractional part, integral part)` of `x`, both with its sign (NumPy's `modf`):
/// `modf(-2.5) == (-0.5, -2.0)`, `modf(inf) == (0.0, inf)`; the float dtype of [`ToFloat`].
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![-2.5f32, 3.0, f32::INFINITY])?;
/// let (f, i) = math::modf(&x)?;
/// assert_eq!(f.to_vec()?, vec![-0.5, 0.0, 0.0]);
/// assert_eq!(i.to_vec()?, vec![-2.0, 3.0, f32::INFINITY]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
#[allow(clippy::type_complexity)]
pub fn modf<'a, T: ToFloat>(
    x: impl IntoOperand<'a, T>,
) -> Result<(Array<T::Float>, Array<T::Float>)> {
    kernels::modf::<T, T::Float, T::Compute>(x)
}

/// `x 2^e`, rounded once (NumPy's `ldexp`): overflow gives `+-inf`, underflow a subnormal or
/// `+-0`; `f16` is computed in `f32` and rounded to `f16`, as NumPy does. `x` has the float
/// dtype of [`ToFloat`]; the exponents are `i32` (NumPy also takes `int64` exponents; an
/// `i64` array converts with `astype::<i32>()`, any exponent beyond `+-10000` giving the same
/// result as `+-10000`).
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![1.5f64, 1.0, 3.0])?;
/// let e = Array::from_vec(&Device::cpu(), &[3], vec![2i32, -1074, 1024])?;
/// assert_eq!(math::ldexp(&x, &e)?.to_vec()?, vec![6.0, 5e-324, f64::INFINITY]);
/// assert_eq!(math::ldexp(&x, 1)?.to_vec()?, vec![3.0, 2.0, 6.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn ldexp<'a, T: ToFloat>(
    x: impl IntoOperand<'a, T>,
    e: impl IntoOperand<'a, i32>,
) -> Result<Array<T::Float>> {
    kernels::ldexp::<T, T::Float, T::Compute>(x, e)
}

/// Dtypes with NumPy's `sinc`: floats keep their dtype, integers and `bool` give `f64` (NumPy
/// multiplies them by the Python float `pi`).
pub trait Sinc: DType {
    /// The result's dtype.
    type Out: Float;
    /// The dtype each step is rounded to (NumPy's array arithmetic in the input's dtype;
    /// `f32` for `bf16`, which rounds once at the end, as `ml_dtypes` computes).
    type Step: Float;
    /// The dtype the steps are computed in.
    type Compute: Float;
    /// See [`sinc`].
    fn sinc<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self::Out>>;
}
macro_rules! sinc_dtypes {
    ($($t:ty => $o:ty, $s:ty, $c:ty;)*) => {$(
        impl Sinc for $t {
            type Out = $o;
            type Step = $s;
            type Compute = $c;
            fn sinc<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<$o>> {
                let eps = <$s as num_traits::Float>::epsilon();
                kernels::sinc::<$t, $o, $s, $c>(x, eps)
            }
        }
    )*};
}
sinc_dtypes! {
    bool => f64, f64, f64;
    i8 => f64, f64, f64;
    i16 => f64, f64, f64;
    i32 => f64, f64, f64;
    i64 => f64, f64, f64;
    u8 => f64, f64, f64;
    u16 => f64, f64, f64;
    u32 => f64, f64, f64;
    u64 => f64, f64, f64;
    f16 => f16, f16, f32;
    bf16 => bf16, f32, f32;
    f32 => f32, f32, f32;
    f64 => f64, f64, f64;
}

/// The normalized sinc function `sin(pi x) / (pi x)`, 1 at 0 (NumPy's `sinc`, computed as its
/// code does: `y = pi x`, the machine epsilon where `y == 0`, `sin(y) / y`); NaN for `+-inf`
/// and NaN. Floats keep their dtype, integers and `bool` give `f64`. NumPy's `sinc` of complex
/// numbers is not here.
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![0i32, 1, 2])?;
/// let y = math::sinc(&x)?.to_vec()?;
/// assert_eq!(y[0], 1.0);
/// assert!(y[1].abs() < 1e-16 && y[2].abs() < 1e-16);
/// let h = Array::from_vec(&Device::cpu(), &[1], vec![0.5f64])?;
/// assert!((math::sinc(&h)?.to_vec()?[0] - 2.0 / std::f64::consts::PI).abs() < 1e-16);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn sinc<'a, T: Sinc>(x: impl IntoOperand<'a, T>) -> Result<Array<T::Out>> {
    T::sinc(x)
}

/// `x^y` in `f64` whatever the real input dtype (NumPy's `float_power`: C's `pow`, so
/// `(-8)^(1/3)` is NaN, `0^-1` is inf, `1^nan` is 1). NumPy's `float_power` of complex numbers
/// (in `c128`) is [`power`](crate::math::power) of `c128` arrays here.
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![2i8, -2, 0])?;
/// let y = Array::from_vec(&Device::cpu(), &[3], vec![-1i8, 3, -1])?;
/// assert_eq!(math::float_power(&x, &y)?.to_vec()?, vec![0.5, -8.0, f64::INFINITY]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn float_power<'a, T: ToFloat>(
    x: impl IntoOperand<'a, T>,
    y: impl IntoOperand<'a, T>,
) -> Result<Array<f64>> {
    kernels::power_float::<T, f64, f64>(x, y)
}

/// Dtypes with NumPy's `nan_to_num`: floats and complex numbers (each part) are replaced,
/// integers and `bool` copied.
pub trait NanToNum: DType {
    /// See [`nan_to_num`].
    fn nan_to_num<'a>(
        x: impl IntoOperand<'a, Self>,
        nan: f64,
        posinf: Option<f64>,
        neginf: Option<f64>,
    ) -> Result<Array<Self>>;
}

macro_rules! nan_to_num_float {
    ($($t:ty),*) => {$(
        impl NanToNum for $t {
            fn nan_to_num<'a>(
                x: impl IntoOperand<'a, Self>,
                nan: f64,
                posinf: Option<f64>,
                neginf: Option<f64>,
            ) -> Result<Array<Self>> {
                let max = <$t as num_traits::Float>::max_value();
                let posinf = posinf.map_or(max, |v| v.cast::<$t>());
                let neginf = neginf.map_or(-max, |v| v.cast::<$t>());
                kernels::nan_to_num::<$t>(x, nan.cast::<$t>(), posinf, neginf)
            }
        }
    )*};
}
nan_to_num_float!(f16, bf16, f32, f64);

macro_rules! nan_to_num_complex {
    ($($t:ty, $r:ty: $kernel:ident;)*) => {$(
        impl NanToNum for $t {
            fn nan_to_num<'a>(
                x: impl IntoOperand<'a, Self>,
                nan: f64,
                posinf: Option<f64>,
                neginf: Option<f64>,
            ) -> Result<Array<Self>> {
                let posinf = posinf.map_or(<$r>::MAX, |v| v as $r);
                let neginf = neginf.map_or(<$r>::MIN, |v| v as $r);
                kernels::$kernel(x, nan as $r, posinf, neginf)
            }
        }
    )*};
}
nan_to_num_complex! {
    c64, f32: nan_to_num_c64;
    c128, f64: nan_to_num_c128;
}

macro_rules! nan_to_num_copy {
    ($($t:ty),*) => {$(
        impl NanToNum for $t {
            fn nan_to_num<'a>(
                x: impl IntoOperand<'a, Self>,
                _nan: f64,
                _posinf: Option<f64>,
                _neginf: Option<f64>,
            ) -> Result<Array<Self>> {
                kernels::identity::<$t>(x)
            }
        }
    )*};
}
nan_to_num_copy!(bool, i8, i16, i32, i64, u8, u16, u32, u64);

/// NaN replaced by `nan`, `+inf` by `posinf` (default: the dtype's largest finite value),
/// `-inf` by `neginf` (default: the most negative finite value), in a new array (NumPy's
/// `nan_to_num(x, nan=0.0, posinf=None, neginf=None)`; the replacements are converted to the
/// dtype as NumPy converts them, so `1e6` is `inf` in `f16`). Complex numbers have each part
/// replaced; integers and `bool` are copied unchanged.
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[4], vec![f32::NAN, f32::INFINITY, -f32::INFINITY, 1.5])?;
/// assert_eq!(math::nan_to_num(&x, 0.0, None, None)?.to_vec()?, vec![0.0, f32::MAX, f32::MIN, 1.5]);
/// assert_eq!(math::nan_to_num(&x, -1.0, Some(9.0), None)?.to_vec()?, vec![-1.0, 9.0, f32::MIN, 1.5]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn nan_to_num<'a, T: NanToNum>(
    x: impl IntoOperand<'a, T>,
    nan: f64,
    posinf: Option<f64>,
    neginf: Option<f64>,
) -> Result<Array<T>> {
    T::nan_to_num(x, nan, posinf, neginf)
}

/// What [`real_if_close`] returns: the real parts, or the array unchanged.
#[derive(Clone, Debug)]
pub enum RealOrComplex<R: DType, T: DType> {
    /// Every imaginary part was within the tolerance: the real parts (a new array), or for a
    /// real dtype the array itself.
    Real(Array<R>),
    /// Some imaginary part was not: the array itself (the same buffer, as NumPy returns `a`).
    Complex(Array<T>),
}

/// Dtypes with NumPy's `real_if_close`: see [`real_if_close`].
pub trait RealIfClose: DType {
    /// The dtype of the real parts.
    type Real: DType;
    /// See [`real_if_close`].
    fn real_if_close(a: &Array<Self>, tol: f64) -> Result<RealOrComplex<Self::Real, Self>>;
}

macro_rules! real_if_close_complex {
    ($($t:ty, $r:ty;)*) => {$(
        impl RealIfClose for $t {
            type Real = $r;
            fn real_if_close(a: &Array<Self>, tol: f64) -> Result<RealOrComplex<$r, $t>> {
                let tol = if tol > 1.0 { tol * <$r>::EPSILON as f64 } else { tol };
                let magnitude = crate::math::absolute(&crate::math::imag(a)?)?;
                let below = crate::math::less(&magnitude, tol as $r)?;
                if crate::reduce::all(&below).run()?.item()? {
                    Ok(RealOrComplex::Real(crate::math::real(a)?))
                } else {
                    Ok(RealOrComplex::Complex(a.clone()))
                }
            }
        }
    )*};
}
real_if_close_complex! {
    c64, f32;
    c128, f64;
}

macro_rules! real_if_close_real {
    ($($t:ty),*) => {$(
        impl RealIfClose for $t {
            type Real = $t;
            fn real_if_close(a: &Array<Self>, _tol: f64) -> Result<RealOrComplex<$t, $t>> {
                Ok(RealOrComplex::Real(a.clone()))
            }
        }
    )*};
}
real_if_close_real!(bool, i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64);

/// The real parts of a complex array whose imaginary parts are all below `tol` in magnitude,
/// else the array itself (NumPy's `real_if_close(a, tol=100)`): a `tol` above 1 counts in
/// machine epsilons of the parts' dtype (`100` is `100 * f64::EPSILON` for `c128`), else it
/// is absolute; the comparison is strict, so a NaN imaginary part keeps the array complex. An
/// empty array becomes real; an array of a real dtype is returned as it is.
///
/// ```
/// use kernels_std::math::{self, RealOrComplex};
/// use kernels_std::{c128, Array, Device};
/// let z = Array::from_vec(&Device::cpu(), &[2], vec![c128::new(2.0, 1e-15), c128::new(-1.0, 0.0)])?;
/// match math::real_if_close(&z, 100.0)? {
///     RealOrComplex::Real(r) => assert_eq!(r.to_vec()?, vec![2.0, -1.0]),
///     RealOrComplex::Complex(_) => unreachable!(),
/// }
/// assert!(matches!(math::real_if_close(&z, 1e-16)?, RealOrComplex::Complex(_)));
/// # Ok::<(), kernels_std::Error>(())
/// ```
#[allow(clippy::type_complexity)]
pub fn real_if_close<T: RealIfClose>(a: &Array<T>, tol: f64) -> Result<RealOrComplex<T::Real, T>> {
    T::real_if_close(a, tol)
}
