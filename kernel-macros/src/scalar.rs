//! The scalar dtypes a kernel can use, with their Rust and CUDA C spellings.
//!
//! The macro cannot call the runtime, so this table mirrors `array_runtime::DTypeId`
//! (`name()` and `cuda_name()`); a test in kernel-macros-tests compares the two.

/// A scalar dtype of the kernel language.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Scalar {
    Bool,
    I8,
    I16,
    I32,
    I64,
    U8,
    U16,
    U32,
    U64,
    F16,
    BF16,
    F32,
    F64,
    /// `Complex<f32>` (`c64`).
    C64,
    /// `Complex<f64>` (`c128`).
    C128,
}

impl Scalar {
    pub const ALL: [Scalar; 15] = [
        Scalar::Bool,
        Scalar::I8,
        Scalar::I16,
        Scalar::I32,
        Scalar::I64,
        Scalar::U8,
        Scalar::U16,
        Scalar::U32,
        Scalar::U64,
        Scalar::F16,
        Scalar::BF16,
        Scalar::F32,
        Scalar::F64,
        Scalar::C64,
        Scalar::C128,
    ];

    /// The Rust spelling, as in `DTypeId::name`.
    pub fn name(self) -> &'static str {
        match self {
            Scalar::Bool => "bool",
            Scalar::I8 => "i8",
            Scalar::I16 => "i16",
            Scalar::I32 => "i32",
            Scalar::I64 => "i64",
            Scalar::U8 => "u8",
            Scalar::U16 => "u16",
            Scalar::U32 => "u32",
            Scalar::U64 => "u64",
            Scalar::F16 => "f16",
            Scalar::BF16 => "bf16",
            Scalar::F32 => "f32",
            Scalar::F64 => "f64",
            Scalar::C64 => "c64",
            Scalar::C128 => "c128",
        }
    }

    /// The CUDA C spelling, as in `DTypeId::cuda_name`.
    pub fn cuda_name(self) -> &'static str {
        match self {
            Scalar::Bool => "bool",
            Scalar::I8 => "signed char",
            Scalar::I16 => "short",
            Scalar::I32 => "int",
            Scalar::I64 => "long long",
            Scalar::U8 => "unsigned char",
            Scalar::U16 => "unsigned short",
            Scalar::U32 => "unsigned int",
            Scalar::U64 => "unsigned long long",
            Scalar::F16 => "__half",
            Scalar::BF16 => "__nv_bfloat16",
            Scalar::F32 => "float",
            Scalar::F64 => "double",
            Scalar::C64 => "kx::complex<float>",
            Scalar::C128 => "kx::complex<double>",
        }
    }

    /// The dtype named by a Rust type's last path segment (`f32`, `half::f16`).
    pub fn from_name(name: &str) -> Option<Scalar> {
        Scalar::ALL.into_iter().find(|s| s.name() == name)
    }

    pub fn is_float(self) -> bool {
        matches!(self, Scalar::F16 | Scalar::BF16 | Scalar::F32 | Scalar::F64)
    }

    pub fn is_complex(self) -> bool {
        matches!(self, Scalar::C64 | Scalar::C128)
    }

    /// The real type of a complex dtype's parts (`f32` for `c64`).
    pub fn complex_part(self) -> Option<Scalar> {
        match self {
            Scalar::C64 => Some(Scalar::F32),
            Scalar::C128 => Some(Scalar::F64),
            _ => None,
        }
    }

    /// The complex dtype with parts of this float type.
    pub fn complex_of(self) -> Option<Scalar> {
        match self {
            Scalar::F32 => Some(Scalar::C64),
            Scalar::F64 => Some(Scalar::C128),
            _ => None,
        }
    }

    /// The unsigned integer of a float's width (what `to_bits` gives); other types: themselves.
    pub fn bits_type(self) -> Scalar {
        match self {
            Scalar::F16 | Scalar::BF16 => Scalar::U16,
            Scalar::F32 => Scalar::U32,
            Scalar::F64 => Scalar::U64,
            s => s,
        }
    }

    /// Bytes of one value (as CUDA C and Rust lay it out).
    pub fn size(self) -> usize {
        match self {
            Scalar::Bool | Scalar::I8 | Scalar::U8 => 1,
            Scalar::I16 | Scalar::U16 | Scalar::F16 | Scalar::BF16 => 2,
            Scalar::I32 | Scalar::U32 | Scalar::F32 => 4,
            Scalar::I64 | Scalar::U64 | Scalar::F64 | Scalar::C64 => 8,
            Scalar::C128 => 16,
        }
    }

    /// `f16` and `bf16`: no literals and no `as` casts in Rust.
    pub fn is_half(self) -> bool {
        matches!(self, Scalar::F16 | Scalar::BF16)
    }

    pub fn is_int(self) -> bool {
        self.is_signed_int() || self.is_unsigned_int()
    }

    pub fn is_signed_int(self) -> bool {
        matches!(self, Scalar::I8 | Scalar::I16 | Scalar::I32 | Scalar::I64)
    }

    pub fn is_unsigned_int(self) -> bool {
        matches!(self, Scalar::U8 | Scalar::U16 | Scalar::U32 | Scalar::U64)
    }

    /// The largest value of an integer dtype.
    pub fn int_max(self) -> Option<u128> {
        Some(match self {
            Scalar::I8 => i8::MAX as u128,
            Scalar::I16 => i16::MAX as u128,
            Scalar::I32 => i32::MAX as u128,
            Scalar::I64 => i64::MAX as u128,
            Scalar::U8 => u8::MAX as u128,
            Scalar::U16 => u16::MAX as u128,
            Scalar::U32 => u32::MAX as u128,
            Scalar::U64 => u64::MAX as u128,
            _ => return None,
        })
    }
}
