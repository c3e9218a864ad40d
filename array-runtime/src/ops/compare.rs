//! Comparisons: arrays of `bool`, as NumPy's `equal`, `less`, ... (Rust's `PartialEq` and
//! `PartialOrd` cannot return an array, so these are functions rather than operators).

use crate::array::Array;
use crate::dtype::DType;
use crate::error::Result;
use crate::kernel::elementwise::IntoOperand;
use crate::ops::kernels as k;

/// Dtypes with equality: every number (NaN equals nothing), `bool`, complex (both parts).
///
/// ```
/// use array_runtime::{c64, ops::Equality, Array, Device};
/// let z = Array::from_vec(&Device::cpu(), &[2], vec![c64::new(1.0, 2.0), c64::new(1.0, 0.0)])?;
/// assert_eq!(c64::equal(&z, c64::new(1.0, 2.0))?.to_vec()?, vec![true, false]);
/// # Ok::<(), array_runtime::Error>(())
/// ```
pub trait Equality: DType {
    /// `x == y`.
    fn equal<'a>(
        x: impl IntoOperand<'a, Self>,
        y: impl IntoOperand<'a, Self>,
    ) -> Result<Array<bool>>;

    /// [`Self::equal`] as a node of a lazy expression (what the operators build).
    fn equal_lazy(x: crate::expr::AnyExpr, y: crate::expr::AnyExpr) -> crate::expr::Expr<bool>;
    /// `x != y`.
    fn not_equal<'a>(
        x: impl IntoOperand<'a, Self>,
        y: impl IntoOperand<'a, Self>,
    ) -> Result<Array<bool>>;

    /// [`Self::not_equal`] as a node of a lazy expression (what the operators build).
    fn not_equal_lazy(x: crate::expr::AnyExpr, y: crate::expr::AnyExpr) -> crate::expr::Expr<bool>;
}

/// Dtypes that are ordered: integers and floats (NaN compares false), `bool` (`false <
/// true`), complex numbers (NumPy's lexicographic order: real parts, then imaginary parts).
///
/// ```
/// use array_runtime::{ops::{Compare, Equality}, Array, Device};
/// let a = Array::from_vec(&Device::cpu(), &[3], vec![1.0f32, f32::NAN, 3.0])?;
/// assert_eq!(f32::less(&a, 2.0)?.to_vec()?, vec![true, false, false]);
/// assert_eq!(f32::not_equal(&a, &a)?.to_vec()?, vec![false, true, false]);
/// # Ok::<(), array_runtime::Error>(())
/// ```
pub trait Compare: Equality {
    /// `x < y`.
    fn less<'a>(
        x: impl IntoOperand<'a, Self>,
        y: impl IntoOperand<'a, Self>,
    ) -> Result<Array<bool>>;

    /// [`Self::less`] as a node of a lazy expression (what the operators build).
    fn less_lazy(x: crate::expr::AnyExpr, y: crate::expr::AnyExpr) -> crate::expr::Expr<bool>;
    /// `x <= y`.
    fn less_equal<'a>(
        x: impl IntoOperand<'a, Self>,
        y: impl IntoOperand<'a, Self>,
    ) -> Result<Array<bool>>;

    /// [`Self::less_equal`] as a node of a lazy expression (what the operators build).
    fn less_equal_lazy(x: crate::expr::AnyExpr, y: crate::expr::AnyExpr)
        -> crate::expr::Expr<bool>;
    /// `x > y`.
    fn greater<'a>(
        x: impl IntoOperand<'a, Self>,
        y: impl IntoOperand<'a, Self>,
    ) -> Result<Array<bool>>;

    /// [`Self::greater`] as a node of a lazy expression (what the operators build).
    fn greater_lazy(x: crate::expr::AnyExpr, y: crate::expr::AnyExpr) -> crate::expr::Expr<bool>;
    /// `x >= y`.
    fn greater_equal<'a>(
        x: impl IntoOperand<'a, Self>,
        y: impl IntoOperand<'a, Self>,
    ) -> Result<Array<bool>>;

    /// [`Self::greater_equal`] as a node of a lazy expression (what the operators build).
    fn greater_equal_lazy(
        x: crate::expr::AnyExpr,
        y: crate::expr::AnyExpr,
    ) -> crate::expr::Expr<bool>;
}

macro_rules! num_compare {
    ($($t:ty),*) => {$(
        impl Equality for $t {
            fn equal<'a>(
                x: impl IntoOperand<'a, Self>,
                y: impl IntoOperand<'a, Self>,
            ) -> Result<Array<bool>> {
                k::equal::<$t>(x, y)
            }
            fn equal_lazy(x: crate::expr::AnyExpr, y: crate::expr::AnyExpr) -> crate::expr::Expr<bool> {
                crate::expr::Expr::call(k::equal::node::<$t>(), vec![x, y], crate::expr::Notation::Binary("==", 0))
            }
            fn not_equal<'a>(
                x: impl IntoOperand<'a, Self>,
                y: impl IntoOperand<'a, Self>,
            ) -> Result<Array<bool>> {
                k::not_equal::<$t>(x, y)
            }
            fn not_equal_lazy(x: crate::expr::AnyExpr, y: crate::expr::AnyExpr) -> crate::expr::Expr<bool> {
                crate::expr::Expr::call(k::not_equal::node::<$t>(), vec![x, y], crate::expr::Notation::Binary("!=", 0))
            }
        }

        impl Compare for $t {
            fn less<'a>(
                x: impl IntoOperand<'a, Self>,
                y: impl IntoOperand<'a, Self>,
            ) -> Result<Array<bool>> {
                k::less::<$t>(x, y)
            }
            fn less_lazy(x: crate::expr::AnyExpr, y: crate::expr::AnyExpr) -> crate::expr::Expr<bool> {
                crate::expr::Expr::call(k::less::node::<$t>(), vec![x, y], crate::expr::Notation::Binary("<", 0))
            }
            fn less_equal<'a>(
                x: impl IntoOperand<'a, Self>,
                y: impl IntoOperand<'a, Self>,
            ) -> Result<Array<bool>> {
                k::less_equal::<$t>(x, y)
            }
            fn less_equal_lazy(x: crate::expr::AnyExpr, y: crate::expr::AnyExpr) -> crate::expr::Expr<bool> {
                crate::expr::Expr::call(k::less_equal::node::<$t>(), vec![x, y], crate::expr::Notation::Binary("<=", 0))
            }
            fn greater<'a>(
                x: impl IntoOperand<'a, Self>,
                y: impl IntoOperand<'a, Self>,
            ) -> Result<Array<bool>> {
                k::greater::<$t>(x, y)
            }
            fn greater_lazy(x: crate::expr::AnyExpr, y: crate::expr::AnyExpr) -> crate::expr::Expr<bool> {
                crate::expr::Expr::call(k::greater::node::<$t>(), vec![x, y], crate::expr::Notation::Binary(">", 0))
            }
            fn greater_equal<'a>(
                x: impl IntoOperand<'a, Self>,
                y: impl IntoOperand<'a, Self>,
            ) -> Result<Array<bool>> {
                k::greater_equal::<$t>(x, y)
            }
            fn greater_equal_lazy(x: crate::expr::AnyExpr, y: crate::expr::AnyExpr) -> crate::expr::Expr<bool> {
                crate::expr::Expr::call(k::greater_equal::node::<$t>(), vec![x, y], crate::expr::Notation::Binary(">=", 0))
            }
        }
    )*};
}
num_compare!(
    i8,
    i16,
    i32,
    i64,
    u8,
    u16,
    u32,
    u64,
    crate::f16,
    crate::bf16,
    f32,
    f64
);

// `bool`: `x < y` is `y > x`, so two ordering kernels serve the four comparisons.
impl Equality for bool {
    fn equal<'a>(
        x: impl IntoOperand<'a, Self>,
        y: impl IntoOperand<'a, Self>,
    ) -> Result<Array<bool>> {
        k::equal_bool(x, y)
    }
    fn equal_lazy(x: crate::expr::AnyExpr, y: crate::expr::AnyExpr) -> crate::expr::Expr<bool> {
        crate::expr::Expr::call(
            k::equal_bool::node(),
            vec![x, y],
            crate::expr::Notation::Binary("==", 0),
        )
    }
    fn not_equal<'a>(
        x: impl IntoOperand<'a, Self>,
        y: impl IntoOperand<'a, Self>,
    ) -> Result<Array<bool>> {
        k::logical_xor(x, y)
    }
    fn not_equal_lazy(x: crate::expr::AnyExpr, y: crate::expr::AnyExpr) -> crate::expr::Expr<bool> {
        crate::expr::Expr::call(
            k::logical_xor::node(),
            vec![x, y],
            crate::expr::Notation::Binary("!=", 0),
        )
    }
}

impl Compare for bool {
    fn less<'a>(
        x: impl IntoOperand<'a, Self>,
        y: impl IntoOperand<'a, Self>,
    ) -> Result<Array<bool>> {
        k::less_bool(x, y)
    }
    fn less_lazy(x: crate::expr::AnyExpr, y: crate::expr::AnyExpr) -> crate::expr::Expr<bool> {
        crate::expr::Expr::call(
            k::less_bool::node(),
            vec![x, y],
            crate::expr::Notation::Binary("<", 0),
        )
    }
    fn less_equal<'a>(
        x: impl IntoOperand<'a, Self>,
        y: impl IntoOperand<'a, Self>,
    ) -> Result<Array<bool>> {
        k::less_equal_bool(x, y)
    }
    fn less_equal_lazy(
        x: crate::expr::AnyExpr,
        y: crate::expr::AnyExpr,
    ) -> crate::expr::Expr<bool> {
        crate::expr::Expr::call(
            k::less_equal_bool::node(),
            vec![x, y],
            crate::expr::Notation::Binary("<=", 0),
        )
    }
    fn greater<'a>(
        x: impl IntoOperand<'a, Self>,
        y: impl IntoOperand<'a, Self>,
    ) -> Result<Array<bool>> {
        k::less_bool(y, x)
    }
    fn greater_lazy(x: crate::expr::AnyExpr, y: crate::expr::AnyExpr) -> crate::expr::Expr<bool> {
        crate::expr::Expr::call(
            k::less_bool::node(),
            vec![y, x],
            crate::expr::Notation::Binary("<", 0),
        )
    }
    fn greater_equal<'a>(
        x: impl IntoOperand<'a, Self>,
        y: impl IntoOperand<'a, Self>,
    ) -> Result<Array<bool>> {
        k::less_equal_bool(y, x)
    }
    fn greater_equal_lazy(
        x: crate::expr::AnyExpr,
        y: crate::expr::AnyExpr,
    ) -> crate::expr::Expr<bool> {
        crate::expr::Expr::call(
            k::less_equal_bool::node(),
            vec![y, x],
            crate::expr::Notation::Binary("<=", 0),
        )
    }
}

macro_rules! complex_equality {
    ($($t:ty => $eq:ident, $ne:ident;)*) => {$(
        impl Equality for $t {
            fn equal<'a>(
                x: impl IntoOperand<'a, Self>,
                y: impl IntoOperand<'a, Self>,
            ) -> Result<Array<bool>> {
                k::$eq(x, y)
            }
            fn equal_lazy(x: crate::expr::AnyExpr, y: crate::expr::AnyExpr) -> crate::expr::Expr<bool> {
                crate::expr::Expr::call(k::$eq::node(), vec![x, y], crate::expr::Notation::Binary("==", 0))
            }
            fn not_equal<'a>(
                x: impl IntoOperand<'a, Self>,
                y: impl IntoOperand<'a, Self>,
            ) -> Result<Array<bool>> {
                k::$ne(x, y)
            }
            fn not_equal_lazy(x: crate::expr::AnyExpr, y: crate::expr::AnyExpr) -> crate::expr::Expr<bool> {
                crate::expr::Expr::call(k::$ne::node(), vec![x, y], crate::expr::Notation::Binary("!=", 0))
            }
        }
    )*};
}
complex_equality! {
    crate::c64 => equal_c64, not_equal_c64;
    crate::c128 => equal_c128, not_equal_c128;
}

// Complex numbers: NumPy's lexicographic order; `x > y` is `y < x`.
macro_rules! complex_order {
    ($($t:ty => $lt:ident, $le:ident;)*) => {$(
        impl Compare for $t {
            fn less<'a>(
                x: impl IntoOperand<'a, Self>,
                y: impl IntoOperand<'a, Self>,
            ) -> Result<Array<bool>> {
                k::$lt(x, y)
            }
            fn less_lazy(x: crate::expr::AnyExpr, y: crate::expr::AnyExpr) -> crate::expr::Expr<bool> {
                crate::expr::Expr::call(k::$lt::node(), vec![x, y], crate::expr::Notation::Binary("<", 0))
            }
            fn less_equal<'a>(
                x: impl IntoOperand<'a, Self>,
                y: impl IntoOperand<'a, Self>,
            ) -> Result<Array<bool>> {
                k::$le(x, y)
            }
            fn less_equal_lazy(x: crate::expr::AnyExpr, y: crate::expr::AnyExpr) -> crate::expr::Expr<bool> {
                crate::expr::Expr::call(k::$le::node(), vec![x, y], crate::expr::Notation::Binary("<=", 0))
            }
            fn greater<'a>(
                x: impl IntoOperand<'a, Self>,
                y: impl IntoOperand<'a, Self>,
            ) -> Result<Array<bool>> {
                k::$lt(y, x)
            }
            fn greater_lazy(x: crate::expr::AnyExpr, y: crate::expr::AnyExpr) -> crate::expr::Expr<bool> {
                crate::expr::Expr::call(k::$lt::node(), vec![y, x], crate::expr::Notation::Binary("<", 0))
            }
            fn greater_equal<'a>(
                x: impl IntoOperand<'a, Self>,
                y: impl IntoOperand<'a, Self>,
            ) -> Result<Array<bool>> {
                k::$le(y, x)
            }
            fn greater_equal_lazy(x: crate::expr::AnyExpr, y: crate::expr::AnyExpr) -> crate::expr::Expr<bool> {
                crate::expr::Expr::call(k::$le::node(), vec![y, x], crate::expr::Notation::Binary("<=", 0))
            }
        }
    )*};
}
complex_order! {
    crate::c64 => less_c64, less_equal_c64;
    crate::c128 => less_c128, less_equal_c128;
}
