//! `power`: integers by square-and-multiply (a negative exponent is an error), floats by C's
//! `pow` (computed in `f32` for the half types), complex numbers as NumPy's `npy_cpow`, `bool`
//! to `i8`.

use crate::math::kernels;
use crate::prelude::*;
use array_runtime::expr::{AnyExpr, Expr, Notation};
use array_runtime::kernel::elementwise::Operand;
use array_runtime::ops::Compare;
use array_runtime::IntoOperand;

/// Dtypes with NumPy's `power`: integers, floats and complex numbers keep their dtype, `bool`
/// gives `i8`.
pub trait Power: DType {
    /// The result's dtype.
    type Out: DType;
    /// NumPy's `power`: see [`power`].
    fn power<'a>(
        x: impl IntoOperand<'a, Self>,
        y: impl IntoOperand<'a, Self>,
    ) -> Result<Array<Self::Out>>;
}

macro_rules! int_power {
    ($($t:ty),*) => {$(
        impl Power for $t {
            type Out = $t;
            fn power<'a>(
                x: impl IntoOperand<'a, Self>,
                y: impl IntoOperand<'a, Self>,
            ) -> Result<Array<Self>> {
                power_int::<$t>(x, y)
            }
        }
    )*};
}
int_power!(i8, i16, i32, i64, u8, u16, u32, u64);

macro_rules! float_power {
    ($($t:ty => $c:ty),*) => {$(
        impl Power for $t {
            type Out = $t;
            fn power<'a>(
                x: impl IntoOperand<'a, Self>,
                y: impl IntoOperand<'a, Self>,
            ) -> Result<Array<Self>> {
                kernels::power_float::<$t, $t, $c>(x, y)
            }
        }
    )*};
}
float_power!(f16 => f32, bf16 => f32, f32 => f32, f64 => f64);

macro_rules! complex_power {
    ($($t:ty: $kernel:ident;)*) => {$(
        impl Power for $t {
            type Out = $t;
            fn power<'a>(
                x: impl IntoOperand<'a, Self>,
                y: impl IntoOperand<'a, Self>,
            ) -> Result<Array<Self>> {
                kernels::$kernel(x, y)
            }
        }
    )*};
}
complex_power! {
    c64: power_c64;
    c128: power_c128;
}

impl Power for bool {
    type Out = i8;
    fn power<'a>(
        x: impl IntoOperand<'a, Self>,
        y: impl IntoOperand<'a, Self>,
    ) -> Result<Array<i8>> {
        kernels::power_bool(x, y)
    }
}

/// Integer power: refuses negative exponents (NumPy raises), then runs the kernel.
/// The dtypes whose `power` is one lazy node ([`crate::lazy::power`]): floats, complex
/// numbers and `bool`. Integers are not among them: their eager `power` refuses negative
/// exponents, a check of the exponent's values that a fused expression cannot make before its
/// one kernel runs (evaluate, then call [`power`]).
///
/// ```
/// use kernels_std::{lazy, prelude::*};
/// let x = Array::from_vec(&Device::cpu(), &[2], vec![2.0f32, 3.0])?;
/// assert_eq!(lazy::power(&x, 2.0).eval()?.to_vec()?, vec![4.0, 9.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
///
/// An integer `power` is not a lazy node:
///
/// ```compile_fail
/// use kernels_std::{lazy, prelude::*};
/// let x = Array::from_vec(&Device::cpu(), &[2], vec![2i32, 3])?;
/// let y = lazy::power(&x, 2i32);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub trait PowerLazy: Power {
    /// [`Power::power`] as a node of a lazy expression.
    fn power_lazy(x: AnyExpr, y: AnyExpr) -> Expr<Self::Out>;
}

macro_rules! float_power_lazy {
    ($($t:ty => $c:ty),*) => {$(
        impl PowerLazy for $t {
            fn power_lazy(x: AnyExpr, y: AnyExpr) -> Expr<$t> {
                Expr::call(
                    kernels::power_float::node::<$t, $t, $c>(),
                    vec![x, y],
                    Notation::Call("power"),
                )
            }
        }
    )*};
}
float_power_lazy!(f16 => f32, bf16 => f32, f32 => f32, f64 => f64);

impl PowerLazy for c64 {
    fn power_lazy(x: AnyExpr, y: AnyExpr) -> Expr<c64> {
        Expr::call(
            kernels::power_c64::node(),
            vec![x, y],
            Notation::Call("power"),
        )
    }
}

impl PowerLazy for c128 {
    fn power_lazy(x: AnyExpr, y: AnyExpr) -> Expr<c128> {
        Expr::call(
            kernels::power_c128::node(),
            vec![x, y],
            Notation::Call("power"),
        )
    }
}

impl PowerLazy for bool {
    fn power_lazy(x: AnyExpr, y: AnyExpr) -> Expr<i8> {
        Expr::call(
            kernels::power_bool::node(),
            vec![x, y],
            Notation::Call("power"),
        )
    }
}

fn power_int<'a, T>(x: impl IntoOperand<'a, T>, y: impl IntoOperand<'a, T>) -> Result<Array<T>>
where
    T: Int + Compare + for<'s> IntoOperand<'s, T>,
{
    let zero = T::zero();
    let refuse = || {
        Err(Error::invalid(format!(
            "power: integers to negative integer powers are not allowed ({})",
            T::ID
        )))
    };
    match y.into_operand().ready()? {
        Operand::Lazy(_) => Err(Error::invalid(
            "power: an expression operand was not evaluated",
        )),
        Operand::Scalar(v) if v < zero => refuse(),
        Operand::Scalar(v) => kernels::power_int::<T>(x, v),
        Operand::Borrowed(a) if any_below(a, zero)? => refuse(),
        Operand::Borrowed(a) => kernels::power_int::<T>(x, a),
        Operand::Owned(a) if any_below(&a, zero)? => refuse(),
        Operand::Owned(a) => kernels::power_int::<T>(x, a),
    }
}

/// Whether any element of `a` is below `zero`: a comparison and a reduction on the array's
/// device; one `bool` read back.
fn any_below<T>(a: &Array<T>, zero: T) -> Result<bool>
where
    T: Compare + for<'s> IntoOperand<'s, T>,
{
    if a.is_empty() {
        return Ok(false);
    }
    let below = T::less(a, zero)?;
    kernels::any_true(&below).run()?.item()
}

/// `x^y`, elementwise (NumPy's `power`). Integers wrap (`3i8^5 == -13`) and a negative
/// exponent is an error (as NumPy raises); floats use C's `pow` (`1^nan == 1`, `x^0 == 1`).
///
/// `bool` gives `i8` (`x^y` is 0 only for `false^true`), as in NumPy.
///
/// Complex numbers, NumPy's cases: `z^0 == 1`; `0^w` is 0 for real `w > 0`, else NaN; an integer
/// `w` with `|w| < 100` by repeated squaring (a negative one then by division); otherwise
/// `e^(w ln z)` with the principal logarithm.
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![3i8, 2, -2])?;
/// assert_eq!(math::power(&x, 5i8)?.to_vec()?, vec![-13, 32, -32]);
/// assert!(math::power(&x, -1i8).is_err());
/// let f = Array::from_vec(&Device::cpu(), &[2], vec![1.0f64, 4.0])?;
/// assert_eq!(math::power(&f, 0.5)?.to_vec()?, vec![1.0, 2.0]);
/// let z = Array::from_vec(&Device::cpu(), &[1], vec![kernels_std::c64::new(0.0, 1.0)])?;
/// assert_eq!(math::power(&z, kernels_std::c64::new(2.0, 0.0))?.to_vec()?, vec![kernels_std::c64::new(-1.0, 0.0)]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn power<'a, T: Power>(
    x: impl IntoOperand<'a, T>,
    y: impl IntoOperand<'a, T>,
) -> Result<Array<T::Out>> {
    T::power(x, y)
}
