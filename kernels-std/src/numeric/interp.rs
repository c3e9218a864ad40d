//! NumPy's `interp`: piecewise-linear interpolation of sampled values.

use super::kernels::{interp_complex, interp_real};
use crate::prelude::*;
use crate::scan::rows::flatten;

/// Real dtypes NumPy converts to `f64` for sample points and coordinates: `bool`, the
/// integers and the floats.
pub trait Coordinate: DType {
    /// `a` as `f64` on its device (itself for `f64`).
    fn to_f64(a: &Array<Self>) -> Result<Array<f64>>;
}

macro_rules! coordinate {
    ($($t:ty),*) => {$(
        impl Coordinate for $t {
            fn to_f64(a: &Array<$t>) -> Result<Array<f64>> {
                a.astype::<f64>()
            }
        }
    )*};
}
coordinate!(bool, i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32);

impl Coordinate for f64 {
    fn to_f64(a: &Array<f64>) -> Result<Array<f64>> {
        Ok(a.clone())
    }
}

/// Dtypes of `interp`'s values `fp`, with NumPy's result dtype: `f64` for real values
/// (whatever their dtype), `c128` for complex ones.
pub trait InterpValue: DType {
    /// `f64` or `c128`.
    type Out: sealed::InterpOut;
    /// `a` converted to [`Self::Out`].
    fn to_out(a: &Array<Self>) -> Result<Array<Self::Out>>;
}

mod sealed {
    use crate::prelude::*;

    /// The two result dtypes of `interp` and their kernels.
    pub trait InterpOut: DType {
        /// `x % period` when `period` is not 0, as NumPy's `remainder` (for the sample
        /// points, on the host).
        #[allow(clippy::too_many_arguments)]
        fn launch(
            x: &Array<f64>,
            xp: &Array<f64>,
            fp: &Array<Self>,
            out: &mut Array<Self>,
            left: Self,
            right: Self,
            period: f64,
        ) -> Result<()>;
    }

    impl InterpOut for f64 {
        fn launch(
            x: &Array<f64>,
            xp: &Array<f64>,
            fp: &Array<f64>,
            out: &mut Array<f64>,
            left: f64,
            right: f64,
            period: f64,
        ) -> Result<()> {
            let cfg = LaunchConfig::for_elements(out.len(), 256);
            super::interp_real::launch(&cfg, x, xp, fp, out, left, right, period)
        }
    }

    impl InterpOut for c128 {
        fn launch(
            x: &Array<f64>,
            xp: &Array<f64>,
            fp: &Array<c128>,
            out: &mut Array<c128>,
            left: c128,
            right: c128,
            period: f64,
        ) -> Result<()> {
            let cfg = LaunchConfig::for_elements(out.len(), 256);
            super::interp_complex::launch(&cfg, x, xp, fp, out, left, right, period)
        }
    }
}

macro_rules! real_value {
    ($($t:ty),*) => {$(
        impl InterpValue for $t {
            type Out = f64;
            fn to_out(a: &Array<$t>) -> Result<Array<f64>> {
                <$t as Coordinate>::to_f64(a)
            }
        }
    )*};
}
real_value!(bool, i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64);

impl InterpValue for c64 {
    type Out = c128;
    fn to_out(a: &Array<c64>) -> Result<Array<c128>> {
        a.astype::<c128>()
    }
}

impl InterpValue for c128 {
    type Out = c128;
    fn to_out(a: &Array<c128>) -> Result<Array<c128>> {
        Ok(a.clone())
    }
}

/// A call of [`interp`]: set `left`, `right` or `period`, then [`run`](Interp::run).
#[must_use = "an interp call does nothing until .run()"]
pub struct Interp<'a, X: Coordinate, P: Coordinate, V: InterpValue> {
    x: &'a Array<X>,
    xp: &'a Array<P>,
    fp: &'a Array<V>,
    left: Option<V::Out>,
    right: Option<V::Out>,
    period: Option<f64>,
}

impl<X: Coordinate, P: Coordinate, V: InterpValue> std::fmt::Debug for Interp<'_, X, P, V> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Interp")
            .field("x", &self.x.shape())
            .field("xp", &self.xp.shape())
            .field("fp", &self.fp.shape())
            .field("period", &self.period)
            .finish_non_exhaustive()
    }
}

/// NumPy's `interp(x, xp, fp, left=None, right=None, period=None)`: the piecewise-linear
/// interpolant through the points `(xp[k], fp[k])`, evaluated at each element of `x` (any
/// shape; the result has its shape).
///
/// `xp` must be increasing (not checked, as in NumPy) unless a `period` is given; both are
/// 1-d of one length, not empty. Outside `[xp[0], xp[-1]]` the result is `left` (default
/// `fp[0]`) or `right` (default `fp[-1]`). With `period` (non-zero; its absolute value is
/// used, `left`/`right` are ignored) `x` and `xp` are taken modulo `period`, `xp` is sorted
/// (stably, on the host) and extended by one point at each end, as NumPy does. A NaN in `x`
/// gives NaN (`NaN + 0i` for complex values; with a single sample point NaN gives `fp[0]`,
/// as NumPy); where `slope (x - xp[j]) + fp[j]` is NaN (infinite values) NumPy's fallbacks
/// apply. `x` and `xp` of any real dtype are converted to `f64`; real `fp` gives `f64`,
/// complex `fp` `c128` ([`InterpValue::Out`]), as NumPy.
///
/// ```
/// use kernels_std::numeric::interp;
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let xp = Array::from_vec(&dev, &[3], vec![1.0f64, 2.0, 3.0])?;
/// let fp = Array::from_vec(&dev, &[3], vec![3i32, 2, 0])?;
/// let x = Array::from_vec(&dev, &[2, 2], vec![0.0f32, 1.5, 2.75, 4.0])?;
/// let y = interp(&x, &xp, &fp).run()?;
/// assert_eq!(y.shape(), &[2, 2]);
/// assert_eq!(y.to_vec()?, vec![3.0, 2.5, 0.5, 0.0]);
/// assert_eq!(interp(&x, &xp, &fp).left(-1.0).right(9.0).run()?.to_vec()?[3], 9.0);
/// // Angles: a period of 360 wraps x and the unsorted xp.
/// let xp = Array::from_vec(&dev, &[4], vec![190.0f64, -190.0, 350.0, -350.0])?;
/// let fp = Array::from_vec(&dev, &[4], vec![5.0f64, 10.0, 3.0, 4.0])?;
/// let x = Array::from_vec(&dev, &[2], vec![-180.0f64, 180.0])?;
/// assert_eq!(interp(&x, &xp, &fp).period(360.0).run()?.to_vec()?, vec![7.5, 7.5]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn interp<'a, X: Coordinate, P: Coordinate, V: InterpValue>(
    x: &'a Array<X>,
    xp: &'a Array<P>,
    fp: &'a Array<V>,
) -> Interp<'a, X, P, V> {
    Interp {
        x,
        xp,
        fp,
        left: None,
        right: None,
        period: None,
    }
}

impl<X: Coordinate, P: Coordinate, V: InterpValue> Interp<'_, X, P, V> {
    /// The value below `xp[0]` (NumPy's `left`; default `fp[0]`).
    pub fn left(mut self, value: V::Out) -> Self {
        self.left = Some(value);
        self
    }

    /// The value above `xp[-1]` (NumPy's `right`; default `fp[-1]`).
    pub fn right(mut self, value: V::Out) -> Self {
        self.right = Some(value);
        self
    }

    /// The period of the `x` coordinates (NumPy's `period`): `x` and `xp` are taken
    /// modulo `|period|`, and `left`/`right` are ignored. 0 is an error.
    pub fn period(mut self, period: f64) -> Self {
        self.period = Some(period);
        self
    }

    /// Evaluates the interpolant at `x`.
    pub fn run(self) -> Result<Array<V::Out>> {
        let dev = self.x.device();
        if !self.xp.device().same(&dev) || !self.fp.device().same(&dev) {
            return Err(Error::invalid(format!(
                "interp: x, xp and fp must be on one device (x on {dev}, xp on {}, fp on {})",
                self.xp.device(),
                self.fp.device()
            )));
        }
        if self.xp.ndim() != 1 || self.fp.ndim() != 1 {
            return Err(Error::invalid(format!(
                "interp: xp and fp must be 1-d, got shapes {:?} and {:?}",
                self.xp.shape(),
                self.fp.shape()
            )));
        }
        if self.xp.len() != self.fp.len() {
            return Err(Error::invalid(format!(
                "interp: fp and xp are not of the same length ({} and {})",
                self.fp.len(),
                self.xp.len()
            )));
        }
        if self.xp.is_empty() {
            return Err(Error::invalid("interp: array of sample points is empty"));
        }
        let mut xp = flatten(&P::to_f64(self.xp)?)?;
        let mut fp = flatten(&V::to_out(self.fp)?)?;
        let mut period = 0.0;
        if let Some(p) = self.period {
            if p == 0.0 {
                return Err(Error::invalid("interp: period must be a non-zero value"));
            }
            period = p.abs();
            (xp, fp) = periodic_samples(&xp, &fp, period)?;
        }
        let n = xp.len();
        let (left, right) = if self.period.is_some() {
            (fp.get(&[0])?, fp.get(&[n - 1])?)
        } else {
            let left = match self.left {
                Some(v) => v,
                None => fp.get(&[0])?,
            };
            let right = match self.right {
                Some(v) => v,
                None => fp.get(&[n - 1])?,
            };
            (left, right)
        };
        let x = flatten(&X::to_f64(self.x)?)?;
        let mut out = Array::<V::Out>::zeros(&dev, &[x.len()])?;
        if !x.is_empty() {
            <V::Out as sealed::InterpOut>::launch(&x, &xp, &fp, &mut out, left, right, period)?;
        }
        out.reshape(self.x.shape())
    }
}

/// NumPy's preparation of periodic samples: `xp % period`, sorted (stably) with `fp`, and
/// extended by the last point moved one period down and the first moved one period up.
fn periodic_samples<T: DType>(
    xp: &Array<f64>,
    fp: &Array<T>,
    period: f64,
) -> Result<(Array<f64>, Array<T>)> {
    let dev = xp.device();
    let wrapped: Vec<f64> = xp
        .to_vec()?
        .into_iter()
        .map(|v| {
            let m = v % period;
            if m == 0.0 {
                0.0
            } else if m < 0.0 {
                m + period
            } else {
                m
            }
        })
        .collect();
    let values = fp.to_vec()?;
    let mut order: Vec<usize> = (0..wrapped.len()).collect();
    order.sort_by(|&a, &b| wrapped[a].total_cmp(&wrapped[b]));
    let n = order.len();
    let mut x = Vec::with_capacity(n + 2);
    let mut y = Vec::with_capacity(n + 2);
    x.push(wrapped[order[n - 1]] - period);
    y.push(values[order[n - 1]]);
    for &k in &order {
        x.push(wrapped[k]);
        y.push(values[k]);
    }
    x.push(wrapped[order[0]] + period);
    y.push(values[order[0]]);
    Ok((
        Array::from_vec(&dev, &[n + 2], x)?,
        Array::from_vec(&dev, &[n + 2], y)?,
    ))
}
