//! SciPy's result dtypes: which loop a ufunc of `scipy.special` picks for each input dtype.
//!
//! A SciPy ufunc has loops for `float32` and `float64` (`'f->f'`, `'d->d'`) and NumPy picks
//! the first one the input casts to safely. Most functions list the `float64` loop first, so
//! every integer, `bool` and `float16` input gives `float64` and only `float32` stays
//! `float32` ([`Promote`]); a few list `float32` first (`ndtri`, `betainc`, `jv`, `boxcox`,
//! ...), so the small integers and `float16` give `float32` ([`PromoteF32`]). Both compute in
//! `f64` and round once to the result (`bf16`, which NumPy lacks, is treated as `f16`).

use crate::prelude::*;
use array_runtime::kernel::elementwise::Operand;
use array_runtime::IntoOperand;

/// The dtype of a special function whose `float64` loop comes first in SciPy (`erf`,
/// `gammaln`, `expit`, ...): `f32` stays `f32`, everything else gives `f64`.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::special::Promote;
/// fn result<T: Promote>() -> DTypeId { <T::Out as DType>::ID }
/// assert_eq!(result::<i8>(), DTypeId::F64);
/// assert_eq!(result::<f16>(), DTypeId::F64);
/// assert_eq!(result::<f32>(), DTypeId::F32);
/// ```
pub trait Promote: DType {
    /// The result's dtype (and the dtype the operands are converted to).
    type Out: Float;
    /// The operand converted to [`Promote::Out`]: itself for `f32`/`f64`, a converted copy
    /// (`astype`) otherwise.
    fn promote<'a>(x: impl IntoOperand<'a, Self>) -> Result<Operand<'a, Self::Out>>;
}

/// The dtype of a special function whose `float32` loop comes first in SciPy (`ndtri`,
/// `betainc`, `jv`, `boxcox`, ...): `bool`, 8- and 16-bit integers, `f16`, `bf16` and `f32`
/// give `f32`; wider integers and `f64` give `f64`.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::special::PromoteF32;
/// fn result<T: PromoteF32>() -> DTypeId { <T::Out as DType>::ID }
/// assert_eq!(result::<i16>(), DTypeId::F32);
/// assert_eq!(result::<i32>(), DTypeId::F64);
/// ```
pub trait PromoteF32: DType {
    /// The result's dtype (and the dtype the operands are converted to).
    type Out: Float;
    /// The operand converted to [`PromoteF32::Out`]: itself for `f32`/`f64`, a converted copy
    /// otherwise.
    fn promote<'a>(x: impl IntoOperand<'a, Self>) -> Result<Operand<'a, Self::Out>>;
}

/// The dtype of a special function whose first loop takes `long` integer counts (`nbdtr`,
/// `pdtri`, `smirnov`, ...: `'ld->d'` before `'ff->f'`): `bool` and every integer give
/// `f64`, `f16`, `bf16` and `f32` give `f32`.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::special::PromoteLong;
/// fn result<T: PromoteLong>() -> DTypeId { <T::Out as DType>::ID }
/// assert_eq!(result::<i16>(), DTypeId::F64);
/// assert_eq!(result::<f16>(), DTypeId::F32);
/// ```
pub trait PromoteLong: DType {
    /// The result's dtype (and the dtype the operands are converted to).
    type Out: Float;
    /// The operand converted to [`PromoteLong::Out`]: itself for `f32`/`f64`, a converted
    /// copy otherwise.
    fn promote<'a>(x: impl IntoOperand<'a, Self>) -> Result<Operand<'a, Self::Out>>;
}

/// A second handle on an operand, for a second kernel that reads it (an array is shared, not
/// copied; a lazy expression is computed by each).
pub(super) fn share<'b, U: DType>(op: &'b Operand<'_, U>) -> Operand<'b, U> {
    match op {
        Operand::Borrowed(a) => Operand::Borrowed(a),
        Operand::Owned(a) => Operand::Borrowed(a),
        Operand::Scalar(s) => Operand::Scalar(*s),
        Operand::Lazy(e) => Operand::Lazy(e.clone()),
    }
}

/// An operand of dtype `T` converted to `U` (scalars on the host, arrays by `astype` on their
/// device).
pub(super) fn convert<'a, T: DType, U: DType>(
    x: impl IntoOperand<'a, T>,
) -> Result<Operand<'a, U>> {
    Ok(match x.into_operand() {
        Operand::Scalar(s) => Operand::Scalar(s.cast::<U>()),
        Operand::Borrowed(a) => Operand::Owned(a.astype::<U>()?),
        Operand::Owned(a) => Operand::Owned(a.astype::<U>()?),
        Operand::Lazy(e) => Operand::Lazy(e.astype::<U>()),
    })
}

macro_rules! promote {
    ($tr:ident: same $($s:ty),*; $($t:ty => $o:ty),*) => {
        $(impl $tr for $s {
            type Out = $s;
            fn promote<'a>(x: impl IntoOperand<'a, Self>) -> Result<Operand<'a, $s>> {
                Ok(x.into_operand())
            }
        })*
        $(impl $tr for $t {
            type Out = $o;
            fn promote<'a>(x: impl IntoOperand<'a, Self>) -> Result<Operand<'a, $o>> {
                convert::<$t, $o>(x)
            }
        })*
    };
}

promote!(Promote: same f32, f64;
    bool => f64, i8 => f64, u8 => f64, i16 => f64, u16 => f64, i32 => f64, u32 => f64,
    i64 => f64, u64 => f64, f16 => f64, bf16 => f64);
promote!(PromoteF32: same f32, f64;
    bool => f32, i8 => f32, u8 => f32, i16 => f32, u16 => f32, i32 => f64, u32 => f64,
    i64 => f64, u64 => f64, f16 => f32, bf16 => f32);
promote!(PromoteLong: same f32, f64;
    bool => f64, i8 => f64, u8 => f64, i16 => f64, u16 => f64, i32 => f64, u32 => f64,
    i64 => f64, u64 => f64, f16 => f32, bf16 => f32);

/// The dtype of a special function whose result is `float64` for every real input (SciPy's
/// `spherical_jn`, `spherical_yn`, `spherical_in`: their `float32` results are promoted by
/// the Python wrapper's reflection step), `f32` included.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::special::PromoteF64;
/// fn result<T: PromoteF64>() -> DTypeId { <T::Out as DType>::ID }
/// assert_eq!(result::<f32>(), DTypeId::F64);
/// assert_eq!(result::<i16>(), DTypeId::F64);
/// ```
pub trait PromoteF64: DType {
    /// The result's dtype (`f64`, the dtype the operands are converted to).
    type Out: Float;
    /// The operand converted to `f64`.
    fn promote<'a>(x: impl IntoOperand<'a, Self>) -> Result<Operand<'a, Self::Out>>;
}

promote!(PromoteF64: same f64;
    i8 => f64, u8 => f64, i16 => f64, u16 => f64, i32 => f64, u32 => f64,
    i64 => f64, u64 => f64, f16 => f64, bf16 => f64, f32 => f64);

/// The dtype of a special function whose only loop is `complex128` (`lambertw`: SciPy casts
/// every input to `complex128`; its `complex64` loop is reached only with a `float32` `tol`):
/// every dtype gives `c128`.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::special;
/// let x = Array::from_vec(&Device::cpu(), &[1], vec![1.0f32])?;
/// let w: Array<c128> = special::lambertw(&x, 0i64, 1e-8)?; // f32 in, c128 out
/// assert_eq!(w.to_vec()?[0], Complex::new(0.5671432904097838, 0.0));
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub trait PromoteC128: DType {
    /// The operand converted to `c128`: itself for `c128`, a converted copy otherwise.
    fn promote<'a>(x: impl IntoOperand<'a, Self>) -> Result<Operand<'a, c128>>;
}

impl PromoteC128 for c128 {
    fn promote<'a>(x: impl IntoOperand<'a, Self>) -> Result<Operand<'a, c128>> {
        Ok(x.into_operand())
    }
}

macro_rules! promote_c128 {
    ($($t:ty),*) => {$(
        impl PromoteC128 for $t {
            fn promote<'a>(x: impl IntoOperand<'a, Self>) -> Result<Operand<'a, c128>> {
                convert::<$t, c128>(x)
            }
        }
    )*};
}

promote_c128!(bool, i8, u8, i16, u16, i32, u32, i64, u64, f16, bf16, f32, f64, c64);
