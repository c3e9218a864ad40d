//! NumPy's result dtypes of the reductions, as associated types (so the compiler checks them).

use array_runtime::{bf16, f16, DType, Float, Num};

/// Dtypes `sum`, `prod`, `nansum`, `nanprod` take: the accumulator and the result NumPy uses.
///
/// Integers narrower than 64 bits and `bool` accumulate and return `i64` (unsigned: `u64`);
/// `f16` and `bf16` accumulate in `f32` and round the result once to their own dtype.
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
    type Acc: Num;
    /// The result's dtype.
    type Out: DType;
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
        }
    )*};
}
sum_dtype! {
    bool => i64, i64;
    i8 => i64, i64; i16 => i64, i64; i32 => i64, i64; i64 => i64, i64;
    u8 => u64, u64; u16 => u64, u64; u32 => u64, u64; u64 => u64, u64;
    f16 => f32, f16; bf16 => f32, bf16; f32 => f32, f32; f64 => f64, f64;
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
