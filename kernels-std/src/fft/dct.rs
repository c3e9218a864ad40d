//! SciPy's cosine and sine transforms: `dct`, `idct`, `dst`, `idst` (types 1-4, `norm`,
//! `orthogonalize`) and their n-dimensional forms `dctn`, `idctn`, `dstn`, `idstn`.
//!
//! Each is computed from an FFT on either backend, with pre- and post-twiddles written as
//! kernels (`kernels.rs`) and the reorderings as copies between strided views:
//!
//! - DCT-II (Makhoul): the even-indexed values, then the odd-indexed ones reversed; a real
//!   FFT of `n` points; `y[k] = 2 Re(W^k V[k])` and `y[n - k] = -2 Im(W^k V[k])` with
//!   `W = exp(-i pi / (2n))`, so only the `n / 2 + 1` computed terms are read.
//! - DCT-III: the same steps backwards (a pre-twiddle, an inverse real FFT, the reordering).
//! - DCT-I and DST-I: the real FFT of the even (odd) extension of `2 (n - 1)` (`2 (n + 1)`)
//!   points.
//! - DCT-IV and DST-IV: a complex FFT of `2n` points of the input times `exp(-i pi j / (2n))`,
//!   then the twiddle `exp(-i pi (2k + 1) / (4n))`.
//! - DST-II and DST-III: DCT-II of the input with alternating signs, reversed; DCT-III of the
//!   reversed input, with alternating signs.
//!
//! The twiddle tables are computed once per length on the host in `f64` and kept beside the
//! plans (`plans.rs`).

use super::dtypes::{FftReal, RealFftDType};
use super::norm::Norm;
use super::options::{options_1d, options_nd, Options1d, OptionsNd};
use super::plans::{twiddles, Twiddle};
use super::transform::{self, axis_last, check_n, lay_out};
use crate::prelude::*;
use array_runtime::cuda::blas_support::array_for_overwrite;
use array_runtime::slice::{Slice, SliceItem};

/// The items of a slice along the last axis.
fn last(start: Option<usize>, end: Option<usize>, step: isize) -> [SliceItem; 2] {
    [
        SliceItem::Ellipsis,
        SliceItem::Range(Slice {
            start: start.map(|v| v as isize),
            end: end.map(|v| v as isize),
            step,
        }),
    ]
}

fn sl<T: DType>(
    a: &Array<T>,
    start: Option<usize>,
    end: Option<usize>,
    step: isize,
) -> Result<Array<T>> {
    a.slice(last(start, end, step))
}

fn shape_with_last(shape: &[usize], len: usize) -> Vec<usize> {
    let mut s = shape.to_vec();
    if let Some(l) = s.last_mut() {
        *l = len;
    }
    s
}

/// Multiplies `a[..., k]` by `s` in place.
fn scale_at<R: FftReal>(a: &mut Array<R>, k: usize, s: R) -> Result<()> {
    let col = R::scale_array(&sl(a, Some(k), Some(k + 1), 1)?, s)?;
    a.slice_mut(last(Some(k), Some(k + 1), 1))?.assign(&col)
}

fn sqrt2<R: FftReal>() -> R {
    <R as FftReal>::from_f64(std::f64::consts::SQRT_2)
}

/// Which transform of the two families.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Kind {
    sine: bool,
    /// 1 to 4.
    ty: u8,
}

impl Kind {
    /// The length of the equivalent FFT, which the norms divide by (pocketfft's).
    fn logical_len(self, n: usize) -> usize {
        match (self.sine, self.ty) {
            (false, 1) => 2 * (n - 1),
            (true, 1) => 2 * (n + 1),
            _ => 2 * n,
        }
    }
}

/// The transform of the lines along the last axis of `x` (`n` points each).
fn r2r_last<R: FftReal>(
    x: &Array<R>,
    kind: Kind,
    f: R,
    ortho: bool,
    w: Option<isize>,
) -> Result<Array<R>> {
    match (kind.sine, kind.ty) {
        (false, 1) => dct1(x, f, ortho, w),
        (false, 2) => dct2(x, f, ortho, w),
        (false, 3) => dct3(x, f, ortho, w),
        (true, 1) => dst1(x, f, w),
        (true, 2) => {
            // DST-II(x)[k] = DCT-II((-1)^j x[j])[n - 1 - k].
            let mut alt = array_for_overwrite::<R>(&x.device(), x.shape())?;
            alt.slice_mut(last(None, None, 2))?
                .assign(&sl(x, None, None, 2)?)?;
            R::scale_into(
                &sl(x, Some(1), None, 2)?,
                -R::one(),
                &mut alt.slice_mut(last(Some(1), None, 2))?,
            )?;
            let t = dct2(&alt, f, ortho, w)?;
            sl(&t, None, None, -1)?.as_standard_layout()
        }
        (true, 3) => {
            // DST-III(x)[k] = (-1)^k DCT-III(x reversed)[k].
            let mut t = dct3(&sl(x, None, None, -1)?, f, ortho, w)?;
            let odd = R::scale_array(&sl(&t, Some(1), None, 2)?, -R::one())?;
            t.slice_mut(last(Some(1), None, 2))?.assign(&odd)?;
            Ok(t)
        }
        (sine, _) => type4(x, sine, f, w),
    }
}

fn len_of<T: DType>(x: &Array<T>) -> usize {
    x.shape().last().copied().unwrap_or(1)
}

fn dct2<R: FftReal>(x: &Array<R>, f: R, ortho: bool, w: Option<isize>) -> Result<Array<R>> {
    let (n, dev, ax) = (len_of(x), x.device(), x.ndim() - 1);
    let h = n.div_ceil(2);
    let mut v = array_for_overwrite::<R>(&dev, x.shape())?;
    v.slice_mut(last(Some(0), Some(h), 1))?
        .assign(&sl(x, None, None, 2)?)?;
    if n > 1 {
        v.slice_mut(last(Some(n - 1), Some(h - 1), -1))?
            .assign(&sl(x, Some(1), None, 2)?)?;
    }
    let spec = transform::r2c::<R, R::Complex>(&v, ax, n, 1.0, w)?;
    drop(v);
    let tw = twiddles::<R::Complex>(&dev, Twiddle::QuarterTurn, n)?;
    let mut y = array_for_overwrite::<R>(&dev, x.shape())?;
    let two_f = f + f;
    R::post_re(
        &spec,
        &tw,
        two_f,
        &mut y.slice_mut(last(Some(0), Some(n / 2 + 1), 1))?,
    )?;
    let m = (n - 1) / 2;
    if m > 0 {
        R::post_neg_im(
            &sl(&spec, Some(1), Some(m + 1), 1)?,
            &sl(&tw, Some(1), Some(m + 1), 1)?,
            two_f,
            &mut y.slice_mut(last(Some(n - 1), Some(n / 2), -1))?,
        )?;
    }
    if ortho {
        scale_at(&mut y, 0, R::one() / sqrt2::<R>())?;
    }
    Ok(y)
}

fn dct3<R: FftReal>(x: &Array<R>, f: R, ortho: bool, w: Option<isize>) -> Result<Array<R>> {
    let (n, dev, ax) = (len_of(x), x.device(), x.ndim() - 1);
    let (h, m) = (n.div_ceil(2), n / 2);
    let mut spec = array_for_overwrite::<R::Complex>(&dev, &shape_with_last(x.shape(), m + 1))?;
    let f0 = if ortho { f * sqrt2::<R>() } else { f };
    R::real_to_complex(
        &sl(x, Some(0), Some(1), 1)?,
        f0,
        &mut spec.slice_mut(last(Some(0), Some(1), 1))?,
    )?;
    if m > 0 {
        let tw = twiddles::<R::Complex>(&dev, Twiddle::QuarterTurn, n)?;
        R::dct3_pre(
            &sl(x, Some(1), Some(m + 1), 1)?,
            &sl(x, Some(n - 1), Some(n - 1 - m), -1)?,
            &sl(&tw, Some(1), Some(m + 1), 1)?,
            f,
            &mut spec.slice_mut(last(Some(1), Some(m + 1), 1))?,
        )?;
    }
    let v = transform::c2r::<R::Complex, R::Complex>(&spec, ax, n, 1.0, w)?;
    drop(spec);
    let mut y = array_for_overwrite::<R>(&dev, x.shape())?;
    y.slice_mut(last(None, None, 2))?
        .assign(&sl(&v, Some(0), Some(h), 1)?)?;
    if n > 1 {
        y.slice_mut(last(Some(1), None, 2))?
            .assign(&sl(&v, Some(n - 1), Some(h - 1), -1)?)?;
    }
    Ok(y)
}

fn dct1<R: FftReal>(x: &Array<R>, f: R, ortho: bool, w: Option<isize>) -> Result<Array<R>> {
    let (n, dev, ax) = (len_of(x), x.device(), x.ndim() - 1);
    let m = 2 * (n - 1);
    let mut e = array_for_overwrite::<R>(&dev, &shape_with_last(x.shape(), m))?;
    e.slice_mut(last(Some(0), Some(n), 1))?.assign(x)?;
    if n > 2 {
        e.slice_mut(last(Some(n), Some(m), 1))?
            .assign(&sl(x, Some(n - 2), Some(0), -1)?)?;
    }
    if ortho {
        scale_at(&mut e, 0, sqrt2::<R>())?;
        scale_at(&mut e, n - 1, sqrt2::<R>())?;
    }
    let spec = transform::r2c::<R, R::Complex>(&e, ax, m, 1.0, w)?;
    let mut y = R::re_part(&spec, f)?;
    if ortho {
        scale_at(&mut y, 0, R::one() / sqrt2::<R>())?;
        scale_at(&mut y, n - 1, R::one() / sqrt2::<R>())?;
    }
    Ok(y)
}

fn dst1<R: FftReal>(x: &Array<R>, f: R, w: Option<isize>) -> Result<Array<R>> {
    let (n, dev, ax) = (len_of(x), x.device(), x.ndim() - 1);
    let m = 2 * (n + 1);
    let mut o = Array::<R>::zeros(&dev, &shape_with_last(x.shape(), m))?;
    o.slice_mut(last(Some(1), Some(n + 1), 1))?.assign(x)?;
    R::scale_into(
        &sl(x, None, None, -1)?,
        -R::one(),
        &mut o.slice_mut(last(Some(n + 2), Some(m), 1))?,
    )?;
    let spec = transform::r2c::<R, R::Complex>(&o, ax, m, 1.0, w)?;
    R::neg_im_part(&sl(&spec, Some(1), Some(n + 1), 1)?, f)
}

fn type4<R: FftReal>(x: &Array<R>, sine: bool, f: R, w: Option<isize>) -> Result<Array<R>> {
    let (n, dev, ax) = (len_of(x), x.device(), x.ndim() - 1);
    let mut z = Array::<R::Complex>::zeros(&dev, &shape_with_last(x.shape(), 2 * n))?;
    let pre = twiddles::<R::Complex>(&dev, Twiddle::Type4Pre, n)?;
    R::mul_rc(x, &pre, &mut z.slice_mut(last(Some(0), Some(n), 1))?)?;
    let spec = transform::c2c::<R::Complex, R::Complex>(&z, ax, 2 * n, false, 1.0, w)?;
    drop(z);
    let post = twiddles::<R::Complex>(&dev, Twiddle::Type4Post, n)?;
    let mut y = array_for_overwrite::<R>(&dev, x.shape())?;
    let head = sl(&spec, Some(0), Some(n), 1)?;
    if sine {
        R::post_neg_im(&head, &post, f + f, &mut y.view_mut()?)?;
    } else {
        R::post_re(&head, &post, f + f, &mut y.view_mut()?)?;
    }
    Ok(y)
}

/// pocketfft's `inorm`: 0 none, 1 `1/sqrt(N)`, 2 `1/N`, for the direction.
fn inorm(norm: Norm, forward: bool) -> u8 {
    match (norm, forward) {
        (Norm::Ortho, _) => 1,
        (Norm::Backward, true) | (Norm::Forward, false) => 0,
        _ => 2,
    }
}

/// One transform along `axis` of `a`: the checks, the layout, the transform, the axis put
/// back.
#[allow(clippy::too_many_arguments)]
fn r2r_axis<I: DType, R: FftReal>(
    op: &str,
    a: &Array<I>,
    axis: usize,
    n: usize,
    kind: Kind,
    norm: Norm,
    forward: bool,
    orthogonalize: Option<bool>,
    w: Option<isize>,
) -> Result<Array<R>> {
    check_n(op, n)?;
    if kind == (Kind { sine: false, ty: 1 }) && n < 2 {
        return Err(Error::invalid(format!(
            "{op}: the DCT of type 1 needs at least 2 points (got {n})"
        )));
    }
    let x = lay_out::<I, R>(a, axis, n)?;
    let ortho = orthogonalize.unwrap_or(norm == Norm::Ortho);
    let nl = kind.logical_len(n) as f64;
    let f = match inorm(norm, forward) {
        0 => 1.0,
        1 => 1.0 / nl.sqrt(),
        _ => 1.0 / nl,
    };
    let y = if x.is_empty() {
        Array::zeros(&a.device(), x.shape())?
    } else {
        r2r_last(&x, kind, <R as FftReal>::from_f64(f), ortho, w)?
    };
    let (_, back) = axis_last(a.ndim(), axis);
    let view = y.permute(&back)?;
    if view.is_c_contiguous() {
        Ok(view)
    } else {
        view.as_standard_layout()
    }
}

fn resolve_kind(op: &str, sine: bool, ty: u8, inverse: bool) -> Result<Kind> {
    if !(1..=4).contains(&ty) {
        return Err(Error::invalid(format!(
            "{op}: invalid type {ty}; the types are 1, 2, 3 and 4"
        )));
    }
    // The inverse of type 2 is type 3 and back; types 1 and 4 are their own inverses.
    let ty = match (inverse, ty) {
        (true, 2) => 3,
        (true, 3) => 2,
        (_, t) => t,
    };
    Ok(Kind { sine, ty })
}

fn op_name(sine: bool, inverse: bool, nd: bool) -> &'static str {
    match (sine, inverse, nd) {
        (false, false, false) => "dct",
        (false, true, false) => "idct",
        (true, false, false) => "dst",
        (true, true, false) => "idst",
        (false, false, true) => "dctn",
        (false, true, true) => "idctn",
        (true, false, true) => "dstn",
        (true, true, true) => "idstn",
    }
}

/// A one-dimensional cosine or sine transform being set up: [`dct`], [`idct`], [`dst`],
/// [`idst`]; `.run()` computes it.
#[derive(Clone, Debug)]
#[must_use = "a transform builder does nothing until `.run()` is called"]
pub struct TrigTransform<'a, T: RealFftDType> {
    a: &'a Array<T>,
    sine: bool,
    inverse: bool,
    ty: u8,
    orthogonalize: Option<bool>,
    opts: Options1d,
}

impl<T: RealFftDType> TrigTransform<'_, T> {
    options_1d!();

    /// The type, 1 to 4 (SciPy's `type`; default 2). Another value is an error at `run`.
    pub fn type_(mut self, ty: u8) -> Self {
        self.ty = ty;
        self
    }

    /// SciPy's `orthogonalize`: the orthogonal variant of types 1-3 (the first and last
    /// terms scaled by `sqrt(2)`); default: when `norm` is [`Norm::Ortho`].
    pub fn orthogonalize(mut self, on: bool) -> Self {
        self.orthogonalize = Some(on);
        self
    }

    /// Computes the transform: the same shape (with `n` along the axis), of `T::Real` (`f32`
    /// for `f16` and `f32`, as SciPy; `f64` otherwise).
    pub fn run(self) -> Result<Array<T::Real>> {
        let op = op_name(self.sine, self.inverse, false);
        let kind = resolve_kind(op, self.sine, self.ty, self.inverse)?;
        let ax = transform::axis(op, self.opts.axis, self.a.shape())?;
        let n = self.opts.n.unwrap_or(self.a.shape()[ax]);
        super::workers::check(self.opts.workers)?;
        r2r_axis::<T, T::Real>(
            op,
            self.a,
            ax,
            n,
            kind,
            self.opts.norm,
            !self.inverse,
            self.orthogonalize,
            self.opts.workers,
        )
    }
}

fn trig<T: RealFftDType>(a: &Array<T>, sine: bool, inverse: bool) -> TrigTransform<'_, T> {
    TrigTransform {
        a,
        sine,
        inverse,
        ty: 2,
        orthogonalize: None,
        opts: Options1d::default(),
    }
}

/// SciPy's `dct`: the discrete cosine transform of type 1-4 (`.type_(t)`, default 2) along
/// an axis, with `.n(..)`, `.axis(..)`, `.norm(..)`, `.orthogonalize(..)`, `.workers(..)`.
/// Type 2, unnormalized: `y[k] = 2 sum_j x[j] cos(pi k (2j + 1) / (2n))`. Real dtypes.
///
/// ```
/// use kernels_std::fft::{self, Norm};
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let x = Array::from_vec(&dev, &[4], vec![1.0f64, 2.0, 3.0, 4.0])?;
/// let y = fft::dct(&x).run()?.to_vec()?;
/// assert!((y[0] - 20.0).abs() < 1e-12 && (y[2]).abs() < 1e-12);
/// let back = fft::idct(&fft::dct(&x).norm(Norm::Ortho).run()?).norm(Norm::Ortho).run()?;
/// assert!((back.to_vec()?[3] - 4.0).abs() < 1e-12);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn dct<T: RealFftDType>(a: &Array<T>) -> TrigTransform<'_, T> {
    trig(a, false, false)
}

/// SciPy's `idct`: the inverse of [`dct`] of the same type (type 2's inverse is a scaled
/// type 3, and so on).
///
/// ```
/// use kernels_std::fft;
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let x = Array::from_vec(&dev, &[5], vec![1.0f32, -2.0, 3.0, 0.5, 2.0])?;
/// for t in 1..=4 {
///     let back = fft::idct(&fft::dct(&x).type_(t).run()?).type_(t).run()?.to_vec()?;
///     assert!((back[1] + 2.0).abs() < 1e-5, "type {t}");
/// }
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn idct<T: RealFftDType>(a: &Array<T>) -> TrigTransform<'_, T> {
    trig(a, false, true)
}

/// SciPy's `dst`: the discrete sine transform of type 1-4 (default 2). Type 2,
/// unnormalized: `y[k] = 2 sum_j x[j] sin(pi (k + 1) (2j + 1) / (2n))`.
///
/// ```
/// use kernels_std::fft;
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let x = Array::from_vec(&dev, &[3], vec![1.0f64, 1.0, 1.0])?;
/// let y = fft::dst(&x).type_(1).run()?.to_vec()?;
/// assert!((y[0] - (2.0 + 2f64.sqrt() * 2.0)).abs() < 1e-12);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn dst<T: RealFftDType>(a: &Array<T>) -> TrigTransform<'_, T> {
    trig(a, true, false)
}

/// SciPy's `idst`: the inverse of [`dst`] of the same type.
///
/// ```
/// use kernels_std::fft;
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let x = Array::from_vec(&dev, &[4], vec![1.0f64, 2.0, 3.0, 4.0])?;
/// let back = fft::idst(&fft::dst(&x).type_(3).run()?).type_(3).run()?.to_vec()?;
/// assert!((back[0] - 1.0).abs() < 1e-12);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn idst<T: RealFftDType>(a: &Array<T>) -> TrigTransform<'_, T> {
    trig(a, true, true)
}

/// An n-dimensional cosine or sine transform being set up: [`dctn`], [`idctn`], [`dstn`],
/// [`idstn`]; `.run()` computes it.
#[derive(Clone, Debug)]
#[must_use = "a transform builder does nothing until `.run()` is called"]
pub struct TrigTransformN<'a, T: RealFftDType> {
    a: &'a Array<T>,
    sine: bool,
    inverse: bool,
    ty: u8,
    orthogonalize: Option<bool>,
    opts: OptionsNd,
}

impl<T: RealFftDType> TrigTransformN<'_, T> {
    options_nd!();

    /// The type, 1 to 4 (default 2).
    pub fn type_(mut self, ty: u8) -> Self {
        self.ty = ty;
        self
    }

    /// SciPy's `orthogonalize` (default: when `norm` is [`Norm::Ortho`]).
    pub fn orthogonalize(mut self, on: bool) -> Self {
        self.orthogonalize = Some(on);
        self
    }

    /// Computes the transform over the axes (default: all), of `T::Real`.
    pub fn run(self) -> Result<Array<T::Real>> {
        let op = op_name(self.sine, self.inverse, true);
        let kind = resolve_kind(op, self.sine, self.ty, self.inverse)?;
        super::workers::check(self.opts.workers)?;
        let (s, axes) = self.opts.resolve(op, self.a.shape(), None, false)?;
        let mut passes = s.iter().zip(&axes);
        let w = self.opts.workers;
        let (norm, fwd, orth) = (self.opts.norm, !self.inverse, self.orthogonalize);
        let Some((&n, &ax)) = passes.next() else {
            return transform::retype(self.a.clone());
        };
        let mut y = r2r_axis::<T, T::Real>(op, self.a, ax, n, kind, norm, fwd, orth, w)?;
        for (&n, &ax) in passes {
            y = r2r_axis::<T::Real, T::Real>(op, &y, ax, n, kind, norm, fwd, orth, w)?;
        }
        Ok(y)
    }
}

fn trig_n<T: RealFftDType>(a: &Array<T>, sine: bool, inverse: bool) -> TrigTransformN<'_, T> {
    TrigTransformN {
        a,
        sine,
        inverse,
        ty: 2,
        orthogonalize: None,
        opts: OptionsNd::default(),
    }
}

/// SciPy's `dctn`: [`dct`] over several axes (default: all), with `s` and `axes`.
///
/// ```
/// use kernels_std::fft;
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let x = Array::from_vec(&dev, &[2, 2], vec![1.0f64; 4])?;
/// let y = fft::dctn(&x).run()?.to_vec()?;
/// assert!((y[0] - 16.0).abs() < 1e-12 && y[1].abs() < 1e-12);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn dctn<T: RealFftDType>(a: &Array<T>) -> TrigTransformN<'_, T> {
    trig_n(a, false, false)
}

/// SciPy's `idctn`: the inverse of [`dctn`].
///
/// ```
/// use kernels_std::fft;
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let x = Array::from_vec(&dev, &[2, 3], vec![1.0f64, 2.0, 3.0, 4.0, 5.0, 6.0])?;
/// let back = fft::idctn(&fft::dctn(&x).run()?).run()?.to_vec()?;
/// assert!((back[5] - 6.0).abs() < 1e-12);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn idctn<T: RealFftDType>(a: &Array<T>) -> TrigTransformN<'_, T> {
    trig_n(a, false, true)
}

/// SciPy's `dstn`: [`dst`] over several axes (default: all).
///
/// ```
/// use kernels_std::fft;
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let x = Array::from_vec(&dev, &[2, 2], vec![1.0f64; 4])?;
/// assert_eq!(fft::dstn(&x).run()?.shape(), [2, 2]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn dstn<T: RealFftDType>(a: &Array<T>) -> TrigTransformN<'_, T> {
    trig_n(a, true, false)
}

/// SciPy's `idstn`: the inverse of [`dstn`].
///
/// ```
/// use kernels_std::fft;
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let x = Array::from_vec(&dev, &[2, 2], vec![1.0f64, 2.0, 3.0, 4.0])?;
/// let back = fft::idstn(&fft::dstn(&x).type_(4).run()?).type_(4).run()?.to_vec()?;
/// assert!((back[2] - 3.0).abs() < 1e-12);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn idstn<T: RealFftDType>(a: &Array<T>) -> TrigTransformN<'_, T> {
    trig_n(a, true, true)
}
