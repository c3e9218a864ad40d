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

    /// [`Lowerer::expr`] for a value that is not `()` or `!`.
    pub(super) fn expr_value(&mut self, e: &Expr, w: &mut Writer) -> CExpr {
        let ty = self.ty(e);
        match &e.kind {
            ExprKind::Lit(lit) => literal(lit, &ty, false),
            ExprKind::Var(_) => {
                let name = self.typed.bindings[e.id]
                    .map(|b| self.binding_name(b))
                    .unwrap_or_default();
                CExpr::atom(name)
            }
            ExprKind::Const(s, c) => constant(*s, *c),
            ExprKind::Unary(UnOp::Neg, x) if matches!(x.kind, ExprKind::Lit(_)) => {
                let ExprKind::Lit(lit) = &x.kind else {
                    return CExpr::atom("0".into());
                };
                literal(lit, &ty, true)
            }
            ExprKind::Unary(op, x) => {
                let v = self.expr(x, w);
                match (op, &ty) {
                    (UnOp::Neg, Ty::Scalar(s)) if s.is_float() || s.is_complex() => {
                        CExpr::compound(format!("-{}", v.operand()))
                    }
                    (UnOp::Not, Ty::Scalar(Scalar::Bool)) => {
                        CExpr::compound(format!("!{}", v.operand()))
                    }
                    (UnOp::Neg, _) => CExpr::atom(format!("kx::neg({})", v.text)),
                    (UnOp::Not, _) => CExpr::atom(format!("kx::bit_not({})", v.text)),
                }
            }
            ExprKind::Binary(op, l, r) if op.is_logic() => self.logic(*op, l, r, w),
            ExprKind::Binary(op, l, r) => {
                let (lt, rt) = (self.ty(l), self.ty(r));
                let v = self.operands(&[l, r], w);
                binary(*op, &lt, &rt, &v[0], &v[1])
            }
            ExprKind::FromBits(_, x) => {
                let v = self.expr(x, w);
                CExpr::atom(format!("kx::from_bits<{}>({})", self.c_type(&ty), v.text))
            }
            ExprKind::Cast(x, _) | ExprKind::Convert(x, _) => {
                let v = self.expr(x, w);
                CExpr::atom(format!("kx::cast<{}>({})", self.c_type(&ty), v.text))
            }
            ExprKind::Method(m, _, recv, args) => {
                let mut all = vec![&**recv];
                all.extend(args.iter());
                let parts: Vec<String> =
                    self.operands(&all, w).into_iter().map(|c| c.text).collect();
                CExpr::atom(format!("kx::{}({})", m.name, parts.join(", ")))
            }
            ExprKind::Call(path, args) => {
                let all: Vec<&Expr> = args.iter().collect();
                let parts: Vec<String> =
                    self.operands(&all, w).into_iter().map(|c| c.text).collect();
                CExpr::atom(format!("{}({})", self.callee(path), parts.join(", ")))
            }
            ExprKind::ComplexNew(re, im) => {
                let v = self.operands(&[re, im], w);
                CExpr::atom(format!(
                    "{}{{{}, {}}}",
                    self.c_type(&ty),
                    v[0].text,
                    v[1].text
                ))
            }
            ExprKind::If(cond, then, Some(o)) => {
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
                if let (Some(a), Some(b), true) = (&a, &b, tw.is_empty() && ew.is_empty()) {
                    return CExpr::compound(format!(
                        "{} ? {} : {}",
                        c.operand(),
                        a.operand(),
                        b.operand()
                    ));
                }
                let t = self.names.temp();
                w.line(&format!("{} {t};", self.c_type(&ty)));
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
            ExprKind::If(..) | ExprKind::Match(..) | ExprKind::Loop(..) => {
                let t = self.names.temp();
                w.line(&format!("{} {t};", self.c_type(&ty)));
                self.branches(e, Some(&t), w);
                CExpr::atom(t)
            }
            ExprKind::Block(b) => self.block(b, w).unwrap_or_else(|| CExpr::atom("0".into())),
            ExprKind::Tuple(elems) | ExprKind::Array(elems) => {
                let all: Vec<&Expr> = elems.iter().collect();
                let parts: Vec<String> =
                    self.operands(&all, w).into_iter().map(|c| c.text).collect();
                let inner = parts.join(", ");
                if matches!(e.kind, ExprKind::Array(_)) {
                    CExpr::atom(format!("{}{{{{{inner}}}}}", self.c_type(&ty)))
                } else {
                    CExpr::atom(format!("{}{{{inner}}}", self.c_type(&ty)))
                }
            }
            ExprKind::Repeat(v, _) => {
                let x = self.expr(v, w);
                let Ty::Array(elem, n) = &ty else {
                    return CExpr::atom("0".into());
                };
                CExpr::atom(format!("kx::splat<{}, {n}>({})", self.c_type(elem), x.text))
            }
            ExprKind::TupleField(t, i) => {
                let v = self.expr(t, w);
                CExpr::atom(format!("{}.f{i}", v.operand()))
            }
            ExprKind::ComplexPart(z, im) => {
                let v = self.expr(z, w);
                CExpr::atom(format!("{}.{}", v.operand(), if *im { "im" } else { "re" }))
            }
            ExprKind::Index(a, i) if self.is_slice(a) => self.slice_load(a, i, w),
            ExprKind::Index(a, i) => {
                let v = self.operands(&[a, i], w);
                CExpr::atom(format!("kx::at({}, {})", v[0].text, v[1].text))
            }
            ExprKind::Len(x) => self.slice_len(x),
            ExprKind::Axis(d, k) => {
                let v = self.expr(d, w);
                let f = ["x", "y", "z"].get(usize::from(*k)).copied().unwrap_or("x");
                CExpr::atom(format!("{}.{f}", v.operand()))
            }
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

    /// Lowers operands left to right. When a later operand needs statements, the earlier
    /// ones are evaluated into temporaries first, so that C keeps Rust's order of evaluation.
    pub(super) fn operands(&mut self, es: &[&Expr], w: &mut Writer) -> Vec<CExpr> {
        let mut out: Vec<CExpr> = Vec::new();
        for e in es {
            let mut ew = Writer::at(w.indent());
            let v = self.expr(e, &mut ew);
            if !ew.is_empty() {
                for (prev, pe) in out.iter_mut().zip(es) {
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
                w.append(ew);
            }
            out.push(v);
        }
        out
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
        let name = format!("kxd_{}", syn::ext::IdentExt::unraw(&last.ident));
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
            if let Some(s) = Scalar::from_name(&id) {
                parts.push(s.cuda_name().to_string());
            } else if self.type_params.contains(&id) {
                parts.push(id);
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
