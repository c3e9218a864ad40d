//! Arithmetic: `add`, `subtract`, `multiply`, `divide` (`true_divide`), `floor_divide`,
//! `remainder`, `divmod`, `fmod`, `negative`, `absolute`, `sign`, `square`, `reciprocal`.
//! Integers wrap on overflow, as in NumPy. Complex numbers have all but the divisions with
//! rounding (`floor_divide`, `remainder`, `divmod`, `fmod`), as in NumPy.

use crate::math::{kernels, Rounding};
use crate::prelude::*;
use array_runtime::expr::{AnyExpr, Expr, Notation};
use array_runtime::ops::{AddMultiply, Arithmetic, Compare, Numeric};
use array_runtime::IntoOperand;

/// `divmod` and the rounding ufuncs ([`Rounding`], a supertrait), whose kernels differ
/// between integers and floats: implemented for every integer and float dtype.
pub trait MathNum: Arithmetic + Compare + Rounding {
    /// NumPy's `divmod`: see [`divmod`].
    #[allow(clippy::type_complexity)]
    fn divmod<'a>(
        x: impl IntoOperand<'a, Self>,
        y: impl IntoOperand<'a, Self>,
    ) -> Result<(Array<Self>, Array<Self>)>;
}

macro_rules! int_math {
    ($($t:ty),*) => {$(
        impl MathNum for $t {
            fn divmod<'a>(
                x: impl IntoOperand<'a, Self>,
                y: impl IntoOperand<'a, Self>,
            ) -> Result<(Array<Self>, Array<Self>)> {
                kernels::divmod_int::<$t>(x, y)
            }
        }
    )*};
}
int_math!(i8, i16, i32, i64, u8, u16, u32, u64);

macro_rules! float_math {
    ($($t:ty => $c:ty),*) => {$(
        impl MathNum for $t {
            fn divmod<'a>(
                x: impl IntoOperand<'a, Self>,
                y: impl IntoOperand<'a, Self>,
            ) -> Result<(Array<Self>, Array<Self>)> {
                kernels::divmod_float::<$t, $c>(x, y)
            }
        }
    )*};
}
float_math!(f16 => f32, bf16 => f32, f32 => f32, f64 => f64);

/// Numbers and their magnitude: NumPy's `absolute`, whose result is real for complex
/// numbers (`|a + bi| = hypot(a, b)`, `c64` gives `f32`); `bool` is returned unchanged.
pub trait Absolute: DType {
    /// The dtype of `|x|`: `Self` for `bool`, integers and floats, the part type for complex.
    type Real: DType;
    /// NumPy's `absolute`: see [`absolute`].
    fn absolute<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self::Real>>;
    /// [`Self::absolute`] as a node of a lazy expression ([`crate::lazy::absolute`]).
    fn absolute_lazy(x: AnyExpr) -> Expr<Self::Real>;
}

macro_rules! absolute {
    ($kernel:ident: $($t:ty),*) => {$(
        impl Absolute for $t {
            type Real = $t;
            fn absolute<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self>> {
                kernels::$kernel::<$t>(x)
            }
            fn absolute_lazy(x: AnyExpr) -> Expr<Self> {
                Expr::call(kernels::$kernel::node::<$t>(), vec![x], Notation::Call("absolute"))
            }
        }
    )*};
}
absolute!(identity: bool);
absolute!(absolute_int: i8, i16, i32, i64, u8, u16, u32, u64);
absolute!(absolute_float: f16, bf16, f32, f64);

impl Absolute for c64 {
    type Real = f32;
    fn absolute<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<f32>> {
        kernels::absolute_c64(x)
    }
    fn absolute_lazy(x: AnyExpr) -> Expr<f32> {
        Expr::call(
            kernels::absolute_c64::node(),
            vec![x],
            Notation::Call("absolute"),
        )
    }
}

impl Absolute for c128 {
    type Real = f64;
    fn absolute<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<f64>> {
        kernels::absolute_c128(x)
    }
    fn absolute_lazy(x: AnyExpr) -> Expr<f64> {
        Expr::call(
            kernels::absolute_c128::node(),
            vec![x],
            Notation::Call("absolute"),
        )
    }
}

/// Numbers and complex numbers: NumPy's `sign` and `square`, whose results keep the dtype
/// (complex `sign` is NumPy 2's `z / |z|`).
///
/// ```
/// use kernels_std::math::SignSquare;
/// use kernels_std::{c64, Array, Device};
/// let z = Array::from_vec(&Device::cpu(), &[2], vec![c64::new(3.0, 4.0), c64::new(0.0, 0.0)])?;
/// assert_eq!(c64::sign(&z)?.to_vec()?, vec![c64::new(0.6, 0.8), c64::new(0.0, 0.0)]);
/// assert_eq!(c64::square(&z)?.to_vec()?[0], c64::new(-7.0, 24.0));
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub trait SignSquare: DType {
    /// NumPy's `sign`: see [`sign`].
    fn sign<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self>>;
    /// [`Self::sign`] as a node of a lazy expression ([`crate::lazy::sign`]).
    fn sign_lazy(x: AnyExpr) -> Expr<Self>;
    /// NumPy's `square`: see [`square`].
    fn square<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self>>;
    /// [`Self::square`] as a node of a lazy expression ([`crate::lazy::square`]).
    fn square_lazy(x: AnyExpr) -> Expr<Self>;
}

macro_rules! sign_square {
    ($($t:ty),*) => {$(
        impl SignSquare for $t {
            fn sign<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self>> {
                kernels::sign::<$t>(x)
            }
            fn sign_lazy(x: AnyExpr) -> Expr<Self> {
                Expr::call(kernels::sign::node::<$t>(), vec![x], Notation::Call("sign"))
            }
            fn square<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self>> {
                kernels::square::<$t>(x)
            }
            fn square_lazy(x: AnyExpr) -> Expr<Self> {
                Expr::call(kernels::square::node::<$t>(), vec![x], Notation::Call("square"))
            }
        }
    )*};
}
sign_square!(i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64);

macro_rules! complex_sign_square {
    ($($t:ty: $sign:ident, $square:ident;)*) => {$(
        impl SignSquare for $t {
            fn sign<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self>> {
                kernels::$sign(x)
            }
            fn sign_lazy(x: AnyExpr) -> Expr<Self> {
                Expr::call(kernels::$sign::node(), vec![x], Notation::Call("sign"))
            }
            fn square<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self>> {
                kernels::$square(x)
            }
            fn square_lazy(x: AnyExpr) -> Expr<Self> {
                Expr::call(kernels::$square::node(), vec![x], Notation::Call("square"))
            }
        }
    )*};
}
complex_sign_square! {
    c64: sign_c64, square_c64;
    c128: sign_c128, square_c128;
}

/// Floats and complex numbers: NumPy's `reciprocal` (`1 / x`, the input's dtype).
///
/// ```
/// use kernels_std::math::Reciprocal;
/// use kernels_std::{c128, Array, Device};
/// let z = Array::from_vec(&Device::cpu(), &[1], vec![c128::new(0.0, 2.0)])?;
/// assert_eq!(c128::reciprocal(&z)?.to_vec()?, vec![c128::new(0.0, -0.5)]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub trait Reciprocal: DType {
    /// NumPy's `reciprocal`: see [`reciprocal`].
    fn reciprocal<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self>>;
    /// [`Self::reciprocal`] as a node of a lazy expression ([`crate::lazy::reciprocal`]).
    fn reciprocal_lazy(x: AnyExpr) -> Expr<Self>;
}

macro_rules! reciprocal {
    ($($t:ty: $kernel:path, $node:path),*) => {$(
        impl Reciprocal for $t {
            fn reciprocal<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self>> {
                $kernel(x)
            }
            fn reciprocal_lazy(x: AnyExpr) -> Expr<Self> {
                Expr::call($node(), vec![x], Notation::Call("reciprocal"))
            }
        }
    )*};
}
reciprocal!(
    f16: kernels::reciprocal::<f16>, kernels::reciprocal::node::<f16>,
    bf16: kernels::reciprocal::<bf16>, kernels::reciprocal::node::<bf16>,
    f32: kernels::reciprocal::<f32>, kernels::reciprocal::node::<f32>,
    f64: kernels::reciprocal::<f64>, kernels::reciprocal::node::<f64>,
    c64: kernels::reciprocal_c64, kernels::reciprocal_c64::node,
    c128: kernels::reciprocal_c128, kernels::reciprocal_c128::node
);

/// `x + y`, elementwise (NumPy's `add`; the `+` operator). Integers wrap; `bool`s give their
/// logical or, as in NumPy.
///
/// Each operand is an array (broadcast NumPy-style) or a scalar of the same dtype.
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[2, 2], vec![1i8, 2, 3, 127])?;
/// let y = Array::from_vec(&Device::cpu(), &[2], vec![10i8, 1])?;
/// assert_eq!(math::add(&x, &y)?.to_vec()?, vec![11, 3, 13, -128]);
/// assert_eq!(math::add(&x, 1i8)?.to_vec()?, vec![2, 3, 4, -128]);
/// let b = Array::from_vec(&Device::cpu(), &[3], vec![true, false, false])?;
/// assert_eq!(math::add(&b, false)?.to_vec()?, vec![true, false, false]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn add<'a, T: AddMultiply>(
    x: impl IntoOperand<'a, T>,
    y: impl IntoOperand<'a, T>,
) -> Result<Array<T>> {
    T::add_values(x, y)
}

/// `x - y`, elementwise (NumPy's `subtract`; the `-` operator). Integers wrap. `bool` does not
/// compile (NumPy raises a `TypeError`: use [`logical_xor`](crate::math::logical_xor)).
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![1u8, 5, 0])?;
/// assert_eq!(math::subtract(&x, 1u8)?.to_vec()?, vec![0, 4, 255]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn subtract<'a, T: Numeric>(
    x: impl IntoOperand<'a, T>,
    y: impl IntoOperand<'a, T>,
) -> Result<Array<T>> {
    T::subtract(x, y)
}

/// `x * y`, elementwise (NumPy's `multiply`; the `*` operator). Integers wrap; `bool`s give
/// their logical and, as in NumPy.
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[2], vec![1.5f32, -2.0])?;
/// assert_eq!(math::multiply(2.0f32, &x)?.to_vec()?, vec![3.0, -4.0]);
/// let b = Array::from_vec(&Device::cpu(), &[2], vec![true, false])?;
/// assert_eq!(math::multiply(&b, true)?.to_vec()?, vec![true, false]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn multiply<'a, T: AddMultiply>(
    x: impl IntoOperand<'a, T>,
    y: impl IntoOperand<'a, T>,
) -> Result<Array<T>> {
    T::multiply_values(x, y)
}

/// True division `x / y` (NumPy's `divide`, `true_divide`; the `/` operator): floats in their
/// dtype (IEEE: `1 / 0 == inf`), integers and `bool` converted to `f64` first (NumPy's result
/// dtype).
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![7i32, -7, 1])?;
/// let q: Array<f64> = math::divide(&x, 2)?;
/// assert_eq!(q.to_vec()?, vec![3.5, -3.5, 0.5]);
/// assert_eq!(math::divide(&x, 0)?.to_vec()?, vec![f64::INFINITY, f64::NEG_INFINITY, f64::INFINITY]);
/// let b = Array::from_vec(&Device::cpu(), &[2], vec![true, false])?;
/// assert_eq!(math::divide(true, &b)?.to_vec()?, vec![1.0, f64::INFINITY]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn divide<'a, T: AddMultiply>(
    x: impl IntoOperand<'a, T>,
    y: impl IntoOperand<'a, T>,
) -> Result<Array<T::Ratio>> {
    T::divide_values(x, y)
}

/// The same function as [`divide`] (NumPy's `true_divide`).
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[2], vec![1.0f32, -1.0])?;
/// assert_eq!(math::true_divide(&x, 4.0f32)?.to_vec()?, vec![0.25, -0.25]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn true_divide<'a, T: AddMultiply>(
    x: impl IntoOperand<'a, T>,
    y: impl IntoOperand<'a, T>,
) -> Result<Array<T::Ratio>> {
    T::divide_values(x, y)
}

/// The quotient rounded toward -inf (NumPy's `floor_divide`, `//`). Integers: `x // 0 == 0`,
/// `MIN // -1 == MIN`; floats: NumPy's `divmod` (`1.0 // 0.1 == 9.0`, `-1.0 // inf == -1.0`,
/// `x // 0.0 == x / 0.0`).
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![-7i32, 7, 7])?;
/// let y = Array::from_vec(&Device::cpu(), &[3], vec![2i32, -2, 0])?;
/// assert_eq!(math::floor_divide(&x, &y)?.to_vec()?, vec![-4, -4, 0]);
/// let f = Array::from_vec(&Device::cpu(), &[1], vec![1.0f64])?;
/// assert_eq!(math::floor_divide(&f, 0.1)?.to_vec()?, vec![9.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn floor_divide<'a, T: Arithmetic>(
    x: impl IntoOperand<'a, T>,
    y: impl IntoOperand<'a, T>,
) -> Result<Array<T>> {
    T::floor_divide(x, y)
}

/// The remainder with the sign of the divisor (NumPy's `remainder`, `mod`, `%`; the `%`
/// operator). Integers: `x % 0 == 0`; floats: `-1.0 % inf == inf`, a zero remainder takes
/// the divisor's sign, `x % 0.0` is NaN.
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![-7i32, 7, 7])?;
/// let y = Array::from_vec(&Device::cpu(), &[3], vec![2i32, -2, 0])?;
/// assert_eq!(math::remainder(&x, &y)?.to_vec()?, vec![1, -1, 0]);
/// let f = Array::from_vec(&Device::cpu(), &[2], vec![-1.0f64, 4.0])?;
/// assert_eq!(math::remainder(&f, f64::INFINITY)?.to_vec()?, vec![f64::INFINITY, 4.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn remainder<'a, T: Arithmetic>(
    x: impl IntoOperand<'a, T>,
    y: impl IntoOperand<'a, T>,
) -> Result<Array<T>> {
    T::remainder(x, y)
}

/// `(floor_divide(x, y), remainder(x, y))` in one pass (NumPy's `divmod`).
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![-7.0f32, 7.0, 1.0])?;
/// let y = Array::from_vec(&Device::cpu(), &[3], vec![2.0f32, -2.0, 0.1])?;
/// let (q, r) = math::divmod(&x, &y)?;
/// assert_eq!(q.to_vec()?, vec![-4.0, -4.0, 9.0]);
/// assert_eq!(r.to_vec()?[..2], [1.0, -1.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
#[allow(clippy::type_complexity)]
pub fn divmod<'a, T: MathNum>(
    x: impl IntoOperand<'a, T>,
    y: impl IntoOperand<'a, T>,
) -> Result<(Array<T>, Array<T>)> {
    T::divmod(x, y)
}

/// C's remainder, with the sign of the dividend (NumPy's `fmod`). Integers: `x fmod 0 == 0`;
/// floats: `x fmod 0.0` is NaN.
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![-7i32, 7, 7])?;
/// let y = Array::from_vec(&Device::cpu(), &[3], vec![2i32, -2, 0])?;
/// assert_eq!(math::fmod(&x, &y)?.to_vec()?, vec![-1, 1, 0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn fmod<'a, T: Num>(
    x: impl IntoOperand<'a, T>,
    y: impl IntoOperand<'a, T>,
) -> Result<Array<T>> {
    kernels::fmod::<T>(x, y)
}

/// `-x`, elementwise (NumPy's `negative`; the unary `-` operator). Integers wrap (`-(1u8) ==
/// 255`, `-(i8::MIN) == i8::MIN`); `-(0.0) == -0.0`.
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[2], vec![1u8, 0])?;
/// assert_eq!(math::negative(&x)?.to_vec()?, vec![255, 0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn negative<'a, T: Numeric>(x: impl IntoOperand<'a, T>) -> Result<Array<T>> {
    T::negative(x)
}

/// `|x|`, elementwise (NumPy's `absolute`, `abs`). Integers wrap (`abs(i8::MIN) == i8::MIN`);
/// `abs(-0.0) == 0.0`; `bool` is returned unchanged (a new array), as NumPy does.
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![-3i8, 4, i8::MIN])?;
/// assert_eq!(math::absolute(&x)?.to_vec()?, vec![3, 4, i8::MIN]);
/// let b = Array::from_vec(&Device::cpu(), &[2], vec![true, false])?;
/// assert_eq!(math::absolute(&b)?.to_vec()?, vec![true, false]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn absolute<'a, T: Absolute>(x: impl IntoOperand<'a, T>) -> Result<Array<T::Real>> {
    T::absolute(x)
}

/// The same function as [`absolute`] (NumPy's `abs`).
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[2], vec![-0.5f32, -0.0])?;
/// assert_eq!(math::abs(&x)?.to_vec()?, vec![0.5, 0.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn abs<'a, T: Absolute>(x: impl IntoOperand<'a, T>) -> Result<Array<T::Real>> {
    T::absolute(x)
}

/// -1, 0 or 1 by the sign of `x` (NumPy's `sign`): `sign(-0.0) == 0.0` (Rust's `signum`
/// gives -1.0), `sign(nan)` is NaN; unsigned integers give 0 or 1. Complex numbers: NumPy 2's
/// `z / |z|` (0 for 0, NaN when a part is NaN, `+-1` or `+-i` when one part is infinite).
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[4], vec![-2.5f64, -0.0, 0.0, 7.0])?;
/// assert_eq!(math::sign(&x)?.to_vec()?, vec![-1.0, 0.0, 0.0, 1.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn sign<'a, T: SignSquare>(x: impl IntoOperand<'a, T>) -> Result<Array<T>> {
    T::sign(x)
}

/// `x * x`, elementwise (NumPy's `square`). Integers wrap; complex numbers are `(x x - y y) +
/// (x y + y x) i` (as NumPy, whose SIMD loop may fuse the products: last bits).
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[2], vec![-3i16, 200])?;
/// assert_eq!(math::square(&x)?.to_vec()?, vec![9, -25536]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn square<'a, T: SignSquare>(x: impl IntoOperand<'a, T>) -> Result<Array<T>> {
    T::square(x)
}

/// `1 / x`, elementwise (NumPy's `reciprocal`) of floats and complex numbers (complex: NumPy's
/// Smith division, `1 / 0` is NaN).
///
/// Where we differ from NumPy: integers have no `reciprocal` here (NumPy's integer division
/// `1 / x` is of little use and undefined at 0); use [`divide`].
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![4.0f32, -0.0, 0.5])?;
/// assert_eq!(math::reciprocal(&x)?.to_vec()?, vec![0.25, f32::NEG_INFINITY, 2.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn reciprocal<'a, T: Reciprocal>(x: impl IntoOperand<'a, T>) -> Result<Array<T>> {
    T::reciprocal(x)
}
