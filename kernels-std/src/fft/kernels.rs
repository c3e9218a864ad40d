//! The kernels around the transforms, written once with the macros for both backends:
//! scaling (the `norm`), and the frequency vectors. (The DCT/DST twiddles are in
//! `dct_kernels.rs`.)

use crate::prelude::*;

/// `z * f`: the normalization of a complex result (`norm`).
#[elementwise]
pub fn scale_c64(z: c64, f: f32) -> c64 {
    z * f
}

/// `z * f`: the normalization of a complex result (`norm`).
#[elementwise]
pub fn scale_c128(z: c128, f: f64) -> c128 {
    z * f
}

/// `x * f`: the normalization of a real result (`norm`).
#[elementwise]
pub fn scale_real<T: Float>(x: T, f: T) -> T {
    x * f
}

/// The conjugate of `z` scaled by `f`: the Hermitian packing of `hfft` and `ihfft` (their
/// inputs and results are the conjugates of a real transform's).
#[elementwise]
pub fn conj_scale_c64(z: c64, f: f32) -> c64 {
    z.conj() * f
}

/// The conjugate of `z` scaled by `f` (see [`conj_scale_c64`]).
#[elementwise]
pub fn conj_scale_c128(z: c128, f: f64) -> c128 {
    z.conj() * f
}

/// Element `i` of NumPy's `fftfreq(n, d)`: the signed frequency index (`i` in the first half,
/// `i - n` in the second) times `val = 1 / (n * d)`, as NumPy computes it.
#[elementwise]
pub fn fftfreq_at(i: i64, n: i64, val: f64) -> f64 {
    let k = if i < (n + 1) / 2 { i } else { i - n };
    k as f64 * val
}

/// Element `i` of NumPy's `rfftfreq(n, d)`: `i * val`, `val = 1 / (n * d)`.
#[elementwise]
pub fn rfftfreq_at(i: i64, val: f64) -> f64 {
    i as f64 * val
}

/// `z` with its imaginary part zeroed (the terms whose imaginary parts a real inverse
/// transform ignores).
#[elementwise]
pub fn drop_imag_c64(z: c64) -> c64 {
    Complex::new(z.re, 0.0)
}

/// `z` with its imaginary part zeroed (see [`drop_imag_c64`]).
#[elementwise]
pub fn drop_imag_c128(z: c128) -> c128 {
    Complex::new(z.re, 0.0)
}
