//! `argmax`, `argmin`, `nanargmax`, `nanargmin`: positions of the extremes.
//!
//! The position is counted along the reduced axes: over one axis it is NumPy's index along that
//! axis; over several (or all, the default) it is the flat C-order position within them, as
//! NumPy's `argmax(axis=None)` gives for all of them. (NumPy accepts one axis or none; several
//! are our extension.)

use std::marker::PhantomData;

use array_runtime::kernel::elementwise::Operand;
use array_runtime::kernel::reduction::{Erase, ReduceCall, ReduceKernel};
use array_runtime::{c128, c64, s, Array, DType, Error, Num, Result};

use super::arg_rows::{arg_rows, replaces};
use super::builder::{axes_methods, AxesChoice};
use super::kernels;

/// Arrays at least this long, reduced whole on the CPU, are not reduced in one pass of
/// (value, position) pairs, which the CPU fold does not vectorize (3-4x slower than `max` on
/// 10^7 `f32`). A C-contiguous array is cut in blocks of [`ARG_BLOCK`]: the extreme of each
/// block (one vectorized pass), the first block holding the overall extreme (a one-pass arg of
/// the few block extremes), and the first position of that extreme inside the block. Other
/// layouts take two passes: the extreme, then its first position.
const FAST_FROM: usize = 1 << 16;
/// Elements per block of a C-contiguous array reduced whole (see [`FAST_FROM`]).
const ARG_BLOCK: usize = 4096;

/// The call of [`argmax`], [`argmin`], [`nanargmax`] and [`nanargmin`]: choose axes, then
/// `.run()`. `K` says which of them: [`Largest`], [`Smallest`], [`NanLargest`],
/// [`NanSmallest`].
#[derive(Debug)]
#[must_use = "a reduction builder does nothing until `.run()` is called"]
pub struct ArgCall<'a, T: DType, K> {
    a: &'a Array<T>,
    choice: AxesChoice,
    op: &'static str,
    _kernel: PhantomData<K>,
}

/// Marks the call of [`argmax`].
#[derive(Debug)]
pub struct Largest;
/// Marks the call of [`argmin`].
#[derive(Debug)]
pub struct Smallest;

/// The call [`argmax`] returns.
pub type ArgMax<'a, T> = ArgCall<'a, T, Largest>;
/// The call [`argmin`] returns.
pub type ArgMin<'a, T> = ArgCall<'a, T, Smallest>;

/// Dtypes [`argmax`], [`argmin`], [`nanargmax`] and [`nanargmin`] take: integers and floats,
/// and `c64`/`c128` in NumPy's lexicographic order (real parts, then imaginary parts; the first
/// element with a NaN part wins, or in the `nan` forms is skipped). Sealed.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::reduce::{argmax, ArgDType};
/// fn first_max<T: ArgDType>(a: &Array<T>) -> kernels_std::Result<i64> {
///     argmax(a).run()?.item()
/// }
/// let z = Array::from_vec(&Device::cpu(), &[3], vec![c64::new(2.0, 1.0), c64::new(2.0, 3.0), c64::new(1.0, 9.0)])?;
/// assert_eq!(first_max(&z)?, 1);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub trait ArgDType: DType + sealed::WholeArray {
    /// The kernel of `argmax`.
    type ArgMax: ReduceKernel<Out = i64>;
    /// The kernel of `argmin`.
    type ArgMin: ReduceKernel<Out = i64>;
    /// The kernel of `nanargmax` (`-1` for a slice of NaN only).
    type NanArgMax: ReduceKernel<Out = i64>;
    /// The kernel of `nanargmin`.
    type NanArgMin: ReduceKernel<Out = i64>;
}

mod sealed {
    use array_runtime::{Array, DType, Result};

    /// A faster path for the position of the extreme of a whole array (`None`: none here).
    pub trait WholeArray: DType {
        /// The position, as an array of `keepdims`' shape, of the first maximum (`largest`)
        /// or minimum of `a`, or `None` for the one-pass kernel.
        fn whole(a: &Array<Self>, keepdims: bool, largest: bool) -> Result<Option<Array<i64>>>;

        /// The same over the single axis `axis` (as the caller gave it: negative counts from
        /// the end), `None` for the one-pass kernel.
        fn rows(
            a: &Array<Self>,
            axis: isize,
            keepdims: bool,
            largest: bool,
        ) -> Result<Option<Array<i64>>> {
            let _ = (a, axis, keepdims, largest);
            Ok(None)
        }
    }
}

macro_rules! num_args {
    ($($t:ty),*) => {$(
        impl ArgDType for $t {
            type ArgMax = kernels::argmax::Kernel<$t>;
            type ArgMin = kernels::argmin::Kernel<$t>;
            type NanArgMax = kernels::nanargmax::Kernel<$t>;
            type NanArgMin = kernels::nanargmin::Kernel<$t>;
        }
        impl sealed::WholeArray for $t {
            fn whole(
                a: &Array<$t>,
                keepdims: bool,
                largest: bool,
            ) -> Result<Option<Array<i64>>> {
                let extreme = if largest { Extreme::Max } else { Extreme::Min };
                whole_on_cpu(a, keepdims, extreme)
            }
            fn rows(
                a: &Array<$t>,
                axis: isize,
                keepdims: bool,
                largest: bool,
            ) -> Result<Option<Array<i64>>> {
                let extreme = if largest { Extreme::Max } else { Extreme::Min };
                rows_on_cpu(a, axis, keepdims, extreme)
            }
        }
    )*};
}
num_args!(
    i8,
    i16,
    i32,
    i64,
    u8,
    u16,
    u32,
    u64,
    array_runtime::f16,
    array_runtime::bf16,
    f32,
    f64
);

macro_rules! complex_args {
    ($($t:ty => $max:ident, $min:ident, $nanmax:ident, $nanmin:ident;)*) => {$(
        impl ArgDType for $t {
            type ArgMax = kernels::$max::Kernel;
            type ArgMin = kernels::$min::Kernel;
            type NanArgMax = kernels::$nanmax::Kernel;
            type NanArgMin = kernels::$nanmin::Kernel;
        }
        impl sealed::WholeArray for $t {
            fn whole(_: &Array<$t>, _: bool, _: bool) -> Result<Option<Array<i64>>> {
                Ok(None)
            }
        }
    )*};
}
complex_args! {
    c64 => argmax_c64, argmin_c64, nanargmax_c64, nanargmin_c64;
    c128 => argmax_c128, argmin_c128, nanargmax_c128, nanargmin_c128;
}
/// Booleans, as NumPy: `argmax` finds the first `True`, `argmin` the first `False` (NaN
/// cannot occur, so the `nan` forms are the same).
impl ArgDType for bool {
    type ArgMax = kernels::argmax_bool::Kernel;
    type ArgMin = kernels::argmin_bool::Kernel;
    type NanArgMax = kernels::argmax_bool::Kernel;
    type NanArgMin = kernels::argmin_bool::Kernel;
}

impl sealed::WholeArray for bool {
    fn whole(_: &Array<bool>, _: bool, _: bool) -> Result<Option<Array<i64>>> {
        Ok(None)
    }
}

/// Marks the call of [`nanargmax`].
#[derive(Debug)]
pub struct NanLargest;
/// Marks the call of [`nanargmin`].
#[derive(Debug)]
pub struct NanSmallest;
/// The call [`nanargmax`] returns.
pub type NanArgMax<'a, T> = ArgCall<'a, T, NanLargest>;
/// The call [`nanargmin`] returns.
pub type NanArgMin<'a, T> = ArgCall<'a, T, NanSmallest>;

/// Which extreme `argmax` and `argmin` look for (NaN counts as both).
#[derive(Clone, Copy)]
enum Extreme {
    Max,
    Min,
}

impl Extreme {
    /// The extreme of `a` over `axes` (all when `None`).
    fn of<T: Num>(self, a: &Array<T>, axes: Option<&[isize]>) -> Result<Array<T>> {
        match (self, axes) {
            (Extreme::Max, None) => kernels::max(a).run(),
            (Extreme::Max, Some(axes)) => kernels::max(a).axes(axes).run(),
            (Extreme::Min, None) => kernels::min(a).run(),
            (Extreme::Min, Some(axes)) => kernels::min(a).axes(axes).run(),
        }
    }

    /// The first position of the extreme of `a` (1-d), in one pass of (value, position) pairs.
    fn position<T: Num>(self, a: &Array<T>) -> Result<i64> {
        match self {
            Extreme::Max => kernels::argmax(a).run()?.item(),
            Extreme::Min => kernels::argmin(a).run()?.item(),
        }
    }

    /// Whether `later`, after `earlier`, is the first extreme of the two (NaN first, then the
    /// larger or smaller; ties go to `earlier`): the rule of [`replaces`].
    fn later_wins<T: Num>(self, earlier: T, later: T) -> bool {
        match self {
            Extreme::Max => replaces::<T, true>(earlier, later),
            Extreme::Min => replaces::<T, false>(earlier, later),
        }
    }
}

impl<'a, T: DType, K> ArgCall<'a, T, K> {
    axes_methods!();

    fn new(a: &'a Array<T>, op: &'static str) -> Self {
        ArgCall {
            a,
            choice: AxesChoice::default(),
            op,
            _kernel: PhantomData,
        }
    }
}

/// `argmax` (`Max`) or `argmin` of the whole array `a` when it is long and on the CPU (see
/// [`FAST_FROM`]); `None` for the one-pass kernel.
fn whole_on_cpu<T: Num>(
    a: &Array<T>,
    keepdims: bool,
    extreme: Extreme,
) -> Result<Option<Array<i64>>> {
    if !a.device().is_cpu() || a.len() < FAST_FROM {
        return Ok(None);
    }
    let position = if a.is_c_contiguous() {
        blocked(a, extreme)?
    } else {
        let m: T = extreme.of(a, None)?.item()?;
        first_index_of(a, m)?
    };
    let shape = if keepdims {
        vec![1; a.ndim()]
    } else {
        Vec::new()
    };
    Array::from_vec(&a.device(), &shape, vec![position]).map(Some)
}

/// `argmax` (`Max`) or `argmin` over the last axis of a C-contiguous array on the CPU, rather
/// than by the one-pass kernel of (value, position) pairs: rows shorter than [`FAST_FROM`]
/// natively ([`arg_rows`](super::arg_rows)), longer ones each as a whole array ([`blocked`]),
/// read by vectorized `max`/`min` passes. `None` for the one-pass kernel (other axes, layouts).
fn rows_on_cpu<T: Num>(
    a: &Array<T>,
    axis: isize,
    keepdims: bool,
    extreme: Extreme,
) -> Result<Option<Array<i64>>> {
    let nd = a.ndim();
    if nd == 0 || !a.device().is_cpu() || !a.is_c_contiguous() {
        return Ok(None);
    }
    if array_runtime::shape::normalize_axis(axis, nd)? != nd - 1 {
        return Ok(None);
    }
    let n = a.shape()[nd - 1];
    if n < FAST_FROM {
        return match extreme {
            Extreme::Max => arg_rows::<T, true>(a, keepdims),
            Extreme::Min => arg_rows::<T, false>(a, keepdims),
        };
    }
    let rows = a.len() / n;
    let flat = a.reshape(&[rows, n])?;
    let mut positions = Vec::new();
    positions.try_reserve_exact(rows).map_err(|_| {
        Error::invalid(format!(
            "argmax/argmin: {rows} results do not fit in memory"
        ))
    })?;
    for r in 0..rows {
        positions.push(blocked(&flat.slice(s![r])?, extreme)?);
    }
    let mut shape = a.shape()[..nd - 1].to_vec();
    if keepdims {
        shape.push(1);
    }
    Array::from_vec(&a.device(), &shape, positions).map(Some)
}

/// The first position of the extreme of the C-contiguous array `a`, block by block (see
/// [`FAST_FROM`]).
fn blocked<T: Num>(a: &Array<T>, extreme: Extreme) -> Result<i64> {
    let n = a.len();
    let flat = a.reshape(&[n])?;
    let (blocks, body) = (n / ARG_BLOCK, n / ARG_BLOCK * ARG_BLOCK);
    let per_block = extreme.of(
        &flat.slice(s![..body])?.reshape(&[blocks, ARG_BLOCK])?,
        Some(&[1]),
    )?;
    let block = extreme.position(&per_block)? as usize;
    let mut m: T = per_block.slice(s![block])?.item()?;
    let mut range = block * ARG_BLOCK..(block + 1) * ARG_BLOCK;
    if body < n {
        let tail: T = extreme.of(&flat.slice(s![body..])?, None)?.item()?;
        if extreme.later_wins(m, tail) {
            (m, range) = (tail, body..n);
        }
    }
    let start = range.start as i64;
    let inside = first_index_of(&flat.slice(s![range.start..range.end])?, m)?;
    Ok(start + inside)
}

/// The position (C order) of the first element of `a` equal to `m` (a NaN `m` finds the first
/// NaN), `m` being in `a`.
fn first_index_of<T: Num>(a: &Array<T>, m: T) -> Result<i64> {
    let operands: Vec<Box<dyn Erase + '_>> =
        vec![Box::new(Operand::Borrowed(a)), Box::new(Operand::Scalar(m))];
    ReduceCall::<kernels::first_index_of::Kernel<T>>::new(operands)
        .run()?
        .item()
}

impl<T: ArgDType> ArgCall<'_, T, Largest> {
    /// Runs the reduction.
    pub fn run(self) -> Result<Array<i64>> {
        let done = match self.choice.axes.as_deref() {
            None => T::whole(self.a, self.choice.keepdims, true)?,
            Some(&[axis]) => T::rows(self.a, axis, self.choice.keepdims, true)?,
            Some(_) => None,
        };
        if let Some(done) = done {
            return Ok(done);
        }
        let call = ReduceCall::<T::ArgMax>::new(vec![Box::new(Operand::Borrowed(self.a))]);
        self.choice.apply(call).run()
    }
}

impl<T: ArgDType> ArgCall<'_, T, Smallest> {
    /// Runs the reduction.
    pub fn run(self) -> Result<Array<i64>> {
        let done = match self.choice.axes.as_deref() {
            None => T::whole(self.a, self.choice.keepdims, false)?,
            Some(&[axis]) => T::rows(self.a, axis, self.choice.keepdims, false)?,
            Some(_) => None,
        };
        if let Some(done) = done {
            return Ok(done);
        }
        let call = ReduceCall::<T::ArgMin>::new(vec![Box::new(Operand::Borrowed(self.a))]);
        self.choice.apply(call).run()
    }
}

/// NumPy's `argmax`: the position of the first maximum (of the first NaN, if there is one;
/// complex numbers in NumPy's lexicographic order, [`ArgDType`]). An empty axis is an error.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::reduce::argmax;
/// let a = Array::from_vec(&Device::cpu(), &[2, 3], vec![1, 7, 7, 9, 0, 9])?;
/// assert_eq!(argmax(&a).axis(1).run()?.to_vec()?, vec![1, 0]);
/// assert_eq!(argmax(&a).run()?.item()?, 3);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn argmax<T: ArgDType>(a: &Array<T>) -> ArgMax<'_, T> {
    ArgCall::new(a, "argmax")
}

/// NumPy's `argmin`: the position of the first minimum (of the first NaN, if there is one;
/// complex numbers in NumPy's lexicographic order).
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::reduce::argmin;
/// let a = Array::from_vec(&Device::cpu(), &[4], vec![2.0, f64::NAN, -1.0, f64::NAN])?;
/// assert_eq!(argmin(&a).run()?.item()?, 1);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn argmin<T: ArgDType>(a: &Array<T>) -> ArgMin<'_, T> {
    ArgCall::new(a, "argmin")
}

impl<T: ArgDType> ArgCall<'_, T, NanLargest> {
    /// Runs the reduction: an error if a slice is all NaN (NumPy raises).
    pub fn run(self) -> Result<Array<i64>> {
        let call = ReduceCall::<T::NanArgMax>::new(vec![Box::new(Operand::Borrowed(self.a))]);
        let out = self.choice.apply(call).run()?;
        reject_all_nan(self.op, out)
    }
}

impl<T: ArgDType> ArgCall<'_, T, NanSmallest> {
    /// Runs the reduction: an error if a slice is all NaN (NumPy raises).
    pub fn run(self) -> Result<Array<i64>> {
        let call = ReduceCall::<T::NanArgMin>::new(vec![Box::new(Operand::Borrowed(self.a))]);
        let out = self.choice.apply(call).run()?;
        reject_all_nan(self.op, out)
    }
}

/// The kernels finish an all-NaN slice as `-1`: one flag read back says whether there is one.
fn reject_all_nan(op: &str, out: Array<i64>) -> Result<Array<i64>> {
    if kernels::any_negative(&out).run()?.item()? {
        return Err(Error::invalid(format!(
            "{op}: all-NaN slice encountered (result shape {:?})",
            out.shape()
        )));
    }
    Ok(out)
}

/// NumPy's `nanargmax`: the position of the first maximum ignoring NaN (complex: ignoring the
/// values with a NaN part, in the lexicographic order). A slice of NaN only (or an empty one)
/// is an error, as in NumPy.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::reduce::nanargmax;
/// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![f64::NAN, 1.0, f64::NAN, f64::NAN])?;
/// assert_eq!(nanargmax(&a).run()?.item()?, 1);
/// assert!(nanargmax(&a).axis(1).run().is_err());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn nanargmax<T: ArgDType>(a: &Array<T>) -> NanArgMax<'_, T> {
    ArgCall::new(a, "nanargmax")
}

/// NumPy's `nanargmin`: the position of the first minimum ignoring NaN; an all-NaN slice is
/// an error. See [`nanargmax`].
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::reduce::nanargmin;
/// let a = Array::from_vec(&Device::cpu(), &[3], vec![f32::NAN, 2.0, 1.0])?;
/// assert_eq!(nanargmin(&a).run()?.item()?, 2);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn nanargmin<T: ArgDType>(a: &Array<T>) -> NanArgMin<'_, T> {
    ArgCall::new(a, "nanargmin")
}
