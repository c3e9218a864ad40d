//! `std::ops` on arrays: `&a + &b`, `&a * 2.0`, `2.0 * &a`, `-&a`, `!&a`, `&a << &n`, ...
//!
//! Every operator broadcasts NumPy-style and returns a `Result` (shapes that do not broadcast,
//! operands on different devices, a failed launch are errors, never panics), so chains read
//! `((&a + &b)? * 2.0)?`. Operands are borrowed or owned arrays (any view) or, on either side,
//! a scalar of the array's dtype. The result is on the operands' device.
//!
//! | NumPy | here | dtypes |
//! |---|---|---|
//! | `a + b`, `a - b`, `a * b` | `&a + &b`, ... | integers (wrapping), floats, complex |
//! | `a / b` | `&a / &b` | floats, complex: same dtype; integers: `Array<f64>` (true division) |
//! | `a // b` | [`Arithmetic::floor_divide`] (no Rust operator) | integers, floats |
//! | `a % b` | `&a % &b` (NumPy's `remainder`: the divisor's sign) | integers, floats |
//! | `-a` | `-&a` | integers (wrapping), floats, complex |
//! | `a & b`, `a \| b`, `a ^ b`, `~a` | `&a & &b`, `&a \| &b`, `&a ^ &b`, `!&a` | integers, `bool` |
//! | `a << n`, `a >> n` | `&a << &n`, `&a >> &n` (count of the same dtype) | integers |
//! | `a < b`, ... | [`Compare::less`], ... | numbers, `bool`, complex (lexicographic) |
//! | `a == b`, `a != b` | [`Equality::equal`], [`Equality::not_equal`] | numbers, `bool`, complex |
//!
//! Where we differ from NumPy: both operands have the same dtype (no type promotion: convert
//! one first); `bool + bool` and the other arithmetic of booleans are not implemented.
//!
//! [`Arithmetic::floor_divide`]: crate::ops::Arithmetic::floor_divide
//! [`Compare::less`]: crate::ops::Compare::less
//! [`Equality::equal`]: crate::ops::Equality::equal
//! [`Equality::not_equal`]: crate::ops::Equality::not_equal

use std::ops::{Add, BitAnd, BitOr, BitXor, Div, Mul, Neg, Not, Rem, Shl, Shr, Sub};

use crate::array::Array;
use crate::dtype::{bf16, c128, c64, f16, Int};
use crate::error::Result;
use crate::kernel::elementwise::IntoOperand;
use crate::ops::{bitwise, Arithmetic, Bitwise, Numeric};

/// An operator of two operands between arrays, borrowed or owned (`&a + &b`, `a + &b`,
/// `&a + b`, `a + b`), and with a scalar on the right (`&a + 1`, `a + 1`), computed by `$call`
/// on the operands `$x`, `$y`; `$out` is the result's element type.
macro_rules! binary {
    ($Op:ident, $op:ident, $Bound:path, $out:ty, |$x:ident, $y:ident| $call:expr) => {
        binary!(@one $Op, $op, $Bound, $out, |$x, $y| $call; ['b] &'b Array<T>, &Array<T>);
        binary!(@one $Op, $op, $Bound, $out, |$x, $y| $call; ['b] &'b Array<T>, Array<T>);
        binary!(@one $Op, $op, $Bound, $out, |$x, $y| $call; [] Array<T>, &Array<T>);
        binary!(@one $Op, $op, $Bound, $out, |$x, $y| $call; [] Array<T>, Array<T>);

        impl<T: $Bound + for<'s> IntoOperand<'s, T>> $Op<T> for &Array<T> {
            type Output = Result<Array<$out>>;
            fn $op(self, rhs: T) -> Self::Output {
                let ($x, $y) = (self, rhs);
                $call
            }
        }

        impl<T: $Bound + for<'s> IntoOperand<'s, T>> $Op<T> for Array<T> {
            type Output = Result<Array<$out>>;
            fn $op(self, rhs: T) -> Self::Output {
                let ($x, $y) = (self, rhs);
                $call
            }
        }
    };
    (@one $Op:ident, $op:ident, $Bound:path, $out:ty, |$x:ident, $y:ident| $call:expr;
        [$($l:lifetime)?] $Rhs:ty, $Lhs:ty) => {
        impl<$($l,)? T: $Bound> $Op<$Rhs> for $Lhs {
            type Output = Result<Array<$out>>;
            fn $op(self, rhs: $Rhs) -> Self::Output {
                let ($x, $y) = (self, rhs);
                $call
            }
        }
    };
}

binary!(Add, add, Numeric, T, |x, y| T::add(x, y));
binary!(Sub, sub, Numeric, T, |x, y| T::subtract(x, y));
binary!(Mul, mul, Numeric, T, |x, y| T::multiply(x, y));
binary!(Div, div, Numeric, T::Quotient, |x, y| T::true_divide(x, y));
binary!(Rem, rem, Arithmetic, T, |x, y| T::remainder(x, y));
binary!(BitAnd, bitand, Bitwise, T, |x, y| T::bitwise_and(x, y));
binary!(BitOr, bitor, Bitwise, T, |x, y| T::bitwise_or(x, y));
binary!(BitXor, bitxor, Bitwise, T, |x, y| T::bitwise_xor(x, y));
binary!(Shl, shl, Int, T, |x, y| bitwise::left_shift::<T>(x, y));
binary!(Shr, shr, Int, T, |x, y| bitwise::right_shift::<T>(x, y));

impl<T: Numeric> Neg for &Array<T> {
    type Output = Result<Array<T>>;
    fn neg(self) -> Self::Output {
        T::negative(self)
    }
}

impl<T: Numeric> Neg for Array<T> {
    type Output = Result<Array<T>>;
    fn neg(self) -> Self::Output {
        T::negative(self)
    }
}

impl<T: Bitwise> Not for &Array<T> {
    type Output = Result<Array<T>>;
    fn not(self) -> Self::Output {
        T::invert(self)
    }
}

impl<T: Bitwise> Not for Array<T> {
    type Output = Result<Array<T>>;
    fn not(self) -> Self::Output {
        T::invert(self)
    }
}

/// `scalar op &Array<T>` and `scalar op Array<T>` for each concrete dtype (a foreign type on
/// the left cannot be generic).
macro_rules! scalar_lhs {
    ($Op:ident, $op:ident, $out:ty, |$x:ident, $y:ident| $call:expr; $($t:ty),*) => {$(
        impl<'b> $Op<&'b Array<$t>> for $t {
            type Output = Result<Array<$out>>;
            fn $op(self, rhs: &'b Array<$t>) -> Self::Output {
                let ($x, $y) = (self, rhs);
                $call
            }
        }

        impl $Op<Array<$t>> for $t {
            type Output = Result<Array<$out>>;
            fn $op(self, rhs: Array<$t>) -> Self::Output {
                let ($x, $y) = (self, rhs);
                $call
            }
        }
    )*};
}

scalar_lhs!(Add, add, Self, |x, y| <Self as Numeric>::add(x, y);
    i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64, c64, c128);
scalar_lhs!(Sub, sub, Self, |x, y| Self::subtract(x, y);
    i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64, c64, c128);
scalar_lhs!(Mul, mul, Self, |x, y| Self::multiply(x, y);
    i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64, c64, c128);
scalar_lhs!(Div, div, <Self as Numeric>::Quotient, |x, y| Self::true_divide(x, y);
    i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64, c64, c128);
scalar_lhs!(Rem, rem, Self, |x, y| Self::remainder(x, y);
    i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64);
scalar_lhs!(BitAnd, bitand, Self, |x, y| Self::bitwise_and(x, y);
    bool, i8, i16, i32, i64, u8, u16, u32, u64);
scalar_lhs!(BitOr, bitor, Self, |x, y| Self::bitwise_or(x, y);
    bool, i8, i16, i32, i64, u8, u16, u32, u64);
scalar_lhs!(BitXor, bitxor, Self, |x, y| Self::bitwise_xor(x, y);
    bool, i8, i16, i32, i64, u8, u16, u32, u64);
scalar_lhs!(Shl, shl, Self, |x, y| bitwise::left_shift::<Self>(x, y);
    i8, i16, i32, i64, u8, u16, u32, u64);
scalar_lhs!(Shr, shr, Self, |x, y| bitwise::right_shift::<Self>(x, y);
    i8, i16, i32, i64, u8, u16, u32, u64);
