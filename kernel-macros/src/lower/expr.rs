//! Expressions: C operators where C agrees with Rust (float arithmetic, comparisons, logic),
//! `kx::` helpers where it does not (integer arithmetic wraps, casts saturate, float `%`).

use super::writer::Writer;
use super::{CExpr, Lowerer};
use crate::check::ty::Ty;
use crate::parse::ast::{BinOp, Expr, ExprKind, Lit, UnOp};
use crate::scalar::Scalar;

impl Lowerer<'_> {
    /// Lowers a value expression; statements it needs first go to `w`.
    pub(super) fn expr(&mut self, e: &Expr, w: &mut Writer) -> CExpr {
        let ty = self.typed.expr_ty[e.id].clone();
        match &e.kind {
            ExprKind::Lit(lit) => literal(lit, &ty, false),
            ExprKind::Var(_) => {
                let name = self.typed.bindings[e.id]
                    .map(|b| self.binding_name(b))
                    .unwrap_or_default();
                CExpr::atom(name)
            }
            ExprKind::Unary(UnOp::Neg, x) if matches!(x.kind, ExprKind::Lit(_)) => {
                let ExprKind::Lit(lit) = &x.kind else {
                    unreachable!()
                };
                literal(lit, &ty, true)
            }
            ExprKind::Unary(op, x) => {
                let v = self.expr(x, w);
                match (op, &ty) {
                    (UnOp::Neg, Ty::Scalar(s)) if s.is_float() => {
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
                let operand_ty = self.typed.expr_ty[l.id].clone();
                let (a, b) = (self.expr(l, w), self.expr(r, w));
                binary(*op, &operand_ty, &a, &b)
            }
            ExprKind::Cast(x, _) => {
                let v = self.expr(x, w);
                CExpr::atom(format!("kx::cast<{}>({})", self.c_type(&ty), v.text))
            }
            ExprKind::Method(m, _, recv, args) => {
                let mut parts = vec![self.expr(recv, w).text];
                for a in args {
                    parts.push(self.expr(a, w).text);
                }
                CExpr::atom(format!("kx::{}({})", m.name(), parts.join(", ")))
            }
            ExprKind::If(cond, then, otherwise) => {
                let c = self.expr(cond, w);
                let mut tw = Writer::at(w.indent() + 1);
                let a = self.block(then, &mut tw);
                let mut ew = Writer::at(w.indent() + 1);
                let b = otherwise.as_ref().map(|o| self.expr(o, &mut ew));
                match (a, b) {
                    (Some(a), Some(b)) if tw.is_empty() && ew.is_empty() => CExpr::compound(
                        format!("{} ? {} : {}", c.operand(), a.operand(), b.operand()),
                    ),
                    (Some(a), Some(b)) => {
                        let t = self.names.temp();
                        w.line(&format!("{} {t};", self.c_type(&ty)));
                        w.open(&format!("if ({})", c.text));
                        w.append(tw);
                        w.line(&format!("{t} = {};", a.text));
                        w.reopen("else");
                        w.append(ew);
                        w.line(&format!("{t} = {};", b.text));
                        w.close("");
                        CExpr::atom(t)
                    }
                    // `()`-typed: only reached through a value position the checker allows
                    // (a tail of type `()` is lowered as a statement instead).
                    _ => CExpr::atom(String::new()),
                }
            }
            ExprKind::Block(b) => self
                .block(b, w)
                .unwrap_or_else(|| CExpr::atom(String::new())),
            ExprKind::Tuple(elems) => {
                let parts: Vec<String> = elems.iter().map(|x| self.expr(x, w).text).collect();
                CExpr::atom(format!("{}{{{}}}", self.c_type(&ty), parts.join(", ")))
            }
        }
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

/// A binary operator on operands of type `ty`.
fn binary(op: BinOp, ty: &Ty, a: &CExpr, b: &CExpr) -> CExpr {
    let float = matches!(ty, Ty::Scalar(s) if s.is_float());
    let helper = match op {
        BinOp::Rem => Some("rem"),
        BinOp::Add if !float => Some("add"),
        BinOp::Sub if !float => Some("sub"),
        BinOp::Mul if !float => Some("mul"),
        BinOp::Div if !float => Some("div"),
        BinOp::BitAnd => Some("bit_and"),
        BinOp::BitOr => Some("bit_or"),
        BinOp::BitXor => Some("bit_xor"),
        _ => None,
    };
    match helper {
        Some(h) => CExpr::atom(format!("kx::{h}({}, {})", a.text, b.text)),
        None => CExpr::compound(format!("{} {} {}", a.operand(), op.symbol(), b.operand())),
    }
}

/// A literal of its final type; `negated` folds a unary minus into it.
fn literal(lit: &Lit, ty: &Ty, negated: bool) -> CExpr {
    let s = match ty {
        Ty::Scalar(s) => *s,
        _ => Scalar::I32,
    };
    let minus = if negated { "-" } else { "" };
    match lit {
        Lit::Bool(b) => CExpr::atom(b.to_string()),
        Lit::Float { digits, .. } => float_literal(digits, s, minus),
        Lit::Int { value, .. } if s.is_float() => float_literal(&value.to_string(), s, minus),
        Lit::Int { value, .. } => {
            // The most negative value has no positive literal in C.
            if negated && Some(*value) == s.int_max().map(|m| m + 1) {
                return CExpr::compound(match s {
                    Scalar::I64 => "(-9223372036854775807LL - 1)".into(),
                    Scalar::I32 => "(-2147483647 - 1)".into(),
                    _ => format!("({})-{value}", s.cuda_name()),
                });
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
    }
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
}
