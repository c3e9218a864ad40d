//! Literal ranges, checked once every literal has its final type (`300u8` and `1e40f32` are
//! errors in Rust too; `-128i8` is fine).

use std::collections::HashSet;

use super::ty::Ty;
use super::Typed;
use crate::diag::Diagnostics;
use crate::parse::ast::{Block, ExprKind, Lit, UnOp};
use crate::scalar::Scalar;

pub(super) fn check(b: &Block, typed: &Typed, diag: &mut Diagnostics) {
    let mut negated = HashSet::new();
    b.walk(&mut |e| {
        if let ExprKind::Unary(UnOp::Neg, x) = &e.kind {
            if matches!(x.kind, ExprKind::Lit(_)) {
                negated.insert(x.id);
            }
        }
    });
    b.walk(&mut |e| {
        if let ExprKind::Lit(lit) = &e.kind {
            let Ty::Scalar(s) = typed.expr_ty[e.id] else {
                return;
            };
            if !in_range(lit, s, negated.contains(&e.id)) {
                diag.error(e.sp, format!("literal out of range for `{}`", s.name()));
            }
        }
    });
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
            None => s.is_float() && !s.is_half(),
        },
        Lit::Float { digits, .. } => match s {
            Scalar::F32 => digits.parse::<f32>().is_ok_and(f32::is_finite),
            Scalar::F64 => digits.parse::<f64>().is_ok_and(f64::is_finite),
            _ => false,
        },
    }
}
