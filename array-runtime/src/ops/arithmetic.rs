//! The arithmetic of each dtype family: `+ - *`, true division and negation for every number
//! ([`Numeric`]: integers, floats, complex), floor division and remainder for the real ones
//! ([`Arithmetic`]); `+`, `*` and `/` of `bool` as well ([`AddMultiply`]). Their NumPy semantics differ between the families, so each trait
//! dispatches to the family's kernels.

use crate::array::Array;
use crate::dtype::{bf16, c128, c64, f16, Num};
use crate::error::Result;
use crate::kernel::elementwise::IntoOperand;
use crate::ops::kernels as k;
use crate::DType;

/// Numbers (integers, floats, complex): NumPy's `add`, `subtract`, `multiply`,
/// `true_divide` and `negative`.
///
/// ```
/// use array_runtime::{c64, ops::Numeric, Array, Device};
/// let z = Array::from_vec(&Device::cpu(), &[1], vec![c64::new(1.0, 2.0)])?;
/// assert_eq!(c64::multiply(&z, &z)?.to_vec()?, vec![c64::new(-3.0, 4.0)]);
/// assert_eq!(i32::true_divide(7, 2)?.item()?, 3.5);
/// # Ok::<(), array_runtime::Error>(())
/// ```
pub trait Numeric: DType {
    /// The dtype of `x / y`: `Self` for floats and complex, `f64` for integers (NumPy's true
    /// division).
    type Quotient: DType;

    /// `x + y` (integers wrap).
    fn add<'a>(x: impl IntoOperand<'a, Self>, y: impl IntoOperand<'a, Self>)
        -> Result<Array<Self>>;

    /// [`Self::add`] as a node of a lazy expression (what the operators build).
    fn add_lazy(x: crate::expr::AnyExpr, y: crate::expr::AnyExpr) -> crate::expr::Expr<Self>;

    /// `x - y` (integers wrap).
    fn subtract<'a>(
        x: impl IntoOperand<'a, Self>,
        y: impl IntoOperand<'a, Self>,
    ) -> Result<Array<Self>>;

    /// [`Self::subtract`] as a node of a lazy expression (what the operators build).
    fn subtract_lazy(x: crate::expr::AnyExpr, y: crate::expr::AnyExpr) -> crate::expr::Expr<Self>;

    /// `x * y` (integers wrap; complex: `(ac - bd) + (ad + bc)i`).
    fn multiply<'a>(
        x: impl IntoOperand<'a, Self>,
        y: impl IntoOperand<'a, Self>,
    ) -> Result<Array<Self>>;

    /// [`Self::multiply`] as a node of a lazy expression (what the operators build).
    fn multiply_lazy(x: crate::expr::AnyExpr, y: crate::expr::AnyExpr) -> crate::expr::Expr<Self>;

    /// `x / y` as NumPy's `true_divide`: floats divide in their own dtype (IEEE), integers
    /// are converted to `f64` first (`1 / 0 == inf`, `0 / 0 == nan`), complex numbers by
    /// Smith's algorithm as NumPy does.
    fn true_divide<'a>(
        x: impl IntoOperand<'a, Self>,
        y: impl IntoOperand<'a, Self>,
    ) -> Result<Array<Self::Quotient>>;

    /// [`Self::true_divide`] as a node of a lazy expression (what the operators build).
    fn true_divide_lazy(
        x: crate::expr::AnyExpr,
        y: crate::expr::AnyExpr,
    ) -> crate::expr::Expr<Self::Quotient>;

    /// NumPy's `negative`: `-x`, wrapping for integers (`-(1u8) == 255`, `-(i8::MIN) ==
    /// i8::MIN`), `-0.0` for `0.0`.
    fn negative<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self>>;

    /// [`Self::negative`] as a node of a lazy expression (what the operators build).
    fn negative_lazy(x: crate::expr::AnyExpr) -> crate::expr::Expr<Self>;
}

/// The dtypes of NumPy's `add`, `multiply` and `true_divide`: the numbers ([`Numeric`], whose
/// methods these forward to) and `bool`, where NumPy's `+` is the logical or, `*` the logical
/// and, and `/` converts both sides to `f64` (`true / false == inf`). `bool`'s `-` and unary
/// `-` are NumPy `TypeError`s: `bool` is not [`Numeric`], so they do not compile.
///
/// The methods are named apart from [`Numeric`]'s so that both traits can be in scope.
///
/// ```
/// use array_runtime::{ops::AddMultiply, Array, Device};
/// let a = Array::from_vec(&Device::cpu(), &[4], vec![true, true, false, false])?;
/// let b = Array::from_vec(&Device::cpu(), &[4], vec![true, false, true, false])?;
/// assert_eq!(bool::add_values(&a, &b)?.to_vec()?, vec![true, true, true, false]);
/// assert_eq!(bool::multiply_values(&a, &b)?.to_vec()?, vec![true, false, false, false]);
/// let q = bool::divide_values(&a, &b)?.to_vec()?; // f64: 1, inf, 0, nan
/// assert_eq!(&q[..3], &[1.0, f64::INFINITY, 0.0]);
/// assert!(q[3].is_nan());
/// assert_eq!(i32::add_values(&Array::from_vec(&Device::cpu(), &[1], vec![2])?, 3)?.item()?, 5);
/// # Ok::<(), array_runtime::Error>(())
/// ```
pub trait AddMultiply: DType {
    /// The dtype of `x / y`: [`Numeric::Quotient`] for numbers, `f64` for `bool`.
    type Ratio: DType;

    /// NumPy's `add`: [`Numeric::add`], or the logical or of `bool`s.
    fn add_values<'a>(
        x: impl IntoOperand<'a, Self>,
        y: impl IntoOperand<'a, Self>,
    ) -> Result<Array<Self>>;

    /// [`Self::add_values`] as a node of a lazy expression (what `+` builds).
    fn add_values_lazy(x: crate::expr::AnyExpr, y: crate::expr::AnyExpr)
        -> crate::expr::Expr<Self>;

    /// NumPy's `multiply`: [`Numeric::multiply`], or the logical and of `bool`s.
    fn multiply_values<'a>(
        x: impl IntoOperand<'a, Self>,
        y: impl IntoOperand<'a, Self>,
    ) -> Result<Array<Self>>;

    /// [`Self::multiply_values`] as a node of a lazy expression (what `*` builds).
    fn multiply_values_lazy(
        x: crate::expr::AnyExpr,
        y: crate::expr::AnyExpr,
    ) -> crate::expr::Expr<Self>;

    /// NumPy's `true_divide`: [`Numeric::true_divide`], or `bool`s converted to `f64`.
    fn divide_values<'a>(
        x: impl IntoOperand<'a, Self>,
        y: impl IntoOperand<'a, Self>,
    ) -> Result<Array<Self::Ratio>>;

    /// [`Self::divide_values`] as a node of a lazy expression (what `/` builds).
    fn divide_values_lazy(
        x: crate::expr::AnyExpr,
        y: crate::expr::AnyExpr,
    ) -> crate::expr::Expr<Self::Ratio>;
}

impl<T: Numeric> AddMultiply for T {
    type Ratio = T::Quotient;
    fn add_values<'a>(x: impl IntoOperand<'a, T>, y: impl IntoOperand<'a, T>) -> Result<Array<T>> {
        T::add(x, y)
    }
    fn add_values_lazy(x: crate::expr::AnyExpr, y: crate::expr::AnyExpr) -> crate::expr::Expr<T> {
        T::add_lazy(x, y)
    }
    fn multiply_values<'a>(
        x: impl IntoOperand<'a, T>,
        y: impl IntoOperand<'a, T>,
    ) -> Result<Array<T>> {
        T::multiply(x, y)
    }
    fn multiply_values_lazy(
        x: crate::expr::AnyExpr,
        y: crate::expr::AnyExpr,
    ) -> crate::expr::Expr<T> {
        T::multiply_lazy(x, y)
    }
    fn divide_values<'a>(
        x: impl IntoOperand<'a, T>,
        y: impl IntoOperand<'a, T>,
    ) -> Result<Array<T::Quotient>> {
        T::true_divide(x, y)
    }
    fn divide_values_lazy(
        x: crate::expr::AnyExpr,
        y: crate::expr::AnyExpr,
    ) -> crate::expr::Expr<T::Quotient> {
        T::true_divide_lazy(x, y)
    }
}

impl AddMultiply for bool {
    type Ratio = f64;
    fn add_values<'a>(
        x: impl IntoOperand<'a, bool>,
        y: impl IntoOperand<'a, bool>,
    ) -> Result<Array<bool>> {
        k::logical_or(x, y)
    }
    fn add_values_lazy(
        x: crate::expr::AnyExpr,
        y: crate::expr::AnyExpr,
    ) -> crate::expr::Expr<bool> {
        crate::expr::Expr::call(
            k::logical_or::node(),
            vec![x, y],
            crate::expr::Notation::Binary("+", 5),
        )
    }
    fn multiply_values<'a>(
        x: impl IntoOperand<'a, bool>,
        y: impl IntoOperand<'a, bool>,
    ) -> Result<Array<bool>> {
        k::logical_and(x, y)
    }
    fn multiply_values_lazy(
        x: crate::expr::AnyExpr,
        y: crate::expr::AnyExpr,
    ) -> crate::expr::Expr<bool> {
        crate::expr::Expr::call(
            k::logical_and::node(),
            vec![x, y],
            crate::expr::Notation::Binary("*", 6),
        )
    }
    fn divide_values<'a>(
        x: impl IntoOperand<'a, bool>,
        y: impl IntoOperand<'a, bool>,
    ) -> Result<Array<f64>> {
        k::true_divide_bool(x, y)
    }
    fn divide_values_lazy(
        x: crate::expr::AnyExpr,
        y: crate::expr::AnyExpr,
    ) -> crate::expr::Expr<f64> {
        crate::expr::Expr::call(
            k::true_divide_bool::node(),
            vec![x, y],
            crate::expr::Notation::Binary("/", 6),
        )
    }
}

/// Integers and floats: NumPy's `floor_divide` and `remainder` (complex numbers have none).
///
/// ```
/// use array_runtime::{ops::Arithmetic, Array, Device};
/// let a = Array::from_vec(&Device::cpu(), &[3], vec![-7i32, 7, 5])?;
/// assert_eq!(i32::remainder(&a, 2)?.to_vec()?, vec![1, 1, 1]);
/// assert_eq!(i32::floor_divide(&a, 2)?.to_vec()?, vec![-4, 3, 2]);
/// # Ok::<(), array_runtime::Error>(())
/// ```
pub trait Arithmetic: Numeric + Num {
    /// NumPy's `floor_divide` (`//`): the quotient rounded toward -inf; integers: `x // 0 ==
    /// 0` and `MIN // -1 == MIN`; floats: NumPy's `divmod` (`1.0 // 0.1 == 9.0`,
    /// `-1.0 // inf == -1.0`, `x // 0.0` is `x / 0.0`).
    fn floor_divide<'a>(
        x: impl IntoOperand<'a, Self>,
        y: impl IntoOperand<'a, Self>,
    ) -> Result<Array<Self>>;

    /// [`Self::floor_divide`] as a node of a lazy expression (what the operators build).
    fn floor_divide_lazy(
        x: crate::expr::AnyExpr,
        y: crate::expr::AnyExpr,
    ) -> crate::expr::Expr<Self>;

    /// NumPy's `remainder` (`%`): the sign of the divisor; integers: `x % 0 == 0`; floats:
    /// `-1.0 % inf == inf`, a zero remainder takes the divisor's sign, `x % 0.0` is NaN.
    fn remainder<'a>(
        x: impl IntoOperand<'a, Self>,
        y: impl IntoOperand<'a, Self>,
    ) -> Result<Array<Self>>;

    /// [`Self::remainder`] as a node of a lazy expression (what the operators build).
    fn remainder_lazy(x: crate::expr::AnyExpr, y: crate::expr::AnyExpr) -> crate::expr::Expr<Self>;
}

/// `+ - *` of a real dtype: the generic kernels.
macro_rules! real_ring {
    ($t:ty) => {
        fn add<'a>(
            x: impl IntoOperand<'a, Self>,
            y: impl IntoOperand<'a, Self>,
        ) -> Result<Array<Self>> {
            k::add::<$t>(x, y)
        }
        fn add_lazy(x: crate::expr::AnyExpr, y: crate::expr::AnyExpr) -> crate::expr::Expr<Self> {
            crate::expr::Expr::call(
                k::add::node::<$t>(),
                vec![x, y],
                crate::expr::Notation::Binary("+", 5),
            )
        }
        fn subtract<'a>(
            x: impl IntoOperand<'a, Self>,
            y: impl IntoOperand<'a, Self>,
        ) -> Result<Array<Self>> {
            k::subtract::<$t>(x, y)
        }
        fn subtract_lazy(
            x: crate::expr::AnyExpr,
            y: crate::expr::AnyExpr,
        ) -> crate::expr::Expr<Self> {
            crate::expr::Expr::call(
                k::subtract::node::<$t>(),
                vec![x, y],
                crate::expr::Notation::Binary("-", 5),
            )
        }
        fn multiply<'a>(
            x: impl IntoOperand<'a, Self>,
            y: impl IntoOperand<'a, Self>,
        ) -> Result<Array<Self>> {
            k::multiply::<$t>(x, y)
        }
        fn multiply_lazy(
            x: crate::expr::AnyExpr,
            y: crate::expr::AnyExpr,
        ) -> crate::expr::Expr<Self> {
            crate::expr::Expr::call(
                k::multiply::node::<$t>(),
                vec![x, y],
                crate::expr::Notation::Binary("*", 6),
            )
        }
    };
}

macro_rules! int_arithmetic {
    ($($t:ty),*) => {$(
        impl Numeric for $t {
            type Quotient = f64;
            real_ring!($t);
            fn true_divide<'a>(
                x: impl IntoOperand<'a, Self>,
                y: impl IntoOperand<'a, Self>,
            ) -> Result<Array<f64>> {
                k::true_divide_int::<$t, f64>(x, y)
            }
            fn true_divide_lazy(x: crate::expr::AnyExpr, y: crate::expr::AnyExpr) -> crate::expr::Expr<f64> {
                crate::expr::Expr::call(k::true_divide_int::node::<$t, f64>(), vec![x, y], crate::expr::Notation::Binary("/", 6))
            }
            fn negative<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self>> {
                k::negative_int::<$t>(x)
            }
            fn negative_lazy(x: crate::expr::AnyExpr) -> crate::expr::Expr<Self> {
                crate::expr::Expr::call(k::negative_int::node::<$t>(), vec![x], crate::expr::Notation::Unary("-"))
            }
        }

        impl Arithmetic for $t {
            fn floor_divide<'a>(
                x: impl IntoOperand<'a, Self>,
                y: impl IntoOperand<'a, Self>,
            ) -> Result<Array<Self>> {
                k::floor_divide_int::<$t>(x, y)
            }
            fn floor_divide_lazy(x: crate::expr::AnyExpr, y: crate::expr::AnyExpr) -> crate::expr::Expr<Self> {
                crate::expr::Expr::call(k::floor_divide_int::node::<$t>(), vec![x, y], crate::expr::Notation::Binary("//", 6))
            }
            fn remainder<'a>(
                x: impl IntoOperand<'a, Self>,
                y: impl IntoOperand<'a, Self>,
            ) -> Result<Array<Self>> {
                k::remainder_int::<$t>(x, y)
            }
            fn remainder_lazy(x: crate::expr::AnyExpr, y: crate::expr::AnyExpr) -> crate::expr::Expr<Self> {
                crate::expr::Expr::call(k::remainder_int::node::<$t>(), vec![x, y], crate::expr::Notation::Binary("%", 6))
            }
        }
    )*};
}
int_arithmetic!(i8, i16, i32, i64, u8, u16, u32, u64);

/// `$t => $c`: the dtype and the one its floor division is computed in (NumPy computes the
/// half types in `f32`).
macro_rules! float_arithmetic {
    ($($t:ty => $c:ty),*) => {$(
        impl Numeric for $t {
            type Quotient = $t;
            real_ring!($t);
            fn true_divide<'a>(
                x: impl IntoOperand<'a, Self>,
                y: impl IntoOperand<'a, Self>,
            ) -> Result<Array<Self>> {
                k::divide_float::<$t>(x, y)
            }
            fn true_divide_lazy(x: crate::expr::AnyExpr, y: crate::expr::AnyExpr) -> crate::expr::Expr<Self> {
                crate::expr::Expr::call(k::divide_float::node::<$t>(), vec![x, y], crate::expr::Notation::Binary("/", 6))
            }
            fn negative<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self>> {
                k::negative_float::<$t>(x)
            }
            fn negative_lazy(x: crate::expr::AnyExpr) -> crate::expr::Expr<Self> {
                crate::expr::Expr::call(k::negative_float::node::<$t>(), vec![x], crate::expr::Notation::Unary("-"))
            }
        }

        impl Arithmetic for $t {
            fn floor_divide<'a>(
                x: impl IntoOperand<'a, Self>,
                y: impl IntoOperand<'a, Self>,
            ) -> Result<Array<Self>> {
                k::floor_divide_float::<$t, $c>(x, y)
            }
            fn floor_divide_lazy(x: crate::expr::AnyExpr, y: crate::expr::AnyExpr) -> crate::expr::Expr<Self> {
                crate::expr::Expr::call(k::floor_divide_float::node::<$t, $c>(), vec![x, y], crate::expr::Notation::Binary("//", 6))
            }
            fn remainder<'a>(
                x: impl IntoOperand<'a, Self>,
                y: impl IntoOperand<'a, Self>,
            ) -> Result<Array<Self>> {
                k::remainder_float::<$t, $c>(x, y)
            }
            fn remainder_lazy(x: crate::expr::AnyExpr, y: crate::expr::AnyExpr) -> crate::expr::Expr<Self> {
                crate::expr::Expr::call(k::remainder_float::node::<$t, $c>(), vec![x, y], crate::expr::Notation::Binary("%", 6))
            }
        }
    )*};
}
float_arithmetic!(f16 => f32, bf16 => f32, f32 => f32, f64 => f64);

macro_rules! complex_arithmetic {
    ($($t:ty => $add:ident, $sub:ident, $mul:ident, $div:ident, $neg:ident;)*) => {$(
        impl Numeric for $t {
            type Quotient = $t;
            fn add<'a>(
                x: impl IntoOperand<'a, Self>,
                y: impl IntoOperand<'a, Self>,
            ) -> Result<Array<Self>> {
                k::$add(x, y)
            }
            fn add_lazy(x: crate::expr::AnyExpr, y: crate::expr::AnyExpr) -> crate::expr::Expr<Self> {
                crate::expr::Expr::call(k::$add::node(), vec![x, y], crate::expr::Notation::Binary("+", 5))
            }
            fn subtract<'a>(
                x: impl IntoOperand<'a, Self>,
                y: impl IntoOperand<'a, Self>,
            ) -> Result<Array<Self>> {
                k::$sub(x, y)
            }
            fn subtract_lazy(x: crate::expr::AnyExpr, y: crate::expr::AnyExpr) -> crate::expr::Expr<Self> {
                crate::expr::Expr::call(k::$sub::node(), vec![x, y], crate::expr::Notation::Binary("-", 5))
            }
            fn multiply<'a>(
                x: impl IntoOperand<'a, Self>,
                y: impl IntoOperand<'a, Self>,
            ) -> Result<Array<Self>> {
                k::$mul(x, y)
            }
            fn multiply_lazy(x: crate::expr::AnyExpr, y: crate::expr::AnyExpr) -> crate::expr::Expr<Self> {
                crate::expr::Expr::call(k::$mul::node(), vec![x, y], crate::expr::Notation::Binary("*", 6))
            }
            fn true_divide<'a>(
                x: impl IntoOperand<'a, Self>,
                y: impl IntoOperand<'a, Self>,
            ) -> Result<Array<Self>> {
                k::$div(x, y)
            }
            fn true_divide_lazy(x: crate::expr::AnyExpr, y: crate::expr::AnyExpr) -> crate::expr::Expr<Self> {
                crate::expr::Expr::call(k::$div::node(), vec![x, y], crate::expr::Notation::Binary("/", 6))
            }
            fn negative<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self>> {
                k::$neg(x)
            }
            fn negative_lazy(x: crate::expr::AnyExpr) -> crate::expr::Expr<Self> {
                crate::expr::Expr::call(k::$neg::node(), vec![x], crate::expr::Notation::Unary("-"))
            }
        }
    )*};
}
complex_arithmetic! {
    c64 => add_c64, subtract_c64, multiply_c64, divide_c64, negative_c64;
    c128 => add_c128, subtract_c128, multiply_c128, divide_c128, negative_c128;
}
