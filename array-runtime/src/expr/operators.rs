//! `std::ops` on arrays and expressions, building lazy [`Expr`]s (see [`crate::ops::operators`]
//! for the table of NumPy's operators and their semantics), and the comparisons as methods
//! ([`Cmp`]).
//!
//! Operands: `&Array<T>`, `Array<T>`, `Expr<T>`, `&Expr<T>` on either side, a scalar of `T` on
//! either side (NumPy 2 keeps the array's dtype for a Python scalar, NEP 50: `&a_f32 * 2.5` is
//! `f32`). Two arrays or expressions of different dtypes promote as NumPy does
//! ([`crate::promote`]).

use std::ops::{Add, BitAnd, BitOr, BitXor, Div, Mul, Neg, Not, Rem, Shl, Shr, Sub};

use crate::array::Array;
use crate::dtype::{bf16, c128, c64, f16, DType, Int};
use crate::expr::{scalar_node, AnyExpr, Expr, IntoExpr, Notation};
use crate::ops::{kernels as k, AddMultiply, Arithmetic, Bitwise, Compare, Equality, Numeric};
use crate::promote::Promote;

fn lazy_shl<T: Int>(x: AnyExpr, y: AnyExpr) -> Expr<T> {
    Expr::call(
        k::left_shift::node::<T>(),
        vec![x, y],
        Notation::Binary("<<", 4),
    )
}

fn lazy_shr<T: Int>(x: AnyExpr, y: AnyExpr) -> Expr<T> {
    Expr::call(
        k::right_shift::node::<T>(),
        vec![x, y],
        Notation::Binary(">>", 4),
    )
}

/// The shifts as lazy nodes, beside the other families' (`Numeric::add_lazy`, ...).
pub trait Shift: Int {
    /// `x << y`
    fn shl_lazy(x: AnyExpr, y: AnyExpr) -> Expr<Self>;
    /// `x >> y`
    fn shr_lazy(x: AnyExpr, y: AnyExpr) -> Expr<Self>;
}

impl<T: Int> Shift for T {
    fn shl_lazy(x: AnyExpr, y: AnyExpr) -> Expr<T> {
        lazy_shl::<T>(x, y)
    }
    fn shr_lazy(x: AnyExpr, y: AnyExpr) -> Expr<T> {
        lazy_shr::<T>(x, y)
    }
}

/// One binary operator for every pair of operand kinds, of any two dtypes (promoted as
/// NumPy does: both sides are converted to `<T as Promote<U>>::Output`, `P` below, inside the
/// expression), and with a scalar of the left side's dtype on the right. `$kind` says the
/// result's dtype: `Same` (`P`) or `Quotient` (`P`'s true-division dtype).
macro_rules! binary {
    ($Op:ident, $op:ident, $Bound:ident :: $lazy:ident, $kind:ident) => {
        binary!(@lhs $Op, $op, $Bound::$lazy, $kind; &Array<T>);
        binary!(@lhs $Op, $op, $Bound::$lazy, $kind; Array<T>);
        binary!(@lhs $Op, $op, $Bound::$lazy, $kind; Expr<T>);
        binary!(@lhs $Op, $op, $Bound::$lazy, $kind; &Expr<T>);
    };
    (@lhs $Op:ident, $op:ident, $Bound:ident :: $lazy:ident, $kind:ident; $Lhs:ty) => {
        binary!(@pair $Op, $op, $Bound::$lazy, $kind; $Lhs, &Array<U>);
        binary!(@pair $Op, $op, $Bound::$lazy, $kind; $Lhs, Array<U>);
        binary!(@pair $Op, $op, $Bound::$lazy, $kind; $Lhs, Expr<U>);
        binary!(@pair $Op, $op, $Bound::$lazy, $kind; $Lhs, &Expr<U>);

        impl<T: $Bound> $Op<T> for $Lhs
        where
            T: IntoExpr<T>,
        {
            type Output = Expr<binary!(@out $kind, T)>;
            fn $op(self, rhs: T) -> Self::Output {
                <T as $Bound>::$lazy(self.into_expr().erase(), scalar_node(rhs).erase())
            }
        }
    };
    (@pair $Op:ident, $op:ident, $Bound:ident :: $lazy:ident, $kind:ident; $Lhs:ty, $Rhs:ty) => {
        impl<T: Promote<U>, U: DType> $Op<$Rhs> for $Lhs
        where
            <T as Promote<U>>::Output: $Bound,
        {
            type Output = Expr<binary!(@out $kind, <T as Promote<U>>::Output)>;
            fn $op(self, rhs: $Rhs) -> Self::Output {
                type P<T, U> = <T as Promote<U>>::Output;
                let x = self.into_expr().astype::<P<T, U>>();
                let y = rhs.into_expr().astype::<P<T, U>>();
                <P<T, U> as $Bound>::$lazy(x.erase(), y.erase())
            }
        }
    };
    (@out Same, $P:ty) => { $P };
    (@out Quotient, $P:ty) => { <$P as AddMultiply>::Ratio };
}

binary!(Add, add, AddMultiply::add_values_lazy, Same);
binary!(Sub, sub, Numeric::subtract_lazy, Same);
binary!(Mul, mul, AddMultiply::multiply_values_lazy, Same);
binary!(Div, div, AddMultiply::divide_values_lazy, Quotient);
binary!(Rem, rem, Arithmetic::remainder_lazy, Same);
binary!(BitAnd, bitand, Bitwise::bitwise_and_lazy, Same);
binary!(BitOr, bitor, Bitwise::bitwise_or_lazy, Same);
binary!(BitXor, bitxor, Bitwise::bitwise_xor_lazy, Same);
binary!(Shl, shl, Shift::shl_lazy, Same);
binary!(Shr, shr, Shift::shr_lazy, Same);

/// The unary operators for every operand kind.
macro_rules! unary {
    ($($Lhs:ty),*) => {$(
        impl<T: Numeric> Neg for $Lhs {
            type Output = Expr<T>;
            fn neg(self) -> Expr<T> {
                T::negative_lazy(self.into_expr().erase())
            }
        }

        impl<T: Bitwise> Not for $Lhs {
            type Output = Expr<T>;
            fn not(self) -> Expr<T> {
                T::invert_lazy(self.into_expr().erase())
            }
        }
    )*};
}
unary!(Array<T>, Expr<T>, &Expr<T>);

impl<T: Numeric> Neg for &Array<T> {
    type Output = Expr<T>;
    fn neg(self) -> Expr<T> {
        T::negative_lazy(self.into_expr().erase())
    }
}

impl<T: Bitwise> Not for &Array<T> {
    type Output = Expr<T>;
    fn not(self) -> Expr<T> {
        T::invert_lazy(self.into_expr().erase())
    }
}

/// `scalar op operand` for each concrete dtype (a foreign type on the left cannot be
/// generic): `$lazy` is the node of `$t`, `$out` the result's dtype.
macro_rules! scalar_lhs {
    ($Op:ident, $op:ident, $Trait:ident :: $lazy:ident, $out:ident; $($t:ty),*) => {$(
        scalar_lhs!(@one $Op, $op, $Trait::$lazy, $out, $t; &Array<$t>);
        scalar_lhs!(@one $Op, $op, $Trait::$lazy, $out, $t; Array<$t>);
        scalar_lhs!(@one $Op, $op, $Trait::$lazy, $out, $t; Expr<$t>);
        scalar_lhs!(@one $Op, $op, $Trait::$lazy, $out, $t; &Expr<$t>);
    )*};
    (@one $Op:ident, $op:ident, $Trait:ident :: $lazy:ident, Same, $t:ty; $Rhs:ty) => {
        impl $Op<$Rhs> for $t {
            type Output = Expr<$t>;
            fn $op(self, rhs: $Rhs) -> Expr<$t> {
                <$t as $Trait>::$lazy(scalar_node(self).erase(), rhs.into_expr().erase())
            }
        }
    };
    (@one $Op:ident, $op:ident, $Trait:ident :: $lazy:ident, Quotient, $t:ty; $Rhs:ty) => {
        impl $Op<$Rhs> for $t {
            type Output = Expr<<$t as AddMultiply>::Ratio>;
            fn $op(self, rhs: $Rhs) -> Self::Output {
                <$t as $Trait>::$lazy(scalar_node(self).erase(), rhs.into_expr().erase())
            }
        }
    };
}

scalar_lhs!(Add, add, AddMultiply::add_values_lazy, Same;
    bool, i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64, c64, c128);
scalar_lhs!(Sub, sub, Numeric::subtract_lazy, Same;
    i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64, c64, c128);
scalar_lhs!(Mul, mul, AddMultiply::multiply_values_lazy, Same;
    bool, i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64, c64, c128);
scalar_lhs!(Div, div, AddMultiply::divide_values_lazy, Quotient;
    bool, i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64, c64, c128);
scalar_lhs!(Rem, rem, Arithmetic::remainder_lazy, Same;
    i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64);
scalar_lhs!(BitAnd, bitand, Bitwise::bitwise_and_lazy, Same;
    bool, i8, i16, i32, i64, u8, u16, u32, u64);
scalar_lhs!(BitOr, bitor, Bitwise::bitwise_or_lazy, Same;
    bool, i8, i16, i32, i64, u8, u16, u32, u64);
scalar_lhs!(BitXor, bitxor, Bitwise::bitwise_xor_lazy, Same;
    bool, i8, i16, i32, i64, u8, u16, u32, u64);
scalar_lhs!(Shl, shl, Shift::shl_lazy, Same; i8, i16, i32, i64, u8, u16, u32, u64);
scalar_lhs!(Shr, shr, Shift::shr_lazy, Same; i8, i16, i32, i64, u8, u16, u32, u64);

/// NumPy's comparisons as methods on arrays and expressions, building `Expr<bool>`
/// (`a < b` is `a.less(&b)`: Rust's `<` must return `bool`). Arrays are borrowed
/// (`a.less(..)` takes `&a`), expressions taken.
///
/// ```
/// use array_runtime::{Array, Device, expr::Cmp};
/// let a = Array::from_vec(&Device::cpu(), &[3], vec![1.0f32, 5.0, 3.0])?;
/// assert_eq!(a.less(3.0).to_vec()?, vec![true, false, false]);
/// assert_eq!((&a * 2.0).greater_equal(&a + 3.0).to_vec()?, vec![false, true, true]);
/// assert_eq!(a.equal(&a).to_vec()?, vec![true, true, true]);
/// # Ok::<(), array_runtime::Error>(())
/// ```
pub trait Cmp<T: Compare>: IntoExpr<T> + Sized {
    /// `self < rhs`
    fn less(self, rhs: impl IntoExpr<T>) -> Expr<bool> {
        T::less_lazy(self.into_expr().erase(), rhs.into_expr().erase())
    }
    /// `self <= rhs`
    fn less_equal(self, rhs: impl IntoExpr<T>) -> Expr<bool> {
        T::less_equal_lazy(self.into_expr().erase(), rhs.into_expr().erase())
    }
    /// `self > rhs`
    fn greater(self, rhs: impl IntoExpr<T>) -> Expr<bool> {
        T::greater_lazy(self.into_expr().erase(), rhs.into_expr().erase())
    }
    /// `self >= rhs`
    fn greater_equal(self, rhs: impl IntoExpr<T>) -> Expr<bool> {
        T::greater_equal_lazy(self.into_expr().erase(), rhs.into_expr().erase())
    }
    /// `self == rhs`, elementwise
    fn equal(self, rhs: impl IntoExpr<T>) -> Expr<bool> {
        <T as Equality>::equal_lazy(self.into_expr().erase(), rhs.into_expr().erase())
    }
    /// `self != rhs`, elementwise
    fn not_equal(self, rhs: impl IntoExpr<T>) -> Expr<bool> {
        <T as Equality>::not_equal_lazy(self.into_expr().erase(), rhs.into_expr().erase())
    }
}

impl<T: Compare> Cmp<T> for &Array<T> {}
impl<T: Compare> Cmp<T> for Expr<T> {}
impl<T: Compare> Cmp<T> for &Expr<T> {}
