//! The parts of complex numbers: `real`, `imag`, `conj`, `angle`.

use crate::prelude::*;

/// The parts of a complex dtype as kernels: `real`, `imag`, `conj`, `angle` of `$t`, whose
/// parts are `$r`.
macro_rules! complex_parts {
    ($($t:ident, $r:ident: $real:ident, $imag:ident, $conj:ident, $angle:ident;)*) => {$(
        #[doc = concat!("NumPy's `real` of `", stringify!($t), "`: the real part.")]
        #[elementwise]
        pub fn $real(z: $t) -> $r {
            z.re
        }

        #[doc = concat!("NumPy's `imag` of `", stringify!($t), "`: the imaginary part.")]
        #[elementwise]
        pub fn $imag(z: $t) -> $r {
            z.im
        }

        #[doc = concat!("NumPy's `conjugate` of `", stringify!($t), "`: the imaginary part negated (`-0.0` from `0.0`, NaN's sign flipped).")]
        #[elementwise]
        pub fn $conj(z: $t) -> $t {
            z.conj()
        }

        #[doc = concat!("NumPy's `angle` of `", stringify!($t), "`: `atan2(im, re)`, in `(-pi, pi]` (signed zeros give `+-0` or `+-pi`).")]
        #[elementwise]
        pub fn $angle(z: $t) -> $r {
            z.im.atan2(z.re)
        }
    )*};
}

complex_parts! {
    c64, f32: real_c64, imag_c64, conj_c64, angle_c64;
    c128, f64: real_c128, imag_c128, conj_c128, angle_c128;
}

/// NumPy's `angle` of a real number, computed in `C`: `atan2(0, x)`, so `0` for `x >= +0`,
/// `pi` for `x < 0` and `-0.0`, NaN for NaN.
#[elementwise]
pub fn angle_real<I: DType, F: Float, C: Float>(x: I) -> F {
    let zero = false.cast::<C>();
    zero.atan2(x.cast::<C>()).cast::<F>()
}
