//! NumPy's data type routines: [`isdtype`], [`issubdtype`], [`common_type`],
//! [`min_scalar_type`], the type characters' [`typename`] and [`mintypecode`], beside the promotion rules of `array_runtime` ([`promote_types`],
//! [`result_type`], [`can_cast`], re-exported here).
//!
//! Dtypes are [`DTypeId`] values (NumPy's dtype objects and scalar types); a kind or an abstract
//! type of NumPy's hierarchy (`"real floating"`, `np.floating`) is named by a string, and an
//! unknown name is an error, as NumPy raises. NumPy's answers are checked by `tests/elem.rs`
//! against `scripts/fixtures/gen_elem_fixtures.py`'s `dtypes.txt`. `bf16` (which NumPy has
//! only through `ml_dtypes`) is a real floating dtype of 16 bits.
//!
//! | NumPy | here |
//! |---|---|
//! | `np.isdtype(np.float32, "real floating")`, `np.isdtype(d, np.int8)` | [`isdtype`]`(F32, "real floating")?`, `isdtype(d, "int8")?` |
//! | `np.issubdtype(np.int8, np.integer)`, `np.issubdtype(a, np.float64)` | [`issubdtype`]`(I8, "integer")?`, `issubdtype(a, "float64")?` |
//! | `np.common_type(a, b)` | [`common_type`]`(&[a.dtype(), b.dtype()])?` |
//! | `np.min_scalar_type(300)` | [`min_scalar_type`]`(300i64)` |
//! | `np.typename("d")`, `a.dtype.char` | [`typename`]`("d")?`, [`typechar`]`(a.dtype())` |
//! | `np.mintypecode(["f", "d"])` | [`mintypecode`]`(&['f', 'd'], "GDFgdf", 'd')?` |
//! | `np.promote_types`, `np.result_type`, `np.can_cast` (of dtypes) | [`promote_types`], [`result_type`], [`can_cast`] |

use crate::prelude::*;
pub use array_runtime::{can_cast, promote_types, result_type};

/// The dtype a name stands for: NumPy's (`"float32"`, `"int8"`, `"bool"`, `"complex64"`,
/// `"bfloat16"`) or ours (`"f32"`, `"i8"`, `"c64"`, `"bf16"`).
fn parse_dtype(name: &str) -> Option<DTypeId> {
    use DTypeId::*;
    let numpy = |d: DTypeId| -> &'static str {
        match d {
            Bool => "bool",
            I8 => "int8",
            I16 => "int16",
            I32 => "int32",
            I64 => "int64",
            U8 => "uint8",
            U16 => "uint16",
            U32 => "uint32",
            U64 => "uint64",
            F16 => "float16",
            BF16 => "bfloat16",
            F32 => "float32",
            F64 => "float64",
            C64 => "complex64",
            C128 => "complex128",
            _ => "",
        }
    };
    DTypeId::ALL
        .into_iter()
        .find(|&d| d.name() == name || numpy(d) == name)
}

fn is_signed_int(d: DTypeId) -> bool {
    matches!(d, DTypeId::I8 | DTypeId::I16 | DTypeId::I32 | DTypeId::I64)
}

/// Whether `dtype` is of the kind `kind` (NumPy's `np.isdtype`, the array API's): one of
/// `"bool"`, `"signed integer"`, `"unsigned integer"`, `"integral"` (both), `"real floating"`
/// (`bf16` too), `"complex floating"`, `"numeric"` (all but `bool`), or a dtype's name, which
/// matches that dtype only. NumPy's tuple of kinds is `kinds.iter().any(..)`.
///
/// Errors: an unknown kind (NumPy raises `ValueError`).
///
/// ```
/// use kernels_std::{isdtype, DTypeId::*};
/// assert!(isdtype(F32, "real floating")?);
/// assert!(isdtype(U8, "integral")? && !isdtype(U8, "signed integer")?);
/// assert!(!isdtype(Bool, "numeric")?);
/// assert!(isdtype(C64, "complex64")? && !isdtype(C64, "c128")?);
/// assert!(isdtype(F32, "floating point").is_err());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn isdtype(dtype: DTypeId, kind: &str) -> Result<bool> {
    Ok(match kind {
        "bool" => dtype == DTypeId::Bool,
        "signed integer" => is_signed_int(dtype),
        "unsigned integer" => dtype.is_int() && !is_signed_int(dtype),
        "integral" => dtype.is_int(),
        "real floating" => dtype.is_float(),
        "complex floating" => dtype.is_complex(),
        "numeric" => dtype != DTypeId::Bool,
        _ => match parse_dtype(kind) {
            Some(d) => d == dtype,
            None => {
                return Err(Error::Invalid {
                    message: format!(
                    "isdtype: kind argument must be a dtype or one of 'bool', 'signed integer', \
                     'unsigned integer', 'integral', 'real floating', 'complex floating', \
                     'numeric', got {kind:?}"
                ),
                })
            }
        },
    })
}

/// Whether `dtype` is `of` or below it in NumPy's hierarchy of scalar types (NumPy's
/// `np.issubdtype`): `of` is an abstract type (`"generic"`, `"number"`, `"integer"`,
/// `"signedinteger"`, `"unsignedinteger"`, `"inexact"`, `"floating"`, `"complexfloating"`,
/// `"bool"`; NumPy's `np.floating` and the like) or a dtype's name (which matches that dtype
/// only: `issubdtype(F32, "float64")` is false).
///
/// Errors: an unknown name (NumPy raises `TypeError`).
///
/// ```
/// use kernels_std::{issubdtype, DTypeId::*};
/// assert!(issubdtype(I8, "signedinteger")? && issubdtype(I8, "number")?);
/// assert!(issubdtype(C64, "inexact")? && !issubdtype(C64, "floating")?);
/// assert!(!issubdtype(Bool, "integer")? && issubdtype(Bool, "generic")?);
/// assert!(!issubdtype(F32, "float64")?);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn issubdtype(dtype: DTypeId, of: &str) -> Result<bool> {
    Ok(match of {
        "generic" => true,
        "number" => dtype != DTypeId::Bool,
        "integer" => dtype.is_int(),
        "signedinteger" => is_signed_int(dtype),
        "unsignedinteger" => dtype.is_int() && !is_signed_int(dtype),
        "inexact" => dtype.is_float() || dtype.is_complex(),
        "floating" => dtype.is_float(),
        "complexfloating" => dtype.is_complex(),
        "bool" | "bool_" => dtype == DTypeId::Bool,
        _ => match parse_dtype(of) {
            Some(d) => d == dtype,
            None => {
                return Err(Error::Invalid {
                    message: format!(
                    "issubdtype: {of:?} is not a dtype nor an abstract type of NumPy's hierarchy"
                ),
                })
            }
        },
    })
}

/// The float or complex dtype that arrays of these dtypes convert to without losing
/// precision (NumPy's `np.common_type`): integers count as `f64`, floats as themselves, and
/// the result is complex when any dtype is. No dtypes give `f16`, as in NumPy. `bf16` counts
/// as itself (`bf16` with `f16` gives `f32`, as [`promote_types`] does).
///
/// Errors: `bool` (NumPy: "can't get common type for non-numeric array").
///
/// ```
/// use kernels_std::{common_type, DTypeId::*};
/// assert_eq!(common_type(&[F32])?, F32);
/// assert_eq!(common_type(&[F32, I8])?, F64);
/// assert_eq!(common_type(&[F16, C64])?, C64);
/// assert_eq!(common_type(&[I64, C64])?, C128);
/// assert_eq!(common_type(&[])?, F16);
/// assert!(common_type(&[Bool]).is_err());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn common_type(dtypes: &[DTypeId]) -> Result<DTypeId> {
    let mut out: Option<DTypeId> = None;
    for &d in dtypes {
        let as_float = if d.is_int() {
            DTypeId::F64
        } else if d.is_float() || d.is_complex() {
            d
        } else {
            return Err(Error::Invalid {
                message: format!(
                    "common_type: can't get common type for non-numeric array (dtype {d})"
                ),
            });
        };
        out = Some(out.map_or(as_float, |o| promote_types(o, as_float)));
    }
    Ok(out.unwrap_or(DTypeId::F16))
}

/// Scalars with NumPy's `np.min_scalar_type`: see [`min_scalar_type`].
pub trait MinScalarType: DType {
    /// See [`min_scalar_type`].
    fn min_scalar_type(self) -> DTypeId;
}

/// The smallest unsigned dtype holding `v`.
fn min_unsigned(v: u64) -> DTypeId {
    if v <= u8::MAX as u64 {
        DTypeId::U8
    } else if v <= u16::MAX as u64 {
        DTypeId::U16
    } else if v <= u32::MAX as u64 {
        DTypeId::U32
    } else {
        DTypeId::U64
    }
}

/// NumPy's rule for a real float scalar (its thresholds, `65000` and `3.4e38`, are NumPy's;
/// non-finite values give `f16`).
fn min_float(v: f64, widest: DTypeId) -> DTypeId {
    if (v > -65000.0 && v < 65000.0) || !v.is_finite() {
        DTypeId::F16
    } else if (v > -3.4e38 && v < 3.4e38) || widest == DTypeId::F32 {
        DTypeId::F32
    } else {
        DTypeId::F64
    }
}

macro_rules! min_scalar_int {
    ($($t:ty),*) => {$(
        impl MinScalarType for $t {
            #[allow(unused_comparisons)]
            fn min_scalar_type(self) -> DTypeId {
                if self >= 0 {
                    min_unsigned(self as u64)
                } else if self as i64 >= i8::MIN as i64 {
                    DTypeId::I8
                } else if self as i64 >= i16::MIN as i64 {
                    DTypeId::I16
                } else if self as i64 >= i32::MIN as i64 {
                    DTypeId::I32
                } else {
                    DTypeId::I64
                }
            }
        }
    )*};
}
min_scalar_int!(i8, i16, i32, i64, u8, u16, u32, u64);

impl MinScalarType for bool {
    fn min_scalar_type(self) -> DTypeId {
        DTypeId::Bool
    }
}
impl MinScalarType for f16 {
    fn min_scalar_type(self) -> DTypeId {
        DTypeId::F16
    }
}
impl MinScalarType for bf16 {
    fn min_scalar_type(self) -> DTypeId {
        min_float(self.to_f64(), DTypeId::F32)
    }
}
impl MinScalarType for f32 {
    fn min_scalar_type(self) -> DTypeId {
        min_float(self as f64, DTypeId::F32)
    }
}
impl MinScalarType for f64 {
    fn min_scalar_type(self) -> DTypeId {
        min_float(self, DTypeId::F64)
    }
}
impl MinScalarType for c64 {
    fn min_scalar_type(self) -> DTypeId {
        DTypeId::C64
    }
}
impl MinScalarType for c128 {
    fn min_scalar_type(self) -> DTypeId {
        // NumPy's test has no exception for non-finite parts (unlike for real floats).
        let fits = |v: f64| v > -3.4e38 && v < 3.4e38;
        if fits(self.re) && fits(self.im) {
            DTypeId::C64
        } else {
            DTypeId::C128
        }
    }
}

/// The smallest dtype that holds the scalar `value` (NumPy's `np.min_scalar_type` of a Python
/// or NumPy scalar): integers give the smallest unsigned dtype when non-negative, else the
/// smallest signed one; floats `f16` within `(-65000, 65000)` or when not finite, `f32` within
/// `(-3.4e38, 3.4e38)`, else `f64` (NumPy's thresholds: `65504.0` gives `f32`); complex
/// numbers `c64` when both parts are within `f32`'s thresholds, else `c128`. NumPy's
/// `min_scalar_type` of an array (not 0-d) is the array's dtype: `a.dtype()`.
///
/// ```
/// use kernels_std::{min_scalar_type, c128, DTypeId::*};
/// assert_eq!(min_scalar_type(255i64), U8);
/// assert_eq!(min_scalar_type(-129i32), I16);
/// assert_eq!(min_scalar_type(1e5f64), F32);
/// assert_eq!(min_scalar_type(f64::NAN), F16);
/// assert_eq!(min_scalar_type(c128::new(0.0, 1e40)), C128);
/// ```
pub fn min_scalar_type<T: MinScalarType>(value: T) -> DTypeId {
    value.min_scalar_type()
}

/// Whether arrays of `T` are complex (NumPy's `np.iscomplexobj`: a question about the dtype,
/// not the values).
///
/// ```
/// use kernels_std::{iscomplexobj, isrealobj, c64, Array, Device};
/// let z = Array::from_vec(&Device::cpu(), &[1], vec![c64::new(1.0, 0.0)])?;
/// assert!(iscomplexobj(&z) && !isrealobj(&z));
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn iscomplexobj<T: DType>(x: &Array<T>) -> bool {
    let _ = x;
    T::ID.is_complex()
}

/// Whether arrays of `T` are not complex (NumPy's `np.isrealobj`: the dtype, not the values).
///
/// ```
/// use kernels_std::{isrealobj, Array, Device};
/// let x = Array::from_vec(&Device::cpu(), &[1], vec![1.5f32])?;
/// assert!(isrealobj(&x));
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn isrealobj<T: DType>(x: &Array<T>) -> bool {
    !iscomplexobj(x)
}

/// NumPy's type characters and the names `np.typename` gives them (NumPy 2.4's table).
const TYPE_NAMES: [(&str, &str); 22] = [
    ("S1", "character"),
    ("?", "bool"),
    ("b", "signed char"),
    ("B", "unsigned char"),
    ("h", "short"),
    ("H", "unsigned short"),
    ("i", "integer"),
    ("I", "unsigned integer"),
    ("l", "long integer"),
    ("L", "unsigned long integer"),
    ("q", "long long integer"),
    ("Q", "unsigned long long integer"),
    ("f", "single precision"),
    ("d", "double precision"),
    ("g", "long precision"),
    ("F", "complex single precision"),
    ("D", "complex double precision"),
    ("G", "complex long double precision"),
    ("S", "string"),
    ("U", "unicode"),
    ("V", "void"),
    ("O", "object"),
];

/// The description of a type character (NumPy's `np.typename`), from NumPy's table: `"d"`
/// is `"double precision"`, `"B"` `"unsigned char"`, `"S1"` `"character"`; the characters of
/// types this crate lacks (`"g"`, `"O"`, ...) are answered too. [`typechar`] gives a dtype's
/// character.
///
/// Errors: a character outside the table (NumPy's `KeyError`), `"e"` (float16) included.
///
/// ```
/// use kernels_std::{typechar, typename, DTypeId};
/// assert_eq!(typename("d")?, "double precision");
/// assert_eq!(typename(&typechar(DTypeId::U8).unwrap().to_string())?, "unsigned char");
/// assert!(typename("e").is_err());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn typename(char: &str) -> Result<&'static str> {
    TYPE_NAMES
        .iter()
        .find(|(c, _)| *c == char)
        .map(|&(_, name)| name)
        .ok_or_else(|| Error::invalid(format!("typename: unknown type character {char:?}")))
}

/// A dtype's type character (NumPy's `dtype.char`, as on 64-bit Linux: `int64` is `'l'`,
/// `float16` `'e'`); `None` for `bf16`, which NumPy itself lacks.
///
/// ```
/// use kernels_std::{typechar, DTypeId::*};
/// assert_eq!(typechar(I64), Some('l'));
/// assert_eq!(typechar(C64), Some('F'));
/// assert_eq!(typechar(BF16), None);
/// ```
pub fn typechar(dtype: DTypeId) -> Option<char> {
    use DTypeId::*;
    Some(match dtype {
        Bool => '?',
        I8 => 'b',
        U8 => 'B',
        I16 => 'h',
        U16 => 'H',
        I32 => 'i',
        U32 => 'I',
        I64 => 'l',
        U64 => 'L',
        F16 => 'e',
        F32 => 'f',
        F64 => 'd',
        C64 => 'F',
        C128 => 'D',
        _ => return None,
    })
}

/// NumPy's type characters from the largest element size to the smallest, the order in
/// which `mintypecode` picks.
const BY_ELEMENT_SIZE: &str = "GDFgdfQqLlIiHhBb?";

/// The character of the smallest type of `typeset` that every type of `typechars` in it
/// can be converted to safely (NumPy's `np.mintypecode(typechars, typeset="GDFgdf",
/// default="d")`): the characters of `typechars` that are in `typeset` are kept; none gives
/// `default`; `'F'` with `'d'` gives `'D'` (complex single precision cannot hold a double);
/// else the kept character that comes first (the largest type) in NumPy's order by element
/// size, `"GDFgdfQqLlIiHhBb?"`. An array's character is [`typechar`]`(a.dtype())`.
///
/// Errors: a kept character outside that order (NumPy's `ValueError`, as with
/// `typeset="e"`).
///
/// ```
/// use kernels_std::mintypecode;
/// assert_eq!(mintypecode(&['d', 'f'], "GDFgdf", 'd')?, 'd');
/// assert_eq!(mintypecode(&['F', 'd'], "GDFgdf", 'd')?, 'D');
/// assert_eq!(mintypecode(&['i', 'f'], "GDFgdf", 'd')?, 'f');
/// assert_eq!(mintypecode(&['i'], "GDFgdf", 'd')?, 'd');
/// assert!(mintypecode(&['e'], "e", 'd').is_err());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn mintypecode(typechars: &[char], typeset: &str, default: char) -> Result<char> {
    let kept: Vec<char> = typechars
        .iter()
        .copied()
        .filter(|&t| typeset.contains(t))
        .collect();
    if kept.is_empty() {
        return Ok(default);
    }
    if kept.contains(&'F') && kept.contains(&'d') {
        return Ok('D');
    }
    let mut best: Option<(usize, char)> = None;
    for &t in &kept {
        let rank = BY_ELEMENT_SIZE.find(t).ok_or_else(|| {
            Error::invalid(format!(
                "mintypecode: type character {t:?} is not one of \"{BY_ELEMENT_SIZE}\""
            ))
        })?;
        best = match best {
            Some((r, c)) if r <= rank => Some((r, c)),
            _ => Some((rank, t)),
        };
    }
    Ok(best.map_or(default, |(_, t)| t))
}
