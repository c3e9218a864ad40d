//! Types of the checker and the unification table for literal types (`{integer}`, `{float}`),
//! defaulted to `i32` and `f64` at the end as in Rust.

use crate::diag::Sp;
use crate::parse::ast::{LocalType, TypeKind, TypeRef};
use crate::scalar::Scalar;

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Ty {
    Scalar(Scalar),
    /// The `i`th type parameter.
    Generic(usize),
    Tuple(Vec<Ty>),
    /// `[T; N]`
    Array(Box<Ty>, usize),
    /// A slice of a raw kernel: a parameter or shared memory, of elements of this type.
    Slice(Box<Ty>, Space),
    /// `thread_idx()`, `block_idx()`, `block_dim()`, `grid_dim()`: three `u32` (`.x .y .z`).
    Dim3,
    /// `Complex<T>` while checking (so that `Complex::new(1.0, 2.0)` can take its part type
    /// from context); [`Table::finish`] turns it into [`Scalar::C64`] or [`Scalar::C128`].
    Complex(Box<Ty>),
    Unit,
    /// The type of `return`, `break`, `continue` and of loops without `break`: fits anywhere.
    Never,
    /// A literal's type, not yet known (an index into the [`Table`]).
    Var(usize),
    /// The type of an expression that had an error; unifies with everything.
    Error,
}

impl Ty {
    pub fn of_ref(r: &TypeRef) -> Ty {
        match &r.kind {
            TypeKind::Scalar(s) => Ty::scalar(*s),
            TypeKind::Generic(i) => Ty::Generic(*i),
            TypeKind::Tuple(elems) => Ty::Tuple(elems.iter().map(Ty::of_ref).collect()),
        }
    }

    pub fn of_local(r: &LocalType) -> Ty {
        match r {
            LocalType::Plain(t) => Ty::of_ref(t),
            LocalType::Tuple(elems) => Ty::Tuple(elems.iter().map(Ty::of_local).collect()),
            LocalType::Array(elem, n) => Ty::Array(Box::new(Ty::of_local(elem)), *n),
        }
    }

    /// A dtype as the checker sees it (complex dtypes as `Complex(part)`).
    pub fn scalar(s: Scalar) -> Ty {
        match s.complex_part() {
            Some(p) => Ty::Complex(Box::new(Ty::Scalar(p))),
            None => Ty::Scalar(s),
        }
    }

    pub const BOOL: Ty = Ty::Scalar(Scalar::Bool);
}

/// Where the elements of a slice live, and who may write them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Space {
    /// `&[T]`: global memory, read only.
    Global,
    /// `&mut [T]`: global memory, read and written.
    GlobalMut,
    /// Shared memory of the block (static or dynamic), read and written.
    Shared,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LitKind {
    Int,
    Float,
    /// The result of a `#[device_fn]` call: any type, known from context.
    Any,
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

    /// The end of a chain of bound variables (a loop: chains may be long, e.g. the literals of
    /// a large array literal all joined into one type).
    fn root<'t>(&'t self, mut t: &'t Ty) -> &'t Ty {
        while let Ty::Var(i) = t {
            match &self.vars[*i] {
                VarState::Bound(b) => t = b,
                VarState::Unbound { .. } => break,
            }
        }
        t
    }

    /// Follows bound variables (deeply, through tuples).
    pub fn resolve(&self, t: &Ty) -> Ty {
        let t = self.root(t);
        match t {
            Ty::Tuple(elems) => Ty::Tuple(elems.iter().map(|e| self.resolve(e)).collect()),
            Ty::Array(e, n) => Ty::Array(Box::new(self.resolve(e)), *n),
            Ty::Complex(p) => Ty::Complex(Box::new(self.resolve(p))),
            _ => t.clone(),
        }
    }

    /// The type of a value that is either `a` or `b` (`if`/`else`, `match` arms): `!` gives
    /// way to the other.
    pub fn join(&mut self, a: &Ty, b: &Ty) -> Result<Ty, Mismatch> {
        match (self.resolve(a), self.resolve(b)) {
            (Ty::Never, _) => Ok(b.clone()),
            (_, Ty::Never) => Ok(a.clone()),
            _ => self.unify(a, b).map(|()| a.clone()),
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
            (Ty::Error, _) | (_, Ty::Error) | (Ty::Never, _) | (_, Ty::Never) => Ok(()),
            (Ty::Var(i), Ty::Var(j)) => {
                if i == j {
                    return Ok(());
                }
                match (self.kind(*i), self.kind(*j)) {
                    (Some(LitKind::Any), _) => {
                        self.vars[*i] = VarState::Bound(b.clone());
                        Ok(())
                    }
                    (_, Some(LitKind::Any)) => {
                        self.vars[*j] = VarState::Bound(a.clone());
                        Ok(())
                    }
                    // The newer variable joins the older one, so that joining many literals
                    // one after another (an array literal) keeps chains short.
                    (x, y) if x == y => {
                        let (old, new) = if i < j { (*i, *j) } else { (*j, *i) };
                        self.vars[new] = VarState::Bound(Ty::Var(old));
                        Ok(())
                    }
                    _ => Err(Mismatch::Types),
                }
            }
            (Ty::Var(i), t) | (t, Ty::Var(i)) => {
                let VarState::Unbound { kind, origin } = self.vars[*i].clone() else {
                    return Err(Mismatch::Types);
                };
                let fits = match (kind, t) {
                    (LitKind::Any, _) => true,
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
            (Ty::Array(x, n), Ty::Array(y, m)) if n == m => self.unify(x, y),
            (Ty::Complex(x), Ty::Complex(y)) => self.unify(x, y),
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
                VarState::Unbound {
                    kind: LitKind::Any, ..
                }
                | VarState::Bound(_) => Ty::Error,
            },
            Ty::Tuple(elems) => Ty::Tuple(elems.iter().map(|e| self.finish(e)).collect()),
            Ty::Array(e, n) => Ty::Array(Box::new(self.finish(&e)), n),
            Ty::Complex(p) => match self.finish(&p) {
                Ty::Scalar(s) => s.complex_of().map_or(Ty::Error, Ty::Scalar),
                _ => Ty::Error,
            },
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
            Ty::Array(e, n) => format!("[{}; {n}]", self.show(&e, generics)),
            Ty::Complex(p) => format!("Complex<{}>", self.show(&p, generics)),
            Ty::Slice(e, Space::Global) => format!("&[{}]", self.show(&e, generics)),
            Ty::Slice(e, Space::GlobalMut) => format!("&mut [{}]", self.show(&e, generics)),
            Ty::Slice(e, Space::Shared) => format!("shared [{}]", self.show(&e, generics)),
            Ty::Dim3 => "Dim3".into(),
            Ty::Unit => "()".into(),
            Ty::Never => "!".into(),
            Ty::Var(i) => match self.kind(i) {
                Some(LitKind::Int) => "{integer}".into(),
                Some(LitKind::Any) => "_".into(),
                _ => "{float}".into(),
            },
            Ty::Error => "{unknown}".into(),
        }
    }
}
