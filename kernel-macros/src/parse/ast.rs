//! The kernel as the later phases see it: a typed view of the user's function in which every
//! node keeps its source range.
//!
//! The AST is deliberately wider than what `check` accepts in places where accepting is a
//! matter of types (methods on the wrong type, mixed arithmetic); syntax outside the language
//! never reaches it.

use proc_macro2::Ident;

use crate::diag::Sp;
use crate::scalar::Scalar;

pub(crate) use super::intrinsics::{AtomicOp, Intrinsic};
pub(crate) use super::methods::Method;

/// An `#[elementwise]` function (or a `#[device_fn]`, or a piece of a `#[reduction]`).
pub(crate) struct Kernel {
    pub sig: Signature,
    pub body: Block,
    /// Number of expressions and local bindings, for side tables indexed by [`ExprId`] and
    /// [`LetId`].
    pub expr_count: usize,
    pub let_count: usize,
    /// The device functions called, by path as written (`helper`, `util::lerp`), in order of
    /// first call.
    pub calls: Vec<syn::Path>,
    /// A `#[raw_kernel]`: slice parameters, no result, intrinsics.
    pub raw: bool,
}

/// The kernel's signature, which is all `emit` needs (it is emitted even when the body has
/// errors, so that call sites stay typed).
pub(crate) struct Signature {
    pub name: Ident,
    pub generics: Vec<TypeParam>,
    pub params: Vec<Param>,
    /// One entry per result; `tuple_result` tells `(f32,)` from `f32`.
    pub results: Vec<TypeRef>,
    pub tuple_result: bool,
}

/// A generic type parameter and what its runtime-trait bounds allow.
pub(crate) struct TypeParam {
    pub name: Ident,
    pub caps: Caps,
}

/// What the runtime traits bounding a type parameter allow.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Caps {
    /// `Num`: `+ - * / %` and ordering.
    pub num: bool,
    /// `Float`: negation and the float methods.
    pub float: bool,
    /// `Int`: bit operators and `!`.
    pub int: bool,
    /// `SignedInt`: negation.
    pub signed: bool,
}

impl Caps {
    /// The capabilities of one bound (`DType`, `Num`, `Float`, `Int`, `SignedInt`).
    pub fn of_bound(name: &str) -> Option<Caps> {
        let none = Caps::default();
        Some(match name {
            "DType" => none,
            "Num" => Caps { num: true, ..none },
            "Float" => Caps {
                num: true,
                float: true,
                ..none
            },
            "Int" => Caps {
                num: true,
                int: true,
                ..none
            },
            "SignedInt" => Caps {
                num: true,
                int: true,
                signed: true,
                ..none
            },
            _ => return None,
        })
    }

    pub fn union(self, o: Caps) -> Caps {
        Caps {
            num: self.num || o.num,
            float: self.float || o.float,
            int: self.int || o.int,
            signed: self.signed || o.signed,
        }
    }
}

pub(crate) struct Param {
    pub name: Ident,
    /// The type of the value, or of the slice's elements.
    pub ty: TypeRef,
    /// Declared `mut name: T` (the kernel may assign to it).
    pub mutable: bool,
    pub mode: ParamMode,
}

/// How a parameter is passed: by value, or (raw kernels) as a slice of global memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ParamMode {
    Value,
    /// `&[T]`
    Slice,
    /// `&mut [T]`
    SliceMut,
}

/// A type as written in a signature or a cast.
#[derive(Clone)]
pub(crate) struct TypeRef {
    pub kind: TypeKind,
    pub sp: Sp,
}

#[derive(Clone)]
pub(crate) enum TypeKind {
    Scalar(Scalar),
    /// The `i`th type parameter.
    Generic(usize),
    Tuple(Vec<TypeRef>),
}

/// A type as written on a `let`: signature types, and also local tuples and fixed-size arrays.
#[derive(Clone)]
pub(crate) enum LocalType {
    Plain(TypeRef),
    Tuple(Vec<LocalType>),
    /// `[T; N]`
    Array(Box<LocalType>, usize),
}

/// `{ stmts; tail }`
pub(crate) struct Block {
    pub stmts: Vec<Stmt>,
    pub tail: Option<Box<Expr>>,
    pub sp: Sp,
}

pub(crate) enum Stmt {
    Let(Let),
    /// An expression statement (with or without `;`).
    Expr(Expr),
}

/// Index of a local binding in the kernel, in source order.
pub(crate) type LetId = usize;

/// `let pat: ty = init;`
pub(crate) struct Let {
    pub pat: Pat,
    pub ty: Option<LocalType>,
    pub init: Expr,
}

/// What a `let` binds.
pub(crate) enum Pat {
    /// `name` or `mut name`.
    Bind(Binder),
    /// `_`
    Wild(Sp),
    /// `(a, mut b, _)`
    Tuple(Vec<Pat>, Sp),
}

/// One local name.
pub(crate) struct Binder {
    pub id: LetId,
    pub name: Ident,
    pub mutable: bool,
}

/// Index of an expression in the kernel, in source order.
pub(crate) type ExprId = usize;

pub(crate) struct Expr {
    pub id: ExprId,
    pub kind: ExprKind,
    pub sp: Sp,
}

pub(crate) enum ExprKind {
    Lit(Lit),
    Var(Ident),
    /// A constant of std: `f32::consts::PI`, `i64::MAX`, `f64::NAN`.
    Const(Scalar, Constant),
    Unary(UnOp, Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// `place = value` (`op` is `None`) or `place op= value`.
    Assign(Option<BinOp>, Box<Expr>, Box<Expr>),
    Cast(Box<Expr>, TypeRef),
    /// `x.cast::<U>()`: the conversion between any two dtypes of `array_runtime::DType::cast`
    /// (NumPy's `astype`), where `as` has none (half types, complex, to `bool`, type parameters).
    Convert(Box<Expr>, TypeRef),
    /// `f32::from_bits(u)` (and `f64`, `f16`, `bf16`): the float with these bits.
    FromBits(Scalar, Box<Expr>),
    /// `receiver.method(args)`; `Sp` is the method name's.
    Method(Method, Sp, Box<Expr>, Vec<Expr>),
    /// A call of a `#[device_fn]`: its path as written (with any turbofish).
    Call(syn::Path, Vec<Expr>),
    /// `Complex::new(re, im)`
    ComplexNew(Box<Expr>, Box<Expr>),
    /// `if cond { then } else otherwise`, where `otherwise` is a block or another `if`.
    If(Box<Expr>, Block, Option<Box<Expr>>),
    Match(Box<Expr>, Vec<Arm>),
    While(Option<Label>, Box<Expr>, Block),
    Loop(Option<Label>, Block),
    For(Box<ForLoop>),
    Break(Option<Label>, Option<Box<Expr>>),
    Continue(Option<Label>),
    Return(Option<Box<Expr>>),
    Block(Block),
    Tuple(Vec<Expr>),
    /// `t.0`
    TupleField(Box<Expr>, usize),
    /// `z.re` (`false`) or `z.im` (`true`) of a complex value.
    ComplexPart(Box<Expr>, bool),
    /// `[a, b, c]`
    Array(Vec<Expr>),
    /// `[x; N]`
    Repeat(Box<Expr>, usize),
    /// `a[i]`
    Index(Box<Expr>, Box<Expr>),
    /// `x.len()` of a slice (raw kernels).
    Len(Box<Expr>),
    /// `d.x`, `d.y`, `d.z` (0, 1, 2) of a `Dim3` (raw kernels).
    Axis(Box<Expr>, u8),
    /// A call of an intrinsic of raw kernels (`thread_idx()`, `atomic_add(&s, i, v)`); the
    /// target of an atomic is its first argument, without the `&`.
    Intrinsic(Intrinsic, Vec<Expr>),
}

/// A loop label (`'outer`), without the quote.
#[derive(Clone)]
pub(crate) struct Label {
    pub name: String,
    pub sp: Sp,
}

/// `for var in start..end` / `start..=end`, optionally `.step_by(step)`.
pub(crate) struct ForLoop {
    pub label: Option<Label>,
    pub var: Pat,
    pub start: Expr,
    pub end: Expr,
    pub inclusive: bool,
    pub step: Option<Expr>,
    pub body: Block,
}

/// One arm of a `match`.
pub(crate) struct Arm {
    /// The alternatives (`1 | 2 | 5..=9`).
    pub pats: Vec<MatchPat>,
    pub guard: Option<Expr>,
    pub body: Expr,
}

/// A pattern of a `match` on an integer or a `bool`.
pub(crate) enum MatchPat {
    /// `_`
    Wild(Sp),
    /// A literal (possibly negated): `3`, `-1`, `true`; its type comes from the scrutinee.
    Lit(Box<Expr>),
    /// `lo..=hi` (`inclusive`) or `lo..hi`; either end may be missing.
    Range(Option<Box<Expr>>, Option<Box<Expr>>, bool, Sp),
}

pub(crate) enum Lit {
    /// An integer literal; `suffix` when written (`3u8`).
    Int {
        value: u128,
        suffix: Option<Scalar>,
    },
    /// A float literal's digits (underscores removed) and suffix (`2.5f32`, `1f64`).
    Float {
        digits: String,
        suffix: Option<Scalar>,
    },
    Bool(bool),
}

/// The constants of std a kernel can name.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Constant {
    /// `f32::consts::NAME`: the value as `f64` (rounded to the type when lowered).
    Math(&'static str, f64),
    Max,
    Min,
    Epsilon,
    MinPositive,
    Infinity,
    NegInfinity,
    Nan,
}

impl Constant {
    /// The `f64::consts` names and values.
    pub const MATH: [(&'static str, f64); 18] = [
        ("PI", std::f64::consts::PI),
        ("TAU", std::f64::consts::TAU),
        ("E", std::f64::consts::E),
        ("SQRT_2", std::f64::consts::SQRT_2),
        ("FRAC_1_SQRT_2", std::f64::consts::FRAC_1_SQRT_2),
        ("LN_2", std::f64::consts::LN_2),
        ("LN_10", std::f64::consts::LN_10),
        ("LOG2_E", std::f64::consts::LOG2_E),
        ("LOG10_E", std::f64::consts::LOG10_E),
        ("LOG2_10", std::f64::consts::LOG2_10),
        ("LOG10_2", std::f64::consts::LOG10_2),
        ("FRAC_PI_2", std::f64::consts::FRAC_PI_2),
        ("FRAC_PI_3", std::f64::consts::FRAC_PI_3),
        ("FRAC_PI_4", std::f64::consts::FRAC_PI_4),
        ("FRAC_PI_6", std::f64::consts::FRAC_PI_6),
        ("FRAC_PI_8", std::f64::consts::FRAC_PI_8),
        ("FRAC_1_PI", std::f64::consts::FRAC_1_PI),
        ("FRAC_2_PI", std::f64::consts::FRAC_2_PI),
    ];

    /// The associated constant `name` of a dtype (`MAX`, `NAN`); `None` when it has none.
    pub fn assoc(s: Scalar, name: &str) -> Option<Constant> {
        let c = match name {
            "MAX" => Constant::Max,
            "MIN" => Constant::Min,
            "EPSILON" => Constant::Epsilon,
            "MIN_POSITIVE" => Constant::MinPositive,
            "INFINITY" => Constant::Infinity,
            "NEG_INFINITY" => Constant::NegInfinity,
            "NAN" => Constant::Nan,
            _ => return None,
        };
        let ok = if s.is_int() {
            matches!(c, Constant::Max | Constant::Min)
        } else {
            s.is_float()
        };
        ok.then_some(c)
    }

    /// The Rust spelling after the type: `MAX`, `consts::PI`.
    pub fn rust_name(self) -> String {
        match self {
            Constant::Math(n, _) => format!("consts::{n}"),
            Constant::Max => "MAX".into(),
            Constant::Min => "MIN".into(),
            Constant::Epsilon => "EPSILON".into(),
            Constant::MinPositive => "MIN_POSITIVE".into(),
            Constant::Infinity => "INFINITY".into(),
            Constant::NegInfinity => "NEG_INFINITY".into(),
            Constant::Nan => "NAN".into(),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum UnOp {
    Neg,
    Not,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    BitAnd,
    BitOr,
    BitXor,
    Shl,
    Shr,
    And,
    Or,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl BinOp {
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Rem => "%",
            BinOp::BitAnd => "&",
            BinOp::BitOr => "|",
            BinOp::BitXor => "^",
            BinOp::Shl => "<<",
            BinOp::Shr => ">>",
            BinOp::And => "&&",
            BinOp::Or => "||",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
        }
    }

    pub fn is_arith(self) -> bool {
        matches!(
            self,
            BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div | BinOp::Rem
        )
    }

    pub fn is_bit(self) -> bool {
        matches!(self, BinOp::BitAnd | BinOp::BitOr | BinOp::BitXor)
    }

    pub fn is_shift(self) -> bool {
        matches!(self, BinOp::Shl | BinOp::Shr)
    }

    pub fn is_logic(self) -> bool {
        matches!(self, BinOp::And | BinOp::Or)
    }

    pub fn is_equality(self) -> bool {
        matches!(self, BinOp::Eq | BinOp::Ne)
    }

    pub fn is_ordering(self) -> bool {
        matches!(self, BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge)
    }

    /// The name of the `kx::` helper and of the Rust operator trait's method.
    pub fn helper(self) -> &'static str {
        match self {
            BinOp::Add => "add",
            BinOp::Sub => "sub",
            BinOp::Mul => "mul",
            BinOp::Div => "div",
            BinOp::Rem => "rem",
            BinOp::BitAnd => "bit_and",
            BinOp::BitOr => "bit_or",
            BinOp::BitXor => "bit_xor",
            BinOp::Shl => "shl",
            BinOp::Shr => "shr",
            BinOp::And => "and",
            BinOp::Or => "or",
            BinOp::Eq => "eq",
            BinOp::Ne => "ne",
            BinOp::Lt => "lt",
            BinOp::Le => "le",
            BinOp::Gt => "gt",
            BinOp::Ge => "ge",
        }
    }
}

impl Expr {
    /// Calls `f` on this expression and every expression inside it (blocks, patterns and
    /// loop ranges included), parents first.
    pub fn walk(&self, f: &mut dyn FnMut(&Expr)) {
        f(self);
        let block = |b: &Block, f: &mut dyn FnMut(&Expr)| b.walk(f);
        match &self.kind {
            ExprKind::Lit(_)
            | ExprKind::Var(_)
            | ExprKind::Const(..)
            | ExprKind::Continue(_)
            | ExprKind::Break(_, None)
            | ExprKind::Return(None) => {}
            ExprKind::Unary(_, x)
            | ExprKind::Cast(x, _)
            | ExprKind::Convert(x, _)
            | ExprKind::FromBits(_, x)
            | ExprKind::TupleField(x, _)
            | ExprKind::ComplexPart(x, _)
            | ExprKind::Repeat(x, _)
            | ExprKind::Len(x)
            | ExprKind::Axis(x, _)
            | ExprKind::Break(_, Some(x))
            | ExprKind::Return(Some(x)) => x.walk(f),
            ExprKind::Binary(_, a, b)
            | ExprKind::Assign(_, a, b)
            | ExprKind::ComplexNew(a, b)
            | ExprKind::Index(a, b) => {
                a.walk(f);
                b.walk(f);
            }
            ExprKind::Method(_, _, r, args) => {
                r.walk(f);
                args.iter().for_each(|a| a.walk(f));
            }
            ExprKind::Call(_, args)
            | ExprKind::Tuple(args)
            | ExprKind::Array(args)
            | ExprKind::Intrinsic(_, args) => args.iter().for_each(|a| a.walk(f)),
            ExprKind::If(c, then, otherwise) => {
                c.walk(f);
                block(then, f);
                if let Some(o) = otherwise {
                    o.walk(f);
                }
            }
            ExprKind::Match(s, arms) => {
                s.walk(f);
                for arm in arms {
                    for p in &arm.pats {
                        match p {
                            MatchPat::Wild(_) => {}
                            MatchPat::Lit(x) => x.walk(f),
                            MatchPat::Range(lo, hi, _, _) => {
                                lo.iter().chain(hi.iter()).for_each(|x| x.walk(f))
                            }
                        }
                    }
                    if let Some(g) = &arm.guard {
                        g.walk(f);
                    }
                    arm.body.walk(f);
                }
            }
            ExprKind::While(_, c, b) => {
                c.walk(f);
                block(b, f);
            }
            ExprKind::Loop(_, b) | ExprKind::Block(b) => block(b, f),
            ExprKind::For(l) => {
                l.start.walk(f);
                l.end.walk(f);
                if let Some(s) = &l.step {
                    s.walk(f);
                }
                block(&l.body, f);
            }
        }
    }
}

impl Block {
    /// [`Expr::walk`] over every statement and the tail.
    pub fn walk(&self, f: &mut dyn FnMut(&Expr)) {
        for s in &self.stmts {
            match s {
                Stmt::Let(l) => l.init.walk(f),
                Stmt::Expr(e) => e.walk(f),
            }
        }
        if let Some(t) = &self.tail {
            t.walk(f);
        }
    }
}
