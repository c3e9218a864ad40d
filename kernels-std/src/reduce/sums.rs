//! `sum`, `prod`, `nansum`, `nanprod`, and `sum`/`prod` in a chosen dtype (`dtype=`).

use array_runtime::expr::IntoExpr;
use array_runtime::kernel::elementwise::{IntoOperand, Operand};
use array_runtime::kernel::reduction::ReduceCall;
use array_runtime::DType;

use super::dtypes::{SumAs, SumDType};

/// The call [`sum`] returns: choose axes, then `.run()`.
pub type Sum<'a, T> = ReduceCall<'a, <T as SumDType>::Sum>;
/// The call [`prod`] returns.
pub type Prod<'a, T> = ReduceCall<'a, <T as SumDType>::Prod>;
/// The call [`nansum`] returns.
pub type NanSum<'a, T> = ReduceCall<'a, <T as SumDType>::NanSum>;
/// The call [`nanprod`] returns.
pub type NanProd<'a, T> = ReduceCall<'a, <T as SumDType>::NanProd>;

/// NumPy's `sum`: the sum over the chosen axes (all by default; `0` over an empty axis), in
/// NumPy's result dtype ([`SumDType`]: `i8` sums to `i64`, `f16` accumulates in `f32`).
/// Integer sums wrap only at 64 bits. Float sums are pairwise on the CPU, as NumPy's. `c64`
/// and `c128` are summed as themselves.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::reduce::sum;
/// let a = Array::from_vec(&Device::cpu(), &[2, 3], vec![100i8, 100, 100, -1, -2, -3])?;
/// let rows: Array<i64> = sum(&a).axis(1).run()?;
/// assert_eq!(rows.to_vec()?, vec![300, -6]);
/// assert_eq!(sum(&a).run()?.item()?, 294);
/// assert_eq!(sum(&a).axes(&[]).run()?.shape(), &[2, 3]);
/// // An expression is fused into the reduction: one kernel, no temporary array.
/// let b = Array::from_vec(&Device::cpu(), &[3], vec![1i8, 0, 1])?;
/// let before = kernels_std::kernel::launches();
/// let dots: Array<i64> = sum(&a * &b).axis(1).run()?;
/// assert_eq!(kernels_std::kernel::launches() - before, 1);
/// assert_eq!(dots.to_vec()?, vec![200, -4]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn sum<'a, T: SumDType>(a: impl IntoOperand<'a, T>) -> Sum<'a, T> {
    ReduceCall::new(vec![Box::new(a.into_operand())])
}

/// NumPy's `prod`: the product (`1` over an empty axis), in the dtype of [`sum`]; integers
/// wrap at 64 bits.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::reduce::prod;
/// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![1.5f32, 2.0, -1.0, 4.0])?;
/// assert_eq!(prod(&a).axis(0).run()?.to_vec()?, vec![-1.5, 8.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn prod<'a, T: SumDType>(a: impl IntoOperand<'a, T>) -> Prod<'a, T> {
    ReduceCall::new(vec![Box::new(a.into_operand())])
}

/// The call [`sum_as`] returns.
pub type SumAsCall<'a, U> = ReduceCall<'a, <U as SumAs>::Sum>;
/// The call [`prod_as`] returns.
pub type ProdAsCall<'a, U> = ReduceCall<'a, <U as SumAs>::Prod>;

/// NumPy's `sum(a, dtype=U)`: the sum with each element converted to `U` and added in `U`
/// ([`SumAs`]: integers wrap at `U`'s width; `f16`/`bf16` accumulate in `f32`). Axes and
/// `keepdims` as for [`sum`]; the conversion is fused into the reduction (no temporary array).
/// `a` is an array, a view or an expression.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::reduce::sum_as;
/// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![100i16, 100, 3, 4])?;
/// // np.sum(a, axis=1, dtype=np.int8): 200 wraps to -56 in int8
/// assert_eq!(sum_as::<i8, _>(&a).axis(1).run()?.to_vec()?, vec![-56, 7]);
/// let f: Array<f32> = sum_as::<f32, _>(&a).run()?;
/// assert_eq!(f.item()?, 207.0);
/// let z = sum_as::<c64, _>(&a).axis(0).run()?;
/// assert_eq!(z.to_vec()?, vec![c64::new(103.0, 0.0), c64::new(104.0, 0.0)]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn sum_as<'a, U: SumAs, T: DType>(a: impl IntoExpr<T>) -> SumAsCall<'a, U> {
    ReduceCall::new(vec![Box::new(Operand::Lazy(a.into_expr().astype::<U>()))])
}

/// NumPy's `prod(a, dtype=U)`: the product with each element converted to `U` and multiplied
/// in `U` ([`SumAs`]; integers wrap at `U`'s width). As [`sum_as`].
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::reduce::prod_as;
/// let a = Array::from_vec(&Device::cpu(), &[3], vec![16u8, 16, 2])?;
/// // np.prod(a, dtype=np.uint16): 512, where the default (uint64) gives 512 too, and
/// // dtype=np.uint8 wraps to 0
/// assert_eq!(prod_as::<u16, _>(&a).run()?.item()?, 512);
/// assert_eq!(prod_as::<u8, _>(&a).run()?.item()?, 0);
/// assert_eq!(prod_as::<f64, _>(&a).run()?.item()?, 512.0);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn prod_as<'a, U: SumAs, T: DType>(a: impl IntoExpr<T>) -> ProdAsCall<'a, U> {
    ReduceCall::new(vec![Box::new(Operand::Lazy(a.into_expr().astype::<U>()))])
}

/// NumPy's `nansum`: the sum of the elements that are not NaN (`0` where all are NaN).
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::reduce::nansum;
/// let a = Array::from_vec(&Device::cpu(), &[3], vec![1.0, f64::NAN, 2.0])?;
/// assert_eq!(nansum(&a).run()?.item()?, 3.0);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn nansum<'a, T: SumDType>(a: impl IntoOperand<'a, T>) -> NanSum<'a, T> {
    ReduceCall::new(vec![Box::new(a.into_operand())])
}

/// NumPy's `nanprod`: the product of the elements that are not NaN (`1` where all are NaN).
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::reduce::nanprod;
/// let a = Array::from_vec(&Device::cpu(), &[3], vec![3.0f32, f32::NAN, 2.0])?;
/// assert_eq!(nanprod(&a).run()?.item()?, 6.0);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn nanprod<'a, T: SumDType>(a: impl IntoOperand<'a, T>) -> NanProd<'a, T> {
    ReduceCall::new(vec![Box::new(a.into_operand())])
}
