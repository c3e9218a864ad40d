//! Blocks and statements.

use syn::ext::IdentExt;

use super::writer::Writer;
use super::{CExpr, Lowerer};
use crate::check::ty::Ty;
use crate::parse::ast::{Block, Expr, ExprKind, Stmt};

impl Lowerer<'_> {
    /// Writes a block's statements into `w`; returns its value (`None` for `()`). Names are
    /// unique per function, so a Rust block needs no C braces of its own.
    pub(super) fn block(&mut self, b: &Block, w: &mut Writer) -> Option<CExpr> {
        for s in &b.stmts {
            match s {
                Stmt::Let(l) => {
                    let init = self.expr(&l.init, w);
                    let name = self.names.binding(&l.name.unraw().to_string());
                    let ty = self.c_type(&self.typed.let_ty[l.id]);
                    w.line(&format!("{ty} {name} = {};", init.text));
                    self.set_let_name(l.id, name);
                }
                Stmt::Expr(e) => self.effect(e, w),
            }
        }
        match &b.tail {
            Some(t) if self.typed.expr_ty[t.id] != Ty::Unit => Some(self.expr(t, w)),
            Some(t) => {
                self.effect(t, w);
                None
            }
            None => None,
        }
    }

    /// An expression evaluated for its effects: `()`-typed `if`s and blocks become statements.
    fn effect(&mut self, e: &Expr, w: &mut Writer) {
        match &e.kind {
            ExprKind::If(cond, then, otherwise) if self.typed.expr_ty[e.id] == Ty::Unit => {
                let c = self.expr(cond, w);
                w.open(&format!("if ({})", c.text));
                self.block(then, w);
                let mut next = otherwise.as_deref();
                while let Some(o) = next {
                    match &o.kind {
                        ExprKind::If(c2, then2, o2) => {
                            // `else if` whose condition needs statements nests instead.
                            let mut cw = Writer::at(w.indent());
                            let c2 = self.expr(c2, &mut cw);
                            if cw.is_empty() {
                                w.reopen(&format!("else if ({})", c2.text));
                                self.block(then2, w);
                                next = o2.as_deref();
                            } else {
                                w.reopen("else");
                                w.append(cw);
                                w.open(&format!("if ({})", c2.text));
                                self.block(then2, w);
                                if let Some(o2) = o2 {
                                    w.reopen("else");
                                    self.effect(o2, w);
                                }
                                w.close("");
                                next = None;
                            }
                        }
                        _ => {
                            w.reopen("else");
                            self.effect(o, w);
                            next = None;
                        }
                    }
                }
                w.close("");
            }
            ExprKind::Block(b) if self.typed.expr_ty[e.id] == Ty::Unit => {
                self.block(b, w);
            }
            _ => {
                let v = self.expr(e, w);
                w.line(&format!("(void)({});", v.text));
            }
        }
    }
}
