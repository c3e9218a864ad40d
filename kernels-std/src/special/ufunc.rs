//! `ufunc!`: the array function of a kernel of [`kernels`](super::kernels), generic over the
//! input dtype through a promotion trait ([`Promote`](super::Promote) or
//! [`PromoteF32`](super::PromoteF32)): every operand is converted to the result's dtype, then
//! the kernel runs once over the broadcast operands.

/// `ufunc! { /// docs \n name(a, b): Promote; }`
macro_rules! ufunc {
    ($($(#[$m:meta])* $name:ident($($a:ident),+): $pr:ident;)*) => {$(
        $(#[$m])*
        pub fn $name<'a, T: $crate::special::$pr>(
            $($a: impl array_runtime::IntoOperand<'a, T>),+
        ) -> $crate::Result<$crate::Array<T::Out>> {
            $crate::special::kernels::$name::<T::Out>($(T::promote($a)?),+)
        }
    )*};
}

pub(crate) use ufunc;
