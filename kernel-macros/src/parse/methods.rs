//! The methods of std (and of `num-complex`) a kernel can call: one table, read by `check`
//! (which receiver, which arguments, which result), `lower` (each is `kx::<name>` in CUDA C) and
//! the native twin (how Rust spells it with the kernel's semantics).

/// What a method is called on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Recv {
    Float,
    /// Any integer.
    Int,
    SignedInt,
    UnsignedInt,
    Complex,
}

/// The type of an argument or result, relative to the receiver's type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rel {
    /// The receiver's type.
    Same,
    Bool,
    I32,
    U32,
    /// The real type of a complex receiver's parts.
    Part,
    /// The unsigned integer of the float receiver's width (`to_bits`).
    Bits,
}

/// One method on one kind of receiver.
#[derive(Debug)]
pub(crate) struct MethodInfo {
    pub name: &'static str,
    pub recv: Recv,
    pub args: &'static [Rel],
    pub ret: Rel,
    /// Callable on a type parameter with the matching bound (`Float`, or `Int` for the
    /// integer methods of `num_traits::PrimInt`, `Ord` and the `Wrapping*` traits).
    pub generic: bool,
}

/// A method name of the language (its entries in [`METHODS`] differ by receiver).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Method {
    pub name: &'static str,
}

const fn m(
    name: &'static str,
    recv: Recv,
    args: &'static [Rel],
    ret: Rel,
    generic: bool,
) -> MethodInfo {
    MethodInfo {
        name,
        recv,
        args,
        ret,
        generic,
    }
}

use Recv::{Complex as C, Float as F, Int as I, SignedInt as S, UnsignedInt as U};
use Rel::{Bool, Part, Same, I32, U32};

const NONE: &[Rel] = &[];
const ONE: &[Rel] = &[Same];
const TWO: &[Rel] = &[Same, Same];

/// Every method of the language.
pub(crate) const METHODS: &[MethodInfo] = &[
    // Floats: one argument, computed by CUDA's math library (`kx::` in the prelude).
    m("sin", F, NONE, Same, true),
    m("cos", F, NONE, Same, true),
    m("tan", F, NONE, Same, true),
    m("asin", F, NONE, Same, true),
    m("acos", F, NONE, Same, true),
    m("atan", F, NONE, Same, true),
    m("sinh", F, NONE, Same, true),
    m("cosh", F, NONE, Same, true),
    m("tanh", F, NONE, Same, true),
    m("asinh", F, NONE, Same, true),
    m("acosh", F, NONE, Same, true),
    m("atanh", F, NONE, Same, true),
    m("exp", F, NONE, Same, true),
    m("exp2", F, NONE, Same, true),
    m("exp_m1", F, NONE, Same, true),
    m("ln", F, NONE, Same, true),
    m("log2", F, NONE, Same, true),
    m("log10", F, NONE, Same, true),
    m("ln_1p", F, NONE, Same, true),
    m("sqrt", F, NONE, Same, true),
    m("cbrt", F, NONE, Same, true),
    m("abs", F, NONE, Same, true),
    m("signum", F, NONE, Same, true),
    m("floor", F, NONE, Same, true),
    m("ceil", F, NONE, Same, true),
    m("round", F, NONE, Same, true),
    m("trunc", F, NONE, Same, true),
    m("fract", F, NONE, Same, true),
    m("to_degrees", F, NONE, Same, true),
    m("to_radians", F, NONE, Same, true),
    m("recip", F, NONE, Same, true),
    m("is_nan", F, NONE, Bool, true),
    m("to_bits", F, NONE, Rel::Bits, false),
    m("is_finite", F, NONE, Bool, true),
    m("is_infinite", F, NONE, Bool, true),
    m("is_sign_negative", F, NONE, Bool, true),
    m("is_sign_positive", F, NONE, Bool, true),
    m("log", F, ONE, Same, true),
    m("powf", F, ONE, Same, true),
    m("powi", F, &[I32], Same, true),
    m("hypot", F, ONE, Same, true),
    m("atan2", F, ONE, Same, true),
    m("copysign", F, ONE, Same, true),
    m("min", F, ONE, Same, true),
    m("max", F, ONE, Same, true),
    m("mul_add", F, TWO, Same, true),
    m("clamp", F, TWO, Same, true),
    // Integers.
    m("min", I, ONE, Same, true),
    m("max", I, ONE, Same, true),
    m("clamp", I, TWO, Same, true),
    m("count_ones", I, NONE, U32, true),
    m("count_zeros", I, NONE, U32, true),
    m("leading_zeros", I, NONE, U32, true),
    m("trailing_zeros", I, NONE, U32, true),
    m("rotate_left", I, &[U32], Same, true),
    m("rotate_right", I, &[U32], Same, true),
    m("wrapping_add", I, ONE, Same, true),
    m("wrapping_sub", I, ONE, Same, true),
    m("wrapping_mul", I, ONE, Same, true),
    m("wrapping_div", I, ONE, Same, false),
    m("wrapping_rem", I, ONE, Same, false),
    m("wrapping_neg", I, NONE, Same, false),
    m("wrapping_shl", I, &[U32], Same, false),
    m("wrapping_shr", I, &[U32], Same, false),
    m("wrapping_pow", I, &[U32], Same, false),
    m("saturating_add", I, ONE, Same, false),
    m("saturating_sub", I, ONE, Same, false),
    m("saturating_mul", I, ONE, Same, false),
    m("saturating_pow", I, &[U32], Same, false),
    m("pow", I, &[U32], Same, false),
    m("abs", S, NONE, Same, false),
    m("wrapping_abs", S, NONE, Same, false),
    m("signum", S, NONE, Same, false),
    m("is_positive", S, NONE, Bool, false),
    m("is_negative", S, NONE, Bool, false),
    m("is_power_of_two", U, NONE, Bool, false),
    // Complex numbers (`num-complex`); `re` and `im` are fields.
    m("norm", C, NONE, Part, false),
    m("norm_sqr", C, NONE, Part, false),
    m("arg", C, NONE, Part, false),
    m("conj", C, NONE, Same, false),
    m("inv", C, NONE, Same, false),
    m("exp", C, NONE, Same, false),
    m("ln", C, NONE, Same, false),
    m("sqrt", C, NONE, Same, false),
    m("scale", C, &[Part], Same, false),
    m("unscale", C, &[Part], Same, false),
    m("powf", C, &[Part], Same, false),
    m("is_nan", C, NONE, Bool, false),
    m("is_finite", C, NONE, Bool, false),
    m("is_infinite", C, NONE, Bool, false),
];

impl Method {
    pub fn from_name(name: &str) -> Option<Method> {
        METHODS
            .iter()
            .find(|m| m.name == name)
            .map(|m| Method { name: m.name })
    }

    /// Number of arguments besides the receiver (the same on every receiver).
    pub fn arity(self) -> usize {
        self.entries().next().map_or(0, |m| m.args.len())
    }

    /// The entries of this name, one per receiver kind.
    pub fn entries(self) -> impl Iterator<Item = &'static MethodInfo> {
        METHODS.iter().filter(move |m| m.name == self.name)
    }

    /// Methods of std often called that have no CUDA counterpart here, with a hint.
    pub fn hint_for(name: &str) -> Option<&'static str> {
        Some(match name {
            "sin_cos" => "call `sin` and `cos`",
            "to_string" | "to_owned" | "clone" | "into" | "try_into" | "unwrap" | "expect" => {
                "kernels compute on scalars"
            }
            "checked_add" | "checked_sub" | "checked_mul" | "checked_div" | "overflowing_add" => {
                "use the `wrapping_*` or `saturating_*` methods"
            }
            "len" | "iter" => "arrays in kernels have a fixed size known from their type",
            "powu" | "powc" => "use `powf` or repeated multiplication",
            _ => return None,
        })
    }
}
