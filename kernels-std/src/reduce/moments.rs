//! `mean`, `var`, `std`, `average` and `nanmean`, `nanvar`, `nanstd`.

use array_runtime::expr::IntoExpr;
use array_runtime::kernel::elementwise::{IntoOperand, Operand};
use array_runtime::kernel::reduction::{Erase, ReduceCall};
use array_runtime::{c128, c64, shape, Array, DType, Error, Float, Result};

use super::builder::{axes_methods, AxesChoice};
use super::dtypes::{AverageOf, MeanDType, MeanOf};
use super::kernels;

/// The call of [`mean`] and [`nanmean`]: choose axes, then `.run()`.
#[derive(Debug)]
#[must_use = "a reduction builder does nothing until `.run()` is called"]
pub struct Mean<'a, T: DType> {
    a: Operand<'a, T>,
    choice: AxesChoice,
    skip_nan: bool,
}

impl<T: MeanOf> Mean<'_, T> {
    axes_methods!();

    /// Runs the reduction.
    pub fn run(self) -> Result<Array<<T as MeanOf>::Out>> {
        if !self.skip_nan {
            let ndim = match &self.a {
                Operand::Lazy(e) => e.shape()?.len(),
                Operand::Borrowed(a) => a.ndim(),
                Operand::Owned(a) => a.ndim(),
                Operand::Scalar(_) => 0,
            };
            self.choice.reject_axis_of_scalar("mean", ndim)?;
        }
        let input: Vec<Box<dyn Erase + '_>> = vec![Box::new(self.a)];
        if self.skip_nan {
            let call = ReduceCall::<T::NanMean>::new(input);
            self.choice.apply(call).run()
        } else {
            let call = ReduceCall::<T::Mean>::new(input);
            self.choice.apply(call).run()
        }
    }
}

/// NumPy's `mean`: the sum over the chosen axes (all by default) divided by their number of
/// elements, accumulated and returned in NumPy's dtypes ([`MeanOf`]: `f64` for integers,
/// `f32` accumulation for `f16`, complex for complex). An empty axis gives NaN; an axis of a 0-d array is an
/// error, as in NumPy (whose `nanmean`, `nanvar` and `nanstd` accept it, as ours do).
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::reduce::mean;
/// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![1i32, 2, 3, 5])?;
/// let m: Array<f64> = mean(&a).axis(1).run()?;
/// assert_eq!(m.to_vec()?, vec![1.5, 4.0]);
/// assert_eq!(mean(&a).run()?.item()?, 2.75);
/// assert!(mean(&Array::scalar(&Device::cpu(), 1.0f32)?).axis(0).run().is_err());
/// // The mean of an expression, fused into the reduction (no temporary array).
/// assert_eq!(mean(&a * &a).run()?.item()?, 9.75);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn mean<'a, T: MeanOf>(a: impl IntoOperand<'a, T>) -> Mean<'a, T> {
    Mean {
        a: a.into_operand(),
        choice: AxesChoice::default(),
        skip_nan: false,
    }
}

/// NumPy's `mean(a, dtype=U)`: the mean with each element converted to the float or complex
/// dtype `U` and summed in it (`f16`/`bf16` in `f32`, as [`mean`] does), returned as `U`.
/// Axes and `keepdims` as for [`mean`]; the conversion is fused into the reduction. An
/// integer `dtype=` (NumPy truncates the mean into it) is not offered.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::reduce::mean_as;
/// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![1i64, 2, 3, 5])?;
/// let m: Array<f32> = mean_as::<f32, _>(&a).axis(1).run()?;
/// assert_eq!(m.to_vec()?, vec![1.5, 4.0]);
/// assert_eq!(mean_as::<c128, _>(&a).run()?.item()?, c128::new(2.75, 0.0));
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn mean_as<'a, U: MeanOf<Out = U>, T: DType>(a: impl IntoExpr<T>) -> Mean<'a, U> {
    Mean {
        a: Operand::Lazy(a.into_expr().astype::<U>()),
        choice: AxesChoice::default(),
        skip_nan: false,
    }
}

/// NumPy's `nanmean`: the mean of the elements that are not NaN; NaN where there is none.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::reduce::nanmean;
/// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![1.0, f64::NAN, f64::NAN, f64::NAN])?;
/// let m = nanmean(&a).axis(1).run()?.to_vec()?;
/// assert_eq!(m[0], 1.0);
/// assert!(m[1].is_nan());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn nanmean<'a, T: MeanOf>(a: impl IntoOperand<'a, T>) -> Mean<'a, T> {
    Mean {
        a: a.into_operand(),
        choice: AxesChoice::default(),
        skip_nan: true,
    }
}

/// The call of [`var`], [`std()`], [`nanvar`], [`nanstd`]: choose axes and `ddof`, then
/// `.run()`.
#[derive(Debug)]
#[must_use = "a reduction builder does nothing until `.run()` is called"]
pub struct Var<'a, T: DType> {
    a: &'a Array<T>,
    choice: AxesChoice,
    ddof: f64,
    skip_nan: bool,
    root: bool,
}

impl<T: VarOf> Var<'_, T> {
    axes_methods!();

    /// Delta degrees of freedom: the divisor is `n - ddof` (NumPy's `ddof`, default 0). With
    /// `ddof >= n` the result is inf or NaN, not an error; a NaN `ddof` gives NaN.
    pub fn ddof(mut self, ddof: impl Into<f64>) -> Self {
        self.ddof = ddof.into();
        self
    }

    fn name(&self) -> &'static str {
        match (self.skip_nan, self.root) {
            (false, false) => "var",
            (false, true) => "std",
            (true, false) => "nanvar",
            (true, true) => "nanstd",
        }
    }

    /// Runs the reduction (one pass over the data), then the square root for `std`.
    pub fn run(self) -> Result<Array<<T as VarOf>::Out>> {
        T::run_var(self)
    }
}

impl<T: MeanDType> Var<'_, T> {
    /// [`Var::run`] of a real dtype.
    fn run_real(self) -> Result<Array<<T as MeanDType>::Out>> {
        if !self.skip_nan {
            self.choice
                .reject_axis_of_scalar(self.name(), self.a.ndim())?;
        }
        let ddof: T::Acc = self.ddof.cast::<T::Acc>();
        let operands = || -> Vec<Box<dyn Erase + '_>> {
            vec![
                Box::new(Operand::Borrowed(self.a)),
                Box::new(Operand::Scalar(ddof)),
            ]
        };
        let v = if self.skip_nan {
            let call = ReduceCall::<kernels::nanvar::Kernel<T, T::Acc, <T as MeanDType>::Out>>::new(
                operands(),
            );
            self.choice.apply(call).run()?
        } else {
            // The count is the same for every result: m2 by a one-input reduction, then one
            // division by NumPy's `maximum(n - ddof, 0)`, which keeps a NaN `ddof` NaN.
            let call = ReduceCall::<kernels::m2::Kernel<T, T::Acc>>::new(vec![Box::new(
                Operand::Borrowed(self.a),
            )]);
            let m2 = self.choice.apply(call).run()?;
            let n = self.reduced_count();
            let c = n as f64 - self.ddof;
            let c = if c.is_nan() { c } else { c.max(0.0) }.cast::<T::Acc>();
            kernels::m2_to_var::<T::Acc, <T as MeanDType>::Out>(&m2, Operand::Scalar(c))?
        };
        if self.root {
            kernels::sqrt::<<T as MeanDType>::Out>(&v)
        } else {
            Ok(v)
        }
    }
}

impl<T: MeanDType> Var<'_, T> {
    /// How many elements each result reduces (the axes are valid: the reduction ran).
    fn reduced_count(&self) -> usize {
        let shape = self.a.shape();
        match &self.choice.axes {
            None => shape.iter().product(),
            Some(axes) => {
                let mut seen: Vec<usize> = axes
                    .iter()
                    .map(|&ax| ax.rem_euclid(shape.len().max(1) as isize) as usize)
                    .collect();
                seen.sort_unstable();
                seen.dedup();
                seen.iter()
                    .map(|&d| shape.get(d).copied().unwrap_or(1))
                    .product()
            }
        }
    }
}

/// Dtypes `var`, `std`, `nanvar` and `nanstd` take: those of [`MeanDType`] (its result
/// dtype) and the complex ones (their parts' dtype: `c64` gives `f32`).
///
/// ```
/// use kernels_std::reduce::VarOf;
/// fn out_name<T: VarOf>() -> &'static str { <T::Out as kernels_std::DType>::ID.name() }
/// assert_eq!(out_name::<kernels_std::c128>(), "f64");
/// assert_eq!(out_name::<u8>(), "f64");
/// ```
pub trait VarOf: DType {
    /// The result's dtype.
    type Out: Float;
    /// Runs `call` (see [`Var::run`]).
    #[doc(hidden)]
    fn run_var(call: Var<'_, Self>) -> Result<Array<Self::Out>>;
}

impl<T: MeanDType> VarOf for T {
    type Out = <T as MeanDType>::Out;
    fn run_var(call: Var<'_, T>) -> Result<Array<Self::Out>> {
        call.run_real()
    }
}

/// The variance of a complex array: that of its real parts plus that of its imaginary parts
/// (each over `n - ddof`), the square root for `std`. Skipping NaN drops an element whose
/// either part is NaN from both.
macro_rules! complex_var {
    ($($t:ident, $r:ident: $both:ident;)*) => {$(
        impl VarOf for $t {
            type Out = $r;
            fn run_var(call: Var<'_, $t>) -> Result<Array<$r>> {
                let (re, im) = if call.skip_nan {
                    kernels::$both(call.a)?
                } else {
                    (crate::math::real(call.a)?, crate::math::imag(call.a)?)
                };
                let part = |a: &Array<$r>| {
                    Var {
                        a,
                        choice: call.choice.clone(),
                        ddof: call.ddof,
                        skip_nan: call.skip_nan,
                        root: false,
                    }
                    .run_real()
                };
                let v = crate::math::add(&part(&re)?, &part(&im)?)?;
                if call.root {
                    kernels::sqrt::<$r>(&v)
                } else {
                    Ok(v)
                }
            }
        }
    )*};
}
complex_var! {
    c64, f32: nan_parts_c64;
    c128, f64: nan_parts_c128;
}

fn var_call<T: VarOf>(a: &Array<T>, skip_nan: bool, root: bool) -> Var<'_, T> {
    Var {
        a,
        choice: AxesChoice::default(),
        ddof: 0.0,
        skip_nan,
        root,
    }
}

/// NumPy's `var`: the mean squared deviation from the mean, `sum((x - mean)^2) / (n - ddof)`,
/// in one stable pass (shifted sums: deviations from a sample of the data, accurate for data
/// with a large mean). Dtypes as [`mean`]'s for real numbers; complex numbers give their
/// parts' dtype, the variance of the real parts plus that of the imaginary parts (NumPy's
/// `mean(|x - mean|^2)`). An empty axis gives NaN.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::reduce::var;
/// let a = Array::from_vec(&Device::cpu(), &[4], vec![1e9f64 + 1.0, 1e9 + 2.0, 1e9 + 3.0, 1e9 + 4.0])?;
/// assert_eq!(var(&a).run()?.item()?, 1.25);
/// assert_eq!(var(&a).ddof(1).run()?.item()?, 5.0 / 3.0);
/// assert!(var(&a).ddof(4).run()?.item()?.is_infinite());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn var<T: VarOf>(a: &Array<T>) -> Var<'_, T> {
    var_call(a, false, false)
}

/// NumPy's `std`: the square root of [`var`] (same options).
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::reduce::std;
/// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![1u8, 3, 10, 10])?;
/// assert_eq!(std(&a).axis(1).run()?.to_vec()?, vec![1.0, 0.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn std<T: VarOf>(a: &Array<T>) -> Var<'_, T> {
    var_call(a, false, true)
}

/// NumPy's `nanvar`: [`var`] of the elements that are not NaN.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::reduce::nanvar;
/// let a = Array::from_vec(&Device::cpu(), &[3], vec![1.0f32, f32::NAN, 3.0])?;
/// assert_eq!(nanvar(&a).run()?.item()?, 1.0);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn nanvar<T: VarOf>(a: &Array<T>) -> Var<'_, T> {
    var_call(a, true, false)
}

/// NumPy's `nanstd`: [`std()`] of the elements that are not NaN.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::reduce::nanstd;
/// let a = Array::from_vec(&Device::cpu(), &[3], vec![1.0, f64::NAN, 3.0])?;
/// assert_eq!(nanstd(&a).ddof(1).run()?.item()?, 2f64.sqrt());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn nanstd<T: VarOf>(a: &Array<T>) -> Var<'_, T> {
    var_call(a, true, true)
}

/// The call of [`average`]: choose axes and weights, then `.run()`.
#[derive(Debug)]
#[must_use = "a reduction builder does nothing until `.run()` is called"]
pub struct Average<'a, T: DType> {
    a: &'a Array<T>,
    choice: AxesChoice,
    weights: Option<&'a Array<T>>,
}

impl<'a, T: AverageOf> Average<'a, T> {
    axes_methods!();

    /// Weights: of `a`'s shape, or 1-d along the single axis reduced (NumPy's rule).
    pub fn weights(mut self, w: &'a Array<T>) -> Self {
        self.weights = Some(w);
        self
    }

    /// Runs the reduction: `sum(a * w) / sum(w)`. Weights that sum to zero along a reduced
    /// slice are an error, as in NumPy.
    pub fn run(self) -> Result<Array<<T as MeanOf>::Out>> {
        let Some(w) = self.weights else {
            return Mean {
                a: Operand::Borrowed(self.a),
                choice: self.choice,
                skip_nan: false,
            }
            .run();
        };
        let w = self.weights_view(w)?;
        let wsum = self
            .choice
            .apply(ReduceCall::<T::WeightSum>::new(vec![Box::new(
                Operand::Borrowed(&w),
            )]))
            .run()?;
        if kernels::any_zero(&wsum).run()?.item()? {
            return Err(Error::invalid(format!(
                "average: weights sum to zero along the reduced axes (shape {:?}, axes {:?})",
                self.a.shape(),
                self.choice.axes
            )));
        }
        let call = ReduceCall::<T::Weighted>::new(vec![
            Box::new(Operand::Borrowed(self.a)),
            Box::new(Operand::Borrowed(&w)),
        ]);
        self.choice.apply(call).run()
    }

    /// The weights as an array that broadcasts against `a`.
    fn weights_view(&self, w: &Array<T>) -> Result<Array<T>> {
        let a = self.a;
        if w.shape() == a.shape() {
            return Ok(w.clone());
        }
        let axes = self.choice.axes.as_deref().unwrap_or(&[]);
        if w.ndim() != 1 || axes.len() != 1 {
            return Err(Error::invalid(format!(
                "average: weights of shape {:?} differ from the array's {:?}: they must be 1-d \
                 along one axis given (axes given: {:?})",
                w.shape(),
                a.shape(),
                self.choice.axes
            )));
        }
        let axis = shape::normalize_axis(axes[0], a.ndim())?;
        if w.len() != a.shape()[axis] {
            return Err(Error::ShapeMismatch {
                op: format!("average: weights along axis {axis}"),
                expected: vec![a.shape()[axis]],
                found: w.shape().to_vec(),
            });
        }
        let mut target = vec![1; a.ndim()];
        target[axis] = w.len();
        w.reshape(&target)
    }
}

/// NumPy's `average`: the weighted mean `sum(a * w) / sum(w)` over the chosen axes; without
/// weights, [`mean`]. Dtypes as [`mean`]'s (NumPy's for equal dtypes of `a` and weights);
/// `c64` and `c128` take complex weights ([`AverageOf`]): real weights of a complex array are
/// given as complex numbers (`astype`), where NumPy also accepts them real.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::reduce::average;
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[2, 2], vec![1.0f64, 2.0, 3.0, 4.0])?;
/// let w = Array::from_vec(&dev, &[2], vec![3.0, 1.0])?;
/// assert_eq!(average(&a).axis(1).weights(&w).run()?.to_vec()?, vec![1.25, 3.25]);
/// assert_eq!(average(&a).run()?.item()?, 2.5);
/// let zero = Array::from_vec(&dev, &[2], vec![1.0, -1.0])?;
/// assert!(average(&a).axis(0).weights(&zero).run().is_err());
/// let z = Array::from_vec(&dev, &[2], vec![c64::new(1.0, 1.0), c64::new(3.0, 5.0)])?;
/// let zw = Array::from_vec(&dev, &[2], vec![c64::new(1.0, 0.0), c64::new(3.0, 0.0)])?;
/// assert_eq!(average(&z).weights(&zw).run()?.item()?, c64::new(2.5, 4.0));
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn average<T: AverageOf>(a: &Array<T>) -> Average<'_, T> {
    Average {
        a,
        choice: AxesChoice::default(),
        weights: None,
    }
}
