//! Expressions: literals, variables, operators, casts, std methods, `if`, blocks and tuples.

use super::ast::{BinOp, Expr, ExprKind, Lit, Method, UnOp};
use super::types::TypeCtx;
use super::{dtype_list, Parser};
use crate::diag::Sp;
use crate::scalar::Scalar;

impl Parser<'_> {
    pub(crate) fn expr(&mut self, e: &syn::Expr) -> Option<Expr> {
        let sp = Sp::of(e);
        let kind = match e {
            syn::Expr::Paren(p) => return self.expr(&p.expr),
            syn::Expr::Group(g) => return self.expr(&g.expr),
            syn::Expr::Lit(l) => ExprKind::Lit(self.lit(&l.lit)?),
            syn::Expr::Path(p) => self.path(p, sp)?,
            syn::Expr::Unary(u) => {
                let op =
                    match u.op {
                        syn::UnOp::Neg(_) => UnOp::Neg,
                        syn::UnOp::Not(_) => UnOp::Not,
                        _ => return self.fail(
                            Sp::of(&u.op),
                            "dereferencing is not supported in kernels; kernel values are scalars",
                        ),
                    };
                ExprKind::Unary(op, Box::new(self.expr(&u.expr)?))
            }
            syn::Expr::Binary(b) => {
                let op = self.bin_op(&b.op);
                let (l, r) = (self.expr(&b.left), self.expr(&b.right));
                ExprKind::Binary(op?, Box::new(l?), Box::new(r?))
            }
            syn::Expr::Cast(c) => {
                let inner = self.expr(&c.expr);
                let ty = self.type_ref(&c.ty, TypeCtx::Cast);
                ExprKind::Cast(Box::new(inner?), ty?)
            }
            syn::Expr::MethodCall(m) => return self.method_call(m, sp),
            syn::Expr::If(i) => return self.if_expr(i),
            syn::Expr::Block(b) => {
                if let Some(l) = &b.label {
                    return self.fail(Sp::of(l), "labeled blocks are not supported in kernels");
                }
                ExprKind::Block(self.block(&b.block, false)?)
            }
            syn::Expr::Tuple(t) => {
                let mut elems = Vec::new();
                let mut ok = true;
                for x in &t.elems {
                    match self.expr(x) {
                        Some(x) => elems.push(x),
                        None => ok = false,
                    }
                }
                if !ok {
                    return None;
                }
                if elems.is_empty() {
                    return self.fail(
                        sp,
                        "`()` is not supported in kernels; kernels compute values",
                    );
                }
                ExprKind::Tuple(elems)
            }
            _ => return self.unsupported(e, sp),
        };
        Some(Expr {
            id: self.new_expr_id(),
            kind,
            sp,
        })
    }

    fn lit(&mut self, lit: &syn::Lit) -> Option<Lit> {
        let sp = Sp::of(lit);
        match lit {
            syn::Lit::Bool(b) => Some(Lit::Bool(b.value)),
            syn::Lit::Int(i) => {
                let suffix = self.lit_suffix(i.suffix(), sp)?;
                if let Some(s) = suffix.filter(|s| s.is_float()) {
                    return Some(Lit::Float {
                        digits: i.base10_digits().to_string(),
                        suffix: Some(s),
                    });
                }
                match i.base10_parse::<u128>() {
                    Ok(value) => Some(Lit::Int { value, suffix }),
                    Err(_) => self.fail(sp, "integer literal is too large"),
                }
            }
            syn::Lit::Float(f) => {
                let suffix = self.lit_suffix(f.suffix(), sp)?;
                if suffix.is_some_and(|s| !s.is_float()) {
                    return self.fail(sp, "a float literal cannot have an integer suffix");
                }
                Some(Lit::Float {
                    digits: f.base10_digits().to_string(),
                    suffix,
                })
            }
            syn::Lit::Str(_) | syn::Lit::ByteStr(_) | syn::Lit::CStr(_) => {
                self.fail(sp, "string literals are not supported in kernels")
            }
            syn::Lit::Char(_) | syn::Lit::Byte(_) => {
                self.fail(sp, "character literals are not supported in kernels")
            }
            _ => self.fail(sp, "this literal is not supported in kernels"),
        }
    }

    fn lit_suffix(&mut self, suffix: &str, sp: Sp) -> Option<Option<Scalar>> {
        if suffix.is_empty() {
            return Some(None);
        }
        match Scalar::from_name(suffix) {
            Some(s) if !s.is_half() && s != Scalar::Bool => Some(Some(s)),
            _ => self.fail(
                sp,
                format!(
                    "literal suffix `{suffix}` is not a dtype of kernels; use one of: {}",
                    dtype_list()
                ),
            ),
        }
    }

    fn path(&mut self, p: &syn::ExprPath, sp: Sp) -> Option<ExprKind> {
        if p.qself.is_none() {
            if let Some(id) = p.path.get_ident() {
                if id == "self" {
                    return self.fail(sp, "`self` is not available in kernels");
                }
                return Some(ExprKind::Var(id.clone()));
            }
        }
        self.fail(
            sp,
            "paths and constants are not supported in #[elementwise] kernels yet; \
             pass the value as a parameter",
        )
    }

    fn bin_op(&mut self, op: &syn::BinOp) -> Option<BinOp> {
        use syn::BinOp as B;
        Some(match op {
            B::Add(_) => BinOp::Add,
            B::Sub(_) => BinOp::Sub,
            B::Mul(_) => BinOp::Mul,
            B::Div(_) => BinOp::Div,
            B::Rem(_) => BinOp::Rem,
            B::BitAnd(_) => BinOp::BitAnd,
            B::BitOr(_) => BinOp::BitOr,
            B::BitXor(_) => BinOp::BitXor,
            B::And(_) => BinOp::And,
            B::Or(_) => BinOp::Or,
            B::Eq(_) => BinOp::Eq,
            B::Ne(_) => BinOp::Ne,
            B::Lt(_) => BinOp::Lt,
            B::Le(_) => BinOp::Le,
            B::Gt(_) => BinOp::Gt,
            B::Ge(_) => BinOp::Ge,
            B::Shl(_) | B::Shr(_) => {
                return self.fail(
                    Sp::of(op),
                    "shift operators are not supported in #[elementwise] kernels yet",
                )
            }
            _ => {
                return self.fail(
                    Sp::of(op),
                    "assignment is not supported in #[elementwise] kernels yet; \
                     bind a new value with `let`",
                )
            }
        })
    }

    fn method_call(&mut self, m: &syn::ExprMethodCall, sp: Sp) -> Option<Expr> {
        let receiver = self.expr(&m.receiver);
        let name_sp = Sp::of(&m.method);
        let name = m.method.to_string();
        let method = match Method::from_name(&name) {
            Some(method) => Some(method),
            None => self.fail(
                name_sp,
                format!(
                    "method `{name}` has no CUDA counterpart; supported: {}",
                    Method::list()
                ),
            ),
        };
        if let Some(t) = &m.turbofish {
            self.diag.error(
                Sp::of(t),
                "generic arguments on methods are not supported in kernels",
            );
        }
        let mut args = Vec::new();
        let mut ok = m.turbofish.is_none();
        for a in &m.args {
            match self.expr(a) {
                Some(a) => args.push(a),
                None => ok = false,
            }
        }
        let method = method?;
        let receiver = receiver?;
        if !ok {
            return None;
        }
        if args.len() != method.arity() {
            let s = if method.arity() == 1 { "" } else { "s" };
            return self.fail(
                Sp::of(&m.method).to(sp),
                format!(
                    "method `{name}` takes {} argument{s}, found {}",
                    method.arity(),
                    args.len()
                ),
            );
        }
        Some(Expr {
            id: self.new_expr_id(),
            kind: ExprKind::Method(method, name_sp, Box::new(receiver), args),
            sp,
        })
    }

    fn if_expr(&mut self, i: &syn::ExprIf) -> Option<Expr> {
        let sp = Sp::of(i);
        let cond = match &*i.cond {
            syn::Expr::Let(l) => self.fail(
                Sp::of(&l.let_token).to(Sp::of(&l.pat)),
                "`if let` is not supported in kernels; compare values instead",
            ),
            c => self.expr(c),
        };
        let then = self.block(&i.then_branch, false);
        let otherwise = match &i.else_branch {
            None => Some(None),
            Some((_, e)) => self.expr(e).map(|e| Some(Box::new(e))),
        };
        Some(Expr {
            id: self.new_expr_id(),
            kind: ExprKind::If(Box::new(cond?), then?, otherwise?),
            sp,
        })
    }

    /// Every expression outside the language, with the smallest span at fault.
    fn unsupported(&mut self, e: &syn::Expr, sp: Sp) -> Option<Expr> {
        let (sp, msg): (Sp, String) = match e {
            syn::Expr::ForLoop(f) => (
                Sp::of(&f.for_token).to(Sp::of(&f.expr)),
                "loops are not supported in #[elementwise] kernels yet".into(),
            ),
            syn::Expr::While(w) => (
                Sp::of(&w.while_token).to(Sp::of(&w.cond)),
                "loops are not supported in #[elementwise] kernels yet".into(),
            ),
            syn::Expr::Loop(l) => (
                Sp::of(&l.loop_token),
                "loops are not supported in #[elementwise] kernels yet".into(),
            ),
            syn::Expr::Break(_) | syn::Expr::Continue(_) => (
                sp,
                "`break` and `continue` are not supported in #[elementwise] kernels yet".into(),
            ),
            syn::Expr::Closure(_) => (sp, "closures are not supported in kernels".into()),
            syn::Expr::Macro(m) => {
                self.macro_call(&m.mac);
                return None;
            }
            syn::Expr::Call(c) => (
                Sp::of(&c.func),
                "calls to functions are not supported in #[elementwise] kernels yet; \
                 use methods such as `x.sqrt()` or write the body inline"
                    .into(),
            ),
            syn::Expr::Unsafe(u) => (
                Sp::of(&u.unsafe_token),
                "unsafe blocks are not supported in kernels".into(),
            ),
            syn::Expr::Reference(r) => (
                Sp::of(&r.and_token).to(Sp::of(&r.expr)),
                "references are not supported in kernels; kernel values are scalars".into(),
            ),
            syn::Expr::Assign(_) => (
                sp,
                "assignment is not supported in #[elementwise] kernels yet; \
                 bind a new value with `let`"
                    .into(),
            ),
            syn::Expr::Return(_) => (
                sp,
                "`return` is only supported as the last statement of a kernel; \
                 use an `if`/`else` expression"
                    .into(),
            ),
            syn::Expr::Index(_) => (
                sp,
                "indexing is not supported in #[elementwise] kernels; \
                 a kernel sees one element of each array at a time"
                    .into(),
            ),
            syn::Expr::Field(_) => (sp, "field access is not supported in kernels yet".into()),
            syn::Expr::Array(_) | syn::Expr::Repeat(_) => {
                (sp, "arrays are not supported in kernels".into())
            }
            syn::Expr::Struct(_) => (sp, "struct expressions are not supported in kernels".into()),
            syn::Expr::Match(m) => (
                Sp::of(&m.match_token).to(Sp::of(&m.expr)),
                "`match` is not supported in #[elementwise] kernels yet; use `if`/`else`".into(),
            ),
            syn::Expr::Range(_) => (sp, "ranges are not supported in kernels".into()),
            syn::Expr::Try(t) => (
                Sp::of(&t.question_token),
                "the `?` operator is not supported in kernels".into(),
            ),
            syn::Expr::Async(_) | syn::Expr::Await(_) => {
                (sp, "async code is not supported in kernels".into())
            }
            syn::Expr::Let(_) => (sp, "`let` expressions are not supported in kernels".into()),
            _ => (sp, "this expression is not supported in kernels".into()),
        };
        self.fail(sp, msg)
    }
}
