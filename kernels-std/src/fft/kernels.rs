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

/// The kernels of the DCT/DST of one precision (`c64`/`f32` or `c128`/`f64`): the pre- and
/// post-twiddles that turn a real or complex FFT into a cosine or sine transform.
macro_rules! r2r_kernels {
    ($c:ident, $r:ident: $post_re:ident, $post_neg_im:ident, $dct3_pre:ident, $mul_rc:ident, $re_part:ident, $neg_im_part:ident, $real_to_complex:ident) => {
        /// `(v * w).re * f`: a post-twiddle (DCT-II's first half, DCT-IV).
        #[elementwise]
        pub fn $post_re(v: $c, w: $c, f: $r) -> $r {
            (v * w).re * f
        }

        /// `-(v * w).im * f`: a post-twiddle (DCT-II's second half, reversed; DST-IV).
        #[elementwise]
        pub fn $post_neg_im(v: $c, w: $c, f: $r) -> $r {
            -(v * w).im * f
        }

        /// `conj(w) * (a - i b) * f`: DCT-III's pre-twiddle of `a = x[k]`, `b = x[n - k]`.
        #[elementwise]
        pub fn $dct3_pre(a: $r, b: $r, w: $c, f: $r) -> $c {
            w.conj() * Complex::new(a * f, -(b * f))
        }

        /// `x * w`: a real value times a twiddle (DCT-IV's pre-twiddle).
        #[elementwise]
        pub fn $mul_rc(x: $r, w: $c) -> $c {
            w * x
        }

        /// `z.re * f` (DCT-I from the transform of the even extension).
        #[elementwise]
        pub fn $re_part(z: $c, f: $r) -> $r {
            z.re * f
        }

        /// `-z.im * f` (DST-I from the transform of the odd extension).
        #[elementwise]
        pub fn $neg_im_part(z: $c, f: $r) -> $r {
            -z.im * f
        }

        /// `x * f` as a complex number (DCT-III's zero-frequency term).
        #[elementwise]
        pub fn $real_to_complex(x: $r, f: $r) -> $c {
            Complex::new(x * f, 0.0)
        }
    };
}

r2r_kernels!(c64, f32: post_re_c64, post_neg_im_c64, dct3_pre_c64, mul_rc_c64, re_part_c64, neg_im_part_c64, real_to_complex_c64);
r2r_kernels!(c128, f64: post_re_c128, post_neg_im_c128, dct3_pre_c128, mul_rc_c128, re_part_c128, neg_im_part_c128, real_to_complex_c128);

/// `a * b` of two spectra (convolution by the FFT).
#[elementwise]
pub fn mul_c64(a: c64, b: c64) -> c64 {
    a * b
}

/// `a * b` of two spectra (convolution by the FFT).
#[elementwise]
pub fn mul_c128(a: c128, b: c128) -> c128 {
    a * b
}

/// The direct convolution kernels of a dtype: element `lo + i` of the full convolution of
/// `a` and `v`, `sum_j a[k - j] v[j]` over the `j` where both exist, for each output `i`
/// (`per_thread` consecutive outputs per thread).
macro_rules! direct_convolution {
    ($($name:ident: $t:ty = $zero:expr;)*) => {$(
        #[doc = concat!("Direct convolution of `", stringify!($t), "` (see the module).")]
        #[raw_kernel]
        pub(crate) fn $name(a: &[$t], v: &[$t], out: &mut [$t], lo: u64, per_thread: u64) {
            let t = block_idx().x as u64 * block_dim().x as u64 + thread_idx().x as u64;
            let n = a.len() as u64;
            let m = v.len() as u64;
            let total = out.len() as u64;
            let mut i = t * per_thread;
            let end = (i + per_thread).min(total);
            while i < end {
                let k = i + lo;
                let j_lo = if k + 1 > n { k + 1 - n } else { 0 };
                let j_hi = if k + 1 < m { k } else { m - 1 };
                let mut acc = $zero;
                let mut j = j_lo;
                while j <= j_hi {
                    acc += a[(k - j) as usize] * v[j as usize];
                    j += 1;
                }
                out[i as usize] = acc;
                i += 1;
            }
        }
    )*};
}

direct_convolution! {
    direct_i32: i32 = 0i32;
    direct_i64: i64 = 0i64;
    direct_f32: f32 = 0.0f32;
    direct_f64: f64 = 0.0f64;
    direct_c64: c64 = Complex::new(0.0f32, 0.0f32);
    direct_c128: c128 = Complex::new(0.0f64, 0.0f64);
}
