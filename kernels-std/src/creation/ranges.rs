//! Evenly spaced values: `arange`, `linspace`, `logspace`. The element index comes from the
//! `iota` raw kernel; each element is computed from it by an elementwise kernel, in the
//! arithmetic NumPy uses.

use array_runtime::{bf16, f16, Array, DType, Device, Error, IntoOperand, Num, Result};

use super::kernels::{
    arange_float, arange_int, geomspace_value, indices, linspace_value, logspace_value,
};

/// Dtypes [`arange`] can produce, with the type in which it computes the range: `i64` for
/// every integer dtype (so that unsigned ranges can count down, as NumPy's Python integers
/// do), the dtype itself for floats.
pub trait Arange: Num {
    /// The type of `start`, `stop` and `step` as the range is computed.
    type Bound: Copy + std::fmt::Debug;

    /// A bound of the dtype as a [`Arange::Bound`] (an error for a `u64` beyond `i64`).
    #[doc(hidden)]
    fn to_bound(self) -> Result<Self::Bound>;

    /// The range, on `device` (what [`arange`] calls).
    #[doc(hidden)]
    fn arange(
        device: &Device,
        start: Self::Bound,
        stop: Self::Bound,
        step: Self::Bound,
    ) -> Result<Array<Self>>;
}

/// A step of [`arange`] for the dtype `T`: `T` itself, and for integer dtypes also `i32`
/// and `i64` (so that `(5u8, 0, -2)` counts down, and an integer literal infers).
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::creation::arange;
/// let dev = Device::cpu();
/// assert_eq!(arange(&dev, (10u16, 0, -3i64))?.to_vec()?, vec![10, 7, 4, 1]);
/// assert_eq!(arange(&dev, (0i8, 9, 4i8))?.to_vec()?, vec![0, 4, 8]);
/// assert_eq!(arange(&dev, (0.0f32, 1.0, 0.5f32))?.to_vec()?, vec![0.0, 0.5]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub trait ArangeStep<T: Arange> {
    /// The step as `T`'s [`Arange::Bound`].
    #[doc(hidden)]
    fn to_step(self) -> Result<T::Bound>;
}

/// What [`arange`] takes (NumPy's positional arguments): a stop `n` (`0..n`), a range
/// `start..stop` (step 1), a tuple `(start, stop, step)`, or an inclusive integer range
/// `start..=end` (to reach the dtype's largest value). The bounds' type is the dtype.
///
/// ```
/// use kernels_std::creation::ArangeSpec;
/// fn dtype<S: ArangeSpec>(_: S) -> &'static str {
///     std::any::type_name::<S::Elem>()
/// }
/// assert_eq!(dtype(4), "i32");
/// assert_eq!(dtype(0u8..4), "u8");
/// assert_eq!(dtype((0.0, 1.0, 0.25)), "f64");
/// ```
pub trait ArangeSpec {
    /// The dtype of the range.
    type Elem: Arange;

    /// `(start, stop, step)`.
    #[doc(hidden)]
    fn bounds(self) -> Result<Bounds<Self::Elem>>;
}

/// `(start, stop, step)` of a range of `T`.
type Bounds<T> = (
    <T as Arange>::Bound,
    <T as Arange>::Bound,
    <T as Arange>::Bound,
);

impl<T: Arange> ArangeSpec for T {
    type Elem = T;
    fn bounds(self) -> Result<Bounds<T>> {
        Ok((
            T::zero().to_bound()?,
            self.to_bound()?,
            T::one().to_bound()?,
        ))
    }
}

impl<T: Arange> ArangeSpec for std::ops::Range<T> {
    type Elem = T;
    fn bounds(self) -> Result<Bounds<T>> {
        Ok((
            self.start.to_bound()?,
            self.end.to_bound()?,
            T::one().to_bound()?,
        ))
    }
}

/// An inclusive integer range, `0u8..=255` (NumPy's `arange(256, dtype=np.uint8)`, whose stop
/// the dtype cannot hold).
impl<T: Arange<Bound = i64>> ArangeSpec for std::ops::RangeInclusive<T> {
    type Elem = T;
    fn bounds(self) -> Result<Bounds<T>> {
        let (start, end) = self.into_inner();
        let end = end.to_bound()?;
        let stop = end.checked_add(1).ok_or_else(|| {
            Error::invalid(format!(
                "arange: the end {end} of an inclusive range is i64's last"
            ))
        })?;
        Ok((start.to_bound()?, stop, 1))
    }
}

impl<T: Arange, S: ArangeStep<T>> ArangeSpec for (T, T, S) {
    type Elem = T;
    fn bounds(self) -> Result<Bounds<T>> {
        Ok((self.0.to_bound()?, self.1.to_bound()?, self.2.to_step()?))
    }
}

/// `x` as `i64`, or the error that says which bound does not fit.
fn int_bound<X: TryInto<i64> + Copy + std::fmt::Debug>(x: X) -> Result<i64> {
    x.try_into()
        .map_err(|_| Error::invalid(format!("arange: bound {x:?} does not fit in i64")))
}

macro_rules! arange_ints {
    ($($t:ty),*) => {$(
        impl Arange for $t {
            type Bound = i64;
            fn to_bound(self) -> Result<i64> {
                int_bound(self)
            }
            fn arange(device: &Device, start: i64, stop: i64, step: i64) -> Result<Array<$t>> {
                int_range::<$t>(device, start, stop, step, <$t>::MIN as i128, <$t>::MAX as i128)
            }
        }
        impl ArangeStep<$t> for i64 {
            fn to_step(self) -> Result<i64> {
                Ok(self)
            }
        }
    )*};
}
arange_ints!(i8, i16, i32, i64, u8, u16, u32, u64);

macro_rules! arange_steps {
    // `i32` for every integer dtype; the dtype itself for those other than `i32` and `i64`.
    ($($t:ty),*) => {$(
        impl ArangeStep<$t> for $t {
            fn to_step(self) -> Result<i64> {
                int_bound(self)
            }
        }
        impl ArangeStep<$t> for i32 {
            fn to_step(self) -> Result<i64> {
                Ok(self.into())
            }
        }
    )*};
}
arange_steps!(i8, i16, u8, u16, u32, u64);
impl ArangeStep<i32> for i32 {
    fn to_step(self) -> Result<i64> {
        Ok(self.into())
    }
}
impl ArangeStep<i64> for i32 {
    fn to_step(self) -> Result<i64> {
        Ok(self.into())
    }
}

macro_rules! arange_floats {
    ($($t:ty => $w:ty),*) => {$(
        impl Arange for $t {
            type Bound = $t;
            fn to_bound(self) -> Result<$t> {
                Ok(self)
            }
            fn arange(device: &Device, start: $t, stop: $t, step: $t) -> Result<Array<$t>> {
                float_range::<$t, $w>(device, start, stop, step)
            }
        }
        impl ArangeStep<$t> for $t {
            fn to_step(self) -> Result<$t> {
                Ok(self)
            }
        }
    )*};
}
arange_floats!(f16 => f32, bf16 => f32, f32 => f32, f64 => f64);

/// Values from `start` (included) to `stop` (excluded) by `step` (NumPy's `arange`), on
/// `device`. `spec` is NumPy's positional arguments (an [`ArangeSpec`]): `arange(&dev, 6)`
/// (`np.arange(6)`), `arange(&dev, 2..6)` (`np.arange(2, 6)`), `arange(&dev, (0.0, 1.0,
/// 0.25))` (`np.arange(0.0, 1.0, 0.25)`); `arange(&dev, 0u8..=255)` for an integer range to the
/// dtype's last value. `ceil((stop - start) / step)` elements, none when that is not
/// positive.
///
/// The dtype is the bounds' type. Integer literals are `i32` by Rust's inference, where
/// NumPy's default integer is `int64`: write `0i64..6`, or annotate the result (`let a:
/// Array<i64> = arange(&dev, 6)?`), for NumPy's dtype. A step may be `i32` or `i64` for
/// every integer dtype, so unsigned ranges count down: `(5u8, 0, -2)`.
///
/// Integers: the range is computed in `i64` and the elements `start + i * step` exactly; an
/// element outside `T`'s range is an error. Floats: the length and the second element are
/// computed in `T` (as NumPy does for NumPy scalars of that dtype: `np.arange(np.float32(a),
/// np.float32(b), np.float32(c))`), then element `i` is `start + i * (second - start)` as
/// NumPy's fill computes it (in `f32` for `f16`/`bf16`), so `arange(&dev, (1.0, 1.3, 0.1))`
/// has 4 elements, as NumPy's.
///
/// Errors: a zero step, a NaN length (NaN or infinite bounds), a length beyond `isize`, a
/// `u64` bound beyond `i64`.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::creation::arange;
/// let dev = Device::cpu();
/// assert_eq!(arange(&dev, 4)?.to_vec()?, vec![0, 1, 2, 3]);
/// assert_eq!(arange(&dev, 2..5)?.to_vec()?, vec![2i32, 3, 4]);
/// assert_eq!(arange(&dev, (0, 10, 3))?.to_vec()?, vec![0, 3, 6, 9]);
/// assert_eq!(arange(&dev, (5u8, 0, -2))?.to_vec()?, vec![5, 3, 1]);
/// assert_eq!(arange(&dev, 0u8..=255)?.len(), 256);
/// let a: Array<i64> = arange(&dev, 3)?;
/// assert_eq!(a.to_vec()?, vec![0, 1, 2]);
/// assert_eq!(arange(&dev, (1.0, 1.3, 0.1))?.len(), 4);
/// assert_eq!(arange(&dev, (0.0f32, 1.0, 0.25))?.to_vec()?, vec![0.0, 0.25, 0.5, 0.75]);
/// assert_eq!(arange(&dev, 0.0..2.5)?.to_vec()?, vec![0.0, 1.0, 2.0]);
/// assert!(arange(&dev, (0.0, 1.0, 0.0)).is_err());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn arange<S: ArangeSpec>(device: &Device, spec: S) -> Result<Array<S::Elem>> {
    let (start, stop, step) = spec.bounds()?;
    S::Elem::arange(device, start, stop, step)
}

fn int_range<T: DType>(
    device: &Device,
    start: i64,
    stop: i64,
    step: i64,
    min: i128,
    max: i128,
) -> Result<Array<T>> {
    if step == 0 {
        return Err(Error::invalid("arange: the step must not be zero"));
    }
    let (start, stop, step) = (start as i128, stop as i128, step as i128);
    let span = stop - start;
    let len = if span == 0 || (span > 0) != (step > 0) {
        0
    } else {
        (span.abs() + step.abs() - 1) / step.abs()
    };
    let len = usize::try_from(len)
        .ok()
        .filter(|&n| n <= isize::MAX as usize)
        .ok_or_else(|| Error::invalid(format!("arange: length {len} is too large")))?;
    if len > 0 {
        let last = start + (len as i128 - 1) * step;
        if [start, last].iter().any(|&x| x < min || x > max) {
            return Err(Error::invalid(format!(
                "arange: values from {start} to {last} do not fit in {}",
                T::ID
            )));
        }
    }
    let i = indices(device, len)?;
    arange_int::<T>(&i, start as i64, step as i64)
}

/// `W` is the working type of NumPy's fill (`f32` for `f16` and `bf16`), a scalar operand.
fn float_range<T: Num, W>(device: &Device, start: T, stop: T, step: T) -> Result<Array<T>>
where
    W: Num + for<'a> IntoOperand<'a, W>,
{
    if step == T::zero() {
        return Err(Error::invalid("arange: the step must not be zero"));
    }
    let len = ((stop - start) / step).cast::<f64>().ceil();
    if len.is_nan() {
        return Err(Error::invalid(format!(
            "arange: cannot compute the length of the range from {start:?} to {stop:?} by \
             {step:?}"
        )));
    }
    if len >= isize::MAX as f64 {
        return Err(Error::invalid(format!(
            "arange: overflow while computing the length ({len})"
        )));
    }
    let len = len.max(0.0) as usize;
    let second = start + step;
    let (w0, w1) = (start.cast::<W>(), second.cast::<W>());
    let i = indices(device, len)?;
    arange_float::<T, W>(&i, w0, w1, w1 - w0)
}

/// The parameters of a `linspace` over `f64` (what [`linspace_value`] takes after `i`).
struct Spacing {
    start: f64,
    step: f64,
    delta: f64,
    div: f64,
    mode: i32,
    exact_last: i64,
    stop: f64,
}

impl Spacing {
    /// NumPy's choices: `div = num - 1` (or `num` without the endpoint), `step = delta / div`
    /// unless it is zero (then `i / div * delta`) or `div` is zero (`i * delta`); the last
    /// element set to `stop` with the endpoint and more than one element.
    fn new(start: f64, stop: f64, num: usize, endpoint: bool) -> Self {
        let div = if endpoint { num.saturating_sub(1) } else { num } as f64;
        let delta = stop - start;
        let step = delta / div;
        let mode = if div == 0.0 {
            2
        } else if step == 0.0 {
            1
        } else {
            0
        };
        let exact_last = if endpoint && num > 1 {
            num as i64 - 1
        } else {
            -1
        };
        Spacing {
            start,
            step,
            delta,
            div,
            mode,
            exact_last,
            stop,
        }
    }
}

/// `num` evenly spaced values from `start` to `stop` (NumPy's `linspace(start, stop, num,
/// endpoint, dtype=T)`), `stop` included (exactly) when `endpoint`. Computed in `f64` as NumPy
/// does for Python-number bounds, then converted to `T`; integer dtypes take the floor first,
/// as NumPy's (so `-0.5` gives `-1`).
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::creation::linspace;
/// let dev = Device::cpu();
/// assert_eq!(linspace::<f64>(&dev, 0.0, 1.0, 5, true)?.to_vec()?, vec![0.0, 0.25, 0.5, 0.75, 1.0]);
/// assert_eq!(linspace::<f32>(&dev, 0.0, 1.0, 4, false)?.to_vec()?, vec![0.0, 0.25, 0.5, 0.75]);
/// assert_eq!(linspace::<i32>(&dev, -1.0, 1.0, 5, true)?.to_vec()?, vec![-1, -1, 0, 0, 1]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn linspace<T: DType>(
    device: &Device,
    start: f64,
    stop: f64,
    num: usize,
    endpoint: bool,
) -> Result<Array<T>> {
    let s = Spacing::new(start, stop, num, endpoint);
    let i = indices(device, num)?;
    linspace_value::<T>(
        &i,
        s.start,
        s.step,
        s.delta,
        s.div,
        s.mode,
        s.exact_last,
        s.stop,
        T::ID.is_int(),
    )
}

/// `num` values spaced evenly on a log scale: `base` to the powers of
/// [`linspace`]`(start, stop, num, endpoint)` (NumPy's `logspace`), computed in `f64` then
/// converted to `T` (integer dtypes truncate, as NumPy's `astype`). `powf` is the device's
/// `pow`: results may differ from NumPy's by an ulp.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::creation::logspace;
/// let dev = Device::cpu();
/// assert_eq!(logspace::<f64>(&dev, 0.0, 3.0, 4, true, 10.0)?.to_vec()?, vec![1.0, 10.0, 100.0, 1000.0]);
/// assert_eq!(logspace::<i64>(&dev, 0.0, 4.0, 4, false, 2.0)?.to_vec()?, vec![1, 2, 4, 8]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn logspace<T: DType>(
    device: &Device,
    start: f64,
    stop: f64,
    num: usize,
    endpoint: bool,
    base: f64,
) -> Result<Array<T>> {
    let s = Spacing::new(start, stop, num, endpoint);
    let i = indices(device, num)?;
    logspace_value::<T>(
        &i,
        s.start,
        s.step,
        s.delta,
        s.div,
        s.mode,
        s.exact_last,
        s.stop,
        base,
    )
}

/// `num` values in geometric progression from `start` to `stop` (NumPy's `geomspace`):
/// `10` to the powers of [`linspace`]`(log10(|start|), log10(stop / sign(start)))` times
/// `start`'s sign, computed in `f64` then converted to `T` (integer dtypes truncate). The
/// first element is `start` and, with the endpoint, the last is `stop`, exactly. Bounds of
/// opposite signs give NaN, as NumPy's (which warns). The powers are the device's `pow`:
/// results may differ from NumPy's by an ulp.
///
/// Errors: a bound of zero (NumPy: "Geometric sequence cannot include zero").
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::creation::geomspace;
/// let dev = Device::cpu();
/// let g = geomspace::<f64>(&dev, 1.0, 1000.0, 4, true)?.to_vec()?;
/// assert_eq!((g[0], g[3]), (1.0, 1000.0));
/// assert!((g[1] - 10.0).abs() < 1e-12);
/// assert_eq!(geomspace::<f64>(&dev, -8.0, -1.0, 4, true)?.to_vec()?[0], -8.0);
/// assert!(geomspace::<f64>(&dev, 0.0, 1.0, 3, true).is_err());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn geomspace<T: DType>(
    device: &Device,
    start: f64,
    stop: f64,
    num: usize,
    endpoint: bool,
) -> Result<Array<T>> {
    if start == 0.0 || stop == 0.0 {
        return Err(Error::invalid(format!(
            "geomspace: a geometric sequence cannot include zero (from {start} to {stop})"
        )));
    }
    // NumPy's `sign` of a NaN start is NaN, which makes every element NaN.
    let sign = if start.is_nan() {
        f64::NAN
    } else {
        start.signum()
    };
    let (first, last) = (start / sign, stop / sign);
    let s = Spacing::new(first.log10(), last.log10(), num, endpoint);
    let i = indices(device, num)?;
    geomspace_value::<T>(
        &i,
        s.start,
        s.step,
        s.delta,
        s.div,
        s.mode,
        s.exact_last,
        s.stop,
        first,
        last,
        sign,
    )
}

/// A bound of [`linspace_with`]/[`logspace_with`]: a scalar, or an array broadcast against
/// the other bounds.
#[derive(Debug)]
enum Bound {
    Scalar(f64),
    Array(Array<f64>),
}

impl Bound {
    fn new<'a>(value: impl IntoOperand<'a, f64>) -> Result<Bound> {
        use array_runtime::kernel::elementwise::Operand;
        Ok(match value.into_operand().ready()? {
            Operand::Scalar(v) => Bound::Scalar(v),
            Operand::Borrowed(a) => Bound::Array(a.clone()),
            Operand::Owned(a) => Bound::Array(a),
            Operand::Lazy(e) => Bound::Array(e.eval()?),
        })
    }

    fn shape(&self) -> &[usize] {
        match self {
            Bound::Scalar(_) => &[],
            Bound::Array(a) => a.shape(),
        }
    }

    fn operand(&self) -> array_runtime::kernel::elementwise::Operand<'_, f64> {
        use array_runtime::kernel::elementwise::Operand;
        match self {
            Bound::Scalar(v) => Operand::Scalar(*v),
            Bound::Array(a) => Operand::Borrowed(a),
        }
    }
}

/// NumPy's `linspace` with every keyword: bounds that are arrays, `axis` and `retstep`.
/// Made by [`linspace_with`]; [`Logspace`] builds on it.
#[derive(Debug)]
#[must_use = "a Linspace does nothing until run"]
pub struct Linspace {
    device: Device,
    start: Result<Bound>,
    stop: Result<Bound>,
    num: usize,
    endpoint: bool,
    axis: isize,
}

/// The parameters of one run of a [`Linspace`], the bounds' arrays broadcast.
struct Spaced {
    start: Bound,
    stop: Bound,
    step: Bound,
    delta: Bound,
    div: f64,
    mode: i32,
    exact_last: i64,
    /// The element index `i`, shaped `(num, 1, ..., 1)` to broadcast against the bounds.
    index: Array<i64>,
    /// The bounds' broadcast shape.
    shape: Vec<usize>,
}

/// NumPy's `linspace(start, stop, num, endpoint, retstep, dtype, axis)` for bounds that are
/// `f64` scalars or `f64` arrays (NumPy's float64 computation; convert other dtypes with
/// `astype`): a builder, run with [`run::<T>`](Linspace::run) (the `dtype`) or
/// [`run_with_step::<T>`](Linspace::run_with_step) (`retstep=True`).
///
/// The bounds broadcast together to a shape `b`; the result has shape `b` with an axis of
/// length `num` inserted at `axis` (0 by default, the first; `-1` the last), element `i`
/// along it being `start + i * step` computed as NumPy does (`i / div * delta` for every
/// element when any step is zero, `stop` exactly at the end with `endpoint`), then floored
/// for an integer `T`. [`linspace`] is the scalar form.
///
/// Errors: bounds that do not broadcast, an `axis` out of range for the result.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::creation::linspace_with;
/// let dev = Device::cpu();
/// let start = Array::from_vec(&dev, &[2], vec![0.0f64, 10.0])?;
/// // np.linspace([0, 10], 1, 3): one column per pair of bounds
/// let y = linspace_with(&dev, &start, 1.0, 3).run::<f64>()?;
/// assert_eq!(y.shape(), &[3, 2]);
/// assert_eq!(y.to_vec()?, vec![0.0, 10.0, 0.5, 5.5, 1.0, 1.0]);
/// // axis=-1: one row per pair; retstep=True gives the steps beside
/// let (y, step) = linspace_with(&dev, &start, 1.0, 3).axis(-1).run_with_step::<f64>()?;
/// assert_eq!(y.to_vec()?, vec![0.0, 0.5, 1.0, 10.0, 5.5, 1.0]);
/// assert_eq!(step.to_vec()?, vec![0.5, -4.5]);
/// // scalar bounds: the step is 0-d; endpoint=False
/// let (y, step) = linspace_with(&dev, 0.0, 1.0, 4).endpoint(false).run_with_step::<f32>()?;
/// assert_eq!((y.to_vec()?, step.item()?), (vec![0.0, 0.25, 0.5, 0.75], 0.25));
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn linspace_with<'a>(
    device: &Device,
    start: impl IntoOperand<'a, f64>,
    stop: impl IntoOperand<'a, f64>,
    num: usize,
) -> Linspace {
    Linspace {
        device: device.clone(),
        start: Bound::new(start),
        stop: Bound::new(stop),
        num,
        endpoint: true,
        axis: 0,
    }
}

impl Linspace {
    /// Whether `stop` is the last element (NumPy's `endpoint`, `true` by default).
    pub fn endpoint(mut self, endpoint: bool) -> Self {
        self.endpoint = endpoint;
        self
    }

    /// Where the new axis goes in the result (NumPy's `axis`, 0 by default; negative counts
    /// from the end of the result's dimensions).
    pub fn axis(mut self, axis: isize) -> Self {
        self.axis = axis;
        self
    }

    /// The values, converted to `T` (floored first for integer dtypes).
    pub fn run<T: DType>(self) -> Result<Array<T>> {
        Ok(self.run_with_step::<T>()?.0)
    }

    /// The values and the step (NumPy's `retstep=True`): `(stop - start) / div` of the
    /// bounds' broadcast shape (0-d for scalar bounds), NaN where there is no step (`num` 0,
    /// or 1 with the endpoint; NumPy returns one NaN then).
    pub fn run_with_step<T: DType>(self) -> Result<(Array<T>, Array<f64>)> {
        let axis = self.axis;
        let s = self.spaced()?;
        let y = linspace_value::<T>(
            &s.index,
            s.start.operand(),
            s.step.operand(),
            s.delta.operand(),
            s.div,
            s.mode,
            s.exact_last,
            s.stop.operand(),
            T::ID.is_int(),
        )?;
        let step = match &s.step {
            _ if s.div == 0.0 => Array::full(&s.index.device(), &s.shape, f64::NAN)?,
            Bound::Scalar(v) => Array::full(&s.index.device(), &s.shape, *v)?,
            Bound::Array(a) => a.broadcast_to(&s.shape)?,
        };
        Ok((move_new_axis(y, axis)?, step))
    }

    /// NumPy's arithmetic before the elements: `delta`, `step`, `div` and whether any step
    /// is zero, on the bounds' device.
    fn spaced(self) -> Result<Spaced> {
        let (start, stop) = (self.start?, self.stop?);
        let shape = crate::shape::broadcast_shapes(&[start.shape(), stop.shape()])?;
        let div = if self.endpoint {
            self.num.saturating_sub(1)
        } else {
            self.num
        } as f64;
        let (delta, step, any_zero) = match (&start, &stop) {
            (Bound::Scalar(a), Bound::Scalar(b)) => {
                let s = Spacing::new(*a, *b, self.num, self.endpoint);
                (Bound::Scalar(s.delta), Bound::Scalar(s.step), s.step == 0.0)
            }
            _ => {
                let delta = crate::math::subtract(stop.operand(), start.operand())?;
                let step = crate::math::divide(&delta, div)?;
                let zero = crate::math::equal(&step, 0.0)?;
                let any_zero = crate::reduce::any(&zero).run()?.item()?;
                (Bound::Array(delta), Bound::Array(step), any_zero)
            }
        };
        let mode = if div == 0.0 {
            2
        } else if any_zero {
            1
        } else {
            0
        };
        let exact_last = if self.endpoint && self.num > 1 {
            i64::try_from(self.num - 1)
                .map_err(|_| Error::invalid("linspace: num beyond the i64 range"))?
        } else {
            -1
        };
        let mut index_shape = vec![1usize; shape.len() + 1];
        index_shape[0] = self.num;
        let index = indices(&self.device, self.num)?.reshape(&index_shape[..])?;
        Ok(Spaced {
            start,
            stop,
            step,
            delta,
            div,
            mode,
            exact_last,
            index,
            shape,
        })
    }
}

/// The computed array, its new axis first, with that axis moved to `axis` (NumPy's
/// `moveaxis(y, 0, axis)`).
fn move_new_axis<T: DType>(y: Array<T>, axis: isize) -> Result<Array<T>> {
    if axis == 0 {
        return Ok(y);
    }
    crate::shape::moveaxis(&y, &[0], &[axis])
}

/// NumPy's `logspace(start, stop, num, endpoint, base, dtype, axis)` for `f64` scalar or
/// array bounds and base: `base ** linspace(start, stop, num, endpoint, axis)`, the base
/// broadcast against the bounds (expanded at `axis`, as NumPy's `expand_dims`). Made by
/// [`logspace_with`]; run with [`run::<T>`](Logspace::run) (integer dtypes truncate, as
/// NumPy's `astype`). [`logspace`] is the scalar form.
#[derive(Debug)]
#[must_use = "a Logspace does nothing until run"]
pub struct Logspace {
    space: Linspace,
    base: Result<Bound>,
}

/// NumPy's `logspace` with array bounds, array `base` and `axis`: a builder (see
/// [`Logspace`]); `base` is 10 unless [`base`](Logspace::base) sets it.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::creation::logspace_with;
/// let dev = Device::cpu();
/// let stop = Array::from_vec(&dev, &[2], vec![2.0f64, 3.0])?;
/// let base = Array::from_vec(&dev, &[2], vec![10.0f64, 2.0])?;
/// // np.logspace(0, [2, 3], 3, base=[10, 2], axis=-1)
/// let y = logspace_with(&dev, 0.0, &stop, 3).base(&base).axis(-1).run::<f64>()?;
/// assert_eq!(y.shape(), &[2, 3]);
/// let v = y.to_vec()?;
/// assert_eq!((v[0], v[2], v[3], v[5]), (1.0, 100.0, 1.0, 8.0));
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn logspace_with<'a>(
    device: &Device,
    start: impl IntoOperand<'a, f64>,
    stop: impl IntoOperand<'a, f64>,
    num: usize,
) -> Logspace {
    Logspace {
        space: linspace_with(device, start, stop, num),
        base: Ok(Bound::Scalar(10.0)),
    }
}

impl Logspace {
    /// Whether `base ** stop` is the last element (NumPy's `endpoint`, `true` by default).
    pub fn endpoint(mut self, endpoint: bool) -> Self {
        self.space = self.space.endpoint(endpoint);
        self
    }

    /// Where the new axis goes in the result (NumPy's `axis`, 0 by default).
    pub fn axis(mut self, axis: isize) -> Self {
        self.space = self.space.axis(axis);
        self
    }

    /// The base of the powers (NumPy's `base`, 10 by default): a scalar or an array
    /// broadcast against the bounds.
    pub fn base<'a>(mut self, base: impl IntoOperand<'a, f64>) -> Self {
        self.base = Bound::new(base);
        self
    }

    /// The values, converted to `T`.
    pub fn run<T: DType>(self) -> Result<Array<T>> {
        let axis = self.space.axis;
        let base = self.base?;
        let s = self.space.spaced()?;
        // The base joins the bounds' broadcast (NumPy broadcasts all three first).
        let shape = crate::shape::broadcast_shapes(&[&s.shape, base.shape()])?;
        let mut index_shape = vec![1usize; shape.len() + 1];
        index_shape[0] = s.index.shape()[0];
        let index = s.index.reshape(&index_shape[..])?;
        let y = logspace_value::<T>(
            &index,
            s.start.operand(),
            s.step.operand(),
            s.delta.operand(),
            s.div,
            s.mode,
            s.exact_last,
            s.stop.operand(),
            base.operand(),
        )?;
        move_new_axis(y, axis)
    }
}
