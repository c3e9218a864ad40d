//! Phase 2: types and the rules of the language that depend on them.
//!
//! A small Hindley-Milner-style pass in source order, as rustc does it: every expression gets a
//! type, unsuffixed literals get inference variables that unify with their context and default
//! to `i32`/`f64`. Mixed-type arithmetic, methods on the wrong type and unknown names are
//! errors; every error is recorded and checking goes on with [`Ty::Error`] to avoid cascades.
//!
//! What rustc checks again on the native twin (exhaustive `match`, definite initialization)
//! is left to rustc, which reports it at the user's span.

mod expr;
mod literals;
pub(crate) mod locals;
mod raw;
mod stmt;
pub(crate) mod ty;

use crate::diag::{Diagnostics, Sp};
use crate::parse::ast::{ExprId, Kernel, LetId};
use ty::{LitKind, Mismatch, Table, Ty};

/// What a name refers to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Binding {
    Param(usize),
    Let(LetId),
}

/// The result of checking: the final type of every expression and local, what every variable
/// refers to, and which loop every `break`/`continue` leaves. Only [`Ty::Scalar`],
/// [`Ty::Generic`], [`Ty::Tuple`], [`Ty::Array`], [`Ty::Unit`] and [`Ty::Never`] remain.
pub(crate) struct Typed {
    pub expr_ty: Vec<Ty>,
    pub let_ty: Vec<Ty>,
    pub bindings: Vec<Option<Binding>>,
    /// For a `break`/`continue`, the id of the loop expression it leaves.
    pub jump_target: Vec<Option<ExprId>>,
    /// Bytes of the function's own local arrays per thread (`locals`).
    pub local_bytes: usize,
}

/// One enclosing loop while checking.
struct LoopCtx {
    id: ExprId,
    label: Option<String>,
    /// `loop` (which may `break` with a value).
    is_loop: bool,
    /// The type of the `break`s seen so far (`None`: no `break` yet).
    break_ty: Option<Ty>,
}

/// Checks a parsed kernel; `None` when any error was recorded.
pub(crate) fn kernel(k: &Kernel, diag: &mut Diagnostics) -> Option<Typed> {
    let before = diag.count();
    let result = if k.sig.tuple_result {
        Ty::Tuple(k.sig.results.iter().map(Ty::of_ref).collect())
    } else {
        k.sig.results.first().map_or(Ty::Unit, Ty::of_ref)
    };
    let mut c = Checker {
        generics: k.sig.generics.iter().map(|g| g.name.to_string()).collect(),
        caps: k.sig.generics.iter().map(|g| g.caps).collect(),
        diag,
        table: Table::default(),
        expr_ty: vec![None; k.expr_count],
        let_ty: vec![None; k.let_count],
        bindings: vec![None; k.expr_count],
        jump_target: vec![None; k.expr_count],
        scopes: vec![k
            .sig
            .params
            .iter()
            .enumerate()
            .map(|(i, p)| Scoped {
                name: p.name.to_string(),
                binding: Binding::Param(i),
                ty: raw::param_ty(p),
                mutable: p.mutable,
            })
            .collect()],
        loops: Vec::new(),
        result: result.clone(),
        deferred_neg: Vec::new(),
        calls: Vec::new(),
        call_guesses: Vec::new(),
        raw: k.raw,
        let_init: None,
    };
    let body = c.block(&k.body);
    if let Err(m) = c.table.unify(&body, &result) {
        let at = match &k.body.tail {
            Some(t) => t.sp,
            None => Sp::single(k.body.sp.end),
        };
        let (found, expected) = (c.table.resolve(&body), c.table.resolve(&result));
        match (&found, &expected, m) {
            (_, _, Mismatch::Literal { origin, kind, ty }) => c.literal_mismatch(origin, kind, &ty),
            (_, Ty::Unit, _) if k.raw => c.diag.error(
                at,
                "a #[raw_kernel] returns nothing; end this expression with `;` and write \
                 results into a `&mut [T]` parameter",
            ),
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
    c.guess_call_results();
    let Checker {
        table,
        expr_ty,
        let_ty,
        bindings,
        jump_target,
        deferred_neg,
        calls,
        diag,
        ..
    } = c;
    let finish = |t: Option<Ty>| t.map_or(Ty::Error, |t| table.finish(&t));
    for (sp, id) in calls {
        if table.var_kind(expr_ty[id].as_ref().unwrap_or(&Ty::Error)) == Some(LitKind::Any) {
            diag.error(
                sp,
                "cannot infer the type of this call's result; bind it with a type, \
                 e.g. `let y: f32 = helper(x);`",
            );
        }
    }
    let mut typed = Typed {
        expr_ty: expr_ty.into_iter().map(finish).collect(),
        let_ty: let_ty.into_iter().map(finish).collect(),
        bindings,
        jump_target,
        local_bytes: 0,
    };
    for (sp, id) in deferred_neg {
        if let Ty::Scalar(s) = &typed.expr_ty[id] {
            if s.is_unsigned_int() {
                diag.error(sp, format!("cannot negate a value of type `{}`", s.name()));
            }
        }
    }
    literals::check(&k.body, &typed, diag);
    typed.local_bytes = locals::local_bytes(k, &typed, diag);
    (diag.count() == before).then_some(typed)
}

/// A name in scope.
struct Scoped {
    name: String,
    binding: Binding,
    ty: Ty,
    mutable: bool,
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
    jump_target: Vec<Option<ExprId>>,
    /// Innermost scope last; a name declared again shadows the earlier one.
    scopes: Vec<Vec<Scoped>>,
    /// Innermost loop last.
    loops: Vec<LoopCtx>,
    result: Ty,
    /// Negations of a literal whose type was not known yet (`-1` may become `u8`).
    deferred_neg: Vec<(Sp, ExprId)>,
    /// Device-function calls, whose result type must be known by the end.
    calls: Vec<(Sp, ExprId)>,
    /// Each call's result type and argument types, for [`Checker::guess_call_results`].
    call_guesses: Vec<(Ty, Vec<Ty>)>,
    /// Checking a `#[raw_kernel]`.
    raw: bool,
    /// The initializer of the `let` being checked, when it binds one name (where shared
    /// memory may be declared).
    let_init: Option<ExprId>,
}

impl Checker<'_> {
    /// Gives the calls whose result type nothing has fixed (yet) the float (or complex) type
    /// of their arguments, when they all have the same one: `erf(x)` of an `f64` is taken to
    /// be an `f64`. rustc checks the guess on the native twin (a device function returning
    /// something else is a type error there); integer and `bool` results still need a type.
    fn guess_call_results(&mut self) {
        for i in 0..self.call_guesses.len() {
            let (res, args) = self.call_guesses[i].clone();
            if !matches!(
                self.table.var_kind(&res),
                Some(LitKind::Any | LitKind::Float)
            ) {
                continue;
            }
            let mut guess: Option<Ty> = None;
            let mut agree = true;
            for a in &args {
                let t = self.table.resolve(a);
                let candidate = match &t {
                    Ty::Scalar(s) if s.is_float() => true,
                    Ty::Complex(_) => true,
                    Ty::Var(_) if self.table.var_kind(&t) != Some(LitKind::Int) => {
                        agree = false;
                        false
                    }
                    _ => false,
                };
                if candidate {
                    match &guess {
                        Some(g) if *g != t => agree = false,
                        Some(_) => {}
                        None => guess = Some(t),
                    }
                }
            }
            if let (true, Some(g)) = (agree, guess) {
                let _ = self.table.unify(&res, &g);
            }
        }
    }

    fn show(&self, t: &Ty) -> String {
        self.table.show(t, &self.generics)
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
            LitKind::Any => "this value",
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

    fn lookup(&self, name: &str) -> Option<&Scoped> {
        self.scopes
            .iter()
            .rev()
            .flat_map(|s| s.iter().rev())
            .find(|s| s.name == name)
    }

    fn declare(&mut self, name: String, id: LetId, ty: Ty, mutable: bool) {
        self.let_ty[id] = Some(ty.clone());
        if let Some(scope) = self.scopes.last_mut() {
            scope.push(Scoped {
                name,
                binding: Binding::Let(id),
                ty,
                mutable,
            });
        }
    }
}
