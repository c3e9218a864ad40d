//! Phase 2: types and the rules of the language that depend on them.
//!
//! A small Hindley-Milner-style pass in source order, as rustc does it: every expression gets a
//! type, unsuffixed literals get inference variables that unify with their context and default
//! to `i32`/`f64`. Mixed-type arithmetic, methods on the wrong type and unknown names are
//! errors; every error is recorded and checking goes on with [`Ty::Error`] to avoid cascades.

mod expr;
mod literals;
pub(crate) mod ty;

use crate::diag::{Diagnostics, Sp};
use crate::parse::ast::{Block, ExprId, Kernel, LetId, Stmt};
use ty::{LitKind, Mismatch, Table, Ty};

/// What a name refers to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Binding {
    Param(usize),
    Let(LetId),
}

/// The result of checking: the final type of every expression and `let`, and what every
/// variable refers to. Only [`Ty::Scalar`], [`Ty::Generic`], [`Ty::Tuple`] and [`Ty::Unit`]
/// remain.
pub(crate) struct Typed {
    pub expr_ty: Vec<Ty>,
    pub let_ty: Vec<Ty>,
    pub bindings: Vec<Option<Binding>>,
}

/// Checks a parsed kernel; `None` when any error was recorded.
pub(crate) fn kernel(k: &Kernel, diag: &mut Diagnostics) -> Option<Typed> {
    let before = diag.count();
    let mut c = Checker {
        generics: k.sig.generics.iter().map(|g| g.name.to_string()).collect(),
        caps: k.sig.generics.iter().map(|g| g.caps).collect(),
        diag,
        table: Table::default(),
        expr_ty: vec![None; k.expr_count],
        let_ty: vec![None; k.let_count],
        bindings: vec![None; k.expr_count],
        scopes: vec![k
            .sig
            .params
            .iter()
            .enumerate()
            .map(|(i, p)| (p.name.to_string(), Binding::Param(i), Ty::of_ref(&p.ty)))
            .collect()],
        deferred_neg: Vec::new(),
    };
    let body = c.block(&k.body);
    let want = if k.sig.tuple_result {
        Ty::Tuple(k.sig.results.iter().map(Ty::of_ref).collect())
    } else {
        Ty::of_ref(&k.sig.results[0])
    };
    if let Err(m) = c.table.unify(&body, &want) {
        let at = match &k.body.tail {
            Some(t) => t.sp,
            None => Sp::single(k.body.sp.end),
        };
        let (found, expected) = (c.table.resolve(&body), c.table.resolve(&want));
        match (&found, &expected, m) {
            (_, _, Mismatch::Literal { origin, kind, ty }) => c.literal_mismatch(origin, kind, &ty),
            (Ty::Unit, _, _) => c.diag.error(
                at,
                format!(
                    "the kernel must end with its result, of type `{}`",
                    c.show(&expected)
                ),
            ),
            (Ty::Tuple(f), Ty::Tuple(e), _) if f.len() != e.len() => c.diag.error(
                at,
                format!("expected {} results, found {}", e.len(), f.len()),
            ),
            _ => {
                let msg = format!(
                    "mismatched types: the kernel returns `{}`, found `{}`",
                    c.show(&expected),
                    c.show(&found)
                );
                c.diag.error(at, msg)
            }
        }
    }
    let Checker {
        table,
        expr_ty,
        let_ty,
        bindings,
        deferred_neg,
        diag,
        ..
    } = c;
    let finish = |t: Option<Ty>| t.map_or(Ty::Error, |t| table.finish(&t));
    let typed = Typed {
        expr_ty: expr_ty.into_iter().map(finish).collect(),
        let_ty: let_ty.into_iter().map(finish).collect(),
        bindings,
    };
    for (sp, id) in deferred_neg {
        if let Ty::Scalar(s) = &typed.expr_ty[id] {
            if s.is_unsigned_int() {
                diag.error(sp, format!("cannot negate a value of type `{}`", s.name()));
            }
        }
    }
    literals::check(&k.body, &typed, diag);
    (diag.count() == before).then_some(typed)
}

/// The state of one check.
pub(crate) struct Checker<'d> {
    generics: Vec<String>,
    caps: Vec<crate::parse::ast::Caps>,
    diag: &'d mut Diagnostics,
    table: Table,
    expr_ty: Vec<Option<Ty>>,
    let_ty: Vec<Option<Ty>>,
    bindings: Vec<Option<Binding>>,
    /// Innermost scope last; a name declared again shadows the earlier one.
    scopes: Vec<Vec<(String, Binding, Ty)>>,
    /// Negations of a literal whose type was not known yet (`-1` may become `u8`).
    deferred_neg: Vec<(Sp, ExprId)>,
}

impl Checker<'_> {
    fn show(&self, t: &Ty) -> String {
        self.table.show(t, &self.generics)
    }

    fn block(&mut self, b: &Block) -> Ty {
        self.scopes.push(Vec::new());
        for s in &b.stmts {
            match s {
                Stmt::Let(l) => {
                    let init = self.expr(&l.init);
                    let ty = match &l.ty {
                        Some(r) => {
                            let want = Ty::of_ref(r);
                            self.expect(&init, &want, l.init.sp);
                            want
                        }
                        None => init,
                    };
                    if self.table.resolve(&ty) == Ty::Unit {
                        self.diag
                            .error(l.init.sp, "`let` of a value of type `()` is not supported");
                    }
                    self.let_ty[l.id] = Some(ty.clone());
                    if let Some(scope) = self.scopes.last_mut() {
                        scope.push((l.name.to_string(), Binding::Let(l.id), ty));
                    }
                }
                Stmt::Expr(e) => {
                    self.expr(e);
                }
            }
        }
        let t = match &b.tail {
            Some(t) => self.expr(t),
            None => Ty::Unit,
        };
        self.scopes.pop();
        t
    }

    /// Requires `found` to be `want`; reports a mismatch at `sp`.
    fn expect(&mut self, found: &Ty, want: &Ty, sp: Sp) -> bool {
        match self.table.unify(found, want) {
            Ok(()) => true,
            Err(Mismatch::Literal { origin, kind, ty }) => {
                self.literal_mismatch(origin, kind, &ty);
                false
            }
            Err(Mismatch::Types) => {
                let msg = format!(
                    "mismatched types: expected `{}`, found `{}`",
                    self.show(want),
                    self.show(found)
                );
                self.diag.error(sp, msg);
                false
            }
        }
    }

    fn literal_mismatch(&mut self, origin: Sp, kind: LitKind, ty: &Ty) {
        let what = match kind {
            LitKind::Int => "an integer literal",
            LitKind::Float => "a float literal",
        };
        let msg = match ty {
            Ty::Generic(i) => format!(
                "{what} cannot have the generic type `{}`; pass the constant as a parameter",
                self.generics[*i]
            ),
            _ => format!(
                "{what} cannot have type `{}` (it has no literals in Rust); \
                 pass the constant as a parameter",
                self.show(ty)
            ),
        };
        self.diag.error(origin, msg);
    }

    fn lookup(&self, name: &str) -> Option<(Binding, Ty)> {
        self.scopes
            .iter()
            .rev()
            .flat_map(|s| s.iter().rev())
            .find(|(n, _, _)| n == name)
            .map(|(_, b, t)| (*b, t.clone()))
    }
}
