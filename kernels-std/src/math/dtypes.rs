//! The result dtypes of the ufuncs, as associated types so that the compiler checks them.

use crate::prelude::*;

/// The float dtype NumPy gives a float function (`sqrt`, `sin`, `exp`, `rint`, `arctan2`, ...)
/// of each input dtype, and the dtype it computes in.
///
/// | input | result ([`ToFloat::Float`]) | computed in ([`ToFloat::Compute`]) |
/// |---|---|---|
/// | `bool`, `i8`, `u8` | `f16` | `f32` |
/// | `i16`, `u16` | `f32` | `f32` |
/// | `i32`, `u32`, `i64`, `u64` | `f64` | `f64` |
/// | `f16`, `bf16` | itself | `f32` (rounded once to the result, as NumPy does for `f16`) |
/// | `f32`, `f64` | itself | itself |
///
/// ```
/// use kernels_std::math::ToFloat;
/// use kernels_std::prelude::*;
/// fn result_dtype<T: ToFloat>() -> DTypeId { <T::Float as DType>::ID }
/// assert_eq!(result_dtype::<u8>(), DTypeId::F16);
/// assert_eq!(result_dtype::<i16>(), DTypeId::F32);
/// assert_eq!(result_dtype::<i64>(), DTypeId::F64);
/// assert_eq!(result_dtype::<bf16>(), DTypeId::BF16);
/// ```
pub trait ToFloat: DType {
    /// The dtype of the result.
    type Float: Float;
    /// The dtype the kernel computes in: the input is converted to it (exactly), the result
    /// rounded once from it.
    type Compute: Float;
}

macro_rules! to_float {
    ($($t:ty => $f:ty, $c:ty;)*) => {$(
        impl ToFloat for $t {
            type Float = $f;
            type Compute = $c;
        }
    )*};
}
to_float! {
    bool => f16, f32;
    i8 => f16, f32;
    u8 => f16, f32;
    i16 => f32, f32;
    u16 => f32, f32;
    i32 => f64, f64;
    u32 => f64, f64;
    i64 => f64, f64;
    u64 => f64, f64;
    f16 => f16, f32;
    bf16 => bf16, f32;
    f32 => f32, f32;
    f64 => f64, f64;
}
