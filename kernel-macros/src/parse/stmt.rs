//! Blocks and statements: `let`, expression statements, a tail expression, and `return` as the
//! last statement of the kernel.

use super::ast::{Block, Let, Stmt};
use super::types::TypeCtx;
use super::Parser;
use crate::diag::Sp;

impl Parser<'_> {
    /// Parses a block; `fn_body` allows a final `return`.
    pub(crate) fn block(&mut self, block: &syn::Block, fn_body: bool) -> Option<Block> {
        let sp = Sp::of(block);
        let mut stmts = Vec::new();
        let mut tail = None;
        let mut ok = true;
        let n = block.stmts.len();
        for (i, stmt) in block.stmts.iter().enumerate() {
            let last = i + 1 == n;
            match stmt {
                syn::Stmt::Local(local) => match self.local(local) {
                    Some(l) => stmts.push(Stmt::Let(l)),
                    None => ok = false,
                },
                syn::Stmt::Item(item) => {
                    self.diag.error(
                        Sp::of(item),
                        "items inside kernels are not supported; define them outside the kernel",
                    );
                    ok = false;
                }
                syn::Stmt::Macro(m) => {
                    self.macro_call(&m.mac);
                    ok = false;
                }
                syn::Stmt::Expr(e, semi) => {
                    // `return x;` / `return x` as the kernel's last statement is its tail.
                    if let (true, true, syn::Expr::Return(r)) = (fn_body, last, e) {
                        match &r.expr {
                            Some(value) => match self.expr(value) {
                                Some(v) => tail = Some(Box::new(v)),
                                None => ok = false,
                            },
                            None => {
                                self.diag.error(
                                    Sp::of(r),
                                    "a kernel must return a value; write `return <value>`",
                                );
                                ok = false;
                            }
                        }
                        continue;
                    }
                    match self.expr(e) {
                        Some(x) if last && semi.is_none() => tail = Some(Box::new(x)),
                        Some(x) => stmts.push(Stmt::Expr(x)),
                        None => ok = false,
                    }
                }
            }
        }
        ok.then_some(Block { stmts, tail, sp })
    }

    fn local(&mut self, local: &syn::Local) -> Option<Let> {
        let (pat, ty) = match &local.pat {
            syn::Pat::Type(pt) => (&*pt.pat, Some(&*pt.ty)),
            p => (p, None),
        };
        let name = match pat {
            syn::Pat::Ident(pi) if pi.by_ref.is_none() && pi.subpat.is_none() => {
                Some(pi.ident.clone())
            }
            syn::Pat::Tuple(_) => self.fail(
                Sp::of(pat),
                "destructuring `let` is not supported in kernels yet; bind the value to a name",
            ),
            syn::Pat::Wild(_) => self.fail(
                Sp::of(pat),
                "`let _` is not supported in kernels; the value would be unused",
            ),
            _ => self.fail(
                Sp::of(pat),
                "patterns are not supported in `let` in kernels; use a plain name",
            ),
        };
        let ty = ty.map(|t| self.type_ref(t, TypeCtx::Let));
        let init = match &local.init {
            None => self.fail(
                Sp::of(local),
                "`let` without a value is not supported in kernels; give it an initial value",
            ),
            Some(init) => {
                if let Some((else_tok, _)) = &init.diverge {
                    self.diag.error(
                        Sp::of(else_tok),
                        "`let ... else` is not supported in kernels",
                    );
                    None
                } else {
                    self.expr(&init.expr)
                }
            }
        };
        let id = self.next_let;
        self.next_let += 1;
        Some(Let {
            id,
            name: name?,
            ty: match ty {
                Some(t) => Some(t?),
                None => None,
            },
            init: init?,
        })
    }

    /// Rejects a macro call, in statement or expression position.
    pub(crate) fn macro_call(&mut self, mac: &syn::Macro) {
        let name = mac
            .path
            .segments
            .last()
            .map(|s| s.ident.to_string())
            .unwrap_or_default();
        let sp = Sp::of(&mac.path).to(Sp::of(&mac.bang_token));
        self.diag.error(
            sp,
            format!("macro calls such as `{name}!` are not supported in kernels; they have no CUDA counterpart"),
        );
    }

    /// A fresh expression id.
    pub(crate) fn new_expr_id(&mut self) -> usize {
        let id = self.next_expr;
        self.next_expr += 1;
        id
    }
}
