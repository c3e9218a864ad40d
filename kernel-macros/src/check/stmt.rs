//! Typing of blocks, `let` patterns, loops and jumps.

use super::ty::Ty;
use super::{Checker, LoopCtx};
use crate::diag::Sp;
use crate::parse::ast::{Block, Expr, ForLoop, Label, Let, Pat, Stmt};

impl Checker<'_> {
    pub(super) fn block(&mut self, b: &Block) -> Ty {
        self.scopes.push(Vec::new());
        let mut diverges = false;
        for s in &b.stmts {
            let t = match s {
                Stmt::Let(l) => self.let_stmt(l),
                Stmt::Expr(e) => self.expr(e),
            };
            diverges |= self.table.resolve(&t) == Ty::Never;
        }
        let t = match &b.tail {
            Some(t) => self.expr(t),
            None if diverges => Ty::Never,
            None => Ty::Unit,
        };
        self.scopes.pop();
        t
    }

    /// Types a `let` and declares its names; returns the initializer's type (for divergence).
    fn let_stmt(&mut self, l: &Let) -> Ty {
        self.let_init = matches!(l.pat, Pat::Bind(_)).then_some(l.init.id);
        let init = self.expr(&l.init);
        self.let_init = None;
        self.slice_binding(l, &init);
        let ty = match &l.ty {
            Some(r) => {
                let want = Ty::of_local(r);
                self.expect(&init, &want, l.init.sp);
                want
            }
            None => init.clone(),
        };
        self.bind(&l.pat, &ty, l.init.sp);
        init
    }

    /// Declares the names of a pattern bound to a value of type `ty`.
    pub(super) fn bind(&mut self, p: &Pat, ty: &Ty, value_sp: Sp) {
        match p {
            Pat::Bind(b) => {
                if matches!(self.table.resolve(ty), Ty::Unit) {
                    self.diag
                        .error(value_sp, "`let` of a value of type `()` is not supported");
                }
                self.declare(b.name.to_string(), b.id, ty.clone(), b.mutable);
            }
            Pat::Wild(_) => {}
            Pat::Tuple(pats, sp) => {
                let elems = match self.table.resolve(ty) {
                    Ty::Tuple(elems) if elems.len() == pats.len() => elems,
                    Ty::Error => vec![Ty::Error; pats.len()],
                    other => {
                        let msg = format!(
                            "mismatched types: a pattern of {} elements cannot bind a value of \
                             type `{}`",
                            pats.len(),
                            self.show(&other)
                        );
                        self.diag.error(*sp, msg);
                        vec![Ty::Error; pats.len()]
                    }
                };
                for (p, t) in pats.iter().zip(&elems) {
                    self.bind(p, t, value_sp);
                }
            }
        }
    }

    pub(super) fn while_loop(
        &mut self,
        e: &Expr,
        label: &Option<Label>,
        cond: &Expr,
        body: &Block,
    ) -> Ty {
        let c = self.expr(cond);
        self.condition(&c, cond.sp);
        self.loop_body(e, label, false, body);
        Ty::Unit
    }

    pub(super) fn loop_expr(&mut self, e: &Expr, label: &Option<Label>, body: &Block) -> Ty {
        self.loop_body(e, label, true, body).unwrap_or(Ty::Never)
    }

    pub(super) fn for_loop(&mut self, e: &Expr, f: &ForLoop) -> Ty {
        let (a, b) = (self.expr(&f.start), self.expr(&f.end));
        let t = match self.table.unify(&a, &b) {
            Ok(()) => a,
            Err(_) => {
                let msg = format!(
                    "mismatched types: the range goes from `{}` to `{}`; convert one end with `as`",
                    self.show(&a),
                    self.show(&b)
                );
                self.diag.error(f.start.sp.to(f.end.sp), msg);
                Ty::Error
            }
        };
        if !self.is_int(&t) {
            let msg = format!(
                "`for` loops in kernels run over integer ranges, found `{}`",
                self.show(&t)
            );
            self.diag.error(f.start.sp.to(f.end.sp), msg);
        }
        if let Some(s) = &f.step {
            if let Ty::Generic(i) = self.table.resolve(&t) {
                let msg = format!(
                    "`step_by` on a range of the type parameter `{}` is not supported; use a \
                     concrete integer type",
                    self.generics[i]
                );
                self.diag.error(s.sp, msg);
            }
            let st = self.expr(s);
            let r = self.table.resolve(&st);
            if !self.is_int(&r) || matches!(r, Ty::Generic(_)) {
                let msg = format!(
                    "`step_by` takes an integer of a concrete type, found `{}`",
                    self.show(&r)
                );
                self.diag.error(s.sp, msg);
            }
        }
        self.scopes.push(Vec::new());
        self.bind(&f.var, &t, f.start.sp);
        self.loop_body(e, &f.label, false, &f.body);
        self.scopes.pop();
        Ty::Unit
    }

    /// Types a loop's body; returns the type of its `break`s (`None` when there are none).
    fn loop_body(
        &mut self,
        e: &Expr,
        label: &Option<Label>,
        is_loop: bool,
        body: &Block,
    ) -> Option<Ty> {
        self.loops.push(LoopCtx {
            id: e.id,
            label: label.as_ref().map(|l| l.name.clone()),
            is_loop,
            break_ty: None,
        });
        let t = self.block(body);
        if self.table.unify(&t, &Ty::Unit).is_err() {
            let at = body.tail.as_ref().map_or(body.sp, |t| t.sp);
            self.diag.error(
                at,
                "a loop body does not produce a value; end it with `;` or use `break value` in a `loop`",
            );
        }
        self.loops.pop().and_then(|l| l.break_ty)
    }

    /// `break` (with a value in a `loop`) and `continue`.
    pub(super) fn jump(
        &mut self,
        e: &Expr,
        label: &Option<Label>,
        value: Option<&Expr>,
        is_break: bool,
    ) -> Ty {
        let v = value.map(|v| (self.expr(v), v.sp));
        let found = match label {
            Some(l) => self
                .loops
                .iter()
                .rposition(|c| c.label.as_deref() == Some(l.name.as_str())),
            None => self.loops.len().checked_sub(1),
        };
        let Some(i) = found else {
            let what = if is_break { "break" } else { "continue" };
            let msg = match label {
                Some(l) => format!("use of undeclared label `'{}`", l.name),
                None => format!("`{what}` outside of a loop"),
            };
            self.diag.error(label.as_ref().map_or(e.sp, |l| l.sp), msg);
            return Ty::Never;
        };
        self.jump_target[e.id] = Some(self.loops[i].id);
        if is_break {
            let t = match v {
                Some((t, sp)) if !self.loops[i].is_loop => {
                    self.diag
                        .error(sp, "`break` with a value is only supported in `loop`");
                    let _ = t;
                    return Ty::Never;
                }
                Some((t, _)) => t,
                None => Ty::Unit,
            };
            if self.loops[i].is_loop {
                let joined = match self.loops[i].break_ty.clone() {
                    None => Ok(t.clone()),
                    Some(prev) => self.table.join(&prev, &t),
                };
                match joined {
                    Ok(j) => self.loops[i].break_ty = Some(j),
                    Err(_) => {
                        let prev = self.loops[i].break_ty.clone().unwrap_or(Ty::Error);
                        let msg = format!(
                            "mismatched types: this `break` gives `{}`, an earlier one `{}`",
                            self.show(&t),
                            self.show(&prev)
                        );
                        self.diag.error(e.sp, msg);
                    }
                }
            }
        }
        Ty::Never
    }

    pub(super) fn return_expr(&mut self, e: &Expr, value: Option<&Expr>) -> Ty {
        if self.raw {
            if let Some(v) = value {
                self.expr(v);
                self.diag.error(
                    v.sp,
                    "a #[raw_kernel] returns nothing; write results into a `&mut [T]` \
                     parameter and `return;`",
                );
            }
            return Ty::Never;
        }
        match value {
            Some(v) => {
                let t = self.expr(v);
                let want = self.result.clone();
                self.expect(&t, &want, v.sp);
            }
            None => self
                .diag
                .error(e.sp, "a kernel returns a value; write `return <value>`"),
        }
        Ty::Never
    }

    /// Requires a condition to be `bool`.
    pub(super) fn condition(&mut self, c: &Ty, sp: Sp) {
        if self.table.unify(c, &Ty::BOOL).is_err() {
            let msg = format!(
                "expected `bool`, found `{}`; conditions must be `bool`",
                self.show(c)
            );
            self.diag.error(sp, msg);
        }
    }
}
