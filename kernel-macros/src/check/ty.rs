//! Types of the checker and the unification table for literal types (`{integer}`, `{float}`),
//! defaulted to `i32` and `f64` at the end as in Rust.

use crate::diag::Sp;
use crate::parse::ast::{TypeKind, TypeRef};
use crate::scalar::Scalar;

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Ty {
    Scalar(Scalar),
    /// The `i`th type parameter.
    Generic(usize),
    Tuple(Vec<Ty>),
    Unit,
    /// A literal's type, not yet known (an index into the [`Table`]).
    Var(usize),
    /// The type of an expression that had an error; unifies with everything.
    Error,
}

impl Ty {
    pub fn of_ref(r: &TypeRef) -> Ty {
        match &r.kind {
            TypeKind::Scalar(s) => Ty::Scalar(*s),
            TypeKind::Generic(i) => Ty::Generic(*i),
            TypeKind::Tuple(elems) => Ty::Tuple(elems.iter().map(Ty::of_ref).collect()),
        }
    }

    pub const BOOL: Ty = Ty::Scalar(Scalar::Bool);
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LitKind {
    Int,
    Float,
}

#[derive(Clone, Debug)]
enum VarState {
    Unbound { kind: LitKind, origin: Sp },
    Bound(Ty),
}

/// The inference variables of one kernel.
#[derive(Default)]
pub(crate) struct Table {
    vars: Vec<VarState>,
}

/// Why two types did not unify, for a precise message.
pub(crate) enum Mismatch {
    /// A literal was asked to take a type literals cannot have (`f16`, `T`): report it at the
    /// literal.
    Literal { origin: Sp, kind: LitKind, ty: Ty },
    /// Two different types.
    Types,
}

impl Table {
    pub fn fresh(&mut self, kind: LitKind, origin: Sp) -> Ty {
        self.vars.push(VarState::Unbound { kind, origin });
        Ty::Var(self.vars.len() - 1)
    }

    /// Follows bound variables (deeply, through tuples).
    pub fn resolve(&self, t: &Ty) -> Ty {
        match t {
            Ty::Var(i) => match &self.vars[*i] {
                VarState::Bound(b) => self.resolve(b),
                VarState::Unbound { .. } => t.clone(),
            },
            Ty::Tuple(elems) => Ty::Tuple(elems.iter().map(|e| self.resolve(e)).collect()),
            _ => t.clone(),
        }
    }

    /// The kind of an unbound variable.
    pub fn var_kind(&self, t: &Ty) -> Option<LitKind> {
        match self.resolve(t) {
            Ty::Var(i) => match self.vars[i] {
                VarState::Unbound { kind, .. } => Some(kind),
                VarState::Bound(_) => None,
            },
            _ => None,
        }
    }

    pub fn unify(&mut self, a: &Ty, b: &Ty) -> Result<(), Mismatch> {
        let (a, b) = (self.resolve(a), self.resolve(b));
        match (&a, &b) {
            (Ty::Error, _) | (_, Ty::Error) => Ok(()),
            (Ty::Var(i), Ty::Var(j)) => {
                if i == j {
                    return Ok(());
                }
                if self.kind(*i) == self.kind(*j) {
                    self.vars[*i] = VarState::Bound(b.clone());
                    Ok(())
                } else {
                    Err(Mismatch::Types)
                }
            }
            (Ty::Var(i), t) | (t, Ty::Var(i)) => {
                let VarState::Unbound { kind, origin } = self.vars[*i].clone() else {
                    return Err(Mismatch::Types);
                };
                let fits = match (kind, t) {
                    (LitKind::Int, Ty::Scalar(s)) => s.is_int(),
                    (LitKind::Float, Ty::Scalar(s)) => s.is_float() && !s.is_half(),
                    _ => false,
                };
                if fits {
                    self.vars[*i] = VarState::Bound(t.clone());
                    return Ok(());
                }
                let literal_only =
                    matches!(t, Ty::Generic(_)) || matches!(t, Ty::Scalar(s) if s.is_half());
                if literal_only {
                    Err(Mismatch::Literal {
                        origin,
                        kind,
                        ty: t.clone(),
                    })
                } else {
                    Err(Mismatch::Types)
                }
            }
            (Ty::Tuple(x), Ty::Tuple(y)) if x.len() == y.len() => {
                for (p, q) in x.iter().zip(y) {
                    self.unify(p, q)?;
                }
                Ok(())
            }
            _ if a == b => Ok(()),
            _ => Err(Mismatch::Types),
        }
    }

    fn kind(&self, i: usize) -> Option<LitKind> {
        match self.vars[i] {
            VarState::Unbound { kind, .. } => Some(kind),
            VarState::Bound(_) => None,
        }
    }

    /// The final type: unbound literals take Rust's defaults (`i32`, `f64`).
    pub fn finish(&self, t: &Ty) -> Ty {
        match self.resolve(t) {
            Ty::Var(i) => match self.vars[i] {
                VarState::Unbound {
                    kind: LitKind::Int, ..
                } => Ty::Scalar(Scalar::I32),
                VarState::Unbound {
                    kind: LitKind::Float,
                    ..
                } => Ty::Scalar(Scalar::F64),
                VarState::Bound(_) => Ty::Error,
            },
            Ty::Tuple(elems) => Ty::Tuple(elems.iter().map(|e| self.finish(e)).collect()),
            t => t,
        }
    }

    /// How a type is shown in messages (`f32`, `T`, `(f32, i32)`, `{float}`).
    pub fn show(&self, t: &Ty, generics: &[String]) -> String {
        match self.resolve(t) {
            Ty::Scalar(s) => s.name().to_string(),
            Ty::Generic(i) => generics.get(i).cloned().unwrap_or_default(),
            Ty::Tuple(elems) => {
                let parts: Vec<String> = elems.iter().map(|e| self.show(e, generics)).collect();
                if parts.len() == 1 {
                    format!("({},)", parts[0])
                } else {
                    format!("({})", parts.join(", "))
                }
            }
            Ty::Unit => "()".into(),
            Ty::Var(i) => match self.kind(i) {
                Some(LitKind::Int) => "{integer}".into(),
                _ => "{float}".into(),
            },
            Ty::Error => "{unknown}".into(),
        }
    }
}
