//! The methods' dtype traits, their implementations per ufunc, and the builders `reduce`,
//! `accumulate` and `reduceat` return.

use array_runtime::kernel::reduction::{ReduceCall, ReduceKernel};
use array_runtime::ops::{Bitwise, Numeric};

use super::kernels::{at_rows, at_rows_bits, reduceat_rows, reduceat_rows_bits};
use super::{
    Add, BinaryUfunc, BitwiseAnd, BitwiseOr, BitwiseXor, Fmax, Fmin, LogicalAnd, LogicalOr,
    LogicalXor, Maximum, Minimum, Multiply,
};
use crate::creation::One;
use crate::math::{self, Extremum};
use crate::prelude::*;
use crate::reduce::{self as red, ExtremaDType, SumDType};
use crate::scan::kernels::op;
use crate::scan::rows::{normalize_axis, Rows};
use crate::scan::{cumprod, cumsum, scan_rows, Accumulate, ScanDType};
use crate::sort::Sortable;

// ---------------------------------------------------------------------------------------------
// The dtypes the raw kernels run in.

/// Dtypes `reduceat`, `at` and the scans of the extrema run in: integers and floats (the
/// generic kernels of [`kernels`](super::kernels)); `bool` runs as `u8`. Sealed.
pub trait SegmentDType: ScanDType + Num + sealed::Segment {}

/// The integers of [`SegmentDType`], which have the bitwise operations too. Sealed.
pub trait BitsDType: SegmentDType + Int {}

mod sealed {
    use crate::prelude::*;

    /// The launches of the `reduceat` and `at` kernels of one dtype.
    pub trait Segment: DType {
        /// `reduceat_rows` (or its `_bits` twin for the bitwise operations).
        #[allow(clippy::too_many_arguments)]
        fn reduceat(
            cfg: &LaunchConfig,
            x: &Array<Self>,
            indices: &Array<i64>,
            out: &mut Array<Self>,
            n: usize,
            m: usize,
            op: u32,
        ) -> Result<()>;
        /// `at_rows` (or its `_bits` twin).
        #[allow(clippy::too_many_arguments)]
        fn at(
            cfg: &LaunchConfig,
            a: &mut Array<Self>,
            sorted: &Array<i64>,
            order: &Array<i64>,
            b: &Array<Self>,
            m: usize,
            rest: usize,
            op: u32,
        ) -> Result<()>;
    }
}

/// The kernels of an integer dtype: the generic ones, or their `_bits` twins.
macro_rules! int_segment_dtype {
    ($($t:ty),*) => {$(
        impl sealed::Segment for $t {
            fn reduceat(
                cfg: &LaunchConfig,
                x: &Array<Self>,
                indices: &Array<i64>,
                out: &mut Array<Self>,
                n: usize,
                m: usize,
                op: u32,
            ) -> Result<()> {
                if op >= op::BITWISE_AND {
                    reduceat_rows_bits::launch::<$t>(cfg, x, indices, out, n as u64, m as u64, op)
                } else {
                    reduceat_rows::launch::<$t>(cfg, x, indices, out, n as u64, m as u64, op)
                }
            }
            fn at(
                cfg: &LaunchConfig,
                a: &mut Array<Self>,
                sorted: &Array<i64>,
                order: &Array<i64>,
                b: &Array<Self>,
                m: usize,
                rest: usize,
                op: u32,
            ) -> Result<()> {
                let (m, rest) = (m as u64, rest as u64);
                if op >= op::BITWISE_AND {
                    at_rows_bits::launch::<$t>(cfg, a, sorted, order, b, m, rest, op)
                } else {
                    at_rows::launch::<$t>(cfg, a, sorted, order, b, m, rest, op)
                }
            }
        }
        impl SegmentDType for $t {}
        impl BitsDType for $t {}
    )*};
}
int_segment_dtype!(i8, i16, i32, i64, u8, u16, u32, u64);
/// The kernels of a float dtype.
macro_rules! float_segment_dtype {
    ($($t:ty),*) => {$(
        impl sealed::Segment for $t {
            fn reduceat(
                cfg: &LaunchConfig,
                x: &Array<Self>,
                indices: &Array<i64>,
                out: &mut Array<Self>,
                n: usize,
                m: usize,
                op: u32,
            ) -> Result<()> {
                reduceat_rows::launch::<$t>(cfg, x, indices, out, n as u64, m as u64, op)
            }
            fn at(
                cfg: &LaunchConfig,
                a: &mut Array<Self>,
                sorted: &Array<i64>,
                order: &Array<i64>,
                b: &Array<Self>,
                m: usize,
                rest: usize,
                op: u32,
            ) -> Result<()> {
                let (m, rest) = (m as u64, rest as u64);
                at_rows::launch::<$t>(cfg, a, sorted, order, b, m, rest, op)
            }
        }
        impl SegmentDType for $t {}
    )*};
}
float_segment_dtype!(f16, bf16, f32, f64);

/// `a` as `0`/`1` bytes (NumPy's truth of each element), the dtype logical scans run in.
fn truth_bytes<T: DType>(a: &Array<T>) -> Result<Array<u8>> {
    a.astype::<bool>()?.astype::<u8>()
}

// ---------------------------------------------------------------------------------------------
// reduce

/// The dtypes `U.reduce` takes, with NumPy's result dtype `Out`.
pub trait ReduceOf<T: DType>: BinaryUfunc {
    /// The result's dtype.
    type Out: DType;
    /// The reduction over `axes` (`None`: all), as a [`reduce`](crate::reduce) routine.
    fn reduce_axes(
        a: &Array<T>,
        axes: Option<&[isize]>,
        keepdims: bool,
    ) -> Result<Array<Self::Out>>;
    /// The ufunc of the reduced values and `initial`, elementwise.
    fn with_initial(x: &Array<Self::Out>, initial: Self::Out) -> Result<Array<Self::Out>>;
    /// The result of reducing no axis: the elements combined with the identity, where that
    /// can change them (NumPy's `add.reduce` turns `-0.0` into `0.0`, `multiply.reduce` a
    /// complex number with a NaN part into NaN in both parts).
    fn no_axis(x: Array<Self::Out>) -> Result<Array<Self::Out>> {
        Ok(x)
    }
}

/// `call` over `axes` (`None`: all of them), with `keepdims`.
fn run_call<K: ReduceKernel>(
    call: ReduceCall<'_, K>,
    axes: Option<&[isize]>,
    keepdims: bool,
) -> Result<Array<K::Out>> {
    let call = match axes {
        Some(axes) => call.axes(axes),
        None => call,
    };
    call.keepdims(keepdims).run()
}

impl<T: SumDType> ReduceOf<T> for Add
where
    T::Out: Numeric,
{
    fn no_axis(x: Array<T::Out>) -> Result<Array<T::Out>> {
        math::add(&x, &Array::zeros(&x.device(), &[])?)
    }
    type Out = T::Out;
    fn reduce_axes(a: &Array<T>, axes: Option<&[isize]>, keepdims: bool) -> Result<Array<T::Out>> {
        run_call(red::sum(a), axes, keepdims)
    }
    fn with_initial(x: &Array<T::Out>, initial: T::Out) -> Result<Array<T::Out>> {
        math::add(x, &Array::scalar(&x.device(), initial)?)
    }
}

impl<T: SumDType> ReduceOf<T> for Multiply
where
    T::Out: Numeric + One,
{
    fn no_axis(x: Array<T::Out>) -> Result<Array<T::Out>> {
        math::multiply(&x, &Array::scalar(&x.device(), <T::Out as One>::one())?)
    }
    type Out = T::Out;
    fn reduce_axes(a: &Array<T>, axes: Option<&[isize]>, keepdims: bool) -> Result<Array<T::Out>> {
        run_call(red::prod(a), axes, keepdims)
    }
    fn with_initial(x: &Array<T::Out>, initial: T::Out) -> Result<Array<T::Out>> {
        math::multiply(x, &Array::scalar(&x.device(), initial)?)
    }
}

/// `reduce` of an ufunc whose values are the input's dtype: `$ufunc` for `T: $bound`, by
/// the routine `$reduce`, `initial` combined by `$combine`.
macro_rules! same_dtype_reduce {
    ($($ufunc:ty: [$($bound:tt)*] $reduce:path, $combine:path;)*) => {$(
        impl<T: $($bound)*> ReduceOf<T> for $ufunc {
            type Out = T;
            fn reduce_axes(a: &Array<T>, axes: Option<&[isize]>, keepdims: bool)
                -> Result<Array<T>> {
                run_call($reduce(a), axes, keepdims)
            }
            fn with_initial(x: &Array<T>, initial: T) -> Result<Array<T>> {
                $combine(x, &Array::scalar(&x.device(), initial)?)
            }
        }
    )*};
}
same_dtype_reduce! {
    Maximum: [ExtremaDType + Extremum] red::max, math::maximum;
    Minimum: [ExtremaDType + Extremum] red::min, math::minimum;
    Fmax: [ExtremaDType + Extremum] red::nanmax, math::fmax;
    Fmin: [ExtremaDType + Extremum] red::nanmin, math::fmin;
    BitwiseAnd: [BitsDType + Bitwise] super::kernels::bitwise_and, math::bitwise_and;
    BitwiseOr: [BitsDType + Bitwise] super::kernels::bitwise_or, math::bitwise_or;
    BitwiseXor: [BitsDType + Bitwise] super::kernels::bitwise_xor, math::bitwise_xor;
}

/// `reduce` to `bool`: `$ufunc` of every dtype `T: $bound` (the logical ufuncs), or of `bool`
/// (the others, on which they are logical), by the truth test `$reduce`.
macro_rules! truth_reduce {
    ($($ufunc:ty: $reduce:path, $combine:path;)*) => {$(
        impl<T: DType> ReduceOf<T> for $ufunc {
            type Out = bool;
            fn reduce_axes(a: &Array<T>, axes: Option<&[isize]>, keepdims: bool)
                -> Result<Array<bool>> {
                run_call($reduce(a), axes, keepdims)
            }
            fn with_initial(x: &Array<bool>, initial: bool) -> Result<Array<bool>> {
                $combine(x, &Array::scalar(&x.device(), initial)?)
            }
        }
    )*};
    (bool: $($ufunc:ty: $reduce:path, $combine:path;)*) => {$(
        impl ReduceOf<bool> for $ufunc {
            type Out = bool;
            fn reduce_axes(a: &Array<bool>, axes: Option<&[isize]>, keepdims: bool)
                -> Result<Array<bool>> {
                run_call($reduce(a), axes, keepdims)
            }
            fn with_initial(x: &Array<bool>, initial: bool) -> Result<Array<bool>> {
                $combine(x, &Array::scalar(&x.device(), initial)?)
            }
        }
    )*};
}
truth_reduce! {
    LogicalAnd: red::all, math::logical_and;
    LogicalOr: red::any, math::logical_or;
    LogicalXor: super::kernels::logical_xor, math::logical_xor;
}
truth_reduce! { bool:
    BitwiseAnd: red::all, math::logical_and;
    BitwiseOr: red::any, math::logical_or;
    BitwiseXor: super::kernels::logical_xor, math::logical_xor;
}

/// The call [`BinaryUfunc::reduce`] returns: choose axes (NumPy's default: axis 0),
/// `keepdims`, `initial`, then `.run()`.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::ufunc;
/// let a = Array::from_vec(&Device::cpu(), &[2, 3], vec![1u8, 2, 3, 4, 5, 6])?;
/// let r = ufunc::bitwise_or.reduce(&a).axes(&[0, 1]).keepdims(true).run()?;
/// assert_eq!((r.shape(), r.to_vec()?), (&[1usize, 1][..], vec![7u8]));
/// let s: Array<u64> = ufunc::add.reduce(&a).axis(-1).initial(10).run()?;
/// assert_eq!(s.to_vec()?, vec![16, 25]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
#[must_use = "a reduction does nothing until `.run()`"]
#[derive(Debug)]
pub struct UfuncReduce<'a, U: ReduceOf<T>, T: DType> {
    ufunc: U,
    a: &'a Array<T>,
    /// `None`: every axis.
    axes: Option<Vec<isize>>,
    /// Whether the axes were chosen (the first `.axis(i)` replaces the default axis 0).
    chosen: bool,
    keepdims: bool,
    initial: Option<U::Out>,
}

impl<'a, U: ReduceOf<T>, T: DType> UfuncReduce<'a, U, T> {
    pub(super) fn new(ufunc: U, a: &'a Array<T>) -> Self {
        UfuncReduce {
            ufunc,
            a,
            axes: Some(vec![0]),
            chosen: false,
            keepdims: false,
            initial: None,
        }
    }

    /// Reduces along `axis` (negative counts from the end); repeat it for several axes. The
    /// first call replaces NumPy's default, axis 0.
    pub fn axis(mut self, axis: isize) -> Self {
        if !self.chosen {
            self.axes = Some(Vec::new());
            self.chosen = true;
        }
        self.axes.get_or_insert_with(Vec::new).push(axis);
        self
    }

    /// Reduces exactly these axes (NumPy's tuple; an empty list reduces none).
    pub fn axes(mut self, axes: &[isize]) -> Self {
        self.axes = Some(axes.to_vec());
        self.chosen = true;
        self
    }

    /// Reduces every axis (NumPy's `axis=None`).
    pub fn all_axes(mut self) -> Self {
        self.axes = None;
        self.chosen = true;
        self
    }

    /// Keeps the reduced axes with extent 1 (NumPy's `keepdims=True`).
    pub fn keepdims(mut self, keep: bool) -> Self {
        self.keepdims = keep;
        self
    }

    /// Starts each reduction from `initial` (NumPy's `initial=`): the result where the
    /// reduced axes are empty, else combined with the reduction of the elements.
    pub fn initial(mut self, initial: U::Out) -> Self {
        self.initial = Some(initial);
        self
    }

    /// Runs the reduction.
    pub fn run(self) -> Result<Array<U::Out>> {
        let _ = self.ufunc;
        let a = self.a;
        let nd = a.ndim();
        // The reduced axes, in range and not repeated.
        let reduced: Vec<usize> = match &self.axes {
            None => (0..nd).collect(),
            Some(list) => {
                let mut seen = vec![false; nd.max(1)];
                let mut out = Vec::with_capacity(list.len());
                for &ax in list {
                    // NumPy reduces a 0-d array along axis 0 (or -1) as over no axis.
                    let i = normalize_axis(ax, nd.max(1))?;
                    if seen[i] {
                        return Err(Error::invalid(format!(
                            "{}.reduce: duplicate value in 'axis' ({list:?})",
                            U::NAME
                        )));
                    }
                    seen[i] = true;
                    if nd > 0 {
                        out.push(i);
                    }
                }
                out
            }
        };
        let as_isize: Vec<isize> = reduced.iter().map(|&i| i as isize).collect();
        let count: usize = reduced.iter().map(|&i| a.shape()[i]).product();
        if count == 0 && self.initial.is_none() && !U::HAS_IDENTITY {
            return Err(Error::invalid(format!(
                "{}.reduce: zero-size array to reduction operation {} which has no identity \
                 (shape {:?}, axes {reduced:?}); give `initial`",
                U::NAME,
                U::NAME,
                a.shape()
            )));
        }
        match self.initial {
            Some(initial) if count == 0 => {
                let shape: Vec<usize> = (0..nd)
                    .filter_map(|i| match (reduced.contains(&i), self.keepdims) {
                        (false, _) => Some(a.shape()[i]),
                        (true, true) => Some(1),
                        (true, false) => None,
                    })
                    .collect();
                Array::full(&a.device(), &shape, initial)
            }
            Some(initial) => {
                let r = U::reduce_axes(a, Some(&as_isize), self.keepdims)?;
                U::with_initial(&r, initial)
            }
            None if reduced.is_empty() => {
                U::no_axis(U::reduce_axes(a, Some(&as_isize), self.keepdims)?)
            }
            None => U::reduce_axes(a, Some(&as_isize), self.keepdims),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// accumulate

/// The dtypes `U.accumulate` takes, with NumPy's result dtype `Out`.
pub trait AccumulateOf<T: DType>: BinaryUfunc {
    /// The result's dtype.
    type Out: DType;
    /// The scan along `axis` of an array of at least one dimension.
    fn accumulate_axis(a: &Array<T>, axis: isize) -> Result<Array<Self::Out>>;
}

/// The scan by `op` of `a` along `axis`, in the dtype `K` that `convert` gives (it receives
/// `a` with the axis moved last).
fn scan_along<T: DType, K: ScanDType>(
    a: &Array<T>,
    axis: isize,
    op: u32,
    convert: impl Fn(&Array<T>) -> Result<Array<K>>,
) -> Result<Array<K>> {
    let rows = Rows::converted(a, Some(axis), |v| convert(v)?.as_standard_layout())?;
    let out = scan_rows(&rows.data, rows.rows, rows.n, op)?;
    rows.restore(&out, rows.n)
}

impl<T: Accumulate> AccumulateOf<T> for Add {
    type Out = T::Acc;
    fn accumulate_axis(a: &Array<T>, axis: isize) -> Result<Array<T::Acc>> {
        cumsum(a, Some(axis))
    }
}

impl<T: Accumulate> AccumulateOf<T> for Multiply {
    type Out = T::Acc;
    fn accumulate_axis(a: &Array<T>, axis: isize) -> Result<Array<T::Acc>> {
        cumprod(a, Some(axis))
    }
}

/// `accumulate` in the input's dtype (`$bound`), by the scan's `$op`.
macro_rules! same_dtype_accumulate {
    ($($ufunc:ty: $bound:ident $op:expr;)*) => {$(
        impl<T: $bound> AccumulateOf<T> for $ufunc {
            type Out = T;
            fn accumulate_axis(a: &Array<T>, axis: isize) -> Result<Array<T>> {
                scan_along(a, axis, $op, |v| Ok(v.clone()))
            }
        }
    )*};
}
same_dtype_accumulate! {
    Maximum: SegmentDType op::MAXIMUM;
    Minimum: SegmentDType op::MINIMUM;
    Fmax: SegmentDType op::FMAX;
    Fmin: SegmentDType op::FMIN;
    BitwiseAnd: BitsDType op::BITWISE_AND;
    BitwiseOr: BitsDType op::BITWISE_OR;
    BitwiseXor: BitsDType op::BITWISE_XOR;
}

/// `accumulate` to `bool`: truth bytes scanned by `$op` (`and` is the smaller, `or` the
/// larger, `xor` the bitwise one), for every dtype (the logical ufuncs) or `bool`.
macro_rules! truth_accumulate {
    ($($ufunc:ty: $op:expr;)*) => {$(
        impl<T: DType> AccumulateOf<T> for $ufunc {
            type Out = bool;
            fn accumulate_axis(a: &Array<T>, axis: isize) -> Result<Array<bool>> {
                scan_along(a, axis, $op, truth_bytes)?.astype::<bool>()
            }
        }
    )*};
    (bool: $($ufunc:ty: $op:expr;)*) => {$(
        impl AccumulateOf<bool> for $ufunc {
            type Out = bool;
            fn accumulate_axis(a: &Array<bool>, axis: isize) -> Result<Array<bool>> {
                scan_along(a, axis, $op, truth_bytes)?.astype::<bool>()
            }
        }
    )*};
}
truth_accumulate! {
    LogicalAnd: op::MINIMUM;
    LogicalOr: op::MAXIMUM;
    LogicalXor: op::BITWISE_XOR;
}
truth_accumulate! { bool:
    Maximum: op::MAXIMUM;
    Minimum: op::MINIMUM;
    Fmax: op::MAXIMUM;
    Fmin: op::MINIMUM;
    BitwiseAnd: op::MINIMUM;
    BitwiseOr: op::MAXIMUM;
    BitwiseXor: op::BITWISE_XOR;
}

/// The call [`BinaryUfunc::accumulate`] returns: choose the axis (NumPy's default: 0), then
/// `.run()`.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::ufunc;
/// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![3i8, 1, 2, 5])?;
/// assert_eq!(ufunc::minimum.accumulate(&a).axis(0).run()?.to_vec()?, vec![3, 1, 2, 1]);
/// let p: Array<i64> = ufunc::multiply.accumulate(&a).axis(-1).run()?;
/// assert_eq!(p.to_vec()?, vec![3, 3, 2, 10]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
#[must_use = "a scan does nothing until `.run()`"]
#[derive(Debug)]
pub struct UfuncAccumulate<'a, U: AccumulateOf<T>, T: DType> {
    ufunc: U,
    a: &'a Array<T>,
    axis: isize,
}

impl<'a, U: AccumulateOf<T>, T: DType> UfuncAccumulate<'a, U, T> {
    pub(super) fn new(ufunc: U, a: &'a Array<T>) -> Self {
        UfuncAccumulate { ufunc, a, axis: 0 }
    }

    /// The axis to accumulate along (negative counts from the end).
    pub fn axis(mut self, axis: isize) -> Self {
        self.axis = axis;
        self
    }

    /// Runs the scan.
    pub fn run(self) -> Result<Array<U::Out>> {
        let _ = self.ufunc;
        if self.a.ndim() == 0 {
            return Err(Error::invalid(format!(
                "{}.accumulate: cannot accumulate on a scalar",
                U::NAME
            )));
        }
        U::accumulate_axis(self.a, self.axis)
    }
}

// ---------------------------------------------------------------------------------------------
// reduceat

/// The dtypes `U.reduceat` takes, with NumPy's result dtype `Out`.
pub trait ReduceAtOf<T: DType>: BinaryUfunc {
    /// The result's dtype.
    type Out: DType;
    /// `reduceat` along `axis` of an array of at least one dimension, `indices` checked.
    fn reduceat_axis(a: &Array<T>, indices: &Array<i64>, axis: isize) -> Result<Array<Self::Out>>;
}

/// `reduceat` by `op` of `a` along `axis`, in the dtype `K` that `convert` gives.
fn segments<T: DType, K: SegmentDType>(
    a: &Array<T>,
    indices: &Array<i64>,
    axis: isize,
    op: u32,
    convert: impl Fn(&Array<T>) -> Result<Array<K>>,
) -> Result<Array<K>> {
    let rows = Rows::converted(a, Some(axis), |v| convert(v)?.as_standard_layout())?;
    let (r, n, m) = (rows.rows, rows.n, indices.len());
    let dev = a.device();
    let mut out = Array::<K>::zeros(&dev, &[r, m])?;
    if r * m > 0 {
        let idx = indices.as_standard_layout()?;
        let cfg = LaunchConfig::for_elements(r * m, 256);
        K::reduceat(&cfg, &rows.data, &idx, &mut out, n, m, op)?;
    }
    rows.restore(&out, m)
}

impl<T: Accumulate> ReduceAtOf<T> for Add
where
    T::Acc: SegmentDType,
{
    type Out = T::Acc;
    fn reduceat_axis(a: &Array<T>, indices: &Array<i64>, axis: isize) -> Result<Array<T::Acc>> {
        segments(a, indices, axis, op::ADD, T::to_acc)
    }
}

impl<T: Accumulate> ReduceAtOf<T> for Multiply
where
    T::Acc: SegmentDType,
{
    type Out = T::Acc;
    fn reduceat_axis(a: &Array<T>, indices: &Array<i64>, axis: isize) -> Result<Array<T::Acc>> {
        segments(a, indices, axis, op::MULTIPLY, T::to_acc)
    }
}

/// `reduceat` in the input's dtype (`$bound`), by `$op`.
macro_rules! same_dtype_reduceat {
    ($($ufunc:ty: $bound:ident $op:expr;)*) => {$(
        impl<T: $bound> ReduceAtOf<T> for $ufunc {
            type Out = T;
            fn reduceat_axis(a: &Array<T>, indices: &Array<i64>, axis: isize)
                -> Result<Array<T>> {
                segments(a, indices, axis, $op, |v| Ok(v.clone()))
            }
        }
    )*};
}
same_dtype_reduceat! {
    Maximum: SegmentDType op::MAXIMUM;
    Minimum: SegmentDType op::MINIMUM;
    Fmax: SegmentDType op::FMAX;
    Fmin: SegmentDType op::FMIN;
    BitwiseAnd: BitsDType op::BITWISE_AND;
    BitwiseOr: BitsDType op::BITWISE_OR;
    BitwiseXor: BitsDType op::BITWISE_XOR;
}

/// `reduceat` to `bool` of truth bytes, as [`truth_accumulate`].
macro_rules! truth_reduceat {
    ($($ufunc:ty: $op:expr;)*) => {$(
        impl<T: DType> ReduceAtOf<T> for $ufunc {
            type Out = bool;
            fn reduceat_axis(a: &Array<T>, indices: &Array<i64>, axis: isize)
                -> Result<Array<bool>> {
                segments(a, indices, axis, $op, truth_bytes)?.astype::<bool>()
            }
        }
    )*};
    (bool: $($ufunc:ty: $op:expr;)*) => {$(
        impl ReduceAtOf<bool> for $ufunc {
            type Out = bool;
            fn reduceat_axis(a: &Array<bool>, indices: &Array<i64>, axis: isize)
                -> Result<Array<bool>> {
                segments(a, indices, axis, $op, truth_bytes)?.astype::<bool>()
            }
        }
    )*};
}
truth_reduceat! {
    LogicalAnd: op::MINIMUM;
    LogicalOr: op::MAXIMUM;
    LogicalXor: op::BITWISE_XOR;
}
truth_reduceat! { bool:
    Maximum: op::MAXIMUM;
    Minimum: op::MINIMUM;
    Fmax: op::MAXIMUM;
    Fmin: op::MINIMUM;
    BitwiseAnd: op::MINIMUM;
    BitwiseOr: op::MAXIMUM;
    BitwiseXor: op::BITWISE_XOR;
}

/// The call [`BinaryUfunc::reduceat`] returns: choose the axis (NumPy's default: 0), then
/// `.run()`.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::ufunc;
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[2, 4], vec![1.0, 5.0, 2.0, 7.0, 0.0, 3.0, 9.0, 4.0])?;
/// let idx = Array::from_vec(&dev, &[2], vec![0i64, 2])?;
/// let r = ufunc::maximum.reduceat(&a, &idx).axis(1).run()?;
/// assert_eq!(r.to_vec()?, vec![5.0, 7.0, 3.0, 9.0]);
/// let bad = Array::from_vec(&dev, &[1], vec![4i64])?;
/// assert!(ufunc::maximum.reduceat(&a, &bad).axis(1).run().is_err());
/// # Ok::<(), kernels_std::Error>(())
/// ```
#[must_use = "a reduction does nothing until `.run()`"]
#[derive(Debug)]
pub struct UfuncReduceAt<'a, U: ReduceAtOf<T>, T: DType> {
    ufunc: U,
    a: &'a Array<T>,
    indices: &'a Array<i64>,
    axis: isize,
}

impl<'a, U: ReduceAtOf<T>, T: DType> UfuncReduceAt<'a, U, T> {
    pub(super) fn new(ufunc: U, a: &'a Array<T>, indices: &'a Array<i64>) -> Self {
        UfuncReduceAt {
            ufunc,
            a,
            indices,
            axis: 0,
        }
    }

    /// The axis to reduce along (negative counts from the end).
    pub fn axis(mut self, axis: isize) -> Self {
        self.axis = axis;
        self
    }

    /// Runs the reductions.
    pub fn run(self) -> Result<Array<U::Out>> {
        let _ = self.ufunc;
        let (a, indices) = (self.a, self.indices);
        if a.ndim() == 0 {
            return Err(Error::invalid(format!(
                "{}.reduceat: cannot reduceat on a scalar",
                U::NAME
            )));
        }
        if indices.ndim() != 1 {
            return Err(Error::invalid(format!(
                "{}.reduceat: indices must be 1-d, not of shape {:?}",
                U::NAME,
                indices.shape()
            )));
        }
        let n = a.shape()[normalize_axis(self.axis, a.ndim())?];
        for i in indices.to_vec()? {
            if i < 0 || i as u64 >= n as u64 {
                return Err(Error::Index {
                    message: format!("index {i} out-of-bounds in {}.reduceat [0, {n})", U::NAME),
                });
            }
        }
        U::reduceat_axis(a, indices, self.axis)
    }
}

// ---------------------------------------------------------------------------------------------
// outer

/// The dtypes `U.outer` takes, with NumPy's result dtype `Out` (that of the ufunc itself:
/// `add` keeps `i8`, unlike its `reduce`).
pub trait OuterOf<T: DType>: BinaryUfunc {
    /// The result's dtype.
    type Out: DType;
    /// The ufunc of `x` and `y`, broadcast.
    fn apply(x: &Array<T>, y: &Array<T>) -> Result<Array<Self::Out>>;
}

/// `U.outer(a, b)`: `a` with `b.ndim()` axes of extent 1 appended, against `b`.
pub(super) fn outer<U: OuterOf<T>, T: DType>(
    _ufunc: U,
    a: &Array<T>,
    b: &Array<T>,
) -> Result<Array<U::Out>> {
    let mut x = a.clone();
    for _ in 0..b.ndim() {
        x = x.insert_axis(x.ndim() as isize)?;
    }
    U::apply(&x, b)
}

/// `outer` by the elementwise `$f`, for the listed dtypes (the result in the same dtype).
macro_rules! outer_by {
    ($($ufunc:ty => $f:path: $($t:ty),*;)*) => {$($(
        impl OuterOf<$t> for $ufunc {
            type Out = $t;
            fn apply(x: &Array<$t>, y: &Array<$t>) -> Result<Array<$t>> {
                $f(x, y)
            }
        }
    )*)*};
}
outer_by! {
    Add => math::add: i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64, c64, c128;
    Multiply => math::multiply: i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64, c64,
        c128;
    Fmax => math::fmax: i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64;
    Fmin => math::fmin: i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64;
    Add => math::logical_or: bool;
    Multiply => math::logical_and: bool;
    Fmax => math::logical_or: bool;
    Fmin => math::logical_and: bool;
}

impl<T: Extremum> OuterOf<T> for Maximum {
    type Out = T;
    fn apply(x: &Array<T>, y: &Array<T>) -> Result<Array<T>> {
        math::maximum(x, y)
    }
}

impl<T: Extremum> OuterOf<T> for Minimum {
    type Out = T;
    fn apply(x: &Array<T>, y: &Array<T>) -> Result<Array<T>> {
        math::minimum(x, y)
    }
}

/// `outer` of the logical ufuncs: `bool` for every dtype.
macro_rules! logical_outer {
    ($($ufunc:ty => $f:path;)*) => {$(
        impl<T: DType> OuterOf<T> for $ufunc {
            type Out = bool;
            fn apply(x: &Array<T>, y: &Array<T>) -> Result<Array<bool>> {
                $f(x, y)
            }
        }
    )*};
}
logical_outer! {
    LogicalAnd => math::logical_and;
    LogicalOr => math::logical_or;
    LogicalXor => math::logical_xor;
}

/// `outer` of the bitwise ufuncs: integers and `bool`.
macro_rules! bitwise_outer {
    ($($ufunc:ty => $f:path;)*) => {$(
        impl<T: Bitwise> OuterOf<T> for $ufunc {
            type Out = T;
            fn apply(x: &Array<T>, y: &Array<T>) -> Result<Array<T>> {
                $f(x, y)
            }
        }
    )*};
}
bitwise_outer! {
    BitwiseAnd => math::bitwise_and;
    BitwiseOr => math::bitwise_or;
    BitwiseXor => math::bitwise_xor;
}

// ---------------------------------------------------------------------------------------------
// at

/// The dtypes `U.at` takes: integers and floats (`at` works in place, in the array's dtype).
pub trait AtOf<T: DType>: BinaryUfunc {
    /// `a[indices[k]] = op(a[indices[k]], b[k])` in place, for each `k` in order.
    fn at_in_place(a: &mut Array<T>, indices: &Array<i64>, b: &Array<T>) -> Result<()>;
}

/// `at` by the kernels' `$op`, for `T: $bound`.
macro_rules! at_by {
    ($($ufunc:ty: $bound:ident $op:expr;)*) => {$(
        impl<T: $bound> AtOf<T> for $ufunc {
            fn at_in_place(a: &mut Array<T>, indices: &Array<i64>, b: &Array<T>) -> Result<()> {
                at_segments(<$ufunc>::NAME, a, indices, b, $op)
            }
        }
    )*};
}
at_by! {
    Add: SegmentDType op::ADD;
    Multiply: SegmentDType op::MULTIPLY;
    Maximum: SegmentDType op::MAXIMUM;
    Minimum: SegmentDType op::MINIMUM;
    Fmax: SegmentDType op::FMAX;
    Fmin: SegmentDType op::FMIN;
    BitwiseAnd: BitsDType op::BITWISE_AND;
    BitwiseOr: BitsDType op::BITWISE_OR;
    BitwiseXor: BitsDType op::BITWISE_XOR;
}

/// `U.at(a, indices, b)`.
pub(super) fn at<U: AtOf<T>, T: DType>(
    _ufunc: U,
    a: &mut Array<T>,
    indices: &Array<i64>,
    b: &Array<T>,
) -> Result<()> {
    U::at_in_place(a, indices, b)
}

/// Sort and segment: the indices (wrapped, checked) sorted stably on `a`'s device, then one
/// thread per run of equal indices and column folds the run into `a`.
fn at_segments<T: SegmentDType>(
    name: &str,
    a: &mut Array<T>,
    indices: &Array<i64>,
    b: &Array<T>,
    op: u32,
) -> Result<()> {
    if a.ndim() == 0 {
        return Err(Error::invalid(format!(
            "{name}.at: a 0-d array cannot be indexed"
        )));
    }
    let len = a.shape()[0];
    let rest: usize = a.shape()[1..].iter().product();
    let mut wrapped = indices.to_vec()?;
    for i in wrapped.iter_mut() {
        let w = if *i < 0 { *i + len as i64 } else { *i };
        if w < 0 || w as u64 >= len as u64 {
            return Err(Error::Index {
                message: format!(
                    "{name}.at: index {i} is out of bounds for axis 0 with size {len}"
                ),
            });
        }
        *i = w;
    }
    let m = wrapped.len();
    let mut shape = indices.shape().to_vec();
    shape.extend_from_slice(&a.shape()[1..]);
    let values = b.broadcast_to(&shape)?;
    let total = m
        .checked_mul(rest)
        .ok_or_else(|| Error::invalid(format!("{name}.at: {m} x {rest} values overflow")))?;
    if total == 0 {
        return Ok(());
    }
    let dev = a.device();
    let values = values.as_standard_layout()?;
    let (sorted, order) = i64::sort_rows(Array::from_vec(&dev, &[1, m], wrapped)?, 1, m, true)?;
    let cfg = LaunchConfig::for_elements(total, 256);
    if a.is_c_contiguous() {
        T::at(&cfg, a, &sorted, &order, &values, m, rest, op)
    } else {
        let shape = a.shape().to_vec();
        let mut flat = a.as_standard_layout()?;
        T::at(&cfg, &mut flat, &sorted, &order, &values, m, rest, op)?;
        a.assign(&flat.reshape(&shape)?)
    }
}
