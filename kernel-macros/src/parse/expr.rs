//! Expressions: literals, variables, constants, operators, assignment, casts, std methods,
//! device-function calls, `if`, `match`, loops, blocks, tuples and arrays.

use super::ast::{
    Arm, BinOp, Constant, Expr, ExprKind, ForLoop, Label, Lit, MatchPat, Method, UnOp,
};
use super::types::TypeCtx;
use super::{dtype_list, Parser};
use crate::diag::Sp;
use crate::scalar::Scalar;

/// Longest fixed-size local array (its elements live in registers or local memory).
pub(crate) const MAX_ARRAY_LEN: usize = 1 << 16;

impl Parser<'_> {
    /// An expression in statement position: also `return`, `break` and `continue`.
    pub(crate) fn stmt_expr(&mut self, e: &syn::Expr) -> Option<Expr> {
        let e = strip_parens_around_jump(e);
        let sp = Sp::of_expr(e);
        let kind = match e {
            syn::Expr::Return(r) => ExprKind::Return(self.jump_value(&r.expr)?),
            syn::Expr::Break(b) => {
                let label = b.label.as_ref().map(label);
                ExprKind::Break(label, self.jump_value(&b.expr)?)
            }
            syn::Expr::Continue(c) => ExprKind::Continue(c.label.as_ref().map(label)),
            _ => return self.expr(e),
        };
        Some(self.node(kind, sp))
    }

    /// The value of a `return` or `break`, if any.
    fn jump_value(&mut self, v: &Option<Box<syn::Expr>>) -> Option<Option<Box<Expr>>> {
        match v {
            Some(v) => Some(Some(Box::new(self.expr(v)?))),
            None => Some(None),
        }
    }

    fn node(&mut self, kind: ExprKind, sp: Sp) -> Expr {
        Expr {
            id: self.new_expr_id(),
            kind,
            sp,
        }
    }

    /// An expression. The translator's phases recurse once per level of nesting, so each
    /// frame on that path is kept small: this function only dispatches, the work of each kind
    /// is a function of its own (`nesting` bounds the depth).
    pub(crate) fn expr(&mut self, e: &syn::Expr) -> Option<Expr> {
        let e = strip_parens(e);
        let sp = Sp::of_expr(e);
        match e {
            syn::Expr::MethodCall(m) => self.method_call(m, sp),
            syn::Expr::If(i) => self.if_expr(i, sp),
            _ => {
                let kind = self.expr_kind(e, sp)?;
                Some(self.node(kind, sp))
            }
        }
    }

    fn expr_kind(&mut self, e: &syn::Expr, sp: Sp) -> Option<ExprKind> {
        match e {
            syn::Expr::Lit(l) => self.lit(&l.lit).map(ExprKind::Lit),
            syn::Expr::Path(p) => self.path(p, sp),
            syn::Expr::Unary(u) => self.unary(u),
            syn::Expr::Binary(b) => self.binary(b),
            syn::Expr::Assign(a) => self.assign(a),
            syn::Expr::Cast(c) => self.cast(c),
            syn::Expr::Call(c) => self.call(c, sp),
            syn::Expr::Match(m) => self.match_expr(m),
            syn::Expr::While(w) => self.while_expr(w),
            syn::Expr::Loop(l) => self.loop_expr(l),
            syn::Expr::ForLoop(f) => self.for_loop(f),
            syn::Expr::Block(b) => self.block_expr(b),
            syn::Expr::Tuple(t) => self.tuple(t, sp),
            syn::Expr::Field(f) => self.field(f),
            syn::Expr::Index(i) => self.index(i),
            syn::Expr::Array(a) => self.array(a, sp),
            syn::Expr::Repeat(r) => self.repeat(r),
            _ => self.unsupported(e, sp).map(|x| x.kind),
        }
    }

    fn unary(&mut self, u: &syn::ExprUnary) -> Option<ExprKind> {
        let op = match u.op {
            syn::UnOp::Neg(_) => UnOp::Neg,
            syn::UnOp::Not(_) => UnOp::Not,
            _ => {
                return self.fail(
                    Sp::of(&u.op),
                    "dereferencing is not supported in kernels; kernel values are scalars",
                )
            }
        };
        Some(ExprKind::Unary(op, Box::new(self.expr(&u.expr)?)))
    }

    fn binary(&mut self, b: &syn::ExprBinary) -> Option<ExprKind> {
        let (op, compound) = self.bin_op(&b.op)?;
        if compound {
            return self.assign_to(Some(op), &b.left, &b.right);
        }
        let l = self.expr(&b.left);
        let r = self.expr(&b.right);
        match (l, r) {
            (Some(l), Some(r)) => Some(ExprKind::Binary(op, Box::new(l), Box::new(r))),
            _ => None,
        }
    }

    fn assign(&mut self, a: &syn::ExprAssign) -> Option<ExprKind> {
        self.assign_to(None, &a.left, &a.right)
    }

    /// `place = value` or `place op= value`.
    fn assign_to(
        &mut self,
        op: Option<BinOp>,
        place: &syn::Expr,
        value: &syn::Expr,
    ) -> Option<ExprKind> {
        let place = self.place(place);
        let value = self.expr(value);
        match (place, value) {
            (Some(p), Some(v)) => Some(ExprKind::Assign(op, Box::new(p), Box::new(v))),
            _ => None,
        }
    }

    fn cast(&mut self, c: &syn::ExprCast) -> Option<ExprKind> {
        let inner = self.expr(&c.expr);
        let ty = self.type_ref(&c.ty, TypeCtx::Cast);
        match (inner, ty) {
            (Some(x), Some(t)) => Some(ExprKind::Cast(Box::new(x), t)),
            _ => None,
        }
    }

    fn while_expr(&mut self, w: &syn::ExprWhile) -> Option<ExprKind> {
        if let syn::Expr::Let(l) = &*w.cond {
            return self.fail(
                Sp::of(&l.let_token).to(Sp::of(&l.pat)),
                "`while let` is not supported in kernels; use `while` with a condition",
            );
        }
        let cond = self.expr(&w.cond);
        let body = self.block(&w.body);
        Some(ExprKind::While(
            w.label.as_ref().map(|l| label(&l.name)),
            Box::new(cond?),
            body?,
        ))
    }

    fn loop_expr(&mut self, l: &syn::ExprLoop) -> Option<ExprKind> {
        let body = self.block(&l.body)?;
        Some(ExprKind::Loop(
            l.label.as_ref().map(|l| label(&l.name)),
            body,
        ))
    }

    fn block_expr(&mut self, b: &syn::ExprBlock) -> Option<ExprKind> {
        if let Some(l) = &b.label {
            return self.fail(
                Sp::of(l),
                "labeled blocks are not supported in kernels; use a labeled `loop`",
            );
        }
        Some(ExprKind::Block(self.block(&b.block)?))
    }

    fn tuple(&mut self, t: &syn::ExprTuple, sp: Sp) -> Option<ExprKind> {
        let elems = self.exprs(t.elems.iter())?;
        if elems.is_empty() {
            return self.fail(
                sp,
                "`()` is not supported in kernels; kernels compute values",
            );
        }
        Some(ExprKind::Tuple(elems))
    }

    fn index(&mut self, i: &syn::ExprIndex) -> Option<ExprKind> {
        // `a[i as usize]`: kernels index with any integer, so the cast to `usize` (not a
        // dtype) is dropped.
        let index = match &*i.index {
            syn::Expr::Cast(c) if is_usize(&c.ty) => &*c.expr,
            other => other,
        };
        let a = self.expr(&i.expr);
        let x = self.expr(index);
        match (a, x) {
            (Some(a), Some(x)) => Some(ExprKind::Index(Box::new(a), Box::new(x))),
            _ => None,
        }
    }

    fn array(&mut self, a: &syn::ExprArray, sp: Sp) -> Option<ExprKind> {
        if a.elems.len() > MAX_ARRAY_LEN {
            return self.fail(
                sp,
                format!(
                    "arrays in kernels hold at most {MAX_ARRAY_LEN} elements, this one {}",
                    a.elems.len()
                ),
            );
        }
        let elems = self.exprs(a.elems.iter())?;
        if elems.is_empty() {
            return self.fail(sp, "empty arrays are not supported in kernels");
        }
        Some(ExprKind::Array(elems))
    }

    fn repeat(&mut self, r: &syn::ExprRepeat) -> Option<ExprKind> {
        let v = self.expr(&r.expr);
        let n = self.array_len(&r.len)?;
        Some(ExprKind::Repeat(Box::new(v?), n))
    }

    fn exprs<'e>(&mut self, es: impl Iterator<Item = &'e syn::Expr>) -> Option<Vec<Expr>> {
        let mut out = Vec::new();
        let mut ok = true;
        for x in es {
            match self.expr(x) {
                Some(x) => out.push(x),
                None => ok = false,
            }
        }
        ok.then_some(out)
    }

    /// The length of an array type or repeat expression: an integer literal.
    pub(crate) fn array_len(&mut self, e: &syn::Expr) -> Option<usize> {
        let sp = Sp::of(e);
        match e {
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Int(i),
                ..
            }) => match i.base10_parse::<usize>() {
                Ok(0) => self.fail(sp, "arrays of length 0 are not supported in kernels"),
                Ok(n) if n <= MAX_ARRAY_LEN => Some(n),
                _ => self.fail(
                    sp,
                    format!("arrays in kernels hold at most {MAX_ARRAY_LEN} elements"),
                ),
            },
            _ => self.fail(
                sp,
                "array lengths must be integer literals in kernels (const generics are not supported)",
            ),
        }
    }

    /// The left side of an assignment: a variable, an array element, a tuple field or a part
    /// of a complex number.
    fn place(&mut self, e: &syn::Expr) -> Option<Expr> {
        let ok = place_syntax(e);
        if !ok {
            return self.fail(
                Sp::of_expr(e),
                "cannot assign to this expression; assign to a variable, an array element \
                 (`a[i]`), a tuple field (`t.0`) or `z.re`/`z.im`",
            );
        }
        self.expr(e)
    }

    fn field(&mut self, f: &syn::ExprField) -> Option<ExprKind> {
        let base = self.expr(&f.base);
        match &f.member {
            syn::Member::Unnamed(i) => {
                Some(ExprKind::TupleField(Box::new(base?), i.index as usize))
            }
            syn::Member::Named(n) if self.raw && (n == "x" || n == "y" || n == "z") => {
                let axis = if n == "x" {
                    0
                } else if n == "y" {
                    1
                } else {
                    2
                };
                Some(ExprKind::Axis(Box::new(base?), axis))
            }
            syn::Member::Named(n) if n == "re" || n == "im" => {
                Some(ExprKind::ComplexPart(Box::new(base?), n == "im"))
            }
            syn::Member::Named(n) => self.fail(
                Sp::of(n),
                format!(
                    "no field `{n}` in kernels; structs are not supported (complex numbers have \
                     `re` and `im`, tuples `.0`, `.1`, ...)"
                ),
            ),
        }
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
        if let Some(s) = self.raw_alias(suffix) {
            return Some(Some(s));
        }
        match Scalar::from_name(suffix) {
            Some(s) if !s.is_half() && s != Scalar::Bool && !s.is_complex() => Some(Some(s)),
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
        if let Some((s, c)) = constant(&p.path) {
            return Some(ExprKind::Const(s, c));
        }
        let last = p
            .path
            .segments
            .last()
            .map(|s| s.ident.to_string())
            .unwrap_or_default();
        let hint = if self.type_params.iter().any(|t| {
            p.path
                .segments
                .first()
                .is_some_and(|s| s.ident == t.as_str())
        }) {
            "constants of type parameters are not available; pass the value as a parameter"
        } else {
            "kernels know the constants of std (`f32::consts::PI`, `f32::MAX`, `i32::MIN`, \
             `f64::NAN`...); pass other values as parameters"
        };
        self.fail(sp, format!("unknown constant `{last}` in a kernel; {hint}"))
    }

    /// An operator and whether it is the compound assignment form (`+=`).
    fn bin_op(&mut self, op: &syn::BinOp) -> Option<(BinOp, bool)> {
        use syn::BinOp as B;
        Some(match op {
            B::Add(_) => (BinOp::Add, false),
            B::Sub(_) => (BinOp::Sub, false),
            B::Mul(_) => (BinOp::Mul, false),
            B::Div(_) => (BinOp::Div, false),
            B::Rem(_) => (BinOp::Rem, false),
            B::BitAnd(_) => (BinOp::BitAnd, false),
            B::BitOr(_) => (BinOp::BitOr, false),
            B::BitXor(_) => (BinOp::BitXor, false),
            B::Shl(_) => (BinOp::Shl, false),
            B::Shr(_) => (BinOp::Shr, false),
            B::And(_) => (BinOp::And, false),
            B::Or(_) => (BinOp::Or, false),
            B::Eq(_) => (BinOp::Eq, false),
            B::Ne(_) => (BinOp::Ne, false),
            B::Lt(_) => (BinOp::Lt, false),
            B::Le(_) => (BinOp::Le, false),
            B::Gt(_) => (BinOp::Gt, false),
            B::Ge(_) => (BinOp::Ge, false),
            B::AddAssign(_) => (BinOp::Add, true),
            B::SubAssign(_) => (BinOp::Sub, true),
            B::MulAssign(_) => (BinOp::Mul, true),
            B::DivAssign(_) => (BinOp::Div, true),
            B::RemAssign(_) => (BinOp::Rem, true),
            B::BitAndAssign(_) => (BinOp::BitAnd, true),
            B::BitOrAssign(_) => (BinOp::BitOr, true),
            B::BitXorAssign(_) => (BinOp::BitXor, true),
            B::ShlAssign(_) => (BinOp::Shl, true),
            B::ShrAssign(_) => (BinOp::Shr, true),
            _ => return self.fail(Sp::of(op), "this operator is not supported in kernels"),
        })
    }

    fn method_call(&mut self, m: &syn::ExprMethodCall, sp: Sp) -> Option<Expr> {
        if m.method == "step_by" {
            return self.fail(
                Sp::of(&m.method),
                "`step_by` is only supported on the range of a `for` loop: \
                 `for i in (a..b).step_by(k)`",
            );
        }
        // The receiver first (the deep side of a chain `x.abs().sqrt()...`), from a small frame.
        let receiver = self.expr(&m.receiver);
        self.method_on(m, receiver, sp)
    }

    /// The rest of a method call, once its receiver is parsed.
    fn method_on(
        &mut self,
        m: &syn::ExprMethodCall,
        receiver: Option<Expr>,
        sp: Sp,
    ) -> Option<Expr> {
        let name_sp = Sp::of(&m.method);
        let name = m.method.to_string();
        if name == "cast" {
            return self.convert(m, receiver, name_sp, sp);
        }
        if self.raw && name == "len" && m.args.is_empty() && m.turbofish.is_none() {
            let receiver = receiver?;
            return Some(self.node(ExprKind::Len(Box::new(receiver)), sp));
        }
        let method = match Method::from_name(&name) {
            Some(method) => Some(method),
            None => {
                let hint = Method::hint_for(&name).unwrap_or(
                    "see the methods listed in the kernel language reference (LANGUAGE.md)",
                );
                self.fail(
                    name_sp,
                    format!("method `{name}` has no CUDA counterpart in kernels; {hint}"),
                )
            }
        };
        if let Some(t) = &m.turbofish {
            self.diag.error(
                Sp::of(t),
                "generic arguments on methods are not supported in kernels",
            );
        }
        let args = self.exprs(m.args.iter());
        let method = method?;
        let receiver = receiver?;
        let args = args?;
        if m.turbofish.is_some() {
            return None;
        }
        if args.len() != method.arity() {
            let s = if method.arity() == 1 { "" } else { "s" };
            return self.fail(
                name_sp.to(sp),
                format!(
                    "method `{name}` takes {} argument{s}, found {}",
                    method.arity(),
                    args.len()
                ),
            );
        }
        Some(self.node(
            ExprKind::Method(method, name_sp, Box::new(receiver), args),
            sp,
        ))
    }

    /// `x.cast::<U>()`: exactly one type argument, no arguments.
    fn convert(
        &mut self,
        m: &syn::ExprMethodCall,
        receiver: Option<Expr>,
        name_sp: Sp,
        sp: Sp,
    ) -> Option<Expr> {
        let hint = "write `x.cast::<U>()` with one target dtype, e.g. `x.cast::<f16>()`";
        let ty = match m.turbofish.as_ref().map(|t| (t, t.args.len())) {
            Some((t, 1)) => match &t.args[0] {
                syn::GenericArgument::Type(ty) => self.type_ref(ty, TypeCtx::Cast),
                other => self.fail(Sp::of(other), format!("expected a dtype; {hint}")),
            },
            Some((t, _)) => self.fail(Sp::of(t), format!("`cast` takes one type argument; {hint}")),
            None => self.fail(name_sp, format!("`cast` needs its target type; {hint}")),
        };
        if !m.args.is_empty() {
            return self.fail(
                Sp::of(&m.args),
                format!("`cast` takes no arguments; {hint}"),
            );
        }
        Some(self.node(ExprKind::Convert(Box::new(receiver?), ty?), sp))
    }

    /// `Complex::new(re, im)` or a call of a `#[device_fn]`.
    fn call(&mut self, c: &syn::ExprCall, sp: Sp) -> Option<ExprKind> {
        let func_sp = Sp::of(&c.func);
        let path = match &*c.func {
            syn::Expr::Path(p) if p.qself.is_none() => &p.path,
            syn::Expr::Paren(_) | syn::Expr::Closure(_) => {
                return self.fail(func_sp, "closures are not supported in kernels");
            }
            _ => {
                return self.fail(
                    func_sp,
                    "only functions marked #[device_fn] can be called in kernels",
                )
            }
        };
        if self.raw {
            if let Some(intrinsic) = self.intrinsic_call(c, path, sp) {
                return intrinsic;
            }
        } else if let Some(last) = path.segments.last() {
            let name = last.ident.to_string();
            if super::ast::Intrinsic::from_name(&name).is_some()
                || matches!(name.as_str(), "shared_array" | "dyn_shared")
            {
                return self.fail(
                    func_sp,
                    format!("`{name}` is an intrinsic of raw kernels; use it in a #[raw_kernel]"),
                );
            }
        }
        let names: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
        let first = names.first().map(String::as_str).unwrap_or("");
        let last = names.last().map(String::as_str).unwrap_or("");
        let args = self.exprs(c.args.iter());
        if last == "from_bits" && names.len() == 2 {
            if let Some(s) = Scalar::from_name(first).filter(|s| s.is_float()) {
                let mut args = args?;
                if args.len() != 1 {
                    return self.fail(
                        sp,
                        format!(
                            "`{first}::from_bits` takes 1 argument, found {}",
                            args.len()
                        ),
                    );
                }
                return Some(ExprKind::FromBits(s, Box::new(args.remove(0))));
            }
        }
        if last == "new" && names.len() >= 2 {
            let ty = names[names.len() - 2].as_str();
            if matches!(ty, "Complex" | "c64" | "c128") {
                let mut args = args?;
                if args.len() != 2 {
                    return self.fail(
                        sp,
                        format!(
                            "`{ty}::new` takes 2 arguments (re, im), found {}",
                            args.len()
                        ),
                    );
                }
                let im = args.pop()?;
                let re = args.pop()?;
                return Some(ExprKind::ComplexNew(Box::new(re), Box::new(im)));
            }
        }
        let std_root = matches!(first, "std" | "core" | "alloc");
        let msg = if HEAP_CTORS.contains(&first) {
            Some(format!(
                "heap types such as `{first}` are not supported in kernels; kernels compute on \
                 scalars"
            ))
        } else if matches!(first, "Some" | "None" | "Ok" | "Err") {
            Some(format!(
                "`{first}` is not supported in kernels; `Option` and `Result` have no CUDA \
                 counterpart"
            ))
        } else if Scalar::from_name(first).is_some() && names.len() == 2 {
            Some(format!(
                "`{first}::{last}(..)` is not supported in kernels; call it as a method: \
                 `x.{last}(..)`"
            ))
        } else if std_root {
            Some(
                "functions of std are not available in kernels; use the methods of the \
                  dtypes (`x.sqrt()`) or a #[device_fn]"
                    .to_string(),
            )
        } else if path.segments.len() == 1 && self.kernel_name.as_deref() == Some(last) {
            Some(
                "recursion is not supported in kernels (the GPU has no call stack to \
                  grow); write a loop"
                    .to_string(),
            )
        } else if first.chars().next().is_some_and(|c| c.is_ascii_uppercase())
            && path.segments.len() == 1
        {
            Some(format!(
                "`{first}(..)` looks like a tuple struct or variant; structs and enums are not \
                 supported in kernels"
            ))
        } else {
            None
        };
        if let Some(msg) = msg {
            return self.fail(func_sp, msg);
        }
        for seg in &path.segments {
            if let syn::PathArguments::Parenthesized(_) = seg.arguments {
                return self.fail(func_sp, "this call is not supported in kernels");
            }
        }
        let args = args?;
        // The callee's module, for its CUDA C: the path without a turbofish.
        let mut bare = path.clone();
        if let Some(last) = bare.segments.last_mut() {
            last.arguments = syn::PathArguments::None;
        }
        let key = quote::quote!(#bare).to_string();
        if !self.calls.iter().any(|(k, _)| *k == key) {
            self.calls.push((key, bare));
        }
        Some(ExprKind::Call(path.clone(), args))
    }

    fn if_expr(&mut self, i: &syn::ExprIf, sp: Sp) -> Option<Expr> {
        let cond = match &*i.cond {
            syn::Expr::Let(l) => self.fail(
                Sp::of(&l.let_token).to(Sp::of(&l.pat)),
                "`if let` is not supported in kernels; compare values instead",
            ),
            c => self.expr(c),
        };
        let then = self.block(&i.then_branch);
        let otherwise = match &i.else_branch {
            None => Some(None),
            Some((_, e)) => self.expr(e).map(|e| Some(Box::new(e))),
        };
        Some(self.node(ExprKind::If(Box::new(cond?), then?, otherwise?), sp))
    }

    fn match_expr(&mut self, m: &syn::ExprMatch) -> Option<ExprKind> {
        let scrutinee = self.expr(&m.expr);
        let mut arms = Vec::new();
        let mut ok = true;
        for arm in &m.arms {
            let pats = self.match_pats(&arm.pat);
            let guard = match &arm.guard {
                Some((_, g)) => self.expr(g).map(Some),
                None => Some(None),
            };
            let body = self.stmt_expr(&arm.body);
            match (pats, guard, body) {
                (Some(pats), Some(guard), Some(body)) => arms.push(Arm { pats, guard, body }),
                _ => ok = false,
            }
        }
        if !ok {
            return None;
        }
        if arms.is_empty() {
            return self.fail(
                Sp::of(&m.match_token),
                "a `match` without arms is not supported in kernels",
            );
        }
        Some(ExprKind::Match(Box::new(scrutinee?), arms))
    }

    fn match_pats(&mut self, p: &syn::Pat) -> Option<Vec<MatchPat>> {
        match p {
            syn::Pat::Or(o) => {
                let mut out = Vec::new();
                let mut ok = true;
                for c in &o.cases {
                    match self.match_pats(c) {
                        Some(v) => out.extend(v),
                        None => ok = false,
                    }
                }
                ok.then_some(out)
            }
            syn::Pat::Paren(pp) => self.match_pats(&pp.pat),
            syn::Pat::Wild(w) => Some(vec![MatchPat::Wild(Sp::of(w))]),
            syn::Pat::Lit(l) => Some(vec![MatchPat::Lit(Box::new(self.pat_value(l)?))]),
            syn::Pat::Path(path) => {
                let e = syn::Expr::Path(path.clone());
                Some(vec![MatchPat::Lit(Box::new(self.pat_bound(&e)?))])
            }
            syn::Pat::Range(r) => {
                let sp = Sp::of(r);
                let lo = match &r.start {
                    Some(s) => Some(Box::new(self.pat_bound(s)?)),
                    None => None,
                };
                let hi = match &r.end {
                    Some(s) => Some(Box::new(self.pat_bound(s)?)),
                    None => None,
                };
                let inclusive = matches!(r.limits, syn::RangeLimits::Closed(_));
                Some(vec![MatchPat::Range(lo, hi, inclusive, sp)])
            }
            syn::Pat::Ident(id) if id.subpat.is_none() => self.fail(
                Sp::of(id),
                format!(
                    "bindings in `match` patterns are not supported in kernels; use `_` and \
                     the scrutinee (or a constant such as `i32::MAX` instead of `{}`)",
                    id.ident
                ),
            ),
            _ => self.fail(
                Sp::of(p),
                "this pattern is not supported in kernels; `match` takes integer and `bool` \
                 literals, ranges (`1..=5`), `_` and `|`",
            ),
        }
    }

    /// A literal in a pattern (`3`, `-1`, `true`).
    fn pat_value(&mut self, l: &syn::ExprLit) -> Option<Expr> {
        let sp = Sp::of(l);
        let neg = match &l.lit {
            syn::Lit::Int(i) => i.base10_digits().starts_with('-'),
            syn::Lit::Float(f) => f.base10_digits().starts_with('-'),
            _ => false,
        };
        if neg {
            // syn keeps the minus in the digits: parse the magnitude.
            let text = quote::quote!(#l).to_string();
            let positive: syn::Lit = syn::parse_str(text.trim_start_matches(['-', ' '])).ok()?;
            let lit = self.lit(&positive)?;
            let inner = self.node(ExprKind::Lit(lit), sp);
            return Some(self.node(ExprKind::Unary(UnOp::Neg, Box::new(inner)), sp));
        }
        let lit = self.lit(&l.lit)?;
        if matches!(lit, Lit::Float { .. }) {
            return self.fail(
                sp,
                "float patterns are not supported; compare with `<` instead",
            );
        }
        Some(self.node(ExprKind::Lit(lit), sp))
    }

    fn pat_bound(&mut self, e: &syn::Expr) -> Option<Expr> {
        match e {
            syn::Expr::Lit(l) => self.pat_value(l),
            syn::Expr::Path(p) if constant(&p.path).is_some() => self.expr(e),
            _ => self.fail(
                Sp::of(e),
                "pattern bounds must be literals or constants such as `i32::MAX`",
            ),
        }
    }

    fn for_loop(&mut self, f: &syn::ExprForLoop) -> Option<ExprKind> {
        let var = self.pattern(&f.pat, true);
        let (range, step) = match &*f.expr {
            syn::Expr::MethodCall(m) if m.method == "step_by" => {
                if m.args.len() != 1 {
                    return self.fail(Sp::of(&m.method), "`step_by` takes 1 argument");
                }
                (&*m.receiver, Some(&m.args[0]))
            }
            e => (e, None),
        };
        let range = strip_parens(range);
        let syn::Expr::Range(r) = range else {
            return self.fail(
                Sp::of_expr(&f.expr),
                "`for` loops in kernels run over integer ranges: `a..b`, `a..=b`, \
                 `(a..b).step_by(k)`",
            );
        };
        let (Some(start), Some(end)) = (&r.start, &r.end) else {
            return self.fail(
                Sp::of(r),
                "open ranges are not supported in `for` loops in kernels; give both ends",
            );
        };
        let start = self.expr(start);
        let end = self.expr(end);
        let step = match step {
            Some(s) => Some(self.expr(s)?),
            None => None,
        };
        let body = self.block(&f.body);
        Some(ExprKind::For(Box::new(ForLoop {
            label: f.label.as_ref().map(|l| label(&l.name)),
            var: var?,
            start: start?,
            end: end?,
            inclusive: matches!(r.limits, syn::RangeLimits::Closed(_)),
            step,
            body: body?,
        })))
    }

    /// Every expression outside the language, with the smallest span at fault.
    fn unsupported(&mut self, e: &syn::Expr, sp: Sp) -> Option<Expr> {
        let (sp, msg): (Sp, String) = match e {
            syn::Expr::Closure(c) => (
                Sp::of(&c.or1_token).to(Sp::of(&c.or2_token)),
                "closures are not supported in kernels; write the body inline or use a \
                 #[device_fn]"
                    .into(),
            ),
            syn::Expr::Macro(m) => {
                self.macro_call(&m.mac);
                return None;
            }
            syn::Expr::Unsafe(u) => (
                Sp::of(&u.unsafe_token),
                "unsafe blocks are not supported in kernels".into(),
            ),
            syn::Expr::Reference(r) if self.raw => (
                Sp::of(&r.and_token).to(Sp::of(&r.expr)),
                "references are not supported here; a raw kernel writes `&` only before the \
                 target of an atomic: `atomic_add(&bins, i, v)`"
                    .into(),
            ),
            syn::Expr::Reference(r) => (
                Sp::of(&r.and_token).to(Sp::of(&r.expr)),
                "references are not supported in kernels; kernel values are scalars".into(),
            ),
            syn::Expr::Return(_) | syn::Expr::Break(_) | syn::Expr::Continue(_) => (
                sp,
                "`return`, `break` and `continue` are supported as statements, not inside \
                 other expressions"
                    .into(),
            ),
            syn::Expr::Struct(_) => (sp, "struct expressions are not supported in kernels".into()),
            syn::Expr::Range(_) => (
                sp,
                "ranges are only supported as the range of a `for` loop in kernels".into(),
            ),
            syn::Expr::Try(t) => (
                Sp::of(&t.question_token),
                "the `?` operator is not supported in kernels".into(),
            ),
            syn::Expr::Async(a) => (
                Sp::of(&a.async_token),
                "async code is not supported in kernels".into(),
            ),
            syn::Expr::Await(a) => (
                Sp::of(&a.await_token),
                "async code is not supported in kernels".into(),
            ),
            syn::Expr::Let(_) => (sp, "`let` expressions are not supported in kernels".into()),
            syn::Expr::TryBlock(_) => (sp, "`try` blocks are not supported in kernels".into()),
            syn::Expr::Yield(_) => (sp, "`yield` is not supported in kernels".into()),
            syn::Expr::Const(_) => (sp, "`const` blocks are not supported in kernels".into()),
            _ => (sp, "this expression is not supported in kernels".into()),
        };
        self.fail(sp, msg)
    }
}

const HEAP_CTORS: &[&str] = &[
    "Vec", "String", "Box", "Rc", "Arc", "VecDeque", "HashMap", "HashSet", "BTreeMap", "BTreeSet",
];

fn label(l: &syn::Lifetime) -> Label {
    Label {
        name: l.ident.to_string(),
        sp: Sp::of(l),
    }
}

fn is_jump(e: &syn::Expr) -> bool {
    matches!(
        e,
        syn::Expr::Return(_) | syn::Expr::Break(_) | syn::Expr::Continue(_)
    )
}

fn is_usize(t: &syn::Type) -> bool {
    matches!(t, syn::Type::Path(p) if p.qself.is_none() && p.path.is_ident("usize"))
}

/// `e` without the parentheses (and invisible groups) around it.
fn strip_parens(mut e: &syn::Expr) -> &syn::Expr {
    loop {
        e = match e {
            syn::Expr::Paren(p) => &p.expr,
            syn::Expr::Group(g) => &g.expr,
            _ => return e,
        };
    }
}

/// `(return x)`, `((break))`: the jump inside the parentheses; any other expression as it is.
fn strip_parens_around_jump(e: &syn::Expr) -> &syn::Expr {
    let inner = strip_parens(e);
    if is_jump(inner) {
        inner
    } else {
        e
    }
}

/// Whether `e` can be assigned to: `x`, `a[i]`, `t.0`, `z.re`, and nestings of those.
fn place_syntax(mut e: &syn::Expr) -> bool {
    loop {
        e = match e {
            syn::Expr::Path(p) => return p.qself.is_none() && p.path.get_ident().is_some(),
            syn::Expr::Paren(p) => &p.expr,
            syn::Expr::Index(i) => &i.expr,
            syn::Expr::Field(f) => &f.base,
            _ => return false,
        };
    }
}

/// A constant of std named by `path`: `f32::MAX`, `f64::consts::PI`, `std::f32::consts::E`,
/// `i32::MIN`, `f16::INFINITY`.
pub(crate) fn constant(path: &syn::Path) -> Option<(Scalar, Constant)> {
    if path.segments.iter().any(|s| !s.arguments.is_none()) {
        return None;
    }
    let mut names: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
    if matches!(names.first().map(String::as_str), Some("std" | "core")) {
        names.remove(0);
    }
    let s = Scalar::from_name(names.first()?)?;
    match names.as_slice() {
        [_, name] => Constant::assoc(s, name).map(|c| (s, c)),
        [_, consts, name] if consts == "consts" && s.is_float() && !s.is_half() => Constant::MATH
            .iter()
            .find(|(n, _)| n == name)
            .map(|&(n, v)| (s, Constant::Math(n, v))),
        _ => None,
    }
}
