//! `sum`, `prod`, `nansum`, `nanprod`.

use array_runtime::kernel::elementwise::IntoOperand;
use array_runtime::kernel::reduction::ReduceCall;

use super::dtypes::SumDType;

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
