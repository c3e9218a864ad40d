//! NumPy's array methods on [`Array`]: `a.sum()`, `a.mean()`, `a.argmax()`, `a.clip(lo, hi)`,
//! `a.cumsum(None)`, `a.sort(Some(-1))`, ... through the trait [`ArrayMethods`] (in the
//! [prelude](crate::prelude)), since `Array` lives in the runtime crate.
//!
//! Each method is the free function of the same name with the array as its first argument, and
//! returns exactly what that function returns: the reductions give their builder (choose axes,
//! then `.run()`), the others a `Result`. The names are NumPy's (`prod`, `clip`, where ndarray
//! says `product`, `clamp`), as the free functions' are.
//!
//! ```
//! use kernels_std::prelude::*;
//! let dev = Device::cpu();
//! let a = Array::from_vec(&dev, &[2, 3], vec![3.0f64, -1.0, 2.0, 0.5, 4.0, -2.0])?;
//! assert_eq!(a.sum().axis(1).run()?.to_vec()?, vec![4.0, 2.5]);
//! assert_eq!(a.max().run()?.item()?, 4.0);
//! assert_eq!(a.argmin().axis(0).run()?.to_vec()?, vec![1, 0, 1]);
//! assert_eq!(a.clip(0.0, 2.0)?.to_vec()?, vec![2.0, 0.0, 2.0, 0.5, 2.0, 0.0]);
//! assert_eq!(a.sort(Some(-1))?.to_vec()?, vec![-1.0, 2.0, 3.0, -2.0, 0.5, 4.0]);
//! # Ok::<(), kernels_std::Error>(())
//! ```

use array_runtime::{Array, DType, IntoOperand, Result};

use crate::math::Around;
use crate::reduce::{
    All, Any, ArgDType, ArgMax, ArgMin, ExtremaDType, Max, Mean, MeanOf, Min, Prod, Sum, SumDType,
    Var, VarOf,
};
use crate::scan::Accumulate;
use crate::sort::Sortable;

/// NumPy's array methods, each the free function of its name with `self` as the array (see
/// the [module](self)). In the [prelude](crate::prelude).
///
/// ```
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[2, 2], vec![1i32, 2, 3, 4])?;
/// assert_eq!(a.sum().run()?.item()?, 10i64);
/// assert_eq!(a.prod().axis(0).run()?.to_vec()?, vec![3i64, 8]);
/// assert_eq!(a.mean().run()?.item()?, 2.5);
/// assert_eq!((a.max().run()?.item()?, a.min().run()?.item()?), (4, 1));
/// assert_eq!((a.argmax().run()?.item()?, a.argmin().run()?.item()?), (3, 0));
/// assert_eq!(a.var().run()?.item()?, 1.25);
/// assert_eq!(a.std().ddof(1).run()?.item()?, (5.0f64 / 3.0).sqrt());
/// assert!(a.any().run()?.item()? && a.all().run()?.item()?);
/// assert_eq!(a.clip(2, 3)?.to_vec()?, vec![2, 2, 3, 3]);
/// assert_eq!(a.round(-1)?.to_vec()?, vec![0, 0, 0, 0]);
/// assert_eq!(a.cumsum(None)?.to_vec()?, vec![1i64, 3, 6, 10]);
/// assert_eq!(a.cumprod(Some(1))?.to_vec()?, vec![1i64, 2, 3, 12]);
/// assert_eq!(a.t().sort(Some(-1))?.to_vec()?, vec![1, 3, 2, 4]);
/// assert_eq!(a.argsort(Some(0))?.to_vec()?, vec![0i64, 0, 1, 1]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub trait ArrayMethods<T: DType> {
    /// [`sum`](crate::reduce::sum)`(self)`: a builder (`.axis(1).run()`).
    fn sum(&self) -> Sum<'_, T>
    where
        T: SumDType;

    /// [`prod`](crate::reduce::prod)`(self)`: a builder.
    fn prod(&self) -> Prod<'_, T>
    where
        T: SumDType;

    /// [`mean`](crate::reduce::mean)`(self)`: a builder.
    fn mean(&self) -> Mean<'_, T>
    where
        T: MeanOf;

    /// [`max`](crate::reduce::max)`(self)`: a builder.
    fn max(&self) -> Max<'_, T>
    where
        T: ExtremaDType;

    /// [`min`](crate::reduce::min)`(self)`: a builder.
    fn min(&self) -> Min<'_, T>
    where
        T: ExtremaDType;

    /// [`argmax`](crate::reduce::argmax)`(self)`: a builder.
    fn argmax(&self) -> ArgMax<'_, T>
    where
        T: ArgDType;

    /// [`argmin`](crate::reduce::argmin)`(self)`: a builder.
    fn argmin(&self) -> ArgMin<'_, T>
    where
        T: ArgDType;

    /// [`std`](crate::reduce::std)`(self)`: a builder (`.ddof(1)`, axes, then `.run()`).
    fn std(&self) -> Var<'_, T>
    where
        T: VarOf;

    /// [`var`](crate::reduce::var)`(self)`: a builder.
    fn var(&self) -> Var<'_, T>
    where
        T: VarOf;

    /// [`any`](crate::reduce::any)`(self)`: a builder.
    fn any(&self) -> Any<'_, T>;

    /// [`all`](crate::reduce::all)`(self)`: a builder.
    fn all(&self) -> All<'_, T>;

    /// [`clip`](crate::math::clip)`(self, lo, hi)`: `lo` and `hi` are arrays or scalars.
    fn clip<'a>(
        &'a self,
        lo: impl IntoOperand<'a, T>,
        hi: impl IntoOperand<'a, T>,
    ) -> Result<Array<T>>
    where
        T: crate::math::Clip;

    /// [`round`](crate::math::round)`(self, decimals)` (NumPy's `a.round(decimals)`, half to
    /// even; `0` for NumPy's default).
    fn round(&self, decimals: i32) -> Result<Array<T>>
    where
        T: Around;

    /// [`cumsum`](crate::scan::cumsum)`(self, axis)` (NumPy's default: `None`, the flattened
    /// array).
    fn cumsum(&self, axis: Option<isize>) -> Result<Array<T::Acc>>
    where
        T: Accumulate;

    /// [`cumprod`](crate::scan::cumprod)`(self, axis)`.
    fn cumprod(&self, axis: Option<isize>) -> Result<Array<T::Acc>>
    where
        T: Accumulate;

    /// [`sort`](crate::sort::sort)`(self, axis)`: a sorted copy, as `np.sort` (NumPy's
    /// `a.sort()` sorts in place, along `-1` by default: `Some(-1)`).
    fn sort(&self, axis: Option<isize>) -> Result<Array<T>>
    where
        T: Sortable;

    /// [`argsort`](crate::sort::argsort)`(self, axis)` (NumPy's default: `Some(-1)`).
    fn argsort(&self, axis: Option<isize>) -> Result<Array<i64>>
    where
        T: Sortable;
}

impl<T: DType> ArrayMethods<T> for Array<T> {
    fn sum(&self) -> Sum<'_, T>
    where
        T: SumDType,
    {
        crate::reduce::sum(self)
    }

    fn prod(&self) -> Prod<'_, T>
    where
        T: SumDType,
    {
        crate::reduce::prod(self)
    }

    fn mean(&self) -> Mean<'_, T>
    where
        T: MeanOf,
    {
        crate::reduce::mean(self)
    }

    fn max(&self) -> Max<'_, T>
    where
        T: ExtremaDType,
    {
        crate::reduce::max(self)
    }

    fn min(&self) -> Min<'_, T>
    where
        T: ExtremaDType,
    {
        crate::reduce::min(self)
    }

    fn argmax(&self) -> ArgMax<'_, T>
    where
        T: ArgDType,
    {
        crate::reduce::argmax(self)
    }

    fn argmin(&self) -> ArgMin<'_, T>
    where
        T: ArgDType,
    {
        crate::reduce::argmin(self)
    }

    fn std(&self) -> Var<'_, T>
    where
        T: VarOf,
    {
        crate::reduce::std(self)
    }

    fn var(&self) -> Var<'_, T>
    where
        T: VarOf,
    {
        crate::reduce::var(self)
    }

    fn any(&self) -> Any<'_, T> {
        crate::reduce::any(self)
    }

    fn all(&self) -> All<'_, T> {
        crate::reduce::all(self)
    }

    fn clip<'a>(
        &'a self,
        lo: impl IntoOperand<'a, T>,
        hi: impl IntoOperand<'a, T>,
    ) -> Result<Array<T>>
    where
        T: crate::math::Clip,
    {
        crate::math::clip(self, lo, hi)
    }

    fn round(&self, decimals: i32) -> Result<Array<T>>
    where
        T: Around,
    {
        crate::math::round(self, decimals)
    }

    fn cumsum(&self, axis: Option<isize>) -> Result<Array<T::Acc>>
    where
        T: Accumulate,
    {
        crate::scan::cumsum(self, axis)
    }

    fn cumprod(&self, axis: Option<isize>) -> Result<Array<T::Acc>>
    where
        T: Accumulate,
    {
        crate::scan::cumprod(self, axis)
    }

    fn sort(&self, axis: Option<isize>) -> Result<Array<T>>
    where
        T: Sortable,
    {
        crate::sort::sort(self, axis)
    }

    fn argsort(&self, axis: Option<isize>) -> Result<Array<i64>>
    where
        T: Sortable,
    {
        crate::sort::argsort(self, axis)
    }
}
