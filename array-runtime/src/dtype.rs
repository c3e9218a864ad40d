//! Element types: the closed set of dtypes an [`Array`](crate::Array) can hold.
//!
//! Every dtype knows its runtime identity ([`DTypeId`]), its size and its spelling in CUDA C.
//! Kernels written with the macros are generic over the traits of this module: [`DType`] for any
//! element, [`Num`] for arithmetic, [`Float`] for the float methods, [`Int`] for integers.

use std::fmt;

pub use half::{bf16, f16};
pub use num_complex::Complex;

/// `Complex<f32>`, NumPy's `complex64`.
#[allow(non_camel_case_types)]
pub type c64 = Complex<f32>;
/// `Complex<f64>`, NumPy's `complex128`.
#[allow(non_camel_case_types)]
pub type c128 = Complex<f64>;

/// The runtime identity of a dtype.
///
/// ```
/// use array_runtime::{DType, DTypeId};
/// assert_eq!(f32::ID, DTypeId::F32);
/// assert_eq!(DTypeId::F32.cuda_name(), "float");
/// assert_eq!(DTypeId::I64.size(), 8);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum DTypeId {
    /// `bool`
    Bool,
    /// `i8`
    I8,
    /// `i16`
    I16,
    /// `i32`
    I32,
    /// `i64`
    I64,
    /// `u8`
    U8,
    /// `u16`
    U16,
    /// `u32`
    U32,
    /// `u64`
    U64,
    /// `half::f16`
    F16,
    /// `half::bf16`
    BF16,
    /// `f32`
    F32,
    /// `f64`
    F64,
    /// `Complex<f32>`
    C64,
    /// `Complex<f64>`
    C128,
}

impl DTypeId {
    /// Every dtype, in a fixed order.
    pub const ALL: [DTypeId; 15] = [
        DTypeId::Bool,
        DTypeId::I8,
        DTypeId::I16,
        DTypeId::I32,
        DTypeId::I64,
        DTypeId::U8,
        DTypeId::U16,
        DTypeId::U32,
        DTypeId::U64,
        DTypeId::F16,
        DTypeId::BF16,
        DTypeId::F32,
        DTypeId::F64,
        DTypeId::C64,
        DTypeId::C128,
    ];

    /// The Rust spelling (`"f32"`, `"bf16"`, `"c64"`).
    pub const fn name(self) -> &'static str {
        match self {
            DTypeId::Bool => "bool",
            DTypeId::I8 => "i8",
            DTypeId::I16 => "i16",
            DTypeId::I32 => "i32",
            DTypeId::I64 => "i64",
            DTypeId::U8 => "u8",
            DTypeId::U16 => "u16",
            DTypeId::U32 => "u32",
            DTypeId::U64 => "u64",
            DTypeId::F16 => "f16",
            DTypeId::BF16 => "bf16",
            DTypeId::F32 => "f32",
            DTypeId::F64 => "f64",
            DTypeId::C64 => "c64",
            DTypeId::C128 => "c128",
        }
    }

    /// The CUDA C spelling used in generated kernels (see `cuda/prelude.cuh` for the `kx::` types).
    pub const fn cuda_name(self) -> &'static str {
        match self {
            DTypeId::Bool => "bool",
            DTypeId::I8 => "signed char",
            DTypeId::I16 => "short",
            DTypeId::I32 => "int",
            DTypeId::I64 => "long long",
            DTypeId::U8 => "unsigned char",
            DTypeId::U16 => "unsigned short",
            DTypeId::U32 => "unsigned int",
            DTypeId::U64 => "unsigned long long",
            DTypeId::F16 => "__half",
            DTypeId::BF16 => "__nv_bfloat16",
            DTypeId::F32 => "float",
            DTypeId::F64 => "double",
            DTypeId::C64 => "kx::complex<float>",
            DTypeId::C128 => "kx::complex<double>",
        }
    }

    /// Size of one element in bytes.
    pub const fn size(self) -> usize {
        match self {
            DTypeId::Bool | DTypeId::I8 | DTypeId::U8 => 1,
            DTypeId::I16 | DTypeId::U16 | DTypeId::F16 | DTypeId::BF16 => 2,
            DTypeId::I32 | DTypeId::U32 | DTypeId::F32 => 4,
            DTypeId::I64 | DTypeId::U64 | DTypeId::F64 | DTypeId::C64 => 8,
            DTypeId::C128 => 16,
        }
    }

    /// Whether the CUDA spelling needs `cuda_fp16.h` / `cuda_bf16.h`.
    pub const fn needs_half_headers(self) -> bool {
        matches!(self, DTypeId::F16 | DTypeId::BF16)
    }

    /// Whether this is a floating-point (real) dtype.
    pub const fn is_float(self) -> bool {
        matches!(
            self,
            DTypeId::F16 | DTypeId::BF16 | DTypeId::F32 | DTypeId::F64
        )
    }

    /// Whether this is a signed or unsigned integer dtype (not `bool`).
    pub const fn is_int(self) -> bool {
        matches!(
            self,
            DTypeId::I8
                | DTypeId::I16
                | DTypeId::I32
                | DTypeId::I64
                | DTypeId::U8
                | DTypeId::U16
                | DTypeId::U32
                | DTypeId::U64
        )
    }

    /// Whether this is a complex dtype.
    pub const fn is_complex(self) -> bool {
        matches!(self, DTypeId::C64 | DTypeId::C128)
    }
}

impl fmt::Display for DTypeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

mod sealed {
    pub trait Sealed {}
}

/// An element type of an [`Array`](crate::Array).
///
/// Sealed: the set of dtypes is closed, because each one needs a CUDA spelling and a CPU twin.
///
/// ```
/// use array_runtime::{DType, DTypeId, f16};
/// fn describe<T: DType>() -> (&'static str, usize) { (T::ID.name(), T::ID.size()) }
/// assert_eq!(describe::<f16>(), ("f16", 2));
/// assert_eq!(describe::<bool>(), ("bool", 1));
/// ```
pub trait DType:
    sealed::Sealed
    + Copy
    + Default
    + PartialEq
    + fmt::Debug
    + Send
    + Sync
    + 'static
    + crate::cast::CastSource
    + crate::cast::CastTarget
{
    /// Runtime identity of the dtype.
    const ID: DTypeId;

    /// This value converted to the dtype `U` with NumPy's `astype` rules (the module
    /// [`cast`](crate::cast) lists them). Kernels spell it the same way: `x.cast::<U>()`.
    ///
    /// ```
    /// use array_runtime::{f16, DType};
    /// assert_eq!(2.5f64.cast::<f16>(), f16::from_f32(2.5));
    /// assert_eq!((-1i32).cast::<u8>(), 255);
    /// assert!(f32::NAN.cast::<bool>());
    /// ```
    #[inline(always)]
    fn cast<U: DType>(self) -> U {
        U::from_cast(self.to_cast())
    }
}

/// Dtypes with arithmetic (`+ - * /`, `%`) and ordering: integers and floats.
pub trait Num:
    DType
    + PartialOrd
    + std::ops::Add<Output = Self>
    + std::ops::Sub<Output = Self>
    + std::ops::Mul<Output = Self>
    + std::ops::Div<Output = Self>
    + std::ops::Rem<Output = Self>
    + num_traits::NumCast
    + num_traits::Zero
    + num_traits::One
{
}

/// Floating-point dtypes (`f16`, `bf16`, `f32`, `f64`): the float methods of std
/// (`sqrt`, `exp`, `ln`, `powi`, ...) through [`num_traits::Float`], and the runtime's own
/// vectorizable `exp`, `exp2`, `exp_m1`, `ln`, `log2`, `log10` and `ln_1p` through
/// [`KernelMath`](crate::math::KernelMath) (what kernels' CPU twins call).
///
/// ```
/// use array_runtime::Float;
/// fn hyp<T: Float>(x: T, y: T) -> T { (x * x + y * y).sqrt() }
/// assert_eq!(hyp(3.0f32, 4.0), 5.0);
/// ```
pub trait Float:
    Num + num_traits::Float + std::ops::Neg<Output = Self> + crate::math::KernelMath
{
}

/// Integer dtypes, signed and unsigned.
pub trait Int:
    Num
    + Eq
    + Ord
    + std::hash::Hash
    + num_traits::PrimInt
    + num_traits::WrappingAdd
    + num_traits::WrappingSub
    + num_traits::WrappingMul
{
}

/// Signed integer dtypes.
pub trait SignedInt: Int + std::ops::Neg<Output = Self> {}

macro_rules! dtype {
    ($($t:ty => $id:ident),* $(,)?) => {$(
        impl sealed::Sealed for $t {}
        impl DType for $t { const ID: DTypeId = DTypeId::$id; }
    )*};
}
dtype!(
    bool => Bool, i8 => I8, i16 => I16, i32 => I32, i64 => I64,
    u8 => U8, u16 => U16, u32 => U32, u64 => U64,
    f16 => F16, bf16 => BF16, f32 => F32, f64 => F64,
    c64 => C64, c128 => C128,
);

macro_rules! marker {
    ($tr:ident: $($t:ty),*) => {$( impl $tr for $t {} )*};
}
marker!(Num: i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64);
marker!(Float: f16, bf16, f32, f64);
marker!(Int: i8, i16, i32, i64, u8, u16, u32, u64);
marker!(SignedInt: i8, i16, i32, i64);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_match_rust_layout() {
        fn check<T: DType>() {
            assert_eq!(T::ID.size(), std::mem::size_of::<T>(), "{}", T::ID);
        }
        check::<bool>();
        check::<i8>();
        check::<i16>();
        check::<i32>();
        check::<i64>();
        check::<u8>();
        check::<u16>();
        check::<u32>();
        check::<u64>();
        check::<f16>();
        check::<bf16>();
        check::<f32>();
        check::<f64>();
        check::<c64>();
        check::<c128>();
    }
}
