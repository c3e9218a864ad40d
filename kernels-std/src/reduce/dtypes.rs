//! NumPy's result dtypes of the reductions, as associated types (so the compiler checks them).

use array_runtime::kernel::reduction::ReduceKernel;
use array_runtime::{bf16, c128, c64, f16, DType, Float};

use super::kernels;

/// Dtypes `sum`, `prod`, `nansum`, `nanprod` take: the accumulator and the result NumPy uses.
///
/// Integers narrower than 64 bits and `bool` accumulate and return `i64` (unsigned: `u64`);
/// `f16` and `bf16` accumulate in `f32` and round the result once to their own dtype; the
/// others (`c64` and `c128` too) stay themselves.
///
/// ```
/// use kernels_std::reduce::SumDType;
/// fn out_name<T: SumDType>() -> &'static str { <T::Out as kernels_std::DType>::ID.name() }
/// assert_eq!(out_name::<i8>(), "i64");
/// assert_eq!(out_name::<u16>(), "u64");
/// assert_eq!(out_name::<kernels_std::f16>(), "f16");
/// ```
pub trait SumDType: DType {
    /// The dtype the elements are accumulated in.
    type Acc: DType;
    /// The result's dtype.
    type Out: DType;
    /// The kernel of `sum`.
    type Sum: ReduceKernel<Out = Self::Out>;
    /// The kernel of `prod`.
    type Prod: ReduceKernel<Out = Self::Out>;
    /// The kernel of `nansum`.
    type NanSum: ReduceKernel<Out = Self::Out>;
    /// The kernel of `nanprod`.
    type NanProd: ReduceKernel<Out = Self::Out>;
}

/// Dtypes [`sum_as`](super::sum_as) and [`prod_as`](super::prod_as) compute in (NumPy's
/// `dtype=` of `sum` and `prod`): the elements are converted to it and combined in it, as
/// NumPy does. Integers wrap at their own width (`dtype=np.int8` sums wrap at 8 bits); `f16`
/// and `bf16` accumulate in `f32` and round once, as [`SumDType`] does for them; `f32`,
/// `f64`, `c64` and `c128` stay themselves. `bool` (NumPy's logical or/and) is not offered.
///
/// ```
/// use kernels_std::reduce::SumAs;
/// fn takes<U: SumAs>() -> &'static str { <U as kernels_std::DType>::ID.name() }
/// assert_eq!(takes::<i8>(), "i8");
/// assert_eq!(takes::<kernels_std::c64>(), "c64");
/// ```
pub trait SumAs: DType {
    /// The kernel of `sum` in this dtype.
    type Sum: ReduceKernel<Out = Self>;
    /// The kernel of `prod` in this dtype.
    type Prod: ReduceKernel<Out = Self>;
}

macro_rules! sum_as {
    ($($t:ty => $acc:ty;)*) => {$(
        impl SumAs for $t {
            type Sum = kernels::sum::Kernel<$t, $acc, $t>;
            type Prod = kernels::prod::Kernel<$t, $acc, $t>;
        }
    )*};
}
sum_as! {
    i8 => i8; i16 => i16; i32 => i32; i64 => i64;
    u8 => u8; u16 => u16; u32 => u32; u64 => u64;
    f16 => f32; bf16 => f32; f32 => f32; f64 => f64;
}

impl SumAs for c64 {
    type Sum = kernels::sum_c64::Kernel;
    type Prod = kernels::prod_c64::Kernel;
}

impl SumAs for c128 {
    type Sum = kernels::sum_c128::Kernel;
    type Prod = kernels::prod_c128::Kernel;
}

/// Dtypes `mean`, `var`, `std`, `average` (and their `nan` forms) take: the float accumulator
/// and the result NumPy uses.
///
/// Integers and `bool` give `f64`; `f16` and `bf16` accumulate in `f32` and return their own
/// dtype; `f32` and `f64` stay themselves.
///
/// ```
/// use kernels_std::reduce::MeanDType;
/// fn out_name<T: MeanDType>() -> &'static str { <T::Out as kernels_std::DType>::ID.name() }
/// assert_eq!(out_name::<u8>(), "f64");
/// assert_eq!(out_name::<f32>(), "f32");
/// ```
pub trait MeanDType: DType {
    /// The float dtype the elements are accumulated in.
    type Acc: Float;
    /// The result's dtype.
    type Out: Float;
}

macro_rules! sum_dtype {
    ($($t:ty => $acc:ty, $out:ty;)*) => {$(
        impl SumDType for $t {
            type Acc = $acc;
            type Out = $out;
            type Sum = kernels::sum::Kernel<$t, $acc, $out>;
            type Prod = kernels::prod::Kernel<$t, $acc, $out>;
            type NanSum = kernels::nansum::Kernel<$t, $acc, $out>;
            type NanProd = kernels::nanprod::Kernel<$t, $acc, $out>;
        }
    )*};
}
sum_dtype! {
    bool => i64, i64;
    i8 => i64, i64; i16 => i64, i64; i32 => i64, i64; i64 => i64, i64;
    u8 => u64, u64; u16 => u64, u64; u32 => u64, u64; u64 => u64, u64;
    f16 => f32, f16; bf16 => f32, bf16; f32 => f32, f32; f64 => f64, f64;
}

macro_rules! complex_sum_dtype {
    ($($t:ty => $sum:ident, $prod:ident, $nansum:ident, $nanprod:ident;)*) => {$(
        impl SumDType for $t {
            type Acc = $t;
            type Out = $t;
            type Sum = kernels::$sum::Kernel;
            type Prod = kernels::$prod::Kernel;
            type NanSum = kernels::$nansum::Kernel;
            type NanProd = kernels::$nanprod::Kernel;
        }
    )*};
}
complex_sum_dtype! {
    c64 => sum_c64, prod_c64, nansum_c64, nanprod_c64;
    c128 => sum_c128, prod_c128, nansum_c128, nanprod_c128;
}

/// Dtypes `mean` and `nanmean` take: those of [`MeanDType`] and the complex ones (whose
/// mean is complex: `c64` stays `c64`). `var`, `std` and `average` take [`MeanDType`] only.
///
/// ```
/// use kernels_std::reduce::MeanOf;
/// fn out_name<T: MeanOf>() -> &'static str { <T::Out as kernels_std::DType>::ID.name() }
/// assert_eq!(out_name::<kernels_std::c64>(), "c64");
/// assert_eq!(out_name::<i32>(), "f64");
/// ```
pub trait MeanOf: DType {
    /// The result's dtype.
    type Out: DType;
    /// The kernel of `mean`.
    type Mean: ReduceKernel<Out = Self::Out>;
    /// The kernel of `nanmean`.
    type NanMean: ReduceKernel<Out = Self::Out>;
}

impl<T: MeanDType> MeanOf for T {
    type Out = <T as MeanDType>::Out;
    type Mean = kernels::mean::Kernel<T, T::Acc, <T as MeanDType>::Out>;
    type NanMean = kernels::nanmean::Kernel<T, T::Acc, <T as MeanDType>::Out>;
}

impl MeanOf for c64 {
    type Out = c64;
    type Mean = kernels::mean_c64::Kernel;
    type NanMean = kernels::nanmean_c64::Kernel;
}

impl MeanOf for c128 {
    type Out = c128;
    type Mean = kernels::mean_c128::Kernel;
    type NanMean = kernels::nanmean_c128::Kernel;
}

/// Dtypes [`average`](super::average) takes with weights: those of [`MeanDType`] (weights of
/// the same dtype, accumulated in [`MeanDType::Acc`]) and `c64`/`c128` (complex weights; a
/// complex mean).
///
/// ```
/// use kernels_std::reduce::AverageOf;
/// fn out_name<T: AverageOf>() -> &'static str { <T::Out as kernels_std::DType>::ID.name() }
/// assert_eq!(out_name::<kernels_std::c128>(), "c128");
/// assert_eq!(out_name::<u8>(), "f64");
/// ```
pub trait AverageOf: MeanOf {
    /// The kernel of the weighted mean, whose inputs are the data and the weights.
    type Weighted: ReduceKernel<Out = <Self as MeanOf>::Out>;
    /// The kernel of the weights' sum (checked for zeros before dividing).
    type WeightSum: ReduceKernel;
}

impl<T: MeanDType> AverageOf for T {
    type Weighted = kernels::average::Kernel<T, T::Acc, <T as MeanDType>::Out>;
    type WeightSum = kernels::sum::Kernel<T, T::Acc, T::Acc>;
}

impl AverageOf for c64 {
    type Weighted = kernels::average_c64::Kernel;
    type WeightSum = kernels::sum_c64::Kernel;
}

impl AverageOf for c128 {
    type Weighted = kernels::average_c128::Kernel;
    type WeightSum = kernels::sum_c128::Kernel;
}

/// Dtypes `max`, `min`, `nanmax`, `nanmin` and `ptp` take: integers and floats, and
/// `c64`/`c128` in NumPy's lexicographic order (real parts, then imaginary parts; a value with
/// a NaN part wins, or in the `nan` forms loses).
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::reduce::{max, ExtremaDType};
/// fn largest<T: ExtremaDType>(a: &Array<T>) -> kernels_std::Result<T> {
///     max(a).run()?.item()
/// }
/// let z = Array::from_vec(&Device::cpu(), &[3], vec![c64::new(1.0, 9.0), c64::new(2.0, -1.0), c64::new(2.0, 0.0)])?;
/// assert_eq!(largest(&z)?, c64::new(2.0, 0.0));
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub trait ExtremaDType: DType {
    /// The kernel of `max`.
    type Max: ReduceKernel<Out = Self>;
    /// The kernel of `min`.
    type Min: ReduceKernel<Out = Self>;
    /// The kernel of `nanmax`.
    type NanMax: ReduceKernel<Out = Self>;
    /// The kernel of `nanmin`.
    type NanMin: ReduceKernel<Out = Self>;
}

/// Element types [`ptp`](crate::reduce::ptp) accepts: those of [`ExtremaDType`] but `bool`
/// (NumPy's `ptp` of booleans raises a `TypeError`: booleans do not subtract).
pub trait PtpDType: ExtremaDType {
    /// The kernel of `ptp`.
    type Ptp: ReduceKernel<Out = Self>;
}

macro_rules! extrema_dtype {
    ($($t:ty),*) => {$(
        impl ExtremaDType for $t {
            type Max = kernels::max::Kernel<$t>;
            type Min = kernels::min::Kernel<$t>;
            type NanMax = kernels::nanmax::Kernel<$t>;
            type NanMin = kernels::nanmin::Kernel<$t>;
        }
        impl PtpDType for $t {
            type Ptp = kernels::ptp::Kernel<$t>;
        }
    )*};
}
extrema_dtype!(i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64);

/// Booleans, as NumPy: `max` is `True` when any element is, `min` `False` when any is (NaN
/// cannot occur, so `nanmax`/`nanmin` are the same).
impl ExtremaDType for bool {
    type Max = kernels::max_bool::Kernel;
    type Min = kernels::min_bool::Kernel;
    type NanMax = kernels::max_bool::Kernel;
    type NanMin = kernels::min_bool::Kernel;
}

impl ExtremaDType for c64 {
    type Max = kernels::max_c64::Kernel;
    type Min = kernels::min_c64::Kernel;
    type NanMax = kernels::nanmax_c64::Kernel;
    type NanMin = kernels::nanmin_c64::Kernel;
}

impl PtpDType for c64 {
    type Ptp = kernels::ptp_c64::Kernel;
}

impl ExtremaDType for c128 {
    type Max = kernels::max_c128::Kernel;
    type Min = kernels::min_c128::Kernel;
    type NanMax = kernels::nanmax_c128::Kernel;
    type NanMin = kernels::nanmin_c128::Kernel;
}

impl PtpDType for c128 {
    type Ptp = kernels::ptp_c128::Kernel;
}

macro_rules! mean_dtype {
    ($($t:ty => $acc:ty, $out:ty;)*) => {$(
        impl MeanDType for $t {
            type Acc = $acc;
            type Out = $out;
        }
    )*};
}
mean_dtype! {
    bool => f64, f64;
    i8 => f64, f64; i16 => f64, f64; i32 => f64, f64; i64 => f64, f64;
    u8 => f64, f64; u16 => f64, f64; u32 => f64, f64; u64 => f64, f64;
    f16 => f32, f16; bf16 => f32, bf16; f32 => f32, f32; f64 => f64, f64;
}
