//! The ufuncs of complex dtypes, one kernel per function and dtype (`sin_c64`, `sin_c128`):
//! each calls a formula of [`complex_formulas`](super::complex_formulas) on the parts.

use super::complex_formulas::{
    cacos, cacosh, casin, casinh, catanh, ccosh, cexpm1, clog, clog1p, cpow, creciprocal, csign,
    csinh, csqrt, ctanh,
};
use crate::prelude::*;

/// The complex kernels of one dtype `$t` (parts `$r`).
///
/// The functions of `iz` use `sin z = -i sinh(iz)`, `cos z = cosh(iz)`, `tan z = -i tanh(iz)`,
/// `asinh z = -i asin(iz)`, `atan z = -i atanh(iz)`, with `iz = -y + ix` (exact).
macro_rules! complex_kernels {
    ($t:ident, $r:ident: $sqrt:ident, $exp:ident, $exp2:ident, $expm1:ident, $log:ident, $log2:ident,
     $log10:ident, $log1p:ident, $sin:ident, $cos:ident, $tan:ident, $sinh:ident, $cosh:ident,
     $tanh:ident, $arcsin:ident, $arccos:ident, $arctan:ident, $arcsinh:ident,
     $arccosh:ident, $arctanh:ident, $square:ident, $reciprocal:ident, $sign:ident,
     $power:ident, $isnan:ident, $isinf:ident, $isfinite:ident) => {
        #[doc = concat!("NumPy's `sqrt` of `", stringify!($t), "`: the principal square root, with C99's (NumPy's) values at infinities and NaN.")]
        #[elementwise]
        pub fn $sqrt(z: $t) -> $t {
            let (a, b): ($r, $r) = csqrt::<$r>(z.re, z.im);
            Complex::new(a, b)
        }

        #[doc = concat!("NumPy's `exp` of `", stringify!($t), "`: num-complex's, with C99's special cases, and an exact zero imaginary part kept (`e^1000 + 0i` is `inf + 0i`, not `inf + nan i`).")]
        #[elementwise]
        pub fn $exp(z: $t) -> $t {
            if z.im == 0.0 {
                Complex::new(z.re.exp(), z.im)
            } else {
                z.exp()
            }
        }

        #[doc = concat!("NumPy's `exp2` of `", stringify!($t), "`: `e^(z ln 2)`, as NumPy computes it.")]
        #[elementwise]
        pub fn $exp2(z: $t) -> $t {
            let k = std::$r::consts::LN_2;
            let w = Complex::new(z.re * k, z.im * k);
            if w.im == 0.0 {
                Complex::new(w.re.exp(), w.im)
            } else {
                w.exp()
            }
        }

        #[doc = concat!("NumPy's `expm1` of `", stringify!($t), "`: `e^z - 1`, accurate for small `|z|`.")]
        #[elementwise]
        pub fn $expm1(z: $t) -> $t {
            let (a, b): ($r, $r) = cexpm1::<$r>(z.re, z.im);
            Complex::new(a, b)
        }

        #[doc = concat!("NumPy's `log` of `", stringify!($t), "`: the principal logarithm.")]
        #[elementwise]
        pub fn $log(z: $t) -> $t {
            let (a, b): ($r, $r) = clog::<$r>(z.re, z.im);
            Complex::new(a, b)
        }

        #[doc = concat!("NumPy's `log2` of `", stringify!($t), "`: `log z` times `log2(e)`, each part.")]
        #[elementwise]
        pub fn $log2(z: $t) -> $t {
            let (a, b): ($r, $r) = clog::<$r>(z.re, z.im);
            let k = std::$r::consts::LOG2_E;
            Complex::new(a * k, b * k)
        }

        #[doc = concat!("NumPy's `log10` of `", stringify!($t), "`: `log z` times `log10(e)`, each part.")]
        #[elementwise]
        pub fn $log10(z: $t) -> $t {
            let (a, b): ($r, $r) = clog::<$r>(z.re, z.im);
            let k = std::$r::consts::LOG10_E;
            Complex::new(a * k, b * k)
        }

        #[doc = concat!("NumPy's `log1p` of `", stringify!($t), "`: `ln(1 + z)`, accurate for small `|z|`.")]
        #[elementwise]
        pub fn $log1p(z: $t) -> $t {
            let (a, b): ($r, $r) = clog1p::<$r>(z.re, z.im);
            Complex::new(a, b)
        }

        #[doc = concat!("NumPy's `sin` of `", stringify!($t), "`: `-i sinh(iz)`; an infinite imaginary part with a NaN real part is `+inf` (glibc's choice).")]
        #[elementwise]
        pub fn $sin(z: $t) -> $t {
            let (a, b): ($r, $r) = csinh::<$r>(-z.im, z.re);
            if b.is_nan() && a.is_infinite() {
                Complex::new(b, a.abs())
            } else {
                Complex::new(b, -a)
            }
        }

        #[doc = concat!("NumPy's `cos` of `", stringify!($t), "`: `cosh(iz)`.")]
        #[elementwise]
        pub fn $cos(z: $t) -> $t {
            let (a, b): ($r, $r) = ccosh::<$r>(-z.im, z.re);
            Complex::new(a, b)
        }

        #[doc = concat!("NumPy's `tan` of `", stringify!($t), "`: `-i tanh(iz)`.")]
        #[elementwise]
        pub fn $tan(z: $t) -> $t {
            let (a, b): ($r, $r) = ctanh::<$r>(-z.im, z.re);
            Complex::new(b, -a)
        }

        #[doc = concat!("NumPy's `sinh` of `", stringify!($t), "`.")]
        #[elementwise]
        pub fn $sinh(z: $t) -> $t {
            let (a, b): ($r, $r) = csinh::<$r>(z.re, z.im);
            Complex::new(a, b)
        }

        #[doc = concat!("NumPy's `cosh` of `", stringify!($t), "`.")]
        #[elementwise]
        pub fn $cosh(z: $t) -> $t {
            let (a, b): ($r, $r) = ccosh::<$r>(z.re, z.im);
            Complex::new(a, b)
        }

        #[doc = concat!("NumPy's `tanh` of `", stringify!($t), "`.")]
        #[elementwise]
        pub fn $tanh(z: $t) -> $t {
            let (a, b): ($r, $r) = ctanh::<$r>(z.re, z.im);
            Complex::new(a, b)
        }

        #[doc = concat!("NumPy's `arcsin` of `", stringify!($t), "`: the principal value (cuts along the real axis beyond `+-1`).")]
        #[elementwise]
        pub fn $arcsin(z: $t) -> $t {
            let (a, b): ($r, $r) = casin::<$r>(z.re, z.im);
            Complex::new(a, b)
        }

        #[doc = concat!("NumPy's `arccos` of `", stringify!($t), "`: the principal value (cuts along the real axis beyond `+-1`).")]
        #[elementwise]
        pub fn $arccos(z: $t) -> $t {
            let (a, b): ($r, $r) = cacos::<$r>(z.re, z.im);
            Complex::new(a, b)
        }

        #[doc = concat!("NumPy's `arctan` of `", stringify!($t), "`: `-i atanh(iz)` (cuts along the imaginary axis beyond `+-i`).")]
        #[elementwise]
        pub fn $arctan(z: $t) -> $t {
            let (a, b): ($r, $r) = catanh::<$r>(-z.im, z.re);
            Complex::new(b, -a)
        }

        #[doc = concat!("NumPy's `arcsinh` of `", stringify!($t), "`: `-i asin(iz)` (cuts along the imaginary axis beyond `+-i`).")]
        #[elementwise]
        pub fn $arcsinh(z: $t) -> $t {
            let (a, b): ($r, $r) = casinh::<$r>(z.re, z.im);
            Complex::new(a, b)
        }

        #[doc = concat!("NumPy's `arccosh` of `", stringify!($t), "`: the principal value (cut along the real axis below 1).")]
        #[elementwise]
        pub fn $arccosh(z: $t) -> $t {
            let (a, b): ($r, $r) = cacosh::<$r>(z.re, z.im);
            Complex::new(a, b)
        }

        #[doc = concat!("NumPy's `arctanh` of `", stringify!($t), "`: the principal value (cuts along the real axis beyond `+-1`).")]
        #[elementwise]
        pub fn $arctanh(z: $t) -> $t {
            let (a, b): ($r, $r) = catanh::<$r>(z.re, z.im);
            Complex::new(a, b)
        }

        #[doc = concat!("NumPy's `square` of `", stringify!($t), "`: `z z`, `(x x - y y) + (x y + y x) i`.")]
        #[elementwise]
        pub fn $square(z: $t) -> $t {
            z * z
        }

        #[doc = concat!("NumPy's `reciprocal` of `", stringify!($t), "`: `1 / z` by Smith's division.")]
        #[elementwise]
        pub fn $reciprocal(z: $t) -> $t {
            let (a, b): ($r, $r) = creciprocal::<$r>(z.re, z.im);
            Complex::new(a, b)
        }

        #[doc = concat!("NumPy 2's `sign` of `", stringify!($t), "`: `z / |z|`, 0 for 0.")]
        #[elementwise]
        pub fn $sign(z: $t) -> $t {
            let (a, b): ($r, $r) = csign::<$r>(z.re, z.im);
            Complex::new(a, b)
        }

        #[doc = concat!("NumPy's `power` of `", stringify!($t), "`: `z^w` (integer `w` by repeated squaring, else `e^(w ln z)`).")]
        #[elementwise]
        pub fn $power(z: $t, w: $t) -> $t {
            let (a, b): ($r, $r) = cpow::<$r>(z.re, z.im, w.re, w.im);
            Complex::new(a, b)
        }

        #[doc = concat!("NumPy's `isnan` of `", stringify!($t), "`: either part NaN.")]
        #[elementwise]
        pub fn $isnan(z: $t) -> bool {
            z.re.is_nan() || z.im.is_nan()
        }

        #[doc = concat!("NumPy's `isinf` of `", stringify!($t), "`: either part infinite.")]
        #[elementwise]
        pub fn $isinf(z: $t) -> bool {
            z.re.is_infinite() || z.im.is_infinite()
        }

        #[doc = concat!("NumPy's `isfinite` of `", stringify!($t), "`: both parts finite.")]
        #[elementwise]
        pub fn $isfinite(z: $t) -> bool {
            z.re.is_finite() && z.im.is_finite()
        }
    };
}

complex_kernels!(
    c64, f32: sqrt_c64, exp_c64, exp2_c64, expm1_c64, log_c64, log2_c64, log10_c64, log1p_c64, sin_c64,
    cos_c64, tan_c64, sinh_c64, cosh_c64, tanh_c64, arcsin_c64, arccos_c64, arctan_c64,
    arcsinh_c64, arccosh_c64, arctanh_c64, square_c64, reciprocal_c64, sign_c64, power_c64,
    isnan_c64, isinf_c64, isfinite_c64
);
complex_kernels!(
    c128, f64: sqrt_c128, exp_c128, exp2_c128, expm1_c128, log_c128, log2_c128, log10_c128, log1p_c128,
    sin_c128, cos_c128, tan_c128, sinh_c128, cosh_c128, tanh_c128, arcsin_c128, arccos_c128,
    arctan_c128, arcsinh_c128, arccosh_c128, arctanh_c128, square_c128, reciprocal_c128,
    sign_c128, power_c128, isnan_c128, isinf_c128, isfinite_c128
);
