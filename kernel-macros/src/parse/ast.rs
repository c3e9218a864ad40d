//! The kernel as the later phases see it: a typed view of the user's function in which every
//! node keeps its source range.
//!
//! The AST is deliberately wider than what `check` accepts in places where accepting is a
//! matter of types (methods on the wrong type, mixed arithmetic); syntax outside the language
//! never reaches it.

use proc_macro2::Ident;

use crate::diag::Sp;
use crate::scalar::Scalar;

/// An `#[elementwise]` function.
pub(crate) struct Kernel {
    pub sig: Signature,
    pub body: Block,
    /// Number of expressions and `let`s, for side tables indexed by [`ExprId`] and [`LetId`].
    pub expr_count: usize,
    pub let_count: usize,
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
    pub ty: TypeRef,
}

/// A type as written in the kernel.
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

/// Index of a `let` in the kernel, in source order.
pub(crate) type LetId = usize;

/// `let name: ty = init;`
pub(crate) struct Let {
    pub id: LetId,
    pub name: Ident,
    pub ty: Option<TypeRef>,
    pub init: Expr,
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
    Unary(UnOp, Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    Cast(Box<Expr>, TypeRef),
    /// `receiver.method(args)`; `Sp` is the method name's.
    Method(Method, Sp, Box<Expr>, Vec<Expr>),
    /// `if cond { then } else otherwise`, where `otherwise` is a block or another `if`.
    If(Box<Expr>, Block, Option<Box<Expr>>),
    Block(Block),
    Tuple(Vec<Expr>),
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

    pub fn is_logic(self) -> bool {
        matches!(self, BinOp::And | BinOp::Or)
    }

    pub fn is_equality(self) -> bool {
        matches!(self, BinOp::Eq | BinOp::Ne)
    }

    pub fn is_ordering(self) -> bool {
        matches!(self, BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge)
    }
}

/// The methods of std a kernel can call, each with a CUDA counterpart in `kx::`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Method {
    Sqrt,
    Exp,
    Ln,
    Sin,
    Cos,
    Tanh,
    Abs,
    Powi,
    Powf,
    Min,
    Max,
    MulAdd,
    Floor,
    Ceil,
}

impl Method {
    pub const ALL: [Method; 14] = [
        Method::Sqrt,
        Method::Exp,
        Method::Ln,
        Method::Sin,
        Method::Cos,
        Method::Tanh,
        Method::Abs,
        Method::Powi,
        Method::Powf,
        Method::Min,
        Method::Max,
        Method::MulAdd,
        Method::Floor,
        Method::Ceil,
    ];

    /// The Rust name, which is also the `kx::` helper's name.
    pub fn name(self) -> &'static str {
        match self {
            Method::Sqrt => "sqrt",
            Method::Exp => "exp",
            Method::Ln => "ln",
            Method::Sin => "sin",
            Method::Cos => "cos",
            Method::Tanh => "tanh",
            Method::Abs => "abs",
            Method::Powi => "powi",
            Method::Powf => "powf",
            Method::Min => "min",
            Method::Max => "max",
            Method::MulAdd => "mul_add",
            Method::Floor => "floor",
            Method::Ceil => "ceil",
        }
    }

    pub fn from_name(name: &str) -> Option<Method> {
        Method::ALL.into_iter().find(|m| m.name() == name)
    }

    /// Number of arguments besides the receiver.
    pub fn arity(self) -> usize {
        match self {
            Method::Powi | Method::Powf | Method::Min | Method::Max => 1,
            Method::MulAdd => 2,
            _ => 0,
        }
    }

    /// Whether integers have it too (`i32::abs`, `Ord::min`, `Ord::max`).
    pub fn on_ints(self) -> bool {
        matches!(self, Method::Abs | Method::Min | Method::Max)
    }

    /// `sqrt, exp, ...`: the list shown in errors.
    pub fn list() -> String {
        Method::ALL.map(Method::name).join(", ")
    }
}
