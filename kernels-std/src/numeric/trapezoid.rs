//! NumPy's `trapezoid`: the composite trapezoidal rule along an axis.

use crate::prelude::*;
use crate::scan::diff;
use crate::scan::rows::normalize_axis;
use array_runtime::slice::{Slice, SliceItem};

/// Dtypes that can be integrated, and NumPy's result dtype for them: floats and complex
/// numbers keep their dtype, integers give `f64` (the neighbours are added in the integer
/// dtype first, wrapping, as NumPy's `y[1:] + y[:-1]` does). (NumPy's `bool` adds as a
/// logical or; not here.)
pub trait Integrand: DType {
    /// The dtype of the integral (and of the coordinates `x`).
    type Out: DType;
    /// `sum(d * (later + earlier) / 2, axis)`, with `d` the coordinates' differences
    /// (broadcasting) or the step `dx`.
    fn integrate(
        later: &Array<Self>,
        earlier: &Array<Self>,
        d: Option<&Array<Self::Out>>,
        dx: f64,
        axis: isize,
    ) -> Result<Array<Self::Out>>;
    /// The differences of `x` along `axis` (NumPy's `diff(x, axis=axis)`).
    fn differences(x: &Array<Self::Out>, axis: isize) -> Result<Array<Self::Out>>;
}

macro_rules! float_integrand {
    ($($t:ty => $out:ty, $from:expr;)*) => {$(
        impl Integrand for $t {
            type Out = $out;
            fn integrate(
                later: &Array<$t>,
                earlier: &Array<$t>,
                d: Option<&Array<$out>>,
                dx: f64,
                axis: isize,
            ) -> Result<Array<$out>> {
                let pairs = (later + earlier).astype::<$out>();
                let from = $from;
                let scaled = match d {
                    Some(d) => pairs * d,
                    None => pairs * from(dx),
                };
                crate::reduce::sum(scaled / from(2.0)).axis(axis).run()
            }
            fn differences(x: &Array<$out>, axis: isize) -> Result<Array<$out>> {
                diff(x, 1, axis)
            }
        }
    )*};
}
float_integrand! {
    i8 => f64, |v: f64| v; i16 => f64, |v: f64| v; i32 => f64, |v: f64| v;
    i64 => f64, |v: f64| v; u8 => f64, |v: f64| v; u16 => f64, |v: f64| v;
    u32 => f64, |v: f64| v; u64 => f64, |v: f64| v;
    f16 => f16, f16::from_f64; bf16 => bf16, bf16::from_f64; f32 => f32, |v: f64| v as f32;
    f64 => f64, |v: f64| v;
    c64 => c64, |v: f64| c64::new(v as f32, 0.0); c128 => c128, |v: f64| c128::new(v, 0.0);
}

/// A call of [`trapezoid`]: give `x` or `dx` and the axis, then [`run`](Trapezoid::run).
#[must_use = "a trapezoid call does nothing until .run()"]
pub struct Trapezoid<'a, T: Integrand> {
    y: &'a Array<T>,
    x: Option<&'a Array<T::Out>>,
    dx: f64,
    axis: isize,
}

impl<T: Integrand> std::fmt::Debug for Trapezoid<'_, T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Trapezoid")
            .field("y", &self.y.shape())
            .field("x", &self.x.map(|x| x.shape()))
            .field("dx", &self.dx)
            .field("axis", &self.axis)
            .finish()
    }
}

/// NumPy's `trapezoid(y, x=None, dx=1.0, axis=-1)`: the integral of `y` along `axis` by the
/// trapezoidal rule, `sum(d * (y[1:] + y[:-1]) / 2)` with `d` the differences of the sample
/// points `x` (1-d, as long as the axis, or of `y`'s shape, broadcasting as in NumPy) or the
/// constant step `dx`. The result has `y`'s shape without `axis`; an axis of fewer than two
/// samples integrates to 0. A 0-d `y` is an error (NumPy raises `IndexError`).
///
/// Integers give `f64`, floats and complex numbers keep their dtype ([`Integrand`]); `x`
/// is given in the result dtype (NumPy would promote a mixed pair; convert with `astype`).
///
/// ```
/// use kernels_std::numeric::trapezoid;
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let y = Array::from_vec(&dev, &[3], vec![1i32, 2, 3])?;
/// assert_eq!(trapezoid(&y).run()?.item()?, 4.0);
/// assert_eq!(trapezoid(&y).dx(2.0).run()?.item()?, 8.0);
/// let x = Array::from_vec(&dev, &[3], vec![4.0, 6.0, 8.0])?;
/// assert_eq!(trapezoid(&y).x(&x).run()?.item()?, 8.0);
/// let a = Array::from_vec(&dev, &[2, 3], vec![0.0f32, 1.0, 2.0, 3.0, 4.0, 5.0])?;
/// assert_eq!(trapezoid(&a).axis(0).run()?.to_vec()?, vec![1.5, 2.5, 3.5]);
/// assert_eq!(trapezoid(&a).run()?.to_vec()?, vec![2.0, 8.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn trapezoid<T: Integrand>(y: &Array<T>) -> Trapezoid<'_, T> {
    Trapezoid {
        y,
        x: None,
        dx: 1.0,
        axis: -1,
    }
}

impl<'a, T: Integrand> Trapezoid<'a, T> {
    /// The sample points (NumPy's `x`; overrides `dx`).
    pub fn x(mut self, x: &'a Array<T::Out>) -> Self {
        self.x = Some(x);
        self
    }

    /// The spacing of the samples when no `x` is given (NumPy's `dx`, default 1).
    pub fn dx(mut self, dx: f64) -> Self {
        self.dx = dx;
        self
    }

    /// The axis to integrate along (NumPy's `axis`, default -1).
    pub fn axis(mut self, axis: isize) -> Self {
        self.axis = axis;
        self
    }

    /// The integral.
    pub fn run(self) -> Result<Array<T::Out>> {
        let y = self.y;
        let nd = y.ndim();
        if nd == 0 {
            return Err(Error::invalid(
                "trapezoid: needs an array of at least one dimension, got a 0-d array",
            ));
        }
        let axis = normalize_axis(self.axis, nd)?;
        let along = |range: Slice| -> Vec<SliceItem> {
            (0..nd)
                .map(|k| SliceItem::Range(if k == axis { range } else { Slice::FULL }))
                .collect()
        };
        let d = match self.x {
            None => None,
            Some(x) if x.ndim() == 1 => {
                let d = T::differences(x, 0)?;
                let mut shape = vec![1; nd];
                shape[axis] = d.len();
                Some(d.reshape(&shape)?)
            }
            Some(x) => Some(T::differences(x, axis as isize)?),
        };
        let later = y.slice(along(Slice::from(1..)))?;
        let earlier = y.slice(along(Slice::from(..-1)))?;
        T::integrate(&later, &earlier, d.as_ref(), self.dx, axis as isize)
    }
}
