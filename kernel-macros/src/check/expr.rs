//! Typing of expressions.

use super::ty::{LitKind, Mismatch, Ty};
use super::Checker;
use crate::diag::Sp;
use crate::parse::ast::{BinOp, Expr, ExprKind, Lit, Method, TypeRef, UnOp};
use crate::scalar::Scalar;

impl Checker<'_> {
    /// Types `e`, records its type and returns it.
    pub(super) fn expr(&mut self, e: &Expr) -> Ty {
        let t = self.expr_inner(e);
        self.expr_ty[e.id] = Some(t.clone());
        t
    }

    fn expr_inner(&mut self, e: &Expr) -> Ty {
        match &e.kind {
            ExprKind::Lit(l) => match l {
                Lit::Bool(_) => Ty::BOOL,
                Lit::Int {
                    suffix: Some(s), ..
                }
                | Lit::Float {
                    suffix: Some(s), ..
                } => Ty::Scalar(*s),
                Lit::Int { suffix: None, .. } => self.table.fresh(LitKind::Int, e.sp),
                Lit::Float { suffix: None, .. } => self.table.fresh(LitKind::Float, e.sp),
            },
            ExprKind::Var(name) => match self.lookup(&name.to_string()) {
                Some((b, t)) => {
                    self.bindings[e.id] = Some(b);
                    t
                }
                None => {
                    self.diag
                        .error(e.sp, format!("cannot find value `{name}` in this kernel"));
                    Ty::Error
                }
            },
            ExprKind::Unary(op, x) => self.unary(*op, x, e),
            ExprKind::Binary(op, l, r) => self.binary(*op, l, r, e.sp),
            ExprKind::Cast(x, to) => self.cast(x, to, e.sp),
            ExprKind::Method(m, name_sp, recv, args) => self.method(*m, *name_sp, recv, args),
            ExprKind::If(cond, then, otherwise) => {
                let c = self.expr(cond);
                if let Err(Mismatch::Types) = self.table.unify(&c, &Ty::BOOL) {
                    let msg = format!(
                        "expected `bool`, found `{}`; conditions must be `bool`",
                        self.show(&c)
                    );
                    self.diag.error(cond.sp, msg);
                }
                let t = self.block(then);
                match otherwise {
                    Some(o) => {
                        let ot = self.expr(o);
                        match self.table.unify(&t, &ot) {
                            Ok(()) => t,
                            Err(Mismatch::Literal { origin, kind, ty }) => {
                                self.literal_mismatch(origin, kind, &ty);
                                Ty::Error
                            }
                            Err(Mismatch::Types) => {
                                let msg = format!(
                                    "`if` and `else` have different types: `{}` and `{}`",
                                    self.show(&t),
                                    self.show(&ot)
                                );
                                self.diag.error(o.sp, msg);
                                Ty::Error
                            }
                        }
                    }
                    None => {
                        if self.table.unify(&t, &Ty::Unit).is_err() {
                            let at = then.tail.as_ref().map_or(then.sp, |t| t.sp);
                            self.diag.error(
                                at,
                                "`if` without `else` cannot produce a value; add an `else` branch",
                            );
                        }
                        Ty::Unit
                    }
                }
            }
            ExprKind::Block(b) => self.block(b),
            ExprKind::Tuple(elems) => {
                let tys: Vec<Ty> = elems.iter().map(|x| self.expr(x)).collect();
                for (x, t) in elems.iter().zip(&tys) {
                    if matches!(self.table.resolve(t), Ty::Unit | Ty::Tuple(_)) {
                        self.diag
                            .error(x.sp, "tuple elements must be scalar values in kernels");
                    }
                }
                Ty::Tuple(tys)
            }
        }
    }

    fn unary(&mut self, op: UnOp, x: &Expr, e: &Expr) -> Ty {
        let t = self.expr(x);
        let r = self.table.resolve(&t);
        let ok = match (op, &r) {
            (_, Ty::Error) => true,
            (UnOp::Neg, Ty::Scalar(s)) => s.is_float() || s.is_signed_int(),
            (UnOp::Neg, Ty::Generic(i)) => self.caps[*i].float || self.caps[*i].signed,
            (UnOp::Neg, Ty::Var(_)) => {
                self.deferred_neg.push((e.sp, e.id));
                true
            }
            (UnOp::Not, Ty::Scalar(s)) => *s == Scalar::Bool || s.is_int(),
            (UnOp::Not, Ty::Generic(i)) => self.caps[*i].int,
            (UnOp::Not, Ty::Var(_)) => self.table.var_kind(&r) == Some(LitKind::Int),
            _ => false,
        };
        if !ok {
            let msg = match (op, &r) {
                (UnOp::Neg, Ty::Generic(i)) => format!(
                    "cannot negate a value of type `{0}`; bound `{0}` by `Float` or `SignedInt`",
                    self.generics[*i]
                ),
                (UnOp::Not, Ty::Generic(i)) => format!(
                    "cannot apply `!` to a value of type `{0}`; bound `{0}` by `Int`",
                    self.generics[*i]
                ),
                (UnOp::Neg, Ty::Scalar(Scalar::Bool)) => {
                    "cannot negate a `bool`; use `!` for logical not".to_string()
                }
                (UnOp::Neg, _) => format!("cannot negate a value of type `{}`", self.show(&r)),
                (UnOp::Not, _) => {
                    format!("cannot apply `!` to a value of type `{}`", self.show(&r))
                }
            };
            self.diag.error(e.sp, msg);
            return Ty::Error;
        }
        t
    }

    fn binary(&mut self, op: BinOp, l: &Expr, r: &Expr, sp: Sp) -> Ty {
        let lt = self.expr(l);
        let rt = self.expr(r);
        if op.is_logic() {
            self.expect(&lt, &Ty::BOOL, l.sp);
            self.expect(&rt, &Ty::BOOL, r.sp);
            return Ty::BOOL;
        }
        match self.table.unify(&lt, &rt) {
            Ok(()) => {}
            Err(Mismatch::Literal { origin, kind, ty }) => {
                self.literal_mismatch(origin, kind, &ty);
                return Ty::Error;
            }
            Err(Mismatch::Types) => {
                let msg = format!(
                    "mismatched types: cannot apply `{}` to `{}` and `{}`; convert one side with `as`",
                    op.symbol(),
                    self.show(&lt),
                    self.show(&rt)
                );
                self.diag.error(sp, msg);
                return Ty::Error;
            }
        }
        let t = self.table.resolve(&lt);
        let var_kind = self.table.var_kind(&t);
        let (ok, need) = match &t {
            Ty::Error => (true, ""),
            Ty::Scalar(s) if op.is_arith() => (*s != Scalar::Bool, ""),
            Ty::Scalar(s) if op.is_bit() => (*s == Scalar::Bool || s.is_int(), ""),
            Ty::Scalar(_) => (true, ""),
            Ty::Generic(i) if op.is_arith() || op.is_ordering() => (self.caps[*i].num, "Num"),
            Ty::Generic(i) if op.is_bit() => (self.caps[*i].int, "Int"),
            Ty::Generic(_) => (true, ""),
            Ty::Var(_) if op.is_bit() => (var_kind == Some(LitKind::Int), ""),
            Ty::Var(_) => (true, ""),
            Ty::Tuple(_) | Ty::Unit => (false, ""),
        };
        if !ok {
            let msg = match &t {
                Ty::Generic(i) => format!(
                    "cannot apply `{}` to values of type `{1}`; bound `{1}` by `{need}`",
                    op.symbol(),
                    self.generics[*i]
                ),
                _ => format!(
                    "cannot apply `{}` to values of type `{}`",
                    op.symbol(),
                    self.show(&t)
                ),
            };
            self.diag.error(sp, msg);
            return Ty::Error;
        }
        if op.is_equality() || op.is_ordering() {
            Ty::BOOL
        } else {
            t
        }
    }

    fn cast(&mut self, x: &Expr, to_ref: &TypeRef, sp: Sp) -> Ty {
        let from = self.expr(x);
        let to = &Ty::of_ref(to_ref);
        let target = match to {
            Ty::Scalar(s) => *s,
            Ty::Generic(i) => {
                let msg = format!(
                    "cannot cast to the type parameter `{}`; `as` works between primitive types only",
                    self.generics[*i]
                );
                self.diag.error(to_ref.sp, msg);
                return Ty::Error;
            }
            _ => {
                self.diag
                    .error(to_ref.sp, "casts to tuples are not supported");
                return Ty::Error;
            }
        };
        // `300 as u8` types the literal as `u8`, as rustc does.
        if let Some(kind) = literal_kind(x) {
            let fits = match kind {
                LitKind::Int => target.is_int(),
                LitKind::Float => target.is_float() && !target.is_half(),
            };
            if fits {
                let _ = self.table.unify(&from, to);
            }
        }
        let source = self.table.resolve(&from);
        let msg = match &source {
            Ty::Error => None,
            Ty::Scalar(s) if s.is_half() || target.is_half() => Some(format!(
                "`as` casts between `{}` and `{}` are not supported (the `half` types have no `as` casts in Rust)",
                s.name(),
                target.name()
            )),
            Ty::Var(_) if target.is_half() => Some(format!(
                "`as` casts to `{}` are not supported (the `half` types have no `as` casts in Rust)",
                target.name()
            )),
            Ty::Scalar(s) if target == Scalar::Bool && *s != Scalar::Bool => Some(format!(
                "cannot cast `{}` as `bool`; compare instead, e.g. `x != 0`",
                s.name()
            )),
            Ty::Var(_) if target == Scalar::Bool => {
                Some("cannot cast a number as `bool`; compare instead, e.g. `x != 0`".into())
            }
            Ty::Scalar(Scalar::Bool) if target.is_float() => Some(format!(
                "cannot cast `bool` as `{}`; cast to an integer first",
                target.name()
            )),
            Ty::Scalar(_) | Ty::Var(_) => None,
            Ty::Generic(i) => Some(format!(
                "cannot cast a value of the type parameter `{}` with `as`; \
                 `as` works between primitive types only",
                self.generics[*i]
            )),
            Ty::Tuple(_) | Ty::Unit => Some(format!("cannot cast a value of type `{}`", self.show(&source))),
        };
        if let Some(msg) = msg {
            self.diag.error(sp, msg);
            return Ty::Error;
        }
        Ty::Scalar(target)
    }

    fn method(&mut self, m: Method, name_sp: Sp, recv: &Expr, args: &[Expr]) -> Ty {
        let rt = self.expr(recv);
        let arg_tys: Vec<Ty> = args.iter().map(|a| self.expr(a)).collect();
        let r = self.table.resolve(&rt);
        let name = m.name();
        let err = match &r {
            Ty::Error => return Ty::Error,
            Ty::Var(_) => Some(match self.table.var_kind(&r) {
                Some(LitKind::Int) => format!(
                    "can't call method `{name}` on an ambiguous integer literal; \
                     give it a suffix such as `2_i32`"
                ),
                _ => format!(
                    "can't call method `{name}` on an ambiguous float literal; \
                     give it a suffix such as `2.0_f32`"
                ),
            }),
            Ty::Scalar(s) if s.is_float() => None,
            Ty::Scalar(s)
                if s.is_int() && m.on_ints() && (m != Method::Abs || s.is_signed_int()) =>
            {
                None
            }
            Ty::Scalar(s) => Some(format!(
                "method `{name}` is not available on `{}`; {}",
                s.name(),
                if s.is_int() {
                    "cast to a float type first"
                } else {
                    "it is a float method"
                }
            )),
            Ty::Generic(i) if self.caps[*i].float => None,
            // `Ord::min` and `Ord::max` through `Int`.
            Ty::Generic(i) if self.caps[*i].int && matches!(m, Method::Min | Method::Max) => None,
            Ty::Generic(i) => Some(format!(
                "method `{name}` needs the bound `Float` on `{}`",
                self.generics[*i]
            )),
            Ty::Tuple(_) | Ty::Unit => Some(format!(
                "method `{name}` is not available on `{}`",
                self.show(&r)
            )),
        };
        if let Some(msg) = err {
            self.diag.error(name_sp, msg);
            return Ty::Error;
        }
        for (a, at) in args.iter().zip(&arg_tys) {
            let want = if m == Method::Powi {
                Ty::Scalar(Scalar::I32)
            } else {
                r.clone()
            };
            self.expect(at, &want, a.sp);
        }
        r
    }
}

/// The kind of an unsuffixed literal, possibly negated (`2`, `-2.5`).
fn literal_kind(e: &Expr) -> Option<LitKind> {
    match &e.kind {
        ExprKind::Lit(Lit::Int { suffix: None, .. }) => Some(LitKind::Int),
        ExprKind::Lit(Lit::Float { suffix: None, .. }) => Some(LitKind::Float),
        ExprKind::Unary(UnOp::Neg, x) => literal_kind(x),
        _ => None,
    }
}
