//! The dtypes of the transforms, as NumPy 2.4 gives them: what each input computes in and
//! what each routine returns (checked by the compiler through associated types).
//!
//! - `fft` and the complex transforms: `f16`, `bf16`, `f32` and `c64` compute in `c64`;
//!   everything else (integers, `bool`, `f64`, `c128`) in `c128`.
//! - `rfft`, `ihfft`, the DCT/DST: real inputs only (a complex input is a compile error where
//!   NumPy raises a `TypeError`).
//! - `irfft`, `hfft`: the real dtype of the computation, except that `f16` (and `bf16`) in
//!   gives `f16` out, as NumPy 2.4 does (computed in `f32`, rounded once).

use super::kernels;
use crate::prelude::*;

mod sealed {
    pub trait Sealed {}
}

/// The real dtypes the transforms compute in: `f32` and `f64`.
///
/// ```
/// use kernels_std::fft::FftReal;
/// use kernels_std::prelude::*;
/// fn complex_of<R: FftReal>() -> DTypeId { <R::Complex as DType>::ID }
/// assert_eq!(complex_of::<f32>(), DTypeId::C64);
/// ```
pub trait FftReal: Float + rustfft::FftNum + sealed::Sealed {
    /// The complex dtype of the same precision.
    type Complex: FftComplex<Real = Self>;
    /// Machine epsilon, as `f64`.
    const EPS: f64;
    /// `v` in this precision.
    fn from_f64(v: f64) -> Self;
    /// `x * f`: the CPU twin of the `scale` kernel.
    fn scale(x: Self, f: Self) -> Self;
    /// `x * f` for every element, on `x`'s device (the `scale` kernel).
    fn scale_array(x: &Array<Self>, f: Self) -> Result<Array<Self>>;
    /// `x * f` into `out` (the `scale` kernel).
    fn scale_into(x: &Array<Self>, f: Self, out: &mut ArrayViewMut<'_, Self>) -> Result<()>;
    /// The DCT/DST post-twiddle `(v * w).re * f` into `out`.
    fn post_re(
        v: &Array<Self::Complex>,
        w: &Array<Self::Complex>,
        f: Self,
        out: &mut ArrayViewMut<'_, Self>,
    ) -> Result<()>;
    /// The DCT/DST post-twiddle `-(v * w).im * f` into `out`.
    fn post_neg_im(
        v: &Array<Self::Complex>,
        w: &Array<Self::Complex>,
        f: Self,
        out: &mut ArrayViewMut<'_, Self>,
    ) -> Result<()>;
    /// DCT-III's pre-twiddle `conj(w) * (a - i b) * f` into `out`.
    fn dct3_pre(
        a: &Array<Self>,
        b: &Array<Self>,
        w: &Array<Self::Complex>,
        f: Self,
        out: &mut ArrayViewMut<'_, Self::Complex>,
    ) -> Result<()>;
    /// `x * w` into `out` (DCT-IV's pre-twiddle).
    fn mul_rc(
        x: &Array<Self>,
        w: &Array<Self::Complex>,
        out: &mut ArrayViewMut<'_, Self::Complex>,
    ) -> Result<()>;
    /// `z.re * f` (DCT-I).
    fn re_part(z: &Array<Self::Complex>, f: Self) -> Result<Array<Self>>;
    /// `-z.im * f` (DST-I).
    fn neg_im_part(z: &Array<Self::Complex>, f: Self) -> Result<Array<Self>>;
    /// `x * f + 0i` into `out`.
    fn real_to_complex(
        x: &Array<Self>,
        f: Self,
        out: &mut ArrayViewMut<'_, Self::Complex>,
    ) -> Result<()>;
}

/// The complex dtypes the transforms compute in: `c64` and `c128`.
///
/// ```
/// use kernels_std::fft::FftComplex;
/// use kernels_std::prelude::*;
/// fn real_of<C: FftComplex>() -> DTypeId { <C::Real as DType>::ID }
/// assert_eq!(real_of::<c128>(), DTypeId::F64);
/// ```
pub trait FftComplex: DType + sealed::Sealed {
    /// The dtype of the parts.
    type Real: FftReal<Complex = Self>;
    /// As num-complex's type (the same type: `c64` is `Complex<f32>`).
    fn to_complex(self) -> Complex<Self::Real>;
    /// From num-complex's type.
    fn from_complex(z: Complex<Self::Real>) -> Self;
    /// A slice of these as num-complex's type (the same type, seen through the generic one).
    fn as_complex_mut(s: &mut [Self]) -> &mut [Complex<Self::Real>];
    /// `z * f`: the CPU twin of the `scale` kernel.
    fn scale(z: Self, f: Self::Real) -> Self;
    /// `z * f` for every element, on `z`'s device (the `scale` kernel).
    fn scale_array(z: &Array<Self>, f: Self::Real) -> Result<Array<Self>>;
    /// `conj(z) * f` for every element, on `z`'s device (Hermitian packing).
    fn conj_scale_array(z: &Array<Self>, f: Self::Real) -> Result<Array<Self>>;
    /// `z` with a zero imaginary part, for every element, on `z`'s device.
    fn drop_imag_array(z: &Array<Self>) -> Result<Array<Self>>;
    /// `a * b` elementwise (broadcasting), on their device.
    fn mul_array(a: &Array<Self>, b: &Array<Self>) -> Result<Array<Self>>;
}

impl sealed::Sealed for f32 {}
impl sealed::Sealed for f64 {}
impl sealed::Sealed for c64 {}
impl sealed::Sealed for c128 {}

impl FftReal for f32 {
    type Complex = c64;
    const EPS: f64 = f32::EPSILON as f64;
    fn from_f64(v: f64) -> Self {
        v as f32
    }
    fn scale(x: Self, f: Self) -> Self {
        kernels::scale_real::scalar::<f32>(x, f)
    }
    fn scale_array(x: &Array<Self>, f: Self) -> Result<Array<Self>> {
        kernels::scale_real::<f32>(x, f)
    }
    fn scale_into(x: &Array<Self>, f: Self, out: &mut ArrayViewMut<'_, Self>) -> Result<()> {
        kernels::scale_real::into::<f32>(x, f, out)
    }
    fn post_re(
        v: &Array<c64>,
        w: &Array<c64>,
        f: Self,
        out: &mut ArrayViewMut<'_, Self>,
    ) -> Result<()> {
        kernels::post_re_c64::into(v, w, f, out)
    }
    fn post_neg_im(
        v: &Array<c64>,
        w: &Array<c64>,
        f: Self,
        out: &mut ArrayViewMut<'_, Self>,
    ) -> Result<()> {
        kernels::post_neg_im_c64::into(v, w, f, out)
    }
    fn dct3_pre(
        a: &Array<Self>,
        b: &Array<Self>,
        w: &Array<c64>,
        f: Self,
        out: &mut ArrayViewMut<'_, c64>,
    ) -> Result<()> {
        kernels::dct3_pre_c64::into(a, b, w, f, out)
    }
    fn mul_rc(x: &Array<Self>, w: &Array<c64>, out: &mut ArrayViewMut<'_, c64>) -> Result<()> {
        kernels::mul_rc_c64::into(x, w, out)
    }
    fn re_part(z: &Array<c64>, f: Self) -> Result<Array<Self>> {
        kernels::re_part_c64(z, f)
    }
    fn neg_im_part(z: &Array<c64>, f: Self) -> Result<Array<Self>> {
        kernels::neg_im_part_c64(z, f)
    }
    fn real_to_complex(x: &Array<Self>, f: Self, out: &mut ArrayViewMut<'_, c64>) -> Result<()> {
        kernels::real_to_complex_c64::into(x, f, out)
    }
}

impl FftReal for f64 {
    type Complex = c128;
    const EPS: f64 = f64::EPSILON;
    fn from_f64(v: f64) -> Self {
        v
    }
    fn scale(x: Self, f: Self) -> Self {
        kernels::scale_real::scalar::<f64>(x, f)
    }
    fn scale_array(x: &Array<Self>, f: Self) -> Result<Array<Self>> {
        kernels::scale_real::<f64>(x, f)
    }
    fn scale_into(x: &Array<Self>, f: Self, out: &mut ArrayViewMut<'_, Self>) -> Result<()> {
        kernels::scale_real::into::<f64>(x, f, out)
    }
    fn post_re(
        v: &Array<c128>,
        w: &Array<c128>,
        f: Self,
        out: &mut ArrayViewMut<'_, Self>,
    ) -> Result<()> {
        kernels::post_re_c128::into(v, w, f, out)
    }
    fn post_neg_im(
        v: &Array<c128>,
        w: &Array<c128>,
        f: Self,
        out: &mut ArrayViewMut<'_, Self>,
    ) -> Result<()> {
        kernels::post_neg_im_c128::into(v, w, f, out)
    }
    fn dct3_pre(
        a: &Array<Self>,
        b: &Array<Self>,
        w: &Array<c128>,
        f: Self,
        out: &mut ArrayViewMut<'_, c128>,
    ) -> Result<()> {
        kernels::dct3_pre_c128::into(a, b, w, f, out)
    }
    fn mul_rc(x: &Array<Self>, w: &Array<c128>, out: &mut ArrayViewMut<'_, c128>) -> Result<()> {
        kernels::mul_rc_c128::into(x, w, out)
    }
    fn re_part(z: &Array<c128>, f: Self) -> Result<Array<Self>> {
        kernels::re_part_c128(z, f)
    }
    fn neg_im_part(z: &Array<c128>, f: Self) -> Result<Array<Self>> {
        kernels::neg_im_part_c128(z, f)
    }
    fn real_to_complex(x: &Array<Self>, f: Self, out: &mut ArrayViewMut<'_, c128>) -> Result<()> {
        kernels::real_to_complex_c128::into(x, f, out)
    }
}

impl FftComplex for c64 {
    type Real = f32;
    fn to_complex(self) -> Complex<f32> {
        self
    }
    fn from_complex(z: Complex<f32>) -> Self {
        z
    }
    fn as_complex_mut(s: &mut [Self]) -> &mut [Complex<f32>] {
        s
    }
    fn scale(z: Self, f: f32) -> Self {
        kernels::scale_c64::scalar(z, f)
    }
    fn scale_array(z: &Array<Self>, f: f32) -> Result<Array<Self>> {
        kernels::scale_c64(z, f)
    }
    fn conj_scale_array(z: &Array<Self>, f: f32) -> Result<Array<Self>> {
        kernels::conj_scale_c64(z, f)
    }
    fn drop_imag_array(z: &Array<Self>) -> Result<Array<Self>> {
        kernels::drop_imag_c64(z)
    }
    fn mul_array(a: &Array<Self>, b: &Array<Self>) -> Result<Array<Self>> {
        kernels::mul_c64(a, b)
    }
}

impl FftComplex for c128 {
    type Real = f64;
    fn to_complex(self) -> Complex<f64> {
        self
    }
    fn from_complex(z: Complex<f64>) -> Self {
        z
    }
    fn as_complex_mut(s: &mut [Self]) -> &mut [Complex<f64>] {
        s
    }
    fn scale(z: Self, f: f64) -> Self {
        kernels::scale_c128::scalar(z, f)
    }
    fn scale_array(z: &Array<Self>, f: f64) -> Result<Array<Self>> {
        kernels::scale_c128(z, f)
    }
    fn conj_scale_array(z: &Array<Self>, f: f64) -> Result<Array<Self>> {
        kernels::conj_scale_c128(z, f)
    }
    fn drop_imag_array(z: &Array<Self>) -> Result<Array<Self>> {
        kernels::drop_imag_c128(z)
    }
    fn mul_array(a: &Array<Self>, b: &Array<Self>) -> Result<Array<Self>> {
        kernels::mul_c128(a, b)
    }
}

/// Every dtype can be transformed: the complex dtype it computes in (NumPy 2.4's rules), and
/// the dtype of a real result computed from it (`irfft`, `hfft`).
///
/// ```
/// use kernels_std::fft::FftDType;
/// use kernels_std::prelude::*;
/// fn out<T: FftDType>() -> (DTypeId, DTypeId) {
///     (<T::Complex as DType>::ID, <T::RealOut as DType>::ID)
/// }
/// assert_eq!(out::<i16>(), (DTypeId::C128, DTypeId::F64));
/// assert_eq!(out::<f16>(), (DTypeId::C64, DTypeId::F16));
/// assert_eq!(out::<c64>(), (DTypeId::C64, DTypeId::F32));
/// ```
pub trait FftDType: DType {
    /// The complex dtype of the computation and of complex results.
    type Complex: FftComplex;
    /// The dtype of a real result (`irfft`, `hfft`): the computation's real dtype, but `f16`
    /// and `bf16` for themselves.
    type RealOut: DType;
    /// The dtype NumPy computes the `norm` factor in (`result_type(a.real.dtype, 1.0)`):
    /// `f16` for `f16`, `f32` for `f32` and `c64`, `f64` for the rest.
    type Factor: Float;
}

/// Real dtypes: the inputs of `rfft`, `ihfft`, the DCT and DST.
///
/// ```
/// use kernels_std::fft::RealFftDType;
/// use kernels_std::prelude::*;
/// fn real<T: RealFftDType>() -> DTypeId { <T::Real as DType>::ID }
/// assert_eq!(real::<u8>(), DTypeId::F64);
/// assert_eq!(real::<f16>(), DTypeId::F32);
/// ```
pub trait RealFftDType: FftDType {
    /// The real dtype of the computation.
    type Real: FftReal<Complex = Self::Complex>;
}

macro_rules! fft_dtypes {
    ($($t:ty => $c:ty, $out:ty, $fac:ty $(, real $r:ty)?;)*) => {$(
        impl FftDType for $t {
            type Complex = $c;
            type RealOut = $out;
            type Factor = $fac;
        }
        $(impl RealFftDType for $t {
            type Real = $r;
        })?
    )*};
}

fft_dtypes! {
    bool => c128, f64, f64, real f64;
    i8 => c128, f64, f64, real f64;
    i16 => c128, f64, f64, real f64;
    i32 => c128, f64, f64, real f64;
    i64 => c128, f64, f64, real f64;
    u8 => c128, f64, f64, real f64;
    u16 => c128, f64, f64, real f64;
    u32 => c128, f64, f64, real f64;
    u64 => c128, f64, f64, real f64;
    f16 => c64, f16, f16, real f32;
    bf16 => c64, bf16, bf16, real f32;
    f32 => c64, f32, f32, real f32;
    f64 => c128, f64, f64, real f64;
    c64 => c64, f32, f32;
    c128 => c128, f64, f64;
}
