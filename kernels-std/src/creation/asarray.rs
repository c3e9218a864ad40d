//! Arrays from anything array-like: NumPy's `array`, `asarray`, `asanyarray`,
//! `asarray_chkfinite` and `require`, and the tests `isscalar` and `iterable`.
//!
//! What an array is made from is an [`ArrayLike`]: host data nested to any depth (a scalar,
//! slices, `Vec`s and fixed arrays of them: `[[1, 2], [3, 4]]`, `vec![vec![1.0], vec![2.0]]`),
//! an [`Array`] or an [`Expr`] (or a reference to one). Host data is checked for a common
//! shape first (NumPy's "inhomogeneous shape" error for ragged input), then copied to the
//! device in one transfer; an array is returned as it is, or copied, cast, moved or laid out
//! anew as the options ask; an expression is evaluated (one fused kernel, with the cast when
//! a dtype is asked).
//!
//! The layout of a copy follows NumPy's `order`: `C`, `F`, `A` (F when the input is
//! Fortran-contiguous and not C-contiguous, else C) and `K` (the input's order of strides,
//! positive: C or F when the input is one of them, else its axes by decreasing stride).

use std::any::Any;

use array_runtime::cpu::host_vec;
use array_runtime::shape::{check_ndim, checked_size_of};
use array_runtime::{bf16, c128, c64, f16, Array, DType, Device, Error, Expr, Result};

use crate::math::Classify;
use crate::reduce::all;

/// NumPy's `order` of a new array's memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MemoryOrder {
    /// Row-major (C) order.
    C,
    /// Column-major (Fortran) order.
    F,
    /// F when the input is Fortran-contiguous and not C-contiguous, else C (with a cast,
    /// NumPy keeps the input's order, as `K`: so do we); never a reason to copy.
    A,
    /// The input's order (its axes by decreasing stride, all strides positive); never a
    /// reason to copy.
    K,
}

/// NumPy's `copy` keyword of `array` and `asarray`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CopyMode {
    /// Always a new array (NumPy's `copy=True`, the default of `array`).
    Always,
    /// A new array only when the dtype, the device or the order asks for one (`copy=None`,
    /// the default of `asarray`).
    IfNeeded,
    /// Never a copy: an error when one is needed (`copy=False`), as for host data, which is
    /// always copied to the device.
    Never,
}

/// What [`ArrayLike::to_source`] gives: the data as an array, and how it was obtained.
#[derive(Debug)]
pub enum Source<T: DType> {
    /// Host data copied into a new array on the target device.
    Host(Array<T>),
    /// An existing array (a new handle on its storage, on whatever device it lives).
    Existing(Array<T>),
    /// A lazy expression, evaluated (with a cast) when the array is made.
    Lazy(Expr<T>),
}

/// Host data nested to a fixed depth: a scalar of a dtype (depth 0), or a slice, `Vec` or
/// fixed-size array of nested data (one level more). What [`array()`] reads from the host.
///
/// ```
/// use kernels_std::creation::NestedData;
/// assert_eq!(<[[f32; 3]; 2] as NestedData>::DEPTH, 2);
/// assert_eq!(<Vec<Vec<Vec<u8>>> as NestedData>::DEPTH, 3);
/// ```
pub trait NestedData {
    /// The dtype of the innermost elements.
    type Elem: DType;
    /// The number of nesting levels: the array's number of dimensions.
    const DEPTH: usize;
    /// Appends the extents met along the first element of every level; below an empty
    /// level, the extents the types fix (a fixed array's length) or 0.
    fn first_shape(&self, shape: &mut Vec<usize>);
    /// Appends the extents of an empty level's elements: fixed arrays' lengths, else 0.
    fn empty_shape(shape: &mut Vec<usize>);
    /// Lowers `valid` to the first level (at `level` or deeper) whose length differs from
    /// `shape`'s extent there.
    fn check(&self, level: usize, shape: &[usize], valid: &mut usize);
    /// Appends the scalars in C order.
    fn push_to(&self, out: &mut Vec<Self::Elem>);
}

macro_rules! scalar_data {
    ($($t:ty),*) => {$(
        impl NestedData for $t {
            type Elem = $t;
            const DEPTH: usize = 0;
            fn first_shape(&self, _: &mut Vec<usize>) {}
            fn empty_shape(_: &mut Vec<usize>) {}
            fn check(&self, _: usize, _: &[usize], _: &mut usize) {}
            fn push_to(&self, out: &mut Vec<$t>) {
                out.push(*self);
            }
        }
    )*};
}
scalar_data!(bool, i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64, c64, c128);

/// The shared part of a level's [`NestedData`]: its elements.
fn level_first<E: NestedData>(items: &[E], shape: &mut Vec<usize>) {
    shape.push(items.len());
    match items.first() {
        Some(e) => e.first_shape(shape),
        None => E::empty_shape(shape),
    }
}

fn level_check<E: NestedData>(items: &[E], level: usize, shape: &[usize], valid: &mut usize) {
    if level >= *valid {
        return;
    }
    if items.len() != shape[level] {
        *valid = level;
        return;
    }
    for e in items {
        e.check(level + 1, shape, valid);
    }
}

impl<E: NestedData> NestedData for [E] {
    type Elem = E::Elem;
    const DEPTH: usize = E::DEPTH + 1;
    fn first_shape(&self, shape: &mut Vec<usize>) {
        level_first(self, shape)
    }
    fn empty_shape(shape: &mut Vec<usize>) {
        shape.push(0);
        E::empty_shape(shape)
    }
    fn check(&self, level: usize, shape: &[usize], valid: &mut usize) {
        level_check(self, level, shape, valid)
    }
    fn push_to(&self, out: &mut Vec<Self::Elem>) {
        self.iter().for_each(|e| e.push_to(out))
    }
}

impl<E: NestedData> NestedData for Vec<E> {
    type Elem = E::Elem;
    const DEPTH: usize = E::DEPTH + 1;
    fn first_shape(&self, shape: &mut Vec<usize>) {
        level_first(self, shape)
    }
    fn empty_shape(shape: &mut Vec<usize>) {
        shape.push(0);
        E::empty_shape(shape)
    }
    fn check(&self, level: usize, shape: &[usize], valid: &mut usize) {
        level_check(self, level, shape, valid)
    }
    fn push_to(&self, out: &mut Vec<Self::Elem>) {
        self.iter().for_each(|e| e.push_to(out))
    }
}

impl<E: NestedData, const N: usize> NestedData for [E; N] {
    type Elem = E::Elem;
    const DEPTH: usize = E::DEPTH + 1;
    fn first_shape(&self, shape: &mut Vec<usize>) {
        level_first(self, shape)
    }
    fn empty_shape(shape: &mut Vec<usize>) {
        shape.push(N);
        E::empty_shape(shape)
    }
    fn check(&self, level: usize, shape: &[usize], valid: &mut usize) {
        level_check(self, level, shape, valid)
    }
    fn push_to(&self, out: &mut Vec<Self::Elem>) {
        self.iter().for_each(|e| e.push_to(out))
    }
}

impl<A: NestedData + ?Sized> NestedData for &A {
    type Elem = A::Elem;
    const DEPTH: usize = A::DEPTH;
    fn first_shape(&self, shape: &mut Vec<usize>) {
        (**self).first_shape(shape)
    }
    fn empty_shape(shape: &mut Vec<usize>) {
        A::empty_shape(shape)
    }
    fn check(&self, level: usize, shape: &[usize], valid: &mut usize) {
        (**self).check(level, shape, valid)
    }
    fn push_to(&self, out: &mut Vec<Self::Elem>) {
        (**self).push_to(out)
    }
}

/// A shape as Python prints a tuple: `()`, `(2,)`, `(2, 3)`.
fn py_tuple(shape: &[usize]) -> String {
    match shape {
        [] => "()".into(),
        [n] => format!("({n},)"),
        _ => {
            let parts: Vec<String> = shape.iter().map(|n| n.to_string()).collect();
            format!("({})", parts.join(", "))
        }
    }
}

/// Host data as a C-ordered array on `device`, after NumPy's shape discovery.
fn from_nested<N: NestedData + ?Sized>(data: &N, device: &Device) -> Result<Array<N::Elem>> {
    let mut shape = Vec::with_capacity(N::DEPTH);
    data.first_shape(&mut shape);
    let mut valid = shape.len();
    data.check(0, &shape, &mut valid);
    if valid < shape.len() {
        return Err(Error::invalid(format!(
            "setting an array element with a sequence. The requested array has an \
             inhomogeneous shape after {valid} dimensions. The detected shape was {} + \
             inhomogeneous part.",
            py_tuple(&shape[..valid])
        )));
    }
    check_ndim(shape.len())?;
    let n = checked_size_of(&shape, <N::Elem as DType>::ID.size())?;
    let mut out = host_vec::with_capacity(n)?;
    data.push_to(&mut out);
    Array::from_vec(device, &shape, out)
}

/// What [`array()`], [`asarray`] and [`require`] take: host data ([`NestedData`]: scalars and
/// nested slices, `Vec`s, fixed arrays), an [`Array`] or an [`Expr`], or a reference to one.
pub trait ArrayLike {
    /// The dtype of its elements.
    type Elem: DType;
    /// The data as an array: host data copied to `device`, an existing array (wherever it
    /// lives), or an expression to evaluate. Errors: ragged host data, too many dimensions.
    fn to_source(&self, device: &Device) -> Result<Source<Self::Elem>>;
    /// Whether this is a scalar (NumPy's `isscalar`: host scalars are, arrays of any
    /// dimension and expressions are not).
    fn is_scalar(&self) -> bool;
    /// Whether this can be iterated over (NumPy's `iterable`): host data of at least one
    /// level, arrays and expressions of at least one dimension.
    fn is_iterable(&self) -> Result<bool>;
}

impl<N: NestedData + ?Sized> ArrayLike for N {
    type Elem = N::Elem;
    fn to_source(&self, device: &Device) -> Result<Source<Self::Elem>> {
        from_nested(self, device).map(Source::Host)
    }
    fn is_scalar(&self) -> bool {
        N::DEPTH == 0
    }
    fn is_iterable(&self) -> Result<bool> {
        Ok(N::DEPTH > 0)
    }
}

impl<T: DType> ArrayLike for Array<T> {
    type Elem = T;
    fn to_source(&self, _: &Device) -> Result<Source<T>> {
        Ok(Source::Existing(self.clone()))
    }
    fn is_scalar(&self) -> bool {
        false
    }
    fn is_iterable(&self) -> Result<bool> {
        Ok(self.ndim() > 0)
    }
}

impl<T: DType> ArrayLike for &Array<T> {
    type Elem = T;
    fn to_source(&self, device: &Device) -> Result<Source<T>> {
        (**self).to_source(device)
    }
    fn is_scalar(&self) -> bool {
        false
    }
    fn is_iterable(&self) -> Result<bool> {
        (**self).is_iterable()
    }
}

impl<T: DType> ArrayLike for Expr<T> {
    type Elem = T;
    fn to_source(&self, _: &Device) -> Result<Source<T>> {
        Ok(Source::Lazy(self.clone()))
    }
    fn is_scalar(&self) -> bool {
        false
    }
    fn is_iterable(&self) -> Result<bool> {
        Ok(!self.shape()?.is_empty())
    }
}

impl<T: DType> ArrayLike for &Expr<T> {
    type Elem = T;
    fn to_source(&self, device: &Device) -> Result<Source<T>> {
        (**self).to_source(device)
    }
    fn is_scalar(&self) -> bool {
        false
    }
    fn is_iterable(&self) -> Result<bool> {
        (**self).is_iterable()
    }
}

/// `a` as an `Array<U>` when `U` is `T` (checked by the caller through the dtype ids).
fn same_dtype<T: DType, U: DType>(a: Array<T>) -> Result<Array<U>> {
    let boxed: Box<dyn Any> = Box::new(a);
    boxed
        .downcast::<Array<U>>()
        .map(|b| *b)
        .map_err(|_| Error::invalid("array: dtype mismatch (internal)"))
}

/// Whether a layout is Fortran-contiguous (its transpose is C-contiguous).
fn is_f_contiguous<T: DType>(a: &Array<T>) -> bool {
    a.t().is_c_contiguous()
}

/// The axes of `a` from the slowest-varying to the fastest in a copy of order `order`.
fn copy_axes<T: DType>(a: &Array<T>, order: MemoryOrder) -> Vec<usize> {
    let nd = a.ndim();
    let c: Vec<usize> = (0..nd).collect();
    let f: Vec<usize> = (0..nd).rev().collect();
    let fortran = || nd > 1 && !a.is_c_contiguous() && is_f_contiguous(a);
    match order {
        MemoryOrder::C => c,
        MemoryOrder::F => f,
        MemoryOrder::A if fortran() => f,
        MemoryOrder::A => c,
        MemoryOrder::K if nd <= 1 || a.is_c_contiguous() => c,
        MemoryOrder::K if is_f_contiguous(a) => f,
        MemoryOrder::K => {
            // By decreasing absolute stride; equal strides keep their axes' order.
            let mut axes = c;
            let strides = a.strides();
            axes.sort_by_key(|&i| std::cmp::Reverse(strides[i].unsigned_abs()));
            axes
        }
    }
}

/// Whether `a`'s layout already satisfies `order` (only C and F ask for a layout).
fn layout_fits<T: DType>(a: &Array<T>, order: MemoryOrder) -> bool {
    match order {
        MemoryOrder::C => a.is_c_contiguous(),
        MemoryOrder::F => is_f_contiguous(a),
        MemoryOrder::A | MemoryOrder::K => true,
    }
}

/// The inverse of a permutation, as `permute` takes it.
fn inverse(perm: &[usize]) -> Vec<isize> {
    let mut inv = vec![0isize; perm.len()];
    for (i, &p) in perm.iter().enumerate() {
        inv[p] = i as isize;
    }
    inv
}

/// A new array of `a`'s elements as `U`, on `device`, laid out in `order`.
fn materialize<T: DType, U: DType>(
    a: &Array<T>,
    device: &Device,
    order: MemoryOrder,
) -> Result<Array<U>> {
    // NumPy's casting copy treats `A` as `K` (its plain copy as C or F).
    let order = match order {
        MemoryOrder::A if T::ID != U::ID => MemoryOrder::K,
        o => o,
    };
    let axes = copy_axes(a, order);
    let perm: Vec<isize> = axes.iter().map(|&i| i as isize).collect();
    let view = a.permute(&perm)?;
    let out: Array<U> = if T::ID == U::ID {
        same_dtype(view.copy()?)?
    } else {
        view.astype::<U>()?
    };
    let out = if out.device().same(device) {
        out
    } else {
        out.to_device(device)?
    };
    out.permute(&inverse(&axes))
}

/// `a` with ones prepended to its shape up to `ndmin` dimensions (a view).
fn with_ndmin<T: DType>(a: Array<T>, ndmin: usize, op: &str) -> Result<Array<T>> {
    if ndmin > array_runtime::shape::MAX_NDIM {
        return Err(Error::invalid(format!(
            "{op}: ndmin must be <= ndmax ({})",
            array_runtime::shape::MAX_NDIM
        )));
    }
    if a.ndim() >= ndmin {
        return Ok(a);
    }
    let mut out = a;
    while out.ndim() < ndmin {
        out = out.insert_axis(0)?;
    }
    Ok(out)
}

fn copy_refused(op: &str, why: &str) -> Error {
    Error::invalid(format!(
        "{op}: Unable to avoid copy while creating an array as requested ({why}); \
         CopyMode::IfNeeded allows a copy when needed"
    ))
}

/// The call [`array()`] and [`asarray`] return: set options, then `.run()`.
pub struct ArrayCall<'d, A: ArrayLike, U: DType = <A as ArrayLike>::Elem> {
    op: &'static str,
    device: &'d Device,
    data: A,
    copy: CopyMode,
    order: MemoryOrder,
    ndmin: usize,
    dtype: std::marker::PhantomData<U>,
}

impl<A: ArrayLike, U: DType> std::fmt::Debug for ArrayCall<'_, A, U> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ArrayCall")
            .field("op", &self.op)
            .field("device", self.device)
            .field("dtype", &U::ID)
            .field("copy", &self.copy)
            .field("order", &self.order)
            .field("ndmin", &self.ndmin)
            .finish_non_exhaustive()
    }
}

impl<'d, A: ArrayLike, U: DType> ArrayCall<'d, A, U> {
    /// NumPy's `copy` (default: [`CopyMode::Always`] for [`array()`], [`CopyMode::IfNeeded`]
    /// for [`asarray`]).
    pub fn copy(mut self, copy: CopyMode) -> Self {
        self.copy = copy;
        self
    }

    /// NumPy's `order` (default [`MemoryOrder::K`]).
    pub fn order(mut self, order: MemoryOrder) -> Self {
        self.order = order;
        self
    }

    /// NumPy's `ndmin`: ones are prepended to the shape up to `ndmin` dimensions (at most
    /// 64, checked by `run`).
    pub fn ndmin(mut self, ndmin: usize) -> Self {
        self.ndmin = ndmin;
        self
    }

    /// NumPy's `dtype`: the elements are cast to `V` (NumPy's `astype` rules).
    pub fn dtype<V: DType>(self) -> ArrayCall<'d, A, V> {
        ArrayCall {
            op: self.op,
            device: self.device,
            data: self.data,
            copy: self.copy,
            order: self.order,
            ndmin: self.ndmin,
            dtype: std::marker::PhantomData,
        }
    }

    /// Makes the array. Errors: ragged host data (NumPy's "inhomogeneous shape"), more than
    /// 64 dimensions, [`CopyMode::Never`] where a copy is needed (host data, another dtype or
    /// device, a layout `order` asks for), an expression that does not evaluate.
    pub fn run(self) -> Result<Array<U>> {
        let source = self.data.to_source(self.device)?;
        let out = make(self.op, self.device, source, self.copy, self.order)?;
        with_ndmin(out, self.ndmin, self.op)
    }
}

/// The array `source` becomes on `device` as `U`, copied as `copy` and `order` ask.
fn make<T: DType, U: DType>(
    op: &str,
    device: &Device,
    source: Source<T>,
    copy: CopyMode,
    order: MemoryOrder,
) -> Result<Array<U>> {
    let never = copy == CopyMode::Never;
    let cast = T::ID != U::ID;
    match source {
        Source::Host(a) => {
            if never {
                return Err(copy_refused(op, "host data is copied to the device"));
            }
            if cast || !layout_fits(&a, order) {
                materialize(&a, device, order)
            } else {
                same_dtype(a)
            }
        }
        Source::Lazy(e) => {
            // A new array either way: evaluating is not a copy of an existing one.
            let a = if cast {
                e.astype::<U>().eval()?
            } else {
                same_dtype(e.eval()?)?
            };
            if layout_fits(&a, order) && a.device().same(device) {
                Ok(a)
            } else {
                materialize(&a, device, order)
            }
        }
        Source::Existing(a) => {
            let moved = !a.device().same(device);
            let misfit = !layout_fits(&a, order);
            if never && (cast || moved || misfit) {
                let why = if cast {
                    "the dtype differs"
                } else if moved {
                    "the device differs"
                } else {
                    "the layout does not have the order asked for"
                };
                return Err(copy_refused(op, why));
            }
            if cast || moved || misfit || copy == CopyMode::Always {
                materialize(&a, device, order)
            } else {
                same_dtype(a)
            }
        }
    }
}

/// An array from `data` on `device` (NumPy's `np.array`): host data (a scalar, nested
/// slices, `Vec`s or fixed arrays) is copied there; an [`Array`] is copied (by default) or
/// returned as it is (`.copy(CopyMode::IfNeeded)`); an [`Expr`] is evaluated. Options:
/// `.dtype::<U>()`, `.copy(..)`, `.order(..)` and `.ndmin(n)`, then `.run()`.
///
/// The number of dimensions of host data is its nesting depth: below an empty level the
/// extents are those its types fix (a fixed array's length) or 0, where NumPy, which sees
/// only lists, makes fewer dimensions. Ragged data is an error, as NumPy's.
///
/// ```
/// use kernels_std as np;
/// use kernels_std::prelude::*;
/// use kernels_std::creation::{array, CopyMode, MemoryOrder};
/// let dev = Device::cpu();
/// let a = array(&dev, [[1, 2, 3], [4, 5, 6]]).run()?;
/// assert_eq!((a.shape(), a.dtype()), (&[2, 3][..], DTypeId::I32));
/// let f = array(&dev, &a).order(MemoryOrder::F).dtype::<f64>().ndmin(3).run()?;
/// assert_eq!((f.shape(), &f.strides()[1..]), (&[1, 2, 3][..], &[1, 2][..])); // F order
/// assert_eq!(f.to_vec()?, vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
/// let same = array(&dev, &a).copy(CopyMode::Never).run()?;
/// assert!(same.same_storage(&a));
/// let err = array(&dev, vec![vec![1.0], vec![2.0, 3.0]]).run().unwrap_err();
/// assert!(err.to_string().contains("inhomogeneous shape after 1 dimensions"));
/// assert_eq!(np::array(&dev, 2.5f32).run()?.ndim(), 0);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn array<A: ArrayLike>(device: &Device, data: A) -> ArrayCall<'_, A> {
    ArrayCall {
        op: "array",
        device,
        data,
        copy: CopyMode::Always,
        order: MemoryOrder::K,
        ndmin: 0,
        dtype: std::marker::PhantomData,
    }
}

/// `data` as an array on `device` (NumPy's `np.asarray`): as [`array()`] with
/// `copy(CopyMode::IfNeeded)`, so an [`Array`] already of the dtype, on the device and in
/// the order asked for is returned as it is (a handle on its storage, no copy).
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::creation::{asarray, MemoryOrder};
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[2, 2], vec![1.0f32, 2.0, 3.0, 4.0])?;
/// assert!(asarray(&dev, &a).run()?.same_storage(&a));
/// assert!(asarray(&dev, &a.t()).run()?.same_storage(&a)); // order K keeps any layout
/// let c = asarray(&dev, &a.t()).order(MemoryOrder::C).run()?;
/// assert!(!c.same_storage(&a) && c.is_c_contiguous());
/// assert_eq!(asarray(&dev, &a).dtype::<i64>().run()?.to_vec()?, vec![1, 2, 3, 4]);
/// assert_eq!(asarray(&dev, &a * 2.0).run()?.to_vec()?, vec![2.0, 4.0, 6.0, 8.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn asarray<A: ArrayLike>(device: &Device, data: A) -> ArrayCall<'_, A> {
    ArrayCall {
        op: "asarray",
        copy: CopyMode::IfNeeded,
        ..array(device, data)
    }
}

/// NumPy's `np.asanyarray`: the same as [`asarray`] (there are no array subclasses here).
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::creation::asanyarray;
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[3], vec![1u8, 2, 3])?;
/// assert!(asanyarray(&dev, &a).run()?.same_storage(&a));
/// assert_eq!(asanyarray(&dev, [1u8, 2, 3]).run()?.to_vec()?, a.to_vec()?);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn asanyarray<A: ArrayLike>(device: &Device, data: A) -> ArrayCall<'_, A> {
    ArrayCall {
        op: "asanyarray",
        ..asarray(device, data)
    }
}

/// `data` as an array on `device` as [`asarray`] makes it, checked for NaN and infinities
/// (NumPy's `np.asarray_chkfinite`): an error "array must not contain infs or NaNs" (NumPy's
/// `ValueError`) when a float or complex element is not finite. Integers and `bool` are not
/// checked (NumPy's rule). For a dtype or an order, convert with [`asarray`] first.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::creation::asarray_chkfinite;
/// let dev = Device::cpu();
/// assert_eq!(asarray_chkfinite(&dev, [1.0, 2.0])?.to_vec()?, vec![1.0, 2.0]);
/// let err = asarray_chkfinite(&dev, [1.0, f64::NAN]).unwrap_err();
/// assert!(err.to_string().contains("array must not contain infs or NaNs"));
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn asarray_chkfinite<A>(device: &Device, data: A) -> Result<Array<A::Elem>>
where
    A: ArrayLike,
    A::Elem: Classify,
{
    let a = asarray(device, data).run()?;
    let id = <A::Elem as DType>::ID;
    if (id.is_float() || id.is_complex())
        && !a.is_empty()
        && !all(&<A::Elem as Classify>::isfinite(&a)?).run()?.item()?
    {
        return Err(Error::invalid(
            "asarray_chkfinite: array must not contain infs or NaNs",
        ));
    }
    Ok(a)
}

/// One of NumPy's flags of [`require`].
#[derive(Clone, Copy, PartialEq, Eq)]
enum Flag {
    C,
    F,
    Aligned,
    Writeable,
    OwnData,
    EnsureArray,
}

fn parse_flag(name: &str) -> Result<Flag> {
    Ok(match name.to_ascii_uppercase().as_str() {
        "C" | "C_CONTIGUOUS" | "CONTIGUOUS" => Flag::C,
        "F" | "F_CONTIGUOUS" | "FORTRAN" => Flag::F,
        "A" | "ALIGNED" => Flag::Aligned,
        "W" | "WRITEABLE" => Flag::Writeable,
        "O" | "OWNDATA" => Flag::OwnData,
        "E" | "ENSUREARRAY" => Flag::EnsureArray,
        _ => {
            return Err(Error::invalid(format!(
                "require: unknown requirement {name:?} (NumPy's KeyError): one of C, \
                 C_CONTIGUOUS, CONTIGUOUS, F, F_CONTIGUOUS, FORTRAN, A, ALIGNED, W, \
                 WRITEABLE, O, OWNDATA, E, ENSUREARRAY"
            )))
        }
    })
}

/// `data` as an array on `device` that meets `requirements` (NumPy's `np.require`), copied
/// only when it does not: `"C"` (`"C_CONTIGUOUS"`, `"CONTIGUOUS"`) and `"F"`
/// (`"F_CONTIGUOUS"`, `"FORTRAN"`) ask for a contiguous layout; `"W"` (`"WRITEABLE"`) for an
/// array whose elements do not share memory (a broadcast view, read-only in NumPy, is
/// copied); `"O"` (`"OWNDATA"`) for storage not shared with `data` (an existing array is
/// copied: every handle here shares copy-on-write storage, so NumPy's distinction between
/// an owner and its views does not exist); `"A"` (`"ALIGNED"`, always met) and `"E"`
/// (`"ENSUREARRAY"`: no subclasses here) change nothing. Case does not matter.
///
/// Errors: both `"C"` and `"F"` (NumPy's "Cannot specify both "C" and "F" order"), an
/// unknown name (NumPy's `KeyError`), and [`array()`]'s.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::creation::require;
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[2, 3], (0..6).collect::<Vec<i64>>())?;
/// let f = require(&dev, &a, &["F", "A"])?;
/// assert_eq!(f.strides(), &[1, 2]);
/// assert!(require(&dev, &a, &["c_contiguous", "W"])?.same_storage(&a));
/// assert!(!require(&dev, &a, &["OWNDATA"])?.same_storage(&a));
/// assert!(require(&dev, &a, &["C", "F"]).is_err());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn require<A: ArrayLike>(
    device: &Device,
    data: A,
    requirements: &[&str],
) -> Result<Array<A::Elem>> {
    let flags = requirements
        .iter()
        .map(|r| parse_flag(r))
        .collect::<Result<Vec<_>>>()?;
    let has = |f: Flag| flags.contains(&f);
    if has(Flag::C) && has(Flag::F) {
        return Err(Error::invalid(
            "require: Cannot specify both \"C\" and \"F\" order",
        ));
    }
    let order = if has(Flag::C) {
        MemoryOrder::C
    } else if has(Flag::F) {
        MemoryOrder::F
    } else {
        MemoryOrder::A
    };
    let source = data.to_source(device)?;
    let original = match &source {
        Source::Existing(a) => Some(a.clone()),
        _ => None,
    };
    let arr: Array<A::Elem> = make("require", device, source, CopyMode::IfNeeded, order)?;
    let shared = original.as_ref().is_some_and(|s| arr.same_storage(s));
    let unmet =
        (has(Flag::Writeable) && arr.layout().may_self_overlap()) || (has(Flag::OwnData) && shared);
    if unmet {
        // NumPy's `arr.copy(order)`: 'A' keeps a Fortran layout, else C.
        return materialize(&arr, device, order);
    }
    Ok(arr)
}

/// Whether `x` is a scalar (NumPy's `np.isscalar`): true for a host scalar of a dtype
/// (`1.5`, `7u8`, `true`), false for host sequences, arrays of any dimension (0-d included,
/// as NumPy's) and expressions. Types outside [`ArrayLike`] (strings, other objects) do not
/// compile here.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::creation::isscalar;
/// assert!(isscalar(&3.1f64) && isscalar(&true));
/// assert!(!isscalar(&[3.1f64]));
/// assert!(!isscalar(&Array::scalar(&Device::cpu(), 3.1f64)?));
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn isscalar<A: ArrayLike + ?Sized>(x: &A) -> bool {
    x.is_scalar()
}

/// Whether `x` can be iterated over (NumPy's `np.iterable`): true for host sequences (even
/// empty ones) and arrays or expressions of at least one dimension, false for scalars and
/// 0-d arrays. An expression's shape is computed for it (its error is returned).
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::creation::iterable;
/// let dev = Device::cpu();
/// assert!(iterable(&[1, 2, 3])? && iterable(&Vec::<f32>::new())?);
/// assert!(!iterable(&2)?);
/// assert!(!iterable(&Array::scalar(&dev, 2i32)?)?);
/// assert!(iterable(&Array::<f64>::zeros(&dev, &[0])?)?);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn iterable<A: ArrayLike + ?Sized>(x: &A) -> Result<bool> {
    x.is_iterable()
}
