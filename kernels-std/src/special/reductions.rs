//! SciPy's `logsumexp`, `softmax` and `log_softmax`, over any axes.
//!
//! ```
//! use kernels_std::{special, Array, Device};
//! let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![1000.0f64, 1000.0, 0.0, f64::NEG_INFINITY])?;
//! let l = special::logsumexp(&a).axis(1).run()?.to_vec()?;
//! assert!((l[0] - (1000.0 + 2f64.ln())).abs() < 1e-12 && l[1] == 0.0);
//! let b = Array::from_vec(&Device::cpu(), &[2], vec![1.0f64, -2.0])?;
//! let x = Array::from_vec(&Device::cpu(), &[2], vec![1.0f64, 2.0])?;
//! let (v, s) = special::logsumexp(&x).b(&b).run_with_sign()?;
//! assert_eq!(s.to_vec()?, vec![-1.0]);
//! let x = Array::from_vec(&Device::cpu(), &[2], vec![1000.0f64, 1000.0])?;
//! assert_eq!(special::softmax(&x).run()?.to_vec()?, vec![0.5, 0.5]);
//! let x = Array::from_vec(&Device::cpu(), &[2], vec![f64::NEG_INFINITY, 0.0])?;
//! assert_eq!(special::log_softmax(&x).run()?.to_vec()?, vec![f64::NEG_INFINITY, 0.0]);
//! # Ok::<(), kernels_std::Error>(())
//! ```

use super::kernels;
use super::Promote;
use crate::prelude::*;
use crate::reduce::builder::{axes_methods, AxesChoice};
use array_runtime::expr::{Expr, IntoExpr};
use array_runtime::kernel::elementwise::Operand;
use array_runtime::kernel::reduction::Erase;
use array_runtime::kernel::reduction::ReduceCall;

/// `(ln |sum|, sign of the sum)`: what [`LogSumExp::run_with_sign`] returns.
pub type LogAndSign<T> = (Array<T>, Array<T>);

/// The builder of [`logsumexp`]: axes, `keepdims`, weights `b`; [`LogSumExp::run`] or
/// [`LogSumExp::run_with_sign`] (SciPy's `return_sign=True`).
#[derive(Clone, Debug)]
#[must_use = "a reduction builder does nothing until `.run()` (or `.run_with_sign()`) is called"]
pub struct LogSumExp<'a, T: Promote> {
    a: &'a Array<T>,
    b: Option<&'a Array<T>>,
    choice: AxesChoice,
}

impl<'a, T: Promote> LogSumExp<'a, T> {
    axes_methods!();

    /// Weights (SciPy's `b`), broadcast against the array: `ln sum b e^a`; elements with
    /// `b == 0` are left out.
    pub fn b(mut self, b: &'a Array<T>) -> Self {
        self.b = Some(b);
        self
    }

    /// The reduction's raw result: the logarithm in `re`, the sign of the sum in `im`.
    fn reduce(&self) -> Result<Array<c128>> {
        if self.b.is_none() {
            return self.reduce_unweighted();
        }
        let a = T::promote(self.a)?;
        let b: Operand<'_, T::Out> = match self.b {
            Some(b) => T::promote(b)?,
            None => Operand::Scalar(1i32.cast::<T::Out>()),
        };
        let operands: Vec<Box<dyn Erase + '_>> = vec![Box::new(a), Box::new(b)];
        let call = ReduceCall::<kernels::logsumexp::Kernel<T::Out>>::new(operands);
        self.choice.apply(call).run()
    }

    /// [`LogSumExp::reduce`] without weights, in two passes: the largest element `m` with
    /// kept dimensions, then the sums of the terms `e^(x - m)` with `m` broadcast, fused into
    /// the reduction (see the kernels).
    fn reduce_unweighted(&self) -> Result<Array<c128>> {
        let keep = AxesChoice {
            axes: self.choice.axes.clone(),
            keepdims: true,
        };
        let a = T::promote(self.a)?;
        let call = ReduceCall::<kernels::lse_max::Kernel<T::Out>>::new(vec![Box::new(a)]);
        let m = keep.apply(call).run()?;
        let x: Expr<T::Out> = match T::promote(self.a)? {
            Operand::Borrowed(a) => a.into_expr(),
            Operand::Owned(a) => a.into_expr(),
            Operand::Lazy(e) => e,
            Operand::Scalar(v) => Array::full(&self.a.device(), &[], v)?.into_expr(),
        };
        let terms = kernels::lse_term::lazy::<T::Out>(x, &m);
        let call =
            ReduceCall::<kernels::lse_split_sum::Kernel>::new(vec![Box::new(Operand::Lazy(terms))]);
        let wt = keep.apply(call).run()?;
        let r = kernels::lse_from_max::<T::Out>(&m, &wt)?;
        if self.choice.keepdims {
            return Ok(r);
        }
        // The reduced axes (valid: the passes above checked them) dropped.
        let nd = r.ndim();
        let reduced: Vec<usize> = match &self.choice.axes {
            None => (0..nd).collect(),
            Some(axes) => axes
                .iter()
                .map(|&a| if a < 0 { a + nd as isize } else { a } as usize)
                .collect(),
        };
        let shape: Vec<usize> = (0..nd)
            .filter(|d| !reduced.contains(d))
            .map(|d| r.shape()[d])
            .collect();
        r.reshape(&shape)
    }

    /// `ln sum e^a` (times `b`) over the chosen axes (every axis by default): NaN where a
    /// weighted sum is negative, `-inf` over an empty axis.
    pub fn run(self) -> Result<Array<T::Out>> {
        kernels::logsumexp_value::<T::Out>(&self.reduce()?)
    }

    /// `(ln |sum b e^a|, sign of the sum)` (SciPy's `return_sign=True`; the sign is 0 where
    /// the sum is).
    pub fn run_with_sign(self) -> Result<LogAndSign<T::Out>> {
        kernels::logsumexp_parts::<T::Out>(&self.reduce()?)
    }
}

/// `ln sum e^a` over axes without overflow (SciPy's `logsumexp`): a builder with `axis`,
/// `axes`, `keepdims`, `b` (weights), then `run()` or `run_with_sign()`. Integers give `f64`,
/// `f32` stays `f32`; computed in `f64` (in two passes without weights, one with them).
///
/// Example: [the family's page](self).
pub fn logsumexp<T: Promote>(a: &Array<T>) -> LogSumExp<'_, T> {
    LogSumExp {
        a,
        b: None,
        choice: AxesChoice::default(),
    }
}

/// The builder of [`softmax`] and [`log_softmax`]: the axes (every axis by default).
#[derive(Clone, Debug)]
#[must_use = "a softmax builder does nothing until `.run()` is called"]
pub struct Softmax<'a, T: Promote> {
    x: &'a Array<T>,
    choice: AxesChoice,
    log: bool,
}

impl<T: Promote> Softmax<'_, T> {
    /// Adds `axis` (negative counts from the end) to the axes normalized over.
    pub fn axis(mut self, axis: isize) -> Self {
        self.choice.axes.get_or_insert_with(Vec::new).push(axis);
        self
    }

    /// Normalizes over exactly these axes.
    pub fn axes(mut self, axes: &[isize]) -> Self {
        self.choice.axes = Some(axes.to_vec());
        self
    }

    /// The result, of the input's shape.
    pub fn run(self) -> Result<Array<T::Out>> {
        let mut choice = self.choice.clone();
        choice.keepdims = true;
        let x = T::promote(self.x)?;
        let operands: Vec<Box<dyn Erase + '_>> = vec![Box::new(x)];
        let call = ReduceCall::<kernels::logsumexp_split::Kernel<T::Out>>::new(operands);
        let ml = choice.apply(call).run()?;
        let x = T::promote(self.x)?;
        if self.log {
            kernels::log_softmax_apply::<T::Out>(x, &ml)
        } else {
            kernels::softmax_apply::<T::Out>(x, &ml)
        }
    }
}

/// `e^x / sum e^x` over axes (SciPy's `softmax`): `softmax(&x).axis(1).run()`.
///
/// Example: [the family's page](self).
pub fn softmax<T: Promote>(x: &Array<T>) -> Softmax<'_, T> {
    Softmax {
        x,
        choice: AxesChoice::default(),
        log: false,
    }
}

/// `x - logsumexp(x)` over axes (SciPy's `log_softmax`): `log_softmax(&x).axis(1).run()`.
///
/// Example: [the family's page](self).
pub fn log_softmax<T: Promote>(x: &Array<T>) -> Softmax<'_, T> {
    Softmax {
        x,
        choice: AxesChoice::default(),
        log: true,
    }
}
