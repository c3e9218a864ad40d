//! `isclose`, `allclose`, `array_equal`: elementwise closeness and whole-array equality.

#![allow(clippy::eq_op)]

use crate::prelude::*;

/// NumPy's closeness test of one pair: `|x - y| <= atol + rtol |y|` for finite `y`, or
/// `x == y` (equal infinities), or both NaN when `equal_nan`.
#[device_fn]
pub fn is_close<T: Float>(x: T, y: T, rtol: T, atol: T, equal_nan: bool) -> bool {
    let near = y.is_finite() && (x - y).abs() <= atol + rtol * y.abs();
    near || x == y || (equal_nan && x != x && y != y)
}

/// The closeness of each pair (the elementwise kernel of [`isclose`]).
#[elementwise]
pub fn isclose_kernel<T: Float>(x: T, y: T, rtol: T, atol: T, equal_nan: bool) -> bool {
    is_close::<T>(x, y, rtol, atol, equal_nan)
}

/// Whether every pair is close, in one pass without an intermediate array.
#[reduction]
pub mod allclose_kernel {
    pub fn map<T: Float>(x: T, y: T, rtol: T, atol: T, equal_nan: bool) -> bool {
        crate::stats::close::is_close::<T>(x, y, rtol, atol, equal_nan)
    }
    pub fn combine<T: Float>(a: bool, b: bool) -> bool {
        a && b
    }
    pub fn identity<T: Float>() -> bool {
        true
    }
}

/// Whether every pair is equal (NaN equal to NaN when `equal_nan`).
#[reduction]
pub mod equal_kernel {
    pub fn map<T: DType>(x: T, y: T, equal_nan: bool) -> bool {
        x == y || (equal_nan && x != x && y != y)
    }
    pub fn combine<T: DType>(a: bool, b: bool) -> bool {
        a && b
    }
    pub fn identity<T: DType>() -> bool {
        true
    }
}

/// The tolerances of [`isclose`] and [`allclose`] (NumPy's defaults: `rtol = 1e-5`,
/// `atol = 1e-8`, `equal_nan = false`).
#[derive(Clone, Copy, Debug)]
struct Tolerance {
    rtol: f64,
    atol: f64,
    equal_nan: bool,
}

impl Default for Tolerance {
    fn default() -> Self {
        Tolerance {
            rtol: 1e-5,
            atol: 1e-8,
            equal_nan: false,
        }
    }
}

/// The tolerance methods of a builder with a `tol: Tolerance` field.
macro_rules! tolerance_methods {
    () => {
        /// The relative tolerance (of `|b|`), default `1e-5`.
        pub fn rtol(mut self, rtol: f64) -> Self {
            self.tol.rtol = rtol;
            self
        }

        /// The absolute tolerance, default `1e-8`.
        pub fn atol(mut self, atol: f64) -> Self {
            self.tol.atol = atol;
            self
        }

        /// Whether two NaNs count as close, default `false`.
        pub fn equal_nan(mut self, equal_nan: bool) -> Self {
            self.tol.equal_nan = equal_nan;
            self
        }
    };
}

/// `isclose` and `allclose` of one complex dtype: NumPy's test with `|x - y|` the modulus of
/// the difference, `y` finite in both parts, NaN meaning a NaN in either part. The
/// tolerances are of the parts' dtype, as NumPy's Python floats meeting a complex array.
macro_rules! complex_close {
    ($t:ident, $part:ident: $isclose:ident, $allclose:ident) => {
        /// The closeness of each complex pair (the elementwise kernel of [`isclose`]).
        #[elementwise]
        pub fn $isclose(x: $t, y: $t, rtol: $part, atol: $part, equal_nan: bool) -> bool {
            let near = y.is_finite() && (x - y).norm() <= atol + rtol * y.norm();
            near || x == y || (equal_nan && x.is_nan() && y.is_nan())
        }

        /// Whether every complex pair is close.
        #[reduction]
        pub mod $allclose {
            pub fn map(x: $t, y: $t, rtol: $part, atol: $part, equal_nan: bool) -> bool {
                let near = y.is_finite() && (x - y).norm() <= atol + rtol * y.norm();
                near || x == y || (equal_nan && x.is_nan() && y.is_nan())
            }
            pub fn combine(a: bool, b: bool) -> bool {
                a && b
            }
            pub fn identity() -> bool {
                true
            }
        }
    };
}
complex_close!(c64, f32: isclose_c64, allclose_c64);
complex_close!(c128, f64: isclose_c128, allclose_c128);

/// Dtypes [`isclose`] and [`allclose`] take, each computed as NumPy computes it: the floats
/// in their own dtype (the tolerances converted to it); `bool` and the integers in `f64`
/// (NumPy converts `b` to `result_type(b, 1.0)`, which is `float64` for them, and `a - b`
/// follows); `c64` and `c128` in themselves, with the modulus of the difference.
///
/// ```
/// use kernels_std::stats::CloseDType;
/// fn takes<T: CloseDType>() -> &'static str { <T as kernels_std::DType>::ID.name() }
/// assert_eq!(takes::<u8>(), "u8");
/// assert_eq!(takes::<kernels_std::c64>(), "c64");
/// ```
pub trait CloseDType: DType {
    /// The closeness of each pair of `a` and `b` (broadcast together).
    fn isclose_arrays(
        a: &Array<Self>,
        b: &Array<Self>,
        rtol: f64,
        atol: f64,
        equal_nan: bool,
    ) -> Result<Array<bool>>;

    /// Whether every pair of `a` and `b` (broadcast together) is close.
    fn allclose_arrays(
        a: &Array<Self>,
        b: &Array<Self>,
        rtol: f64,
        atol: f64,
        equal_nan: bool,
    ) -> Result<bool>;
}

macro_rules! float_close {
    ($($t:ty),*) => {$(
        impl CloseDType for $t {
            fn isclose_arrays(
                a: &Array<$t>,
                b: &Array<$t>,
                rtol: f64,
                atol: f64,
                equal_nan: bool,
            ) -> Result<Array<bool>> {
                let dev = a.device();
                let rtol = Array::scalar(&dev, rtol.cast::<$t>())?;
                let atol = Array::scalar(&dev, atol.cast::<$t>())?;
                isclose_kernel::<$t>(a, b, rtol, atol, equal_nan)
            }

            fn allclose_arrays(
                a: &Array<$t>,
                b: &Array<$t>,
                rtol: f64,
                atol: f64,
                equal_nan: bool,
            ) -> Result<bool> {
                let dev = a.device();
                let rtol = Array::scalar(&dev, rtol.cast::<$t>())?;
                let atol = Array::scalar(&dev, atol.cast::<$t>())?;
                allclose_kernel::<$t>(a, b, &rtol, &atol, equal_nan).run()?.item()
            }
        }
    )*};
}
float_close!(f16, bf16, f32, f64);

macro_rules! int_close {
    ($($t:ty),*) => {$(
        impl CloseDType for $t {
            fn isclose_arrays(
                a: &Array<$t>,
                b: &Array<$t>,
                rtol: f64,
                atol: f64,
                equal_nan: bool,
            ) -> Result<Array<bool>> {
                let (a, b) = (a.astype::<f64>()?, b.astype::<f64>()?);
                f64::isclose_arrays(&a, &b, rtol, atol, equal_nan)
            }

            fn allclose_arrays(
                a: &Array<$t>,
                b: &Array<$t>,
                rtol: f64,
                atol: f64,
                equal_nan: bool,
            ) -> Result<bool> {
                let (a, b) = (a.astype::<f64>()?, b.astype::<f64>()?);
                f64::allclose_arrays(&a, &b, rtol, atol, equal_nan)
            }
        }
    )*};
}
int_close!(bool, i8, i16, i32, i64, u8, u16, u32, u64);

macro_rules! complex_close_dtype {
    ($($t:ident, $part:ident: $isclose:ident, $allclose:ident;)*) => {$(
        impl CloseDType for $t {
            fn isclose_arrays(
                a: &Array<$t>,
                b: &Array<$t>,
                rtol: f64,
                atol: f64,
                equal_nan: bool,
            ) -> Result<Array<bool>> {
                let dev = a.device();
                let rtol = Array::scalar(&dev, rtol.cast::<$part>())?;
                let atol = Array::scalar(&dev, atol.cast::<$part>())?;
                $isclose(a, b, rtol, atol, equal_nan)
            }

            fn allclose_arrays(
                a: &Array<$t>,
                b: &Array<$t>,
                rtol: f64,
                atol: f64,
                equal_nan: bool,
            ) -> Result<bool> {
                let dev = a.device();
                let rtol = Array::scalar(&dev, rtol.cast::<$part>())?;
                let atol = Array::scalar(&dev, atol.cast::<$part>())?;
                $allclose(a, b, &rtol, &atol, equal_nan).run()?.item()
            }
        }
    )*};
}
complex_close_dtype! {
    c64, f32: isclose_c64, allclose_c64;
    c128, f64: isclose_c128, allclose_c128;
}

/// The call [`isclose`] returns: set tolerances, then `.run()`.
#[derive(Debug)]
#[must_use = "an isclose builder does nothing until `.run()` is called"]
pub struct IsClose<'a, T: CloseDType> {
    a: &'a Array<T>,
    b: &'a Array<T>,
    tol: Tolerance,
}

impl<T: CloseDType> IsClose<'_, T> {
    tolerance_methods!();

    /// The closeness of each pair, broadcast together.
    pub fn run(self) -> Result<Array<bool>> {
        let t = self.tol;
        T::isclose_arrays(self.a, self.b, t.rtol, t.atol, t.equal_nan)
    }
}

/// NumPy's `isclose(a, b)`: whether `|a - b| <= atol + rtol * |b|` elementwise (broadcast
/// together), infinities equal when of the same sign, NaN never close unless `equal_nan`.
/// Asymmetric, as NumPy's: the tolerance is relative to `b`. Floats are compared in their
/// dtype (the tolerances converted to it), `bool` and integers in `f64`, complex numbers with
/// the modulus of the difference, as NumPy does ([`CloseDType`]).
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::stats::isclose;
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[4], vec![1.0, 1e10, f64::NAN, f64::INFINITY])?;
/// let b = Array::from_vec(&dev, &[4], vec![1.0 + 1e-6, 1.00001e10, f64::NAN, f64::INFINITY])?;
/// assert_eq!(isclose(&a, &b).run()?.to_vec()?, vec![true, true, false, true]);
/// assert_eq!(isclose(&a, &b).equal_nan(true).rtol(0.0).run()?.to_vec()?, vec![false, false, true, true]);
/// // Integers are compared in f64: 100 and 101 are within 1% of 101.
/// let i = Array::from_vec(&dev, &[2], vec![100i32, 5])?;
/// let j = Array::from_vec(&dev, &[2], vec![101i32, 6])?;
/// assert_eq!(isclose(&i, &j).rtol(0.01).run()?.to_vec()?, vec![true, false]);
/// // Complex numbers: the modulus of the difference, |(3+4i) - 0| = 5.
/// let z = Array::from_vec(&dev, &[1], vec![c64::new(3.0, 4.0)])?;
/// let w = Array::from_vec(&dev, &[1], vec![c64::new(0.0, 0.0)])?;
/// assert_eq!(isclose(&z, &w).atol(5.0).run()?.to_vec()?, vec![true]);
/// assert_eq!(isclose(&z, &w).atol(4.9).run()?.to_vec()?, vec![false]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn isclose<'a, T: CloseDType>(a: &'a Array<T>, b: &'a Array<T>) -> IsClose<'a, T> {
    IsClose {
        a,
        b,
        tol: Tolerance::default(),
    }
}

/// The call [`allclose`] returns: set tolerances, then `.run()`.
#[derive(Debug)]
#[must_use = "an allclose builder does nothing until `.run()` is called"]
pub struct AllClose<'a, T: CloseDType> {
    a: &'a Array<T>,
    b: &'a Array<T>,
    tol: Tolerance,
}

impl<T: CloseDType> AllClose<'_, T> {
    tolerance_methods!();

    /// Whether every pair is close (one reduction, one flag read back).
    pub fn run(self) -> Result<bool> {
        let t = self.tol;
        T::allclose_arrays(self.a, self.b, t.rtol, t.atol, t.equal_nan)
    }
}

/// NumPy's `allclose(a, b)`: whether [`isclose`] holds for every pair (broadcast together;
/// shapes that do not broadcast are an error), for the dtypes of [`CloseDType`].
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::stats::allclose;
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[2, 2], vec![1.0f32, 2.0, 3.0, 4.0])?;
/// let b = Array::from_vec(&dev, &[2], vec![1.0f32, 2.00001])?;
/// assert!(!allclose(&a, &b).run()?);
/// assert!(allclose(&a.slice(kernels_std::s![..1, ..])?, &b).run()?);
/// let z = Array::from_vec(&dev, &[2], vec![c128::new(1.0, 1e-9), c128::new(f64::NAN, 0.0)])?;
/// let w = Array::from_vec(&dev, &[2], vec![c128::new(1.0, 0.0), c128::new(0.0, f64::NAN)])?;
/// assert!(!allclose(&z, &w).run()?);
/// assert!(allclose(&z, &w).equal_nan(true).run()?);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn allclose<'a, T: CloseDType>(a: &'a Array<T>, b: &'a Array<T>) -> AllClose<'a, T> {
    AllClose {
        a,
        b,
        tol: Tolerance::default(),
    }
}

/// NumPy's `array_equal(a, b, equal_nan)`: whether the shapes are equal and every pair of
/// elements is equal (NaN equal to NaN only with `equal_nan`). Shapes that differ give
/// `false`, not an error.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::stats::array_equal;
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[2], vec![1.0, f64::NAN])?;
/// assert!(!array_equal(&a, &a, false)?);
/// assert!(array_equal(&a, &a, true)?);
/// assert!(!array_equal(&a, &a.reshape(&[1, 2])?, true)?);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn array_equal<T: DType>(a: &Array<T>, b: &Array<T>, equal_nan: bool) -> Result<bool> {
    if a.shape() != b.shape() {
        return Ok(false);
    }
    equal_kernel::<T>(a, b, equal_nan).run()?.item()
}

/// NumPy's `array_equiv(a1, a2)`: whether the shapes broadcast together and every pair of
/// broadcast elements is equal (NaN unequal to everything, as NumPy's `==`). Shapes that do
/// not broadcast give `false`, not an error; two empty broadcast results are equivalent.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::stats::array_equiv;
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[2], vec![1, 2])?;
/// let b = Array::from_vec(&dev, &[2, 2], vec![1, 2, 1, 2])?;
/// assert!(array_equiv(&a, &b)?);
/// let c = Array::from_vec(&dev, &[2, 2], vec![1, 2, 1, 3])?;
/// assert!(!array_equiv(&a, &c)?);
/// assert!(!array_equiv(&a, &Array::from_vec(&dev, &[3], vec![1, 2, 3])?)?);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn array_equiv<T: DType>(a1: &Array<T>, a2: &Array<T>) -> Result<bool> {
    let shapes = [a1.shape(), a2.shape()];
    let Ok(shape) = array_runtime::shape::broadcast_shapes("array_equiv", &shapes) else {
        return Ok(false);
    };
    array_equal(&a1.broadcast_to(&shape)?, &a2.broadcast_to(&shape)?, false)
}
