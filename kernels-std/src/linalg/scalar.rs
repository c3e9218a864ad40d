//! The dtypes of `linalg`, and what each one needs: the GEMM that serves it on each backend,
//! and the dtype of its norms.

use std::any::TypeId;

use array_runtime::{bf16, c128, c64, f16, Array, DType, Num, Result};

use crate::math::Power;
use crate::reduce::SumDType;

mod sealed {
    pub trait Sealed {}
}

/// The GEMM that serves a dtype (one per dtype family; see [`LinalgScalar::ENGINE`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Engine {
    /// `f32`: SGEMM (matrixmultiply on the CPU, cuBLAS on a GPU).
    F32,
    /// `f64`: DGEMM.
    F64,
    /// `f16`: converted to `f32` on the CPU; cuBLAS with `f32` accumulation on a GPU.
    F16,
    /// `bf16`: as `f16`.
    BF16,
    /// `Complex<f32>`: CGEMM.
    C64,
    /// `Complex<f64>`: ZGEMM.
    C128,
    /// Integers: an exact loop with wrapping arithmetic (NumPy's integer matmul wraps).
    Exact,
}

/// Element types of the linear-algebra routines: every numeric dtype (not `bool`).
///
/// Sealed. Floats go to an optimized GEMM (cuBLAS on a GPU), `f16`/`bf16` accumulate in `f32`,
/// integers take an exact path whose products and sums wrap as NumPy's do.
///
/// ```
/// use kernels_std::linalg::LinalgScalar;
/// // Norms of integers are float64; of complex numbers, their parts' dtype.
/// fn norm_dtype<T: LinalgScalar>() -> &'static str {
///     <T::Real as kernels_std::DType>::ID.name()
/// }
/// assert_eq!(norm_dtype::<i8>(), "f64");
/// assert_eq!(norm_dtype::<f32>(), "f32");
/// assert_eq!(norm_dtype::<kernels_std::c64>(), "f32");
/// ```
pub trait LinalgScalar: DType + sealed::Sealed {
    /// The dtype of norms: the real part type for complex, `f64` for integers.
    type Real: LinalgScalar + RealScalar;
    /// Which GEMM computes products of this dtype.
    const ENGINE: Engine;
    /// `0`.
    fn zero() -> Self;
    /// `1`.
    fn one() -> Self;
    /// `self + a * b`, wrapping for integers.
    fn mul_add_exact(self, a: Self, b: Self) -> Self;
    /// The complex conjugate (the value itself for real dtypes).
    fn conj(self) -> Self;
    /// `|x|` as an `f64` (the modulus for complex numbers).
    fn abs_f64(self) -> f64;
    /// Whether the value is not zero.
    fn is_nonzero(self) -> bool;
    /// `|x|` elementwise in [`Self::Real`], on the array's device (integers converted to
    /// `f64` first, as NumPy's norms do; the modulus of complex numbers).
    fn magnitudes(x: &Array<Self>) -> Result<Array<Self::Real>>;
    /// The spectral (`P(2)`, `P(-2)`) and nuclear norms of a matrix, from its singular values
    /// (the `lapack` feature; `f16`/`bf16` are rejected, as NumPy's SVD rejects `float16`).
    #[doc(hidden)]
    fn svd_norm(x: &Array<Self>, ord: super::NormOrd) -> Result<f64>;
}

/// The singular-value norms of a float matrix (see [`LinalgScalar::svd_norm`]).
#[cfg(feature = "lapack")]
fn svd_norm_of<T: super::LinalgInput>(x: &Array<T>, ord: super::NormOrd) -> Result<f64> {
    let r = super::norms::matrix_norm(x, ord, false)?.item()?;
    Ok(<<T::Float as super::LinalgFloat>::Re as RealScalar>::to_f64(r))
}

#[cfg(not(feature = "lapack"))]
fn svd_norm_of<T: DType>(_: &Array<T>, ord: super::NormOrd) -> Result<f64> {
    Err(array_runtime::Error::invalid(format!(
        "norm: the order {ord:?} needs an SVD: build kernels-std with its `lapack` feature"
    )))
}

fn svd_norm_half<T: DType>(_: &Array<T>, _: super::NormOrd) -> Result<f64> {
    Err(array_runtime::Error::invalid(format!(
        "norm: array type {} is unsupported in linalg (the SVD-based orders)",
        T::ID.name()
    )))
}

/// The real dtypes that norms return, reduced on the device (`max`, `min`, `sum` in this
/// dtype, powers).
pub trait RealScalar: DType + Num + SumDType<Out = Self> + Power<Out = Self> {
    /// `x` rounded to this dtype.
    fn from_f64(x: f64) -> Self;
    /// The value as an `f64`.
    fn to_f64(self) -> f64;
}

macro_rules! real_scalar {
    ($($t:ty: |$x:ident| $from:expr, |$y:ident| $to:expr;)*) => {$(
        impl RealScalar for $t {
            fn from_f64($x: f64) -> Self { $from }
            fn to_f64(self) -> f64 { let $y = self; $to }
        }
    )*};
}
real_scalar! {
    f16: |x| f16::from_f64(x), |y| y.to_f64();
    bf16: |x| bf16::from_f64(x), |y| y.to_f64();
    f32: |x| x as f32, |y| f64::from(y);
    f64: |x| x, |y| y;
}

macro_rules! int_scalar {
    ($($t:ty),*) => {$(
        impl sealed::Sealed for $t {}
        impl LinalgScalar for $t {
            type Real = f64;
            const ENGINE: Engine = Engine::Exact;
            fn zero() -> Self { 0 }
            fn one() -> Self { 1 }
            fn mul_add_exact(self, a: Self, b: Self) -> Self { self.wrapping_add(a.wrapping_mul(b)) }
            fn conj(self) -> Self { self }
            #[allow(clippy::cast_lossless, unused_comparisons)]
            fn abs_f64(self) -> f64 { (self as f64).abs() }
            fn is_nonzero(self) -> bool { self != 0 }
            fn magnitudes(x: &Array<Self>) -> Result<Array<f64>> {
                crate::math::absolute(&x.astype::<f64>()?)
            }
            fn svd_norm(x: &Array<Self>, ord: super::NormOrd) -> Result<f64> {
                svd_norm_of(x, ord)
            }
        }
    )*};
}
int_scalar!(i8, i16, i32, i64, u8, u16, u32, u64);

macro_rules! float_scalar {
    ($($t:ty => $engine:ident, |$x:ident| $abs:expr, $zero:expr, $one:expr, $svd:ident;)*) => {$(
        impl sealed::Sealed for $t {}
        impl LinalgScalar for $t {
            type Real = $t;
            const ENGINE: Engine = Engine::$engine;
            fn zero() -> Self { $zero }
            fn one() -> Self { $one }
            fn mul_add_exact(self, a: Self, b: Self) -> Self { self + a * b }
            fn conj(self) -> Self { self }
            fn abs_f64(self) -> f64 { let $x = self; $abs }
            fn is_nonzero(self) -> bool { self != $zero }
            fn magnitudes(x: &Array<Self>) -> Result<Array<Self>> {
                crate::math::absolute(x)
            }
            fn svd_norm(x: &Array<Self>, ord: super::NormOrd) -> Result<f64> {
                $svd(x, ord)
            }
        }
    )*};
}
float_scalar! {
    f16 => F16, |x| x.to_f64().abs(), f16::ZERO, f16::ONE, svd_norm_half;
    bf16 => BF16, |x| x.to_f64().abs(), bf16::ZERO, bf16::ONE, svd_norm_half;
    f32 => F32, |x| f64::from(x).abs(), 0.0, 1.0, svd_norm_of;
    f64 => F64, |x| x.abs(), 0.0, 1.0, svd_norm_of;
}

macro_rules! complex_scalar {
    ($($t:ty => $engine:ident, $real:ty;)*) => {$(
        impl sealed::Sealed for $t {}
        impl LinalgScalar for $t {
            type Real = $real;
            const ENGINE: Engine = Engine::$engine;
            fn zero() -> Self { <$t>::new(0.0, 0.0) }
            fn one() -> Self { <$t>::new(1.0, 0.0) }
            fn mul_add_exact(self, a: Self, b: Self) -> Self { self + a * b }
            fn conj(self) -> Self { <$t>::conj(&self) }
            fn abs_f64(self) -> f64 { f64::from(self.re).hypot(f64::from(self.im)) }
            fn is_nonzero(self) -> bool { self.re != 0.0 || self.im != 0.0 }
            fn magnitudes(x: &Array<Self>) -> Result<Array<$real>> {
                crate::math::absolute(x)
            }
            fn svd_norm(x: &Array<Self>, ord: super::NormOrd) -> Result<f64> {
                svd_norm_of(x, ord)
            }
        }
    )*};
}
complex_scalar! {
    c64 => C64, f32;
    c128 => C128, f64;
}

/// `s` seen as a slice of `U`, when `T` is `U`.
pub(crate) fn cast_slice<T: DType, U: DType>(s: &[T]) -> Option<&[U]> {
    if TypeId::of::<T>() != TypeId::of::<U>() {
        return None;
    }
    // SAFETY: `T` and `U` are the same type (checked above), so the slice is reinterpreted as
    // itself.
    Some(unsafe { std::slice::from_raw_parts(s.as_ptr().cast::<U>(), s.len()) })
}

/// `s` seen as a mutable slice of `U`, when `T` is `U`.
pub(crate) fn cast_slice_mut<T: DType, U: DType>(s: &mut [T]) -> Option<&mut [U]> {
    if TypeId::of::<T>() != TypeId::of::<U>() {
        return None;
    }
    // SAFETY: as in `cast_slice`; the exclusive borrow is carried over.
    Some(unsafe { std::slice::from_raw_parts_mut(s.as_mut_ptr().cast::<U>(), s.len()) })
}
