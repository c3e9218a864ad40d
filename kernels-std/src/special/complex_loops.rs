//! The dtypes of the special functions with complex loops in SciPy (`erf`, `erfc`, `erfcx`,
//! `erfi`, `dawsn`, `loggamma`, `gamma`, `rgamma`, `digamma`: `'d->d', 'f->f', 'D->D',
//! 'F->F'`): the real dtypes as [`Promote`] says
//! (`f32` stays `f32`, the others give `f64`), `c64` and `c128` their own dtype. One trait,
//! [`ComplexLoops`], with a method per function: the real impl calls the generic kernel, the
//! complex ones the kernel of their dtype (`erf_c64`, `erf_c128`).

use super::kernels;
use super::Promote;
use crate::prelude::*;
use array_runtime::IntoOperand;

/// The dtypes a special function with SciPy's complex loops takes: every real dtype (its
/// result as [`Promote`] says) and `c64`, `c128` (the same dtype).
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::special::ComplexLoops;
/// fn result<T: ComplexLoops>() -> DTypeId { <T::Out as DType>::ID }
/// assert_eq!(result::<i16>(), DTypeId::F64);
/// assert_eq!(result::<f32>(), DTypeId::F32);
/// assert_eq!(result::<c64>(), DTypeId::C64);
/// ```
pub trait ComplexLoops: DType {
    /// The result's dtype.
    type Out: DType;
    /// See [`erf`](super::erf()).
    fn erf<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self::Out>>;
    /// See [`erfc`](super::erfc()).
    fn erfc<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self::Out>>;
    /// See [`erfcx`](super::erfcx()).
    fn erfcx<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self::Out>>;
    /// See [`erfi`](super::erfi()).
    fn erfi<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self::Out>>;
    /// See [`dawsn`](super::dawsn()).
    fn dawsn<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self::Out>>;
    /// See [`loggamma`](super::loggamma()).
    fn loggamma<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self::Out>>;
    /// See [`gamma`](super::gamma()).
    fn gamma<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self::Out>>;
    /// See [`rgamma`](super::rgamma()).
    fn rgamma<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self::Out>>;
    /// See [`digamma`](super::digamma()).
    fn digamma<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self::Out>>;
}

impl<T: Promote> ComplexLoops for T {
    type Out = T::Out;
    fn erf<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self::Out>> {
        kernels::erf::<T::Out>(T::promote(x)?)
    }
    fn erfc<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self::Out>> {
        kernels::erfc::<T::Out>(T::promote(x)?)
    }
    fn erfcx<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self::Out>> {
        kernels::erfcx::<T::Out>(T::promote(x)?)
    }
    fn erfi<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self::Out>> {
        kernels::erfi::<T::Out>(T::promote(x)?)
    }
    fn dawsn<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self::Out>> {
        kernels::dawsn::<T::Out>(T::promote(x)?)
    }
    fn loggamma<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self::Out>> {
        kernels::loggamma::<T::Out>(T::promote(x)?)
    }
    fn gamma<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self::Out>> {
        kernels::gamma::<T::Out>(T::promote(x)?)
    }
    fn rgamma<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self::Out>> {
        kernels::rgamma::<T::Out>(T::promote(x)?)
    }
    fn digamma<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self::Out>> {
        kernels::digamma::<T::Out>(T::promote(x)?)
    }
}

/// The impl of a complex dtype `$t`: each method calls the kernel `<name>_<suffix>`.
macro_rules! complex_impl {
    ($t:ty: $($name:ident => $kernel:ident),*) => {
        impl ComplexLoops for $t {
            type Out = $t;
            $(fn $name<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self::Out>> {
                kernels::$kernel(x)
            })*
        }
    };
}

complex_impl!(c64: erf => erf_c64, erfc => erfc_c64, erfcx => erfcx_c64, erfi => erfi_c64,
    dawsn => dawsn_c64, loggamma => loggamma_c64, gamma => gamma_c64, rgamma => rgamma_c64,
    digamma => digamma_c64);
complex_impl!(c128: erf => erf_c128, erfc => erfc_c128, erfcx => erfcx_c128,
    erfi => erfi_c128, dawsn => dawsn_c128, loggamma => loggamma_c128, gamma => gamma_c128,
    rgamma => rgamma_c128, digamma => digamma_c128);

/// The dtypes [`wofz`](super::wofz()) takes: every real dtype (the result is `c128`, SciPy's
/// `'D->D'` loop comes first) and `c64`, `c128` (the same dtype).
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::special::Faddeeva;
/// fn result<T: Faddeeva>() -> DTypeId { <T::Out as DType>::ID }
/// assert_eq!(result::<f32>(), DTypeId::C128);
/// assert_eq!(result::<c64>(), DTypeId::C64);
/// ```
pub trait Faddeeva: DType {
    /// The result's dtype.
    type Out: DType;
    /// See [`wofz`](super::wofz()).
    fn wofz<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<Self::Out>>;
}

impl<T: Promote> Faddeeva for T {
    type Out = c128;
    fn wofz<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<c128>> {
        kernels::wofz_c128(super::promote::convert::<T, c128>(x)?)
    }
}

impl Faddeeva for c64 {
    type Out = c64;
    fn wofz<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<c64>> {
        kernels::wofz_c64(x)
    }
}

impl Faddeeva for c128 {
    type Out = c128;
    fn wofz<'a>(x: impl IntoOperand<'a, Self>) -> Result<Array<c128>> {
        kernels::wofz_c128(x)
    }
}
