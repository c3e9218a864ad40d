//! NumPy's type promotion and casting rules: [`promote_types`], [`result_type`], [`can_cast`]
//! at run time, and the same table for the compiler as the trait [`Promote`].
//!
//! For the fourteen dtypes NumPy has, every answer is NumPy 2's (`np.promote_types`,
//! `np.result_type` of dtypes, `np.can_cast` of dtypes): `tests/promotion.rs` checks every pair
//! (and every triple for `result_type`) against a fixture written by NumPy. NumPy has no
//! `bfloat16`; ours follows `ml_dtypes` (the package that gives NumPy JAX's `bfloat16`), which
//! the same fixture records:
//!
//! - `bf16` promotes like `f16` (a 16-bit float that holds `bool`, `i8` and `u8` exactly): with
//!   `bool`, `i8`, `u8` it stays `bf16`; with `i16`, `u16` it gives `f32`; with wider integers
//!   `f64`; with `f32`, `f64`, `c64`, `c128` the wider type.
//! - `bf16` with `f16` gives `f32`: neither holds the other (`f16` has more precision, `bf16`
//!   more range), and `f32` holds both.
//! - Casting: `bf16` casts safely to `f32`, `f64`, `c64`, `c128`, and from `bool`, `i8`, `u8`;
//!   between `bf16` and `f16` the cast is `same_kind`, not `safe`.
//!
//! How the table arises (NumPy writes it as a table; the rules reproduce it):
//!
//! - `bool` with anything gives the other dtype.
//! - Two integers of one signedness give the wider. A signed and an unsigned one give the
//!   signed one when it is wider, else the signed integer twice the unsigned one's width, and
//!   `f64` when there is none (`i64` with `u64`).
//! - Otherwise (a float or complex dtype is involved) each dtype needs a floating precision: 16
//!   bits for 8-bit integers, `f16` and `bf16`; 32 bits for 16-bit integers, `f32` and `c64`;
//!   64 bits for wider integers, `f64` and `c128`. The result has the larger need, is complex
//!   when either is, and at 16 bits is the 16-bit float involved (`f32` when both are).

use std::fmt;
use std::str::FromStr;

use crate::dtype::{bf16, c128, c64, f16, DType, DTypeId};
use crate::error::{Error, Result};

/// The dtype NumPy's `np.promote_types(a, b)` gives: the smallest dtype both cast to safely
/// (see the [module](self) for the rules and for `bf16`). Symmetric; never fails on our closed
/// set of dtypes.
///
/// ```
/// use array_runtime::{promote_types, DTypeId::*};
/// assert_eq!(promote_types(I64, U64), F64);
/// assert_eq!(promote_types(I8, U8), I16);
/// assert_eq!(promote_types(F16, I16), F32);
/// assert_eq!(promote_types(U64, F16), F64);
/// assert_eq!(promote_types(C64, F64), C128);
/// assert_eq!(promote_types(Bool, U32), U32);
/// assert_eq!(promote_types(BF16, F16), F32);
/// assert_eq!(promote_types(BF16, U8), BF16);
/// ```
pub const fn promote_types(a: DTypeId, b: DTypeId) -> DTypeId {
    use DTypeId::*;
    if a as u8 == b as u8 {
        return a;
    }
    match (a, b) {
        (Bool, x) | (x, Bool) => x,
        _ if a.is_int() && b.is_int() => promote_ints(a, b),
        _ => {
            let (pa, pb) = (float_bits(a), float_bits(b));
            let mut bits = if pa > pb { pa } else { pb };
            if bits == 16 && a.is_float() && b.is_float() {
                // `f16` and `bf16` (equal dtypes returned above): neither holds the other.
                bits = 32;
            }
            if a.is_complex() || b.is_complex() {
                if bits == 64 {
                    C128
                } else {
                    C64
                }
            } else {
                match bits {
                    16 if a.is_float() => a,
                    16 => b,
                    32 => F32,
                    _ => F64,
                }
            }
        }
    }
}

/// Two different integer dtypes promoted.
const fn promote_ints(a: DTypeId, b: DTypeId) -> DTypeId {
    let (sa, sb) = (is_signed(a), is_signed(b));
    let (wa, wb) = (a.size(), b.size());
    if sa == sb {
        return if wa > wb { a } else { b };
    }
    let (signed, unsigned) = if sa { (wa, wb) } else { (wb, wa) };
    if signed > unsigned {
        int_of(true, signed)
    } else if unsigned < 8 {
        int_of(true, 2 * unsigned)
    } else {
        DTypeId::F64
    }
}

/// Whether an integer dtype is signed.
const fn is_signed(t: DTypeId) -> bool {
    matches!(t, DTypeId::I8 | DTypeId::I16 | DTypeId::I32 | DTypeId::I64)
}

/// The integer dtype of a signedness and a size in bytes (1, 2, 4 or 8).
const fn int_of(signed: bool, size: usize) -> DTypeId {
    use DTypeId::*;
    match (signed, size) {
        (true, 1) => I8,
        (true, 2) => I16,
        (true, 4) => I32,
        (true, _) => I64,
        (false, 1) => U8,
        (false, 2) => U16,
        (false, 4) => U32,
        (false, _) => U64,
    }
}

/// The floating precision, in bits, a dtype needs to be held exactly (integers) or is
/// (floats; complex: of each part). `bool` needs none.
const fn float_bits(t: DTypeId) -> u32 {
    use DTypeId::*;
    match t {
        Bool => 0,
        I8 | U8 | F16 | BF16 => 16,
        I16 | U16 | F32 | C64 => 32,
        I32 | U32 | I64 | U64 | F64 | C128 => 64,
    }
}

/// NumPy's `np.result_type` of dtypes: the dtype of an operation on arrays of all of them;
/// [`Error::Invalid`] for an empty slice (NumPy raises "at least one array or dtype is
/// required").
///
/// Not a left fold of [`promote_types`]: as in NumPy, when a float or complex dtype is among
/// them, each integer is promoted with the floats on its own rather than the integers first
/// among themselves (`i8, u8, f16` gives `f16`, where `i8` with `u8` alone gives `i16` and
/// `i16` with `f16` gives `f32`). The result does not depend on the order.
///
/// ```
/// use array_runtime::{result_type, DTypeId::*};
/// assert_eq!(result_type(&[I8, U8])?, I16);
/// assert_eq!(result_type(&[I8, U8, F16])?, F16);
/// assert_eq!(result_type(&[Bool, I32, F32])?, F64);
/// assert!(result_type(&[]).is_err());
/// # Ok::<(), array_runtime::Error>(())
/// ```
pub fn result_type(dtypes: &[DTypeId]) -> Result<DTypeId> {
    let inexact = |t: &&DTypeId| t.is_float() || t.is_complex();
    let exact = |t: &&DTypeId| !(t.is_float() || t.is_complex());
    // Floats and complex first: among themselves promotion is associative, and an integer or
    // `bool` promoted into an inexact dtype depends only on that dtype's precision, so
    // promoting each integer into the floats' result is order-independent. Integers among
    // themselves (no inexact dtype at all) are associative too.
    dtypes
        .iter()
        .filter(inexact)
        .chain(dtypes.iter().filter(exact))
        .copied()
        .reduce(promote_types)
        .ok_or_else(|| Error::invalid("result_type needs at least one dtype"))
}

/// How far a cast may change values, NumPy's `casting=` argument: from the strictest (`No`:
/// the same dtype) to anything (`Unsafe`). Parsed from NumPy's spellings.
///
/// ```
/// use array_runtime::Casting;
/// let c: Casting = "same_kind".parse()?;
/// assert_eq!(c, Casting::SameKind);
/// assert_eq!(c.to_string(), "same_kind");
/// assert!("lossy".parse::<Casting>().is_err());
/// # Ok::<(), array_runtime::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Casting {
    /// `"no"`: only to the same dtype.
    No,
    /// `"equiv"`: only to the same dtype up to byte order (ours is always native: `No`).
    Equiv,
    /// `"safe"`: only casts that keep every value (`i8` to `i16`, `u8` to `f16`).
    Safe,
    /// `"same_kind"`: safe casts, and casts within a kind or to a later one of `bool`,
    /// unsigned, signed, float, complex (`f64` to `f16`, `u64` to `i8`; not `i8` to `u8`).
    SameKind,
    /// `"unsafe"`: any cast.
    Unsafe,
}

impl Casting {
    /// Every casting rule, strictest first.
    ///
    /// ```
    /// use array_runtime::Casting;
    /// assert_eq!(Casting::ALL.len(), 5);
    /// assert_eq!(Casting::ALL[0], Casting::No);
    /// ```
    pub const ALL: [Casting; 5] = [
        Casting::No,
        Casting::Equiv,
        Casting::Safe,
        Casting::SameKind,
        Casting::Unsafe,
    ];

    /// NumPy's spelling: `"no"`, `"equiv"`, `"safe"`, `"same_kind"`, `"unsafe"`.
    ///
    /// ```
    /// use array_runtime::Casting;
    /// assert_eq!(Casting::Unsafe.name(), "unsafe");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Casting::No => "no",
            Casting::Equiv => "equiv",
            Casting::Safe => "safe",
            Casting::SameKind => "same_kind",
            Casting::Unsafe => "unsafe",
        }
    }
}

impl FromStr for Casting {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self> {
        Casting::ALL
            .into_iter()
            .find(|c| c.name() == s)
            .ok_or_else(|| {
                Error::invalid(format!(
                    "casting must be one of 'no', 'equiv', 'safe', 'same_kind' or 'unsafe', \
                     not '{s}'"
                ))
            })
    }
}

impl fmt::Display for Casting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Whether `from` may be cast to `to` under `casting`: NumPy's `np.can_cast(from, to,
/// casting)` on dtypes (see the [module](self) for `bf16`). A cast is safe exactly when
/// [`promote_types`]`(from, to)` is `to`.
///
/// ```
/// use array_runtime::{can_cast, Casting, DTypeId::*};
/// assert!(can_cast(I8, F16, Casting::Safe));
/// assert!(!can_cast(I64, F32, Casting::Safe));
/// assert!(can_cast(F64, F16, Casting::SameKind));
/// assert!(can_cast(U64, I8, Casting::SameKind));
/// assert!(!can_cast(I8, U8, Casting::SameKind));
/// assert!(!can_cast(C64, F64, Casting::SameKind));
/// assert!(can_cast(C64, Bool, Casting::Unsafe));
/// assert!(!can_cast(I32, I64, Casting::No));
/// ```
pub const fn can_cast(from: DTypeId, to: DTypeId, casting: Casting) -> bool {
    let same = from as u8 == to as u8;
    let safe = promote_types(from, to) as u8 == to as u8;
    match casting {
        Casting::No | Casting::Equiv => same,
        Casting::Safe => safe,
        Casting::SameKind => safe || kind_rank(from) <= kind_rank(to),
        Casting::Unsafe => true,
    }
}

/// NumPy's order of kinds for `same_kind`: `bool`, unsigned, signed, float, complex.
const fn kind_rank(t: DTypeId) -> u8 {
    use DTypeId::*;
    match t {
        Bool => 0,
        U8 | U16 | U32 | U64 => 1,
        I8 | I16 | I32 | I64 => 2,
        F16 | BF16 | F32 | F64 => 3,
        C64 | C128 => 4,
    }
}

/// [`promote_types`] for the compiler: `<A as Promote<B>>::Output` is the dtype NumPy gives
/// an operation on `A` and `B`, so a generic function's result type follows NumPy's table.
/// Implemented for every ordered pair of dtypes, agreeing with [`promote_types`].
///
/// ```
/// use array_runtime::{promote_types, Array, DType, Device, Promote};
///
/// // Two arrays of any dtypes, both cast to NumPy's result dtype.
/// fn common<A, B>(a: &Array<A>, b: &Array<B>)
///     -> array_runtime::Result<(Array<A::Output>, Array<A::Output>)>
/// where
///     A: Promote<B>,
///     B: DType,
/// {
///     Ok((a.astype::<A::Output>()?, b.astype::<A::Output>()?))
/// }
///
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[2], vec![1i8, -2])?;
/// let b = Array::from_vec(&dev, &[2], vec![200u8, 255])?;
/// let (a, b): (Array<i16>, Array<i16>) = common(&a, &b)?;
/// assert_eq!((a.to_vec()?, b.to_vec()?), (vec![1, -2], vec![200, 255]));
/// assert_eq!(<i64 as Promote<u64>>::Output::ID, promote_types(i64::ID, u64::ID));
/// # Ok::<(), array_runtime::Error>(())
/// ```
pub trait Promote<Rhs: DType>: DType {
    /// The promoted dtype.
    type Output: DType;
}

/// One row of the table: `Promote<B>` for `A`, the columns zipped with the results.
macro_rules! promote_row {
    ($a:ty; [$($b:ty),*]; [$($out:ty),*]) => {
        $( impl Promote<$b> for $a { type Output = $out; } )*
    };
}

/// The whole table: a header of column types, then one row of results per type.
macro_rules! promote_table {
    ($cols:tt; $($a:ty => [$($out:ty),*];)*) => {
        $( promote_row!($a; $cols; [$($out),*]); )*
    };
}

promote_table! {
    [bool, i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64, c64, c128];
    bool => [bool, i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64, c64, c128];
    i8 => [i8, i8, i16, i32, i64, i16, i32, i64, f64, f16, bf16, f32, f64, c64, c128];
    i16 => [i16, i16, i16, i32, i64, i16, i32, i64, f64, f32, f32, f32, f64, c64, c128];
    i32 => [i32, i32, i32, i32, i64, i32, i32, i64, f64, f64, f64, f64, f64, c128, c128];
    i64 => [i64, i64, i64, i64, i64, i64, i64, i64, f64, f64, f64, f64, f64, c128, c128];
    u8 => [u8, i16, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64, c64, c128];
    u16 => [u16, i32, i32, i32, i64, u16, u16, u32, u64, f32, f32, f32, f64, c64, c128];
    u32 => [u32, i64, i64, i64, i64, u32, u32, u32, u64, f64, f64, f64, f64, c128, c128];
    u64 => [u64, f64, f64, f64, f64, u64, u64, u64, u64, f64, f64, f64, f64, c128, c128];
    f16 => [f16, f16, f32, f64, f64, f16, f32, f64, f64, f16, f32, f32, f64, c64, c128];
    bf16 => [bf16, bf16, f32, f64, f64, bf16, f32, f64, f64, f32, bf16, f32, f64, c64, c128];
    f32 => [f32, f32, f32, f64, f64, f32, f32, f64, f64, f32, f32, f32, f64, c64, c128];
    f64 => [f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, c128, c128];
    c64 => [c64, c64, c64, c128, c128, c64, c64, c128, c128, c64, c64, c64, c128, c64, c128];
    c128 => [
        c128, c128, c128, c128, c128, c128, c128, c128, c128, c128, c128, c128, c128, c128, c128
    ];
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Calls `$body` with `$t` bound to each of the 15 dtypes in turn.
    macro_rules! each_dtype {
        ($t:ident => $body:block) => {{
            {
                type $t = bool;
                $body
            }
            {
                type $t = i8;
                $body
            }
            {
                type $t = i16;
                $body
            }
            {
                type $t = i32;
                $body
            }
            {
                type $t = i64;
                $body
            }
            {
                type $t = u8;
                $body
            }
            {
                type $t = u16;
                $body
            }
            {
                type $t = u32;
                $body
            }
            {
                type $t = u64;
                $body
            }
            {
                type $t = f16;
                $body
            }
            {
                type $t = bf16;
                $body
            }
            {
                type $t = f32;
                $body
            }
            {
                type $t = f64;
                $body
            }
            {
                type $t = c64;
                $body
            }
            {
                type $t = c128;
                $body
            }
        }};
    }

    #[test]
    fn trait_agrees_with_promote_types_for_every_pair() {
        let mut pairs = 0;
        each_dtype!(A => {
            each_dtype!(B => {
                assert_eq!(
                    <<A as Promote<B>>::Output as DType>::ID,
                    promote_types(A::ID, B::ID),
                    "{} with {}",
                    A::ID,
                    B::ID
                );
                pairs += 1;
            });
        });
        assert_eq!(pairs, 225);
    }

    #[test]
    fn promotion_is_symmetric_and_idempotent() {
        for a in DTypeId::ALL {
            assert_eq!(promote_types(a, a), a);
            for b in DTypeId::ALL {
                assert_eq!(promote_types(a, b), promote_types(b, a), "{a} {b}");
                // The result holds both: promoting again changes nothing.
                let r = promote_types(a, b);
                assert_eq!(promote_types(r, a), r);
                assert_eq!(promote_types(r, b), r);
            }
        }
    }

    #[test]
    fn bf16_rules() {
        use DTypeId::*;
        let expect = [
            (Bool, BF16),
            (I8, BF16),
            (U8, BF16),
            (I16, F32),
            (U16, F32),
            (I32, F64),
            (U32, F64),
            (I64, F64),
            (U64, F64),
            (F16, F32),
            (BF16, BF16),
            (F32, F32),
            (F64, F64),
            (C64, C64),
            (C128, C128),
        ];
        for (other, r) in expect {
            assert_eq!(promote_types(BF16, other), r, "bf16 with {other}");
        }
        assert!(can_cast(U8, BF16, Casting::Safe));
        assert!(!can_cast(I16, BF16, Casting::Safe));
        assert!(can_cast(I16, BF16, Casting::SameKind));
        assert!(!can_cast(F16, BF16, Casting::Safe));
        assert!(can_cast(F16, BF16, Casting::SameKind));
        assert!(can_cast(BF16, F32, Casting::Safe));
        assert!(!can_cast(BF16, I64, Casting::SameKind));
        assert!(!can_cast(C64, BF16, Casting::SameKind));
    }

    #[test]
    fn result_type_does_not_depend_on_order() {
        let all = DTypeId::ALL;
        for a in all {
            for b in all {
                for c in all {
                    let r = result_type(&[a, b, c]).unwrap();
                    for p in [[a, c, b], [b, a, c], [b, c, a], [c, a, b], [c, b, a]] {
                        assert_eq!(result_type(&p).unwrap(), r, "{p:?}");
                    }
                }
            }
        }
        assert_eq!(result_type(&[DTypeId::F16]).unwrap(), DTypeId::F16);
        let err = result_type(&[]).unwrap_err();
        assert!(err.to_string().contains("at least one dtype"), "{err}");
    }

    #[test]
    fn casting_parses_numpy_spellings_only() {
        for c in Casting::ALL {
            assert_eq!(c.name().parse::<Casting>().unwrap(), c);
        }
        for bad in ["", "Safe", "same-kind", "unsafe ", "none"] {
            assert!(bad.parse::<Casting>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn stricter_casting_allows_less() {
        for a in DTypeId::ALL {
            for b in DTypeId::ALL {
                let allowed = Casting::ALL.map(|c| can_cast(a, b, c));
                // Once allowed, allowed under every looser rule.
                for w in allowed.windows(2) {
                    assert!(!w[0] || w[1], "{a} -> {b}: {allowed:?}");
                }
            }
        }
    }
}
