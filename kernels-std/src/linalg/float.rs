//! The dtypes of the factorizations: `f32`, `f64`, `c64`, `c128` ([`LinalgFloat`]), and the
//! promotion of every other accepted input to one of them ([`LinalgInput`]: integers to
//! `f64`, as NumPy's `linalg` does).

use array_runtime::{c128, c64, Array, Float, Result};
use kernel_macros::elementwise;

use super::scalar::{LinalgScalar, RealScalar};
use crate::{math, reduce};

/// The four dtypes LAPACK (and so faer and cuSOLVER) factor: `f32`, `f64`, `c64`, `c128`.
///
/// Sealed through [`LinalgScalar`]. `Re` is the dtype of norms, singular values and
/// Hermitian eigenvalues; `Cx` the complex dtype of general eigenvalues.
///
/// ```
/// use kernels_std::linalg::LinalgFloat;
/// fn names<T: LinalgFloat>() -> (&'static str, &'static str) {
///     (<T::Re as kernels_std::DType>::ID.name(), <T::Cx as kernels_std::DType>::ID.name())
/// }
/// assert_eq!(names::<f32>(), ("f32", "c64"));
/// assert_eq!(names::<kernels_std::c128>(), ("f64", "c128"));
/// ```
pub trait LinalgFloat:
    LinalgScalar + LinalgInput<Float = Self> + crate::creation::One + faer::traits::ComplexField
{
    /// The real dtype of the same precision.
    type Re: LinalgFloat<Re = Self::Re, Cx = Self::Cx> + RealScalar + Float + RealLinalg;
    /// The complex dtype of the same precision.
    type Cx: LinalgFloat<Re = Self::Re, Cx = Self::Cx>;
    /// Whether the dtype is complex.
    const COMPLEX: bool;
    /// The machine epsilon of the real dtype, as an `f64`.
    const EPS: f64;
    /// The real part.
    fn re(self) -> Self::Re;
    /// The imaginary part (zero for a real dtype).
    fn im(self) -> Self::Re;
    /// A value of this dtype from a real one.
    fn from_re(x: Self::Re) -> Self;
    /// The value as the complex dtype.
    fn to_cx(self) -> Self::Cx;
    /// A value from faer's real type (the same type as `Re`).
    fn faer_re(x: <Self as faer::traits::ComplexField>::Real) -> Self::Re;
    /// A value from faer's complex type (the same type as `Cx`).
    fn faer_cx(z: array_runtime::Complex<<Self as faer::traits::ComplexField>::Real>) -> Self::Cx;
    /// `x * y` elementwise, broadcasting, on the arrays' device.
    fn mul_elem(x: &Array<Self>, y: &Array<Self>) -> Result<Array<Self>>;
    /// `x + y` elementwise, broadcasting.
    fn add_elem(x: &Array<Self>, y: &Array<Self>) -> Result<Array<Self>>;
    /// `x - y` elementwise, broadcasting.
    fn sub_elem(x: &Array<Self>, y: &Array<Self>) -> Result<Array<Self>>;
    /// `x / y` elementwise, broadcasting.
    fn div_elem(x: &Array<Self>, y: &Array<Self>) -> Result<Array<Self>>;
    /// The complex conjugate elementwise (a copy for a real dtype).
    fn conj_array(x: &Array<Self>) -> Result<Array<Self>>;
    /// `|x|` elementwise in the real dtype.
    fn abs_array(x: &Array<Self>) -> Result<Array<Self::Re>>;
    /// A real array as this dtype (imaginary parts zero).
    fn from_re_array(x: &Array<Self::Re>) -> Result<Array<Self>>;
    /// The real parts.
    fn re_array(x: &Array<Self>) -> Result<Array<Self::Re>>;
    /// `x / |x|` elementwise (the sign of a real number, a complex number of modulus one), 0
    /// where `x` is 0 (NaN stays NaN).
    fn unit_array(x: &Array<Self>) -> Result<Array<Self>>;
    /// The sum over `axes` (NumPy's pairwise sums on the CPU).
    fn sum_axes(x: &Array<Self>, axes: &[isize], keepdims: bool) -> Result<Array<Self>>;
    /// The product over `axes`.
    fn prod_axes(x: &Array<Self>, axes: &[isize], keepdims: bool) -> Result<Array<Self>>;
    /// A batch of small systems solved by the raw kernel of [`small`](super::small) on the
    /// CPU: the solutions and each system's `info`, or `None` for the complex dtypes (which
    /// the kernel does not serve).
    #[doc(hidden)]
    fn small_solve(a: Vec<Self>, b: Vec<Self>, n: usize, k: usize) -> SmallSolve<Self>;
}

/// What [`LinalgFloat::small_solve`] returns.
#[doc(hidden)]
pub type SmallSolve<T> = Result<Option<(Vec<T>, Vec<i32>)>>;

macro_rules! real_float {
    ($($t:ty => $cx:ty;)*) => {$(
        impl LinalgFloat for $t {
            type Re = $t;
            type Cx = $cx;
            const COMPLEX: bool = false;
            const EPS: f64 = <$t>::EPSILON as f64;
            fn re(self) -> $t { self }
            fn im(self) -> $t { 0.0 }
            fn from_re(x: $t) -> $t { x }
            fn to_cx(self) -> $cx { <$cx>::new(self, 0.0) }
            fn faer_re(x: $t) -> $t { x }
            fn faer_cx(z: $cx) -> $cx { z }
            fn mul_elem(x: &Array<$t>, y: &Array<$t>) -> Result<Array<$t>> { math::multiply(x, y) }
            fn add_elem(x: &Array<$t>, y: &Array<$t>) -> Result<Array<$t>> { math::add(x, y) }
            fn sub_elem(x: &Array<$t>, y: &Array<$t>) -> Result<Array<$t>> { math::subtract(x, y) }
            fn div_elem(x: &Array<$t>, y: &Array<$t>) -> Result<Array<$t>> { math::divide(x, y) }
            fn conj_array(x: &Array<$t>) -> Result<Array<$t>> { x.copy() }
            fn abs_array(x: &Array<$t>) -> Result<Array<$t>> { math::absolute(x) }
            fn from_re_array(x: &Array<$t>) -> Result<Array<$t>> { Ok(x.clone()) }
            fn re_array(x: &Array<$t>) -> Result<Array<$t>> { Ok(x.clone()) }
            fn unit_array(x: &Array<$t>) -> Result<Array<$t>> { math::sign(x) }
            fn sum_axes(x: &Array<$t>, axes: &[isize], keepdims: bool) -> Result<Array<$t>> {
                reduce::sum(x).axes(axes).keepdims(keepdims).run()
            }
            fn prod_axes(x: &Array<$t>, axes: &[isize], keepdims: bool) -> Result<Array<$t>> {
                reduce::prod(x).axes(axes).keepdims(keepdims).run()
            }
            fn small_solve(a: Vec<$t>, b: Vec<$t>, n: usize, k: usize) -> SmallSolve<$t> {
                super::small::solve_real(a, b, n, k).map(Some)
            }
        }
    )*};
}
real_float! {
    f32 => c64;
    f64 => c128;
}

macro_rules! complex_float {
    ($($t:ty => $re:ty, $unit:ident;)*) => {$(
        impl LinalgFloat for $t {
            type Re = $re;
            type Cx = $t;
            const COMPLEX: bool = true;
            const EPS: f64 = <$re>::EPSILON as f64;
            fn re(self) -> $re { self.re }
            fn im(self) -> $re { self.im }
            fn from_re(x: $re) -> $t { <$t>::new(x, 0.0) }
            fn to_cx(self) -> $t { self }
            fn faer_re(x: $re) -> $re { x }
            fn faer_cx(z: $t) -> $t { z }
            fn mul_elem(x: &Array<$t>, y: &Array<$t>) -> Result<Array<$t>> { math::multiply(x, y) }
            fn add_elem(x: &Array<$t>, y: &Array<$t>) -> Result<Array<$t>> { math::add(x, y) }
            fn sub_elem(x: &Array<$t>, y: &Array<$t>) -> Result<Array<$t>> { math::subtract(x, y) }
            fn div_elem(x: &Array<$t>, y: &Array<$t>) -> Result<Array<$t>> { math::divide(x, y) }
            fn conj_array(x: &Array<$t>) -> Result<Array<$t>> { math::conjugate(x) }
            fn abs_array(x: &Array<$t>) -> Result<Array<$re>> { math::absolute(x) }
            fn from_re_array(x: &Array<$re>) -> Result<Array<$t>> { x.astype::<$t>() }
            fn re_array(x: &Array<$t>) -> Result<Array<$re>> { math::real(x) }
            fn unit_array(x: &Array<$t>) -> Result<Array<$t>> { $unit(x) }
            fn sum_axes(x: &Array<$t>, axes: &[isize], keepdims: bool) -> Result<Array<$t>> {
                reduce::sum(x).axes(axes).keepdims(keepdims).run()
            }
            fn prod_axes(x: &Array<$t>, axes: &[isize], keepdims: bool) -> Result<Array<$t>> {
                reduce::prod(x).axes(axes).keepdims(keepdims).run()
            }
            fn small_solve(_: Vec<$t>, _: Vec<$t>, _: usize, _: usize) -> SmallSolve<$t> {
                Ok(None)
            }
        }
    )*};
}
complex_float! {
    c64 => f32, unit_c64;
    c128 => f64, unit_c128;
}

/// `z / |z|`, or 0 for `z = 0` (the phase of a pivot in `slogdet`).
#[elementwise]
pub(crate) fn unit_c64(z: c64) -> c64 {
    let m = z.norm();
    if m == 0.0 {
        z
    } else {
        z / m
    }
}

/// `z / |z|`, or 0 for `z = 0`.
#[elementwise]
pub(crate) fn unit_c128(z: c128) -> c128 {
    let m = z.norm();
    if m == 0.0 {
        z
    } else {
        z / m
    }
}

/// What the routines need of the real dtypes `f32` and `f64` beyond [`LinalgFloat`]: the
/// extrema of norms, logarithms, square roots and comparisons, on the arrays' device.
pub trait RealLinalg: LinalgFloat + crate::math::Classify {
    /// The largest element over `axes` (NaN propagates).
    fn max_axes(x: &Array<Self>, axes: &[isize], keepdims: bool) -> Result<Array<Self>>;
    /// The smallest element over `axes` (NaN propagates).
    fn min_axes(x: &Array<Self>, axes: &[isize], keepdims: bool) -> Result<Array<Self>>;
    /// The natural logarithm elementwise.
    fn log(x: &Array<Self>) -> Result<Array<Self>>;
    /// `e^x` elementwise.
    fn exp(x: &Array<Self>) -> Result<Array<Self>>;
    /// The square root elementwise.
    fn sqrt(x: &Array<Self>) -> Result<Array<Self>>;
    /// `|x|^p` elementwise.
    fn powf(x: &Array<Self>, p: Self) -> Result<Array<Self>>;
    /// `x > y` elementwise, broadcasting.
    fn greater(x: &Array<Self>, y: &Array<Self>) -> Result<Array<bool>>;
    /// The number of elements that are not zero over `axes`, in this dtype.
    fn count_nonzero_axes(x: &Array<Self>, axes: &[isize], keepdims: bool) -> Result<Array<Self>>;
    /// The indices that sort each row (last axis) in descending order (stable).
    fn argsort_desc(x: &Array<Self>) -> Result<Array<i64>>;
    /// The sign elementwise (`-1`, `0`, `1`; NaN stays NaN).
    fn sign(x: &Array<Self>) -> Result<Array<Self>>;
}

macro_rules! real_linalg {
    ($($t:ty),*) => {$(
        impl RealLinalg for $t {
            fn max_axes(x: &Array<$t>, axes: &[isize], keepdims: bool) -> Result<Array<$t>> {
                reduce::kernels::max(x).axes(axes).keepdims(keepdims).run()
            }
            fn min_axes(x: &Array<$t>, axes: &[isize], keepdims: bool) -> Result<Array<$t>> {
                reduce::kernels::min(x).axes(axes).keepdims(keepdims).run()
            }
            fn log(x: &Array<$t>) -> Result<Array<$t>> { math::log(x) }
            fn exp(x: &Array<$t>) -> Result<Array<$t>> { math::exp(x) }
            fn sqrt(x: &Array<$t>) -> Result<Array<$t>> { math::sqrt(x) }
            fn powf(x: &Array<$t>, p: $t) -> Result<Array<$t>> {
                math::power(x, array_runtime::kernel::elementwise::Operand::Scalar(p))
            }
            fn greater(x: &Array<$t>, y: &Array<$t>) -> Result<Array<bool>> { math::greater(x, y) }
            fn count_nonzero_axes(x: &Array<$t>, axes: &[isize], keepdims: bool) -> Result<Array<$t>> {
                reduce::count_nonzero(x).axes(axes).keepdims(keepdims).run()?.astype::<$t>()
            }
            fn argsort_desc(x: &Array<$t>) -> Result<Array<i64>> {
                crate::sort::argsort(&math::negative(x)?, Some(-1))
            }
            fn sign(x: &Array<$t>) -> Result<Array<$t>> { math::sign(x) }
        }
    )*};
}
real_linalg!(f32, f64);

/// The inputs of the factorizations and the dtype each is computed in: the four
/// [`LinalgFloat`] dtypes as they are, integers as `f64` (NumPy converts them first).
///
/// `f16`, `bf16` and `bool` are not inputs: NumPy rejects `float16` in `linalg` ("array type
/// float16 is unsupported in linalg"), here that is a compile error.
///
/// ```
/// use kernels_std::linalg::inv;
/// use kernels_std::prelude::*;
/// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![2i32, 0, 0, 4])?;
/// let x: Array<f64> = inv(&a)?;                          // integers are solved in f64
/// assert_eq!(x.to_vec()?, vec![0.5, 0.0, 0.0, 0.25]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
///
/// ```compile_fail
/// use kernels_std::linalg::inv;
/// use kernels_std::prelude::*;
/// let a = Array::<f16>::zeros(&Device::cpu(), &[2, 2]).unwrap();
/// let _ = inv(&a);                                      // f16 is not a linalg dtype
/// ```
pub trait LinalgInput: LinalgScalar {
    /// The dtype the routine computes in and returns.
    type Float: LinalgFloat;
    /// The array in that dtype (the array itself for the float dtypes).
    fn to_float(a: &Array<Self>) -> Result<Array<Self::Float>>;
}

macro_rules! float_input {
    ($($t:ty),*) => {$(
        impl LinalgInput for $t {
            type Float = $t;
            fn to_float(a: &Array<$t>) -> Result<Array<$t>> { Ok(a.clone()) }
        }
    )*};
}
float_input!(f32, f64, c64, c128);

macro_rules! int_input {
    ($($t:ty),*) => {$(
        impl LinalgInput for $t {
            type Float = f64;
            fn to_float(a: &Array<$t>) -> Result<Array<f64>> { a.astype::<f64>() }
        }
    )*};
}
int_input!(i8, i16, i32, i64, u8, u16, u32, u64);
