//! The dtypes of the Bessel functions of real order with SciPy's complex loops (`iv`, `ive`,
//! `kv`, `kve`, `jv`, `jve`, `yv`, `yve`: `'ff->f', 'dd->d', 'fF->F', 'dD->D'`) and of the
//! Hankel functions (`hankel1`, `hankel1e`, `hankel2`, `hankel2e`: `'fF->F', 'dD->D'` only).
//! The argument's dtype picks the loop: a real one as [`PromoteF32`] says (the order of the
//! same dtype), `c64` with `f32` orders, `c128` with `f64` orders.

use super::kernels;
use super::PromoteF32;
use crate::prelude::*;
use array_runtime::IntoOperand;

/// The argument dtypes of the Bessel functions of real order: every real dtype (the order of
/// the same dtype, the result as [`PromoteF32`] says) and `c64`, `c128` (the order `f32`,
/// `f64`; the result the argument's dtype).
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::special::BesselLoops;
/// fn result<T: BesselLoops>() -> (DTypeId, DTypeId) {
///     (<T::Order as DType>::ID, <T::Out as DType>::ID)
/// }
/// assert_eq!(result::<i16>(), (DTypeId::I16, DTypeId::F32));
/// assert_eq!(result::<f64>(), (DTypeId::F64, DTypeId::F64));
/// assert_eq!(result::<c64>(), (DTypeId::F32, DTypeId::C64));
/// assert_eq!(result::<c128>(), (DTypeId::F64, DTypeId::C128));
/// ```
pub trait BesselLoops: DType {
    /// The order's dtype.
    type Order: DType;
    /// The result's dtype.
    type Out: DType;
    /// See [`iv`](super::iv()).
    fn iv<'a>(
        v: impl IntoOperand<'a, Self::Order>,
        z: impl IntoOperand<'a, Self>,
    ) -> Result<Array<Self::Out>>;
    /// See [`ive`](super::ive()).
    fn ive<'a>(
        v: impl IntoOperand<'a, Self::Order>,
        z: impl IntoOperand<'a, Self>,
    ) -> Result<Array<Self::Out>>;
    /// See [`kv`](super::kv()).
    fn kv<'a>(
        v: impl IntoOperand<'a, Self::Order>,
        z: impl IntoOperand<'a, Self>,
    ) -> Result<Array<Self::Out>>;
    /// See [`kve`](super::kve()).
    fn kve<'a>(
        v: impl IntoOperand<'a, Self::Order>,
        z: impl IntoOperand<'a, Self>,
    ) -> Result<Array<Self::Out>>;
    /// See [`jv`](super::jv()).
    fn jv<'a>(
        v: impl IntoOperand<'a, Self::Order>,
        z: impl IntoOperand<'a, Self>,
    ) -> Result<Array<Self::Out>>;
    /// See [`jve`](super::jve()).
    fn jve<'a>(
        v: impl IntoOperand<'a, Self::Order>,
        z: impl IntoOperand<'a, Self>,
    ) -> Result<Array<Self::Out>>;
    /// See [`yv`](super::yv()).
    fn yv<'a>(
        v: impl IntoOperand<'a, Self::Order>,
        z: impl IntoOperand<'a, Self>,
    ) -> Result<Array<Self::Out>>;
    /// See [`yve`](super::yve()).
    fn yve<'a>(
        v: impl IntoOperand<'a, Self::Order>,
        z: impl IntoOperand<'a, Self>,
    ) -> Result<Array<Self::Out>>;
}

/// The impl of the real dtypes: each method promotes both operands and calls the real kernel.
macro_rules! real_impl {
    ($($name:ident),*) => {
        impl<T: PromoteF32> BesselLoops for T {
            type Order = T;
            type Out = T::Out;
            $(fn $name<'a>(v: impl IntoOperand<'a, T>, z: impl IntoOperand<'a, T>) -> Result<Array<T::Out>> {
                kernels::$name::<T::Out>(T::promote(v)?, T::promote(z)?)
            })*
        }
    };
}

real_impl!(iv, ive, kv, kve, jv, jve, yv, yve);

/// The impl of a complex dtype `$t` with orders `$o`: each method calls the kernel `$kernel`.
macro_rules! complex_impl {
    ($t:ty, $o:ty: $($name:ident => $kernel:ident),*) => {
        impl BesselLoops for $t {
            type Order = $o;
            type Out = $t;
            $(fn $name<'a>(v: impl IntoOperand<'a, $o>, z: impl IntoOperand<'a, $t>) -> Result<Array<$t>> {
                kernels::$kernel(v, z)
            })*
        }
    };
}

complex_impl!(c64, f32: iv => iv_c64, ive => ive_c64, kv => kv_c64, kve => kve_c64,
    jv => jv_c64, jve => jve_c64, yv => yv_c64, yve => yve_c64);
complex_impl!(c128, f64: iv => iv_c128, ive => ive_c128, kv => kv_c128, kve => kve_c128,
    jv => jv_c128, jve => jve_c128, yv => yv_c128, yve => yve_c128);

/// The argument dtypes of the Hankel functions: `c64` (orders `f32`) and `c128` (orders
/// `f64`), SciPy's only loops (a real argument is converted to a complex dtype first, see
/// [`astype`](crate::Array::astype)).
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::special::Hankel;
/// fn order<T: Hankel>() -> DTypeId { <T::Order as DType>::ID }
/// assert_eq!(order::<c64>(), DTypeId::F32);
/// ```
pub trait Hankel: DType {
    /// The order's dtype.
    type Order: DType;
    /// See [`hankel1`](super::hankel1()).
    fn hankel1<'a>(
        v: impl IntoOperand<'a, Self::Order>,
        z: impl IntoOperand<'a, Self>,
    ) -> Result<Array<Self>>;
    /// See [`hankel1e`](super::hankel1e()).
    fn hankel1e<'a>(
        v: impl IntoOperand<'a, Self::Order>,
        z: impl IntoOperand<'a, Self>,
    ) -> Result<Array<Self>>;
    /// See [`hankel2`](super::hankel2()).
    fn hankel2<'a>(
        v: impl IntoOperand<'a, Self::Order>,
        z: impl IntoOperand<'a, Self>,
    ) -> Result<Array<Self>>;
    /// See [`hankel2e`](super::hankel2e()).
    fn hankel2e<'a>(
        v: impl IntoOperand<'a, Self::Order>,
        z: impl IntoOperand<'a, Self>,
    ) -> Result<Array<Self>>;
}

/// The impl of a complex dtype `$t` with orders `$o` for the Hankel functions.
macro_rules! hankel_impl {
    ($t:ty, $o:ty: $($name:ident => $kernel:ident),*) => {
        impl Hankel for $t {
            type Order = $o;
            $(fn $name<'a>(v: impl IntoOperand<'a, $o>, z: impl IntoOperand<'a, $t>) -> Result<Array<$t>> {
                kernels::$kernel(v, z)
            })*
        }
    };
}

hankel_impl!(c64, f32: hankel1 => hankel1_c64, hankel1e => hankel1e_c64,
    hankel2 => hankel2_c64, hankel2e => hankel2e_c64);
hankel_impl!(c128, f64: hankel1 => hankel1_c128, hankel1e => hankel1e_c128,
    hankel2 => hankel2_c128, hankel2e => hankel2e_c128);
