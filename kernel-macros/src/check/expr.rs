//! Typing of expressions.

use super::ty::{LitKind, Mismatch, Ty};
use super::Checker;
use crate::diag::Sp;
use crate::parse::ast::{BinOp, Expr, ExprKind, Lit, MatchPat, Method, TypeRef, UnOp};
use crate::parse::methods::{MethodInfo, Recv, Rel};
use crate::scalar::Scalar;

impl Checker<'_> {
    /// Types `e`, records its type and returns it.
    pub(super) fn expr(&mut self, e: &Expr) -> Ty {
        let t = self.expr_inner(e);
        if self.raw {
            self.slice_value(e, &t);
        }
        self.expr_ty[e.id] = Some(t.clone());
        t
    }

    /// The type of `e`. Recursive once per level of nesting: this function dispatches, each
    /// kind is typed by a function of its own, so that the frames on that path stay small
    /// (`nesting` bounds the depth).
    fn expr_inner(&mut self, e: &Expr) -> Ty {
        match &e.kind {
            ExprKind::Lit(l) => self.lit(l, e),
            ExprKind::Var(name) => self.var(name, e),
            ExprKind::Const(s, _) => Ty::scalar(*s),
            ExprKind::Unary(op, x) => self.unary(*op, x, e),
            ExprKind::Binary(op, l, r) => {
                let lt = self.expr(l);
                let rt = self.expr(r);
                self.binary(*op, (&lt, l.sp), (&rt, r.sp), e.sp)
            }
            ExprKind::Assign(op, place, value) => self.assign(*op, place, value, e.sp),
            ExprKind::Cast(x, to) => self.cast(x, to, e.sp),
            ExprKind::Convert(x, to) => self.convert(x, to, e.sp),
            ExprKind::FromBits(s, x) => {
                let t = self.expr(x);
                self.expect(&t, &Ty::Scalar(s.bits_type()), x.sp);
                Ty::Scalar(*s)
            }
            ExprKind::Method(m, name_sp, recv, args) => self.method(*m, *name_sp, recv, args),
            ExprKind::Call(_, args) => self.call(e, args),
            ExprKind::ComplexNew(re, im) => self.complex_new(re, im),
            ExprKind::If(cond, then, otherwise) => self.if_expr(cond, then, otherwise.as_deref()),
            ExprKind::Match(s, arms) => self.match_expr(s, arms),
            ExprKind::While(label, cond, body) => self.while_loop(e, label, cond, body),
            ExprKind::Loop(label, body) => self.loop_expr(e, label, body),
            ExprKind::For(f) => self.for_loop(e, f),
            ExprKind::Break(label, v) => self.jump(e, label, v.as_deref(), true),
            ExprKind::Continue(label) => self.jump(e, label, None, false),
            ExprKind::Return(v) => self.return_expr(e, v.as_deref()),
            ExprKind::Block(b) => self.block(b),
            ExprKind::Tuple(elems) => self.tuple(elems),
            ExprKind::TupleField(t, i) => self.tuple_field(e, t, *i),
            ExprKind::ComplexPart(z, im) => self.complex_part(e, z, *im),
            ExprKind::Array(elems) => self.array(e, elems),
            ExprKind::Repeat(v, n) => {
                let t = self.expr(v);
                self.array_of(t, *n, e.sp)
            }
            ExprKind::Len(x) => self.len(x),
            ExprKind::Axis(d, _) => self.axis(d),
            ExprKind::Intrinsic(i, args) => self.intrinsic(e, i, args),
            ExprKind::Index(a, i) => self.index(a, i),
        }
    }

    fn lit(&mut self, l: &Lit, e: &Expr) -> Ty {
        match l {
            Lit::Bool(_) => Ty::BOOL,
            Lit::Int {
                suffix: Some(s), ..
            }
            | Lit::Float {
                suffix: Some(s), ..
            } => Ty::Scalar(*s),
            Lit::Int { suffix: None, .. } => self.table.fresh(LitKind::Int, e.sp),
            Lit::Float { suffix: None, .. } => self.table.fresh(LitKind::Float, e.sp),
        }
    }

    fn var(&mut self, name: &proc_macro2::Ident, e: &Expr) -> Ty {
        match self.lookup(&name.to_string()) {
            Some(s) => {
                let (b, t) = (s.binding, s.ty.clone());
                self.bindings[e.id] = Some(b);
                t
            }
            None => {
                self.diag
                    .error(e.sp, format!("cannot find value `{name}` in this kernel"));
                Ty::Error
            }
        }
    }

    fn call(&mut self, e: &Expr, args: &[Expr]) -> Ty {
        let tys: Vec<Ty> = args.iter().map(|a| self.expr(a)).collect();
        for (a, t) in args.iter().zip(&tys) {
            self.not_a_slice(a, t, "passed to a device function");
        }
        self.call_literals(&tys);
        self.calls.push((e.sp, e.id));
        let res = self.table.fresh(LitKind::Any, e.sp);
        self.call_guesses.push((res.clone(), tys));
        res
    }

    fn complex_new(&mut self, re: &Expr, im: &Expr) -> Ty {
        let (a, b) = (self.expr(re), self.expr(im));
        self.expect(&b, &a, im.sp);
        let part = self.table.resolve(&a);
        let ok = match &part {
            Ty::Scalar(s) => s.complex_of().is_some(),
            Ty::Var(_) => self.table.var_kind(&part) == Some(LitKind::Float),
            Ty::Error => true,
            _ => false,
        };
        if !ok {
            let msg = format!(
                "complex numbers in kernels have `f32` or `f64` parts, found `{}`",
                self.show(&part)
            );
            self.diag.error(re.sp.to(im.sp), msg);
            return Ty::Error;
        }
        Ty::Complex(Box::new(a))
    }

    fn if_expr(
        &mut self,
        cond: &Expr,
        then: &crate::parse::ast::Block,
        otherwise: Option<&Expr>,
    ) -> Ty {
        let c = self.expr(cond);
        self.condition(&c, cond.sp);
        let t = self.block(then);
        let Some(o) = otherwise else {
            if self.table.unify(&t, &Ty::Unit).is_err() {
                let at = then.tail.as_ref().map_or(then.sp, |t| t.sp);
                self.diag.error(
                    at,
                    "`if` without `else` cannot produce a value; add an `else` branch",
                );
            }
            return Ty::Unit;
        };
        let ot = self.expr(o);
        match self.table.join(&t, &ot) {
            Ok(j) => j,
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

    fn tuple(&mut self, elems: &[Expr]) -> Ty {
        let tys: Vec<Ty> = elems.iter().map(|x| self.expr(x)).collect();
        for (x, t) in elems.iter().zip(&tys) {
            self.not_a_slice(x, t, "put in a tuple");
            if matches!(self.table.resolve(t), Ty::Unit | Ty::Never) {
                self.diag
                    .error(x.sp, "tuple elements must be values in kernels");
            }
        }
        Ty::Tuple(tys)
    }

    fn tuple_field(&mut self, e: &Expr, t: &Expr, i: usize) -> Ty {
        let tt = self.expr(t);
        match self.table.resolve(&tt) {
            Ty::Tuple(elems) if i < elems.len() => elems[i].clone(),
            Ty::Error => Ty::Error,
            other => {
                let msg = format!("no field `{i}` on type `{}`", self.show(&other));
                self.diag.error(e.sp, msg);
                Ty::Error
            }
        }
    }

    fn complex_part(&mut self, e: &Expr, z: &Expr, im: bool) -> Ty {
        let zt = self.expr(z);
        match self.table.resolve(&zt) {
            Ty::Complex(p) => *p,
            Ty::Error => Ty::Error,
            other => {
                let msg = format!(
                    "no field `{}` on type `{}`; `re` and `im` are the parts of complex numbers",
                    if im { "im" } else { "re" },
                    self.show(&other)
                );
                self.diag.error(e.sp, msg);
                Ty::Error
            }
        }
    }

    fn array(&mut self, e: &Expr, elems: &[Expr]) -> Ty {
        let mut t = Ty::Never;
        for x in elems {
            let xt = self.expr(x);
            self.not_a_slice(x, &xt, "put in an array");
            match self.table.join(&t, &xt) {
                Ok(j) => t = j,
                Err(_) => {
                    let msg = format!(
                        "mismatched types: array elements have one type, found `{}` and `{}`",
                        self.show(&t),
                        self.show(&xt)
                    );
                    self.diag.error(x.sp, msg);
                }
            }
        }
        self.array_of(t, elems.len(), e.sp)
    }

    fn index(&mut self, a: &Expr, i: &Expr) -> Ty {
        let at = self.expr(a);
        let it = self.expr(i);
        let r = self.table.resolve(&it);
        if !self.is_int(&r) || matches!(r, Ty::Generic(_)) {
            let msg = format!(
                "arrays are indexed by integers of a concrete type, found `{}`",
                self.show(&r)
            );
            self.diag.error(i.sp, msg);
        }
        match self.table.resolve(&at) {
            Ty::Array(t, _) => *t,
            Ty::Slice(t, _) => {
                self.slice_by_name(a, "index");
                *t
            }
            Ty::Error => Ty::Error,
            other => {
                let msg = format!(
                    "cannot index a value of type `{}`; only fixed-size local arrays can be \
                     indexed (a kernel sees one element of each input array)",
                    self.show(&other)
                );
                self.diag.error(a.sp, msg);
                Ty::Error
            }
        }
    }

    /// The callee's signature is not known here: an unsuffixed literal argument takes the
    /// type of the other arguments of its kind when they agree (`lerp(x, y, 0.5)` with `x: f32`),
    /// else Rust's default. rustc checks the guess on the native twin.
    fn call_literals(&mut self, tys: &[Ty]) {
        for kind in [LitKind::Int, LitKind::Float] {
            let mut typed: Vec<Ty> = Vec::new();
            for t in tys {
                let r = self.table.resolve(t);
                let fits = match &r {
                    Ty::Scalar(s) => match kind {
                        LitKind::Int => s.is_int(),
                        _ => s.is_float() && !s.is_half(),
                    },
                    _ => false,
                };
                if fits && !typed.contains(&r) {
                    typed.push(r);
                }
            }
            if let [t] = typed.as_slice() {
                for a in tys {
                    if self.table.var_kind(a) == Some(kind) {
                        let _ = self.table.unify(a, t);
                    }
                }
            }
        }
    }

    fn array_of(&mut self, t: Ty, n: usize, sp: Sp) -> Ty {
        if matches!(self.table.resolve(&t), Ty::Unit) {
            self.diag
                .error(sp, "array elements must be values in kernels");
        }
        Ty::Array(Box::new(t), n)
    }

    /// Whether `t` is (or may still become) an integer type.
    pub(super) fn is_int(&self, t: &Ty) -> bool {
        match self.table.resolve(t) {
            Ty::Scalar(s) => s.is_int(),
            Ty::Generic(i) => self.caps[i].int,
            Ty::Var(_) => self.table.var_kind(t) == Some(LitKind::Int),
            Ty::Error => true,
            _ => false,
        }
    }

    fn unary(&mut self, op: UnOp, x: &Expr, e: &Expr) -> Ty {
        let t = self.expr(x);
        let r = self.table.resolve(&t);
        let ok = match (op, &r) {
            (_, Ty::Error) => true,
            (UnOp::Neg, Ty::Scalar(s)) => s.is_float() || s.is_signed_int(),
            (UnOp::Neg, Ty::Complex(_)) => true,
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

    /// The type of `l op r`, reporting errors at `sp`.
    pub(super) fn binary(&mut self, op: BinOp, l: (&Ty, Sp), r: (&Ty, Sp), sp: Sp) -> Ty {
        let ((lt, lsp), (rt, rsp)) = (l, r);
        if op.is_logic() {
            self.expect(lt, &Ty::BOOL, lsp);
            self.expect(rt, &Ty::BOOL, rsp);
            return Ty::BOOL;
        }
        if op.is_shift() {
            return self.shift(op, l, r, sp);
        }
        let (lr, rr) = (self.table.resolve(lt), self.table.resolve(rt));
        if matches!(lr, Ty::Complex(_)) || matches!(rr, Ty::Complex(_)) {
            return self.complex_binary(op, (&lr, lsp), (&rr, rsp), sp);
        }
        match self.table.unify(lt, rt) {
            Ok(()) => {}
            Err(Mismatch::Literal { origin, kind, ty }) => {
                self.literal_mismatch(origin, kind, &ty);
                return Ty::Error;
            }
            Err(Mismatch::Types) => {
                let msg = format!(
                    "mismatched types: cannot apply `{}` to `{}` and `{}`; convert one side with `as`",
                    op.symbol(),
                    self.show(lt),
                    self.show(rt)
                );
                self.diag.error(sp, msg);
                return Ty::Error;
            }
        }
        let t = self.table.resolve(lt);
        let var_kind = self.table.var_kind(&t);
        let (ok, need) = match &t {
            Ty::Error | Ty::Never => (true, ""),
            Ty::Scalar(s) if op.is_arith() => (*s != Scalar::Bool, ""),
            Ty::Scalar(s) if op.is_bit() => (*s == Scalar::Bool || s.is_int(), ""),
            Ty::Scalar(_) => (true, ""),
            Ty::Generic(i) if op.is_arith() || op.is_ordering() => (self.caps[*i].num, "Num"),
            Ty::Generic(i) if op.is_bit() => (self.caps[*i].int, "Int"),
            Ty::Generic(_) => (true, ""),
            Ty::Var(_) if op.is_bit() => (var_kind == Some(LitKind::Int), ""),
            // A call's result, known later (rustc checks the operator on the native twin).
            Ty::Var(_) => (true, ""),
            Ty::Tuple(_) | Ty::Unit | Ty::Array(..) | Ty::Complex(_) | Ty::Slice(..) | Ty::Dim3 => {
                (false, "")
            }
        };
        if !ok {
            let msg = match &t {
                Ty::Generic(i) => format!(
                    "cannot apply `{}` to values of type `{1}`; bound `{1}` by `{need}`",
                    op.symbol(),
                    self.generics[*i]
                ),
                Ty::Tuple(_) | Ty::Array(..) => format!(
                    "cannot apply `{}` to values of type `{}`; compare or combine the elements",
                    op.symbol(),
                    self.show(&t)
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

    /// `<<` and `>>`: an integer shifted by an integer of any concrete type.
    fn shift(&mut self, op: BinOp, (lt, _): (&Ty, Sp), (rt, rsp): (&Ty, Sp), sp: Sp) -> Ty {
        let l = self.table.resolve(lt);
        if !self.is_int(&l) {
            let msg = match &l {
                Ty::Generic(i) => format!(
                    "cannot apply `{}` to values of type `{1}`; bound `{1}` by `Int`",
                    op.symbol(),
                    self.generics[*i]
                ),
                _ => format!(
                    "cannot apply `{}` to a value of type `{}`; shifts work on integers",
                    op.symbol(),
                    self.show(&l)
                ),
            };
            self.diag.error(sp, msg);
            return Ty::Error;
        }
        let r = self.table.resolve(rt);
        if !self.is_int(&r) || matches!(r, Ty::Generic(_)) {
            let msg = format!(
                "shift amounts are integers of a concrete type (such as `u32`), found `{}`",
                self.show(&r)
            );
            self.diag.error(rsp, msg);
            return Ty::Error;
        }
        lt.clone()
    }

    /// Complex arithmetic: complex with complex, or with a real of the parts' type.
    fn complex_binary(
        &mut self,
        op: BinOp,
        (l, lsp): (&Ty, Sp),
        (r, rsp): (&Ty, Sp),
        sp: Sp,
    ) -> Ty {
        let allowed = matches!(
            op,
            BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div | BinOp::Eq | BinOp::Ne
        );
        if !allowed {
            let msg = format!(
                "cannot apply `{}` to complex numbers; they support `+ - * /`, `==` and `!=`",
                op.symbol()
            );
            self.diag.error(sp, msg);
            return Ty::Error;
        }
        let (complex, part_side) = match (l, r) {
            (Ty::Complex(_), Ty::Complex(_)) => {
                if let Err(Mismatch::Types) = self.table.unify(l, r) {
                    let msg = format!(
                        "mismatched types: cannot apply `{}` to `{}` and `{}`",
                        op.symbol(),
                        self.show(l),
                        self.show(r)
                    );
                    self.diag.error(sp, msg);
                    return Ty::Error;
                }
                (l.clone(), None)
            }
            (Ty::Complex(_), other) => (l.clone(), Some((other.clone(), rsp))),
            (other, _) => (r.clone(), Some((other.clone(), lsp))),
        };
        if let Some((real, at)) = part_side {
            let Ty::Complex(p) = &complex else {
                return Ty::Error;
            };
            if op.is_equality() || self.table.unify(&real, p).is_err() {
                let msg = format!(
                    "mismatched types: cannot apply `{}` to `{}` and `{}`; a complex number \
                     combines with a complex number or a real of its parts' type",
                    op.symbol(),
                    self.show(l),
                    self.show(r)
                );
                self.diag.error(at, msg);
                return Ty::Error;
            }
        }
        if op.is_equality() {
            Ty::BOOL
        } else {
            complex
        }
    }

    fn assign(&mut self, op: Option<BinOp>, place: &Expr, value: &Expr, sp: Sp) -> Ty {
        let pt = self.expr(place);
        let vt = self.expr(value);
        if let Some(writable) = self.slice_element(place) {
            // A slice's element: `mut` is not needed on the slice's name, `&mut [T]` is.
            if !writable {
                let name = match &place.kind {
                    ExprKind::Index(a, _) => match &a.kind {
                        ExprKind::Var(n) => n.to_string(),
                        _ => String::new(),
                    },
                    _ => String::new(),
                };
                self.diag.error(
                    place.sp,
                    format!(
                        "cannot assign to an element of `{name}`, a `&[T]` slice; declare the \
                         parameter `{name}: &mut [T]`"
                    ),
                );
            }
        } else if matches!(self.table.resolve(&pt), Ty::Slice(..)) {
            self.diag.error(
                place.sp,
                "slices cannot be assigned; assign to their elements (`y[i] = v`)",
            );
        } else if let Some((name, mutable)) = self.place_root(place) {
            if !mutable {
                self.diag.error(
                    place.sp,
                    format!("cannot assign to `{name}`, which is not declared `mut`; write `let mut {name}`"),
                );
            }
        }
        match op {
            None => {
                self.expect(&vt, &pt, value.sp);
            }
            Some(op) => {
                let t = self.binary(op, (&pt, place.sp), (&vt, value.sp), sp);
                if !matches!(self.table.resolve(&t), Ty::Error) {
                    self.expect(&t, &pt, value.sp);
                }
            }
        }
        Ty::Unit
    }

    /// The variable an assignment writes into, and whether it is `mut`.
    fn place_root(&self, e: &Expr) -> Option<(String, bool)> {
        match &e.kind {
            ExprKind::Var(name) => {
                let s = self.lookup(&name.to_string())?;
                Some((name.to_string(), s.mutable))
            }
            ExprKind::Index(a, _) | ExprKind::TupleField(a, _) | ExprKind::ComplexPart(a, _) => {
                self.place_root(a)
            }
            _ => None,
        }
    }

    /// `x.cast::<U>()`: from any dtype (a type parameter too) to any dtype.
    fn convert(&mut self, x: &Expr, to_ref: &TypeRef, sp: Sp) -> Ty {
        let from = self.expr(x);
        if matches!(self.table.resolve(&from), Ty::Var(_)) {
            self.guess_call_results();
        }
        let to = Ty::of_ref(to_ref);
        let source = self.table.resolve(&from);
        let is_dtype = |t: &Ty| matches!(t, Ty::Scalar(_) | Ty::Generic(_) | Ty::Complex(_));
        if !is_dtype(&to) {
            self.diag.error(
                to_ref.sp,
                format!("`cast` converts to a dtype, not to `{}`", self.show(&to)),
            );
            return Ty::Error;
        }
        match &source {
            Ty::Error | Ty::Never => {}
            Ty::Var(_) => {
                self.diag.error(
                    x.sp,
                    "cannot call `cast` on a literal whose type is not known yet; give it a \
                     suffix (`2i32`) or bind it with a type first",
                );
                return Ty::Error;
            }
            t if is_dtype(t) => {}
            other => {
                let msg = format!("cannot `cast` a value of type `{}`", self.show(other));
                self.diag.error(sp, msg);
                return Ty::Error;
            }
        }
        to
    }

    fn cast(&mut self, x: &Expr, to_ref: &TypeRef, sp: Sp) -> Ty {
        let from = self.expr(x);
        if matches!(self.table.resolve(&from), Ty::Var(_)) && literal_kind(x).is_none() {
            self.guess_call_results();
        }
        self.cast_typed(x, from, to_ref, sp)
    }

    fn cast_typed(&mut self, x: &Expr, from: Ty, to_ref: &TypeRef, sp: Sp) -> Ty {
        let to = &Ty::of_ref(to_ref);
        let target = match to {
            Ty::Scalar(s) => *s,
            Ty::Complex(_) => {
                self.diag.error(
                    to_ref.sp,
                    "`as` casts to complex numbers are not supported; write `Complex::new(x, 0.0)` or `x.cast::<c64>()`",
                );
                return Ty::Error;
            }
            Ty::Generic(i) => {
                let msg = format!(
                    "cannot cast to the type parameter `{0}` with `as`; write `x.cast::<{0}>()`",
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
                LitKind::Any => false,
            };
            if fits {
                let _ = self.table.unify(&from, to);
            }
        }
        let source = self.table.resolve(&from);
        let msg = match &source {
            Ty::Error | Ty::Never => None,
            Ty::Scalar(s) if s.is_half() || target.is_half() => Some(format!(
                "`as` casts between `{}` and `{1}` are not supported (the `half` types have no `as` casts in Rust); write `x.cast::<{1}>()`",
                s.name(),
                target.name()
            )),
            Ty::Var(_) if self.table.var_kind(&source) == Some(LitKind::Any) => Some(
                "cannot cast a value whose type is not known yet; bind it with a type first"
                    .into(),
            ),
            Ty::Var(_) if target.is_half() => Some(format!(
                "`as` casts to `{0}` are not supported (the `half` types have no `as` casts in Rust); write `x.cast::<{0}>()`",
                target.name()
            )),
            Ty::Scalar(s) if target == Scalar::Bool && *s != Scalar::Bool => Some(format!(
                "cannot cast `{}` as `bool`; compare instead, e.g. `x != 0`, or write `x.cast::<bool>()`",
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
            Ty::Complex(_) => Some(
                "`as` casts from complex numbers are not supported; take `z.re`, `z.im`, \
                 `z.norm()` or write `z.cast::<f32>()` (the real part)"
                    .into(),
            ),
            Ty::Generic(i) => Some(format!(
                "cannot cast a value of the type parameter `{}` with `as`; write `x.cast::<U>()`",
                self.generics[*i]
            )),
            Ty::Tuple(_) | Ty::Unit | Ty::Array(..) | Ty::Slice(..) | Ty::Dim3 => {
                Some(format!("cannot cast a value of type `{}`", self.show(&source)))
            }
        };
        if let Some(msg) = msg {
            self.diag.error(sp, msg);
            return Ty::Error;
        }
        Ty::Scalar(target)
    }

    fn method(&mut self, m: Method, name_sp: Sp, recv: &Expr, args: &[Expr]) -> Ty {
        // The operands from a small frame (the receiver is the deep side of `x.abs().sqrt()..`).
        let rt = self.expr(recv);
        let arg_tys: Vec<Ty> = args.iter().map(|a| self.expr(a)).collect();
        if matches!(self.table.resolve(&rt), Ty::Var(_)) {
            self.guess_call_results();
        }
        self.method_typed(m, name_sp, args, rt, arg_tys)
    }

    fn method_typed(
        &mut self,
        m: Method,
        name_sp: Sp,
        args: &[Expr],
        rt: Ty,
        arg_tys: Vec<Ty>,
    ) -> Ty {
        let r = self.table.resolve(&rt);
        let name = m.name;
        let found = |want: &dyn Fn(&MethodInfo) -> bool| m.entries().find(|e| want(e));
        let (info, err) = match &r {
            Ty::Error => return Ty::Error,
            Ty::Var(_) => (
                None,
                Some(match self.table.var_kind(&r) {
                    Some(LitKind::Int) => format!(
                        "can't call method `{name}` on an ambiguous integer literal; \
                         give it a suffix such as `2_i32`"
                    ),
                    Some(LitKind::Float) => format!(
                        "can't call method `{name}` on an ambiguous float literal; \
                         give it a suffix such as `2.0_f32`"
                    ),
                    _ => format!(
                        "can't call method `{name}` on a value whose type is not known yet; \
                         bind it with a type first"
                    ),
                }),
            ),
            Ty::Scalar(s) => {
                let s = *s;
                let info = found(&|e| match e.recv {
                    Recv::Float => s.is_float(),
                    Recv::Int => s.is_int(),
                    Recv::SignedInt => s.is_signed_int(),
                    Recv::UnsignedInt => s.is_unsigned_int(),
                    Recv::Complex => false,
                });
                let hint = match m.entries().next().map(|e| e.recv) {
                    Some(Recv::Float) if s.is_int() => {
                        "it is a float method; cast to a float type first"
                    }
                    Some(Recv::Float) => "it is a float method",
                    Some(Recv::SignedInt) => "it is a method of signed integers",
                    Some(Recv::UnsignedInt) => "it is a method of unsigned integers",
                    Some(Recv::Int) => "it is an integer method",
                    _ => "see the methods of each type in the kernel language reference",
                };
                let err = info
                    .is_none()
                    .then(|| format!("method `{name}` is not available on `{}`; {hint}", s.name()));
                (info, err)
            }
            Ty::Complex(_) => {
                let info = found(&|e| e.recv == Recv::Complex);
                let err = info.is_none().then(|| {
                    format!(
                        "method `{name}` is not available on complex numbers; they have norm, \
                         norm_sqr, arg, conj, inv, exp, ln, sqrt, scale, unscale, powf, is_nan, \
                         is_finite, is_infinite"
                    )
                });
                (info, err)
            }
            Ty::Generic(i) => {
                let caps = self.caps[*i];
                let info = found(&|e| {
                    e.generic
                        && match e.recv {
                            Recv::Float => caps.float,
                            Recv::Int => caps.int,
                            _ => false,
                        }
                });
                let g = &self.generics[*i];
                let err = info.is_none().then(|| {
                    let float = m.entries().any(|e| e.recv == Recv::Float && e.generic);
                    let int = m.entries().any(|e| e.recv == Recv::Int && e.generic);
                    if float && !caps.float {
                        format!("method `{name}` needs the bound `Float` on `{g}`")
                    } else if int && !caps.int {
                        format!("method `{name}` needs the bound `Int` on `{g}`")
                    } else {
                        format!(
                            "method `{name}` is not available on the type parameter `{g}`; \
                             use a concrete type"
                        )
                    }
                });
                (info, err)
            }
            Ty::Tuple(_) | Ty::Unit | Ty::Never | Ty::Array(..) | Ty::Slice(..) | Ty::Dim3 => (
                None,
                Some(format!(
                    "method `{name}` is not available on `{}`",
                    self.show(&r)
                )),
            ),
        };
        let Some(info) = info else {
            if let Some(msg) = err {
                self.diag.error(name_sp, msg);
            }
            return Ty::Error;
        };
        let rel = |this: &mut Self, rel: Rel| -> Ty {
            match rel {
                Rel::Same => r.clone(),
                Rel::Bool => Ty::BOOL,
                Rel::I32 => Ty::Scalar(Scalar::I32),
                Rel::U32 => Ty::Scalar(Scalar::U32),
                Rel::Part => match &r {
                    Ty::Complex(p) => this.table.resolve(p),
                    _ => Ty::Error,
                },
                Rel::Bits => match &r {
                    Ty::Scalar(s) => Ty::Scalar(s.bits_type()),
                    _ => Ty::Error,
                },
            }
        };
        for ((a, at), want) in args.iter().zip(&arg_tys).zip(info.args) {
            let want = rel(self, *want);
            self.expect(at, &want, a.sp);
        }
        rel(self, info.ret)
    }

    fn match_expr(&mut self, s: &Expr, arms: &[crate::parse::ast::Arm]) -> Ty {
        let st = self.expr(s);
        let sr = self.table.resolve(&st);
        let ok = match &sr {
            Ty::Scalar(x) => x.is_int() || *x == Scalar::Bool,
            Ty::Var(_) => self.table.var_kind(&sr) == Some(LitKind::Int),
            Ty::Error => true,
            _ => false,
        };
        if !ok {
            let msg = format!(
                "`match` in kernels works on integers of a concrete type and `bool`, found `{}`; \
                 use `if`/`else`",
                self.show(&sr)
            );
            self.diag.error(s.sp, msg);
        }
        let mut t = Ty::Never;
        for arm in arms {
            for p in &arm.pats {
                match p {
                    MatchPat::Wild(_) => {}
                    MatchPat::Lit(x) => {
                        let xt = self.expr(x);
                        self.expect(&xt, &st, x.sp);
                    }
                    MatchPat::Range(lo, hi, _, sp) => {
                        if sr == Ty::BOOL {
                            self.diag
                                .error(*sp, "range patterns need an integer scrutinee");
                        }
                        for x in lo.iter().chain(hi.iter()) {
                            let xt = self.expr(x);
                            self.expect(&xt, &st, x.sp);
                        }
                    }
                }
            }
            if let Some(g) = &arm.guard {
                let gt = self.expr(g);
                self.condition(&gt, g.sp);
            }
            let bt = self.expr(&arm.body);
            match self.table.join(&t, &bt) {
                Ok(j) => t = j,
                Err(_) => {
                    let msg = format!(
                        "`match` arms have different types: `{}` and `{}`",
                        self.show(&t),
                        self.show(&bt)
                    );
                    self.diag.error(arm.body.sp, msg);
                }
            }
        }
        t
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
