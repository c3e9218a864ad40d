//! Literal ranges, checked once every literal has its final type (`300u8` and `1e40f32` are
//! errors in Rust too; `-128i8` is fine).

use super::ty::Ty;
use super::Typed;
use crate::diag::Diagnostics;
use crate::parse::ast::{Block, Expr, ExprKind, Lit, Stmt, UnOp};
use crate::scalar::Scalar;

pub(super) fn check(b: &Block, typed: &Typed, diag: &mut Diagnostics) {
    for s in &b.stmts {
        match s {
            Stmt::Let(l) => expr(&l.init, false, typed, diag),
            Stmt::Expr(e) => expr(e, false, typed, diag),
        }
    }
    if let Some(t) = &b.tail {
        expr(t, false, typed, diag);
    }
}

fn expr(e: &Expr, negated: bool, typed: &Typed, diag: &mut Diagnostics) {
    match &e.kind {
        ExprKind::Lit(lit) => {
            let Ty::Scalar(s) = typed.expr_ty[e.id] else {
                return;
            };
            if !in_range(lit, s, negated) {
                diag.error(e.sp, format!("literal out of range for `{}`", s.name()));
            }
        }
        ExprKind::Var(_) => {}
        ExprKind::Unary(op, x) => expr(x, *op == UnOp::Neg, typed, diag),
        ExprKind::Binary(_, l, r) => {
            expr(l, false, typed, diag);
            expr(r, false, typed, diag);
        }
        ExprKind::Cast(x, _) => expr(x, false, typed, diag),
        ExprKind::Method(_, _, recv, args) => {
            expr(recv, false, typed, diag);
            for a in args {
                expr(a, false, typed, diag);
            }
        }
        ExprKind::If(c, then, otherwise) => {
            expr(c, false, typed, diag);
            check(then, typed, diag);
            if let Some(o) = otherwise {
                expr(o, false, typed, diag);
            }
        }
        ExprKind::Block(b) => check(b, typed, diag),
        ExprKind::Tuple(elems) => {
            for x in elems {
                expr(x, false, typed, diag);
            }
        }
    }
}

/// Whether a literal's value fits its final type (`negated`: right under a unary minus).
pub(crate) fn in_range(lit: &Lit, s: Scalar, negated: bool) -> bool {
    match lit {
        Lit::Bool(_) => true,
        Lit::Int { value, .. } => match s.int_max() {
            Some(max) => {
                let max = if negated && s.is_signed_int() {
                    max + 1
                } else {
                    max
                };
                *value <= max
            }
            None => false,
        },
        Lit::Float { digits, .. } => match s {
            Scalar::F32 => digits.parse::<f32>().is_ok_and(f32::is_finite),
            Scalar::F64 => digits.parse::<f64>().is_ok_and(f64::is_finite),
            _ => false,
        },
    }
}
