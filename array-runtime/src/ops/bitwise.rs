//! Bitwise operations: on integers bit by bit, on `bool` as logic (NumPy's `&`, `|`, `^`, `~`
//! of boolean arrays), and the shifts of integers with NumPy's saturating counts.

use crate::array::Array;
use crate::dtype::Int;
use crate::error::Result;
use crate::kernel::elementwise::IntoOperand;
use crate::ops::kernels as k;
use crate::DType;

/// Integers and `bool`: NumPy's `bitwise_and`, `bitwise_or`, `bitwise_xor` and `invert`
/// (`bool` ones are logical: `invert(true) == false`).
///
/// ```
/// use array_runtime::{ops::Bitwise, Array, Device};
/// let a = Array::from_vec(&Device::cpu(), &[2], vec![true, false])?;
/// assert_eq!(bool::invert(&a)?.to_vec()?, vec![false, true]);
/// assert_eq!(u8::bitwise_xor(0b1100u8, 0b1010u8)?.item()?, 0b0110);
/// # Ok::<(), array_runtime::Error>(())
/// ```
pub trait Bitwise: DType {
    /// `x & y`.
    fn bitwise_and<'a>(
        x: impl IntoOperand<'a, Self>,
        y: impl IntoOperand<'a, Self>,
    ) -> Result<Array<Self>>;

    /// [`Self::bitwise_and`] as a node of a lazy expression (what the operators build).
    fn bitwise_and_lazy(
        x: crate::expr::AnyExpr,
        y: crate::expr::AnyExpr,
    ) -> crate::expr::Expr<Self>;
    /// `x | y`.
    fn bitwise_or<'a>(
        x: impl IntoOperand<'a, Self>,
        y: impl IntoOperand<'a, Self>,
    ) -> Result<Array<Self>>;

    /// [`Self::bitwise_or`] as a node of a lazy expression (what the operators build).
    fn bitwise_or_lazy(x: crate::expr::AnyExpr, y: crate::expr::AnyExpr)
        -> crate::expr::Expr<Self>;
    /// `x ^ y`.
    fn bitwise_xor<'a>(
        x: impl IntoOperand<'a, Self>,
        y: impl IntoOperand<'a, Self>,
    ) -> Result<Array<Self>>;

    /// [`Self::bitwise_xor`] as a node of a lazy expression (what the operators build).
    fn bitwise_xor_lazy(
        x: crate::expr::AnyExpr,
        y: crate::expr::AnyExpr,
    ) -> crate::expr::Expr<Self>;
    /// `!x` (NumPy's `invert`, `~`).
    fn invert<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self>>;

    /// [`Self::invert`] as a node of a lazy expression (what the operators build).
    fn invert_lazy(x: crate::expr::AnyExpr) -> crate::expr::Expr<Self>;
}

macro_rules! int_bitwise {
    ($($t:ty),*) => {$(
        impl Bitwise for $t {
            fn bitwise_and<'a>(
                x: impl IntoOperand<'a, Self>,
                y: impl IntoOperand<'a, Self>,
            ) -> Result<Array<Self>> {
                k::bitwise_and::<$t>(x, y)
            }
            fn bitwise_and_lazy(x: crate::expr::AnyExpr, y: crate::expr::AnyExpr) -> crate::expr::Expr<Self> {
                crate::expr::Expr::call(k::bitwise_and::node::<$t>(), vec![x, y], crate::expr::Notation::Binary("&", 3))
            }
            fn bitwise_or<'a>(
                x: impl IntoOperand<'a, Self>,
                y: impl IntoOperand<'a, Self>,
            ) -> Result<Array<Self>> {
                k::bitwise_or::<$t>(x, y)
            }
            fn bitwise_or_lazy(x: crate::expr::AnyExpr, y: crate::expr::AnyExpr) -> crate::expr::Expr<Self> {
                crate::expr::Expr::call(k::bitwise_or::node::<$t>(), vec![x, y], crate::expr::Notation::Binary("|", 1))
            }
            fn bitwise_xor<'a>(
                x: impl IntoOperand<'a, Self>,
                y: impl IntoOperand<'a, Self>,
            ) -> Result<Array<Self>> {
                k::bitwise_xor::<$t>(x, y)
            }
            fn bitwise_xor_lazy(x: crate::expr::AnyExpr, y: crate::expr::AnyExpr) -> crate::expr::Expr<Self> {
                crate::expr::Expr::call(k::bitwise_xor::node::<$t>(), vec![x, y], crate::expr::Notation::Binary("^", 2))
            }
            fn invert<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self>> {
                k::invert::<$t>(x)
            }
            fn invert_lazy(x: crate::expr::AnyExpr) -> crate::expr::Expr<Self> {
                crate::expr::Expr::call(k::invert::node::<$t>(), vec![x], crate::expr::Notation::Unary("~"))
            }
        }
    )*};
}
int_bitwise!(i8, i16, i32, i64, u8, u16, u32, u64);

impl Bitwise for bool {
    fn bitwise_and<'a>(
        x: impl IntoOperand<'a, Self>,
        y: impl IntoOperand<'a, Self>,
    ) -> Result<Array<Self>> {
        k::logical_and(x, y)
    }
    fn bitwise_and_lazy(
        x: crate::expr::AnyExpr,
        y: crate::expr::AnyExpr,
    ) -> crate::expr::Expr<Self> {
        crate::expr::Expr::call(
            k::logical_and::node(),
            vec![x, y],
            crate::expr::Notation::Binary("&", 3),
        )
    }
    fn bitwise_or<'a>(
        x: impl IntoOperand<'a, Self>,
        y: impl IntoOperand<'a, Self>,
    ) -> Result<Array<Self>> {
        k::logical_or(x, y)
    }
    fn bitwise_or_lazy(
        x: crate::expr::AnyExpr,
        y: crate::expr::AnyExpr,
    ) -> crate::expr::Expr<Self> {
        crate::expr::Expr::call(
            k::logical_or::node(),
            vec![x, y],
            crate::expr::Notation::Binary("|", 1),
        )
    }
    fn bitwise_xor<'a>(
        x: impl IntoOperand<'a, Self>,
        y: impl IntoOperand<'a, Self>,
    ) -> Result<Array<Self>> {
        k::logical_xor(x, y)
    }
    fn bitwise_xor_lazy(
        x: crate::expr::AnyExpr,
        y: crate::expr::AnyExpr,
    ) -> crate::expr::Expr<Self> {
        crate::expr::Expr::call(
            k::logical_xor::node(),
            vec![x, y],
            crate::expr::Notation::Binary("^", 2),
        )
    }
    fn invert<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self>> {
        k::logical_not(x)
    }
    fn invert_lazy(x: crate::expr::AnyExpr) -> crate::expr::Expr<Self> {
        crate::expr::Expr::call(
            k::logical_not::node(),
            vec![x],
            crate::expr::Notation::Unary("~"),
        )
    }
}

/// NumPy's `left_shift` (`<<`): `x` shifted left by `count` bits, 0 when the count is negative
/// or at least the width (Rust masks the count instead).
///
/// ```
/// use array_runtime::{ops::left_shift, Array, Device};
/// let a = Array::from_vec(&Device::cpu(), &[3], vec![1u8, 1, 1])?;
/// let n = Array::from_vec(&Device::cpu(), &[3], vec![3u8, 7, 8])?;
/// assert_eq!(left_shift(&a, &n)?.to_vec()?, vec![8, 128, 0]);
/// # Ok::<(), array_runtime::Error>(())
/// ```
pub fn left_shift<'a, T: Int>(
    x: impl IntoOperand<'a, T>,
    count: impl IntoOperand<'a, T>,
) -> Result<Array<T>> {
    k::left_shift::<T>(x, count)
}

/// NumPy's `right_shift` (`>>`): arithmetic for signed integers; when the count is negative or
/// at least the width the result is all sign bits (`-1` for negative `x`, else `0`).
///
/// ```
/// use array_runtime::{ops::right_shift, Array, Device};
/// let a = Array::from_vec(&Device::cpu(), &[3], vec![-16i8, -16, 16])?;
/// let n = Array::from_vec(&Device::cpu(), &[3], vec![2i8, 8, 8])?;
/// assert_eq!(right_shift(&a, &n)?.to_vec()?, vec![-4, -1, 0]);
/// # Ok::<(), array_runtime::Error>(())
/// ```
pub fn right_shift<'a, T: Int>(
    x: impl IntoOperand<'a, T>,
    count: impl IntoOperand<'a, T>,
) -> Result<Array<T>> {
    k::right_shift::<T>(x, count)
}
