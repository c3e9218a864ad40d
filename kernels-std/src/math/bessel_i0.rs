//! NumPy's `i0`, the modified Bessel function of the first kind of order 0, computed as NumPy's
//! Python code computes it (see [`kernels::i0`]).

use crate::math::kernels;
use crate::prelude::*;
use array_runtime::IntoOperand;

/// Dtypes with NumPy's `i0`: floats keep their dtype (computed with NumPy's rounding at each
/// step of its series), integers and `bool` give `f64` (NumPy converts them with
/// `astype(float)`). NumPy raises for complex numbers; `bf16` (no NumPy dtype) is not here.
pub trait I0: DType {
    /// The result's dtype.
    type Out: Float;
    /// See [`i0`].
    fn i0<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self::Out>>;
}

macro_rules! i0_dtypes {
    ($($t:ty => $o:ty, $c:ty;)*) => {$(
        impl I0 for $t {
            type Out = $o;
            fn i0<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<$o>> {
                kernels::i0::<$t, $o, $o, $c>(x)
            }
        }
    )*};
}
i0_dtypes! {
    bool => f64, f64;
    i8 => f64, f64;
    i16 => f64, f64;
    i32 => f64, f64;
    i64 => f64, f64;
    u8 => f64, f64;
    u16 => f64, f64;
    u32 => f64, f64;
    u64 => f64, f64;
    f16 => f16, f32;
    f32 => f32, f32;
    f64 => f64, f64;
}

/// The modified Bessel function of the first kind of order 0 (NumPy's `i0`): even, 1 at 0,
/// `inf` where `e^|x|` overflows before the series ends it, NaN for `+-inf` (NumPy's `inf /
/// inf`) and NaN. Integers and `bool` give `f64`; `f16` and `f32` keep their dtype, rounded at
/// each step as NumPy's code is.
///
/// ```
/// use kernels_std::{math, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[4], vec![0i32, 1, -2, 3])?;
/// let y = math::i0(&x)?.to_vec()?;
/// for (got, want) in y.iter().zip([1.0, 1.2660658777520082, 2.2795853023360673, 4.880792585865024]) {
///     assert!((got - want).abs() < 1e-15 * want);
/// }
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn i0<'a, T: I0>(x: impl IntoOperand<'a, T>) -> Result<Array<T::Out>> {
    T::i0(x)
}
