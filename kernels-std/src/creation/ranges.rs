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
