//! Expressions: C operators where C agrees with Rust (float arithmetic, comparisons, logic),
//! `kx::` helpers where it does not (integer arithmetic wraps, casts saturate, float `%`,
//! shifts are masked, indexing is checked).

use super::writer::Writer;
use super::{CExpr, Lowerer};
use crate::check::ty::Ty;
use crate::parse::ast::{BinOp, Constant, Expr, ExprKind, Lit, UnOp};
use crate::scalar::Scalar;

impl Lowerer<'_> {
    pub(super) fn ty(&self, e: &Expr) -> Ty {
        self.typed.expr_ty[e.id].clone()
    }

    /// Lowers a value expression; statements it needs first go to `w`.
    pub(super) fn expr(&mut self, e: &Expr, w: &mut Writer) -> CExpr {
        if matches!(self.ty(e), Ty::Unit | Ty::Never) {
            self.effect(e, w);
            // Unreachable or `()`: the value is never used.
            return CExpr::atom("0".into());
        }
        self.value(e, w)
    }

    /// [`Lowerer::expr`] for a value that is not `()` or `!`. Recursive once per level of
    /// nesting: this function dispatches, each kind is lowered by a function of its own, so
    /// that the frames on that path stay small.
    pub(super) fn expr_value(&mut self, e: &Expr, w: &mut Writer) -> CExpr {
        match &e.kind {
            ExprKind::Lit(lit) => literal(lit, &self.ty(e), false),
            ExprKind::Var(_) => self.var(e),
            ExprKind::Const(s, c) => constant(*s, *c),
            ExprKind::Unary(op, x) => self.unary(e, *op, x, w),
            ExprKind::Binary(op, l, r) if op.is_logic() => self.logic(*op, l, r, w),
            ExprKind::Binary(op, l, r) => self.binary_expr(*op, l, r, w),
            ExprKind::FromBits(_, x) => self.bits_to_float(e, x, w),
            ExprKind::Cast(x, _) | ExprKind::Convert(x, _) => self.cast(e, x, w),
            ExprKind::Method(m, _, recv, args) => self.method(m.name, recv, args, w),
            ExprKind::Call(path, args) => self.call(path, args, w),
            ExprKind::ComplexNew(re, im) => self.complex_new(e, re, im, w),
            // An `else if` chain writes a temporary, flat (no nested `?:`).
            ExprKind::If(cond, then, Some(o)) if !matches!(o.kind, ExprKind::If(..)) => {
                self.if_value(e, cond, then, o, w)
            }
            ExprKind::If(..) | ExprKind::Match(..) | ExprKind::Loop(..) => {
                self.branches_value(e, w)
            }
            ExprKind::Block(b) => self.block_value(b, w),
            ExprKind::Tuple(elems) | ExprKind::Array(elems) => self.aggregate(e, elems, w),
            ExprKind::Repeat(v, _) => self.repeat(e, v, w),
            ExprKind::TupleField(t, i) => {
                let v = self.expr(t, w);
                member(&v, &format!("f{i}"))
            }
            ExprKind::ComplexPart(z, im) => {
                let v = self.expr(z, w);
                member(&v, if *im { "im" } else { "re" })
            }
            ExprKind::Index(a, i) if self.is_slice(a) => self.slice_load(a, i, w),
            ExprKind::Index(a, i) => self.index(a, i, w),
            ExprKind::Len(x) => self.slice_len(x),
            ExprKind::Axis(d, k) => self.axis(d, *k, w),
            ExprKind::Intrinsic(i, args) => self.intrinsic_value(e, i, args, w),
            // Typed `()` or `!`: handled above.
            ExprKind::Assign(..)
            | ExprKind::While(..)
            | ExprKind::For(_)
            | ExprKind::Break(..)
            | ExprKind::Continue(_)
            | ExprKind::Return(_) => {
                self.effect(e, w);
                CExpr::atom("0".into())
            }
        }
    }

    fn var(&self, e: &Expr) -> CExpr {
        let name = self.typed.bindings[e.id]
            .map(|b| self.binding_name(b))
            .unwrap_or_default();
        CExpr::atom(name)
    }

    fn block_value(&mut self, b: &crate::parse::ast::Block, w: &mut Writer) -> CExpr {
        self.block(b, w).unwrap_or_else(|| CExpr::atom("0".into()))
    }

    fn unary(&mut self, e: &Expr, op: UnOp, x: &Expr, w: &mut Writer) -> CExpr {
        let ty = self.ty(e);
        if let (UnOp::Neg, ExprKind::Lit(lit)) = (op, &x.kind) {
            return literal(lit, &ty, true);
        }
        let v = self.expr(x, w);
        match (op, &ty) {
            (UnOp::Neg, Ty::Scalar(s)) if s.is_float() || s.is_complex() => {
                CExpr::compound(format!("-{}", v.operand()))
            }
            (UnOp::Not, Ty::Scalar(Scalar::Bool)) => CExpr::compound(format!("!{}", v.operand())),
            (UnOp::Neg, _) => CExpr::atom(format!("kx::neg({})", v.text)),
            (UnOp::Not, _) => CExpr::atom(format!("kx::bit_not({})", v.text)),
        }
    }

    fn binary_expr(&mut self, op: BinOp, l: &Expr, r: &Expr, w: &mut Writer) -> CExpr {
        let (lt, rt) = (self.ty(l), self.ty(r));
        let v = self.operands(&[l, r], w);
        binary(op, &lt, &rt, &v[0], &v[1])
    }

    fn bits_to_float(&mut self, e: &Expr, x: &Expr, w: &mut Writer) -> CExpr {
        let v = self.expr(x, w);
        let t = self.c_type(&self.ty(e));
        CExpr::atom(format!("kx::from_bits<{t}>({})", v.text))
    }

    fn cast(&mut self, e: &Expr, x: &Expr, w: &mut Writer) -> CExpr {
        let v = self.expr(x, w);
        let t = self.c_type(&self.ty(e));
        CExpr::atom(format!("kx::cast<{t}>({})", v.text))
    }

    fn method(&mut self, name: &str, recv: &Expr, args: &[Expr], w: &mut Writer) -> CExpr {
        let mut all = vec![recv];
        all.extend(args.iter());
        let parts: Vec<String> = self.operands(&all, w).into_iter().map(|c| c.text).collect();
        CExpr::atom(format!("kx::{name}({})", parts.join(", ")))
    }

    fn call(&mut self, path: &syn::Path, args: &[Expr], w: &mut Writer) -> CExpr {
        let all: Vec<&Expr> = args.iter().collect();
        let parts: Vec<String> = self.operands(&all, w).into_iter().map(|c| c.text).collect();
        CExpr::atom(format!("{}({})", self.callee(path), parts.join(", ")))
    }

    fn complex_new(&mut self, e: &Expr, re: &Expr, im: &Expr, w: &mut Writer) -> CExpr {
        let v = self.operands(&[re, im], w);
        let t = self.c_type(&self.ty(e));
        CExpr::atom(format!("{t}{{{}, {}}}", v[0].text, v[1].text))
    }

    /// `if c { a } else { b }` as a value: `c ? a : b` when neither branch needs statements,
    /// else an `if`/`else` writing a temporary.
    fn if_value(
        &mut self,
        e: &Expr,
        cond: &Expr,
        then: &crate::parse::ast::Block,
        o: &Expr,
        w: &mut Writer,
    ) -> CExpr {
        let c = self.expr(cond, w);
        let mut tw = Writer::at(w.indent() + 1);
        let a = self.block(then, &mut tw);
        let mut ew = Writer::at(w.indent() + 1);
        let b = match &o.kind {
            ExprKind::Block(b) => self.block(b, &mut ew),
            _ if matches!(self.ty(o), Ty::Never) => {
                self.effect(o, &mut ew);
                None
            }
            _ => Some(self.expr(o, &mut ew)),
        };
        self.if_join(e, c, (a, tw), (b, ew), w)
    }

    /// The value of an `if`/`else` whose parts are lowered.
    fn if_join(
        &mut self,
        e: &Expr,
        c: CExpr,
        (a, tw): (Option<CExpr>, Writer),
        (b, ew): (Option<CExpr>, Writer),
        w: &mut Writer,
    ) -> CExpr {
        if let (Some(a), Some(b), true) = (&a, &b, tw.is_empty() && ew.is_empty()) {
            return CExpr::compound(format!(
                "{} ? {} : {}",
                c.operand(),
                a.operand(),
                b.operand()
            ));
        }
        let t = self.names.temp();
        w.line(&format!("{} {t};", self.c_type(&self.ty(e))));
        w.open(&format!("if ({})", c.text));
        w.append(tw);
        if let Some(a) = a {
            w.line(&format!("{t} = {};", a.text));
        }
        w.reopen("else");
        w.append(ew);
        if let Some(b) = b {
            w.line(&format!("{t} = {};", b.text));
        }
        w.close("");
        CExpr::atom(t)
    }

    /// `if`, `match` or `loop` as a value: its branches write a temporary.
    fn branches_value(&mut self, e: &Expr, w: &mut Writer) -> CExpr {
        let t = self.names.temp();
        w.line(&format!("{} {t};", self.c_type(&self.ty(e))));
        self.branches(e, Some(&t), w);
        CExpr::atom(t)
    }

    /// A tuple or an array literal. An array of constants is itself a constant; the outermost
    /// one of at least [`super::TABLE_MIN_ELEMS`] scalars becomes a file-scope table.
    fn aggregate(&mut self, e: &Expr, elems: &[Expr], w: &mut Writer) -> CExpr {
        let array = matches!(e.kind, ExprKind::Array(_));
        let all: Vec<&Expr> = elems.iter().collect();
        self.array_depth += usize::from(array);
        let parts = self.operands(&all, w);
        self.array_depth -= usize::from(array);
        let constant = array && parts.iter().all(|c| c.constant);
        let inner = parts
            .into_iter()
            .map(|c| c.text)
            .collect::<Vec<_>>()
            .join(", ");
        let ty = self.ty(e);
        let t = self.c_type(&ty);
        if !array {
            return CExpr::atom(format!("{t}{{{inner}}}"));
        }
        let init = format!("{{{{{inner}}}}}");
        let mut c = if constant && self.array_depth == 0 && tabulable(&ty) >= super::TABLE_MIN_ELEMS
        {
            let table = self.tables.define(&t, &init);
            let mut c = CExpr::atom(format!("kx::copy_of({table})"));
            c.table = Some(table);
            c
        } else {
            CExpr::atom(format!("{t}{init}"))
        };
        c.constant = constant;
        c
    }

    fn repeat(&mut self, e: &Expr, v: &Expr, w: &mut Writer) -> CExpr {
        let x = self.expr(v, w);
        let Ty::Array(elem, n) = self.ty(e) else {
            return CExpr::atom("0".into());
        };
        CExpr::atom(format!(
            "kx::splat<{}, {n}>({})",
            self.c_type(&elem),
            x.text
        ))
    }

    fn index(&mut self, a: &Expr, i: &Expr, w: &mut Writer) -> CExpr {
        let mut v = self.operands(&[a, i], w);
        let base = v[0].table.take().unwrap_or_else(|| v[0].text.clone());
        CExpr::atom(format!("kx::at({base}, {})", v[1].text))
    }

    fn axis(&mut self, d: &Expr, k: u8, w: &mut Writer) -> CExpr {
        let v = self.expr(d, w);
        let f = ["x", "y", "z"].get(usize::from(k)).copied().unwrap_or("x");
        CExpr::atom(format!("{}.{f}", v.operand()))
    }

    /// Lowers operands left to right. When a later operand needs statements, the earlier
    /// ones are evaluated into temporaries first, so that C keeps Rust's order of evaluation.
    pub(super) fn operands(&mut self, es: &[&Expr], w: &mut Writer) -> Vec<CExpr> {
        let mut out: Vec<CExpr> = Vec::new();
        for e in es {
            let mut ew = Writer::at(w.indent());
            let v = self.expr(e, &mut ew);
            if !ew.is_empty() {
                self.hoist(&mut out, es, w);
                w.append(ew);
            }
            out.push(v);
        }
        out
    }

    /// Evaluates the operands lowered so far into temporaries (a later one needs statements).
    fn hoist(&mut self, done: &mut [CExpr], es: &[&Expr], w: &mut Writer) {
        for (prev, pe) in done.iter_mut().zip(es) {
            if !prev.constant {
                let t = self.names.temp();
                w.line(&format!(
                    "{} {t} = {};",
                    self.c_type(&self.ty(pe)),
                    prev.text
                ));
                *prev = CExpr::atom(t);
            }
        }
    }

    /// The C lvalue of an assignment's left side.
    pub(super) fn place(&mut self, e: &Expr, w: &mut Writer) -> String {
        match &e.kind {
            ExprKind::Var(_) => self.typed.bindings[e.id]
                .map(|b| self.binding_name(b))
                .unwrap_or_default(),
            ExprKind::Index(a, i) => {
                let base = self.place(a, w);
                let idx = self.expr(i, w);
                format!("kx::at({base}, {})", idx.text)
            }
            ExprKind::TupleField(t, i) => format!("{}.f{i}", self.place(t, w)),
            ExprKind::ComplexPart(z, im) => {
                format!("{}.{}", self.place(z, w), if *im { "im" } else { "re" })
            }
            _ => self.expr(e, w).text,
        }
    }

    /// The C name of a called `#[device_fn]`, with explicit template arguments for a turbofish.
    fn callee(&self, path: &syn::Path) -> String {
        let Some(last) = path.segments.last() else {
            return String::new();
        };
        let name = super::c_function_name("kxd", &last.ident);
        let syn::PathArguments::AngleBracketed(args) = &last.arguments else {
            return name;
        };
        let mut parts = Vec::new();
        for a in &args.args {
            let syn::GenericArgument::Type(syn::Type::Path(tp)) = a else {
                return name;
            };
            let Some(id) = tp.path.get_ident().map(|i| i.to_string()) else {
                return name;
            };
            if let Some(i) = self.rust_type_params.iter().position(|t| *t == id) {
                parts.push(self.type_params[i].clone());
            } else if let Some(s) = Scalar::from_name(&id) {
                parts.push(s.cuda_name().to_string());
            } else {
                return name;
            }
        }
        format!("{name}<{}>", parts.join(", "))
    }

    /// `&&` and `||`: when the right side needs statements, they run only when C would
    /// evaluate it.
    fn logic(&mut self, op: BinOp, l: &Expr, r: &Expr, w: &mut Writer) -> CExpr {
        let a = self.expr(l, w);
        let mut rw = Writer::at(w.indent() + 1);
        let b = self.expr(r, &mut rw);
        if rw.is_empty() {
            return CExpr::compound(format!("{} {} {}", a.operand(), op.symbol(), b.operand()));
        }
        let t = self.names.temp();
        w.line(&format!("bool {t} = {};", a.text));
        let test = if op == BinOp::And {
            t.clone()
        } else {
            format!("!{t}")
        };
        w.open(&format!("if ({test})"));
        w.append(rw);
        w.line(&format!("{t} = {};", b.text));
        w.close("");
        CExpr::atom(t)
    }
}

/// `v.name` (a tuple field, a part of a complex number).
fn member(v: &CExpr, name: &str) -> CExpr {
    CExpr::atom(format!("{}.{name}", v.operand()))
}

/// A binary operator on operands of types `lt` and `rt`.
pub(super) fn binary(op: BinOp, lt: &Ty, rt: &Ty, a: &CExpr, b: &CExpr) -> CExpr {
    let is = |t: &Ty, f: fn(Scalar) -> bool| matches!(t, Ty::Scalar(s) if f(*s));
    let float = is(lt, Scalar::is_float);
    let complex = is(lt, Scalar::is_complex) || is(rt, Scalar::is_complex);
    let helper = match op {
        _ if complex => None,
        BinOp::Rem => Some("rem"),
        BinOp::Shl | BinOp::Shr => Some(op.helper()),
        BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div if !float => Some(op.helper()),
        BinOp::BitAnd | BinOp::BitOr | BinOp::BitXor => Some(op.helper()),
        _ => None,
    };
    match helper {
        Some(h) => CExpr::atom(format!("kx::{h}({}, {})", a.text, b.text)),
        None => CExpr::compound(format!("{} {} {}", a.operand(), op.symbol(), b.operand())),
    }
}

/// How many scalars an array of type `t` holds, when a C constant expression can initialise
/// it (of `bool`, integers, `f32`, `f64`, or arrays of them); else 0.
fn tabulable(t: &Ty) -> usize {
    match t {
        Ty::Scalar(s) if s.is_int() || matches!(s, Scalar::Bool | Scalar::F32 | Scalar::F64) => 1,
        Ty::Array(e, n) => tabulable(e).saturating_mul(*n),
        _ => 0,
    }
}

/// A constant of std in its type.
fn constant(s: Scalar, c: Constant) -> CExpr {
    if s.is_int() {
        let (value, negated) = match c {
            Constant::Max => (s.int_max().unwrap_or(0), false),
            Constant::Min if s.is_signed_int() => (s.int_max().unwrap_or(0) + 1, true),
            _ => (0, false),
        };
        return literal(
            &Lit::Int {
                value,
                suffix: None,
            },
            &Ty::Scalar(s),
            negated,
        );
    }
    let bits: u64 = match (s, c) {
        (Scalar::F32, Constant::Math(_, v)) => u64::from((v as f32).to_bits()),
        (Scalar::F64, Constant::Math(_, v)) => v.to_bits(),
        (Scalar::F32, _) => u64::from(f32_constant(c).to_bits()),
        (Scalar::F64, _) => f64_constant(c).to_bits(),
        (Scalar::F16 | Scalar::BF16, _) => u64::from(half_constant(s, c)),
        _ => 0,
    };
    let finite = match s {
        Scalar::F32 => f32::from_bits(bits as u32).is_finite(),
        Scalar::F64 => f64::from_bits(bits).is_finite(),
        _ => false,
    };
    match s {
        Scalar::F32 if finite => CExpr::atom(format!("{:?}f", f32::from_bits(bits as u32))),
        Scalar::F64 if finite => CExpr::atom(format!("{:?}", f64::from_bits(bits))),
        _ => CExpr::atom(format!("kx::from_bits<{}>({bits:#x}ull)", s.cuda_name())),
    }
}

fn f32_constant(c: Constant) -> f32 {
    match c {
        Constant::Max => f32::MAX,
        Constant::Min => f32::MIN,
        Constant::Epsilon => f32::EPSILON,
        Constant::MinPositive => f32::MIN_POSITIVE,
        Constant::Infinity => f32::INFINITY,
        Constant::NegInfinity => f32::NEG_INFINITY,
        Constant::Nan => f32::NAN,
        Constant::Math(_, v) => v as f32,
    }
}

fn f64_constant(c: Constant) -> f64 {
    match c {
        Constant::Max => f64::MAX,
        Constant::Min => f64::MIN,
        Constant::Epsilon => f64::EPSILON,
        Constant::MinPositive => f64::MIN_POSITIVE,
        Constant::Infinity => f64::INFINITY,
        Constant::NegInfinity => f64::NEG_INFINITY,
        Constant::Nan => f64::NAN,
        Constant::Math(_, v) => v,
    }
}

/// The bits of `half::f16::MAX` and friends (and of `bf16`).
fn half_constant(s: Scalar, c: Constant) -> u16 {
    let bf = s == Scalar::BF16;
    match (c, bf) {
        (Constant::Max, false) => 0x7BFF,
        (Constant::Min, false) => 0xFBFF,
        (Constant::Epsilon, false) => 0x1400,
        (Constant::MinPositive, false) => 0x0400,
        (Constant::Infinity, false) => 0x7C00,
        (Constant::NegInfinity, false) => 0xFC00,
        (Constant::Nan, false) => 0x7E00,
        (Constant::Max, true) => 0x7F7F,
        (Constant::Min, true) => 0xFF7F,
        (Constant::Epsilon, true) => 0x3C00,
        (Constant::MinPositive, true) => 0x0080,
        (Constant::Infinity, true) => 0x7F80,
        (Constant::NegInfinity, true) => 0xFF80,
        (Constant::Nan, true) => 0x7FC0,
        (Constant::Math(..), _) => 0,
    }
}

/// A literal of its final type; `negated` folds a unary minus into it.
pub(super) fn literal(lit: &Lit, ty: &Ty, negated: bool) -> CExpr {
    let s = match ty {
        Ty::Scalar(s) => *s,
        _ => Scalar::I32,
    };
    let minus = if negated { "-" } else { "" };
    let mut c = match lit {
        Lit::Bool(b) => CExpr::atom(b.to_string()),
        Lit::Float { digits, .. } => float_literal(digits, s, minus),
        Lit::Int { value, .. } if s.is_float() => float_literal(&value.to_string(), s, minus),
        Lit::Int { value, .. } => {
            // The most negative value has no positive literal in C.
            if negated && Some(*value) == s.int_max().map(|m| m + 1) {
                let text = match s {
                    Scalar::I64 => "(-9223372036854775807LL - 1)".into(),
                    Scalar::I32 => "(-2147483647 - 1)".into(),
                    _ => format!("({})-{value}", s.cuda_name()),
                };
                let mut c = CExpr::compound(text);
                c.constant = true;
                return c;
            }
            let text = match s {
                Scalar::I32 => format!("{minus}{value}"),
                Scalar::I64 => format!("{minus}{value}LL"),
                Scalar::U32 => format!("{minus}{value}u"),
                Scalar::U64 => format!("{minus}{value}ull"),
                _ => format!("({}){minus}{value}", s.cuda_name()),
            };
            if negated || text.starts_with('(') {
                CExpr::compound(text)
            } else {
                CExpr::atom(text)
            }
        }
    };
    c.constant = true;
    c
}

/// A float literal with the shortest digits that round-trip in its type: `0.1f`, `2.5`.
fn float_literal(digits: &str, s: Scalar, minus: &str) -> CExpr {
    let text = if s == Scalar::F32 {
        format!("{minus}{:?}f", digits.parse::<f32>().unwrap_or(0.0))
    } else {
        format!("{minus}{:?}", digits.parse::<f64>().unwrap_or(0.0))
    };
    if minus.is_empty() {
        CExpr::atom(text)
    } else {
        CExpr::compound(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn float_literals_round_trip() {
        assert_eq!(float_literal("0.1", Scalar::F32, "").text, "0.1f");
        assert_eq!(float_literal("1", Scalar::F32, "").text, "1.0f");
        assert_eq!(float_literal("1e-7", Scalar::F32, "").text, "1e-7f");
        assert_eq!(float_literal("2.5", Scalar::F64, "-").text, "-2.5");
    }

    #[test]
    fn int_literals_keep_their_type() {
        let lit = |v| Lit::Int {
            value: v,
            suffix: None,
        };
        let t = |s| Ty::Scalar(s);
        assert_eq!(literal(&lit(5), &t(Scalar::I32), false).text, "5");
        assert_eq!(literal(&lit(5), &t(Scalar::U64), false).text, "5ull");
        assert_eq!(
            literal(&lit(5), &t(Scalar::I8), true).text,
            "(signed char)-5"
        );
        assert_eq!(
            literal(&lit(2147483648), &t(Scalar::I32), true).text,
            "(-2147483647 - 1)"
        );
        assert_eq!(
            literal(&lit(128), &t(Scalar::I8), true).text,
            "(signed char)-128"
        );
    }

    #[test]
    fn constants_are_exact() {
        assert_eq!(constant(Scalar::F32, Constant::Max).text, "3.4028235e38f");
        assert_eq!(
            constant(Scalar::F32, Constant::Nan).text,
            "kx::from_bits<float>(0x7fc00000ull)"
        );
        assert_eq!(
            constant(Scalar::I8, Constant::Min).text,
            "(signed char)-128"
        );
        assert_eq!(
            constant(Scalar::U64, Constant::Max).text,
            "18446744073709551615ull"
        );
    }
}
