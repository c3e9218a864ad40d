//! Blocks and statements: `let` (with tuple patterns), expression statements (assignments,
//! loops, `return`, `break`, `continue`) and a tail expression.

use super::ast::{Binder, Block, Let, Pat, Stmt};
use super::types::TypeCtx;
use super::Parser;
use crate::diag::Sp;

impl Parser<'_> {
    pub(crate) fn block(&mut self, block: &syn::Block) -> Option<Block> {
        let sp = Sp::of_block(block);
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
                    let msg = match item {
                        syn::Item::Fn(_) => {
                            "functions inside kernels are not supported; define them outside \
                             and mark them #[device_fn]"
                        }
                        syn::Item::Const(_) | syn::Item::Static(_) => {
                            "constants inside kernels are not supported; use a literal or pass \
                             the value as a parameter"
                        }
                        _ => {
                            "items inside kernels are not supported; define them outside the kernel"
                        }
                    };
                    self.diag.error(Sp::of(item), msg);
                    ok = false;
                }
                syn::Stmt::Macro(m) => {
                    self.macro_call(&m.mac);
                    ok = false;
                }
                syn::Stmt::Expr(e, semi) => match self.stmt_expr(e) {
                    Some(x) if last && semi.is_none() => tail = Some(Box::new(x)),
                    Some(x) => stmts.push(Stmt::Expr(x)),
                    None => ok = false,
                },
            }
        }
        ok.then_some(Block { stmts, tail, sp })
    }

    fn local(&mut self, local: &syn::Local) -> Option<Let> {
        let (pat, ty) = match &local.pat {
            syn::Pat::Type(pt) => (&*pt.pat, Some(&*pt.ty)),
            p => (p, None),
        };
        let pat = self.pattern(pat, false);
        let ty = ty.map(|t| self.local_type(t));
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
        Some(Let {
            pat: pat?,
            ty: match ty {
                Some(t) => Some(t?),
                None => None,
            },
            init: init?,
        })
    }

    /// The pattern of a `let` (names, `mut` names, `_`, tuples of those) or, with
    /// `single`, of a `for` loop (a name or `_`).
    pub(crate) fn pattern(&mut self, p: &syn::Pat, single: bool) -> Option<Pat> {
        match p {
            syn::Pat::Ident(pi) if pi.by_ref.is_none() && pi.subpat.is_none() => {
                let id = self.next_let;
                self.next_let += 1;
                Some(Pat::Bind(Binder {
                    id,
                    name: pi.ident.clone(),
                    mutable: pi.mutability.is_some(),
                }))
            }
            syn::Pat::Wild(w) => Some(Pat::Wild(Sp::of(w))),
            syn::Pat::Paren(pp) => self.pattern(&pp.pat, single),
            syn::Pat::Tuple(t) if !single => {
                let mut elems = Vec::new();
                let mut ok = true;
                for e in &t.elems {
                    if let syn::Pat::Rest(r) = e {
                        self.diag
                            .error(Sp::of(r), "`..` in tuple patterns is not supported in kernels; name every element or use `_`");
                        ok = false;
                        continue;
                    }
                    match self.pattern(e, false) {
                        Some(x) => elems.push(x),
                        None => ok = false,
                    }
                }
                ok.then_some(Pat::Tuple(elems, Sp::of(t)))
            }
            syn::Pat::Ident(pi) if pi.by_ref.is_some() => self.fail(
                Sp::of(pi),
                "`ref` bindings are not supported in kernels; kernel values are copied",
            ),
            _ if single => self.fail(
                Sp::of(p),
                "the variable of a `for` loop in kernels is a name (or `_`)",
            ),
            _ => self.fail(
                Sp::of(p),
                "this pattern is not supported in `let` in kernels; use a name or a tuple of names",
            ),
        }
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
        let hint = match name.as_str() {
            "println" | "print" | "eprintln" | "eprint" | "dbg" | "format" | "write" => {
                "kernels cannot print; return the value instead"
            }
            "assert" | "assert_eq" | "assert_ne" | "debug_assert" | "panic" | "unreachable"
            | "todo" | "unimplemented" => {
                "kernels cannot panic on the GPU; clamp or select a value instead"
            }
            "vec" => "kernels have no heap; use a fixed-size array `[x; N]`",
            _ => "they have no CUDA counterpart",
        };
        self.diag.error(
            sp,
            format!("macro calls such as `{name}!` are not supported in kernels; {hint}"),
        );
    }

    /// A fresh expression id.
    pub(crate) fn new_expr_id(&mut self) -> usize {
        let id = self.next_expr;
        self.next_expr += 1;
        id
    }

    /// A `let`'s type: a signature type, or a tuple or fixed-size array of them.
    pub(crate) fn local_type(&mut self, t: &syn::Type) -> Option<super::ast::LocalType> {
        use super::ast::LocalType;
        match t {
            syn::Type::Paren(p) => self.local_type(&p.elem),
            syn::Type::Group(g) => self.local_type(&g.elem),
            syn::Type::Array(a) => {
                let elem = self.local_type(&a.elem);
                let n = self.array_len(&a.len);
                Some(LocalType::Array(Box::new(elem?), n?))
            }
            syn::Type::Tuple(tt) if !tt.elems.is_empty() => {
                let mut elems = Vec::new();
                let mut ok = true;
                for e in &tt.elems {
                    match self.local_type(e) {
                        Some(x) => elems.push(x),
                        None => ok = false,
                    }
                }
                ok.then_some(LocalType::Tuple(elems))
            }
            _ => self.type_ref(t, TypeCtx::Let).map(LocalType::Plain),
        }
    }
}
