//! The dtypes of the iterative solvers (SciPy's: `f32`, `f64`, `c64`, `c128`) and the vector
//! operations each one runs on the device: dot products and norms as one fused reduction,
//! updates as one fused elementwise expression written in place.

use crate::lazy;
use crate::linalg::LinalgScalar;
use crate::prelude::*;
use crate::sparse::SparseDType;
use num_traits::Float as _;

mod sealed {
    pub trait Sealed {}
    impl Sealed for f32 {}
    impl Sealed for f64 {}
    impl Sealed for crate::prelude::c64 {}
    impl Sealed for crate::prelude::c128 {}
}

/// The element types of the solvers and of [`LinearOperator`](super::LinearOperator)s built
/// from arrays: `f32`, `f64`, `c64`, `c128` (SciPy's solvers compute in these four; an
/// integer system is the caller's to convert, as SciPy converts it to `float64`). Sealed.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sparse::linalg::SolverDType;
/// let dev = Device::cpu();
/// let x = Array::from_vec(&dev, &[2], vec![c64::new(3.0, 0.0), c64::new(0.0, 4.0)])?;
/// assert_eq!(<c64 as SolverDType>::dot(&x, &x)?, c64::new(25.0, 0.0)); // x conjugated
/// assert_eq!(<c64 as SolverDType>::norm(&x)?, 5.0f32);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub trait SolverDType:
    SparseDType
    + LinalgScalar
    + sealed::Sealed
    + std::ops::Add<Output = Self>
    + std::ops::Sub<Output = Self>
    + std::ops::Mul<Output = Self>
    + std::ops::Div<Output = Self>
    + std::ops::Neg<Output = Self>
    + std::fmt::Debug
{
    /// The real dtype (of norms and moduli): `f32` for `f32` and `c64`, `f64` for `f64` and `c128`.
    type Re: Float + Into<f64> + SparseDType + LinalgScalar;

    /// NumPy's `vdot(x, y)` of two 1-d arrays (`x` conjugated), on the device, read back.
    fn dot(x: &Array<Self>, y: &Array<Self>) -> Result<Self>;

    /// NumPy's `linalg.norm(x)` of a 1-d array, on the device, read back.
    fn norm(x: &Array<Self>) -> Result<Self::Re> {
        Ok(Self::dot(x, x)?
            .re()
            .max(<Self::Re as num_traits::Zero>::zero())
            .sqrt())
    }

    /// The real part.
    fn re(self) -> Self::Re;

    /// `|x|` (the modulus of a complex number).
    fn modulus(self) -> Self::Re;

    /// A real number as this dtype.
    fn from_real(r: Self::Re) -> Self;

    /// `y += a * x` in place (one kernel).
    fn axpy(y: &mut Array<Self>, a: Self, x: &Array<Self>) -> Result<()>;

    /// `y = x + a * y` in place (one kernel).
    fn xpay(y: &mut Array<Self>, a: Self, x: &Array<Self>) -> Result<()>;

    /// The value as `c128` (exact: every dtype widens).
    fn to_c128(self) -> c128;

    /// A `c128` as this dtype (rounded; the imaginary part dropped for real dtypes).
    fn from_c128(z: c128) -> Self;

    /// `x + y`, a new array (one kernel).
    fn plus(x: &Array<Self>, y: &Array<Self>) -> Result<Array<Self>>;

    /// `x - y`, a new array (one kernel).
    fn minus(x: &Array<Self>, y: &Array<Self>) -> Result<Array<Self>>;

    /// `a * x`, a new array (one kernel).
    fn scaled(a: Self, x: &Array<Self>) -> Result<Array<Self>>;

    /// The complex conjugate, a new array (`x` itself for real dtypes).
    fn conj_array(x: &Array<Self>) -> Result<Array<Self>>;

    /// `|x|` elementwise, in the real dtype.
    fn abs_array(x: &Array<Self>) -> Result<Array<Self::Re>>;

    /// `sqrt(x)` elementwise, of the real dtype.
    fn real_sqrt(x: &Array<Self::Re>) -> Result<Array<Self::Re>>;

    /// `x ** p` elementwise (NumPy's `power`), of the real dtype.
    fn real_power(x: &Array<Self::Re>, p: f64) -> Result<Array<Self::Re>>;

    /// The largest element (NumPy's `max`: NaN propagates; an error when empty).
    fn real_max(x: &Array<Self::Re>) -> Result<Self::Re>;

    /// The smallest element (NumPy's `min`: NaN propagates; an error when empty).
    fn real_min(x: &Array<Self::Re>) -> Result<Self::Re>;

    /// The machine epsilon of the real dtype.
    fn eps() -> Self::Re {
        <Self::Re as num_traits::Float>::epsilon()
    }
}

/// Writes `e` into `y`: in place on the CPU (one pass, no allocation); on CUDA into a new
/// array that replaces `y` (an in-place write that reads `y` would go through a temporary).
pub(crate) fn update<T: DType>(y: &mut Array<T>, e: Expr<T>) -> Result<()> {
    if matches!(y.device(), Device::Cuda(_)) {
        *y = e.eval()?;
        Ok(())
    } else {
        y.assign(e)
    }
}

macro_rules! solver_dtype {
    ($t:ty, $r:ty, $dot:expr, |$re:ident| $re_body:expr, |$m:ident| $mod_body:expr,
     |$f:ident| $from:expr, |$c:ident| $conj:expr, |$ab:ident| $abs:expr,
     |$tc:ident| $to_c:expr, |$fc:ident| $from_c:expr) => {
        impl SolverDType for $t {
            type Re = $r;
            fn dot(x: &Array<$t>, y: &Array<$t>) -> Result<$t> {
                let f: fn(&Array<$t>, &Array<$t>) -> Expr<$t> = $dot;
                crate::reduce::sum(f(x, y)).run()?.item()
            }
            fn re(self) -> $r {
                let $re = self;
                $re_body
            }
            fn modulus(self) -> $r {
                let $m = self;
                $mod_body
            }
            fn from_real($f: $r) -> $t {
                $from
            }
            fn axpy(y: &mut Array<$t>, a: $t, x: &Array<$t>) -> Result<()> {
                let e = &*y + x * a;
                update(y, e)
            }
            fn xpay(y: &mut Array<$t>, a: $t, x: &Array<$t>) -> Result<()> {
                let e = x + &*y * a;
                update(y, e)
            }
            fn to_c128(self) -> c128 {
                let $tc = self;
                $to_c
            }
            fn from_c128($fc: c128) -> $t {
                $from_c
            }
            fn plus(x: &Array<$t>, y: &Array<$t>) -> Result<Array<$t>> {
                (x + y).eval()
            }
            fn minus(x: &Array<$t>, y: &Array<$t>) -> Result<Array<$t>> {
                (x - y).eval()
            }
            fn scaled(a: $t, x: &Array<$t>) -> Result<Array<$t>> {
                (x * a).eval()
            }
            fn conj_array($c: &Array<$t>) -> Result<Array<$t>> {
                $conj
            }
            fn abs_array($ab: &Array<$t>) -> Result<Array<$r>> {
                $abs
            }
            fn real_sqrt(x: &Array<$r>) -> Result<Array<$r>> {
                crate::math::sqrt(x)
            }
            fn real_power(x: &Array<$r>, p: f64) -> Result<Array<$r>> {
                crate::math::power(x, p as $r)
            }
            fn real_max(x: &Array<$r>) -> Result<$r> {
                crate::reduce::max(x).run()?.item()
            }
            fn real_min(x: &Array<$r>) -> Result<$r> {
                crate::reduce::min(x).run()?.item()
            }
        }
    };
}

solver_dtype!(
    f32,
    f32,
    |x, y| x * y,
    |v| v,
    |v| v.abs(),
    |r| r,
    |x| Ok(x.clone()),
    |x| crate::math::absolute(x),
    |v| c128::new(v as f64, 0.0),
    |z| z.re as f32
);
solver_dtype!(
    f64,
    f64,
    |x, y| x * y,
    |v| v,
    |v| v.abs(),
    |r| r,
    |x| Ok(x.clone()),
    |x| crate::math::absolute(x),
    |v| c128::new(v, 0.0),
    |z| z.re
);
solver_dtype!(
    c64,
    f32,
    |x, y| lazy::conjugate(x) * y,
    |v| v.re,
    |v| v.norm(),
    |r| c64::new(r, 0.0),
    |x| crate::math::conjugate(x),
    |x| crate::math::absolute(x),
    |v| c128::new(v.re as f64, v.im as f64),
    |z| c64::new(z.re as f32, z.im as f32)
);
solver_dtype!(
    c128,
    f64,
    |x, y| lazy::conjugate(x) * y,
    |v| v.re,
    |v| v.norm(),
    |r| c128::new(r, 0.0),
    |x| crate::math::conjugate(x),
    |x| crate::math::absolute(x),
    |v| v,
    |z| z
);
