//! The arithmetic a dtype supports beyond `+ - *` (which are one generic kernel for every
//! numeric dtype): true division, floor division, remainder and negation, whose NumPy
//! semantics differ between integers and floats.

use crate::array::Array;
use crate::dtype::{bf16, f16, Float, Num};
use crate::error::Result;
use crate::kernel::elementwise::IntoOperand;
use crate::ops::kernels as k;

/// Integers and floats: NumPy's `true_divide`, `floor_divide`, `remainder` and `negative`,
/// dispatched to the kernel of the dtype's family.
///
/// ```
/// use array_runtime::{ops::Arithmetic, Array, Device};
/// let a = Array::from_vec(&Device::cpu(), &[3], vec![-7i32, 7, 5])?;
/// assert_eq!(i32::remainder(&a, 2)?.to_vec()?, vec![1, 1, 1]);
/// assert_eq!(i32::floor_divide(&a, 2)?.to_vec()?, vec![-4, 3, 2]);
/// # Ok::<(), array_runtime::Error>(())
/// ```
pub trait Arithmetic: Num {
    /// The dtype of `x / y`: `Self` for floats, `f64` for integers (NumPy's true division).
    type Quotient: Float;

    /// `x / y` as NumPy's `true_divide`: floats divide in their own dtype (IEEE), integers
    /// are converted to `f64` first (`1 / 0 == inf`, `0 / 0 == nan`).
    fn true_divide<'a>(
        x: impl IntoOperand<'a, Self>,
        y: impl IntoOperand<'a, Self>,
    ) -> Result<Array<Self::Quotient>>;

    /// NumPy's `floor_divide` (`//`): the quotient rounded toward -inf; integers: `x // 0 ==
    /// 0` and `MIN // -1 == MIN`; floats: NumPy's `divmod` (`1.0 // 0.1 == 9.0`,
    /// `-1.0 // inf == -1.0`, `x // 0.0` is `x / 0.0`).
    fn floor_divide<'a>(
        x: impl IntoOperand<'a, Self>,
        y: impl IntoOperand<'a, Self>,
    ) -> Result<Array<Self>>;

    /// NumPy's `remainder` (`%`): the sign of the divisor; integers: `x % 0 == 0`; floats:
    /// `-1.0 % inf == inf`, a zero remainder takes the divisor's sign, `x % 0.0` is NaN.
    fn remainder<'a>(
        x: impl IntoOperand<'a, Self>,
        y: impl IntoOperand<'a, Self>,
    ) -> Result<Array<Self>>;

    /// NumPy's `negative`: `-x`, wrapping for integers (`-(1u8) == 255`, `-(i8::MIN) ==
    /// i8::MIN`), `-0.0` for `0.0`.
    fn negative<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self>>;
}

macro_rules! int_arithmetic {
    ($($t:ty),*) => {$(
        impl Arithmetic for $t {
            type Quotient = f64;
            fn true_divide<'a>(
                x: impl IntoOperand<'a, Self>,
                y: impl IntoOperand<'a, Self>,
            ) -> Result<Array<f64>> {
                k::true_divide_int::<$t, f64>(x, y)
            }
            fn floor_divide<'a>(
                x: impl IntoOperand<'a, Self>,
                y: impl IntoOperand<'a, Self>,
            ) -> Result<Array<Self>> {
                k::floor_divide_int::<$t>(x, y)
            }
            fn remainder<'a>(
                x: impl IntoOperand<'a, Self>,
                y: impl IntoOperand<'a, Self>,
            ) -> Result<Array<Self>> {
                k::remainder_int::<$t>(x, y)
            }
            fn negative<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self>> {
                k::negative_int::<$t>(x)
            }
        }
    )*};
}
int_arithmetic!(i8, i16, i32, i64, u8, u16, u32, u64);

/// `$t => $c`: the dtype and the one its division is computed in (NumPy computes the half
/// types in `f32`).
macro_rules! float_arithmetic {
    ($($t:ty => $c:ty),*) => {$(
        impl Arithmetic for $t {
            type Quotient = $t;
            fn true_divide<'a>(
                x: impl IntoOperand<'a, Self>,
                y: impl IntoOperand<'a, Self>,
            ) -> Result<Array<Self>> {
                k::divide_float::<$t>(x, y)
            }
            fn floor_divide<'a>(
                x: impl IntoOperand<'a, Self>,
                y: impl IntoOperand<'a, Self>,
            ) -> Result<Array<Self>> {
                k::floor_divide_float::<$t, $c>(x, y)
            }
            fn remainder<'a>(
                x: impl IntoOperand<'a, Self>,
                y: impl IntoOperand<'a, Self>,
            ) -> Result<Array<Self>> {
                k::remainder_float::<$t, $c>(x, y)
            }
            fn negative<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self>> {
                k::negative_float::<$t>(x)
            }
        }
    )*};
}
float_arithmetic!(f16 => f32, bf16 => f32, f32 => f32, f64 => f64);
