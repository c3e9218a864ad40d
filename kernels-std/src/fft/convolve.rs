//! Convolution and correlation: NumPy's `convolve` and `correlate` (one-dimensional, modes
//! `full`, `same`, `valid`), chosen between a direct kernel and the FFT as SciPy's
//! `choose_conv_method` chooses; SciPy's `fftconvolve` (n-dimensional, over `axes`) and
//! `oaconvolve` (overlap-add).
//!
//! The direct method is a raw kernel (`kernels.rs`, one output per thread on a GPU, runs of
//! outputs on the CPU); the FFT method transforms both inputs zero-padded to a fast length
//! (`next_fast_len`), multiplies the spectra (a kernel) and transforms back. Integer inputs
//! take the FFT only when the result is exact in `f64` and cannot overflow the dtype (SciPy's
//! rule, and NumPy's wrapping results are then the exact ones), the result rounded back.

use std::str::FromStr;

use super::dtypes::FftComplex;
use super::dtypes::FftReal;
use super::fast_len::next_fast_len;
use super::kernels;
use super::transform::{self, check_n, retype};
use super::{fft, ifft, irfftn, rfftn};
use crate::prelude::*;
use crate::shape::kernels::launch_for;
use array_runtime::slice::{Slice, SliceItem};

/// The size of a convolution's result (NumPy's and SciPy's `mode`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Every point where the inputs overlap: `n + m - 1` values (the default of `convolve`).
    #[default]
    Full,
    /// The length of the longer input (`convolve`), or of the first (`fftconvolve`),
    /// centered in the full result.
    Same,
    /// Only where the inputs overlap completely: `max - min + 1` values (the default of
    /// `correlate`).
    Valid,
}

impl FromStr for Mode {
    type Err = Error;
    fn from_str(s: &str) -> Result<Mode> {
        match s {
            "full" => Ok(Mode::Full),
            "same" => Ok(Mode::Same),
            "valid" => Ok(Mode::Valid),
            _ => Err(Error::invalid(format!(
                "Acceptable mode flags are 'valid', 'same', or 'full', not {s:?}"
            ))),
        }
    }
}

/// How a convolution is computed (SciPy's `method`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ConvMethod {
    /// Sums of products, one output at a time.
    Direct,
    /// Through the FFT.
    Fft,
}

/// What a dtype's convolution needs: the direct kernel, the FFT path, the conjugate.
pub trait ConvDType: DType {
    /// Integers: the FFT only when exact (see the module).
    const INTEGER: bool;
    /// Elements of `lo..lo + len` of the full convolution of `a` and `v` (1-d), directly.
    fn direct(a: &Array<Self>, v: &Array<Self>, lo: usize, len: usize) -> Result<Array<Self>>;
    /// The full convolution of `a` and `v` (1-d) through the FFT.
    fn by_fft(a: &Array<Self>, v: &Array<Self>) -> Result<Array<Self>>;
    /// The complex conjugate (the identity for real dtypes).
    fn conj(a: &Array<Self>) -> Result<Array<Self>>;
    /// The largest `|x|`, as `f64` (for the exactness test of integers).
    fn max_abs(a: &Array<Self>) -> Result<f64>;
    /// The largest value of the dtype, as `f64` (infinity for floats).
    const MAX: f64;
}

fn direct_launch<T: DType>(
    kernel: impl FnOnce(&LaunchConfig, &mut Array<T>, u64, u64) -> Result<()>,
    device: &Device,
    lo: usize,
    len: usize,
) -> Result<Array<T>> {
    let mut out = array_runtime::cuda::blas_support::array_for_overwrite::<T>(device, &[len])?;
    if len > 0 {
        let (cfg, per_thread) = launch_for(device, len);
        kernel(&cfg, &mut out, lo as u64, per_thread)?;
    }
    Ok(out)
}

/// The full convolution of real `a` and `v` through real FFTs of a fast length.
fn real_by_fft<R: FftReal>(a: &Array<R>, v: &Array<R>) -> Result<Array<R>> {
    let full = a.len() + v.len() - 1;
    let nfft = next_fast_len(full as u64, true)? as usize;
    let sa = transform::r2c::<R, R::Complex>(a, 0, nfft, 1.0, None)?;
    let sv = transform::r2c::<R, R::Complex>(v, 0, nfft, 1.0, None)?;
    let p = R::Complex::mul_array(&sa, &sv)?;
    let scale = 1.0 / nfft as f64;
    let y = transform::c2r::<R::Complex, R::Complex>(&p, 0, nfft, scale, None)?;
    y.slice([SliceItem::Range(Slice::from(0..full as isize))])?
        .as_standard_layout()
}

fn complex_by_fft<C: FftComplex + super::FftDType<Complex = C>>(
    a: &Array<C>,
    v: &Array<C>,
) -> Result<Array<C>> {
    let full = a.len() + v.len() - 1;
    let nfft = next_fast_len(full as u64, false)? as usize;
    let sa = fft(a).n(nfft).run()?;
    let sv = fft(v).n(nfft).run()?;
    let p = C::mul_array(&sa, &sv)?;
    let y = ifft(&p).n(nfft).run()?;
    y.slice([SliceItem::Range(Slice::from(0..full as isize))])?
        .as_standard_layout()
}

macro_rules! conv_float {
    ($($t:ty: $direct:ident, $by_fft:ident, $conj:expr;)*) => {$(
        impl ConvDType for $t {
            const INTEGER: bool = false;
            const MAX: f64 = f64::INFINITY;
            fn direct(a: &Array<Self>, v: &Array<Self>, lo: usize, len: usize) -> Result<Array<Self>> {
                direct_launch(
                    |cfg, out, lo, pt| kernels::$direct::launch(cfg, a, v, out, lo, pt),
                    &a.device(),
                    lo,
                    len,
                )
            }
            fn by_fft(a: &Array<Self>, v: &Array<Self>) -> Result<Array<Self>> {
                $by_fft(a, v)
            }
            fn conj(a: &Array<Self>) -> Result<Array<Self>> {
                let f: fn(&Array<Self>) -> Result<Array<Self>> = $conj;
                f(a)
            }
            fn max_abs(_: &Array<Self>) -> Result<f64> {
                Ok(0.0)
            }
        }
    )*};
}

conv_float! {
    f32: direct_f32, real_by_fft, |a| Ok(a.clone());
    f64: direct_f64, real_by_fft, |a| Ok(a.clone());
    c64: direct_c64, complex_by_fft, |a| kernels::conj_scale_c64(a, 1.0);
    c128: direct_c128, complex_by_fft, |a| kernels::conj_scale_c128(a, 1.0);
}

macro_rules! conv_int {
    ($($t:ty: $direct:ident;)*) => {$(
        impl ConvDType for $t {
            const INTEGER: bool = true;
            const MAX: f64 = <$t>::MAX as f64;
            fn direct(a: &Array<Self>, v: &Array<Self>, lo: usize, len: usize) -> Result<Array<Self>> {
                direct_launch(
                    |cfg, out, lo, pt| kernels::$direct::launch(cfg, a, v, out, lo, pt),
                    &a.device(),
                    lo,
                    len,
                )
            }
            fn by_fft(a: &Array<Self>, v: &Array<Self>) -> Result<Array<Self>> {
                // Exact here (`choose_conv_method`): round the f64 result back.
                let y = real_by_fft(&a.astype::<f64>()?, &v.astype::<f64>()?)?;
                crate::math::rint(&y)?.astype::<$t>()
            }
            fn conj(a: &Array<Self>) -> Result<Array<Self>> {
                Ok(a.clone())
            }
            fn max_abs(a: &Array<Self>) -> Result<f64> {
                let m = crate::reduce::max(&crate::math::abs(a)?).run()?.item()?;
                Ok(m as f64)
            }
        }
    )*};
}

conv_int! {
    i32: direct_i32;
    i64: direct_i64;
}

fn check_1d<T: DType>(op: &str, a: &Array<T>, v: &Array<T>) -> Result<()> {
    if a.ndim() != 1 || v.ndim() != 1 {
        return Err(Error::invalid(format!(
            "{op}: the inputs must be one-dimensional (shapes {:?} and {:?})",
            a.shape(),
            v.shape()
        )));
    }
    if a.is_empty() {
        return Err(Error::invalid(format!("{op}: a cannot be empty")));
    }
    if v.is_empty() {
        return Err(Error::invalid(format!("{op}: v cannot be empty")));
    }
    if !a.device().same(&v.device()) {
        return Err(Error::DeviceMismatch {
            op: op.to_string(),
            devices: vec![a.device().to_string(), v.device().to_string()],
        });
    }
    Ok(())
}

/// SciPy's cost model (`_conv_ops`, `_fftconv_faster`): whether the FFT is faster for inputs
/// of these shapes.
fn fft_faster(x: &[usize], h: &[usize], mode: Mode) -> bool {
    let prod = |s: &[usize]| s.iter().map(|&d| d as f64).product::<f64>();
    let out: Vec<usize> = match mode {
        Mode::Full => x.iter().zip(h).map(|(&n, &k)| n + k - 1).collect(),
        Mode::Valid => x.iter().zip(h).map(|(&n, &k)| n.abs_diff(k) + 1).collect(),
        Mode::Same => x.to_vec(),
    };
    let direct_ops = if x.len() == 1 {
        let (s1, s2) = (x[0] as f64, h[0] as f64);
        match mode {
            Mode::Full => s1 * s2,
            Mode::Valid if s2 >= s1 => (s2 - s1 + 1.0) * s1,
            Mode::Valid => (s1 - s2 + 1.0) * s2,
            Mode::Same if s1 < s2 => s1 * s2,
            Mode::Same => s1 * s2 - (h[0] / 2) as f64 * h[0].div_ceil(2) as f64,
        }
    } else {
        match mode {
            Mode::Full | Mode::Valid => prod(x).min(prod(h)) * prod(&out),
            Mode::Same => prod(x) * prod(h),
        }
    };
    let full: Vec<usize> = x.iter().zip(h).map(|(&n, &k)| n + k - 1).collect();
    let n = prod(&full);
    let fft_ops = 3.0 * n * n.ln();
    let one_d = x.len() == 1;
    let offset = if one_d { -1e-3 } else { -1e-4 };
    let (o_fft, o_direct, o_offset) = match (one_d, mode) {
        (true, Mode::Valid) => (1.89095737e-9, 2.1364985e-10, offset),
        (true, Mode::Full) => (1.7649070e-9, 2.1414831e-10, offset),
        (true, Mode::Same) if prod(h) <= prod(x) => (3.2646654e-9, 2.8478277e-10, offset),
        (true, Mode::Same) => (3.21635404e-9, 1.1773253e-8, -1e-5),
        (false, Mode::Valid) => (1.85927e-9, 2.11242e-8, offset),
        (false, Mode::Full) => (1.99817e-9, 1.66174e-8, offset),
        (false, Mode::Same) => (2.04735e-9, 1.55367e-8, offset),
    };
    o_fft * fft_ops < o_direct * direct_ops + o_offset
}

/// SciPy's `choose_conv_method(in1, in2, mode)` (without `measure`): the FFT when SciPy's
/// cost model says it is faster, except for integers whose result could exceed what `f64`
/// holds exactly (or, here, the dtype: NumPy's direct sums wrap).
///
/// ```
/// use kernels_std::fft::{choose_conv_method, ConvMethod, Mode};
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let short = Array::from_vec(&dev, &[100], vec![1.0f64; 100])?;
/// let long = Array::from_vec(&dev, &[50_000], vec![1.0f64; 50_000])?;
/// assert_eq!(choose_conv_method(&short, &short, Mode::Full)?, ConvMethod::Direct);
/// assert_eq!(choose_conv_method(&long, &long, Mode::Full)?, ConvMethod::Fft);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn choose_conv_method<T: ConvDType>(
    in1: &Array<T>,
    in2: &Array<T>,
    mode: Mode,
) -> Result<ConvMethod> {
    if in1.ndim() != in2.ndim() {
        return Err(Error::invalid(format!(
            "choose_conv_method: in1 and in2 should have the same dimensionality ({:?} and {:?})",
            in1.shape(),
            in2.shape()
        )));
    }
    if in1.is_empty() || in2.is_empty() {
        return Ok(ConvMethod::Direct);
    }
    if T::INTEGER {
        let bound = T::max_abs(in1)? * T::max_abs(in2)? * in1.len().min(in2.len()) as f64;
        if bound > (2f64.powi(52) - 1.0) || bound > T::MAX {
            return Ok(ConvMethod::Direct);
        }
    }
    Ok(if fft_faster(in1.shape(), in2.shape(), mode) {
        ConvMethod::Fft
    } else {
        ConvMethod::Direct
    })
}

/// Where a mode's result starts in the full convolution, and its length (NumPy's rules;
/// `first_shorter` is NumPy's centering of `correlate` when its first input is the
/// shorter).
fn window(n: usize, m: usize, mode: Mode, first_shorter: bool) -> (usize, usize) {
    let (long, short) = (n.max(m), n.min(m));
    match mode {
        Mode::Full => (0, n + m - 1),
        Mode::Same if first_shorter => (short / 2, long),
        Mode::Same => ((short - 1) / 2, long),
        Mode::Valid => (short - 1, long - short + 1),
    }
}

fn convolve_window<T: ConvDType>(
    a: &Array<T>,
    v: &Array<T>,
    lo: usize,
    len: usize,
    mode: Mode,
) -> Result<Array<T>> {
    match choose_conv_method(a, v, mode)? {
        ConvMethod::Direct => T::direct(a, v, lo, len),
        ConvMethod::Fft => {
            let full = T::by_fft(a, v)?;
            full.slice([SliceItem::Range(Slice::from(
                lo as isize..(lo + len) as isize,
            ))])?
            .as_standard_layout()
        }
    }
}

/// NumPy's `convolve(a, v, mode)`: the discrete linear convolution of two one-dimensional
/// arrays, `(a * v)[k] = sum_j a[j] v[k - j]`, computed directly or through the FFT as SciPy's
/// `choose_conv_method` decides (direct for short inputs; integers exactly either way).
/// Dtypes `i32`, `i64`, `f32`, `f64`, `c64`, `c128`. Errors as NumPy's: an empty input,
/// an input that is not one-dimensional.
///
/// ```
/// use kernels_std::fft::{convolve, Mode};
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[3], vec![1.0f64, 2.0, 3.0])?;
/// let v = Array::from_vec(&dev, &[3], vec![0.0f64, 1.0, 0.5])?;
/// assert_eq!(convolve(&a, &v, Mode::Full)?.to_vec()?, vec![0.0, 1.0, 2.5, 4.0, 1.5]);
/// assert_eq!(convolve(&a, &v, Mode::Same)?.to_vec()?, vec![1.0, 2.5, 4.0]);
/// assert_eq!(convolve(&a, &v, Mode::Valid)?.to_vec()?, vec![2.5]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn convolve<T: ConvDType>(a: &Array<T>, v: &Array<T>, mode: Mode) -> Result<Array<T>> {
    check_1d("convolve", a, v)?;
    let (lo, len) = window(a.len(), v.len(), mode, false);
    convolve_window(a, v, lo, len, mode)
}

/// NumPy's `correlate(a, v, mode)`: the cross-correlation `c[k] = sum_n a[n + k] conj(v[n])`
/// of two one-dimensional arrays (NumPy's default mode is [`Mode::Valid`]), as [`convolve`]
/// of `a` with `v` reversed and conjugated, with NumPy's centering for `same`.
///
/// ```
/// use kernels_std::fft::{correlate, Mode};
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[3], vec![1.0f64, 2.0, 3.0])?;
/// let v = Array::from_vec(&dev, &[3], vec![0.0f64, 1.0, 0.5])?;
/// assert_eq!(correlate(&a, &v, Mode::Valid)?.to_vec()?, vec![3.5]);
/// assert_eq!(correlate(&a, &v, Mode::Full)?.to_vec()?, vec![0.5, 2.0, 3.5, 3.0, 0.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn correlate<T: ConvDType>(a: &Array<T>, v: &Array<T>, mode: Mode) -> Result<Array<T>> {
    check_1d("correlate", a, v)?;
    let w = T::conj(&v.flip(0)?.as_standard_layout()?)?;
    let (lo, len) = window(a.len(), v.len(), mode, a.len() < v.len());
    convolve_window(a, &w, lo, len, mode)
}

/// The dtypes of SciPy's `fftconvolve` and `oaconvolve`: `f32`, `f64`, `c64`, `c128`.
pub trait FftConvDType: super::FftDType {
    /// The n-d full convolution through the FFT over `axes` with transform lengths `s`.
    fn fft_full(
        a: &Array<Self>,
        v: &Array<Self>,
        s: &[usize],
        axes: &[isize],
    ) -> Result<Array<Self>>;
    /// `a + b` (NumPy's `add`, broadcasting).
    fn add(a: &Array<Self>, b: &Array<Self>) -> Result<Array<Self>>;
}

macro_rules! fft_conv_real {
    ($($t:ty),*) => {$(
        impl FftConvDType for $t {
            fn fft_full(a: &Array<Self>, v: &Array<Self>, s: &[usize], axes: &[isize]) -> Result<Array<Self>> {
                let sa = rfftn(a).s(s).axes(axes).run()?;
                let sv = rfftn(v).s(s).axes(axes).run()?;
                let p = <Self as super::FftDType>::Complex::mul_array(&sa, &sv)?;
                retype(irfftn(&p).s(s).axes(axes).run()?)
            }
            fn add(a: &Array<Self>, b: &Array<Self>) -> Result<Array<Self>> {
                crate::math::add(a, b)
            }
        }
    )*};
}
fft_conv_real!(f32, f64);

macro_rules! fft_conv_complex {
    ($($t:ty),*) => {$(
        impl FftConvDType for $t {
            fn fft_full(a: &Array<Self>, v: &Array<Self>, s: &[usize], axes: &[isize]) -> Result<Array<Self>> {
                let sa = super::fftn(a).s(s).axes(axes).run()?;
                let sv = super::fftn(v).s(s).axes(axes).run()?;
                let p = <$t>::mul_array(&sa, &sv)?;
                super::ifftn(&p).s(s).axes(axes).run()
            }
            fn add(a: &Array<Self>, b: &Array<Self>) -> Result<Array<Self>> {
                crate::math::add(a, b)
            }
        }
    )*};
}
fft_conv_complex!(c64, c128);

/// The axes (normalized, sorted, distinct), and whether `valid` needs the inputs swapped.
fn conv_axes<T: DType>(
    op: &str,
    a: &Array<T>,
    v: &Array<T>,
    axes: Option<&[isize]>,
    mode: Mode,
) -> Result<(Vec<usize>, bool)> {
    if a.ndim() != v.ndim() {
        return Err(Error::invalid(format!(
            "{op}: in1 and in2 should have the same dimensionality ({:?} and {:?})",
            a.shape(),
            v.shape()
        )));
    }
    let nd = a.ndim();
    let mut ax: Vec<usize> = match axes {
        None => (0..nd).collect(),
        Some(list) => list
            .iter()
            .map(|&x| super::transform::axis(op, x, a.shape()))
            .collect::<Result<_>>()?,
    };
    ax.sort_unstable();
    if ax.windows(2).any(|w| w[0] == w[1]) {
        return Err(Error::invalid(format!("{op}: axes must be unique")));
    }
    for d in 0..nd {
        if !ax.contains(&d)
            && a.shape()[d] != v.shape()[d]
            && a.shape()[d] != 1
            && v.shape()[d] != 1
        {
            return Err(Error::invalid(format!(
                "{op}: incompatible shapes for in1 and in2: {:?} and {:?}",
                a.shape(),
                v.shape()
            )));
        }
    }
    let swap = if mode == Mode::Valid {
        let ge = ax.iter().all(|&d| a.shape()[d] >= v.shape()[d]);
        let le = ax.iter().all(|&d| a.shape()[d] <= v.shape()[d]);
        if !ge && !le {
            return Err(Error::invalid(format!(
                "{op}: for 'valid' mode, one must be at least as large as the other in every \
                 dimension ({:?} and {:?})",
                a.shape(),
                v.shape()
            )));
        }
        !ge
    } else {
        false
    };
    Ok((ax, swap))
}

/// Crops a full convolution along `axes` to the mode's window (SciPy's `_apply_conv_mode`).
fn crop<T: DType>(
    full: Array<T>,
    s1: &[usize],
    s2: &[usize],
    axes: &[usize],
    mode: Mode,
) -> Result<Array<T>> {
    let mut items: Vec<SliceItem> = vec![SliceItem::Range(Slice::FULL); full.ndim()];
    for &d in axes {
        let (n1, n2) = (s1[d], s2[d]);
        let f = n1 + n2 - 1;
        let (lo, len) = match mode {
            Mode::Full => (0, f),
            Mode::Same => ((f - n1) / 2, n1),
            Mode::Valid => (n2 - 1, n1 - n2 + 1),
        };
        items[d] = SliceItem::Range(Slice::from(lo as isize..(lo + len) as isize));
    }
    let v = full.slice(&items)?;
    if v.is_c_contiguous() {
        Ok(v)
    } else {
        v.as_standard_layout()
    }
}

/// SciPy's `signal.fftconvolve(in1, in2, mode, axes)`: the n-dimensional convolution through
/// the FFT, over `axes` (default: all; the other axes broadcast). `same` is the size of `in1`;
/// `valid` swaps the inputs when `in2` is the larger. Empty inputs give an empty result.
///
/// ```
/// use kernels_std::fft::{fftconvolve, Mode};
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[2, 2], vec![1.0f64, 2.0, 3.0, 4.0])?;
/// let k = Array::from_vec(&dev, &[1, 2], vec![1.0f64, 1.0])?;
/// let y = fftconvolve(&a, &k, Mode::Full, None)?.to_vec()?;
/// let want = [1.0, 3.0, 2.0, 3.0, 7.0, 4.0];
/// assert!(y.iter().zip(want).all(|(g, w)| (g - w).abs() < 1e-12));
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn fftconvolve<T: FftConvDType>(
    in1: &Array<T>,
    in2: &Array<T>,
    mode: Mode,
    axes: Option<&[isize]>,
) -> Result<Array<T>> {
    let (ax, swap) = conv_axes("fftconvolve", in1, in2, axes, mode)?;
    let (a, v) = if swap { (in2, in1) } else { (in1, in2) };
    if a.is_empty() || v.is_empty() {
        return Array::zeros(&a.device(), &[0]);
    }
    let real = !matches!(T::ID, DTypeId::C64 | DTypeId::C128);
    let mut s = Vec::with_capacity(ax.len());
    for &d in &ax {
        let f = a.shape()[d] + v.shape()[d] - 1;
        check_n("fftconvolve", f)?;
        s.push(next_fast_len(f as u64, real)? as usize);
    }
    let axes_i: Vec<isize> = ax.iter().map(|&d| d as isize).collect();
    let full = T::fft_full(a, v, &s, &axes_i)?;
    crop(full, a.shape(), v.shape(), &ax, mode)
}

/// SciPy's `signal.oaconvolve(in1, in2, mode, axes)`: the same result as [`fftconvolve`],
/// computed by overlap-add when one input is much longer than the other: the long input is
/// cut into blocks, all blocks transformed in one batch of short FFTs, and the pieces of the
/// result added where they overlap. Overlap-add is used for one-dimensional inputs; inputs
/// of more dimensions go through one FFT of the whole array (`DIFFERENCES.md`).
///
/// ```
/// use kernels_std::fft::{oaconvolve, Mode};
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[1000], vec![1.0f64; 1000])?;
/// let k = Array::from_vec(&dev, &[3], vec![1.0f64, 1.0, 1.0])?;
/// let y = oaconvolve(&a, &k, Mode::Valid, None)?.to_vec()?;
/// assert_eq!(y.len(), 998);
/// assert!(y.iter().all(|v| (v - 3.0).abs() < 1e-12));
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn oaconvolve<T: FftConvDType>(
    in1: &Array<T>,
    in2: &Array<T>,
    mode: Mode,
    axes: Option<&[isize]>,
) -> Result<Array<T>> {
    let (ax, swap) = conv_axes("oaconvolve", in1, in2, axes, mode)?;
    let (a, v) = if swap { (in2, in1) } else { (in1, in2) };
    if a.ndim() != 1 || a.is_empty() || v.is_empty() {
        return fftconvolve(in1, in2, mode, axes);
    }
    let (n, m) = (a.len(), v.len());
    let (long, short) = if n >= m { (a, v) } else { (v, a) };
    let (nl, ns) = (long.len(), short.len());
    let real = !matches!(T::ID, DTypeId::C64 | DTypeId::C128);
    // Blocks of the long input such that a block's FFT is a fast length about 8 times the
    // short input's.
    let nfft = next_fast_len((8 * ns).max(16) as u64, real)? as usize;
    let block = nfft + 1 - ns;
    if ns <= 1 || block >= nl {
        return fftconvolve(in1, in2, mode, axes);
    }
    let nb = nl.div_ceil(block);
    let dev = a.device();
    let mut blocks = Array::<T>::zeros(&dev, &[nb * block])?;
    blocks
        .slice_mut([SliceItem::Range(Slice::from(0..nl as isize))])?
        .assign(long)?;
    let blocks = blocks.reshape(&[nb, block])?;
    let short2 = short.reshape(&[1, ns])?;
    // Each row's full convolution, nfft = block + ns - 1 values, in one batch.
    let y = T::fft_full(&blocks, &short2, &[nfft], &[1])?;
    let mut acc = Array::<T>::zeros(&dev, &[nb + 1, block])?;
    acc.slice_mut([
        SliceItem::Range(Slice::from(0..nb as isize)),
        SliceItem::Range(Slice::FULL),
    ])?
    .assign(&y.slice([
        SliceItem::Range(Slice::FULL),
        SliceItem::Range(Slice::from(0..block as isize)),
    ])?)?;
    let tail = [
        SliceItem::Range(Slice::from(1..(nb + 1) as isize)),
        SliceItem::Range(Slice::from(0..(ns - 1) as isize)),
    ];
    let over = y.slice([
        SliceItem::Range(Slice::FULL),
        SliceItem::Range(Slice::from(block as isize..nfft as isize)),
    ])?;
    let sum = T::add(&acc.slice(tail)?, &over)?;
    acc.slice_mut(tail)?.assign(&sum)?;
    let full = acc
        .reshape(&[(nb + 1) * block])?
        .slice([SliceItem::Range(Slice::from(0..(nl + ns - 1) as isize))])?;
    crop(full, a.shape(), v.shape(), &ax, mode)
}
