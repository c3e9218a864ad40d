//! The kernels of the functions of complex arguments (`wofz`, the complex error functions,
//! the complex gamma family `loggamma`, `gamma`, `rgamma`, `digamma`):
//! one per complex dtype (`wofz_c64`, `wofz_c128`), each calling the `c128` function of
//! [`scalar`] (a `c64` argument widened exactly, the result rounded once).

use crate::prelude::*;
use crate::special::scalar;

/// `complex_kernel!(f => f_c64, f_c128; ..)`: the two kernels of the `c128` function
/// `scalar::f`.
macro_rules! complex_kernel {
    ($($f:ident => $c64:ident, $c128:ident;)*) => {$(
        #[doc = concat!("The `c64` kernel of [`scalar::", stringify!($f), "`](crate::special::scalar::",
            stringify!($f), "()): computed in `c128`, rounded once.")]
        #[elementwise]
        pub fn $c64(z: c64) -> c64 {
            let w: c128 = scalar::$f(z.cast::<c128>());
            w.cast::<c64>()
        }

        #[doc = concat!("The `c128` kernel of [`scalar::", stringify!($f), "`](crate::special::scalar::",
            stringify!($f), "()).")]
        #[elementwise]
        pub fn $c128(z: c128) -> c128 {
            scalar::$f(z)
        }
    )*};
}

complex_kernel! {
    wofz => wofz_c64, wofz_c128;
    erf_complex => erf_c64, erf_c128;
    erfc_complex => erfc_c64, erfc_c128;
    erfcx_complex => erfcx_c64, erfcx_c128;
    erfi_complex => erfi_c64, erfi_c128;
    dawsn_complex => dawsn_c64, dawsn_c128;
    loggamma_complex => loggamma_c64, loggamma_c128;
    gamma_complex => gamma_c64, gamma_c128;
    rgamma_complex => rgamma_c64, rgamma_c128;
    digamma_complex => digamma_c64, digamma_c128;
}

/// `complex_order_kernel!(f => f_c64, f_c128; ..)`: the two kernels of the function
/// `scalar::f(v: f64, z: c128) -> c128` of a real order and a complex argument (SciPy's
/// `'fF->F'` and `'dD->D'` loops).
macro_rules! complex_order_kernel {
    ($($f:ident => $c64:ident, $c128:ident;)*) => {$(
        #[doc = concat!("The `c64` kernel of [`scalar::", stringify!($f), "`](crate::special::scalar::",
            stringify!($f), "()) (`f32` orders): computed in `c128`, rounded once.")]
        #[elementwise]
        pub fn $c64(v: f32, z: c64) -> c64 {
            let w: c128 = scalar::$f(v as f64, z.cast::<c128>());
            w.cast::<c64>()
        }

        #[doc = concat!("The `c128` kernel of [`scalar::", stringify!($f), "`](crate::special::scalar::",
            stringify!($f), "()).")]
        #[elementwise]
        pub fn $c128(v: f64, z: c128) -> c128 {
            scalar::$f(v, z)
        }
    )*};
}

complex_order_kernel! {
    iv_complex => iv_c64, iv_c128;
    ive_complex => ive_c64, ive_c128;
    kv_complex => kv_c64, kv_c128;
    kve_complex => kve_c64, kve_c128;
    jv_complex => jv_c64, jv_c128;
    jve_complex => jve_c64, jve_c128;
    yv_complex => yv_c64, yv_c128;
    yve_complex => yve_c64, yve_c128;
    hankel1_complex => hankel1_c64, hankel1_c128;
    hankel1e_complex => hankel1e_c64, hankel1e_c128;
    hankel2_complex => hankel2_c64, hankel2_c128;
    hankel2e_complex => hankel2e_c64, hankel2e_c128;
}
