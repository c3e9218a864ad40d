//! NumPy's `gradient`: second-order accurate differences along each axis.

use super::kernels::{complex_from_parts, gradient_rows};
use crate::prelude::*;
use crate::scan::rows::{normalize_axis, Rows};

/// Dtypes with a gradient, and NumPy's result dtype: floats and complex numbers keep their
/// dtype, integers give `f64`. (NumPy raises for `bool`; it has no implementation here.)
/// The differences are computed in `f64` (each part of a complex number apart) and rounded
/// once to the result dtype.
pub trait GradientInput: DType {
    /// The dtype of the gradient.
    type Out: DType;
    /// The real and (for complex dtypes) imaginary parts of `a` in `f64`.
    fn parts(a: &Array<Self>) -> Result<(Array<f64>, Option<Array<f64>>)>;
    /// The result from the parts' gradients.
    fn from_parts(re: Array<f64>, im: Option<Array<f64>>) -> Result<Array<Self::Out>>;
}

macro_rules! real_gradient {
    ($($t:ty => $out:ty),*) => {$(
        impl GradientInput for $t {
            type Out = $out;
            fn parts(a: &Array<$t>) -> Result<(Array<f64>, Option<Array<f64>>)> {
                Ok((a.astype::<f64>()?, None))
            }
            fn from_parts(re: Array<f64>, _: Option<Array<f64>>) -> Result<Array<$out>> {
                re.astype::<$out>()
            }
        }
    )*};
}
real_gradient!(i8 => f64, i16 => f64, i32 => f64, i64 => f64, u8 => f64, u16 => f64,
    u32 => f64, u64 => f64, f16 => f16, bf16 => bf16, f32 => f32, f64 => f64);

macro_rules! complex_gradient {
    ($($t:ty),*) => {$(
        impl GradientInput for $t {
            type Out = $t;
            fn parts(a: &Array<$t>) -> Result<(Array<f64>, Option<Array<f64>>)> {
                let re = crate::math::real(a)?.astype::<f64>()?;
                let im = crate::math::imag(a)?.astype::<f64>()?;
                Ok((re, Some(im)))
            }
            fn from_parts(re: Array<f64>, im: Option<Array<f64>>) -> Result<Array<$t>> {
                let im = match im {
                    Some(im) => im,
                    None => Array::zeros(&re.device(), re.shape())?,
                };
                complex_from_parts(&re, &im)?.astype::<$t>()
            }
        }
    )*};
}
complex_gradient!(c64, c128);

/// The sample spacing along one axis (NumPy's `varargs` entries).
#[derive(Clone, Debug)]
pub enum Spacing {
    /// A constant distance between neighbouring samples (NumPy's scalar `dx`).
    Uniform(f64),
    /// The coordinates of the samples along the axis: 1-d, as long as the axis (NumPy's
    /// array entry; convert integer or `f32` coordinates with `astype`).
    Coordinates(Array<f64>),
}

/// A call of [`gradient`]: choose the axes, spacings and edge order, then
/// [`run`](Gradient::run).
#[must_use = "a gradient call does nothing until .run()"]
pub struct Gradient<'a, T: GradientInput> {
    f: &'a Array<T>,
    axes: Option<Vec<isize>>,
    spacings: Vec<Spacing>,
    edge_order: usize,
}

impl<T: GradientInput> std::fmt::Debug for Gradient<'_, T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Gradient")
            .field("f", &self.f.shape())
            .field("axes", &self.axes)
            .field("spacings", &self.spacings)
            .field("edge_order", &self.edge_order)
            .finish()
    }
}

/// NumPy's `gradient(f, *varargs, axis=None, edge_order=1)`: the gradient of `f` sampled on
/// a grid, one array (of `f`'s shape) per axis, in order; central differences inside,
/// one-sided differences of order `edge_order` (1 or 2) at the ends, with NumPy's formulas
/// for uniform and for non-uniform spacing.
///
/// NumPy returns a single array for one axis and a tuple otherwise; this returns a `Vec`
/// always (empty for a 0-d `f`, as NumPy's `()`). Spacings are given by
/// [`spacing`](Gradient::spacing) (one for every axis) or [`spacings`](Gradient::spacings)
/// (one per axis); coordinates whose differences are all equal are used as a uniform
/// spacing, as NumPy does. Errors where NumPy raises: an axis shorter than
/// `edge_order + 1`, `edge_order` other than 1 or 2, coordinates that are not 1-d or not
/// as long as their axis, a count of spacings that is neither 1 nor the number of axes,
/// repeated axes. Integers give `f64`; floats and complex numbers keep their dtype
/// ([`GradientInput`]).
///
/// ```
/// use kernels_std::numeric::{gradient, Spacing};
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let f = Array::from_vec(&dev, &[6], vec![1i64, 2, 4, 7, 11, 16])?;
/// assert_eq!(gradient(&f).run()?[0].to_vec()?, vec![1.0, 1.5, 2.5, 3.5, 4.5, 5.0]);
/// let g = gradient(&f).spacing(Spacing::Uniform(2.0)).edge_order(2).run()?;
/// assert_eq!(g[0].to_vec()?, vec![0.25, 0.75, 1.25, 1.75, 2.25, 2.75]);
/// let x = Array::from_vec(&dev, &[6], vec![0.0, 1.0, 1.5, 3.5, 4.0, 6.0])?;
/// let g = gradient(&f).spacing(Spacing::Coordinates(x)).run()?;
/// let want = [1.0, 3.0, 3.5, 6.7, 6.9, 2.5];
/// assert!(g[0].to_vec()?.iter().zip(want).all(|(g, w)| (g - w).abs() < 1e-12));
/// // A 2-d array: one array per axis.
/// let f = Array::from_vec(&dev, &[2, 3], vec![1.0f32, 2.0, 6.0, 3.0, 4.0, 5.0])?;
/// let g = gradient(&f).run()?;
/// assert_eq!(g[0].to_vec()?, vec![2.0, 2.0, -1.0, 2.0, 2.0, -1.0]);
/// assert_eq!(g[1].to_vec()?, vec![1.0, 2.5, 4.0, 1.0, 1.0, 1.0]);
/// assert_eq!(gradient(&f).axis(-1).run()?.len(), 1);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn gradient<T: GradientInput>(f: &Array<T>) -> Gradient<'_, T> {
    Gradient {
        f,
        axes: None,
        spacings: Vec::new(),
        edge_order: 1,
    }
}

impl<T: GradientInput> Gradient<'_, T> {
    /// One axis (NumPy's `axis=k`); negative counts from the end.
    pub fn axis(mut self, axis: isize) -> Self {
        self.axes = Some(vec![axis]);
        self
    }

    /// Several axes, in the order of the results (NumPy's tuple `axis`).
    pub fn axes(mut self, axes: &[isize]) -> Self {
        self.axes = Some(axes.to_vec());
        self
    }

    /// One spacing for every axis (NumPy's single `varargs` entry; the default is
    /// `Uniform(1.0)`).
    pub fn spacing(mut self, spacing: Spacing) -> Self {
        self.spacings = vec![spacing];
        self
    }

    /// One spacing per axis, in the order of the axes (NumPy's `varargs`).
    pub fn spacings(mut self, spacings: Vec<Spacing>) -> Self {
        self.spacings = spacings;
        self
    }

    /// The accuracy at the ends, 1 (the default) or 2 (NumPy's `edge_order`).
    pub fn edge_order(mut self, order: usize) -> Self {
        self.edge_order = order;
        self
    }

    /// The gradient along each axis.
    pub fn run(self) -> Result<Vec<Array<T::Out>>> {
        let f = self.f;
        let nd = f.ndim();
        let axes: Vec<usize> = match &self.axes {
            None => (0..nd).collect(),
            Some(list) => list
                .iter()
                .map(|&a| normalize_axis(a, nd))
                .collect::<Result<_>>()?,
        };
        for (k, a) in axes.iter().enumerate() {
            if axes[..k].contains(a) {
                return Err(Error::invalid(format!(
                    "gradient: repeated axis {a} in {:?}",
                    self.axes
                )));
            }
        }
        if self.edge_order > 2 || self.edge_order == 0 {
            return Err(Error::invalid(format!(
                "gradient: edge_order must be 1 or 2, got {}",
                self.edge_order
            )));
        }
        let spacings: Vec<Spacing> = match self.spacings.len() {
            0 => vec![Spacing::Uniform(1.0); axes.len()],
            1 if matches!(self.spacings[0], Spacing::Uniform(_)) => {
                vec![self.spacings[0].clone(); axes.len()]
            }
            n if n == axes.len() => self.spacings.clone(),
            n => {
                return Err(Error::invalid(format!(
                    "gradient: invalid number of arguments: {n} spacings for {} axes",
                    axes.len()
                )))
            }
        };
        for &a in &axes {
            if f.shape()[a] < self.edge_order + 1 {
                return Err(Error::invalid(format!(
                    "gradient: shape of array too small to calculate a numerical gradient, at \
                     least (edge_order + 1) = {} elements are required along axis {a}, shape {:?}",
                    self.edge_order + 1,
                    f.shape()
                )));
            }
        }
        let (re, im) = T::parts(f)?;
        axes.iter()
            .zip(&spacings)
            .map(|(&axis, spacing)| {
                let n = f.shape()[axis];
                let (dx, h) = spacing_of(spacing, n, &f.device())?;
                let along =
                    |part: &Array<f64>| gradient_along(part, axis, dx, h.as_ref(), self.edge_order);
                let g_re = along(&re)?;
                let g_im = im.as_ref().map(along).transpose()?;
                T::from_parts(g_re, g_im)
            })
            .collect()
    }
}

/// A uniform step, or the differences of the coordinates (`None` / `Some`), checked against
/// the axis length `n`.
fn spacing_of(spacing: &Spacing, n: usize, dev: &Device) -> Result<(f64, Option<Array<f64>>)> {
    match spacing {
        Spacing::Uniform(dx) => Ok((*dx, None)),
        Spacing::Coordinates(x) => {
            if x.ndim() != 1 {
                return Err(Error::invalid(format!(
                    "gradient: distances must be either scalars or 1d, got shape {:?}",
                    x.shape()
                )));
            }
            if x.len() != n {
                return Err(Error::invalid(format!(
                    "gradient: when 1d, distances must match the length of the corresponding \
                     dimension ({} coordinates for an axis of {n})",
                    x.len()
                )));
            }
            // The coordinates along one axis are few: their differences on the host.
            let v = x.to_vec()?;
            let h: Vec<f64> = v.windows(2).map(|w| w[1] - w[0]).collect();
            if h.iter().all(|&d| d == h[0]) {
                return Ok((h[0], None));
            }
            Ok((0.0, Some(Array::from_vec(dev, &[h.len()], h)?)))
        }
    }
}

/// The gradient of `f` (`f64`) along `axis`.
fn gradient_along(
    f: &Array<f64>,
    axis: usize,
    dx: f64,
    h: Option<&Array<f64>>,
    edge_order: usize,
) -> Result<Array<f64>> {
    let rows = Rows::new(f, Some(axis as isize))?;
    let n = rows.n;
    let uniform = h.is_none();
    let mut out = Array::<f64>::zeros(&f.device(), &[rows.rows, n])?;
    if rows.rows > 0 {
        let dummy;
        let h = match h {
            Some(h) => h,
            None => {
                dummy = Array::<f64>::zeros(&f.device(), &[1])?;
                &dummy
            }
        };
        gradient_rows::launch(
            &LaunchConfig::for_elements(rows.rows * n, 256),
            &rows.data,
            h,
            &mut out,
            n as u64,
            dx,
            uniform,
            edge_order == 2,
        )?;
    }
    rows.restore(&out, n)
}
